// The table kit's view, turn bookkeeping and geometry (game/table/view.hpp, turn.hpp,
// geometry.hpp): what the browser's table board reads, written the same for every ruleset.
#include <gtest/gtest.h>

#include "core/rng.hpp"
#include "game/table/geometry.hpp"
#include "game/table/turn.hpp"
#include "game/table/view.hpp"

namespace carroccio::game::table {
namespace {

using nlohmann::json;

enum class Kind { kWoods, kHill };
std::string_view kind_name(Kind k) { return k == Kind::kWoods ? "woods" : "hill"; }

std::vector<TerrainPiece<Kind>> pieces() {
  return {{"w", Kind::kWoods, {{0, 0}, {100, 0}, {100, 50}}},
          {"h", Kind::kHill, {{5, 5}, {9, 5}, {9, 9}}}};
}

TEST(TableView, InchesWriteTableTerrainRoadsAndUnitsPerInch) {
  json j;
  const std::vector<Road> roads = {{"r", {{0, 10}, {3600, 10}}}};
  write_table(j, LengthUnit{Measure::kInch, 100, 2}, 3600, 2400, pieces(), kind_name, roads);
  EXPECT_EQ(j, json::parse(R"({"units_per_inch": 100, "table": {"width": 3600, "height": 2400},
      "terrain": [{"id": "w", "type": "woods", "polygon": [[0, 0], [100, 0], [100, 50]]},
                  {"id": "h", "type": "hill", "polygon": [[5, 5], [9, 5], [9, 9]]}],
      "roads": [{"id": "r", "line": [[0, 10], [3600, 10]]}]})"));
  json g;
  write_table(g, LengthUnit{Measure::kInch, 1270, 1}, 72 * 1270, 48 * 1270,
              std::vector<TerrainPiece<Kind>>{}, kind_name, {});
  EXPECT_EQ(g["units_per_inch"], 1270);
  EXPECT_FALSE(g.contains("unit")) << "a board reads inches by default";
  EXPECT_EQ(g["terrain"], json::array());
  EXPECT_EQ(g["roads"], json::array());
}

TEST(TableView, CentimetresAddTheUnitAndUnitsPerCm) {
  json j;
  write_table(j, LengthUnit{Measure::kCentimetre, 100, 2}, 18000, 12000,
              std::vector<TerrainPiece<Kind>>{}, kind_name, {});
  EXPECT_EQ(j["unit"], "cm");
  EXPECT_EQ(j["units_per_cm"], 100);
  EXPECT_EQ(j["units_per_inch"], 254);
  EXPECT_EQ(j["table"], (json{{"width", 18000}, {"height", 12000}}));
}

TEST(TableView, CornersInTheBasesOrder) {
  const geo::Base b({100, 100}, 40, 20, geo::Angle::degrees(90));
  json c = corners_json(b);
  ASSERT_EQ(c.size(), 4u);
  const auto corners = b.corners();
  for (std::size_t i = 0; i < 4; ++i) EXPECT_EQ(c[i], (json{corners[i].x, corners[i].y}));
}

TEST(TableTurn, ReturnsWinnerAndViewFields) {
  TurnTrack t;
  const std::array<std::string, 2> ids = {"blue", "red"}, names = {"Blue", "Red"};
  EXPECT_EQ(t.returns(false), (std::vector<double>{0, 0}));
  EXPECT_EQ(t.winner_id(ids), "");
  t.winner = 1;
  EXPECT_EQ(t.returns(false), (std::vector<double>{0, 0})) << "nothing until the game is over";
  EXPECT_EQ(t.returns(true), (std::vector<double>{-1, 1}));
  EXPECT_EQ(t.winner_id(ids), "red");
  EXPECT_EQ(t.game_over_text(names, "army broken"), "game over: Red wins (army broken)");
  t.winner = TurnTrack::kDraw;
  EXPECT_EQ(t.returns(true), (std::vector<double>{0, 0}));
  EXPECT_EQ(t.winner_id(ids), "draw");
  EXPECT_EQ(t.game_over_text(names, "turn limit"), "game over: draw (turn limit)");

  TurnTrack u;
  u.turn = 3;
  u.active = 1;
  u.first = -1;
  EXPECT_EQ(u.status_head(12, names, "move", false), "turn 3/12 Red move");
  EXPECT_EQ(u.status_head(12, names, "over", true), "turn 3/12  over");
  json j;
  u.write_view(j, 12, ids, false);
  EXPECT_EQ(j, (json{{"turn", 3}, {"turns", 12}, {"active", "red"}, {"winner", ""}}))
      << "no first mover before the roll";
  u.first = 0;
  u.write_view(j, 12, ids, true);
  EXPECT_EQ(j["first"], "blue");
  EXPECT_EQ(j["active"], "") << "nobody acts once the game is over";
  EXPECT_FALSE(u.last_turn(12));
  u.turn = 12;
  EXPECT_TRUE(u.last_turn(12));
  u.next_turn();
  EXPECT_EQ(u.turn, 13);
  EXPECT_EQ(TurnTrack::other(0), 1);
}

TEST(TableGeometry, OnTableNearPolygonBoxesAndNearestTurn) {
  const geo::Base b({50, 20}, 40, 20, geo::Angle::degrees(0));  // x 40..60, y 0..40
  EXPECT_TRUE(on_table(b, 100, 100));
  EXPECT_FALSE(on_table(b.translated({0, -1}), 100, 100));
  EXPECT_TRUE(on_table(b.translated({0, -1}), 100, 100, 1)) << "within the slack";
  EXPECT_FALSE(on_table(b, 59, 100));

  const geo::Polygon square = {{70, 0}, {80, 0}, {80, 10}, {70, 10}};
  EXPECT_TRUE(near_polygon(b, square, 10));
  EXPECT_FALSE(near_polygon(b, square, 9));
  EXPECT_TRUE(near_polygon(b.translated({25, 0}), square, 0)) << "overlapping it";

  const Box bb = box_of(b);
  EXPECT_EQ(bb.min_x, 40);
  EXPECT_EQ(bb.max_y, 40);
  const Box sq = box_of(square);
  EXPECT_EQ(sq.twice_centre(), (geo::Point{150, 10}));
  EXPECT_TRUE(apart(bb, sq));
  EXPECT_FALSE(apart(bb, box_of(b.translated({15, 0}))));
  const Box both = bb | sq;
  EXPECT_EQ(both.max_x, 80);
  EXPECT_EQ(both.min_y, 0);

  const int turns[] = {0, 45, -45, 90, -90, 180};
  EXPECT_EQ(nearest_turn(geo::Angle::degrees(80), geo::Angle::degrees(0), turns), 3);
  EXPECT_EQ(nearest_turn(geo::Angle::degrees(200), geo::Angle::degrees(0), turns), 5);
  EXPECT_EQ(nearest_turn(geo::Angle::degrees(10), geo::Angle::degrees(0), turns), 0);
}

// The quick refusal by boxes (ohw's objective contact asks it of every unit at every player
// turn's end) answers as the plain test: bases of random sizes, headings and places around
// random polygons (triangles and rectangles, on a coarse grid so that boxes and edges meet
// exactly), d from 0.
TEST(TableGeometry, NearPolygonByBoxesIsThePlainTest) {
  core::Rng rng(2026);
  int near = 0;
  for (int i = 0; i < 20000; ++i) {
    auto coord = [&] { return rng.uniform_int(0, 40) * 10; };
    geo::Polygon poly;
    if (i % 2 == 0) {
      const std::int64_t x = coord(), y = coord();
      poly = {{x, y},
              {x + 10 * rng.uniform_int(1, 8), y},
              {x + 10 * rng.uniform_int(1, 8), y + 10 * rng.uniform_int(1, 8)}};
      if (i % 4 == 0) poly.push_back({x, poly[2].y});
    } else {
      poly = {{coord(), coord()}, {coord(), coord()}, {coord(), coord()}};
      if (geo::orientation(poly[0], poly[1], poly[2]) == 0) continue;
    }
    const geo::Base b({coord() + rng.uniform_int(-3, 3), coord() + rng.uniform_int(-3, 3)},
                      2 * rng.uniform_int(1, 30), 2 * rng.uniform_int(1, 20),
                      i % 3 == 0 ? geo::Angle::degrees(15 * rng.uniform_int(0, 23))
                                 : geo::Angle::from_units(static_cast<std::int32_t>(
                                       rng.uniform_int(0, geo::kFullTurn - 1))));
    const std::int64_t d = i % 5 == 0 ? 0 : rng.uniform_int(0, 60);
    const bool plain = near_polygon(b, poly, d);
    ASSERT_EQ(near_polygon(b, poly, box_of(poly), d), plain) << i;
    near += plain ? 1 : 0;
  }
  EXPECT_GT(near, 2000);
  EXPECT_LT(near, 18000);
}

// The quick answers by boxes of a line of sight's terrain tests (ohw 0.9 iv: at most 3" of woods,
// town or hill; an objective crossed) are the plain tests' answers: random segments (some along
// edges or through corners, on a coarse grid) against random triangles and rectangles, the
// length limit from 1 to a few times the pieces' size.
TEST(TableGeometry, LineThroughTerrainByBoxesIsThePlainTest) {
  core::Rng rng(2027);
  int within = 0, beyond = 0, crossing = 0;
  for (int i = 0; i < 20000; ++i) {
    auto coord = [&] {
      return rng.uniform_int(0, 40) * 10 + (i % 3 == 0 ? rng.uniform_int(-4, 4) : 0);
    };
    geo::Polygon poly;
    if (i % 2 == 0) {
      const std::int64_t x = coord(), y = coord(), w = 10 * rng.uniform_int(1, 12),
                         h = 10 * rng.uniform_int(1, 12);
      poly = {{x, y}, {x + w, y}, {x + w, y + h}, {x, y + h}};
    } else {
      poly = {{coord(), coord()}, {coord(), coord()}, {coord(), coord()}};
      if (geo::orientation(poly[0], poly[1], poly[2]) == 0) continue;
    }
    geo::Segment s{{coord(), coord()}, {coord(), coord()}};
    if (i % 5 == 1) s = {poly[0], poly[1]};  // along an edge
    if (i % 5 == 2) s.a = poly[2];           // from a corner
    if (s.a == s.b) continue;
    const std::int64_t d = i % 4 == 0 ? rng.uniform_int(1, 20) : rng.uniform_int(1, 200);
    const bool plain = geo::length_inside_polygon(s, poly) <= d;
    ASSERT_EQ(length_inside_at_most(s, poly, box_of(poly), d), plain) << i;
    (plain ? within : beyond) += 1;
    const bool crosses = geo::segment_crosses_polygon_interior(s, poly);
    ASSERT_EQ(crosses_polygon_interior(s, poly, box_of(poly)), crosses) << i;
    crossing += crosses ? 1 : 0;
  }
  EXPECT_GT(within, 2000);  // both answers are common in the sample
  EXPECT_GT(beyond, 2000);
  EXPECT_GT(crossing, 2000);
}

}  // namespace
}  // namespace carroccio::game::table
