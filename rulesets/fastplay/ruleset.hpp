// Registers Fast Play Rules for Students, Medieval (fastplay) with the game registry.
#pragma once

#include <memory>

#include "game/registry.hpp"

namespace carroccio::fastplay {

std::unique_ptr<game::Ruleset> make_ruleset();

}  // namespace carroccio::fastplay
