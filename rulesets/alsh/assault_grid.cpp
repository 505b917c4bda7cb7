#include "rulesets/alsh/assault_grid.hpp"

#include <cctype>
#include <charconv>
#include <tuple>

#include "core/text.hpp"
#include "fmt/format.h"
#include "game/json_text.hpp"
#include "game/registry.hpp"

namespace carroccio::alsh {

namespace {

using core::trim;

bool parse_signed(std::string_view s, int& out) {
  s = trim(s);
  if (!s.empty() && s.front() == '+') s.remove_prefix(1);
  if (s.empty()) return false;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc() && p == s.data() + s.size();
}

bool ends_with(std::string_view s, std::string_view tail) {
  return s.size() >= tail.size() && s.substr(s.size() - tail.size()) == tail;
}

}  // namespace

core::Expected<Header> parse_range_text(std::string_view text) {
  const std::string_view t = trim(text);
  Header h;
  h.label = std::string(t);
  int a = 0;
  int b = 0;
  if (t.rfind("<=", 0) == 0 && parse_signed(t.substr(2), a)) {
    h.max = a;
  } else if (t.rfind(">=", 0) == 0 && parse_signed(t.substr(2), a)) {
    h.min = a;
  } else if (ends_with(t, " or less") && parse_signed(t.substr(0, t.size() - 8), a)) {
    h.max = a;
  } else if (ends_with(t, " or more") && parse_signed(t.substr(0, t.size() - 8), a)) {
    h.min = a;
  } else if (t.size() > 1 && t.back() == '+' && parse_signed(t.substr(0, t.size() - 1), a)) {
    h.min = a;
  } else if (auto dots = t.find(".."); dots != std::string_view::npos &&
                                       parse_signed(t.substr(0, dots), a) &&
                                       parse_signed(t.substr(dots + 2), b) && a <= b) {
    h.min = a;
    h.max = b;
  } else if (parse_signed(t, a)) {
    h.min = a;
    h.max = a;
  } else {
    return core::make_error(fmt::format(
        "'{}' is not a range: write a whole number such as -1 or +2, an open end such as "
        "<=-3, >=4 or 8+, or a span such as 2..3",
        t));
  }
  return h;
}

namespace {

// Checks that the ranges of an axis run upwards without gap or overlap, and cover every
// integer (open at both ends).
core::Status check_axis(const std::vector<Header>& axis, const std::string& where) {
  if (axis.front().min)
    return core::make_error(fmt::format(
        "{}: the first range ('{}') must be open below, e.g. <={}, so that every value has a "
        "place.",
        where, axis.front().label, *axis.front().min));
  if (axis.back().max)
    return core::make_error(fmt::format(
        "{}: the last range ('{}') must be open above, e.g. >={}, so that every value has a "
        "place.",
        where, axis.back().label, *axis.back().max));
  for (std::size_t i = 0; i + 1 < axis.size(); ++i) {
    const Header& x = axis[i];
    const Header& y = axis[i + 1];
    if (!x.max || !y.min || *y.min != *x.max + 1)
      return core::make_error(fmt::format(
          "{}: '{}' and '{}' are not consecutive ranges (they must run upwards with no gap or "
          "overlap).",
          where, x.label, y.label));
  }
  return core::Status::Ok();
}

core::Expected<std::vector<Header>> parse_axis(const nlohmann::json& j, const std::string& where) {
  std::vector<Header> out;
  for (std::size_t i = 0; i < j.size(); ++i) {
    if (!j[i].is_string())
      return core::make_error(
          fmt::format("{}[{}]: must be a string such as \"-1\" or \">=3\".", where, i));
    auto h = parse_range_text(j[i].get<std::string>());
    if (!h) return core::make_error(fmt::format("{}[{}]: {}.", where, i, h.message()));
    out.push_back(std::move(*h));
  }
  return out;
}

core::Expected<AssaultSideResult> parse_side(const nlohmann::json& j, const std::string& where) {
  if (!j.is_string())
    return core::make_error(
        fmt::format("{}: must be a string such as \"-\", \"1\", \"D\" or \"2D\".", where));
  AssaultSideResult r;
  r.text = j.get<std::string>();
  std::string compact;
  for (char ch : r.text)
    if (!std::isspace(static_cast<unsigned char>(ch)) && ch != '+') compact += ch;
  if (compact.empty() || compact == "-" || compact == "0") return r;
  if (compact.back() == 'D' || compact.back() == 'd') {
    r.demoralised = true;
    compact.pop_back();
  }
  if (!compact.empty()) {
    int n = 0;
    auto [p, ec] = std::from_chars(compact.data(), compact.data() + compact.size(), n);
    if (ec != std::errc() || p != compact.data() + compact.size() || n < 0 || n > 99)
      return core::make_error(fmt::format(
          "{}: '{}' is not a result: write -, a number of SP (0 to 99), D, or a number followed "
          "by D.",
          where, r.text));
    r.sp = n;
  }
  return r;
}

std::string format_error(std::string_view source, const std::string& msg) {
  return fmt::format("{}: {}", source, msg);
}

}  // namespace

core::Expected<AssaultGrid> parse_assault_grid(const nlohmann::json& j,
                                               std::string_view source_name) {
  auto fail = [&](const std::string& msg) -> core::Expected<AssaultGrid> {
    return core::make_error(format_error(source_name, msg));
  };
  if (!j.is_object()) return fail("an Assault grid is a JSON object (see docs/rulings/alsh.md).");
  if (!j.contains("format") || !j["format"].is_string() ||
      j["format"].get<std::string>() != kAssaultGridFormat)
    return fail(fmt::format("format: must be \"{}\".", kAssaultGridFormat));
  AssaultGrid g;
  g.source_name = std::string(source_name);
  if (j.contains("source")) {
    if (!j["source"].is_string())
      return fail("source: must be a string saying where the grid comes from.");
    g.source = j["source"].get<std::string>();
  }
  if (j.contains("comment") && !j["comment"].is_string())
    return fail("comment: must be a string of free text.");
  if (j.contains("confidence")) {
    if (!j["confidence"].is_string()) return fail("confidence: must be a string.");
    auto c = parse_confidence(j["confidence"].get<std::string>());
    if (!c) return fail("confidence: " + c.message());
    g.confidence = *c;
  }
  if (!j.contains("columns") || !j["columns"].is_array() || j["columns"].empty())
    return fail(
        "columns: must be a non-empty list of {\"not_affecting\": ..., \"affecting\": ...}.");
  nlohmann::json na = nlohmann::json::array();
  nlohmann::json af = nlohmann::json::array();
  for (std::size_t i = 0; i < j["columns"].size(); ++i) {
    const auto& c = j["columns"][i];
    if (!c.is_object() || !c.contains("not_affecting") || !c.contains("affecting"))
      return fail(fmt::format(
          "columns[{}]: must be an object with 'not_affecting' and 'affecting' ranges.", i));
    na.push_back(c["not_affecting"]);
    af.push_back(c["affecting"]);
  }
  for (auto [line, json, out] : {std::tuple{"not_affecting", &na, &g.not_affecting},
                                 std::tuple{"affecting", &af, &g.affecting}}) {
    // Errors point at columns[i].<line>.
    for (std::size_t i = 0; i < json->size(); ++i) {
      if (!(*json)[i].is_string())
        return fail(
            fmt::format("columns[{}].{}: must be a string such as \"-1\" or \">=3\".", i, line));
      auto h = parse_range_text((*json)[i].get<std::string>());
      if (!h) return fail(fmt::format("columns[{}].{}: {}.", i, line, h.message()));
      out->push_back(std::move(*h));
    }
    auto s = check_axis(*out, fmt::format("columns (the {} line)", line));
    if (!s) return fail(s.message());
  }
  if (!j.contains("rows") || !j["rows"].is_array() || j["rows"].empty())
    return fail("rows: must be a non-empty list of modified die-roll ranges such as \"<=0\".");
  auto rows = parse_axis(j["rows"], "rows");
  if (!rows) return fail(rows.message());
  g.rows = std::move(*rows);
  if (auto s = check_axis(g.rows, "rows"); !s) return fail(s.message());
  if (!j.contains("cells") || !j["cells"].is_array() || j["cells"].size() != g.rows.size())
    return fail(fmt::format("cells: must hold {} rows, one per entry of rows.", g.rows.size()));
  for (std::size_t r = 0; r < g.rows.size(); ++r) {
    const auto& row = j["cells"][r];
    if (!row.is_array() || row.size() != g.not_affecting.size())
      return fail(
          fmt::format("cells[{}]: must hold {} cells, one per column.", r, g.not_affecting.size()));
    std::vector<AssaultCell> out;
    for (std::size_t c = 0; c < row.size(); ++c) {
      const std::string where = fmt::format("cells[{}][{}]", r, c);
      const auto& x = row[c];
      if (!x.is_object())
        return fail(
            fmt::format("{}: must be an object with 'attacker', 'defender' and 'loser'.", where));
      AssaultCell cell;
      for (auto [key, side] :
           {std::pair{"attacker", &cell.attacker}, std::pair{"defender", &cell.defender}}) {
        if (!x.contains(key)) return fail(fmt::format("{}.{}: is missing.", where, key));
        auto s = parse_side(x[key], fmt::format("{}.{}", where, key));
        if (!s) return fail(s.message());
        *side = std::move(*s);
      }
      if (!x.contains("loser") || !x["loser"].is_string())
        return fail(
            fmt::format("{}.loser: must be \"attacker\", \"defender\" or \"none\".", where));
      cell.loser = x["loser"].get<std::string>();
      if (cell.loser != "attacker" && cell.loser != "defender" && cell.loser != "none")
        return fail(
            fmt::format("{}.loser: '{}' is not a side: use \"attacker\", \"defender\" or \"none\".",
                        where, cell.loser));
      cell.confidence = g.confidence;
      if (x.contains("confidence")) {
        if (!x["confidence"].is_string())
          return fail(fmt::format("{}.confidence: must be a string.", where));
        auto cf = parse_confidence(x["confidence"].get<std::string>());
        if (!cf) return fail(fmt::format("{}.confidence: {}", where, cf.message()));
        cell.confidence = *cf;
      }
      if (x.contains("note")) {
        if (!x["note"].is_string())
          return fail(fmt::format("{}.note: must be a string shown with the result.", where));
        cell.note = x["note"].get<std::string>();
      }
      for (auto it = x.begin(); it != x.end(); ++it)
        if (it.key() != "attacker" && it.key() != "defender" && it.key() != "loser" &&
            it.key() != "confidence" && it.key() != "note")
          return fail(fmt::format("{}: unknown field '{}'.", where, it.key()));
      out.push_back(std::move(cell));
    }
    g.cells.push_back(std::move(out));
  }
  for (auto it = j.begin(); it != j.end(); ++it)
    if (it.key() != "format" && it.key() != "source" && it.key() != "confidence" &&
        it.key() != "columns" && it.key() != "rows" && it.key() != "cells" && it.key() != "comment")
      return fail(
          fmt::format("unknown field '{}' (the fields are format, source, confidence, "
                      "columns, rows, cells and comment).",
                      it.key()));
  return g;
}

core::Expected<AssaultGrid> load_assault_grid_file(const std::string& path) {
  // Refused in one sentence when missing, a directory or over the size limit, before it is read.
  auto text = game::read_text_file(path, "Assault grid file");
  if (!text) return text.error();
  auto j = game::parse_json_text(*text, path);
  if (!j) return j.error();
  return parse_assault_grid(*j, path);
}

}  // namespace carroccio::alsh
