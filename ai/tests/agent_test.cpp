#include "ai/agent.hpp"

#include <gtest/gtest.h>

#include <map>

#include "game/tests/race_game.hpp"

namespace carroccio::ai {
namespace {

using tests::kRaceRoll2d6;
using tests::kRaceRollD6;
using tests::kRaceStep;

std::shared_ptr<const game::Game> race(const game::Registry& registry,
                                       const game::Options& options = {}) {
  auto game = registry.load("race/sprint", options);
  EXPECT_TRUE(game.ok());
  return *game;
}

TEST(AgentSpec, ParsesAKindAlone) {
  auto spec = AgentSpec::parse("random");
  ASSERT_TRUE(spec.ok());
  EXPECT_EQ(spec->kind, "random");
  EXPECT_TRUE(spec->params.empty());
  EXPECT_EQ(spec->to_string(), "random");
}

TEST(AgentSpec, ParsesParameters) {
  auto spec = AgentSpec::parse("mcts:iters=20000");
  ASSERT_TRUE(spec.ok());
  EXPECT_EQ(spec->kind, "mcts");
  EXPECT_EQ(spec->params, (std::map<std::string, std::string>{{"iters", "20000"}}));
  auto two = AgentSpec::parse("mcts:ms=1000,c=1.4");
  ASSERT_TRUE(two.ok());
  EXPECT_EQ(two->params.at("ms"), "1000");
  EXPECT_EQ(two->params.at("c"), "1.4");
  // Canonical text sorts the parameters.
  EXPECT_EQ(two->to_string(), "mcts:c=1.4,ms=1000");
  EXPECT_EQ(*AgentSpec::parse(two->to_string()), *two);
}

TEST(AgentSpec, RefusesMalformedTextWithOneSentence) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"", "has no kind"},
      {":iters=3", "has no kind"},
      {"Random", "lower-case"},
      {"mcts:", "no parameters after it"},
      {"mcts:iters", "not of the form key=value"},
      {"mcts:iters=", "not of the form key=value"},
      {"mcts:=5", "not of the form key=value"},
      {"mcts:iters=1,,ms=2", "not of the form key=value"},
      {"mcts:iters=1,iters=2", "given twice"},
      {"mcts:It=1", "lower-case"},
  };
  for (const auto& [text, expected] : cases) {
    auto spec = AgentSpec::parse(text);
    ASSERT_FALSE(spec.ok()) << text;
    EXPECT_NE(spec.message().find(expected), std::string::npos) << text << ": " << spec.message();
    EXPECT_EQ(spec.message().back(), '.') << spec.message();
    EXPECT_EQ(spec.message().find('\n'), std::string::npos);
  }
}

TEST(AgentSpec, ReadsIntegerParameters) {
  auto spec = *AgentSpec::parse("mcts:iters=500,ms=x");
  EXPECT_EQ(*spec.int_param("iters", 100, 1, 1000), 500);
  EXPECT_EQ(*spec.int_param("depth", 7, 1, 10), 7);
  EXPECT_FALSE(spec.int_param("iters", 100, 1, 10).ok());
  auto bad = spec.int_param("ms", 100, 1, 1000);
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.message().find("ms=x"), std::string::npos);
}

TEST(AgentSpec, ChecksParameterNames) {
  auto spec = *AgentSpec::parse("mcts:iters=5,speed=2");
  auto s = spec.check_params({"iters", "ms"});
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.message().find("'speed' is not a parameter of agent 'mcts'"), std::string::npos);
  EXPECT_TRUE(spec.check_params({"iters", "ms", "speed"}).ok());
}

TEST(MakeAgent, MakesRandom) {
  const auto registry = tests::make_race_registry();
  auto game = race(registry);
  auto agent = make_agent(*AgentSpec::parse("random"), *game, 0);
  ASSERT_TRUE(agent.ok());
  EXPECT_EQ((*agent)->name(), "random");
}

