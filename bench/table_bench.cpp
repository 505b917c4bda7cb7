// Whole random games of the table rulesets (issue 22 point 4): One-Hour Wargames (ohw), Fast
// Play (fastplay) and God Will Know His Own (gwkho), every built-in scenario, random agents, no
// history, as `carroccio bench` plays them (game i is stream i of seed 1 here). Counters: games/s,
// decisions/s, steps/game. The scenario is the benchmark's argument, an index into kScenarios (its
// name is the label).
#include <benchmark/benchmark.h>

#include <array>
#include <cstdlib>
#include <map>
#include <memory>
#include <string>

#include "ai/agent.hpp"
#include "rulesets/all.hpp"
#include "sim/playout.hpp"

namespace {

using namespace carroccio;

// Appended to, never reordered: docs/performance.md filters by these indices.
constexpr std::array<const char*, 13> kScenarios = {
    "ohw/s1",          "ohw/s2",          "ohw/s3",        "ohw/s4",        "ohw/pitched",
    "fastplay/ford",   "fastplay/meadow", "fastplay/mill", "gwkho/legnano", "gwkho/poitiers",
    "gwkho/cerignola", "gwkho/courtrai",  "gwkho/pitched"};

const game::Game& scenario(std::size_t i) {
  static const game::Registry registry = rulesets::make_registry();
  static std::map<std::size_t, std::shared_ptr<const game::Game>> games;
  auto& g = games[i];
  if (!g) {
    auto loaded = registry.load(kScenarios.at(i), {});
    if (!loaded) std::abort();
    g = *loaded;
  }
  return *g;
}

void BM_RandomTableGame(benchmark::State& st) {
  const auto i = static_cast<std::size_t>(st.range(0));
  const game::Game& g = scenario(i);
  st.SetLabel(kScenarios.at(i));
  ai::RandomAgent a, b;
  std::vector<ai::Agent*> agents{&a, &b};
  sim::PlayoutOptions options;
  options.record_history = false;
  std::uint64_t index = 0, decisions = 0, steps = 0;
  for (auto _ : st) {
    auto result = sim::play_game(g, agents, 1, index++, options);
    if (!result) {
      st.SkipWithError(result.message().c_str());
      return;
    }
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
BENCHMARK(BM_RandomTableGame)
    ->DenseRange(0, static_cast<int>(kScenarios.size()) - 1)
    ->ArgName("scenario")
    ->Unit(benchmark::kMillisecond);

}  // namespace
