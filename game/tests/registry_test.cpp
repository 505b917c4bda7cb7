#include "game/registry.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <ostream>
#include <stdexcept>

#include "game/tests/race_game.hpp"

namespace carroccio::game {
namespace {

std::string write_temp(const std::string& name, const std::string& text) {
  const auto path = std::filesystem::path(::testing::TempDir()) / name;
  std::ofstream(path) << text;
  return path.string();
}

TEST(Registry, FindsRulesetsById) {
  const auto registry = tests::make_race_registry();
  ASSERT_NE(registry.find("race"), nullptr);
  EXPECT_EQ(registry.find("race")->info().title, "Race to the target");
  EXPECT_EQ(registry.find("chess"), nullptr);
}

TEST(Registry, LoadsBuiltInScenarios) {
  const auto registry = tests::make_race_registry();
  auto game = registry.load("race/marathon", {{"cautious", "true"}});
  ASSERT_TRUE(game.ok()) << game.message();
  EXPECT_EQ((*game)->ruleset(), "race");
  EXPECT_EQ((*game)->scenario(), "marathon");
  EXPECT_EQ((*game)->options(), (Options{{"cautious", "true"}}));
  // A ruleset alone means its first scenario.
  auto first = registry.load("race", {});
  ASSERT_TRUE(first.ok());
  EXPECT_EQ((*first)->scenario(), "sprint");
}

TEST(Registry, UnknownRulesetNamesTheKnownOnes) {
  const auto registry = tests::make_race_registry();
  auto game = registry.load("chess/opening", {});
  ASSERT_FALSE(game.ok());
  EXPECT_EQ(game.message(), "'chess' is not a known ruleset: the rulesets are race.");
}

TEST(Registry, UnknownScenarioNamesTheKnownOnes) {
  const auto registry = tests::make_race_registry();
  auto game = registry.load("race/relay", {});
  ASSERT_FALSE(game.ok());
  EXPECT_EQ(game.message(), "Ruleset 'race' has no scenario 'relay': it has sprint, marathon.");
}

TEST(Registry, BadOptionsAreRefused) {
  const auto registry = tests::make_race_registry();
  auto game = registry.load("race/sprint", {{"fog", "true"}});
  ASSERT_FALSE(game.ok());
  EXPECT_NE(game.message().find("'fog' is not an option of race"), std::string::npos);
}

TEST(Registry, LoadsAScenarioFile) {
  const auto registry = tests::make_race_registry();
  const auto path = write_temp("registry_test_ok.json",
                               R"({"ruleset": "race", "scenario": "mine", "sides": ["a", "b"],
                                   "target": 5, "max_turns": 9})");
  auto game = registry.load(path, {});
  ASSERT_TRUE(game.ok()) << game.message();
  EXPECT_EQ((*game)->scenario(), "mine");
  EXPECT_EQ((*game)->player_name(1), "b");
  EXPECT_EQ((*game)->scenario_source()["target"], 5);
}

TEST(Registry, MalformedJsonGivesLineAndColumn) {
  const auto registry = tests::make_race_registry();
  const auto path =
      write_temp("registry_test_bad.json", "{\n  \"ruleset\": \"race\",\n  oops\n}\n");
  auto game = registry.load(path, {});
  ASSERT_FALSE(game.ok());
  EXPECT_EQ(game.message().rfind(path + ":3:3: this is not valid JSON", 0), 0u) << game.message();
}

TEST(Registry, MissingRulesetFieldIsNamed) {
  const auto registry = tests::make_race_registry();
  const auto path = write_temp("registry_test_noruleset.json", R"({"scenario": "x"})");
  auto game = registry.load(path, {});
  ASSERT_FALSE(game.ok());
  EXPECT_EQ(game.message(), path +
                                ": field 'ruleset' is missing or not a string: it must name "
                                "the ruleset, e.g. \"bma\".");
}

TEST(Registry, UnknownRulesetInAFileIsNamed) {
  const auto registry = tests::make_race_registry();
  const auto path = write_temp("registry_test_chess.json", R"({"ruleset": "chess"})");
  auto game = registry.load(path, {});
  ASSERT_FALSE(game.ok());
  EXPECT_EQ(game.message(),
            path + ": field 'ruleset' names 'chess', which is not a known ruleset.");
}

TEST(Registry, TheRulesetNamesItsOwnBadFields) {
  const auto registry = tests::make_race_registry();
  const auto path = write_temp("registry_test_target.json",
                               R"({"ruleset": "race", "scenario": "x", "sides": ["a", "b"],
                                   "target": 0, "max_turns": 9})");
  auto game = registry.load(path, {});
  ASSERT_FALSE(game.ok());
  // The registry adds the line of the field in the file (game/scenario_reader.hpp).
  EXPECT_EQ(game.message(), path + ":2: field 'target' must be a whole number from 2 to 1000.");
}

