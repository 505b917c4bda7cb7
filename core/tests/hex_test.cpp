#include "core/hex.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace carroccio::core::hex {
namespace {

constexpr Grid kLegnano{Orientation::kFlatTop, Parity::kEven, 20, 28};
constexpr Grid kFlatOdd{Orientation::kFlatTop, Parity::kOdd, 20, 28};
constexpr Grid kPointyEven{Orientation::kPointyTop, Parity::kEven, 20, 28};
constexpr Grid kPointyOdd{Orientation::kPointyTop, Parity::kOdd, 20, 28};
constexpr std::array<Grid, 4> kAllGrids = {kLegnano, kFlatOdd, kPointyEven, kPointyOdd};

// Flat-topped directions.
constexpr int kN = 0, kNE = 1, kSE = 2, kS = 3, kSW = 4, kNW = 5;
// Pointy-topped directions.
constexpr int kPNE = 0, kPE = 1, kPSE = 2, kPSW = 3, kPW = 4, kPNW = 5;

Hex at(const Grid& grid, std::string_view label) {
  Expected<Hex> h = grid.parse_label(label);
  EXPECT_TRUE(h.ok()) << label;
  return h.ok() ? *h : Hex{};
}

std::vector<std::string> labels(const Grid& grid, const std::vector<Hex>& hexes) {
  std::vector<std::string> out;
  for (Hex h : hexes) out.push_back(grid.label(h));
  return out;
}

// The neighbour offsets of printed (c, r), in direction order 0..5.
std::array<Offset, 6> neighbor_offsets(const Grid& grid, int c, int r) {
  std::array<Offset, 6> out;
  for (int d = 0; d < 6; ++d) out[d] = grid.to_offset(neighbor(grid.from_offset(c, r), d));
  return out;
}

// ---------------------------------------------------------------------------------------------
// Coordinates and directions

TEST(Hex, CubeCoordinateAndOperators) {
  const Hex a{2, -5};
  EXPECT_EQ(a.s(), 3);
  EXPECT_EQ(a + Hex({1, 1}), (Hex{3, -4}));
  EXPECT_EQ(a - Hex({1, 1}), (Hex{1, -6}));
  EXPECT_EQ(a * 3, (Hex{6, -15}));
  EXPECT_LT((Hex{1, 9}), (Hex{2, -9}));  // q first
  EXPECT_LT((Hex{1, 2}), (Hex{1, 3}));   // then r
  EXPECT_EQ(to_string(a), "(2,-5)");
  EXPECT_NE(std::hash<Hex>{}(Hex{0, 1}), std::hash<Hex>{}(Hex{1, 0}));
}

TEST(Hex, NeighborAxialSteps) {
  const Hex o{0, 0};
  EXPECT_EQ(neighbor(o, 0), (Hex{0, -1}));
  EXPECT_EQ(neighbor(o, 1), (Hex{1, -1}));
  EXPECT_EQ(neighbor(o, 2), (Hex{1, 0}));
  EXPECT_EQ(neighbor(o, 3), (Hex{0, 1}));
  EXPECT_EQ(neighbor(o, 4), (Hex{-1, 1}));
  EXPECT_EQ(neighbor(o, 5), (Hex{-1, 0}));
  for (int d = 0; d < 6; ++d) {
    EXPECT_EQ(neighbor(neighbor(o, d), opposite(d)), o);
    EXPECT_EQ(distance(o, neighbor(o, d)), 1);
  }
}

TEST(Hex, RotateAndOppositeDirection) {
  EXPECT_EQ(opposite(0), 3);
  EXPECT_EQ(opposite(4), 1);
  EXPECT_EQ(rotate_direction(5, 1), 0);
  EXPECT_EQ(rotate_direction(0, -1), 5);
  EXPECT_EQ(rotate_direction(2, -8), 0);
  EXPECT_EQ(rotate_direction(2, 13), 3);
}

TEST(Hex, DirectionToAdjacentAndNone) {
  const Hex a{3, -2};
  for (int d = 0; d < 6; ++d) {
    const std::optional<int> got = direction_to(a, neighbor(a, d));
    ASSERT_TRUE(got.has_value());
    EXPECT_EQ(*got, d);
  }
  EXPECT_FALSE(direction_to(a, a).has_value());
  EXPECT_FALSE(direction_to(a, a + Hex{1, 1}).has_value());    // distance 2
  EXPECT_FALSE(direction_to(a, a + Hex{-1, -1}).has_value());  // distance 2
  EXPECT_FALSE(direction_to(a, a + Hex{0, 2}).has_value());
  EXPECT_FALSE(direction_to(a, a + Hex{5, 0}).has_value());
}

TEST(Hex, DirectionNamesBothOrientations) {
  const std::array<std::string_view, 6> flat = {"N", "NE", "SE", "S", "SW", "NW"};
  const std::array<std::string_view, 6> pointy = {"NE", "E", "SE", "SW", "W", "NW"};
  for (int d = 0; d < 6; ++d) {
    EXPECT_EQ(direction_name(Orientation::kFlatTop, d), flat[d]);
    EXPECT_EQ(direction_name(Orientation::kPointyTop, d), pointy[d]);
    EXPECT_EQ(*parse_direction(Orientation::kFlatTop, flat[d]), d);
    EXPECT_EQ(*parse_direction(Orientation::kPointyTop, pointy[d]), d);
  }
  EXPECT_EQ(*parse_direction(Orientation::kFlatTop, "sw"), kSW);
  const Expected<int> bad = parse_direction(Orientation::kFlatTop, "E");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.message().find("'E' is not a direction on a flat-topped map"), std::string::npos)
      << bad.message();
  EXPECT_FALSE(parse_direction(Orientation::kPointyTop, "N").ok());
  EXPECT_FALSE(parse_direction(Orientation::kPointyTop, "").ok());
}

TEST(Hex, DistanceHandComputed) {
  EXPECT_EQ(distance(Hex{0, 0}, Hex{0, 0}), 0);
  EXPECT_EQ(distance(Hex{0, 0}, Hex{3, 0}), 3);
  EXPECT_EQ(distance(Hex{0, 0}, Hex{2, -1}), 2);
  EXPECT_EQ(distance(Hex{0, 0}, Hex{3, -5}), 5);
  EXPECT_EQ(distance(Hex{-2, 4}, Hex{1, 1}), 3);
  // Legnano: 0101 to 2028 is 19 steps SE/NE (gaining 9 rows) and 18 steps S.
  EXPECT_EQ(distance(at(kLegnano, "0101"), at(kLegnano, "2028")), 37);
  EXPECT_EQ(distance(at(kLegnano, "0101"), at(kLegnano, "0301")), 2);
  EXPECT_EQ(distance(at(kLegnano, "0101"), at(kLegnano, "0128")), 27);
  EXPECT_EQ(distance(at(kLegnano, "1120"), at(kLegnano, "1123")), 3);
  EXPECT_EQ(distance(at(kLegnano, "1120"), at(kLegnano, "1320")), 2);
  EXPECT_EQ(distance(at(kLegnano, "1120"), at(kLegnano, "1321")), 2);
  EXPECT_EQ(distance(at(kLegnano, "1120"), at(kLegnano, "1322")), 3);
}

