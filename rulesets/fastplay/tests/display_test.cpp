// The table view (docs/api.md, "The table view") and the terminal drawing.
#include "rulesets/fastplay/tests/test_util.hpp"

namespace carroccio::fastplay {
namespace {

TEST(FastplayDisplay, ToJsonHasTheTableViewShape) {
  auto s =
      testing::start({{"a", "heavy_infantry", 50, 20, 90}, {"b", "light_cavalry", 50, 80, 270}},
                     {{"woods", {10, 10, 20, 30}}});
  const nlohmann::json j = s->to_json(0);
  EXPECT_EQ(j["ruleset"], "fastplay");
  EXPECT_EQ(j["table"]["width"], 100 * kCm);
  EXPECT_EQ(j["units_per_cm"], kCm);
  EXPECT_EQ(j["unit"], "cm");
  ASSERT_EQ(j["terrain"].size(), 1u);
  EXPECT_EQ(j["terrain"][0]["type"], "woods");
  EXPECT_EQ(j["terrain"][0]["polygon"].size(), 4u);
  ASSERT_EQ(j["units"].size(), 2u);
  const auto& u = j["units"][0];
  EXPECT_EQ(u["id"], "u0");
  EXPECT_EQ(u["side"], "a");
  EXPECT_EQ(u["x"], 50 * kCm);
  EXPECT_EQ(u["heading_arcsec"], 90 * 3600);
  EXPECT_EQ(u["corners"].size(), 4u);
  EXPECT_EQ(u["stands"].size(), 4u);
  // The block of four foot stands is 12 cm wide and 2 cm deep.
  EXPECT_EQ(u["corners"][0][0], 56 * kCm);
  EXPECT_EQ(u["corners"][0][1], 21 * kCm);
}

TEST(FastplayDisplay, ActionsNameWhatTheBoardShows) {
  auto s =
      testing::start({{"a", "heavy_infantry", 50, 20, 90}, {"b", "light_cavalry", 50, 80, 270}});
  ASSERT_EQ(s->phase(), Phase::kMovement);
  EXPECT_EQ(s->action_to_json(act::kSelectBase + 0)["kind"], "select-unit");
  testing::play(*s, act::kSelectBase + 0);
  const nlohmann::json m = s->action_to_json(move_action(0, 4));
  EXPECT_EQ(m["kind"], "move");
  EXPECT_EQ(m["y"], 35 * kCm);  // 15 cm ahead
  EXPECT_EQ(s->action_to_json(act::kMoveBase)["kind"], "hold");
  EXPECT_NE(s->action_to_string(move_action(0, 4)).find("moves 4/4"), std::string::npos);
}

TEST(FastplayDisplay, RenderTextDrawsStandsAndStatus) {
  auto s =
      testing::start({{"a", "heavy_infantry", 50, 20, 90}, {"b", "light_cavalry", 50, 80, 270}});
  const std::string text = s->render_text(0);
  EXPECT_NE(text.find('H'), std::string::npos);  // army A upper case
  EXPECT_NE(text.find('r'), std::string::npos);  // army B lower case
  EXPECT_NE(text.find("turn 1/12"), std::string::npos);
  EXPECT_EQ(text.find('K'), std::string::npos);  // no heavy cavalry on this table
}

TEST(FastplayDisplay, RenderTextListsTheStandsOfAPick) {
  // A pick of a stand to lose names each live stand with its number and place, as the
  // decisions name them ("lose u1 stand 2 ...").
  auto s = testing::start({{"a", "archery", 50, 40, 90}, {"b", "heavy_infantry", 50, 70, 270}});
  EXPECT_EQ(s->render_text(0).find("to lose"), std::string::npos);  // nothing to pick yet
  testing::play(*s, testing::shoot(0, 1));
  testing::roll(*s, 6);
  ASSERT_EQ(s->pending(), PendingKind::kLoss);
  const std::string text = s->render_text(1);
  EXPECT_NE(text.find("u1 must pick 1 stand(s) to lose"), std::string::npos) << text;
  EXPECT_NE(text.find("u1 stand 2 (heavy_infantry) at (51.5, 70.0) cm"), std::string::npos) << text;
  EXPECT_NE(s->action_to_string(act::kLoseBase + 1).find("u1 stand 2"), std::string::npos);
}

TEST(FastplayDisplay, RenderTextListsTheArcherStandsARollOfOneMayTurn) {
  // fastplay 5.3 (ruling F-14): the shooting side's pick lists the archer stands it may turn,
  // numbered as the decisions name them.
  auto s = testing::start({{"a", "archery", 50, 40, 90}, {"b", "heavy_cavalry", 50, 70, 270}});
  EXPECT_EQ(s->render_text(0).find("arrows"), std::string::npos);  // nothing to pick yet
  testing::play(*s, testing::shoot(0, 1));
  testing::roll(*s, 1);
  ASSERT_EQ(s->pending(), PendingKind::kArrows);
  const std::string text = s->render_text(0);
  EXPECT_NE(text.find("u0 rolled a 1 and runs low on arrows: pick the archer stand that turns "
                      "about"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("u0 stand 4 (archery) at (54.5, 40.0) cm"), std::string::npos) << text;
  EXPECT_EQ(text.find("turned about"), std::string::npos) << text;  // none turned yet
  testing::turn_about(*s, 3);
  // The unit's line says how many of its stands are low on arrows.
  EXPECT_NE(s->render_text(0).find("u0 archery: 4 stands, 1 turned about (low on arrows) at"),
            std::string::npos)
      << s->render_text(0);
}

}  // namespace
}  // namespace carroccio::fastplay
