// The text of exact odds (State::action_odds JSON) for people: `carroccio odds` and `play`.
#pragma once

#include <string>
#include <string_view>

#include "nlohmann/json.hpp"

namespace carroccio::app {

// Every line of the odds: column and modifiers with their clauses, undrawn chits, checks, each
// result with its probability and what it does to the victory-point race, each leader's death
// chance. Empty for null odds.
std::string format_odds(const nlohmann::json& odds, std::string_view indent);
// One line: "DE 16.7%, DR 33.3%, ...".
std::string format_odds_line(const nlohmann::json& odds);

}  // namespace carroccio::app
