// The fastplay State: the table, the units and their stands, and where the turn stands.
//
// Turn sequence (fastplay 2, playsheet): Archery 1, Movement, Archery 2, Charge into melee,
// Melee, Retreat from melee, Archery 3. At the start of each turn a d6 says which army moves
// first (odd: the first side of the scenario, "A"); that army also acts first in each
// alternating phase (ruling F-3). In the alternating phases the two sides act one unit at a
// time; a side that passes is out of that phase; the phase ends when both are out.
//
// Action encoding (legal lists are sorted ascending; docs/rulings/fastplay.md):
//   1                       pass / end the phase (Movement: end this side's movement)
//   100 + v                 chance: a die showing v (d6 or d10)
//   1000 + u                Movement: pick unit u (then a move code)
//   2000 + 64*u + t         Archery phases: unit u (archers or a war machine) shoots at unit t
//   7000 + 256*u + 4*t + s  Charge: unit u charges side s (geo::Side order) of unit t
//   30000 + u               Melee: unit u fights
//   31000 + u               Retreat: unit u retreats
//   32000 + r               the charged unit's answer: 0 stand, 1 pivot to face, 2 evade
//   33000 + r               winners of a melee: 0 stay, 1 occupy the vacated places
//   34000 + 8*t + j         the attacking side picks the stand a striking stand (or an extra
//                           die) hits: stand j of enemy unit t (PendingKind::kStrike; the
//                           attack is attacks().front(), the choices strike_candidates())
//   35000 + j               the owner picks which of its stands is lost: stand j of
//                           loss_unit() (PendingKind::kLoss; after an archery or war-machine
//                           hit, or the d10 of a retreat; losses_left() more to pick)
//   36000 + j               the shooting side picks which archer stand of the shooter a 1
//                           turns about, running low on arrows: stand j (PendingKind::kArrows;
//                           the choices arrow_stands())
//   36500 + j               the same when every archer stand is already turned: stand j is
//                           replaced by a light infantry stand, out of arrows
//   40000 + code            Movement, the picked unit: 0 hold; 1 + 5*p + d: turn kTurns[p]
//                           about the middle of its live stands (ruling F-6), then go straight
//                           ahead d quarters of its allowance (p = 0 and d = 0 is not a move)
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "game/state.hpp"
#include "game/table/turn.hpp"
#include "rulesets/fastplay/game.hpp"

