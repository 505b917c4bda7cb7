// [Discipline Table] Discipline Checks and Recovery Checks: a modified d6 against the affected
// unit's grade (Troop Quality in the Combat Phase, Reliability Class in the Command or
// Activation Phase), with the effects by the unit's strength.
#include "fmt/format.h"
#include "rulesets/alsh/resolvers.hpp"

namespace carroccio::alsh {

std::vector<Field> discipline_fields(bool with_check) {
  std::vector<Field> f;
  if (with_check)
    f.push_back(enum_field("check", "Discipline Check or Recovery Check (par. 9.2)",
                           {"discipline", "recovery"}, "discipline"));
  f.push_back(enum_field("phase",
                         "phase of the check (default: combat for a Discipline Check, command "
                         "for a Recovery Check)",
                         {"combat", "command", "activation"}));
  f.push_back(int_field(
      "column", "the column as printed on your chart, 1 (leftmost, worst grade) to 4", 1, 4));
  f.push_back(int_field("quality",
                        "Combat Phase: the unit's Troop Quality (read against guessed headings; "
                        "prefer --column)",
                        0, 3));
  f.push_back(int_field("sp", "the affected unit's SP", 1, 999));
  f.push_back(bool_field("demoralised", "the unit is already Demoralised"));
  f.push_back(bool_field("bonus-star", "the Primo Capitano has a Bonus Star"));
  f.push_back(bool_field("forced-order", "the check comes from a Forced Order (par. 5.3.1)"));
  f.push_back(bool_field("extra-wages", "Recovery Check: Extra Wages paid with 2 AP (par. 9.2)"));
  f.push_back(bool_field("mp-expended", "Recovery Check: the unit expended any MP (par. 9.2)"));
  f.push_back(bool_field("pillage-rule", "optional rule 18.7 (flight to pillage) is in use"));
  return f;
}

namespace {

core::Expected<Resolution> resolve_check(const Context& ctx, const Situation& s, DiceTape& tape,
                                         bool recovery) {
  const Grid& g = ctx.tables.grid("discipline");
  Resolution r;
  r.table = recovery ? "recovery" : "discipline";
  r.title = recovery ? "Discipline Table (Recovery Check)" : "Discipline Table (Discipline Check)";
  const std::string src = "Discipline Table, die-roll modifiers";
  const std::string phase = s.has("phase") ? s.get_enum("phase") : recovery ? "command" : "combat";
  const bool combat_phase = phase == "combat";

  // [Discipline Table, how to use] Combat Phase: the Troop Quality columns; Command or
  // Activation Phase: the Reliability Class columns.
  int col = 0;
  if (s.has("column") && s.has("quality"))
    return core::make_error("Give --column or --quality, not both.");
  if (s.has("column")) {
    col = given_column(g, s.get_int("column"), r);
  } else if (s.has("quality")) {
    if (!combat_phase)
      return core::make_error(
          "Outside the Combat Phase the Discipline Table is read by Reliability Class, whose "
          "headings are lost from the chart text: give --column as printed on your chart.");
    const int q = s.get_int("quality");
    const auto& cols = ctx.tables.file("discipline")["columns"];
    col = q;  // Quality 0..3 -> columns 1..4 (our placeholder).
    r.rest_on(Basis{fmt::format("{}, Troop Quality {} read as column {}", g.title, q, col + 1),
                    Confidence::kGuessed, cols["quality_note"].get<std::string>()});
  } else {
    return core::make_error(
        combat_phase
            ? "Give the unit's grade: --column as printed on your chart (1 = leftmost, the worst "
              "grade), or --quality for its Troop Quality."
            : "Give the unit's Reliability Class as --column, the column printed on your chart "
              "(1 = leftmost, the worst grade).");
  }
  r.steps.push_back(fmt::format("{} Phase: column {} ({})",
                                phase == "combat"    ? "Combat"
                                : phase == "command" ? "Command"
                                                     : "Activation",
                                col + 1, combat_phase ? "Troop Quality" : "Reliability Class"));

  auto mod = [&](const char* id) -> const ModifierDef& {
    return ctx.tables.modifier("discipline", id);
  };
  // [Discipline Table, DRM] -1 when the Primo Capitano has a Bonus Star.
  r.add(mod("bonus_star"), src, s.flag("bonus-star"));
  // [Discipline Table, DRM] +1 for a Forced Order (par. 5.3.1).
  r.add(mod("forced_order"), src, s.flag("forced-order"));
  // [Discipline Table, DRM] Recovery Check only: -1 Extra Wages (2 AP); +1 any MP expended.
  r.add(mod("extra_wages"), src, recovery && s.flag("extra-wages"),
        !recovery && s.flag("extra-wages") ? "Recovery Check only" : "");
  r.add(mod("mp_expended"), src, recovery && s.flag("mp-expended"),
        !recovery && s.flag("mp-expended") ? "Recovery Check only" : "");
  const int drm = r.total_modifier();

  auto die = tape.take(core::Dice::d6(), recovery ? "recovery check" : "discipline check", r);
  if (!die) return r;
  const int modified = *die + drm;
  const int row = read_row(g, modified, r);
  r.steps.push_back(fmt::format("Modified roll {} {} = {}: row '{}'", *die,
                                drm < 0 ? fmt::format("- {}", -drm) : fmt::format("+ {}", drm),
                                modified, g.rows[static_cast<std::size_t>(row)].label));
  const Cell& cell = read_cell(g, row, col, r);
  const std::string& v = cell.value;
  r.detail["cell"] = v;

  if (recovery) {
    // [Discipline Table, Recovery Check key] P: recovered; F, FF, D: nothing; D*: eliminated.
    if (v == "P") {
      r.outcome = "Recovered";
      r.effects.push_back("P: the unit recovers and is no longer Demoralised");
    } else if (v == "D*") {
      r.outcome = "Eliminated";
      r.effects.push_back("D*: the Demoralised unit is eliminated");
    } else {
      r.outcome = "Nothing happens";
      r.effects.push_back(fmt::format("{}: nothing happens; the unit stays Demoralised", v));
    }
    r.detail["recovered"] = v == "P";
    r.detail["eliminated"] = v == "D*";
    return r;
  }

  // [Discipline Table, Discipline Check key]
  const bool has_sp = s.has("sp");
  const int sp = has_sp ? s.get_int("sp") : 0;
  const bool already = s.flag("demoralised");
  std::string result = v;  // F or FF may turn into D for a small unit
  if (v == "P") {
    r.outcome = "Passed";
    r.effects.push_back("P: passed, nothing happens");
    return r;
  }
  if (v == "F" || v == "FF") {
    // F: a unit of more than 2 SP loses 1 SP, else as D. FF: more than 3 SP loses 2 SP, else D.
    const int threshold = v == "F" ? 2 : 3;
    const int loss = v == "F" ? 1 : 2;
    if (!has_sp) {
      r.outcome =
          fmt::format("{}: loses {} SP if above {} SP, otherwise Demoralised", v, loss, threshold);
      r.effects.push_back(fmt::format(
          "{}: failed; a unit of more than {} SP loses {} SP, a smaller one is treated as D "
          "(give --sp to decide)",
          v, threshold, loss));
      return r;
    }
    if (sp > threshold) {
      r.outcome = fmt::format("Failed: loses {} SP", loss);
      r.effects.push_back(
          fmt::format("{}: failed; the unit has {} SP (more than {}), so it loses {} SP", v, sp,
                      threshold, loss));
      r.detail["sp_loss"] = loss;
      return r;
    }
    r.effects.push_back(
        fmt::format("{}: failed; the unit has only {} SP (not more than {}), so it is treated as D",
                    v, sp, threshold));
    result = "D";
  }
  // D and D*: Demoralised; an already Demoralised unit is eliminated in the Command Phase and
  // unaffected in the Combat Phase.
  if (!already) {
    r.outcome = "Demoralised";
    r.effects.push_back("D: the unit is Demoralised");
    r.detail["demoralised"] = true;
  } else if (phase == "combat") {
    r.outcome = "No further effect (already Demoralised)";
    r.effects.push_back("D: the unit is already Demoralised; in the Combat Phase nothing more");
  } else {
    r.outcome = "Eliminated (already Demoralised)";
    r.effects.push_back(
        "D: the unit is already Demoralised; outside the Combat Phase it is eliminated");
    r.detail["eliminated"] = true;
    if (phase == "activation")
      r.rest_on(Basis{"Ruling: a Demoralised unit failing again in the Activation Phase",
                      Confidence::kGuessed,
                      "The key names only the Command and Combat Phases; we treat the Activation "
                      "Phase like the Command Phase, since both read Reliability Class."});
  }
  if (v == "D*") {
    // D*: with optional rule 18.7 the whole Force flies to pillage the nearest eligible hex.
    if (s.flag("pillage-rule")) {
      r.outcome += "; the whole Force flies to pillage";
      r.effects.push_back(
          "D* with optional rule 18.7: the entire Force flies to pillage the nearest eligible "
          "hex");
      r.detail["force_flies_to_pillage"] = true;
    } else {
      r.effects.push_back("D*: with optional rule 18.7 the whole Force would also fly to pillage");
    }
  }
  return r;
}

}  // namespace

core::Expected<Resolution> resolve_discipline(const Context& ctx, const Situation& s,
                                              DiceTape& tape) {
  return resolve_check(ctx, s, tape, s.get_enum("check") == "recovery");
}

core::Expected<Resolution> resolve_recovery(const Context& ctx, const Situation& s,
                                            DiceTape& tape) {
  return resolve_check(ctx, s, tape, true);
}

}  // namespace carroccio::alsh
