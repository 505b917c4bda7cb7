// bma 4.0-4.2 movement, zones of control and stacking; the 6.4 modifiers for leaving a zone;
// the Carroccio's movement (9.3.2); terrain costs and forest disorder (9.6); disordered units
// moving only homeward (5.3 D); leaders moving and a lone leader overrun (5.4.6).
//
// Maps here are small: a one-column strip (1 x N) makes movement-point counts exact. On the
// flat-topped, even-shifted grid a hex in an odd column c, row r touches (c, r-1), (c, r+1),
// (c+1, r-1), (c+1, r), (c-1, r-1), (c-1, r); in an even column (c, r-1), (c, r+1), (c+1, r),
// (c+1, r+1), (c-1, r), (c-1, r+1). The Imperial home edge is north, the Lombard south.
#include <string>
#include <vector>

#include "rulesets/bma/tests/test_util.hpp"

namespace carroccio::bma::testing {
namespace {

using Hexes = std::vector<std::string>;

// ---- 4.0 movement points and terrain (9.6) ----

TEST(Bma_4_Movement, Clause_4_0_InfantryHasFourMovementPoints) {
  auto f = setup_map({{"imperial", "infantry", "B", "0101"}, {"lombard", "infantry", "B", "0112"}},
                     {{"L0", "imperial", "0101"}, {"L1", "lombard", "0112"}}, {}, 1, 12);
  activate(*f->s, 1);
  const Hexes r = reach_of(*f->s, 1);
  EXPECT_TRUE(contains_hex(r, "0108")) << "four clear hexes cost 4 MP";
  EXPECT_FALSE(contains_hex(r, "0107")) << "a fifth hex is beyond 4 MP";
  move_unit(*f->s, 1, "0108");
  EXPECT_EQ(where(*f->s, 1), "0108");
}

TEST(Bma_4_Movement, Clause_4_0_CavalryHasEightMovementPoints) {
  auto f = setup_map({{"imperial", "infantry", "B", "0101"}, {"lombard", "cavalry", "B", "0120"}},
                     {{"L0", "imperial", "0101"}, {"L1", "lombard", "0120"}}, {}, 1, 20);
  activate(*f->s, 1);
  const Hexes r = reach_of(*f->s, 1);
  EXPECT_TRUE(contains_hex(r, "0112"));
  EXPECT_FALSE(contains_hex(r, "0111"));
}

TEST(Bma_4_Movement, Clause_9_6_InfantryPaysTwoToEnterForest) {
  // Forest at 0111: 2 MP to enter it, then 1 each for 0110 and 0109.
  auto f = setup_map({{"imperial", "infantry", "B", "0101"}, {"lombard", "infantry", "B", "0112"}},
                     {{"L0", "imperial", "0101"}, {"L1", "lombard", "0112"}}, {"0111"}, 1, 12);
  activate(*f->s, 1);
  const Hexes r = reach_of(*f->s, 1);
  EXPECT_TRUE(contains_hex(r, "0111"));
  EXPECT_TRUE(contains_hex(r, "0109"));
  EXPECT_FALSE(contains_hex(r, "0108")) << "the forest hex cost 2, so 0108 would need 5 MP";
  // Leaving a forest costs only what the hex entered costs (clear: 1).
  auto g2 = setup_map({{"imperial", "infantry", "B", "0101"}, {"lombard", "infantry", "B", "0112"}},
                      {{"L0", "imperial", "0101"}, {"L1", "lombard", "0112"}}, {"0112"}, 1, 12);
  activate(*g2->s, 1);
  EXPECT_TRUE(contains_hex(reach_of(*g2->s, 1), "0108"));
}

TEST(Bma_4_Movement, Clause_9_6_CavalryPaysFourToEnterForest) {
  auto f = setup_map({{"imperial", "infantry", "B", "0101"}, {"lombard", "cavalry", "B", "0120"}},
                     {{"L0", "imperial", "0101"}, {"L1", "lombard", "0120"}}, {"0119"}, 1, 20);
  activate(*f->s, 1);
  const Hexes r = reach_of(*f->s, 1);
  EXPECT_TRUE(contains_hex(r, "0115")) << "4 for the forest, then four clear hexes";
  EXPECT_FALSE(contains_hex(r, "0114"));
  // Two forest hexes use all 8 MP.
  auto f2 =
      setup_map({{"imperial", "infantry", "B", "0101"}, {"lombard", "cavalry", "B", "0120"}},
                {{"L0", "imperial", "0101"}, {"L1", "lombard", "0120"}}, {"0119", "0118"}, 1, 20);
  activate(*f2->s, 1);
  const Hexes r2 = reach_of(*f2->s, 1);
  EXPECT_TRUE(contains_hex(r2, "0118"));
  EXPECT_FALSE(contains_hex(r2, "0117"));
}

TEST(Bma_4_Movement, Clause_4_0_NoMinimumMoveIntoTerrainItCannotPay) {
  // Lombard infantry (4 MP) at 0112 walks north: 0111, 0110, 0109 cost 3, leaving 1 MP, and the
  // forest at 0108 costs 2, so it cannot go there: there is no minimum move.
  auto f = setup_map({{"imperial", "infantry", "B", "0101"}, {"lombard", "infantry", "B", "0112"}},
                     {{"L0", "imperial", "0101"}, {"L1", "lombard", "0112"}}, {"0108"}, 1, 12);
  activate(*f->s, 1);
  const Hexes r = reach_of(*f->s, 1);
  EXPECT_TRUE(contains_hex(r, "0109"));
  EXPECT_FALSE(contains_hex(r, "0108"));
  // Negative: one hex nearer, the forest at 0109 costs exactly the 2 MP left, and is entered.
  auto f2 = setup_map({{"imperial", "infantry", "B", "0101"}, {"lombard", "infantry", "B", "0112"}},
                      {{"L0", "imperial", "0101"}, {"L1", "lombard", "0112"}}, {"0109"}, 1, 12);
  activate(*f2->s, 1);
  EXPECT_TRUE(contains_hex(reach_of(*f2->s, 1), "0109"));
}

TEST(Bma_4_Movement, Clause_4_0_NoMovingThroughUnits) {
  // A friendly unit at 0110 and an enemy at 0104 bar the one-column strip.
  auto f = setup_map({{"imperial", "infantry", "B", "0101"},
                      {"lombard", "cavalry", "B", "0112"},
                      {"lombard", "infantry", "B", "0110"}},
                     {{"L0", "imperial", "0101"}, {"L1", "lombard", "0112"}}, {}, 1, 12);
  activate(*f->s, 1);
  const Hexes r = reach_of(*f->s, 1);
  EXPECT_EQ(r, (Hexes{"0111", "0112"})) << "cannot pass or enter the friend's hex";
  // Without the friend in the way the cavalry runs on.
  f->s->debug_set_unit(2, kNoHex, Status::kEliminated);
  EXPECT_TRUE(contains_hex(reach_of(*f->s, 1), "0105"));
  // An enemy unit cannot be passed either, nor entered.
  f->s->debug_set_unit(0, hex(f->s->bma(), "0108"), Status::kOrdered);
  const Hexes r3 = reach_of(*f->s, 1);
  EXPECT_TRUE(contains_hex(r3, "0109"));
  EXPECT_FALSE(contains_hex(r3, "0108"));
  EXPECT_FALSE(contains_hex(r3, "0107"));
}

TEST(Bma_4_Movement, Clause_4_0_StopsOnEnteringHexNextToEnemy) {
  // Enemy at 0205 touches 0106 and 0105 of column 1: the cavalry coming up column 1 from 0110
  // must stop at 0106.
  auto f = setup_map({{"imperial", "infantry", "B", "0205"}, {"lombard", "cavalry", "B", "0110"}},
                     {{"L0", "imperial", "0201"}, {"L1", "lombard", "0110"}}, {}, 2, 10);
  activate(*f->s, 1);
  const Hexes r = reach_of(*f->s, 1);
  EXPECT_TRUE(contains_hex(r, "0106"));
  EXPECT_FALSE(contains_hex(r, "0105")) << "cannot go on from a hex next to the enemy";
  EXPECT_FALSE(contains_hex(r, "0104"));
  // Negative: with the enemy far away, the same hexes are in reach.
  f->s->debug_set_unit(0, hex(f->s->bma(), "0201"), Status::kOrdered);
  const Hexes r2 = reach_of(*f->s, 1);
  EXPECT_TRUE(contains_hex(r2, "0105"));
  EXPECT_TRUE(contains_hex(r2, "0104"));
}

TEST(Bma_Rulings, L30_StopNextToAnyEnemyEvenDisorderedOrRouted) {
  // Ruling L-30: stopping (4.0) is caused by any enemy unit, not only by ordered ones that
  // exert a zone of control (4.1).
  for (Status st : {Status::kDisordered, Status::kRouted}) {
    auto f = setup_map({{"imperial", "infantry", "B", "0205"}, {"lombard", "cavalry", "B", "0110"}},
                       {{"L0", "imperial", "0201"}, {"L1", "lombard", "0110"}}, {}, 2, 10);
    f->s->debug_set_unit(0, f->s->unit(0).hex, st);
    activate(*f->s, 1);
    const Hexes r = reach_of(*f->s, 1);
    EXPECT_TRUE(contains_hex(r, "0106")) << status_name(st);
    EXPECT_FALSE(contains_hex(r, "0105")) << status_name(st);
  }
}

TEST(Bma_Rulings, L30_CarroccioStopsEnemyMovement) {
  // The Carroccio at 0106 touches 0105, 0107, 0205 and 0206; 0207 and 0108 lie beyond.
  auto f = setup_map({{"imperial", "cavalry", "B", "0101"},
                      {"lombard", "carroccio", "A", "0106"},
                      {"lombard", "infantry", "B", "0210"}},
                     {{"L0", "imperial", "0101"}, {"L1", "lombard", "0210"}}, {}, 2, 10);
  activate(*f->s, 0);
  const Hexes r = reach_of(*f->s, 0);
  EXPECT_TRUE(contains_hex(r, "0105"));
  EXPECT_TRUE(contains_hex(r, "0205"));
  EXPECT_FALSE(contains_hex(r, "0207"));
  EXPECT_FALSE(contains_hex(r, "0108"));
  // Negative: with the Carroccio further south the way is open to 0108.
  f->s->debug_set_unit(1, hex(f->s->bma(), "0109"), Status::kOrdered);
  EXPECT_TRUE(contains_hex(reach_of(*f->s, 0), "0108"));
  EXPECT_TRUE(contains_hex(reach_of(*f->s, 0), "0207"));
}

// ---- 4.1 zones of control and the 6.4 check ----

// Lombard unit `mover` at 0106 next to an Imperial unit at 0205; leaders far away.
std::unique_ptr<Fixture> zoc_setup(const std::string& mover_type, const std::string& mover_rating,
                                   const std::string& enemy_type, const std::string& enemy_rating) {
  return setup_map({{"imperial", enemy_type, enemy_rating, "0205"},
                    {"lombard", mover_type, mover_rating, "0106"}},
                   {{"L0", "imperial", "0201"}, {"L1", "lombard", "0210"}}, {}, 2, 10);
}

TEST(Bma_4_Movement, Clause_4_1_LeavingZocNeedsMoraleCheck) {
  // B infantry (morale 5) next to B infantry: no modifier. 5 passes.
  auto f = zoc_setup("infantry", "B", "infantry", "B");
  activate(*f->s, 1);
  EXPECT_TRUE(f->s->in_enemy_zoc(1));
  select_unit(*f->s, 1);
  ASSERT_TRUE(f->s->is_chance_node()) << "a morale check (d10) comes first";
  EXPECT_EQ(f->s->chance_info().rule, "bma 4.1, 6.4");
  roll(*f->s, 5);
  EXPECT_EQ(last_morale(f->log).data["modifier"], 0);
  EXPECT_EQ(last_morale(f->log).data["passed"], true);
  ASSERT_EQ(f->s->phase(), Phase::kMoveDestination);
  move_selected_to(*f->s, 1, "0108");
  EXPECT_EQ(where(*f->s, 1), "0108");

  // 6 fails: the unit stays and may not try again this activation.
  auto f2 = zoc_setup("infantry", "B", "infantry", "B");
  activate(*f2->s, 1);
  select_unit(*f2->s, 1);
  roll(*f2->s, 6);
  EXPECT_EQ(last_morale(f2->log).data["passed"], false);
  EXPECT_EQ(where(*f2->s, 1), "0106");
  EXPECT_FALSE(is_legal(*f2->s, act::kSelectUnitBase + 1));
}

TEST(Bma_4_Movement, Clause_4_1_PickingAUnitInAZoneIsMarkedAsARollWithItsOdds) {
  // B infantry (morale 5) next to B infantry, no modifier: picking it rolls the d10 at once, so
  // the decision says so and its odds are 5 in 10 to pass, before it is taken.
  auto f = zoc_setup("infantry", "B", "infantry", "B");
  activate(*f->s, 1);
  const game::Action pick = act::kSelectUnitBase + 1;
  const auto j = f->s->action_to_json(pick);
  EXPECT_EQ(j["kind"], "select-unit");
  EXPECT_EQ(j["rolls"], true);
  EXPECT_EQ(j["odds"], true);
  const auto odds = f->s->action_odds(pick);
  ASSERT_TRUE(odds.is_object()) << odds.dump();
  EXPECT_EQ(odds["roll"], "d10");
  EXPECT_EQ(odds["commits"], true);
  EXPECT_EQ(odds["rule"], "bma 4.1, 6.4");
  ASSERT_EQ(odds["results"].size(), 2u) << odds.dump();
  EXPECT_EQ(odds["results"][0]["probability"], "1/2");
  EXPECT_EQ(odds["results"][1]["probability"], "1/2");
}

TEST(Bma_4_Movement, Clause_4_1_PickingAUnitOutOfEveryZoneRollsNothing) {
  // The same unit with the enemy disordered (no zone): picking it rolls nothing and has no odds.
  auto f = zoc_setup("infantry", "B", "infantry", "B");
  f->s->debug_set_unit(0, f->s->unit(0).hex, Status::kDisordered);
  activate(*f->s, 1);
  const game::Action pick = act::kSelectUnitBase + 1;
  const auto j = f->s->action_to_json(pick);
  EXPECT_EQ(j["kind"], "select-unit");
  EXPECT_FALSE(j.contains("rolls"));
  EXPECT_FALSE(j.contains("odds"));
  EXPECT_TRUE(f->s->action_odds(pick).is_null());
}

TEST(Bma_4_Movement, Clause_4_1_OnlyOrderedEnemiesHaveZoc) {
  for (Status st : {Status::kDisordered, Status::kRouted}) {
    auto f = zoc_setup("infantry", "B", "infantry", "B");
    f->s->debug_set_unit(0, f->s->unit(0).hex, st);
    activate(*f->s, 1);
    EXPECT_FALSE(f->s->in_enemy_zoc(1)) << status_name(st);
    select_unit(*f->s, 1);
    EXPECT_EQ(f->s->phase(), Phase::kMoveDestination) << "no check needed";
  }
  // The Carroccio has no zone either (ruling L-30).
  auto f = setup_map({{"imperial", "infantry", "B", "0106"},
                      {"lombard", "carroccio", "A", "0205"},
                      {"lombard", "infantry", "B", "0210"}},
                     {{"L0", "imperial", "0101"}, {"L1", "lombard", "0210"}}, {}, 2, 10);
  EXPECT_FALSE(f->s->in_enemy_zoc(0));
}

TEST(Bma_Rulings, L30_MayMoveFromZocHexToZocHexAfterCheck) {
  // 0106 and 0105 both touch the enemy at 0205: after passing the check the unit may step to
  // 0105, and there it stops.
  auto f = zoc_setup("infantry", "B", "infantry", "B");
  activate(*f->s, 1);
  select_unit(*f->s, 1);
  roll(*f->s, 1);
  const Hexes r = destinations_now(*f->s);
  EXPECT_TRUE(contains_hex(r, "0105"));
  EXPECT_FALSE(contains_hex(r, "0104")) << "0104 lies beyond 0105, next to the enemy";
}

// 6.4 modifiers, one test each: the same die passes without the condition and fails with a +1
// (or the reverse for a -1).

TEST(Bma_6_Morale, Clause_6_4_LeaderStackedOrAdjacentMinusOne) {
  for (const char* leader_hex : {"0106", "0107"}) {  // stacked, then adjacent
    auto f =
        setup_map({{"imperial", "infantry", "B", "0205"}, {"lombard", "infantry", "B", "0106"}},
                  {{"L0", "imperial", "0201"}, {"L1", "lombard", leader_hex}}, {}, 2, 10);
    activate(*f->s, 1);
    select_unit(*f->s, 1);
    roll(*f->s, 6);
    EXPECT_EQ(last_morale(f->log).data["modifier"], -1) << leader_hex;
    EXPECT_EQ(last_morale(f->log).data["passed"], true) << leader_hex;
  }
  // Negative: the leader two hexes away gives nothing.
  auto f = setup_map({{"imperial", "infantry", "B", "0205"}, {"lombard", "infantry", "B", "0106"}},
                     {{"L0", "imperial", "0201"}, {"L1", "lombard", "0108"}}, {}, 2, 10);
  activate(*f->s, 1);
  select_unit(*f->s, 1);
  roll(*f->s, 6);
  EXPECT_EQ(last_morale(f->log).data["modifier"], 0);
  EXPECT_EQ(last_morale(f->log).data["passed"], false);
}

TEST(Bma_Rulings, L28_SupremeCommanderCountsAsEveryUnitsLeader) {
  // The unit belongs to L1, far away; the supreme commander S stands next to it.
  auto f = setup_map(
      {{"imperial", "infantry", "B", "0205"},
       {"lombard", "infantry", "B", "0106", "", "L1"},
       {"lombard", "infantry", "B", "0109", "", "S"}},
      {{"L0", "imperial", "0201"}, {"L1", "lombard", "0210"}, {"S", "lombard", "0107", 1, true}},
      {}, 2, 10);
  activate(*f->s, 1);
  select_unit(*f->s, 1);
  roll(*f->s, 6);
  EXPECT_EQ(last_morale(f->log).data["modifier"], -1);
  // Negative: another (non-supreme) leader next to it is not "its leader" for 6.4.
  auto f2 = setup_map(
      {{"imperial", "infantry", "B", "0205"},
       {"lombard", "infantry", "B", "0106", "", "L1"},
       {"lombard", "infantry", "B", "0109", "", "X"}},
      {{"L0", "imperial", "0201"}, {"L1", "lombard", "0210"}, {"X", "lombard", "0107"}}, {}, 2, 10);
  activate(*f2->s, 1);
  select_unit(*f2->s, 1);
  roll(*f2->s, 6);
  EXPECT_EQ(last_morale(f2->log).data["modifier"], 0);
}

TEST(Bma_Rulings, L28_ReplacementOfTheSupremeCommanderLeadsOnlyHisCommand) {
  // Lombard supreme commander S (alone at 0505) is ridden down and killed; his replacement
  // goes to S's unit at 0909. L1's unit at 0808, next to it, then leaves the zone of the
  // Imperial unit at 0807: the replacement is not "its leader" (5.4.5).
  auto f = setup_map(
      {{"imperial", "cavalry", "B", "0502"},
       {"imperial", "infantry", "B", "0807"},
       {"lombard", "infantry", "B", "0909", "", "S"},
       {"lombard", "infantry", "B", "0808", "", "L1"},
       {"imperial", "infantry", "B", "1009"}},
      {{"L0", "imperial", "0101"}, {"L1", "lombard", "0110"}, {"S", "lombard", "0505", 1, true}},
      {}, 10, 10);
  activate(*f->s, 0);
  move_unit(*f->s, 0, "0505");
  roll(*f->s, 2);  // 5.4.6: S is killed
  end_activation_now(*f->s);
  decline_rest_of_turn(*f->s);
  ASSERT_EQ(f->s->turn(), 2);
  activate(*f->s, 2);
  ASSERT_EQ(f->s->phase(), Phase::kReplacement);
  play(*f->s, act::kReplacementBase + 2);
  ASSERT_EQ(f->s->leader(2).hex, hex(*f->g, "0909"));
  // Negative: for the unit of his own command (stacked with him, next to the enemy at 1009)
  // the replacement is its leader: -1.
  select_unit(*f->s, 2);
  roll(*f->s, 6);
  EXPECT_EQ(last_morale(f->log).data["modifier"], -1);
  move_selected_to(*f->s, 2, "0909");
  end_activation_now(*f->s);
  activate(*f->s, 1);
  select_unit(*f->s, 3);
  roll(*f->s, 5);
  EXPECT_EQ(last_morale(f->log).data["modifier"], 0);
}

TEST(Bma_6_Morale, Clause_6_4_BetterRatedEnemyPlusOne) {
  auto f = zoc_setup("infantry", "B", "infantry", "A");
  activate(*f->s, 1);
  select_unit(*f->s, 1);
  roll(*f->s, 5);
  EXPECT_EQ(last_morale(f->log).data["modifier"], 1);
  EXPECT_EQ(last_morale(f->log).data["passed"], false);
  // Negative: an equal or worse enemy adds nothing.
  for (const char* r : {"B", "C"}) {
    auto f2 = zoc_setup("infantry", "B", "infantry", r);
    activate(*f2->s, 1);
    select_unit(*f2->s, 1);
    roll(*f2->s, 5);
    EXPECT_EQ(last_morale(f2->log).data["modifier"], 0) << r;
    EXPECT_EQ(last_morale(f2->log).data["passed"], true) << r;
  }
}

TEST(Bma_6_Morale, Clause_6_4_CavalryLeavingInfantryMinusOne) {
  auto f = zoc_setup("cavalry", "B", "infantry", "B");
  activate(*f->s, 1);
  select_unit(*f->s, 1);
  roll(*f->s, 6);
  EXPECT_EQ(last_morale(f->log).data["modifier"], -1);
  EXPECT_EQ(last_morale(f->log).data["passed"], true);
  // Negative: cavalry leaving cavalry gets nothing.
  auto f2 = zoc_setup("cavalry", "B", "cavalry", "B");
  activate(*f2->s, 1);
  select_unit(*f2->s, 1);
  roll(*f2->s, 6);
  EXPECT_EQ(last_morale(f2->log).data["modifier"], 0);
  EXPECT_EQ(last_morale(f2->log).data["passed"], false);
}

TEST(Bma_Rulings, L31_CavalryMinusOneOnlyIfEveryZocIsInfantry) {
  // Enemy infantry at 0205 and enemy cavalry at 0105 both hold the cavalry at 0106.
  auto f = setup_map({{"imperial", "infantry", "B", "0205"},
                      {"imperial", "cavalry", "B", "0105"},
                      {"lombard", "cavalry", "B", "0106"}},
                     {{"L0", "imperial", "0201"}, {"L1", "lombard", "0210"}}, {}, 2, 10);
  activate(*f->s, 1);
  select_unit(*f->s, 2);
  roll(*f->s, 5);
  EXPECT_EQ(last_morale(f->log).data["modifier"], 0);
}

TEST(Bma_6_Morale, Clause_6_4_InfantryLeavingCavalryPlusOne) {
  auto f = zoc_setup("infantry", "B", "cavalry", "B");
  activate(*f->s, 1);
  select_unit(*f->s, 1);
  roll(*f->s, 5);
  EXPECT_EQ(last_morale(f->log).data["modifier"], 1);
  EXPECT_EQ(last_morale(f->log).data["passed"], false);
  // Negative: infantry leaving infantry.
  auto f2 = zoc_setup("infantry", "B", "infantry", "B");
  activate(*f2->s, 1);
  select_unit(*f2->s, 1);
  roll(*f2->s, 5);
  EXPECT_EQ(last_morale(f2->log).data["passed"], true);
}

TEST(Bma_6_Morale, Clause_6_4_DisorderedPlusOne) {
  auto f = zoc_setup("infantry", "B", "infantry", "B");
  f->s->debug_set_unit(1, f->s->unit(1).hex, Status::kDisordered);
  activate(*f->s, 1);
  select_unit(*f->s, 1);
  roll(*f->s, 5);
  EXPECT_EQ(last_morale(f->log).data["modifier"], 1);
  EXPECT_EQ(last_morale(f->log).data["passed"], false);
  // Negative: the same unit in order passes (Clause_4_1_LeavingZocNeedsMoraleCheck); and once
  // passed, the disordered unit may only go homeward (south).
  auto f2 = zoc_setup("infantry", "B", "infantry", "B");
  f2->s->debug_set_unit(1, f2->s->unit(1).hex, Status::kDisordered);
  activate(*f2->s, 1);
  select_unit(*f2->s, 1);
  roll(*f2->s, 4);
  EXPECT_EQ(last_morale(f2->log).data["passed"], true);
  const Hexes r = destinations_now(*f2->s);
  EXPECT_TRUE(contains_hex(r, "0107"));
  EXPECT_FALSE(contains_hex(r, "0105"));
}

TEST(Bma_6_Morale, Clause_6_4_ModifiersAdd) {
  // Disordered B infantry next to A cavalry: +1 better, +1 cavalry, +1 disordered; its leader
  // adjacent -1: total +2.
  auto f = setup_map({{"imperial", "cavalry", "A", "0205"}, {"lombard", "infantry", "B", "0106"}},
                     {{"L0", "imperial", "0201"}, {"L1", "lombard", "0107"}}, {}, 2, 10);
  f->s->debug_set_unit(1, f->s->unit(1).hex, Status::kDisordered);
  activate(*f->s, 1);
  select_unit(*f->s, 1);
  roll(*f->s, 3);
  EXPECT_EQ(last_morale(f->log).data["modifier"], 2);
  EXPECT_EQ(last_morale(f->log).data["passed"], true);
  // Negative: an ordered B infantry leaving a B infantry, its leader far away: no modifier.
  auto g = setup_map({{"imperial", "infantry", "B", "0205"}, {"lombard", "infantry", "B", "0106"}},
                     {{"L0", "imperial", "0201"}, {"L1", "lombard", "0110"}}, {}, 2, 10);
  activate(*g->s, 1);
  select_unit(*g->s, 1);
  roll(*g->s, 3);
  EXPECT_EQ(last_morale(g->log).data["modifier"], 0);
}

// ---- 4.2 stacking ----

TEST(Bma_4_Movement, Clause_4_2_OneUnitAndOneLeaderPerHex) {
  auto f = setup_map(
      {{"imperial", "infantry", "B", "0101"},
       {"lombard", "infantry", "B", "0110"},
       {"lombard", "infantry", "B", "0108"}},
      {{"L0", "imperial", "0101"}, {"L1", "lombard", "0110"}, {"X", "lombard", "0106", 1}}, {}, 2,
      10);
  activate(*f->s, 1);
  // A unit cannot end in a friend's hex.
  EXPECT_FALSE(contains_hex(reach_of(*f->s, 1), "0108"));
  // The leader may join a unit, but not another leader's hex.
  play(*f->s, act::kSelectLeaderBase + 1);
  const Hexes r = destinations_now(*f->s);
  EXPECT_TRUE(contains_hex(r, "0108")) << "a leader stacks with a unit";
  EXPECT_TRUE(contains_hex(r, "0107")) << "or stands alone";
  EXPECT_FALSE(contains_hex(r, "0106")) << "but not with another leader";
  play(*f->s, destination(f->s->bma(), "0108", 0));
  EXPECT_EQ(f->s->leader(1).hex, hex(f->s->bma(), "0108"));
  EXPECT_EQ(f->s->unit_at(hex(f->s->bma(), "0108")), 2);
}

TEST(Bma_4_Movement, Clause_4_2_LeaderOccupancyFollowsEveryLeader) {
  // The leader bits (leader_in) read by the stacking test (4.2) and the overrun check (5.4.6)
  // follow the leaders: a hex keeps its bit while one leader is left in it, and loses it when
  // the last one goes.
  auto f = setup_map(
      {{"imperial", "infantry", "B", "0101"}, {"lombard", "infantry", "B", "0110"}},
      {{"L0", "imperial", "0101"}, {"L1", "lombard", "0110"}, {"X", "lombard", "0106", 1}}, {}, 2,
      10);
  const int h6 = hex(*f->g, "0106"), h7 = hex(*f->g, "0107");
  EXPECT_TRUE(f->s->leader_in(h6));
  EXPECT_EQ(f->s->leader_at(h6), 2);
  EXPECT_FALSE(f->s->leader_in(h7));
  EXPECT_EQ(f->s->leader_at(h7), -1);
  f->s->debug_set_leader_hex(1, h6);  // two leaders in 0106 (as while one passes through)
  f->s->debug_set_leader_hex(2, h7);  // one leaves: the other keeps the hex marked
  EXPECT_TRUE(f->s->leader_in(h6));
  EXPECT_EQ(f->s->leader_at(h6), 1);
  EXPECT_TRUE(f->s->leader_in(h7));
  EXPECT_EQ(f->s->check_invariants(), "");
  f->s->debug_set_leader_hex(1, kNoHex);  // the last one leaves the map
  EXPECT_FALSE(f->s->leader_in(h6));
  EXPECT_EQ(f->s->leader_at(h6), -1);
  EXPECT_EQ(f->s->check_invariants(), "");
}

TEST(Bma_4_Movement, Clause_4_2_InvariantsRefuseTwoLeadersInAHex) {
  // Leader X stands alone at 0106; the Lombard leader L1 is with his unit at 0110.
  auto f = setup_map(
      {{"imperial", "infantry", "B", "0101"}, {"lombard", "infantry", "B", "0110"}},
      {{"L0", "imperial", "0101"}, {"L1", "lombard", "0110"}, {"X", "lombard", "0106", 1}}, {}, 1,
      10);
  const int h6 = hex(*f->g, "0106");
  // Positive: two leaders left in one hex outside a move break 4.2.
  auto bad = f->s->clone();
  static_cast<BmaState&>(*bad).debug_set_leader_hex(1, h6);
  EXPECT_NE(bad->check_invariants().find("share hex 0106"), std::string::npos)
      << bad->check_invariants();
  // Negative: a leader passing through another leader's hex during his move (ruling L-50).
  activate(*f->s, 1);
  play(*f->s, act::kSelectLeaderBase + 1);
  const int north = f->g->board().direction(hex(*f->g, "0110"), hex(*f->g, "0109"));
  for (int i = 0; i < 4; ++i) play(*f->s, act::kStepBase + north);
  ASSERT_EQ(f->s->leader(1).hex, h6);
  ASSERT_EQ(f->s->phase(), Phase::kMoveDestination);
  EXPECT_EQ(f->s->check_invariants(), "");
  play(*f->s, act::kStepBase + north);
  play(*f->s, act::kStop);
  EXPECT_EQ(f->s->check_invariants(), "");
}

TEST(Bma_4_Movement, Clause_5_4_6_InvariantsRefuseALeaderOnAnEnemyUnit) {
  // The Imperial leader stands alone at 0105; the Lombard cavalry is at 0110.
  auto f = setup_map({{"imperial", "infantry", "B", "0101"}, {"lombard", "cavalry", "B", "0110"}},
                     {{"L0", "imperial", "0105"}, {"L1", "lombard", "0110"}}, {}, 1, 10);
  // Positive: an enemy unit on his hex with no overrun check to come breaks 5.4.6.
  auto bad = f->s->clone();
  static_cast<BmaState&>(*bad).debug_set_unit(1, hex(*f->g, "0105"), Status::kOrdered);
  EXPECT_NE(bad->check_invariants().find("stands on enemy unit"), std::string::npos)
      << bad->check_invariants();
  // Negative: the cavalry rides onto him; the two share the hex until his check is rolled.
  activate(*f->s, 1);
  move_unit(*f->s, 1, "0105");
  ASSERT_TRUE(f->s->is_chance_node());
  EXPECT_EQ(f->s->chance_info().rule, "bma 5.4.6");
  EXPECT_EQ(f->s->check_invariants(), "");
  roll(*f->s, 7);
  EXPECT_EQ(f->s->leader(0).hex, hex(*f->g, "0101"));
  EXPECT_EQ(f->s->check_invariants(), "");
}

// ---- Leaders ----

TEST(Bma_Rulings, L4_LeaderMovesEightWithCavalryCostsThroughFriends) {
  // Ruling L-4/L-48: a leader has 8 MP and pays cavalry costs (forest 4); he may pass friendly
  // units; he is never disordered.
  auto f = setup_map({{"imperial", "infantry", "B", "0101"},
                      {"lombard", "infantry", "B", "0120"},
                      {"lombard", "infantry", "B", "0118"}},
                     {{"L0", "imperial", "0101"}, {"L1", "lombard", "0120"}}, {"0119"}, 1, 20);
  activate(*f->s, 1);
  play(*f->s, act::kSelectLeaderBase + 1);
  const Hexes r = destinations_now(*f->s);
  EXPECT_TRUE(contains_hex(r, "0118")) << "stacks with the friend in 0118";
  EXPECT_TRUE(contains_hex(r, "0115")) << "4 (forest) + 4 clear, through the friend";
  EXPECT_FALSE(contains_hex(r, "0114"));
  play(*f->s, destination(f->s->bma(), "0115", 0));
  EXPECT_EQ(f->s->leader(1).hex, hex(f->s->bma(), "0115"));
  EXPECT_TRUE(events_of(f->log, "disorder").empty());
}

TEST(Bma_Rulings, L4_LeaderLeavesAZoneWithoutAMoraleCheck) {
  // The Lombard leader and his unit stand at 0106, next to an ordered Imperial unit at 0205.
  auto f = zoc_setup("infantry", "B", "infantry", "B");
  f->s->debug_set_leader_hex(1, hex(*f->g, "0106"));
  activate(*f->s, 1);
  // Positive: the leader is picked and goes straight to choosing a destination, no die.
  play(*f->s, act::kSelectLeaderBase + 1);
  EXPECT_FALSE(f->s->is_chance_node());
  ASSERT_EQ(f->s->phase(), Phase::kMoveDestination);
  play(*f->s, destination(*f->g, "0108", 0));
  EXPECT_EQ(f->s->leader(1).hex, hex(*f->g, "0108"));
  EXPECT_TRUE(events_of(f->log, "morale").empty());
  // Negative: his unit in the same hex must pass the 6.4 check first.
  select_unit(*f->s, 1);
  EXPECT_TRUE(f->s->is_chance_node());
  EXPECT_EQ(f->s->chance_info().rule, "bma 4.1, 6.4");
}

TEST(Bma_Rulings, L4_LeaderStopsNextToEnemyAndNeverEntersIt) {
  auto f = setup_map({{"imperial", "infantry", "B", "0105"}, {"lombard", "infantry", "B", "0112"}},
                     {{"L0", "imperial", "0101"}, {"L1", "lombard", "0112"}}, {}, 1, 12);
  activate(*f->s, 1);
  play(*f->s, act::kSelectLeaderBase + 1);
  const Hexes r = destinations_now(*f->s);
  EXPECT_TRUE(contains_hex(r, "0106"));
  EXPECT_FALSE(contains_hex(r, "0105"));
  EXPECT_FALSE(contains_hex(r, "0104"));
}

TEST(Bma_4_Movement, Clause_5_4_6_LoneLeaderOverrunChecks) {
  // The Imperial leader stands alone at 0105; the Lombard cavalry rides through his hex.
  auto f = setup_map({{"imperial", "infantry", "B", "0101"}, {"lombard", "cavalry", "B", "0110"}},
                     {{"L0", "imperial", "0105"}, {"L1", "lombard", "0110"}}, {}, 1, 10);
  activate(*f->s, 1);
  // Ruling L-25: a lone leader has no zone and does not stop the move.
  EXPECT_TRUE(contains_hex(reach_of(*f->s, 1), "0105"));
  EXPECT_TRUE(contains_hex(reach_of(*f->s, 1), "0103"));
  move_unit(*f->s, 1, "0103");
  ASSERT_TRUE(f->s->is_chance_node());
  EXPECT_EQ(f->s->chance_info().rule, "bma 5.4.6");
  roll(*f->s, 7);  // survives: he joins a unit of his command
  EXPECT_EQ(f->s->leader(0).hex, hex(f->s->bma(), "0101"));
  EXPECT_EQ(f->s->vp_lost(0), 0);

  // 2 (or 12) kills him: 2 x command value lost.
  auto f2 = setup_map({{"imperial", "infantry", "B", "0101"}, {"lombard", "cavalry", "B", "0110"}},
                      {{"L0", "imperial", "0105", 2}, {"L1", "lombard", "0110"}}, {}, 1, 10);
  activate(*f2->s, 1);
  move_unit(*f2->s, 1, "0105");
  roll(*f2->s, 12);
  EXPECT_EQ(f2->s->leader(0).hex, kNoHex);
  EXPECT_EQ(f2->s->vp_lost(0), 4);

  // Negative: a leader stacked with his unit cannot be entered at all.
  auto f3 = setup_map({{"imperial", "infantry", "B", "0105"}, {"lombard", "cavalry", "B", "0110"}},
                      {{"L0", "imperial", "0105"}, {"L1", "lombard", "0110"}}, {}, 1, 10);
  activate(*f3->s, 1);
  EXPECT_FALSE(contains_hex(reach_of(*f3->s, 1), "0105"));
}

// ---- Disordered units, forest disorder ----

TEST(Bma_4_Movement, Clause_5_3_DisorderedMovesOnlyTowardHomeEdge) {
  // Lombard home edge is south. From 0505 (odd column) only S brings it nearer.
  auto f = setup_map({{"imperial", "infantry", "B", "0101"}, {"lombard", "infantry", "B", "0505"}},
                     {{"L0", "imperial", "0101"}, {"L1", "lombard", "1010"}}, {}, 10, 10);
  f->s->debug_set_unit(1, f->s->unit(1).hex, Status::kDisordered);
  activate(*f->s, 1);
  const Hexes r = reach_of(*f->s, 1);
  EXPECT_TRUE(contains_hex(r, "0506"));
  EXPECT_TRUE(contains_hex(r, "0509"));
  EXPECT_FALSE(contains_hex(r, "0510")) << "five hexes";
  EXPECT_FALSE(contains_hex(r, "0504")) << "away from home";
  EXPECT_FALSE(contains_hex(r, "0605")) << "sideways: same distance from the edge";
  // Negative: in order, it may go north.
  f->s->debug_set_unit(1, f->s->unit(1).hex, Status::kOrdered);
  EXPECT_TRUE(contains_hex(reach_of(*f->s, 1), "0504"));
}

TEST(Bma_4_Movement, Clause_9_6_CavalryDisorderedOnEnteringForest) {
  auto f =
      setup_map({{"imperial", "infantry", "B", "0101"},
                 {"lombard", "cavalry", "B", "0112"},
                 {"lombard", "infantry", "B", "0212"}},
                {{"L0", "imperial", "0101"}, {"L1", "lombard", "0112"}}, {"0110", "0210"}, 2, 12);
  activate(*f->s, 1);
  move_unit(*f->s, 1, "0109");  // through the forest at 0110
  EXPECT_EQ(f->s->unit(1).status, Status::kDisordered);
  ASSERT_FALSE(events_of(f->log, "disorder", "bma 9.6").empty());
  // Negative: infantry entering forest keeps its order.
  move_unit(*f->s, 2, "0210");
  EXPECT_EQ(f->s->unit(2).status, Status::kOrdered);

  // Negative: cavalry that stays out of the forest keeps its order.
  auto f2 = setup_map({{"imperial", "infantry", "B", "0101"}, {"lombard", "cavalry", "B", "0112"}},
                      {{"L0", "imperial", "0101"}, {"L1", "lombard", "0112"}}, {"0110"}, 2, 12);
  activate(*f2->s, 1);
  move_unit(*f2->s, 1, "0111");
  EXPECT_EQ(f2->s->unit(1).status, Status::kOrdered);
}

// ---- The Carroccio (9.3.2) ----

TEST(Bma_9_Carroccio, Clause_9_3_2_TwoMovementPoints) {
  auto f = setup_map({{"imperial", "infantry", "B", "0101"},
                      {"lombard", "carroccio", "A", "0112"},
                      {"lombard", "infantry", "B", "0212"}},
                     {{"L0", "imperial", "0101"}, {"L1", "lombard", "0112"}}, {}, 2, 12);
  activate(*f->s, 1);
  const Hexes r = reach_of(*f->s, 1);
  EXPECT_TRUE(contains_hex(r, "0110"));
  EXPECT_FALSE(contains_hex(r, "0109"));
  move_unit(*f->s, 1, "0110");
  EXPECT_EQ(where(*f->s, 1), "0110");
}

TEST(Bma_9_Carroccio, Clause_9_3_2_ClearHexesOnly) {
  auto f = setup_map({{"imperial", "infantry", "B", "0101"},
                      {"lombard", "carroccio", "A", "0112"},
                      {"lombard", "infantry", "B", "0210"}},
                     {{"L0", "imperial", "0101"}, {"L1", "lombard", "0112"}}, {"0111"}, 2, 12);
  activate(*f->s, 1);
  const Hexes r = reach_of(*f->s, 1);
  EXPECT_FALSE(contains_hex(r, "0111")) << "forest";
  EXPECT_TRUE(contains_hex(r, "0211")) << "clear";
  EXPECT_FALSE(contains_hex(r, "0110")) << "only through the forest or 0210's unit";
}

// ---- Facing (7.2) and movement ----

TEST(Bma_Rulings, L30_TurningInPlaceDoesNotPinAUnitNextToTheEnemy) {
  // With facing, a unit that passed its zone check (or faces a disordered enemy) may turn in
  // place and then walk away: the hex it starts in does not stop it.
  auto f = setup_map(
      {{"imperial", "infantry", "B", "0205", "S/SW"}, {"lombard", "infantry", "B", "0106", "N/NE"}},
      {{"L0", "imperial", "0201"}, {"L1", "lombard", "0210"}}, {}, 2, 10, "facing");
  f->s->debug_set_unit(0, f->s->unit(0).hex, Status::kDisordered);
  activate(*f->s, 1);
  select_unit(*f->s, 1);
  ASSERT_EQ(f->s->phase(), Phase::kMoveDestination);
  // Facing S/SW (corner 7) it may walk south: one MP to turn, then 0107, 0108, 0109.
  EXPECT_TRUE(is_legal(*f->s, destination(f->s->bma(), "0109", 7)));
  EXPECT_FALSE(is_legal(*f->s, destination(f->s->bma(), "0110", 7)));
}

}  // namespace
}  // namespace carroccio::bma::testing
