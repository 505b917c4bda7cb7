// The ohw State: the table, the units and where the sequence of play stands.
//
// Sequence (the play sequence before 1.0): a full turn is two player turns; each player turn has
// the phases Move, Shoot, Melee and Remove. Dice (shooting and melee hits, the force table, the
// roll-off for the first player) are chance nodes whose outcome the driver picks.
//
// Action encoding (legal lists are sorted ascending; docs/rulings/ohw.md explains the choices):
//   1                     end the current phase (Move or Shoot)
//   100 + v               chance: a d6 showing v (1..6)
//   200 + s               chance: side s won the roll-off for the first player turn (O-1)
//   1000 + u              Move phase: pick unit u to move (then one of the move codes below)
//   2000 + 64*s + t       Shoot phase: unit s shoots at unit t (2.0)
//   7000 + 64*a + t       Melee phase: unit a fights unit t (3.0)
//   11000 + 64*a + b      set-up, options 5.2: units a < b of the side's rolled force become
//                         irregulars (the side's choice, O-32)
//   15200 + u             set-up, option 5.3: unit u of the side's rolled force (not made
//                         irregular) becomes peasant archers (O-33)
//   20000 + code          Move phase, the picked unit:
//     code 0              hold (no move, no turn: it may still shoot, 1.6)
//     code 1 + (p*6 + d)*6 + q   a move (1.0, 1.4): turn kPreTurns[p] about the centre, go straight
//                         ahead by d quarters of the allowance (d = 5 is the road move,
//                         allowance + 3", 1.2 iv), then turn kPostTurns[q]. d = 0 is a turn in
//                         place (then q = 0 and p != 0).
//     code 300 + 4*t + side      charge side `side` (geo::Side order) of enemy unit t (1.8)
//     code 600 + side     in melee, turn to face the enemy touching that side (1.5)
//     code 650            try to demolish the scenario's crossing (S2; a d6 follows)
//     code 660 + 6*g + q  march on goal g (OhwGame::goals(): the objectives and zones the
//                         victory conditions name, at most kMaxGoals): turn to face the centre
//                         of its bounding box, go straight toward it as far as the allowance,
//                         the centre itself or the first contact allows (never into contact with
//                         an enemy: that is a charge), then turn kPostTurns[q] (1.0, 1.4; O-8a)
//   100000 + (d*64 + k)*72 + h   Move phase, the picked unit, free placement (board.cpp): turn
//                         to face direction d degrees (0..359, counter-clockwise from east), go
//                         straight ahead k quarter-inches (0..63; k = 0: a turn in place, d = 0),
//                         then turn to face h*5 degrees. Not listed by legal_actions() (agents
//                         keep to the candidates above); accepted by check_unlisted() when the
//                         rules allow it (1.0-1.4), so a person may drop a unit anywhere legal.
// Units are at most kMaxUnits (60), so the ranges never overlap.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "game/state.hpp"
#include "game/table/turn.hpp"
#include "rulesets/ohw/game.hpp"

