// The gwkho State: the bound, moves as candidates, shooting, close combat, morale and victory.
// The resolution layer (resolve_combat.hpp, resolve_shooting.hpp, pips.hpp, morale.hpp) decides
// every number; this file turns the table into its situations and applies what it answers.
#include "rulesets/gwkho/state.hpp"

#include <algorithm>
#include <numeric>
#include <sstream>

#include "fmt/format.h"
#include "rulesets/gwkho/movement.hpp"

namespace carroccio::gwkho {

namespace {

constexpr std::int64_t kSlack = 3;  // rounding of bases laid at headings off the axes

std::int64_t inch(int n) { return std::int64_t{n} * kUnitsPerInch; }

int going_rank(Going g) {
  switch (g) {
    case Going::kBad:
      return 2;
    case Going::kRough:
      return 1;
    default:
      return 0;
  }
}

// Two elements side by side (fronts aligned) or front to back, facing the same way, in full
// edge contact (ruling G-47).
bool grouped(const geo::Base& a, const geo::Base& b) {
  if (a.heading() != b.heading()) return false;
  if (geo::far_apart(a.centre(), b.centre(), geo::reach(a) + geo::reach(b) + kSlack)) return false;
  const auto c = geo::edge_contact(a, b, kSlack);
  if (!c || !c->covers_side_a || !c->covers_side_b) return false;
  const bool side_by_side = (c->side_a == geo::Side::kLeft && c->side_b == geo::Side::kRight) ||
                            (c->side_a == geo::Side::kRight && c->side_b == geo::Side::kLeft);
  const bool in_column = (c->side_a == geo::Side::kFront && c->side_b == geo::Side::kBack) ||
                         (c->side_a == geo::Side::kBack && c->side_b == geo::Side::kFront);
  return side_by_side || in_column;
}

}  // namespace

std::string_view phase_name(Phase p) {
  switch (p) {
    case Phase::kPips:
      return "pips";
    case Phase::kMove:
      return "move";
    case Phase::kShoot:
      return "shoot";
    case Phase::kCombat:
      return "combat";
    case Phase::kOver:
      return "over";
  }
  return "?";
}

GwkhoState::GwkhoState(std::shared_ptr<const GwkhoGame> game)
    : game::State(game), gw_(std::move(game)) {
  for (int e = 0; e < gw_->num_elements(); ++e) {
    ElementState s{gw_->element(e).base};
    els_.push_back(s);
  }
  for (int s = 0; s < kNumSides; ++s)
    own_morale_[s].assign(static_cast<std::size_t>(gw_->num_commands(s)), false);
  active_ = gw_->scenario_data().first;
  start_bound();
}

std::unique_ptr<game::State> GwkhoState::clone() const {
  return std::make_unique<GwkhoState>(*this);
}

std::string GwkhoState::name(int e) const {
  const ElementDef& d = gw_->element(e);
  return fmt::format("{} {} ({})", d.id, troop_text(d.troop), d.name);
}

// ---------------------------------------------------------------------------------------------
// The sequence

game::Player GwkhoState::current_player() const {
  switch (phase_) {
    case Phase::kOver:
      return game::kTerminalPlayer;
    case Phase::kMove:
      return active_;
    default:
      return game::kChancePlayer;
  }
}

// [Seq, G-6] A bound of the active side begins: its PIP dice are rolled command by command.
void GwkhoState::start_bound() {
  pips_.assign(static_cast<std::size_t>(gw_->num_commands(active_)), 0);
  pip_command_ = 0;
  phase_ = Phase::kPips;
  pa_ = pb_ = -1;
  for (int e = 0; e < num_elements(); ++e) {
    ElementState& s = els_[static_cast<std::size_t>(e)];
    s.fought_last_bound = s.fought;
    s.fought = false;
    s.made_contact = false;
    if (side_of(e) == active_) {
      s.moved = 0;
      s.moved_this_bound = false;
    }
  }
}

void GwkhoState::advance() {
  if (phase_ == Phase::kPips && pip_command_ >= gw_->num_commands(active_)) phase_ = Phase::kMove;
}

void GwkhoState::chance_outcomes(std::vector<game::ChanceOutcome>& out) const {
  out.clear();
  if (phase_ == Phase::kPips) {
    const Command& c = gw_->side(active_).army.commands[static_cast<std::size_t>(pip_command_)];
    if (c.quality == GeneralQuality::kGood) {
      for (int a = 0; a < 36; ++a) out.push_back({act::kTwoDice + a, 1});
    } else {
      for (int v = 1; v <= 6; ++v) out.push_back({act::kOneDie + v, 1});
    }
  } else if (phase_ == Phase::kShoot && pa_ >= 0) {
    for (int a = 0; a < 36; ++a) out.push_back({act::kShotDice + a, 1});
  } else if (phase_ == Phase::kCombat && pa_ >= 0) {
    const CombatFactors f = combat_factors(combat_situation(pa_, pb_));
    for (int da = 1; da <= f.a.die; ++da)
      for (int db = 1; db <= f.b.die; ++db)
        out.push_back({act::kCombatDice + 10 * (da - 1) + (db - 1), 1});
  }
}

game::ChanceInfo GwkhoState::chance_info() const {
  game::ChanceInfo info;
  if (phase_ == Phase::kPips) {
    const Command& c = gw_->side(active_).army.commands[static_cast<std::size_t>(pip_command_)];
    info.purpose =
        fmt::format("the PIP dice of {} ({})", c.general,
                    c.quality == GeneralQuality::kGood ? "the better of two dice" : "one die");
    info.rule = "gwkho Pip-1";
  } else if (phase_ == Phase::kShoot && pa_ >= 0) {
    info.purpose = fmt::format("two dice: {} shoots at {}", name(pa_), name(pb_));
    info.rule = "gwkho Sht-1";
  } else if (phase_ == Phase::kCombat && pa_ >= 0) {
    info.purpose =
        fmt::format("close combat dice: {} (first) against {} (second)", name(pa_), name(pb_));
    info.rule = "gwkho CC-1";
  }
  return info;
}

void GwkhoState::do_apply(game::Action a) {
  if (phase_ == Phase::kPips) {
    // [Pip-1, Pip-3] The command's PIPs for these dice.
    const Command& c = gw_->side(active_).army.commands[static_cast<std::size_t>(pip_command_)];
    const PipRollSpec spec =
        command_pip_roll({.quality = c.quality, .cinc = c.cinc, .inert = c.inert});
    int d1 = 1, d2 = 1;
    if (a >= act::kTwoDice) {
      d1 = (a - act::kTwoDice) / 6 + 1;
      d2 = (a - act::kTwoDice) % 6 + 1;
    } else {
      d1 = a - act::kOneDie;
    }
    const int v = pips_from_dice(spec, d1, d2);
    pips_[static_cast<std::size_t>(pip_command_)] = v;
    if (logging()) emit("pips", fmt::format("{} has {} PIPs", c.general, v), "gwkho Pip-1");
    ++pip_command_;
    advance();
    return;
  }
  if (phase_ == Phase::kMove) {
    if (a == act::kEndMoves) {
      rout_moves();
      phase_ = Phase::kShoot;
      for (auto& s : els_) {
        s.shot_last_phase = s.shot;
        s.shot = false;
      }
      next_shot();
      return;
    }
    auto p = plan(a);
    const PipCost cost = price(*p);
    pips_[static_cast<std::size_t>(gw_->element(p->movers[0]).command)] -= cost.total;
    if (logging())
      emit(
          "move",
          fmt::format("{} ({} PIP{})", action_to_string(a), cost.total, cost.total == 1 ? "" : "s"),
          "gwkho Pip-4");
    apply_move(*p);
    return;
  }
  if (phase_ == Phase::kShoot) {
    // [Sht-1] The shot for these two dice.
    const int d1 = (a - act::kShotDice) / 6 + 1, d2 = (a - act::kShotDice) % 6 + 1;
    const ShotSituation s = shot_situation(pa_, pb_);
    const ShotOutcome o = resolve_shot(s, d1, d2);
    els_[static_cast<std::size_t>(pa_)].shot = true;
    if (logging())
      emit("shot",
           fmt::format("{} shoots at {}: {}+{} = {}, {}", name(pa_), name(pb_), d1, d2, o.total,
                       result_id(o.result)),
           "gwkho Sht-1");
    apply_result(pb_, o.result, pa_, "gwkho Sht-1");
    next_shot();
    return;
  }
  if (phase_ == Phase::kCombat) {
    const int da = (a - act::kCombatDice) / 10 + 1, db = (a - act::kCombatDice) % 10 + 1;
    const CombatSituation s = combat_situation(pa_, pb_);
    const CombatOutcome o = resolve_combat(s, da, db);
    const int x = pa_, y = pb_;
    els_[static_cast<std::size_t>(x)].fought = true;
    els_[static_cast<std::size_t>(y)].fought = true;
    if (logging())
      emit("combat",
           fmt::format("{} {} ({}) against {} {} ({}): {} {}, {} {}", name(x), o.graded_a, da,
                       name(y), o.graded_b, db, gw_->element(x).id, result_id(o.a),
                       gw_->element(y).id, result_id(o.b)),
           "gwkho CC-14");
    apply_result(x, o.a, y, "gwkho CC-3");
    apply_result(y, o.b, x, "gwkho CC-3");
    next_combat();
    return;
  }
}

// [Sht-14] The next shooter of this shooting phase, both sides, in element order (ruling G-16a).
void GwkhoState::next_shot() {
  pa_ = pb_ = -1;
  for (int e = 0; e < num_elements(); ++e) {
    if (els_[static_cast<std::size_t>(e)].shot) continue;
    const int t = shot_target(e);
    if (t >= 0) {
      pa_ = e;
      pb_ = t;
      return;
    }
  }
  phase_ = Phase::kCombat;
  next_combat();
}

// [CC-1] The next combat: the active side's elements first, then the other side's, in element
// order; each element fights one round a bound (ruling G-48).
void GwkhoState::next_combat() {
  pa_ = pb_ = -1;
  for (int pass = 0; pass < 2; ++pass) {
    const int side = pass == 0 ? active_ : 1 - active_;
    for (int e = 0; e < num_elements(); ++e) {
      if (side_of(e) != side || els_[static_cast<std::size_t>(e)].fought) continue;
      const int t = front_enemy(e);
      if (t >= 0 && !els_[static_cast<std::size_t>(t)].fought) {
        pa_ = e;
        pb_ = t;
        return;
      }
    }
  }
  end_bound();
}

// [Mor-9 .. Mor-20] The end of a bound: morale and victory; else the other side's bound.
void GwkhoState::end_bound() {
  std::array<Morale, kNumSides> army{};
  for (int s = 0; s < kNumSides; ++s) {
    army[static_cast<std::size_t>(s)] = army_morale_of(s).army();
    if (standard_lost(s)) army[static_cast<std::size_t>(s)] = Morale::kBroken;  // [G-71]
    if (army[static_cast<std::size_t>(s)] != Morale::kSteady && !history_[s].army_shaken)
      history_[s].army_shaken = bound_;
  }
  for (int s = 0; s < kNumSides; ++s) history_[s].enemy_army_shaken = history_[1 - s].army_shaken;
  switch (victory(army[0], army[1])) {
    case Victory::kFirst:
      finish(0, EndReason::kArmyBroken);
      return;
    case Victory::kSecond:
      finish(1, EndReason::kArmyBroken);
      return;
    case Victory::kDraw:
      finish(2, EndReason::kArmyBroken);
      return;
    case Victory::kNone:
      break;
  }
  if (bound_ >= gw_->scenario_data().bounds) {
    finish(2, EndReason::kBoundLimit);
    return;
  }
  ++bound_;
  active_ = 1 - active_;
  start_bound();
}

void GwkhoState::finish(int winner, EndReason reason) {
  winner_ = winner;
  end_reason_ = reason;
  phase_ = Phase::kOver;
  pa_ = pb_ = -1;
  if (logging())
    emit("end",
         winner == 2
             ? fmt::format("game over: draw ({})", reason == EndReason::kBoundLimit
                                                       ? "the last bound is played"
                                                       : "both armies broken")
             : fmt::format("game over: {} wins (the enemy army is broken)", gw_->side(winner).name),
         "gwkho Mor-20");
}

std::vector<double> GwkhoState::returns() const {
  if (phase_ != Phase::kOver || winner_ == 2 || winner_ < 0) return {0.0, 0.0};
  return winner_ == 0 ? std::vector<double>{1.0, -1.0} : std::vector<double>{-1.0, 1.0};
}

// ---------------------------------------------------------------------------------------------
// Geometry

bool GwkhoState::on_table(const geo::Base& b) const {
  const Scenario& sc = gw_->scenario_data();
  for (const auto& p : b.corners())
    if (p.x < 0 || p.y < 0 || p.x > sc.width || p.y > sc.height) return false;
  return true;
}

bool GwkhoState::clear_at(const geo::Base& b, const std::vector<int>& movers, int ignore) const {
  for (int o = 0; o < num_elements(); ++o) {
    if (!els_[static_cast<std::size_t>(o)].alive || o == ignore) continue;
    if (std::find(movers.begin(), movers.end(), o) != movers.end()) continue;
    const geo::Base& ob = els_[static_cast<std::size_t>(o)].base;
    if (geo::far_apart(b.centre(), ob.centre(), geo::reach(b) + geo::reach(ob))) continue;
    if (geo::overlaps(b, ob)) return false;
  }
  return true;
}

bool GwkhoState::clear_path(const std::vector<int>& movers, const std::vector<geo::Base>& from,
                            const std::vector<geo::Base>& to, int ignore) const {
  for (std::size_t i = 0; i < movers.size(); ++i) {
    if (!on_table(to[i]) || !clear_at(to[i], movers, ignore)) return false;
    if (from[i].heading() != to[i].heading()) continue;  // a turn in place: its end only
    const geo::Vec v = to[i].centre() - from[i].centre();
    const std::int64_t len = std::abs(v.x) + std::abs(v.y);
    for (int o = 0; o < num_elements(); ++o) {
      if (!els_[static_cast<std::size_t>(o)].alive || o == ignore) continue;
      if (std::find(movers.begin(), movers.end(), o) != movers.end()) continue;
      const geo::Base& ob = els_[static_cast<std::size_t>(o)].base;
      if (geo::far_apart(from[i].centre(), ob.centre(), geo::reach(from[i]) + geo::reach(ob) + len))
        continue;
      if (geo::move_overlaps_base(from[i], v, ob)) return false;
    }
  }
  return true;
}

Going GwkhoState::going_at(const geo::Base& b) const {
  Going worst = Going::kOpen;
  for (const auto& t : gw_->scenario_data().terrain)
    if (going_rank(t.going) > going_rank(worst) && geo::base_overlaps_polygon(b, t.outline))
      worst = t.going;
  return worst;
}

std::int64_t GwkhoState::allowance(int e, Going g) const {
  MoveCase c;
  c.routing = els_[static_cast<std::size_t>(e)].routing;
  const auto in = move_inches(gw_->element(e).troop, g, c);
  return in ? inch(*in) : 0;
}

std::vector<int> GwkhoState::group_of(int e) const {
  std::vector<int> out{e};
  const ElementDef& d = gw_->element(e);
  for (std::size_t i = 0; i < out.size(); ++i) {
    const int x = out[i];
    for (int o = 0; o < num_elements(); ++o) {
      const ElementState& os = els_[static_cast<std::size_t>(o)];
      if (!os.alive || os.routing || gw_->element(o).side != d.side ||
          gw_->element(o).command != d.command || std::find(out.begin(), out.end(), o) != out.end())
        continue;
      if (grouped(els_[static_cast<std::size_t>(x)].base, os.base)) out.push_back(o);
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

int GwkhoState::front_enemy(int e) const {
  const ElementState& s = els_[static_cast<std::size_t>(e)];
  if (!s.alive) return -1;
  for (int o = 0; o < num_elements(); ++o) {
    const ElementState& os = els_[static_cast<std::size_t>(o)];
    if (!os.alive || side_of(o) == side_of(e)) continue;
    if (geo::far_apart(s.base.centre(), os.base.centre(), geo::reach(s.base) + geo::reach(os.base)))
      continue;
    const auto c = geo::edge_contact(s.base, os.base, kSlack);
    if (c && c->side_a == geo::Side::kFront) return o;
  }
  return -1;
}

bool GwkhoState::in_contact(int e) const {
  const ElementState& s = els_[static_cast<std::size_t>(e)];
  for (int o = 0; o < num_elements(); ++o) {
    const ElementState& os = els_[static_cast<std::size_t>(o)];
    if (!os.alive || side_of(o) == side_of(e)) continue;
    if (geo::far_apart(s.base.centre(), os.base.centre(),
                       geo::reach(s.base) + geo::reach(os.base) + kSlack))
      continue;
    if (geo::edge_contact(s.base, os.base, kSlack)) return true;
  }
  return false;
}

std::int64_t GwkhoState::nearest_enemy_sq(int e, const geo::Base& b) const {
  const Troop t = gw_->element(e).troop;
  const Morale m = morale_of(e);
  std::int64_t best = -1;
  for (int o = 0; o < num_elements(); ++o) {
    if (!els_[static_cast<std::size_t>(o)].alive || side_of(o) == side_of(e)) continue;
    if (!toward_enemy_counts(t, m, gw_->element(o).troop)) continue;
    const std::int64_t d = geo::distance_sq(b, els_[static_cast<std::size_t>(o)].base).floor();
    if (best < 0 || d < best) best = d;
  }
  return best;
}

// ---------------------------------------------------------------------------------------------
// Moves

core::Expected<MovePlan> GwkhoState::plan(game::Action a) const {
  if (phase_ != Phase::kMove) return core::make_error("Moves are made in the move phase only.");
  int e = -1, code = -1, t = -1;
  if (a >= act::kContactBase) {
    e = (a - act::kContactBase) / 256;
    t = (a - act::kContactBase) % 256;
  } else if (a >= act::kMoveBase) {
    e = (a - act::kMoveBase) / act::kCodes;
    code = (a - act::kMoveBase) % act::kCodes;
    if (code >= act::kNumCodes) return core::make_error("That is no move of gwkho.");
  } else {
    return core::make_error("That is no move of gwkho.");
  }
  if (e < 0 || e >= num_elements() || (t >= num_elements()))
    return core::make_error("That names no element.");
  const ElementState& s = els_[static_cast<std::size_t>(e)];
  const ElementDef& d = gw_->element(e);
  if (d.side != active_) return core::make_error(fmt::format("{} is not yours to move.", d.id));
  if (!s.alive) return core::make_error(fmt::format("{} is destroyed.", d.id));
  // [G-49] Routers only make rout moves; an element in contact fights instead of moving; each
  // element moves once a bound (no march moves yet).
  if (s.routing) return core::make_error(fmt::format("{} is routing.", d.id));
  if (s.moved_this_bound) return core::make_error(fmt::format("{} has moved this bound.", d.id));
  if (in_contact(e)) return core::make_error(fmt::format("{} is in contact with the enemy.", d.id));

  MovePlan p;
  const bool group_code =
      code == act::kGroupAbout || (code >= act::kGroupAdvance && code < act::kGroupAdvance + 4);
  if (group_code) {
    p.movers = group_of(e);
    if (p.movers.size() < 2 || p.movers[0] != e)
      return core::make_error(fmt::format("{} leads no group.", d.id));
    for (int m : p.movers)
      if (els_[static_cast<std::size_t>(m)].moved_this_bound || in_contact(m))
        return core::make_error(
            fmt::format("{} of the group has moved or is in contact.", gw_->element(m).id));
  } else {
    p.movers = {e};
  }
  std::vector<geo::Base> from;
  for (int m : p.movers) from.push_back(els_[static_cast<std::size_t>(m)].base);
  p.cost.group = p.movers.size() > 1;
  for (int m : p.movers) p.cost.elements.push_back({gw_->element(m).troop, {}});

  // [Mov-1, G-11] The allowance: the slowest member in the worst going the move crosses.
  auto group_allowance = [&](const std::vector<geo::Base>& to) {
    std::int64_t best = -1;
    for (std::size_t i = 0; i < p.movers.size(); ++i) {
      Going g = going_at(to[i]);
      if (from[i].heading() == to[i].heading()) {
        const geo::Vec v = to[i].centre() - from[i].centre();
        for (const auto& piece : gw_->scenario_data().terrain)
          if (going_rank(piece.going) > going_rank(g) &&
              geo::move_overlaps_polygon(from[i], v, piece.outline))
            g = piece.going;
      }
      g = going_rank(going_at(from[i])) > going_rank(g) ? going_at(from[i]) : g;
      const std::int64_t al = allowance(p.movers[i], g);
      if (best < 0 || al < best) best = al;
    }
    return best;
  };
  std::int64_t base_allowance = -1;
  for (std::size_t i = 0; i < p.movers.size(); ++i) {
    const std::int64_t al = allowance(p.movers[i], going_at(from[i]));
    if (base_allowance < 0 || al < base_allowance) base_allowance = al;
  }
  if (base_allowance <= 0) return core::make_error(fmt::format("{} may not move here.", d.id));

  if (t >= 0) {
    // [Seq, G-50] Into contact, front to front (or against a flank or the rear it is beyond).
    const ElementState& ts = els_[static_cast<std::size_t>(t)];
    if (!ts.alive || side_of(t) == active_)
      return core::make_error("Contact is made with a living enemy element only.");
    if (!geo::base_in_front_arc(s.base, ts.base))
      return core::make_error(
          fmt::format("{} is not in the front arc of {}.", gw_->element(t).id, d.id));
    geo::Side side = geo::Side::kFront;
    for (geo::Side sd : {geo::Side::kLeft, geo::Side::kRight, geo::Side::kBack})
      if (geo::wholly_beyond_side(ts.base, sd, s.base)) side = sd;
    const geo::Base dest = geo::place_in_contact(ts.base, side, s.base, geo::Side::kFront, 0);
    std::int64_t far = 0;
    const auto c0 = s.base.corners(), c1 = dest.corners();
    for (std::size_t k = 0; k < 4; ++k) far = std::max(far, geo::distance_sq(c0[k], c1[k]).ceil());
    p.to = {dest};
    p.distance = far;
    p.contact = true;
    // The move: a turn in place, then straight on; the straight part must be clear.
    const geo::Base turned = s.base.with_heading(dest.heading());
    if (!on_table(dest) || !clear_at(dest, p.movers, -1) ||
        !clear_path(p.movers, {turned}, {dest}, t))
      return core::make_error(
          fmt::format("{} cannot reach {}: the way is blocked.", d.id, gw_->element(t).id));
    const std::int64_t al = group_allowance({dest});
    if (far > al)
      return core::make_error(fmt::format("{} is {:.1f}\" from contact with {}, beyond its move.",
                                          d.id, static_cast<double>(far) / kUnitsPerInch,
                                          gw_->element(t).id));
    p.cost.straight_ahead = dest.heading() == s.base.heading();
    // [Pip-5] It could not recoil from where it ends.
    const geo::Base back = dest.moved_forward(-dest.depth());
    p.cost.into_contact_cannot_recoil = !on_table(back) || !clear_at(back, p.movers, t);
  } else {
    std::int64_t dist = 0;
    for (std::size_t i = 0; i < p.movers.size(); ++i) {
      geo::Base b = from[i];
      if (code < 4 || (code >= act::kGroupAdvance && code < act::kGroupAdvance + 4)) {
        dist = base_allowance * ((code % 4) + 1) / 4;
        b = b.moved_forward(dist);
      } else if (code == act::kTurnLeft) {
        b = b.rotated_about_centre(geo::Angle::degrees(90));
      } else if (code == act::kTurnRight) {
        b = b.rotated_about_centre(geo::Angle::degrees(-90));
      } else if (code == act::kTurnAbout || code == act::kGroupAbout) {
        b = b.rotated_about_centre(geo::Angle::degrees(180));
      } else {
        dist = base_allowance * (code - act::kBack + 1) / 4;
        b = b.moved_forward(-dist);
      }
      p.to.push_back(b);
    }
    p.distance = dist;
    if (!clear_path(p.movers, from, p.to, -1))
      return core::make_error(
          fmt::format("{} cannot move there: the way is blocked or off the "
                      "table.",
                      d.id));
    if (dist > 0 && dist > group_allowance(p.to))
      return core::make_error(fmt::format("{} cannot move that far in that going.", d.id));
    // [G-50] A move that is not a contact move may not end touching an enemy.
    for (const auto& b : p.to)
      for (int o = 0; o < num_elements(); ++o)
        if (els_[static_cast<std::size_t>(o)].alive && side_of(o) != active_ &&
            geo::intersects(b, els_[static_cast<std::size_t>(o)].base))
          return core::make_error(
              fmt::format("{} would touch the enemy: contact is made by a contact move.", d.id));
    p.cost.straight_ahead = code < 8;
    if (code == act::kGroupAbout) p.cost.half_turns = 1;
  }
  // [Pip-6] Out of command: its general is destroyed or more than the command range away.
  int general = -1;
  for (int o = 0; o < num_elements(); ++o)
    if (gw_->element(o).side == d.side && gw_->element(o).command == d.command &&
        gw_->element(o).general)
      general = o;
  if (general < 0 || !els_[static_cast<std::size_t>(general)].alive) {
    p.cost.out_of_command = true;
  } else {
    for (int m : p.movers)
      if (!geo::distance_sq(els_[static_cast<std::size_t>(m)].base.centre(),
                            els_[static_cast<std::size_t>(general)].base.centre())
               .within(inch(command_range_inches())))
        p.cost.out_of_command = true;
  }
  // [Pip-8] The worst morale of the movers, and whether they move toward counting enemy.
  for (int m : p.movers) p.cost.morale = worse(p.cost.morale, morale_of(m));
  if (p.cost.morale != Morale::kSteady) {
    const std::int64_t before = nearest_enemy_sq(p.movers[0], from[0]);
    const std::int64_t after = nearest_enemy_sq(p.movers[0], p.to[0]);
    p.cost.toward_enemy = before >= 0 && after < before;
  }
  // [Pip-15] With the commander-in-chief.
  for (int m : p.movers)
    if (gw_->element(m).cinc) p.cost.with_cinc_or_exceptional = true;
  return p;
}

PipCost GwkhoState::price(const MovePlan& p) const { return move_cost(p.cost); }

void GwkhoState::apply_move(const MovePlan& p) {
  for (std::size_t i = 0; i < p.movers.size(); ++i) {
    ElementState& s = els_[static_cast<std::size_t>(p.movers[i])];
    s.base = p.to[i];
    s.moved = p.distance;
    s.moved_this_bound = true;
    s.made_contact = p.contact;
  }
}

void GwkhoState::legal_actions(std::vector<game::Action>& out) const {
  out.clear();
  if (phase_ != Phase::kMove) return;
  out.push_back(act::kEndMoves);
  auto consider = [&](game::Action a) {
    auto p = plan(a);
    if (!p) return;
    const PipCost c = price(*p);
    if (!c.refused.empty()) return;
    if (c.total > pips_[static_cast<std::size_t>(gw_->element(p->movers[0]).command)]) return;
    out.push_back(a);
  };
  std::vector<game::Action> contacts;
  for (int e = 0; e < num_elements(); ++e) {
    const ElementState& s = els_[static_cast<std::size_t>(e)];
    if (side_of(e) != active_ || !s.alive || s.routing || s.moved_this_bound) continue;
    if (pips_[static_cast<std::size_t>(gw_->element(e).command)] <= 0) continue;
    if (in_contact(e)) continue;
    const std::vector<int> group = group_of(e);
    const bool leads = group.size() > 1 && group[0] == e;
    for (int code = 0; code < act::kNumCodes; ++code) {
      const bool group_code =
          code == act::kGroupAbout || (code >= act::kGroupAdvance && code < act::kGroupAdvance + 4);
      if (group_code && !leads) continue;
      consider(act::move(e, code));
    }
    const std::int64_t reach_e = allowance(e, Going::kOpen) + 2 * geo::reach(s.base);
    for (int t = 0; t < num_elements(); ++t) {
      const ElementState& ts = els_[static_cast<std::size_t>(t)];
      if (!ts.alive || side_of(t) == active_) continue;
      if (geo::far_apart(s.base.centre(), ts.base.centre(), reach_e + geo::reach(ts.base)))
        continue;
      consider(act::contact(e, t));
    }
  }
  std::sort(out.begin(), out.end());
}

// [Mov-3, G-27] Rout moves of the active side: each routing element turns to its own base edge
// and moves its routing move; off the table, it is lost.
void GwkhoState::rout_moves() {
  for (int e = 0; e < num_elements(); ++e) {
    ElementState& s = els_[static_cast<std::size_t>(e)];
    if (!s.alive || !s.routing || side_of(e) != active_) continue;
    const bool north = gw_->side(side_of(e)).north;
    const geo::Base turned = s.base.with_heading(geo::Angle::degrees(north ? 90 : 270));
    const std::int64_t dist = allowance(e, going_at(s.base));
    const geo::Base to = turned.moved_forward(dist);
    if (!on_table(to)) {
      destroy(e, "routs off the table");
      continue;
    }
    for (int q = 4; q >= 0; --q) {
      const geo::Base b = turned.moved_forward(dist * q / 4);
      if (clear_at(b, {e}, -1) && (q == 0 || clear_path({e}, {turned}, {b}, -1))) {
        s.base = b;
        break;
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Results

void GwkhoState::destroy(int e, const char* why) {
  ElementState& s = els_[static_cast<std::size_t>(e)];
  s.alive = false;
  morale_cache_[static_cast<std::size_t>(side_of(e))].reset();
  const bool own = own_morale_[side_of(e)][static_cast<std::size_t>(gw_->element(e).command)];
  s.loss = loss_when_destroyed(s.loss, own);
  s.routing = false;
  if (logging()) emit("destroyed", fmt::format("{} {}", name(e), why), "gwkho Mor-9");
}

// [G-27] A recoil: its own base depth straight back, keeping its facing.
void GwkhoState::recoil(int e, int enemy) {
  (void)enemy;
  ElementState& s = els_[static_cast<std::size_t>(e)];
  const geo::Base b = s.base.moved_forward(-s.base.depth());
  if (on_table(b) && clear_path({e}, {s.base}, {b}, -1)) s.base = b;
}

// [G-27] A flight: a full move straight back, facing the enemy still; as far as it can, in
// quarters; with no room at all it is destroyed. A rout turns it to its own base edge first.
void GwkhoState::flee(int e, int enemy, bool rout) {
  (void)enemy;
  ElementState& s = els_[static_cast<std::size_t>(e)];
  geo::Base start = s.base;
  bool forward = false;
  if (rout) {
    const bool north = gw_->side(side_of(e)).north;
    const geo::Base turned = s.base.with_heading(geo::Angle::degrees(north ? 90 : 270));
    if (clear_at(turned, {e}, enemy)) {
      start = turned;
      forward = true;
    }
  }
  const std::int64_t dist = allowance(e, Going::kOpen);
  const std::int64_t sign = forward ? 1 : -1;
  for (int q = 4; q >= 1; --q) {
    const geo::Base b = start.moved_forward(sign * dist * q / 4);
    if (!on_table(b)) {
      if (rout && q == 4) {
        destroy(e, "routs off the table");
        return;
      }
      continue;
    }
    if (clear_path({e}, {start}, {b}, -1)) {
      s.base = b;
      return;
    }
  }
  destroy(e, "has no room to flee");
}

void GwkhoState::apply_result(int e, Result r, int enemy, const char* rule) {
  ElementState& s = els_[static_cast<std::size_t>(e)];
  if (!s.alive) return;
  switch (r) {
    case Result::kNoEffect:
      return;
    case Result::kPushBack:
      recoil(e, enemy);
      return;
    case Result::kFlee:
      flee(e, enemy, false);
      return;
    case Result::kRout:
      // [Mor-9] A routing element counts as a loss (ruling G-34).
      s.routing = true;
      s.loss = Loss::kRouting;
      morale_cache_[static_cast<std::size_t>(side_of(e))].reset();
      if (logging()) emit("rout", fmt::format("{} routs", name(e)), rule);
      flee(e, enemy, true);
      return;
    case Result::kDestroyed:
      destroy(e, "is destroyed");
      return;
    case Result::kCrewFlee:
      // [G-51] A gun whose crew flees is lost for this game (crews are not replaced yet).
      destroy(e, "is abandoned by its crew");
      return;
  }
}

// ---------------------------------------------------------------------------------------------
// Situations

const ArmyMorale& GwkhoState::army_morale_of(int side) const {
  auto& cached = morale_cache_[static_cast<std::size_t>(side)];
  if (cached) return *cached;
  std::vector<MoraleElement> els;
  for (int e = 0; e < num_elements(); ++e) {
    if (side_of(e) != side) continue;
    const ElementDef& d = gw_->element(e);
    els.push_back({d.list_troop, d.status, d.command, d.regiment,
                   els_[static_cast<std::size_t>(e)].loss, false});
  }
  cached = army_morale(gw_->report(side), els, own_morale_[side]);
  return *cached;
}

Morale GwkhoState::morale_of(int e) const {
  const ElementDef& d = gw_->element(e);
  const ArmyMorale& m = army_morale_of(d.side);
  const MoraleElement me{
      d.list_troop, d.status, d.command, d.regiment, els_[static_cast<std::size_t>(e)].loss, false};
  return element_morale(m, me, own_morale_[d.side], history_[d.side]);
}

CombatSituation GwkhoState::combat_situation(int a, int b) const {
  CombatSituation cs;
  cs.year = gw_->scenario_data().year;
  auto fill = [&](int x, int y, CombatSide& c) {
    const ElementDef& d = gw_->element(x);
    const ElementState& s = els_[static_cast<std::size_t>(x)];
    c.troop = d.troop;
    c.status = d.status;
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
    for (int o = 0; o < num_elements(); ++o) {
      const ElementState& os = els_[static_cast<std::size_t>(o)];
      if (o == y || !os.alive || side_of(o) == d.side) continue;
      const auto ct = geo::edge_contact(s.base, os.base, kSlack);
      if (!ct || ct->side_b != geo::Side::kFront) continue;
      if (ct->side_a == geo::Side::kLeft || ct->side_a == geo::Side::kRight) ++c.flank_enemies;
      if (ct->side_a == geo::Side::kBack) ++c.rear_enemies;
    }
    c.going = going_at(s.base);
    c.made_contact = s.made_contact;
    const auto ct = geo::edge_contact(s.base, els_[static_cast<std::size_t>(y)].base, kSlack);
    c.contacted_on_flank_or_rear = ct && ct->side_a != geo::Side::kFront;
    c.moved = static_cast<int>(s.moved);
    c.fought_last_bound = s.fought_last_bound;
    // [CC-14] No room to recoil: the place a base depth behind is off the table or taken.
    const geo::Base back = s.base.moved_forward(-s.base.depth());
    c.cannot_recoil = !on_table(back) || !clear_path({x}, {s.base}, {back}, -1);
  };
  fill(a, b, cs.a);
  fill(b, a, cs.b);
  cs.just_contacted = els_[static_cast<std::size_t>(a)].made_contact ||
                      els_[static_cast<std::size_t>(b)].made_contact;
  return cs;
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
      es.moved > 0, es.shot_last_phase, es.fought_last_bound, false};
  ss.front_rank_only = may_shoot(st).front_rank_only;
  const ElementState& ts = els_[static_cast<std::size_t>(t)];
  ss.target = gw_->element(t).troop;
  // [Sht-8, G-12] Foot in rough or bad going are in cover.
  ss.cover = going_rank(going_at(ts.base)) > 0 ? Cover::kCover : Cover::kNone;
  // [Sht-4] Enfilade: the shooter stands wholly beyond the target's flank.
  ss.enfilade = geo::wholly_beyond_side(ts.base, geo::Side::kLeft, es.base) ||
                geo::wholly_beyond_side(ts.base, geo::Side::kRight, es.base);
  ss.range = static_cast<int>(geo::distance_sq(es.base, ts.base).ceil());
  return ss;
}

int GwkhoState::shot_target(int s) const {
  const ElementDef& d = gw_->element(s);
  const ElementState& es = els_[static_cast<std::size_t>(s)];
  if (!es.alive || es.routing || is_artillery(d.troop.type)) return -1;
  const auto range = shooting_range(d.troop, d.weapon, gw_->scenario_data().year);
  if (!range || shot_kind(d.troop, d.weapon) == ShotKind::kNone) return -1;
  if (in_contact(s)) return -1;
  ShooterState st{
      d.troop,      d.weapon,           d.side == active_,    static_cast<int>(es.moved),
      es.moved > 0, es.shot_last_phase, es.fought_last_bound, false};
  if (!may_shoot(st).allowed) return -1;
  int best = -1;
  geo::SquaredDistance best_d;
  for (int t = 0; t < num_elements(); ++t) {
    const ElementState& ts = els_[static_cast<std::size_t>(t)];
    if (!ts.alive || side_of(t) == d.side) continue;
    // [G-16a] Elements in close combat are not shot at.
    if (in_contact(t)) continue;
    if (geo::far_apart(es.base.centre(), ts.base.centre(),
                       inch(*range) + geo::reach(es.base) + geo::reach(ts.base)))
      continue;
    const geo::SquaredDistance dd = geo::distance_sq(es.base, ts.base);
    if (!dd.within(inch(*range)) || !geo::base_in_front_arc(es.base, ts.base)) continue;
    if (best < 0 || dd < best_d) {
      best = t;
      best_d = dd;
    }
  }
  return best;
}

// ---------------------------------------------------------------------------------------------
// Test set-up

void GwkhoState::debug_place(int e, geo::Point centre, int heading_degrees) {
  ElementState& s = els_[static_cast<std::size_t>(e)];
  s.base = s.base.with_centre(centre).with_heading(geo::Angle::degrees(heading_degrees));
  s.alive = true;
}
void GwkhoState::debug_kill(int e) {
  els_[static_cast<std::size_t>(e)].alive = false;
  els_[static_cast<std::size_t>(e)].loss = Loss::kDestroyed;
  morale_cache_[static_cast<std::size_t>(side_of(e))].reset();
}
void GwkhoState::debug_rout(int e) {
  els_[static_cast<std::size_t>(e)].routing = true;
  els_[static_cast<std::size_t>(e)].loss = Loss::kRouting;
  morale_cache_[static_cast<std::size_t>(side_of(e))].reset();
}
void GwkhoState::debug_set_pips(int command, int pips) {
  pips_[static_cast<std::size_t>(command)] = pips;
  pip_command_ = gw_->num_commands(active_);
  phase_ = Phase::kMove;
}
void GwkhoState::debug_start_combat() {
  phase_ = Phase::kCombat;
  next_combat();
}
void GwkhoState::debug_start_shooting() {
  phase_ = Phase::kShoot;
  next_shot();
}

}  // namespace carroccio::gwkho
