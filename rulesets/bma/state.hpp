// The bma State: the whole position and where the sequence of play stands.
//
// The turn follows the rulebook's sequence (3.0): activation by chit draws (3.1), each
// activation moving (4.0) and then fighting (5.0); a rally phase (3.2, 6.2-6.3); a victory
// check (3.3, 8.0). Chance (chit draws, d6, d10, 2d6, combat chits) is a chance node whose
// outcome the driver picks; pending chance steps wait in a small task queue.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "fmt/format.h"
#include "game/state.hpp"
#include "game/table/place.hpp"
#include "rulesets/bma/game.hpp"

namespace carroccio::bma {

// Action encoding (all legal lists are sorted ascending).
namespace act {
inline constexpr game::Action kActivate = 1;
inline constexpr game::Action kDecline = 2;
inline constexpr game::Action kEndMovement = 3;
inline constexpr game::Action kEndCombat = 4;
inline constexpr game::Action kResolveCombat = 5;
inline constexpr game::Action kStop = 6;  // movement: the moving piece ends its move here (4.0)
inline constexpr game::Action kValueBase = 100;         // chance: a die or chit value (100 + v)
inline constexpr game::Action kDrawBase = 200;          // chance: leader's chit drawn (200 + l)
inline constexpr game::Action kSelectUnitBase = 300;    // movement: pick unit (300 + u)
inline constexpr game::Action kSelectLeaderBase = 600;  // movement: pick leader (600 + l)
inline constexpr game::Action kTargetBase = 700;        // combat: first defender (700 + u)
inline constexpr game::Action kAddAttackerBase = 1000;  // combat: add attacker
inline constexpr game::Action kAddChargerBase = 1300;   // combat: add charging attacker (7.3)
inline constexpr game::Action kAddDefenderBase = 1600;  // combat: include optional defender
inline constexpr game::Action kReplacementBase = 1900;  // 5.4.3: unit for the replacement
inline constexpr game::Action kStepBase = 2200;         // movement: one hex in direction 0..5
inline constexpr game::Action kTurnBase = 2210;         // movement: face 0..11 (7.2.3)
// A whole move: 10000 + hex * 12 + facing (0..11). Not listed by legal_actions() (which lists
// the steps above); offered to persons and search agents and accepted by check_unlisted().
inline constexpr game::Action kDestinationBase = 10000;
}  // namespace act

enum class Phase : std::uint8_t {
  kDraw,             // chance: draw a chit from the cup (3.1.1)
  kActivateChoice,   // owner of the drawn leader: activate or decline (3.1.3 note)
  kReplacement,      // owner: which unit gets the replacement leader (5.4.3)
  kMoveSelect,       // owner: pick a piece to move, or end movement (4.0)
  kMoveDestination,  // owner: the picked piece's next step (or its whole move), or stop
  kCombatTarget,     // owner: pick a defender, or end combat (5.1)
  kCombatBuild,      // owner: add attackers/defenders, then resolve
  kTasks,            // chance or automatic steps in the task queue
  kOver,
};

enum class EndReason : std::uint8_t {
  kNone,
  kRoutLevel,     // 8.2: a side's losses reached its rout level
  kBothRouted,    // 8.3: both in the same check (draw)
  kTurnLimit,     // 8.3: no side routed by the last turn (draw)
  kLeaderKilled,  // 9.4: Frederick killed
  kUnitLost,      // 9.3.2 / 9.4: the Carroccio destroyed
};
std::string_view end_reason_name(EndReason r);

struct UnitState {
  std::int16_t hex = kNoHex;
  std::int16_t start_hex = kNoHex;  // where it was when its leader activated (7.1, 7.3)
  Status status = Status::kOrdered;
  std::uint8_t value = 0;  // combat chit value (5.1.3); 0 until first drawn
  std::uint8_t facing = 0;
  std::uint8_t flags = 0;
};

struct LeaderState {
  std::int16_t hex = kNoHex;  // kNoHex while dead and not yet replaced
  std::uint8_t cup = 0;       // chits of this leader still in the cup
  std::uint8_t chits = 0;     // chits put in the cup each turn
  std::uint8_t command = 0;   // command value now (0 for a replacement, 5.4.5)
  std::uint8_t flags = 0;
};

enum class TaskKind : std::uint8_t {
  // Chance steps.
  kZocCheck,          // a = unit: morale check to leave an enemy ZOC (4.1, 6.4)
  kDrawChit,          // a = unit: combat chit value (5.1.3, 7.4)
  kForestCheck,       // a = unit: cavalry attacking into forest (9.6)
  kChargeCheck,       // a = unit: B/C cavalry before charging (7.3.1)
  kCrtRoll,           // the combat die (5.2)
  kLeaderCheck,       // a = leader, b = 1 if overrun alone (5.4.6): 2d6 (5.4.1)
  kChargeAfterCheck,  // a = unit: A/B charger after the charge (7.3.1)
  kRallyRoll,         // a = unit (6.2.1, 6.3)
  // Automatic steps.
  kResolveCombat,  // compute odds, then roll
  kFinishCombat,
  kRallyFlights,  // failed routed units flee two hexes (6.3)
  kVictoryCheck,  // 3.3, 8.2
};

struct Task {
  TaskKind kind;
  std::int16_t a = -1;
  std::int16_t b = 0;
};

// The combat being built or resolved.
struct Combat {
  static constexpr int kMax = 18;
  std::array<std::int16_t, kMax> attackers{};
  std::array<std::int16_t, kMax> defenders{};
  std::uint8_t num_attackers = 0, num_defenders = 0;
  std::uint32_t charging = 0;                // bit per attacker slot
  std::uint32_t withdrawn = 0;               // attacker slots that failed a forest or charge check
  std::array<std::int16_t, kMax> leaders{};  // leaders involved (5.4.1)
  std::uint8_t num_leaders = 0;
  std::int8_t column = 0, drm = 0, shift = 0;
  std::int16_t attack = 0, defence = 0;
  std::int8_t die = 0;
  CrtResult result = CrtResult::kNE;
};

// One line of a combat's odds calculation, with the clause behind it.
struct CombatTerm {
  std::string what;
  std::string rule;
};

// The odds inputs of a combat (exposed for tests and the odds display).
struct CombatOdds {
  int attack = 0, defence = 0;
  int base_column = 0, shift = 0, column = 0, drm = 0;
  std::vector<CombatTerm> terms;
  // The first terms are one a unit: attacker_terms of the attackers, then defender_terms of the
  // defenders (the log writes them on either side of a "v").
  int attacker_terms = 0, defender_terms = 0;
  bool automatic = false;  // no die: all defenders routed, or Carroccio alone
};

class BmaState final : public game::State {
 public:
  explicit BmaState(std::shared_ptr<const BmaGame> game);
  BmaState(const BmaState&) = default;

