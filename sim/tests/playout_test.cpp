#include "sim/playout.hpp"

#include <gtest/gtest.h>

#include <set>

#include "game/driver.hpp"
#include "game/tests/race_game.hpp"

namespace carroccio::sim {
namespace {

struct Fixture {
  game::Registry registry = tests::make_race_registry();
  std::shared_ptr<const game::Game> game;
  ai::RandomAgent a, b;
  std::vector<ai::Agent*> agents{&a, &b};
  explicit Fixture(const std::string& ref = "race/sprint") {
    auto g = registry.load(ref, {});
    EXPECT_TRUE(g.ok());
    game = *g;
  }
};

TEST(Playout, PlaysAGameToTheEnd) {
  Fixture f;
  auto result = play_game(*f.game, f.agents, 1, 0);
  ASSERT_TRUE(result.ok()) << result.message();
  EXPECT_TRUE(result->state->is_terminal());
  EXPECT_EQ(result->decisions + result->chance_steps, result->state->history().size());
  std::uint64_t chance = 0;
  for (const auto& h : result->state->history()) chance += h.player == game::kChancePlayer;
  EXPECT_EQ(result->chance_steps, chance);
  EXPECT_GT(result->decisions, 0u);
}

TEST(Playout, SameSeedAndIndexGiveTheSameGame) {
  Fixture f, g;
  auto one = play_game(*f.game, f.agents, 42, 3);
  auto two = play_game(*g.game, g.agents, 42, 3);
  ASSERT_TRUE(one.ok() && two.ok());
  EXPECT_EQ(one->state->history(), two->state->history());
  EXPECT_EQ(one->state->hash(), two->state->hash());
}

TEST(Playout, DifferentSeedsOrIndicesGiveDifferentGames) {
  Fixture f;
  std::set<std::vector<std::pair<int, int>>> games;
  for (std::uint64_t seed = 0; seed < 5; ++seed)
    for (std::uint64_t index = 0; index < 4; ++index) {
      std::vector<std::pair<int, int>> moves;
      const auto result = play_game(*f.game, f.agents, seed, index);
      for (const auto& h : result->state->history()) moves.emplace_back(h.player, h.action);
      games.insert(moves);
    }
  EXPECT_GE(games.size(), 18u);  // 20 games; a coincidence or two is possible, not more
}

TEST(Playout, FollowsTheDocumentedStreams) {
  // Chance from for_stream(seed, index), each side's agent from a split of it in side order.
  Fixture f;
  auto result = play_game(*f.game, f.agents, 9, 2);
  ASSERT_TRUE(result.ok());

  core::Rng chance = core::Rng::for_stream(9, 2);
  std::vector<core::Rng> side = {chance.split(), chance.split()};
  ai::RandomAgent a, b;
  ai::Agent* agents[] = {&a, &b};
  auto state = f.game->new_initial_state();
  while (!state->is_terminal()) {
    const auto p = state->current_player();
    const game::Action action = p == game::kChancePlayer
                                    ? game::sample_chance(*state, chance)
                                    : agents[p]->choose(*state, side[static_cast<std::size_t>(p)]);
    ASSERT_TRUE(state->apply(action).ok());
  }
  EXPECT_EQ(state->history(), result->state->history());
}

TEST(Playout, ChangingOneSidesAgentLeavesTheDiceStreamAlone) {
  // The first chance outcome after identical play depends only on the chance stream.
  auto rngs1 = make_playout_rngs(5, 0, 2);
  auto rngs2 = make_playout_rngs(5, 0, 2);
  rngs2.agents[0].next_u64();  // side 0's agent draws more
  EXPECT_EQ(rngs1.chance.next_u64(), rngs2.chance.next_u64());
  EXPECT_EQ(rngs1.agents[1].next_u64(), rngs2.agents[1].next_u64());
}

TEST(Playout, CheckedAndUncheckedApplyAgree) {
  Fixture f;
  PlayoutOptions checked;
  checked.check_actions = true;
  auto one = play_game(*f.game, f.agents, 17, 0, checked);
  auto two = play_game(*f.game, f.agents, 17, 0);
  ASSERT_TRUE(one.ok() && two.ok());
  EXPECT_EQ(one->state->to_string(), two->state->to_string());
}

TEST(Playout, SendsEventsAndStepsToTheCaller) {
  Fixture f;
  core::EventLog log;
  std::size_t steps = 0;
  PlayoutOptions options;
  options.sink = &log;
  options.on_step = [&](const game::State& s) {
    EXPECT_EQ(s.history().size(), steps);
    ++steps;
  };
  auto result = play_game(*f.game, f.agents, 2, 0, options);
  ASSERT_TRUE(result.ok());
  EXPECT_EQ(steps, result->state->history().size() + 1);  // the initial state, then every step
  ASSERT_FALSE(log.events().empty());
  EXPECT_EQ(log.events().back().kind, "victory");
  EXPECT_EQ(result->state->event_sink(), nullptr);  // the sink is not left behind
}

TEST(Playout, RefusesTheWrongNumberOfAgents) {
  Fixture f;
  std::vector<ai::Agent*> one = {&f.a};
  auto result = play_game(*f.game, one, 1, 0);
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.message(), "race/sprint has 2 sides, but 1 agents were given.");
  std::vector<ai::Agent*> missing = {&f.a, nullptr};
  auto r2 = play_game(*f.game, missing, 1, 0);
  ASSERT_FALSE(r2.ok());
  EXPECT_EQ(r2.message(), "No agent was given for blue.");
}

TEST(Playout, StopsAtTheStepBound) {
  Fixture f("race/marathon");
  PlayoutOptions options;
  options.max_steps = 5;
  auto result = play_game(*f.game, f.agents, 1, 0, options);
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.message(), "The game of race/marathon did not end within 5 steps.");
}

// An agent that always picks an action that is never legal.
class CheatingAgent final : public ai::Agent {
 public:
  game::Action choose(const game::State&, core::Rng&) override { return 99; }
};

TEST(Playout, CheckedApplyReportsAnIllegalChoice) {
  Fixture f;
  CheatingAgent cheat;
  std::vector<ai::Agent*> agents = {&cheat, &f.b};
  PlayoutOptions options;
  options.check_actions = true;
  auto result = play_game(*f.game, agents, 1, 0, options);
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.message(), "Step 0: Action 99 is not a legal decision for red here.");
}

TEST(Playout, PlayOutContinuesFromAGivenState) {
  Fixture f;
  auto state = f.game->new_initial_state();
  ASSERT_TRUE(state->apply(tests::kRaceStep).ok());
  auto rngs = make_playout_rngs(4, 0, 2);
  std::uint64_t decisions = 0, chance = 0;
  ASSERT_TRUE(play_out(*state, f.agents, rngs, {}, &decisions, &chance).ok());
  EXPECT_TRUE(state->is_terminal());
  EXPECT_EQ(decisions + chance + 1, state->history().size());
}

}  // namespace
}  // namespace carroccio::sim
