#include "rulesets/gwkho/cli.hpp"

#include <filesystem>
#include <fstream>
#include <ostream>
#include <sstream>

#include "fmt/format.h"
#include "game/command_line.hpp"
#include "game/json_text.hpp"
#include "rulesets/gwkho/army.hpp"

namespace carroccio::gwkho {

namespace {

int fail(std::ostream& err, const std::string& sentence) {
  err << "carroccio: " << sentence << "\n";
  return game::kExitError;
}

}  // namespace

game::CommandSpec army_command_spec() {
  std::string ids;
  for (const auto& [id, text] : builtin_army_lists()) ids += fmt::format("  gwkho/{}\n", id);
  return {.name = "army",
          .summary =
              "Costs and checks an army list of God Will Know His Own (format: "
              "docs/scenario-format.md,\nsection gwkho). It prints each element group with its "
              "points and element equivalents\n(e/e), each command's totals, the army's points "
              "and e/e, and the morale thresholds of\neach ledger; a list that breaks a rule is "
              "refused with one sentence naming the file,\nthe line, the field and the rule "
              "(docs/clauses/gwkho.md, docs/rulings/gwkho.md).",
          .positional = "FILE",
          .positional_help = "an army list file, or gwkho/ID for a built-in list",
          .max_positional = 1,
          .flags = {{.name = "json", .help = "the report as JSON"}},
          .footer = "Built-in lists:\n" + ids};
}

std::string army_usage() { return game::command_help(army_command_spec()); }

int run_army_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  int code = game::kExitOk;
  const auto parsed = game::parse_or_answer(args, army_command_spec(), out, err, code);
  if (!parsed) return code;
  const bool json = parsed->has("json");
  const std::string file = parsed->positional.empty() ? std::string() : parsed->positional[0];
  if (file.empty())
    return game::command_usage_error(err, "army",
                                     "'carroccio army' needs an army list, e.g. carroccio army "
                                     "scenarios/gwkho/armies/legnano-imperial.json.");
  core::Expected<ArmyList> army = core::make_error("");
  std::error_code ec;
  if (file.rfind("gwkho/", 0) == 0 && !std::filesystem::exists(file, ec)) {
    army = builtin_army_list(file.substr(6));
  } else {
    // Refused in one sentence when missing, a directory or over the size limit (16 MiB),
    // before it is read (game/json_text.hpp).
    auto text = game::read_text_file(file, "army list file");
    if (!text) return fail(err, text.message());
    army = read_army_list(*text, file);
  }
  if (!army) return fail(err, army.message());
  const ArmyReport report = assess(*army);
  if (json)
    out << report_json(report).dump(2) << "\n";
  else
    out << report_text(report, file);
  return 0;
}

}  // namespace carroccio::gwkho
