// The table kit, part 3: the turn bookkeeping every two-sided table ruleset keeps (ohw, fastplay,
// gwkho): which turn it is, which side decides, which side moves first, and who won. What the
// rulesets do differently (ohw alternates whole player turns; fastplay alternates unit by unit
// within phases and rolls for the first mover each turn; the phases themselves) stays in each
// ruleset: this holds only the values and what every ruleset derives from them the same way.
//
//   game::table::TurnTrack track_;          // a member of the State
//   track_.first = sc.first;  ... track_.active = track_.first;
//   if (track_.turn >= sc.turns) finish(...); else track_.next_turn();
//   returns():   return track_.returns(phase_ == Phase::kOver);
//   to_json():   track_.write_view(j, sc.turns, sc.side_ids, phase_ == Phase::kOver);
//   finishing:   emit("end", track_.game_over_text(sc.side_names, reason), "...");
//
// to_string() prints the fields itself, in the ruleset's own order (the canonical text, whose
// hash records and the bench signature keep).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "game/table/scenario.hpp"
#include "nlohmann/json.hpp"

namespace carroccio::game::table {

struct TurnTrack {
  static constexpr std::int8_t kNoWinner = -1;
  static constexpr std::int8_t kDraw = 2;

  std::uint8_t turn = 1;           // the turn being played, from 1
  std::int8_t active = 0;          // the side deciding (or whose player turn it is)
  std::int8_t first = 0;           // the side moving first this turn; -1 until a roll decides
  std::int8_t winner = kNoWinner;  // 0 or 1, kDraw, or kNoWinner while the game goes on

  void next_turn() { ++turn; }
  bool last_turn(int turns) const { return turn >= turns; }
  // The other side than `side`.
  static std::int8_t other(int side) { return static_cast<std::int8_t>(1 - side); }

  // Per-side results once the game is `over`: +1 the winner, -1 the loser; 0 for both in a draw
  // or while the game goes on.
  std::vector<double> returns(bool over) const;
  // The winner's side id, "draw", or "" while none.
  std::string winner_id(const std::array<std::string, kNumSides>& side_ids) const;
  // "game over: <winner's name> wins (<reason>)" or "game over: draw (<reason>)".
  std::string game_over_text(const std::array<std::string, kNumSides>& side_names,
                             std::string_view reason) const;
  // "turn 3/12 <active side's name> <phase>" (no name once `over`): the head of a status line.
  std::string status_head(int turns, const std::array<std::string, kNumSides>& side_names,
                          std::string_view phase, bool over) const;
  // The view's "turn", "turns", "active" (its id, "" once over), "first" (its id, while known)
  // and "winner" (winner_id()).
  void write_view(nlohmann::json& j, int turns, const std::array<std::string, kNumSides>& side_ids,
                  bool over) const;
};

}  // namespace carroccio::game::table
