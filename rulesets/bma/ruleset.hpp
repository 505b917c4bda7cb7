// Registers Battles of the Middle Ages (bma) with the game registry.
#pragma once

#include <memory>

#include "game/registry.hpp"

namespace carroccio::bma {

std::unique_ptr<game::Ruleset> make_ruleset();

}  // namespace carroccio::bma
