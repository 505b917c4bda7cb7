// gwkho: the result on points (ruling G-70) and the built-in battles.
#include <gtest/gtest.h>

#include "game/registry.hpp"
#include "rulesets/gwkho/game.hpp"
#include "rulesets/gwkho/ruleset.hpp"
#include "rulesets/gwkho/state.hpp"

namespace carroccio::gwkho {
namespace {

const game::Registry& registry() {
  static const game::Registry r = [] {
    game::Registry reg;
    reg.add(make_ruleset());
    return reg;
  }();
  return r;
}

std::unique_ptr<GwkhoState> start(const std::string& ref) {
  auto g = registry().load(ref, {});
  EXPECT_TRUE(g.ok()) << (g.ok() ? "" : g.message());
  auto st = (*g)->new_initial_state();
  return std::unique_ptr<GwkhoState>(static_cast<GwkhoState*>(st.release()));
}

// Plays on with no moves and the first outcome of every chance node until the game ends.
void play_out(GwkhoState& st) {
  int guard = 0;
  while (!st.is_terminal() && guard++ < 100000) {
    if (st.is_chance_node())
      ASSERT_TRUE(st.apply(st.chance_outcomes().front().action).ok());
    else
      ASSERT_TRUE(st.apply(act::kEndMoves).ok());
  }
  ASSERT_TRUE(st.is_terminal());
}

// The first `n` elements of side `side`, in element order.
std::vector<int> first_of(const GwkhoState& st, int side, int n) {
  std::vector<int> out;
  for (int e = 0; e < st.num_elements() && static_cast<int>(out.size()) < n; ++e)
    if (st.side_of(e) == side) out.push_back(e);
  return out;
}

TEST(Gwkho_Points, G70_InADrawTheSmallerShareOfTheBreakPointIsAhead) {
  auto st = start("gwkho/legnano");
  // The Imperial army (side 0) loses two elements, the Lombards one: both far from breaking.
  for (int e : first_of(*st, 0, 2)) st->debug_kill(e);
  for (int e : first_of(*st, 1, 1)) st->debug_kill(e);
  play_out(*st);
  ASSERT_EQ(st->winner(), 2);
  const game::PointsStanding p = st->points_standing();
  ASSERT_TRUE(p.reported);
  EXPECT_EQ(p.ahead, 1);
  ASSERT_EQ(p.shown.size(), 2u);
  EXPECT_EQ(p.shown[0].rfind("2 of ", 0), 0u) << p.shown[0];
  EXPECT_EQ(p.shown[1].rfind("1 of ", 0), 0u) << p.shown[1];
  EXPECT_EQ(p.label, "e/e lost");
  const auto summary = st->result_summary();
  ASSERT_TRUE(summary["points"].is_object());
  EXPECT_EQ(summary["points"]["ahead"], "lombard");
  game::ResultFacts facts;
  st->result_facts(facts);
  EXPECT_TRUE(facts.has_points);
  EXPECT_EQ(facts.points_ahead, "lombard");
}

TEST(Gwkho_Points, G70_SharesNotCountsDecideAndEqualSharesAreLevel) {
  // Negative of the above: the same count of e/e lost is not the same share. The Imperial
  // break point is lower, so two e/e each leaves the Lombards ahead; nothing lost is level.
  auto st = start("gwkho/legnano");
  const int at0 = st->army_morale_of(0).find("army")->broken_at_quarters;
  const int at1 = st->army_morale_of(1).find("army")->broken_at_quarters;
  ASSERT_LT(at0, at1);
  for (int e : first_of(*st, 0, 2)) st->debug_kill(e);
  std::vector<int> lombard_ones;
  for (int e = 0; e < st->num_elements() && lombard_ones.size() < 2; ++e)
    if (st->side_of(e) == 1 && element_equivalents(st->gw().element(e).list_troop).halves == 2)
      lombard_ones.push_back(e);
  for (int e : lombard_ones) st->debug_kill(e);
  play_out(*st);
  EXPECT_EQ(st->points_standing().ahead, 1);
  auto level = start("gwkho/legnano");
  play_out(*level);
  EXPECT_EQ(level->points_standing().ahead, -1);
  EXPECT_NE(level->result_summary()["points"]["text"].get<std::string>().find("level on points"),
            std::string::npos);
}

TEST(Gwkho_Points, G70_TheWinnerIsAheadAndAGameInPlayReportsNone) {
  auto live = start("gwkho/legnano");
  EXPECT_FALSE(live->points_standing().reported);
  EXPECT_TRUE(live->result_summary()["points"].is_null());
  // Break the Lombards: the Imperial army wins and is ahead.
  auto st = start("gwkho/legnano");
  for (int e : first_of(*st, 1, 40)) st->debug_kill(e);
  play_out(*st);
  ASSERT_EQ(st->winner(), 0);
  EXPECT_EQ(st->points_standing().ahead, 0);
}

}  // namespace
}  // namespace carroccio::gwkho
