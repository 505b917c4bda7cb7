// The SQLite store: games and their actions, stale writes refused, undo, WAL mode.
#include "server/store.hpp"

#include <gtest/gtest.h>

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
