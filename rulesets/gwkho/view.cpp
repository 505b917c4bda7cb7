// The gwkho State as text, JSON (the table board's shape, docs/api.md "The table view"),
// action names, odds from the resolution layer, the evaluation for the agents and the result.
#include "game/table/view.hpp"

#include <algorithm>
#include <cctype>
#include <sstream>

#include "fmt/format.h"
#include "rulesets/gwkho/odds.hpp"
#include "rulesets/gwkho/state.hpp"

namespace carroccio::gwkho {

namespace {

using game::table::corners_json;  // the table kit's: every table ruleset writes bases alike

std::string fraction_text(std::uint64_t w, std::uint64_t total) {
  return fmt::format("{}/{}", w, total);
}

nlohmann::json factors_json(const std::vector<Factor>& fs) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& f : fs)
    out.push_back(
        {{"clause", std::string(f.clause)}, {"text", std::string(f.text)}, {"value", f.value}});
  return out;
}

// How the game ended, in words (the end screen shows it; sim counts games by it).
std::string_view end_reason_name(EndReason r, int winner) {
  switch (r) {
    case EndReason::kArmyBroken:
      return winner == 2 ? "both armies broken" : "army broken";
    case EndReason::kBoundLimit:
      return "last bound played";
    default:
      return "";
  }
}

// How bad a result is for the element it befalls: what makes a row of the odds good or bad for
// the first element.
int severity(Result r) {
  switch (r) {
    case Result::kNoEffect:
      return 0;
    case Result::kPushBack:
      return 1;
    case Result::kCrewFlee:
      return 2;
    case Result::kFlee:
      return 3;
    case Result::kRout:
      return 4;
    case Result::kDestroyed:
      return 5;
  }
  return 0;
}

}  // namespace

std::string GwkhoState::to_string() const {
  std::ostringstream os;
  os << "bound " << bound_ << " active " << active_ << " phase " << phase_name(phase_) << " pipc "
     << pip_command_ << " pending " << pa_ << ',' << pb_ << " winner " << winner_ << '\n';
  os << "pips";
  for (int p : pips_) os << ' ' << p;
  os << '\n';
  for (int s = 0; s < kNumSides; ++s) {
    os << "own_morale " << s;
    for (bool b : own_morale_[s]) os << ' ' << b;
    os << " shaken " << (history_[s].army_shaken ? *history_[s].army_shaken : 0);
    // [Mor-1a] When allied contingents shook (none in a list without allies).
    for (const auto& a : history_[s].allied_shaken) os << ' ' << (a ? *a : 0);
    for (const auto& a : history_[s].allied_broken) os << ' ' << (a ? *a : 0);
    os << '\n';
  }
  for (int e = 0; e < num_elements(); ++e) {
    const ElementState& s = els_[static_cast<std::size_t>(e)];
    os << e << ' ' << s.alive << ' ' << s.base.centre().x << ',' << s.base.centre().y << ' '
       << s.base.heading().units() << ' ' << static_cast<int>(s.loss) << ' ' << s.routing << ' '
       << s.moved << ' ' << s.moved_this_bound << s.made_contact << s.fought << s.fought_last_bound
       << s.shot << s.shot_last_phase << ' ' << s.moves << s.held << ' ' << s.stuck_with;
    // [G-51, G-44] An uncrewed gun, a crew replaced this bound, a gun worked by the enemy.
    if (s.uncrewed || s.recrewed || s.worked_by >= 0)
      os << " gun " << s.uncrewed << s.recrewed << ' ' << s.worked_by;
    os << '\n';
  }
  // The sequence and the regiments (state_bound.cpp), when they are in play.
  const bool mounts = std::find(mount_done_.begin(), mount_done_.end(), true) != mount_done_.end();
  if (gw_->rules().random_activation || !reg_pips_.empty() || gw_->rules().surrender || mounts) {
    os << "round " << round_ << " command " << command_ << " step " << static_cast<int>(astep_)
       << " regiment_roll " << reg_roll_ << " regiments";
    for (std::size_t r = 0; r < reg_pips_.size(); ++r) os << ' ' << reg_pips_[r] << reg_active_[r];
    os << " activated";
    for (const auto& a : activated_)
      for (bool b : a) os << b;
    os << " enemy_shot";
    for (bool b : enemy_shot_) os << b;
    os << " became_broken";
    for (bool b : became_broken_) os << b;
    os << " mounts";
    for (std::size_t e = 0; e < mount_done_.size(); ++e) os << mount_done_[e] << mount_now_[e];
    os << '\n';
  }
  return os.str();
}

