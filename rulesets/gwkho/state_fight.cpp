// The gwkho State in the shooting and close-combat phases, and the morale PIPs buy: who shoots at
// whom (the owner's choice among the eligible targets, return fire, artillery fire and its
// second target), the order of the combats (each side's choice), die steps bought with PIPs,
// follow-ups with their extra rounds, the knock-on behind destroyed mounted and elephants,
// turning to face, and a command's own morale. The numbers are the resolution layer's
// (resolve_combat.hpp, resolve_shooting.hpp, pips.hpp, morale.hpp); this file reads the table
// into their situations and applies their answers.
#include <algorithm>

#include "core/event_pieces.hpp"
#include "fmt/format.h"
#include "game/table/place.hpp"
#include "rulesets/gwkho/internal.hpp"
#include "rulesets/gwkho/state.hpp"

namespace carroccio::gwkho {

// view.cpp: the odds of a combat and of a shot in the shape the displays read.
nlohmann::json combat_odds_json(const GwkhoGame& gw, int x, int y, const CombatSituation& s);
nlohmann::json shot_odds_json(const GwkhoGame& gw, int shooter, int target, const ShotSituation& s);

namespace {

using detail::inch;
using detail::kSlack;

bool rough_or_bad(Going g) { return g == Going::kRough || g == Going::kBad; }

// The lateral extent of `other` across `b`'s frontage, in units where b's half-width is
// |L|^2 (L: b's half-width vector): [lo, hi].
std::pair<std::int64_t, std::int64_t> lateral(const geo::Base& b, const geo::Base& other) {
  const geo::Vec l = b.left_half();
  std::int64_t lo = 0, hi = 0;
  bool first = true;
  for (const auto& p : other.corners()) {
    const std::int64_t v = geo::dot(p - b.centre(), l);
    lo = first ? v : std::min(lo, v);
    hi = first ? v : std::max(hi, v);
    first = false;
  }
  return {lo, hi};
}

// Whether `other` lies across b's frontage widened by `widths` base widths each side (0:
// directly ahead; touching at an edge does not count).
bool across_frontage(const geo::Base& b, const geo::Base& other, int widths) {
  const std::int64_t half = geo::squared_length(b.left_half());
  const auto [lo, hi] = lateral(b, other);
  const std::int64_t lim = half * (1 + 2 * widths);
  return lo < lim && hi > -lim;
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// Whose move

game::Player GwkhoState::fight_player() const {
  switch (step_) {
    case FightStep::kChooseCombat:
    case FightStep::kUpgrade:
    case FightStep::kFollowUp:
    case FightStep::kMayRout:
    case FightStep::kChooseTarget:
    case FightStep::kHoldSurrender:
    case FightStep::kHeadsDown:
      return step_side_;
    default:
      return game::kChancePlayer;
  }
}

void GwkhoState::fight_actions(std::vector<game::Action>& out) const {
  switch (step_) {
    case FightStep::kChooseCombat:
      for (int e : combat_candidates(step_side_)) out.push_back(act::kChooseCombat + e);
      break;
    case FightStep::kUpgrade:
      out.push_back(act::kNoUpgrade);
      out.push_back(act::kBuyUpgrade);
      break;
    case FightStep::kFollowUp:
      out.push_back(act::kHoldBack);
      out.push_back(act::kFollowUp);
      break;
    case FightStep::kMayRout:
      out.push_back(act::kStandFast);
      out.push_back(act::kRoutAway);
      break;
    case FightStep::kHoldSurrender:
      out.push_back(act::kLetSurrender);
      out.push_back(act::kHoldSurrender);
      break;
    case FightStep::kChooseTarget:
      for (int t : shot_targets(pa_)) out.push_back(act::kChooseTarget + t);
      break;
    case FightStep::kHeadsDown:
      out.push_back(act::kStandTo);
      out.push_back(act::kKeepHeadsDown);
      break;
    default:
      break;
  }
  std::sort(out.begin(), out.end());
}

void GwkhoState::fight_chance(std::vector<game::ChanceOutcome>& out) const {
  if (step_ == FightStep::kShotDice) {
    for (int a = 0; a < 36; ++a) out.push_back({act::kShotDice + a, 1});
  } else if (step_ == FightStep::kCombatDice || step_ == FightStep::kArtilleryDice) {
    const bool art = step_ == FightStep::kArtilleryDice;
    const CombatFactors f =
        combat_factors(art ? artillery_situation(pa_, pb_) : combat_situation(pa_, pb_));
    const game::Action base = art ? act::kArtilleryDice : act::kCombatDice;
    for (int da = 1; da <= f.a.die; ++da)
      for (int db = 1; db <= f.b.die; ++db) out.push_back({base + 10 * (da - 1) + (db - 1), 1});
  }
}

// For a person rolling real dice (`carroccio play --dice physical`): the dice of this chance
// node read one by one, each counting on its own. [Pip-1] A command's PIP die, or the two dice a
// good general takes the better of; [Sht-1] a shot's two d6 (their sum counts, but the outcome
// names each die); [CC-1, Sht-11] the combat die of each element (d6, or the die a step bought,
// Pip-19). The outcomes themselves (chance_outcomes) are unchanged.
void GwkhoState::physical_dice(game::ChanceInfo& info) const {
  if (phase_ == Phase::kPips) {
    std::vector<game::ChanceOutcome> outcomes;
    chance_outcomes(outcomes);
    if (outcomes.empty()) return;
    if (outcomes.front().action >= act::kTwoDice) {
      info.each_die = {{"the first die", core::Dice::d6()}, {"the second die", core::Dice::d6()}};
      for (const auto& o : outcomes)
        info.by_values.push_back(
            {{(o.action - act::kTwoDice) / 6 + 1, (o.action - act::kTwoDice) % 6 + 1}, o.action});
    } else {
      info.dice = core::Dice::d6();
      for (const auto& o : outcomes) info.by_value.emplace_back(o.action - act::kOneDie, o.action);
    }
    return;
  }
  if (phase_ == Phase::kShoot && step_ == FightStep::kShotDice) {
    info.each_die = {{"the first die", core::Dice::d6()}, {"the second die", core::Dice::d6()}};
    for (int d1 = 1; d1 <= 6; ++d1)
      for (int d2 = 1; d2 <= 6; ++d2)
        info.by_values.push_back({{d1, d2}, act::kShotDice + 6 * (d1 - 1) + (d2 - 1)});
  } else if ((phase_ == Phase::kShoot || phase_ == Phase::kCombat) &&
             (step_ == FightStep::kCombatDice || step_ == FightStep::kArtilleryDice)) {
    const bool art = step_ == FightStep::kArtilleryDice;
    const CombatFactors f =
        combat_factors(art ? artillery_situation(pa_, pb_) : combat_situation(pa_, pb_));
    const game::Action base = art ? act::kArtilleryDice : act::kCombatDice;
    info.each_die = {{fmt::format("the die of {}", gw_->label(pa_)), core::Dice::d(f.a.die)},
                     {fmt::format("the die of {}", gw_->label(pb_)), core::Dice::d(f.b.die)}};
    for (int da = 1; da <= f.a.die; ++da)
      for (int db = 1; db <= f.b.die; ++db)
        info.by_values.push_back({{da, db}, base + 10 * (da - 1) + (db - 1)});
  }
}

// ---------------------------------------------------------------------------------------------
// Shooting

// [Sht-14] The shooting phase of a bound: both sides, shooter by shooter in element order.
void GwkhoState::begin_shooting() {
  phase_ = Phase::kShoot;
  for (auto& s : els_) {
    s.shot_last_phase = s.shot;
    s.shot = false;
  }
  for (auto& f : ff_) {
    f.shot_by = -1;
    f.heads_asked = f.heads_down = false;
  }
  next_shot();
}

// [Sht-14] The next shooter with a target. Its owner chooses the target when more than one is
// eligible (ruling G-16a); with one, it is shot at.
void GwkhoState::next_shot() {
  pa_ = pb_ = -1;
  second_shot_ = false;
  // [Sht-8, G-76] Before the first shot, each element that may keep its heads down is asked
  // whether it does (its side's decision), in element order.
  if (!gw_->scenario_data().lines.empty())
    for (int t = 0; t < num_elements(); ++t) {
      if (ff_[static_cast<std::size_t>(t)].heads_asked || !may_keep_heads_down(t)) continue;
      pb_ = t;
      step_ = FightStep::kHeadsDown;
      step_side_ = side_of(t);
      return;
    }
  for (int e = 0; e < num_elements(); ++e) {
    if (els_[static_cast<std::size_t>(e)].shot) continue;
    const std::vector<int> ts = shot_targets(e);
    if (ts.empty()) continue;
    pa_ = e;
    if (ts.size() > 1) {
      step_ = FightStep::kChooseTarget;
      step_side_ = shooting_side(e);
      return;
    }
    pb_ = ts[0];
    step_ =
        is_artillery(gw_->element(e).troop.type) ? FightStep::kArtilleryDice : FightStep::kShotDice;
    return;
  }
  begin_combats();
}

std::vector<int> GwkhoState::shot_targets(int s) const {
  std::vector<int> out;
  const ElementDef& d = gw_->element(s);
  const ElementState& es = els_[static_cast<std::size_t>(s)];
  // [Pip-16, G-44] The enemy's uncrewed gun worked this bound by the moving side's foot fires
  // for their side, while they work it and none of its own side touch it.
  const int crew = es.worked_by;
  const bool worked = !es.alive && es.uncrewed && crew >= 0 &&
                      els_[static_cast<std::size_t>(crew)].alive &&
                      !els_[static_cast<std::size_t>(crew)].routing;
  if ((!es.alive && !worked) || es.routing) return out;
  if (worked ? touching(s, d.side) >= 0 : in_contact(s)) return out;
  if (es.recrewed) return out;  // [G-51] a crew replaced this bound does not fire yet
  const int side = worked ? side_of(crew) : d.side;
  if (d.unarmed) return out;  // [G-71] a war cart without guns (the Carroccio) never shoots
  if (ff_[static_cast<std::size_t>(s)].heads_down) return out;  // [Sht-8, G-76] not shooting
  // [Seq-6, Seq-8] random activation (state_bound.cpp)
  if (!shoots_now(worked ? crew : s)) return out;
  std::optional<int> range;
  if (is_artillery(d.troop.type)) {
    // [Sht-13] Artillery fires in its own bound only, not having moved (G-19d); light guns
    // that moved fire as shot when they shoot at all.
    const ArtilleryFire af = artillery_may_fire(d.troop, side == active_, es.moved > 0);
    if (af == ArtilleryFire::kNone) return out;
    range = af == ArtilleryFire::kAsArtillery ? artillery_range(d.troop) : std::nullopt;
  } else {
    range = shooting_range(d.troop, d.weapon, gw_->scenario_data().year);
    // [Dis-1] A dismounted troop with a range of its own (Cv(s) as Bw(s) shoot 7").
    if (d.troop != d.list_troop)
      for (const auto& o : dismount_options(d.list_troop))
        if (o.to == d.troop && o.range_inches) range = *o.range_inches;
    if (!range || shot_kind(d.troop, d.weapon) == ShotKind::kNone) return out;
    const ShooterState st{
        d.troop,      d.weapon,           d.side == active_,    static_cast<int>(es.moved),
        es.moved > 0, es.shot_last_phase, es.fought_last_bound, changed_mount_this_bound(s)};
    if (!may_shoot(st).allowed) return out;
  }
  if (!range) return out;
  // [Sht-2] Straight ahead; with nothing there, a base width either side; and return fire at an
  // enemy that shot at it this phase, within its arc (ruling G-16a).
  std::vector<std::pair<geo::SquaredDistance, int>> ahead, beside;
  const int returned = ff_[static_cast<std::size_t>(s)].shot_by;
  bool returns_fire = false;
  for (int t = 0; t < num_elements(); ++t) {
    const ElementState& ts = els_[static_cast<std::size_t>(t)];
    if (!ts.alive || side_of(t) == side) continue;
    if (geo::far_apart(es.base.centre(), ts.base.centre(),
                       inch(*range) + geo::reach(es.base) + geo::reach(ts.base)))
      continue;
    if (in_contact(t)) continue;  // [G-16a] elements in close combat are not shot at
    // [Sht-8, G-76] Heads kept down are no target, but to the archers a roof is needed against.
    if (ff_[static_cast<std::size_t>(t)].heads_down && !needs_roof_against(d.troop)) continue;
    const geo::SquaredDistance dd = geo::distance_sq(es.base, ts.base);
    if (!dd.within(inch(*range)) || !geo::base_in_front_arc(es.base, ts.base)) continue;
    if (!line_of_fire_clear(s, t)) continue;  // [G-16b] not through friends
    if (t == returned) returns_fire = true;
    if (across_frontage(es.base, ts.base, 0))
      ahead.push_back({dd, t});
    else if (across_frontage(es.base, ts.base, 1))
      beside.push_back({dd, t});
  }
  auto& pool = ahead.empty() ? beside : ahead;
  std::sort(pool.begin(), pool.end());
  for (const auto& [dd, t] : pool) out.push_back(t);
  if (returns_fire && std::find(out.begin(), out.end(), returned) == out.end())
    out.push_back(returned);
  return out;
}

bool GwkhoState::may_keep_heads_down(int t) const {
  const ElementState& ts = els_[static_cast<std::size_t>(t)];
  const Troop troop = gw_->element(t).troop;
  if (!ts.alive || ts.routing || ts.shot || is_mounted(troop.type) || is_artillery(troop.type) ||
      in_contact(t))
    return false;
  // First the cheap test: works, a fortification or wagons run close to it at all.
  bool near = false;
  for (const auto& f : gw_->scenario_data().lines) {
    if (!linear_effect(f.kind).fortification) continue;
    for (std::size_t k = 0; k + 1 < f.line.size() && !near; ++k)
      near = geo::distance_sq(geo::Segment{f.line[k], f.line[k + 1]}, ts.base).within(kBehindReach);
  }
  if (!near) return false;
  for (int s = 0; s < num_elements(); ++s) {
    if (side_of(s) == side_of(t) || els_[static_cast<std::size_t>(s)].shot) continue;
    if (needs_roof_against(gw_->element(s).troop)) continue;
    if (!behind_lines(ts.base, std::nullopt, els_[static_cast<std::size_t>(s)].base.centre())
             .fortification)
      continue;
    const std::vector<int> targets = shot_targets(s);
    if (std::find(targets.begin(), targets.end(), t) != targets.end()) return true;
  }
  return false;
}

bool GwkhoState::line_of_fire_clear(int s, int t) const {
  const ElementDef& d = gw_->element(s);
  const int side = shooting_side(s);  // [G-44] a worked enemy gun: its workers' friends
  // [Tr-1] Elephants shoot over other troops and are shot at over them.
  if (d.troop.type == TroopType::kEl || gw_->element(t).troop.type == TroopType::kEl) return true;
  const geo::Base& sb = els_[static_cast<std::size_t>(s)].base;
  const geo::Segment line{sb.side_midpoint(geo::Side::kFront),
                          els_[static_cast<std::size_t>(t)].base.centre()};
  // [Sht-2] Bw(o) and Bw(x) directly behind one rank of Ph(i), facing their way, shoot over it.
  const bool over_phalanx =
      d.troop.type == TroopType::kBw && (d.troop.grade == Grade::kO || d.troop.grade == Grade::kX);
  for (int v = 0; v < num_elements(); ++v) {
    const ElementState& vs = els_[static_cast<std::size_t>(v)];
    if (v == s || v == t || !vs.alive || side_of(v) != side) continue;
    // Only a base that reaches into the line's box can cross it.
    const geo::Point c = vs.base.centre();
    const std::int64_t r = geo::reach(vs.base);
    if (c.x + r < std::min(line.a.x, line.b.x) || c.x - r > std::max(line.a.x, line.b.x) ||
        c.y + r < std::min(line.a.y, line.b.y) || c.y - r > std::max(line.a.y, line.b.y))
      continue;
    if (!geo::segment_crosses_base_interior(line, vs.base)) continue;
    if (over_phalanx && side_of(v) == side &&
        gw_->element(v).troop == Troop{TroopType::kPh, Grade::kI} &&
        vs.base.heading() == sb.heading()) {
      const auto ct = geo::edge_contact(sb, vs.base, kSlack);
      if (ct && ct->side_a == geo::Side::kFront && ct->side_b == geo::Side::kBack) continue;
    }
    return false;
  }
  return true;
}

int GwkhoState::shot_target(int s) const {
  const std::vector<int> ts = shot_targets(s);
  return ts.empty() ? -1 : ts[0];
}

ShotSituation GwkhoState::shot_situation(int s, int t) const {
  ShotSituation ss;
  const ElementDef& d = gw_->element(s);
  const ElementState& es = els_[static_cast<std::size_t>(s)];
  ss.shooter = d.troop;
  ss.weapon = d.weapon;
  ss.morale = morale_of(s);
  // [Sht-4] Shooters of its own type directly behind it.
  int at = s;
  for (int rank = 0; rank < 3; ++rank) {
    int next = -1;
    for (int o = 0; o < num_elements(); ++o) {
      const ElementState& os = els_[static_cast<std::size_t>(o)];
      if (o == at || !os.alive || os.routing || side_of(o) != d.side) continue;
      if (gw_->element(o).troop.type != d.troop.type) continue;
      const auto ct = geo::edge_contact(els_[static_cast<std::size_t>(at)].base, os.base, kSlack);
      if (ct && ct->side_a == geo::Side::kBack && ct->side_b == geo::Side::kFront) {
        next = o;
        break;
      }
    }
    if (next < 0) break;
    ss.ranks.push_back(gw_->element(next).troop);
    at = next;
  }
  ShooterState st{
      d.troop,      d.weapon,           d.side == active_,    static_cast<int>(es.moved),
      es.moved > 0, es.shot_last_phase, es.fought_last_bound, changed_mount_this_bound(s)};
  ss.front_rank_only = may_shoot(st).front_rank_only;
  const ElementState& ts = els_[static_cast<std::size_t>(t)];
  ss.target = gw_->element(t).troop;
  // [Sht-8, G-12] Foot in rough or bad going are in cover; [G-12d] so are foot behind a hedge
  // or works, and those behind a permanent fortification or wagons more.
  ss.cover = rough_or_bad(going_at(ts.base)) ? Cover::kCover : Cover::kNone;
  ss.cover = std::max(ss.cover, behind_lines(ts.base, std::nullopt, es.base.centre()).cover);
  // [Sht-4] Enfilade: the shooter stands wholly beyond the target's flank.
  ss.enfilade = geo::wholly_beyond_side(ts.base, geo::Side::kLeft, es.base) ||
                geo::wholly_beyond_side(ts.base, geo::Side::kRight, es.base);
  ss.range = static_cast<int>(geo::distance_sq(es.base, ts.base).ceil());
  return ss;
}

CombatSituation GwkhoState::combat_situation(int a, int b) const {
  CombatSituation cs;
  cs.year = gw_->scenario_data().year;
  auto fill = [&](int x, int y, CombatSide& c) {
    const ElementDef& d = gw_->element(x);
    const ElementState& s = els_[static_cast<std::size_t>(x)];
    const FightFlags& f = ff_[static_cast<std::size_t>(x)];
    c.troop = d.troop;
    c.status = d.status;
    c.peoples = d.peoples;  // [CC-1] the Swiss and Landsknechts' d8
    c.morale = morale_of(x);
    c.general = d.general;
    // [CC-5 .. CC-7] Supporting ranks: friends directly behind, same facing, full contact.
    int at = x;
    for (int rank = 0; rank < 3; ++rank) {
      int next = -1;
      for (int o = 0; o < num_elements(); ++o) {
        const ElementState& os = els_[static_cast<std::size_t>(o)];
        if (o == at || !os.alive || os.routing || side_of(o) != d.side) continue;
        if (os.base.heading() != els_[static_cast<std::size_t>(at)].base.heading()) continue;
        const auto ct = geo::edge_contact(els_[static_cast<std::size_t>(at)].base, os.base, kSlack);
        if (ct && ct->side_a == geo::Side::kBack && ct->side_b == geo::Side::kFront &&
            ct->covers_side_a && ct->covers_side_b) {
          next = o;
          break;
        }
      }
      if (next < 0) break;
      c.ranks.push_back(gw_->element(next).troop);
      at = next;
    }
    // [CC-9, G-31] Other enemy fronts touching its flanks and rear.
    int left = 0, right = 0;
    for (int o = 0; o < num_elements(); ++o) {
      const ElementState& os = els_[static_cast<std::size_t>(o)];
      if (o == y || !os.alive || side_of(o) == d.side) continue;
      const auto ct = geo::edge_contact(s.base, os.base, kSlack);
      if (!ct || ct->side_b != geo::Side::kFront) continue;
      if (ct->side_a == geo::Side::kLeft) ++left;
      if (ct->side_a == geo::Side::kRight) ++right;
      if (ct->side_a == geo::Side::kBack) ++c.rear_enemies;
    }
    // [CC-18] A square or hedgehog is not outflanked on a flank that a corner of another square
    // friend facing another way touches (ruling G-30a, G-30c).
    auto square_case = [&](int e) {
      const ElementDef& de = gw_->element(e);
      SquareCase q;
      q.peoples = de.peoples;
      q.halberd_or_bill = de.halberds;
      q.dismounted_hc = de.list_troop.type == TroopType::kHc && de.troop != de.list_troop;
      // Shot with pike directly behind it (a friend facing its way, its front on e's rear).
      const geo::Base& eb = els_[static_cast<std::size_t>(e)].base;
      for (int o = 0; o < num_elements() && !q.supported_by_pike; ++o) {
        const ElementState& os = els_[static_cast<std::size_t>(o)];
        if (o == e || !os.alive || os.routing || side_of(o) != de.side ||
            gw_->element(o).troop.type != TroopType::kPk || os.base.heading() != eb.heading())
          continue;
        const auto ct = geo::edge_contact(eb, os.base, kSlack);
        q.supported_by_pike =
            ct && ct->side_a == geo::Side::kBack && ct->side_b == geo::Side::kFront;
      }
      return q;
    };
    if ((left > 0 || right > 0) && forms_square(d.troop, square_case(x))) {
      for (geo::Side side : {geo::Side::kLeft, geo::Side::kRight}) {
        int& count = side == geo::Side::kLeft ? left : right;
        if (count == 0) continue;
        const geo::Segment flank = s.base.side(side);
        for (int o = 0; o < num_elements() && count > 0; ++o) {
          const ElementState& os = els_[static_cast<std::size_t>(o)];
          if (o == x || !os.alive || os.routing || side_of(o) != d.side) continue;
          if (os.base.heading() == s.base.heading()) continue;
          if (geo::far_apart(s.base.centre(), os.base.centre(),
                             geo::reach(s.base) + geo::reach(os.base) + kSlack))
            continue;
          if (!forms_square(gw_->element(o).troop, square_case(o))) continue;
          for (const auto& corner : os.base.corners())
            if (geo::distance_sq(corner, flank).within(kSlack)) count = 0;
        }
      }
    }
    c.flank_enemies = left + right;
    c.going = going_at(s.base);
    // [CC-12, CC-13, G-12a, G-12c] Uphill of its enemy; behind a river against it.
    const geo::Base& yb = els_[static_cast<std::size_t>(y)].base;
    c.uphill = uphill_of(s.base, yb);
    const auto ct = geo::edge_contact(s.base, yb, kSlack);
    // [G-12d, CC-5, CC-9, CC-13, CC-14] Behind a hedge or a ditch, or holding works or wagons,
    // against this enemy: the line runs close to the edge the enemy touches and between them.
    const Behind lines = behind_lines(s.base, ct ? ct->side_a : geo::Side::kFront, yb.centre());
    c.behind_linear = behind_river(s.base, yb) || lines.linear;
    c.behind_fortification = lines.fortification;
    c.made_contact = s.made_contact && !f.followed_up;
    // [CC-17] Hit on a flank or rear this bound, whether or not it has turned to face since.
    c.contacted_on_flank_or_rear = (ct && ct->side_a != geo::Side::kFront) || f.turned_to_face;
    c.moved = static_cast<int>(s.moved);
    c.fought_last_bound = s.fought_last_bound;
    // [CC-10] It destroyed the enemy to its front and fights on.
    c.breakthrough = f.breakthrough;
    // [CC-5] Already in this contact (neither has moved or followed up into it since), it failed
    // to push its LI or HI enemy back.
    c.failed_to_push_back = s.stuck_with == y && !s.made_contact && !f.followed_up &&
                            !els_[static_cast<std::size_t>(y)].made_contact &&
                            !ff_[static_cast<std::size_t>(y)].followed_up;
    // [CC-14] No room to recoil: the place a base depth behind is off the table or taken.
    const geo::Base back = s.base.moved_forward(-s.base.depth());
    c.cannot_recoil = !on_table(back) || !clear_path({x}, {s.base}, {back}, -1);
  };
  fill(a, b, cs.a);
  fill(b, a, cs.b);
  // [CC-15] A round after a follow-up is a new contact, but not one a move made (CC-8).
  cs.follow_up_contact =
      ff_[static_cast<std::size_t>(a)].followed_up || ff_[static_cast<std::size_t>(b)].followed_up;
  cs.just_contacted = els_[static_cast<std::size_t>(a)].made_contact ||
                      els_[static_cast<std::size_t>(b)].made_contact || cs.follow_up_contact;
  // [CC-1, Pip-19] The die step its group bought this bound.
  if (ff_[static_cast<std::size_t>(a)].die_step)
    cs.a.die = bought_combat_die(cs, false).value_or(0);
  if (ff_[static_cast<std::size_t>(b)].die_step) cs.b.die = bought_combat_die(cs, true).value_or(0);
  return cs;
}

// [Sht-11] Artillery fire as a round of close combat, the gun as side a (ruling G-19b): the two
// elements as they stand, read by the close-combat factors the artillery fire keeps.
CombatSituation GwkhoState::artillery_situation(int gun, int target) const {
  const CombatSituation cs = combat_situation(gun, target);
  CombatSide g = cs.a, t = cs.b;
  g.made_contact = t.made_contact = false;
  const ElementState& gs = els_[static_cast<std::size_t>(gun)];
  if (!gs.alive && gs.worked_by >= 0) {
    // [Pip-16, G-44] The enemy's gun worked by the moving side's foot: their morale, no general
    // of the gun's side, and the workers beside it are no enemies of it.
    g.morale = morale_of(gs.worked_by);
    g.general = false;
    g.flank_enemies = g.rear_enemies = 0;
  }
  return artillery_fire(g, t);
}

// ---------------------------------------------------------------------------------------------
// Close combat

// [CC-1] The close combat of a bound: enemies contacted on a flank or rear turn to face, then the
// moving side fights its combats in the order it chooses, then the other side.
void GwkhoState::begin_combats() {
  phase_ = Phase::kCombat;
  pass_ = 0;
  rounds_left_ = 0;
  turn_to_face();
  next_combat();
}

std::vector<int> GwkhoState::combat_candidates(int side) const {
  std::vector<int> out;
  for (int e = 0; e < num_elements(); ++e) {
    if (side_of(e) != side || els_[static_cast<std::size_t>(e)].fought) continue;
    const int t = front_enemy(e);
    if (t >= 0 && !els_[static_cast<std::size_t>(t)].fought && fights_now(e, t)) out.push_back(e);
  }
  return out;
}

// [CC-1] The next combat: a decision of the side whose combats these are when it has more than
// one (ruling G-48); each element fights one round a bound, besides the extra rounds of CC-15.
void GwkhoState::next_combat() {
  pa_ = pb_ = -1;
  rounds_left_ = 0;
  for (; pass_ < 2; ++pass_) {
    const int side = pass_ == 0 ? active_ : 1 - active_;
    const std::vector<int> c = combat_candidates(side);
    if (c.empty()) continue;
    if (c.size() == 1) {
      start_combat(c[0], front_enemy(c[0]));
      return;
    }
    step_ = FightStep::kChooseCombat;
    step_side_ = side;
    return;
  }
  step_ = FightStep::kNone;
  end_bound();
}

std::optional<int> GwkhoState::upgrade_cost(int e) const {
  // [Pip-19] Only the moving side has PIPs to spend in its bound (ruling G-20e).
  if (e < 0 || side_of(e) != active_ || ff_[static_cast<std::size_t>(e)].die_step)
    return std::nullopt;
  if (e != pa_ && e != pb_) return std::nullopt;
  const CombatSituation cs = combat_situation(pa_, pb_);
  const std::optional<int> sides = bought_combat_die(cs, e == pb_);
  if (!sides) return std::nullopt;
  const ElementDef& d = gw_->element(e);
  const Command& c = gw_->side(d.side).army.commands[static_cast<std::size_t>(d.command)];
  // [G-20d] A general with the group (not an inert commander-in-chief) pays one PIP of it.
  bool general = false;
  for (int m : group_of(e)) general = general || gw_->element(m).general;
  general = general && !(c.cinc && c.inert);
  const int cost = die_upgrade_cost(upgrades_[static_cast<std::size_t>(d.side)], *sides, general);
  if (cost > pips_for(e)) return std::nullopt;  // [Pip-2] a regiment's own PIPs
  return cost;
}

// [CC-1, Pip-19] A combat begins: the moving side may buy a die step for its element's group;
// then the dice.
void GwkhoState::start_combat(int a, int b) {
  pa_ = a;
  pb_ = b;
  const int mine = side_of(a) == active_ ? a : b;
  if (upgrade_cost(mine)) {
    step_ = FightStep::kUpgrade;
    step_side_ = active_;
    return;
  }
  step_ = FightStep::kCombatDice;
}

// [CC-17] Before the combats, an element contacted on a flank or its rear, whose front touches
// no enemy, turns to face the enemy there (the first by index), if it has room; its supporting
// ranks turn with it when its troop does (ranks_turn_to_face), else they stay (ruling G-30b).
void GwkhoState::turn_to_face() {
  for (int t = 0; t < num_elements(); ++t) {
    const ElementState& ts = els_[static_cast<std::size_t>(t)];
    if (!ts.alive || ts.routing || front_enemy(t) >= 0) continue;
    int attacker = -1;
    for (int o = 0; o < num_elements() && attacker < 0; ++o) {
      const ElementState& os = els_[static_cast<std::size_t>(o)];
      if (!os.alive || side_of(o) == side_of(t)) continue;
      if (geo::far_apart(ts.base.centre(), os.base.centre(),
                         geo::reach(ts.base) + geo::reach(os.base) + kSlack))
        continue;
      const auto ct = geo::edge_contact(ts.base, os.base, kSlack);
      if (ct && ct->side_a != geo::Side::kFront && ct->side_b == geo::Side::kFront) attacker = o;
    }
    if (attacker < 0) continue;
    const geo::Base& ab = els_[static_cast<std::size_t>(attacker)].base;
    const geo::Base dest =
        geo::place_in_contact(ab, geo::Side::kFront, ts.base, geo::Side::kFront, 0);
    // The ranks directly behind it, facing its way.
    std::vector<int> movers{t};
    std::vector<geo::Base> to{dest};
    // [CC-17] By its troop and its peoples.
    if (ranks_turn_to_face(gw_->element(t).troop, gw_->element(t).peoples,
                           gw_->element(attacker).troop)) {
      int at = t;
      std::int64_t off = dest.depth() / 2;  // from dest's centre back to the next rank's front
      for (int rank = 0; rank < 3; ++rank) {
        int next = -1;
        const geo::Base& ahead = els_[static_cast<std::size_t>(at)].base;
        for (int o = 0; o < num_elements(); ++o) {
          const ElementState& os = els_[static_cast<std::size_t>(o)];
          if (o == at || !os.alive || os.routing || side_of(o) != side_of(t)) continue;
          if (os.base.heading() != ahead.heading()) continue;
          const auto ct = geo::edge_contact(ahead, os.base, kSlack);
          if (ct && ct->side_a == geo::Side::kBack && ct->side_b == geo::Side::kFront &&
              ct->covers_side_a && ct->covers_side_b) {
            next = o;
            break;
          }
        }
        if (next < 0) break;
        const geo::Base& nb = els_[static_cast<std::size_t>(next)].base;
        off += nb.depth() / 2;
        movers.push_back(next);
        to.push_back(
            nb.with_heading(dest.heading()).with_centre(dest.moved_forward(-off).centre()));
        off += nb.depth() / 2;
        at = next;
      }
    }
    bool room = true;
    for (const auto& b : to) room = room && on_table(b) && clear_at(b, movers, attacker);
    if (!room) continue;
    for (std::size_t i = 0; i < movers.size(); ++i) {
      els_[static_cast<std::size_t>(movers[i])].base = to[i];
      ff_[static_cast<std::size_t>(movers[i])].turned_to_face = true;
    }
    if (logging())
      emit("turn",
           fmt::format("{} {} to face {}", name(t), game::table::verb_for(name(t), "turns"),
                       name(attacker)),
           "gwkho CC-17");
  }
}

// [CC-16] Friends within the knock-on distance behind a destroyed mounted element or elephant,
// not in contact with an enemy, recoil (mounted) or rout (ruling G-29).
void GwkhoState::knock_on_from(int e) {
  const Troop dead = gw_->element(e).troop;
  const int inches = knock_on_inches(dead);
  if (inches <= 0) return;
  const geo::Base& db = els_[static_cast<std::size_t>(e)].base;
  const geo::Segment rear = db.side(geo::Side::kBack);
  std::vector<std::pair<int, Result>> hit;
  for (int o = 0; o < num_elements(); ++o) {
    const ElementState& os = els_[static_cast<std::size_t>(o)];
    if (o == e || !os.alive || os.routing || side_of(o) != side_of(e)) continue;
    if (!geo::wholly_beyond_side(db, geo::Side::kBack, os.base)) continue;
    if (!geo::distance_sq(rear, os.base).within(inch(inches))) continue;
    if (!across_frontage(db, os.base, 0)) continue;  // behind it, not beside
    if (in_contact(o)) continue;
    const auto r = knock_on(dead, gw_->element(o).troop);
    if (r) hit.push_back({o, *r});
  }
  for (const auto& [o, r] : hit) {
    if (logging())
      emit("knock-on",
           fmt::format("{} {} knocked on by the loss of {}", name(o),
                       game::table::verb_for(name(o), "is"), name(e)),
           "gwkho CC-16");
    apply_result(o, r, -1, "gwkho CC-16");
  }
}

// [CC-15] Whether the winner has room to follow up a base depth (the depth the loser gave).
bool GwkhoState::follow_up_room(int winner, int loser) const {
  const geo::Base& wb = els_[static_cast<std::size_t>(winner)].base;
  const geo::Base to = wb.moved_forward(els_[static_cast<std::size_t>(loser)].base.depth());
  return on_table(to) && clear_path({winner}, {wb}, {to}, -1);
}

// [CC-15] The winner follows up: straight ahead the loser's base depth (back into contact with a
// loser that recoiled, into the ground a destroyed loser held; ruling G-28a), then fights its
// extra rounds while its front touches an enemy.
void GwkhoState::follow_up_now(int winner, int loser, Result loser_result) {
  ElementState& ws = els_[static_cast<std::size_t>(winner)];
  ws.base = ws.base.moved_forward(els_[static_cast<std::size_t>(loser)].base.depth());
  ff_[static_cast<std::size_t>(winner)].followed_up = true;
  if (logging())
    emit("follow-up",
         fmt::format("{} {} up", name(winner), game::table::verb_for(name(winner), "follows")),
         "gwkho CC-15");
  const int t = front_enemy(winner);
  if (rounds_left_ > 0 && t >= 0) {
    --rounds_left_;
    // [CC-10] A new enemy after destroying the one in front: a breakthrough.
    ff_[static_cast<std::size_t>(winner)].breakthrough =
        loser_result == Result::kDestroyed && t != loser;
    ff_[static_cast<std::size_t>(t)].followed_up = true;
    start_combat(winner, t);
    return;
  }
  next_combat();
}

// [CC-15, CC-16] After a round: the knock-on was applied with the results; the winner may (or
// must) follow up, and an element that follows up fights its extra rounds.
void GwkhoState::after_round(int winner, int loser, Result loser_result) {
  if (winner >= 0 && els_[static_cast<std::size_t>(winner)].alive &&
      (loser_result == Result::kPushBack || loser_result == Result::kDestroyed) &&
      (loser_result == Result::kDestroyed || els_[static_cast<std::size_t>(loser)].alive)) {
    const FollowUp fu = follow_up(gw_->element(winner).troop, gw_->element(loser).troop,
                                  loser_result, side_of(winner) == active_);
    if (fu.may && follow_up_room(winner, loser)) {
      // The extra rounds are counted from the first follow-up of the chain.
      if (!ff_[static_cast<std::size_t>(winner)].followed_up) rounds_left_ = fu.extra_rounds;
      if (fu.must) {
        follow_up_now(winner, loser, loser_result);
        return;
      }
      fu_winner_ = winner;
      fu_loser_ = loser;
      fu_result_ = loser_result;
      step_ = FightStep::kFollowUp;
      step_side_ = side_of(winner);
      return;
    }
  }
  next_combat();
}

// ---------------------------------------------------------------------------------------------
// Applying

void GwkhoState::apply_fight(game::Action a) {
  switch (step_) {
    case FightStep::kHeadsDown: {
      // [Sht-8, G-76] Heads down for this shooting phase, or up; then the next to ask, or the
      // shots.
      FightFlags& f = ff_[static_cast<std::size_t>(pb_)];
      f.heads_asked = true;
      f.heads_down = a == act::kKeepHeadsDown;
      if (f.heads_down && logging())
        emit("heads down",
             fmt::format("{} {} {} heads down behind the works: no shot from {}, none at "
                         "{} but from bows and longbows",
                         name(pb_), game::table::verb_for(name(pb_), "keeps"),
                         game::table::its_for(name(pb_)), game::table::them_for(name(pb_)),
                         game::table::them_for(name(pb_))),
             "gwkho Sht-8");
      next_shot();
      return;
    }
    case FightStep::kHoldSurrender: {
      // [Mor-19, Pip-16, G-37] Held for 1 PIP of the PIPs it moves with, or let go; then the
      // next element to decide for, or the surrenders (end_bound).
      const int e = pa_;
      surrender_asked_[static_cast<std::size_t>(e)] = true;
      if (a == act::kHoldSurrender) {
        OtherCost oc;
        oc.action = PipAction::kHoldAgainstSurrender;
        const int cost = other_cost(oc).total;
        pool_for(e) -= cost;
        surrender_held_[static_cast<std::size_t>(e)] = true;
        if (logging())
          emit("hold",
               fmt::format("{} {} held against surrender ({} PIP)", name(e),
                           game::table::verb_for(name(e), "is"), cost),
               "gwkho Mor-19");
      }
      step_ = FightStep::kNone;
      pa_ = pb_ = -1;
      end_bound();
      return;
    }
    case FightStep::kChooseTarget: {
      pb_ = a - act::kChooseTarget;
      step_ = is_artillery(gw_->element(pa_).troop.type) ? FightStep::kArtilleryDice
                                                         : FightStep::kShotDice;
      return;
    }
    case FightStep::kShotDice: {
      // [Sht-1] The shot for these two dice.
      const int d1 = (a - act::kShotDice) / 6 + 1, d2 = (a - act::kShotDice) % 6 + 1;
      const ShotSituation s = shot_situation(pa_, pb_);
      const ShotOutcome o = resolve_shot(s, d1, d2);
      els_[static_cast<std::size_t>(pa_)].shot = true;
      ff_[static_cast<std::size_t>(pb_)].shot_by = pa_;
      if (logging())
        emit(core::attack_event("shot",
                                fmt::format("{} {} {}: {}+{} = {}, {}", name(pa_),
                                            game::table::verb_for(name(pa_), "shoots at"),
                                            name(pb_), d1, d2, o.total, result_words(o.result)),
                                "gwkho Sht-1", {gw_->element(pa_).id}, {gw_->element(pb_).id}));
      apply_result(pb_, o.result, pa_, "gwkho Sht-1");
      next_shot();
      return;
    }
    case FightStep::kArtilleryDice: {
      // [Sht-11] Artillery fire: a round of close combat in which only the target suffers.
      const int da = (a - act::kArtilleryDice) / 10 + 1, db = (a - act::kArtilleryDice) % 10 + 1;
      const CombatSituation cs = artillery_situation(pa_, pb_);
      const CombatOutcome o = resolve_combat(cs, da, db);
      const int gun = pa_, target = pb_;
      const geo::Base first = els_[static_cast<std::size_t>(target)].base;
      const Going first_going = going_at(first);
      els_[static_cast<std::size_t>(gun)].shot = true;
      ff_[static_cast<std::size_t>(target)].shot_by = gun;
      if (logging())
        emit(core::attack_event(
            "artillery",
            fmt::format("{}{} {} {}: {} against {}, {}", name(gun),
                        els_[static_cast<std::size_t>(gun)].alive
                            ? std::string()
                            : fmt::format(" (worked by {})",
                                          name(els_[static_cast<std::size_t>(gun)].worked_by)),
                        game::table::verb_for(name(gun), "fires at"), name(target), o.graded_a,
                        o.graded_b, result_words(o.b)),
            "gwkho Sht-11", {gw_->element(gun).id}, {gw_->element(target).id}));
      apply_result(target, o.b, gun, "gwkho Sht-11");
      if (o.b == Result::kDestroyed) knock_on_from(target);
      // [Sht-12] Gunpowder artillery's second target: the nearest enemy whose front is within
      // the distance behind the first target's front (ruling G-19c), once.
      if (!second_shot_) {
        const Troop gt = gw_->element(gun).troop;
        int best = -1;
        geo::SquaredDistance best_d;
        const geo::Segment front = first.side(geo::Side::kFront);
        for (int u = 0; u < num_elements(); ++u) {
          const ElementState& us = els_[static_cast<std::size_t>(u)];
          if (u == target || !us.alive || side_of(u) == shooting_side(gun) || in_contact(u))
            continue;
          if (!geo::wholly_beyond_side(first, geo::Side::kBack, us.base)) continue;
          const geo::SquaredDistance dd = geo::distance_sq(front, us.base.side(geo::Side::kFront));
          if (!dd.within(inch(second_target_inches()))) continue;
          if (!second_shot_allowed(gt, first_going, going_at(us.base))) continue;
          if (best < 0 || dd < best_d) {
            best = u;
            best_d = dd;
          }
        }
        if (best >= 0) {
          second_shot_ = true;
          pb_ = best;
          step_ = FightStep::kArtilleryDice;
          if (logging())
            emit("artillery", fmt::format("the ball goes on to {}", name(best)), "gwkho Sht-12");
          return;
        }
      }
      next_shot();
      return;
    }
    case FightStep::kChooseCombat: {
      const int e = a - act::kChooseCombat;
      start_combat(e, front_enemy(e));
      return;
    }
    case FightStep::kUpgrade: {
      const int mine = side_of(pa_) == active_ ? pa_ : pb_;
      if (a == act::kBuyUpgrade) {
        const int cost = *upgrade_cost(mine);
        const ElementDef& d = gw_->element(mine);
        const bool to_d10 = bought_combat_die(combat_situation(pa_, pb_), mine == pb_) ==
                            default_tables().max_die_sides;
        pool_for(mine) -= cost;  // [Pip-2] a regiment's own PIPs, else its command's
        for (int m : group_of(mine)) ff_[static_cast<std::size_t>(m)].die_step = true;
        ff_[static_cast<std::size_t>(mine)].die_step = true;
        if (to_d10) ++upgrades_[static_cast<std::size_t>(d.side)];
        if (logging())
          emit("die step",
               fmt::format("{} buys a die step for the group of {} ({} PIP{})",
                           gw_->side(d.side).name, name(mine), cost, cost == 1 ? "" : "s"),
               "gwkho Pip-19");
      }
      step_ = FightStep::kCombatDice;
      return;
    }
    case FightStep::kCombatDice: {
      const int da = (a - act::kCombatDice) / 10 + 1, db = (a - act::kCombatDice) % 10 + 1;
      const CombatSituation s = combat_situation(pa_, pb_);
      const CombatOutcome o = resolve_combat(s, da, db);
      const int x = pa_, y = pb_;
      els_[static_cast<std::size_t>(x)].fought = true;
      els_[static_cast<std::size_t>(y)].fought = true;
      if (logging())
        emit(core::attack_event(
            "combat",
            fmt::format("{} {} ({}) against {} {} ({}): {} {}, {} {}", name(x), o.graded_a, da,
                        name(y), o.graded_b, db, gw_->short_label(x), result_words(o.a),
                        gw_->short_label(y), result_words(o.b)),
            "gwkho CC-14", {gw_->element(side_of(x) == active_ ? x : y).id},
            {gw_->element(side_of(x) == active_ ? y : x).id}));
      // [CC-5] A phalanx that fought LI or HI and did not push them back (both stayed) has
      // failed to: its ranks stop counting while that contact lasts.
      auto stuck = [&](int ph, int enemy) {
        const TroopType t = gw_->element(ph).troop.type, et = gw_->element(enemy).troop.type;
        els_[static_cast<std::size_t>(ph)].stuck_with =
            (t == TroopType::kPh || t == TroopType::kPk) &&
                    (et == TroopType::kLI || et == TroopType::kHI) && o.a == Result::kNoEffect &&
                    o.b == Result::kNoEffect
                ? enemy
                : -1;
      };
      stuck(x, y);
      stuck(y, x);
      apply_result(x, o.a, y, "gwkho CC-3");
      apply_result(y, o.b, x, "gwkho CC-3");
      if (o.a == Result::kDestroyed) knock_on_from(x);
      if (o.b == Result::kDestroyed) knock_on_from(y);
      pa_ = pb_ = -1;
      // [CC-14] A mounted loser beaten back by foot in good going may rout a move: its owner's
      // choice (ruling G-26a).
      const int router = o.may_rout_a ? x : o.may_rout_b ? y : -1;
      if (router >= 0 && els_[static_cast<std::size_t>(router)].alive) {
        fu_winner_ = router == x ? y : x;
        fu_loser_ = router;
        fu_result_ = Result::kPushBack;
        step_ = FightStep::kMayRout;
        step_side_ = side_of(router);
        return;
      }
      if (o.winner == Winner::kA)
        after_round(x, y, o.b);
      else if (o.winner == Winner::kB)
        after_round(y, x, o.a);
      else
        after_round(-1, -1, Result::kNoEffect);
      return;
    }
    case FightStep::kMayRout: {
      step_ = FightStep::kNone;
      if (a == act::kRoutAway) {
        ElementState& s = els_[static_cast<std::size_t>(fu_loser_)];
        s.routing = true;
        s.loss = Loss::kRouting;
        morale_cache_[static_cast<std::size_t>(side_of(fu_loser_))].reset();
        if (logging())
          emit("rout",
               fmt::format("{} {}", name(fu_loser_),
                           game::table::verb_for(name(fu_loser_), "routs")),
               "gwkho CC-14");
        flee(fu_loser_, fu_winner_, true);
      }
      after_round(fu_winner_, fu_loser_, fu_result_);
      return;
    }
    case FightStep::kFollowUp: {
      step_ = FightStep::kNone;
      if (a == act::kFollowUp) {
        follow_up_now(fu_winner_, fu_loser_, fu_result_);
      } else {
        rounds_left_ = 0;
        next_combat();
      }
      return;
    }
    default:
      return;
  }
}

// ---------------------------------------------------------------------------------------------
// Morale bought with PIPs (move phase)

bool GwkhoState::side_has_shaken(int side) const {
  if (history_[side].army_shaken) return true;
  for (int e = 0; e < num_elements(); ++e)
    if (side_of(e) == side && els_[static_cast<std::size_t>(e)].alive &&
        morale_of(e) != Morale::kSteady)
      return true;
  return false;
}

std::optional<int> GwkhoState::morale_cost(game::Action a, int* command) const {
  if (phase_ != Phase::kMove) return std::nullopt;
  const int n = gw_->num_commands(active_);
  auto command_has_elephants = [&](int c) {
    for (int e = 0; e < num_elements(); ++e)
      if (side_of(e) == active_ && gw_->element(e).command == c &&
          els_[static_cast<std::size_t>(e)].alive && gw_->element(e).troop.type == TroopType::kEl)
        return true;
    return false;
  };
  int c = -1;
  OtherCost oc;
  if (a >= act::kOwnMorale && a < act::kOwnMorale + n) {
    c = a - act::kOwnMorale;
    // [Mor-11] Only when its own ledger is better than the army's (ruling G-34).
    if (own_morale_[active_][static_cast<std::size_t>(c)] ||
        !may_take_own_morale(army_morale_of(active_), c))
      return std::nullopt;
    oc.action = PipAction::kCommandMorale;
  } else if (a >= act::kRallyCommand && a < act::kRallyCommand + n) {
    c = a - act::kRallyCommand;
    if (!own_morale_[active_][static_cast<std::size_t>(c)]) return std::nullopt;
    oc.action = PipAction::kRallyCommand;
    oc.with_elephants = command_has_elephants(c);
  } else if (a >= act::kRallyBroken && a < act::kRallyBroken + num_elements()) {
    // [Pip-18] Rally one's own broken (or routing) element, not in contact, unless it would
    // be broken again at once (ruling G-36c).
    const int e = a - act::kRallyBroken;
    const ElementState& s = els_[static_cast<std::size_t>(e)];
    if (side_of(e) != active_ || !s.alive || in_contact(e)) return std::nullopt;
    if (!s.routing && s.loss != Loss::kBroken) return std::nullopt;
    const ElementDef& d = gw_->element(e);
    const MoraleElement me{d.list_troop, d.status, d.command, d.regiment, Loss::kNone, false};
    if (element_morale(army_morale_of(active_), me, own_morale_[active_], history_[active_]) ==
        Morale::kBroken)
      return std::nullopt;
    c = d.command;
    oc.action = PipAction::kRallyBroken;
    oc.troop = d.troop;
  } else if (a >= act::kBreakEnemy && a < act::kBreakEnemy + num_elements()) {
    // [Mor-17, Pip-18] Break an enemy's unreliable element as if it were one's own, while
    // none of one's own troops has become shaken; paid by the first command with the PIPs.
    const int e = a - act::kBreakEnemy;
    const ElementState& s = els_[static_cast<std::size_t>(e)];
    const ElementDef& d = gw_->element(e);
    if (side_of(e) == active_ || !s.alive || s.routing || s.loss != Loss::kNone)
      return std::nullopt;
    if (!enemy_may_break(d.status, side_has_shaken(active_))) return std::nullopt;
    oc.action = PipAction::kBreakElement;
    oc.troop = d.troop;
    const PipCost cost = other_cost(oc);
    if (!cost.refused.empty()) return std::nullopt;
    for (int k = 0; k < n; ++k)
      if (pips_[static_cast<std::size_t>(k)] >= cost.total) {
        if (command != nullptr) *command = k;
        return cost.total;
      }
    return std::nullopt;
  } else {
    return std::nullopt;
  }
  const PipCost cost = other_cost(oc);
  if (!cost.refused.empty() || cost.total > pips_[static_cast<std::size_t>(c)]) return std::nullopt;
  if (command != nullptr) *command = c;
  return cost.total;
}

void GwkhoState::morale_actions(std::vector<game::Action>& out) const {
  for (int c = 0; c < gw_->num_commands(active_); ++c) {
    if (morale_cost(act::kOwnMorale + c)) out.push_back(act::kOwnMorale + c);
    if (morale_cost(act::kRallyCommand + c)) out.push_back(act::kRallyCommand + c);
  }
  bool any_pips = false;
  for (int p : pips_) any_pips = any_pips || p > 0;
  if (!any_pips) return;
  for (int e = 0; e < num_elements(); ++e) {
    const ElementState& s = els_[static_cast<std::size_t>(e)];
    if (!s.alive) continue;
    if (side_of(e) == active_ && (s.routing || s.loss == Loss::kBroken) &&
        morale_cost(act::kRallyBroken + e))
      out.push_back(act::kRallyBroken + e);
    if (side_of(e) != active_ && gw_->element(e).status == Status::kUnreliable &&
        morale_cost(act::kBreakEnemy + e))
      out.push_back(act::kBreakEnemy + e);
  }
}

// [Pip-18, Mor-14, G-36e] The active side breaks one of its own elements for 1 PIP of the PIPs
// it moves with (its regiment's, else its command's): not (s) troops but El, Lc and Xb, not
// Xb(x), Pk(o) or artillery (`other_cost` says which), not one already broken or routing, not
// one in contact with an enemy. Stubborn troops too: their own side may break them.
core::Status GwkhoState::break_refusal(int e) const {
  const ElementState& s = els_[static_cast<std::size_t>(e)];
  if (phase_ != Phase::kMove || !acts(e) || !s.alive)
    return core::make_error(
        fmt::format("{} cannot be broken by {} side now.", name(e), game::table::its_for(name(e))));
  if (s.routing || s.loss == Loss::kBroken || morale_of(e) == Morale::kBroken)
    return core::make_error(
        fmt::format("{} {} broken already.", name(e), game::table::verb_for(name(e), "is")));
  if (in_contact(e))
    return core::make_error(fmt::format("{} {} in contact with the enemy.", name(e),
                                        game::table::verb_for(name(e), "is")));
  const PipCost c = element_cost(PipAction::kBreakElement, e);
  if (!c.refused.empty())
    return core::make_error(fmt::format("{}: {} (Pip-18).", name(e), c.refused));
  if (c.total > pips_for(e))
    return core::make_error(fmt::format("Breaking an element costs {} PIP (Pip-18).", c.total));
  return core::Status::Ok();
}

void GwkhoState::break_own(int e) {
  const int cost = pay_element_cost(PipAction::kBreakElement, e, e);
  ElementState& s = els_[static_cast<std::size_t>(e)];
  s.loss = Loss::kBroken;  // [Mor-9] half its e/e (ruling G-34); it routs after the moves
  broken_by_enemy_[static_cast<std::size_t>(e)] = false;
  morale_cache_[static_cast<std::size_t>(side_of(e))].reset();
  if (logging())
    emit("morale",
         fmt::format("{} {} broken by {} own side ({} PIP)", name(e),
                     game::table::verb_for(name(e), "is"), game::table::its_for(name(e)), cost),
         "gwkho Pip-18");
}

// [Mor-13, G-35] After the moving side's moves, its elements whose morale is broken (brittle
// troops whose army shook first, missile troops under a broken missile ledger, a broken
// mutinous ledger...) and that are not in close combat turn and rout with the routers.
void GwkhoState::broken_rout() {
  std::vector<int> now;
  for (int e = 0; e < num_elements(); ++e) {
    const ElementState& s = els_[static_cast<std::size_t>(e)];
    if (!acts(e) || !s.alive || s.routing || in_contact(e)) continue;
    if (morale_of(e) != Morale::kBroken) continue;
    if (!morale_effects(Morale::kBroken, gw_->element(e).troop).routs) continue;
    now.push_back(e);
  }
  for (int e : now) {
    ElementState& s = els_[static_cast<std::size_t>(e)];
    s.routing = true;
    // [Mor-9] A router counts as a loss (ruling G-34).
    if (s.loss == Loss::kNone) s.loss = Loss::kRouting;
    morale_cache_[static_cast<std::size_t>(active_)].reset();
    if (logging())
      emit("rout",
           fmt::format("{} {} broken and {}", name(e), game::table::verb_for(name(e), "is"),
                       game::table::verb_for(name(e), "routs")),
           "gwkho Mor-13");
  }
}

// [Pip-17, Pip-18, Mor-11, Mor-17] What PIPs buy for morale: a command's own morale or its
// return to the army's, a rally, breaking an enemy's unreliable element.
void GwkhoState::apply_morale(game::Action a) {
  int c = -1;
  const int cost = *morale_cost(a, &c);
  pips_[static_cast<std::size_t>(c)] -= cost;
  if (a >= act::kBreakEnemy) {
    const int e = a - act::kBreakEnemy;
    els_[static_cast<std::size_t>(e)].loss = Loss::kBroken;
    broken_by_enemy_[static_cast<std::size_t>(e)] = true;
    morale_cache_[static_cast<std::size_t>(side_of(e))].reset();
    if (logging())
      emit("morale",
           fmt::format("{} {} broken by the enemy ({} PIP)", name(e),
                       game::table::verb_for(name(e), "is"), cost),
           "gwkho Mor-17");
    return;
  }
  if (a >= act::kRallyBroken) {
    const int e = a - act::kRallyBroken;
    ElementState& s = els_[static_cast<std::size_t>(e)];
    s.routing = false;
    s.loss = Loss::kNone;
    broken_by_enemy_[static_cast<std::size_t>(e)] = false;
    morale_cache_[static_cast<std::size_t>(active_)].reset();
    if (logging())
      emit("morale",
           fmt::format("{} {} rallied ({} PIPs)", name(e), game::table::verb_for(name(e), "is"),
                       cost),
           "gwkho Pip-18");
    return;
  }
  const bool own = a < act::kRallyCommand;
  own_morale_[active_][static_cast<std::size_t>(c)] = own;
  morale_cache_[static_cast<std::size_t>(active_)].reset();
  const Command& cmd = gw_->side(active_).army.commands[static_cast<std::size_t>(c)];
  if (logging())
    emit(
        "morale",
        own ? fmt::format("{}'s command takes its own morale ({} PIPs)", cmd.general, cost)
            : fmt::format("{}'s command returns to the army's morale ({} PIPs)", cmd.general, cost),
        "gwkho Pip-17");
}

// ---------------------------------------------------------------------------------------------
// What the displays show

std::string GwkhoState::fight_action_text(game::Action a) const {
  // What a person reads: the element's name, troop and command, not its id.
  auto id = [&](int e) { return e >= 0 && e < num_elements() ? gw_->label(e) : std::string("?"); };
  auto enemy = [&](int e) {
    return e >= 0 && e < num_elements() ? gw_->troop_label(e) : std::string("?");
  };
  auto mine = [&](int e) {
    return e >= 0 && e < num_elements() ? gw_->short_label(e) : std::string("?");
  };
  if (phase_ == Phase::kMove) {
    if (a >= act::kBreakEnemy) return fmt::format("break {}", id(a - act::kBreakEnemy));
    if (a >= act::kRallyBroken) return fmt::format("rally {}", id(a - act::kRallyBroken));
    if (a >= act::kRallyCommand && a < act::kRallyCommand + 100)
      return fmt::format("{} returns to the army's morale",
                         gw_->command_label(active_, a - act::kRallyCommand));
    if (a >= act::kOwnMorale && a < act::kRallyCommand)
      return fmt::format("{} takes its own morale",
                         gw_->command_label(active_, a - act::kOwnMorale));
    return fmt::format("action {}", a);
  }
  switch (step_) {
    case FightStep::kChooseCombat:
      return fmt::format("{} {} {} next", id(a - act::kChooseCombat),
                         game::table::verb_for(id(a - act::kChooseCombat), "fights"),
                         enemy(front_enemy(a - act::kChooseCombat)));
    case FightStep::kUpgrade:
      return a == act::kBuyUpgrade ? "buy a die step" : "no die step";
    case FightStep::kFollowUp:
      return a == act::kFollowUp ? fmt::format("{} {} up", id(fu_winner_),
                                               game::table::verb_for(id(fu_winner_), "follows"))
                                 : fmt::format("{} {}", id(fu_winner_),
                                               game::table::verb_for(id(fu_winner_), "holds"));
    case FightStep::kMayRout:
      return a == act::kRoutAway ? fmt::format("{} {} a move", id(fu_loser_),
                                               game::table::verb_for(id(fu_loser_), "routs"))
                                 : fmt::format("{} {}", id(fu_loser_),
                                               game::table::verb_for(id(fu_loser_), "stays"));
    case FightStep::kHoldSurrender:
      return a == act::kHoldSurrender ? fmt::format("hold {} against surrender (1 PIP)", id(pa_))
                                      : fmt::format("let {} surrender", id(pa_));
    case FightStep::kChooseTarget:
      return fmt::format("{} {} {}", id(pa_), game::table::verb_for(id(pa_), "shoots at"),
                         enemy(a - act::kChooseTarget));
    case FightStep::kHeadsDown:
      return a == act::kKeepHeadsDown ? fmt::format("{} {} {} heads down", id(pb_),
                                                    game::table::verb_for(id(pb_), "keeps"),
                                                    game::table::its_for(id(pb_)))
                                      : fmt::format("{} {} to and may be shot at", id(pb_),
                                                    game::table::verb_for(id(pb_), "stands"));
    case FightStep::kShotDice:
      return fmt::format("dice {} and {}", (a - act::kShotDice) / 6 + 1,
                         (a - act::kShotDice) % 6 + 1);
    case FightStep::kArtilleryDice:
      return fmt::format("dice {} (for {}) and {} (for {})", (a - act::kArtilleryDice) / 10 + 1,
                         mine(pa_), (a - act::kArtilleryDice) % 10 + 1, mine(pb_));
    case FightStep::kCombatDice:
      return fmt::format("dice {} (for {}) and {} (for {})", (a - act::kCombatDice) / 10 + 1,
                         mine(pa_), (a - act::kCombatDice) % 10 + 1, mine(pb_));
    default:
      return fmt::format("action {}", a);
  }
}

// The exact odds of what is pending (a shot, artillery fire or a combat about to be diced), or
// for a decision, of the combat or shot it leads to (every factor with its clause).
nlohmann::json GwkhoState::fight_odds(game::Action a) const {
  auto pending = [](const GwkhoState& s) -> nlohmann::json {
    if (s.pa_ < 0 || s.pb_ < 0) return nullptr;
    switch (s.step_) {
      case FightStep::kShotDice:
        return shot_odds_json(*s.gw_, s.pa_, s.pb_, s.shot_situation(s.pa_, s.pb_));
      case FightStep::kArtilleryDice:  // kind and rule: artillery fire (Sht-11)
        return combat_odds_json(*s.gw_, s.pa_, s.pb_, s.artillery_situation(s.pa_, s.pb_));
      case FightStep::kUpgrade:
      case FightStep::kCombatDice:
        return combat_odds_json(*s.gw_, s.pa_, s.pb_, s.combat_situation(s.pa_, s.pb_));
      default:
        return nullptr;
    }
  };
  const bool decision = step_ == FightStep::kChooseCombat || step_ == FightStep::kUpgrade ||
                        step_ == FightStep::kFollowUp || step_ == FightStep::kChooseTarget ||
                        step_ == FightStep::kMayRout;
  if (step_ == FightStep::kMayRout) return nullptr;  // no dice follow the choice itself
  if (!decision) return pending(*this);
  if (a == act::kHoldBack || a == act::kNoUpgrade) {
    if (a == act::kNoUpgrade) return pending(*this);
    return nullptr;
  }
  std::vector<game::Action> legal;
  fight_actions(legal);
  if (std::find(legal.begin(), legal.end(), a) == legal.end()) return nullptr;
  GwkhoState after(*this);
  after.set_record_history(false);
  after.apply_fight(a);
  // A follow-up shows the extra round it leads to, if any.
  if (a == act::kFollowUp && after.pa_ != fu_winner_) return nullptr;
  return pending(after);
}

}  // namespace carroccio::gwkho
