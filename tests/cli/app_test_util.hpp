// What the app tests share: one call of `carroccio` in process (app::run) with its exit code and
// both streams captured, so each test file does not carry its own copy.
#pragma once

#include <sstream>
#include <string>
#include <vector>

#include "app/cli.hpp"
#include "game/registry.hpp"

namespace carroccio::app::cli_testing {

struct CliResult {
  int code;
  std::string out, err;
};

// Runs `carroccio ARGS...` against `registry`, with `input` as its standard input.
inline CliResult run_cli(const game::Registry& registry, std::vector<std::string> args,
                         const std::string& input = "") {
  std::istringstream in(input);
  std::ostringstream out, err;
  const int code = run(args, registry, in, out, err);
  return {code, out.str(), err.str()};
}

}  // namespace carroccio::app::cli_testing
