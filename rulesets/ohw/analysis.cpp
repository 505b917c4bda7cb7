// The ohw evaluation and the agents' candidate moves (docs/ai.md, "One-Hour Wargames").
//
// Nothing here is a rule: the rules are in rules.cpp and victory.cpp and are only queried. The
// evaluation estimates, in "unit values" (about 1 per fresh unit), what each side has and can
// expect: strength left, hits about to be struck (melee in contact, shots open, charges in
// reach, doubled against a flank or rear), and progress toward the scenario's victory
// conditions with the turns left; the difference is squashed into [-1, 1].
#include "rulesets/ohw/analysis.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <queue>

#include "game/table/geometry.hpp"
#include "rulesets/ohw/state.hpp"

namespace carroccio::ohw {

// ---------------------------------------------------------------------------------------------
// Distance fields

namespace {

constexpr std::int64_t kCell = kInch;

bool impassable_type(TerrainType t, bool woods_open) {
  switch (t) {
    case TerrainType::kWoods:
      return !woods_open;  // 1.2 iii, 5.2, 5.3
    case TerrainType::kRiver:
    case TerrainType::kMarsh:
    case TerrainType::kLake:
    case TerrainType::kObjective:
      return true;  // 1.2 ii, 1.2 iii
    default:
      return false;
  }
}

DistanceField make_field(const Scenario& sc, const std::vector<char>& goal,
                         const std::vector<char>& blocked, int nx, int ny) {
  std::vector<std::int32_t> d(static_cast<std::size_t>(nx * ny), DistanceField::kUnreachable);
  using Item = std::pair<std::int32_t, int>;
  std::priority_queue<Item, std::vector<Item>, std::greater<>> open;
  for (int i = 0; i < nx * ny; ++i)
    if (goal[static_cast<std::size_t>(i)] && !blocked[static_cast<std::size_t>(i)]) {
      d[static_cast<std::size_t>(i)] = 0;
      open.push({0, i});
    }
  (void)sc;
  while (!open.empty()) {
    const auto [dist, i] = open.top();
    open.pop();
    if (dist > d[static_cast<std::size_t>(i)]) continue;
    const int x = i % nx, y = i / nx;
    for (int dy = -1; dy <= 1; ++dy)
      for (int dx = -1; dx <= 1; ++dx) {
        if (dx == 0 && dy == 0) continue;
        const int X = x + dx, Y = y + dy;
        if (X < 0 || Y < 0 || X >= nx || Y >= ny) continue;
        const int j = Y * nx + X;
        if (blocked[static_cast<std::size_t>(j)]) continue;
        const std::int32_t nd = dist + (dx != 0 && dy != 0 ? 141 : 100);
        if (nd < d[static_cast<std::size_t>(j)]) {
          d[static_cast<std::size_t>(j)] = nd;
          open.push({nd, j});
        }
      }
  }
  return DistanceField(nx, ny, std::move(d));
}

// p is inside the polygon and at least r from its boundary: a base centred there lies wholly
// within it whichever way it faces, when r is half the base's width (0.8, O-6).
bool inside_by(geo::Point p, const geo::Polygon& poly, std::int64_t r) {
  if (!geo::point_in_polygon(p, poly)) return false;
  for (std::size_t i = 0; i < poly.size(); ++i)
    if (geo::distance_sq(p, geo::Segment{poly[i], poly[(i + 1) % poly.size()]}).less_than(r))
      return false;
  return true;
}

}  // namespace

std::int32_t DistanceField::at(geo::Point p) const {
  if (nx_ == 0) return kUnreachable;
  const int x = static_cast<int>(std::clamp<std::int64_t>(p.x / kCell, 0, nx_ - 1));
  const int y = static_cast<int>(std::clamp<std::int64_t>(p.y / kCell, 0, ny_ - 1));
  std::int32_t best = d_[static_cast<std::size_t>(y * nx_ + x)];
  if (best != kUnreachable) return best;
  for (int r = 1; r <= 2; ++r)
    for (int dy = -r; dy <= r; ++dy)
      for (int dx = -r; dx <= r; ++dx) {
        const int X = x + dx, Y = y + dy;
        if (X < 0 || Y < 0 || X >= nx_ || Y >= ny_) continue;
        const std::int32_t v = d_[static_cast<std::size_t>(Y * nx_ + X)];
        if (v != kUnreachable)
          best = std::min(best, v + 100 * std::max(std::abs(dx), std::abs(dy)));
      }
  return best;
}

AiMaps build_ai_maps(const Scenario& sc) {
  AiMaps maps;
  std::vector<int> goals;
  for (const auto& v : sc.victory)
    if (v.kind == VictoryKind::kObjectiveContact || v.kind == VictoryKind::kUnitsInZone ||
        v.kind == VictoryKind::kZonePoints)
      for (int z : v.zones)
        if (std::find(goals.begin(), goals.end(), z) == goals.end()) goals.push_back(z);
  if (goals.empty()) return maps;
  const int nx = static_cast<int>((sc.width + kCell - 1) / kCell);
  const int ny = static_cast<int>((sc.height + kCell - 1) / kCell);
  auto centre = [&](int i) {
    return geo::Point{(i % nx) * kCell + kCell / 2, (i / nx) * kCell + kCell / 2};
  };
  for (int z : goals) {
    AiMaps::Goal g;
    g.terrain = z;
    const TerrainDef& target = sc.terrain[static_cast<std::size_t>(z)];
    const bool touch = target.type == TerrainType::kObjective;
    for (int woods = 0; woods < 2; ++woods)
      for (int broken = 0; broken < 2; ++broken) {
        std::vector<char> blocked(static_cast<std::size_t>(nx * ny), 0), goal(blocked);
        for (int i = 0; i < nx * ny; ++i) {
          const geo::Point c = centre(i);
          for (int t = 0; t < static_cast<int>(sc.terrain.size()); ++t) {
            const TerrainDef& ter = sc.terrain[static_cast<std::size_t>(t)];
            const bool closed = impassable_type(ter.type, woods != 0) ||
                                (broken != 0 && t == sc.demolition.terrain);
            if (closed && (geo::point_in_polygon(c, ter.outline) ||
                           geo::distance_sq(c, std::span<const geo::Point>(ter.outline))
                               .less_than(sc.base_width / 2)))
              blocked[static_cast<std::size_t>(i)] = 1;
          }
          // An objective is reached by touching it (a base centre within half a base width and
          // a cell of it), a zone by standing wholly in it whichever way the base faces (its
          // centre half a base width inside: 0.8, O-6).
          goal[static_cast<std::size_t>(i)] =
              touch ? geo::distance_sq(c, std::span<const geo::Point>(target.outline))
                          .within(sc.base_width / 2 + kCell)
                    : inside_by(c, target.outline, sc.base_width / 2);
        }
        g.fields[woods][broken] = make_field(sc, goal, blocked, nx, ny);
      }
    maps.goals.push_back(std::move(g));
  }
  return maps;
}

// ---------------------------------------------------------------------------------------------
// Evaluation

namespace {

// What a unit is worth against the others (a fresh unit of average use is about 1): knights move
// 12" and strike at +2 (1.1, 3.2), men-at-arms halve all hits (2.3 ii, 3.2 ii), archers shoot
// (2.0); levies and the optional types have none of these.
double unit_value(UnitType t) {
  switch (t) {
    case UnitType::kKnights:
      return 1.3;
    case UnitType::kMenAtArms:
      return 1.2;
    case UnitType::kArchers:
      return 1.1;
    case UnitType::kWagon:
      return 0.0;  // scored by its scenario term instead
    default:
      return 0.8;
  }
}

constexpr double kRemovalBonus = 0.5;  // a removed unit counts for break conditions (ohw 4)
constexpr double kObjectiveWeight = 3.0;
// S1: a unit in contact with the objective (O-39), and the share of the blows of the units in
// contact with a guard counted as landed (they strike in their Melee phase, 3.0).
constexpr double kContactBonus = 2.0;
constexpr double kGuardBlow = 0.7;
constexpr double kScale = 3.0;  // tanh(difference / kScale)
// A unit on its way to a zone counts for this share of its closeness until it is wholly in it
// (S2: only units wholly within count at the end, and one short of it may yet be stopped).
constexpr double kOnTheWay = 0.6;

int shoot_modifier(UnitType t) {  // 2.3, 5.2, 5.3
  return t == UnitType::kArchers ? 2 : t == UnitType::kIrregulars ? -2 : 0;
}
int melee_modifier(UnitType t) {  // 3.2, 5.2, 5.3
  switch (t) {
    case UnitType::kKnights:
      return 2;
    case UnitType::kArchers:
    case UnitType::kIrregulars:
      return -2;
    default:
      return 0;
  }
}
bool shoots(UnitType t) {
  return t == UnitType::kArchers || t == UnitType::kIrregulars || t == UnitType::kPeasantArchers;
}

}  // namespace

// The evaluation's working data: one pass over the units, then the terms.
class Evaluator {
 public:
  explicit Evaluator(const OhwState& s) : s_(s), sc_(s.ohw().scenario_data()) {
    const int n = s.ohw().num_units();
    live_.assign(static_cast<std::size_t>(n), false);
    melee_.assign(static_cast<std::size_t>(n), false);
    cover_.assign(static_cast<std::size_t>(n), false);
    hill_.assign(static_cast<std::size_t>(n), false);
    crossing_.assign(static_cast<std::size_t>(n), false);
    oath_.assign(static_cast<std::size_t>(n), false);
    for (int u = 0; u < n; ++u) {
      const UnitState& us = s.unit(u);
      live_[ix(u)] = us.on_table;
      if (!us.on_table) continue;
      melee_[ix(u)] = s.in_melee(u);
      cover_[ix(u)] =
          s.within_terrain(u, TerrainType::kTown) || s.within_terrain(u, TerrainType::kWoods);
      crossing_[ix(u)] = s.at_river_crossing(u);
      for (const auto& t : sc_.terrain)
        if (t.type == TerrainType::kHill && geo::point_in_polygon(us.base.centre(), t.outline))
          hill_[ix(u)] = true;
      // S1 "Oath": a unit of the sworn side near its objective halves the melee hits it takes.
      if (sc_.oath_radius > 0 && s.side_of(u) == sc_.oath_side)
        for (const auto& t : sc_.terrain)
          if (t.type == TerrainType::kObjective &&
              game::table::near_polygon(us.base, t.outline, sc_.oath_radius))
            oath_[ix(u)] = true;
    }
  }

