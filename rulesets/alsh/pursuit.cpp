// [Pursuit Table] Pursuit losses from the pursuing Force's undemoralised cavalry (C%) and
// infantry (I%), Capitani Elimination Checks, and how the pursued Force absorbs the losses
// (par. 11.4, Major Battle step 10-a).
#include <algorithm>

#include "fmt/format.h"
#include "rulesets/alsh/resolvers.hpp"

namespace carroccio::alsh {

int percent_of_rounded(int p, int n) {
  // Nearest integer, halves upwards: floor((p * n + 50) / 100) for non-negative values.
  return (p * n + 50) / 100;
}

Absorption absorb_pursuit_losses(int losses, int artillery_or_demoralised_sp, int undemoralised_sp,
                                 bool artillery_first) {
  // [Pursuit Table, absorbing losses] 1 artillery or Demoralised SP = 1 loss; 1 undemoralised
  // SP = 2 losses. An undemoralised SP lost for a last single loss counts whole (our ruling).
  Absorption a;
  int left = losses;
  auto use_cheap = [&]() {
    const int n = std::min(left, artillery_or_demoralised_sp);
    a.artillery_or_demoralised_sp += n;
    left -= n;
  };
  auto use_good = [&]() {
    const int n = std::min((left + 1) / 2, undemoralised_sp);
    a.undemoralised_sp += n;
    left = std::max(0, left - 2 * n);
  };
  if (artillery_first) {
    use_cheap();
    use_good();
  } else {
    // Spend undemoralised SP two losses at a time; a last odd loss goes to an artillery or
    // Demoralised SP when there is one.
    const int pairs = std::min(left / 2, undemoralised_sp);
    a.undemoralised_sp += pairs;
    left -= 2 * pairs;
    use_cheap();
    use_good();
  }
  a.unabsorbed = left;
  a.eliminated = left > 0 || (a.artillery_or_demoralised_sp == artillery_or_demoralised_sp &&
                              a.undemoralised_sp == undemoralised_sp && losses > 0);
  return a;
}

std::vector<Field> pursuit_fields() {
  return {
      int_field("cavalry-sp", "undemoralised cavalry SP of the pursuing Force", 0, 999, 0),
      int_field("infantry-sp",
                "undemoralised infantry SP of the pursuing Force (any kind, no artillery)", 0, 999,
                0),
      bool_field("bonus-star", "the pursuing Primo Capitano has a Bonus Star"),
      bool_field("stradiots", "the pursuing Force has undemoralised Stradiots"),
      int_field("zoc-mp",
                "full MP the Force spent leaving an enemy ZOC in the Activation Phase (par. 7.8.2)",
                0, 99, 0),
      int_field("pursued-artillery-demoralised-sp",
                "artillery and Demoralised SP of the pursued Force (to absorb losses)", 0, 999),
      int_field("pursued-undemoralised-sp",
                "undemoralised non-artillery SP of the pursued Force (to absorb losses)", 0, 999),
      enum_field("absorb", "which SP the pursued player spends first (the owner's choice)",
                 {"artillery-first", "undemoralised-first"}, "artillery-first"),
  };
}

core::Expected<Resolution> resolve_pursuit(const Context& ctx, const Situation& s, DiceTape& tape) {
  const Grid& g = ctx.tables.grid("pursuit");
  Resolution r;
  r.table = "pursuit";
  r.title = g.title;
  const std::string src = "Pursuit Table, die-roll modifiers";
  const int cav = s.get_int("cavalry-sp");
  const int inf = s.get_int("infantry-sp");
  auto mod = [&](const char* id) -> const ModifierDef& {
    return ctx.tables.modifier("pursuit", id);
  };
  // [Pursuit Table, DRM] +1 Bonus Star of the pursuing Primo Capitano; +1 undemoralised
  // Stradiots; -1 per full MP spent leaving a ZOC (par. 7.8.2).
  r.add(mod("bonus_star"), src, s.flag("bonus-star"));
  r.add(mod("stradiots"), src, s.flag("stradiots"));
  const int zoc = s.get_int("zoc-mp");
  if (zoc > 0) {
    r.add_value(mod("zoc_mp"), src, -zoc, fmt::format("{} full MP", zoc));
  } else {
    r.add(mod("zoc_mp"), src, false);
  }
  const int drm = r.total_modifier();

  auto die = tape.take(core::Dice::d6(), "pursuit roll", r);
  if (!die) return r;
  const int modified = *die + drm;
  const int row = read_row(g, modified, r);
  r.steps.push_back(fmt::format("Modified roll {} {} = {}: row '{}'", *die,
                                drm < 0 ? fmt::format("- {}", -drm) : fmt::format("+ {}", drm),
                                modified, g.rows[static_cast<std::size_t>(row)].label));
  const Cell& c_cav = read_cell(g, row, 0, r);
  const Cell& c_inf = read_cell(g, row, 1, r);
  const Cell& c_cap = read_cell(g, row, 2, r);
  const int pc = c_cav.value == "-" ? 0 : std::stoi(c_cav.value.substr(1));
  const int pi = c_inf.value == "-" ? 0 : std::stoi(c_inf.value.substr(1));
  // [Pursuit Table, key C#, I#] #% of the pursuing undemoralised cavalry (infantry) SP, each
  // rounded to the nearest integer (halves up: our ruling).
  const int lc = percent_of_rounded(pc, cav);
  const int li = percent_of_rounded(pi, inf);
  if ((pc * cav) % 100 == 50 || (pi * inf) % 100 == 50)
    r.rest_on(Basis{"Ruling: a half pursuit loss rounds up", Confidence::kGuessed,
                    "The key rounds to the nearest integer without saying which way a half goes; "
                    "we round halves up."});
  const int losses = lc + li;
  r.effects.push_back(
      fmt::format("Pursuit losses {}: C{}% of {} cavalry SP = {}, I{}% of {} "
                  "infantry SP = {}",
                  losses, pc, cav, lc, pi, inf, li));
  r.detail["cavalry_percent"] = pc;
  r.detail["infantry_percent"] = pi;
  r.detail["losses"] = losses;
  std::vector<std::string> parts;
  parts.push_back(fmt::format("{} pursuit loss{}", losses, losses == 1 ? "" : "es"));

  // [Pursuit Table, key *] On a natural 1, one pursuing Capitano (owner's choice) makes an
  // Elimination Check.
  const bool natural_one = *die == 1;
  if (natural_one) {
    r.effects.push_back(
        "Natural 1: one pursuing Capitano (owner's choice) makes an Elimination Check");
    parts.push_back("a pursuing Capitano checks Elimination");
  }
  r.detail["pursuing_capitano_check"] = natural_one;
  // [Pursuit Table, key §] All pursued Capitani make an Elimination Check.
  const bool all_pursued = c_cap.value == "N";
  if (all_pursued) {
    r.effects.push_back("Every pursued Capitano makes an Elimination Check");
    parts.push_back("all pursued Capitani check Elimination");
  }
  r.detail["pursued_capitani_check"] = all_pursued;

  // Absorption by the pursued Force.
  r.effects.push_back(
      "The pursued Force absorbs them: 1 loss per artillery or Demoralised SP lost, 2 per "
      "undemoralised SP lost");
  if (s.has("pursued-artillery-demoralised-sp") || s.has("pursued-undemoralised-sp")) {
    const int cheap = s.has("pursued-artillery-demoralised-sp")
                          ? s.get_int("pursued-artillery-demoralised-sp")
                          : 0;
    const int good = s.has("pursued-undemoralised-sp") ? s.get_int("pursued-undemoralised-sp") : 0;
    const bool art_first = s.get_enum("absorb") == "artillery-first";
    const Absorption a = absorb_pursuit_losses(losses, cheap, good, art_first);
    std::string how = fmt::format("{} artillery/Demoralised SP and {} undemoralised SP",
                                  a.artillery_or_demoralised_sp, a.undemoralised_sp);
    if (2 * a.undemoralised_sp + a.artillery_or_demoralised_sp > losses && losses > 0)
      r.rest_on(Basis{"Ruling: an undemoralised SP lost for a single last loss",
                      Confidence::kGuessed,
                      "The key gives 2 losses per undemoralised SP; when only one loss is left "
                      "and no artillery or Demoralised SP remains, we take a whole SP."});
    if (a.eliminated) {
      r.effects.push_back(
          fmt::format("The pursued Force has too few SP: it loses everything ({}){}", how,
                      a.unabsorbed > 0 ? fmt::format(", {} losses unabsorbed", a.unabsorbed) : ""));
      parts.push_back("pursued Force eliminated");
    } else if (losses > 0) {
      r.effects.push_back(fmt::format("Spending {} first: the pursued Force loses {}",
                                      art_first ? "artillery/Demoralised SP" : "undemoralised SP",
                                      how));
      parts.push_back(fmt::format("pursued loses {}", how));
    }
    r.detail["absorbed"] = {{"artillery_or_demoralised_sp", a.artillery_or_demoralised_sp},
                            {"undemoralised_sp", a.undemoralised_sp},
                            {"unabsorbed", a.unabsorbed},
                            {"eliminated", a.eliminated}};
  }
  std::string o = fmt::format("{}", fmt::join(parts, "; "));
  r.outcome = o;
  return r;
}

}  // namespace carroccio::alsh
