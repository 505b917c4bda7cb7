// The optional rules (7.0): command radius (7.1), facing (7.2), charge (7.3) and variable
// combat factors (7.4). Each clause is tested with its option on, and off as the negative case.
#include <gtest/gtest.h>

#include <algorithm>
#include <initializer_list>
#include <string>
#include <vector>

#include "rulesets/bma/tests/test_util.hpp"

namespace carroccio::bma {
namespace {

using namespace testing;  // NOLINT(build/namespaces)

std::string last_result(const core::EventLog& log) {
  std::string out;
  for (const auto& e : log.events())
    if (e.kind == "combat" && e.data.contains("result")) out = e.data["result"].get<std::string>();
  return out;
}

// ---------------------------------------------------------------------------------------------
// 7.1 Command radius

TEST(Bma_7_Optional, Clause_7_1_1_FullMovementWithinFourHexes) {
  // L0 at 0505: u0 (0509) is 4 hexes away, u1 (0510) 5, cavalry u2 (0110) farther.
  const auto j = scenario_json({{"imperial", "infantry", "A", "0509"},
                                {"imperial", "infantry", "A", "0510"},
                                {"imperial", "cavalry", "A", "0110"},
                                {"lombard", "infantry", "A", "1001"}},
                               {{"L0", "imperial", "0505"}, {"L1", "lombard", "1010"}});
  Bench b(j, "command_radius");
  activate(*b.s, 0);
  EXPECT_TRUE(b.s->in_command(0));
  EXPECT_EQ(b.s->movement_allowance(0), 4);
  EXPECT_FALSE(b.s->in_command(1));
  EXPECT_EQ(b.s->movement_allowance(1), 2);  // 7.1.2: halved
  EXPECT_FALSE(b.s->in_command(2));
  EXPECT_EQ(b.s->movement_allowance(2), 4);
  // Negative: without the option distance does not matter.
  Bench c(j);
  activate(*c.s, 0);
  EXPECT_TRUE(c.s->in_command(1));
  EXPECT_EQ(c.s->movement_allowance(1), 4);
  EXPECT_EQ(c.s->movement_allowance(2), 8);
}

TEST(Bma_Rulings, L42_CommandRadiusMeasuredWhenTheLeaderActivates) {
  Bench b(
      scenario_json({{"imperial", "infantry", "A", "0509"}, {"lombard", "infantry", "A", "1001"}},
                    {{"L0", "imperial", "0505"}, {"L1", "lombard", "1010"}}),
      "command_radius");
  activate(*b.s, 0);
  ASSERT_TRUE(b.s->in_command(0));
  // The leader rides off to 0101 (6 hexes from u0): the unit stays in command this activation.
  play(*b.s, act::kSelectLeaderBase + 0);
  play(*b.s, destination(*b.g, "0101", 0));
  ASSERT_EQ(b.s->leader(0).hex, b.h("0101"));
  EXPECT_TRUE(b.s->in_command(0));
  EXPECT_EQ(b.s->movement_allowance(0), 4);
}

TEST(Bma_7_Optional, Clause_7_1_2_OutOfCommandCannotAttackButDefendsNormally) {
  // L0 is at 1010: u0 (0505) is out of his radius, u1 (0909) within it; each touches a Lombard
  // (u2 at 0506, u3 at 0908).
  const auto j = scenario_json({{"imperial", "infantry", "A", "0505"},
                                {"imperial", "infantry", "A", "0909"},
                                {"lombard", "infantry", "A", "0506"},
                                {"lombard", "infantry", "A", "0908"}},
                               {{"L0", "imperial", "1010"}, {"L1", "lombard", "0507"}});
  Bench b(j, "command_radius");
  for (int u = 0; u < 4; ++u) b.set(u, Status::kOrdered, 8);
  open_combat(*b.s, 0);
  EXPECT_FALSE(b.s->in_command(0));
  EXPECT_FALSE(is_legal(*b.s, act::kTargetBase + 2));  // only the out-of-command unit touches u2
  EXPECT_TRUE(is_legal(*b.s, act::kTargetBase + 3));   // positive: u1 is in command
  play(*b.s, act::kEndCombat);
  // Turn 2 (after the rally phase): the Lombards attack u0, which defends at full value.
  while (b.s->phase() != Phase::kDraw) roll(*b.s, 10);
  open_combat(*b.s, 1);
  play(*b.s, act::kTargetBase + 0);
  play(*b.s, act::kAddAttackerBase + 2);
  EXPECT_EQ(b.s->combat_odds().defence, 8);
  // Negative: without the option u0 may attack.
  Bench c(j);
  for (int u = 0; u < 4; ++u) c.set(u, Status::kOrdered, 8);
  open_combat(*c.s, 0);
  EXPECT_TRUE(is_legal(*c.s, act::kTargetBase + 2));
}

// The Lombard supreme commander (with u1 at 0506) dies in u0's attack; the next draw puts the
// replacement with u2 at 0909, 5 hexes from u1.
void replace_lombard_leader(Bench& b) {
  for (int u = 0; u < 4; ++u) b.set(u, Status::kOrdered, 8);
  open_combat(*b.s, 0);
  play(*b.s, act::kTargetBase + 1);
  play(*b.s, act::kAddAttackerBase + 0);
  play(*b.s, act::kResolveCombat);
  roll(*b.s, 5);  // 1/1, -2: NE
  ASSERT_EQ(pending(*b.s), TaskKind::kLeaderCheck);
  roll(*b.s, 12);
  ASSERT_EQ(b.s->leader(1).hex, kNoHex);
  if (b.s->phase() == Phase::kCombatTarget) play(*b.s, act::kEndCombat);
  play(*b.s, act::kDrawBase + 1);
  play(*b.s, act::kActivate);
  ASSERT_EQ(b.s->phase(), Phase::kReplacement);
  play(*b.s, act::kReplacementBase + 2);
  // The unit with the new leader is in command (distance 0).
  ASSERT_TRUE(b.s->in_command(2));
  play(*b.s, act::kEndMovement);
  if (b.s->phase() == Phase::kCombatTarget) play(*b.s, act::kEndCombat);
  ASSERT_EQ(b.s->turn(), 2);
}

nlohmann::json replacement_scenario() {
  return scenario_json(
      {{"imperial", "infantry", "A", "0505"},
       {"lombard", "infantry", "A", "0506"},
       {"lombard", "infantry", "A", "0909"},
       {"imperial", "infantry", "A", "0908"}},
      {{"L0", "imperial", "0504"}, {"L1", "lombard", "0506", 3, true}, {"L2", "imperial", "0102"}});
}

TEST(Bma_7_Optional, Clause_7_1_Note_RadiusAppliesToReplacementLeaders) {
  Bench b(replacement_scenario(), "command_radius");
  replace_lombard_leader(b);
  activate(*b.s, 1);
  EXPECT_TRUE(b.s->in_command(2));
  EXPECT_FALSE(b.s->in_command(1));  // 5 hexes from the replacement
  EXPECT_EQ(b.s->movement_allowance(1), 2);
  // Negative: without the option the whole command is in command.
  Bench c(replacement_scenario());
  replace_lombard_leader(c);
  activate(*c.s, 1);
  EXPECT_TRUE(c.s->in_command(1));
}

// ---------------------------------------------------------------------------------------------
// 7.2 Facing

std::vector<int> arcs_around(const Bench& b, int u) {
  std::vector<int> out;
  for (int nb : b.g->board().neighbors(b.s->unit(u).hex)) out.push_back(b.s->arc_from(u, nb));
  return out;  // by direction N, NE, SE, S, SW, NW
}

TEST(Bma_7_Optional, Clause_7_2_1_InfantryFacesACorner) {
  const auto j = scenario_json(
      {{"imperial", "infantry", "A", "0101"}, {"lombard", "infantry", "A", "0506", "N/NE"}});
  Bench b(j, "facing");
  // Front N and NE, flanks SE and NW, rear S and SW: two of each.
  EXPECT_EQ(arcs_around(b, 1), (std::vector<int>{0, 0, 1, 2, 2, 1}));
  EXPECT_TRUE(b.s->is_front_of(1, b.h("0505")));
  EXPECT_TRUE(b.s->is_front_of(1, b.h("0605")));
  EXPECT_FALSE(b.s->is_front_of(1, b.h("0606")));
  EXPECT_FALSE(b.s->is_front_of(1, b.h("0507")));
  // Negative: without facing every side is a front.
  Bench c(j);
  EXPECT_EQ(arcs_around(c, 1), (std::vector<int>{0, 0, 0, 0, 0, 0}));
  EXPECT_TRUE(c.s->is_front_of(1, b.h("0507")));
}

TEST(Bma_7_Optional, Clause_7_2_1_CavalryFacesAHexside) {
  const auto j = scenario_json(
      {{"imperial", "infantry", "A", "0101"}, {"lombard", "cavalry", "A", "0506", "N"}});
  Bench b(j, "facing");
  // Front NW, N, NE; flanks SE and SW; rear S: three, two, one.
  EXPECT_EQ(arcs_around(b, 1), (std::vector<int>{0, 0, 1, 2, 1, 0}));
  Bench c(j);
  EXPECT_EQ(arcs_around(c, 1), (std::vector<int>{0, 0, 0, 0, 0, 0}));
}

// An Imperial infantry at 0505 facing S/SW with `mp` movement points; the Lombard is far away.
nlohmann::json walker(int mp) {
  auto j = scenario_json(
      {{"imperial", "infantry", "A", "0505", "S/SW"}, {"lombard", "infantry", "A", "1001"}});
  j["units"][0]["movement"] = mp;
  return j;
}

TEST(Bma_7_Optional, Clause_7_2_2_MovesOnlyThroughItsFront) {
  Bench b(walker(1), "facing");
  activate(*b.s, 0);
  // Front S (0506) and SW (0405); with 1 MP it cannot turn and then step.
  EXPECT_EQ(reach_of(*b.s, 0), (std::vector<std::string>{"0405", "0505", "0506"}));
  // Negative: without facing any neighbour.
  Bench c(walker(1));
  activate(*c.s, 0);
  EXPECT_EQ(reach_of(*c.s, 0),
            (std::vector<std::string>{"0404", "0405", "0504", "0505", "0506", "0604", "0605"}));
}

TEST(Bma_7_Optional, Clause_7_2_3_TurningCostsOneMovementPoint) {
  {  // 1 MP: a turn in place, however far, is allowed...
    Bench b(walker(1), "facing");
    activate(*b.s, 0);
    select_unit(*b.s, 0);
    EXPECT_TRUE(is_legal(*b.s, destination(*b.g, "0505", 1)));   // about-face to N/NE
    EXPECT_FALSE(is_legal(*b.s, destination(*b.g, "0504", 1)));  // ...but not a turn and a step
    play(*b.s, destination(*b.g, "0505", 1));
    EXPECT_EQ(b.s->unit(0).facing, 1);
    const auto moves = events_of(b.log, "move");
    ASSERT_EQ(moves.size(), 1u);
    EXPECT_EQ(moves[0].data["mp"], 1);
  }
  {  // 2 MP: turn (1) and step through the new front (1).
    Bench b(walker(2), "facing");
    activate(*b.s, 0);
    select_unit(*b.s, 0);
    EXPECT_TRUE(is_legal(*b.s, destination(*b.g, "0504", 1)));
    play(*b.s, destination(*b.g, "0504", 1));
    EXPECT_EQ(events_of(b.log, "move")[0].data["mp"], 2);
  }
  {  // Negative: without facing a step costs 1 and facing never changes.
    Bench b(walker(1));
    activate(*b.s, 0);
    select_unit(*b.s, 0);
    EXPECT_TRUE(is_legal(*b.s, destination(*b.g, "0504", b.s->unit(0).facing)));
  }
}

TEST(Bma_7_Optional, Clause_7_2_3_TurningInAnEnemyFrontHexNeedsAMoraleCheck) {
  // The Lombard at 0506 faces N/NE: 0505 is in its front, 0507 in its rear (ruling L-43: a
  // unit in an enemy's front hex passes the 6.4 check before it moves or turns).
  auto setup = [](const std::string& imperial_at) {
    auto b = std::make_unique<Bench>(scenario_json({{"imperial", "infantry", "A", imperial_at},
                                                    {"lombard", "infantry", "A", "0506", "N/NE"}}),
                                     "facing");
    activate(*b->s, 0);
    select_unit(*b->s, 0);
    return b;
  };
  const int facing = setup("0505")->s->unit(0).facing;
  const game::Action turn = act::kTurnBase + (facing + 2) % 12;
  {  // Positive: in the enemy's front, the check comes first; failing it, the unit may not turn.
    auto b = setup("0505");
    ASSERT_TRUE(b->s->is_chance_node());
    EXPECT_EQ(b->s->chance_info().rule, "bma 4.1, 6.4");
    roll(*b->s, 10);
    EXPECT_EQ(b->s->phase(), Phase::kMoveSelect);
    EXPECT_FALSE(is_legal(*b->s, act::kSelectUnitBase + 0));
    EXPECT_EQ(b->s->unit(0).facing, facing);
  }
  {  // Passing it, the unit may turn.
    auto b = setup("0505");
    roll(*b->s, 1);
    ASSERT_EQ(b->s->phase(), Phase::kMoveDestination);
    EXPECT_TRUE(is_legal(*b->s, turn));
  }
  {  // Negative: in the enemy's rear there is no check, and the turn is free to choose.
    auto b = setup("0507");
    EXPECT_FALSE(b->s->is_chance_node());
    ASSERT_EQ(b->s->phase(), Phase::kMoveDestination);
    EXPECT_TRUE(is_legal(*b->s, turn));
  }
}

TEST(Bma_7_Optional, Clause_7_2_ZocOnlyInFrontHexes) {
  // The Lombard at 0506 faces N/NE: 0505 is its front, 0507 its rear.
  auto zoc = [](const std::string& imperial_at, const std::string& options) {
    Bench b(scenario_json({{"imperial", "infantry", "A", imperial_at},
                           {"lombard", "infantry", "A", "0506", "N/NE"}}),
            options);
    return b.s->in_enemy_zoc(0);
  };
  EXPECT_TRUE(zoc("0505", "facing"));
  EXPECT_FALSE(zoc("0507", "facing"));
  EXPECT_FALSE(zoc("0405", "facing"));  // flank
  EXPECT_TRUE(zoc("0507", ""));         // negative: without facing all round
}

TEST(Bma_7_Optional, Clause_7_2_MovementStopsOnlyEnteringAnEnemyFrontHex) {
  // Lombard u1 at 0505 faces N/NE (front 0504, 0604). Imperial cavalry u0 at 0506 (u1's rear)
  // faces NW with 2 MP: through 0405 (u1's rear) to 0404 (its flank).
  auto j = scenario_json(
      {{"imperial", "cavalry", "A", "0506", "NW"}, {"lombard", "infantry", "A", "0505", "N/NE"}});
  j["units"][0]["movement"] = 2;
  Bench b(j, "facing");
  activate(*b.s, 0);
  const auto reach = reach_of(*b.s, 0);  // no zone at its rear: no morale check to leave
  EXPECT_TRUE(contains_hex(reach, "0405"));
  EXPECT_TRUE(contains_hex(reach, "0404"));
  // Negative: without facing 0506 is in u1's zone (a check to leave) and 0405 ends the move.
  Bench c(j);
  activate(*c.s, 0);
  select_unit(*c.s, 0);
  ASSERT_EQ(pending(*c.s), TaskKind::kZocCheck);
  roll(*c.s, 1);
  const auto reach_c = destinations_now(*c.s);
  EXPECT_TRUE(contains_hex(reach_c, "0405"));
  EXPECT_FALSE(contains_hex(reach_c, "0404"));
}

TEST(Bma_7_Optional, Clause_7_2_2_AttacksOnlyThroughItsFront) {
  // u0 at 0505 faces S/SW: u1 (0506) is in front, u2 (0504) behind it.
  const auto j = scenario_json({{"imperial", "infantry", "A", "0505", "S/SW"},
                                {"lombard", "infantry", "A", "0506"},
                                {"lombard", "infantry", "A", "0504"}});
  Bench b(j, "facing");
  open_combat(*b.s, 0);
  EXPECT_TRUE(is_legal(*b.s, act::kTargetBase + 1));
  EXPECT_FALSE(is_legal(*b.s, act::kTargetBase + 2));
  Bench c(j);  // negative
  open_combat(*c.s, 0);
  EXPECT_TRUE(is_legal(*c.s, act::kTargetBase + 2));
}

TEST(Bma_7_Optional, Clause_7_2_4_MustAttackEveryEnemyInItsFront) {
  // u0 at 0505 faces S/SW: u1 (0506) and u2 (0405) in front, u3 (0605) on its flank.
  const auto j = scenario_json({{"imperial", "infantry", "A", "0505", "S/SW"},
                                {"lombard", "infantry", "A", "0506"},
                                {"lombard", "infantry", "A", "0405"},
                                {"lombard", "infantry", "A", "0605"}});
  Bench b(j, "facing");
  for (int u = 0; u < 4; ++u) b.set(u, Status::kOrdered, 8);
  open_combat(*b.s, 0);
  play(*b.s, act::kTargetBase + 1);
  play(*b.s, act::kAddAttackerBase + 0);
  EXPECT_EQ(defenders(*b.s), (std::vector<int>{1, 2}));
  Bench c(j);  // negative: without facing, every ordered neighbour
  for (int u = 0; u < 4; ++u) c.set(u, Status::kOrdered, 8);
  open_combat(*c.s, 0);
  play(*c.s, act::kTargetBase + 1);
  play(*c.s, act::kAddAttackerBase + 0);
  EXPECT_EQ(defenders(*c.s), (std::vector<int>{1, 2, 3}));
}

TEST(Bma_7_Optional, Clause_7_2_5_BestSingleFlankOrRearShift) {
  // u1 at 0506 faces N/NE; u0 strikes its flank from 0405, u2 its rear from 0507.
  const auto j = scenario_json({{"imperial", "infantry", "A", "0405", "SE/S"},
                                {"lombard", "infantry", "A", "0506", "N/NE"},
                                {"imperial", "infantry", "A", "0507", "N/NE"}});
  Bench b(j, "facing");
  for (int u = 0; u < 3; ++u) b.set(u, Status::kOrdered, 8);
  open_combat(*b.s, 0);
  play(*b.s, act::kTargetBase + 1);
  play(*b.s, act::kAddAttackerBase + 0);
  EXPECT_EQ(b.s->combat_odds().shift, 1);
  play(*b.s, act::kAddAttackerBase + 2);
  const CombatOdds o = b.s->combat_odds();
  EXPECT_EQ(o.shift, 2);  // the better of +1 and +2, not +3
  EXPECT_TRUE(has_term(o, "rear"));
}

TEST(Bma_Rulings, L43_RoutedUnitFacesItsHomeEdge) {
  auto rout = [](const std::string& type, const std::string& options) {
    auto b =
        std::make_unique<Bench>(spare(scenario_json({{"imperial", "infantry", "A", "0504", "S/SW"},
                                                     {"lombard", type, "C", "0505"}})),
                                options);
    b->set(0, Status::kOrdered, 10);
    b->set(1, Status::kOrdered, 2, type == "infantry" ? 3 : 2);  // facing NE/SE or SE
    open_combat(*b->s, 0);
    play(*b->s, act::kTargetBase + 1);
    play(*b->s, act::kAddAttackerBase + 0);
    play(*b->s, act::kResolveCombat);
    roll(*b->s, 1);  // 5/1, +1: DR (the flank shift is lost at 5/1)
    EXPECT_EQ(b->s->unit(1).status, Status::kRouted);
    return b;
  };
  const auto infantry = rout("infantry", "facing");
  const auto cavalry = rout("cavalry", "facing");
  const Board& board = infantry->g->board();
  EXPECT_EQ(infantry->s->unit(1).facing, board.facing_toward(Edge::kSouth, true));  // S/SW
  EXPECT_EQ(cavalry->s->unit(1).facing, board.facing_toward(Edge::kSouth, false));  // S
  EXPECT_EQ(rout("infantry", "")->s->unit(1).facing, 3);  // negative: without facing, untouched
}

// ---------------------------------------------------------------------------------------------
// 7.3 Charge

struct ChargeSetup {
  std::string charger_rating = "A";
  std::string target_type = "cavalry";
  std::string start = "0502";  // the charger moves from here to 0505, next to the target (0506)
  std::vector<std::string> forest;
  std::string options = "charge";
  std::vector<LeaderP> leaders;
  int charger_value = 8, target_value = 8;
  std::string target_rating = "A";
};

// Moves the Imperial cavalry u0 to 0505 and declares u1 (0506) as the target.
std::unique_ptr<Bench> charge_bench(const ChargeSetup& c) {
  auto b = std::make_unique<Bench>(
      spare(scenario_json({{"imperial", "cavalry", c.charger_rating, c.start},
                           {"lombard", c.target_type, c.target_rating, "0506"}},
                          c.leaders, c.forest)),
      c.options);
  b->set(0, Status::kOrdered, c.charger_value);
  b->set(1, Status::kOrdered, c.target_value);
  activate(*b->s, 0);
  if (c.start != "0505") {
    select_unit(*b->s, 0);
    play(*b->s, destination(*b->g, "0505", b->s->unit(0).facing));
  }
  play(*b->s, act::kEndMovement);
  EXPECT_EQ(b->at(0), "0505");
  if (b->s->phase() == Phase::kCombatTarget && is_legal(*b->s, act::kTargetBase + 1))
    play(*b->s, act::kTargetBase + 1);
  return b;
}

bool may_charge(const ChargeSetup& c) {
  auto b = charge_bench(c);
  return b->s->phase() == Phase::kCombatBuild && is_legal(*b->s, act::kAddChargerBase + 0);
}

TEST(Bma_7_Optional, Clause_7_3_1_ChargeOnlyAgainstCavalry) {
  ChargeSetup c;
  EXPECT_TRUE(may_charge(c));
  c.target_type = "infantry";
  EXPECT_FALSE(may_charge(c));
  auto b = charge_bench(c);
  EXPECT_TRUE(is_legal(*b->s, act::kAddAttackerBase + 0));  // a normal attack is still allowed
}

TEST(Bma_7_Optional, Clause_7_3_OffByDefault) {
  ChargeSetup c;
  c.options = "";
  EXPECT_FALSE(may_charge(c));
}

TEST(Bma_7_Optional, Clause_7_3_1_ChargeFromTwoToFourHexes) {
  ChargeSetup c;
  for (const auto& [start, ok] : std::vector<std::pair<std::string, bool>>{
           {"0504", true}, {"0503", true}, {"0502", true}, {"0501", false}, {"0505", false}}) {
    c.start = start;
    EXPECT_EQ(may_charge(c), ok) << "starting at " << start;
  }
}

TEST(Bma_7_Optional, Clause_7_3_1_ChargeRequiresCommand) {
  ChargeSetup c;
  c.options = "charge,command_radius";
  c.leaders = {{"L0", "imperial", "0501"}, {"L1", "lombard", "1010"}};
  EXPECT_TRUE(may_charge(c));
  c.leaders = {{"L0", "imperial", "1001"}, {"L1", "lombard", "1010"}};  // 5 hexes from 0502
  auto b = charge_bench(c);
  EXPECT_FALSE(b->s->in_command(0));
  EXPECT_FALSE(is_legal(*b->s, act::kAddChargerBase + 0));
  EXPECT_NE(b->s->phase(), Phase::kCombatBuild);  // it cannot attack at all
}

TEST(Bma_7_Optional, Clause_7_3_1_ChargeDoublesValueAndRaisesMorale) {
  ChargeSetup c;
  auto b = charge_bench(c);
  play(*b->s, act::kAddChargerBase + 0);
  const CombatOdds o = b->s->combat_odds();
  EXPECT_EQ(o.attack, 16);
  EXPECT_EQ(o.drm, 1);  // A charging counts above A: +1 against the A defender
  EXPECT_TRUE(has_term(o, "x2 charging"));
  // Negative: the same unit attacking normally.
  auto n = charge_bench(c);
  play(*n->s, act::kAddAttackerBase + 0);
  EXPECT_EQ(n->s->combat_odds().attack, 8);
  EXPECT_EQ(n->s->combat_odds().drm, 0);
}

TEST(Bma_7_Optional, Clause_7_3_1_BAndCChargersTestMoraleFirst) {
  ChargeSetup c;
  c.charger_rating = "B";
  c.charger_value = 6;
  {  // Failed (B morale 5, rolled 6): it attacks normally and pays no charge toll.
    auto b = charge_bench(c);
    play(*b->s, act::kAddChargerBase + 0);
    play(*b->s, act::kResolveCombat);
    ASSERT_EQ(pending(*b->s), TaskKind::kChargeCheck);
    EXPECT_EQ(b->s->chance_info().rule, "bma 7.3.1");
    roll(*b->s, 6);
    ASSERT_EQ(pending(*b->s), TaskKind::kCrtRoll);
    EXPECT_EQ(b->s->combat().attack, 6);
    roll(*b->s, 3);  // 6:8 on 1/2, -1 morale: row 2, AD
    EXPECT_EQ(last_result(b->log), "AD");
    EXPECT_EQ(b->s->unit(0).status, Status::kDisordered);  // the result only, not routed
  }
  {  // Passed: doubled.
    auto b = charge_bench(c);
    play(*b->s, act::kAddChargerBase + 0);
    play(*b->s, act::kResolveCombat);
    roll(*b->s, 5);
    ASSERT_EQ(pending(*b->s), TaskKind::kCrtRoll);
    EXPECT_EQ(b->s->combat().attack, 12);
  }
  {  // Negative: an A charger makes no check before.
    ChargeSetup a;
    auto b = charge_bench(a);
    play(*b->s, act::kAddChargerBase + 0);
    play(*b->s, act::kResolveCombat);
    EXPECT_EQ(pending(*b->s), TaskKind::kCrtRoll);
  }
}

TEST(Bma_7_Optional, Clause_7_3_1_CChargerDisorderedAfterCharging) {
  ChargeSetup c;
  c.charger_rating = "C";
  c.charger_value = 3;
  c.target_rating = "C";
  c.target_value = 3;
  auto b = charge_bench(c);
  play(*b->s, act::kAddChargerBase + 0);
  play(*b->s, act::kResolveCombat);
  roll(*b->s, 1);  // the check before: passed
  roll(*b->s, 1);  // 6:3 on 2/1, +1: row 2, NE
  EXPECT_EQ(last_result(b->log), "NE");
  EXPECT_EQ(b->s->unit(0).status, Status::kDisordered);
  EXPECT_FALSE(events_of(b->log, "disorder", "bma 7.3.1").empty());
  // Negative: attacking normally, it stays in order.
  auto n = charge_bench(c);
  play(*n->s, act::kAddAttackerBase + 0);
  play(*n->s, act::kResolveCombat);
  roll(*n->s, 4);  // 3:3 on 1/1: row 4, NE
  EXPECT_EQ(last_result(n->log), "NE");
  EXPECT_EQ(n->s->unit(0).status, Status::kOrdered);
}

TEST(Bma_7_Optional, Clause_7_3_1_AAndBChargersCheckAtPlusOneAfter) {
  ChargeSetup c;  // A, 16 against 8 on 2/1, +1
  for (const auto& [die, disordered] : std::vector<std::pair<int, bool>>{{6, false}, {7, true}}) {
    auto b = charge_bench(c);
    play(*b->s, act::kAddChargerBase + 0);
    play(*b->s, act::kResolveCombat);
    roll(*b->s, 1);  // row 2: NE
    ASSERT_EQ(pending(*b->s), TaskKind::kChargeAfterCheck);
    EXPECT_EQ(b->s->chance_info().rule, "bma 7.3.1");
    roll(*b->s, die);  // needs 7 or less with +1
    EXPECT_EQ(b->s->unit(0).status == Status::kDisordered, disordered) << "rolled " << die;
  }
}

TEST(Bma_7_Optional, Clause_7_3_1_Note_ChargeDisorderAddsToAdverseResult) {
  ChargeSetup c;  // the defender has the Lombard supreme commander: -2
  c.leaders = {{"L0", "imperial", "0101"}, {"L1", "lombard", "0506", 3, true}};
  c.charger_rating = "C";
  c.charger_value = 3;
  c.target_rating = "C";
  c.target_value = 3;
  {  // C: AD, plus the automatic disorder, routs it.
    auto b = charge_bench(c);
    play(*b->s, act::kAddChargerBase + 0);
    play(*b->s, act::kResolveCombat);
    roll(*b->s, 1);  // passed
    roll(*b->s, 1);  // 6:3 on 2/1, +1 -2: row 0, AD
    EXPECT_EQ(last_result(b->log), "AD");
    EXPECT_EQ(b->s->unit(0).status, Status::kRouted);
  }
  c.charger_rating = "A";
  c.charger_value = 8;
  c.target_rating = "A";
  c.target_value = 8;
  for (const auto& [die, status] :
       std::vector<std::pair<int, Status>>{{1, Status::kDisordered}, {7, Status::kRouted}}) {
    auto b = charge_bench(c);  // A: AD, then a failed check after routs it; a passed one not
    play(*b->s, act::kAddChargerBase + 0);
    play(*b->s, act::kResolveCombat);
    roll(*b->s, 1);  // 16:8 on 2/1, +1 -2: row 0, AD
    ASSERT_EQ(last_result(b->log), "AD");
    ASSERT_EQ(pending(*b->s), TaskKind::kChargeAfterCheck);
    roll(*b->s, die);
    EXPECT_EQ(b->s->unit(0).status, status) << "rolled " << die;
  }
}

TEST(Bma_7_Optional, Clause_7_3_2_NoChargeIntoOrOutOfForest) {
  ChargeSetup c;
  c.forest = {"0506"};
  EXPECT_FALSE(may_charge(c));  // into
  c.forest = {"0502"};
  EXPECT_FALSE(may_charge(c));  // out of: it began its move in the wood
  c.forest = {"0101"};
  EXPECT_TRUE(may_charge(c));  // negative: all clear
}

TEST(Bma_7_Optional, Clause_7_3_3_NoSlopesTerrainIsClearOrForest) {
  // 7.3.3 governs charges up and down slopes; Legnano has only clear and forest (9.6), and a
  // scenario cannot hold any other terrain, so no charge is ever uphill or downhill.
  auto ruleset = make_ruleset();
  auto j =
      scenario_json({{"imperial", "cavalry", "A", "0502"}, {"lombard", "cavalry", "A", "0506"}});
  j["map"]["terrain"]["hill"] = {"0504"};
  auto hill = ruleset->new_game(j, "slopes.json", {});
  ASSERT_FALSE(hill.ok());
  EXPECT_EQ(hill.message(),
            "slopes.json: field 'map.terrain.hill' is not a terrain of this ruleset (clear, "
            "forest).");
  // Negative: clear and forest load, and the charge across clear ground is open (7.3.1).
  j["map"]["terrain"].erase("hill");
  j["map"]["terrain"]["clear"] = {"0504"};
  EXPECT_TRUE(ruleset->new_game(j, "slopes.json", {}).ok());
  ChargeSetup c;
  EXPECT_TRUE(may_charge(c));
}

// ---------------------------------------------------------------------------------------------
// 7.4 Variable combat factors

// u0 (A, 8) attacks u1 (A, 8) on 1/1 and rolls `die`.
std::unique_ptr<Bench> vcf_fight(const std::string& options, int die) {
  auto b = std::make_unique<Bench>(spare(scenario_json({{"imperial", "infantry", "A", "0505"},
                                                        {"lombard", "infantry", "A", "0506"}})),
                                   options);
  b->set(0, Status::kOrdered, 8);
  b->set(1, Status::kOrdered, 8);
  open_combat(*b->s, 0);
  play(*b->s, act::kTargetBase + 1);
  play(*b->s, act::kAddAttackerBase + 0);
  play(*b->s, act::kResolveCombat);
  if (b->s->phase() == Phase::kTasks && pending(*b->s) == TaskKind::kCrtRoll) roll(*b->s, die);
  return b;
}

TEST(Bma_7_Optional, Clause_7_4_AdverseRedrawsAfterDisorderOrRout) {
  {  // DD: the disordered defender draws a new chit.
    auto b = vcf_fight("vcf=adverse", 5);
    EXPECT_EQ(last_result(b->log), "DD");
    ASSERT_EQ(pending(*b->s), TaskKind::kDrawChit);
    EXPECT_EQ(b->s->tasks().front().a, 1);
    roll(*b->s, 10);
    EXPECT_EQ(b->s->unit(1).value, 10);
  }
  {  // AD: the disordered attacker draws a new chit.
    auto b = vcf_fight("vcf=adverse", 1);
    EXPECT_EQ(last_result(b->log), "AD");
    ASSERT_EQ(pending(*b->s), TaskKind::kDrawChit);
    EXPECT_EQ(b->s->tasks().front().a, 0);
  }
  {  // Negative: no adverse result, no new chit.
    auto b = vcf_fight("vcf=adverse", 3);
    EXPECT_EQ(last_result(b->log), "NE");
    EXPECT_NE(b->s->phase(), Phase::kTasks);
  }
  {  // Negative: the option off.
    auto b = vcf_fight("", 5);
    EXPECT_EQ(last_result(b->log), "DD");
    EXPECT_NE(b->s->phase(), Phase::kTasks);
    EXPECT_EQ(b->s->unit(1).value, 8);
  }
}

TEST(Bma_7_Optional, Clause_7_4_EveryRedrawsBeforeEachCombat) {
  auto b = vcf_fight("vcf=every", 0);
  // Both units hold chits already, yet both draw again, attacker first.
  ASSERT_EQ(pending(*b->s), TaskKind::kDrawChit);
  EXPECT_EQ(b->s->tasks().front().a, 0);
  roll(*b->s, 7);
  ASSERT_EQ(pending(*b->s), TaskKind::kDrawChit);
  EXPECT_EQ(b->s->tasks().front().a, 1);
  roll(*b->s, 10);
  EXPECT_EQ(pending(*b->s), TaskKind::kCrtRoll);
  EXPECT_EQ(b->s->unit(0).value, 7);
  EXPECT_EQ(b->s->unit(1).value, 10);
  // Negative: the option off goes straight to the die.
  auto n = std::make_unique<Bench>(
      scenario_json({{"imperial", "infantry", "A", "0505"}, {"lombard", "infantry", "A", "0506"}}));
  n->set(0, Status::kOrdered, 8);
  n->set(1, Status::kOrdered, 8);
  open_combat(*n->s, 0);
  play(*n->s, act::kTargetBase + 1);
  play(*n->s, act::kAddAttackerBase + 0);
  play(*n->s, act::kResolveCombat);
  EXPECT_EQ(pending(*n->s), TaskKind::kCrtRoll);
}

TEST(Bma_7_Optional, Clause_7_4_OptionValues) {
  auto parse = [](const std::string& text) {
    return parse_rule_options(*game::parse_options(text));
  };
  EXPECT_EQ(parse("")->vcf, RuleOptions::Vcf::kOff);  // off by default
  EXPECT_EQ(parse("vcf=adverse")->vcf, RuleOptions::Vcf::kAdverse);
  EXPECT_EQ(parse("vcf=every")->vcf, RuleOptions::Vcf::kEvery);
  EXPECT_EQ(parse("vcf=off")->vcf, RuleOptions::Vcf::kOff);
  EXPECT_FALSE(parse("vcf=sometimes").ok());
  const RuleOptions none = *parse("");
  EXPECT_FALSE(none.command_radius);
  EXPECT_FALSE(none.facing);
  EXPECT_FALSE(none.charge);
}

}  // namespace
}  // namespace carroccio::bma
