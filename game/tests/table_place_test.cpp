// The table kit's places in words (game/table/place.hpp): what the ohw log and decisions say in
// place of raw coordinates.
#include <gtest/gtest.h>

#include <vector>

#include "game/table/place.hpp"

namespace carroccio::game::table {
namespace {

constexpr LengthUnit kInches{Measure::kInch, 100, 2};
constexpr LengthUnit kCm{Measure::kCentimetre, 10, 1};

geo::Polygon rect(std::int64_t x0, std::int64_t y0, std::int64_t x1, std::int64_t y1) {
  return {{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}};
}

// A 36 x 36 inch table with a wood (2..10, 14..22) and a town (28..34, 2..8).
struct Table {
  geo::Polygon wood = rect(200, 1400, 1000, 2200);
  geo::Polygon town = rect(2800, 200, 3400, 800);
  std::vector<NamedArea> areas = {{"the wood", &wood}, {"the legnano (town)", &town}};
  std::string at(std::int64_t x, std::int64_t y) const {
    return place_words({x, y}, kInches, 3600, 3600, areas, 600);
  }
};

TEST(TablePlace, APieceIsNamedByItsIdAndItsTypeWhenTheIdDoesNotSayIt) {
  EXPECT_EQ(area_name("north_wood", "woods"), "the north wood");
  EXPECT_EQ(area_name("hill", "hill"), "the hill");
  EXPECT_EQ(area_name("legnano", "town"), "the legnano (town)");
  EXPECT_EQ(area_name("wagon", "objective"), "the wagon (objective)");
}

TEST(TablePlace, LengthsAreRoundedToTheHalfInchOrTheCentimetre) {
  EXPECT_EQ(length_words(1100, kInches), "11 in.");
  EXPECT_EQ(length_words(1130, kInches), "11.5 in.");
  EXPECT_EQ(length_words(1124, kInches), "11 in.");
  EXPECT_EQ(length_words(1175, kInches), "12 in.");
  EXPECT_EQ(length_words(124, kCm), "12 cm");
  EXPECT_EQ(length_words(125, kCm), "13 cm");
}

TEST(TablePlace, InsideAPieceTheWordsNameIt) {
  const Table t;
  EXPECT_EQ(t.at(600, 1800), "in the wood");
  EXPECT_EQ(t.at(3000, 500), "in the legnano (town)");
}

TEST(TablePlace, NearAPieceTheWordsGiveTheGapAndTheDirectionFromIt) {
  const Table t;
  // 2" east of the wood's east side, level with its middle.
  EXPECT_EQ(t.at(1200, 1800), "2 in. east of the wood");
  // Below its south-east corner: 1.5" away, south-east of its middle.
  EXPECT_EQ(t.at(1100, 1300), "1.5 in. south-east of the wood");
  // Touching it.
  EXPECT_EQ(t.at(600, 2210), "just north of the wood");
  // The nearer of two pieces.
  EXPECT_EQ(t.at(2600, 1000), "3 in. north-west of the legnano (town)");
}

TEST(TablePlace, AwayFromEveryPieceTheWordsGiveTheTwoNearestEdges) {
  const Table t;
  EXPECT_EQ(t.at(1800, 3300), "18 in. from the west edge, 3 in. from the north edge");
  EXPECT_EQ(t.at(3300, 1700), "3 in. from the east edge, 17 in. from the south edge");
  EXPECT_EQ(t.at(0, 3600), "at the west edge, at the north edge");
  // Negative: 6" is the reach; a point just beyond it is placed by the edges.
  EXPECT_EQ(t.at(1600, 1800), "6 in. east of the wood");
  EXPECT_EQ(t.at(1610, 1800), "16 in. from the west edge, 18 in. from the south edge");
  // Centimetres are whole.
  const std::vector<NamedArea> none;
  EXPECT_EQ(place_words({455, 127}, kCm, 1200, 900, none, 0),
            "46 cm from the west edge, 13 cm from the south edge");
}

}  // namespace
}  // namespace carroccio::game::table
