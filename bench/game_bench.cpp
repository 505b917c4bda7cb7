// Whole-game benchmarks over the game interface: random full Legnano games, clone cost, and
// the bytes a state holds (sizeof plus the heap it owns, reported as counters).
#include <benchmark/benchmark.h>

#include <cstdlib>

#include "ai/agent.hpp"
#include "game/driver.hpp"
#include "rulesets/all.hpp"
#include "rulesets/bma/state.hpp"
#include "sim/playout.hpp"

namespace {

using namespace carroccio;

const game::Game& legnano() {
  static const game::Registry registry = rulesets::make_registry();
  static const std::shared_ptr<const game::Game> game = [] {
    auto g = registry.load("bma/legnano", {});
    if (!g) std::abort();
    return *g;
  }();
  return *game;
}

// A mid-game position: seed 7, random agents, the first `steps` steps.
std::unique_ptr<game::State> midgame(std::size_t steps, bool history) {
  auto state = legnano().new_initial_state();
  state->set_record_history(history);
  sim::PlayoutRngs rngs = sim::make_playout_rngs(7, 0, 2);
  ai::RandomAgent a, b;
  ai::Agent* agents[] = {&a, &b};
  for (std::size_t i = 0; i < steps && !state->is_terminal(); ++i) {
    const game::Player p = state->current_player();
    const game::Action action =
        p == game::kChancePlayer
            ? game::sample_chance(*state, rngs.chance)
            : agents[p]->choose(*state, rngs.agents[static_cast<std::size_t>(p)]);
    state->apply_unchecked(action);
  }
  return state;
}

// Random full games per second (one core): what `carroccio sim` does per game, without the
// statistics. Counters: games/s, decisions/s, steps per game.
void BM_RandomLegnanoGame(benchmark::State& st) {
  const game::Game& g = legnano();
  ai::RandomAgent a, b;
  std::vector<ai::Agent*> agents{&a, &b};
  sim::PlayoutOptions options;
  options.record_history = st.range(0) != 0;
  std::uint64_t index = 0, decisions = 0, steps = 0;
  for (auto _ : st) {
    auto result = sim::play_game(g, agents, 1, index++, options);
    if (!result) st.SkipWithError(result.message().c_str());
    decisions += result->decisions;
    steps += result->decisions + result->chance_steps;
    benchmark::DoNotOptimize(result->state.get());
  }
  st.counters["games/s"] =
      benchmark::Counter(static_cast<double>(st.iterations()), benchmark::Counter::kIsRate);
  st.counters["decisions/s"] =
      benchmark::Counter(static_cast<double>(decisions), benchmark::Counter::kIsRate);
  st.counters["steps/game"] = static_cast<double>(steps) / static_cast<double>(st.iterations());
}
BENCHMARK(BM_RandomLegnanoGame)->Arg(0)->Arg(1)->ArgName("history")->Unit(benchmark::kMicrosecond);

// clone() of a mid-game state (with its history, as played) and clone_for_search() (without).
void BM_CloneMidgame(benchmark::State& st) {
  const auto state = midgame(static_cast<std::size_t>(st.range(0)), true);
  const bool search = st.range(1) != 0;
  for (auto _ : st) {
    auto copy = search ? state->clone_for_search() : state->clone();
    benchmark::DoNotOptimize(copy.get());
  }
  st.counters["history"] = static_cast<double>(state->history().size());
}
BENCHMARK(BM_CloneMidgame)
    ->Args({400, 0})
    ->Args({400, 1})
    ->Args({1500, 0})
    ->Args({1500, 1})
    ->ArgNames({"steps", "search"});

// Bytes per state: sizeof(BmaState) plus the heap its vectors own (capacity), as counters: a
// mid-game search clone (what MCTS holds) and a fresh initial state.
void BM_StateBytes(benchmark::State& st) {
  const auto state = midgame(400, false);
  const auto* bma = dynamic_cast<const bma::BmaState*>(state.get());
  if (bma == nullptr) {
    st.SkipWithError("not a bma state");
    return;
  }
  for (auto _ : st) {
    auto copy = state->clone_for_search();
    benchmark::DoNotOptimize(copy.get());
  }
  const double heap = static_cast<double>(bma->heap_bytes());
  // A freshly made state reserves its task queue and rally list for the whole game (so that a
  // playout never allocates): report it too.
  const auto fresh = legnano().new_initial_state();
  fresh->set_record_history(false);
  const double fresh_heap =
      static_cast<double>(dynamic_cast<const bma::BmaState&>(*fresh).heap_bytes());
  st.counters["fresh_total_bytes"] = static_cast<double>(sizeof(bma::BmaState)) + fresh_heap;
  st.counters["sizeof"] = static_cast<double>(sizeof(bma::BmaState));
  st.counters["heap"] = heap;
  st.counters["total_bytes"] = static_cast<double>(sizeof(bma::BmaState)) + heap;
}
BENCHMARK(BM_StateBytes);

}  // namespace
