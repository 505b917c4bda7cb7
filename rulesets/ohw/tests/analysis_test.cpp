// The ohw evaluation and the agents' candidate moves (analysis.cpp): each term's direction, with
// a case where it must not apply; the candidates are a non-empty subset of the legal actions
// that keeps every charge.
#include <gtest/gtest.h>

#include <algorithm>
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
