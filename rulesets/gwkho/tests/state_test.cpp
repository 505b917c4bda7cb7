// The gwkho State: the bound, moves, shooting, close combat, morale and victory, with forced dice.
#include "rulesets/gwkho/state.hpp"

#include <gtest/gtest.h>

#include "game/registry.hpp"
#include "rulesets/gwkho/game.hpp"
#include "rulesets/gwkho/ruleset.hpp"
#include "rulesets/gwkho/tests/test_util.hpp"

namespace carroccio::gwkho {
namespace {

using testing::T;

using testing::kIn;

using testing::find;
using testing::labelled;
using testing::small_scenario;
using testing::start;

std::shared_ptr<const GwkhoGame> test_game(const nlohmann::json& j = small_scenario()) {
  return testing::make_game(j);
}

TEST(Gwkho_Scenario, Clause_G_43_GroupsAreDeployedAsBlocksFromTheFrontLeftCorner) {
  const auto g = test_game();
  // Frederick's household knights, 4 wide facing south: the front-left corner is the east end.
  const int e0 = find(*g, "red.0.0.0"), e3 = find(*g, "red.0.0.3");
  EXPECT_EQ(g->element(e0).base.corner(geo::Corner::kFrontLeft), (geo::Point{20 * kIn, 40 * kIn}));
  EXPECT_EQ(g->element(e3).base.corner(geo::Corner::kFrontRight),
            (geo::Point{20 * kIn - 4 * 2000, 40 * kIn}));
  EXPECT_TRUE(g->element(e0).general);
  EXPECT_TRUE(g->element(e0).cinc);
  EXPECT_FALSE(g->element(e3).general);
  EXPECT_EQ(g->element(e0).base.depth(), 1500);  // Hc 30 mm (G-1)
}

TEST(Gwkho_Scenario, Clause_G_43_BadFilesAreRefusedNamingTheField) {
  auto j = small_scenario();
  j["sides"][0]["deploy"].erase(8);
  auto s = load_scenario(j, "x.json");
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.message(), "x.json: field 'sides[0].deploy' does not deploy command 1 group 3.");
  j = small_scenario();
  j["sides"][1]["deploy"][0]["at"] = {70, 2};
  s = load_scenario(j, "x.json");
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.message(),
            "x.json: field 'sides[1].deploy[0].at' puts elements of the group off the table.");
  j = small_scenario();
  j["sides"][1]["deploy"][1]["at"] = {4, 2};
  s = load_scenario(j, "x.json");
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.message().find("x.json: field 'sides[1].deploy[1].at' puts element blue.0.1.0 on "
                             "element blue.0.0."),
            std::string::npos)
      << s.message();
  j = small_scenario();
  j["sides"][0]["army"] = "nowhere";
  s = load_scenario(j, "x.json");
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.message().rfind("x.json: field 'sides[0].army' names no built-in army list", 0), 0u)
      << s.message();
  j = small_scenario();
  j["sides"][0]["deploy"][0]["at"] = {20.25, 40};
  s = load_scenario(j, "x.json");
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.message(), "x.json: field 'sides[0].deploy[0].at[0]' may have at most one decimal.");
  // One decimal is exact: 20.3 inches is 20.3 x 1270 sub-units.
  j["sides"][0]["deploy"][0]["at"] = {20.3, 40};
  EXPECT_TRUE(load_scenario(j, "x.json").ok());
}

TEST(Gwkho_Bound, Clause_Pip_1_PipDiceAreChanceNodesPerCommand) {
  const auto g = test_game();
  auto st = start(g);
  EXPECT_EQ(st->phase(), Phase::kPips);
  EXPECT_TRUE(st->is_chance_node());
  // Frederick is good: the better of two dice (36 outcomes), plus the CinC's free PIP (Pip-3).
  EXPECT_EQ(st->chance_outcomes().size(), 36u);
  ASSERT_TRUE(st->apply(act::kTwoDice + 6 * (2 - 1) + (5 - 1)).ok());  // 2 and 5
  EXPECT_EQ(st->pips(0), 6);
  // Philip is normal: one die.
  EXPECT_EQ(st->chance_outcomes().size(), 6u);
  ASSERT_TRUE(st->apply(act::kOneDie + 3).ok());
  EXPECT_EQ(st->pips(1), 3);
  EXPECT_EQ(st->phase(), Phase::kMove);
  EXPECT_EQ(st->current_player(), 0);
}

