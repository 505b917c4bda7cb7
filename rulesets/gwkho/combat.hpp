// God Will Know His Own (gwkho): the pure tables of close combat (and of artillery fire, which
// uses the same factors) as lookups: basic factors (CC-2, ruling G-20), the troops that count as
// another grade (CC-4), the combat die (CC-1) and the loser's fate by type (CC-3, ruling G-26).
// Tactical factors, supporting ranks, grading and the whole round are in resolve_combat.hpp.
#pragma once

#include <optional>

#include "rulesets/gwkho/tables.hpp"

namespace carroccio::gwkho {

// [CC-4] The troop `t` counts as in a context, against `opponent` when it matters (CC-4 rows
// with an opponent never match without one); `t` itself when no row applies.
Troop counts_as(Troop t, Context context, std::optional<Troop> opponent = std::nullopt);

struct FactorCase {
  bool artillery_fire = false;  // the opponent is artillery shooting at this element
  bool just_contacted = false;  // the first round after the contact move
};
// [CC-2] The basic factor of `self` against `opponent` (its column: foot or mounted). The
// exceptions of the data apply first, to the troop as it is; then the row of the troop it
// counts as in close combat (CC-4).
int base_factor(Troop self, Troop opponent, const FactorCase& c = {});

struct DieCase {
  bool berserker = false;               // berserker status
  bool swiss_pike_before_1525 = false;  // Swiss pike before 1525
  bool bad_war = false;                 // Swiss and Landsknecht against one another
};
// [CC-1] The combat die's sides before PIPs are spent: 6, or 8 for the listed troops and cases.
int combat_die(Troop t, const DieCase& c = {});
// [CC-1] The die after a group pays for one step: a d8 troop goes to a d10, an eligible d6 troop
// to a d8; nothing when the group may not pay (ruling G-20b).
std::optional<int> upgraded_combat_die(Troop t, const DieCase& c = {});
// [CC-1] The PIPs a step to a die of `to_sides` costs: a step to a d8 always 1; a step to a d10 1
// for the first group of a bound to go to a d10, 2 for each later one (ruling G-20b).
int die_upgrade_pips(int d10_groups_before, int to_sides);

// Ruling G-20: the winner doubles the loser when its total is at least twice the loser's, or
// the loser's total is 0 or less.
bool is_doubled(int winner_total, int loser_total);

struct ResultCase {
  int margin = 1;          // winner's total minus the loser's (at least 1)
  bool doubled = false;    // see is_doubled()
  bool good_going = true;  // flee happens only in open good going; elsewhere push back
  bool just_contacted = false;
  bool loser_behind_fortification = false;  // foot behind fortifications: not destroyed by
                                            // mounted unless doubled
};
// [CC-3] What happens to the beaten `loser` at the hands of `winner`.
Result combat_result(Troop loser, Troop winner, const ResultCase& c);

}  // namespace carroccio::gwkho
