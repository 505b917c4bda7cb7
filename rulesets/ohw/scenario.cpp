// Reading an ohw scenario file (docs/scenario-format.md, section "ohw") with the table kit's
// reader (game/table/scenario.hpp): the table, sides, first player, terrain and roads are read as
// every table ruleset reads them; the base, units, victory conditions and scenario rules are
// ohw's own. Every error names the source, the field and the problem, and nothing is
// half-loaded. Lengths in the file are inches (at most two decimals); they become integer 1/100
// inch here and nowhere else.
#include "game/table/scenario.hpp"

#include <algorithm>
#include <string>
#include <string_view>

#include "fmt/format.h"
#include "game/table/geometry.hpp"
#include "rulesets/ohw/types.hpp"

namespace carroccio::ohw {

std::string_view type_name(UnitType t) {
  switch (t) {
    case UnitType::kKnights:
      return "knights";
    case UnitType::kMenAtArms:
      return "men_at_arms";
    case UnitType::kArchers:
      return "archers";
    case UnitType::kLevies:
      return "levies";
    case UnitType::kIrregulars:
      return "irregulars";
    case UnitType::kPeasantArchers:
      return "peasant_archers";
    case UnitType::kWagon:
      return "wagon";
  }
  return "?";
}

char type_letter(UnitType t) {
  switch (t) {
    case UnitType::kKnights:
      return 'K';
    case UnitType::kMenAtArms:
      return 'M';
    case UnitType::kArchers:
      return 'A';
    case UnitType::kLevies:
      return 'L';
    case UnitType::kIrregulars:
      return 'I';
    case UnitType::kPeasantArchers:
      return 'P';
    case UnitType::kWagon:
      return 'W';
  }
  return '?';
}

std::string_view terrain_name(TerrainType t) {
  switch (t) {
    case TerrainType::kWoods:
      return "woods";
    case TerrainType::kTown:
      return "town";
    case TerrainType::kHill:
      return "hill";
    case TerrainType::kRiver:
      return "river";
    case TerrainType::kFord:
      return "ford";
    case TerrainType::kBridge:
      return "bridge";
    case TerrainType::kMarsh:
      return "marsh";
    case TerrainType::kLake:
      return "lake";
    case TerrainType::kObjective:
      return "objective";
    case TerrainType::kRedoubt:
      return "redoubt";
    case TerrainType::kZone:
      return "zone";
  }
  return "?";
}

std::vector<UnitType> force_from_table(int die, int size) {
  static constexpr std::array<UnitType, 4> kOrder = {UnitType::kKnights, UnitType::kMenAtArms,
                                                     UnitType::kArchers, UnitType::kLevies};
  std::vector<UnitType> out;
  const auto& row = kForceTable[static_cast<std::size_t>(die - 1)];
  for (std::size_t t = 0; t < 4; ++t)
    for (int n = 0; n < row[t] && static_cast<int>(out.size()) < size; ++n)
      out.push_back(kOrder[t]);
  return out;
}

namespace {

// The table kit's reader (game/table/scenario.hpp) with ohw's limits: tables of 12" to 240", and
// terrain and roads within 1000" of the origin (a piece may reach beyond the table's edges).
constexpr game::table::Format kFormat{kLength,       12 * kInch,   240 * kInch,
                                      -1000 * kInch, 1000 * kInch, "roll_off"};

using game::Need;
using game::unknown_field;

int find_side(const Scenario& s, const std::string& id) {
  return game::table::side_index(s.side_ids, id);
}

int find_terrain(const Scenario& s, const std::string& id) {
  for (std::size_t i = 0; i < s.terrain.size(); ++i)
    if (s.terrain[i].id == id) return static_cast<int>(i);
  return -1;
}

const game::table::Names<TerrainType>& terrain_types() {
  static const auto kNames = game::table::enum_names<TerrainType>(kNumTerrainTypes, terrain_name);
  return kNames;
}

// The unit types a file may name, and "rolled" (-1): a slot filled from the force table.
const game::table::Names<int>& unit_types() {
  static const game::table::Names<int> kNames = [] {
    game::table::Names<int> out;
    for (int k = 0; k < kNumUnitTypes; ++k)
      out.emplace_back(type_name(static_cast<UnitType>(k)), k);
    out.emplace_back("rolled", -1);
    return out;
  }();
  return kNames;
}

}  // namespace

core::Expected<Scenario> load_scenario(const nlohmann::json& j, std::string_view source) {
  game::table::Reader rd(source, kFormat);
  Scenario s;
  s.source = j;
  if (!rd.top_level(j, "ohw",
                    {"ruleset", "id", "title", "description", "table", "base", "turns", "first",
                     "sides", "terrain", "roads", "units", "victory", "at_end", "oath",
                     "demolition", "_comment", "notes"}))
    return *rd.err();
  if (!rd.string(j, "", "id", s.id) || !rd.string(j, "", "title", s.title) ||
      !rd.string(j, "", "description", s.description, Need::kOptional) ||
      !rd.integer(j, "", "turns", s.turns, 1, 99, Need::kOptional))
    return *rd.err();

  // ---- table and base size (0.4) ----
  if (!rd.table(j, s.width, s.height)) return *rd.err();
  if (auto it = j.find("base"); it != j.end()) {
    if (!rd.object(*it, "base.") || !rd.only_fields(*it, "base.", {"width", "depth"}, "the base") ||
        !rd.length(*it, "base.", "width", s.base_width, 4 * kInch, 6 * kInch) ||
        !rd.length(*it, "base.", "depth", s.base_depth, 1 * kInch, 6 * kInch))
      return *rd.err();
    // 0.4: frontage 4-6 inches, frontage twice the depth (O-2).
    if (s.base_width != 2 * s.base_depth)
      return rd.error("base", "must have a width twice its depth (0.4)");
    if (s.base_width % 2 != 0 || s.base_depth % 2 != 0)
      return rd.error("base", "must have a width and depth in even hundredths of an inch");
  }

  // ---- sides, the first player, terrain and roads ----
  if (!rd.sides(j, s.side_ids, s.side_names) || !rd.first(j, s.side_ids, s.first) ||
      !rd.terrain(j, terrain_types(), s.terrain) || !rd.roads(j, s.roads))
    return *rd.err();

  // ---- units ----
  const nlohmann::json* uit = rd.array(j, "", "units", 1, kMaxUnits);
  if (uit == nullptr) return *rd.err();
  std::array<int, kNumSides> slots{0, 0};
  for (std::size_t i = 0; i < uit->size(); ++i) {
    const auto& u = (*uit)[i];
    const std::string path = game::item_path("units", i);
    UnitDef d;
    int type = -1;
    if (!rd.object(u, path) ||
        !rd.only_fields(u, path, {"id", "side", "type", "x", "y", "heading", "enter_turn"},
                        "a unit") ||
        !rd.string(u, path, "id", d.id) ||
        !rd.unique_id(path, d.id, s.units.size(),
                      [&](std::size_t k) -> const std::string& { return s.units[k].id; }) ||
        !rd.side(u, path, "side", s.side_ids, d.side) ||
        !rd.choice(u, path, "type", type, unit_types()) ||
        !rd.heading(u, path, "heading", d.heading) ||
        !rd.integer(u, path, "enter_turn", d.enter_turn, 0, 99, Need::kOptional) ||
        !rd.position(u, path, d.centre))
      return *rd.err();
    if (type < 0) {
      d.force_slot = slots[static_cast<std::size_t>(d.side)]++;
      s.random_forces = true;
    } else {
      d.type = static_cast<UnitType>(type);
    }
    d.width = d.type == UnitType::kWagon && d.force_slot < 0 ? 3 * kInch : s.base_width;
    d.depth = d.type == UnitType::kWagon && d.force_slot < 0 ? 3 * kInch / 2 : s.base_depth;
    if (!game::table::on_table(geo::Base(d.centre, d.width, d.depth, d.heading), s.width, s.height))
      return rd.error(path + "x", "puts the base partly off the table");
    s.units.push_back(std::move(d));
  }
  for (int side = 0; side < kNumSides; ++side)
    if (slots[static_cast<std::size_t>(side)] != 0 && slots[static_cast<std::size_t>(side)] != 3 &&
        slots[static_cast<std::size_t>(side)] != 4 && slots[static_cast<std::size_t>(side)] != 6)
      return rd.error(
          "units", fmt::format("gives side '{}' {} rolled units, but a rolled force has 3, 4 or 6",
                               s.side_ids[static_cast<std::size_t>(side)],
                               slots[static_cast<std::size_t>(side)]));

  // ---- victory (O-29) ----
  if (auto it = j.find("victory"); it != j.end()) {
    if (!it->is_array()) return rd.error("victory", "must be a list");
    for (std::size_t i = 0; i < it->size(); ++i) {
      const auto& v = (*it)[i];
      const std::string path = fmt::format("victory[{}].", i);
      if (!v.is_object()) return rd.error(path.substr(0, path.size() - 1), "must be an object");
      if (auto k = unknown_field(v, {"kind", "side", "count", "from_turn", "radius", "zone",
                                     "objective", "zones", "safe", "captured"});
          !k.empty())
        return rd.error(path + k, "is not a field of a victory condition");
      VictoryDef d;
      std::string kind, side;
      if (!rd.string(v, path, "kind", kind)) return *rd.err();
      auto need_side = [&]() -> bool {
        if (!rd.string(v, path, "side", side)) return false;
        if ((d.side = find_side(s, side)) < 0)
          return rd.fail(path + "side", fmt::format("is '{}', which is not a side", side));
        return true;
      };
      auto zone = [&](const char* key) -> bool {
        std::string z;
        if (!rd.string(v, path, key, z)) return false;
        const int t = find_terrain(s, z);
        if (t < 0) return rd.fail(path + key, fmt::format("is '{}', which is not a terrain id", z));
        d.zones.push_back(t);
        return true;
      };
      if (kind == "objective_contact") {
        d.kind = VictoryKind::kObjectiveContact;
        if (!need_side() || !zone("objective") ||
            !rd.length(v, path, "radius", d.radius, 0, 36 * kInch))
          return *rd.err();
        if (s.terrain[static_cast<std::size_t>(d.zones[0])].type != TerrainType::kObjective)
          return rd.error(path + "objective", "must name a terrain piece of type objective");
      } else if (kind == "break") {
        d.kind = VictoryKind::kBreak;
        if (!need_side() || !rd.integer(v, path, "count", d.count, 1, kMaxUnits)) return *rd.err();
      } else if (kind == "units_in_zone") {
        d.kind = VictoryKind::kUnitsInZone;
        if (!need_side() || !zone("zone") || !rd.integer(v, path, "count", d.count, 1, kMaxUnits))
          return *rd.err();
      } else if (kind == "wagons") {
        d.kind = VictoryKind::kWagons;
        if (!need_side() || !rd.integer(v, path, "safe", d.safe, 0, 99) ||
            !rd.integer(v, path, "captured", d.captured, 0, 99) ||
            !rd.integer(v, path, "count", d.count, 0, 99))
          return *rd.err();
      } else if (kind == "zone_points") {
        d.kind = VictoryKind::kZonePoints;
        if (!rd.integer(v, path, "from_turn", d.from_turn, 1, 99, Need::kOptional))
          return *rd.err();
        if (!v.contains("zones") || !v["zones"].is_array() || v["zones"].empty())
          return rd.error(path + "zones", "must list terrain ids");
        for (std::size_t z = 0; z < v["zones"].size(); ++z) {
          const auto& zz = v["zones"][z];
          const int t = zz.is_string() ? find_terrain(s, zz.get<std::string>()) : -1;
          if (t < 0) return rd.error(fmt::format("{}zones[{}]", path, z), "is not a terrain id");
          d.zones.push_back(t);
        }
      } else {
        return rd.error(path + "kind",
                        fmt::format("is '{}', but must be objective_contact, break, units_in_zone, "
                                    "zone_points or wagons",
                                    kind));
      }
      s.victory.push_back(std::move(d));
    }
  }
  if (auto it = j.find("oath"); it != j.end()) {
    if (!it->is_object() || !it->contains("side") || !it->contains("radius"))
      return rd.error("oath", "must be an object with side and radius");
    if (auto k = unknown_field(*it, {"side", "radius"}); !k.empty())
      return rd.error("oath." + k, "is not a field of the oath rule");
    if (!(*it)["side"].is_string() ||
        (s.oath_side = find_side(s, (*it)["side"].get<std::string>())) < 0)
      return rd.error("oath.side", "must be a side id");
    if (!rd.length((*it)["radius"], "oath.radius", s.oath_radius, 1 * kInch, 36 * kInch))
      return *rd.err();
  }
  if (auto it = j.find("demolition"); it != j.end()) {
    if (!it->is_object())
      return rd.error("demolition", "must be an object with side, crossing, line and needs");
    if (auto k = unknown_field(*it, {"side", "crossing", "line", "needs"}); !k.empty())
      return rd.error("demolition." + k, "is not a field of the demolition rule");
    std::string side, crossing;
    if (!rd.string(*it, "demolition.", "side", side) ||
        !rd.string(*it, "demolition.", "crossing", crossing) ||
        !rd.integer(*it, "demolition.", "needs", s.demolition.needs, 1, 6))
      return *rd.err();
    if ((s.demolition.side = find_side(s, side)) < 0)
      return rd.error("demolition.side", "must be a side id");
    s.demolition.terrain = find_terrain(s, crossing);
    if (s.demolition.terrain < 0 ||
        (s.terrain[static_cast<std::size_t>(s.demolition.terrain)].type != TerrainType::kBridge &&
         s.terrain[static_cast<std::size_t>(s.demolition.terrain)].type != TerrainType::kFord))
      return rd.error("demolition.crossing", "must name a bridge or ford");
    const auto& l = (*it)["line"];
    if (!l.is_array() || l.size() != 2 ||
        !rd.point(l[0], "demolition.line[0]", s.demolition.line.a) ||
        !rd.point(l[1], "demolition.line[1]", s.demolition.line.b))
      return rd.err() ? *rd.err() : rd.error("demolition.line", "must be two points");
  }
  if (auto it = j.find("at_end"); it != j.end()) {
    // Who wins at the turn limit when no condition decided: a side, or "more_units" (O-29).
    if (!it->is_string()) return rd.error("at_end", "must be a side id or \"more_units\"");
    const std::string e = it->get<std::string>();
    if (e != "more_units" && (s.at_end = find_side(s, e)) < 0)
      return rd.error("at_end",
                      fmt::format("is '{}', which is neither a side nor \"more_units\"", e));
  }
  return s;
}

}  // namespace carroccio::ohw
