// The command line's argument helpers.
#include <gtest/gtest.h>

#include "app/cli.hpp"
#include "game/tests/race_game.hpp"

namespace carroccio::app {
namespace {

const std::vector<FlagSpec> kFlags = {{"agent", true, true}, {"seed", true}, {"quiet"}};

core::Expected<ParsedArgs> parse(std::vector<std::string> args, std::size_t max_positional = 1) {
  return parse_args(args, "play", kFlags, max_positional);
}

TEST(ParseArgs, SplitsPositionalsValuesAndSwitches) {
  auto p = parse({"bma/legnano", "--seed", "3", "--agent=imperial=human", "--quiet", "--agent",
                  "lombard=random"});
  ASSERT_TRUE(p.ok()) << p.message();
  EXPECT_EQ(p->positional, (std::vector<std::string>{"bma/legnano"}));
  EXPECT_EQ(p->value("seed"), "3");
  EXPECT_TRUE(p->has("quiet"));
  EXPECT_FALSE(p->has("record"));
  EXPECT_EQ(p->value("record"), std::nullopt);
  EXPECT_EQ(p->values("agent"), (std::vector<std::string>{"imperial=human", "lombard=random"}));
  EXPECT_TRUE(p->values("nothing").empty());
}

TEST(ParseArgs, RefusesWhatIsNotAccepted) {
  auto unknown = parse({"x", "--fast"});
  ASSERT_FALSE(unknown.ok());
  EXPECT_EQ(unknown.message(),
            "'--fast' is not an option of 'carroccio play': it takes --agent, --seed, --quiet.");
  auto missing = parse({"x", "--seed"});
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.message(), "'--seed' needs a value.");
  auto swallowed = parse({"x", "--seed", "--quiet"});
  ASSERT_FALSE(swallowed.ok());
  EXPECT_EQ(swallowed.message(), "'--seed' needs a value.");
  auto empty = parse({"x", "--seed="});
  ASSERT_FALSE(empty.ok());
  EXPECT_EQ(empty.message(), "'--seed' needs a value.");
  auto valued_switch = parse({"x", "--quiet=yes"});
  ASSERT_FALSE(valued_switch.ok());
  EXPECT_EQ(valued_switch.message(), "'--quiet' is a switch and takes no value.");
  auto twice = parse({"x", "--seed", "1", "--seed", "2"});
  ASSERT_FALSE(twice.ok());
  EXPECT_EQ(twice.message(), "'--seed' is given twice to 'carroccio play'.");
  auto extra = parse({"x", "y"});
  ASSERT_FALSE(extra.ok());
  EXPECT_EQ(extra.message(),
            "'carroccio play' takes 1 argument before its flags, but 'y' is one too many.");
  auto none = parse({"x"}, 0);
  ASSERT_FALSE(none.ok());
  EXPECT_EQ(none.message(), "'carroccio play' takes no argument 'x'.");
  auto none_known = parse_args(std::vector<std::string>{"--x"}, "odds", {}, 0);
  ASSERT_FALSE(none_known.ok());
  EXPECT_EQ(none_known.message(), "'--x' is not an option of 'carroccio odds', which takes none.");
}

const CommandSpec kSpec{
    .name = "sim",
    .summary = "Plays many games.",
    .positional = "GAME",
    .positional_help = "the scenario",
    .max_positional = 1,
    .flags = {{.name = "games", .takes_value = true, .help = "number of games", .value_name = "N"},
              {.name = "compare-options",
               .takes_value = true,
               .help = "two option sets",
               .value_name = "A B",
               .values = 2,
               .missing = "'--compare-options' needs two option sets."},
              {.name = "json", .help = "as JSON"}},
    .footer = "More words."};

TEST(ParseCommand, ReadsATwoValueFlagAndAsksForHelp) {
  const std::vector<std::string> args = {"x", "--compare-options", "none", "charge", "--json"};
  auto p = parse_command(args, kSpec);
  ASSERT_TRUE(p.ok()) << p.message();
  EXPECT_FALSE(p->help);
  EXPECT_EQ(p->args.values("compare-options"), (std::vector<std::string>{"none", "charge"}));
  EXPECT_TRUE(p->args.has("json"));
  for (const char* h : {"--help", "-h"}) {
    const std::vector<std::string> help = {"x", h};
    auto asked = parse_command(help, kSpec);
    ASSERT_TRUE(asked.ok()) << asked.message();
    EXPECT_TRUE(asked->help);
  }
  // Negative: one value of two, and the flag given twice.
  const std::vector<std::string> one = {"x", "--compare-options", "none"};
  auto short_of_one = parse_command(one, kSpec);
  ASSERT_FALSE(short_of_one.ok());
  EXPECT_EQ(short_of_one.message(), "'--compare-options' needs two option sets.");
  const std::vector<std::string> twice = {"--compare-options", "a", "b",
                                          "--compare-options", "c", "d"};
  auto given_twice = parse_command(twice, kSpec);
  ASSERT_FALSE(given_twice.ok());
  EXPECT_EQ(given_twice.message(), "'--compare-options' is given twice to 'carroccio sim'.");
}

TEST(CommandHelp, IsWrittenFromTheSpec) {
  const std::string help = command_help(kSpec);
  EXPECT_EQ(help.rfind("Usage: carroccio sim GAME [flags]\nPlays many games.\n", 0), 0u) << help;
  for (const char* part :
       {"GAME", "the scenario", "--games N", "number of games", "--compare-options A B", "--json",
        "as JSON", "More words.", "-h,--help"})
    EXPECT_NE(help.find(part), std::string::npos) << part << "\n" << help;
  // A hand-written usage is printed as it is.
  CommandSpec written = kSpec;
  written.usage = "Usage: carroccio sim GAME ...\n";
  EXPECT_EQ(command_help(written), written.usage);
}

TEST(ParseAgentAssignment, ReadsSideAndSpec) {
  auto a = parse_agent_assignment("imperial=mcts:iters=20000");
  ASSERT_TRUE(a.ok());
  EXPECT_EQ(a->side, "imperial");
  EXPECT_EQ(a->spec.kind, "mcts");
  EXPECT_EQ(a->spec.params.at("iters"), "20000");
  auto h = parse_agent_assignment("lombard=human");
  ASSERT_TRUE(h.ok());
  EXPECT_EQ(h->spec.to_string(), "human");
}

TEST(ParseAgentAssignment, RefusesMalformedText) {
  for (const char* text : {"imperial", "=random", "imperial="}) {
    auto a = parse_agent_assignment(text);
    ASSERT_FALSE(a.ok()) << text;
    EXPECT_EQ(a.message(),
              fmt::format("'--agent {}' must be SIDE=KIND, e.g. --agent imperial=human.", text));
  }
  auto bad_spec = parse_agent_assignment("imperial=mcts:iters");
  ASSERT_FALSE(bad_spec.ok());
  EXPECT_NE(bad_spec.message().find("key=value"), std::string::npos);
}

TEST(AgentKinds, IncludeHumanAndTheAiKindsSorted) {
  const auto kinds = agent_kinds();
  EXPECT_TRUE(std::is_sorted(kinds.begin(), kinds.end()));
  EXPECT_NE(std::find(kinds.begin(), kinds.end(), "human"), kinds.end());
  EXPECT_NE(std::find(kinds.begin(), kinds.end(), "random"), kinds.end());
}

struct ResolveAgents : ::testing::Test {
  game::Registry registry = tests::make_race_registry();
  std::shared_ptr<const game::Game> game = *registry.load("race/sprint", {});
  core::Expected<std::vector<ai::AgentSpec>> resolve(const std::vector<std::string>& texts) {
    std::vector<AgentAssignment> list;
    for (const auto& t : texts) list.push_back(*parse_agent_assignment(t));
    return resolve_agents(list, *game);
  }
};

TEST_F(ResolveAgents, EverySideIsRandomUnlessAssigned) {
  auto specs = resolve({});
  ASSERT_TRUE(specs.ok());
  ASSERT_EQ(specs->size(), 2u);
  EXPECT_EQ((*specs)[0].kind, "random");
  EXPECT_EQ((*specs)[1].kind, "random");
  auto human = resolve({"blue=human"});
  ASSERT_TRUE(human.ok());
  EXPECT_EQ((*human)[0].kind, "random");
  EXPECT_EQ((*human)[1].kind, "human");
}

TEST_F(ResolveAgents, UnknownSideNamesTheSides) {
  auto specs = resolve({"nobody=random"});
  ASSERT_FALSE(specs.ok());
  EXPECT_EQ(specs.message(), "'nobody' is not a side of race/sprint: the sides are red, blue.");
}

TEST_F(ResolveAgents, UnknownKindNamesTheKinds) {
  auto specs = resolve({"red=oracle"});
  ASSERT_FALSE(specs.ok());
  EXPECT_EQ(specs.message(),
            "'oracle' is not an agent kind: the kinds are heuristic, human, mcts, random.");
}

TEST_F(ResolveAgents, RefusesASideGivenTwiceAndParametersNoOneTakes) {
  auto twice = resolve({"red=human", "red=random"});
  ASSERT_FALSE(twice.ok());
  EXPECT_EQ(twice.message(), "Side 'red' is given an agent twice.");
  auto human = resolve({"red=human:speed=2"});
  ASSERT_FALSE(human.ok());
  EXPECT_NE(human.message().find("takes no parameters"), std::string::npos);
  auto random = resolve({"red=random:iters=2"});
  ASSERT_FALSE(random.ok());
  EXPECT_NE(random.message().find("takes no parameters"), std::string::npos);
}

TEST(ParseDiceMode, DigitalOrPhysical) {
  EXPECT_EQ(*parse_dice_mode("digital"), DiceMode::kDigital);
  EXPECT_EQ(*parse_dice_mode("physical"), DiceMode::kPhysical);
  auto bad = parse_dice_mode("loaded");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.message(), "'--dice loaded' is not a dice mode: use digital or physical.");
}

