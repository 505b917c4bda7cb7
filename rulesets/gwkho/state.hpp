// God Will Know His Own (gwkho): the State. The default sequence of alternate bounds (ruling
// G-6): in each bound of the active side, in order,
//   1. PIP dice, one chance node per command (Pip-1, Pip-3; ruling G-45: the dice themselves);
//   2. moves, decisions of the active side: an element or a group (found, not stored: ruling
//      G-47) and one of its candidate moves, paid from its command's PIPs (Pip-4 .. Pip-15), or
//      "end moves"; then the rout moves of its broken and routing elements (Mov-3, G-27);
//   3. shooting of both sides (Sht-14), each shot two dice (a chance node, Sht-1);
//   4. close combat: every element whose front touches an enemy front fights one round, the two
//      dice a chance node (CC-1 .. CC-14); recoil, flee, rout or destruction applied (G-27);
//   5. end of bound: morale (Mor-9 .. Mor-17) and victory (Mor-20); after the scenario's bounds,
//      a draw.
// Rules never roll a die: every die is a chance outcome the driver picks.
//
// Action encoding (legal lists are sorted ascending):
//   1                        end moves
//   100 + v                  chance: one die showing v (a command's PIP die)
//   200 + 6*(d1-1) + d2-1    chance: two dice (PIPs of a good command: the best of them)
//   300 + 6*(d1-1) + d2-1    chance: the two dice of a shot
//   400 + 10*(da-1) + db-1   chance: the close-combat dice (da: the active side's element's die)
//   10000 + 80*e + code      move element e (single) or the group e leads (its lowest index)
//                            (state_moves.cpp; 250 elements at most, so the range ends at 29999):
//     code 0..3   the element straight ahead (code+1) quarters of its allowance
//     code 4..7   its group straight ahead (code-3) quarters of the group's allowance
//     code 8, 9   the element turns 90 degrees left, right (about its centre)
//     code 10     the element turns about (180 degrees)
//     code 11     its group turns about, each element in place
//     code 12..15 the element straight back (code-11) quarters of its allowance
//     code 16..19 the element sideways to its left (code-15) quarters, keeping its facing
//     code 20..23 ... to its right (code-19) quarters
//     code 24..27 the element wheels 45 left, 90 left, 45 right, 90 right about a front corner
//     code 28..31 its group wheels the same way about the group's front corner
//     code 32, 33 its group turns 90 degrees left, right (rigidly, about the group's centre)
//     code 34     its group advances straight ahead until its front touches an enemy
//     code 35     hold the impetuous group (or element) e leads this bound (1 PIP, Pip-16)
//     code 40 + 4*k + side   the element moves into contact with its k-th contact target
//                 (contact_targets(e): the enemies within reach, nearest first, k < 8), its
//                 front against that enemy's side (geo::Side order: front, left, back, right)
//     code 72     the element dismounts (or, dismounted, mounts): 1 PIP (Pip-16, Dis-1;
//                 state_bound.cpp)
//     code 73     the element is broken by its own side: 1 PIP (Pip-18, ruling G-36e); never
//                 listed, a person asks for it (act::person)
//     code 37     the side replaces the crew of its uncrewed gun e: 1 PIP (Pip-16, G-51;
//                 state_crews.cpp)
//     code 38     element e destroys the enemy's uncrewed gun it touches: 1 PIP foot, 2
//                 mounted (Pip-16, G-51)
//     code 39     the side's foot touching the enemy's uncrewed gun e work it this bound: 2 PIPs
//                 (Pip-16, G-44)
//   A move code of an element that has moved already is its march move (Pip-7, G-10).
//   legal_actions() lists a finite candidate set of these codes (state_moves.cpp says which).
//   1000000 + (m - 10000)    a person's request for move code m when it is not listed:
//                            accepted by check_unlisted() when the rules allow it (G-57)
//   1100000000 + ((360*e + d)*100 + k)*72 + h   a person's drop of element e (act::place):
//                            accepted by check_unlisted() when the rules allow it (G-57)
//   100000 .. 103099: close combat, shooting and morale in play (state_fight.cpp), above
//   every move code (below 30000) and below a person's requests (from 1000000):
//   100000 + e               fight element e's combat next (its side's choice of order, CC-1)
//   100300, 100301           the active side declines / buys a die step for its element's group
//   100310, 100311           the winner holds / follows up (CC-15, when it may and need not)
//   100320, 100321           a mounted loser beaten back by foot stays / routs a move (CC-14)
//   100330, 100331           the active side lets its element surrender / holds it (1 PIP;
//                            Mor-19, ruling G-37; at the end of the bound, state_bound.cpp)
//   100400 + 10*(da-1)+db-1  chance: the dice of artillery fire (gun, target; Sht-11)
//   101000 + t               the pending shooter shoots at element t (its owner's choice, Sht-2)
//   102000 + c               command c of the active side buys its own morale (Pip-17, Mor-11)
//   102100 + c               command c returns to the army's morale (Pip-17)
//   102500 + e               the active side rallies its broken or routing element e (Pip-18)
//   102800 + e               the active side breaks the enemy's unreliable element e (Mor-17)
//   104000 .. 104999: the sequence and the regiments (state_bound.cpp):
//   104000 + 6*(d0-1) + d1-1 chance: the initiative dice of a round (d0: the first side's die;
//                            random activation, Seq-6)
//   104100 + c               chance: command c of the side to act is drawn (Seq-6)
//   104200 + c               the side sends its decisive commander's command c first (Seq-7)
//   104300                   the side draws its command at random instead (Seq-7)
//   104400 + r               the active side activates its regiment r (numbered across its
//                            commands in order; 1 PIP of its command, Pip-2)
//   104500 + 6*(d1-1) + d2-1 chance: the activated regiment's two PIP dice (the worse counts)
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "game/state.hpp"
#include "rulesets/gwkho/game.hpp"
#include "rulesets/gwkho/pips.hpp"
#include "rulesets/gwkho/resolve_combat.hpp"
#include "rulesets/gwkho/resolve_shooting.hpp"

