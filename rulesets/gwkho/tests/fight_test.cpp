// The gwkho State in shooting and close combat, with forced dice: the order of the combats, die
// steps bought with PIPs, follow-ups and their extra rounds, knock-on, turning to face, the
// owner's choice of target, return fire, a command's own morale, and the exact odds of each
// committing decision.
#include <gtest/gtest.h>

#include "core/event.hpp"
#include "fmt/format.h"
#include "game/table/place.hpp"
#include "rulesets/gwkho/game.hpp"
#include "rulesets/gwkho/shooting.hpp"
#include "rulesets/gwkho/state.hpp"
#include "rulesets/gwkho/tests/test_util.hpp"

namespace carroccio::gwkho {
namespace {

using testing::kIn;

using testing::find;
using testing::start;

// The test battle without its wood (testing::small_scenario).
std::shared_ptr<const GwkhoGame> open_game(const char* first = "red") {
  return testing::make_game(testing::small_scenario(first, false));
}

// Every element of the moving side held, so that no impetuous move (G-14a) changes a set-up
// that is about shooting.
void hold_impetuous(GwkhoState& st) {
  for (int e = 0; e < st.num_elements(); ++e)
    if (st.side_of(e) == st.active()) st.debug_hold(e);
}

// Blue element t faces north at (x, y) inches; red element e faces it, front to front.
void face_off(GwkhoState& st, int e, int t, int x, int y) {
  st.debug_place(t, geo::Point{x * kIn, y * kIn}, 90);
  const geo::Base& tb = st.element(t).base;
  const geo::Base& eb = st.element(e).base;
  st.debug_place(e, geo::Point{x * kIn, y * kIn + tb.depth() / 2 + eb.depth() / 2}, 270);
}

// Two combats of the moving side side by side: red knights (red.0.0.1, red.0.0.2) front to front
// with blue's Gascons (blue.1.2.0, blue.1.2.1), the bound at its close combat step, no PIPs on
// either side to buy die steps.
struct TwoCombats {
  std::unique_ptr<GwkhoState> st;
  int e1 = 0, t1 = 0, e2 = 0, t2 = 0;
};
TwoCombats two_combats(const std::shared_ptr<const GwkhoGame>& g) {
  TwoCombats c{testing::start_moves(g), find(*g, "red.0.0.1"), find(*g, "blue.1.2.0"),
               find(*g, "red.0.0.2"), find(*g, "blue.1.2.1")};
  face_off(*c.st, c.e1, c.t1, 20, 24);
  face_off(*c.st, c.e2, c.t2, 30, 24);
  c.st->debug_start_combat();
  return c;
}

// The first pair of dice (within the sides) whose outcome passes `want`.
template <class F>
std::optional<std::pair<int, int>> dice_where(const CombatSituation& cs, F want) {
  const CombatFactors f = combat_factors(cs);
  for (int da = 1; da <= f.a.die; ++da)
    for (int db = 1; db <= f.b.die; ++db)
      if (want(resolve_combat(cs, f, da, db))) return std::make_pair(da, db);
  return std::nullopt;
}

game::Action combat_dice(std::pair<int, int> d) {
  return act::kCombatDice + 10 * (d.first - 1) + (d.second - 1);
}

bool has(const std::vector<game::Action>& v, game::Action a) {
  return std::find(v.begin(), v.end(), a) != v.end();
}

TEST(Gwkho_Combat, Clause_CC_1_EachSideChoosesTheOrderOfItsCombats) {
  const auto g = open_game();
  auto [st, e1, t1, e2, t2] = two_combats(g);
  // Two combats of the moving side: its decision.
  ASSERT_EQ(st->fight_step(), FightStep::kChooseCombat);
  EXPECT_EQ(st->current_player(), 0);
  EXPECT_EQ(st->legal_actions(),
            (std::vector<game::Action>{act::kChooseCombat + e1, act::kChooseCombat + e2}));
  // [odds] Choosing shows the exact odds of that combat, factor by factor.
  const auto odds = st->action_odds(act::kChooseCombat + e2);
  ASSERT_TRUE(odds.is_object());
  EXPECT_EQ(odds["first"]["id"], "red.0.0.2");
  EXPECT_EQ(odds["total"].get<std::uint64_t>(), combat_odds(st->combat_situation(e2, t2)).total);
  EXPECT_FALSE(odds["modifiers"].empty());
  ASSERT_TRUE(st->apply(act::kChooseCombat + e2).ok());
  EXPECT_EQ(st->pending_a(), e2);
  EXPECT_EQ(st->pending_b(), t2);
  EXPECT_EQ(st->fight_step(), FightStep::kCombatDice);
  // A drawn round; then the one combat left is fought with no decision (negative).
  const auto draw = dice_where(st->combat_situation(e2, t2),
                               [](const CombatOutcome& o) { return o.winner == Winner::kNone; });
  ASSERT_TRUE(draw);
  ASSERT_TRUE(st->apply(combat_dice(*draw)).ok());
  EXPECT_EQ(st->fight_step(), FightStep::kCombatDice);
  EXPECT_TRUE(st->is_chance_node());
  EXPECT_EQ(st->pending_a(), e1);
  // Negative: an action naming an element with no combat is refused.
  auto st2 = two_combats(g).st;
  EXPECT_FALSE(st2->apply(act::kChooseCombat + find(*g, "red.0.0.3")).ok());
}

TEST(Gwkho_Combat, Clause_Pip_19_TheMovingSideBuysADieStepWithPips) {
  const auto g = open_game("blue");
  auto st = start(g);
  ASSERT_EQ(st->active(), 1);
  // Blue's HI(o) (a d6 troop that may buy a d8) against red's Ph(i), twice.
  const int h1 = find(*g, "blue.1.2.0"), p1 = find(*g, "red.1.2.0");
  const int h2 = find(*g, "blue.1.2.3"), p2 = find(*g, "red.1.2.3");
  face_off(*st, p1, h1, 20, 24);
  face_off(*st, p2, h2, 30, 24);
  st->debug_set_pips(0, 0);
  st->debug_set_pips(1, 3);
  st->debug_start_combat();
  ASSERT_EQ(st->fight_step(), FightStep::kChooseCombat);
  EXPECT_EQ(st->current_player(), 1);
  ASSERT_TRUE(st->apply(act::kChooseCombat + h1).ok());
  // [CC-1, Pip-19] A decision of the moving side: the first group's step costs 1.
  ASSERT_EQ(st->fight_step(), FightStep::kUpgrade);
  EXPECT_EQ(st->current_player(), 1);
  EXPECT_EQ(st->legal_actions(), (std::vector<game::Action>{act::kNoUpgrade, act::kBuyUpgrade}));
  EXPECT_EQ(st->upgrade_cost(h1), 1);
  EXPECT_FALSE(st->upgrade_cost(p1));  // the enemy has no PIPs in this bound (G-20e)
  // [odds] Each choice shows the combat it leads to: a d8 against a d6, or two d6.
  EXPECT_EQ(st->action_odds(act::kBuyUpgrade)["total"], 48);
  EXPECT_EQ(st->action_odds(act::kNoUpgrade)["total"], 36);
  ASSERT_TRUE(st->apply(act::kBuyUpgrade).ok());
  EXPECT_EQ(st->pips(1), 2);
  EXPECT_EQ(st->combat_situation(h1, p1).a.die, 8);
  EXPECT_EQ(st->chance_outcomes().size(), 48u);
  const auto draw = dice_where(st->combat_situation(h1, p1),
                               [](const CombatOutcome& o) { return o.winner == Winner::kNone; });
  ASSERT_TRUE(draw);
  ASSERT_TRUE(st->apply(combat_dice(*draw)).ok());
  // The second group of the bound pays 1 too: a step to a d8 is always one PIP (only the d10
  // is dearer after the first group's).
  ASSERT_EQ(st->fight_step(), FightStep::kUpgrade);
  EXPECT_EQ(st->upgrade_cost(h2), 1);
  ASSERT_TRUE(st->apply(act::kBuyUpgrade).ok());
  EXPECT_EQ(st->pips(1), 1);
  // Negative: with no PIPs left nothing is offered: the dice come at once.
  auto st2 = start(g);
  face_off(*st2, p1, h1, 20, 24);
  st2->debug_set_pips(1, 0);
  st2->debug_start_combat();
  EXPECT_EQ(st2->fight_step(), FightStep::kCombatDice);
  EXPECT_EQ(st2->chance_outcomes().size(), 36u);
}

TEST(Gwkho_Combat, Clause_CC_15_HorseMustFollowUpAndFightOn) {
  const auto g = open_game();
  auto st = testing::start_moves(g);
  const int e = find(*g, "red.0.1.0"), t = find(*g, "blue.0.0.3");  // Hc(o) against Hc(o)
  face_off(*st, e, t, 30, 24);
  st->debug_start_combat();
  ASSERT_EQ(st->fight_step(), FightStep::kCombatDice);
  const auto push = dice_where(st->combat_situation(e, t), [](const CombatOutcome& o) {
    return o.winner == Winner::kA && o.b == Result::kPushBack;
  });
  ASSERT_TRUE(push);
  const geo::Point before = st->element(e).base.centre();
  ASSERT_TRUE(st->apply(combat_dice(*push)).ok());
  // [CC-15] Heavy cavalry must follow up in their own bound, a base depth (the enemy's, 30 mm),
  // and fight on at once: another round against the same enemy, a follow-up contact.
  EXPECT_EQ(st->element(e).base.centre(), (geo::Point{before.x, before.y - 1500}));
  EXPECT_TRUE(st->fight_flags(e).followed_up);
  ASSERT_EQ(st->fight_step(), FightStep::kCombatDice);
  EXPECT_EQ(st->pending_a(), e);
  EXPECT_EQ(st->pending_b(), t);
  EXPECT_TRUE(st->combat_situation(e, t).follow_up_contact);
  // Negative: in the enemy's bound heavy cavalry need not follow up: the owner decides.
  const auto g2 = open_game("blue");
  auto st2 = start(g2);
  st2->debug_set_pips(0, 0);
  st2->debug_set_pips(1, 0);
  st2->debug_set_pips(2, 0);
  face_off(*st2, e, t, 30, 24);
  st2->debug_start_combat();
  ASSERT_EQ(st2->pending_a(), t);  // blue's element is side a in blue's bound
  const auto push2 = dice_where(st2->combat_situation(t, e), [](const CombatOutcome& o) {
    return o.winner == Winner::kB && o.a == Result::kPushBack;
  });
  ASSERT_TRUE(push2);
  const geo::Point before2 = st2->element(e).base.centre();
  ASSERT_TRUE(st2->apply(combat_dice(*push2)).ok());
  ASSERT_EQ(st2->fight_step(), FightStep::kFollowUp);
  EXPECT_EQ(st2->current_player(), 0);
  EXPECT_EQ(st2->legal_actions(), (std::vector<game::Action>{act::kHoldBack, act::kFollowUp}));
  // [odds] Following up shows the extra round it leads to; holding leads to none.
  EXPECT_TRUE(st2->action_odds(act::kFollowUp).is_object());
  EXPECT_TRUE(st2->action_odds(act::kHoldBack).is_null());
  EXPECT_EQ(st2->action_to_json(act::kFollowUp)["odds"], true);
  EXPECT_FALSE(st2->action_to_json(act::kHoldBack).contains("odds"));
  ASSERT_TRUE(st2->apply(act::kHoldBack).ok());
  EXPECT_EQ(st2->element(e).base.centre(), before2);
  EXPECT_FALSE(st2->fight_flags(e).followed_up);
}

TEST(Gwkho_Combat, Clause_CC_15_FootFollowUpForOneExtraRoundOnly) {
  const auto g = open_game("blue");
  auto st = start(g);
  for (int c = 0; c < 3; ++c) st->debug_set_pips(c, 0);
  const int h = find(*g, "blue.1.2.0"), p = find(*g, "red.1.2.0");  // HI(o) against Ph(i)
  face_off(*st, p, h, 30, 24);
  st->debug_start_combat();
  ASSERT_EQ(st->pending_a(), h);
  auto win = [&] {
    return dice_where(st->combat_situation(h, p), [](const CombatOutcome& o) {
      return o.winner == Winner::kA && o.b == Result::kPushBack;
    });
  };
  auto d = win();
  ASSERT_TRUE(d);
  ASSERT_TRUE(st->apply(combat_dice(*d)).ok());
  // HI may follow up (not must): the owner's decision, then one extra round.
  ASSERT_EQ(st->fight_step(), FightStep::kFollowUp);
  ASSERT_TRUE(st->apply(act::kFollowUp).ok());
  ASSERT_EQ(st->fight_step(), FightStep::kCombatDice);
  EXPECT_EQ(st->pending_a(), h);
  d = win();
  ASSERT_TRUE(d);
  ASSERT_TRUE(st->apply(combat_dice(*d)).ok());
  // Negative: the extra round used, a second follow-up brings no third round.
  if (st->fight_step() == FightStep::kFollowUp) {
    ASSERT_TRUE(st->apply(act::kFollowUp).ok());
  }
  EXPECT_NE(st->fight_step(), FightStep::kCombatDice);
}

TEST(Gwkho_Combat, Clause_CC_16_KnockOnBehindADestroyedMountedElement) {
  const auto g = open_game("blue");
  auto st = start(g);
  for (int c = 0; c < 3; ++c) st->debug_set_pips(c, 0);
  // Red's Hc(o) faces blue's HI(o); red's Ph(i) stands 1" behind the Hc, so the Hc cannot
  // recoil; red's Xb(i) stands further back, beyond 2" of the Hc's rear.
  const int e = find(*g, "red.0.1.0"), t = find(*g, "blue.1.2.0");
  const int ph = find(*g, "red.1.2.0"), xb = find(*g, "red.1.3.0");
  face_off(*st, e, t, 30, 24);
  const std::int64_t rear = st->element(e).base.centre().y + 750;
  st->debug_place(ph, geo::Point{30 * kIn, rear + kIn + 500}, 270);
  st->debug_place(xb, geo::Point{30 * kIn, rear + 3 * kIn + 500}, 270);
  st->debug_start_combat();
  ASSERT_EQ(st->pending_a(), t);
  const auto kill = dice_where(st->combat_situation(t, e), [](const CombatOutcome& o) {
    return o.a == Result::kNoEffect && o.b == Result::kDestroyed;
  });
  ASSERT_TRUE(kill);
  ASSERT_TRUE(st->apply(combat_dice(*kill)).ok());
  EXPECT_FALSE(st->element(e).alive);
  // [CC-16] Foot within 2" behind a destroyed mounted element rout.
  EXPECT_TRUE(st->element(ph).routing);
  // Negative: beyond 2" it is not touched.
  EXPECT_FALSE(st->element(xb).routing);
  EXPECT_EQ(st->element(xb).base.centre(), (geo::Point{30 * kIn, rear + 3 * kIn + 500}));
}

TEST(Gwkho_Combat, Clause_CC_17_AnElementHitInTheFlankTurnsToFace) {
  const auto g = open_game();
  auto st = testing::start_moves(g);
  const int e = find(*g, "red.0.1.0"), t = find(*g, "blue.1.2.0");
  st->debug_place(t, geo::Point{30 * kIn, 24 * kIn}, 90);
  const geo::Base hit = geo::place_in_contact(st->element(t).base, geo::Side::kLeft,
                                              st->element(e).base, geo::Side::kFront, 0);
  st->debug_place(e, hit.centre(), hit.heading().units() / 3600);
  ASSERT_EQ(st->front_enemy(t), -1);
  st->debug_start_combat();
  // It turned to face the horse, front to front, and still counts as hit in the flank.
  EXPECT_TRUE(st->fight_flags(t).turned_to_face);
  EXPECT_EQ(st->front_enemy(t), e);
  EXPECT_EQ(st->pending_a(), e);
  EXPECT_TRUE(st->combat_situation(e, t).b.contacted_on_flank_or_rear);
  EXPECT_EQ(st->check_invariants(), "");
  // Negative: an element already fighting to its front does not turn; the flank attacker
  // counts against it (CC-9).
  auto st2 = start(g);
  st2->debug_set_pips(0, 0);
  st2->debug_set_pips(1, 0);
  const int p = find(*g, "red.1.2.0");
  face_off(*st2, p, t, 30, 24);
  st2->debug_place(e, hit.centre(), hit.heading().units() / 3600);
  st2->debug_start_combat();
  EXPECT_FALSE(st2->fight_flags(t).turned_to_face);
  EXPECT_EQ(st2->combat_situation(p, t).b.flank_enemies, 1);
}

TEST(Gwkho_Shooting, Clause_Sht_2_TheOwnerChoosesAmongTheTargetsAhead) {
  const auto g = open_game();
  auto st = testing::start_moves(g);
  // A blue longbowman (Lb(s), 8") in the open facing north; two red knights straight ahead at
  // 2" and 5", one a base width and more to the side.
  const int s = find(*g, "blue.0.1.5");
  const int near = find(*g, "red.0.1.0"), far = find(*g, "red.0.1.1"), side = find(*g, "red.0.1.2");
  st->debug_place(s, geo::Point{36 * kIn, 20 * kIn}, 90);
  const std::int64_t front = 20 * kIn + 500;
  st->debug_place(near, geo::Point{36 * kIn, front + 2 * kIn + 750}, 270);
  st->debug_place(far, geo::Point{36 * kIn + 1000, front + 5 * kIn + 750}, 270);
  st->debug_place(side, geo::Point{36 * kIn + 3500, front + 3 * kIn + 750}, 270);
  EXPECT_EQ(st->shot_targets(s), (std::vector<int>{near, far}));
  hold_impetuous(*st);
  ASSERT_TRUE(st->apply(act::kEndMoves).ok());
  ASSERT_EQ(st->phase(), Phase::kShoot);
  ASSERT_EQ(st->pending_a(), s);
  // [Sht-2] The shooter's owner chooses (blue shoots in red's bound too).
  ASSERT_EQ(st->fight_step(), FightStep::kChooseTarget);
  EXPECT_EQ(st->current_player(), 1);
  EXPECT_EQ(st->legal_actions(),
            (std::vector<game::Action>{act::kChooseTarget + near, act::kChooseTarget + far}));
  // [odds] Each target shows the shot's exact odds over the 36 throws.
  const auto odds = st->action_odds(act::kChooseTarget + far);
  EXPECT_EQ(odds["kind"], "shot");
  EXPECT_EQ(odds["target"], "red.0.1.1");
  EXPECT_EQ(odds["total"], 36);
  ASSERT_TRUE(st->apply(act::kChooseTarget + far).ok());
  EXPECT_EQ(st->pending_b(), far);
  EXPECT_EQ(st->fight_step(), FightStep::kShotDice);
  // Negative: the one a base width aside is a target only with nothing straight ahead.
  EXPECT_FALSE(st->apply(act::kChooseTarget + side).ok());
  auto st2 = start(g);
  st2->debug_place(s, geo::Point{36 * kIn, 20 * kIn}, 90);
  st2->debug_place(side, geo::Point{36 * kIn + 3500, front + 3 * kIn + 750}, 270);
  EXPECT_EQ(st2->shot_targets(s), (std::vector<int>{side}));
  // Nor two base widths aside.
  st2->debug_place(side, geo::Point{36 * kIn + 5500, front + 3 * kIn + 750}, 270);
  EXPECT_TRUE(st2->shot_targets(s).empty());
}

// Red element `e` facing south with its front edge's middle at (x, y) inches; `behind`, when
// given, directly behind it in full contact, facing the same way.
void column_south(GwkhoState& st, int e, int behind, int x, int y) {
  const std::int64_t d = st.element(e).base.depth();
  st.debug_place(e, geo::Point{x * kIn, y * kIn + d / 2}, 270);
  if (behind >= 0)
    st.debug_place(behind, geo::Point{x * kIn, y * kIn + d + st.element(behind).base.depth() / 2},
                   270);
}

// [Sht-2, Sht-4, G-16b] Troops shoot in two ranks: the rank behind adds +1 to the front rank's
// shot and does not shoot through it on its own.
TEST(Gwkho_Shooting, Clause_Sht_4_ARearRankAddsToTheShotAndDoesNotShootThroughItsFrontRank) {
  const auto g = open_game();
  auto st = start(g);
  const int x1 = find(*g, "red.1.3.0"), x2 = find(*g, "red.1.3.1");  // Xb(i), 8"
  const int hc = find(*g, "blue.0.0.0");
  column_south(*st, x1, x2, 36, 30);
  // A blue knight facing north, its front 4" from the front crossbowman's.
  st->debug_place(hc, geo::Point{36 * kIn, 26 * kIn - 750}, 90);
  EXPECT_EQ(st->shot_targets(x1), (std::vector<int>{hc}));
  EXPECT_TRUE(st->shot_targets(x2).empty());
  EXPECT_FALSE(st->line_of_fire_clear(x2, hc));
  const ShotSituation ss = st->shot_situation(x1, hc);
  EXPECT_EQ(ss.ranks, (std::vector<Troop>{testing::T("Xb(i)")}));
  int ranks = 0;
  for (const auto& f : shot_modifiers(ss).modifiers)
    if (f.clause == "Sht-4") ranks += f.value;
  EXPECT_EQ(ranks, 1);
  // Negative: with the front rank gone aside, the second crossbowman shoots for itself.
  st->debug_place(x1, geo::Point{50 * kIn, 30 * kIn}, 270);
  EXPECT_TRUE(st->line_of_fire_clear(x2, hc));
  EXPECT_EQ(st->shot_targets(x2), (std::vector<int>{hc}));
  // Nor does a friend of another troop screen less: Xb(i) behind Ph(i) do not shoot.
  const int ph = find(*g, "red.1.2.0");
  column_south(*st, ph, x2, 36, 30);
  EXPECT_TRUE(st->shot_targets(x2).empty());
}

// [Sht-2, G-16b] Bw(o) directly behind one rank of Ph(i), facing its way, shoot over it.
TEST(Gwkho_Shooting, Clause_Sht_2_BowmenShootOverOneRankOfPhalanx) {
  nlohmann::json j = testing::small_scenario("red", false);
  nlohmann::json list = testing::builtin_list("legnano-imperial");
  list["commands"][1]["elements"][3]["type"] = "Bw";
  list["commands"][1]["elements"][3]["grade"] = "o";
  j["sides"][0]["army"] = list;
  const auto g = testing::make_game(j);
  auto st = start(g);
  const int ph = find(*g, "red.1.2.0"), bw = find(*g, "red.1.3.0"), hc = find(*g, "blue.0.0.0");
  ASSERT_EQ(g->element(bw).troop, testing::T("Bw(o)"));
  column_south(*st, ph, bw, 36, 30);
  // The knight 4" from the phalanx's front, 5" from the bowmen's (Bw(o) shoot 7").
  st->debug_place(hc, geo::Point{36 * kIn, 26 * kIn - 750}, 90);
  EXPECT_TRUE(st->line_of_fire_clear(bw, hc));
  EXPECT_EQ(st->shot_targets(bw), (std::vector<int>{hc}));
  // Negative: not over two ranks (another phalanx element in front of the first).
  const int ph2 = find(*g, "red.1.2.1");
  column_south(*st, ph2, ph, 36, 29);
  st->debug_place(bw, geo::Point{36 * kIn, 29 * kIn + 2500}, 270);
  EXPECT_FALSE(st->line_of_fire_clear(bw, hc));
  EXPECT_TRUE(st->shot_targets(bw).empty());
}

// [Dis-1] Cv(s) dismounted as Bw(s) shoot at 7 inches, not the 8 of Bw(s).
TEST(Gwkho_Shooting, Clause_Dis_1_CavalryDismountedAsSuperiorBowmenShootSevenInches) {
  nlohmann::json j = testing::small_scenario("red", false);
  nlohmann::json list = testing::builtin_list("legnano-imperial");
  list["commands"][1]["elements"][3]["type"] = "Cv";
  list["commands"][1]["elements"][3]["grade"] = "s";
  list["commands"][1]["elements"][3]["dismount"] = "Bw(s)";
  j["sides"][0]["army"] = list;
  j["sides"][0]["deploy"][8]["dismounted"] = true;
  const auto g = testing::make_game(j);
  auto st = start(g);
  const int bw = find(*g, "red.1.3.0"), hc = find(*g, "blue.0.0.0");
  ASSERT_EQ(g->element(bw).troop, testing::T("Bw(s)"));
  column_south(*st, bw, -1, 36, 30);
  // 6.5" away: in range.
  st->debug_place(hc, geo::Point{36 * kIn, 30 * kIn - 6 * kIn - 635 - 750}, 90);
  EXPECT_EQ(st->shot_targets(bw), (std::vector<int>{hc}));
  // Negative: 7.5" away is beyond their 7", though Bw(s) of their own shoot 8".
  EXPECT_EQ(shooting_range(testing::T("Bw(s)"), Weapon::kNone, 1176), 8);
  st->debug_place(hc, geo::Point{36 * kIn, 30 * kIn - 7 * kIn - 635 - 750}, 90);
  EXPECT_TRUE(st->shot_targets(bw).empty());
}

TEST(Gwkho_Shooting, Clause_Sht_2_ReturnFireAtTheShooterInArc) {
  const auto g = open_game();
  auto st = testing::start_moves(g);
  // Red's crossbowman (Xb(i)) shoots first (element order) at blue's longbowman straight
  // ahead; the longbowman has a knight straight ahead, and the crossbowman stands in its arc
  // but aside: it may return fire at it.
  const int xb = find(*g, "red.1.3.0"), lb = find(*g, "blue.0.1.5");
  const int hc = find(*g, "red.0.1.0");
  st->debug_place(lb, geo::Point{36 * kIn, 20 * kIn}, 90);
  const std::int64_t front = 20 * kIn + 500;
  st->debug_place(hc, geo::Point{36 * kIn, front + 3 * kIn + 750}, 270);
  // The crossbowman faces south, aside of the longbowman by more than its frontage.
  st->debug_place(xb, geo::Point{36 * kIn + 2500, front + 4 * kIn}, 270);
  EXPECT_EQ(st->shot_targets(lb), (std::vector<int>{hc}));
  hold_impetuous(*st);
  ASSERT_TRUE(st->apply(act::kEndMoves).ok());
  ASSERT_EQ(st->pending_a(), xb);
  if (st->fight_step() == FightStep::kChooseTarget) {
    ASSERT_TRUE(st->apply(act::kChooseTarget + lb).ok());
  }
  ASSERT_EQ(st->pending_b(), lb);
  ASSERT_TRUE(st->apply(act::kShotDice + 0).ok());  // 1 and 1: no effect
  EXPECT_EQ(st->fight_flags(lb).shot_by, xb);
  // Now the longbowman may shoot at the knight ahead or return fire at the crossbowman.
  ASSERT_EQ(st->pending_a(), lb);
  ASSERT_EQ(st->fight_step(), FightStep::kChooseTarget);
  EXPECT_EQ(st->legal_actions(),
            (std::vector<game::Action>{act::kChooseTarget + hc, act::kChooseTarget + xb}));
}

TEST(Gwkho_Morale, Clause_Pip_17_ACommandBuysItsOwnMoraleInPlay) {
  const auto g = open_game();
  auto st = start(g);
  // Frederick's command loses 15 knights: the army (about 40 e/e) is shaken; Philip's command
  // has lost nothing, its own ledger is steady.
  int killed = 0;
  for (int e = 0; e < g->num_elements() && killed < 15; ++e)
    if (g->element(e).side == 0 && g->element(e).command == 0 && !g->element(e).general) {
      st->debug_kill(e);
      ++killed;
    }
  const int philip = find(*g, "red.1.1.0");
  ASSERT_EQ(st->army_morale_of(0).army(), Morale::kShaken);
  ASSERT_EQ(st->morale_of(philip), Morale::kShaken);
  st->debug_set_pips(0, 6);
  st->debug_set_pips(1, 6);
  auto legal = st->legal_actions();
  EXPECT_TRUE(has(legal, act::kOwnMorale + 1));
  // Negative: Frederick's own ledger is no better than the army's.
  EXPECT_FALSE(has(legal, act::kOwnMorale + 0));
  EXPECT_FALSE(has(legal, act::kRallyCommand + 1));
  ASSERT_TRUE(st->apply(act::kOwnMorale + 1).ok());
  EXPECT_EQ(st->pips(1), 4);
  EXPECT_EQ(st->morale_of(philip), Morale::kSteady);
  // Returning to the army's morale costs 5; with 4 PIPs it is not offered.
  legal = st->legal_actions();
  EXPECT_FALSE(has(legal, act::kOwnMorale + 1));
  EXPECT_FALSE(has(legal, act::kRallyCommand + 1));
  st->debug_set_pips(1, 5);
  ASSERT_TRUE(st->apply(act::kRallyCommand + 1).ok());
  EXPECT_EQ(st->pips(1), 0);
  EXPECT_EQ(st->morale_of(philip), Morale::kShaken);
  // Negative: too few PIPs to buy it.
  auto st2 = start(g);
  for (int e = 0, n = 0; e < g->num_elements() && n < 15; ++e)
    if (g->element(e).side == 0 && g->element(e).command == 0 && !g->element(e).general) {
      st2->debug_kill(e);
      ++n;
    }
  st2->debug_set_pips(0, 0);
  st2->debug_set_pips(1, 1);
  EXPECT_FALSE(has(st2->legal_actions(), act::kOwnMorale + 1));
  EXPECT_FALSE(st2->apply(act::kOwnMorale + 1).ok());
}

TEST(Gwkho_Bound, Clause_Mor_20_BothArmiesBrokenAtOnceIsADraw) {
  const auto g = open_game();
  auto st = start(g);
  for (int s = 0; s < kNumSides; ++s)
    for (int e = 0, n = 0; e < g->num_elements() && n < 32; ++e)
      if (g->element(e).side == s) {
        st->debug_kill(e);
        ++n;
      }
  ASSERT_EQ(st->army_morale_of(0).army(), Morale::kBroken);
  ASSERT_EQ(st->army_morale_of(1).army(), Morale::kBroken);
  st->debug_set_pips(0, 0);
  st->debug_set_pips(1, 0);
  ASSERT_TRUE(st->apply(act::kEndMoves).ok());
  while (st->is_chance_node()) ASSERT_TRUE(st->apply(st->chance_outcomes().front().action).ok());
  ASSERT_TRUE(st->is_terminal());
  EXPECT_EQ(st->winner(), 2);
  EXPECT_EQ(st->returns(), (std::vector<double>{0.0, 0.0}));
  EXPECT_EQ(st->end_reason(), EndReason::kArmyBroken);
}

}  // namespace
}  // namespace carroccio::gwkho

