// The gwkho sequence options and regiments (state_bound.cpp): random activation of commands with
// decisive commanders (Seq-6 .. Seq-8, ruling G-6), regiments' own PIPs (Pip-2, G-7, G-7a) and
// surrender (Mor-19, G-37), every die forced.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>

#include "core/event.hpp"
#include "fmt/format.h"
#include "game/record.hpp"
#include "game/registry.hpp"
#include "rulesets/gwkho/ruleset.hpp"
#include "rulesets/gwkho/state.hpp"
#include "rulesets/gwkho/tests/test_util.hpp"

namespace carroccio::gwkho {
namespace {

using testing::builtin_list;
using testing::find;
using testing::hold_side;
using testing::make_game;
using testing::play_while_active;
using testing::set_pips;
using testing::small_scenario;
using testing::start;

using testing::kIn;

RuleOptions random_sequence() {
  RuleOptions r;
  r.random_activation = true;
  return r;
}

game::Action initiative(int d0, int d1) { return act::kInitiativeDice + 6 * (d0 - 1) + (d1 - 1); }

using testing::listed;

std::vector<game::Action> outcomes(const GwkhoState& st) {
  std::vector<game::Action> out;
  for (const auto& o : st.chance_outcomes()) out.push_back(o.action);
  return out;
}

// Plays the acting command's bound to its end with nothing done: its PIP dice (the lowest), no
// moves, and the first choice of anything else, until the next activation is to be decided.
void play_out_activation(GwkhoState& st) {
  ASSERT_GE(st.acting_command(), 0);
  const int bound = st.bound();  // counts activations
  for (int guard = 0; guard < 500 && st.bound() == bound && !st.is_terminal(); ++guard) {
    if (st.is_chance_node()) {
      ASSERT_TRUE(st.apply(st.chance_outcomes().front().action).ok());
    } else if (listed(st, act::kEndMoves)) {
      ASSERT_TRUE(st.apply(act::kEndMoves).ok());
    } else {
      ASSERT_TRUE(st.apply(st.legal_actions().front()).ok());
    }
  }
}

// Red's army (legnano-imperial) with Philip of Heinsberg (command 1) decisive.
nlohmann::json decisive_scenario() {
  nlohmann::json j = small_scenario();
  nlohmann::json list = builtin_list("legnano-imperial");
  list["commands"][1]["decisive"] = true;
  j["sides"][0]["army"] = list;
  return j;
}

// ---------------------------------------------------------------------------------------------
// Random activation

TEST(Gwkho_Sequence, Clause_Seq_6_EachRoundTheInitiativeDiceThenACommandDrawnAtRandom) {
  const auto g = make_game(small_scenario(), random_sequence());
  auto st = start(g);
  core::EventLog log;
  st->set_event_sink(&log);
  // The round opens with both sides' dice, a chance node of 36 throws.
  EXPECT_EQ(st->phase(), Phase::kActivate);
  EXPECT_TRUE(st->is_chance_node());
  EXPECT_EQ(st->chance_outcomes().size(), 36u);
  EXPECT_EQ(st->chance_info().rule, "gwkho Seq-6");
  // Equal dice are thrown again.
  ASSERT_TRUE(st->apply(initiative(3, 3)).ok());
  EXPECT_EQ(st->phase(), Phase::kActivate);
  EXPECT_EQ(st->chance_outcomes().size(), 36u);
  // Blue (the second side) throws higher: it acts first; one of its three commands is drawn.
  ASSERT_TRUE(st->apply(initiative(2, 5)).ok());
  EXPECT_EQ(st->active(), 1);
  EXPECT_EQ(outcomes(*st), (std::vector<game::Action>{act::kDrawCommand + 0, act::kDrawCommand + 1,
                                                      act::kDrawCommand + 2}));
  ASSERT_TRUE(st->apply(act::kDrawCommand + 1).ok());
  EXPECT_EQ(st->acting_command(), 1);
  // Only the drawn command rolls its PIPs (Warwick is good: the better of two dice).
  EXPECT_EQ(st->phase(), Phase::kPips);
  EXPECT_EQ(st->chance_outcomes().size(), 36u);
  ASSERT_TRUE(st->apply(act::kTwoDice + 6 * (4 - 1) + (1 - 1)).ok());  // 4 and 1
  EXPECT_EQ(st->phase(), Phase::kMove);
  EXPECT_EQ(st->pips(1), 4);
  EXPECT_EQ(st->pips(0), 0);
  EXPECT_EQ(st->pips(2), 0);
  // Negative: the other commands' elements have no moves; the drawn command's have.
  bool own = false;
  for (game::Action a : st->legal_actions()) {
    if (a < act::kMoveBase || a >= act::kMoveEnd) continue;
    const int e = (a - act::kMoveBase) / act::kCodes;
    EXPECT_EQ(g->element(e).command, 1) << st->action_to_string(a);
    own = true;
  }
  EXPECT_TRUE(own);
  bool logged = false;
  for (const auto& ev : log.events())
    logged = logged || (ev.kind == "activate" && ev.rule == "gwkho Seq-6");
  EXPECT_TRUE(logged);
}

TEST(Gwkho_Sequence, Clause_Seq_6_SidesTakeTurnsAndEveryCommandActsOnceARound) {
  const auto g = make_game(small_scenario(), random_sequence());
  auto st = start(g);
  ASSERT_TRUE(st->apply(initiative(6, 1)).ok());  // red first
  EXPECT_EQ(st->active(), 0);
  ASSERT_TRUE(st->apply(act::kDrawCommand + 1).ok());
  play_out_activation(*st);
  // Blue's turn: three commands to draw from.
  EXPECT_EQ(st->active(), 1);
  EXPECT_EQ(outcomes(*st).size(), 3u);
  ASSERT_TRUE(st->apply(act::kDrawCommand + 2).ok());
  play_out_activation(*st);
  // Red's last command acts without a draw.
  EXPECT_EQ(st->active(), 0);
  EXPECT_EQ(st->acting_command(), 0);
  EXPECT_TRUE(st->activated(0, 1));
  EXPECT_FALSE(st->activated(0, 0));
  play_out_activation(*st);
  // Red is done: blue's two other commands follow one after the other.
  EXPECT_EQ(st->active(), 1);
  EXPECT_EQ(outcomes(*st),
            (std::vector<game::Action>{act::kDrawCommand + 0, act::kDrawCommand + 1}));
  ASSERT_TRUE(st->apply(act::kDrawCommand + 0).ok());
  play_out_activation(*st);
  EXPECT_EQ(st->active(), 1);
  EXPECT_EQ(st->acting_command(), 1);
  EXPECT_EQ(st->round(), 1);
  play_out_activation(*st);
  // Every command has acted: the next round's initiative dice.
  EXPECT_EQ(st->round(), 2);
  EXPECT_EQ(st->phase(), Phase::kActivate);
  EXPECT_EQ(st->chance_outcomes().size(), 36u);
  EXPECT_FALSE(st->activated(0, 0));
  EXPECT_FALSE(st->activated(1, 1));
}

TEST(Gwkho_Sequence, Clause_Seq_6_AlternateBoundsStayTheDefault) {
  const auto g = make_game(small_scenario());
  auto st = start(g);
  // No initiative dice and no activation: the first side's bound, every command's PIPs.
  EXPECT_EQ(st->phase(), Phase::kPips);
  EXPECT_EQ(st->acting_command(), -1);
  ASSERT_TRUE(st->apply(act::kTwoDice + 6 * (2 - 1) + (5 - 1)).ok());
  ASSERT_TRUE(st->apply(act::kOneDie + 3).ok());
  EXPECT_EQ(st->pips(0), 6);
  EXPECT_EQ(st->pips(1), 3);
  EXPECT_EQ(st->phase(), Phase::kMove);
}

TEST(Gwkho_Sequence, Clause_Seq_6_TheBoundsOfTheScenarioAreRoundsOfBothSides) {
  auto j = small_scenario();
  j["bounds"] = 2;  // one round
  const auto g = make_game(j, random_sequence());
  auto st = start(g);
  ASSERT_TRUE(st->apply(initiative(1, 2)).ok());
  for (int guard = 0; guard < 10 && !st->is_terminal(); ++guard) {
    if (st->acting_command() < 0) {
      ASSERT_TRUE(st->is_chance_node());
      ASSERT_TRUE(st->apply(st->chance_outcomes().front().action).ok());
      continue;
    }
    play_out_activation(*st);
  }
  // Five activations (2 red, 3 blue), then a draw: the bounds are played.
  EXPECT_TRUE(st->is_terminal());
  EXPECT_EQ(st->end_reason(), EndReason::kBoundLimit);
  EXPECT_EQ(st->winner(), 2);
  EXPECT_EQ(st->round(), 1);
}

TEST(Gwkho_Sequence, Clause_Seq_7_ADecisiveCommanderMayGoFirstOnceARound) {
  const auto g = make_game(decisive_scenario(), random_sequence());
  ASSERT_TRUE(g->side(0).army.commands[1].decisive);
  auto st = start(g);
  core::EventLog log;
  st->set_event_sink(&log);
  ASSERT_TRUE(st->apply(initiative(5, 2)).ok());  // red first
  // Before any draw, red decides: Philip's command first, or the draw.
  EXPECT_EQ(st->current_player(), 0);
  EXPECT_EQ(st->legal_actions(),
            (std::vector<game::Action>{act::kDecisiveFirst + 1, act::kDrawInstead}));
  ASSERT_TRUE(st->apply(act::kDecisiveFirst + 1).ok());
  EXPECT_EQ(st->acting_command(), 1);
  EXPECT_EQ(st->phase(), Phase::kPips);
  bool logged = false;
  for (const auto& ev : log.events()) logged = logged || ev.rule == "gwkho Seq-7";
  EXPECT_TRUE(logged);
  play_out_activation(*st);
  ASSERT_TRUE(st->apply(act::kDrawCommand + 0).ok());  // blue
  play_out_activation(*st);
  // Negative: red's second activation of the round offers no choice (its last command acts).
  EXPECT_EQ(st->active(), 0);
  EXPECT_EQ(st->acting_command(), 0);
}

TEST(Gwkho_Sequence, Clause_Seq_7_TheDecisiveChoiceComesOnlyBeforeTheSidesFirstActivation) {
  const auto g = make_game(decisive_scenario(), random_sequence());
  auto st = start(g);
  ASSERT_TRUE(st->apply(initiative(5, 2)).ok());
  // Red draws instead: the dice choose, and Frederick's command is drawn.
  ASSERT_TRUE(st->apply(act::kDrawInstead).ok());
  EXPECT_TRUE(st->is_chance_node());
  ASSERT_TRUE(st->apply(act::kDrawCommand + 0).ok());
  EXPECT_EQ(st->acting_command(), 0);
  play_out_activation(*st);
  ASSERT_TRUE(st->apply(act::kDrawCommand + 0).ok());  // blue
  play_out_activation(*st);
  // Philip's command acts now, but as the last one, not by choice: no decision was offered.
  EXPECT_EQ(st->acting_command(), 1);
  EXPECT_EQ(st->phase(), Phase::kPips);
  // Negative: a game of alternate bounds never asks.
  const auto alt = make_game(decisive_scenario());
  auto a = start(alt);
  EXPECT_EQ(a->phase(), Phase::kPips);
  EXPECT_FALSE(listed(*a, act::kDecisiveFirst + 1));
}

TEST(Gwkho_Sequence, Clause_Seq_8_AnElementShootsOnceInTheEnemysActivationsOfARound) {
  const auto g = make_game(small_scenario(), random_sequence());
  auto st = start(g);
  ASSERT_TRUE(st->apply(initiative(6, 1)).ok());  // red first
  ASSERT_TRUE(st->apply(act::kDrawCommand + 0).ok());
  ASSERT_TRUE(st->apply(act::kTwoDice).ok());  // Frederick's PIPs
  // A blue longbow 4" in front of a red knight; the red knight's group held (impetuous).
  const int bow = find(*g, "blue.0.1.0");
  const int knight = find(*g, "red.0.0.0");
  st->debug_place(bow, {36 * kIn, 20 * kIn}, 90);
  st->debug_place(knight, {36 * kIn, 25 * kIn}, 270);
  hold_side(*st, 0);
  EXPECT_FALSE(st->shot_targets(bow).empty());
  ASSERT_TRUE(st->apply(act::kEndMoves).ok());
  // The bow shoots in red's activation (dice 1 and 1: nothing).
  ASSERT_EQ(st->phase(), Phase::kShoot);
  ASSERT_EQ(st->pending_a(), bow);
  ASSERT_TRUE(st->apply(act::kShotDice).ok());
  for (int guard = 0; guard < 100 && st->bound() == 1; ++guard) {
    if (st->is_chance_node())
      ASSERT_TRUE(st->apply(st->chance_outcomes().front().action).ok());
    else
      ASSERT_TRUE(st->apply(st->legal_actions().front()).ok());
  }
  EXPECT_TRUE(st->shot_in_enemy_activation(bow));
  // Blue's activation (command 2), then red's second (Philip's): the bow stays silent.
  ASSERT_TRUE(st->apply(act::kDrawCommand + 2).ok());
  play_out_activation(*st);
  ASSERT_EQ(st->active(), 0);
  ASSERT_EQ(st->acting_command(), 1);
  st->debug_place(knight, {36 * kIn, 25 * kIn}, 270);
  st->debug_place(bow, {36 * kIn, 20 * kIn}, 90);
  EXPECT_TRUE(st->shot_targets(bow).empty());
  // Negative: in its own side's activation of the same round (command 0) it shoots again.
  play_out_activation(*st);
  ASSERT_EQ(st->active(), 1);
  ASSERT_TRUE(st->apply(act::kDrawCommand + 0).ok());
  st->debug_place(knight, {36 * kIn, 25 * kIn}, 270);
  st->debug_place(bow, {36 * kIn, 20 * kIn}, 90);
  EXPECT_FALSE(st->shot_targets(bow).empty());
}

TEST(Gwkho_Sequence, Clause_Seq_6_OnlyTheCombatsOfTheActingCommandAreFought) {
  const auto g = make_game(small_scenario(), random_sequence());
  auto st = start(g);
  ASSERT_TRUE(st->apply(initiative(6, 1)).ok());
  ASSERT_TRUE(st->apply(act::kDrawCommand + 0).ok());
  ASSERT_TRUE(st->apply(act::kTwoDice).ok());
  // Philip's knight (command 1) front to front with a blue man-at-arms: not Frederick's combat.
  const int philip = find(*g, "red.1.0.0");
  const int blue = find(*g, "blue.2.2.0");
  st->debug_place(philip, {36 * kIn, 25 * kIn}, 270);
  const std::int64_t depths =
      (st->element(philip).base.depth() + st->element(blue).base.depth()) / 2;
  st->debug_place(blue, {36 * kIn, 25 * kIn - depths}, 90);
  ASSERT_EQ(st->front_enemy(philip), blue);
  EXPECT_TRUE(st->combat_candidates(0).empty());
  EXPECT_TRUE(st->combat_candidates(1).empty());
  // Positive: a knight of Frederick's command in the same place fights.
  const int fred = find(*g, "red.0.0.0");
  st->debug_kill(philip);
  st->debug_place(fred, {36 * kIn, 25 * kIn}, 270);
  EXPECT_EQ(st->combat_candidates(0), std::vector<int>{fred});
}

// ---------------------------------------------------------------------------------------------
// Regiments

std::unique_ptr<GwkhoState> legnano(std::shared_ptr<const GwkhoGame>* game) {
  game::Registry r;
  r.add(make_ruleset());
  auto g = r.load("gwkho/legnano", {});
  EXPECT_TRUE(g.ok()) << g.message();
  *game = std::dynamic_pointer_cast<const GwkhoGame>(*g);
  return start(*game);
}

TEST(Gwkho_Regiments, Clause_Pip_2_ActivatingARegimentCostsAPipThenItRollsTheWorseOfTwoDice) {
  std::shared_ptr<const GwkhoGame> g;
  auto st = legnano(&g);
  core::EventLog log;
  st->set_event_sink(&log);
  ASSERT_EQ(g->side(0).army.commands[1].regiments.size(), 1u);  // the Como militia, 14
  ASSERT_EQ(st->num_regiments(), 1);
  ASSERT_TRUE(st->apply(act::kTwoDice + 6 * (3 - 1) + (3 - 1)).ok());  // Frederick
  ASSERT_TRUE(st->apply(act::kOneDie + 4).ok());                       // Philip: 4
  ASSERT_EQ(st->phase(), Phase::kMove);
  const int militia = find(*g, "imperial.1.r0.0.0");
  // Not activated: the militia has no PIPs and no moves.
  EXPECT_EQ(st->pips_for(militia), 0);
  for (game::Action a : st->legal_actions()) {
    if (a >= act::kMoveBase && a < act::kMoveEnd) {
      EXPECT_NE(g->element((a - act::kMoveBase) / act::kCodes).regiment, 0)
          << st->action_to_string(a);
    }
  }
  ASSERT_TRUE(listed(*st, act::kActivateRegiment + 0));
  ASSERT_TRUE(st->apply(act::kActivateRegiment + 0).ok());
  EXPECT_EQ(st->pips(1), 3);  // 1 PIP of Philip's
  // Its own dice: a chance node of two dice, the worse counting (14 elements: nothing less).
  EXPECT_TRUE(st->is_chance_node());
  EXPECT_EQ(st->chance_outcomes().size(), 36u);
  EXPECT_EQ(st->chance_info().rule, "gwkho Pip-2");
  ASSERT_TRUE(st->apply(act::kRegimentDice + 6 * (5 - 1) + (2 - 1)).ok());
  EXPECT_EQ(st->regiment_pips(0), 2);
  EXPECT_EQ(st->pips_for(militia), 2);
  EXPECT_EQ(st->pips(1), 3);
  // Its elements move on its PIPs, not their command's.
  bool moves = false;
  for (game::Action a : st->legal_actions())
    if (a >= act::kMoveBase && a < act::kMoveEnd &&
        g->element((a - act::kMoveBase) / act::kCodes).regiment == 0) {
      if (!moves) {
        ASSERT_TRUE(st->apply(a).ok()) << st->action_to_string(a);
        moves = true;
        break;
      }
    }
  EXPECT_TRUE(moves);
  EXPECT_LT(st->regiment_pips(0), 2);
  EXPECT_EQ(st->pips(1), 3);
  // Negative: once a bound.
  EXPECT_FALSE(listed(*st, act::kActivateRegiment + 0));
  EXPECT_FALSE(st->apply(act::kActivateRegiment + 0).ok());
  bool logged = false;
  for (const auto& ev : log.events()) logged = logged || ev.rule == "gwkho Pip-2";
  EXPECT_TRUE(logged);
}

TEST(Gwkho_Regiments, Clause_Pip_2_NoActivationWithoutThePipAndOneLessBelowTenElements) {
  std::shared_ptr<const GwkhoGame> g;
  auto st = legnano(&g);
  ASSERT_TRUE(st->apply(act::kTwoDice).ok());
  ASSERT_TRUE(st->apply(act::kOneDie + 1).ok());  // Philip: 1
  st->debug_set_pips(1, 0);
  // Negative: no PIP left in Philip's command, no activation.
  EXPECT_FALSE(listed(*st, act::kActivateRegiment + 0));
  st->debug_set_pips(1, 1);
  // Five of the fourteen lost: nine left, one PIP less (dice 5 and 4: 4 - 1 = 3).
  for (int k = 0; k < 5; ++k) st->debug_kill(find(*g, fmt::format("imperial.1.r0.0.{}", k)));
  ASSERT_TRUE(st->apply(act::kActivateRegiment + 0).ok());
  EXPECT_EQ(st->pips(1), 0);
  ASSERT_TRUE(st->apply(act::kRegimentDice + 6 * (5 - 1) + (4 - 1)).ok());
  EXPECT_EQ(st->regiment_pips(0), 3);
}

TEST(Gwkho_Regiments, Clause_Pip_2_ARegimentsElementsMeasureCommandRangeFromItsStand) {
  std::shared_ptr<const GwkhoGame> g;
  auto st = legnano(&g);
  ASSERT_TRUE(st->apply(act::kTwoDice).ok());
  ASSERT_TRUE(st->apply(act::kOneDie + 6).ok());
  const int stand = find(*g, "imperial.1.r0.0.0");
  const int other = find(*g, "imperial.1.r0.0.13");
  int range = 0;
  EXPECT_EQ(st->command_post(other, &range), stand);
  EXPECT_EQ(range, 6);
  st->debug_set_regiment_pips(0, 6);
  // Alone, 5 inches behind the stand: in command; 8 inches: out (+1 PIP, Pip-6).
  const geo::Point at = st->element(stand).base.centre();
  st->debug_place(other, {at.x, at.y + 5 * kIn}, 270);
  auto near = st->plan(act::move(other, act::kTurnAbout));
  ASSERT_TRUE(near.ok()) << near.message();
  EXPECT_FALSE(near->cost.out_of_command);
  st->debug_place(other, {at.x, at.y + 8 * kIn}, 270);
  auto far = st->plan(act::move(other, act::kTurnAbout));
  ASSERT_TRUE(far.ok()) << far.message();
  EXPECT_TRUE(far->cost.out_of_command);
  // Negative: an element of the command outside the regiment measures 24" from its general.
  const int knight = find(*g, "imperial.1.0.0");
  EXPECT_EQ(st->command_post(knight, &range), find(*g, "imperial.1.0.0"));
  EXPECT_EQ(range, 24);
  // The stand lost: every element of the regiment is out of command.
  st->debug_kill(stand);
  EXPECT_EQ(st->command_post(other, &range), -1);
}

TEST(Gwkho_Regiments, Clause_Pip_2_ARegimentGroupsOnlyWithItsOwnElements) {
  std::shared_ptr<const GwkhoGame> g;
  auto st = legnano(&g);
  // The Brescian horse (regiment 0 of the allied command) in a line; a horseman of Piacenza
  // (regiment 1, the same troop) put in the place of the second of them.
  const int first = find(*g, "lombard.2.r0.0.0");
  const int second = find(*g, "lombard.2.r0.0.1");
  const int stranger = find(*g, "lombard.2.r1.0.0");
  const geo::Point where = st->element(second).base.centre();
  st->debug_kill(second);
  st->debug_place(stranger, where, 90);
  const auto group = st->group_of(first);
  EXPECT_EQ(group, std::vector<int>{first});
  EXPECT_EQ(st->group_of(stranger), std::vector<int>{stranger});
  // Positive: the Brescian horse beyond it are still one group.
  const auto rest = st->group_of(find(*g, "lombard.2.r0.0.2"));
  EXPECT_EQ(rest.size(), 4u);
}

// ---------------------------------------------------------------------------------------------
// Surrender

// Red's knight broken this bound 5 inches from blue's Gascon foot, the year 1510 (Christians
// against Christians after 1500), in blue's bound; the end of the bound comes with no move.
std::unique_ptr<GwkhoState> surrender_table(std::shared_ptr<const GwkhoGame>* g, bool option,
                                            int year, int captor_inches) {
  auto j = small_scenario("blue", false);
  j["year"] = year;
  RuleOptions r;
  r.surrender = option;
  *g = make_game(j, r);
  auto st = start(*g);
  set_pips(*st, {0, 0, 0});
  const int knight = find(**g, "red.0.0.0");
  const int foot = find(**g, "blue.1.2.0");
  st->debug_place(knight, {36 * kIn, 30 * kIn}, 270);
  st->debug_place(foot, {36 * kIn + captor_inches * kIn + 2000, 30 * kIn}, 0);
  hold_side(*st, 1);
  st->debug_rout(knight);
  return st;
}

TEST(Gwkho_Surrender, Clause_Mor_19_ABrokenElementNearCaptorsSurrendersWithTheOption) {
  std::shared_ptr<const GwkhoGame> g;
  auto st = surrender_table(&g, true, 1510, 5);
  core::EventLog log;
  st->set_event_sink(&log);
  const int knight = find(*g, "red.0.0.0");
  ASSERT_TRUE(st->apply(act::kEndMoves).ok());
  play_while_active(*st, 1, 100);
  EXPECT_FALSE(st->element(knight).alive);
  EXPECT_EQ(st->element(knight).loss, Loss::kDestroyed);
  bool logged = false;
  for (const auto& ev : log.events()) logged = logged || ev.rule == "gwkho Mor-19";
  EXPECT_TRUE(logged);
}

TEST(Gwkho_Surrender, Clause_Mor_19_NoSurrenderWithoutTheOptionBefore1500OrFarFromCaptors) {
  struct Case {
    bool option;
    int year, inches;
  };
  for (const Case c : {Case{false, 1510, 5}, Case{true, 1450, 5}, Case{true, 1510, 10}}) {
    std::shared_ptr<const GwkhoGame> g;
    auto st = surrender_table(&g, c.option, c.year, c.inches);
    const int knight = find(*g, "red.0.0.0");
    ASSERT_TRUE(st->apply(act::kEndMoves).ok());
    play_while_active(*st, 1, 100);
    EXPECT_TRUE(st->element(knight).alive) << c.option << ' ' << c.year << ' ' << c.inches;
  }
}

// Blue's bound in 1510 with surrender on: blue's heavy foot blue.1.2.0 and .1 routing (broken
// this bound) 4 inches from red knights that take prisoners; blue's command 1 has `pips`. The
// bound goes straight to its close combat (there is none), then its end.
std::unique_ptr<GwkhoState> hold_table(std::shared_ptr<const GwkhoGame>* g, int pips) {
  auto j = small_scenario("blue", false);
  j["year"] = 1510;
  RuleOptions r;
  r.surrender = true;
  *g = make_game(j, r);
  auto st = start(*g);
  set_pips(*st, {0, pips, 0});
  for (int k = 0; k < 2; ++k) {
    const int foot = find(**g, fmt::format("blue.1.2.{}", k));
    const int knight = find(**g, fmt::format("red.0.0.{}", k));
    st->debug_place(foot, {(30 + 10 * k) * kIn, 30 * kIn}, 90);
    st->debug_place(knight, {(30 + 10 * k) * kIn, 35 * kIn}, 270);
    st->debug_rout(foot);
  }
  return st;
}

bool logged_rule(const core::EventLog& log, std::string_view rule, std::string_view text) {
  for (const auto& ev : log.events())
    if (ev.rule == rule && ev.text.find(text) != std::string::npos) return true;
  return false;
}

TEST(Gwkho_Surrender, Clause_Mor_19_TheMovingSideHoldsAnElementAgainstSurrenderForAPip) {
  std::shared_ptr<const GwkhoGame> g;
  auto st = hold_table(&g, 1);
  core::EventLog log;
  st->set_event_sink(&log);
  const int first = find(*g, "blue.1.2.0"), second = find(*g, "blue.1.2.1");
  st->debug_start_combat();
  // Before the surrenders, blue decides for its first element: a candidate for the agents too.
  ASSERT_EQ(st->fight_step(), FightStep::kHoldSurrender);
  EXPECT_EQ(st->current_player(), 1);
  EXPECT_EQ(st->pending_a(), first);
  EXPECT_EQ(st->legal_actions(),
            (std::vector<game::Action>{act::kLetSurrender, act::kHoldSurrender}));
  // Neither choice rolls a die: the browser shows no odds for them.
  EXPECT_FALSE(st->action_to_json(act::kHoldSurrender).contains("odds"));
  EXPECT_FALSE(st->action_to_json(act::kLetSurrender).contains("rolls"));
  ASSERT_TRUE(st->apply(act::kHoldSurrender).ok());
  // Held for its PIP; the second, with no PIP left, is not offered and surrenders.
  EXPECT_TRUE(st->element(first).alive);
  EXPECT_FALSE(st->element(second).alive);
  EXPECT_EQ(st->element(second).loss, Loss::kDestroyed);
  EXPECT_TRUE(logged_rule(log, "gwkho Mor-19", "held against surrender (1 PIP)"));
  EXPECT_EQ(st->active(), 0);  // the bound ended: red's
}

TEST(Gwkho_Surrender, Clause_Mor_19_NoHoldWithoutThePipOrForTheOtherSideOrWhenLetGo) {
  {
    // Let go: it surrenders.
    std::shared_ptr<const GwkhoGame> g;
    auto st = hold_table(&g, 2);
    st->debug_start_combat();
    ASSERT_EQ(st->fight_step(), FightStep::kHoldSurrender);
    ASSERT_TRUE(st->apply(act::kLetSurrender).ok());
    ASSERT_EQ(st->fight_step(), FightStep::kHoldSurrender);  // the second element's turn
    EXPECT_EQ(st->pending_a(), find(*g, "blue.1.2.1"));
    ASSERT_TRUE(st->apply(act::kHoldSurrender).ok());
    EXPECT_FALSE(st->element(find(*g, "blue.1.2.0")).alive);
    EXPECT_TRUE(st->element(find(*g, "blue.1.2.1")).alive);
  }
  {
    // No PIP: no decision, both surrender.
    std::shared_ptr<const GwkhoGame> g;
    auto st = hold_table(&g, 0);
    st->debug_start_combat();
    EXPECT_NE(st->fight_step(), FightStep::kHoldSurrender);
    EXPECT_FALSE(st->element(find(*g, "blue.1.2.0")).alive);
    EXPECT_FALSE(st->element(find(*g, "blue.1.2.1")).alive);
  }
  {
    // The other side has no PIPs in this bound: red's routing knight near blue is not offered.
    std::shared_ptr<const GwkhoGame> g;
    auto st = hold_table(&g, 2);
    for (int k = 0; k < 2; ++k) st->debug_kill(find(*g, fmt::format("blue.1.2.{}", k)));
    const int knight = find(*g, "red.0.0.0");
    st->debug_place(find(*g, "blue.1.1.0"), {30 * kIn, 30 * kIn}, 90);
    st->debug_rout(knight);
    st->debug_start_combat();
    EXPECT_NE(st->fight_step(), FightStep::kHoldSurrender);
    EXPECT_FALSE(st->element(knight).alive);
  }
}

// Red's Como militia (red command 1 group 2) as pike, Pk(o), of `people`, in `year`, with
// surrender on; blue's heavy foot (blue command 1 group 2) of `blue_people` (none when empty),
// blue.1.2.0 placed the nearest enemy of red.1.2.0, 9 inches in front of it (too far to take
// prisoners). Red moves first, with no PIPs.
std::unique_ptr<GwkhoState> pike_table(std::shared_ptr<const GwkhoGame>* g, const char* people,
                                       const char* blue_people, int year) {
  auto j = small_scenario("red", false);
  j["year"] = year;
  nlohmann::json red = builtin_list("legnano-imperial");
  red["commands"][1]["elements"][2]["type"] = "Pk";
  red["commands"][1]["elements"][2]["grade"] = "o";
  red["commands"][1]["elements"][2]["peoples"] = {people};
  j["sides"][0]["army"] = red;
  if (*blue_people != '\0') {
    nlohmann::json blue = builtin_list("poitiers-english");
    blue["commands"][1]["elements"][2]["peoples"] = {blue_people};
    j["sides"][1]["army"] = blue;
  }
  RuleOptions r;
  r.surrender = true;
  *g = make_game(j, r);
  auto st = start(*g);
  set_pips(*st, {0, 0});
  st->debug_place(find(**g, "red.1.2.0"), {36 * kIn, 30 * kIn}, 270);
  st->debug_place(find(**g, "blue.1.2.0"), {36 * kIn, 20 * kIn}, 90);
  return st;
}

// Red loses elements (not its pike) until its army ledger is at least `m`.
void shake_red(GwkhoState& st, Morale m) {
  for (int e = 0; e < st.num_elements() && st.army_morale_of(0).army() < m; ++e)
    if (st.side_of(e) == 0 && st.gw().element(e).id.rfind("red.1.2.", 0) != 0) st.debug_kill(e);
  ASSERT_GE(st.army_morale_of(0).army(), m);
}

TEST(Gwkho_Surrender, Clause_Mor_19_LandsknechtsGiveUpWhenTheirPikeShakeButNeverToTheSwiss) {
  struct Case {
    const char* blue_people;
    int year;
    bool shaken, gives_up;
  };
  for (const Case c : {Case{"", 1510, true, true}, Case{"swiss", 1510, true, false},
                       Case{"", 1510, false, false}, Case{"", 1490, true, false}}) {
    std::shared_ptr<const GwkhoGame> g;
    auto st = pike_table(&g, "landsknecht", c.blue_people, c.year);
    const int pike = find(*g, "red.1.2.0");
    if (c.shaken) shake_red(*st, Morale::kShaken);
    EXPECT_EQ(st->morale_of(pike) != Morale::kSteady, c.shaken);
    EXPECT_EQ(st->surrender_case(pike).nearest_enemy_swiss, *c.blue_people != '\0');
    st->debug_start_combat();
    EXPECT_EQ(st->element(pike).alive, !c.gives_up)
        << c.blue_people << ' ' << c.year << ' ' << c.shaken;
  }
}

TEST(Gwkho_Surrender, Clause_Mor_19_SwissAfter1550GiveUpWhenBrokenButNeverToLandsknechts) {
  struct Case {
    const char* blue_people;
    int year;
    bool broken, gives_up;
  };
  for (const Case c : {Case{"", 1555, true, true}, Case{"landsknecht", 1555, true, false},
                       Case{"", 1540, true, false}, Case{"", 1555, false, false}}) {
    std::shared_ptr<const GwkhoGame> g;
    auto st = pike_table(&g, "swiss", c.blue_people, c.year);
    const int pike = find(*g, "red.1.2.0");
    // Shaken (not broken) is not enough for the Swiss.
    shake_red(*st, Morale::kShaken);
    if (c.broken) st->debug_rout(pike);
    st->debug_start_combat();
    EXPECT_EQ(st->element(pike).alive, !c.gives_up)
        << c.blue_people << ' ' << c.year << ' ' << c.broken;
  }
}

// ---------------------------------------------------------------------------------------------
// Breaking one's own elements

TEST(Gwkho_Morale, Clause_Pip_18_ASideBreaksItsOwnElementForAPipAndItRouts) {
  const auto g = make_game(small_scenario("blue", false));
  auto st = start(g);
  core::EventLog log;
  st->set_event_sink(&log);
  set_pips(*st, {1, 1, 0});
  const int hi = find(*g, "blue.1.2.0");  // HI(o)
  st->debug_place(hi, {36 * kIn, 24 * kIn}, 90);
  const game::Action m = act::move(hi, act::kBreakOwn);
  // Never a candidate of the agents; a person asks for it.
  EXPECT_FALSE(listed(*st, m));
  EXPECT_FALSE(st->check_unlisted(m).ok());
  ASSERT_TRUE(st->check_unlisted(act::person(m)).ok())
      << st->check_unlisted(act::person(m)).message();
  ASSERT_TRUE(st->apply(act::person(m)).ok());
  EXPECT_EQ(st->pips(1), 0);
  EXPECT_EQ(st->element(hi).loss, Loss::kBroken);
  EXPECT_EQ(st->morale_of(hi), Morale::kBroken);
  EXPECT_TRUE(logged_rule(log, "gwkho Pip-18", "broken by their own side"));
  // Negative: broken already; (s) troops (the Prince's longbows, Lb(s)); no PIP left.
  EXPECT_FALSE(st->check_unlisted(act::person(m)).ok());
  const auto bows =
      st->check_unlisted(act::person(act::move(find(*g, "blue.0.1.0"), act::kBreakOwn)));
  ASSERT_FALSE(bows.ok());
  EXPECT_NE(bows.message().find("Pip-18"), std::string::npos) << bows.message();
  EXPECT_FALSE(
      st->check_unlisted(act::person(act::move(find(*g, "blue.1.2.1"), act::kBreakOwn))).ok());
  // The broken element routs after the moves, as broken elements do.
  hold_side(*st, 1);
  ASSERT_TRUE(st->apply(act::kEndMoves).ok());
  EXPECT_TRUE(st->element(hi).routing);
}

TEST(Gwkho_Morale, Clause_Mor_14_AStubbornElementBrokenByItsOwnSideIsBroken) {
  auto j = small_scenario("blue", false);
  nlohmann::json blue = builtin_list("poitiers-english");
  blue["commands"][1]["elements"][2]["status"] = "stubborn";
  j["sides"][1]["army"] = blue;
  const auto g = make_game(j);
  auto st = start(g);
  set_pips(*st, {0, 1, 0});
  const int hi = find(*g, "blue.1.2.0");
  st->debug_place(hi, {36 * kIn, 24 * kIn}, 90);
  ASSERT_TRUE(st->apply(act::person(act::move(hi, act::kBreakOwn))).ok());
  EXPECT_EQ(st->morale_of(hi), Morale::kBroken);
  // Negative: in contact with an enemy, no element is broken by its side.
  set_pips(*st, {0, 1, 0});
  const int other = find(*g, "blue.1.2.1");
  st->debug_place(other, {20 * kIn, 24 * kIn}, 90);
  st->debug_place(find(*g, "red.1.0.0"), {20 * kIn, 24 * kIn + 1250}, 270);
  ASSERT_TRUE(st->in_contact(other));
  EXPECT_FALSE(st->break_refusal(other).ok());
}

// [Pip-18, G-36e] A person is offered the break of each of its elements the rules let it break,
// named as what it is: the element, the price, the clause (the browser's decision button).
TEST(Gwkho_Morale, Clause_Pip_18_APersonIsOfferedToBreakItsOwnElementNamingIt) {
  const auto g = make_game(small_scenario("blue", false));
  auto st = start(g);
  set_pips(*st, {1, 1, 0});
  const int hi = find(*g, "blue.1.2.0");  // HI(o)
  st->debug_place(hi, {36 * kIn, 24 * kIn}, 90);
  const game::Action req = act::person(act::move(hi, act::kBreakOwn));
  const auto offered = st->person_actions();
  EXPECT_TRUE(std::is_sorted(offered.begin(), offered.end()));
  EXPECT_EQ(std::adjacent_find(offered.begin(), offered.end()), offered.end());
  ASSERT_TRUE(std::binary_search(offered.begin(), offered.end(), req));
  const auto j = st->action_to_json(req);
  EXPECT_EQ(j["kind"], "break-own");
  EXPECT_EQ(j["mover"], "blue.1.2.0");
  EXPECT_EQ(j["mover_name"], g->label(hi));
  EXPECT_FALSE(j.contains("what"));  // listed with the other breaks, not under each element
  EXPECT_EQ(j["name"], "broken by its own side: " + g->label(hi));
  EXPECT_EQ(j["pips"], 1);
  EXPECT_EQ(j["rule"], "gwkho Pip-18");
  EXPECT_TRUE(j.contains("corners"));
  // Negative: never among the legal decisions agents choose from; (s) troops (the Prince's
  // longbows) are not offered; once broken, it is not offered again.
  const auto legal = st->legal_actions();
  EXPECT_FALSE(std::binary_search(legal.begin(), legal.end(), req));
  const game::Action bows = act::person(act::move(find(*g, "blue.0.1.0"), act::kBreakOwn));
  EXPECT_FALSE(std::binary_search(offered.begin(), offered.end(), bows));
  ASSERT_TRUE(st->apply(req).ok());
  set_pips(*st, {1, 1, 0});
  const auto again = st->person_actions();
  EXPECT_FALSE(std::binary_search(again.begin(), again.end(), req));
}

// ---------------------------------------------------------------------------------------------
// Berserkers

TEST(Gwkho_Morale, Clause_Mor_18_BerserkersAreNotHeldFromFootWithinOneMoveInPlay) {
  auto j = small_scenario("blue", false);
  nlohmann::json blue = builtin_list("poitiers-english");
  blue["commands"][2]["elements"][3]["status"] = "berserker";  // LI(o)
  j["sides"][1]["army"] = blue;
  const auto g = make_game(j);
  auto st = start(g);
  set_pips(*st, {0, 0, 2});
  const int bers = find(*g, "blue.2.3.0");
  const int spear = find(*g, "red.1.2.0");  // Ph(i): foot
  const int knight = find(*g, "red.0.0.0");
  st->debug_place(bers, {36 * kIn, 20 * kIn}, 90);
  st->debug_place(spear, {36 * kIn, 23 * kIn}, 270);
  ASSERT_TRUE(st->impetuous(bers));
  ASSERT_EQ(st->group_of(bers), std::vector<int>{bers});
  const game::Action hold = act::move(bers, act::kHold);
  EXPECT_FALSE(listed(*st, hold));
  const auto why = st->check_unlisted(act::person(hold));
  ASSERT_FALSE(why.ok());
  EXPECT_NE(why.message().find("Mor-18"), std::string::npos) << why.message();
  // Negative: foot beyond one move, or a mounted nearest enemy: they may be held (1 PIP).
  st->debug_place(spear, {36 * kIn, 34 * kIn}, 270);
  EXPECT_TRUE(listed(*st, hold));
  st->debug_place(knight, {36 * kIn, 23 * kIn}, 270);
  EXPECT_TRUE(listed(*st, hold));
  ASSERT_TRUE(st->apply(hold).ok());
  EXPECT_EQ(st->pips(2), 1);
}

}  // namespace
}  // namespace carroccio::gwkho