namespace carroccio::gwkho {

namespace act {
inline constexpr game::Action kEndMoves = 1;
inline constexpr game::Action kOneDie = 100;
inline constexpr game::Action kTwoDice = 200;
inline constexpr game::Action kShotDice = 300;
inline constexpr game::Action kCombatDice = 400;
inline constexpr game::Action kMoveBase = 10000;
inline constexpr int kCodes = 80;
inline constexpr int kAdvance = 0;       // .. 3
inline constexpr int kGroupAdvance = 4;  // .. 7
inline constexpr int kTurnLeft = 8;
inline constexpr int kTurnRight = 9;
inline constexpr int kTurnAbout = 10;
inline constexpr int kGroupAbout = 11;
inline constexpr int kBack = 12;        // .. 15
inline constexpr int kSideLeft = 16;    // .. 19
inline constexpr int kSideRight = 20;   // .. 23
inline constexpr int kWheel = 24;       // .. 27: 45 left, 90 left, 45 right, 90 right
inline constexpr int kGroupWheel = 28;  // .. 31
inline constexpr int kGroupTurnLeft = 32;
inline constexpr int kGroupTurnRight = 33;
inline constexpr int kGroupContact = 34;
inline constexpr int kHold = 35;
inline constexpr int kDrop = 36;  // internal: a person's drop (act::place), never a move code
inline constexpr int kReplaceCrew = 37;  // the side's uncrewed gun is crewed again (Pip-16)
inline constexpr int kDestroyGun = 38;   // the element destroys the enemy gun it touches
inline constexpr int kWorkGun = 39;      // the side's foot work the enemy's uncrewed gun (G-44)
inline constexpr int kContact = 40;      // .. 71
inline constexpr int kContactTargets = 8;
inline constexpr int kNumCodes = kContact + 4 * kContactTargets;
inline constexpr int kMount = 72;     // the element dismounts, or mounts (Pip-16, Dis-1)
inline constexpr int kBreakOwn = 73;  // the element is broken by its own side (Pip-18)
// .. 77: HI, Ph or Pk (the group it leads, else alone) straight ahead 1/4 .. 4/4 of the move,
// pushing back the light cavalry met on the way (Mov notes, G-74).
inline constexpr int kPushBack = 74;
inline constexpr game::Action kMoveEnd = kMoveBase + kCodes * 250;  // 30000
// Close combat, shooting and morale in play (state_fight.cpp): kFightBase .. kFightEnd - 1.
inline constexpr game::Action kFightBase = 100000;
inline constexpr game::Action kChooseCombat = 100000;  // + e
inline constexpr game::Action kNoUpgrade = 100300;
inline constexpr game::Action kBuyUpgrade = 100301;
inline constexpr game::Action kHoldBack = 100310;
inline constexpr game::Action kFollowUp = 100311;
inline constexpr game::Action kStandFast = 100320;
inline constexpr game::Action kRoutAway = 100321;
inline constexpr game::Action kLetSurrender = 100330;
inline constexpr game::Action kHoldSurrender = 100331;
inline constexpr game::Action kStandTo = 100340;        // [Sht-8, G-76] heads up: may be shot
inline constexpr game::Action kKeepHeadsDown = 100341;  // ... heads down: no shot either way
inline constexpr game::Action kArtilleryDice = 100400;  // + 10*(da-1) + db-1
inline constexpr game::Action kChooseTarget = 101000;   // + t
inline constexpr game::Action kOwnMorale = 102000;      // + c
inline constexpr game::Action kRallyCommand = 102100;   // + c
inline constexpr game::Action kRallyBroken = 102500;    // + e
inline constexpr game::Action kBreakEnemy = 102800;     // + e
inline constexpr game::Action kFightEnd = 103100;
// The sequence and the regiments (state_bound.cpp): kBoundBase .. kBoundEnd - 1.
inline constexpr game::Action kBoundBase = 104000;
inline constexpr game::Action kInitiativeDice = 104000;  // + 6*(d0-1) + d1-1
inline constexpr game::Action kDrawCommand = 104100;     // + c
inline constexpr game::Action kDecisiveFirst = 104200;   // + c
inline constexpr game::Action kDrawInstead = 104300;
inline constexpr game::Action kActivateRegiment = 104400;  // + r
inline constexpr game::Action kRegimentDice = 104500;      // + 6*(d1-1) + d2-1
inline constexpr game::Action kBoundEnd = 105000;
inline constexpr game::Action move(int e, int code) { return kMoveBase + kCodes * e + code; }
// A person's request for a move the candidates do not list: the move code plus kPersonBase -
// kMoveBase (check_unlisted() accepts it when the rules allow the move).
inline constexpr game::Action kPersonBase = 1000000;
inline constexpr game::Action kPersonEnd = kPersonBase + (kMoveEnd - kMoveBase);
inline constexpr game::Action person(game::Action move_code) {
  return move_code - kMoveBase + kPersonBase;
}
// The move code of a move or of a person's request for it (any other action unchanged).
inline constexpr game::Action as_move(game::Action a) {
  return a >= kPersonBase && a < kPersonEnd ? a - kPersonBase + kMoveBase : a;
}
inline constexpr int contact_code(int k, int side) { return kContact + 4 * k + side; }
// A person's drop of element e (free placement, G-57): turn about its centre to face direction
// d degrees (0..359, counter-clockwise from east), go straight ahead k tenths of an inch
// (0..99; 0: a turn in place, then d = 0), then turn to face h*5 degrees. When e leads a group
// and the drop is straight ahead with no turn, the group moves with it, rigidly.
inline constexpr game::Action kPlaceBase = 1100000000;
inline constexpr int kPlaceDirections = 360;
inline constexpr int kPlaceDistances = 100;
inline constexpr int kPlaceHeadings = 72;
inline constexpr std::int64_t kPlaceStep = 127;  // 0.1 inch
inline constexpr int kPlaceHeadingStep = 5;
inline constexpr game::Action kPlaceEnd =
    kPlaceBase + 250 * kPlaceDirections * kPlaceDistances * kPlaceHeadings;
inline constexpr game::Action place(int e, int d, int k, int h) {
  return kPlaceBase + ((e * kPlaceDirections + d) * kPlaceDistances + k) * kPlaceHeadings + h;
}
}  // namespace act

// kActivate: between the activations of random activation (Seq-6): the initiative dice, the
// decisive commander's choice, the draw of a command.
enum class Phase : std::uint8_t { kPips, kMove, kShoot, kCombat, kOver, kActivate };
std::string_view phase_name(Phase p);

enum class EndReason : std::uint8_t { kNone, kArmyBroken, kBoundLimit };

// Where the shooting or close-combat phase stands (state_fight.cpp).
enum class FightStep : std::uint8_t {
  kNone,
  kChooseCombat,   // decision: which combat of the deciding side is fought next
  kUpgrade,        // decision: buy a die step for the active side's element
  kCombatDice,     // chance: the two combat dice
  kFollowUp,       // decision: the winner follows up or holds
  kMayRout,        // decision: a mounted loser beaten back by foot routs or stays
  kChooseTarget,   // decision: the shooter's target
  kShotDice,       // chance: the two dice of a shot
  kArtilleryDice,  // chance: the gun's and the target's dice
  kHoldSurrender,  // decision: the active side holds its element that would surrender (Mor-19)
  kHeadsDown,      // decision: foot behind works keep their heads down this phase (Sht-8)
};

// What close combat and shooting remember of an element within a bound (state_fight.cpp).
struct FightFlags {
  bool die_step = false;        // [CC-1, Pip-19] its group bought a die step this bound
  bool followed_up = false;     // [CC-15] its present contact was made by a follow-up
  bool breakthrough = false;    // [CC-10] it destroyed the enemy to its front and fights on
  bool turned_to_face = false;  // [CC-17] it was contacted on a flank or rear and turned
  int shot_by = -1;             // [Sht-2] the last enemy that shot at it this shooting phase
  bool heads_asked = false;     // [Sht-8, G-76] its side chose, this shooting phase, whether it
  bool heads_down = false;      // ... keeps its heads down: it neither shoots nor is shot at
};

struct ElementState {
  geo::Base base{geo::Point{1000, 1000}, 2, 2, geo::Angle{}};
  bool alive = true;
  Loss loss = Loss::kNone;
  bool routing = false;
  std::int64_t moved = 0;          // how far it moved voluntarily in its side's latest bound
  bool moved_this_bound = false;   // it has made its move this bound
  int moves = 0;                   // moves made this bound (the 2nd to 4th are march moves)
  bool held = false;               // an impetuous element held this bound (Pip-16)
  bool made_contact = false;       // it moved into contact this bound
  bool fought = false;             // it fought this bound
  bool fought_last_bound = false;  // ... in the bound before
  bool shot = false;               // it shot in this shooting phase
  bool shot_last_phase = false;    // ... in the one before
  // [CC-5] A phalanx's LI or HI enemy in its latest round, which it did not push back (both
  // stayed): while they fight on, its ranks do not count (-1: none).
  int stuck_with = -1;
  // [Sht-1, CC-3, Pip-16, G-51] A gun whose crew fled: it stays on the table (not alive: it
  // neither moves, shoots nor fights, and counts as lost), an obstacle to moves, until its side
  // replaces the crew or an enemy destroys it.
  bool uncrewed = false;
  bool recrewed = false;  // [Pip-16, G-51] its crew was replaced this bound: it does not fire
  int worked_by = -1;     // [Pip-16, G-44] the enemy foot element working it this bound, or -1
};

// A move as the State works it out: the elements that move and where they end.
struct MovePlan {
  std::vector<int> movers;
  std::vector<geo::Base> to;
  MoveCost cost;  // what it costs, as pips.hpp prices it
  std::int64_t distance = 0;
  bool contact = false;
  int target = -1;  // the enemy element contacted (a contact move)
  // [Mov notes, G-74] Light cavalry pushed back by the move, and where each ends.
  std::vector<int> pushed;
  std::vector<geo::Base> pushed_to;
};

class GwkhoState final : public game::State {
 public:
  explicit GwkhoState(std::shared_ptr<const GwkhoGame> game);
  GwkhoState(const GwkhoState&) = default;

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
  nlohmann::json action_to_json(game::Action action) const override;
  nlohmann::json action_odds(game::Action action) const override;
  std::string check_invariants() const override;
  core::Status check_unlisted(game::Action action) const override;
  // The legal decisions and, in the move step, the moves no agent is offered but a person may
  // ask for (breaking one's own element, G-36e), as the person's request codes (state_moves.cpp).
  void person_actions(std::vector<game::Action>& out) const override;
  using game::State::person_actions;
  // [G-57] Where a person may drop element `piece` (its id) now: placement.cpp.
  nlohmann::json free_placement(std::string_view piece) const override;
  using game::State::free_placement;
  std::string render_text(game::Player viewer) const override;
  // The top-down character drawing of the table and its key (render.cpp).
  std::string table_drawing() const;
  std::string status_line() const override;
  std::vector<double> evaluate() const override;
  nlohmann::json result_summary() const override;
  game::PointsStanding points_standing() const override;  // points.cpp
  // [G-71] Side s has lost an element whose loss breaks its army (points.cpp).
  bool standard_lost(int side) const;

