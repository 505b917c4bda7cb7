// Clauses of the sheet that docs/clauses/fastplay.md found without a test of their own: the turn
// track's 25 turns (fastplay 2.4), turned archer stands still shoot (5.4), a melee goes on into
// the next turn (8.5, the sheet's melee example) and rivers stop movement (ruling F-7). Each with
// a positive and a negative case; every die is forced.
#include "rulesets/fastplay/tests/test_util.hpp"

namespace carroccio::fastplay {
namespace {

using testing::at;

// Passes to the end of the turn (if it has not ended already) and rolls the next turn's first
// mover (a).
void next_turn(FastplayState& s) {
  for (int guard = 0; guard < 40 && s.pending() != PendingKind::kFirstMover && !s.is_terminal();
       ++guard)
    testing::play(s, s.selected() >= 0 ? act::kMoveBase : act::kPass);
  ASSERT_EQ(s.pending(), PendingKind::kFirstMover) << s.to_string();
  testing::roll(s, 1);
}

// Unit u shoots at t; every die shows 2 (a miss that costs no arrows). The number of dice.
int volley_of_twos(FastplayState& s, int u, int t) {
  testing::play(s, testing::shoot(u, t));
  int dice = 0;
  while (s.is_chance_node() && s.pending() == PendingKind::kArcheryDie) {
    testing::roll(s, 2);
    ++dice;
  }
  return dice;
}

TEST(FastplayClauses, Clause_5_4_TurnedStandsStillShootUntilReplaced) {
  auto s = testing::start({{"a", "archery", 50, 40, 90}, {"b", "heavy_cavalry", 50, 70, 270}});
  // Turn 1: four 1s turn every stand about.
  testing::play(*s, testing::shoot(0, 1));
  for (int j : {3, 0, 2}) {
    testing::roll(*s, 1);
    testing::turn_about(*s, j);
  }
  testing::roll(*s, 1);
  for (const auto& st : s->unit(0).stands) ASSERT_TRUE(st.turned);
  // Turn 2: the turned stands shoot as before, a die each.
  next_turn(*s);
  ASSERT_TRUE(s->may_shoot(0));
  EXPECT_EQ(volley_of_twos(*s, 0, 1), 4);
  // Negative: once a stand is replaced (a 1 with every stand turned), it no longer shoots.
  next_turn(*s);
  testing::play(*s, testing::shoot(0, 1));
  testing::roll(*s, 1);
  testing::replace_stand(*s, 1);
  for (int k = 0; k < 3; ++k) testing::roll(*s, 2);
  EXPECT_EQ(s->unit(0).stands[1].type, TroopType::kLightInfantry);
  next_turn(*s);
  EXPECT_EQ(volley_of_twos(*s, 0, 1), 3);
}

// a's foot (u0) and b's (u1) front to front at y = 41.
std::unique_ptr<FastplayState> in_contact() {
  auto s =
      testing::start({{"a", "heavy_infantry", 50, 40, 90}, {"b", "heavy_infantry", 50, 80, 270}});
  s->debug_place(1, at(50, 42), 270);
  return s;
}

TEST(FastplayClauses, Clause_8_5_AMeleeGoesOnInTheNextTurn) {
  // Nobody fights or retreats in turn 1: in turn 2 the two are still locked together; neither
  // moves, and both may fight again.
  auto s = in_contact();
  ASSERT_TRUE(s->engaged(0));
  next_turn(*s);
  EXPECT_TRUE(s->engaged(0));
  EXPECT_TRUE(s->engaged(1));
  EXPECT_FALSE(s->may_move(0));
  EXPECT_FALSE(s->may_move(1));
  testing::pass_to(*s, Phase::kMelee);
  EXPECT_TRUE(testing::is_legal(*s, testing::fight(0)));
  // Negative: a that retreated in turn 1 is out of the melee in turn 2 and may move.
  auto r = in_contact();
  testing::pass_to(*r, Phase::kRetreat);
  testing::play(*r, testing::retreat(0));
  testing::roll(*r, 6);  // no loss
  next_turn(*r);
  EXPECT_FALSE(r->engaged(0));
  EXPECT_TRUE(r->may_move(0));
}

TEST(FastplayScenarios, Clause_2_4_AScenarioLastsAtMostTheTrack25Turns) {
  const std::vector<testing::U> units = {{"a", "heavy_infantry", 50, 20, 90},
                                         {"b", "heavy_infantry", 50, 80, 270}};
  EXPECT_EQ(testing::load_error(testing::scenario_json(units, {}, 25)), "");
  // Negative: the track has no 26th turn.
  const std::string e = testing::load_error(testing::scenario_json(units, {}, 26));
  EXPECT_NE(e.find("test.json"), std::string::npos) << e;
  EXPECT_NE(e.find("turns"), std::string::npos) << e;
}

TEST(FastplayClauses, Clause_F7_RiversStopMovementWhereHillsDoNot) {
  // A strip of terrain across a's path, 5 cm ahead of its front (y 46-50): a river stops a full
  // move (through it) and a move into it; a hill does nothing.
  const std::vector<testing::U> units = {{"a", "heavy_infantry", 50, 40, 90},
                                         {"b", "heavy_infantry", 50, 95, 270}};
  auto river = testing::start(units, {{"river", {30, 46, 70, 50}}});
  EXPECT_FALSE(river->move_result(0, move_action(0, 4) - act::kMoveBase).has_value());
  EXPECT_FALSE(river->move_result(0, move_action(0, 2) - act::kMoveBase).has_value());
  EXPECT_TRUE(river->move_result(0, move_action(0, 1) - act::kMoveBase).has_value());
  // Negative: a hill in the same place.
  auto hill = testing::start(units, {{"hill", {30, 46, 70, 50}}});
  EXPECT_TRUE(hill->move_result(0, move_action(0, 4) - act::kMoveBase).has_value());
  EXPECT_FALSE(hill->in_cover(0));
}

}  // namespace
}  // namespace carroccio::fastplay
