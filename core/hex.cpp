#include "core/hex.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <ostream>

namespace carroccio::core::hex {
namespace {

constexpr std::array<std::string_view, kNumDirections> kFlatDirectionNames = {"N", "NE", "SE",
                                                                              "S", "SW", "NW"};
constexpr std::array<std::string_view, kNumDirections> kPointyDirectionNames = {"NE", "E", "SE",
                                                                                "SW", "W", "NW"};

constexpr std::array<std::string_view, 12> kFlatFacingNames = {
    "N", "N/NE", "NE", "NE/SE", "SE", "SE/S", "S", "S/SW", "SW", "SW/NW", "NW", "NW/N"};
constexpr std::array<std::string_view, 12> kPointyFacingNames = {
    "NE", "NE/E", "E", "E/SE", "SE", "SE/SW", "SW", "SW/W", "W", "W/NW", "NW", "NW/NE"};

const std::array<std::string_view, kNumDirections>& direction_names(Orientation o) {
  return o == Orientation::kFlatTop ? kFlatDirectionNames : kPointyDirectionNames;
}

std::string_view orientation_phrase(Orientation o) {
  return o == Orientation::kFlatTop ? "a flat-topped" : "a pointy-topped";
}

bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    char x = a[i];
    char y = b[i];
    if (x >= 'a' && x <= 'z') x = static_cast<char>(x - 'a' + 'A');
    if (y >= 'a' && y <= 'z') y = static_cast<char>(y - 'a' + 'A');
    if (x != y) return false;
  }
  return true;
}

// Index of a direction name, case-insensitive, or -1.
int find_direction(Orientation o, std::string_view text) {
  const auto& names = direction_names(o);
  for (int d = 0; d < kNumDirections; ++d) {
    if (iequals(names[static_cast<std::size_t>(d)], text)) return d;
  }
  return -1;
}

// Floor division by a positive divisor.
constexpr std::int64_t floor_div(std::int64_t x, std::int64_t d) {
  std::int64_t q = x / d;
  if (x % d != 0 && x < 0) --q;
  return q;
}

constexpr std::int64_t abs64(std::int64_t x) { return x < 0 ? -x : x; }

// Cube vector (q, r, s) with q + r + s = 0, for Euclidean comparisons: on the plane
// q + r + s = 0 the ordinary 3-D dot product is proportional to the Euclidean one.
struct Cube {
  int q, r, s;
};

constexpr Cube cube_of(Hex h) { return {h.q, h.r, h.s()}; }
constexpr int dot(Cube a, Cube b) { return a.q * b.q + a.r * b.r + a.s * b.s; }

// The facings of `kind` closest in angle to the vector v (v != 0): all candidate vectors of a
// kind have the same length, so the closest is the largest dot product.
FacingChoices facings_toward_vector(Cube v, FacingKind kind) {
  FacingChoices result;
  if (v.q == 0 && v.r == 0 && v.s == 0) return result;
  std::array<int, kNumDirections> score{};
  for (int i = 0; i < kNumDirections; ++i) {
    Cube u = cube_of(kDirections[static_cast<std::size_t>(i)]);
    if (kind == FacingKind::kVertex) {
      const Cube w = cube_of(kDirections[static_cast<std::size_t>(rotate_direction(i, 1))]);
      u = {u.q + w.q, u.r + w.r, u.s + w.s};
    }
    score[static_cast<std::size_t>(i)] = dot(v, u);
  }
  int best = 0;
  for (int i = 1; i < kNumDirections; ++i) {
    if (score[static_cast<std::size_t>(i)] > score[static_cast<std::size_t>(best)]) best = i;
  }
  const int top = score[static_cast<std::size_t>(best)];
  // At most two facings tie, and they are neighbours (60 degrees apart).
  const int next = rotate_direction(best, 1);
  const int prev = rotate_direction(best, -1);
  if (score[static_cast<std::size_t>(next)] == top) {
    result.facing = {Facing::of_kind(kind, next), Facing::of_kind(kind, best)};
    result.count = 2;
  } else if (score[static_cast<std::size_t>(prev)] == top) {
    result.facing = {Facing::of_kind(kind, best), Facing::of_kind(kind, prev)};
    result.count = 2;
  } else {
    result.facing[0] = Facing::of_kind(kind, best);
    result.count = 1;
  }
  return result;
}

