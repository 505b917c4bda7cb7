// The built-in scenarios load and play to an end; bad scenario files get one sentence naming
// the file and the field.
#include <algorithm>

#include "core/rng.hpp"
#include "rulesets/fastplay/tests/test_util.hpp"

namespace carroccio::fastplay {
namespace {

std::shared_ptr<const FastplayGame> builtin(const std::string& id,
                                            const std::string& options = "") {
  auto r = make_ruleset();
  auto text = r->builtin_scenario(id);
  EXPECT_TRUE(text.ok()) << id;
  return testing::make_game(nlohmann::json::parse(*text), options);
}

TEST(FastplayScenarios, BuiltinScenariosLoad) {
  for (const char* id : {"meadow", "mill", "ford"}) {
    auto g = builtin(id);
    ASSERT_TRUE(g) << id;
    EXPECT_EQ(g->scenario_data().id, id);
    EXPECT_GE(g->starting_stands(0), 20) << id;
    EXPECT_GE(g->starting_stands(1), 20) << id;
    auto s = testing::new_state(g);
    EXPECT_EQ(s->check_invariants(), "") << id;
  }
  EXPECT_FALSE(make_ruleset()->builtin_scenario("nowhere").ok());
}

// Random decisions and dice until the end: every scenario ends by the turn limit at the latest,
// and the invariants hold after every step. (The choices are random; nothing here depends on
// which dice come up.)
TEST(FastplayScenarios, RandomGamesEndAndKeepInvariants) {
  for (const char* id : {"meadow", "mill", "ford"}) {
    auto g = builtin(id, "supreme_commander");
    core::Rng rng(7);
    auto s = testing::new_state(g);
    int steps = 0;
    while (!s->is_terminal() && steps < 20000) {
      // Prefer doing something over passing, so that the armies meet.
      testing::play(*s, testing::random_step(*s, rng, true));
      ASSERT_EQ(s->check_invariants(), "") << id << " step " << steps << "\n" << s->to_string();
      ++steps;
    }
    EXPECT_TRUE(s->is_terminal()) << id;
    EXPECT_FALSE(s->render_text(0).empty());
    EXPECT_TRUE(s->to_json(0).contains("units"));
  }
}

TEST(FastplayScenarios, BadFilesNameFileAndField) {
  using testing::U;
  auto good = testing::scenario_json(
      {{"a", "heavy_infantry", 50, 20, 90}, {"b", "heavy_infantry", 50, 80, 270}});
  EXPECT_EQ(testing::load_error(good), "");
  auto bad_type = good;
  bad_type["units"][1]["type"] = "dragoons";
  EXPECT_NE(testing::load_error(bad_type).find("test.json"), std::string::npos);
  EXPECT_NE(testing::load_error(bad_type).find("units[1].type"), std::string::npos);
  auto few = good;
  few["units"][0]["stands"] = 3;
  EXPECT_NE(testing::load_error(few).find("units[0].stands"), std::string::npos);
  auto off = good;
  off["units"][0]["x"] = 2;
  EXPECT_NE(testing::load_error(off).find("off the table"), std::string::npos);
  auto on_top = good;
  on_top["units"][1]["y"] = 21;
  EXPECT_NE(testing::load_error(on_top).find("units[1].x"), std::string::npos);
  auto first = good;
  first["first"] = "c";
  EXPECT_NE(testing::load_error(first).find("'first'"), std::string::npos);
  auto machine = good;
  machine["units"][0]["type"] = "ballista";
  machine["units"][0]["stands"] = 4;
  EXPECT_NE(testing::load_error(machine).find("units[0].stands"), std::string::npos);
  auto opts = game::parse_options("nonsense");
  ASSERT_TRUE(opts.ok());
  auto g = make_ruleset()->new_game(good, "test.json", *opts);
  ASSERT_FALSE(g.ok());
  EXPECT_EQ(g.message(),
            "'nonsense' is not an option of fastplay: the only option is supreme_commander.");
}

TEST(FastplayScenarios, TheTableSidesTerrainAndRoadsAreReadAsEveryTableRulesetReadsThem) {
  // The table kit's reader (game/table/scenario.hpp): the same fields, limits in centimetres and
  // sentences as ohw and gwkho.
  auto good = testing::scenario_json(
      {{"a", "heavy_infantry", 50, 20, 90}, {"b", "heavy_infantry", 50, 80, 270}});
  auto first = good;
  first["first"] = "c";
  EXPECT_EQ(testing::load_error(first),
            "test.json: field 'first' is 'c', but must be a, b or \"roll\".");
  auto table = good;
  table["table"]["width"] = 10;
  EXPECT_EQ(testing::load_error(table),
            "test.json: field 'table.width' is 10, but must be from 20 to 1000 cm.");
  auto fine = good;
  fine["units"][0]["x"] = 50.125;
  EXPECT_EQ(testing::load_error(fine),
            "test.json: field 'units[0].x' may have at most two decimals.");
  auto twice = good;
  twice["terrain"] = {{{"id", "w"}, {"type", "woods"}, {"rect", {0, 40, 10, 50}}},
                      {{"id", "w"}, {"type", "hill"}, {"rect", {20, 40, 30, 50}}}};
  EXPECT_EQ(testing::load_error(twice), "test.json: field 'terrain[1].id' repeats the id 'w'.");
  auto road = good;
  road["roads"] = {{{"id", "r"}, {"line", {{0, 50}, {0, 50}, {100, 50}}}}};
  EXPECT_EQ(testing::load_error(road),
            "test.json: field 'roads[0].line[1]' repeats the point before it.");
  auto side = good;
  side["units"][1]["side"] = "c";
  EXPECT_EQ(testing::load_error(side),
            "test.json: field 'units[1].side' is 'c', but must be a or b.");
  // Negative: the same file with good values loads, and "roll" leaves the first mover to the d6.
  auto roll = good;
  roll["first"] = "roll";
  EXPECT_EQ(testing::load_error(roll), "");
  EXPECT_EQ(testing::make_game(roll)->scenario_data().first, -1);
}

// Two armies of two formations of three heavy infantry units each (ruling F-29); the first unit
// of each formation has the formation's commander with it, and each army a lone supreme
// commander (units 12 and 13) behind its line (ruling F-33).
nlohmann::json organised() {
  std::vector<testing::U> units;
  for (int k = 0; k < 6; ++k) units.push_back({"a", "heavy_infantry", 10.0 + 15 * k, 20, 90});
  for (int k = 0; k < 6; ++k) units.push_back({"b", "heavy_infantry", 10.0 + 15 * k, 80, 270});
  units.push_back(
      {"a", "heavy_cavalry", 50, 10, 90, {{"lone_commander", true}, {"supreme", true}}});
  units.push_back(
      {"b", "heavy_cavalry", 50, 90, 270, {{"lone_commander", true}, {"supreme", true}}});
  auto j = testing::scenario_json(units);
  j.erase("organisation");
  for (std::size_t i = 0; i < 12; ++i) {
    const std::string f = std::string(i < 6 ? "a" : "b") + (i % 6 < 3 ? "1" : "2");
    j["units"][i]["formation"] = f;
    if (i % 3 == 0) {
      j["units"][i]["commander"] = true;
      j["units"][i]["commands"] = f;
    }
  }
  return j;
}

// The error of loading `j` as the text of file test.json (with the line of the field).
std::string file_error(const nlohmann::json& j) {
  game::Registry reg;
  reg.add(make_ruleset());
  auto g = reg.load_source(j.dump(2), "test.json", {});
  return g.ok() ? std::string() : g.message();
}

// The line of the n-th (0-based) occurrence of `key` in the text of j.
std::string line_of_key(const nlohmann::json& j, const std::string& key, int n = 0) {
  const std::string text = j.dump(2);
  std::size_t at = text.find("\"" + key + "\"");
  for (int k = 0; k < n; ++k) at = text.find("\"" + key + "\"", at + 1);
  return "test.json:" +
         std::to_string(
             1 + std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n')) +
         ":";
}

TEST(FastplayScenarios, Clause_Organisation_FormationsOf3To4AndArmiesOf2Plus) {
  EXPECT_EQ(file_error(organised()), "");
  // A formation of two units (units 0 and 1; unit 2 moved to a2, which then has four).
  auto two = organised();
  two["units"][2]["formation"] = "a2";
  const std::string e2 = file_error(two);
  EXPECT_EQ(e2.rfind(line_of_key(two, "formation", 0), 0), 0u) << e2;
  EXPECT_NE(e2.find("field 'units[0].formation'"), std::string::npos) << e2;
  EXPECT_NE(e2.find("formation 'a1' of 2 units"), std::string::npos) << e2;
  // A formation of five units.
  auto five = organised();
  five["units"][3]["formation"] = "a1";
  five["units"][4]["formation"] = "a1";
  EXPECT_NE(file_error(five).find("formation 'a1' of 5 units"), std::string::npos);
  // An army of one formation (four units: a formation of the right size).
  auto one = organised();
  one["units"].erase(5);
  one["units"].erase(4);
  for (std::size_t i = 0; i < 4; ++i) one["units"][i]["formation"] = "a1";
  const std::string e1 = file_error(one);
  EXPECT_EQ(e1.rfind(line_of_key(one, "units"), 0), 0u) << e1;
  EXPECT_NE(e1.find("field 'units' gives side 'a' 1 formation, but an army has at least 2"),
            std::string::npos)
      << e1;
  // A unit without a formation, and one of the other army's.
  auto none = organised();
  none["units"][1].erase("formation");
  EXPECT_NE(file_error(none).find("field 'units[1].formation' must name"), std::string::npos);
  auto mixed = organised();
  mixed["units"][6]["formation"] = "a2";
  EXPECT_NE(file_error(mixed).find("units[6].formation' puts units of both armies"),
            std::string::npos);
  // Free organisation (drills) accepts the same file; an unknown organisation is refused.
  auto drill = one;
  drill["organisation"] = "free";
  EXPECT_EQ(file_error(drill), "");
  drill["organisation"] = "loose";
  EXPECT_NE(file_error(drill).find("'organisation'"), std::string::npos);
}

TEST(FastplayScenarios, Clause_Organisation_OneCommanderPerFormationAndASupremeCommander) {
  EXPECT_EQ(file_error(organised()), "");
  // A formation without its commander: refused at its first unit's formation, with the line.
  auto leaderless = organised();
  leaderless["units"][3].erase("commander");
  leaderless["units"][3].erase("commands");
  const std::string e1 = file_error(leaderless);
  EXPECT_EQ(e1.rfind(line_of_key(leaderless, "formation", 3), 0), 0u) << e1;
  EXPECT_NE(e1.find("field 'units[3].formation' names formation 'a2', which has no commander"),
            std::string::npos)
      << e1;
  // Two commanders for one formation.
  auto two = organised();
  two["units"][4]["commander"] = true;
  two["units"][4]["commands"] = "a2";
  const std::string e2 = file_error(two);
  EXPECT_NE(e2.find("field 'units[4].commands' gives formation 'a2' a second commander"),
            std::string::npos)
      << e2;
  // A unit's commander who would lead another formation, or the other army's.
  auto elsewhere = organised();
  elsewhere["units"][3]["commands"] = "a1";
  EXPECT_NE(file_error(elsewhere).find("but the unit whose commander it is belongs to 'a2'"),
            std::string::npos);
  auto enemy = organised();
  enemy["units"][12]["supreme"] = false;
  enemy["units"][12]["commands"] = "b1";
  EXPECT_NE(file_error(enemy).find("'units[12].commands' names 'b1', which is no formation of "
                                   "side 'a'"),
            std::string::npos)
      << file_error(enemy);
  // `commands` needs a commander figure; a lone commander must lead something.
  auto nobody = organised();
  nobody["units"][1]["commands"] = "a1";
  EXPECT_NE(file_error(nobody).find("'units[1].commands' needs a commander"), std::string::npos);
  auto idle = organised();
  idle["units"][13]["supreme"] = false;
  EXPECT_NE(file_error(idle).find("'units[13].lone_commander' is a commander who leads nothing"),
            std::string::npos);
  // An army without a supreme commander.
  auto headless = organised();
  headless["units"].erase(13);
  const std::string e3 = file_error(headless);
  EXPECT_EQ(e3.rfind(line_of_key(headless, "units"), 0), 0u) << e3;
  EXPECT_NE(e3.find("field 'units' gives side 'b' no supreme commander"), std::string::npos) << e3;
  // Accepted: a formation led by a lone commander, and a supreme commander with his bodyguard
  // unit, which belongs to no formation (a bodyguard in a formation is refused).
  auto other_forms = organised();
  other_forms["units"][3].erase("commander");
  other_forms["units"][3].erase("commands");
  other_forms["units"].push_back({{"id", "a2-lord"},
                                  {"side", "a"},
                                  {"type", "light_cavalry"},
                                  {"x", 80},
                                  {"y", 10},
                                  {"heading", 90},
                                  {"lone_commander", true},
                                  {"commands", "a2"}});
  other_forms["units"][12] = {{"id", "guard"},     {"side", "a"},    {"type", "heavy_cavalry"},
                              {"x", 30},           {"y", 8},         {"heading", 90},
                              {"commander", true}, {"supreme", true}};
  EXPECT_EQ(file_error(other_forms), "");
  auto guard_in_line = other_forms;
  guard_in_line["units"][12]["formation"] = "a1";
  EXPECT_NE(file_error(guard_in_line)
                .find("'units[12].formation' is not for the supreme commander's bodyguard"),
            std::string::npos)
      << file_error(guard_in_line);
  // Free organisation (drills) checks no commanders.
  auto drill = headless;
  drill["organisation"] = "free";
  drill["units"][3].erase("commander");
  drill["units"][3].erase("commands");
  EXPECT_EQ(file_error(drill), "");
}

TEST(FastplayScenarios, RecordReplaysToTheSameState) {
  auto g = builtin("ford");
  core::Rng rng(3);
  auto s = testing::new_state(g);
  for (int i = 0; i < 400 && !s->is_terminal(); ++i) {
    testing::play(*s, testing::random_step(*s, rng, false));
  }
  auto again = testing::new_state(g);
  for (const auto& h : s->history()) testing::play(*again, h.action);
  EXPECT_EQ(again->to_string(), s->to_string());
  EXPECT_EQ(again->hash(), s->hash());
}

}  // namespace
}  // namespace carroccio::fastplay
