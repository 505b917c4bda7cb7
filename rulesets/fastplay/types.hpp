// Fast Play Rules for Students, Medieval (fastplay): scenario data.
//
// Lengths are integers in 0.1 mm (tables.hpp: kCm = 100); the scenario loader is the only place
// that converts the centimetres written in a scenario file (with the table kit's reader,
// game/table/scenario.hpp). Angles are core::geo::Angle.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/geometry.hpp"
#include "core/status.hpp"
#include "game/table/scenario.hpp"
#include "nlohmann/json.hpp"
#include "rulesets/fastplay/tables.hpp"

namespace carroccio::fastplay {

namespace geo = core::geo;

inline constexpr int kNumSides = game::table::kNumSides;
inline constexpr int kMaxUnits = 64;  // the action encoding in state.hpp relies on this
// Scenario files write centimetres with at most two decimals (docs/scenario-format.md).
inline constexpr game::table::LengthUnit kLength{game::table::Measure::kCentimetre, kCm, 2};

// Terrain (ruling F-7): the book gives no terrain effects except cover for missiles. Woods,
// villages and field works give cover (fastplay 10.2); rivers stop movement (ruling F-7);
// hills are drawn only.
enum class TerrainType : std::uint8_t { kWoods, kVillage, kWorks, kHill, kRiver };
inline constexpr int kNumTerrainTypes = 5;
std::string_view terrain_name(TerrainType t);
bool gives_cover(TerrainType t);

// A terrain piece: id, type, outline (the table kit's reader fills it).
using TerrainDef = game::table::TerrainPiece<TerrainType>;
// A road (drawn only): id and centre line.
using RoadDef = game::table::Road;

// One stand of a unit: its troop type and where it stands in the unit's own frame (x ahead,
// y to the left of the unit's centre, at heading 0).
struct StandDef {
  TroopType type = TroopType::kHeavyInfantry;
  geo::Vec offset;
};

struct UnitDef {
  std::string id;
  int side = 0;
  TroopType type = TroopType::kHeavyInfantry;
  geo::Point centre;
  geo::Angle heading;
  std::vector<StandDef> stands;
  bool commander = false;       // a commander in base contact with the unit (fastplay 11.1)
  bool lone_commander = false;  // the unit is a commander figure alone (fastplay 11.3)
  bool supreme = false;         // the army's supreme commander (fastplay 11.4)
  std::string formation;        // the formation it belongs to (fastplay 3; empty: none named)
  // The formation whose commander this is (fastplay 3, ruling F-33): the commander with the unit
  // (`commander`) or the lone commander figure; empty: none.
  std::string commands;
};

struct Scenario {
  std::string id, title, description;
  std::int64_t width = 180 * kCm, height = 120 * kCm;
  int turns = 12;
  int first = -1;          // -1: the d6 decides every turn; else this side moves first in turn 1
  int break_percent = 50;  // ruling F-28: an army that has lost this share of its stands loses
  // fastplay 3 (ruling F-29): "playsheet" checks formations of 3-4 units and armies of 2+
  // formations; "free" (drills, tests, small lessons) checks only the unit sizes.
  bool free_organisation = false;
  std::array<std::string, kNumSides> side_ids, side_names;
  std::vector<TerrainDef> terrain;
  std::vector<RoadDef> roads;
  std::vector<UnitDef> units;
  nlohmann::json source;
};

core::Expected<Scenario> load_scenario(const nlohmann::json& j, std::string_view source);

}  // namespace carroccio::fastplay