namespace carroccio::fastplay {

namespace act {
inline constexpr game::Action kPass = 1;
inline constexpr game::Action kDieBase = 100;
inline constexpr game::Action kSelectBase = 1000;
inline constexpr game::Action kShootBase = 2000;
inline constexpr game::Action kChargeBase = 7000;
inline constexpr game::Action kFightBase = 30000;
inline constexpr game::Action kRetreatBase = 31000;
inline constexpr game::Action kResponseBase = 32000;
inline constexpr game::Action kOccupyBase = 33000;
inline constexpr game::Action kStrikeBase = 34000;
inline constexpr game::Action kLoseBase = 35000;
inline constexpr game::Action kTurnAboutBase = 36000;
inline constexpr game::Action kReplaceBase = 36500;
inline constexpr game::Action kMoveBase = 40000;
inline constexpr int kStand = 0, kFace = 1, kEvade = 2;
}  // namespace act

inline constexpr std::array<int, 6> kTurns = {0, 45, -45, 90, -90, 180};
inline constexpr int kNumDistances = 5;  // 0..4 quarters
game::Action move_action(int turn_index, int quarters);
game::Action charge_action(int u, int t, geo::Side side);

enum class Phase : std::uint8_t {
  kArchery1,
  kMovement,
  kArchery2,
  kCharge,
  kMelee,
  kRetreat,
  kArchery3,
  kOver,
};
std::string_view phase_name(Phase p);

enum class PendingKind : std::uint8_t {
  kNone,
  kFirstMover,    // d6: odd A, even B (fastplay 2.1)
  kSupremeRoll,   // d6: units that may move or charge (fastplay 11.4, optional)
  kArcheryDie,    // d6 per archer stand (fastplay 5.2)
  kMachineDie,    // d6 for a war machine (fastplay 10.2)
  kMeleeDie,      // d6 per attack (fastplay 8.1)
  kRetreatDie,    // d10 before a retreat (fastplay 9.1)
  kCommanderDie,  // d10 for a commander after losses (fastplay 11.2)
  kChargeAnswer,  // decision of the charged unit's side (fastplay 6.2, 7.1)
  kOccupy,        // decision of the winners' side (fastplay 8.4)
  kStrike,        // decision of the attacking side: which touching enemy stand is struck (8.1)
  kLoss,          // decision of the losing side: which of its stands is removed (5.2, 9.1, 10.2)
  kArrows,        // decision of the shooting side: which archer stand a 1 turns or replaces (5.3)
};

enum class EndReason : std::uint8_t { kNone, kBroken, kTurnLimit };
std::string_view end_reason_name(EndReason r);

// Per-turn flags of a unit.
inline constexpr std::uint16_t kShotFirst = 1;   // shot in Archery 1: no move, no charge
inline constexpr std::uint16_t kShot = 2;        // shot this turn
inline constexpr std::uint16_t kMoved = 4;       // picked in this Movement phase
inline constexpr std::uint16_t kCharged = 8;     // charged this turn
inline constexpr std::uint16_t kEvaded = 16;     // evaded this turn
inline constexpr std::uint16_t kFought = 32;     // fought this Melee phase
inline constexpr std::uint16_t kRetreated = 64;  // retreated this turn
// Picked in this Movement phase and held while its side's moves are limited (fastplay 11.4):
// not counted against the d6, so a charge later counts (ruling F-27).
inline constexpr std::uint16_t kHeld = 128;

struct StandState {
  TroopType type = TroopType::kHeavyInfantry;
  geo::Vec offset;  // unit frame: x ahead, y to the left
  bool alive = true;
  bool turned = false;      // archers running low on arrows (fastplay 5.3)
  bool doomed = false;      // eliminated in this Melee phase, removed at its end (fastplay 8.3)
  std::int64_t occupy = 0;  // won its fight: may advance this far to the vacated place (8.4)
};

struct UnitState {
  geo::Point centre;
  geo::Angle heading;
  std::vector<StandState> stands;
  bool commander = false;  // still has its commander (or, for a lone commander, is alive)
  std::uint16_t flags = 0;
  // A number that names the unit's place and stands (as geo_stamp() names all the units'): 0
  // from a change of them until the end of the action that made it, else given once, so the
  // same only in copies of the state where the unit was so placed (FastplayState::serial()).
  std::uint64_t serial = 0;
};

// One die to roll in melee: the attacking stand, the stand attacked and the modifier.
struct Attack {
  std::int8_t unit = -1, stand = -1, target_unit = -1, target_stand = -1;
  std::int8_t modifier = 0;
  bool extra = false;       // an extra die (commander or charging cavalry)
  bool chosen = false;      // its target is settled (by the attacking side or by having no choice)
  std::int16_t occupy = 0;  // how far the attacker advances into the vacated place (8.4)
};

// Where a unit stands: the centre of its frame and its heading.
using Pose = std::pair<geo::Point, geo::Angle>;

// A charge waiting for the target side's answer.
struct PendingCharge {
  std::int8_t unit = -1, target = -1;
  geo::Side side = geo::Side::kFront;
};

class FastplayState final : public game::State {
 public:
  explicit FastplayState(std::shared_ptr<const FastplayGame> game);
  FastplayState(const FastplayState&) = default;

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
  // The decision for the table board (docs/api.md, "The table view"): kind, unit ids and, for a
  // move or a charge, the unit's block where it would end (corners, x, y, heading_arcsec).
  nlohmann::json action_to_json(game::Action action) const override;
  std::string check_invariants() const override;
  std::string render_text(game::Player viewer) const override;  // render.cpp
  std::string status_line() const override;
  std::vector<double> evaluate() const override;  // analysis.cpp
  // Fewer, better move codes for a picked unit; every other decision as legal_actions()
  // (analysis.cpp).
  void agent_actions(std::vector<game::Action>& out) const override;
  nlohmann::json result_summary() const override;
  game::PointsStanding points_standing() const override;
  // The exact odds of a volley, a war machine's shot, a fight, a strike's target, a retreat or a
  // charge (the fight it leads to): every outcome, the modifiers with their clauses (odds.cpp).
  nlohmann::json action_odds(game::Action action) const override;
  // The odds of unit u's fight as the position stands, and of u's volley (or war machine's
  // shot) at t; null when there is none (odds.cpp).
  nlohmann::json fight_odds(int u) const;
  nlohmann::json volley_odds(int u, int t) const;
  // "stand 3 of the Bishop's host heavy infantry #1": a stand as the odds, the log and the
  // decisions name it, with its own type when it is not the unit's ("(light infantry)": out of
  // arrows) (odds.cpp).
  std::string stand_words(int u, int i) const;
  // "the Count's host heavy infantry #2": a unit as the log, the decisions and the board's list
  // name it, never by its file id (FastplayGame::unit_name).
  std::string unit_words(int u) const { return fp_->unit_name(u); }
  static std::string troop_words(TroopType t);

