// Rows and notes of the charts that docs/clauses/alsh.md found without a test of their own: the
// Terrain Effects Chart's towns, roads, bridges and ferry, the Cavalry Charge Table's row-1
// Capitano mark, the Artillery Fire Table's Discipline Check target, and the Orders Table's
// allowed actions. Each with a positive and a negative case.
#include <gtest/gtest.h>

#include "rulesets/alsh/tests/test_util.hpp"

namespace carroccio::alsh {
namespace {

using nlohmann::json;
using testing::has_effect;
using testing::resolve;
using testing::rests_on;

// ---- Terrain Effects Chart ----------------------------------------------------------------

TEST(Alsh_TerrainEffectsChart, Rows_TownAndNaviglioTakeTheOtherTerrainInTheHex) {
  // OTH in every column: a Town or Naviglio on a Hill costs and fights as the Hill.
  for (const char* feature : {"town", "naviglio"}) {
    auto r = resolve("terrain", {{"hex", "hill"}, {"feature", feature}});
    EXPECT_EQ(r.detail["move_cost"], 2) << feature;
    EXPECT_EQ(r.detail["affecting"], true) << feature;
    EXPECT_EQ(r.detail["defender_double_up_to"], 0) << feature;
    EXPECT_EQ(r.detail["mb_artillery_drm"], -1) << feature;
    auto clear = resolve("terrain", {{"feature", feature}});
    EXPECT_EQ(clear.detail["move_cost"], 1) << feature;
    EXPECT_EQ(clear.detail["affecting"], false) << feature;
  }
  // Negative: a Fortified Town has its own cost (1, even on a Hill).
  EXPECT_EQ(
      resolve("terrain", {{"hex", "hill"}, {"feature", "fortified-town"}}).detail["move_cost"], 1);
}

TEST(Alsh_TerrainEffectsChart, NoteC_FortifiedTownDoublesOnlyADefenderInside) {
  auto inside = resolve("terrain", {{"feature", "fortified-town"}});
  EXPECT_EQ(inside.detail["defender_double_up_to"], 4);
  EXPECT_TRUE(has_effect(inside, "first 4 SP double"));
  // Negative: a Force outside the town gets nothing from it (note c).
  auto outside = resolve("terrain", {{"feature", "fortified-town"}, {"defender-outside", true}});
  EXPECT_EQ(outside.detail["defender_double_up_to"], 0);
  EXPECT_FALSE(has_effect(outside, "double"));
}

TEST(Alsh_TerrainEffectsChart, Rows_RoadsAndNoteE) {
  // Primary Road 0.5, Secondary Road 1, whatever the hex; note e: a Fortress still costs 1.
  auto primary = resolve("terrain", {{"hex", "mountain"}, {"feature", "primary-road"}});
  EXPECT_EQ(primary.detail["move_cost"], 0.5);
  EXPECT_TRUE(has_effect(primary, "Passing through a Fortress costs 1"));
  EXPECT_EQ(
      resolve("terrain", {{"hex", "mountain"}, {"feature", "secondary-road"}}).detail["move_cost"],
      1);
  // Negative: off the road the Mountain costs 5, and the note is not given.
  auto off = resolve("terrain", {{"hex", "mountain"}});
  EXPECT_EQ(off.detail["move_cost"], 5);
  EXPECT_FALSE(has_effect(off, "Fortress"));
}

TEST(Alsh_TerrainEffectsChart, Rows_BridgesFerryAndNotesFG) {
  // Secondary Bridge +1 (+2 in Rain), note f; Pontoon Bridge +0.5; both as a Secondary River.
  auto bridge = resolve("terrain", {{"hexside", "secondary-bridge"}});
  EXPECT_EQ(bridge.detail["cross_cost"], 1);
  EXPECT_TRUE(has_effect(bridge, "Any road crossing a secondary river makes a Secondary Bridge"));
  EXPECT_EQ(bridge.detail["affecting"], true);
  EXPECT_EQ(bridge.detail["artillery_drm"], -1);
  auto pontoon = resolve("terrain", {{"hexside", "pontoon-bridge"}, {"weather", "rain"}});
  EXPECT_EQ(pontoon.detail["cross_cost"], 0.5);  // no Rain cost printed for it
  EXPECT_EQ(pontoon.detail["affecting"], true);
  // Ferry +2, Affecting; no combat across it in a Major Battle; note g.
  auto ferry = resolve("terrain", {{"hexside", "ferry"}});
  EXPECT_EQ(ferry.detail["cross_cost"], 2);
  EXPECT_EQ(ferry.detail["affecting"], true);
  EXPECT_TRUE(has_effect(ferry, "Major Battle: No combat across it"));
  EXPECT_TRUE(has_effect(ferry, "No In-breach or Sortie attack across it"));
  // Negative: a Secondary River allows Major Battle combat and In-breach attacks.
  auto river = resolve("terrain", {{"hexside", "secondary-river"}});
  EXPECT_FALSE(has_effect(river, "No combat"));
  EXPECT_FALSE(has_effect(river, "No In-breach"));
}

TEST(Alsh_TerrainEffectsChart, Rows_SwampWoodAndMountainAllowNoMajorBattle) {
  // Column b: no Major Battle there (a Skirmish is fought), so no Major Battle table resolves.
  for (const char* hex : {"swamp", "wood", "mountain"}) {
    auto r = resolve("terrain", {{"hex", hex}});
    EXPECT_EQ(r.detail["major_battle_allowed"], false) << hex;
    EXPECT_TRUE(has_effect(r, "No Major Battle here")) << hex;
    EXPECT_FALSE(testing::try_resolve("major-battle",
                                      {{"attacker-column", 2},
                                       {"defender-column", 2},
                                       {"attacker-sp", 10},
                                       {"defender-sp", 10},
                                       {"attacker-quality", 2},
                                       {"defender-quality", 2},
                                       {"hex", hex}},
                                      {})
                     .ok())
        << hex;
    EXPECT_FALSE(testing::try_resolve("charge", {{"sp", 3}, {"hex", hex}}, {4}).ok()) << hex;
  }
  // Negative: Heath and Hill allow one.
  for (const char* hex : {"heath", "hill"})
    EXPECT_EQ(resolve("terrain", {{"hex", hex}}).detail["major_battle_allowed"], true) << hex;
}

// ---- Cavalry Charge Table -----------------------------------------------------------------

TEST(Alsh_CavalryChargeTable, Modifier_AllCumulative) {
  // Heath -1, Earthworks/River chit -1, Mud -1, against Swiss -1, flank +1, Heavy Cavalry of
  // Quality 2 +2, Firearms against it -1: -2 in all.
  auto r = resolve("charge",
                   {{"column", 2},
                    {"hex", "heath"},
                    {"earthworks-river", true},
                    {"weather", "mud"},
                    {"vs-swiss", true},
                    {"flank", true},
                    {"heavy", true},
                    {"quality", 2},
                    {"firearms", true}},
                   {4});
  EXPECT_EQ(r.total_modifier(), -2);
  // Negative: light cavalry takes neither the Quality nor the Firearms modifier: -3.
  auto light = resolve("charge",
                       {{"column", 2},
                        {"hex", "heath"},
                        {"earthworks-river", true},
                        {"weather", "mud"},
                        {"vs-swiss", true},
                        {"flank", true},
                        {"quality", 2},
                        {"firearms", true}},
                       {4});
  EXPECT_EQ(light.total_modifier(), -3);
}

TEST(Alsh_CavalryChargeTable, Result_RowOneChargingCapitanoCheck) {
  // Row 1's star: the charging Capitano makes an Elimination Check, in every cell of the row (a
  // guessed reading, flagged).
  auto r = resolve("charge", {{"column", 2}}, {1});
  EXPECT_EQ(r.detail["charging_capitano_check"], true);
  EXPECT_TRUE(has_effect(r, "The charging Capitano makes an Elimination Check"));
  EXPECT_TRUE(rests_on(r, Confidence::kGuessed));
  // Negative: row 2 has no mark.
  auto two = resolve("charge", {{"column", 2}}, {2});
  EXPECT_EQ(two.detail["charging_capitano_check"], false);
  EXPECT_FALSE(has_effect(two, "Capitano"));
}

// ---- Artillery Fire Table -----------------------------------------------------------------

TEST(Alsh_ArtilleryFireTable, Result_DisciplineCheckTakenByTheForceOrCorpsOrUnits) {
  // DC: the entire Force in a Siege, the Corps in a Major Battle, the target units otherwise.
  auto siege = resolve("artillery", {{"column", 3}, {"combat", "siege"}}, {4});
  EXPECT_EQ(siege.detail["discipline_check"], true);
  EXPECT_TRUE(has_effect(siege, "The whole target Force makes a Discipline Check"));
  auto mb = resolve("artillery", {{"column", 3}, {"combat", "major-battle"}}, {4});
  EXPECT_TRUE(has_effect(mb, "The target Corps makes a Discipline Check"));
  auto skirmish = resolve("artillery", {{"column", 3}}, {4});
  EXPECT_TRUE(has_effect(skirmish, "The target units make"));
  // Negative: a misfire alone calls for no Discipline Check.
  auto misfire = resolve("artillery", {{"column", 3}}, {1});
  EXPECT_EQ(misfire.detail["discipline_check"], false);
}

// ---- Orders Table -------------------------------------------------------------------------

TEST(Alsh_OrdersTable, Rows_AllowableActionsAndEffects) {
  const std::vector<std::pair<std::string, std::string>> rows = {
      {"garrison", "Must stay in its hex, which is a Town or City; may Recover"},
      {"stand", "Must stay in its hex (any hex); may Recover"},
      {"manoeuvre", "Regular March or an Administrative March"},
      {"attack", "Regular March or a March to Contact"},
      {"retreat", "Regular March; Initiative modifier +1"}};
  for (const auto& [order, allows] : rows) {
    auto r = resolve("orders", {{"order", order}});
    EXPECT_TRUE(has_effect(r, allows)) << order;
    // The truncated Continuous Attack line goes with the Attack order only.
    EXPECT_EQ(has_effect(r, "Continuous Attack"), order == "attack") << order;
  }
  // Initiative -1 in a second activation: only orders that activate twice.
  EXPECT_TRUE(has_effect(resolve("orders", {{"order", "attack"}}), "Initiative -1 in the second"));
  EXPECT_FALSE(has_effect(resolve("orders", {{"order", "stand"}}), "second"));
}

}  // namespace
}  // namespace carroccio::alsh
