// `carroccio odds bma ...`: the odds of a combat described without a game record, from flags or
// a situation file (the hook game::Ruleset::described_odds, which `carroccio odds` hands the
// words after the ruleset's id). The combat is laid out as a position (situation.hpp) and its
// odds are BmaState::action_odds, the same call as for a game in play.
#include "rulesets/bma/odds_cli.hpp"

#include <cctype>
#include <charconv>
#include <map>
#include <optional>
#include <ostream>
#include <sstream>

#include "core/text.hpp"
#include "fmt/format.h"
#include "game/described_odds.hpp"
#include "rulesets/bma/situation.hpp"

namespace carroccio::bma {

const std::string_view kDescribedOddsUsage =
    R"(       carroccio odds bma --attacker UNIT[,key=value...] ...
                      --defender UNIT[,key=value...] [--side SIDE]
                      [--terrain clear|forest] [--options LIST]
                      [--vp-lost SIDE=N,...] [--scenario ID] [--json]
       carroccio odds bma --situation FILE [--json]
A described bma combat, no game needed (its flags and details:
carroccio odds bma --help).
)";

game::CommandSpec described_odds_spec() {
  return game::described_odds_spec(
      "bma",
      "The exact odds of a bma combat described without a game: laid out as a position and "
      "resolved by the same rules as a game in play, every modifier with its clause.",
      {{.name = "attacker",
        .takes_value = true,
        .repeatable = true,
        .help = "one attacking unit; repeat for each (one to six)",
        .value_name = "SPEC"},
       {.name = "defender", .takes_value = true, .help = "the unit attacked", .value_name = "SPEC"},
       {.name = "side",
        .takes_value = true,
        .help = "the attacking side (needed only when no named unit tells it)",
        .value_name = "SIDE"},
       {.name = "terrain",
        .takes_value = true,
        .help = "the defender's hex: clear (the default) or forest (9.6)",
        .value_name = "T"},
       {.name = "options",
        .takes_value = true,
        .help = "optional rules, e.g. facing,charge,vcf=every (default: none)",
        .value_name = "LIST"},
       {.name = "vp-lost",
        .takes_value = true,
        .help = "victory points each side has lost so far, e.g. imperial=12,lombard=20 "
                "(default: none, but a routed defender's own, 8.1)",
        .value_name = "LIST"},
       {.name = "scenario",
        .takes_value = true,
        .help = "the bma scenario whose sides, pieces and rout levels are used (default: "
                "legnano)",
        .value_name = "ID"}},
      // Logical lines: the help is wrapped to 80 columns, each under its second column.
      R"(SPEC is a unit of the scenario (id or name) or a rating and type ("B infantry"), then comma-separated details:
  chit=N          its combat chit (5.1.3); left out: not drawn yet, every value counted
  leader=NAME     a leader stacked with it (a leader of the scenario, or "leader")
  carroccio       it stands next to its own Carroccio (9.3.1)
attacker only:  from=front|flank|rear (7.2.5, needs facing; default front), charge (7.3, needs charge)
defender only:  status=ordered|disordered|routed (5.3; default ordered), terrain=clear|forest (9.6), unguarded (the Carroccio with no friendly unit beside it, 9.3.2)
(front, flank, rear, disordered, routed and forest may also be given alone)
What is not given is the plainest case (ruling L-52): no leader, no Carroccio, no optional rule.
A situation file holds {"side", "options", "vp_lost", "scenario", "defender": {...}, "attackers": [{...}]} with the keys above.)");
}

