#include "app/alsh_command.hpp"

#include "rulesets/alsh/cli.hpp"

namespace carroccio::app {

int run_alsh_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  return alsh::run_cli(args, out, err);
}

}  // namespace carroccio::app
