// The gwkho move step on the table (state_moves.cpp): wheels, sideways and backward moves, march
// moves, group contact, flank contact, passing through friends, the 4 cm rule, impetuous troops
// and moves a person asks for beyond the candidates. Dice are forced (debug_set_pips skips the
// PIP dice); every position is set by hand.
#include <gtest/gtest.h>

#include <algorithm>

#include "fmt/format.h"
#include "rulesets/gwkho/game.hpp"
#include "rulesets/gwkho/state.hpp"
#include "rulesets/gwkho/tests/test_util.hpp"

namespace carroccio::gwkho {
namespace {

using testing::kIn;

using testing::find;
using testing::labelled;
using testing::start;

// The test battle with its wood (testing::small_scenario).
std::shared_ptr<const GwkhoGame> make_game(const char* first = "red") {
  return testing::make_game(testing::small_scenario(first));
}

using testing::at;

std::string fmt_id(const char* prefix, int k) { return prefix + std::to_string(k); }

using testing::listed;

using testing::has_item;

TEST(Gwkho_Movement, Clause_Pip_10_ASingleElementWheelsAboutItsFrontCorner) {
  const auto g = make_game();
  auto st = start(g);
  st->debug_set_pips(0, 6);
  // A lone Hc(i), 40 mm wide, facing south: its outer corner's arc on a 90-degree wheel is
  // 40 mm x pi/2 = 2.47", within its 5".
  const int e = find(*g, "red.0.3.0");
  st->debug_place(e, at(30, 30), 270);
  const geo::Point pivot = st->element(e).base.corner(geo::Corner::kFrontLeft);
  const game::Action left90 = act::move(e, act::kWheel + 1);
  ASSERT_TRUE(listed(*st, left90));
  auto p = st->plan(left90);
  ASSERT_TRUE(p.ok()) << p.message();
  EXPECT_EQ(p->to[0].heading(), geo::Angle::degrees(0));  // south, wheeled left: east
  EXPECT_EQ(p->to[0].corner(geo::Corner::kFrontLeft), pivot);
  EXPECT_EQ(p->distance, 3142);  // 2000 x pi / 2, rounded up
  // [Pip-4, Pip-10, Pip-14] A single element pays 1: no group wheel, and Hc(i) are not foot.
  EXPECT_EQ(st->price(*p).total, 1);
  EXPECT_FALSE(has_item(st->price(*p), "Pip-10"));
  // A right wheel keeps the front-right corner.
  const geo::Point right = st->element(e).base.corner(geo::Corner::kFrontRight);
  p = st->plan(act::move(e, act::kWheel + 2));
  ASSERT_TRUE(p.ok()) << p.message();
  EXPECT_EQ(p->to[0].heading(), geo::Angle::degrees(225));
  EXPECT_EQ(p->to[0].corner(geo::Corner::kFrontRight), right);
  // Negative: in the wood (bad going, Hc 2" = 2540) the 90-degree arc is too long; 45 is not.
  st->debug_place(e, at(65, 25), 270);
  p = st->plan(left90);
  ASSERT_FALSE(p.ok());
  EXPECT_NE(p.message().find("cannot wheel so far"), std::string::npos) << p.message();
  EXPECT_TRUE(st->plan(act::move(e, act::kWheel)).ok());
  // Negative: a friend in the way of the swinging corner.
  st->debug_place(e, at(30, 30), 270);
  // (the outer part of the element sweeps the ground south-west of the pivot)
  st->debug_place(find(*g, "red.0.3.1"), geo::Point{36300, 35350}, 270);
  p = st->plan(left90);
  ASSERT_FALSE(p.ok());
  EXPECT_NE(p.message().find("the way is blocked"), std::string::npos) << p.message();
}

TEST(Gwkho_Movement, Clause_Pip_10_AGroupWheelsAboutItsFrontCornerAndPaysForIt) {
  const auto g = make_game();
  auto st = start(g);
  st->debug_set_pips(0, 6);
  // Four Hc(o) side by side, 160 mm: a 45-degree wheel's outer arc is 160 mm x pi/4 = 4.95".
  const int e = find(*g, "red.0.2.0");
  const geo::Point pivot = st->element(e).base.corner(geo::Corner::kFrontLeft);  // east end
  const game::Action left45 = act::move(e, act::kGroupWheel);
  ASSERT_TRUE(listed(*st, left45));
  auto p = st->plan(left45);
  ASSERT_TRUE(p.ok()) << p.message();
  ASSERT_EQ(p->movers.size(), 4u);
  EXPECT_EQ(p->distance, 6284);
  EXPECT_EQ(p->to[0].corner(geo::Corner::kFrontLeft), pivot);
  for (const auto& b : p->to) EXPECT_EQ(b.heading(), geo::Angle::degrees(315));
  // [Pip-4, Pip-10] 1 for the group, 1 for the wheel.
  const PipCost c = st->price(*p);
  EXPECT_TRUE(has_item(c, "Pip-10"));
  EXPECT_EQ(c.total, 2);
  ASSERT_TRUE(st->apply(left45).ok());
  EXPECT_EQ(st->pips(0), 4);
  EXPECT_EQ(st->group_of(e).size(), 4u);  // still one group
  EXPECT_EQ(st->check_invariants(), "");
  // Negative: 90 degrees is an arc of 9.9", beyond the 5".
  auto st2 = start(g);
  st2->debug_set_pips(0, 6);
  p = st2->plan(act::move(e, act::kGroupWheel + 1));
  ASSERT_FALSE(p.ok());
  EXPECT_FALSE(listed(*st2, act::move(e, act::kGroupWheel + 1)));
}

TEST(Gwkho_Movement, Clause_Pip_4_ASingleElementMovesSidewaysAndBack) {
  const auto g = make_game();
  auto st = start(g);
  st->debug_set_pips(0, 6);
  const int e = find(*g, "red.0.3.0");
  st->debug_place(e, at(30, 30), 270);
  // Facing south, its left is east: a quarter of 5" sideways keeps its facing.
  auto p = st->plan(act::move(e, act::kSideLeft));
  ASSERT_TRUE(p.ok()) << p.message();
  EXPECT_EQ(p->to[0].centre(), (geo::Point{30 * kIn + 5 * kIn / 4, 30 * kIn}));
  EXPECT_EQ(p->to[0].heading(), geo::Angle::degrees(270));
  EXPECT_FALSE(p->cost.straight_ahead);
  p = st->plan(act::move(e, act::kBack + 3));  // a full move straight back: north
  ASSERT_TRUE(p.ok()) << p.message();
  EXPECT_EQ(p->to[0].centre(), (geo::Point{30 * kIn, 35 * kIn}));
  // Negative: sideways into the wood (bad going, 2") for more than 2" is refused.
  st->debug_place(e, at(58, 25), 270);
  EXPECT_TRUE(st->plan(act::move(e, act::kSideLeft)).ok());  // 1.25": 0.04" into it
  p = st->plan(act::move(e, act::kSideLeft + 1));            // 2.5" in it: beyond 2"
  ASSERT_FALSE(p.ok());
  EXPECT_NE(p.message().find("in bad going"), std::string::npos) << p.message();
  // Negative: off the table.
  st->debug_place(e, at(1, 30), 270);
  p = st->plan(act::move(e, act::kSideRight + 3));
  ASSERT_FALSE(p.ok());
  EXPECT_EQ(p.message(), labelled(*g, "red.0.3.0 would leave the table."));
}

TEST(Gwkho_Movement, Clause_Pip_7_MarchMovesFarFromTheEnemy) {
  const auto g = make_game();
  auto st = start(g);
  st->debug_set_pips(0, 12);
  const int e = find(*g, "red.0.3.0");
  st->debug_place(e, at(30, 30), 90);  // facing north, some 23" from the English
  const game::Action a = act::move(e, act::kAdvance);
  // [Pip-4, Pip-7] 1; then 2 (a march move); 3 (mounted troops' 3rd); 2.
  const int costs[] = {1, 2, 3, 2};
  for (int k = 0; k < 4; ++k) {
    auto p = st->plan(a);
    ASSERT_TRUE(p.ok()) << k << ": " << p.message();
    EXPECT_EQ(p->cost.march_move, k + 1);
    EXPECT_EQ(st->price(*p).total, costs[k]) << k;
    ASSERT_TRUE(st->apply(a).ok());
  }
  EXPECT_EQ(st->pips(0), 12 - 8);
  EXPECT_EQ(st->element(e).moves, 4);
  // Negative: no fifth move.
  auto p = st->plan(a);
  ASSERT_FALSE(p.ok());
  EXPECT_NE(p.message().find("three march moves"), std::string::npos) << p.message();
  // Negative (G-10): within 12" of an enemy not routing, no march move.
  const int f = find(*g, "red.0.3.1");
  st->debug_place(f, at(30, 16), 90);
  st->debug_place(find(*g, "blue.2.2.0"), at(30, 8), 90);
  ASSERT_TRUE(st->apply(act::move(f, act::kAdvance)).ok());
  p = st->plan(act::move(f, act::kAdvance));
  ASSERT_FALSE(p.ok());
  EXPECT_NE(p.message().find("(G-10)"), std::string::npos) << p.message();
}

TEST(Gwkho_Movement, Clause_G_50_AGroupAdvancesUntilItsFrontTouches) {
  const auto g = make_game();
  auto st = start(g);
  st->debug_set_pips(0, 6);
  const int e = find(*g, "red.0.2.0");
  const game::Action a = act::move(e, act::kGroupContact);
  // Negative: no enemy within its move straight ahead.
  auto p = st->plan(a);
  ASSERT_FALSE(p.ok());
  EXPECT_NE(p.message().find("No enemy stands within the move"), std::string::npos);
  // An English man-at-arms facing north, its front 2" south of the group's front, under its
  // two eastern elements.
  const int t = find(*g, "blue.2.2.0");
  st->debug_place(t, geo::Point{38 * kIn, 38 * kIn - 750}, 90);
  p = st->plan(a);
  ASSERT_TRUE(p.ok()) << p.message();
  EXPECT_TRUE(p->contact);
  EXPECT_EQ(p->target, t);
  EXPECT_EQ(p->distance, 2 * kIn);
  ASSERT_TRUE(listed(*st, a));
  const geo::Point before = st->element(find(*g, "red.0.2.3")).base.centre();
  ASSERT_TRUE(st->apply(a).ok());
  EXPECT_EQ(st->front_enemy(e), t);
  // The whole group moved the same 2".
  EXPECT_EQ(st->element(find(*g, "red.0.2.3")).base.centre(),
            (geo::Point{before.x, before.y - 2 * kIn}));
  EXPECT_TRUE(st->element(e).made_contact);
}

TEST(Gwkho_Movement, Clause_G_50_AFlankIsContactedFromBeyondItsLine) {
  const auto g = make_game();
  auto st = start(g);
  st->debug_set_pips(0, 6);
  const int e = find(*g, "red.0.3.0"), t = find(*g, "blue.2.2.0");
  // The English knight faces east; its left flank faces north, where the red knight stands,
  // facing south, wholly beyond that flank's line.
  st->debug_place(t, at(30, 20), 0);
  st->debug_place(e, at(30, 23), 270);
  const game::Action flank = st->contact_action(e, t, geo::Side::kLeft);
  ASSERT_NE(flank, game::kInvalidAction);
  auto p = st->plan(flank);
  ASSERT_TRUE(p.ok()) << p.message();
  ASSERT_TRUE(listed(*st, flank));
  ASSERT_TRUE(st->apply(flank).ok());
  const auto c = geo::edge_contact(st->element(e).base, st->element(t).base, 3);
  ASSERT_TRUE(c.has_value());
  EXPECT_EQ(c->side_a, geo::Side::kFront);
  EXPECT_EQ(c->side_b, geo::Side::kLeft);
  // Negative: from there it may not go round to the front, nor to the other flank.
  auto st2 = start(g);
  st2->debug_set_pips(0, 6);
  st2->debug_place(t, at(30, 20), 0);
  st2->debug_place(e, at(30, 23), 270);
  p = st2->plan(st2->contact_action(e, t, geo::Side::kFront));
  ASSERT_FALSE(p.ok());
  EXPECT_NE(p.message().find("stands beyond the left"), std::string::npos) << p.message();
  EXPECT_FALSE(st2->plan(st2->contact_action(e, t, geo::Side::kRight)).ok());
}

TEST(Gwkho_Movement, Clause_G_15_OnlyTheListedPairsPassThroughFriends) {
  const auto g = make_game("blue");
  auto st = start(g);
  for (int c = 0; c < 3; ++c) st->debug_set_pips(c, 6);
  // An English longbowman (Lb(o)) 1.5" behind a friendly HI(o): its 3" passes through.
  const int lb = find(*g, "blue.1.1.4"), hi = find(*g, "blue.1.2.4");
  st->debug_place(lb, at(30, 20), 90);
  st->debug_place(hi, at(30, 21.5), 90);
  auto p = st->plan(act::move(lb, act::kAdvance + 3));
  ASSERT_TRUE(p.ok()) << p.message();
  EXPECT_EQ(p->to[0].centre(), at(30, 23));
  // ... but may not stop on it.
  p = st->plan(act::move(lb, act::kAdvance + 1));
  ASSERT_FALSE(p.ok());
  EXPECT_EQ(p.message(), labelled(*g, "blue.1.1.4 would end on blue.1.2.4."));
  // Negative: a man-at-arms (Hc(o)) may not pass through the HI.
  const int hc = find(*g, "blue.2.2.0"), hi2 = find(*g, "blue.1.2.3");
  st->debug_place(hc, at(40, 20), 90);
  st->debug_place(hi2, at(40, 21.5), 90);
  p = st->plan(act::move(hc, act::kAdvance + 3));
  ASSERT_FALSE(p.ok());
  EXPECT_NE(p.message().find("only the pairs of G-15"), std::string::npos) << p.message();
}

TEST(Gwkho_Movement, Clause_G_13_NoCrossingCloseInFrontOfTheEnemy) {
  const auto g = make_game();
  auto st = start(g);
  st->debug_set_pips(0, 6);
  const int e = find(*g, "red.0.3.0"), t = find(*g, "blue.2.2.0");
  st->debug_place(t, at(30, 20), 90);  // front edge at y = 20" + 15 mm
  const std::int64_t front = 20 * kIn + 750;
  // Facing east, 1 cm to 5 cm in front of the English front: a full move east crosses it.
  st->debug_place(e, geo::Point{27 * kIn, front + 1000 + 500}, 0);
  const game::Action a = act::move(e, act::kAdvance + 3);
  auto p = st->plan(a);
  ASSERT_FALSE(p.ok());
  EXPECT_EQ(
      p.message(),
      labelled(
          *g,
          "red.0.3.0 would pass within 4 cm in front of enemy element blue.2.2.0, showing it a "
          "flank or the rear (G-13)."));
  EXPECT_FALSE(listed(*st, a));
  // Positive: 4.2 cm and more in front it passes.
  st->debug_place(e, geo::Point{27 * kIn, front + 1000 + 2100}, 0);
  EXPECT_TRUE(st->plan(a).ok());
  // Positive: close in front of a routing enemy it passes.
  st->debug_place(e, geo::Point{27 * kIn, front + 1000 + 500}, 0);
  st->debug_rout(t);
  EXPECT_TRUE(st->plan(a).ok());
}

TEST(Gwkho_Movement, Clause_Mov_7_ImpetuousTroopsChargeUnlessHeld) {
  const auto g = make_game();
  // A lone Hc(o) (impetuous) 3" north of an English knight that faces it.
  const int e = find(*g, "red.0.2.0"), t = find(*g, "blue.2.2.0");
  auto setup = [&] {
    auto st = start(g);
    st->debug_set_pips(0, 6);
    st->debug_set_pips(1, 0);
    st->debug_place(t, at(30, 20), 90);
    st->debug_place(e, geo::Point{30 * kIn, 20 * kIn + 750 + 3 * kIn + 750}, 270);
    return st;
  };
  auto st = setup();
  EXPECT_TRUE(st->impetuous(e));
  EXPECT_FALSE(st->impetuous(find(*g, "red.0.3.0")));  // Hc(i) are not
  // At the end of the moves it charges home by itself, for no PIPs.
  ASSERT_TRUE(st->apply(act::kEndMoves).ok());
  EXPECT_EQ(st->front_enemy(e), t);
  EXPECT_EQ(st->pips(0), 6);
  // Out of reach but facing its nearest enemy, it advances its full move straight on (Hc 5").
  st = setup();
  st->debug_place(e, at(30, 30), 270);
  ASSERT_TRUE(st->apply(act::kEndMoves).ok());
  EXPECT_EQ(st->element(e).base.centre(), at(30, 25));
  // Negative: its nearest enemy behind it, it stays (turning is a controlled move).
  st = setup();
  st->debug_place(e, at(30, 30), 90);
  ASSERT_TRUE(st->apply(act::kEndMoves).ok());
  EXPECT_EQ(st->element(e).base.centre(), at(30, 30));
  // Negative: held for 1 PIP (Pip-16), it stays.
  st = setup();
  const game::Action hold = act::move(e, act::kHold);
  ASSERT_TRUE(listed(*st, hold));
  const geo::Point before = st->element(e).base.centre();
  ASSERT_TRUE(st->apply(hold).ok());
  EXPECT_EQ(st->pips(0), 5);
  EXPECT_TRUE(st->element(e).held);
  EXPECT_FALSE(listed(*st, hold));
  ASSERT_TRUE(st->apply(act::kEndMoves).ok());
  EXPECT_EQ(st->element(e).base.centre(), before);
  // Negative: a group of Hc(i) is not impetuous and cannot be held.
  st = setup();
  const auto r = st->apply(act::move(find(*g, "red.0.3.0"), act::kHold));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.message(),
            labelled(*g, "red.0.3.0 are not impetuous, or have moved or been held already."));
}

TEST(Gwkho_Movement, Clause_Pip_11_AGroupTurnsNinetyDegreesAsABlock) {
  const auto g = make_game();
  auto st = start(g);
  st->debug_set_pips(1, 6);
  st->debug_set_pips(0, 0);
  // Three crossbowmen (Xb(i), foot) side by side facing south.
  const int e = find(*g, "red.1.3.0");
  for (int k = 0; k < 3; ++k)
    st->debug_place(find(*g, fmt_id("red.1.3.", k)),
                    geo::Point{30 * kIn - 1000 - 2000 * k, 30 * kIn}, 270);
  ASSERT_EQ(st->group_of(e).size(), 3u);
  const game::Action a = act::move(e, act::kGroupTurnLeft);
  ASSERT_TRUE(listed(*st, a));
  auto p = st->plan(a);
  ASSERT_TRUE(p.ok()) << p.message();
  // [Pip-4, Pip-11, Pip-14] 1 for the group, 1 for a foot group's quarter turn, 1 for (i) foot
  // not moving straight ahead.
  const PipCost c = st->price(*p);
  EXPECT_TRUE(has_item(c, "Pip-11"));
  EXPECT_TRUE(has_item(c, "Pip-14"));
  EXPECT_EQ(c.total, 3);
  ASSERT_TRUE(st->apply(a).ok());
  EXPECT_EQ(st->element(e).base.heading(), geo::Angle::degrees(0));
  EXPECT_EQ(st->group_of(e).size(), 3u);  // still one block
  EXPECT_EQ(st->check_invariants(), "");
  // Negative: the six Ph(i) at the north edge would turn off the table.
  p = st->plan(act::move(find(*g, "red.1.2.0"), act::kGroupTurnLeft));
  ASSERT_FALSE(p.ok());
  EXPECT_NE(p.message().find("would leave the table"), std::string::npos) << p.message();
}

TEST(Gwkho_Bound, Clause_Pip_4_APersonDropsAnElementOrAGroupAnywhereLegal) {
  const auto g = make_game();
  auto st = start(g);
  st->debug_set_pips(0, 6);
  const int e = find(*g, "red.0.3.0");
  st->debug_place(e, at(30, 30), 270);
  // Turn to face east, 2" straight on, keep facing east: priced as any single element's move.
  const game::Action drop = act::place(e, 0, 20, 0);
  auto p = st->plan(drop);
  ASSERT_TRUE(p.ok()) << p.message();
  EXPECT_EQ(p->to[0].centre(), (geo::Point{30 * kIn + 2 * kIn, 30 * kIn}));
  EXPECT_EQ(p->to[0].heading(), geo::Angle::degrees(0));
  EXPECT_EQ(st->price(*p).total, 1);
  ASSERT_TRUE(st->apply(drop).ok());
  EXPECT_EQ(st->element(e).base.centre(), (geo::Point{32 * kIn, 30 * kIn}));
  EXPECT_EQ(st->pips(0), 5);
  // A group's leader dropped straight ahead takes its group: 2.5" south.
  const int lead = find(*g, "red.0.2.0"), last = find(*g, "red.0.2.3");
  const geo::Point before = st->element(last).base.centre();
  ASSERT_TRUE(st->apply(act::place(lead, 270, 25, 54)).ok());
  EXPECT_EQ(st->element(last).base.centre(), (geo::Point{before.x, before.y - 25 * 127}));
  // Negative: 6" is beyond a knight's 5".
  const int f = find(*g, "red.0.3.1");
  st->debug_place(f, at(32, 27), 270);
  const auto r = st->apply(act::place(f, 0, 60, 0));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.message(),
            labelled(*g, "red.0.3.1 would go 6.0\", beyond their move of 5.0\" in open going."));
  // Negative: onto a friend, 3" north of it.
  const auto r2 = st->apply(act::place(f, 90, 30, 18));
  ASSERT_FALSE(r2.ok());
  EXPECT_EQ(r2.message(), labelled(*g, "red.0.3.1 would end on red.0.3.0."));
}

