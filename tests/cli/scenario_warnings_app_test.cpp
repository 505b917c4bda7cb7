// A scenario file that departs from a set-up convention the rules do not impose
// (game::Game::setup_warnings; bma ruling L-49): `play` and `sim` print one warning per
// departure, naming the file, the line and the field, and go on.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "app/cli.hpp"
#include "rulesets/all.hpp"
#include "tests/cli/app_test_util.hpp"

namespace carroccio::app {
namespace {

using cli_testing::CliResult;
using cli_testing::run_cli;

// A two-unit bma scenario; the imperial unit starts at `imperial_hex`, 0303 is forest.
std::string scenario_file(const std::string& name, const std::string& imperial_hex) {
  const std::string text = R"({
  "ruleset": "bma", "id": "t", "title": "t", "turns": 1,
  "map": {"columns": 6, "rows": 6, "terrain": {"forest": ["0303"]}},
  "sides": [
    {"id": "imperial", "name": "Imperial", "home_edge": "north", "rout_level": 5},
    {"id": "lombard", "name": "Lombard", "home_edge": "south", "rout_level": 5}
  ],
  "leaders": [
    {"id": "otto", "name": "Otto", "side": "imperial", "command": 1, "hex": ")" +
                           imperial_hex + R"("},
    {"id": "gian", "name": "Gian", "side": "lombard", "command": 1, "hex": "0506"}
  ],
  "units": [
    {"id": "k1", "side": "imperial", "leader": "otto", "type": "cavalry", "rating": "B",
     "hex": ")" + imperial_hex +
                           R"("},
    {"id": "m1", "side": "lombard", "leader": "gian", "type": "infantry", "rating": "B",
     "hex": "0506"}
  ]
})";
  const std::string path = (std::filesystem::path(::testing::TempDir()) / name).string();
  std::ofstream(path) << text;
  return path;
}

TEST(ScenarioWarnings, PlayAndSimPrintEachWithFileLineAndFieldAndGoOn) {
  const game::Registry registry = rulesets::make_registry();
  const std::string forest = scenario_file("warn_forest.json", "0303");
  const std::string expected = "carroccio: warning: " + forest +
                               ":14: field 'units[0].hex' starts k1 in forest at 0303; the rules "
                               "allow it (9.6 governs entering a forest), but it departs from the "
                               "set-up of ruling L-49.\n";
  const auto sim = run_cli(registry, {"sim", forest, "--games", "2", "--json"});
  EXPECT_EQ(sim.code, kExitOk) << sim.err;
  EXPECT_EQ(sim.err, expected);
  EXPECT_FALSE(sim.out.empty());
  const auto play = run_cli(registry, {"play", forest, "--agent", "imperial=random", "--agent",
                                       "lombard=random", "--quiet"});
  EXPECT_EQ(play.code, kExitOk) << play.err;
  EXPECT_EQ(play.err, expected);
  // Negative: the same file on clear ground warns of nothing.
  const std::string clear = scenario_file("warn_clear.json", "0302");
  const auto quiet = run_cli(registry, {"sim", clear, "--games", "2", "--json"});
  EXPECT_EQ(quiet.code, kExitOk) << quiet.err;
  EXPECT_EQ(quiet.err, "");
}

}  // namespace
}  // namespace carroccio::app