namespace carroccio::gwkho {
namespace {

// The test scenario with a heavy gun (H.Art(o)) added to red's second command.
std::shared_ptr<const GwkhoGame> gun_game(const char* grade = "o") {
  nlohmann::json army = nlohmann::json::parse(testing::read_file(
      std::string(CARROCCIO_SOURCE_DIR) + "/scenarios/gwkho/armies/legnano-imperial.json"));
  army["commands"][1]["elements"].push_back({{"type", "H.Art"}, {"grade", grade}, {"count", 1}});
  nlohmann::json j = testing::small_scenario("red", false);
  j["sides"][0]["army"] = army;
  j["sides"][0]["deploy"].push_back(
      {{"command", 1}, {"group", 4}, {"frontage", 1}, {"at", {62, 46}}, {"heading", 270}});
  return testing::make_game(j);
}

TEST(Gwkho_Shooting, Clause_Sht_11_ArtilleryFiresInPlayAndGoesOnToASecondTarget) {
  const auto g = gun_game();
  auto st = testing::start_moves(g);
  const int gun = find(*g, "red.1.4.0");
  const int hi = find(*g, "blue.1.2.0"), li = find(*g, "blue.2.3.0");
  // The gun faces south; blue's HI 3" ahead, blue's LI in contact behind it.
  st->debug_place(gun, geo::Point{36 * kIn, 30 * kIn}, 270);
  const std::int64_t front = 30 * kIn - 1000;
  st->debug_place(hi, geo::Point{36 * kIn, front - 3 * kIn - 500}, 90);
  st->debug_place(li, geo::Point{36 * kIn, front - 3 * kIn - 1500}, 90);
  ASSERT_TRUE(st->apply(act::kEndMoves).ok());
  ASSERT_EQ(st->pending_a(), gun);
  ASSERT_EQ(st->fight_step(), FightStep::kChooseTarget);
  ASSERT_TRUE(st->apply(act::kChooseTarget + hi).ok());
  // [Sht-11] A chance node of the gun's die and the target's, the close-combat factors.
  ASSERT_EQ(st->fight_step(), FightStep::kArtilleryDice);
  const auto odds = st->action_odds(act::kArtilleryDice);
  EXPECT_EQ(odds["kind"], "artillery_fire");
  const CombatFactors f = combat_factors(
      artillery_fire(st->combat_situation(gun, hi).a, st->combat_situation(gun, hi).b));
  EXPECT_EQ(st->chance_outcomes().size(), static_cast<std::size_t>(f.a.die * f.b.die));
  ASSERT_TRUE(st->apply(act::kArtilleryDice + 0).ok());  // 1 and 1: nothing
  EXPECT_TRUE(st->element(gun).alive);
  // [Sht-12] The ball goes on to the LI whose front is within 2" behind the HI's front.
  ASSERT_EQ(st->fight_step(), FightStep::kArtilleryDice);
  EXPECT_EQ(st->pending_a(), gun);
  EXPECT_EQ(st->pending_b(), li);
  ASSERT_TRUE(st->apply(act::kArtilleryDice + 0).ok());
  // Only once.
  EXPECT_NE(st->pending_a(), gun);
  // Negative: in the enemy's bound the gun does not fire.
  auto st2 = start(gun_game());
  st2->debug_place(gun, geo::Point{36 * kIn, 30 * kIn}, 270);
  st2->debug_place(hi, geo::Point{36 * kIn, front - 3 * kIn - 500}, 90);
  EXPECT_EQ(st2->shot_targets(gun), (std::vector<int>{hi}));
  for (int c = 0; c < 2; ++c) st2->debug_set_pips(c, 0);
  ASSERT_TRUE(st2->apply(act::kEndMoves).ok());
  while (!st2->is_terminal() && st2->active() == 0)
    ASSERT_TRUE(st2->apply(st2->is_chance_node() ? st2->chance_outcomes().front().action
                                                 : st2->legal_actions().front())
                    .ok());
  EXPECT_TRUE(st2->shot_targets(gun).empty());
  // Negative: engines ((i) artillery) have no second target.
  const auto g3 = gun_game("i");
  auto st3 = start(g3);
  st3->debug_set_pips(0, 0);
  st3->debug_set_pips(1, 0);
  st3->debug_place(gun, geo::Point{36 * kIn, 30 * kIn}, 270);
  st3->debug_place(hi, geo::Point{36 * kIn, front - 3 * kIn - 500}, 90);
  st3->debug_place(li, geo::Point{36 * kIn, front - 3 * kIn - 1500}, 90);
  ASSERT_TRUE(st3->apply(act::kEndMoves).ok());
  ASSERT_EQ(st3->pending_a(), gun);
  ASSERT_TRUE(st3->apply(act::kChooseTarget + hi).ok());
  ASSERT_TRUE(st3->apply(act::kArtilleryDice + 0).ok());
  EXPECT_NE(st3->pending_a(), gun);
}

}  // namespace
}  // namespace carroccio::gwkho

