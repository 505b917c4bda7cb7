// The built-in army lists (scenarios/gwkho/armies/*.json): each reads, checks and costs to pinned
// numbers, and `carroccio army` (run_army_command) prints and refuses as documented.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <tuple>

#include "nlohmann/json.hpp"
#include "rulesets/gwkho/army.hpp"
#include "rulesets/gwkho/cli.hpp"
#include "rulesets/gwkho/ruleset.hpp"
#include "rulesets/gwkho/tests/test_util.hpp"

namespace carroccio::gwkho {
namespace {

using testing::CliRun;

CliRun army(std::vector<std::string> args) {
  return testing::run_cli(run_army_command, std::move(args));
}

struct Pinned {
  std::string id;
  std::string points, ee;
  int elements, generals, min_generals, max_generals;
  // kind -> (e/e, shaken at, broken at)
  std::map<std::string, std::tuple<std::string, std::string, std::string>> ledgers;
};

const std::vector<Pinned> kPinned = {
    {"legnano-imperial",
     "411",
     "42",
     42,
     2,
     1,
     2,
     {{"army", {"42", "14", "21"}},
      {"heavy", {"39", "13", "19.5"}},
      {"missile", {"3", "1", "1.5"}}}},
    {"legnano-lombard",
     "393",
     "60",
     65,
     3,
     2,
     3,
     {{"army", {"60", "20", "30"}},
      {"heavy", {"48", "16", "24"}},
      {"missile", {"7", "2.5", "3.5"}}}},
    {"poitiers-english",
     "635",
     "60",
     60,
     3,
     2,
     3,
     {{"army", {"60", "20", "30"}},
      {"heavy", {"35", "12", "17.5"}},
      {"missile", {"20", "7", "10"}},
      {"elite_heavy", {"11", "4", "5.5"}}}},
    {"poitiers-french",
     "580",
     "60",
     60,
     3,
     2,
     3,
     {{"army", {"60", "20", "30"}},
      {"heavy", {"50", "17", "25"}},
      {"missile", {"10", "3.5", "5"}}}},
    {"legnano-bma-imperial",
     "486",
     "56",
     56,
     2,
     2,
     2,
     {{"army", {"56", "19", "28"}}, {"heavy", {"56", "19", "28"}}}},
    {"legnano-bma-lombard",
     "444",
     "65",
     77,
     3,
     2,
     3,
     {{"army", {"65", "22", "32.5"}}, {"heavy", {"52", "17.5", "26"}}}},
    {"courtrai-flemish",
     "321",
     "60",
     60,
     3,
     2,
     3,
     {{"army", {"60", "20", "30"}}, {"heavy", {"54", "18", "27"}}, {"missile", {"6", "2", "3"}}}},
    {"courtrai-french",
     "512",
     "60",
     63,
     3,
     2,
     3,
     {{"army", {"60", "20", "30"}},
      {"heavy", {"47", "16", "23.5"}},
      {"missile", {"10", "3.5", "5"}}}},
    {"cerignola-spanish",
     "436",
     "60",
     60,
     3,
     2,
     3,
     {{"army", {"60", "20", "30"}},
      {"heavy", {"28", "9.5", "14"}},
      {"missile", {"16", "5.5", "8"}},
      {"elite_heavy", {"16", "5.5", "8"}}}},
    {"cerignola-french",
     "504",
     "60",
     60,
     3,
     2,
     3,
     {{"army", {"60", "20", "30"}},
      {"heavy", {"39", "13", "19.5"}},
      {"missile", {"10", "3.5", "5"}},
      {"elite_heavy", {"24", "8", "12"}}}},
};

void expect_pinned(const ArmyList& a, const Pinned& p) {
  const ArmyReport r = assess(a);
  EXPECT_EQ(a.id, p.id);
  EXPECT_EQ(r.points.text(), p.points) << p.id;
  EXPECT_EQ(r.ee.text(), p.ee) << p.id;
  EXPECT_EQ(r.elements, p.elements) << p.id;
  EXPECT_EQ(static_cast<int>(a.commands.size()), p.generals) << p.id;
  EXPECT_EQ(r.generals_allowed.min, p.min_generals) << p.id;
  EXPECT_EQ(r.generals_allowed.max, p.max_generals) << p.id;
  EXPECT_EQ(r.ledgers.size(), p.ledgers.size()) << p.id;
  for (const auto& l : r.ledgers) {
    ASSERT_TRUE(p.ledgers.count(l.kind)) << p.id << " " << l.kind;
    const auto& [ee, shaken, broken] = p.ledgers.at(l.kind);
    EXPECT_EQ(l.ee.text(), ee) << p.id << " " << l.kind;
    EXPECT_EQ(l.shaken_at.text(), shaken) << p.id << " " << l.kind;
    EXPECT_EQ(l.broken_at.text(), broken) << p.id << " " << l.kind;
  }
}

TEST(Gwkho_Armies, Clause_Pts_1_TheBuiltInListsCostToPinnedNumbers) {
  const auto lists = builtin_army_lists();
  ASSERT_EQ(lists.size(), kPinned.size());
  for (const Pinned& p : kPinned) {
    auto a = builtin_army_list(p.id);
    ASSERT_TRUE(a.ok()) << a.message();
    expect_pinned(*a, p);
    // The file in the repository is the same list.
    const std::string path =
        std::string(CARROCCIO_SOURCE_DIR) + "/scenarios/gwkho/armies/" + p.id + ".json";
    auto f = read_army_list(testing::read_file(path), path);
    ASSERT_TRUE(f.ok()) << f.message();
    expect_pinned(*f, p);
  }
  // Negative: an unknown id names the lists there are.
  EXPECT_EQ(builtin_army_list("agincourt").message(),
            "gwkho has no army list 'agincourt': it has cerignola-french, cerignola-spanish, "
            "courtrai-flemish, courtrai-french, legnano-bma-imperial, legnano-bma-lombard, "
            "legnano-imperial, legnano-lombard, poitiers-english, poitiers-french.");
}

TEST(Gwkho_Armies, Clause_Pts_2_TheDetailsOfTheBuiltInLists) {
  // Poitiers: English men-at-arms after 1300 dismount as HI(s) for a point more; the Captal de
  // Buch is an exceptional subordinate.
  auto poitiers = builtin_army_list("poitiers-english");
  ASSERT_TRUE(poitiers.ok());
  const ArmyReport r = assess(*poitiers);
  EXPECT_EQ(r.commands[0].groups[0].cost.each.text(), "12");
  EXPECT_EQ(r.commands[0].groups[0].cost.details,
            std::vector<std::string>{"dismounts as HI(s) +1"});
  EXPECT_EQ(r.commands[2].general_cost.each.text(), "25");
  // Legnano: the Company of Death is stubborn; the Milanese militia is a regiment.
  auto lombard = builtin_army_list("legnano-lombard");
  ASSERT_TRUE(lombard.ok());
  const ArmyReport l = assess(*lombard);
  EXPECT_EQ(l.commands[0].groups[0].cost.each.text(), "13");
  ASSERT_EQ(l.commands[0].regiments.size(), 1u);
  EXPECT_EQ(l.commands[0].regiments[0].elements, 16);
  EXPECT_FALSE(l.commands[0].regiments[0].small);
  EXPECT_EQ(l.commands[0].regiments[0].shaken_after_lost, 6);
}

// ---- carroccio army ----

TEST(Gwkho_Cli, Clause_Cli_PrintsEveryGroupCommandAndLedger) {
  const CliRun r = army({"gwkho/legnano-imperial"});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.out,
            "Imperial army of Frederick I at Legnano (1176, medieval era): gwkho army list "
            "gwkho/legnano-imperial\n"
            "Command 1: Frederick I Barbarossa, good general, commander-in-chief: 20 pts (good "
            "general 20)\n"
            "  4 x Hc(s) Imperial household knights and the imperial standard: 14 pts each, 56 "
            "pts, 4 e/e, with the general\n"
            "  6 x Hc(o) Swabian knights: 11 pts each, 66 pts, 6 e/e\n"
            "  4 x Hc(o) Knights of Duke Berthold: 11 pts each, 44 pts, 4 e/e\n"
            "  4 x Hc(i) German sergeants of Duke Berthold: 8 pts each, 32 pts, 4 e/e\n"
            "  4 x Hc(o) Imperial vanguard: 11 pts each, 44 pts, 4 e/e\n"
            "  command total: 262 pts, 22 e/e, 22 elements\n"
            "Command 2: Philip of Heinsberg, Archbishop of Cologne, normal general: 10 pts "
            "(normal general 10)\n"
            "  5 x Hc(o) Rhineland knights: 11 pts each, 55 pts, 5 e/e, with the general\n"
            "  6 x Hc(i) Rhineland sergeants: 8 pts each, 48 pts, 6 e/e\n"
            "  6 x Ph(i) Como militia spearmen: 4 pts each, 24 pts, 6 e/e\n"
            "  3 x Xb(i) Como militia crossbowmen: 4 pts each, 12 pts, 3 e/e\n"
            "  command total: 149 pts, 20 e/e, 20 elements\n"
            "Army: 411 pts, 42 e/e, 42 elements, 2 generals (1 to 2 allowed)\n"
            "Morale (shaken at 1/3, broken at 1/2 of the e/e lost):\n"
            "  army: 42 e/e, shaken at 14 e/e lost, broken at 21\n"
            "  heavy troops: 39 e/e, shaken at 13 e/e lost, broken at 19.5 (heavy troops take "
            "the better of this and the army's)\n"
            "  missile troops: 3 e/e, shaken at 1 e/e lost, broken at 1.5 (missile troops take "
            "the worse of this and the army's; Bw(s), Lb(s), Sh(s) and Xb(x) count in it but "
            "ignore it)\n");
}

TEST(Gwkho_Cli, Clause_Cli_JsonReport) {
  const std::string path =
      std::string(CARROCCIO_SOURCE_DIR) + "/scenarios/gwkho/armies/legnano-lombard.json";
  const CliRun r = army({path, "--json"});
  ASSERT_EQ(r.code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["id"], "legnano-lombard");
  EXPECT_EQ(j["points"], 393);
  EXPECT_EQ(j["ee"], 60);
  EXPECT_EQ(j["generals_allowed"], nlohmann::json({2, 3}));
  EXPECT_EQ(j["commands"][0]["regiments"][0]["elements"], 16);
  EXPECT_TRUE(j["points"].is_number_integer());       // whole numbers are written whole
  EXPECT_EQ(j["commands"][0]["groups"][2]["ee"], 2);  // 4 LI(i) at half an e/e
  EXPECT_EQ(j["commands"][0]["groups"][2]["ee_each"], 0.5);
  EXPECT_EQ(j["morale"]["ledgers"][2]["shaken_at"], 2.5);
  EXPECT_TRUE(j["budget"].is_null());
}

// [Mor-1a] The test list with an allied contingent (ruling G-32a): its command says so, and its
// ledger gives its points and thresholds on a line of its own.
TEST(Gwkho_Cli, Clause_Mor_1a_TheReportGivesTheAlliedContingentsPointsAndThresholds) {
  const std::string path =
      std::string(CARROCCIO_SOURCE_DIR) + "/rulesets/gwkho/tests/data/allied-imperial.json";
  const CliRun r = army({path});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("Command 2: Philip of Heinsberg, Archbishop of Cologne, normal general, "
                       "allied contingent: 10 pts (normal general 10)\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("Morale (shaken at 1/3, broken at 1/2 of the e/e lost):\n"
                       "  army: 22 e/e, shaken at 7.5 e/e lost, broken at 11\n"
                       "  heavy troops: 22 e/e, shaken at 7.5 e/e lost, broken at 11 (heavy troops "
                       "take the better of this and the army's)\n"
                       "  the allied contingent of Philip of Heinsberg, Archbishop of Cologne (149 "
                       "pts): 20 e/e, shaken at 7 e/e lost, broken at 10 (a separate army: its "
                       "losses do not count in the army's, and its elements take this instead of "
                       "the army's)\n"),
            std::string::npos)
      << r.out;
  const CliRun rj = army({path, "--json"});
  ASSERT_EQ(rj.code, 0) << rj.err;
  const auto j = nlohmann::json::parse(rj.out);
  EXPECT_EQ(j["commands"][1]["allied"], true);
  EXPECT_EQ(j["commands"][0]["allied"], false);
  const auto& ally = j["morale"]["ledgers"][2];
  EXPECT_EQ(ally["kind"], "allied");
  EXPECT_EQ(ally["command"], 1);
  EXPECT_EQ(ally["points"], 149);
  EXPECT_EQ(ally["ee"], 20);
  EXPECT_EQ(ally["shaken_at"], 7);
  EXPECT_EQ(ally["broken_at"], 10);
  EXPECT_EQ(j["ee"], 42);  // the whole army, for its generals
  // Negative: the built-in list it copies has no allied line, and its army counts all 42 e/e.
  const CliRun b = army({"gwkho/legnano-imperial"});
  EXPECT_EQ(b.out.find("allied"), std::string::npos);
  EXPECT_NE(b.out.find("  army: 42 e/e, shaken at 14 e/e lost, broken at 21\n"), std::string::npos);
}

