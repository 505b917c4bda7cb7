// All is Lost save Honour (charts): a table referee registered as a ruleset. It plays no games:
// use `carroccio alsh` (or the browser referee page) to resolve its tables.
#pragma once

#include <memory>

#include "game/registry.hpp"

namespace carroccio::alsh {

std::unique_ptr<game::Ruleset> make_ruleset();

}  // namespace carroccio::alsh
