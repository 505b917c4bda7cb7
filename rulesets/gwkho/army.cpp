// Army lists: reading and checking (Tr, Pts, Gen, Dis), costing (Pts) and morale ledgers (Mor).
#include "rulesets/gwkho/army.hpp"

#include <algorithm>

#include "fmt/format.h"
#include "game/registry.hpp"
#include "game/scenario_reader.hpp"

namespace carroccio::gwkho {

std::vector<std::pair<std::string_view, std::string_view>> embedded_armies();

int Regiment::element_count() const {
  int n = 0;
  for (const auto& g : elements) n += g.count;
  return n;
}

namespace {

using game::FieldReader;
using game::Need;
using nlohmann::json;

std::string ratio_text(Ratio r) { return fmt::format("{}/{}", r.num, r.den); }

// ---- Reading ----

// Reads one element group and checks it on its own ([Pts-1], [Tr-6], [Tr-7], [Dis-1], [Pts-5]).
bool read_group(FieldReader& rd, const json& j, const std::string& path, const ArmyList& army,
                ElementGroup& g) {
  const std::string p = path + ".";
  g.path = path;
  if (!rd.object(j, p) ||
      !rd.only_fields(j, p,
                      {"name", "type", "grade", "count", "status", "weapon", "dismount",
                       "mounted_infantry", "general", "unarmed", "peoples", "halberds"},
                      "an element group (see docs/scenario-format.md, gwkho)") ||
      !rd.string(j, p, "name", g.name, Need::kOptional))
    return false;
  std::vector<std::pair<std::string_view, TroopType>> types;
  for (TroopType t : kAllTypes) types.emplace_back(type_id(t), t);
  std::vector<std::pair<std::string_view, Grade>> grades;
  static const std::array<std::string_view, kNumGrades> kLetters = {"s", "o", "f", "i", "x"};
  for (Grade gr : kAllGrades)
    grades.emplace_back(kLetters[static_cast<std::size_t>(index_of(gr))], gr);
  if (!rd.choice(j, p, "type", g.troop.type, types) ||
      !rd.choice(j, p, "grade", g.troop.grade, grades) ||
      !rd.integer(j, p, "count", g.count, 1, 200) ||
      !rd.boolean(j, p, "mounted_infantry", g.mounted_infantry, Need::kOptional) ||
      !rd.boolean(j, p, "general", g.general, Need::kOptional) ||
      !rd.boolean(j, p, "unarmed", g.unarmed, Need::kOptional))
    return false;

  // [Pts-1, Tr-7] The pair must exist in the points table, in the army's era.
  const PointsCell& cell = points_cell(g.troop);
  const std::string troop = troop_text(g.troop);
  if (!cell.exists)
    return rd.fail(p + "grade",
                   fmt::format("is '{}', but {} has no ({}) grade in the points table (rule Pts-1)",
                               grade_letter(g.troop.grade), type_id(g.troop.type),
                               grade_letter(g.troop.grade)));
  if (cell.later_era && army.era != Era::kHorseAndMusket)
    return rd.fail(p + "grade",
                   fmt::format("is '{}', but {} is a grade of the horse-and-musket era: it needs "
                               "options.era \"horse_and_musket\" (rule Tr-7, ruling G-5)",
                               grade_letter(g.troop.grade), troop));

  // [Tr-6] At most one special morale status, and only on the troops it allows.
  if (auto it = j.find("status"); it != j.end()) {
    if (it->is_array() && it->size() > 1)
      return rd.fail(p + "status",
                     fmt::format("lists {} statuses, but an element has at most one special "
                                 "morale status (rule Tr-6)",
                                 it->size()));
    std::vector<std::pair<std::string_view, Status>> statuses;
    for (int s = 1; s < kNumStatuses; ++s)
      statuses.emplace_back(status_id(static_cast<Status>(s)), static_cast<Status>(s));
    if (!rd.choice(j, p, "status", g.status, statuses)) return false;
    if (auto why = status_forbidden(g.status, g.troop))
      return rd.fail(p + "status", fmt::format("is '{}', but {} cannot be: {} (rule Tr-6)",
                                               status_id(g.status), troop, *why));
  }

  // [Pts-2, Sht-2] A weapon the troop may carry.
  if (auto it = j.find("weapon"); it != j.end()) {
    std::vector<std::pair<std::string_view, Weapon>> weapons;
    for (int w = 1; w <= static_cast<int>(Weapon::kFirearms); ++w)
      weapons.emplace_back(weapon_id(static_cast<Weapon>(w)), static_cast<Weapon>(w));
    if (!rd.choice(j, p, "weapon", g.weapon, weapons)) return false;
    if (!weapon_allowed(g.troop, g.weapon))
      return rd.fail(p + "weapon", fmt::format("is '{}', which {} cannot carry (rule Pts-2)",
                                               weapon_id(g.weapon), troop));
  }

  // [Dis-1] What the troop dismounts as: one of its options, under that option's condition.
  if (auto it = j.find("dismount"); it != j.end()) {
    std::string text;
    if (!rd.string(j, p, "dismount", text)) return false;
    if (!is_mounted(g.troop.type))
      return rd.fail(p + "dismount",
                     fmt::format("is given, but {} is foot: only mounted troops dismount (rule "
                                 "Dis-1)",
                                 troop));
    auto to = parse_troop(text);
    if (!to)
      return rd.fail(p + "dismount",
                     fmt::format("is '{}', which is not a troop: write a type and one grade, e.g. "
                                 "HI(s)",
                                 text));
    const auto options = dismount_options(g.troop);
    if (options.empty())
      return rd.fail(p + "dismount",
                     fmt::format("is '{}', but {} do not dismount (rule Dis-1)", text, troop));
    const DismountOption* chosen = nullptr;
    std::vector<std::string> names;
    for (const auto& o : options) {
      names.push_back(troop_text(o.to));
      if (o.to == *to && chosen == nullptr) chosen = &o;
    }
    names.erase(std::unique(names.begin(), names.end()), names.end());
    if (chosen == nullptr) {
      std::vector<std::string_view> views(names.begin(), names.end());
      return rd.fail(p + "dismount", fmt::format("is '{}', but {} dismounts as {} (rule Dis-1)",
                                                 text, troop, game::or_list(views)));
    }
    // Where several options lead to the same troop, the usual one (no condition) is listed
    // first in the data, so `chosen` is the least demanding.
    const std::string to_text = troop_text(*to);
    switch (chosen->when) {
      case DismountWhen::kEnglishAfter1300:
        if (army.year <= 1300)
          return rd.fail(p + "dismount",
                         fmt::format("is '{}', the dismount of English heavy cavalry after 1300, "
                                     "but the army's year is {} (rule Dis-1)",
                                     to_text, army.year));
        break;
      case DismountWhen::kBow:
      case DismountWhen::kLongbow:
      case DismountWhen::kCrossbow:
      case DismountWhen::kArquebus: {
        const Weapon need = chosen->when == DismountWhen::kBow        ? Weapon::kBow
                            : chosen->when == DismountWhen::kLongbow  ? Weapon::kLongbow
                            : chosen->when == DismountWhen::kCrossbow ? Weapon::kCrossbow
                                                                      : Weapon::kArquebus;
        if (g.weapon != need)
          return rd.fail(p + "dismount",
                         fmt::format("is '{}', which {} dismount as only with weapon \"{}\" (rule "
                                     "Dis-1)",
                                     to_text, troop, weapon_id(need)));
        break;
      }
      case DismountWhen::kAlways:
      case DismountWhen::kWestern:
        break;
    }
    g.dismount = *to;
  }

  // [Pts-5] Mounted infantry are foot (not artillery) riding as Cv(i).
  if (g.mounted_infantry && !default_tables().mounted_infantry.contains(g.troop))
    return rd.fail(p + "mounted_infantry",
                   fmt::format("is true, but {} cannot be mounted infantry: only foot other than "
                               "artillery (rule Pts-5)",
                               troop));
  // [CC-17, CC-18] The peoples the rules name, and halberds or bills for heavy infantry.
  if (const json* ps = rd.array(j, p, "peoples", 1, kNumPeoples, Need::kOptional)) {
    for (std::size_t k = 0; k < ps->size(); ++k) {
      const std::string field = fmt::format("{}peoples[{}]", p, k);
      const auto& v = (*ps)[k];
      const auto people = v.is_string() ? people_from_id(v.get<std::string>()) : std::nullopt;
      if (!people) {
        std::string ids;
        for (int i = 0; i < kNumPeoples; ++i)
          ids += fmt::format("{}{}", i == 0 ? "" : ", ", people_id(static_cast<People>(i)));
        return rd.fail(field, "must be one of the peoples the rules name: " + ids);
      }
      g.peoples.add(*people);
    }
  } else if (rd.err()) {
    return false;
  }
  if (!rd.boolean(j, p, "halberds", g.halberds, Need::kOptional)) return false;
  if (g.halberds && g.troop.type != TroopType::kHI)
    return rd.fail(p + "halberds",
                   fmt::format("is true, but {} is not heavy infantry: only HI carry halberds or "
                               "bills in the rules (rule CC-18)",
                               troop));
  // [G-71] Only an artillery element may be without its guns (a standard's war cart).
  if (g.unarmed && !is_artillery(g.troop.type))
    return rd.fail(p + "unarmed",
                   fmt::format("is true, but {} is not artillery: only a gun element may be listed "
                               "without its guns (ruling G-71)",
                               troop));
  return true;
}

bool read_groups(FieldReader& rd, const json& obj, const std::string& path, const char* key,
                 const ArmyList& army, std::vector<ElementGroup>& out, Need need) {
  const json* a = rd.array(obj, path + ".", key, 1, 100, need);
  if (!a) return !rd.err();
  for (std::size_t i = 0; i < a->size(); ++i) {
    ElementGroup g;
    if (!read_group(rd, (*a)[i], fmt::format("{}.{}[{}]", path, key, i), army, g)) return false;
    out.push_back(std::move(g));
  }
  return true;
}

bool read_command(FieldReader& rd, const json& j, const std::string& path, const ArmyList& army,
                  Command& c) {
  const std::string p = path + ".";
  c.path = path;
  if (!rd.object(j, p) ||
      !rd.only_fields(j, p,
                      {"general", "quality", "cinc", "inert", "decisive", "allied",
                       "exceptional_subordinates", "elements", "regiments"},
                      "a command (see docs/scenario-format.md, gwkho)") ||
      !rd.string(j, p, "general", c.general) ||
      !rd.choice(j, p, "quality", c.quality,
                 {{"good", GeneralQuality::kGood}, {"normal", GeneralQuality::kNormal}}) ||
      !rd.boolean(j, p, "cinc", c.cinc, Need::kOptional) ||
      !rd.boolean(j, p, "inert", c.inert, Need::kOptional) ||
      !rd.boolean(j, p, "decisive", c.decisive, Need::kOptional) ||
      !rd.boolean(j, p, "allied", c.allied, Need::kOptional))
    return false;
  // [Mor-1a] The commander-in-chief's command is the army's main contingent, never an ally
  // (ruling G-32a).
  if (c.allied && c.cinc)
    return rd.fail(p + "allied",
                   "is true, but the commander-in-chief's command is the army's main contingent: "
                   "an allied contingent is another general's command (rule Mor-1a, ruling G-32a)");
  // [Gen-1] Only the commander-in-chief can be inert (he loses his free PIP), and a good
  // general is not inexperienced (ruling G-9a).
  if (c.inert && !c.cinc)
    return rd.fail(p + "inert",
                   "is true, but only the commander-in-chief can be inert (rule Gen-1)");
  if (c.inert && c.quality == GeneralQuality::kGood)
    return rd.fail(p + "inert",
                   "is true, but a good general cannot be inert: inert means inexperienced "
                   "(rule Gen-1, ruling G-9a)");
  if (const json* subs = rd.array(j, p, "exceptional_subordinates", 1, 10, Need::kOptional)) {
    for (std::size_t i = 0; i < subs->size(); ++i) {
      if (!(*subs)[i].is_string() || (*subs)[i].get<std::string>().empty())
        return rd.fail(fmt::format("{}exceptional_subordinates[{}]", p, i),
                       "must be a non-empty string, the subordinate's name");
      c.exceptional_subordinates.push_back((*subs)[i].get<std::string>());
    }
  } else if (rd.err()) {
    return false;
  }
  if (!read_groups(rd, j, path, "elements", army, c.elements, Need::kOptional)) return false;
  if (const json* regs = rd.array(j, p, "regiments", 1, 20, Need::kOptional)) {
    for (std::size_t i = 0; i < regs->size(); ++i) {
      const std::string rp = fmt::format("{}.regiments[{}]", path, i);
      const json& r = (*regs)[i];
      Regiment reg;
      reg.path = rp;
      if (!rd.object(r, rp + ".") ||
          !rd.only_fields(r, rp + ".", {"name", "elements"},
                          "a regiment (see docs/scenario-format.md, gwkho)") ||
          !rd.string(r, rp + ".", "name", reg.name) ||
          !read_groups(rd, r, rp, "elements", army, reg.elements, Need::kRequired))
        return false;
      // [Gen-2] 14 to 21 elements, or 8 to 13 for a small regiment (ruling G-39a).
      const Tables& tb = default_tables();
      const int n = reg.element_count();
      if (n < tb.small_regiment_elements.min || n > tb.regiment_elements.max)
        return rd.fail(rp + ".elements",
                       fmt::format("holds {} elements, but a regiment has {} to {} ({} to {} for a "
                                   "small one) (rule Gen-2, ruling G-39a)",
                                   n, tb.regiment_elements.min, tb.regiment_elements.max,
                                   tb.small_regiment_elements.min, tb.small_regiment_elements.max));
      c.regiments.push_back(std::move(reg));
    }
  } else if (rd.err()) {
    return false;
  }
  if (c.elements.empty() && c.regiments.empty())
    return rd.fail(p + "elements", "is missing: a command has elements or regiments");
  // The general stands with one element; one group at most says which.
  int generals = 0;
  std::string second;
  auto count_general = [&](const ElementGroup& g) {
    if (g.general && ++generals == 2) second = g.path;
  };
  for (const auto& g : c.elements) count_general(g);
  for (const auto& r : c.regiments)
    for (const auto& g : r.elements) count_general(g);
  if (generals > 1)
    return rd.fail(second + ".general",
                   "is true, but another group of this command already has the general");
  return true;
}

}  // namespace

core::Expected<ArmyList> load_army_list(const json& j, std::string_view source) {
  FieldReader rd(source);
  ArmyList a;
  // The ruleset first, so that another ruleset's file is named as such.
  std::string ruleset;
  if (!rd.object(j, "") || !rd.string(j, "", "ruleset", ruleset)) return *rd.err();
  if (ruleset != "gwkho")
    return rd.error("ruleset", fmt::format("is '{}', expected \"gwkho\"", ruleset));
  if (!rd.only_fields(
          j, "", {"ruleset", "id", "name", "description", "year", "options", "budget", "commands"},
          "a gwkho army list (see docs/scenario-format.md, gwkho)"))
    return *rd.err();
  int budget = 0;
  if (!rd.string(j, "", "id", a.id) || !rd.string(j, "", "name", a.name) ||
      !rd.string(j, "", "description", a.description, Need::kOptional) ||
      !rd.integer(j, "", "year", a.year, 1000, 1900))
    return *rd.err();
  if (j.contains("budget")) {
    if (!rd.integer(j, "", "budget", budget, 1, 100000)) return *rd.err();
    a.budget = budget;
  }
  const Tables& tb = default_tables();
  if (auto it = j.find("options"); it != j.end()) {
    if (!rd.object(*it, "options.") ||
        !rd.only_fields(*it, "options.", {"era", "raised_morale", "culture", "british_isles"},
                        "the options of an army list") ||
        !rd.choice(*it, "options.", "era", a.era,
                   {{"medieval", Era::kMedieval}, {"horse_and_musket", Era::kHorseAndMusket}},
                   Need::kOptional) ||
        !rd.boolean(*it, "options.", "raised_morale", a.raised_morale, Need::kOptional) ||
        // [Mor-19] Who the army's troops are, for the surrender rules (ruling G-37).
        !rd.choice(*it, "options.", "culture", a.culture,
                   {{"other", Culture::kOther},
                    {"christian_european", Culture::kChristianEuropean},
                    {"muslim", Culture::kMuslim},
                    {"american_state", Culture::kAmericanState}},
                   Need::kOptional) ||
        !rd.boolean(*it, "options.", "british_isles", a.british_isles, Need::kOptional))
      return *rd.err();
  }
  // [Tr-7] The year falls in the era (ruling G-5).
  const Interval years = a.era == Era::kMedieval ? tb.medieval_years : tb.horse_and_musket_years;
  if (!years.contains(a.year))
    return rd.error("year",
                    fmt::format("is {}, but the {} era runs from {} to {} (rule Tr-7, "
                                "ruling G-5)",
                                a.year, a.era == Era::kMedieval ? "medieval" : "horse-and-musket",
                                years.min, years.max));
  const json* commands = rd.array(j, "", "commands", 1, 40);
  if (!commands) return *rd.err();
  for (std::size_t i = 0; i < commands->size(); ++i) {
    Command c;
    if (!read_command(rd, (*commands)[i], fmt::format("commands[{}]", i), a, c)) return *rd.err();
    a.commands.push_back(std::move(c));
  }

  // [Gen-1] Exactly one commander-in-chief.
  int cinc = -1;
  for (std::size_t i = 0; i < a.commands.size(); ++i) {
    if (!a.commands[i].cinc) continue;
    if (cinc >= 0)
      return rd.error(fmt::format("commands[{}].cinc", i),
                      fmt::format("is true, but commands[{}] already has the commander-in-chief: "
                                  "an army has one (rule Gen-1)",
                                  cinc));
    cinc = static_cast<int>(i);
  }
  if (cinc < 0)
    return rd.error("commands",
                    "has no commander-in-chief: one command must have cinc true (rule Gen-1)");

  // [Gen-3] Generals for the army's e/e (ruling G-39).
  const ArmyReport report = assess(a);
  const Interval allowed = report.generals_allowed;
  const int generals = static_cast<int>(a.commands.size());
  if (!allowed.contains(generals))
    return rd.error("commands",
                    fmt::format("has {} general{}, but an army of {} e/e has {} (rule Gen-3, "
                                "ruling G-39)",
                                generals, generals == 1 ? "" : "s", report.ee.text(),
                                allowed.min == allowed.max
                                    ? std::to_string(allowed.min)
                                    : fmt::format("{} to {}", allowed.min, allowed.max)));

  // [Pts-7, Pts-4] The budget, half as much again for a light army (ruling G-4a).
  if (a.budget && report.points > *report.allowed)
    return rd.error(
        "budget",
        report.light_army
            ? fmt::format("is {}, which a light army may exceed by half to {}, but the army costs "
                          "{} points (rule Pts-7, rule Pts-4)",
                          *a.budget, report.allowed->text(), report.points.text())
            : fmt::format("is {}, but the army costs {} points (rule Pts-7)", *a.budget,
                          report.points.text()));
  return a;
}

core::Expected<ArmyList> read_army_list(const std::string& text, std::string_view source) {
  auto j = game::parse_json_text(text, source);
  if (!j) return j.error();
  auto a = load_army_list(*j, source);
  if (!a) return core::make_error(game::with_field_line(a.message(), source, text));
  return a;
}

std::vector<std::pair<std::string, std::string>> builtin_army_lists() {
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& [name, text] : embedded_armies())
    out.emplace_back(std::string(name.substr(0, name.rfind('.'))), std::string(text));
  return out;
}

