// The games a server plays: loaded on demand from the Store by replaying their actions, one lock
// per game, chance nodes resolved at once from the game's dice (a secret the server keeps, or a
// public seed: game/dice_draw.hpp), agents' turns played on a small pool of worker threads (one
// decision at a time, round-robin over the games, each decision held to max_agent_time, so a
// slow agent never holds up the HTTP threads or another game for long).
//
// Seats. A game created here gives a secret token for every side a person plays (and an owner
// token); a decision, an undo or a deletion for a side needs that side's token, and so does
// seeing the game as that side while it runs. The tokens a request carries are its Credentials.
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
#include <span>
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
  // Seeds game ids and referee rolls; random when absent. Never the dice of a game: a game made
  // without a seed draws its dice from a secret (server/secrets.hpp).
  std::optional<std::uint64_t> seed;
  // Games kept in memory (least recently used ones beyond this are dropped and reloaded later).
  std::size_t cached_games = 256;
  // The longest an agent may think over one decision, whatever its spec asks (mcts:iters=...).
  std::chrono::milliseconds max_agent_time{2000};
  // Games not yet over that may be stored at once; creating one more is refused.
  std::size_t max_unfinished_games = 1000;
  // GET /api/games lists every game (true) or only those a request's tokens hold a seat of.
  bool list_all_games = false;
};

// The seat tokens a request carries (docs/api.md, "Seats").
struct Credentials {
  std::vector<std::string> tokens;
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
  const ManagerOptions& options() const { return options_; }
  ~Manager();
  Manager(const Manager&) = delete;
  Manager& operator=(const Manager&) = delete;

  // Starts the agents' threads and resumes the stored games waiting for an agent.
  void start();
  // Wakes every waiting request and stops the agents' threads (their games resume on the next
  // start). Requests still arriving are served, but agents no longer move.
  void shutdown();

  // The new game's view for `viewer` (default: its only human side, else a spectator), with
  // "seats" (side -> token, every side a person plays) and "owner_token".
  Outcome<nlohmann::json> create_game(const NewGameRequest& request, const std::string& viewer);
  // The games the credentials hold a seat of (or every game with list_all_games).
  Outcome<nlohmann::json> list_games(std::size_t limit, std::size_t offset, const Credentials& who);
  // The game as `viewer` sees it (default: a side the credentials hold, else a spectator). With
  // `after`, waits up to `wait` until the game's history length differs from `after` (long
  // polling that holds the calling thread; the HTTP layer uses watch() instead).
  Outcome<nlohmann::json> view(const std::string& id, const std::string& viewer,
                               const Credentials& who, std::optional<std::size_t> after = {},
                               std::chrono::milliseconds wait = {});
  // The same view as JSON text, and the history length it shows: kept per position and viewer
  // until the game changes, so repeated reads (polling browsers, spectators) cost a lookup.
  struct ViewText {
    std::string body;
    std::size_t history_length = 0;
  };
  Outcome<ViewText> view_text(const std::string& id, const std::string& viewer,
                              const Credentials& who);
  // The game after its first `n` actions (the replay slider).
  Outcome<nlohmann::json> view_at(const std::string& id, std::size_t n, const std::string& viewer,
                                  const Credentials& who);
  // Where each turn and phase of the game begins (the replay's jumps): the history index of the
  // first position of every (turn, phase) the game's view shows, read from the views' "turn" and
  // "phase" fields as the game is replayed; a ruleset whose view has neither gives no marks.
  Outcome<nlohmann::json> timeline(const std::string& id, const std::string& viewer,
                                   const Credentials& who);
  Outcome<nlohmann::json> legal(const std::string& id, const std::string& viewer,
                                const Credentials& who);
  // Where the piece a person is placing may go (State::free_placement), when it is `viewer`'s
  // turn and `viewer` is played by a person; else null. `piece`: the piece picked up (empty: the
  // one a pick step has chosen).
  Outcome<nlohmann::json> placement(const std::string& id, const std::string& viewer,
                                    const Credentials& who, const std::string& piece = {});
  // Applies a person's decision (needs the seat of the side to move); answers the view for
  // `viewer` (default: the side that acted).
  Outcome<nlohmann::json> apply(const std::string& id, const ApplyRequest& request,
                                const std::string& viewer, const Credentials& who);
  // The odds of a decision of the side to move (needs its seat).
  Outcome<nlohmann::json> odds(const std::string& id, game::Action action, const Credentials& who);
  Outcome<nlohmann::json> events(const std::string& id, std::size_t since, std::size_t limit);
  // Takes back decisions of the sides whose seats the credentials hold.
  Outcome<nlohmann::json> undo(const std::string& id, const UndoRequest& request,
                               const std::string& viewer, const Credentials& who);
  // The record; a game with secret dice reveals its secret only once it is over.
  Outcome<nlohmann::json> record(const std::string& id);
  // Deletes a game: needs the seat of every side a person plays (or, when no person plays, the
  // owner token).
  Outcome<nlohmann::json> remove(const std::string& id, const Credentials& who);

  // Long polling without a thread: `wake` is called once, from any thread and quickly (with the
  // game locked: it must not call back into the manager), when game `id`'s history length
  // differs from `after`, when the game is deleted or reloaded, or when the manager shuts down.
  // Answers a handle for unwatch(), or 0 (and does not keep `wake`) when that is already so; a
  // failure when there is no such game.
  Outcome<std::uint64_t> watch(const std::string& id, std::size_t after,
                               std::function<void()> wake);
  // Forgets a watch that is no longer wanted (the poll timed out); nothing if it has fired.
  void unwatch(const std::string& id, std::uint64_t handle);
  bool stopping() const { return stopping_; }

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
  WriteResult persist(LiveGame& g, std::size_t from, Durability durability,
                      std::span<const std::size_t> time_limited = {});
  // Wakes long polls of the game (with g.mu held).
  void changed(LiveGame& g);
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
  std::mutex create_mu_;  // counts unfinished games and creates one as a single step
  bool started_ = false;
};

}  // namespace carroccio::server
