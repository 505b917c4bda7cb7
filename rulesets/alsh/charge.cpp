// [Cavalry Charge Table] Charging cavalry SP (columns) against a modified d6 (rows), in a Major
// Battle when a Cavalry Charge Tactical Option is played (par. 11.4.1).
#include <cctype>

#include "fmt/format.h"
#include "rulesets/alsh/resolvers.hpp"

namespace carroccio::alsh {

std::vector<Field> charge_fields() {
  return {
      int_field("sp", "charging cavalry SP", 1, 999),
      int_field("column", "the column as printed on your chart, 1 (leftmost) to 4", 1, 4),
      enum_field("hex", "terrain of the battle hex", hex_terrains(), "clear"),
      enum_field("weather", "weather of the turn", weathers(), "fair"),
      bool_field("earthworks-river", "the charged unit's side played an Earthworks/River chit"),
      bool_field("vs-swiss", "the charged unit is Swiss or Landsknecht"),
      bool_field("flank", "flank charge (par. 11.4.1)"),
      bool_field("heavy", "the charging cavalry is Heavy Cavalry (Gendarmes)"),
      int_field("quality", "Troop Quality of the charging Heavy Cavalry", 0, 9, 0),
      bool_field("firearms", "the opponent played Firearms against the charge"),
  };
}

core::Expected<Resolution> resolve_charge(const Context& ctx, const Situation& s, DiceTape& tape) {
  const Grid& g = ctx.tables.grid("charge");
  Resolution r;
  r.table = "charge";
  r.title = g.title;
  const std::string src = "Cavalry Charge Table, die-roll modifiers";
  const std::string hex = s.get_enum("hex");
  if (s.has("sp") == s.has("column"))
    return core::make_error(
        "Give the charging cavalry's SP with --sp, or the column as printed on your chart with "
        "--column (one of the two).");
  const TerrainReading tr = read_terrain(ctx.tables, hex, "none", true, false, "none");
  if (tr.no_combat)
    return core::make_error(fmt::format("No charge is possible: {}.", tr.no_combat_reason));
  // [TEC, column b] No Major Battle in Swamp, Wood or Mountain; no Cavalry Charge chit in Marsh.
  if (tr.major_battle_forbidden)
    return core::make_error(fmt::format(
        "No Major Battle can be fought in a {} hex (Terrain Effects Chart), so no charge: fight "
        "a Skirmish.",
        tr.hex_label));
  if (tr.charge_chit_forbidden)
    return core::make_error(
        fmt::format("The Cavalry Charge chit cannot be played in a {} hex (Terrain Effects Chart).",
                    tr.hex_label));

  const int col = s.has("column") ? given_column(g, s.get_int("column"), r)
                                  : read_column(g, s.get_int("sp"), r);
  r.steps.push_back(fmt::format("Column '{}'", g.columns[static_cast<std::size_t>(col)].label));

  auto mod = [&](const char* id) -> const ModifierDef& {
    return ctx.tables.modifier("charge", id);
  };
  const bool heavy = s.flag("heavy");
  // [Cavalry Charge Table, DRM] -1 charging in Heath or Hill.
  r.add(mod("heath_hill"), src, hex == "heath" || hex == "hill");
  // [Cavalry Charge Table, DRM] -1 if the charged unit played Earthworks/River.
  r.add(mod("earthworks_river"), src, s.flag("earthworks-river"));
  // [Cavalry Charge Table, DRM] -1 in Mud.
  r.add(mod("mud"), src, s.get_enum("weather") == "mud");
  // [Cavalry Charge Table, DRM] -1 charging a Swiss or Landsknecht unit.
  r.add(mod("swiss"), src, s.flag("vs-swiss"));
  // [Cavalry Charge Table, DRM] +1 flank charge.
  r.add(mod("flank"), src, s.flag("flank"));
  // [Cavalry Charge Table, DRM] Heavy Cavalry only: plus its Troop Quality.
  const int quality = s.get_int("quality");
  if (heavy) {
    r.add_value(mod("heavy_quality"), src, quality, fmt::format("Troop Quality {}", quality));
  } else {
    r.add(mod("heavy_quality"), src, false,
          quality > 0 ? "Heavy Cavalry only: the charging cavalry is not Heavy" : "");
  }
  // [Cavalry Charge Table, DRM] -1 if the opponent played Firearms against a Heavy Cavalry
  // charge.
  r.add(mod("firearms_vs_heavy"), src, heavy && s.flag("firearms"),
        s.flag("firearms") && !heavy ? "only against a Heavy Cavalry charge" : "");
  const int drm = r.total_modifier();

  auto die = tape.take(core::Dice::d6(), "cavalry charge roll", r);
  if (!die) return r;
  const int modified = *die + drm;
  const int row = read_row(g, modified, r);
  r.steps.push_back(fmt::format("Modified roll {} {} = {}: row '{}'", *die,
                                drm < 0 ? fmt::format("- {}", -drm) : fmt::format("+ {}", drm),
                                modified, g.rows[static_cast<std::size_t>(row)].label));
  const Cell& cell = read_cell(g, row, col, r);

  std::vector<std::string> short_parts;
  int attacker_loss = 0;
  bool demoralised = false;
  int charged_loss = 0;
  bool capitano = false;
  bool capitani = false;
  bool plunder = false;
  for (const std::string& sym : symbols(cell.value)) {
    if (sym[0] == 'A') attacker_loss = std::stoi(sym.substr(1));
    if (sym[0] == 'D') {
      demoralised = true;
      if (sym.size() > 1) charged_loss = std::stoi(sym.substr(1));
    }
    if (sym == "*") capitano = true;
    if (sym == "N") capitani = true;
    if (sym == "box") plunder = true;
  }
  if (attacker_loss > 0) {
    // [Cavalry Charge Table, key A#] The charging cavalry loses # SP, doubled against Firearms,
    // and makes a Discipline Check.
    const int loss = attacker_loss * (s.flag("firearms") ? 2 : 1);
    r.effects.push_back(
        fmt::format("The charging cavalry loses {} SP{} and makes a Discipline "
                    "Check",
                    loss, s.flag("firearms") ? " (doubled: the opponent played Firearms)" : ""));
    short_parts.push_back(fmt::format("charging cavalry loses {} SP and checks Discipline", loss));
    r.detail["attacker_sp_loss"] = loss;
  }
  if (demoralised) {
    // [Cavalry Charge Table, key D, D#] The charged unit (loses # SP and) is Demoralised; then
    // the charged Corps makes a Discipline Check.
    r.effects.push_back(
        charged_loss > 0
            ? fmt::format("The charged unit loses {} SP and is Demoralised", charged_loss)
            : "The charged unit is Demoralised");
    r.effects.push_back("Then the charged Corps makes a Discipline Check");
    short_parts.push_back(charged_loss > 0
                              ? fmt::format("charged unit loses {} SP, Demoralised; Corps checks "
                                            "Discipline",
                                            charged_loss)
                              : "charged unit Demoralised; Corps checks Discipline");
  }
  r.detail["charged_unit_demoralised"] = demoralised;
  r.detail["charged_unit_sp_loss"] = charged_loss;
  if (capitano) {
    r.effects.push_back("The charging Capitano makes an Elimination Check");
    short_parts.push_back("charging Capitano Elimination Check");
  }
  if (capitani) {
    r.effects.push_back("Every Capitano of the charged Corps makes an Elimination Check");
    short_parts.push_back("charged Corps' Capitani Elimination Checks");
  }
  if (plunder) {
    r.effects.push_back("The charging cavalry is Lost in Plundering (par. 11.4.1)");
    short_parts.push_back("charging cavalry Lost in Plundering");
  }
  r.detail["charging_capitano_check"] = capitano;
  r.detail["charged_capitani_check"] = capitani;
  r.detail["lost_in_plundering"] = plunder;
  r.detail["cell"] = cell.value;
  if (short_parts.empty()) {
    r.outcome = "No effect";
    r.effects.push_back("No effect");
  } else {
    std::string o = fmt::format("{}", fmt::join(short_parts, "; "));
    o[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(o[0])));
    r.outcome = o;
  }
  return r;
}

}  // namespace carroccio::alsh
