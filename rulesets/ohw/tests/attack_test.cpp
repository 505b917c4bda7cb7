// Taking a scenario's goal (issue 19 point 3): the evaluation's terms and the candidate moves that
// let the attacker of a One-Hour Wargames scenario plan it (analysis.cpp; docs/ai.md, "One-Hour
// Wargames"). Each term has a case where it must apply and one where it must not.
#include <gtest/gtest.h>

#include "rulesets/ohw/tests/test_util.hpp"

namespace carroccio::ohw {
namespace {

using namespace testing;  // NOLINT(build/namespaces)

double blue_eval(const nlohmann::json& j) { return new_state(make_game(j))->evaluate()[0]; }

// S2-like: a river across the table at y 17-19 with a 6" ford at x 28-34 (its axis at x = 31);
// blue wins with one unit wholly in the south zone at the end.
nlohmann::json ford_scenario(const std::vector<U>& units) {
  auto j = scenario_json(units);
  j["terrain"] = {{{"id", "river_w"}, {"type", "river"}, {"rect", {0, 17, 28, 19}}},
                  {{"id", "ford"}, {"type", "ford"}, {"rect", {28, 17, 34, 19}}},
                  {{"id", "river_e"}, {"type", "river"}, {"rect", {34, 17, 36, 19}}},
                  {{"id", "south"}, {"type", "zone"}, {"rect", {0, 0, 36, 17}}}};
  j["victory"] = {{{"kind", "units_in_zone"}, {"side", "blue"}, {"zone", "south"}, {"count", 1}}};
  return j;
}

// The free placements among the candidates of blue unit 0 once picked, with where each ends.
std::vector<geo::Base> placements(const nlohmann::json& j) {
  auto s = new_state(make_game(j));
  play(*s, act::kSelectBase + 0);
  std::vector<game::Action> cand;
  s->agent_actions(cand);
  std::vector<geo::Base> out;
  for (game::Action a : cand)
    if (a >= act::kPlaceBase) {
      EXPECT_TRUE(s->check_unlisted(a).ok()) << s->action_to_string(a);
      auto b = s->placement_result(a);
      if (b) out.push_back(*b);
    }
  return out;
}

TEST(Ohw_Attack, Clause_0_7_AUnitLinesUpWithTheFordOnItsWayToTheGoal) {
  // A knight north-west of the ford, 5" off its axis: the listed moves turn by 15 degrees or
  // more and go by quarters of 12", so none puts its 4" base square on the 6" ford (0.7, 1.2 ii);
  // one candidate ends on the axis, short of the river, facing across it.
  const auto ends =
      placements(ford_scenario({{"blue", "knights", 26, 26, 270}, {"red", "levies", 2, 2, 90}}));
  ASSERT_EQ(ends.size(), 1u);
  EXPECT_NEAR(static_cast<double>(ends[0].centre().x), 31 * kInch, 0.3 * kInch);
  EXPECT_NEAR(static_cast<double>(ends[0].centre().y), 21.5 * kInch, 0.3 * kInch);
  EXPECT_EQ(ends[0].heading(), geo::Angle::degrees(270));
  // Negative: across the river already (in the zone), no crossing is on its way: none.
  EXPECT_TRUE(
      placements(ford_scenario({{"blue", "knights", 26, 10, 270}, {"red", "levies", 2, 30, 90}}))
          .empty());
}

TEST(Ohw_Attack, Clause_0_8_AUnitHalfOutOfTheZoneHasNotArrived) {
  // S2 counts units wholly within the zone (0.8, O-6): a levy whose base still reaches 0.5" over
  // the zone's edge is not there yet, one 3" inside is.
  auto zone = [](double y) {
    auto j = scenario_json({{"blue", "levies", 18, y, 270}, {"red", "levies", 2, 34, 270}});
    j["terrain"] = {{{"id", "south"}, {"type", "zone"}, {"rect", {0, 0, 36, 17}}}};
    j["victory"] = {{{"kind", "units_in_zone"}, {"side", "blue"}, {"zone", "south"}, {"count", 1}}};
    return blue_eval(j);
  };
  EXPECT_GT(zone(14), zone(16.5));
  // Arriving is a step, not a slope: a unit short of the zone counts for a share of its
  // closeness only (kOnTheWay), so 2.5" more that take it in are worth much more than the
  // closeness they add (about 0.02 of a 12-turn game's reach).
  EXPECT_GT(zone(14) - zone(16.5), 0.2);
  // Negative: deeper inside is no better than wholly inside.
  EXPECT_DOUBLE_EQ(zone(10), zone(6));
}

}  // namespace
}  // namespace carroccio::ohw
