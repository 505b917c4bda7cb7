#include "rulesets/ohw/game.hpp"

#include <algorithm>

#include "rulesets/ohw/state.hpp"

namespace carroccio::ohw {

const game::Switches<RuleOptions>& rule_switches() {
  static const game::Switches<RuleOptions> kSwitches(
      "ohw",
      {{"fort", "5.1: towns are forts: units inside cannot be charged or fought in melee",
        &RuleOptions::fort},
       {"irregulars", "5.2: each side chooses two units of its rolled force to become irregulars",
        &RuleOptions::irregulars},
       {"peasant_archers",
        "5.3: each side chooses one unit of its rolled force to become peasant archers",
        &RuleOptions::peasant_archers},
       {"redoubt",
        "5.4: redoubts give foot a 180-degree field of fire, cover, and delay attackers a turn",
        &RuleOptions::redoubt}});
  return kSwitches;
}

core::Expected<RuleOptions> parse_rule_options(const game::Options& options) {
  return rule_switches().parse(options);
}

OhwGame::OhwGame(Scenario scenario, RuleOptions rules, game::Options options)
    : game::Game("ohw", scenario.id, {scenario.side_ids[0], scenario.side_ids[1]},
                 std::move(options), scenario.source),
      scenario_(std::move(scenario)),
      rules_(rules),
      // Within a move's length (6 inches) of a piece, a place is said from the piece; zones,
      // which the board does not draw, are not landmarks.
      words_(
          kLength, scenario_.width, scenario_.height, scenario_.terrain, terrain_name,
          [](TerrainType t) { return t != TerrainType::kZone; }, kLength(6)) {
  for (const auto& t : scenario_.terrain) {
    boxes_.push_back(game::table::box_of(t.outline));
    convex_.push_back(geo::convex_counter_clockwise(t.outline).value_or(geo::Polygon{}));
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
