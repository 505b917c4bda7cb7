// God Will Know His Own (gwkho): one round of close combat between two elements (rules CC-5 to
// CC-19, rulings G-20 to G-31), and artillery fire, which the text resolves with the same
// factors (Sht-11, ruling G-19b). Pure: the game describes the combat as a CombatSituation (what
// the geometry and the history say about both elements), and gets back
//   combat_factors()  every factor of each side with its clause, and their totals;
//   resolve_combat()  the outcome for given dice: grading, winner, margin, doubled, and what
//                     happens to each element;
//   combat_odds()     the exact weight of every pair of outcomes over all the dice.
// Nothing here rolls a die or measures a distance.
//
//   CombatSituation s;
//   s.a.troop = *parse_troop("Hc(o)");  s.a.made_contact = true;
//   s.b.troop = *parse_troop("Pk(o)");  s.b.ranks = {s.b.troop, s.b.troop};
//   s.just_contacted = true;
//   const CombatOdds odds = combat_odds(s);     // odds.weight(kNoEffect, kDestroyed) / odds.total
//   const CombatOutcome o = resolve_combat(s, 4, 2);
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "core/fraction.hpp"
#include "rulesets/gwkho/combat.hpp"
#include "rulesets/gwkho/resolve.hpp"

namespace carroccio::gwkho {

// One element in a close combat, as the game knows it. Every field is a plain fact; the game
// fills what its geometry and history say, the rules here decide what follows from them.
struct CombatSide {
  // ---- Who ----
  Troop troop;                      // the element's troop as its army list gives it
  Status status = Status::kNone;    // special morale status (berserkers grade, Mor-18)
  Peoples peoples;                  // named peoples (Swiss, Landsknecht: the d8 of CC-1)
  Morale morale = Morale::kSteady;  // its morale in play (morale.hpp: element_morale)
  bool general = false;             // a general stands with it (CC-9: +1)
  // The sides of its die after PIP upgrades (6, 8 or 10); 0: its own die (own_combat_die).
  int die = 0;
  // ---- Its supporting ranks (CC-5 to CC-7) ----
  // The friends directly behind it, one per rank, in full contact and facing the same way:
  // ranks[0] is the second rank, ranks[1] the third, ranks[2] the fourth.
  std::vector<Troop> ranks;
  // ---- Overlaps (CC-9, ruling G-31) ----
  // Enemy front edges in contact with its flanks and with its rear, other than the enemy it
  // fights; a flank that a square friend covers (CC-18: forms_square) is not counted.
  int flank_enemies = 0;
  int rear_enemies = 0;
  // ---- Ground ----
  Going going = Going::kOpen;         // the going it stands in (after a breakthrough move: where
                                      // that move ended)
  bool behind_linear = false;         // it stands behind a river, stream or hedge (CC-13)
  bool behind_fortification = false;  // it stands behind a fortification (CC-9, CC-14)
  bool uphill = false;                // it stands uphill of the enemy it fights (CC-12)
  // ---- History ----
  bool made_contact = false;  // it moved into this contact this bound (a move, not a follow-up)
  bool contacted_on_flank_or_rear = false;  // it was hit on a flank or its rear this bound and
                                            // turned to face
  // How far it moved in its side's latest own bound (this bound when it is its side's), in
  // sub-units (kUnitsPerInch); recoils, flees, routs and follow-ups do not count.
  int moved = 0;
  bool fought_last_bound = false;    // in close combat in the bound before this one (fighting,
                                     // overlapping or supporting)
  bool breakthrough = false;         // it destroyed the enemy to its front this bound and fights on
                                     // against a new enemy (CC-10)
  bool failed_to_push_back = false;  // it was already in this contact last round and did not
                                     // push its enemy back (CC-5)
  bool cannot_recoil = false;        // it has no room to recoil (or flee): beaten, it is destroyed
                                     // (CC-14)
};

struct CombatSituation {
  CombatSide a, b;
  bool just_contacted = false;     // the first round after a contact move (not a follow-up)
  bool follow_up_contact = false;  // the contact was made by a follow-up (CC-8)
  int year = 0;                    // the battle's year (Swiss pike before 1525 roll a d8, CC-1)
  // Artillery fire (Sht-11): side a is the artillery shooting at side b. Only b can suffer;
  // supporting ranks, overlaps, charge and breakthrough factors do not apply.
  bool artillery_fire = false;
};

// What one side adds to its die.
struct SideFactors {
  Troop fights_as;                 // its troop as it fights this combat (CC-7, then CC-4)
  std::string_view fights_as_why;  // the composite rank that changed it (CC-7), or empty
  std::vector<Factor> factors;     // every factor, in the order of the text
  int total = 0;                   // their sum
  int die = 6;                     // the die it rolls
};

struct CombatFactors {
  SideFactors a, b;
};

// [CC-2, CC-5 .. CC-10] Every factor of both sides.
CombatFactors combat_factors(const CombatSituation& s);

enum class Winner : std::uint8_t { kNone, kA, kB };
std::string_view winner_id(Winner w);  // "none", "a", "b"

struct CombatOutcome {
  int die_a = 0, die_b = 0;
  int total_a = 0, total_b = 0;              // die + factors
  std::vector<Factor> grading_a, grading_b;  // [CC-12] grading (and berserkers, Mor-18)
  int graded_a = 0, graded_b = 0;            // the totals after grading
  Winner winner = Winner::kNone;
  int margin = 0;        // the winner's graded total less the loser's
  bool doubled = false;  // ruling G-20, on the graded totals
  Result a = Result::kNoEffect, b = Result::kNoEffect;
  bool kill_line = false;       // [CC-11] the winner's total destroyed the loser
  int prevent_kills = 0;        // [CC-13] what the beaten foot added against being destroyed
  bool kill_prevented = false;  // [CC-13, CC-14] a kill turned into a recoil or flee
  bool no_room = false;         // [CC-14] destroyed because it could not recoil
  // [CC-14] A mounted element beaten by foot in good going may rout a move after recoiling.
  bool may_rout_a = false, may_rout_b = false;
};

// [CC-1 .. CC-14] The round for these dice (each within its side's die).
CombatOutcome resolve_combat(const CombatSituation& s, int die_a, int die_b);
// The same with the factors already computed (combat_factors(s)).
CombatOutcome resolve_combat(const CombatSituation& s, const CombatFactors& f, int die_a,
                             int die_b);

// The exact odds of a round: how many of the sides_a * sides_b equally likely pairs of dice give
// each pair of results.
struct CombatOdds {
  int sides_a = 6, sides_b = 6;
  std::uint64_t total = 0;                                                    // sides_a * sides_b
  std::array<std::array<std::uint64_t, kNumResults>, kNumResults> weights{};  // [a][b]
  std::array<std::uint64_t, 3> winners{};                                     // by Winner
  std::uint64_t weight(Result a, Result b) const {
    return weights[static_cast<std::size_t>(a)][static_cast<std::size_t>(b)];
  }
  std::uint64_t weight_a(Result a) const;  // whatever happens to b
  std::uint64_t weight_b(Result b) const;
  core::Fraction probability(Result a, Result b) const {
    return core::Fraction(static_cast<std::int64_t>(weight(a, b)),
                          static_cast<std::int64_t>(total));
  }
};
CombatOdds combat_odds(const CombatSituation& s);

// [CC-1] The die a side rolls before PIPs: the d8 of its troop as it fights, of berserkers, of
// Swiss pike before 1525 and of Swiss and Landsknechts against one another.
int own_combat_die(const CombatSituation& s, bool side_b);
// [CC-1] Its die after one step bought with PIPs; nothing when it may not buy one.
std::optional<int> bought_combat_die(const CombatSituation& s, bool side_b);

// [CC-15] Following up a beaten enemy (ruling G-28).
struct FollowUp {
  bool must = false;     // it must follow up (in its own bound)
  bool may = false;      // it may follow up
  int extra_rounds = 0;  // the rounds it may fight after following up
};
// The winner's follow-up after `loser_result` (a recoil or a kill; nothing after a flee).
FollowUp follow_up(Troop winner, Troop loser, Result loser_result, bool own_bound);

// [CC-16] Knock-on (ruling G-29): how far behind a destroyed element friends are affected (0: not
// at all), and what happens to a friend of `friend_troop` there, not already in contact.
int knock_on_inches(Troop destroyed);
std::optional<Result> knock_on(Troop destroyed, Troop friend_troop);

// [CC-17] Whether the supporting ranks of an element contacted on a flank or rear by `attacker`
// turn with it (ruling G-30).
bool ranks_turn_to_face(Troop t, Peoples p, Troop attacker);

// [CC-18] Square or hedgehog (ruling G-30a): whether an element forms one. Such an element is
// not outflanked on a side whose flank another such friend touches with a corner (the game then
// leaves that flank out of flank_enemies).
struct SquareCase {
  Peoples peoples;
  bool bayonets = false;           // shot of a European army with bayonets
  bool supported_by_pike = false;  // shot with pike directly behind
  bool halberd_or_bill = false;    // heavy infantry armed with halberds or bills
  bool dismounted_hc = false;      // heavy cavalry fighting on foot never do
};
bool forms_square(Troop t, const SquareCase& c);

// [CC-19] Whether a beaten element may recoil through a friend (ruling G-15).
bool may_recoil_through(Troop loser, Troop friend_troop);

}  // namespace carroccio::gwkho