  game::Player current_player() const override;
  void legal_actions(std::vector<game::Action>& out) const override;
  void chance_outcomes(std::vector<game::ChanceOutcome>& out) const override;
  using game::State::chance_outcomes;  // keep the returning overloads visible
  using game::State::legal_actions;
  game::ChanceInfo chance_info() const override;
  std::vector<double> returns() const override;
  std::unique_ptr<game::State> clone() const override;
  std::string to_string() const override;
  nlohmann::json to_json(game::Player viewer) const override;
  std::string action_to_string(game::Action action) const override;
  nlohmann::json action_to_json(game::Action action) const override;
  std::string check_invariants() const override;
  std::string render_text(game::Player viewer) const override;
  std::string status_line() const override;
  // Movement decisions: legal_actions() lists the moving piece's steps (one hex, one change of
  // facing, or stop: a short list); persons and the search agents are offered whole moves (the
  // destinations), which check_unlisted() accepts (movement.cpp).
  void person_actions(std::vector<game::Action>& out) const override;
  void agent_actions(std::vector<game::Action>& out) const override;
  using game::State::person_actions;
  core::Status check_unlisted(game::Action action) const override;
  std::vector<double> evaluate() const override;                   // analysis.cpp
  nlohmann::json result_summary() const override;                  // analysis.cpp
  game::PointsStanding points_standing() const override;           // analysis.cpp
  void result_facts(game::ResultFacts& out) const override;        // analysis.cpp
  nlohmann::json action_odds(game::Action action) const override;  // analysis.cpp
  void observation_tensor(game::Player viewer, std::vector<int>& shape,
                          std::vector<float>& values) const override;  // analysis.cpp
  // Exact odds of the combat being built if it were resolved now (analysis.cpp).
  nlohmann::json combat_odds_json() const;

