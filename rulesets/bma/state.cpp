// The bma State: construction, the action/chance dispatch, text and JSON forms, invariants.
#include "rulesets/bma/state.hpp"

#include <algorithm>
#include <sstream>

#include "fmt/format.h"

namespace carroccio::bma {

std::string_view end_reason_name(EndReason r) {
  switch (r) {
    case EndReason::kNone:
      return "none";
    case EndReason::kRoutLevel:
      return "rout level";
    case EndReason::kBothRouted:
      return "both armies routed";
    case EndReason::kTurnLimit:
      return "turn limit";
    case EndReason::kLeaderKilled:
      return "supreme commander killed";
    case EndReason::kUnitLost:
      return "Carroccio lost";
  }
  return "?";
}

namespace {
bool is_chance_task(TaskKind k) {
  switch (k) {
    case TaskKind::kZocCheck:
    case TaskKind::kDrawChit:
    case TaskKind::kForestCheck:
    case TaskKind::kChargeCheck:
    case TaskKind::kCrtRoll:
    case TaskKind::kLeaderCheck:
    case TaskKind::kChargeAfterCheck:
    case TaskKind::kRallyRoll:
      return true;
    default:
      return false;
  }
}
}  // namespace

BmaState::BmaState(std::shared_ptr<const BmaGame> game) : game::State(game), bma_(std::move(game)) {
  const BmaGame& g = *bma_;
  units_.resize(static_cast<std::size_t>(g.num_units()));
  leaders_.resize(static_cast<std::size_t>(g.num_leaders()));
  // The unit byte of every hex, then the leader bits (leader_in).
  leader_bits_ = static_cast<std::uint16_t>(g.board().size());
  occ_.assign(leader_bits_ + (static_cast<std::size_t>(g.board().size()) + 7) / 8, kNoOccupant);
  std::fill(occ_.begin() + leader_bits_, occ_.end(), std::uint8_t{0});
  for (int u = 0; u < g.num_units(); ++u) {
    UnitState& us = units_[static_cast<std::size_t>(u)];
    us.facing = static_cast<std::uint8_t>(g.unit(u).facing);
    set_unit_hex(u, g.unit(u).hex);
    us.start_hex = us.hex;
  }
  for (int l = 0; l < g.num_leaders(); ++l) {
    LeaderState& ls = leaders_[static_cast<std::size_t>(l)];
    set_leader_hex(l, g.leader(l).hex);
    ls.command = static_cast<std::uint8_t>(g.leader(l).command);
    ls.chits = ls.command;  // 2.1: a leader has as many chits as his command value
  }
  // Room for the whole game, so that a playout never allocates (tests/perf/alloc_test.cpp).
  tasks_.reserve(32);
  rally_failed_.reserve(static_cast<std::size_t>(g.num_units()));
  start_turn();
  advance();
}

std::unique_ptr<game::State> BmaState::clone() const { return std::make_unique<BmaState>(*this); }

void BmaState::set_leader_hex(int l, int hex) {
  const int from = leaders_[static_cast<std::size_t>(l)].hex;
  leaders_[static_cast<std::size_t>(l)].hex = static_cast<std::int16_t>(hex);
  auto bit = [this](int h) -> std::uint8_t& {
    return occ_[leader_bits_ + (static_cast<std::size_t>(h) >> 3)];
  };
  const auto mask = [](int h) { return static_cast<std::uint8_t>(1u << (h & 7)); };
  if (from != kNoHex && from != hex) {
    bool other = false;  // another leader stays in the hex he leaves
    for (const LeaderState& ls : leaders_) other = other || ls.hex == from;
    if (!other) bit(from) &= static_cast<std::uint8_t>(~mask(from));
  }
  if (hex != kNoHex) bit(hex) |= mask(hex);
}

void BmaState::set_unit_hex(int u, int hex) {
  UnitState& us = units_[static_cast<std::size_t>(u)];
  if (us.hex != kNoHex && unit_at(us.hex) == u)
    occ_[static_cast<std::size_t>(us.hex)] = kNoOccupant;
  us.hex = static_cast<std::int16_t>(hex);
  if (hex != kNoHex) occ_[static_cast<std::size_t>(hex)] = static_cast<std::uint8_t>(u);
}

std::size_t BmaState::heap_bytes() const {
  return units_.capacity() * sizeof(UnitState) + leaders_.capacity() * sizeof(LeaderState) +
         occ_.capacity() * sizeof(std::uint8_t) + tasks_.capacity() * sizeof(Task) +
         rally_failed_.capacity() * sizeof(std::int16_t) +
         history().capacity() * sizeof(game::HistoryItem);
}

int BmaState::cup_total() const {
  int n = 0;
  for (const auto& l : leaders_) n += l.cup;
  return n;
}

game::Player BmaState::current_player() const {
  switch (phase_) {
    case Phase::kOver:
      return game::kTerminalPlayer;
    case Phase::kDraw:
    case Phase::kTasks:
      return game::kChancePlayer;
    case Phase::kActivateChoice:
      return bma_->leader_side(drawn_leader_);
    default:
      return bma_->leader_side(active_leader_);
  }
}

void BmaState::legal_actions(std::vector<game::Action>& out) const {
  out.clear();
  switch (phase_) {
    case Phase::kActivateChoice:
      out.push_back(act::kActivate);
      out.push_back(act::kDecline);
      break;
    case Phase::kReplacement:
      // 5.4.3: a unit of the dead leader's command, in play and not routed; 4.2 (ruling L-24):
      // not one that already has a leader with it.
      for (int u = 0; u < bma_->num_units(); ++u) {
        const UnitDef& d = bma_->unit(u);
        if (d.leader == active_leader_ && alive(u) && unit(u).status != Status::kRouted &&
            d.type != UnitType::kCarroccio && !leader_in(unit(u).hex))
          out.push_back(act::kReplacementBase + u);
      }
      break;
    case Phase::kMoveSelect:
    case Phase::kMoveDestination:
      legal_moves(out);
      break;
    case Phase::kCombatTarget:
    case Phase::kCombatBuild:
      legal_combat(out);
      break;
    default:
      break;
  }
}

void BmaState::chance_outcomes(std::vector<game::ChanceOutcome>& out) const {
  out.clear();
  if (phase_ == Phase::kDraw) {
    for (int l = 0; l < bma_->num_leaders(); ++l)
      if (leaders_[static_cast<std::size_t>(l)].cup > 0)
        out.push_back({act::kDrawBase + l, leaders_[static_cast<std::size_t>(l)].cup});
    return;
  }
  if (phase_ != Phase::kTasks || tasks_.empty()) return;
  const Task& t = tasks_.front();
  switch (t.kind) {
    case TaskKind::kDrawChit: {
      const RatingInfo& r = bma_->tables().rating(bma_->unit(t.a).rating);
      for (int v = r.chit_min; v <= r.chit_max; ++v) out.push_back({act::kValueBase + v, 1});
      break;
    }
    case TaskKind::kCrtRoll:
      for (int v = 1; v <= 6; ++v) out.push_back({act::kValueBase + v, 1});
      break;
    case TaskKind::kLeaderCheck: {
      // 2d6 (5.4.1); the distribution is made once, so listing it never allocates.
      static const core::Dice kTwoD6 = core::Dice::two_d6();
      for (const auto& [v, w] : kTwoD6.distribution())
        out.push_back({act::kValueBase + v, static_cast<std::uint32_t>(w)});
      break;
    }
    default:  // the d10 morale checks
      for (int v = 1; v <= 10; ++v) out.push_back({act::kValueBase + v, 1});
      break;
  }
}

game::ChanceInfo BmaState::chance_info() const {
  game::ChanceInfo info;
  std::vector<game::ChanceOutcome> outcomes;
  chance_outcomes(outcomes);
  if (phase_ == Phase::kDraw) {
    info.purpose = "the next leader chit drawn from the cup";
    info.rule = "bma 3.1.1";
    return info;
  }
  if (tasks_.empty()) return info;
  const Task& t = tasks_.front();
  switch (t.kind) {
    case TaskKind::kZocCheck:
      info.purpose =
          fmt::format("morale check of {} to leave an enemy zone of control", unit_name(t.a));
      info.rule = "bma 4.1, 6.4";
      info.dice = core::Dice::d10();
      break;
    case TaskKind::kDrawChit: {
      const RatingInfo& r = bma_->tables().rating(bma_->unit(t.a).rating);
      info.purpose = fmt::format("the combat chit of {} (its {} value, {} to {})", unit_name(t.a),
                                 rating_name(bma_->unit(t.a).rating), r.chit_min, r.chit_max);
      info.rule = "bma 5.1.3";
      break;
    }
    case TaskKind::kForestCheck:
      info.purpose = fmt::format("morale check of {} to attack into forest", unit_name(t.a));
      info.rule = "bma 9.6";
      info.dice = core::Dice::d10();
      break;
    case TaskKind::kChargeCheck:
      info.purpose = fmt::format("morale check of {} before charging", unit_name(t.a));
      info.rule = "bma 7.3.1";
      info.dice = core::Dice::d10();
      break;
    case TaskKind::kCrtRoll:
      info.purpose = fmt::format(
          "the combat die at {} odds, modifier {:+d}",
          bma_->tables().column_names[static_cast<std::size_t>(combat_.column)], combat_.drm);
      info.rule = "bma 5.2";
      info.dice = core::Dice::d6();
      break;
    case TaskKind::kLeaderCheck:
      info.purpose = fmt::format("the casualty check of {}", leader_name(t.a));
      info.rule = t.b ? "bma 5.4.6" : "bma 5.4.1";
      info.dice = core::Dice::two_d6();
      break;
    case TaskKind::kChargeAfterCheck:
      info.purpose = fmt::format("morale check of {} after its charge", unit_name(t.a));
      info.rule = "bma 7.3.1";
      info.dice = core::Dice::d10();
      break;
    case TaskKind::kRallyRoll:
      info.purpose = fmt::format("the rally roll of {}", unit_name(t.a));
      info.rule = unit(t.a).status == Status::kRouted ? "bma 6.3" : "bma 6.2.1";
      info.dice = core::Dice::d10();
      break;
    default:
      break;
  }
  for (const auto& o : outcomes) info.by_value.emplace_back(o.action - act::kValueBase, o.action);
  return info;
}

std::vector<double> BmaState::returns() const {
  if (winner_ == 0) return {1.0, -1.0};
  if (winner_ == 1) return {-1.0, 1.0};
  return {0.0, 0.0};
}

void BmaState::do_apply(game::Action a) {
  switch (phase_) {
    case Phase::kDraw: {
      const int l = a - act::kDrawBase;
      leaders_[static_cast<std::size_t>(l)].cup--;
      ++draw_count_;
      after_draw(l);
      break;
    }
    case Phase::kTasks: {
      const Task t = tasks_.front();
      tasks_.erase(tasks_.begin());
      const int v = a - act::kValueBase;
      switch (t.kind) {
        case TaskKind::kZocCheck: {
          const int mod = zoc_modifier(t.a);
          const bool ok = v + mod <= morale_value(t.a);
          morale_event(t.a, v, mod, ok, "to leave an enemy zone of control", "bma 4.1, 6.4");
          if (ok) {
            resume_phase_ = Phase::kMoveDestination;
          } else {
            units_[static_cast<std::size_t>(t.a)].flags |= kMoved;
            selected_ = -1;
            move_from_ = kNoHex;
            mp_left_ = 0;
            move_from_facing_ = 0;
            resume_phase_ = Phase::kMoveSelect;
          }
          break;
        }
        case TaskKind::kDrawChit: {
          units_[static_cast<std::size_t>(t.a)].value = static_cast<std::uint8_t>(v);
          if (logging())
            log("chit", fmt::format("{} a combat chit: value {}.", unit_says(t.a, "draws"), v),
                "bma 5.1.3", {{"unit", bma_->unit(t.a).id}, {"value", v}});
          break;
        }
        case TaskKind::kForestCheck:
        case TaskKind::kChargeCheck: {
          const int mod = morale_modifier_carroccio(t.a);
          const bool ok = v + mod <= morale_value(t.a);
          const bool forest = t.kind == TaskKind::kForestCheck;
          morale_event(t.a, v, mod, ok, forest ? "to attack into forest" : "to charge",
                       forest ? "bma 9.6" : "bma 7.3.1");
          for (int i = 0; i < combat_.num_attackers; ++i) {
            if (combat_.attackers[static_cast<std::size_t>(i)] != t.a) continue;
            if (!ok && forest) combat_.withdrawn |= 1u << i;
            if (!ok && !forest) combat_.charging &= ~(1u << i);  // attacks normally
          }
          break;
        }
        case TaskKind::kCrtRoll:
          combat_.die = static_cast<std::int8_t>(v);
          apply_result();
          break;
        case TaskKind::kLeaderCheck: {
          const bool killed = std::find(bma_->tables().leader_killed_on.begin(),
                                        bma_->tables().leader_killed_on.end(),
                                        v) != bma_->tables().leader_killed_on.end();
          if (logging())
            log("leader",
                fmt::format("{}: casualty check 2d6 = {}: {}.", leader_name(t.a), v,
                            killed ? "killed" : "unhurt"),
                t.b ? "bma 5.4.6" : "bma 5.4.1",
                {{"leader", bma_->leader(t.a).id}, {"roll", v}, {"killed", killed}});
          if (killed) {
            kill_leader(t.a);
          } else {
            const int h = leaders_[static_cast<std::size_t>(t.a)].hex;
            const int at = h == kNoHex ? -1 : unit_at(h);
            if (h != kNoHex && (at < 0 || side_of(at) != bma_->leader_side(t.a)))
              place_orphan_leader(t.a);
          }
          check_immediate_end();
          break;
        }
        case TaskKind::kChargeAfterCheck: {
          const int mod = 1 + morale_modifier_carroccio(t.a);  // 7.3.1: +1
          const bool ok = v + mod <= morale_value(t.a);
          morale_event(t.a, v, mod, ok, "to stay in order after charging", "bma 7.3.1");
          if (!ok && alive(t.a)) apply_hit(t.a, 1);
          break;
        }
        case TaskKind::kRallyRoll: {
          const bool routed = unit(t.a).status == Status::kRouted;
          const int mod = t.b;  // 3.2 / ruling L-5: set as the rally phase opened
          const bool ok = v + mod <= morale_value(t.a);
          morale_event(t.a, v, mod, ok, routed ? "to rally from rout" : "to recover order",
                       routed ? "bma 6.3" : "bma 6.2.1");
          if (ok) {
            units_[static_cast<std::size_t>(t.a)].status =
                routed ? Status::kDisordered : Status::kOrdered;
          } else if (routed) {
            rally_failed_.push_back(static_cast<std::int16_t>(t.a));
          }
          break;
        }
        default:
          break;
      }
      break;
    }
    case Phase::kActivateChoice:
      if (a == act::kActivate) {
        activate(drawn_leader_);
      } else {
        if (logging())
          log("activation",
              fmt::format("{} declines to activate {}.",
                          bma_->scenario_data()
                              .sides[static_cast<std::size_t>(bma_->leader(drawn_leader_).side)]
                              .name,
                          leader_name(drawn_leader_)),
              "bma 3.1.3");
        drawn_leader_ = -1;
        continue_drawing();
      }
      break;
    case Phase::kReplacement: {
      const int u = a - act::kReplacementBase;
      LeaderState& ls = leaders_[static_cast<std::size_t>(active_leader_)];
      set_leader_hex(active_leader_, unit(u).hex);
      ls.flags =
          static_cast<std::uint8_t>((ls.flags & ~kAwaitingReplacement) | kReplacement | kActivated);
      ls.command = 0;  // 5.4.5
      ls.chits = 1;
      for (auto& us : units_) us.flags &= static_cast<std::uint8_t>(~kActive);
      units_[static_cast<std::size_t>(u)].flags |= kActive;
      units_[static_cast<std::size_t>(u)].flags &= static_cast<std::uint8_t>(~kOutOfCommand);
      single_unit_ = static_cast<std::int16_t>(u);
      if (logging())
        log("leader",
            fmt::format("A replacement leader takes command with {}; only that unit acts now.",
                        log_name(u)),
            "bma 5.4.3");
      phase_ = Phase::kMoveSelect;
      break;
    }
    case Phase::kMoveSelect:
      if (a == act::kEndMovement) {
        selected_ = -1;
        phase_ = Phase::kCombatTarget;
      } else if (a >= act::kSelectLeaderBase && a < act::kTargetBase) {
        select_piece(1000 + a - act::kSelectLeaderBase);
        phase_ = Phase::kMoveDestination;
      } else {
        const int u = a - act::kSelectUnitBase;
        select_piece(u);
        if (in_enemy_zoc(u)) {
          tasks_.push_back({TaskKind::kZocCheck, static_cast<std::int16_t>(u)});
        } else {
          phase_ = Phase::kMoveDestination;
        }
      }
      break;
    case Phase::kMoveDestination:
      if (a == act::kStop) {
        finish_move();
      } else if (a >= act::kDestinationBase) {
        const int key = a - act::kDestinationBase;
        move_piece(key / 12, key % 12);
      } else if (a >= act::kTurnBase) {
        turn_piece(a - act::kTurnBase);
      } else {
        step_piece(a - act::kStepBase);
      }
      break;
    case Phase::kCombatTarget:
      if (a == act::kEndCombat) {
        end_activation();
      } else {
        combat_ = Combat{};
        add_defender(a - act::kTargetBase);
        phase_ = Phase::kCombatBuild;
      }
      break;
    case Phase::kCombatBuild:
      if (a == act::kResolveCombat) {
        queue_resolution();
      } else if (a >= act::kAddDefenderBase) {
        add_defender(a - act::kAddDefenderBase);
      } else if (a >= act::kAddChargerBase) {
        add_attacker(a - act::kAddChargerBase, true);
      } else {
        add_attacker(a - act::kAddAttackerBase, false);
      }
      break;
    default:
      break;
  }
  advance();
}

void BmaState::advance() {
  for (;;) {
    if (phase_ == Phase::kOver) {
      tasks_.clear();
      return;
    }
    // The 5.4.6 checks of leaders a moving unit overran wait until its move ends.
    if (!tasks_.empty() && phase_ != Phase::kMoveDestination) {
      if (phase_ != Phase::kTasks) {
        resume_phase_ = phase_;
        phase_ = Phase::kTasks;
      }
      const Task t = tasks_.front();
      if (is_chance_task(t.kind)) return;
      tasks_.erase(tasks_.begin());
      switch (t.kind) {
        case TaskKind::kResolveCombat:
          resolve_combat();
          break;
        case TaskKind::kFinishCombat:
          finish_combat();
          break;
        case TaskKind::kRallyFlights:
          // Ruling L-5: Imperial flights first, then Lombard, each in ascending hex order.
          std::sort(rally_failed_.begin(), rally_failed_.end(), [this](int x, int y) {
            return std::pair(side_of(x), unit(x).hex) < std::pair(side_of(y), unit(y).hex);
          });
          for (const auto u : rally_failed_)
            if (alive(u) && unit(u).status == Status::kRouted) rout_move(u, 2);  // 6.3
          rally_failed_.clear();
          check_immediate_end();
          break;
        case TaskKind::kVictoryCheck:
          victory_check();
          break;
        default:
          break;
      }
      continue;
    }
    if (phase_ == Phase::kTasks) phase_ = resume_phase_;
    if (phase_ == Phase::kDraw && cup_total() <= 1) {
      // 3.1.2: the phase ends when one chit is left in the cup.
      start_rally();
      continue;
    }
    if (phase_ == Phase::kReplacement) {
      std::vector<game::Action>& acts = scratch_actions();
      legal_actions(acts);
      if (acts.empty()) {
        end_activation();
        continue;
      }
    }
    if (phase_ == Phase::kMoveSelect) {
      // Only "end movement" left (no piece to pick, as legal_moves lists them): go straight
      // to combat.
      bool any = false;
      if (active_leader_ >= 0)
        for (const int u : bma_->command(active_leader_))
          if ((any = can_move(u))) break;
      if (!any && single_unit_ < 0 && active_leader_ >= 0) {
        const LeaderState& ls = leader(active_leader_);
        any = ls.hex != kNoHex && !(ls.flags & kLeaderMoved);
      }
      if (!any) {
        phase_ = Phase::kCombatTarget;
        continue;
      }
    }
    if (phase_ == Phase::kCombatTarget) {
      if (!any_combat_target()) {  // no attack possible
        end_activation();
        continue;
      }
    }
    return;
  }
}

std::vector<game::Action>& BmaState::scratch_actions() {
  // Room for any list of combat choices (resolve, every unit as attacker or charger, every
  // defender), so that a playout never grows it.
  thread_local std::vector<game::Action> buffer = [] {
    std::vector<game::Action> b;
    b.reserve(4 * kMaxUnits);
    return b;
  }();
  return buffer;
}

std::string BmaState::unit_name(int u) const {
  const UnitDef& d = bma_->unit(u);
  const int h = unit(u).hex;
  return fmt::format("{} ({} {}{})", d.name, rating_name(d.rating), type_name(d.type),
                     h == kNoHex ? "" : " at " + hex_name(h));
}

std::string BmaState::log_name(int u) const {
  const int h = unit(u).hex;
  const std::string& name = bma_->unit(u).name;
  return h == kNoHex ? name : fmt::format("{} at {}", name, hex_name(h));
}

std::string BmaState::unit_label(int u) const {
  const UnitDef& d = bma_->unit(u);
  if (d.type == UnitType::kCarroccio) return "Carroccio";
  return fmt::format("{} {}", rating_name(d.rating), d.type == UnitType::kCavalry ? "cav" : "inf");
}

std::string BmaState::leader_name(int l) const {
  const LeaderState& ls = leader(l);
  return (ls.flags & kReplacement)
             ? fmt::format("the replacement leader of {}", bma_->leader(l).name)
             : bma_->leader(l).name;
}

void BmaState::log(const char* kind, std::string text, const char* rule,
                   nlohmann::json data) const {
  if (!logging()) return;
  emit(core::Event{kind, std::move(text), rule, std::move(data)});
}

void BmaState::debug_set_unit(int u, int hex, Status status, int value, int facing) {
  set_unit_hex(u, status == Status::kEliminated ? kNoHex : hex);
  UnitState& us = units_[static_cast<std::size_t>(u)];
  us.status = status;
  us.value = static_cast<std::uint8_t>(value);
  us.start_hex = us.hex;
  if (facing >= 0) us.facing = static_cast<std::uint8_t>(facing);
}

void BmaState::debug_set_leader_hex(int l, int hex) { set_leader_hex(l, hex); }

// ---- Text, JSON, names ----

std::string BmaState::to_string() const {
  std::string s = fmt::format(
      "bma {} turn {} phase {} active {} drawn {} sel {} single {} resume {} winner {} end {} "
      "draws {}\n",
      bma_->scenario().empty() ? "?" : bma_->scenario(), turn_, static_cast<int>(phase_),
      active_leader_, drawn_leader_, selected_, single_unit_, static_cast<int>(resume_phase_),
      winner_, static_cast<int>(end_reason_), draw_count_);
  s += fmt::format("lost-leader-vp {} {}\n", leader_vp_lost_[0], leader_vp_lost_[1]);
  if (selected_ >= 0)
    s += fmt::format("moving from {} f{} mp-left {}\n",
                     move_from_ == kNoHex ? std::string("-") : hex_name(move_from_),
                     move_from_facing_, mp_left_);
  for (int l = 0; l < bma_->num_leaders(); ++l) {
    const LeaderState& ls = leader(l);
    s += fmt::format("L{} {} cup {} chits {} cv {} flags {}\n", l,
                     ls.hex == kNoHex ? std::string("-") : hex_name(ls.hex), ls.cup, ls.chits,
                     ls.command, ls.flags);
  }
  for (int u = 0; u < bma_->num_units(); ++u) {
    const UnitState& us = unit(u);
    s += fmt::format("U{} {} {} v{} f{} fl{} st{}\n", u,
                     us.hex == kNoHex ? std::string("-") : hex_name(us.hex), status_name(us.status),
                     us.value, us.facing, us.flags,
                     us.start_hex == kNoHex ? std::string("-") : hex_name(us.start_hex));
  }
  s += "tasks";
  for (const auto& t : tasks_) s += fmt::format(" {}:{}:{}", static_cast<int>(t.kind), t.a, t.b);
  s += "\nrally-failed";
  for (auto u : rally_failed_) s += fmt::format(" {}", u);
  s += fmt::format("\ncombat a[");
  for (int i = 0; i < combat_.num_attackers; ++i)
    s += fmt::format(" {}", combat_.attackers[static_cast<std::size_t>(i)]);
  s += "] d[";
  for (int i = 0; i < combat_.num_defenders; ++i)
    s += fmt::format(" {}", combat_.defenders[static_cast<std::size_t>(i)]);
  s += "] l[";
  for (int i = 0; i < combat_.num_leaders; ++i)
    s += fmt::format(" {}", combat_.leaders[static_cast<std::size_t>(i)]);
  s += fmt::format("] ch {} wd {} col {} drm {} sh {} att {} def {} die {} res {}\n",
                   combat_.charging, combat_.withdrawn, combat_.column, combat_.drm, combat_.shift,
                   combat_.attack, combat_.defence, combat_.die, static_cast<int>(combat_.result));
  return s;
}

namespace {
std::string_view phase_name(Phase p) {
  switch (p) {
    case Phase::kDraw:
      return "draw";
    case Phase::kActivateChoice:
      return "activate-choice";
    case Phase::kReplacement:
      return "replacement";
    case Phase::kMoveSelect:
      return "move-select";
    case Phase::kMoveDestination:
      return "move-destination";
    case Phase::kCombatTarget:
      return "combat-target";
    case Phase::kCombatBuild:
      return "combat-build";
    case Phase::kTasks:
      return "resolving";
    case Phase::kOver:
      return "over";
  }
  return "?";
}
}  // namespace

nlohmann::json BmaState::to_json(game::Player viewer) const {
  (void)viewer;  // bma hides nothing a side could not see: chits are public once drawn, the
                 // cup's order is not decided until a draw (a chance node).
  const BmaGame& g = *bma_;
  nlohmann::json j;
  j["ruleset"] = "bma";
  j["scenario"] = g.scenario();
  j["turn"] = turn_;
  j["turns"] = g.scenario_data().turns;
  j["phase"] = phase_name(phase_);
  j["current_player"] =
      current_player() >= 0
          ? nlohmann::json(g.player_name(current_player()))
          : nlohmann::json(current_player() == game::kChancePlayer ? "chance" : "none");
  j["active_leader"] =
      active_leader_ >= 0 ? nlohmann::json(g.leader(active_leader_).id) : nlohmann::json(nullptr);
  j["cup_count"] = cup_total();
  j["options"] = game::options_to_string(g.options());
  nlohmann::json sides = nlohmann::json::array();
  for (int s = 0; s < kNumSides; ++s) {
    const SideDef& sd = g.scenario_data().sides[static_cast<std::size_t>(s)];
    sides.push_back({{"id", sd.id},
                     {"name", sd.name},
                     {"vp_lost", vp_lost(s)},
                     {"rout_level", sd.rout_level},
                     {"home_edge", edge_name(sd.home_edge)}});
  }
  j["sides"] = sides;
  nlohmann::json units = nlohmann::json::array();
  for (int u = 0; u < g.num_units(); ++u) {
    const UnitDef& d = g.unit(u);
    const UnitState& us = unit(u);
    nlohmann::json uj = {
        {"id", d.id},
        {"name", d.name},
        {"label", unit_label(u)},
        {"side", g.player_name(d.side)},
        {"type", type_name(d.type)},
        {"rating", rating_name(d.rating)},
        {"movement", d.movement},
        {"leader", g.leader(d.leader).id},
        {"status", status_name(us.status)},
        {"hex", us.hex == kNoHex ? nlohmann::json(nullptr) : nlohmann::json(hex_name(us.hex))},
        {"value", us.value == 0 ? nlohmann::json(nullptr) : nlohmann::json(us.value)},
        {"facing", g.board().facing_name(us.facing)},
        {"moved", (us.flags & kMoved) != 0},
        {"attacked", (us.flags & kAttacked) != 0},
        {"active", (us.flags & kActive) != 0}};
    units.push_back(uj);
  }
  j["units"] = units;
  nlohmann::json leaders = nlohmann::json::array();
  for (int l = 0; l < g.num_leaders(); ++l) {
    const LeaderDef& d = g.leader(l);
    const LeaderState& ls = leader(l);
    leaders.push_back(
        {{"id", d.id},
         {"name", leader_name(l)},
         {"side", g.player_name(d.side)},
         {"command", ls.command},
         {"supreme", d.supreme && !(ls.flags & kReplacement)},
         {"hex", ls.hex == kNoHex ? nlohmann::json(nullptr) : nlohmann::json(hex_name(ls.hex))},
         {"chits_in_cup", ls.cup},
         {"activated", (ls.flags & kActivated) != 0},
         {"replacement", (ls.flags & kReplacement) != 0},
         {"awaiting_replacement", (ls.flags & kAwaitingReplacement) != 0},
         {"fallen", (ls.flags & kFallen) != 0}});
  }
  j["leaders"] = leaders;
  if (phase_ == Phase::kCombatBuild || (phase_ == Phase::kTasks && combat_.num_attackers > 0)) {
    nlohmann::json c;
    for (int i = 0; i < combat_.num_attackers; ++i)
      c["attackers"].push_back(g.unit(combat_.attackers[static_cast<std::size_t>(i)]).id);
    for (int i = 0; i < combat_.num_defenders; ++i)
      c["defenders"].push_back(g.unit(combat_.defenders[static_cast<std::size_t>(i)]).id);
    j["combat"] = c;
  }
  if (selected_ >= 0) {
    j["selected"] = selected_ >= 1000 ? g.leader(selected_ - 1000).id : g.unit(selected_).id;
    j["movement_left"] = mp_left_;
  }
  if (phase_ == Phase::kOver) {
    j["winner"] = winner_ == 2 ? nlohmann::json("draw") : nlohmann::json(g.player_name(winner_));
    j["end_reason"] = end_reason_name(end_reason_);
  }
  return j;
}

std::string BmaState::action_to_string(game::Action a) const {
  const BmaGame& g = *bma_;
  if (a == act::kActivate)
    return drawn_leader_ >= 0 ? fmt::format("activate {}", leader_name(drawn_leader_)) : "activate";
  if (a == act::kDecline)
    return drawn_leader_ >= 0 ? fmt::format("decline to activate {}", leader_name(drawn_leader_))
                              : "decline";
  if (a == act::kEndMovement) return "end movement";
  if (a == act::kEndCombat) return "end combat";
  if (a == act::kResolveCombat) return "resolve the combat";
  if (a >= act::kDestinationBase) {
    const int key = a - act::kDestinationBase;
    const int hex = key / 12, facing = key % 12;
    const bool is_leader = selected_ >= 1000;
    const int cur = is_leader ? (selected_ - 1000 >= 0 ? leader(selected_ - 1000).hex : kNoHex)
                              : (selected_ >= 0 ? unit(selected_).hex : kNoHex);
    const bool faces = g.rules().facing && !is_leader && selected_ >= 0 && !is_carroccio(selected_);
    if (hex == cur && (!faces || facing == unit(selected_).facing)) return "stay in place";
    return faces ? fmt::format("to {} facing {}", hex_name(hex), g.board().facing_name(facing))
                 : fmt::format("to {}", hex_name(hex));
  }
  if (a == act::kStop) {
    if (selected_ < 0) return "stop";
    const Mover m = selected_mover();
    return m.hex == move_from_ && m.facing == move_from_facing_
               ? "stay in place"
               : fmt::format("stop at {}", hex_name(m.hex));
  }
  if (a >= act::kTurnBase && a < act::kTurnBase + 12)
    return fmt::format("turn to face {} (1 MP)", g.board().facing_name(a - act::kTurnBase));
  if (a >= act::kStepBase && a < act::kStepBase + 6) {
    const int cur = selected_ < 0 ? kNoHex : selected_mover().hex;
    const int to = cur == kNoHex ? kNoHex : g.board().neighbor(cur, a - act::kStepBase);
    return to == kNoHex ? fmt::format("step {}", g.board().direction_name(a - act::kStepBase))
                        : fmt::format("step {} to {}", g.board().direction_name(a - act::kStepBase),
                                      hex_name(to));
  }
  if (a >= act::kReplacementBase)
    return fmt::format("replacement leader joins {}", unit_name(a - act::kReplacementBase));
  if (a >= act::kAddDefenderBase)
    return fmt::format("also attack {}", unit_name(a - act::kAddDefenderBase));
  if (a >= act::kAddChargerBase)
    return fmt::format("charge with {}", unit_name(a - act::kAddChargerBase));
  if (a >= act::kAddAttackerBase)
    return fmt::format("attack with {}", unit_name(a - act::kAddAttackerBase));
  if (a >= act::kTargetBase) return fmt::format("attack {}", unit_name(a - act::kTargetBase));
  if (a >= act::kSelectLeaderBase)
    return fmt::format("move {}", leader_name(a - act::kSelectLeaderBase));
  if (a >= act::kSelectUnitBase) return fmt::format("move {}", unit_name(a - act::kSelectUnitBase));
  if (a >= act::kDrawBase)
    return fmt::format("chit of {} drawn", g.leader(a - act::kDrawBase).name);
  if (a >= act::kValueBase) return fmt::format("rolled {}", a - act::kValueBase);
  return fmt::format("action {}", a);
}

nlohmann::json BmaState::action_to_json(game::Action a) const {
  nlohmann::json j = {{"id", a}, {"name", action_to_string(a)}};
  const BmaGame& g = *bma_;
  if (a >= act::kDestinationBase) {
    const int key = a - act::kDestinationBase;
    j["kind"] = "destination";
    j["hex"] = hex_name(key / 12);
    j["facing"] = g.board().facing_name(key % 12);
  } else if (a >= act::kTurnBase && a < act::kTurnBase + 12) {
    j["kind"] = "turn";
    j["facing"] = g.board().facing_name(a - act::kTurnBase);
  } else if (a >= act::kStepBase && a < act::kStepBase + 6) {
    j["kind"] = "step";
    j["direction"] = g.board().direction_name(a - act::kStepBase);
    const int cur = selected_ < 0 ? kNoHex : selected_mover().hex;
    const int to = cur == kNoHex ? kNoHex : g.board().neighbor(cur, a - act::kStepBase);
    if (to != kNoHex) j["hex"] = hex_name(to);
  } else if (a >= act::kReplacementBase) {
    j["kind"] = "replacement";
    j["unit"] = g.unit(a - act::kReplacementBase).id;
  } else if (a >= act::kAddDefenderBase) {
    j["kind"] = "add-defender";
    j["odds"] = true;  // action_odds() weighs the combat with it
    j["unit"] = g.unit(a - act::kAddDefenderBase).id;
  } else if (a >= act::kAddChargerBase) {
    j["kind"] = "add-charger";
    j["odds"] = true;
    j["unit"] = g.unit(a - act::kAddChargerBase).id;
  } else if (a >= act::kAddAttackerBase) {
    j["kind"] = "add-attacker";
    j["odds"] = true;
    j["unit"] = g.unit(a - act::kAddAttackerBase).id;
  } else if (a >= act::kTargetBase) {
    j["kind"] = "target";
    j["unit"] = g.unit(a - act::kTargetBase).id;
  } else if (a >= act::kSelectLeaderBase) {
    j["kind"] = "select-leader";
    j["leader"] = g.leader(a - act::kSelectLeaderBase).id;
  } else if (a >= act::kSelectUnitBase) {
    j["kind"] = "select-unit";
    j["unit"] = g.unit(a - act::kSelectUnitBase).id;
    // [4.1, 6.4] picking a unit held in an ordered enemy's zone rolls its morale check to leave
    // at once: the shell marks the decision and shows its odds (action_odds) before it is taken.
    if (phase_ == Phase::kMoveSelect && in_enemy_zoc(a - act::kSelectUnitBase)) {
      j["odds"] = true;
      j["rolls"] = true;
    }
  } else if (a >= act::kDrawBase) {
    j["kind"] = "chit";
    j["leader"] = g.leader(a - act::kDrawBase).id;
  } else if (a >= act::kValueBase) {
    j["kind"] = "value";
    j["value"] = a - act::kValueBase;
  } else {
    j["kind"] = a == act::kActivate      ? "activate"
                : a == act::kDecline     ? "decline"
                : a == act::kEndMovement ? "end-movement"
                : a == act::kEndCombat   ? "end-combat"
                : a == act::kStop        ? "stop"
                                         : "resolve";
    if (a == act::kResolveCombat) {
      j["odds"] = true;  // resolving rolls the die (and any chit, check) at once
      j["rolls"] = true;
    }
  }
  return j;
}

std::string BmaState::check_invariants() const {
  const BmaGame& g = *bma_;
  std::vector<int> seen(static_cast<std::size_t>(g.board().size()), -1);
  for (int u = 0; u < g.num_units(); ++u) {
    const UnitState& us = unit(u);
    if ((us.status == Status::kEliminated) != (us.hex == kNoHex))
      return fmt::format("unit {} is {} but its hex is {}", u, status_name(us.status), us.hex);
    if (us.hex != kNoHex) {
      if (us.hex < 0 || us.hex >= g.board().size())
        return fmt::format("unit {} is off the board", u);
      if (seen[static_cast<std::size_t>(us.hex)] >= 0)
        return fmt::format("units {} and {} share hex {}", seen[static_cast<std::size_t>(us.hex)],
                           u, hex_name(us.hex));
      seen[static_cast<std::size_t>(us.hex)] = u;
      if (unit_at(us.hex) != u)
        return fmt::format("occupancy of {} does not show unit {}", hex_name(us.hex), u);
    }
    if (us.value != 0) {
      const RatingInfo& r = g.tables().rating(g.unit(u).rating);
      if (us.value < r.chit_min || us.value > r.chit_max)
        return fmt::format("unit {} has chit value {} outside its rating", u, us.value);
    }
    if (g.unit(u).type == UnitType::kCarroccio &&
        (us.status == Status::kDisordered || us.status == Status::kRouted))
      return "the Carroccio cannot be disordered or routed (9.3.2)";
    if (g.unit(u).type == UnitType::kCarroccio && us.hex != kNoHex &&
        g.terrain(us.hex) != Terrain::kClear)
      return "the Carroccio is off clear terrain (9.3.2)";
    const bool vertex = g.unit(u).type == UnitType::kInfantry;
    if (g.unit(u).type != UnitType::kCarroccio && (us.facing % 2 == 1) != vertex)
      return fmt::format("unit {} has a facing of the wrong kind", u);
  }
  for (int h = 0; h < g.board().size(); ++h)
    if (unit_at(h) != seen[static_cast<std::size_t>(h)])
      return fmt::format("occupancy of {} is stale", hex_name(h));
  for (int h = 0; h < g.board().size(); ++h) {
    bool any = false;
    for (const LeaderState& ls : leaders_) any = any || ls.hex == h;
    if (leader_in(h) != any) return fmt::format("leader occupancy of {} is stale", hex_name(h));
  }
  // 4.2 / 5.4.6 (ruling L-25): a leader shares a hex with an enemy unit only while his overrun
  // check waits; two leaders share a hex only while one of them is moving through it (ruling
  // L-50) or is such an overrun enemy.
  const auto passing = [this](int l) {
    return phase_ == Phase::kMoveDestination && selected_ == 1000 + l;
  };
  for (int l = 0; l < g.num_leaders(); ++l) {
    const LeaderState& ls = leader(l);
    if (ls.cup > ls.chits)
      return fmt::format("leader {} has more chits in the cup than he owns", l);
    if ((ls.flags & kAwaitingReplacement) && ls.hex != kNoHex)
      return fmt::format("leader {} is awaiting replacement but on the map", l);
    if (ls.hex == kNoHex) continue;
    const int u = unit_at(ls.hex);
    if (u >= 0 && side_of(u) != g.leader_side(l) && !overrun_check_queued(l))
      return fmt::format("leader {} stands on enemy unit {} at {} with no overrun check to come", l,
                         u, hex_name(ls.hex));
    for (int l2 = l + 1; l2 < g.num_leaders(); ++l2)
      if (leader(l2).hex == ls.hex && !passing(l) && !passing(l2) &&
          !(u >= 0 && side_of(u) != g.leader_side(l) && overrun_check_queued(l)) &&
          !(u >= 0 && side_of(u) != g.leader_side(l2) && overrun_check_queued(l2)))
        return fmt::format("leaders {} and {} share hex {} (4.2)", l, l2, hex_name(ls.hex));
  }
  if (phase_ != Phase::kOver && turn_ > g.scenario_data().turns)
    return "the turn is past the last turn";
  if (phase_ == Phase::kTasks && (tasks_.empty() || !is_chance_task(tasks_.front().kind)))
    return "waiting on a task that is not a chance step";
  if (phase_ == Phase::kOver && winner_ < 0) return "the game is over without a result";
  return {};
}

std::string BmaState::status_line() const {
  const BmaGame& g = *bma_;
  return fmt::format("Turn {}/{}  {} lost {}/{}  {} lost {}/{}  cup {}{}", turn_,
                     g.scenario_data().turns, g.scenario_data().sides[0].name, vp_lost(0),
                     g.scenario_data().sides[0].rout_level, g.scenario_data().sides[1].name,
                     vp_lost(1), g.scenario_data().sides[1].rout_level, cup_total(),
                     active_leader_ >= 0 ? fmt::format("  active: {}", leader_name(active_leader_))
                                         : std::string());
}

}  // namespace carroccio::bma
