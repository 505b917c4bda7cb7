// `carroccio army FILE [--json]`: costs and checks a God Will Know His Own army list. The gwkho
// ruleset contributes it to the command line (GwkhoRuleset::commands(), ruleset.cpp).
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "game/command_line.hpp"

namespace carroccio::gwkho {

// `args` are the words after `carroccio army`. Returns the exit code: 0 done, 1 the list could
// not be read or breaks a rule (one sentence naming the file, line, field and rule), 2 a usage
// error.
int run_army_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

// The arguments of `carroccio army` (game/command_line.hpp) and its --help.
game::CommandSpec army_command_spec();
std::string army_usage();

}  // namespace carroccio::gwkho
