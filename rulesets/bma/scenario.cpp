// Reading a bma scenario file (docs/scenario-format.md). Every error names the source, the
// field and the problem, and nothing is half-loaded.
#include <algorithm>
#include <initializer_list>
#include <map>
#include <set>
#include <string>
#include <string_view>

#include "fmt/format.h"
#include "rulesets/bma/board.hpp"
#include "rulesets/bma/types.hpp"

namespace carroccio::bma {
namespace {

class Reader {
 public:
  explicit Reader(std::string_view source) : source_(source) {}

  core::Error error(const std::string& field, const std::string& what) const {
    return core::make_error(fmt::format("{}: field '{}' {}.", source_, field, what));
  }

  // Each getter returns false and sets err_ on a problem.
  bool string(const nlohmann::json& obj, const std::string& path, const char* key, std::string& out,
              bool required = true) {
    auto it = obj.find(key);
    if (it == obj.end()) {
      if (!required) return true;
      return fail(path + key, "is missing");
    }
    if (!it->is_string() || it->get<std::string>().empty())
      return fail(path + key, "must be a non-empty string");
    out = it->get<std::string>();
    return true;
  }
  bool integer(const nlohmann::json& obj, const std::string& path, const char* key, int& out,
               int lo, int hi, bool required = true) {
    auto it = obj.find(key);
    if (it == obj.end()) {
      if (!required) return true;
      return fail(path + key, "is missing");
    }
    if (!it->is_number_integer())
      return fail(path + key, fmt::format("must be a whole number from {} to {}", lo, hi));
    const auto v = it->get<long long>();
    if (v < lo || v > hi)
      return fail(path + key, fmt::format("is {}, but must be from {} to {}", v, lo, hi));
    out = static_cast<int>(v);
    return true;
  }
  bool fail(const std::string& field, const std::string& what) {
    if (!err_) err_ = error(field, what);
    return false;
  }
  const std::optional<core::Error>& err() const { return err_; }