std::string GwkhoState::status_line() const {
  const Scenario& sc = gw_->scenario_data();
  if (phase_ == Phase::kOver)
    return fmt::format("bound {}/{} over: {}", bound_, sc.bounds,
                       winner_ == 2 ? "draw" : gw_->side(winner_).name + " wins");
  std::string pips;
  for (std::size_t c = 0; c < pips_.size(); ++c)
    pips += fmt::format("{}{}", c == 0 ? "" : "/", pips_[c]);
  if (gw_->rules().random_activation)
    return fmt::format("round {}/{} {} {} PIPs {}", round_, (sc.bounds + 1) / 2,
                       gw_->side(active_).name, phase_name(phase_), pips);
  return fmt::format("bound {}/{} {} {} PIPs {}", bound_, sc.bounds, gw_->side(active_).name,
                     phase_name(phase_), pips);
}

nlohmann::json GwkhoState::to_json(game::Player viewer) const {
  (void)viewer;  // nothing is hidden
  const Scenario& sc = gw_->scenario_data();
  nlohmann::json j;
  j["ruleset"] = "gwkho";
  j["scenario"] = gw_->scenario();
  // [Seq-6] In random activation a turn is a round (one bound of each side).
  const bool rounds = gw_->rules().random_activation;
  j["turn"] = rounds ? round_ : bound_;
  j["turns"] = rounds ? (sc.bounds + 1) / 2 : sc.bounds;
  j["phase"] = std::string(phase_name(phase_));
  j["active"] = phase_ == Phase::kOver ? "" : sc.sides[static_cast<std::size_t>(active_)].id;
  j["first"] = first_ >= 0 ? sc.sides[static_cast<std::size_t>(first_)].id : "";
  j["selected"] = pa_ >= 0 ? gw_->element(pa_).id : "";
  j["winner"] = winner_ == 2  ? "draw"
                : winner_ < 0 ? ""
                              : sc.sides[static_cast<std::size_t>(winner_)].id;
  j["end_reason"] = std::string(end_reason_name(end_reason_, winner_));
  j["units_per_inch"] = kUnitsPerInch;
  j["table"] = {{"width", sc.width}, {"height", sc.height}};
  j["pips"] = pips_;
  // [G-12] The table board draws a piece by its "type": an area by its going ("rough", "bad"), a
  // river, ford or hill by its kind; "going" says how it moves ("impassable" for a river crossed
  // only at fords). Roads are centre lines.
  j["terrain"] = nlohmann::json::array();
  for (const auto& t : sc.terrain) {
    nlohmann::json poly = nlohmann::json::array();
    for (const auto& p : t.outline) poly.push_back({p.x, p.y});
    j["terrain"].push_back(
        {{"id", t.id},
         {"name", terrain_name(t.id)},
         {"type", std::string(t.kind == TerrainKind::kArea ? going_name(t.going)
                                                           : terrain_kind_name(t.kind))},
         {"going", t.impassable ? "impassable" : std::string(going_name(t.going))},
         {"polygon", poly}});
  }
  j["roads"] = nlohmann::json::array();
  for (const auto& r : sc.roads) {
    nlohmann::json line = nlohmann::json::array();
    for (const auto& p : r.line) line.push_back({p.x, p.y});
    j["roads"].push_back({{"id", r.id}, {"line", line}});
  }
  // [G-12d] Linear features: the table board draws each line by its "type" (its kind), with
  // hatching on the side it is held from ("defended": "left" or "right" walking the line, "" for
  // either side) and "going" for crossing it.
  j["lines"] = nlohmann::json::array();
  for (const auto& f : sc.lines) {
    nlohmann::json line = nlohmann::json::array();
    for (const auto& p : f.line) line.push_back({p.x, p.y});
    j["lines"].push_back({{"id", f.id},
                          {"type", std::string(linear_kind_name(f.kind))},
                          {"defended", f.defended == Defended::kLeft    ? "left"
                                       : f.defended == Defended::kRight ? "right"
                                                                        : ""},
                          {"going", std::string(going_name(linear_effect(f.kind).crossing))},
                          {"line", line}});
  }
  nlohmann::json morale = nlohmann::json::object();
  for (int s = 0; s < kNumSides; ++s) {
    const ArmyMorale& m = army_morale_of(s);
    const LedgerState* a = m.find("army");
    nlohmann::json side = {{"state", std::string(morale_id(m.army()))},
                           {"lost", a ? a->lost_text() : "0"},
                           {"shaken_at_quarters", a ? a->shaken_at_quarters : 0},
                           {"broken_at_quarters", a ? a->broken_at_quarters : 0}};
    // [Mor-1a] Each allied contingent's ledger, a separate army's (ruling G-32a).
    for (const LedgerState& l : m.ledgers) {
      if (l.ledger.kind != "allied") continue;
      side["contingents"].push_back({{"command", l.ledger.command},
                                     {"name", gw_->command_label(s, l.ledger.command)},
                                     {"state", std::string(morale_id(l.state))},
                                     {"lost", l.lost_text()},
                                     {"shaken_at_quarters", l.shaken_at_quarters},
                                     {"broken_at_quarters", l.broken_at_quarters}});
    }
    morale[sc.sides[static_cast<std::size_t>(s)].id] = std::move(side);
  }
  j["morale"] = morale;
  j["units"] = nlohmann::json::array();
  for (int e = 0; e < num_elements(); ++e) {
    const ElementState& s = els_[static_cast<std::size_t>(e)];
    const ElementDef& d = gw_->element(e);
    j["units"].push_back({{"id", d.id},
                          {"name", d.name},
                          {"label", gw_->board_label(e)},
                          // The forms the log names it by (docs/api.md): each written by its
                          // label in the browser's log.
                          {"log_names", {gw_->label(e), gw_->troop_label(e), gw_->short_label(e)}},
                          {"side", sc.sides[static_cast<std::size_t>(d.side)].id},
                          {"type", troop_text(d.troop)},
                          {"command", d.command},
                          {"general", d.general},
                          {"cinc", d.cinc},
                          {"x", s.base.centre().x},
                          {"y", s.base.centre().y},
                          {"heading_arcsec", s.base.heading().units()},
                          {"corners", corners_json(s.base)},
                          {"routing", s.routing},
                          {"moved", s.moved_this_bound},
                          {"loss", std::string(loss_id(s.loss))},
                          {"on_table", s.alive || s.uncrewed},
                          {"removed", !s.alive && !s.uncrewed}});
    // [G-51, G-44] A gun whose crew fled stands on the table uncrewed (and, worked by the
    // enemy's foot this bound, names them).
    if (s.uncrewed) {
      j["units"].back()["uncrewed"] = true;
      if (s.worked_by >= 0) j["units"].back()["worked_by"] = gw_->element(s.worked_by).id;
    }
  }
  return j;
}

