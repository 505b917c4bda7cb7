#include "rulesets/fastplay/game.hpp"

#include <algorithm>

#include "rulesets/fastplay/state.hpp"

namespace carroccio::fastplay {

const game::Switches<RuleOptions>& rule_switches() {
  static const game::Switches<RuleOptions> kSwitches(
      "fastplay", {{"supreme_commander",
                    "11.4: a side that has lost its supreme commander rolls a d6 each turn for "
                    "the number of units that may move or charge",
                    &RuleOptions::supreme_commander}});
  return kSwitches;
}

core::Expected<RuleOptions> parse_rule_options(const game::Options& options) {
  return rule_switches().parse(options);
}

FastplayGame::FastplayGame(Scenario scenario, RuleOptions rules, game::Options options)
    : game::Game("fastplay", scenario.id, {scenario.side_ids[0], scenario.side_ids[1]},
                 std::move(options), scenario.source),
      scenario_(std::move(scenario)),
      rules_(rules),
      // Within a heavy cavalry move (20 cm) of a piece, a place is said from the piece.
      words_(kLength, scenario_.width, scenario_.height, scenario_.terrain, terrain_name,
             20 * kCm) {
  for (const auto& u : scenario_.units)
    if (!u.lone_commander)
      start_stands_[static_cast<std::size_t>(u.side)] += static_cast<int>(u.stands.size());
  for (std::size_t i = 0; i < scenario_.terrain.size(); ++i) {
    const auto& t = scenario_.terrain[i];
    if (t.type != TerrainType::kRiver || t.outline.empty()) continue;
    RiverBox r{i, t.outline[0].x, t.outline[0].x, t.outline[0].y, t.outline[0].y};
    for (const geo::Point p : t.outline) {
      r.min_x = std::min(r.min_x, p.x), r.max_x = std::max(r.max_x, p.x);
      r.min_y = std::min(r.min_y, p.y), r.max_y = std::max(r.max_y, p.y);
    }
    river_boxes_.push_back(r);
  }
  // Names: a unit's words, and its number among its side's units of the same words.
  const auto words = [&](const UnitDef& u) {
    if (u.lone_commander) return std::string(u.supreme ? "supreme commander" : "commander");
    std::string s(troop_name(u.type));
    std::replace(s.begin(), s.end(), '_', ' ');
    return s;
  };
  for (const auto& u : scenario_.units) {
    int number = 0, of = 0;
    for (const auto& v : scenario_.units)
      if (v.side == u.side && words(v) == words(u)) {
        ++of;
        if (&v <= &u) ++number;
      }
    names_.push_back(game::table::piece_name(scenario_.side_names[static_cast<std::size_t>(u.side)],
                                             words(u), number, of));
    labels_.push_back(game::table::piece_label(words(u), number, of));
  }
}

std::unique_ptr<game::State> FastplayGame::new_initial_state() const {
  return std::make_unique<FastplayState>(shared_from_this());
}

}  // namespace carroccio::fastplay
