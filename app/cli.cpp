#include "app/cli.hpp"

#include <algorithm>
#include <charconv>
#include <istream>
#include <ostream>
#include <sstream>

#include "app/commands.hpp"
#if CARROCCIO_HAS_SERVE
#include "app/serve_command.hpp"
#endif
#include "fmt/format.h"
#include "game/rules_reference.hpp"

namespace carroccio::app {

namespace {

// The help before and after the commands the rulesets contribute (listed between them).
constexpr std::string_view kUsageHead =
    R"(carroccio: plays, referees and simulates medieval tabletop wargames.

Usage: carroccio <subcommand> [arguments]

Subcommands:
  rulesets [--json]          list the rulesets, their scenarios and options
  play REF [flags]           play a game (REF is ruleset/scenario or a scenario file)
      --agent SIDE=KIND      who plays SIDE: human, random (default), heuristic, mcts; KIND:key=value,...
      --seed N               seed of the digital dice and the AI (default 1)
      --options LIST         optional rules, e.g. facing,vcf=every
      --dice digital|physical  roll with our generator (default) or type real dice rolls
      --record FILE          write the game record to FILE at the end (or on quit)
      --explain              after each AI decision, the candidates it weighed and their values
      --quiet                print only the result
  demo [--scenario REF] [--seed N] [--options LIST]
                             watch one complete AI-vs-AI game (demo --help)
  replay FILE [--json] [--quiet]
                             replay a game record and check it reproduces the same final position
  analyse RECORD --move N [--agent KIND] [--top K]
                             what an agent weighs at a recorded position (analyse --help)
  bench [--games N] [--scenario REF] [--json]
                             time random games of every scenario (wall-clock and CPU games/s)
                             and print a behaviour signature
)";

constexpr std::string_view kUsageTail =
    R"(  serve [flags]              the browser front end and HTTP API (see carroccio serve --help)
  sim REF [flags]            play many AI games in parallel and report their statistics
      --games N --threads T --seed S --agent SIDE=KIND --options LIST
      --json  --csv FILE  --report FILE.html  --compare-options A B
                             (see carroccio sim --help)
  sim merge SHARD.json...    add up the shards of one study (--first-game) exactly
  tune REF --param PATH --target RATE [flags]
                             find the value of one scenario number that gives a side a win
                             rate, by paired simulation (see carroccio tune --help)
  odds RECORD [--move N] [--action NAME] [--json]
                             exact odds of the attacks, shots and charges open in a saved
                             position, for every ruleset
  odds RULESET ...           exact odds of a situation described without a game, where the
                             ruleset offers it (see carroccio odds --help)

  carroccio --version        print the version
  carroccio --help           print this help
  carroccio SUBCOMMAND --help   (or carroccio help SUBCOMMAND) the flags of one subcommand
  carroccio help RULESET TOPIC  a clause (its number), ruling (its id) or term of a
                             ruleset's rules reference, or a table of its referee
)";

// `carroccio help SUBJECT TOPIC`, where SUBJECT is a ruleset or a ruleset's command: a clause,
// ruling or term of the ruleset's rules reference (game::reference_topic), else the command's own
// help for TOPIC (`help CMD TOPIC` is `CMD TOPIC --help`); nothing of either is one sentence.
int help_topic(const std::string& subject, const std::string& topic, const game::Registry& registry,
               Io io) {
  const auto reference = registry.rules_reference(subject);
  if (reference) {
    const std::string text = game::reference_topic(*reference, topic);
    if (!text.empty()) {
      io.out << game::wrap_help(text);
      return kExitOk;
    }
  }
  const game::RulesetCommand* command = registry.find_command(subject);
  if (command != nullptr) {
    std::ostringstream out, err;
    const int code = command->run({topic, "--help"}, out, err);
    if (code == kExitOk && !out.str().empty()) {
      io.out << out.str();
      return kExitOk;
    }
    if (!reference) {
      io.err << err.str();
      return code == kExitOk ? kExitUsage : code;
    }
  }
  if (!reference)
    return usage_error(
        io.err, fmt::format("'{}' is not a ruleset: 'carroccio help {} {}' asks a ruleset for a "
                            "clause, ruling or term (carroccio rulesets lists them).",
                            subject, subject, topic));
  return usage_error(
      io.err,
      fmt::format("'{}' is not a clause, ruling or term of the {} rules reference{}: try e.g. {}.",
                  topic, subject,
                  command != nullptr ? fmt::format(", nor a table of carroccio {}", subject) : "",
                  game::reference_examples(*reference)));
}

