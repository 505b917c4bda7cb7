// The table kit, part 5: a top-down character drawing of a table for the terminal, one character
// a cell (an inch, 2 cm...), the far edge (largest y) at the top. A ruleset paints its terrain,
// roads and bases in the order it wants (later paint covers earlier), then prints the rows with
// or without axes. Used by ohw, fastplay and gwkho's `render_text`.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/geometry.hpp"

namespace carroccio::game::table {

namespace geo = core::geo;

class CharMap {
 public:
  // A map of (width / cell) columns by (height / cell) rows, every cell '.'.
  CharMap(std::int64_t width, std::int64_t height, std::int64_t cell);

  int cols() const { return cols_; }
  int rows() const { return rows_; }
  std::int64_t cell() const { return cell_; }

  // The table point at the centre of a cell; `row` counts from the bottom (near) edge.
  geo::Point cell_centre(int col, int row) const {
    return {col * cell_ + cell_ / 2, row * cell_ + cell_ / 2};
  }
  // The character of a cell (`row` from the bottom edge).
  char& at(int col, int row) {
    return grid_[static_cast<std::size_t>(rows_ - 1 - row)][static_cast<std::size_t>(col)];
  }
  char at(int col, int row) const {
    return grid_[static_cast<std::size_t>(rows_ - 1 - row)][static_cast<std::size_t>(col)];
  }

  // Every cell whose centre lies inside the polygon.
  void fill_polygon(std::span<const geo::Point> outline, char ch);
  // Every cell whose centre lies within `half_width` of the polyline; with `over` set, only the
  // cells that show it (a road drawn on open ground only).
  void stroke(std::span<const geo::Point> line, std::int64_t half_width, char ch, char over = 0);
  // Every cell whose centre lies inside the base; with `at_least_centre`, the cell of its centre
  // too (a base smaller than a cell still shows).
  void fill_base(const geo::Base& b, char ch, bool at_least_centre = false);
  // The cell holding `p`, if it is on the map.
  void put(geo::Point p, char ch);
  // The cell holding `p`, or null when it is off the map.
  char* cell_at(geo::Point p);
  // An arrow (> / ^ \ < / v \, by the heading's octant) in the cell just behind the middle of
  // the base's front edge.
  void mark_front(const geo::Base& b);
  // The arrow of a heading's octant: '>' east, '^' north, '<' west, 'v' south, '/' or '\'
  // between.
  static char arrow(geo::Angle heading);

  // The rows, the top (far) edge first.
  const std::vector<std::string>& lines() const { return grid_; }
  // The rows, each after its number counted from the bottom edge in cells, and under them a
  // '|' every `tick` columns.
  std::string text_with_axes(int tick) const;

 private:
  std::int64_t cell_;
  int cols_, rows_;
  std::vector<std::string> grid_;
};

}  // namespace carroccio::game::table
