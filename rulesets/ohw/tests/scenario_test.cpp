// Scenario loading (docs/scenario-format.md, ohw section): every built-in scenario loads, and bad
// files get one sentence naming the field.
#include <gtest/gtest.h>

#include "rulesets/ohw/tests/test_util.hpp"

namespace carroccio::ohw {
namespace {

using namespace testing;  // NOLINT(build/namespaces)

TEST(Scenario, EveryBuiltInScenarioLoads) {
  auto r = make_ruleset();
  ASSERT_FALSE(r->info().scenarios.empty());
  for (const auto& s : r->info().scenarios) {
    auto text = r->builtin_scenario(s.id);
    ASSERT_TRUE(text.ok()) << s.id;
    auto j = nlohmann::json::parse(*text);
    auto g = r->new_game(j, "ohw/" + s.id, {});
    EXPECT_TRUE(g.ok()) << s.id << ": " << (g.ok() ? "" : g.message());
  }
}

}  // namespace
}  // namespace carroccio::ohw

namespace carroccio::ohw {
namespace {

using namespace testing;  // NOLINT(build/namespaces)

nlohmann::json small() {
  return scenario_json({{"blue", "levies", 18, 6, 90}, {"red", "levies", 18, 30, 270}});
}

TEST(Scenario, BadFilesGetOneSentenceNamingTheField) {
  auto j = small();
  j["colour"] = "red";
  EXPECT_NE(load_error(j).find("field 'colour' is not a field"), std::string::npos)
      << load_error(j);
  j = small();
  j["ruleset"] = "bma";
  EXPECT_NE(load_error(j).find("field 'ruleset' is 'bma'"), std::string::npos);
  j = small();
  j["base"] = {{"width", 4}, {"depth", 3}};
  EXPECT_NE(load_error(j).find("field 'base'"), std::string::npos);
  j = small();
  j["units"][0]["x"] = 1;
  EXPECT_NE(load_error(j).find("field 'units[0].x' puts the base partly off the table"),
            std::string::npos);
  j = small();
  j["units"][1]["side"] = "green";
  EXPECT_NE(load_error(j).find("units[1].side"), std::string::npos);
  j = small();
  j["terrain"] = {{{"id", "w"}, {"type", "woods"}, {"polygon", {{0, 0}, {1, 1}, {2, 2}}}}};
  EXPECT_NE(load_error(j).find("terrain[0].polygon"), std::string::npos) << load_error(j);
  j = small();
  j["units"][0]["x"] = 18.123;
  EXPECT_NE(load_error(j).find("at most two decimals"), std::string::npos);
  EXPECT_EQ(load_error(small()), "");
}

TEST(Scenario, TheTableSidesTerrainAndRoadsAreReadAsEveryTableRulesetReadsThem) {
  // The table kit's reader (game/table/scenario.hpp): the same fields and sentences as fastplay
  // and gwkho, in inches to the hundredth.
  auto j = small();
  j["first"] = "green";
  EXPECT_EQ(load_error(j),
            "test.json: field 'first' is 'green', but must be blue, red or \"roll_off\".");
  j = small();
  j["table"] = {{"width", 300}, {"height", 36}};
  EXPECT_EQ(load_error(j),
            "test.json: field 'table.width' is 300, but must be from 12 to 240 inches.");
  j = small();
  j["sides"][1]["id"] = "blue";
  EXPECT_EQ(load_error(j), "test.json: field 'sides[1].id' repeats the id of the first side.");
  j = small();
  j["terrain"] = {{{"id", "w"}, {"type", "forest"}, {"rect", {0, 10, 4, 14}}}};
  EXPECT_EQ(load_error(j),
            "test.json: field 'terrain[0].type' is 'forest', but must be woods, town, hill, "
            "river, ford, bridge, marsh, lake, objective, redoubt or zone.");
  j = small();
  j["roads"] = {{{"id", "r"}, {"line", {{18, 0}}}}};
  EXPECT_EQ(load_error(j),
            "test.json: field 'roads[0].line' must be a list of at least 2 entries.");
  j = small();
  j["units"][0]["type"] = "pikes";
  EXPECT_EQ(load_error(j),
            "test.json: field 'units[0].type' is 'pikes', but must be knights, men_at_arms, "
            "archers, levies, irregulars, peasant_archers, wagon or rolled.");
  // Negative: a good table, first player, terrain piece and road load.
  j = small();
  j["first"] = "roll_off";
  j["table"] = {{"width", 48}, {"height", 36.5}};
  j["terrain"] = {{{"id", "w"}, {"type", "woods"}, {"rect", {0, 10, 4, 14}}}};
  j["roads"] = {{{"id", "r"}, {"line", {{30, 0}, {30, 36}}}}};
  EXPECT_EQ(load_error(j), "");
  const auto g = make_game(j);
  EXPECT_EQ(g->scenario_data().first, -1);
  EXPECT_EQ(g->scenario_data().height, 3650);
}

TEST(Scenario, OptionsAreCheckedByName) {
  auto r = make_ruleset();
  auto bad = r->new_game(small(), "t", {{"forts", "true"}});
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.message(),
            "'forts' is not an option of ohw: the options are fort, irregulars, peasant_archers, "
            "redoubt.");
  EXPECT_TRUE(r->new_game(small(), "t", {{"fort", "true"}}).ok());
}

}  // namespace
}  // namespace carroccio::ohw
