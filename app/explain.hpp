// The text of an agent's account of its choice (ai::Explanation): `play --explain` and
// `carroccio analyse`.
#pragma once

#include <string>
#include <string_view>

#include "ai/agent.hpp"
#include "game/state.hpp"

namespace carroccio::app {

// One line per candidate, best first: its name in `state` (the position decided on), its value
// for `side` (-1 to +1), its search, "<- chosen" on the one played, and for a decision with
// exact odds (an attack) those odds in one line. Empty when the agent gave no account.
std::string format_explanation(const game::State& state, game::Player side,
                               const ai::Explanation& explanation, std::string_view indent);

}  // namespace carroccio::app