core::Expected<ArmyList> builtin_army_list(std::string_view id) {
  std::vector<std::string> ids;
  for (const auto& [name, text] : builtin_army_lists()) {
    if (name == id) return read_army_list(text, fmt::format("gwkho/{}", id));
    ids.push_back(name);
  }
  return core::make_error(
      fmt::format("gwkho has no army list '{}': it has {}.", id, fmt::join(ids, ", ")));
}

// ---- Points ----

ElementCost element_cost(const ElementGroup& g) {
  const Tables& tb = default_tables();
  ElementCost c;
  const Troop t = g.troop;
  c.each = points_cell(t).cost;
  auto replace = [&](const PointsDetail& d, const char* what) {
    if (!d.troops.contains(t)) return;
    if (d.cost) {
      c.each = *d.cost;
      c.details.push_back(fmt::format("{} {}", what, d.cost->text()));
    } else {
      c.each += d.plus;
      c.details.push_back(
          fmt::format("{} {}{}", what, d.plus.halves >= 0 ? "+" : "", d.plus.text()));
    }
  };
  // [Pts-2] The notes beside the table.
  if (t.type == TroopType::kLc && g.weapon == Weapon::kCrossbow)
    replace(tb.lc_crossbow, "with crossbow");
  if (t.type == TroopType::kLc && g.weapon == Weapon::kArquebus)
    replace(tb.lc_arquebus, "with arquebus");
  if (t.type == TroopType::kEl && g.weapon == Weapon::kSwivelGuns)
    replace(tb.el_swivel_guns, "swivel guns");
  if (t.type == TroopType::kEl && g.weapon == Weapon::kBow) replace(tb.el_bows, "bows");
  if (t.type == TroopType::kEl && g.weapon == Weapon::kFirearms)
    replace(tb.el_firearms, "firearms");
  if (t.type == TroopType::kSh && g.weapon == Weapon::kMusket) replace(tb.sh_musket, "musket");
  if (t.type == TroopType::kHc && g.dismount == Troop{TroopType::kHI, Grade::kS})
    replace(tb.hc_dismounting_as_hi_s, "dismounts as HI(s)");
  // [Pts-5] Mounted infantry: 5, or their cost plus 1 if that is more.
  if (g.mounted_infantry) {
    const Points plus = c.each + tb.mounted_infantry_plus;
    c.each = std::max(plus, tb.mounted_infantry_at_least);
    c.details.push_back(fmt::format("mounted infantry: {}", c.each.text()));
  }
  // [Pts-3] The special morale status.
  if (g.status != Status::kNone) {
    for (const auto& row : tb.status_costs[static_cast<std::size_t>(g.status)]) {
      if (!row.troops.contains(t)) continue;
      c.each += row.plus;
      c.details.push_back(fmt::format("{} {}{}", status_id(g.status),
                                      row.plus.halves >= 0 ? "+" : "", row.plus.text()));
      break;
    }
  }
  return c;
}

