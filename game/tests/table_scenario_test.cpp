// The table kit's scenario reader (game/table/scenario.hpp): lengths in any unit and precision,
// the table, the sides and the first mover, positions and headings, terrain and roads; each
// accepts what it should and refuses the rest with one sentence naming the field.
#include <gtest/gtest.h>

#include "game/table/scenario.hpp"
#include "game/tests/race_game.hpp"

namespace carroccio::game::table {
namespace {

using nlohmann::json;

std::string kept(const FieldReader& rd) { return rd.err() ? rd.err()->message : ""; }

// The three units the table rulesets use.
constexpr LengthUnit kHundredthInch{Measure::kInch, 100, 2};  // ohw
constexpr LengthUnit kTenthMm{Measure::kCentimetre, 100, 2};  // fastplay
constexpr LengthUnit kInch1270{Measure::kInch, 1270, 1};      // gwkho
constexpr Format kOhw{kHundredthInch, 1200, 24000, -100000, 100000, "roll_off"};
constexpr Format kFastplay{kTenthMm, 2000, 100000, 0, 100000, "roll"};
constexpr Format kGwkho{kInch1270, 24 * 1270, 240 * 1270, 0, 240 * 1270, "roll"};

enum class Ground { kOpen, kRough, kWoods };
const Names<Ground>& grounds() {
  static const Names<Ground> kNames = {
      {"open", Ground::kOpen}, {"rough", Ground::kRough}, {"woods", Ground::kWoods}};
  return kNames;
}

TEST(TableLength, EachUnitAndPrecision) {
  EXPECT_EQ(kHundredthInch(36), 3600);
  EXPECT_EQ(kHundredthInch.step(), 1);
  EXPECT_EQ(kHundredthInch.per_inch(), 100);
  EXPECT_EQ(kTenthMm.per_inch(), 254);  // 2.54 cm
  EXPECT_EQ(kInch1270(72), 91440);
  EXPECT_EQ(kInch1270.step(), 127);  // 0.1 inch
  EXPECT_EQ(kInch1270.per_inch(), 1270);
  EXPECT_EQ(kInch1270.plural(), "inches");
  EXPECT_EQ(kTenthMm.plural(), "cm");
  EXPECT_EQ(kTenthMm.symbol(), "cm");
  EXPECT_EQ(kInch1270.format(1270 * 12 + 127 * 3), "12.3");
  EXPECT_EQ(kInch1270.format(-127), "-0.1");
  EXPECT_EQ(kHundredthInch.format(1225), "12.25");
  EXPECT_EQ(kHundredthInch.format(-100000), "-1000");
}

TEST(TableLength, ReadsHundredthsOfAnInchTenthsOfAMillimetreAnd1270thsOfAnInch) {
  std::int64_t out = 0;
  Reader ohw("s", kOhw);
  EXPECT_TRUE(ohw.length(json(12), "x", out, 0, 24000));
  EXPECT_EQ(out, 1200);
  EXPECT_TRUE(ohw.length(json(12.25), "x", out, 0, 24000));
  EXPECT_EQ(out, 1225);
  EXPECT_TRUE(ohw.length(json(-0.5), "x", out, -100, 100));
  EXPECT_EQ(out, -50);
  Reader fp("s", kFastplay);
  EXPECT_TRUE(fp.length(json(2.35), "x", out, 0, 100000));
  EXPECT_EQ(out, 235);  // 23.5 mm
  Reader gw("s", kGwkho);
  EXPECT_TRUE(gw.length(json(12.3), "x", out, 0, 240 * 1270));
  EXPECT_EQ(out, 12 * 1270 + 3 * 127);
  EXPECT_TRUE(gw.length(json(0.1), "x", out, 127, 240 * 1270));  // exactly at the bound
  EXPECT_EQ(out, 127);
  EXPECT_TRUE(gw.length(json(72), "x", out, 0, 72 * 1270));
  EXPECT_EQ(out, 91440);
  EXPECT_EQ(kept(ohw) + kept(fp) + kept(gw), "");
}

TEST(TableLength, RefusesTooManyDecimalsOutOfRangeAndNonNumbers) {
  struct Case {
    Format format;
    json value;
    std::int64_t lo, hi;
    const char* message;
  };
  const Case refused[] = {
      {kOhw, json(12.125), 0, 24000, "s: field 'x' may have at most two decimals."},
      {kOhw, json(241), 0, 24000, "s: field 'x' is 241, but must be from 0 to 240 inches."},
      {kOhw, json(240.5), 0, 24000, "s: field 'x' must be from 0 to 240 inches."},
      {kOhw, json("12"), 0, 24000, "s: field 'x' must be a number of inches."},
      {kFastplay, json(1.234), 0, 100000, "s: field 'x' may have at most two decimals."},
      {kFastplay, json(-1), 0, 100000, "s: field 'x' is -1, but must be from 0 to 1000 cm."},
      {kGwkho, json(12.25), 0, 240 * 1270, "s: field 'x' may have at most one decimal."},
      {kGwkho, json(0.05), 127, 240 * 1270, "s: field 'x' must be from 0.1 to 240 inches."},
      {kGwkho, json(true), 0, 240 * 1270, "s: field 'x' must be a number of inches."},
  };
  for (const auto& c : refused) {
    Reader rd("s", c.format);
    std::int64_t out = 77;
    EXPECT_FALSE(rd.length(c.value, "x", out, c.lo, c.hi)) << c.message;
    EXPECT_EQ(kept(rd), c.message);
    EXPECT_EQ(out, 77) << "a refused length changes nothing";
  }
}

TEST(TableLength, FieldFormRequiredOrOptional) {
  Reader rd("s", kGwkho);
  std::int64_t out = 5;
  EXPECT_TRUE(rd.length(json{{"a", 1}}, "base.", "depth", out, 0, 1270, Need::kOptional));
  EXPECT_EQ(out, 5);
  EXPECT_TRUE(rd.length(json{{"depth", 0.5}}, "base.", "depth", out, 0, 1270));
  EXPECT_EQ(out, 635);
  EXPECT_FALSE(rd.length(json{{"a", 1}}, "base.", "depth", out, 0, 1270));
  EXPECT_EQ(kept(rd), "s: field 'base.depth' is missing.");
}

TEST(TablePoint, PointsPositionsAndHeadings) {
  Reader rd("s", kOhw);
  geo::Point p;
  EXPECT_TRUE(rd.point(json{1.5, 2}, "at", p));
  EXPECT_EQ(p, (geo::Point{150, 200}));
  EXPECT_TRUE(rd.position(json{{"x", 18}, {"y", 6.5}}, "units[0].", p));
  EXPECT_EQ(p, (geo::Point{1800, 650}));
  geo::Angle h;
  EXPECT_TRUE(rd.heading(json{{"heading", 90}}, "units[0].", "heading", h));
  EXPECT_EQ(h, geo::Angle::degrees(90));
  EXPECT_EQ(kept(rd), "");
  Reader a("s", kOhw);
  EXPECT_FALSE(a.point(json{1, 2, 3}, "at", p));
  EXPECT_EQ(kept(a), "s: field 'at' must be a point [x, y] in inches.");
  Reader b("s", kFastplay);
  EXPECT_FALSE(b.point(json{1, 2000}, "at", p));
  EXPECT_EQ(kept(b), "s: field 'at[1]' is 2000, but must be from 0 to 1000 cm.");
  Reader c("s", kOhw);
  EXPECT_FALSE(c.position(json{{"x", 18}}, "units[2].", p));
  EXPECT_EQ(kept(c), "s: field 'units[2].y' is missing.");
  Reader d("s", kOhw);
  EXPECT_FALSE(d.heading(json{{"heading", 360}}, "units[0].", "heading", h));
  EXPECT_EQ(kept(d), "s: field 'units[0].heading' is 360, but must be from 0 to 359.");
}

TEST(TableSize, OptionalWithinTheFormatsLimits) {
  std::int64_t w = 7200, h = 4800;
  Reader rd("s", kOhw);
  EXPECT_TRUE(rd.table(json::object(), w, h));
  EXPECT_EQ(w, 7200) << "absent: the defaults stay";
  EXPECT_TRUE(rd.table(json{{"table", {{"width", 48}, {"height", 36.5}}}}, w, h));
  EXPECT_EQ(w, 4800);
  EXPECT_EQ(h, 3650);
  const std::pair<json, const char*> refused[] = {
      {json{{"table", 3}}, "s: field 'table' must be an object."},
      {json{{"table", {{"width", 48}, {"depth", 3}}}},
       "s: field 'table.depth' is not a field of the table."},
      {json{{"table", {{"width", 48}}}}, "s: field 'table.height' is missing."},
      {json{{"table", {{"width", 6}, {"height", 36}}}},
       "s: field 'table.width' is 6, but must be from 12 to 240 inches."},
  };
  for (const auto& [j, message] : refused) {
    Reader bad("s", kOhw);
    EXPECT_FALSE(bad.table(j, w, h));
    EXPECT_EQ(kept(bad), message);
  }
}

TEST(TableSides, TwoSidesWithDifferentIdsAndTheFirstMover) {
  const json two = {
      {"sides", {{{"id", "blue"}, {"name", "Blue"}}, {{"id", "red"}, {"name", "Red"}}}}};
  std::array<std::string, kNumSides> ids, names;
  Reader rd("s", kOhw);
  EXPECT_TRUE(rd.sides(two, ids, names));
  EXPECT_EQ(ids[1], "red");
  EXPECT_EQ(names[0], "Blue");
  EXPECT_EQ(side_index(ids, "red"), 1);
  EXPECT_EQ(side_index(ids, "green"), -1);
  int first = 0;
  EXPECT_TRUE(rd.first(json::object(), ids, first));
  EXPECT_EQ(first, 0) << "absent: the default stays";
  EXPECT_TRUE(rd.first(json{{"first", "red"}}, ids, first));
  EXPECT_EQ(first, 1);
  EXPECT_TRUE(rd.first(json{{"first", "roll_off"}}, ids, first));
  EXPECT_EQ(first, -1);
  int side = -1;
  EXPECT_TRUE(rd.side(json{{"side", "blue"}}, "units[0].", "side", ids, side));
  EXPECT_EQ(side, 0);
  EXPECT_EQ(kept(rd), "");

  Reader a("s", kOhw);
  EXPECT_FALSE(a.sides(json{{"sides", {{{"id", "blue"}, {"name", "Blue"}}}}}, ids, names));
  EXPECT_EQ(kept(a), "s: field 'sides' must be a list of exactly 2 entries.");
  Reader b("s", kOhw);
  json same = two;
  same["sides"][1]["id"] = "blue";
  EXPECT_FALSE(b.sides(same, ids, names));
  EXPECT_EQ(kept(b), "s: field 'sides[1].id' repeats the id of the first side.");
  Reader c("s", kOhw);
  json extra = two;
  extra["sides"][0]["colour"] = "blue";
  EXPECT_FALSE(c.sides(extra, ids, names));
  EXPECT_EQ(kept(c), "s: field 'sides[0].colour' is not a field of a side.");
  ids = {"blue", "red"};
  Reader d("s", kFastplay);
  EXPECT_FALSE(d.first(json{{"first", "roll_off"}}, ids, first));
  EXPECT_EQ(kept(d), "s: field 'first' is 'roll_off', but must be blue, red or \"roll\".");
  Reader e("s", kOhw);
  EXPECT_FALSE(e.first(json{{"first", 1}}, ids, first));
  EXPECT_EQ(kept(e), "s: field 'first' must be blue, red or \"roll_off\".");
  Reader f("s", kOhw);
  EXPECT_FALSE(f.side(json{{"side", "green"}}, "units[3].", "side", ids, side));
  EXPECT_EQ(kept(f), "s: field 'units[3].side' is 'green', but must be blue or red.");
}

TEST(TableTerrain, RectanglesPolygonsTypesAndExtraFields) {
  const json j = {{"terrain",
                   {{{"id", "wood"}, {"type", "woods"}, {"rect", {1, 2, 3.5, 4}}},
                    {{"id", "hill"},
                     {"type", "rough"},
                     {"polygon", {{0, 0}, {4, 0}, {2, 3}}},
                     {"height", 2}}}}};
  std::vector<TerrainPiece<Ground>> out;
  std::vector<int> heights;
  Reader rd("s", kOhw);
  EXPECT_TRUE(rd.terrain(j, grounds(), out, {"height"},
                         [&](const json& piece, const std::string& p, std::size_t) {
                           int h = 0;
                           if (!rd.integer(piece, p, "height", h, 0, 9, Need::kOptional))
                             return false;
                           heights.push_back(h);
                           return true;
                         }));
  EXPECT_EQ(kept(rd), "");
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(out[0].id, "wood");
  EXPECT_EQ(out[0].type, Ground::kWoods);
  EXPECT_EQ(out[0].outline, (geo::Polygon{{100, 200}, {350, 200}, {350, 400}, {100, 400}}));
  EXPECT_EQ(out[1].type, Ground::kRough);
  EXPECT_EQ(out[1].outline.size(), 3u);
  EXPECT_EQ(heights, (std::vector<int>{0, 2}));
  std::vector<TerrainPiece<Ground>> none;
  EXPECT_TRUE(rd.terrain(json::object(), grounds(), none)) << "terrain is optional";
  EXPECT_TRUE(none.empty());
}

TEST(TableTerrain, EveryBadPieceIsRefusedNamingItsField) {
  auto one = [](json piece) { return json{{"terrain", json::array({std::move(piece)})}}; };
  const std::pair<json, const char*> refused[] = {
      {json{{"terrain", 3}}, "s: field 'terrain' must be a list."},
      {one(json{{"id", "w"}, {"type", "swamp"}, {"rect", {0, 0, 1, 1}}}),
       "s: field 'terrain[0].type' is 'swamp', but must be open, rough or woods."},
      {one(json{{"id", "w"}, {"type", "woods"}, {"rect", {0, 0, 1, 1}}, {"height", 2}}),
       "s: field 'terrain[0].height' is not a field of a terrain piece."},
      {one(json{{"id", "w"}, {"type", "woods"}}),
       "s: field 'terrain[0].rect' or 'polygon' must be given (one of them, not both)."},
      {one(json{{"id", "w"}, {"type", "woods"}, {"rect", {0, 0, 1}}}),
       "s: field 'terrain[0].rect' must be [x0, y0, x1, y1] in inches."},
      {one(json{{"id", "w"}, {"type", "woods"}, {"rect", {2, 0, 1, 1}}}),
       "s: field 'terrain[0].rect' must have x0 < x1 and y0 < y1."},
      {one(json{{"id", "w"}, {"type", "woods"}, {"rect", {0, 0, 1.001, 1}}}),
       "s: field 'terrain[0].rect[2]' may have at most two decimals."},
      {one(json{{"id", "w"}, {"type", "woods"}, {"polygon", {{0, 0}, {1, 1}}}}),
       "s: field 'terrain[0].polygon' must be a list of at least 3 entries."},
      {one(json{{"id", "w"}, {"type", "woods"}, {"polygon", {{0, 0}, {4, 4}, {4, 0}, {0, 4}}}}),
       nullptr},  // a bow tie: not simple
  };
  for (const auto& [j, message] : refused) {
    Reader bad("s", kOhw);
    std::vector<TerrainPiece<Ground>> out;
    EXPECT_FALSE(bad.terrain(j, grounds(), out));
    if (message != nullptr)
      EXPECT_EQ(kept(bad), message);
    else
      EXPECT_EQ(kept(bad).rfind("s: field 'terrain[0].polygon' is not a simple polygon: ", 0), 0u)
          << kept(bad);
  }
  Reader twice("s", kOhw);
  std::vector<TerrainPiece<Ground>> out;
  const json piece = {{"id", "w"}, {"type", "woods"}, {"rect", {0, 0, 1, 1}}};
  EXPECT_FALSE(twice.terrain(json{{"terrain", {piece, piece}}}, grounds(), out));
  EXPECT_EQ(kept(twice), "s: field 'terrain[1].id' repeats the id 'w'.");
  Reader off("s", kFastplay);
  EXPECT_FALSE(off.terrain(one(json{{"id", "w"}, {"type", "woods"}, {"rect", {-1, 0, 1, 1}}}),
                           grounds(), out));
  EXPECT_EQ(kept(off), "s: field 'terrain[0].rect[0]' is -1, but must be from 0 to 1000 cm.");
}

TEST(TableRoads, LinesOfTwoPointsOrMore) {
  Reader rd("s", kGwkho);
  std::vector<Road> roads;
  EXPECT_TRUE(
      rd.roads(json{{"roads", {{{"id", "r"}, {"line", {{0, 0}, {10.5, 4}, {20, 4}}}}}}}, roads));
  ASSERT_EQ(roads.size(), 1u);
  EXPECT_EQ(roads[0].line[1], (geo::Point{10 * 1270 + 635, 4 * 1270}));
  std::vector<Road> none;
  EXPECT_TRUE(rd.roads(json::object(), none));
  EXPECT_EQ(kept(rd), "");
  const std::pair<json, const char*> refused[] = {
      {json{{"roads", {{{"id", "r"}, {"line", {{0, 0}}}}}}},
       "s: field 'roads[0].line' must be a list of at least 2 entries."},
      {json{{"roads", {{{"id", "r"}, {"line", {{0, 0}, {0, 0}}}}}}},
       "s: field 'roads[0].line[1]' repeats the point before it."},
      {json{{"roads", {{{"id", "r"}, {"line", {{0, 0}, {1, 0}}}, {"width", 1}}}}},
       "s: field 'roads[0].width' is not a field of a road."},
      {json{{"roads",
             {{{"id", "r"}, {"line", {{0, 0}, {1, 0}}}},
              {{"id", "r"}, {"line", {{0, 0}, {1, 0}}}}}}},
       "s: field 'roads[1].id' repeats the id 'r'."},
  };
  for (const auto& [j, message] : refused) {
    Reader bad("s", kGwkho);
    std::vector<Road> out;
    EXPECT_FALSE(bad.roads(j, out));
    EXPECT_EQ(kept(bad), message);
  }
}

TEST(TableScenario, TheRegistryAddsTheLineOfTheField) {
  // The reader's sentence is FieldReader's, so the registry's with_field_line finds the field.
  const std::string text =
      "{\n  \"terrain\": [\n    {\"id\": \"w\", \"type\": \"woods\",\n"
      "     \"rect\": [0, 0, 1.001, 1]}\n  ]\n}\n";
  Reader rd("my.json", kOhw);
  std::vector<TerrainPiece<Ground>> out;
  EXPECT_FALSE(rd.terrain(json::parse(text), grounds(), out));
  EXPECT_EQ(with_field_line(kept(rd), "my.json", text),
            "my.json:4: field 'terrain[0].rect[2]' may have at most two decimals.");
}

}  // namespace
}  // namespace carroccio::game::table