  // Read access for tests, agents and displays.
  const BmaGame& bma() const { return *bma_; }
  int turn() const { return turn_; }
  Phase phase() const { return phase_; }
  int active_leader() const { return active_leader_; }
  // The piece being moved (a unit, or 1000 + a leader; -1 if none) and its movement points left.
  int selected() const { return selected_; }
  int movement_left() const { return mp_left_; }
  const UnitState& unit(int u) const { return units_[static_cast<std::size_t>(u)]; }
  const LeaderState& leader(int l) const { return leaders_[static_cast<std::size_t>(l)]; }
  int unit_at(int hex) const {
    const std::uint8_t o = occ_[static_cast<std::size_t>(hex)];
    return o == kNoOccupant ? -1 : o;
  }
  // Whether any leader stands in the hex: one bit a hex kept beside the unit occupancy, so
  // that the checks asked at every step (a lone leader overrun, 5.4.6; leaders stacking, 4.2)
  // need not look at every leader (docs/performance.md).
  bool leader_in(int hex) const {
    const auto h = static_cast<std::size_t>(hex);
    return (occ_[leader_bits_ + (h >> 3)] >> (h & 7)) & 1;
  }
  int leader_at(int hex) const {  // first leader in the hex, or -1
    if (!leader_in(hex)) return -1;
    for (std::size_t l = 0; l < leaders_.size(); ++l)
      if (leaders_[l].hex == hex) return static_cast<int>(l);
    return -1;
  }
  int vp_lost(int side) const;            // 8.1
  int winner() const { return winner_; }  // 0, 1, 2 = draw, -1 none yet
  EndReason end_reason() const { return end_reason_; }
  const Combat& combat() const { return combat_; }
  const std::vector<Task>& tasks() const { return tasks_; }
  int cup_total() const;
  // Heap bytes this state owns (vector capacities, history included): with sizeof(BmaState),
  // the memory one state costs (docs/performance.md).
  std::size_t heap_bytes() const;

  // Rule queries (exposed for tests).
  bool exerts_zoc(int u) const;            // 4.1
  bool in_enemy_zoc(int u) const;          // 4.1
  bool is_front_of(int u, int hex) const;  // 7.2: hex in u's front (adjacent)
  // 7.2.1: u's neighbour in direction `dir` is in its front (the caller knows the direction;
  // without facing, and for the Carroccio, every neighbour is).
  bool front_dir(int u, int dir) const {
    return !bma_->rules().facing || is_carroccio(u) || bma_->board().arc(unit(u).facing, dir) == 0;
  }
  int arc_from(int defender, int hex) const;   // 0 front, 1 flank, 2 rear (7.2.1)
  int morale_modifier_carroccio(int u) const;  // 9.3.1
  // 9.3.2 / ruling L-40: the Carroccio c has no other combat unit of its side beside it (any
  // kind, any status), so that an attack destroys it at once.
  bool carroccio_alone(int c) const;
  // For the combat being built; `explain` also lists every term as text (the display and the
  // event log); a playout without a listener skips the text and allocates nothing.
  CombatOdds combat_odds(bool explain = true) const;
  bool in_command(int u) const;         // 7.1
  int movement_allowance(int u) const;  // 4.0, 7.1.2

  // Test set-up helpers: place pieces directly (no history is recorded).
  void debug_set_unit(int u, int hex, Status status, int value = 0, int facing = -1);
  void debug_set_leader_hex(int l, int hex);

 protected:
  void do_apply(game::Action action) override;

