// The texts `carroccio sim` writes: the human summary, the per-game CSV and the self-contained
// HTML report with inline SVG charts (no external assets, no script).
#pragma once

#include <string>
#include <vector>

#include "game/state.hpp"
#include "nlohmann/json.hpp"
#include "sim/batch.hpp"

namespace carroccio::app {

// `run` is the JSON `carroccio sim --json` prints: {"scenario", "seed", "agents", "options",
// "aggregate"} or, with --compare-options, {"scenario", "seed", "agents", "a": {"options",
// "aggregate"}, "b": {...}, "comparison"}.
std::string sim_summary_text(const nlohmann::json& run);
std::string sim_report_html(const nlohmann::json& run);
// One row a game: index, winner, end reason, deciding turn, each side's score and return,
// decisions and chance steps. `arm` (empty or "a"/"b") is written as a first column if set.
std::string sim_csv_header(const game::Game& game, bool with_arm);
std::string sim_csv_row(const game::Game& game, const sim::GameOutcome& outcome,
                        const std::string& arm);

}  // namespace carroccio::app
