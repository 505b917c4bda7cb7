// The table kit, part 4: the small geometry that every table ruleset needs on top of
// core/geometry.hpp (which has the exact predicates, geo::reach and geo::far_apart): whether a
// base is on the table, whether it comes within a distance of a piece of terrain or keeps to a
// road, bounding boxes to skip far pieces quickly, and, for the agents' candidate moves, the listed
// turn that best faces a direction.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <span>

#include "core/geometry.hpp"
#include "game/table/scenario.hpp"

namespace carroccio::game::table {

namespace geo = core::geo;

// Every corner of `b` within the table [0, width] x [0, height], grown by `slack` on every side
// (a ruleset that rounds rotated corners may allow a sub-unit or two).
bool on_table(const geo::Base& b, std::int64_t width, std::int64_t height, std::int64_t slack = 0);

// Any part of `b` within `d` of the polygon (inside it, or touching it when d is 0).
bool near_polygon(const geo::Base& b, std::span<const geo::Point> polygon, std::int64_t d);

// A move from `from` to `to` keeps to one straight stretch of one of the roads (both ends on the
// same segment of its centre line).
bool along_one_stretch(std::span<const Road> roads, geo::Point from, geo::Point to);

// An axis-aligned bounding box, boundary included.
struct Box {
  std::int64_t min_x = 0, min_y = 0, max_x = 0, max_y = 0;

  // The smallest box holding both.
  Box operator|(const Box& o) const {
    return {std::min(min_x, o.min_x), std::min(min_y, o.min_y), std::max(max_x, o.max_x),
            std::max(max_y, o.max_y)};
  }
  // Twice the box's centre (exact in integers).
  geo::Point twice_centre() const { return {min_x + max_x, min_y + max_y}; }
};
Box box_of(std::span<const geo::Point> points);  // points: not empty
// The box of a base's corners (inline: the rulesets ask for it in their tightest loops).
inline Box box_of(const geo::Base& b) {
  // The corners are centre +- F +- L, so the furthest along x is |F.x| + |L.x| either side of
  // the centre (the same box as the corners' own, without making them).
  const geo::Vec f = b.forward_half(), l = b.left_half();
  const std::int64_t ax = std::abs(f.x) + std::abs(l.x), ay = std::abs(f.y) + std::abs(l.y);
  const geo::Point c = b.centre();
  return {c.x - ax, c.y - ay, c.x + ax, c.y + ay};
}
// The boxes' interiors are apart (a quick refusal before an exact test of what they bound).
inline bool apart(const Box& a, const Box& b) {
  return a.max_x <= b.min_x || b.max_x <= a.min_x || a.max_y <= b.min_y || b.max_y <= a.min_y;
}

// Everything in one box is more than r from everything in the other (they are that far apart
// along x or along y): a quick refusal before an exact distance is compared with r.
inline bool more_than_apart(const Box& a, const Box& b, std::int64_t r) {
  return a.max_x + r < b.min_x || b.max_x + r < a.min_x || a.max_y + r < b.min_y ||
         b.max_y + r < a.min_y;
}

// near_polygon(b, polygon, d), given the polygon's box (box_of(polygon)): false at once when
// the base's box and the polygon's are more than d apart (all of b is then further than d from
// all of the polygon, and its centre outside it).
inline bool near_polygon(const geo::Base& b, std::span<const geo::Point> polygon,
                         const Box& polygon_box, std::int64_t d) {
  return !more_than_apart(box_of(b), polygon_box, d) && near_polygon(b, polygon, d);
}

// The index into `turns` (in degrees, positive counter-clockwise) of the turn that brings
// `heading` nearest to `want`; the first of equals.
int nearest_turn(geo::Angle want, geo::Angle heading, std::span<const int> turns);

}  // namespace carroccio::game::table