  std::array<double, kNumSides> run() {
    for (int u = 0; u < s_.ohw().num_units(); ++u) {
      const auto side = static_cast<std::size_t>(s_.side_of(u));
      const UnitState& us = s_.unit(u);
      if (us.removed) {
        if (us.type != UnitType::kWagon) score_[side] -= kRemovalBonus;
        continue;
      }
      score_[side] += unit_value(us.type) * (15 - std::min(15, int{us.hits})) / 15.0;
    }
    combat();
    objectives();
    return score_;
  }

  // The value a side loses when `hits` more hits land on unit t (4: removal at 15).
  double loss(int t, double hits) const {
    const double left = 15 - s_.unit(t).hits;
    double v = unit_value(s_.unit(t).type) * std::min(hits, left) / 15.0;
    if (hits >= left) v += kRemovalBonus;
    return v;
  }

  // Expected value lost by t from one melee strike of u (d6 exactly), with the halvings of
  // 3.2 i-ii (S1's oath among the terrain-class ones, O-22) and the doubling against a flank or
  // rear (3.2 iii).
  double melee_loss(int u, int t, bool flank) const {
    const int halvings = int{cover_[ix(t)] || crossing_[ix(t)] || (hill_[ix(t)] && !hill_[ix(u)]) ||
                             oath_[ix(t)] || s_.is_fort(t) || s_.in_redoubt(t)} +
                         int{s_.unit(t).type == UnitType::kMenAtArms};
    return expected_loss(t, melee_modifier(s_.unit(u).type), halvings, flank);
  }
  double shot_loss(int u, int t) const {  // 2.3
    const int halvings =
        int{cover_[ix(t)] || s_.in_redoubt(t)} + int{s_.unit(t).type == UnitType::kMenAtArms};
    return expected_loss(t, shoot_modifier(s_.unit(u).type), halvings, false);
  }

