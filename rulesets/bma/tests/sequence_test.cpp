// bma 3.0 sequence of play: the chit cup and activations (3.1), the rally phase (3.2) and the
// victory check (3.3); the dead leader's chit and his replacement (5.4.2-5.4.5).
#include <algorithm>
#include <string>
#include <vector>

#include "rulesets/bma/tests/test_util.hpp"

namespace carroccio::bma::testing {
namespace {

// A 10 x 10 map; each leader stands on one unit of his command, far from the enemy.
// L0 imperial CV `cv0` at 0102; L1 lombard CV 1 at 0109; X lombard CV `cvx` at 1009 (if > 0).
std::unique_ptr<Fixture> setup(int cv0, int cvx = 0, int rout_imperial = 52) {
  std::vector<P> units = {{"imperial", "infantry", "B", "0102"},
                          {"imperial", "infantry", "B", "0302"},
                          {"lombard", "infantry", "B", "0109"}};
  std::vector<LeaderP> leaders = {{"L0", "imperial", "0102", cv0}, {"L1", "lombard", "0109", 1}};
  if (cvx > 0) {
    units.push_back({"lombard", "infantry", "B", "1009", "", "X"});
    leaders.push_back({"X", "lombard", "1009", cvx});
  }
  auto f = std::make_unique<Fixture>();
  f->g = make_game(scenario_json(units, leaders, {}, 10, 10, 8, rout_imperial));
  f->s = new_state(f->g);
  f->s->set_event_sink(&f->log);
  return f;
}

int count_events(const core::EventLog& log, const std::string& kind, const std::string& rule) {
  return static_cast<int>(events_of(log, kind, rule).size());
}

// ---- 3.1 activation ----

TEST(Bma_3_Sequence, Clause_3_1_1_EveryChitGoesIntoTheCup) {
  auto f = setup(2, 3);
  EXPECT_EQ(f->s->phase(), Phase::kDraw);
  EXPECT_EQ(f->s->chance_info().rule, "bma 3.1.1");
  EXPECT_EQ(f->s->cup_total(), 6) << "one chit per point of command value (2.1)";
  const std::vector<game::ChanceOutcome> expected = {
      {act::kDrawBase + 0, 2}, {act::kDrawBase + 1, 1}, {act::kDrawBase + 2, 3}};
  EXPECT_EQ(f->s->chance_outcomes(), expected) << "drawn at random, weighted by chits";
  // Negative: chits drawn leave the cup; a new turn puts them all back.
  decline_rest_of_turn(*f->s);
  ASSERT_EQ(f->s->turn(), 2);
  EXPECT_EQ(f->s->cup_total(), 6);
}

TEST(Bma_Rulings, L1_PlayersTakeTurnsAtTheCupImperialFirstInOddTurns) {
  // The drawer has no say in which chit comes out; the log names him for replays. A cup of 5
  // gives four draws a turn.
  auto f = setup(2, 2);
  decline_rest_of_turn(*f->s);
  decline_rest_of_turn(*f->s);
  ASSERT_EQ(f->s->turn(), 3);
  std::vector<std::string> drawers;
  for (const auto& e : events_of(f->log, "draw")) drawers.push_back(e.data.value("drawer", ""));
  const std::vector<std::string> expected = {"imperial", "lombard",  "imperial", "lombard",
                                             "lombard",  "imperial", "lombard",  "imperial"};
  EXPECT_EQ(drawers, expected) << "turn 2 starts with the Lombard player";
}

TEST(Bma_3_Sequence, Clause_3_1_1_ChitOfAnActivatedLeaderIsSetAside) {
  auto f = setup(2, 1);
  play(*f->s, act::kDrawBase + 0);
  ASSERT_EQ(f->s->phase(), Phase::kActivateChoice) << "first chit: the owner chooses";
  EXPECT_EQ(f->s->current_player(), 0) << "the chit's owner decides (ruling L-1)";
  play(*f->s, act::kActivate);
  end_activation_now(*f->s);
  ASSERT_EQ(f->s->phase(), Phase::kDraw);
  EXPECT_EQ(f->s->cup_total(), 3);
  play(*f->s, act::kDrawBase + 0);
  EXPECT_EQ(f->s->phase(), Phase::kDraw) << "second chit of an activated leader: no choice";
  EXPECT_EQ(f->s->cup_total(), 2);
  const auto set_aside = events_of(f->log, "draw", "bma 3.1.1");
  ASSERT_FALSE(set_aside.empty());
  EXPECT_EQ(set_aside.back().data.value("set_aside", false), true);
}

TEST(Bma_3_Sequence, Clause_3_1_2_LastChitStaysInTheCup) {
  // Cup of 3: L0 x2, L1 x1. Two draws end the phase, whoever they were.
  auto f = setup(2);
  play(*f->s, act::kDrawBase + 1);
  play(*f->s, act::kDecline);
  EXPECT_EQ(f->s->phase(), Phase::kDraw) << "two chits left: drawing goes on";
  play(*f->s, act::kDrawBase + 0);
  play(*f->s, act::kActivate);
  end_activation_now(*f->s);
  EXPECT_EQ(f->s->turn(), 2) << "one chit left: the activation phase is over";
  EXPECT_EQ(f->s->cup_total(), 3);
}

TEST(Bma_Rulings, L2_SetAsideChitsCountAsDrawn) {
  // Cup of 4: L0 x2, L1 x1, X x1. L0 activates; his second chit is set aside; that leaves 2,
  // so one more draw ends the phase and the last leader never acts.
  auto f = setup(2, 1);
  activate(*f->s, 0);
  end_activation_now(*f->s);
  play(*f->s, act::kDrawBase + 0);  // set aside
  ASSERT_EQ(f->s->cup_total(), 2);
  ASSERT_EQ(f->s->turn(), 1);
  play(*f->s, act::kDrawBase + 2);
  play(*f->s, act::kActivate);
  end_activation_now(*f->s);
  EXPECT_EQ(f->s->turn(), 2);
  EXPECT_EQ(count_events(f->log, "activation", "bma 3.1.3"), 2) << "L1 was left in the cup";
}

TEST(Bma_3_Sequence, Clause_3_1_3_OwnerMayDecline) {
  auto f = setup(1, 1);
  play(*f->s, act::kDrawBase + 1);
  EXPECT_EQ(f->s->current_player(), 1);
  play(*f->s, act::kDecline);
  EXPECT_EQ(f->s->phase(), Phase::kDraw);
  EXPECT_EQ(f->s->active_leader(), -1);
  EXPECT_EQ(count_events(f->log, "activation", "bma 3.1.3"), 1) << "the decline is logged";
  // Negative: activating lets the command move.
  play(*f->s, act::kDrawBase + 0);
  play(*f->s, act::kActivate);
  EXPECT_EQ(f->s->phase(), Phase::kMoveSelect);
  EXPECT_EQ(f->s->active_leader(), 0);
}

TEST(Bma_Rulings, L3_MultiChitLeaderMayActivateOnALaterChit) {
  auto f = setup(2, 1);
  play(*f->s, act::kDrawBase + 0);
  play(*f->s, act::kDecline);
  play(*f->s, act::kDrawBase + 0);
  ASSERT_EQ(f->s->phase(), Phase::kActivateChoice) << "not yet activated: a second chance";
  play(*f->s, act::kActivate);
  EXPECT_EQ(f->s->active_leader(), 0);
  EXPECT_TRUE(is_legal(*f->s, act::kSelectUnitBase + 0));
}

TEST(Bma_3_Sequence, Clause_3_1_3_DeclinedLeaderMayMissTheTurn) {
  // L0 has two chits, declines the first; the other chit is the one left in the cup.
  auto f = setup(2);
  play(*f->s, act::kDrawBase + 0);
  play(*f->s, act::kDecline);
  play(*f->s, act::kDrawBase + 1);
  play(*f->s, act::kActivate);
  end_activation_now(*f->s);
  EXPECT_EQ(f->s->turn(), 2);
  EXPECT_EQ(count_events(f->log, "activation", "bma 3.1.3"), 2) << "one decline, one activation";
  for (const auto& e : events_of(f->log, "activation", "bma 3.1.3"))
    EXPECT_EQ(e.text.find("L0 is activated"), std::string::npos) << e.text;
}

TEST(Bma_3_Sequence, Clause_3_1_3_ActiveCommandMovesThenFights) {
  // Imperial L0 units next to a Lombard unit: after movement comes combat, then the next draw.
  std::vector<P> units = {{"imperial", "cavalry", "B", "0504"},
                          {"imperial", "infantry", "B", "0901"},
                          {"lombard", "infantry", "B", "0505"},
                          {"lombard", "infantry", "B", "0109"}};
  auto f = std::make_unique<Fixture>();
  f->g = make_game(
      scenario_json(units, {{"L0", "imperial", "0901"}, {"L1", "lombard", "0109"}}, {}, 10, 10));
  f->s = new_state(f->g);
  activate(*f->s, 0);
  ASSERT_EQ(f->s->phase(), Phase::kMoveSelect);
  EXPECT_TRUE(is_legal(*f->s, act::kSelectUnitBase + 1));
  // Ruling L-4: only the activated command's units (and its leader) move.
  EXPECT_FALSE(is_legal(*f->s, act::kSelectUnitBase + 2));
  EXPECT_FALSE(is_legal(*f->s, act::kSelectUnitBase + 3));
  EXPECT_TRUE(is_legal(*f->s, act::kSelectLeaderBase + 0));
  EXPECT_FALSE(is_legal(*f->s, act::kSelectLeaderBase + 1));
  play(*f->s, act::kEndMovement);
  ASSERT_EQ(f->s->phase(), Phase::kCombatTarget) << "5.1.1: combat after all movement";
  EXPECT_TRUE(is_legal(*f->s, act::kTargetBase + 2));
  play(*f->s, act::kEndCombat);
  EXPECT_EQ(f->s->turn(), 2) << "cup down to its last chit: rally and victory check done";
}

// ---- 5.4.2-5.4.5 a dead leader's chit and his replacement ----

TEST(Bma_3_Sequence, Clause_5_4_2_DeadLeaderKeepsOneChitAndGetsAReplacement) {
  // Imperial L0 (CV 2) stands alone at 0505; Lombard cavalry rides into his hex and kills him.
  std::vector<P> units = {{"imperial", "infantry", "B", "0101"},
                          {"imperial", "infantry", "B", "0301"},
                          {"lombard", "cavalry", "B", "0508"}};
  auto f = std::make_unique<Fixture>();
  f->g = make_game(
      scenario_json(units, {{"L0", "imperial", "0505", 2}, {"L1", "lombard", "0510"}}, {}, 10, 10));
  f->s = new_state(f->g);
  activate(*f->s, 1);
  move_unit(*f->s, 2, "0505");
  roll(*f->s, 2);  // 5.4.6: killed
  EXPECT_EQ(f->s->leader(0).cup, 1) << "5.4.2: one chit left for him";
  end_activation_now(*f->s);
  ASSERT_EQ(f->s->turn(), 2);
  EXPECT_EQ(f->s->leader(0).cup, 1) << "and one chit in later turns";
  // 5.4.3: the first draw places a replacement leader on one unit; only that unit acts.
  activate(*f->s, 0);
  ASSERT_EQ(f->s->phase(), Phase::kReplacement);
  EXPECT_TRUE(is_legal(*f->s, act::kReplacementBase + 0));
  EXPECT_TRUE(is_legal(*f->s, act::kReplacementBase + 1));
  play(*f->s, act::kReplacementBase + 1);
  EXPECT_EQ(f->s->leader(0).hex, hex(*f->g, "0301"));
  EXPECT_EQ(f->s->leader(0).command, 0) << "5.4.5";
  EXPECT_TRUE(is_legal(*f->s, act::kSelectUnitBase + 1));
  EXPECT_FALSE(is_legal(*f->s, act::kSelectUnitBase + 0)) << "only the one unit";
  end_activation_now(*f->s);
  // 5.4.4: from the next turn the whole command answers his chit.
  if (f->s->phase() == Phase::kDraw && f->s->turn() == 2) decline_rest_of_turn(*f->s);
  ASSERT_EQ(f->s->turn(), 3);
  EXPECT_EQ(f->s->leader(0).cup, 1);
  activate(*f->s, 0);
  ASSERT_EQ(f->s->phase(), Phase::kMoveSelect);
  EXPECT_TRUE(is_legal(*f->s, act::kSelectUnitBase + 0));
  EXPECT_TRUE(is_legal(*f->s, act::kSelectUnitBase + 1));
}

TEST(Bma_3_Sequence, Clause_5_4_4_DecliningTheOnlyChitWastesIt) {
  // Imperial L0 (CV 2) is killed in turn 1 (as above); in turn 2 his single chit is drawn and
  // declined: no replacement is placed, and no other chit of his is left to draw that turn.
  std::vector<P> units = {{"imperial", "infantry", "B", "0101"},
                          {"imperial", "infantry", "B", "0301"},
                          {"lombard", "cavalry", "B", "0508"},
                          {"lombard", "infantry", "B", "1009", "", "X"}};
  auto f = std::make_unique<Fixture>();
  f->g = make_game(scenario_json(
      units, {{"L0", "imperial", "0505", 2}, {"L1", "lombard", "0510"}, {"X", "lombard", "1009"}},
      {}, 10, 10));
  f->s = new_state(f->g);
  activate(*f->s, 1);
  move_unit(*f->s, 2, "0505");
  roll(*f->s, 2);  // 5.4.6: killed
  end_activation_now(*f->s);
  if (f->s->turn() == 1) decline_rest_of_turn(*f->s);
  ASSERT_EQ(f->s->turn(), 2);
  ASSERT_EQ(f->s->cup_total(), 3) << "one chit for the dead leader, one each for L1 and X";
  play(*f->s, act::kDrawBase + 0);
  ASSERT_EQ(f->s->phase(), Phase::kActivateChoice) << "he may still be declined (5.4.4)";
  play(*f->s, act::kDecline);
  EXPECT_EQ(f->s->leader(0).hex, kNoHex) << "no replacement placed";
  EXPECT_EQ(f->s->cup_total(), 2);
  std::vector<game::Action> draws;
  for (const auto& o : f->s->chance_outcomes()) draws.push_back(o.action);
  EXPECT_EQ(draws, (std::vector<game::Action>{act::kDrawBase + 1, act::kDrawBase + 2}))
      << "his chit is spent for the turn";
  // Negative: activating it instead places the replacement (Clause_5_4_3).
  auto g = std::make_unique<Fixture>();
  g->g = f->g;
  g->s = new_state(g->g);
  activate(*g->s, 1);
  move_unit(*g->s, 2, "0505");
  roll(*g->s, 2);
  end_activation_now(*g->s);
  if (g->s->turn() == 1) decline_rest_of_turn(*g->s);
  ASSERT_EQ(g->s->turn(), 2);
  activate(*g->s, 0);
  EXPECT_EQ(g->s->phase(), Phase::kReplacement);
}

// ---- 3.2 the rally phase ----

TEST(Bma_3_Sequence, Clause_3_2_BothSidesRallyAfterTheActivationPhase) {
  // Disordered units next to the enemy on both sides (u0, u1) and a routed Imperial unit far
  // from any enemy (u2) each roll once, after the last activation; ordered units never roll.
  std::vector<P> units = {{"imperial", "infantry", "B", "0504"},  // u0 disordered
                          {"lombard", "infantry", "B", "0505"},   // u1 disordered
                          {"imperial", "infantry", "B", "0102"},  // u2 routed
                          {"imperial", "infantry", "B", "0902"},  // u3 ordered
                          {"lombard", "infantry", "B", "0909"}};  // u4 ordered
  auto f = std::make_unique<Fixture>();
  f->g = make_game(
      scenario_json(units, {{"L0", "imperial", "0902"}, {"L1", "lombard", "0909"}}, {}, 10, 10));
  f->s = new_state(f->g);
  f->s->set_event_sink(&f->log);
  f->s->debug_set_unit(0, f->s->unit(0).hex, Status::kDisordered);
  f->s->debug_set_unit(1, f->s->unit(1).hex, Status::kDisordered);
  f->s->debug_set_unit(2, f->s->unit(2).hex, Status::kRouted);
  // Negative: nothing rallies while chits are still being drawn.
  play(*f->s, act::kDrawBase + 0);
  EXPECT_TRUE(events_of(f->log, "morale").empty());
  for (const Task& t : f->s->tasks()) EXPECT_NE(t.kind, TaskKind::kRallyRoll);
  play(*f->s, act::kDecline);
  // Positive: one roll per disordered or routed unit, of both sides.
  std::vector<int> rolling;
  for (const Task& t : f->s->tasks())
    if (t.kind == TaskKind::kRallyRoll) rolling.push_back(t.a);
  std::sort(rolling.begin(), rolling.end());
  EXPECT_EQ(rolling, (std::vector<int>{0, 1, 2}));
  roll(*f->s, 1);   // u0 (B, morale 5) recovers
  roll(*f->s, 1);   // u2 routed: rallies to disordered
  roll(*f->s, 10);  // u1 fails and stays disordered
  ASSERT_EQ(f->s->turn(), 2);
  EXPECT_EQ(f->s->unit(0).status, Status::kOrdered);
  EXPECT_EQ(f->s->unit(1).status, Status::kDisordered);
  EXPECT_EQ(f->s->unit(2).status, Status::kDisordered);
  EXPECT_EQ(events_of(f->log, "morale").size(), 3u);
}

TEST(Bma_Rulings, L5_RallyRollsImperialFirstThenByHex) {
  // Disordered units next to enemies on both sides roll in the rally phase, after the
  // activation phase: Imperial units first, each side in ascending hex order.
  std::vector<P> units = {{"imperial", "infantry", "B", "0604"},  // u0
                          {"imperial", "infantry", "B", "0504"},  // u1
                          {"lombard", "infantry", "B", "0605"},   // u2
                          {"lombard", "infantry", "B", "0505"},   // u3
                          {"imperial", "infantry", "B", "0101"},
                          {"lombard", "infantry", "B", "1010"}};
  auto f = std::make_unique<Fixture>();
  f->g = make_game(
      scenario_json(units, {{"L0", "imperial", "0101"}, {"L1", "lombard", "1010"}}, {}, 10, 10));
  f->s = new_state(f->g);
  for (int u = 0; u < 4; ++u) f->s->debug_set_unit(u, f->s->unit(u).hex, Status::kDisordered);
  play(*f->s, act::kDrawBase + 0);
  EXPECT_EQ(f->s->phase(), Phase::kActivateChoice) << "no rally before the activations end";
  play(*f->s, act::kDecline);
  std::vector<int> order;
  for (const Task& t : f->s->tasks())
    if (t.kind == TaskKind::kRallyRoll) order.push_back(t.a);
  EXPECT_EQ(order, (std::vector<int>{1, 0, 3, 2}));
}

TEST(Bma_Rulings, L5_RallyModifiersUseThePhaseOpeningPosition) {
  // 3.2: both sides rally at the same time. The disordered A friend at 0506 recovers by itself
  // (no enemy next to it), but as the phase opened it was disordered, so it does not give the
  // B unit at 0505 (next to the enemy) the 6.2.1 "good morale friend" -1.
  std::vector<P> units = {{"imperial", "infantry", "B", "0504"},
                          {"lombard", "infantry", "B", "0505"},
                          {"lombard", "infantry", "A", "0506"}};
  auto f = std::make_unique<Fixture>();
  f->g = make_game(
      scenario_json(units, {{"L0", "imperial", "0101"}, {"L1", "lombard", "1010"}}, {}, 10, 10));
  f->s = new_state(f->g);
  f->s->set_event_sink(&f->log);
  f->s->debug_set_unit(1, f->s->unit(1).hex, Status::kDisordered);
  f->s->debug_set_unit(2, f->s->unit(2).hex, Status::kDisordered);
  decline_rest_of_turn(*f->s);
  EXPECT_EQ(f->s->unit(2).status, Status::kOrdered);
  roll(*f->s, 6);
  const auto morale = events_of(f->log, "morale");
  ASSERT_EQ(morale.size(), 1u);
  EXPECT_EQ(morale[0].data["modifier"], 0);
  EXPECT_EQ(f->s->unit(1).status, Status::kDisordered);
  // Negative: a friend ordered when the phase opens does give the -1.
  auto f2 = std::make_unique<Fixture>();
  f2->g = f->g;
  f2->s = new_state(f2->g);
  f2->s->set_event_sink(&f2->log);
  f2->s->debug_set_unit(1, f2->s->unit(1).hex, Status::kDisordered);
  decline_rest_of_turn(*f2->s);
  roll(*f2->s, 6);
  EXPECT_EQ(events_of(f2->log, "morale").back().data["modifier"], -1);
  EXPECT_EQ(f2->s->unit(1).status, Status::kOrdered);
}

TEST(Bma_Rulings, L5_FlightsRunImperialFirstThenByHex) {
  // Two routed Imperial units in column 4 flee north (home); from an even column only N brings
  // them nearer. The Lombard unit at 0409 is two hexes from 0407, which therefore cannot rally
  // and flees; 0405 (four hexes away) rolls and fails. 0405 is the lower hex, so it flees first
  // (to 0403) and 0407 then stops at 0405. (The other order would push 0407 through 0405 on
  // to 0404.)
  std::vector<P> units = {{"imperial", "infantry", "B", "0405"},
                          {"imperial", "infantry", "B", "0407"},
                          {"lombard", "infantry", "B", "0409"}};
  auto f = std::make_unique<Fixture>();
  f->g = make_game(
      scenario_json(units, {{"L0", "imperial", "0101"}, {"L1", "lombard", "1010"}}, {}, 10, 10));
  f->s = new_state(f->g);
  f->s->debug_set_unit(0, f->s->unit(0).hex, Status::kRouted);
  f->s->debug_set_unit(1, f->s->unit(1).hex, Status::kRouted);
  decline_rest_of_turn(*f->s);
  ASSERT_TRUE(f->s->is_chance_node());
  ASSERT_EQ(f->s->tasks().front().a, 0);
  roll(*f->s, 10);
  EXPECT_EQ(where(*f->s, 0), "0403");
  EXPECT_EQ(where(*f->s, 1), "0405");
}

// ---- 3.3 the victory check ----

TEST(Bma_3_Sequence, Clause_3_3_VictoryCheckClosesTheTurn) {
  // Imperial rout level 3: a routed B unit (3 VP) that cannot rally (an enemy two hexes away)
  // routs the army, but only at the victory check after the rally phase.
  std::vector<P> units = {{"imperial", "infantry", "B", "0505"},
                          {"imperial", "infantry", "B", "0101"},
                          {"lombard", "infantry", "B", "0507"}};
  auto f = std::make_unique<Fixture>();
  f->g = make_game(scenario_json(units, {{"L0", "imperial", "0101"}, {"L1", "lombard", "1010"}}, {},
                                 10, 10, 8, 3, 58));
  f->s = new_state(f->g);
  f->s->set_event_sink(&f->log);
  f->s->debug_set_unit(0, f->s->unit(0).hex, Status::kRouted);
  EXPECT_EQ(f->s->vp_lost(0), 3);
  play(*f->s, act::kDrawBase + 1);
  EXPECT_FALSE(f->s->is_terminal()) << "no victory check during the activation phase";
  play(*f->s, act::kDecline);
  EXPECT_TRUE(f->s->is_terminal());
  EXPECT_EQ(f->s->winner(), 1);
  EXPECT_EQ(f->s->end_reason(), EndReason::kRoutLevel);
  // The rally phase came first: the routed unit fled before the check.
  EXPECT_EQ(where(*f->s, 0), "0403");
  EXPECT_FALSE(events_of(f->log, "victory", "bma 8.2").empty());
  // Negative: below the rout level the game goes on to turn 2.
  auto f2 = setup(1);
  decline_rest_of_turn(*f2->s);
  EXPECT_FALSE(f2->s->is_terminal());
  EXPECT_EQ(f2->s->turn(), 2);
}

}  // namespace
}  // namespace carroccio::bma::testing
