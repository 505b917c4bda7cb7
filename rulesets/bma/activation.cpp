// Sequence of play (3.0): the chit cup and activations (3.1), then rally (3.2) and the
// victory check (3.3).
#include <algorithm>
#include <array>
#include <vector>

#include "fmt/format.h"
#include "rulesets/bma/state.hpp"

namespace carroccio::bma {

void BmaState::start_turn() {
  // 3.1.1: every leader's chits go into the cup at the start of the turn. A leader killed
  // earlier keeps a single chit (5.4.2).
  for (int l = 0; l < bma_->num_leaders(); ++l) {
    LeaderState& ls = leaders_[static_cast<std::size_t>(l)];
    ls.cup = ls.chits;
    ls.flags &= static_cast<std::uint8_t>(~(kActivated | kLeaderMoved));
  }
  draw_count_ = 0;
  phase_ = Phase::kDraw;
  resume_phase_ = Phase::kDraw;
  if (logging())
    log("turn", fmt::format("Turn {} begins: {} chits go into the cup.", turn_, cup_total()),
        "bma 3.1.1", {{"turn", turn_}});
}

void BmaState::after_draw(int l) {
  LeaderState& ls = leaders_[static_cast<std::size_t>(l)];
  // Ruling L-1: the players take turns at the cup, the Imperial side (side 0) first in odd turns
  // and the other side first in even turns. Who draws changes nothing; it is logged for replays.
  const std::string& drawer = bma_->player_name((draw_count_ + 1 + (turn_ % 2 == 0 ? 1 : 0)) % 2);
  if (ls.flags & kActivated) {
    // 3.1.1: a leader acts once a turn; a further chit of his is put aside.
    if (logging())
      log("draw",
          // His name without his titles ("Philip of Heinsberg"): two lines at 1366 px.
          fmt::format("Chit of {} drawn: he acted this turn already; put aside.",
                      leader_name(l).substr(0, leader_name(l).find(','))),
          "bma 3.1.1", {{"leader", bma_->leader(l).id}, {"set_aside", true}, {"drawer", drawer}});
    continue_drawing();
    return;
  }
  if (logging())
    log("draw", fmt::format("Chit of {} drawn ({} left in the cup).", leader_name(l), cup_total()),
        "bma 3.1.1", {{"leader", bma_->leader(l).id}, {"cup", cup_total()}, {"drawer", drawer}});
  drawn_leader_ = static_cast<std::int8_t>(l);
  phase_ = Phase::kActivateChoice;
}

void BmaState::continue_drawing() {
  drawn_leader_ = -1;
  phase_ = Phase::kDraw;
}

void BmaState::activate(int l) {
  LeaderState& ls = leaders_[static_cast<std::size_t>(l)];
  ls.flags |= kActivated;
  active_leader_ = static_cast<std::int8_t>(l);
  drawn_leader_ = -1;
  single_unit_ = -1;
  const bool radius = bma_->rules().command_radius;
  for (int u = 0; u < bma_->num_units(); ++u) {
    UnitState& us = units_[static_cast<std::size_t>(u)];
    // Per-activation marks: each unit attacks and is attacked at most once an activation.
    us.flags = 0;
    if (bma_->facts(u).leader != l || !alive(u)) continue;
    us.flags |= kActive;
    us.start_hex = us.hex;
    // 7.1.1: in command when within 4 hexes of the leader as the activation begins (ruling
    // L-42). A leader awaiting a replacement commands nobody until one is placed.
    if (radius && (ls.hex == kNoHex || bma_->board().distance(us.hex, ls.hex) > 4))
      us.flags |= kOutOfCommand;
  }
  if (ls.flags & kAwaitingReplacement) {
    if (logging())
      log("activation",
          fmt::format("{} is activated: his command awaits a replacement leader.",
                      bma_->leader(l).name),
          "bma 5.4.3", {{"leader", bma_->leader(l).id}});
    phase_ = Phase::kReplacement;
    return;
  }
  if (logging())
    log("activation", fmt::format("{} is activated.", leader_name(l)), "bma 3.1.3",
        {{"leader", bma_->leader(l).id}});
  phase_ = Phase::kMoveSelect;
}

void BmaState::end_activation() {
  for (auto& us : units_) us.flags &= static_cast<std::uint8_t>(~kActive);
  active_leader_ = -1;
  single_unit_ = -1;
  selected_ = -1;
  continue_drawing();
}

void BmaState::start_rally() {
  // 3.2 / ruling L-5: both sides rally at once, so everything is judged on the position as the
  // phase opens: who recovers unaided (6.2), who rolls and with what modifier (6.2.1, 6.3),
  // who is too close to rally. Imperial units (side 0) first, then side 1, each in ascending
  // hex order. Statuses change only after that survey.
  if (logging()) log("phase", fmt::format("Turn {}: rally phase.", turn_), "bma 3.2");
  const Board& b = bma_->board();
  std::array<std::int16_t, kMaxUnits> recovered_units;  // on the stack: no allocation
  std::size_t n_recovered = 0;
  // Only disordered and routed units take part: those, Imperial first, then by hex.
  std::array<std::int16_t, kMaxUnits> order;
  std::size_t n_order = 0;
  for (int u = 0; u < bma_->num_units(); ++u) {
    const Status st = unit(u).status;
    if (st == Status::kDisordered || st == Status::kRouted)
      order[n_order++] = static_cast<std::int16_t>(u);
  }
  std::sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(n_order),
            [this](int x, int y) {
              return std::pair(side_of(x), unit(x).hex) < std::pair(side_of(y), unit(y).hex);
            });
  for (std::size_t i = 0; i < n_order; ++i) {
    const int u = order[i];
    const int side = side_of(u);
    const int h = unit(u).hex;
    const Status st = unit(u).status;
    const auto task = [&] {
      return Task{TaskKind::kRallyRoll, static_cast<std::int16_t>(u),
                  static_cast<std::int16_t>(rally_modifier(u))};
    };
    if (st == Status::kDisordered) {
      bool enemy_adjacent = false;
      for (int nb : b.neighbors(h)) {
        const int e = nb == kNoHex ? -1 : unit_at(nb);
        if (e >= 0 && side_of(e) != side) enemy_adjacent = true;
      }
      // 6.2: away from the enemy, order returns by itself; next to it, a roll (6.2.1).
      if (enemy_adjacent)
        tasks_.push_back(task());
      else
        recovered_units[n_recovered++] = static_cast<std::int16_t>(u);
    } else if (st == Status::kRouted) {
      int nearest = 1000;
      for (int e = 0; e < bma_->num_units(); ++e)
        if (alive(e) && side_of(e) != side) nearest = std::min(nearest, b.distance(h, unit(e).hex));
      if (nearest >= 3) {
        tasks_.push_back(task());
      } else {
        // 6.3 / ruling L-35: too close to the enemy to rally: it keeps fleeing.
        if (logging())
          log("rally",
              fmt::format("{} within {} hexes of the enemy and cannot rally.", unit_says(u, "is"),
                          nearest),
              "bma 6.3", {{"unit", bma_->unit(u).id}});
        rally_failed_.push_back(static_cast<std::int16_t>(u));
      }
    }
  }
  for (std::size_t i = 0; i < n_recovered; ++i) {
    const int u = recovered_units[i];
    units_[static_cast<std::size_t>(u)].status = Status::kOrdered;
    if (logging())
      log("rally",
          fmt::format("{} {} order (no enemy adjacent).", unit_says(u, "recovers"),
                      game::table::its_for(unit_name(u))),
          "bma 6.2", {{"unit", bma_->unit(u).id}});
  }
  tasks_.push_back({TaskKind::kRallyFlights});
  tasks_.push_back({TaskKind::kVictoryCheck});
  phase_ = Phase::kTasks;
  resume_phase_ = Phase::kDraw;
}

}  // namespace carroccio::bma
