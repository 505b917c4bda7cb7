#include "core/geometry.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <ostream>
#include <sstream>
#include <stdexcept>
#include <utility>

namespace carroccio::core::geo {

namespace {

__extension__ typedef __int128 Int128;

// ---------------------------------------------------------------------------------------------
// Fixed-point helpers

// pi * 2^62, rounded to nearest.
constexpr std::uint64_t kPiQ62 = 14488038916154245685ULL;
// floor(sqrt(1/2) * 2^62) = isqrt(2^123): sin and cos of 45 degrees.
constexpr std::int64_t kSqrtHalfQ62 = 3260954456333195553LL;
constexpr int kTrigShift = 62;

int sign_of(Int128 v) { return (v > 0) - (v < 0); }

// v / 2^62 rounded to the nearest integer, halves away from zero (so round(-v) == -round(v)).
std::int64_t round_q62(Int128 v) {
  const bool negative = v < 0;
  const UInt128 m = negative ? static_cast<UInt128>(-v) : static_cast<UInt128>(v);
  const auto r = static_cast<std::int64_t>((m + (UInt128{1} << (kTrigShift - 1))) >> kTrigShift);
  return negative ? -r : r;
}

// num / den rounded to the nearest integer, halves away from zero (den > 0).
std::int64_t round_div(Int128 num, Int128 den) {
  const bool negative = num < 0;
  const Int128 m = negative ? -num : num;
  const auto r = static_cast<std::int64_t>((2 * m + den) / (2 * den));
  return negative ? -r : r;
}

// sin and cos, scaled by 2^62, of r arc-seconds, 0 <= r <= 45 degrees, by their Taylor series in
// unsigned fixed point (every operation an integer one, truncating). The series converge fast
// for |x| <= pi/4 and stop when the next term truncates to zero.
SinCos small_sin_cos(std::int32_t r) {
  if (r == kEighthTurn) return {kSqrtHalfQ62, kSqrtHalfQ62};
  // x = r * pi / 648000 radians, in Q62; x < 0.8 so x < 2^62.
  const UInt128 x = (static_cast<UInt128>(r) * kPiQ62 + kHalfTurn / 2) / (kHalfTurn);
  const UInt128 x2 = (x * x) >> kTrigShift;
  UInt128 plus = x;
  UInt128 minus = 0;
  UInt128 term = x;
  for (unsigned k = 1; term != 0; ++k) {
    term = ((term * x2) >> kTrigShift) / ((2 * k) * (2 * k + 1));
    (k % 2 == 1 ? minus : plus) += term;
  }
  const auto s = static_cast<std::int64_t>(plus - minus);
  plus = UInt128{1} << kTrigShift;
  minus = 0;
  term = plus;
  for (unsigned k = 1; term != 0; ++k) {
    term = ((term * x2) >> kTrigShift) / ((2 * k - 1) * (2 * k));
    (k % 2 == 1 ? minus : plus) += term;
  }
  const auto c = static_cast<std::int64_t>(plus - minus);
  return {s, c};
}

Int128 cross128(Vec a, Vec b) {
  return static_cast<Int128>(a.x) * b.y - static_cast<Int128>(a.y) * b.x;
}
Int128 dot128(Vec a, Vec b) {
  return static_cast<Int128>(a.x) * b.x + static_cast<Int128>(a.y) * b.y;
}
UInt128 square(Int128 v) {
  const UInt128 m = v < 0 ? static_cast<UInt128>(-v) : static_cast<UInt128>(v);
  return m * m;
}
UInt128 squared_len128(Vec v) { return square(v.x) + square(v.y); }

// A direction with 128-bit components (the fixed-point arc rays).
struct BigVec {
  Int128 x = 0;
  Int128 y = 0;
};
Int128 cross_big(BigVec a, Vec b) { return a.x * b.y - a.y * b.x; }
Int128 cross_vb(Vec a, BigVec b) { return a.x * b.y - a.y * b.x; }

std::string angle_text(Angle a) {
  const std::int32_t u = a.units();
  std::string s = std::to_string(u / kAngleUnitsPerDegree) + "deg";
  if (u % kAngleUnitsPerDegree != 0) s += "+" + std::to_string(u % kAngleUnitsPerDegree) + "s";
  return s;
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// Trigonometry

namespace {

// sin and cos of r arc-seconds, 0 <= r < 90 degrees.
SinCos first_quadrant_sin_cos(std::int32_t r) {
  if (r <= kEighthTurn) return small_sin_cos(r);
  const SinCos m = small_sin_cos(kQuarterTurn - r);  // sin(90 - x) == cos(x), exactly
  return {m.cos, m.sin};
}

// The angle quadrant * 90 degrees + r from the sin and cos of r (exact: a change of signs).
SinCos in_quadrant(SinCos base, std::int32_t quadrant) {
  switch (quadrant) {
    case 0:
      return base;
    case 1:
      return {base.cos, -base.sin};
    case 2:
      return {-base.sin, -base.cos};
    default:
      return {-base.cos, base.sin};
  }
}

SinCos series_sin_cos(Angle a) {
  const std::int32_t u = a.units();
  return in_quadrant(first_quadrant_sin_cos(u % kQuarterTurn), u / kQuarterTurn);
}

Vec polar_of(const SinCos& sc, std::int64_t length) {
  return {round_q62(static_cast<Int128>(length) * sc.cos),
          round_q62(static_cast<Int128>(length) * sc.sin)};
}

}  // namespace

// Whole degrees (every heading and turn the rulesets list) come from a table of the same series,
// made once; other angles are evaluated each time.
SinCos sin_cos(Angle a) {
  const std::int32_t u = a.units();
  if (u % kAngleUnitsPerDegree != 0) {
    // Not a whole degree (a march's heading, a turn toward a point): the series, remembered per
    // thread for the angles last asked for (one is often asked for many times in a row, and with
    // it the same heading turned by 15, 45 or 90 degrees). What is kept is the angle's remainder
    // within its quadrant, so a heading and its quarter and half turns share one entry; the slot
    // is picked by a multiplicative hash, as the remainders of one heading's turns by whole
    // degrees differ by multiples of 3,600.
    struct Known {
      std::int32_t r = -1;
      SinCos sc;
    };
    thread_local std::array<Known, 256> known;
    const std::int32_t r = u % kQuarterTurn;
    Known& k = known[(static_cast<std::uint32_t>(r) * 2654435761u) >> 24];
    if (k.r != r) k = {r, first_quadrant_sin_cos(r)};
    return in_quadrant(k.sc, u / kQuarterTurn);
  }
  static const std::array<SinCos, 360> kWholeDegrees = [] {
    std::array<SinCos, 360> t;
    for (std::size_t d = 0; d < t.size(); ++d)
      t[d] = series_sin_cos(Angle::degrees(static_cast<std::int64_t>(d)));
    return t;
  }();
  return kWholeDegrees[static_cast<std::size_t>(u / kAngleUnitsPerDegree)];
}

Vec polar(Angle direction, std::int64_t length) { return polar_of(sin_cos(direction), length); }

Vec rotate(Vec v, Angle angle) {
  const SinCos sc = sin_cos(angle);
  const Int128 x = static_cast<Int128>(v.x) * sc.cos - static_cast<Int128>(v.y) * sc.sin;
  const Int128 y = static_cast<Int128>(v.x) * sc.sin + static_cast<Int128>(v.y) * sc.cos;
  return {round_q62(x), round_q62(y)};
}

Point rotate_about(Point p, Point pivot, Angle angle) { return pivot + rotate(p - pivot, angle); }

namespace {
// Within the first octant (0 <= w.y <= w.x, w.x > 0): the arc-second in [0, 45 degrees] whose
// direction is nearest to w.
//
// side(r) below falls strictly as r grows (over the octant the series' sine rises and its cosine
// falls by about 2^44 an arc-second, far more than their truncation), and side(0) = w.y >= 0; so
// there is one arc-second lo, the last with side(lo) >= 0, and a bisection over [0, 45 degrees]
// finds it (Geometry.DirectionOfIsTheSameAskedAgain runs that bisection). Here it is found from a
// floating-point guess checked exactly: side(lo) >= 0 and side(lo + 1) < 0 (or lo = 45 degrees),
// stepping an arc-second at a time when the guess is off. The guess only decides where the
// search starts: the answer is the same arc-second whatever it is.
std::int32_t octant_direction(Vec w) {
  auto side = [&](std::int32_t r) {
    const SinCos sc = small_sin_cos(r);
    return static_cast<Int128>(sc.cos) * w.y - static_cast<Int128>(sc.sin) * w.x;
  };
  const double guess = std::atan2(static_cast<double>(w.y), static_cast<double>(w.x)) *
                       (static_cast<double>(kHalfTurn) / 3.14159265358979323846);
  std::int32_t lo =
      std::clamp(static_cast<std::int32_t>(guess), std::int32_t{0}, std::int32_t{kEighthTurn});
  Int128 at_lo = side(lo);
  while (at_lo < 0) at_lo = side(--lo);  // side(0) >= 0 stops it
  while (lo < kEighthTurn) {
    const Int128 next = side(lo + 1);
    if (next < 0) return -next < at_lo ? lo + 1 : lo;  // the next one when it is nearer
    ++lo;
    at_lo = next;
  }
  return lo;
}
}  // namespace

Angle direction_of(Vec v) {
  if (v.x == 0 && v.y == 0) throw std::invalid_argument("direction_of a zero vector");
  // An arc-second found in the series (octant_direction): the answers last found are remembered per
  // thread, by the exact vector (a march toward the same point is asked for at every listing).
  struct Known {
    Vec v;
    Angle a;
    bool set = false;
  };
  thread_local std::array<Known, 64> known;
  const auto hash = static_cast<std::uint64_t>(v.x) * 0x9E3779B97F4A7C15ull ^
                    static_cast<std::uint64_t>(v.y) * 0xC2B2AE3D27D4EB4Full;
  Known& k = known[hash >> 58];
  if (k.set && k.v == v) return k.a;
  const Vec asked = v;
  std::int64_t quarter_turns = 0;
  while (!(v.x > 0 && v.y >= 0)) {
    v = {v.y, -v.x};  // turn clockwise by 90 degrees
    ++quarter_turns;
  }
  std::int64_t units = 0;
  if (v.y > v.x) {
    units = kQuarterTurn - octant_direction({v.y, v.x});
  } else {
    units = octant_direction(v);
  }
  k = {asked, Angle::from_units(units + quarter_turns * kQuarterTurn), true};
  return k.a;
}

int orientation(Point a, Point b, Point c) { return sign_of(cross128(b - a, c - a)); }

bool on_segment(Point p, Segment s) {
  return orientation(s.a, s.b, p) == 0 && std::min(s.a.x, s.b.x) <= p.x &&
         p.x <= std::max(s.a.x, s.b.x) && std::min(s.a.y, s.b.y) <= p.y &&
         p.y <= std::max(s.a.y, s.b.y);
}

bool in_bounds(Point p) {
  return p.x >= -kMaxCoord && p.x <= kMaxCoord && p.y >= -kMaxCoord && p.y <= kMaxCoord;
}

std::string to_string(Point p) {
  return "(" + std::to_string(p.x) + "," + std::to_string(p.y) + ")";
}
std::string to_string(Vec v) { return "<" + std::to_string(v.x) + "," + std::to_string(v.y) + ">"; }
std::ostream& operator<<(std::ostream& os, Point p) { return os << to_string(p); }
std::ostream& operator<<(std::ostream& os, Vec v) { return os << to_string(v); }
std::ostream& operator<<(std::ostream& os, Segment s) {
  return os << to_string(s.a) << "-" << to_string(s.b);
}
std::ostream& operator<<(std::ostream& os, Angle a) { return os << angle_text(a); }

// ---------------------------------------------------------------------------------------------
// Exact distances

std::uint64_t isqrt(UInt128 v) {
  UInt128 result = 0;
  UInt128 bit = UInt128{1} << 126;
  while (bit > v) bit >>= 2;
  while (bit != 0) {
    if (v >= result + bit) {
      v -= result + bit;
      result = (result >> 1) + bit;
    } else {
      result >>= 1;
    }
    bit >>= 2;
  }
  return static_cast<std::uint64_t>(result);
}

int SquaredDistance::compare(const SquaredDistance& x, const SquaredDistance& y) {
  // All four below 2^64 (the usual case): the cross products a*d and c*b are below 2^128, so
  // comparing them is exact and needs no division.
  constexpr UInt128 k64 = UInt128{1} << 64;
  if (x.num_ < k64 && x.den_ < k64 && y.num_ < k64 && y.den_ < k64) {
    const UInt128 l = x.num_ * y.den_, r = y.num_ * x.den_;
    return l < r ? -1 : (r < l ? 1 : 0);
  }
  // Compare a/b with c/d by continued fractions: never multiplies, so never overflows.
  UInt128 a = x.num_, b = x.den_, c = y.num_, d = y.den_;
  int sign = 1;
  for (;;) {
    const UInt128 qa = a / b;
    const UInt128 qc = c / d;
    if (qa != qc) return qa < qc ? -sign : sign;
    const UInt128 ra = a % b;
    const UInt128 rc = c % d;
    if (ra == 0 || rc == 0) {
      if (ra == 0 && rc == 0) return 0;
      return ra == 0 ? -sign : sign;
    }
    // ra/b against rc/d is the reverse of b/ra against d/rc.
    a = b;
    b = ra;
    c = d;
    d = rc;
    sign = -sign;
  }
}

bool SquaredDistance::within(std::int64_t r) const {
  if (r < 0) return false;
  const auto r2 = static_cast<UInt128>(r) * static_cast<UInt128>(r);
  return compare(*this, SquaredDistance(r2, 1)) <= 0;
}

bool SquaredDistance::less_than(std::int64_t r) const {
  if (r < 0) return false;
  const auto r2 = static_cast<UInt128>(r) * static_cast<UInt128>(r);
  return compare(*this, SquaredDistance(r2, 1)) < 0;
}

std::int64_t SquaredDistance::floor() const {
  // floor(sqrt(x)) == floor(sqrt(floor(x))) for x >= 0.
  return static_cast<std::int64_t>(isqrt(num_ / den_));
}

std::int64_t SquaredDistance::ceil() const {
  const auto f = static_cast<UInt128>(floor());
  return static_cast<std::int64_t>(compare(*this, SquaredDistance(f * f, 1)) == 0 ? f : f + 1);
}

std::int64_t SquaredDistance::round() const {
  // round(sqrt(x)) = floor((floor(2 sqrt(x)) + 1) / 2) and floor(2 sqrt(x)) = isqrt(floor(4x)).
  const UInt128 four_x = 4 * (num_ / den_) + (4 * (num_ % den_)) / den_;
  return static_cast<std::int64_t>((isqrt(four_x) + 1) / 2);
}

std::optional<std::uint64_t> SquaredDistance::as_integer() const {
  if (num_ % den_ != 0) return std::nullopt;
  return static_cast<std::uint64_t>(num_ / den_);
}

std::ostream& operator<<(std::ostream& os, const SquaredDistance& d) {
  const auto as_text = [](UInt128 v) {
    std::string s;
    do {
      s.insert(s.begin(), static_cast<char>('0' + static_cast<int>(v % 10)));
      v /= 10;
    } while (v != 0);
    return s;
  };
  os << as_text(d.num());
  if (d.den() != 1) os << "/" << as_text(d.den());
  return os << " (~" << d.floor() << ")";
}

SquaredDistance distance_sq(Point a, Point b) { return SquaredDistance(squared_len128(b - a), 1); }

SquaredDistance distance_sq(Point p, Segment s) {
  const Vec d = s.direction();
  if (d.x == 0 && d.y == 0) return distance_sq(p, s.a);
  const Int128 t = dot128(p - s.a, d);
  if (t <= 0) return distance_sq(p, s.a);
  const UInt128 len2 = squared_len128(d);
  if (static_cast<UInt128>(t) >= len2) return distance_sq(p, s.b);
  return SquaredDistance(square(cross128(d, p - s.a)), len2);
}

SquaredDistance distance_sq(Segment s, Segment t) {
  if (segments_intersect(s, t)) return SquaredDistance();
  SquaredDistance best = distance_sq(s.a, t);
  for (const SquaredDistance& d : {distance_sq(s.b, t), distance_sq(t.a, s), distance_sq(t.b, s)})
    if (d < best) best = d;
  return best;
}

// ---------------------------------------------------------------------------------------------
// Segments and polygons

bool segments_cross(Segment s, Segment t) {
  const int o1 = orientation(s.a, s.b, t.a);
  const int o2 = orientation(s.a, s.b, t.b);
  const int o3 = orientation(t.a, t.b, s.a);
  const int o4 = orientation(t.a, t.b, s.b);
  return o1 * o2 < 0 && o3 * o4 < 0;
}

bool segments_intersect(Segment s, Segment t) {
  if (segments_cross(s, t)) return true;
  return on_segment(t.a, s) || on_segment(t.b, s) || on_segment(s.a, t) || on_segment(s.b, t);
}

namespace {

std::size_t next_index(std::size_t i, std::size_t n) { return i + 1 == n ? 0 : i + 1; }
std::size_t prev_index(std::size_t i, std::size_t n) { return i == 0 ? n - 1 : i - 1; }

// The axis-aligned bounding box of some points (a quick reject before exact tests: the interior
// of a polygon lies inside the open box of its vertices).
struct Box {
  std::int64_t min_x = 0, max_x = 0, min_y = 0, max_y = 0;
  void add(Point p) {
    min_x = std::min(min_x, p.x), max_x = std::max(max_x, p.x);
    min_y = std::min(min_y, p.y), max_y = std::max(max_y, p.y);
  }
};
Box box_of(Point first) { return {first.x, first.x, first.y, first.y}; }
Box box_of(std::span<const Point> pts) {
  Box b = box_of(pts.empty() ? Point{} : pts[0]);
  for (const Point p : pts) b.add(p);
  return b;
}
// No point lies strictly inside both boxes (they are apart, or only touch along an edge): then
// nothing within the closed box `a` is interior to a polygon whose box is `b`, and no two
// polygons with these boxes have interiors that meet.
bool open_apart(const Box& a, const Box& b) {
  return a.max_x <= b.min_x || b.max_x <= a.min_x || a.max_y <= b.min_y || b.max_y <= a.min_y;
}

// +1 counter-clockwise, -1 clockwise, 0 degenerate.
int polygon_orientation(std::span<const Point> poly) {
  Int128 area2 = 0;
  const std::size_t n = poly.size();
  if (n < 3) return 0;
  for (std::size_t i = 0; i < n; ++i) {
    const Point p = poly[i];
    const Point q = poly[next_index(i, n)];
    area2 += static_cast<Int128>(p.x - poly[0].x) * (q.y - poly[0].y) -
             static_cast<Int128>(p.y - poly[0].y) * (q.x - poly[0].x);
  }
  return sign_of(area2);
}

// Winding number of the polygon around p (p not on the boundary).
int winding(Point p, std::span<const Point> poly) {
  int w = 0;
  const std::size_t n = poly.size();
  for (std::size_t i = 0; i < n; ++i) {
    const Point a = poly[i];
    const Point b = poly[next_index(i, n)];
    if (a.y <= p.y) {
      if (b.y > p.y && orientation(a, b, p) > 0) ++w;
    } else if (b.y <= p.y && orientation(a, b, p) < 0) {
      --w;
    }
  }
  return w;
}

// Whether direction d from vertex v (neighbours u before, w after) points strictly into the
// polygon's interior; orient is the polygon's orientation.
bool enters_at_vertex(Point u, Point v, Point w, Vec d, int orient) {
  if (orient < 0) std::swap(u, w);
  const Vec e1 = v - u;
  const Vec e2 = w - v;
  const int left_of_in = sign_of(cross128(e1, d));
  const int left_of_out = sign_of(cross128(e2, d));
  if (sign_of(cross128(e1, e2)) >= 0) return left_of_in > 0 && left_of_out > 0;  // convex
  return left_of_in > 0 || left_of_out > 0;                                      // reflex
}

// Whether direction d from a point inside edge a -> b points strictly into the interior.
bool enters_at_edge(Point a, Point b, Vec d, int orient) {
  return orient * sign_of(cross128(b - a, d)) > 0;
}

// p on the segment but not at either end.
bool strictly_inside_segment(Point p, Segment s) {
  return p != s.a && p != s.b && on_segment(p, s);
}

}  // namespace

Status validate_polygon(std::span<const Point> poly) {
  const std::size_t n = poly.size();
  if (n < 3) return make_error("a polygon needs at least 3 vertices, got " + std::to_string(n));
  for (std::size_t i = 0; i < n; ++i) {
    if (!in_bounds(poly[i]))
      return make_error("polygon vertex " + std::to_string(i) + " " + to_string(poly[i]) +
                        " is outside the table bounds");
    if (poly[i] == poly[next_index(i, n)])
      return make_error("polygon vertex " + std::to_string(i) + " " + to_string(poly[i]) +
                        " repeats the next one");
  }
  if (polygon_orientation(poly) == 0) return make_error("the polygon has zero area");
  for (std::size_t i = 0; i < n; ++i) {
    const Segment e{poly[i], poly[next_index(i, n)]};
    for (std::size_t j = i + 1; j < n; ++j) {
      const Segment f{poly[j], poly[next_index(j, n)]};
      const bool adjacent = j == i + 1 || (i == 0 && j == n - 1);
      bool bad = false;
      if (adjacent) {
        // They share one vertex; they must not fold back along each other.
        const Vec de = e.direction();
        const Vec df = f.direction();
        bad = cross128(de, df) == 0 && dot128(de, df) < 0;
      } else {
        bad = segments_intersect(e, f);
      }
      if (bad)
        return make_error("polygon edges " + std::to_string(i) + " and " + std::to_string(j) +
                          " intersect: the outline must not cross itself");
    }
  }
  return Status::Ok();
}

bool point_on_polygon_boundary(Point p, std::span<const Point> poly) {
  const std::size_t n = poly.size();
  for (std::size_t i = 0; i < n; ++i)
    if (on_segment(p, {poly[i], poly[next_index(i, n)]})) return true;
  return false;
}

bool point_in_polygon(Point p, std::span<const Point> poly) {
  if (poly.empty()) return false;
  return point_on_polygon_boundary(p, poly) || winding(p, poly) != 0;
}

bool point_strictly_in_polygon(Point p, std::span<const Point> poly) {
  if (poly.size() < 3) return false;
  return !point_on_polygon_boundary(p, poly) && winding(p, poly) != 0;
}

bool segment_intersects_polygon(Segment s, std::span<const Point> poly) {
  const std::size_t n = poly.size();
  if (n == 0) return false;
  if (point_in_polygon(s.a, poly)) return true;
  for (std::size_t i = 0; i < n; ++i)
    if (segments_intersect(s, {poly[i], poly[next_index(i, n)]})) return true;
  return false;
}

bool segment_crosses_polygon_interior(Segment s, std::span<const Point> poly) {
  const std::size_t n = poly.size();
  if (n < 3) return false;
  Box sb = box_of(s.a);
  sb.add(s.b);
  if (open_apart(sb, box_of(poly))) return false;
  const int orient = polygon_orientation(poly);
  if (orient == 0) return false;
  if (point_strictly_in_polygon(s.a, poly) || point_strictly_in_polygon(s.b, poly)) return true;
  if (s.is_point()) return false;
  const Vec d = s.direction();
  // Otherwise the segment enters the interior only where it meets the boundary: at a vertex, or
  // at a point inside an edge (a proper crossing, or an end of the segment lying on the edge).
  for (std::size_t i = 0; i < n; ++i) {
    const Point u = poly[prev_index(i, n)];
    const Point v = poly[i];
    const Point w = poly[next_index(i, n)];
    if (on_segment(v, s)) {
      if (v != s.b && enters_at_vertex(u, v, w, d, orient)) return true;
      if (v != s.a && enters_at_vertex(u, v, w, -d, orient)) return true;
    }
    const Segment edge{v, w};
    if (segments_cross(s, edge)) return true;
    if (strictly_inside_segment(s.a, edge) && enters_at_edge(v, w, d, orient)) return true;
    if (strictly_inside_segment(s.b, edge) && enters_at_edge(v, w, -d, orient)) return true;
  }
  return false;
}

std::int64_t length_inside_polygon(Segment s, std::span<const Point> poly) {
  const std::size_t n = poly.size();
  const int orient = polygon_orientation(poly);
  if (orient == 0 || s.is_point()) return 0;
  const Vec d = s.direction();
  const Int128 len2 = static_cast<Int128>(squared_len128(d));
  // Where the segment meets the boundary, as a parameter t = num/den in [0, 1) along it, and
  // whether it is inside just after that point. Between two such points nothing changes.
  struct Hit {
    Int128 num;
    Int128 den;
    bool enters;
  };
  std::vector<Hit> hits;
  for (std::size_t i = 0; i < n; ++i) {
    const Point u = poly[prev_index(i, n)];
    const Point v = poly[i];
    const Point w = poly[next_index(i, n)];
    if (on_segment(v, s) && v != s.b)
      hits.push_back({dot128(v - s.a, d), len2, enters_at_vertex(u, v, w, d, orient)});
    const Segment edge{v, w};
    const Vec e = w - v;
    if (segments_cross(s, edge)) {
      Int128 num = cross128(v - s.a, e);
      Int128 den = cross128(d, e);
      if (den < 0) {
        num = -num;
        den = -den;
      }
      hits.push_back({num, den, enters_at_edge(v, w, d, orient)});
    } else if (strictly_inside_segment(s.a, edge)) {
      hits.push_back({0, 1, enters_at_edge(v, w, d, orient)});
    }
  }
  std::sort(hits.begin(), hits.end(), [](const Hit& x, const Hit& y) {
    const Int128 l = x.num * y.den;
    const Int128 r = y.num * x.den;
    if (l != r) return l < r;
    return x.enters < y.enters;
  });
  // Parameters in fixed point with as many fraction bits as keep T^2 * len2 within 127 bits.
  int bits = 0;
  while (bits < 127 && (static_cast<UInt128>(len2) >> bits) != 0) ++bits;
  const int shift = std::min(48, (125 - bits) / 2);
  const auto fixed = [shift](Int128 num, Int128 den) {
    return (2 * (num << shift) + den) / (2 * den);  // nearest
  };
  Int128 total = 0;
  Int128 at = 0;  // fixed-point parameter of the current position
  bool inside = point_strictly_in_polygon(s.a, poly);
  for (const Hit& h : hits) {
    const Int128 t = fixed(h.num, h.den);
    if (inside) total += t - at;
    at = t;
    inside = h.enters;
  }
  if (inside) total += (Int128{1} << shift) - at;
  const auto t = static_cast<UInt128>(total);
  return SquaredDistance(t * t * static_cast<UInt128>(len2), UInt128{1} << (2 * shift)).round();
}

SquaredDistance distance_sq(Point p, std::span<const Point> poly) {
  if (poly.empty()) return SquaredDistance();
  if (point_in_polygon(p, poly)) return SquaredDistance();
  const std::size_t n = poly.size();
  SquaredDistance best = distance_sq(p, Segment{poly[0], poly[next_index(0, n)]});
  for (std::size_t i = 1; i < n; ++i) {
    const SquaredDistance d = distance_sq(p, Segment{poly[i], poly[next_index(i, n)]});
    if (d < best) best = d;
  }
  return best;
}

SquaredDistance distance_sq(Segment s, std::span<const Point> poly) {
  if (poly.empty()) return SquaredDistance();
  if (segment_intersects_polygon(s, poly)) return SquaredDistance();
  const std::size_t n = poly.size();
  SquaredDistance best = distance_sq(s, Segment{poly[0], poly[next_index(0, n)]});
  for (std::size_t i = 1; i < n; ++i) {
    const SquaredDistance d = distance_sq(s, Segment{poly[i], poly[next_index(i, n)]});
    if (d < best) best = d;
  }
  return best;
}

// ---------------------------------------------------------------------------------------------
// Bases

std::string_view to_string(Side s) {
  switch (s) {
    case Side::kFront:
      return "front";
    case Side::kLeft:
      return "left";
    case Side::kBack:
      return "back";
    case Side::kRight:
      return "right";
  }
  return "?";
}

std::string_view to_string(Corner c) {
  switch (c) {
    case Corner::kFrontLeft:
      return "front-left";
    case Corner::kFrontRight:
      return "front-right";
    case Corner::kBackLeft:
      return "back-left";
    case Corner::kBackRight:
      return "back-right";
  }
  return "?";
}

std::string_view to_string(Aspect a) {
  switch (a) {
    case Aspect::kFront:
      return "front";
    case Aspect::kFlank:
      return "flank";
    case Aspect::kRear:
      return "rear";
  }
  return "?";
}

Aspect aspect(Side s) {
  switch (s) {
    case Side::kFront:
      return Aspect::kFront;
    case Side::kBack:
      return Aspect::kRear;
    default:
      return Aspect::kFlank;
  }
}

Angle side_normal(Side s) {
  switch (s) {
    case Side::kFront:
      return Angle::degrees(0);
    case Side::kLeft:
      return Angle::degrees(90);
    case Side::kBack:
      return Angle::degrees(180);
    case Side::kRight:
      return Angle::degrees(270);
  }
  return Angle();
}

namespace {

bool base_size_ok(std::int64_t width, std::int64_t depth) {
  return width > 0 && depth > 0 && width % 2 == 0 && depth % 2 == 0 && width <= kMaxCoord &&
         depth <= kMaxCoord;
}

// Every corner centre +- f +- l is in bounds: the extreme corners are |f.x| + |l.x| (and the
// same in y) either side of the centre. No sum here leaves 64 bits: the centre is in bounds and
// |f|, |l| are at most half the size.
bool corners_in_bounds(Point centre, Vec f, Vec l) {
  const auto abs64 = [](std::int64_t v) { return v < 0 ? -v : v; };
  const std::int64_t ax = abs64(f.x) + abs64(l.x), ay = abs64(f.y) + abs64(l.y);
  return centre.x + ax <= kMaxCoord && centre.x - ax >= -kMaxCoord && centre.y + ay <= kMaxCoord &&
         centre.y - ay >= -kMaxCoord;
}

// The half vectors F and L of a base (one sin_cos for both).
void half_vectors(std::int64_t width, std::int64_t depth, Angle heading, Vec& f, Vec& l) {
  const SinCos sc = sin_cos(heading);
  f = polar_of(sc, depth / 2);
  l = perp(polar_of(sc, width / 2));
}

std::string base_problem(Point centre, std::int64_t width, std::int64_t depth, Angle heading) {
  if (!base_size_ok(width, depth))
    return "a base needs a positive even width and depth of at most " + std::to_string(kMaxCoord) +
           " sub-units, got " + std::to_string(width) + " x " + std::to_string(depth);
  if (!in_bounds(centre)) return "the base centre " + to_string(centre) + " is off the table";
  Vec f, l;
  half_vectors(width, depth, heading, f, l);
  if (!corners_in_bounds(centre, f, l))
    return "a corner of the base at " + to_string(centre) + " is off the table";
  return {};
}

}  // namespace

Base::Base(Point centre, std::int64_t width, std::int64_t depth, Angle heading)
    : centre_(centre), width_(width), depth_(depth), heading_(heading) {
  // The sentence is made only for a bad base.
  if (!base_size_ok(width, depth) || !in_bounds(centre))
    throw std::invalid_argument(base_problem(centre, width, depth, heading));
  half_vectors(width, depth, heading, f_, l_);
  if (!corners_in_bounds(centre, f_, l_))
    throw std::invalid_argument(base_problem(centre, width, depth, heading));
}

Expected<Base> Base::create(Point centre, std::int64_t width, std::int64_t depth, Angle heading) {
  std::string problem = base_problem(centre, width, depth, heading);
  if (!problem.empty()) return make_error(std::move(problem));
  return Base(centre, width, depth, heading);
}

Point Base::corner(Corner c) const {
  switch (c) {
    case Corner::kFrontLeft:
      return centre_ + f_ + l_;
    case Corner::kFrontRight:
      return centre_ + f_ - l_;
    case Corner::kBackLeft:
      return centre_ - f_ + l_;
    case Corner::kBackRight:
      return centre_ - f_ - l_;
  }
  return centre_;
}

std::array<Point, 4> Base::corners() const {
  return {centre_ + f_ - l_, centre_ + f_ + l_, centre_ - f_ + l_, centre_ - f_ - l_};
}

Segment Base::side(Side s) const {
  switch (s) {
    case Side::kFront:
      return {corner(Corner::kFrontRight), corner(Corner::kFrontLeft)};
    case Side::kLeft:
      return {corner(Corner::kFrontLeft), corner(Corner::kBackLeft)};
    case Side::kBack:
      return {corner(Corner::kBackLeft), corner(Corner::kBackRight)};
    case Side::kRight:
      return {corner(Corner::kBackRight), corner(Corner::kFrontRight)};
  }
  return {};
}

Point Base::side_midpoint(Side s) const {
  switch (s) {
    case Side::kFront:
      return centre_ + f_;
    case Side::kLeft:
      return centre_ + l_;
    case Side::kBack:
      return centre_ - f_;
    case Side::kRight:
      return centre_ - l_;
  }
  return centre_;
}

Base Base::translated(Vec v) const {
  // The same base as Base(centre_ + v, width_, depth_, heading_), whose half vectors depend only
  // on the size and heading: they are kept, and only the bounds are checked again.
  Base moved = *this;
  moved.centre_ = centre_ + v;
  if (!in_bounds(moved.centre_) || !corners_in_bounds(moved.centre_, f_, l_))
    throw std::invalid_argument(base_problem(moved.centre_, width_, depth_, heading_));
  return moved;
}
Base Base::with_centre(Point c) const { return Base(c, width_, depth_, heading_); }
Base Base::with_heading(Angle h) const { return Base(centre_, width_, depth_, h); }
Base Base::rotated_about_centre(Angle turn) const {
  return Base(centre_, width_, depth_, heading_ + turn);
}
Base Base::rotated_about(Point pivot, Angle turn) const {
  return Base(rotate_about(centre_, pivot, turn), width_, depth_, heading_ + turn);
}
Base Base::moved_forward(std::int64_t distance) const {
  return Base(centre_ + polar(heading_, distance), width_, depth_, heading_);
}
Base Base::moved(Angle direction, std::int64_t distance) const {
  return Base(centre_ + polar(direction, distance), width_, depth_, heading_);
}
Base Base::wheeled(Corner pivot, Angle turn) const {
  const Point fixed = corner(pivot);
  const Angle h = heading_ + turn;
  // The pivot corner's offset from the centre at the new heading, rounded as every corner is.
  const Base at_origin(Point{0, 0}, width_, depth_, h);
  const Vec offset = at_origin.corner(pivot) - Point{0, 0};
  return Base(fixed - offset, width_, depth_, h);
}

std::ostream& operator<<(std::ostream& os, const Base& b) {
  return os << "Base{" << b.centre() << " " << b.width() << "x" << b.depth() << " heading "
            << b.heading() << "}";
}

namespace {

// Some edge of convex counter-clockwise polygon p has all of q's points strictly outside it
// (strict) or outside or on it (weak).
bool separated_by_edge_of(std::span<const Point> p, std::span<const Point> q, bool strict) {
  const std::size_t n = p.size();
  for (std::size_t i = 0; i < n; ++i) {
    const Vec e = p[next_index(i, n)] - p[i];
    bool all_out = true;
    for (const Point x : q) {
      const Int128 c = cross128(e, x - p[i]);
      if (strict ? c >= 0 : c > 0) {
        all_out = false;
        break;
      }
    }
    if (all_out) return true;
  }
  return false;
}

}  // namespace

bool contains(const Base& b, Point p) {
  const auto c = b.corners();
  for (std::size_t i = 0; i < 4; ++i)
    if (cross128(c[next_index(i, 4)] - c[i], p - c[i]) < 0) return false;
  return true;
}

bool strictly_contains(const Base& b, Point p) {
  const auto c = b.corners();
  for (std::size_t i = 0; i < 4; ++i)
    if (cross128(c[next_index(i, 4)] - c[i], p - c[i]) <= 0) return false;
  return true;
}

bool intersects(const Base& a, const Base& b) {
  const auto ca = a.corners();
  const auto cb = b.corners();
  return !separated_by_edge_of(ca, cb, true) && !separated_by_edge_of(cb, ca, true);
}

bool overlaps(const Base& a, const Base& b) {
  const auto ca = a.corners();
  const auto cb = b.corners();
  return !separated_by_edge_of(ca, cb, false) && !separated_by_edge_of(cb, ca, false);
}

bool touching(const Base& a, const Base& b) { return intersects(a, b) && !overlaps(a, b); }

SquaredDistance distance_sq(const Base& a, const Base& b) {
  if (intersects(a, b)) return SquaredDistance();
  const auto ca = a.corners();
  const auto cb = b.corners();
  SquaredDistance best = distance_sq(ca[0], Segment{cb[0], cb[1]});
  for (std::size_t i = 0; i < 4; ++i) {
    for (std::size_t j = 0; j < 4; ++j) {
      const SquaredDistance d1 = distance_sq(ca[i], Segment{cb[j], cb[next_index(j, 4)]});
      if (d1 < best) best = d1;
      const SquaredDistance d2 = distance_sq(cb[i], Segment{ca[j], ca[next_index(j, 4)]});
      if (d2 < best) best = d2;
    }
  }
  return best;
}

SquaredDistance distance_sq(Point p, const Base& b) {
  const auto c = b.corners();
  return distance_sq(p, std::span<const Point>(c));
}

SquaredDistance distance_sq(Segment s, const Base& b) {
  const auto c = b.corners();
  return distance_sq(s, std::span<const Point>(c));
}

// Exact in 128 bits for coordinates within kMaxCoord (differences below 2^31, squared lengths
// and crosses below 2^63) and r below 2^31: cross^2 and r^2 |d|^2 stay below 2^126. A larger r
// is asked of SquaredDistance.
bool within_distance(Point p, Segment s, std::int64_t r) {
  if (r < 0) return false;
  if (r >= (std::int64_t{1} << 31)) return distance_sq(p, s).within(r);
  const auto r2 = static_cast<UInt128>(r) * static_cast<UInt128>(r);
  const Vec d = s.direction();
  const Int128 t = dot128(p - s.a, d);
  if ((d.x == 0 && d.y == 0) || t <= 0) return squared_len128(p - s.a) <= r2;
  const UInt128 len2 = squared_len128(d);
  if (static_cast<UInt128>(t) >= len2) return squared_len128(p - s.b) <= r2;
  return square(cross128(d, p - s.a)) <= r2 * len2;
}

bool within_distance(Segment s, Segment t, std::int64_t r) {
  if (r < 0) return false;
  return within_distance(s.a, t, r) || within_distance(s.b, t, r) || within_distance(t.a, s, r) ||
         within_distance(t.b, s, r) || segments_intersect(s, t);
}

bool within_distance(Segment s, std::span<const Point> poly, std::int64_t r) {
  if (r < 0) return false;
  const std::size_t n = poly.size();
  if (n == 0) return true;  // distance_sq() of an empty polygon is 0
  for (std::size_t i = 0; i < n; ++i)
    if (within_distance(s, Segment{poly[i], poly[next_index(i, n)]}, r)) return true;
  // Otherwise no edge meets the segment: it meets the polygon only if it lies inside.
  return point_in_polygon(s.a, poly);
}

bool within_distance(Segment s, const Base& b, std::int64_t r) {
  const auto c = b.corners();
  return within_distance(s, std::span<const Point>(c), r);
}

bool within_distance(const Base& a, const Base& b, std::int64_t r) {
  if (r < 0) return false;
  const auto ca = a.corners();
  const auto cb = b.corners();
  for (std::size_t i = 0; i < 4; ++i)
    for (std::size_t j = 0; j < 4; ++j)
      if (within_distance(ca[i], Segment{cb[j], cb[next_index(j, 4)]}, r) ||
          within_distance(cb[i], Segment{ca[j], ca[next_index(j, 4)]}, r))
        return true;
  return intersects(a, b);
}

bool segment_intersects_base(Segment s, const Base& b) {
  const auto c = b.corners();
  return segment_intersects_polygon(s, c);
}

bool segment_crosses_base_interior(Segment s, const Base& b) {
  const auto c = b.corners();
  return segment_crosses_polygon_interior(s, c);
}

namespace {

// The interiors of convex polygon `hull` (with `inner`, a point strictly inside it) and of the
// polygon meet. If no boundary point of the polygon lies inside the hull, the hull's (connected)
// interior lies wholly inside or wholly outside the polygon, which `inner` tells.
bool convex_overlaps_polygon(std::span<const Point> hull, Point inner,
                             std::span<const Point> poly) {
  const std::size_t n = poly.size();
  if (n < 3) return false;
  Box hull_box = box_of(inner);
  for (const Point p : hull) hull_box.add(p);
  if (open_apart(hull_box, box_of(poly))) return false;
  if (polygon_orientation(poly) == 0) return false;
  for (std::size_t i = 0; i < n; ++i) {
    const Point a = poly[i], b = poly[next_index(i, n)];
    Box edge = box_of(a);
    edge.add(b);
    if (open_apart(edge, hull_box)) continue;  // the edge keeps out of the hull's interior
    if (segment_crosses_polygon_interior({a, b}, hull)) return true;
  }
  return point_strictly_in_polygon(inner, poly);
}

}  // namespace

bool base_within_polygon(const Base& b, std::span<const Point> poly) {
  // If no part of the outline lies inside the base, the base's (connected) interior is wholly
  // inside or wholly outside the polygon, which its centre tells.
  const auto c = b.corners();
  const std::size_t n = poly.size();
  for (std::size_t i = 0; i < n; ++i)
    if (segment_crosses_polygon_interior({poly[i], poly[next_index(i, n)]}, c)) return false;
  return point_strictly_in_polygon(b.centre(), poly);
}

bool base_overlaps_polygon(const Base& b, std::span<const Point> poly) {
  const auto c = b.corners();
  return convex_overlaps_polygon(c, b.centre(), poly);
}

namespace {

bool sweep_overlaps_convex(const std::array<Point, 4>& c, Vec move, std::span<const Point> poly);

// swept_area() into a fixed array (no allocation): the hull's points and their number.
struct SweptHull {
  std::array<Point, 16> points;
  std::size_t size = 0;
  std::span<const Point> span() const { return {points.data(), size}; }
};

SweptHull swept_hull(const Base& b, Vec move) {
  std::array<Point, 8> pts;
  std::size_t n = 0;
  for (const Point p : b.corners()) {
    pts[n++] = p;
    pts[n++] = p + move;
  }
  std::sort(pts.begin(), pts.end());
  n = static_cast<std::size_t>(std::unique(pts.begin(), pts.end()) - pts.begin());
  // Andrew's monotone chain; collinear points are dropped.
  SweptHull out;
  auto& hull = out.points;
  std::size_t k = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const Point p = pts[i];
    while (k >= 2 && orientation(hull[k - 2], hull[k - 1], p) <= 0) --k;
    hull[k++] = p;
  }
  const std::size_t lower = k + 1;
  for (std::size_t i = n - 1; i-- > 0;) {
    const Point p = pts[i];
    while (k >= lower && orientation(hull[k - 2], hull[k - 1], p) <= 0) --k;
    hull[k++] = p;
  }
  out.size = k - 1;
  return out;
}

}  // namespace

Polygon swept_area(const Base& b, Vec move) {
  const SweptHull h = swept_hull(b, move);
  return Polygon(h.points.begin(), h.points.begin() + static_cast<std::ptrdiff_t>(h.size));
}

bool move_overlaps_polygon(const Base& b, Vec move, std::span<const Point> poly) {
  if (poly.size() < 3) return false;
  // The swept area lies within the box of the corners at both ends of the move.
  const auto c = b.corners();
  Box swept = box_of(c[0]);
  for (const Point p : c) {
    swept.add(p);
    swept.add(p + move);
  }
  if (open_apart(swept, box_of(poly))) return false;
  const SweptHull hull = swept_hull(b, move);
  return convex_overlaps_polygon(hull.span(), b.centre(), poly);
}

bool move_overlaps_base(const Base& b, Vec move, const Base& obstacle) {
  // The same answer as move_overlaps_polygon(b, move, obstacle's corners) (the tests compare
  // them), found as overlaps() finds it: the sweep and the base are convex, so their interiors
  // meet unless an edge of one has the other wholly outside it or on its line.
  const auto c = obstacle.corners();
  const auto bc = b.corners();
  Box swept = box_of(bc[0]);
  for (const Point p : bc) {
    swept.add(p);
    swept.add(p + move);
  }
  if (open_apart(swept, box_of(std::span<const Point>(c)))) return false;
  // The obstacle's corners are counter-clockwise (Base::corners()): move_overlaps_convex()'s
  // separating edges, without building the sweep's hull
  // (Geometry.ConvexOverlapTestsAreThePolygonTests compares the two for bases).
  return sweep_overlaps_convex(bc, move, c);
}

std::optional<Polygon> convex_counter_clockwise(std::span<const Point> poly) {
  const std::size_t n = poly.size();
  const int orient = polygon_orientation(poly);
  if (n < 3 || orient == 0) return std::nullopt;
  Polygon out(poly.begin(), poly.end());
  if (orient < 0) std::reverse(out.begin(), out.end());
  for (std::size_t i = 0; i < n; ++i) {
    const Point a = out[i];
    const Vec e = out[next_index(i, n)] - a;
    for (const Point x : out)
      if (cross128(e, x - a) < 0) return std::nullopt;
  }
  return out;
}

namespace {

// The interiors of a convex counter-clockwise polygon and of the sweep of the base's corners `c`
// (counter-clockwise) by `move` (whose hull is convex) meet, unless an edge line of either has
// the other wholly on its outer side or on it. The sweep's edges run along the base's edges (at
// the start or the end of the move) and along the move, so those lines are tried, with the
// sweep's extent beyond a base edge's line grown by the move's part across it.
bool sweep_overlaps_convex(const std::array<Point, 4>& c, Vec move, std::span<const Point> poly) {
  const std::size_t n = poly.size();
  // The polygon's edges: every corner, at the start and the end, outside or on the line.
  for (std::size_t i = 0; i < n; ++i) {
    const Point a = poly[i];
    const Vec e = poly[next_index(i, n)] - a;
    const Int128 grow = std::max<Int128>(0, cross128(e, move));
    bool all_out = true;
    for (const Point x : c)
      if (cross128(e, x - a) + grow > 0) {
        all_out = false;
        break;
      }
    if (all_out) return false;
  }
  // The base's edges: the sweep lies on the inner side of the line, or of the line moved by the
  // move when that is further out (cross(e, X - a) >= min(0, cross(e, move))).
  for (std::size_t i = 0; i < 4; ++i) {
    const Point a = c[i];
    const Vec e = c[next_index(i, 4)] - a;
    const Int128 limit = std::min<Int128>(0, cross128(e, move));
    bool all_out = true;
    for (const Point x : poly)
      if (cross128(e, x - a) > limit) {
        all_out = false;
        break;
      }
    if (all_out) return false;
  }
  // The two edges along the move: the sweep's extent across the move is the base's.
  if (move.x != 0 || move.y != 0) {
    Int128 lo = cross128(move, c[0] - Point{0, 0}), hi = lo;
    for (const Point x : c) {
      const Int128 v = cross128(move, x - Point{0, 0});
      lo = std::min(lo, v);
      hi = std::max(hi, v);
    }
    Int128 plo = cross128(move, poly[0] - Point{0, 0}), phi = plo;
    for (const Point x : poly) {
      const Int128 v = cross128(move, x - Point{0, 0});
      plo = std::min(plo, v);
      phi = std::max(phi, v);
    }
    if (hi <= plo || phi <= lo) return false;
  }
  return true;
}

}  // namespace

bool base_overlaps_convex(const Base& b, std::span<const Point> ccw) {
  return sweep_overlaps_convex(b.corners(), Vec{0, 0}, ccw);
}

bool move_overlaps_convex(const Base& b, Vec move, std::span<const Point> ccw) {
  return sweep_overlaps_convex(b.corners(), move, ccw);
}

// ---------------------------------------------------------------------------------------------
// Front arc

namespace {

// The arc as three closed half-planes h(X) >= 0: ahead of the front side, right of the ray from
// the front-left corner at heading + 45, left of the ray from the front-right corner at
// heading - 45.
struct Arc {
  Point fl;
  Point fr;
  Vec front;     // fr -> fl
  BigVec left;   // heading + 45 degrees: (cos - sin, sin + cos) in Q62
  BigVec right;  // heading - 45 degrees: (cos + sin, sin - cos) in Q62