  // The side of t's base that a unit at point p would meet: the one whose line p is furthest
  // beyond (in t's own frame).
  geo::Side side_facing(int t, geo::Point p) const {
    const geo::Base& b = s_.unit(t).base;
    const geo::Vec w = p - b.centre();
    const geo::Vec f = b.forward_half(), l = b.left_half();
    const double fl = std::sqrt(static_cast<double>(geo::squared_length(f)));
    const double ll = std::sqrt(static_cast<double>(geo::squared_length(l)));
    const double a = static_cast<double>(geo::dot(w, f)) / fl,
                 c = static_cast<double>(geo::dot(w, l)) / ll;
    const double beyond[4] = {a - fl, c - ll, -a - fl, -c - ll};  // front, left, back, right
    int best = 0;
    for (int i = 1; i < 4; ++i)
      if (beyond[i] > beyond[best]) best = i;
    return static_cast<geo::Side>(best);
  }

  // Whether enemy e could plausibly charge t in its next Move phase: free of melee, t within its
  // move and ahead of it (a 45-degree turn plus the 45-degree half arc, 1.8 i, 0.5).
  bool may_charge(int e, int t) const {
    if (!live_[ix(e)] || !live_[ix(t)] || melee_[ix(e)] || s_.unit(e).type == UnitType::kWagon ||
        s_.is_fort(t))
      return false;
    const geo::Base& eb = s_.unit(e).base;
    const geo::Base& tb = s_.unit(t).base;
    if (geo::dot(tb.centre() - eb.centre(), eb.forward_half()) <= 0) return false;
    return geo::distance_sq(eb, tb).within(s_.allowance(e));
  }

 private:
  static std::size_t ix(int u) { return static_cast<std::size_t>(u); }

  double expected_loss(int t, int modifier, int halvings, bool doubled) const {
    double sum = 0;
    for (int d = 1; d <= 6; ++d) {
      const int num = std::max(0, d + modifier) * (doubled ? 2 : 1);
      const int den = 1 << halvings;
      sum += loss(t, (num + den - 1) / den);
    }
    return sum / 6.0;
  }

