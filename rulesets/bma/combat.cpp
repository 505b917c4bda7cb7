// Combat (5.0): who must attack whom (5.1.2), combat chits (5.1.3), the odds and modifiers
// (5.1.4), the CRT (5.2), results and routs (5.3), leaders in combat (5.4), the charge (7.3),
// variable combat factors (7.4) and the Carroccio (9.3.2).
#include <algorithm>
#include <bit>
#include <bitset>
#include <string>
#include <string_view>

#include "core/event_pieces.hpp"
#include "fmt/format.h"
#include "rulesets/bma/state.hpp"

namespace carroccio::bma {
namespace {

// A unit's term of the odds as the log writes it: "Milanese knights 2: 4 = 4" (its strength
// unmodified) becomes "Milanese knights 2 4"; a modified one ("...: 4 x1/2 disordered [5.3 D] =
// 2") keeps its modifier, clause and sum ("Milanese knights 2 4 /2 disordered [5.3 D] = 2").
std::string compact_term(const std::string& what) {
  const std::size_t colon = what.rfind(": ");
  if (colon == std::string::npos) return what;
  const std::string_view rest = std::string_view(what).substr(colon + 2);
  const std::size_t eq = rest.find(" = ");
  if (eq == std::string_view::npos) return what;
  const std::string_view name = std::string_view(what).substr(0, colon);
  if (rest.substr(0, eq) != rest.substr(eq + 3)) {
    std::string modified = fmt::format("{} {}", name, rest);
    // "x1/2" in brief: "/2", as the ohw log writes a halving.
    for (std::size_t at; (at = modified.find(" x1/2 ")) != std::string::npos;)
      modified.replace(at, 6, " /2 ");
    return modified;
  }
  return fmt::format("{} {}", name, rest.substr(0, eq));
}

bool contains(const std::array<std::int16_t, Combat::kMax>& xs, int n, int v) {
  for (int i = 0; i < n; ++i)
    if (xs[static_cast<std::size_t>(i)] == v) return true;
  return false;
}

// Morale "levels" for the better-morale modifier: C 1, B 2, A 3 (ruling L-14).
int level_of(Rating r) { return 3 - static_cast<int>(r); }

// A defender still to be fought: on the map, not routed (a routed defender is eliminated
// without a roll, ruling L-19).
bool fightable(const BmaState& s, int d) {
  const UnitState& us = s.unit(d);
  return us.hex != kNoHex && us.status != Status::kRouted && us.status != Status::kEliminated;
}

// Attacker slot i takes part in the fight: it did not drop out (9.6 forest check, ruling L-6)
// and it touches a defender still to be fought. An attacker whose only opponents were routed
// has spent its attack on them (ruling L-19) and neither adds strength nor suffers A results.
bool attacker_engaged(const BmaState& s, int i) {
  const Combat& c = s.combat();
  if ((c.withdrawn >> i) & 1) return false;
  const int a = c.attackers[static_cast<std::size_t>(i)];
  if (s.unit(a).hex == kNoHex) return false;
  for (int k = 0; k < c.num_defenders; ++k) {
    const int d = c.defenders[static_cast<std::size_t>(k)];
    if (fightable(s, d) && s.is_front_of(a, s.unit(d).hex)) return true;
  }
  return false;
}

// Defender slot k takes part in the fight: still to be fought and touched by an attacker
// that did not drop out. A defender only the dropped-out unit had to fight is left out
// (ruling L-6: that unit is released from the obligation).
bool defender_engaged(const BmaState& s, int k) {
  const Combat& c = s.combat();
  const int d = c.defenders[static_cast<std::size_t>(k)];
  if (!fightable(s, d)) return false;
  for (int i = 0; i < c.num_attackers; ++i) {
    const int a = c.attackers[static_cast<std::size_t>(i)];
    if (!((c.withdrawn >> i) & 1) && s.unit(a).hex != kNoHex && s.is_front_of(a, s.unit(d).hex))
      return true;
  }
  return false;
}

}  // namespace

bool BmaState::charge_eligible(int u) const {
  const BmaGame& g = *bma_;
  if (!g.rules().charge || !is_cav(u) || !can_attack(u)) return false;
  // 7.3.2 / 9.6: no charge out of forest: the charge starts where the unit began its move.
  for (int h : {static_cast<int>(unit(u).start_hex), static_cast<int>(unit(u).hex)})
    if (h != kNoHex && !g.tables().terrain_info(g.terrain(h)).charge_allowed) return false;
  // 7.3.1: against cavalry only, 2 to 4 hexes from where the charger began its move; every
  // defender it touches must qualify (ruling L-41). 7.3.2: not into forest.
  bool any = false;
  for (int i = 0; i < combat_.num_defenders; ++i) {
    const int d = combat_.defenders[static_cast<std::size_t>(i)];
    if (g.board().distance(unit(u).hex, unit(d).hex) != 1 || !is_front_of(u, unit(d).hex)) continue;
    any = true;
    if (!is_cav(d)) return false;
    const int dist = g.board().distance(unit(u).start_hex, unit(d).hex);
    if (dist < 2 || dist > 4) return false;
    if (!g.tables().terrain_info(g.terrain(unit(d).hex)).charge_allowed) return false;
  }
  // Any further enemy the charger must also attack has to qualify too.
  const auto& nbs = g.board().neighbors(unit(u).hex);
  for (int d = 0; d < 6; ++d) {
    const int nb = nbs[static_cast<std::size_t>(d)];
    const int e = nb == kNoHex ? -1 : unit_at(nb);
    if (e < 0 || side_of(e) == side_of(u) || !exerts_zoc(e) || !front_dir(u, d)) continue;
    if (unit(e).flags & kDefended) continue;
    if (!is_cav(e)) return false;
    const int dist = g.board().distance(unit(u).start_hex, nb);
    if (dist < 2 || dist > 4) return false;
  }
  return any;
}

bool BmaState::carroccio_alone(int c) const {
  // 9.3.2 defines "attacked alone" in its own words: with no other friendly unit adjacent.
  // Any combat unit of its side counts, of any kind and status (ruling L-40); a leader is not
  // a combat unit (4.2) and does not. Beside friends, it defends as A infantry (9.3.2).
  for (int nb : bma_->board().neighbors(unit(c).hex)) {
    const int f = nb == kNoHex ? -1 : unit_at(nb);
    if (f >= 0 && side_of(f) == side_of(c)) return false;
  }
  return true;
}

inline int BmaState::target_of(int u, int nb, int d) const {
  // 5.1.2: an enemy in front of the attacker, not yet attacked in this activation.
  const int e = nb == kNoHex ? -1 : unit_at(nb);
  return e >= 0 && side_of(e) != side_of(u) && !(unit(e).flags & kDefended) && front_dir(u, d) ? e
                                                                                               : -1;
}

bool BmaState::any_combat_target() const {
  // legal_combat's target list is not empty: the same test, stopping at the first target.
  if (active_leader_ < 0) return false;
  for (const int u : bma_->command(active_leader_)) {
    if (!can_attack(u)) continue;
    // Only the neighbours holding an enemy are worth the full test.
    const auto& nbs = bma_->board().neighbors(unit(u).hex);
    for (unsigned mask = side_neighbours(unit(u).hex, 1 - side_of(u)); mask != 0;
         mask &= mask - 1) {
      const int d = std::countr_zero(mask);
      if (target_of(u, nbs[static_cast<std::size_t>(d)], d) >= 0) return true;
    }
  }
  return false;
}

void BmaState::legal_combat(std::vector<game::Action>& out) const {
  out.clear();
  const BmaGame& g = *bma_;
  if (phase_ == Phase::kCombatTarget) {
    // 5.1.2: combat is voluntary; any enemy in front of a unit able to attack may be chosen.
    std::bitset<kMaxUnits> target;  // on the stack: listing choices never allocates
    // Only the active command's units can attack (can_attack), so only they are looked at.
    static const std::vector<std::int16_t> kNobody;
    for (const int u : active_leader_ >= 0 ? g.command(active_leader_) : kNobody) {
      if (!can_attack(u)) continue;
      const auto& nbs = g.board().neighbors(unit(u).hex);
      for (int d = 0; d < 6; ++d) {
        const int e = target_of(u, nbs[static_cast<std::size_t>(d)], d);
        if (e >= 0) target[static_cast<std::size_t>(e)] = true;
      }
    }
    out.push_back(act::kEndCombat);
    for (int e = 0; e < g.num_units(); ++e)
      if (target[static_cast<std::size_t>(e)]) out.push_back(act::kTargetBase + e);
    return;
  }
  // Building a combat.
  if (combat_.num_attackers > 0) out.push_back(act::kResolveCombat);
  for (const int u : g.command(active_leader_)) {
    if (!can_attack(u) || contains(combat_.attackers, combat_.num_attackers, u)) continue;
    bool touches = false;
    int needed = 0;
    const auto& nbs = g.board().neighbors(unit(u).hex);
    for (int d = 0; d < 6; ++d) {
      const int nb = nbs[static_cast<std::size_t>(d)];
      const int e = nb == kNoHex ? -1 : unit_at(nb);
      if (e < 0 || side_of(e) == side_of(u) || !front_dir(u, d)) continue;
      if (contains(combat_.defenders, combat_.num_defenders, e))
        touches = true;
      else if (exerts_zoc(e) || is_carroccio(e))
        ++needed;
    }
    if (!touches || combat_.num_defenders + needed > Combat::kMax ||
        combat_.num_attackers >= Combat::kMax)
      continue;
    out.push_back(act::kAddAttackerBase + u);
    if (charge_eligible(u)) out.push_back(act::kAddChargerBase + u);
  }
  // Disordered or routed enemies next to an attacker may be included (5.1.2).
  if (combat_.num_defenders < Combat::kMax) {
    for (int e = 0; e < g.num_units(); ++e) {
      if (!alive(e) || side_of(e) == g.leader_side(active_leader_) || exerts_zoc(e) ||
          is_carroccio(e))
        continue;
      if ((unit(e).flags & kDefended) || contains(combat_.defenders, combat_.num_defenders, e))
        continue;
      bool adjacent = false;
      for (int i = 0; i < combat_.num_attackers; ++i) {
        const int a = combat_.attackers[static_cast<std::size_t>(i)];
        if (is_front_of(a, unit(e).hex)) adjacent = true;
      }
      if (adjacent) out.push_back(act::kAddDefenderBase + e);
    }
  }
  std::sort(out.begin(), out.end());
}

void BmaState::add_defender(int e) {
  combat_.defenders[combat_.num_defenders++] = static_cast<std::int16_t>(e);
}

void BmaState::add_attacker(int u, bool charging) {
  const int slot = combat_.num_attackers++;
  combat_.attackers[static_cast<std::size_t>(slot)] = static_cast<std::int16_t>(u);
  if (charging) combat_.charging |= 1u << slot;
  // 5.1.2 / ruling L-6: an attacking unit fights every ordered enemy in front of it (and the
  // Carroccio), unless that enemy was already attacked in this activation.
  const auto& nbs = bma_->board().neighbors(unit(u).hex);
  for (int d = 0; d < 6; ++d) {
    const int nb = nbs[static_cast<std::size_t>(d)];
    const int e = nb == kNoHex ? -1 : unit_at(nb);
    if (e < 0 || side_of(e) == side_of(u) || !front_dir(u, d)) continue;
    if (!(exerts_zoc(e) || is_carroccio(e)) || (unit(e).flags & kDefended)) continue;
    if (!contains(combat_.defenders, combat_.num_defenders, e)) add_defender(e);
  }
}

void BmaState::queue_resolution() {
  const BmaGame& g = *bma_;
  for (int i = 0; i < combat_.num_attackers; ++i)
    units_[static_cast<std::size_t>(combat_.attackers[static_cast<std::size_t>(i)])].flags |=
        kAttacked;
  for (int i = 0; i < combat_.num_defenders; ++i)
    units_[static_cast<std::size_t>(combat_.defenders[static_cast<std::size_t>(i)])].flags |=
        kDefended;
  // 5.4.1 / ruling L-23: every leader stacked with a unit in the combat is involved.
  combat_.num_leaders = 0;
  for (int l = 0; l < g.num_leaders(); ++l) {
    const int h = leader(l).hex;
    if (h == kNoHex) continue;
    const int u = unit_at(h);
    if (u < 0 || g.leader_side(l) != side_of(u)) continue;
    if (contains(combat_.attackers, combat_.num_attackers, u) ||
        contains(combat_.defenders, combat_.num_defenders, u))
      combat_.leaders[combat_.num_leaders++] = static_cast<std::int16_t>(l);
  }
  if (logging()) {
    std::string att, def;
    std::vector<std::string> att_ids, def_ids;  // named for a board (core/event_pieces.hpp)
    for (int i = 0; i < combat_.num_attackers; ++i) {
      att += (i ? ", " : "") + log_name(combat_.attackers[static_cast<std::size_t>(i)]) +
             ((combat_.charging >> i) & 1 ? " charging" : "");
      att_ids.push_back(g.unit(combat_.attackers[static_cast<std::size_t>(i)]).id);
    }
    for (int i = 0; i < combat_.num_defenders; ++i) {
      def += (i ? ", " : "") + log_name(combat_.defenders[static_cast<std::size_t>(i)]);
      def_ids.push_back(g.unit(combat_.defenders[static_cast<std::size_t>(i)]).id);
    }
    if (logging())
      log("combat", fmt::format("Combat: {} attack {}.", att, def), "bma 5.1",
          core::attack_data(std::move(att_ids), std::move(def_ids)));
  }
  // 9.3.2 / ruling L-40: a Carroccio attacked with no friendly unit beside it is lost.
  for (int i = 0; i < combat_.num_defenders; ++i) {
    const int d = combat_.defenders[static_cast<std::size_t>(i)];
    if (!is_carroccio(d)) continue;
    if (carroccio_alone(d)) {
      if (logging())
        log("carroccio",
            fmt::format("{} attacked with no friendly unit beside {} and {} destroyed.",
                        unit_says(d, "is"), game::table::them_for(unit_name(d)),
                        game::table::verb_for(unit_name(d), "is")),
            "bma 9.3.2", {{"unit", g.unit(d).id}});
      eliminate(d);
      if (check_immediate_end()) return;
      // Where its loss does not end the game, the combat goes on against any other defender
      // (with none left it is settled without a die); a leader with it checks as usual.
    }
  }
  // 5.1.3 / 7.4: combat chits for units fighting for the first time (or every time).
  const bool every = g.rules().vcf == RuleOptions::Vcf::kEvery;
  for (int i = 0; i < combat_.num_attackers; ++i) {
    const int u = combat_.attackers[static_cast<std::size_t>(i)];
    if (unit(u).value == 0 || every)
      tasks_.push_back({TaskKind::kDrawChit, static_cast<std::int16_t>(u)});
  }
  for (int i = 0; i < combat_.num_defenders; ++i) {
    const int u = combat_.defenders[static_cast<std::size_t>(i)];
    if (!fightable(*this, u)) continue;  // routed: eliminated without a fight (5.3 R)
    if (unit(u).value == 0 || every)
      tasks_.push_back({TaskKind::kDrawChit, static_cast<std::int16_t>(u)});
  }
  for (int i = 0; i < combat_.num_attackers; ++i) {
    const int u = combat_.attackers[static_cast<std::size_t>(i)];
    // 9.6: cavalry attacking into forest must first pass a morale check.
    if (is_cav(u)) {
      bool into_forest = false;
      for (int k = 0; k < combat_.num_defenders; ++k) {
        const int d = combat_.defenders[static_cast<std::size_t>(k)];
        if (fightable(*this, d) && is_front_of(u, unit(d).hex) &&
            g.tables().terrain_info(g.terrain(unit(d).hex)).cavalry_attack_needs_morale)
          into_forest = true;
      }
      if (into_forest) tasks_.push_back({TaskKind::kForestCheck, static_cast<std::int16_t>(u)});
    }
    // 7.3.1: B and C cavalry test morale before charging.
    if (((combat_.charging >> i) & 1) && g.unit(u).rating != Rating::kA)
      tasks_.push_back({TaskKind::kChargeCheck, static_cast<std::int16_t>(u)});
  }
  tasks_.push_back({TaskKind::kResolveCombat});
  resume_phase_ = Phase::kCombatTarget;
}

CombatOdds BmaState::combat_odds(bool explain) const {
  const BmaGame& g = *bma_;
  const Tables& t = g.tables();
  CombatOdds o;
  int best_att = 0, best_def = 0, lead_att = 0, lead_def = 0, shift = 0;
  bool all_disordered = true, any_defender = false;
  for (int i = 0; i < combat_.num_attackers; ++i) {
    if (!attacker_engaged(*this, i)) continue;  // dropped out, or only routed foes (L-6, L-19)
    const int a = combat_.attackers[static_cast<std::size_t>(i)];
    const bool charging = (combat_.charging >> i) & 1;
    // Per-unit multipliers (5.1.4, 9.6, 7.3; ruling L-10): against each defender it touches,
    // take the least favourable, then round down once, minimum 1.
    int num = 1, den = 1;
    bool first = true;
    std::string why;
    for (int k = 0; k < combat_.num_defenders; ++k) {
      const int d = combat_.defenders[static_cast<std::size_t>(k)];
      if (!fightable(*this, d) || !is_front_of(a, unit(d).hex)) continue;
      int n = 1, dd = 1;
      std::string w;
      const int arc = arc_from(d, unit(a).hex);
      const bool defender_foot = !is_cav(d);  // the Carroccio defends as infantry (9.3.2)
      if (is_cav(a) && defender_foot) {
        if (arc == 0) {
          dd *= 2;
          if (explain) w += " x1/2 cavalry against infantry's front [5.1.4]";
        } else {
          n *= 2;
          if (explain) w += " x2 cavalry against infantry's flank or rear [5.1.4]";
        }
      } else if (arc > 0) {
        shift = std::max(shift, arc);  // 5.1.4, 7.2.5: +1 flank, +2 rear, best single one
      }
      const TerrainInfo& ti = t.terrain_info(g.terrain(unit(d).hex));
      if (is_cav(a) && (ti.cavalry_attack_num != 1 || ti.cavalry_attack_den != 1)) {
        n *= ti.cavalry_attack_num;
        dd *= ti.cavalry_attack_den;
        if (explain)
          w += fmt::format(" x{}/{} cavalry attacking into forest [9.6]", ti.cavalry_attack_num,
                           ti.cavalry_attack_den);
      } else if (is_inf(a) && (ti.infantry_attack_num != 1 || ti.infantry_attack_den != 1)) {
        n *= ti.infantry_attack_num;
        dd *= ti.infantry_attack_den;
        if (explain)
          w += fmt::format(" x{}/{} infantry attacking into forest [9.6]", ti.infantry_attack_num,
                           ti.infantry_attack_den);
      }
      if (first || static_cast<long long>(n) * den < static_cast<long long>(num) * dd) {
        num = n;
        den = dd;
        why = w;
        first = false;
      }
    }
    if (charging) {
      num *= 2;
      if (explain) why += " x2 charging [7.3.1]";
    }
    const int value = std::max(1, unit(a).value * num / den);
    o.attack += value;
    if (explain) {
      o.terms.push_back(
          {fmt::format("{}: {}{} = {}", g.unit(a).name, unit(a).value, why, value), "bma 5.1.4"});
      ++o.attacker_terms;
    }
    int level = level_of(g.unit(a).rating) + (charging ? 1 : 0);
    if (is_inf(a) && morale_modifier_carroccio(a) == -3) level += 1;  // 9.3.1
    best_att = std::max(best_att, level);
  }
  for (int k = 0; k < combat_.num_defenders; ++k) {
    const int d = combat_.defenders[static_cast<std::size_t>(k)];
    // Routed defenders are not fought (5.3 R) and, once eliminated, count for nothing.
    if (!defender_engaged(*this, k)) continue;
    any_defender = true;
    const bool dis = unit(d).status == Status::kDisordered;
    if (!dis) all_disordered = false;
    const int value = std::max(1, dis ? unit(d).value / 2 : unit(d).value);
    o.defence += value;
    if (explain) {
      o.terms.push_back({fmt::format("{}: {}{} = {}", g.unit(d).name, unit(d).value,
                                     dis ? " x1/2 disordered [5.3 D]" : "", value),
                         "bma 5.1.4"});
      ++o.defender_terms;
    }
    int level = level_of(g.unit(d).rating);
    if (is_inf(d) && morale_modifier_carroccio(d) == -3) level += 1;  // 9.3.1
    best_def = std::max(best_def, level);
  }
  if (!any_defender) {
    o.automatic = true;
    return o;
  }
  // 5.1.4 / ruling L-13: a friendly leader stacked with a unit that fights; the best single
  // one per side. Found from the pieces, so the odds shown while a combat is built are right.
  for (int l = 0; l < g.num_leaders(); ++l) {
    const int h = leader(l).hex;
    if (h == kNoHex) continue;
    const int u = unit_at(h);
    if (u < 0 || side_of(u) != g.leader_side(l)) continue;
    const bool sup = g.leader(l).supreme && !(leader(l).flags & kReplacement);
    const int bonus = sup ? 2 : 1;  // leader 1, supreme commander 2; a replacement 1 (L-24)
    for (int i = 0; i < combat_.num_attackers; ++i)
      if (combat_.attackers[static_cast<std::size_t>(i)] == u && attacker_engaged(*this, i))
        lead_att = std::max(lead_att, bonus);
    for (int k = 0; k < combat_.num_defenders; ++k)
      if (combat_.defenders[static_cast<std::size_t>(k)] == u && defender_engaged(*this, k))
        lead_def = std::max(lead_def, bonus);
  }
  o.base_column = t.column_for(o.attack, o.defence);
  o.shift = shift;
  o.column = std::clamp(o.base_column + shift, 0, Tables::kColumns - 1);  // ruling L-8
  if (explain)
    o.terms.push_back({fmt::format("odds {}:{} read on the {} column", o.attack, o.defence,
                                   t.column_names[static_cast<std::size_t>(o.base_column)]),
                       "bma 5.2"});
  if (shift > 0)
    if (explain)
      o.terms.push_back({fmt::format("{} column shift{} right for the {} attack", shift,
                                     shift > 1 ? "s" : "", shift > 1 ? "rear" : "flank"),
                         "bma 5.1.4, 7.2.5"});
  if (lead_att) {
    o.drm += lead_att;
    if (explain) o.terms.push_back({fmt::format("{:+d} attacking leader", lead_att), "bma 5.1.4"});
  }
  if (lead_def) {
    o.drm -= lead_def;
    if (explain) o.terms.push_back({fmt::format("{:+d} defending leader", -lead_def), "bma 5.1.4"});
  }
  if (all_disordered) {
    o.drm += 1;
    if (explain) o.terms.push_back({"+1 attacking disordered units", "bma 5.1.4, 5.3 D"});
  }
  if (best_att > best_def) {
    o.drm += 1;
    if (explain) o.terms.push_back({"+1 better morale (attacker)", "bma 5.1.4"});
  }
  if (best_def > best_att) {
    o.drm -= 1;
    if (explain) o.terms.push_back({"-1 better morale (defender)", "bma 5.1.4"});
  }
  return o;
}

void BmaState::resolve_combat() {
  const BmaGame& g = *bma_;
  bool any_attacker = false;
  for (int i = 0; i < combat_.num_attackers; ++i)
    if (!((combat_.withdrawn >> i) & 1)) any_attacker = true;
  if (!any_attacker) {
    if (logging())
      log("combat", "Every attacker failed its check: the attack is called off.", "bma 9.6");
    tasks_.push_back({TaskKind::kFinishCombat});
    return;
  }
  // 5.3 R / ruling L-19: a routed unit attacked again is eliminated without a roll.
  for (int k = 0; k < combat_.num_defenders; ++k) {
    const int d = combat_.defenders[static_cast<std::size_t>(k)];
    if (alive(d) && unit(d).status == Status::kRouted) {
      if (logging())
        log("combat",
            fmt::format("{} attacked while routed and {} eliminated.", unit_says(d, "is"),
                        game::table::verb_for(unit_name(d), "is")),
            "bma 5.3 R", {{"unit", g.unit(d).id}});
      eliminate(d);
    }
  }
  const CombatOdds o = combat_odds(logging());  // the terms are text: only for a listener
  if (o.automatic) {
    for (int i = 0; i < combat_.num_leaders; ++i)
      tasks_.push_back({TaskKind::kLeaderCheck, combat_.leaders[static_cast<std::size_t>(i)], 0});
    tasks_.push_back({TaskKind::kFinishCombat});
    return;
  }
  combat_.attack = static_cast<std::int16_t>(o.attack);
  combat_.defence = static_cast<std::int16_t>(o.defence);
  combat_.column = static_cast<std::int8_t>(o.column);
  combat_.shift = static_cast<std::int8_t>(o.shift);
  combat_.drm = static_cast<std::int8_t>(o.drm);
  if (logging()) {
    // The log's entry keeps to two lines at 1366 px (issue 20): "12:7 on 1.5/1: Milanese knights
    // 2 8, Company of Death 4 v Imperial vanguard 1 7; +1 attacking leader; +1 better morale":
    // the attackers' strengths, then the defenders', each unmodified one without its sum, a
    // modified one whole with its clause; the column said once when no shift moved it; then
    // every modifier of the die (their sum is the die's modifier, in the event's data). The
    // event's data and the odds panel keep every term whole.
    nlohmann::json terms = nlohmann::json::array();
    std::string units, text;
    const int unit_terms = o.attacker_terms + o.defender_terms;
    for (int i = 0; i < static_cast<int>(o.terms.size()); ++i) {
      const auto& term = o.terms[static_cast<std::size_t>(i)];
      terms.push_back({{"what", term.what}, {"rule", term.rule}});
      if (i < unit_terms) {
        units += (i == 0 ? "" : i == o.attacker_terms ? " v " : ", ") + compact_term(term.what);
        continue;
      }
      if (o.shift == 0 && term.what.rfind("odds ", 0) == 0) continue;
      // In brief: the die's sign says whose morale is the better; "+1 defenders disordered".
      std::string what = term.what;
      for (std::string_view whose : {" (attacker)", " (defender)"})
        if (what.ends_with(whose)) what.resize(what.size() - whose.size());
      if (what.ends_with("attacking disordered units"))
        what.replace(what.size() - 26, 26, "defenders disordered");
      text += "; " + what;
    }
    if (logging())
      log("odds",
          fmt::format("{}:{} on {}: {}{}.", o.attack, o.defence,
                      g.tables().column_names[static_cast<std::size_t>(o.column)], units, text),
          "bma 5.1.4, 5.2",
          {{"attack", o.attack},
           {"defence", o.defence},
           {"column", g.tables().column_names[static_cast<std::size_t>(o.column)]},
           {"drm", o.drm},
           {"terms", terms}});
  }
  tasks_.push_back({TaskKind::kCrtRoll});
}

void BmaState::apply_result() {
  const BmaGame& g = *bma_;
  const int row =
      std::clamp(combat_.die + combat_.drm, Tables::kMinRow, Tables::kMaxRow);  // ruling L-8
  combat_.result = g.tables().result(combat_.column, row);
  const CrtResult r = combat_.result;
  if (logging())
    log("combat",
        fmt::format("Combat die {} {:+d} = {} on the {} column: {}.", combat_.die, combat_.drm, row,
                    g.tables().column_names[static_cast<std::size_t>(combat_.column)],
                    result_name(r)),
        "bma 5.2, 5.3",
        {{"die", combat_.die}, {"drm", combat_.drm}, {"row", row}, {"result", result_name(r)}});
  const bool hits_attacker = r == CrtResult::kAE || r == CrtResult::kAR || r == CrtResult::kAD;
  const int severity = (r == CrtResult::kAE || r == CrtResult::kDE)   ? 3
                       : (r == CrtResult::kAR || r == CrtResult::kDR) ? 2
                       : (r == CrtResult::kAD || r == CrtResult::kDD) ? 1
                                                                      : 0;
  // Ruling L-16: an A result strikes every attacker, a D result every defender.
  // Who fought is fixed before any result moves a unit (rulings L-6, L-19).
  std::uint32_t engaged = 0;
  for (int i = 0; i < combat_.num_attackers; ++i)
    if (attacker_engaged(*this, i)) engaged |= 1u << i;
  std::array<std::int16_t, Combat::kMax> hit{};
  int num_hit = 0;
  if (severity > 0) {
    if (hits_attacker) {
      for (int i = 0; i < combat_.num_attackers; ++i)
        if ((engaged >> i) & 1)
          hit[static_cast<std::size_t>(num_hit++)] = combat_.attackers[static_cast<std::size_t>(i)];
    } else {
      for (int k = 0; k < combat_.num_defenders; ++k)
        if (defender_engaged(*this, k))
          hit[static_cast<std::size_t>(num_hit++)] = combat_.defenders[static_cast<std::size_t>(k)];
    }
  }
  for (int i = 0; i < num_hit; ++i) apply_hit(hit[static_cast<std::size_t>(i)], severity);
  if (check_immediate_end()) return;
  // 7.3.1: the charge's own toll: C chargers disordered, A and B test at +1. An adverse
  // result and this disorder add up.
  for (int i = 0; i < combat_.num_attackers; ++i) {
    if (!((combat_.charging >> i) & 1) || !((engaged >> i) & 1)) continue;
    const int a = combat_.attackers[static_cast<std::size_t>(i)];
    if (!alive(a) || unit(a).status == Status::kRouted) continue;
    if (g.unit(a).rating == Rating::kC) {
      if (logging())
        log("disorder",
            fmt::format("{} disordered at the end of {} charge.", unit_says(a, "is"),
                        game::table::its_for(unit_name(a))),
            "bma 7.3.1");
      apply_hit(a, 1);
    } else {
      tasks_.push_back({TaskKind::kChargeAfterCheck, static_cast<std::int16_t>(a)});
    }
  }
  // 5.4.1: each leader in the combat rolls 2d6.
  for (int i = 0; i < combat_.num_leaders; ++i)
    tasks_.push_back({TaskKind::kLeaderCheck, combat_.leaders[static_cast<std::size_t>(i)], 0});
  // 7.4 (ruling L-44a): a unit that suffered a D or R draws a new chit.
  if (g.rules().vcf == RuleOptions::Vcf::kAdverse && (severity == 1 || severity == 2)) {
    for (int i = 0; i < num_hit; ++i) {
      const int u = hit[static_cast<std::size_t>(i)];
      if (alive(u) && !is_carroccio(u))
        tasks_.push_back({TaskKind::kDrawChit, static_cast<std::int16_t>(u)});
    }
  }
  tasks_.push_back({TaskKind::kFinishCombat});
}

void BmaState::apply_hit(int u, int severity) {
  const BmaGame& g = *bma_;
  if (!alive(u)) return;
  if (is_carroccio(u)) {
    // 9.3.2: the Carroccio cannot be disordered; a rout or elimination destroys it.
    if (severity == 1) {
      if (logging())
        log("carroccio", fmt::format("{} cannot be disordered: no effect.", log_name(u)),
            "bma 9.3.2");
      return;
    }
    if (logging())
      log("carroccio", fmt::format("{} destroyed.", unit_says(u, "is")), "bma 9.3.2",
          {{"unit", g.unit(u).id}});
    eliminate(u);
    return;
  }
  if (severity >= 3) {
    if (logging())
      log("eliminated", fmt::format("{} eliminated.", unit_says(u, "is")), "bma 5.3 E",
          {{"unit", g.unit(u).id}});
    eliminate(u);
    return;
  }
  const Status st = unit(u).status;
  if (severity == 1 && st == Status::kOrdered) {
    units_[static_cast<std::size_t>(u)].status = Status::kDisordered;
    if (logging())
      log("disorder", fmt::format("{} disordered.", unit_says(u, "is")), "bma 5.3 D",
          {{"unit", g.unit(u).id}});
    return;
  }
  if (st == Status::kRouted) return;  // already fleeing
  // 5.3 R, and a second D on a disordered unit (5.3 D): the unit routs three hexes.
  units_[static_cast<std::size_t>(u)].status = Status::kRouted;
  if (logging())
    log("rout", fmt::format("{} routed.", unit_says(u, "is")),
        severity == 1 ? "bma 5.3 D" : "bma 5.3 R", {{"unit", g.unit(u).id}});
  rout_move(u, 3);
}

void BmaState::eliminate(int u) {
  const int h = unit(u).hex;
  units_[static_cast<std::size_t>(u)].status = Status::kEliminated;
  set_unit_hex(u, kNoHex);
  (void)h;
}

void BmaState::rout_move(int u0, int steps0) {
  const BmaGame& g = *bma_;
  const Board& b = g.board();
  // Ruling L-20 / L-21: routs move hex by hex toward the home edge, each hex a step nearer,
  // avoiding enemy zones; friends passed through are disordered (or routed, and then rout in
  // their turn, breadth first).
  std::array<std::int16_t, 64> queue{};
  std::array<std::int8_t, 64> qsteps{};
  int qh = 0, qt = 0;
  queue[static_cast<std::size_t>(qt)] = static_cast<std::int16_t>(u0);
  qsteps[static_cast<std::size_t>(qt++)] = static_cast<std::int8_t>(steps0);
  // 5.4.6 / ruling L-25: lone enemy leaders in the hexes a routing unit enters (passing or
  // ending) owe a casualty check each; the checks come right after the rout, before anything
  // already waiting (the rest of the combat, or the victory check after the rally phase).
  std::array<std::int16_t, kMaxLeaders> overrun{};
  int no = 0;
  while (qh < qt) {
    const int u = queue[static_cast<std::size_t>(qh)];
    const int steps = qsteps[static_cast<std::size_t>(qh++)];
    if (!alive(u)) continue;
    const int side = side_of(u);
    const Edge home = g.scenario_data().sides[static_cast<std::size_t>(side)].home_edge;
    const int from = unit(u).hex;
    int cur = from;
    std::array<std::int16_t, 48> visited{};
    int nv = 0;
    visited[static_cast<std::size_t>(nv++)] = static_cast<std::int16_t>(cur);
    auto seen = [&](int h) {
      for (int i = 0; i < nv; ++i)
        if (visited[static_cast<std::size_t>(i)] == h) return true;
      return false;
    };
    // Leaders with the routing unit go with it (ruling L-21).
    std::array<std::int8_t, kMaxLeaders> carried{};
    int nc = 0;
    for (int l = 0; l < g.num_leaders(); ++l)
      if (leader(l).hex == from && g.leader_side(l) == side)
        carried[static_cast<std::size_t>(nc++)] = static_cast<std::int8_t>(l);
    // 4.2 / ruling L-20: a hex the rout may end in holds no other unit, and no friendly leader
    // when it brings its own (a lone enemy leader there does not stop it: he tests, 5.4.6).
    auto may_end = [&](int h) {
      if (unit_at(h) >= 0) return false;
      if (nc == 0 || !leader_in(h)) return true;
      for (int l = 0; l < g.num_leaders(); ++l)
        if (leader(l).hex == h && g.leader_side(l) == side) return false;
      return true;
    };
    set_unit_hex(u, kNoHex);  // lift it off the map while it moves
    units_[static_cast<std::size_t>(u)].hex = static_cast<std::int16_t>(from);
    occ_[static_cast<std::size_t>(from)] = kNoOccupant;
    int remaining = steps;
    bool eliminated = false;
    std::string route = logging() ? hex_name(from) : std::string();  // text for the log only
    while ((remaining > 0 || !may_end(cur)) && nv < 47) {
      const int d0 = b.edge_distance(cur, home);
      if (d0 == 0) {  // 6.3: off the home edge, the unit is lost
        eliminated = true;
        if (logging()) route += " (off the map)";
        break;
      }
      int best = -1, best_key = 0;
      auto consider = [&](int nb, bool lateral) {
        const int occupant = unit_at(nb);
        if (occupant >= 0 && side_of(occupant) != side) return;  // never through an enemy
        if (seen(nb)) return;
        const bool zoc = in_zoc_of(nb, 1 - side);
        if (lateral && zoc) return;
        const int key = (zoc ? 1 << 20 : 0) + (may_end(nb) ? 0 : 1 << 19) + nb;
        if (best < 0 || key < best_key) {
          best = nb;
          best_key = key;
        }
      };
      for (int nb : b.neighbors(cur))
        if (nb != kNoHex && b.edge_distance(nb, home) == d0 - 1) consider(nb, false);
      if (best >= 0 && (best_key >> 20)) {
        // Every nearer hex lies in an enemy zone: try to sidestep along the same distance.
        best = -1;
        for (int nb : b.neighbors(cur))
          if (nb != kNoHex && b.edge_distance(nb, home) == d0) consider(nb, true);
        if (best < 0) {
          eliminated = true;
          break;
        }
      } else if (best < 0) {
        for (int nb : b.neighbors(cur))
          if (nb != kNoHex && b.edge_distance(nb, home) == d0) consider(nb, true);
        if (best < 0) {
          eliminated = true;
          break;
        }
      }
      cur = best;
      visited[static_cast<std::size_t>(nv++)] = static_cast<std::int16_t>(cur);
      if (logging()) route += " " + hex_name(cur);
      if (remaining > 0) --remaining;
      if (leader_in(cur))
        for (int l = 0; l < g.num_leaders(); ++l)
          if (leader(l).hex == cur && g.leader_side(l) != side && !overrun_check_queued(l) &&
              std::find(overrun.begin(), overrun.begin() + no, l) == overrun.begin() + no)
            overrun[static_cast<std::size_t>(no++)] = static_cast<std::int16_t>(l);
      const int f = unit_at(cur);
      if (f >= 0 && !is_carroccio(f)) {
        // 6.3.1: a friend passed through is disordered, or routed if already disordered.
        if (unit(f).status == Status::kOrdered) {
          units_[static_cast<std::size_t>(f)].status = Status::kDisordered;
          if (logging())
            log("disorder",
                fmt::format("{} disordered by routing friends passing through.",
                            unit_says(f, "is")),
                "bma 6.3.1", {{"unit", g.unit(f).id}});
        } else if (unit(f).status == Status::kDisordered) {
          units_[static_cast<std::size_t>(f)].status = Status::kRouted;
          if (logging())
            log("rout",
                fmt::format("{} routed by routing friends passing through.", unit_says(f, "is")),
                "bma 6.3.1", {{"unit", g.unit(f).id}});
          if (qt < 64) {
            queue[static_cast<std::size_t>(qt)] = static_cast<std::int16_t>(f);
            qsteps[static_cast<std::size_t>(qt++)] = 3;
          }
        }
      }
    }
    if (eliminated || !may_end(cur)) {
      units_[static_cast<std::size_t>(u)].hex = kNoHex;
      units_[static_cast<std::size_t>(u)].status = Status::kEliminated;
      if (logging())
        log("eliminated",
            fmt::format("{} no way to flee and {} eliminated (route {}).",
                        game::table::says(g.unit(u).name, "finds"),
                        game::table::verb_for(g.unit(u).name, "is"), route),
            "bma 5.3 R", {{"unit", g.unit(u).id}});
      for (int i = 0; i < nc; ++i) {
        set_leader_hex(carried[static_cast<std::size_t>(i)], cur);
        place_orphan_leader(carried[static_cast<std::size_t>(i)]);
      }
      continue;
    }
    units_[static_cast<std::size_t>(u)].hex = kNoHex;
    set_unit_hex(u, cur);
    // Ruling L-43: after a rout the unit faces its home edge.
    if (g.rules().facing && !is_carroccio(u))
      units_[static_cast<std::size_t>(u)].facing =
          static_cast<std::uint8_t>(b.facing_toward(home, is_inf(u)));
    for (int i = 0; i < nc; ++i) set_leader_hex(carried[static_cast<std::size_t>(i)], cur);
    if (logging())
      log("rout", fmt::format("{}: {}.", game::table::says(g.unit(u).name, "flees"), route),
          steps == 2 ? "bma 6.3" : "bma 5.3 R", {{"unit", g.unit(u).id}, {"to", hex_name(cur)}});
  }
  for (int i = no - 1; i >= 0; --i)
    tasks_.insert(tasks_.begin(),
                  Task{TaskKind::kLeaderCheck, overrun[static_cast<std::size_t>(i)], 1});
}

void BmaState::place_orphan_leader(int l) {
  // Ruling L-25 / L-26: a leader left without a unit joins the nearest unit of his command
  // (then any friendly unit) that has no leader; with none left he leaves the field.
  const BmaGame& g = *bma_;
  const int from = leader(l).hex;
  const int side = g.leader(l).side;
  for (int pass = 0; pass < 2; ++pass) {
    int best = -1, best_d = 1 << 20;
    for (int u = 0; u < g.num_units(); ++u) {
      if (!alive(u) || side_of(u) != side || (pass == 0 && g.unit(u).leader != l)) continue;
      const int other = leader_at(unit(u).hex);
      if (other >= 0 && other != l) continue;
      const int d = from == kNoHex ? 0 : g.board().distance(from, unit(u).hex);
      if (d < best_d) {
        best = u;
        best_d = d;
      }
    }
    if (best >= 0) {
      set_leader_hex(l, unit(best).hex);
      if (logging())
        log("leader", fmt::format("{} joins {}.", leader_name(l), log_name(best)), "bma 5.4.6");
      return;
    }
  }
  set_leader_hex(l, kNoHex);
  if (logging())
    log("leader", fmt::format("{} has no unit left to join and leaves the field.", leader_name(l)),
        "bma 5.4.6");
}

void BmaState::kill_leader(int l) {
  const BmaGame& g = *bma_;
  LeaderState& ls = leaders_[static_cast<std::size_t>(l)];
  const int side = g.leader(l).side;
  const bool replacement = (ls.flags & kReplacement) != 0;
  if (logging())
    log("leader", fmt::format("{} is killed.", leader_name(l)), "bma 5.4.1",
        {{"leader", g.leader(l).id}});
  if (!replacement) {
    // 8.1: 2 VP per point of command value; none for replacement leaders.
    leader_vp_lost_[static_cast<std::size_t>(side)] +=
        static_cast<std::int16_t>(g.tables().leader_vp_per_command * g.leader(l).command);
    ls.flags |= kFallen;
  }
  // 5.4.2: a single chit stays for him; 5.4.3: the next draw places a replacement.
  set_leader_hex(l, kNoHex);
  ls.flags = static_cast<std::uint8_t>((ls.flags & ~kReplacement) | kAwaitingReplacement);
  ls.command = 0;
  ls.chits = 1;
  if (ls.cup > 1) ls.cup = 1;
  if (!replacement) {
    for (int x : g.scenario_data().sides[static_cast<std::size_t>(side)].routs_if_leader_killed)
      if (x == l) end_game(1 - side, EndReason::kLeaderKilled);  // 9.4
  }
}

void BmaState::finish_combat() {
  combat_ = Combat{};
  check_immediate_end();
  resume_phase_ = Phase::kCombatTarget;
}

}  // namespace carroccio::bma
