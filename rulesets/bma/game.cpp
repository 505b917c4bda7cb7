#include "rulesets/bma/game.hpp"

#include "fmt/format.h"
#include "rulesets/bma/state.hpp"

namespace carroccio::bma {

core::Expected<RuleOptions> parse_rule_options(const game::Options& options) {
  RuleOptions r;
  for (const auto& [name, value] : options) {
    if (name == "command_radius")
      r.command_radius = true;
    else if (name == "facing")
      r.facing = true;
    else if (name == "charge")
      r.charge = true;
    else if (name == "vcf") {
      if (value == "adverse" || value == "true")
        r.vcf = RuleOptions::Vcf::kAdverse;
      else if (value == "every")
        r.vcf = RuleOptions::Vcf::kEvery;
      else if (value == "off")
        r.vcf = RuleOptions::Vcf::kOff;
      else
        return core::make_error(
            fmt::format("Option 'vcf' cannot be '{}': it can be adverse, every or off.", value));
    } else {
      return core::make_error(fmt::format(
          "'{}' is not an option of bma: the options are command_radius, facing, charge, vcf.",
          name));
    }
  }
  return r;
}

namespace {
std::vector<std::string> side_ids(const Scenario& s) { return {s.sides[0].id, s.sides[1].id}; }
}  // namespace

BmaGame::BmaGame(Scenario scenario, RuleOptions rules, game::Options options)
    : game::Game("bma", scenario.id, side_ids(scenario), std::move(options), scenario.source),
      scenario_(std::move(scenario)),
      board_(scenario_.cols, scenario_.rows, scenario_.flat_top, scenario_.even_shifted),
      tables_(default_tables()),
      rules_(rules) {
  for (int l = 0; l < num_leaders(); ++l) {
    if (leader(l).supreme) supreme_[static_cast<std::size_t>(leader(l).side)] = l;
    leader_side_[static_cast<std::size_t>(l)] = static_cast<std::uint8_t>(leader(l).side);
  }
  commands_.resize(static_cast<std::size_t>(num_leaders()));
  occupant_side_.fill(kNoSide);
  for (int u = 0; u < num_units(); ++u) {
    facts_[static_cast<std::size_t>(u)] = {static_cast<std::uint8_t>(unit(u).side), unit(u).type,
                                           static_cast<std::uint8_t>(unit(u).leader),
                                           static_cast<std::uint8_t>(unit(u).movement)};
    occupant_side_[static_cast<std::size_t>(u)] = static_cast<std::uint8_t>(unit(u).side);
    if (unit(u).type == UnitType::kCarroccio)
      carroccio_[static_cast<std::size_t>(unit(u).side)] = u;
    commands_[static_cast<std::size_t>(unit(u).leader)].push_back(static_cast<std::int16_t>(u));
  }
  terrain_mp_.resize(static_cast<std::size_t>(board_.size()));
  for (int h = 0; h < board_.size(); ++h) {
    // 4.2 Terrain Effects Chart / 9.6 (ruling L-48); 9.3.2: the Carroccio, clear hexes only, 1.
    const TerrainInfo& t = tables_.terrain_info(terrain(h));
    auto& mp = terrain_mp_[static_cast<std::size_t>(h)];
    mp[static_cast<std::size_t>(UnitType::kInfantry)] = static_cast<std::int8_t>(t.infantry_mp);
    mp[static_cast<std::size_t>(UnitType::kCavalry)] = static_cast<std::int8_t>(t.cavalry_mp);
    mp[static_cast<std::size_t>(UnitType::kCarroccio)] =
        static_cast<std::int8_t>(terrain(h) == Terrain::kClear ? 1 : -1);
  }
}

std::unique_ptr<game::State> BmaGame::new_initial_state() const {
  return std::make_unique<BmaState>(shared_from_this());
}

}  // namespace carroccio::bma
