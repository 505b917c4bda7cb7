// [Tactical Options Chart] When each Major Battle chit can be played, for how many rounds, and
// how many a player may hold.
#include "fmt/format.h"
#include "rulesets/alsh/resolvers.hpp"

namespace carroccio::alsh {

namespace {
std::vector<std::string> option_ids() {
  return {"formation",          "muster",         "reserve",
          "artillery",          "cavalry-charge", "combined-arms",
          "fight-coordination", "firearms",       "earthworks-river"};
}
}  // namespace

std::vector<Field> tactical_options_fields() {
  return {
      enum_field("option", "the Tactical Option (none: list them all)", option_ids()),
      enum_field("step", "the Major Battle step it would be played in",
                 {"deployment", "vanguard-fight", "main-body-fight", "rearguard-commitment"}),
      int_field("round", "the round of the fight", 1, 99),
      bool_field("capitano-generale", "the chit is played by the Capitano Generale"),
      enum_field("hex", "terrain of the battle hex", hex_terrains(), "clear"),
      enum_field("weather", "weather of the turn", weathers(), "fair"),
      int_field("earthworks-level", "level of the Earthworks the Force is in", 0, 2, 0),
      bool_field("behind-river", "the Force is behind a river"),
  };
}

core::Expected<Resolution> resolve_tactical_options(const Context& ctx, const Situation& s,
                                                    DiceTape&) {
  const auto& data = ctx.tables.file("tactical_options");
  Resolution r;
  r.table = "tactical-options";
  r.title = data["title"].get<std::string>();
  r.rest_on(Basis{r.title, Confidence::kLegible, ""});
  if (!s.has("option")) {
    for (const auto& o : data["options"])
      r.effects.push_back(fmt::format("{}: {}; lasts {}; at most {} per player",
                                      o["label"].get<std::string>(),
                                      o["when_text"].get<std::string>(),
                                      o["duration"].get<std::string>(), o["max"].get<int>()));
    r.outcome = fmt::format("{} Tactical Options", data["options"].size());
    return r;
  }
  const std::string id = s.get_enum("option");
  const nlohmann::json* opt = nullptr;
  for (const auto& o : data["options"])
    if (o["id"] == id) opt = &o;
  const auto& o = *opt;
  const std::string label = o["label"].get<std::string>();
  int max = o["max"].get<int>();
  if (o.contains("chits")) {
    // [Tactical Options Chart, note **] 4 Earthworks chits in Level 2 Earthworks, 2 in Level 1;
    // 2 River chits behind a river.
    const auto& c = o["chits"];
    const int lvl = s.get_int("earthworks-level");
    const int ew = lvl == 2   ? c["earthworks_level_2"].get<int>()
                   : lvl == 1 ? c["earthworks_level_1"].get<int>()
                              : 0;
    const int rv = s.flag("behind-river") ? c["river"].get<int>() : 0;
    r.effects.push_back(
        fmt::format("Chits available: {} Earthworks (Level {}) and {} River", ew, lvl, rv));
    max = ew + rv;
  }
  r.detail["max"] = max;
  r.detail["duration"] = o["duration"];
  std::vector<std::string> blocks;
  if (s.has("step")) {
    bool ok = false;
    for (const auto& w : o["when"]) ok = ok || w == s.get_enum("step");
    if (!ok) blocks.push_back(fmt::format("it is played {}", o["when_text"].get<std::string>()));
  }
  // [Tactical Options Chart, Muster] From the second round, by the Capitano Generale only.
  if (o.contains("after_first_round") && s.has("round") && s.get_int("round") < 2)
    blocks.push_back("not in the first round");
  if (o.contains("capitano_generale_only") && s.has("step") && !s.flag("capitano-generale"))
    blocks.push_back("only the Capitano Generale plays it");
  // [TEC, Marsh, column b] No Cavalry Charge chit in Marsh.
  if (o.contains("not_in"))
    for (const auto& h : o["not_in"])
      if (h == s.get_enum("hex")) blocks.push_back("not in a Marsh hex (Terrain Effects Chart)");
  // [Assault Table; Unit Type Effects Summary] No Firearms in Rain.
  if (o.contains("not_in_rain") && s.get_enum("weather") == "rain")
    blocks.push_back("no Firearms in Rain (Assault Table, Unit Type Effects Summary)");
  if (o.contains("chits") && max == 0)
    blocks.push_back("the Force has neither Earthworks nor a river");
  r.effects.push_back(fmt::format("Played {}", o["when_text"].get<std::string>()));
  r.effects.push_back(fmt::format("Lasts {}", o["duration"].get<std::string>()));
  if (o.contains("lost_if_engaged")) r.effects.push_back("Lost if the Corps engages");
  r.effects.push_back(fmt::format("At most {} per player", max));
  r.detail["playable"] = blocks.empty();
  if (blocks.empty()) {
    r.outcome = fmt::format("{}: playable; lasts {}; at most {}", label,
                            o["duration"].get<std::string>(), max);
  } else {
    r.outcome = fmt::format("{}: not playable ({})", label, fmt::join(blocks, "; "));
  }
  return r;
}

std::vector<Field> unit_types_fields() {
  return {
      enum_field(
          "unit", "the unit type (none: every type)",
          {"infantry-firearms", "landsknecht-swiss", "cavalry", "heavy-cavalry", "artillery"}),
      enum_field("combat", "Skirmish or Siege, or Major Combat (none: both)",
                 {"skirmish-siege", "major"}),
  };
}

core::Expected<Resolution> resolve_unit_types(const Context& ctx, const Situation& s, DiceTape&) {
  const auto& data = ctx.tables.file("unit_types");
  Resolution r;
  r.table = "unit-types";
  r.title = data["title"].get<std::string>();
  r.rest_on(Basis{r.title, Confidence::kLegible, ""});
  int n = 0;
  for (const auto& u : data["units"]) {
    if (s.has("unit") && u["id"] != s.get_enum("unit")) continue;
    for (const auto& c : data["columns"]) {
      if (s.has("combat") && c["id"] != s.get_enum("combat")) continue;
      const auto& effects = u["effects"][c["id"].get<std::string>()];
      r.effects.push_back(fmt::format(
          "{}, {}: {}", u["label"].get<std::string>(), c["label"].get<std::string>(),
          effects.empty()
              ? std::string("no special effect")
              : fmt::format("{}", fmt::join(effects.get<std::vector<std::string>>(), "; "))));
      ++n;
    }
  }
  r.effects.push_back(data["general_note"].get<std::string>());
  r.outcome = s.has("unit") ? fmt::format("{} effects of {}", n, s.get_enum("unit"))
                            : fmt::format("{} unit type entries", n);
  return r;
}

}  // namespace carroccio::alsh
