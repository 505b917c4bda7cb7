// [Discipline Table] Discipline and Recovery Checks, their modifiers and their effects by SP.
#include <gtest/gtest.h>

#include "rulesets/alsh/tests/test_util.hpp"

namespace carroccio::alsh {
namespace {

using nlohmann::json;
using testing::applied;
using testing::resolve;
using testing::rests_on;
using testing::try_resolve;

TEST(Alsh_DisciplineTable, Modifier_PrimoCapitanoBonusStar) {
  EXPECT_EQ(
      applied(resolve("discipline", {{"column", 2}, {"bonus-star", true}}, {3}), "bonus_star"), -1);
  EXPECT_FALSE(applied(resolve("discipline", {{"column", 2}}, {3}), "bonus_star"));
}

TEST(Alsh_DisciplineTable, Modifier_ForcedOrder) {
  EXPECT_EQ(
      applied(resolve("discipline", {{"column", 2}, {"forced-order", true}}, {3}), "forced_order"),
      1);
  EXPECT_FALSE(applied(resolve("discipline", {{"column", 2}}, {3}), "forced_order"));
}

TEST(Alsh_DisciplineTable, Modifier_ExtraWagesRecoveryOnly) {
  EXPECT_EQ(
      applied(resolve("recovery", {{"column", 2}, {"extra-wages", true}}, {3}), "extra_wages"), -1);
  EXPECT_FALSE(
      applied(resolve("discipline", {{"column", 2}, {"extra-wages", true}}, {3}), "extra_wages"));
}

TEST(Alsh_DisciplineTable, Modifier_MpExpendedRecoveryOnly) {
  EXPECT_EQ(
      applied(resolve("recovery", {{"column", 2}, {"mp-expended", true}}, {3}), "mp_expended"), 1);
  EXPECT_FALSE(
      applied(resolve("discipline", {{"column", 2}, {"mp-expended", true}}, {3}), "mp_expended"));
}

TEST(Alsh_DisciplineTable, Result_Passed) {
  EXPECT_EQ(resolve("discipline", {{"column", 4}, {"sp", 2}}, {5}).outcome, "Passed");
}

TEST(Alsh_DisciplineTable, Result_FailedLosesOneSpAboveTwo) {
  auto big = resolve("discipline", {{"column", 1}, {"sp", 3}}, {3});  // F
  EXPECT_EQ(big.outcome, "Failed: loses 1 SP");
  EXPECT_EQ(big.detail["sp_loss"], 1);
  auto small = resolve("discipline", {{"column", 1}, {"sp", 2}}, {3});
  EXPECT_EQ(small.outcome, "Demoralised");
}

TEST(Alsh_DisciplineTable, Result_DoubleFailLosesTwoSpAboveThree) {
  auto big = resolve("discipline", {{"column", 4}, {"sp", 4}}, {6});  // FF
  EXPECT_EQ(big.outcome, "Failed: loses 2 SP");
  auto small = resolve("discipline", {{"column", 4}, {"sp", 3}}, {6});
  EXPECT_EQ(small.outcome, "Demoralised");
}

TEST(Alsh_DisciplineTable, Result_FailedWithoutSpIsConditional) {
  auto r = resolve("discipline", {{"column", 1}}, {3});
  EXPECT_EQ(r.outcome, "F: loses 1 SP if above 2 SP, otherwise Demoralised");
}

TEST(Alsh_DisciplineTable, Result_AlreadyDemoralisedByPhase) {
  auto combat = resolve("discipline", {{"column", 2}, {"demoralised", true}}, {6});
  EXPECT_EQ(combat.outcome, "No further effect (already Demoralised)");
  auto command =
      resolve("discipline", {{"column", 2}, {"demoralised", true}, {"phase", "command"}}, {6});
  EXPECT_EQ(command.outcome, "Eliminated (already Demoralised)");
  EXPECT_FALSE(rests_on(command, Confidence::kGuessed));
  // The Activation Phase is not in the key: our ruling, flagged.
  auto act =
      resolve("discipline", {{"column", 2}, {"demoralised", true}, {"phase", "activation"}}, {6});
  EXPECT_EQ(act.outcome, "Eliminated (already Demoralised)");
  EXPECT_TRUE(rests_on(act, Confidence::kGuessed));
}

TEST(Alsh_DisciplineTable, Result_DStarFliesToPillageWithRule18_7) {
  auto with = resolve("discipline", {{"column", 3}, {"pillage-rule", true}, {"forced-order", true}},
                      {6});  // 7: D* in column 2? column 3 reads D
  EXPECT_EQ(with.detail["cell"], "D");
  auto star =
      resolve("discipline", {{"column", 2}, {"pillage-rule", true}, {"forced-order", true}}, {6});
  EXPECT_EQ(star.detail["cell"], "D*");
  EXPECT_EQ(star.detail["force_flies_to_pillage"], true);
  auto without = resolve("discipline", {{"column", 2}, {"forced-order", true}}, {6});
  EXPECT_FALSE(without.detail.contains("force_flies_to_pillage"));
}

TEST(Alsh_DisciplineTable, Recovery_ResultsKey) {
  EXPECT_EQ(resolve("recovery", {{"column", 3}}, {2}).outcome, "Recovered");
  EXPECT_EQ(resolve("recovery", {{"column", 3}}, {4}).outcome, "Nothing happens");  // F
  EXPECT_EQ(resolve("recovery", {{"column", 1}, {"mp-expended", true}}, {6}).outcome,
            "Eliminated");  // 7: D*
  EXPECT_EQ(resolve("discipline", {{"check", "recovery"}, {"column", 3}}, {2}).outcome,
            "Recovered");
}

TEST(Alsh_DisciplineTable, Column_QualityIsAGuessOutsideTheChart) {
  auto q = resolve("discipline", {{"quality", 0}, {"sp", 3}}, {3});
  EXPECT_EQ(q.detail["cell"], "F");
  EXPECT_EQ(q.confidence(), Confidence::kGuessed);
  auto c = resolve("discipline", {{"column", 1}, {"sp", 3}}, {3});
  EXPECT_EQ(c.confidence(), Confidence::kLegible);
  // Reliability Class headings are lost: outside the Combat Phase only --column works.
  EXPECT_FALSE(try_resolve("discipline", {{"quality", 1}, {"phase", "command"}}, {3}).ok());
  EXPECT_FALSE(try_resolve("recovery", {{"quality", 1}}, {3}).ok());
  EXPECT_FALSE(try_resolve("discipline", json::object(), {3}).ok());
}

TEST(Alsh_DisciplineTable, Rows_ClampBelowZeroIsOurRuling) {
  // Recovery: 1 - 1 (bonus star) - 1 (extra wages) = -1 reads row 0.
  auto r = resolve("recovery", {{"column", 1}, {"bonus-star", true}, {"extra-wages", true}}, {1});
  EXPECT_EQ(r.outcome, "Recovered");
  EXPECT_TRUE(rests_on(r, Confidence::kReconstructed));
}

TEST(Alsh_DisciplineTable, Odds_ExactAndComplete) {
  auto o = testing::odds("discipline", {{"column", 1}, {"sp", 5}});
  EXPECT_EQ(testing::total(o), core::Fraction(1));
  EXPECT_EQ(testing::probability_of(o, "Failed: loses 1 SP"), core::Fraction(1, 3));
  EXPECT_EQ(o.guessed, core::Fraction(1, 6));  // row 5, column 1 is a guess
}

}  // namespace
}  // namespace carroccio::alsh
