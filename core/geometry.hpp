// Table geometry for miniatures rules: integer positions, oriented rectangular bases, front arcs,
// line-of-sight and movement intersection tests, overlap and edge contact.
//
// Units. Positions are integers in sub-units that the ruleset chooses (1/100 inch for ohw,
// 1 mm for fastplay, ...). Every coordinate a predicate sees, including the corners of bases,
// must lie within [-kMaxCoord, kMaxCoord]; inside that range no arithmetic here overflows.
//
// Axes and angles. x grows to the right, y grows away from the player at the bottom of the table
// (mathematical axes, y up). An Angle is an integer number of arc-seconds (1/3600 degree,
// kFullTurn = 1,296,000 units), always reduced into [0, kFullTurn): every whole degree, and so
// 30, 45 and 90 degrees, is exact. Direction 0 points along +x and angles grow counter-clockwise,
// so 90 degrees points along +y. A base's heading is the direction its front faces.
//
// Determinism. Nothing here uses floating point. sin_cos() evaluates its series in 62-bit fixed
// point with integer arithmetic only; it is exact at multiples of 90 degrees, returns
// sin == cos at 45 degrees, and obeys sin(a + 90) == cos(a), cos(a + 90) == -sin(a),
// sin(-a) == -sin(a) and sin(90 - a) == cos(a) bit for bit. Anything derived from an angle
// (the corners of a rotated base, a move along a heading) is rounded to integers as documented
// below, so every predicate then runs on integers, exactly, and the results are the same on
// every machine and compiler.
//
// Bases. A Base is a centre, a width (along the front), a depth and a heading. Width and depth
// must be positive and even, so an axis-aligned base has integer corners and its exact size. Its
// corners are
//     centre + F + L (front-left)    centre + F - L (front-right)
//     centre - F + L (back-left)     centre - F - L (back-right)
// where F = round(depth/2 * (cos h, sin h)) and L = round(width/2 * (-sin h, cos h)), each
// coordinate rounded to the nearest integer, halves away from zero. So a base is always an exact
// integer parallelogram that is symmetric about its centre (a rectangle to within one sub-unit),
// turning it by a multiple of 90 degrees turns its corners exactly, and moving it by an integer
// vector moves its corners exactly. At multiples of 45 degrees it is an exact rectangle.
//
// Contact. Edge contact is judged exactly on these integer corners: two sides touch when they lie
// on the same line, face each other and share a stretch of positive length. Because corners of
// rotated bases are rounded, a ruleset should put bases into contact by construction with
// place_in_contact(), which is exact whenever the heading is a multiple of 45 degrees or the two
// touching sides have the same length and are centred; in the remaining cases (say a 4-inch front
// against a 2-inch flank at 30 degrees) exact integer contact does not exist, place_in_contact()
// leaves a gap of at most kPlacementSlack (3) sub-units without overlap, and edge_contact() with
// a slack of kPlacementSlack recognises it. Pick sub-units fine enough that 3 of them do not
// matter to the rules (1/100 inch, or 0.1 mm rather than 1 mm).
//
// Boundaries. Points on a boundary count as inside: of a polygon, of a base and of a front arc.
// "Overlap" means the interiors meet: bases that only touch do not overlap.
#pragma once

#include <array>
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/status.hpp"

namespace carroccio::core::geo {

// Unsigned 128-bit integers, used for exact squared lengths.
__extension__ typedef unsigned __int128 UInt128;

// Every coordinate (including derived corners) must satisfy |x|, |y| <= kMaxCoord: 10^9
// sub-units is 10 km in millimetres, or 158 miles in hundredths of an inch.
inline constexpr std::int64_t kMaxCoord = 1'000'000'000;

// ---------------------------------------------------------------------------------------------
// Angles and deterministic trigonometry

inline constexpr std::int32_t kAngleUnitsPerDegree = 3600;
inline constexpr std::int32_t kFullTurn = 360 * kAngleUnitsPerDegree;  // 1,296,000
inline constexpr std::int32_t kHalfTurn = kFullTurn / 2;
inline constexpr std::int32_t kQuarterTurn = kFullTurn / 4;
inline constexpr std::int32_t kEighthTurn = kFullTurn / 8;

// An angle in arc-seconds, reduced into [0, kFullTurn). Arithmetic wraps around the circle.
class Angle {
 public:
  constexpr Angle() = default;
  // Any integer number of arc-seconds (negative means clockwise), reduced modulo a full turn.
  static constexpr Angle from_units(std::int64_t units) {
    std::int64_t u = units % kFullTurn;
    if (u < 0) u += kFullTurn;
    return Angle(static_cast<std::int32_t>(u));
  }
  static constexpr Angle degrees(std::int64_t d) { return from_units(d * kAngleUnitsPerDegree); }

