#include "server/store.hpp"

#include <sqlite3.h>

#include <algorithm>
#include <charconv>
#include <utility>

#include "fmt/format.h"
#include "nlohmann/json.hpp"

namespace carroccio::server {

namespace {

// Version 2 added secret dice, seats, fresh agents and time-limited agent decisions; a version 1
// database is upgraded in place (its games keep their public seeds and open seats).
constexpr int kSchemaVersion = 2;

constexpr const char* kSchema = R"sql(
CREATE TABLE IF NOT EXISTS games (
  id TEXT PRIMARY KEY,
  ruleset TEXT NOT NULL,
  scenario TEXT NOT NULL,
  options TEXT NOT NULL,
  players TEXT NOT NULL,
  seed TEXT NOT NULL,
  scenario_source TEXT NOT NULL,
  created TEXT NOT NULL,
  updated TEXT NOT NULL,
  actions INTEGER NOT NULL,
  terminal INTEGER NOT NULL,
  waiting_for TEXT NOT NULL,
  status_line TEXT NOT NULL,
  dice_secret TEXT NOT NULL DEFAULT '',
  dice_commitment TEXT NOT NULL DEFAULT '',
  owner_hash TEXT NOT NULL DEFAULT '',
  open_seats INTEGER NOT NULL DEFAULT 0,
  fresh_agents INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS games_by_updated ON games (updated);
CREATE TABLE IF NOT EXISTS actions (
  game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  idx INTEGER NOT NULL,
  player INTEGER NOT NULL,
  action INTEGER NOT NULL,
  time_limited INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (game_id, idx)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS seats (
  token_hash TEXT PRIMARY KEY,
  game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  side TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS seats_by_game ON seats (game_id);
)sql";

// Version 1 to 2: the new columns (old games: public seeds, open seats, agents that kept their
// search) and the seats table (created by kSchema).
constexpr const char* kUpgrade1To2 = R"sql(
ALTER TABLE games ADD COLUMN dice_secret TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN dice_commitment TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN owner_hash TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN open_seats INTEGER NOT NULL DEFAULT 1;
ALTER TABLE games ADD COLUMN fresh_agents INTEGER NOT NULL DEFAULT 0;
ALTER TABLE actions ADD COLUMN time_limited INTEGER NOT NULL DEFAULT 0;
)sql";

// A prepared statement, finalized on destruction.
class Stmt {
 public:
  Stmt(sqlite3* db, const char* sql) : db_(db) {
    rc_ = sqlite3_prepare_v2(db, sql, -1, &stmt_, nullptr);
  }
  ~Stmt() { sqlite3_finalize(stmt_); }
  Stmt(const Stmt&) = delete;
  Stmt& operator=(const Stmt&) = delete;

  bool prepared() const { return rc_ == SQLITE_OK && stmt_ != nullptr; }
  Stmt& bind(int i, const std::string& text) {
    if (rc_ == SQLITE_OK)
      rc_ =
          sqlite3_bind_text(stmt_, i, text.data(), static_cast<int>(text.size()), SQLITE_TRANSIENT);
    return *this;
  }
  Stmt& bind(int i, std::int64_t v) {
    if (rc_ == SQLITE_OK) rc_ = sqlite3_bind_int64(stmt_, i, v);
    return *this;
  }
  // SQLITE_ROW, SQLITE_DONE or an error code.
  int step() {
    if (rc_ != SQLITE_OK) return rc_;
    const int rc = sqlite3_step(stmt_);
    if (rc != SQLITE_ROW && rc != SQLITE_DONE) rc_ = rc;
    return rc;
  }
  bool reset() {
    sqlite3_reset(stmt_);
    sqlite3_clear_bindings(stmt_);
    return rc_ == SQLITE_OK;
  }
  std::string text(int col) const {
    const auto* p = sqlite3_column_text(stmt_, col);
    return p == nullptr ? std::string()
                        : std::string(reinterpret_cast<const char*>(p),
                                      static_cast<std::size_t>(sqlite3_column_bytes(stmt_, col)));
  }
  std::int64_t int64(int col) const { return sqlite3_column_int64(stmt_, col); }
  std::string error() const { return sqlite3_errmsg(db_); }

 private:
  sqlite3* db_;
  sqlite3_stmt* stmt_ = nullptr;
  int rc_ = SQLITE_OK;
};

// Runs SQL without results; an error is one sentence.
core::Status exec(sqlite3* db, const char* sql) {
  char* msg = nullptr;
  if (sqlite3_exec(db, sql, nullptr, nullptr, &msg) != SQLITE_OK) {
    std::string text = msg != nullptr ? msg : sqlite3_errmsg(db);
    sqlite3_free(msg);
    return core::make_error(text);
  }
  return core::Status::Ok();
}

// One statement's single text result (for PRAGMAs).
core::Expected<std::string> query_text(sqlite3* db, const char* sql) {
  Stmt s(db, sql);
  if (!s.prepared()) return core::make_error(s.error());
  const int rc = s.step();
  if (rc == SQLITE_ROW) return s.text(0);
  if (rc == SQLITE_DONE) return std::string();
  return core::make_error(s.error());
}

std::string players_to_text(const std::map<std::string, std::string>& players) {
  return nlohmann::json(players).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::map<std::string, std::string> players_from_text(const std::string& text) {
  std::map<std::string, std::string> out;
  const auto j = nlohmann::json::parse(text, nullptr, false);
  if (!j.is_object()) return out;
  for (const auto& [k, v] : j.items())
    if (v.is_string()) out[k] = v.get<std::string>();
  return out;
}

std::uint64_t seed_from_text(const std::string& text) {
  std::uint64_t v = 0;
  std::from_chars(text.data(), text.data() + text.size(), v);
  return v;
}

// A transaction that rolls back unless committed.
class Transaction {
 public:
  Transaction(sqlite3* db, Durability durability) : db_(db), durability_(durability) {
    if (durability_ == Durability::kPowerLoss) (void)exec(db_, "PRAGMA synchronous=FULL");
    status_ = exec(db_, "BEGIN IMMEDIATE");
    open_ = status_.ok();
  }
  ~Transaction() {
    if (open_) (void)exec(db_, "ROLLBACK");
    if (durability_ == Durability::kPowerLoss) (void)exec(db_, "PRAGMA synchronous=NORMAL");
  }
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;

  const core::Status& begun() const { return status_; }
  core::Status commit() {
    auto s = exec(db_, "COMMIT");
    if (s) open_ = false;
    return s;
  }

 private:
  sqlite3* db_;
  Durability durability_;
  core::Status status_;
  bool open_ = false;
};

WriteResult failed(std::string_view what, const std::string& why) {
  return {WriteResult::Kind::kFailed,
          fmt::format("The game database could not {}: {}.", what, why)};
}

WriteResult insert_actions(sqlite3* db, const std::string& id, std::size_t from,
                           std::span<const game::HistoryItem> actions,
                           std::span<const std::size_t> time_limited = {}) {
  if (actions.empty()) return {};
  Stmt ins(db,
           "INSERT INTO actions (game_id, idx, player, action, time_limited) VALUES (?1, ?2, ?3, "
           "?4, ?5)");
  if (!ins.prepared()) return failed("store the actions", ins.error());
  for (std::size_t i = 0; i < actions.size(); ++i) {
    const bool limited =
        std::find(time_limited.begin(), time_limited.end(), from + i) != time_limited.end();
    ins.bind(1, id)
        .bind(2, static_cast<std::int64_t>(from + i))
        .bind(3, static_cast<std::int64_t>(actions[i].player))
        .bind(4, static_cast<std::int64_t>(actions[i].action))
        .bind(5, static_cast<std::int64_t>(limited ? 1 : 0));
    if (ins.step() != SQLITE_DONE) return failed("store the actions", ins.error());
    if (!ins.reset()) return failed("store the actions", ins.error());
  }
  return {};
}

// Updates the summary of game `id` if it has exactly `from` actions stored.
WriteResult update_summary(sqlite3* db, const std::string& id, std::size_t from,
                           const GameSummary& summary) {
  Stmt up(db,
          "UPDATE games SET actions = ?1, terminal = ?2, waiting_for = ?3, status_line = ?4, "
          "updated = ?5 WHERE id = ?6 AND actions = ?7");
  up.bind(1, static_cast<std::int64_t>(summary.actions))
      .bind(2, static_cast<std::int64_t>(summary.terminal ? 1 : 0))
      .bind(3, summary.waiting_for)
      .bind(4, summary.status_line)
      .bind(5, summary.updated)
      .bind(6, id)
      .bind(7, static_cast<std::int64_t>(from));
  if (up.step() != SQLITE_DONE) return failed("update the game", up.error());
  if (sqlite3_changes(db) != 1)
    return {WriteResult::Kind::kStale,
            fmt::format("Game {} has changed in the database since it was read.", id)};
  return {};
}

}  // namespace

core::Expected<std::unique_ptr<Store>> Store::open(const std::string& path) {
  sqlite3* db = nullptr;
  const int rc =
      sqlite3_open_v2(path.c_str(), &db,
                      SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX, nullptr);
  if (rc != SQLITE_OK) {
    const std::string why = db != nullptr ? sqlite3_errmsg(db) : sqlite3_errstr(rc);
    sqlite3_close(db);
    return core::make_error(fmt::format("Cannot open the game database '{}': {}.", path, why));
  }
  std::unique_ptr<Store> store(new Store(db, path));
  auto bad = [&](std::string_view what, const std::string& why) {
    return core::make_error(fmt::format("The game database '{}' {}: {}.", path, what, why));
  };
  sqlite3_busy_timeout(db, 5000);
  auto version = query_text(db, "PRAGMA user_version");
  if (!version) return bad("cannot be read", version.message());
  if (*version != "0" && *version != "1" && *version != std::to_string(kSchemaVersion))
    return bad("was written by another version of Carroccio",
               fmt::format("its schema is version {}, this server reads version {}", *version,
                           kSchemaVersion));
  auto mode = query_text(db, "PRAGMA journal_mode=WAL");
  if (!mode) return bad("cannot be used", mode.message());
  if (*mode != "wal")
    return bad("cannot run in WAL mode", fmt::format("SQLite answered journal mode '{}'", *mode));
  if (auto s = exec(db, "PRAGMA synchronous=NORMAL"); !s) return bad("cannot be used", s.message());
  if (auto s = exec(db, "PRAGMA foreign_keys=ON"); !s) return bad("cannot be used", s.message());
  if (*version == "1") {
    if (auto s = exec(db, "BEGIN IMMEDIATE"); !s) return bad("cannot be upgraded", s.message());
    if (auto s = exec(db, kUpgrade1To2); !s) {
      (void)exec(db, "ROLLBACK");
      return bad("cannot be upgraded to this version", s.message());
    }
    if (auto s = exec(db, "COMMIT"); !s) return bad("cannot be upgraded", s.message());
  }
  if (auto s = exec(db, kSchema); !s) return bad("cannot hold Carroccio games", s.message());
  if (auto s = exec(db, fmt::format("PRAGMA user_version={}", kSchemaVersion).c_str()); !s)
    return bad("cannot be used", s.message());
  return store;
}

Store::~Store() { sqlite3_close(db_); }

WriteResult Store::create(const GameHeader& h, const GameSummary& summary,
                          std::span<const game::HistoryItem> actions) {
  std::lock_guard lock(mu_);
  Transaction tx(db_, Durability::kPowerLoss);
  if (!tx.begun()) return failed("start a transaction", tx.begun().message());
  Stmt ins(db_,
           "INSERT INTO games (id, ruleset, scenario, options, players, seed, scenario_source, "
           "created, updated, actions, terminal, waiting_for, status_line, dice_secret, "
           "dice_commitment, owner_hash, open_seats, fresh_agents) VALUES (?1, ?2, ?3, ?4, ?5, "
           "?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18)");
  ins.bind(1, h.id)
      .bind(2, h.ruleset)
      .bind(3, h.scenario)
      .bind(4, h.options)
      .bind(5, players_to_text(h.players))
      .bind(6, std::to_string(h.seed))
      .bind(7, h.scenario_source)
      .bind(8, h.created)
      .bind(9, summary.updated)
      .bind(10, static_cast<std::int64_t>(summary.actions))
      .bind(11, static_cast<std::int64_t>(summary.terminal ? 1 : 0))
      .bind(12, summary.waiting_for)
      .bind(13, summary.status_line)
      .bind(14, h.dice_secret)
      .bind(15, h.dice_commitment)
      .bind(16, h.owner_hash)
      .bind(17, static_cast<std::int64_t>(h.open_seats ? 1 : 0))
      .bind(18, static_cast<std::int64_t>(h.fresh_agents ? 1 : 0));
  if (ins.step() != SQLITE_DONE) {
    if (sqlite3_extended_errcode(db_) == SQLITE_CONSTRAINT_PRIMARYKEY)
      return {WriteResult::Kind::kStale, fmt::format("Game {} already exists.", h.id)};
    return failed("store the new game", ins.error());
  }
  if (auto r = insert_actions(db_, h.id, 0, actions); !r.ok()) return r;
  Stmt seat(db_, "INSERT INTO seats (token_hash, game_id, side) VALUES (?1, ?2, ?3)");
  for (const auto& [side, hash] : h.seat_hashes) {
    seat.bind(1, hash).bind(2, h.id).bind(3, side);
    if (seat.step() != SQLITE_DONE) return failed("store the seats", seat.error());
    if (!seat.reset()) return failed("store the seats", seat.error());
  }
  if (auto s = tx.commit(); !s) return failed("commit the new game", s.message());
  return {};
}

WriteResult Store::append(const std::string& id, std::size_t from,
                          std::span<const game::HistoryItem> actions, const GameSummary& summary,
                          Durability durability, std::span<const std::size_t> time_limited) {
  std::lock_guard lock(mu_);
  Transaction tx(db_, durability);
  if (!tx.begun()) return failed("start a transaction", tx.begun().message());
  if (auto r = update_summary(db_, id, from, summary); !r.ok()) return r;
  if (auto r = insert_actions(db_, id, from, actions, time_limited); !r.ok()) return r;
  if (auto s = tx.commit(); !s) return failed("commit the actions", s.message());
  return {};
}

WriteResult Store::truncate(const std::string& id, std::size_t from, std::size_t length,
                            const GameSummary& summary) {
  std::lock_guard lock(mu_);
  Transaction tx(db_, Durability::kPowerLoss);
  if (!tx.begun()) return failed("start a transaction", tx.begun().message());
  if (auto r = update_summary(db_, id, from, summary); !r.ok()) return r;
  Stmt del(db_, "DELETE FROM actions WHERE game_id = ?1 AND idx >= ?2");
  del.bind(1, id).bind(2, static_cast<std::int64_t>(length));
  if (del.step() != SQLITE_DONE) return failed("take back the actions", del.error());
  if (auto s = tx.commit(); !s) return failed("commit the undo", s.message());
  return {};
}

core::Expected<std::optional<StoredGame>> Store::load(const std::string& id) {
  std::lock_guard lock(mu_);
  Stmt sel(db_,
           "SELECT ruleset, scenario, options, players, seed, scenario_source, created, updated, "
           "actions, terminal, waiting_for, status_line, dice_secret, dice_commitment, "
           "owner_hash, open_seats, fresh_agents FROM games WHERE id = ?1");
  sel.bind(1, id);
  const int rc = sel.step();
  if (rc == SQLITE_DONE) return std::optional<StoredGame>();
  if (rc != SQLITE_ROW)
    return core::make_error(fmt::format("Game {} could not be read: {}.", id, sel.error()));
  StoredGame g;
  g.header.id = id;
  g.header.ruleset = sel.text(0);
  g.header.scenario = sel.text(1);
  g.header.options = sel.text(2);
  g.header.players = players_from_text(sel.text(3));
  g.header.seed = seed_from_text(sel.text(4));
  g.header.scenario_source = sel.text(5);
  g.header.created = sel.text(6);
  g.summary.updated = sel.text(7);
  g.summary.actions = static_cast<std::size_t>(sel.int64(8));
  g.summary.terminal = sel.int64(9) != 0;
  g.summary.waiting_for = sel.text(10);
  g.summary.status_line = sel.text(11);
  g.header.dice_secret = sel.text(12);
  g.header.dice_commitment = sel.text(13);
  g.header.owner_hash = sel.text(14);
  g.header.open_seats = sel.int64(15) != 0;
  g.header.fresh_agents = sel.int64(16) != 0;
  Stmt seats(db_, "SELECT side, token_hash FROM seats WHERE game_id = ?1");
  seats.bind(1, id);
  int src;
  while ((src = seats.step()) == SQLITE_ROW) g.header.seat_hashes[seats.text(0)] = seats.text(1);
  if (src != SQLITE_DONE)
    return core::make_error(
        fmt::format("The seats of game {} could not be read: {}.", id, seats.error()));
  Stmt acts(db_,
            "SELECT idx, player, action, time_limited FROM actions WHERE game_id = ?1 ORDER BY "
            "idx");
  acts.bind(1, id);
  int arc;
  while ((arc = acts.step()) == SQLITE_ROW) {
    if (static_cast<std::size_t>(acts.int64(0)) != g.actions.size())
      return core::make_error(fmt::format(
          "Game {} is damaged in the database: action {} is missing.", id, g.actions.size()));
    if (acts.int64(3) != 0) g.time_limited.push_back(g.actions.size());
    g.actions.push_back(
        {static_cast<game::Player>(acts.int64(1)), static_cast<game::Action>(acts.int64(2))});
  }
  if (arc != SQLITE_DONE)
    return core::make_error(
        fmt::format("The actions of game {} could not be read: {}.", id, acts.error()));
  return std::optional<StoredGame>(std::move(g));
}

core::Expected<std::vector<GameListing>> Store::list(std::size_t limit, std::size_t offset,
                                                     const std::vector<std::string>* token_hashes) {
  std::lock_guard lock(mu_);
  std::vector<GameListing> out;
  if (token_hashes != nullptr && token_hashes->empty()) return out;
  std::string where;
  if (token_hashes != nullptr) {
    std::string marks;
    for (std::size_t i = 0; i < token_hashes->size(); ++i)
      marks += fmt::format("{}?{}", i == 0 ? "" : ", ", i + 3);
    where = fmt::format(
        "WHERE id IN (SELECT game_id FROM seats WHERE token_hash IN ({0})) OR owner_hash IN ({0}) ",
        marks);
  }
  const std::string sql =
      "SELECT id, ruleset, scenario, options, players, seed, created, updated, actions, "
      "terminal, waiting_for, status_line, dice_secret, dice_commitment, open_seats FROM games " +
      where + "ORDER BY updated DESC, rowid DESC LIMIT ?1 OFFSET ?2";
  Stmt sel(db_, sql.c_str());
  sel.bind(1, static_cast<std::int64_t>(limit)).bind(2, static_cast<std::int64_t>(offset));
  if (token_hashes != nullptr)
    for (std::size_t i = 0; i < token_hashes->size(); ++i)
      sel.bind(static_cast<int>(i + 3), (*token_hashes)[i]);
  int rc;
  while ((rc = sel.step()) == SQLITE_ROW) {
    GameListing g;
    g.header.id = sel.text(0);
    g.header.ruleset = sel.text(1);
    g.header.scenario = sel.text(2);
    g.header.options = sel.text(3);
    g.header.players = players_from_text(sel.text(4));
    g.header.seed = seed_from_text(sel.text(5));
    g.header.created = sel.text(6);
    g.summary.updated = sel.text(7);
    g.summary.actions = static_cast<std::size_t>(sel.int64(8));
    g.summary.terminal = sel.int64(9) != 0;
    g.summary.waiting_for = sel.text(10);
    g.summary.status_line = sel.text(11);
    g.header.dice_secret = sel.text(12);
    g.header.dice_commitment = sel.text(13);
    g.header.open_seats = sel.int64(14) != 0;
    out.push_back(std::move(g));
  }
  if (rc != SQLITE_DONE)
    return core::make_error(fmt::format("The games could not be listed: {}.", sel.error()));
  return out;
}

WriteResult Store::remove(const std::string& id) {
  std::lock_guard lock(mu_);
  Transaction tx(db_, Durability::kPowerLoss);
  if (!tx.begun()) return failed("start a transaction", tx.begun().message());
  Stmt del(db_, "DELETE FROM games WHERE id = ?1");
  del.bind(1, id);
  if (del.step() != SQLITE_DONE) return failed("delete the game", del.error());
  if (sqlite3_changes(db_) != 1)
    return {WriteResult::Kind::kStale, fmt::format("There is no game {}.", id)};
  if (auto s = tx.commit(); !s) return failed("commit the deletion", s.message());
  return {};
}

core::Expected<std::size_t> Store::count_unfinished() {
  std::lock_guard lock(mu_);
  Stmt sel(db_, "SELECT COUNT(*) FROM games WHERE terminal = 0");
  if (sel.step() != SQLITE_ROW)
    return core::make_error(fmt::format("The games could not be counted: {}.", sel.error()));
  return static_cast<std::size_t>(sel.int64(0));
}

core::Expected<std::vector<std::string>> Store::waiting_for_agents() {
  std::lock_guard lock(mu_);
  Stmt sel(db_, "SELECT id FROM games WHERE terminal = 0 AND waiting_for = 'agent' ORDER BY rowid");
  std::vector<std::string> out;
  int rc;
  while ((rc = sel.step()) == SQLITE_ROW) out.push_back(sel.text(0));
  if (rc != SQLITE_DONE)
    return core::make_error(fmt::format("The games could not be listed: {}.", sel.error()));
  return out;
}

}  // namespace carroccio::server