namespace carroccio::gwkho {
namespace {

// [Mor-1a] The test battle with red's army the test list whose second command (Philip of
// Heinsberg's, 20 e/e) is an allied contingent, or the built-in list it copies (ruling G-32a).
std::shared_ptr<const GwkhoGame> game_with_ally(bool allied) {
  nlohmann::json j = testing::small_scenario("red", false);
  j["sides"][0]["army"] =
      allied ? nlohmann::json::parse(testing::read_file(std::string(CARROCCIO_SOURCE_DIR) +
                                                        "/rulesets/gwkho/tests/data/"
                                                        "allied-imperial.json"))
             : testing::builtin_list("legnano-imperial");
  return testing::make_game(j);
}

TEST(Gwkho_Morale, Clause_Mor_1a_ABrokenAllyRoutsAndTheArmyFightsOn) {
  for (const bool allied : {true, false}) {
    SCOPED_TRACE(allied ? "allied" : "not allied");
    const auto g = game_with_ally(allied);
    auto st = start(g);
    core::EventLog log;
    st->set_event_sink(&log);
    // Ten of Philip's elements lost: his contingent's break point (10 of 20 e/e), a quarter of
    // the whole army's 42.
    for (int e = 0, n = 0; e < g->num_elements() && n < 10; ++e)
      if (g->element(e).side == 0 && g->element(e).command == 1 && !g->element(e).general) {
        st->debug_kill(e);
        ++n;
      }
    const int ally = find(*g, "red.1.3.0"), main = find(*g, "red.0.1.0");
    const ArmyMorale& m = st->army_morale_of(0);
    EXPECT_EQ(m.army(), Morale::kSteady);
    EXPECT_EQ(st->morale_of(main), Morale::kSteady);
    if (allied) {
      // The ally is broken; the army has lost nothing.
      ASSERT_NE(m.find("allied", 1), nullptr);
      EXPECT_EQ(m.find("allied", 1)->state, Morale::kBroken);
      EXPECT_EQ(m.find("army")->lost_quarters, 0);
      EXPECT_EQ(st->morale_of(ally), Morale::kBroken);
      // The views give the contingent's own morale.
      EXPECT_NE(st->render_text(game::kSpectator)
                    .find("  Philip of Heinsberg's command, an allied contingent: morale broken, "
                          "lost 10 of 20 e/e (shaken at 7, broken at 10)\n"),
                std::string::npos);
      const auto c = st->to_json(game::kSpectator)["morale"]["red"]["contingents"];
      ASSERT_EQ(c.size(), 1u);
      EXPECT_EQ(c[0]["command"], 1);
      EXPECT_EQ(c[0]["state"], "broken");
      EXPECT_EQ(c[0]["lost"], "10");
      EXPECT_EQ(c[0]["broken_at_quarters"], 40);
    } else {
      // Negative: the same losses are the army's, short of shaking it.
      EXPECT_EQ(m.find("army")->lost_text(), "10");
      EXPECT_EQ(st->morale_of(ally), Morale::kSteady);
      EXPECT_FALSE(st->to_json(game::kSpectator)["morale"]["red"].contains("contingents"));
    }
    // Red's bound 1: after its moves the ally's broken elements rout, the main contingent's not.
    while (st->is_chance_node()) ASSERT_TRUE(st->apply(st->chance_outcomes().front().action).ok());
    ASSERT_EQ(st->phase(), Phase::kMove);
    ASSERT_EQ(st->active(), 0);
    testing::hold_side(*st, 0);  // the steady knights make no impetuous moves
    st->debug_place(ally, geo::Point{60 * kIn, 30 * kIn}, 270);  // away from the table's edge
    ASSERT_TRUE(st->apply(act::kEndMoves).ok());
    EXPECT_EQ(st->element(ally).routing, allied);
    EXPECT_EQ(st->element(ally).base.heading(), geo::Angle::degrees(allied ? 90 : 270));
    EXPECT_FALSE(st->element(main).routing);
    // The bound ends and the game goes on: the army is not broken; the log says the ally broke.
    while (!st->is_terminal() && st->bound() == 1)
      ASSERT_TRUE(st->apply(st->is_chance_node() ? st->chance_outcomes().front().action
                                                 : st->legal_actions().front())
                      .ok());
    EXPECT_FALSE(st->is_terminal());
    int logged = 0;
    for (const auto& ev : log.events())
      if (ev.rule == "gwkho Mor-1a") {
        ++logged;
        EXPECT_EQ(ev.text.rfind("Red: Philip of Heinsberg's command, an allied contingent, is "
                                "broken: ",
                                0),
                  0u)
            << ev.text;
      }
    EXPECT_EQ(logged, allied ? 1 : 0);
  }
}

TEST(Gwkho_Morale, Clause_Mor_13_BrokenElementsRoutInPlay) {
  // Red's Hc(i) of Philip's command are brittle.
  nlohmann::json army = nlohmann::json::parse(testing::read_file(
      std::string(CARROCCIO_SOURCE_DIR) + "/scenarios/gwkho/armies/legnano-imperial.json"));
  army["commands"][1]["elements"][1]["status"] = "brittle";
  nlohmann::json j = testing::small_scenario("red", false);
  j["sides"][0]["army"] = army;
  const auto g = testing::make_game(j);
  auto st = start(g);
  // Red's army shakes in its first bound (15 knights of Frederick's lost), before blue's.
  for (int e = 0, n = 0; e < g->num_elements() && n < 15; ++e)
    if (g->element(e).side == 0 && g->element(e).command == 0 && !g->element(e).general) {
      st->debug_kill(e);
      ++n;
    }
  const int brittle = find(*g, "red.1.1.0"), other = find(*g, "red.1.0.1");
  auto to_next_bound = [&] {
    const int bound = st->bound();
    while (!st->is_terminal() && st->bound() == bound)
      ASSERT_TRUE(st->apply(st->is_chance_node() ? st->chance_outcomes().front().action
                                                 : game::Action{act::kEndMoves})
                      .ok());
  };
  to_next_bound();  // red's bound 1 ends: its army is shaken first
  EXPECT_EQ(st->morale_of(brittle), Morale::kBroken);
  EXPECT_EQ(st->morale_of(other), Morale::kShaken);
  to_next_bound();  // blue's bound: red's elements make no moves
  EXPECT_FALSE(st->element(brittle).routing);
  // Red's bound 3: after its moves its broken elements rout.
  while (st->is_chance_node()) ASSERT_TRUE(st->apply(st->chance_outcomes().front().action).ok());
  ASSERT_EQ(st->phase(), Phase::kMove);
  ASSERT_EQ(st->active(), 0);
  ASSERT_EQ(st->morale_of(brittle), Morale::kBroken);
  st->debug_place(brittle, geo::Point{60 * kIn, 30 * kIn}, 270);
  ASSERT_TRUE(st->apply(act::kEndMoves).ok());
  EXPECT_TRUE(st->element(brittle).routing);
  EXPECT_EQ(st->element(brittle).base.heading(), geo::Angle::degrees(90));
  EXPECT_EQ(st->element(brittle).base.centre(), (geo::Point{60 * kIn, 36 * kIn}));
  // Negative: a shaken element does not.
  EXPECT_FALSE(st->element(other).routing);
}

}  // namespace
}  // namespace carroccio::gwkho

