// The referee's entry points: resolve_request (the browser's), describe_tables, the command
// line, and the ruleset registration.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "rulesets/alsh/cli.hpp"
#include "rulesets/alsh/resolvers.hpp"
#include "rulesets/alsh/ruleset.hpp"
#include "rulesets/alsh/tests/test_util.hpp"

namespace carroccio::alsh {
namespace {

using nlohmann::json;

struct Run {
  int code;
  std::string out;
  std::string err;
};

Run referee_cli(std::vector<std::string> args) {
  std::ostringstream out, err;
  const int code = run_cli(args, out, err);
  return {code, out.str(), err.str()};
}

// ---- resolve_request ----------------------------------------------------------------------

TEST(Alsh_Referee, Request_PhysicalDice) {
  auto r = resolve_request(
      {{"table", "artillery"},
       {"situation", {{"column", 5}, {"combat", "siege"}, {"siege-artillery", true}}},
       {"dice", {2}}});
  ASSERT_TRUE(r.ok()) << r.message();
  EXPECT_EQ((*r)["mode"], "physical");
  EXPECT_EQ((*r)["rolls"][0]["value"], 2);
  EXPECT_EQ((*r)["result"]["detail"]["breach"], true);
  EXPECT_EQ((*r)["odds_total"], "1");
  EXPECT_TRUE((*r)["warnings"].empty());
}

TEST(Alsh_Referee, Request_SeedIsReproducible) {
  json q = {{"table", "major-battle"},
            {"situation",
             {{"attacker-column", 2},
              {"defender-column", 3},
              {"attacker-sp", 12},
              {"defender-sp", 9},
              {"attacker-quality", 2},
              {"defender-quality", 1}}},
            {"seed", 12345}};
  auto a = resolve_request(q);
  auto b = resolve_request(q);
  ASSERT_TRUE(a.ok()) << a.message();
  EXPECT_EQ(a->dump(), b->dump());
  EXPECT_EQ((*a)["mode"], "rolled");
  EXPECT_EQ((*a)["seed"], 12345);
  EXPECT_GE((*a)["rolls"].size(), 3u);
}

TEST(Alsh_Referee, Request_WithoutDiceGivesOddsOnly) {
  auto r = resolve_request({{"table", "charge"}, {"situation", {{"sp", 3}}}});
  ASSERT_TRUE(r.ok()) << r.message();
  EXPECT_EQ((*r)["mode"], "odds");
  EXPECT_FALSE(r->contains("result"));
  EXPECT_EQ((*r)["odds_total"], "1");
}

TEST(Alsh_Referee, Request_TwoDiceAsText) {
  auto r = resolve_request({{"table", "admin-points"},
                            {"situation", {{"distance", 35}, {"nominal", 5}}},
                            {"dice", {"2 4"}}});
  ASSERT_TRUE(r.ok()) << r.message();
  EXPECT_EQ((*r)["result"]["detail"]["received"], 4);
}

TEST(Alsh_Referee, Request_UserAssaultGrid) {
  std::ifstream in(testing::test_data("assault_synthetic.json"));
  json grid = json::parse(in);
  json q = {
      {"table", "assault"},
      {"situation",
       {{"attacker-quality", 2}, {"defender-quality", 2}, {"attacker-sp", 5}, {"defender-sp", 5}}},
      {"dice", {4}},
      {"assault_table", grid}};
  auto r = resolve_request(q);
  ASSERT_TRUE(r.ok()) << r.message();
  EXPECT_EQ((*r)["resolved"], true);
  EXPECT_FALSE((*r)["warnings"].empty());  // the synthetic grid is marked guessed
  q.erase("assault_table");
  q.erase("dice");
  auto missing = resolve_request(q);
  ASSERT_TRUE(missing.ok());
  EXPECT_EQ((*missing)["resolved"], false);
  EXPECT_TRUE((*missing)["odds"].empty());
  q["assault_table"] = {{"format", "nope"}};
  auto bad = resolve_request(q);
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.message().find("request.assault_table: format"), std::string::npos);
}

TEST(Alsh_Referee, Request_ErrorsAreOneSentence) {
  auto expect_error = [](const json& q, const std::string& needle) {
    auto r = resolve_request(q);
    ASSERT_FALSE(r.ok()) << q.dump();
    EXPECT_NE(r.message().find(needle), std::string::npos) << r.message();
  };
  expect_error({{"table", "dragons"}}, "not an alsh table");
  expect_error(json::array(), "JSON object");
  expect_error({{"table", "charge"}, {"situation", {{"wings", 2}}}}, "no situation field 'wings'");
  expect_error({{"table", "charge"}, {"situation", {{"sp", "many"}}}}, "whole number");
  expect_error({{"table", "charge"}, {"situation", {{"sp", 3}}}, {"dice", {7}}},
               "not a possible roll");
  expect_error({{"table", "charge"}, {"situation", {{"sp", 3}}}, {"dice", {3, 4}}},
               "only 1 roll is needed");
  expect_error({{"table", "mb-crt"}, {"situation", {{"drm", -5}}}, {"dice", {1}}},
               "give one more die");
  expect_error({{"table", "terrain"}, {"situation", json::object()}, {"dice", {3}}},
               "without dice");
  expect_error({{"table", "orders"}, {"situation", {{"order", "stand"}}}, {"dice", {3}}},
               "without dice");
  expect_error({{"table", "charge"}, {"situation", {{"sp", 3}}}, {"colour", "red"}},
               "no field 'colour'");
  expect_error({{"table", "charge"}, {"situation", {{"sp", 3}}}, {"seed", -1}}, "seed");
}

TEST(Alsh_Referee, DescribeTables_EveryTableAndField) {
  const json d = describe_tables();
  std::vector<std::string> names;
  for (const auto& t : d["tables"]) names.push_back(t["name"]);
  for (const char* want :
       {"terrain", "artillery", "charge", "discipline", "recovery", "pursuit", "initiative",
        "assault", "major-battle", "mb-initiative", "mb-ratio", "mb-cavalry", "mb-crt",
        "admin-points", "orders", "attrition", "tactical-options", "unit-types"})
    EXPECT_NE(std::find(names.begin(), names.end(), want), names.end()) << want;
  for (const auto& t : d["tables"])
    for (const auto& f : t["fields"]) {
      EXPECT_TRUE(f.contains("type"));
      if (f["type"] == "enum") {
        EXPECT_FALSE(f["values"].empty()) << t["name"] << " " << f["name"];
      }
    }
}

TEST(Alsh_Referee, EveryTableResolvesWithDefaultsOrSaysWhatItNeeds) {
  for (const auto& p : procedures()) {
    auto r = resolve_request({{"table", p.name}, {"situation", json::object()}});
    if (!r.ok()) {
      EXPECT_NE(r.message().find("--"), std::string::npos) << p.name << ": " << r.message();
    }
  }
}

// ---- Command line -------------------------------------------------------------------------

TEST(Alsh_Cli, UsageListsTablesAndOptions) {
  auto r = referee_cli({});
  EXPECT_EQ(r.code, 0);
  EXPECT_NE(r.out.find("major-battle"), std::string::npos);
  EXPECT_NE(r.out.find("--siege-status"), std::string::npos);
  EXPECT_NE(r.out.find("--assault-table"), std::string::npos);
  EXPECT_EQ(referee_cli({"--help"}).code, 0);
  auto one = referee_cli({"pursuit", "--help"});
  EXPECT_EQ(one.code, 0);
  EXPECT_NE(one.out.find("--stradiots"), std::string::npos);
}

// Each table answers its own --help (CLI11's layout from the table's fields,
// game/command_line.hpp): its usage line, title, every field with its range or choices, the dice
// flags only where it rolls, nothing on the error stream.
TEST(Alsh_Cli, EveryTableAnswersItsOwnHelp) {
  const std::string overview = referee_cli({"--help"}).out;
  for (const auto& p : procedures()) {
    const auto r = referee_cli({p.name, "--help"});
    EXPECT_EQ(r.code, 0) << p.name;
    EXPECT_TRUE(r.err.empty()) << r.err;
    EXPECT_EQ(r.out.rfind("Usage: carroccio alsh " + p.name + " [flags]\n" + p.title + ": ", 0), 0u)
        << r.out;
    for (const auto& f : p.fields) EXPECT_NE(r.out.find("--" + f.name), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("--die N") != std::string::npos, p.dice.has_value()) << r.out;
    EXPECT_NE(r.out, overview) << p.name;
    EXPECT_EQ(referee_cli({p.name, "-h", "--json"}).out, r.out) << p.name;
  }
  // Negative: a table that does not exist has no help, but the sentence naming the tables.
  const auto none = referee_cli({"dragons", "--help"});
  EXPECT_EQ(none.code, 2);
  EXPECT_TRUE(none.out.empty());
  EXPECT_EQ(
      none.err.rfind("carroccio: 'dragons' is not an alsh table: the tables are terrain, ", 0), 0u)
      << none.err;
}

TEST(Alsh_Cli, PhysicalDieResolvesWithOdds) {
  auto r = referee_cli({"artillery", "--column", "6", "--die", "5"});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("Dice as you rolled them"), std::string::npos);
  EXPECT_NE(r.out.find("Exact odds"), std::string::npos);
  EXPECT_NE(r.out.find("guessed"), std::string::npos);  // row 5, column 6 is a guess
}

