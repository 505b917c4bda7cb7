#include "rulesets/bma/ruleset.hpp"

#include "fmt/format.h"
#include "rulesets/bma/game.hpp"
#include "rulesets/bma/types.hpp"

namespace carroccio::bma {

std::vector<std::pair<std::string_view, std::string_view>> embedded_scenarios();

namespace {

class BmaRuleset final : public game::Ruleset {
 public:
  BmaRuleset() {
    info_.id = "bma";
    info_.title = "Battles of the Middle Ages: Legnano 1176";
    info_.description =
        "Hex-and-counter battle game: chit-pull leader activation, zones of control, odds "
        "combat results table, morale and rally, victory points against rout levels.";
    info_.options = {
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
        std::make_shared<BmaGame>(std::move(*s), *rules, options));
  }

  std::vector<game::Options> conformance_option_sets() const override {
    // Every combination of the four optional rules (7.1-7.4), with each form of 7.4 (off,
    // adverse, every): 8 x 3 = 24 sets.
    std::vector<game::Options> sets;
    for (const char* vcf : {"", "adverse", "every"}) {
      for (int mask = 0; mask < 8; ++mask) {
        game::Options o;
        if (mask & 1) o["command_radius"] = "true";
        if (mask & 2) o["facing"] = "true";
        if (mask & 4) o["charge"] = "true";
        if (*vcf != '\0') o["vcf"] = vcf;
        sets.push_back(o);
      }
    }
    return sets;
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

std::unique_ptr<game::Ruleset> make_ruleset() { return std::make_unique<BmaRuleset>(); }

}  // namespace carroccio::bma
