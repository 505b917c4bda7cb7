// The pieces an event is about, for a board to draw (issue 20, point 5). An attack or a shot
// names in its data "attackers" (the ids of the pieces that strike or shoot, as the state's
// to_json() names them) and "targets" (the ids of the pieces they strike). It is the same for
// every ruleset: the browser draws an arrow from each attacker to each target of the other
// side's turn. The event's text says the same in words and is not changed by it; records hold
// no events, so they do not change either.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "core/event.hpp"

namespace carroccio::core {

// `data` with the pieces of an attack added.
inline nlohmann::json attack_data(std::vector<std::string> attackers,
                                  std::vector<std::string> targets,
                                  nlohmann::json data = nlohmann::json::object()) {
  data["attackers"] = std::move(attackers);
  data["targets"] = std::move(targets);
  return data;
}

// The event of an attack or a shot: its kind, sentence and clause, and the pieces.
inline Event attack_event(std::string kind, std::string text, std::string rule,
                          std::vector<std::string> attackers, std::vector<std::string> targets) {
  return Event{std::move(kind), std::move(text), std::move(rule),
               attack_data(std::move(attackers), std::move(targets))};
}

}  // namespace carroccio::core
