// `carroccio sim`, in-process against the Race test game.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "app/cli.hpp"
#include "core/text.hpp"
#include "game/tests/race_game.hpp"
#include "tests/cli/app_test_util.hpp"

namespace carroccio::app {
namespace {

using cli_testing::CliResult;
using cli_testing::run_cli;

class Sim : public ::testing::Test {
 protected:
  CliResult cli(std::vector<std::string> args) { return run_cli(registry_, std::move(args)); }
  static std::string temp(const std::string& name) {
    return (std::filesystem::path(::testing::TempDir()) / name).string();
  }
  static std::string read(const std::string& path) {
    std::ifstream in(path);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
  }
  game::Registry registry_ = tests::make_race_registry();
};

// The JSON text of a run without its timing, which is the only part that varies between runs.
std::string untimed(const std::string& json_text) {
  auto j = nlohmann::json::parse(json_text);
  j.erase("timing");
  return j.dump(2);
}

using carroccio::core::contains;

TEST_F(Sim, SameSeedSameJsonWithOneOrThreeThreads) {
  auto one =
      cli({"sim", "race/sprint", "--games", "400", "--seed", "9", "--threads", "1", "--json"});
  auto three =
      cli({"sim", "race/sprint", "--games", "400", "--seed", "9", "--threads", "3", "--json"});
  ASSERT_EQ(one.code, 0) << one.err;
  ASSERT_EQ(three.code, 0) << three.err;
  EXPECT_EQ(untimed(one.out), untimed(three.out));
  const auto j = nlohmann::json::parse(one.out);
  EXPECT_TRUE(j["timing"]["seconds"].is_number());
  EXPECT_EQ(j["aggregate"]["games"], 400);
  EXPECT_EQ(j["scenario"], "race/sprint");
  EXPECT_EQ(j["agents"]["red"], "random");
  // Another seed: other totals.
  auto other = cli({"sim", "race/sprint", "--games", "400", "--seed", "10", "--json"});
  EXPECT_NE(one.out, other.out);
}

TEST_F(Sim, HumanSummaryNamesWinsIntervalsAndEndings) {
  auto r = cli({"sim", "race/sprint", "--games", "50", "--agent", "blue=random"});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_TRUE(contains(r.out, "race/sprint: 50 games, seed 1")) << r.out;
  EXPECT_TRUE(contains(r.out, "Results (95% Wilson intervals):"));
  EXPECT_TRUE(contains(r.out, "red"));
  EXPECT_TRUE(contains(r.out, "How the games ended:"));
  EXPECT_TRUE(r.err.empty()) << "no progress bar when stderr is not a terminal: " << r.err;
}

TEST_F(Sim, CsvHasOneRowPerGameAndReportIsSelfContained) {
  const std::string csv = temp("sim.csv"), html = temp("sim.html");
  auto r = cli({"sim", "race/sprint", "--games", "30", "--csv", csv, "--report", html});
  ASSERT_EQ(r.code, 0) << r.err;
  const std::string rows = read(csv);
  std::size_t lines = 0;
  for (char c : rows) lines += c == '\n';
  EXPECT_EQ(lines, 31u);  // header + 30 games
  EXPECT_EQ(rows.rfind("game,winner,end_reason,turn,score_red,score_blue,return_red,return_blue,"
                       "decisions,chance_steps,ahead_on_points\n",
                       0),
            0u)
      << rows.substr(0, 120);
  const std::string page = read(html);
  EXPECT_EQ(page.rfind("<!DOCTYPE html>", 0), 0u);
  EXPECT_TRUE(contains(page, "<svg"));
  EXPECT_TRUE(contains(page, "</html>"));
  EXPECT_FALSE(contains(page, "<script"));
  EXPECT_FALSE(contains(page, "src=\""));
  EXPECT_FALSE(contains(page, "<link"));
}

TEST_F(Sim, CompareOptionsReportsThePairedDifference) {
  auto r = cli(
      {"sim", "race/sprint", "--games", "200", "--compare-options", "none", "cautious", "--json"});
  ASSERT_EQ(r.code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["a"]["options"], "");
  EXPECT_EQ(j["b"]["options"], "cautious");
  EXPECT_EQ(j["comparison"]["games"], 200);
  EXPECT_GT(j["comparison"]["changed"].get<int>(), 0);
  auto same = cli({"sim", "race/sprint", "--games", "100", "--compare-options", "cautious",
                   "cautious", "--json"});
  ASSERT_EQ(same.code, 0) << same.err;
  EXPECT_EQ(nlohmann::json::parse(same.out)["comparison"]["changed"], 0);
  auto text = cli({"sim", "race/sprint", "--games", "20", "--compare-options", "none", "cautious"});
  ASSERT_EQ(text.code, 0);
  EXPECT_TRUE(contains(text.out, "Paired comparison over the same 20 seeds")) << text.out;
}

TEST_F(Sim, BadInputIsOneSentenceAndExitTwo) {
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"sim"}, "needs a game"},
      {{"sim", "nosuch/game"}, ""},
      {{"sim", "race/sprint", "--games", "0"}, "'--games 0' must be a whole number from 1"},
      {{"sim", "race/sprint", "--threads", "0"}, "'--threads 0'"},
      {{"sim", "race/sprint", "--agent", "red=wizard"}, "is not an agent kind"},
      {{"sim", "race/sprint", "--agent", "green=random"}, "is not a side"},
      {{"sim", "race/sprint", "--agent", "red=human"}, "plays without people"},
      {{"sim", "race/sprint", "--csv", "/nonexistent-dir/x.csv"}, "Cannot write the CSV file"},
      {{"sim", "race/sprint", "--report", "/nonexistent-dir/x.html"},
       "Cannot write the report file"},
      {{"sim", "race/sprint", "--compare-options", "none"}, "needs two option sets"},
      {{"sim", "race/sprint", "--options", "cautious", "--compare-options", "none", "cautious"},
       "cannot be used together"},
      {{"sim", "race/sprint", "--seed", "x"}, "is not a seed"},
  };
  for (const auto& [args, message] : cases) {
    auto r = cli(args);
    EXPECT_EQ(r.code, kExitUsage) << args.back() << ": " << r.err;
    EXPECT_TRUE(contains(r.err, message)) << r.err;
    EXPECT_EQ(r.err.rfind("carroccio: ", 0), 0u) << r.err;
    EXPECT_TRUE(r.out.empty());
  }
}

