// Loading rulesets/gwkho/data/*.json into Tables, and the troop lookups of tables.hpp.
#include "rulesets/gwkho/tables.hpp"

#include <algorithm>
#include <stdexcept>

#include "fmt/format.h"
#include "nlohmann/json.hpp"

namespace carroccio::gwkho {

namespace {

using nlohmann::json;

constexpr std::array<std::string_view, 6> kResultIds = {"no_effect", "push_back", "flee",
                                                        "rout",      "destroyed", "crew_flee"};
constexpr std::array<std::string_view, 7> kDismountWhenIds = {
    "always", "english_after_1300", "bow", "longbow", "western", "crossbow", "arquebus"};
constexpr std::array<std::string_view, kNumGoings> kGoingIds = {"open", "rough", "bad", "road"};

// A problem in a data file: "<file>: field '<path>' <what>."
struct DataError {
  std::string message;
};

// Walks one data file; every getter names the file and the field's path when it fails.
class Data {
 public:
  Data(std::string file, const json& root) : file_(std::move(file)), root_(root) {}

  [[noreturn]] void fail(const std::string& path, const std::string& what) const {
    throw DataError{fmt::format("rulesets/gwkho/data/{}: field '{}' {}.", file_, path, what)};
  }
  const json& at(const json& obj, const std::string& path, const std::string& key) const {
    const std::string p = path.empty() ? key : path + "." + key;
    if (!obj.is_object() || !obj.contains(key)) fail(p, "is missing");
    return obj.at(key);
  }
  const json& root() const { return root_; }
  int integer(const json& v, const std::string& path) const {
    if (!v.is_number_integer()) fail(path, "must be a whole number");
    return v.get<int>();
  }
  int integer(const json& obj, const std::string& path, const std::string& key) const {
    return integer(at(obj, path, key), join(path, key));
  }
  Points points(const json& v, const std::string& path) const {
    if (!v.is_number()) fail(path, "must be a number of points");
    auto h = halves_of(v.get<double>());
    if (!h) fail(path, "must be a whole number or end in .5");
    return Points{*h};
  }
  std::string string(const json& v, const std::string& path) const {
    if (!v.is_string()) fail(path, "must be a string");
    return v.get<std::string>();
  }
  TroopSet troops(const json& v, const std::string& path) const {
    auto s = TroopSet::parse(string(v, path));
    if (!s) fail(path, "is not a set of troops: " + s.message());
    return *s;
  }
  TroopSet troops(const json& obj, const std::string& path, const std::string& key) const {
    return troops(at(obj, path, key), join(path, key));
  }
  std::optional<TroopSet> optional_troops(const json& obj, const std::string& path,
                                          const std::string& key) const {
    if (!obj.contains(key)) return std::nullopt;
    return troops(obj.at(key), join(path, key));
  }
  Troop troop(const json& v, const std::string& path) const {
    auto t = parse_troop(string(v, path));
    if (!t) fail(path, t.message());
    return *t;
  }
  const json& array(const json& obj, const std::string& path, const std::string& key) const {
    const json& a = at(obj, path, key);
    if (!a.is_array() || a.empty()) fail(join(path, key), "must be a non-empty list");
    return a;
  }
  Result result(const json& v, const std::string& path) const {
    const std::string s = string(v, path);
    for (std::size_t i = 0; i < kResultIds.size(); ++i)
      if (kResultIds[i] == s) return static_cast<Result>(i);
    fail(path, fmt::format("is '{}', not a result", s));
  }
  Interval interval(const json& obj, const std::string& path) const {
    Interval r{integer(obj, path, "min"), integer(obj, path, "max")};
    if (r.min > r.max) fail(path, "has its min above its max");
    return r;
  }
  Interval years(const json& obj, const std::string& path) const {
    Interval r{integer(obj, path, "from"), integer(obj, path, "to")};
    if (r.min > r.max) fail(path, "ends before it starts");
    return r;
  }
  Ratio ratio(const json& v, const std::string& path) const {
    if (!v.is_array() || v.size() != 2) fail(path, "must be [numerator, denominator]");
    Ratio r{integer(v[0], path + "[0]"), integer(v[1], path + "[1]")};
    if (r.num <= 0 || r.den <= 0 || r.num > r.den) fail(path, "must be a fraction from 0 to 1");
    return r;
  }
  int integer_at(const json& obj, const std::string& path, const std::string& key) const {
    return integer(obj, path, key);
  }
  bool boolean(const json& obj, const std::string& path, const std::string& key) const {
    if (!obj.contains(key)) return false;
    if (!obj.at(key).is_boolean()) fail(join(path, key), "must be true or false");
    return obj.at(key).get<bool>();
  }
  Peoples peoples(const json& obj, const std::string& path, const std::string& key) const {
    const std::string p = join(path, key);
    const json& a = at(obj, path, key);
    if (!a.is_array()) fail(p, "must be a list of peoples");
    Peoples out;
    for (std::size_t i = 0; i < a.size(); ++i) {
      const std::string id = string(a[i], item(p, i));
      auto people = people_from_id(id);
      if (!people) fail(item(p, i), fmt::format("is '{}', not a people the rules name", id));
      out.add(*people);
    }
    return out;
  }
  // {"troops": ..., "vs": ..., "value": ...}; `troops_key` may be absent when `all` is given.
  TroopFactor troop_factor(const json& obj, const std::string& path, const std::string& key,
                           const char* troops_key = "troops") const {
    const std::string p = join(path, key);
    const json& f = at(obj, path, key);
    TroopFactor out;
    out.troops = f.contains(troops_key) ? troops(f, p, troops_key) : *TroopSet::parse("all");
    out.vs = optional_troops(f, p, "vs");
    out.value = integer(f, p, "value");
    return out;
  }
  Grade grade(const json& v, const std::string& path) const {
    const std::string g = string(v, path);
    if (g.size() == 3 && g.front() == '(' && g.back() == ')')
      if (auto out = grade_from_letter(g.substr(1, 1))) return *out;
    fail(path, fmt::format("is '{}', not a grade such as \"(s)\"", g));
  }
  static std::string join(const std::string& path, const std::string& key) {
    return path.empty() ? key : path + "." + key;
  }
  static std::string item(const std::string& path, std::size_t i) {
    return fmt::format("{}[{}]", path, i);
  }

