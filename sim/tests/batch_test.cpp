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
  auto one = collect_batch(*game, config(300, 1, 17));
  auto three = collect_batch(*game, config(300, 3, 17));
  ASSERT_TRUE(one.ok() && three.ok());
  EXPECT_EQ(aggregate(*game, *one).dump(), aggregate(*game, *three).dump());
  for (std::size_t i = 0; i < one->size(); ++i) {
    EXPECT_EQ((*one)[i].index, i);
    EXPECT_EQ((*one)[i].returns, (*three)[i].returns);
    EXPECT_EQ((*one)[i].decisions, (*three)[i].decisions);
  }
  // A different seed gives different totals (not a constant).
  auto other = collect_batch(*game, config(300, 2, 18));
  ASSERT_TRUE(other.ok());
  EXPECT_NE(aggregate(*game, *one).dump(), aggregate(*game, *other).dump());
}

TEST(Batch, GameIIsPlayGameWithStreamI) {
  const auto registry = tests::make_race_registry();
  const auto game = load(registry, "race/sprint");
  auto batch = collect_batch(*game, config(20, 2, 5));
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
  auto batch = collect_batch(*game, config(200, 2, 3));
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
  ASSERT_TRUE(collect_batch(*game, c).ok());
  EXPECT_EQ(last, 50u);
  EXPECT_GE(calls, 1u);
}

