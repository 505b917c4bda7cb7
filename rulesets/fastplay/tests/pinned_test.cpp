// Rules an independent referee found unpinned (issue 17, point 12): the optional supreme
// commander rule (fastplay 11.4), the retreat's distance and blocked retreats (9.2), occupying
// after melee (8.4) and the lone commander's protection (11.3). Every die is forced; each test
// has a positive and a negative case.
#include "rulesets/fastplay/tests/test_util.hpp"

namespace carroccio::fastplay {
namespace {

using testing::at;
using testing::U;

// Puts unit u so that its stand i's centre is at `pos`, facing `heading` degrees.
void place_stand(FastplayState& s, int u, int i, geo::Point pos, int heading) {
  const geo::Vec off = geo::rotate(s.unit(u).stands[static_cast<std::size_t>(i)].offset,
                                   geo::Angle::degrees(heading));
  s.debug_place(u, pos - off, heading);
}

// ---- fastplay 11.4 (optional): the lost supreme commander (ruling F-27) ----------------------

// a: its supreme commander (u0, a lone commander) and four foot units (u1-u4); b a foot unit far
// off (u5) and light horse (u6) 22.5 cm from u4, in reach of a charge, so that every turn has a
// Charge phase.
std::unique_ptr<FastplayState> supreme(const std::string& options) {
  return testing::start(
      {{"a", "heavy_cavalry", 8, 8, 90, {{"lone_commander", true}, {"supreme", true}}},
       {"a", "heavy_infantry", 20, 20, 90},
       {"a", "heavy_infantry", 40, 20, 90},
       {"a", "heavy_infantry", 60, 20, 90},
       {"a", "heavy_infantry", 80, 20, 90},
       {"b", "heavy_infantry", 50, 90, 270},
       {"b", "light_cavalry", 80, 45, 270}},
      {}, options);
}

// Ends the Movement phase of both sides and the turn; rolls the next turn's first mover (a).
void next_turn_a_first(FastplayState& s) {
  testing::pass_to(s, Phase::kMovement);
  const int turn = s.turn();
  for (int guard = 0; guard < 20 && s.turn() == turn && !s.is_chance_node(); ++guard)
    testing::play(s, s.selected() >= 0 ? act::kMoveBase : act::kPass);
  ASSERT_EQ(s.pending(), PendingKind::kFirstMover) << s.to_string();
  testing::roll(s, 1);  // odd: a moves first
}

TEST(FastplayClauses, Clause_11_4_ALostSupremeCommanderMeansAD6EveryTurn) {
  auto s = supreme("supreme_commander");
  EXPECT_NE(s->pending(), PendingKind::kSupremeRoll);  // turn 1: he is alive
  s->debug_kill_stand(0, 0);                           // lost in turn 1
  next_turn_a_first(*s);
  ASSERT_EQ(s->pending(), PendingKind::kSupremeRoll);  // turn 2: the d6 for a
  EXPECT_TRUE(s->is_chance_node());
  testing::roll(*s, 4);
  EXPECT_EQ(s->move_limit(0), 4);
  EXPECT_EQ(s->move_limit(1), -1);  // b keeps its supreme commander (it has none to lose)
  next_turn_a_first(*s);
  ASSERT_EQ(s->pending(), PendingKind::kSupremeRoll);  // and again in turn 3
  testing::roll(*s, 1);
  EXPECT_EQ(s->move_limit(0), 1);
  // Negative: with him alive, or without the option, no die and no limit.
  auto alive = supreme("supreme_commander");
  next_turn_a_first(*alive);
  EXPECT_NE(alive->pending(), PendingKind::kSupremeRoll);
  EXPECT_EQ(alive->move_limit(0), -1);
  auto off = supreme("");
  off->debug_kill_stand(0, 0);
  next_turn_a_first(*off);
  EXPECT_NE(off->pending(), PendingKind::kSupremeRoll);
  EXPECT_EQ(off->move_limit(0), -1);
}

TEST(FastplayClauses, Clause_11_4_TheD6CountsUnitsThatMoveOrChargeOnceAndNotThoseThatHold) {
  auto s = supreme("supreme_commander");
  s->debug_kill_stand(0, 0);
  next_turn_a_first(*s);
  testing::roll(*s, 2);  // two units of a may move or charge
  ASSERT_EQ(s->phase(), Phase::kMovement);
  testing::play(*s, act::kSelectBase + 1);
  testing::play(*s, act::kMoveBase);  // u1 holds: not counted
  testing::play(*s, act::kSelectBase + 2);
  testing::play(*s, move_action(0, 1));  // u2 moves: one
  EXPECT_TRUE(s->may_move(3));           // the hold did not use up the d6
  testing::play(*s, act::kSelectBase + 3);
  testing::play(*s, move_action(0, 1));  // u3 moves: two
  EXPECT_FALSE(s->may_move(4));          // the d6 is used up
  EXPECT_FALSE(testing::is_legal(*s, act::kSelectBase + 4));
  testing::pass_to(*s, Phase::kCharge);
  EXPECT_TRUE(s->may_charge(2));  // a unit that moved may still charge: it counts once
  EXPECT_TRUE(s->may_charge(3));
  EXPECT_FALSE(s->may_charge(4));  // it neither moved nor may charge
  EXPECT_FALSE(s->may_charge(1));  // it held, so a charge would be a third unit
  // Negative: with three, the unit that held may still charge.
  auto three = supreme("supreme_commander");
  three->debug_kill_stand(0, 0);
  next_turn_a_first(*three);
  testing::roll(*three, 3);
  testing::play(*three, act::kSelectBase + 1);
  testing::play(*three, act::kMoveBase);
  testing::play(*three, act::kSelectBase + 2);
  testing::play(*three, move_action(0, 1));
  testing::play(*three, act::kSelectBase + 3);
  testing::play(*three, move_action(0, 1));
  testing::pass_to(*three, Phase::kCharge);
  EXPECT_TRUE(three->may_charge(1));
  EXPECT_TRUE(three->may_charge(4));
}

// ---- fastplay 9.2: the retreat (ruling F-24) ------------------------------------------------

// a's unit (u0, of `type`, facing up with its front at y = 41) in contact with b's foot (u1)
// front to front; `more` are further units (u2, ...).
std::unique_ptr<FastplayState> engaged(const std::string& type, std::vector<U> more = {}) {
  std::vector<U> units = {{"a", type, 50, 20, 90}, {"b", "heavy_infantry", 50, 80, 270}};
  for (auto& u : more) units.push_back(u);
  auto s = testing::start(units);
  const std::int64_t half = stand_size(*troop_from_name(type)).depth / 2;
  s->debug_place(0, at(50, 41) - geo::Vec{0, half}, 90);
  s->debug_place(1, at(50, 42), 270);
  return s;
}

TEST(FastplayClauses, Clause_9_2_ARetreatIsFifteenCentimetresStraightBackForEveryType) {
  for (const char* type : {"heavy_infantry", "archery", "light_cavalry", "heavy_cavalry"}) {
    // A second fight (u2 against u3) keeps the Retreat phase going after u0 has retreated.
    auto s =
        engaged(type, {{"a", "heavy_infantry", 20, 70, 90}, {"b", "heavy_infantry", 20, 72, 270}});
    ASSERT_TRUE(s->engaged(0)) << type;
    ASSERT_TRUE(s->engaged(2)) << type;
    const geo::Point from = s->unit(0).centre;
    testing::pass_to(*s, Phase::kRetreat);
    ASSERT_TRUE(testing::is_legal(*s, testing::retreat(0))) << type;
    testing::play(*s, testing::retreat(0));
    testing::roll(*s, 10);  // no loss for anyone on a 10
    // 15 cm straight back whatever the troop's own allowance (15, 20 or 25 cm), facing kept.
    EXPECT_EQ(s->unit(0).centre, (from - geo::Vec{0, 15 * kCm})) << type;
    EXPECT_EQ(s->unit(0).heading, geo::Angle::degrees(90)) << type;
    EXPECT_FALSE(s->engaged(0)) << type;
    ASSERT_EQ(s->phase(), Phase::kRetreat) << type;
    EXPECT_TRUE(s->unit(0).flags & kRetreated) << type;
    // Negative: once a turn; put back in contact, it may not retreat again.
    s->debug_place(0, from, 90);
    EXPECT_TRUE(s->engaged(0));
    EXPECT_FALSE(s->retreat_result(0).has_value()) << type;
  }
  // Negative: a unit not engaged has nothing to retreat from.
  auto free =
      testing::start({{"a", "heavy_infantry", 50, 20, 90}, {"b", "heavy_infantry", 50, 80, 270}});
  EXPECT_FALSE(free->retreat_result(0).has_value());
}

TEST(FastplayClauses, Clause_9_2_ARetreatMayNotEndInContactAndIsShortenedOrRefused) {
  // An enemy (u2, facing up) behind a with its front at y = 24: 15 cm back would end touching
  // it, so a retreats 11.25 cm, the longest clear quarter ending out of contact.
  auto s = engaged("heavy_infantry", {{"b", "heavy_infantry", 50, 23, 90}});
  ASSERT_EQ(s->check_invariants(), "");
  testing::pass_to(*s, Phase::kRetreat);
  ASSERT_TRUE(testing::is_legal(*s, testing::retreat(0)));
  testing::play(*s, testing::retreat(0));
  testing::roll(*s, 10);
  EXPECT_EQ(s->unit(0).centre, at(50, 40 - 11.25));
  EXPECT_FALSE(s->engaged(0));
  // Negative: that enemy touching a's back leaves no way out: no retreat is offered.
  auto caught = engaged("heavy_infantry", {{"b", "heavy_infantry", 50, 38, 90}});
  ASSERT_TRUE(caught->engaged(2));
  testing::pass_to(*caught, Phase::kRetreat);
  EXPECT_FALSE(caught->retreat_result(0).has_value());
  EXPECT_FALSE(testing::is_legal(*caught, testing::retreat(0)));
}

// ---- fastplay 8.4: the winner occupies (ruling F-22) ----------------------------------------

// One heavy cavalry stand of a (u0, stand 3) with its front centred on b's foot stand 1 (b's line
// at (50, 60) facing down, its front at y = 59); b's stands in `dead` are gone.
std::unique_ptr<FastplayState> lone_horse(std::vector<int> dead) {
  auto s =
      testing::start({{"a", "heavy_cavalry", 20, 20, 90}, {"b", "heavy_infantry", 50, 60, 270}});
  for (int i = 0; i < 3; ++i) s->debug_kill_stand(0, i);
  for (int i : dead) s->debug_kill_stand(1, i);
  place_stand(*s, 0, 3, at(51.5, 57.5), 90);  // 4 x 3 cm, front on y = 59, x 49.5 to 53.5
  return s;
}

TEST(FastplayClauses, Clause_8_4_TheWinnerOccupiesTheVacatedPlaceWhenItFits) {
  // b's stand 1 alone: the horse strikes it (HC against HI: a 6), the place is free.
  auto s = lone_horse({0, 2});
  testing::pass_to(*s, Phase::kMelee);
  testing::play(*s, testing::fight(0));
  testing::roll(*s, 6);
  testing::play(*s, act::kPass);  // b does not fight back
  ASSERT_EQ(s->pending(), PendingKind::kOccupy);
  const geo::Point before = s->stand_base(0, 3).centre();
  testing::play(*s, act::kOccupyBase + 1);
  EXPECT_EQ(s->stand_base(0, 3).centre(), (before + geo::Vec{0, 2 * kCm}));  // b's depth
  // Struck on a flank, the winner advances by the width of the stand it struck.
  auto f =
      testing::start({{"a", "heavy_infantry", 50, 40, 90}, {"b", "heavy_infantry", 50, 90, 270}});
  f->debug_place(1, at(50, 47), 180);  // b faces -x: a's front on its end stand's flank
  for (const auto& a : f->melee_attacks(0)) EXPECT_EQ(a.occupy, 3 * kCm);
  // Negative: b's neighbours still stand beside the gap, too narrow for the 4 cm horse: the
  // owner is not even asked.
  auto tight = lone_horse({});
  testing::pass_to(*tight, Phase::kMelee);
  testing::play(*tight, testing::fight(0));
  ASSERT_EQ(tight->pending(), PendingKind::kStrike);  // it touches three stands
  testing::play(*tight, act::kStrikeBase + 8 * 1 + 1);
  testing::roll(*tight, 6);
  const geo::Point stays = tight->stand_base(0, 3).centre();
  testing::play(*tight, act::kPass);
  EXPECT_NE(tight->pending(), PendingKind::kOccupy);
  EXPECT_FALSE(tight->unit(1).stands[1].alive);
  EXPECT_EQ(tight->stand_base(0, 3).centre(), stays);
}

TEST(FastplayClauses, Clause_8_4_AWinnerStruckDownInTheSameMeleeDoesNotOccupy) {
  // Lines front to front: a's stand 0 (x 44-47) faces b's stand 3; each strikes the other down.
  auto s =
      testing::start({{"a", "heavy_infantry", 50, 40, 90}, {"b", "heavy_infantry", 50, 90, 270}});
  s->debug_place(1, at(50, 42), 270);
  testing::pass_to(*s, Phase::kMelee);
  testing::play(*s, testing::fight(0));
  for (int d : {6, 1, 1, 1}) testing::roll(*s, d);
  testing::play(*s, testing::fight(1));
  for (int d : {1, 1, 1, 6}) testing::roll(*s, d);
  EXPECT_FALSE(s->unit(0).stands[0].alive);
  EXPECT_FALSE(s->unit(1).stands[3].alive);
  EXPECT_NE(s->pending(), PendingKind::kOccupy);  // neither winner lives to advance
  // Positive: when only a's strike lands, a is asked.
  auto one =
      testing::start({{"a", "heavy_infantry", 50, 40, 90}, {"b", "heavy_infantry", 50, 90, 270}});
  one->debug_place(1, at(50, 42), 270);
  testing::pass_to(*one, Phase::kMelee);
  testing::play(*one, testing::fight(0));
  for (int d : {6, 1, 1, 1}) testing::roll(*one, d);
  testing::play(*one, testing::fight(1));
  for (int d : {1, 1, 1, 1}) testing::roll(*one, d);
  ASSERT_EQ(one->pending(), PendingKind::kOccupy);
  EXPECT_EQ(one->current_player(), 0);
}

// ---- fastplay 11.3: the lone commander (ruling F-26) ----------------------------------------

// a's lone commander (u0, heavy cavalry, 2 x 2 cm) at (50, 55) facing down, its front at y = 54;
// b's foot (u1) facing up with its front at y = 41, 13 cm away; a's foot (u2) far off or, with
// `guarded`, touching the commander's back.
std::unique_ptr<FastplayState> commander(bool guarded) {
  auto s = testing::start({{"a", "heavy_cavalry", 50, 55, 270, {{"lone_commander", true}}},
                           {"b", "heavy_infantry", 50, 40, 90},
                           {"a", "heavy_infantry", 85, 85, 270}});
  if (guarded) s->debug_place(2, at(50, 57), 270);  // its front on y = 56, the commander's back
  return s;
}

TEST(FastplayClauses, Clause_11_3_ALoneCommanderTouchingAFriendCannotBeChargedOrStruck) {
  auto alone = commander(false);
  EXPECT_TRUE(alone->attackable(0));
  EXPECT_TRUE(alone->charge_result(1, 0, geo::Side::kFront).has_value());
  auto guarded = commander(true);
  ASSERT_EQ(guarded->check_invariants(), "");
  EXPECT_FALSE(guarded->attackable(0));
  EXPECT_FALSE(guarded->charge_result(1, 0, geo::Side::kFront).has_value());
  testing::pass_to(*guarded, Phase::kCharge);
  if (guarded->to_act() == 0) testing::play(*guarded, act::kPass);
  EXPECT_FALSE(testing::is_legal(*guarded, charge_action(1, 0, geo::Side::kFront)));
  // In contact with b's front, guarded: b's stands find nothing to strike.
  guarded->debug_place(1, at(50, 53), 90);  // b's front on y = 54
  EXPECT_TRUE(guarded->engaged(1));
  EXPECT_TRUE(guarded->melee_attacks(1).empty());
  // Negative: alone in the same contact it is struck.
  alone->debug_place(1, at(50, 53), 90);
  const auto attacks = alone->melee_attacks(1);
  ASSERT_FALSE(attacks.empty());
  for (const auto& a : attacks) EXPECT_EQ(a.target_unit, 0);
}

TEST(FastplayClauses, Clause_11_3_ALoneCommanderFightsAsItsTypeWithPlusOne) {
  // Heavy cavalry against heavy infantry needs a 6; the lone commander's +1 makes a 5 enough.
  auto s = commander(false);
  s->debug_place(1, at(50, 53), 90);
  testing::pass_to(*s, Phase::kMelee);
  testing::play(*s, testing::fight(0));
  // Its 2 cm front touches two of b's stands: a picks (ruling F-17).
  while (s->pending() == PendingKind::kStrike) testing::play(*s, s->legal_actions()[0]);
  ASSERT_EQ(s->attacks().front().modifier, kLoneCommanderBonus);
  testing::roll(*s, 5);
  bool struck = false;
  for (const auto& st : s->unit(1).stands) struck = struck || st.doomed;
  EXPECT_TRUE(struck);
  // Negative: a heavy cavalry stand of an ordinary unit needs the 6.
  auto plain =
      testing::start({{"a", "heavy_cavalry", 20, 20, 90}, {"b", "heavy_infantry", 50, 40, 90}});
  for (int i = 0; i < 3; ++i) plain->debug_kill_stand(0, i);
  place_stand(*plain, 0, 3, at(50.5, 42.5), 270);  // facing down, its front on b's at y = 41
  plain->debug_place(1, at(50, 40), 90);
  ASSERT_TRUE(plain->engaged(0));
  testing::pass_to(*plain, Phase::kMelee);
  testing::play(*plain, testing::fight(0));
  while (plain->pending() == PendingKind::kStrike) testing::play(*plain, plain->legal_actions()[0]);
  testing::roll(*plain, 5);
  for (const auto& st : plain->unit(1).stands) EXPECT_FALSE(st.doomed);
}

}  // namespace
}  // namespace carroccio::fastplay