TEST(Hex, DistanceSymmetricAndTriangle) {
  const std::vector<Hex> hexes = range(Hex{1, -2}, 4);
  for (Hex a : hexes) {
    for (Hex b : hexes) {
      EXPECT_EQ(distance(a, b), distance(b, a));
      EXPECT_EQ(distance(a, b) == 0, a == b);
      for (int d = 0; d < 6; ++d) EXPECT_LE(distance(a, b), distance(neighbor(a, d), b) + 1);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Printed maps

TEST(Hex, LegnanoNeighborsOddColumn) {
  // Odd c: N (c,r-1), S (c,r+1), NE (c+1,r-1), SE (c+1,r), NW (c-1,r-1), SW (c-1,r).
  for (const Offset o : {Offset{11, 20}, Offset{1, 5}, Offset{19, 27}, Offset{3, 2}}) {
    const int c = o.col, r = o.row;
    const auto n = neighbor_offsets(kLegnano, c, r);
    EXPECT_EQ(n[kN], (Offset{c, r - 1}));
    EXPECT_EQ(n[kS], (Offset{c, r + 1}));
    EXPECT_EQ(n[kNE], (Offset{c + 1, r - 1}));
    EXPECT_EQ(n[kSE], (Offset{c + 1, r}));
    EXPECT_EQ(n[kNW], (Offset{c - 1, r - 1}));
    EXPECT_EQ(n[kSW], (Offset{c - 1, r}));
  }
}

TEST(Hex, LegnanoNeighborsEvenColumn) {
  // Even c: N (c,r-1), S (c,r+1), NE (c+1,r), SE (c+1,r+1), NW (c-1,r), SW (c-1,r+1).
  for (const Offset o : {Offset{12, 20}, Offset{2, 5}, Offset{20, 27}, Offset{10, 2}}) {
    const int c = o.col, r = o.row;
    const auto n = neighbor_offsets(kLegnano, c, r);
    EXPECT_EQ(n[kN], (Offset{c, r - 1}));
    EXPECT_EQ(n[kS], (Offset{c, r + 1}));
    EXPECT_EQ(n[kNE], (Offset{c + 1, r}));
    EXPECT_EQ(n[kSE], (Offset{c + 1, r + 1}));
    EXPECT_EQ(n[kNW], (Offset{c - 1, r}));
    EXPECT_EQ(n[kSW], (Offset{c - 1, r + 1}));
  }
}

TEST(Hex, LegnanoCarroccioNeighborsByLabel) {
  const Hex carroccio = at(kLegnano, "1120");
  std::vector<std::string> got;
  for (int d = 0; d < 6; ++d) got.push_back(kLegnano.label(neighbor(carroccio, d)));
  EXPECT_EQ(got, (std::vector<std::string>{"1119", "1219", "1220", "1121", "1020", "1019"}));
}

TEST(Hex, LegnanoCornersAndEdges) {
  // North-west corner 0101 (odd column, not shoved): only S and SE are on the map.
  const Hex nw = at(kLegnano, "0101");
  EXPECT_FALSE(kLegnano.contains(neighbor(nw, kN)));
  EXPECT_FALSE(kLegnano.contains(neighbor(nw, kNE)));  // would be 0200
  EXPECT_EQ(kLegnano.label(neighbor(nw, kSE)), "0201");
  EXPECT_EQ(kLegnano.label(neighbor(nw, kS)), "0102");
  EXPECT_FALSE(kLegnano.contains(neighbor(nw, kSW)));
  EXPECT_FALSE(kLegnano.contains(neighbor(nw, kNW)));
  // South-east corner 2028 (even column, shoved down): only N and NW are on the map.
  const Hex se = at(kLegnano, "2028");
  EXPECT_EQ(kLegnano.label(neighbor(se, kN)), "2027");
  EXPECT_EQ(kLegnano.label(neighbor(se, kNW)), "1928");
  EXPECT_FALSE(kLegnano.contains(neighbor(se, kSW)));  // 1929
  EXPECT_FALSE(kLegnano.contains(neighbor(se, kS)));
  EXPECT_FALSE(kLegnano.contains(neighbor(se, kNE)));
  EXPECT_FALSE(kLegnano.contains(neighbor(se, kSE)));
  // North edge, even column 0201: N is off, NE 0301 and NW 0101 are on (shoved down).
  const Hex n2 = at(kLegnano, "0201");
  EXPECT_FALSE(kLegnano.contains(neighbor(n2, kN)));
  EXPECT_EQ(kLegnano.label(neighbor(n2, kNE)), "0301");
  EXPECT_EQ(kLegnano.label(neighbor(n2, kNW)), "0101");
  // The map boundary, one past each side.
  EXPECT_TRUE(kLegnano.contains(kLegnano.from_offset(20, 28)));
  EXPECT_TRUE(kLegnano.contains(kLegnano.from_offset(1, 28)));
  EXPECT_TRUE(kLegnano.contains(kLegnano.from_offset(20, 1)));
  EXPECT_FALSE(kLegnano.contains(kLegnano.from_offset(0, 1)));
  EXPECT_FALSE(kLegnano.contains(kLegnano.from_offset(21, 1)));
  EXPECT_FALSE(kLegnano.contains(kLegnano.from_offset(1, 0)));
  EXPECT_FALSE(kLegnano.contains(kLegnano.from_offset(1, 29)));
  // Per-hex neighbour count: corners 2 or 3, interior 6.
  auto on_map_neighbors = [](Hex h) {
    int n = 0;
    for (int d = 0; d < 6; ++d) n += kLegnano.contains(neighbor(h, d)) ? 1 : 0;
    return n;
  };
  EXPECT_EQ(on_map_neighbors(nw), 2);
  EXPECT_EQ(on_map_neighbors(at(kLegnano, "2001")), 3);  // N off; NW 1901, SW 1902, S 2002
  EXPECT_EQ(on_map_neighbors(at(kLegnano, "0128")), 3);  // N 0127, NE 0227, SE 0228
  EXPECT_EQ(on_map_neighbors(se), 2);
  EXPECT_EQ(on_map_neighbors(at(kLegnano, "1120")), 6);
}

TEST(Hex, FlatOddParityNeighbors) {
  // Odd printed columns are shoved down: odd c behaves like Legnano's even c and vice versa.
  const auto odd = neighbor_offsets(kFlatOdd, 5, 7);
  EXPECT_EQ(odd, (std::array<Offset, 6>{
                     {{5, 6}, {6, 7}, {6, 8}, {5, 8}, {4, 8}, {4, 7}}}));  // N NE SE S SW NW
  const auto even = neighbor_offsets(kFlatOdd, 6, 7);
  EXPECT_EQ(even, (std::array<Offset, 6>{{{6, 6}, {7, 6}, {7, 7}, {6, 8}, {5, 7}, {5, 6}}}));
  // Corner 0101 is shoved down here, so its SW/NW are off but NE is 0201.
  const Hex c = kFlatOdd.from_offset(1, 1);
  EXPECT_EQ(kFlatOdd.label(neighbor(c, kNE)), "0201");
  EXPECT_EQ(kFlatOdd.label(neighbor(c, kSE)), "0202");
  EXPECT_FALSE(kFlatOdd.contains(neighbor(c, kN)));
}

TEST(Hex, PointyEvenParityNeighbors) {
  // Even printed rows are shoved right. Directions: NE E SE SW W NW.
  const auto odd_row = neighbor_offsets(kPointyEven, 5, 7);
  EXPECT_EQ(odd_row[kPNE], (Offset{5, 6}));
  EXPECT_EQ(odd_row[kPE], (Offset{6, 7}));
  EXPECT_EQ(odd_row[kPSE], (Offset{5, 8}));
  EXPECT_EQ(odd_row[kPSW], (Offset{4, 8}));
  EXPECT_EQ(odd_row[kPW], (Offset{4, 7}));
  EXPECT_EQ(odd_row[kPNW], (Offset{4, 6}));
  const auto even_row = neighbor_offsets(kPointyEven, 5, 8);
  EXPECT_EQ(even_row[kPNE], (Offset{6, 7}));
  EXPECT_EQ(even_row[kPE], (Offset{6, 8}));
  EXPECT_EQ(even_row[kPSE], (Offset{6, 9}));
  EXPECT_EQ(even_row[kPSW], (Offset{5, 9}));
  EXPECT_EQ(even_row[kPW], (Offset{4, 8}));
  EXPECT_EQ(even_row[kPNW], (Offset{5, 7}));
  // Corner 0101 (row 1, not shoved): only E, SE on the map.
  const Hex c = kPointyEven.from_offset(1, 1);
  EXPECT_EQ(kPointyEven.label(neighbor(c, kPE)), "0201");
  EXPECT_EQ(kPointyEven.label(neighbor(c, kPSE)), "0102");
  EXPECT_FALSE(kPointyEven.contains(neighbor(c, kPSW)));
  EXPECT_FALSE(kPointyEven.contains(neighbor(c, kPNE)));
}

TEST(Hex, PointyOddParityNeighbors) {
  // Odd printed rows are shoved right.
  const auto odd_row = neighbor_offsets(kPointyOdd, 5, 7);
  EXPECT_EQ(odd_row, (std::array<Offset, 6>{
                         {{6, 6}, {6, 7}, {6, 8}, {5, 8}, {4, 7}, {5, 6}}}));  // NE E SE SW W NW
  const auto even_row = neighbor_offsets(kPointyOdd, 5, 8);
  EXPECT_EQ(even_row, (std::array<Offset, 6>{{{5, 7}, {6, 8}, {5, 9}, {4, 9}, {4, 8}, {4, 7}}}));
  // Corner 0101 is shoved right here: its SW is 0102.
  const Hex c = kPointyOdd.from_offset(1, 1);
  EXPECT_EQ(kPointyOdd.label(neighbor(c, kPSW)), "0102");
  EXPECT_EQ(kPointyOdd.label(neighbor(c, kPSE)), "0202");
}

TEST(Hex, EveryGridNeighborsAreAdjacentAndConsistent) {
  for (const Grid& g : kAllGrids) {
    for (int i = 0; i < g.size(); ++i) {
      const Hex h = g.from_index(i);
      for (int d = 0; d < 6; ++d) {
        const Hex n = neighbor(h, d);
        const Offset a = g.to_offset(h), b = g.to_offset(n);
        // A step changes the printed column and row by at most one each.
        EXPECT_LE(std::abs(a.col - b.col), 1);
        EXPECT_LE(std::abs(a.row - b.row), 1);
        EXPECT_EQ(g.from_offset(b), n);
      }
    }
  }
}

TEST(Hex, LabelRoundTripFlatEvenParity) {
  EXPECT_EQ(kLegnano.label(kLegnano.from_offset(11, 20)), "1120");
  EXPECT_EQ(kLegnano.label(kLegnano.from_offset(1, 1)), "0101");
  EXPECT_EQ(kLegnano.label(kLegnano.from_offset(20, 28)), "2028");
  EXPECT_EQ(kLegnano.to_offset(at(kLegnano, "0406")), (Offset{4, 6}));
  EXPECT_EQ(kLegnano.to_offset(at(kLegnano, "1826")), (Offset{18, 26}));
  for (int i = 0; i < kLegnano.size(); ++i) {
    const Hex h = kLegnano.from_index(i);
    EXPECT_EQ(at(kLegnano, kLegnano.label(h)), h);
  }
}

TEST(Hex, LabelRoundTripAllOrientationsAndParities) {
  for (const Grid& g : kAllGrids) {
    std::set<Hex> seen;
    for (int c = 1; c <= g.cols; ++c) {
      for (int r = 1; r <= g.rows; ++r) {
        const Hex h = g.from_offset(c, r);
        EXPECT_TRUE(g.contains(h));
        EXPECT_EQ(g.to_offset(h), (Offset{c, r}));
        const std::string label = g.label(h);
        EXPECT_EQ(label, fmt::format("{:02}{:02}", c, r));
        EXPECT_EQ(at(g, label), h);
        seen.insert(h);
      }
    }
    EXPECT_EQ(static_cast<int>(seen.size()), g.size());
  }
}

TEST(Hex, DenseIndexIsLabelOrder) {
  for (const Grid& g : kAllGrids) {
    EXPECT_EQ(g.size(), 560);
    EXPECT_EQ(g.index(at(g, "0101")), 0);
    EXPECT_EQ(g.index(at(g, "0128")), 27);
    EXPECT_EQ(g.index(at(g, "0201")), 28);
    EXPECT_EQ(g.index(at(g, "2028")), 559);
    std::string previous;
    for (int i = 0; i < g.size(); ++i) {
      const Hex h = g.from_index(i);
      EXPECT_EQ(g.index(h), i);
      const std::string label = g.label(h);
      EXPECT_LT(previous, label);
      previous = label;
    }
  }
}

TEST(Hex, LabelParseErrors) {
  for (std::string_view bad : {"11a0", "ABCD", "112", "11200", "", " 1120", "11-2", "1120 "}) {
    const Expected<Hex> h = kLegnano.parse_label(bad);
    ASSERT_FALSE(h.ok()) << bad;
    EXPECT_EQ(h.message(), fmt::format("'{}' is not a hex label: write four digits, column then "
                                       "row, e.g. 1120.",
                                       bad));
  }
}

TEST(Hex, LabelParseOffMapSaysWhichAndMapSize) {
  const Expected<Hex> both = kLegnano.parse_label("2129");
  ASSERT_FALSE(both.ok());
  EXPECT_EQ(both.message(),
            "Hex 2129 is off the map: column 21 and row 29 are outside columns 01-20 and rows "
            "01-28 of this 20x28 map.");
  const Expected<Hex> col = kLegnano.parse_label("2101");
  ASSERT_FALSE(col.ok());
  EXPECT_EQ(col.message(),
            "Hex 2101 is off the map: column 21 is outside columns 01-20 of this 20x28 map.");
  const Expected<Hex> row = kLegnano.parse_label("0100");
  ASSERT_FALSE(row.ok());
  EXPECT_EQ(row.message(),
            "Hex 0100 is off the map: row 00 is outside rows 01-28 of this 20x28 map.");
  EXPECT_FALSE(kLegnano.parse_label("0029").ok());
  EXPECT_FALSE(kLegnano.parse_label("2029").ok());
  EXPECT_TRUE(kLegnano.parse_label("2028").ok());
  EXPECT_TRUE(kLegnano.parse_label("0101").ok());
}

TEST(Hex, GridCreateChecksSize) {
  const Expected<Grid> ok = Grid::create(Orientation::kFlatTop, Parity::kEven, 20, 28);
  ASSERT_TRUE(ok.ok());
  EXPECT_EQ(*ok, kLegnano);
  EXPECT_TRUE(Grid::create(Orientation::kPointyTop, Parity::kOdd, 99, 1).ok());
  const Expected<Grid> zero = Grid::create(Orientation::kFlatTop, Parity::kEven, 0, 28);
  ASSERT_FALSE(zero.ok());
  EXPECT_EQ(zero.message(),
            "A 0x28 hex map is not possible: columns and rows must each be from 1 to 99.");
  EXPECT_FALSE(Grid::create(Orientation::kFlatTop, Parity::kEven, 20, 100).ok());
}

TEST(Hex, OffMapHexesStillConvert) {
  // Off-map offsets convert both ways (useful for routing off an edge).
  for (const Grid& g : kAllGrids) {
    for (const Offset o : {Offset{0, 0}, Offset{-3, 5}, Offset{21, 29}, Offset{7, -4}}) {
      const Hex h = g.from_offset(o);
      EXPECT_EQ(g.to_offset(h), o);
      EXPECT_FALSE(g.contains(h));
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Lines, rings, ranges

TEST(Hex, LineHandComputed) {
  const Hex o{0, 0};
  EXPECT_EQ(line(o, o), (std::vector<Hex>{o}));
  EXPECT_EQ(line(o, Hex{1, -1}), (std::vector<Hex>{o, {1, -1}}));
  EXPECT_EQ(line(o, Hex{0, 3}), (std::vector<Hex>{o, {0, 1}, {0, 2}, {0, 3}}));
  // Along a hexside (flat "due east"): the tie at the midpoint goes to the SE side.
  EXPECT_EQ(line(o, Hex{2, -1}), (std::vector<Hex>{o, {1, 0}, {2, -1}}));
  // Not a tie: (3,-1) is 1/3 of the way (1,-1/3) -> (1,0); 2/3 (2,-2/3) -> (2,-1).
  EXPECT_EQ(line(o, Hex{3, -1}), (std::vector<Hex>{o, {1, 0}, {2, -1}, {3, -1}}));
  // Legnano, along row 1 due east: the line zigzags through the shoved-down even columns.
  EXPECT_EQ(labels(kLegnano, line(at(kLegnano, "0101"), at(kLegnano, "0501"))),
            (std::vector<std::string>{"0101", "0201", "0301", "0401", "0501"}));
  // Straight down a column.
  EXPECT_EQ(labels(kLegnano, line(at(kLegnano, "1120"), at(kLegnano, "1117"))),
            (std::vector<std::string>{"1120", "1119", "1118", "1117"}));
}

TEST(Hex, LineIsReverseOfReverseLine) {
  for (Hex a : range(Hex{0, 0}, 3)) {
    for (Hex b : range(Hex{2, -1}, 4)) {
      std::vector<Hex> back = line(b, a);
      std::reverse(back.begin(), back.end());
      EXPECT_EQ(line(a, b), back) << a << " " << b;
    }
  }
}

TEST(Hex, LineEndpointsContiguityAndLength) {
  std::vector<Hex> buffer;
  for (Hex a : range(Hex{0, 0}, 5)) {
    for (Hex b : range(Hex{1, -2}, 6)) {
      line(a, b, buffer);
      const int n = distance(a, b);
      ASSERT_EQ(static_cast<int>(buffer.size()), n + 1);
      EXPECT_EQ(buffer.front(), a);
      EXPECT_EQ(buffer.back(), b);
      for (int i = 0; i + 1 < static_cast<int>(buffer.size()); ++i) {
        EXPECT_EQ(distance(buffer[i], buffer[i + 1]), 1) << a << " -> " << b << " at " << i;
        EXPECT_EQ(distance(a, buffer[i]), i);
      }
    }
  }
}

TEST(Hex, LineMatchesNudgedFloatingPointLerp) {
  // The textbook float version (cube lerp nudged by a tiny (+1, +2, -3) epsilon, then cube
  // rounding) gives the same hexes as the exact integer version.
  auto reference = [](Hex a, Hex b) {
    std::vector<Hex> out;
    const int n = distance(a, b);
    for (int i = 0; i <= n; ++i) {
      const double t = n == 0 ? 0.0 : static_cast<double>(i) / n;
      const double x = a.q + (b.q - a.q) * t + 1e-6;
      const double y = a.r + (b.r - a.r) * t + 2e-6;
      const double z = a.s() + (b.s() - a.s()) * t - 3e-6;
      double rx = std::round(x), ry = std::round(y), rz = std::round(z);
      const double ex = std::abs(rx - x), ey = std::abs(ry - y), ez = std::abs(rz - z);
      if (ex > ey && ex > ez) {
        rx = -ry - rz;
      } else if (ey > ez) {
        ry = -rx - rz;
      }
      out.push_back(Hex{static_cast<int>(rx), static_cast<int>(ry)});
    }
    return out;
  };
  for (Hex a : range(Hex{0, 0}, 4)) {
    for (Hex b : range(Hex{-1, 3}, 7)) EXPECT_EQ(line(a, b), reference(a, b)) << a << " " << b;
  }
}

TEST(Hex, RingHandComputed) {
  const Hex c{0, 0};
  EXPECT_EQ(ring(c, 0), (std::vector<Hex>{c}));
  EXPECT_TRUE(ring(c, -1).empty());
  // Radius 1: the neighbours in direction order 0..5 (clockwise from N on a flat map).
  std::vector<Hex> neighbors;
  for (int d = 0; d < 6; ++d) neighbors.push_back(neighbor(c, d));
  EXPECT_EQ(ring(c, 1), neighbors);
  EXPECT_EQ(ring(c, 2), (std::vector<Hex>{{0, -2},
                                          {1, -2},
                                          {2, -2},
                                          {2, -1},
                                          {2, 0},
                                          {1, 1},
                                          {0, 2},
                                          {-1, 2},
                                          {-2, 2},
                                          {-2, 1},
                                          {-2, 0},
                                          {-1, -1}}));
  // Around the Carroccio, on the printed map.
  EXPECT_EQ(labels(kLegnano, ring(at(kLegnano, "1120"), 1)),
            (std::vector<std::string>{"1119", "1219", "1220", "1121", "1020", "1019"}));
}

TEST(Hex, RingSizesAreSixR) {
  std::vector<Hex> buffer;
  const Hex c{4, -7};
  for (int r = 1; r <= 12; ++r) {
    ring(c, r, buffer);
    EXPECT_EQ(static_cast<int>(buffer.size()), 6 * r);
    EXPECT_EQ(std::set<Hex>(buffer.begin(), buffer.end()).size(), buffer.size());
    for (std::size_t i = 0; i < buffer.size(); ++i) {
      EXPECT_EQ(distance(c, buffer[i]), r);
      EXPECT_EQ(distance(buffer[i], buffer[(i + 1) % buffer.size()]), 1);  // a closed walk
    }
  }
}

TEST(Hex, RangeSizesAndOrder) {
  const Hex c{-3, 2};
  EXPECT_TRUE(range(c, -1).empty());
  EXPECT_EQ(range(c, 0), (std::vector<Hex>{c}));
  std::vector<Hex> buffer;
  for (int r = 0; r <= 10; ++r) {
    range(c, r, buffer);
    EXPECT_EQ(static_cast<int>(buffer.size()), 3 * r * (r + 1) + 1);
    EXPECT_EQ(std::set<Hex>(buffer.begin(), buffer.end()).size(), buffer.size());
    for (std::size_t i = 1; i < buffer.size(); ++i) {
      EXPECT_LE(distance(c, buffer[i - 1]), distance(c, buffer[i]));  // nearest first
      EXPECT_LE(distance(c, buffer[i]), r);
    }
  }
  // Exactly the hexes within the radius.
  range(c, 3, buffer);
  int within = 0;
  for (int q = -10; q <= 10; ++q) {
    for (int rr = -10; rr <= 10; ++rr) within += distance(c, c + Hex{q, rr}) <= 3 ? 1 : 0;
  }
  EXPECT_EQ(within, 37);
  EXPECT_EQ(buffer.size(), 37u);
  std::vector<Hex> expected = {c};
  for (Hex h : ring(c, 1)) expected.push_back(h);
  for (Hex h : ring(c, 2)) expected.push_back(h);
  for (Hex h : ring(c, 3)) expected.push_back(h);
  EXPECT_EQ(buffer, expected);
}

// ---------------------------------------------------------------------------------------------
// Facing

TEST(Hex, FacingRepresentation) {
  EXPECT_EQ(Facing::hexside(3).value, 6);
  EXPECT_EQ(Facing::vertex(5).value, 11);
  EXPECT_FALSE(Facing::hexside(2).is_vertex());
  EXPECT_TRUE(Facing::vertex(2).is_vertex());
  EXPECT_EQ(Facing::hexside(4).kind(), FacingKind::kHexside);
  EXPECT_EQ(Facing::vertex(4).kind(), FacingKind::kVertex);
  EXPECT_EQ(Facing::vertex(4).index(), 4);
  EXPECT_EQ(Facing::of_kind(FacingKind::kVertex, 1), Facing::vertex(1));
  EXPECT_EQ(sizeof(Facing), 1u);
}

TEST(Hex, FacingRotation) {
  EXPECT_EQ(rotate(Facing::hexside(5), 1), Facing::hexside(0));
  EXPECT_EQ(rotate(Facing::hexside(0), -1), Facing::hexside(5));
  EXPECT_EQ(rotate(Facing::vertex(0), -1), Facing::vertex(5));
  EXPECT_EQ(rotate(Facing::vertex(2), 3), Facing::vertex(5));
  EXPECT_EQ(rotate(Facing::vertex(2), -7), Facing::vertex(1));
  EXPECT_EQ(rotation_steps(Facing::hexside(0), Facing::hexside(0)), 0);
  EXPECT_EQ(rotation_steps(Facing::hexside(0), Facing::hexside(1)), 1);
  EXPECT_EQ(rotation_steps(Facing::hexside(0), Facing::hexside(5)), 1);
  EXPECT_EQ(rotation_steps(Facing::hexside(1), Facing::hexside(4)), 3);
  EXPECT_EQ(rotation_steps(Facing::vertex(5), Facing::vertex(1)), 2);
}

TEST(Hex, FacingNamesAndParse) {
  const std::array<std::string_view, 12> flat = {"N", "N/NE", "NE", "NE/SE", "SE", "SE/S",
                                                 "S", "S/SW", "SW", "SW/NW", "NW", "NW/N"};
  const std::array<std::string_view, 12> pointy = {"NE", "NE/E", "E", "E/SE", "SE", "SE/SW",
                                                   "SW", "SW/W", "W", "W/NW", "NW", "NW/NE"};
  for (int v = 0; v < 12; ++v) {
    const Facing f{static_cast<std::uint8_t>(v)};
    EXPECT_EQ(facing_name(Orientation::kFlatTop, f), flat[v]);
    EXPECT_EQ(facing_name(Orientation::kPointyTop, f), pointy[v]);
    EXPECT_EQ(*parse_facing(Orientation::kFlatTop, flat[v]), f);
    EXPECT_EQ(*parse_facing(Orientation::kPointyTop, pointy[v]), f);
  }
  EXPECT_EQ(*parse_facing(Orientation::kFlatTop, "ne/n"), Facing::vertex(0));
  EXPECT_EQ(*parse_facing(Orientation::kFlatTop, "N/NW"), Facing::vertex(5));
  for (std::string_view bad : {"", "E", "N/S", "N/N", "N/NE/SE", "NNE", "/"}) {
    const Expected<Facing> f = parse_facing(Orientation::kFlatTop, bad);
    ASSERT_FALSE(f.ok()) << bad;
    EXPECT_EQ(f.message(), fmt::format("'{}' is not a facing on a flat-topped map: use a hexside "
                                       "(N, NE, SE, S, SW, NW) or the vertex between two "
                                       "adjacent hexsides (e.g. N/NE).",
                                       bad));
  }
}

TEST(Hex, ClassifyHexsideFacingHandComputed) {
  // Cavalry facing N: front N, NE, NW; flank SE, SW; rear S.
  const Facing n = Facing::hexside(kN);
  EXPECT_EQ(classify(n, kN), Arc::kFront);
  EXPECT_EQ(classify(n, kNE), Arc::kFront);
  EXPECT_EQ(classify(n, kNW), Arc::kFront);
  EXPECT_EQ(classify(n, kSE), Arc::kFlank);
  EXPECT_EQ(classify(n, kSW), Arc::kFlank);
  EXPECT_EQ(classify(n, kS), Arc::kRear);
  // Facing SE: front NE, SE, S; flank N, SW; rear NW.
  const Facing se = Facing::hexside(kSE);
  EXPECT_EQ(classify(se, kNE), Arc::kFront);
  EXPECT_EQ(classify(se, kSE), Arc::kFront);
  EXPECT_EQ(classify(se, kS), Arc::kFront);
  EXPECT_EQ(classify(se, kN), Arc::kFlank);
  EXPECT_EQ(classify(se, kSW), Arc::kFlank);
  EXPECT_EQ(classify(se, kNW), Arc::kRear);
}

TEST(Hex, ClassifyVertexFacingHandComputed) {
  // Infantry facing the N/NE vertex: front N, NE; flank NW, SE; rear S, SW.
  const Facing nne = Facing::vertex(kN);
  EXPECT_EQ(classify(nne, kN), Arc::kFront);
  EXPECT_EQ(classify(nne, kNE), Arc::kFront);
  EXPECT_EQ(classify(nne, kNW), Arc::kFlank);
  EXPECT_EQ(classify(nne, kSE), Arc::kFlank);
  EXPECT_EQ(classify(nne, kS), Arc::kRear);
  EXPECT_EQ(classify(nne, kSW), Arc::kRear);
  // Facing the SW/NW vertex (due west on a flat map): front SW, NW; flank S, N; rear SE, NE.
  const Facing w = Facing::vertex(kSW);
  EXPECT_EQ(classify(w, kSW), Arc::kFront);
  EXPECT_EQ(classify(w, kNW), Arc::kFront);
  EXPECT_EQ(classify(w, kS), Arc::kFlank);
  EXPECT_EQ(classify(w, kN), Arc::kFlank);
  EXPECT_EQ(classify(w, kSE), Arc::kRear);
  EXPECT_EQ(classify(w, kNE), Arc::kRear);
}

TEST(Hex, ClassifyCountsAllFacings) {
  for (int i = 0; i < 6; ++i) {
    for (const Facing f : {Facing::hexside(i), Facing::vertex(i)}) {
      int front = 0, flank = 0, rear = 0;
      for (int d = 0; d < 6; ++d) {
        const Arc a = classify(f, d);
        front += a == Arc::kFront;
        flank += a == Arc::kFlank;
        rear += a == Arc::kRear;
        // Turning the unit and the neighbour together keeps the arc.
        EXPECT_EQ(classify(rotate(f, 1), rotate_direction(d, 1)), a);
        EXPECT_EQ((arc_mask(f, a) >> d) & 1, 1);
      }
      if (f.is_vertex()) {
        EXPECT_EQ(front, 2);
        EXPECT_EQ(flank, 2);
        EXPECT_EQ(rear, 2);
      } else {
        EXPECT_EQ(front, 3);
        EXPECT_EQ(flank, 2);
        EXPECT_EQ(rear, 1);
        EXPECT_EQ(classify(f, i), Arc::kFront);  // the faced hexside
        EXPECT_EQ(classify(f, opposite(i)), Arc::kRear);
      }
    }
  }
  EXPECT_EQ(arc_mask(Facing::hexside(0), Arc::kFront), 0b100011);
  EXPECT_EQ(arc_mask(Facing::vertex(0), Arc::kFront), 0b000011);
  EXPECT_EQ(arc_mask(Facing::vertex(0), Arc::kRear), 0b011000);
}

TEST(Hex, ArcOfAdjacentHexes) {
  const Hex unit = at(kLegnano, "1120");
  const Facing north = Facing::hexside(kN);
  EXPECT_EQ(arc_of(unit, north, at(kLegnano, "1119")), Arc::kFront);
  EXPECT_EQ(arc_of(unit, north, at(kLegnano, "1219")), Arc::kFront);               // NE
  EXPECT_EQ(arc_of(unit, north, at(kLegnano, "1220")), Arc::kFlank);               // SE
  EXPECT_EQ(arc_of(unit, north, at(kLegnano, "1121")), Arc::kRear);                // S
  EXPECT_EQ(arc_of(unit, Facing::vertex(kS), at(kLegnano, "1121")), Arc::kFront);  // S/SW
  EXPECT_EQ(arc_of(unit, Facing::vertex(kS), at(kLegnano, "1020")), Arc::kFront);  // SW
  EXPECT_EQ(arc_of(unit, Facing::vertex(kS), at(kLegnano, "1019")), Arc::kFlank);  // NW
  EXPECT_FALSE(arc_of(unit, north, unit).has_value());
  EXPECT_FALSE(arc_of(unit, north, at(kLegnano, "1118")).has_value());
}

TEST(Hex, FacingTowardNeighbor) {
  const Hex u{2, 3};
  for (int d = 0; d < 6; ++d) {
    const FacingChoices side = facings_toward(u, neighbor(u, d), FacingKind::kHexside);
    ASSERT_EQ(side.count, 1);
    EXPECT_EQ(side.facing[0], Facing::hexside(d));
    EXPECT_EQ(facing_toward(u, neighbor(u, d), FacingKind::kHexside), Facing::hexside(d));
    // A vertex-facing unit has two equally good facings; the clockwise one comes first.
    const FacingChoices vert = facings_toward(u, neighbor(u, d), FacingKind::kVertex);
    ASSERT_EQ(vert.count, 2);
    EXPECT_EQ(vert.facing[0], Facing::vertex(d));
    EXPECT_EQ(vert.facing[1], Facing::vertex(rotate_direction(d, -1)));
    EXPECT_EQ(arc_of(u, vert.facing[0], neighbor(u, d)), Arc::kFront);
    EXPECT_EQ(arc_of(u, vert.facing[1], neighbor(u, d)), Arc::kFront);
  }
  EXPECT_EQ(facings_toward(u, u, FacingKind::kHexside).count, 0);
}

TEST(Hex, FacingTowardDistantHex) {
  const Hex o{0, 0};
  // (2,-1) is due east on a flat map: between the NE and SE hexsides, on the NE/SE vertex.
  const FacingChoices east = facings_toward(o, Hex{2, -1}, FacingKind::kHexside);
  ASSERT_EQ(east.count, 2);
  EXPECT_EQ(east.facing[0], Facing::hexside(kSE));
  EXPECT_EQ(east.facing[1], Facing::hexside(kNE));
  EXPECT_EQ(facing_toward(o, Hex{2, -1}, FacingKind::kVertex), Facing::vertex(kNE));
  EXPECT_EQ(facings_toward(o, Hex{2, -1}, FacingKind::kVertex).count, 1);
  // (1,-3): mostly north, a little east.
  EXPECT_EQ(facing_toward(o, Hex{1, -3}, FacingKind::kHexside), Facing::hexside(kN));
  EXPECT_EQ(facing_toward(o, Hex{1, -3}, FacingKind::kVertex), Facing::vertex(kN));
  // Legnano: from 1120 toward 1110, straight north.
  EXPECT_EQ(facing_toward(at(kLegnano, "1120"), at(kLegnano, "1110"), FacingKind::kHexside),
            Facing::hexside(kN));
  // (-3, 1), cube (-3, 1, 2): nearest the SW/NW vertex (-2, 1, 1); of the hexsides, NW.
  EXPECT_EQ(facing_toward(o, Hex{-3, 1}, FacingKind::kVertex), Facing::vertex(kSW));
  EXPECT_EQ(facing_toward(o, Hex{-3, 1}, FacingKind::kHexside), Facing::hexside(kNW));
}

TEST(Hex, FacingTowardEdgeFlat) {
  const auto flat = Orientation::kFlatTop;
  const FacingChoices n_side = facings_toward_edge(flat, Edge::kNorth, FacingKind::kHexside);
  ASSERT_EQ(n_side.count, 1);
  EXPECT_EQ(n_side.facing[0], Facing::hexside(kN));
  // Infantry toward the north edge: the N/NE or NW/N vertex (owner's choice).
  const FacingChoices n_vert = facings_toward_edge(flat, Edge::kNorth, FacingKind::kVertex);
  ASSERT_EQ(n_vert.count, 2);
  EXPECT_EQ(n_vert.facing[0], Facing::vertex(kN));
  EXPECT_EQ(n_vert.facing[1], Facing::vertex(kNW));
  EXPECT_EQ(facing_toward_edge(flat, Edge::kSouth, FacingKind::kHexside), Facing::hexside(kS));
  EXPECT_EQ(facing_toward_edge(flat, Edge::kSouth, FacingKind::kVertex), Facing::vertex(kS));
  EXPECT_EQ(facing_toward_edge(flat, Edge::kEast, FacingKind::kVertex), Facing::vertex(kNE));
  EXPECT_EQ(facings_toward_edge(flat, Edge::kEast, FacingKind::kHexside).count, 2);
  EXPECT_EQ(facing_toward_edge(flat, Edge::kEast, FacingKind::kHexside), Facing::hexside(kSE));
  EXPECT_EQ(facing_toward_edge(flat, Edge::kWest, FacingKind::kVertex), Facing::vertex(kSW));
  EXPECT_EQ(facing_toward_edge(flat, Edge::kWest, FacingKind::kHexside), Facing::hexside(kNW));
}

TEST(Hex, FacingTowardEdgePointy) {
  const auto pointy = Orientation::kPointyTop;
  const FacingChoices n_side = facings_toward_edge(pointy, Edge::kNorth, FacingKind::kHexside);
  ASSERT_EQ(n_side.count, 2);
  EXPECT_EQ(n_side.facing[0], Facing::hexside(kPNE));
  EXPECT_EQ(n_side.facing[1], Facing::hexside(kPNW));
  EXPECT_EQ(facing_toward_edge(pointy, Edge::kNorth, FacingKind::kVertex), Facing::vertex(kPNW));
  EXPECT_EQ(facing_name(pointy, Facing::vertex(kPNW)), "NW/NE");
  EXPECT_EQ(facing_toward_edge(pointy, Edge::kEast, FacingKind::kHexside), Facing::hexside(kPE));
  EXPECT_EQ(facing_toward_edge(pointy, Edge::kWest, FacingKind::kHexside), Facing::hexside(kPW));
  EXPECT_EQ(facing_toward_edge(pointy, Edge::kSouth, FacingKind::kVertex), Facing::vertex(kPSE));
  EXPECT_EQ(facings_toward_edge(pointy, Edge::kEast, FacingKind::kVertex).count, 2);
}

// ---------------------------------------------------------------------------------------------
// Pathfinding

// A small flat-topped, even-parity map (even columns shoved down), one string per row:
// '.' clear (1 MP), 'F' forest, '#' impassable, 'Z' clear but entering it ends movement.
constexpr Grid kSmall{Orientation::kFlatTop, Parity::kEven, 5, 4};
const std::vector<std::string> kSmallMap = {
    // 12345
    "..F..",  // row 1
    ".FF..",  // row 2
    "..#..",  // row 3
    ".....",  // row 4
};

char terrain(const Grid& g, const std::vector<std::string>& map, Hex h) {
  const Offset o = g.to_offset(h);
  return map[static_cast<std::size_t>(o.row - 1)][static_cast<std::size_t>(o.col - 1)];
}

// Entry cost with forest costing `forest`.
auto cost_with_forest(const Grid& g, const std::vector<std::string>& map, int forest) {
  return [&g, &map, forest](Hex, Hex to) {
    const char t = terrain(g, map, to);
    return t == '#' ? -1 : t == 'F' ? forest : 1;
  };
}

auto stops_on(const Grid& g, const std::vector<std::string>& map) {
  return [&g, &map](Hex h) { return terrain(g, map, h) == 'Z'; };
}

auto never_stops() {
  return [](Hex) { return false; };
}

// The cost of each hex, "-" where unreachable, as rows of the printed map.
std::vector<std::string> cost_map(const Pathfinder& pf) {
  const Grid& g = pf.grid();
  std::vector<std::string> rows(static_cast<std::size_t>(g.rows));
  for (int r = 1; r <= g.rows; ++r) {
    for (int c = 1; c <= g.cols; ++c) {
      const int cost = pf.cost_to(g.from_offset(c, r));
      rows[static_cast<std::size_t>(r - 1)] += cost == kUnreachable ? '-' : char('0' + cost);
    }
  }
  return rows;
}

TEST(Hex, PathfinderOpenMapCostEqualsDistance) {
  Pathfinder pf(kLegnano);
  auto one = [](Hex, Hex) { return 1; };
  std::vector<Hex> path;
  for (std::string_view start_label : {"0101", "1120", "2028", "2001", "0114"}) {
    const Hex start = at(kLegnano, start_label);
    pf.reachable(start, 100, one, never_stops());
    EXPECT_EQ(pf.reached().size(), 560u);
    EXPECT_EQ(pf.reached().front(), start);
    for (std::size_t i = 1; i < pf.reached().size(); ++i) {
      EXPECT_LE(pf.cost_to(pf.reached()[i - 1]), pf.cost_to(pf.reached()[i]));
    }
    for (int i = 0; i < kLegnano.size(); ++i) {
      const Hex h = kLegnano.from_index(i);
      ASSERT_EQ(pf.cost_to(h), distance(start, h)) << start_label << " " << kLegnano.label(h);
      ASSERT_TRUE(pf.path_to(h, path));
      ASSERT_EQ(static_cast<int>(path.size()), distance(start, h) + 1);
      EXPECT_EQ(path.front(), start);
      EXPECT_EQ(path.back(), h);
      for (std::size_t k = 1; k < path.size(); ++k) {
        EXPECT_EQ(distance(path[k - 1], path[k]), 1);
        EXPECT_TRUE(kLegnano.contains(path[k]));
      }
    }
  }
}

TEST(Hex, PathfinderReachedOrderFromCorner) {
  // From 0101 with 2 MP: 0201 and 0102 at 1; 0301, 0302, 0202, 0103 at 2. Settled by cost,
  // then in queue order: 0101 queues its SE (0201) before its S (0102); then 0201 queues its
  // NE 0301, SE 0302 and S 0202, and 0102 its S 0103.
  Pathfinder pf(kLegnano);
  pf.reachable(
      at(kLegnano, "0101"), 2, [](Hex, Hex) { return 1; }, never_stops());
  EXPECT_EQ(labels(kLegnano, pf.reached()),
            (std::vector<std::string>{"0101", "0201", "0102", "0301", "0302", "0202", "0103"}));
  EXPECT_EQ(pf.cost_to(at(kLegnano, "0302")), 2);
  EXPECT_EQ(pf.cost_to(at(kLegnano, "0104")), kUnreachable);
  EXPECT_EQ(pf.cost_to(kLegnano.from_offset(0, 1)), kUnreachable);  // off the map
}

TEST(Hex, PathfinderInfantryForestTwoMp) {
  Pathfinder pf(kSmall);
  pf.reachable(at(kSmall, "0101"), 4, cost_with_forest(kSmall, kSmallMap, 2), never_stops());
  // Hand-computed: e.g. 0301 (forest) = 0201 (1) + 2; 0401 = 0301 + 1; 0303 is impassable.
  EXPECT_EQ(cost_map(pf), (std::vector<std::string>{
                              "0134-",  // 0101 0201 0301 0401 0501
                              "1334-",  // 0102 0202 0302 0402 0502
                              "23---",  // 0103 0203 0303# 0403 0503
                              "344--",  // 0104 0204 0304 0404 0504
                          }));
  std::vector<Hex> path;
  // 0401 is reached at 4 from 0301 and from 0302: 0301 settles first (lower label).
  ASSERT_TRUE(pf.path_to(at(kSmall, "0401"), path));
  EXPECT_EQ(labels(kSmall, path), (std::vector<std::string>{"0101", "0201", "0301", "0401"}));
  ASSERT_TRUE(pf.path_to(at(kSmall, "0402"), path));
  EXPECT_EQ(labels(kSmall, path), (std::vector<std::string>{"0101", "0201", "0302", "0402"}));
  // 0204 is reached at 4 from 0104 and from 0203: 0104 settles first.
  ASSERT_TRUE(pf.path_to(at(kSmall, "0204"), path));
  EXPECT_EQ(labels(kSmall, path),
            (std::vector<std::string>{"0101", "0102", "0103", "0104", "0204"}));
  EXPECT_FALSE(pf.path_to(at(kSmall, "0303"), path));
  EXPECT_TRUE(path.empty());
  EXPECT_EQ(pf.reached().size(), 13u);
}

TEST(Hex, PathfinderCavalryForestFourMp) {
  Pathfinder pf(kSmall);
  pf.reachable(at(kSmall, "0101"), 5, cost_with_forest(kSmall, kSmallMap, 4), never_stops());
  // Forest 0202, 0301, 0302 cost 1 + 4 = 5 and stop there; 0401/0402 are out of reach.
  EXPECT_EQ(cost_map(pf), (std::vector<std::string>{
                              "015--",
                              "155--",
                              "23-5-",
                              "3445-",
                          }));
}

TEST(Hex, PathfinderBlockedHexesNeverReached) {
  Pathfinder pf(kSmall);
  pf.reachable(at(kSmall, "0101"), 50, cost_with_forest(kSmall, kSmallMap, 2), never_stops());
  EXPECT_EQ(pf.cost_to(at(kSmall, "0303")), kUnreachable);
  EXPECT_EQ(pf.reached().size(), 19u);  // every hex but the impassable one
  // A wall cutting the map in two (0201's NE and SE are 0301 and 0302): nothing beyond it.
  const std::vector<std::string> wall = {
      "..#..",
      ".##..",
      ".#...",
      "..#..",
  };
  pf.reachable(at(kSmall, "0101"), 50, cost_with_forest(kSmall, wall, 2), never_stops());
  EXPECT_EQ(cost_map(pf), (std::vector<std::string>{
                              "01---",
                              "1----",
                              "2----",
                              "34---",
                          }));
}

TEST(Hex, PathfinderStopHexReachedButNotPassedThrough) {
  const std::vector<std::string> map = {
      "..F..",
      ".FF..",
      "Z.#..",
      ".....",
  };
  Pathfinder pf(kSmall);
  pf.reachable(at(kSmall, "0101"), 4, cost_with_forest(kSmall, map, 2), stops_on(kSmall, map));
  // 0103 (a stop hex) is reached at 2 but not left, so 0104 and 0204 fall out of reach and
  // 0203 is reached only the long way, through the forest at 0202.
  EXPECT_EQ(cost_map(pf), (std::vector<std::string>{
                              "0134-",
                              "1334-",
                              "24---",
                              "-----",
                          }));
  std::vector<Hex> path;
  ASSERT_TRUE(pf.path_to(at(kSmall, "0203"), path));
  EXPECT_EQ(labels(kSmall, path), (std::vector<std::string>{"0101", "0102", "0202", "0203"}));
  ASSERT_TRUE(pf.path_to(at(kSmall, "0103"), path));
  EXPECT_EQ(labels(kSmall, path), (std::vector<std::string>{"0101", "0102", "0103"}));
}

TEST(Hex, PathfinderMayLeaveStartInStopHex) {
  // A unit starting in an enemy ZOC (a stop hex) may leave it.
  const std::vector<std::string> map = {
      "Z....",
      "Z....",
      ".....",
      ".....",
  };
  Pathfinder pf(kSmall);
  pf.reachable(
      at(kSmall, "0101"), 2, [](Hex, Hex) { return 1; }, stops_on(kSmall, map));
  EXPECT_EQ(cost_map(pf), (std::vector<std::string>{
                              "012--",
                              "122--",
                              "-----",
                              "-----",
                          }));
  // 0103 would be 2 through 0102, but 0102 is a stop hex: 0103 is then 3 via 0202, out of reach.
  EXPECT_EQ(pf.cost_to(at(kSmall, "0103")), kUnreachable);
}

TEST(Hex, PathfinderStartOffMapReachesNothing) {
  Pathfinder pf(kSmall);
  pf.reachable(
      kSmall.from_offset(6, 1), 5, [](Hex, Hex) { return 1; }, never_stops());
  EXPECT_TRUE(pf.reached().empty());
  EXPECT_EQ(pf.cost_to(at(kSmall, "0501")), kUnreachable);
}

TEST(Hex, PathfinderCostNeverCalledOffMap) {
  Pathfinder pf(kSmall);
  int calls = 0;
  pf.reachable(
      at(kSmall, "0101"), 20,
      [&](Hex from, Hex to) {
        ++calls;
        EXPECT_TRUE(kSmall.contains(from));
        EXPECT_TRUE(kSmall.contains(to));
        return 1;
      },
      never_stops());
  EXPECT_GT(calls, 0);
  EXPECT_EQ(pf.reached().size(), 20u);
}

TEST(Hex, PathfinderReuseGivesSameResults) {
  Pathfinder pf(kLegnano);
  auto forest = [](Hex, Hex to) { return (to.q + 2 * to.r) % 5 == 0 ? 2 : 1; };
  pf.reachable(at(kLegnano, "1120"), 6, forest, never_stops());
  const std::vector<Hex> first = pf.reached();
  const std::vector<std::string> first_costs = cost_map(pf);
  pf.reachable(at(kLegnano, "0101"), 3, forest, never_stops());
  EXPECT_NE(pf.reached(), first);
  pf.reachable(at(kLegnano, "1120"), 6, forest, never_stops());
  EXPECT_EQ(pf.reached(), first);
  EXPECT_EQ(cost_map(pf), first_costs);
}

// Bellman-Ford over (hex) states, to check Dijkstra on random terrain.
std::vector<int> brute_force_costs(const Grid& g, Hex start, int mp,
                                   const std::vector<int>& enter_cost,
                                   const std::vector<bool>& stop) {
  std::vector<int> best(static_cast<std::size_t>(g.size()), kUnreachable);
  best[static_cast<std::size_t>(g.index(start))] = 0;
  for (bool changed = true; changed;) {
    changed = false;
    for (int i = 0; i < g.size(); ++i) {
      const int c = best[static_cast<std::size_t>(i)];
      if (c == kUnreachable) continue;
      const Hex h = g.from_index(i);
      if (h != start && stop[static_cast<std::size_t>(i)]) continue;
      for (int d = 0; d < 6; ++d) {
        const Hex n = neighbor(h, d);
        if (!g.contains(n)) continue;
        const auto j = static_cast<std::size_t>(g.index(n));
        if (enter_cost[j] < 0 || c + enter_cost[j] > mp) continue;
        if (best[j] == kUnreachable || c + enter_cost[j] < best[j]) {
          best[j] = c + enter_cost[j];
          changed = true;
        }
      }
    }
  }
  return best;
}

// A tiny fixed generator (SplitMix64), so this test depends on nothing but the hex module.
struct TestRandom {
  std::uint64_t state;
  std::uint64_t uniform(std::uint64_t bound) {
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return (z ^ (z >> 31)) % bound;
  }
};

TEST(Hex, PathfinderMatchesBruteForceOnRandomTerrain) {
  TestRandom rng{1176};
  std::vector<Hex> path;
  for (const Grid& g : kAllGrids) {
    Pathfinder pf(g);
    for (int trial = 0; trial < 20; ++trial) {
      std::vector<int> enter(static_cast<std::size_t>(g.size()));
      std::vector<bool> stop(static_cast<std::size_t>(g.size()));
      for (int i = 0; i < g.size(); ++i) {
        const auto roll = rng.uniform(10);
        enter[static_cast<std::size_t>(i)] = roll < 6 ? 1 : roll < 8 ? 2 : roll < 9 ? 4 : -1;
        stop[static_cast<std::size_t>(i)] = rng.uniform(8) == 0;
      }
      const Hex start = g.from_index(static_cast<int>(rng.uniform(560)));
      const int mp = 4 + static_cast<int>(rng.uniform(9));
      auto cost = [&](Hex, Hex to) { return enter[static_cast<std::size_t>(g.index(to))]; };
      auto stops = [&](Hex h) {
        return static_cast<bool>(stop[static_cast<std::size_t>(g.index(h))]);
      };
      pf.reachable(start, mp, cost, stops);
      const std::vector<int> expected = brute_force_costs(g, start, mp, enter, stop);
      for (int i = 0; i < g.size(); ++i) {
        const Hex h = g.from_index(i);
        ASSERT_EQ(pf.cost_to(h), expected[static_cast<std::size_t>(i)]) << g.label(h);
        if (expected[static_cast<std::size_t>(i)] == kUnreachable) continue;
        // The path's entry costs add up to the cost, and only its last hex may be a stop hex.
        ASSERT_TRUE(pf.path_to(h, path));
        int sum = 0;
        for (std::size_t k = 1; k < path.size(); ++k) {
          EXPECT_EQ(distance(path[k - 1], path[k]), 1);
          sum += enter[static_cast<std::size_t>(g.index(path[k]))];
          if (k + 1 < path.size()) {
            EXPECT_FALSE(stop[static_cast<std::size_t>(g.index(path[k]))]);
          }
        }
        EXPECT_EQ(sum, pf.cost_to(h));
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Pathfinding with facing

auto one_mp = [](Hex, Hex) { return 1; };
constexpr TurnCost turn_any_one_mp{1, 0};  // Legnano 7.2 (L-43): 1 MP per change, any amount
constexpr TurnCost turn_per_hexside{0, 1};

TEST(Hex, FacingPathCavalryTurnCostOne) {
  Pathfinder pf(kLegnano);
  const Hex start = at(kLegnano, "1120");
  pf.reachable_with_facing(start, Facing::hexside(kN), 2, one_mp, never_stops(), turn_any_one_mp);
  // Front N, NE, NW: 1 MP. Flank and rear neighbours need a turn first: 2 MP.
  EXPECT_EQ(pf.cost_to(at(kLegnano, "1119")), 1);             // N
  EXPECT_EQ(pf.cost_to(at(kLegnano, "1219")), 1);             // NE
  EXPECT_EQ(pf.cost_to(at(kLegnano, "1019")), 1);             // NW
  EXPECT_EQ(pf.cost_to(at(kLegnano, "1220")), 2);             // SE
  EXPECT_EQ(pf.cost_to(at(kLegnano, "1121")), 2);             // S
  EXPECT_EQ(pf.cost_to(at(kLegnano, "1020")), 2);             // SW
  EXPECT_EQ(pf.cost_to(at(kLegnano, "1118")), 2);             // straight on, no turn
  EXPECT_EQ(pf.cost_to(at(kLegnano, "1122")), kUnreachable);  // turn + 2 moves = 3
  // Turning in place costs 1 whatever the angle.
  EXPECT_EQ(pf.cost_to(start, Facing::hexside(kN)), 0);
  EXPECT_EQ(pf.cost_to(start, Facing::hexside(kS)), 1);
  EXPECT_EQ(pf.cost_to(start, Facing::hexside(kSE)), 1);
  // Moving keeps the facing: the N neighbour is reached facing N, and by turning there.
  EXPECT_EQ(pf.cost_to(at(kLegnano, "1119"), Facing::hexside(kN)), 1);
  EXPECT_EQ(pf.cost_to(at(kLegnano, "1119"), Facing::hexside(kS)), 2);
  EXPECT_EQ(pf.cost_to(at(kLegnano, "1121"), Facing::hexside(kN)), kUnreachable);
  EXPECT_EQ(pf.best_facing(at(kLegnano, "1219")), Facing::hexside(kN));
  // 1121 (S) at 2: by turning to SE, S or SW and moving; the lowest facing index is kept.
  EXPECT_EQ(pf.best_facing(at(kLegnano, "1121")), Facing::hexside(kSE));
  std::vector<FacingStep> steps;
  ASSERT_TRUE(pf.path_to(at(kLegnano, "1121"), Facing::hexside(kS), steps));
  EXPECT_EQ(steps, (std::vector<FacingStep>{{start, Facing::hexside(kN)},
                                            {start, Facing::hexside(kS)},
                                            {at(kLegnano, "1121"), Facing::hexside(kS)}}));
  std::vector<Hex> path;
  ASSERT_TRUE(pf.path_to(at(kLegnano, "1121"), path));
  EXPECT_EQ(labels(kLegnano, path), (std::vector<std::string>{"1120", "1121"}));
  ASSERT_TRUE(pf.path_to(at(kLegnano, "1118"), path));
  EXPECT_EQ(labels(kLegnano, path), (std::vector<std::string>{"1120", "1119", "1118"}));
  EXPECT_FALSE(pf.path_to(at(kLegnano, "1121"), Facing::hexside(kN), steps));
}

TEST(Hex, FacingPathCavalryTurnCostPerHexside) {
  Pathfinder pf(kLegnano);
  const Hex start = at(kLegnano, "1120");
  pf.reachable_with_facing(start, Facing::hexside(kN), 8, one_mp, never_stops(), turn_per_hexside);
  EXPECT_EQ(pf.cost_to(start, Facing::hexside(kNE)), 1);
  EXPECT_EQ(pf.cost_to(start, Facing::hexside(kSE)), 2);
  EXPECT_EQ(pf.cost_to(start, Facing::hexside(kS)), 3);
  // The S neighbour: turn 2 to SE (or SW), whose front includes S, then move: 3 (not 3 + 1).
  EXPECT_EQ(pf.cost_to(at(kLegnano, "1121")), 3);
  EXPECT_EQ(pf.cost_to(at(kLegnano, "1121"), Facing::hexside(kSE)), 3);
  EXPECT_EQ(pf.cost_to(at(kLegnano, "1121"), Facing::hexside(kSW)), 3);
  EXPECT_EQ(pf.cost_to(at(kLegnano, "1121"), Facing::hexside(kS)), 4);
  EXPECT_EQ(pf.best_facing(at(kLegnano, "1121")), Facing::hexside(kSE));
}

TEST(Hex, FacingPathInfantryVertex) {
  Pathfinder pf(kLegnano);
  const Hex start = at(kLegnano, "1120");
  pf.reachable_with_facing(start, Facing::vertex(kN), 4, one_mp, never_stops(), turn_any_one_mp);
  // Facing the N/NE vertex: front N and NE only.
  EXPECT_EQ(pf.cost_to(at(kLegnano, "1119")), 1);  // N
  EXPECT_EQ(pf.cost_to(at(kLegnano, "1219")), 1);  // NE
  EXPECT_EQ(pf.cost_to(at(kLegnano, "1019")), 2);  // NW: turn, then move
  EXPECT_EQ(pf.cost_to(at(kLegnano, "1121")), 2);  // S
  // Two hexes N-NE then N: 1118 via 1119, facing unchanged.
  EXPECT_EQ(pf.cost_to(at(kLegnano, "1118")), 2);
  EXPECT_EQ(pf.cost_to(at(kLegnano, "1118"), Facing::vertex(kN)), 2);
  // Every state reached has the vertex kind.
  for (int i = 0; i < kLegnano.size(); ++i) {
    const auto f = pf.best_facing(kLegnano.from_index(i));
    if (f) {
      EXPECT_TRUE(f->is_vertex());
    }
  }
  EXPECT_EQ(pf.cost_to(start, Facing::hexside(kN)), kUnreachable);  // wrong kind
}

TEST(Hex, FacingPathStopHexEndsTurnsToo) {
  // 1119 (N of the start) is a stop hex: entered facing N, the unit cannot turn there.
  const Hex start = at(kLegnano, "1120");
  const Hex zoc = at(kLegnano, "1119");
  Pathfinder pf(kLegnano);
  pf.reachable_with_facing(
      start, Facing::hexside(kN), 3, one_mp, [zoc](Hex h) { return h == zoc; }, turn_any_one_mp);
  EXPECT_EQ(pf.cost_to(zoc, Facing::hexside(kN)), 1);
  EXPECT_EQ(pf.cost_to(zoc, Facing::hexside(kNE)), 2);  // turned at the start, then moved
  EXPECT_EQ(pf.cost_to(zoc, Facing::hexside(kS)), kUnreachable);
  // 1118, beyond it: around by 1019 and 1018 (or 1219 and 1218), facing N all the way. The
  // tie goes to the path through 1018, which settles before 1218.
  EXPECT_EQ(pf.cost_to(at(kLegnano, "1118")), 3);
  std::vector<FacingStep> steps;
  ASSERT_TRUE(pf.path_to(at(kLegnano, "1118"), Facing::hexside(kN), steps));
  EXPECT_EQ(steps, (std::vector<FacingStep>{{start, Facing::hexside(kN)},
                                            {at(kLegnano, "1019"), Facing::hexside(kN)},
                                            {at(kLegnano, "1018"), Facing::hexside(kN)},
                                            {at(kLegnano, "1118"), Facing::hexside(kN)}}));
}

TEST(Hex, FacingPathWithFreeTurnsEqualsPlainSearch) {
  // With free turns facing never matters, for either kind: same costs as without facing.
  auto forest = [](Hex, Hex to) {
    return (3 * to.q + to.r) % 7 == 0 ? 4 : (to.q % 3 == 0 ? 2 : 1);
  };
  auto stops = [](Hex h) { return (h.q * 5 + h.r * 3) % 11 == 0; };
  constexpr TurnCost free_turn{0, 0};
  Pathfinder plain(kLegnano);
  Pathfinder facing(kLegnano);
  for (std::string_view label : {"1120", "0101", "2015"}) {
    const Hex start = at(kLegnano, label);
    plain.reachable(start, 8, forest, stops);
    for (const Facing f : {Facing::hexside(2), Facing::vertex(4)}) {
      facing.reachable_with_facing(start, f, 8, forest, stops, free_turn);
      EXPECT_EQ(cost_map(facing), cost_map(plain)) << label;
    }
  }
}

TEST(Hex, FacingPathNegativeTurnCostForbidsTurning) {
  Pathfinder pf(kLegnano);
  const Hex start = at(kLegnano, "1120");
  pf.reachable_with_facing(start, Facing::hexside(kN), 3, one_mp, never_stops(), TurnCost{-1, 0});
  EXPECT_EQ(pf.cost_to(at(kLegnano, "1121")), kUnreachable);  // behind: never
  EXPECT_EQ(pf.cost_to(at(kLegnano, "1117")), 3);
  for (Hex h : pf.reached()) EXPECT_EQ(pf.best_facing(h), Facing::hexside(kN));
}

TEST(Hex, TurnCostValues) {
  const Facing n = Facing::hexside(kN), se = Facing::hexside(kSE), s = Facing::hexside(kS);
  EXPECT_EQ((TurnCost{1, 0})(n, s), 1);
  EXPECT_EQ((TurnCost{1, 0})(n, se), 1);
  EXPECT_EQ((TurnCost{0, 1})(n, s), 3);
  EXPECT_EQ((TurnCost{0, 1})(n, se), 2);
  EXPECT_EQ((TurnCost{1, 1})(se, s), 2);
  EXPECT_EQ((TurnCost{0, 1})(Facing::vertex(5), Facing::vertex(1)), 2);
}

TEST(Hex, FacingPathMixedTurnCost) {
  // {1, 1}: a change costs 1 plus 1 per hexside. Facing N, the S neighbour costs turn to SE
  // (1 + 2) and move (1) = 4; facing S at the start costs 1 + 3 = 4.
  Pathfinder pf(kLegnano);
  const Hex start = at(kLegnano, "1120");
  pf.reachable_with_facing(start, Facing::hexside(kN), 6, one_mp, never_stops(), TurnCost{1, 1});
  EXPECT_EQ(pf.cost_to(start, Facing::hexside(kNE)), 2);
  EXPECT_EQ(pf.cost_to(start, Facing::hexside(kS)), 4);
  EXPECT_EQ(pf.cost_to(at(kLegnano, "1121")), 4);
  EXPECT_EQ(pf.cost_to(at(kLegnano, "1121"), Facing::hexside(kS)), 5);
  // Through the NE neighbour then turning there costs the same as turning first: the path
  // keeps the lower-index predecessor state.
  // (1219, SE) costs 4 two ways: move NE then turn (1 + 3), or turn to SE (3) then move NE,
  // SE's front including NE. The predecessor kept is the lower state index: (1120, SE).
  EXPECT_EQ(pf.cost_to(at(kLegnano, "1219"), Facing::hexside(kSE)), 4);
  std::vector<FacingStep> steps;
  ASSERT_TRUE(pf.path_to(at(kLegnano, "1219"), Facing::hexside(kSE), steps));
  EXPECT_EQ(steps, (std::vector<FacingStep>{{start, Facing::hexside(kN)},
                                            {start, Facing::hexside(kSE)},
                                            {at(kLegnano, "1219"), Facing::hexside(kSE)}}));
}

// Bellman-Ford over (hex, facing) states, to check the facing search.
std::vector<int> brute_force_facing_costs(const Grid& g, Hex start, Facing f0, int mp,
                                          const std::vector<int>& enter,
                                          const std::vector<bool>& stop, TurnCost turn) {
  const auto at_state = [](int cell, int i) { return static_cast<std::size_t>(cell * 6 + i); };
  std::vector<int> best(static_cast<std::size_t>(g.size() * 6), kUnreachable);
  best[at_state(g.index(start), f0.index())] = 0;
  for (bool changed = true; changed;) {
    changed = false;
    auto improve = [&](std::size_t s, int c) {
      if (c <= mp && (best[s] == kUnreachable || c < best[s])) {
        best[s] = c;
        changed = true;
      }
    };
    for (int cell = 0; cell < g.size(); ++cell) {
      const Hex h = g.from_index(cell);
      if (h != start && stop[static_cast<std::size_t>(cell)]) continue;
      for (int i = 0; i < 6; ++i) {
        const int c = best[at_state(cell, i)];
        if (c == kUnreachable) continue;
        const Facing f = Facing::of_kind(f0.kind(), i);
        for (int d = 0; d < 6; ++d) {
          const Hex n = neighbor(h, d);
          if (classify(f, d) != Arc::kFront || !g.contains(n)) continue;
          const int e = enter[static_cast<std::size_t>(g.index(n))];
          if (e >= 0) improve(at_state(g.index(n), i), c + e);
        }
        for (int j = 0; j < 6 && turn.per_change >= 0; ++j) {
          if (j != i) improve(at_state(cell, j), c + turn(f, Facing::of_kind(f0.kind(), j)));
        }
      }
    }
  }
  return best;
}

TEST(Hex, FacingPathMatchesBruteForceOnRandomTerrain) {
  TestRandom rng{1167};
  constexpr Grid g{Orientation::kFlatTop, Parity::kEven, 8, 7};
  Pathfinder pf(g);
  std::vector<FacingStep> steps;
  for (const TurnCost turn :
       {TurnCost{1, 0}, TurnCost{0, 1}, TurnCost{1, 1}, TurnCost{0, 0}, TurnCost{-1, 0}}) {
    for (int trial = 0; trial < 12; ++trial) {
      std::vector<int> enter(static_cast<std::size_t>(g.size()));
      std::vector<bool> stop(static_cast<std::size_t>(g.size()));
      for (int i = 0; i < g.size(); ++i) {
        const auto roll = rng.uniform(10);
        enter[static_cast<std::size_t>(i)] = roll < 6 ? 1 : roll < 8 ? 2 : roll < 9 ? 4 : -1;
        stop[static_cast<std::size_t>(i)] = rng.uniform(8) == 0;
      }
      const Hex start = g.from_index(static_cast<int>(rng.uniform(56)));
      const int mp = 3 + static_cast<int>(rng.uniform(8));
      const Facing f0 = Facing{static_cast<std::uint8_t>(rng.uniform(12))};
      auto cost = [&](Hex, Hex to) { return enter[static_cast<std::size_t>(g.index(to))]; };
      auto stops = [&](Hex h) {
        return static_cast<bool>(stop[static_cast<std::size_t>(g.index(h))]);
      };
      pf.reachable_with_facing(start, f0, mp, cost, stops, turn);
      const std::vector<int> expected =
          brute_force_facing_costs(g, start, f0, mp, enter, stop, turn);
      for (int cell = 0; cell < g.size(); ++cell) {
        const Hex h = g.from_index(cell);
        int least = kUnreachable;
        for (int i = 0; i < 6; ++i) {
          const Facing f = Facing::of_kind(f0.kind(), i);
          const int want = expected[static_cast<std::size_t>(cell * 6 + i)];
          ASSERT_EQ(pf.cost_to(h, f), want) << g.label(h) << " facing " << i;
          if (want != kUnreachable && (least == kUnreachable || want < least)) least = want;
          if (want == kUnreachable) continue;
          // The path's steps add up to the cost; only its last hex may be a stop hex.
          ASSERT_TRUE(pf.path_to(h, f, steps));
          EXPECT_EQ(steps.front(), (FacingStep{start, f0}));
          EXPECT_EQ(steps.back(), (FacingStep{h, f}));
          int sum = 0;
          for (std::size_t k = 1; k < steps.size(); ++k) {
            const FacingStep& a = steps[k - 1];
            const FacingStep& b = steps[k];
            if (a.hex == b.hex) {
              sum += turn(a.facing, b.facing);
            } else {
              EXPECT_EQ(a.facing, b.facing);
              const std::optional<int> d = direction_to(a.hex, b.hex);
              ASSERT_TRUE(d.has_value());
              EXPECT_EQ(classify(a.facing, *d), Arc::kFront);
              sum += enter[static_cast<std::size_t>(g.index(b.hex))];
            }
            if (a.hex != start) {
              EXPECT_FALSE(stop[static_cast<std::size_t>(g.index(a.hex))]);
            }
          }
          EXPECT_EQ(sum, want);
        }
        EXPECT_EQ(pf.cost_to(h), least) << g.label(h);
      }
    }
  }
}

TEST(Hex, PathfinderLargeCostsUseOverflowQueue) {
  // Costs beyond kBucketedCosts go through the heap: same answers.
  Pathfinder pf(kLegnano);
  const Hex start = at(kLegnano, "1120");
  pf.reachable(
      start, 1'000'000, [](Hex, Hex) { return 100; }, never_stops());
  EXPECT_EQ(pf.reached().size(), 560u);
  for (int i = 0; i < kLegnano.size(); ++i) {
    const Hex h = kLegnano.from_index(i);
    EXPECT_EQ(pf.cost_to(h), 100 * distance(start, h));
  }
  // Mixed: clear 1, "forest" 300, so some costs are bucketed and some are not.
  std::vector<int> enter(560);
  std::vector<bool> stop(560, false);
  for (int i = 0; i < 560; ++i) enter[static_cast<std::size_t>(i)] = i % 7 == 3 ? 300 : 1;
  auto cost = [&](Hex, Hex to) { return enter[static_cast<std::size_t>(kLegnano.index(to))]; };
  pf.reachable(start, 700, cost, never_stops());
  const std::vector<int> expected = brute_force_costs(kLegnano, start, 700, enter, stop);
  int beyond = 0;
  for (int i = 0; i < kLegnano.size(); ++i) {
    EXPECT_EQ(pf.cost_to(kLegnano.from_index(i)), expected[static_cast<std::size_t>(i)]);
    beyond += expected[static_cast<std::size_t>(i)] >= Pathfinder::kBucketedCosts;
  }
  EXPECT_GT(beyond, 0);
  // And the buckets are clean for the next, small search.
  pf.reachable(start, 1, cost, never_stops());
  EXPECT_LE(pf.reached().size(), 7u);
}

TEST(Hex, PathfinderNegativeMovementPointsReachesOnlyStart) {
  Pathfinder pf(kSmall);
  pf.reachable(at(kSmall, "0202"), -3, one_mp, never_stops());
  EXPECT_EQ(labels(kSmall, pf.reached()), (std::vector<std::string>{"0202"}));
  pf.reachable(at(kSmall, "0202"), 1, one_mp, never_stops());
  EXPECT_EQ(pf.reached().size(), 7u);
}

}  // namespace
}  // namespace carroccio::core::hex
