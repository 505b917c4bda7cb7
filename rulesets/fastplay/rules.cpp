// The rules of play on the table: stands and units, movement and the 10 cm stand-off (fastplay
// 4), archery and war machines (5, 10.2), charges, evading and pivoting (6, 7.1), melee (7.2, 8,
// 10.3), retreat (9), commanders (11). All geometry is integer (core/geometry.hpp, 0.1 mm);
// rulings are in docs/rulings/fastplay.md.
#include <algorithm>
#include <array>
#include <atomic>
#include <cstdlib>
#include <optional>

#include "game/table/geometry.hpp"
#include "rulesets/fastplay/state.hpp"

namespace carroccio::fastplay {

namespace {

// Ruling F-30: stands within 1 mm of each other are in contact, and only an overlap deeper than
// 1 mm is an overlap (rotated stands are rounded to the 0.1 mm lattice).
constexpr std::int64_t kContact = 1 * kMm;

// The base shrunk by the contact tolerance on every side: what must not overlap another stand.
geo::Base solid(const geo::Base& b) {
  return geo::Base(b.centre(), b.width() - 2 * kContact, b.depth() - 2 * kContact, b.heading());
}

// The box around a base: its corners are centre +- F +- L, so the furthest along x is |F.x| +
// |L.x| either side of the centre (the corners' own box, without making them).
FastplayState::Box box_of(const geo::Base& b) {
  const geo::Vec f = b.forward_half(), l = b.left_half();
  const std::int64_t ax = std::abs(f.x) + std::abs(l.x), ay = std::abs(f.y) + std::abs(l.y);
  const geo::Point c = b.centre();
  return {c.x - ax, c.x + ax, c.y - ay, c.y + ay};
}

// The box `b` of some points, made to hold them also after a straight move by v (so all the
// area their move sweeps), widened by `margin` on every side.
[[gnu::always_inline]] inline FastplayState::Box moved_box(FastplayState::Box b, geo::Vec v,
                                                           std::int64_t margin) {
  return {std::min(b.min_x, b.min_x + v.x) - margin, std::max(b.max_x, b.max_x + v.x) + margin,
          std::min(b.min_y, b.min_y + v.y) - margin, std::max(b.max_y, b.max_y + v.y) + margin};
}

// The boxes are more than r apart along x or along y, so everything in one is more than r from
// everything in the other (a quick refusal before an exact distance).
bool more_than_apart(const FastplayState::Box& a, const FastplayState::Box& b, std::int64_t r) {
  return a.max_x + r < b.min_x || b.max_x + r < a.min_x || a.max_y + r < b.min_y ||
         b.max_y + r < a.min_y;
}

// The square of the distance between the boxes (the gaps along x and y): every point of one is
// at least that far from every point of the other.
std::uint64_t box_gap_sq(const FastplayState::Box& a, const FastplayState::Box& b) {
  const std::int64_t dx = std::max<std::int64_t>({0, b.min_x - a.max_x, a.min_x - b.max_x});
  const std::int64_t dy = std::max<std::int64_t>({0, b.min_y - a.max_y, a.min_y - b.max_y});
  return static_cast<std::uint64_t>(dx * dx + dy * dy);
}

bool is_foot(TroopType t) {
  return t == TroopType::kArchery || t == TroopType::kLightInfantry ||
         t == TroopType::kHeavyInfantry;
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// Stands and units

geo::Base FastplayState::stand_base_at(int u, int i, geo::Point centre, geo::Angle heading) const {
  const StandState& s = unit(u).stands[static_cast<std::size_t>(i)];
  const StandSize size = fp_->unit(u).lone_commander ? kCommanderStand : stand_size(s.type);
  return geo::Base(centre + geo::rotate(s.offset, heading), size.width, size.depth, heading);
}

namespace {

// The geometry made for one unit and everything it was made from.
struct MadeGeo {
  struct From {
    geo::Vec offset;
    TroopType type = TroopType::kHeavyInfantry;
    bool alive = false;
  };
  bool valid = false;
  bool lone = false;  // the size: kCommanderStand or the type's
  geo::Point centre;
  geo::Angle heading;
  std::size_t count = 0;
  std::array<From, kMaxUnitStands> from;
  FastplayState::UnitGeo geo;

  std::uint64_t scope = 0;  // the GeoScope it was last checked in, 0 when none
  std::uint64_t stamp = 0;  // the geo_stamp() of the state it was last checked with, 0 when none

  bool made_from(const UnitState& us, geo::Point c, geo::Angle h, bool is_lone) const {
    if (!valid || centre != c || heading != h || lone != is_lone || count != us.stands.size())
      return false;
    for (std::size_t i = 0; i < count; ++i) {
      const StandState& s = us.stands[i];
      if (from[i].alive != s.alive || from[i].type != s.type || from[i].offset != s.offset)
        return false;
    }
    return true;
  }
};

// The GeoScope alive on this thread, if any: its state and its number.
thread_local const FastplayState* scope_state = nullptr;
thread_local std::uint64_t scope_id = 0;
thread_local std::uint64_t scopes_made = 0;

std::atomic<std::uint64_t> stamps_given{0};

}  // namespace

std::uint64_t FastplayState::fresh_stamp() {
  return stamps_given.fetch_add(1, std::memory_order_relaxed) + 1;
}

FastplayState::GeoScope::GeoScope(const FastplayState& s) {
  if (scope_state) return;  // inside another: that one stands
  outer_ = true;
  scope_state = &s;
  scope_id = ++scopes_made;
}

FastplayState::GeoScope::~GeoScope() {
  if (!outer_) return;
  scope_state = nullptr;
  scope_id = 0;
}

// The stands where they stand, and where the moves being listed would put them, are asked for
// again and again while the decisions of one state are listed: what was made for a unit slot is
// kept (per thread, whatever the state) with everything it was made from, and reused while all
// of that is the same.
// `rebuilt`, when given, is counted up when the geometry is made again (not only checked).
[[gnu::noinline]] static const FastplayState::UnitGeo& check_geo(const FastplayState& s, MadeGeo& m,
                                                                 int u, geo::Point centre,
                                                                 geo::Angle heading,
                                                                 std::uint64_t* rebuilt) {
  const std::uint64_t scope = scope_state == &s ? scope_id : 0;
  const UnitState& us = s.unit(u);
  const bool lone = s.fp().unit(u).lone_commander;
  m.scope = scope;
  m.stamp = s.geo_stamp();
  if (m.made_from(us, centre, heading, lone)) return m.geo;
  if (rebuilt) ++*rebuilt;
  m.valid = us.stands.size() <= m.from.size();  // else made again each time
  m.centre = centre;
  m.heading = heading;
  m.lone = lone;
  m.count = us.stands.size();
  m.geo.stands.clear();
  m.geo.block.reset();
  constexpr std::int64_t kFar = std::int64_t{1} << 60;
  FastplayState::Box& box = m.geo.box;
  box = {kFar, -kFar, kFar, -kFar};
  for (std::size_t i = 0; i < us.stands.size(); ++i) {
    const StandState& st = us.stands[i];
    if (m.valid) m.from[i] = {st.offset, st.type, st.alive};
    if (!st.alive) continue;
    const geo::Base b = s.stand_base_at(u, static_cast<int>(i), centre, heading);
    const FastplayState::Box bb = box_of(b);
    m.geo.stands.push_back({static_cast<int>(i), b, std::nullopt, geo::reach(b), bb});
    box.min_x = std::min(box.min_x, bb.min_x), box.max_x = std::max(box.max_x, bb.max_x);
    box.min_y = std::min(box.min_y, bb.min_y), box.max_y = std::max(box.max_y, bb.max_y);
  }
  return m.geo;
}

static inline const FastplayState::UnitGeo& made_geo(const FastplayState& s, MadeGeo& m, int u,
                                                     geo::Point centre, geo::Angle heading,
                                                     std::uint64_t* rebuilt = nullptr) {
  // Checked already in this scope, whose state does not change, or with a state of the same
  // stamp (the same units): only the place may differ.
  if (m.valid && m.centre == centre && m.heading == heading &&
      ((scope_state == &s && m.scope == scope_id) || (m.stamp != 0 && m.stamp == s.geo_stamp())))
    return m.geo;
  return check_geo(s, m, u, centre, heading, rebuilt);
}

namespace {
thread_local std::array<MadeGeo, kMaxUnits> made_here;  // unit_geo()
// How many times a slot of made_here was made again on this thread: what points into it
// (TableGeo) is still right while this is unchanged.
thread_local std::uint64_t made_here_rebuilt = 0;

// `m` was made for unit u of `s` as it is now (its stands), under `heading`.
bool made_for_heading(const FastplayState& s, const MadeGeo& m, int u, geo::Angle heading) {
  if (!m.valid || m.heading != heading) return false;
  if (scope_state == &s && m.scope == scope_id) return true;  // checked in this scope already
  if (m.stamp != 0 && m.stamp == s.geo_stamp()) return true;  // or with the same units
  return m.made_from(s.unit(u), m.centre, heading, s.fp().unit(u).lone_commander);
}

// unit_geo_at() keeps what it made for a unit under 8 headings, one in each eighth of a turn
// (the eight turns of 45 degrees from any heading fall in different eighths).
constexpr std::size_t kHeadingSlots = 8;
std::size_t heading_slot(geo::Angle h) {
  return static_cast<std::size_t>(h.units() / (geo::kFullTurn / 8)) % kHeadingSlots;
}

FastplayState::Box shifted(const FastplayState::Box& b, geo::Vec d) {
  return {b.min_x + d.x, b.max_x + d.x, b.min_y + d.y, b.max_y + d.y};
}

// `to` made from `from`, the same unit's geometry under the same heading elsewhere: every stand
// (a base is a centre and half vectors that depend only on its size and heading) moved by the
// difference of the centres. What stand_base_at() would make there, without its trigonometry.
const FastplayState::UnitGeo& moved_geo(const FastplayState& s, const MadeGeo& from, MadeGeo& to,
                                        geo::Point centre) {
  const geo::Vec d = centre - from.centre;
  to.valid = true;
  to.lone = from.lone;
  to.centre = centre;
  to.heading = from.heading;
  to.count = from.count;
  to.from = from.from;
  to.scope = scope_state == &s ? scope_id : 0;
  to.stamp = s.geo_stamp();  // `from` was checked with s (made_for_heading())
  to.geo.stands.clear();
  to.geo.block.reset();
  for (const FastplayState::StandGeo& g : from.geo.stands) {
    std::optional<geo::Base> core;
    if (g.core_made) core = g.core_made->translated(d);
    to.geo.stands.push_back({g.index, g.base.translated(d), core, g.reach, shifted(g.box, d)});
  }
  to.geo.box = from.geo.stands.empty() ? from.geo.box : shifted(from.geo.box, d);
  return to.geo;
}

}  // namespace

const FastplayState::UnitGeo& FastplayState::unit_geo(int u) const {
  MadeGeo& m = made_here[static_cast<std::size_t>(u)];
  // Last checked or made with this stamp: made for this unit where it stands (a stamp names
  // the units).
  if (stamp_ != 0 && m.stamp == stamp_) return m.geo;
  const UnitState& us = unit(u);
  return made_geo(*this, m, u, us.centre, us.heading, &made_here_rebuilt);
}

namespace {

// unit_geo() of every unit, for the loops over all of them: made once in a GeoScope or for a
// stamp (while no slot of unit_geo() was made again since), else at each call.
struct TableGeo {
  std::uint64_t scope = 0;
  std::uint64_t stamp = 0;    // the geo_stamp() it was made for
  std::uint64_t rebuilt = 0;  // made_here_rebuilt when it was made
  const FastplayState* state = nullptr;
  std::array<const FastplayState::UnitGeo*, kMaxUnits> units{};
  const FastplayState::UnitGeo& operator[](int u) const {
    return *units[static_cast<std::size_t>(u)];
  }
};

const TableGeo& table_geo(const FastplayState& s) {
  thread_local TableGeo t;
  if (t.rebuilt == made_here_rebuilt &&
      ((scope_state == &s && t.scope == scope_id && t.state == &s) ||
       (s.geo_stamp() != 0 && t.stamp == s.geo_stamp())))
    return t;
  for (int u = 0; u < s.num_units(); ++u) t.units[static_cast<std::size_t>(u)] = &s.unit_geo(u);
  t.scope = scope_state == &s ? scope_id : 0;
  t.stamp = s.geo_stamp();
  t.rebuilt = made_here_rebuilt;
  t.state = &s;
  return t;
}

// An answer about unit u found in one state, kept (per thread, whatever the state) with what
// it depends on: u's place and stands, and the other units' only through their boxes not
// apart from `region`, or, for the enemy units, from `enemy_region` (a test that skips every
// unit whose box is apart from them). It holds in a state where u has the same serial and every
// unit whose serial differs had its box apart from those then and has it apart now: those units
// were skipped and are skipped again.
struct KeptNear {
  bool valid = false;
  FastplayState::Box region, enemy_region;
  std::array<std::uint64_t, kMaxUnits> serial{};
  std::array<FastplayState::Box, kMaxUnits> box{};

  bool apart(const FastplayState& s, int u, int w, const FastplayState::Box& b) const {
    return region.apart(b) && (s.side_of(w) == s.side_of(u) || enemy_region.apart(b));
  }
  // Whether the answer kept holds in s (then the units changed apart from the regions are
  // noted as they are now, so that the next state is checked against these).
  bool holds(const FastplayState& s, int u) {
    if (!valid || s.serial(u) == 0 || serial[static_cast<std::size_t>(u)] != s.serial(u))
      return false;
    for (int w = 0; w < s.num_units(); ++w) {
      const auto k = static_cast<std::size_t>(w);
      if (serial[k] == s.serial(w)) continue;
      if (s.serial(w) == 0 || !apart(s, u, w, box[k])) return false;
      const FastplayState::Box now = s.unit_geo(w).box;
      if (!apart(s, u, w, now)) return false;
      serial[k] = s.serial(w);
      box[k] = now;
    }
    return true;
  }
  // Keeps an answer found in s with the regions its test looked at; not kept while a unit of s
  // has no serial (changed by an action not yet done).
  void keep(const FastplayState& s, const FastplayState::Box& r, const FastplayState::Box& er) {
    valid = false;
    for (int w = 0; w < s.num_units(); ++w)
      if (s.serial(w) == 0) return;
    valid = true;
    region = r;
    enemy_region = er;
    const TableGeo& table = table_geo(s);
    for (int w = 0; w < s.num_units(); ++w) {
      serial[static_cast<std::size_t>(w)] = s.serial(w);
      box[static_cast<std::size_t>(w)] = table[w].box;
    }
  }
};

// The box of both boxes.
FastplayState::Box joined(const FastplayState::Box& a, const FastplayState::Box& b) {
  return {std::min(a.min_x, b.min_x), std::max(a.max_x, b.max_x), std::min(a.min_y, b.min_y),
          std::max(a.max_y, b.max_y)};
}

// A box apart from every box.
constexpr FastplayState::Box kNowhere{std::int64_t{1} << 60, -(std::int64_t{1} << 60),
                                      std::int64_t{1} << 60, -(std::int64_t{1} << 60)};

}  // namespace

const FastplayState::UnitGeo& FastplayState::unit_geo_at(int u, geo::Point centre,
                                                         geo::Angle heading) const {
  // A move's listing tries one starting place with several end places: two kept per slot, the
  // one used last and the other.
  thread_local std::array<std::array<MadeGeo, 2>, kMaxUnits> tried;
  thread_local std::array<std::uint8_t, kMaxUnits> last{};
  // Where it stands (a turn of nothing): the unit's own.
  if (centre == unit(u).centre && heading == unit(u).heading) return unit_geo(u);
  auto& pair = tried[static_cast<std::size_t>(u)];
  std::uint8_t& l = last[static_cast<std::size_t>(u)];
  for (std::uint8_t k = 0; k < 2; ++k)
    if (pair[k].valid && pair[k].centre == centre && pair[k].heading == heading) {
      l = k;
      return made_geo(*this, pair[k], u, centre, heading);  // checks the stands
    }
  l = static_cast<std::uint8_t>(1 - l);
  // A move's end place has the heading of its start, kept in the other slot, or of the unit's
  // own place (a move straight ahead): its stands are those moved.
  const MadeGeo& other = pair[static_cast<std::size_t>(1 - l)];
  if (made_for_heading(*this, other, u, heading)) return moved_geo(*this, other, pair[l], centre);
  const MadeGeo& own = made_here[static_cast<std::size_t>(u)];
  if (made_for_heading(*this, own, u, heading)) return moved_geo(*this, own, pair[l], centre);
  // The turns of a list (the same headings again and again while the unit keeps its own): the
  // stands last made under this heading, kept per unit and heading, moved.
  thread_local std::array<std::array<MadeGeo, kHeadingSlots>, kMaxUnits> turned;
  MadeGeo& kept = turned[static_cast<std::size_t>(u)][heading_slot(heading)];
  if (made_for_heading(*this, kept, u, heading)) return moved_geo(*this, kept, pair[l], centre);
  made_geo(*this, pair[l], u, centre, heading);
  kept = pair[l];
  return pair[l].geo;
}

const geo::Base& FastplayState::StandGeo::core() const {
  if (!core_made) core_made = solid(base);
  return *core_made;
}

geo::Base FastplayState::stand_base(int u, int i) const {
  if (unit(u).stands[static_cast<std::size_t>(i)].alive)
    for (const StandGeo& g : unit_geo(u).stands)
      if (g.index == i) return g.base;
  return stand_base_at(u, i, unit(u).centre, unit(u).heading);
}

namespace {
struct Frame {
  geo::Vec centre;  // the block's centre in the unit's frame
  std::int64_t width = 0, depth = 0;
};
}  // namespace

static Frame block_frame(const FastplayState& s, int u) {
  std::int64_t minx = 0, maxx = 0, miny = 0, maxy = 0;
  bool any = false;
  const UnitState& us = s.unit(u);
  for (std::size_t i = 0; i < us.stands.size(); ++i) {
    const StandState& st = us.stands[i];
    if (!st.alive) continue;
    const StandSize size = s.fp().unit(u).lone_commander ? kCommanderStand : stand_size(st.type);
    const std::int64_t x0 = st.offset.x - size.depth / 2, x1 = st.offset.x + size.depth / 2;
    const std::int64_t y0 = st.offset.y - size.width / 2, y1 = st.offset.y + size.width / 2;
    if (!any) {
      minx = x0, maxx = x1, miny = y0, maxy = y1;
      any = true;
    }
    minx = std::min(minx, x0), maxx = std::max(maxx, x1);
    miny = std::min(miny, y0), maxy = std::max(maxy, y1);
  }
  if (!any) return {{0, 0}, 2, 2};
  return {{(minx + maxx) / 2, (miny + maxy) / 2}, maxy - miny, maxx - minx};
}

geo::Base FastplayState::block(int u) const {
  // Kept with the unit's stands (made from the same things).
  const UnitGeo& g = unit_geo(u);
  if (!g.block) g.block = block_at(u, unit(u).centre, unit(u).heading);
  return *g.block;
}

// Ruling F-6: a unit turns on the spot about the middle of its present footprint, the block of
// its live stands; the frame's centre where that middle stays put under heading `heading`. A
// unit that has lost stands turns about what is left of it, so its survivors are not swung
// round the place of the dead. For a whole unit the middle is the frame's centre.
// `f` is block_frame(s, u).
static geo::Point turned_in_place(const FastplayState& s, int u, const Frame& f,
                                  geo::Angle heading) {
  const UnitState& us = s.unit(u);
  return us.centre + geo::rotate(f.centre, us.heading) - geo::rotate(f.centre, heading);
}

static geo::Point turned_in_place(const FastplayState& s, int u, geo::Angle heading) {
  return turned_in_place(s, u, block_frame(s, u), heading);
}

geo::Base FastplayState::block_at(int u, geo::Point centre, geo::Angle heading) const {
  const Frame f = block_frame(*this, u);
  return geo::Base(centre + geo::rotate(f.centre, heading), f.width, f.depth, heading);
}

int FastplayState::alive_stands(int u) const {
  int n = 0;
  for (const auto& s : unit(u).stands) n += s.alive ? 1 : 0;
  return n;
}

int FastplayState::stands_lost(int side) const {
  int alive_count = 0;
  for (int u = 0; u < num_units(); ++u)
    if (side_of(u) == side && !fp_->unit(u).lone_commander) alive_count += alive_stands(u);
  return fp_->starting_stands(side) - alive_count;
}

bool FastplayState::engaged(int u) const {
  // Asked of every unit by most listings: kept per unit with the state's stamp.
  struct Seen {
    std::uint64_t stamp = 0;
    bool engaged = false;
  };
  thread_local std::array<Seen, kMaxUnits> seen;
  Seen& k = seen[static_cast<std::size_t>(u)];
  if (stamp_ != 0 && k.stamp == stamp_) return k.engaged;
  // Else kept across states with the serials (KeptNear): what touches_enemy_at() looks at is
  // the enemy units whose boxes are within the contact tolerance of u's box.
  struct Near {
    KeptNear near;
    bool engaged = false;
  };
  thread_local std::array<Near, kMaxUnits> near;
  Near& n = near[static_cast<std::size_t>(u)];
  if (!n.near.holds(*this, u)) {
    // Ruling F-15: engaged means a live stand in edge contact with a live enemy stand.
    n.engaged = touches_enemy_at(u, unit(u).centre, unit(u).heading);
    const Box b = unit_geo(u).box;
    n.near.keep(*this, kNowhere,
                {b.min_x - kContact, b.max_x + kContact, b.min_y - kContact, b.max_y + kContact});
  }
  if (stamp_ != 0) k = {stamp_, n.engaged};
  return n.engaged;
}

namespace {

// A river of the scenario (ruling F-7: rivers stop movement) and its box: what is apart from the
// box keeps out of the river (the boxes made once with the game: FastplayGame::river_boxes()).
struct River {
  const geo::Polygon& outline;
  FastplayState::Box box;
};

River river(const Scenario& sc, const FastplayGame::RiverBox& r) {
  return {sc.terrain[r.terrain].outline, {r.min_x, r.max_x, r.min_y, r.max_y}};
}

}  // namespace

// may_place() of the stands `own` of unit u moved by `shift`, without making them there: the
// boxes moved, and the exact tests asked of each obstacle stand moved back by `shift` instead
// (the same answers: they depend only on differences of points), or of the stand moved onto a
// river (rare).
// `only`, when given, lists the units to look at (ascending): every other unit's box is apart
// from the moved stands' box (see Near, move_codes()); else all of them.
static bool place_clear(const FastplayState& s, int u, const FastplayState::UnitGeo& own,
                        geo::Vec shift, int ignore, const std::vector<int>* only = nullptr) {
  const Scenario& sc = s.fp().scenario_data();
  const FastplayState::Box box = shifted(own.box, shift);
  // Every stand on the table (game::table::on_table(), the box of each stand within it) exactly
  // when the box around all of them is.
  if (box.min_x < 0 || box.min_y < 0 || box.max_x > sc.width || box.max_y > sc.height) return false;
  const geo::Vec back{-shift.x, -shift.y};
  for (const auto& rb : s.fp().river_boxes()) {  // ruling F-7: rivers stop movement
    const River r = river(sc, rb);
    const FastplayState::Box rbox = shifted(r.box, back);
    if (own.box.apart(rbox)) continue;  // so is every stand's box (inside the unit's)
    for (const FastplayState::StandGeo& p : own.stands)
      if (!p.box.apart(rbox) && geo::base_overlaps_polygon(p.core().translated(shift), r.outline))
        return false;
  }
  // No overlap with another unit's stand (boxes apart cannot overlap: a quick refusal).
  const TableGeo& table = table_geo(s);
  const int n = only ? static_cast<int>(only->size()) : s.num_units();
  for (int i = 0; i < n; ++i) {
    const int v = only ? (*only)[static_cast<std::size_t>(i)] : i;
    if (v == u || v == ignore) continue;
    const FastplayState::UnitGeo& other = table[v];
    if (box.apart(other.box)) continue;
    for (const FastplayState::StandGeo& o : other.stands) {
      if (box.apart(o.box)) continue;  // apart from all of them
      const FastplayState::Box obox = shifted(o.box, back);
      std::optional<geo::Base> moved_back;  // o.base moved by `back`, made when first asked
      for (const FastplayState::StandGeo& p : own.stands) {
        if (p.box.apart(obox)) continue;
        if (!moved_back) moved_back = o.base.translated(back);
        if (geo::overlaps(p.core(), *moved_back)) return false;
      }
    }
  }
  return true;
}

bool FastplayState::may_place(int u, geo::Point centre, geo::Angle heading, int ignore) const {
  return place_clear(*this, u, unit_geo_at(u, centre, heading), geo::Vec{0, 0}, ignore);
}

// path_clear() of the stands `own` (u's at the place tried), looking only at the units `only`
// lists (ascending; all when null): the same answer when every unit left out has its box apart
// from the boxes tested (move_codes()).
static bool path_clear_of(const FastplayState& s, int u, const FastplayState::UnitGeo& own,
                          geo::Vec v, int ignore, const std::vector<int>* only) {
  using Box = FastplayState::Box;
  using StandGeo = FastplayState::StandGeo;
  using UnitGeo = FastplayState::UnitGeo;
  const Scenario& sc = s.fp().scenario_data();
  for (const auto& rb : s.fp().river_boxes()) {
    const River r = river(sc, rb);
    if (moved_box(own.box, v, 0).apart(r.box)) continue;  // so is every stand's moved box
    for (const StandGeo& p : own.stands)
      if (!moved_box(p.box, v, 0).apart(r.box) &&
          geo::move_overlaps_polygon(p.core(), v, r.outline))
        return false;
  }
  // A stand's move stays within the box of its corners at both ends (boxes apart cannot
  // overlap: a quick refusal).
  thread_local std::vector<Box> moved;
  moved.clear();
  for (const StandGeo& p : own.stands) moved.push_back(moved_box(p.box, v, 0));
  const Box all = moved_box(own.box, v, 0);
  const TableGeo& table = table_geo(s);
  const int n = only ? static_cast<int>(only->size()) : s.num_units();
  for (int i = 0; i < n; ++i) {
    const int w = only ? (*only)[static_cast<std::size_t>(i)] : i;
    if (w == u || w == ignore) continue;
    const UnitGeo& other = table[w];
    if (all.apart(other.box)) continue;
    for (const StandGeo& o : other.stands) {
      if (all.apart(o.box)) continue;  // apart from all of them
      for (std::size_t k = 0; k < own.stands.size(); ++k)
        if (!moved[k].apart(o.box) && geo::move_overlaps_base(own.stands[k].core(), v, o.base))
          return false;
    }
  }
  return true;
}

bool FastplayState::path_clear(int u, geo::Point centre, geo::Angle heading, geo::Vec v,
                               int ignore) const {
  return path_clear_of(*this, u, unit_geo_at(u, centre, heading), v, ignore, nullptr);
}

bool FastplayState::nearer_than(const geo::Segment& s, std::span<const geo::Point> polygon,
                                const geo::SquaredDistance& r) {
  // distance_sq(s, polygon) is 0 when s meets the polygon, else the least distance of s to an
  // edge. Nothing is nearer than 0.
  if (!(geo::SquaredDistance() < r)) return false;
  if (polygon.empty()) return true;  // distance_sq() is 0 then
  const Box sbox{std::min(s.a.x, s.b.x), std::max(s.a.x, s.b.x), std::min(s.a.y, s.b.y),
                 std::max(s.a.y, s.b.y)};
  const std::size_t n = polygon.size();
  for (std::size_t i = 0; i < n; ++i) {
    const geo::Segment e{polygon[i], polygon[i + 1 < n ? i + 1 : 0]};
    const Box ebox{std::min(e.a.x, e.b.x), std::max(e.a.x, e.b.x), std::min(e.a.y, e.b.y),
                   std::max(e.a.y, e.b.y)};
    // The boxes' gap bounds the edge's distance from below.
    if (!(geo::SquaredDistance::of_integer(box_gap_sq(sbox, ebox)) < r)) continue;
    if (geo::distance_sq(s, e) < r) return true;  // an edge met is at distance 0
  }
  // No edge nearer than r, so none met: s meets the polygon only by lying inside it.
  return geo::point_in_polygon(s.a, polygon);
}

// keeps_stand_off() of the stands `own` (u's at the place tried), looking only at the units
// `only` lists (as path_clear_of()).
static bool stand_off_kept(const FastplayState& s, int u, const FastplayState::UnitGeo& own,
                           geo::Vec v, const std::vector<int>* only) {
  using Box = FastplayState::Box;
  using StandGeo = FastplayState::StandGeo;
  using UnitGeo = FastplayState::UnitGeo;
  // fastplay 4.1 (ruling F-8): no part of a moving stand may come, at any point of the move,
  // within 10 cm of an enemy stand, or closer than it already was when it started inside 10 cm.
  const geo::SquaredDistance limit =
      geo::SquaredDistance::of_integer(static_cast<std::uint64_t>(kStandOff * kStandOff));
  struct Swept {
    const StandGeo* start;
    std::optional<geo::Polygon> area;  // made when an enemy stand is near it
    Box box;  // widened by the stand-off: an enemy stand whose box is apart is beyond it
  };
  thread_local std::vector<Swept> swept;
  swept.clear();
  for (const StandGeo& b : own.stands)
    swept.push_back({&b, std::nullopt, moved_box(b.box, v, kStandOff)});
  const Box all = moved_box(own.box, v, kStandOff);
  const UnitGeo& now = s.unit_geo(u);
  const TableGeo& table = table_geo(s);
  const int n = only ? static_cast<int>(only->size()) : s.num_units();
  for (int i = 0; i < n; ++i) {
    const int w = only ? (*only)[static_cast<std::size_t>(i)] : i;
    if (s.side_of(w) == s.side_of(u)) continue;
    const UnitGeo& enemy = table[w];
    if (all.apart(enemy.box)) continue;
    for (const StandGeo& e : enemy.stands) {
      // Only a swept area whose widened box meets the enemy stand's can come within 10 cm of
      // it (the distance between two sets is at least the gap between their boxes).
      bool near = false;
      if (!all.apart(e.box))
        for (const Swept& sw : swept) near = near || !sw.box.apart(e.box);
      if (!near) continue;
      // How near the unit's stands are to e where they stand: the same for every move tried
      // from there, so kept with the state's stamp (each slot one unit u, enemy w and stand).
      struct StartSeen {
        std::uint64_t stamp = 0;
        int u = -1, w = -1, j = -1;
        geo::SquaredDistance d;
      };
      thread_local std::array<StartSeen, 256> start_seen;
      StartSeen& seen =
          start_seen[(static_cast<std::size_t>(w) * 16 + static_cast<std::size_t>(e.index)) %
                     start_seen.size()];
      geo::SquaredDistance start_d = limit;
      if (s.geo_stamp() != 0 && seen.stamp == s.geo_stamp() && seen.u == u && seen.w == w &&
          seen.j == e.index) {
        start_d = seen.d;
      } else {
        // The boxes' gap bounds the distance from below: a stand whose gap is not below the
        // nearest so far cannot be nearer.
        for (const StandGeo& b : now.stands)
          if (!more_than_apart(b.box, e.box, kStandOff) &&
              geo::SquaredDistance::of_integer(box_gap_sq(b.box, e.box)) < start_d)
            start_d = std::min(start_d, geo::distance_sq(b.base, e.base));
        if (s.geo_stamp() != 0) seen = {s.geo_stamp(), u, w, e.index, start_d};
      }
      for (Swept& sw : swept) {
        if (sw.box.apart(e.box)) continue;
        if (!sw.area) sw.area = geo::swept_area(sw.start->base, v);
        const Box area = moved_box(sw.start->box, v, 0);  // holds the swept area
        for (geo::Side which : geo::kAllSides) {
          // A quick refusal, exact: the gaps between the side's box and the area's along x and y
          // bound their distance from below.
          const geo::Segment side = e.base.side(which);
          const std::int64_t dx =
              std::max<std::int64_t>({0, std::min(side.a.x, side.b.x) - area.max_x,
                                      area.min_x - std::max(side.a.x, side.b.x)});
          const std::int64_t dy =
              std::max<std::int64_t>({0, std::min(side.a.y, side.b.y) - area.max_y,
                                      area.min_y - std::max(side.a.y, side.b.y)});
          if (!(geo::SquaredDistance::of_integer(static_cast<std::uint64_t>(dx * dx + dy * dy)) <
                start_d))
            continue;
          if (FastplayState::nearer_than(side, *sw.area, start_d)) return false;
        }
      }
    }
  }
  return true;
}

bool FastplayState::keeps_stand_off(int u, geo::Point centre, geo::Angle heading,
                                    geo::Vec v) const {
  return stand_off_kept(*this, u, unit_geo_at(u, centre, heading), v, nullptr);
}

bool FastplayState::may_move(int u) const {
  const UnitState& us = unit(u);
  if (!alive(u) || is_war_machine(fp_->unit(u).type)) return false;  // ruling F-16
  if (us.flags & (kMoved | kShotFirst)) return false;                // fastplay 5.1
  const int s = side_of(u);
  // fastplay 11.4 (optional): only so many units may move or charge.
  if (move_limit_[static_cast<std::size_t>(s)] >= 0 && !(us.flags & kCharged) &&
      moves_used_[static_cast<std::size_t>(s)] >= move_limit_[static_cast<std::size_t>(s)])
    return false;
  // fastplay 8.5 (ruling F-8): a melee goes on from turn to turn; units in it leave it only by
  // retreating.
  return !engaged(u);
}

std::optional<Pose> FastplayState::move_result(int u, int code) const {
  const UnitState& us = unit(u);
  if (code == 0) return Pose{us.centre, us.heading};
  if (code < 1 || code > static_cast<int>(kTurns.size()) * kNumDistances) return std::nullopt;
  const int p = (code - 1) / kNumDistances, d = (code - 1) % kNumDistances;
  if (p == 0 && d == 0) return std::nullopt;
  // Ruling F-6: the unit turns about the middle of its present footprint (its live stands; free,
  // needing room only where it ends: ruling F-31), then goes straight ahead up to its allowance
  // (fastplay 4.2).
  const geo::Angle h = us.heading + geo::Angle::degrees(kTurns[static_cast<std::size_t>(p)]);
  const geo::Point from = turned_in_place(*this, u, h);
  const geo::Vec v = geo::polar(h, move_allowance(fp_->unit(u).type) * d / 4);
  if (!may_place(u, from, h) || !path_clear(u, from, h, v) || !may_place(u, from + v, h) ||
      !keeps_stand_off(u, from, h, v))
    return std::nullopt;
  return Pose{from + v, h};
}

Pose FastplayState::move_pose(int u, int code) const {
  const UnitState& us = unit(u);
  if (code == 0) return Pose{us.centre, us.heading};
  const int p = (code - 1) / kNumDistances, d = (code - 1) % kNumDistances;
  // As move_result(), without its tests.
  const geo::Angle h = us.heading + geo::Angle::degrees(kTurns[static_cast<std::size_t>(p)]);
  const geo::Point from = turned_in_place(*this, u, h);
  return Pose{from + geo::polar(h, move_allowance(fp_->unit(u).type) * d / 4), h};
}

namespace {

// What move_codes() with first_only found for a unit: the code, 0 when none.
struct FirstMove {
  KeptNear near;
  int code = 0;
};
thread_local std::array<FirstMove, kMaxUnits> first_moves;

}  // namespace

void FastplayState::move_codes(int u, std::vector<int>& out, bool first_only) const {
  out.clear();
  FirstMove* keep = nullptr;
  if (first_only && serial(u) != 0) {
    FirstMove& f = first_moves[static_cast<std::size_t>(u)];
    if (f.near.holds(*this, u)) {
      if (f.code != 0) out.push_back(f.code);
      return;
    }
    keep = &f;
    keep->near.valid = false;
  }
  // The boxes the tests asked about: of u's stands for the units of both sides, widened by the
  // stand-off for the enemy's.
  Box region = kNowhere, enemy_region = kNowhere;
  // Kept (when asked for the first only) once the list is done.
  struct Keep {
    FirstMove* f;
    const FastplayState& s;
    const std::vector<int>& out;
    const Box& region;
    const Box& enemy_region;
    ~Keep() {
      if (!f) return;
      f->code = out.empty() ? 0 : out.front();
      f->near.keep(s, region, enemy_region);  // no unit changed since the start (const)
    }
  } kept{keep, *this, out, region, enemy_region};
  // The same tests as move_result() (all must pass, so their order does not change the list):
  // the first depends only on the turn, and the end place, the cheapest, is tried before the
  // sweep and the stand-off.
  // The block's frame is the same for every turn (the unit's stands).
  const Frame frame = block_frame(*this, u);
  for (int p = 0; p < static_cast<int>(kTurns.size()); ++p) {
    const geo::Angle h = unit(u).heading + geo::Angle::degrees(kTurns[static_cast<std::size_t>(p)]);
    const geo::Point from = turned_in_place(*this, u, frame, h);
    // The moves of this turn, and the units near enough to matter to any of them: every other
    // unit's box is apart from the box holding every stand of u at each end and along each
    // move, widened by the stand-off, and so apart from every box the tests below ask about
    // (each skips such a unit), which then look at the near ones only.
    std::array<geo::Vec, kNumDistances> vs;
    const Box at = unit_geo_at(u, from, h).box;
    Box reach{at.min_x, at.max_x, at.min_y, at.max_y};
    for (int d = 0; d < kNumDistances; ++d) {
      vs[static_cast<std::size_t>(d)] = geo::polar(h, move_allowance(fp_->unit(u).type) * d / 4);
      const Box m = moved_box(at, vs[static_cast<std::size_t>(d)], kStandOff);
      reach = {std::min(reach.min_x, m.min_x), std::max(reach.max_x, m.max_x),
               std::min(reach.min_y, m.min_y), std::max(reach.max_y, m.max_y)};
    }
    region = joined(region, at);  // may_place(u, from, h)
    if (!may_place(u, from, h)) continue;
    // The stands where the turn puts them (kept in unit_geo_at()'s slot for this place while
    // the tests below ask for nothing elsewhere).
    const UnitGeo& own = unit_geo_at(u, from, h);
    thread_local std::vector<int> near;
    near.clear();
    const TableGeo& table = table_geo(*this);
    for (int w = 0; w < num_units(); ++w)
      if (w != u && !reach.apart(table[w].box)) near.push_back(w);
    for (int d = p == 0 ? 1 : 0; d < kNumDistances; ++d) {
      const geo::Vec v = vs[static_cast<std::size_t>(d)];
      // The end place, the path (both within the moved box) and the stand-off.
      region = joined(region, moved_box(at, v, 0));
      enemy_region = joined(enemy_region, moved_box(at, v, kStandOff));
      // may_place(u, from + v, h) of the stands where the turn puts them, moved by v (d = 0
      // ends where the turn starts, just tried).
      if ((d > 0 && !place_clear(*this, u, own, v, -1, &near)) ||
          !path_clear_of(*this, u, own, v, -1, &near) || !stand_off_kept(*this, u, own, v, &near))
        continue;
      out.push_back(1 + p * kNumDistances + d);
      if (first_only) return;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Charges, evading and pivoting (fastplay 6, 7.1)

namespace {

bool shoots(TroopType t) { return t == TroopType::kArchery || is_war_machine(t); }

}  // namespace

bool FastplayState::beside_line(const geo::Segment& line, const geo::Base& b) {
  const auto c = b.corners();
  const int o = geo::orientation(line.a, line.b, c[0]);
  if (o == 0) return false;
  for (std::size_t k = 1; k < c.size(); ++k)
    if (geo::orientation(line.a, line.b, c[k]) != o) return false;
  return true;
}

namespace {

// Ruling F-12 (and F-9 for a charge's lane): the line crosses a stand of a unit other than u
// and t (boxes apart cannot cross: a quick refusal).
bool line_blocked(const FastplayState& s, geo::Segment line, int u, int t) {
  const FastplayState::Box box{std::min(line.a.x, line.b.x), std::max(line.a.x, line.b.x),
                               std::min(line.a.y, line.b.y), std::max(line.a.y, line.b.y)};
  const TableGeo& table = table_geo(s);
  for (int w = 0; w < s.num_units(); ++w) {
    if (w == u || w == t || box.apart(table[w].box)) continue;
    for (const FastplayState::StandGeo& k : table[w].stands)
      if (!box.apart(k.box) && !FastplayState::beside_line(line, k.core()) &&
          geo::segment_crosses_base_interior(line, k.core()))
        return true;
  }
  return false;
}

}  // namespace

bool FastplayState::may_charge(int u) const {
  const UnitState& us = unit(u);
  if (!alive(u) || is_war_machine(fp_->unit(u).type)) return false;
  if (us.flags & (kCharged | kShotFirst)) return false;  // ruling F-4
  // fastplay 11.4 (optional, ruling F-27): a unit that moved is already counted; one that held
  // or did not move would be one more.
  const int s = side_of(u);
  const bool counted = (us.flags & kMoved) && !(us.flags & kHeld);
  if (move_limit_[static_cast<std::size_t>(s)] >= 0 && !counted &&
      moves_used_[static_cast<std::size_t>(s)] >= move_limit_[static_cast<std::size_t>(s)])
    return false;
  return !engaged(u);
}

bool FastplayState::charge_may_reach(int u, int t) const {
  // charge_result()'s first tests, which do not depend on the side charged.
  if (side_of(u) == side_of(t) || !alive(t) || !alive(u)) return false;
  const std::int64_t allowance = move_allowance(fp_->unit(u).type);
  if (more_than_apart(box_of(block(u)), box_of(block(t)), allowance)) return false;
  return attackable(t);
}

std::optional<Pose> FastplayState::charge_result(int u, int t, geo::Side side,
                                                 bool check_reach) const {
  if (side_of(u) == side_of(t) || !alive(t) || !alive(u)) return std::nullopt;
  const geo::Base bu = block(u), bt = block(t);
  const std::int64_t allowance = move_allowance(fp_->unit(u).type);
  // A quick refusal: the blocks' boxes are further apart than the charge move.
  if (check_reach && more_than_apart(box_of(bu), box_of(bt), allowance)) return std::nullopt;
  if (!attackable(t)) return std::nullopt;  // after the quick refusal: it looks at every stand
  // fastplay 6.1: the charger reaches the side it charges: it is wholly beyond that side's line
  // and sees the target in its front arc (ruling F-9).
  if (!geo::wholly_beyond_side(bt, side, bu) || !geo::base_in_front_arc(bu, bt))
    return std::nullopt;
  // A quick refusal: the blocks are further apart than the charge move.
  if (check_reach && !geo::distance_sq(bu, bt).within(allowance)) return std::nullopt;
  const geo::Base fin = geo::place_in_contact(bt, side, bu, geo::Side::kFront, 0);
  const geo::Point from = bu.side_midpoint(geo::Side::kFront);
  const geo::Point to = fin.side_midpoint(geo::Side::kFront);
  // fastplay 6.1 (ruling F-9): measured at the middle of the charger's front.
  if (check_reach && !geo::distance_sq(from, to).within(allowance)) return std::nullopt;
  const Frame f = block_frame(*this, u);
  const geo::Point centre = fin.centre() - geo::rotate(f.centre, fin.heading());
  if (!may_place(u, centre, fin.heading(), t)) return std::nullopt;
  // Ruling F-9: the line the front's middle travels crosses no other stand.
  if (line_blocked(*this, geo::Segment{from, to}, u, t)) return std::nullopt;
  return Pose{centre, fin.heading()};
}

std::optional<geo::Point> FastplayState::evade_result(int t, geo::Angle direction) const {
  // fastplay 7.1 (ruling F-23): cavalry charged by foot may move 15 cm straight away, once a
  // turn, keeping its facing.
  if (!is_cavalry(fp_->unit(t).type) || (unit(t).flags & kEvaded) || engaged(t))
    return std::nullopt;
  // Ruling F-24: as far as the way is clear, in quarters of the 15 cm.
  for (int q = 4; q >= 1; --q) {
    const geo::Vec v = geo::polar(direction, kEvadeDistance * q / 4);
    if (path_clear(t, unit(t).centre, unit(t).heading, v) &&
        may_place(t, unit(t).centre + v, unit(t).heading))
      return unit(t).centre + v;
  }
  return std::nullopt;
}

std::optional<Pose> FastplayState::face_result(int t, geo::Angle charger_heading) const {
  // fastplay 6.2: a target not engaged may pivot on itself (about its middle) to face the charger.
  // Ruling F-31: like any turn on the spot, it needs room only where it ends.
  if (engaged(t) || is_war_machine(fp_->unit(t).type)) return std::nullopt;
  const geo::Angle h = charger_heading + geo::Angle::degrees(180);
  if (h == unit(t).heading) return std::nullopt;
  const geo::Point centre = turned_in_place(*this, t, h);
  if (!may_place(t, centre, h)) return std::nullopt;
  return Pose{centre, h};
}

// ---------------------------------------------------------------------------------------------
// Archery and war machines (fastplay 5, 10.2)

bool FastplayState::may_shoot(int u) const {
  if (!alive(u) || (unit(u).flags & kShot)) return false;  // fastplay 5.1: once a turn
  if (!is_war_machine(fp_->unit(u).type)) {
    bool archers = false;
    for (const auto& s : unit(u).stands)
      archers = archers || (s.alive && s.type == TroopType::kArchery);
    if (!archers) return false;
  }
  return !engaged(u);  // fastplay 5.5
}

std::optional<FastplayState::Shot> FastplayState::best_shot(int u, int t) const {
  // Asked at every die of a volley: the last answer kept with the state's stamp.
  struct Seen {
    std::uint64_t stamp = 0;
    int u = -1, t = -1;
    std::optional<Shot> shot;
  };
  thread_local Seen seen;
  if (stamp_ != 0 && seen.stamp == stamp_ && seen.u == u && seen.t == t) return seen.shot;
  std::optional<Shot> best;
  for (const StandGeo& a : unit_geo(u).stands) {
    if (!shoots(unit(u).stands[static_cast<std::size_t>(a.index)].type)) continue;
    for (const StandGeo& b : unit_geo(t).stands) {
      if (geo::far_apart(a.base.centre(), b.base.centre(), 90 * kCm)) continue;
      // Ruling F-12: in the shooting stand's front arc, with a line from the middle of its
      // front to the target stand's centre that crosses no other stand.
      if (!geo::base_in_front_arc(a.base, b.base)) continue;
      // Not nearer than the best so far, whatever the line: first by the gap between the boxes,
      // which the distance is at least, then exactly.
      if (best && !(geo::SquaredDistance::of_integer(box_gap_sq(a.box, b.box)) < best->distance))
        continue;
      const auto d = geo::distance_sq(a.base, b.base);
      if (best && !(d < best->distance)) continue;
      const geo::Segment line{a.base.side_midpoint(geo::Side::kFront), b.base.centre()};
      if (line_blocked(*this, line, u, t)) continue;
      best = Shot{d, line};
    }
  }
  if (stamp_ != 0) seen = {stamp_, u, t, best};
  return best;
}

std::optional<geo::SquaredDistance> FastplayState::shooting_range(int u, int t) const {
  const auto shot = best_shot(u, t);
  if (!shot) return std::nullopt;
  return shot->distance;
}

bool FastplayState::shot_in_cover(int u, int t) const {
  // Asked at every die of a volley: the last answer kept with the state's stamp.
  struct Seen {
    std::uint64_t stamp = 0;
    int u = -1, t = -1;
    bool cover = false;
  };
  thread_local Seen seen;
  if (stamp_ != 0 && seen.stamp == stamp_ && seen.u == u && seen.t == t) return seen.cover;
  const bool cover = [&] {
    if (in_cover(t)) return true;
    // Ruling F-13: the shot's line passing through woods, a village or works (that the shooter
    // is not standing in) gives the target cover; terrain never blocks the line (ruling F-32).
    const auto shot = best_shot(u, t);
    if (!shot) return false;
    for (const auto& piece : fp_->scenario_data().terrain)
      if (gives_cover(piece.type) && !geo::point_in_polygon(shot->line.a, piece.outline) &&
          geo::segment_crosses_polygon_interior(shot->line, piece.outline))
        return true;
    return false;
  }();
  if (stamp_ != 0) seen = {stamp_, u, t, cover};
  return cover;
}

// geo::distance_sq(a.base, b.base).within(r), found without fractions: the boxes' gap, which
// the distance is at least, beyond r refuses; else the bases meet, or the least of the
// distances of a corner of one to a side of the other (what geo::distance_sq() takes) is
// within r, each asked by geo::within_distance() (the same answers, stopping at the first).
static bool bases_within(const FastplayState::StandGeo& a, const FastplayState::StandGeo& b,
                         std::int64_t r) {
  if (box_gap_sq(a.box, b.box) > static_cast<std::uint64_t>(r) * static_cast<std::uint64_t>(r))
    return false;
  if (geo::intersects(a.base, b.base)) return true;
  const auto ca = a.base.corners(), cb = b.base.corners();
  for (std::size_t i = 0; i < 4; ++i)
    for (std::size_t j = 0; j < 4; ++j) {
      const std::size_t k = (j + 1) % 4;
      if (geo::within_distance(ca[i], geo::Segment{cb[j], cb[k]}, r) ||
          geo::within_distance(cb[i], geo::Segment{ca[j], ca[k]}, r))
        return true;
    }
  return false;
}

// may_shoot_at() of a unit u that may shoot and a live enemy unit t not engaged, its range
// `range`, without what is kept: the box of each line tested (line_blocked()) joined to
// `region`.
static bool shoots_at(const FastplayState& s, int u, int t, std::int64_t range,
                      FastplayState::Box& region) {
  using StandGeo = FastplayState::StandGeo;
  // shooting_range(u, t) within the range: the nearest shot the shooter has is in range
  // exactly when one of its shots is, so the first found in range answers.
  const FastplayState::UnitGeo& shooter = s.unit_geo(u);
  // Every stand's box is inside its unit's: units whose boxes are further apart than the range
  // have no pair of stands within it (the quick refusal below, for all pairs at once).
  if (more_than_apart(shooter.box, s.unit_geo(t).box, range)) return false;
  for (const StandGeo& a : shooter.stands) {
    if (!shoots(s.unit(u).stands[static_cast<std::size_t>(a.index)].type)) continue;
    for (const StandGeo& b : s.unit_geo(t).stands) {
      // The boxes further apart than the range first (the cheapest refusal; every test must
      // pass, so their order does not change the answer).
      if (more_than_apart(a.box, b.box, range)) continue;
      if (geo::far_apart(a.base.centre(), b.base.centre(), 90 * kCm)) continue;
      if (!geo::base_in_front_arc(a.base, b.base)) continue;  // ruling F-12, as best_shot()
      // In range: the centres' distance, which the bases' distance is at most, within it (a
      // quick acceptance), else exactly.
      const bool near = !geo::far_apart(a.base.centre(), b.base.centre(), range);
      if (!near && !bases_within(a, b, range)) continue;
      const geo::Segment line{a.base.side_midpoint(geo::Side::kFront), b.base.centre()};
      region = joined(region, {std::min(line.a.x, line.b.x), std::max(line.a.x, line.b.x),
                               std::min(line.a.y, line.b.y), std::max(line.a.y, line.b.y)});
      if (!line_blocked(s, line, u, t)) return true;
    }
  }
  return false;
}

bool FastplayState::may_shoot_at(int u, int t) const {
  if (side_of(u) == side_of(t) || !alive(t) || engaged(t)) return false;  // fastplay 5.5
  std::int64_t range = kArcheryRange;  // fastplay 5.2: any part in range
  if (fp_->unit(u).type == TroopType::kBallista) range = kBallista.max_range;
  if (fp_->unit(u).type == TroopType::kCatapult) range = kCatapult[1].max_range;
  // Asked again and again in an Archery phase (after every volley, of every shooter and
  // target): kept across states with the serials (KeptNear). Besides u's and t's stands, the
  // answer looks only at the units whose boxes meet a tested line's box (line_blocked()); t's
  // box is in the region, so that a change of t is a change near it.
  struct Pair {
    int u = -1, t = -1;
    KeptNear near;
    bool may = false;
  };
  thread_local std::array<Pair, 251> pairs;
  Pair& kept = pairs[static_cast<std::size_t>(u * kMaxUnits + t) % pairs.size()];
  if (kept.u == u && kept.t == t && kept.near.holds(*this, u)) return kept.may;
  Box region = unit_geo(t).box;
  const bool may = shoots_at(*this, u, t, range, region);
  kept.u = u;
  kept.t = t;
  kept.may = may;
  kept.near.keep(*this, region, kNowhere);
  return may;
}

bool FastplayState::in_cover(int u) const {
  // Ruling F-13: a unit is in cover when at least half its live stands have their centres in
  // woods, a village or field works.
  int in = 0, n = 0;
  for (std::size_t i = 0; i < unit(u).stands.size(); ++i) {
    if (!unit(u).stands[i].alive) continue;
    ++n;
    const geo::Point c = stand_base(u, static_cast<int>(i)).centre();
    for (const auto& t : fp_->scenario_data().terrain)
      if (gives_cover(t.type) && geo::point_in_polygon(c, t.outline)) {
        ++in;
        break;
      }
  }
  return n > 0 && 2 * in >= n;
}

// ---------------------------------------------------------------------------------------------
// Melee (fastplay 7.2, 8, 10.3, 11)

bool FastplayState::attackable(int t) const {
  if (!fp_->unit(t).lone_commander) return true;
  // Ruling F-26: a commander touching a friendly stand may not be attacked.
  const geo::Base c = stand_base(t, 0);
  const std::int64_t reach_c = geo::reach(c);
  for (int v = 0; v < num_units(); ++v) {
    if (v == t || side_of(v) != side_of(t)) continue;
    for (const StandGeo& o : unit_geo(v).stands) {
      // Centres further apart than both reaches and the tolerance: not within it (a quick
      // refusal; the exact distance decides otherwise).
      if (geo::far_apart(c.centre(), o.base.centre(), reach_c + o.reach + kContact)) continue;
      if (geo::distance_sq(c, o.base).within(kContact)) return false;
    }
  }
  return true;
}

namespace {

struct Touch {
  int v, j;
  geo::Contact c;
};

// The attackable enemy stands stand i of unit u touches, with how (fastplay 8.1).
std::vector<Touch> touches_of(const FastplayState& s, int u, int i) {
  std::vector<Touch> touches;
  const geo::Base a = s.stand_base(u, i);
  const std::int64_t reach_a = geo::reach(a);
  const FastplayState::Box box_a = box_of(a);
  for (int v = 0; v < s.num_units(); ++v) {
    if (s.side_of(v) == s.side_of(u)) continue;
    // A quick refusal before attackable(), exact: stands in contact have a point of one within
    // the tolerance of the other (geo::edge_contact()), so their boxes, and the boxes around
    // them, are no further apart than that (twice it here, to spare the argument).
    if (more_than_apart(box_a, s.unit_geo(v).box, 2 * kContact) || !s.attackable(v)) continue;
    for (const FastplayState::StandGeo& b : s.unit_geo(v).stands) {
      if (geo::far_apart(a.centre(), b.base.centre(), reach_a + b.reach + kContact)) continue;
      if (auto c = geo::edge_contact(a, b.base, kContact)) touches.push_back({v, b.index, *c});
    }
  }
  return touches;
}

Attack make_attack(const FastplayState& s, int u, int i, const Touch& t) {
  Attack at;
  at.unit = static_cast<std::int8_t>(u);
  at.stand = static_cast<std::int8_t>(i);
  at.target_unit = static_cast<std::int8_t>(t.v);
  at.target_stand = static_cast<std::int8_t>(t.j);
  // fastplay 10.3: +1 when the attacker's front strikes a flank (or the rear, ruling F-19).
  const bool flank = t.c.side_a == geo::Side::kFront && t.c.side_b != geo::Side::kFront;
  const bool lone = s.fp().unit(u).lone_commander;
  at.modifier = static_cast<std::int8_t>((flank ? kFlankBonus : 0) +
                                         (lone ? kLoneCommanderBonus : 0));  // fastplay 11.3
  if (t.c.side_a == geo::Side::kFront) {
    const geo::Base b = s.stand_base(t.v, t.j);
    at.occupy = static_cast<std::int16_t>(
        t.c.side_b == geo::Side::kFront || t.c.side_b == geo::Side::kBack ? b.depth() : b.width());
  }
  return at;
}

// fastplay 8.2: a cavalry stand whose front touches the flanks of two foot stands strikes both.
std::vector<Touch> two_flanks(const FastplayState& s, int u, int i,
                              const std::vector<Touch>& touches) {
  std::vector<Touch> flanks;
  if (!is_cavalry(s.unit(u).stands[static_cast<std::size_t>(i)].type)) return flanks;
  for (const auto& t : touches)
    if (t.c.side_a == geo::Side::kFront &&
        (t.c.side_b == geo::Side::kLeft || t.c.side_b == geo::Side::kRight) &&
        is_foot(s.unit(t.v).stands[static_cast<std::size_t>(t.j)].type))
      flanks.push_back(t);
  if (flanks.size() < 2) flanks.clear();
  return flanks;
}

// Ruling F-17: a stand strikes a stand its front touches if there is one, else any it touches.
std::vector<Touch> strikable(const std::vector<Touch>& touches) {
  std::vector<Touch> front;
  for (const auto& t : touches)
    if (t.c.side_a == geo::Side::kFront) front.push_back(t);
  return front.empty() ? touches : front;
}

}  // namespace

TroopType FastplayState::target_type(int t) const {
  std::optional<TroopType> shared;
  for (const auto& s : unit(t).stands) {
    if (!s.alive) continue;
    if (shared && *shared != s.type) return fp_->unit(t).type;
    shared = s.type;
  }
  return shared.value_or(fp_->unit(t).type);
}

std::vector<Attack> FastplayState::melee_attacks(int u) const {
  std::vector<Attack> out;
  for (std::size_t i = 0; i < unit(u).stands.size(); ++i) {
    if (!unit(u).stands[i].alive) continue;  // doomed stands still strike (fastplay 8.3)
    const auto touches = touches_of(*this, u, static_cast<int>(i));
    if (touches.empty()) continue;
    // fastplay 8.2: two foot flanks, two dice, each +1; no choice to make.
    if (const auto flanks = two_flanks(*this, u, static_cast<int>(i), touches); !flanks.empty()) {
      for (std::size_t k = 0; k < 2; ++k) {
        Attack at = make_attack(*this, u, static_cast<int>(i), flanks[k]);
        at.chosen = true;
        out.push_back(at);
      }
      continue;
    }
    // fastplay 8.1 (ruling F-17): one strike. Listed here at the stand with the longest contact
    // (the default for agents and displays); the attacking side picks among
    // strike_candidates() when there is more than one.
    const auto options = strikable(touches);
    std::size_t best = 0;
    for (std::size_t k = 1; k < options.size(); ++k)
      if (options[best].c.shared_length_sq < options[k].c.shared_length_sq) best = k;
    Attack at = make_attack(*this, u, static_cast<int>(i), options[best]);
    at.chosen = options.size() == 1;
    out.push_back(at);
  }
  if (out.empty()) return out;
  Attack extra = out.front();
  extra.extra = true;
  extra.chosen = false;
  extra.occupy = 0;
  // fastplay 11.1: a commander in base contact adds a die.
  if (unit(u).commander && !fp_->unit(u).lone_commander) out.push_back(extra);
  // fastplay 7.2: a charging cavalry unit of two or more stands adds a die, in the turn it charged.
  if ((unit(u).flags & kCharged) && is_cavalry(fp_->unit(u).type) && alive_stands(u) >= 2)
    out.push_back(extra);
  return out;
}

std::vector<Attack> FastplayState::strike_candidates(const Attack& a,
                                                     const std::vector<Attack>& struck) const {
  std::vector<Attack> out;
  if (a.extra) {
    // Ruling F-20: an extra die is an extra strike at one of the stands the unit's stands
    // struck in this fight, under that strike's modifier.
    for (const Attack& s : struck) {
      const bool seen = std::any_of(out.begin(), out.end(), [&](const Attack& o) {
        return o.target_unit == s.target_unit && o.target_stand == s.target_stand;
      });
      if (seen) continue;
      Attack e = s;
      e.extra = true;
      e.chosen = true;
      e.occupy = 0;
      out.push_back(e);
    }
    if (out.empty()) out.push_back(a);
    return out;
  }
  if (a.chosen) return {a};
  const auto touches = touches_of(*this, a.unit, a.stand);
  if (!two_flanks(*this, a.unit, a.stand, touches).empty()) return {a};
  for (const auto& t : strikable(touches)) {
    Attack at = make_attack(*this, a.unit, a.stand, t);
    at.chosen = true;
    out.push_back(at);
  }
  if (out.empty()) out.push_back(a);
  return out;
}

std::optional<geo::Point> FastplayState::retreat_result(int u) const {
  // fastplay 9.2 (ruling F-24): straight back, keeping the facing, 15 cm or, where the way is
  // blocked, the longest quarter of it that is clear and ends out of contact with the enemy.
  if (!alive(u) || (unit(u).flags & kRetreated) || !engaged(u)) return std::nullopt;
  for (int q = 4; q >= 1; --q) {
    const geo::Vec v =
        geo::polar(unit(u).heading + geo::Angle::degrees(180), kRetreatDistance * q / 4);
    if (path_clear(u, unit(u).centre, unit(u).heading, v) &&
        may_place(u, unit(u).centre + v, unit(u).heading) &&
        !touches_enemy_at(u, unit(u).centre + v, unit(u).heading))
      return unit(u).centre + v;
  }
  return std::nullopt;
}

bool FastplayState::touches_enemy_at(int u, geo::Point centre, geo::Angle heading) const {
  const UnitGeo& own = unit_geo_at(u, centre, heading);
  const TableGeo& table = table_geo(*this);
  for (int v = 0; v < num_units(); ++v) {
    if (side_of(v) == side_of(u)) continue;
    const UnitGeo& enemy = table[v];
    if (more_than_apart(own.box, enemy.box, kContact)) continue;  // not within the tolerance
    for (const StandGeo& b : enemy.stands)
      for (const StandGeo& a : own.stands) {
        if (geo::far_apart(a.base.centre(), b.base.centre(), a.reach + b.reach + kContact))
          continue;
        if (geo::edge_contact(a.base, b.base, kContact)) return true;
      }
  }
  return false;
}

}  // namespace carroccio::fastplay