namespace carroccio::ohw {

namespace act {
inline constexpr game::Action kEndPhase = 1;
inline constexpr game::Action kDieBase = 100;
inline constexpr game::Action kRollOffBase = 200;
inline constexpr game::Action kSelectBase = 1000;
inline constexpr game::Action kShootBase = 2000;
inline constexpr game::Action kMeleeBase = 7000;
inline constexpr game::Action kIrregularsBase = 11000;
inline constexpr game::Action kPeasantsBase = 15200;
inline constexpr game::Action kMoveBase = 20000;
inline constexpr int kHold = 0;
inline constexpr int kChargeCode = 300;
inline constexpr int kFaceCode = 600;
inline constexpr int kDemolishCode = 650;
inline constexpr int kMarchCode = 660;
inline constexpr int kMaxCode = 700;
inline constexpr game::Action kPlaceBase = 100000;
inline constexpr int kPlaceDirections = 360;  // 1-degree steps
inline constexpr int kPlaceDistances = 64;    // quarter-inch steps, up to 15.75"
inline constexpr int kPlaceHeadings = 72;     // 5-degree steps
inline constexpr std::int64_t kPlaceStep = 25;
inline constexpr int kPlaceHeadingStep = 5;
inline constexpr game::Action kPlaceEnd =
    kPlaceBase + kPlaceDirections * kPlaceDistances * kPlaceHeadings;
}  // namespace act

// Turn sizes of a move, in degrees (positive = counter-clockwise = to the left).
inline constexpr std::array<int, 8> kPreTurns = {0, 15, -15, 45, -45, 90, -90, 180};
inline constexpr std::array<int, 6> kPostTurns = {0, 45, -45, 90, -90, 180};
// Distances as quarters of the allowance; index 5 = road move (allowance + 3").
inline constexpr int kNumDistances = 6;
inline constexpr int kRoadDistance = 5;
game::Action move_code(int pre, int dist, int post);
// A free placement (board.cpp): direction in degrees, distance in quarter-inches, final heading
// as an index of 5-degree steps.
game::Action place_code(int direction, int distance, int heading);

enum class Phase : std::uint8_t { kSetup, kMove, kShoot, kMelee, kOver };

enum class PendingKind : std::uint8_t { kNone, kForceRoll, kRollOff, kShot, kMelee, kDemolish };
struct Pending {
  PendingKind kind = PendingKind::kNone;
  std::int8_t a = -1;  // side (force roll) or the unit striking
  std::int8_t t = -1;  // the unit struck
};

enum class EndReason : std::uint8_t { kNone, kObjective, kBreak, kTurnLimit, kWipedOut };
std::string_view end_reason_name(EndReason r);

inline constexpr std::uint8_t kMoved = 1;     // moved or turned this player turn (1.6, O-18)
inline constexpr std::uint8_t kActed = 2;     // picked in this Move phase
inline constexpr std::uint8_t kShot = 4;      // shot this player turn
inline constexpr std::uint8_t kFought = 8;    // fought this Melee phase
inline constexpr std::uint8_t kCharged = 16;  // charged this player turn (5.4 delay)

struct UnitState {
  geo::Base base;
  UnitType type = UnitType::kLevies;
  std::int16_t hits = 0;
  bool on_table = false;
  bool removed = false;
  std::uint8_t flags = 0;
};

// The parts of a hit calculation, for events, odds and tests.
struct HitFactors {
  int die = 0, modifier = 0, base_hits = 0;
  bool terrain = false, armour = false, flank = false;
  int hits = 0;
};

class OhwState final : public game::State {
 public:
  explicit OhwState(std::shared_ptr<const OhwGame> game);
  OhwState(const OhwState&) = default;

  game::Player current_player() const override;
  void legal_actions(std::vector<game::Action>& out) const override;
  void chance_outcomes(std::vector<game::ChanceOutcome>& out) const override;
  using game::State::chance_outcomes;
  using game::State::legal_actions;
  game::ChanceInfo chance_info() const override;
  std::vector<double> returns() const override;
  std::unique_ptr<game::State> clone() const override;
  std::string to_string() const override;
  nlohmann::json to_json(game::Player viewer) const override;
  std::string action_to_string(game::Action action) const override;
  nlohmann::json action_to_json(game::Action action) const override;     // board.cpp
  core::Status check_unlisted(game::Action action) const override;       // board.cpp
  nlohmann::json free_placement(std::string_view piece) const override;  // board.cpp
  using game::State::free_placement;
  std::string check_invariants() const override;
  std::string render_text(game::Player viewer) const override;  // render.cpp
  std::string status_line() const override;
  std::vector<double> evaluate() const override;                      // analysis.cpp
  void agent_actions(std::vector<game::Action>& out) const override;  // analysis.cpp
  nlohmann::json result_summary() const override;
  game::PointsStanding points_standing() const override;  // victory.cpp
  // The exact odds of a shot, a melee strike, a charge (the strike it leads to) or a demolition
  // attempt: every face of the d6, the hits, the modifiers with their clauses (odds.cpp).
  nlohmann::json action_odds(game::Action action) const override;

  // Read access for tests, agents and displays.
  const OhwGame& ohw() const { return *ohw_; }
  int turn() const { return track_.turn; }
  int active() const { return track_.active; }
  int first() const {
    return track_.first;
  }  // the side moving first in each turn (-1 before a roll-off)
  Phase phase() const { return phase_; }
  int selected() const { return selected_; }
  const Pending& pending() const { return pending_; }
  const UnitState& unit(int u) const { return units_[static_cast<std::size_t>(u)]; }
  int winner() const { return track_.winner; }
  EndReason end_reason() const { return end_reason_; }
  int points(int side) const { return points_[static_cast<std::size_t>(side)]; }
  int removed_count(int side) const;
  int side_of(int u) const { return ohw_->unit(u).side; }

