// The hex grid: axial coordinates, printed map labels, directions, distance, lines, rings,
// facing (hexside and vertex), and movement-point pathfinding with reusable buffers.
//
// Coordinates. A Hex is an axial coordinate (q, r) with the implied third cube coordinate
// s = -q - r. Axial coordinates are the same for both map orientations: direction d is always
// the same axial step (kDirections[d]), numbered clockwise:
//
//   direction      0    1    2    3    4    5
//   flat-topped    N    NE   SE   S    SW   NW
//   pointy-topped  NE   E    SE   SW   W    NW
//
// (A pointy-topped map is the flat-topped lattice turned 30 degrees clockwise.) So neighbor(),
// distance(), line(), ring(), range() and facing need no orientation; only the Grid (printed
// columns and rows, labels) and the names of directions and facings do.
//
// Printed maps. Columns and rows are 1-based, as printed; a label is "CCRR" (column 11, row 20
// is "1120"). Parity says which printed columns (flat-topped) are shoved half a hex down, or
// which printed rows (pointy-topped) are shoved half a hex right. The Legnano map is
// Grid{kFlatTop, kEven, 20, 28}.
//
// Everything here is integer arithmetic: the same results on every machine.
#pragma once

#include <algorithm>
#include <array>
#include <cassert>
#include <compare>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/status.hpp"

namespace carroccio::core::hex {

// ---------------------------------------------------------------------------------------------
// Coordinates

struct Hex {
  int q = 0;
  int r = 0;

  constexpr int s() const { return -q - r; }

  // Ordered by q, then r (not the printed label order: use Grid::index() for that).
  friend constexpr auto operator<=>(const Hex&, const Hex&) = default;
  friend constexpr Hex operator+(Hex a, Hex b) { return {a.q + b.q, a.r + b.r}; }
  friend constexpr Hex operator-(Hex a, Hex b) { return {a.q - b.q, a.r - b.r}; }
  friend constexpr Hex operator*(Hex a, int k) { return {a.q * k, a.r * k}; }
};

// "(q,r)", for logs and test failures.
std::string to_string(Hex h);
std::ostream& operator<<(std::ostream& os, Hex h);

// ---------------------------------------------------------------------------------------------
// Directions

inline constexpr int kNumDirections = 6;

// Axial step for each direction, clockwise (see the table at the top of this file).
inline constexpr std::array<Hex, kNumDirections> kDirections = {
    {{0, -1}, {1, -1}, {1, 0}, {0, 1}, {-1, 1}, {-1, 0}}};

enum class Orientation : std::uint8_t { kFlatTop, kPointyTop };

// Which printed columns (flat-topped) or rows (pointy-topped) are shoved half a hex: down for
// columns, right for rows.
enum class Parity : std::uint8_t { kOdd, kEven };

// The map edges of a printed rectangular map.
enum class Edge : std::uint8_t { kNorth, kEast, kSouth, kWest };

// dir + steps, clockwise, wrapped into 0..5 (steps may be negative).
constexpr int rotate_direction(int dir, int steps) {
  return ((dir + steps) % kNumDirections + kNumDirections) % kNumDirections;
}
constexpr int opposite(int dir) { return rotate_direction(dir, 3); }

constexpr Hex neighbor(Hex h, int dir) {
  assert(dir >= 0 && dir < kNumDirections);
  return h + kDirections[static_cast<std::size_t>(dir)];
}

// The direction from a to b if they are adjacent, otherwise none.
constexpr std::optional<int> direction_to(Hex a, Hex b) {
  const int dq = b.q - a.q;
  const int dr = b.r - a.r;
  if (dq < -1 || dq > 1 || dr < -1 || dr > 1) return std::nullopt;
  // Indexed by (dq + 1) * 3 + (dr + 1); -1 where (dq, dr) is not a step.
  constexpr std::array<int, 9> kByDelta = {-1, 5, 4, 0, -1, 3, 1, 2, -1};
  const int d = kByDelta[static_cast<std::size_t>((dq + 1) * 3 + (dr + 1))];
  if (d < 0) return std::nullopt;
  return d;
}

constexpr int distance(Hex a, Hex b) {
  const int dq = a.q - b.q;
  const int dr = a.r - b.r;
  const int ds = -dq - dr;
  return ((dq < 0 ? -dq : dq) + (dr < 0 ? -dr : dr) + (ds < 0 ? -ds : ds)) / 2;
}

// "N", "NE", ... for the orientation (see the table at the top of this file).
std::string_view direction_name(Orientation orientation, int dir);
// The inverse of direction_name, case-insensitive.
Expected<int> parse_direction(Orientation orientation, std::string_view text);

// The hexes on the straight line from a to b, both included, in order: distance(a, b) + 1
// hexes, each adjacent to the next. This is the usual cube lerp-and-round, done exactly in
// integers: the cube coordinates of the point i/N of the way along (N = distance) are scaled by
// 8N and rounded to the nearest hex. Where the true line passes exactly between two hexes (e.g.
// along a hexside), the tie is broken as if the whole line were shifted by a hair in the cube
// direction (+1, +2, -3) (units of 1/(8N)): between directions 2 and 3, nearer 3 (toward S on a
// flat-topped map, SW on a pointy-topped one). The nudge is fixed on the map, not relative to
// a, so line(b, a) is line(a, b) reversed.
void line(Hex a, Hex b, std::vector<Hex>& out);  // clears out, then fills it
std::vector<Hex> line(Hex a, Hex b);

// The 6 * radius hexes at exactly `radius` from center (just center for radius 0, none for a
// negative radius), clockwise, starting from the hex `radius` steps in direction 0.
void ring(Hex center, int radius, std::vector<Hex>& out);  // clears out, then fills it
std::vector<Hex> ring(Hex center, int radius);

// The 3 * radius * (radius + 1) + 1 hexes within `radius` of center: center first, then
// ring(center, 1), ring(center, 2), ... each in ring order.
void range(Hex center, int radius, std::vector<Hex>& out);  // clears out, then fills it
std::vector<Hex> range(Hex center, int radius);

// ---------------------------------------------------------------------------------------------
// Printed maps

// A printed position: 1-based column and row.
struct Offset {
  int col = 0;
  int row = 0;
  friend constexpr bool operator==(const Offset&, const Offset&) = default;
};

std::ostream& operator<<(std::ostream& os, Offset o);  // "(col,row)", for test failures

// A rectangular printed map. Hexes of the map have a dense index in [0, size()): column-major,
// index = (col - 1) * rows + (row - 1), so ascending index is ascending label ("hex-id") order.
struct Grid {
  Orientation orientation = Orientation::kFlatTop;
  Parity parity = Parity::kEven;
  int cols = 0;
  int rows = 0;