// Cube vectors pointing straight at each edge (north, east, south, west) of a printed map.
constexpr std::array<Cube, 4> kFlatEdgeVectors = {
    {{0, -1, 1}, {2, -1, -1}, {0, 1, -1}, {-2, 1, 1}}};
constexpr std::array<Cube, 4> kPointyEdgeVectors = {
    {{-1, -1, 2}, {1, -1, 0}, {1, 1, -2}, {-1, 1, 0}}};

// Appends ring(center, radius) for radius >= 1.
void append_ring(Hex center, int radius, std::vector<Hex>& out) {
  Hex h = center + kDirections[0] * radius;
  for (int side = 0; side < kNumDirections; ++side) {
    const Hex step = kDirections[static_cast<std::size_t>(rotate_direction(side, 2))];
    for (int i = 0; i < radius; ++i) {
      out.push_back(h);
      h = h + step;
    }
  }
}

}  // namespace

std::string to_string(Hex h) { return fmt::format("({},{})", h.q, h.r); }

std::ostream& operator<<(std::ostream& os, Hex h) { return os << to_string(h); }

std::ostream& operator<<(std::ostream& os, Offset o) {
  return os << "(" << o.col << "," << o.row << ")";
}

std::ostream& operator<<(std::ostream& os, Facing f) {
  return os << "Facing(" << static_cast<int>(f.value) << ")";
}

// ---------------------------------------------------------------------------------------------
// Directions, lines, rings

std::string_view direction_name(Orientation orientation, int dir) {
  assert(dir >= 0 && dir < kNumDirections);
  return direction_names(orientation)[static_cast<std::size_t>(dir)];
}

Expected<int> parse_direction(Orientation orientation, std::string_view text) {
  const int d = find_direction(orientation, text);
  if (d >= 0) return d;
  const auto& n = direction_names(orientation);
  return make_error(
      fmt::format("'{}' is not a direction on {} map: use one of {}, {}, {}, {}, {}, {}.", text,
                  orientation_phrase(orientation), n[0], n[1], n[2], n[3], n[4], n[5]));
}

void line(Hex a, Hex b, std::vector<Hex>& out) {
  out.clear();
  const int n = distance(a, b);
  if (n == 0) {
    out.push_back(a);
    return;
  }
  // Point i of N along the line, in cube coordinates scaled by D = 8N and nudged by (+1, +2, -3).
  // Exact coordinates are multiples of 8 in these units, so a coordinate exactly halfway between
  // two integers (4N off a multiple of D) is at least 4 from any other rounding boundary: the
  // nudge (at most 3) only ever breaks such exact ties. Likewise exact rounding errors are
  // multiples of 8 and the nudges (1, 2, 3) differ mod 8, so the comparison of errors below never
  // ties and changes only between exactly equal errors.
  const std::int64_t d = 8 * static_cast<std::int64_t>(n);
  const Cube ca = cube_of(a);
  const Cube cb = cube_of(b);
  const std::int64_t dq = cb.q - ca.q;
  const std::int64_t dr = cb.r - ca.r;
  const std::int64_t ds = cb.s - ca.s;
  for (std::int64_t i = 0; i <= n; ++i) {
    const std::int64_t x = d * ca.q + 8 * i * dq + 1;
    const std::int64_t y = d * ca.r + 8 * i * dr + 2;
    const std::int64_t z = d * ca.s + 8 * i * ds - 3;
    std::int64_t rx = floor_div(x + 4 * n, d);
    std::int64_t ry = floor_div(y + 4 * n, d);
    std::int64_t rz = floor_div(z + 4 * n, d);
    const std::int64_t ex = abs64(x - rx * d);
    const std::int64_t ey = abs64(y - ry * d);
    const std::int64_t ez = abs64(z - rz * d);
    if (ex > ey && ex > ez) {
      rx = -ry - rz;
    } else if (ey > ez) {
      ry = -rx - rz;
    }  // else rz would be recomputed, but only q and r are kept
    out.push_back(Hex{static_cast<int>(rx), static_cast<int>(ry)});
  }
}

std::vector<Hex> line(Hex a, Hex b) {
  std::vector<Hex> out;
  line(a, b, out);
  return out;
}

void ring(Hex center, int radius, std::vector<Hex>& out) {
  out.clear();
  if (radius < 0) return;
  if (radius == 0) {
    out.push_back(center);
    return;
  }
  append_ring(center, radius, out);
}

