// The peoples the rules name (Swiss, Landsknechts, the Low Countries, the 16th-century
// Spanish...) and halberds in play: read from the army lists' groups, then the supporting ranks
// that turn to face (CC-17), the squares of phalanx (CC-18), the Swiss and Landsknecht pike's
// fast move far from the enemy (Mov-4), the Swiss d8 (CC-1) and the wheel exemption (Pip-10).
// Dice are forced; every position is set by hand.
#include <gtest/gtest.h>

#include <algorithm>

#include "rulesets/gwkho/game.hpp"
#include "rulesets/gwkho/resolve_combat.hpp"
#include "rulesets/gwkho/state.hpp"
#include "rulesets/gwkho/tests/test_util.hpp"

namespace carroccio::gwkho {
namespace {

using testing::kIn;

using testing::battle;
using testing::find;
using testing::start;

nlohmann::json imperial_list() {
  return nlohmann::json::parse(testing::read_file(std::string(CARROCCIO_SOURCE_DIR) +
                                                  "/scenarios/gwkho/armies/legnano-imperial.json"));
}

// The test battle with the Como militia spearmen (Ph(i), red command 1 group 2) of `people`
// (none when empty).
std::shared_ptr<const GwkhoGame> spearmen_of(const char* people) {
  nlohmann::json army = imperial_list();
  if (*people != '\0') army["commands"][1]["elements"][2]["peoples"] = {people};
  nlohmann::json j = testing::small_scenario("red", false);
  j["sides"][0]["army"] = army;
  return testing::make_game(j);
}

using testing::has_item;

TEST(Gwkho_Army, Clause_CC_17_PeoplesAndHalberdsAreReadFromTheList) {
  nlohmann::json army = imperial_list();
  army["commands"][1]["elements"][2]["peoples"] = {"low_country", "scots_after_1275"};
  auto list = load_army_list(army, "x.json");
  ASSERT_TRUE(list.ok()) << list.message();
  const ElementGroup& g = list->commands[1].elements[2];
  EXPECT_TRUE(g.peoples.has(People::kLowCountry));
  EXPECT_TRUE(g.peoples.has(People::kScotsAfter1275));
  EXPECT_FALSE(g.peoples.has(People::kSwiss));
  EXPECT_TRUE(list->commands[1].elements[1].peoples.empty());
  // The built-in lists: the Swiss at Cerignola, the Landsknechts and Spaniards, the Flemish.
  EXPECT_TRUE(
      builtin_army_list("cerignola-french")->commands[2].elements[0].peoples.has(People::kSwiss));
  EXPECT_TRUE(builtin_army_list("cerignola-spanish")
                  ->commands[1]
                  .elements[0]
                  .peoples.has(People::kLandsknecht));
  EXPECT_TRUE(builtin_army_list("courtrai-flemish")
                  ->commands[1]
                  .elements[0]
                  .peoples.has(People::kLowCountry));
  // Negative: a people the rules do not name, halberds for other than heavy infantry.
  army = imperial_list();
  army["commands"][1]["elements"][2]["peoples"] = {"welsh"};
  list = load_army_list(army, "x.json");
  ASSERT_FALSE(list.ok());
  EXPECT_EQ(list.message(),
            "x.json: field 'commands[1].elements[2].peoples[0]' must be one of the peoples the "
            "rules name: swiss, landsknecht, spanish_16th, mongol_13th, byzantine_12th, "
            "low_country, scots_after_1275, arab, catalan.");
  army = imperial_list();
  army["commands"][1]["elements"][2]["halberds"] = true;
  list = load_army_list(army, "x.json");
  ASSERT_FALSE(list.ok());
  EXPECT_EQ(list.message(),
            "x.json: field 'commands[1].elements[2].halberds' is true, but Ph(i) is not heavy "
            "infantry: only HI carry halberds or bills in the rules (rule CC-18).");
}

// A spearman facing south at (40", 20") with a second rank behind it, and an enemy knight's front
// on its left (east) flank only.
void flank_attack(GwkhoState& st, const GwkhoGame& g) {
  st.debug_set_pips(0, 0);
  st.debug_set_pips(1, 0);
  st.debug_place(find(g, "red.1.2.0"), geo::Point{40 * kIn, 20 * kIn}, 270);
  st.debug_place(find(g, "red.1.2.1"), geo::Point{40 * kIn, 20 * kIn + 1000}, 270);
  st.debug_place(find(g, "blue.0.0.0"), geo::Point{40 * kIn + 1000 + 750, 20 * kIn - 500}, 180);
}

TEST(Gwkho_Combat, Clause_CC_17_LowCountryRanksTurnToFaceWithTheirFront) {
  const auto g = spearmen_of("low_country");
  auto st = start(g);
  flank_attack(*st, *g);
  st->debug_start_combat();
  const int front = find(*g, "red.1.2.0"), rank = find(*g, "red.1.2.1");
  EXPECT_EQ(st->element(front).base.heading(), geo::Angle::degrees(0));
  EXPECT_EQ(st->element(rank).base.heading(), geo::Angle::degrees(0));
  // Negative: the same phalanx of no people the rules name turns alone.
  const auto plain = spearmen_of("");
  auto st2 = start(plain);
  flank_attack(*st2, *plain);
  st2->debug_start_combat();
  EXPECT_EQ(st2->element(front).base.heading(), geo::Angle::degrees(0));
  EXPECT_EQ(st2->element(rank).base.heading(), geo::Angle::degrees(270));
}

// A spearman facing south at (40", 20") fighting the Gascon sergeants in front, another sergeant's
// front on its east flank, and a second spearman facing east whose back corner touches the end of
// that flank.
void square_fight(GwkhoState& st, const GwkhoGame& g) {
  const geo::Point c{40 * kIn, 20 * kIn};
  st.debug_place(find(g, "red.1.2.0"), c, 270);
  st.debug_place(find(g, "blue.1.2.0"), geo::Point{c.x, c.y - 1000}, 90);
  st.debug_place(find(g, "blue.1.2.1"), geo::Point{c.x + 1500, c.y - 500}, 180);
  st.debug_place(find(g, "red.1.2.1"), geo::Point{c.x + 1500, c.y + 1500}, 0);
}

TEST(Gwkho_Combat, Clause_CC_18_LowCountryPhalanxFormsSquares) {
  const auto g = spearmen_of("low_country");
  auto st = start(g);
  square_fight(*st, *g);
  const int a = find(*g, "red.1.2.0"), b = find(*g, "blue.1.2.0");
  EXPECT_EQ(st->combat_situation(a, b).a.flank_enemies, 0);
  // Negative: phalanx of no people the rules name are outflanked.
  const auto plain = spearmen_of("");
  auto st2 = start(plain);
  square_fight(*st2, *plain);
  EXPECT_EQ(st2->combat_situation(a, b).a.flank_enemies, 1);
}

TEST(Gwkho_Movement, Clause_Mov_4_SwissPikeFarFromTheEnemyMoveAsFast) {
  const auto g = battle("cerignola");
  auto st = start(g);
  const int swiss = find(*g, "french.2.0.0"), gascon = find(*g, "french.2.1.0");
  // The Swiss (Pk(s)) deploy 16 inches from the Spanish: 4" in the open, as (f); the Gascon
  // crossbowmen 3".
  EXPECT_EQ(st->allowance(swiss, Going::kOpen), 4 * kIn);
  EXPECT_EQ(st->allowance(gascon, Going::kOpen), 3 * kIn);
  // Negative: a Spanish element 10" away, and they move as (s) again.
  const geo::Point at = st->element(swiss).base.centre();
  st->debug_place(find(*g, "spanish.2.1.0"), geo::Point{at.x, at.y + 10 * kIn}, 270);
  EXPECT_EQ(st->allowance(swiss, Going::kOpen), 3 * kIn);
}

TEST(Gwkho_Combat, Clause_CC_1_SwissPikeRollAnEightSidedDieInPlay) {
  const auto g = battle("cerignola");
  auto st = start(g);
  const int swiss = find(*g, "french.2.0.0"), gascon = find(*g, "french.2.1.0");
  const int enemy = find(*g, "spanish.1.2.0");  // sword-and-buckler men, LI(x)
  EXPECT_EQ(own_combat_die(st->combat_situation(swiss, enemy), false), 8);
  // Negative: the Gascon crossbowmen roll a d6.
  EXPECT_EQ(own_combat_die(st->combat_situation(gascon, enemy), false), 6);
}

TEST(Gwkho_Pips, Clause_Pip_10_SwissFootWheelForNothingMore) {
  const auto g = battle("cerignola");
  auto st = start(g);
  st->debug_set_pips(0, 6);
  st->debug_set_pips(2, 6);
  // Two Swiss side by side in the open, facing north; two Gascon crossbowmen the same.
  auto pair = [&](const char* a, const char* b, double x) {
    st->debug_place(find(*g, a), geo::Point{static_cast<std::int64_t>(x * kIn), 22 * kIn}, 90);
    st->debug_place(find(*g, b), geo::Point{static_cast<std::int64_t>(x * kIn) - 2000, 22 * kIn},
                    90);
  };
  pair("french.2.0.0", "french.2.0.1", 30);
  pair("french.2.1.0", "french.2.1.1", 50);
  const int swiss = find(*g, "french.2.0.0"), gascon = find(*g, "french.2.1.0");
  ASSERT_EQ(st->group_of(swiss).size(), 2u);
  auto p = st->plan(act::move(swiss, act::kGroupWheel));
  ASSERT_TRUE(p.ok()) << p.message();
  EXPECT_TRUE(p->cost.elements[0].peoples.has(People::kSwiss));
  EXPECT_FALSE(has_item(st->price(*p), "Pip-10"));
  // Negative: the Gascons pay for the wheel.
  ASSERT_EQ(st->group_of(gascon).size(), 2u);
  p = st->plan(act::move(gascon, act::kGroupWheel));
  ASSERT_TRUE(p.ok()) << p.message();
  EXPECT_TRUE(has_item(st->price(*p), "Pip-10"));
}

}  // namespace
}  // namespace carroccio::gwkho