  // A checked grid: columns and rows from 1 to 99 (labels have two digits each).
  static Expected<Grid> create(Orientation orientation, Parity parity, int cols, int rows);

  constexpr int size() const { return cols * rows; }

  // Any printed (col, row), on the map or not.
  constexpr Hex from_offset(int col, int row) const {
    const int c = col - 1;
    const int r = row - 1;
    if (orientation == Orientation::kFlatTop) return {c, r - shove(c)};
    const int pq = c - shove(r);  // pointy axial (column-like, row-like) = (pq, r)
    return {pq + r, -pq};
  }
  constexpr Hex from_offset(Offset o) const { return from_offset(o.col, o.row); }

  constexpr Offset to_offset(Hex h) const {
    if (orientation == Orientation::kFlatTop) return {h.q + 1, h.r + shove(h.q) + 1};
    const int r = h.q + h.r;
    return {-h.r + shove(r) + 1, r + 1};
  }

  constexpr bool contains(Hex h) const {
    const Offset o = to_offset(h);
    return o.col >= 1 && o.col <= cols && o.row >= 1 && o.row <= rows;
  }

  // Precondition: contains(h).
  constexpr int index(Hex h) const {
    const Offset o = to_offset(h);
    assert(o.col >= 1 && o.col <= cols && o.row >= 1 && o.row <= rows);
    return (o.col - 1) * rows + (o.row - 1);
  }
  // Precondition: 0 <= i < size().
  constexpr Hex from_index(int i) const {
    assert(i >= 0 && i < size());
    return from_offset(i / rows + 1, i % rows + 1);
  }

  // "CCRR", e.g. "1120". Precondition: contains(h) and cols, rows <= 99.
  std::string label(Hex h) const;
  // "1120" -> the hex at column 11, row 20. Refuses anything but four digits, and hexes off the
  // map (saying which of column and row is off, and the map's size).
  Expected<Hex> parse_label(std::string_view text) const;

  friend constexpr bool operator==(const Grid&, const Grid&) = default;

