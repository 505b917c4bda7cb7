// `carroccio odds alsh TABLE ...` (odds_cli.hpp): the referee's exact odds for a described
// situation, through the same request as the browser's referee page (resolve_request, odds only)
// and the same situation flags as `carroccio alsh TABLE` (cli.hpp). Nothing here reads a table
// or weighs a die.
#include "rulesets/alsh/odds_cli.hpp"

#include <algorithm>
#include <ostream>
#include <span>

#include "fmt/format.h"
#include "game/command_line.hpp"
#include "game/json_text.hpp"
#include "game/odds_text.hpp"
#include "rulesets/alsh/cli.hpp"
#include "rulesets/alsh/referee.hpp"
#include "rulesets/alsh/resolvers.hpp"

namespace carroccio::alsh {

const std::string_view kDescribedOddsUsage =
    R"(       carroccio odds alsh TABLE [situation flags] [--assault-table FILE]
                       [--json]
       carroccio odds alsh --situation FILE [--json]
A described alsh table roll (charge, artillery, assault, major-battle, ...):
the exact odds of each outcome, no dice rolled (its tables and flags:
carroccio odds alsh --help).
)";

namespace {

using json = nlohmann::json;

// The tables the referee rolls dice for: those that have odds.
std::vector<Procedure> dice_tables() {
  std::vector<Procedure> out;
  for (auto& p : procedures())
    if (p.dice) out.push_back(std::move(p));
  return out;
}

// "1/6" as 0.1666...
double fraction_value(const std::string& f) {
  const auto slash = f.find('/');
  if (slash == std::string::npos) return std::stod(f);
  return std::stod(f.substr(0, slash)) / std::stod(f.substr(slash + 1));
}

std::string overview() {
  std::string s =
      "Usage: carroccio odds alsh TABLE [situation flags] [--assault-table FILE]\n"
      "                            [--json]\n"
      "       carroccio odds alsh --situation FILE [--json]\n"
      "       carroccio odds alsh TABLE --help    the situation flags of one table\n"
      "\n"
      // One line a paragraph: wrap_help folds it to 80 columns.
      "The exact odds of every outcome of an All is Lost save Honour table the referee rolls "
      "dice for, in a situation you describe: every modifier with its source, and the chance "
      "that the result rests on a reconstructed (~) or guessed (?) reading of the chart. The "
      "odds are the referee's own (carroccio alsh TABLE --odds gives its full report).\n"
      "\n"
      "  --situation FILE  a JSON request {\"table\": ..., \"situation\": {...}} (and "
      "\"assault_table\" for the assault table), as the referee page sends\n"
      "  --json            the odds (and the referee's report) as JSON\n"
      "\n"
      "Tables with dice:\n";
  for (const auto& p : dice_tables())
    s += fmt::format("  {:<15} {}: {} ({})\n", p.name, p.title, p.summary, p.rolls);
  return game::wrap_help(s);
}

game::CommandSpec odds_overview_spec() {
  return {
      .name = "odds alsh",
      .flags = {{.name = "situation", .takes_value = true, .value_name = "FILE"}, {.name = "json"}},
      .usage = overview()};
}

game::CommandSpec table_odds_spec(const Procedure& p) {
  game::CommandSpec spec;
  spec.name = "odds alsh " + p.name;
  spec.summary = fmt::format("The exact odds of the {} ({}): {}.\nDice: {}.", p.title, p.name,
                             p.summary, p.rolls);
  spec.flags = situation_flags(p);
  spec.flags.push_back(
      {.name = "json", .help = "print the odds (and the referee's report) as JSON"});
  spec.footer =
      // One line: the help is wrapped to 80 columns.
      "Every outcome with its exact probability, every modifier with its source; outcomes "
      "marked ~ rest on a reconstructed cell, ? on a guessed one. A switch may also be given as "
      "--name=yes or --name=no. The same table rolled: carroccio alsh " +
      p.name + ".";
  return spec;
}

int usage_error(std::ostream& err, std::string_view command, std::string_view sentence) {
  return game::command_usage_error(err, command, sentence);
}

int print(const json& odds, bool as_json, std::ostream& out) {
  if (as_json) {
    out << odds.dump(2) << "\n";
    return game::kExitOk;
  }
  const json& report = odds["report"];
  out << fmt::format("Described {} [alsh {}]:\n", report["title"].get<std::string>(),
                     report["table"].get<std::string>());
  std::string line;
  // Each field as understood, defaults included; a switch only when it is on.
  for (const auto& [key, value] : report["situation"].items()) {
    if (value.is_boolean() && !value.get<bool>()) continue;
    line += (line.empty() ? "  " : ", ") + key;
    if (!value.is_boolean())
      line += " " + (value.is_string() ? value.get<std::string>() : value.dump());
  }
  if (!line.empty()) out << line << "\n";
  out << "\nRoll the table:\n" << game::format_odds(odds, "  ");
  return game::kExitOk;
}

}  // namespace

