#include "game/table/place.hpp"

#include <algorithm>
#include <array>
#include <cctype>

#include "fmt/format.h"

namespace carroccio::game::table {

std::string area_name(std::string_view id, std::string_view type) {
  std::string words(id);
  std::replace(words.begin(), words.end(), '_', ' ');
  // "woods" is said by "wood": the id says the type when it holds the type's word or its stem.
  std::string_view stem = type;
  if (stem.size() > 1 && stem.back() == 's') stem.remove_suffix(1);
  if (type.empty() || words.find(stem) != std::string::npos) return "the " + words;
  return fmt::format("the {} ({})", words, type);
}

std::string length_words(std::int64_t sub_units, const LengthUnit& unit) {
  if (unit.measure == Measure::kInch) {
    const std::int64_t halves = (sub_units * 2 + unit.per_unit / 2) / unit.per_unit;
    return halves % 2 == 0 ? fmt::format("{} in.", halves / 2)
                           : fmt::format("{}.5 in.", halves / 2);
  }
  return fmt::format("{} cm", (sub_units + unit.per_unit / 2) / unit.per_unit);
}

std::string piece_name(std::string_view side_name, std::string_view words, int number, int of) {
  if (side_name.rfind("The ", 0) == 0) side_name.remove_prefix(4);
  const std::string label = piece_label(words, number, of);
  // A side name with a phrase of its own ("Army of Milan") comes after the words, so that the
  // name's head noun (name_is_plural) is still the piece's: "the knights #2 of the Army of Milan".
  for (std::string_view p : {" of ", " on ", " in ", " with ", " from "})
    if (side_name.find(p) != std::string_view::npos)
      return fmt::format("the {} of the {}", label, side_name);
  return fmt::format("the {} {}", side_name, label);
}

std::string piece_label(std::string_view words, int number, int of) {
  return of > 1 ? fmt::format("{} #{}", words, number) : std::string(words);
}

namespace {

bool is_space(char c) { return c == ' ' || c == '\t'; }

std::string lower_case(std::string_view name) {
  std::string n;
  for (char c : name) n += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return n;
}

// Where the head's part of a lower-case name ends: at the first bracket ("(Hc(o))"), phrase
// ("of Bruges", "on foot"), comma or colon; npos if there is none.
std::size_t head_part_end(const std::string& n) {
  std::size_t cut = n.find('(');
  for (std::string_view p : {" of ", " on ", " in ", " with ", " from ", ",", ":"})
    cut = std::min(cut, n.find(p));
  return cut;
}

// The name's head noun, lower case: the last word before a phrase, a bracket or a number.
std::string head_noun(std::string_view name) {
  std::string n = lower_case(name);
  if (const std::size_t cut = head_part_end(n); cut != std::string::npos) n.resize(cut);
  // Trailing words that are numbers ("#2", "2") are no noun.
  for (;;) {
    while (!n.empty() && is_space(n.back())) n.pop_back();
    const std::size_t sp = n.find_last_of(" \t");
    const std::string_view last =
        sp == std::string::npos ? std::string_view(n) : std::string_view(n).substr(sp + 1);
    const bool number = !last.empty() && std::all_of(last.begin(), last.end(), [](char c) {
      return c == '#' || (c >= '0' && c <= '9');
    });
    if (!number || sp == std::string::npos) break;
    n.resize(sp);
  }
  const std::size_t sp = n.find_last_of(" \t");
  return sp == std::string::npos ? n : n.substr(sp + 1);
}

bool ends_with(std::string_view s, std::string_view tail) {
  return s.size() >= tail.size() && s.substr(s.size() - tail.size()) == tail;
}

}  // namespace

bool name_is_plural(std::string_view name) {
  // Two pieces joined by "and" before any phrase; an "and" inside one ("Militia of Piacenza and
  // Verona") joins the places, not the pieces.
  const std::string lower = lower_case(name);
  if (lower.substr(0, head_part_end(lower)).find(" and ") != std::string::npos) return true;
  const std::string head = head_noun(name);
  // "men", "crossbowmen", "men-at-arms"; a plural in s, but not "-ss" or "-us" ("Swiss", a
  // "carroccius"): those are singular.
  if (head == "men" || ends_with(head, "men") || ends_with(head, "-arms")) return true;
  return head.size() > 1 && head.back() == 's' && !ends_with(head, "ss") && !ends_with(head, "us");
}

std::string verb_for(std::string_view name, std::string_view verb) {
  if (!name_is_plural(name)) return std::string(verb);
  const std::size_t sp = verb.find(' ');
  const std::string_view first = verb.substr(0, sp);
  const std::string_view rest = sp == std::string_view::npos ? std::string_view() : verb.substr(sp);
  std::string plural;
  if (first == "is")
    plural = "are";
  else if (first == "has")
    plural = "have";
  else if (first == "was")
    plural = "were";
  else if (first == "does")
    plural = "do";
  else if (first == "goes")
    plural = "go";
  else if (ends_with(first, "ies") && first.size() > 3)  // tries -> try
    plural = std::string(first.substr(0, first.size() - 3)) + "y";
  else if (ends_with(first, "sses") || ends_with(first, "shes") || ends_with(first, "ches") ||
           ends_with(first, "xes") || ends_with(first, "zes"))  // pushes -> push
    plural = std::string(first.substr(0, first.size() - 2));
  else if (first.size() > 1 && first.back() == 's' && !ends_with(first, "ss"))
    plural = std::string(first.substr(0, first.size() - 1));
  else
    plural = std::string(first);  // "may", "cannot": the same for both
  return plural + std::string(rest);
}

std::string says(std::string_view name, std::string_view verb) {
  return fmt::format("{} {}", name, verb_for(name, verb));
}

std::string_view it_for(std::string_view name) { return name_is_plural(name) ? "they" : "it"; }
std::string_view its_for(std::string_view name) { return name_is_plural(name) ? "their" : "its"; }
std::string_view them_for(std::string_view name) { return name_is_plural(name) ? "them" : "it"; }

std::string_view compass_words(geo::Angle direction) {
  static constexpr std::array<std::string_view, 8> kPoints = {
      "east", "north-east", "north", "north-west", "west", "south-west", "south", "south-east"};
  const std::int64_t units = direction.units();
  const std::int64_t eighth = 45 * static_cast<std::int64_t>(geo::kAngleUnitsPerDegree);
  return kPoints[static_cast<std::size_t>(((units + eighth / 2) / eighth) % 8)];
}

namespace {

// The direction of `v` on 8 points of the compass.
std::string_view compass(geo::Vec v) { return compass_words(geo::direction_of(v)); }

}  // namespace

std::string place_words(geo::Point p, const LengthUnit& unit, std::int64_t width,
                        std::int64_t height, std::span<const NamedArea> areas, std::int64_t near) {
  for (const auto& a : areas)
    if (a.outline != nullptr && geo::point_in_polygon(p, *a.outline)) return "in " + a.name;
  const NamedArea* nearest = nullptr;
  std::int64_t best = 0;
  for (const auto& a : areas) {
    if (a.outline == nullptr || a.outline->empty()) continue;
    const std::int64_t d = geo::distance_sq(p, *a.outline).round();
    if (d <= near && (nearest == nullptr || d < best)) nearest = &a, best = d;
  }
  if (nearest != nullptr) {
    geo::Point lo = nearest->outline->front(), hi = lo;
    for (const auto& q : *nearest->outline) {
      lo = {std::min(lo.x, q.x), std::min(lo.y, q.y)};
      hi = {std::max(hi.x, q.x), std::max(hi.y, q.y)};
    }
    const geo::Point middle{lo.x + (hi.x - lo.x) / 2, lo.y + (hi.y - lo.y) / 2};
    const std::string_view way = p == middle ? std::string_view("beside") : compass(p - middle);
    const std::string length = length_words(best, unit);
    if (length == "0 in." || length == "0 cm")
      return fmt::format("just {} of {}", way, nearest->name);
    return fmt::format("{} {} of {}", length, way, nearest->name);
  }
  // The nearer of the west and east edges, and of the south and north edges, by their compass
  // letters as the board's north arrow has them ("12 cm from W edge"): a log entry of a move
  // keeps to two lines at 1366 px (issue 20).
  const auto edge = [&](std::int64_t from_low, std::int64_t size, std::string_view low,
                        std::string_view high) {
    const bool is_low = from_low <= size - from_low;
    const std::string length = length_words(is_low ? from_low : size - from_low, unit);
    if (length == "0 in." || length == "0 cm")
      return fmt::format("at the {} edge", is_low ? low : high);
    const char letter =
        static_cast<char>(std::toupper(static_cast<unsigned char>((is_low ? low : high)[0])));
    return fmt::format("{} from {} edge", length, letter);
  };
  return edge(p.x, width, "west", "east") + ", " + edge(p.y, height, "south", "north");
}

}  // namespace carroccio::game::table