TEST(Batch, BadConfigurationsAreOneSentence) {
  const auto registry = tests::make_race_registry();
  const auto game = load(registry, "race/sprint");
  EXPECT_EQ(collect_batch(*game, config(0, 1, 1)).message(), "A batch needs at least one game.");
  EXPECT_EQ(collect_batch(*game, config(5, 0, 1)).message(), "A batch needs at least one thread.");
  auto c = config(5, 1, 1);
  c.agents.pop_back();
  EXPECT_FALSE(collect_batch(*game, c).ok());
  c = config(5, 1, 1);
  c.agents[1] = {"nonsense", {}};
  EXPECT_FALSE(collect_batch(*game, c).ok());
  c = config(5, 1, 1);
  c.max_steps = 1;
  auto failed = collect_batch(*game, c);
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
  auto a = collect_batch(*plain, config(200, 2, 9));
  auto a2 = collect_batch(*plain, config(200, 1, 9));
  auto b = collect_batch(*cautious, config(200, 2, 9));
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

TEST(Batch, StreamedTallyEqualsTheAggregateOfEveryOutcome) {
  const auto registry = tests::make_race_registry();
  const auto game = load(registry, "race/sprint");
  auto outcomes = collect_batch(*game, config(250, 2, 21));
  auto streamed = run_batch(*game, config(250, 3, 21));
  ASSERT_TRUE(outcomes.ok() && streamed.ok());
  EXPECT_EQ(streamed->tally.to_json().dump(), aggregate(*game, *outcomes).dump());
  EXPECT_TRUE(streamed->winners.empty()) << "winners are kept only when asked for";
}

TEST(Batch, OnGameSeesEveryGameOnceInOrder) {
  const auto registry = tests::make_race_registry();
  const auto game = load(registry, "race/sprint");
  auto c = config(120, 3, 4);
  c.first_game = 1000;
  std::vector<std::uint64_t> seen;
  c.on_game = [&](const GameOutcome& o) { seen.push_back(o.index); };
  ASSERT_TRUE(run_batch(*game, c).ok());
  ASSERT_EQ(seen.size(), 120u);
  for (std::size_t k = 0; k < seen.size(); ++k) EXPECT_EQ(seen[k], 1000 + k);
}

TEST(Batch, FirstGamePlaysTheSameGamesAsTheWholeRun) {
  const auto registry = tests::make_race_registry();
  const auto game = load(registry, "race/sprint");
  auto whole = collect_batch(*game, config(60, 2, 8));
  auto c = config(20, 2, 8);
  c.first_game = 40;
  auto tail = collect_batch(*game, c);
  ASSERT_TRUE(whole.ok() && tail.ok());
  for (std::size_t k = 0; k < 20; ++k) {
    EXPECT_EQ((*tail)[k].index, 40 + k);
    EXPECT_EQ((*tail)[k].returns, (*whole)[40 + k].returns);
    EXPECT_EQ((*tail)[k].decisions, (*whole)[40 + k].decisions);
  }
}

TEST(Batch, ShardTalliesMergeIntoTheWholeRunsTally) {
  const auto registry = tests::make_race_registry();
  const auto game = load(registry, "race/sprint");
  auto whole = run_batch(*game, config(300, 2, 13));
  ASSERT_TRUE(whole.ok());
  // Three shards of unequal size, merged out of order and through their JSON.
  Tally merged(game->player_names());
  for (auto [first, count] :
       {std::pair<std::uint64_t, std::uint64_t>{200, 100}, {0, 70}, {70, 130}}) {
    auto c = config(count, 1, 13);
    c.first_game = first;
    auto shard = run_batch(*game, c);
    ASSERT_TRUE(shard.ok());
    auto back = Tally::from_json(shard->tally.to_json(), "shard.json");
    ASSERT_TRUE(back.ok()) << back.message();
    merged.merge(*back);
  }
  EXPECT_EQ(merged.to_json().dump(), whole->tally.to_json().dump());
}

TEST(Batch, TallyCountsDrawsAheadOnPointsPerSideAndMergesThem) {
  // Outcomes as a ruleset that reports a result on points leaves them (State::points_standing).
  auto outcome = [](std::uint64_t index, int winner, const std::string& ahead) {
    GameOutcome o;
    o.index = index;
    o.winner = winner;
    o.facts.has_points = true;
    o.facts.points_ahead = ahead;
    return o;
  };
  Tally a({"red", "blue"}), b({"red", "blue"});
  a.add(outcome(0, 0, "red"));    // a win: counted as a win, not as a draw ahead
  a.add(outcome(1, -1, "blue"));  // a draw blue led
  b.add(outcome(2, -1, ""));      // a level draw
  b.add(outcome(3, -1, "blue"));
  a.merge(*Tally::from_json(b.to_json(), "b.json"));
  const auto j = a.to_json();
  EXPECT_EQ(j["games_with_points"], 4);
  EXPECT_EQ(j["sides"][0]["draws_ahead"], 0);
  EXPECT_EQ(j["sides"][0]["wins_or_ahead"], 1);
  EXPECT_EQ(j["sides"][1]["draws_ahead"], 2);
  EXPECT_EQ(j["sides"][1]["wins_or_ahead"], 2);
  EXPECT_DOUBLE_EQ(j["sides"][1]["win_or_ahead_rate"]["estimate"].get<double>(), 0.5);
  // A ruleset that reports none leaves the fields out.
  Tally none({"red", "blue"});
  none.add(GameOutcome{});
  EXPECT_FALSE(none.to_json()["sides"][0].contains("draws_ahead"));
}

TEST(Batch, TallyFromJsonRefusesWhatIsNotAnAggregate) {
  EXPECT_EQ(Tally::from_json(nlohmann::json::array(), "a.json").message(),
            "a.json: 'aggregate' is not an object; it is not the output of 'carroccio sim "
            "--json'.");
  const auto registry = tests::make_race_registry();
  const auto game = load(registry, "race/sprint");
  auto run = run_batch(*game, config(10, 1, 2));
  ASSERT_TRUE(run.ok());
  auto j = run->tally.to_json();
  j["sides"][1]["wins"] = -3;
  EXPECT_EQ(Tally::from_json(j, "b.json").message(),
            "b.json: 'aggregate.sides[1].wins' is not a whole number of at least 0; it is not "
            "the output of 'carroccio sim --json'.");
  j = run->tally.to_json();
  j.erase("steps");
  EXPECT_EQ(Tally::from_json(j, "c.json").message(),
            "c.json: 'aggregate.steps' is missing; it is not the output of 'carroccio sim "
            "--json'.");
}

TEST(Batch, PairTalliesMergeAndKeepTheirCounts) {
  PairTally a(2), b(2), whole(2);
  const std::vector<std::pair<int, int>> games = {{0, 0}, {0, 1}, {1, -1}, {-1, -1}, {1, 0}};
  for (std::size_t k = 0; k < games.size(); ++k) {
    whole.add(games[k].first, games[k].second);
    (k < 2 ? a : b).add(games[k].first, games[k].second);
  }
  a.merge(b);
  EXPECT_EQ(a.to_json({"red", "blue"}).dump(), whole.to_json({"red", "blue"}).dump());
  auto back = PairTally::from_json(whole.to_json({"red", "blue"}), 2, "x.json");
  ASSERT_TRUE(back.ok()) << back.message();
  EXPECT_EQ(back->to_json({"red", "blue"}).dump(), whole.to_json({"red", "blue"}).dump());
  EXPECT_EQ(whole.changed, 3u);
}

TEST(Stats, MeanIntervalOfSignsAgreesWithTheMeanInterval) {
  const Interval loop = mean_interval({1, 1, 0, 0, -1, 0, 1});
  const Interval signs = mean_interval_of_signs(1, 3, 3);
  EXPECT_NEAR(loop.estimate, signs.estimate, 1e-12);
  EXPECT_NEAR(loop.low, signs.low, 1e-12);
  EXPECT_NEAR(loop.high, signs.high, 1e-12);
}

}  // namespace
}  // namespace carroccio::sim
