// Reading an ohw scenario file (docs/scenario-format.md, section "ohw"). Every error names the
// source, the field and the problem, and nothing is half-loaded. Lengths in the file are inches
// (at most two decimals); they become integer 1/100 inch here and nowhere else.
#include <algorithm>
#include <string>
#include <string_view>

#include "fmt/format.h"
#include "game/scenario_reader.hpp"
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

static_assert(kInch == 100, "lengths are hundredths of an inch");

// The shared field reader, with lengths in inches (at most two decimals) read into 1/100 inch.
class Reader : public game::FieldReader {
 public:
  using FieldReader::FieldReader;
  bool inches(const nlohmann::json& v, const std::string& field, std::int64_t& out, int lo,
              int hi) {
    return hundredths(v, field, out, lo, hi, "inches");
  }
  bool point(const nlohmann::json& v, const std::string& field, geo::Point& out) {
    return FieldReader::point(v, field, out, -1000, 1000, "inches");
  }
};

using game::Need;
using game::sentence_body;
using game::unknown_field;

int find_side(const Scenario& s, const std::string& id) {
  for (int i = 0; i < kNumSides; ++i)
    if (s.side_ids[static_cast<std::size_t>(i)] == id) return i;
  return -1;
}

int find_terrain(const Scenario& s, const std::string& id) {
  for (std::size_t i = 0; i < s.terrain.size(); ++i)
    if (s.terrain[i].id == id) return static_cast<int>(i);
  return -1;
}

}  // namespace