  // ---- Read access for tests, agents and displays ----
  const GwkhoGame& gw() const { return *gw_; }
  Phase phase() const { return phase_; }
  int bound() const { return bound_; }
  int active() const { return active_; }
  int winner() const { return winner_; }
  EndReason end_reason() const { return end_reason_; }
  const ElementState& element(int e) const { return els_[static_cast<std::size_t>(e)]; }
  int num_elements() const { return static_cast<int>(els_.size()); }
  int side_of(int e) const { return gw_->element(e).side; }
  // PIPs left to command c of the active side.
  int pips(int command) const { return pips_[static_cast<std::size_t>(command)]; }
  // ---- The sequence and the regiments (state_bound.cpp) ----
  // [Seq-6] Random activation: the round, the command acting now (-1 in alternate bounds or
  // between activations), and whether command c of side s has acted this round.
  int round() const { return round_; }
  int acting_command() const { return command_; }
  bool activated(int side, int command) const;
  // [Seq-8] Element e has shot in one of the enemy's activations this round.
  bool shot_in_enemy_activation(int e) const { return enemy_shot_[static_cast<std::size_t>(e)]; }
  // Element e is of the side (and, in random activation, the command) whose bound this is.
  bool acts(int e) const;
  // [Pip-2] The regiments of the active side numbered across its commands; the number of
  // element e's regiment (-1: none); its PIPs, and whether it is activated this bound.
  int num_regiments() const { return static_cast<int>(reg_pips_.size()); }
  int regiment_number(int e) const;
  int regiment_pips(int r) const { return reg_pips_[static_cast<std::size_t>(r)]; }
  bool regiment_activated(int r) const { return reg_active_[static_cast<std::size_t>(r)]; }
  // [Pip-2, G-7] The PIPs element e's moves are paid from: its regiment's, else its command's.
  int pips_for(int e) const;
  // [Pip-2, Pip-6] The element its command range is measured from (its general's, or its
  // regiment's stand) and that range in inches; -1 when the general or stand is lost.
  int command_post(int e, int* range_inches) const;
  // [Pip-16, Dis-1] Why element e may not dismount (or mount) now, or Ok; whether it dismounted
  // or mounted this bound (it does not shoot then, Sht-14), or ever (once a game).
  core::Status mount_refusal(int e) const;
  bool changed_mount_this_bound(int e) const { return mount_now_[static_cast<std::size_t>(e)]; }
  bool changed_mount(int e) const { return mount_done_[static_cast<std::size_t>(e)]; }
  // [Mor-19, G-37] The surrender rules' view of element e now (`held`: as if its side held it).
  SurrenderCase surrender_case(int e, bool held = false) const;
  // [Mor-19, G-37] Its side held element e against surrender this bound.
  bool held_against_surrender(int e) const { return surrender_held_[static_cast<std::size_t>(e)]; }
  // [Pip-18, Mor-14, G-36e] Why the active side may not break its own element e now, or Ok.
  core::Status break_refusal(int e) const;
  // ---- Uncrewed guns (state_crews.cpp; Pip-16, rulings G-44, G-51) ----
  // Element e stands on the table: alive, or an uncrewed gun.
  bool on_table_now(int e) const;
  // The living element of `side` in edge contact with element e that comes first in element
  // order, foot only when `foot`; -1 when none.
  int touching(int e, int side, bool foot = false) const;
  // Why the active side may not replace the crew of its uncrewed gun g now, or Ok.
  core::Status replace_crew_refusal(int g) const;
  // The enemy's uncrewed gun element e touches (the first in element order), or -1.
  int gun_touched(int e) const;
  // Why element e may not destroy the enemy's uncrewed gun it touches now, or Ok.
  core::Status destroy_gun_refusal(int e) const;
  // Why the active side's foot may not work the enemy's uncrewed gun g this bound, or Ok.
  core::Status work_gun_refusal(int g) const;
  // The side a shooter shoots for: its own, or (an enemy gun worked this bound) its workers'.
  int shooting_side(int s) const;
  // The pending shot or combat: (shooter or active element, target or enemy); -1 when none.
  int pending_a() const { return pa_; }
  int pending_b() const { return pb_; }

