// Registers One-Hour Wargames, Medieval (ohw) with the game registry.
#pragma once

#include <memory>

#include "game/registry.hpp"

namespace carroccio::ohw {

std::unique_ptr<game::Ruleset> make_ruleset();

}  // namespace carroccio::ohw
