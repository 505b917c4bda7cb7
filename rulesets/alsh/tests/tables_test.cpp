// The data files load, and every cell of every grid is pinned against the chart sheet with the
// confidence of its reading.
#include <gtest/gtest.h>

#include "rulesets/alsh/tests/test_util.hpp"

namespace carroccio::alsh {
namespace {

using testing::expect_grid;
using testing::tables;

TEST(Alsh_Data, AllTablesLoad) {
  auto t = load_tables();
  ASSERT_TRUE(t.ok()) << t.message();
  for (const char* g : {"artillery", "charge", "discipline", "pursuit", "initiative",
                        "admin_points", "attrition", "mb_table1", "mb_crt"})
    EXPECT_TRUE(t->grids.count(g)) << g;
  EXPECT_EQ(embedded_tables().size(), 13u);
}

TEST(Alsh_Data, BadDataFileNamesFileAndField) {
  auto files = embedded_tables();
  const std::string broken = R"({"title": "Artillery Fire Table", "rows": {"headers": []},
                                  "columns": {"headers": []}, "cells": []})";
  for (auto& [name, text] : files)
    if (name == "artillery.json") text = broken;
  auto t = load_tables_from(files);
  ASSERT_FALSE(t.ok());
  EXPECT_NE(t.message().find("artillery.json"), std::string::npos) << t.message();
  EXPECT_NE(t.message().find("rows"), std::string::npos) << t.message();
}

TEST(Alsh_Data, MissingFileIsNamed) {
  auto files = embedded_tables();
  files.pop_back();
  auto t = load_tables_from(files);
  ASSERT_FALSE(t.ok());
  EXPECT_NE(t.message().find("missing"), std::string::npos);
}

TEST(Alsh_Data, ConfidenceNamesRoundTrip) {
  for (Confidence c : {Confidence::kLegible, Confidence::kReconstructed, Confidence::kGuessed,
                       Confidence::kMissing})
    EXPECT_EQ(*parse_confidence(confidence_name(c)), c);
  EXPECT_FALSE(parse_confidence("sure").ok());
}

TEST(Alsh_ArtilleryFireTable, EveryCellPinned) {
  expect_grid("artillery",
              {{"-", "-", "-", "-", "-", "-"},
               {"-", "-", "*", "-", "-", "-"},
               {"-", "*", "-", "*", "DC (b)", "DC (b)"},
               {"-", "-", "-", "DC (b)", "*", "DC b N"},
               {"-", "-", "DC", "DC N", "1 b N", "2 b"},
               {"-", "DC (b)", "DC (b) N", "1 b", "1", "1 * N"},
               {"DC (b)", "DC N", "1 b", "2 N", "2 b N", "3 b N"}},
              {"LLLLLL", "LLLLLL", "LLLLLL", "LLLLGG", "LLLRRG", "LLGLGG", "LRLRRR"});
  const Grid& g = tables().grid("artillery");
  // The six column headings are lost: every one is a guess.
  for (const auto& h : g.columns) EXPECT_EQ(h.confidence, Confidence::kGuessed);
  EXPECT_EQ(g.find_row(-3), 0);
  EXPECT_EQ(g.find_row(9), 6);
  EXPECT_EQ(g.find_column(6), 4);
  EXPECT_EQ(g.find_column(40), 5);
}

TEST(Alsh_CavalryChargeTable, EveryCellPinned) {
  expect_grid("charge",
              {{"A1", "A2", "A2", "A3"},
               {"A1 *", "A1 *", "A2 *", "A2 *"},
               {"A1", "A1", "A1", "A1"},
               {"-", "A1", "A1", "A1"},
               {"-", "-", "-", "-"},
               {"-", "-", "-", "-"},
               {"-", "-", "-", "D"},
               {"-", "-", "D", "D"},
               {"-", "D", "D", "D box"},
               {"D box N", "D N", "D N", "D1 N"}},
              {"LLLL", "GGGG", "LLLL", "LLLL", "LLLL", "LLLL", "LLLL", "LLLL", "LLLG", "GGGG"});
  const Grid& g = tables().grid("charge");
  EXPECT_EQ(g.rows[0].confidence, Confidence::kReconstructed);  // "Oormore"
  EXPECT_EQ(g.find_column(1), 0);
  EXPECT_EQ(g.find_column(3), 1);
  EXPECT_EQ(g.find_column(7), 2);
  EXPECT_EQ(g.find_column(12), 3);
}

