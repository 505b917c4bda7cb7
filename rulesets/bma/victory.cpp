// Victory (8.0) and the scenario's immediate ends (9.4).
#include "fmt/format.h"
#include "rulesets/bma/state.hpp"

namespace carroccio::bma {

int BmaState::vp_lost(int side) const {
  // 8.1 / ruling L-22, L-46: routed or eliminated units count their rating's fixed VP (A 5,
  // B 3, C 1); killed leaders count 2 x command value (added when they fall).
  int vp = leader_vp_lost_[static_cast<std::size_t>(side)];
  for (int u = 0; u < bma_->num_units(); ++u) {
    const UnitDef& d = bma_->unit(u);
    if (d.side != side || d.type == UnitType::kCarroccio) continue;
    const Status st = unit(u).status;
    if (st == Status::kRouted || st == Status::kEliminated)
      vp += bma_->tables().rating(d.rating).vp;
  }
  return vp;
}

void BmaState::end_game(int winner, EndReason reason) {
  if (phase_ == Phase::kOver) return;
  winner_ = static_cast<std::int8_t>(winner);
  end_reason_ = reason;
  phase_ = Phase::kOver;
  tasks_.clear();
  const auto& sides = bma_->scenario_data().sides;
  if (logging())
    log("victory",
        winner == 2
            ? fmt::format("The game ends in a draw ({}).", end_reason_name(reason))
            : fmt::format("{} ({}).",
                          game::table::says(sides[static_cast<std::size_t>(winner)].name, "wins"),
                          end_reason_name(reason)),
        reason == EndReason::kLeaderKilled || reason == EndReason::kUnitLost ? "bma 9.4"
                                                                             : "bma 8.2, 8.3",
        {{"winner", winner == 2 ? "draw" : bma_->player_name(winner)},
         {"reason", end_reason_name(reason)}});
}

void BmaState::victory_check() {
  // 3.3 / 8.2 / ruling L-45: an army routs when its losses reach its rout level.
  const auto& sides = bma_->scenario_data().sides;
  bool routed[kNumSides];
  for (int s = 0; s < kNumSides; ++s) {
    routed[s] = vp_lost(s) >= sides[static_cast<std::size_t>(s)].rout_level;
    if (logging())
      log("victory",
          fmt::format("{} lost {} VP against a rout level of {}.",
                      game::table::says(sides[static_cast<std::size_t>(s)].name, "has"), vp_lost(s),
                      sides[static_cast<std::size_t>(s)].rout_level),
          "bma 8.2", {{"side", bma_->player_name(s)}, {"vp_lost", vp_lost(s)}});
  }
  if (routed[0] && routed[1]) return end_game(2, EndReason::kBothRouted);  // 8.3
  if (routed[0]) return end_game(1, EndReason::kRoutLevel);
  if (routed[1]) return end_game(0, EndReason::kRoutLevel);
  if (turn_ >= bma_->scenario_data().turns) return end_game(2, EndReason::kTurnLimit);  // 8.3
  ++turn_;
  start_turn();
}

bool BmaState::check_immediate_end() {
  if (phase_ == Phase::kOver) return true;
  // 9.3.2 / 9.4: losing the Carroccio routs the Lombard army at once.
  for (int s = 0; s < kNumSides; ++s) {
    for (int u :
         bma_->scenario_data().sides[static_cast<std::size_t>(s)].routs_if_unit_eliminated) {
      if (!alive(u)) {
        end_game(1 - s, EndReason::kUnitLost);
        return true;
      }
    }
  }
  return false;
}

}  // namespace carroccio::bma
