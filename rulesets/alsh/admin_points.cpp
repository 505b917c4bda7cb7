// [Administrative Points Table] Two dice against the LOC distance from the active Supply
// Source to the Capitano Generale: the modifier to the nominal Administrative Points.
#include <algorithm>

#include "fmt/format.h"
#include "rulesets/alsh/resolvers.hpp"

namespace carroccio::alsh {

std::vector<Field> admin_points_fields() {
  return {
      int_field("distance",
                "LOC distance in hexes from the active Supply Source to the Capitano Generale "
                "(read against guessed headings; prefer --column)",
                0, 9999),
      int_field("column", "the distance column as printed on your chart, 1 (leftmost) to 6", 1, 6),
      enum_field("weather", "weather of the turn", weathers(), "fair"),
      int_field("nominal", "the nominal APs the Capitano Generale receives this turn", 0, 999),
  };
}

core::Expected<Resolution> resolve_admin_points(const Context& ctx, const Situation& s,
                                                DiceTape& tape) {
  const Grid& g = ctx.tables.grid("admin_points");
  const auto& shift = ctx.tables.file("admin_points")["weather_shift"];
  Resolution r;
  r.table = "admin-points";
  r.title = g.title;
  if (s.has("distance") == s.has("column"))
    return core::make_error(
        "Give the LOC distance in hexes with --distance, or the column as printed on your chart "
        "with --column (one of the two).");
  const bool given = s.has("column");
  int col =
      given ? given_column(g, s.get_int("column"), r) : read_column(g, s.get_int("distance"), r);
  r.steps.push_back(fmt::format("Read in {}", column_name(g, col, given)));
  // [Administrative Points Table, weather] Mud or Snow: one column to the right.
  const std::string weather = s.get_enum("weather");
  const bool shifted = std::find(shift["weathers"].begin(), shift["weathers"].end(), weather) !=
                       shift["weathers"].end();
  ModifierDef def{"weather_shift", 1, shift["label"].get<std::string>(), Confidence::kLegible, ""};
  Modifier& m = r.add(def, "Administrative Points Table, weather", shifted);
  m.kind = "column shift";
  if (shifted) {
    const int last = static_cast<int>(g.columns.size()) - 1;
    if (col == last) {
      m.value = 0;
      m.why = "already in the rightmost column";
      r.rest_on(Basis{"Ruling: the weather shift from the rightmost column",
                      *parse_confidence(shift["edge_c"].get<std::string>()),
                      shift["edge_note"].get<std::string>()});
      r.steps.push_back("Mud or Snow: already in the rightmost column, so no shift");
    } else {
      col = shift_column(g, col, shift["columns"].get<int>(), given, r);
      r.steps.push_back(
          fmt::format("Mud or Snow: one column right, to {}", column_name(g, col, given)));
    }
  }
  auto dice = tape.take(core::Dice::two_d6(), "Administrative Points roll", r);
  if (!dice) return r;
  const int row = read_row(g, *dice, r);
  const Cell& cell = read_cell(g, row, col, r);
  const int v = std::stoi(cell.value);
  r.steps.push_back(fmt::format("Dice {}: row '{}': modifier {}", *dice,
                                g.rows[static_cast<std::size_t>(row)].label, signed_int(v)));
  r.detail["modifier"] = v;
  if (!s.has("nominal")) {
    r.outcome = fmt::format("AP modifier {}", signed_int(v));
    r.effects.push_back(fmt::format(
        "The Capitano Generale receives his nominal APs {} (never fewer than 0)", signed_int(v)));
    return r;
  }
  // [Administrative Points Table] The APs received are never negative.
  const int nominal = s.get_int("nominal");
  const int got = std::max(0, nominal + v);
  r.detail["received"] = got;
  r.outcome = fmt::format("Receives {} AP", got);
  r.effects.push_back(fmt::format("The Capitano Generale receives {} {} = {} AP{}", nominal,
                                  v < 0 ? fmt::format("- {}", -v) : fmt::format("+ {}", v),
                                  nominal + v, nominal + v < 0 ? ", counted as 0" : ""));
  return r;
}

}  // namespace carroccio::alsh
