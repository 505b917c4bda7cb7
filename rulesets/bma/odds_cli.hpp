// `carroccio odds bma ...`: the exact odds of a combat described on the command line or in a
// situation file (docs/odds.md), offered through game::Ruleset::described_odds.
#pragma once

#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

#include "game/command_line.hpp"

namespace carroccio::bma {

// The usage lines `carroccio odds --help` shows for it.
extern const std::string_view kDescribedOddsUsage;

// Its arguments (game/command_line.hpp): `carroccio odds bma --help` is written from them.
game::CommandSpec described_odds_spec();

// Runs it on the words after `carroccio odds bma`; 0 done, 2 a bad description (one sentence
// on `err`, "carroccio: ..."), as every subcommand.
int run_described_odds_cli(const std::vector<std::string>& args, std::ostream& out,
                           std::ostream& err);

}  // namespace carroccio::bma
