// What the subcommands share, and `carroccio rulesets`.
#include <algorithm>
#include <ostream>

#include "app/cli.hpp"
#include "app/commands.hpp"
#include "fmt/format.h"
#include "nlohmann/json.hpp"
#include "sim/batch.hpp"

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

std::string format_result(const game::State& state) {
  const std::vector<double> returns = state.returns();
  std::string out = format_returns(state.game(), returns);
  const game::PointsStanding points = state.points_standing();
  if (!points.reported) return out;
  game::ResultFacts facts;
  state.result_facts(facts);
  const bool drawn = sim::winner_of(returns) < 0;
  const std::string how = facts.end_reason.empty() ? std::string() : " (" + facts.end_reason + ")";
  out += drawn ? "; drawn" + how : "; decided" + how;
  out += "; " + game::points_text(state.game(), points);
  return out;
}

std::string default_scenario(const game::Registry& registry) {
  for (const auto& r : registry.rulesets())
    if (r->info().plays_games && !r->info().scenarios.empty())
      return r->info().id + "/" + r->info().scenarios.front().id;
  return {};
}

std::string example_scenario(const game::Registry& registry) {
  const std::string ref = default_scenario(registry);
  return ref.empty() ? std::string("ruleset/scenario") : ref;
}

void PrintingSink::on_event(const core::Event& e) {
  events_.push_back(e);
  if (echo_) out_ << format_event(e) << "\n";
}

int run_rulesets(std::span<const std::string> args, const game::Registry& registry, Io io) {
  static const CommandSpec spec{
      .name = "rulesets",
      .summary = "Lists the rulesets, their scenarios, options and commands.",
      .flags = {{.name = "json", .help = "the list as JSON"}}};
  int code = kExitOk;
  auto parsed = parse_subcommand(args, spec, io, code);
  if (!parsed) return code;
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