TEST(MakeAgent, RefusesUnknownKindsNamingTheKnownOnes) {
  const auto registry = tests::make_race_registry();
  auto game = race(registry);
  auto agent = make_agent(*AgentSpec::parse("oracle"), *game, 0);
  ASSERT_FALSE(agent.ok());
  EXPECT_EQ(agent.message(),
            "'oracle' is not an agent kind: the kinds are heuristic, mcts, random.");
}

TEST(MakeAgent, RefusesParametersRandomDoesNotTake) {
  const auto registry = tests::make_race_registry();
  auto game = race(registry);
  auto agent = make_agent(*AgentSpec::parse("random:iters=3"), *game, 1);
  ASSERT_FALSE(agent.ok());
  EXPECT_NE(agent.message().find("takes no parameters"), std::string::npos);
}

TEST(MakeAgent, RefusesASideTheGameDoesNotHave) {
  const auto registry = tests::make_race_registry();
  auto game = race(registry);
  EXPECT_FALSE(make_agent(*AgentSpec::parse("random"), *game, 2).ok());
  EXPECT_FALSE(make_agent(*AgentSpec::parse("random"), *game, -1).ok());
}

TEST(AgentKinds, AreSortedAndIncludeRandom) {
  const auto kinds = agent_kinds();
  EXPECT_TRUE(std::is_sorted(kinds.begin(), kinds.end()));
  EXPECT_NE(std::find(kinds.begin(), kinds.end(), "random"), kinds.end());
}

TEST(RandomAgent, ChoosesEachLegalActionEquallyOften) {
  const auto registry = tests::make_race_registry();
  auto game = race(registry);
  auto state = game->new_initial_state();
  RandomAgent agent;
  core::Rng rng(7);
  std::map<game::Action, int> counts;
  const int n = 30000;
  for (int i = 0; i < n; ++i) ++counts[agent.choose(*state, rng)];
  ASSERT_EQ(counts.size(), 3u);
  double chi2 = 0;
  for (auto a : {kRaceStep, kRaceRollD6, kRaceRoll2d6}) {
    const double expected = n / 3.0;
    chi2 += (counts[a] - expected) * (counts[a] - expected) / expected;
  }
  // 2 degrees of freedom: P(chi2 > 25) < 4e-6. Fixed seed, so this never flakes.
  EXPECT_LT(chi2, 25.0);
}

TEST(RandomAgent, OnlyChoosesLegalActions) {
  const auto registry = tests::make_race_registry();
  auto game = race(registry, {{"cautious", "true"}});
  auto state = game->new_initial_state();
  RandomAgent agent;
  core::Rng rng(3);
  for (int i = 0; i < 1000; ++i) {
    const auto a = agent.choose(*state, rng);
    EXPECT_TRUE(a == kRaceStep || a == kRaceRollD6) << a;  // no 2d6 when cautious
  }
}

TEST(RandomAgent, SameGeneratorSameChoices) {
  const auto registry = tests::make_race_registry();
  auto game = race(registry);
  auto state = game->new_initial_state();
  RandomAgent a, b;
  core::Rng ra(11), rb(11);
  for (int i = 0; i < 200; ++i) EXPECT_EQ(a.choose(*state, ra), b.choose(*state, rb));
  EXPECT_EQ(ra.draws(), rb.draws());
}

TEST(RandomAgent, ReturnsInvalidActionWhenThereIsNoDecision) {
  const auto registry = tests::make_race_registry();
  auto game = race(registry);
  auto state = game->new_initial_state();
  ASSERT_TRUE(state->apply(kRaceRollD6).ok());  // now a chance node: no legal decisions
  RandomAgent agent;
  core::Rng rng(1);
  EXPECT_EQ(agent.choose(*state, rng), game::kInvalidAction);
  EXPECT_EQ(rng.draws(), 0u);
}

}  // namespace
}  // namespace carroccio::ai
