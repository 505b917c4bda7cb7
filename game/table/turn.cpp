#include "game/table/turn.hpp"

#include "fmt/format.h"

namespace carroccio::game::table {

std::vector<double> TurnTrack::returns(bool over) const {
  if (!over || winner == kDraw || winner < 0) return {0.0, 0.0};
  return winner == 0 ? std::vector<double>{1.0, -1.0} : std::vector<double>{-1.0, 1.0};
}

std::string TurnTrack::winner_id(const std::array<std::string, kNumSides>& side_ids) const {
  if (winner == kDraw) return "draw";
  if (winner < 0) return "";
  return side_ids[static_cast<std::size_t>(winner)];
}

std::string TurnTrack::game_over_text(const std::array<std::string, kNumSides>& side_names,
                                      std::string_view reason) const {
  const std::string who = winner == kDraw ? std::string("draw")
                          : winner < 0    ? std::string("no winner")
                                          : side_names[static_cast<std::size_t>(winner)] + " wins";
  return fmt::format("game over: {} ({})", who, reason);
}

std::string TurnTrack::status_head(int turns, const std::array<std::string, kNumSides>& side_names,
                                   std::string_view phase, bool over) const {
  return fmt::format("turn {}/{} {} {}", turn, turns,
                     over ? "" : side_names[static_cast<std::size_t>(active)], phase);
}

void TurnTrack::write_view(nlohmann::json& j, int turns,
                           const std::array<std::string, kNumSides>& side_ids, bool over) const {
  j["turn"] = turn;
  j["turns"] = turns;
  j["active"] = over ? "" : side_ids[static_cast<std::size_t>(active)];
  if (first >= 0) j["first"] = side_ids[static_cast<std::size_t>(first)];
  j["winner"] = winner_id(side_ids);
}

}  // namespace carroccio::game::table
