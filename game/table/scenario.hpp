// The table kit, part 1: reading the scenario file of a ruleset played on a continuous table
// (ohw, fastplay, gwkho). One reader, game::table::Reader, extends the shared FieldReader
// (game/scenario_reader.hpp) with what every table scenario has: lengths in the ruleset's unit,
// the table's size, the two sides and who moves first, positions and headings, terrain pieces
// (an id, a type from the ruleset's list, a rectangle or a polygon) and roads. Its errors are
// FieldReader's: "<source>: field '<path>' <what>.", to which the registry adds the line of the
// field ("my.json:12: field 'terrain[2].rect[1]' ...").
//
// Usage, in a ruleset's scenario loader (docs/new-ruleset.md walks through a whole one):
//
//   // types.hpp: how the ruleset writes and holds lengths, and its table's limits.
//   inline constexpr game::table::LengthUnit kLength{game::table::Measure::kInch, 1270, 1};
//   inline constexpr game::table::Format kFormat{kLength, /*table*/ 24 * 1270, 240 * 1270,
//                                                /*coordinates*/ 0, 240 * 1270, "roll"};
//
//   game::table::Reader rd(source, kFormat);
//   if (!rd.top_level(j, "gwkho", {...}) || !rd.table(j, s.width, s.height) ||
//       !rd.sides(j, s.side_ids, s.side_names) || !rd.first(j, s.side_ids, s.first) ||
//       !rd.terrain(j, terrain_types(), s.terrain) || !rd.roads(j, s.roads))
//     return *rd.err();
//   // a unit:  rd.side(u, p, "side", s.side_ids, d.side) && rd.position(u, p, d.centre) &&
//   //          rd.heading(u, p, "heading", d.heading)
//
// Lengths. A file writes lengths as numbers of the ruleset's unit (inches or centimetres) with
// at most LengthUnit::decimals decimals; the reader turns them into exact integer sub-units
// (LengthUnit::per_unit to the unit), and nothing else in the ruleset converts. Bounds are given
// in sub-units and named in the unit in messages ("must be from 12 to 240 inches").
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/geometry.hpp"
#include "game/scenario_reader.hpp"

namespace carroccio::game::table {

namespace geo = core::geo;

inline constexpr int kNumSides = 2;

enum class Measure : std::uint8_t { kInch, kCentimetre };

// How a ruleset writes lengths in its files and holds them in play: `per_unit` integer sub-units
// to the inch or centimetre, and at most `decimals` decimals in a file (per_unit must be a
// multiple of 10^decimals, so every length a file may write is a whole number of sub-units).
//   ohw:      {kInch, 100, 2}         inches to 1/100 inch
//   fastplay: {kCentimetre, 100, 2}   centimetres to 0.1 mm
//   gwkho:    {kInch, 1270, 1}        inches to 0.1 inch, in sub-units of 1/1270 inch (0.02 mm)
struct LengthUnit {
  Measure measure = Measure::kInch;
  std::int64_t per_unit = 100;
  int decimals = 2;

  // n whole units in sub-units.
  constexpr std::int64_t operator()(std::int64_t n) const { return n * per_unit; }
  // The finest length a file can write, in sub-units (1/10^decimals of the unit).
  constexpr std::int64_t step() const {
    std::int64_t s = per_unit;
    for (int i = 0; i < decimals; ++i) s /= 10;
    return s;
  }
  // Sub-units to the inch, for a board that measures in inches (2.54 cm to the inch).
  constexpr std::int64_t per_inch() const {
    return measure == Measure::kInch ? per_unit : per_unit * 254 / 100;
  }
  // The unit as messages write it after a number: "inches", "cm".
  std::string_view plural() const { return measure == Measure::kInch ? "inches" : "cm"; }
  // The unit as the JSON view names it ("unit"): "inch", "cm".
  std::string_view symbol() const { return measure == Measure::kInch ? "inch" : "cm"; }
  // A length in sub-units as the file would write it: 1225 -> "12.25", -127 -> "-0.1".
  std::string format(std::int64_t sub_units) const;
};

// What a ruleset's table scenarios may hold, all lengths in sub-units.
struct Format {
  LengthUnit unit;
  std::int64_t min_side = 0, max_side = 0;    // the table's width and height
  std::int64_t min_coord = 0, max_coord = 0;  // any point of a terrain piece or a road
  // The value of "first" that leaves the first mover to the dice ("roll_off", "roll").
  std::string_view roll = "roll";
  std::size_t max_terrain = 100, max_roads = 50;
  std::size_t max_points = 64;  // of a polygon or a road's line
};

// A piece of terrain: its id (unique in the file), its type (the ruleset's enum) and outline.
template <typename Type>
struct TerrainPiece {
  std::string id;
  Type type{};
  geo::Polygon outline;
};

// A road: its id and centre line (two points or more, no point repeating the one before).
struct Road {
  std::string id;
  std::vector<geo::Point> line;
};

// The names a file may write for a ruleset's enum, each with its value.
template <typename E>
using Names = std::vector<std::pair<std::string_view, E>>;

// Names of an enum whose values are 0 .. count-1, named by `name(E)`.
template <typename E, typename NameOf>
Names<E> enum_names(int count, NameOf name) {
  Names<E> out;
  for (int i = 0; i < count; ++i) out.emplace_back(name(static_cast<E>(i)), static_cast<E>(i));
  return out;
}

// The index of side `id` in `ids`, or -1.
int side_index(const std::array<std::string, kNumSides>& ids, std::string_view id);

class Reader : public FieldReader {
 public:
  Reader(std::string_view source, const Format& format) : FieldReader(source), format_(format) {}