 private:
  std::string file_;
  const json& root_;
};

// A list of {"troops", "<key>"} rows: (set, integer).
std::vector<std::pair<TroopSet, int>> set_rows(const Data& d, const json& obj,
                                               const std::string& path, const std::string& key,
                                               const std::string& value) {
  std::vector<std::pair<TroopSet, int>> rows;
  const json& a = d.array(obj, path, key);
  for (std::size_t i = 0; i < a.size(); ++i) {
    const std::string p = Data::item(Data::join(path, key), i);
    rows.emplace_back(d.troops(a[i], p, "troops"), d.integer(a[i], p, value));
  }
  return rows;
}

// Every troop of every type and grade is in exactly one of the rows (a whole table).
template <typename Row>
void check_covers_each_type_once(const Data& d, const std::vector<Row>& rows,
                                 const std::string& path) {
  for (TroopType t : kAllTypes) {
    int found = 0;
    for (const auto& r : rows) found += r.troops.has_type(t) ? 1 : 0;
    if (found != 1)
      d.fail(path, fmt::format("lists {} {} times: every type must be on exactly one row",
                               type_id(t), found));
  }
}

void load_troops(Tables& t, const Data& d) {
  const json& r = d.root();
  const json& bases = d.at(r, "", "bases");
  t.base_width_mm = d.integer(bases, "bases", "width_mm");
  t.base_depth_mm = set_rows(d, bases, "bases", "depth_mm", "mm");
  t.ee_halves =
      set_rows(d, d.at(r, "", "element_equivalents"), "element_equivalents", "halves", "halves");
  const json& mc = d.at(r, "", "morale_classes");
  t.heavy = d.troops(mc, "morale_classes", "heavy");
  t.elite_heavy = d.troops(mc, "morale_classes", "elite_heavy");
  t.missile = d.troops(mc, "morale_classes", "missile");
  t.missile_steady = d.troops(mc, "morale_classes", "missile_steady");
  const json& imp = d.at(r, "", "impetuous");
  t.impetuous_always = d.troops(imp, "impetuous", "always");
  t.impetuous_unless_hc = d.troops(imp, "impetuous", "unless_nearest_enemy_hc");
  const json& st = d.array(d.at(r, "", "statuses"), "statuses", "rules");
  for (std::size_t i = 0; i < st.size(); ++i) {
    const std::string p = Data::item("statuses.rules", i);
    StatusRule rule;
    const std::string id = d.string(d.at(st[i], p, "status"), p + ".status");
    auto s = status_from_id(id);
    if (!s || *s == Status::kNone) d.fail(p + ".status", fmt::format("is '{}', not a status", id));
    rule.status = *s;
    rule.only = d.optional_troops(st[i], p, "only");
    if (auto never = d.optional_troops(st[i], p, "never")) rule.never = *never;
    if (auto except = d.optional_troops(st[i], p, "except")) rule.except = *except;
    if (st[i].contains("rule")) rule.rule = d.string(st[i]["rule"], p + ".rule");
    if ((rule.only || !rule.never.empty()) && rule.rule.empty())
      d.fail(p + ".rule", "is missing: a restricted status says its restriction");
    t.status_rules.push_back(std::move(rule));
  }
  if (t.status_rules.size() != kNumStatuses - 1)
    d.fail("statuses.rules", "must hold one row per status");
  const json& dm = d.array(d.at(r, "", "dismount"), "dismount", "options");
  for (std::size_t i = 0; i < dm.size(); ++i) {
    const std::string p = Data::item("dismount.options", i);
    DismountOption o;
    o.from = d.troops(dm[i], p, "from");
    o.to = d.troop(d.at(dm[i], p, "to"), p + ".to");
    if (dm[i].contains("when")) {
      const std::string w = d.string(dm[i]["when"], p + ".when");
      bool found = false;
      for (std::size_t k = 0; k < kDismountWhenIds.size(); ++k)
        if (kDismountWhenIds[k] == w) {
          o.when = static_cast<DismountWhen>(k);
          found = true;
        }
      if (!found) d.fail(p + ".when", fmt::format("is '{}', not a dismount condition", w));
    }
    if (dm[i].contains("note")) o.note = d.string(dm[i]["note"], p + ".note");
    if (dm[i].contains("range_inches")) o.range_inches = d.integer(dm[i], p, "range_inches");
    for (TroopType ty : kAllTypes)
      if (o.from.has_type(ty) && !is_mounted(ty))
        d.fail(p + ".from", "names foot: only mounted troops dismount");
    if (is_mounted(o.to.type)) d.fail(p + ".to", "names mounted troops: they dismount as foot");
    t.dismount.push_back(std::move(o));
  }
}

PointsDetail detail(const Data& d, const json& obj, const std::string& key) {
  const std::string p = "details." + key;
  const json& j = d.at(obj, "details", key);
  PointsDetail out;
  out.troops = d.troops(j, p, "troops");
  if (j.contains("plus")) out.plus = d.points(j["plus"], p + ".plus");
  if (j.contains("cost")) out.cost = d.points(j["cost"], p + ".cost");
  if (j.contains("plus") == j.contains("cost")) d.fail(p, "must give either plus or cost");
  return out;
}

void load_points(Tables& t, const Data& d) {
  const json& r = d.root();
  const json& table = d.at(r, "", "table");
  const json& grades = d.at(table, "table", "grades");
  if (grades != json({"s", "o", "f", "i", "x"}))
    d.fail("table.grades", "must be [\"s\", \"o\", \"f\", \"i\", \"x\"], the printed order");
  const json& rows = d.array(table, "table", "rows");
  std::array<bool, kNumTypes> seen{};
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const std::string p = Data::item("table.rows", i);
    const std::string id = d.string(d.at(rows[i], p, "troops"), p + ".troops");
    auto type = type_from_id(id);
    if (!type) d.fail(p + ".troops", fmt::format("is '{}', not a troop type", id));
    if (seen[static_cast<std::size_t>(index_of(*type))]) d.fail(p + ".troops", "repeats a type");
    seen[static_cast<std::size_t>(index_of(*type))] = true;
    const json& cells = d.at(rows[i], p, "points");
    if (!cells.is_array() || cells.size() != kNumGrades)
      d.fail(p + ".points", "must list 5 costs, S O F I X");
    for (Grade g : kAllGrades) {
      const std::string cp = fmt::format("{}.points[{}]", p, index_of(g));
      const json& c = cells[static_cast<std::size_t>(index_of(g))];
      PointsCell& cell = t.points[static_cast<std::size_t>(index_of(*type))]
                                 [static_cast<std::size_t>(index_of(g))];
      if (c.is_null()) continue;
      cell.exists = true;
      if (c.is_string()) {
        // "(8)": a later-era grade.
        const std::string s = c.get<std::string>();
        if (s.size() < 3 || s.front() != '(' || s.back() != ')')
          d.fail(cp, "must be a number, null or a number in parentheses");
        cell.later_era = true;
        try {
          cell.cost = d.points(json::parse(s.substr(1, s.size() - 2)), cp);
        } catch (const json::exception&) {
          d.fail(cp, "must hold a number in its parentheses");
        }
      } else {
        cell.cost = d.points(c, cp);
      }
      if (cell.cost.halves <= 0) d.fail(cp, "must cost more than nothing");
    }
  }
  for (TroopType ty : kAllTypes)
    if (!seen[static_cast<std::size_t>(index_of(ty))])
      d.fail("table.rows", fmt::format("has no row for {}", type_id(ty)));