TEST(Gwkho_Bound, Clause_Pip_4_UnlistedMovesArePricedOrRefusedInOneSentence) {
  const auto g = make_game();
  auto st = start(g);
  st->debug_set_pips(0, 6);
  // An element of a group is offered its group's moves; a person may still move it alone.
  const int w = find(*g, "red.0.2.3");  // the west end of its group
  const game::Action side = act::move(w, act::kSideRight);
  EXPECT_FALSE(listed(*st, side));
  // Its plain code is refused with the code to ask for it by.
  const auto plain = st->apply(side);
  ASSERT_FALSE(plain.ok());
  EXPECT_EQ(plain.message(),
            fmt::format("sideways right 1/4: Knights of Duke Berthold #4 (Hc(o)) of Frederick I "
                        "Barbarossa's command is allowed but not a listed candidate: "
                        "a person asks for it as action {}.",
                        act::person(side)));
  const geo::Point before = st->element(w).base.centre();
  ASSERT_TRUE(st->apply(act::person(side)).ok());
  EXPECT_EQ(st->element(w).base.centre(), (geo::Point{before.x - 5 * kIn / 4, before.y}));
  EXPECT_EQ(st->pips(0), 5);
  // Negative: into its neighbour.
  const auto r = st->apply(act::person(act::move(find(*g, "red.0.2.1"), act::kSideLeft)));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.message(), labelled(*g, "red.0.2.1 would end on red.0.2.0."));
  // Negative: not enough PIPs.
  st->debug_set_pips(0, 0);
  const auto r2 = st->apply(act::person(act::move(find(*g, "red.0.2.1"), act::kTurnAbout)));
  ASSERT_FALSE(r2.ok());
  EXPECT_EQ(r2.message(), fmt::format("That move costs 1 PIP; {} has 0.", g->command_label(0, 0)));
}

