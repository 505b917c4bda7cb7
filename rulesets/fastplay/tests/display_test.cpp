// The table view (docs/api.md, "The table view") and the terminal drawing.
#include <set>

#include "core/event.hpp"
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
  // The name a person reads, as in the log and the decisions (the odds panel names units by it).
  EXPECT_EQ(u["name"], "the Army A heavy infantry");
  EXPECT_NE(u["name"], u["id"]);
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
  // The decision says the distance in words out of the whole allowance, and where the unit
  // would end, in words, never in raw coordinates (issue 20; compact, for a log entry on two
  // lines at 1366 px).
  EXPECT_EQ(s->action_to_string(move_action(0, 4)),
            "the Army A heavy infantry moves 15 of 15 cm, ending 50 cm from W edge, 35 cm from S "
            "edge");
  EXPECT_EQ(s->action_to_string(move_action(3, 2)),
            "the Army A heavy infantry turns 90\u00b0 left, moves 8 of 15 cm, ending 43 cm from W "
            "edge, 20 cm from S edge");
  // Negative: a turn alone moves nothing.
  EXPECT_EQ(s->action_to_string(move_action(5, 0))
                .rfind("the Army A heavy infantry turns about, "
                       "ending ",
                       0),
            0u);
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
  // A pick of a stand to lose names each live stand with its number and place in words, as the
  // decisions name them ("lose stand 2 of the Army B heavy infantry").
  auto s = testing::start({{"a", "archery", 50, 40, 90}, {"b", "heavy_infantry", 50, 70, 270}});
  EXPECT_EQ(s->render_text(0).find("to lose"), std::string::npos);  // nothing to pick yet
  testing::play(*s, testing::shoot(0, 1));
  testing::roll(*s, 6);
  ASSERT_EQ(s->pending(), PendingKind::kLoss);
  const std::string text = s->render_text(1);
  EXPECT_NE(text.find("the Army B heavy infantry must pick 1 stand(s) to lose"), std::string::npos)
      << text;
  EXPECT_NE(text.find("    stand 2 of the Army B heavy infantry, 49 cm from E edge, 30 cm "
                      "from N edge\n"),
            std::string::npos)
      << text;
  EXPECT_EQ(s->action_to_string(act::kLoseBase + 1), "lose stand 2 of the Army B heavy infantry");
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
  EXPECT_NE(text.find("the Army A archery rolled a 1 and runs low on arrows: pick the archer stand "
                      "that turns about"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("stand 4 of the Army A archery, 46 cm from E edge, 40 cm from S edge"),
            std::string::npos)
      << text;
  EXPECT_EQ(text.find("turned about"), std::string::npos) << text;  // none turned yet
  testing::turn_about(*s, 3);
  // The unit's line says how many of its stands are low on arrows.
  EXPECT_NE(
      s->render_text(0).find("the Army A archery: 4 stands, 1 turned about (low on arrows), "),
      std::string::npos)
      << s->render_text(0);
}

// Issue 20, point 3: what a person reads (the log, the decisions' names in the terminal and in the
// browser's JSON) names units as the board's list does and places in words: never a file id, a
// troop type in code form or raw coordinates.
std::string ids_or_codes_in(const std::string& text, const FastplayGame& g) {
  for (int u = 0; u < g.num_units(); ++u)
    if (text.find(g.unit(u).id) != std::string::npos) return "the id " + g.unit(u).id;
  // Code-form types, and the old "(50.0, 35.0) cm" and "facing 90 deg" ("degrees" is words).
  for (const char* code : {"heavy_", "light_", ") cm", " deg\n", " deg,"})
    if (text.find(code) != std::string::npos) return std::string("'") + code + "'";
  return {};
}

