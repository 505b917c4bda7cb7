#include "game/table/scenario.hpp"

#include <algorithm>
#include <cmath>

#include "fmt/format.h"

namespace carroccio::game::table {

std::string LengthUnit::format(std::int64_t sub_units) const {
  const bool negative = sub_units < 0;
  // Magnitudes stay far below 2^62 (geo::kMaxCoord), so the negation cannot overflow.
  const std::int64_t a = negative ? -sub_units : sub_units;
  std::string out = fmt::format("{}{}", negative ? "-" : "", a / per_unit);
  std::int64_t rest = a % per_unit;
  if (rest == 0) return out;
  // Decimals until the remainder is exhausted (at most 9: beyond, the length is rounded).
  out += '.';
  for (int digits = 0; rest != 0 && digits < 9; ++digits) {
    rest *= 10;
    out += static_cast<char>('0' + rest / per_unit);
    rest %= per_unit;
  }
  return out;
}

int side_index(const std::array<std::string, kNumSides>& ids, std::string_view id) {
  for (int i = 0; i < kNumSides; ++i)
    if (ids[static_cast<std::size_t>(i)] == id) return i;
  return -1;
}

namespace {

std::string decimals_text(int decimals) {
  switch (decimals) {
    case 0:
      return "must be a whole number";
    case 1:
      return "may have at most one decimal";
    case 2:
      return "may have at most two decimals";
    default:
      return fmt::format("may have at most {} decimals", decimals);
  }
}

}  // namespace

// ---- lengths, points, headings ----

bool Reader::length(const nlohmann::json& v, const std::string& field, std::int64_t& out,
                    std::int64_t lo, std::int64_t hi) {
  const LengthUnit& u = format_.unit;
  const std::string range = fmt::format("from {} to {} {}", u.format(lo), u.format(hi), u.plural());
  if (!v.is_number()) return fail(field, fmt::format("must be a number of {}", u.plural()));
  // Compared as doubles in the file's unit: lo / per_unit is the double nearest the bound as a
  // file writes it, so a value written exactly at a bound is within it.
  const double d = v.get<double>();
  const double per = static_cast<double>(u.per_unit);
  const bool outside =
      !std::isfinite(d) || d < static_cast<double>(lo) / per || d > static_cast<double>(hi) / per;
  if (v.is_number_integer()) {
    if (outside) return fail(field, fmt::format("is {}, but must be {}", v.dump(), range));
    out = v.get<std::int64_t>() * u.per_unit;
    return true;
  }
  if (outside) return fail(field, "must be " + range);
  std::int64_t scale = 1;
  for (int i = 0; i < u.decimals; ++i) scale *= 10;
  const double scaled = d * static_cast<double>(scale);
  const double rounded = std::round(scaled);
  if (std::fabs(scaled - rounded) > 1e-6) return fail(field, decimals_text(u.decimals));
  out = static_cast<std::int64_t>(rounded) * u.step();
  return true;
}

bool Reader::length(const nlohmann::json& obj, const std::string& prefix, const char* key,
                    std::int64_t& out, std::int64_t lo, std::int64_t hi, Need need) {
  auto it = obj.find(key);
  if (it == obj.end()) return need == Need::kOptional || fail(prefix + key, "is missing");
  return length(*it, prefix + key, out, lo, hi);
}

bool Reader::point(const nlohmann::json& v, const std::string& field, geo::Point& out) {
  return point(v, field, out, format_.min_coord, format_.max_coord);
}

bool Reader::point(const nlohmann::json& v, const std::string& field, geo::Point& out,
                   std::int64_t lo, std::int64_t hi) {
  if (!v.is_array() || v.size() != 2)
    return fail(field, fmt::format("must be a point [x, y] in {}", format_.unit.plural()));
  return length(v[0], field + "[0]", out.x, lo, hi) && length(v[1], field + "[1]", out.y, lo, hi);
}

bool Reader::position(const nlohmann::json& obj, const std::string& prefix, geo::Point& out) {
  return length(obj, prefix, "x", out.x, 0, format_.max_side) &&
         length(obj, prefix, "y", out.y, 0, format_.max_side);
}

bool Reader::heading(const nlohmann::json& obj, const std::string& prefix, const char* key,
                     geo::Angle& out, Need need) {
  int degrees = -1;
  if (!integer(obj, prefix, key, degrees, 0, 359, need)) return false;
  if (degrees >= 0) out = geo::Angle::degrees(degrees);
  return true;
}

// ---- the table and the sides ----

bool Reader::table(const nlohmann::json& j, std::int64_t& width, std::int64_t& height) {
  auto it = j.find("table");
  if (it == j.end()) return true;
  if (!object(*it, "table.") || !only_fields(*it, "table.", {"width", "height"}, "the table"))
    return false;
  return length(*it, "table.", "width", width, format_.min_side, format_.max_side) &&
         length(*it, "table.", "height", height, format_.min_side, format_.max_side);
}

bool Reader::sides(const nlohmann::json& j, std::array<std::string, kNumSides>& ids,
                   std::array<std::string, kNumSides>& names) {
  const nlohmann::json* list = array(j, "", "sides", kNumSides, kNumSides);
  if (list == nullptr) return false;
  for (std::size_t i = 0; i < kNumSides; ++i) {
    const std::string p = item_path("sides", i);
    const auto& sj = (*list)[i];
    if (!object(sj, p) || !only_fields(sj, p, {"id", "name"}, "a side") ||
        !string(sj, p, "id", ids[i]) || !string(sj, p, "name", names[i]))
      return false;
  }
  if (ids[0] == ids[1]) return fail("sides[1].id", "repeats the id of the first side");
  return true;
}

bool Reader::first(const nlohmann::json& j, const std::array<std::string, kNumSides>& ids,
                   int& out) {
  auto it = j.find("first");
  if (it == j.end()) return true;
  const std::string want =
      fmt::format("{}, {} or \"{}\"", ids[0], ids[1], std::string(format_.roll));
  if (!it->is_string()) return fail("first", "must be " + want);
  const auto& v = it->get_ref<const std::string&>();
  if (v == format_.roll) {
    out = -1;
    return true;
  }
  const int s = side_index(ids, v);
  if (s < 0) return fail("first", fmt::format("is '{}', but must be {}", v, want));
  out = s;
  return true;
}

bool Reader::side(const nlohmann::json& obj, const std::string& prefix, const char* key,
                  const std::array<std::string, kNumSides>& ids, int& out) {
  std::string id;
  if (!string(obj, prefix, key, id)) return false;
  const int s = side_index(ids, id);
  if (s < 0)
    return fail(prefix + key, fmt::format("is '{}', but must be {} or {}", id, ids[0], ids[1]));
  out = s;
  return true;
}

// ---- terrain and roads ----

bool Reader::area(const nlohmann::json& obj, const std::string& prefix, geo::Polygon& out) {
  const bool rect = obj.contains("rect"), polygon = obj.contains("polygon");
  if (rect == polygon)
    return fail(prefix + "rect", "or 'polygon' must be given (one of them, not both)");
  if (rect) {
    const auto& r = obj["rect"];
    if (!r.is_array() || r.size() != 4)
      return fail(prefix + "rect",
                  fmt::format("must be [x0, y0, x1, y1] in {}", format_.unit.plural()));
    std::array<std::int64_t, 4> v{};
    for (std::size_t k = 0; k < 4; ++k)
      if (!length(r[k], fmt::format("{}rect[{}]", prefix, k), v[k], format_.min_coord,
                  format_.max_coord))
        return false;
    if (v[0] >= v[2] || v[1] >= v[3]) return fail(prefix + "rect", "must have x0 < x1 and y0 < y1");
    out = {{v[0], v[1]}, {v[2], v[1]}, {v[2], v[3]}, {v[0], v[3]}};
    return true;
  }
  const nlohmann::json* points = array(obj, prefix, "polygon", 3, format_.max_points);
  if (points == nullptr) return false;
  geo::Polygon poly;
  for (std::size_t k = 0; k < points->size(); ++k) {
    geo::Point pt;
    if (!point((*points)[k], fmt::format("{}polygon[{}]", prefix, k), pt)) return false;
    poly.push_back(pt);
  }
  if (auto st = geo::validate_polygon(poly); !st.ok())
    return fail(prefix + "polygon", "is not a simple polygon: " + sentence_body(st.message()));
  out = std::move(poly);
  return true;
}

bool Reader::piece_fields(const nlohmann::json& obj, const std::string& prefix, std::string& id,
                          const std::vector<std::string_view>& extra) {
  if (!object(obj, prefix)) return false;
  for (const auto& [key, value] : obj.items()) {
    (void)value;
    const bool known = key == "id" || key == "type" || key == "rect" || key == "polygon" ||
                       std::find(extra.begin(), extra.end(), key) != extra.end();
    if (!known) return fail(prefix + key, "is not a field of a terrain piece");
  }
  return string(obj, prefix, "id", id);
}

bool Reader::roads(const nlohmann::json& j, std::vector<Road>& out) {
  const nlohmann::json* list = array(j, "", "roads", 0, format_.max_roads, Need::kOptional);
  if (list == nullptr) return !err();
  for (std::size_t i = 0; i < list->size(); ++i) {
    const std::string p = item_path("roads", i);
    const auto& rj = (*list)[i];
    Road r;
    if (!object(rj, p) || !only_fields(rj, p, {"id", "line"}, "a road") ||
        !string(rj, p, "id", r.id) ||
        !unique_id(p, r.id, out.size(),
                   [&](std::size_t k) -> const std::string& { return out[k].id; }))
      return false;
    const nlohmann::json* line = array(rj, p, "line", 2, format_.max_points);
    if (line == nullptr) return false;
    for (std::size_t k = 0; k < line->size(); ++k) {
      const std::string field = fmt::format("{}line[{}]", p, k);
      geo::Point pt;
      if (!point((*line)[k], field, pt)) return false;
      if (!r.line.empty() && r.line.back() == pt) return fail(field, "repeats the point before it");
      r.line.push_back(pt);
    }
    out.push_back(std::move(r));
  }
  return true;
}

}  // namespace carroccio::game::table