std::string GwkhoState::action_to_string(game::Action a) const {
  if (a >= act::kBoundBase && a < act::kBoundEnd) return bound_action_text(a);  // state_bound.cpp
  if (phase_ == Phase::kPips) {
    if (a >= act::kTwoDice)
      return fmt::format("dice {} and {}", (a - act::kTwoDice) / 6 + 1,
                         (a - act::kTwoDice) % 6 + 1);
    return fmt::format("die {}", a - act::kOneDie);
  }
  if (phase_ == Phase::kShoot || phase_ == Phase::kCombat ||
      (a >= act::kFightBase && a < act::kFightEnd))
    return fight_action_text(a);
  if (a == act::kEndMoves) return "end moves";
  if ((a >= act::kMoveBase && a < act::kMoveEnd) ||
      (a >= act::kPersonBase && a < act::kPersonEnd) ||
      (a >= act::kPlaceBase && a < act::kPlaceEnd))
    return move_text(a);  // state_moves.cpp
  return fmt::format("action {}", a);
}

nlohmann::json GwkhoState::action_to_json(game::Action a) const {
  // "id" and "name" as every ruleset gives them (State::action_to_json; the browser's decision
  // buttons read them); "action" and "text" are the same, kept for older readers.
  nlohmann::json j;
  j["id"] = a;
  j["name"] = action_to_string(a);
  j["action"] = a;
  j["text"] = j["name"];
  if (a >= act::kFightBase && a < act::kFightEnd && current_player() != game::kChancePlayer) {
    j["kind"] = "decision";
    // The shell asks action_odds() for a decision marked "odds"; the fight decisions with odds
    // (the order of combats, a die step, a target, following up) lead straight to dice.
    // Holding an element against surrender, or letting it go, rolls nothing (G-37b).
    if ((phase_ == Phase::kShoot || phase_ == Phase::kCombat) && a != act::kHoldBack &&
        a != act::kStandFast && a != act::kRoutAway && a != act::kLetSurrender &&
        a != act::kHoldSurrender && a != act::kStandTo && a != act::kKeepHeadsDown) {
      j["odds"] = true;
      j["rolls"] = true;
    }
    return j;
  }
  if (a >= act::kBoundBase && a < act::kBoundEnd) {
    // The sequence's and the regiments' decisions and dice (state_bound.cpp).
    j["kind"] = current_player() == game::kChancePlayer ? "chance" : "decision";
    return j;
  }
  if (phase_ != Phase::kMove) {
    j["kind"] = "chance";
    return j;
  }
  if (a == act::kEndMoves) {
    j["kind"] = "end-movement";
    return j;
  }
  const game::Action m = act::as_move(a);
  if (m >= act::kMoveBase && m < act::kMoveEnd &&
      (m - act::kMoveBase) % act::kCodes == act::kHold) {
    // [Pip-16] Holding impetuous troops: they stay where they are.
    const int e = (m - act::kMoveBase) / act::kCodes;
    if (e < num_elements()) {
      const geo::Base& b = els_[static_cast<std::size_t>(e)].base;
      j["kind"] = "hold";
      j["mover"] = gw_->element(e).id;
      j["mover_name"] = gw_->label(e);
      j["what"] = move_words(a);
      j["corners"] = corners_json(b);
      j["x"] = b.centre().x;
      j["y"] = b.centre().y;
      j["heading_arcsec"] = b.heading().units();
      j["pips"] = 1;
    }
    return j;
  }
  if (m >= act::kMoveBase && m < act::kMoveEnd &&
      (m - act::kMoveBase) % act::kCodes == act::kMount) {
    // [Pip-16, Dis-1] Dismounting or mounting: the element stays where it is.
    const int e = (m - act::kMoveBase) / act::kCodes;
    if (e < num_elements()) {
      j["kind"] = "dismount";
      j["mover"] = gw_->element(e).id;
      j["mover_name"] = gw_->label(e);
      j["what"] = move_words(a);
      j["corners"] = corners_json(els_[static_cast<std::size_t>(e)].base);
      j["pips"] = 1;
    }
    return j;
  }
  if (m >= act::kMoveBase && m < act::kMoveEnd &&
      ((m - act::kMoveBase) % act::kCodes == act::kReplaceCrew ||
       (m - act::kMoveBase) % act::kCodes == act::kDestroyGun ||
       (m - act::kMoveBase) % act::kCodes == act::kWorkGun)) {
    // [Pip-16, G-44, G-51] An uncrewed gun crewed again, destroyed or worked: nothing moves.
    const int e = (m - act::kMoveBase) / act::kCodes, code = (m - act::kMoveBase) % act::kCodes;
    if (e < num_elements()) {
      OtherCost oc;
      oc.action = code == act::kReplaceCrew  ? PipAction::kReplaceCrew
                  : code == act::kDestroyGun ? PipAction::kDestroyUncrewedArtillery
                                             : PipAction::kUseEnemyArtillery;
      oc.troop = gw_->element(e).troop;
      j["kind"] = "uncrewed-gun";
      j["mover"] = gw_->element(e).id;
      j["mover_name"] = gw_->label(e);
      j["what"] = move_words(a);
      j["corners"] = corners_json(els_[static_cast<std::size_t>(e)].base);
      j["pips"] = other_cost(oc).total;
      j["rule"] = "gwkho Pip-16";
    }
    return j;
  }
  if (m >= act::kMoveBase && m < act::kMoveEnd &&
      (m - act::kMoveBase) % act::kCodes == act::kBreakOwn) {
    // [Pip-18, G-36e] Breaking one's own element: it stays where it is, broken, and routs after
    // the moves; the price is the PIPs of breaking an element of its troop.
    const int e = (m - act::kMoveBase) / act::kCodes;
    if (e < num_elements()) {
      OtherCost oc;
      oc.action = PipAction::kBreakElement;
      oc.troop = gw_->element(e).troop;
      // Not a move of the element: no "what", so the browser lists these decisions together, by
      // the elements' names, rather than one more entry under every element.
      j["kind"] = "break-own";
      j["mover"] = gw_->element(e).id;
      j["mover_name"] = gw_->label(e);
      j["corners"] = corners_json(els_[static_cast<std::size_t>(e)].base);
      j["pips"] = other_cost(oc).total;
      j["rule"] = "gwkho Pip-18";
    }
    return j;
  }
  auto p = plan(a);
  if (!p) {
    j["kind"] = "move";
    return j;
  }
  j["kind"] = p->contact ? "charge" : p->distance == 0 ? "turn" : "move";
  if (a >= act::kPlaceBase && a < act::kPlaceEnd) j["kind"] = "place";
  j["mover"] = gw_->element(p->movers[0]).id;
  if (m >= act::kMoveBase && m < act::kMoveEnd) {
    // The move without its element, and the element in words: a button under the element's
    // name says only the move.
    j["mover_name"] = gw_->label(p->movers[0]);
    j["what"] = move_words(a);
  }
  const geo::Base& b = p->to[0];
  j["corners"] = corners_json(b);
  j["x"] = b.centre().x;
  j["y"] = b.centre().y;
  j["heading_arcsec"] = b.heading().units();
  nlohmann::json movers = nlohmann::json::array();
  for (std::size_t i = 0; i < p->movers.size(); ++i)
    movers.push_back({{"id", gw_->element(p->movers[i]).id}, {"corners", corners_json(p->to[i])}});
  j["movers"] = movers;
  // [Mov notes, G-74] The light cavalry the move pushes back, each at the place it ends.
  for (std::size_t i = 0; i < p->pushed.size(); ++i) {
    const geo::Base& pb = p->pushed_to[i];
    j["pushed"].push_back({{"id", gw_->element(p->pushed[i]).id},
                           {"name", gw_->label(p->pushed[i])},
                           {"corners", corners_json(pb)},
                           {"x", pb.centre().x},
                           {"y", pb.centre().y},
                           {"heading_arcsec", pb.heading().units()}});
  }
  const PipCost c = price(*p);
  j["pips"] = c.total;
  j["cost"] = factors_json(c.items);
  if (p->contact) {
    j["unit"] = gw_->element(p->target).id;
    // action_odds() weighs the combat it leads to; it rolls nothing itself. [G-51] Contact with
    // an uncrewed gun is no combat.
    if (els_[static_cast<std::size_t>(p->target)].alive) j["odds"] = true;
  }
  return j;
}

