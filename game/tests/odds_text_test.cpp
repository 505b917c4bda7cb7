#include "game/odds_text.hpp"

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

namespace carroccio::game {
namespace {

// The lines of the "Results:" block of a text.
std::vector<std::string> result_lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  bool on = false;
  for (std::string line; std::getline(in, line);) {
    if (line == "Results:") {
      on = true;
      continue;
    }
    if (on && line.rfind("  ", 0) == 0)
      out.push_back(line);
    else if (on)
      break;
  }
  return out;
}

nlohmann::json result(const std::string& what, const std::string& fraction, double p) {
  return {{"result", what}, {"probability", fraction}, {"p", p}};
}

// Results named at length (gwkho names both elements) keep the fractions and percentages in
// columns: every line ends at the same place, its fraction right-aligned before it.
TEST(OddsText, LongResultNamesKeepTheProbabilityColumnsInLine) {
  nlohmann::json odds = {
      {"results",
       {result("attacker Hc(o) holds, defender Pk(o) holds", "4/36", 4.0 / 36),
        result("attacker Hc(o) holds, defender Pk(o) destroyed", "6/36", 6.0 / 36),
        result("attacker Hc(o) pushed back, defender Pk(o) holds", "18/36", 0.5)}}};
  const auto lines = result_lines(format_odds(odds, ""));
  ASSERT_EQ(lines.size(), 3u);
  for (const auto& l : lines) EXPECT_EQ(l.size(), lines[0].size()) << l;
  for (const auto& l : lines) EXPECT_EQ(l.find('/'), lines[0].find('/')) << l;
}

// Short results (bma's codes) keep the old ten-character column.
TEST(OddsText, ShortResultNamesTakeTheTenCharacterColumn) {
  nlohmann::json odds = {{"results", {result("DE", "1/6", 1.0 / 6), result("AR", "5/6", 5.0 / 6)}}};
  const auto lines = result_lines(format_odds(odds, ""));
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0], "  DE               1/6   16.7%");
  EXPECT_EQ(lines[1], "  AR               5/6   83.3%");
}

}  // namespace
}  // namespace carroccio::game
