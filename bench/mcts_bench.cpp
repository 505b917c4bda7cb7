// Search agents on Legnano: MCTS iterations per second and heuristic decisions per second, from
// fixed positions (the initial state's first decision, and mid-game decisions of a random game).
#include <benchmark/benchmark.h>

#include <cstdlib>

#include "ai/agent.hpp"
#include "ai/heuristic.hpp"
#include "ai/mcts.hpp"
#include "game/driver.hpp"
#include "rulesets/all.hpp"

namespace {

using namespace carroccio;

const game::Game& legnano_for_search() {
  static const game::Registry registry = rulesets::make_registry();
  static const std::shared_ptr<const game::Game> game = [] {
    auto g = registry.load("bma/legnano", {});
    if (!g) std::abort();
    return *g;
  }();
  return *game;
}

// Decision nodes met in a random game of seed 7 (every 25th, up to `count`).
std::vector<std::unique_ptr<game::State>> decision_positions(std::size_t count) {
  std::vector<std::unique_ptr<game::State>> out;
  auto state = legnano_for_search().new_initial_state();
  core::Rng chance(7), pick(8);
  ai::RandomAgent random;
  std::size_t decisions = 0;
  while (!state->is_terminal() && out.size() < count) {
    if (state->is_chance_node()) {
      state->apply_unchecked(game::sample_chance(*state, chance));
      continue;
    }
    if (decisions++ % 25 == 0 && state->legal_actions().size() > 1) out.push_back(state->clone());
    state->apply_unchecked(random.choose(*state, pick));
  }
  return out;
}

// MCTS at `iters` iterations per decision over 20 mid-game positions, `prior` virtual visits
// and `chain` (MctsParams). Counter: iterations/s.
void BM_MctsLegnano(benchmark::State& st) {
  const auto positions = decision_positions(20);
  const auto iters = st.range(0);
  std::int64_t total = 0;
  std::size_t i = 0;
  core::Rng rng(1);
  for (auto _ : st) {
    const auto& s = *positions[i++ % positions.size()];
    ai::MctsParams params;
    params.iterations = iters;
    params.prior = static_cast<int>(st.range(1));
    params.chain = st.range(2) != 0;
    ai::MctsAgent agent(s.current_player(), params, "mcts");
    benchmark::DoNotOptimize(agent.choose(s, rng));
    total += agent.last_stats().iterations;
  }
  st.counters["iterations/s"] =
      benchmark::Counter(static_cast<double>(total), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_MctsLegnano)
    ->Args({200, 0, 0})
    ->Args({2000, 0, 0})
    ->Args({200, 4, 0})
    ->Args({50, 4, 0})   // the budget bma suggests (Game::default_search_iterations)
    ->Args({200, 4, 1})  // chain=1: an own chain of decisions valued by its best child
    ->Args({50, 4, 1})
    ->ArgNames({"iters", "prior", "chain"})
    ->Unit(benchmark::kMillisecond);

// The heuristic agent's decision (default parameters) over the same positions.
void BM_HeuristicLegnano(benchmark::State& st) {
  const auto positions = decision_positions(20);
  std::size_t i = 0;
  core::Rng rng(1);
  for (auto _ : st) {
    const auto& s = *positions[i++ % positions.size()];
    ai::HeuristicAgent agent(s.current_player(), ai::HeuristicParams{}, "heuristic");
    benchmark::DoNotOptimize(agent.choose(s, rng));
  }
  st.counters["decisions/s"] =
      benchmark::Counter(static_cast<double>(st.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_HeuristicLegnano)->Unit(benchmark::kMicrosecond);

// State::evaluate() alone (it runs at every MCTS leaf).
void BM_EvaluateLegnano(benchmark::State& st) {
  const auto positions = decision_positions(20);
  std::size_t i = 0;
  for (auto _ : st) benchmark::DoNotOptimize(positions[i++ % positions.size()]->evaluate());
}
BENCHMARK(BM_EvaluateLegnano);

}  // namespace
