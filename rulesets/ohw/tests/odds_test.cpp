// The exact odds of a shot, a strike, a charge and a demolition (State::action_odds, odds.cpp):
// every number checked against a hand count of the six faces, then a forced die shows the
// roll gives what the odds promised.
#include <gtest/gtest.h>

#include "rulesets/ohw/tests/test_util.hpp"

namespace carroccio::ohw {
namespace {

using namespace testing;  // NOLINT(build/namespaces)
using geo::Side;

// The results as "result=probability" lines, in order.
std::vector<std::string> results(const nlohmann::json& odds) {
  std::vector<std::string> out;
  for (const auto& r : odds["results"])
    out.push_back(r["result"].get<std::string>() + "=" + r["probability"].get<std::string>());
  return out;
}

using game::testing::cites;

struct Table {
  std::shared_ptr<const OhwGame> g;
  std::unique_ptr<OhwState> s;
  explicit Table(const std::vector<U>& units, const std::vector<T>& terrain = {})
      : g(make_game(scenario_json(units, terrain))), s(new_state(g)) {}
  void to_melee() {
    play(*s, act::kEndPhase);
    if (s->phase() == Phase::kShoot) play(*s, act::kEndPhase);
  }
};

// Blue's archers shoot at red `target` 8" ahead with `log` listening; the die shows 5.
Table shot_logged(const std::string& target, core::EventLog& log) {
  Table t({{"blue", "archers", 18, 6, 90}, {"red", target, 18, 14, 270}});
  t.s->set_event_sink(&log);
  play(*t.s, act::kEndPhase);
  play(*t.s, shoot(0, 1));
  roll(*t.s, 5);
  return t;
}

TEST(Ohw_Odds, Clause_2_3_ShotOddsCountEveryFaceWithArmour) {
  // Archers (d6 + 2) at men-at-arms in the open: 3,4 -> 2; 5,6 -> 3; 7,8 -> 4 (2.3 ii, O-22).
  Table t({{"blue", "archers", 18, 6, 90}, {"red", "men_at_arms", 18, 14, 270}});
  play(*t.s, act::kEndPhase);
  const auto odds = t.s->action_odds(shoot(0, 1));
  ASSERT_TRUE(odds.is_object());
  EXPECT_TRUE(odds["commits"].get<bool>());
  EXPECT_EQ(odds["roll"], "d6+2");
  EXPECT_EQ(results(odds), (std::vector<std::string>{"2 hits, 2 of 15=1/3", "3 hits, 3 of 15=1/3",
                                                     "4 hits, 4 of 15=1/3"}));
  EXPECT_TRUE(cites(odds, "ohw 2.3"));
  EXPECT_TRUE(cites(odds, "ohw 2.3 ii"));
  EXPECT_TRUE(cites(odds, "ohw O-22"));
  EXPECT_EQ(odds["mean_hits"], "3");
  // The forced die gives the face's hits.
  play(*t.s, shoot(0, 1));
  roll(*t.s, 5);
  EXPECT_EQ(t.s->unit(1).hits, odds["faces"][4]["hits"].get<int>());
  EXPECT_EQ(t.s->unit(1).hits, 4);
}

TEST(Ohw_Odds, Clause_2_3_ii_TheLogGivesTheDieEveryModifierAndTheResult) {
  core::EventLog log;
  const Table t = shot_logged("men_at_arms", log);
  ASSERT_FALSE(log.events().empty());
  const std::string text = log.events().back().text;
  EXPECT_NE(text.find("the Blue archers shoot at the Red men-at-arms: d6 5"), std::string::npos)
      << text;
  // The clause without the book's name: the entry's citation gives it (issue 20).
  EXPECT_NE(text.find("[2.3 ii]"), std::string::npos) << text;
  EXPECT_EQ(text.find("[ohw "), std::string::npos) << text;
  EXPECT_NE(text.find("-> 4 hits (4/15)"), std::string::npos) << text;
  // The modifier of the entry's own clause (2.3) is named without its bracket: the citation
  // gives it.
  EXPECT_NE(text.find("; archers +2;"), std::string::npos) << text;
  EXPECT_EQ(text.find("[2.3]"), std::string::npos) << text;
  // Negative: a levy target has no armour to name.
  core::EventLog log2;
  const Table l = shot_logged("levies", log2);
  EXPECT_EQ(log2.events().back().text.find("2.3 ii"), std::string::npos);
}

// The event of a shot names its shooter and its target for a board (core/event_pieces.hpp),
// beside its unchanged sentence.
TEST(Ohw_Odds, AShotEventNamesItsShooterAndTarget) {
  core::EventLog log;
  const Table t = shot_logged("men_at_arms", log);
  ASSERT_FALSE(log.events().empty());
  const core::Event& e = log.events().back();
  EXPECT_EQ(e.kind, "shoot");
  EXPECT_EQ(e.data["attackers"], nlohmann::json::array({"u0"}));
  EXPECT_EQ(e.data["targets"], nlohmann::json::array({"u1"}));
  // Negative: no other event of the turn names an attacker.
  for (std::size_t i = 0; i + 1 < log.events().size(); ++i)
    EXPECT_FALSE(log.events()[i].data.contains("attackers")) << log.events()[i].kind;
}

TEST(Ohw_Odds, Clause_2_3_ShotOddsWithoutArmourHaveNoHalving) {
  // Negative: levies take the die + 2 whole, and no armour or rounding is cited.
  Table t({{"blue", "archers", 18, 6, 90}, {"red", "levies", 18, 14, 270}});
  play(*t.s, act::kEndPhase);
  const auto odds = t.s->action_odds(shoot(0, 1));
  ASSERT_EQ(odds["results"].size(), 6u);
  EXPECT_EQ(odds["results"][0]["result"], "3 hits, 3 of 15");
  EXPECT_EQ(odds["results"][5]["result"], "8 hits, 8 of 15");
  EXPECT_EQ(odds["results"][0]["probability"], "1/6");
  EXPECT_FALSE(cites(odds, "ohw 2.3 ii"));
  EXPECT_FALSE(cites(odds, "ohw O-22"));
  // A decision that rolls nothing has no odds.
  EXPECT_TRUE(t.s->action_odds(act::kEndPhase).is_null());
}

TEST(Ohw_Odds, Clause_2_3_i_ShotOddsNameTheCover) {
  // Men-at-arms in a town: (d6 + 2) x 1/2 x 1/2 rounded up once (O-22): 3, 4 -> 1 (0.75, 1);
  // 5 to 8 -> 2 (1.25 to 2).
  Table t({{"blue", "archers", 18, 6, 90}, {"red", "men_at_arms", 18, 14, 270}},
          {{"town", {14, 12, 22, 17}}});
  play(*t.s, act::kEndPhase);
  const auto odds = t.s->action_odds(shoot(0, 1));
  EXPECT_EQ(results(odds), (std::vector<std::string>{"1 hit, 1 of 15=1/3", "2 hits, 2 of 15=2/3"}));
  EXPECT_TRUE(cites(odds, "ohw 2.3 i"));
}

TEST(Ohw_Odds, Clause_3_2_iii_MeleeOddsDoubleOnTheFlankAndCountTheRemoval) {
  // Knights on the left flank of men-at-arms with 10 hits: (d6 + 2) x 2 x 1/2 = 3..8; from 5
  // hits on (d6 of 3 or more) the total reaches 15 and the unit goes (ohw 4).
  Table t({{"blue", "knights", 18, 21, 270}, {"red", "men_at_arms", 18, 18, 0}});
  t.s->debug_place(1, at(18, 18), 0, 10);
  t.to_melee();
  ASSERT_EQ(t.s->phase(), Phase::kMelee);
  const auto odds = t.s->action_odds(fight(0, 1));
  ASSERT_TRUE(odds.is_object());
  EXPECT_EQ(results(odds), (std::vector<std::string>{
                               "3 hits, 13 of 15=1/6", "4 hits, 14 of 15=1/6",
                               "5 hits, 15 of 15: removed=1/6", "6 hits, 16 of 15: removed=1/6",
                               "7 hits, 17 of 15: removed=1/6", "8 hits, 18 of 15: removed=1/6"}));
  double removed = 0;
  for (const auto& r : odds["results"])
    if (r["removes"].get<bool>()) removed += r["p"].get<double>();
  EXPECT_DOUBLE_EQ(removed, 4.0 / 6.0);
  EXPECT_TRUE(cites(odds, "ohw 3.2"));
  EXPECT_TRUE(cites(odds, "ohw 3.2 ii"));
  EXPECT_TRUE(cites(odds, "ohw 3.2 iii"));
  play(*t.s, fight(0, 1));
  roll(*t.s, 2);
  EXPECT_EQ(t.s->unit(1).hits, 14);
}

TEST(Ohw_Odds, Clause_3_2_MeleeOddsFrontToFrontHaveNoDoubling) {
  // Negative: knights front to front with levies: d6 + 2 hits, no flank.
  Table t({{"blue", "knights", 18, 20, 270}, {"red", "levies", 18, 18, 90}});
  t.to_melee();
  const auto odds = t.s->action_odds(fight(0, 1));
  ASSERT_EQ(odds["results"].size(), 6u);
  EXPECT_EQ(odds["results"][0]["result"], "3 hits, 3 of 15");
  EXPECT_FALSE(cites(odds, "ohw 3.2 iii"));
  EXPECT_EQ(odds["roll"], "d6+2");
}

TEST(Ohw_Odds, Clause_3_2_i_MeleeOddsNameTheHill) {
  // Red uphill: levies' d6 halved, rounded up: 1,2 -> 1; 3,4 -> 2; 5,6 -> 3.
  Table t({{"blue", "levies", 18, 20, 270}, {"red", "levies", 18, 18, 90}},
          {{"hill", {10, 10, 26, 19}}});
  t.to_melee();
  const auto odds = t.s->action_odds(fight(0, 1));
  EXPECT_EQ(results(odds), (std::vector<std::string>{"1 hit, 1 of 15=1/3", "2 hits, 2 of 15=1/3",
                                                     "3 hits, 3 of 15=1/3"}));
  EXPECT_TRUE(cites(odds, "ohw 3.2 i"));
  EXPECT_EQ(odds["roll"], "d6");
}

TEST(Ohw_Odds, Clause_1_8_ChargeOddsAreTheStrikeThatFollows) {
  // Blue knights charge the levy 10" ahead: no die now, then d6 + 2 in the Melee phase.
  Table t({{"blue", "knights", 18, 6, 90}, {"red", "levies", 15, 18, 270}});
  play(*t.s, act::kSelectBase + 0);
  ASSERT_TRUE(is_legal(*t.s, charge(1, Side::kFront)));
  const auto odds = t.s->action_odds(charge(1, Side::kFront));
  ASSERT_TRUE(odds.is_object());
  EXPECT_FALSE(odds["commits"].get<bool>());
  EXPECT_EQ(odds["results"].size(), 6u);
  EXPECT_EQ(odds["results"][0]["result"], "3 hits, 3 of 15");
  EXPECT_TRUE(odds.contains("note"));
  // Negative: holding rolls nothing and has no odds.
  EXPECT_TRUE(t.s->action_odds(act::kMoveBase + act::kHold).is_null());
}

}  // namespace
}  // namespace carroccio::ohw
