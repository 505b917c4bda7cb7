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
//   10000 + 16*e + code      move element e (single) or the group e leads (its lowest index):
//     code 0..3   the element straight ahead (code+1) quarters of its allowance
//     code 4..7   its group straight ahead (code-3) quarters of the group's allowance
//     code 8, 9   the element turns 90 degrees left, right (about its centre)
//     code 10     the element turns about (180 degrees)
//     code 11     its group turns about, each element in place
//     code 12, 13 the element straight back 1/4, 1/2 of its allowance
//   20000 + 256*e + t        element e moves into contact, front to front, with enemy element t
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
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
inline constexpr int kCodes = 16;
inline constexpr int kAdvance = 0;       // .. 3
inline constexpr int kGroupAdvance = 4;  // .. 7
inline constexpr int kTurnLeft = 8;
inline constexpr int kTurnRight = 9;
inline constexpr int kTurnAbout = 10;
inline constexpr int kGroupAbout = 11;
inline constexpr int kBack = 12;  // .. 13
inline constexpr int kNumCodes = 14;
inline constexpr game::Action kContactBase = 20000;
inline constexpr game::Action move(int e, int code) { return kMoveBase + kCodes * e + code; }
inline constexpr game::Action contact(int e, int t) { return kContactBase + 256 * e + t; }
}  // namespace act

enum class Phase : std::uint8_t { kPips, kMove, kShoot, kCombat, kOver };
std::string_view phase_name(Phase p);

enum class EndReason : std::uint8_t { kNone, kArmyBroken, kBoundLimit };

struct ElementState {
  geo::Base base{geo::Point{1000, 1000}, 2, 2, geo::Angle{}};
  bool alive = true;
  Loss loss = Loss::kNone;
  bool routing = false;
  std::int64_t moved = 0;          // how far it moved voluntarily in its side's latest bound
  bool moved_this_bound = false;   // it has made its move this bound
  bool made_contact = false;       // it moved into contact this bound
  bool fought = false;             // it fought this bound
  bool fought_last_bound = false;  // ... in the bound before
  bool shot = false;               // it shot in this shooting phase
  bool shot_last_phase = false;    // ... in the one before
};

// A move as the State works it out: the elements that move and where they end.
struct MovePlan {
  std::vector<int> movers;
  std::vector<geo::Base> to;
  MoveCost cost;  // what it costs, as pips.hpp prices it
  std::int64_t distance = 0;
  bool contact = false;
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
  std::string render_text(game::Player viewer) const override;
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
  // The pending shot or combat: (shooter or active element, target or enemy); -1 when none.
  int pending_a() const { return pa_; }
  int pending_b() const { return pb_; }

  // ---- Rule queries, exposed for tests ----
  // [G-47] The group of element e: its command's elements of the same heading in full edge
  // contact side by side or front to back, closed under that relation (sorted).
  std::vector<int> group_of(int e) const;
  // [Mov-1, G-11] The going of the worst piece the base overlaps.
  Going going_at(const geo::Base& b) const;
  // [Mov-1] How far element e may move in going g (sub-units), 0 if it may not enter.
  std::int64_t allowance(int e, Going g) const;
  // The move of action `a` (a move or contact code), or why not (one sentence).
  core::Expected<MovePlan> plan(game::Action a) const;
  // [Pip-4 .. Pip-15] Its price, or why it may not be made.
  PipCost price(const MovePlan& p) const;
  // The enemy whose front edge touches e's front edge (the first by index), or -1.
  int front_enemy(int e) const;
  // Any enemy in edge contact with e.
  bool in_contact(int e) const;
  // [CC-5 .. CC-9] The close-combat situation of a (the active side's) against b, as they stand.
  CombatSituation combat_situation(int a, int b) const;
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
  void debug_rout(int e);
  void debug_set_pips(int command, int pips);
  void debug_start_combat();  // skips to the close combat of this bound
  void debug_start_shooting();

 protected:
  void do_apply(game::Action action) override;

 private:
  void advance();
  void start_bound();
  void end_bound();
  void next_shot();
  void next_combat();
  void apply_move(const MovePlan& p);
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
  std::string name(int e) const;

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
};

}  // namespace carroccio::gwkho