  // Hits about to be struck: each unit's best strike, weighted by how soon and how surely it
  // comes (the side to move strikes first).
  void combat() {
    const int n = s_.ohw().num_units();
    const int active = s_.active();
    const Phase ph = s_.phase();
    const bool over = ph == Phase::kOver;
    for (int u = 0; u < n; ++u) {
      if (!live_[ix(u)] || over) continue;
      const UnitState& us = s_.unit(u);
      if (us.type == UnitType::kWagon) continue;
      const int side = s_.side_of(u);
      const bool mine = side == active;
      double best = 0;
      // Melee: a unit whose front touches an enemy strikes in its side's Melee phase (3.0).
      if (melee_[ix(u)]) {
        const bool strikes_now = mine && !(us.flags & kFought);
        for (int t = 0; t < n; ++t) {
          if (s_.side_of(t) == side || !live_[ix(t)] || s_.unit(t).type == UnitType::kWagon)
            continue;
          auto contact = s_.front_contact(u, t);
          if (!contact) continue;
          best = std::max(best, melee_loss(u, t, *contact != geo::Side::kFront) * (strikes_now ? 0.9
                                                                                   : mine ? 0.45
                                                                                          : 0.6));
        }
      } else if (!(mine && (us.flags & kCharged))) {
        // Charges in reach (1.8): this side's next Move phase, or this one if the unit has
        // not acted yet.
        const double w = mine ? ((us.flags & kActed) || ph != Phase::kMove ? 0.12 : 0.3) : 0.35;
        for (int t = 0; t < n; ++t) {
          if (s_.side_of(t) == side || !may_charge(u, t)) continue;
          const geo::Side hit = side_facing(t, us.base.centre());
          best = std::max(best, melee_loss(u, t, hit != geo::Side::kFront) * w);
        }
      }
      // Shooting (2.0-2.3): targets within 12" ahead of the archer.
      if (shoots(us.type) && !melee_[ix(u)]) {
        const bool now = mine && ph != Phase::kMelee && !(us.flags & (kShot | kMoved));
        const double w = now ? 0.8 : mine ? 0.25 : 0.45;
        for (int t = 0; t < n; ++t) {
          if (s_.side_of(t) == side || !live_[ix(t)] || s_.unit(t).type == UnitType::kWagon)
            continue;
          if (!geo::in_front_arc(us.base, s_.unit(t).base.centre()) ||
              !geo::distance_sq(us.base, s_.unit(t).base).within(12 * kInch))
            continue;
          best = std::max(best, shot_loss(u, t) * w);
        }
      }
      score_[static_cast<std::size_t>(side)] += best;
    }
  }

  // Own player turns left to side s, counting the current one while its Move phase lasts.
  int turns_left(int s) const {
    const int rest = sc_.turns - s_.turn();
    if (s == s_.active()) return rest + (s_.phase() == Phase::kMove ? 1 : 0);
    // The side not active still plays in this turn if the active side moved first in it.
    return rest + (s_.active() == s_.first() ? 1 : 0);
  }

  // How near unit u is to a goal in moves, against the turns its side has left: 1 there, 0 out
  // of reach.
  double closeness(int u, const AiMaps::Goal& g) const {
    const UnitState& us = s_.unit(u);
    const bool woods = us.type == UnitType::kIrregulars || us.type == UnitType::kPeasantArchers;
    const std::int32_t d = g.fields[woods ? 1 : 0][s_.demolished() ? 1 : 0].at(us.base.centre());
    if (d == DistanceField::kUnreachable) return 0;
    if (d == 0) return 1;
    int left = turns_left(s_.side_of(u));
    if (!us.on_table) left -= std::max(0, s_.ohw().unit(u).enter_turn - s_.turn());
    const double need = static_cast<double>(d) / static_cast<double>(s_.allowance(u));
    return std::max(0.0, 1.0 - need / (left + 1.0));
  }