TEST(Gwkho_Cli, Clause_Cli_RefusesABadListInOneSentence) {
  const auto path = std::filesystem::path(::testing::TempDir()) / "gwkho_bad_army.json";
  std::ofstream(path)
      << "{\"ruleset\": \"gwkho\", \"id\": \"b\", \"name\": \"B\", \"year\": 1400,\n"
         " \"commands\": [{\"general\": \"G\", \"quality\": \"good\", \"cinc\": true,\n"
         "   \"elements\": [{\"type\": \"Lc\", \"grade\": \"f\", \"count\": 20}]}]}\n";
  const CliRun r = army({path.string()});
  EXPECT_EQ(r.code, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "carroccio: " + path.string() +
                       ":3: field 'commands[0].elements[0].grade' is 'f', but Lc has no (f) grade "
                       "in the points table (rule Pts-1).\n");
  const CliRun missing = army({"no/such/army.json"});
  EXPECT_EQ(missing.code, 1);
  EXPECT_EQ(missing.err, "carroccio: Cannot open army list file 'no/such/army.json'.\n");
  const CliRun unknown = army({"gwkho/agincourt"});
  EXPECT_EQ(unknown.code, 1);
  EXPECT_EQ(unknown.err,
            "carroccio: gwkho has no army list 'agincourt': it has cerignola-french, "
            "cerignola-spanish, courtrai-flemish, courtrai-french, legnano-bma-imperial, "
            "legnano-bma-lombard, legnano-imperial, legnano-lombard, poitiers-english, "
            "poitiers-french.\n");
}