  const Format& format() const { return format_; }
  const LengthUnit& unit() const { return format_.unit; }

  // ---- lengths, points, headings ----

  // The value `v` (whose path is `field`) as a length within [lo, hi] sub-units.
  bool length(const nlohmann::json& v, const std::string& field, std::int64_t& out, std::int64_t lo,
              std::int64_t hi);
  // The field `key` of `obj` as a length; absent and optional leaves `out` as it was.
  bool length(const nlohmann::json& obj, const std::string& prefix, const char* key,
              std::int64_t& out, std::int64_t lo, std::int64_t hi, Need need = Need::kRequired);
  // A point [x, y], each coordinate a length within [lo, hi] (by default the format's
  // coordinate range).
  bool point(const nlohmann::json& v, const std::string& field, geo::Point& out);
  bool point(const nlohmann::json& v, const std::string& field, geo::Point& out, std::int64_t lo,
             std::int64_t hi);
  // The fields "x" and "y" of `obj` (both required), each from 0 to the largest table side.
  bool position(const nlohmann::json& obj, const std::string& prefix, geo::Point& out);
  // Whole degrees from 0 to 359, counter-clockwise from east.
  bool heading(const nlohmann::json& obj, const std::string& prefix, const char* key,
               geo::Angle& out, Need need = Need::kRequired);

  // ---- the table and the sides ----

  // "table": {"width", "height"}, optional; `width` and `height` hold the defaults.
  bool table(const nlohmann::json& j, std::int64_t& width, std::int64_t& height);
  // "sides": exactly two {"id", "name"} with different ids; the first listed is side 0.
  bool sides(const nlohmann::json& j, std::array<std::string, kNumSides>& ids,
             std::array<std::string, kNumSides>& names);
  // "first": a side id (its index) or the format's roll word (-1), optional (`out` keeps its
  // default).
  bool first(const nlohmann::json& j, const std::array<std::string, kNumSides>& ids, int& out);
  // The field `key` of `obj` naming a side: its index.
  bool side(const nlohmann::json& obj, const std::string& prefix, const char* key,
            const std::array<std::string, kNumSides>& ids, int& out);

  // ---- terrain and roads ----

  // An area of `obj`: "rect": [x0, y0, x1, y1] (x0 < x1, y0 < y1) or "polygon": [[x, y], ...] (a
  // simple polygon of 3 to max_points points), exactly one of the two.
  bool area(const nlohmann::json& obj, const std::string& prefix, geo::Polygon& out);

  // One terrain piece: {"id", "type", "rect" | "polygon"} and the ruleset's `extra` fields
  // (which the caller reads from the same object).
  template <typename Type>
  bool terrain_piece(const nlohmann::json& obj, const std::string& prefix, const Names<Type>& types,
                     TerrainPiece<Type>& out, const std::vector<std::string_view>& extra = {}) {
    return piece_fields(obj, prefix, out.id, extra) &&
           choice(obj, prefix, "type", out.type, types) && area(obj, prefix, out.outline);
  }

  // "terrain": optional list of pieces with unique ids. `on_piece(obj, prefix, index)` (returns
  // bool) reads the ruleset's `extra` fields of each, after the piece itself.
  template <typename Type, typename OnPiece>
  bool terrain(const nlohmann::json& j, const Names<Type>& types,
               std::vector<TerrainPiece<Type>>& out, const std::vector<std::string_view>& extra,
               OnPiece on_piece) {
    const nlohmann::json* list = array(j, "", "terrain", 0, format_.max_terrain, Need::kOptional);
    if (list == nullptr) return !err();
    for (std::size_t i = 0; i < list->size(); ++i) {
      const std::string p = item_path("terrain", i);
      TerrainPiece<Type> t;
      if (!terrain_piece((*list)[i], p, types, t, extra) ||
          !unique_id(p, t.id, i, [&](std::size_t k) -> const std::string& { return out[k].id; }) ||
          !on_piece((*list)[i], p, i))
        return false;
      out.push_back(std::move(t));
    }
    return true;
  }
  template <typename Type>
  bool terrain(const nlohmann::json& j, const Names<Type>& types,
               std::vector<TerrainPiece<Type>>& out) {
    return terrain(j, types, out, {},
                   [](const nlohmann::json&, const std::string&, std::size_t) { return true; });
  }

  // "roads": optional list of {"id", "line": [[x, y], ...]} with unique ids.
  bool roads(const nlohmann::json& j, std::vector<Road>& out);

  // The id at `prefix`"id" is not one of the `count` ids before it (`id_of(k)`).
  template <typename IdOf>
  bool unique_id(const std::string& prefix, const std::string& id, std::size_t count, IdOf id_of) {
    for (std::size_t k = 0; k < count; ++k)
      if (id_of(k) == id) return fail(prefix + "id", "repeats the id '" + id + "'");
    return true;
  }

 private:
  // An object with only "id", "type", "rect", "polygon" and `extra`, and its id.
  bool piece_fields(const nlohmann::json& obj, const std::string& prefix, std::string& id,
                    const std::vector<std::string_view>& extra);

  Format format_;
};

}  // namespace carroccio::game::table