  // ---- Rule queries (movement.cpp, combat.cpp), exposed for tests ----
  std::int64_t allowance(int u) const;  // 1.1, 5.2
  // The base would be legal to stand on for unit u: on the table, off impassable terrain, not
  // overlapping another unit (1.2, 1.3, 0.7).
  bool may_stand(int u, const geo::Base& b) const;
  // The terrain pieces and units may_stand() may find in the way of u's base when it stands on a
  // base of b's size whose centre is within `slide` (rounded moves included) of b's: those its
  // box and distance tests do not refuse for every such base (made once for the bases a turn
  // tries, and the same answers).
  struct StandCandidates {
    std::vector<int> terrain;
    std::vector<int> units;
  };
  void stand_candidates(int u, const geo::Base& b, std::int64_t slide, StandCandidates& out) const;
  bool may_stand(int u, const geo::Base& b, const StandCandidates* only) const;
  // may_stand(u, b.translated(off), &only) given b's box (game/table: box_of(b)), without making
  // the moved base unless an exact test needs it (a quarter turn's slides, O-14).
  bool may_stand_moved(int u, const geo::Base& b, const game::table::Box& box_b, geo::Vec off,
                       const StandCandidates& only) const;
  // The offsets a quarter turn slides its base by, in the order tried (O-14): 0.1" to 2" in 0.1"
  // steps, along each of the base's four axes in turn, for a base facing `heading`.
  static const std::array<geo::Vec, 80>& slide_offsets(geo::Angle heading);
  // may_stand(u, b.translated(o), &only) for many offsets o of one base b (a quarter turn's
  // slides, O-14): the same answers. The separating-edge tests of geo::overlaps() and
  // geo::base_overlaps_convex() move with the base by a product per edge (cross(e, X - (c + o))
  // is cross(e, X - c) - cross(e, o)), so for each candidate whose box meets a moved base's the
  // extremes over the fixed shapes are found once, and an offset then costs a few products per
  // candidate near it; the moved base is made only for terrain that is not convex.
  class StandProbe {
   public:
    void reset(const OhwState& s, int u, const geo::Base& b, const StandCandidates& only);
    bool stands(geo::Vec o);

