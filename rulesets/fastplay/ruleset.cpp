#include "rulesets/fastplay/ruleset.hpp"

#include "game/scenario_reader.hpp"
#include "rulesets/fastplay/game.hpp"
#include "rulesets/fastplay/situation.hpp"

namespace carroccio::fastplay {

std::vector<std::pair<std::string_view, std::string_view>> embedded_scenarios();

namespace {

game::RulesetInfo make_info() {
  game::RulesetInfo info;
  info.id = "fastplay";
  info.title = "Fast Play Rules for Students: Medieval";
  info.description =
      "Stands of archers, foot and horse on a continuous table in centimetres: three archery "
      "phases a turn, alternate charges, stand-against-stand melee, retreats with losses, war "
      "machines and commanders.";
  info.options = rule_switches().info();
  // docs/ai.md ("Fast Play Rules", the opponent study of 28 November): the heuristic, at a
  // few hundredths of a CPU second a decision.
  info.suggested_opponent = "heuristic";
  return info;
}

class FastplayRuleset final : public game::FileRuleset {
 public:
  FastplayRuleset() : FileRuleset(make_info(), embedded_scenarios()) {}

  core::Expected<std::shared_ptr<const game::Game>> new_game(
      const nlohmann::json& scenario, std::string_view source,
      const game::Options& options) const override {
    return build_game<FastplayGame>(parse_rule_options, load_scenario, scenario, source, options);
  }

  std::vector<game::Options> conformance_option_sets() const override {
    return every_option_combination();
  }

  // `carroccio odds fastplay ...`: a volley, a machine's shot or a fight described without a
  // game (situation.hpp).
  std::optional<DescribedOdds> described_odds() const override {
    return DescribedOdds{std::string(kDescribedOddsUsage), run_described_odds_cli};
  }
};

}  // namespace

std::unique_ptr<game::Ruleset> make_ruleset() { return std::make_unique<FastplayRuleset>(); }

}  // namespace carroccio::fastplay
