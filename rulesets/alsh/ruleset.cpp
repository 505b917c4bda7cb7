#include "rulesets/alsh/ruleset.hpp"

#include "fmt/format.h"
#include "rulesets/alsh/cli.hpp"
#include "rulesets/alsh/odds_cli.hpp"
#include "rulesets/alsh/referee.hpp"

namespace carroccio::alsh {

namespace {

class AlshRuleset final : public game::Ruleset {
 public:
  AlshRuleset() {
    info_.id = "alsh";
    info_.title = "All is Lost save Honour (charts)";
    info_.description =
        "The chart sheet of an operational game of the Italian Wars (Europa Simulazioni, 2006): "
        "a referee that resolves every table exactly, explains the ruling and gives the odds. "
        "Garbled cells are reconstructed and marked; the lost Assault Table grid is taken from "
        "a file you supply.";
    info_.plays_games = false;
    info_.table_referee = true;
  }
  const game::RulesetInfo& info() const override { return info_; }

  core::Expected<std::shared_ptr<const game::Game>> new_game(
      const nlohmann::json& /*scenario*/, std::string_view /*source_name*/,
      const game::Options& /*options*/) const override {
    return core::make_error(
        "alsh is a table referee with no playable scenarios: use 'carroccio alsh' to resolve "
        "its tables.");
  }

  // The table referee for the browser (GET/POST /api/rulesets/alsh/tables, .../resolve): the
  // same description and report as `carroccio alsh --json` (rulesets/alsh/referee.hpp).
  nlohmann::json referee_tables() const override { return describe_tables(); }
  core::Expected<nlohmann::json> referee_resolve(const nlohmann::json& request) const override {
    return resolve_request(request);
  }

  // `carroccio odds alsh TABLE ...`: the referee's exact odds of a table for a described
  // situation, in the odds form every ruleset shares (rulesets/alsh/odds_cli.hpp).
  std::optional<DescribedOdds> described_odds() const override {
    return DescribedOdds{std::string(kDescribedOddsUsage), &run_described_odds_cli};
  }

  // `carroccio alsh ...`: the table referee on the command line (rulesets/alsh/cli.hpp).
  std::vector<game::RulesetCommand> commands() const override {
    return {{"alsh", "...", "All is Lost save Honour charts (see carroccio alsh --help)",
             [](const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
               return run_cli(args, out, err);
             }}};
  }

 private:
  game::RulesetInfo info_;
};

}  // namespace

std::unique_ptr<game::Ruleset> make_ruleset() { return std::make_unique<AlshRuleset>(); }

}  // namespace carroccio::alsh
