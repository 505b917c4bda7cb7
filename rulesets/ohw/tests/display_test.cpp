// The displays and hooks: the terminal drawing, JSON, action names, evaluation, result summary.
#include <gtest/gtest.h>

#include <cctype>
#include <set>

#include "core/event.hpp"
#include "core/rng.hpp"
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
  EXPECT_EQ(s->action_to_string(act::kSelectBase + 0), "move the Blue knights");
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

// Issue 20, point 3: the log, the decisions' names (terminal and browser JSON) and the drawing's
// list name units by side, type and number ("the Blue knights #2") and places in words, never by
// file id: a game of each built-in scenario, every decision offered and every event.
bool names_id(const std::string& text, const std::string& id) {
  const auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; };
  for (std::size_t at = text.find(id); at != std::string::npos; at = text.find(id, at + 1))
    if ((at == 0 || !word(text[at - 1])) &&
        (at + id.size() == text.size() || !word(text[at + id.size()])))
      return true;
  return false;
}

TEST(Ohw_View, EveryDecisionAndEventNamesUnitsNotIds) {
  std::set<std::string> kinds;
  for (const char* id : {"s1", "s3", "pitched"}) {
    auto st = builtin_start(id);
    ASSERT_NE(st, nullptr);
    const auto& s = static_cast<const OhwState&>(*st);
    core::EventLog log;
    st->set_event_sink(&log);
    const auto check = [&](const std::string& text) {
      for (int u = 0; u < s.ohw().num_units(); ++u)
        EXPECT_FALSE(names_id(text, s.ohw().unit(u).id)) << id << ": " << text;
      EXPECT_EQ(text.find("men_at_arms"), std::string::npos) << text;
    };
    core::Rng rng(3);
    for (int step = 0; step < 600 && !st->is_terminal(); ++step) {
      if (!st->is_chance_node())
        for (game::Action a : st->legal_actions()) {
          check(st->action_to_string(a));
          EXPECT_EQ(st->action_to_json(a)["name"], st->action_to_string(a));
        }
      st->apply_unchecked(random_step(*st, rng));
    }
    for (const auto& e : log.events()) {
      kinds.insert(e.kind);
      check(e.text);
    }
    check(st->render_text(game::kSpectator));
  }
  for (const char* k : {"shoot", "melee"}) EXPECT_EQ(kinds.count(k), 1u) << k;
}

TEST(Ohw_View, UnitsAreNumberedAmongTheirSidesUnitsOfATypeOnly) {
  auto s = new_state(make_game(scenario_json({{"blue", "knights", 6, 6, 90},
                                              {"blue", "knights", 18, 6, 90},
                                              {"blue", "archers", 30, 6, 90},
                                              {"red", "knights", 18, 30, 270}})));
  EXPECT_EQ(s->action_to_string(act::kSelectBase + 0), "move the Blue knights #1");
  EXPECT_EQ(s->action_to_string(act::kSelectBase + 1), "move the Blue knights #2");
  // Negative: the only one of its type, on its side, has no number.
  EXPECT_EQ(s->action_to_string(act::kSelectBase + 2), "move the Blue archers");
  EXPECT_EQ(s->action_to_string(act::kSelectBase + 3), "move the Red knights");
  // The position's units carry the same names (the browser's odds panel names units by them).
  const nlohmann::json j = s->to_json(game::kSpectator);
  EXPECT_EQ(j["units"][1]["name"], "the Blue knights #2");
  EXPECT_EQ(j["units"][3]["name"], "the Red knights");
  EXPECT_NE(j["units"][3]["name"], j["units"][3]["id"]);
}

// [names] A unit's name is plural ("the Blue knights") or not ("the Blue wagon"): the decisions'
// and the log's verbs agree with it (game/table/place.hpp, verb_for).
TEST(Ohw_View, VerbsAgreeWithAUnitsName) {
  auto s = new_state(make_game(scenario_json({{"blue", "knights", 6, 6, 90},
                                              {"blue", "wagon", 18, 6, 90},
                                              {"red", "knights", 18, 30, 270}})));
  play(*s, act::kSelectBase + 0);
  EXPECT_EQ(s->action_to_string(act::kMoveBase + act::kHold), "the Blue knights hold");
  bool moved = false;
  for (game::Action a : s->legal_actions())
    if (a > act::kMoveBase + act::kHold && a < act::kMoveBase + act::kMaxCode) {
      const std::string name = s->action_to_string(a);
      if (name.find(" move ") == std::string::npos) continue;
      moved = true;
      EXPECT_EQ(name.find(" moves "), std::string::npos) << name;
    }
  EXPECT_TRUE(moved);
  play(*s, act::kMoveBase + act::kHold);
  // Negative: a singular name keeps the verb as said of one.
  play(*s, act::kSelectBase + 1);
  EXPECT_EQ(s->action_to_string(act::kMoveBase + act::kHold), "the Blue wagon holds");
}

}  // namespace
}  // namespace carroccio::ohw