namespace {

using core::lower;

// "--attacker 'A cavalry,chit=9,from=flank,charge'" as the JSON object of a described piece.
core::Expected<nlohmann::json> piece_from_spec(std::string_view spec, bool defender) {
  const std::string flag = defender ? "--defender" : "--attacker";
  std::vector<std::string> parts;
  std::string cur;
  for (char c : spec) {
    if (c == ',') {
      parts.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  parts.push_back(cur);
  auto trim = [](std::string t) {
    while (!t.empty() && std::isspace(static_cast<unsigned char>(t.front()))) t.erase(0, 1);
    while (!t.empty() && std::isspace(static_cast<unsigned char>(t.back()))) t.pop_back();
    return t;
  };
  nlohmann::json j = nlohmann::json::object();
  j["unit"] = trim(parts[0]);
  if (j["unit"].get<std::string>().empty())
    return core::make_error(fmt::format(
        "'{} {}' does not start with a unit (e.g. \"B infantry\" or a unit's id).", flag, spec));
  for (std::size_t i = 1; i < parts.size(); ++i) {
    const std::string part = trim(parts[i]);
    const auto eq = part.find('=');
    std::string key = lower(trim(part.substr(0, eq)));
    std::string value = eq == std::string::npos ? "" : trim(part.substr(eq + 1));
    if (eq == std::string::npos) {
      // Words that stand alone.
      if (key == "front" || key == "flank" || key == "rear")
        value = key, key = "from";
      else if (key == "ordered" || key == "disordered" || key == "routed")
        value = key, key = "status";
      else if (key == "clear" || key == "forest")
        value = key, key = "terrain";
      else if (key == "charge" || key == "carroccio" || key == "guarded")
        value = "true";
      else if (key == "unguarded")
        key = "guarded", value = "false";
      else
        return core::make_error(
            fmt::format("'{} {}': '{}' is neither key=value nor a word the description knows.",
                        flag, spec, part));
    }
    if (key == "chit") {
      int n = 0;
      const auto [ptr, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
      if (ec != std::errc() || ptr != value.data() + value.size())
        return core::make_error(
            fmt::format("'{} {}': chit '{}' is not a whole number.", flag, spec, value));
      j[key] = n;
    } else if (key == "charge" || key == "carroccio" || key == "guarded") {
      const std::string v = lower(value);
      if (v == "true" || v == "yes")
        j[key] = true;
      else if (v == "false" || v == "no")
        j[key] = false;
      else
        return core::make_error(
            fmt::format("'{} {}': {} must be yes or no, not '{}'.", flag, spec, key, value));
    } else {
      j[key] = value;  // the ruleset names unknown keys and bad values
    }
  }
  return j;
}

// The flags as the situation object describe_combat reads (a file's object is that already).
core::Expected<nlohmann::json> situation_from_flags(const game::SituationFields& f) {
  const nlohmann::json& flags = f.all();
  nlohmann::json situation = nlohmann::json::object();
  if (!f.has("defender"))
    return core::make_error(
        "A described combat needs --defender UNIT (the unit attacked), e.g. "
        "--defender \"B infantry\".");
  if (!f.has("attacker"))
    return core::make_error(
        "A described combat needs at least one --attacker UNIT, e.g. --attacker "
        "\"A cavalry,chit=9\".");
  auto defender = piece_from_spec(flags["defender"].get<std::string>(), true);
  if (!defender) return defender.error();
  if (f.has("terrain")) {
    if (defender->contains("terrain"))
      return core::make_error(
          "The defender's terrain is given twice (--terrain and terrain= in --defender).");
    (*defender)["terrain"] = flags["terrain"];
  }
  situation["defender"] = *defender;
  situation["attackers"] = nlohmann::json::array();
  for (const auto& spec : flags["attacker"]) {
    auto a = piece_from_spec(spec.get<std::string>(), false);
    if (!a) return a.error();
    situation["attackers"].push_back(*a);
  }
  for (const char* key : {"side", "options", "scenario"})
    if (f.has(key)) situation[key] = flags[key];
  if (f.has("vp_lost")) {
    const std::string v = flags["vp_lost"].get<std::string>();
    nlohmann::json vp = nlohmann::json::object();
    std::istringstream items(v);
    std::string item;
    while (std::getline(items, item, ',')) {
      const auto eq = item.find('=');
      int n = -1;
      const std::string num = eq == std::string::npos ? "" : item.substr(eq + 1);
      const auto [ptr, ec] = std::from_chars(num.data(), num.data() + num.size(), n);
      if (eq == std::string::npos || ec != std::errc() || ptr != num.data() + num.size())
        return core::make_error(
            fmt::format("'--vp-lost {}': each item is SIDE=N, e.g. imperial=12,lombard=20.", v));
      vp[item.substr(0, eq)] = n;
    }
    situation["vp_lost"] = vp;
  }
  return situation;
}

// `carroccio odds bma ...`: a combat described without a game, laid out and its odds.
core::Expected<game::DescribedOddsAnswer> answer(const game::SituationFields& f) {
  auto situation =
      f.file().empty() ? situation_from_flags(f) : core::Expected<nlohmann::json>(f.all());
  if (!situation) return situation.error();
  auto described = describe_combat(*situation);
  if (!described) return f.whole_error(described.message());
  const nlohmann::json& d = described->description;
  game::DescribedOddsAnswer a;
  a.situation = d;
  // The same call as for a saved position and for `play`: the odds of resolving the combat.
  a.odds = described->state->action_odds(act::kResolveCombat);
  a.decision = "Resolve the combat";
  const std::string options = d["options"].get<std::string>();
  a.lines.push_back(fmt::format("Described combat ({} rules{}): the {} side attacks.",
                                d["scenario"].get<std::string>(),
                                options.empty() ? ", no optional rule" : ", options " + options,
                                d["side"].get<std::string>()));
  for (const auto& p : d["pieces"]) {
    // A unit of the scenario by its name and kind; a described one by its kind alone.
    std::string line =
        p["named"].get<bool>()
            ? fmt::format("  {}: {} ({} {}), ", p["role"].get<std::string>(),
                          p["name"].get<std::string>(), p["rating"].get<std::string>(),
                          p["type"].get<std::string>())
            : fmt::format("  {}: {} {}, ", p["role"].get<std::string>(),
                          p["rating"].get<std::string>(), p["type"].get<std::string>());
    line += p["chit"].is_null() ? "chit not drawn yet" : fmt::format("chit {}", p["chit"].dump());
    if (p.contains("status") && p["status"] != "ordered")
      line += ", " + p["status"].get<std::string>();
    if (p.contains("terrain") && p["terrain"] != "clear")
      line += ", in " + p["terrain"].get<std::string>();
    if (p.contains("guarded") && !p["guarded"].get<bool>()) line += ", no friendly unit beside it";
    if (p.contains("from")) line += ", through the " + p["from"].get<std::string>();
    if (p.value("charge", false)) line += ", charging";
    if (p.value("carroccio", false)) line += ", next to its Carroccio";
    if (p["leader"].is_object())
      line += fmt::format(", with {}{}", p["leader"]["name"].get<std::string>(),
                          p["leader"]["supreme"].get<bool>() ? " (supreme commander)" : "");
    a.lines.push_back(line);
  }
  std::string vp;
  for (const auto& [side, n] : d["vp_lost"].items())
    vp += fmt::format("{}{} {}", vp.empty() ? "" : ", ", side, n.dump());
  a.lines.push_back("  Victory points lost so far: " + vp);
  return a;
}

}  // namespace

int run_described_odds_cli(const std::vector<std::string>& args, std::ostream& out,
                           std::ostream& err) {
  // A situation file holds describe_combat's object, whose attackers are a list.
  return game::run_described_odds(
      args, described_odds_spec(), answer, out, err,
      {"scenario", "options", "side", "vp_lost", "defender", "attackers", "_comment"});
}

}  // namespace carroccio::bma