  void objectives() {
    const AiMaps& maps = s_.ohw().ai_maps();
    const int n = s_.ohw().num_units();
    auto add = [&](int side, double v) { score_[static_cast<std::size_t>(side)] += v; };
    for (const auto& v : sc_.victory) {
      switch (v.kind) {
        case VictoryKind::kBreak: {
          // Each removal brings the break nearer: the last ones weigh most.
          const double frac = std::min(1.0, double(s_.removed_count(1 - v.side)) / v.count);
          add(v.side, 1.5 * frac * frac);
          break;
        }
        case VictoryKind::kObjectiveContact:
          if (const AiMaps::Goal* g = maps.goal_for(v.zones[0]))
            objective_contact(v, *g, s_.ohw().terrain(v.zones[0]).outline);
          break;
        case VictoryKind::kUnitsInZone: {
          // At the end, `side` wins with `count` units wholly in the zone, else the other side.
          const AiMaps::Goal* g = maps.goal_for(v.zones[0]);
          if (!g) break;
          std::vector<double> c;
          for (int u = 0; u < n; ++u)
            if (s_.side_of(u) == v.side && !s_.unit(u).removed &&
                s_.unit(u).type != UnitType::kWagon) {
              const double near = closeness(u, *g);
              c.push_back(near < 1 ? kOnTheWay * near : near);
            }
          std::sort(c.rbegin(), c.rend());
          double prog = 0;
          for (int i = 0; i < v.count && i < static_cast<int>(c.size()); ++i)
            prog += c[static_cast<std::size_t>(i)] / v.count;
          add(v.side, kObjectiveWeight * (2 * prog - 1));
          break;
        }
        case VictoryKind::kZonePoints: {
          const int scoring = std::max(0, sc_.turns - std::max(s_.turn(), v.from_turn) + 1);
          for (int z : v.zones) {
            const AiMaps::Goal* g = maps.goal_for(z);
            if (!g) continue;
            std::array<double, kNumSides> near{0, 0};
            for (int u = 0; u < n; ++u)
              if (!s_.unit(u).removed && s_.unit(u).type != UnitType::kWagon) {
                auto& m = near[static_cast<std::size_t>(s_.side_of(u))];
                m = std::max(m, closeness(u, *g));
              }
            for (int s = 0; s < kNumSides; ++s) {
              // A zone held (closeness 1) scores at each full turn left; the enemy near it
              // halves the prospect.
              const double mine = near[static_cast<std::size_t>(s)];
              const double theirs = near[static_cast<std::size_t>(1 - s)];
              add(s, 0.4 * mine * (1 - 0.5 * theirs) * std::min(scoring, 6) / 2.0);
            }
          }
          add(0, 0.5 * s_.points(0));
          add(1, 0.5 * s_.points(1));
          break;
        }
        case VictoryKind::kWagons:
          wagons(v);
          break;
      }
    }
  }

  // Mean raw hits of one melee strike of u on t, before removal: the d6 with the halvings and
  // the doubling of melee_loss() (3.2, O-22).
  double strike_hits(int u, int t, bool flank) const {
    const int halvings = int{cover_[ix(t)] || crossing_[ix(t)] || (hill_[ix(t)] && !hill_[ix(u)]) ||
                             oath_[ix(t)] || s_.is_fort(t) || s_.in_redoubt(t)} +
                         int{s_.unit(t).type == UnitType::kMenAtArms};
    const int modifier = melee_modifier(s_.unit(u).type);
    const int den = 1 << halvings;
    double sum = 0;
    for (int d = 1; d <= 6; ++d)
      sum += (std::max(0, d + modifier) * (flank ? 2 : 1) + den - 1) / den;
    return sum / 6.0;
  }

  // The gap between u's base and a convex polygon it stays outside of (an objective is
  // impassable, 1.2 ii), in inches: the nearest corner of either to a side of the other. In
  // floating point: a weight, not a rule (the rule's own test is near_polygon, victory.cpp).
  double gap_to(int u, const geo::Polygon& obj) const {
    const auto c = s_.unit(u).base.corners();  // counter-clockwise around the base
    auto point_segment = [](geo::Point p, geo::Point a, geo::Point b) {
      const double dx = static_cast<double>(b.x - a.x), dy = static_cast<double>(b.y - a.y);
      const double px = static_cast<double>(p.x - a.x), py = static_cast<double>(p.y - a.y);
      const double len = dx * dx + dy * dy;
      const double t = len > 0 ? std::clamp((px * dx + py * dy) / len, 0.0, 1.0) : 0.0;
      return std::hypot(px - t * dx, py - t * dy);
    };
    double best = std::numeric_limits<double>::max();
    for (std::size_t i = 0; i < obj.size(); ++i) {
      const geo::Point a = obj[i], b = obj[(i + 1) % obj.size()];
      for (std::size_t k = 0; k < c.size(); ++k) {
        best = std::min(best, point_segment(c[k], a, b));
        best = std::min(best, point_segment(a, c[k], c[(k + 1) % c.size()]));
      }
    }
    return best / static_cast<double>(kInch);
  }