TEST(Gwkho_Bound, Clause_Pip_4_AMoveCostsItsPipsAndEachElementMovesOnce) {
  const auto g = test_game();
  auto st = start(g);
  st->debug_set_pips(0, 2);
  st->debug_set_pips(1, 0);
  const int e = find(*g, "red.0.0.0");
  // The group of four household knights moves half its move (Hc 5" in the open: 2.5").
  const game::Action a = act::move(e, act::kGroupAdvance + 1);
  const auto legal = st->legal_actions();
  ASSERT_NE(std::find(legal.begin(), legal.end(), a), legal.end());
  const geo::Point before = st->element(e).base.centre();
  ASSERT_TRUE(st->apply(a).ok());
  EXPECT_EQ(st->element(e).base.centre(), (geo::Point{before.x, before.y - 5 * kIn / 2}));
  // [Pip-4, Pip-15] 1 for the group, -1 with the commander-in-chief, at least 1.
  EXPECT_EQ(st->pips(0), 1);
  // Having moved, its next move this bound is a march move (Pip-7; far from the enemy here).
  auto again = st->plan(a);
  ASSERT_TRUE(again.ok()) << again.message();
  EXPECT_EQ(again->cost.march_move, 2);
  // Negative: Philip's command has no PIPs; its elements offer no moves.
  const int p = find(*g, "red.1.0.0");
  EXPECT_FALSE(st->apply(act::move(p, act::kAdvance)).ok());
}

TEST(Gwkho_Bound, Clause_G_47_GroupsAreFoundNotStored) {
  const auto g = test_game();
  auto st = start(g);
  const int e = find(*g, "red.0.1.0");
  EXPECT_EQ(st->group_of(e).size(), 6u);
  // Turning one element about breaks it from the group.
  st->debug_place(find(*g, "red.0.1.5"), st->element(find(*g, "red.0.1.5")).base.centre(), 90);
  EXPECT_EQ(st->group_of(e).size(), 5u);
}

TEST(Gwkho_Movement, Clause_Mov_1_TheWorstGoingCrossedLimitsTheMove) {
  const auto g = test_game();
  auto st = start(g);
  st->debug_set_pips(0, 6);
  const int e = find(*g, "red.0.0.0");
  // Put it 1" from the wood (bad going: Hc 2").
  st->debug_place(e, geo::Point{65 * kIn, 31 * kIn + 750}, 270);
  EXPECT_EQ(st->going_at(st->element(e).base), Going::kOpen);
  // A full open move (5") would cross into the wood: more than 2" in bad going is refused.
  EXPECT_FALSE(st->plan(act::move(e, act::kAdvance + 3)).ok());
  // A quarter move (1.25") enters the wood, within the 2" of bad going.
  EXPECT_TRUE(st->plan(act::move(e, act::kAdvance)).ok());
}

TEST(Gwkho_Movement, Clause_G_50_ContactIsMadeFrontToFrontAndPaysForNoRoom) {
  const auto g = test_game();
  auto st = start(g);
  st->debug_set_pips(0, 6);
  const int e = find(*g, "red.0.0.0"), t = find(*g, "blue.0.0.0");
  // The blue knight faces north; red's knight 1.5" ahead of it, a little aside, facing south.
  const geo::Point tc = st->element(t).base.centre();
  st->debug_place(e, geo::Point{tc.x + 300, tc.y + 1500 + 3 * kIn / 2}, 270);
  auto p = st->plan(st->contact_action(e, t));
  ASSERT_TRUE(p.ok()) << p.message();
  EXPECT_TRUE(p->contact);
  EXPECT_EQ(p->to[0].heading(), geo::Angle::degrees(270));
  // The odds shown before the move are the resolution layer's for the combat it leads to.
  const auto odds = st->action_odds(st->contact_action(e, t));
  ASSERT_TRUE(odds.is_object());
  EXPECT_EQ(odds["kind"], "close_combat");
  std::uint64_t sum = 0;
  for (const auto& o : odds["outcomes"]) sum += o["weight"].get<std::uint64_t>();
  EXPECT_EQ(sum, odds["total"].get<std::uint64_t>());
  // The decision says it has odds (the shell asks for them), and rolls nothing itself; a plain
  // advance has none.
  EXPECT_EQ(st->action_to_json(st->contact_action(e, t))["odds"], true);
  EXPECT_FALSE(st->action_to_json(st->contact_action(e, t)).contains("rolls"));
  EXPECT_FALSE(st->action_to_json(act::move(e, act::kAdvance)).contains("odds"));
  ASSERT_TRUE(st->apply(st->contact_action(e, t)).ok());
  EXPECT_EQ(odds["total"].get<std::uint64_t>(), combat_odds(st->combat_situation(e, t)).total);
  EXPECT_EQ(st->front_enemy(e), t);
  EXPECT_EQ(st->front_enemy(t), e);
  // Negative: an enemy out of reach (12" away) cannot be contacted.
  const int far = find(*g, "blue.1.0.0");
  const int e2 = find(*g, "red.0.0.1");
  EXPECT_FALSE(st->plan(st->contact_action(e2, far)).ok());
}

