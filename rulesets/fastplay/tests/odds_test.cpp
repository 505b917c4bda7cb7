// The exact odds of a volley, a war machine's shot, a fight, a retreat and a charge
// (State::action_odds, odds.cpp), against hand counts; the forced dice then give what the odds
// counted.
#include "rulesets/fastplay/tests/test_util.hpp"

namespace carroccio::fastplay {
namespace {

using testing::at;
using testing::charge_front;

std::vector<std::string> results(const nlohmann::json& odds) {
  std::vector<std::string> out;
  for (const auto& r : odds["results"])
    out.push_back(r["result"].get<std::string>() + "=" + r["probability"].get<std::string>());
  return out;
}

using game::testing::cites;

TEST(FastplayOdds, Clause_Archery_VolleyOddsAreBinomialOverTheStands) {
  // Four archer stands at heavy infantry (a 6 fells a stand): C(4,k) 5^(4-k) / 6^4.
  auto s = testing::start({{"a", "archery", 50, 40, 90}, {"b", "heavy_infantry", 50, 70, 270}});
  const auto odds = s->action_odds(testing::shoot(0, 1));
  ASSERT_TRUE(odds.is_object());
  EXPECT_TRUE(odds["commits"].get<bool>());
  EXPECT_EQ(odds["roll"], "4 d6");
  EXPECT_EQ(results(odds),
            (std::vector<std::string>{"no stand lost=625/1296", "1 stand lost=125/324",
                                      "2 stands lost=25/216", "3 stands lost=5/324",
                                      "4 stands lost: the unit is destroyed=1/1296"}));
  // fastplay 5.3: at least one 1 among four dice, 1 - (5/6)^4.
  EXPECT_EQ(odds["checks"][0]["pass"], "671/1296");
  EXPECT_TRUE(cites(odds, "fastplay 5.2, 10.2"));
  EXPECT_TRUE(cites(odds, "fastplay 5.3"));
  EXPECT_FALSE(cites(odds, "fastplay 10.2, ruling F-13"));
  testing::play(*s, testing::shoot(0, 1));
  for (int d : {6, 5, 4, 3}) testing::roll_taking_last(*s, d);
  EXPECT_EQ(s->alive_stands(1), 3);  // the "1 stand lost" outcome
}

// Army a's four archer stands shoot at b's heavy infantry with `log` listening; the first die
// shows `die`.
std::unique_ptr<FastplayState> volley_logged(core::EventLog& log, int die) {
  auto s = testing::start({{"a", "archery", 50, 40, 90}, {"b", "heavy_infantry", 50, 70, 270}});
  s->set_event_sink(&log);
  testing::play(*s, testing::shoot(0, 1));
  testing::roll_taking_last(*s, die);
  return s;
}

TEST(FastplayOdds, Clause_Archery_TheLogSaysWhatEachDieNeededAndDid) {
  core::EventLog log;
  auto s = volley_logged(log, 5);
  ASSERT_FALSE(log.events().empty());
  const std::string miss = log.events().back().text;
  // The target's name says its troop type already: the entry does not say it twice (issue 20).
  EXPECT_NE(miss.find("heavy infantry: d6 5, needs 6+: a miss"), std::string::npos) << miss;
  EXPECT_EQ(miss.find("against heavy infantry"), std::string::npos) << miss;
  testing::roll_taking_last(*s, 6);
  bool fell = false;
  for (const auto& e : log.events())
    fell |= e.text.find("d6 6, needs 6+") != std::string::npos &&
            e.text.find("a stand falls") != std::string::npos;
  EXPECT_TRUE(fell);
}

// fastplay 5.3: the entry of a die of 1 says that arrows run low, in few words (issue 20: two
// lines at 1366 px); any other miss says nothing of arrows.
TEST(FastplayOdds, Clause_5_3_TheLogOfADieOf1SaysArrowsRunLow) {
  // The archery die's own entry (a die of 1 may be followed by the arrows' pick).
  const auto archery = [](const core::EventLog& log) {
    std::string text;
    for (const auto& e : log.events())
      if (e.kind == "archery") text = e.text;
    return text;
  };
  core::EventLog one;
  volley_logged(one, 1);
  const std::string low = archery(one);
  EXPECT_NE(low.find("d6 1, needs 6+: a miss, arrows run low (5.3)"), std::string::npos) << low;
  core::EventLog five;
  volley_logged(five, 5);
  const std::string miss = archery(five);
  EXPECT_NE(miss.find("d6 5"), std::string::npos) << miss;
  EXPECT_EQ(miss.find("arrows"), std::string::npos) << miss;
}

// Each archery die's event names the shooting unit and its target for a board
// (core/event_pieces.hpp), beside its unchanged sentence.
TEST(FastplayOdds, Clause_Archery_EachDieEventNamesShooterAndTarget) {
  core::EventLog log;
  auto s = volley_logged(log, 5);
  ASSERT_FALSE(log.events().empty());
  const core::Event& e = log.events().back();
  EXPECT_EQ(e.kind, "archery");
  EXPECT_EQ(e.data["attackers"], nlohmann::json::array({"u0"}));
  EXPECT_EQ(e.data["targets"], nlohmann::json::array({"u1"}));
  // Negative: no event before the first die names an attacker.
  for (std::size_t i = 0; i + 1 < log.events().size(); ++i)
    EXPECT_FALSE(log.events()[i].data.contains("attackers")) << log.events()[i].kind;
}

TEST(FastplayOdds, Clause_Archery_CoverAddsOneInTheOdds) {
  // Light infantry falls to 5-6, in woods only to a 6: no stand lost (5/6)^4 against (4/6)^4.
  for (bool wood : {true, false}) {
    auto s = testing::start(
        {{"a", "archery", 50, 40, 90}, {"b", "light_infantry", 50, 70, 270}},
        wood ? std::vector<testing::T>{{"woods", {40, 65, 60, 75}}} : std::vector<testing::T>{});
    const auto odds = s->action_odds(testing::shoot(0, 1));
    EXPECT_EQ(odds["results"][0]["probability"], wood ? "625/1296" : "16/81") << wood;
    EXPECT_EQ(cites(odds, "fastplay 10.2, ruling F-13"), wood);
  }
}

TEST(FastplayOdds, Clause_WarMachine_BallistaOddsByBand) {
  // A ballista at 68.5 cm: 1-3 nothing, 4-5 one stand, 6 two.
  auto s = testing::start({{"a", "ballista", 50, 10, 90}, {"b", "heavy_infantry", 50, 80, 270}});
  const auto odds = s->action_odds(testing::shoot(0, 1));
  EXPECT_EQ(results(odds), (std::vector<std::string>{"no stand lost=1/2", "1 stand lost=1/3",
                                                     "2 stands lost=1/6"}));
  EXPECT_EQ(odds["roll"], "1 d6");
  EXPECT_FALSE(odds.contains("checks"));  // a machine runs out of no arrows
  testing::play(*s, testing::shoot(0, 1));
  testing::roll_taking_last(*s, 6);
  EXPECT_EQ(s->alive_stands(1), 2);
}

TEST(FastplayOdds, Clause_Melee_FightOddsCountEveryStandsDie) {
  // Heavy infantry front to front with heavy infantry: four dice, each fells the stand opposite
  // on 5-6: C(4,k) 2^k 4^(4-k) / 6^4.
  auto s =
      testing::start({{"a", "heavy_infantry", 50, 40, 90}, {"b", "heavy_infantry", 50, 55, 270}});
  testing::pass_to(*s, Phase::kCharge);
  const auto charge = s->action_odds(charge_action(0, 1, geo::Side::kFront));
  charge_front(*s);
  ASSERT_EQ(s->phase(), Phase::kMelee);
  const auto odds = s->action_odds(testing::fight(0));
  ASSERT_TRUE(odds.is_object());
  EXPECT_TRUE(odds["commits"].get<bool>());
  EXPECT_EQ(results(odds),
            (std::vector<std::string>{"no stand struck down=16/81", "1 stand struck down=32/81",
                                      "2 stands struck down=8/27", "3 stands struck down=8/81",
                                      "4 stands struck down=1/81"}));
  EXPECT_TRUE(cites(odds, "fastplay 10.1"));
  EXPECT_FALSE(cites(odds, "fastplay 10.1, 10.3"));  // no flank
  // The charge's odds were this fight's, marked as not rolling yet.
  ASSERT_TRUE(charge.is_object());
  EXPECT_FALSE(charge["commits"].get<bool>());
  EXPECT_EQ(charge["results"], odds["results"]);
  testing::play(*s, testing::fight(0));
  for (int d : {5, 1, 1, 1}) testing::roll_taking_last(*s, d);
  int doomed = 0;
  for (const auto& st : s->unit(1).stands) doomed += st.doomed ? 1 : 0;
  EXPECT_EQ(doomed, 1);
}

TEST(FastplayOdds, Clause_Melee_FlankBonusInTheOdds) {
  // a's front on b's left flank: two stands strike at +1, heavy infantry then fells on 4-6.
  auto f =
      testing::start({{"a", "heavy_infantry", 50, 40, 90}, {"b", "heavy_infantry", 50, 90, 270}});
  f->debug_place(1, at(50, 47), 180);
  const auto odds = f->fight_odds(0);
  ASSERT_TRUE(odds.is_object());
  EXPECT_TRUE(cites(odds, "fastplay 10.1, 10.3"));
  EXPECT_EQ(odds["roll"], "2 d6");
  // Two dice at 1/2 each, at different stands or the same: no stand at all 1/4.
  EXPECT_EQ(odds["results"][0]["result"], "no stand struck down");
  EXPECT_EQ(odds["results"][0]["probability"], "1/4");
}

TEST(FastplayOdds, Clause_Retreat_OddsByTroopType) {
  auto s =
      testing::start({{"a", "heavy_infantry", 50, 40, 90}, {"b", "heavy_infantry", 50, 55, 270}});
  charge_front(*s);
  testing::pass_to(*s, Phase::kRetreat);
  const auto foot = s->action_odds(testing::retreat(0));
  EXPECT_EQ(results(foot),
            (std::vector<std::string>{"a stand is lost=1/2", "it retreats with no loss=1/2"}));
  auto c =
      testing::start({{"a", "heavy_cavalry", 50, 40, 90}, {"b", "heavy_infantry", 50, 55, 270}});
  charge_front(*c);
  testing::pass_to(*c, Phase::kRetreat);
  const auto horse = c->action_odds(testing::retreat(0));
  EXPECT_EQ(results(horse),
            (std::vector<std::string>{"a stand is lost=1/5", "it retreats with no loss=4/5"}));
  // Negative: passing rolls nothing.
  EXPECT_TRUE(c->action_odds(act::kPass).is_null());
}

}  // namespace
}  // namespace carroccio::fastplay
