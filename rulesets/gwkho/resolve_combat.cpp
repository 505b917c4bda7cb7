// One round of close combat, and artillery fire (CC-1 .. CC-19, Sht-11; rulings G-20 .. G-31).
#include "rulesets/gwkho/resolve_combat.hpp"

#include <algorithm>
#include <stdexcept>

#include "rulesets/gwkho/internal.hpp"
#include "rulesets/gwkho/movement.hpp"

namespace carroccio::gwkho {

namespace {

using detail::add;
using detail::tb;

bool same_troop(Troop a, Troop b) { return a == b; }

// Whether `s`'s supporting ranks count at all (CC-5): in good going, and against a
// breakthrough only for a phalanx; never in artillery fire.
bool ranks_count(const CombatSituation& s, const CombatSide& self, const CombatSide& enemy) {
  if (s.artillery_fire) return false;
  if (!good_going(self.going)) return false;
  if (enemy.breakthrough && !tb().ranks.phalanx.contains(self.troop)) return false;
  return true;
}

// [CC-7] The troop an element fights as, after its composite ranks; `why` names the row.
Troop composite(const CombatSide& self, bool counts, std::string_view* why) {
  if (!counts) return self.troop;
  for (const auto& row : tb().composite_ranks) {
    if (!row.front.contains(self.troop)) continue;
    if (static_cast<int>(self.ranks.size()) < row.ranks) continue;
    bool all = true;
    for (int i = 0; i < row.ranks; ++i)
      all = all && row.behind.contains(self.ranks[static_cast<std::size_t>(i)]);
    if (!all) continue;
    if (why != nullptr) {
      switch (self.troop.type) {
        case TroopType::kSh:
          *why = "a single rank of shot with pike behind fights as (s) (CC-7)";
          break;
        case TroopType::kBw:
          *why = "a single rank of Bw(o) with LI(o) or Ph(i) behind fights as Bw(s) (CC-7)";
          break;
        case TroopType::kLb:
          *why = "a single rank of Lb(f) with HI(o)(s) behind fights as Lb(o) (CC-7)";
          break;
        default:
          *why = "HI(f) with two ranks of pike behind fight as HI(s) (CC-7)";
          break;
      }
    }
    return Troop{self.troop.type, row.as};
  }
  return self.troop;
}

// [CC-5, CC-6] Supporting ranks: factors for `self`, and those taken off `enemy` instead.
void rank_factors(const CombatSituation& s, const CombatSide& self, const CombatSide& enemy,
                  std::vector<Factor>& mine, std::vector<Factor>& theirs) {
  const RankRules& k = tb().ranks;
  if (self.ranks.empty()) return;
  const Troop t = self.troop;
  const Troop second = self.ranks[0];
  if (k.phalanx.contains(t)) {
    // Not against LI or HI once the phalanx has failed to push them back.
    if (self.failed_to_push_back && k.not_after_failing_vs.contains(enemy.troop)) return;
    bool bows = false;
    if (same_troop(second, t)) {
      add(mine, "CC-5", "second rank of the same pike or phalanx", k.second);
    } else if (k.bow_support.contains(second) && k.bow_supported.contains(t)) {
      bows = true;
      add(mine, "CC-5",
          s.just_contacted ? "bowmen as second rank of Ph(i), in the round of contact"
                           : "bowmen as second rank of Ph(i)",
          s.just_contacted ? k.bow_support_just_contacted : k.bow_support_value);
    } else {
      return;
    }
    // Over a fortification only the second rank counts.
    if (self.behind_fortification || enemy.behind_fortification) return;
    if (bows || self.ranks.size() < 2 || !same_troop(self.ranks[1], t)) return;
    if (k.third_off_enemy.vs && k.third_off_enemy.vs->contains(enemy.troop))
      add(theirs, "CC-5", "third rank of the enemy's pike or phalanx", k.third_off_enemy.value);
    else
      add(mine, "CC-5", "third rank of the same pike or phalanx", k.third);
    if (k.at_most_three.contains(t)) return;
    if (self.ranks.size() < 3 || !same_troop(self.ranks[2], t)) return;
    if (k.fourth.applies(t, enemy.troop))
      add(mine, "CC-5", "fourth rank of pike against HI or Ph", k.fourth.value);
    else if (k.fourth_off_enemy.applies(t, enemy.troop))
      add(theirs, "CC-5", "fourth rank of the enemy's pike against pike", k.fourth_off_enemy.value);
    return;
  }
  if (k.heavy_infantry.applies(t, enemy.troop) && k.heavy_infantry_rank.contains(second)) {
    add(mine, "CC-6", "second rank of heavy infantry against mounted", k.heavy_infantry.value);
    return;
  }
  if (k.light_infantry.applies(t, enemy.troop) && same_troop(second, t) &&
      !self.contacted_on_flank_or_rear)
    add(mine, "CC-6", "second rank of the same light infantry, met in front by mounted",
        k.light_infantry.value);
}

// Half a move in good going, in sub-units (CC-8: "over half a move").
bool moved_over(const CombatSide& self, Ratio fraction) {
  const int inches = move_inches(self.troop, Going::kOpen).value_or(0);
  return static_cast<long long>(self.moved) * fraction.den >
         static_cast<long long>(inches) * kUnitsPerInch * fraction.num;
}

// [CC-8] The charge factors: only in the round of contact (not after a follow-up), for steady
// mounted in good going, never in a breakthrough.
void charge_factors(const CombatSituation& s, const CombatSide& self, const CombatSide& enemy,
                    std::vector<Factor>& mine) {
  const TacticalFactors& f = tb().tactical;
  if (!s.just_contacted || s.follow_up_contact || s.artillery_fire) return;
  if (!is_mounted(self.troop.type) || self.morale != Morale::kSteady) return;
  if (!good_going(self.going) || self.breakthrough || enemy.breakthrough) return;
  // Heavy cavalry standing to receive a charge of heavy cavalry, reiters or good cavalry.
  if (f.received_charge.applies(self.troop, enemy.troop) && enemy.made_contact &&
      !self.fought_last_bound &&
      (self.contacted_on_flank_or_rear || !moved_over(self, f.received_charge_moved_over)))
    add(mine, "CC-8", "heavy cavalry receiving a charge standing", f.received_charge.value);
  // Reiters charging reiters who stood.
  if (f.reiter_charge.applies(self.troop, enemy.troop) && self.made_contact &&
      !enemy.fought_last_bound &&
      (enemy.contacted_on_flank_or_rear ||
       enemy.moved <= f.reiter_moved_over_inches * kUnitsPerInch))
    add(mine, "CC-8", "reiters charging reiters who stood", f.reiter_charge.value);
  // Horse against foot that moved in their own bound, or that charged them.
  if (f.mounted_vs_moving_foot.applies(self.troop, enemy.troop) && !is_mounted(enemy.troop.type) &&
      (enemy.moved > 0 || enemy.made_contact))
    add(mine, "CC-8", "mounted meeting foot on the move", f.mounted_vs_moving_foot.value);
}

// [CC-10] Breakthrough: every bonus that applies, all added (the text sets no limit).
void breakthrough_factors(const CombatSide& self, const CombatSide& enemy,
                          std::vector<Factor>& mine) {
  if (!self.breakthrough) return;
  const BreakthroughFactors& b = tb().breakthrough;
  auto bonus = [&](std::string_view text, int v) { add(mine, "CC-10", text, v); };
  bonus("breakthrough: the enemy to its front destroyed", b.base);
  if (self.going == Going::kRough) bonus("breakthrough in rough going", b.rough);
  if (self.going == Going::kBad) bonus("breakthrough in bad going", b.bad);
  const bool foot_enemy = !is_mounted(enemy.troop.type);
  if (b.light_infantry_vs_foot.applies(self.troop, enemy.troop) && foot_enemy)
    bonus("breakthrough of LI(f)(x) against foot", b.light_infantry_vs_foot.value);
  if (good_going(self.going)) {
    const bool mounted = is_mounted(self.troop.type);
    if (mounted && foot_enemy)
      bonus("mounted breakthrough against foot, good going", b.mounted_vs_foot);
    if (mounted) bonus("mounted breakthrough, good going", b.mounted);
    if (b.heavy_cavalry.applies(self.troop, enemy.troop))
      bonus("heavy cavalry breakthrough, good going", b.heavy_cavalry.value);
    if (b.vs_shooters.contains(enemy.troop))
      bonus("breakthrough against Lb, Bw, Xb or Sh, good going", b.vs_shooters_value);
  }
}

void side_factors(const CombatSituation& s, const CombatSide& self, const CombatSide& enemy,
                  bool is_b, SideFactors& out, std::vector<Factor>& enemy_extra) {
  const TacticalFactors& f = tb().tactical;
  const bool counts = ranks_count(s, self, enemy);
  const Troop t = composite(self, counts, &out.fights_as_why);
  out.fights_as = counts_as(t, Context::kCloseCombat, enemy.troop);
  std::vector<Factor>& mine = out.factors;
  // [CC-2] The basic factor.
  const FactorCase fc{.artillery_fire = s.artillery_fire && is_b,
                      .just_contacted = s.just_contacted};
  add(mine, "CC-2",
      is_mounted(enemy.troop.type) ? "basic factor against mounted" : "basic factor against foot",
      base_factor(t, enemy.troop, fc));
  // [CC-5, CC-6] Supporting ranks.
  if (counts) rank_factors(s, self, enemy, mine, enemy_extra);
  // [CC-8] Charge factors.
  charge_factors(s, self, enemy, mine);
  // [CC-9] The other factors.
  if (!s.artillery_fire && f.light_infantry_in_rough.applies(self.troop, enemy.troop) &&
      (self.going == Going::kRough || self.going == Going::kBad))
    add(mine, "CC-9", "light infantry against mounted in rough or bad going",
        f.light_infantry_in_rough.value);
  if (self.general) add(mine, "CC-9", "general with the element", f.general);
  if (self.behind_fortification && !is_mounted(self.troop.type))
    add(mine, "CC-9", "foot behind a fortification", f.behind_fortification);
  // The numbers are morale.json's (Mor-12, Mor-13).
  if (self.morale == Morale::kShaken) add(mine, "CC-9", "shaken", tb().morale.shaken_melee);
  if (self.morale == Morale::kBroken) add(mine, "CC-9", "broken", tb().morale.broken_melee);
  if (!s.artillery_fire) {
    for (int i = 0; i < self.flank_enemies; ++i)
      add(mine, "CC-9", "an enemy front on its flank", f.flank_or_rear);
    for (int i = 0; i < self.rear_enemies; ++i)
      add(mine, "CC-9", "an enemy front on its rear", f.flank_or_rear);
    // Once for the pair, to both, when either is Pk(s) and the other pike.
    if (f.pike_s_vs_pike.applies(self.troop, enemy.troop) ||
        f.pike_s_vs_pike.applies(enemy.troop, self.troop))
      add(mine, "CC-9", "Pk(s) against pike: both sides", f.pike_s_vs_pike.value);
    if (is_artillery(self.troop.type) && (self.contacted_on_flank_or_rear || !s.just_contacted))
      add(mine, "CC-9", "artillery hit in flank or rear, or already in contact",
          f.artillery_engaged);
    // [CC-10] Breakthrough.
    breakthrough_factors(self, enemy, mine);
  }
  out.die = self.die > 0 ? self.die : own_combat_die(s, is_b);
}

int sum(const std::vector<Factor>& fs) {
  int n = 0;
  for (const auto& f : fs) n += f.value;
  return n;
}

// [CC-12] Grading once the first comparison says who is winning.
void grade(const CombatSituation& s, const CombatFactors& f, Winner provisional, CombatOutcome& o) {
  const Grading& g = tb().grading;
  for (int side = 0; side < 2; ++side) {
    const bool is_a = side == 0;
    const CombatSide& self = is_a ? s.a : s.b;
    const CombatSide& enemy = is_a ? s.b : s.a;
    const Troop me = is_a ? f.a.fights_as : f.b.fights_as;
    const Troop them = is_a ? f.b.fights_as : f.a.fights_as;
    std::vector<Factor>& out = is_a ? o.grading_a : o.grading_b;
    const bool winning = provisional == (is_a ? Winner::kA : Winner::kB);
    const bool losing = provisional == (is_a ? Winner::kB : Winner::kA);
    if (winning) {
      const bool art = is_artillery(me.type);
      if (them.grade == Grade::kS && them.type != me.type &&
          (!art || g.artillery_beating_s_only.contains(them)))
        add(out, "CC-12", "beating (s) troops", g.beating_s);
      if (art && me.grade == Grade::kS)
        add(out, "CC-12", "(s) artillery winning", g.artillery_s_winning);
      if (them.grade == Grade::kF && !art) add(out, "CC-12", "beating (f) troops", g.beating_f);
    }
    if (losing && me.grade == Grade::kI) add(out, "CC-12", "(i) troops losing", g.losing_i);
    if (self.uphill && !is_mounted(self.troop.type) && is_mounted(enemy.troop.type))
      add(out, "CC-12", "foot uphill of mounted", g.foot_uphill_of_mounted);
    // [Mor-18] Steady berserkers fighting foot.
    if (self.status == Status::kBerserker && self.morale == Morale::kSteady &&
        !is_mounted(enemy.troop.type)) {
      if (losing)
        add(out, "Mor-18", "berserkers losing to foot", g.berserker_losing);
      else
        add(out, "Mor-18", "berserkers drawing or winning against foot",
            g.berserker_drawing_or_winning);
    }
  }
}

Winner compare(int a, int b) {
  if (a > b) return Winner::kA;
  if (b > a) return Winner::kB;
  return Winner::kNone;
}

// [CC-13] What a beaten foot element adds against being destroyed: the largest that applies.
int prevent_kills(const CombatSide& loser) {
  if (is_mounted(loser.troop.type)) return 0;
  const PreventKills& p = tb().prevent_kills;
  int bonus = 0;
  if (loser.behind_linear) bonus = std::max(bonus, p.behind_linear);
  if (loser.going == Going::kRough) bonus = std::max(bonus, p.rough);
  if (loser.going == Going::kBad) bonus = std::max(bonus, p.bad);
  return bonus;
}

// [CC-11] Whether the winner's total (before grading) destroys the loser.
bool kill_line(Troop winner, Troop winner_as, int total) {
  for (const auto& row : tb().kills)
    if ((row.troops.contains(winner) || row.troops.contains(winner_as)) && total >= row.total)
      return true;
  return false;
}

}  // namespace

std::string_view winner_id(Winner w) {
  switch (w) {
    case Winner::kA:
      return "a";
    case Winner::kB:
      return "b";
    default:
      return "none";
  }
}

int own_combat_die(const CombatSituation& s, bool side_b) {
  const CombatSide& self = side_b ? s.b : s.a;
  const CombatSide& enemy = side_b ? s.a : s.b;
  const Troop t = composite(self, ranks_count(s, self, enemy), nullptr);
  const Troop as = counts_as(t, Context::kCloseCombat, enemy.troop);
  const bool swiss = self.peoples.has(People::kSwiss);
  const bool landsknecht = self.peoples.has(People::kLandsknecht);
  const DieCase c{
      .berserker = self.status == Status::kBerserker,
      .swiss_pike_before_1525 = swiss && self.troop.type == TroopType::kPk && s.year < 1525,
      .bad_war = (swiss && enemy.peoples.has(People::kLandsknecht)) ||
                 (landsknecht && enemy.peoples.has(People::kSwiss))};
  return combat_die(as, c);
}

std::optional<int> bought_combat_die(const CombatSituation& s, bool side_b) {
  const CombatSide& self = side_b ? s.b : s.a;
  const CombatSide& enemy = side_b ? s.a : s.b;
  const Troop t = composite(self, ranks_count(s, self, enemy), nullptr);
  const Troop as = counts_as(t, Context::kCloseCombat, enemy.troop);
  // A side on a d8 (its troop or its case) goes to a d10; an eligible troop on a d6 to a d8.
  if (own_combat_die(s, side_b) == 8) return std::min(10, tb().max_die_sides);
  return upgraded_combat_die(as);
}

CombatFactors combat_factors(const CombatSituation& s) {
  CombatFactors f;
  std::vector<Factor> off_a, off_b;  // taken off a (by b's ranks), off b
  side_factors(s, s.a, s.b, false, f.a, off_b);
  side_factors(s, s.b, s.a, true, f.b, off_a);
  f.a.factors.insert(f.a.factors.end(), off_a.begin(), off_a.end());
  f.b.factors.insert(f.b.factors.end(), off_b.begin(), off_b.end());
  f.a.total = sum(f.a.factors);
  f.b.total = sum(f.b.factors);
  return f;
}

CombatOutcome resolve_combat(const CombatSituation& s, int die_a, int die_b) {
  return resolve_combat(s, combat_factors(s), die_a, die_b);
}

CombatOutcome resolve_combat(const CombatSituation& s, const CombatFactors& f, int die_a,
                             int die_b) {
  if (die_a < 1 || die_a > f.a.die || die_b < 1 || die_b > f.b.die)
    throw std::invalid_argument("gwkho: a combat die outside its sides");
  CombatOutcome o;
  o.die_a = die_a;
  o.die_b = die_b;
  o.total_a = f.a.total + die_a;
  o.total_b = f.b.total + die_b;
  // [CC-12] Grade on the first comparison, then compare again.
  grade(s, f, compare(o.total_a, o.total_b), o);
  o.graded_a = o.total_a + sum(o.grading_a);
  o.graded_b = o.total_b + sum(o.grading_b);
  o.winner = compare(o.graded_a, o.graded_b);
  if (o.winner == Winner::kNone) return o;
  const bool a_won = o.winner == Winner::kA;
  const CombatSide& w = a_won ? s.a : s.b;
  const CombatSide& l = a_won ? s.b : s.a;
  const int gw = a_won ? o.graded_a : o.graded_b;
  const int gl = a_won ? o.graded_b : o.graded_a;
  o.margin = gw - gl;
  o.doubled = is_doubled(gw, gl);
  // [CC-11] The winner's kill line (ruling G-25): its total before grading makes the loser
  // count as doubled.
  const Troop w_as = a_won ? f.a.fights_as : f.b.fights_as;
  const bool line = kill_line(w.troop, w_as, a_won ? o.total_a : o.total_b);
  o.kill_line = line && !o.doubled;
  // [CC-3] The loser's fate by type (ruling G-26), for a loser whose total is `loser_total`.
  const bool foot_loser = !is_mounted(l.troop.type);
  auto fate = [&](int loser_total, bool* prevented) {
    const bool beaten = gw > loser_total;
    const ResultCase rc{.margin = std::max(1, gw - loser_total),
                        .doubled = beaten && (is_doubled(gw, loser_total) || line),
                        .good_going = good_going(l.going),
                        .just_contacted = s.just_contacted};
    Result r = combat_result(l.troop, w.troop, rc);
    if (r == Result::kDestroyed && !beaten) r = Result::kPushBack;
    // [CC-14] Foot behind a fortification are not destroyed by mounted unless doubled.
    if (r == Result::kDestroyed && l.behind_fortification && foot_loser &&
        is_mounted(w.troop.type) && !rc.doubled) {
      r = combat_result(
          l.troop, w.troop,
          ResultCase{
              .margin = 1, .good_going = rc.good_going, .just_contacted = rc.just_contacted});
      if (r == Result::kDestroyed) r = Result::kPushBack;
      *prevented = true;
    }
    return r;
  };
  bool prevented = false;
  Result r = fate(gl, &prevented);
  // [CC-13] Terrain keeps beaten foot from being destroyed, not from recoiling (ruling G-24):
  // whether it is destroyed is read again with the terrain's help added to its total.
  o.prevent_kills = prevent_kills(l);
  if (r == Result::kDestroyed && o.prevent_kills > 0) {
    bool ignored = false;
    const Result helped = fate(gl + o.prevent_kills, &ignored);
    if (helped != Result::kDestroyed) {
      r = helped;
      prevented = true;
    }
  }
  o.kill_prevented = prevented;
  // [CC-14] Troops that cannot recoil (or flee) are destroyed.
  if ((r == Result::kPushBack || r == Result::kFlee) && l.cannot_recoil) {
    r = Result::kDestroyed;
    o.no_room = true;
  }
  // [CC-14] Mounted beaten by foot may rout a move after recoiling, in good going.
  const bool may_rout = r == Result::kPushBack && is_mounted(l.troop.type) &&
                        !is_mounted(w.troop.type) && good_going(l.going);
  // [Sht-11] Artillery fire: the gun is never hurt.
  if (s.artillery_fire && !a_won) return o;
  if (a_won) {
    o.b = r;
    o.may_rout_b = may_rout;
  } else {
    o.a = r;
    o.may_rout_a = may_rout;
  }
  return o;
}

std::uint64_t CombatOdds::weight_a(Result a) const {
  std::uint64_t n = 0;
  for (auto w : weights[static_cast<std::size_t>(a)]) n += w;
  return n;
}

std::uint64_t CombatOdds::weight_b(Result b) const {
  std::uint64_t n = 0;
  for (const auto& row : weights) n += row[static_cast<std::size_t>(b)];
  return n;
}

CombatOdds combat_odds(const CombatSituation& s) {
  const CombatFactors f = combat_factors(s);
  CombatOdds odds;
  odds.sides_a = f.a.die;
  odds.sides_b = f.b.die;
  odds.total = static_cast<std::uint64_t>(f.a.die) * static_cast<std::uint64_t>(f.b.die);
  for (int da = 1; da <= f.a.die; ++da)
    for (int db = 1; db <= f.b.die; ++db) {
      const CombatOutcome o = resolve_combat(s, f, da, db);
      ++odds.weights[static_cast<std::size_t>(o.a)][static_cast<std::size_t>(o.b)];
      ++odds.winners[static_cast<std::size_t>(o.winner)];
    }
  return odds;
}

// ---- After the round ----

FollowUp follow_up(Troop winner, Troop loser, Result loser_result, bool own_bound) {
  FollowUp out;
  if (loser_result != Result::kPushBack && loser_result != Result::kDestroyed) return out;
  const bool destroyed = loser_result == Result::kDestroyed;
  auto match = [&](const std::vector<FollowUpRow>& rows) {
    for (const auto& row : rows) {
      if (!row.troops.contains(winner)) continue;
      // First matching row decides.
      if (row.only_if_destroyed && !destroyed) return false;
      if (row.only_vs && !row.only_vs->contains(loser)) return false;
      if (row.not_vs && row.not_vs->contains(loser)) return false;
      return true;
    }
    return false;
  };
  out.must = own_bound && match(tb().must_follow_up);
  out.may = out.must || match(tb().may_follow_up);
  if (out.may)
    for (const auto& [set, rounds] : tb().extra_rounds)
      if (set.contains(winner)) {
        out.extra_rounds = rounds;
        break;
      }
  return out;
}

int knock_on_inches(Troop destroyed) {
  if (destroyed.type == TroopType::kEl) return tb().knock_on.elephants_inches;
  if (is_mounted(destroyed.type)) return tb().knock_on.mounted_inches;
  return 0;
}

std::optional<Result> knock_on(Troop destroyed, Troop friend_troop) {
  const KnockOn& k = tb().knock_on;
  if (destroyed.type == TroopType::kEl) return k.elephants;
  if (is_mounted(destroyed.type))
    return is_mounted(friend_troop.type) ? k.mounted_mounted : k.mounted_foot;
  return std::nullopt;
}

bool ranks_turn_to_face(Troop t, Peoples p, Troop attacker) {
  const TurnToFace& f = tb().turn_to_face;
  if (f.troops.contains(t)) return true;
  if (!is_mounted(t.type) && p.any_of(f.foot_peoples)) return true;
  if (p.has(People::kCatalan) && f.catalan.contains(t)) return true;
  return f.phalanx.contains(t) && f.phalanx_vs.contains(attacker);
}

bool forms_square(Troop t, const SquareCase& c) {
  const SquareRule& q = tb().square;
  if (q.troops.contains(t)) return true;
  if (q.phalanx.contains(t) && c.peoples.any_of(q.phalanx_peoples)) return true;
  if (q.shot.contains(t) && (c.bayonets || c.supported_by_pike)) return true;
  return q.halberd_or_bill.contains(t) && c.halberd_or_bill && !c.dismounted_hc;
}

bool may_recoil_through(Troop loser, Troop friend_troop) {
  for (const auto& row : tb().recoil_through)
    if (row.troops.contains(loser) && row.through.contains(friend_troop)) return true;
  return false;
}

}  // namespace carroccio::gwkho
