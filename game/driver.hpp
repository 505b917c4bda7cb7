// Drivers choose chance outcomes: our seeded generator, or a person with physical dice.
#pragma once

#include <iosfwd>

#include "core/rng.hpp"
#include "game/state.hpp"

namespace carroccio::game {

// Picks a chance outcome with its exact probability (integer weights, no modulo bias).
Action sample_chance(const std::vector<ChanceOutcome>& outcomes, core::Rng& rng);
Action sample_chance(const State& state, core::Rng& rng);

// Asks a person for the outcome of the chance node: the value rolled on physical dice, or the
// name/number of the outcome (a chit drawn from a real cup). Refuses impossible entries with
// one sentence and asks again; end of input is an error.
core::Expected<Action> ask_chance(const State& state, std::istream& in, std::ostream& out);

}  // namespace carroccio::game
