// A top-down character drawing of the table: one character per inch, north at the top.
#include <sstream>

#include "fmt/format.h"
#include "game/table/char_map.hpp"
#include "rulesets/ohw/state.hpp"

namespace carroccio::ohw {

namespace {
char terrain_char(TerrainType t) {
  switch (t) {
    case TerrainType::kWoods:
      return '#';
    case TerrainType::kTown:
      return '+';
    case TerrainType::kHill:
      return '-';
    case TerrainType::kRiver:
      return '~';
    case TerrainType::kFord:
      return '=';
    case TerrainType::kBridge:
      return 'H';
    case TerrainType::kMarsh:
      return '%';
    case TerrainType::kLake:
      return '~';
    case TerrainType::kObjective:
      return '@';
    case TerrainType::kRedoubt:
      return 'X';
    case TerrainType::kZone:
      return ',';
  }
  return '?';
}
}  // namespace

std::string OhwState::render_text(game::Player viewer) const {
  (void)viewer;
  const Scenario& sc = ohw_->scenario_data();
  game::table::CharMap map(sc.width, sc.height, kInch);
  for (const auto& t : sc.terrain)
    if (t.type != TerrainType::kZone) map.fill_polygon(t.outline, terrain_char(t.type));
  for (const auto& road : sc.roads) map.stroke(road.line, kInch / 2, ':', '.');
  for (int u = 0; u < ohw_->num_units(); ++u)
    if (unit(u).on_table) {
      const char l = type_letter(unit(u).type);
      map.fill_base(unit(u).base, side_of(u) == 0 ? l : static_cast<char>(l - 'A' + 'a'));
    }
  // The front of each base: an arrow in the cell just behind the middle of its front edge.
  for (int u = 0; u < ohw_->num_units(); ++u)
    if (unit(u).on_table) map.mark_front(unit(u).base);
  std::ostringstream os;
  os << status_line() << '\n' << map.text_with_axes(6);
  os << fmt::format(
      "    {} capitals, {} lower case; K knights, M men-at-arms, A archers, L levies, I "
      "irregulars, P peasant archers, W wagons\n",
      sc.side_names[0], sc.side_names[1]);
  os << "    > ^ < v / \\ mark the front of each base\n";
  os << "    # woods  + town  - hill  ~ river/lake  = ford  H bridge  % marsh  @ objective  X "
        "redoubt  : road\n";
  for (int u = 0; u < ohw_->num_units(); ++u) {
    const UnitState& us = unit(u);
    const double hd = static_cast<double>(us.base.heading().units()) / geo::kAngleUnitsPerDegree;
    // Each unit by the name the log and the decisions give it (never its file id).
    os << fmt::format("  {:<30} ({:6.2f},{:6.2f}) facing {:6.2f} hits {:>2} {}\n", unit_words(u),
                      static_cast<double>(us.base.centre().x) / kInch,
                      static_cast<double>(us.base.centre().y) / kInch, hd, us.hits,
                      us.removed    ? "removed"
                      : us.on_table ? ""
                                    : "to arrive");
  }
  return os.str();
}

}  // namespace carroccio::ohw