namespace carroccio::gwkho {
namespace {

// The Como spearmen (Ph(i)) with a second rank, facing south at (40", 20"), front to front with
// the enemy element `enemy` (of base depth `depth`); red's bound, at its close combat.
std::unique_ptr<GwkhoState> phalanx_against(const std::shared_ptr<const GwkhoGame>& g,
                                            const char* enemy, std::int64_t depth) {
  auto st = testing::start(g);
  st->debug_set_pips(0, 0);
  st->debug_set_pips(1, 0);
  const std::int64_t x = 40 * kUnitsPerInch, y = 20 * kUnitsPerInch;
  st->debug_place(testing::find(*g, "red.1.2.0"), geo::Point{x, y}, 270);
  st->debug_place(testing::find(*g, "red.1.2.1"), geo::Point{x, y + 1000}, 270);
  st->debug_place(testing::find(*g, enemy), geo::Point{x, y - 500 - depth / 2}, 90);
  st->debug_start_combat();
  return st;
}

bool has_rank_factor(const SideFactors& f) {
  return std::any_of(f.factors.begin(), f.factors.end(),
                     [](const Factor& x) { return x.clause == "CC-5"; });
}

// Plays the pending combat of `st` with dice that leave both elements where they stand.
void draw_round(GwkhoState& st, int ph, int enemy) {
  for (int guard = 0; guard < 20 && !st.is_chance_node(); ++guard)
    ASSERT_TRUE(st.apply(st.legal_actions().front()).ok());
  ASSERT_EQ(st.pending_a(), ph);
  ASSERT_EQ(st.pending_b(), enemy);
  const CombatSituation cs = st.combat_situation(ph, enemy);
  int pick = -1;
  for (int da = 1; da <= 6 && pick < 0; ++da)
    for (int db = 1; db <= 6 && pick < 0; ++db) {
      const CombatOutcome o = resolve_combat(cs, da, db);
      if (o.a == Result::kNoEffect && o.b == Result::kNoEffect)
        pick = act::kCombatDice + (da - 1) * 10 + (db - 1);
    }
  ASSERT_GE(pick, 0);
  ASSERT_TRUE(st.apply(pick).ok());
}

TEST(Gwkho_Combat, Clause_CC_5_APhalanxThatFailedToPushBackHeavyInfantryLosesItsRanks) {
  const auto g = testing::make_game(testing::small_scenario("red", false));
  const int ph = testing::find(*g, "red.1.2.0"), hi = testing::find(*g, "blue.1.2.0");
  auto st = phalanx_against(g, "blue.1.2.0", 1000);
  // The first round: the second rank counts (+2, CC-5).
  const CombatSituation first = st->combat_situation(ph, hi);
  EXPECT_FALSE(first.a.failed_to_push_back);
  EXPECT_TRUE(has_rank_factor(combat_factors(first).a));
  draw_round(*st, ph, hi);
  EXPECT_EQ(st->element(ph).stuck_with, hi);
  // Still in that contact: no ranks.
  const CombatSituation again = st->combat_situation(ph, hi);
  EXPECT_TRUE(again.a.failed_to_push_back);
  EXPECT_FALSE(has_rank_factor(combat_factors(again).a));
  // Negative: a drawn round against mounted leaves the ranks (the text names LI and HI only).
  const int knight = testing::find(*g, "blue.0.0.0");
  auto st2 = phalanx_against(g, "blue.0.0.0", 1500);
  draw_round(*st2, ph, knight);
  EXPECT_EQ(st2->element(ph).stuck_with, -1);
  EXPECT_FALSE(st2->combat_situation(ph, knight).a.failed_to_push_back);
}

}  // namespace
}  // namespace carroccio::gwkho
