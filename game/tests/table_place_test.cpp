// The table kit's places and pieces in words (game/table/place.hpp): what the ohw and fastplay
// logs and decisions say in place of raw coordinates and file ids.
#include <gtest/gtest.h>

#include <initializer_list>
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

// Each point and the words for it, on the Table above.
struct Case {
  std::int64_t x, y;
  const char* words;
};
void expect_places(std::initializer_list<Case> cases) {
  const Table t;
  for (const Case& c : cases) EXPECT_EQ(t.at(c.x, c.y), c.words) << c.x << ", " << c.y;
}

TEST(TablePlace, InsideAPieceTheWordsNameIt) {
  expect_places({{600, 1800, "in the wood"}, {3000, 500, "in the legnano (town)"}});
}

TEST(TablePlace, NearAPieceTheWordsGiveTheGapAndTheDirectionFromIt) {
  expect_places({
      // 2" east of the wood's east side, level with its middle.
      {1200, 1800, "2 in. east of the wood"},
      // Below its south-east corner: 1.5" away, south-east of its middle.
      {1100, 1300, "1.5 in. south-east of the wood"},
      // Touching it.
      {600, 2210, "just north of the wood"},
      // The nearer of two pieces.
      {2600, 1000, "3 in. north-west of the legnano (town)"},
  });
}

TEST(TablePlace, AwayFromEveryPieceTheWordsGiveTheTwoNearestEdges) {
  expect_places({
      {1800, 3300, "18 in. from W edge, 3 in. from N edge"},
      {3300, 1700, "3 in. from E edge, 17 in. from S edge"},
      {0, 3600, "at the west edge, at the north edge"},
      // Negative: 6" is the reach; a point just beyond it is placed by the edges.
      {1600, 1800, "6 in. east of the wood"},
      {1610, 1800, "16 in. from W edge, 18 in. from S edge"},
  });
  // Centimetres are whole.
  const std::vector<NamedArea> none;
  EXPECT_EQ(place_words({455, 127}, kCm, 1200, 900, none, 0),
            "46 cm from W edge, 13 cm from S edge");
}

TEST(TablePlace, TableWordsNameEveryPieceAndPlaceByTheDrawnOnes) {
  enum class Kind { kWood, kZone };
  const std::vector<TerrainPiece<Kind>> terrain = {
      {"north_wood", Kind::kWood, rect(200, 1400, 1000, 2200)},
      {"camp", Kind::kZone, rect(1200, 1400, 2000, 2200)}};
  const auto kind_name = [](Kind k) { return k == Kind::kWood ? "woods" : "zone"; };
  const TableWords words(
      kInches, 3600, 3600, terrain, kind_name, [](Kind k) { return k != Kind::kZone; }, 600);
  EXPECT_EQ(words.piece(0), "the north wood");
  EXPECT_EQ(words.piece(1), "the camp (zone)");
  EXPECT_EQ(words.place({600, 1800}), "in the north wood");
  // Negative: a piece not drawn is no landmark; the point inside it is placed from the wood.
  EXPECT_EQ(words.place({1600, 1800}), "6 in. east of the north wood");
  // Every piece drawn when no filter is given.
  const TableWords all(kInches, 3600, 3600, terrain, kind_name, 600);
  EXPECT_EQ(all.place({1600, 1800}), "in the camp (zone)");
}

TEST(TablePlace, APieceIsNamedBySideWordsAndItsNumberWhenThereAreSeveral) {
  EXPECT_EQ(piece_name("The Count's host", "heavy infantry", 2, 3),
            "the Count's host heavy infantry #2");
  EXPECT_EQ(piece_name("Blue", "knights", 1, 2), "the Blue knights #1");
  // Negative: the only one of its words has no number.
  EXPECT_EQ(piece_name("Red", "levies", 1, 1), "the Red levies");
}

