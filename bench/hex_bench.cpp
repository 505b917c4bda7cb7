// Benchmarks of the hex grid: the per-call costs that AI playouts multiply by millions.
#include <benchmark/benchmark.h>

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/hex.hpp"

namespace {

using carroccio::core::hex::Arc;
using carroccio::core::hex::classify;
using carroccio::core::hex::direction_to;
using carroccio::core::hex::distance;
using carroccio::core::hex::Facing;
using carroccio::core::hex::Grid;
using carroccio::core::hex::Hex;
using carroccio::core::hex::line;
using carroccio::core::hex::neighbor;
using carroccio::core::hex::Orientation;
using carroccio::core::hex::Parity;
using carroccio::core::hex::Pathfinder;
using carroccio::core::hex::TurnCost;

constexpr Grid kLegnano{Orientation::kFlatTop, Parity::kEven, 20, 28};

// The 41 forest hexes of the reconstructed Legnano map (research notes, section 1.3).
constexpr std::array<std::string_view, 41> kForest = {
    "0203", "0204", "0303", "0304", "0305", "0404", "1003", "1004", "1103", "1104", "1203",
    "0612", "0613", "0712", "0713", "0714", "1908", "1909", "2008", "2009", "2010", "1915",
    "2014", "2015", "2016", "2019", "2020", "1925", "2025", "2026", "1609", "1610", "1710",
    "0116", "0117", "0216", "0222", "0223", "0322", "0323", "0423"};

// Some enemy positions (the Imperial vanguard of the proposed set-up): entering a hex next to
// one ends movement, and the hexes themselves are impassable.
constexpr std::array<std::string_view, 8> kEnemies = {"0803", "0903", "1004", "0905",
                                                      "1106", "1206", "0909", "1009"};

struct Terrain {
  std::vector<std::int8_t> forest;  // by Grid::index
  std::vector<std::int8_t> enemy;
  std::vector<std::int8_t> zoc;
  std::vector<Hex> starts;  // every open hex, in index order

  Terrain() : forest(560, 0), enemy(560, 0), zoc(560, 0) {
    for (std::string_view l : kForest) forest[index(l)] = 1;
    for (std::string_view l : kEnemies) {
      const Hex e = *kLegnano.parse_label(l);
      enemy[index(l)] = 1;
      for (int d = 0; d < 6; ++d) {
        const Hex n = neighbor(e, d);
        if (kLegnano.contains(n)) zoc[static_cast<std::size_t>(kLegnano.index(n))] = 1;
      }
    }
    for (int i = 0; i < kLegnano.size(); ++i) {
      if (!enemy[static_cast<std::size_t>(i)]) starts.push_back(kLegnano.from_index(i));
    }
  }

  static std::size_t index(std::string_view label) {
    return static_cast<std::size_t>(kLegnano.index(*kLegnano.parse_label(label)));
  }
};

const Terrain& terrain() {
  static const Terrain t;
  return t;
}

// Entry cost: clear 1, forest `forest_cost`, enemy-occupied blocked.
auto entry_cost(const Terrain& t, int forest_cost) {
  return [&t, forest_cost](Hex, Hex to) {
    const auto i = static_cast<std::size_t>(kLegnano.index(to));
    if (t.enemy[i]) return -1;
    return t.forest[i] ? forest_cost : 1;
  };
}

auto ends_move(const Terrain& t) {
  return [&t](Hex h) { return t.zoc[static_cast<std::size_t>(kLegnano.index(h))] != 0; };
}

std::vector<Hex> random_hexes(std::size_t n, std::uint64_t seed) {
  std::vector<Hex> out;
  out.reserve(n);
  for (std::size_t i = 0; i < n; ++i) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    out.push_back(kLegnano.from_index(static_cast<int>((seed >> 33) % 560)));
  }
  return out;
}

void BM_Distance(benchmark::State& state) {
  const std::vector<Hex> a = random_hexes(1024, 1);
  const std::vector<Hex> b = random_hexes(1024, 2);
  for (auto _ : state) {
    int sum = 0;
    for (std::size_t i = 0; i < a.size(); ++i) sum += distance(a[i], b[i]);
    benchmark::DoNotOptimize(sum);
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(a.size()));
}
BENCHMARK(BM_Distance);

void BM_NeighborsOnMapIndex(benchmark::State& state) {
  const std::vector<Hex> a = random_hexes(1024, 3);
  for (auto _ : state) {
    int sum = 0;
    for (const Hex h : a) {
      for (int d = 0; d < 6; ++d) {
        const Hex n = neighbor(h, d);
        if (kLegnano.contains(n)) sum += kLegnano.index(n);
      }
    }
    benchmark::DoNotOptimize(sum);
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(a.size()) * 6);
}
BENCHMARK(BM_NeighborsOnMapIndex);

