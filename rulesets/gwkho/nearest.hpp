// God Will Know His Own (gwkho): the k bases nearest to a base among candidates (pure
// performance; no rule lives here). Used by nearest_enemy() and contact_targets(), whose order is
// the exact distance between bases, then the element's index.
#pragma once

#include <algorithm>
#include <cstddef>
#include <utility>
#include <vector>

#include "core/geometry.hpp"
#include "game/table/geometry.hpp"

namespace carroccio::gwkho {

// The (at most) k candidates nearest to base `b`, nearest first by exact distance, then by index:
// the same list as measuring every candidate exactly and sorting, with fewer exact measures. No
// base is nearer to b than the gap between their boxes (a base lies in its box), so the
// candidates are measured in order of that gap, and once the next gap is more than the k-th
// least distance found, it and every later one are strictly further than k candidates already
// found, and none of them can be among the k. `base_of(t)` gives candidate t's base.
template <typename BaseOf>
std::vector<std::pair<core::geo::SquaredDistance, int>> nearest_bases(
    const core::geo::Base& b, const std::vector<int>& candidates, std::size_t k, BaseOf base_of) {
  namespace geo = core::geo;
  std::vector<std::pair<geo::SquaredDistance, int>> best;
  if (k == 0) return best;
  const game::table::Box bb = game::table::box_of(b);
  std::vector<std::pair<geo::UInt128, int>> by_gap;
  by_gap.reserve(candidates.size());
  for (int t : candidates) {
    const game::table::Box ob = game::table::box_of(base_of(t));
    const std::int64_t dx = std::max<std::int64_t>({0, ob.min_x - bb.max_x, bb.min_x - ob.max_x});
    const std::int64_t dy = std::max<std::int64_t>({0, ob.min_y - bb.max_y, bb.min_y - ob.max_y});
    by_gap.emplace_back(static_cast<geo::UInt128>(dx * dx) + static_cast<geo::UInt128>(dy * dy), t);
  }
  std::sort(by_gap.begin(), by_gap.end());
  auto before = [](const std::pair<geo::SquaredDistance, int>& x,
                   const std::pair<geo::SquaredDistance, int>& y) {
    const int c = geo::SquaredDistance::compare(x.first, y.first);
    return c < 0 || (c == 0 && x.second < y.second);
  };
  for (const auto& [gap, t] : by_gap) {
    if (best.size() >= k && geo::SquaredDistance(gap, 1) > best[k - 1].first) break;
    const std::pair<geo::SquaredDistance, int> found{geo::distance_sq(b, base_of(t)), t};
    best.insert(std::upper_bound(best.begin(), best.end(), found, before), found);
    if (best.size() > k) best.pop_back();
  }
  return best;
}

}  // namespace carroccio::gwkho
