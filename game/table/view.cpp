#include "game/table/view.hpp"

#include <string>

namespace carroccio::game::table {

nlohmann::json points_json(std::span<const geo::Point> points) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& p : points) out.push_back({p.x, p.y});
  return out;
}

nlohmann::json corners_json(const geo::Base& base) {
  const auto corners = base.corners();
  return points_json(corners);
}

nlohmann::json placement_json(std::string_view unit, const PlaceEncoding& encoding,
                              const geo::Base& start) {
  nlohmann::json j;
  j["unit"] = std::string(unit);
  j["action_base"] = encoding.action_base;
  j["directions"] = encoding.directions;
  j["distance_step"] = encoding.distance_step;
  j["distances"] = encoding.distances;
  j["heading_step_deg"] = encoding.heading_step_deg;
  j["headings"] = encoding.headings;
  j["encoding"] =
      "action_base + (direction_deg * distances + distance_steps) * headings + heading_index";
  j["x"] = start.centre().x;
  j["y"] = start.centre().y;
  j["heading_arcsec"] = start.heading().units();
  return j;
}

void write_table(nlohmann::json& j, const LengthUnit& unit, std::int64_t width, std::int64_t height,
                 std::span<const ViewPiece> terrain, std::span<const Road> roads) {
  if (unit.measure != Measure::kInch) {
    j["unit"] = std::string(unit.symbol());
    j["units_per_" + std::string(unit.symbol())] = unit.per_unit;
  }
  j["units_per_inch"] = unit.per_inch();
  j["table"] = {{"width", width}, {"height", height}};
  j["terrain"] = nlohmann::json::array();
  for (const auto& t : terrain)
    j["terrain"].push_back({{"id", std::string(t.id)},
                            {"type", std::string(t.type)},
                            {"polygon", points_json(*t.outline)}});
  j["roads"] = nlohmann::json::array();
  for (const auto& r : roads) j["roads"].push_back({{"id", r.id}, {"line", points_json(r.line)}});
}

}  // namespace carroccio::game::table
