// What the rulesets' odds of a described situation (Ruleset::described_odds, `carroccio odds
// RULESET ...`) share: the situation read from the command line's flags or from a JSON file
// (--situation FILE), each field read with one sentence that names the flag (or the file's field)
// and the values allowed, and the answer printed as the odds text (odds_text.hpp) or as JSON.
// The ruleset supplies the flags (a CommandSpec) and the function that lays the situation out as
// a position and asks its State::action_odds; nothing here knows a rule.
#pragma once

#include <functional>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

#include "core/status.hpp"
#include "game/command_line.hpp"
#include "nlohmann/json.hpp"

namespace carroccio::game {

// The fields of a described situation: the flags given (a value as its text, a switch as "true"
// or the word after '='), or the members of the situation file's object. Keys are the flags'
// names with '_' for '-' ("target_hits" for --target-hits).
class SituationFields {
 public:
  // `file` is the situation file's path, or "" when the fields are the command line's flags.
  SituationFields(nlohmann::json fields, std::string file);

  bool has(std::string_view key) const;
  // The field's value among `allowed` (case aside; '-', '_' and ' ' alike), as written in
  // `allowed`; `fallback` when it is not given ("" : it must be given).
  core::Expected<std::string> word(std::string_view key, const std::vector<std::string>& allowed,
                                   std::string_view fallback = "") const;
  // A whole number from lo to hi (a JSON number or the digits of a flag); `fallback` when not
  // given.
  core::Expected<int> number(std::string_view key, int lo, int hi, int fallback) const;
  // A switch: true, false, yes or no (a JSON boolean, or a flag alone); false when not given.
  core::Expected<bool> yes_no(std::string_view key) const;
  // How a field is named in a sentence: "--target-hits" for a flag, "attack.json: target_hits"
  // for a file's field.
  std::string name(std::string_view key) const;
  // One sentence: "<name> <rest>" ("--uphill counts only in melee (ohw 3.2 i)").
  core::Error error(std::string_view key, std::string_view rest) const;
  // A sentence about the situation as a whole, with the file named first when it came from one
  // ("attack.json: <sentence>"), as it is for the flags.
  core::Error whole_error(std::string_view sentence) const;

  // For a ruleset whose situation is more than flat fields (bma's attackers, gwkho's elements):
  // the fields as given (a flag's value as its text, a repeatable flag's as an array of texts;
  // a file's members as the file has them), and the file's path ("" for the flags).
  const nlohmann::json& all() const { return fields_; }
  const std::string& file() const { return file_; }

 private:
  nlohmann::json fields_;
  std::string file_;
};

// A situation laid out and its odds.
struct DescribedOddsAnswer {
  nlohmann::json situation;        // the situation as understood, every field filled in
  std::vector<std::string> lines;  // the same for people, one line each
  std::string decision;            // the decision whose odds these are: "The shot"
  nlohmann::json odds;             // State::action_odds of that decision
};
using DescribeSituation =
    std::function<core::Expected<DescribedOddsAnswer>(const SituationFields& fields)>;

// The spec of `carroccio odds RULESET ...`: its name "odds RULESET", the summary, the flags of
// the situation's fields, then the two every ruleset has (--situation FILE, --json), and the
// footer followed by the line that points to a saved position's odds. Its --help is written
// from it (command_help), wrapped to 80 columns.
CommandSpec described_odds_spec(std::string_view ruleset, std::string summary,
                                std::vector<FlagSpec> fields, std::string footer);

// `carroccio odds RULESET ...` for a ruleset whose spec is described_odds_spec's: answers
// --help, refuses a saved position's --move and --action, reads the fields from the flags or the
// file (not both; a file's member that is not a field is refused), hands them to `describe`,
// and prints its answer: the lines, then the decision and its odds (format_odds), or with --json
// {"situation", "odds"}. A bad description is one sentence on `err` and kExitUsage.
// `file_fields`: the members a situation file may hold when they are not the flags' keys (bma's
// "attackers" for its repeated --attacker); empty, the flags' keys.
int run_described_odds(const std::vector<std::string>& args, const CommandSpec& spec,
                       const DescribeSituation& describe, std::ostream& out, std::ostream& err,
                       const std::vector<std::string>& file_fields = {});

}  // namespace carroccio::game
