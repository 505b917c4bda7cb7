// The built `carroccio` binary, run as a person would: arguments, standard input through a pipe,
// exit codes and output. These need the real rulesets (bma/legnano with sides imperial and
// lombard).
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/text.hpp"
#include "nlohmann/json.hpp"

namespace carroccio::tests {
namespace {

struct CliResult {
  int code;
  std::string out;
  std::string err;
};

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

class CliBinary : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    dir_ = std::filesystem::path(::testing::TempDir()) /
           (std::string("carroccio_cli_") + info->name() + "_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  std::string path(const std::string& name) const { return (dir_ / name).string(); }

  // Runs `carroccio <args>` with `input` piped to its standard input.
  CliResult run(const std::string& args, const std::string& input = "") {
    std::ofstream(path("stdin.txt")) << input;
    const std::string command = std::string("cat '") + path("stdin.txt") + "' | '" + CARROCCIO_BIN +
                                "' " + args + " > '" + path("stdout.txt") + "' 2> '" +
                                path("stderr.txt") + "'";
    const int status = std::system(command.c_str());
    const int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    return {code, read_file(path("stdout.txt")), read_file(path("stderr.txt"))};
  }

  std::filesystem::path dir_;
};

using carroccio::core::contains;

std::size_t count_of(const std::string& text, const std::string& part) {
  std::size_t n = 0;
  for (auto pos = text.find(part); pos != std::string::npos; pos = text.find(part, pos + 1)) ++n;
  return n;
}

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

// Reads "Roll 2d6 for <purpose>: " (the physical dice prompt): the number of dice and sides.
bool parse_dice_prompt(const std::string& line, int& dice, int& sides) {
  const std::string head = "Roll ";
  if (line.rfind(head, 0) != 0 || line.size() < 2 || line.substr(line.size() - 2) != ": ")
    return false;
  const auto end = line.find(" for ", head.size());
  if (end == std::string::npos) return false;
  const std::string name = line.substr(head.size(), end - head.size());
  const auto d = name.find('d');
  if (d == std::string::npos || d + 1 == name.size()) return false;
  for (std::size_t i = 0; i < name.size(); ++i)
    if (i != d && !std::isdigit(static_cast<unsigned char>(name[i]))) return false;
  dice = d == 0 ? 1 : std::stoi(name.substr(0, d));
  sides = std::stoi(name.substr(d + 1));
  return true;
}

TEST_F(CliBinary, PrintsItsVersion) {
  auto r = run("--version");
  EXPECT_EQ(r.code, 0);
  EXPECT_EQ(r.out, "carroccio 0.1.0\n");
}

TEST_F(CliBinary, ListsTheRulesets) {
  auto r = run("rulesets");
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_TRUE(contains(r.out, "bma  "));
  EXPECT_TRUE(contains(r.out, "bma/legnano"));
  EXPECT_TRUE(contains(r.out, "  suggested opponent: mcts (--agent SIDE=mcts)\n"));
  auto j = run("rulesets --json");
  ASSERT_EQ(j.code, 0);
  const auto list = nlohmann::json::parse(j.out);
  ASSERT_FALSE(list.empty());
  EXPECT_EQ(list[0]["id"], "bma");
  EXPECT_EQ(list[0]["suggested_opponent"], "mcts");  // measured in docs/ai.md
}

TEST_F(CliBinary, RulesetCommandsRunThroughTheBinary) {
  // gwkho's `army` and alsh's `alsh`, both contributed by their rulesets (Ruleset::commands()).
  auto help = run("--help");
  EXPECT_TRUE(contains(help.out, "  army FILE [--json]  ")) << help.out;
  EXPECT_TRUE(contains(help.out, "  alsh ...  ")) << help.out;
  auto army = run(std::string("army '") + CARROCCIO_SOURCE_DIR +
                  "/scenarios/gwkho/armies/poitiers-english.json'");
  EXPECT_EQ(army.code, 0) << army.err;
  EXPECT_TRUE(contains(army.out, "Army: 635 pts, 60 e/e, 60 elements, 3 generals")) << army.out;
  std::ofstream(path("bad.json")) << "{\"ruleset\": \"gwkho\", \"id\": \"b\", \"name\": "
                                     "\"B\", \"year\": 1000,\n \"commands\": []}\n";
  auto bad = run("army '" + path("bad.json") + "'");
  EXPECT_EQ(bad.code, 1);
  EXPECT_EQ(bad.err, "carroccio: " + path("bad.json") +
                         ":1: field 'year' is 1000, but the medieval era runs from 1096 to 1590 "
                         "(rule Tr-7, ruling G-5).\n");
  auto alsh = run("alsh --help");
  EXPECT_EQ(alsh.code, 0) << alsh.err;
  EXPECT_TRUE(contains(alsh.out, "Usage: carroccio alsh <table>")) << alsh.out;
}

TEST_F(CliBinary, UnknownSubcommandOrArgumentIsAUsageError) {
  auto r = run("frobnicate");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err,
            "carroccio: 'frobnicate' is not a subcommand of carroccio.\n"
            "see carroccio --help\n");
  auto a = run("play bma/legnano --frobnicate");
  EXPECT_EQ(a.code, 2);
  EXPECT_TRUE(contains(a.err, "'--frobnicate' is not an option of 'carroccio play'"));
  EXPECT_TRUE(contains(a.err, "see carroccio --help"));
  auto none = run("");
  EXPECT_EQ(none.code, 2);
}

TEST_F(CliBinary, UnknownSideNamesTheSides) {
  auto r = run("play bma/legnano --agent nobody=random");
  EXPECT_EQ(r.code, 2);
  EXPECT_TRUE(contains(r.err, "'nobody' is not a side of bma/legnano"));
  EXPECT_TRUE(contains(r.err, "imperial"));
  EXPECT_TRUE(contains(r.err, "lombard"));
}

TEST_F(CliBinary, PlaysAGameRecordsItAndReplaysIt) {
  const std::string record = path("legnano.json");
  auto played =
      run("play bma/legnano --agent imperial=random --agent lombard=random --seed 3 "
          "--record '" +
          record + "'");
  ASSERT_EQ(played.code, 0) << played.err;
  EXPECT_TRUE(contains(played.out, "seed 3"));
  EXPECT_TRUE(contains(played.out, "Result: imperial "));
  ASSERT_TRUE(std::filesystem::exists(record));
  const auto j = nlohmann::json::parse(std::ifstream(record));
  EXPECT_EQ(j["ruleset"], "bma");
  EXPECT_EQ(j["scenario"], "legnano");
  EXPECT_EQ(j["seed"], 3);
  EXPECT_EQ(j["returns"].size(), 2u);  // the game reached its end
  EXPECT_FALSE(j["actions"].empty());

  auto replayed = run("replay '" + record + "'");
  ASSERT_EQ(replayed.code, 0) << replayed.err;
  EXPECT_TRUE(contains(replayed.out, "(matches the record)"));
  EXPECT_EQ(final_hash(replayed.out), final_hash(played.out));
  EXPECT_FALSE(final_hash(played.out).empty());

  auto json = run("replay '" + record + "' --json");
  ASSERT_EQ(json.code, 0);
  const auto report = nlohmann::json::parse(json.out);
  EXPECT_EQ(report["hash_matches"], true);
  EXPECT_EQ(report["terminal"], true);
  EXPECT_EQ(report["actions"], j["actions"].size());
}

TEST_F(CliBinary, ReplayOfATamperedRecordFailsWithOneSentence) {
  const std::string record = path("game.json");
  ASSERT_EQ(run("play bma/legnano --seed 4 --quiet --record '" + record + "'").code, 0);
  auto j = nlohmann::json::parse(std::ifstream(record));
  j["final_hash"] = "00000000deadbeef";
  std::ofstream(path("tampered.json")) << j.dump(1);
  auto r = run("replay '" + path("tampered.json") + "'");
  EXPECT_EQ(r.code, 1);
  EXPECT_TRUE(contains(r.err, "but the record says 00000000deadbeef"));
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1);