std::string_view trim_blanks(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

}  // namespace

std::span<const std::string_view> builtin_subcommands() {
  static constexpr std::string_view kNames[] = {"rulesets", "play",  "demo",  "replay",
                                                "analyse",  "bench", "serve", "sim",
                                                "tune",     "odds",  "help",  "version"};
  return kNames;
}

std::string usage_text(const game::Registry& registry) {
  std::string text(kUsageHead);
  for (const auto& c : registry.commands()) {
    const std::string synopsis = c.arguments.empty() ? c.name : c.name + " " + c.arguments;
    // The summary starts in the help's second column, or on the next line when the synopsis
    // reaches it.
    if (synopsis.size() <= 26)
      text += fmt::format("  {:<26} {}\n", synopsis, c.summary);
    else
      text += fmt::format("  {}\n  {:<26} {}\n", synopsis, "", c.summary);
  }
  text += kUsageTail;
  return game::wrap_help(text);
}

bool wants_help(std::span<const std::string> args) {
  return std::any_of(args.begin(), args.end(),
                     [](const std::string& a) { return a == "--help" || a == "-h"; });
}

core::Expected<AgentAssignment> parse_agent_assignment(std::string_view text) {
  const auto eq = text.find('=');
  if (eq == std::string_view::npos || eq == 0 || eq + 1 == text.size())
    return core::make_error(
        fmt::format("'--agent {}' must be SIDE=KIND, e.g. --agent imperial=human.", text));
  auto spec = ai::AgentSpec::parse(text.substr(eq + 1));
  if (!spec) return spec.error();
  return AgentAssignment{std::string(text.substr(0, eq)), std::move(*spec)};
}

std::vector<std::string> agent_kinds() {
  std::vector<std::string> kinds = ai::agent_kinds();
  kinds.push_back("human");
  std::sort(kinds.begin(), kinds.end());
  kinds.erase(std::unique(kinds.begin(), kinds.end()), kinds.end());
  return kinds;
}

core::Expected<std::vector<ai::AgentSpec>> resolve_agents(
    const std::vector<AgentAssignment>& assignments, const game::Game& game) {
  std::vector<ai::AgentSpec> specs(static_cast<std::size_t>(game.num_players()),
                                   ai::AgentSpec{"random", {}});
  std::vector<bool> assigned(specs.size(), false);
  const auto kinds = agent_kinds();
  for (const auto& a : assignments) {
    auto side = game.find_player(a.side);
    if (!side) return side.error();
    const auto index = static_cast<std::size_t>(*side);
    if (assigned[index])
      return core::make_error(fmt::format("Side '{}' is given an agent twice.", a.side));
    assigned[index] = true;
    if (std::find(kinds.begin(), kinds.end(), a.spec.kind) == kinds.end())
      return core::make_error(fmt::format("'{}' is not an agent kind: the kinds are {}.",
                                          a.spec.kind, fmt::join(kinds, ", ")));
    if (a.spec.kind == "human") {
      if (auto s = a.spec.check_params({}); !s) return core::make_error(s.message());
    } else {
      auto agent = ai::make_agent(a.spec, game, *side);
      if (!agent) return agent.error();
    }
    specs[index] = a.spec;
  }
  return specs;
}

core::Expected<DiceMode> parse_dice_mode(std::string_view text) {
  if (text == "digital") return DiceMode::kDigital;
  if (text == "physical") return DiceMode::kPhysical;
  return core::make_error(
      fmt::format("'--dice {}' is not a dice mode: use digital or physical.", text));
}

core::Expected<game::Options> parse_option_list(std::string_view text) {
  auto options = game::parse_options(text);
  if (!options)
    return core::make_error(fmt::format("In '--options {}': {}", text, options.message()));
  return options;
}