  // In [0, kFullTurn).
  constexpr std::int32_t units() const { return units_; }
  // The same angle in (-kHalfTurn, kHalfTurn]: e.g. how far, and which way, a unit turns.
  constexpr std::int32_t signed_units() const {
    return units_ > kHalfTurn ? units_ - kFullTurn : units_;
  }
  // The size of the turn, in [0, kHalfTurn]: the smaller way round.
  constexpr std::int32_t abs_units() const {
    const std::int32_t s = signed_units();
    return s < 0 ? -s : s;
  }
  // d > 0: e.g. is_multiple_of_degrees(90) for "square to the table edges".
  constexpr bool is_multiple_of_degrees(std::int32_t d) const {
    return units_ % (d * kAngleUnitsPerDegree) == 0;
  }

  friend constexpr Angle operator+(Angle a, Angle b) {
    return from_units(std::int64_t{a.units_} + b.units_);
  }
  friend constexpr Angle operator-(Angle a, Angle b) {
    return from_units(std::int64_t{a.units_} - b.units_);
  }
  constexpr Angle operator-() const { return from_units(-std::int64_t{units_}); }
  friend constexpr bool operator==(Angle, Angle) = default;

 private:
  constexpr explicit Angle(std::int32_t u) : units_(u) {}
  std::int32_t units_ = 0;
};

// 1.0 in the fixed point of sin_cos(): values are scaled by 2^62.
inline constexpr std::int64_t kTrigOne = std::int64_t{1} << 62;

struct SinCos {
  std::int64_t sin = 0;  // sin(angle) * kTrigOne, truncated series (error below 2^-57)
  std::int64_t cos = 0;
};
// Deterministic sine and cosine with the exact symmetries listed at the top of this file.
SinCos sin_cos(Angle a);

// ---------------------------------------------------------------------------------------------
// Points, vectors, segments, polygons

struct Vec {
  std::int64_t x = 0;
  std::int64_t y = 0;
  friend constexpr bool operator==(Vec, Vec) = default;
  constexpr Vec operator-() const { return {-x, -y}; }
  friend constexpr Vec operator+(Vec a, Vec b) { return {a.x + b.x, a.y + b.y}; }
  friend constexpr Vec operator-(Vec a, Vec b) { return {a.x - b.x, a.y - b.y}; }
  friend constexpr Vec operator*(Vec a, std::int64_t k) { return {a.x * k, a.y * k}; }
};

struct Point {
  std::int64_t x = 0;
  std::int64_t y = 0;
  friend constexpr bool operator==(Point, Point) = default;
  // Lexicographic (x, then y): for sorting and canonical output only.
  friend constexpr auto operator<=>(Point, Point) = default;
  friend constexpr Point operator+(Point p, Vec v) { return {p.x + v.x, p.y + v.y}; }
  friend constexpr Point operator-(Point p, Vec v) { return {p.x - v.x, p.y - v.y}; }
  friend constexpr Vec operator-(Point a, Point b) { return {a.x - b.x, a.y - b.y}; }
};

// A closed segment from a to b; a == b is a single point (zero length), which every function
// here accepts.
struct Segment {
  Point a;
  Point b;
  friend constexpr bool operator==(Segment, Segment) = default;
  constexpr Vec direction() const { return b - a; }
  constexpr bool is_point() const { return a == b; }
};

// A terrain outline: a simple polygon (edges meet only at consecutive vertices), either winding
// order, no repeated consecutive vertex, the closing edge implied. See validate_polygon().
using Polygon = std::vector<Point>;

// The vector turned 90 degrees counter-clockwise: (-y, x).
constexpr Vec perp(Vec v) { return {-v.y, v.x}; }
constexpr std::int64_t dot(Vec a, Vec b) { return a.x * b.x + a.y * b.y; }
// Exact z-component of a x b: positive when b is counter-clockwise of a.
constexpr std::int64_t cross(Vec a, Vec b) { return a.x * b.y - a.y * b.x; }
constexpr std::int64_t squared_length(Vec v) { return v.x * v.x + v.y * v.y; }

// The vector of integer length `length` in direction `direction`, each coordinate rounded to the
// nearest integer, halves away from zero. Exact at multiples of 90 degrees.
Vec polar(Angle direction, std::int64_t length);
// v turned by `angle` counter-clockwise, rounded the same way (exact at multiples of 90 degrees).
Vec rotate(Vec v, Angle angle);
Point rotate_about(Point p, Point pivot, Angle angle);
// The direction of v, like atan2, to the nearest arc-second (judged with sin_cos() of the
// candidates). Exact for directions that are multiples of 45 degrees. Throws
// std::invalid_argument for the zero vector.
Angle direction_of(Vec v);

// Sign of the turn a -> b -> c: +1 counter-clockwise (c left of line ab), -1 clockwise, 0 when
// collinear. Exact.
int orientation(Point a, Point b, Point c);
// p lies on the closed segment s.
bool on_segment(Point p, Segment s);

bool in_bounds(Point p);

std::string to_string(Point p);  // "(x,y)"
std::string to_string(Vec v);
std::ostream& operator<<(std::ostream& os, Point p);
std::ostream& operator<<(std::ostream& os, Vec v);
std::ostream& operator<<(std::ostream& os, Segment s);
std::ostream& operator<<(std::ostream& os, Angle a);

// ---------------------------------------------------------------------------------------------
// Exact distances

// An exact squared distance num/den (a rational: the distance from a point to the middle of a
// segment is rarely an integer). Compare it with a range r exactly by within(r), or with another
// SquaredDistance; floor()/ceil()/round() give integer distances for display or for rules that
// measure in whole units.
class SquaredDistance {
 public:
  constexpr SquaredDistance() = default;
  // den > 0.
  constexpr SquaredDistance(UInt128 num, UInt128 den) : num_(num), den_(den) {}
  static constexpr SquaredDistance of_integer(std::uint64_t v) { return {v, 1}; }

