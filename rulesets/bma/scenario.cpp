// Reading a bma scenario file (docs/scenario-format.md). Every error names the source, the
// field and the problem, and nothing is half-loaded.
#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <string_view>

#include "fmt/format.h"
#include "game/scenario_reader.hpp"
#include "rulesets/bma/board.hpp"
#include "rulesets/bma/types.hpp"

namespace carroccio::bma {

using game::FieldReader;
using game::Need;
using game::sentence_body;

core::Expected<Scenario> load_scenario(const nlohmann::json& j, std::string_view source) {
  FieldReader rd(source);
  Scenario s;
  s.source = j;
  if (!rd.top_level(j, "bma",
                    {"ruleset", "id", "title", "description", "turns", "map", "sides", "leaders",
                     "units", "_comment", "notes"}))
    return *rd.err();
  if (!rd.string(j, "", "id", s.id) || !rd.string(j, "", "title", s.title) ||
      !rd.string(j, "", "description", s.description, Need::kOptional) ||
      !rd.integer(j, "", "turns", s.turns, 1, 99))
    return *rd.err();

  // ---- map ----
  auto mit = j.find("map");
  if (mit == j.end() || !mit->is_object()) return rd.error("map", "is missing or not an object");
  const auto& m = *mit;
  s.flat_top = true;
  s.even_shifted = true;
  if (!rd.only_fields(
          m, "map.", {"columns", "rows", "orientation", "shifted", "terrain", "labels", "_comment"},
          "the map") ||
      !rd.integer(m, "map.", "columns", s.cols, 1, 64) ||
      !rd.integer(m, "map.", "rows", s.rows, 1, 64) ||
      !rd.choice(m, "map.", "orientation", s.flat_top, {{"flat", true}, {"pointy", false}},
                 Need::kOptional) ||
      !rd.choice(m, "map.", "shifted", s.even_shifted, {{"even", true}, {"odd", false}},
                 Need::kOptional))
    return *rd.err();
  const Board board(s.cols, s.rows, s.flat_top, s.even_shifted);
  auto hex_field = [&](const nlohmann::json& v, const std::string& field) -> core::Expected<int> {
    if (!v.is_string()) return rd.error(field, "must be a four-digit hex label such as \"1120\"");
    auto h = board.parse_label(v.get<std::string>());
    if (!h) return rd.error(field, "is invalid: " + sentence_body(h.message()));
    return *h;
  };
  s.terrain.assign(static_cast<std::size_t>(board.size()), Terrain::kClear);
  if (auto t = m.find("terrain"); t != m.end()) {
    if (!t->is_object())
      return rd.error("map.terrain", "must map a terrain name to a list of hexes");
    for (const auto& [name, hexes] : t->items()) {
      Terrain kind;
      if (name == "forest")
        kind = Terrain::kForest;
      else if (name == "clear")
        kind = Terrain::kClear;
      else
        return rd.error("map.terrain." + name, "is not a terrain of this ruleset (clear, forest)");
      if (!hexes.is_array()) return rd.error("map.terrain." + name, "must be a list of hex labels");
      for (std::size_t i = 0; i < hexes.size(); ++i) {
        auto h = hex_field(hexes[i], fmt::format("map.terrain.{}[{}]", name, i));
        if (!h) return h.error();
        s.terrain[static_cast<std::size_t>(*h)] = kind;
      }
    }
  }
  if (auto l = m.find("labels"); l != m.end()) {
    if (!l->is_object()) return rd.error("map.labels", "must map hex labels to place names");
    for (const auto& [hex, name] : l->items()) {
      auto h = hex_field(nlohmann::json(hex), "map.labels." + hex);
      if (!h) return h.error();
      if (!name.is_string()) return rd.error("map.labels." + hex, "must be a place name");
      s.labels.emplace_back(*h, name.get<std::string>());
    }
  }

  // ---- sides ----
  const nlohmann::json* sit = rd.array(j, "", "sides", kNumSides, kNumSides);
  if (!sit) return *rd.err();
  for (int i = 0; i < kNumSides; ++i) {
    const auto& sj = (*sit)[static_cast<std::size_t>(i)];
    const std::string p = game::item_path("sides", static_cast<std::size_t>(i));
    SideDef& sd = s.sides[static_cast<std::size_t>(i)];
    if (!rd.object(sj, p) || !rd.string(sj, p, "id", sd.id) || !rd.string(sj, p, "name", sd.name) ||
        !rd.choice(sj, p, "home_edge", sd.home_edge,
                   {{"north", Edge::kNorth},
                    {"south", Edge::kSouth},
                    {"west", Edge::kWest},
                    {"east", Edge::kEast}}) ||
        !rd.integer(sj, p, "rout_level", sd.rout_level, 1, 10000))
      return *rd.err();
  }
  if (s.sides[0].id == s.sides[1].id) return rd.error("sides[1].id", "repeats the first side's id");
  auto side_index = [&](const nlohmann::json& obj, const std::string& p, int& out) -> bool {
    std::string id;
    if (!rd.string(obj, p, "side", id)) return false;
    for (int i = 0; i < kNumSides; ++i)
      if (s.sides[static_cast<std::size_t>(i)].id == id) {
        out = i;
        return true;
      }
    return rd.fail(p + "side", fmt::format("is '{}', which is not one of the sides ({}, {})", id,
                                           s.sides[0].id, s.sides[1].id));
  };

  // ---- leaders ----
  const nlohmann::json* lit = rd.array(j, "", "leaders", 1, kMaxLeaders);
  if (!lit) return *rd.err();
  std::map<std::string, int> leader_ids;
  std::set<int> leader_hexes;
  for (std::size_t i = 0; i < lit->size(); ++i) {
    const auto& lj = (*lit)[i];
    const std::string p = game::item_path("leaders", i);
    LeaderDef ld;
    if (!rd.object(lj, p) ||
        !rd.only_fields(lj, p,
                        {"id", "name", "side", "command", "movement", "hex", "supreme", "_comment"},
                        "a leader") ||
        !rd.string(lj, p, "id", ld.id) || !rd.string(lj, p, "name", ld.name) ||
        !side_index(lj, p, ld.side) || !rd.integer(lj, p, "command", ld.command, 1, 4) ||
        !rd.integer(lj, p, "movement", ld.movement, 1, 20, Need::kOptional) ||
        !rd.boolean(lj, p, "supreme", ld.supreme, Need::kOptional))
      return *rd.err();
    if (leader_ids.count(ld.id))
      return rd.error(p + "id", fmt::format("'{}' is used by another leader", ld.id));
    if (!lj.contains("hex")) return rd.error(p + "hex", "is missing");
    auto h = hex_field(lj["hex"], p + "hex");
    if (!h) return h.error();
    ld.hex = *h;
    if (!leader_hexes.insert(ld.hex).second)
      return rd.error(p + "hex", "holds another leader already (4.2: one leader per hex)");
    leader_ids[ld.id] = static_cast<int>(i);
    s.leaders.push_back(ld);
  }
  for (int side = 0; side < kNumSides; ++side) {
    int n = 0;
    for (const auto& l : s.leaders) n += (l.side == side && l.supreme) ? 1 : 0;
    if (n > 1)
      return rd.error("leaders", fmt::format("give side '{}' more than one supreme commander",
                                             s.sides[static_cast<std::size_t>(side)].id));
  }

  // ---- units ----
  const nlohmann::json* uit = rd.array(j, "", "units", 1, kMaxUnits);
  if (!uit) return *rd.err();
  std::map<std::string, int> unit_ids;
  std::map<int, std::size_t> unit_hexes;
  for (std::size_t i = 0; i < uit->size(); ++i) {
    const auto& uj = (*uit)[i];
    const std::string p = game::item_path("units", i);
    UnitDef ud;
    std::string leader;
    if (!rd.object(uj, p) ||
        !rd.only_fields(uj, p,
                        {"id", "name", "side", "leader", "type", "rating", "movement", "hex",
                         "facing", "_comment"},
                        "a unit") ||
        !rd.string(uj, p, "id", ud.id) || !rd.string(uj, p, "name", ud.name, Need::kOptional) ||
        !side_index(uj, p, ud.side) ||
        !rd.choice(uj, p, "type", ud.type,
                   {{"infantry", UnitType::kInfantry},
                    {"cavalry", UnitType::kCavalry},
                    {"carroccio", UnitType::kCarroccio}}) ||
        !rd.choice(uj, p, "rating", ud.rating,
                   {{"A", Rating::kA}, {"B", Rating::kB}, {"C", Rating::kC}}) ||
        !rd.string(uj, p, "leader", leader))
      return *rd.err();
    if (ud.name.empty()) ud.name = ud.id;
    if (unit_ids.count(ud.id))
      return rd.error(p + "id", fmt::format("'{}' is used by another unit", ud.id));
    // Printed movement allowances by type, unless the unit gives its own.
    ud.movement = ud.type == UnitType::kInfantry ? 4 : ud.type == UnitType::kCavalry ? 8 : 2;
    if (!rd.integer(uj, p, "movement", ud.movement, 1, 20, Need::kOptional)) return *rd.err();
    auto lid = leader_ids.find(leader);
    if (lid == leader_ids.end())
      return rd.error(p + "leader", fmt::format("'{}' is not a leader of the scenario", leader));
    ud.leader = lid->second;
    if (s.leaders[static_cast<std::size_t>(ud.leader)].side != ud.side)
      return rd.error(p + "leader", fmt::format("'{}' leads the other side", leader));
    if (!uj.contains("hex")) return rd.error(p + "hex", "is missing");
    auto h = hex_field(uj["hex"], p + "hex");
    if (!h) return h.error();
    ud.hex = *h;
    if (auto prev = unit_hexes.find(ud.hex); prev != unit_hexes.end())
      return rd.error(p + "hex", fmt::format("{} already holds units[{}] (4.2: no stacking)",
                                             board.label(ud.hex), prev->second));
    unit_hexes[ud.hex] = i;
    if (ud.type == UnitType::kCarroccio &&
        s.terrain[static_cast<std::size_t>(ud.hex)] != Terrain::kClear)
      return rd.error(p + "hex", "puts the Carroccio off clear terrain (9.3.2)");
    // Facing (7.2.1): cavalry faces a hexside ("S"), infantry a corner ("S/SW").
    const bool vertex = ud.type == UnitType::kInfantry;
    const bool faces_south = s.sides[static_cast<std::size_t>(ud.side)].home_edge == Edge::kNorth;
    ud.facing = vertex ? (faces_south ? 7 : 1) : (faces_south ? 6 : 0);
    if (auto f = uj.find("facing"); f != uj.end()) {
      if (!f->is_string())
        return rd.error(p + "facing", "must be a direction name such as \"S\" or \"S/SW\"");
      auto parsed = board.parse_facing(f->get<std::string>());
      if (!parsed) return rd.error(p + "facing", "is invalid: " + sentence_body(parsed.message()));
      if ((*parsed % 2 == 1) != vertex)
        return rd.error(
            p + "facing",
            vertex ? "gives a hexside, but infantry faces a hex corner named by two sides, e.g. "
                     "\"N/NE\" (7.2.1)"
                   : "gives a hex corner, but cavalry faces a hexside such as \"N\" (7.2.1)");
      ud.facing = *parsed;
    }
    unit_ids[ud.id] = static_cast<int>(i);
    s.units.push_back(ud);
  }
  // 2.2 / 4.2: a leader stands with a unit of his side or alone, never on an enemy unit.
  for (std::size_t i = 0; i < s.leaders.size(); ++i) {
    const LeaderDef& ld = s.leaders[i];
    if (auto at = unit_hexes.find(ld.hex);
        at != unit_hexes.end() && s.units[at->second].side != ld.side)
      return rd.error(
          fmt::format("leaders[{}].hex", i),
          fmt::format("puts {} on units[{}], a unit of the other side (4.2)", ld.id, at->second));
  }
  // Ruling L-49: the shipped set-up keeps every unit out of forest, within 4 hexes of its
  // leader, and each leader on a unit of his command. The rules impose none of these on a
  // scenario (9.6 governs entering a forest; 7.1 is optional and says what befalls a unit
  // beyond 4 hexes; 2.2 places leaders on a unit of their command only "normally"), so a file
  // that departs from them loads, with one warning per departure.
  auto warn = [&](const std::string& field, const std::string& what) {
    s.warnings.push_back(rd.error(field, what).message);
  };
  for (std::size_t i = 0; i < s.units.size(); ++i) {
    const UnitDef& ud = s.units[i];
    const std::string field = fmt::format("units[{}].hex", i);
    const std::string who = ud.name == ud.id ? ud.id : fmt::format("{} ({})", ud.id, ud.name);
    if (s.terrain[static_cast<std::size_t>(ud.hex)] == Terrain::kForest)
      warn(field, fmt::format("starts {} in forest at {}; the rules allow it (9.6 governs "
                              "entering a forest), but it departs from the set-up of ruling L-49",
                              who, board.label(ud.hex)));
    const LeaderDef& ld = s.leaders[static_cast<std::size_t>(ud.leader)];
    if (const int d = board.distance(ud.hex, ld.hex); d > 4)
      warn(field,
           fmt::format("starts {} {} hexes from its leader {}; the rules allow it, but under the "
                       "command-radius option (7.1.1: within 4 hexes) it begins out of command, "
                       "with half its movement and no attack (7.1.2; ruling L-49)",
                       who, d, ld.id));
  }
  for (std::size_t i = 0; i < s.leaders.size(); ++i) {
    const LeaderDef& ld = s.leaders[i];
    const auto at = unit_hexes.find(ld.hex);
    if (at == unit_hexes.end() || s.units[at->second].leader != static_cast<int>(i))
      warn(fmt::format("leaders[{}].hex", i),
           fmt::format("starts {} on no unit of his command; the rules allow it (2.2 places a "
                       "leader on one only normally), but it departs from the set-up of ruling "
                       "L-49",
                       ld.id));
  }
  for (int side = 0; side < kNumSides; ++side) {
    int carroccios = 0, combat_units = 0;
    for (const auto& u : s.units) {
      if (u.side != side) continue;
      carroccios += u.type == UnitType::kCarroccio ? 1 : 0;
      combat_units += u.type != UnitType::kCarroccio ? 1 : 0;
    }
    if (carroccios > 1)
      return rd.error("units", fmt::format("give side '{}' more than one Carroccio",
                                           s.sides[static_cast<std::size_t>(side)].id));
    if (combat_units == 0)
      return rd.error("units", fmt::format("give side '{}' no combat unit",
                                           s.sides[static_cast<std::size_t>(side)].id));
  }

  // ---- sudden-death conditions (9.4) ----
  for (int i = 0; i < kNumSides; ++i) {
    const auto& sj = (*sit)[static_cast<std::size_t>(i)];
    const std::string p = fmt::format("sides[{}].", i);
    SideDef& sd = s.sides[static_cast<std::size_t>(i)];
    for (const char* key : {"routs_if_leader_killed", "routs_if_unit_eliminated"}) {
      auto it = sj.find(key);
      if (it == sj.end()) continue;
      if (!it->is_array()) return rd.error(p + key, "must be a list of ids");
      const bool leaders = std::string(key) == "routs_if_leader_killed";
      for (std::size_t k = 0; k < it->size(); ++k) {
        const auto& v = (*it)[k];
        const std::string f = fmt::format("{}{}[{}]", p, key, k);
        if (!v.is_string()) return rd.error(f, "must be an id");
        const auto& ids = leaders ? leader_ids : unit_ids;
        auto found = ids.find(v.get<std::string>());
        if (found == ids.end())
          return rd.error(f, fmt::format("'{}' is not a {} of the scenario", v.get<std::string>(),
                                         leaders ? "leader" : "unit"));
        const int owner = leaders ? s.leaders[static_cast<std::size_t>(found->second)].side
                                  : s.units[static_cast<std::size_t>(found->second)].side;
        if (owner != i)
          return rd.error(f, fmt::format("'{}' belongs to the other side", v.get<std::string>()));
        (leaders ? sd.routs_if_leader_killed : sd.routs_if_unit_eliminated)
            .push_back(found->second);
      }
    }
    for (const auto& [key, value] : sj.items()) {
      static const std::set<std::string> kKeys = {"id",
                                                  "name",
                                                  "home_edge",
                                                  "rout_level",
                                                  "routs_if_leader_killed",
                                                  "routs_if_unit_eliminated"};
      if (!kKeys.count(key)) return rd.error(p + key, "is not a field of a side");
    }
  }
  return s;
}

}  // namespace carroccio::bma
