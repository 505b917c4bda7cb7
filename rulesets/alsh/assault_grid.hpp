// The Assault Table grid, which the chart text lost entirely: a person supplies it from their
// own copy of the chart as a JSON file (format in docs/rulings/alsh.md).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/status.hpp"
#include "nlohmann/json.hpp"
#include "rulesets/alsh/tables.hpp"

namespace carroccio::alsh {

inline constexpr std::string_view kAssaultGridFormat = "carroccio-alsh-assault-grid/1";

// One side's line of a result cell: SP lost by its non-artillery units, and whether one of its
// combat units is Demoralised.
struct AssaultSideResult {
  int sp = 0;
  bool demoralised = false;
  std::string text;  // as written in the file
};

struct AssaultCell {
  AssaultSideResult attacker;  // upper line
  AssaultSideResult defender;  // lower line
  std::string loser;  // "attacker", "defender" or "none": the side taking a Discipline Check
  Confidence confidence = Confidence::kLegible;
  std::string note;
};

struct AssaultGrid {
  std::string source_name;                       // the file path, or "request"
  std::string source;                            // free text: where the grid was transcribed from
  Confidence confidence = Confidence::kLegible;  // default for cells that give none
  std::vector<Header> not_affecting;  // Force Quality differential ranges, one per column
  std::vector<Header> affecting;
  std::vector<Header> rows;  // modified die-roll ranges
  std::vector<std::vector<AssaultCell>> cells;
};

// Reads a range such as "-2", "+1", "<=-3", ">=4", "8+", "3 or less", "2..3".
core::Expected<Header> parse_range_text(std::string_view text);

// Checks a grid given as JSON; every error names `source_name`, the field and the problem.
core::Expected<AssaultGrid> parse_assault_grid(const nlohmann::json& j,
                                               std::string_view source_name);
// Reads and checks a grid file.
core::Expected<AssaultGrid> load_assault_grid_file(const std::string& path);

}  // namespace carroccio::alsh
