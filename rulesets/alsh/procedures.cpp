// The list of tables the referee resolves, and exact odds by enumerating the dice.
#include <functional>

#include "fmt/format.h"
#include "rulesets/alsh/resolvers.hpp"

namespace carroccio::alsh {

std::vector<Procedure> procedures() {
  const auto d6 = core::Dice::d6();
  const std::optional<core::Dice> none;
  std::vector<Procedure> p;
  auto add = [&](std::string name, std::string title, std::string summary,
                 std::vector<Field> fields, std::optional<core::Dice> dice, std::string rolls,
                 ResolveFn fn, OddsFn odds = nullptr) {
    p.push_back(Procedure{std::move(name), std::move(title), std::move(summary), std::move(fields),
                          std::move(dice), std::move(rolls), fn, odds});
  };
  add("terrain", "Terrain Effects Chart",
      "movement cost and combat effects of a hex, its feature and a hexside", terrain_fields(),
      none, "", resolve_terrain);
  add("artillery", "Artillery Fire Table",
      "artillery fire in a Skirmish, Siege (Siege Status shifts, breaches) or Major Battle",
      artillery_fields(), d6, "d6: the fire roll", resolve_artillery);
  add("charge", "Cavalry Charge Table", "a Major Battle cavalry charge", charge_fields(), d6,
      "d6: the charge roll", resolve_charge);
  add("discipline", "Discipline Table",
      "a Discipline Check (or a Recovery Check with --check recovery) and its effect by unit SP",
      discipline_fields(true), d6, "d6: the check", resolve_discipline);
  add("recovery", "Discipline Table (Recovery Check)", "a Recovery Check (par. 9.2)",
      discipline_fields(false), d6, "d6: the check", resolve_recovery);
  add("pursuit", "Pursuit Table",
      "pursuit losses, Capitani checks, and how the pursued Force absorbs the losses",
      pursuit_fields(), d6, "d6: the pursuit roll", resolve_pursuit);
  add("initiative", "Initiative Modifier Table",
      "the modifier from an adjacent enemy Capitano, with the Orders Table's Initiative effects",
      initiative_fields(), none, "", resolve_initiative);
  add("assault", "Assault Table",
      "a Skirmish, Siege or Major Battle engagement (needs --assault-table: the grid is lost)",
      assault_fields(), d6, "d6: the assault roll (only with a supplied grid)", resolve_assault);
  add("major-battle", "Optional Major Battle (steps O3-O4)",
      "the whole optional Major Battle combat: Tables 1-3, every step O3 modifier, the CRT",
      major_battle_fields(), d6,
      "d6: attacker's Table 1 roll; d6: defender's Table 1 roll; d6: combat roll; one more d6 "
      "per reroll cell",
      resolve_major_battle, major_battle_odds);
  add("mb-initiative", "Major Battle Table 1: Initiative",
      "one Capitano Generale's Table 1 result (step O3 a)", mb_initiative_fields(), d6,
      "d6: the Table 1 roll", resolve_mb_initiative);
  add("mb-ratio", "Major Battle Table 2: Combat ratio", "the combat ratio modifier (step O3 c)",
      mb_ratio_fields(), none, "", resolve_mb_ratio);
  add("mb-cavalry", "Major Battle Table 3: Cavalry superiority",
      "the cavalry superiority modifier (step O3 d)", mb_cavalry_fields(), none, "",
      resolve_mb_cavalry);
  add("mb-crt", "Major Battle Combat Results Table",
      "the combat roll of step O4 for a given modifier, with reroll cells", mb_crt_fields(), d6,
      "d6: combat roll; one more d6 per reroll cell", resolve_mb_crt, mb_crt_odds);
  add("admin-points", "Administrative Points Table",
      "the modifier to a Capitano Generale's Administrative Points", admin_points_fields(),
      core::Dice::two_d6(), "2d6: the AP roll (the total, or both dice)", resolve_admin_points);
  add("orders", "Orders Table", "the AP cost of an order and what it allows", orders_fields(), none,
      "", resolve_orders);
  add("attrition", "Attrition Table",
      "attrition after a Second Activation or in the Attrition Segment (Barren, Unhealthy Land)",
      attrition_fields(), d6, "d6: the attrition roll", resolve_attrition);
  add("tactical-options", "Tactical Options Chart", "when a Major Battle chit can be played",
      tactical_options_fields(), none, "", resolve_tactical_options);
  add("unit-types", "Unit Type Effects Summary", "the effects of each unit type",
      unit_types_fields(), none, "", resolve_unit_types);
  return p;
}

const Procedure* find_procedure(const std::vector<Procedure>& all, std::string_view name) {
  for (const auto& p : all)
    if (p.name == name) return &p;
  return nullptr;
}

std::string procedure_names(const std::vector<Procedure>& all) {
  std::vector<std::string> names;
  for (const auto& p : all) names.push_back(p.name);
  return fmt::format("{}", fmt::join(names, ", "));
}

core::Expected<Odds> compute_odds(const Procedure& p, const Context& ctx, const Situation& s) {
  if (p.odds != nullptr) return p.odds(ctx, s);
  Odds odds;
  std::vector<int> prefix;
  std::function<core::Status(core::Fraction)> walk = [&](core::Fraction w) -> core::Status {
    DiceTape tape(prefix);
    auto r = p.resolve(ctx, s, tape);
    if (!r) return r.error();
    if (!r->resolved) return core::Status::Ok();  // nothing to enumerate (e.g. no Assault grid)
    if (!r->pending) {
      add_to_odds(odds, r->outcome, w, r->confidence(), prefix);
      return core::Status::Ok();
    }
    if (prefix.size() >= 8)
      return core::make_error("The odds need more than 8 rolls in a row: this is a bug.");
    const core::Dice& dice = r->pending->dice;
    for (const auto& [value, weight] : dice.distribution()) {
      prefix.push_back(value);
      auto st = walk(w * core::Fraction(static_cast<std::int64_t>(weight),
                                        static_cast<std::int64_t>(dice.total_weight())));
      prefix.pop_back();
      if (!st) return st;
    }
    return core::Status::Ok();
  };
  if (auto st = walk(core::Fraction(1)); !st) return core::make_error(st.message());
  return odds;
}

}  // namespace carroccio::alsh