TEST(Gwkho_Combat, Clause_CC_14_ForcedDiceDecideTheRoundAndItsResults) {
  const auto g = test_game();
  auto st = start(g);
  st->debug_set_pips(0, 6);
  const int e = find(*g, "red.0.0.0"), t = find(*g, "blue.0.0.0");
  const geo::Point tc = st->element(t).base.centre();
  st->debug_place(e, geo::Point{tc.x, tc.y + 1500 + 2 * kIn}, 270);
  ASSERT_TRUE(st->apply(st->contact_action(e, t)).ok());
  ASSERT_TRUE(st->apply(act::kEndMoves).ok());
  // No one shoots at elements in contact; the combat is next.
  while (st->phase() == Phase::kShoot) ASSERT_TRUE(st->apply(act::kShotDice + 0).ok());
  ASSERT_EQ(st->phase(), Phase::kCombat);
  EXPECT_EQ(st->pending_a(), e);
  EXPECT_EQ(st->pending_b(), t);
  const CombatSituation cs = st->combat_situation(e, t);
  EXPECT_TRUE(cs.a.made_contact);
  EXPECT_TRUE(cs.a.general);
  EXPECT_TRUE(cs.b.cannot_recoil);  // its back is on the table edge... 2.6" - 1.5 cm deep
  // The odds the display shows are the resolution layer's.
  const auto odds = st->action_odds(act::kCombatDice);
  ASSERT_TRUE(odds.is_object());
  EXPECT_EQ(odds["total"], combat_odds(cs).total);
  // Red rolls 6, blue 1: blue is beaten, and with no room to recoil it is destroyed.
  const CombatOutcome o = resolve_combat(cs, 6, 1);
  ASSERT_EQ(o.winner, Winner::kA);
  ASSERT_TRUE(st->apply(act::kCombatDice + 10 * 5 + 0).ok());
  EXPECT_FALSE(st->element(t).alive);
  EXPECT_TRUE(st->element(e).alive);
}

TEST(Gwkho_Combat, Clause_G_27_ARecoilIsABaseDepthBack) {
  const auto g = test_game();
  auto st = start(g);
  st->debug_set_pips(0, 6);
  const int e = find(*g, "red.0.0.0"), t = find(*g, "blue.2.0.8");
  const geo::Point tc = st->element(t).base.centre();
  st->debug_place(e, geo::Point{tc.x, tc.y + 1500 + 2 * kIn}, 270);
  ASSERT_TRUE(st->apply(st->contact_action(e, t)).ok());
  ASSERT_TRUE(st->apply(act::kEndMoves).ok());
  while (st->phase() == Phase::kShoot) ASSERT_TRUE(st->apply(act::kShotDice + 0).ok());
  ASSERT_EQ(st->pending_a(), e);
  const CombatSituation cs = st->combat_situation(e, t);
  // Find dice where red loses by less than double: red recoils.
  for (int da = 1; da <= 6; ++da)
    for (int db = 1; db <= 6; ++db) {
      const CombatOutcome o = resolve_combat(cs, da, db);
      if (o.a != Result::kPushBack) continue;
      const geo::Point before = st->element(e).base.centre();
      ASSERT_TRUE(st->apply(act::kCombatDice + 10 * (da - 1) + (db - 1)).ok());
      EXPECT_EQ(st->element(e).base.centre(), (geo::Point{before.x, before.y + 1500}));
      return;
    }
  FAIL() << "no recoil for red";
}

