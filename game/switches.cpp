#include "game/switches.hpp"

#include "fmt/format.h"

namespace carroccio::game {

core::Error unknown_option_error(std::string_view ruleset, std::string_view name,
                                 const std::vector<std::string>& names) {
  if (names.empty())
    return core::make_error(
        fmt::format("Ruleset '{}' has no options, but '{}' was given.", ruleset, name));
  if (names.size() == 1)
    return core::make_error(fmt::format("'{}' is not an option of {}: the only option is {}.", name,
                                        ruleset, names.front()));
  return core::make_error(fmt::format("'{}' is not an option of {}: the options are {}.", name,
                                      ruleset, fmt::join(names, ", ")));
}

core::Expected<bool> switch_value(std::string_view name, std::string_view value) {
  if (value == "true" || value == "on") return true;
  if (value == "false" || value == "off") return false;
  return core::make_error(
      fmt::format("Option '{}' cannot be '{}': it is a plain switch.", name, value));
}

}  // namespace carroccio::game