  // ---- Rule queries, exposed for tests ----
  // [G-47] The group of element e: its command's elements of the same heading in full edge
  // contact side by side or front to back, closed under that relation (sorted).
  std::vector<int> group_of(int e) const;
  // [Mov-1, G-11] The going of the worst piece the base overlaps (a river crossed only at
  // fords counts for nothing here: no element stands in one).
  Going going_at(const geo::Base& b) const;
  // [Pip-6, G-41] Whether point b is within `inches` of point a for command range: the straight
  // line, its length through woods and other bad-going areas counted twice.
  bool within_command_range(geo::Point a, geo::Point b, int inches) const;
  // [Mov-1, Mov-5] How far element e may move in going g (sub-units), 0 if it may not enter; at
  // most 3 inches when the move crosses a ford.
  std::int64_t allowance(int e, Going g, bool ford = false) const;
  // [G-12b, Mov-1] The centres of a path keep to one straight stretch of a road (within
  // kRoadHalfWidth of it): the move goes at road speed whatever the road runs through.
  bool along_road(const std::vector<geo::Base>& path) const;
  // [G-12a, Mov-5] The base overlaps a ford.
  bool in_ford(const geo::Base& b) const;
  // [G-12c, CC-12, Pip-13] Base a stands uphill of base b: a's centre is on a hill that b's
  // centre is not on.
  bool uphill_of(const geo::Base& a, const geo::Base& b) const;
  // [G-12a, CC-13] Base a stands behind a river (or its ford) against base b: a's centre is not
  // in the watercourse, and b stands in it while a does not, or it runs between their centres.
  bool behind_river(const geo::Base& a, const geo::Base& b) const;
  // [G-12d] What the linear features give base a against an enemy whose centre is `enemy`: a
  // feature counts when it runs within kBehindReach of a's edge `edge` (its front in close
  // combat; any part of it against shooting when no edge is named), the line from a's centre to
  // the enemy's crosses it, and (works and wagons) a's centre is on its defended side.
  struct Behind {
    bool linear = false;         // [CC-13] a hedge or a ditch
    bool fortification = false;  // [CC-5, CC-9, CC-14] works, a fortification or wagons
    Cover cover = Cover::kNone;  // [Sht-8] the best cover of them
  };
  Behind behind_lines(const geo::Base& a, std::optional<geo::Side> edge, geo::Point enemy) const;
  // [G-12d, Mov-1] The going of the worst linear feature the step from `from` to `to` crosses;
  // kOpen when it crosses none. A slide crosses a line its swept area passes into (touching it is
  // not crossing); a step that turns crosses a line its centre passes.
  Going line_crossing(const geo::Base& from, const geo::Base& to) const;
  // The move of action `a` (a move or contact code), or why not (one sentence).
  core::Expected<MovePlan> plan(game::Action a) const;
  // [Pip-5, G-50] The enemies element e may try to contact, nearest first (at most
  // act::kContactTargets): the contact codes name them by their place here.
  std::vector<int> contact_targets(int e) const;
  // The action moving e into contact with enemy t's side `side`, or kInvalidAction when t is not
  // one of e's contact targets.
  game::Action contact_action(int e, int t, geo::Side side = geo::Side::kFront) const;
  // [Mov-7, G-14] Whether element e is impetuous now.
  bool impetuous(int e) const;
  // [Pip-4 .. Pip-15] Its price, or why it may not be made.
  PipCost price(const MovePlan& p) const;
  // The enemy whose front edge touches e's front edge (the first by index), or -1.
  int front_enemy(int e) const;
  // Any enemy in edge contact with e.
  bool in_contact(int e) const;
  // [Mov-7, Mor-19] The living enemy element nearest to e (routers too; the first by index of
  // those equally near), or -1 when none is left.
  int nearest_enemy(int e) const;
  // [CC-5 .. CC-9] The close-combat situation of a (the active side's) against b, as they stand.
  CombatSituation combat_situation(int a, int b) const;
  // [CC-1, Pip-19] What buying a die step for element e's group costs now, or nothing when it
  // may not (not the active side's, no step to buy, already bought, too few PIPs).
  std::optional<int> upgrade_cost(int e) const;
  // [CC-1] The elements of `side` whose combats are still to be fought this bound.
  std::vector<int> combat_candidates(int side) const;
  // [Sht-2, Sht-14] Every target shooter s may choose now, nearest first (empty: it may not
  // shoot).
  std::vector<int> shot_targets(int s) const;
  // [Sht-2, G-16b] Whether shooter s's line of fire to t is clear of friends: from the middle of
  // its front edge to t's centre, through no friend's base, so that a rear rank adds to the
  // front rank's shot and does not shoot itself (elephants shoot and are shot at over other
  // troops; Bw(o)(x) shoot over the one rank of Ph(i) directly in front of them).
  bool line_of_fire_clear(int s, int t) const;
  // [Sht-8, G-76] Element t may keep its heads down now: foot behind works, a fortification or
  // wagons against an enemy that could shoot at it and needs no roof to be kept off.
  bool may_keep_heads_down(int t) const;
  FightStep fight_step() const { return step_; }
  const FightFlags& fight_flags(int e) const { return ff_[static_cast<std::size_t>(e)]; }
  // [Sht-4 .. Sht-10] The shot of s at t.
  ShotSituation shot_situation(int s, int t) const;
  // [Sht-2, Sht-14] The target of shooter s now (the nearest enemy in its front arc and range), or
  // -1 when it may not shoot.
  int shot_target(int s) const;
  // [Mor-10 .. Mor-17] The morale element e takes now.
  Morale morale_of(int e) const;
  // Each army's morale now (kept until a loss changes it).
  const ArmyMorale& army_morale_of(int side) const;