TEST(Gwkho_Bound, Clause_Mor_20_AGameEndsAndEveryElementIsAccounted) {
  const auto g = test_game();
  auto st = start(g);
  // Play bounds with no moves: after 6 bounds it is a draw.
  int guard = 0;
  while (!st->is_terminal() && guard++ < 1000) {
    if (st->is_chance_node())
      ASSERT_TRUE(st->apply(st->chance_outcomes().front().action).ok());
    else
      ASSERT_TRUE(st->apply(act::kEndMoves).ok());
  }
  ASSERT_TRUE(st->is_terminal());
  EXPECT_EQ(st->end_reason(), EndReason::kBoundLimit);
  EXPECT_EQ(st->returns(), (std::vector<double>{0.0, 0.0}));
  EXPECT_EQ(st->bound(), 6);
}

TEST(Gwkho_Bound, Clause_Mor_20_AnArmyBrokenAtTheEndOfABoundLoses) {
  const auto g = test_game();
  auto st = start(g);
  // Destroy half the blue army (by e/e): broken at the end of red's bound.
  for (int e = 0, n = 0; e < g->num_elements() && n < 32; ++e)
    if (g->element(e).side == 1) {
      st->debug_kill(e);
      ++n;
    }
  st->debug_set_pips(0, 0);
  st->debug_set_pips(1, 0);
  ASSERT_TRUE(st->apply(act::kEndMoves).ok());
  while (st->is_chance_node()) ASSERT_TRUE(st->apply(st->chance_outcomes().front().action).ok());
  ASSERT_TRUE(st->is_terminal());
  EXPECT_EQ(st->winner(), 0);
  EXPECT_EQ(st->end_reason(), EndReason::kArmyBroken);
  // Negative: an army not broken does not lose.
  auto st2 = start(g);
  st2->debug_set_pips(0, 0);
  ASSERT_TRUE(st2->apply(act::kEndMoves).ok());
  while (st2->is_chance_node()) ASSERT_TRUE(st2->apply(st2->chance_outcomes().front().action).ok());
  EXPECT_FALSE(st2->is_terminal());
}

TEST(Gwkho_Shooting, Clause_Sht_1_AShotIsTwoForcedDiceThroughTheResolutionLayer) {
  const auto g = test_game();
  auto st = start(g);
  st->debug_set_pips(0, 0);
  // Blue's longbowmen (Lb(s)) face north; put one in the open (where they are deployed, the
  // men-at-arms stand in front of them: no shot through friends, G-16b) and a red knight 3" in
  // front of it.
  const int s = find(*g, "blue.0.1.5"), t = find(*g, "red.0.0.1");
  st->debug_place(s, geo::Point{36 * kIn, 20 * kIn}, 90);
  const geo::Point sc = st->element(s).base.centre();
  st->debug_place(t, geo::Point{sc.x, sc.y + 500 + 3 * kIn + 750}, 270);
  testing::hold_side(*st, 0);  // the knight does not charge (G-14a)
  ASSERT_TRUE(st->apply(act::kEndMoves).ok());
  ASSERT_EQ(st->phase(), Phase::kShoot);
  // The first shooter in element order that has a target.
  ASSERT_GE(st->pending_a(), 0);
  EXPECT_EQ(st->pending_b(), t);
  const int shooter = st->pending_a();
  EXPECT_EQ(st->shot_target(shooter), t);
  const ShotSituation ss = st->shot_situation(shooter, t);
  const auto odds = st->action_odds(act::kShotDice);
  EXPECT_EQ(odds["kind"], "shot");
  EXPECT_EQ(odds["total"], 36);
  const ShotOutcome o = resolve_shot(ss, 6, 6);
  ASSERT_TRUE(st->apply(act::kShotDice + 35).ok());
  if (o.result == Result::kDestroyed) {
    EXPECT_FALSE(st->element(t).alive);
  }
  // Negative: an element out of range has no target.
  EXPECT_EQ(st->shot_target(find(*g, "blue.0.0.0")), -1);
}

