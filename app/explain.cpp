// `carroccio analyse RECORD --move N`, and the text of an agent's account of its choice.
#include "app/explain.hpp"

#include <ostream>

#include "app/cli.hpp"
#include "app/commands.hpp"
#include "app/odds.hpp"
#include "fmt/format.h"
#include "game/record.hpp"
#include "sim/playout.hpp"

namespace carroccio::app {

std::string format_explanation(const game::State& state, game::Player side,
                               const ai::Explanation& e, std::string_view indent) {
  if (e.candidates.empty()) return {};
  std::string out =
      fmt::format("{}{} weighed (value for {}, -1 to +1; {} of search):\n", indent,
                  state.game().player_name(side), state.game().player_name(side), e.effort_unit);
  for (std::size_t i = 0; i < e.candidates.size(); ++i) {
    const ai::Candidate& c = e.candidates[i];
    out += fmt::format("{}  {}. {:<40} {:+.3f}  {:>7} {}{}\n", indent, i + 1,
                       state.action_to_string(c.action), c.value, c.effort, e.effort_unit,
                       c.action == e.chosen ? "  <- chosen" : "");
    const nlohmann::json odds = state.action_odds(c.action);
    if (!odds.is_null())
      out += fmt::format("{}     odds (exact): {}\n", indent, format_odds_line(odds));
  }
  return out;
}

namespace {

constexpr std::string_view kAnalyseUsage =
    R"(Usage: carroccio analyse RECORD --move N [--agent KIND] [--top K] [--seed S]
  RECORD         a game record (play --record FILE, or the browser's download)
  --move N       the position after the record's first N actions (a side's decision)
  --agent KIND   the agent that decides there (default heuristic, the lobby's default
                 opponent); e.g. mcts or mcts:iters=400
  --top K        how many candidates to show (default 5)
  --seed S       the agent's generator seed (default: the record's seed)
Prints the decisions the agent weighed at that position, best first: the value it estimated
for its side, how much search each got, and for an attack its exact odds.
)";

}  // namespace

int run_analyse(std::span<const std::string> args, const game::Registry& registry, Io io) {
  static const CommandSpec command{.name = "analyse",
                                   .positional = "RECORD",
                                   .max_positional = 1,
                                   .flags = {{.name = "move", .takes_value = true},
                                             {.name = "agent", .takes_value = true},
                                             {.name = "top", .takes_value = true},
                                             {.name = "seed", .takes_value = true}},
                                   .usage = std::string(kAnalyseUsage)};
  int code = kExitOk;
  auto parsed = parse_subcommand(args, command, io, code);
  if (!parsed) return code;
  if (parsed->positional.empty())
    return usage_error(io.err,
                       "'carroccio analyse' needs a game record, e.g. carroccio analyse game.json "
                       "--move 12.");
  const std::string& path = parsed->positional[0];
  auto record = game::read_record_file(path);
  if (!record) return usage_error(io.err, record.message());
  const auto move_text = parsed->value("move");
  if (!move_text)
    return usage_error(io.err,
                       "'carroccio analyse' needs --move N: the position after the "
                       "record's first N actions.");
  auto n = parse_count(*move_text, "move", 0, static_cast<std::int64_t>(record->actions.size()));
  if (!n) return usage_error(io.err, n.message());
  std::int64_t top = 5;
  if (auto text = parsed->value("top")) {
    auto t = parse_count(*text, "top", 1, 1000);
    if (!t) return usage_error(io.err, t.message());
    top = *t;
  }
  std::uint64_t seed = record->seed;
  if (auto text = parsed->value("seed")) {
    auto s = parse_seed(*text);
    if (!s) return usage_error(io.err, s.message());
    seed = *s;
  }
  auto spec = ai::AgentSpec::parse(parsed->value("agent").value_or("heuristic"));
  if (!spec) return usage_error(io.err, spec.message());
  const std::size_t at = static_cast<std::size_t>(*n);
  record->actions.resize(at);
  auto state = game::replay(registry, *record);
  if (!state) return fail(io.err, fmt::format("{}: {}", path, state.message()));
  const game::State& s = **state;
  if (s.is_terminal())
    return fail(io.err,
                fmt::format("{}: after {} actions the game is over: there is nothing to decide.",
                            path, at));
  if (s.is_chance_node())
    return fail(io.err, fmt::format("{}: after {} actions the dice are to be rolled, not a side "
                                    "to decide: choose another --move.",
                                    path, at));
  const game::Player side = s.current_player();
  auto agent = ai::make_agent(*spec, s.game(), side);
  if (!agent) return usage_error(io.err, agent.message());
  sim::PlayoutRngs rngs = sim::make_playout_rngs(seed, 0, s.game().num_players());
  const game::Action chosen = (*agent)->choose(s, rngs.agents[static_cast<std::size_t>(side)]);
  io.out << fmt::format("{}: after {} actions, {} to decide; {} chooses: {}.\n", path, at,
                        s.game().player_name(side), (*agent)->name(), s.action_to_string(chosen));
  if (const auto status = s.status_line(); !status.empty()) io.out << status << "\n";
  const std::string text =
      format_explanation(s, side, (*agent)->explain(static_cast<std::size_t>(top)), "");
  io.out << (text.empty() ? std::string("The agent keeps no account of its choice.\n") : text);
  return kExitOk;
}

}  // namespace carroccio::app
