// God Will Know His Own (gwkho): the movement table and its bonuses (rules Mov-1 to Mov-6,
// ruling G-11) as lookups. Distances are whole inches (ruling G-1); nothing here knows where an
// element stands: the game passes the going and the case.
#pragma once

#include <optional>

#include "rulesets/gwkho/tables.hpp"

namespace carroccio::gwkho {

struct MoveCase {
  bool routing = false;        // [Mov-3] a routing element
  bool dismounted_hc = false;  // [Mov-3] heavy cavalry fighting on foot: no routing bonus
  // [Mov-4] a Swiss or Landsknecht pike element more than swiss_fast_beyond_inches() from the
  // enemy moves as (f).
  bool swiss_or_landsknecht = false;
  bool beyond_swiss_fast_distance = false;
  bool crosses_ford = false;  // [Mov-5] a move across a ford
};

// [Mov-1..Mov-5] One move of a troop in a going, in inches; nothing when it may not enter.
std::optional<int> move_inches(Troop t, Going g, const MoveCase& c = {});
// [Mov-4] The distance beyond which Swiss and Landsknecht pike move as (f).
int swiss_fast_beyond_inches();
// [Mov-5] The longest move that crosses a ford.
int ford_max_inches();
// [Mov-6] Free 180-degree turns a troop makes in a group move (0 for most).
int free_half_turns(Troop t);

}  // namespace carroccio::gwkho