 private:
  friend class Rules;

  // The end reason as result_summary() names it ("turn limit", "Frederick I killed", ...).
  std::string end_reason_text() const;

  // Sequence of play (activation.cpp).
  void start_turn();
  void after_draw(int leader);
  void activate(int leader);
  void end_activation();
  void continue_drawing();
  void start_rally();
  void advance();  // runs automatic tasks until a decision or chance node
  static std::vector<game::Action>& scratch_actions();

  // Movement (movement.cpp).
  // The piece being moved and how the movement rules apply to it.
  struct Mover {
    int piece = -1;
    bool is_leader = false;
    int side = 0;
    UnitType type = UnitType::kCavalry;
    bool disordered = false;  // 5.3 D: only toward the home edge
    bool use_facing = false;  // 7.2
    bool vertex = false;      // faces a vertex (infantry), else a hexside
    Edge home = Edge::kNorth;
    int hex = kNoHex;
    int facing = 0;
  };
  Mover mover(int piece, bool is_leader) const;
  Mover selected_mover() const {
    const bool is_leader = selected_ >= 1000;
    return mover(is_leader ? selected_ - 1000 : selected_, is_leader);
  }
  // MP, or -1 if it may not enter (inline: movement.cpp only, several times a step). `l2` is
  // leader_at(to) when the mover is a leader (a caller that knows it passes it).
  inline int enter_cost(const Mover& m, int from, int to, int l2) const;
  inline int enter_cost(const Mover& m, int from, int to) const;
  bool leader_may_end(int l, int hex) const;  // 4.2
  bool leader_may_go_on(const Mover& m, int hex, int mp) const;
  void legal_moves(std::vector<game::Action>& out) const;
  void legal_steps(std::vector<game::Action>& out) const;
  void list_destinations(std::vector<game::Action>& out) const;
  void compute_reach(const Mover& m, int start_hex, int start_fi, int mp) const;
  void select_piece(int selected);
  void step_piece(int dir);
  void turn_piece(int facing);
  void move_piece(int hex, int facing);
  void enter_hex(const Mover& m, int hex);
  // A 5.4.6 casualty check of leader l, overrun alone by an enemy unit, is waiting.
  bool overrun_check_queued(int l) const;
  void after_step();
  void finish_move();
  bool can_move(int u) const;
  bool stops_movement(int hex, int side) const;
  // Bit d set where the neighbour of `hex` in direction d holds a unit of `side` (any status):
  // the cheap first test of the neighbour checks, which rarely find anyone (inline).
  inline unsigned side_neighbours(int hex, int side) const;
  bool in_zoc_of(int hex, int side) const;  // hex in ZOC of an ordered unit of `side`

  // Combat (combat.cpp).
  void legal_combat(std::vector<game::Action>& out) const;
  // The enemy in u's neighbour nb, in direction d, that u may attack (5.1.2), or -1.
  inline int target_of(int u, int nb, int d) const;  // combat.cpp only
  bool any_combat_target() const;                    // legal_combat would list a target
  bool can_attack(int u) const;
  bool charge_eligible(int u) const;
  void add_attacker(int u, bool charging);
  void add_defender(int u);
  void queue_resolution();
  void resolve_combat();
  void apply_result();
  void finish_combat();
  void apply_hit(int u, int severity);  // 1 disorder, 2 rout, 3 eliminate
  void rout_move(int u, int steps);
  void eliminate(int u);
  void place_orphan_leader(int l);
  void kill_leader(int l);
  bool check_immediate_end();

  // Morale (morale.cpp).
  int morale_value(int u) const;
  int zoc_modifier(int u) const;
  int rally_modifier(int u) const;
  bool leader_near(int u, int max_distance) const;
  void morale_event(int u, int die, int modifier, bool passed, const char* what,
                    const char* rule) const;

  // Victory (victory.cpp).
  void victory_check();
  void end_game(int winner, EndReason reason);

