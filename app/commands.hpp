// The subcommands of `carroccio`, and what they share (internal to app/).
#pragma once

#include <cstddef>
#include <iosfwd>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "app/cli.hpp"
#include "core/event.hpp"
#include "game/registry.hpp"

namespace carroccio::app {

struct Io {
  std::istream& in;
  std::ostream& out;
  std::ostream& err;
};

// The text of `carroccio --help`: the built-in subcommands and those of the registry's rulesets.
std::string usage_text(const game::Registry& registry);
// The names of the built-in subcommands (a ruleset's command may not take one of them).
std::span<const std::string_view> builtin_subcommands();
// Whether the arguments ask for help (--help or -h).
bool wants_help(std::span<const std::string> args);

// Parses a subcommand's arguments (parse_command). Returns them, or nullopt once the command is
// done: its --help printed (`code` kExitOk) or a usage error reported (`code` kExitUsage).
std::optional<ParsedArgs> parse_subcommand(std::span<const std::string> args,
                                           const CommandSpec& spec, Io io, int& code);

// Prints "carroccio: <sentence>" and the help hint on err; returns kExitUsage.
int usage_error(std::ostream& err, std::string_view sentence);
// Prints "carroccio: <sentence>" on err; returns kExitError.
int fail(std::ostream& err, std::string_view sentence);
// Prints "carroccio: warning: <sentence>" on err for each (a scenario's set-up warnings,
// game::Game::setup_warnings); the command goes on.
void print_warnings(std::ostream& err, const std::vector<std::string>& warnings);

// `args` are the arguments after the subcommand's name.
int run_rulesets(std::span<const std::string> args, const game::Registry& registry, Io io);
int run_play(std::span<const std::string> args, const game::Registry& registry, Io io);
int run_demo(std::span<const std::string> args, const game::Registry& registry, Io io);
int run_replay(std::span<const std::string> args, const game::Registry& registry, Io io);
int run_analyse(std::span<const std::string> args, const game::Registry& registry, Io io);
int run_bench(std::span<const std::string> args, const game::Registry& registry, Io io);
int run_sim(std::span<const std::string> args, const game::Registry& registry, Io io);
int run_odds(std::span<const std::string> args, const game::Registry& registry, Io io);
int run_tune(std::span<const std::string> args, const game::Registry& registry, Io io);

// "  [<ruleset> 6.4] Morale check ..." (no brackets when the event cites no rule).
std::string format_event(const core::Event& event);

// "imperial +1, lombard -1".
std::string format_returns(const game::Game& game, const std::vector<double>& returns);
// The "Result:" line of a terminal state: its returns, and when the ruleset reports a result on
// points (State::points_standing), how it ended and who is ahead: "lombard 0, imperial 0; drawn
// (turn limit); Lombard League ahead on points, VP lost 14 of 45 to 31 of 60".
std::string format_result(const game::State& state);

// The scenario `demo` plays by default: the first scenario of the first registered ruleset that
// plays games (the registration order, rulesets/all.cpp, decides it); empty if there is none.
std::string default_scenario(const game::Registry& registry);
// default_scenario, or "ruleset/scenario" when there is none: for examples in messages.
std::string example_scenario(const game::Registry& registry);

// Prints events as the rules emit them (unless quiet) and keeps them, for `l` in play.
class PrintingSink final : public core::EventSink {
 public:
  PrintingSink(std::ostream& out, bool echo) : out_(out), echo_(echo) {}
  void on_event(const core::Event& e) override;
  const std::vector<core::Event>& events() const { return events_; }

 private:
  std::ostream& out_;
  bool echo_;
  std::vector<core::Event> events_;
};

}  // namespace carroccio::app
