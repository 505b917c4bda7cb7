// The games a server plays: loaded on demand from the Store by replaying their actions, one lock
// per game, chance nodes resolved at once with the game's seed, agents' turns played on a small
// pool of worker threads (one decision at a time, round-robin over the games, so a slow agent
// never holds up the HTTP threads or another game's reads).
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "core/rng.hpp"
#include "game/registry.hpp"
#include "nlohmann/json.hpp"
#include "server/outcome.hpp"
#include "server/store.hpp"

namespace carroccio::server {

struct ManagerOptions {
  int agent_threads = 2;
  // Seeds game ids and the seeds of games created without one; random when absent.
  std::optional<std::uint64_t> seed;
  // Games kept in memory (least recently used ones beyond this are dropped and reloaded later).
  std::size_t cached_games = 256;
};

struct NewGameRequest {
  std::string ruleset;
  std::string scenario;                        // empty: the ruleset's first scenario
  std::string options;                         // "facing,charge"
  std::map<std::string, std::string> players;  // side -> "human" or an agent spec
  std::optional<std::uint64_t> seed;
};

struct ApplyRequest {
  game::Action action = game::kInvalidAction;
  std::size_t expect_history = 0;
  std::optional<std::string> side;  // if given, it must be the side whose turn it is
};

struct UndoRequest {
  std::optional<std::size_t> expect_history;
  std::optional<std::string> side;   // take back only this side's decisions
  std::optional<std::size_t> count;  // at most this many decisions (default: all it may)
};

struct LiveGame;

class Manager {
 public:
  Manager(const game::Registry& registry, Store& store, ManagerOptions options);
  ~Manager();
  Manager(const Manager&) = delete;
  Manager& operator=(const Manager&) = delete;

  // Starts the agents' threads and resumes the stored games waiting for an agent.
  void start();
  // Wakes every waiting request and stops the agents' threads (their games resume on the next
  // start). Requests still arriving are served, but agents no longer move.
  void shutdown();

  // The new game's view for `viewer` (default: its only human side, else a spectator).
  Outcome<nlohmann::json> create_game(const NewGameRequest& request, const std::string& viewer);
  Outcome<nlohmann::json> list_games(std::size_t limit, std::size_t offset);
  // The game as `viewer` sees it. With `after`, waits up to `wait` until the game's history
  // length differs from `after` (long polling).
  Outcome<nlohmann::json> view(const std::string& id, const std::string& viewer,
                               std::optional<std::size_t> after, std::chrono::milliseconds wait);
  // The game after its first `n` actions (the replay slider).
  Outcome<nlohmann::json> view_at(const std::string& id, std::size_t n, const std::string& viewer);
  Outcome<nlohmann::json> legal(const std::string& id, const std::string& viewer);
  // Where the piece a person is placing may go (State::free_placement), when it is `viewer`'s
  // turn and `viewer` is played by a person; else null.
  Outcome<nlohmann::json> placement(const std::string& id, const std::string& viewer);
  // Applies a person's decision; answers the view for `viewer` (default: the side that acted).
  Outcome<nlohmann::json> apply(const std::string& id, const ApplyRequest& request,
                                const std::string& viewer);
  Outcome<nlohmann::json> odds(const std::string& id, game::Action action);
  Outcome<nlohmann::json> events(const std::string& id, std::size_t since, std::size_t limit);
  Outcome<nlohmann::json> undo(const std::string& id, const UndoRequest& request,
                               const std::string& viewer);
  Outcome<nlohmann::json> record(const std::string& id);

  // A fresh seed below 2^53 (exact in a JavaScript number) from the server's generator: the
  // seed of a game created without one, or of a referee roll (server/referee.hpp).
  std::uint64_t new_seed();

 private:
  using GamePtr = std::shared_ptr<LiveGame>;

  Outcome<GamePtr> get(const std::string& id);
  Outcome<GamePtr> build(StoredGame stored);
  void evict(LiveGame& g);  // with g.mu held
  // Runs `fn(game, lock)` with the game locked, reloading it if it was dropped meanwhile.
  using GameFn = std::function<Outcome<nlohmann::json>(LiveGame&, std::unique_lock<std::mutex>&)>;
  Outcome<nlohmann::json> with_game(const std::string& id, const GameFn& fn);

  // With g.mu held.
  void settle_chance(LiveGame& g);
  GameSummary summarize(const LiveGame& g) const;
  WriteResult persist(LiveGame& g, std::size_t from, Durability durability);
  bool agent_to_move(const LiveGame& g) const;
  void schedule(LiveGame& g);

  void worker();
  void agent_step(const std::string& id);
  void requeue(const std::string& id);
  void unqueue(const std::string& id);

  std::string new_id();

  const game::Registry& registry_;
  Store& store_;
  ManagerOptions options_;

  std::mutex map_mu_;
  std::map<std::string, GamePtr> games_;
  std::atomic<std::uint64_t> clock_{0};
  std::mutex load_mu_;

  std::mutex rng_mu_;
  core::Rng rng_;  // game ids and default seeds

  std::mutex queue_mu_;
  std::condition_variable queue_cv_;
  std::deque<std::string> queue_;
  std::set<std::string> queued_;
  std::vector<std::thread> workers_;
  std::atomic<bool> stopping_{false};
  bool started_ = false;
};

}  // namespace carroccio::server
