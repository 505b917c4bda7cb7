// gwkho terrain in play (rulings G-12, G-12a, G-12b, G-12c): rivers crossed as bad going or only
// at their fords, the ford's 3-inch move, hills (uphill in close combat and in the PIP cost of a
// contact), roads (road speed along a road, a road over a river as its bridge, routers on a
// road), the scenario fields and their refusals, and the views. Dice are forced; every position
// is set by hand.
#include <gtest/gtest.h>

#include <algorithm>

#include "rulesets/gwkho/game.hpp"
#include "rulesets/gwkho/state.hpp"
#include "rulesets/gwkho/tests/test_util.hpp"

namespace carroccio::gwkho {
namespace {

using testing::kIn;

using testing::at;
using testing::face_off;
using testing::find;
using testing::has_factor;
using testing::labelled;
using testing::start;

// The test battle (testing::small_scenario) with this terrain and these roads instead of its
// wood.
nlohmann::json with_terrain(const char* terrain, const char* roads = "[]",
                            const char* first = "red") {
  auto j = testing::small_scenario(first, false);
  j["terrain"] = nlohmann::json::parse(terrain);
  j["roads"] = nlohmann::json::parse(roads);
  return j;
}

using testing::has_item;

// A brook crossed only at its ford (the gap between its two stretches), from x = 0 to 30
// inches, 1.5 inches deep at y = 24; a stream (bad going) from x = 40 to 55.
constexpr const char* kWater = R"([
  {"id": "brook-w", "kind": "river", "going": "impassable",
   "polygon": [[0, 24], [14, 24], [14, 25.5], [0, 25.5]]},
  {"id": "ford", "kind": "ford", "polygon": [[14, 24], [17, 24], [17, 25.5], [14, 25.5]]},
  {"id": "brook-e", "kind": "river", "going": "impassable",
   "polygon": [[17, 24], [30, 24], [30, 25.5], [17, 25.5]]},
  {"id": "stream", "kind": "river", "going": "bad",
   "polygon": [[40, 24], [55, 24], [55, 25.5], [40, 25.5]]}])";

TEST(Gwkho_Terrain, Clause_Mov_5_AMoveAcrossAFordIsAtMostThreeInches) {
  const auto g = testing::make_game(with_terrain(kWater));
  auto st = start(g);
  st->debug_set_pips(0, 6);
  // A knight (5" in the open) 1.4" north of the ford, facing it.
  const int e = find(*g, "red.0.0.0");
  st->debug_place(e, at(15.5, 27.5), 270);
  EXPECT_TRUE(st->plan(act::move(e, act::kAdvance)).ok());      // 1.25": short of the ford
  EXPECT_TRUE(st->plan(act::move(e, act::kAdvance + 1)).ok());  // 2.5" into it
  auto p = st->plan(act::move(e, act::kAdvance + 2));           // 3.75" across it
  ASSERT_FALSE(p.ok());
  EXPECT_EQ(
      p.message(),
      labelled(*g,
               "red.0.0.0 would go 3.7\", beyond their move of 3.0\" in open going across a ford "
               "(Mov-5)."));
  EXPECT_FALSE(st->plan(act::move(e, act::kAdvance + 3)).ok());
  // Standing in the ford, its candidates are quarters of 3".
  st->debug_place(e, at(15.5, 24.75), 270);
  EXPECT_TRUE(st->in_ford(st->element(e).base));
  p = st->plan(act::move(e, act::kAdvance + 3));
  ASSERT_TRUE(p.ok()) << p.message();
  EXPECT_EQ(p->distance, 3 * kIn);
  // Negative: away from the ford the full move is 5".
  st->debug_place(e, at(34, 27.5), 270);
  EXPECT_FALSE(st->in_ford(st->element(e).base));
  p = st->plan(act::move(e, act::kAdvance + 3));
  ASSERT_TRUE(p.ok()) << p.message();
  EXPECT_EQ(p->distance, 5 * kIn);
}

