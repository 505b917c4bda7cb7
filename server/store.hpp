// Game storage in SQLite: one row per game (its header and a summary of where it stands) and one
// row per applied action. A game is rebuilt by replaying its actions, so the actions are the only
// state that matters; everything else is a header or a cache for listings.
//
// Durability. The database runs in WAL mode. Every write is one transaction, committed before
// the server answers the request that caused it. A person's decisions (and game creation and
// undo) are committed with synchronous=FULL: the WAL is fsync'ed, so they survive even a power
// loss. Agents' moves are committed with synchronous=NORMAL: in WAL mode a committed transaction
// is in the operating system's hands as soon as COMMIT returns, so it survives the server being
// killed at any moment (kill -9), and only a power loss or kernel crash could roll back the
// latest agent moves, never corrupt the file; the next FULL commit makes them durable too, and an
// agent move rolled back that way is simply played again when the server restarts.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/status.hpp"
#include "game/types.hpp"

struct sqlite3;

namespace carroccio::server {

// What a game is: fixed when it is created.
struct GameHeader {
  std::string id;
  std::string ruleset;
  std::string scenario;
  std::string options;                         // canonical text, e.g. "charge,facing"
  std::map<std::string, std::string> players;  // side -> "human" or an agent spec
  std::uint64_t seed = 0;                      // indexed dice (game/dice_draw.hpp)
  std::string scenario_source;  // the scenario JSON as played (so a stored game always replays)
  std::string created;          // ISO 8601 UTC
  // Secret dice: the secret (never shown before the game is over) and its commitment. Empty for
  // a game whose dice follow its public seed (created with a seed, or by an older server).
  std::string dice_secret;
  std::string dice_commitment;
  // Seats: side -> SHA-256 of the seat's token, for every side a person plays; the owner token's
  // hash. A game stored before seats existed has open seats (anyone may act for a person's side).
  std::map<std::string, std::string> seat_hashes;
  std::string owner_hash;
  bool open_seats = false;
  // Agents decide with a fresh agent per decision (so a record can repeat each); false for a
  // game stored by an older server, whose agents kept their search between decisions.
  bool fresh_agents = false;
};

// Where a game stands: rewritten with every change (a cache for listings; the actions decide).
struct GameSummary {
  std::size_t actions = 0;
  bool terminal = false;
  std::string waiting_for;  // "human", "agent" or "none"
  std::string status_line;
  std::string updated;  // ISO 8601 UTC
};

struct GameListing {
  GameHeader header;  // without scenario_source
  GameSummary summary;
};

struct StoredGame {
  GameHeader header;
  GameSummary summary;
  std::vector<game::HistoryItem> actions;
  std::vector<std::size_t> time_limited;  // indices of agents' decisions a time limit cut short
};

enum class Durability {
  kProcessCrash,  // synchronous=NORMAL: survives the server being killed (agent moves)
  kPowerLoss,     // synchronous=FULL: survives a power loss too (a person's decisions)
};

// The result of a write: done, refused because the stored game has moved on (another copy of
// the game wrote first), or failed (the sentence says why).
struct WriteResult {
  enum class Kind { kOk, kStale, kFailed };
  Kind kind = Kind::kOk;
  std::string message;
  bool ok() const { return kind == Kind::kOk; }
};

// Thread-safe: one connection, used under a mutex (writes are serialised by SQLite anyway).
class Store {
 public:
  // Opens (creating if needed) the database file at `path`. One sentence if it cannot be
  // opened, is not a Carroccio database, or cannot run in WAL mode.
  static core::Expected<std::unique_ptr<Store>> open(const std::string& path);
  ~Store();
  Store(const Store&) = delete;
  Store& operator=(const Store&) = delete;

  const std::string& path() const { return path_; }

  // Stores a new game with its first actions (e.g. the chance outcomes before the first
  // decision), durably.
  WriteResult create(const GameHeader& header, const GameSummary& summary,
                     std::span<const game::HistoryItem> actions);
  // Appends actions to a game that has exactly `from` actions stored (kStale otherwise);
  // `time_limited` holds the indices (from `from` on) of agents' decisions cut short.
  WriteResult append(const std::string& id, std::size_t from,
                     std::span<const game::HistoryItem> actions, const GameSummary& summary,
                     Durability durability, std::span<const std::size_t> time_limited = {});
  // Deletes the actions from index `length` on, of a game that has exactly `from` actions stored
  // (kStale otherwise), durably.
  WriteResult truncate(const std::string& id, std::size_t from, std::size_t length,
                       const GameSummary& summary);

  // The game with all its actions, or nullopt if there is no such game.
  core::Expected<std::optional<StoredGame>> load(const std::string& id);
  // Deletes a game with its actions and seats, durably. kStale if there is no such game.
  WriteResult remove(const std::string& id);

  // Games, most recently updated first: all of them, or (`token_hashes` given) only those one of
  // whose seats or owner has one of these token hashes.
  core::Expected<std::vector<GameListing>> list(
      std::size_t limit, std::size_t offset,
      const std::vector<std::string>* token_hashes = nullptr);
  // How many stored games are not over.
  core::Expected<std::size_t> count_unfinished();
  // Ids of unfinished games whose next decision is an agent's (to resume after a restart).
  core::Expected<std::vector<std::string>> waiting_for_agents();

 private:
  Store(sqlite3* db, std::string path) : db_(db), path_(std::move(path)) {}

  std::mutex mu_;
  sqlite3* db_;
  std::string path_;
};

}  // namespace carroccio::server