TEST(FastplayView, AGameOfTheMeadowNamesUnitsAndPlacesInWords) {
  std::set<std::string> kinds;
  for (std::uint64_t seed : {1, 2, 3}) {
    auto start = testing::builtin_start("meadow");
    ASSERT_NE(start, nullptr);
    auto& s = static_cast<FastplayState&>(*start);
    const FastplayGame& g = s.fp();
    core::EventLog log;
    s.set_event_sink(&log);
    core::Rng rng(seed);
    for (int step = 0; step < 2000 && !s.is_terminal(); ++step) {
      if (!s.is_chance_node())
        for (game::Action a : s.legal_actions()) {
          const std::string name = s.action_to_string(a);
          EXPECT_EQ(ids_or_codes_in(name, g), "") << name;
          EXPECT_EQ(s.action_to_json(a)["name"], name);
        }
      testing::play(s, testing::random_step(s, rng, true));
    }
    for (const auto& e : log.events()) {
      kinds.insert(e.kind);
      EXPECT_EQ(ids_or_codes_in(e.text, g), "") << e.kind << ": " << e.text;
    }
    // The terminal's list of units names them as the log does.
    EXPECT_EQ(ids_or_codes_in(s.render_text(0), g), "") << s.render_text(0);
  }
  // The games saw movement, shooting and melee.
  for (const char* k : {"move", "archery", "melee", "charge", "commander"})
    EXPECT_EQ(kinds.count(k), 1u) << k;
}

TEST(FastplayView, UnitsAreNamedBySideTypeAndNumberAsTheBoardListsThem) {
  auto s = testing::start({{"a", "heavy_infantry", 20, 20, 90},
                           {"a", "heavy_infantry", 50, 20, 90},
                           {"a", "archery", 80, 20, 90},
                           {"b", "heavy_infantry", 50, 80, 270, {{"lone_commander", true}}}});
  EXPECT_EQ(s->unit_words(0), "the Army A heavy infantry #1");
  EXPECT_EQ(s->unit_words(1), "the Army A heavy infantry #2");
  // Negative: one of its kind has no number; a commander alone is named as one.
  EXPECT_EQ(s->unit_words(2), "the Army A archery");
  EXPECT_EQ(s->unit_words(3), "the Army B commander");
  const std::string text = s->render_text(0);
  EXPECT_NE(text.find("  the Army A heavy infantry #2: 4 stands, 50 cm from W edge, 20 cm "
                      "from S edge, facing north\n"),
            std::string::npos)
      << text;
  EXPECT_NE(s->action_to_string(act::kSelectBase + 1).find("move the Army A heavy infantry #2"),
            std::string::npos);
}

TEST(FastplayView, AChargeAndItsMeleeNameBothUnitsAndTheStandStruck) {
  // a's foot charge b's foot 20 cm ahead of them; b stands; the melee's dice name the stands.
  auto s =
      testing::start({{"a", "heavy_infantry", 50, 40, 90}, {"b", "heavy_infantry", 50, 50, 270}});
  core::EventLog log;
  s->set_event_sink(&log);
  testing::pass_to(*s, Phase::kCharge);
  const game::Action charge = charge_action(0, 1, geo::Side::kFront);
  ASSERT_TRUE(testing::is_legal(*s, charge)) << s->to_string();
  EXPECT_EQ(s->action_to_string(charge),
            "the Army A heavy infantry charges the front of the Army B heavy infantry");
  testing::play(*s, charge);
  if (s->pending() == PendingKind::kChargeAnswer) {
    EXPECT_EQ(s->action_to_string(testing::answer(act::kStand)),
              "the Army B heavy infantry stands to receive the charge");
    testing::play(*s, testing::answer(act::kStand));
  }
  EXPECT_EQ(log.events().back().text,
            "the Army A heavy infantry charges the Army B heavy infantry");
  testing::pass_to(*s, Phase::kMelee);
  EXPECT_EQ(s->action_to_string(testing::fight(0)), "the Army A heavy infantry fights");
  testing::play(*s, testing::fight(0));
  while (s->pending() == PendingKind::kStrike) testing::play(*s, s->legal_actions().front());
  ASSERT_TRUE(s->is_chance_node());
  testing::roll(*s, 6);
  const std::string& melee = log.events().back().text;
  EXPECT_EQ(melee.rfind("the Army A heavy infantry strikes stand ", 0), 0u) << melee;
  EXPECT_NE(melee.find(" of the Army B heavy infantry: d6 6, needs 5+ (heavy infantry against "
                       "heavy infantry): struck down"),
            std::string::npos)
      << melee;
  EXPECT_EQ(melee.find("u0"), std::string::npos) << melee;
  EXPECT_EQ(melee.find("u1"), std::string::npos) << melee;
}

}  // namespace
}  // namespace carroccio::fastplay
