// The `carroccio alsh` command: resolve a table from the command line. The ruleset contributes it
// to the command line (AlshRuleset::commands(), rulesets/alsh/ruleset.cpp), so the command is
// tested with the ruleset.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "core/status.hpp"
#include "game/command_line.hpp"
#include "nlohmann/json.hpp"

namespace carroccio::alsh {

struct Procedure;  // resolvers.hpp

// `args` are the words after `carroccio alsh`. Returns the exit code: 0 done, 1 a file could
// not be used or the table cannot be resolved (the missing Assault grid), 2 a usage error
// (unknown table or option, impossible die, bad situation).
int run_cli(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

// The help: every table with its situation options.
std::string cli_usage();

// A table's situation fields as flags (--sp N, --siege-status ...; --assault-table FILE for the
// assault table), and their values read back as the request's "situation": what `carroccio alsh
// TABLE` and `carroccio odds alsh TABLE` (odds_cli.hpp) share.
std::vector<game::FlagSpec> situation_flags(const Procedure& p);
core::Expected<nlohmann::json> situation_from_args(const Procedure& p,
                                                   const game::ParsedArgs& parsed);

}  // namespace carroccio::alsh