TEST(Alsh_DisciplineTable, EveryCellPinned) {
  expect_grid("discipline",
              {{"P", "P", "P", "P"},
               {"P", "P", "P", "P"},
               {"F", "P", "P", "P"},
               {"F", "F", "P", "P"},
               {"D", "F", "F", "P"},
               {"D*", "D", "F", "P"},
               {"D", "D", "D", "FF"},
               {"D*", "D*", "D", "D"}},
              {"LLLL", "LLLL", "LLLL", "LLLL", "LLLL", "GLLL", "LLLL", "LLLL"});
  const Grid& g = tables().grid("discipline");
  EXPECT_EQ(g.find_row(-1), 0);
  EXPECT_EQ(g.find_row(8), 7);
  // A roll beyond the printed rows rests on our extension ruling.
  EXPECT_EQ(g.row_basis(0, -1).confidence, Confidence::kReconstructed);
  EXPECT_EQ(g.row_basis(0, 0).confidence, Confidence::kLegible);
}

TEST(Alsh_PursuitTable, EveryCellPinned) {
  expect_grid("pursuit",
              {{"-", "-", "-"},
               {"C30", "-", "*"},
               {"C40", "-", "-"},
               {"C50", "I10", "-"},
               {"C60", "I20", "-"},
               {"C70", "I30", "N"},
               {"C80", "I40", "N"},
               {"C100", "I50", "N"},
               {"C120", "I60", "N"}},
              {"LLL", "LLR", "LLR", "LRR", "LRR", "LRL", "LRL", "LRL", "LRL"});
}

TEST(Alsh_InitiativeModifierTable, EveryCellPinned) {
  expect_grid("initiative", {{"-2"}, {"-3"}, {"-4"}, {"-5"}, {"-5"}}, {"L", "R", "L", "R", "L"});
}

TEST(Alsh_MajorBattleTable1, EveryCellPinned) {
  expect_grid("mb_table1",
              {{"0", "1", "1", "2"},
               {"0", "1", "2", "2"},
               {"0", "2", "2", "3"},
               {"1", "2", "3", "3"},
               {"1", "3", "3", "4"},
               {"2", "3", "4", "5"}},
              {"LLLL", "LLLL", "LLLL", "LLLL", "LLLL", "GLLL"});
  for (const auto& h : tables().grid("mb_table1").columns)
    EXPECT_EQ(h.confidence, Confidence::kGuessed);
}

TEST(Alsh_MajorBattleCrt, EveryCellPinned) {
  expect_grid("mb_crt", {{"50/5"}, {"50/5"},  {"45/5"},  {"R+3"},   {"40/10"}, {"35/15"}, {"30/15"},
                         {"R+1"},  {"25/20"}, {"20/20"}, {"15/15"}, {"15/15"}, {"15/20"}, {"20/25"},
                         {"R-1"},  {"20/30"}, {"15/35"}, {"15/40"}, {"R-3"},   {"10/45"}, {"5/50"}},
              {"L", "L", "L", "R", "R", "L", "L", "R", "L", "L", "L",
               "L", "L", "L", "R", "L", "R", "L", "R", "L", "L"});
  const Grid& g = tables().grid("mb_crt");
  // The loser marks are lost: reconstructed where the losses differ, guessed where equal.
  for (std::size_t r = 0; r < g.rows.size(); ++r) {
    const Cell& c = g.cells[r][0];
    if (c.value[0] == 'R') continue;
    const int dr = *g.rows[r].min;
    EXPECT_EQ(c.extra["loser"], dr <= 3 ? "attacker" : "defender") << dr;
    const auto slash = c.value.find('/');
    const bool equal = c.value.substr(0, slash) == c.value.substr(slash + 1);
    EXPECT_EQ(c.extra["loser_c"], equal ? "guessed" : "reconstructed") << dr;
  }
}

TEST(Alsh_MajorBattleTable2, RatiosPinned) {
  const auto& rows = tables().file("major_battle")["table2"]["rows"];
  ASSERT_EQ(rows.size(), 4u);
  const int num[] = {1, 3, 2, 3};
  const int den[] = {1, 2, 1, 1};
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(rows[i]["num"], num[i]);
    EXPECT_EQ(rows[i]["den"], den[i]);
    EXPECT_EQ(rows[i]["drm"], i);
  }
}