// The test battle with blue's Gascon bidets (command 2, group 3) as light cavalry, Lc(s) (a
// whole element each, as the bidets are, so the army keeps its generals).
std::shared_ptr<const GwkhoGame> with_light_cavalry() {
  nlohmann::json j = testing::small_scenario("red", false);
  nlohmann::json list = testing::builtin_list("poitiers-english");
  list["commands"][2]["elements"][3]["type"] = "Lc";
  list["commands"][2]["elements"][3]["grade"] = "s";
  j["sides"][1]["army"] = list;
  return testing::make_game(j);
}

// [Mov notes, G-74] Heavy infantry, phalanx or pike moving straight ahead into light cavalry
// push them back and are not slowed: the foot go their whole move, the light cavalry before them.
TEST(Gwkho_Movement, Clause_Mov_10_FootPushLightCavalryBackWithoutBeingSlowed) {
  const auto g = with_light_cavalry();
  const int ph = find(*g, "red.1.2.0"), lc = find(*g, "blue.2.3.0");
  ASSERT_EQ(g->element(ph).troop, testing::T("Ph(i)"));
  ASSERT_EQ(g->element(lc).troop, testing::T("Lc(s)"));
  // The light cavalry face north at y = 20"; the spearmen face them 1" away.
  const std::int64_t lc_y = 20 * kIn, ph_y = lc_y + 750 + kIn + 500;
  auto set_up = [&](GwkhoState& st) {
    st.debug_set_pips(1, 6);  // the spearmen's command
    st.debug_place(lc, geo::Point{30 * kIn, lc_y}, 90);
    st.debug_place(ph, geo::Point{30 * kIn, ph_y}, 270);
  };
  // The spearmen's whole move straight ahead where nothing stands in the way.
  auto free = start(g);
  free->debug_set_pips(1, 6);
  free->debug_place(ph, geo::Point{30 * kIn, ph_y}, 270);
  const auto whole = free->plan(act::move(ph, act::kAdvance + 3));
  ASSERT_TRUE(whole.ok()) << whole.message();
  const std::int64_t move = whole->distance;
  ASSERT_EQ(move, 3 * kIn);  // Ph 3" in the open (Mov-1)
  ASSERT_TRUE(free->apply(act::move(ph, act::kAdvance + 3)).ok());
  const int advance_cost = 6 - free->pips(1);
  auto st = start(g);
  set_up(*st);
  const game::Action push = act::move(ph, act::kPushBack + 3);
  const auto legal = st->legal_actions();
  EXPECT_TRUE(std::binary_search(legal.begin(), legal.end(), push));
  const auto p = st->plan(push);
  ASSERT_TRUE(p.ok()) << p.message();
  EXPECT_EQ(p->distance, move);
  EXPECT_EQ(p->pushed, std::vector<int>{lc});
  // The preview gives the light cavalry's new place beside the foot's.
  const auto preview = st->action_to_json(push);
  ASSERT_EQ(preview["pushed"].size(), 1u);
  EXPECT_EQ(preview["pushed"][0]["id"], "blue.2.3.0");
  EXPECT_EQ(preview["pushed"][0]["x"], 30 * kIn);
  EXPECT_EQ(preview["pushed"][0]["y"], lc_y - (move - kIn));
  EXPECT_EQ(preview["pushed"][0]["heading_arcsec"], 90 * 3600);
  EXPECT_EQ(preview["pushed"][0]["corners"].size(), 4u);
  EXPECT_FALSE(st->action_to_json(act::move(ph, act::kAdvance)).contains("pushed"));
  ASSERT_TRUE(st->apply(push).ok());
  // The foot went their whole move; the light cavalry were pushed the rest of it, still
  // facing them, front to front.
  EXPECT_EQ(st->element(ph).base.centre(), (geo::Point{30 * kIn, ph_y - move}));
  EXPECT_EQ(st->element(lc).base.centre(), (geo::Point{30 * kIn, lc_y - (move - kIn)}));
  EXPECT_EQ(st->element(lc).base.heading(), geo::Angle::degrees(90));
  const auto c = geo::edge_contact(st->element(ph).base, st->element(lc).base);
  ASSERT_TRUE(c);
  EXPECT_EQ(c->side_a, geo::Side::kFront);
  EXPECT_EQ(c->side_b, geo::Side::kFront);
  // It costs what the same move straight ahead costs (no (i) foot extra, Pip-14).
  EXPECT_EQ(st->pips(1), 6 - advance_cost);
  // A shorter push: 1/4 of the move is short of the light cavalry, refused.
  auto st2 = start(g);
  set_up(*st2);
  const auto short_push = st2->plan(act::move(ph, act::kPushBack));
  ASSERT_FALSE(short_push.ok());
  EXPECT_EQ(short_push.message(),
            labelled(*g,
                     "blue.2.3.0 stands beyond 1/4 of the move: there is nothing to push "
                     "back so far."));
}