nlohmann::json combat_odds_json(const OddsName& x, const OddsName& y, const CombatSituation& s) {
  const CombatFactors f = combat_factors(s);
  const CombatOdds o = combat_odds(s);
  nlohmann::json j;
  j["kind"] = s.artillery_fire ? "artillery_fire" : "close_combat";
  j["rule"] = s.artillery_fire ? "gwkho Sht-11" : "gwkho CC-14";
  j["first"] = {{"id", x.id},     {"name", x.name},     {"fights_as", troop_text(f.a.fights_as)},
                {"die", f.a.die}, {"total", f.a.total}, {"factors", factors_json(f.a.factors)}};
  j["second"] = {{"id", y.id},     {"name", y.name},     {"fights_as", troop_text(f.b.fights_as)},
                 {"die", f.b.die}, {"total", f.b.total}, {"factors", factors_json(f.b.factors)}};
  j["total"] = o.total;
  nlohmann::json outs = nlohmann::json::array();
  for (int ra = 0; ra < kNumResults; ++ra)
    for (int rb = 0; rb < kNumResults; ++rb) {
      const auto w = o.weight(static_cast<Result>(ra), static_cast<Result>(rb));
      if (w == 0) continue;
      outs.push_back({{"first", std::string(result_id(static_cast<Result>(ra)))},
                      {"second", std::string(result_id(static_cast<Result>(rb)))},
                      {"weight", w},
                      {"probability", fraction_text(w, o.total)}});
    }
  j["outcomes"] = outs;
  // The shape every ruleset's odds share (docs/api.md): modifiers and results.
  nlohmann::json mods = nlohmann::json::array();
  for (const auto* side : {&f.a, &f.b})
    for (const auto& fa : side->factors)
      mods.push_back({{"what", fmt::format("{} {:+d}: {}", (side == &f.a ? x : y).short_name,
                                           fa.value, fa.text)},
                      {"rule", fmt::format("gwkho {}", fa.clause)}});
  j["modifiers"] = mods;
  nlohmann::json results = nlohmann::json::array();
  for (int ra = 0; ra < kNumResults; ++ra)
    for (int rb = 0; rb < kNumResults; ++rb) {
      const auto a = static_cast<Result>(ra), b = static_cast<Result>(rb);
      const auto w = o.weight(a, b);
      if (w == 0) continue;
      // Good or bad for the first element: the worse result befalls the other one, or it.
      const int d = severity(b) - severity(a);
      results.push_back({{"result", fmt::format("{} {}, {} {}", x.short_name, result_words(a),
                                                y.short_name, result_words(b))},
                         {"parts", nlohmann::json::array({std::string(result_words(a)),
                                                          std::string(result_words(b))})},
                         {"tone", d > 0   ? "good"
                                  : d < 0 ? "bad"
                                          : "even"},
                         {"probability", fraction_text(w, o.total)},
                         {"p", static_cast<double>(w) / static_cast<double>(o.total)}});
    }
  j["results"] = results;
  // Each result split by element, each named once (the browser's odds table heads).
  j["result_heads"] = nlohmann::json::array({x.short_name, y.short_name});
  return j;
}