TEST(Alsh_Cli, SeedPrintedAndReproducible) {
  auto a = referee_cli({"discipline", "--column", "2", "--sp", "4", "--seed", "99"});
  auto b = referee_cli({"discipline", "--column", "2", "--sp", "4", "--seed", "99"});
  EXPECT_EQ(a.code, 0) << a.err;
  EXPECT_EQ(a.out, b.out);
  EXPECT_NE(a.out.find("seed 99"), std::string::npos);
  auto fresh = referee_cli({"discipline", "--column", "2"});
  EXPECT_NE(fresh.out.find("repeat with --seed"), std::string::npos);
}

TEST(Alsh_Cli, JsonMatchesResolveRequest) {
  auto r = referee_cli({"pursuit", "--cavalry-sp", "6", "--bonus-star", "--die", "4", "--json"});
  ASSERT_EQ(r.code, 0) << r.err;
  auto j = json::parse(r.out);
  auto q = resolve_request({{"table", "pursuit"},
                            {"situation", {{"cavalry-sp", 6}, {"bonus-star", true}}},
                            {"dice", {4}}});
  ASSERT_TRUE(q.ok());
  EXPECT_EQ(j, *q);
}

TEST(Alsh_Cli, OptionForms) {
  EXPECT_EQ(referee_cli({"charge", "--sp=3", "--flank=yes", "--die", "4"}).code, 0);
  EXPECT_EQ(referee_cli({"mb-crt", "--drm", "-3", "--odds"}).code, 0);
  EXPECT_EQ(referee_cli({"admin-points", "--column", "2", "--die", "3 4"}).code, 0);
  EXPECT_EQ(referee_cli({"attrition", "--sp", "20", "--area",
                         "mountain,heath,swamp,clear+pillaged,clear,"
                         "wood,clear",
                         "--die", "3"})
                .code,
            0);
  EXPECT_EQ(referee_cli({"terrain", "--hex", "wood"}).code, 0);
}