core::Expected<std::uint64_t> parse_seed(std::string_view text) {
  const std::string_view t = trim_blanks(text);
  std::uint64_t v = 0;
  const auto [ptr, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
  if (t.empty() || ec != std::errc() || ptr != t.data() + t.size())
    return core::make_error(fmt::format(
        "'--seed {}' is not a seed: use a whole number from 0 to 18446744073709551615.", text));
  return v;
}

core::Expected<std::int64_t> parse_count(std::string_view text, std::string_view flag,
                                         std::int64_t lo, std::int64_t hi) {
  const std::string_view t = trim_blanks(text);
  std::int64_t v = 0;
  const auto [ptr, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
  if (t.empty() || ec != std::errc() || ptr != t.data() + t.size() || v < lo || v > hi)
    return core::make_error(
        fmt::format("'--{} {}' must be a whole number from {} to {}.", flag, text, lo, hi));
  return v;
}

int usage_error(std::ostream& err, std::string_view sentence) {
  err << "carroccio: " << sentence << "\nsee carroccio --help\n";
  return kExitUsage;
}

int fail(std::ostream& err, std::string_view sentence) {
  err << "carroccio: " << sentence << "\n";
  return kExitError;
}

std::optional<ParsedArgs> parse_subcommand(std::span<const std::string> args,
                                           const CommandSpec& spec, Io io, int& code) {
  auto outcome = parse_command(args, spec);
  if (!outcome) {
    code = usage_error(io.err, outcome.message());
    return std::nullopt;
  }
  if (outcome->help) {
    io.out << command_help(spec);
    code = kExitOk;
    return std::nullopt;
  }
  return std::move(outcome->args);
}

void print_warnings(std::ostream& err, const std::vector<std::string>& warnings) {
  for (const auto& w : warnings) err << "carroccio: warning: " << w << "\n";
}

int run(const std::vector<std::string>& args, const game::Registry& registry, std::istream& in,
        std::ostream& out, std::ostream& err) {
  Io io{in, out, err};
  if (args.empty()) {
    err << usage_text(registry);
    return kExitUsage;
  }
  const std::string& command = args[0];
  const std::span<const std::string> rest(args.data() + 1, args.size() - 1);
  if (command == "--version" || command == "-V" || command == "version") {
    if (!rest.empty()) return usage_error(err, "'--version' takes no arguments.");
    out << "carroccio " << CARROCCIO_VERSION << "\n";
    return kExitOk;
  }
  // `carroccio help play` is `carroccio play --help`; `carroccio help RULESET TOPIC` is a
  // clause, ruling or term of the ruleset's rules reference, or its command's help for TOPIC.
  if (command == "help" && rest.size() == 2 && !(rest[0] == "sim" && rest[1] == "merge") &&
      rest[0][0] != '-' && rest[1][0] != '-')
    return help_topic(rest[0], rest[1], registry, io);
  if (command == "help" && !rest.empty()) {
    if (rest.size() > 2 || (rest.size() == 2 && !(rest[0] == "sim" && rest[1] == "merge")))
      return usage_error(err,
                         "'carroccio help' takes one subcommand (carroccio help play) or a ruleset "
                         "and a topic (carroccio help RULESET TOPIC).");
    if (rest[0] == "help" || rest[0] == "version" || rest[0][0] == '-')
      return usage_error(err, fmt::format("'{}' is not a subcommand with its own help.", rest[0]));
    std::vector<std::string> asked(rest.begin(), rest.end());
    asked.push_back("--help");
    return run(asked, registry, in, out, err);
  }
  if (command == "--help" || command == "-h" || command == "help") {
    out << usage_text(registry);
    return kExitOk;
  }
  if (command == "rulesets") return run_rulesets(rest, registry, io);
  if (command == "play") return run_play(rest, registry, io);
  if (command == "demo") return run_demo(rest, registry, io);
  if (command == "replay") return run_replay(rest, registry, io);
  if (command == "analyse") return run_analyse(rest, registry, io);
  if (command == "bench") return run_bench(rest, registry, io);
#if CARROCCIO_HAS_SERVE
  if (command == "serve")
    return run_serve_command(std::vector<std::string>(rest.begin(), rest.end()), out, err);
#endif
  if (command == "sim") return run_sim(rest, registry, io);
  if (command == "tune") return run_tune(rest, registry, io);
  if (command == "odds") return run_odds(rest, registry, io);
  // The commands the rulesets contribute (game::Ruleset::commands()).
  if (const game::RulesetCommand* c = registry.find_command(command))
    return c->run(std::vector<std::string>(rest.begin(), rest.end()), out, err);
  if (command == "serve") {
    err << fmt::format("carroccio: the '{}' subcommand is not available yet.\n", command);
    return kExitUsage;
  }
  if (!command.empty() && command[0] == '-')
    return usage_error(err, fmt::format("'{}' is not an option of carroccio.", command));
  return usage_error(err, fmt::format("'{}' is not a subcommand of carroccio.", command));
}

}  // namespace carroccio::app
