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
#include "game/command_line.hpp"
#include "game/registry.hpp"
#include "game/types.hpp"

namespace carroccio::app {

using game::kExitError;
using game::kExitOk;
using game::kExitUsage;

// The arguments' spec and parser (game/command_line.hpp), shared with the rulesets' commands.
using game::command_help;
using game::CommandSpec;
using game::FlagSpec;
using game::parse_args;
using game::parse_command;
using game::ParsedArgs;
using game::ParseOutcome;

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
