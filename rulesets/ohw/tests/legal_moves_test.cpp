// The Move phase's list of a picked unit is exactly what the rules accept: legal_actions() works
// out each turn and each straight move once for the codes that share it, and skips charges on
// targets out of reach, so it is checked against move_result() and charge_result() asked code by
// code, at every Move decision of random games of every built-in scenario.
#include <gtest/gtest.h>

#include <set>

#include "core/rng.hpp"
#include "rulesets/ohw/tests/test_util.hpp"

namespace carroccio::ohw {
namespace {

using namespace testing;  // NOLINT(build/namespaces)

std::vector<game::Action> listed_by_code(const OhwState& s) {
  std::vector<game::Action> want;
  const int u = s.selected();
  want.push_back(act::kMoveBase + act::kHold);
  if (s.in_melee(u)) return {};  // 1.5: only turns to face, checked elsewhere
  for (int code = 1; code < act::kChargeCode; ++code)
    if (s.move_result(u, code)) want.push_back(act::kMoveBase + code);
  for (int t = 0; t < s.ohw().num_units(); ++t)
    for (geo::Side side : geo::kAllSides)
      if (s.charge_result(u, t, side))
        want.push_back(act::kMoveBase + act::kChargeCode + 4 * t + static_cast<int>(side));
  return want;
}

TEST(Ohw_1_Movement, Clause_1_0_TheListedMovesAreExactlyTheMovesTheRulesAccept) {
  int checked = 0, moves = 0;
  for (const char* id : {"s1", "s2", "s3", "s4", "pitched"}) {
    auto r = make_ruleset();
    auto text = r->builtin_scenario(id);
    ASSERT_TRUE(text.ok()) << id;
    auto g = r->new_game(nlohmann::json::parse(*text), std::string("ohw/") + id, {});
    ASSERT_TRUE(g.ok()) << id;
    auto st = (*g)->new_initial_state();
    core::Rng rng(5);
    std::vector<game::Action> legal;
    for (int step = 0; step < 300 && !st->is_terminal(); ++step) {
      if (st->is_chance_node()) {
        const auto o = st->chance_outcomes();
        st->apply_unchecked(o[static_cast<std::size_t>(rng.uniform(o.size()))].action);
        continue;
      }
      const auto& s = static_cast<const OhwState&>(*st);
      st->legal_actions(legal);
      if (s.phase() == Phase::kMove && s.selected() >= 0 && !s.in_melee(s.selected())) {
        // Everything below the demolition and march codes, which are listed as before.
        std::vector<game::Action> head;
        for (game::Action a : legal)
          if (a < act::kMoveBase + act::kDemolishCode) head.push_back(a);
        ASSERT_EQ(head, listed_by_code(s)) << id << " step " << step << "\n" << st->to_string();
        ++checked;
        moves += static_cast<int>(head.size());
      }
      st->apply_unchecked(legal[static_cast<std::size_t>(rng.uniform(legal.size()))]);
    }
  }
  EXPECT_GT(checked, 20);
  EXPECT_GT(moves, 200);  // the sample exercises the property
}

}  // namespace
}  // namespace carroccio::ohw
