// The built-in scenarios load and play to an end; bad scenario files get one sentence naming
// the file and the field.
#include "core/rng.hpp"
#include "rulesets/fastplay/tests/test_util.hpp"

namespace carroccio::fastplay {
namespace {

std::shared_ptr<const FastplayGame> builtin(const std::string& id,
                                            const std::string& options = "") {
  auto r = make_ruleset();
  auto text = r->builtin_scenario(id);
  EXPECT_TRUE(text.ok()) << id;
  return testing::make_game(nlohmann::json::parse(*text), options);
}

TEST(FastplayScenarios, BuiltinScenariosLoad) {
  for (const char* id : {"meadow", "mill", "ford"}) {
    auto g = builtin(id);
    ASSERT_TRUE(g) << id;
    EXPECT_EQ(g->scenario_data().id, id);
    EXPECT_GE(g->starting_stands(0), 20) << id;
    EXPECT_GE(g->starting_stands(1), 20) << id;
    auto s = testing::new_state(g);
    EXPECT_EQ(s->check_invariants(), "") << id;
  }
  EXPECT_FALSE(make_ruleset()->builtin_scenario("nowhere").ok());
}

// Random decisions and dice until the end: every scenario ends by the turn limit at the latest,
// and the invariants hold after every step. (The choices are random; nothing here depends on
// which dice come up.)
TEST(FastplayScenarios, RandomGamesEndAndKeepInvariants) {
  for (const char* id : {"meadow", "mill", "ford"}) {
    auto g = builtin(id, "supreme_commander");
    core::Rng rng(7);
    auto s = testing::new_state(g);
    int steps = 0;
    while (!s->is_terminal() && steps < 20000) {
      std::vector<game::Action> legal;
      if (s->is_chance_node()) {
        for (const auto& o : s->chance_outcomes()) legal.push_back(o.action);
      } else {
        legal = s->legal_actions();
      }
      ASSERT_FALSE(legal.empty()) << id << "\n" << s->to_string();
      // Prefer doing something over passing, so that the armies meet.
      game::Action a = legal[rng.uniform(legal.size())];
      if (a == act::kPass && legal.size() > 1 && rng.uniform(4) != 0)
        a = legal[1 + rng.uniform(legal.size() - 1)];
      testing::play(*s, a);
      ASSERT_EQ(s->check_invariants(), "") << id << " step " << steps << "\n" << s->to_string();
      ++steps;
    }
    EXPECT_TRUE(s->is_terminal()) << id;
    EXPECT_FALSE(s->render_text(0).empty());
    EXPECT_TRUE(s->to_json(0).contains("units"));
  }
}

TEST(FastplayScenarios, BadFilesNameFileAndField) {
  using testing::U;
  auto good = testing::scenario_json(
      {{"a", "heavy_infantry", 50, 20, 90}, {"b", "heavy_infantry", 50, 80, 270}});
  EXPECT_EQ(testing::load_error(good), "");
  auto bad_type = good;
  bad_type["units"][1]["type"] = "dragoons";
  EXPECT_NE(testing::load_error(bad_type).find("test.json"), std::string::npos);
  EXPECT_NE(testing::load_error(bad_type).find("units[1].type"), std::string::npos);
  auto few = good;
  few["units"][0]["stands"] = 3;
  EXPECT_NE(testing::load_error(few).find("units[0].stands"), std::string::npos);
  auto off = good;
  off["units"][0]["x"] = 2;
  EXPECT_NE(testing::load_error(off).find("off the table"), std::string::npos);
  auto on_top = good;
  on_top["units"][1]["y"] = 21;
  EXPECT_NE(testing::load_error(on_top).find("units[1].x"), std::string::npos);
  auto first = good;
  first["first"] = "c";
  EXPECT_NE(testing::load_error(first).find("'first'"), std::string::npos);
  auto machine = good;
  machine["units"][0]["type"] = "ballista";
  machine["units"][0]["stands"] = 4;
  EXPECT_NE(testing::load_error(machine).find("units[0].stands"), std::string::npos);
  auto opts = game::parse_options("nonsense");
  ASSERT_TRUE(opts.ok());
  auto g = make_ruleset()->new_game(good, "test.json", *opts);
  ASSERT_FALSE(g.ok());
  EXPECT_NE(g.message().find("supreme_commander"), std::string::npos);
}

TEST(FastplayScenarios, RecordReplaysToTheSameState) {
  auto g = builtin("ford");
  core::Rng rng(3);
  auto s = testing::new_state(g);
  for (int i = 0; i < 400 && !s->is_terminal(); ++i) {
    std::vector<game::Action> legal;
    if (s->is_chance_node())
      for (const auto& o : s->chance_outcomes()) legal.push_back(o.action);
    else
      legal = s->legal_actions();
    testing::play(*s, legal[rng.uniform(legal.size())]);
  }
  auto again = testing::new_state(g);
  for (const auto& h : s->history()) testing::play(*again, h.action);
  EXPECT_EQ(again->to_string(), s->to_string());
  EXPECT_EQ(again->hash(), s->hash());
}

}  // namespace
}  // namespace carroccio::fastplay
