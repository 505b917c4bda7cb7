// `carroccio serve` alone, for the tests that run the server in a child process (and kill it).
#include <iostream>
#include <string>
#include <vector>

#include "app/serve_command.hpp"

int main(int argc, char** argv) {
  const std::vector<std::string> args(argv + 1, argv + argc);
  return carroccio::app::run_serve_command(args, std::cout, std::cerr);
}
