// The ohw State: construction, the sequence of play, the action and chance dispatch, text and
// JSON forms, invariants (the evaluation and the agents' candidates are in analysis.cpp).
#include "rulesets/ohw/state.hpp"

#include <algorithm>
#include <sstream>

#include "core/event_pieces.hpp"
#include "fmt/format.h"
#include "game/table/place.hpp"
#include "game/table/view.hpp"

namespace carroccio::ohw {

std::string_view end_reason_name(EndReason r) {
  switch (r) {
    case EndReason::kNone:
      return "none";
    case EndReason::kObjective:
      return "objective taken";
    case EndReason::kBreak:
      return "army broken";
    case EndReason::kTurnLimit:
      return "turn limit";
    case EndReason::kWipedOut:
      return "no units left";
  }
  return "?";
}

game::Action move_code(int pre, int dist, int post) {
  return 1 + (pre * kNumDistances + dist) * 6 + post;
}

OhwState::OhwState(std::shared_ptr<const OhwGame> game) : game::State(game), ohw_(std::move(game)) {
  const OhwGame& g = *ohw_;
  const Scenario& sc = g.scenario_data();
  units_.reserve(static_cast<std::size_t>(g.num_units()));
  for (int u = 0; u < g.num_units(); ++u) {
    const UnitDef& d = g.unit(u);
    units_.push_back(UnitState{geo::Base(d.centre, d.width, d.depth, d.heading), d.type, 0,
                               d.enter_turn == 0, false, 0});
  }
  track_.first = static_cast<std::int8_t>(sc.first);
  advance();
}

std::unique_ptr<game::State> OhwState::clone() const { return std::make_unique<OhwState>(*this); }

int OhwState::removed_count(int side) const {
  int n = 0;
  for (int u = 0; u < ohw_->num_units(); ++u)
    if (side_of(u) == side && unit(u).removed) ++n;
  return n;
}

game::Player OhwState::current_player() const {
  if (phase_ == Phase::kOver) return game::kTerminalPlayer;
  if (pending_.kind != PendingKind::kNone) return game::kChancePlayer;
  return track_.active;
}

// ---------------------------------------------------------------------------------------------
// Sequence of play

void OhwState::advance() {
  const Scenario& sc = ohw_->scenario_data();
  std::vector<game::Action> scratch;
  for (;;) {
    if (phase_ == Phase::kOver || pending_.kind != PendingKind::kNone) return;
    switch (phase_) {
      case Phase::kSetup:
        if (sc.random_forces) {
          // Forces rolled on the original force table (research notes §3.2), one d6 per side.
          for (int s = 0; s < kNumSides; ++s)
            if (force_die_[static_cast<std::size_t>(s)] == 0) {
              pending_ = {PendingKind::kForceRoll, static_cast<std::int8_t>(s), -1};
              return;
            }
          // 5.2, 5.3 (O-32, O-33): then each side in turn chooses the units of its force that
          // its irregulars and peasant archers replace.
          for (int s = 0; s < kNumSides; ++s)
            if (replacement_due(s) != 0) {
              track_.active = static_cast<std::int8_t>(s);
              return;
            }
        }
        if (track_.first < 0) {
          pending_ = {PendingKind::kRollOff, -1, -1};  // O-1: a roll-off decides
          return;
        }
        track_.turn = 1;
        track_.active = track_.first;
        start_player_turn();
        break;
      case Phase::kMove: {
        if (selected_ >= 0) return;
        bool any = false;
        for (int u = 0; u < ohw_->num_units() && !any; ++u)
          any = side_of(u) == track_.active && unit(u).on_table && !(unit(u).flags & kActed);
        if (any) return;
        phase_ = Phase::kShoot;
        break;
      }
      case Phase::kShoot:
        legal_shots(scratch);
        if (!scratch.empty()) return;
        phase_ = Phase::kMelee;
        break;
      case Phase::kMelee:
        legal_melee(scratch);
        if (!scratch.empty()) return;
        end_player_turn();
        break;
      case Phase::kOver:
        return;
    }
  }
}

void OhwState::start_player_turn() {
  for (auto& us : units_) us.flags = 0;
  demolition_tried_ = false;
  // Reinforcements arrive at the start of their side's player turn, when their place is free.
  for (int u = 0; u < ohw_->num_units(); ++u) {
    UnitState& us = units_[static_cast<std::size_t>(u)];
    if (side_of(u) != track_.active || us.on_table || us.removed || ohw_->unit(u).enter_turn == 0 ||
        ohw_->unit(u).enter_turn > track_.turn)
      continue;
    if (may_stand(u, us.base)) {
      us.on_table = true;
      emit("arrive", game::table::says(unit_name(u), "arrives"), "ohw scenario");
    }
  }
  phase_ = Phase::kMove;
  selected_ = -1;
}

void OhwState::finish_game(int winner, EndReason reason) {
  track_.winner = static_cast<std::int8_t>(winner);
  end_reason_ = reason;
  phase_ = Phase::kOver;
  pending_ = {};
  emit("end", track_.game_over_text(ohw_->scenario_data().side_names, end_reason_name(reason)),
       "ohw O-29");
}

void OhwState::end_player_turn() {
  // ohw 4: units with 15 or more hits leave the table at the end of the player turn (O-27).
  for (int u = 0; u < ohw_->num_units(); ++u) {
    UnitState& us = units_[static_cast<std::size_t>(u)];
    if (us.on_table && us.hits >= 15) {
      us.on_table = false;
      us.removed = true;
      emit("remove",
           fmt::format("{} {} hits, 15 or more, and {} the table",
                       game::table::says(unit_words(u), "has"), us.hits,
                       game::table::verb_for(unit_words(u), "leaves")),
           "ohw 4");
    }
  }
  const Scenario& sc = ohw_->scenario_data();
  wagons_end_of_turn();
  for (const auto& v : sc.victory)
    if (v.kind == VictoryKind::kBreak && removed_count(1 - v.side) >= v.count)
      return finish_game(v.side, EndReason::kBreak);
  if (const int w = objective_winner(); w >= 0) return finish_game(w, EndReason::kObjective);
  for (int s = 0; s < kNumSides; ++s) {
    bool left = false;
    for (int u = 0; u < ohw_->num_units() && !left; ++u) left = side_of(u) == s && !unit(u).removed;
    if (!left) return finish_game(1 - s, EndReason::kWipedOut);
  }
  if (track_.active != track_.first) {  // the full turn is over
    score_zones();
    if (track_.last_turn(sc.turns)) return finish_game(decide_at_end(), EndReason::kTurnLimit);
    track_.next_turn();
  }
  track_.active = game::table::TurnTrack::other(track_.active);
  start_player_turn();
}

void OhwState::apply_hits(int t, int hits) {
  units_[static_cast<std::size_t>(t)].hits = static_cast<std::int16_t>(unit(t).hits + hits);
}

void OhwState::apply_die(int value) {
  const Pending p = pending_;
  pending_ = {};
  switch (p.kind) {
    case PendingKind::kForceRoll: {
      force_die_[static_cast<std::size_t>(p.a)] = static_cast<std::uint8_t>(value);
      std::vector<int> slots;
      for (int u = 0; u < ohw_->num_units(); ++u)
        if (side_of(u) == p.a && ohw_->unit(u).force_slot >= 0) slots.push_back(u);
      // 5.2 / 5.3: the units that irregulars and peasant archers replace are the side's choice,
      // made once both forces are rolled (legal_setup).
      const auto types = force_from_table(value, static_cast<int>(slots.size()));
      for (std::size_t i = 0; i < slots.size(); ++i)
        units_[static_cast<std::size_t>(slots[i])].type = types[i];
      emit("forces",
           fmt::format("{} rolls {} on the force table",
                       ohw_->scenario_data().side_names[static_cast<std::size_t>(p.a)], value),
           "ohw notes 3.2");
      break;
    }
    case PendingKind::kShot: {
      const HitFactors h = shooting_hits(p.a, p.t, value);
      // The reasons are read before the hits land (logging only: playouts build no text).
      const std::string why = logging() ? roll_reasons(p.a, p.t, false, h) : std::string();
      apply_hits(p.t, h.hits);
      if (logging())  // the shooter and its target named for a board (core/event_pieces.hpp)
        emit(core::attack_event(
            "shoot",
            fmt::format("{} {}: {} ({}/15)", game::table::says(unit_words(p.a), "shoots at"),
                        unit_words(p.t), why, unit(p.t).hits),
            "ohw 2.3", {ohw_->unit(p.a).id}, {ohw_->unit(p.t).id}));
      break;
    }
    case PendingKind::kDemolish:
      if (value >= ohw_->scenario_data().demolition.needs) demolished_ = true;
      emit("demolition",
           fmt::format("{} to break the crossing: d6 {}{}",
                       game::table::says(unit_name(p.a), "tries"), value,
                       demolished_ ? ": it is destroyed" : ": it stands"),
           "ohw scenario");
      break;
    case PendingKind::kMelee: {
      const HitFactors h = melee_hits(p.a, p.t, value);
      const std::string why = logging() ? roll_reasons(p.a, p.t, true, h) : std::string();
      apply_hits(p.t, h.hits);
      if (logging())
        emit(core::attack_event(
            "melee",
            fmt::format("{} {}: {} ({}/15)", game::table::says(unit_words(p.a), "strikes"),
                        unit_words(p.t), why, unit(p.t).hits),
            "ohw 3.2", {ohw_->unit(p.a).id}, {ohw_->unit(p.t).id}));
      break;
    }
    default:
      break;
  }
}

void OhwState::do_apply(game::Action a) {
  if (pending_.kind != PendingKind::kNone) {
    if (a >= act::kRollOffBase && a < act::kRollOffBase + kNumSides) {
      track_.first = static_cast<std::int8_t>(a - act::kRollOffBase);
      pending_ = {};
      emit("roll-off",
           fmt::format("{} wins the roll-off and moves first",
                       ohw_->scenario_data().side_names[static_cast<std::size_t>(track_.first)]),
           "ohw 0.0");
    } else {
      apply_die(a - act::kDieBase);
    }
  } else if (a == act::kEndPhase) {
    phase_ = phase_ == Phase::kMove ? Phase::kShoot : Phase::kMelee;
  } else if (a >= act::kPlaceBase) {
    do_place(a);
  } else if (a >= act::kMoveBase) {
    do_move(a - act::kMoveBase);
  } else if (a >= act::kIrregularsBase) {
    do_replace(a);
  } else if (a >= act::kMeleeBase) {
    const int u = (a - act::kMeleeBase) / 64;
    units_[static_cast<std::size_t>(u)].flags |= kFought;
    pending_ = {PendingKind::kMelee, static_cast<std::int8_t>(u),
                static_cast<std::int8_t>((a - act::kMeleeBase) % 64)};
  } else if (a >= act::kShootBase) {
    const int u = (a - act::kShootBase) / 64;
    units_[static_cast<std::size_t>(u)].flags |= kShot;
    pending_ = {PendingKind::kShot, static_cast<std::int8_t>(u),
                static_cast<std::int8_t>((a - act::kShootBase) % 64)};
  } else if (a >= act::kSelectBase) {
    selected_ = static_cast<std::int8_t>(a - act::kSelectBase);
  }
  advance();
}

// ---------------------------------------------------------------------------------------------
// Legal actions and chance

int OhwState::replacement_due(int s) const {
  const RuleOptions& r = ohw_->rules();
  if (!ohw_->scenario_data().random_forces || (!r.irregulars && !r.peasant_archers)) return 0;
  // The force table never gives irregulars or peasant archers, so a side has chosen when its
  // force holds them.
  int slots = 0, irregulars = 0, peasants = 0;
  for (int u = 0; u < ohw_->num_units(); ++u)
    if (side_of(u) == s && ohw_->unit(u).force_slot >= 0) {
      ++slots;
      irregulars += unit(u).type == UnitType::kIrregulars;
      peasants += unit(u).type == UnitType::kPeasantArchers;
    }
  if (r.irregulars && irregulars == 0 && slots >= 2) return 1;                  // 5.2: any two
  if (r.peasant_archers && peasants == 0 && slots - irregulars >= 1) return 2;  // 5.3: any one
  return 0;
}

void OhwState::legal_setup(std::vector<game::Action>& out) const {
  const int due = replacement_due(track_.active);
  std::vector<int> slots;
  for (int u = 0; u < ohw_->num_units(); ++u)
    if (side_of(u) == track_.active && ohw_->unit(u).force_slot >= 0) slots.push_back(u);
  if (due == 1) {
    for (std::size_t i = 0; i < slots.size(); ++i)
      for (std::size_t j = i + 1; j < slots.size(); ++j)
        out.push_back(act::kIrregularsBase + 64 * slots[i] + slots[j]);
  } else if (due == 2) {
    for (int u : slots)
      if (unit(u).type != UnitType::kIrregulars) out.push_back(act::kPeasantsBase + u);
  }
}

void OhwState::do_replace(game::Action a) {
  const std::string text = logging() ? action_to_string(a) : std::string();
  if (a >= act::kPeasantsBase) {
    units_[static_cast<std::size_t>(a - act::kPeasantsBase)].type = UnitType::kPeasantArchers;
    emit("forces", text, "ohw 5.3");
  } else {
    const int i = a - act::kIrregularsBase;
    units_[static_cast<std::size_t>(i / 64)].type = UnitType::kIrregulars;
    units_[static_cast<std::size_t>(i % 64)].type = UnitType::kIrregulars;
    emit("forces", text, "ohw 5.2");
  }
}

void OhwState::legal_actions(std::vector<game::Action>& out) const {
  out.clear();
  if (phase_ == Phase::kOver || pending_.kind != PendingKind::kNone) return;
  switch (phase_) {
    case Phase::kSetup:
      legal_setup(out);
      break;
    case Phase::kMove:
      legal_moves(out);
      break;
    case Phase::kShoot:
      out.push_back(act::kEndPhase);
      legal_shots(out);
      break;
    case Phase::kMelee:
      legal_melee(out);
      break;
    default:
      break;
  }
}

void OhwState::chance_outcomes(std::vector<game::ChanceOutcome>& out) const {
  out.clear();
  switch (pending_.kind) {
    case PendingKind::kNone:
      return;
    case PendingKind::kRollOff:
      // O-1: each side rolls a d6, ties rolled again: each side wins with probability 1/2.
      for (int s = 0; s < kNumSides; ++s) out.push_back({act::kRollOffBase + s, 1});
      return;
    default:
      for (int v = 1; v <= 6; ++v) out.push_back({act::kDieBase + v, 1});
  }
}

game::ChanceInfo OhwState::chance_info() const {
  game::ChanceInfo info;
  switch (pending_.kind) {
    case PendingKind::kNone:
      return info;
    case PendingKind::kRollOff:
      info.purpose = "roll-off for the first player turn (each side rolls a d6, ties again)";
      info.rule = "ohw 0.0";
      return info;
    case PendingKind::kForceRoll:
      info.purpose =
          fmt::format("the force table roll of {}",
                      ohw_->scenario_data().side_names[static_cast<std::size_t>(pending_.a)]);
      info.rule = "ohw notes 3.2";
      break;
    case PendingKind::kShot:
      info.purpose = fmt::format("shooting hits of {} against {}", unit_name(pending_.a),
                                 unit_name(pending_.t));
      info.rule = "ohw 2.3";
      break;
    case PendingKind::kMelee:
      info.purpose =
          fmt::format("melee hits of {} against {}", unit_name(pending_.a), unit_name(pending_.t));
      info.rule = "ohw 3.2";
      break;
    case PendingKind::kDemolish:
      info.purpose = fmt::format("demolition attempt by {} (needs {} or more)",
                                 unit_name(pending_.a), ohw_->scenario_data().demolition.needs);
      info.rule = "ohw scenario";
      break;
  }
  info.dice = core::Dice::d6();
  for (int v = 1; v <= 6; ++v) info.by_value.emplace_back(v, act::kDieBase + v);
  return info;
}

// ---------------------------------------------------------------------------------------------
// Results, text, JSON

std::vector<double> OhwState::returns() const { return track_.returns(phase_ == Phase::kOver); }

nlohmann::json OhwState::result_summary() const {
  nlohmann::json j;
  j["end_reason"] = std::string(end_reason_name(end_reason_));
  j["turn"] = track_.turn;
  j["winner"] = track_.winner_id(ohw_->scenario_data().side_ids);
  j["score_label"] = "Enemy units removed plus scenario points";
  j["score"] = nlohmann::json::object();
  for (int s = 0; s < kNumSides; ++s)
    j["score"][ohw_->scenario_data().side_ids[static_cast<std::size_t>(s)]] =
        removed_count(1 - s) + points_[static_cast<std::size_t>(s)];
  j["pieces"] = nlohmann::json::array();
  for (int u = 0; u < ohw_->num_units(); ++u)
    j["pieces"].push_back(
        {{"id", ohw_->unit(u).id},
         {"side", ohw_->scenario_data().side_ids[static_cast<std::size_t>(side_of(u))]},
         {"fate", unit(u).removed    ? "removed"
                  : unit(u).on_table ? "on table"
                                     : "not arrived"},
         {"hits", unit(u).hits}});
  j["points"] = points_json();
  return j;
}

std::string OhwState::status_line() const {
  const Scenario& sc = ohw_->scenario_data();
  static constexpr const char* kPhase[] = {"set-up", "move", "shoot", "melee", "over"};
  return fmt::format("{} | removed {}:{} {}:{} | points {}:{} {}:{}",
                     track_.status_head(sc.turns, sc.side_names, kPhase[static_cast<int>(phase_)],
                                        phase_ == Phase::kOver),
                     sc.side_ids[0], removed_count(0), sc.side_ids[1], removed_count(1),
                     sc.side_ids[0], points_[0], sc.side_ids[1], points_[1]);
}

std::string OhwState::to_string() const {
  std::ostringstream os;
  os << "ohw " << ohw_->scenario() << " turn " << int{track_.turn} << " active "
     << int{track_.active} << " first " << int{track_.first} << " phase "
     << static_cast<int>(phase_) << " selected " << int{selected_} << " pending "
     << static_cast<int>(pending_.kind) << ' ' << int{pending_.a} << ' ' << int{pending_.t}
     << " winner " << int{track_.winner} << " reason " << static_cast<int>(end_reason_) << " force "
     << int{force_die_[0]} << ' ' << int{force_die_[1]} << " points " << points_[0] << ' '
     << points_[1] << " demolished " << demolished_ << ' ' << demolition_tried_ << '\n';
  for (int u = 0; u < ohw_->num_units(); ++u) {
    const UnitState& us = unit(u);
    os << ohw_->unit(u).id << ' ' << type_name(us.type) << ' ' << us.base.centre() << ' '
       << us.base.heading().units() << " hits " << us.hits << (us.on_table ? " on" : " off")
       << (us.removed ? " removed" : "") << " flags " << int{us.flags} << '\n';
  }
  return os.str();
}

nlohmann::json OhwState::to_json(game::Player viewer) const {
  (void)viewer;  // nothing is hidden in ohw
  const Scenario& sc = ohw_->scenario_data();
  static constexpr const char* kPhase[] = {"setup", "move", "shoot", "melee", "over"};
  nlohmann::json j;
  j["ruleset"] = "ohw";
  j["scenario"] = ohw_->scenario();
  // The turn fields and the table part are the table kit's (docs/api.md, "The table view").
  track_.write_view(j, sc.turns, sc.side_ids, phase_ == Phase::kOver);
  game::table::write_table(j, kLength, sc.width, sc.height, sc.terrain, terrain_name, sc.roads);
  j["phase"] = kPhase[static_cast<int>(phase_)];
  j["selected"] = selected_ < 0 ? "" : ohw_->unit(selected_).id;
  j["points"] = {points_[0], points_[1]};
  j["demolished"] = demolished_;
  j["units"] = nlohmann::json::array();
  for (int u = 0; u < ohw_->num_units(); ++u) {
    const UnitState& us = unit(u);
    j["units"].push_back({{"id", ohw_->unit(u).id},
                          {"name", unit_name(u)},
                          {"label", unit_label(u)},
                          {"side", sc.side_ids[static_cast<std::size_t>(side_of(u))]},
                          {"type", std::string(type_name(us.type))},
                          {"x", us.base.centre().x},
                          {"y", us.base.centre().y},
                          {"heading_arcsec", us.base.heading().units()},
                          {"corners", game::table::corners_json(us.base)},
                          {"hits", us.hits},
                          {"on_table", us.on_table},
                          {"removed", us.removed}});
  }
  return j;
}

std::string OhwState::action_to_string(game::Action a) const {
  if (pending_.kind == PendingKind::kRollOff && a >= act::kRollOffBase &&
      a < act::kRollOffBase + kNumSides)
    return fmt::format(
        "{} wins the roll-off",
        ohw_->scenario_data().side_names[static_cast<std::size_t>(a - act::kRollOffBase)]);
  if (a > act::kDieBase && a <= act::kDieBase + 6) return fmt::format("d6 = {}", a - act::kDieBase);
  if (a == act::kEndPhase) return phase_ == Phase::kMove ? "end movement" : "end shooting";
  if (a >= act::kPlaceBase && a < act::kPlaceEnd) return placement_to_string(a);
  if (a >= act::kMoveBase && a < act::kMoveBase + act::kMaxCode) {
    const int code = a - act::kMoveBase;
    const std::string who = selected_ >= 0 ? unit_words(selected_) : std::string("?");
    // [names] the verbs agree with the unit's name ("the Blue knights hold").
    const auto v = [&](std::string_view verb) { return game::table::verb_for(who, verb); };
    if (code == act::kHold) return fmt::format("{} {}", who, v("holds"));
    if (code == act::kDemolishCode)
      return fmt::format("{} {} to demolish the crossing", who, v("tries"));
    if (code >= act::kMarchCode) {
      const int g = (code - act::kMarchCode) / 6, q = (code - act::kMarchCode) % 6;
      if (g >= static_cast<int>(ohw_->goals().size())) return {};
      std::string text =
          fmt::format("{} {} on {}", who, v("marches"),
                      ohw_->terrain_words(ohw_->goals()[static_cast<std::size_t>(g)]));
      if (kPostTurns[static_cast<std::size_t>(q)] != 0)
        text += fmt::format(", {} {:+d}", v("turns"), kPostTurns[static_cast<std::size_t>(q)]);
      if (selected_ >= 0)
        if (auto b = move_result(selected_, code))
          text += fmt::format(", ending {}", ohw_->place_words(b->centre()));
      return text;
    }
    if (code >= act::kFaceCode)
      return fmt::format("{} {} to face {} {}", who, v("turns"), game::table::its_for(who),
                         geo::to_string(static_cast<geo::Side>(code - act::kFaceCode)));
    if (code >= act::kChargeCode) {
      const int t = (code - act::kChargeCode) / 4;
      if (t >= ohw_->num_units()) return {};
      return fmt::format("{} {} the {} of {}", who, v("charges"),
                         geo::to_string(static_cast<geo::Side>((code - act::kChargeCode) % 4)),
                         unit_words(t));
    }
    const int c = code - 1;
    const int pre = c / (kNumDistances * 6), dist = (c / 6) % kNumDistances, post = c % 6;
    if (pre >= static_cast<int>(kPreTurns.size())) return {};
    std::string text = who;
    if (kPreTurns[static_cast<std::size_t>(pre)] != 0)
      text += fmt::format(" {} {:+d}", v("turns"), kPreTurns[static_cast<std::size_t>(pre)]);
    if (dist == kRoadDistance)
      text += fmt::format(" {} along the road (+3\")", v("moves"));
    else if (dist > 0)
      text += fmt::format(" {} {}/4", v("moves"), dist);
    if (kPostTurns[static_cast<std::size_t>(post)] != 0)
      text += fmt::format(", {} {:+d}", v("turns"), kPostTurns[static_cast<std::size_t>(post)]);
    if (selected_ >= 0 && dist > 0) {
      if (auto b = move_result(selected_, code))
        text += fmt::format(", ending {}", ohw_->place_words(b->centre()));
    }
    return text;
  }
  if (a >= act::kIrregularsBase && a < act::kPeasantsBase + ohw_->num_units()) {
    // 5.2, 5.3: each unit named with its side and the type it was rolled as.
    const int first =
        a >= act::kPeasantsBase ? a - act::kPeasantsBase : (a - act::kIrregularsBase) / 64;
    const int second = a >= act::kPeasantsBase ? first : (a - act::kIrregularsBase) % 64;
    if (first >= ohw_->num_units() || second >= ohw_->num_units()) return {};
    if (a >= act::kPeasantsBase)
      return game::table::says(unit_words(first), "becomes peasant archers");
    return fmt::format("{} and {} become irregulars", unit_words(first), unit_words(second));
  }
  auto pair = [&](game::Action base, const char* verb) -> std::string {
    const int u = (a - base) / 64, t = (a - base) % 64;
    if (u >= ohw_->num_units() || t >= ohw_->num_units()) return {};
    return fmt::format("{} {}", game::table::says(unit_words(u), verb), unit_words(t));
  };
  if (a >= act::kMeleeBase && a < act::kMoveBase) return pair(act::kMeleeBase, "fights");
  if (a >= act::kShootBase && a < act::kMeleeBase) return pair(act::kShootBase, "shoots at");
  if (a >= act::kSelectBase && a < act::kSelectBase + ohw_->num_units())
    return "move " + unit_name(a - act::kSelectBase);
  return {};
}

std::string OhwState::check_invariants() const {
  const Scenario& sc = ohw_->scenario_data();
  for (int u = 0; u < ohw_->num_units(); ++u) {
    const UnitState& us = unit(u);
    if (us.hits < 0) return fmt::format("{} has negative hits", ohw_->unit(u).id);
    if (us.on_table && us.removed)
      return fmt::format("{} is both on the table and removed", ohw_->unit(u).id);
    if (!us.on_table) continue;
    if (!game::table::on_table(us.base, sc.width, sc.height))
      return fmt::format("{} is partly off the table", ohw_->unit(u).id);
    for (int v = u + 1; v < ohw_->num_units(); ++v)
      if (unit(v).on_table && geo::overlaps(us.base, unit(v).base))
        return fmt::format("{} and {} overlap", ohw_->unit(u).id, ohw_->unit(v).id);
  }
  return {};
}

void OhwState::debug_place(int u, geo::Point centre, int heading_degrees, int hits) {
  UnitState& us = units_[static_cast<std::size_t>(u)];
  us.base =
      geo::Base(centre, us.base.width(), us.base.depth(), geo::Angle::degrees(heading_degrees));
  us.hits = static_cast<std::int16_t>(hits);
  us.on_table = true;
  us.removed = false;
}

void OhwState::debug_remove(int u) {
  units_[static_cast<std::size_t>(u)].on_table = false;
  units_[static_cast<std::size_t>(u)].removed = true;
}

}  // namespace carroccio::ohw
