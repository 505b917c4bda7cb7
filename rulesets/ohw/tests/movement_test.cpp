// Movement (1.0-1.8): one test per clause, positive and negative, on a small inline table.
#include <gtest/gtest.h>

#include "rulesets/ohw/tests/test_util.hpp"

namespace carroccio::ohw {
namespace {

using namespace testing;  // NOLINT(build/namespaces)
using geo::Side;

// Pre-turn indices into kPreTurns and post-turn indices into kPostTurns.
constexpr int kNone = 0, kPreL15 = 1, kPreL45 = 3, kPreL90 = 5, kPostL45 = 1;

struct MoveBench {
  std::shared_ptr<const OhwGame> g;
  std::unique_ptr<OhwState> s;
  explicit MoveBench(const std::vector<U>& units, const std::vector<T>& terrain = {},
                     const std::string& options = "")
      : g(make_game(scenario_json(units, terrain), options)), s(new_state(g)) {}
  geo::Point centre(int u) const { return s->unit(u).base.centre(); }
  void select(int u) { play(*s, act::kSelectBase + u); }
};

// O-8a: a march on each goal the victory conditions name (here objective t0, a wagon at
// x 16-20, y 8-10, and zone t1, x 0-10, y 0-10): turn to face its centre, then straight toward it
// up to the first contact, the centre or the allowance.
std::unique_ptr<OhwState> goals_table(const std::vector<U>& units) {
  auto j = scenario_json(units, {{"objective", {16, 8, 20, 10}}, {"zone", {0, 0, 10, 10}}});
  j["victory"] = {
      {{"kind", "objective_contact"}, {"side", "blue"}, {"objective", "t0"}, {"radius", 4}},
      {{"kind", "units_in_zone"}, {"side", "blue"}, {"zone", "t1"}, {"count", 1}}};
  return new_state(make_game(j));
}
constexpr int kMarchOnT0 = act::kMarchCode, kMarchOnT1 = act::kMarchCode + 6;

TEST(Ohw_1_Movement, Clause_1_0_AMarchOnAGoalGoesStraightUpToContactOrItsCentre) {
  auto s = goals_table({{"blue", "knights", 18, 20, 270},
                        {"blue", "knights", 27, 19, 180},
                        {"blue", "knights", 5, 14, 270},
                        {"red", "levies", 34, 34, 270}});
  // Straight south: stopped by the wagon, 9" on, its front on the wagon's north side.
  auto a = s->move_result(0, kMarchOnT0);
  ASSERT_TRUE(a);
  EXPECT_EQ(a->centre(), at(18, 11));
  EXPECT_EQ(a->heading(), geo::Angle::degrees(270));
  // Obliquely: a turn to face the wagon's centre, then 12" or up to touching it.
  auto b = s->move_result(1, kMarchOnT0);
  ASSERT_TRUE(b);
  std::int64_t gap = INT64_MAX;
  for (geo::Side side : geo::kAllSides)
    gap = std::min(gap, geo::distance_sq(b->side(side),
                                         std::span<const geo::Point>(s->ohw().terrain(0).outline))
                            .ceil());
  EXPECT_LE(gap, geo::kPlacementSlack);
  EXPECT_FALSE(geo::base_overlaps_polygon(*b, s->ohw().terrain(0).outline));
  // A zone: to its centre when the allowance reaches it; a last turn may follow.
  auto c = s->move_result(2, kMarchOnT1);
  ASSERT_TRUE(c);
  EXPECT_EQ(c->centre(), at(5, 5));
  auto d = s->move_result(2, kMarchOnT1 + 5);  // then an about-face
  ASSERT_TRUE(d);
  EXPECT_EQ(d->heading(), geo::Angle::degrees(90));
  play(*s, act::kSelectBase + 0);
  EXPECT_TRUE(is_legal(*s, act::kMoveBase + kMarchOnT0));
  // The place in words (game/table/place.hpp), not coordinates.
  EXPECT_EQ(s->action_to_string(act::kMoveBase + kMarchOnT0),
            "the Blue knights #1 march on the t0 (objective), ending 1 in. north of the t0 "
            "(objective)");
  play(*s, act::kMoveBase + kMarchOnT0);
  EXPECT_EQ(s->unit(0).base.centre(), at(18, 11));
  // Negative: none when the unit is already there, nor on a goal the scenario does not name.
  EXPECT_FALSE(s->move_result(0, kMarchOnT0));
  EXPECT_FALSE(s->move_result(0, act::kMarchCode + 12));
}

TEST(Ohw_1_Movement, Clause_1_8_AMarchNeverEndsAgainstAnEnemy) {
  // A red levy between the knight and the wagon: the march would stop against it, which only a
  // charge may do; with the levy aside the march is offered.
  auto s = goals_table({{"blue", "knights", 18, 20, 270}, {"red", "levies", 18, 14, 90}});
  EXPECT_FALSE(s->move_result(0, kMarchOnT0));
  play(*s, act::kSelectBase + 0);
  EXPECT_FALSE(is_legal(*s, act::kMoveBase + kMarchOnT0));
  EXPECT_TRUE(is_legal(*s, charge(1, Side::kFront)));
  auto t = goals_table({{"blue", "knights", 18, 20, 270}, {"red", "levies", 26, 14, 90}});
  EXPECT_TRUE(t->move_result(0, kMarchOnT0));
}

TEST(Ohw_1_Movement, Clause_1_1_KnightsMoveTwelveInchesOthersSix) {
  MoveBench b({{"blue", "knights", 10, 4, 90},
               {"blue", "levies", 20, 4, 90},
               {"red", "levies", 18, 34, 270}});
  auto knight = b.s->move_result(0, move_code(kNone, 4, kNone));
  auto levy = b.s->move_result(1, move_code(kNone, 4, kNone));
  ASSERT_TRUE(knight && levy);
  EXPECT_EQ(knight->centre(), at(10, 16));
  EXPECT_EQ(levy->centre(), at(20, 10));
  EXPECT_NE(levy->centre(), at(20, 16));  // a levy never covers a knight's distance
  EXPECT_EQ(b.s->move_result(1, move_code(kNone, 2, kNone))->centre(), at(20, 7));
}

TEST(Ohw_1_Movement, Clause_1_2_WoodsAreImpassableExceptToIrregulars) {
  MoveBench b({{"blue", "knights", 10, 4, 90},
               {"blue", "irregulars", 26, 4, 90},
               {"red", "levies", 18, 34, 270}},
              {{"woods", {4, 8, 30, 12}}});
  EXPECT_TRUE(b.s->move_result(0, move_code(kNone, 1, kNone)));   // 3": up to the edge
  EXPECT_FALSE(b.s->move_result(0, move_code(kNone, 2, kNone)));  // 6": into the wood
  EXPECT_TRUE(b.s->move_result(1, move_code(kNone, 2, kNone)));   // 5.2: irregulars may
}

TEST(Ohw_1_Movement, Clause_1_2_i_TownsAndHillsDoNotHinderMovement) {
  for (const char* open : {"town", "hill"}) {
    MoveBench b({{"blue", "levies", 18, 6, 90}, {"red", "levies", 18, 34, 270}},
                {{open, {14, 8, 22, 12}}});
    auto r = b.s->move_result(0, move_code(kNone, 4, kNone));  // into it and half across
    ASSERT_TRUE(r) << open;
    EXPECT_EQ(r->centre(), at(18, 12));
  }
  MoveBench woods({{"blue", "levies", 18, 6, 90}, {"red", "levies", 18, 34, 270}},
                  {{"woods", {14, 8, 22, 12}}});
  EXPECT_FALSE(woods.s->move_result(0, move_code(kNone, 4, kNone)));
}

TEST(Ohw_1_Movement, Clause_1_2_iii_MarshLakeAndTheTableEdgeStopEveryUnit) {
  // Irregulars may enter woods (5.2) but not marsh or a lake; no unit leaves the table.
  for (const char* closed : {"marsh", "lake"}) {
    MoveBench b({{"blue", "irregulars", 18, 4, 90}, {"red", "levies", 18, 34, 270}},
                {{closed, {14, 8, 22, 12}}});
    EXPECT_FALSE(b.s->move_result(0, move_code(kNone, 2, kNone))) << closed;
    EXPECT_TRUE(b.s->move_result(0, move_code(kNone, 1, kNone))) << closed;  // 2.25": short of it
  }
  MoveBench edge({{"blue", "knights", 18, 32, 90}, {"red", "levies", 18, 4, 270}});
  EXPECT_TRUE(edge.s->move_result(0, move_code(kNone, 1, kNone)));   // 3": the front on the edge
  EXPECT_FALSE(edge.s->move_result(0, move_code(kNone, 2, kNone)));  // 6": over it
}

TEST(Ohw_1_Movement, Clause_1_2_RiverIsImpassableButAFordIsNot) {
  MoveBench b(
      {{"blue", "levies", 6, 4, 90}, {"blue", "levies", 20, 4, 90}, {"red", "levies", 18, 34, 270}},
      {{"river", {0, 8, 16, 10}}, {"ford", {16, 8, 24, 10}}, {"river", {24, 8, 36, 10}}});
  EXPECT_FALSE(b.s->move_result(0, move_code(kNone, 4, kNone)));
  auto through = b.s->move_result(1, move_code(kNone, 4, kNone));
  ASSERT_TRUE(through);
  EXPECT_EQ(through->centre(), at(20, 10));
}

TEST(Ohw_1_Movement, Clause_1_2_iv_RoadAddsThreeInches) {
  auto j = scenario_json({{"blue", "levies", 18, 4, 90},
                          {"blue", "levies", 10, 4, 90},
                          {"red", "levies", 18, 34, 270}});
  j["roads"] = {{{"id", "road"}, {"line", {{18, 0}, {18, 30}}}}};
  auto g = make_game(j);
  auto s = new_state(g);
  auto on_road = s->move_result(0, move_code(kNone, kRoadDistance, kNone));
  ASSERT_TRUE(on_road);
  EXPECT_EQ(on_road->centre(), at(18, 13));                                 // 6" + 3"
  EXPECT_FALSE(s->move_result(1, move_code(kNone, kRoadDistance, kNone)));  // off the road
}

// 1.2 iv: the road carries a unit through ground it could not otherwise cross (O-10a): a wood
// stands across a road running north; u0 is on the road, u1 beside it.
TEST(Ohw_1_Movement, Clause_1_2_iv_TheRoadLeadsThroughImpassableTerrain) {
  auto j = scenario_json(
      {{"blue", "levies", 18, 6, 90}, {"blue", "levies", 8, 6, 90}, {"red", "levies", 18, 34, 270}},
      {{"woods", {4, 10, 30, 20}}});
  j["roads"] = {{{"id", "road"}, {"line", {{18, 0}, {18, 36}}}}};
  auto g = make_game(j);
  auto s = new_state(g);
  // On the road: into the wood by the road move (9") and by a plain move (6").
  auto road = s->move_result(0, move_code(kNone, kRoadDistance, kNone));
  ASSERT_TRUE(road);
  EXPECT_EQ(road->centre(), at(18, 15));
  EXPECT_TRUE(s->move_result(0, move_code(kNone, 4, kNone)));
  play(*s, act::kSelectBase + 0);
  EXPECT_TRUE(is_legal(*s, move(kNone, kRoadDistance, kNone)));
  play(*s, move(kNone, kRoadDistance, kNone));
  // In the wood, on to its far side along the road; an about-face is always allowed (1.4).
  auto out = s->move_result(0, move_code(kNone, kRoadDistance, kNone));
  ASSERT_TRUE(out);
  EXPECT_EQ(out->centre(), at(18, 24));
  EXPECT_TRUE(s->move_result(0, move_code(7, 0, 0)));
  // Negative: off the road the wood stops a unit, and so does leaving the road inside it.
  EXPECT_FALSE(s->move_result(1, move_code(kNone, 4, kNone)));
  EXPECT_FALSE(s->move_result(0, move_code(kPreL15, 2, kNone)));
  EXPECT_FALSE(s->move_result(0, move_code(kPreL45, 0, kNone)));  // a 45-degree turn in the wood
}

TEST(Ohw_1_Movement, Clause_1_3_NoPassingThroughUnits) {
  // The levy's front edge is at y = 11, the friend's rear at y = 13: a 2" gap.
  MoveBench b({{"blue", "levies", 18, 10, 90},
               {"blue", "levies", 18, 14, 90},
               {"red", "levies", 18, 34, 270}});
  EXPECT_TRUE(b.s->move_result(0, move_code(kNone, 1, kNone)));   // 1.5": stops short
  EXPECT_FALSE(b.s->move_result(0, move_code(kNone, 2, kNone)));  // 3": would overlap
  EXPECT_FALSE(b.s->move_result(0, move_code(kNone, 4, kNone)));  // 6": would pass through
}

// 1.3 with bases of two sizes (a wagon's 3" x 1.5" beside a scenario's 6" x 3" bases): the quick
// refusal by distance adds the two bases' reaches; twice the wagon's alone (4.5") would miss a
// corner overlap of centres 4.81" apart.
TEST(Ohw_1_Movement, Clause_1_3_AWagonMayNotOverlapALargerBase) {
  auto j = scenario_json({{"blue", "men_at_arms", 10, 10, 0}, {"red", "wagon", 30, 30, 0}});
  j["base"] = {{"width", 6}, {"depth", 3}};
  const auto g = make_game(j);
  const auto s = new_state(g);
  ASSERT_EQ(s->unit(0).base.width(), 6 * kInch);
  ASSERT_EQ(s->unit(1).base.width(), 3 * kInch);
  // The men-at-arms span x 8.5-11.5 and y 7-13; the wagon's back-right corner would be at
  // (11.4, 12.8), inside them.
  const geo::Base w = s->unit(1).base.with_centre(at(12.15, 14.3));
  EXPECT_FALSE(s->may_stand(1, w));
  EXPECT_TRUE(s->may_stand(1, w.translated(at(0.2, 0.4) - at(0, 0))));  // clear of them
}

TEST(Ohw_1_Movement, Clause_1_4_OneTurnBeforeAndOneAfterTheMove) {
  MoveBench b({{"blue", "levies", 18, 10, 90}, {"red", "levies", 18, 34, 270}});
  auto r = b.s->move_result(0, move_code(kPreL90, 4, kPostL45));
  ASSERT_TRUE(r);
  EXPECT_EQ(r->centre(), at(12, 10));  // 6" west after the quarter turn
  EXPECT_EQ(r->heading(), geo::Angle::degrees(225));
  // A turn in place is one turn: a second turn without a move is not a move code.
  EXPECT_FALSE(b.s->move_result(0, move_code(kPreL45, 0, kPostL45)));
  b.select(0);
  EXPECT_TRUE(is_legal(*b.s, move(kPreL45, 0, kNone)));
  EXPECT_FALSE(is_legal(*b.s, move(kPreL45, 0, kPostL45)));
}

TEST(Ohw_1_Movement, Clause_1_4_QuarterTurnSlidesOverToFitButOtherTurnsMayNotCrossTheEdge) {
  // Rear edge on the south table edge: turning 90 degrees needs a 1" slide north.
  MoveBench b({{"blue", "levies", 18, 1, 90}, {"red", "levies", 18, 34, 270}});
  auto quarter = b.s->turned(0, b.s->unit(0).base, geo::Angle::degrees(90));
  ASSERT_TRUE(quarter);
  EXPECT_EQ(quarter->centre(), at(18, 2));
  EXPECT_FALSE(b.s->turned(0, b.s->unit(0).base, geo::Angle::degrees(15)));
  EXPECT_TRUE(
      b.s->turned(0, b.s->unit(0).base, geo::Angle::degrees(180)));  // about-face: same ground
}

TEST(Ohw_1_Movement, Clause_1_5_UnitsInMeleeOnlyHoldOrTurnToFace) {
  // u0 faces south, its front touching the front of red u1.
  MoveBench b({{"blue", "knights", 18, 20, 270},
               {"red", "levies", 18, 18, 90},
               {"blue", "levies", 6, 6, 90}});
  ASSERT_TRUE(b.s->in_melee(0));
  b.select(0);
  const auto legal = b.s->legal_actions();
  EXPECT_EQ(legal, std::vector<game::Action>{act::kMoveBase + act::kHold});
  play(*b.s, act::kMoveBase + act::kHold);
  b.select(2);  // a unit not in melee has real moves
  EXPECT_GT(b.s->legal_actions().size(), 10u);
}

TEST(Ohw_1_Movement, Clause_1_5_TurnToFaceAnEnemyOnTheFlank) {
  // Red u1 faces east; blue u0's front touches u1's left flank (its north side). Red's turn.
  auto j = scenario_json({{"blue", "knights", 18, 21, 270},
                          {"red", "levies", 18, 18, 0},
                          {"red", "levies", 30, 30, 90}});
  j["first"] = "red";
  auto g = make_game(j);
  auto s = new_state(g);
  ASSERT_EQ(s->front_contact(0, 1), Side::kLeft);
  play(*s, act::kSelectBase + 1);
  ASSERT_TRUE(is_legal(*s, act::kMoveBase + act::kFaceCode + static_cast<int>(Side::kLeft)));
  play(*s, act::kMoveBase + act::kFaceCode + static_cast<int>(Side::kLeft));
  EXPECT_EQ(s->unit(1).base.heading(), geo::Angle::degrees(90));
  EXPECT_EQ(s->front_contact(1, 0), Side::kFront);  // now front to front
  EXPECT_EQ(s->front_contact(0, 1), Side::kFront);
}

// 1.5 (O-15): red u1 faces east at (18, 18); blue u0 touches its left flank (north side), 1" east
// of centred, and blue u2 its rear. A quarter turn to face u0 pulls u1's north side 1" back and
// pushes its west side 1" out: u0 follows 1" south and u2 gives way 1" west, each the least
// distance that keeps it in contact without overlap; neither slides along the edge.
std::unique_ptr<OhwState> flank_and_rear(const std::vector<U>& more = {}) {
  std::vector<U> units = {{"blue", "knights", 19, 21, 270},
                          {"red", "levies", 18, 18, 0},
                          {"blue", "levies", 16, 18, 0}};
  units.insert(units.end(), more.begin(), more.end());
  auto j = scenario_json(units);
  j["first"] = "red";
  auto s = new_state(make_game(j));
  EXPECT_EQ(s->front_contact(0, 1), Side::kLeft);
  EXPECT_EQ(s->front_contact(2, 1), Side::kBack);
  play(*s, act::kSelectBase + 1);
  return s;
}
constexpr game::Action kFaceLeft = act::kMoveBase + act::kFaceCode + static_cast<int>(Side::kLeft);

TEST(Ohw_1_Movement, Clause_1_5_AQuarterTurnShiftsTheOthersInContactTheLeastDistance) {
  auto s = flank_and_rear();
  ASSERT_TRUE(is_legal(*s, kFaceLeft));
  play(*s, kFaceLeft);
  EXPECT_EQ(s->unit(1).base.centre(), at(18, 18));  // turned on its centre, not moved
  EXPECT_EQ(s->unit(1).base.heading(), geo::Angle::degrees(90));
  EXPECT_EQ(s->unit(0).base.centre(), at(19, 20));  // 1" south, not centred on the new front
  EXPECT_EQ(s->unit(0).base.heading(), geo::Angle::degrees(270));
  EXPECT_EQ(s->unit(2).base.centre(), at(15, 18));  // 1" west
  EXPECT_EQ(s->unit(2).base.heading(), geo::Angle::degrees(0));
  EXPECT_EQ(s->front_contact(1, 0), Side::kFront);  // u1 now faces u0
  EXPECT_EQ(s->front_contact(2, 1), Side::kLeft);   // u2 still in contact, on the new flank
  EXPECT_EQ(s->check_invariants(), "");
  EXPECT_FALSE(s->unit(1).flags & kMoved);  // O-18: the turn to face is not a move
}

TEST(Ohw_1_Movement, Clause_1_5_AQuarterTurnIsRefusedWhenTheOthersCannotMakeRoom) {
  // A blue unit behind u2 leaves it no room to give way.
  auto blocked = flank_and_rear({{"blue", "levies", 14, 18, 0}});
  EXPECT_FALSE(is_legal(*blocked, kFaceLeft));
  // A friend of the turning unit is not in contact with it in the sense of 1.5: it is not moved.
  auto j = scenario_json({{"blue", "knights", 18, 21, 270},
                          {"red", "levies", 18, 18, 0},
                          {"red", "levies", 16, 18, 0}});
  j["first"] = "red";
  auto s = new_state(make_game(j));
  play(*s, act::kSelectBase + 1);
  EXPECT_FALSE(is_legal(*s, kFaceLeft));
}

TEST(Ohw_1_Movement, Clause_1_5_AnAboutFaceNeedsNoAdjustment) {
  // Only u2 touches u1, on its rear: u1 turns 180 degrees and u2 stays where it is.
  auto j = scenario_json({{"blue", "knights", 30, 30, 270},
                          {"red", "levies", 18, 18, 0},
                          {"blue", "levies", 16, 18, 0}});
  j["first"] = "red";
  auto s = new_state(make_game(j));
  play(*s, act::kSelectBase + 1);
  const game::Action back = act::kMoveBase + act::kFaceCode + static_cast<int>(Side::kBack);
  EXPECT_FALSE(is_legal(*s, kFaceLeft));  // nothing on the left flank
  ASSERT_TRUE(is_legal(*s, back));
  play(*s, back);
  EXPECT_EQ(s->unit(1).base.heading(), geo::Angle::degrees(180));
  EXPECT_EQ(s->unit(1).base.centre(), at(18, 18));
  EXPECT_EQ(s->unit(2).base.centre(), at(16, 18));
  EXPECT_EQ(s->front_contact(1, 2), Side::kFront);
}

TEST(Ohw_1_Movement, Clause_1_5_NoTurnToFaceWhenTheFrontIsEngaged) {
  // Red u1 is fought on its front (u0) and on its left flank (u2).
  auto j = scenario_json({{"blue", "knights", 20, 18, 180},
                          {"red", "levies", 18, 18, 0},
                          {"blue", "knights", 18, 21, 270}});
  j["first"] = "red";
  auto g = make_game(j);
  auto s = new_state(g);
  ASSERT_EQ(s->front_contact(0, 1), Side::kFront);
  ASSERT_EQ(s->front_contact(2, 1), Side::kLeft);
  play(*s, act::kSelectBase + 1);
  EXPECT_EQ(s->legal_actions(), std::vector<game::Action>{act::kMoveBase + act::kHold});
}

TEST(Ohw_1_Movement, Clause_1_7_AUnitMustFitThroughAGap) {
  // Two woods with a 4.5" gap (x 15.75-20.25) and one with a 3.5" gap (x 16.25-19.75).
  MoveBench wide({{"blue", "levies", 18, 6, 90}, {"red", "levies", 18, 34, 270}},
                 {{"woods", {0, 8, 15.75, 10}}, {"woods", {20.25, 8, 36, 10}}});
  EXPECT_TRUE(wide.s->move_result(0, move_code(kNone, 4, kNone)));
  MoveBench narrow({{"blue", "levies", 18, 6, 90}, {"red", "levies", 18, 34, 270}},
                   {{"woods", {0, 8, 16.25, 10}}, {"woods", {19.75, 8, 36, 10}}});
  EXPECT_FALSE(narrow.s->move_result(0, move_code(kNone, 4, kNone)));
}

TEST(Ohw_1_Movement, Clause_1_7_AGapBetweenUnitsMustFitTheBase) {
  // Two blue units 4.5" apart (x 15.75-20.25) let a 4" base through; 3.5" apart do not.
  MoveBench wide({{"blue", "levies", 18, 6, 90},
                  {"blue", "levies", 13.75, 10, 90},
                  {"blue", "levies", 22.25, 10, 90},
                  {"red", "levies", 18, 34, 270}});
  EXPECT_TRUE(wide.s->move_result(0, move_code(kNone, 4, kNone)));
  MoveBench narrow({{"blue", "levies", 18, 6, 90},
                    {"blue", "levies", 14.25, 10, 90},
                    {"blue", "levies", 21.75, 10, 90},
                    {"red", "levies", 18, 34, 270}});
  EXPECT_FALSE(narrow.s->move_result(0, move_code(kNone, 4, kNone)));
  EXPECT_TRUE(narrow.s->move_result(0, move_code(kNone, 1, kNone)));  // up to the gap
}

TEST(Ohw_1_Movement, Clause_1_8_ChargeWithinTheMoveAndAtMost45DegreesOfTurn) {
  // Blue knights face north; the red levy 10" ahead, 3" to the left, facing south.
  MoveBench b({{"blue", "knights", 18, 6, 90},
               {"red", "levies", 15, 18, 270},
               {"red", "levies", 32, 8, 180}});
  auto fin = b.s->charge_result(0, 1, Side::kFront);
  ASSERT_TRUE(fin);
  EXPECT_EQ(b.s->front_contact(0, 1), std::nullopt);
  EXPECT_EQ(fin->heading(), geo::Angle::degrees(90));
  EXPECT_EQ(fin->centre(), at(15, 16));  // full, centred edge contact
  // u2 faces west: reaching its front would take a 90-degree turn.
  EXPECT_FALSE(b.s->charge_result(0, 2, Side::kFront));
}

TEST(Ohw_1_Movement, Clause_1_8_ChargeRangeIsTheMoveWithoutRoadBonus) {
  MoveBench near({{"blue", "levies", 18, 6, 90}, {"red", "levies", 18, 13.5, 270}});
  EXPECT_TRUE(near.s->charge_result(0, 1, Side::kFront));  // 5.5" from front to front
  MoveBench far({{"blue", "levies", 18, 6, 90}, {"red", "levies", 18, 14.5, 270}});
  EXPECT_FALSE(far.s->charge_result(0, 1, Side::kFront));  // 6.5"
}

TEST(Ohw_1_Movement, Clause_1_8_OneContactPerSide) {
  // Red u1's front is already held by blue u0; blue u2 cannot also charge that front.
  MoveBench b({{"blue", "knights", 18, 20, 270},
               {"red", "levies", 18, 18, 90},
               {"blue", "knights", 10, 26, 315}});
  ASSERT_EQ(b.s->front_contact(0, 1), Side::kFront);
  EXPECT_FALSE(b.s->charge_result(2, 1, Side::kFront));
  MoveBench free({{"blue", "knights", 30, 30, 270},
                  {"red", "levies", 18, 18, 90},
                  {"blue", "knights", 14, 26, 300}});
  EXPECT_TRUE(free.s->charge_result(2, 1, Side::kFront));
}

TEST(Ohw_1_Movement, Clause_1_8_ChargerMustBeWhollyBeyondTheTargetSide) {
  // Red faces north with its front edge at y = 19. A charger straddling that line cannot
  // contact the front.
  MoveBench b({{"blue", "knights", 24, 19.5, 225}, {"red", "levies", 18, 18, 90}});
  EXPECT_FALSE(b.s->charge_result(0, 1, Side::kFront));
  MoveBench ok({{"blue", "knights", 22, 26, 270}, {"red", "levies", 18, 18, 90}});
  EXPECT_TRUE(ok.s->charge_result(0, 1, Side::kFront));
}

TEST(Ohw_1_Movement, Clause_1_8_ChargeMayNotTouchASecondEnemy) {
  // Red levies stand close on both sides of the target: every contact position touches one.
  MoveBench b({{"blue", "knights", 18, 28, 270},
               {"red", "levies", 18, 18, 90},
               {"red", "levies", 22, 19.5, 90},
               {"red", "levies", 14, 19.5, 90}});
  EXPECT_FALSE(b.s->charge_result(0, 1, Side::kFront));
  MoveBench ok({{"blue", "knights", 18, 28, 270},
                {"red", "levies", 18, 18, 90},
                {"red", "levies", 26, 18, 90}});
  EXPECT_TRUE(ok.s->charge_result(0, 1, Side::kFront));
}

TEST(Ohw_1_Movement, Clause_1_8_ChargeActionMovesIntoContact) {
  MoveBench b({{"blue", "knights", 18, 28, 270}, {"red", "levies", 18, 18, 90}});
  b.select(0);
  ASSERT_TRUE(is_legal(*b.s, charge(1, Side::kFront)));
  play(*b.s, charge(1, Side::kFront));
  EXPECT_EQ(b.s->front_contact(0, 1), Side::kFront);
  EXPECT_TRUE(b.s->unit(0).flags & kCharged);
}

}  // namespace
}  // namespace carroccio::ohw
