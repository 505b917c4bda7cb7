// `carroccio odds alsh TABLE ...`: the exact odds of every outcome of a table the referee rolls
// (an assault, a charge, artillery fire, a Major Battle, ...) for a situation described on the
// command line or in a file, offered through game::Ruleset::described_odds. The odds are the
// referee's own (referee.hpp: every die sequence enumerated), shown in the odds form every
// ruleset shares (game/odds_text.hpp).
#pragma once

#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

#include "core/status.hpp"
#include "nlohmann/json.hpp"

namespace carroccio::alsh {

// The usage lines `carroccio odds --help` shows for it.
extern const std::string_view kDescribedOddsUsage;

// The referee's report (referee.hpp, odds only) as the odds JSON every ruleset shares: the roll,
// each applied modifier with its source, a note on uncertain chart readings, and each outcome
// with its exact probability; the report itself stays under "report".
nlohmann::json odds_from_report(const nlohmann::json& report, std::string_view rolls);

// The odds of a described request {"table", "situation", "assault_table"} (a referee request
// without dice): one sentence naming the field when it is bad, or when the table has no dice.
core::Expected<nlohmann::json> described_odds(const nlohmann::json& request);

// Runs it on the words after `carroccio odds alsh`; 0 done, 2 a bad description (one sentence
// on `err`, "carroccio: ..."), as every subcommand.
int run_described_odds_cli(const std::vector<std::string>& args, std::ostream& out,
                           std::ostream& err);

}  // namespace carroccio::alsh
