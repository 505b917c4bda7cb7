// God Will Know His Own (gwkho), a DBx-style miniatures ruleset for 1096-1590: registered as a
// ruleset that plays no games yet. It contributes `carroccio army FILE` (cli.hpp). The library
// others build the game on: troops.hpp (vocabulary), tables.hpp (the rulebook's numbers and the
// troop lookups), movement.hpp, shooting.hpp, combat.hpp (pure tables), army.hpp (army lists,
// points, morale ledgers).
#pragma once

#include <memory>

#include "game/registry.hpp"

namespace carroccio::gwkho {

std::unique_ptr<game::Ruleset> make_ruleset();

}  // namespace carroccio::gwkho