TEST(Gwkho_Registry, Clause_Seq_LegnanoLoadsAndPlaysToAnEnd) {
  game::Registry r;
  r.add(make_ruleset());
  auto g = r.load("gwkho/legnano", {});
  ASSERT_TRUE(g.ok()) << g.message();
  auto st = (*g)->new_initial_state();
  EXPECT_EQ(st->check_invariants(), "");
  const auto j = st->to_json(game::kSpectator);
  EXPECT_EQ(j["units_per_inch"], 1270);
  EXPECT_EQ(j["table"]["width"], 72 * 1270);
  EXPECT_FALSE(j["units"].empty());
  EXPECT_EQ(j["units"][0]["corners"].size(), 4u);
}

TEST(Gwkho_Scenario, Clause_Dis_1_AGroupMayBeDeployedDismounted) {
  auto j = small_scenario();
  j["sides"][1]["deploy"][0]["dismounted"] = true;  // the Prince's men-at-arms, Hc(o) -> HI(s)
  const auto g = test_game(j);
  const int e = find(*g, "blue.0.0.0");
  EXPECT_EQ(g->element(e).troop, T("HI(s)"));
  EXPECT_EQ(g->element(e).list_troop, T("Hc(o)"));
  EXPECT_EQ(g->element(e).base.depth(), 1000);  // foot: 20 mm
  // Negative: a group with no dismount option in its list.
  j = small_scenario();
  j["sides"][1]["deploy"][1]["dismounted"] = true;  // longbowmen
  auto s = load_scenario(j, "x.json");
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.message(),
            "x.json: field 'sides[1].deploy[1].dismounted' is true, but the army "
            "list gives Lb(s) no dismount option (rule Dis-1).");
}

TEST(Gwkho_Registry, Clause_Seq_PoitiersLoadsWithTheEnglishOnFoot) {
  game::Registry r;
  r.add(make_ruleset());
  auto g = r.load("gwkho/poitiers", {});
  ASSERT_TRUE(g.ok()) << g.message();
  const auto& gw = static_cast<const GwkhoGame&>(**g);
  EXPECT_EQ(gw.element(find(gw, "english.0.0.0")).troop, T("HI(s)"));
  EXPECT_EQ(gw.element(find(gw, "french.2.0.0")).troop, T("Hc(s)"));
  auto st = gw.new_initial_state();
  EXPECT_EQ(st->check_invariants(), "");
  EXPECT_EQ(st->current_player(), game::kChancePlayer);
  EXPECT_EQ(static_cast<const GwkhoState&>(*st).active(), 1);  // the French have the first bound
}

TEST(Gwkho_Movement, Clause_Mov_3_RoutersRunToTheirOwnEdgeAndOffIt) {
  const auto g = test_game();
  auto st = testing::start_moves(g);
  // Red's edge is the north one. A routing knight in the open turns north and runs 6" (Hc 5"
  // and the router's inch, Mov-3). (West of the knights, whose impetuous moves come first.)
  const int e = find(*g, "red.0.0.2"), lost = find(*g, "red.0.0.3");
  st->debug_place(e, geo::Point{10 * kIn, 30 * kIn}, 270);
  st->debug_rout(e);
  // Another 1" from the edge runs off it and is lost.
  st->debug_place(lost, geo::Point{50 * kIn, 47 * kIn}, 270);
  st->debug_rout(lost);
  ASSERT_TRUE(st->apply(act::kEndMoves).ok());
  EXPECT_EQ(st->element(e).base.centre(), (geo::Point{10 * kIn, 36 * kIn}));
  EXPECT_EQ(st->element(e).base.heading(), geo::Angle::degrees(90));
  EXPECT_TRUE(st->element(e).alive);
  EXPECT_FALSE(st->element(lost).alive);
  // Negative: routers make no voluntary move.
  auto st2 = start(g);
  st2->debug_set_pips(0, 6);
  st2->debug_rout(e);
  EXPECT_FALSE(st2->plan(act::move(e, act::kAdvance)).ok());
}