TEST(Gwkho_Cli, Clause_Cli_UsageErrorsAndHelp) {
  const CliRun none = army({});
  EXPECT_EQ(none.code, 2);
  EXPECT_EQ(none.err,
            "carroccio: 'carroccio army' needs an army list, e.g. carroccio army "
            "scenarios/gwkho/armies/legnano-imperial.json.\nsee carroccio army --help\n");
  const CliRun flag = army({"a.json", "--csv"});
  EXPECT_EQ(flag.code, 2);
  EXPECT_EQ(flag.err,
            "carroccio: '--csv' is not an option of 'carroccio army': it takes --json.\nsee "
            "carroccio army --help\n");
  const CliRun two = army({"a.json", "b.json"});
  EXPECT_EQ(two.code, 2);
  EXPECT_EQ(two.err,
            "carroccio: 'carroccio army' takes 1 argument before its flags, but 'b.json' is one "
            "too many.\nsee carroccio army --help\n");
  const CliRun twice = army({"a.json", "--json", "--json"});
  EXPECT_EQ(twice.code, 2);
  EXPECT_EQ(twice.err,
            "carroccio: '--json' is given twice to 'carroccio army'.\nsee carroccio army --help\n");
  const CliRun valued = army({"a.json", "--json=yes"});
  EXPECT_EQ(valued.code, 2);
  EXPECT_EQ(valued.err,
            "carroccio: '--json' is a switch and takes no value.\nsee carroccio army --help\n");
  // Its own help (CLI11's layout from the command's spec, game/command_line.hpp), also after a
  // file and with -h; nothing on the error stream.
  for (const std::vector<std::string>& asked :
       {std::vector<std::string>{"--help"}, {"-h"}, {"a.json", "--help"}}) {
    const CliRun help = army(asked);
    EXPECT_EQ(help.code, 0);
    EXPECT_EQ(help.err, "");
    EXPECT_EQ(
        help.out.rfind("Usage: carroccio army FILE [flags]\nCosts and checks an army list", 0), 0u)
        << help.out;
    EXPECT_NE(help.out.find("  --json "), std::string::npos) << help.out;
    EXPECT_NE(help.out.find("  gwkho/poitiers-english\n"), std::string::npos) << help.out;
  }
}

