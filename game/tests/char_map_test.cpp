// The table kit's character drawing (game/table/char_map.hpp): what ohw, fastplay and gwkho print
// in the terminal.
#include "game/table/char_map.hpp"

#include <gtest/gtest.h>

namespace carroccio::game::table {
namespace {

// A map of 4 x 3 cells of 10 units: cell centres at 5, 15, 25, 35 across and 5, 15, 25 up.
CharMap small() { return CharMap(40, 30, 10); }

TEST(CharMap, StartsAsOpenGroundTopRowFirst) {
  const CharMap m = small();
  EXPECT_EQ(m.cols(), 4);
  EXPECT_EQ(m.rows(), 3);
  EXPECT_EQ(m.lines(), (std::vector<std::string>{"....", "....", "...."}));
  EXPECT_EQ(m.cell_centre(1, 2), (geo::Point{15, 25}));
}

TEST(CharMap, FillsTheCellsWhoseCentresLieInsideAPolygonAndNoOthers) {
  CharMap m = small();
  // The polygon holds the centres (5, 5) and (15, 5) only: the bottom row's first two cells.
  m.fill_polygon(std::vector<geo::Point>{{0, 0}, {20, 0}, {20, 10}, {0, 10}}, '#');
  EXPECT_EQ(m.lines(), (std::vector<std::string>{"....", "....", "##.."}));
  // A polygon that holds no cell centre paints nothing.
  CharMap n = small();
  n.fill_polygon(std::vector<geo::Point>{{0, 0}, {4, 0}, {4, 4}, {0, 4}}, '#');
  EXPECT_EQ(n.lines(), (std::vector<std::string>{"....", "....", "...."}));
}

TEST(CharMap, AStrokeKeepsToItsWidthAndPaintsOnlyOverWhatItMayCover) {
  CharMap m = small();
  m.at(0, 1) = '#';
  // A line along y = 15: the middle row, within 5 of every centre there.
  m.stroke(std::vector<geo::Point>{{0, 15}, {40, 15}}, 5, ':', '.');
  EXPECT_EQ(m.lines(), (std::vector<std::string>{"....", "#:::", "...."}));
  // Without `over` it covers everything in reach.
  m.stroke(std::vector<geo::Point>{{0, 15}, {40, 15}}, 5, '=');
  EXPECT_EQ(m.lines()[1], "====");
  // A width that reaches no centre paints nothing.
  CharMap n = small();
  n.stroke(std::vector<geo::Point>{{0, 10}, {40, 10}}, 4, ':');
  EXPECT_EQ(n.lines(), (std::vector<std::string>{"....", "....", "...."}));
}

TEST(CharMap, ABaseSmallerThanACellShowsOnlyWhenAskedForItsCentre) {
  // A 4 x 4 base centred at (12, 12) holds no cell centre.
  const geo::Base b(geo::Point{12, 12}, 4, 4, geo::Angle::degrees(90));
  CharMap m = small();
  m.fill_base(b, 'K');
  EXPECT_EQ(m.lines(), (std::vector<std::string>{"....", "....", "...."}));
  m.fill_base(b, 'K', true);
  EXPECT_EQ(m.lines(), (std::vector<std::string>{"....", ".K..", "...."}));
  // A base over two centres paints both.
  CharMap n = small();
  n.fill_base(geo::Base(geo::Point{10, 5}, 20, 8, geo::Angle::degrees(90)), 'k');
  EXPECT_EQ(n.lines()[2], "kk..");
}

TEST(CharMap, PointsOffTheMapAreLeftOut) {
  CharMap m = small();
  m.put(geo::Point{45, 5}, 'X');
  m.put(geo::Point{5, -15}, 'X');
  m.put(geo::Point{5, 30}, 'X');
  EXPECT_EQ(m.lines(), (std::vector<std::string>{"....", "....", "...."}));
  EXPECT_EQ(m.cell_at(geo::Point{45, 5}), nullptr);
  ASSERT_NE(m.cell_at(geo::Point{39, 29}), nullptr);
  m.put(geo::Point{39, 29}, 'X');
  EXPECT_EQ(m.lines()[0], "...X");
}

TEST(CharMap, ArrowsPointTheWayOfTheHeadingByOctant) {
  EXPECT_EQ(CharMap::arrow(geo::Angle::degrees(0)), '>');
  EXPECT_EQ(CharMap::arrow(geo::Angle::degrees(45)), '/');
  EXPECT_EQ(CharMap::arrow(geo::Angle::degrees(90)), '^');
  EXPECT_EQ(CharMap::arrow(geo::Angle::degrees(135)), '\\');
  EXPECT_EQ(CharMap::arrow(geo::Angle::degrees(180)), '<');
  EXPECT_EQ(CharMap::arrow(geo::Angle::degrees(270)), 'v');
  EXPECT_EQ(CharMap::arrow(geo::Angle::degrees(350)), '>');  // within 22.5 degrees of east
  EXPECT_EQ(CharMap::arrow(geo::Angle::degrees(22)), '>');
  EXPECT_EQ(CharMap::arrow(geo::Angle::degrees(23)), '/');
  // mark_front: the cell just behind the middle of the front edge.
  CharMap m = small();
  m.mark_front(geo::Base(geo::Point{15, 10}, 20, 20, geo::Angle::degrees(90)));
  EXPECT_EQ(m.lines(), (std::vector<std::string>{"....", ".^..", "...."}));
}

TEST(CharMap, TextNumbersTheRowsFromTheNearEdgeAndTicksTheColumns) {
  CharMap m = small();
  m.at(0, 0) = 'A';
  EXPECT_EQ(m.text_with_axes(2), "  3 ....\n  2 ....\n  1 A...\n    | | \n");
}

}  // namespace
}  // namespace carroccio::game::table
