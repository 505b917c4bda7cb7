// `carroccio odds alsh TABLE ...` (odds_cli.hpp): the odds of a described table roll are the
// referee's own, in the odds form every ruleset shares; each situation flag changes them as the
// table says; bad input is one sentence naming the flag, exit code 2.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "rulesets/alsh/odds_cli.hpp"
#include "rulesets/alsh/ruleset.hpp"
#include "rulesets/alsh/tests/test_util.hpp"

namespace carroccio::alsh {
namespace {

using nlohmann::json;

struct CliRun {
  int code;
  std::string out, err;
};

CliRun cli(std::vector<std::string> args) {
  std::ostringstream out, err;
  const int code = run_described_odds_cli(args, out, err);
  return {code, out.str(), err.str()};
}

// Each outcome's exact probability, as the described odds give them.
std::vector<std::pair<std::string, std::string>> described_lines(const json& odds) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& r : odds["results"])
    out.emplace_back(r["result"].get<std::string>(), r["probability"].get<std::string>());
  return out;
}

TEST(Alsh_DescribedOdds, TheOddsAreTheReferees) {
  const std::vector<json> requests = {
      {{"table", "charge"}, {"situation", {{"sp", 3}, {"flank", true}}}},
      {{"table", "artillery"},
       {"situation", {{"column", 5}, {"combat", "siege"}, {"siege-artillery", true}}}},
      {{"table", "major-battle"},
       {"situation",
        {{"attacker-column", 2},
         {"defender-column", 3},
         {"attacker-sp", 12},
         {"defender-sp", 9},
         {"attacker-quality", 2},
         {"defender-quality", 1}}}},
      {{"table", "admin-points"}, {"situation", {{"distance", 35}, {"nominal", 5}}}}};
  for (const auto& request : requests) {
    auto odds = described_odds(request);
    ASSERT_TRUE(odds.ok()) << odds.message();
    // The referee's report for the same request, odds only: the same outcomes, the same
    // probabilities, exactly.
    json q = request;
    q["odds_only"] = true;
    auto report = resolve_request(q);
    ASSERT_TRUE(report.ok()) << report.message();
    ASSERT_EQ((*odds)["results"].size(), (*report)["odds"].size()) << request.dump();
    for (std::size_t i = 0; i < (*report)["odds"].size(); ++i) {
      const json& line = (*report)["odds"][i];
      const json& result = (*odds)["results"][i];
      EXPECT_EQ(result["probability"], line["probability"]) << request.dump();
      EXPECT_EQ(result["result"].get<std::string>().rfind(line["outcome"].get<std::string>(), 0),
                0u);
      EXPECT_EQ(result["confidence"], line["confidence"]);
    }
    // And the referee's enumeration itself (compute_odds), outcome by outcome.
    const Odds direct = testing::odds(request["table"], request["situation"]);
    ASSERT_EQ(direct.lines.size(), (*odds)["results"].size());
    for (std::size_t i = 0; i < direct.lines.size(); ++i)
      EXPECT_EQ((*odds)["results"][i]["probability"], direct.lines[i].probability.to_string());
    // Every applied modifier is listed with its source.
    std::size_t applied = 0;
    for (const auto& m : (*report)["modifiers"]) applied += m["applied"].get<bool>() ? 1 : 0;
    EXPECT_EQ((*odds)["modifiers"].size(), applied);
    EXPECT_EQ((*odds)["drm"], (*report)["total_modifier"]);
  }
}

TEST(Alsh_DescribedOdds, Modifier_FlankChargeChangesTheOddsAsTheTableSays) {
  const CliRun plain = cli({"charge", "--sp", "3", "--json"});
  const CliRun flank = cli({"charge", "--sp", "3", "--flank", "--json"});
  ASSERT_EQ(plain.code, 0) << plain.err;
  ASSERT_EQ(flank.code, 0) << flank.err;
  const json p = json::parse(plain.out), f = json::parse(flank.out);
  // [par. 11.4.1] A flank charge: +1 to the charge roll, listed with its source.
  EXPECT_EQ(f["drm"].get<int>(), p["drm"].get<int>() + 1);
  bool listed = false;
  for (const auto& m : f["modifiers"])
    listed = listed || (m["what"].get<std::string>().rfind("+1 ", 0) == 0 &&
                        m["rule"] == "Cavalry Charge Table, die-roll modifiers");
  EXPECT_TRUE(listed) << f["modifiers"].dump();
  EXPECT_NE(described_lines(f), described_lines(p));
  // Negative: --flank=no is the plain charge.
  const CliRun no = cli({"charge", "--sp", "3", "--flank=no", "--json"});
  ASSERT_EQ(no.code, 0) << no.err;
  EXPECT_EQ(described_lines(json::parse(no.out)), described_lines(p));
}

