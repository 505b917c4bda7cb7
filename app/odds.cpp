// `carroccio odds` and the odds text `carroccio play` shows before an attack is committed.
#include "app/odds.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <fstream>
#include <ostream>
#include <sstream>

#include "app/cli.hpp"
#include "app/commands.hpp"
#include "fmt/format.h"
#include "game/record.hpp"
#include "rulesets/bma/situation.hpp"

namespace carroccio::app {

namespace {

constexpr std::string_view kOddsUsage =
    R"(Usage: carroccio odds RECORD [--move N] [--action NAME|ID] [--json]
       carroccio odds bma --attacker UNIT[,key=value...] ... --defender UNIT[,key=value...]
                      [--side SIDE] [--terrain clear|forest] [--options LIST]
                      [--vp-lost SIDE=N,...] [--scenario ID] [--json]
       carroccio odds bma --situation FILE [--json]

A saved position:
  RECORD            a game record written by carroccio play --record (or the server)
  --move N          replay only the first N actions of the record (default: all of them)
  --action NAME|ID  the odds of this one decision (its number in the list, its id, or its
                    name or the start of it); default: every decision that has odds

A described combat (no game needed; laid out as a position and resolved by the same rules):
  --attacker SPEC   one attacking unit; repeat for each (one to six)
  --defender SPEC   the unit attacked
      SPEC is a unit of the scenario (id or name) or a rating and type ("B infantry"),
      then comma-separated details:
        chit=N          its combat chit (5.1.3); left out: not drawn yet, every value counted
        leader=NAME     a leader stacked with it (a leader of the scenario, or "leader")
        carroccio       it stands next to its own Carroccio (9.3.1)
      attacker only:  from=front|flank|rear (7.2.5, needs facing), charge (7.3, needs charge)
      defender only:  status=ordered|disordered|routed (5.3), terrain=clear|forest (9.6),
                      unguarded (the Carroccio with no friendly unit beside it, 9.3.2)
      (front, flank, rear, disordered, routed and forest may also be given alone)
  --side SIDE       the attacking side (needed only when no named unit tells it)
  --terrain T       the defender's hex: clear or forest (9.6)
  --options LIST    optional rules, e.g. facing,charge,vcf=every
  --vp-lost LIST    victory points each side has lost so far, e.g. imperial=12,lombard=20
  --scenario ID     the bma scenario whose sides, pieces and rout levels are used (legnano)
  --situation FILE  the same as a JSON file: {"side", "options", "vp_lost", "scenario",
                    "defender": {...}, "attackers": [{...}]} with the keys above

