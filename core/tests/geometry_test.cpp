#include "core/geometry.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "core/rng.hpp"

namespace carroccio::core::geo {
namespace {

// 1/100 inch, as ohw uses.
constexpr std::int64_t kInch = 100;

Angle deg(std::int64_t d) { return Angle::degrees(d); }

// A 4" x 2" ohw unit.
Base unit_at(Point centre, Angle heading) { return Base(centre, 4 * kInch, 2 * kInch, heading); }

// ---------------------------------------------------------------------------------------------
// Angles and trigonometry

TEST(Geometry, AngleReducesIntoOneTurn) {
  EXPECT_EQ(deg(-45), deg(315));
  EXPECT_EQ(deg(360), deg(0));
  EXPECT_EQ(deg(720 + 30).units(), 30 * kAngleUnitsPerDegree);
  EXPECT_EQ(deg(315).signed_units(), -45 * kAngleUnitsPerDegree);
  EXPECT_EQ(deg(180).signed_units(), kHalfTurn);
  EXPECT_EQ(deg(200).abs_units(), 160 * kAngleUnitsPerDegree);
  EXPECT_EQ(deg(350) + deg(20), deg(10));
  EXPECT_EQ(deg(10) - deg(20), deg(350));
  EXPECT_EQ(-deg(90), deg(270));
  EXPECT_TRUE(deg(135).is_multiple_of_degrees(45));
  EXPECT_FALSE(deg(30).is_multiple_of_degrees(45));
}

TEST(Geometry, TrigExactAtMultiplesOf90) {
  EXPECT_EQ(sin_cos(deg(0)).sin, 0);
  EXPECT_EQ(sin_cos(deg(0)).cos, kTrigOne);
  EXPECT_EQ(sin_cos(deg(90)).sin, kTrigOne);
  EXPECT_EQ(sin_cos(deg(90)).cos, 0);
  EXPECT_EQ(sin_cos(deg(180)).sin, 0);
  EXPECT_EQ(sin_cos(deg(180)).cos, -kTrigOne);
  EXPECT_EQ(sin_cos(deg(270)).sin, -kTrigOne);
  EXPECT_EQ(sin_cos(deg(270)).cos, 0);
}

TEST(Geometry, TrigFortyFiveIsSymmetricAndThirtyIsAHalf) {
  const SinCos s45 = sin_cos(deg(45));
  EXPECT_EQ(s45.sin, s45.cos);
  EXPECT_EQ(static_cast<std::uint64_t>(s45.sin), isqrt(UInt128{1} << 123));
  // sin 30 = 1/2: the series lands on 2^61 exactly.
  EXPECT_EQ(sin_cos(deg(30)).sin, kTrigOne / 2);
  EXPECT_EQ(sin_cos(deg(60)).cos, kTrigOne / 2);
}

TEST(Geometry, TrigSymmetriesHoldBitForBit) {
  Rng rng(7);
  for (int i = 0; i < 2000; ++i) {
    const Angle a = Angle::from_units(rng.uniform_int(0, kFullTurn - 1));
    const SinCos s = sin_cos(a);
    const SinCos plus90 = sin_cos(a + deg(90));
    EXPECT_EQ(plus90.sin, s.cos);
    EXPECT_EQ(plus90.cos, -s.sin);
    const SinCos neg = sin_cos(-a);
    EXPECT_EQ(neg.sin, -s.sin);
    EXPECT_EQ(neg.cos, s.cos);
    const SinCos comp = sin_cos(deg(90) - a);
    EXPECT_EQ(comp.sin, s.cos);
    EXPECT_EQ(comp.cos, s.sin);
    // sin^2 + cos^2 == 1 to within a few units in the 62nd bit.
    const auto sq = [](std::int64_t v) {
      const auto m = static_cast<UInt128>(v < 0 ? -v : v);
      return m * m;
    };
    const UInt128 one = sq(kTrigOne);
    const UInt128 sum = sq(s.sin) + sq(s.cos);
    const UInt128 err = sum > one ? sum - one : one - sum;
    EXPECT_TRUE(err < static_cast<UInt128>(kTrigOne) * 64) << a;
  }
}

TEST(Geometry, TrigGoldenValuesAreTheSameEverywhere) {
  // Integer-only evaluation: these exact values must come out on every machine and compiler.
  EXPECT_EQ(sin_cos(deg(1)).sin, 80485018754732518LL);
  EXPECT_EQ(sin_cos(deg(1)).cos, 4610983636309578610LL);
  EXPECT_EQ(sin_cos(deg(17)).sin, 1348326502853625666LL);
  EXPECT_EQ(sin_cos(deg(17)).cos, 4410177272430345938LL);
  EXPECT_EQ(sin_cos(Angle::from_units(123457)).sin, 2598380375308747928LL);
  EXPECT_EQ(sin_cos(Angle::from_units(123457)).cos, 3809995716240245883LL);
  // And the corners they give.
  const Base b = unit_at({1000, 2000}, deg(30));
  const std::array<Point, 4> want = {Point{1187, 1877}, Point{987, 2223}, Point{813, 2123},
                                     Point{1013, 1777}};
  EXPECT_EQ(b.corners(), want);
}

TEST(Geometry, PolarAndRotateRoundHalfAwayFromZero) {
  EXPECT_EQ(polar(deg(0), 100), (Vec{100, 0}));
  EXPECT_EQ(polar(deg(90), 100), (Vec{0, 100}));
  EXPECT_EQ(polar(deg(180), 100), (Vec{-100, 0}));
  EXPECT_EQ(polar(deg(45), 100), (Vec{71, 71}));
  EXPECT_EQ(polar(deg(30), 200), (Vec{173, 100}));
  EXPECT_EQ(polar(deg(210), 200), (Vec{-173, -100}));
  // cos 60 * 1 = 0.5 rounds away from zero.
  EXPECT_EQ(polar(deg(60), 1), (Vec{1, 1}));
  EXPECT_EQ(polar(deg(240), 1), (Vec{-1, -1}));
  EXPECT_EQ(rotate(Vec{3, -7}, deg(90)), (Vec{7, 3}));
  EXPECT_EQ(rotate(Vec{3, -7}, deg(180)), (Vec{-3, 7}));
  EXPECT_EQ(rotate_about(Point{5, 5}, Point{4, 4}, deg(270)), (Point{5, 3}));
}

TEST(Geometry, DirectionOfIsExactOnTheEightWinds) {
  EXPECT_EQ(direction_of({5, 0}), deg(0));
  EXPECT_EQ(direction_of({3, 3}), deg(45));
  EXPECT_EQ(direction_of({0, 9}), deg(90));
  EXPECT_EQ(direction_of({-2, 2}), deg(135));
  EXPECT_EQ(direction_of({-1, 0}), deg(180));
  EXPECT_EQ(direction_of({-4, -4}), deg(225));
  EXPECT_EQ(direction_of({0, -1}), deg(270));
  EXPECT_EQ(direction_of({7, -7}), deg(315));
  EXPECT_THROW(direction_of({0, 0}), std::invalid_argument);
  // atan2(2, 1) = 63.434948... degrees = 228365.8 arc-seconds.
  EXPECT_EQ(direction_of({1, 2}).units(), 228366);
  Rng rng(11);
  for (int i = 0; i < 300; ++i) {
    const Angle a = Angle::from_units(rng.uniform_int(0, kFullTurn - 1));
    const Angle back = direction_of(polar(a, 100'000'000));
    EXPECT_LE((back - a).abs_units(), 3) << a;
  }
}

// ---------------------------------------------------------------------------------------------
// Exact distances

TEST(Geometry, SquaredDistanceComparesAndRoundsExactly) {
  EXPECT_EQ(isqrt(0), 0u);
  EXPECT_EQ(isqrt(15), 3u);
  EXPECT_EQ(isqrt(16), 4u);
  EXPECT_EQ(isqrt((UInt128{1} << 100) - 1), (std::uint64_t{1} << 50) - 1);
  const SquaredDistance d(25, 2);  // sqrt(12.5) = 3.5355
  EXPECT_EQ(d.floor(), 3);
  EXPECT_EQ(d.ceil(), 4);
  EXPECT_EQ(d.round(), 4);
  EXPECT_TRUE(d.within(4));
  EXPECT_FALSE(d.within(3));
  EXPECT_FALSE(d.as_integer().has_value());
  const SquaredDistance exact = SquaredDistance::of_integer(144);
  EXPECT_TRUE(exact.within(12));
  EXPECT_FALSE(exact.less_than(12));
  EXPECT_EQ(exact.floor(), 12);
  EXPECT_EQ(exact.ceil(), 12);
  EXPECT_EQ(exact.as_integer(), 144u);
  EXPECT_EQ(SquaredDistance::of_integer(12).round(), 3);  // 3.46
  EXPECT_EQ(SquaredDistance(49, 4).round(), 4);           // 3.5 rounds up
  EXPECT_EQ(SquaredDistance(6, 4), SquaredDistance(3, 2));
  EXPECT_FALSE(SquaredDistance::of_integer(0).within(-1));
  EXPECT_TRUE(SquaredDistance::of_integer(UINT64_MAX).within(5'000'000'000));
  EXPECT_GT(SquaredDistance(1'000'000'001, 1'000'000'000),
            SquaredDistance(1'000'000'002, 1'000'000'001));
  EXPECT_GT(SquaredDistance(7, 3), SquaredDistance(9, 4));
}

TEST(Geometry, PointSegmentDistance) {
  const Segment s{{0, 0}, {10, 0}};
  EXPECT_EQ(distance_sq(Point{5, 3}, s), SquaredDistance::of_integer(9));
  EXPECT_EQ(distance_sq(Point{-3, 4}, s), SquaredDistance::of_integer(25));  // past the end
  EXPECT_EQ(distance_sq(Point{13, 4}, s), SquaredDistance::of_integer(25));
  EXPECT_TRUE(distance_sq(Point{7, 0}, s).is_zero());
  // Zero-length segment: distance to the point.
  EXPECT_EQ(distance_sq(Point{3, 4}, Segment{{0, 0}, {0, 0}}), SquaredDistance::of_integer(25));
  // A slanted segment: distance from (0, 2) to the line x = y is sqrt(2), squared 2.
  EXPECT_EQ(distance_sq(Point{0, 2}, Segment{{-5, -5}, {5, 5}}), SquaredDistance::of_integer(2));
}

// ---------------------------------------------------------------------------------------------
// Segments and polygons

TEST(Geometry, SegmentIntersectionEdgeCases) {
  const Segment s{{0, 0}, {10, 0}};
  EXPECT_TRUE(segments_intersect(s, {{5, -5}, {5, 5}}));  // crossing
  EXPECT_TRUE(segments_cross(s, {{5, -5}, {5, 5}}));
  EXPECT_TRUE(segments_intersect(s, {{5, 0}, {5, 5}}));  // T: touching at an end
  EXPECT_FALSE(segments_cross(s, {{5, 0}, {5, 5}}));
  EXPECT_TRUE(segments_intersect(s, {{10, 0}, {12, 7}}));  // sharing an end point
  EXPECT_TRUE(segments_intersect(s, {{4, 0}, {20, 0}}));   // collinear overlap
  EXPECT_FALSE(segments_cross(s, {{4, 0}, {20, 0}}));
  EXPECT_TRUE(segments_intersect(s, {{10, 0}, {20, 0}}));   // collinear, touching at an end
  EXPECT_FALSE(segments_intersect(s, {{11, 0}, {20, 0}}));  // collinear, apart
  EXPECT_FALSE(segments_intersect(s, {{0, 1}, {10, 1}}));   // parallel
  EXPECT_FALSE(segments_intersect(s, {{5, 1}, {6, 8}}));    // would cross only if extended
  // Zero-length segments.
  EXPECT_TRUE(segments_intersect(s, {{3, 0}, {3, 0}}));
  EXPECT_FALSE(segments_intersect(s, {{3, 1}, {3, 1}}));
  EXPECT_FALSE(segments_intersect(s, {{11, 0}, {11, 0}}));
  EXPECT_TRUE(segments_intersect({{2, 2}, {2, 2}}, {{2, 2}, {2, 2}}));
  EXPECT_FALSE(segments_intersect({{2, 2}, {2, 2}}, {{2, 3}, {2, 3}}));
  EXPECT_FALSE(segments_cross({{3, 0}, {3, 0}}, s));
  EXPECT_TRUE(distance_sq(s, Segment{{4, 0}, {20, 0}}).is_zero());
  EXPECT_EQ(distance_sq(s, Segment{{13, 4}, {20, 4}}), SquaredDistance::of_integer(25));
}

// An L-shaped wood, counter-clockwise, with its reflex corner at (10, 10).
const Polygon kEll = {{0, 0}, {20, 0}, {20, 10}, {10, 10}, {10, 20}, {0, 20}};

TEST(Geometry, PointInPolygonBoundaryCountsAsInside) {
  EXPECT_TRUE(point_in_polygon({5, 5}, kEll));
  EXPECT_TRUE(point_in_polygon({15, 5}, kEll));
  EXPECT_FALSE(point_in_polygon({15, 15}, kEll));  // the missing quarter
  EXPECT_TRUE(point_in_polygon({0, 0}, kEll));     // a vertex
  EXPECT_TRUE(point_in_polygon({10, 15}, kEll));   // an edge
  EXPECT_TRUE(point_in_polygon({10, 10}, kEll));   // the reflex vertex
  EXPECT_FALSE(point_strictly_in_polygon({10, 15}, kEll));
  EXPECT_TRUE(point_on_polygon_boundary({10, 15}, kEll));
  EXPECT_TRUE(point_strictly_in_polygon({9, 9}, kEll));
  EXPECT_FALSE(point_in_polygon({21, 5}, kEll));
  EXPECT_FALSE(point_in_polygon({-1, 0}, kEll));
  // Winding order does not matter.
  Polygon cw(kEll.rbegin(), kEll.rend());
  for (const Point p : {Point{5, 5}, Point{15, 15}, Point{10, 15}, Point{21, 5}, Point{20, 10}}) {
    EXPECT_EQ(point_in_polygon(p, cw), point_in_polygon(p, kEll)) << p;
    EXPECT_EQ(point_strictly_in_polygon(p, cw), point_strictly_in_polygon(p, kEll)) << p;
  }
}

TEST(Geometry, ValidatePolygonRejectsBadOutlines) {
  EXPECT_TRUE(validate_polygon(kEll).ok());
  EXPECT_FALSE(validate_polygon(Polygon{{0, 0}, {1, 1}}).ok());
  EXPECT_FALSE(validate_polygon(Polygon{{0, 0}, {10, 10}, {10, 0}, {0, 10}}).ok());  // bow tie
  EXPECT_FALSE(validate_polygon(Polygon{{0, 0}, {10, 0}, {10, 0}, {0, 10}}).ok());   // repeat
  EXPECT_FALSE(validate_polygon(Polygon{{0, 0}, {5, 0}, {10, 0}}).ok());             // no area
  EXPECT_FALSE(validate_polygon(Polygon{{0, 0}, {10, 0}, {5, 0}, {5, 5}}).ok());     // spike
  EXPECT_FALSE(validate_polygon(Polygon{{0, 0}, {kMaxCoord + 1, 0}, {0, 5}}).ok());
  EXPECT_FALSE(validate_polygon(Polygon{{0, 0}, {10, 0}, {10, 10}, {0, 0}}).ok());  // closed
}

TEST(Geometry, LineOfSightThroughAndAlongAWood) {
  // Through: blocked both ways.
  EXPECT_TRUE(segment_crosses_polygon_interior({{-5, 5}, {25, 5}}, kEll));
  EXPECT_TRUE(segment_intersects_polygon({{-5, 5}, {25, 5}}, kEll));
  // Along the bottom edge: meets the wood but never enters it.
  EXPECT_TRUE(segment_intersects_polygon({{-5, 0}, {25, 0}}, kEll));
  EXPECT_FALSE(segment_crosses_polygon_interior({{-5, 0}, {25, 0}}, kEll));
  // Grazing the outer corner (20, 0) from outside.
  EXPECT_TRUE(segment_intersects_polygon({{15, -5}, {25, 5}}, kEll));
  EXPECT_FALSE(segment_crosses_polygon_interior({{15, -5}, {25, 5}}, kEll));
  // Through the reflex corner from the empty quarter: enters.
  EXPECT_TRUE(segment_crosses_polygon_interior({{20, 20}, {5, 5}}, kEll));
  EXPECT_TRUE(segment_crosses_polygon_interior({{25, 15}, {5, 5}}, kEll));
  // Ending exactly at the reflex corner, from the empty quarter: only the corner is shared.
  EXPECT_FALSE(segment_crosses_polygon_interior({{15, 15}, {10, 10}}, kEll));
  EXPECT_TRUE(segment_intersects_polygon({{15, 15}, {10, 10}}, kEll));
  EXPECT_FALSE(segment_crosses_polygon_interior({{20, 20}, {15, 15}}, kEll));
  // Through the outer corner (20, 10) at 45 degrees from outside, and into the arm.
  EXPECT_FALSE(segment_crosses_polygon_interior({{25, 15}, {20, 10}}, kEll));
  EXPECT_TRUE(segment_crosses_polygon_interior({{25, 15}, {15, 5}}, kEll));
  // Along the inner edges of the notch: boundary only.
  EXPECT_FALSE(segment_crosses_polygon_interior({{10, 20}, {10, 10}}, kEll));
  EXPECT_FALSE(segment_crosses_polygon_interior({{10, 25}, {10, 10}}, kEll));
  EXPECT_FALSE(segment_crosses_polygon_interior({{10, 10}, {25, 10}}, kEll));
  // Starting on an edge: going out does not enter, going in does.
  EXPECT_FALSE(segment_crosses_polygon_interior({{5, 0}, {5, -10}}, kEll));
  EXPECT_TRUE(segment_crosses_polygon_interior({{5, 0}, {5, 1}}, kEll));
  // Corner to corner across the inside (both ends on the boundary).
  EXPECT_TRUE(segment_crosses_polygon_interior({{0, 0}, {20, 10}}, kEll));
  // Zero-length segments.
  EXPECT_TRUE(segment_crosses_polygon_interior({{5, 5}, {5, 5}}, kEll));
  EXPECT_FALSE(segment_crosses_polygon_interior({{10, 15}, {10, 15}}, kEll));
  EXPECT_TRUE(segment_intersects_polygon({{10, 15}, {10, 15}}, kEll));
  EXPECT_FALSE(segment_intersects_polygon({{15, 15}, {15, 15}}, kEll));
  // Distances.
  EXPECT_EQ(distance_sq(Point{15, 15}, kEll), SquaredDistance::of_integer(25));
  EXPECT_EQ(distance_sq(Segment{{30, 0}, {30, 30}}, kEll), SquaredDistance::of_integer(100));
  EXPECT_TRUE(distance_sq(Segment{{-5, 5}, {25, 5}}, kEll).is_zero());
}

TEST(Geometry, LengthInsidePolygon) {
  const Polygon square = {{0, 0}, {1000, 0}, {1000, 1000}, {0, 1000}};
  EXPECT_EQ(length_inside_polygon({{-500, 500}, {1500, 500}}, square), 1000);
  EXPECT_EQ(length_inside_polygon({{0, 0}, {1000, 1000}}, square), 1414);   // 1414.2
  EXPECT_EQ(length_inside_polygon({{-500, 0}, {1500, 0}}, square), 0);      // along an edge
  EXPECT_EQ(length_inside_polygon({{200, 300}, {700, 300}}, square), 500);  // wholly inside
  EXPECT_EQ(length_inside_polygon({{500, 500}, {3000, 500}}, square), 500);
  // Across the L: inside 0..10 and again never (y = 15 passes only the left arm).
  EXPECT_EQ(length_inside_polygon({{-5, 15}, {25, 15}}, kEll), 10);
  // Vertical at x = 15 from below: only the bottom arm, 10 long.
  EXPECT_EQ(length_inside_polygon({{15, -5}, {15, 25}}, kEll), 10);
  // The ohw reading: at most 3 inches of wood on a line of sight.
  const Polygon wood = {{0, 0}, {6 * kInch, 0}, {6 * kInch, 6 * kInch}, {0, 6 * kInch}};
  const Segment los{{-kInch, 5 * kInch}, {8 * kInch, 8 * kInch}};  // clips the top-left corner
  // Inside from (0, 533.3) to (200, 600): 210.8 long, to the nearest 211.
  EXPECT_EQ(length_inside_polygon(los, wood), 211);
  EXPECT_LE(length_inside_polygon(los, wood), 3 * kInch);
}

TEST(Geometry, PropertyPolygonInteriorAgreesWithSampling) {
  // Segments between points of a coarse lattice pass through vertices and run along edges often.
  // Sampled integer points along them must agree: a sample strictly inside means the segment
  // crosses the interior; no crossing means no sample inside; and the inside length matches the
  // share of samples inside to within the sampling step.
  const Polygon notch = {{0, 0}, {320, 0}, {320, 320}, {160, 160}, {0, 320}};
  ASSERT_TRUE(validate_polygon(notch).ok());
  Rng rng(31);
  constexpr int kSamples = 64;
  // Sample k of segment s is a + (b - a) * k / kSamples: an integer point of the table scaled up
  // by kSamples, tested against the polygon scaled the same way.
  Polygon scaled;
  for (const Point v : notch) scaled.push_back({v.x * kSamples, v.y * kSamples});
  int crossing = 0;
  for (int i = 0; i < 3000; ++i) {
    const auto lattice = [&] { return 40 * rng.uniform_int(-1, 9); };
    const Segment s{{lattice(), lattice()}, {lattice(), lattice()}};
    int inside = 0;
    for (int k = 0; k <= kSamples; ++k) {
      const Point p{s.a.x * kSamples + (s.b.x - s.a.x) * k, s.a.y * kSamples + (s.b.y - s.a.y) * k};
      if (point_strictly_in_polygon(p, scaled)) ++inside;
    }
    const bool crosses = segment_crosses_polygon_interior(s, notch);
    if (inside > 0) {
      EXPECT_TRUE(crosses) << s;
    }
    if (!crosses) {
      EXPECT_EQ(inside, 0) << s;
    }
    crossing += crosses ? 1 : 0;
    if (!s.is_point()) {
      const std::int64_t length = length_inside_polygon(s, notch);
      const std::int64_t full = distance_sq(s.a, s.b).round();
      // inside samples cover inside * full / kSamples, up to two sample steps either way.
      EXPECT_LE(length * kSamples, (inside + 2) * full + kSamples) << s;
      EXPECT_GE(length * kSamples + kSamples, (inside - 2) * full) << s;
    }
  }
  EXPECT_GT(crossing, 500);
  EXPECT_LT(crossing, 2500);
}

// ---------------------------------------------------------------------------------------------
// Bases

TEST(Geometry, BaseCornersAndSidesAtRightAngles) {
  const Base b = unit_at({1000, 1000}, deg(90));  // facing +y
  EXPECT_EQ(b.corner(Corner::kFrontLeft), (Point{800, 1100}));
  EXPECT_EQ(b.corner(Corner::kFrontRight), (Point{1200, 1100}));
  EXPECT_EQ(b.corner(Corner::kBackLeft), (Point{800, 900}));
  EXPECT_EQ(b.corner(Corner::kBackRight), (Point{1200, 900}));
  EXPECT_EQ(b.side(Side::kFront), (Segment{{1200, 1100}, {800, 1100}}));
  EXPECT_EQ(b.side(Side::kLeft), (Segment{{800, 1100}, {800, 900}}));
  EXPECT_EQ(b.side_midpoint(Side::kFront), (Point{1000, 1100}));
  EXPECT_EQ(b.side_midpoint(Side::kRight), (Point{1200, 1000}));
  EXPECT_EQ(aspect(Side::kLeft), Aspect::kFlank);
  EXPECT_EQ(aspect(Side::kBack), Aspect::kRear);
  EXPECT_EQ(to_string(Side::kBack), "back");
  EXPECT_EQ(to_string(Corner::kFrontLeft), "front-left");
}

TEST(Geometry, BaseRejectsBadSizes) {
  EXPECT_FALSE(Base::create({0, 0}, 401, 200, deg(0)).ok());
  EXPECT_FALSE(Base::create({0, 0}, 400, 0, deg(0)).ok());
  EXPECT_FALSE(Base::create({kMaxCoord, 0}, 400, 200, deg(0)).ok());
  EXPECT_TRUE(Base::create({0, 0}, 400, 200, deg(17)).ok());
  EXPECT_THROW(Base({0, 0}, -2, 200, deg(0)), std::invalid_argument);
}

TEST(Geometry, FortyFiveDegreeBaseIsAnExactRectangle) {
  const Base b = unit_at({0, 0}, deg(45));
  const Vec f = b.forward_half();
  const Vec l = b.left_half();
  EXPECT_EQ(f.x, f.y);
  EXPECT_EQ(l.x, -l.y);
  EXPECT_EQ(dot(f, l), 0);
}

TEST(Geometry, RotationAboutCentreByRightAnglesTurnsCornersExactly) {
  const Base b = unit_at({123, -456}, Angle::from_units(98765));
  const Base r = b.rotated_about_centre(deg(90));
  for (const Corner c :
       {Corner::kFrontLeft, Corner::kFrontRight, Corner::kBackLeft, Corner::kBackRight})
    EXPECT_EQ(r.corner(c), rotate_about(b.corner(c), b.centre(), deg(90)));
  // 180 degrees: the same rectangle, corners swapped through the centre.
  const Base about = b.rotated_about_centre(deg(180));
  EXPECT_EQ(about.corner(Corner::kFrontLeft), b.corner(Corner::kBackRight));
  EXPECT_EQ(about.corner(Corner::kBackLeft), b.corner(Corner::kFrontRight));
}

TEST(Geometry, MovesAlongTheHeading) {
  EXPECT_EQ(unit_at({0, 0}, deg(90)).moved_forward(6 * kInch).centre(), (Point{0, 600}));
  EXPECT_EQ(unit_at({0, 0}, deg(180)).moved_forward(-50).centre(), (Point{50, 0}));
  EXPECT_EQ(unit_at({0, 0}, deg(30)).moved_forward(200).centre(), (Point{173, 100}));
  EXPECT_EQ(unit_at({0, 0}, deg(30)).moved(deg(120), 200).heading(), deg(30));
  EXPECT_EQ(unit_at({0, 0}, deg(0)).translated({5, -5}).centre(), (Point{5, -5}));
  const Base turned = unit_at({10, 10}, deg(0)).rotated_about({0, 0}, deg(90));
  EXPECT_EQ(turned.centre(), (Point{-10, 10}));
  EXPECT_EQ(turned.heading(), deg(90));
}

TEST(Geometry, WheelKeepsThePivotCornerFixed) {
  Rng rng(3);
  for (int i = 0; i < 200; ++i) {
    const Base b = unit_at({rng.uniform_int(-10000, 10000), rng.uniform_int(-10000, 10000)},
                           Angle::from_units(rng.uniform_int(0, kFullTurn - 1)));
    const Angle turn = Angle::from_units(rng.uniform_int(-kQuarterTurn, kQuarterTurn));
    const Corner pivot = rng.uniform(2) == 0 ? Corner::kFrontLeft : Corner::kFrontRight;
    const Base w = b.wheeled(pivot, turn);
    EXPECT_EQ(w.corner(pivot), b.corner(pivot));
    EXPECT_EQ(w.heading(), b.heading() + turn);
  }
  // A quarter wheel to the right about the front-right corner of a unit facing +y.
  const Base w = unit_at({0, 0}, deg(90)).wheeled(Corner::kFrontRight, deg(-90));
  EXPECT_EQ(w.heading(), deg(0));
  EXPECT_EQ(w.corner(Corner::kFrontRight), (Point{200, 100}));
  EXPECT_EQ(w.corner(Corner::kFrontLeft), (Point{200, 500}));
}

TEST(Geometry, OverlapVersusTouch) {
  const Base a = unit_at({0, 0}, deg(90));
  const Base side_by_side = unit_at({400, 0}, deg(90));  // shares a's right side
  EXPECT_TRUE(intersects(a, side_by_side));
  EXPECT_FALSE(overlaps(a, side_by_side));
  EXPECT_TRUE(touching(a, side_by_side));
  EXPECT_TRUE(distance_sq(a, side_by_side).is_zero());
  const Base one_in = unit_at({399, 0}, deg(90));
  EXPECT_TRUE(overlaps(a, one_in));
  EXPECT_FALSE(touching(a, one_in));
  const Base one_out = unit_at({401, 0}, deg(90));
  EXPECT_FALSE(intersects(a, one_out));
  EXPECT_EQ(distance_sq(a, one_out), SquaredDistance::of_integer(1));
  // Corner to corner: touching, not overlapping, and no edge contact.
  const Base diagonal = unit_at({400, 200}, deg(90));
  EXPECT_TRUE(touching(a, diagonal));
  EXPECT_FALSE(edge_contact(a, diagonal).has_value());
  // Same place: overlap; one inside the other: overlap.
  EXPECT_TRUE(overlaps(a, a));
  EXPECT_TRUE(overlaps(a, Base({0, 0}, 100, 50, deg(33))));
  // A 45-degree base whose corner just touches a's front side.
  const Base diamond({0, 100 + 71 + 71}, 200, 200, deg(45));
  EXPECT_EQ(diamond.corner(Corner::kBackRight), (Point{0, 100}));
  EXPECT_TRUE(touching(a, diamond));
  EXPECT_TRUE(overlaps(a, diamond.translated({0, -1})));
  EXPECT_FALSE(overlaps(a, diamond.translated({0, 1})));
  EXPECT_FALSE(touching(a, diamond.translated({0, 1})));
}

TEST(Geometry, DistanceBetweenBases) {
  const Base a = unit_at({0, 0}, deg(90));
  // Separated diagonally: nearest points are the corners (200, 100) and (500, 500).
  const Base far = unit_at({700, 600}, deg(90));
  EXPECT_EQ(distance_sq(a, far), SquaredDistance::of_integer(300 * 300 + 400 * 400));
  EXPECT_EQ(distance_sq(a, far).floor(), 500);
  // Face to face, 12" apart.
  const Base ahead = unit_at({0, 1200 + 200}, deg(270));
  EXPECT_EQ(distance_sq(a, ahead), SquaredDistance::of_integer(1200 * 1200));
  EXPECT_TRUE(distance_sq(a, ahead).within(12 * kInch));
  EXPECT_FALSE(distance_sq(a, ahead).less_than(12 * kInch));
  // Rotated by 45 degrees: its lowest corner is at (0, 300), 200 above a's front.
  const Base diamond({0, 300 + 71 + 71}, 200, 200, deg(45));
  EXPECT_EQ(diamond.corner(Corner::kBackRight), (Point{0, 300}));
  EXPECT_EQ(distance_sq(a, diamond), SquaredDistance::of_integer(200 * 200));
  // Rotated by 30 degrees: the distance is the same from either side, and not an integer square.
  const Base tilted = unit_at({900, 300}, deg(30));
  EXPECT_EQ(distance_sq(a, tilted), distance_sq(tilted, a));
  EXPECT_GT(distance_sq(a, tilted), SquaredDistance::of_integer(0));
  EXPECT_EQ(distance_sq(Point{0, 150}, a), SquaredDistance::of_integer(50 * 50));
  EXPECT_TRUE(distance_sq(Point{0, 0}, a).is_zero());
  EXPECT_TRUE(distance_sq(Segment{{-500, 0}, {500, 0}}, a).is_zero());
  EXPECT_EQ(distance_sq(Segment{{-500, 300}, {500, 300}}, a), SquaredDistance::of_integer(40000));
}

TEST(Geometry, SegmentAgainstBase) {
  const Base a = unit_at({0, 0}, deg(90));  // x in [-200, 200], y in [-100, 100]
  EXPECT_TRUE(segment_crosses_base_interior({{-300, 0}, {300, 0}}, a));
  EXPECT_TRUE(segment_intersects_base({{-300, 100}, {300, 100}}, a));  // along the front
  EXPECT_FALSE(segment_crosses_base_interior({{-300, 100}, {300, 100}}, a));
  EXPECT_FALSE(segment_crosses_base_interior({{100, 200}, {300, 0}}, a));  // grazes a corner
  EXPECT_TRUE(segment_intersects_base({{100, 200}, {300, 0}}, a));
  EXPECT_FALSE(segment_intersects_base({{100, 201}, {301, 0}}, a));
  EXPECT_TRUE(contains(a, {200, 100}));
  EXPECT_FALSE(strictly_contains(a, {200, 100}));
  EXPECT_TRUE(strictly_contains(a, {199, 99}));
}

// ---------------------------------------------------------------------------------------------
// Front arc

TEST(Geometry, FrontArcBoundaryCounts) {
  const Base a = unit_at({0, 0}, deg(90));    // front from (-200, 100) to (200, 100)
  EXPECT_TRUE(in_front_arc(a, {0, 100}));     // on the front side
  EXPECT_TRUE(in_front_arc(a, {-200, 100}));  // the front-left corner
  EXPECT_TRUE(in_front_arc(a, {0, 5000}));
  EXPECT_TRUE(in_front_arc(a, {-700, 600}));   // on the left ray
  EXPECT_FALSE(in_front_arc(a, {-701, 600}));  // just outside it
  EXPECT_TRUE(in_front_arc(a, {700, 600}));    // on the right ray
  EXPECT_FALSE(in_front_arc(a, {701, 600}));
  EXPECT_FALSE(in_front_arc(a, {0, 99}));  // behind the front edge
  EXPECT_FALSE(in_front_arc(a, {0, 0}));
  EXPECT_FALSE(in_front_arc(a, {-250, 99}));  // behind the front line, beside the base
}

TEST(Geometry, FrontArcAtZeroFortyFiveAndThirtyDegrees) {
  // Heading 0: front from (100, -200) to (100, 200).
  const Base e = unit_at({0, 0}, deg(0));
  EXPECT_TRUE(in_front_arc(e, {600, 700}));
  EXPECT_FALSE(in_front_arc(e, {600, 701}));
  EXPECT_TRUE(in_front_arc(e, {600, -700}));
  EXPECT_FALSE(in_front_arc(e, {-100, 0}));
  // Heading 45: the rays run exactly along +y (left) and +x (right).
  const Base d = unit_at({0, 0}, deg(45));
  const Point fl = d.corner(Corner::kFrontLeft);
  const Point fr = d.corner(Corner::kFrontRight);
  EXPECT_TRUE(in_front_arc(d, fl + Vec{0, 1000}));
  EXPECT_FALSE(in_front_arc(d, fl + Vec{-1, 1000}));
  EXPECT_TRUE(in_front_arc(d, fr + Vec{1000, 0}));
  EXPECT_FALSE(in_front_arc(d, fr + Vec{1000, -1}));
  EXPECT_TRUE(in_front_arc(d, {1000, 1000}));
  // Heading 30: the left ray runs at 75 degrees, the right one at -15 degrees.
  const Base t = unit_at({0, 0}, deg(30));
  const Point tl = t.corner(Corner::kFrontLeft);
  const Point tr = t.corner(Corner::kFrontRight);
  EXPECT_TRUE(in_front_arc(t, tl + polar(deg(74), 10000)));
  EXPECT_FALSE(in_front_arc(t, tl + polar(deg(76), 10000)));
  EXPECT_TRUE(in_front_arc(t, tr + polar(deg(-14), 10000)));
  EXPECT_FALSE(in_front_arc(t, tr + polar(deg(-16), 10000)));
  EXPECT_TRUE(in_front_arc(t, t.side_midpoint(Side::kFront)));
  EXPECT_FALSE(in_front_arc(t, t.centre()));
}

TEST(Geometry, SegmentsAndBasesInTheFrontArc) {
  const Base a = unit_at({0, 0}, deg(90));
  // Both ends outside (left and right of the arc) but crossing it.
  const Segment across{{-2000, 600}, {2000, 600}};
  EXPECT_FALSE(in_front_arc(a, across.a));
  EXPECT_FALSE(in_front_arc(a, across.b));
  EXPECT_TRUE(segment_in_front_arc(a, across));
  EXPECT_FALSE(segment_wholly_in_front_arc(a, across));
  // Behind the base: never.
  EXPECT_FALSE(segment_in_front_arc(a, {{-2000, -600}, {2000, -600}}));
  // Parallel to the left ray, just outside it.
  EXPECT_FALSE(segment_in_front_arc(a, {{-701, 600}, {-1701, 1600}}));
  EXPECT_TRUE(segment_in_front_arc(a, {{-700, 600}, {-1700, 1600}}));
  EXPECT_TRUE(segment_wholly_in_front_arc(a, {{-100, 200}, {100, 900}}));
  // A zero-length segment is a point.
  EXPECT_TRUE(segment_in_front_arc(a, {{0, 300}, {0, 300}}));
  EXPECT_FALSE(segment_in_front_arc(a, {{0, -300}, {0, -300}}));
  // Bases: wholly in, partly in, touching the ray with a corner, out.
  EXPECT_TRUE(base_wholly_in_front_arc(a, unit_at({0, 1000}, deg(270))));
  const Base partly = unit_at({-800, 600}, deg(0));
  EXPECT_TRUE(base_in_front_arc(a, partly));
  EXPECT_FALSE(base_wholly_in_front_arc(a, partly));
  // Only its front-left corner (-700, 600) lies on the left ray (x + y = -100).
  const Base corner_on_ray = unit_at({-800, 400}, deg(0));
  EXPECT_EQ(corner_on_ray.corner(Corner::kFrontLeft), (Point{-700, 600}));
  EXPECT_TRUE(base_in_front_arc(a, corner_on_ray));
  EXPECT_FALSE(base_wholly_in_front_arc(a, corner_on_ray));
  EXPECT_FALSE(base_in_front_arc(a, corner_on_ray.translated({-1, 0})));
  EXPECT_FALSE(base_in_front_arc(a, unit_at({0, -1000}, deg(90))));
  // A base diagonal beyond the arc's corner region, rotated: out.
  EXPECT_FALSE(base_in_front_arc(a, unit_at({-1500, 300}, deg(45))));
}

TEST(Geometry, WhollyBeyondSide) {
  const Base target = unit_at({0, 0}, deg(90));
  // Left side on x = -200; a unit facing +x spans 200 in x.
  EXPECT_TRUE(wholly_beyond_side(target, Side::kLeft, unit_at({-300, 300}, deg(0))));
  EXPECT_FALSE(wholly_beyond_side(target, Side::kLeft, unit_at({-299, 300}, deg(0))));
  EXPECT_TRUE(wholly_beyond_side(target, Side::kFront, unit_at({50, 200}, deg(270))));
}

// ---------------------------------------------------------------------------------------------
// Contact

TEST(Geometry, EdgeContactFrontToFront) {
  const Base a = unit_at({0, 0}, deg(90));
  const Base b = unit_at({0, 200}, deg(270));
  const auto c = edge_contact(a, b);
  ASSERT_TRUE(c.has_value());
  EXPECT_EQ(c->side_a, Side::kFront);
  EXPECT_EQ(c->side_b, Side::kFront);
  EXPECT_EQ(c->shared, (Segment{{200, 100}, {-200, 100}}));
  EXPECT_EQ(c->shared_length_sq, SquaredDistance::of_integer(400 * 400));
  EXPECT_TRUE(c->covers_side_a);
  EXPECT_TRUE(c->covers_side_b);
  EXPECT_FALSE(overlaps(a, b));
  // A gap of one sub-unit: no exact contact, but contact within a slack of 1.
  EXPECT_FALSE(edge_contact(a, b.translated({0, 1})).has_value());
  EXPECT_TRUE(edge_contact(a, b.translated({0, 1}), 1).has_value());
  // Same heading, one in front of the other: front of a against back of b.
  const auto behind = edge_contact(a, unit_at({100, 200}, deg(90)));
  ASSERT_TRUE(behind.has_value());
  EXPECT_EQ(behind->side_b, Side::kBack);
  EXPECT_EQ(behind->shared, (Segment{{200, 100}, {-100, 100}}));
  EXPECT_EQ(behind->shared_length_sq, SquaredDistance::of_integer(300 * 300));
  EXPECT_FALSE(behind->covers_side_a);
  EXPECT_FALSE(behind->covers_side_b);
}

TEST(Geometry, EdgeContactFrontToFlank) {
  const Base target = unit_at({0, 0}, deg(90));  // left side x = -200, y in [-100, 100]
  // Attacker facing +x, its front on x = -200.
  const Base attacker = unit_at({-300, 0}, deg(0));
  const auto c = edge_contact(attacker, target);
  ASSERT_TRUE(c.has_value());
  EXPECT_EQ(c->side_a, Side::kFront);
  EXPECT_EQ(c->side_b, Side::kLeft);
  EXPECT_EQ(aspect(c->side_b), Aspect::kFlank);
  EXPECT_EQ(c->shared_length_sq, SquaredDistance::of_integer(200 * 200));  // the whole flank
  EXPECT_FALSE(c->covers_side_a);
  EXPECT_TRUE(c->covers_side_b);
  const auto back = edge_contact(target, attacker);
  ASSERT_TRUE(back.has_value());
  EXPECT_EQ(back->side_a, Side::kLeft);
  EXPECT_EQ(back->side_b, Side::kFront);
}

TEST(Geometry, PlaceInContactAxisAlignedAndFortyFive) {
  for (const int heading : {0, 45, 90, 135, 180, 225, 270, 315}) {
    const Base target = unit_at({1000, 1000}, deg(heading));
    for (const Side ts : kAllSides) {
      for (const Side ms : kAllSides) {
        for (const std::int64_t offset : {0, 37, -150}) {
          const Base mover = unit_at({0, 0}, deg(0));
          const Base placed = place_in_contact(target, ts, mover, ms, offset);
          EXPECT_FALSE(overlaps(target, placed));
          const auto c = edge_contact(target, placed);
          ASSERT_TRUE(c.has_value()) << heading << " " << to_string(ts) << " " << to_string(ms);
          EXPECT_EQ(c->side_a, ts);
          EXPECT_EQ(c->side_b, ms);
          // The middle of the mover's side is `offset` along the target's side (to a lattice
          // step of at most sqrt(2)).
          const Point want = target.side_midpoint(ts) +
                             polar(target.heading() + side_normal(ts) + deg(90), offset);
          EXPECT_LE(distance_sq(placed.side_midpoint(ms), want).ceil(), 2);
        }
      }
    }
  }
  // Centred front-to-front: every corner meets.
  const Base target = unit_at({0, 0}, deg(90));
  const Base placed = place_in_contact(target, Side::kFront, unit_at({0, 0}, deg(0)));
  EXPECT_EQ(placed.heading(), deg(270));
  EXPECT_EQ(placed.centre(), (Point{0, 200}));
}

TEST(Geometry, PlaceInContactEqualFrontsAtAnyHeadingIsExact) {
  Rng rng(5);
  for (int i = 0; i < 300; ++i) {
    const Base target = unit_at({rng.uniform_int(-5000, 5000), rng.uniform_int(-5000, 5000)},
                                Angle::from_units(rng.uniform_int(0, kFullTurn - 1)));
    const Side side = rng.uniform(2) == 0 ? Side::kFront : Side::kBack;
    const Base placed = place_in_contact(target, side, unit_at({0, 0}, deg(0)));
    const auto c = edge_contact(target, placed);
    ASSERT_TRUE(c.has_value()) << target;
    EXPECT_TRUE(c->covers_side_a);
    EXPECT_TRUE(c->covers_side_b);
    EXPECT_FALSE(overlaps(target, placed));
    EXPECT_TRUE(touching(target, placed));
  }
}

TEST(Geometry, PlaceInContactAnyHeadingWithinSlack) {
  // Flank and partial contacts at arbitrary headings cannot always be exact on integer corners:
  // they are within kPlacementSlack and never overlap.
  Rng rng(9);
  int exact = 0;
  for (int i = 0; i < 2000; ++i) {
    const Base target(Point{rng.uniform_int(-5000, 5000), rng.uniform_int(-5000, 5000)},
                      2 * rng.uniform_int(50, 300), 2 * rng.uniform_int(25, 150),
                      Angle::from_units(rng.uniform_int(0, kFullTurn - 1)));
    const Base mover({0, 0}, 2 * rng.uniform_int(50, 300), 2 * rng.uniform_int(25, 150), deg(0));
    const Side ts = kAllSides[rng.uniform(4)];
    const Side ms = kAllSides[rng.uniform(4)];
    const std::int64_t offset = rng.uniform_int(-40, 40);
    const Base placed = place_in_contact(target, ts, mover, ms, offset);
    EXPECT_FALSE(overlaps(target, placed)) << target << " " << placed;
    EXPECT_EQ(placed.heading(), target.heading() + side_normal(ts) + deg(180) - side_normal(ms));
    const auto c = edge_contact(target, placed, kPlacementSlack);
    ASSERT_TRUE(c.has_value()) << target << " " << placed;
    EXPECT_EQ(c->side_a, ts);
    EXPECT_EQ(c->side_b, ms);
    EXPECT_TRUE(distance_sq(target, placed).within(kPlacementSlack));
    if (edge_contact(target, placed).has_value()) ++exact;
  }
  EXPECT_GT(exact, 0);
}

// ---------------------------------------------------------------------------------------------
// Movement against terrain and other bases

TEST(Geometry, MoveBlockedByWoodAndBases) {
  const Polygon wood = {{-500, 1000}, {500, 1000}, {500, 1500}, {-500, 1500}};
  ASSERT_TRUE(validate_polygon(wood).ok());
  const Base a = unit_at({0, 0}, deg(90));
  EXPECT_TRUE(move_overlaps_polygon(a, {0, 2000}, wood));  // straight through
  EXPECT_FALSE(move_overlaps_polygon(a, {0, 900}, wood));  // stops touching the edge
  EXPECT_TRUE(move_overlaps_polygon(a, {0, 901}, wood));
  // Sliding past, its right side running along the wood's left edge.
  EXPECT_FALSE(move_overlaps_polygon(unit_at({-700, 0}, deg(90)), {0, 3000}, wood));
  EXPECT_TRUE(move_overlaps_polygon(unit_at({-699, 0}, deg(90)), {0, 3000}, wood));
  // Diagonal move that clips the wood's corner.
  EXPECT_TRUE(move_overlaps_polygon(unit_at({-1000, 0}, deg(90)), {2000, 2000}, wood));
  // A base already inside the wood overlaps it even without moving.
  EXPECT_TRUE(move_overlaps_polygon(unit_at({0, 1250}, deg(90)), {0, 0}, wood));
  EXPECT_TRUE(base_overlaps_polygon(unit_at({0, 1250}, deg(90)), wood));
  EXPECT_TRUE(base_within_polygon(unit_at({0, 1250}, deg(90)), wood));
  EXPECT_TRUE(base_within_polygon(unit_at({300, 1100}, deg(90)), wood));  // touching edges
  EXPECT_FALSE(base_within_polygon(unit_at({301, 1100}, deg(90)), wood));
  // Within a concave outline: the notch matters even with every corner inside.
  const Polygon u_shape = {{0, 0},     {1000, 0},  {1000, 1000}, {600, 1000},
                           {600, 300}, {400, 300}, {400, 1000},  {0, 1000}};
  ASSERT_TRUE(validate_polygon(u_shape).ok());
  EXPECT_TRUE(base_within_polygon(unit_at({500, 150}, deg(90)), u_shape));
  EXPECT_FALSE(base_within_polygon(Base({500, 500}, 1000, 100, deg(90)), u_shape));
  // Wholly in the notch, its corners on the notch's edges: outside the polygon.
  EXPECT_FALSE(base_within_polygon(Base({500, 500}, 200, 100, deg(90)), u_shape));
  EXPECT_FALSE(base_overlaps_polygon(Base({500, 500}, 200, 100, deg(90)), u_shape));
  EXPECT_TRUE(base_overlaps_polygon(Base({500, 500}, 202, 100, deg(90)), u_shape));
  // Other bases: may end touching, may not pass through.
  const Base enemy = unit_at({0, 1000}, deg(270));
  EXPECT_FALSE(move_overlaps_base(a, {0, 800}, enemy));
  EXPECT_TRUE(move_overlaps_base(a, {0, 801}, enemy));
  EXPECT_TRUE(move_overlaps_base(a, {0, 3000}, enemy));
  EXPECT_FALSE(move_overlaps_base(a, {-400, 0}, enemy));  // sidestep
  EXPECT_FALSE(move_overlaps_base(a, {-400, 3000}, enemy.translated({400, 0})));
  const Polygon hull = swept_area(a, {0, 800});
  EXPECT_EQ(hull, (Polygon{{-200, -100}, {200, -100}, {200, 900}, {-200, 900}}));
}

// The random places, headings and sizes of the overlap tests' case i: on even cases on a lattice
// of 100 with headings in right angles (edges that touch, run along each other or meet at corners
// exactly), on odd ones anywhere, a third of them at any arc-second.
struct RandomPlaces {
  Rng& rng;
  int i;
  bool lattice() const { return i % 2 == 0; }
  std::int64_t coord(std::int64_t range) const {
    return lattice() ? 100 * rng.uniform_int(-range / 100, range / 100)
                     : rng.uniform_int(-range, range);
  }
  Angle heading() const {
    return lattice() ? deg(90 * rng.uniform_int(0, 3))
                     : (i % 3 == 0 ? Angle::from_units(rng.uniform_int(0, kFullTurn - 1))
                                   : deg(rng.uniform_int(0, 359)));
  }
  std::int64_t size() const { return 200 * rng.uniform_int(1, 4); }
};

// move_overlaps_base() finds its answer by separating edges; it is the answer of the general
// polygon test given the obstacle's corners, for moves and obstacles in general position and on
// the same lattice (edges that touch, run along each other or meet at corners exactly).
TEST(Geometry, MoveOverlapsBaseIsThePolygonTestOfItsCorners) {
  Rng rng(23);
  int overlapping = 0, clear = 0;
  for (int i = 0; i < 20000; ++i) {
    const RandomPlaces r{rng, i};
    auto coord = [&](std::int64_t range) { return r.coord(range); };
    auto heading = [&] { return r.heading(); };
    auto size = [&] { return r.size(); };
    const Base b({coord(1000), coord(1000)}, size(), size(), heading());
    const Vec move{coord(2000), coord(2000)};
    const Base obstacle({coord(2500), coord(2500)}, size(), size(), heading());
    const bool fast = move_overlaps_base(b, move, obstacle);
    ASSERT_EQ(fast, move_overlaps_polygon(b, move, obstacle.corners()))
        << b << " moved by " << move << " against " << obstacle;
    (fast ? overlapping : clear) += 1;
  }
  EXPECT_GT(overlapping, 1000);  // both answers are exercised
  EXPECT_GT(clear, 1000);
}

// base_overlaps_convex() and move_overlaps_convex() find their answers by separating edges
// without building the sweep's hull; they are the answers of the general polygon tests, for
// rectangles on the lattice (edges that touch and run along each other), the corners of turned
// bases, triangles and other convex outlines, moves of every length including none.
TEST(Geometry, ConvexOverlapTestsAreThePolygonTests) {
  Rng rng(37);
  int overlapping = 0, clear = 0, moved_overlapping = 0, moved_clear = 0;
  for (int i = 0; i < 30000; ++i) {
    const RandomPlaces r{rng, i};
    auto coord = [&](std::int64_t range) { return r.coord(range); };
    auto heading = [&] { return r.heading(); };
    auto size = [&] { return r.size(); };
    const Base b({coord(1000), coord(1000)}, size(), size(), heading());
    const Vec move = i % 5 == 0 ? Vec{0, 0} : Vec{coord(2000), coord(2000)};
    Polygon poly;
    switch (i % 4) {
      case 0: {  // an axis-aligned rectangle, either way round
        const std::int64_t x = coord(2500), y = coord(2500), w = size(), h = size();
        poly = {{x, y}, {x + w, y}, {x + w, y + h}, {x, y + h}};
        if (rng.uniform_int(0, 1) == 1) std::reverse(poly.begin(), poly.end());
        break;
      }
      case 1: {  // a turned base's corners
        const Base o({coord(2500), coord(2500)}, size(), size(), heading());
        const auto c = o.corners();
        poly.assign(c.begin(), c.end());
        break;
      }
      default: {  // the hull of a few random points (collinear points dropped by the hull)
        const std::int64_t x = coord(2500), y = coord(2500);
        std::array<Point, 6> pts;
        for (Point& p : pts) p = {x + coord(800), y + coord(800)};
        poly.assign(pts.begin(), pts.end());
        std::sort(poly.begin(), poly.end());
        poly.erase(std::unique(poly.begin(), poly.end()), poly.end());
        Polygon hull;
        for (int pass = 0; pass < 2; ++pass) {
          const std::size_t start = hull.size();
          for (const Point p : poly) {
            while (hull.size() >= start + 2 &&
                   orientation(hull[hull.size() - 2], hull.back(), p) <= 0)
              hull.pop_back();
            hull.push_back(p);
          }
          hull.pop_back();
          std::reverse(poly.begin(), poly.end());
        }
        poly = hull;
        break;
      }
    }
    if (poly.size() < 3 || !validate_polygon(poly).ok()) continue;
    const auto ccw = convex_counter_clockwise(poly);
    ASSERT_TRUE(ccw.has_value()) << i;
    const bool fast = base_overlaps_convex(b, *ccw);
    ASSERT_EQ(fast, base_overlaps_polygon(b, poly)) << b << " against polygon " << i;
    (fast ? overlapping : clear) += 1;
    const bool fast_move = move_overlaps_convex(b, move, *ccw);
    ASSERT_EQ(fast_move, move_overlaps_polygon(b, move, poly))
        << b << " moved by " << move << " against polygon " << i;
    (fast_move ? moved_overlapping : moved_clear) += 1;
    // Another base's corners, as ohw's path_clear() gives them.
    const Base other({coord(2500), coord(2500)}, size(), size(), heading());
    ASSERT_EQ(move_overlaps_convex(b, move, other.corners()), move_overlaps_base(b, move, other))
        << b << " moved by " << move << " against " << other;
  }
  EXPECT_GT(overlapping, 1000);  // both answers are exercised
  EXPECT_GT(clear, 2000);
  EXPECT_GT(moved_overlapping, 2000);
  EXPECT_GT(moved_clear, 2000);
  // Not convex: the notch of a U; a clockwise outline comes back counter-clockwise.
  const Polygon u_shape = {{0, 0},     {1000, 0},  {1000, 1000}, {600, 1000},
                           {600, 300}, {400, 300}, {400, 1000},  {0, 1000}};
  EXPECT_FALSE(convex_counter_clockwise(u_shape).has_value());
  const Polygon clockwise = {{0, 0}, {0, 100}, {100, 100}, {100, 0}};
  EXPECT_EQ(convex_counter_clockwise(clockwise), (Polygon{{100, 0}, {100, 100}, {0, 100}, {0, 0}}));
}

// within_distance() is distance_sq(...).within(r) without fractions: the same answers for points,
// segments, polygons and bases in general position and on a lattice (touching, at exactly r).
TEST(Geometry, WithinDistanceIsTheSquaredDistanceTest) {
  Rng rng(41);
  const Polygon u_shape = {{0, 0},     {1000, 0},  {1000, 1000}, {600, 1000},
                           {600, 300}, {400, 300}, {400, 1000},  {0, 1000}};
  int yes = 0, no = 0;
  for (int i = 0; i < 20000; ++i) {
    const bool lattice = i % 2 == 0;
    auto coord = [&](std::int64_t range) {
      return lattice ? 100 * rng.uniform_int(-range / 100, range / 100)
                     : rng.uniform_int(-range, range);
    };
    auto heading = [&] {
      return lattice ? deg(45 * rng.uniform_int(0, 7))
                     : Angle::from_units(rng.uniform_int(0, kFullTurn - 1));
    };
    auto size = [&] { return 200 * rng.uniform_int(1, 4); };
    const std::int64_t r = i % 7 == 0 ? 0 : (lattice ? 100 * rng.uniform_int(0, 12) : coord(1200));
    const Point p{coord(1500), coord(1500)};
    const Segment s{{coord(1500), coord(1500)}, i % 11 == 0 ? p : Point{coord(1500), coord(1500)}};
    const Segment t{{coord(1500), coord(1500)}, {coord(1500), coord(1500)}};
    const Base a({coord(1500), coord(1500)}, size(), size(), heading());
    const Base b({coord(1500), coord(1500)}, size(), size(), heading());
    ASSERT_EQ(within_distance(p, s, r), distance_sq(p, s).within(r)) << p << s << r;
    ASSERT_EQ(within_distance(s, t, r), distance_sq(s, t).within(r)) << s << t << r;
    ASSERT_EQ(within_distance(s, b, r), distance_sq(s, b).within(r)) << s << b << r;
    ASSERT_EQ(within_distance(s, u_shape, r), distance_sq(s, u_shape).within(r)) << s << r;
    const bool bases = within_distance(a, b, r);
    ASSERT_EQ(bases, distance_sq(a, b).within(r)) << a << b << r;
    (bases ? yes : no) += 1;
  }
  EXPECT_GT(yes, 2000);  // both answers are exercised
  EXPECT_GT(no, 2000);
  EXPECT_FALSE(within_distance(Point{0, 0}, Segment{{0, 0}, {1, 0}}, -1));
  EXPECT_TRUE(within_distance(Point{3, 4}, Segment{{0, 0}, {0, 0}}, 5));
  EXPECT_FALSE(within_distance(Point{3, 4}, Segment{{0, 0}, {0, 0}}, 4));
}

// A base moved by translated() keeps its half vectors: the same base as one made at the new
// centre; and sin_cos() of a heading that is not a whole degree, asked in any order with its
// quarter and half turns, is the same bit for bit.
TEST(Geometry, TranslatedIsTheBaseMadeThereAndRememberedTrigIsTheSame) {
  Rng rng(29);
  for (int i = 0; i < 2000; ++i) {
    const Angle h = Angle::from_units(rng.uniform_int(0, kFullTurn - 1));
    const Base b({rng.uniform_int(-5000, 5000), rng.uniform_int(-5000, 5000)},
                 2 * rng.uniform_int(1, 500), 2 * rng.uniform_int(1, 500), h);
    const Vec v{rng.uniform_int(-5000, 5000), rng.uniform_int(-5000, 5000)};
    const Base moved = b.translated(v);
    const Base made(b.centre() + v, b.width(), b.depth(), h);
    ASSERT_EQ(moved, made);
    ASSERT_EQ(moved.forward_half(), made.forward_half());
    ASSERT_EQ(moved.left_half(), made.left_half());
    const SinCos first = sin_cos(h);
    for (int q = 1; q < 4; ++q) {
      const SinCos turned = sin_cos(h + deg(90 * q));
      const SinCos again = sin_cos(h);
      ASSERT_EQ(again.sin, first.sin);
      ASSERT_EQ(again.cos, first.cos);
      // A quarter turn: (sin, cos) -> (cos, -sin).
      const SinCos want = q == 1   ? SinCos{first.cos, -first.sin}
                          : q == 2 ? SinCos{-first.sin, -first.cos}
                                   : SinCos{-first.cos, first.sin};
      ASSERT_EQ(turned.sin, want.sin) << h << " turned by " << 90 * q;
      ASSERT_EQ(turned.cos, want.cos) << h << " turned by " << 90 * q;
    }
  }
  EXPECT_THROW((void)Base({kMaxCoord - 100, 0}, 100, 100, deg(0)).translated({100, 0}),
               std::invalid_argument);
}

// compare() of values below 2^64 multiplies across; the same rationals scaled by 2^64 (num at
// least 2^64) are compared by continued fractions: both ways give the same answer, on random
// values, near-equal ones and equal ones.
TEST(Geometry, SquaredDistanceCompareIsTheSameByProductsAndByFractions) {
  core::Rng rng(11);
  const UInt128 scale = UInt128{1} << 64;
  int checked = 0;
  for (int i = 0; i < 20000; ++i) {
    const auto draw = [&](std::uint64_t bound) { return rng.uniform(bound) + 1; };
    // Small, large and mixed magnitudes (the large ones near 2^63).
    const std::uint64_t bound =
        i % 3 == 0 ? 1000 : (i % 3 == 1 ? (std::uint64_t{1} << 62) : 1u << 20);
    const std::uint64_t a = draw(bound), b = draw(bound);
    std::uint64_t c = draw(bound), d = draw(bound);
    if (i % 5 == 0) c = a, d = b;                                            // equal
    if (i % 5 == 1 && a > 1) c = a - 1, d = b;                               // just below
    if (i % 7 == 0) c = 2 * (a % (1u << 30)), d = 2 * (b % (1u << 30)) + 2;  // near
    const SquaredDistance x(a, b), y(c, d);
    const SquaredDistance xs(UInt128{a} * scale, UInt128{b} * scale);
    const SquaredDistance ys(UInt128{c} * scale, UInt128{d} * scale);
    const int want = SquaredDistance::compare(xs, ys);  // both by fractions
    ASSERT_EQ(SquaredDistance::compare(x, y), want) << i;
    ASSERT_EQ(SquaredDistance::compare(xs, y), want) << i;  // one of each
    ASSERT_EQ(SquaredDistance::compare(x, ys), want) << i;
    ++checked;
  }
  EXPECT_EQ(checked, 20000);
}

// direction_of() remembers its last answers: asked again, in another order and after many
// others, a vector has the same direction (and a quarter turn of it a quarter turn more).
TEST(Geometry, DirectionOfIsTheSameAskedAgain) {
  Rng rng(31);
  std::vector<Vec> vs;
  std::vector<Angle> first;
  for (int i = 0; i < 3000; ++i) {
    Vec v{rng.uniform_int(-100000, 100000), rng.uniform_int(-100000, 100000)};
    if (v.x == 0 && v.y == 0) v.x = 1;
    vs.push_back(v);
    first.push_back(direction_of(v));
  }
  for (std::size_t i = vs.size(); i-- > 0;) {
    ASSERT_EQ(direction_of(vs[i]), first[i]) << vs[i];
    ASSERT_EQ(direction_of(Vec{-vs[i].y, vs[i].x}), first[i] + deg(90)) << vs[i];
  }
  // In the first octant, the arc-second of a plain bisection over all of [0, 45 degrees] (which
  // direction_of() replaces by a floating-point guess checked exactly): the last whose direction
  // has not passed w, or the next one when that is nearer. Vectors of every size up to the
  // coordinates' range, and some along the axis and the diagonal or an arc-second from them.
  __extension__ typedef __int128 Int128;
  for (int i = 0; i < 3000; ++i) {
    const std::int64_t scale = std::int64_t{1} << rng.uniform_int(0, 31);
    std::int64_t x = rng.uniform_int(1, std::min<std::int64_t>(scale, 2 * kMaxCoord));
    std::int64_t y = rng.uniform_int(0, x);
    if (i % 10 == 1) y = 0;
    if (i % 10 == 2) y = x;
    if (i % 10 == 3) y = std::max<std::int64_t>(0, x - rng.uniform_int(0, 3));
    if (i % 10 == 4) y = std::min<std::int64_t>(x, rng.uniform_int(0, 3));
    auto side = [&](std::int32_t r) {
      const SinCos sc = sin_cos(Angle::from_units(r));
      return static_cast<Int128>(sc.cos) * y - static_cast<Int128>(sc.sin) * x;
    };
    std::int32_t lo = 0, hi = kFullTurn / 8 + 1;
    while (hi - lo > 1) {
      const std::int32_t mid = lo + (hi - lo) / 2;
      (side(mid) >= 0 ? lo : hi) = mid;
    }
    if (lo < kFullTurn / 8 && -side(lo + 1) < side(lo)) ++lo;
    ASSERT_EQ(direction_of(Vec{x, y}), Angle::from_units(lo)) << x << "," << y;
  }
}

// ---------------------------------------------------------------------------------------------
// Property tests: turning the whole table by a right angle about any point and shifting it
// changes no answer (and moves every derived corner exactly).

struct TableMove {
  Point pivot;
  Angle turn;
  Vec shift;
  Point operator()(Point p) const { return rotate_about(p, pivot, turn) + shift; }
  Base operator()(const Base& b) const { return b.rotated_about(pivot, turn).translated(shift); }
  Segment operator()(Segment s) const { return {(*this)(s.a), (*this)(s.b)}; }
};

TEST(Geometry, RightAngleTurnsAndShiftsPreserveContactArcsAndOverlap) {
  Rng rng(2024);
  for (int i = 0; i < 400; ++i) {
    const Base target = unit_at({rng.uniform_int(-3000, 3000), rng.uniform_int(-3000, 3000)},
                                Angle::from_units(rng.uniform_int(0, kFullTurn - 1)));
    const Base mover({0, 0}, 2 * rng.uniform_int(50, 250), 2 * rng.uniform_int(25, 120), deg(0));
    const Base other = place_in_contact(target, kAllSides[rng.uniform(4)], mover,
                                        kAllSides[rng.uniform(4)], rng.uniform_int(-60, 60));
    const Base stranger = unit_at({rng.uniform_int(-3000, 3000), rng.uniform_int(-3000, 3000)},
                                  Angle::from_units(rng.uniform_int(0, kFullTurn - 1)));
    const TableMove m{{rng.uniform_int(-2000, 2000), rng.uniform_int(-2000, 2000)},
                      deg(90 * static_cast<std::int64_t>(rng.uniform(4))),
                      {rng.uniform_int(-5000, 5000), rng.uniform_int(-5000, 5000)}};
    const Base t2 = m(target);
    const Base o2 = m(other);
    const Base s2 = m(stranger);
    // Derived corners move exactly.
    for (const Corner c :
         {Corner::kFrontLeft, Corner::kFrontRight, Corner::kBackLeft, Corner::kBackRight})
      ASSERT_EQ(t2.corner(c), m(target.corner(c))) << target;
    // Contact, exact and within a slack.
    for (const std::int64_t slack : {std::int64_t{0}, kPlacementSlack}) {
      const auto before = edge_contact(target, other, slack);
      const auto after = edge_contact(t2, o2, slack);
      ASSERT_EQ(before.has_value(), after.has_value());
      if (before) {
        EXPECT_EQ(after->side_a, before->side_a);
        EXPECT_EQ(after->side_b, before->side_b);
        EXPECT_EQ(after->shared_length_sq, before->shared_length_sq);
        EXPECT_EQ(after->covers_side_a, before->covers_side_a);
        EXPECT_EQ(after->covers_side_b, before->covers_side_b);
        EXPECT_EQ(after->shared, m(before->shared));
      }
    }
    EXPECT_EQ(overlaps(t2, o2), overlaps(target, other));
    EXPECT_EQ(touching(t2, o2), touching(target, other));
    EXPECT_EQ(overlaps(t2, s2), overlaps(target, stranger));
    EXPECT_EQ(distance_sq(t2, s2), distance_sq(target, stranger));
    EXPECT_EQ(base_in_front_arc(t2, s2), base_in_front_arc(target, stranger));
    EXPECT_EQ(base_wholly_in_front_arc(t2, s2), base_wholly_in_front_arc(target, stranger));
    EXPECT_EQ(base_in_front_arc(t2, o2), base_in_front_arc(target, other));
    // Arc membership of points, including points on the boundary rays.
    for (int j = 0; j < 20; ++j) {
      const Point p{rng.uniform_int(-6000, 6000), rng.uniform_int(-6000, 6000)};
      EXPECT_EQ(in_front_arc(t2, m(p)), in_front_arc(target, p));
      const Segment s{p, {rng.uniform_int(-6000, 6000), rng.uniform_int(-6000, 6000)}};
      EXPECT_EQ(segment_in_front_arc(t2, m(s)), segment_in_front_arc(target, s));
      EXPECT_EQ(segment_crosses_base_interior(m(s), t2), segment_crosses_base_interior(s, target));
    }
    const Point on_ray = target.corner(Corner::kFrontLeft) +
                         polar(target.heading() + deg(45), rng.uniform_int(0, 5000));
    EXPECT_EQ(in_front_arc(t2, m(on_ray)), in_front_arc(target, on_ray));
  }
}

// A rigid motion of the whole position (a quarter or half turn about a lattice point, then a
// shift) commutes exactly with every derived position: a turn of a base about any point (its
// rounded offset turns with it: round(-x) == -round(x)), a wheel about a corner, a move along a
// heading and a placement in contact. A half turn about the middle of a table is a quarter turn
// twice, so a game played on the turned table ends exactly turned.
TEST(Geometry, TurnsWheelsMovesAndPlacementsTurnWithTheWholePosition) {
  Rng rng(77);
  int scanned = 0;
  for (int i = 0; i < 3000; ++i) {
    const Base b({rng.uniform_int(-3000, 3000), rng.uniform_int(-3000, 3000)},
                 2 * rng.uniform_int(50, 300), 2 * rng.uniform_int(25, 150),
                 Angle::from_units(rng.uniform_int(0, kFullTurn - 1)));
    const TableMove m{{rng.uniform_int(-2000, 2000), rng.uniform_int(-2000, 2000)},
                      deg(90 * static_cast<std::int64_t>(1 + rng.uniform(3))),
                      {rng.uniform_int(-5000, 5000), rng.uniform_int(-5000, 5000)}};
    const Point pivot{rng.uniform_int(-4000, 4000), rng.uniform_int(-4000, 4000)};
    const Angle turn = Angle::from_units(rng.uniform_int(0, kFullTurn - 1));
    ASSERT_EQ(m(b.rotated_about(pivot, turn)), m(b).rotated_about(m(pivot), turn)) << b;
    ASSERT_EQ(m(b.rotated_about_centre(turn)), m(b).rotated_about_centre(turn)) << b;
    const Corner c = static_cast<Corner>(rng.uniform(4));
    ASSERT_EQ(m(b.wheeled(c, turn)), m(b).wheeled(c, turn)) << b;
    const std::int64_t d = rng.uniform_int(-3000, 3000);
    ASSERT_EQ(m(b.moved_forward(d)), m(b).moved_forward(d)) << b;
    ASSERT_EQ(m(b.moved(turn, d)), m(b).moved(turn + m.turn, d)) << b;
    // Contact at any heading: the placement is chosen in the target's frame.
    const Base mover({0, 0}, 2 * rng.uniform_int(50, 300), 2 * rng.uniform_int(25, 150), deg(0));
    const Side ts = kAllSides[rng.uniform(4)], ms = kAllSides[rng.uniform(4)];
    const std::int64_t offset = rng.uniform_int(-400, 400);
    const Base placed = place_in_contact(b, ts, mover, ms, offset);
    ASSERT_EQ(m(placed), place_in_contact(m(b), ts, mover, ms, offset))
        << b << " " << to_string(ts) << " " << to_string(ms) << " " << offset;
    if (!b.heading().is_multiple_of_degrees(45)) ++scanned;
  }
  EXPECT_GT(scanned, 2000);
}

// Negative: only whole quarter turns are exact. A turn by 30 degrees rounds every offset, so
// turning a base 30 degrees about a far point and back does not always bring it home, and a
// position turned 30 degrees is not the turned position of every base.
TEST(Geometry, TurnsOffTheQuarterTurnsAreRounded) {
  Rng rng(78);
  int missed = 0;
  for (int i = 0; i < 200; ++i) {
    const Base b({rng.uniform_int(-3000, 3000), rng.uniform_int(-3000, 3000)}, 400, 200,
                 Angle::from_units(rng.uniform_int(0, kFullTurn - 1)));
    const Point pivot{rng.uniform_int(-4000, 4000), rng.uniform_int(-4000, 4000)};
    if (b.rotated_about(pivot, deg(30)).rotated_about(pivot, deg(-30)) != b) ++missed;
  }
  EXPECT_GT(missed, 0);
  // Whereas quarter turns always come home.
  for (int i = 0; i < 200; ++i) {
    const Base b({rng.uniform_int(-3000, 3000), rng.uniform_int(-3000, 3000)}, 400, 200,
                 Angle::from_units(rng.uniform_int(0, kFullTurn - 1)));
    const Point pivot{rng.uniform_int(-4000, 4000), rng.uniform_int(-4000, 4000)};
    EXPECT_EQ(b.rotated_about(pivot, deg(90)).rotated_about(pivot, deg(-90)), b);
  }
}

// Halves round away from zero in both signs, so a rounded vector and its negative are negatives:
// rounding half up (floor(x + 0.5)) would give 1 for 0.5 and 0 for -0.5.
TEST(Geometry, RoundingIsSymmetricUnderNegation) {
  for (const std::int64_t len : {1, 3, 5, 7, 101, 1270}) {
    for (int d = 0; d < 360; ++d) {
      EXPECT_EQ(polar(deg(d + 180), len), -polar(deg(d), len)) << d << " " << len;
      EXPECT_EQ(rotate(Vec{len, -len / 2}, deg(d)), -rotate(Vec{-len, len / 2}, deg(d)));
    }
  }
  // A half exactly: cos 60 = 0.5 and cos 240 = -0.5 (positive and negative cases).
  EXPECT_EQ(polar(deg(60), 1).x, 1);
  EXPECT_EQ(polar(deg(240), 1).x, -1);
  EXPECT_EQ(polar(deg(120), 1).x, -1);
  EXPECT_EQ(polar(deg(300), 1).x, 1);
  // Not a half: 0.4 and -0.4 both round to 0.
  EXPECT_EQ(polar(deg(66), 1).x, 0);
  EXPECT_EQ(polar(deg(246), 1).x, 0);
}

TEST(Geometry, PropertyArcAnswersAgreeWithABoundaryOracle) {
  // At multiples of 45 degrees the arc's rays are exact lattice directions, so the arc's boundary
  // can be drawn as three integer segments: a segment meets the (convex) arc exactly when an end
  // is inside or it meets the boundary; a base, when a corner is inside, a side meets the
  // boundary, or the arc's corner is inside the base.
  Rng rng(77);
  int hits = 0;
  for (int i = 0; i < 3000; ++i) {
    const Base b(Point{0, 0}, 2 * rng.uniform_int(20, 300), 2 * rng.uniform_int(20, 150),
                 deg(45 * static_cast<std::int64_t>(rng.uniform(8))));
    const Point fl = b.corner(Corner::kFrontLeft);
    const Point fr = b.corner(Corner::kFrontRight);
    const std::array<Segment, 3> boundary = {
        Segment{fr, fl}, Segment{fl, fl + polar(b.heading() + deg(45), 1'000'000)},
        Segment{fr, fr + polar(b.heading() - deg(45), 1'000'000)}};
    const auto meets_boundary = [&](Segment s) {
      return std::any_of(boundary.begin(), boundary.end(),
                         [&](Segment e) { return segments_intersect(s, e); });
    };
    const Point p{rng.uniform_int(-1500, 1500), rng.uniform_int(-1500, 1500)};
    const Segment s{p, p + Vec{rng.uniform_int(-1500, 1500), rng.uniform_int(-1500, 1500)}};
    const bool any = in_front_arc(b, s.a) || in_front_arc(b, s.b) || meets_boundary(s);
    EXPECT_EQ(segment_in_front_arc(b, s), any) << b << " " << s;
    EXPECT_EQ(segment_wholly_in_front_arc(b, s), in_front_arc(b, s.a) && in_front_arc(b, s.b));
    const Base o(p, 2 * rng.uniform_int(20, 300), 2 * rng.uniform_int(20, 150),
                 Angle::from_units(rng.uniform_int(0, kFullTurn - 1)));
    bool base_any = contains(o, fl);
    bool base_all = true;
    for (const Point c : o.corners()) {
      base_any = base_any || in_front_arc(b, c);
      base_all = base_all && in_front_arc(b, c);
    }
    for (const Side side : kAllSides) base_any = base_any || meets_boundary(o.side(side));
    EXPECT_EQ(base_in_front_arc(b, o), base_any) << b << " " << o;
    EXPECT_EQ(base_wholly_in_front_arc(b, o), base_all);
    hits += base_any ? 1 : 0;
  }
  // Both answers occur often enough for the comparison to mean something.
  EXPECT_GT(hits, 300);
  EXPECT_LT(hits, 2700);
}

TEST(Geometry, ReachBoundsEveryPointOfABase) {
  // Half the width plus half the depth: at least the half-diagonal, so every corner is within it.
  for (int deg : {0, 30, 45, 90, 137}) {
    const Base b({1000, 2000}, 400, 300, Angle::degrees(deg));
    EXPECT_EQ(reach(b), 350);
    for (const auto& c : b.corners()) EXPECT_TRUE(distance_sq(b.centre(), c).within(reach(b)));
  }
  // Negative: no smaller bound would do much: a square's corners lie beyond 280 of its 400.
  const Base sq({0, 0}, 400, 400, Angle::degrees(0));
  EXPECT_EQ(reach(sq), 400);
  for (const auto& c : sq.corners())
    EXPECT_FALSE(distance_sq(sq.centre(), c).within(reach(sq) - 120));
}

TEST(Geometry, FarApartIsStrictlyBeyondTheDistance) {
  EXPECT_TRUE(far_apart({0, 0}, {300, 401}, 500));   // 300^2 + 401^2 > 500^2
  EXPECT_FALSE(far_apart({0, 0}, {300, 400}, 500));  // exactly 500 apart: not beyond
  EXPECT_FALSE(far_apart({7, 7}, {7, 7}, 0));
  EXPECT_TRUE(far_apart({-kMaxCoord, -kMaxCoord}, {kMaxCoord, kMaxCoord}, 2'000'000'000));
  // Bases whose centres are far apart by their reaches plus g are more than g apart.
  const Base a({0, 0}, 400, 300, Angle::degrees(20)), b({1200, 500}, 400, 300, Angle::degrees(70));
  const std::int64_t g = 100;
  ASSERT_TRUE(far_apart(a.centre(), b.centre(), reach(a) + reach(b) + g));
  EXPECT_FALSE(distance_sq(a, b).within(g));
}

}  // namespace
}  // namespace carroccio::core::geo
