// What the subcommands share, and `carroccio rulesets`.
#include <algorithm>
#include <ostream>

#include "app/cli.hpp"
#include "app/commands.hpp"
#include "fmt/format.h"
#include "nlohmann/json.hpp"

namespace carroccio::app {

std::string format_event(const core::Event& event) {
  return event.rule.empty() ? fmt::format("  {}", event.text)
                            : fmt::format("  [{}] {}", event.rule, event.text);
}

std::string format_returns(const game::Game& game, const std::vector<double>& returns) {
  std::string out;
  for (std::size_t p = 0; p < returns.size(); ++p) {
    if (!out.empty()) out += ", ";
    out += fmt::format("{} {}{:g}", game.player_name(static_cast<game::Player>(p)),
                       returns[p] > 0 ? "+" : "", returns[p]);
  }
  return out;
}

std::string default_scenario(const game::Registry& registry) {
  if (const game::Ruleset* bma = registry.find("bma"); bma != nullptr && bma->info().plays_games) {
    const auto& scenarios = bma->info().scenarios;
    if (std::any_of(scenarios.begin(), scenarios.end(),
                    [](const game::ScenarioInfo& s) { return s.id == "legnano"; }))
      return "bma/legnano";
  }
  for (const auto& r : registry.rulesets())
    if (r->info().plays_games && !r->info().scenarios.empty())
      return r->info().id + "/" + r->info().scenarios.front().id;
  return {};
}

void PrintingSink::on_event(const core::Event& e) {
  events_.push_back(e);
  if (echo_) out_ << format_event(e) << "\n";
}

int run_rulesets(std::span<const std::string> args, const game::Registry& registry, Io io) {
  if (wants_help(args)) {
    io.out << "Usage: carroccio rulesets [--json]\n";
    return kExitOk;
  }
  auto parsed = parse_args(args, "rulesets", {{"json"}}, 0);
  if (!parsed) return usage_error(io.err, parsed.message());
  if (parsed->has("json")) {
    nlohmann::json list = nlohmann::json::array();
    for (const auto& r : registry.rulesets()) list.push_back(game::ruleset_info_json(r->info()));
    io.out << list.dump(2) << "\n";
    return kExitOk;
  }
  for (const auto& r : registry.rulesets()) {
    const auto& info = r->info();
    io.out << fmt::format("{}  {}{}\n", info.id, info.title,
                          info.plays_games     ? ""
                          : info.table_referee ? "  (referee tables only)"
                                               : "  (plays no games yet)");
    if (!info.scenarios.empty()) {
      io.out << "  scenarios:\n";
      for (const auto& s : info.scenarios)
        io.out << fmt::format("    {}/{:<16} {}\n", info.id, s.id, s.title);
    }
    if (!info.options.empty()) {
      io.out << "  options:\n";
      for (const auto& o : info.options) {
        const std::string values =
            o.values.empty() ? std::string("switch") : fmt::format("{}", fmt::join(o.values, "|"));
        io.out << fmt::format("    {:<18} {} ({})\n", o.name, o.description, values);
      }
    }
    if (const auto commands = r->commands(); !commands.empty()) {
      io.out << "  commands:\n";
      for (const auto& c : commands)
        io.out << fmt::format("    carroccio {}{}{}\n", c.name, c.arguments.empty() ? "" : " ",
                              c.arguments);
    }
    if (!info.suggested_opponent.empty())
      io.out << fmt::format("  suggested opponent: {} (--agent SIDE={})\n", info.suggested_opponent,
                            info.suggested_opponent);
  }
  return kExitOk;
}

}  // namespace carroccio::app
