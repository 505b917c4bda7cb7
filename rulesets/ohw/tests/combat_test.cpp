// Line of sight and arcs (0.5, 0.6, 0.9), shooting (1.6, 2.0-2.4), melee (3.0-3.2), removal (4)
// and the optional rules (5.1-5.4): one test per clause, positive and negative, dice forced.
#include <gtest/gtest.h>

#include "rulesets/ohw/tests/test_util.hpp"

namespace carroccio::ohw {
namespace {

using namespace testing;  // NOLINT(build/namespaces)
using geo::Side;

struct Bench {
  std::shared_ptr<const OhwGame> g;
  std::unique_ptr<OhwState> s;
  explicit Bench(const std::vector<U>& units, const std::vector<T>& terrain = {},
                 const std::string& options = "")
      : g(make_game(scenario_json(units, terrain), options)), s(new_state(g)) {}
  // Ends the Move phase and, if there is any shot, the Shoot phase.
  void to_melee() {
    ASSERT_EQ(s->phase(), Phase::kMove);
    play(*s, act::kEndPhase);
    if (s->phase() == Phase::kShoot) play(*s, act::kEndPhase);
  }
};

// An archer facing north with its front centre at (18, 7), and a target.
std::vector<U> archer_and(const U& target) { return {{"blue", "archers", 18, 6, 90}, target}; }

TEST(Ohw_0_Conventions, Clause_0_5_TargetsMustBeInTheFrontArc) {
  Bench in(archer_and({"red", "levies", 18, 14, 270}));
  EXPECT_TRUE(in.s->may_shoot_at(0, 1));
  Bench out(archer_and({"red", "levies", 30, 6, 180}));  // level with the archer, to the east
  EXPECT_FALSE(out.s->may_shoot_at(0, 1));
}

TEST(Ohw_0_Conventions, Clause_0_6_HalfOfTheSideAndAtLeastThreeInches) {
  // A flank (2") must be seen whole: a levy side-on at the edge of the arc shows too little.
  Bench b(archer_and({"red", "levies", 18, 14, 270}));
  EXPECT_TRUE(b.s->eligible_side(0, 1, Side::kFront, true));
  EXPECT_FALSE(b.s->eligible_side(0, 1, Side::kBack, true));  // hidden by the target itself
}

TEST(Ohw_0_Conventions, Clause_0_9_UnitsBlockTheLineOfSight) {
  Bench blocked({{"blue", "archers", 18, 6, 90},
                 {"red", "levies", 18, 14, 270},
                 {"blue", "levies", 18, 10, 90}});
  EXPECT_FALSE(blocked.s->may_shoot_at(0, 1));
  Bench clear({{"blue", "archers", 18, 6, 90},
               {"red", "levies", 18, 14, 270},
               {"blue", "levies", 28, 10, 90}});
  EXPECT_TRUE(clear.s->may_shoot_at(0, 1));
}

TEST(Ohw_0_Conventions, Clause_0_9_ii_AtLeastThreeInchesOfTheSideMustBeSeen) {
  // A blue levy in front of the archer's line hides the east part of the target's 4" front:
  // from x = 19.5 eastwards 3.4" stay in sight, from x = 18.75 only 2.6".
  Bench most({{"blue", "archers", 18, 6, 90},
              {"red", "levies", 18, 14, 270},
              {"blue", "levies", 21, 10, 90}});
  EXPECT_TRUE(most.s->eligible_side(0, 1, Side::kFront, true));
  EXPECT_TRUE(most.s->may_shoot_at(0, 1));
  Bench little({{"blue", "archers", 18, 6, 90},
                {"red", "levies", 18, 14, 270},
                {"blue", "levies", 20.5, 10, 90}});
  EXPECT_FALSE(little.s->eligible_side(0, 1, Side::kFront, true));
  EXPECT_FALSE(little.s->may_shoot_at(0, 1));
}

TEST(Ohw_0_Conventions, Clause_0_9_iii_AGapOfThreeInchesIsNeeded) {
  // Two units 0.8" apart on either side of the line.
  Bench narrow({{"blue", "archers", 18, 6, 90},
                {"red", "levies", 18, 14, 270},
                {"blue", "levies", 15.6, 10, 90},
                {"blue", "levies", 20.4, 10, 90}});
  EXPECT_FALSE(narrow.s->line_of_sight(at(18, 7), at(18, 13), 0, 1));
  Bench wide({{"blue", "archers", 18, 6, 90},
              {"red", "levies", 18, 14, 270},
              {"blue", "levies", 14, 10, 90},
              {"blue", "levies", 22, 10, 90}});
  EXPECT_TRUE(wide.s->line_of_sight(at(18, 7), at(18, 13), 0, 1));
}

TEST(Ohw_0_Conventions, Clause_0_9_iv_UpToThreeInchesOfWoods) {
  Bench thin(archer_and({"red", "levies", 18, 17, 270}), {{"woods", {0, 10, 36, 12}}});
  EXPECT_TRUE(thin.s->may_shoot_at(0, 1));
  Bench thick(archer_and({"red", "levies", 18, 17, 270}), {{"woods", {0, 10, 36, 14}}});
  EXPECT_FALSE(thick.s->may_shoot_at(0, 1));
}

TEST(Ohw_0_Conventions, Clause_0_9_iv_UpToThreeInchesOfTownOrHillCrest) {
  const U target = {"red", "levies", 18, 17, 270};  // front 9" from the archer's
  Bench thin_town(archer_and(target), {{"town", {0, 10, 36, 12}}});
  EXPECT_TRUE(thin_town.s->may_shoot_at(0, 1));
  Bench thick_town(archer_and(target), {{"town", {0, 10, 36, 14}}});
  EXPECT_FALSE(thick_town.s->may_shoot_at(0, 1));
  Bench low_crest(archer_and(target), {{"hill", {0, 10, 36, 12}}});
  EXPECT_TRUE(low_crest.s->may_shoot_at(0, 1));
  Bench crest(archer_and(target), {{"hill", {0, 10, 36, 14}}});
  EXPECT_FALSE(crest.s->may_shoot_at(0, 1));  // 4" of hill between, neither unit on it
  Bench on_hill(archer_and(target), {{"hill", {0, 4, 36, 14}}});
  EXPECT_TRUE(on_hill.s->may_shoot_at(0, 1));  // O-5: the archer stands on the hill
}

TEST(Ohw_0_Conventions, Clause_0_9_v_UnitsLiningATownAreSeenFreely) {
  // The target's front is on the far edge of 4" of town: it lines the town and is seen.
  Bench lining(archer_and({"red", "levies", 18, 15, 270}), {{"town", {0, 10, 36, 14}}});
  EXPECT_TRUE(lining.s->may_shoot_at(0, 1));
  Bench back(archer_and({"red", "levies", 18, 16, 270}), {{"town", {0, 10, 36, 14}}});
  EXPECT_FALSE(back.s->may_shoot_at(0, 1));  // 1" behind the edge: it does not line it
}

TEST(Ohw_0_Conventions, Clause_0_9_v_UnitsLiningTheEdgeSeeFreely) {
  // The archer's front is on the wood's edge: it sees through 4" of wood.
  Bench lining({{"blue", "archers", 18, 9, 90}, {"red", "levies", 18, 17, 270}},
               {{"woods", {0, 10, 36, 14}}});
  EXPECT_TRUE(lining.s->may_shoot_at(0, 1));
  Bench back({{"blue", "archers", 18, 7, 90}, {"red", "levies", 18, 17, 270}},
             {{"woods", {0, 10, 36, 14}}});
  EXPECT_FALSE(back.s->may_shoot_at(0, 1));
}

TEST(Ohw_2_Shooting, Clause_2_0_OnlyArchersShoot) {
  Bench b({{"blue", "archers", 18, 6, 90},
           {"red", "levies", 18, 14, 270},
           {"blue", "levies", 26, 6, 90}});
  EXPECT_TRUE(b.s->may_shoot(0));
  EXPECT_FALSE(b.s->may_shoot(2));
}

TEST(Ohw_2_Shooting, Clause_1_6_UnitsThatMoveOrTurnDoNotShoot) {
  Bench b({{"blue", "archers", 18, 6, 90},
           {"red", "levies", 18, 14, 270},
           {"blue", "archers", 26, 6, 90}});
  play(*b.s, act::kSelectBase + 0);
  play(*b.s, act::kMoveBase + act::kHold);
  play(*b.s, act::kSelectBase + 2);
  play(*b.s, move(1, 0, 0));  // a 15-degree turn in place; every unit has acted
  ASSERT_EQ(b.s->phase(), Phase::kShoot);
  EXPECT_TRUE(is_legal(*b.s, shoot(0, 1)));
  EXPECT_FALSE(b.s->may_shoot(2));
}

TEST(Ohw_2_Shooting, Clause_2_2_RangeIsTwelveInches) {
  Bench in(archer_and({"red", "levies", 18, 19.5, 270}));  // front at 18.5: 11.5"
  EXPECT_TRUE(in.s->may_shoot_at(0, 1));
  Bench out(archer_and({"red", "levies", 18, 20.5, 270}));  // 12.5"
  EXPECT_FALSE(out.s->may_shoot_at(0, 1));
}

TEST(Ohw_2_Shooting, Clause_2_3_HitsAreD6PlusTwo) {
  Bench b(archer_and({"red", "levies", 18, 14, 270}));
  play(*b.s, act::kEndPhase);
  play(*b.s, shoot(0, 1));
  roll(*b.s, 3);
  EXPECT_EQ(b.s->unit(1).hits, 5);
  EXPECT_NE(b.s->unit(1).hits, 3);
}

TEST(Ohw_2_Shooting, Clause_2_3_CoverAndArmourHalveRoundingUpOnce) {
  Bench open(archer_and({"red", "men_at_arms", 18, 14, 270}));
  EXPECT_EQ(open.s->shooting_hits(0, 1, 5).hits, 4);  // 7 x 1/2 = 3.5 -> 4
  Bench town(archer_and({"red", "men_at_arms", 18, 14, 270}), {{"town", {14, 12, 22, 17}}});
  EXPECT_EQ(town.s->shooting_hits(0, 1, 5).hits, 2);  // O-22: 7 x 1/2 x 1/2 = 1.75 -> 2
  Bench levy(archer_and({"red", "levies", 18, 14, 270}));
  EXPECT_EQ(levy.s->shooting_hits(0, 1, 5).hits, 7);
}

TEST(Ohw_2_Shooting, Clause_2_4_ShootingIntoMeleeIsAllowed) {
  // The red levy fights a blue knight on its east side; the archer still sees its front, and the
  // hits go to the levy alone (O-21).
  Bench b({{"blue", "archers", 18, 6, 90},
           {"red", "levies", 18, 14, 270},
           {"blue", "knights", 21, 14, 180}});
  ASSERT_TRUE(b.s->in_melee(1));
  EXPECT_TRUE(b.s->may_shoot_at(0, 1));
  play(*b.s, act::kEndPhase);
  play(*b.s, shoot(0, 1));
  roll(*b.s, 4);
  EXPECT_EQ(b.s->unit(1).hits, 6);
  EXPECT_EQ(b.s->unit(2).hits, 0);
}

TEST(Ohw_2_Shooting, Clause_2_4_AFriendInContactBlocksWhereItStandsInTheWay) {
  // The blue knight fights the red levy front to front, between it and the archer: the line of
  // sight crosses the knight, so there is no shot (O-21).
  Bench b({{"blue", "archers", 18, 6, 90},
           {"red", "levies", 18, 14, 270},
           {"blue", "knights", 18, 12, 90}});
  ASSERT_EQ(b.s->front_contact(2, 1), Side::kFront);
  EXPECT_FALSE(b.s->may_shoot_at(0, 1));
}

TEST(Ohw_2_Shooting, Ruling_O20_ArchersInContactDoNotShoot) {
  Bench b({{"blue", "archers", 18, 20, 270},
           {"red", "levies", 18, 18, 90},
           {"red", "levies", 18, 10, 90}});
  ASSERT_TRUE(b.s->in_melee(0));
  EXPECT_FALSE(b.s->may_shoot(0));
  Bench free({{"blue", "archers", 18, 21, 270}, {"red", "levies", 18, 18, 90}});
  EXPECT_TRUE(free.s->may_shoot(0));
}

// A blue unit (type) facing south whose front touches the front of a red unit (type).
std::vector<U> front_to_front(const std::string& blue, const std::string& red) {
  return {{"blue", blue, 18, 20, 270}, {"red", red, 18, 18, 90}};
}

TEST(Ohw_3_Melee, Clause_3_0_UnitsWithTheirFrontInContactMustFight) {
  Bench b(front_to_front("knights", "levies"));
  b.to_melee();
  ASSERT_EQ(b.s->phase(), Phase::kMelee);
  EXPECT_EQ(b.s->legal_actions(), std::vector<game::Action>{fight(0, 1)});  // no way to decline
  play(*b.s, fight(0, 1));
  roll(*b.s, 4);
  EXPECT_EQ(b.s->unit(1).hits, 6);
  EXPECT_EQ(b.s->active(), 1);  // blue's player turn is over
}

TEST(Ohw_3_Melee, Clause_3_1_OnlyTheActiveSideStrikes) {
  // Blue's turn: red's knight, also in front contact, does not strike.
  Bench b(front_to_front("levies", "knights"));
  b.to_melee();
  for (game::Action a : b.s->legal_actions()) EXPECT_NE(a, fight(1, 0));
  EXPECT_TRUE(is_legal(*b.s, fight(0, 1)));
}

TEST(Ohw_3_Melee, Clause_3_0_UnitsTouchedOnlyOnTheFlankDoNotStrike) {
  // Red u1 faces east; blue u0 touches its left flank with its front; blue u2 stands far off.
  auto j = scenario_json({{"blue", "knights", 18, 21, 270}, {"red", "levies", 18, 18, 0}});
  j["first"] = "red";
  auto g = make_game(j);
  auto s = new_state(g);
  play(*s, act::kEndPhase);
  // No red unit has its front in contact: red's player turn ends without melee.
  EXPECT_EQ(s->active(), 0);
}

TEST(Ohw_3_Melee, Clause_3_2_KnightsAddTwoArchersSubtractTwo) {
  Bench k(front_to_front("knights", "levies"));
  EXPECT_EQ(k.s->melee_hits(0, 1, 4).hits, 6);
  Bench a(front_to_front("archers", "levies"));
  EXPECT_EQ(a.s->melee_hits(0, 1, 5).hits, 3);
  EXPECT_EQ(a.s->melee_hits(0, 1, 1).hits, 0);  // O-23: never below 0
  Bench l(front_to_front("levies", "levies"));
  EXPECT_EQ(l.s->melee_hits(0, 1, 4).hits, 4);
}

TEST(Ohw_3_Melee, Clause_3_2_i_TerrainHalvesUphillAndInTowns) {
  Bench hill(front_to_front("levies", "levies"),
             {{"hill", {10, 10, 26, 19}}});  // red's centre on it
  EXPECT_TRUE(hill.s->uphill_of(1, 0));
  EXPECT_EQ(hill.s->melee_hits(0, 1, 5).hits, 3);                                // 5 / 2 -> 3
  Bench both(front_to_front("levies", "levies"), {{"hill", {10, 10, 26, 26}}});  // both on it
  EXPECT_FALSE(both.s->uphill_of(1, 0));
  EXPECT_EQ(both.s->melee_hits(0, 1, 5).hits, 5);
  Bench town(front_to_front("levies", "levies"), {{"town", {14, 16, 22, 19}}});
  EXPECT_EQ(town.s->melee_hits(0, 1, 5).hits, 3);
}

TEST(Ohw_3_Melee, Clause_3_2_i_RiverCrossingHalves) {
  Bench ford(front_to_front("levies", "levies"), {{"ford", {10, 16, 26, 17.5}}});
  EXPECT_TRUE(ford.s->at_river_crossing(1));
  EXPECT_EQ(ford.s->melee_hits(0, 1, 6).hits, 3);
  EXPECT_FALSE(ford.s->at_river_crossing(0));
  EXPECT_EQ(ford.s->melee_hits(1, 0, 6).hits, 6);
}

TEST(Ohw_3_Melee, Clause_3_2_ii_ArmourHalvesAndFlankDoublesRoundedOnce) {
  // Blue knights on the left flank of red men-at-arms facing east.
  Bench b({{"blue", "knights", 18, 21, 270}, {"red", "men_at_arms", 18, 18, 0}});
  ASSERT_EQ(b.s->front_contact(0, 1), Side::kLeft);
  const HitFactors h = b.s->melee_hits(0, 1, 3);
  EXPECT_TRUE(h.flank);
  EXPECT_TRUE(h.armour);
  EXPECT_EQ(h.hits, 5);  // O-22: 5 x 2 x 1/2
  Bench front(front_to_front("knights", "men_at_arms"));
  EXPECT_EQ(front.s->melee_hits(0, 1, 3).hits, 3);  // 5 x 1/2 = 2.5 -> 3
}

TEST(Ohw_3_Melee, Clause_3_2_iii_FlankAndRearDouble) {
  Bench flank({{"blue", "levies", 18, 21, 270}, {"red", "levies", 18, 18, 0}});
  EXPECT_EQ(flank.s->melee_hits(0, 1, 4).hits, 8);
  Bench rear({{"blue", "levies", 18, 20, 270}, {"red", "levies", 18, 18, 270}});  // both face south
  ASSERT_EQ(rear.s->front_contact(0, 1), Side::kBack);
  EXPECT_EQ(rear.s->melee_hits(0, 1, 4).hits, 8);
  Bench front(front_to_front("levies", "levies"));
  EXPECT_EQ(front.s->melee_hits(0, 1, 4).hits, 4);
}

TEST(Ohw_4_Remove, Clause_4_FifteenHitsRemoveAtTheEndOfThePlayerTurn) {
  Bench b(front_to_front("knights", "levies"));
  b.s->debug_place(1, at(18, 18), 90, 10);
  b.to_melee();
  play(*b.s, fight(0, 1));
  roll(*b.s, 3);  // 5 hits: 15
  EXPECT_TRUE(b.s->unit(1).removed);
  EXPECT_FALSE(b.s->unit(1).on_table);
  Bench c(front_to_front("knights", "levies"));
  c.s->debug_place(1, at(18, 18), 90, 10);
  c.to_melee();
  play(*c.s, fight(0, 1));
  roll(*c.s, 2);  // 4 hits: 14
  EXPECT_FALSE(c.s->unit(1).removed);
  EXPECT_EQ(c.s->unit(1).hits, 14);
}

TEST(Ohw_5_Optional, Clause_5_1_NoChargeIntoAFort) {
  const std::vector<U> units = {{"blue", "knights", 18, 28, 270}, {"red", "levies", 18, 18, 90}};
  const std::vector<T> town = {{"town", {14, 16, 22, 20}}};
  Bench fort(units, town, "fort");
  EXPECT_FALSE(fort.s->charge_result(0, 1, Side::kFront));
  Bench plain(units, town);
  EXPECT_TRUE(plain.s->charge_result(0, 1, Side::kFront));
}

TEST(Ohw_5_Optional, Clause_5_2_IrregularsMoveNineShootAndFightAtMinusTwo) {
  Bench b({{"blue", "irregulars", 18, 6, 90},
           {"red", "levies", 18, 14, 270},
           {"blue", "levies", 28, 6, 90}});
  EXPECT_EQ(b.s->allowance(0), 9 * kInch);
  EXPECT_EQ(b.s->allowance(2), 6 * kInch);
  EXPECT_TRUE(b.s->may_shoot(0));
  EXPECT_EQ(b.s->shooting_hits(0, 1, 5).hits, 3);
  EXPECT_EQ(b.s->shooting_hits(0, 1, 1).hits, 0);
}

TEST(Ohw_5_Optional, Clause_5_3_PeasantArchersShootD6AndFightAsLevies) {
  Bench b({{"blue", "peasant_archers", 18, 6, 90}, {"red", "levies", 18, 14, 270}});
  EXPECT_TRUE(b.s->may_shoot(0));
  EXPECT_EQ(b.s->shooting_hits(0, 1, 5).hits, 5);  // O-33: no +2
  Bench m(front_to_front("peasant_archers", "levies"));
  EXPECT_EQ(m.s->melee_hits(0, 1, 5).hits, 5);  // as levies
}

TEST(Ohw_5_Optional, Clause_5_4_RedoubtGivesCoverAFieldOfFireAndADelay) {
  const std::vector<T> redoubt = {{"redoubt", {13, 15, 23, 19.5}}};
  // Cover: halved shooting hits, only with the option.
  const std::vector<U> shot = {{"blue", "archers", 18, 6, 90}, {"red", "levies", 18, 17, 270}};
  Bench on(shot, redoubt, "redoubt");
  Bench off(shot, redoubt);
  EXPECT_EQ(on.s->shooting_hits(0, 1, 5).hits, 4);
  EXPECT_EQ(off.s->shooting_hits(0, 1, 5).hits, 7);
  // Field of fire: a target level with the redoubt archer's front, out of the 45-degree arc.
  const std::vector<U> wide = {{"red", "archers", 18, 17, 90}, {"blue", "levies", 30, 20, 180}};
  auto j = scenario_json(wide, redoubt);
  j["first"] = "red";
  auto g_on = make_game(j, "redoubt");
  auto g_off = make_game(j);
  EXPECT_TRUE(new_state(g_on)->may_shoot_at(0, 1));
  EXPECT_FALSE(new_state(g_off)->may_shoot_at(0, 1));
  // Delay: a charger into a redoubt does not strike in the turn of contact.
  const std::vector<U> charge_in = {{"blue", "knights", 18, 28, 270},
                                    {"red", "levies", 18, 17, 90}};
  Bench delayed(charge_in, redoubt, "redoubt");
  play(*delayed.s, act::kSelectBase + 0);
  play(*delayed.s, charge(1, Side::kFront));
  EXPECT_EQ(delayed.s->active(), 1);  // no melee: blue's player turn ended
  EXPECT_EQ(delayed.s->unit(1).hits, 0);
  Bench direct(charge_in, redoubt);
  play(*direct.s, act::kSelectBase + 0);
  play(*direct.s, charge(1, Side::kFront));
  EXPECT_EQ(direct.s->active(), 0);
  EXPECT_EQ(direct.s->phase(), Phase::kMelee);
  EXPECT_TRUE(is_legal(*direct.s, fight(0, 1)));
}

}  // namespace
}  // namespace carroccio::ohw
