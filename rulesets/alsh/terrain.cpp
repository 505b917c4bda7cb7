// [Terrain Effects Chart] Movement costs, and the effects of hex and hexside terrain on
// Skirmish, Siege and Major Battle engagements (column a) and on Major Battle artillery fire and
// charges (column b).
#include <cmath>

#include "fmt/format.h"
#include "rulesets/alsh/resolvers.hpp"

namespace carroccio::alsh {

std::string signed_int(int v) { return v > 0 ? fmt::format("+{}", v) : fmt::format("{}", v); }

std::string percent(core::Fraction f) { return fmt::format("{:.2f}%", 100.0 * f.to_double()); }

namespace {

const nlohmann::json& find_by_id(const nlohmann::json& list, const std::string& id) {
  for (const auto& x : list)
    if (x["id"] == id) return x;
  throw std::logic_error("alsh terrain: no entry " + id);
}

bool truthy(const nlohmann::json& j, const char* key) {
  return j.contains(key) && j[key].is_boolean() && j[key].get<bool>();
}

std::string cost_text(const nlohmann::json& v) {
  if (v.is_null()) return "not allowed";
  if (v.is_string()) return "as the other terrain in the hex";
  const double d = v.get<double>();
  return d == std::floor(d) ? fmt::format("{}", static_cast<int>(d)) : fmt::format("{}", d);
}

// One die-roll effect of a terrain and what it comes from.
struct Term {
  int value = 0;
  std::string what;
};

int sum(const std::vector<Term>& terms) {
  int t = 0;
  for (const auto& x : terms) t += x.value;
  return t;
}

// "-1 (Hill hex)", or "-3 in all (-1 Hill hex, -1 Earthworks, -1 Secondary River: they add up)".
std::string summed(const std::vector<Term>& terms) {
  if (terms.size() == 1) return fmt::format("{} ({})", signed_int(terms[0].value), terms[0].what);
  std::vector<std::string> parts;
  for (const auto& x : terms) parts.push_back(fmt::format("{} {}", signed_int(x.value), x.what));
  return fmt::format("{} in all ({}: they add up)", signed_int(sum(terms)), fmt::join(parts, ", "));
}

}  // namespace

TerrainReading read_terrain(const Tables& t, const std::string& hex, const std::string& settlement,
                            bool defender_inside, bool earthworks, const std::string& hexside) {
  const auto& tec = t.file("terrain");
  const auto& h = find_by_id(tec["hexes"], hex);
  const auto& s = find_by_id(tec["features"], settlement);
  const auto& e = find_by_id(tec["features"], "earthworks");
  const auto& x = find_by_id(tec["hexsides"], hexside);
  TerrainReading r;
  r.hex_label = h["label"].get<std::string>();
  r.settlement_label = s["label"].get<std::string>();
  r.hexside_label = x["label"].get<std::string>();
  // [TEC, Lake; Primary River] No combat is allowed.
  if (truthy(h, "no_combat")) {
    r.no_combat = true;
    r.no_combat_reason = fmt::format("no combat is allowed in a {} hex", r.hex_label);
  }
  if (truthy(x, "no_combat")) {
    r.no_combat = true;
    r.no_combat_reason = fmt::format("no combat is allowed across a {}", r.hexside_label);
  }
  // [TEC, column b] Swamp, Wood, Mountain: no Major Battle (a Skirmish is fought instead).
  r.major_battle_forbidden = truthy(h, "major_battle_forbidden");
  // [TEC, column b, Ferry] No combat across a ferry in a Major Battle.
  r.mb_no_combat = truthy(x, "mb_no_combat");
  // [TEC, column b, Marsh] The Cavalry Charge chit cannot be played.
  r.charge_chit_forbidden = truthy(h, "charge_chit_forbidden");
  // [TEC, column a] Swamp, Wood, Hill, Mountain: Affecting.
  if (truthy(h, "affecting")) {
    r.affecting = true;
    r.affecting_reasons.push_back(fmt::format("{} hex", r.hex_label));
  }
  // [TEC, note c] Town and City effects count only for a Force defending inside.
  const bool inside_counts = !truthy(s, "inside_only") || defender_inside;
  if (inside_counts && truthy(s, "affecting")) {
    r.affecting = true;
    r.affecting_reasons.push_back(fmt::format("defender inside a {}", r.settlement_label));
  }
  // [TEC, Earthworks] Affecting.
  if (earthworks) {
    r.affecting = true;
    r.affecting_reasons.push_back("defender in Earthworks");
  }
  // [TEC, hexsides] Secondary River, bridges, Ferry: Affecting.
  if (truthy(x, "affecting")) {
    r.affecting = true;
    r.affecting_reasons.push_back(fmt::format("attack across a {}", r.hexside_label));
  }
  // [TEC, Marsh and 'Same as Marsh'] Heavy Cavalry attacking into or defending in the hex x0.5.
  r.heavy_cavalry_half = truthy(h, "heavy_cavalry_half");
  r.fortress = truthy(s, "fortress") && defender_inside;
  // [TEC, Fortified Town; Fortified City; Earthworks] The defender's first SP count double.
  if (inside_counts && s.contains("double_up_to")) {
    r.double_up_to = s["double_up_to"].get<int>();
    r.double_reason = fmt::format("defender inside a {}", r.settlement_label);
  }
  if (earthworks) {
    const int cap = e["double_up_to"].get<int>();
    if (r.double_up_to > 0) {
      // Our ruling: the doublings of a fortress and of earthworks do not compound; the larger
      // cap applies.
      r.double_note =
          "A fortress and earthworks together: the doublings do not compound; the "
          "larger cap applies (our ruling).";
      r.double_confidence = Confidence::kGuessed;
      if (cap > r.double_up_to) {
        r.double_up_to = cap;
        r.double_reason = "defender in Earthworks";
      }
    } else {
      r.double_up_to = cap;
      r.double_reason = "defender in Earthworks";
      r.double_confidence = Confidence::kGuessed;
      r.double_note = e["double_note"].get<std::string>();
    }
  }
  r.no_breach_or_sortie = truthy(x, "no_breach_or_sortie");
  return r;
}

std::vector<Field> terrain_fields() {
  std::vector<std::string> features;
  // Built from the chart's feature rows.
  features = {"none",           "town",       "naviglio",     "fortified-town",
              "fortified-city", "earthworks", "primary-road", "secondary-road"};
  return {
      enum_field("hex", "terrain of the hex", hex_terrains(), "clear"),
      enum_field("feature", "town, fortress, earthworks or road in the hex", features, "none"),
      enum_field("hexside", "hexside crossed or fought across", hexsides(), "none"),
      enum_field("weather", "weather of the turn", weathers(), "fair"),
      bool_field(
          "defender-outside",
          "the Force in a town or city hex is not inside it (its effects then do not count)"),
      bool_field("starts-in-city", "the Force starts its move inside the Fortified City"),
  };
}

core::Expected<Resolution> resolve_terrain(const Context& ctx, const Situation& s, DiceTape&) {
  const auto& tec = ctx.tables.file("terrain");
  Resolution r;
  r.table = "terrain";
  r.title = tec["title"].get<std::string>();
  const std::string hex = s.get_enum("hex");
  const std::string feature = s.get_enum("feature");
  const std::string side = s.get_enum("hexside");
  const std::string weather = s.get_enum("weather");
  const auto& h = find_by_id(tec["hexes"], hex);
  const auto& f = find_by_id(tec["features"], feature);
  const auto& x = find_by_id(tec["hexsides"], side);
  const bool is_settlement =
      feature == "town" || feature == "fortified-town" || feature == "fortified-city";
  const TerrainReading tr =
      read_terrain(ctx.tables, hex, is_settlement ? feature : "none", !s.flag("defender-outside"),
                   feature == "earthworks", side);
  const std::string src = r.title;

  // Movement.
  std::string move;
  if (h["move"].is_null()) {
    move = fmt::format("Entering a {} hex is not allowed", tr.hex_label);
  } else if (f["move"].is_number()) {
    move = fmt::format("Entering costs {} MP ({}{})", cost_text(f["move"]),
                       f["label"].get<std::string>(), truthy(f, "road") ? ", along the road" : "");
  } else {
    move = fmt::format("Entering costs {} MP ({})", cost_text(h["move"]), tr.hex_label);
  }
  r.effects.push_back(move);
  r.detail["move_cost"] = f["move"].is_number() ? f["move"] : h["move"];
  // [TEC, note e] A Fortress on the road still costs 1.
  if (f.contains("move_note")) r.effects.push_back(f["move_note"].get<std::string>());
  // [TEC, note d] +1 to leave a City when starting inside.
  if (feature == "fortified-city" && s.flag("starts-in-city"))
    r.effects.push_back("Leaving the City costs 1 MP more, since the Force starts inside it");
  if (side != "none") {
    // [TEC, hexsides] Crossing costs, higher in Rain for the Secondary River and Bridge.
    nlohmann::json cost = x["cross"];
    if (weather == "rain" && x.contains("cross_rain")) cost = x["cross_rain"];
    r.effects.push_back(
        cost.is_null()
            ? fmt::format("Crossing a {} is not allowed", tr.hexside_label)
            : fmt::format("Crossing a {} costs +{} MP{}", tr.hexside_label, cost_text(cost),
                          weather == "rain" && x.contains("cross_rain") ? " in Rain" : ""));
    r.detail["cross_cost"] = cost;
    if (x.contains("note")) r.effects.push_back(x["note"].get<std::string>());
  }
  // [TEC, weather note] Mud or Snow: Movement Allowance -1.
  if (weather == "mud" || weather == "snow")
    r.effects.push_back("Mud or Snow: every combat unit's Movement Allowance is 1 lower this turn");

  // Combat (column a).
  if (tr.no_combat) {
    r.effects.push_back(fmt::format("Combat: none, {}", tr.no_combat_reason));
    r.detail["artillery_drm"] = 0;
  } else {
    r.effects.push_back(
        tr.affecting
            ? fmt::format("Combat: Affecting ({}): use the Affecting line of the Assault Table",
                          fmt::join(tr.affecting_reasons, "; "))
            : "Combat: Not Affecting: use the Not Affecting line of the Assault Table");
    if (tr.heavy_cavalry_half)
      r.effects.push_back(
          "Heavy Cavalry attacking into or defending in this hex counts half its SP");
    if (tr.double_up_to > 0) {
      r.effects.push_back(fmt::format("The defender counts its first {} SP double ({})",
                                      tr.double_up_to, tr.double_reason));
      if (tr.double_confidence != Confidence::kLegible)
        r.rest_on(Basis{fmt::format("{}: defender doubling up to {} SP", src, tr.double_up_to),
                        tr.double_confidence, tr.double_note});
    }
    // [TEC, column a; Artillery Fire Table, DRM] Firing into Earthworks or a Fortified City (the
    // City's only for a Force defending inside, note c) and across a Secondary River or bridge:
    // each its own -1, and the Artillery Fire Table's modifiers are all cumulative.
    std::vector<Term> fire;
    if (f.contains("artillery_in") && (feature == "earthworks" || tr.fortress))
      fire.push_back({f["artillery_in"].get<int>(),
                      fmt::format("firing into {}", f["label"].get<std::string>())});
    if (x.contains("artillery_over"))
      fire.push_back(
          {x["artillery_over"].get<int>(), fmt::format("firing across a {}", tr.hexside_label)});
    r.detail["artillery_drm"] = sum(fire);
    if (!fire.empty())
      r.effects.push_back(fmt::format("Artillery fire (Skirmish or Siege) {}", summed(fire)));
    if (tr.no_breach_or_sortie) r.effects.push_back("No In-breach or Sortie attack across it");
  }
  // Major Battle (column b): what forbids a battle, a chit or combat, in words; the die-roll
  // effects on artillery fire and charges added up as those two tables add them.
  std::vector<std::string> mb;
  for (const nlohmann::json* j : {&h, &f, &x}) {
    const std::string text = (*j)["major_battle_text"].get<std::string>();
    if (text != "None" && text != "Other terrain in the hex decides" &&
        !j->contains("mb_artillery"))
      mb.push_back(text);
  }
  // [Artillery Fire Table, DRM, all cumulative] Heath or Hill, Earthworks and a river (in a
  // Major Battle, through the defender's Earthworks and River chits) are three modifiers.
  std::vector<Term> art, charge;
  if (h.contains("mb_artillery"))
    art.push_back({h["mb_artillery"].get<int>(), fmt::format("{} hex", tr.hex_label)});
  if (f.contains("mb_artillery"))
    art.push_back({f["mb_artillery"].get<int>(), f["label"].get<std::string>()});
  if (x.contains("mb_artillery")) art.push_back({x["mb_artillery"].get<int>(), tr.hexside_label});
  // [Cavalry Charge Table, DRM] Heath or Hill is one modifier; Earthworks and a river are one
  // other, the charged unit having played the Earthworks/River chit: it counts once (our
  // ruling, docs/rulings/alsh.md).
  if (h.contains("mb_charge"))
    charge.push_back({h["mb_charge"].get<int>(), fmt::format("{} hex", tr.hex_label)});
  const bool chit_f = f.contains("mb_charge"), chit_x = x.contains("mb_charge");
  if (chit_f || chit_x)
    charge.push_back(
        {chit_f ? f["mb_charge"].get<int>() : x["mb_charge"].get<int>(),
         chit_f && chit_x
             ? fmt::format("the Earthworks/River chit, once for {} and {}",
                           f["label"].get<std::string>(), tr.hexside_label)
             : fmt::format("the Earthworks/River chit ({})",
                           chit_f ? f["label"].get<std::string>() : tr.hexside_label)});
  if (chit_f && chit_x)
    r.rest_on(Basis{"Ruling: the Earthworks/River chit counts once against a charge",
                    Confidence::kReconstructed,
                    "The Cavalry Charge Table lists one -1 for a charged unit that played the "
                    "Earthworks/River chit, whether for earthworks or a river."});
  r.detail["mb_artillery_drm"] = tr.major_battle_forbidden || tr.no_combat ? 0 : sum(art);
  r.detail["mb_charge_drm"] = tr.major_battle_forbidden || tr.no_combat ? 0 : sum(charge);
  if (!tr.major_battle_forbidden && !tr.no_combat && !tr.mb_no_combat) {
    if (!art.empty()) mb.push_back(fmt::format("artillery fire {}", summed(art)));
    if (!charge.empty()) mb.push_back(fmt::format("Cavalry Charge {}", summed(charge)));
  }
  r.effects.push_back(mb.empty() ? "Major Battle: no effect"
                                 : fmt::format("Major Battle: {}", fmt::join(mb, "; ")));
  r.detail["affecting"] = tr.affecting;
  r.detail["heavy_cavalry_half"] = tr.heavy_cavalry_half;
  r.detail["defender_double_up_to"] = tr.double_up_to;
  r.detail["no_combat"] = tr.no_combat;
  r.detail["major_battle_allowed"] = !tr.major_battle_forbidden && !tr.no_combat;
  r.steps.push_back(fmt::format("Hex {}, feature {}, hexside {}, weather {}", tr.hex_label,
                                f["label"].get<std::string>(), tr.hexside_label, weather));
  r.rest_on(Basis{fmt::format("{}, rows {}, {}, {}", src, tr.hex_label,
                              f["label"].get<std::string>(), tr.hexside_label),
                  Confidence::kLegible, ""});
  r.outcome = fmt::format(
      "{}; {}", move, tr.no_combat ? "no combat" : (tr.affecting ? "Affecting" : "Not Affecting"));
  return r;
}

}  // namespace carroccio::alsh