nlohmann::json shot_odds_json(const OddsName& shooter, const OddsName& target,
                              const ShotSituation& s) {
  const ShotModifiers m = shot_modifiers(s);
  const ShotOdds o = shot_odds(s);
  nlohmann::json j;
  j["kind"] = "shot";
  j["rule"] = "gwkho Sht-1";
  j["shooter"] = shooter.id;
  j["target"] = target.id;
  j["shooter_name"] = shooter.name;
  j["target_name"] = target.name;
  j["modifiers"] = factors_json(m.modifiers);
  j["total"] = o.total;
  nlohmann::json outs = nlohmann::json::array();
  for (int r = 0; r < kNumResults; ++r)
    if (o.weights[static_cast<std::size_t>(r)] > 0)
      outs.push_back(
          {{"result", std::string(result_id(static_cast<Result>(r)))},
           {"weight", o.weights[static_cast<std::size_t>(r)]},
           {"probability", fraction_text(o.weights[static_cast<std::size_t>(r)], o.total)}});
  j["outcomes"] = outs;
  nlohmann::json mods = nlohmann::json::array();
  for (const auto& f : m.modifiers)
    mods.push_back({{"what", fmt::format("{:+d}: {}", f.value, f.text)},
                    {"rule", fmt::format("gwkho {}", f.clause)}});
  j["modifiers"] = mods;
  nlohmann::json results = nlohmann::json::array();
  for (int r = 0; r < kNumResults; ++r) {
    const auto w = o.weights[static_cast<std::size_t>(r)];
    if (w == 0) continue;
    const auto res = static_cast<Result>(r);
    results.push_back({{"result", fmt::format("{} {}", target.short_name, result_words(res))},
                       {"parts", nlohmann::json::array({std::string(result_words(res))})},
                       {"tone", res == Result::kNoEffect ? "even" : "good"},
                       {"probability", fraction_text(w, o.total)},
                       {"p", static_cast<double>(w) / static_cast<double>(o.total)}});
  }
  j["results"] = results;
  j["result_heads"] = nlohmann::json::array({target.short_name});
  return j;
}

