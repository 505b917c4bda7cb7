// The gwkho State: the bound, moves as candidates, shooting, close combat, morale and victory.
// The resolution layer (resolve_combat.hpp, resolve_shooting.hpp, pips.hpp, morale.hpp) decides
// every number; this file turns the table into its situations and applies what it answers.
#include "rulesets/gwkho/state.hpp"

#include <algorithm>
#include <numeric>
#include <sstream>

#include "fmt/format.h"
#include "game/table/geometry.hpp"
#include "game/table/place.hpp"
#include "rulesets/gwkho/internal.hpp"
#include "rulesets/gwkho/memo.hpp"
#include "rulesets/gwkho/movement.hpp"
#include "rulesets/gwkho/nearest.hpp"

namespace carroccio::gwkho {

namespace {

using detail::going_rank;
using detail::inch;
using detail::kSlack;

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
    case Phase::kActivate:
      return "activate";
  }
  return "?";
}

GwkhoState::GwkhoState(std::shared_ptr<const GwkhoGame> game)
    : game::State(game), gw_(std::move(game)) {
  for (int e = 0; e < gw_->num_elements(); ++e) {
    ElementState s{gw_->element(e).base};
    els_.push_back(s);
  }
  ff_.assign(els_.size(), FightFlags{});
  broken_by_enemy_.assign(els_.size(), false);
  enemy_shot_.assign(els_.size(), false);
  became_broken_.assign(els_.size(), false);
  surrender_asked_.assign(els_.size(), false);
  surrender_held_.assign(els_.size(), false);
  mount_now_.assign(els_.size(), false);
  mount_done_.assign(els_.size(), false);
  for (int s = 0; s < kNumSides; ++s) {
    own_morale_[s].assign(static_cast<std::size_t>(gw_->num_commands(s)), false);
    activated_[static_cast<std::size_t>(s)].assign(static_cast<std::size_t>(gw_->num_commands(s)),
                                                   false);
  }
  first_ = gw_->scenario_data().first;
  active_ = std::max(first_, 0);
  // [Seq-6, G-6] Random activation begins with a round's initiative dice; alternate bounds with
  // the first side's bound, or [Seq, G-75] with a die each for it when the scenario says so.
  if (gw_->rules().random_activation) {
    start_round();
  } else if (first_ == kFirstByDice) {
    phase_ = Phase::kActivate;
    astep_ = ActivateStep::kInitiative;
  } else {
    start_bound();
  }
}

std::unique_ptr<game::State> GwkhoState::clone() const {
  return std::make_unique<GwkhoState>(*this);
}

// An element in the log as the board and the decisions name it ("Rhineland knights #1 (Hc(o))"),
// not by its file id (issue 20, point 3).
const std::string& GwkhoState::name(int e) const { return gw_->troop_label(e); }

// ---------------------------------------------------------------------------------------------
// The sequence

game::Player GwkhoState::current_player() const {
  switch (phase_) {
    case Phase::kOver:
      return game::kTerminalPlayer;
    case Phase::kMove:
      return reg_roll_ >= 0 ? game::kChancePlayer : active_;
    case Phase::kActivate:
      return astep_ == ActivateStep::kDecisive ? active_ : game::kChancePlayer;
    case Phase::kShoot:
    case Phase::kCombat:
      return fight_player();
    default:
      return game::kChancePlayer;
  }
}

