// The resolvers of every table and procedure on the chart sheet, and what they share.
//
// A resolver takes the situation and a tape of die values and returns the ruling: every
// modifier considered with its source, how the table was read, the result and its effects,
// and the cells, headings and rulings it rests on with their confidence. It never rolls.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/dice.hpp"
#include "core/status.hpp"
#include "nlohmann/json.hpp"
#include "rulesets/alsh/assault_grid.hpp"
#include "rulesets/alsh/resolution.hpp"
#include "rulesets/alsh/situation.hpp"
#include "rulesets/alsh/tables.hpp"

namespace carroccio::alsh {

struct Context {
  const Tables& tables;
  const AssaultGrid* assault_grid = nullptr;  // the user's grid, when one was supplied
};

using ResolveFn = core::Expected<Resolution> (*)(const Context&, const Situation&, DiceTape&);
using OddsFn = core::Expected<Odds> (*)(const Context&, const Situation&);

// One table (or procedure) the referee resolves.
struct Procedure {
  std::string name;     // "artillery": the CLI word and the request's "table"
  std::string title;    // "Artillery Fire Table"
  std::string summary;  // one line for the help
  std::vector<Field> fields;
  std::optional<core::Dice> dice;  // what each roll is; none for a plain lookup
  std::string rolls;               // the rolls in order, for the help
  ResolveFn resolve = nullptr;
  OddsFn odds = nullptr;  // exact odds by a custom method (rerolls); else by enumeration
};

std::vector<Procedure> procedures();
const Procedure* find_procedure(const std::vector<Procedure>& all, std::string_view name);
// Their names, comma-separated (for messages listing the choices).
std::string procedure_names(const std::vector<Procedure>& all);

// Exact odds: the procedure's own method, or every die sequence enumerated with its weight.
core::Expected<Odds> compute_odds(const Procedure& p, const Context& ctx, const Situation& s);

// ---- Shared vocabulary --------------------------------------------------------------------

inline const std::vector<std::string>& weathers() {
  static const std::vector<std::string> k = {"fair", "rain", "mud", "snow", "heat", "frost"};
  return k;
}
inline const std::vector<std::string>& hex_terrains() {
  static const std::vector<std::string> k = {"clear", "marsh", "heath",    "swamp",
                                             "wood",  "hill",  "mountain", "lake"};
  return k;
}
inline const std::vector<std::string>& settlements() {
  static const std::vector<std::string> k = {"none", "town", "fortified-town", "fortified-city"};
  return k;
}
inline const std::vector<std::string>& hexsides() {
  static const std::vector<std::string> k = {
      "none", "primary-river", "secondary-river", "secondary-bridge", "pontoon-bridge", "ferry"};
  return k;
}
inline const std::vector<std::string>& combats() {
  static const std::vector<std::string> k = {"skirmish", "siege", "major-battle"};
  return k;
}

std::string signed_int(int v);          // "+1", "-2", "0"
std::string percent(core::Fraction f);  // "16.67%"

// What the Terrain Effects Chart says about a combat in a hex.
struct TerrainReading {
  std::string hex_label, settlement_label, hexside_label;
  bool no_combat = false;  // Lake, Primary River
  std::string no_combat_reason;
  bool major_battle_forbidden = false;  // Swamp, Wood, Mountain
  bool mb_no_combat = false;            // Ferry in a Major Battle
  bool charge_chit_forbidden = false;   // Marsh
  bool affecting = false;
  std::vector<std::string> affecting_reasons;
  bool heavy_cavalry_half = false;
  bool fortress = false;  // the defender is inside a Fortified Town or City
  int double_up_to = 0;   // the defender's first N SP count double (0: none)
  std::string double_reason;
  Confidence double_confidence = Confidence::kLegible;
  std::string double_note;
  bool no_breach_or_sortie = false;  // Ferry
};

TerrainReading read_terrain(const Tables& t, const std::string& hex, const std::string& settlement,
                            bool defender_inside, bool earthworks, const std::string& hexside);

// ---- Per-table fields and resolvers (one file each) --------------------------------------

std::vector<Field> terrain_fields();
core::Expected<Resolution> resolve_terrain(const Context&, const Situation&, DiceTape&);

std::vector<Field> artillery_fields();
core::Expected<Resolution> resolve_artillery(const Context&, const Situation&, DiceTape&);

std::vector<Field> charge_fields();
core::Expected<Resolution> resolve_charge(const Context&, const Situation&, DiceTape&);

std::vector<Field> discipline_fields(bool with_check);
core::Expected<Resolution> resolve_discipline(const Context&, const Situation&, DiceTape&);
core::Expected<Resolution> resolve_recovery(const Context&, const Situation&, DiceTape&);

std::vector<Field> pursuit_fields();
core::Expected<Resolution> resolve_pursuit(const Context&, const Situation&, DiceTape&);
struct Absorption {
  int artillery_or_demoralised_sp = 0;
  int undemoralised_sp = 0;
  int unabsorbed = 0;  // losses left when the Force has no SP left to lose
  bool eliminated = false;
};
// How a pursued Force absorbs `losses` pursuit losses: 1 per artillery or Demoralised SP, 2
// per undemoralised SP, spending first the kind `artillery_first` says (the owner's choice).
Absorption absorb_pursuit_losses(int losses, int artillery_or_demoralised_sp, int undemoralised_sp,
                                 bool artillery_first);
// Rounds p% of n to the nearest integer, halves upwards.
int percent_of_rounded(int p, int n);

std::vector<Field> initiative_fields();
core::Expected<Resolution> resolve_initiative(const Context&, const Situation&, DiceTape&);

std::vector<Field> assault_fields();
core::Expected<Resolution> resolve_assault(const Context&, const Situation&, DiceTape&);

std::vector<Field> major_battle_fields();
core::Expected<Resolution> resolve_major_battle(const Context&, const Situation&, DiceTape&);
core::Expected<Odds> major_battle_odds(const Context&, const Situation&);
std::vector<Field> mb_initiative_fields();
core::Expected<Resolution> resolve_mb_initiative(const Context&, const Situation&, DiceTape&);
std::vector<Field> mb_ratio_fields();
core::Expected<Resolution> resolve_mb_ratio(const Context&, const Situation&, DiceTape&);
std::vector<Field> mb_cavalry_fields();
core::Expected<Resolution> resolve_mb_cavalry(const Context&, const Situation&, DiceTape&);
std::vector<Field> mb_crt_fields();
core::Expected<Resolution> resolve_mb_crt(const Context&, const Situation&, DiceTape&);
core::Expected<Odds> mb_crt_odds(const Context&, const Situation&);

std::vector<Field> admin_points_fields();
core::Expected<Resolution> resolve_admin_points(const Context&, const Situation&, DiceTape&);

std::vector<Field> orders_fields();
core::Expected<Resolution> resolve_orders(const Context&, const Situation&, DiceTape&);

std::vector<Field> attrition_fields();
core::Expected<Resolution> resolve_attrition(const Context&, const Situation&, DiceTape&);

std::vector<Field> tactical_options_fields();
core::Expected<Resolution> resolve_tactical_options(const Context&, const Situation&, DiceTape&);

std::vector<Field> unit_types_fields();
core::Expected<Resolution> resolve_unit_types(const Context&, const Situation&, DiceTape&);

}  // namespace carroccio::alsh
