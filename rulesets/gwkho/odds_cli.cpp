// `carroccio odds gwkho ...`: the odds of a fight described without a game (odds_cli.hpp). The
// description becomes the resolution layer's CombatSituation or ShotSituation, the situations a
// game in play fills from its table (GwkhoState::combat_situation, shot_situation,
// artillery_situation), and the odds are written by odds.hpp's writers, the same calls as
// GwkhoState::action_odds. Nothing here computes a factor or a probability.
#include "rulesets/gwkho/odds_cli.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <ostream>

#include "core/text.hpp"
#include "fmt/format.h"
#include "game/described_odds.hpp"
#include "rulesets/gwkho/game.hpp"
#include "rulesets/gwkho/odds.hpp"

namespace carroccio::gwkho {

const std::string_view kDescribedOddsUsage =
    R"(       carroccio odds gwkho --attacker TROOP[,detail...]
                        --defender TROOP[,detail...]
                        [--round first|later|follow-up] [--year N] [--json]
       carroccio odds gwkho --shooter TROOP[,detail...]
                        --target TROOP[,detail...] [--range INCHES]
                        [--year N] [--json]
       carroccio odds gwkho --situation FILE [--json]
A described gwkho close combat, shot or artillery fire, no game needed (its
flags and details: carroccio odds gwkho --help).
)";