  // Test set-up: put element e at a base (no history is recorded), kill it, give PIPs.
  void debug_place(int e, geo::Point centre, int heading_degrees);
  void debug_kill(int e);
  void debug_uncrew(int e);  // the gun's crew flees, as a result would make it (G-51)
  void debug_rout(int e);
  void debug_hold(int e);  // an impetuous element held this bound (it makes no impetuous move)
  void debug_set_pips(int command, int pips);
  void debug_start_combat();  // skips to the close combat of this bound
  void debug_start_shooting();
  void debug_set_regiment_pips(int r, int pips);

 protected:
  void do_apply(game::Action action) override;

 private:
  void advance();
  void start_bound();
  void end_bound();
  // ---- The sequence and the regiments (state_bound.cpp) ----
  enum class ActivateStep : std::uint8_t { kNone, kInitiative, kDecisive, kDraw };
  void start_round();
  void next_activation();
  void activate(int command);
  void after_activation();
  int& pool_for(int e);
  // [Pip-16, Pip-18] The price of a thing PIPs buy for element e (priced by its troop), and
  // paying it from the pool of `payer` (pool_for); returns what was paid.
  PipCost element_cost(PipAction action, int e) const;
  int pay_element_cost(PipAction action, int e, int payer);
  void bound_actions(std::vector<game::Action>& out) const;
  void bound_chance(std::vector<game::ChanceOutcome>& out) const;
  game::ChanceInfo bound_chance_info() const;
  void apply_bound(game::Action a);
  std::string bound_action_text(game::Action a) const;
  std::vector<int> decisive_commands(int side) const;
  bool shoots_now(int e) const;
  bool fights_now(int e, int t) const;
  int regiment_elements_left(int r) const;
  std::pair<int, int> regiment_of_number(int r) const;  // (command, regiment) of the active side
  void surrender_check();
  bool offer_surrender_hold();
  void break_own(int e);
  void change_mount(int e);
  void replace_crew(int g);
  void destroy_gun(int e);
  void work_gun(int g);
  void next_shot();
  void next_combat();
  void apply_move(const MovePlan& p);
  // state_moves.cpp: the move step's candidates, one move decision, the compulsory moves.
  void move_actions(std::vector<game::Action>& out) const;
  void do_move(game::Action a);
  void impetuous_moves();
  std::string move_text(game::Action a) const;
  // The move of a move code (or a person's request for one) without the element that makes it
  // ("group ahead 2/4"); empty for a drop or a code that names no move.
  std::string move_words(game::Action a) const;
  core::Status move_refusal(game::Action m) const;
  core::Status affordable(const MovePlan& p) const;
  struct Drop {
    int direction = 0, distance = 0, heading = 0;  // degrees, tenths of an inch, 5-degree steps
    bool group = false;                            // the group e leads moves with it
  };
  core::Expected<MovePlan> plan_code(int e, int code, const Drop* drop = nullptr) const;
  struct PathCheck {
    std::string refusal;       // empty: the path is clear
    std::vector<Going> worst;  // the worst going each mover crosses (road: along a road)
    std::vector<bool> ford;    // [Mov-5] each mover's path crosses a ford
  };
  PathCheck check_path(const std::vector<int>& movers,
                       const std::vector<std::vector<geo::Base>>& paths, int target, bool contact,
                       const std::vector<int>& pushed = {}) const;
  void apply_result(int e, Result r, int enemy, const char* rule);
  void recoil(int e, int enemy);
  void flee(int e, int enemy, bool rout);
  void rout_moves();
  void destroy(int e, const char* why);
  void finish(int winner, EndReason reason);
  bool clear_path(const std::vector<int>& movers, const std::vector<geo::Base>& from,
                  const std::vector<geo::Base>& to, int ignore) const;
  bool clear_at(const geo::Base& b, const std::vector<int>& movers, int ignore) const;
  bool on_table(const geo::Base& b) const;
  std::int64_t nearest_enemy_sq(int e, const geo::Base& b) const;
  const std::string& name(int e) const;
  // ---- Close combat, shooting and morale in play (state_fight.cpp) ----
  game::Player fight_player() const;
  void fight_actions(std::vector<game::Action>& out) const;
  void fight_chance(std::vector<game::ChanceOutcome>& out) const;
  void physical_dice(game::ChanceInfo& info) const;
  void apply_fight(game::Action a);
  void begin_shooting();
  void begin_combats();
  void start_combat(int a, int b);
  void after_round(int winner, int loser, Result loser_result);
  void follow_up_now(int winner, int loser, Result loser_result);
  void turn_to_face();
  void knock_on_from(int e);
  void broken_rout();
  void morale_actions(std::vector<game::Action>& out) const;
  void apply_morale(game::Action a);
  std::optional<int> morale_cost(game::Action a, int* command = nullptr) const;
  bool side_has_shaken(int side) const;
  bool follow_up_room(int winner, int loser) const;
  CombatSituation artillery_situation(int gun, int target) const;
  std::string fight_action_text(game::Action a) const;
  nlohmann::json fight_odds(game::Action a) const;

