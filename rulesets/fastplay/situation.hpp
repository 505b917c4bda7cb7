// `carroccio odds fastplay ...`: the odds of an archery volley, a war machine's shot or a unit's
// melee fight described without a game record (the hook game::Ruleset::described_odds), from
// flags or a situation file. The description is laid out as a real position on a small table
// (the two units in line, the target's ground), the game is played to the Archery or Melee
// phase, and the odds are FastplayState::action_odds of the shot or the fight: the very code a
// game in play uses. Nothing here computes odds.
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
#include "rulesets/fastplay/state.hpp"

namespace carroccio::fastplay {

struct DescribedAttack {
  // The position at the decision, the shot or fight legal in it.
  std::unique_ptr<FastplayState> state;
  game::Action action = 0;
  bool melee = false;
  // What was described, as understood (the fields below, every one filled in).
  nlohmann::json description;
};

// Lays out the situation whose fields are (carroccio odds fastplay --help):
//   attack         shoot | melee
//   attacker       the unit's troop type: archery, light-infantry, heavy-infantry,
//                  light-cavalry, heavy-cavalry, ballista, catapult (only archery and the
//                  machines shoot: 5.1, 10.2)
//   stands         its live stands, 1 to 6 (default 4; a machine is one stand)
//   target         the unit shot at or fought, the same types
//   target_stands  its live stands, 1 to 6 (default 4)
//   range          shoot: centimetres from the nearest shooting stand to the target (default
//                  20; archery reaches 40, a ballista 70, a catapult 80: 5.2, 10.2)
//   terrain        shoot: the target's ground, clear, woods, village or works (cover, 10.2)
//   from           melee: the target's side the attacker's front touches: front, flank, rear
//   charged        melee: the attacker charged this turn (cavalry add a die, 7.2)
//   commander      the attacker's commander is with it (a die more, 11.1)
//   lone_commander the attacker is a commander figure alone, fighting as its type at +1 (11.3)
//   target_commander  the target's commander is with it (its loss is checked, 11.2)
// Bad input is one sentence naming the flag (or the file's field) and the values allowed.
core::Expected<DescribedAttack> describe_attack(const game::SituationFields& fields);

// The usage lines `carroccio odds --help` shows for it, and its arguments.
extern const std::string_view kDescribedOddsUsage;
game::CommandSpec described_odds_spec();

// Runs it on the words after `carroccio odds fastplay`; 0 done, 2 a bad description.
int run_described_odds_cli(const std::vector<std::string>& args, std::ostream& out,
                           std::ostream& err);

}  // namespace carroccio::fastplay