namespace carroccio::gwkho {
namespace {

// ---------------------------------------------------------------------------------------------
// Dismounting and mounting

TEST(Gwkho_Dismount, Clause_Pip_16_AnElementDismountsForAPipAsItsListSays) {
  const auto g = make_game(small_scenario("blue"));
  auto st = start(g);
  core::EventLog log;
  st->set_event_sink(&log);
  set_pips(*st, {2, 0, 0});
  // The Prince's men-at-arms, Hc(o), dismount as HI(s) (their list says so).
  const int e = find(*g, "blue.0.0.0");
  const geo::Base before = st->element(e).base;
  ASSERT_TRUE(listed(*st, act::move(e, act::kMount)));
  ASSERT_TRUE(st->apply(act::move(e, act::kMount)).ok());
  EXPECT_EQ(st->pips(0), 1);
  EXPECT_EQ(troop_text(st->gw().element(e).troop), "HI(s)");
  EXPECT_EQ(troop_text(st->gw().element(e).list_troop), "Hc(o)");
  // A foot base, 20 mm deep, with the same front edge.
  const geo::Base& after = st->element(e).base;
  EXPECT_EQ(after.depth(), 1000);
  EXPECT_EQ(after.centre().y + after.depth() / 2, before.centre().y + before.depth() / 2);
  EXPECT_TRUE(st->changed_mount_this_bound(e));
  bool logged = false;
  for (const auto& ev : log.events())
    logged = logged || (ev.kind == "dismount" && ev.rule == "gwkho Pip-16");
  EXPECT_TRUE(logged);
  // Negative: it was its action of the bound; archers have no dismount option; no PIPs, none.
  EXPECT_FALSE(listed(*st, act::move(e, act::kMount)));
  EXPECT_FALSE(st->apply(act::move(e, act::kMount)).ok());
  EXPECT_FALSE(st->mount_refusal(find(*g, "blue.0.1.0")).ok());
  st->debug_set_pips(0, 0);
  EXPECT_FALSE(st->mount_refusal(find(*g, "blue.0.0.1")).ok());
}

TEST(Gwkho_Dismount, Clause_Pip_16_MountingOnceAGameAndNeverWithinEightInchesOfTheEnemy) {
  auto j = small_scenario("blue");
  j["sides"][1]["deploy"][0]["dismounted"] = true;  // the Prince's men-at-arms on foot
  const auto g = make_game(j);
  auto st = start(g);
  set_pips(*st, {3, 0, 0});
  const int e = find(*g, "blue.0.0.9");
  const int enemy = find(*g, "red.1.3.0");
  const geo::Point at = st->element(e).base.centre();
  // A red element 6 inches in front: no mounting.
  st->debug_place(enemy, {at.x, at.y + 6 * kIn + 1250}, 270);
  const auto near = st->mount_refusal(e);
  ASSERT_FALSE(near.ok());
  EXPECT_NE(near.message().find("8 inches"), std::string::npos) << near.message();
  // 10 inches: it mounts, its base 30 mm deep, the front edge where it was.
  st->debug_place(enemy, {at.x, at.y + 10 * kIn + 1250}, 270);
  ASSERT_TRUE(st->mount_refusal(e).ok()) << st->mount_refusal(e).message();
  ASSERT_TRUE(st->apply(act::move(e, act::kMount)).ok());
  EXPECT_EQ(troop_text(st->gw().element(e).troop), "Hc(o)");
  EXPECT_EQ(st->element(e).base.depth(), 1500);
  // Negative: once a game.
  EXPECT_TRUE(st->changed_mount(e));
  const auto again = st->mount_refusal(e);
  ASSERT_FALSE(again.ok());
  EXPECT_NE(again.message().find("once a game"), std::string::npos) << again.message();
}

TEST(Gwkho_Dismount, Clause_Pip_16_MountedInfantryDismountAndMountMoreThanOnce) {
  // Red's list with one Cv(i) (mounted infantry) that dismounts as LI(i), in the middle.
  auto j = small_scenario("red", false);
  nlohmann::json list = builtin_list("legnano-imperial");
  list["commands"][0]["elements"].push_back(
      {{"type", "Cv"}, {"grade", "i"}, {"count", 1}, {"dismount", "LI(i)"}});
  const int group = static_cast<int>(list["commands"][0]["elements"].size()) - 1;
  j["sides"][0]["army"] = list;
  j["sides"][0]["deploy"].push_back(
      {{"command", 0}, {"group", group}, {"frontage", 1}, {"at", {10, 30}}, {"heading", 270}});
  const auto g = make_game(j);
  auto st = start(g);
  set_pips(*st, {2, 0});
  const int mi = find(*g, fmt::format("red.0.{}.0", group));
  ASSERT_TRUE(st->apply(act::move(mi, act::kMount)).ok());
  ASSERT_EQ(troop_text(st->gw().element(mi).troop), "LI(i)");
  // Red's next bound: it mounts again (an Hc would be refused: once a game).
  hold_side(*st, 0);
  ASSERT_TRUE(st->apply(act::kEndMoves).ok());
  play_while_active(*st, 0);
  play_while_active(*st, 1);
  for (int guard = 0; guard < 20 && st->phase() != Phase::kMove; ++guard)
    ASSERT_TRUE(st->apply(st->chance_outcomes().front().action).ok());
  ASSERT_EQ(st->active(), 0);
  set_pips(*st, {2, 0});
  EXPECT_TRUE(st->changed_mount(mi));
  ASSERT_TRUE(st->mount_refusal(mi).ok()) << st->mount_refusal(mi).message();
  // Negative: never mounting within 8 inches of the enemy, mounted infantry or not.
  const geo::Point at = st->element(mi).base.centre();
  st->debug_place(find(*g, "blue.1.2.0"), {at.x, at.y - 6 * kIn}, 90);
  const auto near = st->mount_refusal(mi);
  ASSERT_FALSE(near.ok());
  EXPECT_NE(near.message().find("8 inches"), std::string::npos) << near.message();
  st->debug_place(find(*g, "blue.1.2.0"), {at.x, at.y - 12 * kIn}, 90);
  ASSERT_TRUE(st->apply(act::move(mi, act::kMount)).ok());
  EXPECT_EQ(troop_text(st->gw().element(mi).troop), "Cv(i)");
}

TEST(Gwkho_Dismount, Clause_Sht_14_AnElementThatDismountedDoesNotShootThatBound) {
  // Red's list with one Cv(s) that dismounts as Bw(s), deployed in the middle of the table.
  auto j = small_scenario("red", false);
  nlohmann::json list = builtin_list("legnano-imperial");
  list["commands"][0]["elements"].push_back(
      {{"type", "Cv"}, {"grade", "s"}, {"count", 1}, {"dismount", "Bw(s)"}});
  const int group = static_cast<int>(list["commands"][0]["elements"].size()) - 1;
  j["sides"][0]["army"] = list;
  j["sides"][0]["deploy"].push_back(
      {{"command", 0}, {"group", group}, {"frontage", 1}, {"at", {36, 24}}, {"heading", 270}});
  const auto g = make_game(j);
  auto st = start(g);
  set_pips(*st, {2, 0});
  const int cv = find(*g, fmt::format("red.0.{}.0", group));
  const int target = find(*g, "blue.1.2.0");
  ASSERT_TRUE(st->apply(act::move(cv, act::kMount)).ok());
  ASSERT_EQ(troop_text(st->gw().element(cv).troop), "Bw(s)");
  const geo::Base& b = st->element(cv).base;
  st->debug_place(target, {b.centre().x, b.centre().y - 4 * kIn}, 90);
  // Dismounted this bound: it does not shoot.
  EXPECT_TRUE(st->shot_targets(cv).empty());
  // Positive: the next bound (blue's), it shoots back at what is in front of it.
  hold_side(*st, 0);
  ASSERT_TRUE(st->apply(act::kEndMoves).ok());
  play_while_active(*st, 0);
  ASSERT_EQ(st->active(), 1);
  st->debug_place(target, {b.centre().x, b.centre().y - 4 * kIn}, 90);
  EXPECT_FALSE(st->changed_mount_this_bound(cv));
  EXPECT_FALSE(st->shot_targets(cv).empty());
}

}  // namespace
}  // namespace carroccio::gwkho

