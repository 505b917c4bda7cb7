// [Attrition Table] Modifiers by phase, Barren and Unhealthy Land, and the table.
#include <gtest/gtest.h>

#include "rulesets/alsh/tests/test_util.hpp"

namespace carroccio::alsh {
namespace {

using nlohmann::json;
using testing::applied;
using testing::resolve;

json act(json extra = json::object()) {
  json s = {{"sp", 20}, {"phase", "activation"}};
  for (auto it = extra.begin(); it != extra.end(); ++it) s[it.key()] = it.value();
  return s;
}
json seg(json extra = json::object()) {
  json s = {{"sp", 20}, {"besieged", true}};
  for (auto it = extra.begin(); it != extra.end(); ++it) s[it.key()] = it.value();
  return s;
}

TEST(Alsh_AttritionTable, ChartExample_SecondActivationInRain) {
  // Three MP in a second activation, in Rain: +4.
  auto r = resolve("attrition", act({{"weather", "rain"}, {"second-activation-mp", 3}}), {2});
  EXPECT_EQ(r.total_modifier(), 4);
  EXPECT_EQ(r.detail["sp_loss"], 1);  // 20-26, column 6
}

TEST(Alsh_AttritionTable, Modifier_BonusPoint) {
  EXPECT_EQ(applied(resolve("attrition", act({{"bonus-point", true}}), {3}), "bonus_point"), -1);
  EXPECT_FALSE(applied(resolve("attrition", act(), {3}), "bonus_point"));
}

TEST(Alsh_AttritionTable, Modifier_Weather) {
  for (const char* w : {"rain", "mud", "heat", "snow", "frost"})
    EXPECT_EQ(applied(resolve("attrition", act({{"weather", w}}), {3}), "weather"), 1) << w;
  EXPECT_FALSE(applied(resolve("attrition", act(), {3}), "weather"));
}

TEST(Alsh_AttritionTable, Modifier_SecondActivationAtMostFour) {
  EXPECT_EQ(
      applied(resolve("attrition", act({{"second-activation-mp", 6}}), {3}), "second_activation"),
      4);
  EXPECT_EQ(
      applied(resolve("attrition", act({{"second-activation-mp", 2.5}}), {3}), "second_activation"),
      2);  // full MP only
  EXPECT_EQ(
      applied(resolve("attrition", act({{"second-activation-mp", 5}, {"admin-march", true}}), {3}),
              "second_activation"),
      2);  // one per two MP in Administrative March
  EXPECT_FALSE(
      applied(resolve("attrition", seg({{"second-activation-mp", 3}}), {3}), "second_activation"));
}

TEST(Alsh_AttritionTable, Modifier_BesiegedWithoutLoc) {
  EXPECT_EQ(applied(resolve("attrition", seg({{"no-loc", true}}), {3}), "besieged_no_loc"), 2);
  EXPECT_FALSE(applied(resolve("attrition", seg(), {3}), "besieged_no_loc"));
}

TEST(Alsh_AttritionTable, Modifier_QuartersAttritionSegmentOnly) {
  EXPECT_EQ(applied(resolve("attrition", seg({{"quarters", "fortified-town"}}), {3}),
                    "quarters_town_earthworks"),
            -1);
  EXPECT_EQ(applied(resolve("attrition", seg({{"quarters", "earthworks"}}), {3}),
                    "quarters_town_earthworks"),
            -1);
  EXPECT_EQ(
      applied(resolve("attrition", seg({{"quarters", "fortified-city"}}), {3}), "quarters_city"),
      -2);
  EXPECT_FALSE(
      applied(resolve("attrition", act({{"quarters", "fortified-city"}}), {3}), "quarters_city"));
}

TEST(Alsh_AttritionTable, Modifier_InterphaseTurn) {
  EXPECT_EQ(applied(resolve("attrition", seg({{"interphase", true}}), {3}), "interphase"), 1);
  EXPECT_FALSE(applied(resolve("attrition", act({{"interphase", true}}), {3}), "interphase"));
}

TEST(Alsh_AttritionTable, Condition_BarrenLand) {
  json area = {"mountain", "heath", "swamp", "clear+pillaged", "clear", "wood", "clear"};
  auto r = resolve("attrition", {{"sp", 20}, {"area", area}}, {3});
  EXPECT_EQ(r.detail["barren_land"], true);
  EXPECT_EQ(r.detail["check"], true);
  area[3] = "clear";
  auto n = resolve("attrition", {{"sp", 20}, {"area", area}}, {3});
  EXPECT_EQ(n.detail["barren_land"], false);
  EXPECT_EQ(n.detail["check"], false);
  EXPECT_FALSE(n.pending.has_value());  // no roll when there is no check
}

TEST(Alsh_AttritionTable, Condition_UnhealthyLand) {
  EXPECT_EQ(resolve("attrition", {{"sp", 20}, {"hex", "marsh"}}, {3}).detail["check"], true);
  EXPECT_EQ(resolve("attrition", {{"sp", 20}, {"hex", "swamp"}}, {3}).detail["unhealthy_land"],
            true);
  // A town in a marsh hex is still marsh.
  json area = {"marsh+town", "clear", "clear", "clear", "clear", "clear", "clear"};
  EXPECT_EQ(resolve("attrition", {{"sp", 20}, {"area", area}}, {3}).detail["unhealthy_land"], true);
  EXPECT_EQ(resolve("attrition", {{"sp", 20}, {"hex", "wood"}}, {3}).detail["check"], false);
}

TEST(Alsh_AttritionTable, Condition_HostileZocBesieged) {
  EXPECT_EQ(resolve("attrition", {{"sp", 20}, {"hostile-region", true}}, {3}).detail["check"],
            true);
  EXPECT_EQ(resolve("attrition", {{"sp", 20}, {"enemy-zoc", true}}, {3}).detail["check"], true);
  EXPECT_EQ(resolve("attrition", {{"sp", 20}}, {}).outcome,
            "No attrition check in the Attrition Segment");
}

TEST(Alsh_AttritionTable, Table_BigForceHighRoll) {
  auto r = resolve("attrition", act({{"sp", 50}, {"weather", "mud"}, {"second-activation-mp", 4}}),
                   {6});  // 11: column 10 or more
  EXPECT_EQ(r.detail["sp_loss"], 9);
  EXPECT_EQ(r.confidence(), Confidence::kGuessed);  // the 10+ heading is inferred
}

TEST(Alsh_AttritionTable, Odds_ExactAndComplete) {
  auto o = testing::odds("attrition", seg({{"sp", 43}, {"no-loc", true}}));
  EXPECT_EQ(testing::total(o), core::Fraction(1));
  EXPECT_EQ(testing::probability_of(o, "Loses 1 SP to attrition"), core::Fraction(1, 3));
}

}  // namespace
}  // namespace carroccio::alsh