json odds_from_report(const json& report, std::string_view rolls) {
  json o;
  o["kind"] = "alsh_table";
  o["table"] = report["table"];
  o["title"] = report["title"];
  o["rule"] = fmt::format("alsh {}", report["title"].get<std::string>());
  if (!rolls.empty()) o["roll"] = std::string(rolls);
  json mods = json::array();
  for (const auto& m : report["modifiers"]) {
    if (!m["applied"].get<bool>()) continue;
    const std::string kind = m["kind"].get<std::string>();
    const std::string confidence = m["confidence"].get<std::string>();
    std::string what =
        fmt::format("{} {}", signed_int(m["value"].get<int>()), m["label"].get<std::string>());
    if (kind != "drm") what += fmt::format(" ({})", kind);
    if (m.contains("note")) what += ": " + m["note"].get<std::string>();
    if (confidence != "legible") what += fmt::format(" ({} reading)", confidence);
    mods.push_back({{"what", what}, {"rule", m["source"]}});
  }
  o["modifiers"] = mods;
  if (report.contains("total_modifier")) o["drm"] = report["total_modifier"];
  if (report.contains("uncertain_probability") &&
      report["uncertain_probability"]["fraction"] != "0")
    o["note"] = fmt::format(
        "with probability {} the outcome rests on a reconstructed or guessed reading of the "
        "chart, {} on a guessed one (marked ~ and ?)",
        report["uncertain_probability"]["fraction"].get<std::string>(),
        report["guessed_probability"]["fraction"].get<std::string>());
  json results = json::array();
  for (const auto& l : report["odds"]) {
    const std::string c = l["confidence"].get<std::string>();
    const std::string mark = c == "reconstructed" ? " ~"
                             : c == "guessed"     ? " ?"
                             : c == "missing"     ? " !"
                                                  : "";
    json r = {{"result", l["outcome"].get<std::string>() + mark},
              {"probability", l["probability"]},
              {"p", fraction_value(l["probability"].get<std::string>())},
              {"confidence", c}};
    if (l.contains("rolls")) r["rolls"] = l["rolls"];
    results.push_back(std::move(r));
  }
  o["results"] = results;
  o["report"] = report;
  return o;
}

