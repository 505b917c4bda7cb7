// The registry of every ruleset Carroccio implements.
#pragma once

#include "game/registry.hpp"

namespace carroccio::rulesets {

game::Registry make_registry();

}  // namespace carroccio::rulesets