  // Read access for tests, agents and displays.
  const FastplayGame& fp() const { return *fp_; }
  int num_units() const { return fp_->num_units(); }
  int turn() const { return track_.turn; }
  Phase phase() const { return phase_; }
  int first() const { return track_.first; }
  int to_act() const { return track_.active; }
  int selected() const { return selected_; }
  PendingKind pending() const { return pending_; }
  const UnitState& unit(int u) const { return units_[static_cast<std::size_t>(u)]; }
  // A number that names what the units are (their places and stands) in this state: 0 while
  // unknown (from a change of a unit until the end of the action that made it), else given
  // once by fresh_stamp() and so the same only for states with the same units (a copy of this
  // one). What is made from the units (unit_geo()) is kept with it, so that it is not checked
  // again while the stamp is the same.
  std::uint64_t geo_stamp() const { return stamp_; }
  // The unit's UnitState::serial: two states whose unit u has the same serial (not 0) have it
  // at the same place with the same stands.
  std::uint64_t serial(int u) const { return unit(u).serial; }
  int side_of(int u) const { return fp_->unit(u).side; }
  int winner() const { return track_.winner; }
  EndReason end_reason() const { return end_reason_; }
  int alive_stands(int u) const;
  int stands_lost(int side) const;
  int move_limit(int side) const { return move_limit_[static_cast<std::size_t>(side)]; }
  const std::vector<Attack>& attacks() const { return attacks_; }
  // PendingKind::kLoss: the unit losing stands and how many its side still has to pick.
  int loss_unit() const { return loss_unit_; }
  int losses_left() const { return losses_left_; }
  // The unit shooting (an archery volley or a war machine), -1 when none.
  int shooter() const { return shooter_; }
  // The volley's target and the dice it still has to roll (0 when none is under way).
  int volley_target() const { return target_; }
  int volley_dice_left() const { return dice_left_; }

