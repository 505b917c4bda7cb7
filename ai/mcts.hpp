// The MCTS agent: UCT over decision nodes, sampled chance nodes, determinised once per iteration.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "ai/agent.hpp"

namespace carroccio::ai {

struct MctsParams {
  // iters: iterations per decision (used when ms is 0); a ruleset may suggest its own default
  // (Game::default_search_iterations, 50 for bma).
  std::int64_t iterations = 200;
  std::int64_t milliseconds = 0;  // ms: a time budget per decision instead (not reproducible)
  double exploration = 0.2;       // c: UCT exploration constant (evaluations differ by ~0.1)
  int rollout = 0;                // rollout: random steps played before evaluating a leaf
  // prior: when a decision node is expanded, each child is scored once by State::evaluate()
  // and starts with this many virtual visits at that value (progressive bias); 0 = off, and
  // then every child is tried once before UCT compares them.
  int prior = 4;
  // reuse: keep the subtree of the chosen action when the side decides again straight after
  // (1, the default) or start every decision from an empty tree (0).
  bool reuse = true;
  // seed: before the search, each of the root's actions gets this many virtual visits at its
  // evaluation for the side (State::evaluate() after it; after an action that leaves the
  // evaluation unchanged, such as picking a unit before its hex, the best evaluation one own
  // decision further). It steers the budget toward the moves the evaluation likes; 0 = off.
  int seed = 0;
  // chance: when a leaf is reached through chance nodes (dice, draws) met since the last
  // decision, its value is not the evaluation of the one sampled outcome but the expectation
  // over the first of those chance nodes: each outcome weighed exactly when there are at most
  // this many, else this many sampled by weight (later chance nodes sampled once each); 0 = off,
  // the sampled leaf's evaluation.
  int chance = 0;
  // forced: a decision node with a single action open (bookkeeping the side cannot choose) is
  // not a leaf: it is expanded when first met and the descent goes on through it, so a budget
  // is not spent one iteration per forced step before the search sees past it (0 = off).
  bool forced = false;
  // strat: at a chance node the outcome followed is not drawn at random but the one whose
  // visits lag furthest behind its share of the weight (ties to the first listed), so the
  // values backed up through the node weigh its outcomes by their probabilities after far
  // fewer visits than sampling needs (stratified, quasi-random sampling); 0 = off, sampled.
  bool stratify = false;
  // norm: UCT compares children on their means rescaled to [0, 1] by the smallest and largest
  // mean among the node's visited children, so `exploration` is relative to the spread the
  // search actually sees, whatever the evaluation's scale (as MuZero rescales by the tree's
  // minimum and maximum); 0 = off, raw means.
  bool normalise = false;
  // widen: sparse sampling at chance nodes. A chance node draws its outcomes by weight only
  // until it has drawn this many times; from then on it follows one of the outcomes already
  // drawn, each as often as it was drawn (their empirical distribution, an unbiased estimate of
  // the true one), so the visits below a chance node are shared by at most this many subtrees
  // and the search can go deeper after dice instead of meeting a fresh outcome (a leaf) almost
  // every time; 0 = off, every visit draws afresh.
  int widen = 0;
  // final: how the root's action is chosen after the search. 0 (the default): the most
  // visited child (ties to the better mean). 1: the child with the best lower confidence bound
  // mean - lcb / sqrt(n), n its visits with the prior's virtual visits (lcb = 0: the best
  // mean). When UCT cannot tell the children apart (their means differ by less than the
  // exploration term) the visits spread nearly evenly and the most visited child is decided by
  // noise; the mean says which child the search found best.
  int final = 0;
  double lcb = 0;  // lcb: the penalty k of `final=1` (0 = the mean alone)
  // chain: how a node where the side that chose it decides again (its own next step, with no
  // chance and no other side in between: a unit, then its hex; one unit's move, then the next)
  // is valued. 0: the mean of every value backed up through it, which averages in the
  // exploration of the side's own poorer options, so acting (a chain of own decisions, each
  // explored) looks worse than passing (one continuation) the more the search explores. 1:
  // the best of its children's values (each valued the same way; a chance node, another side's
  // decision and a leaf keep their mean): the side's own consecutive choices are maxed over,
  // only the dice and the other sides are averaged.
  bool chain = false;
  // pw: progressive widening of decision nodes (session 13). At a node visited n times only the
  // best ceil(pw * sqrt(n + 1)) of its children compete in UCT, ranked by their current value
  // for the side choosing (with priors, every child has one from its expansion; ties: more
  // visits, then the shuffled order); a child not yet visited at all (no priors, or an action
  // another determinisation did not have) is still tried first. With 20-60 hexes a unit and a
  // budget of 50-200 iterations, UCT at c = 0.2 otherwise spreads the visits over all of them
  // and the tree never leaves the first few steps of the side's own move; widening spends the
  // budget on the few the evaluation likes, so the tree goes deeper. 0 = off (all compete).
  int pw = 0;
};

// Search statistics of the last decision (for tests, benchmarks and curious people).
struct MctsStats {
  std::int64_t iterations = 0;
  std::int64_t nodes = 0;
  std::int64_t determinisations = 0;  // calls of State::resample_hidden
  std::int64_t reused_visits = 0;     // visits of the root kept from the previous decision
};

// Monte Carlo tree search over the game interface. Each iteration determinises the position
// through State::resample_hidden(side) — so the search never sees what the side could not —
// then descends: at a decision node UCT picks among the children (each unvisited child first,
// in an order shuffled by the agent's generator), at a chance node an outcome is sampled by its
// integer weight and followed (children are keyed by outcome). A newly reached decision node
// is scored by State::evaluate() (after `rollout` random steps if asked), a terminal one by
// returns(); the vector of per-side values is backed up, each node keeping the value of the
// side that chose the action leading to it. The root's most visited action is played. Nodes
// live in one pool reused across decisions. When the side decides again straight after its own
// decision (no chance and no other side in between), the subtree under the action it chose is
// kept as the new root, so the budget of one step of a compound move is not lost on the next.
class MctsAgent final : public Agent {
 public:
  MctsAgent(game::Player side, MctsParams params, std::string name);
  std::string name() const override { return name_; }
  game::Action choose(const game::State& state, core::Rng& rng) override;
  const MctsStats& last_stats() const { return stats_; }
  // The root's children after the last decision, most visited first: mean value for the side
  // (priors and seeds included, as the search weighed them) and visits.
  Explanation explain(std::size_t limit) const override;

