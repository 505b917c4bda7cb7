// bma 6.0 morale and rally: morale values (6.1), disordered units recovering (6.2, 6.2.1),
// routed units rallying or fleeing (6.3), and the Carroccio's morale modifiers (9.3.1). The
// 6.4 modifiers for leaving a zone of control are tested in movement_test.cpp.
//
// Positions are on a 10 x 10 flat-topped, even-shifted map. The Imperial unit at 0504 touches
// 0503, 0505, 0603, 0604, 0403 and 0404. The Lombard home edge is south (row 10).
#include <string>
#include <vector>

#include "rulesets/bma/tests/test_util.hpp"

namespace carroccio::bma::testing {
namespace {

// Units and leaders on a 10 x 10 map; leaders L0 (0101) and L1 (1010) unless given.
std::unique_ptr<Fixture> setup(const std::vector<P>& units, std::vector<LeaderP> leaders = {}) {
  if (leaders.empty()) leaders = {{"L0", "imperial", "0101"}, {"L1", "lombard", "1010"}};
  auto f = std::make_unique<Fixture>();
  f->g = make_game(scenario_json(units, std::move(leaders), {}, 10, 10));
  f->s = new_state(f->g);
  f->s->set_event_sink(&f->log);
  return f;
}

// Lombard unit 1 of `type`/`rating` at `hex`, disordered, next to an Imperial B infantry at
// 0504; play on to its rally roll.
std::unique_ptr<Fixture> disordered_at(const std::string& type, const std::string& rating,
                                       const std::string& at, std::vector<P> extra = {},
                                       std::vector<LeaderP> leaders = {}) {
  std::vector<P> units = {{"imperial", "infantry", "B", "0504"}, {"lombard", type, rating, at}};
  units.insert(units.end(), extra.begin(), extra.end());
  auto f = setup(units, std::move(leaders));
  set_status(*f->s, 1, Status::kDisordered);
  return f;
}

// ---- 6.1 ----

TEST(Bma_6_Morale, Clause_6_1_MoraleValuesA7B5C3) {
  const std::vector<std::pair<std::string, int>> ratings = {{"A", 7}, {"B", 5}, {"C", 3}};
  for (const auto& [rating, morale] : ratings) {
    // The die equal to the morale value passes...
    auto f = disordered_at("infantry", rating, "0505");
    decline_rest_of_turn(*f->s);
    ASSERT_TRUE(f->s->is_chance_node());
    EXPECT_EQ(f->s->chance_info().rule, "bma 6.2.1");
    roll(*f->s, morale);
    EXPECT_EQ(last_morale(f->log).data["morale"], morale) << rating;
    EXPECT_EQ(f->s->unit(1).status, Status::kOrdered) << rating;
    // ...one more fails.
    auto f2 = disordered_at("infantry", rating, "0505");
    decline_rest_of_turn(*f2->s);
    roll(*f2->s, morale + 1);
    EXPECT_EQ(f2->s->unit(1).status, Status::kDisordered) << rating;
  }
}

TEST(Bma_6_Morale, Clause_6_1_MoraleDieIsD10WithZeroAsTen) {
  auto f = disordered_at("infantry", "A", "0505");
  decline_rest_of_turn(*f->s);
  const auto outcomes = f->s->chance_outcomes();
  ASSERT_EQ(outcomes.size(), 10u);
  EXPECT_EQ(outcomes.front().action, act::kValueBase + 1);
  EXPECT_EQ(outcomes.back().action, act::kValueBase + 10);
  ASSERT_TRUE(f->s->chance_info().dice.has_value());
  // A "0" (10) fails even an A unit's check: no automatic success (ruling L-29).
  roll(*f->s, 10);
  EXPECT_EQ(f->s->unit(1).status, Status::kDisordered);
}

// ---- 6.2 ----

TEST(Bma_6_Morale, Clause_6_2_DisorderedRecoverAwayFromEnemy) {
  auto f = disordered_at("infantry", "C", "0507");  // two hexes from 0504's zone
  decline_rest_of_turn(*f->s);
  EXPECT_EQ(f->s->turn(), 2) << "no roll was needed";
  EXPECT_EQ(f->s->phase(), Phase::kDraw);
  EXPECT_EQ(f->s->unit(1).status, Status::kOrdered);
  EXPECT_EQ(events_of(f->log, "rally", "bma 6.2").size(), 1u);
  // Negative: next to the enemy it must roll.
  auto f2 = disordered_at("infantry", "C", "0505");
  decline_rest_of_turn(*f2->s);
  ASSERT_TRUE(f2->s->is_chance_node());
  EXPECT_EQ(f2->s->unit(1).status, Status::kDisordered);
}

TEST(Bma_6_Morale, Clause_6_2_AnyAdjacentEnemyUnitBlocksAutoRecovery) {
  // 6.2 speaks of any enemy unit: a disordered or routed neighbour still blocks it.
  for (Status st : {Status::kDisordered, Status::kRouted}) {
    auto f = disordered_at("infantry", "B", "0505");
    set_status(*f->s, 0, st);
    decline_rest_of_turn(*f->s);
    ASSERT_TRUE(f->s->is_chance_node()) << status_name(st);
    EXPECT_EQ(f->s->tasks().front().a, st == Status::kDisordered ? 0 : 1)
        << "Imperial units roll first (ruling L-5)";
  }
  // Negative: with no enemy unit next to it the disordered unit recovers without a roll.
  auto g = disordered_at("infantry", "B", "0507");
  decline_rest_of_turn(*g->s);
  EXPECT_EQ(g->s->unit(1).status, Status::kOrdered);
  EXPECT_TRUE(events_of(g->log, "morale").empty());
}

TEST(Bma_6_Morale, Clause_6_2_1_LeaderStackedOrAdjacentMinusOne) {
  for (const char* at : {"0505", "0506"}) {
    auto f = disordered_at("infantry", "B", "0505", {},
                           {{"L0", "imperial", "0101"}, {"L1", "lombard", at}});
    decline_rest_of_turn(*f->s);
    roll(*f->s, 6);
    EXPECT_EQ(last_morale(f->log).data["modifier"], -1) << at;
    EXPECT_EQ(f->s->unit(1).status, Status::kOrdered) << at;
  }
  // Negative: two hexes away.
  auto f = disordered_at("infantry", "B", "0505", {},
                         {{"L0", "imperial", "0101"}, {"L1", "lombard", "0507"}});
  decline_rest_of_turn(*f->s);
  roll(*f->s, 6);
  EXPECT_EQ(last_morale(f->log).data["modifier"], 0);
  EXPECT_EQ(f->s->unit(1).status, Status::kDisordered);
}

TEST(Bma_Rulings, L34_GoodMoraleFriendIsAnOrderedARatedNeighbour) {
  // Ordered A friend at 0604 (next to 0505): -1.
  auto f = disordered_at("infantry", "B", "0505", {{"lombard", "infantry", "A", "0604"}});
  decline_rest_of_turn(*f->s);
  roll(*f->s, 6);
  EXPECT_EQ(last_morale(f->log).data["modifier"], -1);
  EXPECT_EQ(f->s->unit(1).status, Status::kOrdered);
  // Negative: a B friend, or an A friend that is disordered, gives nothing.
  auto f2 = disordered_at("infantry", "B", "0505", {{"lombard", "infantry", "B", "0604"}});
  decline_rest_of_turn(*f2->s);
  roll(*f2->s, 6);
  EXPECT_EQ(last_morale(f2->log).data["modifier"], 0);
  auto f3 = disordered_at("infantry", "B", "0505", {{"lombard", "infantry", "A", "0604"}});
  set_status(*f3->s, 2, Status::kDisordered);
  decline_rest_of_turn(*f3->s);
  roll(*f3->s, 6);
  EXPECT_EQ(last_morale(f3->log).data["modifier"], 0);
  // Leader and good friend together: still -1 once.
  auto f4 = disordered_at("infantry", "B", "0505", {{"lombard", "infantry", "A", "0604"}},
                          {{"L0", "imperial", "0101"}, {"L1", "lombard", "0505"}});
  decline_rest_of_turn(*f4->s);
  roll(*f4->s, 6);
  EXPECT_EQ(last_morale(f4->log).data["modifier"], -1);
}

// ---- 6.3 ----

TEST(Bma_6_Morale, Clause_6_3_RoutedRallyOnlyThreeHexesFromEnemy) {
  auto f = setup({{"imperial", "infantry", "B", "0504"}, {"lombard", "infantry", "B", "0507"}});
  set_status(*f->s, 1, Status::kRouted);
  decline_rest_of_turn(*f->s);
  ASSERT_TRUE(f->s->is_chance_node()) << "three hexes away: it may roll";
  EXPECT_EQ(f->s->chance_info().rule, "bma 6.3");
  // Negative (ruling L-35): two hexes away it cannot rally and keeps fleeing, two hexes.
  auto f2 = setup({{"imperial", "infantry", "B", "0504"}, {"lombard", "infantry", "B", "0506"}});
  set_status(*f2->s, 1, Status::kRouted);
  decline_rest_of_turn(*f2->s);
  EXPECT_EQ(f2->s->turn(), 2) << "no roll";
  EXPECT_EQ(f2->s->phase(), Phase::kDraw);
  EXPECT_EQ(f2->s->unit(1).status, Status::kRouted);
  EXPECT_EQ(where(*f2->s, 1), "0508");
}

TEST(Bma_6_Morale, Clause_6_3_RallySuccessMakesDisordered) {
  auto f = setup({{"imperial", "infantry", "B", "0504"}, {"lombard", "infantry", "B", "0507"}});
  set_status(*f->s, 1, Status::kRouted);
  EXPECT_EQ(f->s->vp_lost(1), 3);
  decline_rest_of_turn(*f->s);
  roll(*f->s, 5);
  EXPECT_EQ(f->s->unit(1).status, Status::kDisordered) << "not straight to ordered";
  EXPECT_EQ(where(*f->s, 1), "0507");
  EXPECT_EQ(f->s->vp_lost(1), 0);
  // Negative: a failed roll (6 against morale 5) leaves it routed, still counted as lost, and
  // it flees two more hexes (6.3).
  auto g = setup({{"imperial", "infantry", "B", "0504"}, {"lombard", "infantry", "B", "0507"}});
  set_status(*g->s, 1, Status::kRouted);
  decline_rest_of_turn(*g->s);
  roll(*g->s, 6);
  EXPECT_EQ(g->s->unit(1).status, Status::kRouted);
  EXPECT_EQ(g->s->vp_lost(1), 3);
  EXPECT_EQ(where(*g->s, 1), "0509");
}

TEST(Bma_6_Morale, Clause_6_3_FailedRallyFleesTwoHexes) {
  auto f = setup({{"imperial", "infantry", "B", "0504"}, {"lombard", "infantry", "B", "0507"}});
  set_status(*f->s, 1, Status::kRouted);
  decline_rest_of_turn(*f->s);
  roll(*f->s, 6);
  EXPECT_EQ(f->s->unit(1).status, Status::kRouted);
  EXPECT_EQ(where(*f->s, 1), "0509") << "two hexes toward the south edge";
  EXPECT_FALSE(events_of(f->log, "rout", "bma 6.3").empty());
}

TEST(Bma_6_Morale, Clause_6_3_1_FleeingUnitDisordersAFriendItPassesThrough) {
  // A routed Imperial unit at 0405 with a Lombard two hexes away (0407) is too close to roll and
  // flees two hexes north; from an even column only the hex straight north is nearer the edge,
  // so it passes through the friend at 0404 and ends at 0403.
  auto f = setup({{"imperial", "infantry", "B", "0405"},
                  {"imperial", "infantry", "B", "0404"},
                  {"imperial", "infantry", "B", "0505"},
                  {"lombard", "infantry", "B", "0407"}});
  set_status(*f->s, 0, Status::kRouted);
  decline_rest_of_turn(*f->s);
  ASSERT_EQ(f->s->turn(), 2) << "no die was needed";
  EXPECT_EQ(where(*f->s, 0), "0403");
  EXPECT_EQ(f->s->unit(1).status, Status::kDisordered) << "the friend passed through";
  EXPECT_EQ(events_of(f->log, "disorder", "bma 6.3.1").size(), 1u);
  // Negative: the friend beside the path (0505) is untouched.
  EXPECT_EQ(f->s->unit(2).status, Status::kOrdered);
  // Negative: with no friend on the path the flight disorders nobody.
  auto f2 = setup({{"imperial", "infantry", "B", "0405"},
                   {"imperial", "infantry", "B", "0505"},
                   {"lombard", "infantry", "B", "0407"}});
  set_status(*f2->s, 0, Status::kRouted);
  decline_rest_of_turn(*f2->s);
  EXPECT_EQ(where(*f2->s, 0), "0403");
  EXPECT_TRUE(events_of(f2->log, "", "bma 6.3.1").empty());
}

TEST(Bma_6_Morale, Clause_5_4_6_FlightOntoALoneEnemyLeaderChecksHim) {
  // The routed Imperial unit at 0405 is too close to the Lombard at 0407 to roll, and flees
  // north through 0404 to 0403, where the Lombard leader L1 stands alone.
  auto f = setup({{"imperial", "infantry", "B", "0405"}, {"lombard", "infantry", "B", "0407"}},
                 {{"L0", "imperial", "0101"}, {"L1", "lombard", "0403"}});
  set_status(*f->s, 0, Status::kRouted);
  decline_rest_of_turn(*f->s);
  EXPECT_EQ(where(*f->s, 0), "0403");
  // Positive: his 2d6 check comes before the victory check and the next turn.
  ASSERT_TRUE(f->s->is_chance_node()) << f->s->to_string();
  EXPECT_EQ(f->s->chance_info().rule, "bma 5.4.6");
  EXPECT_EQ(f->s->turn(), 1);
  EXPECT_EQ(f->s->check_invariants(), "");
  roll(*f->s, 7);
  EXPECT_EQ(f->s->leader(1).hex, hex(*f->g, "0407")) << "he joins a unit of his command";
  EXPECT_EQ(f->s->turn(), 2);
  EXPECT_EQ(f->s->check_invariants(), "");
  // Negative: a lone enemy leader beside the path (0303) is not overrun.
  auto f2 = setup({{"imperial", "infantry", "B", "0405"}, {"lombard", "infantry", "B", "0407"}},
                  {{"L0", "imperial", "0101"}, {"L1", "lombard", "0303"}});
  set_status(*f2->s, 0, Status::kRouted);
  decline_rest_of_turn(*f2->s);
  EXPECT_EQ(where(*f2->s, 0), "0403");
  EXPECT_EQ(f2->s->turn(), 2);
  EXPECT_TRUE(events_of(f2->log, "leader", "bma 5.4.6").empty());
  EXPECT_EQ(f2->s->leader(1).hex, hex(*f2->g, "0303"));
}

TEST(Bma_6_Morale, Clause_4_2_FlightNeverEndsWithTwoLeadersInAHex) {
  // The routed Imperial unit at 0405 flees with its leader L0; their fellow leader L2 stands
  // alone at 0403, where the two hexes end: the unit goes on to 0402 (ruling L-20).
  auto f =
      setup({{"imperial", "infantry", "B", "0405"}, {"lombard", "infantry", "B", "0407"}},
            {{"L0", "imperial", "0405"}, {"L1", "lombard", "1010"}, {"L2", "imperial", "0403"}});
  set_status(*f->s, 0, Status::kRouted);
  decline_rest_of_turn(*f->s);
  EXPECT_EQ(where(*f->s, 0), "0402");
  EXPECT_EQ(f->s->leader(0).hex, f->s->unit(0).hex);
  EXPECT_EQ(f->s->leader(2).hex, hex(*f->g, "0403"));
  EXPECT_EQ(f->s->check_invariants(), "");
  // Negative: fleeing without a leader, it ends at 0403 and the lone leader is with it.
  auto f2 =
      setup({{"imperial", "infantry", "B", "0405"}, {"lombard", "infantry", "B", "0407"}},
            {{"L0", "imperial", "0101"}, {"L1", "lombard", "1010"}, {"L2", "imperial", "0403"}});
  set_status(*f2->s, 0, Status::kRouted);
  decline_rest_of_turn(*f2->s);
  EXPECT_EQ(where(*f2->s, 0), "0403");
  EXPECT_EQ(f2->s->leader(2).hex, f2->s->unit(0).hex);
  EXPECT_EQ(f2->s->check_invariants(), "");
}

TEST(Bma_6_Morale, Clause_6_3_1_AlreadyDisorderedFriendIsRouted) {
  // The friend at 0404 is disordered and stands next to a disordered Lombard unit at 0304, so it
  // must roll to recover; it fails. The routed unit at 0405 (two hexes from 0304: no roll) then
  // flees through it, and the friend is routed in turn.
  auto f = setup({{"imperial", "infantry", "B", "0405"},
                  {"imperial", "infantry", "B", "0404"},
                  {"lombard", "infantry", "B", "0304"}});
  set_status(*f->s, 0, Status::kRouted);
  set_status(*f->s, 1, Status::kDisordered);
  set_status(*f->s, 2, Status::kDisordered);
  decline_rest_of_turn(*f->s);
  ASSERT_TRUE(f->s->is_chance_node()) << f->s->to_string();
  ASSERT_EQ(f->s->tasks().front().a, 1) << "the Imperial friend rolls first (ruling L-5)";
  roll(*f->s, 10);  // the friend fails and stays disordered
  roll(*f->s, 10);  // the Lombard unit fails too
  ASSERT_EQ(f->s->turn(), 2) << f->s->to_string();
  EXPECT_EQ(where(*f->s, 0), "0403");
  EXPECT_EQ(f->s->unit(1).status, Status::kRouted);
  EXPECT_EQ(events_of(f->log, "rout", "bma 6.3.1").size(), 1u);
  // Negative: had the friend recovered in the same phase, it is ordered when the flight passes
  // and is only disordered.
  auto f2 = setup({{"imperial", "infantry", "B", "0405"},
                   {"imperial", "infantry", "B", "0404"},
                   {"lombard", "infantry", "B", "0304"}});
  set_status(*f2->s, 0, Status::kRouted);
  set_status(*f2->s, 1, Status::kDisordered);
  set_status(*f2->s, 2, Status::kDisordered);
  decline_rest_of_turn(*f2->s);
  roll(*f2->s, 1);  // the friend recovers
  roll(*f2->s, 10);
  ASSERT_EQ(f2->s->turn(), 2);
  EXPECT_EQ(f2->s->unit(1).status, Status::kDisordered);
  EXPECT_TRUE(events_of(f2->log, "rout", "bma 6.3.1").empty());
}

TEST(Bma_Rulings, L21_CarroccioPassedThroughByARoutIsUnaffected) {
  // A routed Lombard unit at 0505, two hexes from the Imperial unit at 0503, flees two hexes
  // south; from an odd column only the hex straight south (0506) is nearer the Lombard edge.
  auto f = setup({{"imperial", "infantry", "B", "0503"},
                  {"lombard", "infantry", "B", "0505"},
                  {"lombard", "carroccio", "A", "0506"}});
  set_status(*f->s, 1, Status::kRouted);
  decline_rest_of_turn(*f->s);
  ASSERT_EQ(f->s->turn(), 2);
  EXPECT_EQ(where(*f->s, 1), "0507") << "through the Carroccio";
  EXPECT_EQ(f->s->unit(2).status, Status::kOrdered);
  EXPECT_TRUE(events_of(f->log, "", "bma 6.3.1").empty());
  // Negative: an infantry unit in the Carroccio's place is disordered.
  auto f2 = setup({{"imperial", "infantry", "B", "0503"},
                   {"lombard", "infantry", "B", "0505"},
                   {"lombard", "infantry", "B", "0506"}});
  set_status(*f2->s, 1, Status::kRouted);
  decline_rest_of_turn(*f2->s);
  EXPECT_EQ(where(*f2->s, 1), "0507");
  EXPECT_EQ(f2->s->unit(2).status, Status::kDisordered);
}

TEST(Bma_6_Morale, Clause_6_3_FleeingOffTheMapEliminates) {
  auto f = setup({{"imperial", "infantry", "B", "0504"}, {"lombard", "infantry", "B", "0509"}});
  set_status(*f->s, 1, Status::kRouted);
  decline_rest_of_turn(*f->s);
  roll(*f->s, 10);
  EXPECT_EQ(f->s->unit(1).status, Status::kEliminated);
  EXPECT_EQ(f->s->unit(1).hex, kNoHex);
  EXPECT_EQ(f->s->vp_lost(1), 3);
  // Negative: one hex further from the edge, it survives on the edge row.
  auto f2 = setup({{"imperial", "infantry", "B", "0504"}, {"lombard", "infantry", "B", "0508"}});
  set_status(*f2->s, 1, Status::kRouted);
  decline_rest_of_turn(*f2->s);
  roll(*f2->s, 10);
  EXPECT_EQ(where(*f2->s, 1), "0510");
}

TEST(Bma_6_Morale, Clause_6_3_LeaderStackedMinusTwoAdjacentMinusOne) {
  // Stacked: 7 - 2 = 5 passes for B.
  auto f = setup({{"imperial", "infantry", "B", "0504"}, {"lombard", "infantry", "B", "0507"}},
                 {{"L0", "imperial", "0101"}, {"L1", "lombard", "0507"}});
  set_status(*f->s, 1, Status::kRouted);
  decline_rest_of_turn(*f->s);
  roll(*f->s, 7);
  EXPECT_EQ(last_morale(f->log).data["modifier"], -2);
  EXPECT_EQ(f->s->unit(1).status, Status::kDisordered);
  // Adjacent: -1 only, so 7 fails.
  auto f2 = setup({{"imperial", "infantry", "B", "0504"}, {"lombard", "infantry", "B", "0507"}},
                  {{"L0", "imperial", "0101"}, {"L1", "lombard", "0508"}});
  set_status(*f2->s, 1, Status::kRouted);
  decline_rest_of_turn(*f2->s);
  roll(*f2->s, 7);
  EXPECT_EQ(last_morale(f2->log).data["modifier"], -1);
  EXPECT_EQ(f2->s->unit(1).status, Status::kRouted);
  // Two leaders, one stacked and one adjacent: the better one only (-2).
  auto f3 =
      setup({{"imperial", "infantry", "B", "0504"}, {"lombard", "infantry", "B", "0507"}},
            {{"L0", "imperial", "0101"}, {"L1", "lombard", "0507"}, {"X", "lombard", "0508"}});
  set_status(*f3->s, 1, Status::kRouted);
  decline_rest_of_turn(*f3->s);
  roll(*f3->s, 8);
  EXPECT_EQ(last_morale(f3->log).data["modifier"], -2);
}

TEST(Bma_Rulings, L28_AnyFriendlyLeaderCountsForRoutedRally) {
  // 6.3 speaks of "a leader", not "its leader": a leader of another command (not the supreme
  // commander) stacked with a routed unit gives -2, adjacent -1.
  auto f = setup({{"imperial", "infantry", "B", "0504"}, {"lombard", "infantry", "B", "0507"}},
                 {{"L0", "imperial", "0101"}, {"L1", "lombard", "1010"}, {"X", "lombard", "0507"}});
  set_status(*f->s, 1, Status::kRouted);
  decline_rest_of_turn(*f->s);
  roll(*f->s, 7);
  EXPECT_EQ(last_morale(f->log).data["modifier"], -2);
  EXPECT_EQ(f->s->unit(1).status, Status::kDisordered);
  auto f2 =
      setup({{"imperial", "infantry", "B", "0504"}, {"lombard", "infantry", "B", "0507"}},
            {{"L0", "imperial", "0101"}, {"L1", "lombard", "1010"}, {"X", "lombard", "0508"}});
  set_status(*f2->s, 1, Status::kRouted);
  decline_rest_of_turn(*f2->s);
  roll(*f2->s, 7);
  EXPECT_EQ(last_morale(f2->log).data["modifier"], -1);
  // Negative: an enemy leader next to it gives nothing.
  auto f3 =
      setup({{"imperial", "infantry", "B", "0504"}, {"lombard", "infantry", "B", "0507"}},
            {{"L0", "imperial", "0101"}, {"L1", "lombard", "1010"}, {"Y", "imperial", "0508"}});
  set_status(*f3->s, 1, Status::kRouted);
  decline_rest_of_turn(*f3->s);
  roll(*f3->s, 7);
  EXPECT_EQ(last_morale(f3->log).data["modifier"], 0);
}

// ---- 9.3.1 the Carroccio ----

TEST(Bma_9_Carroccio, Clause_9_3_1_InfantryNextToCarroccioMinusThree) {
  // Carroccio at 0605, next to the disordered infantry at 0505.
  auto f = disordered_at("infantry", "B", "0505", {{"lombard", "carroccio", "A", "0605"}});
  decline_rest_of_turn(*f->s);
  roll(*f->s, 8);
  EXPECT_EQ(last_morale(f->log).data["modifier"], -3);
  EXPECT_EQ(f->s->unit(1).status, Status::kOrdered);
  // Negative: without the Carroccio, 8 fails.
  auto f2 = disordered_at("infantry", "B", "0505");
  decline_rest_of_turn(*f2->s);
  roll(*f2->s, 8);
  EXPECT_EQ(f2->s->unit(1).status, Status::kDisordered);
}

TEST(Bma_9_Carroccio, Clause_9_3_1_CavalryAdjacentOrInfantryTwoAwayMinusOne) {
  struct Case {
    const char* type;
    const char* carroccio;
    int modifier;
  };
  // 0605 is next to 0505; 0606 two hexes away; 0607 three.
  for (const Case& c : {Case{"cavalry", "0605", -1}, Case{"infantry", "0606", -1},
                        Case{"cavalry", "0606", 0}, Case{"infantry", "0607", 0}}) {
    auto f = disordered_at(c.type, "B", "0505", {{"lombard", "carroccio", "A", c.carroccio}});
    ASSERT_EQ(f->s->bma().board().distance(hex(f->s->bma(), "0505"), hex(f->s->bma(), c.carroccio)),
              std::string(c.carroccio) == "0605"   ? 1
              : std::string(c.carroccio) == "0606" ? 2
                                                   : 3);
    decline_rest_of_turn(*f->s);
    roll(*f->s, 6);
    EXPECT_EQ(last_morale(f->log).data["modifier"], c.modifier) << c.type << " " << c.carroccio;
  }
}

TEST(Bma_9_Carroccio, Clause_9_3_1_OnlyForItsOwnSide) {
  // An Imperial disordered infantry next to the Lombard Carroccio gets nothing from it.
  auto f = setup({{"imperial", "infantry", "B", "0504"},
                  {"lombard", "carroccio", "A", "0604"},
                  {"lombard", "infantry", "B", "0505"}});
  set_status(*f->s, 0, Status::kDisordered);
  decline_rest_of_turn(*f->s);
  ASSERT_EQ(f->s->tasks().front().a, 0);
  roll(*f->s, 5);
  EXPECT_EQ(last_morale(f->log).data["modifier"], 0);
  EXPECT_EQ(f->s->morale_modifier_carroccio(0), 0);
  // Negative: the Lombard infantry next to it does get the -3.
  EXPECT_EQ(f->s->morale_modifier_carroccio(2), -3);
}

TEST(Bma_9_Carroccio, Clause_9_3_1_AppliesToZocChecks) {
  // A Lombard infantry at 0505 next to its Carroccio (0605) leaving the enemy at 0504.
  auto f = setup({{"imperial", "infantry", "B", "0504"},
                  {"lombard", "infantry", "B", "0505"},
                  {"lombard", "carroccio", "A", "0605"}});
  activate(*f->s, 1);
  select_unit(*f->s, 1);
  roll(*f->s, 8);
  EXPECT_EQ(last_morale(f->log).data["modifier"], -3);
  EXPECT_EQ(last_morale(f->log).data["passed"], true);
  // Negative: with the Carroccio three hexes away the same roll of 8 fails (morale 5).
  auto g = setup({{"imperial", "infantry", "B", "0504"},
                  {"lombard", "infantry", "B", "0505"},
                  {"lombard", "carroccio", "A", "0508"}});
  activate(*g->s, 1);
  select_unit(*g->s, 1);
  roll(*g->s, 8);
  EXPECT_EQ(last_morale(g->log).data["modifier"], 0);
  EXPECT_EQ(last_morale(g->log).data["passed"], false);
}

TEST(Bma_Rulings, L37_CarroccioModifierDoesNotStackButAddsToOthers) {
  // Infantry next to the Carroccio is also within two hexes: -3, not -4. A leader next to it
  // adds his own -1 (ruling L-29): -4.
  auto f = disordered_at("infantry", "B", "0505", {{"lombard", "carroccio", "A", "0605"}},
                         {{"L0", "imperial", "0101"}, {"L1", "lombard", "0506"}});
  EXPECT_EQ(f->s->morale_modifier_carroccio(1), -3);
  decline_rest_of_turn(*f->s);
  roll(*f->s, 9);
  EXPECT_EQ(last_morale(f->log).data["modifier"], -4);
  EXPECT_EQ(f->s->unit(1).status, Status::kOrdered);
}

}  // namespace
}  // namespace carroccio::bma::testing
