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
}

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
}

}  // namespace

std::string_view result_id(Result r) { return kResultIds[static_cast<std::size_t>(r)]; }
std::string_view dismount_when_id(DismountWhen w) {
  return kDismountWhenIds[static_cast<std::size_t>(w)];
}

core::Expected<Tables> load_tables_from(
    const std::vector<std::pair<std::string_view, std::string_view>>& files) {
  using Loader = void (*)(Tables&, const Data&);
  const std::vector<std::pair<std::string_view, Loader>> loaders = {
      {"troops.json", load_troops},     {"points.json", load_points},
      {"army.json", load_army},         {"movement.json", load_movement},
      {"shooting.json", load_shooting}, {"combat.json", load_combat}};
  Tables t;
  for (const auto& [name, loader] : loaders) {
    const auto it =
        std::find_if(files.begin(), files.end(), [&](const auto& f) { return f.first == name; });
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
