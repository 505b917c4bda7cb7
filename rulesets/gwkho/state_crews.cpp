// God Will Know His Own (gwkho): uncrewed guns in play (Pip-16; rulings G-44, G-51). A gun whose
// crew fled stays on the table, counted lost, an obstacle and no enemy: its own side may put a
// crew on it again, and the other side may destroy it from contact or work it, bound by bound.
#include <algorithm>

#include "fmt/format.h"
#include "game/table/place.hpp"
#include "rulesets/gwkho/internal.hpp"
#include "rulesets/gwkho/state.hpp"

namespace carroccio::gwkho {

namespace {

using detail::inch;
using detail::kSlack;

// [Pip-16] Foot that may crew a gun: neither mounted nor artillery themselves.
bool crew_foot(TroopType t) { return !is_mounted(t) && !is_artillery(t); }

}  // namespace

bool GwkhoState::on_table_now(int e) const {
  const ElementState& s = els_[static_cast<std::size_t>(e)];
  return s.alive || s.uncrewed;
}

int GwkhoState::touching(int e, int side, bool foot) const {
  const geo::Base& b = els_[static_cast<std::size_t>(e)].base;
  for (int o = 0; o < num_elements(); ++o) {
    const ElementState& os = els_[static_cast<std::size_t>(o)];
    if (o == e || !os.alive || side_of(o) != side) continue;
    if (foot && !crew_foot(gw_->element(o).troop.type)) continue;
    if (geo::far_apart(b.centre(), os.base.centre(), geo::reach(b) + geo::reach(os.base) + kSlack))
      continue;
    if (geo::edge_contact(b, os.base, kSlack)) return o;
  }
  return -1;
}

int GwkhoState::shooting_side(int s) const {
  const ElementState& es = els_[static_cast<std::size_t>(s)];
  return !es.alive && es.worked_by >= 0 ? side_of(es.worked_by) : side_of(s);
}

// [Pip-16, G-8a, G-51] Its own side puts a crew on its uncrewed gun for 1 PIP of the PIPs the gun
// moves with (its regiment's, else its command's): never while an enemy touches the gun; with
// friendly foot (not mounted, not artillery) within 3 inches of it; and, when an enemy not
// routing is within 8 inches of the gun, with a clear route: the straight line from the centre
// of one such foot element to the gun's centre crosses no enemy base. The foot stay as they
// are: the text asks for them nearby and prices the new crew in PIPs only.
core::Status GwkhoState::replace_crew_refusal(int g) const {
  const ElementState& s = els_[static_cast<std::size_t>(g)];
  if (phase_ != Phase::kMove || !acts(g) || !s.uncrewed)
    return core::make_error(
        fmt::format("{} is no uncrewed gun of the side moving now: no crew to replace.", name(g)));
  if (touching(g, 1 - side_of(g)) >= 0)
    return core::make_error(
        fmt::format("{}: a crew cannot be replaced while enemy touch the gun (Pip-16).", name(g)));
  for (int o = 0; o < num_elements(); ++o)
    if (els_[static_cast<std::size_t>(o)].alive &&
        geo::overlaps(s.base, els_[static_cast<std::size_t>(o)].base))
      return core::make_error(fmt::format("{} stands where {} is now.", name(g), name(o)));
  const int side = side_of(g);
  bool enemy_near = false;
  for (int o = 0; o < num_elements() && !enemy_near; ++o) {
    const ElementState& os = els_[static_cast<std::size_t>(o)];
    enemy_near = os.alive && !os.routing && side_of(o) != side &&
                 geo::distance_sq(s.base, os.base).within(inch(replace_crew_enemy_within_inches()));
  }
  bool near = false, route = false;
  for (int f = 0; f < num_elements() && !route; ++f) {
    const ElementState& fs = els_[static_cast<std::size_t>(f)];
    if (!fs.alive || fs.routing || side_of(f) != side || !crew_foot(gw_->element(f).troop.type))
      continue;
    if (!geo::distance_sq(s.base, fs.base).within(inch(replace_crew_friends_within_inches())))
      continue;
    near = true;
    if (!enemy_near) {
      route = true;
      break;
    }
    const geo::Segment line{fs.base.centre(), s.base.centre()};
    route = true;
    for (int o = 0; o < num_elements() && route; ++o) {
      const ElementState& os = els_[static_cast<std::size_t>(o)];
      if (os.alive && side_of(o) != side && geo::segment_crosses_base_interior(line, os.base))
        route = false;
    }
  }
  if (!near)
    return core::make_error(
        fmt::format("{} has no friendly foot within {} inches to crew it (Pip-16).", name(g),
                    replace_crew_friends_within_inches()));
  if (!route)
    return core::make_error(fmt::format(
        "{}: enemy are within {} inches and no friendly foot has a clear route to it (Pip-16).",
        name(g), replace_crew_enemy_within_inches()));
  const PipCost c = element_cost(PipAction::kReplaceCrew, g);
  if (!c.refused.empty()) return core::make_error(fmt::format("{}: {}.", name(g), c.refused));
  if (c.total > pips_for(g))
    return core::make_error(
        fmt::format("Replacing the crew of {} costs {} PIP (Pip-16).", name(g), c.total));
  return core::Status::Ok();
}

// [G-51] The gun is crewed again where it stands: it fights and moves from now on, but does not
// fire this bound; its loss stays in the ledgers (the crew that fled is gone).
void GwkhoState::replace_crew(int g) {
  const int cost = pay_element_cost(PipAction::kReplaceCrew, g, g);
  ElementState& s = els_[static_cast<std::size_t>(g)];
  s.alive = true;
  s.uncrewed = false;
  s.worked_by = -1;
  s.recrewed = true;
  s.routing = false;
  s.moves = 4;  // its action of the bound: no move after it
  s.moved_this_bound = true;
  if (logging())
    emit("crew", fmt::format("{} has its crew replaced ({} PIP)", name(g), cost), "gwkho Pip-16");
}

int GwkhoState::gun_touched(int e) const {
  const geo::Base& b = els_[static_cast<std::size_t>(e)].base;
  for (int g = 0; g < num_elements(); ++g) {
    const ElementState& gs = els_[static_cast<std::size_t>(g)];
    if (!gs.uncrewed || side_of(g) == side_of(e)) continue;
    if (geo::far_apart(b.centre(), gs.base.centre(), geo::reach(b) + geo::reach(gs.base) + kSlack))
      continue;
    if (geo::edge_contact(b, gs.base, kSlack)) return g;
  }
  return -1;
}

// [Pip-16, G-8a, G-51] An element of the side moving now that touches the enemy's uncrewed gun
// and started the bound touching it (it has not moved this bound), not routing and not in close
// combat, destroys the gun for 1 PIP (foot) or 2 (mounted) of the PIPs it moves with; doing so is
// its action of the bound.
core::Status GwkhoState::destroy_gun_refusal(int e) const {
  const ElementState& s = els_[static_cast<std::size_t>(e)];
  if (phase_ != Phase::kMove || !acts(e) || !s.alive || s.routing)
    return core::make_error(fmt::format("{} cannot destroy a gun now.", name(e)));
  const int g = gun_touched(e);
  if (g < 0)
    return core::make_error(fmt::format("{} no uncrewed gun of the enemy (Pip-16).",
                                        game::table::says(name(e), "touches")));
  if (s.moves > 0 || s.made_contact)
    return core::make_error(
        fmt::format("{} moved this bound: {} must start the bound in contact with {} (Pip-16).",
                    game::table::says(name(e), "has"), game::table::it_for(name(e)), name(g)));
  if (in_contact(e))
    return core::make_error(
        fmt::format("{} in close combat with the enemy.", game::table::says(name(e), "is")));
  const PipCost c = element_cost(PipAction::kDestroyUncrewedArtillery, e);
  if (c.total > pips_for(e))
    return core::make_error(fmt::format("{} destroying {} costs {} PIP{} (Pip-16).", name(e),
                                        name(g), c.total, c.total == 1 ? "" : "s"));
  return core::Status::Ok();
}

void GwkhoState::destroy_gun(int e) {
  const int g = gun_touched(e);
  const int cost = pay_element_cost(PipAction::kDestroyUncrewedArtillery, e, e);
  ElementState& s = els_[static_cast<std::size_t>(e)];
  s.moves = 4;
  s.moved_this_bound = true;
  ElementState& gs = els_[static_cast<std::size_t>(g)];
  gs.uncrewed = false;  // off the table; its loss was counted when its crew fled
  gs.worked_by = -1;
  if (logging())
    emit("destroyed",
         fmt::format("{} the uncrewed gun {} ({} PIP{})", game::table::says(name(e), "destroys"),
                     name(g), cost, cost == 1 ? "" : "s"),
         "gwkho Pip-16");
}

// [Pip-16, G-44] The side moving now works the enemy's uncrewed gun this bound for 2 PIPs of the
// PIPs of its foot touching the gun (the first of them in element order, not routing), while no
// element of the gun's own side touches it; once a bound. The foot stay with it (their action of
// the bound), and in this bound's shooting the gun fires for their side as its artillery.
core::Status GwkhoState::work_gun_refusal(int g) const {
  const ElementState& s = els_[static_cast<std::size_t>(g)];
  if (phase_ != Phase::kMove || !s.uncrewed || side_of(g) == active_)
    return core::make_error(fmt::format("{} is no uncrewed gun of the enemy.", name(g)));
  if (s.worked_by >= 0)
    return core::make_error(fmt::format("{} is worked this bound already.", name(g)));
  if (gw_->element(g).unarmed)  // [G-71] a war cart without guns (the Carroccio)
    return core::make_error(fmt::format("{} has no guns to work.", name(g)));
  int foot = -1;
  for (int o = 0; o < num_elements() && foot < 0; ++o) {
    const ElementState& os = els_[static_cast<std::size_t>(o)];
    if (o == g || !os.alive || os.routing || !acts(o) || !crew_foot(gw_->element(o).troop.type))
      continue;
    if (geo::far_apart(s.base.centre(), os.base.centre(),
                       geo::reach(s.base) + geo::reach(os.base) + kSlack))
      continue;
    if (geo::edge_contact(s.base, os.base, kSlack)) foot = o;
  }
  if (foot < 0)
    return core::make_error(
        fmt::format("{}: no foot of the side moving now touch the gun (Pip-16).", name(g)));
  if (touching(g, side_of(g)) >= 0)
    return core::make_error(fmt::format("{}: its own side's {} touch the gun (Pip-16).", name(g),
                                        name(touching(g, side_of(g)))));
  const PipCost c = element_cost(PipAction::kUseEnemyArtillery, g);
  if (c.total > pips_for(foot))
    return core::make_error(fmt::format(
        "Working the enemy's gun {} costs {} PIPs a bound (Pip-16).", name(g), c.total));
  return core::Status::Ok();
}

void GwkhoState::work_gun(int g) {
  int foot = -1;
  for (int o = 0; o < num_elements() && foot < 0; ++o) {
    const ElementState& os = els_[static_cast<std::size_t>(o)];
    if (o == g || !os.alive || os.routing || !acts(o) || !crew_foot(gw_->element(o).troop.type))
      continue;
    if (geo::edge_contact(els_[static_cast<std::size_t>(g)].base, os.base, kSlack)) foot = o;
  }
  const int cost = pay_element_cost(PipAction::kUseEnemyArtillery, g, foot);
  ElementState& fs = els_[static_cast<std::size_t>(foot)];
  fs.moves = 4;  // they stay with the gun
  fs.moved_this_bound = true;
  els_[static_cast<std::size_t>(g)].worked_by = foot;
  if (logging())
    emit("crew",
         fmt::format("{} work the enemy's uncrewed gun {} this bound ({} PIPs)", name(foot),
                     name(g), cost),
         "gwkho Pip-16");
}

}  // namespace carroccio::gwkho