   private:
    __extension__ typedef __int128 Int128;
    struct Obstacle {
      game::table::Box box;
      int terrain = -1;    // a terrain piece (else a unit's base)
      bool ready = false;  // the extremes below are found (when first needed)
      bool convex = true;  // false: terrain tested with the moved base itself
      Int128 a[4] = {};    // the largest cross(e_i, X - c_i) over its points X, e_i b's edges
      std::uint32_t first = 0, count = 0;  // its edges in edges_
    };
    struct Edge {
      geo::Vec e;  // an edge of the obstacle, counter-clockwise
      Int128 b;    // the largest cross(e, Y - start) over b's corners Y
    };
    void prepare(Obstacle& ob);
    const OhwState* s_ = nullptr;
    int u_ = -1;
    const geo::Base* b_ = nullptr;
    std::array<geo::Point, 4> c_;
    game::table::Box box_;
    std::vector<Obstacle> obstacles_;
    std::vector<Edge> edges_;
  };
  // Whether the straight move of u's base `b` by `v` stays clear (1.0, 1.3, 1.7); along a road,
  // the ground it crosses does not stop it (1.2 iv).
  bool path_clear(int u, const geo::Base& b, geo::Vec v, int ignore = -1) const;
  // The terrain pieces and units path_clear(u, b, v, ignore) may find in the way of any move of
  // b by a part of `longest` (polar(dir, d) for d up to longest's length: its components have
  // the same signs and no larger sizes, so its sweep's box is inside the longest's): those whose
  // boxes are not apart from the longest sweep's. Made once for a march's bisection.
  struct PathCandidates {
    std::vector<int> terrain;
    std::vector<int> units;
  };
  void path_candidates(int u, const geo::Base& b, geo::Vec longest, int ignore,
                       PathCandidates& out) const;
  // path_clear() looking only at `only` (path_candidates() of a longer move in the same
  // direction): the same answer.
  bool path_clear(int u, const geo::Base& b, geo::Vec v, int ignore,
                  const PathCandidates* only) const;
  // The result of turning u in place (1.4), or nothing if the turn is not allowed there.
  std::optional<geo::Base> turned(int u, const geo::Base& b, geo::Angle turn) const;
  // The same, with stand_candidates(u, b, kTurnSlide, *near) made by the caller (several turns of
  // the same base).
  static constexpr std::int64_t kTurnSlide = 2 * kInch;  // O-14: a quarter turn slides up to 2"
  std::optional<geo::Base> turned(int u, const geo::Base& b, geo::Angle turn,
                                  const StandCandidates* near) const;
  // The same, b's rotations about its centre by multiples of 15 degrees being those by
  // `rotated(angle)` moved by `off` (legal_moves() makes the start base's once and gives them
  // for every base a move reaches: geo::Base::translated() keeps the half vectors, which depend
  // only on the size and the heading, so they are the bases rotating b makes).
  template <class Rotated>
  std::optional<geo::Base> turned(int u, const geo::Base& b, geo::Angle turn,
                                  const StandCandidates* near, Rotated&& rotated,
                                  geo::Vec off) const;
  // The base after move code `code` of unit u, or nothing if illegal.
  std::optional<geo::Base> move_result(int u, int code) const;
  // Where a march of u on goal g ends, before its last turn (O-8a), or nothing if there is none.
  std::optional<geo::Base> march_end(int u, int g) const;
  // The base after free placement action `a` of the selected unit, or the reason it is not
  // allowed (board.cpp; 1.0-1.4).
  core::Expected<geo::Base> placement_result(game::Action a) const;
  // 1.5 (O-15): u in melee turns to face the enemy touching its side `side` (a flank: a quarter
  // turn; the rear: an about-face); the others in contact are moved the least that keeps them in
  // contact without overlap. The new bases, u's first, or nothing if the turn is not allowed.
  std::optional<std::vector<std::pair<int, geo::Base>>> turn_to_face(int u, geo::Side side) const;
  // The contact position of a charge of u against side `side` of t, or nothing if illegal (1.8).
  std::optional<geo::Base> charge_result(int u, int t, geo::Side side) const;
  // 0.9: line of sight from point p to point q, ignoring units a and b.
  bool line_of_sight(geo::Point p, geo::Point q, int a, int b) const;
  // The units (not ignored, on the table, centre within reach + 3" of a region) and terrain
  // pieces (box meeting it) that line_of_sight() may find in the way of a line inside the region:
  // the box tests it makes for each line, made once for all the lines of a side.
  struct SightCandidates {
    std::vector<int> units;
    std::vector<int> terrain;
    // Per terrain piece, whether one of the two units looking lines its edge (0.9 v), once
    // worked out: -1 not yet, 0 no, 1 yes (the same for every line between them).
    mutable std::vector<std::int8_t> lining;
    // Per pair of units v < w (at v * num_units + w), whether they are less than 3" apart (0.9
    // iii), once worked out: -1 not yet, 0 no, 1 yes (the same for every line).
    mutable std::vector<std::int8_t> gap;
  };
  // 0.9 iii: units v and w are less than 3" apart (kept in `candidates`' gaps when given).
  bool units_within_gap(int v, int w, const SightCandidates* candidates) const;
  // The same, looking only at `candidates` (at all units and terrain when null).
  bool line_of_sight(geo::Point p, geo::Point q, int a, int b,
                     const SightCandidates* candidates) const;
  // 0.6, 0.9 ii: side `side` of t is seen by u in its arc (for shooting, `shooting`: with 5.4's
  // field of fire); returns the squared distance to its nearest seen sample point, if eligible.
  std::optional<geo::SquaredDistance> eligible_side(int u, int t, geo::Side side,
                                                    bool shooting) const;
  // The same, and that distance within `range` (a charge's move, a shot's range; no limit when
  // negative): the lines are not looked along when too few sample points are in the arc or none
  // is in range, nor further once too few are left to be seen.
  std::optional<geo::SquaredDistance> eligible_side(int u, int t, geo::Side side, bool shooting,
                                                    std::int64_t range) const;
  bool may_shoot(int u) const;            // 2.0, 1.6, O-20
  bool may_shoot_at(int u, int t) const;  // 2.1, 2.2
  bool in_melee(int u) const;             // in edge contact with an enemy
  // The side of `b` (unit t) that u's front touches, if u's front edge touches t (3.0, O-24).
  std::optional<geo::Side> front_contact(int u, int t) const;
  bool must_fight(int u) const;                           // O-24
  HitFactors shooting_hits(int u, int t, int die) const;  // 2.3
  HitFactors melee_hits(int u, int t, int die) const;     // 3.2
  // Why u's shot at (or strike on) t gives the hits it does: each modifier with its clause, as
  // {"what", "rule"} (odds.cpp; the odds and the log show it).
  nlohmann::json hit_modifiers(int u, int t, bool melee) const;
  bool within_terrain(int u, TerrainType type) const;  // 0.8
  bool at_river_crossing(int u) const;                 // 3.2 i
  bool uphill_of(int u, int other) const;              // 0.8, O-7
  bool is_fort(int u) const;                           // 5.1
  bool in_redoubt(int u) const;                        // 5.4
  bool is_foot(int u) const { return unit(u).type != UnitType::kKnights; }
  bool demolished() const { return demolished_; }
  bool may_demolish(int u) const;  // S2 "Demolition"
  // Terrain piece i stops unit u (1.2; a demolished crossing is river).
  bool blocks(int u, int i) const;
  // A road carries a unit through terrain piece i when it would otherwise stop it (1.2 iv).
  bool road_crosses(int i) const;

