// Batch simulation: N whole games over T threads, and their statistics, in constant memory.
//
// Game i of a batch with master seed S is exactly sim::play_game(game, agents, S, i): its dice
// come from Rng::for_stream(S, i) and each side's agent is made afresh for it. So which thread
// plays a game, how many threads there are, and which process plays which range of games
// (--first-game, shards, MPI ranks) change nothing in the per-game outcomes or in the totals.
// Nothing here knows a ruleset: the statistics come from State::returns() and
// State::result_facts() (what result_summary() says: end reason, turn, score, piece fates).
//
// Statistics are streamed: each finished game is folded into a Tally at once and forgotten, so
// memory does not grow with the number of games. Tallies of disjoint ranges of games merge into
// exactly the Tally of their union (every count is an integer; the order of the pieces is their
// first appearance by game index), which is what `carroccio sim merge` and MPI rely on.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <string_view>
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
  game::ResultFacts facts;      // State::result_facts() of the final state
  std::uint64_t decisions = 0;
  std::uint64_t chance_steps = 0;
};

// The running totals of any number of games: what the aggregate JSON shows, kept as counts.
class Tally {
 public:
  Tally() = default;
  explicit Tally(std::vector<std::string> sides);

  void add(const GameOutcome& outcome);
  // Adds the games of `other`, which must be of the same sides and of games this one has not
  // counted (the caller keeps the ranges disjoint).
  void merge(const Tally& other);

  std::uint64_t games() const { return games_; }
  const std::vector<std::string>& sides() const { return sides_; }
  std::uint64_t wins(std::size_t side) const { return side < wins_.size() ? wins_[side] : 0; }
  std::uint64_t draws() const { return draws_; }
  // The summary's "score_label" of the lowest-numbered game counted ("" if it had none).
  const std::string& score_label() const { return label_; }

  // The aggregate: games, per-side wins and draws with 95% intervals, end reasons, score and
  // deciding-turn distributions, per-piece fates (each with where it was first seen), mean and
  // total decisions and steps. Depends only on the games counted.
  nlohmann::json to_json() const;
  // The Tally back from to_json()'s output (as `carroccio sim --json` printed it), for merging
  // shards; one sentence naming `source` and the field when it is not such an aggregate.
  static core::Expected<Tally> from_json(const nlohmann::json& aggregate, std::string_view source);

 private:
  struct Piece {
    std::string id;
    std::string side;
    std::uint64_t first_game = 0;  // first appearance: game index, then place in its list
    std::uint64_t first_place = 0;
    std::vector<std::pair<std::string, std::uint64_t>> fates;  // few: a list, sorted at output
  };
  std::vector<std::string> sides_;
  std::uint64_t games_ = 0, draws_ = 0, decisions_ = 0, steps_ = 0;
  std::vector<std::uint64_t> wins_;
  std::map<std::string, std::uint64_t> reasons_;
  std::vector<std::map<double, std::uint64_t>> scores_;
  std::map<double, std::uint64_t> turns_;
  std::map<std::string, Piece, std::less<>> pieces_;
  // The entry last found for each place of a game's piece list (pieces come in the same order
  // game after game, so a lookup is almost always one comparison).
  std::vector<Piece*> by_place_;
  std::string label_;
  std::uint64_t label_game_ = UINT64_MAX;
};

// The paired results of the same games under two option sets: for each result r (each side's
// win, and the draw) the number of games with (r under a, r under b) in each of the four
// combinations, and how many games changed their winner. Mergeable like a Tally.
struct PairTally {
  // counts[r][x][y]: games where "result r" held under a (x) and under b (y); r = side or draw
  // (last).
  std::vector<std::array<std::array<std::uint64_t, 2>, 2>> counts;
  std::uint64_t games = 0, changed = 0;

  explicit PairTally(std::size_t sides = 0) : counts(sides + 1) {}
  void add(int winner_a, int winner_b);
  void merge(const PairTally& other);
  // per result: the rate under a and b and the mean paired difference (b - a) with intervals.
  nlohmann::json to_json(const std::vector<std::string>& sides) const;
  static core::Expected<PairTally> from_json(const nlohmann::json& comparison, std::size_t sides,
                                             std::string_view source);
};

struct BatchConfig {
  std::uint64_t games = 0;
  std::uint64_t first_game = 0;  // plays games first_game .. first_game + games - 1
  int threads = 1;
  std::uint64_t seed = 0;
  std::vector<ai::AgentSpec> agents;  // one per side, in side order
  std::uint64_t max_steps = 10'000'000;
  // Called on the calling thread about every `progress_interval_ms` while games run, and once
  // at the end, with the number of games finished. It reports only; it never changes a result.
  std::function<void(std::uint64_t done, std::uint64_t total)> progress;
  int progress_interval_ms = 200;
  // Called once per game in game order (from whichever worker finishes the game that is next),
  // never two at once: e.g. to stream a CSV row per game. Optional.
  std::function<void(const GameOutcome&)> on_game;
  // Keep each game's winner (one byte a game) for a paired comparison.
  bool keep_winners = false;
};

struct BatchResult {
  Tally tally;
  std::vector<std::int8_t> winners;  // per game in order, when keep_winners (-1 draw)
};

// Plays the batch. Errors (one sentence): no games, fewer than one thread, the wrong number of
// agents, an agent that cannot be made, a range past the last game, or the first game (lowest
// index) that failed.
core::Expected<BatchResult> run_batch(const game::Game& game, const BatchConfig& config);

// Every outcome of a batch, in game order (memory grows with the games: for tests and small
// batches only).
core::Expected<std::vector<GameOutcome>> collect_batch(const game::Game& game, BatchConfig config);

// The side with the strictly highest return, or -1 (draw).
int winner_of(const std::vector<double>& returns);

// A proportion with its 95% Wilson score interval.
struct Interval {
  double estimate = 0, low = 0, high = 0;
};
Interval wilson_interval(std::uint64_t successes, std::uint64_t trials);
// The mean of paired differences with a 95% normal interval (mean +- 1.96 * sd / sqrt(n)).
Interval mean_interval(const std::vector<double>& values);
// The same for differences that are each -1, 0 or +1, given how many of each.
Interval mean_interval_of_signs(std::uint64_t minus, std::uint64_t zero, std::uint64_t plus);

// The aggregate of the given outcomes (Tally::to_json of them all).
nlohmann::json aggregate(const game::Game& game, const std::vector<GameOutcome>& outcomes);

// The paired comparison of two batches played with the same seeds (a: option set A, b: B):
// per side the win rate under each and the mean paired difference (b - a) with its interval,
// and how many games changed their result. Both vectors must be of the same games.
nlohmann::json compare(const game::Game& game, const std::vector<GameOutcome>& a,
                       const std::vector<GameOutcome>& b);

}  // namespace carroccio::sim
