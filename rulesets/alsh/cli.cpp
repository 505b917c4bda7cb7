#include "rulesets/alsh/cli.hpp"

#include <algorithm>
#include <charconv>
#include <exception>
#include <ostream>
#include <random>

#include "fmt/format.h"
#include "rulesets/alsh/referee.hpp"
#include "rulesets/alsh/resolvers.hpp"

namespace carroccio::alsh {

namespace {

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
    "       carroccio alsh <table> --help      the options of one table\n"
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
  return s;
}

namespace {
int run_cli_unchecked(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  if (args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
    out << cli_usage();
    return 0;
  }
  if (args[0] == "--describe") {
    out << describe_tables().dump(2) << "\n";
    return 0;
  }
  const auto all = procedures();
  const Procedure* p = find_procedure(all, args[0]);
  if (p == nullptr) {
    std::vector<std::string> names;
    for (const auto& x : all) names.push_back(x.name);
    err << fmt::format("'{}' is not an alsh table: the tables are {}.\n", args[0],
                       fmt::join(names, ", "));
    return 2;
  }
  RefereeRequest req;
  req.table = p->name;
  bool json = false;
  std::vector<std::string> die_texts;
  std::optional<std::string> grid_path;
  for (std::size_t i = 1; i < args.size(); ++i) {
    std::string a = args[i];
    if (a == "--help" || a == "-h") {
      out << kHeader << table_usage(*p);
      return 0;
    }
    if (a.rfind("--", 0) != 0) {
      err << fmt::format("'{}' is not an option: options start with --, e.g. --die 4.\n", a);
      return 2;
    }
    std::string name = a.substr(2);
    std::optional<std::string> value;
    if (auto eq = name.find('='); eq != std::string::npos) {
      value = name.substr(eq + 1);
      name = name.substr(0, eq);
    }
    auto next = [&]() -> std::optional<std::string> {
      if (value) return value;
      if (i + 1 >= args.size()) return std::nullopt;
      return args[++i];
    };
    if (name == "json" || name == "odds") {
      if (value) {
        err << fmt::format("--{} takes no value.\n", name);
        return 2;
      }
      (name == "json" ? json : req.odds_only) = true;
      continue;
    }
    if (name == "die" || name == "seed" || name == "assault-table") {
      auto v = next();
      if (!v) {
        err << fmt::format("--{} needs a value.\n", name);
        return 2;
      }
      if (name == "die") {
        die_texts.push_back(*v);
      } else if (name == "seed") {
        std::uint64_t seed = 0;
        auto [ptr, ec] = std::from_chars(v->data(), v->data() + v->size(), seed);
        if (v->empty() || ec != std::errc() || ptr != v->data() + v->size()) {
          err << fmt::format("--seed takes a whole number from 0 to 2^64-1, not '{}'.\n", *v);
          return 2;
        }
        req.seed = seed;
      } else {
        grid_path = *v;
      }
      continue;
    }
    auto f = std::find_if(p->fields.begin(), p->fields.end(),
                          [&](const Field& x) { return x.name == name; });
    if (f == p->fields.end()) {
      std::vector<std::string> names;
      for (const auto& x : p->fields) names.push_back("--" + x.name);
      err << fmt::format(
          "Table {} has no option --{}: its options are {} (see carroccio alsh {} "
          "--help).\n",
          p->name, name, fmt::join(names, ", "), p->name);
      return 2;
    }
    std::string text = "yes";
    if (f->type != FieldType::kBool || value) {
      auto v = next();
      if (!v) {
        err << fmt::format("--{} needs a value: {}.\n", name, f->help);
        return 2;
      }
      text = *v;
    }
    auto parsed = parse_field_text(*f, text);
    if (!parsed) {
      err << parsed.message() << "\n";
      return 2;
    }
    if (req.situation.contains(name)) {
      err << fmt::format("--{} is given twice.\n", name);
      return 2;
    }
    req.situation[name] = *parsed;
  }
  // Physical dice: each value is checked as the person typed it.
  if (!die_texts.empty()) {
    if (!p->dice) {
      err << fmt::format("The {} is read without dice: drop --die.\n", p->title);
      return 2;
    }
    std::vector<int> values;
    for (const auto& t : die_texts) {
      auto v = p->dice->parse_physical(t);
      if (!v) {
        err << v.message() << "\n";
        return 2;
      }
      values.push_back(*v);
    }
    req.dice = std::move(values);
    if (req.seed) {
      err << "Give --die or --seed, not both.\n";
      return 2;
    }
  }
  if (req.odds_only && req.dice) {
    err << "--odds shows the odds without a roll: drop --die.\n";
    return 2;
  }
  if (!req.dice && !req.seed && !req.odds_only && p->dice) {
    // A fresh seed, printed in the report so the roll can be repeated.
    std::random_device rd;
    req.seed = (static_cast<std::uint64_t>(rd()) << 32) ^ rd();
  }
  std::optional<AssaultGrid> grid;
  if (grid_path) {
    if (p->name != "assault") {
      err << fmt::format("--assault-table serves only the assault table, not {}.\n", p->name);
      return 2;
    }
    auto g = load_assault_grid_file(*grid_path);
    if (!g) {
      err << g.message() << "\n";
      return 1;
    }
    grid = std::move(*g);
    req.assault_grid = &*grid;
  }
  auto tables = load_tables();
  if (!tables) {
    err << tables.message() << "\n";
    return 1;
  }
  auto report = referee(*tables, req);
  if (!report) {
    err << report.message() << "\n";
    return 2;
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
