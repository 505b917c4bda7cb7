// Agents: whatever chooses a side's decisions (random, heuristic, MCTS), over the game interface.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/rng.hpp"
#include "core/status.hpp"
#include "game/state.hpp"

namespace carroccio::ai {

// Why an agent chose what it chose (Agent::explain): its leading candidates at the last
// decision, best first, each with the value it estimated for its side (State::evaluate()'s
// scale, -1 to +1) and how much search it got, in the agent's own unit (`effort_unit`: MCTS
// "visits", the heuristic "positions").
struct Candidate {
  game::Action action = game::kInvalidAction;
  double value = 0;
  std::int64_t effort = 0;
};
struct Explanation {
  std::string effort_unit;
  std::vector<Candidate> candidates;  // best first; empty when the agent keeps no such account
  game::Action chosen = game::kInvalidAction;
};

class Agent {
 public:
  virtual ~Agent();
  // The agent's spec in text form, e.g. "random" or "mcts:iters=20000".
  virtual std::string name() const;
  // Chooses one of state.legal_actions(); `state` is a decision node of this agent's side.
  // All randomness comes from `rng`, so the choice is reproducible.
  virtual game::Action choose(const game::State& state, core::Rng& rng) = 0;
  // The account of the last choose(): up to `limit` candidates. Empty by default (the random
  // agent weighs nothing).
  virtual Explanation explain(std::size_t limit) const;
};

// Uniform over the legal actions. Reuses one buffer, so a playout does not allocate here.
class RandomAgent final : public Agent {
 public:
  std::string name() const override { return "random"; }
  game::Action choose(const game::State& state, core::Rng& rng) override;

 private:
  std::vector<game::Action> legal_;
};

// An agent kind with parameters, as written on a command line: "KIND[:key=value,...]".
struct AgentSpec {
  std::string kind;
  std::map<std::string, std::string> params;

  // Parses "random", "mcts:iters=20000", "mcts:ms=1000,c=1.4". Kinds and keys are lower-case
  // letters, digits, '_' and '-'; values are non-empty. Does not check that the kind exists.
  static core::Expected<AgentSpec> parse(std::string_view text);
  // The canonical text form (parameters in key order).
  std::string to_string() const;

  // A parameter as an integer in [lo, hi], or `fallback` if absent; one sentence if malformed.
  core::Expected<long long> int_param(const std::string& key, long long fallback, long long lo,
                                      long long hi) const;
  // One sentence naming the first parameter not in `known`, if any.
  core::Status check_params(const std::vector<std::string>& known) const;

  friend bool operator==(const AgentSpec&, const AgentSpec&) = default;
};

// The kinds make_agent knows, sorted ("random"; later "heuristic", "mcts").
std::vector<std::string> agent_kinds();

// Makes an agent of `spec` to play `side` of `game`. An unknown kind or a bad parameter is one
// sentence.
core::Expected<std::unique_ptr<Agent>> make_agent(const AgentSpec& spec, const game::Game& game,
                                                  game::Player side);

}  // namespace carroccio::ai