// [Mor-12, Mov-3, G-35] Shaken mounted rout at their normal speed: no router's inch.
TEST(Gwkho_Morale, Clause_Mor_12_ShakenMountedRoutAtTheirNormalSpeed) {
  const auto g = test_game();
  auto st = testing::start_moves(g);
  // Red (42 e/e, 39 of them heavy) loses 14 heavies of its second command: the army and the
  // heavy ledgers are shaken (at 14 and 13), not broken.
  int killed = 0;
  for (int e = 0; e < g->num_elements() && killed < 14; ++e)
    if (g->element(e).side == 0 && g->element(e).command == 1 &&
        g->element(e).troop.type != TroopType::kXb) {
      st->debug_kill(e);
      ++killed;
    }
  ASSERT_EQ(killed, 14);
  const int e = find(*g, "red.0.0.2");  // Hc(s)
  st->debug_place(e, geo::Point{10 * kIn, 30 * kIn}, 270);
  st->debug_rout(e);
  ASSERT_EQ(st->morale_of(e), Morale::kShaken);
  EXPECT_EQ(st->allowance(e, Going::kOpen), 5 * kIn);  // Hc 5", no router's inch
  testing::hold_side(*st, 0);
  ASSERT_TRUE(st->apply(act::kEndMoves).ok());
  EXPECT_EQ(st->element(e).base.centre(), (geo::Point{10 * kIn, 35 * kIn}));
  // Negative: shaken foot routers keep their inch (Ph(i) 3" + 1").
  auto st2 = start(g);
  killed = 0;
  for (int x = 0; x < g->num_elements() && killed < 14; ++x)
    if (g->element(x).side == 0 && g->element(x).command == 1 &&
        g->element(x).troop.type != TroopType::kXb) {
      st2->debug_kill(x);
      ++killed;
    }
  const int xb = find(*g, "red.1.3.0");  // Xb(i), alive
  st2->debug_rout(xb);
  ASSERT_EQ(st2->morale_of(xb), Morale::kShaken);
  EXPECT_EQ(st2->allowance(xb, Going::kOpen), 4 * kIn);
  // And a steady army's mounted routers run the inch
  // (Clause_Mov_3_RoutersRunToTheirOwnEdgeAndOffIt).
}

TEST(Gwkho_Pips, Clause_Pip_6_OutOfCommandRangeCostsOneMore) {
  const auto g = test_game();
  auto st = start(g);
  st->debug_set_pips(0, 6);
  // Frederick stands with red.0.0.0 at (19.2", 40.6"); an element 30" from him is out of range.
  const int e = find(*g, "red.0.2.1");
  st->debug_place(e, geo::Point{50 * kIn, 20 * kIn}, 270);
  auto p = st->plan(act::move(e, act::kAdvance));
  ASSERT_TRUE(p.ok()) << p.message();
  EXPECT_TRUE(p->cost.out_of_command);
  EXPECT_EQ(st->price(*p).total, 2);
  // Negative: within 24" it costs 1.
  st->debug_place(e, geo::Point{30 * kIn, 30 * kIn}, 270);
  p = st->plan(act::move(e, act::kAdvance));
  ASSERT_TRUE(p.ok()) << p.message();
  EXPECT_FALSE(p->cost.out_of_command);
  EXPECT_EQ(st->price(*p).total, 1);
}

// Red's general (red.0.0.0) placed at (gx, gy) inches and red.0.2.1 at (ex, ey), both facing
// south, with 6 PIPs: whether a quarter move ahead of red.0.2.1 is out of command, and its price.
std::pair<bool, int> advance_in_command(GwkhoState& st, const GwkhoGame& g, int gx, int gy, int ex,
                                        int ey) {
  const int general = find(g, "red.0.0.0"), e = find(g, "red.0.2.1");
  EXPECT_TRUE(g.element(general).general);
  st.debug_set_pips(0, 6);
  st.debug_place(general, geo::Point{gx * kIn, gy * kIn}, 270);
  st.debug_place(e, geo::Point{ex * kIn, ey * kIn}, 270);
  const auto p = st.plan(act::move(e, act::kAdvance));
  EXPECT_TRUE(p.ok()) << (p.ok() ? "" : p.message());
  if (!p.ok()) return {false, -1};
  return {p->cost.out_of_command, st.price(*p).total};
}

