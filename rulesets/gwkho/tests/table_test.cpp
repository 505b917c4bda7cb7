// The gwkho State for the browser's table board and a person at the terminal: free placement of
// any element of the side to move (G-57: the board shades where it may be dropped and encodes a
// drop as act::place, which check_unlisted() prices or refuses), and the dice of a shot and of a
// close combat typed one by one from real dice (`carroccio play --dice physical`). Dice forced.
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>

#include "game/driver.hpp"
#include "rulesets/gwkho/game.hpp"
#include "rulesets/gwkho/state.hpp"
#include "rulesets/gwkho/tests/test_util.hpp"

namespace carroccio::gwkho {
namespace {

using testing::kIn;

using testing::find;
using testing::labelled;
using testing::start;

using testing::at;

// The drop the placement's own encoding gives (docs/api.md): direction d, k steps, heading h.
game::Action encoded(const nlohmann::json& pl, int d, int k, int h) {
  return pl["action_base"].get<game::Action>() +
         (d * pl["distances"].get<int>() + k) * pl["headings"].get<int>() + h;
}

TEST(Gwkho_Bound, Clause_Pip_4_FreePlacementShowsWhereAPersonMayDropAnyElement) {
  const auto g = testing::make_game(testing::small_scenario());
  auto st = start(g);
  st->debug_set_pips(0, 6);
  const int e = find(*g, "red.0.3.0");
  st->debug_place(e, at(30, 30), 270);
  // No pick step: the element is named by the person who picks it up.
  const nlohmann::json pl = st->free_placement("red.0.3.0");
  ASSERT_TRUE(pl.is_object());
  EXPECT_EQ(pl["unit"], "red.0.3.0");
  EXPECT_EQ(pl["action_base"].get<game::Action>(), act::place(e, 0, 0, 0));
  EXPECT_EQ(pl["x"], 30 * kIn);
  EXPECT_EQ(pl["allowance"], 5 * kIn);  // [Mov-1] a knight's 5" in the open
  EXPECT_TRUE(pl["group"].empty());
  ASSERT_EQ(pl["reach"].size(), 72u);
  // Straight ahead (south, the 54th direction) the reach is the whole 5".
  EXPECT_EQ(pl["reach"][54][0], 30 * kIn);
  EXPECT_EQ(pl["reach"][54][1], 30 * kIn - 5 * kIn);
  // A drop inside it is accepted and priced as the rules price it; one step beyond is refused.
  EXPECT_TRUE(st->check_unlisted(encoded(pl, 270, 50, 54)).ok());
  const auto beyond = st->check_unlisted(encoded(pl, 270, 51, 54));
  ASSERT_FALSE(beyond.ok());
  EXPECT_EQ(beyond.message(),
            labelled(*g, "red.0.3.0 would go 5.1\", beyond their move of 5.0\" in open going."));
  ASSERT_TRUE(st->apply(encoded(pl, 0, 20, 0)).ok());
  EXPECT_EQ(st->element(e).base.centre(), at(32, 30));
  EXPECT_EQ(st->pips(0), 5);
  // A group's leader lists its group (dropped straight ahead, they all move).
  const nlohmann::json lead = st->free_placement("red.0.2.0");
  ASSERT_TRUE(lead.is_object());
  EXPECT_EQ(lead["group"].size(), 4u);
  // Negative: no piece named, an enemy, an unknown id, and outside the move phase.
  EXPECT_TRUE(st->free_placement().is_null());
  EXPECT_TRUE(st->free_placement("blue.0.1.5").is_null());
  EXPECT_TRUE(st->free_placement("red.9.9.9").is_null());
  st->debug_start_shooting();
  EXPECT_TRUE(st->free_placement("red.0.3.0").is_null());
}

TEST(Gwkho_Bound, Clause_Pip_1_APersonTypesThePipDice) {
  const auto g = testing::make_game(testing::small_scenario());
  auto st = start(g);
  // Command by command: one die for an ordinary general, two (the better counts) for a good one.
  bool one = false, two = false;
  for (int n = 0; n < 8 && st->phase() == Phase::kPips; ++n) {
    ASSERT_TRUE(st->is_chance_node());
    const game::ChanceInfo info = st->chance_info();
    const auto outcomes = st->chance_outcomes();
    std::istringstream in("4\n5\n");
    std::ostringstream out;
    auto a = game::ask_chance(*st, in, out);
    ASSERT_TRUE(a.ok()) << a.message();
    if (outcomes.front().action >= act::kTwoDice) {
      two = true;
      ASSERT_EQ(info.each_die.size(), 2u);
      EXPECT_EQ(info.by_values.size(), 36u);
      EXPECT_EQ(*a, act::kTwoDice + 6 * 3 + 4);  // dice 4 and 5
    } else {
      one = true;
      ASSERT_TRUE(info.dice.has_value());
      EXPECT_EQ(*info.dice, core::Dice::d6());
      EXPECT_TRUE(info.each_die.empty());
      EXPECT_EQ(*a, act::kOneDie + 4);
    }
    ASSERT_TRUE(st->apply(*a).ok());
  }
  EXPECT_TRUE(one || two);
  // Negative: at a decision there are no dice to type.
  ASSERT_EQ(st->phase(), Phase::kMove);
  const game::ChanceInfo none = st->chance_info();
  EXPECT_FALSE(none.dice.has_value());
  EXPECT_TRUE(none.each_die.empty());
}

TEST(Gwkho_Shooting, Clause_Sht_1_APersonTypesEachDieOfAShot) {
  const auto g = testing::make_game(testing::small_scenario("red", false));
  auto st = testing::start_moves(g);
  const int s = find(*g, "blue.0.1.5"), t = find(*g, "red.0.1.0");
  st->debug_place(s, at(36, 20), 90);
  st->debug_place(t, geo::Point{36 * kIn, 20 * kIn + 500 + 2 * kIn + 750}, 270);
  for (int e = 0; e < st->num_elements(); ++e)
    if (st->side_of(e) == st->active()) st->debug_hold(e);
  ASSERT_TRUE(st->apply(act::kEndMoves).ok());
  ASSERT_EQ(st->pending_a(), s);
  if (st->fight_step() == FightStep::kChooseTarget) {
    ASSERT_TRUE(st->apply(act::kChooseTarget + t).ok());
  }
  ASSERT_EQ(st->fight_step(), FightStep::kShotDice);
  const game::ChanceInfo info = st->chance_info();
  ASSERT_EQ(info.each_die.size(), 2u);
  EXPECT_EQ(info.each_die[0].second, core::Dice::d6());
  ASSERT_EQ(info.by_values.size(), 36u);
  // Every combination is one of the node's outcomes, and every outcome has one.
  const auto outcomes = st->chance_outcomes();
  for (const auto& [values, action] : info.by_values)
    EXPECT_TRUE(std::any_of(outcomes.begin(), outcomes.end(),
                            [&a = action](const game::ChanceOutcome& o) { return o.action == a; }));
  // 3 then 4: the outcome "dice 3 and 4".
  std::istringstream in("3\n4\n");
  std::ostringstream out;
  auto a = game::ask_chance(*st, in, out);
  ASSERT_TRUE(a.ok()) << a.message();
  EXPECT_EQ(*a, act::kShotDice + 6 * 2 + 3);
  EXPECT_EQ(st->action_to_string(*a), "dice 3 and 4");
  EXPECT_NE(out.str().find("the first die"), std::string::npos) << out.str();
  // Negative: a 7 on a d6 is refused and asked again; input that ends is an error.
  std::istringstream in2("7\n1\n6\n");
  std::ostringstream out2;
  auto b = game::ask_chance(*st, in2, out2);
  ASSERT_TRUE(b.ok()) << b.message();
  EXPECT_EQ(*b, act::kShotDice + 5);
  std::istringstream in3("2\n");
  std::ostringstream out3;
  EXPECT_FALSE(game::ask_chance(*st, in3, out3).ok());
}

TEST(Gwkho_Combat, Clause_CC_1_APersonTypesEachSidesCombatDie) {
  const auto g = testing::make_game(testing::small_scenario("red", false));
  auto st = testing::start_moves(g);
  const int e = find(*g, "red.0.0.1"), t = find(*g, "blue.1.2.0");
  st->debug_place(t, at(20, 24), 90);
  st->debug_place(e,
                  geo::Point{20 * kIn, 24 * kIn + st->element(t).base.depth() / 2 +
                                           st->element(e).base.depth() / 2},
                  270);
  st->debug_start_combat();
  ASSERT_EQ(st->fight_step(), FightStep::kCombatDice);
  const game::ChanceInfo info = st->chance_info();
  ASSERT_EQ(info.each_die.size(), 2u);
  EXPECT_EQ(info.each_die[0].first.rfind("the die of ", 0), 0u) << info.each_die[0].first;
  const CombatFactors f = combat_factors(st->combat_situation(e, t));
  EXPECT_EQ(info.each_die[0].second, core::Dice::d(f.a.die));
  EXPECT_EQ(info.each_die[1].second, core::Dice::d(f.b.die));
  EXPECT_EQ(info.by_values.size(), static_cast<std::size_t>(f.a.die * f.b.die));
  // The first die is the red element's, the second the blue one's.
  std::istringstream in("2\n5\n");
  std::ostringstream out;
  auto a = game::ask_chance(*st, in, out);
  ASSERT_TRUE(a.ok()) << a.message();
  EXPECT_EQ(*a, act::kCombatDice + 10 * 1 + 4);
  // Negative: a value beyond the die (an 11 on a d10 at most) is refused and asked again.
  std::istringstream in2("11\n1\n1\n");
  std::ostringstream out2;
  auto b = game::ask_chance(*st, in2, out2);
  ASSERT_TRUE(b.ok()) << b.message();
  EXPECT_EQ(*b, act::kCombatDice);
}

}  // namespace
}  // namespace carroccio::gwkho