TEST(Alsh_DescribedOdds, Modifier_MudSlowsTheChargeAndRainDoesNot) {
  const auto drm = [](const char* weather) {
    const CliRun r = cli({"charge", "--sp", "3", "--weather", weather, "--json"});
    EXPECT_EQ(r.code, 0) << r.err;
    return json::parse(r.out)["drm"].get<int>();
  };
  EXPECT_EQ(drm("mud"), drm("fair") - 1);
  EXPECT_EQ(drm("rain"), drm("fair"));
}

TEST(Alsh_DescribedOdds, TextIsTheSharedOddsForm) {
  const CliRun r = cli({"charge", "--sp", "3", "--flank"});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out.rfind("Described Cavalry Charge Table [alsh charge]:\n", 0), 0u) << r.out;
  EXPECT_NE(r.out.find("Roll d6: the charge roll."), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Modifiers:\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("[Cavalry Charge Table, die-roll modifiers]"), std::string::npos);
  EXPECT_NE(r.out.find("Results:\n"), std::string::npos) << r.out;
  // The same from a situation file.
  const std::string path = ::testing::TempDir() + "/alsh_described.json";
  {
    std::ofstream f(path);
    f << R"({"table": "charge", "situation": {"sp": 3, "flank": true}})";
  }
  const CliRun file = cli({"--situation", path});
  ASSERT_EQ(file.code, 0) << file.err;
  EXPECT_EQ(file.out, r.out);
  // Help: the tables with dice, and a table's own flags.
  const CliRun help = cli({"--help"});
  EXPECT_EQ(help.out.rfind("Usage: carroccio odds alsh", 0), 0u) << help.out;
  EXPECT_NE(help.out.find("  charge "), std::string::npos);
  EXPECT_EQ(help.out.find("  terrain "), std::string::npos);  // a lookup has no odds
  const CliRun table_help = cli({"charge", "--help"});
  EXPECT_EQ(table_help.out.rfind("Usage: carroccio odds alsh charge", 0), 0u) << table_help.out;
  EXPECT_NE(table_help.out.find("--flank"), std::string::npos);
}

TEST(Alsh_DescribedOdds, BadInputIsOneSentenceNamingTheFlagAndExitCode2) {
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"charge", "--sp", "3", "--weather", "sleet"}, "--weather"},
      {{"charge", "--sp", "many"}, "--sp"},
      {{"charge", "--frob"}, "'--frob' is not an option of 'carroccio odds alsh charge'"},
      {{"terrain", "--hex", "clear"}, "The Terrain Effects Chart is read without dice"},
      {{"nosuch"}, "'nosuch' is not an alsh table: the tables with dice are "},
      {{"charge", "--sp", "3", "--die", "4"}, "--die rolls or chooses dice"},
      {{"assault", "--attacker-quality", "1", "--defender-quality", "1", "--attacker-sp", "5",
        "--defender-sp", "5"},
       "The Assault Table cannot be read"},
      {{"charge", "--sp", "0"}, "--sp takes a whole number from 1 to 999, not '0'."},
      {{"--situation", "/no/such/file.json"}, ""}};
  for (const auto& [args, start] : cases) {
    const CliRun r = cli(args);
    EXPECT_EQ(r.code, 2) << start << ": " << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
    EXPECT_EQ(r.err.rfind("carroccio: " + start, 0), 0u) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 2) << r.err;
  }
  // The sentence for a bad value names the allowed values.
  EXPECT_NE(cli({"charge", "--sp", "3", "--weather", "sleet"}).err.find("fair"), std::string::npos);
  // Negative: the same with good values is answered.
  EXPECT_EQ(cli({"charge", "--sp", "3", "--weather", "mud"}).code, 0);
  // A file with dice in it: the odds cover every roll.
  auto bad = described_odds({{"table", "charge"}, {"situation", {{"sp", 3}}}, {"dice", {4}}});
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.message().find("no field 'dice'"), std::string::npos) << bad.message();
}

TEST(Alsh_DescribedOdds, TheRulesetOffersIt) {
  const auto r = make_ruleset();
  const auto d = r->described_odds();
  ASSERT_TRUE(d.has_value());
  EXPECT_NE(d->usage.find("carroccio odds alsh"), std::string::npos);
}

}  // namespace
}  // namespace carroccio::alsh
