// Carroccio's own seeded, splittable random generator.
//
// The sequence depends only on the seed: it is defined with fixed-width integer arithmetic, so
// every machine and compiler produces the same numbers. Rules never own a generator: only drivers
// (random agents, the simulator, the CLI's digital dice) do, and they choose chance outcomes.
#pragma once

#include <cstdint>

namespace carroccio::core {

// SplitMix64 step: used for seeding and for deriving independent streams.
std::uint64_t splitmix64(std::uint64_t& state);

// xoshiro256** generator seeded through SplitMix64.
class Rng {
 public:
  explicit Rng(std::uint64_t seed = 0);

  // A generator for stream `stream` of master seed `seed`: e.g. one stream per simulated game,
  // so game i gets the same dice whatever thread plays it.
  static Rng for_stream(std::uint64_t seed, std::uint64_t stream);

  // Derives a new independent generator and advances this one.
  Rng split();

  std::uint64_t next_u64();

  // Uniform integer in [0, bound), bound >= 1, without modulo bias (Lemire's method with
  // rejection).
  std::uint64_t uniform(std::uint64_t bound);

  // Uniform integer in [lo, hi], lo <= hi.
  std::int64_t uniform_int(std::int64_t lo, std::int64_t hi);

  // Uniform double in [0, 1) with 53 random bits (for statistics only, never for rules).
  double uniform_double();

  // How many 64-bit words have been drawn: lets tests prove that a computation drew nothing.
  std::uint64_t draws() const { return draws_; }

 private:
  std::uint64_t s_[4];
  std::uint64_t draws_ = 0;
};

}  // namespace carroccio::core