TEST(Gwkho_Terrain, Clause_G_12a_ARiverIsCrossedAtItsFordsOrAsBadGoing) {
  const auto g = testing::make_game(with_terrain(kWater));
  auto st = start(g);
  st->debug_set_pips(0, 6);
  const int e = find(*g, "red.0.0.0");
  // An impassable brook: no move enters it away from the ford.
  st->debug_place(e, at(8, 27.5), 270);
  EXPECT_TRUE(st->plan(act::move(e, act::kAdvance)).ok());  // short of it
  auto p = st->plan(act::move(e, act::kAdvance + 2));
  ASSERT_FALSE(p.ok());
  EXPECT_EQ(
      p.message(),
      labelled(*g,
               "red.0.0.0 may not cross the river Brook W but at a ford or by a road (G-12a)."));
  // Half on the ford, half on the brook is not a crossing at the ford.
  st->debug_place(e, at(17, 27.5), 270);
  EXPECT_FALSE(st->plan(act::move(e, act::kAdvance + 1)).ok());
  // A stream of bad going is entered at the bad going's 2" (Mov-1).
  st->debug_place(e, at(47, 27.5), 270);
  EXPECT_TRUE(st->plan(act::move(e, act::kAdvance)).ok());
  p = st->plan(act::move(e, act::kAdvance + 1));
  ASSERT_FALSE(p.ok());
  EXPECT_EQ(p.message(),
            labelled(*g, "red.0.0.0 would go 2.5\", beyond their move of 2.0\" in bad going."));
  // It is the going of what stands in it; the impassable brook is no one's going.
  st->debug_place(e, at(47, 24.75), 270);
  EXPECT_EQ(st->going_at(st->element(e).base), Going::kBad);
}

TEST(Gwkho_Terrain, Clause_G_12b_ARoadGivesRoadSpeedAlongItAndBridgesARiver) {
  // A road north to south at x = 25 over the brook (its bridge) and through a wood.
  const auto g = testing::make_game(with_terrain(
      R"([{"id": "brook", "kind": "river", "going": "impassable",
           "polygon": [[17, 24], [30, 24], [30, 25.5], [17, 25.5]]},
          {"id": "wood", "going": "bad", "polygon": [[22, 12], [28, 12], [28, 16], [22, 16]]}])",
      R"([{"id": "via", "line": [[25, 10], [25, 36]]}])"));
  auto st = start(g);
  st->debug_set_pips(0, 6);
  const int e = find(*g, "red.0.0.0");
  // A knight on the road facing along it: Hc move 7" on a road (Mov-1), over the bridge.
  st->debug_place(e, at(25, 33), 270);
  auto p = st->plan(act::move(e, act::kAdvance + 3));
  ASSERT_TRUE(p.ok()) << p.message();
  EXPECT_EQ(p->distance, 7 * kIn);
  // Through the wood along the road: still 7".
  st->debug_place(e, at(25, 20), 270);
  p = st->plan(act::move(e, act::kAdvance + 3));
  ASSERT_TRUE(p.ok()) << p.message();
  EXPECT_EQ(p->distance, 7 * kIn);
  // Negative: facing across the road it moves in the open, 5".
  st->debug_place(e, at(25, 33), 180);
  p = st->plan(act::move(e, act::kAdvance + 3));
  ASSERT_TRUE(p.ok()) << p.message();
  EXPECT_EQ(p->distance, 5 * kIn);
  // Negative: beside the road, the brook is no bridge.
  st->debug_place(e, at(20, 27.5), 270);
  p = st->plan(act::move(e, act::kAdvance + 3));
  ASSERT_FALSE(p.ok());
  EXPECT_EQ(
      p.message(),
      labelled(*g, "red.0.0.0 may not cross the river Brook but at a ford or by a road (G-12a)."));
}