// [Pip-6, G-41] Command range counts double through woods: the test wood (bad going) spans
// x 60..70 inches, y 20..30.
TEST(Gwkho_Pips, Clause_Pip_6_CommandRangeCountsDoubleThroughWoods) {
  const auto g = test_game();
  auto st = start(g);
  // 20" apart across the whole wood (10" of it): 30" counted, out of range.
  EXPECT_FALSE(
      st->within_command_range(geo::Point{65 * kIn, 36 * kIn}, geo::Point{65 * kIn, 16 * kIn}, 24));
  EXPECT_EQ(advance_in_command(*st, *g, 65, 36, 65, 16), std::make_pair(true, 2));
  // Negative: the same 20" in the open is within 24".
  EXPECT_EQ(advance_in_command(*st, *g, 50, 36, 50, 16), std::make_pair(false, 1));
  // Only the length inside the wood counts twice: 12" with 2" of wood count 14", 14" with 4"
  // count 18".
  EXPECT_TRUE(
      st->within_command_range(geo::Point{50 * kIn, 21 * kIn}, geo::Point{62 * kIn, 21 * kIn}, 14));
  EXPECT_FALSE(
      st->within_command_range(geo::Point{50 * kIn, 21 * kIn}, geo::Point{64 * kIn, 21 * kIn}, 14));
}

// [Pip-6, G-77] A general out of sight is out of command: a hill between him and the element
// (neither on it) hides them from each other, however near.
TEST(Gwkho_Pips, Clause_Pip_6_AGeneralOutOfSightBehindAHillIsOutOfCommand) {
  nlohmann::json j = small_scenario("red", false);
  j["terrain"] = nlohmann::json::parse(
      R"([{"id": "knoll", "kind": "hill", "polygon": [[40, 24], [50, 24], [50, 28], [40, 28]]}])");
  const auto g = test_game(j);
  auto st = start(g);
  // 12" apart, the knoll between them: out of sight, so out of command.
  EXPECT_FALSE(
      st->within_command_range(geo::Point{45 * kIn, 32 * kIn}, geo::Point{45 * kIn, 20 * kIn}, 24));
  EXPECT_EQ(advance_in_command(*st, *g, 45, 32, 45, 20), std::make_pair(true, 2));
  // Negative: beside the knoll, the line clear of it, the same 12" is in sight and in range.
  EXPECT_EQ(advance_in_command(*st, *g, 35, 32, 35, 20), std::make_pair(false, 1));
  // Negative: a general on the knoll sees over it.
  EXPECT_TRUE(
      st->within_command_range(geo::Point{45 * kIn, 26 * kIn}, geo::Point{45 * kIn, 20 * kIn}, 24));
  // Negative: the wood of the test battle only lengthens the line; it hides nothing
  // (Clause_Pip_6_CommandRangeCountsDoubleThroughWoods).
  const auto wooded = test_game();
  auto st2 = start(wooded);
  EXPECT_TRUE(st2->within_command_range(geo::Point{58 * kIn, 25 * kIn},
                                        geo::Point{72 * kIn, 25 * kIn}, 24));
}

TEST(Gwkho_Movement, Clause_G_50_OnlyAContactMoveMayEndTouchingTheEnemy) {
  const auto g = test_game();
  auto st = start(g);
  st->debug_set_pips(0, 6);
  const int e = find(*g, "red.0.0.0"), t = find(*g, "blue.2.2.0");
  const geo::Point tc = st->element(t).base.centre();
  // Exactly a full move (5") from the blue front: a plain advance would touch it.
  st->debug_place(e, geo::Point{tc.x, tc.y + 1500 + 5 * kIn}, 270);
  auto p = st->plan(act::move(e, act::kAdvance + 3));
  ASSERT_FALSE(p.ok());
  EXPECT_EQ(p.message(),
            labelled(*g, "red.0.0.0 would touch the enemy: contact is made by a contact move."));
  EXPECT_TRUE(st->plan(act::move(e, act::kAdvance + 2)).ok());
  EXPECT_TRUE(st->plan(st->contact_action(e, t)).ok());
}

}  // namespace
}  // namespace carroccio::gwkho
