#include <gtest/gtest.h>

#include "core/hash.hpp"
#include "game/tests/race_game.hpp"

namespace carroccio::game {
namespace {

using tests::kRaceRoll2d6;
using tests::kRaceRollD6;
using tests::kRaceStep;
using tests::kRaceValueBase;

struct RaceFixture : ::testing::Test {
  Registry registry = tests::make_race_registry();
  std::shared_ptr<const Game> game = *registry.load("race/sprint", {});
  std::unique_ptr<State> state = game->new_initial_state();
};

TEST_F(RaceFixture, InitialStateIsADecisionOfTheFirstSide) {
  EXPECT_EQ(game->num_players(), 2);
  EXPECT_EQ(game->player_name(0), "red");
  EXPECT_EQ(game->player_name(kChancePlayer), "chance");
  EXPECT_EQ(state->current_player(), 0);
  EXPECT_EQ(state->legal_actions(), (std::vector<Action>{kRaceStep, kRaceRollD6, kRaceRoll2d6}));
  EXPECT_TRUE(state->chance_outcomes().empty());
  EXPECT_TRUE(state->history().empty());
}

TEST_F(RaceFixture, IllegalDecisionIsRefusedAndChangesNothing) {
  const std::string before = state->to_string();
  auto s = state->apply(7);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.message(), "Action 7 is not a legal decision for red here.");
  EXPECT_EQ(state->to_string(), before);
  EXPECT_TRUE(state->history().empty());
  // A chance outcome is not a decision.
  EXPECT_FALSE(state->apply(kRaceValueBase + 3).ok());
  EXPECT_EQ(state->to_string(), before);
}

TEST_F(RaceFixture, ImpossibleChanceOutcomeIsRefusedAndChangesNothing) {
  ASSERT_TRUE(state->apply(kRaceRollD6).ok());
  ASSERT_TRUE(state->is_chance_node());
  const std::string before = state->to_string();
  auto s = state->apply(kRaceValueBase + 7);  // a 7 on a d6
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.message(), "Action 107 is not a possible chance outcome here.");
  EXPECT_EQ(state->to_string(), before);
  EXPECT_FALSE(state->apply(kRaceStep).ok());  // no decisions at a chance node
  EXPECT_EQ(state->history().size(), 1u);
}

TEST_F(RaceFixture, ChanceOutcomesAreTheExactDiceWeights) {
  ASSERT_TRUE(state->apply(kRaceRoll2d6).ok());
  const auto outcomes = state->chance_outcomes();
  ASSERT_EQ(outcomes.size(), 11u);
  EXPECT_EQ(outcomes.front(), (ChanceOutcome{kRaceValueBase + 2, 1}));
  EXPECT_EQ(outcomes[5], (ChanceOutcome{kRaceValueBase + 7, 6}));
  EXPECT_DOUBLE_EQ(outcome_probability(outcomes, 5), 6.0 / 36.0);
  const ChanceInfo info = state->chance_info();
  ASSERT_TRUE(info.dice.has_value());
  EXPECT_EQ(*info.dice, core::Dice::two_d6());
  EXPECT_EQ(info.by_value.size(), 11u);
}

TEST_F(RaceFixture, ApplyRecordsHistoryAndEmitsEventsToTheSink) {
  core::EventLog log;
  state->set_event_sink(&log);
  ASSERT_TRUE(state->apply(kRaceRollD6).ok());
  ASSERT_TRUE(state->apply(kRaceValueBase + 4).ok());
  ASSERT_TRUE(state->apply(kRaceStep).ok());
  EXPECT_EQ(state->history(),
            (std::vector<HistoryItem>{
                {0, kRaceRollD6}, {kChancePlayer, kRaceValueBase + 4}, {1, kRaceStep}}));
  ASSERT_EQ(log.events().size(), 2u);
  EXPECT_EQ(log.events()[0].text, "red rolls 4 on d6 and reaches 4.");
  EXPECT_EQ(log.events()[0].rule, "race 1");
  EXPECT_EQ(log.events()[1].text, "blue steps to 1.");
}

TEST_F(RaceFixture, CloneIsEqualIndependentAndHasNoSink) {
  core::EventLog log;
  state->set_event_sink(&log);
  ASSERT_TRUE(state->apply(kRaceStep).ok());
  auto copy = state->clone();
  EXPECT_EQ(copy->to_string(), state->to_string());
  EXPECT_EQ(copy->hash(), state->hash());
  EXPECT_EQ(copy->history(), state->history());
  EXPECT_EQ(copy->event_sink(), nullptr);
  ASSERT_TRUE(copy->apply(kRaceStep).ok());
  EXPECT_NE(copy->to_string(), state->to_string());
  EXPECT_EQ(state->history().size(), 1u);
  EXPECT_EQ(log.events().size(), 1u);  // the clone's step emitted nothing into the sink
}

TEST_F(RaceFixture, TerminalStateRefusesEveryAction) {
  // Red steps ten times while blue steps too: red reaches 10 first.
  for (int i = 0; i < 19; ++i) ASSERT_TRUE(state->apply(kRaceStep).ok());
  ASSERT_TRUE(state->is_terminal());
  EXPECT_EQ(state->returns(), (std::vector<double>{1.0, -1.0}));
  auto s = state->apply(kRaceStep);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.message(), "The game is over: no further action can be applied.");
  EXPECT_EQ(state->status_line(), "Turn 10: red wins.");
}

TEST_F(RaceFixture, HashIsTheFnvOfTheCanonicalText) {
  EXPECT_EQ(state->hash(), core::fnv1a64(state->to_string()));
  auto other = game->new_initial_state();
  EXPECT_EQ(other->hash(), state->hash());
  ASSERT_TRUE(other->apply(kRaceStep).ok());
  EXPECT_NE(other->hash(), state->hash());
}

TEST_F(RaceFixture, ActionJsonHasIdAndName) {
  EXPECT_EQ(state->action_to_json(kRaceRollD6), (nlohmann::json{{"id", 1}, {"name", "roll d6"}}));
}

TEST(FindPlayer, NamesTheSidesWhenTheSideIsUnknown) {
  const auto registry = tests::make_race_registry();
  auto game = *registry.load("race/sprint", {});
  EXPECT_EQ(*game->find_player("blue"), 1);
  auto none = game->find_player("green");
  ASSERT_FALSE(none.ok());
  EXPECT_EQ(none.message(), "'green' is not a side of race/sprint: the sides are red, blue.");
}

}  // namespace
}  // namespace carroccio::game
