// The text of exact odds (State::action_odds JSON) for people: `carroccio odds` and `play`
// (game/odds_text.hpp, which a ruleset's described-situation odds share).
#pragma once

#include "game/odds_text.hpp"

namespace carroccio::app {

using game::format_odds;
using game::format_odds_line;

}  // namespace carroccio::app
