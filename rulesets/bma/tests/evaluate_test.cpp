// The heuristic evaluation (analysis.cpp) that the heuristic agent and MCTS leaves use: each
// clause it reasons about moves the score the right way, and only when it applies.
#include <cmath>

#include "rulesets/bma/tests/test_util.hpp"

namespace carroccio::bma::testing {
namespace {

double imperial_score(const nlohmann::json& j, const std::string& options = "",
                      void (*tweak)(BmaState&) = nullptr) {
  auto g = make_game(j, options);
  auto s = new_state(g);
  if (tweak != nullptr) tweak(*s);
  const auto v = s->evaluate();
  EXPECT_EQ(v.size(), 2u);
  // Threats are feared by the side they threaten and not credited to the other (analysis.cpp),
  // so the two values never add up to more than zero; without threats they are opposite.
  EXPECT_LE(v[0] + v[1], 1e-12) << "threats feared, never credited";
  EXPECT_LT(std::abs(v[0]), 1.0) << "a position is never worth a won game";
  return v[0];
}

TEST(Bma_Evaluate, Clause_8_2_LossesCountAgainstTheRoutLevel) {
  const auto j =
      scenario_json({{"imperial", "infantry", "B", "0101"}, {"lombard", "infantry", "B", "0510"}});
  const double even = imperial_score(j);
  EXPECT_NEAR(even, 0.0, 0.01);
  const double imperial_routed = imperial_score(
      j, "", [](BmaState& s) { s.debug_set_unit(0, s.unit(0).hex, Status::kEliminated); });
  const double lombard_routed = imperial_score(
      j, "", [](BmaState& s) { s.debug_set_unit(1, s.unit(1).hex, Status::kEliminated); });
  EXPECT_LT(imperial_routed, even);
  EXPECT_GT(lombard_routed, even);
  // The same loss weighs more against a lower rout level.
  const auto low =
      scenario_json({{"imperial", "infantry", "B", "0101"}, {"lombard", "infantry", "B", "0510"}},
                    {}, {}, 10, 10, 8, 10, 58);
  EXPECT_LT(
      imperial_score(low, "",
                     [](BmaState& s) { s.debug_set_unit(0, s.unit(0).hex, Status::kEliminated); }),
      imperial_routed);
}

TEST(Bma_Evaluate, SuggestsTheSearchBudgetMeasuredOnLegnano) {
  // docs/ai.md (session-6 strength table): with this evaluation MCTS plays Legnano better at 50
  // iterations a decision than at 200, so an agent spec naming no budget gets 50.
  const auto g = make_game(
      scenario_json({{"imperial", "infantry", "B", "0101"}, {"lombard", "infantry", "B", "0510"}}));
  EXPECT_EQ(g->default_search_iterations(), 50);
}

TEST(Bma_Evaluate, Clause_8_3_LossesShortOfTheRoutLevelWeighLessInTheLastTurns) {
  // The imperial score once a lombard B unit (3 VP) is eliminated, in a game of `turns` turns
  // at its first turn (a 1-turn game is in its last turn), against a lombard rout level.
  auto eliminated = [](int turns, int rout_lombard) {
    const auto j =
        scenario_json({{"imperial", "infantry", "B", "0101"}, {"lombard", "infantry", "B", "0510"}},
                      {}, {}, 10, 10, turns, 52, rout_lombard);
    return imperial_score(
        j, "", [](BmaState& s) { s.debug_set_unit(1, s.unit(1).hex, Status::kEliminated); });
  };
  // 8.3: losses short of the rout level decide nothing once the last turn ends, so on the last
  // turn they weigh a third of what they weigh with the game ahead.
  EXPECT_GT(eliminated(1, 58), 0.0);
  EXPECT_GT(eliminated(8, 58), 2.0 * eliminated(1, 58));
  // Negative: a loss that reaches the rout level (8.2) weighs in full on the last turn too.
  EXPECT_NEAR(eliminated(1, 3), eliminated(8, 3), 0.01);
}

TEST(Bma_Evaluate, Clause_9_3_2_UnguardedCarroccioNextToAnEnemyIsNearlyLost) {
  auto carroccio = [](bool guarded) {
    auto j = scenario_json({{"imperial", "cavalry", "A", "0504"},
                            {"lombard", "carroccio", "A", "0505"},
                            {"lombard", "infantry", "B", guarded ? "0506" : "0509"}});
    j["sides"][1]["routs_if_unit_eliminated"] = {"u1"};
    return j;
  };
  const double unguarded = imperial_score(carroccio(false));
  const double guarded = imperial_score(carroccio(true));
  EXPECT_GT(unguarded, 0.5);
  EXPECT_GT(unguarded, guarded + 0.4);
}

TEST(Bma_Evaluate, Clause_9_4_SupremeCommanderInContactRisksTheGame) {
  // Frederick (L0) is stacked with the imperial infantry at 0505; 5.4.1 kills a leader in
  // combat on 2 or 12, and 9.4 makes his death a defeat.
  auto position = [](bool frederick, const std::string& enemy) {
    auto j = scenario_json(
        {{"imperial", "infantry", "B", "0505"}, {"lombard", "infantry", "B", enemy}},
        {{"L0", "imperial", "0505", 2, true}, {"L1", "lombard", "1010", 2}}, {}, 10, 20);
    if (frederick) j["sides"][0]["routs_if_leader_killed"] = {"L0"};
    return j;
  };
  EXPECT_LT(imperial_score(position(true, "0506")), imperial_score(position(false, "0506")) - 0.03);
  // Negative: beyond the enemy's next two moves (infantry, 4 MP, 10 hexes away) the listing
  // changes no more than the light pull of a sudden-death piece
  // (Clause_9_4_ArmyIsDrawnTowardTheSupremeCommander).
  EXPECT_NEAR(imperial_score(position(true, "0515")), imperial_score(position(false, "0515")),
              0.02);
}

TEST(Bma_Evaluate, Clause_9_4_SupremeCommanderWithinAnEnemyMoveIsThreatenedUnlessGuarded) {
  // Frederick (L0) is stacked with imperial infantry at 0502; a lombard cavalry unit (8 MP)
  // stands 5 hexes away (within one move and a step of his stack), 12 or 18 away (beyond). `guards`
  // imperial units fill that many of his stack's neighbouring hexes.
  auto position = [](const std::string& enemy, bool sudden, int guards) {
    auto j = scenario_json(
        {{"imperial", "infantry", "B", "0502"}, {"lombard", "cavalry", "B", enemy}},
        {{"L0", "imperial", "0502", 2, true}, {"L1", "lombard", "1020", 2}}, {}, 10, 20);
    if (sudden) j["sides"][0]["routs_if_leader_killed"] = {"L0"};
    auto g = make_game(j);
    int placed = 0;
    for (int nb : g->board().neighbors(hex(*g, "0502"))) {
      if (nb == kNoHex || placed == guards) continue;
      j["units"].push_back({{"id", "g" + std::to_string(placed++)},
                            {"side", "imperial"},
                            {"type", "infantry"},
                            {"rating", "B"},
                            {"hex", g->board().label(nb)},
                            {"leader", "L0"}});
    }
    return j;
  };
  {
    auto g = make_game(position("0507", true, 0));
    ASSERT_EQ(g->board().distance(hex(*g, "0502"), hex(*g, "0507")), 5);
    ASSERT_EQ(g->board().distance(hex(*g, "0502"), hex(*g, "0514")), 12);
    ASSERT_EQ(g->board().distance(hex(*g, "0502"), hex(*g, "0520")), 18);
  }
  // The threat the imperial side fears and the lombard side is not credited with: the gap
  // between the two values (Clause_9_4_AThreatIsFearedByTheThreatenedSideAndNotCredited).
  auto risk = [&](const std::string& enemy, int guards) {
    const auto v = new_state(make_game(position(enemy, true, guards)))->evaluate();
    return -(v[0] + v[1]);
  };
  // An enemy within a move of an unguarded supreme commander costs about half a 2d6 roll's
  // chance of losing the game.
  EXPECT_GT(risk("0507", 0), 0.02);
  // Negative: with every neighbouring hex held by his own units no enemy can come next to his
  // stack, and the threat is gone.
  EXPECT_NEAR(risk("0507", 6), 0.0, 1e-9);
  // Negative: beyond a move and a step the stack is not threatened (unlike a lone leader,
  // Clause_5_4_6_ALoneLeaderWithinAnEnemyMoveIsAtRisk, it has a unit to fight for it).
  EXPECT_NEAR(risk("0514", 0), 0.0, 1e-9);
  EXPECT_NEAR(risk("0520", 0), 0.0, 1e-9);
}

TEST(Bma_Evaluate, Clause_5_4_6_ALoneLeaderWithinAnEnemyMoveIsAtRisk) {
  // Frederick (L0) stands alone at 0502, his army's only unit far off at 1001; a lombard
  // cavalry unit (8 MP) stands 5 hexes from him, able to ride into his hex and force the
  // check at its next activation; 12 hexes away, able to at the one after; or 18 away, not
  // within two moves.
  auto position = [](const std::string& enemy, bool sudden) {
    auto j = scenario_json(
        {{"imperial", "infantry", "B", "1001"}, {"lombard", "cavalry", "B", enemy}},
        {{"L0", "imperial", "0502", 2, true}, {"L1", "lombard", "1020", 2}}, {}, 10, 20);
    if (sudden) j["sides"][0]["routs_if_leader_killed"] = {"L0"};
    return j;
  };
  {
    auto g = make_game(position("0507", true));
    ASSERT_EQ(g->board().distance(hex(*g, "0502"), hex(*g, "0507")), 5);
    ASSERT_EQ(g->board().distance(hex(*g, "0502"), hex(*g, "0514")), 12);
    ASSERT_EQ(g->board().distance(hex(*g, "0502"), hex(*g, "0520")), 18);
  }
  // The threat the imperial side fears and the lombard side is not credited with
  // (Clause_9_4_AThreatIsFearedByTheThreatenedSideAndNotCredited).
  auto risk = [&](const std::string& enemy) {
    const auto v = new_state(make_game(position(enemy, true)))->evaluate();
    return -(v[0] + v[1]);
  };
  // Within one move the lone supreme commander risks about half a 2d6 roll's chance of
  // losing; within two, less.
  EXPECT_GT(risk("0507"), 0.02);
  EXPECT_GT(risk("0507"), risk("0514") + 0.01);
  EXPECT_GT(risk("0514"), 0.005);
  // Negative: out of the enemy's reach for two moves he is not at risk.
  EXPECT_NEAR(risk("0520"), 0.0, 1e-9);
}

TEST(Bma_Evaluate, Clause_9_4_AThreatIsFearedByTheThreatenedSideAndNotCredited) {
  // A lombard cavalry unit within a move of Frederick's unguarded stack: the imperial side
  // fears a 2d6 roll that may never come; the lombard side is not credited with it, since its
  // unit has not attacked (and may not). A combat under way is another matter
  // (Clause_5_4_1_ACombatUnderWayCountsItsLeadersComingRoll).
  auto values = [](bool sudden) {
    auto j = scenario_json(
        {{"imperial", "infantry", "B", "0505"}, {"lombard", "cavalry", "B", "0510"}},
        {{"L0", "imperial", "0505", 2, true}, {"L1", "lombard", "1020", 2}}, {}, 10, 20);
    if (sudden) j["sides"][0]["routs_if_leader_killed"] = {"L0"};
    return new_state(make_game(j))->evaluate();
  };
  const auto threatened = values(true);
  const auto plain = values(false);
  EXPECT_LT(threatened[0], plain[0] - 0.02);
  // The imperial side's fear is not the lombard side's gain: the values no longer add to zero.
  EXPECT_LT(threatened[0] + threatened[1], -0.02);
  // Negative: a leader whose death ends nothing is worth his VP (2 x command, 8.1) to both
  // sides alike, so the values stay opposite.
  EXPECT_NEAR(plain[0] + plain[1], 0.0, 1e-12);
}

TEST(Bma_Evaluate, Clause_5_4_1_ACombatUnderWayCountsItsLeadersComingRoll) {
  // Frederick (L0) is stacked with the imperial infantry at 0505, next to a lombard unit. Once
  // his unit is declared as an attacker, his 2d6 roll (2 or 12 kills, 5.4.1) is certain to come,
  // and with 9.4 his death is a defeat: the evaluation counts it before the dice are rolled.
  auto before_and_during = [](bool supreme) {
    auto j =
        scenario_json({{"imperial", "infantry", "B", "0505"}, {"lombard", "infantry", "B", "0506"}},
                      {{"L0", "imperial", "0505", 2, true}, {"L1", "lombard", "1010", 2}});
    if (supreme) j["sides"][0]["routs_if_leader_killed"] = {"L0"};
    auto g = make_game(j);
    auto s = new_state(g);
    activate(*s, 0);
    if (s->phase() == Phase::kMoveSelect) play(*s, act::kEndMovement);
    EXPECT_EQ(s->phase(), Phase::kCombatTarget) << s->to_string();
    const double before = s->evaluate()[0];
    play(*s, act::kTargetBase + 1);
    play(*s, act::kAddAttackerBase + 0);
    EXPECT_EQ(s->phase(), Phase::kCombatBuild) << s->to_string();
    return std::pair<double, double>{before, s->evaluate()[0]};
  };
  const auto [before, during] = before_and_during(true);
  EXPECT_LT(during, before - 0.03);
  // Negative: a leader whose death ends nothing costs only his VP share (2 x command, 8.1).
  const auto [plain_before, plain_during] = before_and_during(false);
  EXPECT_LE(plain_during, plain_before);
  EXPECT_NEAR(plain_during, plain_before, 0.01);
}

TEST(Bma_Evaluate, Clause_5_1_2_SupportNextToTheAttackerLowersTheThreat) {
  // The imperial A infantry at 0504 faces the lombard B at 0505. A second lombard unit at
  // 0503 is also next to the attacker, which must then attack both (5.1.2, ruling L-6); at
  // 0506 it stands beside the defender only, which is no support against this attacker.
  auto position = [](const std::string& second) {
    return scenario_json({{"imperial", "infantry", "A", "0504"},
                          {"lombard", "infantry", "B", "0505"},
                          {"lombard", "infantry", "B", second}});
  };
  auto g = make_game(position("0503"));
  ASSERT_EQ(g->board().distance(hex(*g, "0503"), hex(*g, "0504")), 1);
  ASSERT_EQ(g->board().distance(hex(*g, "0506"), hex(*g, "0504")), 2);
  EXPECT_LT(imperial_score(position("0503")), imperial_score(position("0506")));
  EXPECT_LT(imperial_score(position("0503")), imperial_score(position("1010")));
}

TEST(Bma_Evaluate, Clause_5_3_DisorderedUnitsAreHalfwayToRout) {
  const auto j =
      scenario_json({{"imperial", "infantry", "B", "0101"}, {"lombard", "infantry", "B", "0510"}});
  const double even = imperial_score(j);
  EXPECT_LT(
      imperial_score(j, "",
                     [](BmaState& s) { s.debug_set_unit(0, s.unit(0).hex, Status::kDisordered); }),
      even);
  EXPECT_GT(
      imperial_score(j, "",
                     [](BmaState& s) { s.debug_set_unit(1, s.unit(1).hex, Status::kDisordered); }),
      even);
}

TEST(Bma_Evaluate, Clause_7_1_CommandRadiusCountsOnlyWhenTheOptionIsOn) {
  // L0 stands at 0101; the imperial unit is 1 or 8 hexes from him.
  auto position = [](const std::string& where) {
    return scenario_json(
        {{"imperial", "infantry", "B", where}, {"lombard", "infantry", "B", "1010"}},
        {{"L0", "imperial", "0101"}, {"L1", "lombard", "1010"}});
  };
  const double with_option = imperial_score(position("0102"), "command_radius") -
                             imperial_score(position("0109"), "command_radius");
  const double without = imperial_score(position("0102")) - imperial_score(position("0109"));
  EXPECT_GT(with_option, without + 0.01);
  // Negative: without the option, being far from the leader costs nothing more than the
  // distance to the enemy already says (here the far unit is the nearer to it).
  EXPECT_LT(without, 0.0);
}

TEST(Bma_Evaluate, Clause_5_1_4_AttackersNextToOneUnitAddUp) {
  // The lombard B infantry at 0505 has the imperial B infantry at 0504 beside it; alone that
  // attack is 1/1 and does not pay. A second imperial B next to 0505 (at 0506) makes it a
  // combined 2/1 attack (5.1.4 sums the attackers); one hex back (0503) it adds nothing.
  auto position = [](const std::string& second, bool support) {
    std::vector<P> units = {{"imperial", "infantry", "B", "0504"},
                            {"lombard", "infantry", "B", "0505"},
                            {"imperial", "infantry", "B", second}};
    // A lombard unit beside the second attacker joins the defence (5.1.2, ruling L-6).
    if (support) units.push_back({"lombard", "infantry", "B", "0507"});
    return scenario_json(units);
  };
  auto g = make_game(position("0506", false));
  ASSERT_EQ(g->board().distance(hex(*g, "0506"), hex(*g, "0505")), 1);
  ASSERT_EQ(g->board().distance(hex(*g, "0506"), hex(*g, "0504")), 2);
  ASSERT_EQ(g->board().distance(hex(*g, "0503"), hex(*g, "0505")), 2);
  ASSERT_EQ(g->board().distance(hex(*g, "0507"), hex(*g, "0505")), 2);
  const double together = imperial_score(position("0506", false));
  const double behind = imperial_score(position("0503", false));
  EXPECT_GT(together, behind + 0.01);
  // Negative: with the lombard support the combined attack is 1/1 again and pays nothing more
  // than standing back does.
  EXPECT_LT(imperial_score(position("0506", true)), imperial_score(position("0503", true)) + 0.005);
}

TEST(Bma_Evaluate, Clause_5_1_1_AnAttackTheActingCommandCanStillMakeWeighsMore) {
  // The lombard B infantry at 0505 stands between two imperial B infantry (0504, 0506): a
  // combined 2/1 attack that pays (Clause_5_1_4_AttackersNextToOneUnitAddUp). Once the
  // imperial command is activated its units can make that attack within the activation
  // (5.1.1), so it counts for more than while it waits for an activation to come.
  const auto j = scenario_json({{"imperial", "infantry", "B", "0504"},
                                {"lombard", "infantry", "B", "0505"},
                                {"imperial", "infantry", "B", "0506"}});
  auto score = [&](int activated) {
    auto g = make_game(j);
    auto s = new_state(g);
    if (activated >= 0) activate(*s, activated);
    return s->evaluate()[0];
  };
  const double waiting = score(-1);
  EXPECT_GT(score(0), waiting + 0.005);
  // Negative: the lombard command acting changes nothing for the imperial attack (its own
  // attacks on the imperial units, 1/2, do not pay and are not counted).
  EXPECT_NEAR(score(1), waiting, 1e-12);
}

TEST(Bma_Evaluate, Clause_9_3_2_ArmyIsDrawnTowardTheCarroccio) {
  // An imperial cavalry unit 18 or 9 hexes from the Carroccio (guarded by infantry, out of any
  // charge's reach either way): nearer is better for the imperial side when the Carroccio's
  // loss ends the game (9.3.2, 9.4), by more than the plain pull toward the nearest enemy.
  auto position = [](const std::string& where, bool sudden) {
    auto j = scenario_json({{"imperial", "cavalry", "B", where},
                            {"lombard", "carroccio", "A", "0520"},
                            {"lombard", "infantry", "B", "0420"}},
                           {}, {}, 10, 20);
    if (sudden) j["sides"][1]["routs_if_unit_eliminated"] = {"u1"};
    return j;
  };
  auto g = make_game(position("0502", true));
  ASSERT_EQ(g->board().distance(hex(*g, "0502"), hex(*g, "0520")), 18);
  ASSERT_EQ(g->board().distance(hex(*g, "0511"), hex(*g, "0520")), 9);
  const double pull =
      imperial_score(position("0511", true)) - imperial_score(position("0502", true));
  const double plain =
      imperial_score(position("0511", false)) - imperial_score(position("0502", false));
  EXPECT_GT(pull, plain + 0.004);
  // Negative: a Carroccio whose loss ends nothing draws no more than any enemy unit.
  EXPECT_LT(std::abs(plain), 0.01);
}

TEST(Bma_Evaluate, Clause_9_4_ArmyIsDrawnTowardTheSupremeCommander) {
  // The lombard cavalry is 9 or 4 hexes from Frederick (L0, stacked with imperial infantry).
  auto position = [](const std::string& where, bool sudden) {
    auto j =
        scenario_json({{"imperial", "infantry", "B", "0501"}, {"lombard", "cavalry", "B", where}},
                      {{"L0", "imperial", "0501", 2, true}, {"L1", "lombard", "1010", 2}});
    if (sudden) j["sides"][0]["routs_if_leader_killed"] = {"L0"};
    return j;
  };
  const double pull =
      imperial_score(position("0510", true)) - imperial_score(position("0505", true));
  const double plain =
      imperial_score(position("0510", false)) - imperial_score(position("0505", false));
  EXPECT_GT(pull, plain + 0.002);
  // Negative: a leader whose death ends nothing draws no more than the unit he stands with.
  EXPECT_LT(std::abs(plain), 0.01);
}

TEST(Bma_Evaluate, TerminalStatesScoreTheirReturns) {
  auto j = scenario_json({{"imperial", "cavalry", "A", "0504"},
                          {"lombard", "carroccio", "A", "0505"},
                          {"lombard", "infantry", "B", "0509"}});
  j["sides"][1]["routs_if_unit_eliminated"] = {"u1"};
  auto g = make_game(j);
  ASSERT_NE(g, nullptr);
  auto s = new_state(g);
  activate(*s, 0);
  if (s->phase() == Phase::kMoveSelect) play(*s, act::kEndMovement);
  play(*s, act::kTargetBase + 1);
  play(*s, act::kAddAttackerBase + 0);
  play(*s, act::kResolveCombat);
  ASSERT_TRUE(s->is_terminal());
  EXPECT_EQ(s->evaluate(), (std::vector<double>{1.0, -1.0}));
}

}  // namespace
}  // namespace carroccio::bma::testing
