// [Artillery Fire Table] Modifiers, column shifts, results and breaches.
#include <gtest/gtest.h>

#include "rulesets/alsh/tests/test_util.hpp"

namespace carroccio::alsh {
namespace {

using nlohmann::json;
using testing::applied;
using testing::basis_names;
using testing::has_effect;
using testing::resolve;
using testing::rests_on;
using testing::try_resolve;

TEST(Alsh_ArtilleryFireTable, Modifier_Rain) {
  EXPECT_EQ(applied(resolve("artillery", {{"sp", 2}, {"weather", "rain"}}, {3}), "rain"), -2);
  EXPECT_FALSE(applied(resolve("artillery", {{"sp", 2}}, {3}), "rain"));
}

TEST(Alsh_ArtilleryFireTable, Modifier_MudOrSnow) {
  EXPECT_EQ(applied(resolve("artillery", {{"sp", 2}, {"weather", "mud"}}, {3}), "mud_snow"), -1);
  EXPECT_EQ(applied(resolve("artillery", {{"sp", 2}, {"weather", "snow"}}, {3}), "mud_snow"), -1);
  EXPECT_FALSE(applied(resolve("artillery", {{"sp", 2}, {"weather", "heat"}}, {3}), "mud_snow"));
}

TEST(Alsh_ArtilleryFireTable, Modifier_SecondaryRiver) {
  EXPECT_EQ(
      applied(resolve("artillery", {{"sp", 2}, {"hexside", "secondary-river"}}, {3}), "river"), -1);
  // [TEC] Bridges count as the Secondary River.
  EXPECT_EQ(applied(resolve("artillery", {{"sp", 2}, {"hexside", "pontoon-bridge"}}, {3}), "river"),
            -1);
  EXPECT_FALSE(applied(resolve("artillery", {{"sp", 2}}, {3}), "river"));
}

TEST(Alsh_ArtilleryFireTable, Modifier_RiverChitMajorBattleOnly) {
  EXPECT_EQ(applied(resolve("artillery",
                            {{"sp", 2}, {"combat", "major-battle"}, {"river-chit", true}}, {3}),
                    "river"),
            -1);
  auto r = resolve("artillery", {{"sp", 2}, {"combat", "siege"}, {"river-chit", true}}, {3});
  EXPECT_FALSE(applied(r, "river"));
}

TEST(Alsh_ArtilleryFireTable, Modifier_Earthworks) {
  EXPECT_EQ(applied(resolve("artillery", {{"sp", 2}, {"earthworks", true}}, {3}), "earthworks"),
            -1);
  EXPECT_FALSE(applied(resolve("artillery", {{"sp", 2}}, {3}), "earthworks"));
}

TEST(Alsh_ArtilleryFireTable, Modifier_HeathOrHillMajorBattleOnly) {
  EXPECT_EQ(
      applied(resolve("artillery", {{"sp", 2}, {"combat", "major-battle"}, {"hex", "hill"}}, {3}),
              "heath_hill"),
      -1);
  EXPECT_FALSE(
      applied(resolve("artillery", {{"sp", 2}, {"combat", "skirmish"}, {"hex", "hill"}}, {3}),
              "heath_hill"));
}

TEST(Alsh_ArtilleryFireTable, Modifier_SiegeCapitanoSiegesOnly) {
  EXPECT_EQ(
      applied(resolve("artillery", {{"sp", 2}, {"combat", "siege"}, {"siege-capitano", true}}, {3}),
              "siege_capitano"),
      1);
  EXPECT_FALSE(
      applied(resolve("artillery", {{"sp", 2}, {"siege-capitano", true}}, {3}), "siege_capitano"));
}

TEST(Alsh_ArtilleryFireTable, Modifier_FortifiedCity) {
  EXPECT_EQ(applied(resolve("artillery", {{"sp", 2}, {"settlement", "fortified-city"}}, {3}),
                    "fortified_city"),
            -1);
  EXPECT_FALSE(applied(resolve("artillery", {{"sp", 2}, {"settlement", "fortified-town"}}, {3}),
                       "fortified_city"));
}

TEST(Alsh_ArtilleryFireTable, Modifier_AllCumulative) {
  auto r = resolve("artillery",
                   {{"sp", 2},
                    {"weather", "rain"},
                    {"hexside", "secondary-river"},
                    {"earthworks", true},
                    {"settlement", "fortified-city"}},
                   {6});
  EXPECT_EQ(r.total_modifier(), -5);
}

TEST(Alsh_ArtilleryFireTable, ColumnShift_SiegeStatus) {
  // Column 3, Siege Status 2: read two columns right (column 5).
  auto r = resolve("artillery", {{"column", 3}, {"combat", "siege"}, {"siege-status", 2}}, {2});
  EXPECT_EQ(r.detail["cell"], "DC (b)");  // row 2, column 5
  EXPECT_EQ(applied(r, "siege_status_shift"), 2);
  EXPECT_EQ(r.total_modifier(), 0);  // a shift is not a die-roll modifier
  // The rightmost column is the limit.
  auto edge = resolve("artillery", {{"column", 6}, {"combat", "siege"}, {"siege-status", 2}}, {6});
  EXPECT_EQ(edge.detail["cell"], "3 b N");
  EXPECT_EQ(applied(edge, "siege_status_shift"), 0);
  // Outside a Siege there is no shift.
  auto none = resolve("artillery", {{"column", 3}, {"siege-status", 2}}, {2});
  EXPECT_EQ(none.detail["cell"], "-");
  EXPECT_FALSE(applied(none, "siege_status_shift"));
}

TEST(Alsh_ArtilleryFireTable, ColumnShift_FromAGivenColumnRestsOnTheColumnRead) {
  // Column 2 of the person's chart, Siege Status 2: the cell is read in column 4 of that chart,
  // which the result names among what it rests on (legible: counted on the chart, no heading).
  auto r = resolve("artillery", {{"column", 2}, {"combat", "siege"}, {"siege-status", 2}}, {4});
  EXPECT_EQ(r.detail["cell"], "DC N");  // row 4, column 4
  EXPECT_TRUE(basis_names(r, "column 4 counted from the left on your chart"));
  EXPECT_FALSE(rests_on(r, Confidence::kGuessed));
  for (const auto& step : r.steps) EXPECT_EQ(step.find("column '"), std::string::npos) << step;
  // At the rightmost column the shift stops there, as the chart says: nothing to add.
  auto edge = resolve("artillery", {{"column", 6}, {"combat", "siege"}, {"siege-status", 1}}, {1});
  EXPECT_FALSE(basis_names(edge, "column 7"));
  EXPECT_EQ(edge.confidence(), Confidence::kLegible);
  // Negative: from --sp the column read, and so the one shifted to, rests on a guessed heading.
  auto sp = resolve("artillery", {{"sp", 2}, {"combat", "siege"}, {"siege-status", 2}}, {4});
  EXPECT_EQ(sp.detail["cell"], "DC N");
  EXPECT_TRUE(rests_on(sp, Confidence::kGuessed));
  EXPECT_FALSE(basis_names(sp, "your chart"));
}

TEST(Alsh_ArtilleryFireTable, Result_NoEffectAndMisfire) {
  EXPECT_EQ(resolve("artillery", {{"column", 1}}, {5}).outcome, "No effect");
  auto r = resolve("artillery", {{"column", 3}}, {1});
  EXPECT_EQ(r.detail["cell"], "*");
  EXPECT_EQ(r.detail["firing_artillery_loses_sp"], 1);
  EXPECT_EQ(r.outcome, "Firing artillery loses 1 SP");
}

TEST(Alsh_ArtilleryFireTable, Result_SpLossThenDisciplineCheck) {
  auto r = resolve("artillery", {{"column", 3}, {"combat", "skirmish"}}, {6});
  EXPECT_EQ(r.detail["cell"], "1 b");
  EXPECT_EQ(r.detail["sp_loss"], 1);
  EXPECT_EQ(r.detail["discipline_check"], true);
  EXPECT_EQ(r.detail["breach"], false);  // b counts only in Siege Combat
}

TEST(Alsh_ArtilleryFireTable, Result_SwissOrLandsknechtLosesOneMore) {
  auto r = resolve("artillery", {{"column", 4}, {"swiss-absorbs", true}}, {6});
  EXPECT_EQ(r.detail["sp_loss"], 3);  // 2 + 1
  auto n = resolve("artillery", {{"column", 4}}, {6});
  EXPECT_EQ(n.detail["sp_loss"], 2);
}

TEST(Alsh_ArtilleryFireTable, Result_BreachRaisesSiegeStatus) {
  auto r = resolve("artillery", {{"column", 3}, {"combat", "siege"}}, {6});
  EXPECT_EQ(r.detail["breach"], true);
  EXPECT_EQ(r.detail["siege_status_after"], 1);
  // At most 2.
  auto top = resolve(
      "artillery",
      {{"column", 1}, {"combat", "siege"}, {"siege-status", 2}, {"siege-artillery", true}}, {6});
  EXPECT_EQ(top.detail["siege_status_after"], 2);
}

TEST(Alsh_ArtilleryFireTable, Result_ConditionalBreach) {
  // (b): a breach with Siege Artillery, or when the besieged has no artillery SP.
  auto with =
      resolve("artillery", {{"column", 5}, {"combat", "siege"}, {"siege-artillery", true}}, {2});
  EXPECT_EQ(with.detail["breach"], true);
  auto bare = resolve("artillery",
                      {{"column", 5}, {"combat", "siege"}, {"besieged-no-artillery", true}}, {2});
  EXPECT_EQ(bare.detail["breach"], true);
  auto without = resolve("artillery", {{"column", 5}, {"combat", "siege"}}, {2});
  EXPECT_EQ(without.detail["breach"], false);
  EXPECT_TRUE(has_effect(without, "no breach"));
}

TEST(Alsh_ArtilleryFireTable, Result_CapitaniCheckMajorBattleOnly) {
  auto mb = resolve("artillery", {{"column", 4}, {"combat", "major-battle"}}, {6});
  EXPECT_EQ(mb.detail["capitani_check"], true);
  auto sk = resolve("artillery", {{"column", 4}}, {6});
  EXPECT_EQ(sk.detail["capitani_check"], false);
}

TEST(Alsh_ArtilleryFireTable, UncertainCell_Warned) {
  // Row 5, column 6 is a guess.
  auto r = resolve("artillery", {{"column", 6}}, {5});
  EXPECT_EQ(r.detail["cell"], "1 * N");
  EXPECT_EQ(r.confidence(), Confidence::kGuessed);
  // Row 2, column 5, read from the person's own chart, rests on nothing uncertain.
  auto sure = resolve("artillery", {{"column", 5}}, {2});
  EXPECT_EQ(sure.confidence(), Confidence::kLegible);
}

TEST(Alsh_ArtilleryFireTable, Column_FromSpRestsOnGuessedHeading) {
  auto r = resolve("artillery", {{"sp", 5}}, {2});
  EXPECT_EQ(r.detail["cell"], "DC (b)");  // 5 SP -> placeholder column 5-6
  EXPECT_TRUE(rests_on(r, Confidence::kGuessed));
}

TEST(Alsh_ArtilleryFireTable, Odds_ExactAndComplete) {
  auto o = testing::odds("artillery", {{"column", 6}});
  EXPECT_EQ(testing::total(o), core::Fraction(1));
  EXPECT_EQ(testing::probability_of(o, "No effect"), core::Fraction(1, 6));  // die 1
  // Rolls 3, 4, 5 read guessed cells (3 DC b N, 2 b, 1 * N).
  EXPECT_EQ(o.guessed, core::Fraction(1, 2));
}

TEST(Alsh_ArtilleryFireTable, Errors_OneSentence) {
  EXPECT_FALSE(try_resolve("artillery", json::object(), {3}).ok());
  EXPECT_FALSE(try_resolve("artillery", {{"sp", 2}, {"column", 2}}, {3}).ok());
  auto river = try_resolve("artillery", {{"sp", 2}, {"hexside", "primary-river"}}, {3});
  ASSERT_FALSE(river.ok());
  EXPECT_NE(river.message().find("Primary River"), std::string::npos);
  EXPECT_FALSE(
      try_resolve("artillery", {{"sp", 2}, {"combat", "major-battle"}, {"hex", "wood"}}, {3}).ok());
  EXPECT_FALSE(try_resolve("artillery", {{"sp", 2}}, {7}).ok());
}

TEST(Alsh_ArtilleryFireTable, PendingWithoutDie) {
  auto r = resolve("artillery", {{"sp", 2}, {"weather", "rain"}}, {});
  ASSERT_TRUE(r.pending.has_value());
  EXPECT_EQ(r.pending->dice, core::Dice::d6());
  EXPECT_EQ(r.total_modifier(), -2);
}

}  // namespace
}  // namespace carroccio::alsh
