// [Administrative Points Table] The AP modifier by two dice and LOC distance.
#include <gtest/gtest.h>

#include "rulesets/alsh/tests/test_util.hpp"

namespace carroccio::alsh {
namespace {

using nlohmann::json;
using testing::basis_names;
using testing::resolve;
using testing::rests_on;
using testing::try_resolve;

TEST(Alsh_AdministrativePointsTable, ChartExample_35HexesRollSix) {
  // The chart's own example: 35 hexes, 5 nominal APs, a roll of 6: 5 - 1 = 4.
  auto r = resolve("admin-points", {{"distance", 35}, {"nominal", 5}}, {6});
  EXPECT_EQ(r.detail["modifier"], -1);
  EXPECT_EQ(r.detail["received"], 4);
  EXPECT_TRUE(rests_on(r, Confidence::kGuessed));  // the distance headings
}

TEST(Alsh_AdministrativePointsTable, NeverNegative) {
  auto r = resolve("admin-points", {{"column", 2}, {"nominal", 1}}, {2});
  EXPECT_EQ(r.detail["modifier"], -4);
  EXPECT_EQ(r.detail["received"], 0);
}

TEST(Alsh_AdministrativePointsTable, Weather_MudOrSnowShiftsOneColumnRight) {
  auto mud = resolve("admin-points", {{"column", 3}, {"weather", "mud"}}, {7});
  EXPECT_EQ(mud.detail["modifier"], -2);  // column 4
  auto fair = resolve("admin-points", {{"column", 3}}, {7});
  EXPECT_EQ(fair.detail["modifier"], -1);
  auto rain = resolve("admin-points", {{"column", 3}, {"weather", "rain"}}, {7});
  EXPECT_EQ(rain.detail["modifier"], -1);
}

TEST(Alsh_AdministrativePointsTable, Weather_ShiftFromTheLastColumnIsOurRuling) {
  auto r = resolve("admin-points", {{"column", 6}, {"weather", "snow"}}, {7});
  EXPECT_EQ(r.detail["modifier"], -2);
  EXPECT_TRUE(rests_on(r, Confidence::kGuessed));
}

TEST(Alsh_AdministrativePointsTable, Weather_ShiftFromAGivenColumnRestsOnNoGuess) {
  // Column 2 as printed on the person's chart, one right in Mud: column 3 of that chart, row 7
  // (-1, legible). Nothing guessed: not the placeholder heading of the column shifted to.
  auto r = resolve("admin-points", {{"column", 2}, {"weather", "mud"}}, {7});
  EXPECT_EQ(r.detail["modifier"], -1);
  EXPECT_EQ(r.confidence(), Confidence::kLegible);
  EXPECT_FALSE(rests_on(r, Confidence::kGuessed));
  EXPECT_TRUE(basis_names(r, "column 3 counted from the left on your chart"));
  for (const auto& step : r.steps) EXPECT_EQ(step.find("21-30"), std::string::npos) << step;
  // Negative: read from a distance, the result still rests on the guessed distance headings.
  auto guessed = resolve("admin-points", {{"distance", 15}, {"weather", "mud"}}, {7});
  EXPECT_EQ(guessed.detail["modifier"], -1);
  EXPECT_TRUE(rests_on(guessed, Confidence::kGuessed));
  EXPECT_FALSE(basis_names(guessed, "your chart"));
}

TEST(Alsh_AdministrativePointsTable, Odds_TwoDiceWeights) {
  auto zero = testing::odds("admin-points", {{"column", 1}, {"nominal", 5}});
  EXPECT_EQ(testing::probability_of(zero, "Receives 5 AP"), core::Fraction(1));
  auto o = testing::odds("admin-points", {{"column", 2}});
  EXPECT_EQ(testing::total(o), core::Fraction(1));
  // Column 2 reads 0 on 6, 7 and 8: 5 + 6 + 5 of 36.
  EXPECT_EQ(testing::probability_of(o, "AP modifier 0"), core::Fraction(16, 36));
}

TEST(Alsh_AdministrativePointsTable, Errors) {
  EXPECT_FALSE(try_resolve("admin-points", json::object(), {7}).ok());
  EXPECT_FALSE(try_resolve("admin-points", {{"column", 2}}, {1}).ok());  // 1 is not 2d6
}

}  // namespace
}  // namespace carroccio::alsh
