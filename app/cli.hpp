// The `carroccio` command line: argument parsing helpers (tested on their own) and the entry point
// that dispatches to the subcommands.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ai/agent.hpp"
#include "core/status.hpp"
#include "game/registry.hpp"
#include "game/types.hpp"

namespace carroccio::app {

inline constexpr int kExitOk = 0;
inline constexpr int kExitError = 1;  // the command could not do its job (bad file, mismatch)
inline constexpr int kExitUsage = 2;  // the command line itself is wrong

// One flag a subcommand accepts: "--seed N" (takes_value) or "--quiet" (a switch).
struct FlagSpec {
  std::string name;  // without the dashes: "seed"
  bool takes_value = false;
  bool repeatable = false;
  std::string help;        // its line in the subcommand's --help
  std::string value_name;  // what the value is, in --help: "N", "FILE" (default "VALUE")
  int values = 1;          // values each use takes (2: "--compare-options A B")
  std::string missing;     // the sentence when a value is missing (default: "'--x' needs a value.")
};

// A subcommand's arguments, from which CLI11 parses them and writes its --help.
struct CommandSpec {
  std::string name;             // "play", "sim merge"
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
// The subcommand's --help: `spec.usage`, or what CLI11 writes from the spec.
std::string command_help(const CommandSpec& spec);

// "--agent SIDE=KIND[:key=value,...]".
struct AgentAssignment {
  std::string side;
  ai::AgentSpec spec;
};
core::Expected<AgentAssignment> parse_agent_assignment(std::string_view text);

// The agent kinds the command line knows: "human" and every kind of ai::make_agent, sorted.
std::vector<std::string> agent_kinds();

// The agent of every side of `game`, in side order: "random" unless assigned. An unknown side
// (naming the sides), a side assigned twice, an unknown kind (naming the kinds) or a bad
// parameter is one sentence.
core::Expected<std::vector<ai::AgentSpec>> resolve_agents(
    const std::vector<AgentAssignment>& assignments, const game::Game& game);

enum class DiceMode { kDigital, kPhysical };
core::Expected<DiceMode> parse_dice_mode(std::string_view text);

// "--options facing,charge,vcf=every" (game::parse_options, with the flag named in errors).
core::Expected<game::Options> parse_option_list(std::string_view text);

// A seed: a whole number from 0 to 2^64-1.
core::Expected<std::uint64_t> parse_seed(std::string_view text);

// A count for `flag` from lo to hi.
core::Expected<std::int64_t> parse_count(std::string_view text, std::string_view flag,
                                         std::int64_t lo, std::int64_t hi);

// Runs `carroccio <args...>` (args exclude the program name) against `registry`, reading a
// person's input from `in`. Returns the exit code: kExitOk, kExitError or kExitUsage.
int run(const std::vector<std::string>& args, const game::Registry& registry, std::istream& in,
        std::ostream& out, std::ostream& err);

}  // namespace carroccio::app