  std::shared_ptr<const GwkhoGame> gw_;
  std::vector<ElementState> els_;
  std::vector<int> pips_;  // per command of the active side
  std::vector<bool> own_morale_[kNumSides];
  MoraleHistory history_[kNumSides];
  // army_morale_of()'s answers, dropped whenever an element's loss changes.
  mutable std::array<std::optional<ArmyMorale>, kNumSides> morale_cache_;
  int bound_ = 1;
  int active_ = 0;
  int pip_command_ = 0;  // the next command to roll its PIPs
  int pa_ = -1, pb_ = -1;
  int winner_ = -1;  // 0, 1, 2 = draw, -1 none yet
  Phase phase_ = Phase::kPips;
  EndReason end_reason_ = EndReason::kNone;
  // Close combat and shooting in play (state_fight.cpp).
  std::vector<FightFlags> ff_;
  FightStep step_ = FightStep::kNone;
  int step_side_ = -1;                  // the side to decide at a decision step
  int pass_ = 0;                        // 0: the active side's combats, 1: the other side's
  int rounds_left_ = 0;                 // [CC-15] extra rounds left after a follow-up
  int fu_winner_ = -1, fu_loser_ = -1;  // the pending follow-up
  Result fu_result_ = Result::kNoEffect;
  bool second_shot_ = false;               // [Sht-12] the gun's second target is being shot
  std::array<int, kNumSides> upgrades_{};  // [Pip-19] groups that bought a d10 this bound
  std::vector<bool> broken_by_enemy_;      // [Mor-17] broken by the enemy's PIPs
  // The sequence and the regiments (state_bound.cpp).
  int round_ = 1;                             // [Seq-6] random activation's round
  int command_ = -1;                          // ... the command acting now
  ActivateStep astep_ = ActivateStep::kNone;  // ... what is to happen between activations
  int first_ = 0;  // [Seq, G-75] the side with the first bound (-1 until the dice decide it)
  std::array<std::vector<bool>, kNumSides> activated_;  // ... commands that acted this round
  std::vector<bool> enemy_shot_;       // [Seq-8] shot in an enemy activation this round
  std::vector<int> reg_pips_;          // [Pip-2] PIPs of the active side's regiments
  std::vector<bool> reg_active_;       // ... activated this bound
  int reg_roll_ = -1;                  // ... the regiment whose dice are to be rolled
  std::vector<bool> became_broken_;    // [Mor-19] broken during this bound
  std::vector<bool> surrender_asked_;  // [Mor-19] ... its side was asked to hold it this bound
  std::vector<bool> surrender_held_;   // ... and held it
  std::vector<bool> mount_now_;        // [Sht-14] dismounted or mounted this bound
  std::vector<bool> mount_done_;       // [Dis-1] ... this game (once a game)
};

}  // namespace carroccio::gwkho
