// One shot (Sht-1, Sht-4 .. Sht-10), who may shoot (Sht-14) and artillery fire (Sht-11 ..
// Sht-13): every modifier cell by cell, results for forced dice, the exact odds over 2d6.
#include "rulesets/gwkho/resolve_shooting.hpp"

#include <gtest/gtest.h>

#include <string>

#include "rulesets/gwkho/tests/test_util.hpp"

namespace carroccio::gwkho {
namespace {

using testing::kInch;
using testing::T;

ShotSituation shot(const char* shooter, const char* target, Weapon w = Weapon::kNone) {
  ShotSituation s;
  s.shooter = T(shooter);
  s.target = T(target);
  s.weapon = w;
  s.range = 4 * kInch;
  return s;
}

int clause_sum(const ShotSituation& s, std::string_view clause) {
  int n = 0;
  for (const auto& m : shot_modifiers(s).modifiers)
    if (m.clause == clause) n += m.value;
  return n;
}

TEST(Gwkho_Shooting, Clause_Sht_4_EnfiladeAndShootingRanks) {
  ShotSituation s = shot("Bw(o)", "HI(o)");
  EXPECT_EQ(clause_sum(s, "Sht-4"), 0);
  s.enfilade = true;
  EXPECT_EQ(clause_sum(s, "Sht-4"), 1);
  s.enfilade = false;
  s.ranks = {T("Bw(i)")};  // a second rank of bowmen
  EXPECT_EQ(clause_sum(s, "Sht-4"), 1);
  s.ranks = {T("Bw(o)"), T("Bw(o)")};  // two ranks only
  EXPECT_EQ(clause_sum(s, "Sht-4"), 1);
  s.ranks = {T("LI(o)")};  // not shooters
  EXPECT_EQ(clause_sum(s, "Sht-4"), 0);
  s.ranks = {T("Bw(o)")};
  s.front_rank_only = true;
  EXPECT_EQ(clause_sum(s, "Sht-4"), 0);
  // Re(o) shoot in three ranks.
  s = shot("Re(o)", "Cv(o)");
  s.ranks = {T("Re(o)"), T("Re(o)")};
  EXPECT_EQ(clause_sum(s, "Sht-4"), 2);
  s.shooter = T("Re(s)");
  EXPECT_EQ(clause_sum(s, "Sht-4"), 1);
  // Mounted bow and Lc: only a third rank counts.
  s = shot("Lc(o)", "HI(o)");
  s.ranks = {T("Lc(o)")};
  EXPECT_EQ(clause_sum(s, "Sht-4"), 0);
  s.ranks = {T("Lc(o)"), T("Lc(o)")};
  EXPECT_EQ(clause_sum(s, "Sht-4"), 1);
  s = shot("Cv(o)", "HI(o)", Weapon::kBow);
  s.ranks = {T("Cv(o)")};
  EXPECT_EQ(clause_sum(s, "Sht-4"), 0);
  s.ranks = {T("Cv(o)"), T("Cv(o)")};
  EXPECT_EQ(clause_sum(s, "Sht-4"), 1);
  // Elephants shoot in one rank.
  s = shot("El(o)", "HI(o)", Weapon::kBow);
  s.ranks = {T("El(o)")};
  EXPECT_EQ(clause_sum(s, "Sht-4"), 0);
}

TEST(Gwkho_Shooting, Clause_Sht_5_LongbowAndShot) {
  EXPECT_EQ(clause_sum(shot("Lb(o)", "LI(o)"), "Sht-5"), 1);
  EXPECT_EQ(clause_sum(shot("Lb(s)", "LI(o)"), "Sht-5"), 2);
  EXPECT_EQ(clause_sum(shot("Lb(x)", "LI(o)"), "Sht-5"), 1);  // shoots as Lb(i)
  EXPECT_EQ(clause_sum(shot("Sh(o)", "LI(o)", Weapon::kArquebus), "Sht-5"), 1);
  EXPECT_EQ(clause_sum(shot("Sh(x)", "LI(o)"), "Sht-5"), 0);  // pike and shot do not add 1
  EXPECT_EQ(clause_sum(shot("Lc(o)", "LI(o)", Weapon::kArquebus), "Sht-5"), 1);
  EXPECT_EQ(clause_sum(shot("El(o)", "LI(o)", Weapon::kSwivelGuns), "Sht-5"), 1);
  EXPECT_EQ(clause_sum(shot("Bw(o)", "LI(o)"), "Sht-5"), 0);
  EXPECT_EQ(clause_sum(shot("Xb(o)", "LI(o)"), "Sht-5"), 0);
}

TEST(Gwkho_Shooting, Clause_Sht_6_WeaponAgainstTargetCellByCell) {
  struct Case {
    const char* shooter;
    Weapon weapon;
    const char* target;
    int expected;
  };
  const Weapon none = Weapon::kNone;
  const std::vector<Case> cases = {
      // Crossbow and Lb(s)(o) against Hc and El.
      {"Xb(o)", none, "Hc(o)", 1},
      {"Xb(i)", none, "El(o)", 1},
      {"Lb(o)", none, "Hc(o)", 1},
      {"Lb(s)", none, "El(i)", 1},
      {"Lb(i)", none, "Hc(o)", 0},
      {"Bw(o)", none, "Hc(o)", 0},
      {"Sh(o)", none, "Hc(o)", 0},
      {"Lc(s)", Weapon::kCrossbow, "Hc(o)", 1},
      // Bow, crossbow and mounted bow against horse: +2, +1 against Lc(x).
      {"Xb(o)", none, "Cv(o)", 2},
      {"Bw(i)", none, "Lc(o)", 2},
      {"Lb(i)", none, "Re(o)", 2},
      {"Lc(o)", none, "Re(o)", 2},
      {"Cv(o)", Weapon::kBow, "Cv(o)", 2},
      {"Xb(o)", none, "Lc(x)", 1},
      {"Sh(o)", none, "Cv(o)", 0},
      {"Lc(o)", Weapon::kArquebus, "Cv(o)", 0},
      {"Re(o)", none, "Cv(o)", 0},
      // ... and against (f): another +1.
      {"Xb(o)", none, "Cv(f)", 3},
      {"Bw(o)", none, "LI(f)", 1},
      {"Sh(o)", none, "LI(f)", 0},
      {"Xb(o)", none, "Cv(x)", 3},  // camels are shot at as Cv(f)
      // Bow and Lb(i)(f) and mounted bow against HI, Ph, Pk: -1.
      {"Bw(o)", none, "HI(o)", -1},
      {"Bw(s)", none, "Pk(o)", -1},
      {"Lb(f)", none, "Ph(o)", -1},
      {"Lb(o)", none, "HI(o)", 0},
      {"Cv(o)", Weapon::kLongbow, "HI(o)", -1},
      {"Xb(o)", none, "HI(o)", 0},
      {"Bw(o)", none, "HI(f)", 0},  // -1 and +1 (f)
      // Bow and mounted bow against LI(s) and El(s): -1.
      {"Bw(o)", none, "LI(s)", -1},
      {"Lc(o)", none, "El(s)", -1},
      {"Xb(o)", none, "LI(s)", 0},
      // Pavisers: shot at as HI(s) by bows.
      {"Bw(o)", none, "HI(x)", -1},
      {"El(o)", Weapon::kBow, "Cv(o)", 2},  // an elephant crew's bows are bows
  };
  for (const auto& c : cases) {
    EXPECT_EQ(clause_sum(shot(c.shooter, c.target, c.weapon), "Sht-6"), c.expected)
        << c.shooter << " at " << c.target;
  }
}

TEST(Gwkho_Shooting, Clause_Sht_7_TheTargetsGrade) {
  EXPECT_EQ(clause_sum(shot("Xb(o)", "HI(i)"), "Sht-7"), 1);
  EXPECT_EQ(clause_sum(shot("Xb(o)", "HI(o)"), "Sht-7"), 0);
  for (const char* t : {"Hc(s)", "Cv(s)", "Re(s)", "HI(s)", "LI(x)"})
    EXPECT_EQ(clause_sum(shot("Xb(o)", t), "Sht-7"), -1) << t;
  for (const char* t : {"LI(s)", "Bw(s)", "Pk(s)", "El(s)"})
    EXPECT_EQ(clause_sum(shot("Xb(o)", t), "Sht-7"), 0) << t;
  // Pavisers against crossbows count as HI(s).
  EXPECT_EQ(clause_sum(shot("Xb(o)", "HI(x)"), "Sht-7"), -1);
  EXPECT_EQ(clause_sum(shot("Sh(o)", "HI(x)"), "Sht-7"), 1);  // as HI(i) against shot
  // Muskets ignore the (s) at 5 inches or less.
  ShotSituation s = shot("Sh(o)", "Hc(s)", Weapon::kMusket);
  s.range = 5 * kInch;
  EXPECT_EQ(clause_sum(s, "Sht-7"), 0);
  s.range = 5 * kInch + 1;
  EXPECT_EQ(clause_sum(s, "Sht-7"), -1);
  s.weapon = Weapon::kArquebus;
  s.range = 2 * kInch;
  EXPECT_EQ(clause_sum(s, "Sht-7"), -1);
}

TEST(Gwkho_Shooting, Clause_Sht_8_FootInCover) {
  ShotSituation s = shot("Xb(o)", "HI(o)");
  s.cover = Cover::kCover;
  EXPECT_EQ(clause_sum(s, "Sht-8"), -1);
  s.cover = Cover::kFortification;
  EXPECT_EQ(clause_sum(s, "Sht-8"), -2);
  s.target = T("Cv(o)");  // foot only
  EXPECT_EQ(clause_sum(s, "Sht-8"), 0);
  s = shot("Xb(o)", "HI(o)");
  EXPECT_EQ(clause_sum(s, "Sht-8"), 0);
}

TEST(Gwkho_Shooting, Clause_Sht_9_MountedShooters) {
  EXPECT_EQ(clause_sum(shot("Cv(o)", "HI(o)", Weapon::kBow), "Sht-9"), -1);
  EXPECT_EQ(clause_sum(shot("Lc(o)", "HI(o)"), "Sht-9"), -2);
  EXPECT_EQ(clause_sum(shot("Lc(s)", "HI(o)", Weapon::kCrossbow), "Sht-9"), -2);
  EXPECT_EQ(clause_sum(shot("El(o)", "HI(o)", Weapon::kBow), "Sht-9"), -1);
  EXPECT_EQ(clause_sum(shot("Re(o)", "HI(o)"), "Sht-9"), 0);
  EXPECT_EQ(clause_sum(shot("Bw(o)", "HI(o)"), "Sht-9"), 0);
}

TEST(Gwkho_Shooting, Clause_Sht_10_TheShootersMorale) {
  ShotSituation s = shot("Xb(o)", "HI(o)");
  EXPECT_EQ(clause_sum(s, "Sht-10"), 0);
  s.morale = Morale::kShaken;
  EXPECT_EQ(clause_sum(s, "Sht-10"), -1);
  s.morale = Morale::kBroken;
  EXPECT_EQ(clause_sum(s, "Sht-10"), -2);
}

TEST(Gwkho_Shooting, Clause_Sht_1_TheResultOfForcedDice) {
  // Lb(o) with a second rank at Hc(o): longbow +1, rank +1, Lb(o) against Hc +1.
  ShotSituation s = shot("Lb(o)", "Hc(o)");
  s.ranks = {T("Lb(o)")};
  EXPECT_EQ(shot_modifiers(s).total, 3);
  ShotOutcome o = resolve_shot(s, 4, 5);
  EXPECT_EQ(o.dice, 9);
  EXPECT_EQ(o.total, 12);
  EXPECT_EQ(o.result, Result::kDestroyed);
  EXPECT_EQ(resolve_shot(s, 3, 4).result, Result::kPushBack);  // 10
  EXPECT_EQ(resolve_shot(s, 3, 3).result, Result::kNoEffect);  // 9
  // Elephants rout on 11; artillery crews flee on 10 or more; (s) pike ignore a 10.
  s.target = T("El(o)");
  EXPECT_EQ(resolve_shot(s, 4, 4).result, Result::kRout);  // 8 + 3
  s.target = T("L.Art(o)");
  EXPECT_EQ(resolve_shot(s, 4, 4).result, Result::kCrewFlee);  // 8 + 2
  s = shot("Xb(o)", "Pk(s)");
  EXPECT_EQ(resolve_shot(s, 4, 6).result, Result::kNoEffect);
  EXPECT_EQ(resolve_shot(s, 5, 6).result, Result::kPushBack);
  EXPECT_THROW(resolve_shot(s, 0, 6), std::invalid_argument);
}

TEST(Gwkho_Shooting, Clause_Sht_Odds_ExactOverTwoDice) {
  // No modifier: 12 destroys (1 throw in 36), 10 and 11 push back (3 + 2).
  const ShotOdds plain = shot_odds(shot("Xb(o)", "HI(o)"));
  EXPECT_EQ(plain.total, 36U);
  EXPECT_EQ(plain.weight(Result::kDestroyed), 1U);
  EXPECT_EQ(plain.weight(Result::kPushBack), 5U);
  EXPECT_EQ(plain.weight(Result::kNoEffect), 30U);
  EXPECT_EQ(plain.probability(Result::kPushBack), core::Fraction(5, 36));
  // Against a brute-force count of the 36 throws.
  std::vector<ShotSituation> cases = {shot("Lb(s)", "Cv(f)"), shot("Lc(o)", "El(o)"),
                                      shot("Bw(i)", "HI(s)"), shot("Sh(o)", "L.Art(o)"),
                                      shot("Xb(o)", "Pk(s)")};
  cases[0].ranks = {T("Lb(s)")};
  cases[0].enfilade = true;
  cases[2].cover = Cover::kFortification;
  cases[2].morale = Morale::kBroken;
  for (const auto& s : cases) {
    std::array<std::uint64_t, kNumResults> bf{};
    for (int a = 1; a <= 6; ++a)
      for (int b = 1; b <= 6; ++b) ++bf[static_cast<std::size_t>(resolve_shot(s, a, b).result)];
    const ShotOdds odds = shot_odds(s);
    EXPECT_EQ(odds.weights, bf) << troop_text(s.shooter) << " at " << troop_text(s.target);
    std::uint64_t sum = 0;
    for (auto w : odds.weights) sum += w;
    EXPECT_EQ(sum, 36U);
  }
  // Lb(s) with a rank, enfilading Cv(f): +1 +1 +2 +2 +1 = 7: a 5 destroys.
  EXPECT_EQ(shot_odds(cases[0]).weight(Result::kDestroyed), 30U);
}

TEST(Gwkho_Shooting, Clause_Sht_14_WhoMayShoot) {
  ShooterState s{.troop = T("Bw(o)")};
  EXPECT_TRUE(may_shoot(s).allowed);
  EXPECT_FALSE(may_shoot({.troop = T("HI(o)")}).allowed);  // no missile weapon
  EXPECT_FALSE(may_shoot({.troop = T("H.Art(o)")}).allowed);
  // Moving and shooting: not after shooting last phase; over 3 inches only the front rank.
  s.moved = 2 * kInch;
  EXPECT_TRUE(may_shoot(s).allowed);
  EXPECT_FALSE(may_shoot(s).front_rank_only);
  s.moved = 4 * kInch;
  EXPECT_TRUE(may_shoot(s).front_rank_only);
  s.shot_last_phase = true;
  EXPECT_FALSE(may_shoot(s).allowed);
  // Re(o) and Lc may always move and shoot, but not after fighting.
  ShooterState lc{.troop = T("Lc(o)"), .moved = 6 * kInch, .shot_last_phase = true};
  EXPECT_TRUE(may_shoot(lc).allowed);
  EXPECT_FALSE(may_shoot(lc).front_rank_only);
  lc.fought_last_bound = true;
  EXPECT_FALSE(may_shoot(lc).allowed);
  lc.moved = 0;
  EXPECT_TRUE(may_shoot(lc).allowed);
  // Dismounted this bound: no.
  EXPECT_FALSE(may_shoot({.troop = T("Bw(i)"), .dismounted_this_bound = true}).allowed);
  // Shot that moved in their own bound do not fire in the enemy's, but non-(i) arquebus (one
  // rank).
  ShooterState sh{.troop = T("Sh(o)"),
                  .weapon = Weapon::kHandgun,
                  .own_bound = false,
                  .moved_last_own_bound = true};
  EXPECT_FALSE(may_shoot(sh).allowed);
  sh.weapon = Weapon::kArquebus;
  EXPECT_TRUE(may_shoot(sh).allowed);
  EXPECT_TRUE(may_shoot(sh).front_rank_only);
  sh.troop = T("Sh(i)");
  EXPECT_FALSE(may_shoot(sh).allowed);
  sh.own_bound = true;
  EXPECT_TRUE(may_shoot(sh).allowed);
}

// ---- Artillery ----

CombatSide side(const char* troop) {
  CombatSide s;
  s.troop = T(troop);
  return s;
}

TEST(Gwkho_Shooting, Clause_Sht_11_ArtilleryFireUsesTheCloseCombatFactors) {
  // Reiters count 3 against artillery fire; heavy artillery 5.
  CombatSituation s = artillery_fire(side("H.Art(o)"), side("Re(o)"));
  CombatFactors f = combat_factors(s);
  EXPECT_EQ(f.a.total, 5);
  EXPECT_EQ(f.b.total, 3);
  // H.Art against artillery 4; the target's general, morale and fortification count; its ranks,
  // overlaps and the gun's flank do not.
  CombatSide guns = side("L.Art(o)");
  guns.general = true;
  guns.morale = Morale::kShaken;
  s = artillery_fire(side("H.Art(o)"), guns);
  EXPECT_EQ(combat_factors(s).a.total, 4);
  EXPECT_EQ(combat_factors(s).b.total, 4 + 1 - 1);
  CombatSide pike = side("Pk(o)");
  pike.ranks = {T("Pk(o)"), T("Pk(o)")};
  pike.flank_enemies = 1;
  pike.behind_fortification = true;
  s = artillery_fire(side("L.Art(o)"), pike);
  EXPECT_EQ(combat_factors(s).b.total, 3 + 1);
  // Only the target suffers.
  s = artillery_fire(side("L.Art(i)"), side("El(o)"));
  const CombatOdds odds = combat_odds(s);
  EXPECT_EQ(odds.weight_a(Result::kNoEffect), odds.total);
  EXPECT_EQ(resolve_combat(s, 5, 3).b, Result::kFlee);       // 9 against 7: elephants flee
  EXPECT_EQ(resolve_combat(s, 6, 1).b, Result::kDestroyed);  // 10 against 5: doubled
  EXPECT_EQ(resolve_combat(s, 1, 6).a, Result::kNoEffect);
  // Artillery doubled by artillery is destroyed; beaten, the crew flee.
  s = artillery_fire(side("H.Art(o)"), side("L.Art(o)"));
  EXPECT_EQ(resolve_combat(s, 6, 1).b, Result::kDestroyed);  // 10 against 5
  EXPECT_EQ(resolve_combat(s, 3, 2).b, Result::kCrewFlee);
}

TEST(Gwkho_Shooting, Clause_Sht_12_GunpowderArtillerysSecondShot) {
  EXPECT_TRUE(second_shot_allowed(T("H.Art(o)"), Going::kOpen, Going::kOpen));
  EXPECT_TRUE(second_shot_allowed(T("L.Art(s)"), Going::kRoad, Going::kOpen));
  EXPECT_FALSE(second_shot_allowed(T("H.Art(i)"), Going::kOpen, Going::kOpen));  // trebuchets
  EXPECT_FALSE(second_shot_allowed(T("L.Art(i)"), Going::kOpen, Going::kOpen));  // bolts
  EXPECT_FALSE(second_shot_allowed(T("H.Art(o)"), Going::kBad, Going::kOpen));
  EXPECT_FALSE(second_shot_allowed(T("H.Art(o)"), Going::kOpen, Going::kRough));
  EXPECT_FALSE(second_shot_allowed(T("HI(o)"), Going::kOpen, Going::kOpen));
  EXPECT_EQ(second_target_inches(), 2);
}

TEST(Gwkho_Shooting, Clause_Sht_13_ArtilleryFiresInItsOwnBound) {
  EXPECT_EQ(artillery_may_fire(T("H.Art(o)"), true, false), ArtilleryFire::kAsArtillery);
  EXPECT_EQ(artillery_may_fire(T("H.Art(o)"), false, false), ArtilleryFire::kNone);
  EXPECT_EQ(artillery_may_fire(T("H.Art(o)"), true, true), ArtilleryFire::kNone);
  EXPECT_EQ(artillery_may_fire(T("L.Art(f)"), true, true), ArtilleryFire::kAsShot);
  EXPECT_EQ(artillery_may_fire(T("L.Art(o)"), true, true), ArtilleryFire::kNone);
  EXPECT_EQ(artillery_may_fire(T("HI(o)"), true, false), ArtilleryFire::kNone);
  // Firing as shot: the shot's +1, its own table.
  EXPECT_EQ(shot_kind(T("L.Art(f)")), ShotKind::kFirearm);
  EXPECT_EQ(shot_kind(T("L.Art(o)")), ShotKind::kNone);
  EXPECT_EQ(clause_sum(shot("L.Art(x)", "HI(o)"), "Sht-5"), 1);
  EXPECT_TRUE(may_shoot({.troop = T("L.Art(f)"), .moved = kInch}).allowed);
}

}  // namespace
}  // namespace carroccio::gwkho