  const json& det = d.at(r, "", "details");
  t.hc_dismounting_as_hi_s = detail(d, det, "hc_dismounting_as_hi_s");
  t.lc_crossbow = detail(d, det, "lc_crossbow");
  t.lc_arquebus = detail(d, det, "lc_arquebus");
  t.el_swivel_guns = detail(d, det, "el_swivel_guns");
  t.el_bows = detail(d, det, "el_bows");
  t.el_firearms = detail(d, det, "el_firearms");
  t.sh_musket = detail(d, det, "sh_musket");

  const json& mi = d.at(r, "", "mounted_infantry");
  t.mounted_infantry = d.troops(mi, "mounted_infantry", "troops");
  if (auto no = d.optional_troops(mi, "mounted_infantry", "not"))
    t.mounted_infantry = t.mounted_infantry - *no;
  t.mounted_infantry_at_least =
      d.points(d.at(mi, "mounted_infantry", "at_least"), "mounted_infantry.at_least");
  t.mounted_infantry_plus = d.points(d.at(mi, "mounted_infantry", "plus"), "mounted_infantry.plus");
  t.mounted_infantry_as = d.troop(d.at(mi, "mounted_infantry", "as"), "mounted_infantry.as");

  const json& sc = d.at(r, "", "statuses");
  for (int s = 1; s < kNumStatuses; ++s) {
    const std::string key(status_id(static_cast<Status>(s)));
    const json& a = d.array(sc, "statuses", key);
    for (std::size_t i = 0; i < a.size(); ++i) {
      const std::string p = Data::item("statuses." + key, i);
      t.status_costs[static_cast<std::size_t>(s)].push_back(
          {d.troops(a[i], p, "troops"), d.points(d.at(a[i], p, "plus"), p + ".plus")});
    }
    // Every troop must find a row (the last row is usually "all").
    for (TroopType ty : kAllTypes)
      for (Grade g : kAllGrades) {
        bool found = false;
        for (const auto& row : t.status_costs[static_cast<std::size_t>(s)])
          found = found || row.troops.contains({ty, g});
        if (!found)
          d.fail("statuses." + key, fmt::format("has no row for {}", troop_text({ty, g})));
      }
  }

  const json& cm = d.at(r, "", "commanders");
  auto cost = [&](const char* key) {
    return d.points(d.at(cm, "commanders", key), std::string("commanders.") + key);
  };
  t.good_general = cost("good");
  t.normal_general = cost("normal");
  t.inert_cinc = cost("inert_cinc");
  t.exceptional_subordinate = cost("exceptional_subordinate");
  t.decisive = cost("decisive");
  t.regiment = cost("regiment");
  t.small_regiment = cost("small_regiment");

  const json& la = d.at(r, "", "light_army");
  t.light_army = d.troops(la, "light_army", "troops");
  t.light_army_budget_percent = d.integer(la, "light_army", "budget_percent");
  if (t.light_army_budget_percent < 100)
    d.fail("light_army.budget_percent", "must be at least 100");
}

void load_army(Tables& t, const Data& d) {
  const json& r = d.root();
  const json& eras = d.at(r, "", "eras");
  t.medieval_years = d.years(d.at(eras, "eras", "medieval"), "eras.medieval");
  t.horse_and_musket_years =
      d.years(d.at(eras, "eras", "horse_and_musket"), "eras.horse_and_musket");
  const json& g = d.at(r, "", "generals");
  t.ee_per_general = d.interval(d.at(g, "generals", "ee_per_general"), "generals.ee_per_general");
  t.small_army_max_ee = d.integer(g, "generals", "small_army_max_ee");
  t.small_army_max_generals = d.integer(g, "generals", "small_army_max_generals");
  t.large_army_ee_per_general = d.interval(d.at(g, "generals", "large_army_ee_per_general"),
                                           "generals.large_army_ee_per_general");
  if (t.ee_per_general.min <= 0 || t.large_army_ee_per_general.min <= 0)
    d.fail("generals", "must give e/e per general above 0");
  const json& rg = d.at(r, "", "regiments");
  t.regiment_elements = d.interval(d.at(rg, "regiments", "regiment"), "regiments.regiment");
  t.small_regiment_elements =
      d.interval(d.at(rg, "regiments", "small_regiment"), "regiments.small_regiment");
  if (t.small_regiment_elements.max + 1 != t.regiment_elements.min)
    d.fail("regiments", "must have small regiments end just below regiments");
  const json& m = d.at(r, "", "morale");
  const json& st = d.at(m, "morale", "standard");
  const json& ra = d.at(m, "morale", "raised");
  t.standard_shaken = d.ratio(d.at(st, "morale.standard", "shaken"), "morale.standard.shaken");
  t.standard_broken = d.ratio(d.at(st, "morale.standard", "broken"), "morale.standard.broken");
  t.raised_shaken = d.ratio(d.at(ra, "morale.raised", "shaken"), "morale.raised.shaken");
  t.raised_broken = d.ratio(d.at(ra, "morale.raised", "broken"), "morale.raised.broken");
  t.heavy_min_share = d.ratio(d.at(m, "morale", "heavy_min_share"), "morale.heavy_min_share");
  t.elite_heavy_more_than = d.integer(m, "morale", "elite_heavy_more_than");
  t.regiment_shaken_below =
      d.ratio(d.at(m, "morale", "regiment_shaken_below"), "morale.regiment_shaken_below");
}

std::array<int, kNumGoings> by_going(const Data& d, const json& v, const std::string& path) {
  if (!v.is_array() || v.size() != kNumGoings) d.fail(path, "must list 4 values, one per going");
  std::array<int, kNumGoings> out{};
  for (std::size_t i = 0; i < kNumGoings; ++i) out[i] = d.integer(v[i], Data::item(path, i));
  return out;
}

void load_movement(Tables& t, const Data& d) {
  const json& r = d.root();
  const json& table = d.at(r, "", "table");
  std::vector<std::string> goings;
  for (auto g : kGoingIds) goings.emplace_back(g);
  if (d.at(table, "table", "goings") != json(goings))
    d.fail("table.goings", "must be [\"open\", \"rough\", \"bad\", \"road\"]");
  const json& rows = d.array(table, "table", "rows");
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const std::string p = Data::item("table.rows", i);
    MovementRow row;
    row.troops = d.troops(rows[i], p, "troops");
    const json& in = d.at(rows[i], p, "inches");
    if (!in.is_array() || in.size() != kNumGoings) d.fail(p + ".inches", "must list 4 distances");
    for (std::size_t k = 0; k < kNumGoings; ++k)
      if (!in[k].is_null()) row.inches[k] = d.integer(in[k], Data::item(p + ".inches", k));
    t.movement.push_back(std::move(row));
  }
  check_covers_each_type_once(d, t.movement, "table.rows");
  const json& fast = d.at(r, "", "fast");
  t.fast_foot = by_going(d, d.at(fast, "fast", "foot"), "fast.foot");
  t.fast_mounted = by_going(d, d.at(fast, "fast", "mounted"), "fast.mounted");
  const json& rout = d.at(r, "", "routing");
  t.routing_plus = d.integer(rout, "routing", "plus");
  for (const auto& g : d.at(rout, "routing", "not_in")) {
    bool found = false;
    for (std::size_t k = 0; k < kNumGoings; ++k)
      if (g.is_string() && g.get<std::string>() == kGoingIds[k]) t.routing_not_in[k] = found = true;
    if (!found) d.fail("routing.not_in", "names a going that is not open, rough, bad or road");
  }
  t.routing_not_for = d.troops(rout, "routing", "not_for");
  const json& sw = d.at(r, "", "swiss_landsknecht_fast");
  t.swiss_landsknecht_fast = d.troops(sw, "swiss_landsknecht_fast", "troops");
  t.swiss_landsknecht_beyond = d.integer(sw, "swiss_landsknecht_fast", "beyond_inches");
  t.ford_max = d.integer(r, "", "ford_max_inches");
  t.free_half_turns =
      set_rows(d, d.at(r, "", "free_half_turns"), "free_half_turns", "rows", "turns");
}