 private:
  // How far axial r lags the printed row (flat) or axial column lags the printed column
  // (pointy), as a function of the 0-based printed column (flat) or row (pointy). Arithmetic
  // shift is floor division by 2 in C++20, also for negative values.
  constexpr int shove(int n) const { return parity == Parity::kEven ? n >> 1 : (n + 1) >> 1; }
};

// ---------------------------------------------------------------------------------------------
// Facing

// Cavalry faces a hexside, infantry a vertex.
enum class FacingKind : std::uint8_t { kHexside, kVertex };

enum class Arc : std::uint8_t { kFront, kFlank, kRear };

// A facing in 30-degree half-steps clockwise from direction 0: even values face the hexside
// toward direction value/2; odd values face the vertex between directions value/2 and
// value/2 + 1. Rotations keep the kind.
struct Facing {
  std::uint8_t value = 0;  // 0..11

  static constexpr Facing hexside(int dir) {
    assert(dir >= 0 && dir < kNumDirections);
    return Facing{static_cast<std::uint8_t>(2 * dir)};
  }
  // The vertex between dir and dir + 1 (clockwise).
  static constexpr Facing vertex(int dir) {
    assert(dir >= 0 && dir < kNumDirections);
    return Facing{static_cast<std::uint8_t>(2 * dir + 1)};
  }
  static constexpr Facing of_kind(FacingKind kind, int index) {
    return kind == FacingKind::kHexside ? hexside(index) : vertex(index);
  }

  constexpr bool is_vertex() const { return (value & 1) != 0; }
  constexpr FacingKind kind() const {
    return is_vertex() ? FacingKind::kVertex : FacingKind::kHexside;
  }
  // 0..5: the direction faced (hexside), or the first direction of the vertex faced.
  constexpr int index() const { return value >> 1; }

  friend constexpr auto operator<=>(const Facing&, const Facing&) = default;
};

std::ostream& operator<<(std::ostream& os, Facing f);  // "Facing(3)", for test failures

// `steps` 60-degree turns clockwise (negative: counterclockwise).
constexpr Facing rotate(Facing f, int steps) {
  const int v = ((f.value + 2 * steps) % 12 + 12) % 12;
  return Facing{static_cast<std::uint8_t>(v)};
}

// The fewest 60-degree turns from a to b (0..3). Precondition: same kind.
constexpr int rotation_steps(Facing a, Facing b) {
  assert(a.kind() == b.kind());
  const int d = ((a.index() - b.index()) % 6 + 6) % 6;
  return d <= 3 ? d : 6 - d;
}

// The arc of a unit with facing f that the neighbour in direction dir lies in. Hexside facing:
// the faced hexside and the two beside it are front (3), the next two flank (2), the opposite
// one rear (1). Vertex facing: the two hexes sharing the vertex are front, the next one on each
// side flank, the remaining two rear (2/2/2).
constexpr Arc classify(Facing f, int dir) {
  assert(dir >= 0 && dir < kNumDirections && f.value < 12);
  // Indexed by the clockwise angle from the facing to the direction, in half-steps.
  constexpr std::array<Arc, 12> kArcByAngle = {Arc::kFront, Arc::kFront, Arc::kFront, Arc::kFlank,
                                               Arc::kFlank, Arc::kRear,  Arc::kRear,  Arc::kRear,
                                               Arc::kFlank, Arc::kFlank, Arc::kFront, Arc::kFront};
  return kArcByAngle[static_cast<std::size_t>((2 * dir - f.value + 12) % 12)];
}

// The arc of unit_hex's facing in which the adjacent hex `other` lies; none if not adjacent.
constexpr std::optional<Arc> arc_of(Hex unit_hex, Facing facing, Hex other) {
  const std::optional<int> dir = direction_to(unit_hex, other);
  if (!dir) return std::nullopt;
  return classify(facing, *dir);
}

namespace detail {
// arc_mask() for every facing value and arc, computed at compile time.
constexpr std::array<std::uint8_t, 36> make_arc_masks() {
  std::array<std::uint8_t, 36> masks{};
  for (int v = 0; v < 12; ++v) {
    for (int d = 0; d < kNumDirections; ++d) {
      const auto arc = static_cast<int>(classify(Facing{static_cast<std::uint8_t>(v)}, d));
      auto& m = masks[static_cast<std::size_t>(v * 3 + arc)];
      m = static_cast<std::uint8_t>(m | (1u << d));
    }
  }
  return masks;
}
inline constexpr std::array<std::uint8_t, 36> kArcMasks = make_arc_masks();
}  // namespace detail

// Bit d set when direction d is in arc `arc` of facing f.
constexpr std::uint8_t arc_mask(Facing f, Arc arc) {
  assert(f.value < 12);
  return detail::kArcMasks[static_cast<std::size_t>(f.value * 3 + static_cast<int>(arc))];
}

// Flat-topped: "N", "N/NE", "NE", "NE/SE", ..., "NW/N" (value 0..11); pointy-topped: "NE",
// "NE/E", "E", ..., "NW/NE". A vertex is named by the two hexsides beside it, clockwise.
std::string_view facing_name(Orientation orientation, Facing f);
// The inverse of facing_name, case-insensitive; a vertex may be named either way round
// ("NE/N" is "N/NE").
Expected<Facing> parse_facing(Orientation orientation, std::string_view text);

// The facings of a kind that point most directly at a target. One facing, or two equally good
// ones (the target lies exactly between them: e.g. a vertex-facing unit toward an adjacent hex,
// or toward the north edge of a flat-topped map), the more clockwise first. None when the
// target is the unit's own hex.
struct FacingChoices {
  std::array<Facing, 2> facing{};
  int count = 0;
};

FacingChoices facings_toward(Hex from, Hex to, FacingKind kind);
FacingChoices facings_toward_edge(Orientation orientation, Edge edge, FacingKind kind);
// facings_toward(...).facing[0]. Precondition: from != to.
Facing facing_toward(Hex from, Hex to, FacingKind kind);
Facing facing_toward_edge(Orientation orientation, Edge edge, FacingKind kind);

// ---------------------------------------------------------------------------------------------
// Movement-point pathfinding

inline constexpr int kUnreachable = -1;

// One state of a path with facing: a turn is a step that changes only the facing.
struct FacingStep {
  Hex hex;
  Facing facing;
  friend constexpr bool operator==(const FacingStep&, const FacingStep&) = default;
};

// What changing facing in place costs: per_change for any change, plus per_hexside for each
// 60 degrees turned (per_hexside >= 0). Legnano 7.2 (1 MP per change, any amount) is {1, 0};
// 1 MP per hexside turned is {0, 1}; free turns are {0, 0}. A negative per_change forbids
// turning.
struct TurnCost {
  int per_change = 1;
  int per_hexside = 0;

