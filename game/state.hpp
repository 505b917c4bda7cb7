// Game and State: the interface every ruleset implements (after OpenSpiel's shape).
//
// A Game is immutable and shared; it holds the parsed scenario, the ruleset's tables and the
// chosen options, and makes initial States. A State evolves only through apply(): player
// decisions and chance outcomes. Rules never own a random generator: at a chance node the
// driver picks the outcome (our seeded generator, a person's physical dice, or a test script).
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/event.hpp"
#include "core/rng.hpp"
#include "core/status.hpp"
#include "game/types.hpp"
#include "nlohmann/json.hpp"

namespace carroccio::game {

class State;

// How a game ended, as batch statistics count it (State::result_facts): the fields of
// result_summary() that sim reads, as plain values.
struct ResultFacts {
  struct Piece {
    std::string id, side, fate;
  };
  std::string end_reason;  // "" when the ruleset names none
  bool has_turn = false;
  double turn = 0;
  std::string score_label;
  std::vector<std::string> score_sides;  // each side that has a score, with it
  std::vector<double> scores;
  std::size_t piece_count = 0;  // pieces[0 .. piece_count): `pieces` keeps its spare entries
  std::vector<Piece> pieces;
  // The result on points (State::points_standing): whether the ruleset reports one, and the
  // side ahead ("" when level).
  bool has_points = false;
  std::string points_ahead;

  // Empties it, keeping the storage.
  void clear();
  // Appends a piece, reusing a spare entry's storage.
  void add_piece(std::string_view id, std::string_view side, std::string_view fate);
  // Fills it from a result_summary() object (what the default State::result_facts does).
  void assign_from(const nlohmann::json& summary);
};

// Who is ahead on points when a game ends (State::points_standing). The rules' result stays
// what it is; this says, by a measure each ruleset defines from its own victory rules (and
// writes down in its rulings), which side did better, so that a game the rules call a draw
// still tells a stronger player from a weaker one. A side that won by the rules is ahead.
struct PointsStanding {
  bool reported = false;  // false: the ruleset defines no measure
  Player ahead = -1;      // the side ahead on points, or -1 when level
  // What each side's figure counts ("VP lost"), and the figures, in side order, as shown to a
  // person ("14", "2 of 4"); `names`, if given, are the sides' names for a sentence.
  std::string label;
  std::vector<std::string> shown;
  std::vector<std::string> names;
};

struct OptionInfo {
  std::string name;
  std::string description;
  std::vector<std::string> values;  // allowed values; empty for a plain on/off switch
};

struct ScenarioInfo {
  std::string id;     // "legnano"
  std::string title;  // "Legnano, 29 May 1176"
  std::string description;
};

class Game {
 public:
  Game(std::string ruleset, std::string scenario, std::vector<std::string> players, Options options,
       nlohmann::json scenario_source);
  virtual ~Game() = default;
  Game(const Game&) = delete;
  Game& operator=(const Game&) = delete;

  const std::string& ruleset() const { return ruleset_; }
  const std::string& scenario() const { return scenario_; }
  const Options& options() const { return options_; }
  // The scenario as loaded (JSON), so a record can replay a user's own scenario file.
  const nlohmann::json& scenario_source() const { return scenario_source_; }

  int num_players() const { return static_cast<int>(players_.size()); }
  const std::string& player_name(Player p) const;
  const std::vector<std::string>& player_names() const { return players_; }
  // Finds a side by its name ("imperial"); one clear sentence if there is none.
  core::Expected<Player> find_player(std::string_view name) const;

  virtual std::unique_ptr<State> new_initial_state() const = 0;

  // The MCTS budget (iterations a decision) that an agent spec naming none should use, when a
  // ruleset has measured that its evaluation plays best at one (docs/ai.md); 0 = the agent's
  // own default.
  virtual std::int64_t default_search_iterations() const { return 0; }

  // Sentences about a scenario that loaded but departs from a set-up convention the rules
  // themselves do not impose (a ruleset decides which): each "<source>: field '<path>' ...",
  // so that the registry can add the line of the field (Registry::load). Front ends show them
  // as warnings; the game is played as loaded. None by default.
  virtual std::vector<std::string> setup_warnings() const { return {}; }

 private:
  std::string ruleset_;
  std::string scenario_;
  std::vector<std::string> players_;
  Options options_;
  nlohmann::json scenario_source_;
};

class State {
 public:
  explicit State(std::shared_ptr<const Game> game) : game_(std::move(game)) {}
  virtual ~State() = default;

  const Game& game() const { return *game_; }
  const std::shared_ptr<const Game>& game_ptr() const { return game_; }

