#include "rulesets/ohw/ruleset.hpp"

#include "rulesets/ohw/game.hpp"
#include "rulesets/ohw/types.hpp"

namespace carroccio::ohw {

std::vector<std::pair<std::string_view, std::string_view>> embedded_scenarios();

namespace {

class OhwRuleset final : public game::Ruleset {
 public:
  OhwRuleset() {
    info_.id = "ohw";
    info_.title = "One-Hour Wargames: Medieval";
    info_.description =
        "Miniatures rules on a continuous table: knights, men-at-arms, archers and levies; "
        "straight "
        "moves with one turn before and after, charges, crossbow shooting, one-sided melee, 15 "
        "hits "
        "remove a unit.";
    info_.options = {
        {"fort", "5.1: towns are forts: units inside cannot be charged or fought in melee", {}},
        {"irregulars", "5.2: two units of every rolled force become irregulars", {}},
        {"peasant_archers", "5.3: one unit of every rolled force becomes peasant archers", {}},
        {"redoubt",
         "5.4: redoubts give foot a 180-degree field of fire, cover, and delay attackers a turn",
         {}},
    };
    for (const auto& [name, text] : embedded_scenarios()) {
      auto j = nlohmann::json::parse(text, nullptr, false);
      if (j.is_discarded()) continue;
      std::string id(name.substr(0, name.rfind('.')));
      info_.scenarios.push_back({id, j.value("title", id), j.value("description", "")});
    }
  }
  const game::RulesetInfo& info() const override { return info_; }

  core::Expected<std::shared_ptr<const game::Game>> new_game(
      const nlohmann::json& scenario, std::string_view source_name,
      const game::Options& options) const override {
    auto rules = parse_rule_options(options);
    if (!rules) return rules.error();
    auto s = load_scenario(scenario, source_name);
    if (!s) return s.error();
    return std::shared_ptr<const game::Game>(
        std::make_shared<OhwGame>(std::move(*s), *rules, options));
  }

  std::vector<game::Options> conformance_option_sets() const override {
    return {game::Options{},
            {{"fort", "true"},
             {"irregulars", "true"},
             {"peasant_archers", "true"},
             {"redoubt", "true"}}};
  }

 protected:
  std::vector<std::pair<std::string, std::string>> builtin_scenarios() const override {
    std::vector<std::pair<std::string, std::string>> out;
    for (const auto& [name, text] : embedded_scenarios())
      out.emplace_back(std::string(name.substr(0, name.rfind('.'))), std::string(text));
    return out;
  }

 private:
  game::RulesetInfo info_;
};

}  // namespace

std::unique_ptr<game::Ruleset> make_ruleset() { return std::make_unique<OhwRuleset>(); }

}  // namespace carroccio::ohw