ElementCost command_cost(const Command& c) {
  const Tables& tb = default_tables();
  ElementCost out;
  // [Pts-6] The general, his subordinates, decisiveness and regiments.
  if (c.quality == GeneralQuality::kGood) {
    out.each = tb.good_general;
    out.details.push_back(fmt::format("good general {}", tb.good_general.text()));
  } else if (c.inert && c.cinc) {
    out.each = tb.inert_cinc;
    out.details.push_back(fmt::format("inert commander-in-chief {}", tb.inert_cinc.text()));
  } else {
    out.each = tb.normal_general;
    out.details.push_back(fmt::format("normal general {}", tb.normal_general.text()));
  }
  if (c.decisive) {
    out.each += tb.decisive;
    out.details.push_back(fmt::format("decisive +{}", tb.decisive.text()));
  }
  for (const auto& s : c.exceptional_subordinates) {
    out.each += tb.exceptional_subordinate;
    out.details.push_back(
        fmt::format("exceptional subordinate {} +{}", s, tb.exceptional_subordinate.text()));
  }
  for (const auto& r : c.regiments) {
    const bool small = r.element_count() <= tb.small_regiment_elements.max;
    const Points p = small ? tb.small_regiment : tb.regiment;
    out.each += p;
    out.details.push_back(
        fmt::format("{}regiment {} +{}", small ? "small " : "", r.name, p.text()));
  }
  return out;
}