  UInt128 num() const { return num_; }
  UInt128 den() const { return den_; }
  bool is_zero() const { return num_ == 0; }
  // distance <= r, exactly (false for r < 0).
  bool within(std::int64_t r) const;
  // distance < r, exactly.
  bool less_than(std::int64_t r) const;
  // floor(distance), ceil(distance), and distance rounded to nearest (halves up), all exact.
  std::int64_t floor() const;
  std::int64_t ceil() const;
  std::int64_t round() const;
  // The integer squared distance when it is one.
  std::optional<std::uint64_t> as_integer() const;

  // -1, 0 or +1: exact comparison of the two rationals.
  static int compare(const SquaredDistance& a, const SquaredDistance& b);
  friend bool operator==(const SquaredDistance& a, const SquaredDistance& b) {
    return compare(a, b) == 0;
  }
  friend bool operator<(const SquaredDistance& a, const SquaredDistance& b) {
    return compare(a, b) < 0;
  }
  friend bool operator<=(const SquaredDistance& a, const SquaredDistance& b) {
    return compare(a, b) <= 0;
  }
  friend bool operator>(const SquaredDistance& a, const SquaredDistance& b) { return b < a; }
  friend bool operator>=(const SquaredDistance& a, const SquaredDistance& b) { return b <= a; }

