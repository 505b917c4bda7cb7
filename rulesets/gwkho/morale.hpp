// God Will Know His Own (gwkho): morale in play (rules Mor-9 to Mor-20, rulings G-32 to G-38).
// Pure: the game keeps, for every element, its troop, command and loss state; from those and the
// army's assessment (army.hpp: assess) these functions give
//   army_morale()     every ledger's losses and state (steady, shaken, broken);
//   element_morale()  the morale an element takes from them, with its special status;
//   morale_effects()  what shaken and broken mean for combat, shooting, PIPs and routing;
//   surrenders()      the optional surrender rules;
//   victory()         who has won at the end of a bound.
//
//   const ArmyReport report = assess(army);
//   std::vector<MoraleElement> els = ...;       // one per element, from the game
//   const ArmyMorale m = army_morale(report, els, own_morale);
//   const Morale e = element_morale(m, els[3], own_morale, history);
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "rulesets/gwkho/army.hpp"
#include "rulesets/gwkho/resolve.hpp"

namespace carroccio::gwkho {

// [Mor-9] What an element counts as a loss (ruling G-34).
enum class Loss : std::uint8_t {
  kNone,
  kBroken,           // broken (by its side's PIPs, or by the enemy if unreliable): half its e/e
  kRouting,          // routing: half its e/e when its command has its own morale, else nothing
  kDestroyed,        // destroyed or surrendered: its whole e/e
  kDestroyedAtHalf,  // destroyed while it counted at half: still half
};
std::string_view loss_id(Loss l);
// The loss of an element destroyed now, that counted `before` (a broken element, or a router of a
// command with its own morale, stays at half).
Loss loss_when_destroyed(Loss before, bool command_own_morale);

// One element, as the game knows it.
struct MoraleElement {
  Troop troop;
  Status status = Status::kNone;
  int command = 0;    // index into ArmyList::commands
  int regiment = -1;  // index into that command's regiments, -1 outside them
  Loss loss = Loss::kNone;
  bool broken_by_enemy = false;  // [Mor-17] broken by the enemy's PIPs (unreliable troops)
};

// A ledger with its losses. Losses are counted in quarters of an e/e (half of a half-e/e
// element is a quarter), against thresholds in quarters: the least loss that reaches the
// fraction exactly.
struct LedgerState {
  Ledger ledger;  // as assess() made it (for a command's own ledger: kind "command")
  int shaken_at_quarters = 0, broken_at_quarters = 0;
  int lost_quarters = 0;
  Morale state = Morale::kSteady;
  std::string lost_text() const;  // "12.25"
};

struct ArmyMorale {
  std::vector<LedgerState> ledgers;   // assess()'s ledgers, in its order
  std::vector<LedgerState> commands;  // each command's own ledger (Mor-11)
  // [Mor-6] Per command, per regiment: elements destroyed, and the count from which the rest
  // are shaken.
  std::vector<std::vector<int>> regiment_lost, regiment_shaken_after;
  const LedgerState* find(std::string_view kind, int command = -1) const;
  Morale army() const;  // the army ledger's state
};

// [Mor-9, Mor-10] Every ledger's losses and state. `own_morale[c]` says that command c has
// bought its own morale (Mor-11); it may be shorter than the commands (the rest have not).
ArmyMorale army_morale(const ArmyReport& report, const std::vector<MoraleElement>& elements,
                       const std::vector<bool>& own_morale = {});

// When each side's ledgers first went shaken (bound numbers, as the game counts them); nothing
// while they have not. Mutinous and brittle troops read it.
struct MoraleHistory {
  std::optional<int> army_shaken;        // own army
  std::optional<int> heavy_shaken;       // own heavy troops' ledger
  std::optional<int> enemy_army_shaken;  // the enemy's army
  // [Mor-1a] Per command, when its allied contingent's ledger first went shaken (ruling G-32a);
  // it may be shorter than the commands.
  std::vector<std::optional<int>> allied_shaken;
  std::vector<std::optional<int>> allied_broken;  // ... and first went broken (for the log)
  std::optional<int> allied_shaken_at(int command) const;
};

// [Mor-10 .. Mor-17] The morale an element takes: the army's (or its command's own), the better
// of it and the heavy or elite heavy ledger for those troops, the worse of it and the missile
// ledger for missile troops (not the steady ones); a regiment below two thirds at least shaken;
// then its special status, and its own broken state. [Mor-1a] An allied contingent's elements
// take their contingent's ledger instead of the army's (ruling G-32a).
Morale element_morale(const ArmyMorale& m, const MoraleElement& e,
                      const std::vector<bool>& own_morale, const MoraleHistory& h);

// [Mor-11] Whether command `command` may buy its own morale: its own ledger is better than the
// army's.
bool may_take_own_morale(const ArmyMorale& m, int command);

// [Mor-17] Whether the enemy may break an element of this army with PIPs, as if it were in one of
// their own commands (Pip-18 prices it and says who may never be broken): unreliable troops,
// while no troops of the enemy's side have become shaken.
bool enemy_may_break(Status s, bool enemy_side_has_shaken_troops);

// [Mor-12, Mor-13] What a morale state means (ruling G-35).
struct MoraleEffects {
  int melee = 0;                   // close combat factor (CC-9)
  int shooting = 0;                // its own shooting (Sht-10)
  bool may_be_impetuous = true;    // shaken and broken troops are never impetuous (Mov-7)
  bool pays_toward_enemy = false;  // +1 PIP to move toward the enemy (Pip-8)
  bool routs = false;              // broken elements make a rout move each bound
  bool rout_bonus = true;          // routers move the extra inch (Mov-3): not shaken mounted
};
MoraleEffects morale_effects(Morale m, Troop t);

// [Mor-19] Surrender, an option of the game (ruling G-37).
// Culture (army.hpp): which surrender rules an army's troops follow.
struct SurrenderCase {
  Troop troop;
  Peoples peoples;  // Landsknecht, Swiss
  bool dismounted_hc = false;
  Culture culture = Culture::kOther, enemy_culture = Culture::kOther;
  int year = 0;
  bool british_isles = false;
  // Its morale.
  bool broken = false;           // it is broken now
  bool became_broken = false;    // ... and became so this bound
  bool would_be_broken = false;  // it would be broken but for being stubborn
  bool pike_shaken = false;      // Landsknecht or Swiss: their pike have become shaken
  bool held = false;             // its side holds it (as impetuous troops are held)
  // Its enemies.
  bool near_captors = false;  // within surrender_within_inches() of enemy that take prisoners
  bool nearest_enemy_swiss = false, nearest_enemy_landsknecht = false;
  Morale nearest_enemy_morale = Morale::kSteady;
  bool in_contact_after_round = false;  // in contact with an enemy after a round of combat
  Troop contact_enemy;                  // ... that enemy
  bool surrounded = false;              // no move takes it away from enemy facing it
};
bool surrenders(const SurrenderCase& c);
// Enemy that take prisoners: not broken, not Cv(f) or LI(i).
bool takes_prisoners(Troop enemy, Morale enemy_morale);
int surrender_within_inches();

// [Mor-20] Victory at the end of a bound (ruling G-38): an army whose morale is broken loses;
// both at once is a draw.
enum class Victory : std::uint8_t { kNone, kFirst, kSecond, kDraw };
Victory victory(Morale first_army, Morale second_army);

}  // namespace carroccio::gwkho
