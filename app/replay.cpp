// `carroccio replay FILE`: replays a game record and checks everything it can (game/record.hpp,
// verify_record): the scenario and its source, every action, every chance outcome against the
// dice when they were digital, every agent decision that can be decided again, the returns and
// the final hash. The first disagreement is named by its action index and fails the command.
#include <map>
#include <memory>
#include <ostream>

#include "ai/agent.hpp"
#include "app/cli.hpp"
#include "app/commands.hpp"
#include "core/hash.hpp"
#include "fmt/format.h"
#include "game/record.hpp"

namespace carroccio::app {

namespace {

// Decides agents' decisions again as the record says they were made: one agent per side for the
// whole game with its split of the stream generator (`carroccio play`), or a fresh agent for each
// decision with the generator of its history index (the server).
class Redecider {
 public:
  explicit Redecider(const game::GameRecord& record) : record_(record) {}

  std::optional<game::Action> operator()(const game::State& state, game::Player side,
                                         std::size_t index) {
    const game::Game& g = state.game();
    const auto it = record_.agents.find(g.player_name(side));
    if (it == record_.agents.end()) return std::nullopt;
    auto spec = ai::AgentSpec::parse(it->second);
    // A time budget makes a different choice on every machine: it cannot be repeated.
    if (!spec || spec->params.count("ms") > 0) return std::nullopt;
    if (record_.agent_draw == game::AgentDraw::kStream) {
      auto& agent = stream_agents_[side];
      if (!agent) {
        auto made = ai::make_agent(*spec, g, side);
        if (!made) return std::nullopt;
        agent = std::move(*made);
        if (!stream_rngs_)
          stream_rngs_ = game::stream_rngs(record_.seed, record_.game_index, g.num_players());
      }
      return agent->choose(state, stream_rngs_->agents[static_cast<std::size_t>(side)]);
    }
    if (record_.agent_draw != game::AgentDraw::kPerDecision) return std::nullopt;
    core::Rng rng;
    if (record_.dice == game::DiceDraw::kIndexed) {
      rng = game::indexed_agent_rng(record_.seed, index);
    } else if (record_.dice == game::DiceDraw::kCommitted && !record_.dice_secret.empty()) {
      rng = game::committed_agent_rng(record_.dice_secret, index);
    } else {
      return std::nullopt;
    }
    auto made = ai::make_agent(*spec, g, side);
    if (!made) return std::nullopt;
    return (*made)->choose(state, rng);
  }

 private:
  const game::GameRecord& record_;
  std::map<game::Player, std::unique_ptr<ai::Agent>> stream_agents_;
  std::optional<game::StreamRngs> stream_rngs_;
};

}  // namespace

int run_replay(std::span<const std::string> args, const game::Registry& registry, Io io) {
  static const CommandSpec spec{
      .name = "replay",
      .summary =
          "Replays a game record and checks it: the scenario and its source, every action,\n"
          "every chance outcome against the record's dice (when they were digital), every\n"
          "agent decision decided again (unless --no-agents), the returns and the final\n"
          "hash. The first disagreement is named by its action index.",
      .positional = "FILE",
      .positional_help = "a game record (carroccio play --record, or the server's)",
      .max_positional = 1,
      .flags = {{.name = "json", .help = "the report, events and final position as JSON"},
                {.name = "quiet", .help = "print only the result and the check"},
                {.name = "no-agents", .help = "do not decide the agents' decisions again"}}};
  int code = kExitOk;
  auto parsed = parse_subcommand(args, spec, io, code);
  if (!parsed) return code;
  if (parsed->positional.empty())
    return usage_error(io.err,
                       "'carroccio replay' needs a game record, e.g. carroccio replay game.json.");
  const std::string& path = parsed->positional[0];
  auto record = game::read_record_file(path);
  if (!record) return fail(io.err, record.message());
  core::EventLog log;
  Redecider redecider(*record);
  game::AgentRedecide redecide;
  if (!parsed->has("no-agents"))
    redecide = [&](const game::State& s, game::Player p, std::size_t i) {
      return redecider(s, p, i);
    };
  auto verified = game::verify_record(registry, *record, redecide, &log);
  if (!verified) return fail(io.err, fmt::format("{}: {}", path, verified.message()));
  const game::State& state = *verified->state;
  const std::string hash = core::hex64(state.hash());
  const bool matches = hash == record->final_hash;
  const std::string seed_text = record->dice == game::DiceDraw::kCommitted
                                    ? std::string("secret dice")
                                    : fmt::format("seed {}", record->seed);

  if (parsed->has("json")) {
    nlohmann::json events = nlohmann::json::array();
    for (const auto& e : log.events()) events.push_back(core::to_json(e));
    nlohmann::json j = {
        {"ruleset", record->ruleset},
        {"scenario", record->scenario},
        {"options", game::options_to_string(record->options)},
        {"record_version", record->version},
        {"dice", std::string(game::dice_draw_name(record->dice))},
        {"seed", record->dice == game::DiceDraw::kCommitted ? nlohmann::json(nullptr)
                                                            : nlohmann::json(record->seed)},
        {"actions", record->actions.size()},
        {"replayed", state.history().size()},
        {"terminal", state.is_terminal()},
        {"returns",
         state.is_terminal() ? nlohmann::json(state.returns()) : nlohmann::json(nullptr)},
        {"final_hash", hash},
        {"recorded_hash", record->final_hash},
        {"hash_matches", matches},
        {"chance_checked", verified->chance_checked},
        {"chance_total", verified->chance_total},
        {"agent_checked", verified->agent_checked},
        {"agent_total", verified->agent_total},
        {"checks", verified->notes},
        {"problem",
         verified->problem.empty() ? nlohmann::json(nullptr) : nlohmann::json(verified->problem)},
        {"status", state.status_line()},
        {"events", events},
        {"state", state.to_json(game::kReferee)}};
    io.out << j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
  } else {
    const bool quiet = parsed->has("quiet");
    io.out << fmt::format(
        "{}: {}/{}{}, {}, {} actions.\n", path, record->ruleset, record->scenario,
        record->options.empty()
            ? ""
            : fmt::format(" with options {}", game::options_to_string(record->options)),
        seed_text, record->actions.size());
    if (!quiet && verified->problem.empty()) {
      for (const auto& e : log.events()) io.out << format_event(e) << "\n";
      const std::string board = state.render_text(game::kReferee);
      io.out << "\nFinal position:\n" << board;
      if (!board.empty() && board.back() != '\n') io.out << "\n";
      if (const auto status = state.status_line(); !status.empty()) io.out << status << "\n";
    }
    for (const auto& note : verified->notes) io.out << "Check: " << note << "\n";
    if (verified->problem.empty()) {
      if (state.is_terminal())
        io.out << "Result: " << format_result(state) << "\n";
      else
        io.out << "Result: none, the record stops before the end of the game.\n";
      io.out << "Final hash: " << hash
             << (matches ? " (matches the record)" : " (does NOT match the record)") << "\n";
    }
  }
  if (!verified->problem.empty())
    return fail(io.err, fmt::format("{}: {}", path, verified->problem));
  return kExitOk;
}

}  // namespace carroccio::app
