// Combat (5.0), leaders in combat (5.4), the Carroccio in combat (9.3) and terrain in combat
// (9.6): one test per clause, on small inline maps, with every die forced.
#include <gtest/gtest.h>

#include <algorithm>
#include <initializer_list>
#include <string>
#include <vector>

#include "rulesets/bma/tests/test_util.hpp"

namespace carroccio::bma {
namespace {

using namespace testing;  // NOLINT(build/namespaces)

std::vector<int> outcome_values(const BmaState& s) {
  std::vector<int> out;
  for (const auto& o : s.chance_outcomes())
    out.push_back(static_cast<int>(o.action - act::kValueBase));
  return out;
}

// The "combat die" event of the last combat (the one carrying the row read).
nlohmann::json last_die_event(const core::EventLog& log) {
  nlohmann::json out;
  for (const auto& e : log.events())
    if (e.kind == "combat" && e.data.contains("row")) out = e.data;
  return out;
}

// Every event as text, for failure messages.
std::string dump(const core::EventLog& log) {
  std::string out;
  for (const auto& e : log.events()) out += "[" + e.rule + "] " + e.text + "\n";
  return out;
}

bool any_event_text(const core::EventLog& log, const std::string& kind, const std::string& text) {
  for (const auto& e : log.events())
    if (e.kind == kind && e.text.find(text) != std::string::npos) return true;
  return false;
}

// Two infantry units face to face: u0 Imperial at 0505, u1 Lombard at 0506.
nlohmann::json duel(const std::string& att_type = "infantry", const std::string& att_rating = "A",
                    const std::string& def_type = "infantry", const std::string& def_rating = "A",
                    std::vector<LeaderP> leaders = {}, std::vector<std::string> forest = {}) {
  return scenario_json(
      {{"imperial", att_type, att_rating, "0505"}, {"lombard", def_type, def_rating, "0506"}},
      std::move(leaders), std::move(forest));
}

// On a duel's bench: u0 ordered with chit 8, u1 `defender` with chit `value`; u0 attacks u1 and
// the combat is resolved.
void fight_duel(Bench& b, Status defender, int value) {
  b.set(0, Status::kOrdered, 8);
  b.set(1, defender, value);
  open_combat(*b.s, 0);
  declare(*b.s, 1, {0});
  resolve(*b.s);
}

// ---------------------------------------------------------------------------------------------
// 5.1 Basic combat rules

TEST(Bma_5_Combat, Clause_5_1_1_CombatAfterMovement) {
  Bench b(duel());
  b.set(0, Status::kOrdered, 8);
  b.set(1, Status::kOrdered, 8);
  activate(*b.s, 0);
  // Negative: while the command moves, no combat can be declared.
  ASSERT_EQ(b.s->phase(), Phase::kMoveSelect);
  EXPECT_FALSE(is_legal(*b.s, act::kTargetBase + 1));
  play(*b.s, act::kEndMovement);
  // Positive: once movement is over the adjacent enemy may be attacked, and nothing moves.
  ASSERT_EQ(b.s->phase(), Phase::kCombatTarget);
  EXPECT_TRUE(is_legal(*b.s, act::kTargetBase + 1));
  EXPECT_FALSE(is_legal(*b.s, act::kSelectUnitBase + 0));
  EXPECT_FALSE(is_legal(*b.s, act::kEndMovement));
}

TEST(Bma_5_Combat, Clause_5_1_2_CombatIsVoluntary) {
  Bench b(duel());
  b.set(0, Status::kOrdered, 8);
  b.set(1, Status::kOrdered, 8);
  open_combat(*b.s, 0);
  // Positive: the attack may be declared; negative: the side may also decline it.
  EXPECT_TRUE(is_legal(*b.s, act::kTargetBase + 1));
  EXPECT_TRUE(is_legal(*b.s, act::kEndCombat));
  play(*b.s, act::kEndCombat);
  EXPECT_TRUE(events_of(b.log, "combat").empty());
  EXPECT_EQ(b.s->unit(1).status, Status::kOrdered);
  EXPECT_EQ(b.at(1), "0506");
}

TEST(Bma_5_Combat, Clause_5_1_2_AttackerTakesOnEveryAdjacentOrderedEnemy) {
  // u0 at 0505 has Lombards all round: u1 S and u2 SE ordered, u3 SW disordered, u4 NE
  // routed; u5 is ordered but not adjacent.
  Bench b(scenario_json({{"imperial", "infantry", "A", "0505"},
                         {"lombard", "infantry", "A", "0506"},
                         {"lombard", "infantry", "A", "0605"},
                         {"lombard", "infantry", "A", "0405"},
                         {"lombard", "infantry", "A", "0604"},
                         {"lombard", "infantry", "A", "0508"}}));
  for (int u = 0; u < 6; ++u) b.set(u, Status::kOrdered, 8);
  b.set(3, Status::kDisordered, 8);
  b.set(4, Status::kRouted, 8);
  open_combat(*b.s, 0);
  declare(*b.s, 1, {0});
  // Positive: both ordered neighbours are in; negative: the others are not forced in.
  EXPECT_EQ(defenders(*b.s), (std::vector<int>{1, 2}));
  // The ordered neighbour cannot be left out: it is already a defender, never optional.
  EXPECT_FALSE(is_legal(*b.s, act::kAddDefenderBase + 2));
  EXPECT_FALSE(is_legal(*b.s, act::kAddDefenderBase + 5));
}

TEST(Bma_5_Combat, Clause_5_1_2_DisorderedOrRoutedNeighboursAreOptional) {
  Bench b(scenario_json({{"imperial", "infantry", "A", "0505"},
                         {"lombard", "infantry", "A", "0506"},
                         {"lombard", "infantry", "A", "0405"},
                         {"lombard", "infantry", "A", "0604"}}));
  for (int u = 0; u < 4; ++u) b.set(u, Status::kOrdered, 8);
  b.set(2, Status::kDisordered, 8);
  b.set(3, Status::kRouted, 8);
  open_combat(*b.s, 0);
  declare(*b.s, 1, {0});
  EXPECT_EQ(defenders(*b.s), (std::vector<int>{1}));
  // Positive: the disordered and routed neighbours may be added; the side chooses.
  EXPECT_TRUE(is_legal(*b.s, act::kAddDefenderBase + 2));
  EXPECT_TRUE(is_legal(*b.s, act::kAddDefenderBase + 3));
  play(*b.s, act::kAddDefenderBase + 2);
  EXPECT_EQ(defenders(*b.s), (std::vector<int>{1, 2}));
  // A disordered unit may also be the first target; the ordered neighbour still comes in.
  Bench c(scenario_json({{"imperial", "infantry", "A", "0505"},
                         {"lombard", "infantry", "A", "0506"},
                         {"lombard", "infantry", "A", "0405"}}));
  for (int u = 0; u < 3; ++u) c.set(u, Status::kOrdered, 8);
  c.set(2, Status::kDisordered, 8);
  open_combat(*c.s, 0);
  declare(*c.s, 2, {0});
  EXPECT_EQ(defenders(*c.s), (std::vector<int>{1, 2}));
  // Negative: an ordered neighbour is no option: it came in with the attacker and is never
  // offered as an optional defender; the routed one left out stays out.
  EXPECT_FALSE(is_legal(*c.s, act::kAddDefenderBase + 1));
  EXPECT_FALSE(is_legal(*b.s, act::kAddDefenderBase + 1));
  EXPECT_EQ(defenders(*b.s), (std::vector<int>{1, 2}));
}

TEST(Bma_5_Combat, Clause_5_1_2_EachAddedAttackerBringsInItsOwnOrderedNeighbours) {
  // Imperial u0 0505 and u1 0605 both touch Lombard u2 at 0506; only u1 also touches Lombard u3
  // at 0706. The combat closes over its attackers: each one added pulls in its own neighbours.
  Bench b(scenario_json({{"imperial", "infantry", "A", "0505"},
                         {"imperial", "infantry", "A", "0605"},
                         {"lombard", "infantry", "A", "0506"},
                         {"lombard", "infantry", "A", "0706"}}));
  for (int u = 0; u < 4; ++u) b.set(u, Status::kOrdered, 8);
  open_combat(*b.s, 0);
  declare(*b.s, 2, {0});
  // Negative: with u0 alone, u3 (not next to u0) stays out and cannot be added.
  EXPECT_EQ(defenders(*b.s), (std::vector<int>{2}));
  EXPECT_FALSE(is_legal(*b.s, act::kAddDefenderBase + 3));
  // Positive: adding u1 brings in u3, which u1 touches and which is ordered.
  play(*b.s, act::kAddAttackerBase + 1);
  EXPECT_EQ(defenders(*b.s), (std::vector<int>{2, 3}));
}

TEST(Bma_5_Combat, Clause_5_1_2_EachUnitAttacksOnceAndIsAttackedOnce) {
  // Imperial u0 0505, u1 0705, u2 0605; Lombard u3 0506 (ordered), u4 0706 (disordered).
  // u2 touches both Lombards, u0 only u3, u1 only u4.
  Bench b(scenario_json({{"imperial", "infantry", "A", "0505"},
                         {"imperial", "infantry", "A", "0705"},
                         {"imperial", "infantry", "A", "0605"},
                         {"lombard", "infantry", "A", "0506"},
                         {"lombard", "infantry", "A", "0706"}}));
  for (int u = 0; u < 5; ++u) b.set(u, Status::kOrdered, 8);
  b.set(4, Status::kDisordered, 8);
  open_combat(*b.s, 0);
  play(*b.s, act::kTargetBase + 3);
  // Negative (before any combat): u2 and u0 may both attack u3.
  EXPECT_TRUE(is_legal(*b.s, act::kAddAttackerBase + 2));
  EXPECT_TRUE(is_legal(*b.s, act::kAddAttackerBase + 0));
  play(*b.s, act::kAddAttackerBase + 2);
  EXPECT_EQ(defenders(*b.s), (std::vector<int>{3}));
  resolve(*b.s);
  roll(*b.s, 3);  // 8:8 on 1/1, row 3: NE
  ASSERT_EQ(b.s->phase(), Phase::kCombatTarget);
  // Positive: u3 cannot be attacked again this activation (u0 could otherwise reach it)...
  EXPECT_FALSE(is_legal(*b.s, act::kTargetBase + 3));
  EXPECT_TRUE(is_legal(*b.s, act::kTargetBase + 4));
  play(*b.s, act::kTargetBase + 4);
  // ...and u2, which has attacked, cannot attack u4 although it touches it.
  EXPECT_FALSE(is_legal(*b.s, act::kAddAttackerBase + 2));
  EXPECT_TRUE(is_legal(*b.s, act::kAddAttackerBase + 1));
}

TEST(Bma_5_Combat, Clause_5_1_3_ChitDrawnAtFirstCombatFromTheRatingRange) {
  Bench b(duel("infantry", "A", "infantry", "C"));
  open_combat(*b.s, 0);
  declare(*b.s, 1, {0});
  resolve(*b.s);
  // The attacker draws first: an A chit is 7 to 10, each equally likely.
  ASSERT_EQ(pending(*b.s), TaskKind::kDrawChit);
  EXPECT_EQ(b.s->tasks().front().a, 0);
  EXPECT_EQ(b.s->chance_info().rule, "bma 5.1.3");
  EXPECT_EQ(outcome_values(*b.s), (std::vector<int>{7, 8, 9, 10}));
  for (const auto& o : b.s->chance_outcomes()) EXPECT_EQ(o.weight, 1u);
  roll(*b.s, 8);
  // Then the defender: a C chit is 1 to 4.
  ASSERT_EQ(pending(*b.s), TaskKind::kDrawChit);
  EXPECT_EQ(b.s->tasks().front().a, 1);
  EXPECT_EQ(outcome_values(*b.s), (std::vector<int>{1, 2, 3, 4}));
  roll(*b.s, 2);
  EXPECT_EQ(b.s->unit(0).value, 8);
  EXPECT_EQ(b.s->unit(1).value, 2);
  EXPECT_EQ(events_of(b.log, "chit", "bma 5.1.3").size(), 2u);
  // Negative: a B chit would be 4 to 7 (checked on a B unit).
  Bench c(duel("infantry", "B", "infantry", "B"));
  c.set(0, Status::kOrdered, 5);
  open_combat(*c.s, 0);
  declare(*c.s, 1, {0});
  resolve(*c.s);
  ASSERT_EQ(pending(*c.s), TaskKind::kDrawChit);
  EXPECT_EQ(c.s->tasks().front().a, 1);  // the attacker has its value: only the defender draws
  EXPECT_EQ(outcome_values(*c.s), (std::vector<int>{4, 5, 6, 7}));
}

TEST(Bma_5_Combat, Clause_5_1_3_ChitKeptForLaterCombats) {
  Bench b(duel("infantry", "A", "infantry", "C"));
  open_combat(*b.s, 0);
  declare(*b.s, 1, {0});
  resolve(*b.s);
  roll(*b.s, 8);  // u0's chit
  roll(*b.s, 2);  // u1's chit
  ASSERT_EQ(pending(*b.s), TaskKind::kCrtRoll);
  roll(*b.s, 1);  // 8:2 is 4/1, +1 better morale: row 2, DD
  EXPECT_EQ(b.s->unit(1).status, Status::kDisordered);
  // The activation ends; in the rally phase u1 fails to recover (still next to the enemy).
  ASSERT_EQ(pending(*b.s), TaskKind::kRallyRoll);
  roll(*b.s, 10);
  ASSERT_EQ(b.s->turn(), 2);
  // Turn 2: the same units fight again with the chits they drew.
  open_combat(*b.s, 0);
  declare(*b.s, 1, {0});
  resolve(*b.s);
  EXPECT_EQ(pending(*b.s), TaskKind::kCrtRoll);
  EXPECT_EQ(b.s->unit(0).value, 8);
  EXPECT_EQ(b.s->unit(1).value, 2);
  EXPECT_EQ(events_of(b.log, "chit").size(), 2u);
  // Negative: under the optional 7.4 (a new chit for every combat) the same second combat draws
  // both chits again before the die.
  Bench e(duel("infantry", "A", "infantry", "C"), "vcf=every");
  open_combat(*e.s, 0);
  declare(*e.s, 1, {0});
  resolve(*e.s);
  roll(*e.s, 8);
  roll(*e.s, 2);
  roll(*e.s, 1);
  ASSERT_EQ(pending(*e.s), TaskKind::kRallyRoll);
  roll(*e.s, 10);
  ASSERT_EQ(e.s->turn(), 2);
  open_combat(*e.s, 0);
  declare(*e.s, 1, {0});
  resolve(*e.s);
  EXPECT_EQ(pending(*e.s), TaskKind::kDrawChit);
}

// ---------------------------------------------------------------------------------------------
// 5.1.4 Modifiers

// Builds the duel's combat (u0 attacks u1) and returns its odds.
CombatOdds duel_odds(Bench& b) {
  open_combat(*b.s, 0);
  declare(*b.s, 1, {0});
  return b.s->combat_odds();
}

TEST(Bma_5_Combat, Clause_5_1_4_LeaderPlusOneMinusOne) {
  {  // Positive: a leader with the attacking unit, +1.
    Bench b(duel("infantry", "A", "infantry", "A",
                 {{"L0", "imperial", "0505"}, {"L1", "lombard", "1010"}}));
    b.set(0, Status::kOrdered, 8);
    b.set(1, Status::kOrdered, 8);
    const CombatOdds o = duel_odds(b);
    EXPECT_EQ(o.drm, 1);
    EXPECT_TRUE(has_term(o, "attacking leader"));
  }
  {  // Positive: a leader with the defending unit, -1.
    Bench b(duel("infantry", "A", "infantry", "A",
                 {{"L0", "imperial", "0101"}, {"L1", "lombard", "0506"}}));
    b.set(0, Status::kOrdered, 8);
    b.set(1, Status::kOrdered, 8);
    const CombatOdds o = duel_odds(b);
    EXPECT_EQ(o.drm, -1);
    EXPECT_TRUE(has_term(o, "defending leader"));
  }
  {  // Negative: a leader next to the attacker, not with it, gives nothing.
    Bench b(duel("infantry", "A", "infantry", "A",
                 {{"L0", "imperial", "0504"}, {"L1", "lombard", "1010"}}));
    b.set(0, Status::kOrdered, 8);
    b.set(1, Status::kOrdered, 8);
    EXPECT_EQ(duel_odds(b).drm, 0);
  }
}

TEST(Bma_5_Combat, Clause_5_1_4_SupremeCommanderPlusTwoMinusTwo) {
  {
    Bench b(duel("infantry", "A", "infantry", "A",
                 {{"L0", "imperial", "0505", 2, true}, {"L1", "lombard", "1010"}}));
    b.set(0, Status::kOrdered, 8);
    b.set(1, Status::kOrdered, 8);
    EXPECT_EQ(duel_odds(b).drm, 2);
  }
  {
    Bench b(duel("infantry", "A", "infantry", "A",
                 {{"L0", "imperial", "0101"}, {"L1", "lombard", "0506", 3, true}}));
    b.set(0, Status::kOrdered, 8);
    b.set(1, Status::kOrdered, 8);
    EXPECT_EQ(duel_odds(b).drm, -2);
  }
  {  // Negative: both supreme commanders in the fight cancel out.
    Bench b(duel("infantry", "A", "infantry", "A",
                 {{"L0", "imperial", "0505", 2, true}, {"L1", "lombard", "0506", 3, true}}));
    b.set(0, Status::kOrdered, 8);
    b.set(1, Status::kOrdered, 8);
    EXPECT_EQ(duel_odds(b).drm, 0);
  }
}

TEST(Bma_5_Combat, Clause_5_1_4_CavalryAttackingInfantryFrontHalved) {
  {  // Positive: 9 halved, rounded down, is 4.
    Bench b(duel("cavalry", "A", "infantry", "A"));
    b.set(0, Status::kOrdered, 9);
    b.set(1, Status::kOrdered, 7);
    const CombatOdds o = duel_odds(b);
    EXPECT_EQ(o.attack, 4);
    EXPECT_EQ(o.defence, 7);
    EXPECT_TRUE(has_term(o, "x1/2 cavalry against infantry"));
  }
  {  // Negative: cavalry against cavalry keeps its value; so does infantry against infantry.
    Bench b(duel("cavalry", "A", "cavalry", "A"));
    b.set(0, Status::kOrdered, 9);
    b.set(1, Status::kOrdered, 7);
    EXPECT_EQ(duel_odds(b).attack, 9);
    Bench c(duel("infantry", "A", "infantry", "A"));
    c.set(0, Status::kOrdered, 9);
    c.set(1, Status::kOrdered, 7);
    EXPECT_EQ(duel_odds(c).attack, 9);
  }
}

TEST(Bma_5_Combat, Clause_5_1_4_CavalryAttackingInfantryFlankOrRearDoubled) {
  // The Lombard infantry at 0506 faces the N/NE corner: 0505 and 0605 are its front, 0405
  // and 0606 its flanks, 0507 and 0406 its rear.
  auto odds_from = [](const std::string& from, const std::string& options) {
    Bench b(
        scenario_json({{"imperial", "cavalry", "A", from}, {"lombard", "infantry", "A", "0506"}}),
        options);
    b.set(0, Status::kOrdered, 9);
    b.set(1, Status::kOrdered, 7, 1);
    b.face(0, "0506");
    return duel_odds(b);
  };
  const CombatOdds flank = odds_from("0405", "facing");
  EXPECT_EQ(flank.attack, 18);
  EXPECT_EQ(flank.shift, 0);  // ruling L-12: the doubling replaces the shift
  EXPECT_TRUE(has_term(flank, "x2 cavalry against infantry's flank or rear"));
  const CombatOdds rear = odds_from("0507", "facing");
  EXPECT_EQ(rear.attack, 18);
  EXPECT_EQ(rear.shift, 0);
  // Negative: through the front it is halved; without the facing rule every attack is frontal
  // (ruling L-11).
  EXPECT_EQ(odds_from("0505", "facing").attack, 4);
  EXPECT_EQ(odds_from("0405", "").attack, 4);
}

// The odds of one attacker from `from` against the Lombard unit at 0506 facing `def_facing`,
// with the facing rule on (flanks and rears exist only with it, ruling L-11).
CombatOdds facing_odds(const std::string& att_type, const std::string& def_type,
                       const std::string& from, int def_facing,
                       const std::string& options = "facing") {
  Bench b(scenario_json({{"imperial", att_type, "A", from}, {"lombard", def_type, "A", "0506"}}),
          options);
  b.set(0, Status::kOrdered, 8);
  b.set(1, Status::kOrdered, 8, def_facing);
  if (!options.empty()) b.face(0, "0506");
  return duel_odds(b);
}

TEST(Bma_5_Combat, Clause_5_1_4_FlankShiftOne) {
  // Infantry against infantry facing N/NE (1): flank 0405, rear 0507, front 0505.
  const CombatOdds o = facing_odds("infantry", "infantry", "0405", 1);
  EXPECT_EQ(o.shift, 1);
  EXPECT_EQ(o.base_column, 2);
  EXPECT_EQ(o.column, 3);
  EXPECT_TRUE(has_term(o, "flank"));
  // Cavalry against cavalry facing N (0): front 0505/0605/0405, flank 0606/0406, rear 0507.
  EXPECT_EQ(facing_odds("cavalry", "cavalry", "0606", 0).shift, 1);
  // Ruling L-12: infantry against cavalry shifts the same way.
  EXPECT_EQ(facing_odds("infantry", "cavalry", "0406", 0).shift, 1);
  // Negative: through the front no shift; without the facing rule there are no flanks.
  EXPECT_EQ(facing_odds("infantry", "infantry", "0505", 1).shift, 0);
  EXPECT_EQ(facing_odds("cavalry", "cavalry", "0405", 0).shift, 0);
  EXPECT_EQ(facing_odds("infantry", "infantry", "0405", 1, "").shift, 0);
}

TEST(Bma_5_Combat, Clause_5_1_4_RearShiftTwo) {
  const CombatOdds o = facing_odds("infantry", "infantry", "0507", 1);
  EXPECT_EQ(o.shift, 2);
  EXPECT_EQ(o.base_column, 2);
  EXPECT_EQ(o.column, 4);
  EXPECT_EQ(facing_odds("cavalry", "cavalry", "0507", 0).shift, 2);
  EXPECT_EQ(facing_odds("infantry", "cavalry", "0507", 0).shift, 2);  // ruling L-12
  // Negative: a flank is only one column; without the facing rule there is no rear.
  EXPECT_EQ(facing_odds("cavalry", "cavalry", "0606", 0).shift, 1);
  EXPECT_EQ(facing_odds("infantry", "infantry", "0507", 1, "").shift, 0);
}

TEST(Bma_5_Combat, Clause_5_1_4_ShiftClampedAtTableEdge) {
  auto odds = [](const std::string& rating, int value, const std::string& from) {
    Bench b(scenario_json(
                {{"imperial", "infantry", rating, from}, {"lombard", "infantry", "C", "0506"}}),
            "facing");
    b.set(0, Status::kOrdered, value);
    b.set(1, Status::kOrdered, 2, 1);
    b.face(0, "0506");
    return duel_odds(b);
  };
  // 10:2 is 5/1 already: the flank shift is lost (ruling L-8).
  CombatOdds o = odds("A", 10, "0405");
  EXPECT_EQ(o.base_column, 7);
  EXPECT_EQ(o.column, 7);
  // 8:2 is 4/1: two rear shifts would pass the edge; one is lost.
  o = odds("A", 8, "0507");
  EXPECT_EQ(o.base_column, 6);
  EXPECT_EQ(o.shift, 2);
  EXPECT_EQ(o.column, 7);
  // Negative: 6:2 is 3/1, the flank shift reaches 4/1 in full.
  o = odds("B", 6, "0405");
  EXPECT_EQ(o.base_column, 5);
  EXPECT_EQ(o.column, 6);
}

TEST(Bma_5_Combat, Clause_5_1_4_AttackingDisorderedPlusOne) {
  {  // Positive: the only defender is disordered.
    Bench b(scenario_json({{"imperial", "infantry", "A", "0505"},
                           {"lombard", "infantry", "A", "0506"},
                           {"lombard", "infantry", "A", "0909"}}));
    b.set(0, Status::kOrdered, 8);
    b.set(1, Status::kDisordered, 8);
    const CombatOdds o = duel_odds(b);
    EXPECT_EQ(o.drm, 1);
    EXPECT_TRUE(has_term(o, "attacking disordered"));
  }
  {  // Negative (ruling L-15): an ordered defender in the same combat cancels it.
    Bench b(scenario_json({{"imperial", "infantry", "A", "0505"},
                           {"lombard", "infantry", "A", "0506"},
                           {"lombard", "infantry", "A", "0605"}}));
    b.set(0, Status::kOrdered, 8);
    b.set(1, Status::kDisordered, 8);
    b.set(2, Status::kOrdered, 8);
    const CombatOdds o = duel_odds(b);
    EXPECT_EQ(defenders(*b.s), (std::vector<int>{1, 2}));
    EXPECT_EQ(o.drm, 0);
    EXPECT_FALSE(has_term(o, "attacking disordered"));
  }
}

TEST(Bma_5_Combat, Clause_5_1_4_DisorderedDefenderHalved) {
  auto defence = [](Status st, const std::string& rating, int value) {
    Bench b(duel("infantry", "A", "infantry", rating));
    b.set(0, Status::kOrdered, 8);
    b.set(1, st, value);
    return duel_odds(b).defence;
  };
  EXPECT_EQ(defence(Status::kDisordered, "A", 7), 3);  // halved, rounded down
  EXPECT_EQ(defence(Status::kDisordered, "C", 1), 1);  // never below 1
  EXPECT_EQ(defence(Status::kOrdered, "A", 7), 7);     // negative
}

TEST(Bma_5_Combat, Clause_5_1_4_BetterMoralePlusOneMinusOne) {
  auto drm = [](const std::string& att, const std::string& def) {
    Bench b(duel("infantry", att, "infantry", def));
    b.set(0, Status::kOrdered, att == "A" ? 7 : att == "B" ? 5 : 2);
    b.set(1, Status::kOrdered, def == "A" ? 7 : def == "B" ? 5 : 2);
    return duel_odds(b).drm;
  };
  EXPECT_EQ(drm("A", "B"), 1);
  EXPECT_EQ(drm("B", "C"), 1);
  EXPECT_EQ(drm("B", "A"), -1);
  EXPECT_EQ(drm("C", "A"), -1);
  EXPECT_EQ(drm("B", "B"), 0);  // negative: equal morale
  // Ruling L-14: the best rating of each side is compared.
  Bench b(scenario_json({{"imperial", "infantry", "C", "0505"},
                         {"lombard", "infantry", "B", "0506"},
                         {"imperial", "infantry", "A", "0605"}}));
  b.set(0, Status::kOrdered, 2);
  b.set(1, Status::kOrdered, 5);
  b.set(2, Status::kOrdered, 7);
  open_combat(*b.s, 0);
  declare(*b.s, 1, {0, 2});
  EXPECT_EQ(b.s->combat_odds().drm, 1);
}

// The log's entries of a combat keep to two lines at 1366 px (issue 20): a unit by its name and
// hex (the browser writes the name by the label its counter shows, `label` in the position), a
// strength without modifier once ("u0 8", not "u0: 8 = 8"), attackers and defenders either side
// of a "v", the column said once, then each modifier of the die; the odds' terms keep every
// sentence whole.
TEST(Bma_Log, Clause_5_1_4_TheCombatEntriesAreCompact) {
  Bench b(duel());
  b.set(0, Status::kOrdered, 8);
  b.set(1, Status::kOrdered, 8);
  EXPECT_EQ(b.s->to_json(0)["units"][0]["label"], "A inf");
  open_combat(*b.s, 0);
  declare(*b.s, 1, {0});
  resolve(*b.s);
  ASSERT_FALSE(events_of(b.log, "combat").empty());
  EXPECT_EQ(events_of(b.log, "combat").front().text, "Combat: u0 at 0505 attack u1 at 0506.");
  ASSERT_FALSE(events_of(b.log, "odds").empty());
  // Positive: unmodified strengths written once, the unshifted column in the head only.
  EXPECT_EQ(events_of(b.log, "odds").front().text, "8:8 on 1/1: u0 8 v u1 8.");
  // Negative: a halved defender keeps its modifier and clause.
  Bench c(duel());
  fight_duel(c, Status::kDisordered, 8);
  ASSERT_FALSE(events_of(c.log, "odds").empty());
  const std::string halved = events_of(c.log, "odds").front().text;
  EXPECT_NE(halved.find("u0 8 v u1 8 /2 disordered [5.3 D] = 4; +1 defenders disordered"),
            std::string::npos)
      << halved;
  EXPECT_NE(events_of(c.log, "odds").front().data.dump().find("read on the"), std::string::npos);
}

// ---------------------------------------------------------------------------------------------
// 5.2 The table

// The event of an attack names its attackers and defenders for a board (core/event_pieces.hpp),
// beside its unchanged sentence.
TEST(Bma_5_Combat, Clause_5_1_TheCombatEventNamesAttackersAndDefenders) {
  Bench b(duel());
  fight_duel(b, Status::kOrdered, 8);
  const auto combats = events_of(b.log, "combat");
  ASSERT_FALSE(combats.empty());
  const core::Event& e = combats.front();
  EXPECT_EQ(e.text.rfind("Combat: ", 0), 0U) << e.text;
  EXPECT_EQ(e.data["attackers"], nlohmann::json::array({"u0"}));
  EXPECT_EQ(e.data["targets"], nlohmann::json::array({"u1"}));
  // Negative: an attack declined names nothing (no combat event at all).
  Bench c(duel());
  c.set(0, Status::kOrdered, 8);
  c.set(1, Status::kOrdered, 8);
  open_combat(*c.s, 0);
  play(*c.s, act::kEndCombat);
  EXPECT_TRUE(events_of(c.log, "combat").empty());
}

TEST(Bma_5_Combat, Clause_5_2_DieRowClampedToPrintedRows) {
  {  // +2 supreme, +1 all disordered, +1 better morale: a 6 reads row 8, not 10.
    Bench b(duel("infantry", "A", "infantry", "B",
                 {{"L0", "imperial", "0505", 2, true}, {"L1", "lombard", "1010"}}));
    b.set(0, Status::kOrdered, 7);
    b.set(1, Status::kDisordered, 7);
    open_combat(*b.s, 0);
    declare(*b.s, 1, {0});
    resolve(*b.s);
    ASSERT_EQ(pending(*b.s), TaskKind::kCrtRoll);
    EXPECT_EQ(b.s->combat().drm, 4);
    EXPECT_EQ(b.s->combat().column, 4);  // 7:3 is 2/1
    roll(*b.s, 6);
    const nlohmann::json e = last_die_event(b.log);
    EXPECT_EQ(e["row"], 8);
    EXPECT_EQ(e["result"], "DE");
    EXPECT_EQ(b.s->unit(1).status, Status::kEliminated);
  }
  {  // -2 supreme defending, -1 worse morale: a 1 reads row -1, not -2.
    Bench b(duel("infantry", "B", "infantry", "A",
                 {{"L0", "imperial", "0101"}, {"L1", "lombard", "0506", 3, true}}));
    b.set(0, Status::kOrdered, 4);
    b.set(1, Status::kOrdered, 7);
    open_combat(*b.s, 0);
    declare(*b.s, 1, {0});
    resolve(*b.s);
    EXPECT_EQ(b.s->combat().drm, -3);
    EXPECT_EQ(b.s->combat().column, 1);  // 4:7 is 1/2
    roll(*b.s, 1);
    const nlohmann::json e = last_die_event(b.log);
    EXPECT_EQ(e["row"], -1);
    EXPECT_EQ(e["result"], "AE");
  }
  {  // Negative: inside the table the row is simply die + modifier (3 - 3 = 0: AR).
    Bench b(duel("infantry", "B", "infantry", "A",
                 {{"L0", "imperial", "0101"}, {"L1", "lombard", "0506", 3, true}}));
    b.set(0, Status::kOrdered, 4);
    b.set(1, Status::kOrdered, 7);
    open_combat(*b.s, 0);
    declare(*b.s, 1, {0});
    resolve(*b.s);
    roll(*b.s, 3);
    const nlohmann::json e = last_die_event(b.log);
    EXPECT_EQ(e["row"], 0);
    EXPECT_EQ(e["result"], "AR");
  }
}

// ---------------------------------------------------------------------------------------------
// 5.3 Results

// u0 (A, value a) attacks u1 (value d) in the duel; returns after the die is rolled.
void duel_roll(Bench& b, int a, int d, Status def_status, int die) {
  b.set(0, Status::kOrdered, a);
  b.set(1, def_status, d);
  open_combat(*b.s, 0);
  declare(*b.s, 1, {0});
  resolve(*b.s);
  ASSERT_EQ(pending(*b.s), TaskKind::kCrtRoll);
  roll(*b.s, die);
}

TEST(Bma_5_Combat, Clause_2_3_CombatD6MoraleD10LeaderTwoD6) {
  // 2.3: combat is a d6 (5.2), morale a d10 (6.1), a leader's fate 2d6 (5.4.1).
  auto values = [](const BmaState& s) {
    std::vector<std::pair<int, std::uint32_t>> out;
    for (const auto& o : s.chance_outcomes())
      out.emplace_back(static_cast<int>(o.action - act::kValueBase), o.weight);
    return out;
  };
  Bench b(spare(
      scenario_json({{"imperial", "infantry", "A", "0505"}, {"lombard", "infantry", "A", "0506"}},
                    {{"L0", "imperial", "0505"}, {"L1", "lombard", "1010"}})));
  b.set(0, Status::kOrdered, 8);
  b.set(1, Status::kOrdered, 8);
  open_combat(*b.s, 0);
  declare(*b.s, 1, {0});
  resolve(*b.s);
  ASSERT_EQ(pending(*b.s), TaskKind::kCrtRoll);
  EXPECT_EQ(values(*b.s), (std::vector<std::pair<int, std::uint32_t>>{
                              {1, 1}, {2, 1}, {3, 1}, {4, 1}, {5, 1}, {6, 1}}));
  ASSERT_TRUE(b.s->chance_info().dice.has_value());
  EXPECT_EQ(b.s->chance_info().dice->name(), "d6");
  // Negative: a 7 is no face of the combat die and is refused.
  EXPECT_FALSE(b.s->apply(act::kValueBase + 7).ok());
  roll(*b.s, 3);  // 1/1 +1 leader: row 4, NE
  ASSERT_EQ(pending(*b.s), TaskKind::kLeaderCheck);
  EXPECT_EQ(values(*b.s), (std::vector<std::pair<int, std::uint32_t>>{{2, 1},
                                                                      {3, 2},
                                                                      {4, 3},
                                                                      {5, 4},
                                                                      {6, 5},
                                                                      {7, 6},
                                                                      {8, 5},
                                                                      {9, 4},
                                                                      {10, 3},
                                                                      {11, 2},
                                                                      {12, 1}}));
  ASSERT_TRUE(b.s->chance_info().dice.has_value());
  EXPECT_EQ(b.s->chance_info().dice->name(), "2d6");
  EXPECT_FALSE(b.s->apply(act::kValueBase + 1).ok());  // negative: 2d6 never shows a 1
  roll(*b.s, 7);
  // A morale check (6.1): a d10 read 1 to 10.
  auto j =
      scenario_json({{"imperial", "infantry", "B", "0504"}, {"lombard", "infantry", "B", "0505"}});
  Bench m(j);
  m.s->debug_set_unit(1, m.h("0505"), Status::kDisordered, 5);
  decline_rest_of_turn(*m.s);
  ASSERT_TRUE(m.s->is_chance_node());
  ASSERT_TRUE(m.s->chance_info().dice.has_value());
  EXPECT_EQ(m.s->chance_info().dice->name(), "d10");
  std::vector<std::pair<int, std::uint32_t>> d10;
  for (int v = 1; v <= 10; ++v) d10.emplace_back(v, 1u);
  EXPECT_EQ(values(*m.s), d10);
  EXPECT_FALSE(m.s->apply(act::kValueBase + 0).ok());  // negative: the 0 is read as 10
}

TEST(Bma_5_Combat, Clause_5_3_NE_NoEffect) {
  Bench b(duel());
  duel_roll(b, 8, 8, Status::kOrdered, 3);  // 1/1, row 3
  EXPECT_EQ(last_die_event(b.log)["result"], "NE");
  EXPECT_EQ(b.s->unit(0).status, Status::kOrdered);
  EXPECT_EQ(b.s->unit(1).status, Status::kOrdered);
  EXPECT_EQ(b.at(0), "0505");
  EXPECT_EQ(b.at(1), "0506");
  // Negative: two rows higher on the same column the result is DD, and the defender suffers.
  Bench c(duel());
  duel_roll(c, 8, 8, Status::kOrdered, 5);
  EXPECT_EQ(last_die_event(c.log)["result"], "DD");
  EXPECT_EQ(c.s->unit(1).status, Status::kDisordered);
}

TEST(Bma_5_Combat, Clause_5_3_D_DisordersTheUnit) {
  Bench b(duel());
  duel_roll(b, 8, 8, Status::kOrdered, 5);  // 1/1, row 5
  EXPECT_EQ(last_die_event(b.log)["result"], "DD");
  EXPECT_EQ(b.s->unit(1).status, Status::kDisordered);
  EXPECT_EQ(b.at(1), "0506");  // a disorder does not move the unit
  EXPECT_EQ(events_of(b.log, "disorder", "bma 5.3 D").size(), 1u);
  // Negative: the attacker is untouched.
  EXPECT_EQ(b.s->unit(0).status, Status::kOrdered);
}

// The log's verbs agree with a unit's name (game/table/place.hpp, as ohw and gwkho): a plural
// head noun takes "are", a collective noun ("militia", "levy") is one body and takes "is".
TEST(Bma_Log, VerbsAgreeWithAUnitsName) {
  auto named = [](const std::string& name) {
    nlohmann::json j = duel();
    j["units"][1]["name"] = name;
    return j;
  };
  auto disorder_text = [](const Bench& b) {
    const auto ev = events_of(b.log, "disorder", "bma 5.3 D");
    return ev.empty() ? std::string() : ev.front().text;
  };
  // Positive: plural names take the plural verb.
  for (const std::string n :
       {"Milanese knights 1", "German men-at-arms 2", "Knights of the imperial standard"}) {
    Bench b(named(n));
    duel_roll(b, 8, 8, Status::kOrdered, 5);  // 1/1, row 5: DD
    EXPECT_EQ(disorder_text(b), n + " at 0506 are disordered.") << dump(b.log);
  }
  // Negative: singular and collective names keep "is" (decided once in place.hpp).
  for (const std::string n : {"Como militia 2", "Brescian levy 1", "Company of Death 1",
                              "Militia of Piacenza and Verona"}) {
    Bench b(named(n));
    duel_roll(b, 8, 8, Status::kOrdered, 5);
    EXPECT_EQ(disorder_text(b), n + " at 0506 is disordered.") << dump(b.log);
  }
}

TEST(Bma_5_Combat, Clause_5_3_D_SecondDRouts) {
  Bench b(spare(duel()));
  duel_roll(b, 8, 7, Status::kDisordered, 3);  // 8:3 is 2/1, +1 disordered: row 4, DD
  EXPECT_EQ(last_die_event(b.log)["result"], "DD");
  EXPECT_EQ(b.s->unit(1).status, Status::kRouted);
  EXPECT_EQ(b.at(1), "0509");  // and flees three hexes south
  EXPECT_EQ(events_of(b.log, "rout", "bma 5.3 D").size(), 1u);
  // Negative: the same result on an ordered unit only disorders it.
  Bench c(spare(duel()));
  duel_roll(c, 8, 7, Status::kOrdered, 5);  // 8:7 is 1/1: row 5, DD
  EXPECT_EQ(last_die_event(c.log)["result"], "DD");
  EXPECT_EQ(c.s->unit(1).status, Status::kDisordered);
  EXPECT_EQ(c.at(1), "0506");
}

TEST(Bma_5_Combat, Clause_5_3_D_DisorderedUnitMayNotAttack) {
  // u0 (disordered) touches u2; u1 (ordered) touches u3.
  Bench b(scenario_json({{"imperial", "infantry", "A", "0505"},
                         {"imperial", "infantry", "A", "0705"},
                         {"lombard", "infantry", "A", "0506"},
                         {"lombard", "infantry", "A", "0706"}}));
  for (int u = 0; u < 4; ++u) b.set(u, Status::kOrdered, 8);
  b.set(0, Status::kDisordered, 8);
  open_combat(*b.s, 0);
  EXPECT_FALSE(is_legal(*b.s, act::kTargetBase + 2));  // only the disordered unit touches u2
  EXPECT_TRUE(is_legal(*b.s, act::kTargetBase + 3));   // negative: the ordered one may attack
}

TEST(Bma_5_Combat, Clause_5_3_R_RoutsThreeHexesTowardHomeEdge) {
  Bench b(spare(scenario_json(
      {{"imperial", "infantry", "A", "0504"}, {"lombard", "infantry", "C", "0505"}})));
  duel_roll(b, 10, 2, Status::kOrdered, 1);  // 5/1, +1 morale: row 2, DR
  EXPECT_EQ(last_die_event(b.log)["result"], "DR");
  EXPECT_EQ(b.s->unit(1).status, Status::kRouted);
  EXPECT_EQ(b.at(1), "0508");  // three hexes toward the south (Lombard) edge
  EXPECT_EQ(events_of(b.log, "rout", "bma 5.3 R").size(), 2u);  // routed, then its flight
  EXPECT_EQ(b.at(0), "0504");  // ruling L-17: no advance after combat
  // Negative: a D result (8:4 on 2/1, +1: row 3) disorders the unit where it stands.
  Bench c(spare(scenario_json(
      {{"imperial", "infantry", "A", "0504"}, {"lombard", "infantry", "C", "0505"}})));
  duel_roll(c, 8, 4, Status::kOrdered, 2);
  EXPECT_EQ(last_die_event(c.log)["result"], "DD");
  EXPECT_EQ(c.s->unit(1).status, Status::kDisordered);
  EXPECT_EQ(c.at(1), "0505");
  EXPECT_TRUE(events_of(c.log, "rout", "bma 5.3 R").empty());
}

TEST(Bma_5_Combat, Clause_5_3_R_PassesThroughFriendsWhoBecomeDisordered) {
  // The only way south from 0505 is through the friend at 0506; u3 is off the path.
  Bench b(spare(scenario_json({{"imperial", "infantry", "A", "0504"},
                               {"lombard", "infantry", "C", "0505"},
                               {"lombard", "infantry", "C", "0506"},
                               {"lombard", "infantry", "C", "0606"}})));
  b.set(2, Status::kOrdered, 2);
  b.set(3, Status::kOrdered, 2);
  duel_roll(b, 10, 2, Status::kOrdered, 1);
  EXPECT_EQ(b.at(1), "0508");
  EXPECT_EQ(b.s->unit(2).status, Status::kDisordered) << dump(b.log);
  EXPECT_EQ(b.at(2), "0506");
  EXPECT_EQ(events_of(b.log, "disorder", "bma 6.3.1").size(), 1u);
  EXPECT_EQ(b.s->unit(3).status, Status::kOrdered);  // negative: not passed through
}

TEST(Bma_5_Combat, Clause_5_3_R_DisorderedFriendPassedThroughRoutsInTurn) {
  Bench b(spare(scenario_json({{"imperial", "infantry", "A", "0504"},
                               {"lombard", "infantry", "C", "0505"},
                               {"lombard", "infantry", "C", "0506"}})));
  b.set(2, Status::kDisordered, 2);
  duel_roll(b, 10, 2, Status::kOrdered, 1);
  EXPECT_EQ(b.at(1), "0508");
  // The disordered friend is routed, then flees three hexes itself once the first rout is done
  // (through the first router, a routed friend, which it leaves as it is).
  EXPECT_EQ(b.s->unit(2).status, Status::kRouted);
  EXPECT_EQ(b.at(2), "0509");
  EXPECT_EQ(b.s->unit(1).status, Status::kRouted);
  EXPECT_EQ(events_of(b.log, "rout", "bma 6.3.1").size(), 1u);
  // Negative: an ordered friend in the same place is only disordered and stays put.
  Bench c(spare(scenario_json({{"imperial", "infantry", "A", "0504"},
                               {"lombard", "infantry", "C", "0505"},
                               {"lombard", "infantry", "C", "0506"}})));
  c.set(2, Status::kOrdered, 2);
  duel_roll(c, 10, 2, Status::kOrdered, 1);
  EXPECT_EQ(c.s->unit(2).status, Status::kDisordered);
  EXPECT_EQ(c.at(2), "0506");
  EXPECT_TRUE(events_of(c.log, "rout", "bma 6.3.1").empty());
}

TEST(Bma_5_Combat, Clause_5_3_R_EliminatedWhenNoPath) {
  // Attacker at 0404 (zone over 0405); Imperial u2 at 0606 covers 0506 and 0605: every step
  // south or sideways from 0505 is in an enemy zone.
  Bench b(spare(scenario_json({{"imperial", "infantry", "A", "0404"},
                               {"lombard", "infantry", "C", "0505"},
                               {"imperial", "infantry", "A", "0606"}})));
  b.set(2, Status::kOrdered, 8);
  duel_roll(b, 10, 2, Status::kOrdered, 1);
  EXPECT_EQ(last_die_event(b.log)["result"], "DR");
  EXPECT_EQ(b.s->unit(1).status, Status::kEliminated);
  EXPECT_TRUE(any_event_text(b.log, "eliminated", "no way to flee"));
  // Negative: with u2 disordered (no zone) the way south is open.
  Bench c(spare(scenario_json({{"imperial", "infantry", "A", "0404"},
                               {"lombard", "infantry", "C", "0505"},
                               {"imperial", "infantry", "A", "0606"}})));
  c.set(2, Status::kDisordered, 8);
  duel_roll(c, 10, 2, Status::kOrdered, 1);
  EXPECT_EQ(c.s->unit(1).status, Status::kRouted);
  EXPECT_EQ(c.at(1), "0508") << dump(c.log);
}

TEST(Bma_5_Combat, Clause_5_3_R_RoutingOffTheHomeEdgeEliminates) {
  // Row 9 of 10: the second hex south is off the map.
  Bench b(spare(scenario_json(
      {{"imperial", "infantry", "A", "0508"}, {"lombard", "infantry", "C", "0509"}})));
  duel_roll(b, 10, 2, Status::kOrdered, 1);
  EXPECT_EQ(b.s->unit(1).status, Status::kEliminated);
  EXPECT_TRUE(any_event_text(b.log, "eliminated", "off the map"));
  // Negative: from row 7 the flight ends on the edge row and the unit survives.
  Bench c(spare(scenario_json(
      {{"imperial", "infantry", "A", "0506"}, {"lombard", "infantry", "C", "0507"}})));
  duel_roll(c, 10, 2, Status::kOrdered, 1);
  EXPECT_EQ(c.s->unit(1).status, Status::kRouted);
  EXPECT_EQ(c.at(1), "0510");
}

TEST(Bma_5_Combat, Clause_5_3_R_RoutedDefenderEliminatedWithoutRoll) {
  Bench b(duel());
  fight_duel(b, Status::kRouted, 0);
  // No chit for the routed unit, no combat die: it is simply eliminated.
  EXPECT_EQ(b.s->unit(1).status, Status::kEliminated);
  EXPECT_TRUE(last_die_event(b.log).is_null());
  EXPECT_TRUE(events_of(b.log, "chit").empty());
  EXPECT_TRUE(any_event_text(b.log, "combat", "attacked while routed"));
  EXPECT_EQ(b.s->unit(0).status, Status::kOrdered);  // the attacker suffers nothing
  // Negative: a disordered defender is fought normally.
  Bench c(duel());
  fight_duel(c, Status::kDisordered, 8);
  EXPECT_EQ(pending(*c.s), TaskKind::kCrtRoll);
}

TEST(Bma_5_Combat, Clause_5_3_E_Eliminated) {
  Bench b(
      scenario_json({{"imperial", "infantry", "A", "0505"}, {"lombard", "infantry", "C", "0506"}}));
  duel_roll(b, 10, 2, Status::kOrdered, 3);  // 5/1, +1: row 4, DE
  EXPECT_EQ(last_die_event(b.log)["result"], "DE");
  EXPECT_EQ(b.s->unit(1).status, Status::kEliminated);
  EXPECT_EQ(b.s->unit(1).hex, kNoHex);
  EXPECT_EQ(b.s->unit_at(b.h("0506")), -1);
  EXPECT_EQ(b.s->vp_lost(1), 1);  // a C unit (8.1)
  EXPECT_EQ(events_of(b.log, "eliminated", "bma 5.3 E").size(), 1u);
  // Negative: one row lower (DR) the unit is routed and flees, but stays in play.
  Bench c(
      scenario_json({{"imperial", "infantry", "A", "0505"}, {"lombard", "infantry", "C", "0506"}}));
  duel_roll(c, 10, 2, Status::kOrdered, 1);
  EXPECT_EQ(last_die_event(c.log)["result"], "DR");
  EXPECT_EQ(c.s->unit(1).status, Status::kRouted);
  EXPECT_NE(c.s->unit(1).hex, kNoHex);
  EXPECT_TRUE(events_of(c.log, "eliminated", "bma 5.3 E").empty());
}

TEST(Bma_Rulings, L17_NoAdvanceAfterCombat) {
  // The defender is eliminated (DE); the attacker stays where it fought and the activation goes
  // on to the next combat: no advance into the emptied hex is offered.
  Bench b(spare(scenario_json(
      {{"imperial", "infantry", "A", "0505"}, {"lombard", "infantry", "C", "0506"}})));
  b.set(2, Status::kOrdered, 3);
  b.set(3, Status::kOrdered, 3);
  duel_roll(b, 10, 2, Status::kOrdered, 3);  // 5/1, +1: row 4, DE
  ASSERT_EQ(b.s->unit(1).status, Status::kEliminated);
  EXPECT_EQ(b.at(0), "0505");
  ASSERT_EQ(b.s->phase(), Phase::kCombatTarget);
  for (game::Action a : b.s->legal_actions()) {
    EXPECT_FALSE(a >= act::kSelectUnitBase && a < act::kSelectUnitBase + b.g->num_units()) << a;
    EXPECT_LT(a, act::kDestinationBase) << "no destination to advance to";
  }
  play(*b.s, act::kEndCombat);
  EXPECT_EQ(b.at(0), "0505");
  EXPECT_EQ(b.s->unit_at(b.h("0506")), -1);
  // Negative: the emptied hex is open to ordinary movement when the command next activates.
  if (b.s->phase() == Phase::kDraw && b.s->turn() == 1) decline_rest_of_turn(*b.s);
  ASSERT_EQ(b.s->turn(), 2);
  activate(*b.s, 0);
  EXPECT_TRUE(contains_hex(reach_of(*b.s, 0), "0506"));
}

// ---------------------------------------------------------------------------------------------
// 5.4 Leaders in combat

TEST(Bma_5_Combat, Clause_5_4_1_LeaderChecksTwoD6AfterCombat) {
  Bench b(duel("infantry", "A", "infantry", "A",
               {{"L0", "imperial", "0505"}, {"L1", "lombard", "1010"}}));
  b.set(0, Status::kOrdered, 8);
  b.set(1, Status::kOrdered, 9);
  open_combat(*b.s, 0);
  declare(*b.s, 1, {0});
  resolve(*b.s);
  roll(*b.s, 2);  // 8:9 is 1/2, +1 leader: row 3, AD
  // One 2d6 check for the leader with the attacker (none for L1, who is not in the fight).
  ASSERT_EQ(pending(*b.s), TaskKind::kLeaderCheck);
  EXPECT_EQ(b.s->tasks().front().a, 0);
  EXPECT_EQ(b.s->chance_info().rule, "bma 5.4.1");
  std::vector<int> values;
  std::vector<std::uint64_t> weights;
  for (const auto& o : b.s->chance_outcomes()) {
    values.push_back(static_cast<int>(o.action - act::kValueBase));
    weights.push_back(o.weight);
  }
  EXPECT_EQ(values, (std::vector<int>{2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}));
  EXPECT_EQ(weights, (std::vector<std::uint64_t>{1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1}));
  roll(*b.s, 7);
  EXPECT_EQ(b.s->leader(0).hex, b.h("0505"));
  EXPECT_EQ(events_of(b.log, "leader", "bma 5.4.1").size(), 1u);
  // Negative: a leader away from the fight makes no check.
  Bench c(duel("infantry", "A", "infantry", "A",
               {{"L0", "imperial", "0504"}, {"L1", "lombard", "1010"}}));
  c.set(0, Status::kOrdered, 8);
  c.set(1, Status::kOrdered, 9);
  open_combat(*c.s, 0);
  declare(*c.s, 1, {0});
  resolve(*c.s);
  roll(*c.s, 2);
  EXPECT_TRUE(events_of(c.log, "leader").empty());
}

TEST(Bma_5_Combat, Clause_5_4_1_LeaderKilledOnTwoOrTwelve) {
  for (int v = 2; v <= 12; ++v) {
    Bench b(duel("infantry", "A", "infantry", "A",
                 {{"L0", "imperial", "0505", 2}, {"L1", "lombard", "1010"}}));
    b.set(0, Status::kOrdered, 8);
    b.set(1, Status::kOrdered, 8);
    open_combat(*b.s, 0);
    declare(*b.s, 1, {0});
    resolve(*b.s);
    roll(*b.s, 2);  // 1/1, +1 leader: row 3, NE
    ASSERT_EQ(pending(*b.s), TaskKind::kLeaderCheck);
    roll(*b.s, v);
    const bool killed = v == 2 || v == 12;
    EXPECT_EQ(b.s->leader(0).hex == kNoHex, killed) << "2d6 = " << v;
    EXPECT_EQ((b.s->leader(0).flags & kFallen) != 0, killed) << "2d6 = " << v;
    // 8.1: 2 VP per point of command value.
    EXPECT_EQ(b.s->vp_lost(0), killed ? 4 : 0) << "2d6 = " << v;
  }
  // Negative: a leader who is not stacked with a unit in the combat makes no check at all.
  Bench c(duel("infantry", "A", "infantry", "A",
               {{"L0", "imperial", "0101", 2}, {"L1", "lombard", "1010"}}));
  c.set(0, Status::kOrdered, 8);
  c.set(1, Status::kOrdered, 8);
  open_combat(*c.s, 0);
  declare(*c.s, 1, {0});
  resolve(*c.s);
  roll(*c.s, 3);  // 1/1: row 3, NE
  EXPECT_TRUE(c.s->tasks().empty() || c.s->tasks().front().kind != TaskKind::kLeaderCheck);
  EXPECT_EQ(c.s->leader(0).hex, c.h("0101"));
}

// The opening of the leader-loss tests: L1 (Lombard supreme commander, command 3) stands with
// u1 at 0506 and dies in u0's attack. u2 (Lombard, 0909) and u3 (Imperial, 0908) face each
// other elsewhere; L2 is a second Imperial leader so the cup does not run dry.
nlohmann::json leader_loss_scenario() {
  return scenario_json(
      {{"imperial", "infantry", "A", "0505"},
       {"lombard", "infantry", "A", "0506"},
       {"lombard", "infantry", "A", "0909"},
       {"imperial", "infantry", "A", "0908"}},
      {{"L0", "imperial", "0101"}, {"L1", "lombard", "0506", 3, true}, {"L2", "imperial", "0102"}});
}

void kill_lombard_leader(Bench& b) {
  for (int u = 0; u < 4; ++u) b.set(u, Status::kOrdered, 8);
  open_combat(*b.s, 0);
  declare(*b.s, 1, {0});
  resolve(*b.s);
  ASSERT_EQ(b.s->combat().drm, -2);
  roll(*b.s, 5);  // 1/1, -2: row 3, NE
  ASSERT_EQ(pending(*b.s), TaskKind::kLeaderCheck);
  roll(*b.s, 2);
  ASSERT_EQ(b.s->leader(1).hex, kNoHex);
  play(*b.s, act::kEndCombat);
  ASSERT_EQ(b.s->phase(), Phase::kDraw);
}

TEST(Bma_5_Combat, Clause_5_4_2_DeadLeaderKeepsOneChit) {
  Bench b(leader_loss_scenario());
  ASSERT_EQ(b.s->leader(1).cup, 3);
  kill_lombard_leader(b);
  EXPECT_EQ(b.s->leader(1).chits, 1);
  EXPECT_EQ(b.s->leader(1).cup, 1);  // two of his three chits leave the cup at once
  EXPECT_EQ(b.s->vp_lost(1), 6);     // 8.1: 2 x command 3
  // Negative: the other leaders keep theirs.
  EXPECT_EQ(b.s->leader(2).cup, 1);
  EXPECT_EQ(b.s->leader(0).chits, 1);
}

TEST(Bma_5_Combat, Clause_5_4_3_ReplacementActivatesOneUnit) {
  Bench b(leader_loss_scenario());
  kill_lombard_leader(b);
  play(*b.s, act::kDrawBase + 1);
  play(*b.s, act::kActivate);
  ASSERT_EQ(b.s->phase(), Phase::kReplacement);
  EXPECT_EQ(b.s->legal_actions(),
            (std::vector<game::Action>{act::kReplacementBase + 1, act::kReplacementBase + 2}));
  play(*b.s, act::kReplacementBase + 2);
  EXPECT_EQ(b.s->leader(1).hex, b.h("0909"));  // the blank counter goes on that unit
  EXPECT_NE(b.s->leader(1).flags & kReplacement, 0);
  // Positive: that unit acts; negative: the rest of the command and the leader do not.
  ASSERT_EQ(b.s->phase(), Phase::kMoveSelect);
  EXPECT_TRUE(is_legal(*b.s, act::kSelectUnitBase + 2));
  EXPECT_FALSE(is_legal(*b.s, act::kSelectUnitBase + 1));
  EXPECT_FALSE(is_legal(*b.s, act::kSelectLeaderBase + 1));
  play(*b.s, act::kEndMovement);
  EXPECT_TRUE(is_legal(*b.s, act::kTargetBase + 3));   // u2 may attack u3
  EXPECT_FALSE(is_legal(*b.s, act::kTargetBase + 0));  // u1 may not attack u0
}

TEST(Bma_5_Combat, Clause_4_2_ReplacementNeverJoinsAUnitWithALeader) {
  // The scenario above with a third Lombard leader, L3, starting far off (1010).
  auto with_l3 = [] {
    auto j = leader_loss_scenario();
    j["leaders"].push_back({{"id", "L3"},
                            {"name", "L3"},
                            {"side", "lombard"},
                            {"command", 1},
                            {"hex", "1010"},
                            {"supreme", false}});
    return j;
  };
  auto to_replacement = [](Bench& b, std::initializer_list<std::string> l3_and_l4) {
    kill_lombard_leader(b);
    int l = 3;
    for (const auto& at : l3_and_l4) b.s->debug_set_leader_hex(l++, b.h(at));
    play(*b.s, act::kDrawBase + 1);
    play(*b.s, act::kActivate);
  };
  {  // Positive: L3 stands on u2, so only u1 may take the replacement (4.2).
    Bench b(with_l3());
    to_replacement(b, {"0909"});
    ASSERT_EQ(b.s->phase(), Phase::kReplacement);
    EXPECT_EQ(b.s->legal_actions(), (std::vector<game::Action>{act::kReplacementBase + 1}));
    EXPECT_FALSE(b.s->apply(act::kReplacementBase + 2).ok());
    play(*b.s, act::kReplacementBase + 1);
    EXPECT_EQ(b.s->leader(1).hex, b.h("0506"));
    EXPECT_EQ(b.s->check_invariants(), "");
  }
  {  // Every unit of the command has a leader: none can take him, and this draw is spent.
    auto j = with_l3();
    j["leaders"].push_back({{"id", "L4"},
                            {"name", "L4"},
                            {"side", "lombard"},
                            {"command", 1},
                            {"hex", "1009"},
                            {"supreme", false}});
    Bench b(j);
    to_replacement(b, {"0909", "0506"});
    EXPECT_NE(b.s->phase(), Phase::kReplacement);
    EXPECT_EQ(b.s->leader(1).hex, kNoHex);
    EXPECT_NE(b.s->leader(1).flags & kAwaitingReplacement, 0);
    EXPECT_EQ(b.s->check_invariants(), "");
  }
  {  // Negative: with L3 away, both units of the command may take him.
    Bench b(with_l3());
    to_replacement(b, {"1010"});
    ASSERT_EQ(b.s->phase(), Phase::kReplacement);
    EXPECT_EQ(b.s->legal_actions(),
              (std::vector<game::Action>{act::kReplacementBase + 1, act::kReplacementBase + 2}));
  }
}

TEST(Bma_5_Combat, Clause_5_4_4_WholeCommandOnLaterTurns) {
  Bench b(leader_loss_scenario());
  kill_lombard_leader(b);
  play(*b.s, act::kDrawBase + 1);
  play(*b.s, act::kActivate);
  play(*b.s, act::kReplacementBase + 2);
  play(*b.s, act::kEndMovement);
  play(*b.s, act::kEndCombat);
  ASSERT_EQ(b.s->turn(), 2);
  ASSERT_EQ(b.s->phase(), Phase::kDraw);
  EXPECT_EQ(b.s->leader(1).cup, 1);  // still a single chit
  activate(*b.s, 1);
  // Positive: every unit of the command is active again, and the leader may move.
  ASSERT_EQ(b.s->phase(), Phase::kMoveSelect);
  EXPECT_NE(b.s->unit(1).flags & kActive, 0);
  EXPECT_NE(b.s->unit(2).flags & kActive, 0);
  EXPECT_TRUE(is_legal(*b.s, act::kSelectLeaderBase + 1));
  // Negative: the other side's units are not.
  EXPECT_EQ(b.s->unit(0).flags & kActive, 0);
}

TEST(Bma_5_Combat, Clause_5_4_5_ReplacementCommandZeroButOneDrm) {
  Bench b(leader_loss_scenario());
  kill_lombard_leader(b);
  play(*b.s, act::kDrawBase + 1);
  play(*b.s, act::kActivate);
  play(*b.s, act::kReplacementBase + 2);
  EXPECT_EQ(b.s->leader(1).command, 0);
  play(*b.s, act::kEndMovement);
  play(*b.s, act::kEndCombat);
  ASSERT_EQ(b.s->turn(), 2);
  // Turn 2: u3 attacks u2, who has the replacement with it: -1, not the supreme -2.
  open_combat(*b.s, 0);
  declare(*b.s, 2, {3});
  const CombatOdds o = b.s->combat_odds();
  EXPECT_EQ(o.drm, -1);
  EXPECT_TRUE(has_term(o, "defending leader"));
  resolve(*b.s);
  roll(*b.s, 4);  // 1/1, -1: row 3, NE
  ASSERT_EQ(pending(*b.s), TaskKind::kLeaderCheck);
  roll(*b.s, 12);
  // Ruling L-24: a replacement leader is worth no VP.
  EXPECT_EQ(b.s->leader(1).hex, kNoHex);
  EXPECT_EQ(b.s->vp_lost(1), 6);
}

TEST(Bma_5_Combat, Clause_5_4_6_LeaderJoinsAUnitWhenHisUnitIsEliminated) {
  // L1 is with u1; u2 (0508) is the nearest unit of his command, u3 (0909) farther.
  auto setup = [](Bench& b) {
    b.set(2, Status::kOrdered, 2);
    b.set(3, Status::kOrdered, 2);
    duel_roll(b, 10, 2, Status::kOrdered, 4);  // 5/1, +1 morale -1 leader: row 4, DE
    ASSERT_EQ(b.s->unit(1).status, Status::kEliminated);
    ASSERT_EQ(pending(*b.s), TaskKind::kLeaderCheck);
  };
  const auto j = scenario_json({{"imperial", "infantry", "A", "0505"},
                                {"lombard", "infantry", "C", "0506"},
                                {"lombard", "infantry", "C", "0508"},
                                {"lombard", "infantry", "C", "0909"}},
                               {{"L0", "imperial", "0101"}, {"L1", "lombard", "0506"}});
  Bench b(j);
  setup(b);
  roll(*b.s, 7);
  EXPECT_EQ(b.s->leader(1).hex, b.h("0508"));  // ruling L-26: the nearest unit
  EXPECT_EQ(events_of(b.log, "leader", "bma 5.4.6").size(), 1u);
  // Negative: a leader killed in the check is not placed anywhere.
  Bench c(j);
  setup(c);
  roll(*c.s, 2);
  EXPECT_EQ(c.s->leader(1).hex, kNoHex);
  EXPECT_TRUE(events_of(c.log, "leader", "bma 5.4.6").empty());
}

// ---------------------------------------------------------------------------------------------
// 9.6 Terrain in combat

TEST(Bma_9_Scenario, Clause_9_6_InfantryAttackingIntoForestHalved) {
  {
    Bench b(duel("infantry", "A", "infantry", "A", {}, {"0506"}));
    b.set(0, Status::kOrdered, 7);
    b.set(1, Status::kOrdered, 8);
    const CombatOdds o = duel_odds(b);
    EXPECT_EQ(o.attack, 3);
    EXPECT_TRUE(has_term(o, "infantry attacking into forest"));
  }
  {  // Negative: attacking out of the forest, or in the clear, is not halved.
    Bench b(duel("infantry", "A", "infantry", "A", {}, {"0505"}));
    b.set(0, Status::kOrdered, 7);
    b.set(1, Status::kOrdered, 8);
    EXPECT_EQ(duel_odds(b).attack, 7);
    Bench c(duel());
    c.set(0, Status::kOrdered, 7);
    c.set(1, Status::kOrdered, 8);
    EXPECT_EQ(duel_odds(c).attack, 7);
  }
}

TEST(Bma_9_Scenario, Clause_9_6_CavalryAttackingIntoForestOneThird) {
  Bench b(duel("cavalry", "A", "cavalry", "A", {}, {"0506"}));
  b.set(0, Status::kOrdered, 8);
  b.set(1, Status::kOrdered, 8);
  const CombatOdds o = duel_odds(b);
  EXPECT_EQ(o.attack, 2);  // 8/3 rounded down
  EXPECT_TRUE(has_term(o, "cavalry attacking into forest"));
  Bench c(duel("cavalry", "A", "cavalry", "A"));  // negative: in the clear
  c.set(0, Status::kOrdered, 8);
  c.set(1, Status::kOrdered, 8);
  EXPECT_EQ(duel_odds(c).attack, 8);
}

TEST(Bma_9_Scenario, Clause_9_6_CavalryMustPassMoraleToAttackIntoForest) {
  {  // Failed (A morale 7, rolled 8): the attack is called off, nothing happens.
    Bench b(duel("cavalry", "A", "cavalry", "A", {}, {"0506"}));
    b.set(0, Status::kOrdered, 8);
    b.set(1, Status::kOrdered, 8);
    open_combat(*b.s, 0);
    declare(*b.s, 1, {0});
    resolve(*b.s);
    ASSERT_EQ(pending(*b.s), TaskKind::kForestCheck);
    EXPECT_EQ(b.s->chance_info().rule, "bma 9.6");
    roll(*b.s, 8);
    EXPECT_TRUE(last_die_event(b.log).is_null());
    EXPECT_TRUE(any_event_text(b.log, "combat", "called off"));
    EXPECT_EQ(b.s->unit(1).status, Status::kOrdered);
    EXPECT_NE(b.s->unit(0).flags & kAttacked, 0);  // it used its attack
  }
  {  // Passed (rolled 7): the combat goes on to the die.
    Bench b(duel("cavalry", "A", "cavalry", "A", {}, {"0506"}));
    b.set(0, Status::kOrdered, 8);
    b.set(1, Status::kOrdered, 8);
    open_combat(*b.s, 0);
    declare(*b.s, 1, {0});
    resolve(*b.s);
    roll(*b.s, 7);
    EXPECT_EQ(pending(*b.s), TaskKind::kCrtRoll);
  }
  {  // Negative: infantry attacking into forest makes no check.
    Bench b(duel("infantry", "A", "cavalry", "A", {}, {"0506"}));
    b.set(0, Status::kOrdered, 8);
    b.set(1, Status::kOrdered, 8);
    open_combat(*b.s, 0);
    declare(*b.s, 1, {0});
    resolve(*b.s);
    EXPECT_EQ(pending(*b.s), TaskKind::kCrtRoll);
  }
}

// ---------------------------------------------------------------------------------------------
// 9.3 The Carroccio in combat

// u0 Imperial A infantry at 0505 (unless moved), u1 the Carroccio at 0506, u2 a Lombard guard
// of the given type at 0507; the Carroccio's loss routs the Lombard army when `sudden_death`.
nlohmann::json carroccio_scenario(const std::string& guard_type = "infantry",
                                  bool sudden_death = true, std::vector<LeaderP> leaders = {},
                                  const std::string& guard_rating = "B") {
  auto j = scenario_json({{"imperial", "infantry", "A", "0505"},
                          {"lombard", "carroccio", "A", "0506"},
                          {"lombard", guard_type, guard_rating, "0507"},
                          {"imperial", "infantry", "A", "0605"}},
                         std::move(leaders));
  if (sudden_death) j["sides"][1]["routs_if_unit_eliminated"] = {"u1"};
  return j;
}

TEST(Bma_9_Scenario, Clause_9_3_2_CarroccioDefendsAsAInfantryWithAChit) {
  Bench b(carroccio_scenario());
  b.move(3, "0909");
  b.set(0, Status::kOrdered, 8);
  b.set(2, Status::kOrdered, 5);
  open_combat(*b.s, 0);
  declare(*b.s, 1, {0});
  EXPECT_EQ(defenders(*b.s), (std::vector<int>{1}));
  resolve(*b.s);
  // Its value is an A chit, drawn at its first defence.
  ASSERT_EQ(pending(*b.s), TaskKind::kDrawChit);
  EXPECT_EQ(b.s->tasks().front().a, 1);
  EXPECT_EQ(outcome_values(*b.s), (std::vector<int>{7, 8, 9, 10}));
  roll(*b.s, 9);
  EXPECT_EQ(b.s->combat().defence, 9);
  EXPECT_EQ(b.s->combat().drm, 0);  // A against A: no better morale
  // As infantry, it halves cavalry attacking it.
  auto j = carroccio_scenario();
  j["units"][0]["type"] = "cavalry";
  Bench d(j);
  d.move(3, "0909");
  d.set(0, Status::kOrdered, 8);
  d.set(1, Status::kOrdered, 9);
  d.set(2, Status::kOrdered, 5);
  EXPECT_EQ(duel_odds(d).attack, 4);
  // Negative (ruling L-39): the Carroccio never attacks, though a Lombard beside it may.
  Bench c(scenario_json({{"imperial", "infantry", "A", "0505"},
                         {"lombard", "carroccio", "A", "0506"},
                         {"lombard", "infantry", "B", "0405"}}));
  c.set(0, Status::kOrdered, 8);
  c.set(1, Status::kOrdered, 9);
  c.set(2, Status::kOrdered, 5);
  open_combat(*c.s, 1);
  play(*c.s, act::kTargetBase + 0);
  EXPECT_FALSE(is_legal(*c.s, act::kAddAttackerBase + 1));
  EXPECT_TRUE(is_legal(*c.s, act::kAddAttackerBase + 2));
}

TEST(Bma_9_Scenario, Clause_9_3_2_CarroccioDisorderIsNoEffect) {
  Bench b(carroccio_scenario());
  b.move(3, "0909");
  b.set(2, Status::kOrdered, 5);
  duel_roll(b, 10, 7, Status::kOrdered, 5);  // 10:7 on 1/1, row 5: DD
  EXPECT_EQ(last_die_event(b.log)["result"], "DD");
  EXPECT_EQ(b.s->unit(1).status, Status::kOrdered);
  EXPECT_EQ(b.at(1), "0506");
  EXPECT_TRUE(any_event_text(b.log, "carroccio", "no effect"));
  EXPECT_FALSE(b.s->is_terminal());
  // Negative: an ordinary defender would have been disordered by the same result.
  EXPECT_EQ(events_of(b.log, "disorder").size(), 0u);
}

TEST(Bma_9_Scenario, Clause_9_3_2_CarroccioRoutedOrEliminatedIsDestroyedAndGameEnds) {
  {  // DR: supreme commander +2, 10:7 on 1/1, row 7.
    Bench b(carroccio_scenario("infantry", true,
                               {{"L0", "imperial", "0505", 2, true}, {"L1", "lombard", "1010"}}));
    b.move(3, "0909");
    b.set(2, Status::kOrdered, 5);
    duel_roll(b, 10, 7, Status::kOrdered, 5);
    EXPECT_EQ(last_die_event(b.log)["result"], "DR");
    EXPECT_EQ(b.s->unit(1).status, Status::kEliminated);
    EXPECT_TRUE(b.s->is_terminal());
    EXPECT_EQ(b.s->winner(), 0);
    EXPECT_EQ(b.s->end_reason(), EndReason::kUnitLost);
  }
  {  // DE: two attackers, 20:7 on 2/1, +2: row 7.
    Bench b(carroccio_scenario("infantry", true,
                               {{"L0", "imperial", "0505", 2, true}, {"L1", "lombard", "1010"}}));
    b.set(0, Status::kOrdered, 10);
    b.set(1, Status::kOrdered, 7);
    b.set(2, Status::kOrdered, 5);
    b.set(3, Status::kOrdered, 10);
    open_combat(*b.s, 0);
    declare(*b.s, 1, {0, 3});
    resolve(*b.s);
    roll(*b.s, 5);
    EXPECT_EQ(last_die_event(b.log)["result"], "DE");
    EXPECT_EQ(b.s->unit(1).status, Status::kEliminated);
    EXPECT_EQ(b.s->winner(), 0);
    EXPECT_EQ(b.s->end_reason(), EndReason::kUnitLost);
  }
  {  // Negative: DD (10:7 on 1/1, +2: row 5) leaves the Carroccio in play and the game going.
    Bench b(carroccio_scenario("infantry", true,
                               {{"L0", "imperial", "0505", 2, true}, {"L1", "lombard", "1010"}}));
    b.move(3, "0909");
    b.set(2, Status::kOrdered, 5);
    duel_roll(b, 10, 7, Status::kOrdered, 3);
    EXPECT_EQ(last_die_event(b.log)["result"], "DD");
    EXPECT_EQ(b.s->unit(1).status, Status::kOrdered);
    EXPECT_FALSE(b.s->is_terminal());
    EXPECT_EQ(b.s->end_reason(), EndReason::kNone);
  }
}

// u0 attacks the Carroccio (u1); its guard u2 stands at `guard_at` with the given status.
void attack_carroccio(Bench& b, Status guard, const std::string& guard_at = "0507") {
  b.move(3, "0909");
  b.move(2, guard_at);
  b.set(0, Status::kOrdered, 8);
  b.set(2, guard, 5);
  open_combat(*b.s, 0);
  declare(*b.s, 1, {0});
  resolve(*b.s);
}

TEST(Bma_9_Scenario, Clause_9_3_2_CarroccioAttackedAloneIsDestroyed) {
  {  // No friendly unit beside it: destroyed at once, no chit and no die; the game ends.
    Bench b(carroccio_scenario());
    attack_carroccio(b, Status::kOrdered, "0202");
    EXPECT_EQ(b.s->unit(1).status, Status::kEliminated);
    EXPECT_TRUE(events_of(b.log, "chit").empty());
    EXPECT_TRUE(last_die_event(b.log).is_null());
    EXPECT_EQ(events_of(b.log, "carroccio", "bma 9.3.2").size(), 1u);
    EXPECT_EQ(b.s->winner(), 0);
    EXPECT_EQ(b.s->end_reason(), EndReason::kUnitLost);
  }
  {  // Ruling L-40: a leader is not a unit; alone beside it he does not guard it.
    Bench b(carroccio_scenario("infantry", true,
                               {{"L0", "imperial", "0101"}, {"L1", "lombard", "0202"}}));
    b.s->debug_set_leader_hex(1, b.h("0507"));
    attack_carroccio(b, Status::kOrdered, "0202");
    EXPECT_EQ(b.s->unit(1).status, Status::kEliminated);
    EXPECT_TRUE(b.s->is_terminal());
  }
  {  // Negative (ruling L-40): cavalry beside it is a friendly unit; it defends with an A chit.
    Bench b(carroccio_scenario("cavalry"));
    attack_carroccio(b, Status::kOrdered);
    EXPECT_EQ(b.s->unit(1).status, Status::kOrdered);
    ASSERT_EQ(pending(*b.s), TaskKind::kDrawChit);
    EXPECT_EQ(b.s->tasks().front().a, 1);
    EXPECT_FALSE(b.s->is_terminal());
  }
  {  // Negative: so is a routed unit, which is still a friendly unit (the text excepts none).
    Bench b(carroccio_scenario("infantry"));
    attack_carroccio(b, Status::kRouted);
    EXPECT_EQ(b.s->unit(1).status, Status::kOrdered);
    EXPECT_EQ(pending(*b.s), TaskKind::kDrawChit);
  }
  {  // Negative: and a disordered infantry guard.
    Bench b(carroccio_scenario("infantry"));
    attack_carroccio(b, Status::kDisordered);
    EXPECT_EQ(b.s->unit(1).status, Status::kOrdered);
    EXPECT_EQ(pending(*b.s), TaskKind::kDrawChit);
  }
}

TEST(Bma_9_Scenario, Clause_9_3_2_CarroccioBesideOnlyCavalryDefendsAsAInfantry) {
  // Ruling L-40: not alone, it defends as the text's A-level infantry, cavalry beside it or
  // infantry alike: an A chit (7-10), an A morale level, and cavalry attacking it is halved.
  for (const std::string guard : {"cavalry", "infantry"}) {
    auto j = carroccio_scenario(guard);
    j["units"][0]["type"] = "cavalry";
    j["units"][0]["rating"] = "B";
    Bench b(j);
    b.move(3, "0909");
    b.set(0, Status::kOrdered, 6);
    b.set(2, Status::kOrdered, 5);
    open_combat(*b.s, 0);
    declare(*b.s, 1, {0});
    resolve(*b.s);
    ASSERT_EQ(pending(*b.s), TaskKind::kDrawChit) << guard;
    EXPECT_EQ(outcome_values(*b.s), (std::vector<int>{7, 8, 9, 10})) << guard;
    roll(*b.s, 8);
    ASSERT_EQ(pending(*b.s), TaskKind::kCrtRoll) << guard;
    EXPECT_EQ(b.s->combat().attack, 3) << guard;   // B cavalry 6 against infantry's front: x1/2
    EXPECT_EQ(b.s->combat().defence, 8) << guard;  // its A chit
    EXPECT_EQ(b.s->combat().drm, -1) << guard;     // A defender beats a B attacker
    EXPECT_EQ(b.s->unit(1).status, Status::kOrdered);
  }
  // Negative: with no friend beside it there is nothing to draw: it is lost.
  auto j = carroccio_scenario("cavalry");
  j["units"][0]["type"] = "cavalry";
  Bench b(j);
  attack_carroccio(b, Status::kOrdered, "0202");
  EXPECT_EQ(b.s->unit(1).status, Status::kEliminated);
}

TEST(Bma_9_Scenario, Clause_9_3_2_CarroccioLostWithoutSuddenDeathFinishesTheCombat) {
  // In a scenario where its loss does not end the game, play goes on cleanly.
  Bench b(carroccio_scenario("infantry", false));
  attack_carroccio(b, Status::kOrdered, "0202");  // alone: no friend beside it
  EXPECT_EQ(b.s->unit(1).status, Status::kEliminated);
  EXPECT_FALSE(b.s->is_terminal());
  EXPECT_NE(b.s->phase(), Phase::kCombatBuild);
  EXPECT_EQ(b.s->combat().num_defenders, 0);
  EXPECT_NE(b.s->unit(0).flags & kAttacked, 0);
  EXPECT_EQ(b.s->check_invariants(), "");
}

TEST(Bma_9_Scenario, Clause_9_3_1_LombardInfantryNextToCarroccioOneLevelHigher) {
  // u3 (Imperial A infantry) attacks the guard u2 at 0507 from 0508.
  auto drm = [](const std::string& guard_type, const std::string& guard_rating,
                const std::string& carroccio_at) {
    Bench b(carroccio_scenario(guard_type, true, {}, guard_rating));
    b.move(0, "0101");
    b.move(3, "0508");
    b.move(1, carroccio_at);
    b.set(1, Status::kOrdered, 9);
    b.set(2, Status::kOrdered, guard_rating == "A" ? 7 : 5);
    b.set(3, Status::kOrdered, 8);
    open_combat(*b.s, 0);
    declare(*b.s, 2, {3});
    return b.s->combat_odds().drm;
  };
  EXPECT_EQ(drm("infantry", "B", "0506"), 0);   // B next to the Carroccio counts as A
  EXPECT_EQ(drm("infantry", "A", "0506"), -1);  // A next to it beats an A attacker
  EXPECT_EQ(drm("infantry", "B", "0505"), 1);   // negative: two hexes away, still B
  EXPECT_EQ(drm("cavalry", "B", "0506"), 1);    // negative: cavalry is not raised
}

// ---------------------------------------------------------------------------------------------
// Rulings

TEST(Bma_Rulings, L10_ValueRoundedDownOncePerUnitMinimumOne) {
  {  // Minimum 1: a C cavalry worth 1 halved against infantry still counts 1.
    Bench b(duel("cavalry", "C", "infantry", "A"));
    b.set(0, Status::kOrdered, 1);
    b.set(1, Status::kOrdered, 8);
    EXPECT_EQ(duel_odds(b).attack, 1);
  }
  {  // Per unit: two cavalry worth 5 against infantry count 2 + 2, not (5 + 5) / 2.
    Bench b(scenario_json({{"imperial", "cavalry", "B", "0505"},
                           {"lombard", "infantry", "A", "0506"},
                           {"imperial", "cavalry", "B", "0605"}}));
    b.set(0, Status::kOrdered, 5);
    b.set(1, Status::kOrdered, 8);
    b.set(2, Status::kOrdered, 5);
    open_combat(*b.s, 0);
    declare(*b.s, 1, {0, 2});
    EXPECT_EQ(b.s->combat_odds().attack, 4);
  }
  {  // Once: cavalry worth 8 on an infantry flank in forest is 8 x 2 x 1/3 = 5 (rounding after
     // the third would give 4).
    Bench b(
        scenario_json({{"imperial", "cavalry", "A", "0405"}, {"lombard", "infantry", "A", "0506"}},
                      {}, {"0506"}),
        "facing");
    b.set(0, Status::kOrdered, 8);
    b.set(1, Status::kOrdered, 8, 1);
    b.face(0, "0506");
    EXPECT_EQ(duel_odds(b).attack, 5);
  }
}

TEST(Bma_Rulings, L10_AttackerAgainstMixedDefendersTakesLeastFavourableMultiplier) {
  // Cavalry touching an infantry and a cavalry defender is halved as against infantry.
  Bench b(scenario_json({{"imperial", "cavalry", "A", "0505"},
                         {"lombard", "infantry", "A", "0506"},
                         {"lombard", "cavalry", "A", "0605"}}));
  b.set(0, Status::kOrdered, 8);
  b.set(1, Status::kOrdered, 7);
  b.set(2, Status::kOrdered, 7);
  open_combat(*b.s, 0);
  declare(*b.s, 2, {0});
  EXPECT_EQ(defenders(*b.s), (std::vector<int>{1, 2}));
  EXPECT_EQ(b.s->combat_odds().attack, 4);
  // Negative: against the cavalry alone it keeps its value.
  Bench c(scenario_json({{"imperial", "cavalry", "A", "0505"},
                         {"lombard", "infantry", "A", "0909"},
                         {"lombard", "cavalry", "A", "0605"}}));
  c.set(0, Status::kOrdered, 8);
  c.set(2, Status::kOrdered, 7);
  open_combat(*c.s, 0);
  declare(*c.s, 2, {0});
  EXPECT_EQ(c.s->combat_odds().attack, 8);
}

TEST(Bma_Rulings, L13_BestSingleLeaderPerSide) {
  auto drm = [](bool supreme, const std::string& lombard_leader_hex) {
    Bench b(scenario_json({{"imperial", "infantry", "A", "0505"},
                           {"lombard", "infantry", "A", "0506"},
                           {"imperial", "infantry", "A", "0605"}},
                          {{"L0", "imperial", "0505", 2, supreme},
                           {"L1", "lombard", lombard_leader_hex},
                           {"L2", "imperial", "0605"}}));
    b.set(0, Status::kOrdered, 8);
    b.set(1, Status::kOrdered, 8);
    b.set(2, Status::kOrdered, 8);
    open_combat(*b.s, 0);
    declare(*b.s, 1, {0, 2});
    return b.s->combat_odds().drm;
  };
  EXPECT_EQ(drm(true, "1010"), 2);   // supreme and an ordinary leader: +2, not +3
  EXPECT_EQ(drm(false, "1010"), 1);  // two ordinary leaders: +1, not +2
  EXPECT_EQ(drm(true, "0506"), 1);   // each side its best: +2 - 1
}

TEST(Bma_Rulings, L16_AResultHitsEveryAttackerDResultEveryDefender) {
  {  // AR: both attackers rout three hexes north (toward the Imperial edge).
    Bench b(scenario_json({{"imperial", "infantry", "A", "0505"},
                           {"lombard", "infantry", "A", "0506"},
                           {"imperial", "infantry", "A", "0605"}},
                          {{"L0", "imperial", "0101"}, {"L1", "lombard", "0506", 3, true}}));
    b.set(0, Status::kOrdered, 7);
    b.set(1, Status::kOrdered, 10);
    b.set(2, Status::kOrdered, 7);
    open_combat(*b.s, 0);
    declare(*b.s, 1, {0, 2});
    resolve(*b.s);
    roll(*b.s, 1);  // 14:10 on 1/1, -2: row -1, AR
    EXPECT_EQ(last_die_event(b.log)["result"], "AR");
    EXPECT_EQ(b.s->unit(0).status, Status::kRouted);
    EXPECT_EQ(b.s->unit(2).status, Status::kRouted);
    EXPECT_EQ(b.row(0), 2);
    EXPECT_EQ(b.row(2), 2);
    EXPECT_EQ(b.s->unit(1).status, Status::kOrdered);
  }
  {  // DD: both defenders disordered.
    Bench b(scenario_json({{"imperial", "infantry", "A", "0505"},
                           {"lombard", "infantry", "C", "0506"},
                           {"lombard", "infantry", "C", "0405"}}));
    b.set(0, Status::kOrdered, 10);
    b.set(1, Status::kOrdered, 2);
    b.set(2, Status::kOrdered, 2);
    open_combat(*b.s, 0);
    declare(*b.s, 1, {0});
    resolve(*b.s);
    roll(*b.s, 2);  // 10:4 on 2/1, +1: row 3, DD
    EXPECT_EQ(last_die_event(b.log)["result"], "DD");
    EXPECT_EQ(b.s->unit(1).status, Status::kDisordered);
    EXPECT_EQ(b.s->unit(2).status, Status::kDisordered);
    EXPECT_EQ(b.s->unit(0).status, Status::kOrdered);
  }
}

TEST(Bma_Rulings, L19_MixedCombatWithRoutedDefender) {
  // u1 (routed, 0506) and u2 (ordered, 0605) defend; u0 touches both, u3 (0507) only u1.
  Bench b(scenario_json({{"imperial", "infantry", "A", "0505"},
                         {"lombard", "infantry", "A", "0506"},
                         {"lombard", "infantry", "A", "0605"},
                         {"imperial", "infantry", "A", "0507"}}));
  b.set(0, Status::kOrdered, 8);
  b.set(1, Status::kRouted, 9);
  b.set(2, Status::kOrdered, 8);
  b.set(3, Status::kOrdered, 10);
  open_combat(*b.s, 0);
  declare(*b.s, 1, {0, 3});
  EXPECT_EQ(defenders(*b.s), (std::vector<int>{1, 2}));
  resolve(*b.s);
  ASSERT_EQ(pending(*b.s), TaskKind::kCrtRoll);
  // The routed unit is gone before the die; the fight goes on against the other alone, and
  // only u0 (next to it) fights it: u3's attack was spent on the routed unit.
  EXPECT_EQ(b.s->unit(1).status, Status::kEliminated);
  EXPECT_EQ(b.s->combat().defence, 8);
  EXPECT_EQ(b.s->combat().attack, 8);
  roll(*b.s, 1);  // 1/1, row 1: AD
  EXPECT_EQ(last_die_event(b.log)["result"], "AD");
  EXPECT_EQ(b.s->unit(0).status, Status::kDisordered);
  EXPECT_EQ(b.s->unit(3).status, Status::kOrdered);
}

TEST(Bma_5_Combat, Clause_5_3_R_OddsOfAttackingARoutedDefenderAreCertain) {
  // u0 touches u1 (routed, 0506) and u2 (ordered, 0605); u3 (0507) touches u1 only.
  auto position = [](Status u2) {
    auto b = std::make_unique<Bench>(scenario_json({{"imperial", "infantry", "A", "0505"},
                                                    {"lombard", "infantry", "A", "0506"},
                                                    {"lombard", "infantry", "A", "0605"},
                                                    {"imperial", "infantry", "A", "0507"}}));
    b->set(0, Status::kOrdered, 8);
    b->set(1, Status::kRouted, 9);
    b->set(2, u2, 8);
    b->set(3, Status::kOrdered, 0);  // its chit not drawn yet
    open_combat(*b->s, 0);
    play(*b->s, act::kTargetBase + 1);
    play(*b->s, act::kAddAttackerBase + 3);
    return b;
  };
  {  // Positive: only the routed unit is attacked: no die, the rule and its certain result.
    auto b = position(Status::kOrdered);
    ASSERT_EQ(defenders(*b->s), (std::vector<int>{1}));
    const auto j = b->s->action_odds(act::kResolveCombat);
    EXPECT_EQ(j.value("rule", ""), "bma 5.3 R");
    EXPECT_NE(j.value("automatic", "").find("eliminated without a roll"), std::string::npos);
    EXPECT_FALSE(j.contains("column"));
    EXPECT_FALSE(j.contains("drm"));
    EXPECT_FALSE(j.contains("undrawn_chits"));
    ASSERT_EQ(j["results"].size(), 1u);
    EXPECT_EQ(j["results"][0]["probability"], "1");
    EXPECT_EQ(j["results"][0].value(nlohmann::json::json_pointer("/vp_lost/lombard/after"), -1),
              5);  // counted while routed
    // And so it goes: no combat die is rolled.
    resolve(*b->s);
    while (b->s->is_chance_node()) {
      EXPECT_NE(pending(*b->s), TaskKind::kCrtRoll);
      roll(*b->s, b->s->chance_outcomes().front().action - act::kValueBase);
    }
    EXPECT_EQ(b->s->unit(1).status, Status::kEliminated);
    EXPECT_TRUE(last_die_event(b->log).is_null());
  }
  {  // Negative: with an ordered defender in the combat too, the die is rolled against it, and
     // the routed one is named among the modifiers as eliminated first.
    auto b = position(Status::kOrdered);
    play(*b->s, act::kAddAttackerBase + 0);
    ASSERT_EQ(defenders(*b->s), (std::vector<int>{1, 2}));
    const auto j = b->s->action_odds(act::kResolveCombat);
    EXPECT_FALSE(j.contains("automatic"));
    EXPECT_TRUE(j.contains("column"));
    EXPECT_EQ(j["modifiers"][0]["rule"], "bma 5.3 R");
  }
}

TEST(Bma_Rulings, L20_RoutSidestepsEnemyZoc) {
  // Attacked from 0604; Imperial u2 at 0606 holds 0506 (straight south) and 0605 in its zone,
  // so the router side-steps to 0405, then goes on south: 0306, 0307.
  Bench b(spare(scenario_json({{"imperial", "infantry", "A", "0604"},
                               {"lombard", "infantry", "C", "0505"},
                               {"imperial", "infantry", "A", "0606"}})));
  b.set(2, Status::kOrdered, 8);
  duel_roll(b, 10, 2, Status::kOrdered, 1);
  EXPECT_EQ(b.s->unit(1).status, Status::kRouted);
  EXPECT_EQ(b.at(1), "0307");
  const auto flights = events_of(b.log, "rout", "bma 5.3 R");
  ASSERT_FALSE(flights.empty());
  EXPECT_NE(flights.back().text.find("0505 0405 0306 0307"), std::string::npos)
      << flights.back().text;
  // Negative: with u2 disordered (no zone) the rout runs straight south.
  Bench c(spare(scenario_json({{"imperial", "infantry", "A", "0604"},
                               {"lombard", "infantry", "C", "0505"},
                               {"imperial", "infantry", "A", "0606"}})));
  c.set(2, Status::kDisordered, 8);
  duel_roll(c, 10, 2, Status::kOrdered, 1);
  EXPECT_EQ(c.at(1), "0508");
}

TEST(Bma_Rulings, L21_LeaderMovesWithRoutingUnit) {
  Bench b(spare(
      scenario_json({{"imperial", "infantry", "A", "0504"}, {"lombard", "infantry", "C", "0505"}},
                    {{"L0", "imperial", "0101"}, {"L1", "lombard", "0505"}})));
  duel_roll(b, 10, 2, Status::kOrdered, 2);  // 5/1, +1 -1: row 2, DR
  ASSERT_EQ(b.s->unit(1).status, Status::kRouted);
  ASSERT_EQ(pending(*b.s), TaskKind::kLeaderCheck);
  roll(*b.s, 7);
  EXPECT_EQ(b.s->leader(1).hex, b.s->unit(1).hex);
  EXPECT_EQ(b.at(1), "0508");
}

TEST(Bma_5_Combat, Clause_5_4_6_RoutOntoOrThroughALoneEnemyLeaderChecksHim) {
  // The Lombard C infantry at 0505 routs south: 0506, 0507, 0508 (as in
  // Clause_5_3_R_RoutsThreeHexesTowardHomeEdge).
  auto rout_with_leaders = [](std::vector<LeaderP> leaders) {
    auto b = std::make_unique<Bench>(spare(
        scenario_json({{"imperial", "infantry", "A", "0504"}, {"lombard", "infantry", "C", "0505"}},
                      std::move(leaders))));
    duel_roll(*b, 10, 2, Status::kOrdered, 1);  // 5/1, +1 morale: row 2, DR
    EXPECT_EQ(b->at(1), "0508");
    return b;
  };
  {  // Positive: the rout ends on the lone Imperial leader; he tests, survives and rejoins.
    auto b = rout_with_leaders({{"L0", "imperial", "0508"}, {"L1", "lombard", "1010"}});
    ASSERT_EQ(pending(*b->s), TaskKind::kLeaderCheck) << dump(b->log);
    EXPECT_EQ(b->s->tasks().front().a, 0);
    EXPECT_EQ(b->s->chance_info().rule, "bma 5.4.6");
    EXPECT_EQ(b->s->check_invariants(), "");
    roll(*b->s, 7);
    EXPECT_EQ(b->s->leader(0).hex, b->h("0504")) << "the nearest unit of his command";
    EXPECT_EQ(b->s->check_invariants(), "");
  }
  {  // Positive: the rout passes through his hex (0507); a 12 kills him.
    auto b = rout_with_leaders({{"L0", "imperial", "0507"}, {"L1", "lombard", "1010"}});
    ASSERT_EQ(pending(*b->s), TaskKind::kLeaderCheck) << dump(b->log);
    roll(*b->s, 12);
    EXPECT_EQ(b->s->leader(0).hex, kNoHex);
    EXPECT_EQ(b->s->vp_lost(0), 2);
    EXPECT_EQ(b->s->check_invariants(), "");
  }
  {  // Negative: a lone leader of the routing side is not overrun; he stays with the unit.
    auto b = rout_with_leaders(
        {{"L0", "imperial", "0101"}, {"L1", "lombard", "1010"}, {"L2", "lombard", "0508"}});
    EXPECT_FALSE(b->s->is_chance_node());
    EXPECT_TRUE(events_of(b->log, "leader", "bma 5.4.6").empty());
    EXPECT_EQ(b->s->leader(2).hex, b->s->unit(1).hex);
    EXPECT_EQ(b->s->check_invariants(), "");
  }
}

TEST(Bma_5_Combat, Clause_4_2_RoutNeverEndsWithTwoLeadersInAHex) {
  // L1 routs with his unit from 0505; his fellow leader L2 stands alone at 0508, where the
  // three hexes end: the unit goes on to the next hex (ruling L-20), 0509.
  Bench b(spare(scenario_json(
      {{"imperial", "infantry", "A", "0504"}, {"lombard", "infantry", "C", "0505"}},
      {{"L0", "imperial", "0101"}, {"L1", "lombard", "0505"}, {"L2", "lombard", "0508"}})));
  duel_roll(b, 10, 2, Status::kOrdered, 2);  // 5/1, +1 -1: row 2, DR
  ASSERT_EQ(b.s->unit(1).status, Status::kRouted);
  EXPECT_EQ(b.at(1), "0509") << dump(b.log);
  EXPECT_EQ(b.s->leader(1).hex, b.s->unit(1).hex);
  EXPECT_EQ(b.s->leader(2).hex, b.h("0508"));
  ASSERT_EQ(pending(*b.s), TaskKind::kLeaderCheck);  // L1's own check (5.4.1)
  EXPECT_EQ(b.s->chance_info().rule, "bma 5.4.1");
  roll(*b.s, 7);
  EXPECT_EQ(b.s->check_invariants(), "");
  // Negative: a unit routing without a leader ends at 0508, and the lone leader is with it.
  Bench c(spare(scenario_json(
      {{"imperial", "infantry", "A", "0504"}, {"lombard", "infantry", "C", "0505"}},
      {{"L0", "imperial", "0101"}, {"L1", "lombard", "1010"}, {"L2", "lombard", "0508"}})));
  duel_roll(c, 10, 2, Status::kOrdered, 1);
  EXPECT_EQ(c.at(1), "0508");
  EXPECT_EQ(c.s->leader(2).hex, c.s->unit(1).hex);
  EXPECT_EQ(c.s->check_invariants(), "");
}

TEST(Bma_Rulings, L6_CavalryFailingForestCheckLeavesItsOwnDefendersOut) {
  // u0 (cavalry, 0505) touches u1 (cavalry in forest, 0506) and u3 (0604); u2 (infantry, 0405)
  // touches u1 only. u0 fails its forest check: u3, which only u0 touched, drops out.
  Bench b(scenario_json({{"imperial", "cavalry", "A", "0505"},
                         {"lombard", "cavalry", "A", "0506"},
                         {"imperial", "infantry", "A", "0405"},
                         {"lombard", "infantry", "A", "0604"}},
                        {}, {"0506"}));
  b.set(0, Status::kOrdered, 8);
  b.set(1, Status::kOrdered, 8);
  b.set(2, Status::kOrdered, 8);
  b.set(3, Status::kOrdered, 7);
  open_combat(*b.s, 0);
  declare(*b.s, 1, {0, 2});
  EXPECT_EQ(defenders(*b.s), (std::vector<int>{1, 3}));
  resolve(*b.s);
  ASSERT_EQ(pending(*b.s), TaskKind::kForestCheck);
  roll(*b.s, 9);
  ASSERT_EQ(pending(*b.s), TaskKind::kCrtRoll);
  EXPECT_EQ(b.s->combat().attack, 4);   // u2 alone, halved into forest
  EXPECT_EQ(b.s->combat().defence, 8);  // u1 alone
  roll(*b.s, 6);                        // 4:8 on 1/2, row 6: DD
  EXPECT_EQ(last_die_event(b.log)["result"], "DD");
  EXPECT_EQ(b.s->unit(1).status, Status::kDisordered);
  EXPECT_EQ(b.s->unit(3).status, Status::kOrdered);
  // Negative: had it passed, both would have defended.
  Bench c(scenario_json({{"imperial", "cavalry", "A", "0505"},
                         {"lombard", "cavalry", "A", "0506"},
                         {"imperial", "infantry", "A", "0405"},
                         {"lombard", "infantry", "A", "0604"}},
                        {}, {"0506"}));
  c.set(0, Status::kOrdered, 8);
  c.set(1, Status::kOrdered, 8);
  c.set(2, Status::kOrdered, 8);
  c.set(3, Status::kOrdered, 7);
  open_combat(*c.s, 0);
  declare(*c.s, 1, {0, 2});
  resolve(*c.s);
  roll(*c.s, 1);
  EXPECT_EQ(c.s->combat().defence, 15);
}

}  // namespace
}  // namespace carroccio::bma