TEST(Alsh_Cli, GivenColumnsAreNotFlaggedAsGuessedWhenShifted) {
  // --column rests on no guessed heading, even shifted one column right by Mud.
  auto mud = referee_cli({"admin-points", "--column", "2", "--weather", "mud", "--die", "7"});
  EXPECT_EQ(mud.code, 0) << mud.err;
  EXPECT_EQ(mud.out.find("uncertain readings"), std::string::npos) << mud.out;
  EXPECT_EQ(mud.out.find("21-30"), std::string::npos) << mud.out;
  EXPECT_NE(mud.out.find("column 3 of your chart"), std::string::npos) << mud.out;
  // The Siege Status shift names the column of the person's chart it lands on.
  auto siege = referee_cli({"artillery", "--column", "2", "--combat", "siege", "--siege-status",
                            "2", "--die", "4", "--json"});
  ASSERT_EQ(siege.code, 0) << siege.err;
  const json report = json::parse(siege.out);
  bool named = false;
  for (const auto& b : report["basis"])
    named = named || b["what"].get<std::string>().find(
                         "column 4 counted from the left on your "
                         "chart") != std::string::npos;
  EXPECT_TRUE(named) << siege.out;
  // Negative: read from the distance, the guessed headings are flagged.
  auto guessed =
      referee_cli({"admin-points", "--distance", "15", "--weather", "mud", "--die", "7"});
  EXPECT_NE(guessed.out.find("uncertain readings"), std::string::npos) << guessed.out;
}