  auto k = nlohmann::json::parse(std::ifstream(record));
  k["actions"][0][1] = 99999;
  std::ofstream(path("tampered_action.json")) << k.dump(1);
  auto a = run("replay '" + path("tampered_action.json") + "'");
  EXPECT_EQ(a.code, 1);
  EXPECT_TRUE(contains(a.err, "Record action 0 cannot be replayed"));
  EXPECT_EQ(std::count(a.err.begin(), a.err.end(), '\n'), 1);
}

TEST_F(CliBinary, PhysicalDiceRefuseAnImpossibleRollWithoutAdvancing) {
  // Answer chit draws with their first outcome until the first dice roll is asked for; each
  // run replays the same game from the seed with the answers so far.
  const std::string args = "play bma/legnano --seed 3 --dice physical";
  std::string answers, prompt, bad, good;
  for (int attempt = 0; attempt < 300 && prompt.empty(); ++attempt) {
    const CliResult r = run(args, answers);
    ASSERT_NE(r.code, 0) << "the game ended without asking for a dice roll";
    ASSERT_TRUE(contains(r.err, "Input ended")) << r.err;
    // The last prompt is the last line (the CLI ends the line when input runs out).
    std::string text = r.out;
    if (!text.empty() && text.back() == '\n') text.pop_back();
    const std::string tail = text.substr(text.rfind('\n') + 1);
    int dice = 0, sides = 0;
    if (parse_dice_prompt(tail, dice, sides)) {
      prompt = tail;
      bad = std::to_string(dice * sides + 1);
      good = std::to_string(dice);
    } else {
      ASSERT_EQ(tail, "> ") << "unexpected prompt: " << tail;
      answers += "1\n";
    }
  }
  ASSERT_FALSE(prompt.empty()) << "no dice roll was asked for";

  const CliResult r = run(args, answers + bad + "\n" + good + "\n");
  const auto at = r.out.find(prompt + bad + " is not a possible ");
  ASSERT_NE(at, std::string::npos) << r.out.substr(r.out.size() > 2000 ? r.out.size() - 2000 : 0);
  // The refusal is one sentence on its line, and the very same roll is asked for again.
  const auto next = r.out.find('\n', at) + 1;
  EXPECT_EQ(r.out.compare(next, prompt.size(), prompt), 0) << r.out.substr(next, 200);
  // Then the good value is taken and the game goes on past that roll.
  EXPECT_GT(r.out.size(), next + prompt.size());
  EXPECT_NE(r.out.compare(next + prompt.size(), prompt.size(), prompt), 0);
}