void load_shooting_play(Tables& t, const Data& d);

void load_shooting(Tables& t, const Data& d) {
  const json& r = d.root();
  const json& rg = d.at(r, "", "ranges");
  auto range = [&](const char* key) { return d.integer(rg, "ranges", key); };
  t.ranges = {range("longbow"),
              range("crossbow"),
              range("early_handgun"),
              range("later_handgun"),
              range("early_handgun_until"),
              range("arquebus"),
              range("musket"),
              range("mounted_bow"),
              range("bow_s"),
              range("bow_o"),
              range("bow_i_f"),
              range("reiter")};
  const json& art = d.at(r, "", "artillery_ranges");
  for (const auto& [key, out] :
       {std::pair<const char*, std::array<int, kNumGrades>*>{"H.Art", &t.heavy_artillery_range},
        {"L.Art", &t.light_artillery_range}}) {
    const json& row = d.at(art, "artillery_ranges", key);
    for (Grade g : kAllGrades)
      (*out)[static_cast<std::size_t>(index_of(g))] =
          d.integer(row, std::string("artillery_ranges.") + key, std::string(1, grade_letter(g)));
  }
  const json& bands = d.array(d.at(r, "", "results"), "results", "bands");
  for (std::size_t i = 0; i < bands.size(); ++i) {
    const std::string p = Data::item("results.bands", i);
    ShootingBand b;
    b.at_least = d.integer(bands[i], p, "at_least");
    b.result = d.result(d.at(bands[i], p, "result"), p + ".result");
    b.artillery = d.result(d.at(bands[i], p, "artillery"), p + ".artillery");
    if (bands[i].contains("elephants"))
      b.elephants = d.result(bands[i]["elephants"], p + ".elephants");
    if (auto ig = d.optional_troops(bands[i], p, "ignored_by")) b.ignored_by = *ig;
    if (!t.shooting_bands.empty() && b.at_least >= t.shooting_bands.back().at_least)
      d.fail(p + ".at_least", "must be below the band before it (highest first)");
    t.shooting_bands.push_back(std::move(b));
  }
  load_shooting_play(t, d);
}

void load_combat_play(Tables& t, const Data& d);

void load_combat(Tables& t, const Data& d) {
  const json& r = d.root();
  const json& bf = d.at(r, "", "base_factors");
  const json& rows = d.array(bf, "base_factors", "rows");
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const std::string p = Data::item("base_factors.rows", i);
    t.factors.push_back({d.troops(rows[i], p, "troops"), d.integer(rows[i], p, "vs_foot"),
                         d.integer(rows[i], p, "vs_mounted")});
  }
  check_covers_each_type_once(d, t.factors, "base_factors.rows");
  const json& ex = d.array(bf, "base_factors", "exceptions");
  for (std::size_t i = 0; i < ex.size(); ++i) {
    const std::string p = Data::item("base_factors.exceptions", i);
    FactorException e;
    e.troops = d.troops(ex[i], p, "troops");
    e.opponent = d.optional_troops(ex[i], p, "opponent");
    if (ex[i].contains("when")) {
      const std::string w = d.string(ex[i]["when"], p + ".when");
      if (w == "artillery_fire")
        e.when = FactorWhen::kArtilleryFire;
      else if (w == "just_contacted")
        e.when = FactorWhen::kJustContacted;
      else
        d.fail(p + ".when", fmt::format("is '{}', not artillery_fire or just_contacted", w));
    }
    e.factor = d.integer(ex[i], p, "factor");
    if (ex[i].contains("note")) e.note = d.string(ex[i]["note"], p + ".note");
    t.factor_exceptions.push_back(std::move(e));
  }
  const json& ca = d.array(d.at(r, "", "counts_as"), "counts_as", "rows");
  for (std::size_t i = 0; i < ca.size(); ++i) {
    const std::string p = Data::item("counts_as.rows", i);
    CountsAsRow row;
    row.troops = d.troops(ca[i], p, "troops");
    const std::string c = d.string(d.at(ca[i], p, "context"), p + ".context");
    if (c == "close_combat")
      row.context = Context::kCloseCombat;
    else if (c == "shooting")
      row.context = Context::kShooting;
    else if (c == "shot_at")
      row.context = Context::kShotAt;
    else if (c == "movement")
      row.context = Context::kMovement;
    else
      d.fail(p + ".context", fmt::format("is '{}', not a context", c));
    row.opponent = d.optional_troops(ca[i], p, "opponent");
    row.as = d.troop(d.at(ca[i], p, "as"), p + ".as");
    t.counts_as.push_back(std::move(row));
  }
  const json& dice = d.at(r, "", "dice");
  t.d8 = d.troops(dice, "dice", "d8");
  t.die_upgrade = d.troops(dice, "dice", "upgrade");
  t.max_die_sides = d.integer(dice, "dice", "max_sides");
  t.d8_upgrade_pips = d.integer(dice, "dice", "d8_upgrade_pips");
  t.first_upgrade_pips = d.integer(dice, "dice", "first_upgrade_pips");
  t.later_upgrade_pips = d.integer(dice, "dice", "later_upgrade_pips");
  const json& res = d.at(r, "", "results");
  t.beaten_result = d.result(d.at(res, "results", "beaten"), "results.beaten");
  t.doubled_result = d.result(d.at(res, "results", "doubled"), "results.doubled");
  const json& rr = d.array(res, "results", "rows");
  for (std::size_t i = 0; i < rr.size(); ++i) {
    const std::string p = Data::item("results.rows", i);
    ResultRow row;
    row.loser = d.troops(rr[i], p, "loser");
    row.by = d.optional_troops(rr[i], p, "by");
    if (rr[i].contains("margin")) row.margin = d.integer(rr[i]["margin"], p + ".margin");
    if (rr[i].contains("applies")) {
      const std::string a = d.string(rr[i]["applies"], p + ".applies");
      if (a == "beaten")
        row.applies = Applies::kBeatenOnly;
      else if (a == "doubled")
        row.applies = Applies::kDoubledOnly;
      else
        d.fail(p + ".applies", fmt::format("is '{}', not beaten or doubled", a));
    }
    if (rr[i].contains("when")) {
      if (rr[i]["when"] != "just_contacted") d.fail(p + ".when", "must be just_contacted");
      row.just_contacted = true;
    }
    row.result = d.result(d.at(rr[i], p, "result"), p + ".result");
    t.results.push_back(std::move(row));
  }
  load_combat_play(t, d);
}