  constexpr int operator()(Facing from, Facing to) const {
    return per_change + per_hexside * rotation_steps(from, to);
  }
};

// Dijkstra over a Grid, with buffers sized to the grid once and reset in O(1) per search, so
// repeated searches do not allocate (once the first searches have grown the queues).
//
// Callbacks (any callable; inlined):
//   cost(Hex from, Hex to) -> int   MP to enter `to` from adjacent `from`; negative = blocked.
//                                   Never called for a step off the grid.
//   ends_move(Hex hex) -> bool      entering `hex` ends movement: it is reached, never left
//                                   (not even by turning). Asked at most once per hex and
//                                   search; never for the start hex, which is not "entered"
//                                   and so may always be left.
//
// Determinism. Costs are exact integers, and the path kept among equal-cost paths is fixed:
// each state's predecessor is, among the states from which a positive-cost step reaches it at
// its least cost, the one with the lowest state index (Grid::index(), times 6 plus
// Facing::index() in a facing search). So paths prefer lower-numbered (lower-label) hexes and,
// at equal hexes, lower facings. Zero-cost steps (e.g. free turns) are used only where no
// positive-cost step does as well, the first found being kept. MP are small integers, so the
// queue is a bucket per cost (Dial's algorithm; costs of kBucketedCosts and more go to a heap
// ordered the same way): within a cost, states settle first queued first, a settled state
// trying its neighbours in direction order 0..5, then (facing search) its turns clockwise.
//
// A Pathfinder is not thread-safe: use one per thread.
class Pathfinder {
 public:
  static constexpr int kBucketedCosts = 256;

  explicit Pathfinder(const Grid& grid);

  const Grid& grid() const { return grid_; }

  // Every hex reachable from start with at most movement_points MP. A start off the map
  // reaches nothing.
  template <typename CostFn, typename StopFn>
  void reachable(Hex start, int movement_points, CostFn&& cost, StopFn&& ends_move);

  // The same over (hex, facing) states, for rules with facing: a unit moves only into its front
  // hexes (classify(facing, dir) == kFront), keeping its facing, and may turn in place, paying
  // `turn`. All facings reached are of start_facing's kind.
  template <typename CostFn, typename StopFn>
  void reachable_with_facing(Hex start, Facing start_facing, int movement_points, CostFn&& cost,
                             StopFn&& ends_move, TurnCost turn);