 private:
  UInt128 num_ = 0;
  UInt128 den_ = 1;
};
std::ostream& operator<<(std::ostream& os, const SquaredDistance& d);

// Integer square root: floor(sqrt(v)).
std::uint64_t isqrt(UInt128 v);

SquaredDistance distance_sq(Point a, Point b);
SquaredDistance distance_sq(Point p, Segment s);
// 0 when the segments meet.
SquaredDistance distance_sq(Segment s, Segment t);

// ---------------------------------------------------------------------------------------------
// Segments and polygons: line of sight, blocked movement, terrain

// The closed segments share at least one point (touching, crossing, collinear overlap, a
// zero-length segment lying on the other).
bool segments_intersect(Segment s, Segment t);
// The segments cross at a single point interior to both (a proper crossing).
bool segments_cross(Segment s, Segment t);

// ≥ 3 vertices, all in bounds, no zero-length edge, edges meeting only at consecutive vertices
// (no self-intersection, no spike folding back on itself), non-zero area.
Status validate_polygon(std::span<const Point> polygon);

// Point in the closed polygon (boundary counts as inside).
bool point_in_polygon(Point p, std::span<const Point> polygon);
// Point strictly inside (boundary counts as outside).
bool point_strictly_in_polygon(Point p, std::span<const Point> polygon);
bool point_on_polygon_boundary(Point p, std::span<const Point> polygon);

// The segment meets the closed polygon (grazing a corner or an edge counts).
bool segment_intersects_polygon(Segment s, std::span<const Point> polygon);
// The segment passes through the open interior: running along an edge or touching a corner
// from outside does not count. Use for "blocked by" and for a line of sight that may be traced
// along the edge of a wood.
bool segment_crosses_polygon_interior(Segment s, std::span<const Point> polygon);
// The length of the part of the segment strictly inside the polygon, in sub-units, to the
// nearest. The parameters along the segment where it meets the boundary are taken in fixed
// point (deterministic); before the final rounding the error is below (boundary crossings + 1)
// / 10,000 sub-units for segments shorter than 2^24 sub-units, so only near-ties with a half can
// round differently from the exact length.
std::int64_t length_inside_polygon(Segment s, std::span<const Point> polygon);

// 0 when the point is in the closed polygon.
SquaredDistance distance_sq(Point p, std::span<const Point> polygon);
// 0 when the segment meets the closed polygon.
SquaredDistance distance_sq(Segment s, std::span<const Point> polygon);

// ---------------------------------------------------------------------------------------------
// Bases

enum class Side : std::uint8_t { kFront, kLeft, kBack, kRight };
enum class Corner : std::uint8_t { kFrontLeft, kFrontRight, kBackLeft, kBackRight };
// Front, flank (left or right) or rear: how rules usually group sides.
enum class Aspect : std::uint8_t { kFront, kFlank, kRear };

inline constexpr std::array<Side, 4> kAllSides = {Side::kFront, Side::kLeft, Side::kBack,
                                                  Side::kRight};
std::string_view to_string(Side s);    // "front", "left", "back", "right"
std::string_view to_string(Corner c);  // "front-left", ...
std::string_view to_string(Aspect a);  // "front", "flank", "rear"
Aspect aspect(Side s);
// The direction a side faces, relative to the heading: front 0, left 90, back 180, right 270.
Angle side_normal(Side s);

// Largest perpendicular gap place_in_contact() may leave (see the top of this file).
inline constexpr std::int64_t kPlacementSlack = 3;

class Base {
 public:
  // Width along the front, depth front to back; both positive, even and at most kMaxCoord, and
  // every corner in bounds. Throws std::invalid_argument otherwise (a programming error: check
  // external input with create()).
  Base(Point centre, std::int64_t width, std::int64_t depth, Angle heading);
  static Expected<Base> create(Point centre, std::int64_t width, std::int64_t depth, Angle heading);

  Point centre() const { return centre_; }
  std::int64_t width() const { return width_; }
  std::int64_t depth() const { return depth_; }
  Angle heading() const { return heading_; }

  // The rounded half-depth vector F (centre to the middle of the front) and half-width vector L
  // (centre to the middle of the left side).
  Vec forward_half() const { return f_; }
  Vec left_half() const { return l_; }

  Point corner(Corner c) const;
  // Counter-clockwise: front-right, front-left, back-left, back-right.
  std::array<Point, 4> corners() const;
  // Sides run counter-clockwise, so the base is on the left of a -> b:
  // front: front-right -> front-left; left: front-left -> back-left;
  // back: back-left -> back-right; right: back-right -> front-right.
  Segment side(Side s) const;
  // The middle of a side (an integer point); side_midpoint(kFront) is where the ohw line of
  // sight starts.
  Point side_midpoint(Side s) const;

