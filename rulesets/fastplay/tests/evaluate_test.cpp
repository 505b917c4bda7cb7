// The fastplay evaluation and the agents' candidate moves (analysis.cpp): each term's direction
// with a case where it must not apply; mirrored positions evaluate to zero; the candidates are a
// sorted, non-empty subset of the legal actions. Every die is forced.
#include "core/rng.hpp"
#include "rulesets/fastplay/analysis.hpp"
#include "rulesets/fastplay/tests/test_util.hpp"

namespace carroccio::fastplay {
namespace {

using testing::at;
using testing::builtin_start;
using testing::U;

double value_a(const FastplayState& s) { return s.evaluate()[0]; }

// Mirrors a list of units of army a into army b across the line y = 50.
std::vector<U> mirrored(const std::vector<U>& a) {
  std::vector<U> out = a;
  for (const U& u : a)
    out.push_back({"b", u.type, u.x, 100 - u.y, (u.heading + 180) % 360, u.extra});
  return out;
}

const std::vector<U> kArmy = {{"a", "heavy_infantry", 30, 25, 90, {{"commander", true}}},
                              {"a", "archery", 55, 25, 90},
                              {"a", "heavy_cavalry", 80, 20, 90}};

TEST(FastplayEvaluate, MirroredArmiesEvaluateToZero) {
  auto s = testing::start(mirrored(kArmy));
  const auto v = s->evaluate();
  EXPECT_NEAR(v[0], 0.0, 1e-12);
  EXPECT_NEAR(v[1], 0.0, 1e-12);
  EXPECT_DOUBLE_EQ(v[0], -v[1]);
  // Still zero after both sides make the same moves (a mirrored position, later in the turn).
  testing::pass_to(*s, Phase::kMovement);
  testing::play(*s, act::kSelectBase + 0);
  testing::play(*s, move_action(0, 2));
  testing::play(*s, act::kPass);
  testing::play(*s, act::kSelectBase + 3);
  testing::play(*s, move_action(0, 2));
  testing::play(*s, act::kPass);
  ASSERT_NE(s->phase(), Phase::kMovement);
  EXPECT_NEAR(value_a(*s), 0.0, 1e-12);
  // Negative: take a stand from b and the mirror is broken, in a's favour.
  auto t = testing::start(mirrored(kArmy));
  t->debug_kill_stand(3, 3);
  EXPECT_GT(value_a(*t), 0.01);
}

TEST(FastplayEvaluate, Clause_F28_StandsLostCountAsAShareOfTheArmy) {
  // Army a: 2 units of 6 heavy infantry; b: 1 unit of 6 and a lone commander, far apart.
  const std::vector<U> units = {{"a", "heavy_infantry", 20, 10, 90, {{"stands", 6}}},
                                {"a", "heavy_infantry", 80, 10, 90, {{"stands", 6}}},
                                {"b", "heavy_infantry", 50, 90, 270, {{"stands", 6}}},
                                {"b", "heavy_infantry", 50, 97, 270, {{"lone_commander", true}}}};
  auto s = testing::start(units);
  const double base = value_a(*s);
  auto a_loses = testing::start(units);
  a_loses->debug_kill_stand(0, 5);
  auto b_loses = testing::start(units);
  b_loses->debug_kill_stand(2, 5);
  EXPECT_LT(value_a(*a_loses), base);
  EXPECT_GT(value_a(*b_loses), base);
  // One stand of b's 6 is a bigger share than one of a's 12.
  EXPECT_NEAR(evaluation_terms(*a_loses).share_lost[0], 1.0 / 12, 1e-12);
  EXPECT_NEAR(evaluation_terms(*b_loses).share_lost[1], 1.0 / 6, 1e-12);
  EXPECT_GT(value_a(*b_loses) - base, base - value_a(*a_loses));
  // Negative: a lone commander is not counted by the victory rule; losing it costs b only its
  // fighting value, less than a stand.
  auto cmd = testing::start(units);
  cmd->debug_kill_stand(3, 0);
  EXPECT_DOUBLE_EQ(evaluation_terms(*cmd).share_lost[1], 0.0);
  EXPECT_GT(value_a(*cmd), base);
  EXPECT_LT(value_a(*cmd), value_a(*b_loses));
}

TEST(FastplayEvaluate, Clause_F28_TheLastStandsBeforeTheBreakWeighMost) {
  // Two units of 6 a side: a one-stand lead near the break (b lost 5 of 12, a 4) is worth more
  // than the same lead at the start (b lost 1, a none).
  auto lead = [](int a_lost, int b_lost, int break_percent) {
    auto j = testing::scenario_json({{"a", "heavy_infantry", 20, 10, 90, {{"stands", 6}}},
                                     {"a", "heavy_infantry", 80, 10, 90, {{"stands", 6}}},
                                     {"b", "heavy_infantry", 20, 90, 270, {{"stands", 6}}},
                                     {"b", "heavy_infantry", 80, 90, 270, {{"stands", 6}}}});
    j["break_percent"] = break_percent;
    auto s = testing::new_state(testing::make_game(j));
    for (int i = 0; i < a_lost; ++i) s->debug_kill_stand(i % 2, 5 - i / 2);
    for (int i = 0; i < b_lost; ++i) s->debug_kill_stand(2 + i % 2, 5 - i / 2);
    return s;
  };
  EXPECT_GT(value_a(*lead(4, 5, 50)), value_a(*lead(0, 1, 50)));
  EXPECT_NEAR(evaluation_terms(*lead(4, 5, 50)).break_near[1], 5.0 / 6, 1e-12);
  // Negative: with a break at 100% of the stands the same losses are far from it.
  EXPECT_LT(evaluation_terms(*lead(4, 5, 100)).break_near[1], 0.5);
  EXPECT_LT(value_a(*lead(4, 5, 100)), value_a(*lead(4, 5, 50)));
}

TEST(FastplayEvaluate, Clause_F28_TheSameLeadWeighsMoreAsTheTurnsRunOut) {
  auto game = [](int turns, bool b_loses) {
    auto s = testing::new_state(testing::make_game(testing::scenario_json(
        {{"a", "heavy_infantry", 30, 10, 90}, {"b", "heavy_infantry", 30, 90, 270}}, {}, turns)));
    if (b_loses) s->debug_kill_stand(1, 3);
    return s;
  };
  const double long_game = value_a(*game(12, true)), last_turn = value_a(*game(1, true));
  EXPECT_GT(long_game, 0);
  EXPECT_GT(last_turn, long_game);
  EXPECT_LT(evaluation_terms(*game(1, true)).scale, evaluation_terms(*game(12, true)).scale);
  // Negative: without a lead the turns left change nothing.
  EXPECT_NEAR(value_a(*game(1, false)), 0.0, 1e-12);
  EXPECT_NEAR(value_a(*game(12, false)), 0.0, 1e-12);
}

// A unit of a (4 stands) front to front with one of b.
std::unique_ptr<FastplayState> in_contact(const std::string& a_type, const std::string& b_type,
                                          nlohmann::json a_extra = nlohmann::json::object(),
                                          nlohmann::json b_extra = nlohmann::json::object()) {
  auto s =
      testing::start({{"a", a_type, 50, 40, 90, a_extra}, {"b", b_type, 50, 80, 270, b_extra}});
  // Fronts touching: a's front at 40 + depth/2, b's centre half its depth beyond it.
  const std::int64_t da = stand_size(*troop_from_name(a_type)).depth;
  const std::int64_t db = stand_size(*troop_from_name(b_type)).depth;
  s->debug_place(1, at(50, 40) + geo::Vec{0, (da + db) / 2}, 270);
  return s;
}

TEST(FastplayEvaluate, Clause_10_1_MeleeInContactByTheTable) {
  // Heavy cavalry against light infantry: 4+ to eliminate, 6 to be eliminated (10.1).
  auto s = in_contact("heavy_cavalry", "light_infantry");
  ASSERT_TRUE(s->engaged(0));
  const EvalTerms t = evaluation_terms(*s);
  EXPECT_GT(t.melee[1], t.melee[0]);
  EXPECT_GT(t.melee[0], 0);
  EXPECT_GT(value_a(*s), 0.05);
  // Reversed: light infantry against heavy cavalry is the mirror, to b's advantage.
  EXPECT_LT(value_a(*in_contact("light_infantry", "heavy_cavalry")), -0.05);
  // Negative: like against like the table gives no edge: the same losses both ways, zero.
  auto even = in_contact("heavy_infantry", "heavy_infantry");
  ASSERT_TRUE(even->engaged(0));
  const EvalTerms e = evaluation_terms(*even);
  EXPECT_GT(e.melee[0], 0);
  EXPECT_NEAR(e.melee[0], e.melee[1], 1e-12);
  EXPECT_NEAR(value_a(*even), 0.0, 1e-12);
}

TEST(FastplayEvaluate, Clause_8_3_StandsStruckDownCountAsLost) {
  // a's heavy infantry strike b's: a 6 strikes a stand down, removed only at the phase's end.
  auto s = in_contact("heavy_infantry", "heavy_infantry");
  testing::pass_to(*s, Phase::kMelee);
  auto miss = s->clone();
  testing::play(*s, testing::fight(0));
  for (int d : {6, 1, 1, 1}) testing::roll(*s, d);
  ASSERT_EQ(s->alive_stands(1), 4);  // still on the table
  EXPECT_DOUBLE_EQ(evaluation_terms(*s).struck[1], 1.0);
  // Negative: all four dice missed: nothing struck down.
  auto& m = static_cast<FastplayState&>(*miss);
  testing::play(m, testing::fight(0));
  for (int d : {1, 1, 1, 1}) testing::roll(m, d);
  EXPECT_DOUBLE_EQ(evaluation_terms(m).struck[1], 0.0);
  EXPECT_GT(value_a(*s), value_a(m));
}

TEST(FastplayEvaluate, Clause_10_3_FlankContactWeighsMore) {
  // a's front on b's left flank (as in Clause_Melee_FlankAttackBonus): +1 to a's dice.
  auto flank =
      testing::start({{"a", "heavy_infantry", 50, 40, 90}, {"b", "heavy_infantry", 50, 90, 270}});
  flank->debug_place(1, at(50, 47), 180);
  ASSERT_TRUE(flank->engaged(0));
  const EvalTerms t = evaluation_terms(*flank);
  EXPECT_GT(t.melee[1], t.melee[0]);
  EXPECT_GT(value_a(*flank), 0);
  // Negative: the same bases with the sides swapped: b's front on a's flank, b gains.
  auto swapped =
      testing::start({{"b", "heavy_infantry", 50, 40, 90}, {"a", "heavy_infantry", 50, 90, 270}});
  swapped->debug_place(1, at(50, 47), 180);
  EXPECT_LT(value_a(*swapped), 0);
  EXPECT_NEAR(value_a(*swapped), -value_a(*flank), 1e-12);
}

TEST(FastplayEvaluate, Clause_6_1_ChargesInReachThatGain) {
  // Charge phase: a's heavy cavalry 9.5 cm from b's light infantry, both facing each other.
  auto near =
      testing::start({{"a", "heavy_cavalry", 50, 40, 90}, {"b", "light_infantry", 50, 53, 270}});
  testing::pass_to(*near, Phase::kCharge);
  ASSERT_TRUE(near->charge_result(0, 1, geo::Side::kFront).has_value());
  EXPECT_GT(evaluation_terms(*near).charge[1], 0);
  EXPECT_GT(value_a(*near), 0);
  // Negative: 41.5 cm apart, beyond a move and a charge (2 x 20 cm, 4.2, 6.1): no charge term
  // (the Movement phase: both may still move).
  auto far =
      testing::start({{"a", "heavy_cavalry", 50, 20, 90}, {"b", "light_infantry", 50, 64, 270}});
  ASSERT_EQ(far->phase(), Phase::kMovement);
  EXPECT_DOUBLE_EQ(evaluation_terms(*far).charge[1], 0.0);
  // ... while 30 cm apart it is in reach of a move and a charge.
  auto soon =
      testing::start({{"a", "heavy_cavalry", 50, 30, 90}, {"b", "light_infantry", 50, 64, 270}});
  ASSERT_EQ(soon->phase(), Phase::kMovement);
  EXPECT_GT(evaluation_terms(*soon).charge[1], 0.0);
  // Negative: a charge that would cost more than it wins is not counted: a's light infantry in
  // reach of b's heavy cavalry (which faces away and cannot charge back).
  auto bad =
      testing::start({{"a", "light_infantry", 50, 40, 90}, {"b", "heavy_cavalry", 50, 50, 90}});
  testing::pass_to(*bad, Phase::kCharge);
  ASSERT_TRUE(bad->charge_result(0, 1, geo::Side::kBack).has_value());
  EXPECT_DOUBLE_EQ(evaluation_terms(*bad).charge[1], 0.0);
  EXPECT_DOUBLE_EQ(evaluation_terms(*bad).charge[0], 0.0);
}

TEST(FastplayEvaluate, Clause_7_1_CavalryThatMayEvadeFearsFootChargesLess) {
  // a's heavy infantry may charge b's light cavalry (as in Clause_Cavalry_EvadesInfantryCharge).
  auto fresh =
      testing::start({{"a", "heavy_infantry", 50, 40, 90}, {"b", "light_cavalry", 50, 52, 270}});
  testing::pass_to(*fresh, Phase::kCharge);
  auto evaded = fresh->clone();
  auto& e = static_cast<FastplayState&>(*evaded);
  e.debug_set_flags(1, kEvaded);  // it has evaded once this turn: no more (7.1)
  EXPECT_GT(evaluation_terms(*fresh).charge[1], 0);
  EXPECT_LT(evaluation_terms(*fresh).charge[1], evaluation_terms(e).charge[1]);
  // Negative: against a cavalry charger evading is no answer: the flag changes nothing.
  auto horse =
      testing::start({{"a", "heavy_cavalry", 50, 40, 90}, {"b", "light_cavalry", 50, 53, 270}});
  testing::pass_to(*horse, Phase::kCharge);
  auto horse_evaded = horse->clone();
  static_cast<FastplayState&>(*horse_evaded).debug_set_flags(1, kEvaded);
  EXPECT_GT(evaluation_terms(*horse).charge[1], 0);
  EXPECT_DOUBLE_EQ(evaluation_terms(*horse).charge[1],
                   evaluation_terms(static_cast<FastplayState&>(*horse_evaded)).charge[1]);
}

TEST(FastplayEvaluate, Clause_5_2_ArcheryInRange) {
  // a's archers 28 cm from b's heavy infantry (Clause_Archery_DicePerStandSingleTargetRange).
  auto s = testing::start({{"a", "archery", 50, 40, 90}, {"b", "heavy_infantry", 50, 70, 270}});
  ASSERT_TRUE(s->may_shoot_at(0, 1));
  const EvalTerms t = evaluation_terms(*s);
  EXPECT_GT(t.archery[1], 0);
  EXPECT_DOUBLE_EQ(t.archery[0], 0.0);
  // Negative: 42 cm between fronts is out of range.
  auto far = testing::start({{"a", "archery", 50, 40, 90}, {"b", "heavy_infantry", 50, 84, 270}});
  EXPECT_DOUBLE_EQ(evaluation_terms(*far).archery[1], 0.0);
  // Negative: archers facing away have no target in their arc (F-12).
  auto away = testing::start({{"a", "archery", 50, 40, 270}, {"b", "heavy_infantry", 50, 70, 270}});
  EXPECT_DOUBLE_EQ(evaluation_terms(*away).archery[1], 0.0);
}

TEST(FastplayEvaluate, Clause_10_2_CoverAndWarMachines) {
  // The same archers against b in woods: a point harder to hit (10.2, F-13).
  auto open = testing::start({{"a", "archery", 50, 40, 90}, {"b", "light_infantry", 50, 70, 270}});
  auto woods = testing::start({{"a", "archery", 50, 40, 90}, {"b", "light_infantry", 50, 70, 270}},
                              {{"woods", {30, 65, 70, 80}}});
  ASSERT_TRUE(woods->in_cover(1));
  EXPECT_GT(evaluation_terms(*open).archery[1], evaluation_terms(*woods).archery[1]);
  EXPECT_GT(evaluation_terms(*woods).archery[1], 0);
  // A ballista 50 cm away hits (70 cm range); 80 cm away it does not.
  auto in_range =
      testing::start({{"a", "ballista", 50, 10, 90}, {"b", "heavy_infantry", 50, 62, 270}});
  auto beyond =
      testing::start({{"a", "ballista", 50, 10, 90}, {"b", "heavy_infantry", 50, 92, 270}});
  EXPECT_GT(evaluation_terms(*in_range).archery[1], 0);
  EXPECT_DOUBLE_EQ(evaluation_terms(*beyond).archery[1], 0.0);
}

TEST(FastplayEvaluate, Clause_5_3_TurnedArchersAreWorthLess) {
  // a shoots at b's heavy infantry (6s only): a 1 turns an archer stand, the other dice miss.
  auto s = testing::start({{"a", "archery", 50, 40, 90}, {"b", "heavy_infantry", 50, 70, 270}});
  auto other = s->clone();
  testing::play(*s, testing::shoot(0, 1));
  testing::roll(*s, 1);
  testing::turn_about(*s, 0);  // the shooting side picks the stand turned (ruling F-14)
  for (int d : {2, 2, 2}) testing::roll(*s, d);
  auto& o = static_cast<FastplayState&>(*other);
  testing::play(o, testing::shoot(0, 1));
  for (int d : {2, 2, 2, 2}) testing::roll(o, d);
  ASSERT_TRUE(s->unit(0).stands[0].turned);
  EXPECT_LT(evaluation_terms(*s).power[0], evaluation_terms(o).power[0]);
  // Negative: the target's power is the same either way (no stand of b was hit).
  EXPECT_DOUBLE_EQ(evaluation_terms(*s).power[1], evaluation_terms(o).power[1]);
}

TEST(FastplayEvaluate, Clause_11_1_ACommanderAddsADieInMelee) {
  const nlohmann::json cmd = {{"commander", true}};
  auto s = in_contact("heavy_infantry", "heavy_infantry", cmd);
  ASSERT_TRUE(s->engaged(0));
  const EvalTerms t = evaluation_terms(*s);
  EXPECT_GT(t.melee[1], t.melee[0]);
  EXPECT_GT(value_a(*s), 0);
  // Negative: a commander on each side: even again.
  EXPECT_NEAR(value_a(*in_contact("heavy_infantry", "heavy_infantry", cmd, cmd)), 0.0, 1e-12);
}

TEST(FastplayEvaluate, Clause_11_4_TheSupremeCommanderWeighsMoreUnderTheOption) {
  const std::vector<U> units = {
      {"a", "heavy_infantry", 30, 10, 90},
      {"b", "heavy_infantry", 30, 90, 270},
      {"b", "heavy_cavalry", 70, 95, 270, {{"lone_commander", true}, {"supreme", true}}}};
  auto plain = testing::start(units);
  auto optional = testing::start(units, {}, "supreme_commander");
  // Negative: while it lives, the option changes nothing.
  EXPECT_NEAR(value_a(*optional), value_a(*plain), 1e-12);
  // Its loss costs b more when it limits b's moves (11.4).
  plain->debug_kill_stand(2, 0);
  optional->debug_kill_stand(2, 0);
  EXPECT_GT(value_a(*plain), 0);
  EXPECT_GT(value_a(*optional), value_a(*plain));
}

// ---------------------------------------------------------------------------------------------
// Candidate moves

bool subset_of_legal(const FastplayState& s, const std::vector<game::Action>& cand) {
  const auto legal = s.legal_actions();
  return std::all_of(cand.begin(), cand.end(), [&](game::Action a) {
    return std::binary_search(legal.begin(), legal.end(), a);
  });
}

TEST(FastplayAgentActions, Clause_4_APickedUnitGetsFewerMovesTowardTheEnemy) {
  // a's heavy infantry at (20, 20) facing up; b's unit to the right, 60 cm away.
  auto s =
      testing::start({{"a", "heavy_infantry", 20, 20, 90}, {"b", "light_infantry", 80, 20, 180}});
  testing::pass_to(*s, Phase::kMovement);
  testing::play(*s, act::kSelectBase + 0);
  const auto legal = s->legal_actions();
  std::vector<game::Action> cand;
  s->agent_actions(cand);
  EXPECT_TRUE(std::is_sorted(cand.begin(), cand.end()));
  EXPECT_TRUE(std::adjacent_find(cand.begin(), cand.end()) == cand.end());
  EXPECT_TRUE(subset_of_legal(*s, cand));
  EXPECT_LT(cand.size(), legal.size());
  EXPECT_TRUE(std::binary_search(cand.begin(), cand.end(), act::kMoveBase));  // hold
  // Toward the enemy: turn -90 (kTurns[4]) and a full move.
  EXPECT_TRUE(std::binary_search(cand.begin(), cand.end(), move_action(4, 4)));
  // Negative: a quarter move after turning +45 (away from it) is not offered.
  ASSERT_TRUE(std::binary_search(legal.begin(), legal.end(), move_action(1, 1)));
  EXPECT_FALSE(std::binary_search(cand.begin(), cand.end(), move_action(1, 1)));
  // Negative: no unit picked: nothing is pruned.
  auto t =
      testing::start({{"a", "heavy_infantry", 20, 20, 90}, {"b", "light_infantry", 80, 20, 180}});
  testing::pass_to(*t, Phase::kMovement);
  std::vector<game::Action> all;
  t->agent_actions(all);
  EXPECT_EQ(all, t->legal_actions());
}

TEST(FastplayAgentActions, EveryDecisionOfWholeGamesHasANonEmptyLegalSubset) {
  // Games of each scenario played by choosing among the candidates: at every decision they are
  // a sorted, non-empty subset of the legal actions. The generator only picks one of them; the
  // property holds for any choice.
  for (const char* id : {"meadow", "mill", "ford"}) {
    auto st = builtin_start(id);
    ASSERT_NE(st, nullptr) << id;
    st->set_record_history(false);
    core::Rng rng(11);
    std::vector<game::Action> cand;
    int decisions = 0, pruned = 0;
    while (!st->is_terminal() && decisions < 100) {
      if (st->is_chance_node()) {
        const auto o = st->chance_outcomes();
        st->apply_unchecked(o[static_cast<std::size_t>(rng.uniform(o.size()))].action);
        continue;
      }
      st->agent_actions(cand);
      const auto legal = st->legal_actions();
      ASSERT_FALSE(cand.empty()) << id << "\n" << st->to_string();
      ASSERT_TRUE(std::is_sorted(cand.begin(), cand.end()));
      ASSERT_TRUE(subset_of_legal(static_cast<const FastplayState&>(*st), cand)) << id;
      pruned += cand.size() < legal.size() ? 1 : 0;
      ASSERT_TRUE(st->apply(cand[static_cast<std::size_t>(rng.uniform(cand.size()))]).ok());
      ++decisions;
    }
    EXPECT_EQ(decisions, 100) << id;
    EXPECT_GT(pruned, 0) << id;
  }
}

}  // namespace
}  // namespace carroccio::fastplay