core::Expected<json> described_odds(const json& request) {
  if (!request.is_object())
    return core::make_error(
        "A described alsh roll is a JSON object with \"table\" and \"situation\".");
  for (const auto& [key, value] : request.items())
    if (key != "table" && key != "situation" && key != "assault_table")
      return core::make_error(fmt::format(
          "A described alsh roll has no field '{}': its fields are table, situation and "
          "assault_table (no dice: the odds cover every roll).",
          key));
  const auto tables = dice_tables();
  if (!request.contains("table") || !request["table"].is_string())
    return core::make_error(
        fmt::format("A described alsh roll needs \"table\": one of {}.", procedure_names(tables)));
  const std::string name = request["table"].get<std::string>();
  const auto all = procedures();
  const Procedure* p = find_procedure(all, name);
  if (p == nullptr)
    return core::make_error(fmt::format("'{}' is not an alsh table with dice: the tables are {}.",
                                        name, procedure_names(tables)));
  if (!p->dice)
    return core::make_error(fmt::format(
        "The {} is read without dice, so it has no odds (carroccio alsh {} reads it); the "
        "tables with dice are {}.",
        p->title, p->name, procedure_names(tables)));
  json q = request;
  q["odds_only"] = true;
  auto report = resolve_request(q);  // the referee page's request: the same checks and odds
  if (!report) return report.error();
  if (!(*report)["resolved"].get<bool>())
    return core::make_error(
        fmt::format("The {} cannot be read: {}{}", p->title,
                    (*report).value("unresolved_reason", std::string("it is not resolved")),
                    p->name == "assault" ? " (give its grid with --assault-table FILE)." : "."));
  return odds_from_report(*report, p->rolls);
}

int run_described_odds_cli(const std::vector<std::string>& args, std::ostream& out,
                           std::ostream& err) {
  int code = game::kExitOk;
  for (const auto& a : args)
    if (a == "--die" || a == "--seed" || a == "--odds" || a.rfind("--die=", 0) == 0 ||
        a.rfind("--seed=", 0) == 0)
      return usage_error(err, "odds alsh",
                         fmt::format("{} rolls or chooses dice; the odds cover every roll (to "
                                     "roll the table: carroccio alsh TABLE {}).",
                                     a.substr(0, a.find('=')), a.substr(0, a.find('='))));
  if (args.empty() || args[0].rfind("-", 0) == 0) {
    const auto parsed = game::parse_or_answer(args, odds_overview_spec(), out, err, code);
    if (!parsed) return code;
    auto path = parsed->value("situation");
    if (!path) {
      out << overview();
      return game::kExitOk;
    }
    auto text = game::read_text_file(*path, "situation file");
    if (!text) return usage_error(err, "odds alsh", text.message());
    auto j = game::parse_json_text(*text, *path);
    if (!j) return usage_error(err, "odds alsh", j.message());
    auto odds = described_odds(*j);
    if (!odds) return usage_error(err, "odds alsh", fmt::format("{}: {}", *path, odds.message()));
    return print(*odds, parsed->has("json"), out);
  }
  const auto all = procedures();
  const Procedure* p = find_procedure(all, args[0]);
  if (p == nullptr || !p->dice)
    return usage_error(
        err, "odds alsh",
        p == nullptr
            ? fmt::format("'{}' is not an alsh table: the tables with dice are {}.", args[0],
                          procedure_names(dice_tables()))
            : fmt::format("The {} is read without dice, so it has no odds (carroccio alsh {} "
                          "reads it); the tables with dice are {}.",
                          p->title, p->name, procedure_names(dice_tables())));
  const game::CommandSpec spec = table_odds_spec(*p);
  const auto parsed = game::parse_or_answer(std::span(args).subspan(1), spec, out, err, code);
  if (!parsed) return code;
  auto situation = situation_from_args(*p, *parsed);
  if (!situation) return usage_error(err, spec.name, situation.message());
  json request = {{"table", p->name}, {"situation", *situation}};
  if (auto path = parsed->value("assault-table")) {
    // Checked as `carroccio alsh assault` checks it (errors name the file), then sent as the
    // request's grid.
    if (auto grid = load_assault_grid_file(*path); !grid)
      return usage_error(err, spec.name, grid.message());
    auto text = game::read_text_file(*path, "Assault grid file");
    auto grid = text ? game::parse_json_text(*text, *path) : core::Expected<json>(text.error());
    if (!grid) return usage_error(err, spec.name, grid.message());
    request["assault_table"] = *grid;
  }
  auto odds = described_odds(request);
  if (!odds) return usage_error(err, spec.name, odds.message());
  return print(*odds, parsed->has("json"), out);
}

}  // namespace carroccio::alsh
