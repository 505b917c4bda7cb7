#include "sim/batch.hpp"

#include <gtest/gtest.h>

#include "game/tests/race_game.hpp"
#include "sim/playout.hpp"

namespace carroccio::sim {
namespace {

std::shared_ptr<const game::Game> load(const game::Registry& registry, const std::string& ref,
                                       const game::Options& options = {}) {
  auto g = registry.load(ref, options);
  EXPECT_TRUE(g.ok()) << g.message();
  return *g;
}

BatchConfig config(std::uint64_t games, int threads, std::uint64_t seed) {
  BatchConfig c;
  c.games = games;
  c.threads = threads;
  c.seed = seed;
  c.agents = {{"random", {}}, {"random", {}}};
  return c;
}

TEST(Batch, SameSeedSameTotalsWhateverTheThreadCount) {
  const auto registry = tests::make_race_registry();
  const auto game = load(registry, "race/sprint");
  auto one = run_batch(*game, config(300, 1, 17));
  auto three = run_batch(*game, config(300, 3, 17));
  ASSERT_TRUE(one.ok() && three.ok());
  EXPECT_EQ(aggregate(*game, *one).dump(), aggregate(*game, *three).dump());
  for (std::size_t i = 0; i < one->size(); ++i) {
    EXPECT_EQ((*one)[i].index, i);
    EXPECT_EQ((*one)[i].returns, (*three)[i].returns);
    EXPECT_EQ((*one)[i].decisions, (*three)[i].decisions);
  }
  // A different seed gives different totals (not a constant).
  auto other = run_batch(*game, config(300, 2, 18));
  ASSERT_TRUE(other.ok());
  EXPECT_NE(aggregate(*game, *one).dump(), aggregate(*game, *other).dump());
}

TEST(Batch, GameIIsPlayGameWithStreamI) {
  const auto registry = tests::make_race_registry();
  const auto game = load(registry, "race/sprint");
  auto batch = run_batch(*game, config(20, 2, 5));
  ASSERT_TRUE(batch.ok());
  ai::RandomAgent a, b;
  std::vector<ai::Agent*> agents{&a, &b};
  for (std::uint64_t i = 0; i < 20; ++i) {
    auto single = play_game(*game, agents, 5, i);
    ASSERT_TRUE(single.ok());
    EXPECT_EQ((*batch)[i].returns, single->state->returns());
    EXPECT_EQ((*batch)[i].winner, winner_of(single->state->returns()));
  }
}

TEST(Batch, AggregateCountsEveryGame) {
  const auto registry = tests::make_race_registry();
  const auto game = load(registry, "race/sprint");
  auto batch = run_batch(*game, config(200, 2, 3));
  ASSERT_TRUE(batch.ok());
  const auto j = aggregate(*game, *batch);
  EXPECT_EQ(j["games"], 200);
  const std::uint64_t wins0 = j["sides"][0]["wins"], wins1 = j["sides"][1]["wins"];
  const std::uint64_t draws = j["draws"];
  EXPECT_EQ(wins0 + wins1 + draws, 200u);
  EXPECT_GT(wins0, 0u);
  EXPECT_GT(wins1, 0u);
  // Race reports no summary: every game ends "unspecified".
  EXPECT_EQ(j["end_reasons"]["unspecified"], 200);
  const double low = j["sides"][0]["win_rate"]["low"], high = j["sides"][0]["win_rate"]["high"];
  const double est = j["sides"][0]["win_rate"]["estimate"];
  EXPECT_LT(low, est);
  EXPECT_GT(high, est);
  EXPECT_DOUBLE_EQ(est, static_cast<double>(wins0) / 200.0);
}

TEST(Batch, ProgressIsReportedAndEndsAtTheTotal) {
  const auto registry = tests::make_race_registry();
  const auto game = load(registry, "race/sprint");
  auto c = config(50, 2, 1);
  std::uint64_t last = 0, calls = 0;
  c.progress = [&](std::uint64_t done, std::uint64_t total) {
    EXPECT_EQ(total, 50u);
    EXPECT_GE(done, last);
    last = done;
    ++calls;
  };
  ASSERT_TRUE(run_batch(*game, c).ok());
  EXPECT_EQ(last, 50u);
  EXPECT_GE(calls, 1u);
}

TEST(Batch, BadConfigurationsAreOneSentence) {
  const auto registry = tests::make_race_registry();
  const auto game = load(registry, "race/sprint");
  EXPECT_EQ(run_batch(*game, config(0, 1, 1)).message(), "A batch needs at least one game.");
  EXPECT_EQ(run_batch(*game, config(5, 0, 1)).message(), "A batch needs at least one thread.");
  auto c = config(5, 1, 1);
  c.agents.pop_back();
  EXPECT_FALSE(run_batch(*game, c).ok());
  c = config(5, 1, 1);
  c.agents[1] = {"nonsense", {}};
  EXPECT_FALSE(run_batch(*game, c).ok());
  c = config(5, 1, 1);
  c.max_steps = 1;
  auto failed = run_batch(*game, c);
  ASSERT_FALSE(failed.ok());
  EXPECT_NE(failed.message().find("Game 0:"), std::string::npos) << failed.message();
}

TEST(Stats, WilsonIntervalMatchesKnownValues) {
  // 50 of 100: 0.5 in [0.4038, 0.5962] (Wilson, z = 1.96).
  const Interval half = wilson_interval(50, 100);
  EXPECT_NEAR(half.low, 0.4038, 1e-4);
  EXPECT_NEAR(half.high, 0.5962, 1e-4);
  // 0 of 10: the lower end is 0, the upper end 0.2775, not a degenerate [0, 0].
  const Interval none = wilson_interval(0, 10);
  EXPECT_DOUBLE_EQ(none.low, 0.0);
  EXPECT_NEAR(none.high, 0.2775, 1e-4);
}

TEST(Stats, MeanIntervalOfPairedDifferences) {
  const Interval same = mean_interval({0, 0, 0, 0});
  EXPECT_DOUBLE_EQ(same.estimate, 0.0);
  EXPECT_DOUBLE_EQ(same.low, 0.0);
  const Interval up = mean_interval({1, 1, 0, 0});
  EXPECT_DOUBLE_EQ(up.estimate, 0.5);
  // sd = 0.57735, se = 0.288675, half-width 0.5658.
  EXPECT_NEAR(up.high - up.estimate, 0.5658, 1e-4);
}

TEST(Batch, PairedComparisonOfTwoOptionSets) {
  const auto registry = tests::make_race_registry();
  const auto plain = load(registry, "race/sprint");
  const auto cautious = load(registry, "race/sprint", {{"cautious", "true"}});
  auto a = run_batch(*plain, config(200, 2, 9));
  auto a2 = run_batch(*plain, config(200, 1, 9));
  auto b = run_batch(*cautious, config(200, 2, 9));
  ASSERT_TRUE(a.ok() && a2.ok() && b.ok());
  // The same option set against itself: nothing changes, difference exactly 0.
  const auto same = compare(*plain, *a, *a2);
  EXPECT_EQ(same["changed"], 0);
  EXPECT_DOUBLE_EQ(same["rates"][0]["difference"]["estimate"].get<double>(), 0.0);
  // Different options: some games change their result, and the rates are those of each batch.
  const auto diff = compare(*plain, *a, *b);
  EXPECT_GT(diff["changed"].get<int>(), 0);
  EXPECT_EQ(diff["rates"][0]["a"]["estimate"],
            aggregate(*plain, *a)["sides"][0]["win_rate"]["estimate"]);
  EXPECT_EQ(diff["rates"][0]["b"]["estimate"],
            aggregate(*plain, *b)["sides"][0]["win_rate"]["estimate"]);
  const double d = diff["rates"][0]["difference"]["estimate"];
  EXPECT_NEAR(d,
              diff["rates"][0]["b"]["estimate"].get<double>() -
                  diff["rates"][0]["a"]["estimate"].get<double>(),
              1e-12);
}

}  // namespace
}  // namespace carroccio::sim
