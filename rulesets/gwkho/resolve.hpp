// God Will Know His Own (gwkho): what the resolution modules share (resolve_combat.hpp,
// resolve_shooting.hpp, pips.hpp, morale.hpp). They are pure: no geometry, no game state, no
// dice rolled. The game (the State) describes a combat, a shot or a move as a plain value and
// gets back every factor with the clause it comes from, the result for given dice, and the exact
// odds over all dice.
#pragma once

#include <string_view>

#include "rulesets/gwkho/tables.hpp"

namespace carroccio::gwkho {

inline constexpr int kNumResults = 6;  // the values of Result (tables.hpp)

// Lengths on the table are whole sub-units of 1/1270 inch (0.02 mm): 1 inch = 1270, 1 cm = 500
// (the game's unit; ruling G-1 keeps the rulebook's inches).
inline constexpr int kUnitsPerInch = 1270;

// One factor, modifier or cost: the clause it comes from (docs/clauses/gwkho.md), what it is in
// our words, and its value. The strings are literals: a Factor never allocates.
struct Factor {
  std::string_view clause;
  std::string_view text;
  int value = 0;
  friend bool operator==(const Factor&, const Factor&) = default;
};

// Good going: open ground or a road (the text's "good going", "open good going").
constexpr bool good_going(Going g) { return g == Going::kOpen || g == Going::kRoad; }

// The worse and the better of two morale states.
constexpr Morale worse(Morale a, Morale b) { return a > b ? a : b; }
constexpr Morale better(Morale a, Morale b) { return a < b ? a : b; }
std::string_view morale_id(Morale m);  // "steady", "shaken", "broken"

}  // namespace carroccio::gwkho
