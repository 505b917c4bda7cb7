// The rules of play: movement (1.0-1.8), line of sight (0.5, 0.6, 0.9), shooting (2.0-2.4),
// melee (3.0-3.2) and the optional rules (5.1-5.4). All geometry is integer (core/geometry.hpp,
// 1/100 inch); rulings are in docs/rulings/ohw.md.
#include <algorithm>
#include <span>

#include "fmt/format.h"
#include "game/table/place.hpp"
#include "rulesets/ohw/state.hpp"

namespace carroccio::ohw {

namespace {

constexpr std::int64_t kThree = 3 * kInch;
constexpr int kSamples = 20;  // a side is sampled at 21 points (O-4)

using game::table::apart;
using game::table::box_of;

bool base_on_table(const geo::Base& b, const Scenario& sc) {
  return game::table::on_table(b, sc.width, sc.height);
}

using game::table::more_than_apart;

// Two bases further apart than r (a quick refusal, exact: distance_sq(a, b).within(r) is false).
bool bases_beyond(const geo::Base& a, const geo::Base& b, std::int64_t r) {
  return more_than_apart(box_of(a), box_of(b), r);
}

std::int64_t side_length(const geo::Base& b, geo::Side s) {
  return s == geo::Side::kFront || s == geo::Side::kBack ? b.width() : b.depth();
}

}  // namespace

bool OhwState::impassable_for(int u, TerrainType t) const {
  switch (t) {
    case TerrainType::kWoods:
      // 1.2 iii: woods are impassable; 5.2 / 5.3: irregulars and peasant archers may enter them.
      return unit(u).type != UnitType::kIrregulars && unit(u).type != UnitType::kPeasantArchers;
    case TerrainType::kRiver:      // 1.2 ii
    case TerrainType::kMarsh:      // 1.2 iii
    case TerrainType::kLake:       // 1.2 iii
    case TerrainType::kObjective:  // scenario objects are obstacles
      return true;
    default:
      return false;  // 1.2 i: towns and hills do not affect movement
  }
}

bool OhwState::blocks(int u, int i) const {
  if (demolished_ && i == ohw_->scenario_data().demolition.terrain) return true;
  return impassable_for(u, ohw_->terrain(i).type);
}

bool OhwState::road_crosses(int i) const {
  // 1.2 iv (O-10a): a road carries a unit through ground it could not otherwise cross (woods,
  // a river, marsh, a lake), but not through a scenario object standing on it, nor over a
  // crossing that has been destroyed (S2: the bridge was the road's way over the river).
  if (demolished_ && i == ohw_->scenario_data().demolition.terrain) return false;
  switch (ohw_->terrain(i).type) {
    case TerrainType::kWoods:
    case TerrainType::kRiver:
    case TerrainType::kMarsh:
    case TerrainType::kLake:
      return true;
    default:
      return false;
  }
}

bool OhwState::may_demolish(int u) const {
  const auto& d = ohw_->scenario_data().demolition;
  if (d.terrain < 0 || demolished_ || demolition_tried_ || side_of(u) != d.side ||
      !unit(u).on_table || (unit(u).flags & kActed) || in_melee(u))
    return false;
  bool touches = false;
  for (geo::Side s : geo::kAllSides)
    touches = touches || geo::distance_sq(unit(u).base.side(s), d.line).is_zero();
  if (!touches) return false;
  const geo::Polygon& crossing = ohw_->terrain(d.terrain).outline;
  for (int v = 0; v < ohw_->num_units(); ++v)
    if (side_of(v) != d.side && unit(v).on_table &&
        (geo::base_overlaps_polygon(unit(v).base, crossing) ||
         geo::base_within_polygon(unit(v).base, crossing)))
      return false;
  return true;
}

std::int64_t OhwState::allowance(int u) const {
  switch (unit(u).type) {
    case UnitType::kKnights:
      return 12 * kInch;  // 1.1
    case UnitType::kIrregulars:
      return 9 * kInch;  // 5.2
    default:
      return 6 * kInch;  // 1.1
  }
}

bool OhwState::may_stand(int u, const geo::Base& b) const { return may_stand(u, b, nullptr); }

bool OhwState::may_stand(int u, const geo::Base& b, const StandCandidates* only) const {
  const Scenario& sc = ohw_->scenario_data();
  // 1.2 iii: the board edge (on_table(): every corner is on the table when the corners' box is).
  const auto box = box_of(b);
  if (box.min_x < 0 || box.min_y < 0 || box.max_x > sc.width || box.max_y > sc.height) return false;
  const int num_terrain = only ? static_cast<int>(only->terrain.size()) : ohw_->num_terrain();
  for (int k = 0; k < num_terrain; ++k) {
    const int i = only ? only->terrain[static_cast<std::size_t>(k)] : k;
    if (!apart(box, ohw_->terrain_box(i)) && blocks(u, i) && ohw_->base_overlaps_terrain(b, i))
      return false;
  }
  const std::int64_t reach = geo::reach(b);
  const int num_units = only ? static_cast<int>(only->units.size()) : ohw_->num_units();
  for (int k = 0; k < num_units; ++k) {  // 1.3: bases may touch, never overlap
    const int v = only ? only->units[static_cast<std::size_t>(k)] : k;
    if (v == u || !unit(v).on_table) continue;
    // Bases whose centres are further apart than the sum of their reaches do not overlap. (Not
    // twice this base's reach: a wagon's base is smaller than the others, S3.)
    // Nor do bases whose boxes are apart (overlaps() would find a separating side).
    if (!geo::far_apart(b.centre(), unit(v).base.centre(), reach + geo::reach(unit(v).base)) &&
        !apart(box, box_of(unit(v).base)) && geo::overlaps(b, unit(v).base))
      return false;
  }
  return true;
}

bool OhwState::may_stand_moved(int u, const geo::Base& b, const game::table::Box& box_b,
                               geo::Vec off, const StandCandidates& only) const {
  // may_stand(u, b.translated(off), &only) step by step: the moved base's box is b's moved (its
  // corners are), and the base itself is made only for an exact test.
  const Scenario& sc = ohw_->scenario_data();
  const game::table::Box box{box_b.min_x + off.x, box_b.min_y + off.y, box_b.max_x + off.x,
                             box_b.max_y + off.y};
  if (box.min_x < 0 || box.min_y < 0 || box.max_x > sc.width || box.max_y > sc.height) return false;
  std::optional<geo::Base> moved;
  auto base = [&]() -> const geo::Base& {
    if (off.x == 0 && off.y == 0) return b;
    if (!moved) moved = b.translated(off);
    return *moved;
  };
  for (const int i : only.terrain)
    if (!apart(box, ohw_->terrain_box(i)) && blocks(u, i) && ohw_->base_overlaps_terrain(base(), i))
      return false;
  const geo::Point c = b.centre() + off;
  const std::int64_t reach = geo::reach(b);
  for (const int v : only.units) {
    if (v == u || !unit(v).on_table) continue;
    if (!apart(box, box_of(unit(v).base)) &&
        !geo::far_apart(c, unit(v).base.centre(), reach + geo::reach(unit(v).base)) &&
        geo::overlaps(base(), unit(v).base))
      return false;
  }
  return true;
}

void OhwState::StandProbe::reset(const OhwState& s, int u, const geo::Base& b,
                                 const StandCandidates& only) {
  s_ = &s;
  u_ = u;
  b_ = &b;
  c_ = b.corners();
  box_ = box_of(b);
  obstacles_.clear();
  edges_.clear();
  for (const int i : only.terrain)
    if (s.blocks(u, i)) {
      Obstacle ob;
      ob.box = s.ohw_->terrain_box(i);
      ob.terrain = i;
      ob.convex = !s.ohw_->convex_outline(i).empty();
      obstacles_.push_back(ob);
    }
  for (const int v : only.units)
    if (v != u && s.unit(v).on_table) {
      Obstacle ob;
      ob.box = box_of(s.unit(v).base);
      ob.terrain = -1 - v;
      obstacles_.push_back(ob);
    }
}

void OhwState::StandProbe::prepare(Obstacle& ob) {
  ob.ready = true;
  if (!ob.convex) return;
  std::array<geo::Point, 4> corners;
  std::span<const geo::Point> points;
  if (ob.terrain >= 0) {
    points = s_->ohw_->convex_outline(ob.terrain);
  } else {
    corners = s_->unit(-1 - ob.terrain).base.corners();
    points = corners;
  }
  auto cross = [](geo::Vec e, geo::Vec d) { return Int128{e.x} * d.y - Int128{e.y} * d.x; };
  for (std::size_t i = 0; i < 4; ++i) {
    const geo::Vec e = c_[(i + 1) % 4] - c_[i];
    Int128 m = cross(e, points[0] - c_[i]);
    for (const geo::Point x : points) m = std::max(m, cross(e, x - c_[i]));
    ob.a[i] = m;
  }
  ob.first = static_cast<std::uint32_t>(edges_.size());
  ob.count = static_cast<std::uint32_t>(points.size());
  for (std::size_t j = 0; j < points.size(); ++j) {
    const geo::Point q = points[j];
    const geo::Vec e = points[(j + 1) % points.size()] - q;
    Int128 m = cross(e, c_[0] - q);
    for (const geo::Point y : c_) m = std::max(m, cross(e, y - q));
    edges_.push_back({e, m});
  }
}

bool OhwState::StandProbe::stands(geo::Vec o) {
  // may_stand_moved(u, b, box_of(b), o, only), its tests in the same order.
  const Scenario& sc = s_->ohw_->scenario_data();
  const game::table::Box box{box_.min_x + o.x, box_.min_y + o.y, box_.max_x + o.x,
                             box_.max_y + o.y};
  if (box.min_x < 0 || box.min_y < 0 || box.max_x > sc.width || box.max_y > sc.height) return false;
  // b's edges are 2L, -2F, -2L and 2F (its corners are c + F - L, c + F + L, c - F + L, c - F - L).
  const geo::Vec f = b_->forward_half(), l = b_->left_half();
  const std::int64_t cl = 2 * geo::cross(l, o), cf = 2 * geo::cross(f, o);
  for (Obstacle& ob : obstacles_) {
    if (apart(box, ob.box)) continue;
    if (!ob.ready) prepare(ob);
    if (!ob.convex) {
      if (s_->ohw_->base_overlaps_terrain(b_->translated(o), ob.terrain)) return false;
      continue;
    }
    // Separated by an edge of the moved base: the obstacle wholly outside its line, or on it.
    if (ob.a[0] <= cl || ob.a[1] <= -cf || ob.a[2] <= -cl || ob.a[3] <= cf) continue;
    // Or by an edge of the obstacle: the moved base wholly outside its line, or on it.
    bool separated = false;
    for (std::uint32_t j = ob.first; j < ob.first + ob.count; ++j)
      if (edges_[j].b + geo::cross(edges_[j].e, o) <= 0) {
        separated = true;
        break;
      }
    if (!separated) return false;
  }
  return true;
}

const std::array<geo::Vec, 80>& OhwState::slide_offsets(geo::Angle heading) {
  // O-14: 0.1" steps up to 2", along each of the four new axes in turn (ahead, left, behind,
  // right), the nearest first. Kept for the headings last asked for (a move's turns share a few
  // headings).
  static_assert(kTurnSlide == 2 * kInch);
  struct Known {
    std::int32_t heading = -1;
    std::array<geo::Vec, 80> offsets;
  };
  thread_local std::array<Known, 32> known;
  Known& k = known[(static_cast<std::uint32_t>(heading.units()) * 2654435761u) >> 27];
  if (k.heading != heading.units()) {
    k.heading = heading.units();
    // polar(heading + 90 degrees, d) is polar(heading, d) turned a quarter: sin_cos() of an
    // angle and of its quarter turns differ only by swaps and signs (the same series of the
    // angle's remainder within its quadrant), and polar() rounds halves away from zero, the
    // same either sign.
    std::size_t n = 0;
    for (std::int64_t d = 10; d <= kTurnSlide; d += 10) {
      const geo::Vec p = geo::polar(heading, d);
      for (const geo::Vec q : {p, geo::Vec{-p.y, p.x}, geo::Vec{-p.x, -p.y}, geo::Vec{p.y, -p.x}})
        k.offsets[n++] = q;
    }
  }
  return k.offsets;
}

void OhwState::stand_candidates(int u, const geo::Base& b, std::int64_t slide,
                                StandCandidates& out) const {
  out.terrain.clear();
  out.units.clear();
  // A base of b's size has its corners within reach + 2 of its centre along x and y (the half
  // vectors are rounded), and that centre is within `slide` + 1 of b's (a rounded move): its box
  // is inside `region`, so a piece whose box is apart from the region is apart from its box.
  const geo::Point c = b.centre();
  const std::int64_t reach = geo::reach(b), r = reach + slide + 3;
  const game::table::Box region{c.x - r, c.y - r, c.x + r, c.y + r};
  for (int i = 0; i < ohw_->num_terrain(); ++i)
    if (!apart(region, ohw_->terrain_box(i)) && blocks(u, i)) out.terrain.push_back(i);
  // A unit whose centre is more than the two reaches plus the slide from b's is more than the
  // two reaches from the centre of every such base: may_stand() skips it.
  for (int v = 0; v < ohw_->num_units(); ++v)
    if (v != u && unit(v).on_table &&
        !geo::far_apart(c, unit(v).base.centre(), reach + geo::reach(unit(v).base) + slide + 1))
      out.units.push_back(v);
}

bool OhwState::path_clear(int u, const geo::Base& b, geo::Vec v, int ignore) const {
  return path_clear(u, b, v, ignore, nullptr);
}

void OhwState::path_candidates(int u, const geo::Base& b, geo::Vec longest, int ignore,
                               PathCandidates& out) const {
  out.terrain.clear();
  out.units.clear();
  // path_clear()'s box tests for the longest move: a shorter one's sweep box is inside this one.
  const game::table::Box box = box_of(b) | box_of(b.translated(longest));
  for (int i = 0; i < ohw_->num_terrain(); ++i)
    if (!apart(box, ohw_->terrain_box(i)) && blocks(u, i)) out.terrain.push_back(i);
  for (int w = 0; w < ohw_->num_units(); ++w)
    if (w != u && w != ignore && unit(w).on_table && !apart(box, box_of(unit(w).base)))
      out.units.push_back(w);
}

bool OhwState::path_clear(int u, const geo::Base& b, geo::Vec v, int ignore,
                          const PathCandidates* only) const {
  const Scenario& sc = ohw_->scenario_data();
  const geo::Base end = b.translated(v);
  if (!base_on_table(end, sc)) return false;  // the table is convex: the end suffices
  const game::table::Box box = box_of(b) | box_of(end);
  // 1.2 iv (O-10a): astride a road (the centre on one straight stretch from start to end) the
  // unit passes through the ground the road crosses (asked only of a piece the sweep's box meets).
  int road = -1;  // unknown yet, else 0 or 1
  auto astride_road = [&] {
    if (road < 0) road = game::table::along_one_stretch(sc.roads, b.centre(), b.centre() + v);
    return road == 1;
  };
  const int num_terrain = only ? static_cast<int>(only->terrain.size()) : ohw_->num_terrain();
  for (int k = 0; k < num_terrain; ++k) {
    const int i = only ? only->terrain[static_cast<std::size_t>(k)] : k;
    // 1.2, 1.7, 0.7: the whole sweep must fit through gaps.
    if (!apart(box, ohw_->terrain_box(i)) && blocks(u, i) && !(road_crosses(i) && astride_road()) &&
        ohw_->move_overlaps_terrain(b, v, i))
      return false;
  }
  std::int64_t len = -1;  // at least the move's length, worked out when first needed
  const std::int64_t reach = geo::reach(b);
  const int num_units = only ? static_cast<int>(only->units.size()) : ohw_->num_units();
  for (int k = 0; k < num_units; ++k) {  // 1.3: no passing through another base
    const int w = only ? only->units[static_cast<std::size_t>(k)] : k;
    if (w == u || w == ignore || !unit(w).on_table) continue;
    // The sweep stays within `box`: a base whose box is apart from it is not passed through
    // (move_overlaps_base() answers the same, after the same test; move_overlaps_convex() of
    // the base's corners, counter-clockwise, is its answer without building the sweep's hull).
    if (apart(box, box_of(unit(w).base))) continue;
    // At least the move's length: the larger part plus half the smaller (a bound, as
    // (a + b/2)^2 >= a^2 + b^2 when a >= b), without a square root.
    if (len < 0) {
      const std::int64_t ax = std::abs(v.x), ay = std::abs(v.y);
      len = std::max(ax, ay) + std::min(ax, ay) / 2 + 1;
    }
    // The sweep keeps within len + the mover's reach of its start centre, the other base within
    // its own reach of its centre (not twice the mover's reach: a wagon's base is smaller, S3).
    if (!geo::far_apart(b.centre(), unit(w).base.centre(),
                        len + reach + geo::reach(unit(w).base)) &&
        geo::move_overlaps_convex(b, v, unit(w).base.corners()))
      return false;
  }
  return true;
}

std::optional<geo::Base> OhwState::turned(int u, const geo::Base& b, geo::Angle turn) const {
  return turned(u, b, turn, nullptr);
}

std::optional<geo::Base> OhwState::turned(int u, const geo::Base& b, geo::Angle turn,
                                          const StandCandidates* near) const {
  return turned(
      u, b, turn, near, [&b](geo::Angle a) { return b.rotated_about_centre(a); }, geo::Vec{});
}

template <class Rotated>
std::optional<geo::Base> OhwState::turned(int u, const geo::Base& b, geo::Angle turn,
                                          const StandCandidates* near, Rotated&& rotated,
                                          geo::Vec off) const {
  if (turn.units() == 0) return b;
  // b turned by `a` is rotated(a) moved by `off`: made only to be returned (may_stand_moved()
  // makes it only for an exact test).
  auto at = [off](const geo::Base& r) { return off.x == 0 && off.y == 0 ? r : r.translated(off); };
  const geo::Base& nb = rotated(turn);
  // 1.4: an about-face covers the same ground, so it is always allowed.
  if (turn.abs_units() == geo::kHalfTurn) return at(nb);
  // What may stand in the way of the bases tried below (all about b's centre, or slid from it
  // by at most 2"), looked for once when several are tried.
  thread_local StandCandidates own;
  auto candidates = [&] {
    if (!near) {
      stand_candidates(u, b, kTurnSlide, own);
      near = &own;
    }
    return near;
  };
  auto stands = [&](const geo::Base& r, const StandCandidates* only) {
    return only ? may_stand_moved(u, r, box_of(r), off, *only) : may_stand(u, at(r), nullptr);
  };
  if (turn.abs_units() == geo::kQuarterTurn) {
    // 1.4: a quarter turn is always allowed, sliding the base over to fit (O-14: the nearest
    // free position along the new axes, in 0.1" steps up to 2").
    if (stands(nb, near)) return at(nb);
    // nb.moved(nb.heading() + 90 * dir degrees, k) for k = 0.1" to 2", each dir in turn: the
    // offsets made once per heading, each place asked of may_stand() without making its base.
    // Each place is asked of a StandProbe (may_stand_moved()'s answers, its exact tests made
    // once per candidate).
    thread_local StandProbe probe;
    probe.reset(*this, u, nb, *candidates());
    for (const geo::Vec& slide : slide_offsets(nb.heading()))
      if (probe.stands(off + slide)) return nb.translated(off + slide);
    return std::nullopt;
  }
  // 1.4: otherwise the corners may not cross impassable ground while turning: checked at every
  // 15-degree step the turn passes through and at its end.
  const std::int32_t step = 15 * geo::kAngleUnitsPerDegree;
  const std::int32_t total = turn.signed_units();
  const std::int32_t sign = total < 0 ? -1 : 1;
  const StandCandidates* only = sign * total > step ? candidates() : near;
  for (std::int32_t done = step; done < sign * total; done += step)
    if (!stands(rotated(geo::Angle::from_units(sign * done)), only)) return std::nullopt;
  if (!stands(nb, only)) return std::nullopt;
  return at(nb);
}

std::optional<geo::Base> OhwState::march_end(int u, int g) const {
  // O-8a: a march is an ordinary move (1.0, 1.4) whose turn and distance are worked out: turn
  // to face the goal's centre, then straight toward it.
  const auto& goals = ohw_->goals();
  if (g < 0 || g >= static_cast<int>(goals.size()) || unit(u).type == UnitType::kWagon)
    return std::nullopt;
  const geo::Base& start = unit(u).base;
  // Twice the way to the centre of the goal's bounding box, so that it stays exact.
  const geo::Point goal = ohw_->terrain_box(goals[static_cast<std::size_t>(g)]).twice_centre();
  const geo::Vec twice{goal.x - 2 * start.centre().x, goal.y - 2 * start.centre().y};
  if (twice.x == 0 && twice.y == 0) return std::nullopt;
  const geo::Angle dir = geo::direction_of(twice);
  auto b1 = turned(u, start, dir - start.heading());
  if (!b1 || b1->centre() != start.centre()) return std::nullopt;
  const std::int64_t to_centre =
      static_cast<std::int64_t>(geo::isqrt(static_cast<geo::UInt128>(geo::squared_length(twice)))) /
      2;
  // 1.1: at most the allowance, and no further than the centre; 1.2, 1.3, 1.7: up to the first
  // thing in the way. Clearance only shrinks as the move grows, so a bisection finds the
  // furthest clear distance (to the hundredth of an inch: the base then touches what stopped it,
  // within the placement slack).
  std::int64_t lo = 0, hi = std::min(allowance(u), to_centre);
  // What may be in the way of the longest move tried, looked for once (the shorter ones' sweeps
  // lie inside its box: polar() rounds each component monotonically with the length).
  thread_local PathCandidates near;
  if (lo < hi) {
    const geo::Vec longest = geo::polar(dir, hi);
    path_candidates(u, *b1, longest, -1, near);
    // Nothing in the longest move's sweep box, which holds every shorter move's sweep and its
    // end's box, and that box on the table: every move tried is clear, and the bisection ends
    // at hi (path_clear() answers true for each without looking at anything but the table).
    const Scenario& sc = ohw_->scenario_data();
    const game::table::Box box = box_of(*b1) | box_of(b1->translated(longest));
    if (near.terrain.empty() && near.units.empty() && box.min_x >= 0 && box.min_y >= 0 &&
        box.max_x <= sc.width && box.max_y <= sc.height)
      lo = hi;
  }
  while (lo < hi) {
    const std::int64_t mid = (lo + hi + 1) / 2;
    if (path_clear(u, *b1, geo::polar(dir, mid), -1, &near))
      lo = mid;
    else
      hi = mid - 1;
  }
  if (lo == 0) return std::nullopt;
  const geo::Base end = b1->translated(geo::polar(dir, lo));
  // 1.8: contact with an enemy is made by charging, not by a march.
  for (int w = 0; w < ohw_->num_units(); ++w)
    if (side_of(w) != side_of(u) && unit(w).on_table &&
        !bases_beyond(end, unit(w).base, geo::kPlacementSlack) &&
        geo::within_distance(end, unit(w).base, geo::kPlacementSlack))
      return std::nullopt;
  return end;
}

std::optional<geo::Base> OhwState::move_result(int u, int code) const {
  const geo::Base& start = unit(u).base;
  if (code == act::kHold) return start;
  if (code >= act::kMarchCode && code < act::kMarchCode + 6 * OhwGame::kMaxGoals) {
    auto end = march_end(u, (code - act::kMarchCode) / 6);
    if (!end) return std::nullopt;
    return turned(
        u, *end,
        geo::Angle::degrees(kPostTurns[static_cast<std::size_t>((code - act::kMarchCode) % 6)]));
  }
  if (code < 1 || code >= act::kChargeCode) return std::nullopt;
  const int c = code - 1;
  const int pre = c / (kNumDistances * 6), dist = (c / 6) % kNumDistances, post = c % 6;
  if (pre >= static_cast<int>(kPreTurns.size())) return std::nullopt;
  const geo::Angle t1 = geo::Angle::degrees(kPreTurns[static_cast<std::size_t>(pre)]);
  const geo::Angle t2 = geo::Angle::degrees(kPostTurns[static_cast<std::size_t>(post)]);
  if (unit(u).type == UnitType::kWagon) {
    // S3: wagons move only straight along a road, without turning; +3" when the whole move is
    // on it (it always is).
    if (pre != 0 || post != 0 || dist == 0) return std::nullopt;
    const std::int64_t len =
        dist == kRoadDistance ? allowance(u) + kThree : allowance(u) * dist / 4;
    const geo::Vec w = geo::polar(start.heading(), len);
    if (!game::table::along_one_stretch(ohw_->scenario_data().roads, start.centre(),
                                        start.centre() + w) ||
        !path_clear(u, start, w))
      return std::nullopt;
    return start.translated(w);
  }
  if (dist == 0) {  // a turn in place (1.4): one turn only
    if (post != 0 || pre == 0) return std::nullopt;
    return turned(u, start, t1);
  }
  // 1.4: one turn about the centre before the straight move (1.0) ...
  auto b1 = turned(u, start, t1);
  if (!b1) return std::nullopt;
  std::int64_t length = allowance(u) * dist / 4;              // 1.1
  if (dist == kRoadDistance) length = allowance(u) + kThree;  // 1.2 iv: the road adds 3"
  const geo::Vec v = geo::polar(b1->heading(), length);
  // 1.2 iv (O-10): only along a road, the centre on its line from start to end.
  if (dist == kRoadDistance &&
      !game::table::along_one_stretch(ohw_->scenario_data().roads, b1->centre(), b1->centre() + v))
    return std::nullopt;
  if (!path_clear(u, *b1, v)) return std::nullopt;
  // ... and one after it.
  return turned(u, b1->translated(v), t2);
}

// ---------------------------------------------------------------------------------------------
// Line of sight and arcs

bool OhwState::line_of_sight(geo::Point p, geo::Point q, int a, int b) const {
  return line_of_sight(p, q, a, b, nullptr);
}

bool OhwState::units_within_gap(int v, int w, const SightCandidates* only) const {
  // Bases whose boxes are more than 3" apart are more than 3" apart (a quick refusal).
  auto plain = [&] {
    return !more_than_apart(box_of(unit(v).base), box_of(unit(w).base), kThree) &&
           geo::distance_sq(unit(v).base, unit(w).base).less_than(kThree);
  };
  if (!only) return plain();
  std::int8_t& known =
      only->gap[static_cast<std::size_t>(std::min(v, w) * ohw_->num_units() + std::max(v, w))];
  if (known < 0) known = plain() ? 1 : 0;
  return known == 1;
}

bool OhwState::line_of_sight(geo::Point p, geo::Point q, int a, int b,
                             const SightCandidates* only) const {
  const geo::Segment s{p, q};
  const Scenario& sc = ohw_->scenario_data();
  // 0.9: units block the line (running along an edge or grazing a corner does not).
  thread_local std::vector<int> close, near;
  close.clear();
  near.clear();
  const game::table::Box line{std::min(p.x, q.x), std::min(p.y, q.y), std::max(p.x, q.x),
                              std::max(p.y, q.y)};
  const int num_units = only ? static_cast<int>(only->units.size()) : ohw_->num_units();
  for (int k = 0; k < num_units; ++k) {
    const int v = only ? only->units[static_cast<std::size_t>(k)] : k;
    if (v == a || v == b || !unit(v).on_table) continue;
    const geo::Point c = unit(v).base.centre();
    const std::int64_t r = geo::reach(unit(v).base) + kThree;
    // The centre further than r from the line's box is further than r from the line.
    if (more_than_apart(line, {c.x, c.y, c.x, c.y}, r) || !geo::within_distance(c, s, r)) continue;
    if (geo::segment_crosses_base_interior(s, unit(v).base)) return false;
    close.push_back(v);
  }
  // 0.9 iii: the line needs a gap of 3" between the units on either side of it: the units within
  // 3" of it, worked out only when some of those it may be are on each side.
  bool left = false, right = false;
  for (const int v : close) {
    const int o = geo::orientation(p, q, unit(v).base.centre());
    left = left || o > 0;
    right = right || o < 0;
  }
  if (left && right)
    for (const int v : close)
      if (geo::within_distance(s, unit(v).base, kThree)) near.push_back(v);
  for (std::size_t i = 0; i < near.size(); ++i)
    for (std::size_t j = i + 1; j < near.size(); ++j) {
      const int oi = geo::orientation(p, q, unit(near[i]).base.centre());
      const int oj = geo::orientation(p, q, unit(near[j]).base.centre());
      if (oi * oj < 0 && units_within_gap(near[i], near[j], only)) return false;
    }
  const int num_terrain = only ? static_cast<int>(only->terrain.size()) : ohw_->num_terrain();
  for (int k = 0; k < num_terrain; ++k) {
    const int i = only ? only->terrain[static_cast<std::size_t>(k)] : k;
    const TerrainDef& t = sc.terrain[static_cast<std::size_t>(i)];
    switch (t.type) {
      case TerrainType::kObjective:
        if (game::table::crosses_polygon_interior(s, t.outline, ohw_->terrain_box(i))) return false;
        break;
      case TerrainType::kWoods:
      case TerrainType::kTown: {
        // 0.9 iv: up to 3" of woods or town may be crossed; 0.9 v: units lining the edge (any
        // part within 0.5" of it) see and are seen freely through it (O-5).
        if (game::table::length_inside_at_most(s, t.outline, ohw_->terrain_box(i), kThree)) break;
        // Whether a or b lines it does not depend on the line: kept with the candidates.
        std::int8_t* known = only ? &only->lining[static_cast<std::size_t>(i)] : nullptr;
        if (!known || *known < 0) {
          const bool lining =
              (a >= 0 && game::table::near_polygon(unit(a).base, t.outline, kInch / 2)) ||
              (b >= 0 && game::table::near_polygon(unit(b).base, t.outline, kInch / 2));
          if (!known) {
            if (!lining) return false;
            break;
          }
          *known = lining ? 1 : 0;
        }
        if (*known == 0) return false;
        break;
      }
      case TerrainType::kHill: {
        // 0.9 iv (O-7): a hill is a plateau; it blocks more than 3" of crest between two units
        // neither of which stands on it.
        if (game::table::length_inside_at_most(s, t.outline, ohw_->terrain_box(i), kThree)) break;
        const bool on = (a >= 0 && geo::point_in_polygon(unit(a).base.centre(), t.outline)) ||
                        (b >= 0 && geo::point_in_polygon(unit(b).base.centre(), t.outline));
        if (!on) return false;
        break;
      }
      default:
        break;
    }
  }
  return true;
}

std::optional<geo::SquaredDistance> OhwState::eligible_side(int u, int t, geo::Side side,
                                                            bool shooting) const {
  return eligible_side(u, t, side, shooting, -1);
}

std::optional<geo::SquaredDistance> OhwState::eligible_side(int u, int t, geo::Side side,
                                                            bool shooting,
                                                            std::int64_t range) const {
  const geo::Base& me = unit(u).base;
  const geo::Base& target = unit(t).base;
  const geo::Point origin = me.side_midpoint(geo::Side::kFront);  // 0.9: from the front centre
  const geo::Segment seg = target.side(side);
  const bool half_plane = shooting && in_redoubt(u);  // 5.4: a 180-degree field of fire
  // The target's own base hides its far sides: a side is seen only from the outer side of its
  // line (or along it). Judged on the exact corners, not on rounded sample points, whose rounding
  // could put a point a hundredth of an inch inside the base.
  if (geo::orientation(seg.a, seg.b, origin) != 0 &&
      geo::orientation(seg.a, seg.b, origin) == geo::orientation(seg.a, seg.b, target.centre()))
    return std::nullopt;
  // 0.6 and 0.9 ii (O-4): at least half the side and all of it or at least 3", so at least
  // `least` sample points seen (the test at the end, (seen - 1) * len >= need * kSamples with
  // seen >= 2, solved for seen).
  const std::int64_t len = side_length(target, side);
  const std::int64_t need = std::max((len + 1) / 2, std::min(len, kThree));
  const std::int64_t least = std::max<std::int64_t>(2, 1 + (need * kSamples + len - 1) / len);
  // The sample points in the arc: too few of them, or none in range, and no line is looked along.
  std::array<geo::Point, kSamples + 1> points;
  int open = 0;
  bool in_range = range < 0;
  for (int i = 0; i <= kSamples; ++i) {
    // An offset from the side's first corner, rounded toward zero: the samples then turn and
    // shift with the base exactly, so the answer does not depend on where the table is or which
    // way it faces (Ohw_Properties.QuarterTurnsAndShifts*).
    const geo::Point p =
        seg.a + geo::Vec{(seg.b.x - seg.a.x) * i / kSamples, (seg.b.y - seg.a.y) * i / kSamples};
    // 0.5 (O-3): inside the front arc, boundary included.
    const bool in_arc =
        half_plane ? geo::dot(p - origin, me.forward_half()) >= 0 : geo::in_front_arc(me, p);
    if (!in_arc) continue;
    points[static_cast<std::size_t>(open++)] = p;
    in_range = in_range || geo::distance_sq(origin, p).within(range);
  }
  if (open < least || !in_range) return std::nullopt;
  // Every line looked along below lies in the box of the origin and the side: what is apart
  // from that box is apart from each line's (line_of_sight() would skip it by the same tests).
  game::table::Box region{
      std::min({origin.x, seg.a.x, seg.b.x}), std::min({origin.y, seg.a.y, seg.b.y}),
      std::max({origin.x, seg.a.x, seg.b.x}), std::max({origin.y, seg.a.y, seg.b.y})};
  thread_local SightCandidates candidates;
  candidates.units.clear();
  candidates.terrain.clear();
  candidates.lining.assign(static_cast<std::size_t>(ohw_->num_terrain()), -1);
  candidates.gap.assign(static_cast<std::size_t>(ohw_->num_units() * ohw_->num_units()), -1);
  for (int v = 0; v < ohw_->num_units(); ++v) {
    if (v == u || v == t || !unit(v).on_table) continue;
    const geo::Point c = unit(v).base.centre();
    if (!more_than_apart(region, {c.x, c.y, c.x, c.y}, geo::reach(unit(v).base) + kThree))
      candidates.units.push_back(v);
  }
  for (int i = 0; i < ohw_->num_terrain(); ++i) {
    // A polygon whose box has a gap from the region's is not crossed, nor entered for any length.
    const game::table::Box& tb = ohw_->terrain_box(i);
    if (!more_than_apart(region, tb, 0)) candidates.terrain.push_back(i);
  }
  int seen = 0;
  std::optional<geo::SquaredDistance> best;
  for (int k = 0; k < open; ++k) {
    // Stop when even every point left seen would be too few.
    if (seen + (open - k) < least) return std::nullopt;
    const geo::Point p = points[static_cast<std::size_t>(k)];
    if (!line_of_sight(origin, p, u, t, &candidates)) continue;
    ++seen;
    const auto d = geo::distance_sq(origin, p);
    if (!best || d < *best) best = d;
  }
  if (seen < 2 || (seen - 1) * len < need * kSamples) return std::nullopt;
  if (range >= 0 && !best->within(range)) return std::nullopt;
  return best;
}

// ---------------------------------------------------------------------------------------------
// Terrain states

bool OhwState::within_terrain(int u, TerrainType type) const {
  for (const auto& t : ohw_->scenario_data().terrain)
    if (t.type == type && geo::base_within_polygon(unit(u).base, t.outline)) return true;  // 0.8
  return false;
}

bool OhwState::at_river_crossing(int u) const {
  for (const auto& t : ohw_->scenario_data().terrain)
    if ((t.type == TerrainType::kFord || t.type == TerrainType::kBridge) &&
        (geo::base_overlaps_polygon(unit(u).base, t.outline) ||
         geo::base_within_polygon(unit(u).base, t.outline)))
      return true;  // O-11: any part in the crossing
  return false;
}

bool OhwState::uphill_of(int u, int other) const {
  // O-7: u's centre on a hill (at least about half its base), the other's centre off it.
  for (const auto& t : ohw_->scenario_data().terrain)
    if (t.type == TerrainType::kHill && geo::point_in_polygon(unit(u).base.centre(), t.outline) &&
        !geo::point_in_polygon(unit(other).base.centre(), t.outline))
      return true;
  return false;
}

bool OhwState::is_fort(int u) const {
  return ohw_->rules().fort && within_terrain(u, TerrainType::kTown);
}

bool OhwState::in_redoubt(int u) const {
  return ohw_->rules().redoubt && is_foot(u) && within_terrain(u, TerrainType::kRedoubt);
}

// ---------------------------------------------------------------------------------------------
// Contact and melee obligations

bool OhwState::in_melee(int u) const {
  for (int v = 0; v < ohw_->num_units(); ++v)
    if (side_of(v) != side_of(u) && unit(v).on_table &&
        geo::edge_contact(unit(u).base, unit(v).base, geo::kPlacementSlack))
      return true;
  return false;
}

std::optional<geo::Side> OhwState::front_contact(int u, int t) const {
  auto c = geo::edge_contact(unit(u).base, unit(t).base, geo::kPlacementSlack);
  if (!c || c->side_a != geo::Side::kFront) return std::nullopt;
  return c->side_b;
}

namespace {
bool contacted_on(const OhwState& s, int u, geo::Side side, int* who = nullptr) {
  for (int v = 0; v < s.ohw().num_units(); ++v) {
    if (s.side_of(v) == s.side_of(u) || !s.unit(v).on_table) continue;
    auto c = geo::edge_contact(s.unit(u).base, s.unit(v).base, geo::kPlacementSlack);
    if (c && c->side_a == side) {
      if (who) *who = v;
      return true;
    }
  }
  return false;
}
}  // namespace

bool OhwState::must_fight(int u) const {
  if (!unit(u).on_table || (unit(u).flags & kFought) || unit(u).type == UnitType::kWagon)
    return false;
  for (int t = 0; t < ohw_->num_units(); ++t) {
    if (side_of(t) == side_of(u) || !unit(t).on_table || unit(t).type == UnitType::kWagon ||
        !front_contact(u, t))
      continue;
    if (is_fort(t)) continue;  // 5.1: no melee with units in a fort
    if ((unit(u).flags & kCharged) && in_redoubt(t)) continue;  // 5.4 (O-34): delayed a turn
    return true;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// Turning to face in melee (1.5)

std::optional<std::vector<std::pair<int, geo::Base>>> OhwState::turn_to_face(int u,
                                                                             geo::Side side) const {
  if (!unit(u).on_table || unit(u).type == UnitType::kWagon || side == geo::Side::kFront)
    return std::nullopt;
  // 1.5: only with no enemy on the front, and to face an enemy touching that flank or the rear.
  if (contacted_on(*this, u, geo::Side::kFront) || !contacted_on(*this, u, side))
    return std::nullopt;
  const geo::Base& me = unit(u).base;
  const geo::Base nb =
      me.rotated_about_centre(geo::Angle::degrees(side == geo::Side::kLeft    ? 90
                                                  : side == geo::Side::kRight ? -90
                                                                              : 180));
  std::vector<std::pair<int, geo::Base>> out{{u, nb}};
  if (side == geo::Side::kBack) return out;  // 1.5: an about-face covers the same ground
  // 1.5 (O-15): a quarter turn pulls two sides of the base in and pushes two out; every enemy in
  // contact keeps its heading and is moved onto the line of the turned side that now faces it,
  // and along that line only as far as contact needs (all of the shorter side, or 3", as a
  // charge makes it: 1.8 iii, O-16). That is the least move that keeps it in contact without
  // overlap.
  for (int e = 0; e < ohw_->num_units(); ++e) {
    if (side_of(e) == side_of(u) || !unit(e).on_table) continue;
    const geo::Base& eb = unit(e).base;
    const auto c = geo::edge_contact(me, eb, geo::kPlacementSlack);
    if (!c) continue;
    const geo::Angle normal = me.heading() + geo::side_normal(c->side_a);
    geo::Side ns = geo::Side::kFront;
    for (geo::Side t : geo::kAllSides)
      if (nb.heading() + geo::side_normal(t) == normal) ns = t;
    const geo::Segment target = nb.side(ns);
    const geo::Vec along = target.b - target.a;
    const auto length = static_cast<std::int64_t>(
        geo::isqrt(static_cast<geo::UInt128>(geo::squared_length(along))));
    // Where the middle of e's touching side is along nb's side, from its middle (the measure of
    // place_in_contact's offset).
    std::int64_t offset =
        geo::dot(eb.side_midpoint(c->side_b) - nb.side_midpoint(ns), along) / length;
    const std::int64_t lt = side_length(nb, ns), lm = side_length(eb, c->side_b);
    const std::int64_t most = (lt + lm) / 2 - std::min({lt, lm, kThree});
    offset = std::clamp(offset, -most, most);
    out.emplace_back(e, geo::place_in_contact(nb, ns, eb, c->side_b, offset));
  }
  // Everything moved must stand clear: on the table, off ground impassable to it, overlapping no
  // other base (a friend of the turning unit is not moved for it: it is not in contact in the
  // sense of 1.5).
  const Scenario& sc = ohw_->scenario_data();
  for (std::size_t i = 0; i < out.size(); ++i) {
    const auto& [w, b] = out[i];
    if (!base_on_table(b, sc)) return std::nullopt;
    for (int t = 0; t < ohw_->num_terrain(); ++t)
      if (blocks(w, t) && ohw_->base_overlaps_terrain(b, t)) return std::nullopt;
    for (int v = 0; v < ohw_->num_units(); ++v) {
      if (v == w || !unit(v).on_table) continue;
      const auto moved =
          std::find_if(out.begin(), out.end(), [v](const auto& m) { return m.first == v; });
      if (geo::overlaps(b, moved == out.end() ? unit(v).base : moved->second)) return std::nullopt;
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Charges (1.8)

std::optional<geo::Base> OhwState::charge_result(int u, int t, geo::Side side) const {
  if (side_of(u) == side_of(t) || !unit(t).on_table || !unit(u).on_table) return std::nullopt;
  if (unit(u).type == UnitType::kWagon) return std::nullopt;  // S3: wagons never charge
  if (in_melee(u)) return std::nullopt;  // 1.5 (O-17): units in melee do not move
  if (is_fort(t)) return std::nullopt;   // 5.1 (O-31)
  const geo::Base& target = unit(t).base;
  // 1.8 ii: one contact per side of a unit.
  for (int w = 0; w < ohw_->num_units(); ++w)
    if (side_of(w) == side_of(u) && unit(w).on_table) {
      auto c = geo::edge_contact(target, unit(w).base, geo::kPlacementSlack);
      if (c && c->side_a == side) return std::nullopt;
    }
  return charge_contact(u, t, side);
}

std::optional<geo::Base> OhwState::charge_contact(int u, int t, geo::Side side,
                                                  bool in_reach) const {
  const geo::Base& me = unit(u).base;
  const geo::Base& target = unit(t).base;
  // Quick refusals before the line-of-sight work: too far (unless the caller has just found the
  // two within reach), or the contact heading needs more than the 45-degree turn (both are
  // re-checked exactly below).
  if (!in_reach &&
      (bases_beyond(me, target, allowance(u)) || !geo::within_distance(me, target, allowance(u))))
    return std::nullopt;
  const geo::Angle facing = target.heading() + geo::side_normal(side) + geo::Angle::degrees(180);
  if ((facing - me.heading()).abs_units() > geo::kEighthTurn) return std::nullopt;
  // 1.8 note: the charger must be wholly beyond the line of the side it contacts.
  if (!geo::wholly_beyond_side(target, side, me)) return std::nullopt;
  // 0.5, 0.6, 0.9: the side seen in the front arc; 1.8 iii: the approach is measured from the
  // front centre to the nearest seen point, at most the move (no road bonus).
  if (!eligible_side(u, t, side, false, allowance(u))) return std::nullopt;
  for (std::int64_t offset : {std::int64_t{0}, kInch / 2, -kInch / 2, kInch, -kInch}) {
    // 1.8 iii: full edge contact, centred if possible, else at least 3" of a front or rear.
    const geo::Base fin = geo::place_in_contact(target, side, me, geo::Side::kFront, offset);
    // 1.8 i: a single turn of at most 45 degrees, at the start only (O-37: none at the end).
    const geo::Angle turn = fin.heading() - me.heading();
    if (turn.abs_units() > geo::kEighthTurn) return std::nullopt;
    auto c = geo::edge_contact(fin, target, geo::kPlacementSlack);
    if (!c || c->side_a != geo::Side::kFront || c->side_b != side) continue;
    const std::int64_t len = side_length(target, side);
    if (!c->covers_side_b && c->shared_length_sq.less_than(std::min(len, kThree))) continue;
    auto b1 = turned(u, me, turn);
    if (!b1 || b1->centre() != me.centre()) continue;
    const geo::Vec v = fin.centre() - b1->centre();
    if (!path_clear(u, *b1, v)) continue;
    // O-38: the charger touches no other enemy.
    bool other = false;
    for (int w = 0; w < ohw_->num_units() && !other; ++w)
      other = w != t && side_of(w) != side_of(u) && unit(w).on_table &&
              geo::intersects(fin, unit(w).base);
    if (other) continue;
    return fin;
  }
  return std::nullopt;
}

// ---------------------------------------------------------------------------------------------
// Shooting (2.0-2.4)

bool OhwState::may_shoot(int u) const {
  const UnitState& us = unit(u);
  if (!us.on_table || (us.flags & (kShot | kMoved))) return false;  // 1.6 (O-18)
  // 2.0: archers shoot; 5.2 and 5.3: so do irregulars and peasant archers.
  if (us.type != UnitType::kArchers && us.type != UnitType::kIrregulars &&
      us.type != UnitType::kPeasantArchers)
    return false;
  return !in_melee(u);  // O-20
}

bool OhwState::may_shoot_at(int u, int t) const {
  if (side_of(u) == side_of(t) || !unit(t).on_table || unit(t).type == UnitType::kWagon)
    return false;
  if (bases_beyond(unit(u).base, unit(t).base, 12 * kInch) ||
      !geo::within_distance(unit(u).base, unit(t).base, 12 * kInch))
    return false;  // quick refusal
  for (geo::Side s : geo::kAllSides) {
    if (eligible_side(u, t, s, true, 12 * kInch)) return true;  // 2.1 arc, 2.4 LoS, 2.2: 12"
  }
  return false;
}

namespace {
// O-22: multiply the factors, round up once.
int round_up(int base, int halvings, bool doubled) {
  const int num = base * (doubled ? 2 : 1);
  const int den = 1 << halvings;
  return (num + den - 1) / den;
}
}  // namespace

HitFactors OhwState::shooting_hits(int u, int t, int die) const {
  HitFactors h;
  h.die = die;
  // 2.3: d6 + 2 for archers; 5.2: irregulars d6 - 2; 5.3 (O-33): peasant archers d6.
  h.modifier = unit(u).type == UnitType::kArchers      ? 2
               : unit(u).type == UnitType::kIrregulars ? -2
                                                       : 0;
  h.base_hits = std::max(0, die + h.modifier);  // O-23
  // 2.3 i: cover in a town or woods; 5.4: in a redoubt.
  h.terrain = within_terrain(t, TerrainType::kTown) || within_terrain(t, TerrainType::kWoods) ||
              in_redoubt(t);
  h.armour = unit(t).type == UnitType::kMenAtArms;  // 2.3 ii
  h.hits = round_up(h.base_hits, int{h.terrain} + int{h.armour}, false);
  return h;
}

HitFactors OhwState::melee_hits(int u, int t, int die) const {
  HitFactors h;
  h.die = die;
  // 3.2: knights +2, archers -2; 5.2: irregulars -2; 5.3: peasant archers fight as levies.
  switch (unit(u).type) {
    case UnitType::kKnights:
      h.modifier = 2;
      break;
    case UnitType::kArchers:
    case UnitType::kIrregulars:
      h.modifier = -2;
      break;
    default:
      h.modifier = 0;
  }
  h.base_hits = std::max(0, die + h.modifier);  // O-23
  const Scenario& sc = ohw_->scenario_data();
  bool oath = false;
  if (sc.oath_radius > 0 && side_of(t) == sc.oath_side)
    for (const auto& ter : sc.terrain)
      if (ter.type == TerrainType::kObjective &&
          game::table::near_polygon(unit(t).base, ter.outline, sc.oath_radius))
        oath = true;
  // 3.2 i: terrain halving once (O-22) for a town or woods, a river crossing, or uphill.
  h.terrain = within_terrain(t, TerrainType::kTown) || within_terrain(t, TerrainType::kWoods) ||
              at_river_crossing(t) || uphill_of(t, u) || oath;
  h.armour = unit(t).type == UnitType::kMenAtArms;  // 3.2 ii
  auto side = front_contact(u, t);
  h.flank = side && *side != geo::Side::kFront;  // 3.2 iii (O-25)
  h.hits = round_up(h.base_hits, int{h.terrain} + int{h.armour}, h.flank);
  return h;
}

// ---------------------------------------------------------------------------------------------
// Legal actions per phase

void OhwState::legal_moves(std::vector<game::Action>& out) const {
  if (selected_ < 0) {
    out.push_back(act::kEndPhase);
    for (int u = 0; u < ohw_->num_units(); ++u)
      if (side_of(u) == track_.active && unit(u).on_table && !(unit(u).flags & kActed))
        out.push_back(act::kSelectBase + u);
    return;
  }
  const int u = selected_;
  out.push_back(act::kMoveBase + act::kHold);
  // The demolition code is pushed last (it is the highest code) after the other candidates.
  const bool demolish = may_demolish(u);
  if (in_melee(u)) {
    if (unit(u).type == UnitType::kWagon) return;  // a wagon held by the enemy cannot move
    // 1.5: only a turn to face an enemy on a flank or the rear, and only when the front is free.
    for (geo::Side s : {geo::Side::kLeft, geo::Side::kBack, geo::Side::kRight})
      if (turn_to_face(u, s)) out.push_back(act::kMoveBase + act::kFaceCode + static_cast<int>(s));
    return;
  }
  const geo::Base& start = unit(u).base;
  if (unit(u).type == UnitType::kWagon) {
    for (int pre = 0; pre < static_cast<int>(kPreTurns.size()); ++pre)
      for (int dist = 0; dist < kNumDistances; ++dist)
        for (int post = 0; post < 6; ++post) {
          if (dist == 0 && (post != 0 || pre == 0)) continue;
          const int code = move_code(pre, dist, post);
          if (move_result(u, code)) out.push_back(act::kMoveBase + code);
        }
  } else {
    // The codes move_result() accepts, in the same order, with each turn before the move and
    // each straight move worked out once for all the codes that share it (move_result() does the
    // same steps for one code).
    // The rotations of the start base about its centre by multiples of 15 degrees, made once
    // (at most 24): the turns before a move try them, and the turns after it try them moved to
    // where each move ends, as every turn is a multiple of 15 degrees (geo::Base::translated()
    // keeps the half vectors, which depend only on the size and the heading: the same bases as
    // rotating the moved base).
    std::array<std::optional<geo::Base>, 24> spun;
    auto spin = [&](geo::Angle a) -> const geo::Base& {
      const std::int32_t k = a.units() / (15 * geo::kAngleUnitsPerDegree);
      auto& r = spun[static_cast<std::size_t>(k)];
      if (!r) r = start.rotated_about_centre(a);
      return *r;
    };
    for (int pre = 0; pre < static_cast<int>(kPreTurns.size()); ++pre) {
      const geo::Angle t1 = geo::Angle::degrees(kPreTurns[static_cast<std::size_t>(pre)]);
      const auto b1 = turned(u, start, t1, nullptr, spin, geo::Vec{});
      if (!b1) continue;
      // b1 is start turned by t1, slid by `slid` (a quarter turn may slide it, O-14).
      const geo::Vec slid = b1->centre() - start.centre();
      // What the straight moves may meet, looked for once for the longest (the road move's): the
      // shorter ones' sweeps lie inside its box (polar() rounds each component monotonically
      // with the length).
      thread_local PathCandidates ahead;
      path_candidates(u, *b1, geo::polar(b1->heading(), allowance(u) + kThree), -1, ahead);
      for (int dist = 0; dist < kNumDistances; ++dist) {
        if (dist == 0) {  // a turn in place
          if (pre != 0) out.push_back(act::kMoveBase + move_code(pre, 0, 0));
          continue;
        }
        std::int64_t length = allowance(u) * dist / 4;
        if (dist == kRoadDistance) length = allowance(u) + kThree;
        const geo::Vec v = geo::polar(b1->heading(), length);
        if (dist == kRoadDistance &&
            !game::table::along_one_stretch(ohw_->scenario_data().roads, b1->centre(),
                                            b1->centre() + v))
          continue;
        if (!path_clear(u, *b1, v, -1, &ahead)) continue;
        const geo::Base moved = b1->translated(v);
        // The last turns of the same base: what may stand in their way looked for once.
        thread_local StandCandidates near;
        stand_candidates(u, moved, kTurnSlide, near);
        for (int post = 0; post < 6; ++post)
          if (turned(
                  u, moved, geo::Angle::degrees(kPostTurns[static_cast<std::size_t>(post)]), &near,
                  [&](geo::Angle a) -> const geo::Base& { return spin(t1 + a); }, slid + v))
            out.push_back(act::kMoveBase + move_code(pre, dist, post));
      }
    }
  }
  for (int t = 0; t < ohw_->num_units(); ++t) {
    if (side_of(t) == side_of(u) || !unit(t).on_table) continue;
    // charge_result() for each side, its checks of the two units made once for all four (u is
    // not in melee here), and none of it for a target out of reach.
    if (!unit(u).on_table || unit(u).type == UnitType::kWagon ||
        bases_beyond(start, unit(t).base, allowance(u)) || is_fort(t) ||
        !geo::within_distance(start, unit(t).base, allowance(u)))
      continue;
    unsigned taken = 0;  // 1.8 ii: the sides of t a friend of u already touches
    for (int w = 0; w < ohw_->num_units(); ++w)
      if (side_of(w) == side_of(u) && unit(w).on_table)
        if (auto c = geo::edge_contact(unit(t).base, unit(w).base, geo::kPlacementSlack))
          taken |= 1u << static_cast<int>(c->side_a);
    for (geo::Side s : geo::kAllSides)
      if (!(taken & (1u << static_cast<int>(s))) && charge_contact(u, t, s, true))
        out.push_back(act::kMoveBase + act::kChargeCode + 4 * t + static_cast<int>(s));
  }
  if (demolish) out.push_back(act::kMoveBase + act::kDemolishCode);
  // O-8a: a march on each of the scenario's goals, with each last turn.
  for (int g = 0; g < static_cast<int>(ohw_->goals().size()); ++g)
    if (auto end = march_end(u, g)) {
      thread_local StandCandidates near;
      stand_candidates(u, *end, kTurnSlide, near);
      for (int q = 0; q < static_cast<int>(kPostTurns.size()); ++q)
        if (turned(u, *end, geo::Angle::degrees(kPostTurns[static_cast<std::size_t>(q)]), &near))
          out.push_back(act::kMoveBase + act::kMarchCode + 6 * g + q);
    }
}

void OhwState::legal_shots(std::vector<game::Action>& out) const {
  for (int u = 0; u < ohw_->num_units(); ++u) {
    if (side_of(u) != track_.active || !may_shoot(u)) continue;
    for (int t = 0; t < ohw_->num_units(); ++t)
      if (may_shoot_at(u, t)) out.push_back(act::kShootBase + 64 * u + t);
  }
}

void OhwState::legal_melee(std::vector<game::Action>& out) const {
  out.clear();
  for (int u = 0; u < ohw_->num_units(); ++u) {
    if (side_of(u) != track_.active || !must_fight(u)) continue;
    // O-24: a unit whose front touches enemies fights one of them, the owner's choice.
    for (int t = 0; t < ohw_->num_units(); ++t) {
      if (side_of(t) == side_of(u) || !unit(t).on_table || unit(t).type == UnitType::kWagon ||
          !front_contact(u, t) || is_fort(t))
        continue;
      if ((unit(u).flags & kCharged) && in_redoubt(t)) continue;
      out.push_back(act::kMeleeBase + 64 * u + t);
    }
  }
}

void OhwState::do_move(int code) {
  const int u = selected_;
  const std::string text = logging() ? action_to_string(act::kMoveBase + code) : std::string();
  selected_ = -1;
  UnitState& us = units_[static_cast<std::size_t>(u)];
  us.flags |= kActed;
  if (code == act::kHold) return;
  if (code == act::kDemolishCode) {
    // S2: the unit neither moves, shoots nor fights this player turn.
    us.flags |= kMoved | kShot | kFought;
    demolition_tried_ = true;
    pending_ = {PendingKind::kDemolish, static_cast<std::int8_t>(u), -1};
    return;
  }
  if (code >= act::kMarchCode) {
    us.base = *move_result(u, code);
    us.flags |= kMoved;
    emit("move", text, "ohw 1.0");
    return;
  }
  if (code >= act::kFaceCode) {
    // 1.5: the turn, and the others in contact moved the least that keeps them in contact.
    const std::vector<std::pair<int, geo::Base>> moved =
        turn_to_face(u, static_cast<geo::Side>(code - act::kFaceCode))
            .value_or(std::vector<std::pair<int, geo::Base>>{});
    for (const auto& [w, b] : moved) units_[static_cast<std::size_t>(w)].base = b;
    emit("face",
         fmt::format("{} to face {} enemy", game::table::says(unit_name(u), "turns"),
                     game::table::its_for(unit_name(u))),
         "ohw 1.5");
    return;
  }
  if (code >= act::kChargeCode) {
    const int t = (code - act::kChargeCode) / 4;
    us.base = *charge_result(u, t, static_cast<geo::Side>((code - act::kChargeCode) % 4));
    us.flags |= kMoved | kCharged;
    emit("charge", game::table::says(unit_name(u), "charges") + " " + unit_name(t), "ohw 1.8");
    return;
  }
  us.base = *move_result(u, code);
  us.flags |= kMoved;
  emit("move", text, "ohw 1.0");
}

}  // namespace carroccio::ohw
