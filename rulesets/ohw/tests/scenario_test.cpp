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

TEST(Scenario, OptionsAreCheckedByName) {
  auto r = make_ruleset();
  auto bad = r->new_game(small(), "t", {{"forts", "true"}});
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.message().find("'forts' is not an option of ohw"), std::string::npos);
  EXPECT_TRUE(r->new_game(small(), "t", {{"fort", "true"}}).ok());
}

}  // namespace
}  // namespace carroccio::ohw
