// `carroccio sim`: many whole games in parallel, their statistics, CSV and an HTML report.
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <ostream>

#include "app/cli.hpp"
#include "app/commands.hpp"
#include "app/sim_report.hpp"
#include "fmt/format.h"
#include "sim/batch.hpp"

namespace carroccio::app {

namespace {

constexpr std::string_view kSimUsage =
    R"(Usage: carroccio sim GAME [flags]
  GAME                     ruleset/scenario (e.g. bma/legnano) or a scenario file
  --games N                number of games (default 100)
  --agent SIDE=KIND        who plays SIDE (default random); repeat for each side
  --threads T              worker threads (default 1); the totals do not depend on T
  --seed S                 master seed (default 1): game i uses stream i of S
  --options LIST           optional rules, e.g. facing,vcf=every
  --compare-options A B    play the same seeds under option sets A and B ("none" for no
                           options) and report the paired difference
  --json                   print the statistics as JSON
  --csv FILE               write one row per game to FILE
  --report FILE.html       write a self-contained HTML page with SVG charts
  --quiet                  no progress bar
)";

// The progress bar: drawn on a terminal only, at most a few times a second.
class ProgressBar {
 public:
  explicit ProgressBar(std::ostream& err) : err_(err), start_(std::chrono::steady_clock::now()) {}
  void update(std::uint64_t done, std::uint64_t total) {
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    const double rate = seconds > 0 ? static_cast<double>(done) / seconds : 0.0;
    const int width = 30;
    const int filled = total ? static_cast<int>(width * done / total) : width;
    std::string bar(static_cast<std::size_t>(filled), '#');
    bar.resize(static_cast<std::size_t>(width), '.');
    std::string left = "--:--";
    if (rate > 0 && done < total) {
      const auto s = static_cast<long long>(static_cast<double>(total - done) / rate + 0.5);
      left = fmt::format("{}:{:02}", s / 60, s % 60);
    }
    err_ << fmt::format("\r[{}] {}/{} games  {:.1f} games/s  {} left ", bar, done, total, rate,
                        left)
         << std::flush;
  }
  void finish() { err_ << "\r" << std::string(79, ' ') << "\r" << std::flush; }

 private:
  std::ostream& err_;
  std::chrono::steady_clock::time_point start_;
};

bool stderr_is_terminal(const Io& io) { return &io.err == &std::cerr && isatty(2) == 1; }

core::Expected<game::Options> option_set(const std::string& text) {
  if (text == "none" || text == "-") return game::Options{};
  return parse_option_list(text);
}

}  // namespace