// The rules of play in combat.json (CC-5 .. CC-19).
void load_combat_play(Tables& t, const Data& d) {
  const json& r = d.root();
  const std::string sr = "supporting_ranks";
  const json& rk = d.at(r, "", sr);
  RankRules& k = t.ranks;
  k.phalanx = d.troops(rk, sr, "phalanx");
  k.second = d.integer(rk, sr, "second_rank");
  const json& bs = d.at(rk, sr, "bow_support");
  k.bow_support = d.troops(bs, sr + ".bow_support", "troops");
  k.bow_supported = d.troops(bs, sr + ".bow_support", "supports");
  k.bow_support_value = d.integer(bs, sr + ".bow_support", "value");
  k.bow_support_just_contacted = d.integer(bs, sr + ".bow_support", "just_contacted");
  k.third = d.integer(rk, sr, "third_rank");
  k.third_off_enemy = d.troop_factor(rk, sr, "third_rank_off_enemy");
  k.third_off_enemy.troops = k.phalanx;
  k.fourth = d.troop_factor(rk, sr, "fourth_rank");
  k.fourth_off_enemy = d.troop_factor(rk, sr, "fourth_rank_off_enemy");
  k.at_most_three = d.troops(rk, sr, "at_most_three_ranks");
  k.not_after_failing_vs = d.troops(rk, sr, "not_after_failing_vs");
  k.heavy_infantry = d.troop_factor(rk, sr, "heavy_infantry");
  k.heavy_infantry_rank = d.troops(d.at(rk, sr, "heavy_infantry"), sr + ".heavy_infantry", "rank");
  k.light_infantry = d.troop_factor(rk, sr, "light_infantry");

  const json& cr = d.array(d.at(r, "", "composite_ranks"), "composite_ranks", "rows");
  for (std::size_t i = 0; i < cr.size(); ++i) {
    const std::string p = Data::item("composite_ranks.rows", i);
    CompositeRank c;
    c.front = d.troops(cr[i], p, "front");
    c.behind = d.troops(cr[i], p, "behind");
    c.ranks = d.integer(cr[i], p, "ranks");
    if (c.ranks < 1) d.fail(p + ".ranks", "must be at least 1");
    c.as = d.grade(d.at(cr[i], p, "as"), p + ".as");
    t.composite_ranks.push_back(std::move(c));
  }

  const std::string tp = "tactical";
  const json& tc = d.at(r, "", tp);
  TacticalFactors& f = t.tactical;
  f.received_charge = d.troop_factor(tc, tp, "received_charge");
  f.received_charge.vs = d.troops(d.at(tc, tp, "received_charge"), tp + ".received_charge", "by");
  f.received_charge_moved_over =
      d.ratio(d.at(d.at(tc, tp, "received_charge"), tp + ".received_charge", "moved_over"),
              tp + ".received_charge.moved_over");
  f.reiter_charge = d.troop_factor(tc, tp, "reiter_charge");
  f.reiter_charge.vs = d.troops(d.at(tc, tp, "reiter_charge"), tp + ".reiter_charge", "by");
  f.reiter_moved_over_inches =
      d.integer(d.at(tc, tp, "reiter_charge"), tp + ".reiter_charge", "moved_over_inches");
  f.mounted_vs_moving_foot = d.troop_factor(tc, tp, "mounted_vs_moving_foot");
  f.light_infantry_in_rough = d.troop_factor(tc, tp, "light_infantry_in_rough");
  f.general = d.integer(tc, tp, "general");
  f.behind_fortification = d.integer(tc, tp, "behind_fortification");
  f.flank_or_rear = d.integer(tc, tp, "flank_or_rear");
  f.pike_s_vs_pike = d.troop_factor(tc, tp, "pike_s_vs_pike");
  f.artillery_engaged = d.integer(tc, tp, "artillery_engaged");

  const std::string bp = "breakthrough";
  const json& bt = d.at(r, "", bp);
  BreakthroughFactors& b = t.breakthrough;
  b.base = d.integer(bt, bp, "base");
  b.rough = d.integer(bt, bp, "rough");
  b.bad = d.integer(bt, bp, "bad");
  b.light_infantry_vs_foot = d.troop_factor(bt, bp, "light_infantry_vs_foot");
  b.mounted_vs_foot = d.integer(bt, bp, "mounted_vs_foot");
  b.mounted = d.integer(bt, bp, "mounted");
  b.heavy_cavalry = d.troop_factor(bt, bp, "heavy_cavalry");
  const json& vs = d.at(bt, bp, "vs_shooters");
  b.vs_shooters = d.troops(vs, bp + ".vs_shooters", "vs");
  b.vs_shooters_value = d.integer(vs, bp + ".vs_shooters", "value");

  const json& kr = d.array(d.at(r, "", "kills"), "kills", "rows");
  for (std::size_t i = 0; i < kr.size(); ++i) {
    const std::string p = Data::item("kills.rows", i);
    t.kills.push_back({d.troops(kr[i], p, "troops"), d.integer(kr[i], p, "total")});
  }

  const std::string gp = "grading";
  const json& gr = d.at(r, "", gp);
  Grading& g = t.grading;
  g.beating_s = d.integer(gr, gp, "beating_s");
  g.artillery_beating_s_only = d.troops(gr, gp, "artillery_beating_s_only");
  g.artillery_s_winning = d.integer(gr, gp, "artillery_s_winning");
  g.losing_i = d.integer(gr, gp, "losing_i");
  g.beating_f = d.integer(gr, gp, "beating_f");
  g.foot_uphill_of_mounted = d.integer(gr, gp, "foot_uphill_of_mounted");
  g.berserker_losing = d.integer(gr, gp, "berserker_losing");
  g.berserker_drawing_or_winning = d.integer(gr, gp, "berserker_drawing_or_winning");

  const json& pk = d.at(r, "", "prevent_kills");
  t.prevent_kills = {d.integer(pk, "prevent_kills", "behind_linear"),
                     d.integer(pk, "prevent_kills", "rough"),
                     d.integer(pk, "prevent_kills", "bad")};

  const json& fu = d.at(r, "", "follow_up");
  for (const auto& [key, out] :
       {std::pair<const char*, std::vector<FollowUpRow>*>{"must", &t.must_follow_up},
        {"may", &t.may_follow_up}}) {
    const std::string path = std::string("follow_up.") + key;
    const json& a = d.array(fu, "follow_up", key);
    for (std::size_t i = 0; i < a.size(); ++i) {
      const std::string p = Data::item(path, i);
      FollowUpRow row;
      row.troops = d.troops(a[i], p, "troops");
      row.only_if_destroyed = d.boolean(a[i], p, "only_if_destroyed");
      row.only_vs = d.optional_troops(a[i], p, "only_vs");
      row.not_vs = d.optional_troops(a[i], p, "not_vs");
      out->push_back(std::move(row));
    }
  }
  t.extra_rounds = set_rows(d, fu, "follow_up", "extra_rounds", "rounds");

  const std::string kp = "knock_on";
  const json& ko = d.at(r, "", kp);
  t.knock_on.mounted_inches = d.integer(ko, kp, "mounted_inches");
  t.knock_on.mounted_foot = d.result(d.at(ko, kp, "mounted_foot"), kp + ".mounted_foot");
  t.knock_on.mounted_mounted = d.result(d.at(ko, kp, "mounted_mounted"), kp + ".mounted_mounted");
  t.knock_on.elephants_inches = d.integer(ko, kp, "elephants_inches");
  t.knock_on.elephants = d.result(d.at(ko, kp, "elephants"), kp + ".elephants");

  const json& rt = d.array(d.at(r, "", "recoil_through"), "recoil_through", "rows");
  for (std::size_t i = 0; i < rt.size(); ++i) {
    const std::string p = Data::item("recoil_through.rows", i);
    t.recoil_through.push_back({d.troops(rt[i], p, "troops"), d.troops(rt[i], p, "through")});
  }

  const std::string fp = "turn_to_face";
  const json& tf = d.at(r, "", fp);
  t.turn_to_face = {d.troops(tf, fp, "troops"), d.peoples(tf, fp, "foot_peoples"),
                    d.troops(tf, fp, "catalan"), d.troops(tf, fp, "phalanx"),
                    d.troops(tf, fp, "phalanx_vs")};

  const std::string qp = "square";
  const json& sq = d.at(r, "", qp);
  t.square = {d.troops(sq, qp, "troops"), d.troops(sq, qp, "phalanx"),
              d.peoples(sq, qp, "phalanx_peoples"), d.troops(sq, qp, "shot"),
              d.troops(sq, qp, "halberd_or_bill")};
}

