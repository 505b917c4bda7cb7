// The observation tensor for learning agents (analysis.cpp, planes in docs/python.md): each
// fact lands in its plane at the hex's printed row and column, seen from the viewer's side.
#include "rulesets/bma/tests/test_util.hpp"

namespace carroccio::bma::testing {
namespace {

constexpr int kPlanes = 18;

float cell(const std::vector<float>& v, int rows, int cols, int plane, int row, int col) {
  return v[(static_cast<std::size_t>(plane) * rows + (row - 1)) * cols + (col - 1)];
}

TEST(Bma_Observation, PlanesPlaceEachPieceAtItsPrintedHexFromTheViewersSide) {
  // Imperial B infantry at 0203, lombard A cavalry at 0507 (column, row), forest at 0304.
  const auto g = make_game(scenario_json(
      {{"imperial", "infantry", "B", "0203"}, {"lombard", "cavalry", "A", "0507"}}, {}, {"0304"}));
  auto s = new_state(g);
  std::vector<int> shape;
  std::vector<float> v;
  s->observation_tensor(0, shape, v);
  ASSERT_EQ(shape, (std::vector<int>{kPlanes, 10, 10}));
  ASSERT_EQ(v.size(), static_cast<std::size_t>(kPlanes * 10 * 10));
  EXPECT_EQ(cell(v, 10, 10, 0, 3, 2), 1.0f);               // own infantry
  EXPECT_EQ(cell(v, 10, 10, 4, 7, 5), 1.0f);               // enemy cavalry
  EXPECT_EQ(cell(v, 10, 10, 3, 7, 5), 0.0f);               // not enemy infantry
  EXPECT_FLOAT_EQ(cell(v, 10, 10, 6, 3, 2), 2.0f / 3.0f);  // own rating B
  EXPECT_FLOAT_EQ(cell(v, 10, 10, 7, 7, 5), 1.0f);         // enemy rating A
  EXPECT_EQ(cell(v, 10, 10, 14, 4, 3), 1.0f);              // forest
  EXPECT_EQ(cell(v, 10, 10, 14, 3, 2), 0.0f);              // clear
  EXPECT_EQ(cell(v, 10, 10, 12, 1, 1), 1.0f);              // own leader at 0101
  EXPECT_EQ(cell(v, 10, 10, 13, 10, 10), 1.0f);            // enemy leader at 1010
  float on_map = 0;
  for (int i = 0; i < 100; ++i) on_map += v[15 * 100 + i];
  EXPECT_EQ(on_map, 100.0f) << "every hex is one cell, none twice";
  // From the lombard side the roles swap.
  s->observation_tensor(1, shape, v);
  EXPECT_EQ(cell(v, 10, 10, 1, 7, 5), 1.0f);  // own cavalry
  EXPECT_EQ(cell(v, 10, 10, 3, 3, 2), 1.0f);  // enemy infantry
  EXPECT_EQ(cell(v, 10, 10, 0, 3, 2), 0.0f);
}

TEST(Bma_Observation, RoutedAndEliminatedUnitsShowAsSuchOrNotAtAll) {
  const auto g = make_game(
      scenario_json({{"imperial", "infantry", "B", "0203"}, {"lombard", "cavalry", "A", "0507"}}));
  auto s = new_state(g);
  s->debug_set_unit(0, s->unit(0).hex, Status::kRouted);
  s->debug_set_unit(1, s->unit(1).hex, Status::kEliminated);
  std::vector<int> shape;
  std::vector<float> v;
  s->observation_tensor(0, shape, v);
  EXPECT_EQ(cell(v, 10, 10, 10, 3, 2), 1.0f);  // own routed
  EXPECT_EQ(cell(v, 10, 10, 8, 3, 2), 0.0f);   // not disordered
  float enemy = 0;
  for (int p = 3; p < 6; ++p)
    for (int i = 0; i < 100; ++i) enemy += v[static_cast<std::size_t>(p) * 100 + i];
  EXPECT_EQ(enemy, 0.0f) << "an eliminated unit is off the board";
}

}  // namespace
}  // namespace carroccio::bma::testing
