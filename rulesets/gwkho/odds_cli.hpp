// `carroccio odds gwkho ...`: the exact odds of a close combat, artillery fire or a shot between
// two elements described on the command line or in a situation file, with no game (offered
// through game::Ruleset::described_odds). The description fills the resolution layer's own
// situations (CombatSituation, ShotSituation: the plain facts a game in play reads off the
// table), and the odds are written by the same code as GwkhoState::action_odds (odds.hpp).
#pragma once

#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

#include "core/status.hpp"
#include "game/command_line.hpp"
#include "nlohmann/json.hpp"

namespace carroccio::gwkho {

// The usage lines `carroccio odds --help` shows for it.
extern const std::string_view kDescribedOddsUsage;

// Its arguments (game/command_line.hpp): `carroccio odds gwkho --help` is written from them.
game::CommandSpec described_odds_spec();

struct DescribedFight {
  nlohmann::json odds;         // as GwkhoState::action_odds gives it for the same fight
  nlohmann::json description;  // what was described, as understood (kind, year, round, range,
                               // each element with its details)
};

// The odds of a described fight. `situation` is an object:
//   attacker, defender   a close combat (the attacker is the odds' first element), or
//   shooter, target      a shot, or artillery fire when the shooter is artillery (Sht-11)
//   round    first (default), later or follow-up: the round of a close combat (CC-8, CC-15)
//   year     the battle's year (default 1400): Swiss pike's d8 (CC-1), early handguns (Sht-2)
//   range    inches from shooter to target (a shot needs it; checked against Sht-2, Sht-3)
// Each element is {"troop": "Hc(o)", detail: value, ...}; the details are those of
// described_odds_spec()'s footer. Bad input is one sentence naming the element (or the flag
// when `flag_names`: "--attacker") and the allowed values.
core::Expected<DescribedFight> describe_fight(const nlohmann::json& situation,
                                              bool flag_names = false);

// One element as the command line gives it ("Hc(o),general,ranks=Pk(o)+Pk(o),going=rough") as
// the JSON object describe_fight reads; `flag` ("--attacker") is named in an error.
core::Expected<nlohmann::json> element_from_spec(std::string_view spec, std::string_view flag);

// Runs it on the words after `carroccio odds gwkho`; 0 done, 2 a bad description (one sentence
// on `err`, "carroccio: ..."), as every subcommand.
int run_described_odds_cli(const std::vector<std::string>& args, std::ostream& out,
                           std::ostream& err);

}  // namespace carroccio::gwkho