 private:
  struct Node {
    game::Action action = game::kInvalidAction;
    std::int32_t first_child = -1;
    std::int32_t next_sibling = -1;
    std::uint32_t visits = 0;
    double value = 0;                          // sum of the returns of `mover`
    game::Player mover = game::kChancePlayer;  // who chose `action` (chance for outcomes)
    bool expanded = false;
    bool reached = false;     // met once as a leaf (expanded when met again)
    std::uint32_t draws = 0;  // an outcome (with `widen`): times its chance node drew it
    // With `chain`: the value of `mover` the search uses (select, final choice, explain): the
    // mean, or for an own-chain node (expanded, its children chosen by `mover` too) the best of
    // its children's.
    double q = 0;
    bool own_chain = false;  // expanded with children chosen by the same side as `mover`
  };
  // The value of `mover` at node n as the search weighs it (n.visits > 0).
  double q(const Node& n) const { return params_.chain ? n.q : n.value / n.visits; }
  // With `chain`: recomputes n.q after n's visits or value or its children's changed.
  void update_q(Node& n);

  void iterate(const game::State& root, core::Rng& rng);
  std::int32_t add_child(std::int32_t parent, game::Action action, game::Player mover);
  std::int32_t select(std::int32_t node, bool filter, std::size_t* matched);
  void evaluate_leaf(game::State& state, core::Rng& rng);
  // The outcome at chance node `node` whose visits lag furthest behind its share of the weight
  // (outcomes_ holds the node's outcomes).
  game::Action stratified_outcome(std::int32_t node) const;
  // With `widen`: the child of chance node `node` to follow (drawn afresh while the node has
  // drawn fewer than `widen` times, else among its children by their draws), added if new.
  std::int32_t sparse_outcome(std::int32_t node, core::Rng& rng);
  // The expectation of evaluate() (or returns()) over the chance outcomes of `state` (a chance
  // node), into result_.
  void expected_leaf(const game::State& state, core::Rng& rng);
  void expand(std::int32_t node, const game::State& state, game::Player mover, core::Rng& rng);
  bool reuse_subtree(const game::State& state);
  // The root's child to play: the most visited, or with `final=1` the best lower bound.
  std::int32_t final_choice() const;
  void seed_root(const game::State& state, core::Rng& rng);
  double judge(const game::State& state) const;
  void remember_choice(const game::State& state, std::int32_t chosen);

  game::Player side_;
  MctsParams params_;
  std::string name_;
  MctsStats stats_;
  std::vector<Node> pool_;
  std::vector<std::int32_t> path_;
  std::vector<game::Action> legal_;
  std::vector<game::Action> look_;
  std::vector<game::ChanceOutcome> outcomes_;
  std::vector<double> result_;
  std::vector<double> sum_;
  std::vector<game::ChanceOutcome> first_outcomes_;
  // Tree reuse between consecutive decisions of the side (the atomic steps of one move: a unit,
  // then its hex): the state the chosen action led to, as canonical text, and the chosen
  // child's index; the next decision keeps that subtree if it is asked about exactly that state.
  std::string next_root_text_;
  std::int32_t next_root_ = -1;
  std::vector<Node> spare_;
  std::vector<std::pair<std::int32_t, std::int32_t>> copy_stack_;
  // With `pw`: the children of the node being selected from, ranked, and the ones kept.
  std::vector<std::pair<std::int32_t, std::int32_t>> pw_rank_;
  std::vector<std::int32_t> pw_keep_;
  game::Action last_choice_ = game::kInvalidAction;
  Candidate single_;  // the account of a decision with one action open
};

// Parses a decimal parameter (e.g. c=1.4) in [lo, hi]; one sentence if malformed.
core::Expected<double> double_param(const AgentSpec& spec, const std::string& key, double fallback,
                                    double lo, double hi);

}  // namespace carroccio::ai
