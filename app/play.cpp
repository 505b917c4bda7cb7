// `carroccio play` and `carroccio demo`.
#include <algorithm>
#include <cctype>
#include <chrono>
#include <istream>
#include <memory>
#include <optional>
#include <ostream>
#include <thread>

#include "ai/agent.hpp"
#include "app/cli.hpp"
#include "app/commands.hpp"
#include "app/explain.hpp"
#include "app/odds.hpp"
#include "core/hash.hpp"
#include "core/text.hpp"
#include "fmt/format.h"
#include "game/driver.hpp"
#include "game/record.hpp"
#include "sim/batch.hpp"
#include "sim/playout.hpp"

namespace carroccio::app {

namespace {

// An AI-only game longer than this is a bug in the rules, not a long game.
constexpr std::uint64_t kMaxSteps = 10'000'000;
constexpr std::size_t kLastEvents = 12;
// demo's default pause after a decision that printed events, in milliseconds.
constexpr std::int64_t kDemoDelayMs = 100;
// A decision with more choices than this is offered grouped (print_choices).
constexpr std::size_t kLongList = 20;
// A group of choices that differ only in their last word (a destination) is shown as one block
// of those words when it has at least this many.
constexpr std::size_t kMinGroup = 6;

// The keys at a person's decision (play's --help and the start of a game).
constexpr std::string_view kPlayKeys =
    "At your decisions enter a choice's number, the start of its name, or the last word of its\n"
    "name (a destination such as a hex label); b draws the board, all lists every choice by\n"
    "number, l shows the last events, o N the odds of choice N, q quits.";

using core::lower;

using core::trim;

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
  void print_choices(game::Player side, bool all);
  // The one choice `text` names by the last word of its name ("0503" for "to 0503"), if any.
  std::optional<std::size_t> choice_by_last_word(std::string_view text) const;
  // What the AI sides did since the person's last decision, in one line.
  void print_ai_summary();
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
  // The AI's decisions and the chance outcomes since a person last decided (print_ai_summary).
  std::map<game::Player, std::uint64_t> ai_decisions_;
  std::uint64_t chance_steps_ = 0;
  std::size_t events_at_ = 0;  // the sink's event count when a person last decided
};

std::string last_word(const std::string& name) {
  const auto at = name.find_last_of(' ');
  return at == std::string::npos ? std::string() : name.substr(at + 1);
}

void PlaySession::print_board(game::Player viewer) {
  const std::string board = state_->render_text(viewer);
  io_.out << "\n" << board;
  if (!board.empty() && board.back() != '\n') io_.out << "\n";
  rendered_at_ = state_->history().size();
  rendered_for_ = viewer;
  const std::string status = state_->status_line();
  board_has_status_ = !status.empty() && board.find(status) != std::string::npos;
}

void PlaySession::print_ai_summary() {
  if (ai_decisions_.empty()) return;
  std::string who;
  for (const auto& [p, n] : ai_decisions_)
    who += fmt::format("{}{} {} decision{}", who.empty() ? "" : ", ", game_->player_name(p), n,
                       n == 1 ? "" : "s");
  const std::size_t events = sink_.events().size() - events_at_;
  io_.out << fmt::format("-- AI: {}; {} dice roll{} and draw{}, {} event{} above.\n", who,
                         chance_steps_, chance_steps_ == 1 ? "" : "s",
                         chance_steps_ == 1 ? "" : "s", events, events == 1 ? "" : "s");
  ai_decisions_.clear();
  chance_steps_ = 0;
}

std::optional<std::size_t> PlaySession::choice_by_last_word(std::string_view text) const {
  const std::string want = lower(text);
  std::optional<std::size_t> found;
  for (std::size_t i = 0; i < legal_.size(); ++i) {
    if (lower(last_word(state_->action_to_string(legal_[i]))) != want) continue;
    if (found) return std::nullopt;  // two choices end with it: not one choice
    found = i;
  }
  return found;
}

void PlaySession::print_choices(game::Player side, bool all) {
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
  const std::size_t n = legal_.size();
  std::vector<std::string> names(n);
  for (std::size_t i = 0; i < n; ++i) names[i] = state_->action_to_string(legal_[i]);
  // A long list is grouped: the choices that differ only in their last word (e.g. "to 0503"),
  // have no odds line and can be named by that word are shown as one block of those words.
  std::map<std::string, std::vector<std::size_t>> groups;
  if (!all && n > kLongList)
    for (std::size_t i = 0; i < n; ++i) {
      const std::string word = last_word(names[i]);
      if (word.empty() || !lines[i].empty() || choice_by_last_word(word) != i) continue;
      // A word that reads as a choice's number is taken as that number: not offered by word.
      const bool number =
          std::all_of(word.begin(), word.end(),
                      [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }) &&
          word.front() != '0' && word.size() < 9 && std::stoul(word) <= n;
      if (!number) groups[names[i].substr(0, names[i].size() - word.size() - 1)].push_back(i);
    }
  std::erase_if(groups, [](const auto& g) { return g.second.size() < kMinGroup; });
  io_.out << fmt::format("{} to decide:\n", game_->player_name(side));
  std::vector<bool> grouped(n, false);
  for (const auto& [head, members] : groups)
    for (std::size_t i : members) grouped[i] = true;
  for (std::size_t i = 0; i < n; ++i)
    if (!grouped[i])
      io_.out << fmt::format("  {:>3}. {}{}\n", i + 1, names[i],
                             lines[i].empty() ? std::string() : "  [odds: " + lines[i] + "]");
  for (const auto& [head, members] : groups) {
    io_.out << fmt::format("  {} ... ({} choices: type one of these words, e.g. {}):\n", head,
                           members.size(), last_word(names[members.front()]));
    std::string row;
    for (std::size_t i : members) {
      const std::string word = last_word(names[i]);
      if (!row.empty() && row.size() + word.size() + 1 > 72) {
        io_.out << "      " << row << "\n";
        row.clear();
      }
      row += (row.empty() ? "" : " ") + word;
    }
    io_.out << "      " << row << "\n";
  }
  if (!groups.empty()) io_.out << fmt::format("  (all lists the {} choices by number)\n", n);
}

PlaySession::Reply PlaySession::ask_human(game::Player side, game::Action& action) {
  state_->person_actions(legal_);  // whole moves where the rules take them step by step
  // The board is drawn once, at the first decision; then only when asked (b).
  if (rendered_at_ == static_cast<std::size_t>(-1)) print_board(side);
  print_ai_summary();
  chance_steps_ = 0;
  events_at_ = sink_.events().size();
  print_choices(side, false);
  const std::size_t n = legal_.size();
  for (;;) {
    io_.out << game_->player_name(side) << "> " << std::flush;
    std::string line;
    if (!std::getline(io_.in, line)) return Reply::kEnded;
    const std::string text(trim(line));
    if (text.empty()) continue;
    if (text == "q") return Reply::kQuit;
    if (text == "b" || text == "board") {
      print_board(side);
      print_choices(side, false);
      continue;
    }
    if (text == "all") {
      print_choices(side, true);
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
          "Enter a number from 1 to {}, the start of an action's name or its last word (a "
          "destination); b draws the board, all lists every choice by number, l shows the last "
          "events, o N shows the full odds of choice N, q quits.\n",
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
      // A number with a leading zero or beyond the list may be a label ("0503").
      if ((k < 1 || k > n || text.front() == '0'))
        if (const auto by_word = choice_by_last_word(text)) {
          action = legal_[*by_word];
          return Reply::kChose;
        }
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
    if (const auto by_word = choice_by_last_word(text); by_word && matches.empty()) {
      action = legal_[*by_word];
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
  if (any_human) io_.out << kPlayKeys << "\n";

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
      ++chance_steps_;
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
      if (any_human) ++ai_decisions_[p];
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

// The end of a demo in a few lines: who won, after how many turns, and what each side lost
// (the pieces by the fate the ruleset gives them, and its score).
std::string demo_summary(const game::State& state) {
  const game::Game& g = state.game();
  game::ResultFacts facts;
  state.result_facts(facts);
  const int winner = sim::winner_of(state.returns());
  std::string text = "\n== Summary\n";
  text += winner >= 0 ? fmt::format("Winner: {}", g.player_name(winner)) : std::string("Drawn");
  if (!facts.end_reason.empty()) text += fmt::format(" ({})", facts.end_reason);
  text += facts.has_turn ? fmt::format(", after turn {:g}.\n", facts.turn) : std::string(".\n");
  for (int p = 0; p < g.num_players(); ++p) {
    const std::string& side = g.player_name(p);
    std::map<std::string, int> fates;
    std::size_t pieces = 0;
    for (std::size_t i = 0; i < facts.piece_count && i < facts.pieces.size(); ++i)
      if (facts.pieces[i].side == side) {
        ++pieces;
        ++fates[facts.pieces[i].fate.empty() ? std::string("unknown") : facts.pieces[i].fate];
      }
    std::string line = fmt::format("{}:", side);
    for (std::size_t k = 0; k < facts.score_sides.size() && k < facts.scores.size(); ++k)
      if (facts.score_sides[k] == side)
        line += fmt::format(" {} {:g};", facts.score_label.empty() ? "score" : facts.score_label,
                            facts.scores[k]);
    if (pieces > 0) {
      line += fmt::format(" {} piece{}:", pieces, pieces == 1 ? "" : "s");
      bool first = true;
      for (const auto& [fate, n] : fates) {
        line += fmt::format("{} {} {}", first ? "" : ",", n, fate);
        first = false;
      }
    }
    if (line.back() == ';') line.pop_back();
    text += line + "\n";
  }
  return text;
}

}  // namespace

int run_play(std::span<const std::string> args, const game::Registry& registry, Io io) {
  static const CommandSpec spec{
      .name = "play",
      .summary = "Plays a game: people at the terminal, AI agents, or both.",
      .positional = "REF",
      .positional_help =
          "the scenario: ruleset/scenario (carroccio rulesets lists them) or a "
          "scenario file",
      .max_positional = 1,
      .flags = {{.name = "agent",
                 .takes_value = true,
                 .repeatable = true,
                 .help = "who plays SIDE: human, random (default), heuristic, mcts; "
                         "KIND:key=value,... sets its parameters",
                 .value_name = "SIDE=KIND"},
                {.name = "seed",
                 .takes_value = true,
                 .help = "seed of the digital dice and the AI (default 1)",
                 .value_name = "N"},
                {.name = "options",
                 .takes_value = true,
                 .help = "optional rules, e.g. facing,vcf=every",
                 .value_name = "LIST"},
                {.name = "dice",
                 .takes_value = true,
                 .help = "digital: our generator rolls (default); physical: type real rolls",
                 .value_name = "digital|physical"},
                {.name = "record",
                 .takes_value = true,
                 .help = "write the game record to FILE at the end (or on quit)",
                 .value_name = "FILE"},
                {.name = "explain",
                 .help = "after each AI decision, the candidates it weighed and their values"},
                {.name = "quiet", .help = "print only the result"}},
      .footer = std::string(kPlayKeys)};
  int code = kExitOk;
  auto parsed = parse_subcommand(args, spec, io, code);
  if (!parsed) return code;
  if (parsed->positional.empty())
    return usage_error(io.err, fmt::format("'carroccio play' needs a scenario, e.g. carroccio play "
                                           "{}.",
                                           example_scenario(registry)));
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
  static const CommandSpec spec{
      .name = "demo",
      .summary =
          "Watch one complete game of two random AI agents, a turn at a time, with a "
          "summary at the end.",
      .flags = {
          {.name = "scenario",
           .takes_value = true,
           .help = "the scenario (default: the first registered ruleset's first scenario)",
           .value_name = "REF"},
          {.name = "seed",
           .takes_value = true,
           .help = "seed of the dice and the agents (default 1)",
           .value_name = "N"},
          {.name = "options",
           .takes_value = true,
           .help = "optional rules, e.g. facing,vcf=every",
           .value_name = "LIST"},
          {.name = "delay",
           .takes_value = true,
           .help = "pause after each decision's events, 0 to 10000 (default 100); a new "
                   "turn's board pauses ten times as long",
           .value_name = "MS"},
          {.name = "fast", .help = "no pauses: print the whole game at once (as --delay 0)"}}};
  int code = kExitOk;
  auto parsed = parse_subcommand(args, spec, io, code);
  if (!parsed) return code;
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
  std::int64_t delay_ms = kDemoDelayMs;
  if (auto text = parsed->value("delay")) {
    auto d = parse_count(*text, "delay", 0, 10'000);
    if (!d) return usage_error(io.err, d.message());
    delay_ms = *d;
  }
  if (parsed->has("fast")) {
    if (parsed->has("delay"))
      return usage_error(io.err,
                         "'--fast' and '--delay' cannot be used together: --fast is "
                         "--delay 0.");
    delay_ms = 0;
  }
  // The pace a person can follow: a pause after each decision that printed something, a longer
  // one at each new turn's board (the output is flushed first, so a pipe shows it as it comes).
  const auto pause = [&](std::int64_t ms) {
    if (ms <= 0) return;
    io.out << std::flush;
    std::this_thread::sleep_for(std::chrono::milliseconds(ms));
  };
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
  std::size_t events_seen = 0;
  sim::PlayoutOptions opts;
  opts.sink = &sink;
  opts.max_steps = kMaxSteps;
  opts.on_step = [&](const game::State& state) {
    if (sink.events().size() != events_seen) {
      events_seen = sink.events().size();
      pause(delay_ms);
    }
    if (state.is_terminal()) return;
    const std::string key = turn_key(state.status_line());
    if (drawn_at == static_cast<std::size_t>(-1) || key != last_key) {
      last_key = key;
      draw(state, "");
      pause(10 * delay_ms);
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
  io.out << demo_summary(final_state);
  return kExitOk;
}

}  // namespace carroccio::app
