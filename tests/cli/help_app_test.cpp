// Every subcommand of `carroccio` answers its own --help (issue 20, point 9): the built-in ones,
// the commands the rulesets contribute (Ruleset::commands(): army, alsh and each alsh table) and
// each ruleset's described odds (`carroccio odds RULESET`), all through game/command_line.hpp;
// and the rulesets' commands refuse a bad option in one sentence of ours, as the built-in ones.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <sstream>

#include "app/cli.hpp"
#include "app/commands.hpp"
#include "game/rules_reference.hpp"
#include "nlohmann/json.hpp"
#include "rulesets/all.hpp"
#include "tests/cli/app_test_util.hpp"

namespace carroccio::app {
namespace {

using cli_testing::CliResult;
using cli_testing::run_cli;

class EverySubcommand : public ::testing::Test {
 protected:
  CliResult cli(std::vector<std::string> args) { return run_cli(registry_, std::move(args)); }
  // The words of every subcommand: the dispatcher's built-ins, the registry's commands, the
  // tables of every command that describes them (alsh --describe) and each ruleset's described
  // odds.
  std::vector<std::vector<std::string>> subcommands() {
    std::vector<std::vector<std::string>> all;
    for (std::string_view b : builtin_subcommands())
      if (b != "help" && b != "version") all.push_back({std::string(b)});
    all.push_back({"sim", "merge"});
    for (const auto& c : registry_.commands()) {
      all.push_back({c.name});
      const CliResult described = cli({c.name, "--describe"});
      if (described.code != kExitOk) continue;
      const nlohmann::json tables = nlohmann::json::parse(described.out)["tables"];
      for (const auto& t : tables) all.push_back({c.name, t["name"].get<std::string>()});
    }
    for (const auto& r : registry_.rulesets())
      if (r->described_odds()) all.push_back({"odds", r->info().id});
    return all;
  }
  static std::string joined(const std::vector<std::string>& words) {
    std::string s;
    for (const auto& w : words) s += (s.empty() ? "" : " ") + w;
    return s;
  }
  const game::Registry registry_ = rulesets::make_registry();
};

TEST_F(EverySubcommand, AnswersItsOwnHelp) {
  const auto all = subcommands();
  // The three the rulesets contribute are among them, with alsh's tables.
  for (const char* c : {"army", "alsh", "alsh charge", "alsh major-battle", "odds bma", "odds ohw",
                        "odds fastplay"})
    EXPECT_NE(
        std::find_if(all.begin(), all.end(), [&](const auto& words) { return joined(words) == c; }),
        all.end())
        << c;
  for (const auto& words : all) {
    const std::string command = joined(words);
    for (const char* help : {"--help", "-h"}) {
      std::vector<std::string> args = words;
      args.push_back(help);
      const CliResult r = cli(args);
      EXPECT_EQ(r.code, kExitOk) << command << " " << help << ": " << r.err;
      EXPECT_TRUE(r.err.empty()) << command << ": " << r.err;
      // Its own usage first, not the general help nor its parent's.
      EXPECT_EQ(r.out.rfind("Usage: carroccio " + command, 0), 0u) << command << ":\n" << r.out;
      EXPECT_EQ(r.out.find("Subcommands:"), std::string::npos) << command;
      if (words.size() > 1 && !(words[0] == "sim" && words[1] == "merge")) {
        const CliResult parent = cli({words[0], "--help"});
        EXPECT_NE(r.out, parent.out) << command << " printed the help of " << words[0];
      }
    }
  }
  // `carroccio help X Y` is the same as `carroccio X Y --help` for a ruleset's command too.
  EXPECT_EQ(cli({"help", "army"}).out, cli({"army", "--help"}).out);
}

// Every line of a help fits a terminal's 80 columns.
std::string longest_line(const std::string& text) {
  std::string longest, line;
  for (char c : text + "\n") {
    if (c != '\n') {
      line += c;
      continue;
    }
    if (line.size() > longest.size()) longest = line;
    line.clear();
  }
  return longest;
}

TEST_F(EverySubcommand, ItsHelpIsWrappedToEightyColumns) {
  std::vector<std::vector<std::string>> all = subcommands();
  all.push_back({});  // carroccio --help
  for (const auto& words : all) {
    std::vector<std::string> args = words;
    args.push_back("--help");
    const CliResult r = cli(args);
    EXPECT_LE(longest_line(r.out).size(), 80u) << joined(words) << ": " << longest_line(r.out);
  }
  // The overview of a command's tables too (carroccio alsh).
  for (const auto& c : registry_.commands()) {
    const CliResult r = cli({c.name});
    EXPECT_LE(longest_line(r.out).size(), 80u) << c.name << ": " << longest_line(r.out);
  }
}

// A text wrapped twice (by hand to more than 80 columns, then by wrap_help) leaves a short line in
// the middle of a paragraph: a long line, a short one, and the paragraph going on at the short
// one's indent in lower case ("... laid out as a position" / "and resolved" / "by the same ...").
// The first such short line, or "".
std::string ragged_line(const std::string& text) {
  std::vector<std::string> lines;
  for (std::size_t at = 0, next; at <= text.size(); at = next + 1) {
    next = text.find('\n', at);
    if (next == std::string::npos) next = text.size();
    lines.push_back(text.substr(at, next - at));
  }
  auto indent = [](const std::string& l) { return l.find_first_not_of(' '); };
  for (std::size_t i = 0; i + 2 < lines.size(); ++i) {
    const std::string &a = lines[i], &b = lines[i + 1], &c = lines[i + 2];
    if (a.size() < 60 || b.empty() || c.empty() || b.size() >= 40) continue;
    if (indent(b) == indent(c) && std::islower(static_cast<unsigned char>(c[indent(c)]))) return b;
  }
  return "";
}

// `carroccio odds --help` and every `carroccio odds RULESET --help` (and alsh's tables) read well
// in an 80-column terminal: no line over 80, no paragraph broken twice.
TEST_F(EverySubcommand, TheOddsHelpsReadWellInEightyColumns) {
  std::vector<std::vector<std::string>> all = {{"odds"}};
  for (const auto& words : subcommands())
    if (words[0] == "odds") all.push_back(words);
  all.push_back({"odds", "alsh", "charge"});
  EXPECT_GE(all.size(), 6u);
  for (auto args : all) {
    const std::string command = joined(args);
    args.push_back("--help");
    const CliResult r = cli(args);
    EXPECT_EQ(r.code, kExitOk) << command;
    EXPECT_LE(longest_line(r.out).size(), 80u) << command << ": " << longest_line(r.out);
    EXPECT_EQ(ragged_line(r.out), "") << command << ":\n" << r.out;
    EXPECT_EQ(r.out.find("\n\n\n"), std::string::npos) << command << ":\n" << r.out;
  }
  // Negative: a paragraph wrapped twice is caught.
  EXPECT_EQ(ragged_line(std::string(70, 'x') + "\nand resolved\nby the same rules as in play."),
            "and resolved");
  EXPECT_EQ(ragged_line("a short paragraph\nthat goes on."), "");
}

// game::wrap_help: a long line goes on under its second column, breaking at a space or after a
// '|' of a list of values; a line that fits is kept.
TEST(WrapHelp, ALongLineGoesOnUnderItsSecondColumn) {
  EXPECT_EQ(game::wrap_help("  --flag N   one two three four five", 30),
            "  --flag N   one two three\n             four five");
  EXPECT_EQ(game::wrap_help("  x  a|b|c|d|e|f", 10), "  x  a|b|\n  c|d|e|f");
  // Negative: lines that fit, and a word longer than the width, are kept as they are.
  EXPECT_EQ(game::wrap_help("short\n  line", 10), "short\n  line");
  EXPECT_EQ(game::wrap_help("unbreakable-word", 5), "unbreakable-word");
}

// `carroccio help RULESET TOPIC` (issue 20, point 9): a clause, ruling or term of the ruleset's
// rules reference, read through the registry, for every ruleset; or a table of its command.
TEST_F(EverySubcommand, HelpOfARulesetTopicAnswersFromItsOwnReference) {
  for (const auto& ruleset : registry_.rulesets()) {
    const std::string id = ruleset->info().id;
    const auto reference = registry_.rules_reference(id);
    ASSERT_TRUE(reference.has_value()) << id;
    // Each of the topics the refusal suggests answers, wrapped, naming the topic.
    const std::string examples = game::reference_examples(*reference);
    ASSERT_FALSE(examples.empty()) << id;
    std::size_t start = 0;
    while (start < examples.size()) {
      std::size_t end = examples.find(", ", start);
      if (end == std::string::npos) end = examples.size();
      const std::string topic = examples.substr(start, end - start);
      start = end + 2;
      const CliResult r = cli({"help", id, topic});
      EXPECT_EQ(r.code, kExitOk) << id << " " << topic << ": " << r.err;
      EXPECT_TRUE(r.err.empty()) << r.err;
      EXPECT_NE(r.out.find(topic), std::string::npos) << id << " " << topic << ":\n" << r.out;
      EXPECT_LE(longest_line(r.out).size(), 80u) << longest_line(r.out);
    }
    // Negative: a topic that is none of these is one sentence naming the ruleset, then the hint.
    const CliResult bad = cli({"help", id, "no-such-topic"});
    EXPECT_EQ(bad.code, kExitUsage) << id;
    EXPECT_TRUE(bad.out.empty()) << bad.out;
    EXPECT_EQ(bad.err.rfind("carroccio: 'no-such-topic' is not a clause, ruling or term of the " +
                                id + " rules reference",
                            0),
              0u)
        << bad.err;
    EXPECT_EQ(std::count(bad.err.begin(), bad.err.end(), '\n'), 2) << bad.err;
  }
  // A term of the legend names its clause; a clause number gives its rulings.
  const CliResult charge = cli({"help", "fastplay", "charge"});
  EXPECT_EQ(charge.code, kExitOk);
  EXPECT_EQ(charge.out.rfind("fastplay term: charge (fastplay 6.1)\n  ", 0), 0u) << charge.out;
  const CliResult clause = cli({"help", "fastplay", "6.1"});
  EXPECT_EQ(clause.out.rfind("fastplay 6.1", 0), 0u) << clause.out;
  EXPECT_NE(clause.out.find("\n  ruling F-9: "), std::string::npos) << clause.out;
  // A command of the ruleset answers for its own topics: an alsh table is its --help.
  const CliResult table = cli({"help", "alsh", "charge"});
  EXPECT_EQ(table.code, kExitOk) << table.err;
  EXPECT_EQ(table.out, cli({"alsh", "charge", "--help"}).out);
  // Negative: not a ruleset at all.
  const CliResult nothing = cli({"help", "chess", "castling"});
  EXPECT_EQ(nothing.code, kExitUsage);
  EXPECT_EQ(nothing.err.rfind("carroccio: 'chess' is not a ruleset", 0), 0u) << nothing.err;
}

TEST_F(EverySubcommand, TheRulesetsCommandsRefuseABadOptionInOneSentence) {
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"army", "a.json", "--frob"},
       "'--frob' is not an option of 'carroccio army': it takes --json."},
      {{"alsh", "--frob"}, "'--frob' is not an option of 'carroccio alsh': it takes --describe."},
      {{"alsh", "charge", "--sp", "3", "--frob"},
       "'--frob' is not an option of 'carroccio alsh charge': it takes "},
      {{"alsh", "charge", "--sp"}, "--sp needs a value: "},
      {{"alsh", "charge", "3"}, "'carroccio alsh charge' takes no argument '3'."},
      {{"alsh", "charge", "--json=yes"}, "'--json' is a switch and takes no value."},
      {{"odds", "bma", "--frob"},
       "'--frob' is not an option of 'carroccio odds bma': it takes --attacker, "},
      {{"odds", "bma", "--defender", "A cavalry", "--defender", "B cavalry"},
       "'--defender' is given twice to 'carroccio odds bma'."}};
  for (const auto& [args, sentence] : cases) {
    const CliResult r = cli(args);
    const std::string command = joined(args);
    EXPECT_EQ(r.code, kExitUsage) << command;
    EXPECT_TRUE(r.out.empty()) << command << ": " << r.out;
    EXPECT_EQ(r.err.rfind("carroccio: " + sentence, 0), 0u) << command << ": " << r.err;
    // One sentence and the hint naming the command's own help; nothing of CLI11's wording.
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 2) << command << ": " << r.err;
    EXPECT_NE(r.err.find("\nsee carroccio "), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find("required"), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find("was not expected"), std::string::npos) << r.err;
  }
  // The hint names the command's own help.
  EXPECT_NE(cli({"alsh", "charge", "--frob"}).err.find("\nsee carroccio alsh charge --help\n"),
            std::string::npos);
  EXPECT_NE(cli({"odds", "bma", "--frob"}).err.find("\nsee carroccio odds bma --help\n"),
            std::string::npos);
  // Negative: the same commands with good arguments run.
  EXPECT_EQ(cli({"army", "gwkho/poitiers-english", "--json"}).code, kExitOk);
  EXPECT_EQ(cli({"alsh", "charge", "--sp=3", "--flank=yes", "--die", "4"}).code, kExitOk);
  EXPECT_EQ(cli({"odds", "bma", "--side", "imperial", "--attacker", "A cavalry", "--defender",
                 "B cavalry"})
                .code,
            kExitOk);
}

}  // namespace
}  // namespace carroccio::app
