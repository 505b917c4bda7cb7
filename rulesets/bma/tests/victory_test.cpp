// bma 8.0 victory: victory points (8.1), rout levels (8.2), draws (8.3); and the Legnano
// scenario's sudden ends (9.4): Frederick killed, the Carroccio lost.
#include <string>
#include <vector>

#include "rulesets/bma/tests/test_util.hpp"

namespace carroccio::bma::testing {
namespace {

std::unique_ptr<Fixture> setup(const nlohmann::json& j) {
  auto f = std::make_unique<Fixture>();
  f->g = make_game(j);
  f->s = new_state(f->g);
  f->s->set_event_sink(&f->log);
  return f;
}

// ---- 8.1 victory points ----

TEST(Bma_8_Victory, Clause_8_1_RoutedOrEliminatedUnitsWorthFiveThreeOne) {
  auto f = setup(scenario_json({{"imperial", "infantry", "A", "0101"},
                                {"imperial", "cavalry", "B", "0301"},
                                {"imperial", "infantry", "C", "0501"},
                                {"lombard", "infantry", "B", "0510"}}));
  EXPECT_EQ(f->s->vp_lost(0), 0);
  set_status(*f->s, 0, Status::kRouted);
  EXPECT_EQ(f->s->vp_lost(0), 5);
  set_status(*f->s, 1, Status::kEliminated);
  EXPECT_EQ(f->s->vp_lost(0), 8);
  set_status(*f->s, 2, Status::kRouted);
  EXPECT_EQ(f->s->vp_lost(0), 9);
  EXPECT_EQ(f->s->vp_lost(1), 0) << "the other side's losses are apart";
  // Negative: disordered units cost nothing.
  set_status(*f->s, 0, Status::kDisordered);
  EXPECT_EQ(f->s->vp_lost(0), 4);
}

TEST(Bma_Rulings, L46_UnitVpIsFixedByRatingNotByChit) {
  auto f = setup(
      scenario_json({{"imperial", "infantry", "A", "0101"}, {"lombard", "infantry", "C", "0510"}}));
  f->s->debug_set_unit(0, f->s->unit(0).hex, Status::kRouted, 9);
  f->s->debug_set_unit(1, f->s->unit(1).hex, Status::kRouted, 4);
  EXPECT_EQ(f->s->vp_lost(0), 5);
  EXPECT_EQ(f->s->vp_lost(1), 1);
}

TEST(Bma_Rulings, L22_RoutedUnitThatRalliesStopsCounting) {
  // Counted from the status at the check: the routed unit rallies in the rally phase, before
  // the victory check, so the army (rout level 3) does not rout.
  auto f = setup(
      scenario_json({{"imperial", "infantry", "B", "0505"}, {"lombard", "infantry", "B", "0509"}},
                    {}, {}, 10, 10, 8, 3, 58));
  set_status(*f->s, 0, Status::kRouted);
  EXPECT_EQ(f->s->vp_lost(0), 3);
  decline_rest_of_turn(*f->s);
  roll(*f->s, 1);
  EXPECT_FALSE(f->s->is_terminal());
  EXPECT_EQ(f->s->vp_lost(0), 0);
  // Negative: a failed rally keeps it routed and the army routs.
  auto f2 = setup(
      scenario_json({{"imperial", "infantry", "B", "0505"}, {"lombard", "infantry", "B", "0509"}},
                    {}, {}, 10, 10, 8, 3, 58));
  set_status(*f2->s, 0, Status::kRouted);
  decline_rest_of_turn(*f2->s);
  roll(*f2->s, 10);
  EXPECT_TRUE(f2->s->is_terminal());
  EXPECT_EQ(f2->s->winner(), 1);
}

TEST(Bma_8_Victory, Clause_8_1_KilledLeaderWorthTwiceCommandValue) {
  // Imperial leader L0 (CV 3) alone at 0505; the Lombard cavalry rides into his hex (5.4.6).
  for (int die : {7, 2}) {
    auto f = setup(
        scenario_json({{"imperial", "infantry", "B", "0101"}, {"lombard", "cavalry", "B", "0508"}},
                      {{"L0", "imperial", "0505", 3}, {"L1", "lombard", "0510"}}));
    activate(*f->s, 1);
    move_unit(*f->s, 1, "0505");
    roll(*f->s, die);
    EXPECT_EQ(f->s->vp_lost(0), die == 2 ? 6 : 0) << "die " << die;
    EXPECT_EQ(f->s->vp_lost(1), 0);
  }
}

TEST(Bma_8_Victory, Clause_8_1_NoVpForAReplacementLeader) {
  // L0 (CV 2) is killed alone at 0505 (4 VP); his replacement, later caught alone, is killed
  // too: no more VP.
  auto j = scenario_json({{"imperial", "infantry", "B", "0101"},
                          {"lombard", "cavalry", "B", "0508"},
                          {"lombard", "cavalry", "B", "0308"}},
                         {{"L0", "imperial", "0505", 2}, {"L1", "lombard", "0510", 3}});
  auto f = setup(j);
  activate(*f->s, 1);
  move_unit(*f->s, 1, "0505");
  roll(*f->s, 2);
  ASSERT_EQ(f->s->vp_lost(0), 4);
  end_activation_now(*f->s);
  decline_rest_of_turn(*f->s);
  ASSERT_EQ(f->s->turn(), 2);
  activate(*f->s, 0);
  ASSERT_EQ(f->s->phase(), Phase::kReplacement);
  play(*f->s, act::kReplacementBase + 0);
  end_activation_now(*f->s);
  ASSERT_EQ(f->s->turn(), 2);
  f->s->debug_set_leader_hex(0, hex(*f->g, "0305"));  // he rides out alone
  activate(*f->s, 1);
  move_unit(*f->s, 2, "0305");
  roll(*f->s, 12);
  EXPECT_EQ(f->s->leader(0).hex, kNoHex) << "the replacement is killed";
  EXPECT_EQ(f->s->vp_lost(0), 4) << "but he is worth nothing";
}

// ---- 8.2 rout level ----

TEST(Bma_Rulings, L45_ReachingTheRoutLevelIsEnough) {
  // Lombard rout level 3; a routed B unit (3 VP) too close to the enemy to rally.
  for (int level : {3, 4}) {
    auto f = setup(
        scenario_json({{"imperial", "infantry", "B", "0505"}, {"lombard", "infantry", "B", "0507"}},
                      {}, {}, 10, 10, 8, 52, level));
    set_status(*f->s, 1, Status::kRouted);
    decline_rest_of_turn(*f->s);
    if (level == 3) {
      EXPECT_TRUE(f->s->is_terminal()) << "3 lost against a rout level of 3";
      EXPECT_EQ(f->s->winner(), 0) << "8.2: the other side wins";
      EXPECT_EQ(f->s->end_reason(), EndReason::kRoutLevel);
      EXPECT_EQ(f->s->returns(), (std::vector<double>{1.0, -1.0}));
    } else {
      EXPECT_FALSE(f->s->is_terminal()) << "3 lost against 4";
      EXPECT_EQ(f->s->turn(), 2);
    }
  }
}

TEST(Bma_8_Victory, Clause_8_2_CheckedOnlyInTheVictoryPhase) {
  auto f = setup(scenario_json({{"imperial", "infantry", "B", "0505"},
                                {"imperial", "infantry", "B", "0101"},
                                {"lombard", "infantry", "B", "0507"}},
                               {}, {}, 10, 10, 8, 3, 58));
  set_status(*f->s, 0, Status::kRouted);
  activate(*f->s, 0);
  EXPECT_FALSE(f->s->is_terminal()) << "losses past the level do not end an activation";
  end_activation_now(*f->s);
  EXPECT_TRUE(f->s->is_terminal());
  EXPECT_EQ(f->s->winner(), 1);
  EXPECT_FALSE(events_of(f->log, "victory", "bma 8.2").empty());
}

// ---- 8.3 draws ----

TEST(Bma_8_Victory, Clause_8_3_BothRoutedInOneCheckIsADraw) {
  auto f = setup(
      scenario_json({{"imperial", "infantry", "B", "0505"}, {"lombard", "infantry", "B", "0507"}},
                    {}, {}, 10, 10, 8, 3, 3));
  set_status(*f->s, 0, Status::kRouted);
  set_status(*f->s, 1, Status::kRouted);
  decline_rest_of_turn(*f->s);
  EXPECT_TRUE(f->s->is_terminal());
  EXPECT_EQ(f->s->winner(), 2);
  EXPECT_EQ(f->s->end_reason(), EndReason::kBothRouted);
  EXPECT_EQ(f->s->returns(), (std::vector<double>{0.0, 0.0}));
  // Negative: only one army at its rout level in the same check, and the other side wins.
  auto f2 = setup(
      scenario_json({{"imperial", "infantry", "B", "0505"}, {"lombard", "infantry", "B", "0507"}},
                    {}, {}, 10, 10, 8, 3, 3));
  set_status(*f2->s, 0, Status::kRouted);
  decline_rest_of_turn(*f2->s);
  EXPECT_TRUE(f2->s->is_terminal());
  EXPECT_EQ(f2->s->winner(), 1);
  EXPECT_EQ(f2->s->end_reason(), EndReason::kRoutLevel);
}

TEST(Bma_8_Victory, Clause_8_3_NoRoutByTheLastTurnIsADraw) {
  auto f = setup(
      scenario_json({{"imperial", "infantry", "B", "0101"}, {"lombard", "infantry", "B", "0510"}},
                    {}, {}, 10, 10, 2));
  decline_rest_of_turn(*f->s);
  EXPECT_FALSE(f->s->is_terminal());
  EXPECT_EQ(f->s->turn(), 2);
  decline_rest_of_turn(*f->s);
  EXPECT_TRUE(f->s->is_terminal());
  EXPECT_EQ(f->s->turn(), 2);
  EXPECT_EQ(f->s->winner(), 2);
  EXPECT_EQ(f->s->end_reason(), EndReason::kTurnLimit);
  EXPECT_TRUE(f->s->legal_actions().empty());
}

TEST(Bma_8_Victory, Clause_8_3_RoutInTheLastCheckStillWins) {
  auto f = setup(
      scenario_json({{"imperial", "infantry", "B", "0505"}, {"lombard", "infantry", "B", "0507"}},
                    {}, {}, 10, 10, 1, 3, 58));
  set_status(*f->s, 0, Status::kRouted);
  decline_rest_of_turn(*f->s);
  EXPECT_TRUE(f->s->is_terminal());
  EXPECT_EQ(f->s->winner(), 1);
  EXPECT_EQ(f->s->end_reason(), EndReason::kRoutLevel);
  // Negative: with nobody routed the last turn ends in a draw at the turn limit.
  auto g = setup(
      scenario_json({{"imperial", "infantry", "B", "0505"}, {"lombard", "infantry", "B", "0507"}},
                    {}, {}, 10, 10, 1, 3, 58));
  decline_rest_of_turn(*g->s);
  EXPECT_TRUE(g->s->is_terminal());
  EXPECT_EQ(g->s->winner(), 2);
  EXPECT_EQ(g->s->end_reason(), EndReason::kTurnLimit);
}

// ---- 9.4 sudden ends ----

TEST(Bma_9_Scenario, Clause_9_4_FrederickKilledEndsTheGameAtOnce) {
  // L0 plays Frederick (listed in routs_if_leader_killed); he stands alone at 0505.
  for (bool frederick : {true, false}) {
    auto j =
        scenario_json({{"imperial", "infantry", "B", "0101"}, {"lombard", "cavalry", "B", "0508"}},
                      {{"L0", "imperial", "0505", 2, true}, {"L1", "lombard", "0510", 2}});
    if (frederick) j["sides"][0]["routs_if_leader_killed"] = {"L0"};
    auto f = setup(j);
    activate(*f->s, 1);
    move_unit(*f->s, 1, "0505");
    roll(*f->s, 2);
    if (frederick) {
      EXPECT_TRUE(f->s->is_terminal()) << "mid-activation, no victory check needed";
      EXPECT_EQ(f->s->winner(), 1);
      EXPECT_EQ(f->s->end_reason(), EndReason::kLeaderKilled);
      EXPECT_FALSE(events_of(f->log, "victory", "bma 9.4").empty());
    } else {
      EXPECT_FALSE(f->s->is_terminal()) << "another leader's death only costs VP";
      EXPECT_EQ(f->s->vp_lost(0), 4);
    }
  }
}

TEST(Bma_9_Scenario, Clause_9_4_CarroccioLostEndsTheGame) {
  // The Imperial cavalry at 0504 attacks the Carroccio at 0505. Alone (no Lombard infantry
  // next to it) it is destroyed at once (9.3.2) and the Lombard army routs (9.4).
  for (bool guarded : {false, true}) {
    std::vector<P> units = {{"imperial", "cavalry", "A", "0504"},
                            {"lombard", "carroccio", "A", "0505"},
                            {"lombard", "infantry", "B", guarded ? "0506" : "0509"}};
    auto j = scenario_json(units);
    j["sides"][1]["routs_if_unit_eliminated"] = {"u1"};
    auto f = setup(j);
    activate(*f->s, 0);
    if (f->s->phase() == Phase::kMoveSelect) play(*f->s, act::kEndMovement);
    ASSERT_EQ(f->s->phase(), Phase::kCombatTarget);
    play(*f->s, act::kTargetBase + 1);
    play(*f->s, act::kAddAttackerBase + 0);
    play(*f->s, act::kResolveCombat);
    if (!guarded) {
      EXPECT_TRUE(f->s->is_terminal());
      EXPECT_EQ(f->s->winner(), 0);
      EXPECT_EQ(f->s->end_reason(), EndReason::kUnitLost);
      EXPECT_EQ(f->s->unit(1).status, Status::kEliminated);
      EXPECT_EQ(f->s->vp_lost(1), 0) << "the Carroccio itself carries no VP";
    } else {
      EXPECT_FALSE(f->s->is_terminal()) << "guarded, it defends: chits and a die come next";
      EXPECT_TRUE(f->s->is_chance_node());
    }
  }
}

// ---- Ruling L-51: the result on points ----

// A one-turn game with both sides' units far apart: `eliminated` names the units
// (0-1 imperial B and C, 2-3 lombard B and C) eliminated before the turn ends in a draw.
std::unique_ptr<Fixture> drawn_after_losses(std::vector<int> eliminated, int rout_imperial,
                                            int rout_lombard) {
  auto f = setup(scenario_json({{"imperial", "infantry", "B", "0101"},
                                {"imperial", "infantry", "C", "0301"},
                                {"lombard", "infantry", "B", "0510"},
                                {"lombard", "infantry", "C", "0810"}},
                               {}, {}, 10, 10, 1, rout_imperial, rout_lombard));
  for (int u : eliminated) set_status(*f->s, u, Status::kEliminated);
  decline_rest_of_turn(*f->s);
  return f;
}

TEST(Bma_Rulings, L51_DrawnGameAheadOnSmallerShareOfRoutLevel) {
  // Imperial loses 3 VP of 10 (30%), Lombard 1 of 4 (25%): a draw, the Lombards ahead.
  auto f = drawn_after_losses({0, 3}, 10, 4);
  ASSERT_TRUE(f->s->is_terminal());
  EXPECT_EQ(f->s->winner(), 2);
  const game::PointsStanding p = f->s->points_standing();
  ASSERT_TRUE(p.reported);
  EXPECT_EQ(f->g->player_name(p.ahead), "lombard");
  EXPECT_EQ(p.shown[0], "3 of 10");
  EXPECT_EQ(p.shown[1], "1 of 4");
  const auto j = f->s->result_summary();
  EXPECT_EQ(j["points"]["ahead"], "lombard");
  EXPECT_EQ(j["points"]["text"].get<std::string>().rfind("Lombard", 0), 0u);
  game::ResultFacts facts;
  f->s->result_facts(facts);
  EXPECT_TRUE(facts.has_points);
  EXPECT_EQ(facts.points_ahead, "lombard");
  // Negative: the share counts, not the VP: 3 of 20 (15%) beats 1 of 4 (25%).
  auto g = drawn_after_losses({0, 3}, 20, 4);
  ASSERT_TRUE(g->s->is_terminal());
  EXPECT_EQ(g->g->player_name(g->s->points_standing().ahead), "imperial");
}

TEST(Bma_Rulings, L51_EqualSharesAreLevelAndAWinnerIsAhead) {
  auto f = drawn_after_losses({1, 3}, 10, 10);
  ASSERT_TRUE(f->s->is_terminal());
  EXPECT_EQ(f->s->points_standing().ahead, -1);
  EXPECT_TRUE(f->s->result_summary()["points"]["ahead"].is_null());
  game::ResultFacts facts;
  f->s->result_facts(facts);
  EXPECT_TRUE(facts.has_points);
  EXPECT_EQ(facts.points_ahead, "");
  // A game still going reports no result on points.
  auto live = setup(
      scenario_json({{"imperial", "infantry", "B", "0101"}, {"lombard", "infantry", "B", "0510"}}));
  EXPECT_FALSE(live->s->points_standing().reported);
  // A side that routs the other wins, and is ahead whatever the shares (it reached its level).
  auto w = drawn_after_losses({2}, 10, 3);
  ASSERT_TRUE(w->s->is_terminal());
  EXPECT_EQ(w->g->player_name(w->s->winner()), "imperial");
  EXPECT_EQ(w->s->points_standing().ahead, w->s->winner());
}

}  // namespace
}  // namespace carroccio::bma::testing
