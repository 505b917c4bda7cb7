#include "rulesets/alsh/cli.hpp"

#include <algorithm>
#include <charconv>
#include <exception>
#include <ostream>
#include <random>
#include <span>

#include "fmt/format.h"
#include "game/command_line.hpp"
#include "rulesets/alsh/referee.hpp"
#include "rulesets/alsh/resolvers.hpp"

namespace carroccio::alsh {

namespace {

int fail(std::ostream& err, std::string_view sentence) {
  err << "carroccio: " << sentence << "\n";
  return game::kExitError;
}

std::string field_usage(const Field& f) {
  std::string arg;
  switch (f.type) {
    case FieldType::kBool:
      arg = "";
      break;
    case FieldType::kInt:
      arg = f.max == INT_MAX ? fmt::format(" N (>= {})", f.min)
                             : fmt::format(" N ({}..{})", f.min, f.max);
      break;
    case FieldType::kNumber:
      arg = fmt::format(" X ({}..{})", f.min, f.max);
      break;
    case FieldType::kEnum:
      arg = fmt::format(" {}", fmt::join(f.values, "|"));
      break;
    case FieldType::kList:
      arg = " A,B,...";
      break;
  }
  std::string def;
  if (f.required) {
    def = " [required]";
  } else if (!f.default_value.is_null() && f.type != FieldType::kBool) {
    def = fmt::format(" [default {}]", f.default_value.is_string()
                                           ? f.default_value.get<std::string>()
                                           : f.default_value.dump());
  }
  return fmt::format("    --{}{}{}\n        {}\n", f.name, arg, def, f.help);
}

std::string table_usage(const Procedure& p) {
  std::string s = fmt::format("  {:<17} {}: {}\n", p.name, p.title, p.summary);
  s += p.dice ? fmt::format("    dice: {}\n", p.rolls) : "    no dice: a lookup\n";
  for (const auto& f : p.fields) s += field_usage(f);
  return s;
}

const char* kHeader =
    "Usage: carroccio alsh <table> [situation options] [--die N ...] [--seed S] [--odds] "
    "[--json]\n"
    "                      [--assault-table FILE]\n"
    "       carroccio alsh <table> --help      the options of one table (its own help)\n"
    "       carroccio alsh --describe          every table and field as JSON (for forms)\n"
    "\n"
    "A referee for the charts of All is Lost save Honour. It prints the result, every modifier\n"
    "with its source, how the table was read, and the exact probability of every outcome.\n"
    "Cells the chart text garbled are marked ~ (reconstructed) or ? (guessed), and any result\n"
    "resting on one says so. The Assault Table's grid is lost: supply it with --assault-table\n"
    "(format in docs/rulings/alsh.md).\n"
    "\n"
    "  --die N          a die you rolled (repeat for each roll, in order; 2d6 as 7 or \"3 4\")\n"
    "  --seed S         roll with Carroccio's generator from seed S (default: a fresh seed,\n"
    "                   printed so the roll can be repeated)\n"
    "  --odds           only the exact odds, no roll\n"
    "  --json           the report as JSON (the browser referee's format)\n"
    "\n"
    "Tables:\n";

}  // namespace

std::string cli_usage() {
  std::string s = kHeader;
  for (const auto& p : procedures()) s += table_usage(p);
  return game::wrap_help(s);  // 80 columns, as every subcommand's help
}

namespace {

// A field's value in --help: "N", "X", "fair|rain|mud", "A,B,...".
std::string field_value_name(const Field& f) {
  switch (f.type) {
    case FieldType::kBool:
      return "";
    case FieldType::kInt:
      return "N";
    case FieldType::kNumber:
      return "X";
    case FieldType::kEnum:
      return fmt::format("{}", fmt::join(f.values, "|"));
    case FieldType::kList:
      return "A,B,...";
  }
  return "VALUE";
}

// A field's line in --help: its help, then its range and default (or that it is required).
std::string field_help(const Field& f) {
  std::string s = f.help;
  if (f.type == FieldType::kInt)
    s += f.max == INT_MAX ? fmt::format(" (>= {})", f.min) : fmt::format(" ({}..{})", f.min, f.max);
  else if (f.type == FieldType::kNumber)
    s += fmt::format(" ({}..{})", f.min, f.max);
  else if (f.type == FieldType::kList)
    s += fmt::format(" (items: {})", fmt::join(f.values, ", "));
  if (f.required)
    s += " [required]";
  else if (!f.default_value.is_null() && f.type != FieldType::kBool)
    s += fmt::format(" [default {}]", f.default_value.is_string()
                                          ? f.default_value.get<std::string>()
                                          : f.default_value.dump());
  return s;
}

}  // namespace

std::vector<game::FlagSpec> situation_flags(const Procedure& p) {
  std::vector<game::FlagSpec> flags;
  for (const auto& f : p.fields)
    flags.push_back({.name = f.name,
                     .takes_value = f.type != FieldType::kBool,
                     .help = field_help(f),
                     .value_name = field_value_name(f),
                     .missing = fmt::format("--{} needs a value: {}.", f.name, f.help),
                     .switch_word = f.type == FieldType::kBool});
  if (p.name == "assault")
    flags.push_back({.name = "assault-table",
                     .takes_value = true,
                     .help = "the Assault Table's grid, which the chart text lost (format in "
                             "docs/rulings/alsh.md)",
                     .value_name = "FILE"});
  return flags;
}

core::Expected<nlohmann::json> situation_from_args(const Procedure& p,
                                                   const game::ParsedArgs& parsed) {
  nlohmann::json situation = nlohmann::json::object();
  for (const auto& f : p.fields) {
    const auto v = parsed.value(f.name);
    if (!v) continue;
    auto value = parse_field_text(f, *v);
    if (!value) return value.error();
    situation[f.name] = *value;
  }
  return situation;
}

namespace {

// `carroccio alsh TABLE ...`: the table's situation fields, then the dice and the report's form.
game::CommandSpec table_spec(const Procedure& p) {
  game::CommandSpec spec;
  spec.name = "alsh " + p.name;
  spec.summary =
      fmt::format("{}: {}\n{}", p.title, p.summary,
                  p.dice ? fmt::format("Dice: {}.", p.rolls) : std::string("No dice: a lookup."));
  spec.flags = situation_flags(p);
  if (p.dice) {
    spec.flags.push_back({.name = "die",
                          .takes_value = true,
                          .repeatable = true,
                          .help = "a die you rolled (repeat for each roll, in order; 2d6 as 7 or "
                                  "\"3 4\")",
                          .value_name = "N"});
    spec.flags.push_back({.name = "seed",
                          .takes_value = true,
                          .help = "roll with our generator from seed S (default: a fresh seed, "
                                  "printed)",
                          .value_name = "S"});
    spec.flags.push_back({.name = "odds", .help = "only the exact odds, no roll"});
  }
  spec.flags.push_back(
      {.name = "json", .help = "the report as JSON (the browser referee's format)"});
  spec.footer =
      // One line: the help is wrapped to 80 columns.
      "The report gives the result, every modifier with its source, how the table was read and "
      "the exact probability of every outcome; cells marked ~ were reconstructed and ? guessed. "
      "A switch may also be given as --name=yes or --name=no. All the tables: carroccio alsh "
      "--help.";
  return spec;
}

// `carroccio alsh` without a table: the overview (every table with its options) or --describe.
game::CommandSpec overview_spec() {
  return {.name = "alsh",
          .flags = {{.name = "describe", .help = "every table and field as JSON (for forms)"}},
          .usage = cli_usage()};
}

int usage_error(std::ostream& err, const game::CommandSpec& spec, std::string_view sentence) {
  return game::command_usage_error(err, spec.name, sentence);
}

int run_cli_unchecked(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  int code = game::kExitOk;
  if (args.empty() || args[0] == "help") {
    out << cli_usage();
    return game::kExitOk;
  }
  const auto all = procedures();
  if (args[0].rfind("-", 0) == 0) {
    const game::CommandSpec spec = overview_spec();
    const auto parsed = game::parse_or_answer(args, spec, out, err, code);
    if (!parsed) return code;
    if (parsed->has("describe"))
      out << describe_tables().dump(2) << "\n";
    else
      out << cli_usage();
    return game::kExitOk;
  }
  const Procedure* p = find_procedure(all, args[0]);
  if (p == nullptr) {
    std::vector<std::string> names;
    for (const auto& x : all) names.push_back(x.name);
    return game::command_usage_error(err, "alsh",
                                     fmt::format("'{}' is not an alsh table: the tables are {}.",
                                                 args[0], fmt::join(names, ", ")));
  }
  const game::CommandSpec spec = table_spec(*p);
  const auto parsed = game::parse_or_answer(std::span(args).subspan(1), spec, out, err, code);
  if (!parsed) return code;
  RefereeRequest req;
  req.table = p->name;
  const bool json = parsed->has("json");
  req.odds_only = parsed->has("odds");
  const std::vector<std::string> die_texts = parsed->values("die");
  const std::optional<std::string> grid_path = parsed->value("assault-table");
  if (auto v = parsed->value("seed")) {
    std::uint64_t seed = 0;
    auto [ptr, ec] = std::from_chars(v->data(), v->data() + v->size(), seed);
    if (v->empty() || ec != std::errc() || ptr != v->data() + v->size())
      return usage_error(
          err, spec, fmt::format("--seed takes a whole number from 0 to 2^64-1, not '{}'.", *v));
    req.seed = seed;
  }
  auto situation = situation_from_args(*p, *parsed);
  if (!situation) return usage_error(err, spec, situation.message());
  req.situation = *situation;
  // Physical dice: each value is checked as the person typed it.
  if (!die_texts.empty()) {
    std::vector<int> values;
    for (const auto& t : die_texts) {
      auto v = p->dice->parse_physical(t);
      if (!v) return usage_error(err, spec, v.message());
      values.push_back(*v);
    }
    req.dice = std::move(values);
    if (req.seed) return usage_error(err, spec, "Give --die or --seed, not both.");
  }
  if (req.odds_only && req.dice)
    return usage_error(err, spec, "--odds shows the odds without a roll: drop --die.");
  if (!req.dice && !req.seed && !req.odds_only && p->dice) {
    // A fresh seed, printed in the report so the roll can be repeated.
    std::random_device rd;
    req.seed = (static_cast<std::uint64_t>(rd()) << 32) ^ rd();
  }
  std::optional<AssaultGrid> grid;
  if (grid_path) {
    auto g = load_assault_grid_file(*grid_path);
    if (!g) return fail(err, g.message());
    grid = std::move(*g);
    req.assault_grid = &*grid;
  }
  auto tables = load_tables();
  if (!tables) return fail(err, tables.message());
  auto report = referee(*tables, req);
  if (!report) {
    // A situation the table cannot resolve: one line, as before (the flags themselves were read).
    fail(err, report.message());
    return game::kExitUsage;
  }
  if (json) {
    out << report->dump(2) << "\n";
  } else {
    out << render_text(*report);
  }
  return (*report)["resolved"].get<bool>() ? 0 : 1;
}
}  // namespace

int run_cli(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  try {
    return run_cli_unchecked(args, out, err);
  } catch (const std::exception& e) {
    err << fmt::format("Internal error in the alsh referee (please report it): {}.\n", e.what());
    return 1;
  }
}

}  // namespace carroccio::alsh