  // ---- Rule queries (rules.cpp), exposed for tests ----
  geo::Base stand_base(int u, int i) const;
  geo::Base stand_base_at(int u, int i, geo::Point centre, geo::Angle heading) const;
  // The smallest rectangle in the unit's frame holding its live stands, on the table.
  geo::Base block(int u) const;
  geo::Base block_at(int u, geo::Point centre, geo::Angle heading) const;
  bool alive(int u) const { return alive_stands(u) > 0; }
  bool engaged(int u) const;  // a live stand in edge contact with an enemy stand (ruling F-15)
  // Whether the unit may stand with its centre and heading there: on the table, off rivers,
  // overlapping no stand of another unit except those of `ignore`.
  bool may_place(int u, geo::Point centre, geo::Angle heading, int ignore = -1) const;
  // The straight move of the unit's stands (at `heading`) by v passes through no stand of
  // another unit (except `ignore`) and no river.
  bool path_clear(int u, geo::Point centre, geo::Angle heading, geo::Vec v, int ignore = -1) const;
  // fastplay 4.1: the move keeps every stand at least 10 cm from every enemy stand (or no
  // closer than it already was).
  bool keeps_stand_off(int u, geo::Point centre, geo::Angle heading, geo::Vec v) const;
  // The unit's centre and heading after move code `code`, or nothing if illegal (fastplay 4).
  std::optional<Pose> move_result(int u, int code) const;
  // Where a legal move code (0 to 30, one move_result() accepts) puts the unit: move_result()'s
  // answer without its tests (do_move(): the code was listed, or checked by State::apply()).
  Pose move_pose(int u, int code) const;
  // The move codes (1 and up, no hold) move_result() accepts for u, ascending, each turn's
  // starting place checked once for the codes that share it; with `first_only`, at most the
  // first.
  void move_codes(int u, std::vector<int>& out, bool first_only = false) const;
  // The unit's centre and heading on contact with side `side` of t, or nothing (fastplay 6).
  std::optional<Pose> charge_result(int u, int t, geo::Side side, bool check_reach = true) const;
  // False when charge_result() (with check_reach) refuses every side of t by its first tests:
  // the sides, the units alive, the blocks' boxes further apart than the charge move, t not
  // attackable.
  bool charge_may_reach(int u, int t) const;
  bool may_move(int u) const;
  bool may_charge(int u) const;
  bool may_shoot(int u) const;            // fastplay 5.1, 5.5, 10.2
  bool may_shoot_at(int u, int t) const;  // fastplay 5.2, 5.5
  // The exact distance from the nearest shooting stand of u to the nearest stand of t that it
  // sees in its front arc, if any.
  std::optional<geo::SquaredDistance> shooting_range(int u, int t) const;
  // That distance and the shot's line (the shooting stand's front middle to the target
  // stand's centre).
  struct Shot {
    geo::SquaredDistance distance;
    geo::Segment line;
  };
  std::optional<Shot> best_shot(int u, int t) const;
  bool in_cover(int u) const;  // fastplay 10.2 (ruling F-13): where the unit stands
  // Every corner of b strictly on one side of the line through the segment: b is then wholly on
  // that side and the segment meets no point of it (the quick refusal of a line of sight).
  static bool beside_line(const geo::Segment& line, const geo::Base& b);
  // geo::distance_sq(s, polygon) < r, found edge by edge with the edges' boxes further than r
  // from the segment's passed over (the stand-off's exact test, keeps_stand_off()).
  static bool nearer_than(const geo::Segment& s, std::span<const geo::Point> polygon,
                          const geo::SquaredDistance& r);
  // fastplay 10.2 (ruling F-13): the target is in cover against this shooter: in_cover(t), or
  // the shot's line passes through woods, a village or works.
  bool shot_in_cover(int u, int t) const;
  // fastplay 5.3 (ruling F-14): the stands of archer unit u a rolled 1 may turn about (its live
  // archer stands not yet turned), or, when all are turned, those it may replace with light
  // infantry (its live archer stands); `replace` says which of the two it is.
  std::vector<int> arrow_stands(int u, bool& replace) const;
  // The troop type missiles are judged against (ruling F-10): the type the unit's live stands
  // share, else the unit's listed type.
  TroopType target_type(int t) const;
  // The evade position of cavalry unit t charged along `direction`, if it may evade (7.1).
  std::optional<geo::Point> evade_result(int t, geo::Angle direction) const;
  // The heading the target takes when pivoting to face a charger arriving at `charger_heading`.
  std::optional<Pose> face_result(int t, geo::Angle charger_heading) const;
  // The retreat position of unit u (fastplay 9.2), if it may retreat (ruling F-24: the longest
  // clear quarter of 15 cm straight back that ends out of contact).
  std::optional<geo::Point> retreat_result(int u) const;
  // Whether a live stand of u, placed there, is in edge contact with an enemy stand.
  bool touches_enemy_at(int u, geo::Point centre, geo::Angle heading) const;
  // The attacks unit u makes this Melee phase (fastplay 7.2, 8.1-8.3, 10.3, 11.1, 11.3).
  std::vector<Attack> melee_attacks(int u) const;
  // The attacks the attacking side may pick from for `a` (ruling F-17): for a stand's own
  // strike, every attackable enemy stand its front touches, or, if its front touches none,
  // every one it touches; for an extra die, the targets of the unit's strikes already rolled
  // in this fight (`struck`), each under that strike's modifier. One entry: no choice.
  std::vector<Attack> strike_candidates(const Attack& a, const std::vector<Attack>& struck) const;
  // A stand of t that may be attacked in melee (ruling F-26: a lone commander touching a
  // friendly stand may not).
  bool attackable(int t) const;

