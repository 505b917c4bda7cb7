#include "rulesets/fastplay/game.hpp"

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
      rules_(rules) {
  for (const auto& u : scenario_.units)
    if (!u.lone_commander)
      start_stands_[static_cast<std::size_t>(u.side)] += static_cast<int>(u.stands.size());
}

std::unique_ptr<game::State> FastplayGame::new_initial_state() const {
  return std::make_unique<FastplayState>(shared_from_this());
}

}  // namespace carroccio::fastplay