  // Results of the last search.
  //
  // The hexes reached, start included, each once, in the order they settled (by increasing
  // cost; within a cost, in the fixed queue order above). Sort them if label order is needed.
  const std::vector<Hex>& reached() const { return reached_; }
  // The least MP to reach h (with any facing), or kUnreachable.
  int cost_to(Hex h) const;
  // After a facing search: the least MP to stand on h with facing f, or kUnreachable.
  int cost_to(Hex h, Facing f) const;
  // After a facing search: the facing with which h is reached at least cost (ties: the lowest
  // Facing::index()); none if h is not reached.
  std::optional<Facing> best_facing(Hex h) const;
  // The hexes from start to h, both included, on a least-cost path (to the best facing after
  // a facing search; turns do not repeat a hex). False, with out cleared, if h is not reached.
  bool path_to(Hex h, std::vector<Hex>& out) const;
  // After a facing search: the states from (start, start_facing) to (h, f), both included.
  bool path_to(Hex h, Facing f, std::vector<FacingStep>& out) const;

 private:
  struct Node {
    int cost;
    int parent;  // state index, -1 for the start
    std::uint32_t stamp;
  };

  template <bool kWithFacing, typename CostFn, typename StopFn>
  void search(Hex start, Facing start_facing, int movement_points, CostFn& cost, StopFn& ends_move,
              TurnCost turn);

  void begin_search(bool with_facing, FacingKind kind);
  int state_of(Hex h, Facing f) const;  // -1 if not reached in the last facing search
  int best_state(int cell) const;       // the least-cost state of a reached cell
  Facing facing_of_state(int state) const { return Facing::of_kind(kind_, state % kNumDirections); }