namespace carroccio::gwkho {
namespace {

// ---------------------------------------------------------------------------------------------
// The options

TEST(Gwkho_Sequence, Clause_Seq_6_TheOptionsLoadThroughTheRegistryAndBadValuesAreRefused) {
  game::Registry r;
  r.add(make_ruleset());
  auto random = r.load("gwkho/legnano", {{"sequence", "random"}, {"surrender", "on"}});
  ASSERT_TRUE(random.ok()) << random.message();
  const auto g = std::dynamic_pointer_cast<const GwkhoGame>(*random);
  EXPECT_TRUE(g->rules().random_activation);
  EXPECT_TRUE(g->rules().surrender);
  EXPECT_EQ(start(g)->phase(), Phase::kActivate);
  auto alternate = r.load("gwkho/legnano", {{"sequence", "alternate"}});
  ASSERT_TRUE(alternate.ok()) << alternate.message();
  EXPECT_EQ((*alternate)->new_initial_state()->current_player(), game::kChancePlayer);
  EXPECT_FALSE(std::dynamic_pointer_cast<const GwkhoGame>(*alternate)->rules().random_activation);
  // Negative: a value the option does not have is refused in one sentence.
  auto bad = r.load("gwkho/legnano", {{"sequence", "sometimes"}});
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.message().find("Option 'sequence' cannot be 'sometimes'"), std::string::npos)
      << bad.message();
  EXPECT_FALSE(r.load("gwkho/legnano", {{"surrender", "maybe"}}).ok());
}

TEST(Gwkho_Registry, Clause_Seq_6_TheConformanceSuiteCoversEveryOption) {
  const auto ruleset = make_ruleset();
  for (const bool long_suite : {false, true}) {
    std::set<std::string> seen;                            // option names
    std::set<std::pair<std::string, std::string>> values;  // (sequence|surrender, value)
    std::set<std::string> with_defaults;                   // battles played with no option at all
    for (const auto& s : ruleset->info().scenarios)
      for (const auto& o : ruleset->scenario_conformance_option_sets(s.id, long_suite)) {
        for (const auto& [name, value] : o) seen.insert(name);
        if (o.empty()) with_defaults.insert(s.id);
        for (const char* name : {"sequence", "surrender"})
          if (auto it = o.find(name); it != o.end()) values.insert({name, it->second});
        // Every set loads for its scenario.
        game::Registry r;
        r.add(make_ruleset());
        EXPECT_TRUE(r.load("gwkho/" + s.id, o).ok()) << s.id;
      }
    for (const auto& o : ruleset->info().options)
      EXPECT_TRUE(seen.count(o.name)) << o.name << (long_suite ? " (long suite)" : "");
    EXPECT_TRUE(values.count({"sequence", "random"}));
    EXPECT_TRUE(values.count({"surrender", "on"}));
    // Every run plays at least two battles with the defaults, the long suite every battle.
    EXPECT_GE(with_defaults.size(), long_suite ? ruleset->info().scenarios.size() : 2u);
    // Negative: the pitched battle's options are not played on a historical battle.
    for (const auto& o : ruleset->scenario_conformance_option_sets("legnano", long_suite))
      EXPECT_FALSE(o.count("seed"));
  }
}

}  // namespace
}  // namespace carroccio::gwkho

