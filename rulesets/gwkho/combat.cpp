#include "rulesets/gwkho/combat.hpp"

#include <algorithm>
#include <stdexcept>

namespace carroccio::gwkho {

Troop counts_as(Troop t, Context context, std::optional<Troop> opponent) {
  for (const auto& row : default_tables().counts_as) {
    if (row.context != context || !row.troops.contains(t)) continue;
    if (row.opponent && (!opponent || !row.opponent->contains(*opponent))) continue;
    return row.as;
  }
  return t;
}

int base_factor(Troop self, Troop opponent, const FactorCase& c) {
  const Tables& tb = default_tables();
  for (const auto& e : tb.factor_exceptions) {
    if (!e.troops.contains(self)) continue;
    if (e.opponent && !e.opponent->contains(opponent)) continue;
    if (e.when == FactorWhen::kArtilleryFire && !c.artillery_fire) continue;
    if (e.when == FactorWhen::kJustContacted && !c.just_contacted) continue;
    return e.factor;
  }
  const Troop as = counts_as(self, Context::kCloseCombat, opponent);
  for (const auto& row : tb.factors)
    if (row.troops.contains(as)) return is_mounted(opponent.type) ? row.vs_mounted : row.vs_foot;
  throw std::logic_error("gwkho: no factor row for " + troop_text(as));
}

int combat_die(Troop t, const DieCase& c) {
  if (c.berserker || c.swiss_pike_before_1525 || c.bad_war || default_tables().d8.contains(t))
    return 8;
  return 6;
}

std::optional<int> upgraded_combat_die(Troop t, const DieCase& c) {
  const Tables& tb = default_tables();
  const int die = combat_die(t, c);
  if (die == 8) return std::min(10, tb.max_die_sides);
  if (tb.die_upgrade.contains(t)) return std::min(8, tb.max_die_sides);
  return std::nullopt;
}

int die_upgrade_pips(int d10_groups_before, int to_sides) {
  const Tables& tb = default_tables();
  // [CC-1] A group going to a d8 spends one PIP; the d10 is 1 for the first group, else 2.
  if (to_sides < tb.max_die_sides) return tb.d8_upgrade_pips;
  return d10_groups_before == 0 ? tb.first_upgrade_pips : tb.later_upgrade_pips;
}

bool is_doubled(int winner_total, int loser_total) {
  return loser_total <= 0 || winner_total >= 2 * loser_total;
}

Result combat_result(Troop loser, Troop winner, const ResultCase& c) {
  const Tables& tb = default_tables();
  Result r = c.doubled ? tb.doubled_result : tb.beaten_result;
  for (const auto& row : tb.results) {
    if (!row.loser.contains(loser)) continue;
    if (row.by && !row.by->contains(winner)) continue;
    if (c.margin < row.margin) continue;
    if (row.applies == Applies::kBeatenOnly && c.doubled) continue;
    if (row.applies == Applies::kDoubledOnly && !c.doubled) continue;
    if (row.just_contacted && !c.just_contacted) continue;
    r = row.result;
    break;
  }
  // Flee only in open good going; elsewhere the loser is pushed back.
  if (r == Result::kFlee && !c.good_going) r = Result::kPushBack;
  // Foot behind fortifications are not destroyed by mounted unless doubled.
  if (r == Result::kDestroyed && c.loser_behind_fortification && !is_mounted(loser.type) &&
      is_mounted(winner.type) && !c.doubled)
    r = Result::kPushBack;
  return r;
}

}  // namespace carroccio::gwkho
