// `carroccio bench`: random games of every playable scenario with fixed seeds. Prints speed and
// one behaviour signature: a change of rules or of the playout that changes any game changes it.
#include <chrono>
#include <ctime>
#include <ostream>

#include "ai/agent.hpp"
#include "app/cli.hpp"
#include "app/commands.hpp"
#include "core/hash.hpp"
#include "fmt/format.h"
#include "sim/playout.hpp"

namespace carroccio::app {

int run_bench(std::span<const std::string> args, const game::Registry& registry, Io io) {
  static const CommandSpec spec{
      .name = "bench",
      .summary =
          "Plays N random games of each scenario (seeds 0 to N-1) on one thread and prints\n"
          "their speed by the wall clock and by the processor time the process used, and one\n"
          "behaviour signature over every final position.",
      .flags = {{.name = "games",
                 .takes_value = true,
                 .help = "games per scenario, 1 to 100000000 (default 200)",
                 .value_name = "N"},
                {.name = "scenario",
                 .takes_value = true,
                 .help = "only this scenario (ruleset/scenario or a file)",
                 .value_name = "REF"},
                {.name = "json", .help = "the timings and signature as JSON"}}};
  int code = kExitOk;
  auto parsed = parse_subcommand(args, spec, io, code);
  if (!parsed) return code;
  std::int64_t games = 200;
  if (auto text = parsed->value("games")) {
    auto n = parse_count(*text, "games", 1, 100'000'000);
    if (!n) return usage_error(io.err, n.message());
    games = *n;
  }
  std::vector<std::string> refs;
  if (auto ref = parsed->value("scenario")) {
    refs.push_back(*ref);
  } else {
    for (const auto& r : registry.rulesets())
      if (r->info().plays_games)
        for (const auto& s : r->info().scenarios) refs.push_back(r->info().id + "/" + s.id);
  }
  if (refs.empty()) return fail(io.err, "No ruleset that plays whole games is registered.");
  const bool json = parsed->has("json");

  nlohmann::json rows = nlohmann::json::array();
  std::uint64_t signature = core::fnv1a64("");
  if (!json)
    io.out << fmt::format(
        "carroccio bench: {} random games per scenario, seeds 0 to {}, one thread.\n"
        "wall = elapsed (steady) clock time; CPU = processor time this process used (std::clock):\n"
        "on a busy machine wall time grows with the load, CPU time much less.\n"
        "{:<24} {:>8} {:>8} {:>8} {:>12} {:>11} {:>16} {:>11}\n",
        games, games - 1, "scenario", "games", "wall s", "CPU s", "games/s wall", "games/s CPU",
        "decisions/s wall", "steps/game");
  for (const auto& ref : refs) {
    auto game = registry.load(ref, {});
    if (!game) return fail(io.err, game.message());
    const game::Game& g = **game;
    std::vector<ai::RandomAgent> random(static_cast<std::size_t>(g.num_players()));
    std::vector<ai::Agent*> agents;
    for (auto& a : random) agents.push_back(&a);
    std::uint64_t decisions = 0, steps = 0;
    std::uint64_t scenario_signature = core::fnv1a64("");
    sim::PlayoutOptions options;
    options.record_history = false;  // only the final position is hashed
    const auto start = std::chrono::steady_clock::now();
    const std::clock_t cpu_start = std::clock();
    for (std::int64_t i = 0; i < games; ++i) {
      // Seed = game index, stream 0: game i is `carroccio play REF --seed i` with random agents.
      auto result = sim::play_game(g, agents, static_cast<std::uint64_t>(i), 0, options);
      if (!result) return fail(io.err, fmt::format("{}, seed {}: {}", ref, i, result.message()));
      decisions += result->decisions;
      steps += result->decisions + result->chance_steps;
      const std::string h = core::hex64(result->state->hash());
      signature = core::fnv1a64(h, signature);
      scenario_signature = core::fnv1a64(h, scenario_signature);
    }
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    // Processor time (user + system) of this process: the games run on this one thread.
    const double cpu_seconds =
        static_cast<double>(std::clock() - cpu_start) / static_cast<double>(CLOCKS_PER_SEC);
    const double per_second = seconds > 0 ? 1.0 / seconds : 0.0;
    const double per_cpu_second = cpu_seconds > 0 ? 1.0 / cpu_seconds : 0.0;
    const double g_per_s = static_cast<double>(games) * per_second;
    const double g_per_cpu_s = static_cast<double>(games) * per_cpu_second;
    const double d_per_s = static_cast<double>(decisions) * per_second;
    const double steps_per_game = static_cast<double>(steps) / static_cast<double>(games);
    if (json) {
      rows.push_back({{"scenario", ref},
                      {"games", games},
                      {"seconds", seconds},  // wall clock
                      {"cpu_seconds", cpu_seconds},
                      {"games_per_second", g_per_s},  // per wall-clock second
                      {"games_per_cpu_second", g_per_cpu_s},
                      {"decisions_per_second", d_per_s},
                      {"decisions", decisions},
                      {"steps", steps},
                      {"signature", core::hex64(scenario_signature)}});
    } else {
      io.out << fmt::format(
          "{:<24} {:>8} {:>8.3f} {:>8.3f} {:>12.1f} {:>11.1f} {:>16.0f} {:>11.1f}\n", ref, games,
          seconds, cpu_seconds, g_per_s, g_per_cpu_s, d_per_s, steps_per_game);
    }
  }
  if (json) {
    nlohmann::json j = {
        {"games_per_scenario", games}, {"scenarios", rows}, {"signature", core::hex64(signature)}};
    io.out << j.dump(2) << "\n";
  } else {
    io.out << "signature: " << core::hex64(signature) << "\n";
  }
  return kExitOk;
}

}  // namespace carroccio::app
