// Army lists (rules Gen-1 to Gen-3, Pts-7, Mor-1 to Mor-7, and every check of a list's fields):
// each bad list is refused with its exact sentence, naming the file, the line, the field and the
// rule.
#include "rulesets/gwkho/army.hpp"

#include <gtest/gtest.h>

#include "fmt/format.h"
#include "rulesets/gwkho/tests/test_util.hpp"

namespace carroccio::gwkho {
namespace {

using testing::T;

// A list of one command whose elements are `elements` (all on line 5). `year` and `top` (more
// top-level fields, on line 1) and `command` (more fields of the command, on line 3) vary it.
std::string list_with(const std::string& elements, int year = 1400, const std::string& top = "",
                      const std::string& command = "") {
  return fmt::format(
      "{{\"ruleset\": \"gwkho\", \"id\": \"t\", \"name\": \"T\", \"year\": {}{},\n"
      " \"commands\": [\n"
      "  {{\"general\": \"G\", \"quality\": \"good\", \"cinc\": true{},\n"
      "   \"elements\": [\n"
      "    {}\n"
      "   ]}}\n"
      " ]}}\n",
      year, top, command, elements);
}

// The sentence a list is refused with ("" when it is accepted).
std::string refusal(const std::string& text) {
  auto a = read_army_list(text, "bad.json");
  return a.ok() ? std::string() : a.message();
}

const char* kTwenty = R"({"type": "HI", "grade": "o", "count": 20})";

TEST(Gwkho_Army, Clause_Pts_1_AListOfLegalTroopsIsAccepted) {
  auto a = read_army_list(list_with(kTwenty), "good.json");
  ASSERT_TRUE(a.ok()) << a.message();
  EXPECT_EQ(a->commands.size(), 1u);
  EXPECT_EQ(a->commands[0].elements[0].troop, T("HI(o)"));
  EXPECT_EQ(a->commands[0].elements[0].path, "commands[0].elements[0]");
  const ArmyReport r = assess(*a);
  EXPECT_EQ(r.points.text(), "140");  // 20 x 6 + a good general 20
  EXPECT_EQ(r.ee.text(), "20");
}

TEST(Gwkho_Army, Clause_Pts_1_APairOutsideThePointsTableIsRefused) {
  EXPECT_EQ(refusal(list_with(R"({"type": "Lc", "grade": "f", "count": 20})")),
            "bad.json:5: field 'commands[0].elements[0].grade' is 'f', but Lc has no (f) grade in "
            "the points table (rule Pts-1).");
  EXPECT_EQ(refusal(list_with(R"({"type": "Hc", "grade": "x", "count": 20})")),
            "bad.json:5: field 'commands[0].elements[0].grade' is 'x', but Hc has no (x) grade in "
            "the points table (rule Pts-1).");
  EXPECT_EQ(refusal(list_with(R"({"type": "Kn", "grade": "o", "count": 20})")),
            "bad.json:5: field 'commands[0].elements[0].type' is 'Kn', but must be Hc, Cv, Re, Lc, "
            "El, Ph, Pk, HI, LI, Bw, Lb, Xb, Sh, L.Art or H.Art.");
  EXPECT_EQ(refusal(list_with(R"({"type": "HI", "grade": "q", "count": 20})")),
            "bad.json:5: field 'commands[0].elements[0].grade' is 'q', but must be s, o, f, i or "
            "x.");
}

TEST(Gwkho_Army, Clause_Tr_7_LaterEraGradesNeedTheLaterEra) {
  const char* reiters = R"({"type": "Re", "grade": "x", "count": 20})";
  EXPECT_EQ(refusal(list_with(reiters)),
            "bad.json:5: field 'commands[0].elements[0].grade' is 'x', but Re(x) is a grade of the "
            "horse-and-musket era: it needs options.era \"horse_and_musket\" (rule Tr-7, ruling "
            "G-5).");
  EXPECT_EQ(refusal(list_with(reiters, 1645, R"(, "options": {"era": "horse_and_musket"})")), "");
  // The year must fall in the era.
  EXPECT_EQ(refusal(list_with(kTwenty, 1600)),
            "bad.json:1: field 'year' is 1600, but the medieval era runs from 1096 to 1590 (rule "
            "Tr-7, ruling G-5).");
  EXPECT_EQ(refusal(list_with(kTwenty, 1400, R"(, "options": {"era": "horse_and_musket"})")),
            "bad.json:1: field 'year' is 1400, but the horse-and-musket era runs from 1590 to 1789 "
            "(rule Tr-7, ruling G-5).");
}

TEST(Gwkho_Army, Clause_Tr_6_StatusesAreCheckedAndAtMostOne) {
  EXPECT_EQ(
      refusal(list_with(R"({"type": "HI", "grade": "o", "count": 20, "status": "berserker"})")),
      "bad.json:5: field 'commands[0].elements[0].status' is 'berserker', but HI(o) cannot "
      "be: only light infantry may be berserkers (rule Tr-6).");
  EXPECT_EQ(refusal(list_with(R"({"type": "Hc", "grade": "s", "count": 20, "status": "brittle"})")),
            "bad.json:5: field 'commands[0].elements[0].status' is 'brittle', but Hc(s) cannot be: "
            "(s) troops other than artillery may never be brittle (rule Tr-6).");
  EXPECT_EQ(
      refusal(list_with(
          R"({"type": "HI", "grade": "o", "count": 20, "status": ["stubborn", "brittle"]})")),
      "bad.json:5: field 'commands[0].elements[0].status' lists 2 statuses, but an element has at "
      "most one special morale status (rule Tr-6).");
  EXPECT_EQ(refusal(list_with(R"({"type": "HI", "grade": "o", "count": 20, "status": "fanatic"})")),
            "bad.json:5: field 'commands[0].elements[0].status' is 'fanatic', but must be "
            "berserker, stubborn, mutinous, brittle or unreliable.");
  // Positive: the status the troop may have; artillery may be (s) and mutinous.
  EXPECT_EQ(
      refusal(list_with(R"({"type": "LI", "grade": "f", "count": 40, "status": "berserker"})")),
      "");
  EXPECT_EQ(
      refusal(list_with(R"({"type": "H.Art", "grade": "s", "count": 20, "status": "mutinous"})")),
      "");
}

TEST(Gwkho_Army, Clause_Pts_2_WeaponsTheTroopMayCarry) {
  EXPECT_EQ(refusal(list_with(R"({"type": "Hc", "grade": "o", "count": 20, "weapon": "musket"})")),
            "bad.json:5: field 'commands[0].elements[0].weapon' is 'musket', which Hc(o) cannot "
            "carry (rule Pts-2).");
  EXPECT_EQ(refusal(list_with(R"({"type": "Lc", "grade": "x", "count": 20, "weapon": "bow"})")),
            "bad.json:5: field 'commands[0].elements[0].weapon' is 'bow', which Lc(x) cannot carry "
            "(rule Pts-2).");
  auto a = read_army_list(
      list_with(R"({"type": "Sh", "grade": "o", "count": 20, "weapon": "musket"})"), "ok.json");
  ASSERT_TRUE(a.ok()) << a.message();
  EXPECT_EQ(assess(*a).points.text(), "140");  // 20 x 6 + 20
}

TEST(Gwkho_Army, Clause_Dis_1_DismountsAreCheckedAgainstTheTable) {
  EXPECT_EQ(
      refusal(list_with(R"j({"type": "HI", "grade": "o", "count": 20, "dismount": "LI(o)"})j")),
      "bad.json:5: field 'commands[0].elements[0].dismount' is given, but HI(o) is foot: "
      "only mounted troops dismount (rule Dis-1).");
  EXPECT_EQ(
      refusal(list_with(R"j({"type": "Hc", "grade": "s", "count": 20, "dismount": "LI(o)"})j")),
      "bad.json:5: field 'commands[0].elements[0].dismount' is 'LI(o)', but Hc(s) dismounts "
      "as HI(s) (rule Dis-1).");
  EXPECT_EQ(
      refusal(list_with(R"j({"type": "Cv", "grade": "o", "count": 20, "dismount": "HI(o)"})j")),
      "bad.json:5: field 'commands[0].elements[0].dismount' is 'HI(o)', but Cv(o) dismounts "
      "as LI(o), Bw(o), Lb(i) or HI(i) (rule Dis-1).");
  EXPECT_EQ(
      refusal(list_with(R"j({"type": "El", "grade": "o", "count": 10, "dismount": "LI(o)"})j")),
      "bad.json:5: field 'commands[0].elements[0].dismount' is 'LI(o)', but El(o) do not "
      "dismount (rule Dis-1).");
  EXPECT_EQ(refusal(list_with(R"({"type": "Hc", "grade": "o", "count": 20, "dismount": "HI"})")),
            "bad.json:5: field 'commands[0].elements[0].dismount' is 'HI', which is not a troop: "
            "write a type and one grade, e.g. HI(s).");
  // Conditions: English heavy cavalry after 1300; bow-armed cavalry.
  const char* english = R"j({"type": "Hc", "grade": "o", "count": 20, "dismount": "HI(s)"})j";
  EXPECT_EQ(refusal(list_with(english, 1176)),
            "bad.json:5: field 'commands[0].elements[0].dismount' is 'HI(s)', the dismount of "
            "English heavy cavalry after 1300, but the army's year is 1176 (rule Dis-1).");
  EXPECT_EQ(refusal(list_with(english, 1346)), "");
  EXPECT_EQ(
      refusal(list_with(R"j({"type": "Cv", "grade": "o", "count": 20, "dismount": "Bw(o)"})j")),
      "bad.json:5: field 'commands[0].elements[0].dismount' is 'Bw(o)', which Cv(o) dismount "
      "as only with weapon \"bow\" (rule Dis-1).");
  EXPECT_EQ(
      refusal(list_with(
          R"j({"type": "Cv", "grade": "o", "count": 20, "dismount": "Bw(o)", "weapon": "bow"})j")),
      "");
}

TEST(Gwkho_Army, Clause_Pts_5_OnlyFootMayBeMountedInfantry) {
  EXPECT_EQ(
      refusal(
          list_with(R"({"type": "L.Art", "grade": "o", "count": 20, "mounted_infantry": true})")),
      "bad.json:5: field 'commands[0].elements[0].mounted_infantry' is true, but L.Art(o) cannot "
      "be mounted infantry: only foot other than artillery (rule Pts-5).");
  EXPECT_EQ(
      refusal(list_with(R"({"type": "Cv", "grade": "i", "count": 20, "mounted_infantry": true})")),
      "bad.json:5: field 'commands[0].elements[0].mounted_infantry' is true, but Cv(i) cannot be "
      "mounted infantry: only foot other than artillery (rule Pts-5).");
  auto a = read_army_list(
      list_with(R"({"type": "LI", "grade": "o", "count": 20, "mounted_infantry": true})"),
      "ok.json");
  ASSERT_TRUE(a.ok()) << a.message();
  EXPECT_EQ(assess(*a).points.text(), "120");  // 20 x 5 + 20
}

TEST(Gwkho_Army, G71_OnlyArtilleryMayBeListedUnarmed) {
  // Negative: a troop that is not a gun cannot be listed without its guns.
  EXPECT_EQ(refusal(list_with(R"({"type": "Hc", "grade": "o", "count": 20, "unarmed": true})")),
            "bad.json:5: field 'commands[0].elements[0].unarmed' is true, but Hc(o) is not "
            "artillery: only a gun element may be listed without its guns (ruling G-71).");
  // Positive: a war cart is, at the same cost as armed.
  auto a = read_army_list(
      list_with(R"({"type": "L.Art", "grade": "s", "count": 20, "unarmed": true})"), "ok.json");
  ASSERT_TRUE(a.ok()) << a.message();
  auto armed =
      read_army_list(list_with(R"({"type": "L.Art", "grade": "s", "count": 20})"), "ok.json");
  ASSERT_TRUE(armed.ok()) << armed.message();
  EXPECT_TRUE(a->commands[0].elements[0].unarmed);
  EXPECT_EQ(assess(*a).points.text(), assess(*armed).points.text());
}

TEST(Gwkho_Army, Clause_Fields_UnknownAndMalformedFieldsAreRefused) {
  EXPECT_EQ(refusal(list_with(R"({"type": "HI", "grade": "o", "count": 20, "colour": "red"})")),
            "bad.json:5: field 'commands[0].elements[0].colour' is not a field of an element group "
            "(see docs/scenario-format.md, gwkho).");
  EXPECT_EQ(refusal(list_with(R"({"type": "HI", "grade": "o", "count": 0})")),
            "bad.json:5: field 'commands[0].elements[0].count' is 0, but must be from 1 to 200.");
  EXPECT_EQ(refusal(list_with(kTwenty, 1400, R"(, "points": 400)")),
            "bad.json:1: field 'points' is not a field of a gwkho army list (see "
            "docs/scenario-format.md, gwkho).");
  EXPECT_EQ(refusal(R"({"ruleset": "bma", "id": "t", "turns": 8})"),
            "bad.json:1: field 'ruleset' is 'bma', expected \"gwkho\".");
  EXPECT_EQ(refusal("{\"ruleset\": \"gwkho\",\n]"),
            "bad.json:2:1: this is not valid JSON: '\"gwkho\",<U+000A>]' stands where a key in "
            "double quotes or '}' should.");
}

TEST(Gwkho_Generals, Clause_Gen_1_OneCommanderInChief) {
  const std::string two =
      "{\"ruleset\": \"gwkho\", \"id\": \"t\", \"name\": \"T\", \"year\": 1400,\n"
      " \"commands\": [\n"
      "  {\"general\": \"A\", \"quality\": \"good\", \"cinc\": true, \"elements\": [" +
      std::string(kTwenty) +
      "]},\n"
      "  {\"general\": \"B\", \"quality\": \"good\", \"cinc\": true, \"elements\": [" +
      std::string(kTwenty) + "]}\n ]}\n";
  EXPECT_EQ(refusal(two),
            "bad.json:4: field 'commands[1].cinc' is true, but commands[0] already has the "
            "commander-in-chief: an army has one (rule Gen-1).");
  std::string none = list_with(kTwenty);
  none.replace(none.find(", \"cinc\": true"), 14, "");
  EXPECT_EQ(refusal(none),
            "bad.json:2: field 'commands' has no commander-in-chief: one command must have cinc "
            "true (rule Gen-1).");
}

TEST(Gwkho_Generals, Clause_Gen_1_OnlyANormalCommanderInChiefIsInert) {
  std::string good_inert = list_with(kTwenty, 1400, "", R"(, "inert": true)");
  EXPECT_EQ(refusal(good_inert),
            "bad.json:3: field 'commands[0].inert' is true, but a good general cannot be inert: "
            "inert means inexperienced (rule Gen-1, ruling G-9a).");
  std::string normal_inert = good_inert;
  normal_inert.replace(normal_inert.find("good"), 4, "normal");
  auto a = read_army_list(normal_inert, "ok.json");
  ASSERT_TRUE(a.ok()) << a.message();
  EXPECT_EQ(assess(*a).points.text(), "129");  // 20 x 6 + an inert commander-in-chief 9
  std::string not_cinc = list_with(kTwenty, 1400, "", R"(, "inert": true)");
  not_cinc.replace(not_cinc.find("\"cinc\": true"), 12, "\"cinc\": false");
  EXPECT_EQ(refusal(not_cinc),
            "bad.json:3: field 'commands[0].inert' is true, but only the commander-in-chief can be "
            "inert (rule Gen-1).");
}

TEST(Gwkho_Generals, Clause_Gen_1_TheGeneralStandsWithOneGroup) {
  EXPECT_EQ(refusal(list_with(R"({"type": "HI", "grade": "o", "count": 10, "general": true},
    {"type": "HI", "grade": "o", "count": 10, "general": true})")),
            "bad.json:6: field 'commands[0].elements[1].general' is true, but another group of "
            "this command already has the general.");
  auto marked = read_army_list(list_with(R"({"type": "HI", "grade": "o", "count": 10},
    {"type": "Hc", "grade": "o", "count": 10, "general": true})"),
                               "ok.json");
  ASSERT_TRUE(marked.ok()) << marked.message();
  EXPECT_EQ(general_group(marked->commands[0]).troop, T("Hc(o)"));
  // None marked: the first group (ruling G-46).
  auto unmarked = read_army_list(list_with(R"({"type": "HI", "grade": "o", "count": 10},
    {"type": "Hc", "grade": "o", "count": 10})"),
                                 "ok.json");
  ASSERT_TRUE(unmarked.ok()) << unmarked.message();
  EXPECT_EQ(general_group(unmarked->commands[0]).troop, T("HI(o)"));
}

TEST(Gwkho_Generals, Clause_Gen_3_GeneralsPerElementEquivalents) {
  // (e/e in halves) -> allowed generals, min and max.
  const std::vector<std::tuple<int, int, int>> cells = {
      {10, 1, 1},  {40, 1, 1},  {79, 1, 1},  {80, 1, 2},  {100, 1, 2},   {101, 2, 2},
      {119, 2, 2}, {120, 2, 3}, {200, 2, 4}, {201, 3, 4}, {300, 3, 4},   {320, 4, 4},
      {321, 4, 4}, {399, 4, 4}, {400, 4, 5}, {500, 5, 6}, {1000, 10, 12}};
  for (auto [halves, lo, hi] : cells) {
    const Interval r = generals_allowed(Ee{halves});
    EXPECT_EQ(r.min, lo) << Ee{halves}.text() << " e/e";
    EXPECT_EQ(r.max, hi) << Ee{halves}.text() << " e/e";
  }
  // A list with too many generals for its e/e is refused; the rule's name in the sentence.
  const std::string two =
      "{\"ruleset\": \"gwkho\", \"id\": \"t\", \"name\": \"T\", \"year\": 1400,\n"
      " \"commands\": [\n"
      "  {\"general\": \"A\", \"quality\": \"good\", \"cinc\": true, \"elements\": [" +
      std::string(kTwenty) +
      "]},\n"
      "  {\"general\": \"B\", \"quality\": \"good\", \"elements\": [{\"type\": \"LI\", "
      "\"grade\": \"i\", \"count\": 39}]}\n ]}\n";
  EXPECT_EQ(refusal(two),
            "bad.json:2: field 'commands' has 2 generals, but an army of 39.5 e/e has 1 (rule "
            "Gen-3, ruling G-39).");
  std::string enough = two;
  enough.replace(enough.find("39"), 2, "40");
  EXPECT_EQ(refusal(enough), "");
}

std::string with_regiment(int elements) {
  return list_with(
      kTwenty, 1400, "",
      fmt::format(
          R"(, "regiments": [{{"name": "R", "elements": [{{"type": "Pk", "grade": "o", "count": {}}}]}}])",
          elements));
}

TEST(Gwkho_Generals, Clause_Gen_2_RegimentsOf8To21Elements) {
  EXPECT_EQ(refusal(with_regiment(7)),
            "bad.json:3: field 'commands[0].regiments[0].elements' holds 7 elements, but a "
            "regiment has 14 to 21 (8 to 13 for a small one) (rule Gen-2, ruling G-39a).");
  EXPECT_EQ(refusal(with_regiment(22)),
            "bad.json:3: field 'commands[0].regiments[0].elements' holds 22 elements, but a "
            "regiment has 14 to 21 (8 to 13 for a small one) (rule Gen-2, ruling G-39a).");
  for (int n : {8, 13, 14, 21}) {
    auto a = read_army_list(with_regiment(n), "ok.json");
    ASSERT_TRUE(a.ok()) << n << ": " << a.message();
    const ArmyReport r = assess(*a);
    ASSERT_EQ(r.commands[0].regiments.size(), 1u);
    EXPECT_EQ(r.commands[0].regiments[0].small, n <= 13) << n;
    // 20 HI(o) 120 + n Pk(o) x 5 + good general 20 + regiment 5 (small 4).
    EXPECT_EQ(r.points, Points::whole(140 + 5 * n + (n <= 13 ? 4 : 5))) << n;
  }
}

TEST(Gwkho_Points, Clause_Pts_7_TheBudgetIsAMaximum) {
  EXPECT_EQ(refusal(list_with(kTwenty, 1400, R"(, "budget": 139)")),
            "bad.json:1: field 'budget' is 139, but the army costs 140 points (rule Pts-7).");
  EXPECT_EQ(refusal(list_with(kTwenty, 1400, R"(, "budget": 140)")), "");
  // A light army may spend half as much again.
  const char* light = R"({"type": "LI", "grade": "o", "count": 20})";   // 80 + 20 = 100
  EXPECT_EQ(refusal(list_with(light, 1400, R"(, "budget": 67)")), "");  // 100.5 allowed
  EXPECT_EQ(refusal(list_with(light, 1400, R"(, "budget": 66)")),
            "bad.json:1: field 'budget' is 66, which a light army may exceed by half to 99, but "
            "the army costs 100 points (rule Pts-7, rule Pts-4).");
}

// ---- Morale ledgers ----

using testing::group;

ArmyList army_of(std::vector<ElementGroup> groups, bool raised = false) {
  ArmyList a;
  a.year = 1400;
  a.raised_morale = raised;
  Command c;
  c.general = "G";
  c.cinc = true;
  c.elements = std::move(groups);
  a.commands.push_back(std::move(c));
  return a;
}

const Ledger* find_ledger(const ArmyReport& r, const std::string& kind) {
  for (const auto& l : r.ledgers)
    if (l.kind == kind) return &l;
  return nullptr;
}

TEST(Gwkho_Morale, Clause_Mor_1_ShakenAtAThirdBrokenAtAHalf) {
  const ArmyList a = army_of({group("HI(o)", 30)});
  const ArmyReport r = assess(a);
  const Ledger* army = find_ledger(r, "army");
  ASSERT_NE(army, nullptr);
  EXPECT_EQ(army->ee.text(), "30");
  EXPECT_EQ(army->shaken_at.text(), "10");  // a third exactly is enough
  EXPECT_EQ(army->broken_at.text(), "15");
  // 47.5 e/e: a third is 15.83, reached at 16; a half is 23.75, reached at 24 (losses come in
  // halves of an e/e, so 15.5 and 23.5 are not enough).
  const ArmyList b = army_of({group("HI(o)", 47), group("LI(i)", 1)});
  const ArmyReport odd_report = assess(b);
  const Ledger* odd = find_ledger(odd_report, "army");
  EXPECT_EQ(odd->ee.text(), "47.5");
  EXPECT_EQ(odd->shaken_at.text(), "16");
  EXPECT_EQ(odd->broken_at.text(), "24");
  EXPECT_EQ(threshold(Ee{95}, Ratio{1, 3}).halves, 32);
  EXPECT_EQ(threshold(Ee{94}, Ratio{1, 3}).halves, 32);  // 15.67 -> 16
  EXPECT_EQ(threshold(Ee{93}, Ratio{1, 3}).halves, 31);  // 15.5 exactly
}

TEST(Gwkho_Morale, Clause_Mor_2_RaisedThresholdsAHalfAndTwoThirds) {
  const ArmyList a = army_of({group("Pk(s)", 30)}, true);
  const ArmyReport r = assess(a);
  EXPECT_EQ(r.shaken.num * 2, r.shaken.den);
  const Ledger* army = find_ledger(r, "army");
  EXPECT_EQ(army->shaken_at.text(), "15");
  EXPECT_EQ(army->broken_at.text(), "20");
  // Negative: without the option the standard fractions.
  const ArmyReport standard_report = assess(army_of({group("Pk(s)", 30)}));
  const Ledger* standard = find_ledger(standard_report, "army");
  EXPECT_EQ(standard->shaken_at.text(), "10");
  // From a file: options.raised_morale.
  auto l = read_army_list(list_with(kTwenty, 1476, R"(, "options": {"raised_morale": true})"),
                          "swiss.json");
  ASSERT_TRUE(l.ok()) << l.message();
  EXPECT_TRUE(l->raised_morale);
}

TEST(Gwkho_Morale, Clause_Mor_3_HeavyLedgerOnlyWithASixthOfHeavies) {
  const ArmyList sixth = army_of({group("HI(o)", 5), group("LI(o)", 25)});
  const ArmyReport heavy_report = assess(sixth);
  const Ledger* heavy = find_ledger(heavy_report, "heavy");
  ASSERT_NE(heavy, nullptr);
  EXPECT_EQ(heavy->ee.text(), "5");
  EXPECT_EQ(heavy->shaken_at.text(), "2");  // 5/3 = 1.67
  EXPECT_EQ(heavy->broken_at.text(), "2.5");
  const ArmyList fewer = army_of({group("HI(o)", 4), group("LI(o)", 26)});
  EXPECT_EQ(find_ledger(assess(fewer), "heavy"), nullptr);
  // A berserker counts as heavy (Mor-8).
  const ArmyList berserk = army_of({group("LI(o)", 5, Status::kBerserker), group("LI(o)", 25)});
  EXPECT_NE(find_ledger(assess(berserk), "heavy"), nullptr);
}

TEST(Gwkho_Morale, Clause_Mor_4_EliteHeaviesOfACommandWithMoreThanTen) {
  const ArmyList ten = army_of({group("Hc(s)", 10), group("Pk(i)", 20)});
  EXPECT_EQ(find_ledger(assess(ten), "elite_heavy"), nullptr);
  const ArmyList eleven = army_of({group("Hc(s)", 6), group("Pk(o)", 5), group("Pk(i)", 20)});
  const ArmyReport r = assess(eleven);
  const Ledger* elite = find_ledger(r, "elite_heavy");
  ASSERT_NE(elite, nullptr);
  EXPECT_EQ(elite->label, "elite heavies of the command of G");
  EXPECT_EQ(elite->ee.text(), "11");
  EXPECT_EQ(elite->shaken_at.text(), "4");
  EXPECT_EQ(elite->broken_at.text(), "5.5");
}

TEST(Gwkho_Morale, Clause_Mor_5_MissileLedger) {
  const ArmyList a = army_of({group("Bw(i)", 6), group("Lb(s)", 2), group("HI(o)", 20)});
  const ArmyReport missile_report = assess(a);
  const Ledger* missile = find_ledger(missile_report, "missile");
  ASSERT_NE(missile, nullptr);
  EXPECT_EQ(missile->ee.text(), "5");  // 6 x 0.5 + 2
  EXPECT_EQ(missile->shaken_at.text(), "2");
  EXPECT_EQ(missile->broken_at.text(), "2.5");
  EXPECT_EQ(find_ledger(assess(army_of({group("HI(o)", 20)})), "missile"), nullptr);
}

TEST(Gwkho_Morale, Clause_Mor_6_RegimentsShakenBelowTwoThirds) {
  for (auto [n, lost] :
       std::vector<std::pair<int, int>>{{8, 3}, {13, 5}, {14, 5}, {15, 6}, {21, 8}}) {
    ArmyList a = army_of({group("HI(o)", 20)});
    Regiment reg;
    reg.name = "R";
    reg.elements.push_back(group("Pk(o)", n));
    a.commands[0].regiments.push_back(reg);
    const ArmyReport r = assess(a);
    EXPECT_EQ(r.commands[0].regiments[0].shaken_after_lost, lost) << n;
    // The rule: below two thirds after `lost`, not after one fewer.
    EXPECT_LT(3 * (n - lost), 2 * n) << n;
    EXPECT_GE(3 * (n - lost + 1), 2 * n) << n;
  }
}

TEST(Gwkho_Army, Clause_Mor_1a_AnAlliedCommandIsMarkedAndNeverTheCommanderInChiefs) {
  // A second general's command marked allied is read as such (ruling G-32a).
  const std::string two =
      "{\"ruleset\": \"gwkho\", \"id\": \"t\", \"name\": \"T\", \"year\": 1400,\n"
      " \"commands\": [\n"
      "  {\"general\": \"G\", \"quality\": \"good\", \"cinc\": true,\n"
      "   \"elements\": [{\"type\": \"HI\", \"grade\": \"o\", \"count\": 25}]},\n"
      "  {\"general\": \"A\", \"quality\": \"normal\", \"allied\": ALLIED,\n"
      "   \"elements\": [{\"type\": \"HI\", \"grade\": \"o\", \"count\": 20}]}\n"
      " ]}\n";
  auto with = [&](const char* allied) {
    std::string t = two;
    t.replace(t.find("ALLIED"), 6, allied);
    return t;
  };
  auto a = read_army_list(with("true"), "good.json");
  ASSERT_TRUE(a.ok()) << a.message();
  EXPECT_TRUE(a->commands[1].allied);
  EXPECT_FALSE(a->commands[0].allied);
  auto b = read_army_list(with("false"), "good.json");
  ASSERT_TRUE(b.ok()) << b.message();
  EXPECT_FALSE(b->commands[1].allied);
  // Negative: the commander-in-chief's command is the main contingent; the field is a boolean.
  EXPECT_EQ(refusal(list_with(kTwenty, 1400, "", ", \"allied\": true")),
            "bad.json:3: field 'commands[0].allied' is true, but the commander-in-chief's command "
            "is the army's main contingent: an allied contingent is another general's command "
            "(rule Mor-1a, ruling G-32a).");
  EXPECT_EQ(refusal(with("\"yes\"")),
            "bad.json:5: field 'commands[1].allied' must be true or false.");
}

// [Mor-1a] Flank marches are out of scope (ruling G-32b): a list cannot name one.
TEST(Gwkho_Army, Clause_Mor_1a_AFlankMarchCannotBeListed) {
  EXPECT_EQ(refusal(list_with(kTwenty, 1400, "", ", \"flank_march\": true")),
            "bad.json:3: field 'commands[0].flank_march' is not a field of a command (see "
            "docs/scenario-format.md, gwkho).");
  // Negative: the allied mark of another general's command is a field of the list (above).
  EXPECT_EQ(refusal(list_with(kTwenty, 1400, "", ", \"allied\": false")), "");
}

TEST(Gwkho_Morale, Clause_Mor_7_MutinousTroopsAreASeparateArmy) {
  const ArmyList a = army_of({group("HI(o)", 10), group("HI(i)", 5, Status::kMutinous)});
  const ArmyReport r = assess(a);
  EXPECT_EQ(find_ledger(r, "army")->ee.text(), "10");
  const Ledger* mutinous = find_ledger(r, "mutinous");
  ASSERT_NE(mutinous, nullptr);
  EXPECT_EQ(mutinous->ee.text(), "5");
  EXPECT_EQ(find_ledger(r, "heavy")->ee.text(), "10");  // not in the army's heavy ledger either
  EXPECT_EQ(find_ledger(assess(army_of({group("HI(o)", 10)})), "mutinous"), nullptr);
}

}  // namespace
}  // namespace carroccio::gwkho