  // The live stands of a unit, with what the tests of movement, shooting and contact ask of
  // each, made once for a unit's centre, heading and stands and reused while they are unchanged
  // (rules.cpp): where it stands (unit_geo()) or where a move is tried (unit_geo_at()).
  struct Box {
    std::int64_t min_x = 0, max_x = 0, min_y = 0, max_y = 0;
    // Closed boxes with a gap between them (so neither the boxes nor what is inside meet).
    bool apart(const Box& o) const {
      return max_x < o.min_x || o.max_x < min_x || max_y < o.min_y || o.max_y < min_y;
    }
  };
  struct StandGeo {
    int index = 0;   // in UnitState::stands
    geo::Base base;  // stand_base_at()
    // core(): the base shrunk by the contact tolerance on every side (ruling F-30), made when
    // first asked for.
    mutable std::optional<geo::Base> core_made;
    const geo::Base& core() const;
    std::int64_t reach = 0;  // geo::reach(base)
    Box box;                 // around base (so around core too)
  };
  struct UnitGeo {
    std::vector<StandGeo> stands;            // the live ones, in order
    Box box;                                 // around all of them (apart from everything when none)
    mutable std::optional<geo::Base> block;  // block(), made when first asked for
  };
  const UnitGeo& unit_geo(int u) const;
  const UnitGeo& unit_geo_at(int u, geo::Point centre, geo::Angle heading) const;
  // While one is alive on a thread (made for a const listing of this state, which changes
  // nothing), unit_geo() and unit_geo_at() check a unit's stands once, not at every call.
  class GeoScope {
   public:
    explicit GeoScope(const FastplayState& s);
    ~GeoScope();
    GeoScope(const GeoScope&) = delete;
    GeoScope& operator=(const GeoScope&) = delete;

   private:
    bool outer_ = false;
  };

  // Test set-up (no history recorded).
  void debug_place(int u, geo::Point centre, int heading_degrees);
  void debug_kill_stand(int u, int i);
  void debug_set_flags(int u, std::uint16_t flags);

 protected:
  void do_apply(game::Action action) override;

