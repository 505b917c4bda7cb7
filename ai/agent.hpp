// Agents: whatever chooses a side's decisions (random, heuristic, MCTS), over the game interface.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
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

// A bound a driver puts on each decision, whatever the agent's own budget: a time by which to
// answer, and a flag that, once set, asks for an answer at once (a server shutting down). A
// search agent checks it between the steps of its search and answers with the best it has found
// so far (at least a legal decision); an agent that decides at once has nothing to check.
struct DecisionLimit {
  std::optional<std::chrono::steady_clock::time_point> deadline;
  const std::atomic<bool>* stop = nullptr;
  bool reached() const {
    if (stop != nullptr && stop->load(std::memory_order_relaxed)) return true;
    return deadline && std::chrono::steady_clock::now() >= *deadline;
  }
};

class Agent {
 public:
  virtual ~Agent();
  // The agent's spec in text form, e.g. "random" or "mcts:iters=20000".
  virtual std::string name() const;
  // Chooses one of state.legal_actions(); `state` is a decision node of this agent's side.
  // All randomness comes from `rng`, so the choice is reproducible (unless a limit cuts it short).
  virtual game::Action choose(const game::State& state, core::Rng& rng) = 0;
  // The account of the last choose(): up to `limit` candidates. Empty by default (the random
  // agent weighs nothing).
  virtual Explanation explain(std::size_t limit) const;

  // The limit of the decisions to come (none by default).
  void set_limit(const DecisionLimit& limit) { limit_ = limit; }
  // Whether the limit cut the last decision's search short (so it cannot be repeated).
  bool cut_short() const { return cut_short_; }

 protected:
  // For search agents: call at the start of a decision, then limit_reached() between steps.
  void begin_decision() { cut_short_ = false; }
  bool limit_reached() {
    if (!cut_short_ && (limit_.deadline || limit_.stop != nullptr) && limit_.reached())
      cut_short_ = true;
    return cut_short_;
  }

 private:
  DecisionLimit limit_;
  bool cut_short_ = false;
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