namespace carroccio::gwkho {
namespace {

TEST(Gwkho_Pitched, G73_ARecordOfAPitchedBattleWithOptionsReplays) {
  game::Registry r;
  r.add(make_ruleset());
  const game::Options options = {{"blue", "legnano-bma-lombard"},
                                 {"red", "courtrai-french"},
                                 {"points", "600"},
                                 {"seed", "7"}};
  auto g = r.load("gwkho/pitched", options);
  ASSERT_TRUE(g.ok()) << g.message();
  // The game keeps the file as given, its pitched section with it.
  EXPECT_TRUE((*g)->scenario_source().contains("pitched"));
  auto st = (*g)->new_initial_state();
  for (int k = 0; k < 40 && !st->is_terminal(); ++k) {
    if (st->is_chance_node())
      ASSERT_TRUE(st->apply(st->chance_outcomes().back().action).ok());
    else
      ASSERT_TRUE(st->apply(st->legal_actions().back()).ok());
  }
  const game::GameRecord record = game::make_record(*st, 0, {});
  auto back = game::replay(r, record);
  ASSERT_TRUE(back.ok()) << back.message();
  EXPECT_EQ((*back)->to_string(), st->to_string());
}

// [Seq, G-75] A scenario whose `first` is "dice": a die each for the first bound, the higher
// has it, equal dice are thrown again.
TEST(Gwkho_Bound, Clause_Seq_1_TheDiceDecideTheFirstBoundWhenTheScenarioSaysSo) {
  nlohmann::json j = testing::small_scenario("red", false);
  j["first"] = "dice";
  const auto g = testing::make_game(j);
  auto st = start(g);
  ASSERT_TRUE(st->is_chance_node());
  EXPECT_EQ(st->chance_info().rule, "gwkho Seq-1");
  const auto outcomes = st->chance_outcomes();
  ASSERT_EQ(outcomes.size(), 36U);
  EXPECT_EQ(outcomes.front().action, act::kInitiativeDice);
  EXPECT_EQ(st->to_json(game::kSpectator)["first"], "");
  // Equal dice (3 and 3): thrown again, nothing else changes.
  ASSERT_TRUE(st->apply(act::kInitiativeDice + 6 * 2 + 2).ok());
  EXPECT_EQ(st->chance_info().rule, "gwkho Seq-1");
  EXPECT_EQ(st->chance_outcomes().size(), 36U);
  // Red's 2 against blue's 5: blue has the first bound, which opens with its PIP dice.
  ASSERT_TRUE(st->apply(act::kInitiativeDice + 6 * 1 + 4).ok());
  EXPECT_EQ(st->active(), 1);
  EXPECT_EQ(st->phase(), Phase::kPips);
  EXPECT_EQ(st->chance_info().rule, "gwkho Pip-1");
  EXPECT_EQ(st->to_json(game::kSpectator)["first"], "blue");
  // And 6 against 1: red.
  auto st2 = start(g);
  ASSERT_TRUE(st2->apply(act::kInitiativeDice + 6 * 5 + 0).ok());
  EXPECT_EQ(st2->active(), 0);
  EXPECT_EQ(st2->phase(), Phase::kPips);
}

TEST(Gwkho_Bound, Clause_Seq_1_AScenarioNamingTheFirstSideRollsNoDieForIt) {
  // Negative: a side named: its bound opens the game, no die for it (every shipped battle).
  const auto g = testing::make_game(testing::small_scenario("blue", false));
  auto st = start(g);
  EXPECT_EQ(st->active(), 1);
  EXPECT_EQ(st->phase(), Phase::kPips);
  EXPECT_EQ(st->chance_info().rule, "gwkho Pip-1");
  EXPECT_EQ(st->to_json(game::kSpectator)["first"], "blue");
  // Negative: anything else is refused naming the field.
  nlohmann::json j = testing::small_scenario("red", false);
  j["first"] = "coin";
  auto s = load_scenario(j, "x.json");
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.message(), "x.json: field 'first' is 'coin', which is neither side nor \"dice\".");
}

}  // namespace
}  // namespace carroccio::gwkho