  int side_of(int u) const { return bma_->facts(u).side; }
  bool is_cav(int u) const { return bma_->facts(u).type == UnitType::kCavalry; }
  bool is_inf(int u) const { return bma_->facts(u).type == UnitType::kInfantry; }
  bool is_carroccio(int u) const { return bma_->facts(u).type == UnitType::kCarroccio; }
  bool alive(int u) const {
    return units_[static_cast<std::size_t>(u)].status != Status::kEliminated;
  }
  void set_unit_hex(int u, int hex);
  void set_leader_hex(int l, int hex);  // every change of a leader's hex goes through here
  std::string unit_name(int u) const;
  // The log's sentences about a unit: its name and a verb agreeing with it ("Milanese knights 1
  // (...) are disordered", "Como militia 2 (...) is disordered"), through the shared judgement
  // of game/table/place.hpp. Decided once there, for every ruleset: a collective noun
  // ("militia", "levy", "vanguard", "company") is singular, a unit being one body; leaders are
  // persons and always singular, so their sentences say "is" as written.
  //
  // The log names a unit by log_name(), its name and its hex ("Milanese knights 2 at 0912"),
  // the browser writing the name by the unit's short label (its rating and troop as its counter
  // shows them, "B cav": `label` in the position) so that an entry keeps to two lines at 1366 px
  // (issue 20); the verb still agrees with unit_name()'s head noun.
  std::string unit_says(int u, std::string_view verb) const {
    return fmt::format("{} {}", log_name(u), game::table::verb_for(unit_name(u), verb));
  }
  std::string log_name(int u) const;
  // The short label of a unit, as its counter shows it: its rating and troop ("B cav", "A inf";
  // the Carroccio by its name).
  std::string unit_label(int u) const;
  std::string leader_name(int l) const;
  std::string hex_name(int h) const { return bma_->board().label(h); }
  // Emits an event. Callers write `if (logging()) log(...)` so that a playout (no sink) does
  // not even format the text or build the data: no allocation per step.
  void log(const char* kind, std::string text, const char* rule,
           nlohmann::json data = nlohmann::json::object()) const;

