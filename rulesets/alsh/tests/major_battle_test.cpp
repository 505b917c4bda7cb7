// [Optional Rules, Major Battle, par. 18.9] Steps O3 (every modifier, Tables 1-3) and O4 (the
// Combat Results Table and its reroll cells), with exact odds.
#include <gtest/gtest.h>

#include <functional>
#include <map>

#include "rulesets/alsh/tests/test_util.hpp"

namespace carroccio::alsh {
namespace {

using nlohmann::json;
using testing::applied;
using testing::resolve;
using testing::rests_on;
using testing::try_resolve;

json battle_base(json extra = json::object()) {
  json s = {{"attacker-column", 2}, {"defender-column", 2},  {"attacker-sp", 10},
            {"defender-sp", 10},    {"attacker-quality", 2}, {"defender-quality", 2}};
  for (auto it = extra.begin(); it != extra.end(); ++it) s[it.key()] = it.value();
  return s;
}

// Resolves step O3 only (the Initiative dice given, the combat die not yet).
Resolution o3(json extra, int a = 1, int d = 1) {
  return resolve("major-battle", battle_base(std::move(extra)), {a, d});
}

TEST(Alsh_MajorBattle, O3a_InitiativeFromTable1) {
  auto r = o3({}, 5, 1);  // column 2: 3 against 1
  EXPECT_EQ(applied(r, "initiative"), 2);
  EXPECT_EQ(r.modifiers.front().id, "initiative");
  EXPECT_FALSE(applied(o3({}, 3, 4), "initiative"));                      // 2 against 2
  auto neg = o3({{"attacker-column", 1}, {"defender-column", 4}}, 1, 6);  // 0 against 5
  EXPECT_EQ(applied(neg, "initiative"), -5);
}

TEST(Alsh_MajorBattle, O3a_InitiativeHeadingsAreGuessed) {
  json s = battle_base();
  s.erase("attacker-column");
  s.erase("defender-column");
  s["attacker-initiative"] = 3;
  s["defender-initiative"] = 1;
  auto r = resolve("major-battle", s, {2, 2});
  EXPECT_EQ(applied(r, "initiative"), 2);  // column 3: 2 against column 1: 0
  EXPECT_TRUE(rests_on(r, Confidence::kGuessed));
  EXPECT_FALSE(rests_on(o3({}, 2, 2), Confidence::kGuessed));
}

TEST(Alsh_MajorBattle, O3b_BonusStarsAtMostTwoPerSide) {
  EXPECT_EQ(applied(o3({{"attacker-stars", 3}, {"defender-stars", 1}}), "bonus_stars"), 1);
  EXPECT_EQ(applied(o3({{"defender-stars", 2}}), "bonus_stars"), -2);
  EXPECT_FALSE(applied(o3({{"attacker-stars", 4}, {"defender-stars", 2}}), "bonus_stars"));
}

TEST(Alsh_MajorBattle, O3c_CombatRatioTable2) {
  EXPECT_EQ(applied(o3({{"attacker-sp", 15}}), "combat_ratio"), 1);
  EXPECT_EQ(applied(o3({{"attacker-sp", 29}}), "combat_ratio"), 2);
  EXPECT_EQ(applied(o3({{"attacker-sp", 40}}), "combat_ratio"), 3);
  EXPECT_EQ(applied(o3({{"defender-sp", 20}}), "combat_ratio"), -2);
  EXPECT_FALSE(applied(o3({{"attacker-sp", 14}}), "combat_ratio"));
}

TEST(Alsh_MajorBattle, O3d_CavalrySuperiorityTable3) {
  json cav = {{"attacker-cavalry-sp", 8}, {"defender-cavalry-sp", 2}};
  json gend = cav;
  gend["attacker-gendarmes"] = true;
  EXPECT_EQ(applied(o3(gend), "cavalry"), 2);  // 6 on the Gendarmes line
  EXPECT_EQ(applied(o3(cav), "cavalry"), 1);   // 6 on the Other Cavalry line
  json hill = cav;
  hill["hex"] = "hill";
  EXPECT_FALSE(applied(o3(hill), "cavalry"));  // 6 on the Not Clear line
  EXPECT_EQ(
      applied(o3({{"attacker-sp", 40}, {"attacker-cavalry-sp", 30}, {"hex", "heath"}}), "cavalry"),
      2);
  EXPECT_EQ(applied(o3({{"defender-cavalry-sp", 5}}), "cavalry"), -1);
  EXPECT_TRUE(rests_on(o3(gend), Confidence::kReconstructed));  // band alignment
}

TEST(Alsh_MajorBattle, O3e_ArtillerySuperiority) {
  EXPECT_EQ(applied(o3({{"attacker-artillery-sp", 3}, {"defender-artillery-sp", 2}}), "artillery"),
            1);
  EXPECT_EQ(applied(o3({{"defender-artillery-sp", 1}}), "artillery"), -1);
  EXPECT_FALSE(
      applied(o3({{"attacker-artillery-sp", 4}, {"defender-artillery-sp", 3}}), "artillery"));
  EXPECT_FALSE(applied(o3({{"attacker-artillery-sp", 3}, {"weather", "rain"}}), "artillery"));
}

TEST(Alsh_MajorBattle, O3f_FirearmsSuperiority) {
  EXPECT_EQ(applied(o3({{"attacker-firearms-sp", 6}, {"defender-firearms-sp", 4}}), "firearms"), 1);
  EXPECT_EQ(applied(o3({{"defender-firearms-sp", 2}}), "firearms"), -1);
  EXPECT_FALSE(applied(o3({{"attacker-firearms-sp", 5}, {"defender-firearms-sp", 4}}), "firearms"));
  EXPECT_FALSE(applied(o3({{"attacker-firearms-sp", 6}, {"weather", "rain"}}), "firearms"));
}

TEST(Alsh_MajorBattle, O3g_EliteUnits) {
  EXPECT_EQ(applied(o3({{"attacker-elite", 2}, {"defender-elite", 1}}), "elite"), 1);
  EXPECT_FALSE(applied(o3({{"attacker-elite", 1}, {"defender-elite", 1}}), "elite"));
}

TEST(Alsh_MajorBattle, O3h_LowQuality) {
  EXPECT_EQ(applied(o3({{"attacker-quality", 1}}), "low_quality"), -2);
  EXPECT_EQ(applied(o3({{"defender-quality", 0}}), "low_quality"), 2);
  EXPECT_EQ(applied(o3({{"attacker-quality", 1}, {"defender-quality", 1}}), "low_quality"), 0);
  EXPECT_FALSE(applied(o3({}), "low_quality"));
}

TEST(Alsh_MajorBattle, O3i_TerrainAffecting) {
  EXPECT_EQ(applied(o3({{"hex", "hill"}}), "terrain"), -1);
  EXPECT_EQ(applied(o3({{"hexside", "secondary-river"}}), "terrain"), -1);
  EXPECT_FALSE(applied(o3({{"hex", "heath"}}), "terrain"));
}

TEST(Alsh_MajorBattle, Terrain_WhereNoMajorBattle) {
  EXPECT_FALSE(try_resolve("major-battle", battle_base({{"hex", "wood"}}), {}).ok());
  EXPECT_FALSE(try_resolve("major-battle", battle_base({{"hex", "mountain"}}), {}).ok());
  EXPECT_FALSE(try_resolve("major-battle", battle_base({{"hexside", "ferry"}}), {}).ok());
  EXPECT_FALSE(try_resolve("major-battle", battle_base({{"hexside", "primary-river"}}), {}).ok());
  EXPECT_FALSE(try_resolve("major-battle", battle_base({{"attacker-initiative", 2}}), {}).ok());
  EXPECT_FALSE(try_resolve("major-battle", battle_base({{"attacker-cavalry-sp", 11}}), {}).ok());
}

TEST(Alsh_MajorBattle, O4_CombatRollOnTheCrt) {
  // No modifier: 3 against 3 on Table 1 column 2 (dice 3, 4); combat roll 5: +5.
  auto r = resolve("major-battle", battle_base(), {3, 4, 5});
  EXPECT_EQ(r.detail["cell"], "15/20");
  EXPECT_EQ(r.detail["loser"], "defender");
  EXPECT_EQ(r.detail["attacker_sp_loss"], 2);  // 1.5 rounds up
  EXPECT_EQ(r.detail["defender_sp_loss"], 2);
  EXPECT_TRUE(rests_on(r, Confidence::kGuessed));  // the rounding ruling
}

TEST(Alsh_MajorBattleCrt, RerollCell_RollsAgainWithItsNumberOnly) {
  // -5 + 1 = -4: R+3. Reroll 4 + 3 = 7: R-1. Reroll 1 - 1 = 0: R+1. Reroll 1 + 1 = 2: 20/20.
  auto r = resolve("mb-crt", {{"drm", -5}}, {1, 4, 1, 1});
  EXPECT_FALSE(r.pending.has_value());
  EXPECT_EQ(r.rolls.size(), 4u);
  EXPECT_EQ(r.detail["cell"], "20/20");
  EXPECT_EQ(r.rolls[1].purpose, "reroll with +3 as the only modifier");
  // One die short: the resolver asks for it.
  auto p = resolve("mb-crt", {{"drm", -5}}, {1, 4});
  ASSERT_TRUE(p.pending.has_value());
  EXPECT_EQ(p.pending->purpose, "reroll with -1 as the only modifier");
}

TEST(Alsh_MajorBattleCrt, Results_WinnerNeverLosesMoreThanLoser) {
  auto r = resolve("mb-crt", {{"drm", 0}, {"attacker-sp", 10}, {"defender-sp", 30}}, {2});
  EXPECT_EQ(r.detail["cell"], "20/20");
  EXPECT_EQ(r.detail["loser"], "attacker");
  EXPECT_EQ(r.detail["attacker_sp_loss"], 2);
  EXPECT_EQ(r.detail["defender_sp_loss"], 2);  // 6 capped at the loser's 2
}

TEST(Alsh_MajorBattleCrt, Results_LoserMarkIsReconstructedOrGuessed) {
  auto unequal = resolve("mb-crt", {{"drm", 0}}, {1});  // +1: 25/20
  EXPECT_EQ(unequal.confidence(), Confidence::kReconstructed);
  auto equal = resolve("mb-crt", {{"drm", 0}}, {3});  // +3: 15/15
  EXPECT_EQ(equal.confidence(), Confidence::kGuessed);
}

TEST(Alsh_MajorBattleCrt, Rows_BeyondTheTableAreOurRuling) {
  auto low = resolve("mb-crt", {{"drm", -12}}, {1});
  EXPECT_EQ(low.detail["cell"], "50/5");
  EXPECT_TRUE(rests_on(low, Confidence::kGuessed));
  auto high = resolve("mb-crt", {{"drm", 12}}, {6});
  EXPECT_EQ(high.detail["cell"], "5/50");
  EXPECT_TRUE(rests_on(high, Confidence::kGuessed));
}

// Enumerates reroll chains up to `depth` dice: a lower bound of each outcome's probability.
std::map<std::string, double> truncated(int drm, int depth) {
  std::map<std::string, double> out;
  std::function<void(std::vector<int>, double)> walk = [&](std::vector<int> dice, double p) {
    auto r = try_resolve("mb-crt", {{"drm", drm}}, dice);
    ASSERT_TRUE(r.ok());
    if (!r->pending) {
      out[r->outcome] += p;
      return;
    }
    if (static_cast<int>(dice.size()) >= depth) return;
    for (int d = 1; d <= 6; ++d) {
      auto next = dice;
      next.push_back(d);
      walk(next, p / 6);
    }
  };
  walk({}, 1.0);
  return out;
}

TEST(Alsh_MajorBattleCrt, Odds_ExactThroughRerollLoops) {
  for (int drm : {-5, 0, 6, 9}) {
    auto o = testing::odds("mb-crt", {{"drm", drm}});
    EXPECT_EQ(testing::total(o), core::Fraction(1)) << drm;
    const auto lower = truncated(drm, 7);
    for (const auto& line : o.lines) {
      const double exact = line.probability.to_double();
      const double low = lower.count(line.outcome) ? lower.at(line.outcome) : 0.0;
      EXPECT_LE(low, exact + 1e-12) << drm << " " << line.outcome;
      EXPECT_LE(exact - low, 1.0 / 7776 + 1e-12) << drm << " " << line.outcome;  // 6^-5 left
    }
  }
}

TEST(Alsh_MajorBattle, Odds_ExactAndComplete) {
  auto o = testing::odds("major-battle", battle_base({{"attacker-sp", 20}}));
  EXPECT_EQ(testing::total(o), core::Fraction(1));
  EXPECT_GT(o.lines.size(), 3u);
}

TEST(Alsh_MajorBattleTable1, StandaloneLookup) {
  auto r = resolve("mb-initiative", {{"column", 4}}, {6});
  EXPECT_EQ(r.detail["result"], 5);
  EXPECT_EQ(r.confidence(), Confidence::kLegible);
  auto g = resolve("mb-initiative", {{"initiative", 1}}, {6});
  EXPECT_EQ(g.detail["result"], 2);
  EXPECT_EQ(g.confidence(), Confidence::kGuessed);
  EXPECT_FALSE(try_resolve("mb-initiative", json::object(), {6}).ok());
}

TEST(Alsh_MajorBattleTable2, StandaloneLookup) {
  EXPECT_EQ(resolve("mb-ratio", {{"attacker-sp", 30}, {"defender-sp", 10}}).detail["drm"], 3);
  EXPECT_EQ(resolve("mb-ratio", {{"attacker-sp", 10}, {"defender-sp", 15}}).detail["drm"], -1);
  EXPECT_EQ(resolve("mb-ratio", {{"attacker-sp", 10}, {"defender-sp", 14}}).detail["drm"], 0);
  EXPECT_EQ(resolve("mb-ratio", {{"attacker-sp", 3}, {"defender-sp", 0}}).detail["drm"], 3);
}

TEST(Alsh_MajorBattleTable3, StandaloneLookup) {
  EXPECT_EQ(resolve("mb-cavalry", {{"attacker-cavalry-sp", 21}, {"attacker-gendarmes", true}})
                .detail["drm"],
            4);
  EXPECT_EQ(resolve("mb-cavalry", {{"attacker-cavalry-sp", 21}}).detail["drm"], 3);
  EXPECT_EQ(resolve("mb-cavalry", {{"defender-cavalry-sp", 21}, {"hex", "hill"}}).detail["drm"],
            -2);
  EXPECT_EQ(resolve("mb-cavalry", {{"attacker-cavalry-sp", 4}}).detail["drm"], 0);
}

}  // namespace
}  // namespace carroccio::alsh