TEST(Gwkho_Terrain, Clause_Mov_3_RoutersOnARoadRunAtRoadSpeedWithoutTheirInch) {
  const auto g =
      testing::make_game(with_terrain("[]", R"([{"id": "via", "line": [[25, 10], [25, 36]]}])"));
  auto st = testing::start_moves(g);
  // Red's edge is the north one: both routers turn north.
  const int on_road = find(*g, "red.0.0.2"), off_road = find(*g, "red.0.0.3");
  st->debug_place(on_road, at(25, 12), 270);
  st->debug_rout(on_road);
  st->debug_place(off_road, at(33, 12), 270);
  st->debug_rout(off_road);
  ASSERT_TRUE(st->apply(act::kEndMoves).ok());
  // Along the road: Hc 7", no router's inch (Mov-3).
  EXPECT_EQ(st->element(on_road).base.centre(), at(25, 19));
  // Negative: off the road, 5" and the router's inch.
  EXPECT_EQ(st->element(off_road).base.centre(), at(33, 18));
}

// The Gascon sergeants (HI(o), a group of five) facing north at y = 20", 2" short of a Como
// spearman (Ph(i)) facing south; `hill` puts the spearman on a hill.
std::unique_ptr<GwkhoState> sergeants_and_spearman(const std::shared_ptr<const GwkhoGame>& g) {
  auto st = start(g);
  st->debug_set_pips(0, 6);
  for (int k = 0; k < 5; ++k)
    st->debug_place(find(*g, "blue.1.2." + std::to_string(k)),
                    geo::Point{30 * kIn + 1000 + k * 2000, 20 * kIn}, 90);
  st->debug_place(find(*g, "red.1.2.0"), geo::Point{30 * kIn + 5000, 20 * kIn + 1000 + 2 * kIn},
                  270);
  return st;
}

TEST(Gwkho_Terrain, Clause_Pip_13_AFootGroupPaysToGoUphillIntoContactWithFoot) {
  const char* hill =
      R"([{"id": "knoll", "kind": "hill", "polygon": [[20, 22.2], [50, 22.2], [50, 30], [20, 30]]}])";
  const auto g = testing::make_game(with_terrain(hill, "[]", "blue"));
  auto st = sergeants_and_spearman(g);
  const int lead = find(*g, "blue.1.2.0"), spear = find(*g, "red.1.2.0");
  ASSERT_EQ(st->group_of(lead).size(), 5u);
  auto p = st->plan(act::move(lead, act::kGroupContact));
  ASSERT_TRUE(p.ok()) << p.message();
  EXPECT_EQ(p->target, spear);
  EXPECT_TRUE(p->cost.uphill_into_contact_with_foot);
  EXPECT_TRUE(has_item(st->price(*p), "Pip-13"));
  // Negative: the same contact on level ground.
  const auto flat = testing::make_game(with_terrain("[]", "[]", "blue"));
  auto st2 = sergeants_and_spearman(flat);
  p = st2->plan(act::move(lead, act::kGroupContact));
  ASSERT_TRUE(p.ok()) << p.message();
  EXPECT_FALSE(p->cost.uphill_into_contact_with_foot);
  EXPECT_FALSE(has_item(st2->price(*p), "Pip-13"));
}

TEST(Gwkho_Terrain, Clause_CC_12_FootUphillOfMountedGradesOneUp) {
  const char* hill =
      R"([{"id": "knoll", "kind": "hill", "polygon": [[20, 24.2], [40, 24.2], [40, 32], [20, 32]]}])";
  const auto g = testing::make_game(with_terrain(hill));
  auto st = start(g);
  // Gascon sergeants (HI(o)) on the hill facing south; a knight below them facing north, front to
  // front.
  const int foot = find(*g, "blue.1.2.0"), knight = find(*g, "red.0.0.0");
  face_off(*st, *g, 25 * kIn - 500, 30 * kIn);
  EXPECT_TRUE(st->uphill_of(st->element(foot).base, st->element(knight).base));
  const CombatSituation cs = st->combat_situation(knight, foot);
  EXPECT_FALSE(cs.a.uphill);
  EXPECT_TRUE(cs.b.uphill);
  EXPECT_TRUE(has_factor(resolve_combat(cs, 3, 3).grading_b, "CC-12", "foot uphill of mounted"));
  // Negative: both on the hill, nobody is uphill.
  face_off(*st, *g, 28 * kIn - 500, 30 * kIn);
  const CombatSituation level = st->combat_situation(knight, foot);
  EXPECT_FALSE(level.b.uphill);
  EXPECT_FALSE(
      has_factor(resolve_combat(level, 3, 3).grading_b, "CC-12", "foot uphill of mounted"));
}