  // The side to decide, kChancePlayer at a chance node, or kTerminalPlayer.
  virtual Player current_player() const = 0;
  bool is_terminal() const { return current_player() == kTerminalPlayer; }
  bool is_chance_node() const { return current_player() == kChancePlayer; }

  // The current side's legal decisions, sorted and unique; empty at chance and terminal nodes.
  // The buffer form lets a playout reuse one vector and never allocate.
  virtual void legal_actions(std::vector<Action>& out) const = 0;
  std::vector<Action> legal_actions() const;

  // Chance outcomes with integer weights (empty unless at a chance node), sorted by action.
  virtual void chance_outcomes(std::vector<ChanceOutcome>& out) const = 0;
  std::vector<ChanceOutcome> chance_outcomes() const;
  virtual ChanceInfo chance_info() const { return {}; }

  // Applies a decision or chance outcome after checking it is legal here (listed by
  // legal_actions(), or accepted by check_unlisted()). An illegal action changes nothing and
  // returns one sentence saying why.
  core::Status apply(Action action);

  // Applies without the legality check (fast playouts; the caller guarantees legality).
  void apply_unchecked(Action action);

  // Decisions a person may take that legal_actions() does not list because there are too many
  // of them to list: e.g. dropping a miniature anywhere it may legally go on a continuous table
  // (free placement), where legal_actions() offers a finite set of candidates that agents and
  // search keep to. Ok if `action` is such a decision and legal here; otherwise one sentence
  // saying why not. apply() and replaying a record consult it for an action not listed; the
  // default accepts nothing.
  virtual core::Status check_unlisted(Action action) const;

  // For a board that lets a person drop a piece anywhere legal: the piece being placed, how a
  // drop point is encoded as an action accepted by check_unlisted(), and the region it may
  // reach (the shape is the ruleset's; docs/api.md describes it). `piece` is the id (as
  // to_json() names it) of the piece the person picks up, or empty for the piece a pick step
  // has chosen (ohw: the unit picked in the Move phase). A ruleset whose decisions name the piece
  // they move (no pick step: gwkho) answers for the piece named; one with a pick step answers
  // for its picked piece only. Null when that piece is not being placed now. May be slow: it is
  // asked for on demand, never by a playout.
  virtual nlohmann::json free_placement(std::string_view piece) const {
    (void)piece;
    return nullptr;
  }
  nlohmann::json free_placement() const { return free_placement(std::string_view()); }

  // The decisions offered to a person (the terminal's numbered list, the browser's legal list):
  // by default legal_actions(). A ruleset whose legal decisions are small steps of a larger one
  // (bma moves a piece hex by hex) may offer a person the larger decision instead (bma: the
  // destination, reached along a path the rules choose); each must be listed by legal_actions()
  // or accepted by check_unlisted(). Sorted, unique, non-empty whenever legal_actions() is.
  virtual void person_actions(std::vector<Action>& out) const { legal_actions(out); }
  std::vector<Action> person_actions() const;

  // Per-side results at a terminal state: +1 win, -1 loss, 0 draw.
  virtual std::vector<double> returns() const = 0;

  virtual std::unique_ptr<State> clone() const = 0;

  // Canonical text: equal states have equal text. Used for equality, hashing, golden files.
  virtual std::string to_string() const = 0;
  std::uint64_t hash() const;

  // The state as `viewer` may see it (a side, kSpectator or kReferee): hidden things omitted.
  virtual nlohmann::json to_json(Player viewer) const = 0;

  // A readable name of an action that is legal (or a chance outcome) in this state.
  virtual std::string action_to_string(Action action) const = 0;
  virtual nlohmann::json action_to_json(Action action) const;

  // A drawing of the position for a terminal (map, pieces, status), as `viewer` may see it.
  virtual std::string render_text(Player viewer) const {
    (void)viewer;
    return to_string();
  }

  // Short status line: turn, phase, score (for prompts and progress lines).
  virtual std::string status_line() const { return {}; }

  // ---- Hooks for agents, the simulator and the odds display (rulesets override) ----

  // A heuristic estimate of each side's prospects in [-1, 1] (the heuristic agent and MCTS
  // leaf evaluation use it). The default knows nothing: returns() when terminal, else zeros.
  virtual std::vector<double> evaluate() const;

  // The decisions the search agents (heuristic, MCTS) consider here: by default every legal
  // action. A ruleset whose legal set is a fine grid of near-equivalent choices (ohw: some 288
  // move codes for one unit) may offer a smaller, better set instead, or larger decisions made
  // of several legal ones (bma: a destination instead of its steps). It must be sorted, unique,
  // each decision listed by legal_actions() or accepted by check_unlisted(), and non-empty
  // whenever legal_actions() is. legal_actions() itself stays exhaustive: records, replay and
  // the random agent use it.
  virtual void agent_actions(std::vector<Action>& out) const { legal_actions(out); }

