#include "rulesets/gwkho/troops.hpp"

#include <cmath>

#include "fmt/format.h"

namespace carroccio::gwkho {

namespace {

constexpr std::array<std::string_view, kNumTypes> kTypeIds = {
    "Hc", "Cv", "Re", "Lc", "El", "Ph", "Pk", "HI", "LI", "Bw", "Lb", "Xb", "Sh", "L.Art", "H.Art"};
constexpr std::array<std::string_view, kNumTypes> kTypeNames = {
    "heavy cavalry", "cavalry",  "reiter",         "light cavalry",   "elephants",
    "phalanx",       "pike",     "heavy infantry", "light infantry",  "bow",
    "longbow",       "crossbow", "shot",           "light artillery", "heavy artillery"};
constexpr std::array<char, kNumGrades> kGradeLetters = {'s', 'o', 'f', 'i', 'x'};
constexpr std::array<std::string_view, kNumStatuses> kStatusIds = {
    "none", "berserker", "stubborn", "mutinous", "brittle", "unreliable"};
constexpr std::array<std::string_view, kNumPeoples> kPeopleIds = {
    "swiss",       "landsknecht",      "spanish_16th", "mongol_13th", "byzantine_12th",
    "low_country", "scots_after_1275", "arab",         "catalan"};

std::string_view trim_spaces(std::string_view s) {
  while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
  while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
  return s;
}

// "(s)(o)" -> the grades, or nothing when the text is not a run of "(g)".
std::optional<std::bitset<kNumGrades>> parse_grades(std::string_view text) {
  std::bitset<kNumGrades> grades;
  while (!text.empty()) {
    if (text.size() < 3 || text[0] != '(' || text[2] != ')') return std::nullopt;
    auto g = grade_from_letter(text.substr(1, 1));
    if (!g) return std::nullopt;
    grades.set(static_cast<std::size_t>(index_of(*g)));
    text.remove_prefix(3);
  }
  return grades;
}

}  // namespace

std::string_view type_id(TroopType t) { return kTypeIds[static_cast<std::size_t>(index_of(t))]; }

std::optional<TroopType> type_from_id(std::string_view id) {
  for (TroopType t : kAllTypes)
    if (type_id(t) == id) return t;
  return std::nullopt;
}

std::string_view type_name(TroopType t) {
  return kTypeNames[static_cast<std::size_t>(index_of(t))];
}

char grade_letter(Grade g) { return kGradeLetters[static_cast<std::size_t>(index_of(g))]; }

std::optional<Grade> grade_from_letter(std::string_view letter) {
  for (Grade g : kAllGrades)
    if (letter.size() == 1 && letter[0] == grade_letter(g)) return g;
  return std::nullopt;
}

std::string troop_text(Troop t) {
  return fmt::format("{}({})", type_id(t.type), grade_letter(t.grade));
}

core::Expected<Troop> parse_troop(std::string_view text) {
  const auto open = text.find('(');
  if (open != std::string_view::npos) {
    auto type = type_from_id(text.substr(0, open));
    auto grades = parse_grades(text.substr(open));
    if (type && grades && grades->count() == 1)
      for (Grade g : kAllGrades)
        if (grades->test(static_cast<std::size_t>(index_of(g)))) return Troop{*type, g};
  }
  return core::make_error(
      fmt::format("'{}' is not a troop: write a type and one grade, e.g. Hc(s)", text));
}

core::Expected<TroopSet> TroopSet::parse(std::string_view text) {
  TroopSet set;
  set.text_ = std::string(text);
  std::string_view rest = text;
  bool any = false;
  while (true) {
    const auto comma = rest.find(',');
    const std::string_view term = trim_spaces(rest.substr(0, comma));
    if (term.empty())
      return core::make_error(fmt::format("'{}' is not a set of troops: a term is empty", text));
    any = true;
    auto add_type = [&](TroopType t, std::bitset<kNumGrades> grades) {
      for (Grade g : kAllGrades)
        if (grades.test(static_cast<std::size_t>(index_of(g)))) set.add(Troop{t, g});
    };
    const std::bitset<kNumGrades> every = (1u << kNumGrades) - 1;
    if (term == "all" || term == "foot" || term == "mounted" || term == "artillery") {
      for (TroopType t : kAllTypes)
        if (term == "all" || (term == "foot" && !is_mounted(t)) ||
            (term == "mounted" && is_mounted(t)) || (term == "artillery" && is_artillery(t)))
          add_type(t, every);
    } else if (term.front() == '(') {
      auto grades = parse_grades(term);
      if (!grades)
        return core::make_error(fmt::format("'{}' in '{}' is not a grade such as (s)", term, text));
      for (TroopType t : kAllTypes) add_type(t, *grades);
    } else {
      const auto open = term.find('(');
      auto type = type_from_id(term.substr(0, open));
      if (!type)
        return core::make_error(
            fmt::format("'{}' in '{}' is not a troop type", term.substr(0, open), text));
      if (open == std::string_view::npos) {
        add_type(*type, every);
      } else {
        auto grades = parse_grades(term.substr(open));
        if (!grades)
          return core::make_error(fmt::format("'{}' in '{}' has unreadable grades", term, text));
        add_type(*type, *grades);
      }
    }
    if (comma == std::string_view::npos) break;
    rest.remove_prefix(comma + 1);
  }
  if (!any) return core::make_error(fmt::format("'{}' is not a set of troops", text));
  return set;
}

bool TroopSet::has_type(TroopType type) const {
  for (Grade g : kAllGrades)
    if (contains(Troop{type, g})) return true;
  return false;
}

TroopSet TroopSet::operator|(const TroopSet& o) const {
  TroopSet s;
  s.bits_ = bits_ | o.bits_;
  return s;
}

TroopSet TroopSet::operator-(const TroopSet& o) const {
  TroopSet s;
  s.bits_ = bits_ & ~o.bits_;
  return s;
}

std::string_view people_id(People p) { return kPeopleIds[static_cast<std::size_t>(p)]; }

std::optional<People> people_from_id(std::string_view id) {
  for (std::size_t i = 0; i < kPeopleIds.size(); ++i)
    if (kPeopleIds[i] == id) return static_cast<People>(i);
  return std::nullopt;
}

std::string_view status_id(Status s) {
  return kStatusIds[static_cast<std::size_t>(static_cast<int>(s))];
}

std::optional<Status> status_from_id(std::string_view id) {
  for (int i = 0; i < kNumStatuses; ++i)
    if (kStatusIds[static_cast<std::size_t>(i)] == id) return static_cast<Status>(i);
  return std::nullopt;
}

namespace {
std::string halves_text(int halves) {
  const int whole = std::abs(halves) / 2;
  const bool half = std::abs(halves) % 2 == 1;
  return fmt::format("{}{}{}", halves < 0 ? "-" : "", whole, half ? ".5" : "");
}
}  // namespace

std::string Points::text() const { return halves_text(halves); }
std::string Ee::text() const { return halves_text(halves); }

std::optional<int> halves_of(double value) {
  if (!std::isfinite(value) || std::fabs(value) > 1e6) return std::nullopt;
  const double twice = value * 2.0;
  if (twice != std::floor(twice)) return std::nullopt;
  return static_cast<int>(twice);
}

}  // namespace carroccio::gwkho
