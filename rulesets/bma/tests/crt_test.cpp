// The bma tables pinned against the rulebook: the Combat Results Table cell by cell (5.2), the
// odds ladder (5.1.4, ruling L-7), the ratings (5.1.3, 6.1, 8.1) and the terrain chart (9.6).
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <string>

#include "rulesets/bma/types.hpp"

namespace carroccio::bma {
namespace {

using R = CrtResult;

// The book's table, typed from the printed page: one row per modified die (-1 to 8), one
// column per odds (1/3, 1/2, 1/1, 1.5/1, 2/1, 3/1, 4/1, 5/1).
constexpr R AE = R::kAE, AR = R::kAR, AD = R::kAD, NE = R::kNE, DD = R::kDD, DR = R::kDR,
            DE = R::kDE;
constexpr std::array<std::array<R, 8>, 10> kBookCrt = {{
    /* -1 */ {AE, AE, AR, AR, AD, AD, NE, NE},
    /*  0 */ {AE, AR, AR, AD, AD, NE, NE, DD},
    /*  1 */ {AR, AR, AD, AD, NE, NE, DD, DD},
    /*  2 */ {AR, AD, AD, NE, NE, DD, DD, DR},
    /*  3 */ {AD, AD, NE, NE, DD, DD, DR, DR},
    /*  4 */ {AD, NE, NE, DD, DD, DR, DR, DE},
    /*  5 */ {NE, NE, DD, DD, DR, DR, DE, DE},
    /*  6 */ {NE, DD, DD, DR, DR, DE, DE, DE},
    /*  7 */ {DD, DD, DR, DR, DE, DE, DE, DE},
    /*  8 */ {DD, DR, DR, DE, DE, DE, DE, DE},
}};

TEST(Bma_5_Combat, Clause_5_2_CrtAllEightyCellsMatchTheBook) {
  const Tables& t = default_tables();
  int checked = 0;
  for (int row = Tables::kMinRow; row <= Tables::kMaxRow; ++row) {
    for (int col = 0; col < Tables::kColumns; ++col) {
      const R book =
          kBookCrt[static_cast<std::size_t>(row - Tables::kMinRow)][static_cast<std::size_t>(col)];
      EXPECT_EQ(t.result(col, row), book)
          << "row " << row << " column " << t.column_names[static_cast<std::size_t>(col)]
          << ": table says " << result_name(t.result(col, row)) << ", book says "
          << result_name(book);
      ++checked;
    }
  }
  EXPECT_EQ(checked, 80);
  // Negative: a single cell changed in the literal would be caught (the table is not uniform).
  EXPECT_NE(t.result(0, -1), t.result(7, 8));
}

TEST(Bma_5_Combat, Clause_5_2_CrtColumnsAndRows) {
  const Tables& t = default_tables();
  const std::array<std::string, 8> names = {"1/3", "1/2", "1/1", "1.5/1",
                                            "2/1", "3/1", "4/1", "5/1"};
  const std::array<std::array<int, 2>, 8> ratios = {
      {{1, 3}, {1, 2}, {1, 1}, {3, 2}, {2, 1}, {3, 1}, {4, 1}, {5, 1}}};
  for (int c = 0; c < Tables::kColumns; ++c) {
    EXPECT_EQ(t.column_names[static_cast<std::size_t>(c)], names[static_cast<std::size_t>(c)]);
    EXPECT_EQ(t.column_min_ratio[static_cast<std::size_t>(c)], ratios[static_cast<std::size_t>(c)]);
  }
  EXPECT_EQ(Tables::kMinRow, -1);
  EXPECT_EQ(Tables::kMaxRow, 8);
  EXPECT_EQ(Tables::kRows, 10);
}

// Research notes 1.6: result = f(column + row), with f stepping every two diagonals.
TEST(Bma_Rulings, Notes_1_6_CrtIsDiagonal) {
  auto f = [](int s) {
    if (s <= 0) return R::kAE;
    if (s <= 2) return R::kAR;
    if (s <= 4) return R::kAD;
    if (s <= 6) return R::kNE;
    if (s <= 8) return R::kDD;
    if (s <= 10) return R::kDR;
    return R::kDE;
  };
  const Tables& t = default_tables();
  for (int row = Tables::kMinRow; row <= Tables::kMaxRow; ++row)
    for (int col = 0; col < Tables::kColumns; ++col)
      EXPECT_EQ(t.result(col, row), f(col + row)) << "column " << col << " row " << row;
  // One column shift is worth one row, away from the table's edges...
  EXPECT_EQ(t.result(3, 2), t.result(2, 3));
  // ...but not at the edge: a shift past 5/1 is lost (the column is clamped, ruling L-8) while
  // a die modifier still moves the row, so the two differ there.
  const int shifted_column = std::min(7 + 1, Tables::kColumns - 1);
  EXPECT_EQ(t.result(shifted_column, 1), R::kDD);
  EXPECT_EQ(t.result(7, 1 + 1), R::kDR);
}

TEST(Bma_5_Combat, Clause_5_1_4_OddsLadderRoundsDownExactly) {
  const Tables& t = default_tables();
  // Exact printed ratios land on their own column.
  EXPECT_EQ(t.column_for(1, 3), 0);
  EXPECT_EQ(t.column_for(1, 2), 1);
  EXPECT_EQ(t.column_for(1, 1), 2);
  EXPECT_EQ(t.column_for(3, 2), 3);  // 3:2 is the 1.5/1 column
  EXPECT_EQ(t.column_for(2, 1), 4);
  EXPECT_EQ(t.column_for(3, 1), 5);
  EXPECT_EQ(t.column_for(4, 1), 6);
  EXPECT_EQ(t.column_for(5, 1), 7);
  // Just below a step stays on the lower column (compared as rationals, no floating point).
  EXPECT_EQ(t.column_for(299, 100), 4);  // 2.99:1 is still 2/1
  EXPECT_EQ(t.column_for(8, 3), 4);      // 2.67:1
  EXPECT_EQ(t.column_for(149, 100), 2);  // 1.49:1
  EXPECT_EQ(t.column_for(7, 5), 2);      // 1.4:1
  EXPECT_EQ(t.column_for(49, 100), 0);   // 0.49:1
  EXPECT_EQ(t.column_for(2, 3), 1);      // 0.67:1
  EXPECT_EQ(t.column_for(3, 4), 1);
  EXPECT_EQ(t.column_for(4, 5), 1);
  EXPECT_EQ(t.column_for(9, 10), 1);
  EXPECT_EQ(t.column_for(11, 10), 2);
  EXPECT_EQ(t.column_for(10, 3), 5);  // 3.33:1
  EXPECT_EQ(t.column_for(49, 10), 6);
  EXPECT_EQ(t.column_for(333, 1000), 0);  // a hair under 1/3 reads 1/3
  // Below 1/3 reads 1/3; above 5/1 reads 5/1 (ruling L-7).
  EXPECT_EQ(t.column_for(1, 4), 0);
  EXPECT_EQ(t.column_for(1, 30), 0);
  EXPECT_EQ(t.column_for(6, 1), 7);
  EXPECT_EQ(t.column_for(40, 1), 7);
  // Large totals do not overflow the exact comparison.
  EXPECT_EQ(t.column_for(30000, 10000), 5);
  EXPECT_EQ(t.column_for(29999, 10000), 4);
}

TEST(Bma_5_Combat, Clause_5_1_3_RatingTable) {
  const Tables& t = default_tables();
  const RatingInfo& a = t.rating(Rating::kA);
  const RatingInfo& b = t.rating(Rating::kB);
  const RatingInfo& c = t.rating(Rating::kC);
  // 5.1.3 chit ranges.
  EXPECT_EQ(a.chit_min, 7);
  EXPECT_EQ(a.chit_max, 10);
  EXPECT_EQ(b.chit_min, 4);
  EXPECT_EQ(b.chit_max, 7);
  EXPECT_EQ(c.chit_min, 1);
  EXPECT_EQ(c.chit_max, 4);
  // 6.1 morale values.
  EXPECT_EQ(a.morale, 7);
  EXPECT_EQ(b.morale, 5);
  EXPECT_EQ(c.morale, 3);
  // 8.1 victory points (fixed per rating, ruling L-46).
  EXPECT_EQ(a.vp, 5);
  EXPECT_EQ(b.vp, 3);
  EXPECT_EQ(c.vp, 1);
  // 8.1: 2 VP per point of a leader's command; 5.4.1: 2d6, killed on 2 or 12.
  EXPECT_EQ(t.leader_vp_per_command, 2);
  EXPECT_EQ(t.leader_killed_on, (std::vector<int>{2, 12}));
}

TEST(Bma_9_Scenario, Clause_9_6_TerrainEffectsChart) {
  const Tables& t = default_tables();
  const TerrainInfo& clear = t.terrain_info(Terrain::kClear);
  const TerrainInfo& forest = t.terrain_info(Terrain::kForest);
  // Clear: no effect.
  EXPECT_EQ(clear.infantry_mp, 1);
  EXPECT_EQ(clear.cavalry_mp, 1);
  EXPECT_TRUE(clear.carroccio_may_enter);
  EXPECT_EQ(clear.infantry_attack_num, 1);
  EXPECT_EQ(clear.infantry_attack_den, 1);
  EXPECT_EQ(clear.cavalry_attack_num, 1);
  EXPECT_EQ(clear.cavalry_attack_den, 1);
  EXPECT_FALSE(clear.cavalry_disordered_on_entry);
  EXPECT_FALSE(clear.cavalry_attack_needs_morale);
  EXPECT_TRUE(clear.charge_allowed);
  // Forest: infantry 2 MP and halved attacking in; cavalry 4 MP, disordered on entry, a third
  // attacking in after a morale check, no charge; the Carroccio keeps to clear hexes (9.3.2).
  EXPECT_EQ(forest.infantry_mp, 2);
  EXPECT_EQ(forest.cavalry_mp, 4);
  EXPECT_FALSE(forest.carroccio_may_enter);
  EXPECT_EQ(forest.infantry_attack_num, 1);
  EXPECT_EQ(forest.infantry_attack_den, 2);
  EXPECT_EQ(forest.cavalry_attack_num, 1);
  EXPECT_EQ(forest.cavalry_attack_den, 3);
  EXPECT_TRUE(forest.cavalry_disordered_on_entry);
  EXPECT_TRUE(forest.cavalry_attack_needs_morale);
  EXPECT_FALSE(forest.charge_allowed);
}

TEST(Bma_5_Combat, Clause_5_2_TablesRejectMalformedData) {
  // A CRT cell that is not a result is refused with a sentence naming the field.
  const std::string bad =
      R"({"crt": {"columns": ["1/3","1/2","1/1","1.5/1","2/1","3/1","4/1","5/1"],
    "column_min_ratio": [[1,3],[1,2],[1,1],[3,2],[2,1],[3,1],[4,1],[5,1]],
    "rows": [-1,0,1,2,3,4,5,6,7,8],
    "results": [["XX","AE","AR","AR","AD","AD","NE","NE"],["AE","AR","AR","AD","AD","NE","NE","DD"],
      ["AR","AR","AD","AD","NE","NE","DD","DD"],["AR","AD","AD","NE","NE","DD","DD","DR"],
      ["AD","AD","NE","NE","DD","DD","DR","DR"],["AD","NE","NE","DD","DD","DR","DR","DE"],
      ["NE","NE","DD","DD","DR","DR","DE","DE"],["NE","DD","DD","DR","DR","DE","DE","DE"],
      ["DD","DD","DR","DR","DE","DE","DE","DE"],["DD","DR","DR","DE","DE","DE","DE","DE"]]}})";
  auto t = load_tables(bad, "bad.json");
  ASSERT_FALSE(t.ok());
  EXPECT_NE(t.message().find("crt.results[0][0]"), std::string::npos) << t.message();
}

}  // namespace
}  // namespace carroccio::bma