TEST(Gwkho_Terrain, Clause_CC_13_FootBehindAStreamAreNotKilledByAOnePointLoss) {
  const char* stream =
      R"([{"id": "stream", "kind": "river", "going": "bad",
           "polygon": [[0, 24], [30, 24], [30, 26], [0, 26]]}])";
  const auto g = testing::make_game(with_terrain(stream));
  const auto flat = testing::make_game(with_terrain("[]"));
  // Gascon sergeants (HI(o)) on the north bank facing south; a knight in the stream facing them.
  auto st = start(g), st2 = start(flat);
  const int foot = find(*g, "blue.1.2.0"), knight = find(*g, "red.0.0.0");
  face_off(*st, *g, 27 * kIn - 500);
  face_off(*st2, *flat, 27 * kIn - 500);
  const CombatSituation cs = st->combat_situation(knight, foot);
  EXPECT_TRUE(cs.b.behind_linear);
  EXPECT_FALSE(cs.a.behind_linear);  // the knight is in it, not behind it
  const CombatSituation open = st2->combat_situation(knight, foot);
  EXPECT_FALSE(open.b.behind_linear);
  // Heavy infantry beaten by heavy cavalry are destroyed (CC-14); by one point behind the stream
  // they are pushed back instead (CC-13).
  const auto behind = testing::one_point_win_then_behind(open, cs);
  ASSERT_TRUE(behind.has_value());
  EXPECT_EQ(behind->b, Result::kPushBack);
  EXPECT_TRUE(behind->kill_prevented);
  EXPECT_EQ(behind->prevent_kills, 1);
}

TEST(Gwkho_Terrain, Clause_G_12_TerrainKindsAreReadAndBadOnesRefusedNamingTheField) {
  auto ok = load_scenario(with_terrain(kWater, R"([{"id": "via", "line": [[25, 10], [25, 36]]}])"),
                          "x.json");
  ASSERT_TRUE(ok.ok()) << ok.message();
  ASSERT_EQ(ok->terrain.size(), 4u);
  EXPECT_EQ(ok->terrain[0].kind, TerrainKind::kRiver);
  EXPECT_TRUE(ok->terrain[0].impassable);
  EXPECT_EQ(ok->terrain[1].kind, TerrainKind::kFord);
  EXPECT_EQ(ok->terrain[1].going, Going::kOpen);
  EXPECT_FALSE(ok->terrain[3].impassable);
  EXPECT_EQ(ok->terrain[3].going, Going::kBad);
  ASSERT_EQ(ok->roads.size(), 1u);
  EXPECT_EQ(ok->roads[0].line[1], at(25, 36));
  const std::vector<std::pair<const char*, const char*>> bad = {
      {R"([{"id": "r", "kind": "river", "going": "rough", "polygon": [[0, 24], [9, 24], [9, 25]]}])",
       "x.json: field 'terrain[0].going' is 'rough', but must be bad or impassable."},
      {R"([{"id": "r", "kind": "lake", "polygon": [[0, 24], [9, 24], [9, 25]]}])",
       "x.json: field 'terrain[0].kind' is 'lake', but must be area, river, ford or hill."},
      {R"([{"id": "f", "kind": "ford", "polygon": [[0, 24], [9, 24], [9, 25]]}])",
       "x.json: field 'terrain[0].polygon' touches no river: a ford is a crossing of a river "
       "piece."},
      {R"([{"id": "h", "kind": "hill", "going": "road", "polygon": [[0, 24], [9, 24], [9, 25]]}])",
       "x.json: field 'terrain[0].going' is 'road', but must be open, rough or bad."},
      {R"([{"id": "h", "kind": "hill", "polygon": [[0, 24], [9, 24], [9, 25]]},
           {"id": "h", "kind": "hill", "polygon": [[0, 14], [9, 14], [9, 15]]}])",
       "x.json: field 'terrain[1].id' repeats the id 'h'."},
      {R"([{"id": "r", "kind": "river", "going": "impassable",
            "polygon": [[0, 38], [72, 38], [72, 41], [0, 41]]}])",
       "x.json: field 'sides[0].deploy[0].at' puts element red.0.0.0 in the river 'r', which is "
       "crossed only at its fords."},
  };
  for (const auto& [terrain, message] : bad) {
    auto s = load_scenario(with_terrain(terrain), "x.json");
    ASSERT_FALSE(s.ok()) << terrain;
    EXPECT_EQ(s.message(), message);
  }
  auto s = load_scenario(with_terrain("[]", R"([{"id": "via", "line": [[25, 10]]}])"), "x.json");
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.message(), "x.json: field 'roads[0].line' must be a list of at least 2 entries.");
}