TEST(Alsh_MajorBattleTable3, BandsPinned) {
  const auto& rows = tables().file("major_battle")["table3"]["rows"];
  ASSERT_EQ(rows.size(), 3u);
  const std::vector<std::vector<std::pair<int, int>>> bands = {
      {{0, 2}, {3, 5}, {6, 10}, {11, 20}, {21, -1}},
      {{0, 4}, {5, 10}, {11, 20}, {21, -1}},
      {{0, 10}, {11, 20}, {21, -1}}};
  for (std::size_t r = 0; r < 3; ++r) {
    ASSERT_EQ(rows[r]["bands"].size(), bands[r].size());
    for (std::size_t b = 0; b < bands[r].size(); ++b) {
      const auto& band = rows[r]["bands"][b];
      EXPECT_EQ(band["min"], bands[r][b].first);
      if (bands[r][b].second < 0) {
        EXPECT_FALSE(band.contains("max"));
      } else {
        EXPECT_EQ(band["max"], bands[r][b].second);
      }
      EXPECT_EQ(band["drm"], static_cast<int>(b));
    }
  }
}

TEST(Alsh_AdministrativePointsTable, EveryCellPinned) {
  expect_grid("admin_points",
              {{"0", "-4", "-1", "0", "0", "0"},
               {"0", "-2", "-4", "-4", "-1", "-2"},
               {"0", "-2", "0", "-1", "-3", "-1"},
               {"0", "-1", "-2", "-2", "-1", "-4"},
               {"0", "0", "-1", "-1", "-2", "-3"},
               {"0", "0", "-1", "-2", "-3", "-2"},
               {"0", "0", "0", "0", "-4", "-3"},
               {"0", "-1", "-2", "-3", "-3", "-4"},
               {"0", "-3", "-3", "-3", "-2", "-4"},
               {"0", "-1", "-3", "-4", "0", "-4"},
               {"0", "-2", "-4", "-3", "0", "-4"}},
              {"LGLLLL", "LLLLLL", "LLLLRL", "LLLLLL", "LLLRGG", "LLLLLL", "LLLLLR", "LLLLLL",
               "LLLLRL", "LLLRLL", "LRRRLL"});
  for (const auto& h : tables().grid("admin_points").columns)
    EXPECT_EQ(h.confidence, Confidence::kGuessed);
}

TEST(Alsh_AttritionTable, EveryCellPinned) {
  expect_grid("attrition",
              {{"0", "0", "0", "0", "0", "0", "0", "0", "0", "1"},
               {"0", "0", "0", "0", "0", "0", "0", "1", "1", "1"},
               {"0", "0", "0", "0", "0", "0", "1", "1", "1", "2"},
               {"0", "0", "0", "0", "0", "1", "1", "2", "2", "3"},
               {"0", "0", "0", "0", "1", "1", "2", "3", "3", "5"},
               {"0", "0", "0", "1", "1", "2", "3", "5", "5", "7"},
               {"0", "1", "1", "1", "2", "2", "3", "5", "7", "9"}},
              {"LLLLLLLLLL", "LLLRRRRRRR", "LLLLLLLLLL", "LLLLLLLLLL", "LLLLLLLLLL", "LLLLLLLLLL",
               "LLLLLLLLLL"});
  const Grid& g = tables().grid("attrition");
  EXPECT_EQ(g.find_row(9), 0);
  EXPECT_EQ(g.find_row(43), 6);
  EXPECT_EQ(g.find_row(0), -1);
  EXPECT_EQ(g.find_column(-2), 0);
  EXPECT_EQ(g.find_column(14), 9);
}

TEST(Alsh_Data, EveryUncertainHeadingSaysWhy) {
  for (const auto& [id, g] : tables().grids)
    for (const auto* axis : {&g.rows, &g.columns})
      for (const auto& h : *axis) {
        if (h.confidence != Confidence::kLegible) {
          EXPECT_FALSE(h.note.empty() && h.ocr.empty()) << id << " heading " << h.label;
        }
        if (h.extends_above || h.extends_below) {
          EXPECT_FALSE(h.extend_note.empty()) << id << " heading " << h.label;
        }
      }
}

}  // namespace
}  // namespace carroccio::alsh
