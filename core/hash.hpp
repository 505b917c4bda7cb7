// Stable hashing: the same value on every machine and compiler (unlike std::hash).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace carroccio::core {

// 64-bit FNV-1a.
constexpr std::uint64_t fnv1a64(std::string_view data,
                                std::uint64_t h = 0xcbf29ce484222325ULL) {
  for (unsigned char c : data) {
    h ^= c;
    h *= 0x100000001b3ULL;
  }
  return h;
}

// Sixteen lowercase hex digits.
std::string hex64(std::uint64_t v);

}  // namespace carroccio::core
