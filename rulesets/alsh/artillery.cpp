// [Artillery Fire Table] Artillery SP (columns) against a modified d6 (rows), with column shifts
// for the Siege Status and breaches in Siege Combat.
#include <algorithm>
#include <cctype>

#include "fmt/format.h"
#include "rulesets/alsh/resolvers.hpp"

namespace carroccio::alsh {

std::vector<Field> artillery_fields() {
  return {
      int_field("sp", "firing artillery SP (read against guessed headings; prefer --column)", 1,
                999),
      int_field("column", "the column as printed on your chart, 1 (leftmost) to 6", 1, 6),
      enum_field("combat", "kind of combat", combats(), "skirmish"),
      enum_field("weather", "weather of the turn", weathers(), "fair"),
      enum_field("hex", "terrain of the hex fired into (Major Battle: the battle hex)",
                 hex_terrains(), "clear"),
      enum_field("settlement", "town or fortress the target defends inside", settlements(), "none"),
      enum_field("hexside", "hexside fired across", hexsides(), "none"),
      bool_field("earthworks",
                 "the target is behind Earthworks (Major Battle: it played an Earthworks chit)"),
      bool_field("river-chit", "Major Battle: the target Corps is behind a River chit"),
      bool_field("siege-capitano",
                 "Siege: a Capitano of the firing Force has the Siege special feature"),
      int_field("siege-status", "Siege: the current Siege Status level", 0, 2, 0),
      bool_field("siege-artillery", "Siege: the besieging Force has Siege Artillery"),
      bool_field("besieged-no-artillery", "Siege: the besieged Force has no artillery SP"),
      bool_field("swiss-absorbs", "a Swiss or Landsknecht unit absorbs part of an SP loss"),
  };
}

core::Expected<Resolution> resolve_artillery(const Context& ctx, const Situation& s,
                                             DiceTape& tape) {
  const Grid& g = ctx.tables.grid("artillery");
  Resolution r;
  r.table = "artillery";
  r.title = g.title;
  const std::string src = "Artillery Fire Table, die-roll modifiers";
  const std::string combat = s.get_enum("combat");
  const bool siege = combat == "siege";
  const bool mb = combat == "major-battle";
  const std::string weather = s.get_enum("weather");
  const std::string hex = s.get_enum("hex");
  if (s.has("sp") == s.has("column"))
    return core::make_error(
        "Give the firing artillery's SP with --sp, or the column as printed on your chart with "
        "--column (one of the two).");
  const TerrainReading tr = read_terrain(ctx.tables, hex, s.get_enum("settlement"), true,
                                         s.flag("earthworks"), s.get_enum("hexside"));
  if (tr.no_combat)
    return core::make_error(fmt::format("Artillery cannot fire here: {}.", tr.no_combat_reason));
  if (mb && tr.major_battle_forbidden)
    return core::make_error(fmt::format(
        "No Major Battle can be fought in a {} hex (Terrain Effects Chart): fight a Skirmish.",
        tr.hex_label));
  if (mb && tr.mb_no_combat)
    return core::make_error(
        fmt::format("No Major Battle combat is allowed across a {} (Terrain Effects Chart).",
                    tr.hexside_label));

  // Column: the firing SP, or the column the person reads on their own chart.
  const bool given = s.has("column");
  int col = given ? given_column(g, s.get_int("column"), r) : read_column(g, s.get_int("sp"), r);
  r.steps.push_back(fmt::format("Read in {}", column_name(g, col, given)));
  // [Artillery Fire Table, column shift] One column right per Siege Status level; the rightmost
  // column is the limit.
  const int status = s.get_int("siege-status");
  const ModifierDef& shift = ctx.tables.modifier("artillery", "siege_status_shift");
  if (status > 0) {
    if (!siege) {
      Modifier& m = r.add(shift, "Artillery Fire Table, column shift", false,
                          "the Siege Status counts only in Siege Combat");
      m.kind = "column shift";
      m.value = status;
    } else {
      const int to = shift_column(g, col, status * shift.value, given, r);
      Modifier& m = r.add(shift, "Artillery Fire Table, column shift", true,
                          fmt::format("Siege Status {}", status));
      m.kind = "column shift";
      m.value = to - col;
      r.steps.push_back(fmt::format(
          "Siege Status {}: shifted {} column(s) right, to {}{}", status, to - col,
          column_name(g, to, given),
          to - col < status * shift.value ? " (the rightmost column is the limit)" : ""));
      col = to;
    }
  }

  // Die-roll modifiers, all cumulative.
  auto mod = [&](const char* id) -> const ModifierDef& {
    return ctx.tables.modifier("artillery", id);
  };
  // [Artillery Fire Table, DRM] -2 in Rain; -1 in Mud or Snow.
  r.add(mod("rain"), src, weather == "rain");
  r.add(mod("mud_snow"), src, weather == "mud" || weather == "snow");
  // [Artillery Fire Table, DRM] -1 across a Secondary River hexside (the Terrain Effects Chart
  // treats both bridges alike); in a Major Battle, against a Corps behind a River chit.
  const auto& side = [&]() -> const nlohmann::json& {
    for (const auto& x : ctx.tables.file("terrain")["hexsides"])
      if (x["id"] == s.get_enum("hexside")) return x;
    return ctx.tables.file("terrain")["hexsides"][0];
  }();
  const bool across_river = side.contains("artillery_over");
  const bool river_chit = mb && s.flag("river-chit");
  r.add(mod("river"), src, across_river || river_chit,
        s.flag("river-chit") && !mb && !across_river ? "River chits exist only in a Major Battle"
                                                     : "");
  // [Artillery Fire Table, DRM] -1 through Earthworks (Major Battle: an Earthworks chit).
  r.add(mod("earthworks"), src, s.flag("earthworks"));
  // [Artillery Fire Table, DRM] Major Battle only: -1 firing in Heath or Hill.
  const bool heath_hill = hex == "heath" || hex == "hill";
  r.add(mod("heath_hill"), src, mb && heath_hill, heath_hill && !mb ? "Major Battle only" : "");
  // [Artillery Fire Table, DRM] Sieges only: +1 for a Capitano with the Siege feature.
  r.add(mod("siege_capitano"), src, siege && s.flag("siege-capitano"),
        s.flag("siege-capitano") && !siege ? "Sieges only" : "");
  // [Artillery Fire Table, DRM] -1 firing at a Fortified City.
  r.add(mod("fortified_city"), src, s.get_enum("settlement") == "fortified-city");
  const int drm = r.total_modifier();

  auto die = tape.take(core::Dice::d6(), "artillery fire roll", r);
  if (!die) return r;
  const int modified = *die + drm;
  const int row = read_row(g, modified, r);
  r.steps.push_back(fmt::format("Modified roll {} {} = {}: row '{}'", *die,
                                drm < 0 ? fmt::format("- {}", -drm) : fmt::format("+ {}", drm),
                                modified, g.rows[static_cast<std::size_t>(row)].label));
  const Cell& cell = read_cell(g, row, col, r);

  // Results.
  int sp_loss = 0;
  bool dc = false;
  bool misfire = false;
  bool capitani = false;
  std::string breach;  // "", "b", "(b)"
  for (const std::string& sym : symbols(cell.value)) {
    if (sym == "-") continue;
    if (sym == "*") misfire = true;
    if (sym == "DC") dc = true;
    if (sym == "N") capitani = true;
    if (sym == "b" || sym == "(b)") breach = sym;
    if (std::isdigit(static_cast<unsigned char>(sym[0]))) {
      sp_loss = std::stoi(sym);
      dc = true;  // [Artillery Fire Table, key #] SP lost, then a Discipline Check.
    }
  }
  // [Artillery Fire Table, key DC] The whole Force in a Siege, the Corps in a Major Battle, the
  // target units otherwise; `verb_s` makes the verb agree with them.
  const std::string target = siege ? "The whole target Force"
                             : mb  ? "The target Corps"
                                   : "The target units";
  const char* verb_s = siege || mb ? "s" : "";
  std::vector<std::string> short_parts;
  if (sp_loss > 0) {
    // [Artillery Fire Table, key #] A Swiss or Landsknecht unit absorbing any of the loss
    // loses one SP more.
    const int total = sp_loss + (s.flag("swiss-absorbs") ? 1 : 0);
    r.effects.push_back(
        fmt::format("{} lose{} {} SP in all (not per unit){}", target, verb_s, total,
                    s.flag("swiss-absorbs") ? fmt::format(": {} plus 1 because a Swiss or "
                                                          "Landsknecht unit absorbs part of it",
                                                          sp_loss)
                                            : ""));
    short_parts.push_back(fmt::format("target loses {} SP", total));
    r.detail["sp_loss"] = total;
  }
  if (dc) {
    r.effects.push_back(
        fmt::format("{} make{} a Discipline Check (Discipline Table)", target, verb_s));
    short_parts.push_back("Discipline Check");
  }
  r.detail["discipline_check"] = dc;
  if (misfire) {
    r.effects.push_back("The firing artillery loses 1 SP");
    short_parts.push_back("firing artillery loses 1 SP");
  }
  r.detail["firing_artillery_loses_sp"] = misfire ? 1 : 0;
  bool breached = false;
  if (!breach.empty()) {
    if (!siege) {
      r.effects.push_back(fmt::format("The breach mark {} counts only in Siege Combat", breach));
    } else if (breach == "b") {
      breached = true;
    } else if (s.flag("siege-artillery") || s.flag("besieged-no-artillery")) {
      // [Artillery Fire Table, key (b)] A breach when the besieger has Siege Artillery or the
      // besieged has no artillery SP; otherwise nothing.
      breached = true;
    } else {
      r.effects.push_back(
          "(b): no breach, since the besieger has no Siege Artillery and the besieged has "
          "artillery SP");
    }
  }
  if (breached) {
    // [Artillery Fire Table, key] A breach raises the Siege Status by 1, to 2 at most.
    const int after = std::min(status + 1, 2);
    r.effects.push_back(fmt::format("Breach: the Siege Status rises from {} to {}{}", status, after,
                                    status >= 2 ? " (2 is the maximum)" : ""));
    short_parts.push_back(fmt::format("breach (Siege Status {})", after));
    r.detail["siege_status_after"] = after;
  }
  r.detail["breach"] = breached;
  if (capitani) {
    if (mb) {
      r.effects.push_back("The target Capitani each make an Elimination Check");
      short_parts.push_back("target Capitani Elimination Check");
    } else {
      r.effects.push_back("The Capitani mark counts only in a Major Battle");
    }
  }
  r.detail["capitani_check"] = capitani && mb;
  r.detail["cell"] = cell.value;
  if (short_parts.empty()) {
    r.outcome = "No effect";
    r.effects.insert(r.effects.begin(), "No effect on the target");
  } else {
    std::string o = fmt::format("{}", fmt::join(short_parts, "; "));
    o[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(o[0])));
    r.outcome = o;
  }
  return r;
}

}  // namespace carroccio::alsh
