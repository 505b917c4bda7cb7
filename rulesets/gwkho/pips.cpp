// Command points (Pip-1 .. Pip-19; rulings G-7 .. G-10, G-34, G-41).
#include "rulesets/gwkho/pips.hpp"

#include <algorithm>
#include <map>
#include <stdexcept>

#include "rulesets/gwkho/combat.hpp"
#include "rulesets/gwkho/internal.hpp"
#include "rulesets/gwkho/movement.hpp"

namespace carroccio::gwkho {

namespace {

using detail::add;

const PipRules& pip_rules() { return default_tables().pips; }

PipRollSpec spec(PipRoll roll) {
  PipRollSpec s;
  s.roll = roll;
  return s;
}

void finish(PipRollSpec& s) {
  s.modifier = 0;
  for (const auto& f : s.items) s.modifier += f.value;
}

template <typename Pred>
bool all_of(const MoveCost& m, Pred p) {
  return std::all_of(m.elements.begin(), m.elements.end(), p);
}
template <typename Pred>
bool any_of(const MoveCost& m, Pred p) {
  return std::any_of(m.elements.begin(), m.elements.end(), p);
}

bool is_foot(const Mover& e) { return !is_mounted(e.troop.type); }

}  // namespace

// ---- The dice ----

PipRollSpec command_pip_roll(const PipCommand& c) {
  const PipRules& r = pip_rules();
  PipRollSpec s = spec(c.quality == GeneralQuality::kGood ? r.good : r.normal);
  if (c.cinc && !c.inert) add(s.items, "Pip-3", "the commander-in-chief's free PIP", r.cinc_free);
  finish(s);
  return s;
}

PipRollSpec regiment_pip_roll(int elements) {
  const PipRules& r = pip_rules();
  PipRollSpec s = spec(r.regiment);
  if (elements < r.regiment_small_below)
    add(s.items, "Pip-2", "a regiment below 10 elements", r.regiment_small);
  finish(s);
  return s;
}

int regiment_activation_pips() { return pip_rules().regiment_activation; }

int pips_from_dice(const PipRollSpec& r, int die1, int die2) {
  if (die1 < 1 || die1 > 6 || (r.dice() == 2 && (die2 < 1 || die2 > 6)))
    throw std::invalid_argument("gwkho: a PIP die outside 1 to 6");
  int v = die1;
  if (r.roll == PipRoll::kBestOfTwo) v = std::max(die1, die2);
  if (r.roll == PipRoll::kWorseOfTwo) v = std::min(die1, die2);
  return std::max(r.minimum, v + r.modifier);
}

std::vector<std::pair<int, std::uint64_t>> pip_distribution(const PipRollSpec& r) {
  std::map<int, std::uint64_t> w;
  if (r.dice() == 1) {
    for (int d = 1; d <= 6; ++d) ++w[pips_from_dice(r, d)];
  } else {
    for (int a = 1; a <= 6; ++a)
      for (int b = 1; b <= 6; ++b) ++w[pips_from_dice(r, a, b)];
  }
  return {w.begin(), w.end()};
}

int command_range_inches() { return pip_rules().command_inches; }
int regiment_range_inches() { return pip_rules().regiment_inches; }
int march_beyond_inches() { return pip_rules().march_beyond_inches; }

// ---- One move ----

bool toward_enemy_counts(Troop mover, Morale mover_morale, Troop enemy) {
  const PipRules& r = pip_rules();
  if (r.toward_enemy_ignores.contains(enemy)) return false;
  if (mover_morale == Morale::kShaken && r.toward_enemy_shaken_ignores.contains(enemy) &&
      !r.toward_enemy_shaken_ignores.contains(mover))
    return false;
  return true;
}

PipCost move_cost(const MoveCost& m) {
  const PipRules& r = pip_rules();
  PipCost c;
  auto& v = c.items;
  if (m.elements.empty()) {
    c.refused = "nothing moves";
    return c;
  }
  const bool group = m.group && m.elements.size() > 1;
  // [Pip-4] The move itself.
  if (group)
    add(v, "Pip-4", "moving a group", r.group);
  else
    add(v, "Pip-4", "moving a single element", r.single);
  // [Pip-5]
  if (m.into_contact_cannot_recoil)
    add(v, "Pip-5", "into contact where it could not recoil", r.into_contact_cannot_recoil);
  // [Pip-6]
  if (m.out_of_command)
    add(v, "Pip-6", "its general destroyed, or out of command range or sight", r.out_of_command);
  // [Pip-7] March moves.
  if (m.march_move < 1 || m.march_move > 4) {
    c.refused = "a bound has a move and at most three march moves";
    return c;
  }
  if (m.march_move >= 2) {
    add(v, "Pip-7", "a march move", r.march);
    if (m.march_move == 2 &&
        any_of(m, [](const Mover& e) { return e.peoples.has(People::kLandsknecht); }))
      add(v, "Pip-7", "Landsknechts' second march move", r.landsknecht_second_march);
    if (m.march_move == 3 && any_of(m, [](const Mover& e) { return is_mounted(e.troop.type); }))
      add(v, "Pip-7", "mounted troops' third march move", r.mounted_third_march);
  }
  // [Pip-8]
  if (m.toward_enemy && m.morale != Morale::kSteady)
    add(v, "Pip-8", "shaken or broken, moving toward the enemy", r.shaken_toward_enemy);
  // [Pip-9] Mixed groups.
  if (group) {
    const bool mounted = any_of(m, [](const Mover& e) { return is_mounted(e.troop.type); });
    const bool foot = any_of(m, is_foot);
    if (mounted && foot) add(v, "Pip-9", "a group of mounted and foot", r.mixed_mounted_and_foot);
    const bool elephants = any_of(m, [](const Mover& e) { return e.troop.type == TroopType::kEl; });
    const bool other_mounted = any_of(m, [](const Mover& e) {
      return is_mounted(e.troop.type) && e.troop.type != TroopType::kEl;
    });
    if (elephants && other_mounted)
      add(v, "Pip-9", "elephants with other mounted", r.elephants_with_mounted);
    const bool camels = any_of(m, [&](const Mover& e) { return r.camels.contains(e.troop); });
    const bool horses = any_of(m, [&](const Mover& e) {
      return is_mounted(e.troop.type) && e.troop.type != TroopType::kEl &&
             !r.camels.contains(e.troop) && !e.peoples.any_of(r.camels_unless);
    });
    if (camels && horses)
      add(v, "Pip-9", "camels with horses other than Arab", r.camels_with_horses);
  }
  // [Pip-10] Wheeling.
  if (group && m.wheel && !m.single_element_column) {
    const bool exempt = all_of(m, [&](const Mover& e) {
      return r.wheel_exempt.contains(e.troop) ||
             (is_foot(e) && e.peoples.any_of(r.wheel_exempt_foot_peoples));
    });
    if (!exempt) add(v, "Pip-10", "a group wheeling", r.wheel);
  }
  // [Pip-11] Turns.
  if (group && (m.quarter_turns > 0 || m.half_turns > 0)) {
    if (any_of(m, [&](const Mover& e) {
          return r.quarter_turn_not.contains(e.troop) || r.half_turn_not.contains(e.troop);
        })) {
      c.refused = "heavy artillery turn only as single elements";
      return c;
    }
    if (m.quarter_turns > 0 && all_of(m, is_foot))
      for (int i = 0; i < m.quarter_turns; ++i)
        add(v, "Pip-11", "a foot group turning 90 degrees", r.quarter_turn);
    int free = 2;
    for (const auto& e : m.elements) free = std::min(free, free_half_turns(e.troop));
    for (int i = free; i < m.half_turns; ++i)
      add(v, "Pip-11", "a group turning 180 degrees", r.half_turn);
  }
  // [Pip-12] Formation changes.
  if (group && m.formation_change) {
    const bool exempt =
        all_of(m,
               [&](const Mover& e) {
                 return r.formation_exempt.contains(e.troop) ||
                        e.peoples.any_of(r.formation_exempt_peoples) ||
                        (is_foot(e) && e.peoples.any_of(r.formation_exempt_foot_peoples));
               }) ||
        all_of(m, [&](const Mover& e) { return r.formation_exempt_if_all.contains(e.troop); });
    if (!exempt) add(v, "Pip-12", "a change of formation", r.formation_change);
  }
  // [Pip-13]
  if (group && m.uphill_into_contact_with_foot && all_of(m, is_foot))
    add(v, "Pip-13", "a foot group uphill into contact with foot", r.uphill_into_contact);
  // [Pip-14] Read as the troop each element moves as (CC-4: pavisers, HI(x), move as (i)).
  if (!m.straight_ahead && any_of(m, [&](const Mover& e) {
        return r.not_straight_ahead_troops.contains(counts_as(e.troop, Context::kMovement));
      }))
    add(v, "Pip-14", "(i) foot, elephants or artillery not moving straight ahead",
        r.not_straight_ahead);
  // [Pip-15]
  if (m.with_cinc_or_exceptional)
    add(v, "Pip-15", "with the commander-in-chief or an exceptional subordinate", r.with_cinc);
  for (const auto& f : v) c.total += f.value;
  c.total = std::max(c.total, r.minimum);
  return c;
}

// ---- Everything else ----

PipCost other_cost(const OtherCost& o) {
  const PipRules& r = pip_rules();
  PipCost c;
  auto& v = c.items;
  switch (o.action) {
    case PipAction::kHoldImpetuous:
      // [Mor-18] Berserkers are not held back from foot they can reach.
      if (o.status == Status::kBerserker && o.nearest_enemy_foot_in_reach) {
        c.refused = "berserkers cannot be held when the nearest enemy is foot within one move";
        return c;
      }
      add(v, "Pip-16", "holding impetuous troops", r.hold_impetuous);
      break;
    case PipAction::kReplaceCrew:
      if (o.enemy_in_contact) {
        c.refused = "a crew cannot be replaced while enemy touch the gun";
        return c;
      }
      add(v, "Pip-16", "replacing an artillery crew", r.replace_crew);
      break;
    case PipAction::kDismount:
      add(v, "Pip-16", "dismounting or mounting an element", r.dismount);
      break;
    case PipAction::kDestroyUncrewedArtillery:
      if (is_mounted(o.troop.type))
        add(v, "Pip-16", "mounted destroying uncrewed artillery", r.destroy_uncrewed_mounted);
      else
        add(v, "Pip-16", "foot destroying uncrewed artillery", r.destroy_uncrewed_foot);
      break;
    case PipAction::kUseEnemyArtillery:
      add(v, "Pip-16", "using the enemy's uncrewed artillery this bound", r.use_enemy_artillery);
      break;
    case PipAction::kCommandMorale:
      add(v, "Pip-17", "giving a command its own morale", r.command_morale);
      break;
    case PipAction::kRallyCommand:
      if (o.with_elephants)
        add(v, "Pip-17", "rallying a command with elephants to army morale",
            r.rally_command_with_elephants);
      else
        add(v, "Pip-17", "rallying a command to army morale", r.rally_command);
      break;
    case PipAction::kBreakElement:
      if (r.break_never.contains(o.troop) && !r.break_except.contains(o.troop)) {
        c.refused = "(s) troops (but El, Lc and Xb), Xb(x), Pk(o) and artillery are never broken";
        return c;
      }
      add(v, "Pip-18", "breaking an element", r.break_element);
      break;
    case PipAction::kRallyBroken:
      if (o.troop.type == TroopType::kEl)
        add(v, "Pip-18", "rallying broken elephants", r.rally_broken_elephants);
      else
        add(v, "Pip-18", "rallying a broken element", r.rally_broken);
      break;
    case PipAction::kActivateRegiment:
      add(v, "Pip-2", "activating a regiment", r.regiment_activation);
      break;
    case PipAction::kHoldAgainstSurrender:
      // [Mor-19] "Unless held": priced as holding impetuous troops (ruling G-37).
      add(v, "Pip-16", "holding an element against surrender", r.hold_impetuous);
      break;
  }
  for (const auto& f : v) c.total += f.value;
  return c;
}

int replace_crew_friends_within_inches() { return pip_rules().replace_crew_friends_within_inches; }
int replace_crew_enemy_within_inches() { return pip_rules().replace_crew_enemy_within_inches; }
int mount_not_within_inches() { return pip_rules().mount_not_within_inches; }
bool mounts_again(Troop list_troop) { return pip_rules().mount_again.contains(list_troop); }

int die_upgrade_cost(int d10_groups_before, int to_sides, bool general_adds) {
  const int pips = die_upgrade_pips(d10_groups_before, to_sides);
  return std::max(0, pips - (general_adds ? pip_rules().general_adds_to_die : 0));
}

}  // namespace carroccio::gwkho