const ElementGroup& general_group(const Command& c) {
  for (const auto& g : c.elements)
    if (g.general) return g;
  for (const auto& r : c.regiments)
    for (const auto& g : r.elements)
      if (g.general) return g;
  // A command read by read_army_list() has at least one group.
  return c.elements.empty() ? c.regiments.front().elements.front() : c.elements.front();
}

Interval generals_allowed(Ee ee) {
  const Tables& tb = default_tables();
  // In halves of e/e: at least one general per `max` e/e, at most one per `min` e/e.
  auto ceil_div = [](int a, int b) { return (a + b - 1) / b; };
  const bool small = ee.halves <= 2 * tb.small_army_max_ee;
  const Interval per = small ? tb.ee_per_general : tb.large_army_ee_per_general;
  Interval r{ceil_div(ee.halves, 2 * per.max), ee.halves / (2 * per.min)};
  if (small) r.max = std::min(r.max, tb.small_army_max_generals);
  r.min = std::max(r.min, 1);
  r.max = std::max(r.max, r.min);
  return r;
}

namespace {
template <typename F>
void for_each_group(const ArmyList& a, F f) {
  for (const auto& c : a.commands) {
    for (const auto& g : c.elements) f(c, g);
    for (const auto& r : c.regiments)
      for (const auto& g : r.elements) f(c, g);
  }
}
}  // namespace