 private:
  std::string_view source_;
  std::optional<core::Error> err_;
};

// A message from core as the tail of our own sentence: without its closing full stop.
std::string sentence_body(std::string text) {
  while (!text.empty() && (text.back() == '.' || text.back() == ' ')) text.pop_back();
  return text;
}

// The first field of `obj` not in `allowed`, or "" (docs/scenario-format.md: unknown fields
// are refused, so a misspelt one never goes unnoticed).
std::string unknown_field(const nlohmann::json& obj,
                          std::initializer_list<std::string_view> allowed) {
  for (const auto& [key, value] : obj.items())
    if (std::find(allowed.begin(), allowed.end(), key) == allowed.end()) return key;
  return {};
}

const char* kTopKeys[] = {"ruleset", "id",      "title", "description", "turns", "map",
                          "sides",   "leaders", "units", "_comment",    "notes"};

}  // namespace

core::Expected<Scenario> load_scenario(const nlohmann::json& j, std::string_view source) {
  Reader rd(source);
  Scenario s;
  s.source = j;
  if (!j.is_object()) return rd.error("(top level)", "must be a JSON object");
  for (const auto& [key, value] : j.items()) {
    if (std::find(std::begin(kTopKeys), std::end(kTopKeys), key) == std::end(kTopKeys))
      return rd.error(key, "is not a field of a bma scenario (see docs/scenario-format.md)");
  }
  std::string ruleset;
  if (!rd.string(j, "", "ruleset", ruleset)) return *rd.err();
  if (ruleset != "bma")
    return rd.error("ruleset", fmt::format("is '{}', expected \"bma\"", ruleset));
  if (!rd.string(j, "", "id", s.id) || !rd.string(j, "", "title", s.title) ||
      !rd.string(j, "", "description", s.description, false) ||
      !rd.integer(j, "", "turns", s.turns, 1, 99))
    return *rd.err();

  // ---- map ----
  auto mit = j.find("map");
  if (mit == j.end() || !mit->is_object()) return rd.error("map", "is missing or not an object");
  const auto& m = *mit;
  if (auto k = unknown_field(
          m, {"columns", "rows", "orientation", "shifted", "terrain", "labels", "_comment"});
      !k.empty())
    return rd.error("map." + k, "is not a field of the map");
  if (!rd.integer(m, "map.", "columns", s.cols, 1, 64) ||
      !rd.integer(m, "map.", "rows", s.rows, 1, 64))
    return *rd.err();
  std::string orientation = "flat", shifted = "even";
  if (!rd.string(m, "map.", "orientation", orientation, false) ||
      !rd.string(m, "map.", "shifted", shifted, false))
    return *rd.err();
  if (orientation != "flat" && orientation != "pointy")
    return rd.error("map.orientation",
                    fmt::format("is '{}', but must be \"flat\" or \"pointy\"", orientation));
  if (shifted != "even" && shifted != "odd")
    return rd.error("map.shifted",
                    fmt::format("is '{}', but must be \"even\" or \"odd\"", shifted));
  s.flat_top = orientation == "flat";
  s.even_shifted = shifted == "even";
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
  auto sit = j.find("sides");
  if (sit == j.end() || !sit->is_array() || sit->size() != kNumSides)
    return rd.error("sides", "must be a list of exactly two sides");
  for (int i = 0; i < kNumSides; ++i) {
    const auto& sj = (*sit)[static_cast<std::size_t>(i)];
    const std::string p = fmt::format("sides[{}].", i);
    if (!sj.is_object()) return rd.error(fmt::format("sides[{}]", i), "must be an object");
    SideDef& sd = s.sides[static_cast<std::size_t>(i)];
    std::string edge;
    if (!rd.string(sj, p, "id", sd.id) || !rd.string(sj, p, "name", sd.name) ||
        !rd.string(sj, p, "home_edge", edge) ||
        !rd.integer(sj, p, "rout_level", sd.rout_level, 1, 10000))
      return *rd.err();
    if (edge == "north")
      sd.home_edge = Edge::kNorth;
    else if (edge == "south")
      sd.home_edge = Edge::kSouth;
    else if (edge == "west")
      sd.home_edge = Edge::kWest;
    else if (edge == "east")
      sd.home_edge = Edge::kEast;
    else
      return rd.error(p + "home_edge",
                      fmt::format("is '{}', but must be north, south, west or east", edge));
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
  auto lit = j.find("leaders");
  if (lit == j.end() || !lit->is_array() || lit->empty())
    return rd.error("leaders", "must be a non-empty list");
  if (lit->size() > kMaxLeaders)
    return rd.error("leaders", fmt::format("lists more than {} leaders", kMaxLeaders));
  std::map<std::string, int> leader_ids;
  std::set<int> leader_hexes;
  for (std::size_t i = 0; i < lit->size(); ++i) {
    const auto& lj = (*lit)[i];
    const std::string p = fmt::format("leaders[{}].", i);
    if (!lj.is_object()) return rd.error(fmt::format("leaders[{}]", i), "must be an object");
    if (auto k = unknown_field(
            lj, {"id", "name", "side", "command", "movement", "hex", "supreme", "_comment"});
        !k.empty())
      return rd.error(p + k, "is not a field of a leader");
    LeaderDef ld;
    if (!rd.string(lj, p, "id", ld.id) || !rd.string(lj, p, "name", ld.name) ||
        !side_index(lj, p, ld.side) || !rd.integer(lj, p, "command", ld.command, 1, 4) ||
        !rd.integer(lj, p, "movement", ld.movement, 1, 20, false))
      return *rd.err();
    if (leader_ids.count(ld.id))
      return rd.error(p + "id", fmt::format("'{}' is used by another leader", ld.id));
    if (!lj.contains("hex")) return rd.error(p + "hex", "is missing");
    auto h = hex_field(lj["hex"], p + "hex");
    if (!h) return h.error();
    ld.hex = *h;
    if (!leader_hexes.insert(ld.hex).second)
      return rd.error(p + "hex", "holds another leader already (4.2: one leader per hex)");
    if (auto sup = lj.find("supreme"); sup != lj.end()) {
      if (!sup->is_boolean()) return rd.error(p + "supreme", "must be true or false");
      ld.supreme = sup->get<bool>();
    }
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
  auto uit = j.find("units");
  if (uit == j.end() || !uit->is_array() || uit->empty())
    return rd.error("units", "must be a non-empty list");
  if (uit->size() > kMaxUnits)
    return rd.error("units", fmt::format("lists more than {} units", kMaxUnits));
  std::map<std::string, int> unit_ids;
  std::map<int, std::size_t> unit_hexes;
  for (std::size_t i = 0; i < uit->size(); ++i) {
    const auto& uj = (*uit)[i];
    const std::string p = fmt::format("units[{}].", i);
    if (!uj.is_object()) return rd.error(fmt::format("units[{}]", i), "must be an object");
    if (auto k = unknown_field(uj, {"id", "name", "side", "leader", "type", "rating", "movement",
                                    "hex", "facing", "_comment"});
        !k.empty())
      return rd.error(p + k, "is not a field of a unit");
    UnitDef ud;
    std::string type, rating, leader;
    if (!rd.string(uj, p, "id", ud.id) || !rd.string(uj, p, "name", ud.name, false) ||
        !side_index(uj, p, ud.side) || !rd.string(uj, p, "type", type) ||
        !rd.string(uj, p, "rating", rating) || !rd.string(uj, p, "leader", leader))
      return *rd.err();
    if (ud.name.empty()) ud.name = ud.id;
    if (unit_ids.count(ud.id))
      return rd.error(p + "id", fmt::format("'{}' is used by another unit", ud.id));
    if (type == "infantry")
      ud.type = UnitType::kInfantry, ud.movement = 4;
    else if (type == "cavalry")
      ud.type = UnitType::kCavalry, ud.movement = 8;
    else if (type == "carroccio")
      ud.type = UnitType::kCarroccio, ud.movement = 2;
    else
      return rd.error(p + "type",
                      fmt::format("is '{}', but must be infantry, cavalry or carroccio", type));
    if (rating == "A")
      ud.rating = Rating::kA;
    else if (rating == "B")
      ud.rating = Rating::kB;
    else if (rating == "C")
      ud.rating = Rating::kC;
    else
      return rd.error(p + "rating", fmt::format("is '{}', but must be A, B or C", rating));
    if (!rd.integer(uj, p, "movement", ud.movement, 1, 20, false)) return *rd.err();
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
