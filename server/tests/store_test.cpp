// The SQLite store: games and their actions, stale writes refused, undo, WAL mode.
#include "server/store.hpp"

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <filesystem>
#include <fstream>

#include "server/tests/test_util.hpp"

namespace carroccio::server {
namespace {

GameHeader header(const std::string& id) {
  GameHeader h;
  h.id = id;
  h.ruleset = "race";
  h.scenario = "sprint";
  h.options = "cautious";
  h.players = {{"red", "human"}, {"blue", "random"}};
  h.seed = 18446744073709551615ull;
  h.scenario_source = R"({"ruleset": "race"})";
  h.created = "2025-01-01T00:00:00.000Z";
  return h;
}

GameSummary summary(std::size_t actions, const std::string& updated) {
  return {actions, false, "human", "Turn 1", updated};
}

TEST(Store, KeepsGamesAndActionsAcrossReopening) {
  testing::TempDir dir;
  const std::string path = dir.file("games.db");
  const std::vector<game::HistoryItem> first = {{0, 1}, {-1, 104}};
  {
    auto store = Store::open(path);
    ASSERT_TRUE(store.ok()) << store.message();
    ASSERT_TRUE(
        (*store)->create(header("g-1"), summary(2, "2025-01-01T00:00:01.000Z"), first).ok());
    ASSERT_TRUE((*store)->create(header("g-2"), summary(0, "2025-01-01T00:00:02.000Z"), {}).ok());
    EXPECT_EQ((*store)->create(header("g-2"), summary(0, "x"), {}).kind,
              WriteResult::Kind::kStale);  // the id is taken
    const std::vector<game::HistoryItem> more = {{1, 0}};
    EXPECT_TRUE((*store)
                    ->append("g-1", 2, more, summary(3, "2025-01-01T00:00:03.000Z"),
                             Durability::kProcessCrash)
                    .ok());
    // A writer that believes the game has 2 actions is stale now.
    EXPECT_EQ((*store)->append("g-1", 2, more, summary(3, "y"), Durability::kPowerLoss).kind,
              WriteResult::Kind::kStale);
  }
  EXPECT_TRUE(std::filesystem::exists(path + "-wal") || std::filesystem::exists(path));
  auto store = Store::open(path);
  ASSERT_TRUE(store.ok()) << store.message();
  auto g = (*store)->load("g-1");
  ASSERT_TRUE(g.ok() && g->has_value());
  const StoredGame& s = **g;
  EXPECT_EQ(s.header.players.at("blue"), "random");
  EXPECT_EQ(s.header.seed, 18446744073709551615ull);
  EXPECT_EQ(s.header.options, "cautious");
  EXPECT_EQ(s.summary.actions, 3u);
  ASSERT_EQ(s.actions.size(), 3u);
  EXPECT_EQ(s.actions[1], (game::HistoryItem{-1, 104}));
  EXPECT_EQ(s.actions[2], (game::HistoryItem{1, 0}));
  auto missing = (*store)->load("g-9");
  ASSERT_TRUE(missing.ok());
  EXPECT_FALSE(missing->has_value());

  auto list = (*store)->list(10, 0);
  ASSERT_TRUE(list.ok());
  ASSERT_EQ(list->size(), 2u);
  EXPECT_EQ((*list)[0].header.id, "g-1");  // updated last
  EXPECT_EQ((*store)->list(1, 1)->at(0).header.id, "g-2");

  ASSERT_TRUE((*store)->truncate("g-1", 3, 1, summary(1, "2025-01-01T00:00:04.000Z")).ok());
  EXPECT_EQ((*(*store)->load("g-1"))->actions.size(), 1u);
  EXPECT_EQ((*store)->truncate("g-1", 3, 0, summary(0, "z")).kind, WriteResult::Kind::kStale);
}

TEST(Store, KeepsSeatsSecretDiceAndTimeLimitedDecisionsAndDeletes) {
  testing::TempDir dir;
  auto store = Store::open(dir.file("games.db"));
  ASSERT_TRUE(store.ok()) << store.message();
  GameHeader h = header("g-1");
  h.dice_secret = std::string(64, 'a');
  h.dice_commitment = std::string(64, 'b');
  h.seat_hashes = {{"red", "hash-red"}};
  h.owner_hash = "hash-owner";
  h.fresh_agents = true;
  ASSERT_TRUE((*store)->create(h, summary(0, "2025-01-01T00:00:01.000Z"), {}).ok());
  ASSERT_TRUE((*store)->create(header("g-2"), summary(0, "2025-01-01T00:00:02.000Z"), {}).ok());
  const std::vector<game::HistoryItem> moves = {{0, 1}, {1, 0}, {-1, 104}};
  const std::vector<std::size_t> limited = {1};
  ASSERT_TRUE((*store)
                  ->append("g-1", 0, moves, summary(3, "2025-01-01T00:00:03.000Z"),
                           Durability::kProcessCrash, limited)
                  .ok());
  auto g = (*store)->load("g-1");
  ASSERT_TRUE(g.ok() && g->has_value());
  EXPECT_EQ((**g).header.dice_secret, std::string(64, 'a'));
  EXPECT_EQ((**g).header.seat_hashes.at("red"), "hash-red");
  EXPECT_EQ((**g).header.owner_hash, "hash-owner");
  EXPECT_TRUE((**g).header.fresh_agents);
  EXPECT_FALSE((**g).header.open_seats);
  EXPECT_EQ((**g).time_limited, std::vector<std::size_t>{1});
  // Listing by token hashes: a seat's or the owner's; nothing for none.
  const std::vector<std::string> red = {"hash-red"}, owner = {"hash-owner"}, none = {"other"};
  EXPECT_EQ((*store)->list(10, 0, &red)->size(), 1u);
  EXPECT_EQ((*store)->list(10, 0, &owner)->at(0).header.id, "g-1");
  EXPECT_TRUE((*store)->list(10, 0, &none)->empty());
  EXPECT_EQ((*store)->list(10, 0)->size(), 2u);
  EXPECT_EQ(*(*store)->count_unfinished(), 2u);
  // Deleting takes the game, its actions and seats; a second time there is nothing to delete.
  ASSERT_TRUE((*store)->remove("g-1").ok());
  EXPECT_FALSE((*store)->load("g-1")->has_value());
  EXPECT_TRUE((*store)->list(10, 0, &red)->empty());
  EXPECT_EQ((*store)->remove("g-1").kind, WriteResult::Kind::kStale);
  EXPECT_EQ(*(*store)->count_unfinished(), 1u);
}

TEST(Store, UpgradesAVersionOneDatabaseKeepingItsGamesWithOpenSeats) {
  testing::TempDir dir;
  const std::string path = dir.file("old.db");
  {
    // The schema of version 1, as an older server wrote it.
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
    const char* v1 = R"sql(
PRAGMA journal_mode=WAL;
CREATE TABLE games (id TEXT PRIMARY KEY, ruleset TEXT NOT NULL, scenario TEXT NOT NULL,
  options TEXT NOT NULL, players TEXT NOT NULL, seed TEXT NOT NULL, scenario_source TEXT NOT NULL,
  created TEXT NOT NULL, updated TEXT NOT NULL, actions INTEGER NOT NULL, terminal INTEGER NOT NULL,
  waiting_for TEXT NOT NULL, status_line TEXT NOT NULL);
CREATE TABLE actions (game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  idx INTEGER NOT NULL, player INTEGER NOT NULL, action INTEGER NOT NULL,
  PRIMARY KEY (game_id, idx)) WITHOUT ROWID;
INSERT INTO games VALUES ('g-old', 'race', 'sprint', '', '{"red":"human","blue":"human"}', '42',
  '{"ruleset":"race"}', 'c', 'u', 1, 0, 'human', 'Turn 1');
INSERT INTO actions VALUES ('g-old', 0, 0, 0);
PRAGMA user_version=1;
)sql";
    ASSERT_EQ(sqlite3_exec(db, v1, nullptr, nullptr, nullptr), SQLITE_OK);
    sqlite3_close(db);
  }
  auto store = Store::open(path);
  ASSERT_TRUE(store.ok()) << store.message();
  auto g = (*store)->load("g-old");
  ASSERT_TRUE(g.ok() && g->has_value()) << g.message();
  EXPECT_EQ((**g).header.seed, 42u);
  EXPECT_TRUE((**g).header.open_seats);
  EXPECT_FALSE((**g).header.fresh_agents);
  EXPECT_TRUE((**g).header.dice_secret.empty());
  EXPECT_EQ((**g).actions.size(), 1u);
  // New games go in beside it.
  EXPECT_TRUE((*store)->create(header("g-new"), summary(0, "v"), {}).ok());
}

TEST(Store, RefusesWhatIsNotADatabase) {
  testing::TempDir dir;
  std::ofstream(dir.file("junk.db")) << std::string(4096, 'j');
  auto junk = Store::open(dir.file("junk.db"));
  ASSERT_FALSE(junk.ok());
  EXPECT_NE(junk.message().find("junk.db"), std::string::npos) << junk.message();
  auto nowhere = Store::open(dir.file("no/such/dir/games.db"));
  ASSERT_FALSE(nowhere.ok());
  EXPECT_NE(nowhere.message().find("Cannot open"), std::string::npos) << nowhere.message();
}

}  // namespace
}  // namespace carroccio::server