  // S1 (O-39): `v.side` wins at the end of its player turn with a unit in contact with the
  // objective and no enemy unit within the radius. Its score: the best closeness of its units
  // (distance field, squared), divided by 1 + the guards; and, while a unit touches, a further
  // kContactBonus divided by 1 + 3 x the guards. A guard is an enemy unit on the table, counted
  // by the strength it will have left after the blows of every unit of the side in front
  // contact with it (all of them: clearing the objective is killing its guards, 4), and fully
  // when within the radius, by half of what is left of its move beyond it otherwise (it may come
  // back before the next check), not at all further off.
  void objective_contact(const VictoryDef& v, const AiMaps::Goal& g, const geo::Polygon& obj) {
    const int n = s_.ohw().num_units();
    const double radius = static_cast<double>(v.radius) / static_cast<double>(kInch);
    double best = 0, guards = 0;
    bool touching = false;
    for (int u = 0; u < n; ++u) {
      if (s_.unit(u).removed || s_.unit(u).type == UnitType::kWagon) continue;
      if (s_.side_of(u) == v.side) {
        best = std::max(best, closeness(u, g));
        // In contact: within the placement slack, as victory.cpp judges it.
        touching = touching || (live_[ix(u)] && game::table::near_polygon(s_.unit(u).base, obj,
                                                                          geo::kPlacementSlack));
        continue;
      }
      if (!live_[ix(u)]) continue;
      const double gap = gap_to(u, obj);
      const double move = static_cast<double>(s_.allowance(u)) / static_cast<double>(kInch);
      const double w = gap <= radius ? 1.0 : 0.5 * std::max(0.0, 1.0 - (gap - radius) / move);
      if (w <= 0) continue;
      double incoming = 0;
      for (int a = 0; a < n; ++a) {
        if (s_.side_of(a) != v.side || !live_[ix(a)] || !melee_[ix(a)]) continue;
        if (auto contact = s_.front_contact(a, u))
          incoming += kGuardBlow * strike_hits(a, u, *contact != geo::Side::kFront);
      }
      const double left = std::max(0.0, 15.0 - std::min(15, int{s_.unit(u).hits}) - incoming);
      guards += w * left / 15.0;
    }
    score_[static_cast<std::size_t>(v.side)] += kObjectiveWeight * best * best / (1.0 + guards);
    if (touching) score_[static_cast<std::size_t>(v.side)] += kContactBonus / (1.0 + 3.0 * guards);
  }

  // S3: a wagon's way east (safe: `safe` points to its side) and the risk of its capture (the
  // enemy touching it alone at the end of the enemy's player turn: `captured` points).
  void wagons(const VictoryDef& v) {
    const int n = s_.ohw().num_units();
    const int own = v.side, enemy = 1 - v.side;
    score_[static_cast<std::size_t>(own)] += s_.points(own);
    score_[static_cast<std::size_t>(enemy)] += s_.points(enemy);
    for (int w = 0; w < n; ++w) {
      const UnitState& ws = s_.unit(w);
      if (s_.side_of(w) != own || ws.type != UnitType::kWagon || ws.removed) continue;
      const double left =
          std::max(0, turns_left(own) - std::max(0, s_.ohw().unit(w).enter_turn - s_.turn()));
      const double need = static_cast<double>(sc_.width - ws.base.centre().x) /
                          static_cast<double>(s_.allowance(w) + 3 * kInch);
      const double way = std::max(0.0, 1.0 - need / (left + 1.0));
      double risk = 0;
      if (ws.on_table) {
        bool guarded = false;
        for (int u = 0; u < n; ++u) {
          if (u == w || !live_[ix(u)] || s_.unit(u).type == UnitType::kWagon) continue;
          const auto d = geo::distance_sq(ws.base, s_.unit(u).base);
          if (s_.side_of(u) == own) {
            guarded = guarded || d.within(kInch);
          } else if (d.within(s_.allowance(u))) {
            risk = std::max(risk, d.within(kInch / 2) ? 0.9 : 0.5);
          }
        }
        if (guarded) risk *= 0.3;
      }
      score_[static_cast<std::size_t>(own)] += v.safe * way * (1 - risk);
      score_[static_cast<std::size_t>(enemy)] += v.captured * risk;
    }
  }

