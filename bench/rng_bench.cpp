// The generator and dice: the innermost loop of every playout.
#include <benchmark/benchmark.h>

#include "core/dice.hpp"
#include "core/rng.hpp"

namespace carroccio::core {
namespace {

void BM_RngNextU64(benchmark::State& state) {
  Rng rng(1);
  for (auto _ : state) benchmark::DoNotOptimize(rng.next_u64());
}
BENCHMARK(BM_RngNextU64);

void BM_RngUniform6(benchmark::State& state) {
  Rng rng(1);
  for (auto _ : state) benchmark::DoNotOptimize(rng.uniform(6));
}
BENCHMARK(BM_RngUniform6);

void BM_RngForStream(benchmark::State& state) {
  std::uint64_t i = 0;
  for (auto _ : state) {
    Rng rng = Rng::for_stream(42, i++);
    benchmark::DoNotOptimize(rng.next_u64());
  }
}
BENCHMARK(BM_RngForStream);

void BM_Dice2d6Roll(benchmark::State& state) {
  Rng rng(1);
  const Dice dice = Dice::two_d6();
  for (auto _ : state) benchmark::DoNotOptimize(dice.roll(rng));
}
BENCHMARK(BM_Dice2d6Roll);

void BM_DiceD10Roll(benchmark::State& state) {
  Rng rng(1);
  const Dice dice = Dice::d10();
  for (auto _ : state) benchmark::DoNotOptimize(dice.roll(rng));
}
BENCHMARK(BM_DiceD10Roll);

}  // namespace
}  // namespace carroccio::core
