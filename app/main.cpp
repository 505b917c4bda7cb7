// The `carroccio` command: plays, referees and simulates medieval tabletop wargames.
#include <exception>
#include <iostream>
#include <string>
#include <vector>

#include "app/cli.hpp"
#include "nlohmann/json.hpp"
#include "rulesets/all.hpp"

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  try {
    const carroccio::game::Registry registry = carroccio::rulesets::make_registry();
    return carroccio::app::run(args, registry, std::cin, std::cout, std::cerr);
  } catch (const nlohmann::json::exception&) {
    // A JSON library's complaint is never shown as it is (its text is not ours to give).
    std::cerr << "carroccio: internal error: a JSON value was not what the code expected; this "
                 "is a bug, please report the command that caused it.\n";
    return carroccio::app::kExitError;
  } catch (const std::exception& e) {
    // Rules never throw at a user; reaching here is a bug, reported in one sentence.
    std::cerr << "carroccio: internal error: " << e.what() << "\n";
    return carroccio::app::kExitError;
  }
}