std::vector<Hex> ring(Hex center, int radius) {
  std::vector<Hex> out;
  ring(center, radius, out);
  return out;
}

void range(Hex center, int radius, std::vector<Hex>& out) {
  out.clear();
  if (radius < 0) return;
  out.push_back(center);
  for (int k = 1; k <= radius; ++k) append_ring(center, k, out);
}

std::vector<Hex> range(Hex center, int radius) {
  std::vector<Hex> out;
  range(center, radius, out);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Printed maps

Expected<Grid> Grid::create(Orientation orientation, Parity parity, int cols, int rows) {
  if (cols < 1 || cols > 99 || rows < 1 || rows > 99) {
    return make_error(
        fmt::format("A {}x{} hex map is not possible: columns and rows must each be from 1 to 99.",
                    cols, rows));
  }
  return Grid{orientation, parity, cols, rows};
}

std::string Grid::label(Hex h) const {
  const Offset o = to_offset(h);
  assert(contains(h) && cols <= 99 && rows <= 99);
  return fmt::format("{:02}{:02}", o.col, o.row);
}

Expected<Hex> Grid::parse_label(std::string_view text) const {
  const bool four_digits = text.size() == 4 && std::all_of(text.begin(), text.end(), [](char c) {
                             return c >= '0' && c <= '9';
                           });
  if (!four_digits) {
    return make_error(fmt::format(
        "'{}' is not a hex label: write four digits, column then row, e.g. 1120.", text));
  }
  const int col = (text[0] - '0') * 10 + (text[1] - '0');
  const int row = (text[2] - '0') * 10 + (text[3] - '0');
  const bool col_ok = col >= 1 && col <= cols;
  const bool row_ok = row >= 1 && row <= rows;
  if (col_ok && row_ok) return from_offset(col, row);
  std::string what;
  if (!col_ok && !row_ok) {
    what = fmt::format("column {:02} and row {:02} are outside columns 01-{:02} and rows 01-{:02}",
                       col, row, cols, rows);
  } else if (!col_ok) {
    what = fmt::format("column {:02} is outside columns 01-{:02}", col, cols);
  } else {
    what = fmt::format("row {:02} is outside rows 01-{:02}", row, rows);
  }
  return make_error(
      fmt::format("Hex {} is off the map: {} of this {}x{} map.", text, what, cols, rows));
}

// ---------------------------------------------------------------------------------------------
// Facing

std::string_view facing_name(Orientation orientation, Facing f) {
  assert(f.value < 12);
  const auto& names = orientation == Orientation::kFlatTop ? kFlatFacingNames : kPointyFacingNames;
  return names[f.value];
}

Expected<Facing> parse_facing(Orientation orientation, std::string_view text) {
  const std::size_t slash = text.find('/');
  if (slash == std::string_view::npos) {
    const int d = find_direction(orientation, text);
    if (d >= 0) return Facing::hexside(d);
  } else {
    const int a = find_direction(orientation, text.substr(0, slash));
    const int b = find_direction(orientation, text.substr(slash + 1));
    if (a >= 0 && b >= 0) {
      if (b == rotate_direction(a, 1)) return Facing::vertex(a);
      if (a == rotate_direction(b, 1)) return Facing::vertex(b);
    }
  }
  const auto& n = direction_names(orientation);
  return make_error(fmt::format(
      "'{}' is not a facing on {} map: use a hexside ({}, {}, {}, {}, {}, {}) or the vertex "
      "between two adjacent hexsides (e.g. {}/{}).",
      text, orientation_phrase(orientation), n[0], n[1], n[2], n[3], n[4], n[5], n[0], n[1]));
}

FacingChoices facings_toward(Hex from, Hex to, FacingKind kind) {
  return facings_toward_vector(cube_of(to - from), kind);
}

FacingChoices facings_toward_edge(Orientation orientation, Edge edge, FacingKind kind) {
  const auto& vectors =
      orientation == Orientation::kFlatTop ? kFlatEdgeVectors : kPointyEdgeVectors;
  return facings_toward_vector(vectors[static_cast<std::size_t>(edge)], kind);
}

Facing facing_toward(Hex from, Hex to, FacingKind kind) {
  assert(from != to);
  return facings_toward(from, to, kind).facing[0];
}

Facing facing_toward_edge(Orientation orientation, Edge edge, FacingKind kind) {
  return facings_toward_edge(orientation, edge, kind).facing[0];
}

// ---------------------------------------------------------------------------------------------
// Pathfinder

Pathfinder::Pathfinder(const Grid& grid) : grid_(grid) {
  assert(grid.cols >= 1 && grid.rows >= 1);
  const auto cells = static_cast<std::size_t>(grid.size());
  hexes_.resize(cells);
  neighbors_.resize(cells * kNumDirections);
  for (int i = 0; i < grid.size(); ++i) {
    const Hex h = grid.from_index(i);
    hexes_[static_cast<std::size_t>(i)] = h;
    for (int d = 0; d < kNumDirections; ++d) {
      const Hex n = neighbor(h, d);
      neighbors_[static_cast<std::size_t>(i * kNumDirections + d)] =
          grid.contains(n) ? grid.index(n) : -1;
    }
  }
  nodes_.resize(cells * kNumDirections, Node{0, -1, 0});
  cell_stamp_.resize(cells, 0);
  cell_cost_.resize(cells, 0);
  cell_stops_.resize(cells, 0);
  buckets_.resize(kBucketedCosts);
  reached_.reserve(cells);
}

void Pathfinder::begin_search(bool with_facing, FacingKind kind) {
  if (++generation_ == 0) {  // wrapped: forget every old stamp
    for (Node& n : nodes_) n.stamp = 0;
    std::fill(cell_stamp_.begin(), cell_stamp_.end(), 0);
    generation_ = 1;
  }
  // Normally already empty; not if a callback threw out of the last search.
  for (int c = 0; c < buckets_used_; ++c) buckets_[static_cast<std::size_t>(c)].clear();
  buckets_used_ = 0;
  overflow_.clear();
  reached_.clear();
  with_facing_ = with_facing;
  kind_ = kind;
}

int Pathfinder::state_of(Hex h, Facing f) const {
  if (!with_facing_ || f.kind() != kind_ || !grid_.contains(h)) return -1;
  const int state = grid_.index(h) * kNumDirections + f.index();
  return nodes_[static_cast<std::size_t>(state)].stamp == generation_ ? state : -1;
}

int Pathfinder::best_state(int cell) const {
  if (!with_facing_) return cell;
  int best = -1;
  for (int i = 0; i < kNumDirections; ++i) {
    const int state = cell * kNumDirections + i;
    const Node& n = nodes_[static_cast<std::size_t>(state)];
    if (n.stamp != generation_) continue;
    if (best < 0 || n.cost < nodes_[static_cast<std::size_t>(best)].cost) best = state;
  }
  return best;
}

int Pathfinder::cost_to(Hex h) const {
  if (!grid_.contains(h)) return kUnreachable;
  const auto cell = static_cast<std::size_t>(grid_.index(h));
  return cell_stamp_[cell] == generation_ ? cell_cost_[cell] : kUnreachable;
}

int Pathfinder::cost_to(Hex h, Facing f) const {
  assert(with_facing_);
  const int state = state_of(h, f);
  return state < 0 ? kUnreachable : nodes_[static_cast<std::size_t>(state)].cost;
}

std::optional<Facing> Pathfinder::best_facing(Hex h) const {
  assert(with_facing_);
  if (!with_facing_ || cost_to(h) == kUnreachable) return std::nullopt;
  return facing_of_state(best_state(grid_.index(h)));
}

bool Pathfinder::path_to(Hex h, std::vector<Hex>& out) const {
  out.clear();
  if (cost_to(h) == kUnreachable) return false;
  const int divisor = with_facing_ ? kNumDirections : 1;
  for (int s = best_state(grid_.index(h)); s >= 0; s = nodes_[static_cast<std::size_t>(s)].parent) {
    const Hex here = hexes_[static_cast<std::size_t>(s / divisor)];
    if (out.empty() || out.back() != here) out.push_back(here);
  }
  std::reverse(out.begin(), out.end());
  return true;
}

bool Pathfinder::path_to(Hex h, Facing f, std::vector<FacingStep>& out) const {
  assert(with_facing_);
  out.clear();
  const int state = state_of(h, f);
  if (state < 0) return false;
  for (int s = state; s >= 0; s = nodes_[static_cast<std::size_t>(s)].parent) {
    out.push_back(
        FacingStep{hexes_[static_cast<std::size_t>(s / kNumDirections)], facing_of_state(s)});
  }
  std::reverse(out.begin(), out.end());
  return true;
}

}  // namespace carroccio::core::hex
