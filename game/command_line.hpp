// The arguments of a `carroccio` subcommand, declared once as a CommandSpec and parsed by CLI11:
// the built-in subcommands (app/) and those a ruleset contributes (Ruleset::commands(),
// Ruleset::described_odds()) all go through it, so each answers its own --help and refuses a bad
// argument in one sentence of ours (CLI11's own text is never shown). Needs only core and fmt
// (CLI11 is private to command_line.cpp).
#pragma once

#include <cstddef>
#include <iosfwd>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/status.hpp"

namespace carroccio::game {

// One flag a subcommand accepts: "--seed N" (takes_value) or "--quiet" (a switch).
struct FlagSpec {
  std::string name;  // without the dashes: "seed"
  bool takes_value = false;
  bool repeatable = false;
  std::string help;        // its line in the subcommand's --help
  std::string value_name;  // what the value is, in --help: "N", "FILE" (default "VALUE")
  int values = 1;          // values each use takes (2: "--compare-options A B")
  std::string missing;     // the sentence when a value is missing (default: "'--x' needs a value.")
  // A switch that may also be given a word after '=' ("--flank=no"): its values are the words
  // given, "true" for the switch alone, for the command to read. Otherwise a value on a switch
  // is refused.
  bool switch_word = false;
};

// A subcommand's arguments, from which CLI11 parses them and writes its --help.
struct CommandSpec {
  std::string name;             // "play", "sim merge", "alsh charge": the words after carroccio
  std::string summary;          // the first line of its --help
  std::string positional;       // the positionals' name in --help: "REF", "SHARD..." ("": none)
  std::string positional_help;  // their line in --help
  std::size_t max_positional = 0;
  std::vector<FlagSpec> flags;
  std::string footer;  // more text after the flags in --help
  // When not empty, --help prints this (a subcommand whose usage was written by hand, with its
  // flags) instead of the text CLI11 writes from the spec.
  std::string usage;
};

// Arguments after the subcommand, split into positionals and flags.
struct ParsedArgs {
  std::vector<std::string> positional;
  std::map<std::string, std::vector<std::string>> flags;  // a switch holds one "true"

  bool has(const std::string& name) const { return flags.count(name) > 0; }
  // The flag's value, if given.
  std::optional<std::string> value(const std::string& name) const;
  // Every value of a repeatable flag, in the order given.
  std::vector<std::string> values(const std::string& name) const;
};

// Parses the arguments with CLI11 ("--name value", "--name=value", switches; -h/--help asks for
// help). An unknown flag, a missing value, a value on a switch, a non-repeatable flag given
// twice, or more than `spec.max_positional` positionals is one sentence of ours naming the
// subcommand (CLI11's own text is never shown).
struct ParseOutcome {
  bool help = false;  // --help or -h was given: print command_help(spec)
  ParsedArgs args;
};
core::Expected<ParseOutcome> parse_command(std::span<const std::string> args,
                                           const CommandSpec& spec);
// parse_command for a spec of just these flags; help is not asked for (tests, small callers).
core::Expected<ParsedArgs> parse_args(std::span<const std::string> args, std::string_view command,
                                      const std::vector<FlagSpec>& flags,
                                      std::size_t max_positional);
// The subcommand's --help: `spec.usage`, or what CLI11 writes from the spec, wrapped by
// wrap_help.
std::string command_help(const CommandSpec& spec);

// Help text folded to `width` columns (a terminal's 80): a longer line breaks at a space, or after
// a '|' in a list of values, and goes on under its second column (the description after a flag
// or a name, where two spaces or more open it), else under its own indent (two more for a line
// that starts with a flag). Lines that fit, and a word longer than the width, are kept as they
// are.
std::string wrap_help(std::string_view text, std::size_t width = 80);

// The exit codes every subcommand returns (RulesetCommand::Run too).
inline constexpr int kExitOk = 0;
inline constexpr int kExitError = 1;  // the command could not do its job (bad file, mismatch)
inline constexpr int kExitUsage = 2;  // the command line itself is wrong

// A ruleset's command's bad argument: "carroccio: <sentence>" and the hint "see carroccio
// <command> --help" on `err`; returns kExitUsage.
int command_usage_error(std::ostream& err, std::string_view command, std::string_view sentence);

// parse_command for a ruleset's command: the arguments, or nullopt once the command is done,
// with `code` set: its --help written on `out` (kExitOk), or a bad argument reported by
// command_usage_error (kExitUsage).
std::optional<ParsedArgs> parse_or_answer(std::span<const std::string> args,
                                          const CommandSpec& spec, std::ostream& out,
                                          std::ostream& err, int& code);

}  // namespace carroccio::game