void BM_DirectionToAndClassify(benchmark::State& state) {
  const std::vector<Hex> a = random_hexes(1024, 4);
  for (auto _ : state) {
    int front = 0;
    for (std::size_t i = 0; i < a.size(); ++i) {
      const Hex other = neighbor(a[i], static_cast<int>(i % 6));
      const Facing f = Facing{static_cast<std::uint8_t>(i % 12)};
      if (const auto d = direction_to(a[i], other); d && classify(f, *d) == Arc::kFront) ++front;
    }
    benchmark::DoNotOptimize(front);
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(a.size()));
}
BENCHMARK(BM_DirectionToAndClassify);

void BM_Line(benchmark::State& state) {
  const std::vector<Hex> a = random_hexes(256, 5);
  const std::vector<Hex> b = random_hexes(256, 6);
  std::vector<Hex> buffer;
  buffer.reserve(64);
  std::int64_t hexes = 0;
  for (auto _ : state) {
    for (std::size_t i = 0; i < a.size(); ++i) {
      line(a[i], b[i], buffer);
      hexes += static_cast<std::int64_t>(buffer.size());
    }
    benchmark::DoNotOptimize(buffer.data());
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(a.size()));
  state.counters["hexes/line"] =
      static_cast<double>(hexes) / static_cast<double>(state.iterations() * 256);
}
BENCHMARK(BM_Line);

void BM_ParseLabel(benchmark::State& state) {
  std::vector<std::string> labels;
  for (const Hex h : random_hexes(256, 7)) labels.push_back(kLegnano.label(h));
  for (auto _ : state) {
    int sum = 0;
    for (const std::string& l : labels) sum += kLegnano.parse_label(l)->q;
    benchmark::DoNotOptimize(sum);
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(labels.size()));
}
BENCHMARK(BM_ParseLabel);

// Movement-point search from every open hex in turn (one search per iteration).
// Args: movement points, forest cost.
void BM_Pathfind(benchmark::State& state) {
  const Terrain& t = terrain();
  const int mp = static_cast<int>(state.range(0));
  const int forest = static_cast<int>(state.range(1));
  Pathfinder pf(kLegnano);
  auto cost = entry_cost(t, forest);
  auto stops = ends_move(t);
  std::size_t next = 0;
  std::int64_t reached = 0;
  for (auto _ : state) {
    pf.reachable(t.starts[next], mp, cost, stops);
    reached += static_cast<std::int64_t>(pf.reached().size());
    if (++next == t.starts.size()) next = 0;
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["hexes_reached"] =
      static_cast<double>(reached) / static_cast<double>(state.iterations());
}
BENCHMARK(BM_Pathfind)->Args({4, 2})->Args({8, 4})->Args({8, 2});

// The same over (hex, facing): cavalry (hexside facing) or infantry (vertex facing), 1 MP per
// facing change. Args: movement points, forest cost, vertex (0/1).
void BM_PathfindWithFacing(benchmark::State& state) {
  const Terrain& t = terrain();
  const int mp = static_cast<int>(state.range(0));
  const int forest = static_cast<int>(state.range(1));
  const bool vertex = state.range(2) != 0;
  Pathfinder pf(kLegnano);
  auto cost = entry_cost(t, forest);
  auto stops = ends_move(t);
  constexpr TurnCost turn{1, 0};  // Legnano 7.2: 1 MP per facing change
  std::size_t next = 0;
  std::int64_t reached = 0;
  for (auto _ : state) {
    const Facing f = vertex ? Facing::vertex(static_cast<int>(next % 6))
                            : Facing::hexside(static_cast<int>(next % 6));
    pf.reachable_with_facing(t.starts[next], f, mp, cost, stops, turn);
    reached += static_cast<std::int64_t>(pf.reached().size());
    if (++next == t.starts.size()) next = 0;
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["hexes_reached"] =
      static_cast<double>(reached) / static_cast<double>(state.iterations());
}
BENCHMARK(BM_PathfindWithFacing)->Args({8, 4, 0})->Args({4, 2, 1});

// Path reconstruction after a search, to every hex reached.
void BM_PathToAll(benchmark::State& state) {
  const Terrain& t = terrain();
  Pathfinder pf(kLegnano);
  pf.reachable(*kLegnano.parse_label("1120"), 8, entry_cost(t, 4), ends_move(t));
  std::vector<Hex> path;
  path.reserve(32);
  for (auto _ : state) {
    for (const Hex h : pf.reached()) {
      const bool ok = pf.path_to(h, path);
      benchmark::DoNotOptimize(ok);
    }
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(pf.reached().size()));
}
BENCHMARK(BM_PathToAll);

}  // namespace