TEST(ParseOptionList, WrapsGameOptions) {
  EXPECT_EQ(*parse_option_list("facing,vcf=every"),
            (game::Options{{"facing", "true"}, {"vcf", "every"}}));
  auto bad = parse_option_list("vcf=");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.message(), "In '--options vcf=': Option 'vcf' has no value after '='.");
}

TEST(ParseSeed, AcceptsEverySixtyFourBitNumber) {
  EXPECT_EQ(*parse_seed("0"), 0u);
  EXPECT_EQ(*parse_seed("18446744073709551615"), UINT64_MAX);
  for (const char* bad : {"", "-1", "abc", "1.5", "18446744073709551616", "3x"}) {
    auto s = parse_seed(bad);
    ASSERT_FALSE(s.ok()) << bad;
    EXPECT_NE(s.message().find("is not a seed"), std::string::npos);
  }
}

TEST(ParseCount, ChecksTheRange) {
  EXPECT_EQ(*parse_count("200", "games", 1, 1000), 200);
  auto zero = parse_count("0", "games", 1, 1000);
  ASSERT_FALSE(zero.ok());
  EXPECT_EQ(zero.message(), "'--games 0' must be a whole number from 1 to 1000.");
  EXPECT_FALSE(parse_count("many", "games", 1, 1000).ok());
}

}  // namespace
}  // namespace carroccio::app
