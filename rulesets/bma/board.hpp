// The hex map of a bma scenario, precomputed once per game from core/hex: dense hex indices,
// neighbours by direction, distances, printed labels and edges.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/hex.hpp"
#include "core/status.hpp"
#include "rulesets/bma/types.hpp"

namespace carroccio::bma {

class Board {
 public:
  Board() = default;
  Board(int cols, int rows, bool flat_top, bool even_shifted);

  int size() const { return n_; }
  int cols() const { return cols_; }
  int rows() const { return rows_; }
  bool flat_top() const { return flat_top_; }
  // Neighbour of hex `h` in direction `dir` (0..5, core::hex numbering), or kNoHex off the map.
  int neighbor(int h, int dir) const { return nbr_[static_cast<std::size_t>(h)][dir]; }
  const std::array<std::int16_t, 6>& neighbors(int h) const {
    return nbr_[static_cast<std::size_t>(h)];
  }
  int distance(int a, int b) const {
    return dist_[static_cast<std::size_t>(a) * static_cast<std::size_t>(n_) +
                 static_cast<std::size_t>(b)];
  }
  // Direction from `a` to adjacent `b`, or -1 if they are not adjacent.
  int direction(int a, int b) const;
  int col(int h) const { return col_[static_cast<std::size_t>(h)]; }  // 1-based printed column
  int row(int h) const { return row_[static_cast<std::size_t>(h)]; }  // 1-based printed row
  // Hexes between `h` and the given map edge (0 on the edge row/column).
  int edge_distance(int h, Edge e) const;
  std::string label(int h) const;  // "1120"
  core::Expected<int> parse_label(std::string_view text) const;
  std::string direction_name(int dir) const;
  // Facing names and values as core::hex::Facing (0..11: even a hexside, odd a corner).
  std::string facing_name(int facing) const;
  core::Expected<int> parse_facing(std::string_view text) const;
  // Arc (0 front, 1 flank, 2 rear) of the neighbour in direction `dir` for a facing.
  int arc(int facing, int dir) const { return arc_[static_cast<std::size_t>(facing)][dir]; }
  // A facing of the given kind (corner or side) pointing toward a map edge.
  int facing_toward(Edge e, bool vertex) const;

 private:
  core::hex::Grid grid_;
  int cols_ = 0, rows_ = 0, n_ = 0;
  bool flat_top_ = true;
  std::array<std::array<std::uint8_t, 6>, 12> arc_{};
  std::vector<std::array<std::int16_t, 6>> nbr_;
  std::vector<std::uint8_t> dist_;
  std::vector<std::int16_t> col_, row_;
};

}  // namespace carroccio::bma
