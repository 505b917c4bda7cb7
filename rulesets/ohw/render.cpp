// A top-down character drawing of the table: one character per inch, north at the top.
#include <sstream>

#include "fmt/format.h"
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
  const int cols = static_cast<int>(sc.width / kInch), rows = static_cast<int>(sc.height / kInch);
  std::vector<std::string> grid(static_cast<std::size_t>(rows),
                                std::string(static_cast<std::size_t>(cols), '.'));
  auto cell_centre = [](int c, int r) {
    return geo::Point{c * kInch + kInch / 2, r * kInch + kInch / 2};
  };
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      const geo::Point p = cell_centre(c, r);
      char& ch = grid[static_cast<std::size_t>(rows - 1 - r)][static_cast<std::size_t>(c)];
      for (const auto& t : sc.terrain)
        if (t.type != TerrainType::kZone && geo::point_in_polygon(p, t.outline))
          ch = terrain_char(t.type);
      for (const auto& road : sc.roads)
        for (std::size_t i = 0; i + 1 < road.line.size(); ++i)
          if (geo::distance_sq(p, geo::Segment{road.line[i], road.line[i + 1]}).within(kInch / 2) &&
              ch == '.')
            ch = ':';
      for (int u = 0; u < ohw_->num_units(); ++u)
        if (unit(u).on_table && geo::contains(unit(u).base, p)) {
          const char l = type_letter(unit(u).type);
          ch = side_of(u) == 0 ? l : static_cast<char>(l - 'A' + 'a');
        }
    }
  // The front of each base: an arrow in the cell just behind the middle of its front edge.
  static constexpr char kArrows[] = {'>', '/', '^', '\\', '<', '/', 'v', '\\'};
  for (int u = 0; u < ohw_->num_units(); ++u) {
    if (!unit(u).on_table) continue;
    const geo::Base& b = unit(u).base;
    const geo::Point p = b.side_midpoint(geo::Side::kFront) -
                         geo::Vec{b.forward_half().x / 2, b.forward_half().y / 2};
    const int c = static_cast<int>(p.x / kInch), r = static_cast<int>(p.y / kInch);
    if (c < 0 || c >= cols || r < 0 || r >= rows) continue;
    const int octant = static_cast<int>((b.heading().units() + geo::kFullTurn / 16) %
                                        geo::kFullTurn / (geo::kFullTurn / 8));
    grid[static_cast<std::size_t>(rows - 1 - r)][static_cast<std::size_t>(c)] = kArrows[octant];
  }
  std::ostringstream os;
  os << status_line() << '\n';
  for (int r = 0; r < rows; ++r)
    os << fmt::format("{:>3} ", rows - r) << grid[static_cast<std::size_t>(r)] << '\n';
  os << "    ";
  for (int c = 0; c < cols; ++c) os << (c % 6 == 0 ? '|' : ' ');
  os << "\n";
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
    os << fmt::format("  {:<6} {:<5} {:<16} ({:6.2f},{:6.2f}) facing {:6.2f} hits {:>2} {}\n",
                      ohw_->unit(u).id, sc.side_ids[static_cast<std::size_t>(side_of(u))],
                      type_name(us.type), static_cast<double>(us.base.centre().x) / kInch,
                      static_cast<double>(us.base.centre().y) / kInch, hd, us.hits,
                      us.removed    ? "removed"
                      : us.on_table ? ""
                                    : "to arrive");
  }
  return os.str();
}

}  // namespace carroccio::ohw
