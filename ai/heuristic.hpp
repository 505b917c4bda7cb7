// The heuristic agent: a shallow expectimax over the ruleset's own evaluation.
#pragma once

#include <memory>
#include <vector>

#include "ai/agent.hpp"

namespace carroccio::ai {

struct HeuristicParams {
  // How many consecutive decisions of the side to move are searched (a bma move is "pick a
  // unit" then "pick its hex", so 2 sees where a unit could go). 1 = plain one-ply lookahead.
  int depth = 2;
  // Leaves spent on the chance outcomes that follow a decision before the next decision node:
  // a chance node with at most this many outcomes is expanded exactly (the budget shared among
  // them), a wider one is sampled this many times by weight with the agent's generator.
  int samples = 6;
  // Upper bound on states visited per decision (depth x branching can be large); once spent,
  // the remaining candidates are scored by State::evaluate() directly.
  int max_nodes = 4000;
};

// Picks the action whose expected evaluation (State::evaluate() of the deciding side, or the
// returns at a terminal state) is highest; ties are broken by the agent's generator. Knows no
// ruleset: all judgement is in the ruleset's evaluate().
class HeuristicAgent final : public Agent {
 public:
  HeuristicAgent(game::Player side, HeuristicParams params, std::string name);
  std::string name() const override { return name_; }
  game::Action choose(const game::State& state, core::Rng& rng) override;

 private:
  double value(const game::State& state, int depth, int samples, core::Rng& rng);
  double leaf(const game::State& state);

  game::Player side_;
  HeuristicParams params_;
  std::string name_;
  int nodes_ = 0;
  std::size_t level_ = 0;  // depth of the current chain of chance nodes
  std::vector<std::vector<game::Action>> legal_;  // one buffer per depth
  std::vector<std::vector<game::ChanceOutcome>> outcomes_;
  std::vector<game::Action> best_;
};

}  // namespace carroccio::ai