  Grid grid_;
  std::vector<Hex> hexes_;                          // by index
  std::vector<std::int32_t> neighbors_;             // index * 6 + dir -> index, or -1 off the map
  std::vector<Node> nodes_;                         // by state (index, or index * 6 + facing index)
  std::vector<std::uint32_t> cell_stamp_;           // by index: reached in this search
  std::vector<int> cell_cost_;                      // by index: least cost over facings
  std::vector<std::uint8_t> cell_stops_;            // by index: ends_move, asked once per search
  std::vector<std::vector<std::int32_t>> buckets_;  // by cost < kBucketedCosts: queued states
  int buckets_used_ = 0;                            // buckets [0, buckets_used_) may be non-empty
  // Costs >= kBucketedCosts: a min-heap of ((cost << 32) | sequence, state).
  std::vector<std::pair<std::uint64_t, std::int32_t>> overflow_;
  std::vector<Hex> reached_;
  std::uint32_t generation_ = 0;
  bool with_facing_ = false;
  FacingKind kind_ = FacingKind::kHexside;
};

// ---------------------------------------------------------------------------------------------
// Implementation of the Pathfinder templates.

template <typename CostFn, typename StopFn>
void Pathfinder::reachable(Hex start, int movement_points, CostFn&& cost, StopFn&& ends_move) {
  search<false>(start, Facing{}, movement_points, cost, ends_move, TurnCost{-1, 0});
}

template <typename CostFn, typename StopFn>
void Pathfinder::reachable_with_facing(Hex start, Facing start_facing, int movement_points,
                                       CostFn&& cost, StopFn&& ends_move, TurnCost turn) {
  search<true>(start, start_facing, movement_points, cost, ends_move, turn);
}

template <bool kWithFacing, typename CostFn, typename StopFn>
void Pathfinder::search(Hex start, Facing start_facing, int movement_points, CostFn& cost,
                        StopFn& ends_move, TurnCost turn) {
  assert(turn.per_hexside >= 0);
  begin_search(kWithFacing, start_facing.kind());
  if (!grid_.contains(start)) return;
  const std::uint32_t gen = generation_;
  const int start_cell = grid_.index(start);
  const int start_state =
      kWithFacing ? start_cell * kNumDirections + start_facing.index() : start_cell;
  const int last_bucket = std::clamp(movement_points, 0, kBucketedCosts - 1);
  buckets_used_ = last_bucket + 1;
  std::uint32_t sequence = 0;
  int pending = 0;  // states queued in buckets and not yet taken out

  // Records a better cost for a state and queues it; on an equal cost through a positive step
  // (so the state is not settled yet), keeps the lower-index predecessor.
  auto relax = [&](int state, int new_cost, int parent, int step) {
    Node& n = nodes_[static_cast<std::size_t>(state)];
    if (n.stamp != gen || new_cost < n.cost) {
      n = Node{new_cost, parent, gen};
      if (new_cost < kBucketedCosts) {
        buckets_[static_cast<std::size_t>(new_cost)].push_back(state);
        ++pending;
      } else {
        overflow_.emplace_back((static_cast<std::uint64_t>(new_cost) << 32) | sequence++, state);
        std::push_heap(overflow_.begin(), overflow_.end(), std::greater<>());
      }
    } else if (new_cost == n.cost && step > 0 && parent < n.parent) {
      n.parent = parent;
    }
  };

  nodes_[static_cast<std::size_t>(start_state)] = Node{0, -1, gen};
  buckets_[0].push_back(start_state);
  pending = 1;
  int c = 0;          // the cost being settled
  std::size_t k = 0;  // position in buckets_[c]
  for (;;) {
    // Take the next queued state: buckets in cost order, then the overflow heap.
    int state;
    if (pending > 0) {
      std::vector<std::int32_t>& bucket = buckets_[static_cast<std::size_t>(c)];
      if (k == bucket.size()) {  // a zero-cost step may have appended while it was read
        bucket.clear();
        k = 0;
        ++c;
        continue;
      }
      state = bucket[k++];
      --pending;
    } else if (!overflow_.empty()) {
      std::pop_heap(overflow_.begin(), overflow_.end(), std::greater<>());
      c = static_cast<int>(overflow_.back().first >> 32);
      state = overflow_.back().second;
      overflow_.pop_back();
    } else {
      break;
    }
    if (c != nodes_[static_cast<std::size_t>(state)].cost) continue;  // stale entry

    const int cell = kWithFacing ? state / kNumDirections : state;
    const auto ucell = static_cast<std::size_t>(cell);
    const Hex here = hexes_[ucell];
    if (cell_stamp_[ucell] != gen) {
      cell_stamp_[ucell] = gen;
      cell_cost_[ucell] = c;
      cell_stops_[ucell] = cell != start_cell && ends_move(here) ? 1 : 0;
      reached_.push_back(here);
    }
    // A stop hex is reached but never left; the start hex is never entered, so it may be left.
    if (cell_stops_[ucell]) continue;

    const int remaining = movement_points - c;
    const std::int32_t* nbs = &neighbors_[ucell * kNumDirections];
    if constexpr (kWithFacing) {
      const int facing_index = state % kNumDirections;
      const Facing facing = Facing::of_kind(kind_, facing_index);
      const unsigned front = arc_mask(facing, Arc::kFront);
      for (int d = 0; d < kNumDirections; ++d) {
        if ((front & (1u << d)) == 0) continue;
        const int nb = nbs[d];
        if (nb < 0) continue;
        const int step = cost(here, hexes_[static_cast<std::size_t>(nb)]);
        if (step < 0 || step > remaining) continue;
        relax(nb * kNumDirections + facing_index, c + step, state, step);
      }
      // With a flat turn cost, a facing reached above the hex's least cost cannot turn to
      // anything cheaper than the facings reached at that least cost already did.
      if (turn.per_change >= 0 && (turn.per_hexside != 0 || c == cell_cost_[ucell])) {
        for (int t = 1; t < kNumDirections; ++t) {
          const int to_index = (facing_index + t) % kNumDirections;
          const int step = turn(facing, Facing::of_kind(kind_, to_index));
          if (step > remaining) continue;
          relax(cell * kNumDirections + to_index, c + step, state, step);
        }
      }
    } else {
      for (int d = 0; d < kNumDirections; ++d) {
        const int nb = nbs[d];
        if (nb < 0) continue;
        const int step = cost(here, hexes_[static_cast<std::size_t>(nb)]);
        if (step < 0 || step > remaining) continue;
        relax(nb, c + step, state, step);
      }
    }
  }
}

}  // namespace carroccio::core::hex

template <>
struct std::hash<carroccio::core::hex::Hex> {
  std::size_t operator()(carroccio::core::hex::Hex h) const noexcept {
    const std::uint64_t k = (static_cast<std::uint64_t>(static_cast<std::uint32_t>(h.q)) << 32) |
                            static_cast<std::uint32_t>(h.r);
    // A cheap 64-bit mix (murmur3 finaliser), so nearby hexes spread across buckets.
    std::uint64_t x = k ^ (k >> 33);
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    return static_cast<std::size_t>(x);
  }
};
