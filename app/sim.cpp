// `carroccio sim`: many whole games in parallel, their statistics, CSV and an HTML report.
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <optional>
#include <ostream>

#include "app/cli.hpp"
#include "app/commands.hpp"
#include "app/sim_report.hpp"
#include "fmt/format.h"
#include "game/registry.hpp"
#include "sim/batch.hpp"
#include "sim/cluster.hpp"

namespace carroccio::app {

namespace {

constexpr std::string_view kSimUsage =
    R"(Usage: carroccio sim GAME [flags]
  GAME                     ruleset/scenario (carroccio rulesets lists them) or a scenario file
  --games N                number of games (default 100)
  --agent SIDE=KIND        who plays SIDE (default random); repeat for each side
  --threads T              worker threads (default 1); the totals do not depend on T
  --seed S                 master seed (default 1): game i uses stream i of S
  --first-game K           play games K .. K+N-1 of the seed (default 0): a shard of a larger
                           study, to be combined with 'carroccio sim merge'
  --options LIST           optional rules, e.g. facing,vcf=every
  --compare-options A B    play the same seeds under option sets A and B ("none" for no
                           options) and report the paired difference
  --json                   print the statistics as JSON
  --csv FILE               write one row per game to FILE
  --report FILE.html       write a self-contained HTML page with SVG charts
  --quiet                  no progress bar

Usage: carroccio sim merge SHARD.json... [--json] [--report FILE.html]
  Combines the 'carroccio sim --json' outputs of disjoint ranges of games of one study (the
  same game, seed, agents and options) into exactly the totals one run of them all would give.

Statistics are folded in as each game ends, and CSV rows are written as they come, so memory
does not grow with the number of games.
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

// Writes the report (if a file is open) and prints the statistics as JSON or text.
int write_run(const nlohmann::json& run, bool json, std::ofstream& report,
              const std::optional<std::string>& report_path, Io io) {
  if (report.is_open()) {
    report << sim_report_html(run);
    report.flush();
    if (!report)
      return fail(io.err, fmt::format("Writing the report file '{}' failed.", *report_path));
  }
  if (json)
    io.out << run.dump(2) << "\n";
  else
    io.out << sim_summary_text(run);
  return kExitOk;
}

// A shard as `carroccio sim --json` wrote it, with the range of games it holds.
struct Shard {
  std::string path;
  nlohmann::json run;
  std::uint64_t first = 0, games = 0;
};

core::Expected<Shard> shard_of(const std::string& path, nlohmann::json run_json);

core::Expected<Shard> read_shard(const std::string& path) {
  auto text = game::read_text_file(path, "shard");
  if (!text) return text.error();
  auto j = game::parse_json_text(*text, path);
  if (!j) return j.error();
  return shard_of(path, std::move(*j));
}

// A run's JSON as a shard: checked for the fields a merge needs.
core::Expected<Shard> shard_of(const std::string& path, nlohmann::json run_json) {
  Shard shard{path, std::move(run_json)};
  const nlohmann::json& run = shard.run;
  const bool compare = run.is_object() && run.contains("comparison");
  const nlohmann::json* agg = nullptr;
  if (run.is_object()) {
    const nlohmann::json& holder = compare && run.contains("a") ? run["a"] : run;
    if (holder.is_object() && holder.contains("aggregate")) agg = &holder["aggregate"];
  }
  if (!run.is_object() || !run.contains("scenario") || !run.contains("seed") ||
      !run.contains("agents") || agg == nullptr)
    return core::make_error(fmt::format(
        "{}: this is not the output of 'carroccio sim --json' (it needs scenario, seed, agents "
        "and aggregate).",
        path));
  const auto first = run.find("first_game");
  if (first != run.end() && !first->is_number_unsigned())
    return core::make_error(
        fmt::format("{}: 'first_game' is not a whole number of at least 0.", path));
  shard.first = first == run.end() ? 0 : first->get<std::uint64_t>();
  const auto games = agg->find("games");
  if (games == agg->end() || !games->is_number_unsigned() || games->get<std::uint64_t>() == 0)
    return core::make_error(fmt::format("{}: 'aggregate.games' is not a number of games.", path));
  shard.games = games->get<std::uint64_t>();
  return shard;
}

// The shards of one study added up: one sentence when they are not of one study or overlap.
core::Expected<nlohmann::json> merge_shards(std::vector<Shard> shards) {
  // One study: the same game, seed, agents and options (or option sets) in every shard.
  const nlohmann::json& head = shards.front().run;
  const bool compare = head.contains("comparison");
  for (const auto& shard : shards) {
    for (const char* key : {"scenario", "seed", "agents", "options"}) {
      const bool a = head.contains(key), b = shard.run.contains(key);
      if (a != b || (a && head[key] != shard.run[key]))
        return core::make_error(
            fmt::format("{} and {} are not shards of one study: their '{}' "
                        "differ.",
                        shards.front().path, shard.path, key));
    }
    if (shard.run.contains("comparison") != compare)
      return core::make_error(
          fmt::format("{} and {} are not shards of one study: one compares two "
                      "option sets and the other does not.",
                      shards.front().path, shard.path));
    if (compare)
      for (const char* arm : {"a", "b"})
        if (!shard.run.contains(arm) || !shard.run[arm].contains("options") ||
            shard.run[arm]["options"] != head[arm]["options"])
          return core::make_error(
              fmt::format("{} and {} are not shards of one study: their option "
                          "set {} differs.",
                          shards.front().path, shard.path, arm));
  }
  // Disjoint ranges of games.
  std::sort(shards.begin(), shards.end(),
            [](const Shard& a, const Shard& b) { return a.first < b.first; });
  for (std::size_t k = 1; k < shards.size(); ++k)
    if (shards[k].first < shards[k - 1].first + shards[k - 1].games)
      return core::make_error(fmt::format(
          "{} (games {} to {}) and {} (games {} to {}) overlap: each "
          "game may be counted once.",
          shards[k - 1].path, shards[k - 1].first, shards[k - 1].first + shards[k - 1].games - 1,
          shards[k].path, shards[k].first, shards[k].first + shards[k].games - 1));
  nlohmann::json run = shards.front().run;
  run.erase("timing");
  run["first_game"] = shards.front().first;
  nlohmann::json ranges = nlohmann::json::array();
  for (const auto& shard : shards) {
    if (!ranges.empty() && ranges.back()[1].get<std::uint64_t>() == shard.first)
      ranges.back()[1] = shard.first + shard.games;
    else
      ranges.push_back({shard.first, shard.first + shard.games});
  }
  if (ranges.size() > 1) run["game_ranges"] = ranges;  // gaps: say which games are counted
  for (const char* arm :
       compare ? std::vector<const char*>{"a", "b"} : std::vector<const char*>{""}) {
    sim::Tally total;
    for (const auto& shard : shards) {
      const nlohmann::json& holder = *arm ? shard.run[arm] : shard.run;
      auto tally = sim::Tally::from_json(holder["aggregate"], shard.path);
      if (!tally) return core::make_error(tally.message());
      if (!total.sides().empty() && tally->sides() != total.sides())
        return core::make_error(
            fmt::format("{} and {} are not shards of one study: their sides "
                        "differ.",
                        shards.front().path, shard.path));
      total.merge(*tally);
    }
    (*arm ? run[arm] : run)["aggregate"] = total.to_json();
  }
  if (compare) {
    const std::size_t sides = head["agents"].size();
    sim::PairTally pairs(sides);
    std::vector<std::string> names;
    for (const auto& side : run["a"]["aggregate"]["sides"])
      names.push_back(side["side"].get<std::string>());
    for (const auto& shard : shards) {
      auto p = sim::PairTally::from_json(shard.run["comparison"], sides, shard.path);
      if (!p) return core::make_error(p.message());
      pairs.merge(*p);
    }
    run["comparison"] = pairs.to_json(names);
  }
  return run;
}

// `carroccio sim merge SHARD.json...`: the shards of one study, added up exactly.
int run_sim_merge(std::span<const std::string> args, Io io) {
  static const CommandSpec spec{
      .name = "sim merge",
      .summary =
          "Combines the 'carroccio sim --json' outputs of disjoint ranges of games of one "
          "study\n(the same game, seed, agents and options) into exactly the totals one run "
          "of them all\nwould give.",
      .positional = "SHARD.json...",
      .positional_help = "two or more outputs of 'carroccio sim --json --first-game K'",
      .max_positional = 1000,
      .flags = {{.name = "json", .help = "print the merged statistics as JSON"},
                {.name = "report",
                 .takes_value = true,
                 .help = "write a self-contained HTML page with SVG charts",
                 .value_name = "FILE.html"}}};
  int code = kExitOk;
  auto parsed = parse_subcommand(args, spec, io, code);
  if (!parsed) return code;
  if (parsed->positional.size() < 2)
    return usage_error(io.err,
                       "'carroccio sim merge' needs at least two shards, e.g. carroccio sim merge "
                       "a.json b.json.");
  std::vector<Shard> shards;
  for (const auto& path : parsed->positional) {
    auto shard = read_shard(path);
    if (!shard) return fail(io.err, shard.message());
    shards.push_back(std::move(*shard));
  }
  auto run = merge_shards(std::move(shards));
  if (!run) return fail(io.err, run.message());
  std::ofstream report;
  if (auto path = parsed->value("report")) {
    report.open(*path, std::ios::binary | std::ios::trunc);
    if (!report)
      return usage_error(io.err, fmt::format("Cannot write the report file '{}'.", *path));
  }
  return write_run(*run, parsed->has("json"), report, parsed->value("report"), io);
}

}  // namespace

int run_sim(std::span<const std::string> args_in, const game::Registry& registry, Io io) {
  if (!args_in.empty() && args_in[0] == "merge") return run_sim_merge(args_in.subspan(1), io);
  static const CommandSpec cli_spec{
      .name = "sim",
      .positional = "GAME",
      .max_positional = 1,
      .flags = {{.name = "games", .takes_value = true},
                {.name = "agent", .takes_value = true, .repeatable = true},
                {.name = "threads", .takes_value = true},
                {.name = "seed", .takes_value = true},
                {.name = "first-game", .takes_value = true},
                {.name = "options", .takes_value = true},
                {.name = "compare-options",
                 .takes_value = true,
                 .values = 2,
                 .missing = "'--compare-options' needs two option sets, e.g. --compare-options "
                            "none charge."},
                {.name = "json"},
                {.name = "csv", .takes_value = true},
                {.name = "report", .takes_value = true},
                {.name = "quiet"}},
      .usage = std::string(kSimUsage)};
  int code = kExitOk;
  auto parsed = parse_subcommand(args_in, cli_spec, io, code);
  if (!parsed) return code;
  std::optional<std::pair<std::string, std::string>> compare_sets;
  if (const auto sets = parsed->values("compare-options"); sets.size() == 2)
    compare_sets = {sets[0], sets[1]};
  if (parsed->positional.empty())
    return usage_error(io.err, fmt::format("'carroccio sim' needs a game, e.g. carroccio sim {}.",
                                           example_scenario(registry)));
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
  std::uint64_t first_game = 0;
  if (auto text = parsed->value("first-game")) {
    auto k = parse_seed(*text);
    if (!k)
      return usage_error(io.err,
                         fmt::format("'--first-game {}' must be a whole number from 0.", *text));
    first_game = *k;
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

  // Under mpirun or srun every process is a rank that plays its own range of the games; rank 0
  // gathers and reports (sim/cluster.hpp). Started on its own, this is a cluster of one.
  const sim::Cluster cluster;
  const bool lead = cluster.rank() == 0;
  const auto [my_first, my_games] =
      sim::split_range(first_game, games, cluster.size(), cluster.rank());
  const bool comparing = compare_sets.has_value();
  const std::vector<std::string> arm_names =
      comparing ? std::vector<std::string>{"a", "b"} : std::vector<std::string>{""};
  // A rank's CSV rows go to a part file of each arm, joined in rank order by rank 0 at the end.
  auto part_path = [&](int rank, std::size_t arm) {
    return fmt::format("{}.rank{}{}{}", *parsed->value("csv"), rank, comparing ? "." : "",
                       arm_names[arm]);
  };

  // Open the output files before playing, so a bad path costs no time.
  std::ofstream csv, report;
  std::vector<std::ofstream> parts(loaded.size());
  if (auto path = parsed->value("csv")) {
    if (lead) {
      csv.open(*path, std::ios::binary | std::ios::trunc);
      if (!csv) return usage_error(io.err, fmt::format("Cannot write the CSV file '{}'.", *path));
      csv << sim_csv_header(first, comparing);
    }
    if (cluster.active())
      for (std::size_t arm = 0; arm < parts.size(); ++arm) {
        parts[arm].open(part_path(cluster.rank(), arm), std::ios::binary | std::ios::trunc);
        if (!parts[arm])
          return fail(io.err, fmt::format("Cannot write the CSV part file '{}'.",
                                          part_path(cluster.rank(), arm)));
      }
  }
  if (auto path = parsed->value("report"); path && lead) {
    report.open(*path, std::ios::binary | std::ios::trunc);
    if (!report)
      return usage_error(io.err, fmt::format("Cannot write the report file '{}'.", *path));
  }

  const bool show_progress = lead && !parsed->has("quiet") && stderr_is_terminal(io);
  const auto started = std::chrono::steady_clock::now();
  std::vector<sim::BatchResult> results;
  for (std::size_t arm = 0; arm < loaded.size(); ++arm) {
    if (my_games == 0) {  // more ranks than games
      results.push_back({sim::Tally(first.player_names()), {}});
      continue;
    }
    sim::BatchConfig config;
    config.games = my_games;
    config.first_game = my_first;
    config.threads = threads;
    config.seed = seed;
    config.agents = *specs;
    config.keep_winners = comparing;
    std::ostream& rows = cluster.active() ? static_cast<std::ostream&>(parts[arm]) : csv;
    if (parsed->has("csv"))
      config.on_game = [&, arm](const sim::GameOutcome& o) {
        rows << sim_csv_row(*loaded[arm], o, arm_names[arm]);
      };
    std::optional<ProgressBar> bar;
    if (show_progress) {
      bar.emplace(io.err);
      config.progress = [&](std::uint64_t done, std::uint64_t total) { bar->update(done, total); };
    }
    auto result = sim::run_batch(*loaded[arm], config);
    if (bar) bar->finish();
    if (!result) {
      if (cluster.active()) cluster.gather(nlohmann::json{{"error", result.message()}}.dump());
      return fail(io.err, result.message());
    }
    results.push_back(std::move(*result));
  }

  nlohmann::json run = {{"scenario", first.ruleset() + "/" + first.scenario()},
                        {"seed", seed},
                        {"first_game", my_first}};
  nlohmann::json agents = nlohmann::json::object();
  for (std::size_t p = 0; p < specs->size(); ++p)
    agents[first.player_name(static_cast<game::Player>(p))] = (*specs)[p].to_string();
  run["agents"] = agents;
  if (!results[0].tally.score_label().empty()) run["score_label"] = results[0].tally.score_label();
  if (!comparing) {
    run["options"] = game::options_to_string(first.options());
    run["aggregate"] = results[0].tally.to_json();
  } else {
    sim::PairTally pairs(static_cast<std::size_t>(first.num_players()));
    for (std::size_t k = 0; k < results[0].winners.size(); ++k)
      pairs.add(results[0].winners[k], results[1].winners[k]);
    for (std::size_t arm = 0; arm < 2; ++arm)
      run[arm == 0 ? "a" : "b"] = {{"options", game::options_to_string(loaded[arm]->options())},
                                   {"aggregate", results[arm].tally.to_json()}};
    run["comparison"] = pairs.to_json(first.player_names());
  }
  for (auto& part : parts)
    if (part.is_open()) {
      part.flush();
      part.close();
    }

  if (cluster.active()) {
    // Every rank sends what it counted; rank 0 adds them up exactly, as `sim merge` does.
    const auto texts = cluster.gather(my_games == 0 ? std::string() : run.dump());
    if (!lead) return kExitOk;
    std::vector<Shard> shards;
    for (std::size_t r = 0; r < texts.size(); ++r) {
      if (texts[r].empty()) continue;
      auto j = nlohmann::json::parse(texts[r], nullptr, false);
      if (j.is_object() && j.contains("error"))
        return fail(io.err, fmt::format("Rank {}: {}", r, j["error"].get<std::string>()));
      auto shard = shard_of(fmt::format("rank {}", r), std::move(j));
      if (!shard) return fail(io.err, shard.message());
      shards.push_back(std::move(*shard));
    }
    auto merged = merge_shards(std::move(shards));
    if (!merged) return fail(io.err, merged.message());
    run = std::move(*merged);
    if (csv.is_open())
      for (std::size_t arm = 0; arm < arm_names.size(); ++arm)
        for (int r = 0; r < cluster.size(); ++r) {
          const std::string path = part_path(r, arm);
          std::ifstream part(path, std::ios::binary);
          if (!part)
            return fail(io.err, fmt::format("Cannot read the CSV part file '{}' of rank {}: the "
                                            "ranks must share the directory of the CSV file.",
                                            path, r));
          csv << part.rdbuf();
          part.close();
          std::filesystem::remove(path);
        }
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  run["timing"] = {{"seconds", seconds},
                   {"games_per_second",
                    seconds > 0 ? static_cast<double>(games * loaded.size()) / seconds : 0.0},
                   {"processes", cluster.size()},
                   {"threads", threads}};

  if (csv.is_open()) {
    csv.flush();
    if (!csv)
      return fail(io.err, fmt::format("Writing the CSV file '{}' failed.", *parsed->value("csv")));
  }
  return write_run(run, parsed->has("json"), report, parsed->value("report"), io);
}

}  // namespace carroccio::app
