// Command points (Pip-1 .. Pip-19): the PIP dice as exact distributions, the cost of a move item
// by item, the other costs.
#include "rulesets/gwkho/pips.hpp"

#include <gtest/gtest.h>

#include <map>

#include "rulesets/gwkho/movement.hpp"
#include "rulesets/gwkho/tests/test_util.hpp"

namespace carroccio::gwkho {
namespace {

using testing::T;
using Dist = std::vector<std::pair<int, std::uint64_t>>;

std::uint64_t sum(const Dist& d) {
  std::uint64_t n = 0;
  for (const auto& [v, w] : d) n += w;
  return n;
}

// Brute force: every throw of two dice (a single die reads the first; each of its faces then
// comes up six times in the 36 throws).
Dist brute_force(const PipRollSpec& r) {
  std::map<int, std::uint64_t> w;
  for (int a = 1; a <= 6; ++a)
    for (int b = 1; b <= 6; ++b) {
      int v = a;
      if (r.roll == PipRoll::kBestOfTwo) v = std::max(a, b);
      if (r.roll == PipRoll::kWorseOfTwo) v = std::min(a, b);
      ++w[std::max(r.minimum, v + r.modifier)];
    }
  Dist out(w.begin(), w.end());
  if (r.roll == PipRoll::kOne)
    for (auto& [v, n] : out) n /= 6;
  return out;
}

TEST(Gwkho_Pips, Clause_Pip_1_OneDieOrTheBestOfTwo) {
  const PipRollSpec normal = command_pip_roll({});
  EXPECT_EQ(normal.dice(), 1);
  EXPECT_EQ(pip_distribution(normal), (Dist{{1, 1}, {2, 1}, {3, 1}, {4, 1}, {5, 1}, {6, 1}}));
  EXPECT_EQ(pips_from_dice(normal, 4), 4);
  const PipRollSpec good = command_pip_roll({.quality = GeneralQuality::kGood});
  EXPECT_EQ(good.dice(), 2);
  // The best of two dice: k in 2k - 1 of the 36 throws.
  EXPECT_EQ(pip_distribution(good), (Dist{{1, 1}, {2, 3}, {3, 5}, {4, 7}, {5, 9}, {6, 11}}));
  EXPECT_EQ(pips_from_dice(good, 2, 5), 5);
  EXPECT_EQ(pips_from_dice(good, 6, 1), 6);
  EXPECT_EQ(sum(pip_distribution(good)), 36U);
  EXPECT_EQ(pip_distribution(good), brute_force(good));
  EXPECT_EQ(pip_distribution(normal), brute_force(normal));
  EXPECT_THROW(pips_from_dice(good, 7, 1), std::invalid_argument);
}

TEST(Gwkho_Pips, Clause_Pip_2_Regiments) {
  EXPECT_EQ(regiment_activation_pips(), 1);
  EXPECT_EQ(other_cost({.action = PipAction::kActivateRegiment}).total, 1);
  // The worse of two dice: k in 13 - 2k of the 36 throws.
  const PipRollSpec big = regiment_pip_roll(14);
  EXPECT_EQ(pip_distribution(big), (Dist{{1, 11}, {2, 9}, {3, 7}, {4, 5}, {5, 3}, {6, 1}}));
  EXPECT_EQ(pips_from_dice(big, 2, 5), 2);
  // Below 10 elements, one less (never below nothing).
  const PipRollSpec small = regiment_pip_roll(9);
  EXPECT_EQ(small.modifier, -1);
  EXPECT_EQ(pip_distribution(small), (Dist{{0, 11}, {1, 9}, {2, 7}, {3, 5}, {4, 3}, {5, 1}}));
  EXPECT_EQ(pip_distribution(small), brute_force(small));
  EXPECT_EQ(regiment_pip_roll(10).modifier, 0);
  EXPECT_EQ(regiment_range_inches(), 6);
}

TEST(Gwkho_Pips, Clause_Pip_3_TheCommanderInChiefsFreePip) {
  const PipRollSpec cinc = command_pip_roll({.cinc = true});
  EXPECT_EQ(cinc.modifier, 1);
  ASSERT_EQ(cinc.items.size(), 1U);
  EXPECT_EQ(cinc.items[0].clause, "Pip-3");
  EXPECT_EQ(pip_distribution(cinc), (Dist{{2, 1}, {3, 1}, {4, 1}, {5, 1}, {6, 1}, {7, 1}}));
  EXPECT_EQ(command_pip_roll({.cinc = true, .inert = true}).modifier, 0);
  EXPECT_EQ(command_pip_roll({.quality = GeneralQuality::kGood, .cinc = true}).modifier, 1);
  EXPECT_EQ(
      pips_from_dice(command_pip_roll({.quality = GeneralQuality::kGood, .cinc = true}), 3, 1), 4);
}

// ---- Moves ----

Mover M(const char* troop, Peoples p = {}) { return Mover{T(troop), p}; }

MoveCost group_of(std::vector<Mover> e) {
  MoveCost m;
  m.elements = std::move(e);
  m.group = true;
  return m;
}

int item(const PipCost& c, std::string_view clause) {
  int n = 0;
  for (const auto& f : c.items)
    if (f.clause == clause) n += f.value;
  return n;
}

TEST(Gwkho_Pips, Clause_Pip_4_AGroupOrAnElementCostsOne) {
  EXPECT_EQ(move_cost(group_of({M("HI(o)"), M("HI(o)")})).total, 1);
  MoveCost single;
  single.elements = {M("HI(o)")};
  EXPECT_EQ(move_cost(single).total, 1);
  EXPECT_EQ(move_cost(single).items[0].text, "moving a single element");
  EXPECT_FALSE(move_cost(MoveCost{}).refused.empty());
}

TEST(Gwkho_Pips, Clause_Pip_5_IntoContactWhereItCannotRecoil) {
  MoveCost m = group_of({M("HI(o)"), M("HI(o)")});
  m.into_contact_cannot_recoil = true;
  EXPECT_EQ(item(move_cost(m), "Pip-5"), 1);
  EXPECT_EQ(move_cost(m).total, 2);
  m.into_contact_cannot_recoil = false;
  EXPECT_EQ(item(move_cost(m), "Pip-5"), 0);
}

TEST(Gwkho_Pips, Clause_Pip_6_OutOfCommand) {
  MoveCost m = group_of({M("Cv(o)"), M("Cv(o)")});
  m.out_of_command = true;
  EXPECT_EQ(item(move_cost(m), "Pip-6"), 1);
  m.out_of_command = false;
  EXPECT_EQ(item(move_cost(m), "Pip-6"), 0);
  EXPECT_EQ(command_range_inches(), 24);
}

TEST(Gwkho_Pips, Clause_Pip_7_MarchMoves) {
  MoveCost m = group_of({M("HI(o)"), M("HI(o)")});
  EXPECT_EQ(item(move_cost(m), "Pip-7"), 0);
  for (int k = 2; k <= 4; ++k) {
    m.march_move = k;
    EXPECT_EQ(item(move_cost(m), "Pip-7"), 1) << k;
  }
  m.march_move = 5;
  EXPECT_FALSE(move_cost(m).refused.empty());
  // Landsknechts' second march, mounted troops' third: one more.
  m = group_of({M("Pk(o)", peoples({People::kLandsknecht})), M("Pk(o)")});
  m.march_move = 2;
  EXPECT_EQ(item(move_cost(m), "Pip-7"), 2);
  m.march_move = 3;
  EXPECT_EQ(item(move_cost(m), "Pip-7"), 1);
  m = group_of({M("Cv(o)"), M("Cv(o)")});
  m.march_move = 3;
  EXPECT_EQ(item(move_cost(m), "Pip-7"), 2);
  m.march_move = 2;
  EXPECT_EQ(item(move_cost(m), "Pip-7"), 1);
  EXPECT_EQ(march_beyond_inches(), 12);
}

TEST(Gwkho_Pips, Clause_Pip_8_ShakenOrBrokenTowardTheEnemy) {
  MoveCost m = group_of({M("HI(o)"), M("HI(o)")});
  m.toward_enemy = true;
  EXPECT_EQ(item(move_cost(m), "Pip-8"), 0);
  m.morale = Morale::kShaken;
  EXPECT_EQ(item(move_cost(m), "Pip-8"), 1);
  m.morale = Morale::kBroken;
  EXPECT_EQ(item(move_cost(m), "Pip-8"), 1);
  m.toward_enemy = false;
  EXPECT_EQ(item(move_cost(m), "Pip-8"), 0);
  // Which enemy count: never artillery; LI(i) not for the shaken, unless they are LI(i).
  EXPECT_FALSE(toward_enemy_counts(T("HI(o)"), Morale::kBroken, T("H.Art(o)")));
  EXPECT_FALSE(toward_enemy_counts(T("HI(o)"), Morale::kShaken, T("LI(i)")));
  EXPECT_TRUE(toward_enemy_counts(T("LI(i)"), Morale::kShaken, T("LI(i)")));
  EXPECT_TRUE(toward_enemy_counts(T("HI(o)"), Morale::kBroken, T("LI(i)")));
  EXPECT_TRUE(toward_enemy_counts(T("HI(o)"), Morale::kShaken, T("LI(o)")));
}

TEST(Gwkho_Pips, Clause_Pip_9_MixedGroups) {
  EXPECT_EQ(item(move_cost(group_of({M("Hc(o)"), M("HI(o)")})), "Pip-9"), 1);
  EXPECT_EQ(item(move_cost(group_of({M("Hc(o)"), M("L.Art(o)")})), "Pip-9"), 1);
  EXPECT_EQ(item(move_cost(group_of({M("Hc(o)"), M("Cv(o)")})), "Pip-9"), 0);
  EXPECT_EQ(item(move_cost(group_of({M("El(o)"), M("Cv(o)")})), "Pip-9"), 1);
  EXPECT_EQ(item(move_cost(group_of({M("El(o)"), M("El(i)")})), "Pip-9"), 0);
  EXPECT_EQ(item(move_cost(group_of({M("El(o)"), M("LI(o)")})), "Pip-9"), 1);  // mixed
  EXPECT_EQ(item(move_cost(group_of({M("Cv(x)"), M("Cv(o)")})), "Pip-9"), 1);
  EXPECT_EQ(item(move_cost(group_of({M("Cv(x)"), M("Cv(f)", peoples({People::kArab}))})), "Pip-9"),
            0);
  EXPECT_EQ(item(move_cost(group_of({M("Cv(x)"), M("Cv(x)")})), "Pip-9"), 0);
}

TEST(Gwkho_Pips, Clause_Pip_10_GroupsWheeling) {
  MoveCost m = group_of({M("HI(o)"), M("HI(o)")});
  m.wheel = true;
  EXPECT_EQ(item(move_cost(m), "Pip-10"), 1);
  m.single_element_column = true;
  EXPECT_EQ(item(move_cost(m), "Pip-10"), 0);
  m = group_of({M("Pk(o)", peoples({People::kSwiss})), M("HI(f)", peoples({People::kSwiss}))});
  m.wheel = true;
  EXPECT_EQ(item(move_cost(m), "Pip-10"), 0);
  m = group_of({M("Pk(o)", peoples({People::kSwiss})), M("Pk(o)")});  // all must be exempt
  m.wheel = true;
  EXPECT_EQ(item(move_cost(m), "Pip-10"), 1);
  m = group_of({M("Re(s)"), M("Re(x)")});
  m.wheel = true;
  EXPECT_EQ(item(move_cost(m), "Pip-10"), 0);
  m = group_of({M("Re(o)"), M("Re(o)")});
  m.wheel = true;
  EXPECT_EQ(item(move_cost(m), "Pip-10"), 1);
  m = group_of({M("Cv(o)", peoples({People::kSwiss})), M("Cv(o)", peoples({People::kSwiss}))});
  m.wheel = true;  // Swiss foot only
  EXPECT_EQ(item(move_cost(m), "Pip-10"), 1);
  MoveCost single;
  single.elements = {M("HI(o)")};
  single.wheel = true;
  EXPECT_EQ(item(move_cost(single), "Pip-10"), 0);
}

TEST(Gwkho_Pips, Clause_Pip_11_Turns) {
  MoveCost m = group_of({M("HI(o)"), M("HI(o)")});
  m.quarter_turns = 1;
  EXPECT_EQ(item(move_cost(m), "Pip-11"), 1);
  m = group_of({M("Cv(o)"), M("Cv(o)")});  // 90 degrees costs foot only
  m.quarter_turns = 1;
  EXPECT_EQ(item(move_cost(m), "Pip-11"), 0);
  m.quarter_turns = 0;
  m.half_turns = 1;
  EXPECT_EQ(item(move_cost(m), "Pip-11"), 1);
  // Free half turns: Lc two, Cv(f), Re(o), Bw(f) one.
  m = group_of({M("Lc(o)"), M("Lc(o)")});
  m.half_turns = 2;
  EXPECT_EQ(item(move_cost(m), "Pip-11"), 0);
  m = group_of({M("Cv(f)"), M("Cv(f)")});
  m.half_turns = 1;
  EXPECT_EQ(item(move_cost(m), "Pip-11"), 0);
  m.half_turns = 2;
  EXPECT_EQ(item(move_cost(m), "Pip-11"), 1);
  m = group_of({M("Bw(f)"), M("Bw(f)")});
  m.half_turns = 1;
  EXPECT_EQ(item(move_cost(m), "Pip-11"), 0);
  m = group_of({M("Lc(o)"), M("Cv(o)")});  // the group turns free only if all may
  m.half_turns = 1;
  EXPECT_EQ(item(move_cost(m), "Pip-11"), 1);
  // Heavy artillery never turn in a group.
  m = group_of({M("H.Art(o)"), M("H.Art(o)")});
  m.quarter_turns = 1;
  EXPECT_FALSE(move_cost(m).refused.empty());
  MoveCost single;
  single.elements = {M("H.Art(o)")};
  single.half_turns = 1;
  EXPECT_TRUE(move_cost(single).refused.empty());
  EXPECT_EQ(item(move_cost(single), "Pip-11"), 0);
}

TEST(Gwkho_Pips, Clause_Pip_12_FormationChanges) {
  MoveCost m = group_of({M("HI(o)"), M("HI(o)")});
  m.formation_change = true;
  EXPECT_EQ(item(move_cost(m), "Pip-12"), 1);
  m = group_of(
      {M("HI(o)", peoples({People::kSpanish16th})), M("Sh(o)", peoples({People::kSpanish16th}))});
  m.formation_change = true;
  EXPECT_EQ(item(move_cost(m), "Pip-12"), 0);
  m = group_of(
      {M("Cv(o)", peoples({People::kMongol13th})), M("Lc(o)", peoples({People::kMongol13th}))});
  m.formation_change = true;
  EXPECT_EQ(item(move_cost(m), "Pip-12"), 0);
  m = group_of({M("Re(o)"), M("Re(i)")});
  m.formation_change = true;
  EXPECT_EQ(item(move_cost(m), "Pip-12"), 0);
  m = group_of({M("Lc(o)"), M("Cv(f)")});
  m.formation_change = true;
  EXPECT_EQ(item(move_cost(m), "Pip-12"), 0);
  m = group_of({M("Lc(o)"), M("Cv(o)")});
  m.formation_change = true;
  EXPECT_EQ(item(move_cost(m), "Pip-12"), 1);
  m = group_of({M("Pk(o)", peoples({People::kSwiss})), M("Pk(o)", peoples({People::kSwiss}))});
  m.formation_change = true;
  EXPECT_EQ(item(move_cost(m), "Pip-12"), 0);
}

TEST(Gwkho_Pips, Clause_Pip_13_FootGroupUphillIntoContactWithFoot) {
  MoveCost m = group_of({M("HI(o)"), M("HI(o)")});
  m.uphill_into_contact_with_foot = true;
  EXPECT_EQ(item(move_cost(m), "Pip-13"), 1);
  m = group_of({M("Cv(o)"), M("Cv(o)")});
  m.uphill_into_contact_with_foot = true;
  EXPECT_EQ(item(move_cost(m), "Pip-13"), 0);
}

TEST(Gwkho_Pips, Clause_Pip_14_NotStraightAhead) {
  MoveCost m;
  m.elements = {M("LI(i)")};
  m.straight_ahead = false;
  EXPECT_EQ(item(move_cost(m), "Pip-14"), 1);
  m.elements = {M("El(o)")};
  EXPECT_EQ(item(move_cost(m), "Pip-14"), 1);
  m.elements = {M("L.Art(f)")};
  EXPECT_EQ(item(move_cost(m), "Pip-14"), 1);
  m.elements = {M("LI(o)")};
  EXPECT_EQ(item(move_cost(m), "Pip-14"), 0);
  m.elements = {M("Cv(i)")};  // foot only, of the (i)
  EXPECT_EQ(item(move_cost(m), "Pip-14"), 0);
  m.elements = {M("LI(i)")};
  m.straight_ahead = true;
  EXPECT_EQ(item(move_cost(m), "Pip-14"), 0);
}

// Pavisers, HI(x), move as (i) (CC-4): they pay for a move not straight ahead as (i) foot do.
TEST(Gwkho_Pips, Clause_Pip_14_PavisersMoveAsInferiorFoot) {
  MoveCost m;
  m.elements = {M("HI(x)")};
  m.straight_ahead = false;
  EXPECT_EQ(item(move_cost(m), "Pip-14"), 1);
  m.straight_ahead = true;
  EXPECT_EQ(item(move_cost(m), "Pip-14"), 0);
  // Other (x) foot move as themselves: LI(x) and Bw(x) pay nothing for it.
  m.straight_ahead = false;
  m.elements = {M("LI(x)")};
  EXPECT_EQ(item(move_cost(m), "Pip-14"), 0);
  m.elements = {M("Bw(x)")};
  EXPECT_EQ(item(move_cost(m), "Pip-14"), 0);
  // Their move distance is HI(i)'s.
  for (Going g : {Going::kOpen, Going::kRough, Going::kBad, Going::kRoad})
    EXPECT_EQ(move_inches(T("HI(x)"), g), move_inches(T("HI(i)"), g));
}

TEST(Gwkho_Pips, Clause_Pip_15_CommanderInChiefAndTheMinimum) {
  MoveCost m = group_of({M("HI(o)"), M("HI(o)")});
  m.with_cinc_or_exceptional = true;
  PipCost c = move_cost(m);
  EXPECT_EQ(item(c, "Pip-15"), -1);
  EXPECT_EQ(c.total, 1);  // 1 - 1, at least 1
  m.wheel = true;
  m.march_move = 2;
  c = move_cost(m);
  EXPECT_EQ(c.total, 1 + 1 + 1 - 1);
  ASSERT_EQ(c.items.size(), 4U);
  EXPECT_EQ(c.items[0].clause, "Pip-4");
  m.with_cinc_or_exceptional = false;
  EXPECT_EQ(move_cost(m).total, 3);
}

TEST(Gwkho_Pips, Clause_Pip_16_ImpetuousCrewsGunsAndMounting) {
  EXPECT_EQ(other_cost({.action = PipAction::kHoldImpetuous}).total, 1);
  EXPECT_EQ(other_cost({.action = PipAction::kReplaceCrew}).total, 1);
  EXPECT_FALSE(
      other_cost({.action = PipAction::kReplaceCrew, .enemy_in_contact = true}).refused.empty());
  EXPECT_EQ(other_cost({.action = PipAction::kDismount}).total, 1);
  EXPECT_EQ(other_cost({.action = PipAction::kDestroyUncrewedArtillery, .troop = T("HI(o)")}).total,
            1);
  EXPECT_EQ(other_cost({.action = PipAction::kDestroyUncrewedArtillery, .troop = T("Hc(o)")}).total,
            2);
  EXPECT_EQ(other_cost({.action = PipAction::kUseEnemyArtillery}).total, 2);
  EXPECT_EQ(replace_crew_friends_within_inches(), 3);
  EXPECT_EQ(replace_crew_enemy_within_inches(), 8);
  EXPECT_EQ(mount_not_within_inches(), 8);
  // Mounted infantry mount and dismount more than once a game; no other troop does.
  for (const char* t : {"Cv(i)", "Lc(i)"}) EXPECT_TRUE(mounts_again(T(t))) << t;
  for (const char* t : {"Cv(o)", "Cv(f)", "Lc(o)", "Lc(s)", "Hc(i)", "Hc(s)"})
    EXPECT_FALSE(mounts_again(T(t))) << t;
  // Holding an element against surrender is priced as holding impetuous troops (G-37).
  EXPECT_EQ(other_cost({.action = PipAction::kHoldAgainstSurrender}).total, 1);
}

TEST(Gwkho_Pips, Clause_Pip_17_CommandMorale) {
  EXPECT_EQ(other_cost({.action = PipAction::kCommandMorale}).total, 2);
  EXPECT_EQ(other_cost({.action = PipAction::kRallyCommand}).total, 5);
  EXPECT_EQ(other_cost({.action = PipAction::kRallyCommand, .with_elephants = true}).total, 6);
}

TEST(Gwkho_Pips, Clause_Pip_18_BreakingAndRallyingAnElement) {
  auto cost = [](const char* t) {
    return other_cost({.action = PipAction::kBreakElement, .troop = T(t)});
  };
  EXPECT_EQ(cost("HI(o)").total, 1);
  EXPECT_EQ(cost("Lc(s)").total, 1);
  EXPECT_EQ(cost("El(s)").total, 1);
  EXPECT_EQ(cost("Xb(s)").total, 1);
  for (const char* t : {"Hc(s)", "HI(s)", "Pk(o)", "Xb(x)", "L.Art(o)", "H.Art(i)"})
    EXPECT_FALSE(cost(t).refused.empty()) << t;
  EXPECT_EQ(other_cost({.action = PipAction::kRallyBroken, .troop = T("HI(o)")}).total, 2);
  EXPECT_EQ(other_cost({.action = PipAction::kRallyBroken, .troop = T("El(o)")}).total, 3);
}

TEST(Gwkho_Pips, Clause_Pip_19_DieUpgradesAndTheGeneralsPip) {
  EXPECT_EQ(die_upgrade_cost(0, 10, false), 1);
  EXPECT_EQ(die_upgrade_cost(1, 10, false), 2);
  EXPECT_EQ(die_upgrade_cost(0, 10, true), 0);
  EXPECT_EQ(die_upgrade_cost(2, 10, true), 1);
}

// The text: a group with one PIP spent on it may go to a d8 (Pk, Bw(s), Lb, HI, LI); the d10 is
// one PIP for the first group, two otherwise. So the d8 step is one PIP however many groups
// bought a step before it, and it does not make a later d10 dearer.
TEST(Gwkho_Pips, Clause_Pip_19_AStepToAnEightSidedDieIsAlwaysOnePip) {
  EXPECT_EQ(die_upgrade_cost(0, 8, false), 1);
  EXPECT_EQ(die_upgrade_cost(1, 8, false), 1);
  EXPECT_EQ(die_upgrade_cost(5, 8, false), 1);
  EXPECT_EQ(die_upgrade_cost(5, 8, true), 0);
  // Negative: the d10 step is dearer after the first group's.
  EXPECT_EQ(die_upgrade_cost(1, 10, false), 2);
  EXPECT_NE(die_upgrade_cost(1, 10, false), die_upgrade_cost(1, 8, false));
}

}  // namespace
}  // namespace carroccio::gwkho