// [Seq, G-6] A bound of the active side begins: its PIP dice are rolled command by command (in
// random activation, the acting command's only: Seq-6).
void GwkhoState::start_bound() {
  pips_.assign(static_cast<std::size_t>(gw_->num_commands(active_)), 0);
  pip_command_ = command_ >= 0 ? command_ : 0;
  int regiments = 0;
  for (const auto& c : gw_->side(active_).army.commands)
    regiments += static_cast<int>(c.regiments.size());
  reg_pips_.assign(static_cast<std::size_t>(regiments), 0);
  reg_active_.assign(static_cast<std::size_t>(regiments), false);
  reg_roll_ = -1;
  phase_ = Phase::kPips;
  pa_ = pb_ = -1;
  step_ = FightStep::kNone;
  upgrades_ = {};
  for (auto& f : ff_) f = FightFlags{};
  for (int e = 0; e < num_elements(); ++e) {
    ElementState& s = els_[static_cast<std::size_t>(e)];
    s.fought_last_bound = s.fought;
    s.fought = false;
    s.made_contact = false;
    s.recrewed = false;  // [G-51] a crew replaced in an earlier bound fires again
    s.worked_by = -1;    // [G-44] the enemy's gun is worked (and paid for) bound by bound
    mount_now_[static_cast<std::size_t>(e)] = false;
    surrender_asked_[static_cast<std::size_t>(e)] = false;
    surrender_held_[static_cast<std::size_t>(e)] = false;
    // [Mor-19] Surrender reads who became broken this bound.
    if (gw_->rules().surrender)
      became_broken_[static_cast<std::size_t>(e)] =
          s.alive && !s.routing && s.loss != Loss::kBroken && morale_of(e) != Morale::kBroken;
    if (acts(e)) {
      s.moved = 0;
      s.moved_this_bound = false;
      s.moves = 0;
      s.held = false;
    }
  }
}

void GwkhoState::advance() {
  const int last = command_ >= 0 ? command_ + 1 : gw_->num_commands(active_);
  if (phase_ == Phase::kPips && pip_command_ >= last) phase_ = Phase::kMove;
}

void GwkhoState::chance_outcomes(std::vector<game::ChanceOutcome>& out) const {
  out.clear();
  if (phase_ == Phase::kActivate || (phase_ == Phase::kMove && reg_roll_ >= 0)) {
    bound_chance(out);  // state_bound.cpp
  } else if (phase_ == Phase::kPips) {
    const Command& c = gw_->side(active_).army.commands[static_cast<std::size_t>(pip_command_)];
    if (c.quality == GeneralQuality::kGood) {
      for (int a = 0; a < 36; ++a) out.push_back({act::kTwoDice + a, 1});
    } else {
      for (int v = 1; v <= 6; ++v) out.push_back({act::kOneDie + v, 1});
    }
  } else if (phase_ == Phase::kShoot || phase_ == Phase::kCombat) {
    fight_chance(out);
  }
}

game::ChanceInfo GwkhoState::chance_info() const {
  game::ChanceInfo info;
  if (phase_ == Phase::kActivate || (phase_ == Phase::kMove && reg_roll_ >= 0))
    return bound_chance_info();  // state_bound.cpp
  if (phase_ == Phase::kPips) {
    const Command& c = gw_->side(active_).army.commands[static_cast<std::size_t>(pip_command_)];
    info.purpose =
        fmt::format("the PIP dice of {} ({})", c.general,
                    c.quality == GeneralQuality::kGood ? "the better of two dice" : "one die");
    info.rule = "gwkho Pip-1";
  } else if (phase_ == Phase::kShoot && step_ == FightStep::kArtilleryDice) {
    info.purpose =
        fmt::format("artillery fire: {} (the gun's die) at {} (its die)", name(pa_), name(pb_));
    info.rule = "gwkho Sht-11";
  } else if (phase_ == Phase::kShoot && pa_ >= 0) {
    info.purpose = fmt::format("two dice: {} shoots at {}", name(pa_), name(pb_));
    info.rule = "gwkho Sht-1";
  } else if (phase_ == Phase::kCombat && pa_ >= 0) {
    info.purpose =
        fmt::format("close combat dice: {} (first) against {} (second)", name(pa_), name(pb_));
    info.rule = "gwkho CC-1";
  }
  physical_dice(info);  // state_fight.cpp
  return info;
}