TEST_F(CliBinary, GwkhoPhysicalDiceAreAskedForDieByDie) {
  // gwkho, two agents, every die typed by hand: a good general's two PIP dice and the two dice of
  // a close combat are asked for one by one (ChanceInfo::each_die), each naming whose die it is.
  // The first answer, 7, is no roll of a d6: refused in one sentence and asked for again.
  std::string answers = "7\n";
  for (int i = 0; i < 3000; ++i) answers += "3\n";
  const CliResult r = run("play gwkho/legnano --seed 3 --dice physical", answers);
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_TRUE(contains(r.out,
                       "(the better of two dice) [gwkho Pip-1]: the first die: 7 is not a "
                       "possible roll of a d6"))
      << r.out.substr(0, 600);
  EXPECT_TRUE(contains(r.out, "[gwkho Pip-1]: the second die: "));
  // Whose die, in words (the element's name, troop and command), not by its id.
  EXPECT_TRUE(contains(r.out, "(second) [gwkho CC-1]: the die of "));
  EXPECT_FALSE(contains(r.out, "the die of imperial."));
  EXPECT_TRUE(contains(r.out, "Result: "));
}

TEST_F(CliBinary, DemoPlaysAWholeGame) {
  auto r = run("demo --fast --seed 2");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_TRUE(contains(r.out, "Carroccio demo: bma/legnano"));
  EXPECT_TRUE(contains(r.out, "Final position:"));
  EXPECT_TRUE(contains(r.out, "Result: imperial "));
}

TEST_F(CliBinary, DemoFastEndsWithASummary) {
  auto r = run("demo --fast --seed 2");
  ASSERT_EQ(r.code, 0) << r.err;
  const auto at = r.out.find("\n== Summary\n");
  ASSERT_NE(at, std::string::npos) << r.out.substr(r.out.size() > 800 ? r.out.size() - 800 : 0);
  const std::string summary = r.out.substr(at);
  // Who won (or a draw), after how many turns, and each side's losses.
  EXPECT_TRUE(contains(summary, "Winner: ") || contains(summary, "Drawn")) << summary;
  EXPECT_TRUE(contains(summary, ", after turn ")) << summary;
  EXPECT_TRUE(contains(summary, "\nimperial: Victory points lost ")) << summary;
  EXPECT_TRUE(contains(summary, "\nlombard: Victory points lost ")) << summary;
  // The pace flags: --fast is --delay 0, and they are not given together.
  auto both = run("demo --fast --delay 5");
  EXPECT_EQ(both.code, 2);
  EXPECT_EQ(both.err,
            "carroccio: '--fast' and '--delay' cannot be used together: --fast is --delay 0.\n"
            "see carroccio --help\n");
  auto bad = run("demo --delay soon");
  EXPECT_EQ(bad.code, 2);
  EXPECT_TRUE(contains(bad.err, "'--delay soon' must be a whole number from 0 to 10000."))
      << bad.err;
  EXPECT_TRUE(bad.out.empty());
}

