// `carroccio serve`: the browser front end and the HTTP/JSON API of docs/api.md.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace carroccio::app {

// `args` are the words after `carroccio serve`: [--port N] [--host H] [--db FILE] [--web DIR]
// [--seed N] [--agent-threads N] [--log]. Serves until SIGINT or SIGTERM, then shuts down
// cleanly. Returns the exit code: 0 after a clean shutdown, 1 if the database or the address
// cannot be used, 2 for a bad command line.
int run_serve_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace carroccio::app
