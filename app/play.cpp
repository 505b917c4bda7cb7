// `carroccio play` and `carroccio demo`.
#include <algorithm>
#include <cctype>
#include <istream>
#include <memory>
#include <optional>
#include <ostream>

#include "ai/agent.hpp"
#include "app/cli.hpp"
#include "app/commands.hpp"
#include "app/explain.hpp"
#include "app/odds.hpp"
#include "core/hash.hpp"
#include "fmt/format.h"
#include "game/driver.hpp"
#include "game/record.hpp"
#include "sim/playout.hpp"

namespace carroccio::app {

namespace {

// An AI-only game longer than this is a bug in the rules, not a long game.
constexpr std::uint64_t kMaxSteps = 10'000'000;
constexpr std::size_t kLastEvents = 12;

std::string lower(std::string_view s) {
  std::string out(s);
  for (auto& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

void print_final(const game::State& state, std::ostream& out, bool quiet) {
  if (!quiet) {
    const std::string board = state.render_text(game::kReferee);
    out << "\nFinal position:\n" << board;
    if (!board.empty() && board.back() != '\n') out << "\n";
    // Some rulesets draw the status line as part of the board: print it only once.
    if (const auto status = state.status_line();
        !status.empty() && board.find(status) == std::string::npos)
      out << status << "\n";
  }
  if (state.is_terminal())
    out << "Result: " << format_result(state) << "\n";
  else
    out << "Result: none, the game was stopped before its end.\n";
  out << "Final hash: " << core::hex64(state.hash()) << "\n";
}

class PlaySession {
 public:
  PlaySession(std::shared_ptr<const game::Game> game, std::vector<ai::AgentSpec> specs,
              std::uint64_t seed, DiceMode dice, std::optional<std::string> record_path, bool quiet,
              bool explain, Io io)
      : game_(std::move(game)),
        specs_(std::move(specs)),
        seed_(seed),
        dice_(dice),
        record_path_(std::move(record_path)),
        quiet_(quiet),
        explain_(explain),
        io_(io),
        sink_(io.out, !quiet) {}

  int run();

 private:
  enum class Reply { kChose, kQuit, kEnded };
  Reply ask_human(game::Player side, game::Action& action);
  void print_board(game::Player viewer);
  void print_choices(game::Player side);
  int finish(int code);

  std::shared_ptr<const game::Game> game_;
  std::vector<ai::AgentSpec> specs_;
  std::uint64_t seed_;
  DiceMode dice_;
  std::optional<std::string> record_path_;
  bool quiet_;
  bool explain_;  // --explain: print each AI decision's candidates
  Io io_;
  PrintingSink sink_;
  std::unique_ptr<game::State> state_;
  std::vector<game::Action> legal_;
  std::size_t rendered_at_ = static_cast<std::size_t>(-1);  // history length last drawn
  game::Player rendered_for_ = game::kSpectator;
  bool board_has_status_ = false;  // the last drawing already showed the status line
};

void PlaySession::print_board(game::Player viewer) {
  const std::string board = state_->render_text(viewer);
  io_.out << "\n" << board;
  if (!board.empty() && board.back() != '\n') io_.out << "\n";
  rendered_at_ = state_->history().size();
  rendered_for_ = viewer;
  const std::string status = state_->status_line();
  board_has_status_ = !status.empty() && board.find(status) != std::string::npos;
}

void PlaySession::print_choices(game::Player side) {
  // The status line, unless the board drawn just before already showed it.
  const bool just_drawn = rendered_at_ == state_->history().size() && board_has_status_;
  if (const auto status = state_->status_line(); !status.empty() && !just_drawn)
    io_.out << status << "\n";
  // The exact odds of every decision that has them (an attack being built): in full for the
  // decision that commits it to the dice, as one line for the others ("o N" shows any in full).
  std::vector<std::string> lines(legal_.size());
  for (std::size_t i = 0; i < legal_.size(); ++i) {
    const nlohmann::json odds = state_->action_odds(legal_[i]);
    if (odds.is_null()) continue;
    lines[i] = format_odds_line(odds);
    if (odds.value("commits", false))
      io_.out << fmt::format("Odds if you {} now (exact):\n{}", state_->action_to_string(legal_[i]),
                             format_odds(odds, "  "));
  }
  io_.out << fmt::format("{} to decide:\n", game_->player_name(side));
  for (std::size_t i = 0; i < legal_.size(); ++i)
    io_.out << fmt::format("  {:>3}. {}{}\n", i + 1, state_->action_to_string(legal_[i]),
                           lines[i].empty() ? std::string() : "  [odds: " + lines[i] + "]");
}

PlaySession::Reply PlaySession::ask_human(game::Player side, game::Action& action) {
  state_->person_actions(legal_);  // whole moves where the rules take them step by step
  if (rendered_at_ != state_->history().size() || rendered_for_ != side) print_board(side);
  print_choices(side);
  const std::size_t n = legal_.size();
  for (;;) {
    io_.out << game_->player_name(side) << "> " << std::flush;
    std::string line;
    if (!std::getline(io_.in, line)) return Reply::kEnded;
    const std::string text(trim(line));
    if (text.empty()) continue;
    if (text == "q") return Reply::kQuit;
    if (text == "b") {
      print_board(side);
      print_choices(side);
      continue;
    }
    if (text == "l") {
      const auto& events = sink_.events();
      if (events.empty()) io_.out << "No events yet.\n";
      const std::size_t from = events.size() > kLastEvents ? events.size() - kLastEvents : 0;
      for (std::size_t i = from; i < events.size(); ++i) io_.out << format_event(events[i]) << "\n";
      continue;
    }
    if (text == "?" || text == "h" || text == "help") {
      io_.out << fmt::format(
          "Enter a number from 1 to {} or the start of an action's name; b redraws the board, "
          "l shows the last events, o N shows the full odds of choice N, q quits.\n",
          n);
      continue;
    }
    if (text.size() > 2 && text[0] == 'o' && text[1] == ' ') {
      const std::string number(trim(std::string_view(text).substr(2)));
      const bool digits = !number.empty() && number.size() < 9 &&
                          std::all_of(number.begin(), number.end(), [](char c) {
                            return std::isdigit(static_cast<unsigned char>(c));
                          });
      const std::size_t k = digits ? std::stoul(number) : 0;
      if (k < 1 || k > n) {
        io_.out << fmt::format("'{}' is not 'o' and a number from 1 to {}.\n", text, n);
        continue;
      }
      const nlohmann::json odds = state_->action_odds(legal_[k - 1]);
      if (odds.is_null())
        io_.out << fmt::format("Choice {} has no odds to show.\n", k);
      else
        io_.out << fmt::format("Odds of {} (exact):\n{}", state_->action_to_string(legal_[k - 1]),
                               format_odds(odds, "  "));
      continue;
    }
    if (std::all_of(text.begin(), text.end(),
                    [](char c) { return std::isdigit(static_cast<unsigned char>(c)); })) {
      const std::size_t k = text.size() > 9 ? 0 : std::stoul(text);
      if (k >= 1 && k <= n) {
        action = legal_[k - 1];
        return Reply::kChose;
      }
      io_.out << fmt::format("{} is not a number from 1 to {}.\n", text, n);
      continue;
    }
    const std::string want = lower(text);
    std::vector<std::size_t> matches;
    std::optional<std::size_t> exact;
    for (std::size_t i = 0; i < n; ++i) {
      const std::string name = lower(state_->action_to_string(legal_[i]));
      if (name == want) exact = i;
      if (name.compare(0, want.size(), want) == 0) matches.push_back(i);
    }
    if (exact || matches.size() == 1) {
      action = legal_[exact ? *exact : matches.front()];
      return Reply::kChose;
    }
    if (matches.empty())
      io_.out << fmt::format(
          "'{}' is neither a number from 1 to {} nor the start of an action's name.\n", text, n);
    else
      io_.out << fmt::format(
          "'{}' is the start of {} actions' names: type more of the name, or its number.\n", text,
          matches.size());
  }
}

int PlaySession::finish(int code) {
  state_->set_event_sink(nullptr);
  if (record_path_) {
    std::map<std::string, std::string> agents;
    for (std::size_t p = 0; p < specs_.size(); ++p)
      agents[game_->player_name(static_cast<game::Player>(p))] = specs_[p].to_string();
    // The dice are the "stream" generator of the seed (or typed by a person); each agent draws
    // from its own split of it, one agent per side for the whole game (game/dice_draw.hpp).
    game::RecordDraws draws;
    draws.dice = dice_ == DiceMode::kDigital ? game::DiceDraw::kStream : game::DiceDraw::kPhysical;
    draws.agent_draw = game::AgentDraw::kStream;
    const auto record = game::make_record(*state_, seed_, agents, draws);
    if (auto s = game::write_record_file(record, *record_path_); !s)
      return fail(io_.err, s.message());
    io_.out << "Record written to " << *record_path_ << ".\n";
  }
  return code;
}

int PlaySession::run() {
  const int n = game_->num_players();
  std::vector<std::unique_ptr<ai::Agent>> agents(static_cast<std::size_t>(n));
  bool any_human = false;
  std::string who;
  for (int p = 0; p < n; ++p) {
    const auto& spec = specs_[static_cast<std::size_t>(p)];
    who += fmt::format("{}{} {}", p == 0 ? "" : ", ", game_->player_name(p), spec.to_string());
    if (spec.kind == "human") {
      any_human = true;
      continue;
    }
    auto agent = ai::make_agent(spec, *game_, p);
    if (!agent) return usage_error(io_.err, agent.message());
    agents[static_cast<std::size_t>(p)] = std::move(*agent);
  }
  io_.out << fmt::format(
      "{}/{}: seed {}, {} dice{}; {}.\n", game_->ruleset(), game_->scenario(), seed_,
      dice_ == DiceMode::kDigital ? "digital" : "physical",
      game_->options().empty()
          ? ""
          : fmt::format(", options {}", game::options_to_string(game_->options())),
      who);
  if (any_human)
    io_.out << "At your decisions enter a number or the start of an action's name; b redraws the "
               "board, l shows the last events, o N the odds of choice N, q quits.\n";

  state_ = game_->new_initial_state();
  state_->set_event_sink(&sink_);
  sim::PlayoutRngs rngs = sim::make_playout_rngs(seed_, 0, n);
  std::vector<game::ChanceOutcome> outcomes;
  std::uint64_t steps = 0;
  while (!state_->is_terminal()) {
    if (!any_human && ++steps > kMaxSteps)
      return fail(io_.err, fmt::format("The game did not end within {} steps.", kMaxSteps));
    const game::Player p = state_->current_player();
    game::Action action = game::kInvalidAction;
    if (p == game::kChancePlayer) {
      if (dice_ == DiceMode::kDigital) {
        state_->chance_outcomes(outcomes);
        if (outcomes.empty()) return fail(io_.err, "A chance node has no outcomes.");
        action = game::sample_chance(outcomes, rngs.chance);
      } else {
        auto asked = game::ask_chance(*state_, io_.in, io_.out);
        if (!asked) {
          io_.out << "\n";
          fail(io_.err, asked.message());
          return finish(kExitError);
        }
        action = *asked;
      }
    } else if (p < 0 || p >= n) {
      return fail(io_.err, fmt::format("The state names player {}, which is not a side.", p));
    } else if (specs_[static_cast<std::size_t>(p)].kind == "human") {
      const Reply reply = ask_human(p, action);
      if (reply == Reply::kQuit) {
        io_.out << fmt::format("{} quits: the game stops here.\n", game_->player_name(p));
        print_final(*state_, io_.out, true);
        return finish(kExitOk);
      }
      if (reply == Reply::kEnded) {
        io_.out << "\n";
        fail(io_.err,
             fmt::format("Input ended while waiting for {}'s decision.", game_->player_name(p)));
        return finish(kExitError);
      }
    } else {
      const auto side = static_cast<std::size_t>(p);
      action = agents[side]->choose(*state_, rngs.agents[side]);
      if (explain_) io_.out << format_explanation(*state_, p, agents[side]->explain(5), "");
    }
    if (auto s = state_->apply(action); !s) return fail(io_.err, s.message());
  }
  print_final(*state_, io_.out, quiet_);
  return finish(kExitOk);
}

// "Turn 3" (any case) in a status line, or the whole line if it names no turn.
std::string turn_key(const std::string& status) {
  const std::string l = lower(status);
  const auto at = l.find("turn");
  if (at != std::string::npos) {
    std::size_t i = at + 4;
    while (i < l.size() && (l[i] == ' ' || l[i] == ':')) ++i;
    std::size_t j = i;
    while (j < l.size() && std::isdigit(static_cast<unsigned char>(l[j]))) ++j;
    if (j > i) return l.substr(at, j - at);
  }
  return status;
}

}  // namespace

int run_play(std::span<const std::string> args, const game::Registry& registry, Io io) {
  if (wants_help(args)) {
    io.out << usage_text(registry);
    return kExitOk;
  }
  auto parsed = parse_args(args, "play",
                           {{"agent", true, true},
                            {"seed", true},
                            {"options", true},
                            {"dice", true},
                            {"record", true},
                            {"explain"},
                            {"quiet"}},
                           1);
  if (!parsed) return usage_error(io.err, parsed.message());
  if (parsed->positional.empty())
    return usage_error(io.err,
                       "'carroccio play' needs a scenario, e.g. carroccio play bma/legnano.");
  game::Options options;
  if (auto text = parsed->value("options")) {
    auto o = parse_option_list(*text);
    if (!o) return usage_error(io.err, o.message());
    options = *o;
  }
  std::uint64_t seed = 1;
  if (auto text = parsed->value("seed")) {
    auto s = parse_seed(*text);
    if (!s) return usage_error(io.err, s.message());
    seed = *s;
  }
  DiceMode dice = DiceMode::kDigital;
  if (auto text = parsed->value("dice")) {
    auto d = parse_dice_mode(*text);
    if (!d) return usage_error(io.err, d.message());
    dice = *d;
  }
  std::vector<AgentAssignment> assignments;
  for (const auto& text : parsed->values("agent")) {
    auto a = parse_agent_assignment(text);
    if (!a) return usage_error(io.err, a.message());
    assignments.push_back(std::move(*a));
  }
  std::vector<std::string> warnings;
  auto game = registry.load(parsed->positional[0], options, &warnings);
  if (!game) return fail(io.err, game.message());
  print_warnings(io.err, warnings);
  auto specs = resolve_agents(assignments, **game);
  if (!specs) return usage_error(io.err, specs.message());
  PlaySession session(*game, std::move(*specs), seed, dice, parsed->value("record"),
                      parsed->has("quiet"), parsed->has("explain"), io);
  return session.run();
}

int run_demo(std::span<const std::string> args, const game::Registry& registry, Io io) {
  if (wants_help(args)) {
    io.out << usage_text(registry);
    return kExitOk;
  }
  auto parsed =
      parse_args(args, "demo", {{"scenario", true}, {"seed", true}, {"options", true}}, 0);
  if (!parsed) return usage_error(io.err, parsed.message());
  std::uint64_t seed = 1;
  if (auto text = parsed->value("seed")) {
    auto s = parse_seed(*text);
    if (!s) return usage_error(io.err, s.message());
    seed = *s;
  }
  game::Options options;
  if (auto text = parsed->value("options")) {
    auto o = parse_option_list(*text);
    if (!o) return usage_error(io.err, o.message());
    options = *o;
  }
  const std::string ref = parsed->value("scenario").value_or(default_scenario(registry));
  if (ref.empty()) return fail(io.err, "No ruleset that plays whole games is registered.");
  std::vector<std::string> warnings;
  auto game = registry.load(ref, options, &warnings);
  if (!game) return fail(io.err, game.message());
  print_warnings(io.err, warnings);
  const game::Game& g = **game;

  std::vector<std::unique_ptr<ai::Agent>> owned;
  std::vector<ai::Agent*> agents;
  std::string who;
  for (int p = 0; p < g.num_players(); ++p) {
    owned.push_back(std::make_unique<ai::RandomAgent>());
    agents.push_back(owned.back().get());
    who += fmt::format("{}{} ({})", p == 0 ? "" : " vs ", owned.back()->name(), g.player_name(p));
  }
  io.out << fmt::format("Carroccio demo: {}/{}, {}, seed {}.\n", g.ruleset(), g.scenario(), who,
                        seed);

  PrintingSink sink(io.out, true);
  std::string last_key;
  std::size_t drawn_at = static_cast<std::size_t>(-1);
  auto draw = [&](const game::State& state, std::string_view title) {
    const std::string status = state.status_line();
    io.out << "\n== " << title << (status.empty() ? std::string("Position") : status) << "\n";
    const std::string board = state.render_text(game::kReferee);
    io.out << board;
    if (!board.empty() && board.back() != '\n') io.out << "\n";
    drawn_at = state.history().size();
  };
  sim::PlayoutOptions opts;
  opts.sink = &sink;
  opts.max_steps = kMaxSteps;
  opts.on_step = [&](const game::State& state) {
    if (state.is_terminal()) return;
    const std::string key = turn_key(state.status_line());
    if (drawn_at == static_cast<std::size_t>(-1) || key != last_key) {
      last_key = key;
      draw(state, "");
    }
  };
  auto result = sim::play_game(g, agents, seed, 0, opts);
  if (!result) return fail(io.err, result.message());
  const game::State& final_state = *result->state;
  draw(final_state, "Final position: ");
  io.out << "Result: " << format_result(final_state) << "\n";
  io.out << fmt::format("{} decisions, {} chance outcomes, {} events.\n", result->decisions,
                        result->chance_steps, sink.events().size());
  io.out << "Final hash: " << core::hex64(final_state.hash()) << "\n";
  return kExitOk;
}

}  // namespace carroccio::app
