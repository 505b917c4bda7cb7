// Reading a fastplay scenario file (docs/scenario-format.md, section "fastplay") with the table
// kit's reader (game/table/scenario.hpp): the table, sides, first mover, terrain and roads are
// read as every table ruleset reads them; units, formations and commanders are fastplay's own.
// Every error names the source, the field and the problem. Lengths in the file are centimetres
// with at most two decimals; they become integer 0.1 mm here and nowhere else.
#include "game/table/scenario.hpp"

#include <algorithm>
#include <optional>
#include <string>

#include "fmt/format.h"
#include "game/table/geometry.hpp"
#include "rulesets/fastplay/types.hpp"

namespace carroccio::fastplay {

std::string_view terrain_name(TerrainType t) {
  static constexpr std::array<std::string_view, kNumTerrainTypes> kNames = {
      "woods", "village", "works", "hill", "river"};
  return kNames[static_cast<std::size_t>(t)];
}

bool gives_cover(TerrainType t) {
  return t == TerrainType::kWoods || t == TerrainType::kVillage || t == TerrainType::kWorks;
}

namespace {

// The table kit's reader (game/table/scenario.hpp) with fastplay's limits: tables of 20 cm to
// 10 m, terrain and roads on them (0 to 1000 cm); "first": "roll" leaves it to the d6.
constexpr game::table::Format kFormat{kLength, 20 * kCm, 1000 * kCm, 0, 1000 * kCm, "roll"};

const std::vector<std::pair<std::string_view, TroopType>>& troop_choices() {
  static const std::vector<std::pair<std::string_view, TroopType>> kChoices = {
      {"archery", TroopType::kArchery},
      {"light_infantry", TroopType::kLightInfantry},
      {"heavy_infantry", TroopType::kHeavyInfantry},
      {"light_cavalry", TroopType::kLightCavalry},
      {"heavy_cavalry", TroopType::kHeavyCavalry},
      {"ballista", TroopType::kBallista},
      {"catapult", TroopType::kCatapult}};
  return kChoices;
}

// fastplay 3 (ruling F-6): the stands of a unit in `ranks` ranks, side by side, the unit's
// centre in the middle of the block; the first stand is the front rank's leftmost.
std::vector<StandDef> formation(TroopType type, int count, int ranks, StandSize size) {
  std::vector<StandDef> out;
  const int per_rank = (count + ranks - 1) / ranks;
  for (int r = 0; r < ranks; ++r) {
    const int m = std::min(per_rank, count - r * per_rank);
    for (int k = 0; k < m; ++k) {
      const std::int64_t ahead = (ranks - 1) * size.depth / 2 - r * size.depth;
      const std::int64_t across = (m - 1) * size.width / 2 - k * size.width;
      out.push_back({type, {ahead, across}});
    }
  }
  return out;
}

// fastplay 3 (ruling F-33): the playsheet's commanders. Under the playsheet organisation each
// formation has exactly one commander (a unit's commander or a lone commander figure naming it
// in `commands`), each army one supreme commander, and every lone commander is one of these.
std::optional<core::Error> check_commanders(const Scenario& s, const game::FieldReader& rd) {
  const auto& us = s.units;
  auto formation_side = [&](const std::string& f) {
    for (const auto& u : us)
      if (!u.lone_commander && u.formation == f) return u.side;
    return -1;
  };
  for (std::size_t i = 0; i < us.size(); ++i) {
    const std::string p = game::item_path("units", i);
    if (us[i].commands.empty()) {
      if (us[i].lone_commander && !us[i].supreme)
        return rd.error(p + "lone_commander",
                        "is a commander who leads nothing: name his formation in \"commands\" "
                        "or make him \"supreme\"");
      continue;
    }
    const int side = formation_side(us[i].commands);
    if (side != us[i].side)
      return rd.error(p + "commands",
                      fmt::format("names '{}', which is no formation of side '{}'", us[i].commands,
                                  s.side_ids[static_cast<std::size_t>(us[i].side)]));
    if (!us[i].lone_commander && us[i].formation != us[i].commands)
      return rd.error(p + "commands",
                      fmt::format("names formation '{}', but the unit whose commander it is "
                                  "belongs to '{}'",
                                  us[i].commands, us[i].formation));
    for (std::size_t k = 0; k < i; ++k)
      if (us[k].commands == us[i].commands)
        return rd.error(p + "commands",
                        fmt::format("gives formation '{}' a second commander (units[{}] is its "
                                    "commander), but a formation has one",
                                    us[i].commands, k));
  }
  for (std::size_t i = 0; i < us.size(); ++i) {
    if (us[i].lone_commander || us[i].formation.empty()) continue;
    bool first_of_it = true, led = false;
    for (std::size_t k = 0; k < us.size(); ++k) {
      if (!us[k].lone_commander && us[k].formation == us[i].formation && k < i) first_of_it = false;
      if (us[k].commands == us[i].formation) led = true;
    }
    if (first_of_it && !led)
      return rd.error(game::item_path("units", i) + "formation",
                      fmt::format("names formation '{}', which has no commander: give one of its "
                                  "units \"commander\": true and \"commands\": \"{}\", or add a "
                                  "lone commander commanding it",
                                  us[i].formation, us[i].formation));
  }
  for (int side = 0; side < kNumSides; ++side) {
    bool supreme = false;
    for (const auto& u : us) supreme = supreme || (u.side == side && u.supreme);
    if (!supreme)
      return rd.error("units",
                      fmt::format("gives side '{}' no supreme commander, but an army has one "
                                  "(\"supreme\": true on a lone commander or on his "
                                  "bodyguard unit with its commander)",
                                  s.side_ids[static_cast<std::size_t>(side)]));
  }
  return std::nullopt;
}

// fastplay 3 (ruling F-29): the playsheet's organisation. Every unit but a lone commander
// names its formation; a formation is 3 or 4 units of one army; an army has 2 formations or
// more. Commanders are not counted as units.
std::optional<core::Error> check_organisation(const Scenario& s, const game::FieldReader& rd) {
  const auto& us = s.units;
  for (std::size_t i = 0; i < us.size(); ++i) {
    const std::string p = game::item_path("units", i);
    if (us[i].lone_commander) {
      if (!us[i].formation.empty())
        return rd.error(p + "formation", "is not for a lone commander, who is no unit");
      continue;
    }
    if (s.free_organisation) continue;
    // Ruling F-33: the supreme commander's own unit is his bodyguard, outside the formations.
    if (us[i].supreme) {
      if (!us[i].formation.empty())
        return rd.error(p + "formation",
                        "is not for the supreme commander's bodyguard, which belongs to no "
                        "formation");
      continue;
    }
    if (us[i].formation.empty())
      return rd.error(p + "formation",
                      "must name the unit's formation (or set \"organisation\": \"free\")");
  }
  if (s.free_organisation) return std::nullopt;
  std::array<int, kNumSides> formations{0, 0};
  for (std::size_t i = 0; i < us.size(); ++i) {
    if (us[i].lone_commander || us[i].formation.empty()) continue;
    bool first_of_it = true;
    int count = 0;
    for (std::size_t k = 0; k < us.size(); ++k) {
      if (us[k].lone_commander || us[k].formation != us[i].formation) continue;
      if (k < i) first_of_it = false;
      if (us[k].side != us[i].side)
        return rd.error(
            game::item_path("units", std::max(i, k)) + "formation",
            fmt::format("puts units of both armies in formation '{}'", us[i].formation));
      ++count;
    }
    if (!first_of_it) continue;
    if (count < kMinFormationUnits || count > kMaxFormationUnits)
      return rd.error(game::item_path("units", i) + "formation",
                      fmt::format("names formation '{}' of {} unit{}, but a formation has {} to {} "
                                  "units",
                                  us[i].formation, count, count == 1 ? "" : "s", kMinFormationUnits,
                                  kMaxFormationUnits));
    ++formations[static_cast<std::size_t>(us[i].side)];
  }
  for (int side = 0; side < kNumSides; ++side)
    if (formations[static_cast<std::size_t>(side)] < kMinArmyFormations)
      return rd.error("units",
                      fmt::format("gives side '{}' {} formation{}, but an army has at "
                                  "least {}",
                                  s.side_ids[static_cast<std::size_t>(side)],
                                  formations[static_cast<std::size_t>(side)],
                                  formations[static_cast<std::size_t>(side)] == 1 ? "" : "s",
                                  kMinArmyFormations));
  return check_commanders(s, rd);
}

}  // namespace

core::Expected<Scenario> load_scenario(const nlohmann::json& j, std::string_view source) {
  game::table::Reader rd(source, kFormat);
  if (!rd.top_level(j, "fastplay",
                    {"ruleset", "id", "title", "description", "turns", "first", "break_percent",
                     "organisation", "table", "sides", "terrain", "roads", "units"}))
    return *rd.err();
  Scenario s;
  s.source = j;
  if (!rd.string(j, "", "id", s.id) || !rd.string(j, "", "title", s.title) ||
      !rd.string(j, "", "description", s.description, game::Need::kOptional) ||
      !rd.integer(j, "", "turns", s.turns, 1, kTurnTrack) ||
      !rd.integer(j, "", "break_percent", s.break_percent, 1, 100, game::Need::kOptional) ||
      !rd.choice(j, "", "organisation", s.free_organisation, {{"playsheet", false}, {"free", true}},
                 game::Need::kOptional))
    return *rd.err();
  // The table, the two sides (the first listed is army A, fastplay 2.1), the first mover,
  // terrain and roads (drawn only), as every table ruleset reads them.
  if (!rd.table(j, s.width, s.height) || !rd.sides(j, s.side_ids, s.side_names) ||
      !rd.first(j, s.side_ids, s.first) ||
      !rd.terrain(j, game::table::enum_names<TerrainType>(kNumTerrainTypes, terrain_name),
                  s.terrain) ||
      !rd.roads(j, s.roads))
    return *rd.err();
  // Units.
  const nlohmann::json* us = rd.array(j, "", "units", 2, kMaxUnits);
  if (!us) return *rd.err();
  std::array<bool, kNumSides> has_units{false, false};
  for (std::size_t i = 0; i < us->size(); ++i) {
    const std::string p = game::item_path("units", i);
    const auto& uj = (*us)[i];
    UnitDef u;
    int stands = kMinUnitStands, ranks = 1;
    if (!rd.object(uj, p) ||
        !rd.only_fields(uj, p,
                        {"id", "side", "type", "x", "y", "heading", "stands", "ranks", "commander",
                         "lone_commander", "supreme", "formation", "commands"},
                        "a unit") ||
        !rd.string(uj, p, "id", u.id) ||
        !rd.unique_id(p, u.id, s.units.size(),
                      [&](std::size_t k) -> const std::string& { return s.units[k].id; }) ||
        !rd.side(uj, p, "side", s.side_ids, u.side) ||
        !rd.choice(uj, p, "type", u.type, troop_choices()) ||
        !rd.heading(uj, p, "heading", u.heading) || !rd.position(uj, p, u.centre) ||
        !rd.integer(uj, p, "stands", stands, 1, kMaxUnitStands, game::Need::kOptional) ||
        !rd.integer(uj, p, "ranks", ranks, 1, 2, game::Need::kOptional) ||
        !rd.boolean(uj, p, "commander", u.commander, game::Need::kOptional) ||
        !rd.boolean(uj, p, "lone_commander", u.lone_commander, game::Need::kOptional) ||
        !rd.boolean(uj, p, "supreme", u.supreme, game::Need::kOptional) ||
        !rd.string(uj, p, "formation", u.formation, game::Need::kOptional) ||
        !rd.string(uj, p, "commands", u.commands, game::Need::kOptional))
      return *rd.err();
    StandSize size = stand_size(u.type);
    if (u.lone_commander) {
      // fastplay 11.3: a commander figure on its own, fighting as its troop type.
      if (is_war_machine(u.type))
        return rd.error(p + "type", "of a commander must be a troop type");
      if (uj.contains("stands") || uj.contains("commander") || uj.contains("ranks"))
        return rd.error(p + "lone_commander", "excludes stands, ranks and commander");
      stands = 1;
      size = kCommanderStand;
    } else if (is_war_machine(u.type)) {
      if (uj.contains("stands") || uj.contains("ranks"))
        return rd.error(p + "stands", "cannot be given for a war machine (one stand)");
      stands = 1;
    } else if (stands < kMinUnitStands) {
      // fastplay 3: units are four to six stands.
      return rd.error(p + "stands", fmt::format("is {}, but a unit has {} to {} stands", stands,
                                                kMinUnitStands, kMaxUnitStands));
    }
    if (u.supreme && !u.commander && !u.lone_commander)
      return rd.error(p + "supreme", "needs a commander (commander or lone_commander)");
    // Ruling F-33: a formation's commander is a commander figure, with a unit or alone, and not
    // the supreme commander, who leads the army.
    if (!u.commands.empty() && !u.commander && !u.lone_commander)
      return rd.error(p + "commands", "needs a commander (commander or lone_commander)");
    if (!u.commands.empty() && u.supreme)
      return rd.error(p + "commands",
                      "is not for the supreme commander, who leads the army, not a formation");
    u.stands = formation(u.type, stands, ranks, size);
    // Every stand on the table and clear of the other units.
    for (const auto& st : u.stands) {
      const geo::Base b(u.centre + geo::rotate(st.offset, u.heading), size.width, size.depth,
                        u.heading);
      if (!game::table::on_table(b, s.width, s.height))
        return rd.error(p + "x", "puts a stand of the unit off the table");
      for (const auto& other : s.units) {
        const StandSize os = other.lone_commander ? kCommanderStand : stand_size(other.type);
        for (const auto& ost : other.stands) {
          const geo::Base ob(other.centre + geo::rotate(ost.offset, other.heading), os.width,
                             os.depth, other.heading);
          if (geo::overlaps(b, ob))
            return rd.error(p + "x", fmt::format("puts a stand on unit '{}'", other.id));
        }
      }
    }
    has_units[static_cast<std::size_t>(u.side)] = true;
    s.units.push_back(std::move(u));
  }
  for (int side = 0; side < kNumSides; ++side)
    if (!has_units[static_cast<std::size_t>(side)])
      return rd.error("units", fmt::format("has no unit of side {}",
                                           s.side_ids[static_cast<std::size_t>(side)]));
  if (auto e = check_organisation(s, rd)) return *e;
  for (int side = 0; side < kNumSides; ++side) {
    int supremes = 0;
    for (const auto& u : s.units) supremes += u.side == side && u.supreme ? 1 : 0;
    if (supremes > 1)
      return rd.error("units", fmt::format("names more than one supreme commander for {}",
                                           s.side_ids[static_cast<std::size_t>(side)]));
  }
  return s;
}

}  // namespace carroccio::fastplay