namespace carroccio::gwkho {
namespace {

TEST(Gwkho_Combat, Clause_CC_14_MountedBeatenBackByFootMayRout) {
  const auto g = open_game();
  auto play = [&](game::Action choice, bool* routing) {
    auto st = start(g);
    st->debug_set_pips(0, 0);
    st->debug_set_pips(1, 0);
    const int e = find(*g, "red.0.1.0"), t = find(*g, "blue.1.2.0");  // Hc(o) against HI(o)
    face_off(*st, e, t, 30, 24);
    st->debug_start_combat();
    const auto d = dice_where(st->combat_situation(e, t), [](const CombatOutcome& o) {
      return o.a == Result::kPushBack && o.may_rout_a;
    });
    ASSERT_TRUE(d);
    ASSERT_TRUE(st->apply(combat_dice(*d)).ok());
    ASSERT_EQ(st->fight_step(), FightStep::kMayRout);
    EXPECT_EQ(st->current_player(), 0);
    EXPECT_EQ(st->legal_actions(), (std::vector<game::Action>{act::kStandFast, act::kRoutAway}));
    ASSERT_TRUE(st->apply(choice).ok());
    *routing = st->element(e).routing;
  };
  bool routing = false;
  play(act::kRoutAway, &routing);
  EXPECT_TRUE(routing);
  play(act::kStandFast, &routing);
  EXPECT_FALSE(routing);
  // Negative: horse beaten back by horse have no such choice.
  auto st = testing::start_moves(g);
  const int e = find(*g, "red.0.1.0"), t = find(*g, "blue.0.0.3");
  face_off(*st, e, t, 30, 24);
  st->debug_start_combat();
  const auto d = dice_where(st->combat_situation(e, t),
                            [](const CombatOutcome& o) { return o.a == Result::kPushBack; });
  ASSERT_TRUE(d);
  ASSERT_TRUE(st->apply(combat_dice(*d)).ok());
  EXPECT_NE(st->fight_step(), FightStep::kMayRout);
}

}  // namespace
}  // namespace carroccio::gwkho

