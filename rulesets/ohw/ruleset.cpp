#include "rulesets/ohw/ruleset.hpp"

#include "game/scenario_reader.hpp"
#include "rulesets/ohw/game.hpp"
#include "rulesets/ohw/situation.hpp"
#include "rulesets/ohw/types.hpp"

namespace carroccio::ohw {

std::vector<std::pair<std::string_view, std::string_view>> embedded_scenarios();

namespace {

game::RulesetInfo ruleset_info() {
  game::RulesetInfo info;
  info.id = "ohw";
  info.title = "One-Hour Wargames: Medieval";
  info.description =
      "Miniatures rules on a continuous table: knights, men-at-arms, archers and levies; "
      "straight moves with one turn before and after, charges, crossbow shooting, one-sided "
      "melee, 15 hits remove a unit.";
  info.options = rule_switches().info();
  return info;
}

class OhwRuleset final : public game::FileRuleset {
 public:
  OhwRuleset() : FileRuleset(ruleset_info(), embedded_scenarios()) {}

  core::Expected<std::shared_ptr<const game::Game>> new_game(
      const nlohmann::json& scenario, std::string_view source_name,
      const game::Options& options) const override {
    return build_game<OhwGame>(parse_rule_options, load_scenario, scenario, source_name, options);
  }

  std::vector<game::Options> conformance_option_sets() const override {
    // Every combination of the four optional rules (5.1-5.4): 16 sets.
    return every_option_combination();
  }

  // `carroccio odds ohw ...`: a shot or a melee strike described without a game (situation.hpp).
  std::optional<DescribedOdds> described_odds() const override {
    return DescribedOdds{std::string(kDescribedOddsUsage), run_described_odds_cli};
  }
};

}  // namespace

std::unique_ptr<game::Ruleset> make_ruleset() { return std::make_unique<OhwRuleset>(); }

}  // namespace carroccio::ohw