  --json            print the odds as JSON
The odds are exact (every die and every undrawn combat chit enumerated), list every modifier
with its clause, and computing them draws no random number.
)";

std::string lower(std::string_view s) {
  std::string out(s);
  for (auto& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string str(const nlohmann::json& j, const char* key) {
  if (!j.is_object() || !j.contains(key)) return {};
  const auto& v = j[key];
  return v.is_string() ? v.get<std::string>() : v.dump();
}

std::string percent(const nlohmann::json& j, const char* key) {
  if (!j.is_object() || !j.contains(key) || !j[key].is_number()) return {};
  return fmt::format("{:.1f}%", 100.0 * j[key].get<double>());
}

}  // namespace

std::string format_odds_line(const nlohmann::json& odds) {
  if (!odds.is_object() || !odds.contains("results")) return {};
  std::string out;
  for (const auto& r : odds["results"]) {
    if (!out.empty()) out += ", ";
    out += fmt::format("{} {}", str(r, "result"), percent(r, "p"));
  }
  return out;
}

std::string format_odds(const nlohmann::json& odds, std::string_view indent) {
  if (!odds.is_object()) return {};
  std::string out;
  const std::string in(indent);
  if (odds.contains("automatic"))
    out += fmt::format("{}No die is rolled: {} [{}].\n", in, str(odds, "automatic"),
                       str(odds, "rule"));
  if (odds.contains("column"))
    out += fmt::format("{}Column {}, die modifier {:+d} (before any undrawn chit is known).\n", in,
                       str(odds, "column"), odds.value("drm", 0));
  if (odds.contains("modifiers") && !odds["modifiers"].empty()) {
    out += in + "Modifiers:\n";
    for (const auto& m : odds["modifiers"])
      out += fmt::format("{}  {} [{}]\n", in, str(m, "what"), str(m, "rule"));
  }
  if (odds.contains("undrawn_chits") && !odds["undrawn_chits"].empty()) {
    std::string names;
    for (const auto& u : odds["undrawn_chits"])
      names += (names.empty() ? "" : ", ") + u.get<std::string>();
    out += fmt::format("{}Combat chits not yet drawn (every value enumerated): {}\n", in, names);
  }
  if (odds.contains("checks"))
    for (const auto& c : odds["checks"])
      out += fmt::format("{}Check: {} {}, passes with probability {} [{}]\n", in, str(c, "unit"),
                         str(c, "check"), str(c, "pass"), str(c, "rule"));
  if (odds.contains("results")) {
    out += in + "Results:\n";
    for (const auto& r : odds["results"]) {
      std::string line = fmt::format("{}  {:<10} {:>9} {:>7}", in, str(r, "result"),
                                     str(r, "probability"), percent(r, "p"));
      if (r.contains("vp_lost") && r["vp_lost"].is_object()) {
        std::string vp;
        for (const auto& [side, v] : r["vp_lost"].items())
          vp += fmt::format("{}{} {} -> {} of {}", vp.empty() ? "" : ", ", side, str(v, "now"),
                            str(v, "after"), str(v, "rout_level"));
        line += "  VP lost: " + vp;
      }
      if (r.contains("ends_game"))
        line += fmt::format("; ends the game: {} win ({})", str(r["ends_game"], "winner"),
                            str(r["ends_game"], "reason"));
      out += line + "\n";
    }
  }
  if (odds.contains("leaders") && !odds["leaders"].empty()) {
    out += in + "Leaders in the combat:\n";
    for (const auto& l : odds["leaders"]) {
      std::string line =
          fmt::format("{}  {} dies with probability {} ({}) [{}]", in, str(l, "leader"),
                      str(l, "death"), percent(l, "p"), str(l, "rule"));
      if (l.contains("ends_game"))
        line += fmt::format(": that ends the game, {} win [{}]", str(l["ends_game"], "winner"),
                            str(l["ends_game"], "rule"));
      else if (l.contains("vp"))
        line += fmt::format(": {} VP to the enemy", str(l, "vp"));
      out += line + "\n";
    }
  }
  return out;
}

namespace {

const char* const kDescribedFlags[] = {"attacker", "defender", "side",     "terrain",
                                       "options",  "vp-lost",  "scenario", "situation"};

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

// `carroccio odds bma ...`: a combat described without a game.
int run_described_odds(const ParsedArgs& parsed, Io io) {
  nlohmann::json situation = nlohmann::json::object();
  std::string source = "the described combat";
  if (auto path = parsed.value("situation")) {
    for (const char* f : kDescribedFlags)
      if (std::string(f) != "situation" && parsed.has(f))
        return usage_error(io.err, fmt::format("Give the combat either in --situation {} or with "
                                               "--{} and the other flags, not both.",
                                               *path, f));
    auto text = game::read_text_file(*path, "situation file");
    if (!text) return usage_error(io.err, text.message());
    auto j = game::parse_json_text(*text, *path);
    if (!j) return usage_error(io.err, j.message());
    situation = *j;
    source = *path;
  } else {
    if (!parsed.has("defender"))
      return usage_error(io.err,
                         "A described combat needs --defender UNIT (the unit attacked), e.g. "
                         "--defender \"B infantry\".");
    if (!parsed.has("attacker"))
      return usage_error(io.err,
                         "A described combat needs at least one --attacker UNIT, e.g. --attacker "
                         "\"A cavalry,chit=9\".");
    auto defender = piece_from_spec(*parsed.value("defender"), true);
    if (!defender) return usage_error(io.err, defender.message());
    if (auto t = parsed.value("terrain")) {
      if (defender->contains("terrain"))
        return usage_error(io.err,
                           "The defender's terrain is given twice (--terrain and "
                           "terrain= in --defender).");
      (*defender)["terrain"] = *t;
    }
    situation["defender"] = *defender;
    situation["attackers"] = nlohmann::json::array();
    for (const auto& spec : parsed.values("attacker")) {
      auto a = piece_from_spec(spec, false);
      if (!a) return usage_error(io.err, a.message());
      situation["attackers"].push_back(*a);
    }
    if (auto v = parsed.value("side")) situation["side"] = *v;
    if (auto v = parsed.value("options")) situation["options"] = *v;
    if (auto v = parsed.value("scenario")) situation["scenario"] = *v;
    if (auto v = parsed.value("vp-lost")) {
      nlohmann::json vp = nlohmann::json::object();
      std::istringstream items(*v);
      std::string item;
      while (std::getline(items, item, ',')) {
        const auto eq = item.find('=');
        int n = -1;
        const std::string num = eq == std::string::npos ? "" : item.substr(eq + 1);
        const auto [ptr, ec] = std::from_chars(num.data(), num.data() + num.size(), n);
        if (eq == std::string::npos || ec != std::errc() || ptr != num.data() + num.size())
          return usage_error(io.err, fmt::format("'--vp-lost {}': each item is SIDE=N, e.g. "
                                                 "imperial=12,lombard=20.",
                                                 *v));
        vp[item.substr(0, eq)] = n;
      }
      situation["vp_lost"] = vp;
    }
  }
  auto described = bma::describe_combat(situation);
  if (!described)
    return usage_error(io.err, source == "the described combat"
                                   ? described.message()
                                   : fmt::format("{}: {}", source, described.message()));
  // The same call as for a saved position and for `play`: the odds of resolving the combat.
  const nlohmann::json odds = described->state->action_odds(bma::act::kResolveCombat);
  const nlohmann::json& d = described->description;
  if (parsed.has("json")) {
    io.out << nlohmann::json{{"situation", d}, {"odds", odds}}.dump(2) << "\n";
    return kExitOk;
  }
  const std::string options = d["options"].get<std::string>();
  io.out << fmt::format("Described combat ({} rules{}): the {} side attacks.\n",
                        d["scenario"].get<std::string>(),
                        options.empty() ? ", no optional rule" : ", options " + options,
                        d["side"].get<std::string>());
  for (const auto& p : d["pieces"]) {
    // A unit of the scenario by its name and kind; a described one by its kind alone.
    const std::string line0 =
        p["named"].get<bool>()
            ? fmt::format("  {}: {} ({} {}), ", p["role"].get<std::string>(),
                          p["name"].get<std::string>(), p["rating"].get<std::string>(),
                          p["type"].get<std::string>())
            : fmt::format("  {}: {} {}, ", p["role"].get<std::string>(),
                          p["rating"].get<std::string>(), p["type"].get<std::string>());
    std::string line = line0;
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
    io.out << line << "\n";
  }
  std::string vp;
  for (const auto& [side, n] : d["vp_lost"].items())
    vp += fmt::format("{}{} {}", vp.empty() ? "" : ", ", side, n.dump());
  io.out << "  Victory points lost so far: " << vp << "\n";
  io.out << "\nResolve the combat:\n" << format_odds(odds, "  ");
  return kExitOk;
}

}  // namespace

int run_odds(std::span<const std::string> args, const game::Registry& registry, Io io) {
  if (wants_help(args)) {
    io.out << kOddsUsage;
    return kExitOk;
  }
  std::vector<FlagSpec> flags = {{"move", true}, {"action", true}, {"json"}};
  for (const char* f : kDescribedFlags) flags.push_back({f, true, std::string(f) == "attacker"});
  auto parsed = parse_args(args, "odds", flags, 1);
  if (!parsed) return usage_error(io.err, parsed.message());
  bool described = parsed->has("situation");
  for (const char* f : kDescribedFlags) described |= parsed->has(f);
  if (!parsed->positional.empty() && parsed->positional[0] == "bma") {
    if (parsed->has("move") || parsed->has("action"))
      return usage_error(io.err,
                         "--move and --action belong to a saved position, not to a "
                         "described combat ('carroccio odds bma ...').");
    return run_described_odds(*parsed, io);
  }
  if (described)
    return usage_error(
        io.err,
        parsed->positional.empty()
            ? "A described combat starts with the ruleset: carroccio odds bma --attacker ... "
              "--defender ...."
            : fmt::format("'{}' is a saved position: the flags of a described combat go after "
                          "'carroccio odds bma' instead.",
                          parsed->positional[0]));
  if (parsed->positional.empty())
    return usage_error(io.err,
                       "'carroccio odds' needs a game record, e.g. carroccio odds game.json.");
  auto record = game::read_record_file(parsed->positional[0]);
  if (!record) return usage_error(io.err, record.message());
  if (auto text = parsed->value("move")) {
    auto n = parse_count(*text, "move", 0, static_cast<std::int64_t>(record->actions.size()));
    if (!n) return usage_error(io.err, n.message());
    record->actions.resize(static_cast<std::size_t>(*n));
  }
  auto state = game::replay(registry, *record);
  if (!state) return fail(io.err, state.message());
  const game::State& s = **state;
  const std::size_t at = record->actions.size();
  if (s.is_terminal())
    return fail(io.err,
                fmt::format("After {} actions the game is over: there is nothing to decide.", at));
  if (s.is_chance_node())
    return fail(io.err,
                fmt::format("After {} actions the dice are to be rolled, not a side to decide: "
                            "choose another --move.",
                            at));
  const std::vector<game::Action> legal = s.legal_actions();
  std::vector<game::Action> chosen;
  if (auto text = parsed->value("action")) {
    const std::string want = lower(*text);
    int number = 0;
    const auto [ptr, ec] = std::from_chars(text->data(), text->data() + text->size(), number);
    const bool numeric = ec == std::errc() && ptr == text->data() + text->size();
    std::vector<game::Action> prefix;
    for (std::size_t i = 0; i < legal.size(); ++i) {
      const std::string name = lower(s.action_to_string(legal[i]));
      if (numeric && (static_cast<std::size_t>(number) == i + 1 || number == legal[i])) {
        chosen = {legal[i]};
        break;
      }
      if (name == want) {
        chosen = {legal[i]};
        break;
      }
      if (name.compare(0, want.size(), want) == 0) prefix.push_back(legal[i]);
    }
    if (chosen.empty() && prefix.size() == 1) chosen = prefix;
    if (chosen.empty())
      return usage_error(
          io.err,
          prefix.empty()
              ? fmt::format("'--action {}' is not a legal decision after {} actions.", *text, at)
              : fmt::format("'--action {}' is the start of {} decisions' names: say more.", *text,
                            prefix.size()));
  } else {
    chosen = legal;
  }
  nlohmann::json list = nlohmann::json::array();
  for (game::Action a : chosen) {
    nlohmann::json odds = s.action_odds(a);
    if (odds.is_null() && !parsed->has("action")) continue;
    list.push_back({{"action", a}, {"name", s.action_to_string(a)}, {"odds", odds}});
  }
  if (parsed->has("json")) {
    io.out << nlohmann::json{{"move", at},
                             {"player", s.game().player_name(s.current_player())},
                             {"actions", list}}
                  .dump(2)
           << "\n";
    return kExitOk;
  }
  io.out << fmt::format("{}/{} after {} actions: {} to decide.\n", s.game().ruleset(),
                        s.game().scenario(), at, s.game().player_name(s.current_player()));
  if (const auto status = s.status_line(); !status.empty()) io.out << status << "\n";
  if (list.empty()) {
    io.out << "None of the decisions here has odds to show (no attack is being built).\n";
    return kExitOk;
  }
  for (const auto& item : list) {
    io.out << fmt::format("\n{} (action {}):\n", item["name"].get<std::string>(),
                          item["action"].get<int>());
    if (item["odds"].is_null())
      io.out << "  This decision has no odds to show.\n";
    else
      io.out << format_odds(item["odds"], "  ");
  }
  return kExitOk;
}

}  // namespace carroccio::app
