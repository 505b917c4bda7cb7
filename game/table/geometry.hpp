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

// geo::length_inside_polygon(s, polygon) <= d (d >= 1), given the polygon's box: true at once
// when the part of the segment's box inside the polygon's box has a diagonal of at most d - 1
// (the part of s strictly inside the polygon lies in it, so it is no longer, and the length's
// rounding error is far below one sub-unit), and at once when the boxes' interiors are apart.
inline bool length_inside_at_most(geo::Segment s, std::span<const geo::Point> polygon,
                                  const Box& polygon_box, std::int64_t d) {
  const std::int64_t w = std::min(std::max(s.a.x, s.b.x), polygon_box.max_x) -
                         std::max(std::min(s.a.x, s.b.x), polygon_box.min_x);
  const std::int64_t h = std::min(std::max(s.a.y, s.b.y), polygon_box.max_y) -
                         std::max(std::min(s.a.y, s.b.y), polygon_box.min_y);
  if (w < 0 || h < 0) return true;  // the boxes do not meet: nothing of s is inside
  if (w * w + h * h <= (d - 1) * (d - 1)) return true;
  return geo::length_inside_polygon(s, polygon) <= d;
}

// geo::segment_crosses_polygon_interior(s, polygon), given the polygon's box: false at once when
// the segment's box and the polygon's are apart (no point of s is then strictly inside).
inline bool crosses_polygon_interior(geo::Segment s, std::span<const geo::Point> polygon,
                                     const Box& polygon_box) {
  const Box line{std::min(s.a.x, s.b.x), std::min(s.a.y, s.b.y), std::max(s.a.x, s.b.x),
                 std::max(s.a.y, s.b.y)};
  return !apart(line, polygon_box) && geo::segment_crosses_polygon_interior(s, polygon);
}

// The index into `turns` (in degrees, positive counter-clockwise) of the turn that brings
// `heading` nearest to `want`; the first of equals.
int nearest_turn(geo::Angle want, geo::Angle heading, std::span<const int> turns);

}  // namespace carroccio::game::table
