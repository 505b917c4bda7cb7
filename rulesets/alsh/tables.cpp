#include "rulesets/alsh/tables.hpp"

#include <cassert>
#include <stdexcept>
#include <utility>

#include "fmt/format.h"

namespace carroccio::alsh {

std::string_view confidence_name(Confidence c) {
  switch (c) {
    case Confidence::kLegible:
      return "legible";
    case Confidence::kReconstructed:
      return "reconstructed";
    case Confidence::kGuessed:
      return "guessed";
    case Confidence::kMissing:
      return "missing";
  }
  return "missing";
}

core::Expected<Confidence> parse_confidence(std::string_view text) {
  for (Confidence c : {Confidence::kLegible, Confidence::kReconstructed, Confidence::kGuessed,
                       Confidence::kMissing})
    if (confidence_name(c) == text) return c;
  return core::make_error(fmt::format(
      "'{}' is not a confidence: use legible, reconstructed, guessed or missing.", text));
}

int Grid::find(const std::vector<Header>& headers, int v) {
  for (std::size_t i = 0; i < headers.size(); ++i)
    if (headers[i].contains(v)) return static_cast<int>(i);
  for (std::size_t i = 0; i < headers.size(); ++i) {
    const Header& h = headers[i];
    if (h.extends_below && h.min && v < *h.min) return static_cast<int>(i);
    if (h.extends_above && h.max && v > *h.max) return static_cast<int>(i);
  }
  return -1;
}

namespace {
Basis heading_basis(const std::string& title, const char* kind, const Header& h, int v) {
  if (!h.contains(v)) {
    return Basis{fmt::format("{}, {} '{}' read for {}", title, kind, h.label, v),
                 worst(h.confidence, h.extend_confidence), h.extend_note};
  }
  return Basis{fmt::format("{}, {} '{}'", title, kind, h.label), h.confidence, h.note};
}
}  // namespace

Basis Grid::row_basis(int r, int v) const {
  return heading_basis(title, "row", rows[static_cast<std::size_t>(r)], v);
}
Basis Grid::column_basis(int c, int v) const {
  return heading_basis(title, "column", columns[static_cast<std::size_t>(c)], v);
}
Basis Grid::cell_basis(int r, int c) const {
  const Cell& x = cell(r, c);
  std::string note = x.note;
  if (!x.ocr.empty() && x.confidence != Confidence::kLegible)
    note = note.empty() ? fmt::format("chart text reads '{}'.", x.ocr)
                        : fmt::format("chart text reads '{}'. {}", x.ocr, note);
  return Basis{
      fmt::format("{}, row '{}', column '{}': {}", title, rows[static_cast<std::size_t>(r)].label,
                  columns[static_cast<std::size_t>(c)].label, x.value),
      x.confidence, note};
}

const Grid& Tables::grid(const std::string& id) const {
  auto it = grids.find(id);
  if (it == grids.end()) throw std::logic_error("alsh: no grid " + id);
  return it->second;
}

const nlohmann::json& Tables::file(const std::string& id) const {
  auto it = files.find(id);
  if (it == files.end()) throw std::logic_error("alsh: no data file " + id);
  return it->second;
}

const ModifierDef& Tables::modifier(const std::string& file_id, const std::string& id) const {
  auto f = modifiers.find(file_id);
  if (f == modifiers.end()) throw std::logic_error("alsh: no modifiers for " + file_id);
  auto it = f->second.find(id);
  if (it == f->second.end()) throw std::logic_error("alsh: no modifier " + file_id + "." + id);
  return it->second;
}

namespace {

core::Expected<Confidence> confidence_field(const nlohmann::json& j, const char* key,
                                            const std::string& where) {
  if (!j.contains(key)) return Confidence::kLegible;
  if (!j[key].is_string())
    return core::make_error(fmt::format("{}.{}: the confidence must be a string.", where, key));
  auto c = parse_confidence(j[key].get<std::string>());
  if (!c) return core::make_error(fmt::format("{}.{}: {}", where, key, c.message()));
  return c;
}

std::string string_field(const nlohmann::json& j, const char* key) {
  return j.contains(key) && j[key].is_string() ? j[key].get<std::string>() : std::string();
}

}  // namespace

core::Expected<Header> parse_header(const nlohmann::json& j, const std::string& where) {
  if (!j.is_object())
    return core::make_error(fmt::format("{}: a heading must be an object.", where));
  Header h;
  h.label = string_field(j, "label");
  if (h.label.empty())
    return core::make_error(fmt::format("{}.label: a heading needs a label.", where));
  for (auto [key, bound] : {std::pair{"min", &h.min}, std::pair{"max", &h.max}}) {
    if (!j.contains(key) || j[key].is_null()) continue;
    if (!j[key].is_number_integer())
      return core::make_error(fmt::format("{}.{}: must be an integer.", where, key));
    *bound = j[key].get<int>();
  }
  if (h.min && h.max && *h.min > *h.max)
    return core::make_error(fmt::format("{}: min is above max.", where));
  auto c = confidence_field(j, "c", where);
  if (!c) return c.error();
  h.confidence = *c;
  h.note = string_field(j, "note");
  h.ocr = string_field(j, "ocr");
  const std::string ext = string_field(j, "extends");
  if (ext == "below") {
    h.extends_below = true;
  } else if (ext == "above") {
    h.extends_above = true;
  } else if (!ext.empty()) {
    return core::make_error(fmt::format("{}.extends: must be 'below' or 'above'.", where));
  }
  auto ec = confidence_field(j, "extend_c", where);
  if (!ec) return ec.error();
  h.extend_confidence = *ec;
  h.extend_note = string_field(j, "extend_note");
  for (auto it = j.begin(); it != j.end(); ++it) {
    static const char* known[] = {"label", "min",     "max",      "c",          "note",
                                  "ocr",   "extends", "extend_c", "extend_note"};
    bool k = false;
    for (const char* n : known) k = k || it.key() == n;
    if (!k) h.extra[it.key()] = it.value();
  }
  return h;
}

core::Expected<Cell> parse_cell(const nlohmann::json& j, const std::string& where) {
  Cell cell;
  if (j.is_string()) {
    cell.value = j.get<std::string>();
    return cell;
  }
  if (!j.is_object() || !j.contains("v") || !j["v"].is_string())
    return core::make_error(
        fmt::format("{}: a cell is a string, or an object with a string 'v'.", where));
  cell.value = j["v"].get<std::string>();
  auto c = confidence_field(j, "c", where);
  if (!c) return c.error();
  cell.confidence = *c;
  cell.ocr = string_field(j, "ocr");
  cell.note = string_field(j, "note");
  for (auto it = j.begin(); it != j.end(); ++it)
    if (it.key() != "v" && it.key() != "c" && it.key() != "ocr" && it.key() != "note")
      cell.extra[it.key()] = it.value();
  return cell;
}

namespace {

core::Expected<std::vector<Header>> parse_axis(const nlohmann::json& j, const std::string& where,
                                               std::string& axis) {
  if (!j.is_object() || !j.contains("headers") || !j["headers"].is_array())
    return core::make_error(fmt::format("{}: needs a 'headers' array.", where));
  axis = string_field(j, "axis");
  std::vector<Header> out;
  for (std::size_t i = 0; i < j["headers"].size(); ++i) {
    auto h = parse_header(j["headers"][i], fmt::format("{}.headers[{}]", where, i));
    if (!h) return h.error();
    out.push_back(std::move(*h));
  }
  if (out.empty()) return core::make_error(fmt::format("{}: has no headings.", where));
  return out;
}

core::Expected<Grid> parse_grid(const nlohmann::json& j, const std::string& id,
                                const std::string& where) {
  Grid g;
  g.id = id;
  g.title = string_field(j, "title");
  if (!j.contains("rows") || !j.contains("columns") || !j.contains("cells"))
    return core::make_error(fmt::format("{}: a grid needs rows, columns and cells.", where));
  auto rows = parse_axis(j["rows"], where + ".rows", g.row_axis);
  if (!rows) return rows.error();
  g.rows = std::move(*rows);
  auto cols = parse_axis(j["columns"], where + ".columns", g.column_axis);
  if (!cols) return cols.error();
  g.columns = std::move(*cols);
  const auto& cells = j["cells"];
  if (!cells.is_array() || cells.size() != g.rows.size())
    return core::make_error(
        fmt::format("{}.cells: needs {} rows, one per row heading.", where, g.rows.size()));
  for (std::size_t r = 0; r < cells.size(); ++r) {
    if (!cells[r].is_array() || cells[r].size() != g.columns.size())
      return core::make_error(
          fmt::format("{}.cells[{}]: needs {} cells, one per column.", where, r, g.columns.size()));
    std::vector<Cell> row;
    for (std::size_t c = 0; c < cells[r].size(); ++c) {
      auto cell = parse_cell(cells[r][c], fmt::format("{}.cells[{}][{}]", where, r, c));
      if (!cell) return cell.error();
      row.push_back(std::move(*cell));
    }
    g.cells.push_back(std::move(row));
  }
  return g;
}

core::Status parse_modifiers(const nlohmann::json& j, const std::string& file_id, Tables& tables) {
  auto& out = tables.modifiers[file_id];
  if (!j.contains("modifiers")) return core::Status::Ok();
  if (!j["modifiers"].is_array())
    return core::make_error(fmt::format("{}.json: modifiers must be an array.", file_id));
  for (std::size_t i = 0; i < j["modifiers"].size(); ++i) {
    const auto& m = j["modifiers"][i];
    const std::string where = fmt::format("{}.json: modifiers[{}]", file_id, i);
    if (!m.is_object() || !m.contains("id") || !m["id"].is_string() || !m.contains("value") ||
        !m["value"].is_number_integer() || !m.contains("label") || !m["label"].is_string())
      return core::make_error(
          fmt::format("{}: a modifier needs a string id, an integer value and a label.", where));
    ModifierDef d;
    d.id = m["id"].get<std::string>();
    d.value = m["value"].get<int>();
    d.label = m["label"].get<std::string>();
    auto c = confidence_field(m, "c", where);
    if (!c) return c.error();
    d.confidence = *c;
    d.note = string_field(m, "note");
    out[d.id] = d;
  }
  return core::Status::Ok();
}

// The grids each file holds: (grid id, JSON pointer inside the file).
const std::vector<std::pair<std::string, std::string>>& grids_of(const std::string& file_id) {
  static const std::map<std::string, std::vector<std::pair<std::string, std::string>>> kGrids = {
      {"artillery", {{"artillery", ""}}},
      {"charge", {{"charge", ""}}},
      {"discipline", {{"discipline", ""}}},
      {"pursuit", {{"pursuit", ""}}},
      {"initiative", {{"initiative", ""}}},
      {"admin_points", {{"admin_points", ""}}},
      {"attrition", {{"attrition", ""}}},
      {"major_battle", {{"mb_table1", "/table1"}, {"mb_crt", "/crt"}}},
  };
  static const std::vector<std::pair<std::string, std::string>> kNone;
  auto it = kGrids.find(file_id);
  return it == kGrids.end() ? kNone : it->second;
}

}  // namespace

core::Expected<Tables> load_tables_from(
    const std::vector<std::pair<std::string_view, std::string_view>>& files) {
  Tables t;
  for (const auto& [name, text] : files) {
    std::string file_id(name);
    if (file_id.size() > 5 && file_id.substr(file_id.size() - 5) == ".json")
      file_id.resize(file_id.size() - 5);
    nlohmann::json j;
    try {
      j = nlohmann::json::parse(text);
    } catch (const nlohmann::json::parse_error& e) {
      return core::make_error(fmt::format("{}: this is not valid JSON ({}).", name, e.what()));
    }
    if (!j.is_object() || !j.contains("title"))
      return core::make_error(fmt::format("{}: a table file is an object with a title.", name));
    for (const auto& [grid_id, pointer] : grids_of(file_id)) {
      const nlohmann::json& sub = pointer.empty() ? j : j.at(nlohmann::json::json_pointer(pointer));
      auto g = parse_grid(sub, grid_id, fmt::format("{}{}", name, pointer));
      if (!g) return g.error();
      if (g->title.empty()) g->title = j["title"].get<std::string>();
      t.grids[grid_id] = std::move(*g);
    }
    auto s = parse_modifiers(j, file_id, t);
    if (!s) return core::make_error(s.message());
    t.files[file_id] = std::move(j);
  }
  for (const char* needed :
       {"artillery", "charge", "discipline", "pursuit", "initiative", "admin_points", "attrition",
        "major_battle", "assault", "orders", "terrain", "tactical_options", "unit_types"})
    if (!t.files.count(needed))
      return core::make_error(fmt::format("The alsh data file {}.json is missing.", needed));
  return t;
}

core::Expected<Tables> load_tables() { return load_tables_from(embedded_tables()); }

}  // namespace carroccio::alsh
