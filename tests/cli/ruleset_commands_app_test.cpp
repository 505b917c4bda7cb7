// The commands a ruleset contributes to `carroccio` (game::Ruleset::commands()): listed in the
// help between the built-in subcommands, dispatched with the words after their name, and never
// taking a built-in's name.
#include <gtest/gtest.h>

#include <algorithm>
#include <ostream>
#include <sstream>

#include "app/cli.hpp"
#include "app/commands.hpp"
#include "game/tests/race_game.hpp"
#include "rulesets/all.hpp"
#include "tests/cli/app_test_util.hpp"

namespace carroccio::app {
namespace {

using cli_testing::CliResult;
using cli_testing::run_cli;

// A ruleset that plays nothing and contributes `tally WORD...` (and a command with a long
// synopsis, to show how the help wraps it).
class TallyRuleset final : public game::Ruleset {
 public:
  TallyRuleset() {
    info_.id = "tally";
    info_.title = "Tally";
    info_.plays_games = false;
  }
  const game::RulesetInfo& info() const override { return info_; }
  core::Expected<std::shared_ptr<const game::Game>> new_game(const nlohmann::json&,
                                                             std::string_view,
                                                             const game::Options&) const override {
    return core::make_error("tally plays no games.");
  }
  std::vector<game::RulesetCommand> commands() const override {
    return {{"tally", "WORD...", "count the words",
             [](const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
               if (args.empty()) {
                 err << "carroccio: 'carroccio tally' needs words.\n";
                 return 2;
               }
               out << args.size() << " words, the first " << args[0] << "\n";
               return 0;
             }},
            {"tally-long", "--with-a-very-long-synopsis N", "wraps in the help",
             [](const std::vector<std::string>&, std::ostream&, std::ostream&) { return 1; }}};
  }

 private:
  game::RulesetInfo info_;
};

game::Registry race_and_tally() {
  game::Registry r = tests::make_race_registry();
  r.add(std::make_unique<TallyRuleset>());
  return r;
}

TEST(RulesetCommands, AreListedInTheHelpBetweenTheBuiltIns) {
  const auto registry = race_and_tally();
  const CliResult h = run_cli(registry, {"--help"});
  EXPECT_EQ(h.code, kExitOk);
  const auto bench = h.out.find("  bench ");
  const auto tally = h.out.find("  tally WORD...              count the words\n");
  const auto wrapped = h.out.find(
      "  tally-long --with-a-very-long-synopsis N\n                             wraps in the "
      "help\n");
  const auto serve = h.out.find("  serve [flags]");
  ASSERT_NE(tally, std::string::npos) << h.out;
  ASSERT_NE(wrapped, std::string::npos) << h.out;
  EXPECT_LT(bench, tally);
  EXPECT_LT(wrapped, serve);
  // Negative: a registry without them lists none.
  EXPECT_EQ(run_cli(tests::make_race_registry(), {"--help"}).out.find("tally"), std::string::npos);
}

TEST(RulesetCommands, AreDispatchedWithTheirWordsAndExitCode) {
  const auto registry = race_and_tally();
  const CliResult ok = run_cli(registry, {"tally", "a", "b", "c"});
  EXPECT_EQ(ok.code, 0);
  EXPECT_EQ(ok.out, "3 words, the first a\n");
  const CliResult bad = run_cli(registry, {"tally"});
  EXPECT_EQ(bad.code, 2);
  EXPECT_EQ(bad.err, "carroccio: 'carroccio tally' needs words.\n");
  // Negative: without the ruleset the word is not a subcommand.
  const CliResult none = run_cli(tests::make_race_registry(), {"tally", "a"});
  EXPECT_EQ(none.code, kExitUsage);
  EXPECT_EQ(none.err,
            "carroccio: 'tally' is not a subcommand of carroccio.\nsee carroccio --help\n");
}

TEST(RulesetCommands, TheRealRulesetsContributeAlshAndArmyWithoutShadowingABuiltIn) {
  const game::Registry registry = rulesets::make_registry();
  ASSERT_NE(registry.find_command("alsh"), nullptr);
  ASSERT_NE(registry.find_command("army"), nullptr);
  for (const auto& c : registry.commands()) {
    const auto builtins = builtin_subcommands();
    EXPECT_EQ(std::find(builtins.begin(), builtins.end(), c.name), builtins.end()) << c.name;
  }
  const CliResult h = run_cli(registry, {"--help"});
  // Each summary in the help's second column, wrapped to 80 columns under it.
  EXPECT_NE(h.out.find("  alsh ...                   All is Lost save Honour charts (see "
                       "carroccio alsh\n                             --help)\n"),
            std::string::npos)
      << h.out;
  EXPECT_NE(h.out.find("  army FILE [--json]         God Will Know His Own army lists (see "
                       "carroccio\n                             army --help)\n"),
            std::string::npos)
      << h.out;
  // `carroccio rulesets` names each ruleset's commands.
  const CliResult list = run_cli(registry, {"rulesets"});
  EXPECT_NE(list.out.find("gwkho  God Will Know His Own\n  scenarios:\n"), std::string::npos)
      << list.out;
  EXPECT_NE(list.out.find("  commands:\n    carroccio army FILE [--json]\n"), std::string::npos)
      << list.out;
  EXPECT_NE(list.out.find("alsh  All is Lost save Honour (charts)  (referee tables only)\n"
                          "  commands:\n    carroccio alsh ...\n"),
            std::string::npos)
      << list.out;
}

}  // namespace
}  // namespace carroccio::app