  explicit Arc(const Base& b)
      : fl(b.corner(Corner::kFrontLeft)), fr(b.corner(Corner::kFrontRight)), front(fl - fr) {
    const SinCos sc = sin_cos(b.heading());
    const Int128 c = sc.cos;
    const Int128 s = sc.sin;
    left = {c - s, s + c};
    right = {c + s, s - c};
  }

  Int128 h(int k, Point x) const {
    switch (k) {
      case 0:
        return -cross128(front, x - fr);
      case 1:
        return -cross_big(left, x - fl);
      default:
        return cross_big(right, x - fr);
    }
  }
  bool contains(Point x) const { return h(0, x) >= 0 && h(1, x) >= 0 && h(2, x) >= 0; }

  // The whole arc lies strictly on the negative side of the line through `start` along e
  // (cross(e, X - start) < 0): both corners there and neither ray turning back towards it.
  bool strictly_right_of(Point start, Vec e) const {
    return cross128(e, fl - start) < 0 && cross128(e, fr - start) < 0 && cross_vb(e, left) <= 0 &&
           cross_vb(e, right) <= 0;
  }
};

}  // namespace

bool in_front_arc(const Base& b, Point p) { return Arc(b).contains(p); }

bool segment_in_front_arc(const Base& b, Segment s) {
  const Arc arc(b);
  // Separating-axis test: the arc's three boundary lines and the segment's own line.
  for (int k = 0; k < 3; ++k)
    if (arc.h(k, s.a) < 0 && arc.h(k, s.b) < 0) return false;
  if (!s.is_point()) {
    const Vec d = s.direction();
    if (arc.strictly_right_of(s.a, d) || arc.strictly_right_of(s.b, -d)) return false;
  }
  return true;
}

bool segment_wholly_in_front_arc(const Base& b, Segment s) {
  const Arc arc(b);
  return arc.contains(s.a) && arc.contains(s.b);
}

bool base_in_front_arc(const Base& b, const Base& other) {
  const Arc arc(b);
  const auto c = other.corners();
  for (int k = 0; k < 3; ++k) {
    bool all_out = true;
    for (const Point p : c) all_out = all_out && arc.h(k, p) < 0;
    if (all_out) return false;
  }
  for (std::size_t i = 0; i < 4; ++i)
    if (arc.strictly_right_of(c[i], c[next_index(i, 4)] - c[i])) return false;
  return true;
}

bool base_wholly_in_front_arc(const Base& b, const Base& other) {
  const Arc arc(b);
  for (const Point p : other.corners())
    if (!arc.contains(p)) return false;
  return true;
}

bool wholly_beyond_side(const Base& b, Side side, const Base& other) {
  const Segment s = b.side(side);
  const Vec e = s.direction();
  for (const Point p : other.corners())
    if (cross128(e, p - s.a) > 0) return false;
  return true;
}

// ---------------------------------------------------------------------------------------------
// Contact

namespace {

// |c| / |e| <= slack, exactly: c^2 <= slack^2 * |e|^2.
bool within_slack(Int128 c, UInt128 len2, std::int64_t slack) {
  const auto s2 = static_cast<UInt128>(slack) * static_cast<UInt128>(slack);
  return SquaredDistance::compare(SquaredDistance(square(c), len2), SquaredDistance(s2, 1)) <= 0;
}

// How much of side `sa` the projection of side `sb` covers: the interval [lo, hi] of
// dot(X - sa.a, da), within [0, |da|^2].
struct Projection {
  Int128 lo = 0;
  Int128 hi = 0;
  UInt128 len2 = 0;
};
Projection project(Segment sa, Segment sb) {
  const Vec da = sa.direction();
  const Int128 t0 = dot128(sb.a - sa.a, da);
  const Int128 t1 = dot128(sb.b - sa.a, da);
  Projection p;
  p.len2 = squared_len128(da);
  p.lo = std::max<Int128>(0, std::min(t0, t1));
  p.hi = std::min<Int128>(static_cast<Int128>(p.len2), std::max(t0, t1));
  return p;
}

bool covers(const Projection& p, std::int64_t slack) {
  return within_slack(p.lo, p.len2, slack) &&
         within_slack(static_cast<Int128>(p.len2) - p.hi, p.len2, slack);
}

Point along(Segment s, Int128 t, UInt128 len2) {
  const Vec d = s.direction();
  const auto den = static_cast<Int128>(len2);
  return s.a + Vec{round_div(t * d.x, den), round_div(t * d.y, den)};
}

// Two sides that face each other (they run in opposite directions, as sides run counter-clockwise
// round their own bases) and overlap along a's side: the overlap, and the larger of the gaps
// between the sides at the two ends of the overlap (where the gap is largest). Each end is an
// end of b's side, measured from a's line, or an end of a's side, measured from b's line.
struct SideMatch {
  Projection on_a;
  SquaredDistance gap_sq;
};
std::optional<SideMatch> match_sides(Segment sa, Segment sb) {
  const Vec da = sa.direction();
  const Vec db = sb.direction();
  if (dot128(da, db) >= 0) return std::nullopt;
  SideMatch m;
  m.on_a = project(sa, sb);
  if (m.on_a.hi <= m.on_a.lo) return std::nullopt;
  const UInt128 len_a = m.on_a.len2;
  const UInt128 len_b = squared_len128(db);
  const Int128 t0 = dot128(sb.a - sa.a, da);
  const Int128 t1 = dot128(sb.b - sa.a, da);
  const Point b_low = t0 <= t1 ? sb.a : sb.b;
  const Point b_high = t0 <= t1 ? sb.b : sb.a;
  const SquaredDistance low = std::min(t0, t1) >= 0
                                  ? SquaredDistance(square(cross128(da, b_low - sa.a)), len_a)
                                  : SquaredDistance(square(cross128(db, sa.a - sb.a)), len_b);
  const SquaredDistance high = std::max(t0, t1) <= static_cast<Int128>(len_a)
                                   ? SquaredDistance(square(cross128(da, b_high - sa.a)), len_a)
                                   : SquaredDistance(square(cross128(db, sa.b - sb.a)), len_b);
  m.gap_sq = low < high ? high : low;
  return m;
}

}  // namespace

std::optional<Contact> edge_contact(const Base& a, const Base& b, std::int64_t slack) {
  // A quick refusal, exact: sides in contact have a point of one within slack of the other, or
  // (when b's side overhangs both ends of a's) both ends of a's side within slack of b's line,
  // so that the lines are within an angle t of each other with sin t <= 2 slack / |a's side| and
  // an end of a's side is within slack / cos t of b's side: less than 2 slack when every side of
  // a is at least 4 slack long. Bases whose boxes are further apart than that touch nowhere.
  if (slack >= 0 && std::min(a.width(), a.depth()) >= 4 * slack) {
    const auto box = [](const Base& x) {
      const Vec f = x.forward_half(), l = x.left_half();
      const std::int64_t ax = (f.x < 0 ? -f.x : f.x) + (l.x < 0 ? -l.x : l.x);
      const std::int64_t ay = (f.y < 0 ? -f.y : f.y) + (l.y < 0 ? -l.y : l.y);
      return Box{x.centre().x - ax, x.centre().x + ax, x.centre().y - ay, x.centre().y + ay};
    };
    const Box ba = box(a), bb = box(b);
    const std::int64_t r = 2 * slack;
    if (ba.max_x + r < bb.min_x || bb.max_x + r < ba.min_x || ba.max_y + r < bb.min_y ||
        bb.max_y + r < ba.min_y)
      return std::nullopt;
  }
  std::optional<Contact> best;
  for (const Side side_a : kAllSides) {
    const Segment sa = a.side(side_a);
    for (const Side side_b : kAllSides) {
      const Segment sb = b.side(side_b);
      const std::optional<SideMatch> m = match_sides(sa, sb);
      if (!m || !m->gap_sq.within(slack)) continue;
      Contact c;
      c.side_a = side_a;
      c.side_b = side_b;
      c.shared = {along(sa, m->on_a.lo, m->on_a.len2), along(sa, m->on_a.hi, m->on_a.len2)};
      c.shared_length_sq = SquaredDistance(square(m->on_a.hi - m->on_a.lo), m->on_a.len2);
      c.covers_side_a = covers(m->on_a, slack);
      c.covers_side_b = covers(project(sb, sa), slack);
      if (!best || c.shared_length_sq > best->shared_length_sq) best = c;
    }
  }
  return best;
}

Base place_in_contact(const Base& target, Side target_side, const Base& mover, Side mover_side,
                      std::int64_t offset) {
  const Angle normal = target.heading() + side_normal(target_side);
  const Angle heading = normal + Angle::degrees(180) - side_normal(mover_side);
  const Base at_origin(Point{0, 0}, mover.width(), mover.depth(), heading);
  const Vec to_mid = at_origin.side_midpoint(mover_side) - Point{0, 0};
  const Segment st = target.side(target_side);
  const Vec ds = st.direction();
  const Vec dm = at_origin.side(mover_side).direction();
  const Point target_mid = target.side_midpoint(target_side);

  // Exact: the sides are parallel, and the wanted spot on the target's line can be reached on
  // the integer lattice of that line (finely enough: steps of at most sqrt(8)).
  if (cross128(ds, dm) == 0 && dot128(ds, dm) < 0) {
    const std::int64_t g = std::gcd(ds.x < 0 ? -ds.x : ds.x, ds.y < 0 ? -ds.y : ds.y);
    const Vec step{ds.x / g, ds.y / g};
    if (offset == 0 || squared_length(step) <= 8) {
      const auto magnitude = static_cast<std::uint64_t>(offset < 0 ? -offset : offset);
      std::int64_t k = SquaredDistance(static_cast<UInt128>(magnitude) * magnitude,
                                       static_cast<UInt128>(squared_length(step)))
                           .round();
      if (offset < 0) k = -k;
      return at_origin.with_centre(target_mid + step * k - to_mid);
    }
  }
  // Otherwise: of the integer centres near the wanted one, the one that does not overlap the
  // target and leaves the smallest gap between the two sides, then the nearest to the wanted
  // spot, then the one furthest back along the target's side normal and then along its side
  // (measured in the target's own frame, so the choice turns and moves with the whole position;
  // an order of the table's axes would not).
  const Point wanted = target_mid + polar(normal + Angle::degrees(90), offset) - to_mid;
  constexpr std::int64_t kReach = 3;
  std::optional<Base> best;
  SquaredDistance best_gap;
  std::int64_t best_shift = 0;
  Int128 best_across = 0, best_along = 0;
  for (std::int64_t dy = -kReach; dy <= kReach; ++dy) {
    for (std::int64_t dx = -kReach; dx <= kReach; ++dx) {
      const Base candidate = at_origin.with_centre(wanted + Vec{dx, dy});
      if (overlaps(target, candidate)) continue;
      const std::optional<SideMatch> m = match_sides(st, candidate.side(mover_side));
      if (!m) continue;
      const std::int64_t shift = dx * dx + dy * dy;
      const Int128 across = dot128(Vec{dx, dy}, perp(ds)), on_side = dot128(Vec{dx, dy}, ds);
      const bool better =
          !best || m->gap_sq < best_gap ||
          (m->gap_sq == best_gap &&
           (shift < best_shift ||
            (shift == best_shift &&
             (across < best_across || (across == best_across && on_side < best_along)))));
      if (better) {
        best = candidate;
        best_gap = m->gap_sq;
        best_shift = shift;
        best_across = across;
        best_along = on_side;
      }
    }
  }
  if (best) return *best;
  // Not reached for sensible sizes; back off along the normal until clear.
  Base placed = at_origin.with_centre(wanted);
  for (std::int64_t k = 1; k <= 64 && overlaps(target, placed); ++k)
    placed = at_origin.with_centre(wanted + polar(normal, k));
  return placed;
}

}  // namespace carroccio::core::geo
