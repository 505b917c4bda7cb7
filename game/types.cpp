#include "game/types.hpp"

#include <cctype>

#include "fmt/format.h"

namespace carroccio::game {

core::Expected<Options> parse_options(std::string_view text) {
  Options options;
  std::size_t i = 0;
  while (i <= text.size()) {
    std::size_t j = text.find(',', i);
    if (j == std::string_view::npos) j = text.size();
    std::string_view item = text.substr(i, j - i);
    while (!item.empty() && std::isspace(static_cast<unsigned char>(item.front())))
      item.remove_prefix(1);
    while (!item.empty() && std::isspace(static_cast<unsigned char>(item.back())))
      item.remove_suffix(1);
    if (!item.empty()) {
      const auto eq = item.find('=');
      std::string name(item.substr(0, eq));
      std::string value = eq == std::string_view::npos ? "true" : std::string(item.substr(eq + 1));
      if (name.empty())
        return core::make_error(fmt::format("Option '{}' has no name before '='.", item));
      if (value.empty())
        return core::make_error(fmt::format("Option '{}' has no value after '='.", name));
      if (options.count(name))
        return core::make_error(fmt::format("Option '{}' is given twice.", name));
      options[name] = value;
    }
    i = j + 1;
  }
  return options;
}

std::string options_to_string(const Options& options) {
  std::string out;
  for (const auto& [name, value] : options) {
    if (!out.empty()) out += ',';
    out += value == "true" ? name : name + "=" + value;
  }
  return out;
}

}  // namespace carroccio::game
