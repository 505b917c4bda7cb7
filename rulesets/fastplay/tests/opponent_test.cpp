// The fastplay opponent (issue 19, point 3): the evaluation's terms added for it, each with a
// case where it must apply and one where it must not (docs/ai.md, "Fast Play Rules"). Every die
// is forced.
#include "rulesets/fastplay/analysis.hpp"
#include "rulesets/fastplay/tests/test_util.hpp"

namespace carroccio::fastplay {
namespace {

// a's archers 28 cm from b's heavy infantry; b faces away, so it threatens nothing of a's.
std::unique_ptr<FastplayState> archers_in_range() {
  return testing::start({{"a", "archery", 50, 40, 90}, {"b", "heavy_infantry", 50, 70, 90}});
}

// fastplay 5.2, 10.2 and ruling F-10: a stand hit and waiting for its owner's pick is lost, and
// the volley's dice still to roll count at their odds. Before this, a position in the middle of
// a volley showed the shot spent and nothing gained, and the agents passed instead of shooting.
TEST(FastplayOpponent, Clause_5_2_AVolleyUnderWayCountsItsHitsAndItsDice) {
  auto before = archers_in_range();
  ASSERT_TRUE(before->may_shoot_at(0, 1));
  const double threat = evaluation_terms(*before).archery[1];
  ASSERT_GT(threat, 0);

  auto s = archers_in_range();
  testing::play(*s, testing::shoot(0, 1));
  const int dice = s->volley_dice_left();
  ASSERT_GT(dice, 1);
  // The shot made, no die rolled: its dice count in full (the open shot counted 0.85).
  const double rolling = evaluation_terms(*s).archery[1];
  EXPECT_GT(rolling, threat);
  // A hit: b must pick the stand it loses. That stand is certain, the other dice still count.
  testing::roll(*s, 6);
  ASSERT_EQ(s->pending(), PendingKind::kLoss);
  ASSERT_EQ(s->losses_left(), 1);
  const EvalTerms hit = evaluation_terms(*s);
  EXPECT_GE(hit.archery[1], 1.0);
  EXPECT_GT(hit.archery[1], rolling);
  EXPECT_GT(s->evaluate()[0], before->evaluate()[0]);
  // Negative: nothing is rolling against a, and a volley finished leaves no dice behind.
  EXPECT_DOUBLE_EQ(hit.archery[0], 0.0);
  testing::lose(*s, 3);
  while (s->is_chance_node()) testing::roll_taking_last(*s, 2);  // the rest miss
  EXPECT_EQ(s->volley_dice_left(), 0);
  EXPECT_EQ(s->shooter(), -1);
  const EvalTerms after = evaluation_terms(*s);
  EXPECT_LT(after.archery[1], rolling);  // only next turn's shot, at 0.45
  EXPECT_DOUBLE_EQ(after.archery[0], 0.0);
}

// The lobby's default opponent (RulesetInfo::suggested_opponent): the agent docs/ai.md measured
// best within a second a decision.
TEST(FastplayOpponent, SuggestsTheHeuristicMeasuredInDocsAi) {
  EXPECT_EQ(make_ruleset()->info().suggested_opponent, "heuristic");
}

}  // namespace
}  // namespace carroccio::fastplay