// Every subcommand `carroccio --help` lists answers its own --help (not the general help), with
// its flags.
TEST_F(CliBinary, EverySubcommandAnswersItsOwnHelp) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"rulesets", "--json"},    {"play", "--agent SIDE=KIND"}, {"demo", "--fast"},
      {"replay", "--no-agents"}, {"analyse", "--move N"},       {"bench", "--games N"},
      {"serve", "--port N"},     {"sim", "--compare-options"},  {"sim merge", "--report"},
      {"tune", "--target"},      {"odds", "--action"},          {"army", "--json"},
      {"alsh", "--describe"}};
  for (const auto& [command, flag] : cases) {
    for (const char* help : {" --help", " -h"}) {
      auto r = run(command + help);
      EXPECT_EQ(r.code, 0) << command << help << ": " << r.err;
      EXPECT_TRUE(contains(r.out, "Usage: carroccio " + command)) << command << ":\n" << r.out;
      EXPECT_TRUE(contains(r.out, flag)) << command << ":\n" << r.out;
      EXPECT_FALSE(contains(r.out, "Subcommands:")) << command << " printed the general help";
      EXPECT_TRUE(r.err.empty()) << command << ": " << r.err;
    }
  }
  // The general help lists each of them.
  auto general = run("--help");
  for (const auto& [command, flag] : cases)
    EXPECT_TRUE(contains(general.out, "  " + command + " ")) << command;
}

// A bad argument to any subcommand is one sentence of ours (no parser's text), exit code 2, and
// nothing is done: no output, no file written.
TEST_F(CliBinary, EverySubcommandRefusesABadArgumentInOneSentence) {
  const std::string record = path("never.json");
  const std::string csv = path("never.csv");
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"rulesets --jsn", "'--jsn' is not an option of 'carroccio rulesets': it takes --json."},
      {"play bma/legnano --record '" + record + "' --seed", "'--seed' needs a value."},
      {"play bma/legnano --record '" + record + "' --quiet=yes",
       "'--quiet' is a switch and takes no value."},
      {"play bma/legnano extra --record '" + record + "'",
       "'carroccio play' takes 1 argument before its flags, but 'extra' is one too many."},
      {"play bma/legnano --seed 1 --seed 2 --record '" + record + "'",
       "'--seed' is given twice to 'carroccio play'."},
      {"demo --scenario", "'--scenario' needs a value."},
      {"demo extra", "'carroccio demo' takes no argument 'extra'."},
      {"replay a.json b.json",
       "'carroccio replay' takes 1 argument before its flags, but 'b.json' is one too many."},
      {"analyse a.json --top", "'--top' needs a value."},
      {"bench --games 0", "'--games 0' must be a whole number from 1 to 100000000."},
      {"serve --port", "'--port' needs a value."},
      {"sim bma/legnano --csv '" + csv + "' --compare-options none",
       "'--compare-options' needs two option sets, e.g. --compare-options none charge."},
      {"sim merge a.json --bogus",
       "'--bogus' is not an option of 'carroccio sim merge': it takes --json, --report."},
      {"tune bma/legnano --param", "'--param' needs a value."},
      {"odds a.json --move", "'--move' needs a value."},
      {"army --csv", "'--csv' is not an option of 'carroccio army': it takes --json."}};
  for (const auto& [args, sentence] : cases) {
    auto r = run(args);
    EXPECT_EQ(r.code, 2) << args;
    EXPECT_TRUE(r.out.empty()) << args << ": " << r.out;
    EXPECT_EQ(r.err.rfind("carroccio: " + sentence + "\n", 0), 0u) << args << ": " << r.err;
    // One sentence and the hint: two lines at most, and nothing of CLI11's wording.
    EXPECT_LE(std::count(r.err.begin(), r.err.end(), '\n'), 2) << args << ": " << r.err;
    EXPECT_FALSE(contains(r.err, "required")) << r.err;
    EXPECT_FALSE(contains(r.err, "was not expected")) << r.err;
  }
  EXPECT_FALSE(std::filesystem::exists(record));
  EXPECT_FALSE(std::filesystem::exists(csv));
}

