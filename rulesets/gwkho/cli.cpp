#include "rulesets/gwkho/cli.hpp"

#include <filesystem>
#include <fstream>
#include <ostream>
#include <sstream>

#include "fmt/format.h"
#include "game/json_text.hpp"
#include "rulesets/gwkho/army.hpp"

namespace carroccio::gwkho {

namespace {

int usage_error(std::ostream& err, const std::string& sentence) {
  err << "carroccio: " << sentence << "\nsee carroccio army --help\n";
  return 2;
}

int fail(std::ostream& err, const std::string& sentence) {
  err << "carroccio: " << sentence << "\n";
  return 1;
}

}  // namespace

std::string army_usage() {
  std::string ids;
  for (const auto& [id, text] : builtin_army_lists()) ids += fmt::format("  gwkho/{}\n", id);
  return "Usage: carroccio army FILE [--json]\n"
         "\n"
         "Costs and checks an army list of God Will Know His Own (format: "
         "docs/scenario-format.md,\n"
         "section gwkho). It prints each element group with its points and element equivalents\n"
         "(e/e), each command's totals, the army's points and e/e, and the morale thresholds of\n"
         "each ledger; a list that breaks a rule is refused with one sentence naming the file,\n"
         "the line, the field and the rule (docs/clauses/gwkho.md, docs/rulings/gwkho.md).\n"
         "\n"
         "  FILE      an army list file, or gwkho/ID for a built-in list\n"
         "  --json    the report as JSON\n"
         "\n"
         "Built-in lists:\n" +
         ids;
}

int run_army_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  bool json = false;
  std::string file;
  for (const auto& a : args) {
    if (a == "--help" || a == "-h") {
      out << army_usage();
      return 0;
    }
    if (a == "--json") {
      if (json) return usage_error(err, "'--json' is given twice to 'carroccio army'.");
      json = true;
    } else if (a.size() > 1 && a[0] == '-') {
      return usage_error(
          err, fmt::format("'{}' is not an option of 'carroccio army': it takes --json.", a));
    } else if (!file.empty()) {
      return usage_error(err, fmt::format("'carroccio army' takes one army list, but '{}' is one "
                                          "too many.",
                                          a));
    } else {
      file = a;
    }
  }
  if (file.empty())
    return usage_error(err,
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
