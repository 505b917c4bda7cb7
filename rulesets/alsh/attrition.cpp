// [Attrition Table] Force size (rows) against a modified d6 (columns): SP lost to attrition,
// checked after movement in the Activation Phase, and in the Attrition Segment only for a Force
// in Barren Land, Unhealthy Land, a Hostile region, an enemy ZOC, or Besieged (par. 8).
#include <algorithm>
#include <cmath>

#include "fmt/format.h"
#include "rulesets/alsh/resolvers.hpp"

namespace carroccio::alsh {

namespace {
std::vector<std::string> area_words() {
  std::vector<std::string> w = hex_terrains();
  for (const char* x : {"pillaged", "devastated", "town"}) w.push_back(x);
  return w;
}

bool has_word(const std::string& item, const nlohmann::json& words) {
  std::size_t start = 0;
  while (start <= item.size()) {
    std::size_t end = item.find('+', start);
    if (end == std::string::npos) end = item.size();
    const std::string w = item.substr(start, end - start);
    for (const auto& x : words)
      if (x == w) return true;
    start = end + 1;
  }
  return false;
}
}  // namespace

std::vector<Field> attrition_fields() {
  return {
      int_field("sp", "SP of the Force", 1, 999, nullptr, true),
      enum_field("phase", "when the check is made", {"activation", "attrition-segment"},
                 "attrition-segment"),
      bool_field("bonus-point", "the Primo Capitano has a Bonus Point"),
      enum_field("weather", "weather of the turn", weathers(), "fair"),
      number_field("second-activation-mp",
                   "Activation Phase: MP expended during a Second Activation", 0, 99, 0),
      bool_field("admin-march", "Activation Phase: the Force is in Administrative March"),
      list_field("area",
                 "the Force's hex then its six neighbours (7 words; join a terrain and a state "
                 "with +, e.g. clear+pillaged)",
                 area_words(), 7, 7),
      enum_field("hex", "terrain of the Force's hex (when --area is not given)", hex_terrains(),
                 "clear"),
      bool_field("hostile-region", "the Force is in a Hostile region (par. 14)"),
      bool_field("enemy-zoc", "the Force is in an enemy ZOC"),
      bool_field("besieged", "the Force has a Siege Status marker (any level)"),
      bool_field("no-loc", "the besieged Force has no LOC"),
      enum_field("quarters", "optional Quarters rule: where the Force is quartered",
                 {"none", "fortified-town", "earthworks", "fortified-city"}, "none"),
      bool_field("interphase", "optional Interphase Turn"),
  };
}

core::Expected<Resolution> resolve_attrition(const Context& ctx, const Situation& s,
                                             DiceTape& tape) {
  const Grid& g = ctx.tables.grid("attrition");
  const auto& data = ctx.tables.file("attrition");
  const auto& lim = data["limits"];
  Resolution r;
  r.table = "attrition";
  r.title = g.title;
  const std::string src = "Attrition Table, die-roll modifiers";
  const bool activation = s.get_enum("phase") == "activation";
  auto mod = [&](const char* id) -> const ModifierDef& {
    return ctx.tables.modifier("attrition", id);
  };

  // [Attrition Table, notes *, **] Barren Land: at least 4 of the Force's hex and its six
  // neighbours are Mountain, Heath, Swamp, Pillaged or Devastated. Unhealthy Land: the Force's
  // hex is Marsh or Swamp (a town there still counts).
  const std::vector<std::string> area = s.get_list("area");
  int barren_count = 0;
  for (const auto& item : area)
    if (has_word(item, data["barren_types"])) ++barren_count;
  const bool barren = barren_count >= lim["barren_min_hexes"].get<int>();
  const std::string own = area.empty() ? s.get_enum("hex") : area[0];
  const bool unhealthy = has_word(own, data["unhealthy_types"]);
  if (!area.empty())
    r.steps.push_back(fmt::format("{} of the 7 hexes are barren: {}Barren Land", barren_count,
                                  barren ? "" : "not "));
  r.steps.push_back(
      fmt::format("The Force's hex ({}) is {}Unhealthy Land", own, unhealthy ? "" : "not "));
  r.detail["barren_land"] = barren;
  r.detail["unhealthy_land"] = unhealthy;

  if (!activation) {
    // [Attrition Table, Attrition Segment note] Checked only in one of the listed conditions.
    std::vector<std::string> why;
    if (barren) why.push_back("Barren Land");
    if (unhealthy) why.push_back("Unhealthy Land");
    if (s.flag("hostile-region")) why.push_back("a Hostile region");
    if (s.flag("enemy-zoc")) why.push_back("an enemy ZOC");
    if (s.flag("besieged")) why.push_back("Besieged");
    if (why.empty()) {
      r.outcome = "No attrition check in the Attrition Segment";
      r.effects.push_back(
          "No check: the Force is in none of Barren Land, Unhealthy Land, a Hostile region, an "
          "enemy ZOC, or Besieged");
      r.detail["check"] = false;
      r.rest_on(Basis{"Attrition Table, Attrition Segment conditions", Confidence::kLegible, ""});
      return r;
    }
    r.steps.push_back(fmt::format("Attrition Segment check: {}", fmt::join(why, ", ")));
  }
  r.detail["check"] = true;

  // [Attrition Table, DRM, always] -1 Bonus Point of the Primo Capitano; +1 in Rain, Mud, Heat,
  // Snow or Frost.
  r.add(mod("bonus_point"), src, s.flag("bonus-point"));
  r.add(mod("weather"), src, s.get_enum("weather") != "fair");
  // [Attrition Table, DRM, Activation Phase] +1 per full MP of a Second Activation (per 2 full
  // MP in Administrative March), at most +4.
  const double mp = s.get_number("second-activation-mp");
  if (mp > 0 && activation) {
    const int full = static_cast<int>(std::floor(mp + 1e-9));
    const int per = s.flag("admin-march") ? lim["admin_march_mp_per_point"].get<int>() : 1;
    const int v = std::min(full / per, lim["second_activation_max"].get<int>());
    r.add_value(
        mod("second_activation"), src, v,
        fmt::format("{} full MP{}{}", full, per > 1 ? " in Administrative March (1 per 2)" : "",
                    full / per > v ? ", limited to +4" : ""));
  } else {
    r.add(mod("second_activation"), src, false, mp > 0 ? "Activation Phase only" : "");
  }
  // [Attrition Table, DRM, Attrition Segment] Besieged: +2 without a LOC, +0 with one.
  const bool seg = !activation;
  if (s.flag("besieged")) {
    r.add(mod("besieged_no_loc"), src, seg && s.flag("no-loc"),
          !seg               ? "Attrition Segment only"
          : s.flag("no-loc") ? ""
                             : "+0: the Force has a LOC");
  } else {
    r.add(mod("besieged_no_loc"), src, false);
  }
  // [Attrition Table, DRM, Attrition Segment, optional Quarters] Fortified Town or Earthworks
  // -1; Fortified City -2.
  const std::string q = s.get_enum("quarters");
  const bool town = q == "fortified-town" || q == "earthworks";
  r.add(mod("quarters_town_earthworks"), src, seg && town,
        town && !seg ? "Attrition Segment only" : "");
  r.add(mod("quarters_city"), src, seg && q == "fortified-city",
        q == "fortified-city" && !seg ? "Attrition Segment only" : "");
  // [Attrition Table, DRM, Attrition Segment, optional] Interphase Turn +1.
  r.add(mod("interphase"), src, seg && s.flag("interphase"),
        s.flag("interphase") && !seg ? "Attrition Segment only" : "");
  const int drm = r.total_modifier();

  const int row = read_row(g, s.get_int("sp"), r);
  r.steps.push_back(fmt::format("Row '{}' SP", g.rows[static_cast<std::size_t>(row)].label));
  auto die = tape.take(core::Dice::d6(), "attrition roll", r);
  if (!die) return r;
  const int modified = *die + drm;
  const int col = read_column(g, modified, r);
  r.steps.push_back(fmt::format("Modified roll {} {} = {}: column '{}'", *die,
                                drm < 0 ? fmt::format("- {}", -drm) : fmt::format("+ {}", drm),
                                modified, g.columns[static_cast<std::size_t>(col)].label));
  const int loss = std::stoi(read_cell(g, row, col, r).value);
  r.detail["sp_loss"] = loss;
  r.outcome = loss == 0 ? "No attrition loss" : fmt::format("Loses {} SP to attrition", loss);
  r.effects.push_back(r.outcome);
  return r;
}

}  // namespace carroccio::alsh
