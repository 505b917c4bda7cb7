// `carroccio tune`: the balance lab. Finds the value of one number of a scenario file that brings
// a side's win rate to a target, by simulation with paired seeds (sim/tune.hpp).
#include "sim/tune.hpp"

#include <unistd.h>

#include <cctype>
#include <chrono>
#include <cmath>
#include <fstream>
#include <iostream>
#include <optional>

#include "app/cli.hpp"
#include "app/commands.hpp"
#include "fmt/format.h"
#include "game/scenario_reader.hpp"

namespace carroccio::app {

namespace {

constexpr std::string_view kTuneUsage =
    R"(Usage: carroccio tune GAME --param PATH --target RATE [flags]
Finds the value of one number of a scenario (a rout level, a unit's rating, the turn count) that
brings a side's win rate to RATE, by simulation. Every value plays the same games of the same
seed (paired seeds), so values are compared on equal dice. The search assumes the rate moves one
way as the value grows; it plays both ends of the range, bisects, then replays the two values
that bracket the target with more and more games until each one's 95% interval lies on its own
side of the target (the answer is then settled) or the game budget is spent.

  GAME                ruleset/scenario (carroccio rulesets lists them) or a scenario file
  --param PATH        the number to change, as a path into the scenario file:
                      e.g. turns, sides[1].rout_level, units[3].rating
  --target RATE       the win rate wanted, from 0 to 1 (0.4) or a percentage (40%)
  --side SIDE         whose win rate (default: the first side)
  --range LO:HI       the values searched (default: 0 to twice the file's value)
  --games N           games per value while bisecting (default 200)
  --max-games N       the whole budget of games (default 20000)
  --agent SIDE=KIND   who plays SIDE (default random); repeat for each side
  --options LIST      optional rules
  --seed S            master seed (default 1)
  --threads T         worker threads (default 1)
  --json              print the result as JSON
  --report FILE.html  a self-contained page with the curve of rate against value
  --quiet             no progress bar
)";

std::string percent_text(double p) { return fmt::format("{:.1f}%", 100.0 * p); }

std::string value_text(double v, bool integer) {
  return integer ? fmt::format("{}", static_cast<long long>(std::llround(v)))
                 : fmt::format("{:g}", v);
}

core::Expected<double> parse_rate(std::string text) {
  bool percent = false;
  if (!text.empty() && text.back() == '%') {
    percent = true;
    text.pop_back();
  }
  double v = 0;
  std::size_t used = 0;
  try {
    v = std::stod(text, &used);
  } catch (...) {
    used = 0;
  }
  if (used == 0 || used != text.size() || !std::isfinite(v))
    return core::make_error(
        fmt::format("'--target {}' is not a rate: give a number from 0 to 1, or a percentage.",
                    text + (percent ? "%" : "")));
  if (percent || v > 1) v /= 100.0;
  if (!(v > 0 && v < 1))
    return core::make_error("'--target' must lie strictly between 0 and 1 (0% and 100%).");
  return v;
}

core::Expected<std::pair<double, double>> parse_range(const std::string& text) {
  const auto colon = text.find(':');
  auto number = [](const std::string& s, double& out) {
    std::size_t used = 0;
    try {
      out = std::stod(s, &used);
    } catch (...) {
      return false;
    }
    return used == s.size() && std::isfinite(out);
  };
  double lo = 0, hi = 0;
  if (colon == std::string::npos || !number(text.substr(0, colon), lo) ||
      !number(text.substr(colon + 1), hi))
    return core::make_error(
        fmt::format("'--range {}' must be two numbers LO:HI, e.g. --range 30:80.", text));
  if (!(lo < hi)) return core::make_error(fmt::format("'--range {}' must have LO below HI.", text));
  return std::pair{lo, hi};
}

// A page with the curve: rate against value, 95% intervals as bars, the target as a line.
std::string tune_html(const nlohmann::json& run) {
  const auto& points = run["result"]["points"];
  const double target = run["target"].get<double>();
  double lo = run["range"][0].get<double>(), hi = run["range"][1].get<double>();
  if (hi <= lo) hi = lo + 1;
  const double w = 640, h = 360, left = 60, right = 20, top = 20, bottom = 50;
  auto x = [&](double v) { return left + (v - lo) / (hi - lo) * (w - left - right); };
  auto y = [&](double r) { return top + (1 - r) * (h - top - bottom); };
  std::string svg =
      fmt::format(R"(<svg xmlns="http://www.w3.org/2000/svg" width="{}" height="{}" role="img" )"
                  R"(aria-label="win rate against value">)",
                  w, h);
  svg += fmt::format(R"(<rect x="{}" y="{}" width="{}" height="{}" fill="#fbf8f1" stroke="#999"/>)",
                     left, top, w - left - right, h - top - bottom);
  for (int k = 0; k <= 4; ++k) {
    const double r = k / 4.0;
    svg += fmt::format(R"(<text x="{}" y="{}" font-size="11" text-anchor="end">{}</text>)",
                       left - 6, y(r) + 4, percent_text(r));
  }
  svg += fmt::format(R"(<line x1="{}" x2="{}" y1="{}" y2="{}" stroke="#b03a2e" )"
                     R"(stroke-dasharray="5,4"/><text x="{}" y="{}" font-size="11" )"
                     R"(fill="#b03a2e">target {}</text>)",
                     left, w - right, y(target), y(target), w - right - 4, y(target) - 4,
                     percent_text(target));
  std::string path;
  for (const auto& p : points) {
    const double v = p["value"].get<double>(), est = p["rate"]["estimate"].get<double>();
    svg += fmt::format(R"(<line x1="{0}" x2="{0}" y1="{1}" y2="{2}" stroke="#555"/>)", x(v),
                       y(p["rate"]["low"].get<double>()), y(p["rate"]["high"].get<double>()));
    svg += fmt::format(R"(<circle cx="{}" cy="{}" r="3.5" fill="#1f4e79"><title>{}: {} of {} )"
                       R"(games</title></circle>)",
                       x(v), y(est), v, percent_text(est), p["games"].get<std::uint64_t>());
    path += fmt::format("{}{} {}", path.empty() ? "M" : " L", x(v), y(est));
  }
  svg += fmt::format(R"(<path d="{}" fill="none" stroke="#1f4e79" stroke-width="1.5"/>)", path);
  const double answer = run["result"]["answer"].get<double>();
  svg += fmt::format(R"(<line x1="{0}" x2="{0}" y1="{1}" y2="{2}" stroke="#2e7d32" )"
                     R"(stroke-width="2"/><text x="{3}" y="{4}" font-size="12" fill="#2e7d32">)"
                     R"(answer {5}</text>)",
                     x(answer), top, h - bottom, x(answer) + 4, top + 14, answer);
  svg += fmt::format(R"(<text x="{}" y="{}" font-size="12" text-anchor="middle">{}</text>)",
                     (left + w - right) / 2, h - 12, run["param"].get<std::string>());
  svg += "</svg>";
  std::string rows;
  for (const auto& p : points)
    rows += fmt::format("<tr><td>{}</td><td>{}</td><td>{}</td><td>[{}, {}]</td></tr>",
                        p["value"].get<double>(), p["games"].get<std::uint64_t>(),
                        percent_text(p["rate"]["estimate"].get<double>()),
                        percent_text(p["rate"]["low"].get<double>()),
                        percent_text(p["rate"]["high"].get<double>()));
  return fmt::format(
      "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>carroccio tune: "
      "{0}</title><style>body{{font-family:sans-serif;margin:2em;color:#222}}"
      "td,th{{padding:2px 10px;text-align:right}}</style></head><body>\n"
      "<h1>Tuning {1} of {0}</h1><p>{2} to win {3} of games; answer <b>{4}</b> ({5}).</p>\n{6}\n"
      "<table><tr><th>value</th><th>games</th><th>win rate</th><th>95% interval</th></tr>{7}"
      "</table>\n</body></html>\n",
      run["scenario"].get<std::string>(), run["param"].get<std::string>(),
      run["side"].get<std::string>(), percent_text(target), answer,
      run["result"]["settled"].get<bool>() ? "settled" : "not settled within the budget", svg,
      rows);
}

}  // namespace

int run_tune(std::span<const std::string> args, const game::Registry& registry, Io io) {
  static const CommandSpec cli_spec{
      .name = "tune",
      .positional = "GAME",
      .max_positional = 1,
      .flags = {{.name = "param", .takes_value = true},
                {.name = "target", .takes_value = true},
                {.name = "side", .takes_value = true},
                {.name = "range", .takes_value = true},
                {.name = "games", .takes_value = true},
                {.name = "max-games", .takes_value = true},
                {.name = "agent", .takes_value = true, .repeatable = true},
                {.name = "options", .takes_value = true},
                {.name = "seed", .takes_value = true},
                {.name = "threads", .takes_value = true},
                {.name = "json"},
                {.name = "report", .takes_value = true},
                {.name = "quiet"}},
      .usage = std::string(kTuneUsage)};
  int code = kExitOk;
  auto parsed = parse_subcommand(args, cli_spec, io, code);
  if (!parsed) return code;
  if (parsed->positional.empty())
    return usage_error(io.err, fmt::format("'carroccio tune' needs a game, e.g. carroccio tune {} "
                                           "--param PATH --target 0.4.",
                                           example_scenario(registry)));
  const auto param = parsed->value("param");
  if (!param)
    return usage_error(io.err, "'carroccio tune' needs --param PATH, the number to change.");
  const auto target_text = parsed->value("target");
  if (!target_text)
    return usage_error(io.err, "'carroccio tune' needs --target RATE, the win rate wanted.");
  auto target = parse_rate(*target_text);
  if (!target) return usage_error(io.err, target.message());
  sim::TuneConfig cfg;
  cfg.target = *target;
  if (auto t = parsed->value("games")) {
    auto n = parse_count(*t, "games", 1, 10'000'000);
    if (!n) return usage_error(io.err, n.message());
    cfg.games = static_cast<std::uint64_t>(*n);
  }
  if (auto t = parsed->value("max-games")) {
    auto n = parse_count(*t, "max-games", 2, 1'000'000'000);
    if (!n) return usage_error(io.err, n.message());
    cfg.max_games = static_cast<std::uint64_t>(*n);
  }
  if (auto t = parsed->value("threads")) {
    auto n = parse_count(*t, "threads", 1, 256);
    if (!n) return usage_error(io.err, n.message());
    cfg.threads = static_cast<int>(*n);
  }
  if (auto t = parsed->value("seed")) {
    auto s = parse_seed(*t);
    if (!s) return usage_error(io.err, s.message());
    cfg.seed = *s;
  }
  game::Options options;
  if (auto t = parsed->value("options")) {
    auto o = parse_option_list(*t);
    if (!o) return usage_error(io.err, o.message());
    options = *o;
  }
  auto base = registry.load(parsed->positional[0], options);
  if (!base) return usage_error(io.err, base.message());
  const game::Game& g = **base;
  std::vector<AgentAssignment> assignments;
  for (const auto& text : parsed->values("agent")) {
    auto a = parse_agent_assignment(text);
    if (!a) return usage_error(io.err, a.message());
    assignments.push_back(std::move(*a));
  }
  auto specs = resolve_agents(assignments, g);
  if (!specs) return usage_error(io.err, specs.message());
  for (const auto& spec : *specs)
    if (spec.kind == "human")
      return usage_error(
          io.err, "'carroccio tune' plays without people: choose an AI agent for every side.");
  cfg.agents = *specs;
  if (auto side = parsed->value("side")) {
    auto p = g.find_player(*side);
    if (!p) return usage_error(io.err, p.message());
    cfg.side = *p;
  }
  // The number to change, in the scenario as loaded.
  const nlohmann::json source = g.scenario_source();
  nlohmann::json probe = source;
  const nlohmann::json* at = game::json_at_path(probe, *param);
  if (at == nullptr)
    return usage_error(io.err, fmt::format("'{}' has no field '{}' (a path such as turns or "
                                           "sides[1].rout_level).",
                                           parsed->positional[0], *param));
  if (!at->is_number())
    return usage_error(io.err, fmt::format("Field '{}' of '{}' is {}, not a number.", *param,
                                           parsed->positional[0], at->type_name()));
  const double current = at->get<double>();
  cfg.integer = at->is_number_integer();
  if (auto r = parsed->value("range")) {
    auto range = parse_range(*r);
    if (!range) return usage_error(io.err, range.message());
    cfg.lo = range->first;
    cfg.hi = range->second;
  } else {
    cfg.lo = std::min(0.0, 2 * current);
    cfg.hi = std::max(0.0, 2 * current);
    if (cfg.lo == cfg.hi) cfg.hi = 1;
  }
  if (cfg.integer && (cfg.lo != std::floor(cfg.lo) || cfg.hi != std::floor(cfg.hi)))
    return usage_error(io.err, fmt::format("Field '{}' is a whole number: give --range as whole "
                                           "numbers.",
                                           *param));
  std::ofstream report;
  if (auto path = parsed->value("report")) {
    report.open(*path, std::ios::binary | std::ios::trunc);
    if (!report)
      return usage_error(io.err, fmt::format("Cannot write the report file '{}'.", *path));
  }
  const std::string ref = g.ruleset() + "/" + g.scenario();
  sim::MakeGame make = [&](double v) -> core::Expected<std::shared_ptr<const game::Game>> {
    nlohmann::json changed = source;
    nlohmann::json* field = game::json_at_path(changed, *param);
    if (cfg.integer)
      *field = static_cast<long long>(std::llround(v));
    else
      *field = v;
    // The changed text is ours, not the user's file: a refusal names the value, not a line of it.
    const std::string name =
        fmt::format("{} with {} = {}", ref, *param, value_text(v, cfg.integer));
    auto loaded = registry.load_source(changed.dump(1), name, options);
    if (loaded) return loaded;
    std::string why = loaded.message();
    if (why.rfind(name, 0) == 0) {
      std::size_t pos = name.size();
      if (pos < why.size() && why[pos] == ':') {
        ++pos;
        while (pos < why.size() && std::isdigit(static_cast<unsigned char>(why[pos])) != 0) ++pos;
        if (pos < why.size() && why[pos] == ':') ++pos;
        while (pos < why.size() && why[pos] == ' ') ++pos;
        why = why.substr(pos);
      }
    }
    return core::make_error(fmt::format("With {} = {}, {} refuses the scenario: {}", *param,
                                        value_text(v, cfg.integer), ref, why));
  };
  const bool bar = !parsed->has("quiet") && &io.err == &std::cerr && isatty(2) == 1;
  const auto start = std::chrono::steady_clock::now();
  if (bar)
    cfg.progress = [&](std::uint64_t done, std::uint64_t budget) {
      const double s =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      io.err << fmt::format("\r  {} games played of a budget of {} ({:.0f} s) ", done, budget, s)
             << std::flush;
    };
  auto result = sim::tune(make, cfg);
  if (bar) io.err << "\r" << std::string(70, ' ') << "\r" << std::flush;
  if (!result) return fail(io.err, result.message());

  const std::string side = g.player_name(cfg.side);
  nlohmann::json agents = nlohmann::json::object();
  for (std::size_t p = 0; p < specs->size(); ++p)
    agents[g.player_name(static_cast<game::Player>(p))] = (*specs)[p].to_string();
  nlohmann::json run = {{"scenario", ref},
                        {"param", *param},
                        {"file_value", current},
                        {"side", side},
                        {"target", cfg.target},
                        {"range", {cfg.lo, cfg.hi}},
                        {"seed", cfg.seed},
                        {"agents", agents},
                        {"options", game::options_to_string(options)},
                        {"games_per_value", cfg.games},
                        {"max_games", cfg.max_games},
                        {"result", sim::tune_json(*result)}};
  if (report.is_open()) {
    report << tune_html(run);
    report.flush();
    if (!report)
      return fail(io.err,
                  fmt::format("Writing the report file '{}' failed.", *parsed->value("report")));
  }
  if (parsed->has("json")) {
    io.out << run.dump(2) << "\n";
    return kExitOk;
  }
  const auto& r = *result;
  io.out << fmt::format(
      "carroccio tune: {}, {} (now {}) searched from {} to {} for {} to win {} of games.\n", ref,
      *param, value_text(current, cfg.integer), value_text(cfg.lo, cfg.integer),
      value_text(cfg.hi, cfg.integer), side, percent_text(cfg.target));
  io.out << fmt::format("Seed {}, paired games (every value plays the same games of the seed).\n",
                        cfg.seed);
  io.out << fmt::format("  {:>10}  {:>7}  {:>8}  {}\n", "value", "games", "win rate",
                        "95% interval");
  for (const auto& p : r.points)
    io.out << fmt::format("  {:>10}  {:>7}  {:>8}  [{}, {}]\n", value_text(p.value, cfg.integer),
                          p.games, percent_text(p.rate.estimate), percent_text(p.rate.low),
                          percent_text(p.rate.high));
  if (r.outside) {
    io.out << fmt::format(
        "The target lies outside the range: {} wins {} at {} and {} at {}. Nearest: {}. Widen "
        "--range, or the number cannot bring the rate to {}.\n",
        side, percent_text(r.points.front().rate.estimate), value_text(cfg.lo, cfg.integer),
        percent_text(r.points.back().rate.estimate), value_text(cfg.hi, cfg.integer),
        value_text(r.answer, cfg.integer), percent_text(cfg.target));
  } else {
    io.out << fmt::format("Answer: {} = {}. The rate crosses {} between {} and {}", *param,
                          value_text(r.answer, cfg.integer), percent_text(cfg.target),
                          value_text(r.below, cfg.integer), value_text(r.above, cfg.integer));
    io.out << (r.exact ? fmt::format(" (settled on {}: its own rate cannot be told from the target "
                                     "while both neighbours' 95% intervals lie on their own "
                                     "sides).\n",
                                     value_text(r.answer, cfg.integer))
               : r.settled ? std::string(" (settled: each end's 95% interval lies on its own side "
                                         "of the target).\n")
                           : std::string(" (not settled: the budget ran out while an end's 95% "
                                         "interval still held the target; raise --max-games).\n"));
  }
  io.out << fmt::format("{} games played.\n", r.games_played);
  return kExitOk;
}

}  // namespace carroccio::app
