// The pure tables of movement (Mov-1 to Mov-6), shooting (Sht-1 to Sht-3) and close combat (CC-1
// to CC-4), cell by cell, and the data loader's refusals.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <map>

#include "rulesets/gwkho/combat.hpp"
#include "rulesets/gwkho/movement.hpp"
#include "rulesets/gwkho/shooting.hpp"
#include "rulesets/gwkho/tests/test_util.hpp"

namespace carroccio::gwkho {
namespace {

using testing::T;

using testing::every_troop;

// ---- Movement ----

constexpr int kNo = -1;  // "-": may not enter
const std::map<TroopType, std::array<int, 4>> kBookMoves = {
    {TroopType::kHArt, {1, 0, kNo, 3}}, {TroopType::kLArt, {2, 1, kNo, 4}},
    {TroopType::kPh, {3, 3, 2, 5}},     {TroopType::kPk, {3, 3, 2, 5}},
    {TroopType::kHI, {3, 3, 2, 5}},     {TroopType::kSh, {3, 3, 2, 5}},
    {TroopType::kXb, {3, 3, 2, 5}},     {TroopType::kLb, {3, 3, 2, 5}},
    {TroopType::kBw, {3, 3, 2, 5}},     {TroopType::kLI, {4, 4, 3, 5}},
    {TroopType::kEl, {4, 4, 3, 5}},     {TroopType::kRe, {5, 4, 2, 7}},
    {TroopType::kHc, {5, 4, 2, 7}},     {TroopType::kCv, {6, 4, 2, 8}},
    {TroopType::kLc, {7, 4, 2, 8}}};
constexpr std::array<Going, 4> kGoings = {Going::kOpen, Going::kRough, Going::kBad, Going::kRoad};

int moves(const char* troop, Going g, const MoveCase& c = {}) {
  return move_inches(T(troop), g, c).value_or(kNo);
}

TEST(Gwkho_Movement, Clause_Mov_1_TheMovementTableCellByCell) {
  int checked = 0;
  for (TroopType t : kAllTypes)
    for (std::size_t k = 0; k < kGoings.size(); ++k) {
      const auto got = move_inches({t, Grade::kO}, kGoings[k]);
      EXPECT_EQ(got.value_or(kNo), kBookMoves.at(t)[k]) << type_id(t) << " going " << k;
      ++checked;
    }
  EXPECT_EQ(checked, 60);
  // Every grade but (f) moves as the table says.
  for (Troop t : every_troop()) {
    if (t.grade == Grade::kF) continue;
    for (std::size_t k = 0; k < kGoings.size(); ++k)
      EXPECT_EQ(move_inches(t, kGoings[k]).value_or(kNo), kBookMoves.at(t.type)[k])
          << troop_text(t);
  }
}

TEST(Gwkho_Movement, Clause_Mov_2_FastTroopsMoveFurther) {
  // (f) foot: +1 in open and rough going.
  EXPECT_EQ(moves("LI(f)", Going::kOpen), 5);
  EXPECT_EQ(moves("LI(f)", Going::kRough), 5);
  EXPECT_EQ(moves("LI(f)", Going::kBad), 3);
  EXPECT_EQ(moves("LI(f)", Going::kRoad), 5);
  EXPECT_EQ(moves("HI(f)", Going::kRough), 4);
  EXPECT_EQ(moves("H.Art(f)", Going::kRough), 1);  // artillery are foot (ruling G-11)
  EXPECT_EQ(moves("H.Art(f)", Going::kBad), kNo);  // "-" stays "-"
  // (f) mounted: +1 in open going only.
  EXPECT_EQ(moves("Cv(f)", Going::kOpen), 7);
  EXPECT_EQ(moves("Cv(f)", Going::kRough), 4);
  EXPECT_EQ(moves("Hc(f)", Going::kRoad), 7);
  // Negative: (o) and (s) do not.
  EXPECT_EQ(moves("Cv(s)", Going::kOpen), 6);
}

TEST(Gwkho_Movement, Clause_Mov_3_RoutersMoveAnInchMore) {
  const MoveCase rout{.routing = true};
  EXPECT_EQ(moves("Hc(o)", Going::kOpen, rout), 6);
  EXPECT_EQ(moves("Hc(o)", Going::kRough, rout), 5);
  EXPECT_EQ(moves("Cv(f)", Going::kOpen, rout), 8);
  // Not in bad going, not on a road, not LI(f), not dismounted heavy cavalry.
  EXPECT_EQ(moves("Hc(o)", Going::kBad, rout), 2);
  EXPECT_EQ(moves("Hc(o)", Going::kRoad, rout), 7);
  EXPECT_EQ(moves("LI(f)", Going::kOpen, rout), 5);
  EXPECT_EQ(moves("LI(o)", Going::kOpen, rout), 5);
  EXPECT_EQ(moves("HI(s)", Going::kOpen, {.routing = true, .dismounted_hc = true}), 3);
  EXPECT_EQ(moves("HI(s)", Going::kOpen, rout), 4);
}

TEST(Gwkho_Movement, Clause_Mov_4_SwissAndLandsknechtPikeFarFromTheEnemy) {
  const MoveCase far{.swiss_or_landsknecht = true, .beyond_swiss_fast_distance = true};
  EXPECT_EQ(swiss_fast_beyond_inches(), 12);
  EXPECT_EQ(moves("Pk(s)", Going::kOpen, far), 4);
  EXPECT_EQ(moves("Pk(o)", Going::kRough, far), 4);
  EXPECT_EQ(moves("Pk(i)", Going::kOpen, far), 3);                             // only (s) and (o)
  EXPECT_EQ(moves("Pk(s)", Going::kOpen, {.swiss_or_landsknecht = true}), 3);  // within 12"
  EXPECT_EQ(moves("Pk(s)", Going::kOpen, {.beyond_swiss_fast_distance = true}), 3);
}

TEST(Gwkho_Movement, Clause_Mov_5_AtMostThreeInchesAcrossAFord) {
  EXPECT_EQ(ford_max_inches(), 3);
  EXPECT_EQ(moves("Lc(o)", Going::kOpen, {.crosses_ford = true}), 3);
  EXPECT_EQ(moves("H.Art(o)", Going::kOpen, {.crosses_ford = true}), 1);
  EXPECT_EQ(moves("Lc(o)", Going::kOpen), 7);
}

TEST(Gwkho_Movement, Clause_Mov_6_FreeHalfTurns) {
  for (Troop t : every_troop()) {
    int expected = 0;
    if (t.type == TroopType::kLc) expected = 2;
    // The PIP rules add Bw(f) to the movement notes' Cv(f) and Re(o) (ruling G-11).
    if (t == T("Cv(f)") || t == T("Re(o)") || t == T("Bw(f)")) expected = 1;
    EXPECT_EQ(free_half_turns(t), expected) << troop_text(t);
  }
}

// ---- Shooting ----

int range(const char* troop, Weapon w = Weapon::kNone, int year = 1400) {
  return shooting_range(T(troop), w, year).value_or(kNo);
}

TEST(Gwkho_Shooting, Clause_Sht_2_RangesByWeapon) {
  for (const char* lb : {"Lb(s)", "Lb(o)", "Lb(f)", "Lb(i)", "Lb(x)"}) EXPECT_EQ(range(lb), 8);
  for (const char* xb : {"Xb(s)", "Xb(o)", "Xb(f)", "Xb(i)", "Xb(x)"}) EXPECT_EQ(range(xb), 8);
  EXPECT_EQ(range("Bw(s)"), 8);
  EXPECT_EQ(range("Bw(o)"), 7);
  EXPECT_EQ(range("Bw(x)"), 7);  // shoots as Bw(o)
  EXPECT_EQ(range("Bw(i)"), 5);
  EXPECT_EQ(range("Bw(f)"), 5);
  EXPECT_EQ(range("Sh(o)", Weapon::kHandgun, 1470), 4);  // handguns to 1470
  EXPECT_EQ(range("Sh(o)", Weapon::kHandgun, 1471), 5);  // later handguns
  EXPECT_EQ(range("Sh(o)", Weapon::kNone, 1450), 4);     // a handgun unless stated
  EXPECT_EQ(range("Sh(o)", Weapon::kArquebus), 5);
  EXPECT_EQ(range("Sh(o)", Weapon::kMusket), 8);
  EXPECT_EQ(range("Sh(i)", Weapon::kMusket), 5);  // poorly trained muskets count as arquebus
  for (const char* re : {"Re(s)", "Re(o)", "Re(f)", "Re(i)"}) EXPECT_EQ(range(re), 3);
  EXPECT_EQ(range("Lc(o)"), 5);  // mounted bow
  EXPECT_EQ(range("Lc(s)", Weapon::kCrossbow), 8);
  EXPECT_EQ(range("Lc(i)", Weapon::kArquebus), 5);
  EXPECT_EQ(range("Lc(x)"), kNo);  // javelins only (ruling G-19a)
  EXPECT_EQ(range("Cv(o)", Weapon::kBow), 5);
  EXPECT_EQ(range("Cv(o)"), kNo);
  EXPECT_EQ(range("El(s)", Weapon::kBow), 7);         // as Bw(o)
  EXPECT_EQ(range("El(s)", Weapon::kFirearms), 5);    // as arquebus
  EXPECT_EQ(range("El(s)", Weapon::kSwivelGuns), 8);  // as Mu(i)
  EXPECT_EQ(range("El(s)"), kNo);
  for (const char* none : {"Hc(s)", "HI(o)", "LI(f)", "Ph(o)", "Pk(s)"})
    EXPECT_EQ(range(none), kNo) << none;
}

TEST(Gwkho_Shooting, Clause_Sht_3_ArtilleryRangesCellByCell) {
  // S O F I X (the printed table lists s, o, i, f, x).
  const std::array<int, 5> heavy = {20, 15, 20, 8, 15}, light = {8, 12, 16, 12, 12};
  for (Grade g : kAllGrades) {
    const auto k = static_cast<std::size_t>(index_of(g));
    EXPECT_EQ(artillery_range({TroopType::kHArt, g}), heavy[k]) << grade_letter(g);
    EXPECT_EQ(artillery_range({TroopType::kLArt, g}), light[k]) << grade_letter(g);
    EXPECT_EQ(shooting_range({TroopType::kHArt, g}), heavy[k]) << grade_letter(g);
  }
  EXPECT_FALSE(artillery_range(T("Lb(s)")).has_value());
}

TEST(Gwkho_Shooting, Clause_Sht_1_TheTwoDiceBands) {
  using R = Result;
  for (int total = -3; total <= 16; ++total) {
    const R ordinary = total >= 12 ? R::kDestroyed : total >= 10 ? R::kPushBack : R::kNoEffect;
    EXPECT_EQ(shooting_result(total, T("HI(o)")), ordinary) << total;
    EXPECT_EQ(shooting_result(total, T("Pk(o)")), ordinary) << total;
    // Artillery: the crew flee at 10 or more.
    EXPECT_EQ(shooting_result(total, T("H.Art(o)")), total >= 10 ? R::kCrewFlee : R::kNoEffect)
        << total;
    // Elephants rout at 11.
    EXPECT_EQ(shooting_result(total, T("El(s)")), total >= 12   ? R::kDestroyed
                                                  : total == 11 ? R::kRout
                                                  : total == 10 ? R::kPushBack
                                                                : R::kNoEffect)
        << total;
    // (s) pike and phalanx ignore a 10.
    for (const char* s : {"Pk(s)", "Ph(s)"})
      EXPECT_EQ(shooting_result(total, T(s)), total == 10 ? R::kNoEffect : ordinary) << total;
  }
}

// ---- Close combat ----

TEST(Gwkho_Combat, Clause_CC_2_BaseFactorsCellByCell) {
  const std::map<TroopType, std::pair<int, int>> book = {
      {TroopType::kHc, {3, 5}}, {TroopType::kRe, {4, 4}},   {TroopType::kCv, {3, 3}},
      {TroopType::kLc, {2, 2}}, {TroopType::kEl, {4, 5}},   {TroopType::kPh, {3, 3}},
      {TroopType::kPk, {3, 3}}, {TroopType::kHI, {4, 4}},   {TroopType::kLI, {3, 2}},
      {TroopType::kSh, {4, 4}}, {TroopType::kXb, {3, 4}},   {TroopType::kBw, {2, 4}},
      {TroopType::kLb, {3, 5}}, {TroopType::kLArt, {4, 4}}, {TroopType::kHArt, {5, 5}}};
  for (TroopType t : kAllTypes) {
    EXPECT_EQ(base_factor({t, Grade::kO}, T("LI(o)")), book.at(t).first) << type_id(t);
    EXPECT_EQ(base_factor({t, Grade::kO}, T("Cv(o)")), book.at(t).second) << type_id(t);
  }
}

TEST(Gwkho_Combat, Clause_CC_2_TheSpecialCases) {
  // The (x) grade of the phalanx heading: 2 against everyone.
  for (const char* x : {"Ph(x)", "Pk(x)"}) {
    EXPECT_EQ(base_factor(T(x), T("HI(o)")), 2) << x;
    EXPECT_EQ(base_factor(T(x), T("Hc(o)")), 2) << x;
  }
  EXPECT_EQ(base_factor(T("Pk(i)"), T("HI(o)")), 3);
  // Reiters shot at by artillery: 3; in close combat with artillery: 4.
  EXPECT_EQ(base_factor(T("Re(o)"), T("L.Art(o)"), {.artillery_fire = true}), 3);
  EXPECT_EQ(base_factor(T("Re(o)"), T("L.Art(o)")), 4);
  EXPECT_EQ(base_factor(T("Re(o)"), T("HI(o)"), {.artillery_fire = true}), 4);
  // Heavy infantry against shooters just contacted: 5.
  for (const char* s : {"Bw(o)", "Lb(s)", "Xb(i)", "Sh(o)"})
    EXPECT_EQ(base_factor(T("HI(o)"), T(s), {.just_contacted = true}), 5) << s;
  EXPECT_EQ(base_factor(T("HI(o)"), T("Bw(o)")), 4);
  EXPECT_EQ(base_factor(T("HI(o)"), T("LI(o)"), {.just_contacted = true}), 4);
  // Heavy artillery against artillery: 4.
  EXPECT_EQ(base_factor(T("H.Art(o)"), T("L.Art(o)")), 4);
  EXPECT_EQ(base_factor(T("H.Art(o)"), T("HI(o)")), 5);
  // LI(x) fight as HI(o) against LI, HI(i) and HI(x), else as LI(s) (CC-4).
  EXPECT_EQ(base_factor(T("LI(x)"), T("LI(o)")), 4);
  EXPECT_EQ(base_factor(T("LI(x)"), T("Bw(o)")), 3);
  EXPECT_EQ(base_factor(T("LI(x)"), T("Cv(o)")), 2);
}

TEST(Gwkho_Combat, Clause_CC_4_TroopsThatCountAsAnotherGrade) {
  struct Case {
    const char* troop;
    Context context;
    const char* opponent;  // nullptr: none given
    const char* as;
  };
  const Context cc = Context::kCloseCombat, shoot = Context::kShooting, shot = Context::kShotAt,
                move = Context::kMovement;
  const std::vector<Case> cases = {
      {"Cv(x)", cc, "Lc(o)", "Cv(o)"},          {"Cv(x)", cc, "Cv(f)", "Cv(o)"},
      {"Cv(x)", cc, "Cv(x)", "Cv(o)"},          {"Cv(x)", cc, "HI(o)", "Cv(f)"},
      {"Cv(x)", cc, "Hc(o)", "Cv(s)"},          {"Cv(x)", shoot, nullptr, "Cv(f)"},
      {"Cv(x)", shot, "Bw(o)", "Cv(f)"},        {"Cv(x)", move, nullptr, "Cv(x)"},
      {"Cv(x)", cc, nullptr, "Cv(x)"},          {"HI(x)", cc, "Bw(o)", "HI(s)"},
      {"HI(x)", shot, "Lc(o)", "HI(s)"},        {"HI(x)", cc, "Sh(o)", "HI(i)"},
      {"HI(x)", cc, "L.Art(o)", "HI(i)"},       {"HI(x)", cc, "HI(o)", "HI(i)"},
      {"HI(x)", shot, "H.Art(o)", "HI(i)"},     {"HI(x)", cc, "Pk(o)", "HI(o)"},
      {"HI(x)", shot, "Re(o)", "HI(s)"},        {"HI(x)", move, nullptr, "HI(i)"},
      {"HI(x)", shoot, nullptr, "HI(x)"},       {"LI(x)", cc, "HI(i)", "HI(o)"},
      {"LI(x)", cc, "HI(x)", "HI(o)"},          {"LI(x)", cc, "HI(o)", "LI(s)"},
      {"Bw(x)", cc, "HI(o)", "Bw(s)"},          {"Bw(x)", shoot, nullptr, "Bw(o)"},
      {"Bw(x)", shot, nullptr, "Bw(o)"},        {"Lb(x)", cc, "HI(o)", "Lb(s)"},
      {"Lb(x)", shot, nullptr, "Lb(o)"},        {"Lb(x)", shoot, nullptr, "Lb(i)"},
      {"Xb(x)", cc, "HI(o)", "Xb(s)"},          {"Xb(x)", shoot, nullptr, "Xb(s)"},
      {"Xb(x)", shot, nullptr, "Xb(s)"},        {"Sh(x)", cc, "HI(o)", "Sh(s)"},
      {"Sh(x)", shoot, nullptr, "Sh(x)"},       {"H.Art(x)", cc, "HI(o)", "H.Art(s)"},
      {"H.Art(x)", shoot, nullptr, "H.Art(o)"}, {"Ph(x)", cc, "HI(o)", "Ph(i)"},
      {"Pk(x)", cc, "HI(o)", "Pk(i)"},          {"HI(o)", cc, "Bw(o)", "HI(o)"},
      {"Lc(x)", cc, "HI(o)", "Lc(x)"},
  };
  for (const auto& c : cases) {
    const std::optional<Troop> opp =
        c.opponent ? std::optional<Troop>(T(c.opponent)) : std::nullopt;
    EXPECT_EQ(troop_text(counts_as(T(c.troop), c.context, opp)), c.as)
        << c.troop << " against " << (c.opponent ? c.opponent : "-");
  }
}

TEST(Gwkho_Combat, Clause_CC_1_TheCombatDie) {
  const std::vector<std::string> d8 = {"HI(s)", "LI(s)", "LI(f)", "Lb(s)", "Bw(s)"};
  for (Troop t : every_troop()) {
    const bool eight = std::find(d8.begin(), d8.end(), troop_text(t)) != d8.end();
    EXPECT_EQ(combat_die(t), eight ? 8 : 6) << troop_text(t);
  }
  // The listed cases give a d8 to anyone.
  EXPECT_EQ(combat_die(T("LI(i)"), {.berserker = true}), 8);
  EXPECT_EQ(combat_die(T("Pk(o)"), {.swiss_pike_before_1525 = true}), 8);
  EXPECT_EQ(combat_die(T("HI(f)"), {.bad_war = true}), 8);
  // One step for PIPs: a d8 troop to a d10; Pk, Bw(s), Lb, HI and LI on a d6 to a d8.
  EXPECT_EQ(upgraded_combat_die(T("HI(s)")), 10);
  EXPECT_EQ(upgraded_combat_die(T("LI(i)"), {.berserker = true}), 10);
  for (const char* t : {"Pk(o)", "Pk(x)", "Lb(i)", "HI(o)", "LI(i)"})
    EXPECT_EQ(upgraded_combat_die(T(t)), 8) << t;
  for (const char* t : {"Hc(s)", "Bw(o)", "Ph(o)", "Cv(o)", "Xb(s)"})
    EXPECT_FALSE(upgraded_combat_die(T(t)).has_value()) << t;
  // A step to a d8 is one PIP; to a d10 one for the first group of the bound, then two.
  EXPECT_EQ(die_upgrade_pips(0, 8), 1);
  EXPECT_EQ(die_upgrade_pips(3, 8), 1);
  EXPECT_EQ(die_upgrade_pips(0, 10), 1);
  EXPECT_EQ(die_upgrade_pips(1, 10), 2);
  EXPECT_EQ(die_upgrade_pips(3, 10), 2);
}

TEST(Gwkho_Combat, Clause_CC_3_DoubledMeansTwiceOrNothing) {
  EXPECT_TRUE(is_doubled(8, 4));
  EXPECT_FALSE(is_doubled(7, 4));
  EXPECT_TRUE(is_doubled(1, 0));
  EXPECT_TRUE(is_doubled(3, -1));
}

TEST(Gwkho_Combat, Clause_CC_3_TheLosersFateByType) {
  using R = Result;
  struct Case {
    const char* loser;
    const char* winner;
    int margin;
    bool doubled;
    R expected;
    bool just_contacted = false;
    bool good_going = true;
    bool fortified = false;
  };
  const R push = R::kPushBack, flee = R::kFlee, dead = R::kDestroyed, crew = R::kCrewFlee;
  const std::vector<Case> cases = {
      // Hc: by Lc or Re by 2, by Hc or Cv by 3; flee from elephants.
      {"Hc(o)", "Lc(o)", 2, false, dead},
      {"Hc(o)", "Lc(o)", 1, false, push},
      {"Hc(o)", "Re(o)", 2, false, dead},
      {"Hc(o)", "Hc(s)", 3, false, dead},
      {"Hc(o)", "Hc(s)", 2, false, push},
      {"Hc(o)", "Cv(s)", 3, false, dead},
      {"Hc(o)", "El(o)", 1, false, flee},
      {"Hc(o)", "El(o)", 5, true, dead},
      {"Hc(o)", "El(o)", 1, false, push, false, false},
      {"Hc(o)", "HI(o)", 1, false, push},
      {"Hc(o)", "HI(o)", 4, true, dead},
      // Re: pushed back even when doubled.
      {"Re(o)", "HI(o)", 4, true, push},
      {"Re(o)", "HI(o)", 1, false, push},
      // Cv: flee from Re, Sh, Xb.
      {"Cv(o)", "Re(o)", 1, false, flee},
      {"Cv(o)", "Sh(o)", 1, false, flee},
      {"Cv(o)", "Xb(o)", 1, false, flee},
      {"Cv(o)", "HI(o)", 1, false, push},
      {"Cv(o)", "Re(o)", 4, true, dead},
      // Lc: flee from Re, Sh, Xb; doubled by LI, HI, Ph, Pk: flee instead of destroyed.
      {"Lc(o)", "Xb(o)", 1, false, flee},
      {"Lc(o)", "LI(o)", 3, true, flee},
      {"Lc(o)", "HI(o)", 4, true, flee},
      {"Lc(o)", "Pk(o)", 4, true, flee},
      {"Lc(o)", "Hc(o)", 4, true, dead},
      {"Lc(o)", "LI(o)", 1, false, push},
      // Ph/Pk.
      {"Pk(o)", "Hc(o)", 1, false, dead},
      {"Ph(i)", "El(o)", 1, false, dead},
      {"Pk(o)", "LI(f)", 2, false, dead},
      {"Pk(o)", "LI(f)", 1, false, push},
      {"Pk(o)", "LI(x)", 2, false, dead},
      {"Pk(o)", "LI(o)", 2, false, push},
      {"Pk(o)", "LI(o)", 3, false, dead},
      {"Pk(o)", "Re(o)", 3, false, dead},
      {"Pk(o)", "Cv(o)", 3, false, dead},
      {"Pk(o)", "Cv(o)", 2, false, push},
      {"Pk(o)", "Lb(o)", 1, false, dead, true},
      {"Pk(o)", "Lb(o)", 1, false, push},
      {"Ph(o)", "HI(o)", 1, false, push},
      // HI.
      {"HI(o)", "Hc(o)", 1, false, dead},
      {"HI(o)", "Bw(o)", 1, false, dead, true},
      {"HI(o)", "Bw(o)", 1, false, push},
      {"HI(o)", "Cv(o)", 3, false, dead},
      {"HI(o)", "Cv(o)", 2, false, push},
      {"HI(o)", "El(o)", 2, false, dead},
      {"HI(o)", "El(o)", 1, false, push},
      {"HI(o)", "LI(o)", 1, false, push},
      // LI.
      {"LI(o)", "Hc(o)", 1, false, dead},
      {"LI(o)", "Cv(o)", 1, false, push},
      // Sh/Xb.
      {"Xb(o)", "LI(o)", 1, false, dead},
      {"Sh(o)", "Bw(i)", 1, false, dead},
      {"Xb(o)", "Re(o)", 3, false, dead},
      {"Xb(o)", "Re(o)", 2, false, push},
      {"Xb(o)", "Sh(o)", 1, false, flee},
      {"Sh(o)", "HI(o)", 1, false, flee},
      {"Xb(o)", "Ph(o)", 1, false, flee},
      {"Xb(o)", "Pk(o)", 1, false, push},
      {"Xb(o)", "Sh(o)", 1, false, push, false, false},
      {"Xb(o)", "H.Art(o)", 1, false, push},
      // Lb/Bw.
      {"Lb(o)", "Cv(o)", 1, false, dead},
      {"Bw(f)", "Lc(o)", 1, false, dead},
      {"Bw(i)", "HI(o)", 1, false, flee},
      {"Bw(i)", "HI(o)", 3, true, dead},
      {"Bw(o)", "HI(o)", 1, false, push},
      {"Lb(i)", "HI(o)", 1, false, push},
      // Artillery.
      {"L.Art(o)", "HI(o)", 1, false, crew},
      {"L.Art(o)", "HI(o)", 5, true, crew},
      {"H.Art(o)", "L.Art(o)", 5, true, dead},
      {"H.Art(o)", "L.Art(o)", 1, false, crew},
      // Elephants.
      {"El(o)", "Lc(o)", 1, false, dead},
      {"El(o)", "Sh(o)", 1, false, flee},
      {"El(o)", "Re(o)", 1, false, flee},
      {"El(o)", "L.Art(o)", 1, false, flee},
      {"El(o)", "HI(o)", 1, false, push},
      {"El(o)", "Sh(o)", 5, true, dead},
      // Foot behind fortifications: not destroyed by mounted unless doubled.
      {"HI(o)", "Hc(o)", 1, false, push, false, true, true},
      {"HI(o)", "Hc(o)", 5, true, dead, false, true, true},
      {"HI(o)", "Bw(o)", 1, false, dead, true, true, true},
  };
  for (const auto& c : cases) {
    const ResultCase rc{.margin = c.margin,
                        .doubled = c.doubled,
                        .good_going = c.good_going,
                        .just_contacted = c.just_contacted,
                        .loser_behind_fortification = c.fortified};
    EXPECT_EQ(result_id(combat_result(T(c.loser), T(c.winner), rc)), result_id(c.expected))
        << c.loser << " beaten by " << c.winner << " by " << c.margin
        << (c.doubled ? " (doubled)" : "");
  }
}

// ---- The data ----

TEST(Gwkho_Tables, Clause_Data_BrokenDataFilesAreNamed) {
  auto files = embedded_tables();
  ASSERT_TRUE(load_tables_from(files).ok());
  auto with = [&](std::string_view name, std::string text) {
    static std::vector<std::string> keep;
    keep.push_back(std::move(text));
    auto copy = files;
    for (auto& f : copy)
      if (f.first == name) f.second = keep.back();
    return load_tables_from(copy);
  };
  auto replaced = [&](std::string_view name, const std::string& from, const std::string& to) {
    std::string text;
    for (const auto& f : files)
      if (f.first == name) text = std::string(f.second);
    const auto at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    text.replace(at, from.size(), to);
    return with(name, text).message();
  };
  EXPECT_EQ(replaced("points.json", R"({"troops": "Lc", "points": [5, 4, null, 3, 3]})",
                     R"({"troops": "Lc", "points": [5, 4, null, 3]})"),
            "rulesets/gwkho/data/points.json: field 'table.rows[3].points' must list 5 costs, S O "
            "F I X.");
  EXPECT_EQ(replaced("points.json", "\"(8)\"", "\"(8\""),
            "rulesets/gwkho/data/points.json: field 'table.rows[2].points[4]' must be a number, "
            "null or a number in parentheses.");
  EXPECT_EQ(
      replaced("movement.json", R"({"troops": "Lc", "inches")", R"({"troops": "Lc, Cv", "inches")"),
      "rulesets/gwkho/data/movement.json: field 'table.rows' lists Cv 2 times: every type "
      "must be on exactly one row.");
  EXPECT_EQ(replaced("combat.json", R"("result": "flee"})", R"("result": "run"})"),
            "rulesets/gwkho/data/combat.json: field 'results.rows[2].result' is 'run', not a "
            "result.");
  EXPECT_EQ(
      replaced("troops.json", R"("Hc, Re, Cv(s)(o))", R"("Hc, Kn, Cv(s)(o))"),
      "rulesets/gwkho/data/troops.json: field 'morale_classes.heavy' is not a set of troops: "
      "'Kn' in 'Hc, Kn, Cv(s)(o), Ph, Pk, HI(s)(o)(i)(x), Sh(s), Xb(x), Bw(s)' is not a troop "
      "type.");
  EXPECT_EQ(with("army.json", "[]").message(),
            "rulesets/gwkho/data/army.json is not a JSON object.");
  // The rules of play.
  EXPECT_EQ(replaced("combat.json", R"x("ranks": 1, "as": "(s)"})x", R"x("ranks": 1, "as": "s"})x"),
            "rulesets/gwkho/data/combat.json: field 'composite_ranks.rows[0].as' is 's', not a "
            "grade such as \"(s)\".");
  EXPECT_EQ(replaced("pips.json", R"("good": "best_of_two")", R"("good": "best")"),
            "rulesets/gwkho/data/pips.json: field 'dice.good' is 'best', not one, best_of_two or "
            "worse_of_two.");
  EXPECT_EQ(replaced("pips.json", R"("minimum": 1)", R"("minimum": 0)"),
            "rulesets/gwkho/data/pips.json: field 'move.minimum' must be at least 1.");
  EXPECT_EQ(replaced("pips.json", R"(["spanish_16th", "landsknecht", "swiss"])",
                     R"(["spanish", "landsknecht", "swiss"])"),
            "rulesets/gwkho/data/pips.json: field 'move.wheel.exempt_foot_peoples[0]' is "
            "'spanish', not a people the rules name.");
  EXPECT_EQ(replaced("morale.json", R"("half": [1, 2])", R"("half": [2, 1])"),
            "rulesets/gwkho/data/morale.json: field 'losses.half' must be a fraction from 0 to 1.");
  EXPECT_EQ(replaced("shooting.json", R"("kinds": ["crossbow"])", R"("kinds": ["sling"])"),
            "rulesets/gwkho/data/shooting.json: field 'modifiers.pairs[0].kinds[0]' is 'sling', "
            "not a kind of missile.");
  auto without = files;
  without.erase(std::remove_if(without.begin(), without.end(),
                               [](const auto& f) { return f.first == "pips.json"; }),
                without.end());
  EXPECT_EQ(load_tables_from(without).message(), "rulesets/gwkho/data/pips.json is missing.");
}

}  // namespace
}  // namespace carroccio::gwkho
