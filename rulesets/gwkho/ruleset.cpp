#include "rulesets/gwkho/ruleset.hpp"

#include "rulesets/gwkho/cli.hpp"

namespace carroccio::gwkho {

namespace {

class GwkhoRuleset final : public game::Ruleset {
 public:
  GwkhoRuleset() {
    info_.id = "gwkho";
    info_.title = "God Will Know His Own";
    info_.description =
        "Knight-and-crossbow era miniatures rules (1096-1590) in the manner of DBx: elements on "
        "a continuous table, PIPs, recoils and quick kills. Army lists are costed and checked "
        "with 'carroccio army FILE'; the game itself is not playable yet.";
    info_.plays_games = false;
  }
  const game::RulesetInfo& info() const override { return info_; }

  core::Expected<std::shared_ptr<const game::Game>> new_game(
      const nlohmann::json& /*scenario*/, std::string_view /*source_name*/,
      const game::Options& /*options*/) const override {
    return core::make_error(
        "gwkho plays no games yet: use 'carroccio army FILE' to cost and check an army list.");
  }

  // `carroccio army FILE [--json]` (rulesets/gwkho/cli.hpp).
  std::vector<game::RulesetCommand> commands() const override {
    return {{"army", "FILE [--json]",
             "God Will Know His Own army lists (see carroccio army --help)",
             [](const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
               return run_army_command(args, out, err);
             }}};
  }

 private:
  game::RulesetInfo info_;
};

}  // namespace

std::unique_ptr<game::Ruleset> make_ruleset() { return std::make_unique<GwkhoRuleset>(); }

}  // namespace carroccio::gwkho