bool is_light_army(const ArmyList& a) {
  bool light = true, any = false;
  for_each_group(a, [&](const Command&, const ElementGroup& g) {
    any = true;
    light = light && default_tables().light_army.contains(g.troop);
  });
  return light && any;
}

std::optional<Points> spending_allowed(const ArmyList& a) {
  if (!a.budget) return std::nullopt;
  const int percent = is_light_army(a) ? default_tables().light_army_budget_percent : 100;
  // Whole budget points times the percentage, in halves, rounded down to a half point.
  return Points{*a.budget * 2 * percent / 100};
}

// ---- The assessment ----

Ee threshold(Ee total, Ratio fraction) {
  return Ee{(total.halves * fraction.num + fraction.den - 1) / fraction.den};
}

namespace {

GroupReport group_report(const ElementGroup& g) {
  GroupReport r;
  r.group = &g;
  r.cost = element_cost(g);
  r.total = r.cost.each * g.count;
  r.ee_each = element_equivalents(g.troop);
  r.ee_total = r.ee_each * g.count;
  return r;
}

Ledger ledger(std::string kind, std::string label, std::string rule, Ee ee, Ratio shaken,
              Ratio broken) {
  return Ledger{std::move(kind),       std::move(label),     std::move(rule), ee,
                threshold(ee, shaken), threshold(ee, broken)};
}

}  // namespace