TEST_F(Sim, HelpDescribesTheFlags) {
  auto r = cli({"sim", "--help"});
  EXPECT_EQ(r.code, 0);
  EXPECT_TRUE(contains(r.out, "--compare-options A B"));
}

TEST_F(Sim, FirstGamePlaysAShardOfTheSeed) {
  const std::string whole = temp("whole.csv"), shard = temp("shard.csv");
  ASSERT_EQ(cli({"sim", "race/sprint", "--games", "30", "--seed", "4", "--csv", whole}).code, 0);
  auto r = cli(
      {"sim", "race/sprint", "--games", "10", "--seed", "4", "--first-game", "20", "--csv", shard});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_TRUE(contains(r.out, "race/sprint: 10 games (games 20-29), seed 4")) << r.out;
  // The shard's rows are the whole run's rows 20-29, to the byte.
  const std::string all = read(whole), part = read(shard);
  std::vector<std::string> lines;
  std::istringstream in(all);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  std::string expected = lines[0] + "\n";
  for (std::size_t k = 21; k <= 30; ++k) expected += lines[k] + "\n";
  EXPECT_EQ(part, expected);
  auto bad = cli({"sim", "race/sprint", "--first-game", "-1"});
  EXPECT_EQ(bad.code, kExitUsage);
  EXPECT_TRUE(contains(bad.err, "'--first-game -1' must be a whole number from 0.")) << bad.err;
}