int run_sim(std::span<const std::string> args_in, const game::Registry& registry, Io io) {
  if (wants_help(args_in)) {
    io.out << kSimUsage;
    return kExitOk;
  }
  // --compare-options takes two values: take them out before the generic parser.
  std::vector<std::string> args;
  std::optional<std::pair<std::string, std::string>> compare_sets;
  for (std::size_t i = 0; i < args_in.size(); ++i) {
    if (args_in[i] == "--compare-options") {
      if (compare_sets)
        return usage_error(io.err, "'--compare-options' is given twice to 'carroccio sim'.");
      if (i + 2 >= args_in.size() || args_in[i + 1].rfind("--", 0) == 0 ||
          args_in[i + 2].rfind("--", 0) == 0)
        return usage_error(io.err,
                           "'--compare-options' needs two option sets, e.g. --compare-options "
                           "none charge.");
      compare_sets = {args_in[i + 1], args_in[i + 2]};
      i += 2;
      continue;
    }
    args.push_back(args_in[i]);
  }
  auto parsed = parse_args(args, "sim",
                           {{"games", true},
                            {"agent", true, true},
                            {"threads", true},
                            {"seed", true},
                            {"options", true},
                            {"json"},
                            {"csv", true},
                            {"report", true},
                            {"quiet"}},
                           1);
  if (!parsed) return usage_error(io.err, parsed.message());
  if (parsed->positional.empty())
    return usage_error(io.err, "'carroccio sim' needs a game, e.g. carroccio sim bma/legnano.");
  std::uint64_t games = 100;
  if (auto text = parsed->value("games")) {
    auto n = parse_count(*text, "games", 1, 100'000'000);
    if (!n) return usage_error(io.err, n.message());
    games = static_cast<std::uint64_t>(*n);
  }
  int threads = 1;
  if (auto text = parsed->value("threads")) {
    auto n = parse_count(*text, "threads", 1, 256);
    if (!n) return usage_error(io.err, n.message());
    threads = static_cast<int>(*n);
  }
  std::uint64_t seed = 1;
  if (auto text = parsed->value("seed")) {
    auto s = parse_seed(*text);
    if (!s) return usage_error(io.err, s.message());
    seed = *s;
  }
  if (compare_sets && parsed->has("options"))
    return usage_error(io.err,
                       "'--options' and '--compare-options' cannot be used together: give each "
                       "option set to --compare-options.");
  std::vector<game::Options> option_sets;
  if (compare_sets) {
    for (const auto& text : {compare_sets->first, compare_sets->second}) {
      auto o = option_set(text);
      if (!o) return usage_error(io.err, o.message());
      option_sets.push_back(*o);
    }
  } else {
    game::Options options;
    if (auto text = parsed->value("options")) {
      auto o = parse_option_list(*text);
      if (!o) return usage_error(io.err, o.message());
      options = *o;
    }
    option_sets.push_back(options);
  }
  std::vector<AgentAssignment> assignments;
  for (const auto& text : parsed->values("agent")) {
    auto a = parse_agent_assignment(text);
    if (!a) return usage_error(io.err, a.message());
    assignments.push_back(std::move(*a));
  }
  std::vector<std::shared_ptr<const game::Game>> loaded;
  std::vector<std::string> warnings;
  for (const auto& options : option_sets) {
    auto game = registry.load(parsed->positional[0], options, loaded.empty() ? &warnings : nullptr);
    if (!game) return usage_error(io.err, game.message());
    loaded.push_back(*game);
  }
  print_warnings(io.err, warnings);
  const game::Game& first = *loaded.front();
  auto specs = resolve_agents(assignments, first);
  if (!specs) return usage_error(io.err, specs.message());
  for (const auto& spec : *specs)
    if (spec.kind == "human")
      return usage_error(
          io.err, "'carroccio sim' plays without people: choose an AI agent for every side.");

  // Open the output files before playing, so a bad path costs no time.
  std::ofstream csv, report;
  if (auto path = parsed->value("csv")) {
    csv.open(*path, std::ios::binary | std::ios::trunc);
    if (!csv) return usage_error(io.err, fmt::format("Cannot write the CSV file '{}'.", *path));
  }
  if (auto path = parsed->value("report")) {
    report.open(*path, std::ios::binary | std::ios::trunc);
    if (!report)
      return usage_error(io.err, fmt::format("Cannot write the report file '{}'.", *path));
  }

  const bool show_progress = !parsed->has("quiet") && stderr_is_terminal(io);
  std::vector<std::vector<sim::GameOutcome>> results;
  for (std::size_t arm = 0; arm < loaded.size(); ++arm) {
    sim::BatchConfig config;
    config.games = games;
    config.threads = threads;
    config.seed = seed;
    config.agents = *specs;
    std::optional<ProgressBar> bar;
    if (show_progress) {
      bar.emplace(io.err);
      config.progress = [&](std::uint64_t done, std::uint64_t total) { bar->update(done, total); };
    }
    auto outcomes = sim::run_batch(*loaded[arm], config);
    if (bar) bar->finish();
    if (!outcomes) return fail(io.err, outcomes.message());
    results.push_back(std::move(*outcomes));
  }

  nlohmann::json run = {{"scenario", first.ruleset() + "/" + first.scenario()}, {"seed", seed}};
  nlohmann::json agents = nlohmann::json::object();
  for (std::size_t p = 0; p < specs->size(); ++p)
    agents[first.player_name(static_cast<game::Player>(p))] = (*specs)[p].to_string();
  run["agents"] = agents;
  const auto& s0 = results.front().front().summary;
  if (s0.is_object() && s0.contains("score_label") && s0["score_label"].is_string())
    run["score_label"] = s0["score_label"];
  if (!compare_sets) {
    run["options"] = game::options_to_string(first.options());
    run["aggregate"] = sim::aggregate(first, results[0]);
  } else {
    for (std::size_t arm = 0; arm < 2; ++arm)
      run[arm == 0 ? "a" : "b"] = {{"options", game::options_to_string(loaded[arm]->options())},
                                   {"aggregate", sim::aggregate(*loaded[arm], results[arm])}};
    run["comparison"] = sim::compare(first, results[0], results[1]);
  }

  if (csv.is_open()) {
    csv << sim_csv_header(first, compare_sets.has_value());
    for (std::size_t arm = 0; arm < results.size(); ++arm)
      csv << sim_csv_rows(*loaded[arm], results[arm],
                          compare_sets ? std::string(arm == 0 ? "a" : "b") : std::string());
    csv.flush();
    if (!csv)
      return fail(io.err, fmt::format("Writing the CSV file '{}' failed.", *parsed->value("csv")));
  }
  if (report.is_open()) {
    report << sim_report_html(run);
    report.flush();
    if (!report)
      return fail(io.err,
                  fmt::format("Writing the report file '{}' failed.", *parsed->value("report")));
  }
  if (parsed->has("json"))
    io.out << run.dump(2) << "\n";
  else
    io.out << sim_summary_text(run);
  return kExitOk;
}

}  // namespace carroccio::app