core::Expected<Scenario> load_scenario(const nlohmann::json& j, std::string_view source) {
  Reader rd(source);
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
  if (auto it = j.find("table"); it != j.end()) {
    if (!it->is_object()) return rd.error("table", "must be an object with width and height");
    if (auto k = unknown_field(*it, {"width", "height"}); !k.empty())
      return rd.error("table." + k, "is not a field of the table");
    if (!it->contains("width") || !it->contains("height"))
      return rd.error("table", "needs width and height");
    if (!rd.inches((*it)["width"], "table.width", s.width, 12, 240) ||
        !rd.inches((*it)["height"], "table.height", s.height, 12, 240))
      return *rd.err();
  }
  if (auto it = j.find("base"); it != j.end()) {
    if (!it->is_object() || !it->contains("width") || !it->contains("depth"))
      return rd.error("base", "must be an object with width and depth");
    if (auto k = unknown_field(*it, {"width", "depth"}); !k.empty())
      return rd.error("base." + k, "is not a field of the base");
    if (!rd.inches((*it)["width"], "base.width", s.base_width, 4, 6) ||
        !rd.inches((*it)["depth"], "base.depth", s.base_depth, 1, 6))
      return *rd.err();
    // 0.4: frontage 4-6 inches, frontage twice the depth (O-2).
    if (s.base_width != 2 * s.base_depth)
      return rd.error("base", "must have a width twice its depth (0.4)");
    if (s.base_width % 2 != 0 || s.base_depth % 2 != 0)
      return rd.error("base", "must have a width and depth in even hundredths of an inch");
  }

  // ---- sides ----
  auto sit = j.find("sides");
  if (sit == j.end() || !sit->is_array() || sit->size() != 2)
    return rd.error("sides", "must list exactly two sides");
  for (std::size_t i = 0; i < 2; ++i) {
    const auto& sd = (*sit)[i];
    const std::string path = fmt::format("sides[{}].", i);
    if (!sd.is_object()) return rd.error(path.substr(0, path.size() - 1), "must be an object");
    if (auto k = unknown_field(sd, {"id", "name"}); !k.empty())
      return rd.error(path + k, "is not a field of a side");
    if (!rd.string(sd, path, "id", s.side_ids[i]) || !rd.string(sd, path, "name", s.side_names[i]))
      return *rd.err();
  }
  if (s.side_ids[0] == s.side_ids[1])
    return rd.error("sides[1].id", "repeats the id of the first side");
  if (auto it = j.find("first"); it != j.end()) {
    if (!it->is_string()) return rd.error("first", "must be a side id or \"roll_off\"");
    const std::string f = it->get<std::string>();
    if (f == "roll_off")
      s.first = -1;
    else if ((s.first = find_side(s, f)) < 0)
      return rd.error("first", fmt::format("is '{}', which is neither a side nor \"roll_off\"", f));
  }

  // ---- terrain ----
  if (auto it = j.find("terrain"); it != j.end()) {
    if (!it->is_array()) return rd.error("terrain", "must be a list");
    for (std::size_t i = 0; i < it->size(); ++i) {
      const auto& t = (*it)[i];
      const std::string path = fmt::format("terrain[{}].", i);
      if (!t.is_object()) return rd.error(path.substr(0, path.size() - 1), "must be an object");
      if (auto k = unknown_field(t, {"id", "type", "rect", "polygon"}); !k.empty())
        return rd.error(path + k, "is not a field of a terrain piece");
      TerrainDef d;
      std::string type;
      if (!rd.string(t, path, "id", d.id) || !rd.string(t, path, "type", type)) return *rd.err();
      bool found = false;
      for (int k = 0; k < kNumTerrainTypes; ++k)
        if (terrain_name(static_cast<TerrainType>(k)) == type) {
          d.type = static_cast<TerrainType>(k);
          found = true;
        }
      if (!found)
        return rd.error(path + "type",
                        fmt::format("is '{}', but must be one of woods, town, hill, river, ford, "
                                    "bridge, marsh, lake, objective, redoubt, zone",
                                    type));
      if (find_terrain(s, d.id) >= 0)
        return rd.error(path + "id", fmt::format("repeats the id '{}'", d.id));
      if (t.contains("rect") == t.contains("polygon"))
        return rd.error(path + "rect", "or 'polygon' must be given (one of them)");
      if (t.contains("rect")) {
        const auto& r = t["rect"];
        if (!r.is_array() || r.size() != 4)
          return rd.error(path + "rect", "must be [x0, y0, x1, y1] in inches");
        std::int64_t v[4];
        for (std::size_t c = 0; c < 4; ++c)
          if (!rd.inches(r[c], fmt::format("{}rect[{}]", path, c), v[c], -1000, 1000))
            return *rd.err();
        if (v[0] >= v[2] || v[1] >= v[3])
          return rd.error(path + "rect", "must have x0 < x1 and y0 < y1");
        d.outline = {{v[0], v[1]}, {v[2], v[1]}, {v[2], v[3]}, {v[0], v[3]}};
      } else {
        const auto& p = t["polygon"];
        if (!p.is_array()) return rd.error(path + "polygon", "must be a list of points");
        for (std::size_t c = 0; c < p.size(); ++c) {
          geo::Point pt;
          if (!rd.point(p[c], fmt::format("{}polygon[{}]", path, c), pt)) return *rd.err();
          d.outline.push_back(pt);
        }
        if (auto st = geo::validate_polygon(d.outline); !st.ok())
          return rd.error(path + "polygon",
                          "is not a simple polygon: " + sentence_body(st.message()));
      }
      s.terrain.push_back(std::move(d));
    }
  }
  if (auto it = j.find("roads"); it != j.end()) {
    if (!it->is_array()) return rd.error("roads", "must be a list");
    for (std::size_t i = 0; i < it->size(); ++i) {
      const auto& r = (*it)[i];
      const std::string path = fmt::format("roads[{}].", i);
      if (!r.is_object()) return rd.error(path.substr(0, path.size() - 1), "must be an object");
      if (auto k = unknown_field(r, {"id", "line"}); !k.empty())
        return rd.error(path + k, "is not a field of a road");
      RoadDef d;
      if (!rd.string(r, path, "id", d.id)) return *rd.err();
      if (!r.contains("line") || !r["line"].is_array() || r["line"].size() < 2)
        return rd.error(path + "line", "must be a list of at least two points");
      for (std::size_t c = 0; c < r["line"].size(); ++c) {
        geo::Point pt;
        if (!rd.point(r["line"][c], fmt::format("{}line[{}]", path, c), pt)) return *rd.err();
        if (!d.line.empty() && d.line.back() == pt)
          return rd.error(fmt::format("{}line[{}]", path, c), "repeats the previous point");
        d.line.push_back(pt);
      }
      s.roads.push_back(std::move(d));
    }
  }

  // ---- units ----
  auto uit = j.find("units");
  if (uit == j.end() || !uit->is_array() || uit->empty())
    return rd.error("units", "must be a non-empty list");
  if (uit->size() > static_cast<std::size_t>(kMaxUnits))
    return rd.error("units", fmt::format("lists {} units, more than the {} an ohw game allows",
                                         uit->size(), kMaxUnits));
  std::array<int, kNumSides> slots{0, 0};
  for (std::size_t i = 0; i < uit->size(); ++i) {
    const auto& u = (*uit)[i];
    const std::string path = fmt::format("units[{}].", i);
    if (!u.is_object()) return rd.error(path.substr(0, path.size() - 1), "must be an object");
    if (auto k = unknown_field(u, {"id", "side", "type", "x", "y", "heading", "enter_turn"});
        !k.empty())
      return rd.error(path + k, "is not a field of a unit");
    UnitDef d;
    std::string side, type;
    int heading = 0;
    if (!rd.string(u, path, "id", d.id) || !rd.string(u, path, "side", side) ||
        !rd.string(u, path, "type", type) || !rd.integer(u, path, "heading", heading, 0, 359) ||
        !rd.integer(u, path, "enter_turn", d.enter_turn, 0, 99, Need::kOptional))
      return *rd.err();
    for (const auto& other : s.units)
      if (other.id == d.id) return rd.error(path + "id", fmt::format("repeats the id '{}'", d.id));
    if ((d.side = find_side(s, side)) < 0)
      return rd.error(path + "side", fmt::format("is '{}', which is not a side", side));
    if (type == "rolled") {
      d.force_slot = slots[static_cast<std::size_t>(d.side)]++;
      s.random_forces = true;
    } else {
      bool found = false;
      for (int k = 0; k < kNumUnitTypes; ++k)
        if (type_name(static_cast<UnitType>(k)) == type) {
          d.type = static_cast<UnitType>(k);
          found = true;
        }
      if (!found)
        return rd.error(path + "type",
                        fmt::format("is '{}', but must be knights, men_at_arms, archers, levies, "
                                    "irregulars, peasant_archers, wagon or rolled",
                                    type));
    }
    if (!u.contains("x") || !u.contains("y"))
      return rd.error(path + "x", "and 'y' (the centre, in inches) are required");
    if (!rd.inches(u["x"], path + "x", d.centre.x, 0, 240) ||
        !rd.inches(u["y"], path + "y", d.centre.y, 0, 240))
      return *rd.err();
    d.heading = geo::Angle::degrees(heading);
    d.width = d.type == UnitType::kWagon && d.force_slot < 0 ? 3 * kInch : s.base_width;
    d.depth = d.type == UnitType::kWagon && d.force_slot < 0 ? 3 * kInch / 2 : s.base_depth;
    const geo::Base b(d.centre, d.width, d.depth, d.heading);
    for (const auto& c : b.corners())
      if (c.x < 0 || c.y < 0 || c.x > s.width || c.y > s.height)
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
        if (!need_side() || !zone("objective") || !v.contains("radius") ||
            !rd.inches(v["radius"], path + "radius", d.radius, 0, 36))
          return rd.err() ? *rd.err() : rd.error(path + "radius", "is missing");
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
    if (!rd.inches((*it)["radius"], "oath.radius", s.oath_radius, 1, 36)) return *rd.err();
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