TEST(Gwkho_View, Clause_G_12_TheViewsShowRiversFordsHillsAndRoads) {
  auto j = with_terrain(kWater, R"([{"id": "via", "line": [[25, 10], [25, 36]]}])");
  j["terrain"].push_back(nlohmann::json::parse(
      R"({"id": "knoll", "kind": "hill", "going": "rough", "polygon": [[56, 12], [70, 12], [63, 22]]})"));
  j["terrain"].push_back(nlohmann::json::parse(
      R"({"id": "wood", "going": "bad", "polygon": [[60, 26], [70, 26], [70, 30]]})"));
  const auto g = testing::make_game(j);
  auto st = start(g);
  const auto v = st->to_json(game::kSpectator);
  ASSERT_EQ(v["terrain"].size(), 6u);
  // The table board draws a piece by its type (web/src/styles.css: terrain-river, -ford, -hill,
  // -rough, -bad) and roads as centre lines.
  EXPECT_EQ(v["terrain"][0]["type"], "river");
  EXPECT_EQ(v["terrain"][0]["going"], "impassable");
  EXPECT_EQ(v["terrain"][1]["type"], "ford");
  EXPECT_EQ(v["terrain"][3]["going"], "bad");
  EXPECT_EQ(v["terrain"][4]["type"], "hill");
  EXPECT_EQ(v["terrain"][4]["going"], "rough");
  EXPECT_EQ(v["terrain"][5]["type"], "bad");
  ASSERT_EQ(v["roads"].size(), 1u);
  EXPECT_EQ(v["roads"][0]["line"][1], nlohmann::json::array({25 * kIn, 36 * kIn}));
  const std::string text = st->render_text(game::kSpectator);
  // Each piece by the name the board gives it (terrain_name), never by the file's id.
  EXPECT_NE(
      text.find("terrain Brook W: river, impassable from (0.0\", 24.0\") to (14.0\", 25.5\")"),
      std::string::npos)
      << text;
  EXPECT_EQ(v["terrain"][0]["name"], "Brook W");
  EXPECT_EQ(text.find("brook-w"), std::string::npos) << text;
  EXPECT_NE(text.find("terrain Ford: ford, open going, at most 3\" across"), std::string::npos);
  EXPECT_NE(text.find("terrain Knoll: hill, rough going"), std::string::npos);
  EXPECT_EQ(text.find("terrain knoll"), std::string::npos);
  EXPECT_NE(text.find("road Via: (25.0\", 10.0\") (25.0\", 36.0\")"), std::string::npos);
  // Negative: a table without terrain shows none.
  testing::expect_not_drawn(testing::make_game(with_terrain("[]")), "terrain ");
}

}  // namespace
}  // namespace carroccio::gwkho
