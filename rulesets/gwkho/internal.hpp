// Small helpers several of the library's source files share (not part of its interface).
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "rulesets/gwkho/resolve.hpp"
#include "rulesets/gwkho/tables.hpp"

namespace carroccio::gwkho::detail {

// Rounding of bases laid at headings off the axes, in table units.
inline constexpr std::int64_t kSlack = 3;

// `n` inches in table units.
inline std::int64_t inch(int n) { return std::int64_t{n} * kUnitsPerInch; }

// How hard the going is: open 0, rough 1, bad 2 (a road counts as open).
inline int going_rank(Going g) {
  switch (g) {
    case Going::kBad:
      return 2;
    case Going::kRough:
      return 1;
    default:
      return 0;
  }
}

// Appends one factor of a roll's list.
inline void add(std::vector<Factor>& to, std::string_view clause, std::string_view text,
                int value) {
  to.push_back(Factor{clause, text, value});
}

// The tables the rules read (default_tables()).
inline const Tables& tb() { return default_tables(); }

}  // namespace carroccio::gwkho::detail