namespace {
// An element of the game as its odds name it.
OddsName odds_name(const GwkhoGame& gw, int e) {
  return {gw.element(e).id, gw.label(e), gw.short_label(e)};
}
}  // namespace

nlohmann::json combat_odds_json(const GwkhoGame& gw, int x, int y, const CombatSituation& s) {
  return combat_odds_json(odds_name(gw, x), odds_name(gw, y), s);
}

nlohmann::json shot_odds_json(const GwkhoGame& gw, int shooter, int target,
                              const ShotSituation& s) {
  return shot_odds_json(odds_name(gw, shooter), odds_name(gw, target), s);
}

nlohmann::json GwkhoState::action_odds(game::Action a) const {
  if (phase_ == Phase::kShoot || phase_ == Phase::kCombat) return fight_odds(a);  // state_fight.cpp
  if (phase_ != Phase::kMove || act::as_move(a) < act::kMoveBase ||
      act::as_move(a) >= act::kMoveEnd)
    return nullptr;
  auto p = plan(a);
  if (!p || !p->contact || !els_[static_cast<std::size_t>(p->target)].alive) return nullptr;
  // The combat as it will stand after the contact move (CC-14: exact over both dice).
  GwkhoState after(*this);
  after.set_record_history(false);
  after.apply_move(*p);
  const int t = p->target;
  int e = p->movers[0];
  for (int m : p->movers)  // [G-50] the element that touches it (a group's may not be the first)
    if (geo::intersects(after.element(m).base, after.element(t).base)) {
      e = m;
      break;
    }
  return combat_odds_json(*gw_, e, t, after.combat_situation(e, t));
}