  // Determinisation for search agents (MCTS calls it once per iteration): a complete state that
  // agrees with everything `viewer` may see, with whatever is hidden from `viewer` drawn afresh
  // from `rng`. The default is clone(): right for a game of perfect information, and for one
  // whose hidden things are still undecided chance nodes (bma: the cup order is decided only
  // when a chit is drawn). A ruleset that keeps decided secrets (a hidden hand) must override.
  virtual std::unique_ptr<State> resample_hidden(Player viewer, core::Rng& rng) const {
    (void)viewer;
    (void)rng;
    return clone();
  }

  // How the game ended, for batch statistics: {"end_reason": "...", "turn": N, "score":
  // {side: number}, "pieces": [{"id": ..., "fate": "..."}]}. Empty object if the ruleset
  // reports nothing.
  virtual nlohmann::json result_summary() const { return nlohmann::json::object(); }

  // The result on points at a terminal state (PointsStanding); not reported by default. A
  // ruleset that reports it puts points_json() under "points" in its result_summary() and fills
  // ResultFacts::has_points / points_ahead in result_facts().
  virtual PointsStanding points_standing() const { return {}; }
  // points_standing() as result_summary() carries it: {"ahead": side or null, "label", "shown":
  // {side: figure}, "text": "the Lombards ahead on points, 14 VP lost to 31"}; null when the
  // ruleset reports none.
  nlohmann::json points_json() const;

  // The same facts for counting many games fast (sim): written into `out`, whose strings and
  // lists a caller reuses from game to game, so a ruleset that overrides this allocates nothing
  // once they have grown. The default reads result_summary(); an override must say exactly what
  // result_summary() says (tests compare the two).
  virtual void result_facts(ResultFacts& out) const;

  // Exact odds of what a decision leads to (e.g. an attack), or null if the ruleset offers no
  // odds for it. Computing odds never draws a random number.
  virtual nlohmann::json action_odds(Action action) const {
    (void)action;
    return nullptr;
  }

  // A fixed-shape numeric picture of the state as `viewer` may see it, for learning agents
  // (the Python module's observation_tensor): `shape` (e.g. {planes, rows, columns}) and the
  // values in row-major order, documented by the ruleset. Empty shape when it offers none.
  virtual void observation_tensor(Player viewer, std::vector<int>& shape,
                                  std::vector<float>& values) const {
    (void)viewer;
    shape.clear();
    values.clear();
  }

  // The ruleset's full consistency check (Stockfish's pos_is_ok). Empty when consistent,
  // otherwise a description of the first problem.
  virtual std::string check_invariants() const { return {}; }

  const std::vector<HistoryItem>& history() const { return history_; }

  // Whether apply() records each action in history() (on by default: records, replay, undo and
  // the displays need it). A playout or search that needs no record turns it off: applying then
  // stores nothing, and clones copy no history. Turning it off clears the history.
  void set_record_history(bool on);
  bool records_history() const { return record_history_; }
  // A copy for search: like clone() but with no history, recording none.
  std::unique_ptr<State> clone_for_search() const;

  // Events are sent to the sink as the rules emit them; no sink, no events built. Clones start
  // with no sink.
  void set_event_sink(core::EventSink* sink) { sink_ = sink; }
  core::EventSink* event_sink() const { return sink_; }

 protected:
  // Copies the history only if `other` records it and no clone_for_search() is under way.
  State(const State& other);
  State& operator=(const State&) = delete;

  virtual void do_apply(Action action) = 0;

  bool logging() const { return sink_ != nullptr; }
  void emit(core::Event event) const {
    if (sink_ != nullptr) sink_->on_event(event);
  }
  // An event of `kind` with its sentence and the clause behind it; nothing is built with no sink.
  void emit(const char* kind, std::string text, const char* rule) const {
    if (sink_ == nullptr) return;
    core::Event e;
    e.kind = kind;
    e.text = std::move(text);
    e.rule = rule;
    sink_->on_event(e);
  }

 private:
  std::shared_ptr<const Game> game_;
  std::vector<HistoryItem> history_;
  core::EventSink* sink_ = nullptr;
  bool record_history_ = true;
};

// The sentence of a standing: "the Lombards ahead on points, VP lost 14 to 31" (the side ahead
// first), or "level on points, VP lost 14 to 14"; empty when not reported.
std::string points_text(const Game& game, const PointsStanding& standing);

// Probability of each chance outcome as a double (for display and sampling code).
double outcome_probability(const std::vector<ChanceOutcome>& outcomes, std::size_t i);

}  // namespace carroccio::game
