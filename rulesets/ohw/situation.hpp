// `carroccio odds ohw ...`: the odds of a shot, a melee strike or S2's demolition described
// without a game record (the hook game::Ruleset::described_odds), from flags or a situation file.
// The description is laid out as a real position on a small table (the two units, the terrain under
// the target, a hill, an objective), the game is played to the Shoot or Melee phase, and the odds
// are OhwState::action_odds of the shot or strike: the very code a game in play uses. Nothing here
// computes odds.
#pragma once

#include <iosfwd>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/status.hpp"
#include "game/command_line.hpp"
#include "game/described_odds.hpp"
#include "nlohmann/json.hpp"
#include "rulesets/ohw/state.hpp"

namespace carroccio::ohw {

struct DescribedAttack {
  // The position at the decision, the shot or strike legal in it.
  std::unique_ptr<OhwState> state;
  game::Action action = 0;
  bool melee = false;
  // What was described, as understood: attack, attacker, target, terrain, from, uphill, oath,
  // hits.
  nlohmann::json description;
};

// Lays out the situation whose fields are (docs: carroccio odds ohw --help):
//   attack    shoot | melee | charge (the strike the charge leads to, 1.8) | demolish (scenario
//             S2's roll to break the bridge: only the attacker's type, default levies, may be
//             given)
//   attacker  the striking or shooting unit's type: knights, men-at-arms, archers, levies,
//             irregulars, peasant-archers (only the last three of archers shoot: 2.0, 5.2, 5.3)
//   target    the unit struck or shot at, the same types
//   terrain   the target's ground: clear, town, woods, redoubt (option 5.4), ford, bridge
//   from      melee: the side of the target the attacker's front touches: front, flank, rear
//   uphill    melee: the target stands on a hill, the attacker off it (3.2 i, O-7)
//   oath      melee: the target stands by the objective its side swore to hold (scenario S1)
//   hits      the hits the target has already taken, 0 to 14
// Bad input is one sentence naming the flag (or the file's field) and the values allowed.
core::Expected<DescribedAttack> describe_attack(const game::SituationFields& fields);

// The usage lines `carroccio odds --help` shows for it, and its arguments.
extern const std::string_view kDescribedOddsUsage;
game::CommandSpec described_odds_spec();

// Runs it on the words after `carroccio odds ohw`; 0 done, 2 a bad description.
int run_described_odds_cli(const std::vector<std::string>& args, std::ostream& out,
                           std::ostream& err);

}  // namespace carroccio::ohw