// play draws the board once and then only when asked; a long list of destinations is offered
// grouped by their hex labels, and a label may be typed instead of a number.
TEST_F(CliBinary, PlayGroupsDestinationsAndTakesAHexLabel) {
  // Activate the first leader, pick the first unit (at 0503), then type its destination's label;
  // b draws the board, 'all' lists every choice by number; then quit.
  auto r = run("play bma/legnano --agent imperial=human --seed 1", "1\n2\nall\n0405\nb\nq\n");
  ASSERT_EQ(r.code, 0) << r.err;
  const std::string board_line = "Key: first letter = side";
  EXPECT_EQ(count_of(r.out, board_line), 2u) << r.out;  // at the start and on b
  EXPECT_TRUE(contains(r.out, "  to ... (86 choices: type one of these words, e.g. 0101):\n"))
      << r.out;
  EXPECT_TRUE(contains(r.out, "      0101 0102 0103 0104 ")) << r.out;
  EXPECT_TRUE(contains(r.out, "  (all lists the 87 choices by number)\n")) << r.out;
  EXPECT_TRUE(contains(r.out, "   39. stay in place\n")) << r.out;
  EXPECT_TRUE(contains(r.out, "   40. to 0504\n")) << r.out;  // 'all': one per line
  EXPECT_TRUE(contains(r.out, "Rhineland knights 1 move from 0503 to 0405")) << r.out;
  EXPECT_TRUE(contains(r.out, "imperial quits: the game stops here."));
  // The 86 destinations take seven lines, not 86.
  EXPECT_TRUE(contains(r.out, "\n      1202 1205\n  (all lists")) << r.out;
}

TEST_F(CliBinary, PlaySummarisesTheAiTurnAndRedrawsOnlyOnRequest) {
  // The imperial person declines, the Lombard AI plays its leader, and the person is back.
  auto r = run("play bma/legnano --agent imperial=human --seed 1", "2\n1\nboard\nq\n");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_TRUE(contains(r.out, "-- AI: lombard ")) << r.out;
  EXPECT_TRUE(contains(r.out, " events above.\n")) << r.out;
  EXPECT_EQ(count_of(r.out, "Key: first letter = side"), 2u) << r.out;  // the start and 'board'
}

TEST_F(CliBinary, BenchSignatureIsStable) {
  auto a = run("bench --games 1");
  ASSERT_EQ(a.code, 0) << a.err;
  const std::string signature = hex_after(a.out, "\nsignature: ");
  ASSERT_EQ(signature.size(), 16u) << a.out;
  auto b = run("bench --games 1 --json");
  ASSERT_EQ(b.code, 0);
  EXPECT_EQ(nlohmann::json::parse(b.out)["signature"], signature);
}

TEST_F(CliBinary, SimOfLegnanoGivesTheSameTotalsWithOneOrTwoThreads) {
  auto one = run("sim bma/legnano --games 60 --seed 4 --threads 1 --json");
  auto two = run("sim bma/legnano --games 60 --seed 4 --threads 2 --json");
  ASSERT_EQ(one.code, 0) << one.err;
  ASSERT_EQ(two.code, 0) << two.err;
  // Equal but for the timing block (seconds and threads, which differ by nature).
  auto j = nlohmann::json::parse(one.out);
  auto k = nlohmann::json::parse(two.out);
  ASSERT_TRUE(j.contains("timing"));
  j.erase("timing");
  k.erase("timing");
  EXPECT_EQ(j, k);
  EXPECT_EQ(j["aggregate"]["games"], 60);
  EXPECT_EQ(j["score_label"], "Victory points lost");
  std::uint64_t ended = 0;
  for (const auto& [reason, count] : j["aggregate"]["end_reasons"].items()) {
    EXPECT_NE(reason, "none");
    ended += count.get<std::uint64_t>();
  }
  EXPECT_EQ(ended, 60u);
  EXPECT_FALSE(j["aggregate"]["pieces"].empty());
}

TEST_F(CliBinary, SimAndOddsBadInputExitWithTwo) {
  for (const char* command :
       {"sim", "odds", "sim nosuch/game", "sim bma/legnano --games 0",
        "sim bma/legnano --agent imperial=wizard", "odds /nonexistent.json"}) {
    auto r = run(command);
    EXPECT_EQ(r.code, 2) << command;
    EXPECT_EQ(r.err.rfind("carroccio: ", 0), 0u) << command << ": " << r.err;
  }
}

