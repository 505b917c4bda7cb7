// One-Hour Wargames, Medieval (ohw): vocabulary and scenario data.
//
// Lengths are integers in 1/100 inch (core/geometry.hpp); angles are core::geo::Angle. The
// scenario loader is the only place that converts the inches written in a scenario file (with the
// table kit's reader, game/table/scenario.hpp).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/geometry.hpp"
#include "core/status.hpp"
#include "game/table/scenario.hpp"
#include "nlohmann/json.hpp"

namespace carroccio::ohw {

namespace geo = core::geo;

inline constexpr int kNumSides = game::table::kNumSides;
inline constexpr int kMaxUnits = 60;  // the action encoding in state.hpp relies on this
inline constexpr std::int64_t kInch = 100;
// Scenario files write inches with at most two decimals (docs/scenario-format.md).
inline constexpr game::table::LengthUnit kLength{game::table::Measure::kInch, kInch, 2};

// 0.3 and optional rules 5.2 / 5.3.
// kWagon: a scenario token (S3) that moves only along roads, never shoots or fights, and is
// captured or escapes instead of taking hits.
enum class UnitType : std::uint8_t {
  kKnights,
  kMenAtArms,
  kArchers,
  kLevies,
  kIrregulars,
  kPeasantArchers,
  kWagon
};
inline constexpr int kNumUnitTypes = 7;
std::string_view type_name(UnitType t);  // "knights", ...
char type_letter(UnitType t);            // K M A L I P W

// What a piece of terrain is (0.8, 1.2, 5.1, 5.4, scenario objectives).
enum class TerrainType : std::uint8_t {
  kWoods,      // impassable except to irregulars and peasant archers (1.2 iii, 5.2, 5.3); cover
  kTown,       // open to movement (1.2 i); cover and terrain halving; a fort under option 5.1
  kHill,       // open to movement (1.2 i); uphill halving in melee (3.2 i); crest blocks LoS
  kRiver,      // impassable (1.2 ii); crossings are separate areas cut out of it
  kFord,       // crossing: passable; "at a River Crossing" (3.2 i)
  kBridge,     // crossing: passable; "at a River Crossing"
  kMarsh,      // impassable (1.2 iii)
  kLake,       // impassable (1.2 iii)
  kObjective,  // a scenario object (a wagon): impassable, blocks LoS like a unit
  kRedoubt,    // option 5.4: field works
  kZone,       // a named scoring area: no effect on play
};
inline constexpr int kNumTerrainTypes = 11;
std::string_view terrain_name(TerrainType t);

// A terrain piece: id, type, outline (the table kit's reader fills it).
using TerrainDef = game::table::TerrainPiece<TerrainType>;
// A road: id and centre-line polyline.
using RoadDef = game::table::Road;

struct UnitDef {
  std::string id;
  int side = 0;
  UnitType type = UnitType::kLevies;
  geo::Point centre;
  geo::Angle heading;
  int enter_turn =
      0;  // 0: on the table at the start; else arrives at the start of its side's turn N
  int force_slot = -1;  // >= 0: a slot filled from the rolled force table (type set at the roll)
  std::int64_t width = 0,
               depth = 0;  // the base; wagons 3" x 1.5", every other unit the scenario's base
};

// Victory conditions (O-29: every scenario defines its own).
enum class VictoryKind : std::uint8_t {
  kObjectiveContact,  // side wins at the end of its player turn: own unit touches objective, no
                      // enemy within radius
  kBreak,             // side wins as soon as `count` enemy units have been removed
  kUnitsInZone,  // at the end of the last turn: side wins if >= count of its units are wholly in
                 // zone
  kZonePoints,  // each full turn from `from_turn`: 1 VP per zone held (wholly in, no enemy part in)
  kWagons,      // S3: `side`'s wagons score `safe` when they reach the east edge, the enemy
                // `captured` when it holds one alone at the end of its player turn; each side
                // `count` per enemy unit removed; most points win, a tie is a draw
};
struct VictoryDef {
  VictoryKind kind = VictoryKind::kBreak;
  int side = 0;
  int count = 0;
  int from_turn = 1;
  std::int64_t radius = 0;     // sub-units
  int safe = 0, captured = 0;  // kWagons
  std::vector<int> zones;      // terrain indices
};

struct Scenario {
  std::string id, title, description;
  std::int64_t width = 36 * kInch, height = 36 * kInch;
  std::int64_t base_width = 4 * kInch, base_depth = 2 * kInch;
  int turns = 15;
  int first = 0;               // side moving first; -1: roll-off at the start
  bool random_forces = false;  // force slots filled from the force table (§3.2 of the notes)
  std::array<std::string, kNumSides> side_ids, side_names;
  std::vector<TerrainDef> terrain;
  std::vector<RoadDef> roads;
  std::vector<UnitDef> units;
  std::vector<VictoryDef> victory;
  // A red unit within this distance of an objective halves melee hits it receives (S1 "Oath");
  // 0 = no such rule.
  std::int64_t oath_radius = 0;
  int oath_side = -1;
  int at_end = -1;
  // A crossing one side may try to destroy (S2 "Demolition"): at the start of its Move phase,
  // one unit of `side` not in melee touching `line` rolls a d6; `needs` or more turns the
  // crossing into river. No attempt while an enemy has any part on the crossing.
  struct Demolition {
    int terrain = -1;  // the crossing; -1 = no such rule
    int side = 0;
    int needs = 5;
    geo::Segment line;
  } demolition;  // who wins at the turn limit if nothing else decided: a side, or -1 = more units
                 // (O-29)
  nlohmann::json source;
};

core::Expected<Scenario> load_scenario(const nlohmann::json& j, std::string_view source);

// The original force table (research notes §3.2, not the book's): units per d6 row, in the order
// knights, men-at-arms, archers, levies.
inline constexpr std::array<std::array<int, 4>, 6> kForceTable = {
    {{2, 2, 1, 1}, {3, 1, 1, 1}, {3, 2, 1, 0}, {3, 0, 2, 1}, {4, 1, 0, 1}, {2, 1, 2, 1}}};
// The unit types of a force of `size` units rolled as `die` (1..6): first `size` of the row.
std::vector<UnitType> force_from_table(int die, int size);

}  // namespace carroccio::ohw