 private:
  // Every change of a unit goes through here: it forgets the stamp (rules.cpp).
  UnitState& mut_unit(int u) {
    stamp_ = 0;
    units_[static_cast<std::size_t>(u)].serial = 0;
    return units_[static_cast<std::size_t>(u)];
  }
  // A unit's per-turn flags: not what the stamp names (its places and stands), so kept.
  std::uint16_t& mut_flags(int u) { return units_[static_cast<std::size_t>(u)].flags; }
  static std::uint64_t fresh_stamp();  // a number never given before, on any thread
  // A fresh stamp if it was forgotten; only where no reference from mut_unit() is still used.
  // The units changed get fresh serials then.
  void restamp() {
    if (stamp_ != 0) return;
    stamp_ = fresh_stamp();
    for (UnitState& us : units_)
      if (us.serial == 0) us.serial = fresh_stamp();
  }
  void advance();
  void start_turn();
  void start_phase(Phase p);
  void next_actor(int just_acted);
  bool has_options(int side) const;
  void end_turn();
  void finish_game(int winner, EndReason reason);
  void apply_die(int value);
  // The side's decisions in the current phase; with `any_only`, stops at the first one that is
  // not a pass (has_options()).
  void legal_for(int side, std::vector<game::Action>& out, bool any_only = false) const;
  void do_move(int code);
  void do_charge(int u, int t, geo::Side side, int answer);
  void end_melee_phase();
  void next_occupy();
  void kill_stand(int u, int i);
  // Starts the removal of n stands of u (ruling F-10): removed at once where the owner has no
  // choice (as many stands as it has, or one), else PendingKind::kLoss; `then` says what the
  // removal interrupts (kArcheryDie, kMachineDie or kRetreatDie), resumed by after_loss().
  void take_losses(int u, int n, PendingKind then);
  void after_loss();
  void continue_volley(PendingKind kind);
  // fastplay 5.3: a 1 on an archery die; the shooting side picks the stand where it has a choice.
  void running_low_on_arrows();
  void turn_or_replace(int stand, bool replace);
  void finish_retreat(int u);
  void next_attack();
  bool deciding() const {
    return pending_ == PendingKind::kChargeAnswer || pending_ == PendingKind::kOccupy ||
           pending_ == PendingKind::kStrike || pending_ == PendingKind::kLoss ||
           pending_ == PendingKind::kArrows;
  }
  void after_losses(int u, int limit);
  void resolve_next();
  void finish_volley();
  std::string unit_name(int u) const { return fp_->unit_name(u); }
  // A movement decision in words (move code `code` of unit u, state.hpp): "turns 45° left and
  // moves 15 cm (3/4 of its move)", with where it would end when `ending`.
  std::string move_words(int u, int code, bool ending) const;

  std::shared_ptr<const FastplayGame> fp_;
  std::vector<UnitState> units_;
  std::uint64_t stamp_ = 0;  // geo_stamp()
  // The turn, the side deciding (alternating phases, movement), the side moving first this turn
  // and the winner (game/table/turn.hpp).
  game::table::TurnTrack track_;
  Phase phase_ = Phase::kArchery1;
  std::int8_t movers_done_ = 0;  // Movement: sides that have finished
  std::array<bool, kNumSides> passed_{false, false};
  std::int8_t selected_ = -1;
  EndReason end_reason_ = EndReason::kNone;
  PendingKind pending_ = PendingKind::kNone;
  std::int8_t pending_side_ = -1;  // who answers a decision pending
  // Volleys and melee dice.
  std::int8_t shooter_ = -1, target_ = -1;
  std::int8_t dice_left_ = 0, hits_ = 0;
  std::vector<Attack> attacks_;  // melee dice still to roll, the first is next
  std::vector<Attack> struck_;   // the fighting unit's strikes already rolled (extra dice)
  std::int8_t loss_unit_ = -1, losses_left_ = 0;
  PendingKind loss_then_ = PendingKind::kNone;
  PendingCharge charge_;
  std::vector<std::int8_t> commander_checks_;  // units to test for commander loss (limit below)
  std::int8_t commander_limit_ = 0;
  std::vector<std::int8_t> occupy_queue_;
  std::array<std::int8_t, kNumSides> move_limit_{-1, -1};  // 11.4: -1 no limit
  std::array<std::int8_t, kNumSides> moves_used_{0, 0};
  std::array<bool, kNumSides> supreme_rolled_{false, false};
  // What has_options() found for `side` in the Movement, Archery or Charge phase: `first`, the
  // first decision legal_for() lists after the pass (-1: there is none), so every decision its
  // loops would try before it is not legal. The legal_actions() that follows in the same state
  // starts there without trying those again. Forgotten by every change of the state
  // (do_apply(), start_phase(), the test set-up); side -1 when nothing is known.
  struct OptionsSeen {
    std::int8_t side = -1;
    game::Action first = -1;
  };
  mutable OptionsSeen options_seen_;
};

}  // namespace carroccio::fastplay
