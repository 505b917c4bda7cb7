// The fastplay State: construction, the turn sequence (fastplay 2), the action and chance
// dispatch, text and JSON forms, invariants (the evaluation is in analysis.cpp).
#include "rulesets/fastplay/state.hpp"

#include <algorithm>
#include <cstdlib>
#include <sstream>

#include "core/event_pieces.hpp"
#include "fmt/format.h"
#include "game/table/geometry.hpp"
#include "game/table/view.hpp"

namespace carroccio::fastplay {

std::string_view phase_name(Phase p) {
  static constexpr std::array<std::string_view, 8> kNames = {
      "archery 1", "movement", "archery 2", "charge", "melee", "retreat", "archery 3", "over"};
  return kNames[static_cast<std::size_t>(p)];
}

std::string_view end_reason_name(EndReason r) {
  switch (r) {
    case EndReason::kNone:
      return "none";
    case EndReason::kBroken:
      return "army broken";
    case EndReason::kTurnLimit:
      return "turn limit";
  }
  return "?";
}

game::Action move_action(int turn_index, int quarters) {
  return act::kMoveBase + 1 + turn_index * kNumDistances + quarters;
}

game::Action charge_action(int u, int t, geo::Side side) {
  return act::kChargeBase + 256 * u + 4 * t + static_cast<int>(side);
}

FastplayState::FastplayState(std::shared_ptr<const FastplayGame> game)
    : game::State(game), fp_(std::move(game)) {
  for (int u = 0; u < fp_->num_units(); ++u) {
    const UnitDef& d = fp_->unit(u);
    UnitState us;
    us.centre = d.centre;
    us.heading = d.heading;
    us.commander = d.commander || d.lone_commander;
    for (const auto& s : d.stands) {
      StandState st;
      st.type = s.type;
      st.offset = s.offset;
      us.stands.push_back(st);
    }
    us.serial = fresh_stamp();
    units_.push_back(std::move(us));
  }
  start_turn();
  restamp();
  advance();
  restamp();
}

std::unique_ptr<game::State> FastplayState::clone() const {
  return std::make_unique<FastplayState>(*this);
}

game::Player FastplayState::current_player() const {
  if (phase_ == Phase::kOver) return game::kTerminalPlayer;
  switch (pending_) {
    case PendingKind::kNone:
      return track_.active;
    case PendingKind::kChargeAnswer:
    case PendingKind::kOccupy:
    case PendingKind::kStrike:
    case PendingKind::kLoss:
    case PendingKind::kArrows:
      return pending_side_;
    default:
      return game::kChancePlayer;
  }
}

// ---------------------------------------------------------------------------------------------
// The turn sequence

void FastplayState::start_turn() {
  for (int u = 0; u < num_units(); ++u) mut_flags(u) = 0;
  moves_used_ = {0, 0};
  move_limit_ = {-1, -1};
  supreme_rolled_ = {false, false};
  const Scenario& sc = fp_->scenario_data();
  if (track_.turn == 1 && sc.first >= 0) {
    // The scenario names the first mover of turn 1.
    track_.first = static_cast<std::int8_t>(sc.first);
  } else {
    pending_ = PendingKind::kFirstMover;  // fastplay 2.1: a d6, odd A, even B
  }
  start_phase(Phase::kArchery1);
}

void FastplayState::start_phase(Phase p) {
  options_seen_ = {};
  phase_ = p;
  passed_ = {false, false};
  movers_done_ = 0;
  selected_ = -1;
  track_.active = track_.first;  // ruling F-3: the first mover also acts first in every phase
}

bool FastplayState::has_options(int side) const {
  const GeoScope scope(*this);
  thread_local std::vector<game::Action> scratch;
  legal_for(side, scratch, true);
  const auto found =
      std::find_if(scratch.begin(), scratch.end(), [](game::Action a) { return a != act::kPass; });
  const bool kept = phase_ == Phase::kMovement || phase_ == Phase::kArchery1 ||
                    phase_ == Phase::kArchery2 || phase_ == Phase::kArchery3 ||
                    phase_ == Phase::kCharge;
  if (kept && pending_ == PendingKind::kNone && selected_ < 0) {
    // legal_for() stopped at the first decision: the ones its loops tried before are not legal.
    options_seen_ = {static_cast<std::int8_t>(side), found == scratch.end() ? -1 : *found};
  }
  return found != scratch.end();
}

void FastplayState::advance() {
  for (;;) {
    if (phase_ == Phase::kOver || pending_ != PendingKind::kNone || selected_ >= 0) return;
    if (!commander_checks_.empty()) {
      pending_ = PendingKind::kCommanderDie;
      return;
    }
    if (!occupy_queue_.empty()) {
      pending_ = PendingKind::kOccupy;
      pending_side_ = static_cast<std::int8_t>(side_of(occupy_queue_.front()));
      return;
    }
    // fastplay 11.4 (optional): a side without its supreme commander rolls its d6 each turn.
    if (fp_->rules().supreme_commander) {
      for (int s = 0; s < kNumSides; ++s) {
        if (supreme_rolled_[static_cast<std::size_t>(s)]) continue;
        supreme_rolled_[static_cast<std::size_t>(s)] = true;
        for (int u = 0; u < num_units(); ++u)
          if (side_of(u) == s && fp_->unit(u).supreme && !unit(u).commander) {
            pending_ = PendingKind::kSupremeRoll;
            pending_side_ = static_cast<std::int8_t>(s);
            return;
          }
      }
    }
    if (phase_ == Phase::kMovement) {
      // fastplay 2.1: the first mover moves all it wishes, then the other army.
      if (movers_done_ >= kNumSides) {
        start_phase(Phase::kArchery2);
        continue;
      }
      if (!has_options(track_.active)) {
        ++movers_done_;
        track_.active = game::table::TurnTrack::other(track_.active);
        continue;
      }
      return;
    }
    // fastplay 2.2: alternating phases run until both sides pass or have nothing to do.
    if (!passed_[static_cast<std::size_t>(track_.active)] && has_options(track_.active)) return;
    passed_[static_cast<std::size_t>(track_.active)] = true;
    if (!passed_[static_cast<std::size_t>(1 - track_.active)]) {
      track_.active = game::table::TurnTrack::other(track_.active);
      continue;
    }
    switch (phase_) {
      case Phase::kArchery1:
        start_phase(Phase::kMovement);
        break;
      case Phase::kArchery2:
        start_phase(Phase::kCharge);
        break;
      case Phase::kCharge:
        start_phase(Phase::kMelee);
        break;
      case Phase::kMelee:
        end_melee_phase();
        start_phase(Phase::kRetreat);
        break;
      case Phase::kRetreat:
        start_phase(Phase::kArchery3);
        break;
      case Phase::kArchery3:
        end_turn();
        break;
      default:
        return;
    }
  }
}

void FastplayState::next_actor(int just_acted) {
  // fastplay 2.2: one unit of one army, then one of the other.
  if (!passed_[static_cast<std::size_t>(1 - just_acted)])
    track_.active = static_cast<std::int8_t>(1 - just_acted);
  else
    track_.active = static_cast<std::int8_t>(just_acted);
}

void FastplayState::end_melee_phase() {
  // fastplay 8.3: every stand struck down in the phase is removed together, after all struck.
  for (int u = 0; u < num_units(); ++u) {
    bool lost = false;
    // Only a unit with a stand to remove is changed (what names its place and stands is kept).
    const auto& now = unit(u).stands;
    if (std::none_of(now.begin(), now.end(), [](const StandState& s) { return s.doomed; }))
      continue;
    for (auto& s : mut_unit(u).stands)
      if (s.doomed) {
        s.doomed = false;
        s.alive = false;
        s.occupy = 0;
        lost = true;
      }
    if (lost) {
      emit("melee",
           fmt::format("{} loses stands in the melee, {} left", unit_name(u), alive_stands(u)),
           "fastplay 8.3");
      if (!alive(u)) mut_unit(u).commander = false;  // ruling F-25
      // fastplay 11.2: the commander may fall after losses in melee.
      if (unit(u).commander && alive(u) && !fp_->unit(u).lone_commander) {
        commander_checks_.push_back(static_cast<std::int8_t>(u));
        commander_limit_ = kCommanderLossMelee;
      }
    }
  }
  // fastplay 8.4: winners may take the places of the stands they struck down (ruling F-22: the
  // owner decides for the unit; only stands that fit there advance).
  for (int side : {static_cast<int>(track_.first), 1 - track_.first})
    for (int u = 0; u < num_units(); ++u) {
      if (side_of(u) != side) continue;
      const auto& now = unit(u).stands;
      if (std::none_of(now.begin(), now.end(), [](const StandState& s) { return s.occupy != 0; }))
        continue;  // nothing to advance (and nothing to set to 0)
      bool any = false;
      auto& stands = mut_unit(u).stands;
      for (std::size_t i = 0; i < stands.size() && !any; ++i) {
        if (!stands[i].alive || stands[i].occupy == 0) continue;
        const geo::Vec old = stands[i].offset;
        stands[i].offset = old + geo::Vec{stands[i].occupy, 0};
        any = may_place(u, unit(u).centre, unit(u).heading);
        stands[i].offset = old;
      }
      if (any)
        occupy_queue_.push_back(static_cast<std::int8_t>(u));
      else
        for (auto& s : stands) s.occupy = 0;
    }
}

void FastplayState::end_turn() {
  const Scenario& sc = fp_->scenario_data();
  // Ruling F-28: an army that has lost break_percent of its stands loses at the end of a turn.
  std::array<bool, kNumSides> broken{};
  for (int s = 0; s < kNumSides; ++s)
    broken[static_cast<std::size_t>(s)] =
        stands_lost(s) * 100 >= sc.break_percent * fp_->starting_stands(s);
  if (broken[0] || broken[1])
    return finish_game(broken[0] && broken[1] ? 2 : broken[0] ? 1 : 0, EndReason::kBroken);
  if (track_.last_turn(sc.turns)) {
    // Ruling F-28: at the turn limit the smaller share of stands lost wins.
    const std::int64_t a = std::int64_t{stands_lost(0)} * fp_->starting_stands(1);
    const std::int64_t b = std::int64_t{stands_lost(1)} * fp_->starting_stands(0);
    return finish_game(a == b ? 2 : a < b ? 0 : 1, EndReason::kTurnLimit);
  }
  track_.next_turn();
  start_turn();
}

void FastplayState::finish_game(int winner, EndReason reason) {
  track_.winner = static_cast<std::int8_t>(winner);
  end_reason_ = reason;
  phase_ = Phase::kOver;
  pending_ = PendingKind::kNone;
  emit("end", track_.game_over_text(fp_->scenario_data().side_names, end_reason_name(reason)),
       "fastplay F-28");
}

void FastplayState::kill_stand(int u, int i) {
  StandState& st = mut_unit(u).stands[static_cast<std::size_t>(i)];
  st.alive = false;
  st.doomed = false;
  st.occupy = 0;
  if (!alive(u)) mut_unit(u).commander = false;  // ruling F-25
}

void FastplayState::take_losses(int u, int n, PendingKind then) {
  // Ruling F-10: the owner picks which stands are lost to missiles and retreats; it has no
  // choice when the unit has one stand, or no more stands than it loses.
  loss_then_ = then;
  loss_unit_ = static_cast<std::int8_t>(u);
  losses_left_ = static_cast<std::int8_t>(std::min(n, alive_stands(u)));
  if (losses_left_ > 0 && alive_stands(u) > 1 && alive_stands(u) > losses_left_) {
    pending_ = PendingKind::kLoss;
    pending_side_ = static_cast<std::int8_t>(side_of(u));
    return;
  }
  const int n_lost = losses_left_;
  for (std::size_t i = 0; i < unit(u).stands.size(); ++i)
    if (losses_left_ > 0 && unit(u).stands[i].alive) {
      kill_stand(u, static_cast<int>(i));
      --losses_left_;
    }
  if (n_lost > 0)
    emit("loss",
         fmt::format("{} loses {} stand(s), {} left", unit_name(u), n_lost, alive_stands(u)),
         "fastplay F-10");
  after_loss();
}

void FastplayState::after_loss() {
  const PendingKind then = loss_then_;
  const int u = loss_unit_;
  loss_then_ = PendingKind::kNone;
  loss_unit_ = -1;
  losses_left_ = 0;
  switch (then) {
    case PendingKind::kArcheryDie:
    case PendingKind::kMachineDie:
      continue_volley(then);
      return;
    case PendingKind::kRetreatDie:
      after_losses(u, kCommanderLossMelee);  // fastplay 11.2
      finish_retreat(u);
      return;
    default:
      return;
  }
}

void FastplayState::continue_volley(PendingKind kind) {
  if (dice_left_ > 0 && alive(target_)) {
    pending_ = kind;
    return;
  }
  finish_volley();
}

std::vector<int> FastplayState::arrow_stands(int u, bool& replace) const {
  // fastplay 5.3 (ruling F-14): a 1 turns an archer stand about; once every archer stand is
  // turned, a 1 replaces one of them.
  std::vector<int> unturned, archers;
  const auto& stands = unit(u).stands;
  for (std::size_t i = 0; i < stands.size(); ++i) {
    if (!stands[i].alive || stands[i].type != TroopType::kArchery) continue;
    archers.push_back(static_cast<int>(i));
    if (!stands[i].turned) unturned.push_back(static_cast<int>(i));
  }
  replace = unturned.empty();
  return replace ? archers : unturned;
}

void FastplayState::running_low_on_arrows() {
  // fastplay 5.3 (ruling F-14): the shooting side picks which stand; with one candidate (or
  // none: no archer stand is left) the rules leave nothing to pick.
  bool replace = false;
  const auto stands = arrow_stands(shooter_, replace);
  if (stands.size() > 1) {
    pending_ = PendingKind::kArrows;
    pending_side_ = static_cast<std::int8_t>(side_of(shooter_));
    return;
  }
  if (stands.size() == 1) turn_or_replace(stands.front(), replace);
  continue_volley(PendingKind::kArcheryDie);
}

void FastplayState::turn_or_replace(int stand, bool replace) {
  StandState& s = mut_unit(shooter_).stands[static_cast<std::size_t>(stand)];
  if (replace) {
    // fastplay 5.3 (ruling F-14): out of arrows, the stand becomes a light infantry stand.
    s.type = TroopType::kLightInfantry;
    s.turned = false;
    emit("arrows",
         fmt::format("{}: stand {} is out of arrows and becomes light infantry",
                     unit_name(shooter_), stand + 1),
         "fastplay 5.3");
  } else {
    // fastplay 5.3: running low on arrows, the stand turns about (and still shoots).
    s.turned = true;
    emit("arrows",
         fmt::format("{}: stand {} turns about, running low on arrows", unit_name(shooter_),
                     stand + 1),
         "fastplay 5.3");
  }
}

void FastplayState::finish_retreat(int u) {
  // fastplay 9.2: the unit that survives its d10 moves back.
  if (alive(u))
    if (auto p = retreat_result(u)) mut_unit(u).centre = *p;
  mut_flags(u) |= kRetreated;
  next_actor(side_of(u));
}

void FastplayState::next_attack() {
  // fastplay 8.1 (ruling F-17): before each die the attacking side picks what it strikes, when
  // the stand has more than one enemy stand to strike.
  if (attacks_.empty()) return;
  Attack& a = attacks_.front();
  if (!a.chosen) {
    const auto options = strike_candidates(a, struck_);
    if (options.size() > 1) {
      pending_ = PendingKind::kStrike;
      pending_side_ = static_cast<std::int8_t>(side_of(a.unit));
      return;
    }
    if (options.size() == 1) a = options.front();
    a.chosen = true;
  }
  pending_ = PendingKind::kMeleeDie;
}

void FastplayState::after_losses(int u, int limit) {
  if (unit(u).commander && alive(u) && !fp_->unit(u).lone_commander) {
    commander_checks_.push_back(static_cast<std::int8_t>(u));
    commander_limit_ = static_cast<std::int8_t>(limit);
  }
}

// ---------------------------------------------------------------------------------------------
// Dice

void FastplayState::apply_die(int value) {
  const PendingKind kind = pending_;
  pending_ = PendingKind::kNone;
  switch (kind) {
    case PendingKind::kFirstMover:
      track_.first = static_cast<std::int8_t>(value % 2 == 1 ? 0 : 1);  // fastplay 2.1
      track_.active = track_.first;
      emit("initiative",
           fmt::format("d6 {}: {} moves first", value,
                       fp_->scenario_data().side_names[static_cast<std::size_t>(track_.first)]),
           "fastplay 2.1");
      break;
    case PendingKind::kSupremeRoll:
      move_limit_[static_cast<std::size_t>(pending_side_)] = static_cast<std::int8_t>(value);
      emit("supreme",
           fmt::format("without its supreme commander, {} may move or charge {} units",
                       fp_->scenario_data().side_names[static_cast<std::size_t>(pending_side_)],
                       value),
           "fastplay 11.4");
      break;
    case PendingKind::kArcheryDie: {
      const int t = target_;
      // fastplay 5.2: each die against the target unit's troop type (ruling F-10: the type its
      // live stands share, else the unit's listed type); the owner picks the stand lost.
      const bool hit =
          alive(t) && archery_success(target_type(t), value, shot_in_cover(shooter_, t));
      if (logging()) {
        // The die, what it needed and why, and what it did.
        const bool cover = shot_in_cover(shooter_, t);
        int need = 6;
        while (need > 1 && archery_success(target_type(t), need - 1, cover)) --need;
        // The troop type the die is read against, unless the target's name says it already (a
        // compact entry: two lines at 1366 px, issue 20).
        const std::string target = unit_words(t);
        const std::string type = troop_words(target_type(t));
        const std::string against =
            target.find(type) == std::string::npos ? " against " + type : std::string();
        emit(core::attack_event(
            "archery",
            fmt::format("{} shoots at {}: d6 {}, needs {}+{}{}: {}", unit_words(shooter_), target,
                        value, need, against, cover ? " in cover (+1, 10.2)" : "",
                        value == 1 ? "a miss, arrows run low (5.3)"
                        : hit      ? "a stand falls"
                                   : "a miss"),
            "fastplay 5.2", {fp_->unit(shooter_).id}, {fp_->unit(t).id}));
      }
      --dice_left_;
      if (value == 1) {
        // fastplay 5.3: a 1 costs arrows. It never hits (10.2: the archery row needs 3 or
        // more), so the shooting side's pick is all this die does.
        running_low_on_arrows();
        return;
      }
      if (hit) {
        ++hits_;
        take_losses(t, 1, PendingKind::kArcheryDie);
        return;
      }
      continue_volley(PendingKind::kArcheryDie);
      return;
    }
    case PendingKind::kMachineDie: {
      const int t = target_;
      const auto d = shooting_range(shooter_, t);
      const int ko = d ? machine_knockouts(fp_->unit(shooter_).type, d->ceil(), value,
                                           shot_in_cover(shooter_, t))
                             .value_or(0)
                       : 0;
      if (logging())  // the machine and its target named for a board (core/event_pieces.hpp)
        emit(core::attack_event(
            "machine",
            fmt::format("{} shoots at {}{}: d6 {}{}: {}", unit_words(shooter_), unit_words(t),
                        d ? fmt::format(" at {} cm", (d->ceil() + kCm - 1) / kCm) : std::string(),
                        value, shot_in_cover(shooter_, t) ? " (in cover: -1, 10.2)" : "",
                        ko == 0   ? "no effect"
                        : ko == 1 ? "one stand knocked out"
                                  : fmt::format("{} stands knocked out", ko)),
            "fastplay 10.2", {fp_->unit(shooter_).id}, {fp_->unit(t).id}));
      --dice_left_;
      if (ko > 0 && alive(t)) {
        hits_ = static_cast<std::int8_t>(hits_ + std::min(ko, alive_stands(t)));
        take_losses(t, ko, PendingKind::kMachineDie);
        return;
      }
      continue_volley(PendingKind::kMachineDie);
      return;
    }
    case PendingKind::kMeleeDie: {
      const Attack a = attacks_.front();
      attacks_.erase(attacks_.begin());
      if (!a.extra) struck_.push_back(a);
      StandState& target = mut_unit(a.target_unit).stands[static_cast<std::size_t>(a.target_stand)];
      const TroopType at = unit(a.unit).stands[static_cast<std::size_t>(a.stand)].type;
      const bool hit = melee_success(at, target.type, value, a.modifier);  // fastplay 10.1
      if (hit && target.alive) {
        target.doomed = true;  // removed at the end of the phase (fastplay 8.3)
        if (a.occupy > 0)
          mut_unit(a.unit).stands[static_cast<std::size_t>(a.stand)].occupy = a.occupy;
      }
      if (logging()) {
        int need = 6;
        while (need > 1 && melee_success(at, target.type, need - 1, 0)) --need;
        std::string mods;
        const int lone = fp_->unit(a.unit).lone_commander ? kLoneCommanderBonus : 0;
        if (a.modifier - lone > 0) mods += ", +1 on a flank or the rear (10.3)";
        if (lone) mods += ", +1 lone commander (11.3)";
        emit(core::attack_event(
            "melee",
            fmt::format("{}{} strikes {}: d6 {}{}, needs {}+ ({} against {}): {}",
                        unit_words(a.unit), a.extra ? " (extra die)" : "",
                        stand_words(a.target_unit, a.target_stand), value, mods, need,
                        troop_words(at), troop_words(target.type),
                        hit ? "struck down (removed at the phase's end, 8.3)" : "no effect"),
            "fastplay 10.1", {fp_->unit(a.unit).id}, {fp_->unit(a.target_unit).id}));
      }
      if (!attacks_.empty()) {
        next_attack();
        return;
      }
      struck_.clear();
      next_actor(side_of(a.unit));
      return;
    }
    case PendingKind::kRetreatDie: {
      const int u = shooter_;
      // fastplay 9.1: cavalry lose a stand on 1-2, foot on 1-5.
      const bool lose = value <= retreat_loss_limit(fp_->unit(u).type);
      emit("retreat",
           fmt::format("{} retreats: d10 {}, {} lose a stand on {} or less: {}", unit_words(u),
                       value, is_cavalry(fp_->unit(u).type) ? "cavalry" : "foot",
                       retreat_loss_limit(fp_->unit(u).type), lose ? "a stand is lost" : "no loss"),
           "fastplay 9.1");
      if (lose) {
        take_losses(u, 1, PendingKind::kRetreatDie);  // the owner picks the stand (ruling F-10)
        return;
      }
      finish_retreat(u);
      return;
    }
    case PendingKind::kCommanderDie: {
      const int u = commander_checks_.front();
      commander_checks_.erase(commander_checks_.begin());
      // fastplay 11.2: 1-3 after melee losses, 1 after an archery attack.
      if (value <= commander_limit_) {
        mut_unit(u).commander = false;
        emit("commander",
             fmt::format("the commander of {} falls: d10 {}, {} or less", unit_words(u), value,
                         int{commander_limit_}),
             "fastplay 11.2");
      } else {
        emit("commander",
             fmt::format("the commander of {} survives: d10 {}, above {}", unit_words(u), value,
                         int{commander_limit_}),
             "fastplay 11.2");
      }
      return;
    }
    default:
      return;
  }
}

void FastplayState::finish_volley() {
  if (hits_ > 0) after_losses(target_, kCommanderLossArchery);  // fastplay 11.2: once a volley
  const int s = side_of(shooter_);
  shooter_ = target_ = -1;
  hits_ = 0;
  dice_left_ = 0;
  next_actor(s);
}

void FastplayState::do_apply(game::Action a) {
  options_seen_ = {};
  // The units changed (mut_unit() forgot the stamp) have a new stamp once the action is done.
  struct Restamp {
    FastplayState& s;
    ~Restamp() { s.restamp(); }
  } restamp_at_end{*this};
  if (pending_ == PendingKind::kStrike) {
    // fastplay 8.1 (ruling F-17): the attacking side's pick among the candidates.
    const int t = (a - act::kStrikeBase) / 8, j = (a - act::kStrikeBase) % 8;
    for (const Attack& c : strike_candidates(attacks_.front(), struck_))
      if (c.target_unit == t && c.target_stand == j) {
        attacks_.front() = c;
        break;
      }
    attacks_.front().chosen = true;
    pending_ = PendingKind::kMeleeDie;
  } else if (pending_ == PendingKind::kLoss) {
    // Ruling F-10: the owner's pick of the stand lost.
    pending_ = PendingKind::kNone;
    const int u = loss_unit_;
    kill_stand(u, a - act::kLoseBase);
    emit("loss", fmt::format("{} loses a stand, {} left", unit_name(u), alive_stands(u)),
         "fastplay F-10");
    if (--losses_left_ > 0) {
      take_losses(u, losses_left_, loss_then_);
    } else {
      after_loss();
    }
  } else if (pending_ == PendingKind::kArrows) {
    // fastplay 5.3 (ruling F-14): the shooting side's pick of the stand turned or replaced.
    pending_ = PendingKind::kNone;
    turn_or_replace(a < act::kReplaceBase ? a - act::kTurnAboutBase : a - act::kReplaceBase,
                    a >= act::kReplaceBase);
    continue_volley(PendingKind::kArcheryDie);
  } else if (pending_ == PendingKind::kChargeAnswer) {
    pending_ = PendingKind::kNone;
    const PendingCharge c = charge_;
    do_charge(c.unit, c.target, c.side, a - act::kResponseBase);
    next_actor(side_of(c.unit));
  } else if (pending_ == PendingKind::kOccupy) {
    pending_ = PendingKind::kNone;
    const int u = occupy_queue_.front();
    occupy_queue_.erase(occupy_queue_.begin());
    auto& us = mut_unit(u);
    if (a - act::kOccupyBase == 1) {
      // fastplay 8.4: each winning stand steps into the place it emptied, if it fits there.
      for (std::size_t i = 0; i < us.stands.size(); ++i) {
        StandState& s = us.stands[i];
        if (!s.alive || s.occupy == 0) continue;
        const geo::Vec old = s.offset;
        s.offset = s.offset + geo::Vec{s.occupy, 0};
        if (!may_place(u, us.centre, us.heading)) s.offset = old;
      }
      emit("occupy", unit_name(u) + " advances into the vacated places", "fastplay 8.4");
    }
    for (auto& s : us.stands) s.occupy = 0;
  } else if (pending_ != PendingKind::kNone) {
    apply_die(a - act::kDieBase);
  } else if (a == act::kPass) {
    if (phase_ == Phase::kMovement) {
      ++movers_done_;
      track_.active = game::table::TurnTrack::other(track_.active);
    } else {
      passed_[static_cast<std::size_t>(track_.active)] = true;
      track_.active = game::table::TurnTrack::other(track_.active);
    }
  } else if (a >= act::kMoveBase) {
    do_move(a - act::kMoveBase);
  } else if (a >= act::kOccupyBase) {
    // not reachable: occupy answers are handled above
  } else if (a >= act::kRetreatBase) {
    const int u = a - act::kRetreatBase;
    shooter_ = static_cast<std::int8_t>(u);
    pending_ = PendingKind::kRetreatDie;  // fastplay 9.1: the d10 before the move
  } else if (a >= act::kFightBase) {
    const int u = a - act::kFightBase;
    mut_flags(u) |= kFought;
    attacks_ = melee_attacks(u);
    struck_.clear();
    next_attack();
  } else if (a >= act::kChargeBase) {
    const int c = a - act::kChargeBase;
    const int u = c / 256, t = (c % 256) / 4;
    const auto side = static_cast<geo::Side>(c % 4);
    std::uint16_t& flags = mut_flags(u);
    // Ruling F-27: a unit counts once, when it first moves or charges; holding is not moving.
    if (!(flags & kCharged) && (!(flags & kMoved) || (flags & kHeld)))
      ++moves_used_[static_cast<std::size_t>(side_of(u))];
    flags |= kCharged;
    const auto pose = charge_result(u, t, side);
    const bool foot_charger = !is_cavalry(fp_->unit(u).type);
    const bool can_evade = foot_charger && evade_result(t, pose->second).has_value();
    const bool can_face = face_result(t, pose->second).has_value();
    if (can_evade || can_face) {
      charge_ = {static_cast<std::int8_t>(u), static_cast<std::int8_t>(t), side};
      pending_ = PendingKind::kChargeAnswer;
      pending_side_ = static_cast<std::int8_t>(side_of(t));
    } else {
      do_charge(u, t, side, act::kStand);
      next_actor(side_of(u));
    }
  } else if (a >= act::kShootBase) {
    const int u = (a - act::kShootBase) / 64, t = (a - act::kShootBase) % 64;
    mut_flags(u) |= kShot;
    if (phase_ == Phase::kArchery1) mut_flags(u) |= kShotFirst;  // fastplay 5.1
    const UnitState& us = unit(u);
    shooter_ = static_cast<std::int8_t>(u);
    target_ = static_cast<std::int8_t>(t);
    hits_ = 0;
    const int extra = us.commander && !fp_->unit(u).lone_commander ? 1 : 0;  // fastplay 11.1
    if (is_war_machine(fp_->unit(u).type)) {
      dice_left_ = static_cast<std::int8_t>(1 + extra);
      pending_ = PendingKind::kMachineDie;
    } else {
      // fastplay 5.4: turned stands are still archers and shoot; replaced ones no longer do.
      int archers = 0;
      for (const auto& s : us.stands) archers += s.alive && s.type == TroopType::kArchery ? 1 : 0;
      dice_left_ = static_cast<std::int8_t>(archers + extra);  // fastplay 5.2: a die per stand
      pending_ = PendingKind::kArcheryDie;
    }
  } else if (a >= act::kSelectBase) {
    selected_ = static_cast<std::int8_t>(a - act::kSelectBase);
  }
  // The action's own changes are made (no reference from mut_unit() is kept past here): what
  // advance() asks (has_options()) is asked with a stamp, and a change it makes forgets it.
  restamp();
  advance();
}

void FastplayState::do_charge(int u, int t, geo::Side side, int answer) {
  const auto pose = charge_result(u, t, side);
  auto& us = mut_unit(u);
  auto& ts = mut_unit(t);
  if (answer == act::kFace) {
    // fastplay 6.2: the target pivots to face; the charger meets its front.
    const auto f = face_result(t, pose->second);
    ts.centre = f->first;
    ts.heading = f->second;
    emit("pivot", unit_name(t) + " pivots to face the charge", "fastplay 6.2");
    // fastplay 6.1 (ruling F-9): the charge distance is measured again to the new front; a
    // charger that no longer reaches it, or cannot meet it squarely, stays where it was.
    if (auto p = charge_result(u, t, geo::Side::kFront)) {
      us.centre = p->first;
      us.heading = p->second;
      emit("charge", unit_name(u) + " charges " + unit_name(t), "fastplay 6.1");
    } else {
      emit("charge", unit_name(u) + " falls short of " + unit_name(t) + "'s new front",
           "fastplay 6.2");
    }
    return;
  }
  if (answer == act::kEvade) {
    // fastplay 7.1: the cavalry moves away before contact; the foot follow if they still reach.
    ts.centre = *evade_result(t, pose->second);
    ts.flags |= kEvaded;
    if (logging())
      emit("evade", unit_name(t) + " evades the charge, ending " + fp_->place_words(ts.centre),
           "fastplay 7.1");
    if (auto p = charge_result(u, t, side)) {
      us.centre = p->first;
      us.heading = p->second;
      emit("charge", unit_name(u) + " still reaches " + unit_name(t), "fastplay 7.1");
    } else if (may_place(u, pose->first, pose->second)) {
      us.centre = pose->first;  // ruling F-23: the foot stop where the cavalry stood
      us.heading = pose->second;
    }
    return;
  }
  us.centre = pose->first;
  us.heading = pose->second;
  emit("charge", unit_name(u) + " charges " + unit_name(t), "fastplay 6.1");
}

void FastplayState::do_move(int code) {
  const int u = selected_;
  selected_ = -1;
  std::uint16_t& flags = mut_flags(u);
  if (!(flags & (kMoved | kCharged))) ++moves_used_[static_cast<std::size_t>(side_of(u))];
  flags |= kMoved;
  if (code == 0) {
    // A unit that holds is not counted against the supreme commander's d6 (ruling F-27); under
    // the d6 it is marked, so that a charge of it later in the turn counts.
    --moves_used_[static_cast<std::size_t>(side_of(u))];
    if (move_limit_[static_cast<std::size_t>(side_of(u))] >= 0) flags |= kHeld;
    return;
  }
  const Pose p = move_pose(u, code);
  auto& us = mut_unit(u);
  us.centre = p.first;
  us.heading = p.second;
  if (logging())
    emit(
        "move",
        unit_name(u) + " " + move_words(u, code, false) + ", ending " + fp_->place_words(us.centre),
        "fastplay 4.2");
}

// ---------------------------------------------------------------------------------------------
// Legal actions and chance

void FastplayState::legal_for(int side, std::vector<game::Action>& out, bool any_only) const {
  out.clear();
  out.push_back(act::kPass);
  // Adds a decision; true when the caller may stop (any_only and one found).
  auto add = [&](game::Action a) {
    out.push_back(a);
    return any_only;
  };
  switch (phase_) {
    case Phase::kMovement: {
      // What has_options() found in this state, if anything: no unit before `first` has a move,
      // unit `first` has one (and with first -1 none has).
      const bool seen = !any_only && options_seen_.side == side;
      const int first =
          seen && options_seen_.first >= 0 ? options_seen_.first - act::kSelectBase : -1;
      int from = 0;
      if (seen) from = first < 0 ? num_units() : first;
      for (int u = from; u < num_units(); ++u) {
        if (u == first) {
          add(act::kSelectBase + u);
          continue;
        }
        if (side_of(u) == side && may_move(u)) {
          thread_local std::vector<int> codes;
          move_codes(u, codes, true);
          if (!codes.empty() && add(act::kSelectBase + u)) return;
        }
      }
      return;
    }
    case Phase::kArchery1:
    case Phase::kArchery2:
    case Phase::kArchery3: {
      // What has_options() found in this state, if anything (as for the Movement phase): the
      // loops start at that shot, which is legal.
      const bool seen = !any_only && options_seen_.side == side;
      if (seen && options_seen_.first < 0) return;
      const int k = seen ? options_seen_.first - act::kShootBase : 0;
      const int u0 = k / 64, t0 = k % 64;
      for (int u = u0; u < num_units(); ++u)
        if (side_of(u) == side && ((seen && u == u0) || may_shoot(u)))
          for (int t = seen && u == u0 ? t0 : 0; t < num_units(); ++t)
            if (((seen && u == u0 && t == t0) || may_shoot_at(u, t)) &&
                add(act::kShootBase + 64 * u + t))
              return;
      return;
    }
    case Phase::kCharge: {
      const bool seen = !any_only && options_seen_.side == side;
      if (seen && options_seen_.first < 0) return;
      const int k = seen ? options_seen_.first - act::kChargeBase : 0;
      const int u0 = k / 256, t0 = (k % 256) / 4, s0 = k % 4;
      for (int u = u0; u < num_units(); ++u)
        if (side_of(u) == side && ((seen && u == u0) || may_charge(u)))
          for (int t = seen && u == u0 ? t0 : 0; t < num_units(); ++t)
            if (side_of(t) != side && charge_may_reach(u, t))
              for (geo::Side s : geo::kAllSides) {
                const bool at_first = seen && u == u0 && t == t0;
                if (at_first && static_cast<int>(s) < s0) continue;
                if (((at_first && static_cast<int>(s) == s0) || charge_result(u, t, s)) &&
                    add(charge_action(u, t, s)))
                  return;
              }
      return;
    }
    case Phase::kMelee:
      for (int u = 0; u < num_units(); ++u)
        if (side_of(u) == side && alive(u) && !(unit(u).flags & kFought) &&
            !melee_attacks(u).empty() && add(act::kFightBase + u))
          return;
      return;
    case Phase::kRetreat:
      for (int u = 0; u < num_units(); ++u)
        if (side_of(u) == side && retreat_result(u) && add(act::kRetreatBase + u)) return;
      return;
    case Phase::kOver:
      out.clear();
      return;
  }
}

void FastplayState::legal_actions(std::vector<game::Action>& out) const {
  const GeoScope scope(*this);
  out.clear();
  if (phase_ == Phase::kOver) return;
  switch (pending_) {
    case PendingKind::kNone:
      break;
    case PendingKind::kChargeAnswer: {
      out.push_back(act::kResponseBase + act::kStand);
      const auto pose = charge_result(charge_.unit, charge_.target, charge_.side);
      if (face_result(charge_.target, pose->second)) out.push_back(act::kResponseBase + act::kFace);
      if (!is_cavalry(fp_->unit(charge_.unit).type) && evade_result(charge_.target, pose->second))
        out.push_back(act::kResponseBase + act::kEvade);
      return;
    }
    case PendingKind::kOccupy:
      out.push_back(act::kOccupyBase);
      out.push_back(act::kOccupyBase + 1);
      return;
    case PendingKind::kStrike:
      for (const Attack& c : strike_candidates(attacks_.front(), struck_))
        out.push_back(act::kStrikeBase + 8 * c.target_unit + c.target_stand);
      std::sort(out.begin(), out.end());
      return;
    case PendingKind::kLoss:
      for (std::size_t i = 0; i < unit(loss_unit_).stands.size(); ++i)
        if (unit(loss_unit_).stands[i].alive) out.push_back(act::kLoseBase + static_cast<int>(i));
      return;
    case PendingKind::kArrows: {
      bool replace = false;
      for (int i : arrow_stands(shooter_, replace))
        out.push_back((replace ? act::kReplaceBase : act::kTurnAboutBase) + i);
      return;
    }
    default:
      return;
  }
  if (phase_ == Phase::kMovement && selected_ >= 0) {
    out.push_back(act::kMoveBase);  // hold
    thread_local std::vector<int> codes;
    move_codes(selected_, codes);
    for (int code : codes) out.push_back(act::kMoveBase + code);
    return;
  }
  legal_for(track_.active, out);
  std::sort(out.begin(), out.end());
}

void FastplayState::chance_outcomes(std::vector<game::ChanceOutcome>& out) const {
  out.clear();
  const auto info = chance_info();
  if (!info.dice) return;
  for (const auto& [v, a] : info.by_value) out.push_back({a, 1});
}

game::ChanceInfo FastplayState::chance_info() const {
  game::ChanceInfo info;
  int sides = 6;
  switch (pending_) {
    case PendingKind::kFirstMover:
      info.purpose = "which army moves first (odd: " + fp_->scenario_data().side_names[0] +
                     ", even: " + fp_->scenario_data().side_names[1] + ")";
      info.rule = "fastplay 2.1";
      break;
    case PendingKind::kSupremeRoll:
      info.purpose = "units that may move or charge without the supreme commander";
      info.rule = "fastplay 11.4";
      break;
    case PendingKind::kArcheryDie:
      info.purpose = fmt::format("archery of {} at {} ({} dice left)", unit_name(shooter_),
                                 unit_name(target_), int{dice_left_});
      info.rule = "fastplay 5.2";
      break;
    case PendingKind::kMachineDie:
      info.purpose = fmt::format("{} shooting at {}", unit_name(shooter_), unit_name(target_));
      info.rule = "fastplay 10.2";
      break;
    case PendingKind::kMeleeDie: {
      const Attack& a = attacks_.front();
      info.purpose = fmt::format("melee: {} strikes {} ({:+d})", unit_name(a.unit),
                                 unit_name(a.target_unit), int{a.modifier});
      info.rule = "fastplay 10.1";
      break;
    }
    case PendingKind::kRetreatDie:
      info.purpose = fmt::format("losses of {} retreating from melee", unit_name(shooter_));
      info.rule = "fastplay 9.1";
      sides = 10;
      break;
    case PendingKind::kCommanderDie:
      info.purpose = fmt::format("does the commander of {} fall (1-{})",
                                 unit_name(commander_checks_.front()), int{commander_limit_});
      info.rule = "fastplay 11.2";
      sides = 10;
      break;
    default:
      return info;
  }
  info.dice = sides == 10 ? core::Dice::d10() : core::Dice::d6();
  for (int v = 1; v <= sides; ++v) info.by_value.emplace_back(v, act::kDieBase + v);
  return info;
}

// ---------------------------------------------------------------------------------------------
// Results, text, JSON

std::vector<double> FastplayState::returns() const {
  return track_.returns(phase_ == Phase::kOver);
}

nlohmann::json FastplayState::result_summary() const {
  const Scenario& sc = fp_->scenario_data();
  nlohmann::json j;
  j["end_reason"] = std::string(end_reason_name(end_reason_));
  j["turn"] = track_.turn;
  j["winner"] = track_.winner_id(sc.side_ids);
  j["score_label"] = "Enemy stands eliminated";
  j["score"] = nlohmann::json::object();
  for (int s = 0; s < kNumSides; ++s)
    j["score"][sc.side_ids[static_cast<std::size_t>(s)]] = stands_lost(1 - s);
  j["pieces"] = nlohmann::json::array();
  for (int u = 0; u < num_units(); ++u)
    j["pieces"].push_back({{"id", fp_->unit(u).id},
                           {"side", sc.side_ids[static_cast<std::size_t>(side_of(u))]},
                           {"fate", alive(u) ? "on table" : "destroyed"},
                           {"stands", alive_stands(u)}});
  j["points"] = points_json();
  return j;
}

// Ruling F-34: the result on points. A side that won by the rules is ahead; in a draw (both
// armies broken in one turn, or equal shares lost at the turn limit: F-28) the army that lost
// the smaller share of its starting stands is ahead; equal shares are level.
game::PointsStanding FastplayState::points_standing() const {
  game::PointsStanding p;
  if (phase_ != Phase::kOver) return p;
  const Scenario& sc = fp_->scenario_data();
  p.reported = true;
  p.label = "stands lost";
  for (int s = 0; s < kNumSides; ++s) {
    p.shown.push_back(fmt::format("{} of {}", stands_lost(s), fp_->starting_stands(s)));
    p.names.push_back(sc.side_names[static_cast<std::size_t>(s)]);
  }
  if (winner() == 0 || winner() == 1) {
    p.ahead = winner();
    return p;
  }
  const std::int64_t a = std::int64_t{stands_lost(0)} * fp_->starting_stands(1);
  const std::int64_t b = std::int64_t{stands_lost(1)} * fp_->starting_stands(0);
  p.ahead = a == b ? -1 : a < b ? 0 : 1;
  return p;
}

std::string FastplayState::status_line() const {
  const Scenario& sc = fp_->scenario_data();
  return fmt::format(
      "{} | stands lost {}:{}/{} {}:{}/{}",
      track_.status_head(sc.turns, sc.side_names, phase_name(phase_), phase_ == Phase::kOver),
      sc.side_ids[0], stands_lost(0), fp_->starting_stands(0), sc.side_ids[1], stands_lost(1),
      fp_->starting_stands(1));
}

std::string FastplayState::to_string() const {
  std::ostringstream os;
  os << "fastplay " << fp_->scenario() << " turn " << int{track_.turn} << " phase "
     << static_cast<int>(phase_) << " first " << int{track_.first} << " to_act "
     << int{track_.active} << " done " << int{movers_done_} << " passed " << passed_[0]
     << passed_[1] << " selected " << int{selected_} << " pending " << static_cast<int>(pending_)
     << ' ' << int{pending_side_} << " winner " << int{track_.winner} << " reason "
     << static_cast<int>(end_reason_) << " volley " << int{shooter_} << ' ' << int{target_} << ' '
     << int{dice_left_} << ' ' << int{hits_} << " charge " << int{charge_.unit} << ' '
     << int{charge_.target} << ' ' << static_cast<int>(charge_.side) << " limits "
     << int{move_limit_[0]} << ' ' << int{move_limit_[1]} << ' ' << int{moves_used_[0]} << ' '
     << int{moves_used_[1]} << ' ' << supreme_rolled_[0] << supreme_rolled_[1] << " cmd "
     << int{commander_limit_} << " loss " << int{loss_unit_} << ' ' << int{losses_left_} << ' '
     << static_cast<int>(loss_then_);
  for (auto u : commander_checks_) os << ' ' << int{u};
  os << " occ";
  for (auto u : occupy_queue_) os << ' ' << int{u};
  os << " attacks";
  for (const auto& a : attacks_)
    os << ' ' << int{a.unit} << '.' << int{a.stand} << '>' << int{a.target_unit} << '.'
       << int{a.target_stand} << ':' << int{a.modifier} << ':' << a.extra << a.chosen << ':'
       << a.occupy;
  os << " struck";
  for (const auto& a : struck_)
    os << ' ' << int{a.unit} << '.' << int{a.stand} << '>' << int{a.target_unit} << '.'
       << int{a.target_stand} << ':' << int{a.modifier};
  os << '\n';
  for (int u = 0; u < num_units(); ++u) {
    const UnitState& us = unit(u);
    os << fp_->unit(u).id << ' ' << us.centre << ' ' << us.heading.units() << " cmd "
       << us.commander << " flags " << us.flags << ':';
    for (const auto& s : us.stands)
      os << ' ' << troop_letter(s.type) << s.offset << (s.alive ? "" : "x") << (s.turned ? "t" : "")
         << (s.doomed ? "d" : "") << (s.occupy ? "o" + std::to_string(s.occupy) : "");
    os << '\n';
  }
  return os.str();
}

nlohmann::json FastplayState::to_json(game::Player viewer) const {
  (void)viewer;  // nothing is hidden in fastplay
  const Scenario& sc = fp_->scenario_data();
  using game::table::corners_json;
  nlohmann::json j;
  j["ruleset"] = "fastplay";
  j["scenario"] = fp_->scenario();
  // The turn fields and the table part (in centimetres: "unit", "units_per_cm" and, for a board
  // that reads inches, "units_per_inch") are the table kit's (docs/api.md, "The table view").
  track_.write_view(j, sc.turns, sc.side_ids, phase_ == Phase::kOver);
  game::table::write_table(j, kLength, sc.width, sc.height, sc.terrain, terrain_name, sc.roads);
  j["phase"] = std::string(phase_name(phase_));
  j["selected"] = selected_ < 0 ? "" : fp_->unit(selected_).id;
  j["stands_lost"] = {stands_lost(0), stands_lost(1)};
  j["units"] = nlohmann::json::array();
  for (int u = 0; u < num_units(); ++u) {
    const UnitState& us = unit(u);
    nlohmann::json stands = nlohmann::json::array();
    for (std::size_t i = 0; i < us.stands.size(); ++i) {
      const geo::Base b = stand_base(u, static_cast<int>(i));
      stands.push_back({{"type", std::string(troop_name(us.stands[i].type))},
                        {"x", b.centre().x},
                        {"y", b.centre().y},
                        {"corners", corners_json(b)},
                        {"alive", us.stands[i].alive},
                        {"turned", us.stands[i].turned}});
    }
    j["units"].push_back({{"id", fp_->unit(u).id},
                          {"name", fp_->unit_name(u)},
                          {"label", fp_->unit_label(u)},
                          {"side", sc.side_ids[static_cast<std::size_t>(side_of(u))]},
                          {"type", std::string(troop_name(fp_->unit(u).type))},
                          {"x", us.centre.x},
                          {"y", us.centre.y},
                          {"heading_arcsec", us.heading.units()},
                          {"corners", corners_json(block(u))},
                          {"stands", stands},
                          {"stands_alive", alive_stands(u)},
                          {"commander", us.commander},
                          {"lone_commander", fp_->unit(u).lone_commander},
                          {"on_table", alive(u)},
                          {"removed", !alive(u)}});
  }
  return j;
}

std::string FastplayState::action_to_string(game::Action a) const {
  if (pending_ != PendingKind::kNone && !deciding()) {
    const int sides =
        pending_ == PendingKind::kRetreatDie || pending_ == PendingKind::kCommanderDie ? 10 : 6;
    if (a > act::kDieBase && a <= act::kDieBase + sides)
      return fmt::format("d{} = {}", sides, a - act::kDieBase);
    return {};
  }
  // Units and stands by the names the log gives them, never by file id (issue 20).
  auto id = [&](int u) -> std::string {
    return u >= 0 && u < num_units() ? unit_words(u) : std::string("?");
  };
  auto stand_text = [&](int u, int j) {
    if (u < 0 || u >= num_units() || j < 0 || j >= static_cast<int>(unit(u).stands.size()))
      return std::string("?");
    return stand_words(u, j);
  };
  if (pending_ == PendingKind::kStrike && a >= act::kStrikeBase && a < act::kLoseBase) {
    const Attack& f = attacks_.front();
    const int t = (a - act::kStrikeBase) / 8, j = (a - act::kStrikeBase) % 8;
    if (t >= num_units()) return {};
    for (const Attack& c : strike_candidates(f, struck_))
      if (c.target_unit == t && c.target_stand == j)
        return fmt::format("{}{} strikes {}{}", stand_text(f.unit, f.stand),
                           f.extra ? " (extra die)" : "", stand_text(t, j),
                           c.modifier ? fmt::format(" ({:+d})", int{c.modifier}) : "");
    return {};
  }
  if (pending_ == PendingKind::kLoss && a >= act::kLoseBase && a < act::kMoveBase)
    return "lose " + stand_text(loss_unit_, a - act::kLoseBase);
  if (pending_ == PendingKind::kArrows && a >= act::kTurnAboutBase && a < act::kMoveBase) {
    const bool replace = a >= act::kReplaceBase;
    const int j = a - (replace ? act::kReplaceBase : act::kTurnAboutBase);
    return replace ? "out of arrows: " + stand_text(shooter_, j) + " becomes light infantry"
                   : "low on arrows: " + stand_text(shooter_, j) + " turns about";
  }
  if (a == act::kPass) return phase_ == Phase::kMovement ? "end movement" : "pass";
  if (a >= act::kMoveBase) {
    const int code = a - act::kMoveBase;
    if (code == 0) return id(selected_) + " holds";
    if (selected_ < 0 || code > static_cast<int>(kTurns.size()) * kNumDistances) return {};
    return id(selected_) + " " + move_words(selected_, code, true);
  }
  if (a >= act::kOccupyBase) {
    const std::string who =
        occupy_queue_.empty() ? std::string("the winners") : id(occupy_queue_.front());
    return who + (a == act::kOccupyBase ? " stays" : " occupies the vacated places");
  }
  if (a >= act::kResponseBase) {
    const std::string who =
        pending_ == PendingKind::kChargeAnswer ? id(charge_.target) : std::string("the unit");
    switch (a - act::kResponseBase) {
      case act::kStand:
        return who + " stands to receive the charge";
      case act::kFace:
        return who + " pivots to face the charge";
      case act::kEvade:
        return who + " evades 15 cm";
    }
    return {};
  }
  if (a >= act::kRetreatBase) return id(a - act::kRetreatBase) + " retreats from melee";
  if (a >= act::kFightBase) return id(a - act::kFightBase) + " fights";
  if (a >= act::kChargeBase) {
    const int c = a - act::kChargeBase;
    return fmt::format("{} charges the {} of {}", id(c / 256),
                       geo::to_string(static_cast<geo::Side>(c % 4)), id((c % 256) / 4));
  }
  if (a >= act::kShootBase)
    return fmt::format("{} shoots at {}", id((a - act::kShootBase) / 64),
                       id((a - act::kShootBase) % 64));
  if (a >= act::kSelectBase) return "move " + id(a - act::kSelectBase);
  return {};
}

std::string FastplayState::move_words(int u, int code, bool ending) const {
  const int p = (code - 1) / kNumDistances, d = (code - 1) % kNumDistances;
  const int turn = kTurns[static_cast<std::size_t>(p)];
  std::string text;
  // kTurns counts anticlockwise, as headings do: a positive turn is to the unit's left.
  if (turn == 180)
    text = "turns about";
  else if (turn != 0)
    text = fmt::format("turns {}\u00b0 {}", std::abs(turn), turn > 0 ? "left" : "right");
  if (d > 0) {
    // fastplay 4.2: d quarters of its allowance, straight ahead: "moves 8 of 15 cm" (the
    // quarters are the lengths' ratio; a compact log entry, issue 20).
    const std::int64_t allowance = move_allowance(fp_->unit(u).type);
    std::string part = game::table::length_words(allowance * d / 4, kLength);
    const std::string whole = game::table::length_words(allowance, kLength);
    // "8 cm" of "15 cm": the unit is said once.
    if (const auto sp = part.rfind(' ');
        sp != std::string::npos && whole.ends_with(part.substr(sp)))
      part.resize(sp);
    text += fmt::format("{}moves {} of {}", text.empty() ? "" : ", ", part, whole);
  }
  if (ending)
    if (auto r = move_result(u, code)) text += ", ending " + fp_->place_words(r->first);
  return text;
}

nlohmann::json FastplayState::action_to_json(game::Action a) const {
  nlohmann::json j = game::State::action_to_json(a);
  if (pending_ != PendingKind::kNone && !deciding()) {
    j["kind"] = "chance";
    return j;
  }
  auto put = [&](int u, const Pose& p) {
    const geo::Base b = block_at(u, p.first, p.second);
    j["corners"] = game::table::corners_json(b);
    j["x"] = b.centre().x;
    j["y"] = b.centre().y;
    j["heading_arcsec"] = p.second.units();
  };
  const auto id = [&](int u) { return fp_->unit(u).id; };
  if (pending_ == PendingKind::kChargeAnswer) {
    j["kind"] = "answer";
    j["unit"] = id(charge_.target);
    return j;
  }
  if (pending_ == PendingKind::kOccupy) {
    j["kind"] = "occupy";
    j["unit"] = id(occupy_queue_.front());
    return j;
  }
  auto stand_corners = [&](int u, int i) { return game::table::corners_json(stand_base(u, i)); };
  if (pending_ == PendingKind::kStrike) {
    // The attacking stand and the enemy stand it would strike, for the board to outline.
    const Attack& f = attacks_.front();
    const int t = (a - act::kStrikeBase) / 8, s = (a - act::kStrikeBase) % 8;
    j["kind"] = "strike";
    j["odds"] = true;  // action_odds() weighs it; "rolls": a die is rolled at once
    j["rolls"] = true;
    j["by"] = id(f.unit);
    j["by_stand"] = f.stand;
    j["extra"] = f.extra;
    if (t < num_units() && s < static_cast<int>(unit(t).stands.size())) {
      j["unit"] = id(t);
      j["stand"] = s;
      j["corners"] = stand_corners(t, s);
    }
    return j;
  }
  if (pending_ == PendingKind::kLoss) {
    const int s = a - act::kLoseBase;
    j["kind"] = "lose-stand";
    j["unit"] = id(loss_unit_);
    if (s >= 0 && s < static_cast<int>(unit(loss_unit_).stands.size())) {
      j["stand"] = s;
      j["corners"] = stand_corners(loss_unit_, s);
    }
    return j;
  }
  if (pending_ == PendingKind::kArrows) {
    // fastplay 5.3: the archer stand a 1 turns about (or, all turned, replaces), for the board
    // to outline.
    const bool replace = a >= act::kReplaceBase;
    const int s = a - (replace ? act::kReplaceBase : act::kTurnAboutBase);
    j["kind"] = replace ? "replace-stand" : "turn-stand";
    j["unit"] = id(shooter_);
    if (s >= 0 && s < static_cast<int>(unit(shooter_).stands.size())) {
      j["stand"] = s;
      j["corners"] = stand_corners(shooter_, s);
    }
    return j;
  }
  if (a == act::kPass) {
    j["kind"] = phase_ == Phase::kMovement ? "end-movement" : "pass";
  } else if (a >= act::kMoveBase && selected_ >= 0) {
    const int code = a - act::kMoveBase;
    j["mover"] = id(selected_);
    j["kind"] = code == 0 ? "hold" : (code - 1) % kNumDistances == 0 ? "turn" : "move";
    if (auto p = move_result(selected_, code)) put(selected_, *p);
  } else if (a >= act::kRetreatBase && a < act::kResponseBase) {
    j["kind"] = "retreat";
    j["odds"] = true;
    j["rolls"] = true;
    j["unit"] = id(a - act::kRetreatBase);
  } else if (a >= act::kFightBase && a < act::kRetreatBase) {
    j["kind"] = "fight";
    j["odds"] = true;
    j["rolls"] = true;
    j["unit"] = id(a - act::kFightBase);
  } else if (a >= act::kChargeBase && a < act::kFightBase) {
    const int c = a - act::kChargeBase;
    const int u = c / 256, t = (c % 256) / 4;
    const auto side = static_cast<geo::Side>(c % 4);
    j["kind"] = "charge";
    j["odds"] = true;  // the fight it leads to (odds.cpp)
    j["mover"] = id(u);
    j["target"] = id(t);
    j["side"] = std::string(geo::to_string(side));
    if (auto p = charge_result(u, t, side)) put(u, *p);
  } else if (a >= act::kShootBase && a < act::kChargeBase) {
    j["kind"] = "shoot";
    j["odds"] = true;
    j["rolls"] = true;
    j["by"] = id((a - act::kShootBase) / 64);
    j["unit"] = id((a - act::kShootBase) % 64);
  } else if (a >= act::kSelectBase && a < act::kSelectBase + num_units()) {
    j["kind"] = "select-unit";
    j["unit"] = id(a - act::kSelectBase);
  }
  return j;
}

std::string FastplayState::check_invariants() const {
  const Scenario& sc = fp_->scenario_data();
  for (int u = 0; u < num_units(); ++u) {
    for (std::size_t i = 0; i < unit(u).stands.size(); ++i) {
      if (!unit(u).stands[i].alive) continue;
      const geo::Base b = stand_base(u, static_cast<int>(i));
      if (!game::table::on_table(b, sc.width, sc.height, kMm))
        return fmt::format("{} is partly off the table", fp_->unit(u).id);
      for (int v = u + 1; v < num_units(); ++v)
        for (std::size_t j = 0; j < unit(v).stands.size(); ++j)
          if (unit(v).stands[j].alive &&
              geo::contains(stand_base(v, static_cast<int>(j)), b.centre()))
            return fmt::format("{} and {} overlap", fp_->unit(u).id, fp_->unit(v).id);
    }
  }
  if (stands_lost(0) < 0 || stands_lost(1) < 0) return "more stands than at the start";
  return {};
}

void FastplayState::debug_place(int u, geo::Point centre, int heading_degrees) {
  options_seen_ = {};
  mut_unit(u).centre = centre;
  mut_unit(u).heading = geo::Angle::degrees(heading_degrees);
}

void FastplayState::debug_kill_stand(int u, int i) {
  options_seen_ = {};
  mut_unit(u).stands[static_cast<std::size_t>(i)].alive = false;
  if (!alive(u)) mut_unit(u).commander = false;  // ruling F-25
}

void FastplayState::debug_set_flags(int u, std::uint16_t flags) {
  options_seen_ = {};
  mut_unit(u).flags = flags;
}

}  // namespace carroccio::fastplay
