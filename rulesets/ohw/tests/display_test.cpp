// The displays and hooks: the terminal drawing, JSON, action names, evaluation, result summary.
#include <gtest/gtest.h>

#include "rulesets/ohw/tests/test_util.hpp"

namespace carroccio::ohw {
namespace {

using namespace testing;  // NOLINT(build/namespaces)

TEST(Ohw_Display, TheDrawingShowsTerrainUnitsAndFronts) {
  auto g = make_game(scenario_json({{"blue", "knights", 18, 6, 90}, {"red", "levies", 18, 30, 270}},
                                   {{"woods", {2, 2, 6, 6}}}));
  auto s = new_state(g);
  const std::string text = s->render_text(game::kSpectator);
  const auto rows = [&] {
    std::vector<std::string> out;
    std::size_t start = 0;
    for (std::size_t i = 0; i < text.size(); ++i)
      if (text[i] == '\n') {
        out.push_back(text.substr(start, i - start));
        start = i + 1;
      }
    return out;
  }();
  ASSERT_GT(rows.size(), 37u);
  // Row "  7" covers y 6-7: the knight (x 16-20) with its front arrow; row "  3" the wood.
  const std::string& y7 = rows[1 + 36 - 7];
  EXPECT_EQ(y7.substr(0, 4), "  7 ");
  EXPECT_EQ(y7.substr(4 + 16, 4), "KK^K") << y7;
  const std::string& y30 = rows[1 + 36 - 30];
  EXPECT_EQ(y30.substr(4 + 16, 4), "llvl") << y30;
  EXPECT_EQ(rows[1 + 36 - 3].substr(4, 8), "..####..");
}

TEST(Ohw_Display, JsonNamesAndHooks) {
  auto g =
      make_game(scenario_json({{"blue", "knights", 18, 20, 270}, {"red", "levies", 18, 18, 90}}));
  auto s = new_state(g);
  const auto j = s->to_json(game::kSpectator);
  EXPECT_EQ(j["units"].size(), 2u);
  EXPECT_EQ(j["units"][0]["x"], 1800);
  EXPECT_EQ(j["units"][0]["corners"].size(), 4u);
  EXPECT_EQ(j["phase"], "move");
  EXPECT_EQ(s->action_to_string(act::kSelectBase + 0), "move u0 knights (Blue)");
  // The knights (worth more than levies, and about to strike the levy they touch) put blue
  // ahead (analysis.cpp); the two sides' values are opposite.
  const auto start = s->evaluate();
  EXPECT_GT(start[0], 0.0);
  EXPECT_DOUBLE_EQ(start[0], -start[1]);
  play(*s, act::kEndPhase);
  play(*s, fight(0, 1));
  EXPECT_EQ(s->action_to_string(act::kDieBase + 4), "d6 = 4");
  EXPECT_EQ(s->chance_info().rule, "ohw 3.2");
  roll(*s, 6);  // 8 hits on the levy
  const auto e = s->evaluate();
  EXPECT_GT(e[0], 0.0);
  EXPECT_DOUBLE_EQ(e[0], -e[1]);
  const auto r = s->result_summary();
  EXPECT_EQ(r["pieces"][1]["hits"], 8);
  EXPECT_EQ(r["pieces"][1]["fate"], "on table");
  EXPECT_EQ(r["pieces"][1]["side"], "red");
}

}  // namespace
}  // namespace carroccio::ohw