TEST(Registry, MissingFileIsNamed) {
  const auto registry = tests::make_race_registry();
  auto game = registry.load("./no/such/scenario.json", {});
  ASSERT_FALSE(game.ok());
  EXPECT_EQ(game.message(), "Cannot open scenario file './no/such/scenario.json'.");
}

// A ruleset that plays nothing and contributes the command `name` (the commands hook).
class CommandRuleset final : public Ruleset {
 public:
  CommandRuleset(std::string id, std::string command) : command_(std::move(command)) {
    info_.id = std::move(id);
    info_.title = "Commands only";
    info_.plays_games = false;
  }
  const RulesetInfo& info() const override { return info_; }
  core::Expected<std::shared_ptr<const Game>> new_game(const nlohmann::json&, std::string_view,
                                                       const Options&) const override {
    return core::make_error("plays no games");
  }
  std::vector<RulesetCommand> commands() const override {
    return {{command_, "WORD", "echoes its words",
             [](const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
               for (const auto& a : args) out << a << "\n";
               if (args.empty()) err << "nothing to echo\n";
               return args.empty() ? 2 : 0;
             }}};
  }

 private:
  RulesetInfo info_;
  std::string command_;
};

TEST(Registry, CollectsTheCommandsOfItsRulesets) {
  Registry registry = tests::make_race_registry();
  EXPECT_TRUE(registry.commands().empty());  // Race contributes none (the default)
  registry.add(std::make_unique<CommandRuleset>("echoer", "echo"));
  ASSERT_EQ(registry.commands().size(), 1u);
  const RulesetCommand* echo = registry.find_command("echo");
  ASSERT_NE(echo, nullptr);
  EXPECT_EQ(echo->arguments, "WORD");
  EXPECT_EQ(echo->summary, "echoes its words");
  std::ostringstream out, err;
  EXPECT_EQ(echo->run({"a", "b"}, out, err), 0);
  EXPECT_EQ(out.str(), "a\nb\n");
  EXPECT_EQ(echo->run({}, out, err), 2);
  EXPECT_EQ(err.str(), "nothing to echo\n");
  EXPECT_EQ(registry.find_command("race"), nullptr);
}

TEST(Registry, TwoRulesetsMayNotContributeTheSameCommand) {
  Registry registry;
  registry.add(std::make_unique<CommandRuleset>("first", "echo"));
  EXPECT_THROW(registry.add(std::make_unique<CommandRuleset>("second", "echo")), std::logic_error);
  EXPECT_EQ(registry.rulesets().size(), 1u);
}

TEST(ParseJsonText, CountsLinesAndColumns) {
  auto j = parse_json_text("[1,\n2,\n,]", "t");
  ASSERT_FALSE(j.ok());
  EXPECT_EQ(j.message().rfind("t:3:1: this is not valid JSON", 0), 0u) << j.message();
}

}  // namespace
}  // namespace carroccio::game
