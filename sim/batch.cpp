#include "sim/batch.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <map>
#include <mutex>
#include <thread>

#include "fmt/format.h"
#include "sim/playout.hpp"

namespace carroccio::sim {

namespace {

constexpr double kZ95 = 1.959963984540054;

// One worker's loop: takes the next unplayed index until none is left or a game failed.
struct Shared {
  const game::Game& game;
  const BatchConfig& config;
  std::vector<GameOutcome>& outcomes;
  std::atomic<std::uint64_t> next{0};
  std::atomic<std::uint64_t> done{0};
  std::atomic<bool> failed{false};
  std::mutex mutex;
  std::condition_variable finished;
  std::uint64_t error_index = UINT64_MAX;
  std::string error;
  int running = 0;
};

void record_error(Shared& shared, std::uint64_t index, std::string message) {
  std::lock_guard lock(shared.mutex);
  if (index < shared.error_index) {
    shared.error_index = index;
    shared.error = std::move(message);
  }
  shared.failed = true;
}

void worker(Shared& shared) {
  const game::Game& game = shared.game;
  const auto n_sides = static_cast<std::size_t>(game.num_players());
  PlayoutOptions options;
  options.max_steps = shared.config.max_steps;
  options.record_history = false;  // the statistics need only the final state
  for (;;) {
    if (shared.failed) break;
    const std::uint64_t i = shared.next.fetch_add(1);
    if (i >= shared.config.games) break;
    // Fresh agents for every game: an agent's memory never links two games.
    std::vector<std::unique_ptr<ai::Agent>> owned;
    std::vector<ai::Agent*> agents;
    bool ok = true;
    for (std::size_t p = 0; p < n_sides; ++p) {
      auto agent = ai::make_agent(shared.config.agents[p], game, static_cast<game::Player>(p));
      if (!agent) {
        record_error(shared, i, agent.message());
        ok = false;
        break;
      }
      agents.push_back(agent->get());
      owned.push_back(std::move(*agent));
    }
    if (!ok) break;
    auto result = play_game(game, agents, shared.config.seed, i, options);
    if (!result) {
      record_error(shared, i, fmt::format("Game {}: {}", i, result.message()));
      break;
    }
    GameOutcome& o = shared.outcomes[static_cast<std::size_t>(i)];
    o.index = i;
    o.returns = result->state->returns();
    o.winner = winner_of(o.returns);
    o.summary = result->state->result_summary();
    o.decisions = result->decisions;
    o.chance_steps = result->chance_steps;
    shared.done.fetch_add(1);
  }
  std::lock_guard lock(shared.mutex);
  --shared.running;
  shared.finished.notify_all();
}

nlohmann::json interval_json(const Interval& i) {
  return {{"estimate", i.estimate}, {"low", i.low}, {"high", i.high}};
}

// A distribution of numbers: count, mean, min, max and [value, count] pairs in value order.
nlohmann::json distribution_json(const std::map<double, std::uint64_t>& counts) {
  std::uint64_t n = 0;
  double sum = 0;
  nlohmann::json values = nlohmann::json::array();
  for (const auto& [v, c] : counts) {
    n += c;
    sum += v * static_cast<double>(c);
    values.push_back({v, c});
  }
  nlohmann::json j = {{"count", n}, {"histogram", values}};
  if (n > 0) {
    j["mean"] = sum / static_cast<double>(n);
    j["min"] = counts.begin()->first;
    j["max"] = counts.rbegin()->first;
  }
  return j;
}

}  // namespace

int winner_of(const std::vector<double>& returns) {
  int best = -1;
  for (std::size_t p = 0; p < returns.size(); ++p) {
    bool strictly = true;
    for (std::size_t q = 0; q < returns.size(); ++q)
      if (q != p && returns[q] >= returns[p]) strictly = false;
    if (strictly) best = static_cast<int>(p);
  }
  return best;
}

Interval wilson_interval(std::uint64_t successes, std::uint64_t trials) {
  if (trials == 0) return {0, 0, 1};
  const double n = static_cast<double>(trials);
  const double p = static_cast<double>(successes) / n;
  const double z2 = kZ95 * kZ95;
  const double denom = 1 + z2 / n;
  const double centre = (p + z2 / (2 * n)) / denom;
  const double half = kZ95 * std::sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom;
  return {p, std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

Interval mean_interval(const std::vector<double>& values) {
  if (values.empty()) return {0, 0, 0};
  const double n = static_cast<double>(values.size());
  double sum = 0;
  for (double v : values) sum += v;
  const double mean = sum / n;
  if (values.size() < 2) return {mean, mean, mean};
  double ss = 0;
  for (double v : values) ss += (v - mean) * (v - mean);
  const double se = std::sqrt(ss / (n - 1)) / std::sqrt(n);
  return {mean, mean - kZ95 * se, mean + kZ95 * se};
}

core::Expected<std::vector<GameOutcome>> run_batch(const game::Game& game,
                                                   const BatchConfig& config) {
  if (config.games == 0) return core::make_error("A batch needs at least one game.");
  if (config.threads < 1) return core::make_error("A batch needs at least one thread.");
  if (config.agents.size() != static_cast<std::size_t>(game.num_players()))
    return core::make_error(fmt::format("{}/{} has {} sides, but {} agents were given.",
                                        game.ruleset(), game.scenario(), game.num_players(),
                                        config.agents.size()));
  for (std::size_t p = 0; p < config.agents.size(); ++p)
    if (auto agent = ai::make_agent(config.agents[p], game, static_cast<game::Player>(p)); !agent)
      return core::make_error(agent.message());

  std::vector<GameOutcome> outcomes(static_cast<std::size_t>(config.games));
  Shared shared{game, config, outcomes};
  const int threads = static_cast<int>(
      std::min<std::uint64_t>(static_cast<std::uint64_t>(config.threads), config.games));
  shared.running = threads;
  std::vector<std::thread> pool;
  pool.reserve(static_cast<std::size_t>(threads));
  for (int t = 0; t < threads; ++t) pool.emplace_back(worker, std::ref(shared));
  {
    std::unique_lock lock(shared.mutex);
    const auto interval = std::chrono::milliseconds(std::max(1, config.progress_interval_ms));
    while (shared.running > 0) {
      shared.finished.wait_for(lock, interval, [&] { return shared.running == 0; });
      if (config.progress && shared.running > 0) {
        lock.unlock();
        config.progress(shared.done.load(), config.games);
        lock.lock();
      }
    }
  }
  for (auto& t : pool) t.join();
  if (shared.failed) return core::make_error(shared.error);
  if (config.progress) config.progress(config.games, config.games);
  return outcomes;
}

nlohmann::json aggregate(const game::Game& game, const std::vector<GameOutcome>& outcomes) {
  const auto n_sides = static_cast<std::size_t>(game.num_players());
  const auto n = static_cast<std::uint64_t>(outcomes.size());
  std::vector<std::uint64_t> wins(n_sides, 0);
  std::uint64_t draws = 0, decisions = 0, steps = 0;
  std::map<std::string, std::uint64_t> reasons;
  std::vector<std::map<double, std::uint64_t>> scores(n_sides);
  std::map<double, std::uint64_t> turns;
  // Pieces in the order of their first appearance; fates counted per piece.
  std::vector<std::string> piece_order;
  std::map<std::string, std::pair<std::string, std::map<std::string, std::uint64_t>>> pieces;
  for (const auto& o : outcomes) {
    if (o.winner >= 0)
      ++wins[static_cast<std::size_t>(o.winner)];
    else
      ++draws;
    decisions += o.decisions;
    steps += o.decisions + o.chance_steps;
    const nlohmann::json& s = o.summary;
    std::string reason = "unspecified";
    if (s.is_object() && s.contains("end_reason") && s["end_reason"].is_string())
      reason = s["end_reason"].get<std::string>();
    ++reasons[reason];
    if (s.is_object() && s.contains("turn") && s["turn"].is_number())
      ++turns[s["turn"].get<double>()];
    if (s.is_object() && s.contains("score") && s["score"].is_object())
      for (std::size_t p = 0; p < n_sides; ++p)
        if (const auto it = s["score"].find(game.player_name(static_cast<game::Player>(p)));
            it != s["score"].end() && it->is_number())
          ++scores[p][it->get<double>()];
    if (s.is_object() && s.contains("pieces") && s["pieces"].is_array())
      for (const auto& piece : s["pieces"]) {
        if (!piece.is_object() || !piece.contains("id") || !piece["id"].is_string()) continue;
        const std::string id = piece["id"].get<std::string>();
        auto [it, inserted] = pieces.try_emplace(id);
        if (inserted) {
          piece_order.push_back(id);
          if (piece.contains("side") && piece["side"].is_string())
            it->second.first = piece["side"].get<std::string>();
        }
        const std::string fate = piece.contains("fate") && piece["fate"].is_string()
                                     ? piece["fate"].get<std::string>()
                                     : std::string("unknown");
        ++it->second.second[fate];
      }
  }
  nlohmann::json sides = nlohmann::json::array();
  for (std::size_t p = 0; p < n_sides; ++p) {
    const std::string name = game.player_name(static_cast<game::Player>(p));
    sides.push_back({{"side", name},
                     {"wins", wins[p]},
                     {"win_rate", interval_json(wilson_interval(wins[p], n))},
                     {"score", distribution_json(scores[p])}});
  }
  nlohmann::json piece_list = nlohmann::json::array();
  for (const auto& id : piece_order) {
    const auto& [side, fates] = pieces[id];
    nlohmann::json f = nlohmann::json::object();
    for (const auto& [fate, count] : fates) f[fate] = count;
    piece_list.push_back({{"id", id}, {"side", side}, {"fates", f}});
  }
  nlohmann::json reason_json = nlohmann::json::object();
  for (const auto& [r, c] : reasons) reason_json[r] = c;
  return {{"games", n},
          {"sides", sides},
          {"draws", draws},
          {"draw_rate", interval_json(wilson_interval(draws, n))},
          {"end_reasons", reason_json},
          {"deciding_turn", distribution_json(turns)},
          {"pieces", piece_list},
          {"mean_decisions", n ? static_cast<double>(decisions) / static_cast<double>(n) : 0.0},
          {"mean_steps", n ? static_cast<double>(steps) / static_cast<double>(n) : 0.0}};
}

nlohmann::json compare(const game::Game& game, const std::vector<GameOutcome>& a,
                       const std::vector<GameOutcome>& b) {
  const std::size_t n = std::min(a.size(), b.size());
  const auto n_sides = static_cast<std::size_t>(game.num_players());
  std::uint64_t changed = 0;
  for (std::size_t i = 0; i < n; ++i) changed += a[i].winner != b[i].winner;
  nlohmann::json sides = nlohmann::json::array();
  // Per side, and for draws (index n_sides): the paired per-game difference of "this result".
  for (std::size_t p = 0; p <= n_sides; ++p) {
    const int who = p == n_sides ? -1 : static_cast<int>(p);
    std::vector<double> diff(n);
    std::uint64_t in_a = 0, in_b = 0;
    for (std::size_t i = 0; i < n; ++i) {
      const bool x = a[i].winner == who, y = b[i].winner == who;
      in_a += x;
      in_b += y;
      diff[i] = static_cast<double>(y) - static_cast<double>(x);
    }
    nlohmann::json row = {{"a", interval_json(wilson_interval(in_a, n))},
                          {"b", interval_json(wilson_interval(in_b, n))},
                          {"difference", interval_json(mean_interval(diff))}};
    if (p == n_sides) {
      row["result"] = "draw";
    } else {
      row["result"] = "win";
      row["side"] = game.player_name(who);
    }
    sides.push_back(row);
  }
  return {{"games", n}, {"changed", changed}, {"rates", sides}};
}

}  // namespace carroccio::sim