namespace {

using json = nlohmann::json;

// ---- The details an element may have, each once: the command line's words and the file's keys.

enum class Kind { kBool, kInt, kInches, kEnum, kList };

struct Detail {
  std::string_view key;
  Kind kind;
  std::vector<std::string_view> values;  // an enum's values (a list's: its items' check)
};

const std::vector<Detail>& details() {
  static const std::vector<Detail> k = {
      {"general", Kind::kBool, {}},
      {"charged", Kind::kBool, {}},
      {"turned", Kind::kBool, {}},
      {"uphill", Kind::kBool, {}},
      {"behind_obstacle", Kind::kBool, {}},
      {"fortified", Kind::kBool, {}},
      {"fought_last_bound", Kind::kBool, {}},
      {"breakthrough", Kind::kBool, {}},
      {"failed_to_push_back", Kind::kBool, {}},
      {"no_room", Kind::kBool, {}},
      {"upgraded", Kind::kBool, {}},
      {"front_rank_only", Kind::kBool, {}},
      {"enfilade", Kind::kBool, {}},
      {"flank", Kind::kInt, {}},
      {"rear", Kind::kInt, {}},
      {"moved", Kind::kInches, {}},
      {"morale", Kind::kEnum, {"steady", "shaken", "broken"}},
      {"going", Kind::kEnum, {"open", "rough", "bad", "road"}},
      {"cover", Kind::kEnum, {"none", "cover", "fortification"}},
      {"status",
       Kind::kEnum,
       {"none", "berserker", "stubborn", "mutinous", "brittle", "unreliable"}},
      {"weapon",
       Kind::kEnum,
       {"none", "bow", "longbow", "crossbow", "handgun", "arquebus", "musket", "swivel_guns",
        "firearms"}},
      {"ranks", Kind::kList, {}},
      {"peoples",
       Kind::kList,
       {"swiss", "landsknecht", "spanish_16th", "mongol_13th", "byzantine_12th", "low_country",
        "scots_after_1275", "arab", "catalan"}},
  };
  return k;
}

const Detail* find_detail(std::string_view key) {
  for (const auto& d : details())
    if (d.key == key) return &d;
  return nullptr;
}

// The details each role reads (a close-combat element, artillery and its target as one too).
const std::vector<std::string_view> kCombatKeys = {"troop",
                                                   "status",
                                                   "peoples",
                                                   "morale",
                                                   "general",
                                                   "upgraded",
                                                   "ranks",
                                                   "flank",
                                                   "rear",
                                                   "going",
                                                   "behind_obstacle",
                                                   "fortified",
                                                   "uphill",
                                                   "charged",
                                                   "turned",
                                                   "moved",
                                                   "fought_last_bound",
                                                   "breakthrough",
                                                   "failed_to_push_back",
                                                   "no_room"};
const std::vector<std::string_view> kShooterKeys = {"troop", "weapon",          "morale",
                                                    "ranks", "front_rank_only", "moved"};
const std::vector<std::string_view> kTargetKeys = {"troop", "cover", "enfilade"};

std::string join(const std::vector<std::string_view>& v, std::string_view last = "or") {
  std::string out;
  for (std::size_t i = 0; i < v.size(); ++i) {
    if (i > 0) out += i + 1 == v.size() ? fmt::format(" {} ", last) : ", ";
    out += v[i];
  }
  return out;
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (auto& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string trim(std::string_view t) { return std::string(core::trim(t)); }

std::vector<std::string> split(std::string_view s, char sep) {
  std::vector<std::string> parts;
  std::string cur;
  for (char c : s) {
    if (c == sep) {
      parts.push_back(trim(cur));
      cur.clear();
    } else {
      cur += c;
    }
  }
  parts.push_back(trim(cur));
  return parts;
}

// A number as typed: whole numbers stay whole (2, not 2.0, in the description).
json number_json(double x) {
  if (x == std::floor(x) && std::abs(x) < 1e9) return static_cast<long long>(x);
  return x;
}

std::vector<std::string_view> troop_type_ids() {
  std::vector<std::string_view> out;
  for (TroopType t : kAllTypes) out.push_back(type_id(t));
  return out;
}

// A troop of the rulebook at one grade that exists in either era (Tr-1, Tr-2).
core::Expected<Troop> read_troop(const json& v, const std::string& who) {
  if (!v.is_string())
    return core::make_error(
        fmt::format("{}: troop must be a troop type with one grade, e.g. \"Hc(o)\".", who));
  const std::string text = v.get<std::string>();
  auto t = parse_troop(text);
  if (!t || !(troop_exists(*t, Era::kMedieval) || troop_exists(*t, Era::kHorseAndMusket)))
    return core::make_error(
        fmt::format("{}: '{}' is not a troop of the rulebook: write a type ({}) and one grade "
                    "((s), (o), (f), (i) or (x)) it has, e.g. Hc(o).",
                    who, text, join(troop_type_ids())));
  return *t;
}

// ---- One element read from its JSON object, every detail checked.

class ElementReader {
 public:
  ElementReader(const json& j, std::string who) : j_(j), who_(std::move(who)) {}

  // Only these keys; each of the right kind.
  core::Status check(const std::vector<std::string_view>& allowed) const {
    if (!j_.is_object())
      return core::make_error(
          fmt::format("{} must be an object with a \"troop\" and its details.", who_));
    if (!j_.contains("troop"))
      return core::make_error(fmt::format("{} needs a troop, e.g. Hc(o).", who_));
    for (const auto& [key, value] : j_.items()) {
      if (std::find(allowed.begin(), allowed.end(), key) == allowed.end())
        return core::make_error(fmt::format("{} has no detail '{}' here: its details are {}.", who_,
                                            key, join(allowed, "and")));
      if (key == "troop") continue;
      const Detail* d = find_detail(key);
      bool good = true;
      switch (d->kind) {
        case Kind::kBool:
          good = value.is_boolean();
          break;
        case Kind::kInt:
          good = value.is_number_integer() && value.get<long long>() >= 0 &&
                 value.get<long long>() <= 4;
          break;
        case Kind::kInches:
          good = value.is_number() && value.get<double>() >= 0 && value.get<double>() <= 100;
          break;
        case Kind::kEnum:
          good = value.is_string() && std::find(d->values.begin(), d->values.end(),
                                                value.get<std::string>()) != d->values.end();
          break;
        case Kind::kList:
          good = value.is_array();
          for (const auto& item : value)
            good = good && item.is_string() &&
                   (d->values.empty() || std::find(d->values.begin(), d->values.end(),
                                                   item.get<std::string>()) != d->values.end());
          break;
      }
      if (!good) return core::make_error(fmt::format("{}: {}", who_, allowed_text(*d)));
    }
    return core::Status::Ok();
  }

  bool flag(std::string_view key) const { return j_.value(std::string(key), false); }
  int count(std::string_view key) const { return j_.value(std::string(key), 0); }
  std::string word(std::string_view key, std::string_view fallback) const {
    return j_.value(std::string(key), std::string(fallback));
  }
  // Inches as the game's sub-units (kUnitsPerInch).
  int units(std::string_view key) const {
    return static_cast<int>(std::lround(j_.value(std::string(key), 0.0) * kUnitsPerInch));
  }
  const std::string& who() const { return who_; }

  core::Expected<Troop> troop() const { return read_troop(j_["troop"], who_); }
  // [CC-5 .. CC-7, Sht-4] The friends behind it, second rank first (three at most).
  core::Expected<std::vector<Troop>> ranks() const {
    std::vector<Troop> out;
    if (!j_.contains("ranks")) return out;
    if (j_["ranks"].size() > 3)
      return core::make_error(fmt::format(
          "{}: ranks are the second, third and fourth ranks behind it, three at most.", who_));
    for (const auto& r : j_["ranks"]) {
      auto t = read_troop(r, who_ + " (ranks)");
      if (!t) return t.error();
      out.push_back(*t);
    }
    return out;
  }
  Morale morale() const {
    const std::string m = word("morale", "steady");
    return m == "shaken" ? Morale::kShaken : m == "broken" ? Morale::kBroken : Morale::kSteady;
  }

  // A close-combat side (CombatSide), as GwkhoState::combat_situation fills it from the table.
  core::Expected<CombatSide> combat_side() const {
    CombatSide c;
    auto t = troop();
    if (!t) return t.error();
    c.troop = *t;
    c.status = *status_from_id(word("status", "none"));
    if (j_.contains("peoples"))
      for (const auto& p : j_["peoples"]) c.peoples.add(*people_from_id(p.get<std::string>()));
    c.morale = morale();
    c.general = flag("general");
    auto r = ranks();
    if (!r) return r.error();
    c.ranks = *r;
    c.flank_enemies = count("flank");
    c.rear_enemies = count("rear");
    const std::string g = word("going", "open");
    for (int i = 0; i < kNumGoings; ++i)
      if (going_name(static_cast<Going>(i)) == g) c.going = static_cast<Going>(i);
    c.behind_linear = flag("behind_obstacle");
    c.behind_fortification = flag("fortified");
    c.uphill = flag("uphill");
    c.made_contact = flag("charged");
    c.contacted_on_flank_or_rear = flag("turned");
    c.moved = units("moved");
    c.fought_last_bound = flag("fought_last_bound");
    c.breakthrough = flag("breakthrough");
    c.failed_to_push_back = flag("failed_to_push_back");
    c.cannot_recoil = flag("no_room");
    return c;
  }

 private:
  std::string allowed_text(const Detail& d) const {
    switch (d.kind) {
      case Kind::kBool:
        return fmt::format("{} is yes or no (true or false in a file).", d.key);
      case Kind::kInt:
        return fmt::format("{} is a count of enemy fronts from 0 to 4.", d.key);
      case Kind::kInches:
        return fmt::format("{} is a distance in inches from 0 to 100, e.g. 2.5.", d.key);
      case Kind::kEnum:
        return fmt::format("{} must be {}.", d.key, join(d.values));
      case Kind::kList:
        return d.values.empty() ? fmt::format("{} is a list of troops, e.g. Pk(o)+Pk(o).", d.key)
                                : fmt::format("{} is a list of {}.", d.key, join(d.values));
    }
    return {};
  }

  const json& j_;
  std::string who_;
};

std::string who(std::string_view role, bool flag_names) {
  return flag_names ? fmt::format("--{}", role) : fmt::format("The {}", role);
}

OddsName described_name(std::string_view role, Troop t) {
  return {std::string(role), fmt::format("the {} {}", role, troop_text(t)),
          fmt::format("{} {}", role, troop_text(t))};
}

// [CC-1, Pip-19] A die step bought with PIPs: the game's bought_combat_die.
core::Status buy_die(CombatSituation& s, bool side_b, const ElementReader& r) {
  if (!r.flag("upgraded")) return core::Status::Ok();
  auto die = bought_combat_die(s, side_b);
  if (!die)
    return core::make_error(fmt::format("{}: {} may not buy a better combat die (CC-1).", r.who(),
                                        troop_text(side_b ? s.b.troop : s.a.troop)));
  (side_b ? s.b : s.a).die = *die;
  return core::Status::Ok();
}

core::Expected<DescribedFight> close_combat(const json& j, bool flag_names, int year) {
  ElementReader ra(j["attacker"], who("attacker", flag_names));
  ElementReader rb(j["defender"], who("defender", flag_names));
  for (const auto* r : {&ra, &rb})
    if (auto st = r->check(kCombatKeys); !st) return core::make_error(st.message());
  auto a = ra.combat_side();
  if (!a) return a.error();
  auto b = rb.combat_side();
  if (!b) return b.error();
  CombatSituation s;
  s.a = *a;
  s.b = *b;
  s.year = year;
  // [CC-8, CC-15] The round: the first after a contact move, later, or after a follow-up (a new
  // contact, but not a move's), as GwkhoState::combat_situation sets them.
  const std::string round = j.value("round", std::string("first"));
  s.just_contacted = round != "later";
  s.follow_up_contact = round == "follow-up";
  if (auto st = buy_die(s, false, ra); !st) return core::make_error(st.message());
  if (auto st = buy_die(s, true, rb); !st) return core::make_error(st.message());
  DescribedFight f;
  f.odds = combat_odds_json(described_name("attacker", s.a.troop),
                            described_name("defender", s.b.troop), s);
  f.description = {{"kind", "close_combat"},
                   {"year", year},
                   {"round", round},
                   {"attacker", j["attacker"]},
                   {"defender", j["defender"]}};
  return f;
}

core::Expected<DescribedFight> shot(const json& j, bool flag_names, int year) {
  ElementReader rs(j["shooter"], who("shooter", flag_names));
  ElementReader rt(j["target"], who("target", flag_names));
  // The shooter's troop decides which details it has (artillery's or a shot's): read it first.
  const json troop_only = j["shooter"].is_object() && j["shooter"].contains("troop")
                              ? json{{"troop", j["shooter"]["troop"]}}
                              : j["shooter"];
  if (auto st = ElementReader(troop_only, rs.who()).check({"troop"}); !st)
    return core::make_error(st.message());
  auto gun = rs.troop();
  if (!gun) return gun.error();
  const std::string range_who = flag_names ? "--range" : "The range";
  std::optional<int> range;
  if (j.contains("range")) {
    if (!j["range"].is_number() || j["range"].get<double>() < 0 || j["range"].get<double>() > 100)
      return core::make_error(fmt::format(
          "{} is the distance in inches from shooter to target, from 0 to 100.", range_who));
    range = static_cast<int>(std::lround(j["range"].get<double>() * kUnitsPerInch));
  }
  DescribedFight f;
  f.description = {{"year", year}, {"shooter", j["shooter"]}, {"target", j["target"]}};
  if (range) f.description["range"] = j["range"];
  if (is_artillery(gun->type)) {
    // [Sht-3] Within the gun's range, when a range is given.
    if (range && *range > artillery_range(*gun).value_or(0) * kUnitsPerInch)
      return core::make_error(fmt::format("{} {} is beyond the {} inches a {} reaches (Sht-3).",
                                          range_who, j["range"].dump(),
                                          artillery_range(*gun).value_or(0), troop_text(*gun)));
    // [Sht-13] Artillery that moved fires as shot (light artillery that may) or not at all.
    const ArtilleryFire how = artillery_may_fire(*gun, true, rs.units("moved") > 0);
    if (how == ArtilleryFire::kNone)
      return core::make_error(fmt::format("{}: a {} that moved does not fire this bound (Sht-13).",
                                          rs.who(), troop_text(*gun)));
    if (how == ArtilleryFire::kAsArtillery) {
      // [Sht-11] Artillery fire as a round of close combat, the gun as side a (ruling G-19b):
      // GwkhoState::artillery_situation's artillery_fire() of the two sides.
      for (const auto* r : {&rs, &rt})
        if (auto st = r->check(kCombatKeys); !st) return core::make_error(st.message());
      auto g = rs.combat_side();
      if (!g) return g.error();
      auto t = rt.combat_side();
      if (!t) return t.error();
      if (rs.flag("upgraded") || rt.flag("upgraded"))
        return core::make_error(
            fmt::format("{}: no die step is bought for artillery fire (Sht-11).",
                        rs.flag("upgraded") ? rs.who() : rt.who()));
      g->made_contact = t->made_contact = false;
      const CombatSituation s = artillery_fire(*g, *t);
      f.odds = combat_odds_json(described_name("shooter", g->troop),
                                described_name("target", t->troop), s);
      f.description["kind"] = "artillery_fire";
      return f;
    }
  }
  // [Sht-1 .. Sht-10] A shot of small arms (or of light artillery that moved, Sht-13).
  if (auto st = rs.check(kShooterKeys); !st) return core::make_error(st.message());
  if (auto st = rt.check(kTargetKeys); !st) return core::make_error(st.message());
  ShotSituation s;
  s.shooter = *gun;
  s.weapon = *weapon_from_id(rs.word("weapon", "none"));
  if (!weapon_allowed(s.shooter, s.weapon))
    return core::make_error(fmt::format("{}: a {} may not have the weapon {} (Sht-2).", rs.who(),
                                        troop_text(s.shooter), weapon_id(s.weapon)));
  if (shot_kind(s.shooter, s.weapon) == ShotKind::kNone)
    return core::make_error(
        fmt::format("{}: a {} does not shoot{} (Sht-2).", rs.who(), troop_text(s.shooter),
                    s.weapon == Weapon::kNone ? " without a missile weapon (weapon=...)" : ""));
  s.morale = rs.morale();
  auto ranks = rs.ranks();
  if (!ranks) return ranks.error();
  s.ranks = *ranks;
  s.front_rank_only = rs.flag("front_rank_only");
  auto target = rt.troop();
  if (!target) return target.error();
  s.target = *target;
  const std::string cover = rt.word("cover", "none");
  s.cover = cover == "cover"           ? Cover::kCover
            : cover == "fortification" ? Cover::kFortification
                                       : Cover::kNone;
  s.enfilade = rt.flag("enfilade");
  if (!range)
    return core::make_error(
        fmt::format("A shot needs {}, the distance in inches from shooter to target (Sht-2).",
                    flag_names ? "--range INCHES" : "\"range\""));
  const int reach = is_artillery(gun->type) ? artillery_range(*gun).value_or(0)
                                            : shooting_range(s.shooter, s.weapon, year).value_or(0);
  if (*range > reach * kUnitsPerInch)
    return core::make_error(fmt::format("{} {} is beyond the {} inches a {} shoots in {} (Sht-2).",
                                        range_who, j["range"].dump(), reach, troop_text(s.shooter),
                                        year));
  s.range = *range;
  f.odds =
      shot_odds_json(described_name("shooter", s.shooter), described_name("target", s.target), s);
  f.description["kind"] = "shot";
  return f;
}

}  // namespace

core::Expected<DescribedFight> describe_fight(const json& j, bool flag_names) {
  if (!j.is_object())
    return core::make_error(
        "A described fight is an object with attacker and defender, or shooter and target.");
  static const std::vector<std::string_view> kTop = {"attacker", "defender", "shooter", "target",
                                                     "round",    "year",     "range"};
  for (const auto& [key, value] : j.items())
    if (std::find(kTop.begin(), kTop.end(), key) == kTop.end())
      return core::make_error(fmt::format("A described fight has no field '{}': its fields are {}.",
                                          key, join(kTop, "and")));
  int year = 1400;
  if (j.contains("year")) {
    if (!j["year"].is_number_integer() || j["year"].get<long long>() < 1000 ||
        j["year"].get<long long>() > 1700)
      return core::make_error(
          fmt::format("{} is the battle's year, a whole number from 1000 to "
                      "1700 (the rules cover 1096 to 1590).",
                      flag_names ? "--year" : "The year"));
    year = j["year"].get<int>();
  }
  const bool combat = j.contains("attacker") || j.contains("defender");
  const bool shooting = j.contains("shooter") || j.contains("target");
  const auto name = [&](std::string_view role) {
    return flag_names ? fmt::format("--{}", role) : std::string(role);
  };
  if (combat && shooting)
    return core::make_error(
        fmt::format("Describe either a close combat ({} and {}) or a shot ({} and {}), not both.",
                    name("attacker"), name("defender"), name("shooter"), name("target")));
  if (!combat && !shooting)
    return core::make_error(
        fmt::format("Describe a close combat with {} and {}, or a shot with {} and {}.",
                    name("attacker"), name("defender"), name("shooter"), name("target")));
  if (combat) {
    for (const char* role : {"attacker", "defender"})
      if (!j.contains(role))
        return core::make_error(
            fmt::format("A close combat needs {} too, e.g. {} Hc(o).", name(role), name(role)));
    if (j.contains("range"))
      return core::make_error(fmt::format("{} belongs to a shot, not to a close combat.",
                                          flag_names ? "--range" : "The range"));
    if (j.contains("round")) {
      const json& r = j["round"];
      if (!r.is_string() || (r != "first" && r != "later" && r != "follow-up"))
        return core::make_error(
            fmt::format("{} must be first (the round after a contact move), later or follow-up.",
                        flag_names ? "--round" : "The round"));
    }
    return close_combat(j, flag_names, year);
  }
  for (const char* role : {"shooter", "target"})
    if (!j.contains(role))
      return core::make_error(
          fmt::format("A shot needs {} too, e.g. {} Lb(o).", name(role), name(role)));
  if (j.contains("round"))
    return core::make_error(fmt::format("{} belongs to a close combat, not to a shot.",
                                        flag_names ? "--round" : "The round"));
  return shot(j, flag_names, year);
}

core::Expected<json> element_from_spec(std::string_view spec, std::string_view flag) {
  const std::vector<std::string> parts = split(spec, ',');
  json j = json::object();
  if (parts[0].empty())
    return core::make_error(
        fmt::format("'{} {}' does not start with a troop, e.g. Hc(o).", flag, spec));
  j["troop"] = parts[0];
  for (std::size_t i = 1; i < parts.size(); ++i) {
    const std::string& part = parts[i];
    const auto eq = part.find('=');
    std::string key = lower(trim(part.substr(0, eq)));
    std::replace(key.begin(), key.end(), '-', '_');
    std::string value = eq == std::string::npos ? "" : trim(part.substr(eq + 1));
    const Detail* d = find_detail(key);
    if (eq == std::string::npos && (d == nullptr || d->kind != Kind::kBool)) {
      // A word alone: a yes/no detail, or a value of morale or going.
      for (std::string_view k : {"morale", "going"}) {
        const Detail* e = find_detail(k);
        if (std::find(e->values.begin(), e->values.end(), key) != e->values.end()) {
          value = key;
          key = std::string(k);
          d = e;
          break;
        }
      }
      if (value.empty())
        return core::make_error(fmt::format(
            "'{} {}': '{}' is neither key=value nor a word the description knows (a yes/no "
            "detail, a morale or a going).",
            flag, spec, part));
    }
    if (d == nullptr) {
      std::vector<std::string_view> keys;
      for (const auto& x : details()) keys.push_back(x.key);
      return core::make_error(fmt::format("'{} {}': '{}' is not a detail; the details are {}.",
                                          flag, spec, key, join(keys, "and")));
    }
    if (j.contains(key))
      return core::make_error(fmt::format("'{} {}' gives {} twice.", flag, spec, key));
    switch (d->kind) {
      case Kind::kBool: {
        const std::string v = lower(value);
        if (eq == std::string::npos || v == "yes" || v == "true")
          j[key] = true;
        else if (v == "no" || v == "false")
          j[key] = false;
        else
          return core::make_error(
              fmt::format("'{} {}': {} is yes or no, not '{}'.", flag, spec, key, value));
        break;
      }
      case Kind::kInt: {
        int n = -1;
        const auto [ptr, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
        if (ec != std::errc() || ptr != value.data() + value.size())
          return core::make_error(
              fmt::format("'{} {}': {} is a count of enemy fronts from 0 to 4, not '{}'.", flag,
                          spec, key, value));
        j[key] = n;
        break;
      }
      case Kind::kInches: {
        char* end = nullptr;
        const double x = std::strtod(value.c_str(), &end);
        if (value.empty() || end != value.c_str() + value.size() || !std::isfinite(x))
          return core::make_error(fmt::format(
              "'{} {}': {} is a distance in inches, e.g. 2.5, not '{}'.", flag, spec, key, value));
        j[key] = number_json(x);
        break;
      }
      case Kind::kEnum:
        j[key] = value;  // describe_fight names the allowed values
        break;
      case Kind::kList: {
        json list = json::array();
        for (const auto& item : split(value, '+')) list.push_back(item);
        j[key] = list;
        break;
      }
    }
  }
  return j;
}

game::CommandSpec described_odds_spec() {
  std::vector<game::FlagSpec> flags;
  auto element = [&](std::string name, std::string help) {
    flags.push_back({.name = std::move(name),
                     .takes_value = true,
                     .help = std::move(help),
                     .value_name = "TROOP[,detail...]"});
  };
  element("attacker",
          "the element of the side whose bound it is, in close combat (the odds' first)");
  element("defender", "the enemy element it fights");
  element("shooter", "the shooting element (artillery: artillery fire)");
  element("target", "the element shot at");
  flags.push_back({.name = "round",
                   .takes_value = true,
                   .help = "first (the round after a contact move; the default), later, or "
                           "follow-up (CC-8, CC-15)",
                   .value_name = "R"});
  flags.push_back({.name = "year",
                   .takes_value = true,
                   .help = "the battle's year (default 1400): Swiss pike's d8 (CC-1), early "
                           "handguns' range (Sht-2)",
                   .value_name = "N"});
  flags.push_back({.name = "range",
                   .takes_value = true,
                   .help = "inches from shooter to target (a shot needs it; Sht-2, Sht-3)",
                   .value_name = "INCHES"});
  return game::described_odds_spec(
      "gwkho",
      "The exact odds of a gwkho close combat, shot or artillery fire between two\n"
      "described elements, with no game: every factor with its clause, worked out by\n"
      "the same code as a game in play.",
      std::move(flags),
      // Logical lines: the help is wrapped to 80 columns, each under its second column.
      R"~(TROOP is a type and one grade as the rulebook writes them: Hc, Cv, Re, Lc, El, Ph, Pk, HI, LI, Bw, Lb, Xb, Sh, L.Art, H.Art with (s), (o), (f), (i) or (x), e.g. Hc(o). Details follow, comma-separated: key=value, or a word alone for a yes/no detail, a morale (steady, shaken, broken) or a going (open, rough, bad, road). Close combat (and artillery fire, its gun and target):
  general              a general stands with it (CC-9)
  ranks=T+T            the friends directly behind it, 2nd rank first, up to 3 (CC-5 to CC-7)
  flank=N, rear=N      other enemy fronts touching its flanks, its rear (CC-9)
  going=G              open (the default), rough, bad or road: the ground it stands in (CC-5, CC-9)
  morale=M             steady (the default), shaken or broken (CC-9, Mor-12, Mor-13)
  status=S             berserker, stubborn, mutinous, brittle or unreliable (Tr-6)
  peoples=P+P          swiss, landsknecht, spanish_16th, ... (the d8 of CC-1)
  upgraded             it bought a better combat die with PIPs (CC-1)
  uphill               it stands uphill of its enemy (CC-12)
  behind-obstacle      behind a river, stream or hedge against its enemy (CC-13)
  fortified            behind a fortification (CC-9, CC-14)
  charged              it moved into this contact this bound (CC-8)
  turned               hit on a flank or rear this bound, it turned to face (CC-8)
  moved=INCHES         how far it moved in its side's latest bound (CC-8; guns: Sht-13)
  fought-last-bound    it was in close combat last bound (CC-8)
  breakthrough         it destroyed the enemy to its front and fights on (CC-10)
  failed-to-push-back  already in this contact, it did not push its enemy back (CC-5)
  no-room              it has no room to recoil: beaten, it is destroyed (CC-14)
A shot of small arms: the shooter's weapon=W (bow, longbow, crossbow, handgun, arquebus, musket, swivel_guns, firearms), morale, ranks (its own type shooting with it, Sht-4) and front-rank-only (it moved over 3 inches, Sht-14); the target's cover=none (the default), cover or fortification (foot only, Sht-8) and enfilade (shot in flank, Sht-4). An artillery shooter fires as a round of close combat (Sht-11) unless it moved (Sht-13).
What is not given is the plainest case (ruling G-78): the year 1400, the first round of the fight (charged or turned only where said), no status, people, general, rank or enemy beside it, open going, steady morale, not moved; a shot needs its range.
A situation file holds {"attacker": {"troop": "Hc(o)", "general": true, ...}, "defender": {...}, "round": "first", "year": 1400}, or "shooter", "target", "range" and "year", with the details above as keys (underscores for dashes).)~");
}

namespace {

// One element's line: its troop and every detail given.
std::string element_line(std::string_view role, const json& e) {
  std::string line = fmt::format("  {}: {}", role, e["troop"].get<std::string>());
  for (const auto& [key, value] : e.items()) {
    if (key == "troop") continue;
    std::string k = key;
    std::replace(k.begin(), k.end(), '_', '-');
    if (value.is_boolean())
      line += value.get<bool>() ? ", " + k : ", not " + k;
    else if (value.is_array()) {
      std::string items;
      for (const auto& x : value) items += (items.empty() ? "" : "+") + x.get<std::string>();
      line += fmt::format(", {} {}", k, items);
    } else if (key == "moved")
      line += fmt::format(", moved {} in", value.dump());
    else
      line +=
          fmt::format(", {} {}", k, value.is_string() ? value.get<std::string>() : value.dump());
  }
  return line;
}

// The flags as the object describe_fight reads (a file's object is that already).
core::Expected<json> situation_from_flags(const game::SituationFields& f) {
  json situation = json::object();
  for (const char* role : {"attacker", "defender", "shooter", "target"})
    if (f.has(role)) {
      auto e = element_from_spec(f.all()[role].get<std::string>(), fmt::format("--{}", role));
      if (!e) return e.error();
      situation[role] = *e;
    }
  if (f.has("round")) situation["round"] = f.all()["round"];
  for (const char* key : {"year", "range"})
    if (f.has(key)) {
      const std::string v = f.all()[key].get<std::string>();
      char* end = nullptr;
      const double x = std::strtod(v.c_str(), &end);
      if (v.empty() || end != v.c_str() + v.size() || !std::isfinite(x))
        return core::make_error(fmt::format("--{} takes a number, not '{}'.", key, v));
      situation[key] = number_json(x);
    }
  return situation;
}

core::Expected<game::DescribedOddsAnswer> answer(const game::SituationFields& f) {
  const bool flags = f.file().empty();
  auto situation = flags ? situation_from_flags(f) : core::Expected<json>(f.all());
  if (!situation) return situation.error();
  auto fight = describe_fight(*situation, flags);
  if (!fight) return f.whole_error(fight.message());
  const json& d = fight->description;
  game::DescribedOddsAnswer a;
  a.situation = d;
  a.odds = fight->odds;
  const std::string kind = d["kind"].get<std::string>();
  if (kind == "close_combat") {
    const std::string round = d["round"].get<std::string>();
    a.lines.push_back(fmt::format("Described close combat ({}, year {}):",
                                  round == "first"   ? "the round after a contact move"
                                  : round == "later" ? "a later round"
                                                     : "the round after a follow-up",
                                  d["year"].dump()));
    a.lines.push_back(element_line("attacker", d["attacker"]));
    a.lines.push_back(element_line("defender", d["defender"]));
    a.decision = "Resolve the combat";
  } else {
    a.lines.push_back(fmt::format(
        "Described {} (year {}{}):", kind == "shot" ? "shot" : "artillery fire", d["year"].dump(),
        d.contains("range") ? fmt::format(", range {} in", d["range"].dump()) : ""));
    a.lines.push_back(element_line("shooter", d["shooter"]));
    a.lines.push_back(element_line("target", d["target"]));
    a.decision = kind == "shot" ? "Resolve the shot" : "Resolve the artillery fire";
  }
  return a;
}

}  // namespace

int run_described_odds_cli(const std::vector<std::string>& args, std::ostream& out,
                           std::ostream& err) {
  return game::run_described_odds(args, described_odds_spec(), answer, out, err);
}

}  // namespace carroccio::gwkho