  std::shared_ptr<const BmaGame> bma_;
  std::vector<UnitState> units_;
  std::vector<LeaderState> leaders_;
  // Unit index per hex, kNoOccupant if none: one byte a hex (kMaxUnits < 255) keeps a state
  // within 2 KB (docs/performance.md). After the board's hexes, from index leader_bits_, one
  // bit per hex set where a leader stands (leader_in); one vector, so a clone makes one copy.
  static constexpr std::uint8_t kNoOccupant = 255;
  static_assert(kMaxUnits < kNoOccupant);
  std::vector<std::uint8_t> occ_;
  std::vector<Task> tasks_;
  std::vector<std::int16_t> rally_failed_;
  Combat combat_;
  std::array<std::int16_t, kNumSides> leader_vp_lost_{0, 0};
  std::uint8_t turn_ = 1;
  Phase phase_ = Phase::kDraw;
  Phase resume_phase_ = Phase::kDraw;  // where to go when the task queue empties
  std::int8_t active_leader_ = -1;
  std::int8_t drawn_leader_ = -1;
  std::int16_t selected_ = -1;       // piece picked to move (unit, or 1000 + leader)
  std::int16_t move_from_ = kNoHex;  // where the selected piece began its move
  std::int8_t mp_left_ = 0;          // movement points the selected piece has left
  std::uint8_t move_from_facing_ = 0;
  std::int16_t single_unit_ = -1;  // 5.4.3: the only unit a new replacement activates
  std::int8_t winner_ = -1;
  EndReason end_reason_ = EndReason::kNone;
  std::uint16_t draw_count_ = 0;
  std::uint16_t leader_bits_ = 0;  // where occ_'s leader bits begin: the number of hexes
  static_assert(kMaxHexes <= UINT16_MAX);
};

// Unit flags.
inline constexpr std::uint8_t kMoved = 1;
inline constexpr std::uint8_t kAttacked = 2;
inline constexpr std::uint8_t kDefended = 4;
inline constexpr std::uint8_t kOutOfCommand = 8;
inline constexpr std::uint8_t kEnteredForest = 16;
inline constexpr std::uint8_t kActive = 32;      // belongs to the current activation
inline constexpr std::uint8_t kForestMove = 64;  // entered a forest in the move under way (9.6)
// Leader flags.
inline constexpr std::uint8_t kActivated = 1;            // activated this turn (3.1.1)
inline constexpr std::uint8_t kAwaitingReplacement = 2;  // killed; next draw places one (5.4.3)
inline constexpr std::uint8_t kReplacement = 4;          // a replacement leader (5.4.5)
inline constexpr std::uint8_t kLeaderMoved = 8;
inline constexpr std::uint8_t kFallen = 16;  // the original leader has been killed

// Small rule queries asked many times a step, defined here so that every caller inlines them
// (docs/performance.md).

inline bool BmaState::exerts_zoc(int u) const {
  // 4.1 / ruling L-30: only ordered combat units have a zone of control.
  return alive(u) && unit(u).status == Status::kOrdered && !is_carroccio(u);
}

inline bool BmaState::in_command(int u) const { return (unit(u).flags & kOutOfCommand) == 0; }

inline int BmaState::movement_allowance(int u) const {
  const int ma = bma_->facts(u).movement;
  return in_command(u) ? ma : ma / 2;  // 7.1.2: halved, rounded down
}

// can_move and can_attack are asked of every unit of the command at every choice, with
// answers no branch predictor can guess: they combine the tests with & instead of &&.
static_assert(Status::kOrdered < Status::kDisordered && Status::kDisordered < Status::kRouted &&
              Status::kRouted < Status::kEliminated);

inline bool BmaState::can_move(int u) const {
  const UnitState& us = unit(u);
  // Active and not yet moved; neither routed nor eliminated; a movement allowance above 0
  // (halved when out of command, 7.1.2: movement_allowance(u) > 0).
  const int halve = (us.flags & kOutOfCommand) != 0;
  return ((us.flags & (kActive | kMoved)) == kActive) & (us.status < Status::kRouted) &
         ((bma_->facts(u).movement >> halve) > 0);
}

inline bool BmaState::can_attack(int u) const {
  const UnitState& us = unit(u);
  // 5.1.1: the active command's units; 5.3 D: disordered units may not attack; 7.1.2: nor
  // units out of command; the Carroccio never attacks (ruling L-39).
  return ((us.flags & (kActive | kAttacked | kOutOfCommand)) == kActive) &
         (us.status == Status::kOrdered) & !is_carroccio(u);
}

inline unsigned BmaState::side_neighbours(int hex, int side) const {
  const BmaGame& g = *bma_;
  const auto& nbs = g.board().neighbors(hex);
  unsigned mask = 0;
  for (unsigned d = 0; d < 6; ++d) {
    const int nb = nbs[d];
    if (nb != kNoHex)
      mask |= static_cast<unsigned>(g.occupant_side(occ_[static_cast<std::size_t>(nb)]) == side)
              << d;
  }
  return mask;
}

inline BmaState::Mover BmaState::mover(int piece, bool is_leader) const {
  const BmaGame& g = *bma_;
  Mover m;
  m.piece = piece;
  m.is_leader = is_leader;
  if (is_leader) {
    m.hex = leader(piece).hex;
    m.side = g.leader_side(piece);
    m.type = UnitType::kCavalry;  // ruling L-48: leaders pay cavalry costs
  } else {
    const UnitState& us = unit(piece);
    m.hex = us.hex;
    m.facing = us.facing;
    m.side = side_of(piece);
    m.type = g.facts(piece).type;
    m.disordered = us.status == Status::kDisordered;
    // 7.2: facing limits movement; a disordered unit's rearward move ignores it (ruling L-36).
    m.use_facing = g.rules().facing && m.type != UnitType::kCarroccio && !m.disordered;
    m.vertex = m.type == UnitType::kInfantry;
  }
  if (m.disordered) m.home = g.scenario_data().sides[static_cast<std::size_t>(m.side)].home_edge;
  return m;
}

}  // namespace carroccio::bma
