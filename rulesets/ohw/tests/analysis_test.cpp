// The ohw evaluation and the agents' candidate moves (analysis.cpp): each term's direction, with
// a case where it must not apply; the candidates are a non-empty subset of the legal actions
// that keeps every charge.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "rulesets/ohw/tests/test_util.hpp"

namespace carroccio::ohw {
namespace {

using namespace testing;  // NOLINT(build/namespaces)
using geo::Side;

double blue_value(const std::vector<U>& units, const std::vector<T>& terrain = {},
                  nlohmann::json extra = nlohmann::json::object()) {
  auto j = scenario_json(units, terrain);
  j.update(extra);
  auto s = new_state(make_game(j));
  return s->evaluate()[0];
}

// Unit 0: a blue levy at the centre facing north (heading 90). Blue is to move, so red's threats
// are the ones met next.
TEST(Ohw_Evaluate, Clause_3_2_iii_AUnitOpenToAFlankChargeEvaluatesWorse) {
  // A red knight 8" away (within its 12" charge, beyond the levy's 6"), facing the levy: off
  // its left flank a charge would double the hits (3.2 iii); ahead of it, not.
  const double flank = blue_value({{"blue", "levies", 18, 18, 90}, {"red", "knights", 8, 18, 0}});
  const double front =
      blue_value({{"blue", "levies", 18, 18, 90}, {"red", "knights", 18, 28, 270}});
  EXPECT_LT(flank, front);
  // Negative: 20" away neither can charge (1.1, 1.8): no threat, the same evaluation.
  const double far_flank =
      blue_value({{"blue", "levies", 18, 18, 90}, {"red", "knights", 34, 2, 90}});
  const double far_front =
      blue_value({{"blue", "levies", 18, 18, 90}, {"red", "knights", 2, 34, 270}});
  EXPECT_DOUBLE_EQ(far_flank, far_front);
  // And a knight facing away (its charge needs the target ahead, 1.8 i) threatens nothing.
  const double away = blue_value({{"blue", "levies", 18, 18, 90}, {"red", "knights", 8, 18, 180}});
  EXPECT_GT(away, flank);
  EXPECT_DOUBLE_EQ(away, far_flank);
}

TEST(Ohw_Evaluate, Clause_2_0_ArchersWithATargetInRangeAndArc) {
  // Red archers 8" north of a blue levy, facing it: a shot is open (2.1, 2.2).
  const double aimed =
      blue_value({{"blue", "levies", 18, 10, 270}, {"red", "archers", 18, 18, 270}});
  const double far = blue_value({{"blue", "levies", 18, 2, 270}, {"red", "archers", 18, 34, 270}});
  EXPECT_LT(aimed, far);
  // Negative: the same archers facing away shoot at nothing (0.5): as if far off.
  const double behind =
      blue_value({{"blue", "levies", 18, 10, 270}, {"red", "archers", 18, 18, 90}});
  EXPECT_DOUBLE_EQ(behind, far);
}

TEST(Ohw_Evaluate, Clause_4_HitsTakenWeighByUnitValue) {
  // The same 6 hits cost more on knights than on levies (value), and 15 hits remove a unit.
  auto hit = [](const std::string& type, int hits) {
    auto s = new_state(make_game(scenario_json({{"blue", type, 4, 4, 90},
                                                {"blue", "levies", 32, 4, 90},
                                                {"red", "levies", 18, 34, 270}})));
    s->debug_place(0, at(4, 4), 90, hits);
    return s->evaluate()[0];
  };
  EXPECT_LT(hit("knights", 6), hit("knights", 0));
  EXPECT_LT(hit("knights", 6) - hit("knights", 0), hit("levies", 6) - hit("levies", 0));
  // Negative: past 15 a unit is worth nothing more to lose (4).
  EXPECT_DOUBLE_EQ(hit("knights", 15), hit("knights", 20));
}

nlohmann::json wagon_objective() {
  return {
      {"terrain", {{{"id", "wagon"}, {"type", "objective"}, {"rect", {16, 16, 20, 18}}}}},
      {"victory",
       {{{"kind", "objective_contact"}, {"side", "blue"}, {"objective", "wagon"}, {"radius", 4}},
        {{"kind", "break"}, {"side", "red"}, {"count", 4}}}},
      {"at_end", "red"}};
}

TEST(Ohw_Evaluate, Objective_HeldEvaluatesBetterThanFarAndDeniedByAnEnemyNear) {
  // S1-like: blue wins by touching the objective with no red unit within 4" (O-29, O-39).
  const std::vector<U> touching = {{"blue", "knights", 18, 19, 270}, {"red", "levies", 2, 2, 90}};
  const std::vector<U> far = {{"blue", "knights", 18, 34, 270}, {"red", "levies", 2, 2, 90}};
  const std::vector<U> denied = {{"blue", "knights", 18, 19, 270}, {"red", "levies", 18, 13, 90}};
  const double t = blue_value(touching, {}, wagon_objective());
  EXPECT_GT(t, blue_value(far, {}, wagon_objective()));
  EXPECT_GT(t, blue_value(denied, {}, wagon_objective()));
}

TEST(Ohw_Evaluate, Objective_OutOfReachInTheTurnsLeftEarnsNothing) {
  // On the last turn a levy 12" or 14" from the objective cannot reach it (6" a move).
  auto last_turn = [](double y) {
    auto j = scenario_json({{"blue", "levies", 18, y, 270}, {"red", "levies", 2, 2, 90}});
    j.update(wagon_objective());
    j["turns"] = 1;
    return new_state(make_game(j))->evaluate()[0];
  };
  EXPECT_DOUBLE_EQ(last_turn(33), last_turn(35));
  // Negative: within reach, nearer is better.
  EXPECT_GT(last_turn(22), last_turn(25));
}

// Blue's score less red's, in unit values, from the squashed evaluation (tanh(d / 3), far from
// the clamp here): terms that add a constant then compare exactly.
double blue_lead(const std::vector<U>& units, nlohmann::json extra) {
  return 3.0 * std::atanh(blue_value(units, {}, std::move(extra)));
}

// The same wagon, but nothing to win by it (only red's break): the objective terms are absent.
nlohmann::json wagon_without_objective() {
  auto j = wagon_objective();
  j["victory"] = {{{"kind", "break"}, {"side", "red"}, {"count", 4}}};
  return j;
}

// S1 (O-39): the win needs a unit in contact with the wagon, not one merely near it.
TEST(Ohw_Evaluate, Objective_O39_ContactWithTheRadiusClearIsWorthMoreThanStandingOff) {
  // A blue knight facing north with its rear edge on the wagon's north side (y 18), and one
  // half an inch off it; a red levy far away.
  const std::vector<U> touching = {{"blue", "knights", 18, 19, 90}, {"red", "levies", 2, 2, 90}};
  const std::vector<U> off = {{"blue", "knights", 18, 19.5, 90}, {"red", "levies", 2, 2, 90}};
  EXPECT_GT(blue_value(touching, {}, wagon_objective()), blue_value(off, {}, wagon_objective()));
  // Negative: a red unit touching the wagon earns nothing; it denies it as much as one half an
  // inch off (both within the 4" radius).
  const std::vector<U> red_touching = {{"blue", "knights", 18, 34, 270},
                                       {"red", "levies", 18, 15, 270}};
  const std::vector<U> red_off = {{"blue", "knights", 18, 34, 270},
                                  {"red", "levies", 18, 14.5, 270}};
  EXPECT_DOUBLE_EQ(blue_value(red_touching, {}, wagon_objective()),
                   blue_value(red_off, {}, wagon_objective()));
}

// S1 (O-39): a red unit denies the wagon by being within 4" of it; one a move beyond the radius
// may yet come back, one further cannot before the next check.
TEST(Ohw_Evaluate, Objective_O39_AnEnemyDeniesAsItIsNearTheRadius) {
  // Blue touches the wagon's north side facing away; a red levy (6" a move) south of the wagon
  // facing away from it, its front edge 2", 7", 12" or 13" from the wagon.
  auto with_levy_at = [](double gap) {
    return blue_value({{"blue", "knights", 18, 19, 90}, {"red", "levies", 18, 16 - gap - 1, 270}},
                      {}, wagon_objective());
  };
  EXPECT_LT(with_levy_at(2), with_levy_at(7));
  EXPECT_LT(with_levy_at(7), with_levy_at(12));
  // Negative: beyond the radius and its move (4" + 6"), nearer or further is the same.
  EXPECT_DOUBLE_EQ(with_levy_at(12), with_levy_at(13));
}

// S1 (O-39, 4): the wagon is cleared by removing its guards, so every blow landing on a guard
// counts toward it, not only each unit's best one.
TEST(Ohw_Evaluate, Objective_O39_BlowsConcentratedOnAGuardCount) {
  // A red levy 3" south of the wagon (within its 4"), a blue knight on its east flank; a second
  // knight on its west flank or far away. A blue knight touches the wagon in both.
  auto lead = [](double levy_y, bool two, const nlohmann::json& extra) {
    std::vector<U> u = {{"blue", "knights", 18, 19, 90},
                        {"red", "levies", 18, levy_y, 270},
                        {"blue", "knights", 21, levy_y, 180}};
    u.push_back(two ? U{"blue", "knights", 15, levy_y, 0} : U{"blue", "knights", 2, 34, 90});
    // Red men-at-arms in the far corners, out of everything, keep the lead off the clamp.
    for (double x : {2.0, 7.0, 29.0, 34.0}) u.push_back({"red", "men_at_arms", x, 2, 270});
    return blue_lead(u, extra);
  };
  const double gain_objective =
      lead(12, true, wagon_objective()) - lead(12, false, wagon_objective());
  const double gain_plain =
      lead(12, true, wagon_without_objective()) - lead(12, false, wagon_without_objective());
  EXPECT_GT(gain_objective, gain_plain + 0.05);
  // Negative: the same pair of knights on a levy 12" south of the wagon (beyond its radius and
  // move) gains nothing toward the wagon.
  const double far_objective = lead(3, true, wagon_objective()) - lead(3, false, wagon_objective());
  const double far_plain =
      lead(3, true, wagon_without_objective()) - lead(3, false, wagon_without_objective());
  EXPECT_NEAR(far_objective, far_plain, 1e-9);
}

// S1 "Oath": a red unit within 4" of the wagon halves the melee hits it takes, so the blows
// expected on it are halved too.
TEST(Ohw_Evaluate, ScenarioS1_Oath_HalvesTheBlowsExpectedOnASwornUnitNearTheWagon) {
  auto with_oath = [](bool oath) {
    auto j = wagon_without_objective();
    if (oath) j["oath"] = {{"side", "red"}, {"radius", 4}};
    return j;
  };
  // A blue knight in contact with the east flank of a red levy 3" south of the wagon.
  const std::vector<U> near = {{"blue", "knights", 21, 12, 180}, {"red", "levies", 18, 12, 270}};
  EXPECT_LT(blue_value(near, {}, with_oath(true)), blue_value(near, {}, with_oath(false)));
  // Negative: the same fight 12" from the wagon is beyond the oath's 4".
  const std::vector<U> far = {{"blue", "knights", 21, 3, 180}, {"red", "levies", 18, 3, 270}};
  EXPECT_DOUBLE_EQ(blue_value(far, {}, with_oath(true)), blue_value(far, {}, with_oath(false)));
}

TEST(Ohw_Evaluate, Zone_DistanceGoesAroundTheRiverByTheCrossing) {
  // Blue must get a unit into the south zone across a river with one ford (S2-like). Two blue
  // levies the same straight distance from the zone: the one at the ford is nearer by path.
  nlohmann::json extra = {
      {"terrain",
       {{{"id", "river_w"}, {"type", "river"}, {"rect", {0, 17, 28, 19}}},
        {{"id", "ford"}, {"type", "ford"}, {"rect", {28, 17, 34, 19}}},
        {{"id", "river_e"}, {"type", "river"}, {"rect", {34, 17, 36, 19}}},
        {{"id", "south"}, {"type", "zone"}, {"rect", {0, 0, 36, 17}}}}},
      {"victory",
       {{{"kind", "units_in_zone"}, {"side", "blue"}, {"zone", "south"}, {"count", 1}}}}};
  const double at_ford =
      blue_value({{"blue", "levies", 31, 22, 270}, {"red", "levies", 2, 34, 270}}, {}, extra);
  const double at_river =
      blue_value({{"blue", "levies", 6, 22, 270}, {"red", "levies", 2, 34, 270}}, {}, extra);
  EXPECT_GT(at_ford, at_river);
  // Negative: with no river the two places are as near as each other.
  extra["terrain"] = {{{"id", "south"}, {"type", "zone"}, {"rect", {0, 0, 36, 17}}}};
  const double open_a =
      blue_value({{"blue", "levies", 31, 22, 270}, {"red", "levies", 2, 34, 270}}, {}, extra);
  const double open_b =
      blue_value({{"blue", "levies", 6, 22, 270}, {"red", "levies", 2, 34, 270}}, {}, extra);
  EXPECT_NEAR(open_a, open_b, 1e-9);
}

// ---- Candidate moves ----

// Each candidate is listed by legal_actions() or accepted by check_unlisted() (a free placement,
// game/state.hpp's agent_actions contract).
bool subset_of_legal(const OhwState& s, const std::vector<game::Action>& cand) {
  const auto legal = s.legal_actions();
  return std::all_of(cand.begin(), cand.end(), [&](game::Action a) {
    return std::binary_search(legal.begin(), legal.end(), a) || s.check_unlisted(a).ok();
  });
}

TEST(Ohw_AgentActions, APickedUnitGetsFewerChoicesWithEveryChargeAndHold) {
  // A blue knight that may charge a red levy ahead (1.8).
  auto s = new_state(
      make_game(scenario_json({{"blue", "knights", 18, 10, 90}, {"red", "levies", 18, 18, 270}})));
  play(*s, act::kSelectBase + 0);
  const auto legal = s->legal_actions();
  std::vector<game::Action> cand;
  s->agent_actions(cand);
  EXPECT_TRUE(std::is_sorted(cand.begin(), cand.end()));
  EXPECT_TRUE(std::adjacent_find(cand.begin(), cand.end()) == cand.end());
  EXPECT_TRUE(subset_of_legal(*s, cand));
  EXPECT_LT(cand.size() * 3, legal.size());  // far fewer than the full grid
  EXPECT_TRUE(std::binary_search(cand.begin(), cand.end(), act::kMoveBase + act::kHold));
  int charges = 0;
  for (game::Action a : legal)
    if (a >= act::kMoveBase + act::kChargeCode && a < act::kMoveBase + act::kFaceCode) {
      ++charges;
      EXPECT_TRUE(std::binary_search(cand.begin(), cand.end(), a)) << s->action_to_string(a);
    }
  EXPECT_GE(charges, 1);
  // Negative: outside a picked unit's move nothing is pruned (unit choice, shots, melee).
  auto t = new_state(
      make_game(scenario_json({{"blue", "knights", 18, 10, 90}, {"red", "levies", 18, 18, 270}})));
  std::vector<game::Action> all;
  t->agent_actions(all);
  EXPECT_EQ(all, t->legal_actions());
}

TEST(Ohw_AgentActions, EveryDecisionOfWholeGamesHasANonEmptyLegalSubset) {
  // Whole games of S1 to S3 played by an agent choosing among the candidates: at every decision
  // the candidates are a sorted, non-empty subset of the legal actions (any choice sequence
  // must satisfy this; the generator only picks one).
  for (const char* id : {"s1", "s2", "s3"}) {
    int decisions = 0;
    random_decisions(
        id, 7, std::numeric_limits<int>::max(),
        [&](const game::State& st, int, const std::vector<game::Action>* cand) {
          if (!cand) return true;
          if (decisions == 400) return false;
          EXPECT_FALSE(cand->empty()) << id << "\n" << st.to_string();
          EXPECT_TRUE(std::is_sorted(cand->begin(), cand->end()));
          EXPECT_TRUE(subset_of_legal(static_cast<const OhwState&>(st), *cand)) << id;
          ++decisions;
          return !::testing::Test::HasFailure();
        },
        Choose::kAgent);
    EXPECT_GT(decisions, 20) << id;
  }
}

}  // namespace
}  // namespace carroccio::ohw
