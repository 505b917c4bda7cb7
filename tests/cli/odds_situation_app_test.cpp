// `carroccio odds bma ...`: the exact odds of a combat described without a game record, from
// flags or a situation file, as text and JSON, and one sentence for each kind of bad input.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "app/cli.hpp"
#include "rulesets/all.hpp"
#include "rulesets/bma/situation.hpp"
#include "tests/cli/app_test_util.hpp"

namespace carroccio::app {
namespace {

using cli_testing::CliResult;
using cli_testing::run_cli;

class OddsDescribed : public ::testing::Test {
 protected:
  CliResult cli(std::vector<std::string> args) { return run_cli(registry_, std::move(args)); }
  std::string write(const std::string& name, const std::string& text) {
    const std::string path = (std::filesystem::path(::testing::TempDir()) / name).string();
    std::ofstream(path) << text;
    return path;
  }
  // One sentence on stderr, the usage exit code, and the given words in it.
  void expect_refused(const std::vector<std::string>& args, const std::string& words) {
    const auto r = cli(args);
    EXPECT_EQ(r.code, kExitUsage) << r.out;
    EXPECT_NE(r.err.find(words), std::string::npos) << r.err;
    EXPECT_EQ(r.err.rfind("carroccio: ", 0), 0u) << r.err;
    EXPECT_EQ(r.err.find("terminate"), std::string::npos) << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
  }
  const game::Registry registry_ = rulesets::make_registry();
};

TEST_F(OddsDescribed, FlagsGiveEveryModifierWithItsClauseEachResultAndTheLeaders) {
  const auto r = cli({"odds", "bma", "--attacker", "frederick-cav-a1,chit=9,leader=frederick",
                      "--defender", "B cavalry,chit=5,disordered", "--vp-lost", "lombard=10"});
  ASSERT_EQ(r.code, kExitOk) << r.err;
  EXPECT_NE(r.out.find("Described combat (bma/legnano rules, no optional rule): the imperial "
                       "side attacks."),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("attacker 1: Imperial household knights (A cavalry), chit 9"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("with Frederick I Barbarossa (supreme commander)"), std::string::npos);
  EXPECT_NE(r.out.find("defender: B cavalry, chit 5, disordered"), std::string::npos) << r.out;
  // 9 against 5 halved to 2 (5.3 D): 4/1; +2 supreme commander, +1 attacking disordered, +1
  // better morale (5.1.4).
  EXPECT_NE(r.out.find("Column 4/1, die modifier +4"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("+2 attacking leader [bma 5.1.4]"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("+1 attacking disordered units [bma 5.1.4, 5.3 D]"), std::string::npos);
  EXPECT_NE(r.out.find("+1 better morale (attacker) [bma 5.1.4]"), std::string::npos);
  EXPECT_NE(r.out.find("Results:"), std::string::npos);
  EXPECT_NE(r.out.find("lombard 10 -> 13 of 58"), std::string::npos) << r.out;  // 8.1: B is 3
  EXPECT_NE(r.out.find("frederick dies with probability 1/18"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("that ends the game, lombard win [bma 9.4]"), std::string::npos);
  // Negative case: the same attack on an ordered defender has neither the halving nor the +1.
  const auto ordered = cli(
      {"odds", "bma", "--attacker", "frederick-cav-a1,chit=9", "--defender", "B cavalry,chit=5"});
  ASSERT_EQ(ordered.code, kExitOk) << ordered.err;
  EXPECT_EQ(ordered.out.find("attacking disordered"), std::string::npos);
  EXPECT_NE(ordered.out.find("Column 1.5/1, die modifier +1"), std::string::npos) << ordered.out;
}

TEST_F(OddsDescribed, JsonIsTheRulesetsOddsOfTheBuiltPositionAndAFileSaysTheSame) {
  const auto r = cli({"odds", "bma", "--side", "lombard", "--attacker", "B infantry,carroccio",
                      "--attacker", "C infantry,chit=2", "--defender", "A infantry,terrain=forest",
                      "--options", "vcf=adverse", "--json"});
  ASSERT_EQ(r.code, kExitOk) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["situation"]["side"], "lombard");
  EXPECT_EQ(j["situation"]["pieces"].size(), 3u);
  EXPECT_EQ(j["odds"]["undrawn_chits"].size(), 2u);  // attacker 1 and the defender
  // The same numbers as the ruleset gives for the built position (one code path).
  const nlohmann::json situation = {
      {"side", "lombard"},
      {"options", "vcf=adverse"},
      {"defender", {{"unit", "A infantry"}, {"terrain", "forest"}}},
      {"attackers",
       {{{"unit", "B infantry"}, {"carroccio", true}}, {{"unit", "C infantry"}, {"chit", 2}}}}};
  auto built = bma::describe_combat(situation);
  ASSERT_TRUE(built.ok()) << built.message();
  EXPECT_EQ(j["odds"], built->state->action_odds(bma::act::kResolveCombat));
  // A situation file gives the very same output.
  const std::string path = write("situation.json", situation.dump(2));
  const auto f = cli({"odds", "bma", "--situation", path, "--json"});
  ASSERT_EQ(f.code, kExitOk) << f.err;
  EXPECT_EQ(f.out, r.out);
  // Negative case: another description gives other odds.
  const auto other =
      cli({"odds", "bma", "--side", "lombard", "--attacker", "B infantry", "--attacker",
           "C infantry,chit=2", "--defender", "A infantry", "--options", "vcf=adverse", "--json"});
  ASSERT_EQ(other.code, kExitOk) << other.err;
  EXPECT_NE(nlohmann::json::parse(other.out)["odds"], j["odds"]);
}

TEST_F(OddsDescribed, RoutedDefenderNeedsNoDieTheRuleAndItsCertainResultAreShown) {
  // 5.3 R (ruling L-19): a routed unit attacked again is eliminated without a roll, so there is
  // no column, no die modifier and no chit that matters.
  const auto r = cli({"odds", "bma", "--side", "imperial", "--attacker", "A infantry", "--defender",
                      "B infantry,routed", "--vp-lost", "lombard=3"});
  ASSERT_EQ(r.code, kExitOk) << r.err;
  EXPECT_NE(r.out.find("No die is rolled: B infantry (defender) is already routed and, attacked "
                       "again, is eliminated without a roll; the attackers suffer nothing "
                       "[bma 5.3 R]."),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("routed defenders eliminated without a roll"), std::string::npos);
  EXPECT_NE(r.out.find("100.0%"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("lombard 3 -> 3 of 58"), std::string::npos) << r.out;  // counted already
  EXPECT_EQ(r.out.find("Column"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("die modifier"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("not yet drawn"), std::string::npos) << r.out;
  const auto j = cli({"odds", "bma", "--side", "imperial", "--attacker", "A infantry", "--defender",
                      "B infantry,routed", "--vp-lost", "lombard=3", "--json"});
  ASSERT_EQ(j.code, kExitOk) << j.err;
  const auto odds = nlohmann::json::parse(j.out)["odds"];
  EXPECT_EQ(odds.value("rule", ""), "bma 5.3 R");
  EXPECT_TRUE(odds.contains("automatic"));
  EXPECT_FALSE(odds.contains("column"));
  EXPECT_FALSE(odds.contains("drm"));
  EXPECT_FALSE(odds.contains("undrawn_chits"));
  ASSERT_EQ(odds["results"].size(), 1u);
  EXPECT_EQ(odds["results"][0]["probability"], "1");
  // Negative case: the same defender in order is fought: a column, a modifier, chits to draw.
  const auto ordered = cli({"odds", "bma", "--side", "imperial", "--attacker", "A infantry",
                            "--defender", "B infantry", "--vp-lost", "lombard=3"});
  ASSERT_EQ(ordered.code, kExitOk) << ordered.err;
  EXPECT_EQ(ordered.out.find("No die is rolled"), std::string::npos) << ordered.out;
  EXPECT_NE(ordered.out.find("Column"), std::string::npos) << ordered.out;
  EXPECT_NE(ordered.out.find("not yet drawn"), std::string::npos) << ordered.out;
}

TEST_F(OddsDescribed, BadInputIsOneSentenceNamingTheArgument) {
  expect_refused({"odds", "bma", "--attacker", "A cavalry"}, "--defender");
  expect_refused({"odds", "bma", "--defender", "A cavalry"}, "--attacker");
  expect_refused({"odds", "bma", "--attacker", "A cavalry,chit=x", "--defender", "B cavalry"},
                 "chit 'x' is not a whole number");
  expect_refused({"odds", "bma", "--attacker", "A cavalry,sideways", "--defender", "B cavalry"},
                 "'sideways'");
  expect_refused({"odds", "bma", "--side", "imperial", "--attacker", "A cavalry,chit=3",
                  "--defender", "B cavalry"},
                 "Attacker 1's \"chit\" 3");
  expect_refused(
      {"odds", "bma", "--side", "imperial", "--attacker", "A dragon", "--defender", "B cavalry"},
      "Attacker 1's \"unit\"");
  expect_refused({"odds", "bma", "--side", "imperial", "--attacker", "A cavalry,flank",
                  "--defender", "B cavalry"},
                 "facing");
  expect_refused({"odds", "bma", "--attacker", "A cavalry", "--defender", "B cavalry"},
                 "Say which side attacks");
  expect_refused({"odds", "bma", "--side", "imperial", "--attacker", "A cavalry", "--defender",
                  "B cavalry", "--vp-lost", "lombard:3"},
                 "--vp-lost");
  expect_refused({"odds", "bma", "--side", "imperial", "--attacker", "A cavalry", "--defender",
                  "B cavalry", "--options", "gunpowder"},
                 "\"options\"");
  expect_refused({"odds", "bma", "--situation", "/nonexistent/situation.json"},
                 "Cannot open situation file");
  const std::string broken = write("broken.json", "{\"side\": ");
  expect_refused({"odds", "bma", "--situation", broken}, broken);
  const std::string wrong = write("wrong.json", R"({"side": "imperial", "defender": {"unit":
      "B cavalry", "mood": "grim"}, "attackers": [{"unit": "A cavalry"}]})");
  expect_refused({"odds", "bma", "--situation", wrong}, "unknown field \"mood\"");
  expect_refused({"odds", "bma", "--situation", wrong, "--attacker", "A cavalry"}, "not both");
  expect_refused({"odds", "bma", "--move", "3"}, "--move and --action");
  expect_refused({"odds", "game.json", "--attacker", "A cavalry"}, "saved position");
  // Negative case: a well-formed description is accepted.
  EXPECT_EQ(cli({"odds", "bma", "--side", "imperial", "--attacker", "A cavalry", "--defender",
                 "B cavalry"})
                .code,
            kExitOk);
}

TEST_F(OddsDescribed, HelpShowsBothForms) {
  const auto r = cli({"odds", "--help"});
  EXPECT_EQ(r.code, kExitOk);
  EXPECT_NE(r.out.find("carroccio odds bma --attacker"), std::string::npos);
  EXPECT_NE(r.out.find("--situation FILE"), std::string::npos);
  EXPECT_NE(r.out.find("carroccio odds RECORD"), std::string::npos);
}

}  // namespace
}  // namespace carroccio::app