  // Test set-up: put unit u at a position with the given hits (no history is recorded).
  void debug_place(int u, geo::Point centre, int heading_degrees, int hits = 0);
  void debug_remove(int u);

 protected:
  void do_apply(game::Action action) override;

 private:
  void advance();  // runs automatic steps until a decision or chance node
  void start_player_turn();
  void end_player_turn();
  void finish_game(int winner, EndReason reason);
  void apply_hits(int t, int hits);
  void apply_die(int value);
  void legal_moves(std::vector<game::Action>& out) const;
  // charge_result() after its checks of the two units (sides, table, wagon, melee, fort, 1.8 ii);
  // `in_reach`: the caller has found the bases within u's allowance (legal_moves(), once for the
  // four sides).
  std::optional<geo::Base> charge_contact(int u, int t, geo::Side side,
                                          bool in_reach = false) const;
  void legal_setup(std::vector<game::Action>& out) const;
  // 5.2, 5.3: the replacement side s still has to choose, if any: 1 irregulars, 2 peasant archers.
  int replacement_due(int s) const;
  void legal_shots(std::vector<game::Action>& out) const;
  void legal_melee(std::vector<game::Action>& out) const;
  void do_move(int code);
  void do_place(game::Action a);    // board.cpp
  void do_replace(game::Action a);  // 5.2, 5.3 at set-up
  std::string placement_to_string(game::Action a) const;
  bool impassable_for(int u, TerrainType t) const;
  int objective_winner() const;  // victory.cpp
  void score_zones();
  void wagons_end_of_turn();  // victory.cpp
  int decide_at_end() const;
  // "the Red men-at-arms #2": a unit as the log and the decisions name it, its type in words,
  // never its file id (game/table/place.hpp; odds.cpp). unit_name() is the same.
  std::string unit_words(int u) const;
  std::string unit_name(int u) const { return unit_words(u); }
  // The same without the side: "men-at-arms #2" (game::table::piece_label).
  std::string unit_label(int u) const;
  // Its number among its side's units of its type, and how many there are.
  std::pair<int, int> unit_number(int u) const;
  // A roll for the log: "d6 5; archers +2 [2.3]; armour /2 [2.3 ii] -> 4 hits", each modifier in
  // its brief words and each clause without the book's name, which the entry cites (odds.cpp).
  std::string roll_reasons(int u, int t, bool melee, const HitFactors& h) const;
  // The odds of u's shot or strike at t as the position stands (odds.cpp).
  nlohmann::json hits_odds(int u, int t, bool melee) const;

  std::shared_ptr<const OhwGame> ohw_;
  std::vector<UnitState> units_;
  std::array<std::uint8_t, kNumSides> force_die_{0, 0};
  std::array<std::int16_t, kNumSides> points_{0, 0};
  // The turn, the side whose player turn it is, the side moving first (-1 before a roll-off) and
  // the winner (game/table/turn.hpp).
  game::table::TurnTrack track_;
  std::int8_t selected_ = -1;
  bool demolished_ = false;
  bool demolition_tried_ = false;  // this player turn
  Phase phase_ = Phase::kSetup;
  EndReason end_reason_ = EndReason::kNone;
  Pending pending_;
};

}  // namespace carroccio::ohw
