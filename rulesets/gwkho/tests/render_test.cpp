// The terminal's top-down drawing of a gwkho table (render.cpp, through the table kit's CharMap).
#include <gtest/gtest.h>

#include "rulesets/gwkho/tests/test_util.hpp"

namespace carroccio::gwkho {
namespace {

using testing::make_game;
using testing::small_scenario;
using testing::start;

// The drawing's map rows (those that start with a row number), top row first.
std::vector<std::string> map_rows(const std::string& text) {
  std::vector<std::string> rows;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    if (line.size() > 4 && line[0] == ' ' && std::isdigit(static_cast<unsigned char>(line[2])) &&
        line[3] == ' ')
      rows.push_back(line.substr(4));
  return rows;
}

TEST(Gwkho_Terminal, TheTableIsDrawnAnInchACharacterWithBothArmiesAndTheTerrain) {
  const auto st = start(make_game(small_scenario()));
  const std::string text = st->render_text(0);
  const auto rows = map_rows(text);
  ASSERT_EQ(rows.size(), 48u);                          // 48 inches deep
  for (const auto& r : rows) ASSERT_EQ(r.size(), 72u);  // 72 wide
  // The wood (bad going) at 60-70 by 20-30 inches: the cell of (65.5, 25.5) is row 48 - 25.
  EXPECT_EQ(rows[48 - 1 - 25][65], '%');
  // Red (the first side) in capitals at the north edge, blue in lower case at the south.
  std::string north, south;
  for (int r = 0; r < 12; ++r) north += rows[static_cast<std::size_t>(r)];
  for (int r = 36; r < 48; ++r) south += rows[static_cast<std::size_t>(r)];
  EXPECT_NE(north.find('K'), std::string::npos);  // the imperial knights (Hc)
  EXPECT_EQ(north.find_first_of("kcrlepqhibwxsag"), std::string::npos);  // no blue letter
  EXPECT_NE(south.find_first_of("kwbcqhi"), std::string::npos);
  EXPECT_EQ(south.find_first_of("KCRLEPQHIBWXSAG"), std::string::npos);
  // Red faces south: its arrows are 'v'; blue faces north: '^'.
  EXPECT_NE(north.find('v'), std::string::npos);
  EXPECT_EQ(north.find('^'), std::string::npos);
  EXPECT_NE(south.find('^'), std::string::npos);
  EXPECT_NE(text.find("K Hc"), std::string::npos);  // the key
}

TEST(Gwkho_Terminal, LinearFeaturesAreDrawnAlongTheirLines) {
  nlohmann::json j = small_scenario("red", false);
  j["linear"] = nlohmann::json::parse(
      R"([{"id": "hedge", "kind": "hedge", "line": [[10, 24.2], [30, 24.2]]},
          {"id": "works", "kind": "field_works", "line": [[40, 20.2], [50, 20.2]], "defended": "left"}])");
  const auto rows = map_rows(start(make_game(j))->render_text(0));
  ASSERT_EQ(rows.size(), 48u);
  // The hedge along y = 24.2 inches runs through the cells whose centres are at y = 24.5 (the
  // row from 24 to 25 inches), from x = 10 to 30; the works along y = 20.2 from 40 to 50.
  EXPECT_EQ(rows[48 - 1 - 24].substr(12, 16), std::string(16, '"'));
  EXPECT_EQ(rows[48 - 1 - 20].substr(42, 6), std::string(6, '+'));
  // Nothing beyond their ends, nor in the rows beside them.
  EXPECT_EQ(rows[48 - 1 - 24][5], '.');
  EXPECT_EQ(rows[48 - 1 - 20][55], '.');
  EXPECT_EQ(rows[48 - 1 - 23].substr(12, 16), std::string(16, '.'));
}

TEST(Gwkho_Terminal, WithoutTerrainTheMiddleOfTheTableIsOpenGround) {
  const auto st = start(make_game(small_scenario("red", false)));
  const auto rows = map_rows(st->render_text(1));
  ASSERT_EQ(rows.size(), 48u);
  EXPECT_EQ(rows[48 - 1 - 25][65], '.');
  for (int r = 16; r < 32; ++r)
    EXPECT_EQ(rows[static_cast<std::size_t>(r)], std::string(72, '.')) << "row " << 48 - r;
}

}  // namespace
}  // namespace carroccio::gwkho
