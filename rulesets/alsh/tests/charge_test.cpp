// [Cavalry Charge Table] Modifiers, results and the guessed marks.
#include <gtest/gtest.h>

#include "rulesets/alsh/tests/test_util.hpp"

namespace carroccio::alsh {
namespace {

using nlohmann::json;
using testing::applied;
using testing::has_effect;
using testing::resolve;
using testing::try_resolve;

TEST(Alsh_CavalryChargeTable, Modifier_HeathOrHill) {
  EXPECT_EQ(applied(resolve("charge", {{"sp", 3}, {"hex", "heath"}}, {4}), "heath_hill"), -1);
  EXPECT_EQ(applied(resolve("charge", {{"sp", 3}, {"hex", "hill"}}, {4}), "heath_hill"), -1);
  EXPECT_FALSE(applied(resolve("charge", {{"sp", 3}}, {4}), "heath_hill"));
}

TEST(Alsh_CavalryChargeTable, Modifier_EarthworksRiverChit) {
  EXPECT_EQ(
      applied(resolve("charge", {{"sp", 3}, {"earthworks-river", true}}, {4}), "earthworks_river"),
      -1);
  EXPECT_FALSE(applied(resolve("charge", {{"sp", 3}}, {4}), "earthworks_river"));
}

TEST(Alsh_CavalryChargeTable, Modifier_Mud) {
  EXPECT_EQ(applied(resolve("charge", {{"sp", 3}, {"weather", "mud"}}, {4}), "mud"), -1);
  EXPECT_FALSE(applied(resolve("charge", {{"sp", 3}, {"weather", "rain"}}, {4}), "mud"));
}

TEST(Alsh_CavalryChargeTable, Modifier_AgainstSwissOrLandsknecht) {
  EXPECT_EQ(applied(resolve("charge", {{"sp", 3}, {"vs-swiss", true}}, {4}), "swiss"), -1);
  EXPECT_FALSE(applied(resolve("charge", {{"sp", 3}}, {4}), "swiss"));
}

TEST(Alsh_CavalryChargeTable, Modifier_Flank) {
  EXPECT_EQ(applied(resolve("charge", {{"sp", 3}, {"flank", true}}, {4}), "flank"), 1);
  EXPECT_FALSE(applied(resolve("charge", {{"sp", 3}}, {4}), "flank"));
}

TEST(Alsh_CavalryChargeTable, Modifier_HeavyCavalryQuality) {
  EXPECT_EQ(applied(resolve("charge", {{"sp", 3}, {"heavy", true}, {"quality", 3}}, {4}),
                    "heavy_quality"),
            3);
  // Light cavalry never adds its quality.
  EXPECT_FALSE(applied(resolve("charge", {{"sp", 3}, {"quality", 3}}, {4}), "heavy_quality"));
}

TEST(Alsh_CavalryChargeTable, Modifier_FirearmsAgainstHeavyCavalry) {
  EXPECT_EQ(applied(resolve("charge", {{"sp", 3}, {"heavy", true}, {"firearms", true}}, {4}),
                    "firearms_vs_heavy"),
            -1);
  EXPECT_FALSE(
      applied(resolve("charge", {{"sp", 3}, {"firearms", true}}, {4}), "firearms_vs_heavy"));
}

TEST(Alsh_CavalryChargeTable, Result_AttackerLossDoubledByFirearms) {
  // Column 8+, roll 0 or less: A3.
  auto r = resolve("charge", {{"column", 4}, {"weather", "mud"}}, {1});
  EXPECT_EQ(r.detail["cell"], "A3");
  EXPECT_EQ(r.detail["attacker_sp_loss"], 3);
  auto f = resolve("charge", {{"column", 4}, {"weather", "mud"}, {"firearms", true}}, {1});
  EXPECT_EQ(f.detail["attacker_sp_loss"], 6);
}

TEST(Alsh_CavalryChargeTable, Result_DemoralisedThenCorpsCheck) {
  auto r = resolve("charge", {{"column", 3}}, {6});  // 6 on 5-7: '-'
  EXPECT_EQ(r.outcome, "No effect");
  auto d = resolve("charge", {{"column", 3}, {"flank", true}}, {6});  // 7: D
  EXPECT_EQ(d.detail["charged_unit_demoralised"], true);
  EXPECT_TRUE(has_effect(d, "charged Corps makes a Discipline Check"));
}

TEST(Alsh_CavalryChargeTable, Result_D1LossAndCapitaniChecks) {
  auto r = resolve("charge", {{"column", 4}, {"heavy", true}, {"quality", 3}}, {6});  // 9
  EXPECT_EQ(r.detail["cell"], "D1 N");
  EXPECT_EQ(r.detail["charged_unit_sp_loss"], 1);
  EXPECT_EQ(r.detail["charged_capitani_check"], true);
  EXPECT_EQ(r.confidence(), Confidence::kGuessed);  // the row-9 mark is a guess
}

TEST(Alsh_CavalryChargeTable, UncertainCell_LostInPlunderingWarned) {
  auto r = resolve("charge", {{"column", 4}, {"flank", true}, {"heavy", true}, {"quality", 1}},
                   {6});  // 8 on 8+
  EXPECT_EQ(r.detail["lost_in_plundering"], true);
  EXPECT_EQ(r.confidence(), Confidence::kGuessed);
  auto sure = resolve("charge", {{"column", 4}}, {6});  // 6 on 8+: D, legible
  EXPECT_EQ(sure.detail["lost_in_plundering"], false);
  EXPECT_EQ(sure.confidence(), Confidence::kLegible);
}

TEST(Alsh_CavalryChargeTable, Column_FromSpRestsOnReconstructedHeading) {
  auto r = resolve("charge", {{"sp", 3}}, {4});
  EXPECT_EQ(r.confidence(), Confidence::kReconstructed);
}

TEST(Alsh_CavalryChargeTable, Terrain_MarshForbidsTheChit) {
  auto r = try_resolve("charge", {{"sp", 3}, {"hex", "marsh"}}, {4});
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.message().find("Marsh"), std::string::npos);
  EXPECT_FALSE(try_resolve("charge", {{"sp", 3}, {"hex", "wood"}}, {4}).ok());
  EXPECT_TRUE(try_resolve("charge", {{"sp", 3}, {"hex", "heath"}}, {4}).ok());
}

TEST(Alsh_CavalryChargeTable, Odds_ExactAndComplete) {
  auto o = testing::odds("charge", {{"column", 2}});
  EXPECT_EQ(testing::total(o), core::Fraction(1));
  EXPECT_EQ(testing::probability_of(o, "No effect"), core::Fraction(1, 2));  // 4, 5, 6
}

}  // namespace
}  // namespace carroccio::alsh
