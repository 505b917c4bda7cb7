// The subcommands, run in-process against the Race test game, as a person would use them.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "app/cli.hpp"
#include "core/hash.hpp"
#include "core/text.hpp"
#include "game/record.hpp"
#include "game/tests/race_game.hpp"
#include "sim/playout.hpp"
#include "tests/cli/app_test_util.hpp"

namespace carroccio::app {
namespace {

using cli_testing::CliResult;
using cli_testing::run_cli;

using carroccio::core::contains;

std::size_t count(const std::string& text, const std::string& part) {
  std::size_t n = 0;
  for (auto pos = text.find(part); pos != std::string::npos; pos = text.find(part, pos + 1)) ++n;
  return n;
}

std::string temp_path(const std::string& name) {
  return (std::filesystem::path(::testing::TempDir()) / name).string();
}

// The line "Final hash: <hex>" of an output.
// The 16 hex digits after `label` in `out` (e.g. "Final hash: "), or "" if there are none.
std::string hex_after(const std::string& out, const std::string& label) {
  const auto at = out.find(label);
  if (at == std::string::npos || at + label.size() + 16 > out.size()) return {};
  const std::string hex = out.substr(at + label.size(), 16);
  for (char c : hex)
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return {};
  return hex;
}

std::string final_hash(const std::string& out) { return hex_after(out, "Final hash: "); }

class Cli : public ::testing::Test {
 protected:
  game::Registry registry_ = tests::make_race_registry();
  CliResult cli(std::vector<std::string> args, const std::string& input = "") {
    return run_cli(registry_, std::move(args), input);
  }
};

TEST_F(Cli, VersionAndHelp) {
  auto v = cli({"--version"});
  EXPECT_EQ(v.code, kExitOk);
  EXPECT_EQ(v.out, "carroccio 0.1.0\n");
  auto h = cli({"--help"});
  EXPECT_EQ(h.code, kExitOk);
  EXPECT_TRUE(contains(h.out, "Usage: carroccio <subcommand>"));
  EXPECT_TRUE(contains(h.out, "play REF"));
  EXPECT_EQ(cli({"play", "--help"}).code, kExitOk);
  EXPECT_EQ(cli({"replay", "-h"}).code, kExitOk);
}

TEST_F(Cli, NoSubcommandIsAUsageError) {
  auto r = cli({});
  EXPECT_EQ(r.code, kExitUsage);
  EXPECT_TRUE(contains(r.err, "Usage: carroccio"));
}

TEST_F(Cli, UnknownSubcommandOrFlagIsOneSentenceAndTheHint) {
  auto r = cli({"frobnicate"});
  EXPECT_EQ(r.code, kExitUsage);
  EXPECT_EQ(r.err,
            "carroccio: 'frobnicate' is not a subcommand of carroccio.\n"
            "see carroccio --help\n");
  EXPECT_EQ(r.out, "");
  auto f = cli({"--frobnicate"});
  EXPECT_EQ(f.code, kExitUsage);
  EXPECT_EQ(f.err,
            "carroccio: '--frobnicate' is not an option of carroccio.\nsee carroccio --help\n");
  auto p = cli({"play", "race/sprint", "--fast"});
  EXPECT_EQ(p.code, kExitUsage);
  EXPECT_TRUE(contains(p.err, "'--fast' is not an option of 'carroccio play'"));
  EXPECT_TRUE(contains(p.err, "see carroccio --help"));
}

TEST_F(Cli, SimAndOddsWithoutArgumentsAreUsageErrors) {
  auto sim = cli({"sim"});
  EXPECT_EQ(sim.code, kExitUsage);
  EXPECT_TRUE(contains(sim.err, "'carroccio sim' needs a game")) << sim.err;
  auto odds = cli({"odds"});
  EXPECT_EQ(odds.code, kExitUsage);
  EXPECT_TRUE(contains(odds.err, "'carroccio odds' needs a game record")) << odds.err;
}

TEST_F(Cli, RulesetsListsScenariosAndOptions) {
  auto r = cli({"rulesets"});
  EXPECT_EQ(r.code, kExitOk);
  EXPECT_TRUE(contains(r.out, "race  Race to the target"));
  EXPECT_TRUE(contains(r.out, "race/sprint"));
  EXPECT_TRUE(contains(r.out, "race/marathon"));
  EXPECT_TRUE(contains(r.out, "cautious"));
  EXPECT_TRUE(contains(r.out, "(short|long)"));
  EXPECT_FALSE(contains(r.out, "suggested opponent"));  // race suggests none
  auto j = cli({"rulesets", "--json"});
  EXPECT_EQ(j.code, kExitOk);
  const auto json = nlohmann::json::parse(j.out);
  ASSERT_EQ(json.size(), 1u);
  EXPECT_EQ(json[0]["id"], "race");
  EXPECT_EQ(json[0]["scenarios"][1]["id"], "marathon");
  EXPECT_TRUE(json[0]["suggested_opponent"].is_null());
  EXPECT_EQ(json[0]["options"][1]["values"], (nlohmann::json{"short", "long"}));
  EXPECT_EQ(cli({"rulesets", "extra"}).code, kExitUsage);
}

TEST_F(Cli, PlayWithoutHumansPlaysThroughPrintingEventsAndResult) {
  auto r = cli({"play", "race/sprint", "--seed", "3"});
  ASSERT_EQ(r.code, kExitOk) << r.err;
  EXPECT_TRUE(contains(r.out, "race/sprint: seed 3, digital dice; red random, blue random."));
  EXPECT_TRUE(contains(r.out, "  [race 1] "));
  EXPECT_TRUE(contains(r.out, "  [race 3] "));
  EXPECT_TRUE(contains(r.out, "Final position:\nred "));
  EXPECT_TRUE(contains(r.out, "wins."));
  EXPECT_TRUE(contains(r.out, "Result: red +1, blue -1\n") ||
              contains(r.out, "Result: red -1, blue +1\n"));
  EXPECT_EQ(r.err, "");
  // The same seed plays the same game; the game is sim::play_game(seed, stream 0).
  EXPECT_EQ(cli({"play", "race/sprint", "--seed", "3"}).out, r.out);
  auto game = *registry_.load("race/sprint", {});
  ai::RandomAgent a, b;
  std::vector<ai::Agent*> agents = {&a, &b};
  auto played = sim::play_game(*game, agents, 3, 0);
  ASSERT_TRUE(played.ok());
  EXPECT_EQ(final_hash(r.out), core::hex64(played->state->hash()));
}

TEST_F(Cli, PlayDefaultSeedIsOneAndQuietPrintsOnlyTheResult) {
  auto r = cli({"play", "race/sprint", "--quiet"});
  ASSERT_EQ(r.code, kExitOk);
  EXPECT_TRUE(contains(r.out, "seed 1,"));
  EXPECT_FALSE(contains(r.out, "[race 1]"));
  EXPECT_FALSE(contains(r.out, "Final position"));
  EXPECT_TRUE(contains(r.out, "Result: "));
  EXPECT_EQ(final_hash(r.out), final_hash(cli({"play", "race/sprint", "--seed", "1"}).out));
}

TEST_F(Cli, PlayArgumentErrorsAreUsageErrors) {
  auto side = cli({"play", "race/sprint", "--agent", "nobody=random"});
  EXPECT_EQ(side.code, kExitUsage);
  EXPECT_TRUE(
      contains(side.err, "'nobody' is not a side of race/sprint: the sides are red, blue."));
  auto kind = cli({"play", "race/sprint", "--agent", "red=oracle"});
  EXPECT_EQ(kind.code, kExitUsage);
  EXPECT_TRUE(contains(kind.err, "the kinds are heuristic, human, mcts, random."));
  EXPECT_EQ(cli({"play", "race/sprint", "--dice", "loaded"}).code, kExitUsage);
  EXPECT_EQ(cli({"play", "race/sprint", "--seed", "abc"}).code, kExitUsage);
  EXPECT_EQ(cli({"play", "race/sprint", "--options", "=x"}).code, kExitUsage);
  auto missing = cli({"play"});
  EXPECT_EQ(missing.code, kExitUsage);
  EXPECT_TRUE(contains(missing.err, "needs a scenario"));
}

TEST_F(Cli, PlayLoadErrorsAreOneSentence) {
  auto r = cli({"play", "chess/opening"});
  EXPECT_EQ(r.code, kExitError);
  EXPECT_EQ(r.err, "carroccio: 'chess' is not a known ruleset: the rulesets are race.\n");
  auto o = cli({"play", "race/sprint", "--options", "fog"});
  EXPECT_EQ(o.code, kExitError);
  EXPECT_TRUE(contains(o.err, "'fog' is not an option of race"));
}

TEST_F(Cli, PlayOptionsReachTheGame) {
  auto r = cli(
      {"play", "race/sprint", "--options", "cautious", "--record", temp_path("cli_options.json")});
  ASSERT_EQ(r.code, kExitOk) << r.err;
  EXPECT_TRUE(contains(r.out, "options cautious"));
  EXPECT_FALSE(contains(r.out, "on 2d6"));
  auto record = game::read_record_file(temp_path("cli_options.json"));
  ASSERT_TRUE(record.ok());
  EXPECT_EQ(record->options, (game::Options{{"cautious", "true"}}));
}

TEST_F(Cli, RecordThenReplayReproducesTheGame) {
  const auto path = temp_path("cli_record.json");
  auto played = cli({"play", "race/marathon", "--seed", "7", "--record", path});
  ASSERT_EQ(played.code, kExitOk) << played.err;
  EXPECT_TRUE(contains(played.out, "Record written to " + path + "."));
  auto record = game::read_record_file(path);
  ASSERT_TRUE(record.ok());
  EXPECT_EQ(record->seed, 7u);
  EXPECT_EQ(record->agents.at("red"), "random");
  EXPECT_FALSE(record->returns.empty());

  auto replayed = cli({"replay", path});
  ASSERT_EQ(replayed.code, kExitOk) << replayed.err;
  EXPECT_TRUE(contains(replayed.out, "(matches the record)"));
  EXPECT_EQ(final_hash(replayed.out), final_hash(played.out));
  EXPECT_TRUE(contains(replayed.out, "  [race 3] "));
  EXPECT_TRUE(contains(replayed.out, "Final position:"));

  auto quiet = cli({"replay", path, "--quiet"});
  EXPECT_EQ(quiet.code, kExitOk);
  EXPECT_FALSE(contains(quiet.out, "[race 1]"));

  auto json = cli({"replay", path, "--json"});
  ASSERT_EQ(json.code, kExitOk);
  const auto j = nlohmann::json::parse(json.out);
  EXPECT_EQ(j["ruleset"], "race");
  EXPECT_EQ(j["scenario"], "marathon");
  EXPECT_EQ(j["actions"], record->actions.size());
  EXPECT_EQ(j["hash_matches"], true);
  EXPECT_EQ(j["terminal"], true);
  EXPECT_EQ(j["final_hash"], final_hash(played.out));
  EXPECT_EQ(j["returns"].size(), 2u);
  EXPECT_FALSE(j["events"].empty());
  EXPECT_EQ(j["events"][0]["rule"], "race 1");
  EXPECT_EQ(j["state"]["target"], 40);
}

TEST_F(Cli, ReplayOfATamperedRecordFails) {
  const auto path = temp_path("cli_tampered.json");
  ASSERT_EQ(cli({"play", "race/sprint", "--seed", "2", "--record", path}).code, kExitOk);
  auto j = nlohmann::json::parse(std::ifstream(path));

  auto hash = j;
  hash["final_hash"] = "0123456789abcdef";
  std::ofstream(temp_path("cli_tampered_hash.json")) << hash.dump();
  auto r = cli({"replay", temp_path("cli_tampered_hash.json")});
  EXPECT_EQ(r.code, kExitError);
  EXPECT_TRUE(contains(r.err, "but the record says 0123456789abcdef"));
  EXPECT_EQ(count(r.err, "\n"), 1u);
  auto rj = cli({"replay", temp_path("cli_tampered_hash.json"), "--json"});
  EXPECT_EQ(rj.code, kExitError);
  EXPECT_EQ(nlohmann::json::parse(rj.out)["hash_matches"], false);

  auto action = j;
  action["actions"][1][1] = 999;
  std::ofstream(temp_path("cli_tampered_action.json")) << action.dump();
  auto a = cli({"replay", temp_path("cli_tampered_action.json")});
  EXPECT_EQ(a.code, kExitError);
  EXPECT_TRUE(contains(a.err, "Record action 1 cannot be replayed"));
  EXPECT_EQ(count(a.err, "\n"), 1u);

  std::ofstream(temp_path("cli_not_json.json")) << "{ nope";
  auto n = cli({"replay", temp_path("cli_not_json.json")});
  EXPECT_EQ(n.code, kExitError);
  EXPECT_TRUE(contains(n.err, "this is not valid JSON"));
  auto m = cli({"replay", temp_path("cli_no_such_record.json")});
  EXPECT_EQ(m.code, kExitError);
  EXPECT_TRUE(contains(m.err, "Cannot open game record"));
  EXPECT_EQ(cli({"replay"}).code, kExitUsage);
}

TEST_F(Cli, HumanPlaysByNumberAndByName) {
  // Red steps ten times (by number, by a unique prefix, by an exact name): red wins.
  // Blue (also human) steps too, so red, moving first, gets there first.
  std::string input = "1\n1\nst\nst\nstep\nstep\n";
  for (int i = 0; i < 13; ++i) input += "1\n";
  auto r = cli({"play", "race/sprint", "--agent", "red=human", "--agent", "blue=human", "--options",
                "pace=long"},
               input);
  ASSERT_EQ(r.code, kExitOk) << r.err << r.out;
  EXPECT_TRUE(contains(r.out, "red to decide:\n    1. step\n    2. roll d6\n    3. roll 2d6\n"));
  EXPECT_TRUE(contains(r.out, "red> "));
  EXPECT_TRUE(contains(r.out, "red        ["));  // the board
  EXPECT_TRUE(contains(r.out, "Turn 1: red to play, red 0 - blue 0."));
  EXPECT_TRUE(contains(r.out, "blue to decide:"));
  EXPECT_EQ(count(r.out, "red steps to"), 10u);
  EXPECT_TRUE(contains(r.out, "red steps to 10."));
  EXPECT_TRUE(contains(r.out, "Result: red +1, blue -1"));
}

TEST_F(Cli, HumanInputErrorsAskAgainWithOneSentence) {
  auto r = cli({"play", "race/sprint", "--agent", "red=human", "--seed", "1"},
               "xyz\n9\nro\n\nb\nl\n?\nq\n");
  EXPECT_EQ(r.code, kExitOk) << r.err;
  EXPECT_TRUE(contains(
      r.out, "'xyz' is neither a number from 1 to 3 nor the start of an action's name.\n"));
  EXPECT_TRUE(contains(r.out, "9 is not a number from 1 to 3.\n"));
  EXPECT_TRUE(contains(r.out,
                       "'ro' is the start of 2 actions' names: type more of the name, or "
                       "its number.\n"));
  EXPECT_TRUE(contains(r.out, "No events yet.\n"));
  EXPECT_TRUE(contains(r.out, "Enter a number from 1 to 3"));
  EXPECT_EQ(count(r.out, "red        ["), 2u);  // drawn once, redrawn once on 'b'
  EXPECT_TRUE(contains(r.out, "red quits: the game stops here."));
  EXPECT_TRUE(contains(r.out, "Result: none"));
  EXPECT_FALSE(contains(r.out, "steps to"));  // nothing was played
}

TEST_F(Cli, PlayDrawsTheBoardOnceSummarisesTheAiAndTakesALastWord) {
  // "2d6" names "roll 2d6" by its last word; after blue's AI move red decides again: one line
  // says what the AI did, and the board is not drawn again until asked.
  auto r =
      cli({"play", "race/sprint", "--agent", "red=human", "--seed", "1"}, "2d6\nall\nboard\nq\n");
  ASSERT_EQ(r.code, kExitOk) << r.err;
  EXPECT_TRUE(contains(r.out, "red rolls")) << r.out;
  EXPECT_TRUE(contains(r.out, "on 2d6")) << r.out;
  EXPECT_TRUE(contains(r.out, "-- AI: blue 1 decision; ")) << r.out;
  EXPECT_EQ(count(r.out, "red        ["), 2u) << r.out;  // at the start and on 'board'
  EXPECT_EQ(count(r.out, "red to decide:\n    1. step\n"), 4u) << r.out;  // twice, all, board
  // Negative: a word no choice ends with is refused in one sentence and asked again.
  auto bad = cli({"play", "race/sprint", "--agent", "red=human"}, "d8\nq\n");
  EXPECT_EQ(bad.code, kExitOk);
  EXPECT_TRUE(
      contains(bad.out, "'d8' is neither a number from 1 to 3 nor the start of an action's name."))
      << bad.out;
}

TEST_F(Cli, EverySubcommandHelpIsItsOwn) {
  for (const char* command :
       {"rulesets", "play", "demo", "replay", "analyse", "bench", "sim", "tune", "odds"}) {
    auto r = cli({command, "--help"});
    EXPECT_EQ(r.code, kExitOk) << command;
    EXPECT_TRUE(contains(r.out, std::string("Usage: carroccio ") + command)) << r.out;
    EXPECT_FALSE(contains(r.out, "Subcommands:")) << command;
  }
  // `carroccio help X` is `carroccio X --help`.
  EXPECT_EQ(cli({"help", "demo"}).out, cli({"demo", "--help"}).out);
  EXPECT_EQ(cli({"help", "sim", "merge"}).out, cli({"sim", "merge", "--help"}).out);
  auto unknown = cli({"help", "frobnicate"});
  EXPECT_EQ(unknown.code, kExitUsage);
  EXPECT_EQ(unknown.err,
            "carroccio: 'frobnicate' is not a subcommand of carroccio.\nsee carroccio --help\n");
  EXPECT_EQ(cli({"help", "play", "demo"}).code, kExitUsage);
  auto merge = cli({"sim", "merge", "-h"});
  EXPECT_EQ(merge.code, kExitOk);
  EXPECT_TRUE(contains(merge.out, "Usage: carroccio sim merge SHARD.json... [flags]")) << merge.out;
}

TEST_F(Cli, QuitSavesARecordThatReplays) {
  const auto path = temp_path("cli_quit.json");
  auto r = cli({"play", "race/sprint", "--agent", "blue=human", "--record", path}, "1\nq\n");
  ASSERT_EQ(r.code, kExitOk) << r.err;
  EXPECT_TRUE(contains(r.out, "Record written to"));
  auto record = game::read_record_file(path);
  ASSERT_TRUE(record.ok());
  EXPECT_TRUE(record->returns.empty());
  EXPECT_EQ(record->agents.at("blue"), "human");
  auto replayed = cli({"replay", path});
  EXPECT_EQ(replayed.code, kExitOk) << replayed.err;
  EXPECT_TRUE(contains(replayed.out, "Result: none, the record stops before the end"));
}

TEST_F(Cli, EndOfInputAtAHumanDecisionStopsWithAnError) {
  const auto path = temp_path("cli_eof.json");
  auto r = cli({"play", "race/sprint", "--agent", "red=human", "--record", path}, "1\n");
  EXPECT_EQ(r.code, kExitError);
  EXPECT_EQ(r.err, "carroccio: Input ended while waiting for red's decision.\n");
  EXPECT_TRUE(game::read_record_file(path).ok());
}

TEST_F(Cli, EventsLogShowsTheLastEvents) {
  auto r = cli({"play", "race/sprint", "--agent", "red=human", "--seed", "1"}, "1\nl\nq\n");
  EXPECT_EQ(r.code, kExitOk);
  // After red's step and blue's move, 'l' lists both events again.
  EXPECT_GE(count(r.out, "red steps to 1."), 2u);
}

TEST_F(Cli, PhysicalDiceRefuseAnImpossibleRollAndDoNotAdvance) {
  auto r = cli({"play", "race/sprint", "--agent", "red=human", "--agent", "blue=human", "--dice",
                "physical"},
               "roll d6\n7\n3\nq\n");
  EXPECT_EQ(r.code, kExitOk) << r.err;
  const std::string prompt = "Roll d6 for the roll of red [race 1]: ";
  const auto refusal = r.out.find(prompt + "7 is not a possible roll of a d6");
  ASSERT_NE(refusal, std::string::npos) << r.out;
  // Straight after the refusal the same roll is asked for again: nothing happened in between.
  const auto again = r.out.find('\n', refusal) + 1;
  EXPECT_EQ(r.out.compare(again, prompt.size(), prompt), 0) << r.out.substr(again, 80);
  EXPECT_EQ(count(r.out, "red rolls"), 1u);
  EXPECT_TRUE(contains(r.out, "red rolls 3 on d6 and reaches 3."));
  EXPECT_TRUE(contains(r.out, "physical dice"));
}

TEST_F(Cli, PhysicalDiceEndOfInputIsAnError) {
  auto r = cli({"play", "race/sprint", "--agent", "red=human", "--dice", "physical"}, "roll 2d6\n");
  EXPECT_EQ(r.code, kExitError);
  EXPECT_TRUE(contains(r.err, "Input ended while waiting for a 2d6 roll"));
}

TEST_F(Cli, DemoPlaysTheFirstScenarioWithBoardsAndEvents) {
  auto r = cli({"demo", "--fast"});
  ASSERT_EQ(r.code, kExitOk) << r.err;
  EXPECT_TRUE(
      contains(r.out, "Carroccio demo: race/sprint, random (red) vs random (blue), seed 1."));
  EXPECT_TRUE(contains(r.out, "== Turn 1: red to play"));
  EXPECT_TRUE(contains(r.out, "== Turn 2:"));
  EXPECT_TRUE(contains(r.out, "  [race 1] "));
  EXPECT_TRUE(contains(r.out, "Final position:"));
  EXPECT_TRUE(contains(r.out, "Result: "));
  // demo --seed N is the game `play --seed N` plays with random agents.
  auto d = cli({"demo", "--fast", "--scenario", "race/marathon", "--seed", "5"});
  ASSERT_EQ(d.code, kExitOk);
  EXPECT_EQ(final_hash(d.out), final_hash(cli({"play", "race/marathon", "--seed", "5"}).out));
  EXPECT_EQ(cli({"demo", "--scenario", "race/nowhere"}).code, kExitError);
  EXPECT_EQ(cli({"demo", "--seed", "x"}).code, kExitUsage);
}

TEST_F(Cli, DemoWithNoPlayableRulesetFails) {
  game::Registry empty;
  auto r = run_cli(empty, {"demo"});
  EXPECT_EQ(r.code, kExitError);
  EXPECT_EQ(r.err, "carroccio: No ruleset that plays whole games is registered.\n");
}

TEST_F(Cli, BenchPrintsSpeedAndADeterministicSignature) {
  auto r = cli({"bench", "--games", "6"});
  ASSERT_EQ(r.code, kExitOk) << r.err;
  EXPECT_TRUE(contains(r.out, "race/sprint"));
  EXPECT_TRUE(contains(r.out, "race/marathon"));
  const std::string signature = hex_after(r.out, "\nsignature: ");
  ASSERT_EQ(signature.size(), 16u) << r.out;
  EXPECT_EQ(count(r.out, "signature:"), 1u);
  // Both clocks, each named: wall (elapsed) and CPU (processor time of the process).
  EXPECT_TRUE(contains(r.out, "games/s wall")) << r.out;
  EXPECT_TRUE(contains(r.out, "games/s CPU")) << r.out;

  // The signature is the FNV-1a chain over every game's final hash, seed = game index.
  auto expected = core::fnv1a64("");
  for (const char* ref : {"race/sprint", "race/marathon"}) {
    auto game = *registry_.load(ref, {});
    ai::RandomAgent a, b;
    std::vector<ai::Agent*> agents = {&a, &b};
    for (std::uint64_t i = 0; i < 6; ++i)
      expected =
          core::fnv1a64(core::hex64(sim::play_game(*game, agents, i, 0)->state->hash()), expected);
  }
  EXPECT_EQ(signature, core::hex64(expected));

  auto again = cli({"bench", "--games", "6", "--json"});
  ASSERT_EQ(again.code, kExitOk);
  const auto j = nlohmann::json::parse(again.out);
  EXPECT_EQ(j["signature"], signature);
  EXPECT_EQ(j["games_per_scenario"], 6);
  ASSERT_EQ(j["scenarios"].size(), 2u);
  EXPECT_EQ(j["scenarios"][0]["scenario"], "race/sprint");
  EXPECT_GT(j["scenarios"][0]["decisions"], 0);
  EXPECT_GE(j["scenarios"][0]["cpu_seconds"].get<double>(), 0.0);
  EXPECT_TRUE(j["scenarios"][0].contains("games_per_cpu_second"));

  auto other = cli({"bench", "--games", "7", "--json"});
  EXPECT_NE(nlohmann::json::parse(other.out)["signature"], signature);
  auto one = cli({"bench", "--games", "6", "--scenario", "race/sprint", "--json"});
  EXPECT_EQ(nlohmann::json::parse(one.out)["scenarios"].size(), 1u);
  EXPECT_EQ(cli({"bench", "--games", "0"}).code, kExitUsage);
}

}  // namespace
}  // namespace carroccio::app
