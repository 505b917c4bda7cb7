// The tables read without dice: Terrain Effects Chart, Initiative Modifier Table, Orders Table,
// Tactical Options Chart, Unit Type Effects Summary.
#include <gtest/gtest.h>

#include "rulesets/alsh/tests/test_util.hpp"

namespace carroccio::alsh {
namespace {

using nlohmann::json;
using testing::applied;
using testing::has_effect;
using testing::resolve;
using testing::rests_on;
using testing::try_resolve;

// ---- Terrain Effects Chart ----------------------------------------------------------------

TEST(Alsh_TerrainEffectsChart, Affecting_HexRows) {
  for (const char* h : {"swamp", "wood", "hill", "mountain"})
    EXPECT_EQ(resolve("terrain", {{"hex", h}}).detail["affecting"], true) << h;
  for (const char* h : {"clear", "marsh", "heath"})
    EXPECT_EQ(resolve("terrain", {{"hex", h}}).detail["affecting"], false) << h;
}

TEST(Alsh_TerrainEffectsChart, Affecting_FortifiedCityOnlyInside) {
  EXPECT_EQ(resolve("terrain", {{"feature", "fortified-city"}}).detail["affecting"], true);
  EXPECT_EQ(resolve("terrain", {{"feature", "fortified-city"}, {"defender-outside", true}})
                .detail["affecting"],
            false);
  EXPECT_EQ(resolve("terrain", {{"feature", "fortified-town"}}).detail["affecting"], false);
}

TEST(Alsh_TerrainEffectsChart, Affecting_Hexsides) {
  for (const char* x : {"secondary-river", "secondary-bridge", "pontoon-bridge", "ferry"})
    EXPECT_EQ(resolve("terrain", {{"hexside", x}}).detail["affecting"], true) << x;
}

TEST(Alsh_TerrainEffectsChart, HeavyCavalryHalvedInRoughTerrain) {
  for (const char* h : {"marsh", "heath", "swamp", "wood", "hill", "mountain"})
    EXPECT_EQ(resolve("terrain", {{"hex", h}}).detail["heavy_cavalry_half"], true) << h;
  EXPECT_EQ(resolve("terrain", {{"hex", "clear"}}).detail["heavy_cavalry_half"], false);
}

TEST(Alsh_TerrainEffectsChart, DefenderDoubling) {
  EXPECT_EQ(resolve("terrain", {{"feature", "fortified-town"}}).detail["defender_double_up_to"], 4);
  EXPECT_EQ(resolve("terrain", {{"feature", "fortified-city"}}).detail["defender_double_up_to"],
            10);
  auto ew = resolve("terrain", {{"feature", "earthworks"}});
  EXPECT_EQ(ew.detail["defender_double_up_to"], 4);
  EXPECT_TRUE(rests_on(ew, Confidence::kGuessed));
}

TEST(Alsh_TerrainEffectsChart, MovementCosts) {
  EXPECT_EQ(resolve("terrain", {{"hex", "mountain"}}).detail["move_cost"], 5);
  EXPECT_EQ(resolve("terrain", {{"hex", "swamp"}}).detail["move_cost"], 3);
  EXPECT_EQ(resolve("terrain", {{"hex", "wood"}, {"feature", "primary-road"}}).detail["move_cost"],
            0.5);
  EXPECT_TRUE(resolve("terrain", {{"hex", "lake"}}).detail["move_cost"].is_null());
  EXPECT_EQ(resolve("terrain", {{"hexside", "secondary-river"}}).detail["cross_cost"], 2);
  EXPECT_EQ(resolve("terrain", {{"hexside", "secondary-river"}, {"weather", "rain"}})
                .detail["cross_cost"],
            3);
  EXPECT_EQ(resolve("terrain", {{"hexside", "secondary-bridge"}, {"weather", "rain"}})
                .detail["cross_cost"],
            2);
  EXPECT_TRUE(has_effect(resolve("terrain", {{"weather", "snow"}}), "Movement Allowance"));
  EXPECT_FALSE(has_effect(resolve("terrain", {{"weather", "rain"}}), "Movement Allowance"));
  EXPECT_TRUE(has_effect(
      resolve("terrain", {{"feature", "fortified-city"}, {"starts-in-city", true}}), "1 MP more"));
}

TEST(Alsh_TerrainEffectsChart, NoCombatAndNoMajorBattle) {
  EXPECT_EQ(resolve("terrain", {{"hex", "lake"}}).detail["no_combat"], true);
  EXPECT_EQ(resolve("terrain", {{"hexside", "primary-river"}}).detail["no_combat"], true);
  EXPECT_EQ(resolve("terrain", {{"hex", "wood"}}).detail["major_battle_allowed"], false);
  EXPECT_EQ(resolve("terrain", {{"hex", "hill"}}).detail["major_battle_allowed"], true);
}

// The effect lines of `r` holding `needle`.
int count_effects(const Resolution& r, const std::string& needle) {
  int n = 0;
  for (const auto& e : r.effects)
    for (std::size_t at = e.find(needle); at != std::string::npos; at = e.find(needle, at + 1)) ++n;
  return n;
}

TEST(Alsh_TerrainEffectsChart, ColumnB_SeveralFeaturesCombineAsTheArtilleryAndChargeTablesSay) {
  // Hill, Earthworks and a Secondary River each list -1 to artillery fire and -1 to a cavalry
  // charge. The Artillery Fire Table's modifiers are all cumulative and list the three apart:
  // -3. The Cavalry Charge Table lists Heath or Hill, and once the Earthworks/River chit: -2.
  auto r = resolve("terrain",
                   {{"hex", "hill"}, {"feature", "earthworks"}, {"hexside", "secondary-river"}});
  EXPECT_EQ(r.detail["mb_artillery_drm"], -3);
  EXPECT_EQ(r.detail["mb_charge_drm"], -2);
  EXPECT_TRUE(has_effect(r, "artillery fire -3 in all")) << testing::effects_text(r);
  EXPECT_TRUE(has_effect(r, "Cavalry Charge -2 in all")) << testing::effects_text(r);
  EXPECT_EQ(count_effects(r, "-1 to Artillery fire"), 0) << testing::effects_text(r);
  EXPECT_TRUE(rests_on(r, Confidence::kReconstructed));  // the chit counted once
  // Earthworks behind a river without a hill: the chit still counts once against a charge.
  auto ew = resolve("terrain", {{"feature", "earthworks"}, {"hexside", "pontoon-bridge"}});
  EXPECT_EQ(ew.detail["mb_artillery_drm"], -2);
  EXPECT_EQ(ew.detail["mb_charge_drm"], -1);
  // Negative: one feature is one -1 and needs no ruling; clear ground has no effect.
  auto hill = resolve("terrain", {{"hex", "hill"}});
  EXPECT_EQ(hill.detail["mb_artillery_drm"], -1);
  EXPECT_EQ(hill.detail["mb_charge_drm"], -1);
  EXPECT_FALSE(has_effect(hill, "in all"));
  EXPECT_FALSE(rests_on(hill, Confidence::kReconstructed));
  auto clear = resolve("terrain", json::object());
  EXPECT_EQ(clear.detail["mb_artillery_drm"], 0);
  EXPECT_TRUE(has_effect(clear, "Major Battle: no effect"));
}

TEST(Alsh_TerrainEffectsChart, ColumnA_ArtilleryIntoAndAcrossAddUp) {
  // Firing into Earthworks across a Secondary River: -1 and -1, cumulative: -2.
  auto r = resolve("terrain", {{"feature", "earthworks"}, {"hexside", "secondary-river"}});
  EXPECT_EQ(r.detail["artillery_drm"], -2);
  EXPECT_TRUE(has_effect(r, "Artillery fire (Skirmish or Siege) -2 in all"))
      << testing::effects_text(r);
  // Negative: a Fortified City's -1 counts only for a Force defending inside (note c).
  EXPECT_EQ(resolve("terrain", {{"feature", "fortified-city"}}).detail["artillery_drm"], -1);
  EXPECT_EQ(resolve("terrain", {{"feature", "fortified-city"}, {"defender-outside", true}})
                .detail["artillery_drm"],
            0);
  EXPECT_EQ(resolve("terrain", json::object()).detail["artillery_drm"], 0);
}

// ---- Initiative Modifier Table ------------------------------------------------------------

TEST(Alsh_InitiativeModifierTable, RowsByEnemyInitiative) {
  const int want[] = {-2, -3, -4, -5, -5};
  for (int i = 1; i <= 5; ++i)
    EXPECT_EQ(resolve("initiative", {{"enemy-initiative", i}}).detail["table_modifier"],
              want[i - 1])
        << i;
  EXPECT_EQ(resolve("initiative", {{"enemy-initiative", 2}}).confidence(),
            Confidence::kReconstructed);
  EXPECT_EQ(resolve("initiative", {{"enemy-initiative", 3}}).confidence(), Confidence::kLegible);
}

TEST(Alsh_InitiativeModifierTable, Orders_RetreatPlusOne) {
  auto r = resolve("initiative", {{"enemy-initiative", 1}, {"order", "retreat"}});
  EXPECT_EQ(applied(r, "retreat"), 1);
  EXPECT_EQ(r.detail["total_modifier"], -1);
  EXPECT_FALSE(
      applied(resolve("initiative", {{"enemy-initiative", 1}, {"order", "attack"}}), "retreat"));
}

TEST(Alsh_InitiativeModifierTable, Orders_SecondActivationMinusOne) {
  auto r = resolve("initiative",
                   {{"enemy-initiative", 1}, {"order", "attack"}, {"second-activation", true}});
  EXPECT_EQ(applied(r, "second_activation"), -1);
  EXPECT_FALSE(
      try_resolve("initiative",
                  {{"enemy-initiative", 1}, {"order", "stand"}, {"second-activation", true}})
          .ok());
}

TEST(Alsh_InitiativeModifierTable, Orders_GarrisonAndStandCountZero) {
  auto r = resolve("initiative",
                   {{"enemy-initiative", 1}, {"own-initiative", 4}, {"order", "garrison"}});
  EXPECT_EQ(r.detail["initiative"], 0);
  auto a =
      resolve("initiative", {{"enemy-initiative", 1}, {"own-initiative", 4}, {"order", "attack"}});
  EXPECT_EQ(a.detail["initiative"], 2);
  EXPECT_FALSE(rests_on(a, Confidence::kGuessed));
}

TEST(Alsh_InitiativeModifierTable, BelowZeroIsOurRuling) {
  auto r = resolve("initiative", {{"enemy-initiative", 5}, {"own-initiative", 2}});
  EXPECT_EQ(r.detail["initiative"], 0);
  EXPECT_TRUE(rests_on(r, Confidence::kGuessed));
}

// ---- Orders Table -------------------------------------------------------------------------

int cost(json s) { return resolve("orders", s).detail["cost"].get<int>(); }

TEST(Alsh_OrdersTable, NewColumn) {
  EXPECT_EQ(cost({{"order", "garrison"}}), 0);
  EXPECT_EQ(cost({{"order", "stand"}}), 1);
  EXPECT_EQ(cost({{"order", "manoeuvre"}}), 2);
  EXPECT_EQ(cost({{"order", "attack"}}), 3);
  EXPECT_EQ(cost({{"order", "retreat"}}), 0);
  EXPECT_EQ(cost({{"order", "attack"}, {"force", "minor"}}), 1);
  EXPECT_EQ(cost({{"order", "stand"}, {"force", "minor"}}), 1);
}

TEST(Alsh_OrdersTable, ChangeColumnSubtractsTheCurrentOrder) {
  EXPECT_EQ(cost({{"order", "attack"}, {"when", "change"}, {"current", "stand"}}), 3);
  EXPECT_EQ(cost({{"order", "attack"}, {"when", "change"}, {"current", "manoeuvre"}}), 2);
  EXPECT_EQ(cost({{"order", "manoeuvre"}, {"when", "change"}, {"current", "attack"}}), 0);
  EXPECT_EQ(cost({{"order", "stand"}, {"when", "change"}, {"current", "attack"}}), 0);
  EXPECT_EQ(
      cost({{"order", "attack"}, {"when", "change"}, {"current", "garrison"}, {"force", "minor"}}),
      1);
  auto r = resolve("orders", {{"order", "attack"}, {"when", "change"}, {"current", "stand"}});
  EXPECT_EQ(r.confidence(), Confidence::kReconstructed);
}

TEST(Alsh_OrdersTable, FreeForLightCavalryOrOneSpMinorForces) {
  EXPECT_EQ(cost({{"order", "attack"}, {"force", "minor"}, {"light-cavalry-only", true}}), 0);
  EXPECT_EQ(cost({{"order", "manoeuvre"},
                  {"force", "minor"},
                  {"single-sp", true},
                  {"when", "change"},
                  {"current", "stand"}}),
            0);
  EXPECT_FALSE(try_resolve("orders", {{"order", "attack"}, {"light-cavalry-only", true}}).ok());
}

TEST(Alsh_OrdersTable, ActivationsAndForcedOrders) {
  EXPECT_EQ(resolve("orders", {{"order", "stand"}}).detail["max_activations"], 1);
  EXPECT_EQ(resolve("orders", {{"order", "retreat"}}).detail["max_activations"], 2);
  EXPECT_TRUE(has_effect(resolve("orders", {{"order", "attack"}, {"forced", true}}),
                         "Discipline Check at +1"));
  EXPECT_FALSE(has_effect(resolve("orders", {{"order", "attack"}}), "Discipline Check at +1"));
}

TEST(Alsh_OrdersTable, Errors) {
  EXPECT_FALSE(try_resolve("orders", {{"order", "attack"}, {"when", "change"}}).ok());
  EXPECT_FALSE(
      try_resolve("orders", {{"order", "attack"}, {"when", "change"}, {"current", "attack"}}).ok());
  EXPECT_FALSE(try_resolve("orders", json::object()).ok());
}

// ---- Tactical Options Chart ---------------------------------------------------------------

TEST(Alsh_TacticalOptionsChart, ListsEveryOption) {
  auto r = resolve("tactical-options", json::object());
  EXPECT_EQ(r.outcome, "9 Tactical Options");
}

TEST(Alsh_TacticalOptionsChart, EarthworksRiverChits) {
  EXPECT_EQ(
      resolve("tactical-options",
              {{"option", "earthworks-river"}, {"earthworks-level", 2}, {"behind-river", true}})
          .detail["max"],
      6);
  EXPECT_EQ(resolve("tactical-options", {{"option", "earthworks-river"}, {"earthworks-level", 1}})
                .detail["max"],
            2);
  EXPECT_EQ(resolve("tactical-options", {{"option", "earthworks-river"}}).detail["playable"],
            false);
}

TEST(Alsh_TacticalOptionsChart, WhenPlayable) {
  EXPECT_EQ(resolve("tactical-options", {{"option", "muster"},
                                         {"step", "main-body-fight"},
                                         {"round", 1},
                                         {"capitano-generale", true}})
                .detail["playable"],
            false);
  EXPECT_EQ(resolve("tactical-options", {{"option", "muster"},
                                         {"step", "main-body-fight"},
                                         {"round", 2},
                                         {"capitano-generale", true}})
                .detail["playable"],
            true);
  EXPECT_EQ(resolve("tactical-options", {{"option", "reserve"}, {"step", "vanguard-fight"}})
                .detail["playable"],
            false);
  EXPECT_EQ(resolve("tactical-options", {{"option", "cavalry-charge"}, {"hex", "marsh"}})
                .detail["playable"],
            false);
  EXPECT_EQ(
      resolve("tactical-options", {{"option", "firearms"}, {"weather", "rain"}}).detail["playable"],
      false);
  EXPECT_EQ(resolve("tactical-options", {{"option", "firearms"}}).detail["duration"], "2 rounds");
}

// ---- Unit Type Effects Summary ------------------------------------------------------------

TEST(Alsh_UnitTypeEffectsSummary, EveryTypeAndColumn) {
  EXPECT_EQ(resolve("unit-types", json::object()).outcome, "10 unit type entries");
  auto r = resolve("unit-types", {{"unit", "heavy-cavalry"}, {"combat", "skirmish-siege"}});
  EXPECT_TRUE(has_effect(r, "x0.5"));
}

}  // namespace
}  // namespace carroccio::alsh
