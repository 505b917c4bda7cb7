// The heuristic agent: a shallow expectimax over the ruleset's own evaluation.
#pragma once

#include <deque>
#include <memory>
#include <vector>

#include "ai/agent.hpp"

namespace carroccio::ai {

struct HeuristicParams {
  // How many of the side's own consecutive decisions that change the evaluation are searched.
  // Decisions that leave it unchanged (in bma: pick a unit before its hex, a target before its
  // attackers, activate a leader) cost no depth, so 1 already sees each whole move.
  int depth = 1;
  // Leaves spent on the chance outcomes that follow a decision before the next decision node:
  // a chance node with at most this many outcomes is expanded exactly (the budget shared among
  // them), a wider one is sampled this many times by weight with the agent's generator.
  int samples = 4;
  // Upper bound on states visited per decision (depth x branching can be large); once spent,
  // the remaining candidates are scored by State::evaluate() directly.
  int max_nodes = 400;
};

// Picks the action whose expected evaluation (State::evaluate() of the deciding side, or the
// returns at a terminal state) is highest; ties are broken by the agent's generator. Knows no
// ruleset: all judgement is in the ruleset's evaluate().
class HeuristicAgent final : public Agent {
 public:
  HeuristicAgent(game::Player side, HeuristicParams params, std::string name);
  std::string name() const override { return name_; }
  game::Action choose(const game::State& state, core::Rng& rng) override;
  // Every root action of the last decision, best first: its expected evaluation for the side
  // and the positions visited to judge it.
  Explanation explain(std::size_t limit) const override;

 private:
  double expected(const game::State& state, int samples, core::Rng& rng);
  double best(const game::State& state, double here, int depth, core::Rng& rng,
              std::vector<game::Action>* best_actions);
  double leaf(const game::State& state);

  game::Player side_;
  HeuristicParams params_;
  std::string name_;
  int nodes_ = 0;
  std::size_t level_ = 0;           // depth of the current chain of chance nodes
  std::size_t decision_level_ = 0;  // depth of the current chain of own decisions
  std::deque<std::vector<game::Action>>
      legal_;  // one per decision level (deque: stable references)
  std::deque<std::vector<game::ChanceOutcome>> outcomes_;  // one per chance level
  std::vector<game::Action> root_legal_;
  std::vector<game::Action> best_;
  std::vector<Candidate> root_values_;  // of the last decision
  game::Action last_choice_ = game::kInvalidAction;
};

}  // namespace carroccio::ai