constexpr std::array<std::string_view, 7> kShotKindIds = {
    "none", "bow", "longbow", "crossbow", "mounted_bow", "firearm", "pistol"};

std::vector<ShotKind> shot_kinds(const Data& d, const json& obj, const std::string& path,
                                 const std::string& key) {
  const std::string p = Data::join(path, key);
  const json& a = d.array(obj, path, key);
  std::vector<ShotKind> out;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const std::string id = d.string(a[i], Data::item(p, i));
    bool found = false;
    for (std::size_t k = 1; k < kShotKindIds.size(); ++k)
      if (kShotKindIds[k] == id) {
        out.push_back(static_cast<ShotKind>(k));
        found = true;
      }
    if (!found) d.fail(Data::item(p, i), fmt::format("is '{}', not a kind of missile", id));
  }
  return out;
}

// The rules of play in shooting.json (Sht-4 .. Sht-14).
void load_shooting_play(Tables& t, const Data& d) {
  const json& r = d.root();
  const std::string mp = "modifiers";
  const json& m = d.at(r, "", mp);
  ShotModifierRules& s = t.shot;
  s.enfilade = d.integer(m, mp, "enfilade");
  const std::string rp = mp + ".ranks";
  const json& rk = d.at(m, mp, "ranks");
  s.per_rank = d.integer(rk, rp, "per_rank");
  s.three_ranks = d.troops(rk, rp, "three_ranks");
  s.third_rank_only = d.troops(rk, rp, "third_rank_only");
  s.third_rank_only_kinds = shot_kinds(d, rk, rp, "third_rank_only_kinds");
  s.one_rank = d.troops(rk, rp, "one_rank");
  s.longbow = d.integer(m, mp, "longbow");
  s.longbow_s = d.integer(m, mp, "longbow_s");
  const json& sh = d.at(m, mp, "shot");
  s.shot = d.integer(sh, mp + ".shot", "value");
  s.shot_not = d.troops(sh, mp + ".shot", "not");
  const json& pairs = d.array(m, mp, "pairs");
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    const std::string p = Data::item(mp + ".pairs", i);
    ShotPair pair;
    pair.group = d.string(d.at(pairs[i], p, "group"), p + ".group");
    pair.kinds = shot_kinds(d, pairs[i], p, "kinds");
    pair.shooters = d.optional_troops(pairs[i], p, "shooters");
    pair.vs = d.troops(pairs[i], p, "vs");
    pair.value = d.integer(pairs[i], p, "value");
    s.pairs.push_back(std::move(pair));
  }
  s.target_i = d.integer(m, mp, "target_i");
  s.target_s = d.troop_factor(m, mp, "target_s");
  s.musket_ignores_within_inches =
      d.integer(d.at(m, mp, "target_s"), mp + ".target_s", "musket_ignores_within_inches");
  s.cover = d.integer(m, mp, "cover");
  s.fortification = d.integer(m, mp, "fortification");
  s.cavalry_shooting = d.troop_factor(m, mp, "cavalry_shooting");
  s.light_cavalry_shooting = d.troop_factor(m, mp, "light_cavalry_shooting");
  s.elephants_shooting = d.troop_factor(m, mp, "elephants_shooting");

  const json& a = d.at(r, "", "artillery");
  t.artillery = {d.troops(a, "artillery", "gunpowder"),
                 d.integer(a, "artillery", "second_target_inches"),
                 d.troops(a, "artillery", "move_and_fire_as_shot")};
  const json& e = d.at(r, "", "eligibility");
  t.eligibility = {d.troops(e, "eligibility", "move_and_shoot"),
                   d.integer(e, "eligibility", "move_at_most_inches")};
}

