// Points (rules Pts-1 to Pts-7): the points table cell by cell and every cost beside it.
#include <gtest/gtest.h>

#include <array>
#include <map>

#include "rulesets/gwkho/army.hpp"
#include "rulesets/gwkho/tests/test_util.hpp"

namespace carroccio::gwkho {
namespace {

using testing::T;

// The printed table, columns S O F I X: 0 = no such grade, a negative number = a cost printed in
// parentheses (a later-era grade).
const std::map<TroopType, std::array<int, 5>> kBookPoints = {
    {TroopType::kHc, {14, 11, 10, 8, 0}},    {TroopType::kCv, {9, 7, 6, 5, 6}},
    {TroopType::kRe, {12, 9, 7, 6, -8}},     {TroopType::kLc, {5, 4, 0, 3, 3}},
    {TroopType::kEl, {20, 16, 0, 14, 0}},    {TroopType::kPh, {6, 5, 5, 4, 3}},
    {TroopType::kPk, {6, 5, 5, 4, 3}},       {TroopType::kHI, {8, 6, 6, 4, 6}},
    {TroopType::kLI, {5, 4, 3, 2, 6}},       {TroopType::kBw, {6, 5, 4, 3, 6}},
    {TroopType::kLb, {9, 7, 6, 4, 6}},       {TroopType::kXb, {6, 5, 5, 4, 7}},
    {TroopType::kSh, {7, 5, 5, 4, 4}},       {TroopType::kLArt, {6, 8, 10, 7, -10}},
    {TroopType::kHArt, {20, 15, 15, 14, 16}}};

ElementGroup group(const char* troop) {
  ElementGroup g;
  g.troop = T(troop);
  return g;
}

std::string cost(const ElementGroup& g) { return element_cost(g).each.text(); }

TEST(Gwkho_Points, Clause_Pts_1_ThePointsTableCellByCell) {
  int cells = 0, existing = 0;
  for (TroopType t : kAllTypes)
    for (Grade g : kAllGrades) {
      const int book = kBookPoints.at(t)[static_cast<std::size_t>(index_of(g))];
      const PointsCell& c = points_cell({t, g});
      const std::string where = troop_text({t, g});
      ++cells;
      EXPECT_EQ(c.exists, book != 0) << where;
      if (book == 0) continue;
      ++existing;
      EXPECT_EQ(c.later_era, book < 0) << where;
      EXPECT_EQ(c.cost, Points::whole(book < 0 ? -book : book)) << where;
      // An element with nothing else costs the table's number.
      EXPECT_EQ(element_cost(group(where.c_str())).each, c.cost) << where;
    }
  EXPECT_EQ(cells, 75);
  EXPECT_EQ(existing, 71);
  // Negative: the table is not uniform, so a misplaced column would be caught.
  EXPECT_NE(points_cell(T("L.Art(s)")).cost, points_cell(T("L.Art(f)")).cost);
}

TEST(Gwkho_Points, Clause_Pts_2_TheNotesBesideTheTable) {
  // Hc(o)(f)(i) that dismount as HI(s): +1; Hc(s) already do, at no extra cost.
  for (const char* t : {"Hc(o)", "Hc(f)", "Hc(i)", "Hc(s)"}) {
    ElementGroup g = group(t);
    g.dismount = T("HI(s)");
    EXPECT_EQ(element_cost(g).each, points_cell(g.troop).cost + Points::whole(t[3] == 's' ? 0 : 1))
        << t;
  }
  ElementGroup hc = group("Hc(o)");
  hc.dismount = T("HI(o)");
  EXPECT_EQ(cost(hc), "11");  // negative: the usual dismount costs nothing
  // Lc(s) with crossbow 6; arquebus-armed light cavalry (dismounting as Hg(i)) 5.
  ElementGroup lc = group("Lc(s)");
  lc.weapon = Weapon::kCrossbow;
  EXPECT_EQ(cost(lc), "6");
  lc.troop = T("Lc(o)");
  EXPECT_EQ(cost(lc), "4");  // negative: only Lc(s) pay for the crossbow
  lc.weapon = Weapon::kArquebus;
  EXPECT_EQ(cost(lc), "5");
  lc.troop = T("Lc(i)");
  EXPECT_EQ(cost(lc), "5");
  EXPECT_EQ(element_cost(lc).details, std::vector<std::string>{"with arquebus 5"});
  // Elephants: swivel guns +2, bows or firearms +1.
  ElementGroup el = group("El(o)");
  el.weapon = Weapon::kSwivelGuns;
  EXPECT_EQ(cost(el), "18");
  el.weapon = Weapon::kBow;
  EXPECT_EQ(cost(el), "17");
  el.weapon = Weapon::kFirearms;
  EXPECT_EQ(cost(el), "17");
  // Shot with musket +1; with arquebus nothing.
  ElementGroup sh = group("Sh(o)");
  sh.weapon = Weapon::kMusket;
  EXPECT_EQ(cost(sh), "6");
  sh.weapon = Weapon::kArquebus;
  EXPECT_EQ(cost(sh), "5");
}

TEST(Gwkho_Points, Clause_Pts_3_SpecialStatusCosts) {
  auto with = [](const char* t, Status s) {
    ElementGroup g = group(t);
    g.status = s;
    return cost(g);
  };
  EXPECT_EQ(with("LI(o)", Status::kBerserker), "5");
  EXPECT_EQ(with("HI(o)", Status::kStubborn), "7");    // +1 foot
  EXPECT_EQ(with("Hc(o)", Status::kStubborn), "13");   // +2 mounted
  EXPECT_EQ(with("El(i)", Status::kStubborn), "16");   // elephants are mounted
  EXPECT_EQ(with("LI(i)", Status::kMutinous), "1.5");  // -0.5 for LI(i)
  EXPECT_EQ(with("LI(o)", Status::kMutinous), "3");    // -1 otherwise
  EXPECT_EQ(with("HI(i)", Status::kMutinous), "3");
  EXPECT_EQ(with("Bw(o)", Status::kBrittle), "4.5");
  EXPECT_EQ(with("Bw(i)", Status::kUnreliable), "2");  // the second "Brittle -1" (ruling G-4)
  EXPECT_EQ(with("Bw(i)", Status::kNone), "3");
  ElementGroup g = group("LI(i)");
  g.status = Status::kMutinous;
  EXPECT_EQ(element_cost(g).details, std::vector<std::string>{"mutinous -0.5"});
}

TEST(Gwkho_Points, Clause_Pts_5_MountedInfantry) {
  auto mounted = [](const char* t) {
    ElementGroup g = group(t);
    g.mounted_infantry = true;
    return cost(g);
  };
  EXPECT_EQ(mounted("LI(i)"), "5");   // 2 + 1 = 3 < 5
  EXPECT_EQ(mounted("Bw(o)"), "6");   // 5 + 1 = 6 > 5
  EXPECT_EQ(mounted("Lb(s)"), "10");  // 9 + 1
  EXPECT_EQ(mounted("Sh(i)"), "5");   // 4 + 1 = 5
  // Negative: artillery and mounted troops cannot be mounted infantry.
  const TroopSet& may = default_tables().mounted_infantry;
  EXPECT_TRUE(may.contains(T("HI(o)")));
  EXPECT_FALSE(may.contains(T("L.Art(o)")));
  EXPECT_FALSE(may.contains(T("Cv(i)")));
}

TEST(Gwkho_Points, Clause_Pts_6_CommanderCosts) {
  Command c;
  c.quality = GeneralQuality::kGood;
  EXPECT_EQ(command_cost(c).each.text(), "20");
  c.quality = GeneralQuality::kNormal;
  EXPECT_EQ(command_cost(c).each.text(), "10");
  c.cinc = true;
  EXPECT_EQ(command_cost(c).each.text(), "10");
  c.inert = true;
  EXPECT_EQ(command_cost(c).each.text(), "9");  // an inert commander-in-chief
  c.decisive = true;
  EXPECT_EQ(command_cost(c).each.text(), "14");
  c.exceptional_subordinates = {"A", "B"};
  EXPECT_EQ(command_cost(c).each.text(), "24");
  Regiment big, small;
  big.name = "big";
  big.elements.push_back(group("Pk(o)"));
  big.elements.back().count = 14;
  small.name = "small";
  small.elements.push_back(group("Pk(o)"));
  small.elements.back().count = 13;
  c.regiments = {big, small};
  EXPECT_EQ(command_cost(c).each.text(), "33");  // + 5 + 4
  EXPECT_EQ(command_cost(c).details,
            (std::vector<std::string>{
                "inert commander-in-chief 9", "decisive +5", "exceptional subordinate A +5",
                "exceptional subordinate B +5", "regiment big +5", "small regiment small +4"}));
}

ArmyList list_of(std::vector<ElementGroup> groups, std::optional<int> budget) {
  ArmyList a;
  a.year = 1400;
  a.budget = budget;
  Command c;
  c.cinc = true;
  c.elements = std::move(groups);
  a.commands.push_back(std::move(c));
  return a;
}

TEST(Gwkho_Points, Clause_Pts_4_LightArmiesSpendHalfAsMuchAgain) {
  ElementGroup li = group("LI(o)"), bw = group("Bw(f)"), pk = group("Pk(x)");
  const ArmyList light = list_of({li, bw, pk}, 300);
  EXPECT_TRUE(is_light_army(light));
  EXPECT_EQ(spending_allowed(light), Points::whole(450));
  const ArmyList odd = list_of({li}, 301);
  EXPECT_EQ(spending_allowed(odd)->text(), "451.5");  // exact, in halves
  // Negative: one element of another troop (LI(s), Bw(s)) and the bonus is gone.
  for (const char* other : {"LI(s)", "Bw(s)", "Pk(i)", "Lc(o)"}) {
    const ArmyList mixed = list_of({li, bw, group(other)}, 300);
    EXPECT_FALSE(is_light_army(mixed)) << other;
    EXPECT_EQ(spending_allowed(mixed), Points::whole(300)) << other;
  }
  // No budget named: nothing to spend against.
  EXPECT_FALSE(spending_allowed(list_of({li}, std::nullopt)).has_value());
}

TEST(Gwkho_Points, Clause_Pts_HalfPointsAreExact) {
  EXPECT_EQ(Points{25}.text(), "12.5");
  EXPECT_EQ(Points{-1}.text(), "-0.5");
  EXPECT_EQ(Points{-2}.text(), "-1");
  EXPECT_EQ(halves_of(-0.5), -1);
  EXPECT_EQ(halves_of(3.0), 6);
  EXPECT_FALSE(halves_of(0.25).has_value());
}

}  // namespace
}  // namespace carroccio::gwkho