TEST_F(Sim, MergedShardsEqualTheSingleRunByteForByte) {
  auto single = cli({"sim", "race/sprint", "--games", "300", "--seed", "6", "--json"});
  ASSERT_EQ(single.code, 0) << single.err;
  std::vector<std::string> paths;
  for (auto [first, count] : {std::pair<int, int>{0, 120}, {120, 100}, {220, 80}}) {
    auto r = cli({"sim", "race/sprint", "--games", std::to_string(count), "--seed", "6",
                  "--first-game", std::to_string(first), "--threads", "2", "--json"});
    ASSERT_EQ(r.code, 0) << r.err;
    paths.push_back(temp("shard" + std::to_string(first) + ".json"));
    std::ofstream(paths.back()) << r.out;
  }
  // Out of order on the command line: the ranges are sorted.
  auto merged = cli({"sim", "merge", paths[2], paths[0], paths[1], "--json"});
  ASSERT_EQ(merged.code, 0) << merged.err;
  EXPECT_EQ(untimed(merged.out), untimed(single.out));
  auto text = cli({"sim", "merge", paths[0], paths[1], paths[2]});
  ASSERT_EQ(text.code, 0) << text.err;
  EXPECT_TRUE(contains(text.out, "race/sprint: 300 games, seed 6")) << text.out;
  // A gap between shards is counted as such and said.
  auto gap = cli({"sim", "merge", paths[0], paths[2]});
  ASSERT_EQ(gap.code, 0) << gap.err;
  EXPECT_TRUE(contains(gap.out, "200 games (games 0-119, 220-299)")) << gap.out;
}

TEST_F(Sim, MergedComparisonShardsEqualTheSingleRun) {
  auto single = cli(
      {"sim", "race/sprint", "--games", "200", "--compare-options", "none", "cautious", "--json"});
  ASSERT_EQ(single.code, 0) << single.err;
  std::vector<std::string> paths;
  for (int first : {0, 100}) {
    auto r = cli({"sim", "race/sprint", "--games", "100", "--first-game", std::to_string(first),
                  "--compare-options", "none", "cautious", "--json"});
    ASSERT_EQ(r.code, 0) << r.err;
    paths.push_back(temp("cmp" + std::to_string(first) + ".json"));
    std::ofstream(paths.back()) << r.out;
  }
  auto merged = cli({"sim", "merge", paths[0], paths[1], "--json"});
  ASSERT_EQ(merged.code, 0) << merged.err;
  EXPECT_EQ(untimed(merged.out), untimed(single.out));
}

TEST_F(Sim, MergeRefusesWhatIsNotOneStudy) {
  auto write = [&](const std::string& name, const std::vector<std::string>& args) {
    auto r = cli(args);
    EXPECT_EQ(r.code, 0) << r.err;
    const std::string path = temp(name);
    std::ofstream(path) << r.out;
    return path;
  };
  const std::string a = write("m_a.json", {"sim", "race/sprint", "--games", "10", "--json"});
  const std::string b =
      write("m_b.json", {"sim", "race/sprint", "--games", "10", "--first-game", "5", "--json"});
  const std::string c = write("m_c.json", {"sim", "race/sprint", "--games", "10", "--seed", "2",
                                           "--first-game", "10", "--json"});
  const std::string junk = temp("m_junk.json");
  std::ofstream(junk) << "{\"hello\": 1}";
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"sim", "merge", a, b}, "(games 0 to 9) and " + b + " (games 5 to 14) overlap"},
      {{"sim", "merge", a, c}, "are not shards of one study: their 'seed' differ"},
      {{"sim", "merge", a, junk}, "is not the output of 'carroccio sim --json'"},
      {{"sim", "merge", a, temp("m_none.json")}, "Cannot open shard"},
  };
  for (const auto& [args, message] : cases) {
    auto r = cli(args);
    EXPECT_EQ(r.code, kExitError) << r.err;
    EXPECT_TRUE(contains(r.err, message)) << r.err;
    EXPECT_TRUE(r.out.empty());
  }
  auto one = cli({"sim", "merge", a});
  EXPECT_EQ(one.code, kExitUsage);
  EXPECT_TRUE(contains(one.err, "needs at least two shards")) << one.err;
}

}  // namespace
}  // namespace carroccio::app
