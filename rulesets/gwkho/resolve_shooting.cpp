// One shot of small arms (Sht-4 .. Sht-10, Sht-14) and artillery fire (Sht-11 .. Sht-13).
#include "rulesets/gwkho/resolve_shooting.hpp"

#include <algorithm>
#include <cstdlib>
#include <stdexcept>

#include "rulesets/gwkho/combat.hpp"
#include "rulesets/gwkho/internal.hpp"

namespace carroccio::gwkho {

namespace {

using detail::add;
using detail::tb;

bool has_kind(const std::vector<ShotKind>& kinds, ShotKind k) {
  return std::find(kinds.begin(), kinds.end(), k) != kinds.end();
}

}  // namespace

ShotKind shot_kind(Troop t, Weapon w) {
  const Troop as = counts_as(t, Context::kShooting);
  switch (as.type) {
    case TroopType::kBw:
      return ShotKind::kBow;
    case TroopType::kLb:
      return ShotKind::kLongbow;
    case TroopType::kXb:
      return ShotKind::kCrossbow;
    case TroopType::kSh:
      return ShotKind::kFirearm;
    case TroopType::kRe:
      return ShotKind::kPistol;
    case TroopType::kLc:
      if (t.grade == Grade::kX) return ShotKind::kNone;  // javelins (ruling G-19a)
      if (w == Weapon::kCrossbow) return ShotKind::kCrossbow;
      if (w == Weapon::kArquebus) return ShotKind::kFirearm;
      return ShotKind::kMountedBow;
    case TroopType::kCv:
      return w == Weapon::kBow || w == Weapon::kLongbow ? ShotKind::kMountedBow : ShotKind::kNone;
    case TroopType::kEl:
      if (w == Weapon::kBow) return ShotKind::kBow;
      if (w == Weapon::kFirearms || w == Weapon::kSwivelGuns) return ShotKind::kFirearm;
      return ShotKind::kNone;
    case TroopType::kLArt:
      // Light guns that moved fire as shot (Sht-13).
      return tb().artillery.move_and_fire_as_shot.contains(t) ? ShotKind::kFirearm
                                                              : ShotKind::kNone;
    default:
      return ShotKind::kNone;
  }
}

Troop shoots_as(Troop t, Weapon w) {
  if (t.type == TroopType::kEl) {
    // An elephant crew shoots as Bw(o) with bows, as Sh(i) with swivel guns (Mu(i)), as Sh(o)
    // with firearms (arquebus).
    if (w == Weapon::kBow) return Troop{TroopType::kBw, Grade::kO};
    if (w == Weapon::kSwivelGuns) return Troop{TroopType::kSh, Grade::kI};
    if (w == Weapon::kFirearms) return Troop{TroopType::kSh, Grade::kO};
  }
  return counts_as(t, Context::kShooting);
}

ShotModifiers shot_modifiers(const ShotSituation& s) {
  const ShotModifierRules& d = tb().shot;
  ShotModifiers out;
  out.kind = shot_kind(s.shooter, s.weapon);
  out.shoots_as = shoots_as(s.shooter, s.weapon);
  out.target_as = counts_as(s.target, Context::kShotAt, s.shooter);
  std::vector<Factor>& v = out.modifiers;
  const Troop me = out.shoots_as;
  const Troop them = out.target_as;
  // [Sht-4] Enfilade; supporting ranks.
  if (s.enfilade) add(v, "Sht-4", "target enfiladed", d.enfilade);
  if (!s.front_rank_only && !d.one_rank.contains(s.shooter)) {
    int n = 0;
    while (n < static_cast<int>(s.ranks.size()) &&
           s.ranks[static_cast<std::size_t>(n)].type == s.shooter.type)
      ++n;
    if (d.three_ranks.contains(s.shooter)) {
      if (n >= 1) add(v, "Sht-4", "a second shooting rank", d.per_rank);
      if (n >= 2) add(v, "Sht-4", "a third shooting rank (Re(o))", d.per_rank);
    } else if (d.third_rank_only.contains(s.shooter) ||
               has_kind(d.third_rank_only_kinds, out.kind)) {
      if (n >= 2) add(v, "Sht-4", "a third shooting rank (mounted bow, Lc)", d.per_rank);
    } else if (n >= 1) {
      add(v, "Sht-4", "a second shooting rank", d.per_rank);
    }
  }
  // [Sht-5] The weapon.
  if (me.type == TroopType::kLb) {
    add(v, "Sht-5", "longbow", d.longbow);
    if (me.grade == Grade::kS) add(v, "Sht-5", "Lb(s)", d.longbow_s);
  }
  if (out.kind == ShotKind::kFirearm && !d.shot_not.contains(me) && !d.shot_not.contains(s.shooter))
    add(v, "Sht-5", "shot", d.shot);
  // [Sht-6] Weapon against target: the first matching row of each group.
  std::vector<std::string_view> done;
  for (const auto& p : d.pairs) {
    if (std::find(done.begin(), done.end(), p.group) != done.end()) continue;
    if (!has_kind(p.kinds, out.kind)) continue;
    if (p.shooters && !p.shooters->contains(me)) continue;
    if (!p.vs.contains(them)) continue;
    done.push_back(p.group);
    std::string_view text = "missile against this target";
    if (p.group == "armoured") text = "crossbow or Lb(s)(o) against Hc or El";
    if (p.group == "horse") text = "bow or crossbow against horse (Lc(x) less)";
    if (p.group == "fast") text = "bow or crossbow against (f) troops";
    if (p.group == "close_order") text = "bow against HI, Ph or Pk";
    if (p.group == "light") text = "bow against LI(s) or El(s)";
    add(v, "Sht-6", text, p.value);
  }
  // [Sht-7] The target's grade.
  if (them.grade == Grade::kI) add(v, "Sht-7", "target (i)", d.target_i);
  if (d.target_s.troops.contains(them)) {
    const bool musket = s.weapon == Weapon::kMusket || s.weapon == Weapon::kSwivelGuns;
    if (!(musket && s.range <= d.musket_ignores_within_inches * kUnitsPerInch))
      add(v, "Sht-7", "target (s) Hc, Cv, Re, HI or LI(x)", d.target_s.value);
  }
  // [Sht-8] Cover.
  if (!is_mounted(s.target.type)) {
    if (s.cover == Cover::kCover) add(v, "Sht-8", "foot target in cover", d.cover);
    if (s.cover == Cover::kFortification)
      add(v, "Sht-8", "foot target in a fortification or wagons", d.fortification);
  }
  // [Sht-9] Mounted shooters.
  if (d.cavalry_shooting.troops.contains(s.shooter))
    add(v, "Sht-9", "cavalry shooting", d.cavalry_shooting.value);
  if (d.light_cavalry_shooting.troops.contains(s.shooter))
    add(v, "Sht-9", "light cavalry shooting", d.light_cavalry_shooting.value);
  if (d.elephants_shooting.troops.contains(s.shooter))
    add(v, "Sht-9", "an elephant crew shooting", d.elephants_shooting.value);
  // [Sht-10] The shooter's morale.
  // The numbers are morale.json's (Mor-12, Mor-13).
  if (s.morale == Morale::kShaken) add(v, "Sht-10", "shooter shaken", tb().morale.shaken_shooting);
  if (s.morale == Morale::kBroken) add(v, "Sht-10", "shooter broken", tb().morale.broken_shooting);
  for (const auto& f : v) out.total += f.value;
  return out;
}

ShotOutcome resolve_shot(const ShotSituation& s, int die1, int die2) {
  return resolve_shot(s, shot_modifiers(s), die1, die2);
}

ShotOutcome resolve_shot(const ShotSituation& s, const ShotModifiers& m, int die1, int die2) {
  if (die1 < 1 || die1 > 6 || die2 < 1 || die2 > 6)
    throw std::invalid_argument("gwkho: a shooting die outside 1 to 6");
  ShotOutcome o;
  o.dice = die1 + die2;
  o.total = o.dice + m.total;
  o.result = shooting_result(o.total, s.target);
  return o;
}

ShotOdds shot_odds(const ShotSituation& s) {
  const ShotModifiers m = shot_modifiers(s);
  ShotOdds odds;
  // The 2d6 sums, each with its number of throws.
  for (int sum = 2; sum <= 12; ++sum) {
    const std::uint64_t ways = static_cast<std::uint64_t>(6 - std::abs(7 - sum));
    odds.weights[static_cast<std::size_t>(shooting_result(sum + m.total, s.target))] += ways;
  }
  return odds;
}

MayShoot may_shoot(const ShooterState& s) {
  MayShoot out;
  if (shot_kind(s.troop, s.weapon) == ShotKind::kNone) {
    out.why = "it has no missile weapon";
    return out;
  }
  if (is_artillery(s.troop.type) && !tb().artillery.move_and_fire_as_shot.contains(s.troop)) {
    out.why = "artillery fire is not shooting (Sht-11)";
    return out;
  }
  if (s.dismounted_this_bound) {
    out.why = "it dismounted this bound";
    return out;
  }
  if (s.moved > 0) {
    if (s.fought_last_bound) {
      out.why = "it fought last bound and may not both move and shoot";
      return out;
    }
    const bool free = tb().eligibility.move_and_shoot.contains(s.troop);
    if (!free && s.shot_last_phase) {
      out.why = "it shot last shooting phase and may not both move and shoot";
      return out;
    }
    if (!free && s.moved > tb().eligibility.move_at_most_inches * kUnitsPerInch) {
      out.front_rank_only = true;
      out.why = "it moved over 3 inches: only its front rank shoots";
    }
  }
  // Shot that moved in their own last bound do not fire in the enemy's, but one rank of
  // arquebusiers other than (i).
  if (s.troop.type == TroopType::kSh && !s.own_bound && s.moved_last_own_bound) {
    if (s.weapon != Weapon::kArquebus || s.troop.grade == Grade::kI) {
      out.why = "shot that moved in their own bound do not fire in the enemy's";
      return out;
    }
    out.front_rank_only = true;
    out.why = "arquebusiers that moved fire one rank in the enemy's bound";
  }
  out.allowed = true;
  return out;
}

ArtilleryFire artillery_may_fire(Troop gun, bool own_bound, bool moved) {
  if (!is_artillery(gun.type) || !own_bound) return ArtilleryFire::kNone;
  if (!moved) return ArtilleryFire::kAsArtillery;
  return tb().artillery.move_and_fire_as_shot.contains(gun) ? ArtilleryFire::kAsShot
                                                            : ArtilleryFire::kNone;
}

CombatSituation artillery_fire(const CombatSide& gun, const CombatSide& target) {
  CombatSituation s;
  s.a = gun;
  s.b = target;
  s.artillery_fire = true;
  return s;
}

bool second_shot_allowed(Troop gun, Going first_target, Going second_target) {
  return tb().artillery.gunpowder.contains(gun) && good_going(first_target) &&
         good_going(second_target);
}

int second_target_inches() { return tb().artillery.second_target_inches; }

}  // namespace carroccio::gwkho