std::string GwkhoState::render_text(game::Player viewer) const {
  (void)viewer;
  std::ostringstream os;
  os << status_line() << '\n' << table_drawing();
  // [G-12] The terrain: each piece by the name the board gives it (terrain_name, never the
  // file's id), with its kind, its going and the box it lies in; each road with its centre line.
  const Scenario& sc = gw_->scenario_data();
  auto inches = [](std::int64_t v) { return static_cast<double>(v) / kUnitsPerInch; };
  for (const auto& t : sc.terrain) {
    std::int64_t x0 = t.outline[0].x, x1 = x0, y0 = t.outline[0].y, y1 = y0;
    for (const auto& p : t.outline) {
      x0 = std::min(x0, p.x);
      x1 = std::max(x1, p.x);
      y0 = std::min(y0, p.y);
      y1 = std::max(y1, p.y);
    }
    os << fmt::format("terrain {}: {}, {}{} from ({:.1f}\", {:.1f}\") to ({:.1f}\", {:.1f}\")\n",
                      terrain_name(t.id), terrain_kind_name(t.kind),
                      t.impassable ? "impassable" : std::string(going_name(t.going)) + " going",
                      t.kind == TerrainKind::kFord ? ", at most 3\" across" : "", inches(x0),
                      inches(y0), inches(x1), inches(y1));
  }
  // [G-12d] Each linear feature with its kind, the going of crossing it, the side it is held
  // from and its line.
  // A feature whose name only repeats its kind ("hedge") is called by its kind alone.
  for (const auto& f : sc.lines) {
    std::string kind(linear_kind_name(f.kind));  // in words: "field works"
    std::replace(kind.begin(), kind.end(), '_', ' ');
    std::string name = terrain_name(f.id);
    std::string lower = name;
    for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    os << fmt::format("{}{}: crossed as {} going{}:", kind, lower == kind ? "" : " " + name,
                      going_name(linear_effect(f.kind).crossing),
                      f.defended == Defended::kLeft    ? ", held from its left"
                      : f.defended == Defended::kRight ? ", held from its right"
                                                       : "");
    for (const auto& p : f.line)
      os << fmt::format(" ({:.1f}\", {:.1f}\")", inches(p.x), inches(p.y));
    os << '\n';
  }
  for (const auto& r : sc.roads) {
    os << "road " << terrain_name(r.id) << ':';
    for (const auto& p : r.line)
      os << fmt::format(" ({:.1f}\", {:.1f}\")", inches(p.x), inches(p.y));
    os << '\n';
  }
  for (int s = 0; s < kNumSides; ++s) {
    const ArmyMorale& m = army_morale_of(s);
    const LedgerState* l = m.find("army");
    os << gw_->side(s).name << ": morale " << morale_id(m.army()) << ", lost "
       << (l ? l->lost_text() : "0") << " e/e\n";
    // [Mor-1a] Each allied contingent's own morale (ruling G-32a).
    for (const LedgerState& c : m.ledgers)
      if (c.ledger.kind == "allied")
        os << fmt::format(
            "  {}, an allied contingent: morale {}, lost {} of {} e/e (shaken at {}, "
            "broken at {})\n",
            gw_->command_label(s, c.ledger.command), morale_id(c.state), c.lost_text(),
            c.ledger.ee.text(), c.ledger.shaken_at.text(), c.ledger.broken_at.text());
    for (int e = 0; e < num_elements(); ++e) {
      if (side_of(e) != s) continue;
      const ElementState& st = els_[static_cast<std::size_t>(e)];
      const ElementDef& d = gw_->element(e);
      if (st.uncrewed) {
        // [G-51, G-44] Lost, but on the table: its side may crew it again.
        os << fmt::format("  {} {} uncrewed at ({:.1f}\", {:.1f}\"){}\n", d.id, troop_text(d.troop),
                          static_cast<double>(st.base.centre().x) / kUnitsPerInch,
                          static_cast<double>(st.base.centre().y) / kUnitsPerInch,
                          st.worked_by >= 0
                              ? fmt::format(" worked by {}", gw_->element(st.worked_by).id)
                              : std::string());
        continue;
      }
      if (!st.alive) {
        os << "  " << d.id << ' ' << troop_text(d.troop) << " lost\n";
        continue;
      }
      // [G-40b, G-52] Riding as mounted infantry, or on foot as its dismount option.
      const std::string mount = d.dismounted()            ? " dismounted"
                                : d.troop != d.list_troop ? " riding"
                                                          : "";
      os << fmt::format("  {} {}{} at ({:.1f}\", {:.1f}\") facing {}{}{}{}\n", d.id,
                        troop_text(d.troop), mount,
                        static_cast<double>(st.base.centre().x) / kUnitsPerInch,
                        static_cast<double>(st.base.centre().y) / kUnitsPerInch,
                        st.base.heading().units() / 3600, d.general ? " [general]" : "",
                        st.routing ? " routing" : "", st.moved_this_bound ? " moved" : "");
    }
  }
  return os.str();
}

