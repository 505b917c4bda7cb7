// One test per rule clause of fastplay (docs/rulings/fastplay.md), each with a positive and a
// negative case; every die is forced. A stand lost to a die is taken from the end of the unit
// (roll_taking_last) where the owner's pick is not what the test is about (choice_test.cpp).
#include "rulesets/fastplay/tests/test_util.hpp"

namespace carroccio::fastplay {
namespace {

using testing::at;
using testing::charge_front;
using testing::U;

// A heavy infantry unit of army a at (50, 40) facing up, one of army b at (50, y) facing down.
std::unique_ptr<FastplayState> facing_lines(double y, const std::string& a_type = "heavy_infantry",
                                            const std::string& b_type = "heavy_infantry",
                                            nlohmann::json a_extra = nlohmann::json::object()) {
  return testing::start({{"a", a_type, 50, 40, 90, a_extra}, {"b", b_type, 50, y, 270}});
}

TEST(FastplayClauses, Clause_TurnSequence_FirstMoverByDie) {
  auto j = testing::scenario_json(
      {{"a", "heavy_infantry", 50, 20, 90}, {"b", "heavy_infantry", 50, 80, 270}});
  j["first"] = "roll";
  auto g = testing::make_game(j);
  auto odd = testing::new_state(g);
  ASSERT_EQ(odd->pending(), PendingKind::kFirstMover);
  testing::roll_taking_last(*odd, 3);
  EXPECT_EQ(odd->first(), 0);  // odd: army A
  EXPECT_EQ(odd->current_player(), 0);
  auto even = testing::new_state(g);
  testing::roll_taking_last(*even, 4);
  EXPECT_EQ(even->first(), 1);  // even: army B
  EXPECT_EQ(even->current_player(), 1);
}

TEST(FastplayClauses, Clause_TurnSequence_PhaseOrder) {
  auto s = facing_lines(80);
  EXPECT_EQ(s->phase(), Phase::kMovement);  // nobody can shoot: Archery 1 passes by itself
  testing::pass_to(*s, Phase::kMovement);
  testing::play(*s, act::kPass);  // a ends its movement
  EXPECT_EQ(s->phase(), Phase::kMovement);
  EXPECT_EQ(s->to_act(), 1);
  testing::play(*s, act::kPass);  // b ends its movement; nothing else can happen this turn
  EXPECT_EQ(s->turn(), 2);
  EXPECT_TRUE(s->is_chance_node());  // the next turn's first-mover d6
}

TEST(FastplayClauses, Clause_Archery1_NoMoveAfterFirstArchery) {
  auto s = testing::start({{"a", "archery", 30, 40, 90},
                           {"a", "archery", 70, 40, 90},
                           {"b", "heavy_infantry", 30, 70, 270},
                           {"b", "heavy_infantry", 70, 70, 270}});
  ASSERT_EQ(s->phase(), Phase::kArchery1);
  testing::play(*s, testing::shoot(0, 2));
  for (int d : {2, 2, 2, 2}) testing::roll_taking_last(*s, d);
  EXPECT_TRUE(s->unit(0).flags & kShotFirst);
  testing::pass_to(*s, Phase::kMovement);
  EXPECT_FALSE(s->may_move(0));    // shot in Archery 1: no move
  EXPECT_FALSE(s->may_charge(0));  // nor a charge (ruling F-4)
  EXPECT_TRUE(s->may_move(1));     // the other archers did not shoot
  EXPECT_FALSE(testing::is_legal(*s, act::kSelectBase + 0));
  EXPECT_TRUE(testing::is_legal(*s, act::kSelectBase + 1));
}

TEST(FastplayClauses, Clause_Movement_StandOff10cm) {
  // Fronts 38 cm apart: a full move (15 cm) leaves 23 cm.
  auto far = facing_lines(80);
  EXPECT_TRUE(far->move_result(0, move_action(0, 4) - act::kMoveBase).has_value());
  // Fronts 23 cm apart: a full move would end 8 cm away; half a move ends 15.5 cm away.
  auto s = facing_lines(65);
  EXPECT_FALSE(s->move_result(0, move_action(0, 4) - act::kMoveBase).has_value());
  EXPECT_TRUE(s->move_result(0, move_action(0, 2) - act::kMoveBase).has_value());
  // Inside 10 cm already: moving away is allowed, closer is not.
  auto near = facing_lines(48);  // 6 cm between fronts
  EXPECT_FALSE(near->move_result(0, move_action(0, 1) - act::kMoveBase).has_value());
  EXPECT_TRUE(near->move_result(0, move_action(5, 2) - act::kMoveBase).has_value());
}

TEST(FastplayClauses, Clause_Movement_OptionalAndAllowance) {
  auto s = facing_lines(90);
  testing::pass_to(*s, Phase::kMovement);
  testing::play(*s, act::kSelectBase + 0);
  EXPECT_TRUE(testing::is_legal(*s, act::kMoveBase));  // holding is a choice
  testing::play(*s, move_action(0, 4));
  EXPECT_EQ(s->unit(0).centre, at(50, 55));  // 15 cm for heavy infantry
  auto c =
      testing::start({{"a", "light_cavalry", 50, 20, 90}, {"b", "heavy_infantry", 50, 90, 270}});
  auto r = c->move_result(0, move_action(0, 4) - act::kMoveBase);
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(r->first, at(50, 45));  // 25 cm for light cavalry
}

TEST(FastplayClauses, Clause_Alternation_OneUnitEachUntilBothPass) {
  auto s = testing::start({{"a", "archery", 30, 40, 90},
                           {"a", "archery", 70, 40, 90},
                           {"b", "archery", 30, 70, 270},
                           {"b", "archery", 70, 70, 270}});
  ASSERT_EQ(s->phase(), Phase::kArchery1);
  EXPECT_EQ(s->to_act(), 0);
  testing::play(*s, testing::shoot(0, 2));
  for (int d : {2, 2, 2, 2}) testing::roll_taking_last(*s, d);
  EXPECT_EQ(s->to_act(), 1);  // then one unit of the other army
  testing::play(*s, act::kPass);
  EXPECT_EQ(s->to_act(), 0);  // b is out of the phase: a goes on alone
  testing::play(*s, testing::shoot(1, 3));
  for (int d : {2, 2, 2, 2}) testing::roll_taking_last(*s, d);
  EXPECT_EQ(s->phase(), Phase::kMovement);  // a has nothing left, b has passed
}

TEST(FastplayClauses, Clause_Archery_DicePerStandSingleTargetRange) {
  auto s = testing::start({{"a", "archery", 50, 40, 90}, {"b", "heavy_infantry", 50, 70, 270}});
  EXPECT_TRUE(testing::is_legal(*s, testing::shoot(0, 1)));
  testing::play(*s, testing::shoot(0, 1));
  // Four stands: four dice; heavy infantry falls to a 6.
  for (int d : {6, 5, 4, 3}) testing::roll_taking_last(*s, d);
  EXPECT_EQ(s->alive_stands(1), 3);
  EXPECT_FALSE(s->is_chance_node());
  EXPECT_FALSE(s->may_shoot(0));  // once a turn
  // Out of range: fronts 42 cm apart.
  auto far = testing::start({{"a", "archery", 50, 40, 90}, {"b", "heavy_infantry", 50, 84, 270}});
  EXPECT_FALSE(far->may_shoot_at(0, 1));
}

TEST(FastplayClauses, Clause_Archery_ArcAndLineOfSight) {
  // A friendly unit between the archers and the target blocks every line.
  auto s = testing::start({{"a", "archery", 50, 40, 90},
                           {"b", "light_infantry", 50, 70, 270},
                           {"a", "heavy_infantry", 50, 55, 90}});
  EXPECT_FALSE(s->may_shoot_at(0, 1));
  s->debug_place(2, at(85, 55), 90);  // out of the way
  EXPECT_TRUE(s->may_shoot_at(0, 1));
  // Behind the archers: outside their front arc.
  s->debug_place(1, at(50, 20), 270);
  EXPECT_FALSE(s->may_shoot_at(0, 1));
}

TEST(FastplayClauses, Clause_Archery_CoverAddsOne) {
  for (bool wood : {true, false}) {
    auto s = testing::start(
        {{"a", "archery", 50, 40, 90}, {"b", "light_infantry", 50, 70, 270}},
        wood ? std::vector<testing::T>{{"woods", {40, 65, 60, 75}}} : std::vector<testing::T>{});
    EXPECT_EQ(s->in_cover(1), wood);
    testing::play(*s, testing::shoot(0, 1));
    for (int d : {5, 2, 2, 2}) testing::roll_taking_last(*s, d);  // light infantry: 5-6, in cover 6
    EXPECT_EQ(s->alive_stands(1), wood ? 4 : 3) << wood;
  }
}

TEST(FastplayClauses, Clause_Archery_ArrowSupply) {
  const std::vector<testing::U> units = {{"a", "archery", 50, 40, 90, {{"commander", true}}},
                                         {"b", "heavy_cavalry", 50, 70, 270}};
  auto s = testing::start(units);
  testing::play(*s, testing::shoot(0, 1));
  // Four stands and a commander: five dice. Four 1s turn every stand about (the shooting side
  // picks which while there is a choice, ruling F-14); turned stands are still archers.
  for (int j : {3, 0, 2}) {
    testing::roll(*s, 1);
    testing::turn_about(*s, j);
    EXPECT_TRUE(s->unit(0).stands[static_cast<std::size_t>(j)].turned);
  }
  testing::roll(*s, 1);  // the last stand not yet turned: no pick
  EXPECT_NE(s->pending(), PendingKind::kArrows);
  for (const auto& st : s->unit(0).stands) {
    EXPECT_TRUE(st.turned);
    EXPECT_EQ(st.type, TroopType::kArchery);  // not yet replaced
  }
  // The fifth 1, with every stand turned, replaces one with light infantry.
  testing::roll(*s, 1);
  testing::replace_stand(*s, 2);
  EXPECT_EQ(s->unit(0).stands[2].type, TroopType::kLightInfantry);
  EXPECT_FALSE(s->unit(0).stands[2].turned);
  EXPECT_EQ(s->unit(0).stands[3].type, TroopType::kArchery);
  EXPECT_FALSE(s->is_chance_node());  // the volley is over
  // Negative: a miss other than a 1 costs no arrows.
  auto miss = testing::start(units);
  testing::play(*miss, testing::shoot(0, 1));
  testing::roll(*miss, 2);
  EXPECT_NE(miss->pending(), PendingKind::kArrows);
  EXPECT_TRUE(miss->is_chance_node());
  for (const auto& st : miss->unit(0).stands) EXPECT_FALSE(st.turned);
}

TEST(FastplayClauses, Clause_Archery_EngagedNeitherShootNorTargeted) {
  auto s = testing::start({{"a", "archery", 50, 40, 90},
                           {"b", "heavy_infantry", 50, 70, 270},
                           {"a", "archery", 20, 40, 90}});
  EXPECT_TRUE(s->may_shoot(0));
  EXPECT_TRUE(s->may_shoot_at(2, 1) || !s->shooting_range(2, 1).has_value());
  s->debug_place(1, at(50, 42), 270);  // b's front now touches a's front (y = 41)
  EXPECT_TRUE(s->engaged(0));
  EXPECT_FALSE(s->may_shoot(0));
  s->debug_place(2, at(50, 14), 90);  // other archers 28 cm behind: in range, but b is engaged
  EXPECT_FALSE(s->may_shoot_at(2, 1));
}

TEST(FastplayClauses, Clause_Charge_OnlyIfItReaches) {
  auto s = facing_lines(55);  // 13 cm between fronts
  testing::pass_to(*s, Phase::kCharge);
  EXPECT_TRUE(testing::is_legal(*s, charge_action(0, 1, geo::Side::kFront)));
  testing::play(*s, charge_action(0, 1, geo::Side::kFront));
  EXPECT_EQ(s->unit(0).centre, at(50, 53));  // front on b's front at y = 54
  EXPECT_TRUE(s->engaged(0));
  auto far = facing_lines(58);  // 16 cm: beyond the 15 cm of heavy infantry
  EXPECT_FALSE(far->charge_result(0, 1, geo::Side::kFront).has_value());
}

TEST(FastplayClauses, Clause_Charge_TargetPivotsToFace) {
  // b stands across a's path, its right flank towards a.
  auto s =
      testing::start({{"a", "heavy_infantry", 50, 40, 90}, {"b", "heavy_infantry", 50, 55, 0}});
  testing::pass_to(*s, Phase::kCharge);
  ASSERT_TRUE(testing::is_legal(*s, charge_action(0, 1, geo::Side::kRight)));
  auto stand_fast = s->clone();
  testing::play(*s, charge_action(0, 1, geo::Side::kRight));
  ASSERT_EQ(s->pending(), PendingKind::kChargeAnswer);
  EXPECT_EQ(s->current_player(), 1);
  EXPECT_TRUE(testing::is_legal(*s, testing::answer(act::kFace)));
  testing::play(*s, testing::answer(act::kFace));
  EXPECT_EQ(s->unit(1).heading, geo::Angle::degrees(270));
  EXPECT_EQ(s->unit(0).centre, at(50, 53));  // met at b's front (y = 54)
  // Negative: standing, b keeps its facing and is struck on the flank.
  auto& t = static_cast<FastplayState&>(*stand_fast);
  testing::play(t, charge_action(0, 1, geo::Side::kRight));
  testing::play(t, testing::answer(act::kStand));
  EXPECT_EQ(t.unit(1).heading, geo::Angle::degrees(0));
  EXPECT_TRUE(t.engaged(1));
}

TEST(FastplayClauses, Clause_Melee_SimultaneousRemoval) {
  auto s = facing_lines(55);
  charge_front(*s);
  ASSERT_EQ(s->phase(), Phase::kMelee);
  EXPECT_EQ(s->to_act(), 0);
  testing::play(*s, testing::fight(0));
  ASSERT_EQ(s->attacks().size(), 4u);                           // one die per stand in contact
  for (int d : {5, 1, 1, 1}) testing::roll_taking_last(*s, d);  // heavy vs heavy infantry: 5-6
  EXPECT_EQ(s->alive_stands(1), 4);                             // struck, not yet removed
  EXPECT_TRUE(s->unit(0).flags & kFought);  // once a phase: the phase ends when b has fought
  // b's struck stand still strikes back.
  testing::play(*s, testing::fight(1));
  ASSERT_EQ(s->attacks().size(), 4u);
  for (int d : {6, 4, 4, 4}) testing::roll_taking_last(*s, d);
  // Both struck down together at the end of the phase.
  EXPECT_NE(s->phase(), Phase::kMelee);
  EXPECT_EQ(s->alive_stands(0), 3);
  EXPECT_EQ(s->alive_stands(1), 3);
}

// Puts unit u so that its first stand's centre is at `pos`, facing `heading` degrees.
void place_first_stand(FastplayState& s, int u, geo::Point pos, int heading) {
  const geo::Vec off = geo::rotate(s.unit(u).stands[0].offset, geo::Angle::degrees(heading));
  s.debug_place(u, pos - off, heading);
}

TEST(FastplayClauses, Clause_Melee_IsolatedStandAttackedOnFourSides) {
  auto s = testing::start({{"a", "heavy_infantry", 15, 10, 90},
                           {"a", "heavy_infantry", 15, 30, 90},
                           {"a", "heavy_infantry", 85, 10, 90},
                           {"a", "heavy_infantry", 85, 30, 90},
                           {"b", "heavy_infantry", 50, 60, 270}});
  for (int u = 0; u < 4; ++u)
    for (int i = 1; i < 4; ++i) s->debug_kill_stand(u, i);
  for (int i = 1; i < 4; ++i) s->debug_kill_stand(4, i);
  // b's last stand: centre (54.5, 60), front towards -y; one enemy stand on each side.
  place_first_stand(*s, 4, at(54.5, 60), 270);
  place_first_stand(*s, 0, at(54.5, 58), 90);   // on its front
  place_first_stand(*s, 1, at(57, 60), 180);    // on its left flank
  place_first_stand(*s, 2, at(52, 60), 0);      // on its right flank
  place_first_stand(*s, 3, at(54.5, 62), 270);  // on its rear
  for (int u = 0; u < 4; ++u) {
    const auto attacks = s->melee_attacks(u);
    ASSERT_EQ(attacks.size(), 1u) << u;
    EXPECT_EQ(attacks[0].target_unit, 4);
    EXPECT_EQ(attacks[0].modifier, u == 0 ? 0 : kFlankBonus) << u;
  }
  // The stand itself strikes only once.
  EXPECT_EQ(s->melee_attacks(4).size(), 1u);
}

TEST(FastplayClauses, Clause_Melee_WinnerOccupiesVacatedPlace) {
  auto s = facing_lines(55);
  charge_front(*s);
  testing::play(*s, testing::fight(0));
  for (int d : {6, 1, 1, 1}) testing::roll_taking_last(*s, d);
  testing::play(*s, act::kPass);  // b does not fight
  ASSERT_EQ(s->pending(), PendingKind::kOccupy);
  EXPECT_EQ(s->current_player(), 0);
  auto stay = s->clone();
  const geo::Vec before = s->unit(0).stands[0].offset;
  testing::play(*s, act::kOccupyBase + 1);
  EXPECT_EQ(s->unit(0).stands[0].offset, (before + geo::Vec{2 * kCm, 0}));  // b's depth
  auto& t = static_cast<FastplayState&>(*stay);
  testing::play(t, act::kOccupyBase);
  EXPECT_EQ(t.unit(0).stands[0].offset, before);
}

TEST(FastplayClauses, Clause_Melee_FlankAttackBonus) {
  auto s = facing_lines(90);
  // Front to front: no bonus.
  s->debug_place(1, at(50, 42), 270);
  ASSERT_EQ(s->melee_attacks(0).size(), 4u);
  for (const auto& a : s->melee_attacks(0)) EXPECT_EQ(a.modifier, 0);
  // a's front on b's left flank: b faces -x, its line running up the table from y = 41.
  auto f =
      testing::start({{"a", "heavy_infantry", 50, 40, 90}, {"b", "heavy_infantry", 50, 90, 270}});
  f->debug_place(1, at(50, 47), 180);
  const auto attacks = f->melee_attacks(0);
  ASSERT_EQ(attacks.size(), 2u);  // the two stands whose fronts touch b's flank
  for (const auto& a : attacks) EXPECT_EQ(a.modifier, kFlankBonus);
}

TEST(FastplayClauses, Clause_Cavalry_EvadesInfantryCharge) {
  auto s =
      testing::start({{"a", "heavy_infantry", 50, 40, 90}, {"b", "light_cavalry", 50, 52, 270}});
  testing::pass_to(*s, Phase::kCharge);
  auto second = s->clone();
  testing::play(*s, charge_action(0, 1, geo::Side::kFront));
  ASSERT_EQ(s->pending(), PendingKind::kChargeAnswer);
  EXPECT_TRUE(testing::is_legal(*s, testing::answer(act::kEvade)));
  testing::play(*s, testing::answer(act::kEvade));
  EXPECT_EQ(s->unit(1).centre, at(50, 67));  // 15 cm straight away
  EXPECT_TRUE(s->unit(1).flags & kEvaded);
  EXPECT_FALSE(s->engaged(0));
  EXPECT_EQ(s->unit(0).centre, at(50, 49.5));  // the foot stop where the horse stood
  // Once a turn: an evaded unit may not evade again.
  EXPECT_FALSE(s->evade_result(1, geo::Angle::degrees(90)).has_value());
  // Negative: cavalry charged by cavalry may not evade.
  auto c =
      testing::start({{"a", "heavy_cavalry", 50, 40, 90}, {"b", "light_cavalry", 50, 55, 270}});
  testing::pass_to(*c, Phase::kCharge);
  testing::play(*c, charge_action(0, 1, geo::Side::kFront));
  EXPECT_NE(c->pending(), PendingKind::kChargeAnswer);
  EXPECT_TRUE(c->engaged(0));
}

TEST(FastplayClauses, Clause_Cavalry_TwoInfantryFlanks) {
  // b: heavy infantry in two ranks facing +x at (50, 50): its right side (y = 47) is the flank
  // of two stands, 2 cm each.
  auto s = testing::start(
      {{"a", "light_cavalry", 20, 20, 90}, {"b", "heavy_infantry", 50, 50, 0, {{"ranks", 2}}}});
  for (int i = 0; i < 3; ++i) s->debug_kill_stand(0, i);  // one cavalry stand left (stand 3)
  s->debug_place(0, at(44, 45.5), 90);                    // its front on y = 47, x 48..52
  auto attacks = s->melee_attacks(0);
  ASSERT_EQ(attacks.size(), 2u);
  EXPECT_NE(attacks[0].target_stand, attacks[1].target_stand);
  for (const auto& a : attacks) EXPECT_EQ(a.modifier, kFlankBonus);
  // Negative: one infantry stand on that flank: one die.
  s->debug_kill_stand(1, 3);
  EXPECT_EQ(s->melee_attacks(0).size(), 1u);
}

TEST(FastplayClauses, Clause_Cavalry_ChargeExtraDie) {
  auto s = facing_lines(55, "heavy_cavalry");
  charge_front(*s);
  // Cavalry is 16 cm wide against 12 cm of infantry: the stands touching strike, plus one die.
  const auto attacks = s->melee_attacks(0);
  int extra = 0;
  for (const auto& a : attacks) extra += a.extra ? 1 : 0;
  EXPECT_EQ(extra, 1);
  // Negative: the same contact without a charge this turn: no extra die.
  s->debug_set_flags(0, 0);
  for (const auto& a : s->melee_attacks(0)) EXPECT_FALSE(a.extra);
}

TEST(FastplayClauses, Clause_Retreat_LossesByTroopType) {
  auto s = facing_lines(55);
  charge_front(*s);
  testing::pass_to(*s, Phase::kRetreat);
  ASSERT_TRUE(testing::is_legal(*s, testing::retreat(0)));
  auto keep = s->clone();
  testing::play(*s, testing::retreat(0));
  testing::roll_taking_last(*s, 5);  // foot lose a stand on 1-5
  EXPECT_EQ(s->alive_stands(0), 3);
  EXPECT_EQ(s->unit(0).centre, at(50, 38));  // 15 cm back from y = 53
  EXPECT_FALSE(s->engaged(0));
  auto& t = static_cast<FastplayState&>(*keep);
  testing::play(t, testing::retreat(0));
  testing::roll_taking_last(t, 6);
  EXPECT_EQ(t.alive_stands(0), 4);
  // Cavalry lose a stand only on 1-2.
  auto c = facing_lines(55, "heavy_cavalry");
  charge_front(*c);
  testing::pass_to(*c, Phase::kRetreat);
  testing::play(*c, testing::retreat(0));
  testing::roll_taking_last(*c, 3);
  EXPECT_EQ(c->alive_stands(0), 4);
}

TEST(FastplayClauses, Clause_WarMachine_BallistaRangeAndResults) {
  auto s = testing::start({{"a", "ballista", 50, 10, 90}, {"b", "heavy_infantry", 50, 80, 270}});
  // 68.5 cm between the machine's front (11.5) and b's front (79): in range.
  ASSERT_TRUE(testing::is_legal(*s, testing::shoot(0, 1)));
  testing::play(*s, testing::shoot(0, 1));
  testing::roll_taking_last(*s, 6);
  EXPECT_EQ(s->alive_stands(1), 2);  // a 6: two stands
  EXPECT_FALSE(s->may_move(0));      // machines do not move (ruling F-16)
  auto far = testing::start({{"a", "ballista", 50, 10, 90}, {"b", "heavy_infantry", 50, 84, 270}});
  EXPECT_FALSE(far->may_shoot_at(0, 1));  // 72.5 cm
}

TEST(FastplayClauses, Clause_WarMachine_CatapultBands) {
  auto near = testing::start({{"a", "catapult", 50, 10, 90}, {"b", "heavy_infantry", 50, 40, 270}});
  testing::play(*near, testing::shoot(0, 1));
  testing::roll_taking_last(*near, 3);  // within 40 cm: 3-5 one stand
  EXPECT_EQ(near->alive_stands(1), 3);
  auto far = testing::start({{"a", "catapult", 50, 10, 90}, {"b", "heavy_infantry", 50, 70, 270}});
  testing::play(*far, testing::shoot(0, 1));
  testing::roll_taking_last(*far, 3);  // beyond 40 cm: 1-3 no effect
  EXPECT_EQ(far->alive_stands(1), 4);
}

TEST(FastplayClauses, Clause_Commander_ExtraDie) {
  auto with = facing_lines(42, "heavy_infantry", "heavy_infantry", {{"commander", true}});
  auto without = facing_lines(42);
  EXPECT_EQ(with->melee_attacks(0).size(), 5u);
  EXPECT_EQ(without->melee_attacks(0).size(), 4u);
}

TEST(FastplayClauses, Clause_Commander_LossAfterMeleeLosses) {
  for (int die : {3, 4}) {
    auto s = testing::start({{"a", "heavy_infantry", 50, 40, 90},
                             {"b", "heavy_infantry", 50, 55, 270, {{"commander", true}}}});
    charge_front(*s);
    testing::play(*s, testing::fight(0));
    for (int d : {6, 1, 1, 1}) testing::roll_taking_last(*s, d);
    testing::play(*s, act::kPass);  // b passes: the phase ends, b has lost a stand
    ASSERT_EQ(s->pending(), PendingKind::kCommanderDie) << s->to_string();
    testing::roll_taking_last(*s, die);
    EXPECT_EQ(s->unit(1).commander, die > 3) << die;  // lost on 1-3
  }
}

TEST(FastplayClauses, Clause_Commander_LossAfterArchery) {
  for (int die : {1, 2}) {
    auto s = testing::start({{"a", "archery", 50, 40, 90},
                             {"b", "light_infantry", 50, 70, 270, {{"commander", true}}}});
    testing::play(*s, testing::shoot(0, 1));
    for (int d : {6, 2, 2, 2}) testing::roll_taking_last(*s, d);
    ASSERT_EQ(s->pending(), PendingKind::kCommanderDie);
    testing::roll_taking_last(*s, die);
    EXPECT_EQ(s->unit(1).commander, die > 1) << die;  // lost only on a 1
  }
  // Negative: no loss, no roll.
  auto s = testing::start(
      {{"a", "archery", 50, 40, 90}, {"b", "light_infantry", 50, 70, 270, {{"commander", true}}}});
  testing::play(*s, testing::shoot(0, 1));
  for (int d : {2, 2, 2, 2}) testing::roll_taking_last(*s, d);
  EXPECT_NE(s->pending(), PendingKind::kCommanderDie);
}

TEST(FastplayClauses, Clause_Commander_LoneCommander) {
  auto s = testing::start({{"a", "heavy_cavalry", 50, 40, 90, {{"lone_commander", true}}},
                           {"b", "heavy_infantry", 50, 42, 270},
                           {"a", "heavy_infantry", 80, 20, 90}});
  // Alone and touching an enemy: it fights with +1 and may be struck.
  const auto attacks = s->melee_attacks(0);
  ASSERT_EQ(attacks.size(), 1u);
  EXPECT_EQ(attacks[0].modifier, kLoneCommanderBonus);
  EXPECT_TRUE(s->attackable(0));
  // Touching a friendly stand: it may not be struck.
  s->debug_place(2, at(50, 38), 90);  // friendly front at y = 39, on the commander's back
  EXPECT_FALSE(s->attackable(0));
  for (const auto& a : s->melee_attacks(1)) EXPECT_NE(a.target_unit, 0);
}

TEST(FastplayClauses, Clause_SupremeCommander_OptionalMoveLimit) {
  const std::vector<U> units = {
      {"a", "heavy_cavalry", 10, 10, 90, {{"lone_commander", true}, {"supreme", true}}},
      {"a", "heavy_infantry", 30, 20, 90},
      {"a", "heavy_infantry", 60, 20, 90},
      {"b", "heavy_infantry", 50, 90, 270}};
  for (bool option : {true, false}) {
    auto s = testing::start(units, {}, option ? "supreme_commander" : "");
    s->debug_kill_stand(0, 0);
    testing::pass_to(*s, Phase::kMovement);
    testing::play(*s, act::kPass);
    testing::play(*s, act::kPass);     // the turn ends
    testing::roll_taking_last(*s, 1);  // turn 2: a moves first
    if (option) {
      ASSERT_EQ(s->pending(), PendingKind::kSupremeRoll);
      testing::roll_taking_last(*s, 1);  // one unit may move
    }
    testing::pass_to(*s, Phase::kMovement);
    testing::play(*s, act::kSelectBase + 1);
    testing::play(*s, move_action(0, 2));
    EXPECT_EQ(s->may_move(2), !option) << option;
  }
}

TEST(FastplayClauses, Clause_Victory_HalfTheStandsLost) {
  auto s = facing_lines(90);
  s->debug_kill_stand(1, 0);  // b has lost 1 of 4: the battle goes on
  testing::pass_to(*s, Phase::kMovement);
  testing::play(*s, act::kPass);
  testing::play(*s, act::kPass);
  EXPECT_FALSE(s->is_terminal());
  s->debug_kill_stand(1, 1);  // 2 of 4: half
  testing::roll_taking_last(*s, 1);
  testing::pass_to(*s, Phase::kMovement);
  testing::play(*s, act::kPass);
  testing::play(*s, act::kPass);
  ASSERT_TRUE(s->is_terminal());
  EXPECT_EQ(s->winner(), 0);
  EXPECT_EQ(s->end_reason(), EndReason::kBroken);
  EXPECT_EQ(s->returns()[0], 1.0);
}

TEST(FastplayClauses, Clause_Victory_TurnLimitFewerLosses) {
  auto j = testing::scenario_json(
      {{"a", "heavy_infantry", 50, 20, 90}, {"b", "heavy_infantry", 50, 90, 270}}, {}, 1);
  auto s = testing::new_state(testing::make_game(j));
  s->debug_kill_stand(0, 0);
  testing::pass_to(*s, Phase::kMovement);
  testing::play(*s, act::kPass);
  testing::play(*s, act::kPass);
  ASSERT_TRUE(s->is_terminal());
  EXPECT_EQ(s->winner(), 1);  // a lost a quarter, b nothing
  EXPECT_EQ(s->end_reason(), EndReason::kTurnLimit);
  auto even = testing::new_state(testing::make_game(j));
  testing::pass_to(*even, Phase::kMovement);
  testing::play(*even, act::kPass);
  testing::play(*even, act::kPass);
  EXPECT_EQ(even->winner(), 2);  // equal shares: a draw
}

// Ruling F-34: the result on points. Both armies broken in one turn is a draw (F-28); the one
// that lost the smaller share of its stands is ahead, equal shares are level.
TEST(FastplayClauses, F34_DrawAheadOnSmallerShareOfStandsLost) {
  auto j = testing::scenario_json(
      {{"a", "heavy_infantry", 50, 20, 90}, {"b", "heavy_infantry", 50, 90, 270}}, {}, 3);
  auto both_broken = [&](int a_lost, int b_lost) {
    auto s = testing::new_state(testing::make_game(j));
    for (int k = 0; k < a_lost; ++k) s->debug_kill_stand(0, k);
    for (int k = 0; k < b_lost; ++k) s->debug_kill_stand(1, k);
    testing::pass_to(*s, Phase::kMovement);
    testing::play(*s, act::kPass);
    testing::play(*s, act::kPass);
    return s;
  };
  auto s = both_broken(2, 3);
  ASSERT_TRUE(s->is_terminal());
  EXPECT_EQ(s->winner(), 2);
  const game::PointsStanding p = s->points_standing();
  ASSERT_TRUE(p.reported);
  EXPECT_EQ(p.ahead, 0);
  EXPECT_EQ(p.shown[0], "2 of 4");
  EXPECT_EQ(p.shown[1], "3 of 4");
  EXPECT_EQ(s->result_summary()["points"]["ahead"], "a");
  game::ResultFacts facts;
  s->result_facts(facts);
  EXPECT_EQ(facts.points_ahead, "a");
  // Negative: equal shares are level, and a game in play reports none.
  auto level = both_broken(2, 2);
  ASSERT_TRUE(level->is_terminal());
  EXPECT_EQ(level->winner(), 2);
  EXPECT_EQ(level->points_standing().ahead, -1);
  EXPECT_FALSE(testing::new_state(testing::make_game(j))->points_standing().reported);
}

TEST(FastplayClauses, Clause_Measurement_ContactWithinOneMillimetre) {
  // Ruling F-30: stands whose edges are within 1 mm are in contact; only an overlap deeper than
  // 1 mm is an overlap. a's front is at y = 41 cm.
  auto s = facing_lines(80);
  s->debug_place(1, at(50, 42.05), 270);  // b's front 0.5 mm beyond a's
  EXPECT_TRUE(s->engaged(0));
  EXPECT_TRUE(s->engaged(1));
  EXPECT_TRUE(s->may_place(1, at(50, 41.95), geo::Angle::degrees(270)));  // 0.5 mm overlap
  // Negative: 2 mm apart is no contact; 2 mm into a is an overlap.
  s->debug_place(1, at(50, 42.2), 270);
  EXPECT_FALSE(s->engaged(0));
  EXPECT_FALSE(s->engaged(1));
  EXPECT_FALSE(s->may_place(1, at(50, 41.8), geo::Angle::degrees(270)));
}

}  // namespace
}  // namespace carroccio::fastplay
