// The gwkho State's move step: what each move code does on the table (plan()), the candidates the
// agents keep to (move_actions()), the moves a person may ask for beyond them (check_unlisted()),
// holding impetuous troops and their compulsory moves. Every path is checked from where the
// element stands to where it ends: the table edge, going it may not enter, other elements (friends
// only the pairs that may pass through each other), and the ground in front of an enemy.
#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>
#include <optional>

#include "fmt/format.h"
#include "game/table/geometry.hpp"
#include "game/table/place.hpp"
#include "rulesets/gwkho/internal.hpp"
#include "rulesets/gwkho/memo.hpp"
#include "rulesets/gwkho/movement.hpp"
#include "rulesets/gwkho/nearest.hpp"
#include "rulesets/gwkho/state.hpp"

namespace carroccio::gwkho {

namespace {

using detail::going_rank;
using detail::inch;
using detail::kSlack;

constexpr std::int64_t kFrontZone = 2000;  // [G-13] 4 cm in sub-units
constexpr std::int64_t kArcStep = 200;     // a wheel is checked every 4 mm of its outer corner
constexpr int kMaxMoves = 4;               // [Pip-7] a move and three march moves

std::string in_inches(std::int64_t v) {
  return fmt::format("{:.1f}\"", static_cast<double>(v) / kUnitsPerInch);
}

// n / 2^16 to the nearest integer, halves away from zero: round(-n) == -round(n), so a result
// turns with the table (a half turn negates both vectors of a projection).
std::int64_t round_q16(std::int64_t n) {
  return n < 0 ? -((-n + (1 << 15)) >> 16) : (n + (1 << 15)) >> 16;
}

// The projection of the vector v on the direction `h`, in sub-units (rounded as round_q16). It
// is taken of a difference of two points, never of a point alone: a rigid motion of the table
// (a shift, a half or quarter turn) then gives exactly the same projection.
std::int64_t along(geo::Vec v, geo::Angle h) {
  const geo::Vec u = geo::polar(h, 1 << 16);
  return round_q16(v.x * u.x + v.y * u.y);
}

// n / 2 to the nearest integer, halves away from zero (so half(-n) == -half(n)).
std::int64_t half(std::int64_t n) { return n < 0 ? -((-n + 1) / 2) : (n + 1) / 2; }

// An axis-aligned bounding box (a quick test before the exact ones).
struct Box {
  std::int64_t x0 = 0, y0 = 0, x1 = -1, y1 = -1;
  void add(geo::Point p) {
    if (x1 < x0) {
      x0 = x1 = p.x;
      y0 = y1 = p.y;
      return;
    }
    x0 = std::min(x0, p.x);
    x1 = std::max(x1, p.x);
    y0 = std::min(y0, p.y);
    y1 = std::max(y1, p.y);
  }
  void add(const Box& o) {
    add(geo::Point{o.x0, o.y0});
    add(geo::Point{o.x1, o.y1});
  }
  bool meets(const Box& o) const { return x0 <= o.x1 && o.x0 <= x1 && y0 <= o.y1 && o.y0 <= y1; }
};

// The box of the base's corners (game::table::box_of finds it from the half vectors, without
// making the corners: the same box).
Box box_of(const geo::Base& b) {
  const game::table::Box t = game::table::box_of(b);
  return Box{t.min_x, t.min_y, t.max_x, t.max_y};
}

Box grown(Box b, std::int64_t by) {
  b.x0 -= by;
  b.y0 -= by;
  b.x1 += by;
  b.y1 += by;
  return b;
}

bool is_group_code(int code) {
  return (code >= act::kGroupAdvance && code < act::kGroupAdvance + 4) ||
         code == act::kGroupAbout || (code >= act::kGroupWheel && code < act::kGroupWheel + 4) ||
         code == act::kGroupTurnLeft || code == act::kGroupTurnRight || code == act::kGroupContact;
}

// [G-13] The ground 4 cm deep in front of an element's front edge.
geo::Base front_zone(const geo::Base& b) {
  return geo::Base(b.centre() + geo::polar(b.heading(), b.depth() / 2 + kFrontZone / 2), b.width(),
                   kFrontZone, b.heading());
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// Queries

std::vector<int> GwkhoState::contact_targets(int e) const {
  memo::Memo* kept = memo::of(*this);  // kept while the decisions are listed (memo.hpp)
  const auto ue = static_cast<std::size_t>(e);
  if (kept != nullptr && kept->targeted[ue] != 0) return kept->targets[ue];
  const ElementState& s = els_[ue];
  std::int64_t reach = 0;
  for (int g = 0; g < kNumGoings; ++g) reach = std::max(reach, allowance(e, static_cast<Going>(g)));
  reach += 2 * geo::reach(s.base);
  std::vector<int> within;
  for (int t = 0; t < num_elements(); ++t) {
    const ElementState& ts = els_[static_cast<std::size_t>(t)];
    // [G-51] The enemy's uncrewed guns are reached as enemies are (to destroy or work them,
    // Pip-16); contact with one is no combat.
    if (!on_table_now(t) || side_of(t) == side_of(e)) continue;
    if (geo::far_apart(s.base.centre(), ts.base.centre(), reach + geo::reach(ts.base))) continue;
    within.push_back(t);
  }
  // Only the nearest kContactTargets are named (nearest.hpp: measured in order of their boxes'
  // gap, the rest not measured once k nearer are known).
  const auto near = nearest_bases(
      s.base, within, act::kContactTargets,
      [&](int t) -> const geo::Base& { return els_[static_cast<std::size_t>(t)].base; });
  std::vector<int> out;
  for (const auto& n : near) out.push_back(n.second);
  if (kept != nullptr) {
    kept->targets[ue] = out;
    kept->targeted[ue] = 1;
  }
  return out;
}

game::Action GwkhoState::contact_action(int e, int t, geo::Side side) const {
  const std::vector<int> ts = contact_targets(e);
  for (std::size_t k = 0; k < ts.size(); ++k)
    if (ts[k] == t)
      return act::move(e, act::contact_code(static_cast<int>(k), static_cast<int>(side)));
  return game::kInvalidAction;
}

// [Mov-7, G-14] Impetuous: the troop's own nature, its morale, and its nearest enemy.
bool GwkhoState::impetuous(int e) const {
  const ElementDef& d = gw_->element(e);
  const ElementState& s = els_[static_cast<std::size_t>(e)];
  if (!s.alive || s.routing) return false;
  ImpetusCase c;
  c.morale = morale_of(e);
  // When the nearest enemy changes nothing (whatever it is), it is not looked for.
  bool same = true;
  for (int k = 1; k < 4 && same; ++k) {
    ImpetusCase o = c;
    o.nearest_enemy_is_hc = (k & 1) != 0;
    o.nearest_enemy_broken = (k & 2) != 0;
    same = is_impetuous(d.troop, d.status, o) == is_impetuous(d.troop, d.status, c);
  }
  if (same) return is_impetuous(d.troop, d.status, c);
  const int nearest = nearest_enemy(e);
  if (nearest >= 0) {
    c.nearest_enemy_is_hc = gw_->element(nearest).troop.type == TroopType::kHc;
    c.nearest_enemy_broken =
        els_[static_cast<std::size_t>(nearest)].routing || morale_of(nearest) == Morale::kBroken;
  }
  return is_impetuous(d.troop, d.status, c);
}

// ---------------------------------------------------------------------------------------------
// Paths

// Each mover's path is the list of bases it passes through: between two of the same heading it
// slides straight (the whole swept area is checked), between two of different headings it turns
// (the path lists its positions densely enough and each is checked).
GwkhoState::PathCheck GwkhoState::check_path(const std::vector<int>& movers,
                                             const std::vector<std::vector<geo::Base>>& paths,
                                             int target, bool contact,
                                             const std::vector<int>& pushed) const {
  PathCheck out;
  const Scenario& sc = gw_->scenario_data();
  const bool single = movers.size() == 1;
  // [Pure performance] While the decisions are listed (memo.hpp), each mover keeps a box on the
  // table and the elements on the table whose boxes, grown by the front zone and its rounding,
  // meet it: for a path whose box lies in the kept box, no other element passes the first test
  // of the loop below (the path's box meeting the element's grown box), so only those are
  // looked at, in the same order, with their grown boxes kept too. A path reaching out of the
  // kept box makes it again, larger.
  memo::Memo* kept = memo::of(*this);
  auto near_of = [&](memo::Memo& mm, int m, const Box& box) -> const std::vector<int>& {
    const auto um = static_cast<std::size_t>(m);
    std::array<std::int64_t, 4>& r = mm.near_box[um];
    if (mm.near_known[um] != 0 && r[0] <= box.x0 && r[1] <= box.y0 && box.x1 <= r[2] &&
        box.y1 <= r[3])
      return mm.near[um];
    Box want = box;
    if (mm.near_known[um] != 0) want.add(Box{r[0], r[1], r[2], r[3]});
    const geo::Base& at = els_[um].base;
    std::int64_t margin = 0;
    for (int g = 0; g < kNumGoings; ++g)
      margin = std::max(margin, allowance(m, static_cast<Going>(g)));
    want = grown(want, margin + 3 * geo::reach(at));
    r = {want.x0, want.y0, want.x1, want.y1};
    mm.near_known[um] = 1;
    std::vector<int>& list = mm.near[um];
    std::vector<std::array<std::int64_t, 4>>& boxes = mm.near_grown[um];
    list.clear();
    boxes.clear();
    for (int o = 0; o < num_elements(); ++o) {
      if (!on_table_now(o)) continue;
      const Box og = grown(box_of(els_[static_cast<std::size_t>(o)].base), kFrontZone + 4 * kSlack);
      if (!want.meets(og)) continue;
      list.push_back(o);
      boxes.push_back({og.x0, og.y0, og.x1, og.y1});
    }
    return list;
  };
  // The box of terrain piece ip's outline (kept while listing: the terrain never changes).
  auto piece_box = [&](std::size_t ip) {
    if (kept != nullptr && kept->terrain_box.size() == sc.terrain.size()) {
      const auto& t = kept->terrain_box[ip];
      return Box{t[0], t[1], t[2], t[3]};
    }
    Box pb;
    for (const auto& c : sc.terrain[ip].outline) pb.add(c);
    return pb;
  };
  if (kept != nullptr && kept->terrain_box.size() != sc.terrain.size()) {
    for (std::size_t ip = 0; ip < sc.terrain.size(); ++ip) {
      Box pb;
      for (const auto& c : sc.terrain[ip].outline) pb.add(c);
      kept->terrain_box.push_back({pb.x0, pb.y0, pb.x1, pb.y1});
    }
  }
  // A group keeps its shape: its elements may not end on each other (a wheel at 45 degrees or
  // an element lining up on an enemy could, by rounding or by turning).
  for (std::size_t i = 0; i < movers.size(); ++i)
    for (std::size_t j = i + 1; j < movers.size(); ++j)
      if (geo::overlaps(paths[i].back(), paths[j].back())) {
        out.refusal = fmt::format(
            "{} and {} would end on each other: the group cannot keep its "
            "shape so.",
            name(movers[i]), name(movers[j]));
        return out;
      }
  for (std::size_t i = 0; i < movers.size(); ++i) {
    const int m = movers[i];
    const std::vector<geo::Base>& path = paths[i];
    const geo::Base& start = path.front();
    const geo::Base& end = path.back();
    // The going where the mover stands (kept while listing: the same for all its codes).
    Going worst{};
    if (kept != nullptr && start == els_[static_cast<std::size_t>(m)].base) {
      std::int8_t& here = kept->going_here[static_cast<std::size_t>(m)];
      if (here < 0) here = static_cast<std::int8_t>(going_at(start));
      worst = static_cast<Going>(here);
    } else {
      worst = going_at(start);
    }
    std::int64_t span = 0;
    for (const auto& b : path)
      span = std::max(span, std::abs(b.centre().x - start.centre().x) +
                                std::abs(b.centre().y - start.centre().y));
    Box box;
    for (const auto& b : path)
      for (const auto& c : b.corners()) box.add(c);
    for (std::size_t k = 1; k < path.size(); ++k) {
      const geo::Base& from = path[k - 1];
      const geo::Base& to = path[k];
      // [G-43] The table edge.
      if (!on_table(to)) {
        out.refusal = fmt::format("{} would leave the table.", name(m));
        return out;
      }
      // [Mov-1, G-12] The worst going crossed.
      const bool slide = from.heading() == to.heading();
      const geo::Vec v = to.centre() - from.centre();
      for (std::size_t ip = 0; ip < sc.terrain.size(); ++ip) {
        const auto& piece = sc.terrain[ip];
        if (piece.impassable || going_rank(piece.going) <= going_rank(worst)) continue;
        if (!box.meets(piece_box(ip))) continue;
        if (slide ? geo::move_overlaps_polygon(from, v, piece.outline)
                  : geo::base_overlaps_polygon(to, piece.outline))
          worst = piece.going;
      }
      // [G-12d, Mov-1] A hedge, a ditch, works or wagons crossed: their crossing going.
      if (!sc.lines.empty()) {
        const Going crossing = line_crossing(from, to);
        if (going_rank(crossing) > going_rank(worst)) worst = crossing;
      }
    }
    // [G-12b] Along a road the road is the going, whatever it runs through (a road over a river
    // is its bridge).
    const bool road = along_road(path);
    if (road) worst = Going::kRoad;
    // [Mov-5, G-12a] A river is crossed at its fords (or by a road); a move over a ford goes at
    // most 3 inches.
    bool ford = false;
    for (std::size_t ip = 0; ip < sc.terrain.size(); ++ip) {
      const auto& piece = sc.terrain[ip];
      if (piece.kind != TerrainKind::kFord && !piece.impassable) continue;
      if (piece.impassable && road) continue;
      if (!box.meets(piece_box(ip))) continue;
      bool meets = geo::base_overlaps_polygon(start, piece.outline);
      for (std::size_t k = 1; k < path.size() && !meets; ++k) {
        const geo::Base& from = path[k - 1];
        const geo::Base& to = path[k];
        meets = from.heading() == to.heading()
                    ? geo::move_overlaps_polygon(from, to.centre() - from.centre(), piece.outline)
                    : geo::base_overlaps_polygon(to, piece.outline);
      }
      if (!meets) continue;
      if (piece.impassable && end != start) {
        out.refusal =
            fmt::format("{} may not cross the river {} but at a ford or by a road (G-12a).",
                        name(m), terrain_name(piece.id));
        return out;
      }
      if (piece.kind == TerrainKind::kFord) ford = true;
    }
    out.worst.push_back(worst);
    out.ford.push_back(ford);
    if (allowance(m, worst, ford) <= 0 && end != start) {
      out.refusal = fmt::format("{} may not enter {} going (Mov-1).", name(m), going_name(worst));
      return out;
    }
    // While listing, only the elements kept near the mover are looked at (near_of: a superset,
    // in index order, of those the box test below lets by).
    const std::vector<int>* near = kept != nullptr ? &near_of(*kept, m, box) : nullptr;
    const int n_near = near != nullptr ? static_cast<int>(near->size()) : num_elements();
    for (int k_near = 0; k_near < n_near; ++k_near) {
      const int o = near != nullptr ? (*near)[static_cast<std::size_t>(k_near)] : k_near;
      const ElementState& os = els_[static_cast<std::size_t>(o)];
      if (!on_table_now(o) || o == target) continue;
      // Everything tested below (the end on it or touching it, a step through it or through
      // the 4 cm in front of it) lies in the path's box and in its box grown by 4 cm (and a few
      // sub-units of rounding): the two boxes apart, none can hold.
      if (near != nullptr) {
        const auto& g =
            kept->near_grown[static_cast<std::size_t>(m)][static_cast<std::size_t>(k_near)];
        if (!box.meets(Box{g[0], g[1], g[2], g[3]})) continue;
      } else if (!box.meets(grown(box_of(os.base), kFrontZone + 4 * kSlack))) {
        continue;
      }
      if (std::find(movers.begin(), movers.end(), o) != movers.end()) continue;
      if (std::find(pushed.begin(), pushed.end(), o) != pushed.end()) continue;
      if (geo::far_apart(start.centre(), os.base.centre(),
                         geo::reach(start) + geo::reach(os.base) + span + kFrontZone + kSlack))
        continue;
      // [G-51] An uncrewed gun is an obstacle, no enemy: nothing passes through it, and a move
      // may end touching it.
      const bool gun = !os.alive;
      const bool enemy = !gun && side_of(o) != side_of(m);
      // [CC-19, G-15] A single element may pass through a friend of a listed pair (it may not
      // end on it).
      const bool through = !gun && !enemy && single &&
                           may_recoil_through(gw_->element(m).troop, gw_->element(o).troop);
      if (geo::overlaps(end, os.base)) {
        out.refusal = fmt::format("{} would end on {}.", name(m), name(o));
        return out;
      }
      // [G-50] Only a contact move may end touching an enemy.
      if (enemy && !contact && geo::intersects(end, os.base)) {
        out.refusal =
            fmt::format("{} would touch the enemy: contact is made by a contact move.", name(m));
        return out;
      }
      const geo::Base zone = front_zone(os.base);
      const Box obox = box_of(os.base), zbox = box_of(zone);
      // [G-13] Crossing the 4 cm in front of an enemy that is not broken, showing it a flank or
      // the rear: the mover does not end facing it.
      const bool zone_counts = enemy && !os.routing && box.meets(zbox) &&
                               morale_of(o) != Morale::kBroken &&
                               !geo::base_in_front_arc(end, os.base);
      if (!zone_counts && !box.meets(obox)) continue;
      for (std::size_t k = 1; k < path.size(); ++k) {
        const geo::Base& from = path[k - 1];
        const geo::Base& to = path[k];
        const bool slide = from.heading() == to.heading();
        const geo::Vec v = to.centre() - from.centre();
        Box step = box_of(to);
        if (slide) step.add(box_of(from));
        if (!through && step.meets(obox) &&
            (slide ? geo::move_overlaps_base(from, v, os.base) : geo::overlaps(to, os.base))) {
          out.refusal =
              fmt::format("{} cannot pass {}: the way is blocked{}.", name(m), name(o),
                          enemy || gun ? "" : " (only the pairs of G-15 pass through friends)");
          return out;
        }
        if (zone_counts && step.meets(zbox) &&
            (slide ? geo::move_overlaps_base(from, v, zone) : geo::overlaps(to, zone))) {
          out.refusal = fmt::format(
              "{} would pass within 4 cm in front of enemy element {}, showing it a flank or "
              "the rear (G-13).",
              name(m), name(o));
          return out;
        }
      }
    }
  }
  return out;
}

namespace {

// [Mov-7, G-14] A group is impetuous when any of its elements is (it moves as one).
bool group_impetuous(const GwkhoState& st, const std::vector<int>& group) {
  for (int m : group)
    if (st.impetuous(m)) return true;
  return false;
}

// [Pip-16, Mor-18] What holding the impetuous group (or element) e leads costs, or why it may
// not be held: berserkers whose nearest enemy is foot one move away.
PipCost hold_cost(const GwkhoState& st, int e) {
  OtherCost o;
  o.action = PipAction::kHoldImpetuous;
  const std::vector<int> group = st.group_of(e);
  for (int m : group)
    if (st.gw().element(m).status == Status::kBerserker) o.status = Status::kBerserker;
  std::vector<int> ts = st.contact_targets(e);
  // [G-51] An uncrewed gun is no enemy to be held back from.
  std::erase_if(ts, [&](int t) { return !st.element(t).alive; });
  if (!ts.empty()) {
    const ElementDef& t = st.gw().element(ts[0]);
    o.nearest_enemy_foot_in_reach =
        !is_mounted(t.troop.type) && geo::distance_sq(st.element(e).base, st.element(ts[0]).base)
                                         .within(st.allowance(e, Going::kOpen));
  }
  return other_cost(o);
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// Moves

core::Expected<MovePlan> GwkhoState::plan(game::Action a) const {
  a = act::as_move(a);
  if (phase_ != Phase::kMove) return core::make_error("Moves are made in the move phase only.");
  if (a >= act::kPlaceBase && a < act::kPlaceEnd) {
    // [G-57] A person's drop: turn, straight on, turn; a group's leader dropped straight ahead
    // takes its group along.
    const int i = a - act::kPlaceBase;
    const int h = i % act::kPlaceHeadings;
    const int k = (i / act::kPlaceHeadings) % act::kPlaceDistances;
    const int dir = (i / (act::kPlaceHeadings * act::kPlaceDistances)) % act::kPlaceDirections;
    const int e = i / (act::kPlaceHeadings * act::kPlaceDistances * act::kPlaceDirections);
    if (e >= num_elements()) return core::make_error("That names no element.");
    if (k == 0 && dir != 0) return core::make_error("A turn in place is written with direction 0.");
    Drop drop{dir, k, h, false};
    const geo::Angle now = els_[static_cast<std::size_t>(e)].base.heading();
    const std::vector<int> group = group_of(e);
    drop.group = group.size() > 1 && group[0] == e && k > 0 && geo::Angle::degrees(dir) == now &&
                 geo::Angle::degrees(h * act::kPlaceHeadingStep) == now;
    return plan_code(e, act::kDrop, &drop);
  }
  if (a < act::kMoveBase || a >= act::kMoveEnd)
    return core::make_error("That is no move of gwkho.");
  const int e = (a - act::kMoveBase) / act::kCodes, code = (a - act::kMoveBase) % act::kCodes;
  if (e >= num_elements()) return core::make_error("That names no element.");
  return plan_code(e, code);
}

core::Expected<MovePlan> GwkhoState::plan_code(int e, int code, const Drop* drop) const {
  const bool push = code >= act::kPushBack && code < act::kPushBack + 4;
  if ((code >= act::kNumCodes && !push) || code == act::kHold ||
      (code > act::kHold && code < act::kContact && !(code == act::kDrop && drop != nullptr)))
    return core::make_error("That is no move of gwkho.");
  const ElementState& s = els_[static_cast<std::size_t>(e)];
  const ElementDef& d = gw_->element(e);
  if (d.side != active_)
    return core::make_error(
        fmt::format("{} {} not yours to move.", name(e), game::table::verb_for(name(e), "is")));
  if (s.uncrewed)
    return core::make_error(
        fmt::format("{} {} uncrewed: it does not move until its crew is replaced (G-51).", name(e),
                    game::table::verb_for(name(e), "is")));
  if (!s.alive)
    return core::make_error(
        fmt::format("{} {} destroyed.", name(e), game::table::verb_for(name(e), "is")));
  // [G-49] Routers only make rout moves; an element in contact fights instead of moving.
  if (s.routing)
    return core::make_error(
        fmt::format("{} {} routing.", name(e), game::table::verb_for(name(e), "is")));
  if (in_contact(e))
    return core::make_error(fmt::format("{} {} in contact with the enemy.", name(e),
                                        game::table::verb_for(name(e), "is")));

  MovePlan p;
  if (is_group_code(code) || (drop != nullptr && drop->group)) {
    p.movers = group_of(e);
    if (p.movers.size() < 2 || p.movers[0] != e)
      return core::make_error(
          fmt::format("{} {} no group.", name(e), game::table::verb_for(name(e), "leads")));
    for (int m : p.movers)
      if (in_contact(m))
        return core::make_error(
            fmt::format("{} of the group is in contact with the enemy.", name(m)));
  } else if (push) {
    // [Mov notes, G-74] The group the element leads, else the element alone.
    p.movers = group_of(e);
    if (p.movers[0] != e) p.movers = {e};
    for (int m : p.movers) {
      if (in_contact(m))
        return core::make_error(
            fmt::format("{} of the group is in contact with the enemy.", name(m)));
      const TroopType t = gw_->element(m).troop.type;
      if (t != TroopType::kHI && t != TroopType::kPh && t != TroopType::kPk)
        return core::make_error(fmt::format(
            "{} {} no heavy infantry, phalanx or pike: only they push light cavalry back as "
            "they move (Mov notes).",
            name(m), game::table::verb_for(name(m), "is")));
    }
  } else {
    p.movers = {e};
  }
  int moves = 0;
  for (int m : p.movers) moves = std::max(moves, els_[static_cast<std::size_t>(m)].moves);
  if (moves >= kMaxMoves)
    return core::make_error(
        fmt::format("{} {} made {} move and three march moves this bound (Pip-7).", name(e),
                    game::table::verb_for(name(e), "has"), game::table::its_for(name(e))));
  std::vector<geo::Base> from;
  for (int m : p.movers) from.push_back(els_[static_cast<std::size_t>(m)].base);
  p.cost.group = p.movers.size() > 1;
  // [Pip-10, Pip-12] Each mover with its peoples (the exemptions name some).
  for (int m : p.movers)
    p.cost.elements.push_back({gw_->element(m).troop, gw_->element(m).peoples});
  p.cost.march_move = moves + 1;
  // [Pip-7, G-10] A march move: only more than 12" from every enemy not routing, never into
  // contact.
  const std::int64_t march_beyond = inch(march_beyond_inches());
  auto near_enemy = [&](const geo::Base& b) {
    for (int o = 0; o < num_elements(); ++o) {
      const ElementState& os = els_[static_cast<std::size_t>(o)];
      if (!os.alive || os.routing || side_of(o) == d.side) continue;
      if (geo::far_apart(b.centre(), os.base.centre(),
                         march_beyond + geo::reach(b) + geo::reach(os.base)))
        continue;
      if (!geo::distance_sq(b, os.base).less_than(march_beyond + 1)) continue;
      return true;
    }
    return false;
  };
  if (moves >= 1) {
    if (code == act::kGroupContact || code >= act::kContact || push)
      return core::make_error(fmt::format("{} {} moved: a march move never makes contact (G-10).",
                                          name(e), game::table::verb_for(name(e), "has")));
    for (const auto& b : from)
      if (near_enemy(b))
        return core::make_error(fmt::format(
            "{} {} moved and {} within 12\" of the enemy: no march move (G-10).", name(e),
            game::table::verb_for(name(e), "has"), game::table::verb_for(name(e), "is")));
  }

  // [Mov-1, G-11] The allowance in the going it stands in (the slowest mover).
  std::int64_t base_allowance = -1;
  memo::Memo* kept = memo::of(*this);  // kept while the decisions are listed (memo.hpp)
  for (std::size_t i = 0; i < p.movers.size(); ++i) {
    const auto um = static_cast<std::size_t>(p.movers[i]);
    std::int64_t al = kept != nullptr ? kept->standing[um] : -1;
    if (al < 0) {
      // [G-12b] On a road, facing along it, the road's speed; [Mov-5] in a ford, its cap.
      const std::int64_t road = allowance(p.movers[i], Going::kRoad);
      al = along_road({from[i], from[i].moved_forward(road)})
               ? road
               : allowance(p.movers[i], going_at(from[i]), in_ford(from[i]));
      if (kept != nullptr) kept->standing[um] = al;
    }
    if (base_allowance < 0 || al < base_allowance) base_allowance = al;
  }
  if (base_allowance <= 0) return core::make_error(fmt::format("{} may not move here.", name(e)));

  std::vector<std::vector<geo::Base>> paths(p.movers.size());
  for (std::size_t i = 0; i < p.movers.size(); ++i) paths[i] = {from[i]};
  std::int64_t dist = 0;  // how far the move goes (the outer corner's arc for a wheel)
  int target = -1;
  bool turn_only = false;

  if (code >= act::kContact && !push) {
    // [Seq, G-50] Into contact: the element turns to face the enemy's side and moves straight on
    // until its front lies flush and centred on it.
    const int k = (code - act::kContact) / 4;
    const auto side = static_cast<geo::Side>((code - act::kContact) % 4);
    const std::vector<int> ts = contact_targets(e);
    if (k >= static_cast<int>(ts.size()))
      return core::make_error(fmt::format("{} {} no contact target {}.", name(e),
                                          game::table::verb_for(name(e), "has"), k + 1));
    target = ts[static_cast<std::size_t>(k)];
    const ElementState& tts = els_[static_cast<std::size_t>(target)];
    const std::string& tid = name(target);
    if (!geo::base_in_front_arc(s.base, tts.base))
      return core::make_error(fmt::format("{} {} not in the front arc of {}.", tid,
                                          game::table::verb_for(tid, "is"), name(e)));
    // [Mov notes] A flank or the rear is reached only from beyond its line; the front from
    // anywhere not beyond the other sides.
    if (side != geo::Side::kFront && !geo::wholly_beyond_side(tts.base, side, s.base))
      return core::make_error(fmt::format("{} {} not stand beyond the {} of {}.", name(e),
                                          game::table::verb_for(name(e), "does"),
                                          geo::to_string(side), tid));
    if (side == geo::Side::kFront)
      for (geo::Side sd : {geo::Side::kLeft, geo::Side::kRight, geo::Side::kBack})
        if (geo::wholly_beyond_side(tts.base, sd, s.base))
          return core::make_error(fmt::format("{} stands beyond the {} of {}: it contacts that.",
                                              name(e), geo::to_string(sd), tid));
    const geo::Base dest = geo::place_in_contact(tts.base, side, s.base, geo::Side::kFront, 0);
    const auto c0 = s.base.corners(), c1 = dest.corners();
    for (std::size_t j = 0; j < 4; ++j)
      dist = std::max(dist, geo::distance_sq(c0[j], c1[j]).ceil());
    if (dest.heading() != s.base.heading()) paths[0].push_back(s.base.with_heading(dest.heading()));
    paths[0].push_back(dest);
    p.contact = true;
    p.cost.straight_ahead = dest.heading() == s.base.heading();
  } else if (code == act::kGroupContact || push) {
    // [G-50] The group advances straight ahead until its front touches an enemy; the element
    // that touches lines up with the enemy's side. [Mov notes, G-74] A push goes on: what its
    // front touches must be light cavalry, pushed back before it to the end of its move.
    // The bisection below asks blocked() of shorter and shorter moves: once the whole move's
    // sweeps are known, only the elements whose boxes meet their box are looked at (polar()
    // rounds a length times a fixed direction, so a shorter sweep's box lies in the longer's:
    // the others fail the box test below at every length).
    std::vector<int> candidates;
    bool narrowed = false;
    auto blocked = [&](std::int64_t dd) {
      for (std::size_t i = 0; i < p.movers.size(); ++i) {
        const geo::Vec v = geo::polar(from[i].heading(), dd);
        Box sweep = box_of(from[i]);
        sweep.add(box_of(from[i].translated(v)));
        const int n = narrowed ? static_cast<int>(candidates.size()) : num_elements();
        for (int k = 0; k < n; ++k) {
          const int o = narrowed ? candidates[static_cast<std::size_t>(k)] : k;
          const ElementState& os = els_[static_cast<std::size_t>(o)];
          if (!os.alive || std::find(p.movers.begin(), p.movers.end(), o) != p.movers.end())
            continue;
          if (geo::far_apart(from[i].centre(), os.base.centre(),
                             geo::reach(from[i]) + geo::reach(os.base) + dd))
            continue;
          if (!sweep.meets(box_of(os.base))) continue;
          if (geo::move_overlaps_base(from[i], v, os.base)) return true;
        }
      }
      return false;
    };
    const std::int64_t limit = base_allowance;
    if (!blocked(limit))
      return core::make_error(fmt::format("No enemy stands within the move of {}{} straight ahead.",
                                          name(e), p.movers.size() > 1 ? "'s group" : ""));
    {
      Box swept;
      for (std::size_t i = 0; i < p.movers.size(); ++i) {
        swept.add(box_of(from[i]));
        swept.add(box_of(from[i].translated(geo::polar(from[i].heading(), limit))));
      }
      swept = grown(swept, kSlack);
      for (int o = 0; o < num_elements(); ++o)
        if (swept.meets(box_of(els_[static_cast<std::size_t>(o)].base))) candidates.push_back(o);
      narrowed = true;
    }
    std::int64_t lo = 0, hi = limit;  // lo clear, hi blocked
    while (hi - lo > 1) {
      const std::int64_t mid = (lo + hi) / 2;
      (blocked(mid) ? hi : lo) = mid;
    }
    dist = lo;
    int toucher = -1;
    for (std::size_t i = 0; i < p.movers.size() && target < 0; ++i) {
      const geo::Base b = from[i].moved_forward(lo);
      for (int o = 0; o < num_elements(); ++o) {
        const ElementState& os = els_[static_cast<std::size_t>(o)];
        if (!os.alive || side_of(o) == d.side) continue;
        if (geo::far_apart(b.centre(), os.base.centre(),
                           geo::reach(b) + geo::reach(os.base) + kSlack))
          continue;
        const auto c = geo::edge_contact(b, os.base, kSlack);
        if (c && c->side_a == geo::Side::kFront) {
          target = o;
          toucher = static_cast<int>(i);
          break;
        }
      }
    }
    if (target < 0)
      return core::make_error(
          fmt::format("{}{} would stop against a friend or a corner, not an enemy's edge.", name(e),
                      p.movers.size() > 1 ? "'s group" : ""));
    if (push) {
      // [Mov notes, G-74] Every enemy whose edge the front touches there is pushed: each must
      // be light cavalry. They go straight on before the foot, as far as the foot go past the
      // point of contact, so they end where they touched, flush (an edge contact stays one).
      const std::int64_t go = base_allowance * (code - act::kPushBack + 1) / 4;
      if (go <= lo)
        return core::make_error(
            fmt::format("{} stands beyond {}/4 of the move: there is nothing to push back so far.",
                        name(target), code - act::kPushBack + 1));
      for (std::size_t i = 0; i < p.movers.size(); ++i) {
        const geo::Base b = from[i].moved_forward(lo);
        for (int o = 0; o < num_elements(); ++o) {
          const ElementState& os = els_[static_cast<std::size_t>(o)];
          if (!os.alive || side_of(o) == d.side) continue;
          if (std::find(p.pushed.begin(), p.pushed.end(), o) != p.pushed.end()) continue;
          if (geo::far_apart(b.centre(), os.base.centre(),
                             geo::reach(b) + geo::reach(os.base) + kSlack))
            continue;
          if (!geo::intersects(b, os.base)) continue;
          if (gw_->element(o).troop.type != TroopType::kLc)
            return core::make_error(fmt::format(
                "{} {} no light cavalry: {} {} the move (only light cavalry are pushed back).",
                name(o), game::table::verb_for(name(o), "is"), game::table::it_for(name(o)),
                game::table::verb_for(name(o), "stops")));
          p.pushed.push_back(o);
        }
      }
      const geo::Vec v = geo::polar(from[0].heading(), go - lo);
      std::vector<geo::Base> was;
      for (int o : p.pushed) {
        was.push_back(els_[static_cast<std::size_t>(o)].base);
        p.pushed_to.push_back(was.back().translated(v));
      }
      // Pushed back as a recoil goes: on the table, through no one, onto no one.
      if (!clear_path(p.pushed, was, p.pushed_to, -1))
        return core::make_error(fmt::format("{} {} no room to be pushed back so far.",
                                            name(p.pushed[0]),
                                            game::table::verb_for(name(p.pushed[0]), "has")));
      for (std::size_t i = 0; i < p.movers.size(); ++i)
        paths[i].push_back(from[i].moved_forward(go));
      dist = go;
      p.contact = true;
      p.cost.straight_ahead = true;
    } else {
      for (std::size_t i = 0; i < p.movers.size(); ++i) {
        paths[i].push_back(from[i].moved_forward(lo));
      }
      // The touching element lines up: its front flush on the enemy's side, where it touches.
      const geo::Base touched = paths[static_cast<std::size_t>(toucher)].back();
      const ElementState& tts = els_[static_cast<std::size_t>(target)];
      const auto c = geo::edge_contact(touched, tts.base, kSlack);
      const geo::Angle along_side =
          tts.base.heading() + geo::side_normal(c->side_b) + geo::Angle::degrees(90);
      const std::int64_t offset = along(
          touched.side_midpoint(geo::Side::kFront) - tts.base.side_midpoint(c->side_b), along_side);
      const geo::Base lined =
          geo::place_in_contact(tts.base, c->side_b, touched, geo::Side::kFront, offset);
      if (lined.heading() != touched.heading() || lined.centre() != touched.centre())
        paths[static_cast<std::size_t>(toucher)].push_back(lined);
      p.contact = true;
    }
  } else {
    const int q = code % 4 + 1;
    const std::int64_t quarter = base_allowance * q / 4;
    auto wheel = [&](bool group, bool left, int degrees) -> bool {
      // [Pip-10] A wheel about the front corner on the side it turns to; the outer front corner's
      // arc counts against the move.
      const geo::Angle h = from[0].heading();
      const geo::Angle lft = h + geo::Angle::degrees(90);
      geo::Point pivot{}, outer{};
      bool first = true;
      std::int64_t pf = 0, pl = 0, of = 0, ol = 0;
      for (const auto& b : from) {
        const geo::Point fl = b.corner(left ? geo::Corner::kFrontLeft : geo::Corner::kFrontRight);
        const geo::Point fr = b.corner(left ? geo::Corner::kFrontRight : geo::Corner::kFrontLeft);
        const std::int64_t sgn = left ? 1 : -1;
        // Measured from the first element's centre (a difference of points: see along()).
        const geo::Point o = from[0].centre();
        const std::int64_t f1 = along(fl - o, h), l1 = sgn * along(fl - o, lft);
        const std::int64_t f2 = along(fr - o, h), l2 = sgn * along(fr - o, lft);
        if (first || f1 > pf + kSlack || (f1 >= pf - kSlack && l1 > pl)) {
          pivot = fl;
          pf = f1;
          pl = l1;
        }
        if (first || f2 > of + kSlack || (f2 >= of - kSlack && l2 < ol)) {
          outer = fr;
          of = f2;
          ol = l2;
        }
        first = false;
      }
      (void)group;
      const double dx = static_cast<double>(outer.x - pivot.x);
      const double dy = static_cast<double>(outer.y - pivot.y);
      const double radius = std::sqrt(dx * dx + dy * dy);
      const double arc = radius * std::numbers::pi * degrees / 180.0;
      dist = static_cast<std::int64_t>(std::ceil(arc));
      if (dist > base_allowance) return false;  // beyond its move whatever the going
      const int steps = std::max(2, static_cast<int>(dist / kArcStep) + 1);
      const geo::Angle turn = geo::Angle::degrees(left ? degrees : -degrees);
      const geo::Corner corner = left ? geo::Corner::kFrontLeft : geo::Corner::kFrontRight;
      for (std::size_t i = 0; i < from.size(); ++i)
        for (int k = 1; k <= steps; ++k) {
          const geo::Angle step =
              geo::Angle::from_units(std::int64_t{turn.signed_units()} * k / steps);
          // The element at the pivot keeps its corner exactly (Base::wheeled).
          paths[i].push_back(from[i].corner(corner) == pivot ? from[i].wheeled(corner, step)
                                                             : from[i].rotated_about(pivot, step));
        }
      p.cost.wheel = true;
      p.cost.straight_ahead = false;
      return true;
    };
    auto too_far = [&] {
      return core::make_error(
          fmt::format("{} cannot wheel so far: its outer corner would go {}, "
                      "beyond its move of {}.",
                      name(e), in_inches(dist), in_inches(base_allowance)));
    };
    if (code == act::kDrop) {
      // [G-57] Turn about the centre, straight ahead, turn about the centre.
      const geo::Angle face = geo::Angle::degrees(drop->direction);
      const geo::Angle last = geo::Angle::degrees(drop->heading * act::kPlaceHeadingStep);
      dist = drop->distance * act::kPlaceStep;
      for (std::size_t i = 0; i < from.size(); ++i) {
        geo::Base b = from[i];
        if (dist > 0 && b.heading() != face) {
          b = b.with_heading(face);
          paths[i].push_back(b);
        }
        if (dist > 0) {
          b = b.moved_forward(dist);
          paths[i].push_back(b);
        }
        if (b.heading() != last) paths[i].push_back(b.with_heading(last));
      }
      if (paths[0].size() == 1)
        return core::make_error(fmt::format("That leaves {} where it is.", name(e)));
      p.cost.straight_ahead = paths[0].size() == 2 && dist > 0;
      turn_only = dist == 0;
    } else if (code < 4 || (code >= act::kGroupAdvance && code < act::kGroupAdvance + 4)) {
      dist = quarter;
      for (std::size_t i = 0; i < from.size(); ++i) paths[i].push_back(from[i].moved_forward(dist));
    } else if (code >= act::kBack && code < act::kBack + 4) {
      // [Pip-4] A single element moves in any direction: straight back.
      dist = quarter;
      paths[0].push_back(from[0].moved_forward(-dist));
      p.cost.straight_ahead = false;
    } else if (code >= act::kSideLeft && code < act::kSideRight + 4) {
      // [Pip-4] ... or sideways, keeping its facing.
      dist = quarter;
      const bool left = code < act::kSideRight;
      paths[0].push_back(
          from[0].moved(from[0].heading() + geo::Angle::degrees(left ? 90 : -90), dist));
      p.cost.straight_ahead = false;
    } else if (code >= act::kWheel && code < act::kWheel + 4) {
      const int w = code - act::kWheel;
      if (!wheel(false, w < 2, w % 2 == 0 ? 45 : 90)) return too_far();
      p.cost.wheel = false;  // [Pip-10] the wheel item is a group's; a single element pays none
    } else if (code >= act::kGroupWheel && code < act::kGroupWheel + 4) {
      const int w = code - act::kGroupWheel;
      if (!wheel(true, w < 2, w % 2 == 0 ? 45 : 90)) return too_far();
      // [Pip-10] A column one element wide wheels for nothing more.
      std::int64_t minl = 0, maxl = 0;
      const geo::Angle lft = from[0].heading() + geo::Angle::degrees(90);
      for (std::size_t i = 0; i < from.size(); ++i) {
        const std::int64_t l = along(from[i].centre() - from[0].centre(), lft);
        if (i == 0 || l < minl) minl = l;
        if (i == 0 || l > maxl) maxl = l;
      }
      p.cost.single_element_column = maxl - minl <= kSlack;
    } else if (code == act::kTurnLeft || code == act::kTurnRight || code == act::kTurnAbout) {
      const int deg = code == act::kTurnLeft ? 90 : code == act::kTurnRight ? -90 : 180;
      paths[0].push_back(from[0].rotated_about_centre(geo::Angle::degrees(deg)));
      p.cost.straight_ahead = false;
      turn_only = true;
    } else if (code == act::kGroupAbout) {
      for (std::size_t i = 0; i < from.size(); ++i)
        paths[i].push_back(from[i].rotated_about_centre(geo::Angle::degrees(180)));
      p.cost.half_turns = 1;
      p.cost.straight_ahead = false;
      turn_only = true;
    } else if (code == act::kGroupTurnLeft || code == act::kGroupTurnRight) {
      // [Pip-11] The group turns 90 degrees as a block, about the middle of its corners.
      std::int64_t x0 = 0, x1 = 0, y0 = 0, y1 = 0;
      bool first = true;
      for (const auto& b : from)
        for (const auto& c : b.corners()) {
          if (first || c.x < x0) x0 = c.x;
          if (first || c.x > x1) x1 = c.x;
          if (first || c.y < y0) y0 = c.y;
          if (first || c.y > y1) y1 = c.y;
          first = false;
        }
      // The middle may lie between sub-units, and rounding it to one would not turn with the
      // table (a half turn would round it the other way). So each element turns about the first
      // element's centre (a lattice point) and is then shifted by the difference between turning
      // about the middle and about that centre: half of t - turned(t), t = 2 (middle - centre),
      // a difference of points rounded halves away from zero, which turns with the table.
      const geo::Point pivot = from[0].centre();
      const geo::Vec twice{x0 + x1 - 2 * pivot.x, y0 + y1 - 2 * pivot.y};
      const geo::Angle turn = geo::Angle::degrees(code == act::kGroupTurnLeft ? 90 : -90);
      for (int k = 1; k <= 6; ++k) {
        const geo::Angle step = geo::Angle::from_units(std::int64_t{turn.signed_units()} * k / 6);
        const geo::Vec rd = geo::rotate(twice, step);
        const geo::Vec shift{half(twice.x - rd.x), half(twice.y - rd.y)};
        for (std::size_t i = 0; i < from.size(); ++i)
          paths[i].push_back(from[i].rotated_about(pivot, step).translated(shift));
      }
      p.cost.quarter_turns = 1;
      p.cost.straight_ahead = false;
      turn_only = true;
    }
  }
  p.target = target;
  for (const auto& path : paths) p.to.push_back(path.back());
  p.distance = dist;

  const PathCheck pc = check_path(p.movers, paths, target, p.contact, p.pushed);
  if (!pc.refusal.empty()) return core::make_error(pc.refusal);
  // [Mov-1, G-11] The allowance: the slowest mover in the worst going its path crosses.
  std::int64_t al = -1;
  bool ford = false;
  for (std::size_t i = 0; i < p.movers.size(); ++i) {
    const std::int64_t a = allowance(p.movers[i], pc.worst[i], pc.ford[i]);
    if (al < 0 || a < al) al = a;
    ford = ford || pc.ford[i];
  }
  if (!turn_only && dist > al)
    return core::make_error(
        fmt::format("{} would go {}, beyond {} move of {} in {} going{}.", name(e), in_inches(dist),
                    game::table::its_for(name(e)), in_inches(al),
                    going_name(*std::max_element(
                        pc.worst.begin(), pc.worst.end(),
                        [](Going x, Going y) { return going_rank(x) < going_rank(y); })),
                    ford ? " across a ford (Mov-5)" : ""));
  // [Pip-7, G-10] A march move stops short of 12" from the enemy.
  if (moves >= 1)
    for (const auto& b : p.to)
      if (near_enemy(b))
        return core::make_error(
            fmt::format("{}'s march move would end within 12\" of the enemy (G-10).", name(e)));
  if (p.contact) {
    // [Pip-5] It could not recoil from where it ends.
    for (std::size_t i = 0; i < p.movers.size(); ++i) {
      if (p.movers.size() > 1 &&
          !(geo::intersects(p.to[i], els_[static_cast<std::size_t>(target)].base)))
        continue;
      const geo::Base back = p.to[i].moved_forward(-p.to[i].depth());
      if (!on_table(back) || !clear_at(back, p.movers, target))
        p.cost.into_contact_cannot_recoil = true;
    }
    // [Pip-13, G-12c] Into contact with foot that stand uphill of the element touching them
    // (move_cost charges it to a foot group only).
    const geo::Base& tb = els_[static_cast<std::size_t>(target)].base;
    if (!is_mounted(gw_->element(target).troop.type))
      for (std::size_t i = 0; i < p.movers.size(); ++i)
        if (geo::intersects(p.to[i], tb) && uphill_of(tb, p.to[i]))
          p.cost.uphill_into_contact_with_foot = true;
  }
  // [Pip-6, Pip-2] Out of command: its general (a regiment's: its stand) is lost or more than the
  // command range (a regiment's: 6 inches) away (state_bound.cpp:command_post).
  int range = 0;
  const int general = command_post(e, &range);
  if (general < 0) {
    p.cost.out_of_command = true;
  } else {
    for (int m : p.movers) {
      const auto um = static_cast<std::size_t>(m);
      if (kept != nullptr && kept->in_range[um] >= 0 && kept->range_post[um] == general &&
          kept->range_inches[um] == range) {
        if (kept->in_range[um] == 0) p.cost.out_of_command = true;
        continue;
      }
      const bool in = within_command_range(els_[static_cast<std::size_t>(general)].base.centre(),
                                           els_[um].base.centre(), range);
      if (kept != nullptr) {
        kept->in_range[um] = in ? 1 : 0;
        kept->range_post[um] = general;
        kept->range_inches[um] = range;
      }
      if (!in) p.cost.out_of_command = true;
    }
  }
  // [Pip-8] The worst morale of the movers, and whether they move toward counting enemy.
  for (int m : p.movers) p.cost.morale = worse(p.cost.morale, morale_of(m));
  if (p.cost.morale != Morale::kSteady) {
    const std::int64_t before = nearest_enemy_sq(p.movers[0], from[0]);
    const std::int64_t after = nearest_enemy_sq(p.movers[0], p.to[0]);
    p.cost.toward_enemy = before >= 0 && after < before;
  }
  // [Pip-15] With the commander-in-chief.
  for (int m : p.movers)
    if (gw_->element(m).cinc) p.cost.with_cinc_or_exceptional = true;
  return p;
}

void GwkhoState::do_move(game::Action a) {
  a = act::as_move(a);
  const bool drop = a >= act::kPlaceBase && a < act::kPlaceEnd;
  const int e = (a - act::kMoveBase) / act::kCodes, code = (a - act::kMoveBase) % act::kCodes;
  if (!drop && code == act::kMount) {
    change_mount(e);  // [Pip-16, Dis-1] state_bound.cpp
    return;
  }
  if (!drop && code == act::kBreakOwn) {
    break_own(e);  // [Pip-18] state_fight.cpp
    return;
  }
  // [Pip-16, G-44, G-51] Uncrewed guns (state_crews.cpp).
  if (!drop && code == act::kReplaceCrew) return replace_crew(e);
  if (!drop && code == act::kDestroyGun) return destroy_gun(e);
  if (!drop && code == act::kWorkGun) return work_gun(e);
  if (!drop && code == act::kHold) {
    // [Pip-16] Holding impetuous troops: 1 PIP; they make no impetuous move this bound.
    std::vector<int> group = group_of(e);
    for (int m : group) els_[static_cast<std::size_t>(m)].held = true;
    pool_for(e) -= hold_cost(*this, e).total;
    if (logging()) emit("hold", move_text(a), "gwkho Pip-16");
    return;
  }
  auto p = plan(a);
  const PipCost cost = price(*p);
  pool_for(p->movers[0]) -= cost.total;  // [Pip-2] a regiment's own PIPs, else its command's
  if (logging())
    emit("move", fmt::format("{} ({} PIP{})", move_text(a), cost.total, cost.total == 1 ? "" : "s"),
         "gwkho Pip-4");
  apply_move(*p);
}

// ---------------------------------------------------------------------------------------------
// The candidates

void GwkhoState::move_actions(std::vector<game::Action>& out) const {
  out.push_back(act::kEndMoves);
  auto consider = [&](int e, int code) {
    auto p = plan_code(e, code);
    if (!p) return;
    const PipCost c = price(*p);
    if (!c.refused.empty()) return;
    if (c.total > pips_for(p->movers[0])) return;
    out.push_back(act::move(e, code));
  };
  for (int e = 0; e < num_elements(); ++e) {
    const ElementState& s = els_[static_cast<std::size_t>(e)];
    if (side_of(e) != active_ || !s.alive || s.routing || s.moves >= kMaxMoves) continue;
    const int pips = pips_for(e);  // [Pip-2] a regiment's own, else its command's
    if (pips <= 0) continue;
    if (in_contact(e)) continue;
    const std::vector<int> group = group_of(e);
    const bool alone = group.size() == 1;
    const bool leads = !alone && group[0] == e;
    // Candidates: a single element moves every way; an element of a group moves with it (its
    // leader's codes) or alone into contact; any other move is asked for (check_unlisted).
    if (alone) {
      for (int code :
           {0, 1, 2, 3, act::kTurnLeft, act::kTurnRight, act::kTurnAbout, act::kBack,
            act::kBack + 1, act::kSideLeft, act::kSideLeft + 1, act::kSideRight,
            act::kSideRight + 1, act::kWheel, act::kWheel + 1, act::kWheel + 2, act::kWheel + 3})
        consider(e, code);
    }
    if (leads) {
      for (int code = act::kGroupAdvance; code < act::kGroupAdvance + 4; ++code) consider(e, code);
      for (int code :
           {act::kGroupAbout, act::kGroupWheel, act::kGroupWheel + 1, act::kGroupWheel + 2,
            act::kGroupWheel + 3, act::kGroupTurnLeft, act::kGroupTurnRight, act::kGroupContact})
        consider(e, code);
    }
    // [Mov notes, G-74] Heavy infantry, phalanx or pike pushing light cavalry back: offered
    // when light cavalry stand ahead within a move (the plan checks the rest).
    const bool foot_that_push = std::all_of(group.begin(), group.end(), [&](int m) {
      const TroopType t = gw_->element(m).troop.type;
      return t == TroopType::kHI || t == TroopType::kPh || t == TroopType::kPk;
    });
    if ((alone || leads) && s.moves == 0 && foot_that_push) {
      const std::int64_t reach = allowance(e, Going::kRoad) + geo::reach(s.base);
      bool ahead = false;
      for (int o = 0; o < num_elements() && !ahead; ++o) {
        const ElementState& os = els_[static_cast<std::size_t>(o)];
        ahead = os.alive && side_of(o) != active_ && gw_->element(o).troop.type == TroopType::kLc &&
                !geo::far_apart(
                    s.base.centre(), os.base.centre(),
                    reach * static_cast<std::int64_t>(group.size()) + geo::reach(os.base)) &&
                geo::base_in_front_arc(s.base, os.base);
      }
      if (ahead)
        for (int code = act::kPushBack; code < act::kPushBack + 4; ++code) consider(e, code);
    }
    // [Pip-16] Holding impetuous troops.
    if ((alone || leads) && s.moves == 0 && !s.held && group_impetuous(*this, group)) {
      const PipCost c = hold_cost(*this, e);
      if (c.refused.empty() && c.total <= pips) out.push_back(act::move(e, act::kHold));
    }
    // [Pip-16, Dis-1] Dismounting or mounting (state_bound.cpp).
    if (s.moves == 0 && mount_refusal(e).ok()) out.push_back(act::move(e, act::kMount));
    // Contacts: the sides it could reach, checked by the cheap tests first.
    if (s.moves > 0) continue;
    const std::vector<int> ts = contact_targets(e);
    for (std::size_t k = 0; k < ts.size(); ++k) {
      const geo::Base& tb = els_[static_cast<std::size_t>(ts[k])].base;
      if (!geo::base_in_front_arc(s.base, tb)) continue;
      for (geo::Side sd : geo::kAllSides) {
        if (sd != geo::Side::kFront && !geo::wholly_beyond_side(tb, sd, s.base)) continue;
        consider(e, act::contact_code(static_cast<int>(k), static_cast<int>(sd)));
      }
    }
  }
  // [Pip-16, G-44, G-51] Uncrewed guns: crewing one's own again, working or destroying the
  // enemy's (state_crews.cpp says when).
  for (int g = 0; g < num_elements(); ++g) {
    if (!els_[static_cast<std::size_t>(g)].uncrewed) continue;
    if (side_of(g) == active_) {
      if (replace_crew_refusal(g).ok()) out.push_back(act::move(g, act::kReplaceCrew));
      continue;
    }
    if (work_gun_refusal(g).ok()) out.push_back(act::move(g, act::kWorkGun));
    for (int e = 0; e < num_elements(); ++e)
      if (gun_touched(e) == g && destroy_gun_refusal(e).ok())
        out.push_back(act::move(e, act::kDestroyGun));
  }
  std::sort(out.begin(), out.end());
}

// [G-57] A person's request for a move the candidates do not list: the move's reason when the
// rules refuse it, else accepted under its request code (a plain move code is accepted only
// when listed, so that code and the candidate set stay one to one).
core::Status GwkhoState::check_unlisted(game::Action a) const {
  const bool request = (a >= act::kPersonBase && a < act::kPersonEnd) ||
                       (a >= act::kPlaceBase && a < act::kPlaceEnd);
  if (current_player() != active_ || phase_ != Phase::kMove ||
      !(request || (a >= act::kMoveBase && a < act::kMoveEnd)))
    return game::State::check_unlisted(a);
  const game::Action m = act::as_move(a);
  auto why = move_refusal(m);
  if (!why.ok()) return why;
  if (!request)
    return core::make_error(
        fmt::format("{} is allowed but not a listed candidate: a person asks for it as action {}.",
                    move_text(m), act::person(m)));
  return core::Status::Ok();
}

// [Pip-18, G-36e, G-57] A person is offered, beside the legal decisions of the move step, the
// breaking of each of its own elements the rules let it break now: never an agent's candidate
// (it only loses morale), so it is offered under the person's request code.
void GwkhoState::person_actions(std::vector<game::Action>& out) const {
  legal_actions(out);
  if (phase_ != Phase::kMove || current_player() != active_ ||
      !std::binary_search(out.begin(), out.end(), act::kEndMoves))
    return;
  const std::size_t listed = out.size();
  for (int e = 0; e < num_elements(); ++e)
    if (side_of(e) == active_ && break_refusal(e).ok())
      out.push_back(act::person(act::move(e, act::kBreakOwn)));
  if (out.size() > listed) std::sort(out.begin(), out.end());
}

// Why move code m may not be made now, or Ok.
core::Status GwkhoState::move_refusal(game::Action m) const {
  if (m >= act::kPlaceBase && m < act::kPlaceEnd) {
    auto p = plan(m);
    if (!p) return core::make_error(p.message());
    return affordable(*p);
  }
  const int e = (m - act::kMoveBase) / act::kCodes, code = (m - act::kMoveBase) % act::kCodes;
  if (e >= num_elements()) return core::make_error("That names no element.");
  if (code == act::kMount) return mount_refusal(e);               // state_bound.cpp
  if (code == act::kBreakOwn) return break_refusal(e);            // state_fight.cpp
  if (code == act::kReplaceCrew) return replace_crew_refusal(e);  // state_crews.cpp
  if (code == act::kDestroyGun) return destroy_gun_refusal(e);
  if (code == act::kWorkGun) return work_gun_refusal(e);
  if (code == act::kHold) {
    const ElementState& s = els_[static_cast<std::size_t>(e)];
    const std::vector<int> group = group_of(e);
    if (side_of(e) != active_ || !s.alive || s.routing)
      return core::make_error(fmt::format("{} cannot be held.", name(e)));
    if (group[0] != e)
      return core::make_error(fmt::format("{} {} not lead {} group: hold the group by its leader.",
                                          name(e), game::table::verb_for(name(e), "does"),
                                          game::table::its_for(name(e))));
    if (s.moves > 0 || s.held || !group_impetuous(*this, group))
      return core::make_error(fmt::format("{} {} not impetuous, or {} moved or been held already.",
                                          name(e), game::table::verb_for(name(e), "is"),
                                          game::table::verb_for(name(e), "has")));
    const PipCost c = hold_cost(*this, e);
    if (!c.refused.empty()) return core::make_error(fmt::format("{} (Mor-18).", c.refused));
    if (pips_for(e) < c.total)
      return core::make_error("Holding impetuous troops costs 1 PIP (Pip-16).");
    return core::Status::Ok();
  }
  auto p = plan(m);
  if (!p) return core::make_error(p.message());
  return affordable(*p);
}

core::Status GwkhoState::affordable(const MovePlan& p) const {
  const PipCost c = price(p);
  if (!c.refused.empty()) return core::make_error(std::string(c.refused));
  if (c.total > pips_for(p.movers[0])) {
    // The pool is named as the log names it: the regiment by its name, the command by its
    // general's.
    const ElementDef& d = gw_->element(p.movers[0]);
    const std::string pool =
        regiment_number(p.movers[0]) >= 0
            ? fmt::format("the regiment {}", gw_->side(d.side)
                                                 .army.commands[static_cast<std::size_t>(d.command)]
                                                 .regiments[static_cast<std::size_t>(d.regiment)]
                                                 .name)
            : gw_->command_label(d.side, d.command);
    return core::make_error(fmt::format("That move costs {} PIP{}; {} has {}.", c.total,
                                        c.total == 1 ? "" : "s", pool, pips_for(p.movers[0])));
  }
  return core::Status::Ok();
}

// ---------------------------------------------------------------------------------------------
// Impetuous moves

// [Mov-7, G-14] After the controlled moves, every impetuous group or element of the moving side
// that neither moved nor was held advances toward its nearest enemy: into contact when it can
// (the group until its front touches; an element against its nearest enemy's front, flank or
// rear), else straight ahead as far as it can in quarters when that enemy lies in its front arc.
// For nothing: they are out of control.
void GwkhoState::impetuous_moves() {
  // [Pure performance] Nothing changes between two of the moves made here, so the answers of the
  // questions asked meanwhile (each element's group, contact, nearest enemy, contact targets,
  // what its plans find: memo.hpp) are kept while no move is made, and forgotten before one is.
  std::optional<memo::Listing> listing;
  for (int e = 0; e < num_elements(); ++e) {
    if (!listing) listing.emplace(*this);
    const ElementState& s = els_[static_cast<std::size_t>(e)];
    if (!acts(e) || !s.alive || s.routing || s.moves > 0 || s.held) continue;
    if (in_contact(e)) continue;
    const std::vector<int> group = group_of(e);
    if (group[0] != e) continue;  // its group moves with its leader
    if (!group_impetuous(*this, group)) continue;
    bool controlled = false;
    for (int m : group)
      controlled = controlled || els_[static_cast<std::size_t>(m)].moves > 0 ||
                   els_[static_cast<std::size_t>(m)].held;
    if (controlled) continue;
    std::vector<int> codes;
    if (group.size() > 1) {
      codes = {act::kGroupContact, act::kGroupAdvance + 3, act::kGroupAdvance + 2,
               act::kGroupAdvance + 1, act::kGroupAdvance};
    } else {
      for (geo::Side sd : geo::kAllSides)
        codes.push_back(act::contact_code(0, static_cast<int>(sd)));
      for (int q = 3; q >= 0; --q) codes.push_back(act::kAdvance + q);
    }
    const int nearest = nearest_enemy(e);
    if (nearest < 0) continue;
    for (int code : codes) {
      const bool advance = code < act::kGroupAdvance + 4;
      // Straight on only toward the nearest enemy.
      if (advance && !geo::base_in_front_arc(s.base, els_[static_cast<std::size_t>(nearest)].base))
        break;
      auto p = plan_code(e, code);
      if (!p) continue;
      // [G-51] Impetuous troops charge enemies, never an uncrewed gun.
      if (p->contact && p->target >= 0 && !els_[static_cast<std::size_t>(p->target)].alive)
        continue;
      if (logging())
        emit("impetuous", fmt::format("impetuous: {}", move_text(act::move(e, code))),
             "gwkho Mov-7");
      listing.reset();
      apply_move(*p);
      break;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Names

namespace {

// A direction on the table in words: the compass point when it is one (north is the far edge,
// y up), else its degrees counter-clockwise from east.
std::string facing_words(int degrees) {
  static constexpr const char* kPoints[] = {"east", "north-east", "north", "north-west",
                                            "west", "south-west", "south", "south-east"};
  degrees = ((degrees % 360) + 360) % 360;
  if (degrees % 45 == 0) return kPoints[degrees / 45];
  return fmt::format("{} degrees", degrees);
}

}  // namespace

std::string GwkhoState::move_text(game::Action a) const {
  a = act::as_move(a);
  if (a >= act::kPlaceBase && a < act::kPlaceEnd) {
    const int i = a - act::kPlaceBase;
    const int h = i % act::kPlaceHeadings;
    const int k = (i / act::kPlaceHeadings) % act::kPlaceDistances;
    const int dir = (i / (act::kPlaceHeadings * act::kPlaceDistances)) % act::kPlaceDirections;
    const int e = i / (act::kPlaceHeadings * act::kPlaceDistances * act::kPlaceDirections);
    if (e >= num_elements()) return fmt::format("action {}", a);
    // [G-57] A drop: a turn to face the way it goes (if it must), the straight move, a turn to
    // its last facing (if another); each said once.
    const geo::Angle now = els_[static_cast<std::size_t>(e)].base.heading();
    const geo::Angle last = geo::Angle::degrees(h * act::kPlaceHeadingStep);
    const geo::Angle way = geo::Angle::degrees(dir);
    const std::string who = gw_->label(e);
    if (k == 0)
      return last == now
                 ? fmt::format("{} {} as {} {}", who, game::table::verb_for(who, "stays"),
                               game::table::it_for(who), game::table::verb_for(who, "stands"))
                 : fmt::format("{} {} to face {}", who, game::table::verb_for(who, "turns"),
                               facing_words(h * act::kPlaceHeadingStep));
    const std::string move = fmt::format("{:.1f}\"", k / 10.0);
    std::string text = who;
    if (way != now) text += fmt::format(" turns to face {},", facing_words(dir));
    if (way == now && last == now)
      text += fmt::format(" moves {} straight ahead", move);
    else if (way == now)
      text += fmt::format(" moves {} ahead", move);
    else
      text += fmt::format(" moves {}", move);
    if (last != way)
      text += fmt::format(" and turns to face {}", facing_words(h * act::kPlaceHeadingStep));
    return text;
  }
  const int e = (a - act::kMoveBase) / act::kCodes;
  const std::string what = move_words(a);
  if (e >= num_elements() || what.empty()) return fmt::format("action {}", a);
  // The move first, then who makes it: a button cut short still says what it does.
  return fmt::format("{}: {}", what, gw_->label(e));
}

std::string GwkhoState::move_words(game::Action a) const {
  a = act::as_move(a);
  if (a < act::kMoveBase || a >= act::kMoveEnd) return {};
  const int e = (a - act::kMoveBase) / act::kCodes, code = (a - act::kMoveBase) % act::kCodes;
  if (e >= num_elements()) return {};
  if (code < 4) return fmt::format("ahead {}/4", code + 1);
  if (code < 8) return fmt::format("group ahead {}/4", code - 3);
  if (code == act::kTurnLeft) return "turn left";
  if (code == act::kTurnRight) return "turn right";
  if (code == act::kTurnAbout) return "turn about";
  if (code == act::kGroupAbout) return "group turns about";
  if (code < act::kSideLeft) return fmt::format("back {}/4", code - act::kBack + 1);
  if (code < act::kSideRight) return fmt::format("sideways left {}/4", code - act::kSideLeft + 1);
  if (code < act::kWheel) return fmt::format("sideways right {}/4", code - act::kSideRight + 1);
  static constexpr const char* kWheels[] = {"45 degrees left", "90 degrees left",
                                            "45 degrees right", "90 degrees right"};
  if (code < act::kGroupWheel) return fmt::format("wheel {}", kWheels[code - act::kWheel]);
  if (code < act::kGroupTurnLeft)
    return fmt::format("group wheels {}", kWheels[code - act::kGroupWheel]);
  if (code == act::kGroupTurnLeft) return "group turns left";
  if (code == act::kGroupTurnRight) return "group turns right";
  if (code == act::kGroupContact) return "group advances into contact";
  if (code >= act::kPushBack && code < act::kPushBack + 4) {
    const std::vector<int> group = group_of(e);
    return fmt::format("{} ahead {}/4 pushing light cavalry back",
                       group.size() > 1 && group[0] == e ? "group" : "alone",
                       code - act::kPushBack + 1);
  }
  if (code == act::kHold) return "hold the impetuous group";
  if (code == act::kBreakOwn) return "broken by its own side";
  if (code == act::kReplaceCrew) return "replace the gun's crew";
  if (code == act::kWorkGun) return "work the enemy's uncrewed gun";
  if (code == act::kDestroyGun) {
    const int g = gun_touched(e);
    return g >= 0 ? fmt::format("destroy the uncrewed gun {}", gw_->troop_label(g))
                  : std::string("destroy the uncrewed gun it touches");
  }
  if (code == act::kMount) return gw_->element(e).dismounted() ? "mount" : "dismount";
  if (code >= act::kContact && code < act::kNumCodes) {
    const int k = (code - act::kContact) / 4;
    const auto side = static_cast<geo::Side>((code - act::kContact) % 4);
    const std::vector<int> ts = contact_targets(e);
    static constexpr const char* kSides[] = {"front", "left flank", "rear", "right flank"};
    if (k < static_cast<int>(ts.size()))
      return fmt::format("into contact with the {} of {}", kSides[static_cast<std::size_t>(side)],
                         gw_->troop_label(ts[static_cast<std::size_t>(k)]));
    return fmt::format("into contact with target {} ({})", k + 1, geo::to_string(side));
  }
  return {};
}

}  // namespace carroccio::gwkho