  // Moves. All return a new base and keep width and depth.
  Base translated(Vec v) const;
  Base with_centre(Point c) const;
  Base with_heading(Angle h) const;
  Base rotated_about_centre(Angle turn) const;
  // Centre turned about `pivot` (rounded as rotate()), heading turned by `turn`.
  Base rotated_about(Point pivot, Angle turn) const;
  // Along the heading (negative = backwards); the centre moves by polar(heading, distance).
  Base moved_forward(std::int64_t distance) const;
  // Along any direction, keeping the heading (a sidestep, a retreat facing the enemy).
  Base moved(Angle direction, std::int64_t distance) const;
  // A wheel: turned by `turn` about one of its corners, which stays exactly where it was.
  Base wheeled(Corner pivot, Angle turn) const;

  // Same centre, size and heading.
  friend bool operator==(const Base& a, const Base& b) {
    return a.centre_ == b.centre_ && a.width_ == b.width_ && a.depth_ == b.depth_ &&
           a.heading_ == b.heading_;
  }

 private:
  Point centre_;
  std::int64_t width_ = 0;
  std::int64_t depth_ = 0;
  Angle heading_;
  Vec f_;  // derived from heading_ and depth_
  Vec l_;  // derived from heading_ and width_
};
std::ostream& operator<<(std::ostream& os, const Base& b);

// Point in the closed base.
bool contains(const Base& b, Point p);
bool strictly_contains(const Base& b, Point p);

// The closed bases share a point (touching counts).
bool intersects(const Base& a, const Base& b);
// The interiors meet: touching along an edge or at a corner is not overlap.
bool overlaps(const Base& a, const Base& b);
// They share a point but do not overlap.
bool touching(const Base& a, const Base& b);

// A bound on the distance from a base's centre to any of its points: half the width plus half
// the depth (at least the half-diagonal). For quick refusals before exact tests only. Inline,
// with far_apart: the table rulesets' movement loops ask them hundreds of thousands of times a
// game, and a call cost more than the arithmetic.
inline std::int64_t reach(const Base& b) { return (b.width() + b.depth()) / 2; }
// The points are more than `d` apart (exact for points within kMaxCoord and d below 2 * 10^9).
// With far_apart(a.centre(), b.centre(), reach(a) + reach(b) + g), bases a and b are more than
// g apart, so an exact test can be skipped.
inline bool far_apart(Point a, Point b, std::int64_t d) {
  const std::int64_t dx = a.x - b.x, dy = a.y - b.y;
  return dx * dx + dy * dy > d * d;
}

// 0 when touching or overlapping.
SquaredDistance distance_sq(const Base& a, const Base& b);
SquaredDistance distance_sq(Point p, const Base& b);
SquaredDistance distance_sq(Segment s, const Base& b);

// distance_sq(x, y).within(r), found without fractions and stopping at the first part within r
// (the same answers: the distance is the least of its parts). For hot refusals and acceptances.
bool within_distance(Point p, Segment s, std::int64_t r);
bool within_distance(Segment s, Segment t, std::int64_t r);
bool within_distance(Segment s, std::span<const Point> polygon, std::int64_t r);
bool within_distance(Segment s, const Base& b, std::int64_t r);
bool within_distance(const Base& a, const Base& b, std::int64_t r);

bool segment_intersects_base(Segment s, const Base& b);
// Through the interior: a line of sight grazing a corner or running along a side is not blocked.
bool segment_crosses_base_interior(Segment s, const Base& b);

// Terrain. The base lies wholly inside the closed polygon ("within" area terrain).
bool base_within_polygon(const Base& b, std::span<const Point> polygon);
// The interiors of base and polygon meet.
bool base_overlaps_polygon(const Base& b, std::span<const Point> polygon);

// A straight move: the area swept by the base moving by `move` (the convex hull of its start
// and end positions, counter-clockwise).
Polygon swept_area(const Base& b, Vec move);
// Whether that sweep passes through the interior of an obstacle (impassable terrain, another
// unit's base). Bases may touch an obstacle but not pass into it.
bool move_overlaps_polygon(const Base& b, Vec move, std::span<const Point> polygon);
bool move_overlaps_base(const Base& b, Vec move, const Base& obstacle);
// The vertices of a convex polygon of positive area, counter-clockwise (every vertex on the
// inner side of every edge or on its line), or nothing when the polygon is not convex. Made once
// for terrain that is tested often, for the two tests below.
std::optional<Polygon> convex_counter_clockwise(std::span<const Point> polygon);
// base_overlaps_polygon() and move_overlaps_polygon() of a polygon that convex_counter_clockwise()
// gave (`ccw`): the same answers, found by separating edges (the sweep's edges are the base's
// and two along the move, so its hull is not built).
bool base_overlaps_convex(const Base& b, std::span<const Point> ccw);
bool move_overlaps_convex(const Base& b, Vec move, std::span<const Point> ccw);

// ---------------------------------------------------------------------------------------------
// Front arc

// The front arc is the region bounded by the front side and two rays starting at the front
// corners at heading + 45 degrees (from front-left) and heading - 45 degrees (from front-right),
// i.e. the front edge extended forward, widening by 45 degrees on each side. The rays run at
// exactly heading +- 45 degrees in the fixed point of sin_cos() and start at the integer corners.
// The boundary belongs to the arc (the front side itself and both rays).
bool in_front_arc(const Base& b, Point p);
// Any point of the segment is in the arc.
bool segment_in_front_arc(const Base& b, Segment s);
bool segment_wholly_in_front_arc(const Base& b, Segment s);
// Any point of `other` (its closed rectangle) is in the arc of `b`.
bool base_in_front_arc(const Base& b, const Base& other);
bool base_wholly_in_front_arc(const Base& b, const Base& other);

// Every point of `other` is on the line of `side` of `b` or beyond it (outside b): the charger
// "wholly past the line of the target's side" test.
bool wholly_beyond_side(const Base& b, Side side, const Base& other);

// ---------------------------------------------------------------------------------------------
// Contact

struct Contact {
  Side side_a = Side::kFront;  // the side of the first base that touches
  Side side_b = Side::kFront;  // the side of the second base that touches
  // The part of a's side that b's side touches: exact when slack is 0 (its ends are corners),
  // otherwise its ends are the projections onto a's side, rounded to the nearest sub-unit.
  Segment shared;
  SquaredDistance shared_length_sq;  // exact length of that stretch along a's side, squared
  bool covers_side_a = false;        // all of a's side is in contact (within the slack)
  bool covers_side_b = false;        // all of b's side is in contact (within the slack)
};

// Edge contact between two bases: a side of each, facing each other (running in opposite
// directions), sharing a stretch of positive length along which they are at most `slack`
// sub-units apart (checked at both ends of the stretch, where the gap is largest). With slack 0
// the two sides lie exactly on one line: exact on the integer corners. "Covers" allows `slack`
// at each end. Bases that meet only at a corner have no edge contact (see touching()). When
// several pairs qualify (only possible with a slack) the one with the longest shared stretch
// wins, ties to the earlier pair in kAllSides order.
std::optional<Contact> edge_contact(const Base& a, const Base& b, std::int64_t slack = 0);

// `mover` (its size; its position and heading are replaced) turned so that its side
// `mover_side` faces side `target_side` of `target`, flush against it, the middle of the mover's
// side at `offset` sub-units from the middle of the target's side, measured along the target's
// side in its counter-clockwise direction (for the target's front: towards its left).
// Exact contact (edge_contact() with slack 0 finds it) when the target's heading is a multiple
// of 45 degrees (the offset then rounded to the lattice, within one sub-unit) or when the two
// sides are parallel after rounding (same length) and offset is 0. Otherwise it is the nearest
// position that does not overlap the target, within kPlacementSlack of flush.
Base place_in_contact(const Base& target, Side target_side, const Base& mover,
                      Side mover_side = Side::kFront, std::int64_t offset = 0);

}  // namespace carroccio::core::geo