ArmyReport assess(const ArmyList& army) {
  const Tables& tb = default_tables();
  ArmyReport r;
  r.army = &army;
  Ee main_ee, heavy_ee, missile_ee, mutinous_ee;
  for (const auto& c : army.commands) {
    CommandReport cr;
    cr.command = &c;
    Ee allied_ee;
    cr.general_cost = command_cost(c);
    cr.points = cr.general_cost.each;
    auto add = [&](const ElementGroup& g, std::vector<GroupReport>& into) {
      GroupReport gr = group_report(g);
      cr.points += gr.total;
      cr.ee += gr.ee_total;
      cr.elements += g.count;
      if (is_elite_heavy(g.troop) && g.status != Status::kMutinous)
        cr.elite_heavy_elements += g.count;
      // [Mor-7] Mutinous troops count as a separate army (ruling G-36a); [Mor-1a] so does an
      // allied contingent, whose troops count in its own ledger alone (ruling G-32a).
      if (g.status == Status::kMutinous) {
        mutinous_ee += gr.ee_total;
      } else if (c.allied) {
        allied_ee += gr.ee_total;
      } else {
        main_ee += gr.ee_total;
        if (is_heavy(g.troop, g.status)) heavy_ee += gr.ee_total;
        if (is_missile(g.troop)) missile_ee += gr.ee_total;
      }
      into.push_back(std::move(gr));
    };
    for (const auto& g : c.elements) add(g, cr.groups);
    for (const auto& reg : c.regiments) {
      RegimentReport rr;
      rr.regiment = &reg;
      rr.elements = reg.element_count();
      rr.small = rr.elements <= tb.small_regiment_elements.max;
      // [Mor-6] Below two thirds of its elements: lost L with (n - L) * den < num * n.
      const Ratio below = tb.regiment_shaken_below;
      rr.shaken_after_lost = rr.elements * (below.den - below.num) / below.den + 1;
      for (const auto& g : reg.elements) add(g, rr.groups);
      cr.regiments.push_back(std::move(rr));
    }
    r.points += cr.points;
    r.ee += cr.ee;
    r.elements += cr.elements;
    cr.allied_ee = allied_ee;
    r.commands.push_back(std::move(cr));
  }
  r.generals_allowed = generals_allowed(r.ee);
  r.light_army = is_light_army(army);
  r.allowed = spending_allowed(army);
  r.shaken = army.raised_morale ? tb.raised_shaken : tb.standard_shaken;
  r.broken = army.raised_morale ? tb.raised_broken : tb.standard_broken;

  // [Mor-1, Mor-2] The army.
  r.ledgers.push_back(ledger("army", "army", "", main_ee, r.shaken, r.broken));
  // [Mor-3] Heavy troops, when they are at least a sixth of the army's e/e.
  const Ratio share = tb.heavy_min_share;
  if (heavy_ee.halves > 0 && heavy_ee.halves * share.den >= main_ee.halves * share.num)
    r.ledgers.push_back(ledger("heavy", "heavy troops",
                               "heavy troops take the better of this and the army's", heavy_ee,
                               r.shaken, r.broken));
  // [Mor-5] Missile troops.
  if (missile_ee.halves > 0)
    r.ledgers.push_back(ledger("missile", "missile troops",
                               "missile troops take the worse of this and the army's; Bw(s), "
                               "Lb(s), Sh(s) and Xb(x) count in it but ignore it",
                               missile_ee, r.shaken, r.broken));
  // [Mor-4] Elite heavies of a command with more than 10 of them.
  for (std::size_t ci = 0; ci < r.commands.size(); ++ci) {
    const CommandReport& cr = r.commands[ci];
    if (cr.elite_heavy_elements <= tb.elite_heavy_more_than) continue;
    Ee ee;
    auto add = [&](const ElementGroup& g) {
      if (is_elite_heavy(g.troop) && g.status != Status::kMutinous)
        ee += element_equivalents(g.troop) * g.count;
    };
    for (const auto& g : cr.command->elements) add(g);
    for (const auto& reg : cr.command->regiments)
      for (const auto& g : reg.elements) add(g);
    r.ledgers.push_back(ledger(
        "elite_heavy", fmt::format("elite heavies of the command of {}", cr.command->general),
        "they take the better of this and the army's", ee, r.shaken, r.broken));
    r.ledgers.back().command = static_cast<int>(ci);
  }
  // [Mor-1a] Each allied contingent: a separate army, at the army's fractions (ruling G-32a).
  for (std::size_t ci = 0; ci < r.commands.size(); ++ci) {
    const CommandReport& cr = r.commands[ci];
    if (!cr.command->allied || cr.allied_ee.halves == 0) continue;
    r.ledgers.push_back(ledger("allied",
                               fmt::format("the allied contingent of {}", cr.command->general),
                               "a separate army: its losses do not count in the army's, and its "
                               "elements take this instead of the army's",
                               cr.allied_ee, r.shaken, r.broken));
    r.ledgers.back().command = static_cast<int>(ci);
  }
  // [Mor-7] Mutinous troops: a separate army.
  if (mutinous_ee.halves > 0)
    r.ledgers.push_back(ledger("mutinous", "mutinous troops",
                               "a separate army: their losses do not count in the army's",
                               mutinous_ee, r.shaken, r.broken));
  return r;
}