namespace carroccio::gwkho {
namespace {

TEST(Gwkho_Morale, Clause_Pip_18_RallyABrokenElementInPlay) {
  const auto g = open_game();
  auto st = start(g);
  const int e = find(*g, "red.0.1.0"), other = find(*g, "red.0.1.1");
  st->debug_place(e, geo::Point{30 * kIn, 30 * kIn}, 90);
  st->debug_rout(e);
  st->debug_set_pips(0, 3);
  st->debug_set_pips(1, 0);
  const auto legal = st->legal_actions();
  EXPECT_TRUE(has(legal, act::kRallyBroken + e));
  // Negative: a steady element is not rallied.
  EXPECT_FALSE(has(legal, act::kRallyBroken + other));
  ASSERT_TRUE(st->apply(act::kRallyBroken + e).ok());
  EXPECT_FALSE(st->element(e).routing);
  EXPECT_EQ(st->element(e).loss, Loss::kNone);
  EXPECT_EQ(st->pips(0), 1);  // [Pip-18] 2 PIPs
  // Negative: with one PIP left, another router is not offered.
  st->debug_place(other, geo::Point{40 * kIn, 30 * kIn}, 90);
  st->debug_rout(other);
  EXPECT_FALSE(has(st->legal_actions(), act::kRallyBroken + other));
  EXPECT_FALSE(st->apply(act::kRallyBroken + other).ok());
}

TEST(Gwkho_Morale, Clause_Mor_17_TheEnemyBreaksUnreliableTroopsInPlay) {
  nlohmann::json army = nlohmann::json::parse(testing::read_file(
      std::string(CARROCCIO_SOURCE_DIR) + "/scenarios/gwkho/armies/poitiers-english.json"));
  army["commands"][1]["elements"][2]["status"] = "unreliable";  // blue's HI(o)
  nlohmann::json j = testing::small_scenario("red", false);
  j["sides"][1]["army"] = army;
  const auto g = testing::make_game(j);
  auto st = start(g);
  const int hi = find(*g, "blue.1.2.0"), lb = find(*g, "blue.0.1.0");
  st->debug_set_pips(0, 1);
  st->debug_set_pips(1, 0);
  auto legal = st->legal_actions();
  EXPECT_TRUE(has(legal, act::kBreakEnemy + hi));
  EXPECT_FALSE(has(legal, act::kBreakEnemy + lb));  // negative: not unreliable
  ASSERT_TRUE(st->apply(act::kBreakEnemy + hi).ok());
  EXPECT_EQ(st->pips(0), 0);  // [Pip-18] 1 PIP, as breaking one's own
  EXPECT_EQ(st->element(hi).loss, Loss::kBroken);
  EXPECT_EQ(st->morale_of(hi), Morale::kBroken);
  // Negative: once the breaker's own troops have become shaken, no more.
  auto st2 = start(g);
  for (int e = 0, n = 0; e < g->num_elements() && n < 15; ++e)
    if (g->element(e).side == 0 && g->element(e).command == 0 && !g->element(e).general) {
      st2->debug_kill(e);
      ++n;
    }
  st2->debug_set_pips(0, 6);
  EXPECT_FALSE(has(st2->legal_actions(), act::kBreakEnemy + hi));
}

}  // namespace
}  // namespace carroccio::gwkho

