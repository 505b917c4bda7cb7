// `carroccio odds` and the odds text `carroccio play` shows before an attack is committed.
#include "app/odds.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <fstream>
#include <ostream>
#include <sstream>

#include "app/cli.hpp"
#include "app/commands.hpp"
#include "core/text.hpp"
#include "fmt/format.h"
#include "game/odds_text.hpp"
#include "game/record.hpp"

namespace carroccio::app {

namespace {

// Logical lines: the help is wrapped to 80 columns (game::wrap_help), each under its second
// column.
constexpr std::string_view kOddsUsage =
    R"(Usage: carroccio odds RECORD [--move N] [--action NAME|ID] [--json]
       carroccio odds RULESET ...  (a situation described without a game)

A saved position, of any ruleset:
  RECORD            a game record written by carroccio play --record (or the server)
  --move N          replay only the first N actions of the record (default: all of them)
  --action NAME|ID  the odds of this one decision (its number in the list, its id, or its name or the start of it); default: every decision that has odds
  --json            print the odds as JSON
The odds are exact (every die, chit and check enumerated), list every modifier with its clause, and computing them draws no random number.

A situation described without a game, for each ruleset that offers one:
)";

using core::lower;

// The usage: the saved position's, then each ruleset's described situation.
std::string odds_usage(const game::Registry& registry) {
  std::string text(kOddsUsage);
  bool first = true;
  for (const auto& r : registry.rulesets())
    if (auto d = r->described_odds()) {
      text += (first ? "" : "\n") + d->usage;
      first = false;
    }
  return text;
}

}  // namespace

int run_odds(std::span<const std::string> args, const game::Registry& registry, Io io) {
  // `carroccio odds RULESET ...`: the ruleset reads the rest (game::Ruleset::described_odds).
  if (!args.empty())
    if (const game::Ruleset* r = registry.find(args[0])) {
      auto d = r->described_odds();
      if (!d)
        return usage_error(io.err, fmt::format("{} offers no described situation: give a saved "
                                               "game record (carroccio odds RECORD).",
                                               args[0]));
      // The ruleset answers its own --help (its game::CommandSpec).
      return d->run(std::vector<std::string>(args.begin() + 1, args.end()), io.out, io.err);
    }
  // Flags that are not a saved position's: a described situation given without its ruleset.
  for (const auto& a : args)
    if (a.rfind("--", 0) == 0) {
      const std::string name =
          a.substr(2, a.find('=') == std::string::npos ? std::string::npos : a.find('=') - 2);
      if (name != "move" && name != "action" && name != "json" && name != "help")
        return usage_error(
            io.err,
            fmt::format("--{} is not a flag of a saved position (--move, --action, --json); a "
                        "described situation starts with its ruleset: carroccio odds RULESET "
                        "--{} ...",
                        name, name));
    }
  const CommandSpec spec{.name = "odds",
                         .positional = "RECORD",
                         .max_positional = 1,
                         .flags = {{.name = "move", .takes_value = true},
                                   {.name = "action", .takes_value = true},
                                   {.name = "json"}},
                         .usage = odds_usage(registry)};
  int code = kExitOk;
  auto parsed = parse_subcommand(args, spec, io, code);
  if (!parsed) return code;
  if (parsed->positional.empty())
    return usage_error(io.err,
                       "'carroccio odds' needs a game record, e.g. carroccio odds game.json.");
  auto record = game::read_record_file(parsed->positional[0]);
  if (!record) return usage_error(io.err, record.message());
  if (auto text = parsed->value("move")) {
    auto n = parse_count(*text, "move", 0, static_cast<std::int64_t>(record->actions.size()));
    if (!n) return usage_error(io.err, n.message());
    record->actions.resize(static_cast<std::size_t>(*n));
  }
  auto state = game::replay(registry, *record);
  if (!state) return fail(io.err, state.message());
  const game::State& s = **state;
  const std::size_t at = record->actions.size();
  if (s.is_terminal())
    return fail(io.err,
                fmt::format("After {} actions the game is over: there is nothing to decide.", at));
  if (s.is_chance_node())
    return fail(io.err,
                fmt::format("After {} actions the dice are to be rolled, not a side to decide: "
                            "choose another --move.",
                            at));
  const std::vector<game::Action> legal = s.legal_actions();
  std::vector<game::Action> chosen;
  if (auto text = parsed->value("action")) {
    const std::string want = lower(*text);
    int number = 0;
    const auto [ptr, ec] = std::from_chars(text->data(), text->data() + text->size(), number);
    const bool numeric = ec == std::errc() && ptr == text->data() + text->size();
    std::vector<game::Action> prefix;
    for (std::size_t i = 0; i < legal.size(); ++i) {
      const std::string name = lower(s.action_to_string(legal[i]));
      if (numeric && (static_cast<std::size_t>(number) == i + 1 || number == legal[i])) {
        chosen = {legal[i]};
        break;
      }
      if (name == want) {
        chosen = {legal[i]};
        break;
      }
      if (name.compare(0, want.size(), want) == 0) prefix.push_back(legal[i]);
    }
    if (chosen.empty() && prefix.size() == 1) chosen = prefix;
    if (chosen.empty())
      return usage_error(
          io.err,
          prefix.empty()
              ? fmt::format("'--action {}' is not a legal decision after {} actions.", *text, at)
              : fmt::format("'--action {}' is the start of {} decisions' names: say more.", *text,
                            prefix.size()));
  } else {
    chosen = legal;
  }
  nlohmann::json list = nlohmann::json::array();
  for (game::Action a : chosen) {
    nlohmann::json odds = s.action_odds(a);
    if (odds.is_null() && !parsed->has("action")) continue;
    list.push_back({{"action", a}, {"name", s.action_to_string(a)}, {"odds", odds}});
  }
  if (parsed->has("json")) {
    io.out << nlohmann::json{{"move", at},
                             {"player", s.game().player_name(s.current_player())},
                             {"actions", list}}
                  .dump(2)
           << "\n";
    return kExitOk;
  }
  io.out << fmt::format("{}/{} after {} actions: {} to decide.\n", s.game().ruleset(),
                        s.game().scenario(), at, s.game().player_name(s.current_player()));
  if (const auto status = s.status_line(); !status.empty()) io.out << status << "\n";
  if (list.empty()) {
    io.out << "None of the decisions here has odds to show (no attack is being built).\n";
    return kExitOk;
  }
  for (const auto& item : list) {
    io.out << fmt::format("\n{} (action {}):\n", item["name"].get<std::string>(),
                          item["action"].get<int>());
    if (item["odds"].is_null())
      io.out << "  This decision has no odds to show.\n";
    else
      io.out << game::format_odds(item["odds"], "  ");
  }
  return kExitOk;
}

}  // namespace carroccio::app
