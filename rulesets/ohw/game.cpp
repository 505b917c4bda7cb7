#include "rulesets/ohw/game.hpp"

#include <algorithm>

#include "fmt/format.h"
#include "rulesets/ohw/state.hpp"

namespace carroccio::ohw {

core::Expected<RuleOptions> parse_rule_options(const game::Options& options) {
  RuleOptions r;
  for (const auto& [name, value] : options) {
    bool on = true;
    if (value == "false" || value == "off")
      on = false;
    else if (value != "true" && value != "on")
      return core::make_error(
          fmt::format("Option '{}' cannot be '{}': it is a plain switch.", name, value));
    if (name == "fort")
      r.fort = on;
    else if (name == "irregulars")
      r.irregulars = on;
    else if (name == "peasant_archers")
      r.peasant_archers = on;
    else if (name == "redoubt")
      r.redoubt = on;
    else
      return core::make_error(
          fmt::format("'{}' is not an option of ohw: the options are fort, irregulars, "
                      "peasant_archers, redoubt.",
                      name));
  }
  return r;
}

OhwGame::OhwGame(Scenario scenario, RuleOptions rules, game::Options options)
    : game::Game("ohw", scenario.id, {scenario.side_ids[0], scenario.side_ids[1]},
                 std::move(options), scenario.source),
      scenario_(std::move(scenario)),
      rules_(rules) {
  for (const auto& t : scenario_.terrain) {
    std::array<std::int64_t, 4> b{t.outline[0].x, t.outline[0].y, t.outline[0].x, t.outline[0].y};
    for (const auto& p : t.outline) {
      b[0] = std::min(b[0], p.x);
      b[1] = std::min(b[1], p.y);
      b[2] = std::max(b[2], p.x);
      b[3] = std::max(b[3], p.y);
    }
    boxes_.push_back(b);
  }
  ai_maps_ = build_ai_maps(scenario_);
  for (const auto& v : scenario_.victory)
    if (v.kind == VictoryKind::kObjectiveContact || v.kind == VictoryKind::kUnitsInZone ||
        v.kind == VictoryKind::kZonePoints)
      for (int z : v.zones)
        if (std::find(goals_.begin(), goals_.end(), z) == goals_.end() &&
            static_cast<int>(goals_.size()) < kMaxGoals)
          goals_.push_back(z);
}

std::unique_ptr<game::State> OhwGame::new_initial_state() const {
  return std::make_unique<OhwState>(shared_from_this());
}

}  // namespace carroccio::ohw
