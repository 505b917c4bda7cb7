// The table kit, part 2: the table part of a State's JSON view, which the browser's table board
// reads (docs/api.md, "The table view"; web/src/boards/tablemodel.ts).
//
//   nlohmann::json j;
//   ...  // the ruleset's own fields: ruleset, scenario, phase, selected, units, ...
//   game::table::write_table(j, kLength, sc.width, sc.height, sc.terrain, terrain_name, sc.roads);
//
// writes "units_per_inch", "table": {"width", "height"}, "terrain": [{"id", "type", "polygon"}]
// and "roads": [{"id", "line"}], all lengths in the ruleset's sub-units; a ruleset measuring in
// centimetres adds "unit": "cm" and "units_per_cm". The turn fields ("turn", "turns", "active",
// "first", "winner") come from TurnTrack::write_view (game/table/turn.hpp).
#pragma once

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "core/geometry.hpp"
#include "game/table/scenario.hpp"
#include "nlohmann/json.hpp"

namespace carroccio::game::table {

// [[x, y], ...]
nlohmann::json points_json(std::span<const geo::Point> points);
// The four corners of a base: front-right, front-left, back-left, back-right, as geo::Base
// lists them.
nlohmann::json corners_json(const geo::Base& base);

// How a ruleset encodes a person's free drop of a piece as one action (docs/api.md, "Free
// placement"): action_base + (direction_deg * distances + distance_steps) * headings +
// heading_index, the direction in whole degrees, the distance in steps of distance_step
// sub-units, the last facing in steps of heading_step_deg.
struct PlaceEncoding {
  std::int64_t action_base = 0;
  int directions = 360;
  std::int64_t distance_step = 0;
  int distances = 0;
  int heading_step_deg = 5;
  int headings = 72;
};

// The part of a free placement answer every table ruleset shares: the piece ("unit"), the
// encoding's fields ("action_base", "directions", "distance_step", "distances",
// "heading_step_deg", "headings", "encoding") and where the piece stands ("x", "y",
// "heading_arcsec"). The ruleset adds its allowances, group and reach.
nlohmann::json placement_json(std::string_view unit, const PlaceEncoding& encoding,
                              const geo::Base& start);

// One terrain piece as the view shows it.
struct ViewPiece {
  std::string_view id, type;
  const geo::Polygon* outline = nullptr;
};

void write_table(nlohmann::json& j, const LengthUnit& unit, std::int64_t width, std::int64_t height,
                 std::span<const ViewPiece> terrain, std::span<const Road> roads);

// The same, from the ruleset's terrain pieces and the name of each type (`type_name(Type)`).
template <typename Type, typename TypeName>
void write_table(nlohmann::json& j, const LengthUnit& unit, std::int64_t width, std::int64_t height,
                 const std::vector<TerrainPiece<Type>>& terrain, TypeName type_name,
                 std::span<const Road> roads) {
  std::vector<ViewPiece> pieces;
  pieces.reserve(terrain.size());
  for (const auto& t : terrain) pieces.push_back({t.id, type_name(t.type), &t.outline});
  write_table(j, unit, width, height, pieces, roads);
}

}  // namespace carroccio::game::table