PipRoll pip_roll(const Data& d, const json& obj, const std::string& path, const std::string& key) {
  const std::string v = d.string(d.at(obj, path, key), Data::join(path, key));
  if (v == "one") return PipRoll::kOne;
  if (v == "best_of_two") return PipRoll::kBestOfTwo;
  if (v == "worse_of_two") return PipRoll::kWorseOfTwo;
  d.fail(Data::join(path, key), fmt::format("is '{}', not one, best_of_two or worse_of_two", v));
}

void load_pips(Tables& t, const Data& d) {
  const json& r = d.root();
  PipRules& p = t.pips;
  const json& dc = d.at(r, "", "dice");
  p.good = pip_roll(d, dc, "dice", "good");
  p.normal = pip_roll(d, dc, "dice", "normal");
  p.regiment = pip_roll(d, dc, "dice", "regiment");
  p.regiment_activation = d.integer(dc, "dice", "regiment_activation");
  p.regiment_small_below = d.integer(dc, "dice", "regiment_small_below");
  p.regiment_small = d.integer(dc, "dice", "regiment_small");
  p.cinc_free = d.integer(dc, "dice", "cinc_free");
  const json& rg = d.at(r, "", "ranges");
  p.command_inches = d.integer(rg, "ranges", "command_inches");
  p.regiment_inches = d.integer(rg, "ranges", "regiment_inches");
  p.march_beyond_inches = d.integer(rg, "ranges", "march_beyond_inches");
  const std::string mp = "move";
  const json& m = d.at(r, "", mp);
  auto i = [&](const char* key) { return d.integer(m, mp, key); };
  p.group = i("group");
  p.single = i("single");
  p.into_contact_cannot_recoil = i("into_contact_cannot_recoil");
  p.out_of_command = i("out_of_command");
  p.march = i("march");
  p.landsknecht_second_march = i("landsknecht_second_march");
  p.mounted_third_march = i("mounted_third_march");
  p.shaken_toward_enemy = i("shaken_toward_enemy");
  p.mixed_mounted_and_foot = i("mixed_mounted_and_foot");
  p.elephants_with_mounted = i("elephants_with_mounted");
  const json& cm = d.at(m, mp, "camels_with_horses");
  p.camels_with_horses = d.integer(cm, mp + ".camels_with_horses", "value");
  p.camels = d.troops(cm, mp + ".camels_with_horses", "camels");
  p.camels_unless = d.peoples(cm, mp + ".camels_with_horses", "unless_peoples");
  const json& wh = d.at(m, mp, "wheel");
  p.wheel = d.integer(wh, mp + ".wheel", "value");
  p.wheel_exempt = d.troops(wh, mp + ".wheel", "exempt");
  p.wheel_exempt_foot_peoples = d.peoples(wh, mp + ".wheel", "exempt_foot_peoples");
  const json& qt = d.at(m, mp, "quarter_turn");
  p.quarter_turn = d.integer(qt, mp + ".quarter_turn", "value");
  p.quarter_turn_not = d.troops(qt, mp + ".quarter_turn", "not");
  const json& ht = d.at(m, mp, "half_turn");
  p.half_turn = d.integer(ht, mp + ".half_turn", "value");
  p.half_turn_not = d.troops(ht, mp + ".half_turn", "not");
  const std::string fp = mp + ".formation_change";
  const json& fc = d.at(m, mp, "formation_change");
  p.formation_change = d.integer(fc, fp, "value");
  p.formation_exempt = d.troops(fc, fp, "exempt");
  p.formation_exempt_if_all = d.troops(fc, fp, "exempt_if_all");
  p.formation_exempt_peoples = d.peoples(fc, fp, "exempt_peoples");
  p.formation_exempt_foot_peoples = d.peoples(fc, fp, "exempt_foot_peoples");
  p.uphill_into_contact = i("uphill_into_contact");
  const json& ns = d.at(m, mp, "not_straight_ahead");
  p.not_straight_ahead = d.integer(ns, mp + ".not_straight_ahead", "value");
  p.not_straight_ahead_troops = d.troops(ns, mp + ".not_straight_ahead", "troops");
  p.with_cinc = i("with_cinc");
  p.minimum = i("minimum");
  if (p.minimum < 1) d.fail(mp + ".minimum", "must be at least 1");
  p.toward_enemy_ignores = d.troops(m, mp, "toward_enemy_ignores");
  p.toward_enemy_shaken_ignores = d.troops(m, mp, "toward_enemy_shaken_ignores");
  const std::string op = "other";
  const json& o = d.at(r, "", op);
  auto j = [&](const char* key) { return d.integer(o, op, key); };
  p.hold_impetuous = j("hold_impetuous");
  p.replace_crew = j("replace_crew");
  p.replace_crew_friends_within_inches = j("replace_crew_friends_within_inches");
  p.replace_crew_enemy_within_inches = j("replace_crew_enemy_within_inches");
  p.dismount = j("dismount");
  p.mount_not_within_inches = j("mount_not_within_inches");
  p.mount_again = d.troops(o, op, "mount_again");
  p.destroy_uncrewed_foot = j("destroy_uncrewed_foot");
  p.destroy_uncrewed_mounted = j("destroy_uncrewed_mounted");
  p.use_enemy_artillery = j("use_enemy_artillery");
  p.command_morale = j("command_morale");
  p.rally_command = j("rally_command");
  p.rally_command_with_elephants = j("rally_command_with_elephants");
  p.break_element = j("break_element");
  p.break_never = d.troops(o, op, "break_never");
  p.break_except = d.troops(o, op, "break_except");
  p.rally_broken = j("rally_broken");
  p.rally_broken_elephants = j("rally_broken_elephants");
  p.general_adds_to_die = j("general_adds_to_die");
}

