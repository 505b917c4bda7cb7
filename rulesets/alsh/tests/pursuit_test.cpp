// [Pursuit Table] Pursuit losses, Capitani checks, modifiers, and absorbing the losses.
#include <gtest/gtest.h>

#include "rulesets/alsh/tests/test_util.hpp"

namespace carroccio::alsh {
namespace {

using nlohmann::json;
using testing::applied;
using testing::resolve;
using testing::rests_on;

TEST(Alsh_PursuitTable, Modifier_BonusStar) {
  EXPECT_EQ(
      applied(resolve("pursuit", {{"cavalry-sp", 4}, {"bonus-star", true}}, {3}), "bonus_star"), 1);
  EXPECT_FALSE(applied(resolve("pursuit", {{"cavalry-sp", 4}}, {3}), "bonus_star"));
}

TEST(Alsh_PursuitTable, Modifier_Stradiots) {
  EXPECT_EQ(applied(resolve("pursuit", {{"cavalry-sp", 4}, {"stradiots", true}}, {3}), "stradiots"),
            1);
  EXPECT_FALSE(applied(resolve("pursuit", {{"cavalry-sp", 4}}, {3}), "stradiots"));
}

TEST(Alsh_PursuitTable, Modifier_MpSpentLeavingZoc) {
  EXPECT_EQ(applied(resolve("pursuit", {{"cavalry-sp", 4}, {"zoc-mp", 2}}, {3}), "zoc_mp"), -2);
  EXPECT_FALSE(applied(resolve("pursuit", {{"cavalry-sp", 4}}, {3}), "zoc_mp"));
}

TEST(Alsh_PursuitTable, Result_CavalryAndInfantryPercentages) {
  // Row 4: C60, I20. 60% of 10 = 6; 20% of 10 = 2.
  auto r = resolve("pursuit", {{"cavalry-sp", 10}, {"infantry-sp", 10}}, {4});
  EXPECT_EQ(r.detail["losses"], 8);
  // Row 8 (6 + 2): C120, I60.
  auto top = resolve(
      "pursuit",
      {{"cavalry-sp", 10}, {"infantry-sp", 10}, {"bonus-star", true}, {"stradiots", true}}, {6});
  EXPECT_EQ(top.detail["losses"], 18);
  // Row 0 or less: nothing.
  auto low = resolve("pursuit", {{"cavalry-sp", 10}, {"zoc-mp", 3}}, {2});
  EXPECT_EQ(low.detail["losses"], 0);
}

TEST(Alsh_PursuitTable, Result_RoundsToNearestHalvesUp) {
  auto r = resolve("pursuit", {{"cavalry-sp", 5}}, {3});  // 50% of 5 = 2.5 -> 3
  EXPECT_EQ(r.detail["losses"], 3);
  EXPECT_TRUE(rests_on(r, Confidence::kGuessed));
  auto down = resolve("pursuit", {{"cavalry-sp", 4}}, {1});  // 30% of 4 = 1.2 -> 1
  EXPECT_EQ(down.detail["losses"], 1);
  EXPECT_FALSE(rests_on(down, Confidence::kGuessed));
}

TEST(Alsh_PursuitTable, Result_NaturalOneCapitanoCheck) {
  EXPECT_EQ(resolve("pursuit", {{"cavalry-sp", 4}, {"stradiots", true}}, {1})
                .detail["pursuing_capitano_check"],
            true);
  // A modified 1 from a natural 2 does not count.
  EXPECT_EQ(
      resolve("pursuit", {{"cavalry-sp", 4}, {"zoc-mp", 1}}, {2}).detail["pursuing_capitano_check"],
      false);
}

TEST(Alsh_PursuitTable, Result_AllPursuedCapitaniFromRowFive) {
  EXPECT_EQ(resolve("pursuit", {{"cavalry-sp", 4}}, {5}).detail["pursued_capitani_check"], true);
  EXPECT_EQ(resolve("pursuit", {{"cavalry-sp", 4}}, {4}).detail["pursued_capitani_check"], false);
}

TEST(Alsh_PursuitTable, Absorb_ArtilleryOrDemoralisedFirst) {
  auto a = absorb_pursuit_losses(5, 2, 10, true);
  EXPECT_EQ(a.artillery_or_demoralised_sp, 2);
  EXPECT_EQ(a.undemoralised_sp, 2);  // 3 losses left: 2 + 1, the last SP absorbs one only
  EXPECT_FALSE(a.eliminated);
}

TEST(Alsh_PursuitTable, Absorb_UndemoralisedFirst) {
  auto a = absorb_pursuit_losses(5, 2, 10, false);
  EXPECT_EQ(a.undemoralised_sp, 2);             // 4 losses
  EXPECT_EQ(a.artillery_or_demoralised_sp, 1);  // the odd one
  auto b = absorb_pursuit_losses(4, 0, 10, false);
  EXPECT_EQ(b.undemoralised_sp, 2);
  EXPECT_EQ(b.artillery_or_demoralised_sp, 0);
}

TEST(Alsh_PursuitTable, Absorb_TooFewSpEliminates) {
  auto a = absorb_pursuit_losses(9, 1, 3, true);
  EXPECT_TRUE(a.eliminated);
  EXPECT_EQ(a.unabsorbed, 2);
  auto b = absorb_pursuit_losses(0, 1, 3, true);
  EXPECT_FALSE(b.eliminated);
}

TEST(Alsh_PursuitTable, Absorb_ReportedInTheRuling) {
  auto r = resolve("pursuit",
                   {{"cavalry-sp", 10},
                    {"pursued-artillery-demoralised-sp", 1},
                    {"pursued-undemoralised-sp", 6},
                    {"absorb", "undemoralised-first"}},
                   {4});  // 6 losses
  EXPECT_EQ(r.detail["absorbed"]["undemoralised_sp"], 3);
  EXPECT_EQ(r.detail["absorbed"]["artillery_or_demoralised_sp"], 0);
}

TEST(Alsh_PursuitTable, PercentOfRounded) {
  EXPECT_EQ(percent_of_rounded(30, 5), 2);   // 1.5
  EXPECT_EQ(percent_of_rounded(30, 4), 1);   // 1.2
  EXPECT_EQ(percent_of_rounded(120, 7), 8);  // 8.4
  EXPECT_EQ(percent_of_rounded(0, 7), 0);
}

TEST(Alsh_PursuitTable, Odds_ExactAndComplete) {
  auto o = testing::odds("pursuit", {{"cavalry-sp", 10}});
  EXPECT_EQ(testing::total(o), core::Fraction(1));
  EXPECT_EQ(o.lines.size(), 6u);
}

}  // namespace
}  // namespace carroccio::alsh
