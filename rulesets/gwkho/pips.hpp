// God Will Know His Own (gwkho): command points, PIPs (rules Pip-1 to Pip-19, rulings G-7 to
// G-10, G-34, G-41). Pure: the PIP dice of a command as an exact distribution and their value
// for given dice; the cost of a move from a plain description of it, every item with its clause;
// the cost of everything else PIPs buy. The game decides what the move is (its geometry); the
// rules here price it.
//
//   const PipRollSpec roll = command_pip_roll({.quality = GeneralQuality::kGood, .cinc = true});
//   pip_distribution(roll);                  // {(2, 1), (3, 3), ... (7, 11)} out of 36
//   MoveCost m;  m.elements = {{*parse_troop("HI(o)")}, {*parse_troop("HI(o)")}};
//   m.group = true;  m.wheel = true;
//   move_cost(m).total;                      // 2
#pragma once

#include <cstdint>
#include <string_view>
#include <utility>
#include <vector>

#include "rulesets/gwkho/army.hpp"
#include "rulesets/gwkho/resolve.hpp"

namespace carroccio::gwkho {

// ---- The dice (Pip-1 .. Pip-3) ----

struct PipCommand {
  GeneralQuality quality = GeneralQuality::kNormal;
  bool cinc = false;   // the commander-in-chief's own command
  bool inert = false;  // an inert commander-in-chief: no free PIP
};

// How a command's (or a regiment's) PIPs are rolled: one die, or the best or worse of two; then
// the items added (each with its clause), never below `minimum`.
struct PipRollSpec {
  PipRoll roll = PipRoll::kOne;
  std::vector<Factor> items;
  int modifier = 0;  // the items' sum
  int minimum = 0;
  int dice() const { return roll == PipRoll::kOne ? 1 : 2; }
};
// [Pip-1, Pip-3] A command's PIP dice: the best of two dice for a good command, one die for
// others; the commander-in-chief's free PIP unless he is inert.
PipRollSpec command_pip_roll(const PipCommand& c);
// [Pip-2] A regiment's, once activated: the worse of two dice, one less below 10 elements.
PipRollSpec regiment_pip_roll(int elements);
// [Pip-2] What activating a regiment costs its command.
int regiment_activation_pips();
// The PIPs for these dice (die2 is ignored for a single die).
int pips_from_dice(const PipRollSpec& r, int die1, int die2 = 1);
// Every possible number of PIPs with its weight, ascending; the weights sum to 6 or 36.
std::vector<std::pair<int, std::uint64_t>> pip_distribution(const PipRollSpec& r);

// [Pip-2, Pip-6, Pip-7] Distances of command: a general's command range, a regiment stand's, and
// the distance from non-routing enemy beyond which march moves are allowed.
int command_range_inches();
int regiment_range_inches();
int march_beyond_inches();

// ---- One move (Pip-4 .. Pip-15) ----

// An element of the moving group (or the single element).
struct Mover {
  Troop troop;
  Peoples peoples;
};

// A move as the game describes it.
struct MoveCost {
  std::vector<Mover> elements;              // the group, or the single element, that moves
  bool group = false;                       // a group move (else a single element)
  bool into_contact_cannot_recoil = false;  // [Pip-5] ending in contact where it could not recoil
  bool out_of_command = false;  // [Pip-6] its command's general is destroyed, or it is out of
                                // command range (doubled through woods) or out of sight
  int march_move = 1;           // [Pip-7] 1: its move; 2, 3, 4: its march moves
  bool toward_enemy = false;    // [Pip-8] it moves toward enemy that count (toward_enemy_counts)
  Morale morale = Morale::kSteady;     // [Pip-8] the worst morale among its elements
  bool wheel = false;                  // [Pip-10] the group wheels
  bool single_element_column = false;  // [Pip-10] ... as a column one element wide
  int quarter_turns = 0;               // [Pip-11] 90-degree turns
  int half_turns = 0;                  // [Pip-11] 180-degree turns
  bool formation_change = false;       // [Pip-12] it changes formation (into column, line...)
  bool uphill_into_contact_with_foot = false;  // [Pip-13]
  bool straight_ahead = true;  // [Pip-14] it moves straight ahead (else sideways, back, turns)
  bool with_cinc_or_exceptional = false;  // [Pip-15] it includes the element of the
                                          // commander-in-chief or of an exceptional subordinate
};

struct PipCost {
  std::vector<Factor> items;  // every item, with its clause
  int total = 0;              // their sum, at least the minimum
  std::string_view refused;   // not empty: the move may not be made, in our words
};
PipCost move_cost(const MoveCost& m);

// [Pip-8] Whether an enemy element counts when deciding that a shaken or broken mover moves
// toward the enemy: never artillery; for a shaken mover not LI(i), unless the mover is LI(i).
bool toward_enemy_counts(Troop mover, Morale mover_morale, Troop enemy);

// ---- Everything else PIPs buy (Pip-16 .. Pip-19) ----

enum class PipAction : std::uint8_t {
  kHoldImpetuous,             // [Pip-16] hold an impetuous group or element
  kReplaceCrew,               // [Pip-16] replace an artillery crew
  kDismount,                  // [Pip-16] dismount or mount one element
  kDestroyUncrewedArtillery,  // [Pip-16] by an element in contact with it
  kUseEnemyArtillery,         // [Pip-16] each bound
  kCommandMorale,             // [Pip-17] give a command its own morale
  kRallyCommand,              // [Pip-17] rally a command to army morale
  kBreakElement,              // [Pip-18] break an element of one's own
  kRallyBroken,               // [Pip-18] rally a broken element
  kActivateRegiment,          // [Pip-2]
  kHoldAgainstSurrender,      // [Pip-16, Mor-19] hold an element that would surrender (G-37)
};
struct OtherCost {
  PipAction action = PipAction::kHoldImpetuous;
  Troop troop;                               // the element acting or acted on
  bool with_elephants = false;               // kRallyCommand: the command has elephants
  bool enemy_in_contact = false;             // kReplaceCrew: enemy touch the gun
  Status status = Status::kNone;             // kHoldImpetuous: the held element's status
  bool nearest_enemy_foot_in_reach = false;  // kHoldImpetuous: its nearest enemy is foot that
                                             // one impetuous move would reach (Mor-18)
};
PipCost other_cost(const OtherCost& c);

// [Pip-16] Distances: friendly foot within this to replace a crew when enemy are within the
// second; no mounting within this of the enemy.
int replace_crew_friends_within_inches();
int replace_crew_enemy_within_inches();
int mount_not_within_inches();
// [Pip-16, G-40a] Mounted infantry (a list troop Cv(i) or Lc(i)) may dismount and mount more than
// once a game; every other troop once.
bool mounts_again(Troop list_troop);

// [Pip-19, CC-1] What one step of the combat die, to a die of `to_sides`, costs a group: to a d8
// 1; to a d10 1 for the first group of the bound to go to a d10, 2 for a later one; a general
// with the group (not an inert commander-in-chief) adds one PIP of it.
int die_upgrade_cost(int d10_groups_before, int to_sides, bool general_adds);

}  // namespace carroccio::gwkho