void load_morale(Tables& t, const Data& d) {
  const json& r = d.root();
  MoraleRules& m = t.morale;
  const json& l = d.at(r, "", "losses");
  m.half = d.ratio(d.at(l, "losses", "half"), "losses.half");
  const json& e = d.at(r, "", "effects");
  m.shaken_melee = d.integer(e, "effects", "shaken_melee");
  m.shaken_shooting = d.integer(e, "effects", "shaken_shooting");
  m.broken_melee = d.integer(e, "effects", "broken_melee");
  m.broken_shooting = d.integer(e, "effects", "broken_shooting");
  const std::string sp = "surrender";
  const json& s = d.at(r, "", sp);
  m.christian_from_year = d.integer(s, sp, "christian_from_year");
  m.christian_british_isles_from_year = d.integer(s, sp, "christian_british_isles_from_year");
  m.swiss_exception_until_year = d.integer(s, sp, "swiss_exception_until_year");
  m.swiss_from_year = d.integer(s, sp, "swiss_from_year");
  m.muslim_hc_from_year = d.integer(s, sp, "muslim_hc_from_year");
  m.within_inches = d.integer(s, sp, "within_inches");
  m.captors_not = d.troops(s, sp, "captors_not");
  m.hc_not_vs = d.troops(s, sp, "hc_not_vs");
}

}  // namespace

std::string_view shot_kind_id(ShotKind k) { return kShotKindIds[static_cast<std::size_t>(k)]; }

std::string_view result_id(Result r) { return kResultIds[static_cast<std::size_t>(r)]; }

std::string_view result_words(Result r) {
  switch (r) {
    case Result::kNoEffect:
      return "holds";
    case Result::kPushBack:
      return "pushed back";
    case Result::kFlee:
      return "flees";
    case Result::kRout:
      return "routs";
    case Result::kDestroyed:
      return "destroyed";
    case Result::kCrewFlee:
      return "crew flee";
  }
  return "?";
}

std::string_view dismount_when_id(DismountWhen w) {
  return kDismountWhenIds[static_cast<std::size_t>(w)];
}

core::Expected<Tables> load_tables_from(
    const std::vector<std::pair<std::string_view, std::string_view>>& files) {
  using Loader = void (*)(Tables&, const Data&);
  const std::vector<std::pair<std::string_view, Loader>> loaders = {
      {"troops.json", load_troops},     {"points.json", load_points},
      {"army.json", load_army},         {"movement.json", load_movement},
      {"shooting.json", load_shooting}, {"combat.json", load_combat},
      {"pips.json", load_pips},         {"morale.json", load_morale}};
  Tables t;
  for (const auto& [name, loader] : loaders) {
    const auto it = std::find_if(files.begin(), files.end(),
                                 [&n = name](const auto& f) { return f.first == n; });
    if (it == files.end())
      return core::make_error(fmt::format("rulesets/gwkho/data/{} is missing.", name));
    const json j = json::parse(it->second, nullptr, false);
    if (j.is_discarded() || !j.is_object())
      return core::make_error(fmt::format("rulesets/gwkho/data/{} is not a JSON object.", name));
    try {
      loader(t, Data(std::string(name), j));
    } catch (const DataError& e) {
      return core::make_error(e.message);
    } catch (const json::exception& e) {
      return core::make_error(fmt::format("rulesets/gwkho/data/{}: {}.", name, e.what()));
    }
  }
  return t;
}

const Tables& default_tables() {
  static const Tables kTables = [] {
    auto t = load_tables_from(embedded_tables());
    if (!t) throw std::runtime_error(t.message());  // a build defect, never user input
    return *t;
  }();
  return kTables;
}

// ---- Troops ----

const PointsCell& points_cell(Troop t) {
  return default_tables().points[static_cast<std::size_t>(index_of(t.type))]
                                [static_cast<std::size_t>(index_of(t.grade))];
}

bool troop_exists(Troop t, Era era) {
  const PointsCell& c = points_cell(t);
  return c.exists && (!c.later_era || era == Era::kHorseAndMusket);
}

namespace {
int first_match(const std::vector<std::pair<TroopSet, int>>& rows, Troop t) {
  for (const auto& [set, v] : rows)
    if (set.contains(t)) return v;
  throw std::logic_error("gwkho: a table has no row for " + troop_text(t));
}
}  // namespace

Ee element_equivalents(Troop t) { return Ee{first_match(default_tables().ee_halves, t)}; }

BaseSize base_size(TroopType type) {
  const Tables& tb = default_tables();
  return {tb.base_width_mm, first_match(tb.base_depth_mm, Troop{type, Grade::kO})};
}

bool is_heavy(Troop t, Status s) {
  return default_tables().heavy.contains(t) || s == Status::kBerserker;
}
bool is_elite_heavy(Troop t) { return default_tables().elite_heavy.contains(t); }
bool is_missile(Troop t) { return default_tables().missile.contains(t); }
bool is_steady_missile(Troop t) { return default_tables().missile_steady.contains(t); }

bool is_impetuous(Troop t, Status s, const ImpetusCase& c) {
  const Tables& tb = default_tables();
  if (c.morale != Morale::kSteady) return false;
  if (s == Status::kBerserker) return true;
  if (c.nearest_enemy_broken && !is_artillery(t.type)) return true;
  if (tb.impetuous_always.contains(t)) return true;
  return tb.impetuous_unless_hc.contains(t) && !c.nearest_enemy_is_hc;
}

std::optional<std::string> status_forbidden(Status s, Troop t) {
  if (s == Status::kNone) return std::nullopt;
  for (const auto& rule : default_tables().status_rules) {
    if (rule.status != s) continue;
    if (rule.only && !rule.only->contains(t)) return rule.rule;
    if (rule.never.contains(t) && !rule.except.contains(t)) return rule.rule;
  }
  return std::nullopt;
}

std::vector<DismountOption> dismount_options(Troop t) {
  std::vector<DismountOption> out;
  for (const auto& o : default_tables().dismount)
    if (o.from.contains(t)) out.push_back(o);
  return out;
}

}  // namespace carroccio::gwkho
