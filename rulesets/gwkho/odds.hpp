// God Will Know His Own (gwkho): the exact odds of a close combat, artillery fire or a shot in
// the JSON every ruleset's odds share (docs/api.md: modifiers with their clauses, results with
// their probabilities; game/odds_text.hpp writes it for people), with gwkho's own detail (each
// side's factors, die and total, the weight of every pair of results). One writer serves a game
// in play (GwkhoState::action_odds) and a fight described without a game (`carroccio odds gwkho`,
// odds_cli.hpp): the numbers are the resolution layer's (combat_factors and combat_odds,
// shot_modifiers and shot_odds), never worked out here.
#pragma once

#include <string>

#include "nlohmann/json.hpp"
#include "rulesets/gwkho/resolve_combat.hpp"
#include "rulesets/gwkho/resolve_shooting.hpp"

namespace carroccio::gwkho {

// How the odds name one element: its id, its label as the log writes it, and the short label
// the results and modifiers read ("Hc(s) #2").
struct OddsName {
  std::string id, name, short_name;
};

// A round of close combat between `first` (side a of the situation) and `second` (side b); for
// artillery fire (s.artillery_fire, Sht-11) the gun is `first` and the kind and rule say so.
nlohmann::json combat_odds_json(const OddsName& first, const OddsName& second,
                                const CombatSituation& s);
// One shot (Sht-1): the 2d6 with every modifier.
nlohmann::json shot_odds_json(const OddsName& shooter, const OddsName& target,
                              const ShotSituation& s);

}  // namespace carroccio::gwkho
