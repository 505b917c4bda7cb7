// Reading a gwkho scenario file (docs/scenario-format.md, section gwkho) with the shared field
// reader of game/scenario_reader.hpp. Every error names the source, the field and the problem.
// Lengths in the file are inches with at most one decimal; they become sub-units (1/1270 inch)
// here and nowhere else (ruling G-1a).
#include "game/table/scenario.hpp"

#include <algorithm>
#include <optional>
#include <string>

#include "fmt/format.h"
#include "game/scenario_reader.hpp"
#include "rulesets/gwkho/game.hpp"
#include "rulesets/gwkho/resolve.hpp"

namespace carroccio::gwkho {

std::string_view terrain_kind_name(TerrainKind k) {
  static constexpr std::array<std::string_view, kNumTerrainKinds> kNames = {"area", "river", "ford",
                                                                            "hill"};
  return kNames[static_cast<std::size_t>(k)];
}

std::string_view linear_kind_name(LinearKind k) {
  static constexpr std::array<std::string_view, kNumLinearKinds> kNames = {
      "hedge", "ditch", "field_works", "fortification", "wagons"};
  return kNames[static_cast<std::size_t>(k)];
}

LinearEffect linear_effect(LinearKind k) {
  LinearEffect e;
  switch (k) {
    // [G-12d, CC-13, Mov-1] A hedge: crossed as rough going; foot behind it are helped against
    // being destroyed (+1); it hides foot behind it from shot (Sht-8, -1).
    case LinearKind::kHedge:
      e.crossing = Going::kRough;
      e.linear = true;
      e.cover = Cover::kCover;
      break;
    // [G-12d, CC-13, Mov-1] A ditch: crossed as bad going, like the stream of G-12a; foot behind
    // it are helped against being destroyed (+1); no cover.
    case LinearKind::kDitch:
      e.crossing = Going::kBad;
      e.linear = true;
      break;
    // [G-12d, CC-5, CC-9, CC-14, Sht-8] Field works, a permanent fortification, wagons: crossed
    // as bad going; foot holding them are behind a fortification; in cover (-1), or -2 behind a
    // permanent fortification or wagons.
    case LinearKind::kFieldWorks:
      e.crossing = Going::kBad;
      e.fortification = true;
      e.cover = Cover::kCover;
      break;
    case LinearKind::kFortification:
    case LinearKind::kWagons:
      e.crossing = Going::kBad;
      e.fortification = true;
      e.cover = Cover::kFortification;
      break;
  }
  return e;
}

Troop deployed_troop(const ElementGroup& g, bool dismounted) {
  if (g.mounted_infantry) return dismounted ? g.troop : default_tables().mounted_infantry_as;
  return dismounted && g.dismount ? *g.dismount : g.troop;
}

std::string_view going_name(Going g) {
  static constexpr std::array<std::string_view, kNumGoings> kNames = {"open", "rough", "bad",
                                                                      "road"};
  return kNames[static_cast<std::size_t>(g)];
}

namespace {

constexpr int kMaxTableInches = 200;

// [G-1a] Scenario files write inches with at most one decimal; the table kit's reader turns
// them into sub-units of 1/1270 inch (0.1 inch = 127) and refuses anything finer.
constexpr game::table::LengthUnit kLength{game::table::Measure::kInch, kUnitsPerInch, 1};
constexpr game::table::Format kFormat{kLength, 12 * kUnitsPerInch, kMaxTableInches* kUnitsPerInch,
                                      0, kMaxTableInches* kUnitsPerInch};

bool point(game::table::Reader& rd, const nlohmann::json& v, const std::string& field,
           geo::Point& out) {
  return rd.point(v, field, out);
}

bool on_table(const geo::Base& b, std::int64_t w, std::int64_t h) {
  for (const auto& p : b.corners())
    if (p.x < 0 || p.y < 0 || p.x > w || p.y > h) return false;
  return true;
}

// [G-43] A group deployed as a block: `frontage` elements side by side, as many ranks as it
// takes, the first element's front-left corner at `corner`, all facing `heading`.
std::vector<geo::Base> block(Troop t, int count, int frontage, geo::Point corner,
                             geo::Angle heading) {
  const BaseSize size = base_size(t.type);
  const std::int64_t w = std::int64_t{size.width_mm} * 50, d = std::int64_t{size.depth_mm} * 50;
  const geo::Angle right = heading - geo::Angle::degrees(90);
  const geo::Angle back = heading + geo::Angle::degrees(180);
  std::vector<geo::Base> out;
  for (int k = 0; k < count; ++k) {
    const int r = k / frontage, c = k % frontage;
    const geo::Point centre =
        corner + geo::polar(right, c * w + w / 2) + geo::polar(back, r * d + d / 2);
    out.emplace_back(centre, w, d, heading);
  }
  return out;
}

}  // namespace

core::Expected<Scenario> load_scenario(const nlohmann::json& j, std::string_view source) {
  game::table::Reader rd(source, kFormat);
  if (!rd.top_level(j, "gwkho",
                    {"ruleset", "id", "title", "description", "year", "bounds", "table", "first",
                     "terrain", "roads", "linear", "sides"}))
    return *rd.err();
  Scenario s;
  s.source = j;
  if (!rd.string(j, "", "id", s.id) || !rd.string(j, "", "title", s.title) ||
      !rd.string(j, "", "description", s.description, game::Need::kOptional) ||
      !rd.integer(j, "", "bounds", s.bounds, 2, 200, game::Need::kOptional))
    return *rd.err();
  if (j.contains("table")) {
    const auto& t = j["table"];
    if (!t.is_array() || t.size() != 2)
      return rd.error("table", "must be [width, height] in inches");
    if (!rd.length(t[0], "table[0]", s.width, kFormat.min_side, kFormat.max_side) ||
        !rd.length(t[1], "table[1]", s.height, kFormat.min_side, kFormat.max_side))
      return *rd.err();
  }
  // Terrain.
  if (const nlohmann::json* ts = rd.array(j, "", "terrain", 0, 100, game::Need::kOptional)) {
    for (std::size_t i = 0; i < ts->size(); ++i) {
      const std::string p = game::item_path("terrain", i);
      const auto& t = (*ts)[i];
      TerrainPiece piece;
      if (!rd.object(t, p) ||
          !rd.only_fields(t, p, {"id", "kind", "going", "polygon"}, "a terrain piece") ||
          !rd.string(t, p, "id", piece.id) ||
          !rd.unique_id(p, piece.id, s.terrain.size(),
                        [&](std::size_t k) -> const std::string& { return s.terrain[k].id; }) ||
          !rd.choice(t, p, "kind", piece.kind,
                     {{"area", TerrainKind::kArea},
                      {"river", TerrainKind::kRiver},
                      {"ford", TerrainKind::kFord},
                      {"hill", TerrainKind::kHill}},
                     game::Need::kOptional))
        return *rd.err();
      // [G-12, G-12a] The going each kind may have: an area is rough or bad; a river is bad
      // going or impassable (crossed at its fords and by roads only); a ford and a hill are
      // open unless the file says rough or bad.
      switch (piece.kind) {
        case TerrainKind::kArea:
          if (!rd.choice(t, p, "going", piece.going,
                         {{"rough", Going::kRough}, {"bad", Going::kBad}}))
            return *rd.err();
          break;
        case TerrainKind::kRiver: {
          int going = 0;
          if (!rd.choice(t, p, "going", going, {{"bad", 0}, {"impassable", 1}})) return *rd.err();
          piece.going = Going::kBad;
          piece.impassable = going == 1;
          break;
        }
        case TerrainKind::kFord:
        case TerrainKind::kHill:
          piece.going = Going::kOpen;
          if (!rd.choice(t, p, "going", piece.going,
                         {{"open", Going::kOpen}, {"rough", Going::kRough}, {"bad", Going::kBad}},
                         game::Need::kOptional))
            return *rd.err();
          break;
      }
      const nlohmann::json* poly = rd.array(t, p, "polygon", 3, 64);
      if (!poly) return *rd.err();
      for (std::size_t k = 0; k < poly->size(); ++k) {
        geo::Point q;
        if (!point(rd, (*poly)[k], fmt::format("{}polygon[{}]", p, k), q)) return *rd.err();
        piece.outline.push_back(q);
      }
      if (auto st = geo::validate_polygon(piece.outline); !st)
        return rd.error(p + "polygon",
                        "is not a simple polygon: " + game::sentence_body(st.message()));
      s.terrain.push_back(std::move(piece));
    }
  } else if (rd.err()) {
    return *rd.err();
  }
  // [G-12a] A ford crosses a river: it touches or overlaps one.
  for (std::size_t i = 0; i < s.terrain.size(); ++i) {
    const TerrainPiece& f = s.terrain[i];
    if (f.kind != TerrainKind::kFord) continue;
    const bool crosses = std::any_of(s.terrain.begin(), s.terrain.end(), [&](const auto& r) {
      if (r.kind != TerrainKind::kRiver) return false;
      for (std::size_t k = 0; k < f.outline.size(); ++k)
        if (geo::distance_sq(geo::Segment{f.outline[k], f.outline[(k + 1) % f.outline.size()]},
                             r.outline)
                .within(0))
          return true;
      return false;
    });
    if (!crosses)
      return rd.error(game::item_path("terrain", i) + "polygon",
                      "touches no river: a ford is a crossing of a river piece");
  }
  // [G-12b] Roads: centre lines.
  if (!rd.roads(j, s.roads)) return *rd.err();
  // [G-12d] Linear features: hedges, ditches, field works, fortifications and wagons.
  if (const nlohmann::json* ls = rd.array(j, "", "linear", 0, 100, game::Need::kOptional)) {
    for (std::size_t i = 0; i < ls->size(); ++i) {
      const std::string p = game::item_path("linear", i);
      const auto& lj = (*ls)[i];
      LinearFeature f;
      if (!rd.object(lj, p) ||
          !rd.only_fields(lj, p, {"id", "kind", "line", "defended"}, "a linear feature") ||
          !rd.string(lj, p, "id", f.id) ||
          !rd.unique_id(p, f.id, s.lines.size(),
                        [&](std::size_t k) -> const std::string& { return s.lines[k].id; }) ||
          !rd.choice(lj, p, "kind", f.kind,
                     game::table::enum_names<LinearKind>(kNumLinearKinds, linear_kind_name)))
        return *rd.err();
      // Works and wagons are held from one side; a hedge or a ditch from either.
      if (linear_effect(f.kind).fortification) {
        if (!rd.choice(lj, p, "defended", f.defended,
                       {{"left", Defended::kLeft}, {"right", Defended::kRight}}))
          return *rd.err();
      } else if (lj.contains("defended")) {
        return rd.error(p + "defended",
                        fmt::format("is given, but a {} is held from either side: only works and "
                                    "wagons have a defended side",
                                    linear_kind_name(f.kind)));
      }
      const nlohmann::json* line = rd.array(lj, p, "line", 2, 64);
      if (!line) return *rd.err();
      for (std::size_t k = 0; k < line->size(); ++k) {
        const std::string field = fmt::format("{}line[{}]", p, k);
        geo::Point q;
        if (!point(rd, (*line)[k], field, q)) return *rd.err();
        if (!f.line.empty() && f.line.back() == q)
          return rd.error(field, "repeats the point before it");
        if (q.x < 0 || q.y < 0 || q.x > s.width || q.y > s.height)
          return rd.error(field, "is off the table");
        f.line.push_back(q);
      }
      s.lines.push_back(std::move(f));
    }
  } else if (rd.err()) {
    return *rd.err();
  }
  // Sides.
  const nlohmann::json* sides = rd.array(j, "", "sides", 2, 2);
  if (!sides) return *rd.err();
  for (int si = 0; si < kNumSides; ++si) {
    const std::string p = game::item_path("sides", static_cast<std::size_t>(si));
    const auto& sj = (*sides)[static_cast<std::size_t>(si)];
    SideDef& side = s.sides[static_cast<std::size_t>(si)];
    std::string edge;
    if (!rd.object(sj, p) ||
        !rd.only_fields(sj, p, {"id", "name", "army", "edge", "deploy", "breaks_if_lost"},
                        "a side") ||
        !rd.string(sj, p, "id", side.id) || !rd.string(sj, p, "name", side.name) ||
        !rd.choice(sj, p, "edge", side.north, {{"south", false}, {"north", true}}))
      return *rd.err();
    if (si == 1 && side.id == s.sides[0].id)
      return rd.error(p + "id", fmt::format("repeats '{}': the two sides need two ids", side.id));
    if (!sj.contains("army")) return rd.error(p + "army", "is missing: name an army list");
    const auto& aj = sj["army"];
    core::Expected<ArmyList> army = core::make_error("");
    if (aj.is_string()) {
      army = builtin_army_list(aj.get<std::string>());
      if (!army)
        return rd.error(p + "army", fmt::format("names no built-in army list: {}",
                                                game::sentence_body(army.error().message)));
    } else if (aj.is_object()) {
      army = load_army_list(aj, fmt::format("{}: field '{}army'", source, p));
      if (!army) return army.error();
    } else {
      return rd.error(p + "army", "must be the id of a built-in army list or an army list object");
    }
    side.army = std::move(*army);
    // Deployment: every element group exactly once.
    const auto& cmds = side.army.commands;
    std::vector<std::vector<std::vector<int>>> placed(cmds.size());  // [command][regiment+1][group]
    for (std::size_t c = 0; c < cmds.size(); ++c) {
      placed[c].resize(cmds[c].regiments.size() + 1);
      placed[c][0].assign(cmds[c].elements.size(), 0);
      for (std::size_t r = 0; r < cmds[c].regiments.size(); ++r)
        placed[c][r + 1].assign(cmds[c].regiments[r].elements.size(), 0);
    }
    const nlohmann::json* dep = rd.array(sj, p, "deploy", 1, 200);
    if (!dep) return *rd.err();
    for (std::size_t di = 0; di < dep->size(); ++di) {
      const std::string dp = game::item_path(p + "deploy", di);
      const auto& d = (*dep)[di];
      int command = 0, regiment = -1, group = 0, heading = 0, frontage = 1;
      if (!rd.object(d, dp) ||
          !rd.only_fields(
              d, dp, {"command", "regiment", "group", "at", "heading", "frontage", "dismounted"},
              "a deployment") ||
          !rd.integer(d, dp, "command", command, 0, static_cast<int>(cmds.size()) - 1) ||
          !rd.integer(d, dp, "group", group, 0, 99) ||
          !rd.integer(d, dp, "heading", heading, 0, 359) ||
          !rd.integer(d, dp, "frontage", frontage, 1, 200))
        return *rd.err();
      const Command& cmd = cmds[static_cast<std::size_t>(command)];
      if (!rd.integer(d, dp, "regiment", regiment, 0,
                      std::max(0, static_cast<int>(cmd.regiments.size()) - 1),
                      game::Need::kOptional))
        return *rd.err();
      if (d.contains("regiment") && cmd.regiments.empty())
        return rd.error(dp + "regiment", "names a regiment, but that command has none");
      const std::vector<ElementGroup>& groups =
          regiment < 0 ? cmd.elements : cmd.regiments[static_cast<std::size_t>(regiment)].elements;
      if (group >= static_cast<int>(groups.size()))
        return rd.error(dp + "group",
                        fmt::format("is {}, but there are {} groups there", group, groups.size()));
      int& seen = placed[static_cast<std::size_t>(command)][static_cast<std::size_t>(regiment + 1)]
                        [static_cast<std::size_t>(group)];
      if (seen++ > 0) return rd.error(dp + "group", "deploys a group already deployed");
      const ElementGroup& g = groups[static_cast<std::size_t>(group)];
      if (frontage > g.count)
        return rd.error(dp + "frontage",
                        fmt::format("is {}, but the group has {} elements", frontage, g.count));
      if (!d.contains("at")) return rd.error(dp + "at", "is missing: the front-left corner");
      geo::Point at;
      if (!point(rd, d["at"], dp + "at", at)) return *rd.err();
      // [Dis-1, G-52] Deployed dismounted: it fights on foot as its list's dismount option.
      // [Pts-5, G-40b] Mounted infantry are deployed riding, unless deployed dismounted.
      bool dismounted = false;
      if (!rd.boolean(d, dp, "dismounted", dismounted, game::Need::kOptional)) return *rd.err();
      if (dismounted && !g.dismount && !g.mounted_infantry)
        return rd.error(dp + "dismounted",
                        fmt::format("is true, but the army list gives {} no dismount option "
                                    "(rule Dis-1)",
                                    troop_text(g.troop)));
      const Troop fights = deployed_troop(g, dismounted);
      const bool general_here = &general_group(cmd) == &g;
      const auto bases = block(fights, g.count, frontage, at, geo::Angle::degrees(heading));
      for (std::size_t k = 0; k < bases.size(); ++k) {
        ElementDef e;
        e.id = fmt::format("{}.{}.{}{}.{}", side.id, command,
                           regiment < 0 ? "" : fmt::format("r{}.", regiment), group, k);
        e.name = g.name.empty() ? troop_text(g.troop) : g.name;
        e.side = si;
        e.command = command;
        e.regiment = regiment;
        e.troop = fights;
        e.list_troop = g.troop;
        e.dismount = g.dismount;
        if (g.mounted_infantry) {  // [Pts-5, G-40b] they ride, and dismount as their own troop
          e.rides = default_tables().mounted_infantry_as;
          e.dismount = g.troop;
        }
        e.status = g.status;
        e.weapon = g.weapon;
        e.unarmed = g.unarmed;
        e.peoples = g.peoples;
        e.halberds = g.halberds;
        e.general = general_here && k == 0;
        e.cinc = e.general && cmd.cinc;
        e.base = bases[k];
        if (!on_table(e.base, s.width, s.height))
          return rd.error(dp + "at", "puts elements of the group off the table");
        // [G-12a] Not in a river that may be crossed only at its fords.
        for (const auto& t : s.terrain)
          if (t.impassable && geo::base_overlaps_polygon(e.base, t.outline))
            return rd.error(dp + "at", fmt::format("puts element {} in the river '{}', which is "
                                                   "crossed only at its fords",
                                                   e.id, t.id));
        for (const auto& o : s.elements)
          if (geo::overlaps(o.base, e.base))
            return rd.error(dp + "at", fmt::format("puts element {} on element {}", e.id, o.id));
        s.elements.push_back(std::move(e));
        if (static_cast<int>(s.elements.size()) > kMaxElements)
          return rd.error(dp, fmt::format("brings the elements above {}", kMaxElements));
      }
    }
    for (std::size_t c = 0; c < placed.size(); ++c)
      for (std::size_t r = 0; r < placed[c].size(); ++r)
        for (std::size_t g = 0; g < placed[c][r].size(); ++g)
          if (placed[c][r][g] == 0)
            return rd.error(p + "deploy",
                            fmt::format("does not deploy command {}{} group {}", c,
                                        r == 0 ? "" : fmt::format(" regiment {}", r - 1), g));
    // [G-71] The elements whose loss breaks the army, by their ids.
    if (const nlohmann::json* lost =
            rd.array(sj, p, "breaks_if_lost", 1, 20, game::Need::kOptional)) {
      for (std::size_t k = 0; k < lost->size(); ++k) {
        const std::string lp = fmt::format("{}breaks_if_lost[{}]", p, k);
        const auto& v = (*lost)[k];
        if (!v.is_string()) return rd.error(lp, "must be the id of an element of this side");
        const std::string id = v.get<std::string>();
        const auto it =
            std::find_if(s.elements.begin(), s.elements.end(),
                         [&](const ElementDef& e) { return e.id == id && e.side == si; });
        if (it == s.elements.end())
          return rd.error(lp,
                          fmt::format("is '{}', which is no element of side '{}'", id, side.id));
        side.breaks_if_lost.push_back(static_cast<int>(it - s.elements.begin()));
      }
    } else if (rd.err()) {
      return *rd.err();
    }
  }
  s.year = s.sides[0].army.year;
  if (!rd.integer(j, "", "year", s.year, 1000, 1900, game::Need::kOptional)) return *rd.err();
  std::string first = s.sides[0].id;
  if (!rd.string(j, "", "first", first, game::Need::kOptional)) return *rd.err();
  // [Seq, G-75] "dice": a die each, the higher has the first bound (a chance node at the start).
  if (first == s.sides[0].id)
    s.first = 0;
  else if (first == s.sides[1].id)
    s.first = 1;
  else if (first == "dice")
    s.first = kFirstByDice;
  else
    return rd.error("first", fmt::format("is '{}', which is neither side nor \"dice\"", first));
  return s;
}

}  // namespace carroccio::gwkho
