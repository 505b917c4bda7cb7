// Batch simulation: N whole games over T threads, and their statistics.
//
// Game i of a batch with master seed S is exactly sim::play_game(game, agents, S, i): its dice
// come from Rng::for_stream(S, i) and each side's agent is made afresh for it. So which thread
// plays a game, and how many threads there are, changes nothing in the per-game outcomes or in
// the aggregate. Nothing here knows a ruleset: the statistics come from State::returns() and
// State::result_summary() ({"end_reason", "turn", "score": {side: n}, "pieces": [...]}).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "ai/agent.hpp"
#include "core/status.hpp"
#include "game/state.hpp"
#include "nlohmann/json.hpp"

namespace carroccio::sim {

// What one game of a batch left behind.
struct GameOutcome {
  std::uint64_t index = 0;
  std::vector<double> returns;  // per side (+1 win, -1 loss, 0 draw)
  int winner = -1;              // side with the strictly highest return, or -1 for a draw
  nlohmann::json summary;       // State::result_summary() of the final state
  std::uint64_t decisions = 0;
  std::uint64_t chance_steps = 0;
};

struct BatchConfig {
  std::uint64_t games = 0;
  int threads = 1;
  std::uint64_t seed = 0;
  std::vector<ai::AgentSpec> agents;  // one per side, in side order
  std::uint64_t max_steps = 10'000'000;
  // Called on the calling thread about every `progress_interval_ms` while games run, and once
  // at the end, with the number of games finished. It reports only; it never changes a result.
  std::function<void(std::uint64_t done, std::uint64_t total)> progress;
  int progress_interval_ms = 200;
};

// Plays the batch. Errors (one sentence): no games, fewer than one thread, the wrong number of
// agents, an agent that cannot be made, or the first game (lowest index) that failed.
core::Expected<std::vector<GameOutcome>> run_batch(const game::Game& game,
                                                   const BatchConfig& config);

// The side with the strictly highest return, or -1 (draw).
int winner_of(const std::vector<double>& returns);

// A proportion with its 95% Wilson score interval.
struct Interval {
  double estimate = 0, low = 0, high = 0;
};
Interval wilson_interval(std::uint64_t successes, std::uint64_t trials);
// The mean of paired differences with a 95% normal interval (mean +- 1.96 * sd / sqrt(n)).
Interval mean_interval(const std::vector<double>& values);

// The aggregate of a batch, as JSON: games, per-side wins and draws with intervals, end reasons,
// score and deciding-turn distributions, per-piece fates, mean decisions. Depends only on the
// outcomes (so 1 and T threads give the same text).
nlohmann::json aggregate(const game::Game& game, const std::vector<GameOutcome>& outcomes);

// The paired comparison of two batches played with the same seeds (a: option set A, b: B):
// per side the win rate under each and the mean paired difference (b - a) with its interval,
// and how many games changed their result. Both vectors must be of the same games.
nlohmann::json compare(const game::Game& game, const std::vector<GameOutcome>& a,
                       const std::vector<GameOutcome>& b);

}  // namespace carroccio::sim
