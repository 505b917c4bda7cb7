#include "rulesets/gwkho/movement.hpp"

#include <algorithm>
#include <stdexcept>

#include "rulesets/gwkho/combat.hpp"

namespace carroccio::gwkho {

std::optional<int> move_inches(Troop listed, Going g, const MoveCase& c) {
  const Tables& tb = default_tables();
  // [CC-4] The troop it moves as (pavisers, HI(x), move as HI(i)).
  const Troop t = counts_as(listed, Context::kMovement);
  const auto k = static_cast<std::size_t>(g);
  const MovementRow* row = nullptr;
  for (const auto& r : tb.movement)
    if (r.troops.contains(t)) row = &r;
  if (row == nullptr) throw std::logic_error("gwkho: no movement row for " + troop_text(t));
  // [Mov-1] "-": may not enter, whatever the bonuses.
  if (!row->inches[k]) return std::nullopt;
  int inches = *row->inches[k];
  // [Mov-2] (f) troops, and [Mov-4] Swiss or Landsknecht pike far from the enemy, move further.
  const bool fast =
      t.grade == Grade::kF || (c.swiss_or_landsknecht && c.beyond_swiss_fast_distance &&
                               tb.swiss_landsknecht_fast.contains(t));
  if (fast) inches += is_mounted(t.type) ? tb.fast_mounted[k] : tb.fast_foot[k];
  // [Mov-3] Routers move 1 inch more, except in bad going, on a road, LI(f) and dismounted Hc.
  if (c.routing && !tb.routing_not_in[k] && !tb.routing_not_for.contains(t) && !c.dismounted_hc)
    inches += tb.routing_plus;
  // [Mov-5] A move across a ford is at most 3 inches.
  if (c.crosses_ford) inches = std::min(inches, tb.ford_max);
  return inches;
}

int swiss_fast_beyond_inches() { return default_tables().swiss_landsknecht_beyond; }

int ford_max_inches() { return default_tables().ford_max; }

int free_half_turns(Troop t) {
  for (const auto& [set, turns] : default_tables().free_half_turns)
    if (set.contains(t)) return turns;
  return 0;
}

}  // namespace carroccio::gwkho
