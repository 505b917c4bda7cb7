// A combat described without a game record (`carroccio odds bma --attacker ... --defender ...`
// or `--situation FILE`): the description is laid out as a real position on a small board,
// the attacking side's leader is activated and the combat is built by legal actions, so its
// odds come from the very code a game in play uses (BmaState::action_odds). Nothing here
// computes odds.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "core/status.hpp"
#include "nlohmann/json.hpp"
#include "rulesets/bma/state.hpp"

namespace carroccio::bma {

struct DescribedCombat {
  // The position at the decision to resolve the combat (act::kResolveCombat is legal).
  std::unique_ptr<BmaState> state;
  // What was described, as understood: scenario, options, attacking side, each piece (role,
  // id, name, type, rating, chit, status, from, charge, leader, beside the Carroccio, hex).
  nlohmann::json description;
};

// Builds the position of a described combat. `situation` is an object:
//   scenario  built-in bma scenario whose sides, pieces and rout levels are used (default legnano)
//   options   optional rules, "facing,charge,vcf=every" or {"facing": "true", ...}
//   side      the attacking side (id or name); may be left out when a named piece tells it
//   vp_lost   {"imperial": 12, ...}: victory points each side has lost so far (8.1)
//   defender  {unit, chit, status, terrain, leader, carroccio, guarded}
//   attackers [{unit, chit, from, charge, leader, carroccio}, ...] (one to six)
// `unit` is a unit of the scenario (id or name) or a rating and a type ("B infantry"); `chit`
// is left out while the chit is not drawn (every value is then enumerated); `leader` is a
// leader of the scenario or "leader" (one of command value 1). docs/odds.md has the details.
// Bad input is one sentence naming the field.
core::Expected<DescribedCombat> describe_combat(const nlohmann::json& situation);

}  // namespace carroccio::bma
