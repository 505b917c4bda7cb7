// The subcommands of `carroccio`, and what they share (internal to app/).
#pragma once

#include <cstddef>
#include <iosfwd>
#include <span>
#include <string>
#include <string_view>
#include <vector>

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
int run_bench(std::span<const std::string> args, const game::Registry& registry, Io io);
int run_sim(std::span<const std::string> args, const game::Registry& registry, Io io);
int run_odds(std::span<const std::string> args, const game::Registry& registry, Io io);
int run_tune(std::span<const std::string> args, const game::Registry& registry, Io io);

// "  [bma 6.4] Morale check ..." (no brackets when the event cites no rule).
std::string format_event(const core::Event& event);

// "imperial +1, lombard -1".
std::string format_returns(const game::Game& game, const std::vector<double>& returns);

// The scenario `demo` plays by default: bma/legnano if registered, else the first scenario of
// the first ruleset that plays games; empty if there is none.
std::string default_scenario(const game::Registry& registry);

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