// ---- Printing ----

namespace {

// A number of halves as JSON: a whole number when it is one, else x.5.
json halves_json(int halves) { return halves % 2 == 0 ? json(halves / 2) : json(halves / 2.0); }

std::string group_line(const GroupReport& g) {
  const ElementGroup& e = *g.group;
  std::string what = fmt::format("{} x {}", e.count, troop_text(e.troop));
  if (!e.name.empty()) what += " " + e.name;
  std::string details;
  if (!g.cost.details.empty()) details = fmt::format(" ({})", fmt::join(g.cost.details, ", "));
  return fmt::format("{}: {} pts each{}, {} pts, {} e/e{}", what, g.cost.each.text(), details,
                     g.total.text(), g.ee_total.text(), e.general ? ", with the general" : "");
}

json group_json(const GroupReport& g) {
  const ElementGroup& e = *g.group;
  json j = {{"troop", troop_text(e.troop)},
            {"type", type_id(e.troop.type)},
            {"grade", std::string(1, grade_letter(e.troop.grade))},
            {"count", e.count},
            {"points_each", halves_json(g.cost.each.halves)},
            {"points", halves_json(g.total.halves)},
            {"ee_each", halves_json(g.ee_each.halves)},
            {"ee", halves_json(g.ee_total.halves)},
            {"details", g.cost.details},
            {"path", e.path}};
  if (!e.name.empty()) j["name"] = e.name;
  if (e.status != Status::kNone) j["status"] = status_id(e.status);
  if (e.weapon != Weapon::kNone) j["weapon"] = weapon_id(e.weapon);
  if (e.dismount) j["dismount"] = troop_text(*e.dismount);
  if (e.mounted_infantry) j["mounted_infantry"] = true;
  if (e.unarmed) j["unarmed"] = true;
  if (e.general) j["general"] = true;
  if (!e.peoples.empty()) {
    j["peoples"] = json::array();
    for (int i = 0; i < kNumPeoples; ++i)
      if (e.peoples.has(static_cast<People>(i)))
        j["peoples"].push_back(people_id(static_cast<People>(i)));
  }
  if (e.halberds) j["halberds"] = true;
  return j;
}

std::string general_title(const Command& c) {
  std::string s = fmt::format("{}, {} general", c.general,
                              c.quality == GeneralQuality::kGood ? "good" : "normal");
  if (c.cinc) s += ", commander-in-chief";
  if (c.inert) s += ", inert";
  if (c.decisive) s += ", decisive";
  if (c.allied) s += ", allied contingent";
  return s;
}

}  // namespace