// The agents' estimate: each army's losses against the loss that breaks it (Mor-9, Mor-20).
std::vector<double> GwkhoState::evaluate() const {
  if (phase_ == Phase::kOver) return returns();
  std::array<double, kNumSides> f{};
  for (int s = 0; s < kNumSides; ++s) {
    const ArmyMorale& m = army_morale_of(s);
    const LedgerState* l = m.find("army");
    if (l && l->broken_at_quarters > 0)
      f[static_cast<std::size_t>(s)] =
          static_cast<double>(l->lost_quarters) / l->broken_at_quarters;
  }
  // A small positional term: how far each side's elements stand from their own base edge, as a
  // share of the table's depth (an army that closes with the enemy can win; one that waits
  // cannot). One side's advance does not change the other's.
  std::array<double, kNumSides> ahead{};
  std::array<int, kNumSides> count{};
  const double height = static_cast<double>(gw_->scenario_data().height);
  for (int e = 0; e < num_elements(); ++e) {
    const ElementState& s = els_[static_cast<std::size_t>(e)];
    if (!s.alive || s.routing) continue;
    const auto side = static_cast<std::size_t>(side_of(e));
    const double y = static_cast<double>(s.base.centre().y);
    ahead[side] += gw_->side(side_of(e)).north ? (height - y) / height : y / height;
    ++count[side];
  }
  for (std::size_t s = 0; s < kNumSides; ++s)
    if (count[s] > 0) ahead[s] /= count[s];
  const double v = std::clamp(f[1] - f[0] + 0.2 * (ahead[0] - ahead[1]), -1.0, 1.0);
  return {v, -v};
}

nlohmann::json GwkhoState::result_summary() const {
  const Scenario& sc = gw_->scenario_data();
  nlohmann::json j;
  j["end_reason"] = std::string(end_reason_name(end_reason_, winner_));
  j["turn"] = bound_;
  j["score_label"] = "Enemy e/e lost";
  j["score"] = nlohmann::json::object();
  for (int s = 0; s < kNumSides; ++s) {
    const ArmyMorale& m = army_morale_of(1 - s);
    const LedgerState* l = m.find("army");
    j["score"][sc.sides[static_cast<std::size_t>(s)].id] =
        l ? static_cast<double>(l->lost_quarters) / 4.0 : 0.0;
  }
  j["pieces"] = nlohmann::json::array();
  for (int e = 0; e < num_elements(); ++e) {
    const ElementState& s = els_[static_cast<std::size_t>(e)];
    // [G-51] A gun whose crew fled stands on the table uncrewed: it is lost to its side, but
    // not destroyed, and the summary says so.
    j["pieces"].push_back({{"id", gw_->element(e).id},
                           {"side", sc.sides[static_cast<std::size_t>(side_of(e))].id},
                           {"fate", s.uncrewed  ? "uncrewed"
                                    : !s.alive  ? "destroyed"
                                    : s.routing ? "routing"
                                                : "on_table"}});
  }
  j["points"] = points_json();
  return j;
}

std::string GwkhoState::check_invariants() const {
  for (int e = 0; e < num_elements(); ++e) {
    const ElementState& s = els_[static_cast<std::size_t>(e)];
    if (!s.alive) continue;
    if (!on_table(s.base)) return fmt::format("{} is off the table", gw_->element(e).id);
    for (int o = e + 1; o < num_elements(); ++o)
      if (els_[static_cast<std::size_t>(o)].alive &&
          geo::overlaps(s.base, els_[static_cast<std::size_t>(o)].base))
        return fmt::format("{} overlaps {}", gw_->element(e).id, gw_->element(o).id);
  }
  for (int p : pips_)
    if (p < 0) return "a command has negative PIPs";
  return {};
}

}  // namespace carroccio::gwkho
