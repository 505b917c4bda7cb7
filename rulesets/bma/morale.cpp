// Morale (6.0): morale values, the modifiers of each kind of check, and the Carroccio (9.3.1).
#include <algorithm>

#include "fmt/format.h"
#include "rulesets/bma/state.hpp"

namespace carroccio::bma {

int BmaState::morale_value(int u) const {
  // 6.1: A 7, B 5, C 3 (tables.json).
  return bma_->tables().rating(bma_->unit(u).rating).morale;
}

bool BmaState::leader_near(int u, int max_distance) const {
  // Ruling L-28: "its leader" is the leader of its command or its side's supreme commander.
  const UnitDef& d = bma_->unit(u);
  const int h = unit(u).hex;
  const int sup = bma_->supreme(d.side);
  for (int l : {d.leader, sup}) {
    if (l < 0) continue;
    // A replacement (5.4.3-5.4.5) leads his own command only: he is not the supreme commander.
    if (l != d.leader && (leader(l).flags & kReplacement)) continue;
    const int lh = leader(l).hex;
    if (lh != kNoHex && bma_->board().distance(h, lh) <= max_distance) return true;
  }
  return false;
}

int BmaState::morale_modifier_carroccio(int u) const {
  // 9.3.1 / ruling L-37: infantry next to the Carroccio -3; cavalry next to it or infantry two
  // hexes away -1. Not cumulative.
  const int side = side_of(u);
  const int c = bma_->carroccio_unit(side);
  if (c < 0 || !alive(c) || c == u || unit(u).hex == kNoHex) return 0;
  const int dist = bma_->board().distance(unit(u).hex, unit(c).hex);
  if (is_inf(u) && dist <= 1) return -3;
  if ((is_cav(u) && dist <= 1) || (is_inf(u) && dist <= 2)) return -1;
  return 0;
}

int BmaState::zoc_modifier(int u) const {
  // 6.4 / ruling L-31: the enemies are the ordered enemy units whose zone holds the unit.
  const Board& b = bma_->board();
  const int h = unit(u).hex;
  const Rating mine = bma_->unit(u).rating;
  bool better_enemy = false, any_cav = false, all_inf = true, any = false;
  for (int nb : b.neighbors(h)) {
    if (nb == kNoHex) continue;
    const int e = unit_at(nb);
    if (e < 0 || side_of(e) == side_of(u) || !exerts_zoc(e) || !is_front_of(e, h)) continue;
    any = true;
    if (static_cast<int>(bma_->unit(e).rating) < static_cast<int>(mine)) better_enemy = true;
    if (is_cav(e)) any_cav = true;
    if (!is_inf(e)) all_inf = false;
  }
  int mod = 0;
  if (leader_near(u, 1)) mod -= 1;                      // stacked with or next to its leader
  if (better_enemy) mod += 1;                           // an enemy of higher morale
  if (is_cav(u) && any && all_inf) mod -= 1;            // cavalry leaving infantry
  if (is_inf(u) && any_cav) mod += 1;                   // infantry leaving cavalry
  if (unit(u).status == Status::kDisordered) mod += 1;  // 5.3 D, 6.4
  return mod + morale_modifier_carroccio(u);
}

int BmaState::rally_modifier(int u) const {
  const Board& b = bma_->board();
  const int h = unit(u).hex;
  int mod = 0;
  if (unit(u).status == Status::kRouted) {
    // 6.3 / ruling L-28, L-35: -2 with a friendly leader (of any command) in the hex, -1 with
    // one adjacent; only the better one applies.
    const int side = side_of(u);
    int nearest = 2;
    for (int l = 0; l < bma_->num_leaders(); ++l) {
      const int lh = leader(l).hex;
      if (bma_->leader(l).side == side && lh != kNoHex)
        nearest = std::min(nearest, b.distance(h, lh));
    }
    mod = nearest == 0 ? -2 : nearest == 1 ? -1 : 0;
  } else {
    // 6.2.1 / ruling L-34: -1 once, for its leader near or an ordered A-rated friend adjacent.
    bool good_friend = false;
    for (int nb : b.neighbors(h)) {
      const int f = nb == kNoHex ? -1 : unit_at(nb);
      if (f >= 0 && side_of(f) == side_of(u) && !is_carroccio(f) &&
          unit(f).status == Status::kOrdered && bma_->unit(f).rating == Rating::kA)
        good_friend = true;
    }
    if (leader_near(u, 1) || good_friend) mod = -1;
  }
  return mod + morale_modifier_carroccio(u);
}

void BmaState::morale_event(int u, int die, int modifier, bool passed, const char* what,
                            const char* rule) const {
  if (!logging()) return;
  log("morale",
      // "d10 4 against 5" when no modifier changes the die (issue 20: two lines at 1366 px).
      fmt::format(
          "{} morale {}: d10 {}{} against {}: {}.", unit_says(u, "tests"), what, die,
          modifier == 0 ? std::string() : fmt::format(" {:+d} = {}", modifier, die + modifier),
          morale_value(u), passed ? "passed" : "failed"),
      rule,
      {{"unit", bma_->unit(u).id},
       {"die", die},
       {"modifier", modifier},
       {"morale", morale_value(u)},
       {"passed", passed}});
}

}  // namespace carroccio::bma