  const OhwState& s_;
  const Scenario& sc_;
  std::vector<bool> live_, melee_, cover_, hill_, crossing_, oath_;
  std::array<double, kNumSides> score_{0.0, 0.0};
};

std::vector<double> OhwState::evaluate() const {
  if (phase_ == Phase::kOver) return returns();
  // Before the forces are rolled there is nothing to weigh; once they are, the set-up choices of
  // 5.2 and 5.3 are weighed like any position (a knight lost to irregulars costs its value).
  if (phase_ == Phase::kSetup && ohw_->scenario_data().random_forces &&
      (force_die_[0] == 0 || force_die_[1] == 0))
    return {0.0, 0.0};
  Evaluator e(*this);
  const auto sc = e.run();
  const double v = std::clamp(std::tanh((sc[0] - sc[1]) / kScale), -0.99, 0.99);
  return {v, -v};
}

// ---------------------------------------------------------------------------------------------
// Candidate moves for the agents

namespace {
// The enemy unit on the table whose centre is nearest to `from`, or -1.
int nearest_enemy(const OhwState& s, int u, geo::Point from) {
  int best = -1;
  std::int64_t best_d = 0;
  for (int t = 0; t < s.ohw().num_units(); ++t) {
    if (s.side_of(t) == s.side_of(u) || !s.unit(t).on_table) continue;
    const geo::Vec d = s.unit(t).base.centre() - from;
    const std::int64_t dd = geo::squared_length(d);
    if (best < 0 || dd < best_d) {
      best = t;
      best_d = dd;
    }
  }
  return best;
}

// The distance field of the goal (objective or zone) of u's side nearest to u, or null if its side
// has none; `here` is u's distance down it.
const DistanceField* goal_field(const OhwState& s, int u, std::int32_t& here) {
  const AiMaps& maps = s.ohw().ai_maps();
  const UnitState& us = s.unit(u);
  const bool woods = us.type == UnitType::kIrregulars || us.type == UnitType::kPeasantArchers;
  const DistanceField* best = nullptr;
  here = DistanceField::kUnreachable;
  for (const auto& v : s.ohw().scenario_data().victory) {
    const bool mine =
        v.kind == VictoryKind::kZonePoints ||
        ((v.kind == VictoryKind::kObjectiveContact || v.kind == VictoryKind::kUnitsInZone) &&
         v.side == s.side_of(u));
    if (!mine) continue;
    for (int z : v.zones)
      if (const AiMaps::Goal* g = maps.goal_for(z)) {
        const DistanceField& f = g->fields[woods ? 1 : 0][s.demolished() ? 1 : 0];
        const std::int32_t d = f.at(us.base.centre());
        if (d < here) {
          here = d;
          best = &f;
        }
      }
  }
  return best;
}

// The first turn (index into kPreTurns) that points u best down the distance field of its
// side's nearest goal (objective or zone), or -1 if its side has none.
int goal_turn(const OhwState& s, int u) {
  const UnitState& us = s.unit(u);
  std::int32_t here = 0;
  const DistanceField* best = goal_field(s, u, here);
  if (best == nullptr || here == 0) return -1;
  // The lowest point of the field on a circle of half the move around the centre.
  const std::int64_t r = s.allowance(u) / 2;
  geo::Angle dir = us.base.heading();
  std::int32_t low = here;
  for (int k = 0; k < 16; ++k) {
    const geo::Angle a = geo::Angle::degrees(k * 45 / 2);
    const std::int32_t d = best->at(us.base.centre() + geo::polar(a, r));
    if (d < low) {
      low = d;
      dir = a;
    }
  }
  return game::table::nearest_turn(dir, us.base.heading(), kPreTurns);
}

// How far short of a river crossing a unit lines up with it: clear of the river whichever way
// its base turns there (half its diagonal is under 2.5" for a 4" x 2" base, O-14).
constexpr std::int64_t kCrossingMouth = 5 * kInch / 2;

// Free placements (board.cpp, 1.0-1.4) that line u up with each ford or standing bridge on the
// way to its side's goal (1.2 ii, 0.7: a crossing a base must fit through square-on): toward
// the crossing's mouth on u's side, its centre on the crossing's axis, kCrossingMouth short of
// it, as far as its move allows on the straight line there; then facing across. The listed
// move codes turn by 15 degrees at least and move by quarters of the allowance, too coarse to
// meet a 5" crossing with a 4" base.
void crossing_approaches(const OhwState& s, int u, std::vector<game::Action>& out) {
  std::int32_t here = 0;
  const DistanceField* field = goal_field(s, u, here);
  if (field == nullptr || here == 0) return;
  const geo::Base& b = s.unit(u).base;
  const geo::Point c = b.centre();
  for (int t = 0; t < static_cast<int>(s.ohw().scenario_data().terrain.size()); ++t) {
    const TerrainType type = s.ohw().terrain(t).type;
    if (type != TerrainType::kFord && type != TerrainType::kBridge) continue;
    if (s.demolished() && t == s.ohw().scenario_data().demolition.terrain) continue;
    const game::table::Box& box = s.ohw().terrain_box(t);
    // The crossing runs along the box's shorter side (a 5" x 2" bridge over a 2" river).
    const bool north_south = box.max_x - box.min_x >= box.max_y - box.min_y;
    geo::Point mouth, far;
    int across = 0;  // degrees
    if (north_south) {
      const std::int64_t x = (box.min_x + box.max_x) / 2;
      if (c.y > box.max_y) {
        mouth = {x, box.max_y + kCrossingMouth}, far = {x, box.min_y - kCrossingMouth},
        across = 270;
      } else if (c.y < box.min_y) {
        mouth = {x, box.min_y - kCrossingMouth}, far = {x, box.max_y + kCrossingMouth}, across = 90;
      } else {
        continue;
      }
    } else {
      const std::int64_t y = (box.min_y + box.max_y) / 2;
      if (c.x > box.max_x) {
        mouth = {box.max_x + kCrossingMouth, y}, far = {box.min_x - kCrossingMouth, y},
        across = 180;
      } else if (c.x < box.min_x) {
        mouth = {box.min_x - kCrossingMouth, y}, far = {box.max_x + kCrossingMouth, y}, across = 0;
      } else {
        continue;
      }
    }
    // Only a crossing that leads toward the goal.
    if (field->at(far) >= field->at(mouth)) continue;
    const geo::Vec w = mouth - c;
    const std::int64_t len =
        static_cast<std::int64_t>(std::sqrt(static_cast<double>(geo::squared_length(w))));
    const std::int64_t reach =
        std::min<std::int64_t>({len, s.allowance(u), (act::kPlaceDistances - 1) * act::kPlaceStep});
    const int steps = static_cast<int>(reach / act::kPlaceStep);
    const int heading = across / act::kPlaceHeadingStep;
    game::Action a;
    if (steps == 0) {
      if (b.heading() == geo::Angle::degrees(across)) continue;  // lined up already
      a = place_code(0, 0, heading);
    } else {
      const double deg =
          static_cast<double>(geo::direction_of(w).units()) / geo::kAngleUnitsPerDegree;
      a = place_code(static_cast<int>(std::lround(deg)) % 360, steps, heading);
    }
    if (s.placement_result(a)) out.push_back(a);
  }
}
}  // namespace

// Fewer, better choices than legal_actions() for a picked unit that is free to move: hold; every
// charge (1.8); the demolition (S2); a turn in place toward the nearest enemy and an about-face;
// each of the eight first turns with a half move, a full move and the road move, each ending
// either straight or turned toward the nearest enemy; quarter and three-quarter moves straight
// toward the nearest enemy; side-steps and diagonal steps that keep the heading; moves down the
// distance field toward the side's goal; a march on each of the scenario's goals; a free
// placement lining up with each crossing on the way to the goal (crossing_approaches).
// Everything else is as legal_actions().
void OhwState::agent_actions(std::vector<game::Action>& out) const {
  if (phase_ != Phase::kMove || selected_ < 0 || pending_.kind != PendingKind::kNone) {
    legal_actions(out);
    return;
  }
  const int u = selected_;
  if (unit(u).type == UnitType::kWagon || in_melee(u)) {
    legal_actions(out);  // a handful of choices at most
    return;
  }
  out.clear();
  out.push_back(act::kMoveBase + act::kHold);
  const geo::Base& b = unit(u).base;
  const int enemy = nearest_enemy(*this, u, b.centre());
  auto try_code = [&](int code) {
    if (move_result(u, code)) out.push_back(act::kMoveBase + code);
  };
  // The post-turn that best faces the nearest enemy from where the move ends.
  auto facing_post = [&](const geo::Base& end) {
    if (enemy < 0) return 0;
    const geo::Vec to = unit(enemy).base.centre() - end.centre();
    if (to.x == 0 && to.y == 0) return 0;
    return game::table::nearest_turn(geo::direction_of(to), end.heading(), kPostTurns);
  };
  int toward = 0;
  if (enemy >= 0) {
    const geo::Vec to = unit(enemy).base.centre() - b.centre();
    if (to.x != 0 || to.y != 0) {
      toward = game::table::nearest_turn(geo::direction_of(to), b.heading(), kPreTurns);
      if (toward != 0) try_code(move_code(toward, 0, 0));
    }
  }
  try_code(move_code(7, 0, 0));  // about-face (kPreTurns[7] = 180)
  for (int pre = 0; pre < static_cast<int>(kPreTurns.size()); ++pre)
    for (int dist : {2, 4, kRoadDistance}) {
      const int straight = move_code(pre, dist, 0);
      const auto end = move_result(u, straight);
      if (!end) continue;
      out.push_back(act::kMoveBase + straight);
      if (dist == kRoadDistance) continue;
      if (const int post = facing_post(*end); post != 0) try_code(move_code(pre, dist, post));
    }
  for (int dist : {1, 3}) try_code(move_code(toward, dist, 0));
  // Side-steps and diagonal steps that keep the heading (to line up with a gap, a crossing or
  // a target), and the same toward the scenario's goal.
  for (int pre : {3, 4, 5, 6})  // +45, -45, +90, -90; kPostTurns 2, 1, 4, 3 turn back
    for (int dist = 1; dist <= 4; ++dist)
      try_code(move_code(pre, dist, pre == 3 ? 2 : pre == 4 ? 1 : pre == 5 ? 4 : 3));
  if (const int goal = goal_turn(*this, u); goal > 0)
    for (int dist = 1; dist <= 4; ++dist) try_code(move_code(goal, dist, 0));
  for (int t = 0; t < ohw_->num_units(); ++t) {
    if (side_of(t) == side_of(u) || !unit(t).on_table) continue;
    for (geo::Side s : geo::kAllSides)
      if (charge_result(u, t, s))
        out.push_back(act::kMoveBase + act::kChargeCode + 4 * t + static_cast<int>(s));
  }
  if (may_demolish(u)) out.push_back(act::kMoveBase + act::kDemolishCode);
  crossing_approaches(*this, u, out);
  // A march on each of the scenario's goals (O-8a), ending straight or facing the nearest enemy.
  for (int g = 0; g < static_cast<int>(ohw_->goals().size()); ++g)
    if (const auto end = march_end(u, g)) {
      try_code(act::kMarchCode + 6 * g);
      if (const int post = facing_post(*end); post != 0) try_code(act::kMarchCode + 6 * g + post);
    }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
}

}  // namespace carroccio::ohw
