// The alsh table referee: resolve any table of the chart sheet for a situation and the dice
// (rolled by our generator or by a person), with every modifier, what the result rests on, and
// the exact odds of every outcome. One entry point serves the command line and the browser.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/status.hpp"
#include "nlohmann/json.hpp"
#include "rulesets/alsh/assault_grid.hpp"
#include "rulesets/alsh/tables.hpp"

namespace carroccio::alsh {

// Every table with its title, summary, dice, and situation fields (name, type, help, allowed
// values, bounds, default, required): what a browser form needs.
nlohmann::json describe_tables();

// Resolves a request given as JSON:
//   {"table": "artillery",                 required: a name from describe_tables()
//    "situation": {"sp": 3, ...},          field values (defaults fill the rest)
//    "dice": [4] or ["3 4"],               optional: the values a person rolled, in order
//    "seed": 42,                           optional: roll with our generator from this seed
//    "odds_only": false,                   optional: only the odds, no roll
//    "assault_table": {...}}               optional: a user Assault grid (documented format)
// Without dice or seed only the odds are given. The answer is the report the CLI prints with
// --json; a bad request gives one sentence.
core::Expected<nlohmann::json> resolve_request(const nlohmann::json& request);

struct RefereeRequest {
  std::string table;
  nlohmann::json situation = nlohmann::json::object();
  std::optional<std::vector<int>> dice;  // a person's rolls, in order
  std::optional<std::uint64_t> seed;     // roll with our generator
  bool odds_only = false;
  const AssaultGrid* assault_grid = nullptr;
};

core::Expected<nlohmann::json> referee(const Tables& tables, const RefereeRequest& request);

// The report as text for a terminal.
std::string render_text(const nlohmann::json& report);

}  // namespace carroccio::alsh
