// One round of close combat (CC-1 .. CC-19): every factor with its clause, grading, the loser's
// fate for forced dice, and the exact odds against a brute-force enumeration.
#include "rulesets/gwkho/resolve_combat.hpp"

#include <gtest/gtest.h>

#include <string>

#include "rulesets/gwkho/tests/test_util.hpp"

namespace carroccio::gwkho {
namespace {

using testing::kInch;
using testing::T;
const Result kNone = Result::kNoEffect, kPush = Result::kPushBack, kFlee = Result::kFlee,
             kDead = Result::kDestroyed, kCrew = Result::kCrewFlee;

CombatSituation vs(const char* a, const char* b) {
  CombatSituation s;
  s.a.troop = T(a);
  s.b.troop = T(b);
  return s;
}

// The sum of the factors of a clause.
int clause_sum(const SideFactors& f, std::string_view clause) {
  int n = 0;
  for (const auto& x : f.factors)
    if (x.clause == clause) n += x.value;
  return n;
}

// The value of the factor whose text contains `text`; 0 when there is none.
int factor(const SideFactors& f, std::string_view text) {
  int n = 0;
  for (const auto& x : f.factors)
    if (x.text.find(text) != std::string_view::npos) n += x.value;
  return n;
}

int graded(const std::vector<Factor>& fs, std::string_view text) {
  int n = 0;
  for (const auto& x : fs)
    if (x.text.find(text) != std::string_view::npos) n += x.value;
  return n;
}

// ---- CC-1 The die ----

TEST(Gwkho_Combat, Clause_CC_1_TheDieOfEachSide) {
  EXPECT_EQ(own_combat_die(vs("HI(s)", "HI(o)"), false), 8);
  EXPECT_EQ(own_combat_die(vs("HI(s)", "HI(o)"), true), 6);
  // A composite rank's grade counts (CC-7): Bw(o) with LI(o) behind fight as Bw(s), on a d8.
  CombatSituation s = vs("Bw(o)", "HI(o)");
  s.a.ranks = {T("LI(o)")};
  EXPECT_EQ(own_combat_die(s, false), 8);
  s.a.going = Going::kRough;  // not in rough going
  EXPECT_EQ(own_combat_die(s, false), 6);
  // Swiss pike before 1525; Swiss and Landsknechts against one another; berserkers.
  s = vs("Pk(o)", "HI(f)");
  s.a.peoples.add(People::kSwiss);
  s.year = 1500;
  EXPECT_EQ(own_combat_die(s, false), 8);
  s.year = 1530;
  EXPECT_EQ(own_combat_die(s, false), 6);
  s.b.peoples.add(People::kLandsknecht);
  EXPECT_EQ(own_combat_die(s, false), 8);
  EXPECT_EQ(own_combat_die(s, true), 8);
  s = vs("LI(o)", "HI(o)");
  s.a.status = Status::kBerserker;
  EXPECT_EQ(own_combat_die(s, false), 8);
  // One step bought with PIPs.
  EXPECT_EQ(bought_combat_die(vs("HI(o)", "HI(o)"), false), 8);
  EXPECT_EQ(bought_combat_die(vs("HI(s)", "HI(o)"), false), 10);
  EXPECT_EQ(bought_combat_die(s, false), 10);  // the berserker's d8
  EXPECT_FALSE(bought_combat_die(vs("Hc(s)", "HI(o)"), false).has_value());
  // The situation's die is used when set.
  s = vs("HI(o)", "HI(o)");
  s.a.die = 8;
  EXPECT_EQ(combat_factors(s).a.die, 8);
  EXPECT_EQ(combat_factors(s).b.die, 6);
  EXPECT_THROW(resolve_combat(s, 9, 1), std::invalid_argument);
}

// ---- CC-2 The basic factor in a combat ----

TEST(Gwkho_Combat, Clause_CC_2_TheBasicFactorOfEachSide) {
  CombatSituation s = vs("Hc(o)", "HI(o)");
  const CombatFactors f = combat_factors(s);
  ASSERT_FALSE(f.a.factors.empty());
  EXPECT_EQ(f.a.factors[0], (Factor{"CC-2", "basic factor against foot", 3}));
  EXPECT_EQ(f.b.factors[0], (Factor{"CC-2", "basic factor against mounted", 4}));
  EXPECT_EQ(f.a.total, 3);
  EXPECT_EQ(f.b.total, 4);
  // HI against shooters just contacted: 5; later 4.
  s = vs("HI(o)", "Bw(o)");
  s.just_contacted = true;
  EXPECT_EQ(clause_sum(combat_factors(s).a, "CC-2"), 5);
  s.just_contacted = false;
  EXPECT_EQ(clause_sum(combat_factors(s).a, "CC-2"), 4);
}

// ---- CC-5 Ranks of pike and phalanx ----

TEST(Gwkho_Combat, Clause_CC_5_PikeAndPhalanxRanks) {
  const Troop pk = T("Pk(o)");
  CombatSituation s = vs("Pk(o)", "HI(o)");
  s.a.ranks = {pk, pk, pk};
  CombatFactors f = combat_factors(s);
  EXPECT_EQ(factor(f.a, "second rank"), 2);
  EXPECT_EQ(factor(f.a, "third rank"), 1);
  EXPECT_EQ(factor(f.a, "fourth rank"), 1);
  EXPECT_EQ(f.a.total, 3 + 2 + 1 + 1);
  // Against pike: the third and fourth ranks take 1 each off the enemy instead.
  s.b.troop = pk;
  f = combat_factors(s);
  EXPECT_EQ(f.a.total, 3 + 2);
  EXPECT_EQ(clause_sum(f.b, "CC-5"), -2);
  EXPECT_EQ(f.b.total, 3 - 2);
  // Against LI: no fourth rank.
  s.b.troop = T("LI(o)");
  EXPECT_EQ(combat_factors(s).a.total, 3 + 2 + 1);
  // Pk(f) never use a fourth rank.
  s = vs("Pk(f)", "HI(o)");
  s.a.ranks = {T("Pk(f)"), T("Pk(f)"), T("Pk(f)")};
  EXPECT_EQ(combat_factors(s).a.total, 3 + 2 + 1);
  // Ranks of another grade do not count.
  s = vs("Pk(o)", "HI(o)");
  s.a.ranks = {T("Pk(i)"), pk};
  EXPECT_EQ(clause_sum(combat_factors(s).a, "CC-5"), 0);
  // Bowmen behind Ph(i): +1, +2 in the round of contact; never a third rank after them.
  s = vs("Ph(i)", "HI(o)");
  s.a.ranks = {T("Bw(o)"), T("Ph(i)")};
  EXPECT_EQ(clause_sum(combat_factors(s).a, "CC-5"), 1);
  s.just_contacted = true;
  EXPECT_EQ(clause_sum(combat_factors(s).a, "CC-5"), 2);
  s.a.troop = T("Ph(o)");  // only Ph(i)
  EXPECT_EQ(clause_sum(combat_factors(s).a, "CC-5"), 0);
  // Over a fortification only the second rank.
  s = vs("Pk(o)", "HI(o)");
  s.a.ranks = {pk, pk, pk};
  s.b.behind_fortification = true;
  EXPECT_EQ(clause_sum(combat_factors(s).a, "CC-5"), 2);
  // Only in good going.
  s = vs("Pk(o)", "HI(o)");
  s.a.ranks = {pk, pk};
  s.a.going = Going::kRough;
  EXPECT_EQ(clause_sum(combat_factors(s).a, "CC-5"), 0);
  s.a.going = Going::kRoad;
  EXPECT_EQ(clause_sum(combat_factors(s).a, "CC-5"), 3);
  // Against a breakthrough a phalanx keeps its ranks.
  s.b.breakthrough = true;
  EXPECT_EQ(clause_sum(combat_factors(s).a, "CC-5"), 3);
  // Not against LI or HI once it failed to push them back; still against others.
  s = vs("Pk(o)", "HI(o)");
  s.a.ranks = {pk, pk};
  s.a.failed_to_push_back = true;
  EXPECT_EQ(clause_sum(combat_factors(s).a, "CC-5"), 0);
  s.b.troop = T("Hc(o)");
  EXPECT_EQ(clause_sum(combat_factors(s).a, "CC-5"), 3);
}

// ---- CC-6 Second ranks of heavy and light infantry against mounted ----

TEST(Gwkho_Combat, Clause_CC_6_HeavyAndLightInfantrySecondRanks) {
  CombatSituation s = vs("HI(o)", "Hc(o)");
  s.a.ranks = {T("HI(i)")};
  EXPECT_EQ(clause_sum(combat_factors(s).a, "CC-6"), 1);
  s.b.troop = T("HI(o)");  // only against mounted
  EXPECT_EQ(clause_sum(combat_factors(s).a, "CC-6"), 0);
  s = vs("LI(o)", "Cv(o)");
  s.a.ranks = {T("LI(o)")};
  EXPECT_EQ(clause_sum(combat_factors(s).a, "CC-6"), 1);
  s.a.contacted_on_flank_or_rear = true;  // only met in front
  EXPECT_EQ(clause_sum(combat_factors(s).a, "CC-6"), 0);
  s.a.contacted_on_flank_or_rear = false;
  s.a.ranks = {T("LI(i)")};  // the same grade
  EXPECT_EQ(clause_sum(combat_factors(s).a, "CC-6"), 0);
  s = vs("LI(x)", "Cv(o)");  // not LI(x)
  s.a.ranks = {T("LI(x)")};
  EXPECT_EQ(clause_sum(combat_factors(s).a, "CC-6"), 0);
  // A breakthrough takes them away.
  s = vs("HI(o)", "Hc(o)");
  s.a.ranks = {T("HI(o)")};
  s.b.breakthrough = true;
  EXPECT_EQ(clause_sum(combat_factors(s).a, "CC-6"), 0);
}

// ---- CC-7 Composite ranks ----

TEST(Gwkho_Combat, Clause_CC_7_CompositeRanksFightAsAnotherGrade) {
  auto as = [](const char* front, std::vector<Troop> ranks, Going g = Going::kOpen) {
    CombatSituation s = vs(front, "HI(o)");
    s.a.ranks = std::move(ranks);
    s.a.going = g;
    return troop_text(combat_factors(s).a.fights_as);
  };
  EXPECT_EQ(as("Sh(o)", {T("Pk(o)")}), "Sh(s)");
  EXPECT_EQ(as("Sh(i)", {T("Pk(i)")}), "Sh(s)");
  EXPECT_EQ(as("Sh(o)", {T("Sh(o)")}), "Sh(o)");
  EXPECT_EQ(as("Bw(o)", {T("LI(o)")}), "Bw(s)");
  EXPECT_EQ(as("Bw(o)", {T("Ph(i)")}), "Bw(s)");
  EXPECT_EQ(as("Bw(i)", {T("LI(o)")}), "Bw(i)");
  EXPECT_EQ(as("Lb(f)", {T("HI(s)")}), "Lb(o)");
  EXPECT_EQ(as("Lb(f)", {T("HI(i)")}), "Lb(f)");
  EXPECT_EQ(as("HI(f)", {T("Pk(o)"), T("Pk(o)")}), "HI(s)");
  EXPECT_EQ(as("HI(f)", {T("Pk(o)")}), "HI(f)");
  EXPECT_EQ(as("Sh(o)", {T("Pk(o)")}, Going::kBad), "Sh(o)");
  CombatSituation s = vs("Sh(o)", "HI(o)");
  s.a.ranks = {T("Pk(o)")};
  EXPECT_FALSE(combat_factors(s).a.fights_as_why.empty());
  // The grade counts in grading: beating Sh(s) costs the winner 1 (CC-12).
  const CombatOutcome o = resolve_combat(s, 1, 2);
  EXPECT_EQ(graded(o.grading_b, "beating (s)"), -1);
}

// ---- CC-8 Charge factors ----

TEST(Gwkho_Combat, Clause_CC_8_HeavyCavalryReceivingAChargeStanding) {
  CombatSituation s = vs("Hc(o)", "Hc(o)");
  s.just_contacted = true;
  s.b.made_contact = true;
  EXPECT_EQ(clause_sum(combat_factors(s).a, "CC-8"), -1);
  EXPECT_EQ(clause_sum(combat_factors(s).b, "CC-8"), 0);
  // It moved over half its move (5 inches) last bound: no.
  s.a.moved = 3 * kInch;
  EXPECT_EQ(clause_sum(combat_factors(s).a, "CC-8"), 0);
  s.a.moved = 5 * kInch / 2;  // exactly half is not over half
  EXPECT_EQ(clause_sum(combat_factors(s).a, "CC-8"), -1);
  // Hit in a flank or the rear, its move does not help.
  s.a.moved = 5 * kInch;
  s.a.contacted_on_flank_or_rear = true;
  EXPECT_EQ(clause_sum(combat_factors(s).a, "CC-8"), -1);
  // In close combat last bound: no.
  s.a.fought_last_bound = true;
  EXPECT_EQ(clause_sum(combat_factors(s).a, "CC-8"), 0);
  // Only against Hc, Re, Cv(s)(o)(x).
  s = vs("Hc(o)", "Cv(f)");
  s.just_contacted = true;
  s.b.made_contact = true;
  EXPECT_EQ(clause_sum(combat_factors(s).a, "CC-8"), 0);
  s.b.troop = T("Cv(x)");
  EXPECT_EQ(clause_sum(combat_factors(s).a, "CC-8"), -1);
  // Not shaken, not in bad going, not after the round of contact.
  s.a.morale = Morale::kShaken;
  EXPECT_EQ(clause_sum(combat_factors(s).a, "CC-8"), 0);
  s.a.morale = Morale::kSteady;
  s.a.going = Going::kRough;
  EXPECT_EQ(clause_sum(combat_factors(s).a, "CC-8"), 0);
  s.a.going = Going::kOpen;
  s.just_contacted = false;
  EXPECT_EQ(clause_sum(combat_factors(s).a, "CC-8"), 0);
}

TEST(Gwkho_Combat, Clause_CC_8_ReitersChargingReitersWhoStood) {
  CombatSituation s = vs("Re(o)", "Re(o)");
  s.just_contacted = true;
  s.a.made_contact = true;
  s.b.moved = 3 * kInch;  // not over 3 inches
  EXPECT_EQ(clause_sum(combat_factors(s).a, "CC-8"), 1);
  EXPECT_EQ(clause_sum(combat_factors(s).b, "CC-8"), 0);
  s.b.moved = 3 * kInch + 1;
  EXPECT_EQ(clause_sum(combat_factors(s).a, "CC-8"), 0);
  s.b.contacted_on_flank_or_rear = true;
  EXPECT_EQ(clause_sum(combat_factors(s).a, "CC-8"), 1);
  s.b.fought_last_bound = true;
  EXPECT_EQ(clause_sum(combat_factors(s).a, "CC-8"), 0);
  s = vs("Re(o)", "Hc(o)");  // only against reiters
  s.just_contacted = true;
  s.a.made_contact = true;
  EXPECT_EQ(clause_sum(combat_factors(s).a, "CC-8"), 0);
}

TEST(Gwkho_Combat, Clause_CC_8_MountedMeetingFootOnTheMove) {
  CombatSituation s = vs("Cv(o)", "HI(o)");
  s.just_contacted = true;
  s.a.made_contact = true;
  EXPECT_EQ(clause_sum(combat_factors(s).a, "CC-8"), 0);  // the foot stood
  s.b.moved = kInch;
  EXPECT_EQ(clause_sum(combat_factors(s).a, "CC-8"), 1);
  // Foot charging them.
  s = vs("Hc(o)", "HI(o)");
  s.just_contacted = true;
  s.b.made_contact = true;
  EXPECT_EQ(clause_sum(combat_factors(s).a, "CC-8"), 1);
  s.follow_up_contact = true;  // not by a follow-up
  EXPECT_EQ(clause_sum(combat_factors(s).a, "CC-8"), 0);
  s.follow_up_contact = false;
  s.a.breakthrough = true;  // not in a breakthrough
  EXPECT_EQ(clause_sum(combat_factors(s).a, "CC-8"), 0);
  s.a.breakthrough = false;
  s.a.morale = Morale::kBroken;
  EXPECT_EQ(clause_sum(combat_factors(s).a, "CC-8"), 0);
  s = vs("Lc(o)", "HI(o)");  // Hc, Cv and Re only
  s.just_contacted = true;
  s.b.made_contact = true;
  EXPECT_EQ(clause_sum(combat_factors(s).a, "CC-8"), 0);
}

// ---- CC-9 The other factors ----

TEST(Gwkho_Combat, Clause_CC_9_TheOtherFactorsCellByCell) {
  CombatSituation s = vs("LI(o)", "Cv(o)");
  s.a.going = Going::kRough;
  EXPECT_EQ(factor(combat_factors(s).a, "light infantry against mounted"), 1);
  s.a.going = Going::kBad;
  EXPECT_EQ(factor(combat_factors(s).a, "light infantry against mounted"), 1);
  s.a.going = Going::kOpen;
  EXPECT_EQ(factor(combat_factors(s).a, "light infantry against mounted"), 0);
  s = vs("LI(o)", "HI(o)");
  s.a.going = Going::kRough;
  EXPECT_EQ(factor(combat_factors(s).a, "light infantry against mounted"), 0);

  s = vs("HI(o)", "HI(o)");
  s.a.general = true;
  EXPECT_EQ(factor(combat_factors(s).a, "general"), 1);
  EXPECT_EQ(factor(combat_factors(s).b, "general"), 0);
  s.a.behind_fortification = true;
  EXPECT_EQ(factor(combat_factors(s).a, "fortification"), 1);
  s = vs("Hc(o)", "HI(o)");
  s.a.behind_fortification = true;  // foot only
  EXPECT_EQ(factor(combat_factors(s).a, "fortification"), 0);

  s = vs("HI(o)", "HI(o)");
  s.a.morale = Morale::kShaken;
  s.b.morale = Morale::kBroken;
  EXPECT_EQ(factor(combat_factors(s).a, "shaken"), -1);
  EXPECT_EQ(factor(combat_factors(s).b, "broken"), -2);
  s.a.flank_enemies = 2;
  s.a.rear_enemies = 1;
  EXPECT_EQ(factor(combat_factors(s).a, "an enemy front"), -3);
  EXPECT_EQ(combat_factors(s).a.total, 4 - 1 - 3);

  s = vs("Pk(s)", "Pk(o)");
  EXPECT_EQ(factor(combat_factors(s).a, "Pk(s) against pike"), -1);
  EXPECT_EQ(factor(combat_factors(s).b, "Pk(s) against pike"), -1);
  s = vs("Pk(s)", "Pk(s)");  // once for the pair
  EXPECT_EQ(factor(combat_factors(s).a, "Pk(s) against pike"), -1);
  s = vs("Pk(s)", "HI(o)");
  EXPECT_EQ(factor(combat_factors(s).a, "Pk(s) against pike"), 0);

  s = vs("L.Art(o)", "HI(o)");
  s.just_contacted = true;
  EXPECT_EQ(factor(combat_factors(s).a, "artillery hit"), 0);
  s.a.contacted_on_flank_or_rear = true;
  EXPECT_EQ(factor(combat_factors(s).a, "artillery hit"), -2);
  s.a.contacted_on_flank_or_rear = false;
  s.just_contacted = false;  // already in contact
  EXPECT_EQ(factor(combat_factors(s).a, "artillery hit"), -2);
}

// ---- CC-10 Breakthrough ----

TEST(Gwkho_Combat, Clause_CC_10_BreakthroughBonusesAllAddWithNoLimit) {
  CombatSituation s = vs("Hc(o)", "Lb(o)");
  s.a.breakthrough = true;
  // +1 breakthrough, +1 mounted vs foot, +1 mounted, +1 Hc, +1 vs Lb: 5, all of them (the text
  // sets no limit on the sum).
  EXPECT_EQ(clause_sum(combat_factors(s).a, "CC-10"), 5);
  EXPECT_EQ(factor(combat_factors(s).a, "against Lb, Bw, Xb or Sh"), 1);
  EXPECT_EQ(factor(combat_factors(s).a, "capped"), 0);
  s.b.troop = T("Cv(o)");  // +1 +1 mounted +1 Hc
  EXPECT_EQ(clause_sum(combat_factors(s).a, "CC-10"), 3);
  s.b.troop = T("HI(o)");  // +1 +1 mounted vs foot +1 mounted +1 Hc
  EXPECT_EQ(clause_sum(combat_factors(s).a, "CC-10"), 4);
  s.b.troop = T("Sh(o)");  // the shooters' +1 again
  EXPECT_EQ(clause_sum(combat_factors(s).a, "CC-10"), 5);
  s.a.going = Going::kRough;  // +1 +1 rough; the good-going bonuses go
  EXPECT_EQ(clause_sum(combat_factors(s).a, "CC-10"), 2);
  s = vs("LI(f)", "HI(o)");
  s.a.breakthrough = true;
  s.a.going = Going::kBad;  // +1 +2 bad +1 LI(f) against foot
  EXPECT_EQ(clause_sum(combat_factors(s).a, "CC-10"), 4);
  s.a.going = Going::kOpen;
  EXPECT_EQ(clause_sum(combat_factors(s).a, "CC-10"), 2);
  s.b.troop = T("Xb(o)");  // and +1 against shooters in good going
  EXPECT_EQ(clause_sum(combat_factors(s).a, "CC-10"), 3);
  s.a.breakthrough = false;
  EXPECT_EQ(clause_sum(combat_factors(s).a, "CC-10"), 0);
  // The round decided by the fifth bonus: Hc(o) breaking through onto Lb(o), both rolling 1:
  // 3 + 5 + 1 = 9 against 5 + 1 = 6; with a cap of 4 it would be 8 against 6.
  s = vs("Hc(o)", "Lb(o)");
  s.a.breakthrough = true;
  const CombatOutcome o = resolve_combat(s, 1, 1);
  EXPECT_EQ(o.total_a, 9);
  EXPECT_EQ(o.total_b, 6);
}

// ---- CC-11 Kills on a total ----

TEST(Gwkho_Combat, Clause_CC_11_KillsOnATotalBeforeGrading) {
  // HI(s) (4 against mounted) beating Cv(o): pushed back unless the HI total reaches 10.
  CombatSituation s = vs("HI(s)", "Cv(o)");
  s.a.die = 8;
  CombatOutcome o = resolve_combat(s, 5, 3);  // 9 against 6
  EXPECT_EQ(o.b, kPush);
  EXPECT_FALSE(o.kill_line);
  o = resolve_combat(s, 6, 6);  // 10 against 9
  EXPECT_EQ(o.b, kDead);
  EXPECT_TRUE(o.kill_line);
  // It counts as doubling: a loser whose doubled fate is not death keeps it.
  s.b.troop = T("Re(o)");
  EXPECT_EQ(resolve_combat(s, 6, 5).b, kPush);  // 10 against 9: reiters are pushed back
  s.b.troop = T("Lc(o)");
  EXPECT_EQ(resolve_combat(s, 6, 6).b, kFlee);  // 10 against 8: doubled by HI, Lc flee
  // Pike on 12: Pk(o) with two ranks (3 + 2 + 1) and a 6 against HI(o) rolling 5.
  s = vs("Pk(o)", "HI(o)");
  s.a.ranks = {T("Pk(o)"), T("Pk(o)")};
  EXPECT_EQ(resolve_combat(s, 6, 5).b, kDead);  // 12 against 9
  EXPECT_EQ(resolve_combat(s, 5, 4).b, kPush);  // 11 against 8
  // Bw(s) on 9: 2 against foot + 7 on a d8.
  s = vs("Bw(s)", "HI(o)");
  EXPECT_EQ(resolve_combat(s, 7, 4).b, kDead);  // 9 against 8
  EXPECT_EQ(resolve_combat(s, 6, 3).b, kPush);  // 8 against 7
  // Not for other troops: Hc(o) with 10 against Cv(o): margin 2, Cv pushed back.
  s = vs("Hc(o)", "Cv(o)");
  s.a.die = 8;
  s.a.general = true;
  EXPECT_EQ(resolve_combat(s, 4, 6).b, kPush);
  // Artillery keep their own fate: the crew flee.
  s = vs("HI(s)", "L.Art(o)");
  s.a.die = 10;
  EXPECT_EQ(resolve_combat(s, 9, 1).b, kCrew);
  // The total before grading: against Cv(s) grading takes 1 off the HI, but the line reads 10.
  s = vs("HI(o)", "Cv(s)");
  s.a.die = 8;
  o = resolve_combat(s, 6, 2);  // 10 against 5, graded 9 against 5
  EXPECT_EQ(o.graded_a, 9);
  EXPECT_EQ(o.b, kDead);
}

// ---- CC-12 Grading ----

TEST(Gwkho_Combat, Clause_CC_12_GradingCellByCell) {
  // Beating (s): -1 to the winner, not against the same type.
  CombatSituation s = vs("HI(o)", "Cv(s)");
  CombatOutcome o = resolve_combat(s, 2, 2);  // 6 against 5
  EXPECT_EQ(graded(o.grading_a, "beating (s)"), -1);
  EXPECT_EQ(o.winner, Winner::kNone);  // graded 5 against 5
  EXPECT_EQ(o.a, kNone);
  EXPECT_EQ(o.b, kNone);
  s = vs("HI(o)", "HI(s)");
  s.b.die = 6;
  o = resolve_combat(s, 3, 2);
  EXPECT_EQ(graded(o.grading_a, "beating (s)"), 0);
  // Artillery beating (s) grade only against Pk(s); (s) artillery winning +1.
  s = vs("L.Art(o)", "HI(s)");
  s.b.die = 6;
  o = resolve_combat(s, 4, 1);
  EXPECT_EQ(graded(o.grading_a, "beating (s)"), 0);
  s = vs("L.Art(o)", "Pk(s)");
  o = resolve_combat(s, 4, 1);
  EXPECT_EQ(graded(o.grading_a, "beating (s)"), -1);
  s = vs("L.Art(s)", "HI(o)");
  o = resolve_combat(s, 4, 1);
  EXPECT_EQ(graded(o.grading_a, "(s) artillery winning"), 1);
  o = resolve_combat(s, 1, 4);
  EXPECT_EQ(graded(o.grading_a, "(s) artillery winning"), 0);
  // (i) losing: -1.
  s = vs("HI(o)", "HI(i)");
  o = resolve_combat(s, 3, 2);
  EXPECT_EQ(graded(o.grading_b, "(i) troops losing"), -1);
  o = resolve_combat(s, 2, 3);
  EXPECT_EQ(graded(o.grading_b, "(i) troops losing"), 0);
  // Beating (f): +1, not for artillery.
  s = vs("HI(o)", "HI(f)");
  o = resolve_combat(s, 3, 2);
  EXPECT_EQ(graded(o.grading_a, "beating (f)"), 1);
  EXPECT_EQ(o.margin, 2);
  s = vs("L.Art(o)", "HI(f)");
  o = resolve_combat(s, 3, 2);
  EXPECT_EQ(graded(o.grading_a, "beating (f)"), 0);
  // Foot uphill of mounted: +1 whatever the first comparison, even turning a draw.
  s = vs("HI(o)", "Cv(o)");
  s.a.uphill = true;
  o = resolve_combat(s, 3, 4);  // 7 against 7
  EXPECT_EQ(graded(o.grading_a, "uphill"), 1);
  EXPECT_EQ(o.winner, Winner::kA);
  s = vs("Cv(o)", "HI(o)");
  s.a.uphill = true;  // mounted uphill of foot: nothing
  o = resolve_combat(s, 4, 3);
  EXPECT_TRUE(o.grading_a.empty());
  // Grading can turn the result: a draw won by foot uphill of horse.
  s = vs("Cv(o)", "HI(i)");
  s.b.uphill = true;
  o = resolve_combat(s, 4, 3);  // 7 against 7: draw first; uphill +1 to HI -> HI wins
  EXPECT_EQ(o.winner, Winner::kB);
}

// ---- CC-13 Terrain prevents kills, not recoils ----

TEST(Gwkho_Combat, Clause_CC_13_TerrainPreventsKillsNotRecoils) {
  // HI(o) beaten by Hc(o) is destroyed in the open whatever the margin...
  CombatSituation s = vs("Hc(o)", "HI(o)");
  CombatOutcome o = resolve_combat(s, 6, 4);  // 9 against 8
  EXPECT_EQ(o.b, kDead);
  // ... but in a wood (+3) only when the Hc beat it by more than 3.
  s.b.going = Going::kBad;
  o = resolve_combat(s, 6, 4);
  EXPECT_EQ(o.b, kPush);
  EXPECT_TRUE(o.kill_prevented);
  EXPECT_EQ(o.prevent_kills, 3);
  o = resolve_combat(s, 6, 1);  // 9 against 5: beats 5 + 3
  EXPECT_EQ(o.b, kDead);
  // Rough going +2; behind a hedge +1; the largest counts.
  s.b.going = Going::kRough;
  s.b.behind_linear = true;
  EXPECT_EQ(resolve_combat(s, 6, 3).prevent_kills, 2);
  EXPECT_EQ(resolve_combat(s, 6, 3).b, kPush);  // 9 against 7 + 2
  EXPECT_EQ(resolve_combat(s, 6, 2).b, kDead);  // 9 against 6 + 2
  // Doubling reads the helped total: Sh(o) doubled by Sh(o) (flee otherwise) behind a hedge.
  s = vs("Sh(o)", "Sh(o)");
  s.a.die = 8;
  s.b.behind_linear = true;
  o = resolve_combat(s, 8, 1);  // 12 against 5: doubled; 12 against 6: still doubled
  EXPECT_EQ(o.b, kDead);
  o = resolve_combat(s, 6, 1);  // 10 against 5 -> doubled; with the hedge 10 against 6: flee
  EXPECT_EQ(o.b, kFlee);
  EXPECT_TRUE(o.kill_prevented);
  // Mounted get no help.
  s = vs("Hc(o)", "Hc(o)");
  s.b.going = Going::kBad;
  EXPECT_EQ(resolve_combat(s, 6, 2).prevent_kills, 0);
  EXPECT_EQ(resolve_combat(s, 6, 2).b, kDead);
}

// ---- CC-14 The outcome ----

TEST(Gwkho_Combat, Clause_CC_14_TroopsThatCannotRecoilAreDestroyed) {
  CombatSituation s = vs("HI(o)", "HI(o)");
  EXPECT_EQ(resolve_combat(s, 4, 3).b, kPush);
  s.b.cannot_recoil = true;
  const CombatOutcome o = resolve_combat(s, 4, 3);
  EXPECT_EQ(o.b, kDead);
  EXPECT_TRUE(o.no_room);
  // A draw harms nobody.
  EXPECT_EQ(resolve_combat(s, 3, 3).b, kNone);
  // Fleeing needs room too.
  s = vs("Sh(o)", "Xb(o)");
  EXPECT_EQ(resolve_combat(s, 3, 2).b, kFlee);  // 7 against 5
  s.b.cannot_recoil = true;
  EXPECT_EQ(resolve_combat(s, 3, 2).b, kDead);
}

TEST(Gwkho_Combat, Clause_CC_14_FootBehindFortificationsAndRoutingHorse) {
  // Foot behind a fortification are not destroyed by mounted unless doubled.
  CombatSituation s = vs("Hc(o)", "HI(o)");
  s.b.behind_fortification = true;            // +1
  CombatOutcome o = resolve_combat(s, 6, 3);  // 9 against 8
  EXPECT_EQ(o.b, kPush);
  EXPECT_TRUE(o.kill_prevented);
  s.a.die = 10;
  s.b.morale = Morale::kBroken;  // 4 + 1 - 2 = 3
  o = resolve_combat(s, 10, 1);  // 13 against 4: doubled
  EXPECT_EQ(o.b, kDead);
  // Mounted beaten by foot may rout after recoiling, in good going.
  s = vs("HI(o)", "Cv(o)");
  o = resolve_combat(s, 4, 3);  // 8 against 6
  EXPECT_EQ(o.b, kPush);
  EXPECT_TRUE(o.may_rout_b);
  EXPECT_FALSE(o.may_rout_a);
  s.b.going = Going::kRough;
  EXPECT_FALSE(resolve_combat(s, 4, 3).may_rout_b);
  s = vs("Hc(o)", "Cv(o)");  // beaten by mounted: no
  EXPECT_FALSE(resolve_combat(s, 6, 1).may_rout_b);
}

TEST(Gwkho_Combat, Clause_CC_3_TheOutcomeOfForcedDice) {
  // Cv(o) 3 + 5 against Xb(o) 4 + 2 (Xb beaten by Cv are destroyed).
  CombatSituation s = vs("Cv(o)", "Xb(o)");
  CombatOutcome o = resolve_combat(s, 5, 2);
  EXPECT_EQ(o.total_a, 8);
  EXPECT_EQ(o.total_b, 6);
  EXPECT_EQ(o.winner, Winner::kA);
  EXPECT_EQ(o.margin, 2);
  EXPECT_FALSE(o.doubled);
  EXPECT_EQ(o.a, kNone);
  EXPECT_EQ(o.b, kDead);
  // Reversed: the Xb win, and the Cv flee from Xb in good going (a recoil elsewhere).
  o = resolve_combat(s, 3, 4);  // 6 against 8
  EXPECT_EQ(o.winner, Winner::kB);
  EXPECT_EQ(o.a, kFlee);
  s.a.going = Going::kRough;
  EXPECT_EQ(resolve_combat(s, 3, 4).a, kPush);
  // Doubled: Hc(o) 5 + 6 against Cv(i) 3 + 1 - 1 (losing (i)) -> destroyed.
  s = vs("Hc(o)", "Cv(i)");
  o = resolve_combat(s, 6, 1);
  EXPECT_EQ(o.graded_b, 3);
  EXPECT_TRUE(o.doubled);
  EXPECT_EQ(o.b, kDead);
  // Reiters beaten, even doubled, are only pushed back.
  s = vs("HI(o)", "Re(i)");
  s.a.die = 10;
  EXPECT_EQ(resolve_combat(s, 10, 1).b, kPush);
  // Artillery beaten: the crew flee.
  s = vs("HI(o)", "L.Art(o)");
  EXPECT_EQ(resolve_combat(s, 6, 1).b, kCrew);
}

// ---- Mor-18 Berserkers in combat ----

TEST(Gwkho_Combat, Clause_Mor_18_BerserkersAgainstFoot) {
  CombatSituation s = vs("LI(o)", "HI(o)");
  s.a.status = Status::kBerserker;
  s.a.die = 8;
  CombatOutcome o = resolve_combat(s, 4, 3);  // 7 against 7: a draw grades +2
  EXPECT_EQ(graded(o.grading_a, "berserkers drawing or winning"), 2);
  EXPECT_EQ(o.winner, Winner::kA);
  o = resolve_combat(s, 1, 3);  // losing: -1
  EXPECT_EQ(graded(o.grading_a, "berserkers losing"), -1);
  // Not against mounted, not when shaken.
  s.b.troop = T("Cv(o)");
  EXPECT_TRUE(resolve_combat(s, 4, 3).grading_a.empty());
  s.b.troop = T("HI(o)");
  s.a.morale = Morale::kShaken;
  EXPECT_EQ(graded(resolve_combat(s, 5, 3).grading_a, "berserkers"), 0);
}

// ---- Odds ----

// Every pair of dice, resolved from scratch.
CombatOdds brute_force(const CombatSituation& s) {
  CombatOdds odds;
  const CombatFactors f = combat_factors(s);
  odds.sides_a = f.a.die;
  odds.sides_b = f.b.die;
  for (int a = 1; a <= f.a.die; ++a)
    for (int b = 1; b <= f.b.die; ++b) {
      const CombatOutcome o = resolve_combat(s, a, b);
      ++odds.weights[static_cast<std::size_t>(o.a)][static_cast<std::size_t>(o.b)];
      ++odds.winners[static_cast<std::size_t>(o.winner)];
      ++odds.total;
    }
  return odds;
}

TEST(Gwkho_Combat, Clause_CC_Odds_ExactAndEqualToEveryPairOfDice) {
  // Hc(o) against Hc(o) on d6s: draws 6; a win by 1 or 2 pushes back (9 each way), by 3 or more
  // destroys (6 each way).
  const CombatOdds even = combat_odds(vs("Hc(o)", "Hc(o)"));
  EXPECT_EQ(even.total, 36U);
  EXPECT_EQ(even.weight(kNone, kNone), 6U);
  EXPECT_EQ(even.weight(kNone, kPush), 9U);
  EXPECT_EQ(even.weight(kNone, kDead), 6U);
  EXPECT_EQ(even.weight(kPush, kNone), 9U);
  EXPECT_EQ(even.weight(kDead, kNone), 6U);
  EXPECT_EQ(even.winners[0], 6U);
  EXPECT_EQ(even.probability(kNone, kDead), core::Fraction(1, 6));
  EXPECT_EQ(even.weight_b(kDead), 6U);

  // Cv(o) (3) against Xb(o) (4 against mounted), counted by hand: the crossbowmen die whenever
  // beaten by cavalry; the cavalry flee when beaten, and die when doubled.
  {
    CombatOdds hand;
    for (int a = 1; a <= 6; ++a)
      for (int b = 1; b <= 6; ++b) {
        const int ta = 3 + a, tb = 4 + b;
        Result ra = kNone, rb = kNone;
        if (ta > tb) rb = kDead;
        if (tb > ta) ra = tb >= 2 * ta ? kDead : kFlee;
        ++hand.weights[static_cast<std::size_t>(ra)][static_cast<std::size_t>(rb)];
      }
    const CombatOdds odds = combat_odds(vs("Cv(o)", "Xb(o)"));
    EXPECT_EQ(odds.weights, hand.weights);
    EXPECT_EQ(odds.weight(kNone, kDead), 10U);
    EXPECT_EQ(odds.weight(kFlee, kNone), 17U);
    EXPECT_EQ(odds.weight(kDead, kNone), 4U);  // a 1 against 4, 5, 6; a 2 against 6
  }

  std::vector<CombatSituation> cases;
  cases.push_back(vs("Hc(o)", "HI(o)"));
  cases.push_back(vs("Pk(o)", "Pk(s)"));
  cases.back().a.ranks = {T("Pk(o)"), T("Pk(o)"), T("Pk(o)")};
  cases.back().b.ranks = {T("Pk(s)"), T("Pk(s)")};
  cases.push_back(vs("HI(s)", "Sh(o)"));
  cases.back().a.die = 10;
  cases.back().b.behind_linear = true;
  cases.push_back(vs("Cv(x)", "Lc(o)"));
  cases.back().just_contacted = true;
  cases.back().a.made_contact = true;
  cases.push_back(vs("LI(f)", "Cv(i)"));
  cases.back().a.going = Going::kRough;
  cases.back().a.status = Status::kBerserker;
  cases.push_back(vs("H.Art(o)", "El(o)"));
  cases.back().artillery_fire = true;
  cases.push_back(vs("Bw(o)", "Hc(s)"));
  cases.back().a.ranks = {T("LI(o)")};
  cases.back().a.cannot_recoil = true;
  cases.back().a.flank_enemies = 1;
  for (const auto& s : cases) {
    const CombatOdds odds = combat_odds(s);
    const CombatOdds bf = brute_force(s);
    EXPECT_EQ(odds.total, static_cast<std::uint64_t>(odds.sides_a * odds.sides_b));
    EXPECT_EQ(odds.total, bf.total);
    EXPECT_EQ(odds.weights, bf.weights) << troop_text(s.a.troop) << " v " << troop_text(s.b.troop);
    EXPECT_EQ(odds.winners, bf.winners);
    std::uint64_t sum = 0;
    for (const auto& row : odds.weights)
      for (auto w : row) sum += w;
    EXPECT_EQ(sum, odds.total);
  }
  // The dice the sides roll set the denominator.
  EXPECT_EQ(combat_odds(cases[2]).total, 60U);
}

// ---- After the round ----

TEST(Gwkho_Combat, Clause_CC_15_FollowUpAndExtraRounds) {
  // Compulsory in its own bound: El, Hc; Re(s) except against Ph, Pk, HI; Ph, Pk, LI(x)(f)(s)
  // against foot; LI(i), Ph(i), Cv(i) when they destroy.
  EXPECT_TRUE(follow_up(T("Hc(o)"), T("HI(o)"), kPush, true).must);
  EXPECT_FALSE(follow_up(T("Hc(o)"), T("HI(o)"), kPush, false).must);
  EXPECT_TRUE(follow_up(T("Hc(o)"), T("HI(o)"), kPush, false).may);
  EXPECT_TRUE(follow_up(T("Re(s)"), T("Cv(o)"), kPush, true).must);
  EXPECT_FALSE(follow_up(T("Re(s)"), T("Pk(o)"), kPush, true).must);
  EXPECT_TRUE(follow_up(T("Re(s)"), T("Pk(o)"), kPush, true).may);
  EXPECT_TRUE(follow_up(T("Pk(o)"), T("HI(o)"), kPush, true).must);
  EXPECT_FALSE(follow_up(T("Pk(o)"), T("Cv(o)"), kPush, true).must);
  EXPECT_TRUE(follow_up(T("LI(f)"), T("HI(o)"), kPush, true).must);
  EXPECT_TRUE(follow_up(T("LI(f)"), T("HI(o)"), kPush, true).may);
  EXPECT_FALSE(follow_up(T("LI(i)"), T("HI(o)"), kPush, true).must);
  EXPECT_TRUE(follow_up(T("LI(i)"), T("HI(o)"), kDead, true).must);
  EXPECT_FALSE(follow_up(T("Ph(i)"), T("HI(o)"), kPush, true).must);
  // Optional: LI(o) only after destroying; Cv(i) never by choice.
  EXPECT_FALSE(follow_up(T("LI(o)"), T("HI(o)"), kPush, true).may);
  EXPECT_TRUE(follow_up(T("LI(o)"), T("HI(o)"), kDead, true).may);
  EXPECT_FALSE(follow_up(T("Cv(i)"), T("HI(o)"), kPush, false).may);
  EXPECT_TRUE(follow_up(T("Lc(o)"), T("LI(i)"), kPush, false).may);
  EXPECT_FALSE(follow_up(T("Lc(i)"), T("LI(i)"), kPush, false).may);
  // Nothing after a flee.
  EXPECT_FALSE(follow_up(T("Hc(o)"), T("Cv(o)"), kFlee, true).may);
  // Extra rounds: foot 1, elephants 2, other mounted 3.
  EXPECT_EQ(follow_up(T("HI(o)"), T("HI(o)"), kPush, true).extra_rounds, 1);
  EXPECT_EQ(follow_up(T("El(o)"), T("HI(o)"), kPush, true).extra_rounds, 2);
  EXPECT_EQ(follow_up(T("Hc(o)"), T("HI(o)"), kPush, true).extra_rounds, 3);
  EXPECT_EQ(follow_up(T("LI(i)"), T("HI(o)"), kPush, true).extra_rounds, 0);
}

TEST(Gwkho_Combat, Clause_CC_16_KnockOn) {
  EXPECT_EQ(knock_on_inches(T("Hc(o)")), 2);
  EXPECT_EQ(knock_on_inches(T("El(o)")), 6);
  EXPECT_EQ(knock_on_inches(T("HI(o)")), 0);
  EXPECT_EQ(knock_on(T("Cv(o)"), T("HI(o)")), Result::kRout);
  EXPECT_EQ(knock_on(T("Cv(o)"), T("Cv(o)")), Result::kPushBack);
  EXPECT_EQ(knock_on(T("El(o)"), T("Cv(o)")), Result::kRout);
  EXPECT_FALSE(knock_on(T("HI(o)"), T("HI(o)")).has_value());
}

TEST(Gwkho_Combat, Clause_CC_17_SupportingRanksThatTurnToFace) {
  EXPECT_TRUE(ranks_turn_to_face(T("Pk(i)"), {}, T("HI(o)")));
  EXPECT_FALSE(ranks_turn_to_face(T("HI(o)"), {}, T("HI(o)")));
  EXPECT_TRUE(ranks_turn_to_face(T("HI(f)"), peoples({People::kSwiss}), T("HI(o)")));
  EXPECT_TRUE(ranks_turn_to_face(T("HI(o)"), peoples({People::kScotsAfter1275}), T("Hc(o)")));
  EXPECT_TRUE(ranks_turn_to_face(T("Ph(f)"), peoples({People::kCatalan}), T("HI(o)")));
  EXPECT_FALSE(ranks_turn_to_face(T("Ph(o)"), peoples({People::kCatalan}), T("HI(o)")));
  EXPECT_TRUE(ranks_turn_to_face(T("Ph(o)"), {}, T("Lc(o)")));
  EXPECT_TRUE(ranks_turn_to_face(T("Ph(o)"), {}, T("Cv(f)")));
  EXPECT_FALSE(ranks_turn_to_face(T("Ph(o)"), {}, T("Cv(o)")));
  EXPECT_FALSE(ranks_turn_to_face(T("Cv(o)"), peoples({People::kSwiss}), T("Cv(o)")));
}

TEST(Gwkho_Combat, Clause_CC_18_SquaresAndHedgehogs) {
  EXPECT_TRUE(forms_square(T("Pk(o)"), {}));
  EXPECT_FALSE(forms_square(T("Ph(o)"), {}));
  EXPECT_TRUE(forms_square(T("Ph(o)"), {.peoples = peoples({People::kLowCountry})}));
  EXPECT_FALSE(forms_square(T("Sh(o)"), {}));
  EXPECT_TRUE(forms_square(T("Sh(o)"), {.bayonets = true}));
  EXPECT_TRUE(forms_square(T("Sh(i)"), {.supported_by_pike = true}));
  EXPECT_TRUE(forms_square(T("HI(o)"), {.halberd_or_bill = true}));
  EXPECT_FALSE(forms_square(T("HI(o)"), {.halberd_or_bill = true, .dismounted_hc = true}));
  EXPECT_FALSE(forms_square(T("HI(o)"), {}));
}

TEST(Gwkho_Combat, Clause_CC_19_RecoilingThroughFriends) {
  EXPECT_TRUE(may_recoil_through(T("Lb(o)"), T("HI(i)")));
  EXPECT_TRUE(may_recoil_through(T("Xb(s)"), T("HI(o)")));
  EXPECT_TRUE(may_recoil_through(T("Sh(o)"), T("Pk(o)")));
  EXPECT_FALSE(may_recoil_through(T("Sh(o)"), T("Pk(x)")));
  EXPECT_TRUE(may_recoil_through(T("Xb(f)"), T("Pk(i)")));
  EXPECT_TRUE(may_recoil_through(T("Bw(o)"), T("LI(o)")));
  EXPECT_FALSE(may_recoil_through(T("Bw(o)"), T("LI(i)")));
  EXPECT_TRUE(may_recoil_through(T("Lb(f)"), T("HI(s)")));
  EXPECT_TRUE(may_recoil_through(T("HI(f)"), T("Pk(x)")));
  EXPECT_FALSE(may_recoil_through(T("HI(o)"), T("Pk(o)")));
  EXPECT_FALSE(may_recoil_through(T("Cv(o)"), T("HI(o)")));
}

}  // namespace
}  // namespace carroccio::gwkho