TEST(Gwkho_Cli, Clause_Cli_TheRulesetPlaysGamesAndContributesArmy) {
  const auto ruleset = make_ruleset();
  EXPECT_EQ(ruleset->info().id, "gwkho");
  EXPECT_TRUE(ruleset->info().plays_games);
  EXPECT_FALSE(ruleset->info().table_referee);
  EXPECT_FALSE(ruleset->info().scenarios.empty());
  auto game = ruleset->new_game(nlohmann::json::object(), "x.json", {});
  ASSERT_FALSE(game.ok());
  const auto commands = ruleset->commands();
  ASSERT_EQ(commands.size(), 1u);
  EXPECT_EQ(commands[0].name, "army");
  EXPECT_EQ(commands[0].arguments, "FILE [--json]");
  std::ostringstream out, err;
  EXPECT_EQ(commands[0].run({"gwkho/poitiers-english", "--json"}, out, err), 0);
  EXPECT_EQ(nlohmann::json::parse(out.str())["points"], 635);
}

// The ruleset reads army lists as a kind of file (Ruleset::read_file, what the army-list fuzz
// target feeds): a built-in list is good, a list that breaks a rule gets the command's sentence.
TEST(Gwkho_Cli, Clause_Cli_ReadFileReadsArmyLists) {
  const auto ruleset = make_ruleset();
  EXPECT_EQ(ruleset->file_kinds(), (std::vector<std::string>{"scenario", "army"}));
  for (const auto& [id, text] : builtin_army_lists()) {
    const auto status = ruleset->read_file("army", nlohmann::json::parse(text), id);
    EXPECT_TRUE(status.ok()) << id << ": " << status.message();
  }
  const auto bad = nlohmann::json::parse(
      R"({"ruleset": "gwkho", "id": "b", "name": "B", "year": 1400, "commands": [{"general": "G",
          "quality": "good", "cinc": true, "elements": [{"type": "Lc", "grade": "f", "count": 20}]}]})");
  const auto status = ruleset->read_file("army", bad, "b.json");
  ASSERT_FALSE(status.ok());
  EXPECT_NE(status.message().find("field 'commands[0].elements[0].grade' is 'f'"),
            std::string::npos)
      << status.message();
  EXPECT_FALSE(ruleset->read_file("roster", bad, "b.json").ok());
}

}  // namespace
}  // namespace carroccio::gwkho
