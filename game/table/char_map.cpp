#include "game/table/char_map.hpp"

#include <sstream>

#include "fmt/format.h"

namespace carroccio::game::table {

CharMap::CharMap(std::int64_t width, std::int64_t height, std::int64_t cell)
    : cell_(cell),
      cols_(static_cast<int>(width / cell)),
      rows_(static_cast<int>(height / cell)),
      grid_(static_cast<std::size_t>(rows_), std::string(static_cast<std::size_t>(cols_), '.')) {}

void CharMap::fill_polygon(std::span<const geo::Point> outline, char ch) {
  for (int r = 0; r < rows_; ++r)
    for (int c = 0; c < cols_; ++c)
      if (geo::point_in_polygon(cell_centre(c, r), outline)) at(c, r) = ch;
}

void CharMap::stroke(std::span<const geo::Point> line, std::int64_t half_width, char ch,
                     char over) {
  for (int r = 0; r < rows_; ++r)
    for (int c = 0; c < cols_; ++c) {
      const geo::Point p = cell_centre(c, r);
      for (std::size_t i = 0; i + 1 < line.size(); ++i)
        if ((over == 0 || at(c, r) == over) &&
            geo::distance_sq(p, geo::Segment{line[i], line[i + 1]}).within(half_width))
          at(c, r) = ch;
    }
}

void CharMap::fill_base(const geo::Base& b, char ch, bool at_least_centre) {
  for (int r = 0; r < rows_; ++r)
    for (int c = 0; c < cols_; ++c)
      if (geo::contains(b, cell_centre(c, r))) at(c, r) = ch;
  if (at_least_centre) put(b.centre(), ch);
}

char* CharMap::cell_at(geo::Point p) {
  // Division truncates toward zero, so a point less than a cell off the near or left edge lands
  // in the first cell (what the drawings always did).
  const std::int64_t c = p.x / cell_, r = p.y / cell_;
  if (c < 0 || c >= cols_ || r < 0 || r >= rows_) return nullptr;
  return &at(static_cast<int>(c), static_cast<int>(r));
}

void CharMap::put(geo::Point p, char ch) {
  if (char* cell = cell_at(p)) *cell = ch;
}

char CharMap::arrow(geo::Angle heading) {
  static constexpr char kArrows[] = {'>', '/', '^', '\\', '<', '/', 'v', '\\'};
  return kArrows[(heading.units() + geo::kFullTurn / 16) % geo::kFullTurn / (geo::kFullTurn / 8)];
}

void CharMap::mark_front(const geo::Base& b) {
  put(b.side_midpoint(geo::Side::kFront) - geo::Vec{b.forward_half().x / 2, b.forward_half().y / 2},
      arrow(b.heading()));
}

std::string CharMap::text_with_axes(int tick) const {
  std::ostringstream os;
  for (int r = 0; r < rows_; ++r)
    os << fmt::format("{:>3} ", rows_ - r) << grid_[static_cast<std::size_t>(r)] << '\n';
  os << "    ";
  for (int c = 0; c < cols_; ++c) os << (c % tick == 0 ? '|' : ' ');
  os << '\n';
  return os.str();
}

}  // namespace carroccio::game::table
