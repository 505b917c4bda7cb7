// A random playout of Legnano allocates nothing per decision once warmed up. This binary
// replaces the global operator new to count every allocation made while counting is on.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <new>

#include "ai/agent.hpp"
#include "rulesets/all.hpp"
#include "sim/playout.hpp"

namespace {
std::atomic<bool> g_counting{false};
std::atomic<std::uint64_t> g_allocations{0};

void* counted_alloc(std::size_t size) {
  if (g_counting.load(std::memory_order_relaxed))
    g_allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(size == 0 ? 1 : size)) return p;
  throw std::bad_alloc();
}
}  // namespace

void* operator new(std::size_t size) { return counted_alloc(size); }
void* operator new[](std::size_t size) { return counted_alloc(size); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }

namespace carroccio {
namespace {

struct Counter {
  Counter() {
    g_allocations = 0;
    g_counting = true;
  }
  ~Counter() { g_counting = false; }
  std::uint64_t count() const { return g_allocations.load(); }
};

TEST(Alloc, TheCounterSeesAnAllocation) {
  // The negative case: the counter is live (a vector that grows is counted).
  Counter c;
  std::vector<int> v;
  v.push_back(1);
  EXPECT_GE(c.count(), 1u);
}

TEST(Alloc, RandomLegnanoPlayoutAllocatesNothingPerDecision) {
  const game::Registry registry = rulesets::make_registry();
  auto game = registry.load("bma/legnano", {});
  ASSERT_TRUE(game.ok()) << game.message();
  const game::Game& g = **game;
  ai::RandomAgent a, b;
  std::vector<ai::Agent*> agents{&a, &b};
  sim::PlayoutOptions options;
  options.record_history = false;
  // Warm-up: one whole game sizes every reusable buffer (agents' and the rules' scratch).
  for (std::uint64_t seed = 0; seed < 3; ++seed) {
    auto warm = g.new_initial_state();
    warm->set_record_history(false);
    sim::PlayoutRngs rngs = sim::make_playout_rngs(seed, 0, 2);
    ASSERT_TRUE(sim::play_out(*warm, agents, rngs, options).ok());
  }
  for (std::uint64_t seed = 100; seed < 110; ++seed) {
    auto state = g.new_initial_state();
    state->set_record_history(false);
    sim::PlayoutRngs rngs = sim::make_playout_rngs(seed, 0, 2);
    std::uint64_t decisions = 0, chance = 0;
    std::uint64_t allocations = 0;
    {
      Counter c;
      ASSERT_TRUE(sim::play_out(*state, agents, rngs, options, &decisions, &chance).ok());
      allocations = c.count();
    }
    EXPECT_TRUE(state->is_terminal());
    EXPECT_GT(decisions, 50u);
    // play_out reserves its chance buffer once per call; nothing else may allocate, however
    // many decisions the game takes.
    EXPECT_LE(allocations, 1u) << "seed " << seed << ": " << allocations << " allocations in "
                               << decisions << " decisions";
  }
}

}  // namespace
}  // namespace carroccio
