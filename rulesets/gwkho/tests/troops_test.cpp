// Troops (rules Tr-1 to Tr-7, Dis-1, Mov-7 and the morale classes of Mor-3 to Mor-5): the
// vocabulary, and the troop tables of rulesets/gwkho/data/troops.json cell by cell.
#include <gtest/gtest.h>

#include <array>
#include <map>

#include "rulesets/gwkho/tables.hpp"
#include "rulesets/gwkho/tests/test_util.hpp"

namespace carroccio::gwkho {
namespace {

using testing::T;

// The legal pairs of the points table (medieval and later era), for loops over every troop.
using testing::every_troop;

// "Hc(s) Hc(o) ..." of the troops in `pred`.
template <typename Pred>
std::string members(Pred pred) {
  std::string out;
  for (Troop t : every_troop())
    if (pred(t)) out += (out.empty() ? "" : " ") + troop_text(t);
  return out;
}

TEST(Gwkho_Troops, Clause_Tr_1_FifteenTypesMountedAndFoot) {
  const std::array<const char*, kNumTypes> ids = {"Hc", "Cv", "Re", "Lc",    "El",
                                                  "Ph", "Pk", "HI", "LI",    "Bw",
                                                  "Lb", "Xb", "Sh", "L.Art", "H.Art"};
  for (std::size_t i = 0; i < ids.size(); ++i) {
    auto t = type_from_id(ids[i]);
    ASSERT_TRUE(t.has_value()) << ids[i];
    EXPECT_EQ(*t, kAllTypes[i]);
    EXPECT_EQ(type_id(*t), ids[i]);
    EXPECT_EQ(is_mounted(*t), i < 5) << ids[i];  // Hc Cv Re Lc El are mounted
  }
  EXPECT_EQ(type_name(TroopType::kLArt), "light artillery");
  // Negative: names of other rulesets, and the wrong case, are not types.
  EXPECT_FALSE(type_from_id("Kn").has_value());
  EXPECT_FALSE(type_from_id("hc").has_value());
  EXPECT_FALSE(type_from_id("Ph/Pk").has_value());
  EXPECT_FALSE(is_mounted(TroopType::kHArt));
  EXPECT_TRUE(is_artillery(TroopType::kHArt));
  EXPECT_FALSE(is_artillery(TroopType::kSh));
}

TEST(Gwkho_Troops, Clause_Tr_2_TroopsAndSetsAreWrittenAsTheBookWritesThem) {
  EXPECT_EQ(T("Hc(s)"), (Troop{TroopType::kHc, Grade::kS}));
  EXPECT_EQ(T("L.Art(x)"), (Troop{TroopType::kLArt, Grade::kX}));
  EXPECT_EQ(troop_text(T("Lb(f)")), "Lb(f)");
  for (const char* bad : {"Hc", "Hc(s)(o)", "Hc(q)", "Zz(s)", "Hc(s", "(s)", ""})
    EXPECT_FALSE(parse_troop(bad).ok()) << bad;

  auto set = TroopSet::parse("Hc(s)(o), LI, (x), artillery");
  ASSERT_TRUE(set.ok()) << set.message();
  EXPECT_TRUE(set->contains(T("Hc(o)")));
  EXPECT_FALSE(set->contains(T("Hc(i)")));
  EXPECT_TRUE(set->contains(T("LI(i)")));
  EXPECT_TRUE(set->contains(T("Sh(x)")));  // (x) of every type
  EXPECT_FALSE(set->contains(T("Sh(s)")));
  EXPECT_TRUE(set->contains(T("H.Art(o)")));
  EXPECT_EQ(set->text(), "Hc(s)(o), LI, (x), artillery");
  auto foot = TroopSet::parse("foot");
  ASSERT_TRUE(foot.ok());
  EXPECT_TRUE(foot->contains(T("L.Art(s)")));
  EXPECT_FALSE(foot->contains(T("El(s)")));
  for (const char* bad : {"", "Hc,", "Hc(q)", "Kn", "Hc(s)x", "(z)"})
    EXPECT_FALSE(TroopSet::parse(bad).ok()) << bad;
}

TEST(Gwkho_Troops, Clause_Tr_4_BasesAreFortyWideAndDeepByType) {
  const std::map<TroopType, int> depth = {
      {TroopType::kHc, 30}, {TroopType::kCv, 30},   {TroopType::kRe, 30},  {TroopType::kLc, 30},
      {TroopType::kEl, 40}, {TroopType::kPh, 20},   {TroopType::kPk, 20},  {TroopType::kHI, 20},
      {TroopType::kLI, 20}, {TroopType::kBw, 20},   {TroopType::kLb, 20},  {TroopType::kXb, 20},
      {TroopType::kSh, 20}, {TroopType::kLArt, 40}, {TroopType::kHArt, 40}};
  for (TroopType t : kAllTypes) {
    EXPECT_EQ(base_size(t).width_mm, 40) << type_id(t);
    EXPECT_EQ(base_size(t).depth_mm, depth.at(t)) << type_id(t);
  }
  // Negative: artillery are foot, but their bases are as deep as elephants'.
  EXPECT_NE(base_size(TroopType::kLArt).depth_mm, base_size(TroopType::kLI).depth_mm);
}

TEST(Gwkho_Troops, Clause_Tr_5_ElementEquivalentsCellByCell) {
  // Halves of an e/e per troop, S O F I X; 0 where the pair does not exist.
  const std::map<TroopType, std::array<int, 5>> book = {
      {TroopType::kHc, {2, 2, 2, 2, 0}},  {TroopType::kCv, {2, 2, 2, 2, 2}},
      {TroopType::kRe, {2, 2, 2, 2, 2}},  {TroopType::kLc, {2, 1, 0, 1, 2}},
      {TroopType::kEl, {4, 4, 0, 4, 0}},  {TroopType::kPh, {2, 2, 2, 2, 1}},
      {TroopType::kPk, {2, 2, 2, 2, 1}},  {TroopType::kHI, {2, 2, 2, 2, 2}},
      {TroopType::kLI, {2, 2, 1, 1, 2}},  {TroopType::kBw, {2, 2, 1, 1, 2}},
      {TroopType::kLb, {2, 2, 2, 2, 2}},  {TroopType::kXb, {2, 2, 2, 2, 2}},
      {TroopType::kSh, {2, 2, 2, 2, 2}},  {TroopType::kLArt, {2, 2, 2, 2, 2}},
      {TroopType::kHArt, {2, 2, 2, 2, 2}}};
  int checked = 0;
  for (TroopType t : kAllTypes)
    for (Grade g : kAllGrades) {
      if (!points_cell({t, g}).exists) {
        EXPECT_EQ(book.at(t)[static_cast<std::size_t>(index_of(g))], 0) << troop_text({t, g});
        continue;
      }
      EXPECT_EQ(element_equivalents({t, g}).halves,
                book.at(t)[static_cast<std::size_t>(index_of(g))])
          << troop_text({t, g});
      ++checked;
    }
  EXPECT_EQ(checked, 71);
  EXPECT_EQ(element_equivalents(T("LI(i)")).text(), "0.5");
  EXPECT_EQ(element_equivalents(T("El(s)")).text(), "2");
}

TEST(Gwkho_Troops, Clause_Tr_6_StatusesAndWhoMayHaveThem) {
  // Berserkers are light infantry only.
  for (Troop t : every_troop())
    EXPECT_EQ(status_forbidden(Status::kBerserker, t).has_value(), t.type != TroopType::kLI)
        << troop_text(t);
  EXPECT_EQ(*status_forbidden(Status::kBerserker, T("HI(o)")),
            "only light infantry may be berserkers");
  // Mutinous and brittle: never (s), except artillery.
  for (Status s : {Status::kMutinous, Status::kBrittle})
    for (Troop t : every_troop())
      EXPECT_EQ(status_forbidden(s, t).has_value(), t.grade == Grade::kS && !is_artillery(t.type))
          << status_id(s) << " " << troop_text(t);
  EXPECT_EQ(*status_forbidden(Status::kBrittle, T("Hc(s)")),
            "(s) troops other than artillery may never be brittle");
  // Stubborn and unreliable: anyone.
  for (Status s : {Status::kStubborn, Status::kUnreliable, Status::kNone})
    for (Troop t : every_troop()) EXPECT_FALSE(status_forbidden(s, t).has_value());
  EXPECT_EQ(status_from_id("berserker"), Status::kBerserker);
  EXPECT_FALSE(status_from_id("fanatic").has_value());
}

TEST(Gwkho_Troops, Clause_Tr_7_ParenthesisedGradesBelongToTheLaterEra) {
  std::string later;
  for (Troop t : every_troop())
    if (points_cell(t).later_era) later += (later.empty() ? "" : " ") + troop_text(t);
  EXPECT_EQ(later, "Re(x) L.Art(x)");
  EXPECT_FALSE(troop_exists(T("Re(x)"), Era::kMedieval));
  EXPECT_TRUE(troop_exists(T("Re(x)"), Era::kHorseAndMusket));
  EXPECT_TRUE(troop_exists(T("Re(o)"), Era::kMedieval));
  // Negative: a pair that does not exist exists in no era.
  EXPECT_FALSE(troop_exists(T("Hc(x)"), Era::kHorseAndMusket));
}

TEST(Gwkho_Morale, Clause_Mor_3_HeavyTroops) {
  EXPECT_EQ(members([](Troop t) { return is_heavy(t); }),
            "Hc(s) Hc(o) Hc(f) Hc(i) Cv(s) Cv(o) Re(s) Re(o) Re(f) Re(i) Re(x) Ph(s) Ph(o) Ph(f) "
            "Ph(i) Ph(x) Pk(s) Pk(o) Pk(f) Pk(i) Pk(x) HI(s) HI(o) HI(i) HI(x) Bw(s) Xb(x) Sh(s)");
  // Negative: HI(f) and Cv(i) are not heavy; a berserker is, whatever its troop (Mor-8).
  EXPECT_FALSE(is_heavy(T("HI(f)")));
  EXPECT_FALSE(is_heavy(T("Cv(i)")));
  EXPECT_TRUE(is_heavy(T("LI(f)"), Status::kBerserker));
  EXPECT_FALSE(is_heavy(T("LI(f)"), Status::kStubborn));
}

TEST(Gwkho_Morale, Clause_Mor_4_EliteHeavyTroops) {
  EXPECT_EQ(members(is_elite_heavy), "Hc(s) Cv(s) Re(s) Pk(s) Pk(o) HI(s) Bw(s) Lb(s) Xb(x) Sh(s)");
  EXPECT_FALSE(is_elite_heavy(T("Ph(s)")));  // the pike, not the phalanx
}

TEST(Gwkho_Morale, Clause_Mor_5_MissileTroopsAndTheSteadyOnes) {
  EXPECT_EQ(members(is_missile),
            "Bw(s) Bw(o) Bw(f) Bw(i) Bw(x) Lb(s) Lb(o) Lb(f) Lb(i) Lb(x) Xb(s) Xb(o) Xb(f) Xb(i) "
            "Xb(x) Sh(s) Sh(o) Sh(f) Sh(i) Sh(x)");
  EXPECT_EQ(members(is_steady_missile), "Bw(s) Lb(s) Xb(x) Sh(s)");
  EXPECT_FALSE(is_missile(T("L.Art(s)")));
  EXPECT_FALSE(is_missile(T("Lc(o)")));
}

TEST(Gwkho_Movement, Clause_Mov_7_ImpetuousTroops) {
  EXPECT_EQ(members([](Troop t) { return is_impetuous(t, Status::kNone); }),
            "Hc(s) Hc(o) Hc(f) Re(s) Re(f) Pk(s) HI(f) LI(s) LI(f)");
  // LI(f)(s) are not impetuous when the nearest enemy is heavy cavalry; the others still are.
  EXPECT_EQ(members([](Troop t) {
              return is_impetuous(t, Status::kNone, {.nearest_enemy_is_hc = true});
            }),
            "Hc(s) Hc(o) Hc(f) Re(s) Re(f) Pk(s) HI(f)");
  // Shaken or broken troops never are; anyone but artillery is when the nearest enemy is broken.
  EXPECT_FALSE(is_impetuous(T("Pk(s)"), Status::kNone, {.morale = Morale::kShaken}));
  EXPECT_FALSE(is_impetuous(T("Hc(s)"), Status::kNone, {.morale = Morale::kBroken}));
  EXPECT_TRUE(is_impetuous(T("Bw(i)"), Status::kNone, {.nearest_enemy_broken = true}));
  EXPECT_FALSE(is_impetuous(T("H.Art(o)"), Status::kNone, {.nearest_enemy_broken = true}));
  // Berserkers are impetuous (Mor-8).
  EXPECT_TRUE(is_impetuous(T("LI(i)"), Status::kBerserker));
  EXPECT_FALSE(is_impetuous(T("LI(i)"), Status::kNone));
}

// "HI(o) HI(s)[english_after_1300]": what a troop dismounts as, with each option's condition.
std::string dismounts(const char* troop) {
  std::string out;
  for (const auto& o : dismount_options(T(troop))) {
    out += (out.empty() ? "" : " ") + troop_text(o.to);
    if (o.when != DismountWhen::kAlways) out += "[" + std::string(dismount_when_id(o.when)) + "]";
  }
  return out;
}

TEST(Gwkho_Troops, Clause_Dis_1_TheDismountTableCellByCell) {
  const std::map<std::string, std::string> book = {
      {"Hc(s)", "HI(s)"},
      {"Hc(o)", "HI(o) HI(s)[english_after_1300]"},
      {"Hc(f)", "HI(o) HI(s)[english_after_1300]"},
      {"Hc(i)", "HI(o) HI(s)[english_after_1300]"},
      {"Re(s)", "LI(s)"},
      {"Re(o)", "LI(s)"},
      {"Re(f)", "LI(s)"},
      {"Re(i)", "LI(s)"},
      {"Re(x)", "LI(s)"},
      {"Cv(s)", "LI(o) Bw(s)"},
      {"Cv(o)", "LI(o) Bw(o)[bow] Lb(i)[longbow] HI(i)[western]"},
      {"Cv(f)", "LI(o)"},
      {"Cv(i)", "LI(i) Bw(i)[bow]"},
      {"Cv(x)", "LI(f)"},
      {"Lc(s)", "Bw(o)[crossbow] Bw(f) LI(i) Sh(i)[arquebus]"},
      {"Lc(o)", "Bw(i) LI(i) Sh(i)[arquebus]"},
      {"Lc(i)", "Bw(i) LI(i) Sh(i)[arquebus]"},
      {"Lc(x)", "LI(i)"},
      {"El(s)", ""},
      {"El(o)", ""},
      {"El(i)", ""},
  };
  int checked = 0;
  for (Troop t : every_troop()) {
    const std::string text = troop_text(t);
    if (!is_mounted(t.type)) {
      EXPECT_TRUE(dismount_options(t).empty()) << text;  // negative: foot do not dismount
      continue;
    }
    ASSERT_TRUE(book.count(text)) << text;
    EXPECT_EQ(dismounts(text.c_str()), book.at(text)) << text;
    ++checked;
  }
  EXPECT_EQ(checked, static_cast<int>(book.size()));
}

}  // namespace
}  // namespace carroccio::gwkho
