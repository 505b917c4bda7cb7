// God Will Know His Own (gwkho), a DBx-style miniatures ruleset for 1096-1590: registered with
// its built-in scenarios (scenarios/gwkho/*.json; the game: game.hpp, state.hpp), and it
// contributes `carroccio army FILE` (cli.hpp). Beneath: troops.hpp (vocabulary), tables.hpp (the
// rulebook's numbers and the troop lookups), movement.hpp, shooting.hpp, combat.hpp (pure
// tables), army.hpp (army lists, points, morale ledgers), the resolution layer (resolve*.hpp,
// pips.hpp, morale.hpp).
#pragma once

#include <memory>

#include "game/registry.hpp"

namespace carroccio::gwkho {

std::unique_ptr<game::Ruleset> make_ruleset();

}  // namespace carroccio::gwkho
