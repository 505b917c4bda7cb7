#include "rulesets/bma/ruleset.hpp"

#include "game/scenario_reader.hpp"
#include "rulesets/bma/game.hpp"
#include "rulesets/bma/odds_cli.hpp"
#include "rulesets/bma/types.hpp"

namespace carroccio::bma {

std::vector<std::pair<std::string_view, std::string_view>> embedded_scenarios();

namespace {

game::RulesetInfo ruleset_info() {
  game::RulesetInfo info;
  info.id = "bma";
  info.title = "Battles of the Middle Ages: Legnano 1176";
  info.description =
      "Hex-and-counter battle game: chit-pull leader activation, zones of control, odds "
      "combat results table, morale and rally, victory points against rout levels.";
  info.options = {
      {"command_radius",
       "7.1: units more than 4 hexes from their leader move at half speed and cannot attack",
       {}},
      {"facing",
       "7.2: units face a hexside (cavalry) or a corner (infantry); flank and rear attacks",
       {}},
      {"charge", "7.3: cavalry may charge cavalry from 2 to 4 hexes away", {}},
      {"vcf",
       "7.4: variable combat factors: new chit after an adverse result, or before every combat",
       {"adverse", "every", "off"}},
  };
  // docs/ai.md: on Legnano MCTS at its suggested budget (BmaGame::default_search_iterations)
  // beats the heuristic on either side, at about 2 ms a decision.
  info.suggested_opponent = "mcts";
  return info;
}

class BmaRuleset final : public game::FileRuleset {
 public:
  BmaRuleset() : FileRuleset(ruleset_info(), embedded_scenarios()) {}

  core::Expected<std::shared_ptr<const game::Game>> new_game(
      const nlohmann::json& scenario, std::string_view source_name,
      const game::Options& options) const override {
    return build_game<BmaGame>(parse_rule_options, load_scenario, scenario, source_name, options);
  }

  std::vector<game::Options> conformance_option_sets() const override {
    // The four optional rules (7.1-7.4), 7.4 in each of its forms: the default set, then every
    // rule on with 7.4 adverse, and with 7.4 every (three sets holding every pair of rules on
    // together). A Legnano game under ASan takes about half a minute; the six sets holding every
    // pair, on or off, cost four minutes of CPU in every test run (docs/performance.md, "Third
    // round"), the 24 combinations over half of it: those are the long suite's.
    return every_option_pair_on();
  }
  std::vector<game::Options> long_conformance_option_sets() const override {
    return every_option_combination();  // all 8 x 3 = 24, in the long suite
  }

  // `carroccio odds bma ...`: a combat described without a game (odds_cli.hpp).
  std::optional<DescribedOdds> described_odds() const override {
    return DescribedOdds{std::string(kDescribedOddsUsage), run_described_odds_cli};
  }
};

}  // namespace

std::unique_ptr<game::Ruleset> make_ruleset() { return std::make_unique<BmaRuleset>(); }

}  // namespace carroccio::bma