TEST(Gwkho_Movement, Clause_Mov_10_OnlyFootPushAndOnlyLightCavalryArePushed) {
  const auto g = with_light_cavalry();
  const int ph = find(*g, "red.1.2.0"), lc = find(*g, "blue.2.3.0");
  const int hc = find(*g, "red.0.1.0"), hi = find(*g, "blue.1.2.0"), lc2 = find(*g, "blue.2.3.1");
  const std::int64_t y = 20 * kIn;
  // Red's `mover` (of red command `command`) facing south 1" from blue's `enemy` at y = 20"
  // facing north, and `behind` (when given) a quarter inch behind the enemy: the push refused.
  auto refused = [&](int command, int mover, int enemy, int behind = -1) {
    auto st = start(g);
    st->debug_set_pips(command, 6);
    const std::int64_t ed = st->element(enemy).base.depth();
    st->debug_place(enemy, geo::Point{30 * kIn, y}, 90);
    if (behind >= 0)
      st->debug_place(
          behind, geo::Point{30 * kIn, y - ed / 2 - st->element(behind).base.depth() / 2 - kIn / 4},
          90);
    st->debug_place(
        mover, geo::Point{30 * kIn, y + ed / 2 + kIn + st->element(mover).base.depth() / 2}, 270);
    const game::Action push = act::move(mover, act::kPushBack + 3);
    const auto legal = st->legal_actions();
    EXPECT_FALSE(std::binary_search(legal.begin(), legal.end(), push));
    const auto p = st->plan(push);
    EXPECT_FALSE(p.ok());
    return p.ok() ? std::string() : p.message();
  };
  // Negative: knights do not push light cavalry back (a contact move stops them at its edge).
  EXPECT_EQ(refused(0, hc, lc),
            labelled(*g,
                     "red.0.1.0 are no heavy infantry, phalanx or pike: only they push light "
                     "cavalry back as they move (Mov notes)."));
  // Negative: foot meeting heavy infantry stop: only light cavalry are pushed back.
  EXPECT_EQ(refused(1, ph, hi),
            labelled(*g,
                     "blue.1.2.0 are no light cavalry: they stop the move (only light cavalry "
                     "are pushed back)."));
  // Negative: light cavalry with a friend close behind have no room to be pushed so far.
  EXPECT_EQ(refused(1, ph, lc, lc2),
            labelled(*g, "blue.2.3.0 have no room to be pushed back so far."));
}

}  // namespace
}  // namespace carroccio::gwkho
