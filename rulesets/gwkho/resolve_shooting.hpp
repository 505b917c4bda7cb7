// God Will Know His Own (gwkho): one shot of small arms (rules Sht-4 to Sht-10, ruling G-18),
// who may shoot (Sht-14, ruling G-16), and artillery fire (Sht-11 to Sht-13, ruling G-19b),
// which the text resolves with the close-combat factors (resolve_combat.hpp). Pure: the game
// describes the shot as a ShotSituation and gets back
//   shot_modifiers()  every modifier of the 2d6 with its clause;
//   resolve_shot()    the total and the result for two given dice;
//   shot_odds()       the exact weight of each result over the 36 throws of two dice.
//
//   ShotSituation s;
//   s.shooter = *parse_troop("Lb(o)");  s.ranks = {s.shooter};
//   s.target = *parse_troop("Hc(o)");   s.range = 6 * kUnitsPerInch;
//   shot_odds(s).weight(Result::kDestroyed);   // out of 36
#pragma once

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

#include "core/fraction.hpp"
#include "rulesets/gwkho/resolve.hpp"
#include "rulesets/gwkho/resolve_combat.hpp"
#include "rulesets/gwkho/shooting.hpp"

namespace carroccio::gwkho {

// [Sht-8] The cover a foot target stands in.
enum class Cover : std::uint8_t {
  kNone,
  kCover,          // woods, buildings, hedges, field works: -1
  kFortification,  // a permanent fortification or a wagon laager: -2
};

// One shooting element firing at one target, as the game knows it.
struct ShotSituation {
  // ---- The shooter ----
  Troop shooter;                    // its troop as its army list gives it
  Weapon weapon = Weapon::kNone;    // its weapon when the list names one (shooting.hpp)
  Morale morale = Morale::kSteady;  // its morale in play
  // The friends directly behind it that shoot with it, facing the same way, 2nd rank first;
  // only those of the shooter's own type count (Sht-4).
  std::vector<Troop> ranks;
  bool front_rank_only = false;  // Sht-14: it moved over 3 inches (may_shoot() says)
  // ---- The target ----
  Troop target;
  Cover cover = Cover::kNone;  // counts for foot targets only
  bool enfilade = false;       // the shot takes the target in flank (Sht-4)
  int range = 0;               // from shooter to target, in sub-units (kUnitsPerInch)
};

// [Sht-4 .. Sht-10] The kind of missile a troop with a weapon shoots (kNone: it does not).
ShotKind shot_kind(Troop t, Weapon w = Weapon::kNone);
// The troop it shoots as (an elephant crew as Bw(o), or as Sh with firearms; CC-4).
Troop shoots_as(Troop t, Weapon w = Weapon::kNone);

struct ShotModifiers {
  Troop shoots_as, target_as;  // as the modifiers read them (CC-4: shooting, shot at)
  ShotKind kind = ShotKind::kNone;
  std::vector<Factor> modifiers;  // every modifier, in the order of the text
  int total = 0;
};
ShotModifiers shot_modifiers(const ShotSituation& s);

struct ShotOutcome {
  int dice = 0;   // the two dice
  int total = 0;  // with the modifiers
  Result result = Result::kNoEffect;
};
// [Sht-1] The shot for two dice (each 1 to 6).
ShotOutcome resolve_shot(const ShotSituation& s, int die1, int die2);
ShotOutcome resolve_shot(const ShotSituation& s, const ShotModifiers& m, int die1, int die2);

struct ShotOdds {
  std::uint64_t total = 36;
  std::array<std::uint64_t, kNumResults> weights{};
  std::uint64_t weight(Result r) const { return weights[static_cast<std::size_t>(r)]; }
  core::Fraction probability(Result r) const {
    return core::Fraction(static_cast<std::int64_t>(weight(r)), static_cast<std::int64_t>(total));
  }
};
ShotOdds shot_odds(const ShotSituation& s);

// [Sht-14] Who may shoot this shooting phase (ruling G-16).
struct ShooterState {
  Troop troop;
  Weapon weapon = Weapon::kNone;
  bool own_bound = true;              // the shooting phase of its side's bound
  int moved = 0;                      // how far it moved this bound, in sub-units
  bool moved_last_own_bound = false;  // for shot in the enemy's bound
  bool shot_last_phase = false;       // it shot in the previous shooting phase
  bool fought_last_bound = false;     // in close combat in the previous bound
  bool dismounted_this_bound = false;
};
struct MayShoot {
  bool allowed = false;
  bool front_rank_only = false;
  std::string_view why;  // our words, when not allowed or limited
};
MayShoot may_shoot(const ShooterState& s);

// ---- Artillery (Sht-11 .. Sht-13) ----

// How artillery may fire now.
enum class ArtilleryFire : std::uint8_t { kNone, kAsArtillery, kAsShot };
// [Sht-13] Artillery fires only in its own bound and not after moving; L.Art(f)(x) that moved
// fire as shot (a ShotSituation) instead.
ArtilleryFire artillery_may_fire(Troop gun, bool own_bound, bool moved);
// [Sht-11] Artillery fire as a round of close combat (ruling G-19b): the gun is side a, the
// target side b; resolve it with resolve_combat() and combat_odds(). Only the target can suffer.
CombatSituation artillery_fire(const CombatSide& gun, const CombatSide& target);
// [Sht-12] Whether a gun may shoot a second target whose front is within
// second_target_inches() behind the first target's front: gunpowder artillery only, and neither
// target standing in rough or bad going.
bool second_shot_allowed(Troop gun, Going first_target, Going second_target);
int second_target_inches();

}  // namespace carroccio::gwkho
