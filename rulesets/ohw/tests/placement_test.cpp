// Free placement (board.cpp): a person drops the picked unit anywhere the movement rules
// (1.0-1.5) let it go. Each clause with a drop it allows and one it refuses; a placement is not
// listed by legal_actions() but apply() accepts it, records replay it, and the board gets the
// reach and every candidate's resulting base.
#include <gtest/gtest.h>

#include "game/record.hpp"
#include "game/registry.hpp"
#include "rulesets/ohw/tests/test_util.hpp"

namespace carroccio::ohw {
namespace {

using namespace testing;  // NOLINT(build/namespaces)

// Direction in degrees, distance in inches (a multiple of 1/4), final heading in degrees.
game::Action place(int direction, double distance, int heading) {
  return place_code(direction, static_cast<int>(distance * 4 + 0.5), heading / 5);
}

struct PlacementBench {
  std::shared_ptr<const OhwGame> g;
  std::unique_ptr<OhwState> s;
  explicit PlacementBench(const std::vector<U>& units, const std::vector<T>& terrain = {},
                          const nlohmann::json& roads = nullptr) {
    auto j = scenario_json(units, terrain);
    if (!roads.is_null()) j["roads"] = roads;
    g = make_game(j);
    s = new_state(g);
  }
  void select(int u) { play(*s, act::kSelectBase + u); }
  // Applies a placement: its refusal sentence, or "" when accepted.
  std::string drop(game::Action a) {
    const std::string before = s->to_string();
    auto st = s->apply(a);
    if (!st.ok()) {
      EXPECT_EQ(s->to_string(), before);  // a refusal changes nothing
    }
    return st.ok() ? std::string() : st.message();
  }
};

TEST(Ohw_FreePlacement, Clause_1_0_AUnitIsDroppedOffTheCandidateGrid) {
  PlacementBench b({{"blue", "levies", 10, 4, 90},
                    {"blue", "levies", 26, 4, 90},
                    {"red", "levies", 18, 34, 270}});
  b.select(0);
  const game::Action a = place(90, 4.25, 90);  // 4.25" north: no candidate goes there
  EXPECT_FALSE(is_legal(*b.s, a));             // not listed: agents keep to the candidates
  EXPECT_TRUE(b.s->check_unlisted(a).ok());
  EXPECT_EQ(b.drop(a), "");
  EXPECT_EQ(b.s->unit(0).base.centre(), at(10, 8.25));
  EXPECT_EQ(b.s->unit(0).base.heading(), geo::Angle::degrees(90));
  EXPECT_TRUE(b.s->unit(0).flags & kMoved);  // 1.6: it may not shoot
  EXPECT_EQ(b.s->selected(), -1);
  // Negative: without a unit picked there is nothing to place.
  EXPECT_NE(b.drop(place(90, 1, 90)), "");
}

TEST(Ohw_FreePlacement, Clause_1_1_TheAllowanceLimitsTheDrop) {
  PlacementBench b({{"blue", "levies", 10, 4, 90},
                    {"blue", "knights", 24, 4, 90},
                    {"red", "levies", 18, 34, 270}});
  b.select(0);
  EXPECT_EQ(b.drop(place(90, 9.25, 90)),
            "The Blue levies move at most 6\" (9\" along a road) (1.1, 1.2 iv).");
  EXPECT_NE(b.drop(place(90, 6.25, 90)).find("(1.2 iv)"), std::string::npos);  // no road here
  EXPECT_EQ(b.drop(place(90, 6, 90)), "");
  b.select(1);
  EXPECT_EQ(b.drop(place(90, 12, 90)), "");  // knights: 12"
  EXPECT_EQ(b.s->unit(1).base.centre(), at(24, 16));
}

TEST(Ohw_FreePlacement, Clause_1_2_iv_BeyondTheAllowanceOnlyAlongARoad) {
  PlacementBench b({{"blue", "levies", 18, 4, 90},
                    {"blue", "levies", 10, 4, 90},
                    {"red", "levies", 18, 34, 270}},
                   {}, {{{"id", "road"}, {"line", {{18, 0}, {18, 30}}}}});
  b.select(0);
  EXPECT_EQ(b.drop(place(90, 8.5, 90)), "");
  EXPECT_EQ(b.s->unit(0).base.centre(), at(18, 12.5));
  b.select(1);
  EXPECT_EQ(
      b.drop(place(90, 8, 90)),
      "Beyond 6\" the Blue levies #2 must move along a road, its centre on one straight stretch "
      "(1.2 iv).");
}

TEST(Ohw_FreePlacement, Clause_1_2_iv_ADropAlongTheRoadPassesThroughImpassableTerrain) {
  // A wood across a road running north: u0 is on the road, u1 beside it.
  PlacementBench b(
      {{"blue", "levies", 18, 4, 90}, {"blue", "levies", 8, 4, 90}, {"red", "levies", 18, 34, 270}},
      {{"woods", {4, 8, 30, 20}}}, {{{"id", "road"}, {"line", {{18, 0}, {18, 36}}}}});
  b.select(0);
  EXPECT_EQ(b.drop(place(90, 8.5, 90)), "");
  EXPECT_EQ(b.s->unit(0).base.centre(), at(18, 12.5));
  b.select(1);
  EXPECT_NE(b.drop(place(90, 6, 90)), "");  // off the road the wood stops it
  EXPECT_EQ(b.drop(place(90, 2, 90)), "");  // up to the wood's edge
}

TEST(Ohw_FreePlacement, Clause_1_2_ImpassableTerrainStopsTheDrop) {
  PlacementBench b({{"blue", "knights", 10, 4, 90}, {"red", "levies", 18, 34, 270}},
                   {{"woods", {4, 8, 30, 12}}});
  b.select(0);
  EXPECT_NE(b.drop(place(90, 5, 90)).find("(1.2, 1.3, 1.7)"), std::string::npos);   // into it
  EXPECT_NE(b.drop(place(90, 10, 90)).find("(1.2, 1.3, 1.7)"), std::string::npos);  // across it
  EXPECT_EQ(b.drop(place(90, 3, 90)), "");  // up to its edge: the front at y = 8
}

TEST(Ohw_FreePlacement, Clause_1_3_NoDropThroughAnotherUnit) {
  PlacementBench b({{"blue", "levies", 18, 10, 90},
                    {"blue", "levies", 18, 14, 90},
                    {"red", "levies", 18, 34, 270}});
  b.select(0);
  EXPECT_NE(b.drop(place(90, 6, 90)), "");  // would pass through the friend
  EXPECT_EQ(b.drop(place(90, 2, 90)), "");  // stops against its rear
  EXPECT_EQ(b.s->unit(0).base.centre(), at(18, 12));
}

TEST(Ohw_FreePlacement, Clause_1_4_OneTurnBeforeAndOneAfter) {
  PlacementBench b({{"blue", "levies", 18, 10, 90}, {"red", "levies", 18, 34, 270}});
  b.select(0);
  // Turn to face east (0), move 5" east, turn to face north-west (135): both turns allowed.
  EXPECT_EQ(b.drop(place(0, 5, 135)), "");
  EXPECT_EQ(b.s->unit(0).base.centre(), at(23, 10));
  EXPECT_EQ(b.s->unit(0).base.heading(), geo::Angle::degrees(135));
  // A turn in place, and the drop that would leave the unit as it is (that is holding).
  PlacementBench c({{"blue", "levies", 18, 10, 90}, {"red", "levies", 18, 34, 270}});
  c.select(0);
  EXPECT_EQ(c.drop(place(0, 0, 90)), "That leaves the Blue levies where they are: choose hold.");
  EXPECT_EQ(c.drop(place(0, 0, 30)), "");
  EXPECT_EQ(c.s->unit(0).base.heading(), geo::Angle::degrees(30));
  EXPECT_EQ(c.s->unit(0).base.centre(), at(18, 10));
}

TEST(Ohw_FreePlacement, Clause_1_4_ATurnThatCrossesTheTableEdgeIsRefused) {
  // Against the south edge, facing east: a 45-degree turn swings a corner off the table.
  PlacementBench b({{"blue", "levies", 18, 2, 0}, {"red", "levies", 18, 34, 270}});
  b.select(0);
  EXPECT_NE(b.drop(place(0, 0, 45)).find("(1.4)"), std::string::npos);
  EXPECT_EQ(b.drop(place(0, 0, 180)), "");  // an about-face covers the same ground
}

TEST(Ohw_FreePlacement, Clause_1_5_AUnitInMeleeIsNotPlaced) {
  PlacementBench b({{"blue", "levies", 18, 10, 90}, {"red", "levies", 18, 12, 270}});
  b.select(0);
  EXPECT_EQ(b.drop(place(270, 2, 90)),
            "The Blue levies are in melee: they may only hold or turn to face their enemy (1.5).");
  EXPECT_TRUE(b.s->free_placement().is_null());
  PlacementBench c({{"blue", "levies", 18, 10, 90}, {"red", "levies", 18, 20, 270}});
  c.select(0);
  EXPECT_FALSE(c.s->free_placement().is_null());
}

TEST(Ohw_FreePlacement, ReachIsTheFurthestCentreInEachDirection) {
  PlacementBench b({{"blue", "levies", 18, 10, 90}, {"red", "levies", 18, 34, 270}},
                   {{"woods", {0, 0, 36, 6}}});
  EXPECT_TRUE(b.s->free_placement().is_null());  // nothing picked
  b.select(0);
  const nlohmann::json j = b.s->free_placement();
  ASSERT_FALSE(j.is_null());
  EXPECT_EQ(j["unit"], "u0");
  EXPECT_EQ(j["action_base"], act::kPlaceBase);
  const auto& reach = j["reach"];
  const int step = j["reach_step_deg"];
  ASSERT_EQ(reach.size(), static_cast<std::size_t>(360 / step));
  // North (90): the full 6" in the open; south (270): only until the base touches the wood.
  EXPECT_EQ(reach[90 / step], (nlohmann::json{1800, 1600}));
  EXPECT_EQ(reach[270 / step], (nlohmann::json{1800, 700}));
  // The drop a board computes from a reach point is accepted.
  EXPECT_EQ(b.drop(place(270, 2, 270)), "");
}

TEST(Ohw_FreePlacement, CandidatesCarryTheBaseTheyLeadTo) {
  PlacementBench b({{"blue", "knights", 18, 10, 90}, {"red", "levies", 18, 20, 270}});
  nlohmann::json sel = b.s->action_to_json(act::kSelectBase + 0);
  EXPECT_EQ(sel["kind"], "select-unit");
  EXPECT_EQ(sel["unit"], "u0");
  b.select(0);
  const nlohmann::json m = b.s->action_to_json(move(0, 2, 0));
  EXPECT_EQ(m["kind"], "move");
  EXPECT_EQ(m["mover"], "u0");
  EXPECT_EQ(m["x"], 1800);
  EXPECT_EQ(m["y"], 1600);
  EXPECT_EQ(m["corners"].size(), 4u);
  const nlohmann::json c = b.s->action_to_json(charge(1, geo::Side::kFront));
  EXPECT_EQ(c["kind"], "charge");
  EXPECT_EQ(c["target"], "u1");
  EXPECT_EQ(c["y"], 1800);  // its front on the levy's front at y = 19
  EXPECT_EQ(b.s->action_to_json(act::kMoveBase + act::kHold)["kind"], "hold");
}

TEST(Ohw_FreePlacement, ARecordWithAPlacementReplaysToTheSameState) {
  game::Registry registry;
  registry.add(make_ruleset());
  auto g = registry.load("ohw/s1", {});
  ASSERT_TRUE(g.ok()) << g.message();
  auto s = (*g)->new_initial_state();
  auto& st = static_cast<OhwState&>(*s);
  int blue = -1;
  for (int u = 0; u < st.ohw().num_units() && blue < 0; ++u)
    if (st.side_of(u) == st.active() && st.unit(u).on_table) blue = u;
  ASSERT_GE(blue, 0);
  ASSERT_TRUE(s->apply(act::kSelectBase + blue).ok());
  const int heading = static_cast<int>(st.unit(blue).base.heading().units() / 3600);
  const game::Action a = place(heading, 1.75, heading);
  ASSERT_TRUE(s->apply(a).ok()) << s->apply(a).message();
  const auto record = game::make_record(*s, 7, {});
  auto json = game::record_to_json(record);
  auto back = game::record_from_json(json, "test");
  ASSERT_TRUE(back.ok()) << back.message();
  auto replayed = game::replay(registry, *back);
  ASSERT_TRUE(replayed.ok()) << replayed.message();
  EXPECT_EQ((*replayed)->hash(), s->hash());
  EXPECT_NE(record.action_names.back().find("move 1.75\""), std::string::npos)
      << record.action_names.back();
}

}  // namespace
}  // namespace carroccio::ohw