TEST(TablePlace, ASideNameWithAPhraseComesAfterThePiecesWords) {
  // Positive: the side's phrase comes last, so the head noun is the piece's and the verb agrees.
  EXPECT_EQ(piece_name("Army of Milan", "knights", 2, 3), "the knights #2 of the Army of Milan");
  EXPECT_EQ(says(piece_name("Army of Milan", "knights", 2, 3), "moves"),
            "the knights #2 of the Army of Milan move");
  EXPECT_EQ(piece_name("The Knights of the Temple", "militia", 1, 1),
            "the militia of the Knights of the Temple");
  EXPECT_FALSE(name_is_plural(piece_name("The Knights of the Temple", "militia", 1, 1)));
  // Negative: a side name without a phrase comes first, as before.
  EXPECT_EQ(piece_name("Lombard League", "militia", 1, 2), "the Lombard League militia #1");
  EXPECT_EQ(piece_name("Knightsbridge", "levies", 1, 1), "the Knightsbridge levies");
}

TEST(TablePlace, APluralIsJudgedByTheNounBeforeOf) {
  // Positive: the noun before "of" decides, whatever the phrase after it holds.
  for (const char* n : {"Knights of the Temple", "Men-at-arms of the King's battle",
                        "Knights of Piacenza and Verona", "Levies of the allied cities"})
    EXPECT_TRUE(name_is_plural(n)) << n;
  // Negative: a singular noun before "of" stays singular though the phrase names many, or joins
  // places with "and".
  for (const char* n : {"Army of Milan", "Company of the Knights", "Militia of Piacenza and Verona",
                        "Militia of Novara, Vercelli and Lodi", "Levy of Piacenza"})
    EXPECT_FALSE(name_is_plural(n)) << n;
  // "and" before any phrase still joins two pieces.
  EXPECT_TRUE(name_is_plural("the Blue militia and the Red wagon"));
}

TEST(TablePlace, APluralNameTakesAPluralVerb) {
  // Positive: plural names, by their head noun.
  for (const char* n :
       {"the Blue knights", "the Blue knights #2", "the League men-at-arms #1", "the Red levies",
        "Crossbowmen of Bruges", "Flemish nobles on foot",
        "Rhineland knights 2 (Hc(o)) of Philip's command", "the Blue knights and the Red levies"}) {
    EXPECT_TRUE(name_is_plural(n)) << n;
    EXPECT_EQ(says(n, "moves at most 6\""), std::string(n) + " move at most 6\"");
  }
  EXPECT_EQ(verb_for("the Blue knights", "is"), "are");
  EXPECT_EQ(verb_for("the Blue knights", "has"), "have");
  EXPECT_EQ(verb_for("the Blue knights", "tries"), "try");
  EXPECT_EQ(verb_for("the Blue knights", "pushes back"), "push back");
  EXPECT_EQ(verb_for("the Blue knights", "is held"), "are held");
  EXPECT_EQ(verb_for("the Blue knights", "may"), "may");
  EXPECT_EQ(it_for("the Blue knights"), "they");
  EXPECT_EQ(its_for("the Blue knights"), "their");
  EXPECT_EQ(them_for("the Blue knights"), "them");
  // Negative: singular names keep the verb as it is said of one.
  for (const char* n : {"the besiegers heavy infantry #2", "the Red wagon", "Militia of Ypres",
                        "Company of Death", "the mill's garrison archery", "the Swiss",
                        "German mercenary horse 3 (Cv(o)) of Nemours' command"}) {
    EXPECT_FALSE(name_is_plural(n)) << n;
    EXPECT_EQ(says(n, "moves at most 6\""), std::string(n) + " moves at most 6\"");
  }
  EXPECT_EQ(verb_for("the Red wagon", "is"), "is");
  EXPECT_EQ(its_for("the Red wagon"), "its");
  EXPECT_EQ(them_for("the Red wagon"), "it");
}

TEST(TablePlace, HeadingsAreSaidOnEightPointsOfTheCompass) {
  EXPECT_EQ(compass_words(geo::Angle::degrees(90)), "north");
  EXPECT_EQ(compass_words(geo::Angle::degrees(0)), "east");
  EXPECT_EQ(compass_words(geo::Angle::degrees(225)), "south-west");
  // Rounded to the nearest point.
  EXPECT_EQ(compass_words(geo::Angle::degrees(100)), "north");
  EXPECT_EQ(compass_words(geo::Angle::degrees(350)), "east");
}

}  // namespace
}  // namespace carroccio::game::table
