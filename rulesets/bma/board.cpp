// The bma map precomputed from core/hex.
#include "rulesets/bma/board.hpp"

#include <algorithm>

#include "fmt/format.h"

namespace carroccio::bma {

namespace hex = core::hex;

Board::Board(int cols, int rows, bool flat_top, bool even_shifted)
    : cols_(cols), rows_(rows), n_(cols * rows), flat_top_(flat_top) {
  grid_.orientation = flat_top ? hex::Orientation::kFlatTop : hex::Orientation::kPointyTop;
  grid_.parity = even_shifted ? hex::Parity::kEven : hex::Parity::kOdd;
  grid_.cols = cols;
  grid_.rows = rows;
  nbr_.resize(static_cast<std::size_t>(n_));
  col_.resize(static_cast<std::size_t>(n_));
  row_.resize(static_cast<std::size_t>(n_));
  dist_.resize(static_cast<std::size_t>(n_) * static_cast<std::size_t>(n_));
  std::vector<hex::Hex> hexes(static_cast<std::size_t>(n_));
  for (int i = 0; i < n_; ++i) {
    const hex::Hex h = grid_.from_index(i);
    hexes[static_cast<std::size_t>(i)] = h;
    const hex::Offset o = grid_.to_offset(h);
    col_[static_cast<std::size_t>(i)] = static_cast<std::int16_t>(o.col);
    row_[static_cast<std::size_t>(i)] = static_cast<std::int16_t>(o.row);
    for (int d = 0; d < 6; ++d) {
      const hex::Hex nb = hex::neighbor(h, d);
      nbr_[static_cast<std::size_t>(i)][d] =
          static_cast<std::int16_t>(grid_.contains(nb) ? grid_.index(nb) : kNoHex);
    }
  }
  for (int a = 0; a < n_; ++a)
    for (int b = 0; b < n_; ++b)
      dist_[static_cast<std::size_t>(a) * static_cast<std::size_t>(n_) +
            static_cast<std::size_t>(b)] =
          static_cast<std::uint8_t>(
              std::min(255, hex::distance(hexes[static_cast<std::size_t>(a)],
                                          hexes[static_cast<std::size_t>(b)])));
  for (int f = 0; f < 12; ++f)
    for (int d = 0; d < 6; ++d)
      arc_[static_cast<std::size_t>(f)][static_cast<std::size_t>(d)] =
          static_cast<std::uint8_t>(hex::classify(hex::Facing{static_cast<std::uint8_t>(f)}, d));
}

int Board::direction(int a, int b) const {
  for (int d = 0; d < 6; ++d)
    if (neighbor(a, d) == b) return d;
  return -1;
}

int Board::edge_distance(int h, Edge e) const {
  switch (e) {
    case Edge::kNorth:
      return row(h) - 1;
    case Edge::kSouth:
      return rows_ - row(h);
    case Edge::kWest:
      return col(h) - 1;
    case Edge::kEast:
      return cols_ - col(h);
  }
  return 0;
}

std::string Board::label(int h) const {
  if (h < 0 || h >= n_) return "off-map";
  return grid_.label(grid_.from_index(h));
}

core::Expected<int> Board::parse_label(std::string_view text) const {
  auto h = grid_.parse_label(text);
  if (!h) return h.error();
  return grid_.index(*h);
}

std::string Board::direction_name(int dir) const {
  return std::string(hex::direction_name(grid_.orientation, dir));
}

std::string Board::facing_name(int facing) const {
  return std::string(
      hex::facing_name(grid_.orientation, hex::Facing{static_cast<std::uint8_t>(facing)}));
}

core::Expected<int> Board::parse_facing(std::string_view text) const {
  auto f = hex::parse_facing(grid_.orientation, text);
  if (!f) return f.error();
  return static_cast<int>(f->value);
}

int Board::facing_toward(Edge e, bool vertex) const {
  // Directions in core::hex numbering: flat-top 0=N, 3=S; pointy-top 4=W, 1=E.
  int dir = 0;
  if (flat_top_) {
    dir = e == Edge::kNorth ? 0 : e == Edge::kSouth ? 3 : e == Edge::kEast ? 1 : 5;
  } else {
    dir = e == Edge::kEast ? 1 : e == Edge::kWest ? 4 : e == Edge::kNorth ? 5 : 2;
  }
  // A corner facing: the corner clockwise of that side.
  return vertex ? 2 * dir + 1 : 2 * dir;
}

}  // namespace carroccio::bma
