// Battles of the Middle Ages (bma): vocabulary, tables and scenario data.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/status.hpp"
#include "nlohmann/json.hpp"

namespace carroccio::bma {

inline constexpr int kNumSides = 2;
inline constexpr int kMaxUnits = 200;
inline constexpr int kMaxLeaders = 40;
inline constexpr int kMaxHexes = 64 * 64;
inline constexpr int kNoHex = -1;

enum class UnitType : std::uint8_t { kInfantry, kCavalry, kCarroccio };
enum class Rating : std::uint8_t { kA = 0, kB = 1, kC = 2 };
enum class Terrain : std::uint8_t { kClear = 0, kForest = 1 };
enum class Edge : std::uint8_t { kNorth, kSouth, kWest, kEast };
enum class Status : std::uint8_t { kOrdered, kDisordered, kRouted, kEliminated };
enum class CrtResult : std::uint8_t { kAE, kAR, kAD, kNE, kDD, kDR, kDE };

std::string_view rating_name(Rating r);
std::string_view type_name(UnitType t);
std::string_view status_name(Status s);
std::string_view result_name(CrtResult r);
std::string_view edge_name(Edge e);

struct RatingInfo {
  int chit_min, chit_max, morale, vp;
};

struct TerrainInfo {
  int infantry_mp, cavalry_mp;
  bool carroccio_may_enter;
  int infantry_attack_num, infantry_attack_den;  // multiplier attacking into this terrain
  int cavalry_attack_num, cavalry_attack_den;
  bool cavalry_disordered_on_entry;
  bool cavalry_attack_needs_morale;
  bool charge_allowed;
};

// The rulebook's tables, loaded from rulesets/bma/data/tables.json.
struct Tables {
  static constexpr int kColumns = 8;
  static constexpr int kRows = 10;  // modified die -1..8
  static constexpr int kMinRow = -1;
  static constexpr int kMaxRow = 8;
  std::array<std::array<CrtResult, kColumns>, kRows> crt;
  std::array<std::string, kColumns> column_names;
  std::array<std::array<int, 2>, kColumns> column_min_ratio;  // num, den
  std::array<RatingInfo, 3> ratings;
  std::array<TerrainInfo, 2> terrain;
  std::vector<int> leader_killed_on;
  int leader_vp_per_command = 2;

  CrtResult result(int column, int row) const { return crt[row - kMinRow][column]; }
  // Odds column for attack total a against defence total d (rounded down to a printed column;
  // below 1/3 reads 1/3, above 5/1 reads 5/1).
  int column_for(int a, int d) const;
  const RatingInfo& rating(Rating r) const { return ratings[static_cast<int>(r)]; }
  const TerrainInfo& terrain_info(Terrain t) const { return terrain[static_cast<int>(t)]; }
};

// The embedded tables, parsed once. Errors mean the embedded data is broken (a build defect).
core::Expected<Tables> load_tables(const std::string& text, std::string_view source);
const Tables& default_tables();

// ---- Scenario data (docs/scenario-format.md) ----

struct SideDef {
  std::string id, name;
  Edge home_edge = Edge::kNorth;
  int rout_level = 0;
  std::vector<int> routs_if_leader_killed;    // leader indices
  std::vector<int> routs_if_unit_eliminated;  // unit indices
};

struct LeaderDef {
  std::string id, name;
  int side = 0;
  int command = 1;  // command value (2.1): number of chits in the cup
  int movement = 8;
  int hex = kNoHex;  // dense hex index
  bool supreme = false;
};

struct UnitDef {
  std::string id, name;
  int side = 0;
  int leader = 0;  // leader index (its command)
  UnitType type = UnitType::kInfantry;
  Rating rating = Rating::kB;
  int movement = 4;
  int hex = kNoHex;
  int facing = 0;  // 0..5, see facing.hpp
};

struct Scenario {
  std::string id, title, description;
  int turns = 8;
  int cols = 0, rows = 0;
  bool flat_top = true;
  bool even_shifted = true;      // flat: even columns shoved down; pointy: even rows shoved right
  std::vector<Terrain> terrain;  // per dense hex index
  std::vector<std::pair<int, std::string>> labels;  // hex index, place name
  std::array<SideDef, kNumSides> sides;
  std::vector<LeaderDef> leaders;
  std::vector<UnitDef> units;
  nlohmann::json source;
  // Set-up departures the rules allow (ruling L-49), as "<source>: field '<path>' ..."
  // sentences: shown as warnings (game::Game::setup_warnings), never refused.
  std::vector<std::string> warnings;
};

// Loads and checks a scenario. Every error names the source, the field and the problem.
core::Expected<Scenario> load_scenario(const nlohmann::json& j, std::string_view source);

}  // namespace carroccio::bma