TEST(Alsh_Cli, TerrainSaysHowSeveralFeaturesCombine) {
  auto r = referee_cli(
      {"terrain", "--hex", "hill", "--feature", "earthworks", "--hexside", "secondary-river"});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("artillery fire -3 in all"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Cavalry Charge -2 in all"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("they add up"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("-1 to Artillery fire; -1 to Cavalry Charge"), std::string::npos) << r.out;
  // Negative: a single feature is printed alone, with nothing to add up.
  auto hill = referee_cli({"terrain", "--hex", "hill"});
  EXPECT_NE(hill.out.find("artillery fire -1 (Hill hex)"), std::string::npos) << hill.out;
  EXPECT_EQ(hill.out.find("add up"), std::string::npos) << hill.out;
}

TEST(Alsh_Cli, UsageErrorsExitTwo) {
  auto unknown = referee_cli({"dragons"});
  EXPECT_EQ(unknown.code, 2);
  EXPECT_NE(unknown.err.find("not an alsh table"), std::string::npos);
  auto option = referee_cli({"charge", "--sp", "3", "--wings"});
  EXPECT_EQ(option.code, 2);
  EXPECT_NE(option.err.find("'--wings' is not an option of 'carroccio alsh charge': it takes --sp"),
            std::string::npos)
      << option.err;
  auto die = referee_cli({"charge", "--sp", "3", "--die", "7"});
  EXPECT_EQ(die.code, 2);
  EXPECT_NE(die.err.find("7 is not a possible roll of a d6"), std::string::npos) << die.err;
  EXPECT_EQ(referee_cli({"charge", "--sp", "lots"}).code, 2);
  EXPECT_EQ(referee_cli({"charge", "--sp", "3", "--weather", "fog"}).code, 2);
  EXPECT_EQ(referee_cli({"orders", "--order", "stand", "--die", "3"}).code, 2);
  EXPECT_EQ(referee_cli({"charge", "--sp", "3", "--die", "3", "--seed", "4"}).code, 2);
  EXPECT_EQ(referee_cli({"charge", "--sp"}).code, 2);
  EXPECT_EQ(referee_cli({"charge", "3"}).code, 2);
  EXPECT_EQ(referee_cli({"charge", "--sp", "3", "--assault-table", "x.json"}).code, 2);
  // Nothing is printed to the output on an error.
  EXPECT_TRUE(die.out.empty());
}

TEST(Alsh_Cli, AssaultWithoutGridExitsOneSayingSo) {
  auto r = referee_cli({"assault", "--attacker-quality", "2", "--defender-quality", "1",
                        "--attacker-sp", "8", "--defender-sp", "4"});
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.out.find("Cannot resolve"), std::string::npos);
  EXPECT_NE(r.out.find("--assault-table"), std::string::npos);
}

TEST(Alsh_Cli, AssaultWithoutGridButWithADie) {
  auto r = referee_cli({"assault", "--attacker-quality", "2", "--defender-quality", "1",
                        "--attacker-sp", "8", "--defender-sp", "4", "--die", "5"});
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.out.find("Cannot resolve"), std::string::npos);
}

TEST(Alsh_Cli, AssaultWithGridFile) {
  auto r = referee_cli({"assault", "--attacker-quality", "2", "--defender-quality", "1",
                        "--attacker-sp", "8", "--defender-sp", "4", "--assault-table",
                        testing::test_data("assault_synthetic.json"), "--die", "3"});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("Result: "), std::string::npos);
  EXPECT_NE(r.out.find("SYNTHETIC"), std::string::npos);
  auto bad = referee_cli({"assault", "--attacker-quality", "2", "--defender-quality", "1",
                          "--attacker-sp", "8", "--defender-sp", "4", "--assault-table",
                          testing::test_data("assault_bad_cell.json")});
  EXPECT_EQ(bad.code, 1);
  EXPECT_NE(bad.err.find("assault_bad_cell.json: cells[2][3].defender"), std::string::npos)
      << bad.err;
  auto missing =
      referee_cli({"assault", "--attacker-quality", "2", "--defender-quality", "1", "--attacker-sp",
                   "8", "--defender-sp", "4", "--assault-table", "/nonexistent/grid.json"});
  EXPECT_EQ(missing.code, 1);
  EXPECT_NE(missing.err.find("/nonexistent/grid.json"), std::string::npos);
}

TEST(Alsh_Cli, DescribePrintsJson) {
  auto r = referee_cli({"--describe"});
  EXPECT_EQ(r.code, 0);
  EXPECT_EQ(json::parse(r.out)["ruleset"], "alsh");
}

// ---- Ruleset ------------------------------------------------------------------------------

TEST(Alsh_Ruleset, InfoAndNoGames) {
  auto rs = make_ruleset();
  EXPECT_EQ(rs->info().id, "alsh");
  EXPECT_EQ(rs->info().title, "All is Lost save Honour (charts)");
  EXPECT_FALSE(rs->info().plays_games);
  EXPECT_TRUE(rs->info().scenarios.empty());
  EXPECT_TRUE(rs->info().options.empty());
  auto g = rs->new_game(json::object(), "x", {});
  ASSERT_FALSE(g.ok());
  EXPECT_NE(g.message().find("carroccio alsh"), std::string::npos);
}

}  // namespace
}  // namespace carroccio::alsh