// [Optional Rules, Major Battle tables, par. 18.9] The whole major-battle command through the
// binary: Table 1 dice for both Capitani Generali, every step O3 modifier, the combat roll and a
// reroll cell of the Combat Results Table, as text, JSON and odds; and its errors.
TEST_F(CliBinary, Alsh_MajorBattle_StepsO3AndO4EndToEnd) {
  const std::string battle =
      "alsh major-battle --attacker-column 3 --defender-column 2 --attacker-sp 20 "
      "--defender-sp 10 --attacker-quality 2 --defender-quality 2 --attacker-cavalry-sp 8";
  // Table 1: column 3 die 4 gives 3, column 2 die 2 gives 1: (a) +2; Table 2, 20 against 10:
  // (c) +2; Table 3, 8 more cavalry SP in Clear: (d) +1. Combat roll 5 + 5 = +10: 15/40.
  auto r = run(battle + " --die 4 --die 2 --die 5");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_TRUE(r.err.empty()) << r.err;
  for (const char* line :
       {"Dice as you rolled them:", "(a) Capitani Generali Initiative", "Table 1: 3 - 1",
        "(c) Combat ratio (Table 2)", "(d) Cavalry superiority (Table 3)",
        "Total die-roll modifier +5", "Combat roll 5 + 5 = 10: row '+10', 15/40",
        "Result: Attacker loses 3 SP (15%), defender loses 4 SP (40%); defender loses the battle",
        "The defender lost: it suffers Pursuit", "This rests on uncertain readings",
        "Exact odds over every roll"})
    EXPECT_TRUE(contains(r.out, line)) << line << "\n" << r.out;
  // A reroll cell: 2 + 5 = +7 reads R-1, one more die with -1 as the only modifier: 3 - 1 = +2.
  auto reroll = run(battle + " --die 4 --die 2 --die 2 --die 3");
  ASSERT_EQ(reroll.code, 0) << reroll.err;
  EXPECT_TRUE(contains(reroll.out, "reroll with -1 as the only modifier: 3")) << reroll.out;
  EXPECT_TRUE(contains(reroll.out, "Reroll 3 - 1 = 2: row '+2', 20/20")) << reroll.out;
  EXPECT_TRUE(contains(reroll.out, "attacker loses the battle")) << reroll.out;
  // The same battle as JSON, the browser referee's answer.
  auto j = run(battle + " --die 4 --die 2 --die 5 --json");
  ASSERT_EQ(j.code, 0) << j.err;
  const auto report = nlohmann::json::parse(j.out);
  EXPECT_EQ(report["mode"], "physical");
  EXPECT_EQ(report["rolls"].size(), 3u);
  EXPECT_EQ(report["result"]["detail"]["cell"], "15/40");
  EXPECT_EQ(report["result"]["detail"]["loser"], "defender");
  EXPECT_EQ(report["odds_total"], "1");
  // Odds only: no dice, every outcome with its exact probability summing to 1.
  auto odds = run(battle + " --odds --json");
  ASSERT_EQ(odds.code, 0) << odds.err;
  const auto o = nlohmann::json::parse(odds.out);
  EXPECT_EQ(o["mode"], "odds");
  EXPECT_EQ(o["odds_total"], "1");
  EXPECT_FALSE(o.contains("result"));
  // Negative: bad situations are usage errors of one line, and print no report.
  for (const auto& [args, needle] :
       {std::pair{std::string("alsh major-battle --attacker-column 3 --defender-column 2 "
                              "--defender-sp 10 --attacker-quality 2 --defender-quality 2"),
                  std::string("needs --attacker-sp")},
        std::pair{battle + " --hex wood --die 1", std::string("No Major Battle")},
        std::pair{battle + " --die 4 --die 2", std::string("give one more die")},
        std::pair{battle + " --die 4 --die 2 --die 5 --die 6", std::string("only 3 rolls")},
        std::pair{battle + " --attacker-initiative 3", std::string("one of the two")}}) {
    auto bad = run(args);
    EXPECT_EQ(bad.code, 2) << args;
    EXPECT_TRUE(bad.out.empty()) << args << ": " << bad.out;
    EXPECT_TRUE(contains(bad.err, needle)) << args << ": " << bad.err;
    EXPECT_EQ(bad.err.find('\n'), bad.err.size() - 1) << args << ": " << bad.err;
  }
}

}  // namespace
}  // namespace carroccio::tests
