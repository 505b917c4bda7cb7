#include "rulesets/fastplay/game.hpp"

#include "fmt/format.h"
#include "rulesets/fastplay/state.hpp"

namespace carroccio::fastplay {

core::Expected<RuleOptions> parse_rule_options(const game::Options& options) {
  RuleOptions r;
  for (const auto& [name, value] : options) {
    bool on = true;
    if (value == "false" || value == "off")
      on = false;
    else if (value != "true" && value != "on")
      return core::make_error(
          fmt::format("Option '{}' cannot be '{}': it is a plain switch.", name, value));
    if (name == "supreme_commander")
      r.supreme_commander = on;
    else
      return core::make_error(fmt::format(
          "'{}' is not an option of fastplay: the only option is supreme_commander.", name));
  }
  return r;
}

FastplayGame::FastplayGame(Scenario scenario, RuleOptions rules, game::Options options)
    : game::Game("fastplay", scenario.id, {scenario.side_ids[0], scenario.side_ids[1]},
                 std::move(options), scenario.source),
      scenario_(std::move(scenario)),
      rules_(rules) {
  for (const auto& u : scenario_.units)
    if (!u.lone_commander)
      start_stands_[static_cast<std::size_t>(u.side)] += static_cast<int>(u.stands.size());
}

std::unique_ptr<game::State> FastplayGame::new_initial_state() const {
  return std::make_unique<FastplayState>(shared_from_this());
}

}  // namespace carroccio::fastplay
