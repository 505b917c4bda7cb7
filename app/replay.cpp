// `carroccio replay FILE`: replays a game record and checks it reaches the recorded position.
#include <ostream>

#include "app/cli.hpp"
#include "app/commands.hpp"
#include "core/hash.hpp"
#include "fmt/format.h"
#include "game/record.hpp"

namespace carroccio::app {

int run_replay(std::span<const std::string> args, const game::Registry& registry, Io io) {
  if (wants_help(args)) {
    io.out << "Usage: carroccio replay FILE [--json] [--quiet]\n";
    return kExitOk;
  }
  auto parsed = parse_args(args, "replay", {{"json"}, {"quiet"}}, 1);
  if (!parsed) return usage_error(io.err, parsed.message());
  if (parsed->positional.empty())
    return usage_error(io.err,
                       "'carroccio replay' needs a game record, e.g. carroccio replay game.json.");
  const std::string& path = parsed->positional[0];
  auto record = game::read_record_file(path);
  if (!record) return fail(io.err, record.message());
  core::EventLog log;
  auto replayed = game::replay(registry, *record, &log);
  if (!replayed) return fail(io.err, fmt::format("{}: {}", path, replayed.message()));
  const game::State& state = **replayed;
  const std::string hash = core::hex64(state.hash());
  const bool matches = hash == record->final_hash;

  if (parsed->has("json")) {
    nlohmann::json events = nlohmann::json::array();
    for (const auto& e : log.events()) events.push_back(core::to_json(e));
    nlohmann::json j = {{"ruleset", record->ruleset},
                        {"scenario", record->scenario},
                        {"options", game::options_to_string(record->options)},
                        {"seed", record->seed},
                        {"actions", record->actions.size()},
                        {"terminal", state.is_terminal()},
                        {"returns", state.is_terminal() ? nlohmann::json(state.returns())
                                                        : nlohmann::json(nullptr)},
                        {"final_hash", hash},
                        {"recorded_hash", record->final_hash},
                        {"hash_matches", matches},
                        {"status", state.status_line()},
                        {"events", events},
                        {"state", state.to_json(game::kReferee)}};
    io.out << j.dump(2) << "\n";
  } else {
    const bool quiet = parsed->has("quiet");
    io.out << fmt::format(
        "{}: {}/{}{}, seed {}, {} actions.\n", path, record->ruleset, record->scenario,
        record->options.empty()
            ? ""
            : fmt::format(" with options {}", game::options_to_string(record->options)),
        record->seed, record->actions.size());
    if (!quiet) {
      for (const auto& e : log.events()) io.out << format_event(e) << "\n";
      const std::string board = state.render_text(game::kReferee);
      io.out << "\nFinal position:\n" << board;
      if (!board.empty() && board.back() != '\n') io.out << "\n";
      if (const auto status = state.status_line(); !status.empty()) io.out << status << "\n";
    }
    if (state.is_terminal())
      io.out << "Result: " << format_result(state) << "\n";
    else
      io.out << "Result: none, the record stops before the end of the game.\n";
    io.out << "Final hash: " << hash
           << (matches ? " (matches the record)" : " (does NOT match the record)") << "\n";
  }
  if (!matches)
    return fail(io.err, fmt::format("{}: the replayed game ends in position {}, but the record "
                                    "says {}, so the record does not match these rules.",
                                    path, hash, record->final_hash));
  return kExitOk;
}

}  // namespace carroccio::app
