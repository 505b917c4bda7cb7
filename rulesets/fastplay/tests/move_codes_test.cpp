// The Movement phase's list of a picked unit is exactly what the rules accept: legal_actions()
// takes the codes from move_codes(), which checks each turn's starting place once for the codes
// that share it and keeps stand bases made earlier, so it is checked against move_result() asked
// code by code, at every Movement decision of random games of every built-in scenario, and the
// units offered for a move are exactly those that may move and have at least one accepted code.
#include <gtest/gtest.h>

#include "core/rng.hpp"
#include "rulesets/fastplay/tests/test_util.hpp"

namespace carroccio::fastplay {
namespace {

using namespace testing;  // NOLINT(build/namespaces)

TEST(FastplayClauses, Clause_Movement_TheListedMovesAreExactlyTheMovesTheRulesAccept) {
  int checked = 0, moves = 0, picks = 0;
  for (const char* id : {"meadow", "mill", "ford"}) {
    auto st = builtin_start(id);
    ASSERT_NE(st, nullptr) << id;
    core::Rng rng(3);
    std::vector<game::Action> legal;
    for (int step = 0; step < 250 && !st->is_terminal(); ++step) {
      if (st->is_chance_node()) {
        const auto o = st->chance_outcomes();
        st->apply_unchecked(o[static_cast<std::size_t>(rng.uniform(o.size()))].action);
        continue;
      }
      const auto& s = static_cast<const FastplayState&>(*st);
      st->legal_actions(legal);
      if (s.phase() == Phase::kMovement && s.pending() == PendingKind::kNone) {
        if (s.selected() >= 0) {
          std::vector<game::Action> want{act::kMoveBase};
          for (int code = 1; code <= static_cast<int>(kTurns.size()) * kNumDistances; ++code)
            if (s.move_result(s.selected(), code)) want.push_back(act::kMoveBase + code);
          ASSERT_EQ(legal, want) << id << " step " << step << "\n" << st->to_string();
          ++checked;
          moves += static_cast<int>(want.size());
        } else {
          // The units offered are exactly those of the side to act that may move and have an
          // accepted code (the list reuses what advance() found: has_options()).
          for (int u = 0; u < s.num_units(); ++u) {
            const bool offered =
                std::find(legal.begin(), legal.end(), act::kSelectBase + u) != legal.end();
            bool any = false;
            for (int code = 1; code <= static_cast<int>(kTurns.size()) * kNumDistances; ++code)
              any = any || s.move_result(u, code).has_value();
            EXPECT_EQ(offered, s.side_of(u) == s.to_act() && s.may_move(u) && any)
                << id << " step " << step << " unit " << u;
            picks += offered ? 1 : 0;
          }
        }
      }
      st->apply_unchecked(legal[static_cast<std::size_t>(rng.uniform(legal.size()))]);
    }
  }
  EXPECT_GT(checked, 10);
  EXPECT_GT(moves, 100);  // the sample exercises the property
  EXPECT_GT(picks, 10);
}

// The stand geometry the listings keep (per thread, whatever the state: unit_geo()) is made
// again whenever a unit's place or stands differ: a state left behind in a random game lists
// the same decisions and has the same stand bases when asked again after the game went on.
TEST(FastplayClauses, Clause_Movement_AnEarlierStateAskedAgainListsTheSameDecisions) {
  int compared = 0;
  for (const char* id : {"meadow", "mill", "ford"}) {
    auto st = builtin_start(id);
    ASSERT_NE(st, nullptr) << id;
    core::Rng rng(5);
    std::vector<game::Action> legal, again;
    std::unique_ptr<game::State> earlier;
    std::vector<game::Action> earlier_legal;
    for (int step = 0; step < 300 && !st->is_terminal(); ++step) {
      if (st->is_chance_node()) {
        const auto o = st->chance_outcomes();
        st->apply_unchecked(o[static_cast<std::size_t>(rng.uniform(o.size()))].action);
        continue;
      }
      st->legal_actions(legal);
      if (step % 7 == 0) {
        if (earlier) {
          earlier->legal_actions(again);
          ASSERT_EQ(again, earlier_legal) << id << " step " << step;
          const auto& e = static_cast<const FastplayState&>(*earlier);
          for (int u = 0; u < e.num_units(); ++u)
            for (std::size_t i = 0; i < e.unit(u).stands.size(); ++i)
              ASSERT_EQ(
                  e.stand_base(u, static_cast<int>(i)),
                  e.stand_base_at(u, static_cast<int>(i), e.unit(u).centre, e.unit(u).heading))
                  << id << " step " << step;
          ++compared;
        }
        earlier = st->clone();
        earlier_legal = legal;
      }
      st->apply_unchecked(legal[static_cast<std::size_t>(rng.uniform(legal.size()))]);
    }
  }
  EXPECT_GT(compared, 20);
}

}  // namespace
}  // namespace carroccio::fastplay
