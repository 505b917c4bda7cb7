#include "core/rng.hpp"

#include <gtest/gtest.h>

#include <array>
#include <set>
#include <vector>

namespace carroccio::core {
namespace {

// Golden outputs: the sequence is part of Carroccio's contract (records, bench signatures), so
// any change on any platform or compiler must fail here.
TEST(Rng, GoldenOutputsSeed0) {
  Rng rng(0);
  const std::array<std::uint64_t, 4> expected = {0x99ec5f36cb75f2b4ULL, 0xbf6e1f784956452aULL,
                                                 0x1a5f849d4933e6e0ULL, 0x6aa594f1262d2d2cULL};
  for (auto e : expected) EXPECT_EQ(rng.next_u64(), e);
}

TEST(Rng, GoldenOutputsSeed42) {
  Rng rng(42);
  const std::array<std::uint64_t, 4> expected = {0x15780b2e0c2ec716ULL, 0x6104d9866d113a7eULL,
                                                 0xae17533239e499a1ULL, 0xecb8ad4703b360a1ULL};
  for (auto e : expected) EXPECT_EQ(rng.next_u64(), e);
}

TEST(Rng, GoldenStreamSplitAndUniform) {
  Rng stream = Rng::for_stream(42, 7);
  EXPECT_EQ(stream.next_u64(), 0xb11c1bc0438013f8ULL);
  EXPECT_EQ(stream.next_u64(), 0x906cde7de092f087ULL);
  Rng parent(42);
  Rng child = parent.split();
  EXPECT_EQ(child.next_u64(), 0x967d85fe343d1cc0ULL);
  EXPECT_EQ(child.next_u64(), 0xdb49c024af3b3103ULL);
  Rng dice(42);
  const std::array<std::uint64_t, 10> faces = {0, 2, 4, 5, 5, 4, 4, 5, 4, 3};
  for (auto f : faces) EXPECT_EQ(dice.uniform(6), f);
}

TEST(Rng, SameSeedSameSequence) {
  Rng a(12345), b(12345);
  for (int i = 0; i < 1000; ++i) ASSERT_EQ(a.next_u64(), b.next_u64());
}

TEST(Rng, StreamsAreIndependent) {
  // Different streams of one seed, and the same stream of different seeds, share no early
  // outputs; the same (seed, stream) repeats.
  std::set<std::uint64_t> seen;
  for (std::uint64_t stream = 0; stream < 64; ++stream) {
    Rng r = Rng::for_stream(7, stream);
    for (int i = 0; i < 16; ++i) EXPECT_TRUE(seen.insert(r.next_u64()).second);
  }
  for (std::uint64_t seed = 0; seed < 64; ++seed) {
    Rng r = Rng::for_stream(seed, 3);
    if (seed == 7) continue;  // already drawn above
    for (int i = 0; i < 16; ++i) EXPECT_TRUE(seen.insert(r.next_u64()).second);
  }
  Rng x = Rng::for_stream(7, 3), y = Rng::for_stream(7, 3);
  EXPECT_EQ(x.next_u64(), y.next_u64());
}

TEST(Rng, StreamsAreNotCorrelatedBitwise) {
  // Adjacent streams: on average half the bits of their outputs differ.
  Rng a = Rng::for_stream(1, 0), b = Rng::for_stream(1, 1);
  int differing = 0;
  const int n = 2000;
  for (int i = 0; i < n; ++i) differing += __builtin_popcountll(a.next_u64() ^ b.next_u64());
  const double mean = static_cast<double>(differing) / n;
  EXPECT_GT(mean, 31.0);
  EXPECT_LT(mean, 33.0);
}

TEST(Rng, SplitGivesANewSequenceAndAdvancesTheParent) {
  Rng parent(5), twin(5);
  Rng child = parent.split();
  EXPECT_EQ(parent.draws(), 1u);
  twin.next_u64();  // the parent has moved on by exactly one draw
  EXPECT_EQ(parent.next_u64(), twin.next_u64());
  Rng fresh(5);
  std::set<std::uint64_t> parent_values;
  for (int i = 0; i < 100; ++i) parent_values.insert(fresh.next_u64());
  for (int i = 0; i < 100; ++i) EXPECT_EQ(parent_values.count(child.next_u64()), 0u);
  // Two splits differ from each other.
  Rng p2(5);
  Rng c1 = p2.split(), c2 = p2.split();
  EXPECT_NE(c1.next_u64(), c2.next_u64());
}

TEST(Rng, UniformStaysInBounds) {
  Rng rng(3);
  for (std::uint64_t bound : {1ULL, 2ULL, 3ULL, 6ULL, 10ULL, 1000ULL, (1ULL << 63) + 5}) {
    for (int i = 0; i < 2000; ++i) ASSERT_LT(rng.uniform(bound), bound);
  }
  EXPECT_EQ(rng.uniform(0), 0u);
  EXPECT_EQ(rng.uniform(1), 0u);
}

TEST(Rng, UniformIsUnbiasedOnASmallBound) {
  // Chi-square over 3 cells, fixed seed: deterministic, so never flaky. With 2 degrees of
  // freedom P(chi2 > 20) is about 4.5e-5, a generous threshold for an unbiased generator, while
  // plain modulo bias on 2^64 would not show at this size: the test guards the method, and the
  // rejection path is exercised below.
  Rng rng(2024);
  const int n = 90000;
  std::array<int, 3> counts{};
  for (int i = 0; i < n; ++i) ++counts[rng.uniform(3)];
  double chi2 = 0;
  for (int c : counts) chi2 += (c - n / 3.0) * (c - n / 3.0) / (n / 3.0);
  EXPECT_LT(chi2, 20.0);
}

TEST(Rng, UniformSixIsUnbiased) {
  Rng rng(99);
  const int n = 60000;
  std::array<int, 6> counts{};
  for (int i = 0; i < n; ++i) ++counts[rng.uniform(6)];
  double chi2 = 0;
  for (int c : counts) chi2 += (c - n / 6.0) * (c - n / 6.0) / (n / 6.0);
  EXPECT_LT(chi2, 30.0);  // 5 degrees of freedom: P(chi2 > 30) is about 1.5e-5
}

TEST(Rng, UniformOnAHugeBoundUsesRejectionAndStaysUniform) {
  // bound = 2^63 + 2^62: a quarter of 64-bit words fall in the rejection zone, so draws()
  // exceeds the count of values, and the top and bottom thirds are equally likely.
  const std::uint64_t bound = (1ULL << 63) + (1ULL << 62);
  Rng rng(8);
  const int n = 30000;
  std::array<int, 3> thirds{};
  for (int i = 0; i < n; ++i) ++thirds[rng.uniform(bound) / (bound / 3)];
  EXPECT_GT(rng.draws(), static_cast<std::uint64_t>(n));
  double chi2 = 0;
  for (int c : thirds) chi2 += (c - n / 3.0) * (c - n / 3.0) / (n / 3.0);
  EXPECT_LT(chi2, 20.0);
}

TEST(Rng, UniformIntCoversItsRangeInclusively) {
  Rng rng(4);
  std::set<std::int64_t> seen;
  for (int i = 0; i < 5000; ++i) {
    const auto v = rng.uniform_int(-3, 3);
    ASSERT_GE(v, -3);
    ASSERT_LE(v, 3);
    seen.insert(v);
  }
  EXPECT_EQ(seen.size(), 7u);
  EXPECT_EQ(rng.uniform_int(5, 5), 5);
  for (int i = 0; i < 100; ++i) {
    const auto v = rng.uniform_int(-1'000'000'000'000LL, 1'000'000'000'000LL);
    ASSERT_GE(v, -1'000'000'000'000LL);
    ASSERT_LE(v, 1'000'000'000'000LL);
  }
}

TEST(Rng, UniformIntHandlesRangesWiderThanInt64) {
  // hi - lo does not fit in int64_t here: the span must be computed without signed overflow
  // (UBSan traps on it).
  Rng rng(4);
  bool negative = false, positive = false;
  for (int i = 0; i < 200; ++i) {
    const auto v = rng.uniform_int(INT64_MIN, INT64_MAX);
    negative |= v < 0;
    positive |= v > 0;
    const auto w = rng.uniform_int(-5, INT64_MAX);
    ASSERT_GE(w, -5);
  }
  EXPECT_TRUE(negative && positive);
}

TEST(Rng, UniformDoubleIsInTheUnitInterval) {
  Rng rng(6);
  double sum = 0;
  for (int i = 0; i < 10000; ++i) {
    const double x = rng.uniform_double();
    ASSERT_GE(x, 0.0);
    ASSERT_LT(x, 1.0);
    sum += x;
  }
  EXPECT_NEAR(sum / 10000, 0.5, 0.02);
}

TEST(Rng, DrawsCountsEveryWord) {
  Rng rng(1);
  EXPECT_EQ(rng.draws(), 0u);
  rng.next_u64();
  EXPECT_EQ(rng.draws(), 1u);
  rng.uniform(6);  // no rejection possible to speak of: one word
  EXPECT_EQ(rng.draws(), 2u);
  rng.uniform(1);  // a bound of 1 needs no randomness
  EXPECT_EQ(rng.draws(), 2u);
  rng.uniform_double();
  EXPECT_EQ(rng.draws(), 3u);
  Rng child = rng.split();
  EXPECT_EQ(rng.draws(), 4u);
  EXPECT_EQ(child.draws(), 0u);
}

TEST(SplitMix64, GoldenOutputs) {
  // The reference SplitMix64 from state 0 (Vigna): 0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4.
  std::uint64_t state = 0;
  EXPECT_EQ(splitmix64(state), 0xe220a8397b1dcdafULL);
  EXPECT_EQ(splitmix64(state), 0x6e789e6aa1b965f4ULL);
}

}  // namespace
}  // namespace carroccio::core
