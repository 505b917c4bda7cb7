// The balance lab: find the value of one scenario number (a rout level, a unit's rating, the
// turn count) that brings one side's win rate to a target, by simulation with paired seeds.
//
// Every value is played on the same games of the same seed (games 0 .. n-1: common random
// numbers), so two values differ only by what the number changes, and the comparison of two
// rates is far less noisy than two independent samples. The search assumes the rate moves one
// way as the value grows (it checks the ends and says so when the target lies outside them):
//   1. play both ends of the range;
//   2. bisect: play the middle and keep the half whose ends still bracket the target;
//   3. stopping rule: replay the two values that bracket the target with twice the games, again
//      and again, until each one's 95% interval lies on its own side of the target (the answer
//      is then known to lie between them) or the game budget is spent (the answer is then given
//      with the values whose intervals still contain the target).
// Nothing here knows a ruleset: the caller makes the game for a value.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "ai/agent.hpp"
#include "core/status.hpp"
#include "game/state.hpp"
#include "nlohmann/json.hpp"
#include "sim/batch.hpp"

namespace carroccio::sim {

struct TuneConfig {
  double lo = 0, hi = 0;      // the range searched (lo < hi)
  bool integer = true;        // whole values only (the number was a whole number)
  double tolerance = 0;       // stop bisecting below this width (real values; 0: 1/1000 of range)
  int side = 0;               // whose win rate
  double target = 0.5;        // the rate wanted, in (0, 1)
  std::uint64_t games = 200;  // games per value while bisecting
  std::uint64_t max_games = 20000;  // total budget
  std::uint64_t seed = 1;
  int threads = 1;
  std::vector<ai::AgentSpec> agents;
  // Called with the games played so far and the budget, from the calling thread.
  std::function<void(std::uint64_t done, std::uint64_t budget)> progress;
};

// One value played: how many games and how many the side won, with the 95% Wilson interval.
struct TunePoint {
  double value = 0;
  std::uint64_t games = 0, wins = 0;
  Interval rate;
};

struct TuneResult {
  std::vector<TunePoint> points;  // every value played, by value (the last sample of each)
  double answer = 0;              // the value whose rate is nearest the target
  double below = 0, above = 0;    // the bracket: the answer lies between these values
  // true: the bracket's ends are each significantly on their own side of the target; false: the
  // budget ran out first, or the target lies outside the range.
  bool settled = false;
  bool outside = false;  // the target is not between the rates at the two ends
  // Whole values only: settled on a value whose own rate cannot be told from the target while
  // both its neighbours are clearly on their own sides (the crossing lies between them, and no
  // whole value is nearer to it; a symmetric scenario's middle value ends this way).
  bool exact = false;
  bool increasing = true;  // whether the rate grew with the value
  std::uint64_t games_played = 0;
};

// The game for a value, or one sentence saying why that value makes no scenario.
using MakeGame = std::function<core::Expected<std::shared_ptr<const game::Game>>(double value)>;

core::Expected<TuneResult> tune(const MakeGame& make_game, const TuneConfig& config);

nlohmann::json tune_json(const TuneResult& r);

}  // namespace carroccio::sim
