// [Assault Table] Skirmish, Siege and Major Battle engagements: Force Quality differential on
// the Affecting or Not Affecting line, a modified d6, and the result. The grid itself is lost
// from the chart text: it comes only from a file the user supplies.
#include <algorithm>

#include "fmt/format.h"
#include "rulesets/alsh/resolvers.hpp"

namespace carroccio::alsh {

std::vector<Field> assault_fields() {
  return {
      enum_field("combat", "kind of combat", combats(), "skirmish"),
      int_field("attacker-quality", "the attacking Force's Quality (std. par. 12.1)", 0, 9, nullptr,
                true),
      int_field("defender-quality", "the defending Force's Quality (std. par. 12.1)", 0, 9, nullptr,
                true),
      int_field("attacker-sp", "SP of the attacking Force", 1, 999, nullptr, true),
      int_field("defender-sp", "SP of the defending Force", 1, 999, nullptr, true),
      int_field("attacker-heavy-cavalry-sp", "of which Heavy Cavalry (Gendarmes)", 0, 999, 0),
      int_field("defender-heavy-cavalry-sp", "of which Heavy Cavalry (Gendarmes)", 0, 999, 0),
      int_field("defender-firearms-sp", "Skirmish or Siege: SP of defending infantry with Firearms",
                0, 999, 0),
      bool_field("firearms-chit", "Major Battle: the defender played the Firearms chit"),
      enum_field("hex", "terrain of the defender's hex", hex_terrains(), "clear"),
      enum_field("settlement", "town or fortress in the defender's hex", settlements(), "none"),
      bool_field("defender-outside", "the defender is in the town or fortress hex but not inside"),
      bool_field("earthworks",
                 "the defender is in Earthworks (Major Battle: played the Earthworks chit)"),
      enum_field("hexside", "hexside the attack crosses", hexsides(), "none"),
      enum_field("weather", "weather of the turn", weathers(), "fair"),
      bool_field("attacker-disrupted", "the attacking Force is Disrupted"),
      bool_field("defender-disrupted", "the defending Force is Disrupted"),
      bool_field("admin-march", "the defending Force is attacked in Administrative March"),
      bool_field("attacker-swiss", "Swiss or Landsknecht infantry in the attacking Force"),
      bool_field("defender-swiss", "Swiss or Landsknecht infantry in the defending Force"),
      bool_field("in-breach", "Siege: an In-breach attack"),
      bool_field("attacker-bonus", "the attacking Capitano has a Bonus Point"),
      bool_field("defender-bonus", "the defending Capitano has a Bonus Point"),
  };
}

namespace {

// Half-SP arithmetic: values are twice the SP so that x0.5 stays exact.
std::string half_sp(int twice) {
  return twice % 2 == 0 ? fmt::format("{}", twice / 2) : fmt::format("{}.5", twice / 2);
}

std::string side_text(const AssaultSideResult& x) {
  if (x.sp == 0 && !x.demoralised) return "nothing";
  if (x.sp == 0) return "one unit Demoralised";
  return x.demoralised ? fmt::format("{} SP and one unit Demoralised", x.sp)
                       : fmt::format("{} SP", x.sp);
}

}  // namespace

core::Expected<Resolution> resolve_assault(const Context& ctx, const Situation& s, DiceTape& tape) {
  const auto& data = ctx.tables.file("assault");
  Resolution r;
  r.table = "assault";
  r.title = data["title"].get<std::string>();
  const std::string src = "Assault Table, die-roll modifiers";
  const std::string combat = s.get_enum("combat");
  const bool siege = combat == "siege";
  const bool mb = combat == "major-battle";
  const std::string weather = s.get_enum("weather");
  const bool rain = weather == "rain";
  const int att_sp = s.get_int("attacker-sp");
  const int def_sp = s.get_int("defender-sp");
  const int att_hc = s.get_int("attacker-heavy-cavalry-sp");
  const int def_hc = s.get_int("defender-heavy-cavalry-sp");
  if (att_hc > att_sp || def_hc > def_sp)
    return core::make_error("The Heavy Cavalry SP of a Force cannot exceed its SP.");
  if (s.get_int("defender-firearms-sp") > def_sp)
    return core::make_error("The defender's Firearms SP cannot exceed its SP.");
  if (s.flag("in-breach") && !siege)
    return core::make_error("An In-breach attack happens only in a Siege (--combat siege).");
  const TerrainReading tr =
      read_terrain(ctx.tables, s.get_enum("hex"), s.get_enum("settlement"),
                   !s.flag("defender-outside"), s.flag("earthworks"), s.get_enum("hexside"));
  if (tr.no_combat) return core::make_error(fmt::format("No attack: {}.", tr.no_combat_reason));
  // [TEC, note g] No In-breach or Sortie attack across a Ferry.
  if (s.flag("in-breach") && tr.no_breach_or_sortie)
    return core::make_error("No In-breach attack can cross a Ferry (Terrain Effects Chart, g).");

  // Step 1. [Assault Table, how to use] Force Quality reductions.
  auto qred = [&](const char* id) -> const nlohmann::json& {
    for (const auto& q : data["quality_reductions"])
      if (q["id"] == id) return q;
    throw std::logic_error("alsh assault: no quality reduction");
  };
  auto add_quality = [&](const char* id, const std::string& side, bool applied, std::string why) {
    const auto& q = qred(id);
    ModifierDef d{id, q["value"].get<int>(), q["label"].get<std::string>(), Confidence::kLegible,
                  ""};
    Modifier& m = r.add(d, "Assault Table, how to use", applied, std::move(why));
    m.kind = "quality";
    m.label = fmt::format("{} ({} Quality)", m.label.substr(0, m.label.find(':')), side);
    return applied ? d.value : 0;
  };
  int qa = s.get_int("attacker-quality");
  int qd = s.get_int("defender-quality");
  // Firearms: the defender played Firearms (Major Battle), or at least half the defending SP are
  // infantry with Firearms (Skirmish, Siege). Never in Rain.
  bool firearms = false;
  std::string firearms_why;
  if (mb) {
    firearms = s.flag("firearms-chit");
  } else {
    const int fa = s.get_int("defender-firearms-sp");
    const auto& share = data["firearms_share"];
    firearms = fa * share["den"].get<int>() >= def_sp * share["num"].get<int>() && fa > 0;
    if (fa > 0 && fa * 2 == def_sp)
      r.rest_on(Basis{"Assault Table: Firearms share exactly one half",
                      *parse_confidence(share["c"].get<std::string>()),
                      share["note"].get<std::string>()});
    if (fa > 0) firearms_why = fmt::format("{} of {} defending SP have Firearms", fa, def_sp);
  }
  if (firearms && rain) {
    qa += add_quality("firearms", "attacker", false, "in Rain infantry never uses Firearms");
  } else {
    qa += add_quality("firearms", "attacker", firearms, firearms_why);
  }
  qa += add_quality("disruption", "attacker", s.flag("attacker-disrupted"), "");
  qd += add_quality("disruption", "defender", s.flag("defender-disrupted"), "");
  qd += add_quality("admin_march", "defender", s.flag("admin-march"), "");
  const int diff = qa - qd;
  r.steps.push_back(fmt::format("Force Quality: attacker {}, defender {}: differential {}", qa, qd,
                                signed_int(diff)));

  // Step 2. [Assault Table, how to use; TEC column a] Affecting terrain and SP multipliers.
  r.steps.push_back(tr.affecting ? fmt::format("Affecting ({}): the Affecting line",
                                               fmt::join(tr.affecting_reasons, "; "))
                                 : "Not Affecting: the Not Affecting line");
  int att2 = 2 * att_sp;
  int def2 = 2 * def_sp;
  if (tr.heavy_cavalry_half && (att_hc > 0 || def_hc > 0)) {
    // [TEC, Marsh and 'Same as Marsh'] Heavy Cavalry attacking into or defending in the hex
    // count x0.5.
    att2 -= att_hc;
    def2 -= def_hc;
    r.steps.push_back(fmt::format("Heavy Cavalry count half in a {} hex", tr.hex_label));
  }
  if (tr.double_up_to > 0) {
    // [TEC, Fortified Town, Fortified City, Earthworks] The defender's first SP count double.
    const int extra = std::min(def2, 2 * tr.double_up_to);
    def2 += extra;
    r.steps.push_back(fmt::format("Defender doubles up to {} SP ({}): +{}", tr.double_up_to,
                                  tr.double_reason, half_sp(extra)));
    if (tr.double_confidence != Confidence::kLegible)
      r.rest_on(Basis{
          fmt::format("Terrain Effects Chart: defender doubling up to {} SP", tr.double_up_to),
          tr.double_confidence, tr.double_note});
  }
  r.steps.push_back(fmt::format("SP after the Terrain Effects Chart: attacker {}, defender {}",
                                half_sp(att2), half_sp(def2)));
  r.detail["attacker_sp_modified"] = att2 / 2.0;
  r.detail["defender_sp_modified"] = def2 / 2.0;
  r.detail["quality_differential"] = diff;
  r.detail["affecting"] = tr.affecting;

  // Step 3. Die-roll modifiers, all cumulative.
  auto mod = [&](const char* id) -> const ModifierDef& {
    return ctx.tables.modifier("assault", id);
  };
  // [Assault Table, DRM, SP ratio] Larger over smaller: 2:1 -> 1, 4:1 or more -> 2; added when
  // the attacker is larger, subtracted when the defender is.
  {
    const int larger = std::max(att2, def2);
    const int smaller = std::min(att2, def2);
    int v = 0;
    std::string label = "below 2:1";
    for (const auto& band : data["sp_ratio"]) {
      if (static_cast<long long>(larger) * band["den"].get<int>() >=
          static_cast<long long>(smaller) * band["num"].get<int>()) {
        v = band["drm"].get<int>();
        label = band["label"].get<std::string>();
      }
    }
    const int sign = att2 > def2 ? 1 : -1;
    if (v == 0 || att2 == def2) {
      r.add(mod("sp_ratio"), src, false, fmt::format("ratio {}", label));
    } else {
      r.add_value(mod("sp_ratio"), src, sign * v,
                  fmt::format("{} is the larger Force, ratio {}",
                              sign > 0 ? "the attacker" : "the defender", label));
    }
  }
  // [Assault Table, DRM, Landsknecht and Swiss] The Earthworks/Fortress ('Storm') cases replace
  // the Not Affecting cases; In-breach applies besides.
  const bool storm = tr.fortress || s.flag("earthworks");
  const bool not_affecting = !tr.affecting;
  const bool as = s.flag("attacker-swiss");
  const bool ds = s.flag("defender-swiss");
  r.add(mod("swiss_attack_storm"), src, as && storm);
  r.add(mod("swiss_attack_not_affecting"), src, as && not_affecting && !storm,
        as && not_affecting && storm ? "replaced by the Earthworks/Fortress case" : "");
  r.add(mod("swiss_attack_in_breach"), src, as && s.flag("in-breach"));
  r.add(mod("swiss_defend_storm"), src, ds && storm);
  r.add(mod("swiss_defend_not_affecting"), src, ds && not_affecting && !storm,
        ds && not_affecting && storm ? "replaced by the Earthworks/Fortress case" : "");
  r.add(mod("swiss_defend_in_breach"), src, ds && s.flag("in-breach"));
  // [Assault Table, DRM, Leader Bonus] +1 attacking Capitano's Bonus Point, -1 defending.
  r.add(mod("leader_attacker"), src, s.flag("attacker-bonus"));
  r.add(mod("leader_defender"), src, s.flag("defender-bonus"));
  // [Assault Table, DRM, Weather] -1 in Mud, Rain or Snow.
  r.add(mod("weather"), src, weather == "mud" || weather == "rain" || weather == "snow");
  const int drm = r.total_modifier();
  r.detail["drm"] = drm;

  // Step 4. The grid: only from the user.
  if (ctx.assault_grid == nullptr) {
    r.resolved = false;
    r.unresolved_reason = data["grid_note"].get<std::string>();
    r.rest_on(Basis{"Assault Table grid", Confidence::kMissing,
                    "Lost from the chart text; no grid was supplied."});
    r.outcome = "Cannot resolve: the Assault Table grid is missing";
    r.effects.push_back(fmt::format(
        "Cannot resolve this assault: the Assault Table's columns and results are missing from "
        "the chart text. With your own chart, find the differential {} on the {} line and "
        "roll with {}, or supply the grid with --assault-table FILE.",
        signed_int(diff), tr.affecting ? "Affecting" : "Not Affecting", signed_int(drm)));
    return r;
  }
  const AssaultGrid& grid = *ctx.assault_grid;
  const auto& line = tr.affecting ? grid.affecting : grid.not_affecting;
  const int col = Grid::find(line, diff);
  if (col < 0)
    return core::make_error(
        fmt::format("{}: no column holds the differential {}.", grid.source_name, diff));
  r.steps.push_back(fmt::format("Column '{}' on the {} line of the grid from {}",
                                line[static_cast<std::size_t>(col)].label,
                                tr.affecting ? "Affecting" : "Not Affecting", grid.source_name));
  auto die = tape.take(core::Dice::d6(), "assault roll", r);
  if (!die) return r;
  const int modified = *die + drm;
  const int row = Grid::find(grid.rows, modified);
  if (row < 0)
    return core::make_error(
        fmt::format("{}: no row holds the modified roll {}.", grid.source_name, modified));
  r.steps.push_back(fmt::format("Modified roll {} {} = {}: row '{}'", *die,
                                drm < 0 ? fmt::format("- {}", -drm) : fmt::format("+ {}", drm),
                                modified, grid.rows[static_cast<std::size_t>(row)].label));
  const AssaultCell& cell =
      grid.cells[static_cast<std::size_t>(row)][static_cast<std::size_t>(col)];
  r.rest_on(Basis{
      fmt::format("Assault Table grid from {}{}, row '{}', column '{}': {} / {}", grid.source_name,
                  grid.source.empty() ? "" : fmt::format(" ({})", grid.source),
                  grid.rows[static_cast<std::size_t>(row)].label,
                  line[static_cast<std::size_t>(col)].label, cell.attacker.text,
                  cell.defender.text),
      cell.confidence, cell.note});
  // [Assault Table, results] Upper line: attacker; lower line: defender. # = SP lost by the
  // non-artillery units; D = one combat unit Demoralised (owner's choice); the marked loser
  // takes a Discipline Check.
  r.effects.push_back(fmt::format("Attacker: {}", side_text(cell.attacker)));
  r.effects.push_back(fmt::format("Defender: {}", side_text(cell.defender)));
  if (cell.attacker.sp > 0 || cell.defender.sp > 0)
    r.effects.push_back("SP losses fall on non-artillery units");
  if (cell.loser != "none")
    r.effects.push_back(fmt::format("The {} lost and must take a Discipline Check", cell.loser));
  r.detail["attacker"] = {{"sp_loss", cell.attacker.sp},
                          {"demoralised", cell.attacker.demoralised}};
  r.detail["defender"] = {{"sp_loss", cell.defender.sp},
                          {"demoralised", cell.defender.demoralised}};
  r.detail["loser"] = cell.loser;
  r.outcome = fmt::format(
      "Attacker {}, defender {}{}", side_text(cell.attacker), side_text(cell.defender),
      cell.loser == "none" ? "" : fmt::format("; {} lost (Discipline Check)", cell.loser));
  return r;
}

}  // namespace carroccio::alsh