namespace carroccio::gwkho {
namespace {

TEST(Gwkho_Combat, Clause_CC_18_ASquareFriendCoversAFlank) {
  // Red's Ph(i) of Philip's command become Pk(o), which form squares.
  nlohmann::json army = nlohmann::json::parse(testing::read_file(
      std::string(CARROCCIO_SOURCE_DIR) + "/scenarios/gwkho/armies/legnano-imperial.json"));
  army["commands"][1]["elements"][2]["type"] = "Pk";
  army["commands"][1]["elements"][2]["grade"] = "o";
  nlohmann::json j = testing::small_scenario("red", false);
  j["sides"][0]["army"] = army;
  const auto g = testing::make_game(j);
  const int p = find(*g, "red.1.2.0"), q = find(*g, "red.1.2.1"), h = find(*g, "red.0.1.0");
  const int t = find(*g, "blue.1.2.0"), f = find(*g, "blue.1.2.1");
  // p faces blue's t; blue's f strikes p's left flank; q stands back to back with p.
  auto set_up = [&](GwkhoState& st, int friend_el, int friend_heading) {
    face_off(st, p, t, 30, 24);
    const geo::Base& pb = st.element(p).base;
    const geo::Base hit =
        geo::place_in_contact(pb, geo::Side::kLeft, st.element(f).base, geo::Side::kFront, 0);
    st.debug_place(f, hit.centre(), hit.heading().units() / 3600);
    const std::int64_t back = pb.depth() / 2 + st.element(friend_el).base.depth() / 2;
    st.debug_place(friend_el, geo::Point{pb.centre().x, pb.centre().y + back}, friend_heading);
  };
  auto st = start(g);
  set_up(*st, q, 90);
  EXPECT_EQ(st->combat_situation(p, t).a.flank_enemies, 0);
  // Negative: a rank behind facing the same way is no square: the flank counts.
  auto st2 = start(g);
  set_up(*st2, q, 270);
  EXPECT_EQ(st2->combat_situation(p, t).a.flank_enemies, 1);
  // Negative: a friend that forms no square (heavy cavalry) covers nothing.
  auto st3 = start(g);
  set_up(*st3, h, 90);
  EXPECT_EQ(st3->combat_situation(p, t).a.flank_enemies, 1);
}

// The browser's odds table (issue 20): a close combat's results split by element, each element
// named once in the head, and a shot's by its target; every result's parts in the heads' order.
TEST(Gwkho_View, CombatAndShotOddsSplitEachResultByElement) {
  const auto g = open_game();
  auto [st, e1, t1, e2, t2] = two_combats(g);
  const auto odds = st->action_odds(act::kChooseCombat + e2);
  ASSERT_TRUE(odds.is_object());
  EXPECT_EQ(odds["result_heads"], nlohmann::json::array({g->short_label(e2), g->short_label(t2)}));
  ASSERT_FALSE(odds["results"].empty());
  for (const auto& r : odds["results"]) {
    ASSERT_EQ(r["parts"].size(), 2U) << r.dump();
    // The sentence says the same: each element's part after its name.
    const std::string text = r["result"];
    EXPECT_EQ(text,
              fmt::format("{} {}, {} {}", g->short_label(e2), r["parts"][0].get<std::string>(),
                          g->short_label(t2), r["parts"][1].get<std::string>()));
  }
  // Negative: a decision with no odds has no table at all.
  EXPECT_TRUE(st->action_odds(act::kEndMoves).is_null());
}

// The event of a close combat names its pieces for a board (core/event_pieces.hpp):
// the moving side's element as the attacker, the enemy as the target; the text is
// unchanged.
TEST(Gwkho_View, ACloseCombatEventNamesAttackerAndTarget) {
  const auto g = open_game();
  auto st = start(g);
  core::EventLog log;
  st->set_event_sink(&log);
  st->debug_set_pips(0, 0);
  st->debug_set_pips(1, 0);
  const int e = find(*g, "red.0.0.1"), t = find(*g, "blue.1.2.0");
  face_off(*st, e, t, 20, 24);
  st->debug_start_combat();
  ASSERT_TRUE(st->is_chance_node());
  ASSERT_TRUE(st->apply(act::kCombatDice).ok());  // both dice 1
  const core::Event* fight = nullptr;
  for (const auto& ev : log.events())
    if (ev.kind == "combat") fight = &ev;
  ASSERT_NE(fight, nullptr);
  EXPECT_EQ(fight->data["attackers"], nlohmann::json::array({"red.0.0.1"}));
  EXPECT_EQ(fight->data["targets"], nlohmann::json::array({"blue.1.2.0"}));
  // The text names the elements as the board and the decisions do, never by file id.
  EXPECT_EQ(fight->text.rfind(g->troop_label(e) + " ", 0), 0U) << fight->text;
  EXPECT_NE(fight->text.find(g->troop_label(t)), std::string::npos) << fight->text;
  EXPECT_EQ(fight->text.find("red.0.0.1"), std::string::npos) << fight->text;
  EXPECT_EQ(fight->text.find("blue.1.2.0"), std::string::npos) << fight->text;
  // Negative: an event that is no attack names no pieces.
  for (const auto& ev : log.events()) {
    if (ev.kind != "combat") {
      EXPECT_FALSE(ev.data.contains("attackers")) << ev.kind;
    }
  }
}

// Issue 18: the log's results are words, as the odds and the board write them ("holds",
// "pushed back"), never the data's codes ("no_effect", "push_back").
TEST(Gwkho_View, ACloseCombatLogWritesItsResultsInWords) {
  const auto g = open_game();
  auto [st, e1, t1, e2, t2] = two_combats(g);
  core::EventLog log;
  st->set_event_sink(&log);
  ASSERT_TRUE(st->apply(act::kChooseCombat + e2).ok());
  // Forced dice: a draw, so both hold.
  const auto draw = dice_where(st->combat_situation(e2, t2),
                               [](const CombatOutcome& o) { return o.winner == Winner::kNone; });
  ASSERT_TRUE(draw);
  const CombatOutcome o = resolve_combat(st->combat_situation(e2, t2), draw->first, draw->second);
  ASSERT_EQ(o.a, Result::kNoEffect);
  ASSERT_EQ(o.b, Result::kNoEffect);
  ASSERT_TRUE(st->apply(combat_dice(*draw)).ok());
  const core::Event* fight = nullptr;
  for (const auto& ev : log.events())
    if (ev.kind == "combat") fight = &ev;
  ASSERT_NE(fight, nullptr);
  const std::string tail =
      fmt::format(": {} holds, {} holds", g->short_label(e2), g->short_label(t2));
  EXPECT_EQ(fight->text.substr(fight->text.size() - std::min(fight->text.size(), tail.size())),
            tail)
      << fight->text;
  // Negative: no result code of the data appears in any event of the combat step.
  for (const auto& ev : log.events())
    for (Result r : {Result::kNoEffect, Result::kPushBack, Result::kCrewFlee})
      EXPECT_EQ(ev.text.find(result_id(r)), std::string::npos) << ev.text;
}

// Issue 18: a refused decision names the element as the board and the log do (its troop label)
// and the pool of PIPs by its general's command, never by file ids.
TEST(Gwkho_View, ARefusalNamesElementsAndCommandsAsTheBoardDoes) {
  const auto g = open_game();
  auto st = start(g);
  st->debug_set_pips(0, 0);
  const int e = find(*g, "red.0.2.1"), enemy = find(*g, "blue.1.2.0");
  // An enemy's element is not the moving side's to move.
  const auto theirs = st->plan(act::move(enemy, act::kAdvance));
  ASSERT_FALSE(theirs.ok());
  EXPECT_EQ(theirs.message(),
            game::table::says(g->troop_label(enemy), "is") + " not yours to move.");
  // A move it cannot pay for names the command by its general.
  const auto poor = st->apply(act::person(act::move(e, act::kTurnAbout)));
  ASSERT_FALSE(poor.ok());
  EXPECT_NE(poor.message().find(g->command_label(0, 0) + " has 0"), std::string::npos)
      << poor.message();
  // Negative: no file id and no bare "command" word stand in for the names.
  for (const std::string& m : {theirs.message(), poor.message()}) {
    EXPECT_EQ(m.find("blue.1.2.0"), std::string::npos) << m;
    EXPECT_EQ(m.find("red.0.2.1"), std::string::npos) << m;
    EXPECT_EQ(m.find("the command has"), std::string::npos) << m;
  }
}

}  // namespace
}  // namespace carroccio::gwkho