void GwkhoState::do_apply(game::Action a) {
  if (phase_ == Phase::kActivate || (a >= act::kBoundBase && a < act::kBoundEnd)) {
    apply_bound(a);  // state_bound.cpp
    return;
  }
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
    if (a >= act::kFightBase && a < act::kFightEnd) {
      apply_morale(a);
      return;
    }
    if (a == act::kEndMoves) {
      // [Seq] Controlled moves first, then the impetuous moves, then the broken elements' and
      // the routers' moves.
      impetuous_moves();
      broken_rout();
      rout_moves();
      begin_shooting();
      return;
    }
    do_move(a);  // state_moves.cpp
    return;
  }
  if (phase_ == Phase::kShoot || phase_ == Phase::kCombat) apply_fight(a);
}

// [Mor-9 .. Mor-20] The end of a bound: morale and victory; else the other side's bound.
void GwkhoState::end_bound() {
  if (gw_->rules().surrender) {
    // [Mor-19] First the moving side's decisions to hold its elements, then the surrenders
    // (state_bound.cpp).
    if (offer_surrender_hold()) return;
    surrender_check();
  }
  std::array<Morale, kNumSides> army{};
  for (int s = 0; s < kNumSides; ++s) {
    army[static_cast<std::size_t>(s)] = army_morale_of(s).army();
    if (standard_lost(s)) army[static_cast<std::size_t>(s)] = Morale::kBroken;  // [G-71]
    if (army[static_cast<std::size_t>(s)] != Morale::kSteady && !history_[s].army_shaken)
      history_[s].army_shaken = bound_;
    // [Mor-16] Brittle heavy troops read when the heavy ledger first shook.
    const LedgerState* heavy = army_morale_of(s).find("heavy");
    if (heavy != nullptr && heavy->state != Morale::kSteady && !history_[s].heavy_shaken)
      history_[s].heavy_shaken = bound_;
    // [Mor-1a] Each allied contingent's ledger: its brittle troops read when it first shook; it
    // breaks on its own, and the army's morale and victory ignore it (ruling G-32a).
    for (const LedgerState& l : army_morale_of(s).ledgers) {
      if (l.ledger.kind != "allied" || l.state == Morale::kSteady) continue;
      auto& shaken = history_[s].allied_shaken;
      auto& broken = history_[s].allied_broken;
      const auto c = static_cast<std::size_t>(l.ledger.command);
      if (shaken.size() <= c) shaken.resize(c + 1);
      if (broken.size() <= c) broken.resize(c + 1);
      const bool news = !shaken[c] || (l.state == Morale::kBroken && !broken[c]);
      if (!shaken[c]) shaken[c] = bound_;
      if (l.state == Morale::kBroken && !broken[c]) broken[c] = bound_;
      if (news && logging())
        emit("morale",
             fmt::format("{}: {}, an allied contingent, is {}: {} e/e lost of {}, broken at {}",
                         gw_->side(s).name, gw_->command_label(s, l.ledger.command),
                         morale_id(l.state), l.lost_text(), l.ledger.ee.text(),
                         l.ledger.broken_at.text()),
             "gwkho Mor-1a");
    }
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
  if (command_ >= 0) {
    after_activation();  // [Seq-6] state_bound.cpp: the next activation, or the next round
    return;
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
    if (!on_table_now(o) || o == ignore) continue;  // [G-51] uncrewed guns stand in the way
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
      if (!on_table_now(o) || o == ignore) continue;
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
  const auto corners = b.corners();
  for (const auto& t : gw_->scenario_data().terrain) {
    if (t.impassable || going_rank(t.going) <= going_rank(worst)) continue;
    // A quick test of the bounding boxes first (no change to the answer).
    bool left = true, right = true, below = true, above = true;
    for (const auto& p : t.outline)
      for (const auto& c : corners) {
        left = left && p.x < c.x;
        right = right && p.x > c.x;
        below = below && p.y < c.y;
        above = above && p.y > c.y;
      }
    if (left || right || below || above) continue;
    if (geo::base_overlaps_polygon(b, t.outline)) worst = t.going;
  }
  return worst;
}

bool GwkhoState::within_command_range(geo::Point a, geo::Point b, int inches) const {
  const geo::Segment line{a, b};
  // [Pip-6, G-77] Out of sight counts as out of range: a hill the line passes over hides one end
  // from the other when neither stands on it (its crest is between them). Woods do not hide
  // (their length counts twice, below); a built-up area would, but no terrain kind is one.
  for (const auto& t : gw_->scenario_data().terrain)
    if (t.kind == TerrainKind::kHill && !geo::point_in_polygon(a, t.outline) &&
        !geo::point_in_polygon(b, t.outline) &&
        geo::segment_crosses_polygon_interior(line, t.outline))
      return false;
  // [Pip-6] "Double through woods etc": the line's length inside bad-going areas counts again.
  std::int64_t extra = 0;
  for (const auto& t : gw_->scenario_data().terrain)
    if (t.kind == TerrainKind::kArea && t.going == Going::kBad)
      extra += geo::length_inside_polygon(line, t.outline);
  if (extra == 0) return geo::distance_sq(a, b).within(inch(inches));
  const auto straight = static_cast<std::int64_t>(
      geo::isqrt(static_cast<geo::UInt128>(geo::squared_length(line.direction()))));
  return straight + extra <= inch(inches);
}

std::int64_t GwkhoState::allowance(int e, Going g, bool ford) const {
  MoveCase c;
  const ElementState& s = els_[static_cast<std::size_t>(e)];
  // [Mov-3, Mor-12] Routers run the extra inch, but shaken mounted rout at their normal speed.
  c.routing = s.routing && morale_effects(morale_of(e), gw_->element(e).troop).rout_bonus;
  c.crosses_ford = ford;
  // [Mov-4] Swiss and Landsknecht pike more than 12 inches from every enemy move as (f).
  const Peoples& ps = gw_->element(e).peoples;
  c.swiss_or_landsknecht = ps.has(People::kSwiss) || ps.has(People::kLandsknecht);
  if (c.swiss_or_landsknecht) {
    c.beyond_swiss_fast_distance = true;
    const std::int64_t beyond = inch(swiss_fast_beyond_inches());
    for (int o = 0; o < num_elements() && c.beyond_swiss_fast_distance; ++o) {
      const ElementState& os = els_[static_cast<std::size_t>(o)];
      if (!os.alive || side_of(o) == side_of(e)) continue;
      if (geo::far_apart(s.base.centre(), os.base.centre(),
                         beyond + geo::reach(s.base) + geo::reach(os.base)))
        continue;
      if (geo::distance_sq(s.base, os.base).within(beyond)) c.beyond_swiss_fast_distance = false;
    }
  }
  const auto in = move_inches(gw_->element(e).troop, g, c);
  return in ? inch(*in) : 0;
}

bool GwkhoState::along_road(const std::vector<geo::Base>& path) const {
  // The distance to a segment is convex, so when every listed centre is near one stretch, the
  // straight moves between them are too.
  for (const auto& r : gw_->scenario_data().roads)
    for (std::size_t i = 0; i + 1 < r.line.size(); ++i) {
      const geo::Segment stretch{r.line[i], r.line[i + 1]};
      if (std::all_of(path.begin(), path.end(), [&](const geo::Base& b) {
            return geo::distance_sq(b.centre(), stretch).within(kRoadHalfWidth);
          }))
        return true;
    }
  return false;
}

bool GwkhoState::in_ford(const geo::Base& b) const {
  for (const auto& t : gw_->scenario_data().terrain)
    if (t.kind == TerrainKind::kFord && geo::base_overlaps_polygon(b, t.outline)) return true;
  return false;
}

bool GwkhoState::uphill_of(const geo::Base& a, const geo::Base& b) const {
  for (const auto& t : gw_->scenario_data().terrain)
    if (t.kind == TerrainKind::kHill && geo::point_in_polygon(a.centre(), t.outline) &&
        !geo::point_in_polygon(b.centre(), t.outline))
      return true;
  return false;
}

bool GwkhoState::behind_river(const geo::Base& a, const geo::Base& b) const {
  for (const auto& t : gw_->scenario_data().terrain)
    if ((t.kind == TerrainKind::kRiver || t.kind == TerrainKind::kFord) &&
        !geo::point_in_polygon(a.centre(), t.outline) &&
        ((geo::base_overlaps_polygon(b, t.outline) && !geo::base_overlaps_polygon(a, t.outline)) ||
         geo::segment_crosses_polygon_interior(geo::Segment{a.centre(), b.centre()}, t.outline)))
      return true;
  return false;
}

GwkhoState::Behind GwkhoState::behind_lines(const geo::Base& a, std::optional<geo::Side> edge,
                                            geo::Point enemy) const {
  Behind out;
  const geo::Segment towards{a.centre(), enemy};
  for (const auto& f : gw_->scenario_data().lines) {
    const LinearEffect fx = linear_effect(f.kind);
    bool near = false, between = false, held = f.defended == Defended::kBoth;
    for (std::size_t k = 0; k + 1 < f.line.size(); ++k) {
      const geo::Segment seg{f.line[k], f.line[k + 1]};
      // [G-12d] Close to the edge that faces the enemy (or to the base).
      if (edge ? geo::distance_sq(a.side(*edge), seg).within(kBehindReach)
               : geo::distance_sq(seg, a).within(kBehindReach))
        near = true;
      // ... and running between it and its enemy; works held from a's side.
      if (geo::segments_intersect(towards, seg)) {
        between = true;
        const int o = geo::orientation(seg.a, seg.b, a.centre());
        if ((f.defended == Defended::kLeft && o > 0) || (f.defended == Defended::kRight && o < 0))
          held = true;
      }
    }
    if (!near || !between || !held) continue;
    out.linear = out.linear || fx.linear;
    out.fortification = out.fortification || fx.fortification;
    out.cover = std::max(out.cover, fx.cover);
  }
  return out;
}

Going GwkhoState::line_crossing(const geo::Base& from, const geo::Base& to) const {
  Going worst = Going::kOpen;
  const bool slide = from.heading() == to.heading();
  std::optional<geo::Polygon> swept;
  for (const auto& f : gw_->scenario_data().lines) {
    const Going g = linear_effect(f.kind).crossing;
    if (going_rank(g) <= going_rank(worst)) continue;
    for (std::size_t k = 0; k + 1 < f.line.size(); ++k) {
      const geo::Segment seg{f.line[k], f.line[k + 1]};
      // A slide crosses the line when its swept area does (so a charge over a ditch does);
      // between two headings (a turn, a step of a wheel) when the centre passes it, so that
      // turning in place behind works crosses nothing.
      if (slide && !swept) swept = geo::swept_area(from, to.centre() - from.centre());
      if (slide ? geo::segment_crosses_polygon_interior(seg, *swept)
                : from.centre() != to.centre() &&
                      geo::segments_intersect(geo::Segment{from.centre(), to.centre()}, seg)) {
        worst = g;
        break;
      }
    }
  }
  return worst;
}

std::vector<int> GwkhoState::group_of(int e) const {
  memo::Memo* kept = memo::of(*this);  // kept while the decisions are listed (memo.hpp)
  const auto ue = static_cast<std::size_t>(e);
  if (kept != nullptr && kept->grouped[ue] != 0) return kept->group[ue];
  std::vector<int> out{e};
  // Element o groups with x (every x found has e's side, command and regiment).
  auto joins = [&](int x, int o) {
    const ElementDef& d = gw_->element(x);
    const ElementState& os = els_[static_cast<std::size_t>(o)];
    // [Pip-2, G-7a] A regiment's elements group with their own regiment only.
    return os.alive && !os.routing && gw_->element(o).side == d.side &&
           gw_->element(o).command == d.command && gw_->element(o).regiment == d.regiment &&
           grouped(els_[static_cast<std::size_t>(x)].base, os.base);
  };
  for (std::size_t i = 0; i < out.size(); ++i) {
    const int x = out[i];
    if (kept != nullptr) {
      // While listing, the elements each x groups with are found once (the groups of x's
      // fellows ask for them again).
      const auto ux = static_cast<std::size_t>(x);
      if (kept->linked[ux] == 0) {
        kept->links[ux].clear();
        for (int o = 0; o < num_elements(); ++o)
          if (o != x && joins(x, o)) kept->links[ux].push_back(o);
        kept->linked[ux] = 1;
      }
      for (int o : kept->links[ux])
        if (std::find(out.begin(), out.end(), o) == out.end()) out.push_back(o);
      continue;
    }
    for (int o = 0; o < num_elements(); ++o)
      if (std::find(out.begin(), out.end(), o) == out.end() && joins(x, o)) out.push_back(o);
  }
  std::sort(out.begin(), out.end());
  if (kept != nullptr) {
    kept->group[ue] = out;
    kept->grouped[ue] = 1;
  }
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
  memo::Memo* kept = memo::of(*this);  // kept while the decisions are listed (memo.hpp)
  const auto ue = static_cast<std::size_t>(e);
  if (kept != nullptr && kept->contact[ue] >= 0) return kept->contact[ue] != 0;
  const bool contact = [&] {
    const ElementState& s = els_[ue];
    for (int o = 0; o < num_elements(); ++o) {
      const ElementState& os = els_[static_cast<std::size_t>(o)];
      if (!os.alive || side_of(o) == side_of(e)) continue;
      if (geo::far_apart(s.base.centre(), os.base.centre(),
                         geo::reach(s.base) + geo::reach(os.base) + kSlack))
        continue;
      if (geo::edge_contact(s.base, os.base, kSlack)) return true;
    }
    return false;
  }();
  if (kept != nullptr) kept->contact[ue] = contact ? 1 : 0;
  return contact;
}

int GwkhoState::nearest_enemy(int e) const {
  memo::Memo* kept = memo::of(*this);  // kept while the decisions are listed (memo.hpp)
  const auto ue = static_cast<std::size_t>(e);
  if (kept != nullptr && kept->nearest[ue] >= -1) return kept->nearest[ue];
  // The least by exact distance, then index (nearest.hpp: measured in order of their boxes' gap,
  // the rest not measured once one nearer is known).
  std::vector<int> enemies;
  for (int o = 0; o < num_elements(); ++o)
    if (els_[static_cast<std::size_t>(o)].alive && side_of(o) != side_of(e)) enemies.push_back(o);
  const auto near = nearest_bases(els_[ue].base, enemies, 1, [&](int t) -> const geo::Base& {
    return els_[static_cast<std::size_t>(t)].base;
  });
  const int nearest = near.empty() ? -1 : near[0].second;
  if (kept != nullptr) kept->nearest[ue] = nearest;
  return nearest;
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

// plan() and the move candidates are in state_moves.cpp.

PipCost GwkhoState::price(const MovePlan& p) const { return move_cost(p.cost); }

void GwkhoState::apply_move(const MovePlan& p) {
  for (std::size_t i = 0; i < p.movers.size(); ++i) {
    ElementState& s = els_[static_cast<std::size_t>(p.movers[i])];
    s.base = p.to[i];
    s.moved += p.distance;  // march moves add to it
    s.moved_this_bound = true;
    ++s.moves;
    s.made_contact = s.made_contact || p.contact;
  }
  // [Mov notes, G-74] The light cavalry pushed back go before the foot.
  for (std::size_t i = 0; i < p.pushed.size(); ++i)
    els_[static_cast<std::size_t>(p.pushed[i])].base = p.pushed_to[i];
}

void GwkhoState::legal_actions(std::vector<game::Action>& out) const {
  out.clear();
  const memo::Listing listing(*this);  // nothing changes while the decisions are listed
  if (phase_ == Phase::kActivate || (phase_ == Phase::kMove && reg_roll_ >= 0)) {
    bound_actions(out);  // state_bound.cpp
    return;
  }
  if (phase_ != Phase::kMove) {
    fight_actions(out);  // state_fight.cpp
    return;
  }
  move_actions(out);    // state_moves.cpp
  morale_actions(out);  // state_fight.cpp
  bound_actions(out);   // state_bound.cpp: regiments to activate
  std::sort(out.begin(), out.end());
}

// [Mov-3, G-27] Rout moves of the active side: each routing element turns to its own base edge
// and moves its routing move; off the table, it is lost.
void GwkhoState::rout_moves() {
  for (int e = 0; e < num_elements(); ++e) {
    ElementState& s = els_[static_cast<std::size_t>(e)];
    if (!s.alive || !s.routing || !acts(e)) continue;
    const bool north = gw_->side(side_of(e)).north;
    const geo::Base turned = s.base.with_heading(geo::Angle::degrees(north ? 90 : 270));
    // [Mov-3, G-12b] Along a road it runs at road speed (and without the router's inch).
    std::int64_t dist = allowance(e, Going::kRoad);
    if (!along_road({turned, turned.moved_forward(dist)}))
      dist = allowance(e, going_at(s.base), in_ford(s.base));
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
      if (logging())
        emit("rout", fmt::format("{} {}", name(e), game::table::verb_for(name(e), "routs")), rule);
      flee(e, enemy, true);
      return;
    case Result::kDestroyed:
      destroy(e, "is destroyed");
      return;
    case Result::kCrewFlee:
      // [G-51] The crew flees: the gun counts as lost in the ledgers (as a destroyed element),
      // and stays where it stood, uncrewed, until its side replaces the crew or the enemy
      // destroys or works it (Pip-16, state_crews.cpp).
      destroy(e, "is abandoned by its crew: the gun stands uncrewed");
      s.uncrewed = true;
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
                   els_[static_cast<std::size_t>(e)].loss,
                   broken_by_enemy_[static_cast<std::size_t>(e)]});
  }
  cached = army_morale(gw_->report(side), els, own_morale_[side]);
  return *cached;
}

Morale GwkhoState::morale_of(int e) const {
  const ElementDef& d = gw_->element(e);
  const ArmyMorale& m = army_morale_of(d.side);
  const MoraleElement me{d.list_troop,
                         d.status,
                         d.command,
                         d.regiment,
                         els_[static_cast<std::size_t>(e)].loss,
                         broken_by_enemy_[static_cast<std::size_t>(e)]};
  return element_morale(m, me, own_morale_[d.side], history_[d.side]);
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
void GwkhoState::debug_uncrew(int e) { apply_result(e, Result::kCrewFlee, -1, "gwkho Sht-1"); }
void GwkhoState::debug_rout(int e) {
  els_[static_cast<std::size_t>(e)].routing = true;
  els_[static_cast<std::size_t>(e)].loss = Loss::kRouting;
  morale_cache_[static_cast<std::size_t>(side_of(e))].reset();
}
void GwkhoState::debug_hold(int e) { els_[static_cast<std::size_t>(e)].held = true; }
void GwkhoState::debug_set_pips(int command, int pips) {
  pips_[static_cast<std::size_t>(command)] = pips;
  pip_command_ = gw_->num_commands(active_);
  phase_ = Phase::kMove;
}
void GwkhoState::debug_start_combat() { begin_combats(); }
void GwkhoState::debug_start_shooting() { begin_shooting(); }
void GwkhoState::debug_set_regiment_pips(int r, int pips) {
  reg_pips_[static_cast<std::size_t>(r)] = pips;
  reg_active_[static_cast<std::size_t>(r)] = true;
}

}  // namespace carroccio::gwkho
