#include "core/rng.hpp"

namespace carroccio::core {

std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

namespace {
__extension__ typedef unsigned __int128 U128;
std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
}  // namespace

Rng::Rng(std::uint64_t seed) {
  std::uint64_t sm = seed;
  for (auto& word : s_) word = splitmix64(sm);
  // xoshiro must not start from the all-zero state; SplitMix64 never yields four zeros, but
  // guard anyway.
  if ((s_[0] | s_[1] | s_[2] | s_[3]) == 0) s_[0] = 1;
}

Rng Rng::for_stream(std::uint64_t seed, std::uint64_t stream) {
  std::uint64_t sm = seed ^ 0x6a09e667f3bcc909ULL;
  std::uint64_t a = splitmix64(sm);
  std::uint64_t mix = stream * 0xd1342543de82ef95ULL + 0x2545f4914f6cdd1dULL;
  std::uint64_t b = splitmix64(mix);
  return Rng(a ^ rotl(b, 17));
}

Rng Rng::split() { return Rng(next_u64() ^ 0xa0761d6478bd642fULL); }

std::uint64_t Rng::next_u64() {
  ++draws_;
  const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
  const std::uint64_t t = s_[1] << 17;
  s_[2] ^= s_[0];
  s_[3] ^= s_[1];
  s_[1] ^= s_[2];
  s_[0] ^= s_[3];
  s_[2] ^= t;
  s_[3] = rotl(s_[3], 45);
  return result;
}

std::uint64_t Rng::uniform(std::uint64_t bound) {
  if (bound <= 1) return 0;
  // Lemire, "Fast Random Integer Generation in an Interval" (2019): multiply-shift with a
  // rejection zone, exact and unbiased.
  U128 m = static_cast<U128>(next_u64()) * bound;
  auto low = static_cast<std::uint64_t>(m);
  if (low < bound) {
    const std::uint64_t threshold = (0 - bound) % bound;
    while (low < threshold) {
      m = static_cast<U128>(next_u64()) * bound;
      low = static_cast<std::uint64_t>(m);
    }
  }
  return static_cast<std::uint64_t>(m >> 64);
}

std::int64_t Rng::uniform_int(std::int64_t lo, std::int64_t hi) {
  // Unsigned arithmetic: hi - lo may not fit in int64 (e.g. the full 64-bit range).
  const std::uint64_t span = static_cast<std::uint64_t>(hi) - static_cast<std::uint64_t>(lo) + 1;
  if (span == 0) return static_cast<std::int64_t>(next_u64());  // full 64-bit range
  return static_cast<std::int64_t>(static_cast<std::uint64_t>(lo) + uniform(span));
}

double Rng::uniform_double() { return static_cast<double>(next_u64() >> 11) * 0x1.0p-53; }

}  // namespace carroccio::core
