// The text of exact odds (State::action_odds JSON) for people: `carroccio odds`, `play`, and a
// ruleset's own described-situation odds (game::Ruleset::described_odds).
#pragma once

#include <string>
#include <string_view>

#include "nlohmann/json.hpp"

namespace carroccio::game {

// Every line of the odds: the roll and what the odds assume, column and modifiers with their
// clauses, undrawn chits, checks, each result with its probability and what it does to the
// victory-point race, each leader's death chance. Empty for null odds.
std::string format_odds(const nlohmann::json& odds, std::string_view indent);
// One line: "DE 16.7%, DR 33.3%, ...".
std::string format_odds_line(const nlohmann::json& odds);

}  // namespace carroccio::game