std::string report_text(const ArmyReport& r, std::string_view source) {
  const ArmyList& a = *r.army;
  std::string out = fmt::format("{} ({}, {} era): gwkho army list {}\n", a.name, a.year,
                                a.era == Era::kMedieval ? "medieval" : "horse-and-musket", source);
  for (std::size_t i = 0; i < r.commands.size(); ++i) {
    const CommandReport& c = r.commands[i];
    out += fmt::format("Command {}: {}: {} pts ({})\n", i + 1, general_title(*c.command),
                       c.general_cost.each.text(), fmt::join(c.general_cost.details, ", "));
    for (const auto& g : c.groups) out += "  " + group_line(g) + "\n";
    for (const auto& reg : c.regiments) {
      out += fmt::format("  {}regiment {} with its command stand: {} elements\n",
                         reg.small ? "small " : "", reg.regiment->name, reg.elements);
      for (const auto& g : reg.groups) out += "    " + group_line(g) + "\n";
    }
    out += fmt::format("  command total: {} pts, {} e/e, {} elements\n", c.points.text(),
                       c.ee.text(), c.elements);
  }
  const Interval& ga = r.generals_allowed;
  out += fmt::format(
      "Army: {} pts, {} e/e, {} elements, {} general{} ({} allowed)\n", r.points.text(),
      r.ee.text(), r.elements, a.commands.size(), a.commands.size() == 1 ? "" : "s",
      ga.min == ga.max ? std::to_string(ga.min) : fmt::format("{} to {}", ga.min, ga.max));
  if (r.light_army)
    out +=
        "Light army: only LI(o)(f)(i), Bw(o)(i)(f) and Pk(x), so it may spend half as much "
        "again as a budget\n";
  if (a.budget)
    out += fmt::format(
        "Budget: {} pts{}, {} left\n", *a.budget,
        r.light_army ? fmt::format(" (a light army may spend {})", r.allowed->text()) : "",
        (*r.allowed - r.points).text());
  out += fmt::format("Morale (shaken at {}, broken at {} of the e/e lost):\n", ratio_text(r.shaken),
                     ratio_text(r.broken));
  for (const auto& l : r.ledgers) {
    // [Mor-1a] An allied contingent's line gives its points too (ruling G-32a).
    const std::string points =
        l.kind == "allied"
            ? fmt::format(" ({} pts)",
                          r.commands[static_cast<std::size_t>(l.command)].points.text())
            : "";
    out += fmt::format("  {}{}: {} e/e, shaken at {} e/e lost, broken at {}{}\n", l.label, points,
                       l.ee.text(), l.shaken_at.text(), l.broken_at.text(),
                       l.rule.empty() ? "" : " (" + l.rule + ")");
  }
  for (const auto& c : r.commands)
    for (const auto& reg : c.regiments)
      out += fmt::format("  regiment {}: {} elements, the rest shaken after {} lost\n",
                         reg.regiment->name, reg.elements, reg.shaken_after_lost);
  return out;
}

json report_json(const ArmyReport& r) {
  const ArmyList& a = *r.army;
  json commands = json::array();
  for (const auto& c : r.commands) {
    json groups = json::array();
    for (const auto& g : c.groups) groups.push_back(group_json(g));
    json regiments = json::array();
    for (const auto& reg : c.regiments) {
      json rg = json::array();
      for (const auto& g : reg.groups) rg.push_back(group_json(g));
      regiments.push_back({{"name", reg.regiment->name},
                           {"small", reg.small},
                           {"elements", reg.elements},
                           {"shaken_after_lost", reg.shaken_after_lost},
                           {"groups", rg}});
    }
    const Command& cmd = *c.command;
    commands.push_back({{"general", cmd.general},
                        {"quality", cmd.quality == GeneralQuality::kGood ? "good" : "normal"},
                        {"cinc", cmd.cinc},
                        {"inert", cmd.inert},
                        {"decisive", cmd.decisive},
                        {"allied", cmd.allied},
                        {"exceptional_subordinates", cmd.exceptional_subordinates},
                        {"general_points", halves_json(c.general_cost.each.halves)},
                        {"general_details", c.general_cost.details},
                        {"groups", groups},
                        {"regiments", regiments},
                        {"points", halves_json(c.points.halves)},
                        {"ee", halves_json(c.ee.halves)},
                        {"elements", c.elements}});
  }
  json ledgers = json::array();
  for (const auto& l : r.ledgers) {
    json lj = {{"kind", l.kind},
               {"label", l.label},
               {"rule", l.rule},
               {"ee", halves_json(l.ee.halves)},
               {"shaken_at", halves_json(l.shaken_at.halves)},
               {"broken_at", halves_json(l.broken_at.halves)}};
    // [Mor-1a] An allied contingent's ledger names its command and its points (ruling G-32a).
    if (l.kind == "allied") {
      lj["command"] = l.command;
      lj["points"] = halves_json(r.commands[static_cast<std::size_t>(l.command)].points.halves);
    }
    ledgers.push_back(std::move(lj));
  }
  json out = {
      {"ruleset", "gwkho"},
      {"id", a.id},
      {"name", a.name},
      {"year", a.year},
      {"era", a.era == Era::kMedieval ? "medieval" : "horse_and_musket"},
      {"raised_morale", a.raised_morale},
      {"commands", commands},
      {"points", halves_json(r.points.halves)},
      {"ee", halves_json(r.ee.halves)},
      {"elements", r.elements},
      {"generals", a.commands.size()},
      {"generals_allowed", {r.generals_allowed.min, r.generals_allowed.max}},
      {"light_army", r.light_army},
      {"budget", a.budget ? json(*a.budget) : json(nullptr)},
      {"allowed", r.allowed ? halves_json(r.allowed->halves) : json(nullptr)},
      {"morale",
       {{"shaken", ratio_text(r.shaken)}, {"broken", ratio_text(r.broken)}, {"ledgers", ledgers}}}};
  return out;
}

}  // namespace carroccio::gwkho
