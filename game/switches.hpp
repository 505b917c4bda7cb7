// Rule options that are plain switches (ohw's 5.1-5.4, fastplay's 11.4, ...), declared once:
// each switch's name, its description for the catalogue and the bool member of the ruleset's
// options struct it sets. The catalogue entries (RulesetInfo::options) and the parser both come
// from that one list, so they cannot disagree, and every ruleset refuses a bad option with the
// same sentences (Ruleset::validate_options uses them too).
//
//   struct RuleOptions { bool fort = false; bool redoubt = false; };
//   const game::Switches<RuleOptions>& rule_switches() {
//     static const game::Switches<RuleOptions> kSwitches(
//         "ohw", {{"fort", "5.1: towns are forts ...", &RuleOptions::fort},
//                 {"redoubt", "5.4: redoubts ...", &RuleOptions::redoubt}});
//     return kSwitches;
//   }
//   info.options = rule_switches().info();                 // the catalogue
//   auto rules = rule_switches().parse(options);           // "fort" -> rules.fort = true
//
// A switch is on when given with no value (the registry passes "true") or as true/on, off as
// false/off.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/status.hpp"
#include "game/state.hpp"
#include "game/types.hpp"

namespace carroccio::game {

// "'fog' is not an option of race: the options are cautious, pace." (or "the only option is
// pace", or "Ruleset 'race' has no options, but 'fog' was given.").
core::Error unknown_option_error(std::string_view ruleset, std::string_view name,
                                 const std::vector<std::string>& names);
// The value of a switch: true for "true" and "on", false for "false" and "off"; otherwise the
// error "Option 'fort' cannot be 'maybe': it is a plain switch.".
core::Expected<bool> switch_value(std::string_view name, std::string_view value);

template <typename R>
struct Switch {
  std::string name;
  std::string description;
  bool R::*member = nullptr;
};

template <typename R>
class Switches {
 public:
  Switches(std::string ruleset, std::vector<Switch<R>> switches)
      : ruleset_(std::move(ruleset)), switches_(std::move(switches)) {}

  // The catalogue entries, in the order declared.
  std::vector<OptionInfo> info() const {
    std::vector<OptionInfo> out;
    for (const auto& s : switches_) out.push_back({s.name, s.description, {}});
    return out;
  }

  // R with the switches named in `options` set; the first bad option is the error.
  core::Expected<R> parse(const Options& options) const {
    R r{};
    for (const auto& [name, value] : options) {
      const Switch<R>* s = find(name);
      if (s == nullptr) return unknown_option_error(ruleset_, name, names());
      auto on = switch_value(name, value);
      if (!on) return on.error();
      r.*(s->member) = *on;
    }
    return r;
  }

 private:
  const Switch<R>* find(std::string_view name) const {
    for (const auto& s : switches_)
      if (s.name == name) return &s;
    return nullptr;
  }
  std::vector<std::string> names() const {
    std::vector<std::string> out;
    for (const auto& s : switches_) out.push_back(s.name);
    return out;
  }

  std::string ruleset_;
  std::vector<Switch<R>> switches_;
};

}  // namespace carroccio::game
