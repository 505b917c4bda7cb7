// `carroccio alsh`: the All is Lost save Honour table referee on the command line.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace carroccio::app {

// `args` are the words after `carroccio alsh`; returns the exit code (0 done, 1 a bad file or
// an unresolvable table, 2 a usage error).
int run_alsh_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace carroccio::app
