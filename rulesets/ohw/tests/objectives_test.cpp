// Every scenario's objective can be taken by the decisions the game lists (issue 17 point 7): with
// the defenders cleared or moved away, a unit (or wagon) is driven by the listed candidate that
// brings it nearest its goal, and the win follows. Nothing here may use free placement or
// debug_place for the attacker: only the moves legal_actions() offers a person and an agent.
#include <gtest/gtest.h>

#include <functional>

#include "rulesets/ohw/tests/test_util.hpp"

namespace carroccio::ohw {
namespace {

using namespace testing;  // NOLINT(build/namespaces)

std::unique_ptr<OhwState> scenario(const std::string& id) {
  auto r = make_ruleset();
  auto text = r->builtin_scenario(id);
  EXPECT_TRUE(text.ok());
  return new_state(make_game(nlohmann::json::parse(*text)));
}

int index_of(const OhwState& s, const std::string& id) {
  for (int u = 0; u < s.ohw().num_units(); ++u)
    if (s.ohw().unit(u).id == id) return u;
  ADD_FAILURE() << "no unit " << id;
  return 0;
}

int terrain_index(const OhwState& s, const std::string& id) {
  for (int t = 0; t < s.ohw().num_terrain(); ++t)
    if (s.ohw().terrain(t).id == id) return t;
  ADD_FAILURE() << "no terrain " << id;
  return 0;
}

// How far unit u is from its goal (lower is better, 0 or less: there), in 1/100 inch.
using Score = std::function<std::int64_t(const OhwState&, int)>;

std::int64_t max_corner(const geo::Base& b, bool x) {
  std::int64_t m = x ? b.corners()[0].x : b.corners()[0].y;
  for (const auto& c : b.corners()) m = std::max(m, x ? c.x : c.y);
  return m;
}

// Picks unit u and makes the listed decision that scores best after it (hold when none helps).
void best_candidate(OhwState& s, int u, const Score& score) {
  play(s, act::kSelectBase + u);
  game::Action best = act::kMoveBase + act::kHold;
  std::int64_t best_score = score(s, u);
  for (game::Action a : s.legal_actions()) {
    auto c = s.clone();
    auto* cs = static_cast<OhwState*>(c.get());
    if (!cs->apply(a).ok() || !cs->unit(u).on_table) continue;
    const std::int64_t v = score(*cs, u);
    if (v < best_score) {
      best = a;
      best_score = v;
    }
  }
  play(s, best);
}

// Ends the active side's player turn: no shots, every melee fought with the die forced to `die`.
void finish_turn(OhwState& s, int die = 1) {
  const int side = s.active(), turn = s.turn();
  while (!s.is_terminal() && s.active() == side && s.turn() == turn) {
    if (s.is_chance_node()) {
      roll(s, die);
    } else if (is_legal(s, act::kEndPhase)) {
      play(s, act::kEndPhase);
    } else {
      play(s, s.legal_actions().front());
    }
  }
}

// The active side moves `movers` by best_candidate, the rest hold (its player turn may end by
// itself once every unit has acted); the other side then passes its player turn.
void attack(OhwState& s, const std::vector<int>& movers, const Score& score) {
  const int side = s.active(), turn = s.turn();
  auto ours = [&] { return !s.is_terminal() && s.active() == side && s.turn() == turn; };
  for (int u : movers)
    if (ours() && s.phase() == Phase::kMove && !s.is_chance_node() && s.side_of(u) == side &&
        s.unit(u).on_table && !(s.unit(u).flags & kActed) && score(s, u) > 0)
      best_candidate(s, u, score);
  if (ours()) finish_turn(s);
  if (!s.is_terminal() && s.active() != side) finish_turn(s);
}

TEST(Ohw_Scenarios, S1_TheWagonCanBeReachedByListedMovesAndTaken) {
  auto s = scenario("s1");
  // The guards cleared: three removed, two sent far from the wagon (four removed would break the
  // League, O-43, and win without the wagon).
  for (const char* id : {"r1", "r2", "r3"}) s->debug_remove(index_of(*s, id));
  s->debug_place(index_of(*s, "r4"), at(32, 14), 90);
  s->debug_place(index_of(*s, "r5"), at(4, 4), 90);
  const geo::Polygon& wagon = s->ohw().terrain(terrain_index(*s, "wagon")).outline;
  const Score touch = [&](const OhwState& st, int u) {
    std::int64_t d = INT64_MAX;
    for (geo::Side side : geo::kAllSides)
      d = std::min(
          d,
          geo::distance_sq(st.unit(u).base.side(side), std::span<const geo::Point>(wagon)).round());
    return d;
  };
  const int b3 = index_of(*s, "b3");
  for (int t = 0; t < 4 && !s->is_terminal(); ++t) attack(*s, {b3}, touch);
  ASSERT_TRUE(s->is_terminal()) << s->to_string();
  EXPECT_EQ(s->winner(), 0);
  EXPECT_EQ(s->end_reason(), EndReason::kObjective);
  EXPECT_LE(s->turn(), 2);  // 15" down the road, then up to the wagon
}

TEST(Ohw_Scenarios, S2_TwoUnitsCanCrossByListedMovesAndWin) {
  auto s = scenario("s2");
  for (const char* id : {"r1", "r2", "r3", "r4"}) s->debug_remove(index_of(*s, id));
  const auto* goal = s->ohw().ai_maps().goal_for(terrain_index(*s, "south_bank"));
  ASSERT_NE(goal, nullptr);
  // Down the distance field to the south bank (around the river, over the bridge or the ford),
  // then on until the whole base is south of the river.
  const Score south = [&](const OhwState& st, int u) {
    const std::int64_t d = goal->fields[0][0].at(st.unit(u).base.centre());
    return (d == DistanceField::kUnreachable ? 100000 : d) +
           std::max<std::int64_t>(0, max_corner(st.unit(u).base, false) - 17 * kInch);
  };
  std::vector<int> blue;  // the knights on the road and the levies nearest the ford
  for (const char* id : {"b3", "b6"}) blue.push_back(index_of(*s, id));
  while (!s->is_terminal()) attack(*s, blue, south);
  EXPECT_EQ(s->winner(), 0);
  EXPECT_EQ(s->end_reason(), EndReason::kTurnLimit);
  int across = 0;
  for (int u : blue)
    across += s->unit(u).on_table && max_corner(s->unit(u).base, false) <= 17 * kInch;
  EXPECT_GE(across, 2);
}

TEST(Ohw_Scenarios, S3_TheWagonsCanReachTheEastEdgeByListedMovesAndWin) {
  auto s = scenario("s3");
  // The ambush moved out of the way, along the south edge.
  const std::vector<std::pair<const char*, double>> away = {{"r1", 3},  {"r2", 8},  {"r3", 13},
                                                            {"r4", 18}, {"r5", 30}, {"r6", 34}};
  for (const auto& [id, x] : away) s->debug_place(index_of(*s, id), at(x, 2), 90);
  ASSERT_EQ(s->check_invariants(), "");
  const Score east = [&](const OhwState& st, int u) {
    return st.unit(u).on_table ? 36 * kInch - max_corner(st.unit(u).base, true) : -1;
  };
  const int w1 = index_of(*s, "w1"), w2 = index_of(*s, "w2");
  while (!s->is_terminal()) attack(*s, {w1, w2}, east);
  EXPECT_TRUE(s->unit(w1).removed);
  EXPECT_TRUE(s->unit(w2).removed);
  EXPECT_EQ(s->points(0), 6);  // both safe
  EXPECT_EQ(s->winner(), 0);
}

TEST(Ohw_Scenarios, S4_AGrangeCanBeHeldByListedMovesAndScores) {
  auto s = scenario("s4");
  roll(*s, 6);
  roll(*s, 6);
  play(*s, act::kRollOffBase + 0);
  const int b1 = index_of(*s, "b1");
  const geo::Point grange = at(9, 18);  // the west grange's centre
  const Score inside = [&](const OhwState& st, int u) {
    return st.within_terrain(u, TerrainType::kTown)
               ? 0
               : geo::distance_sq(st.unit(u).base.centre(), grange).round();
  };
  while (!s->is_terminal()) attack(*s, {b1}, inside);
  EXPECT_TRUE(s->within_terrain(b1, TerrainType::kTown)) << s->to_string();
  EXPECT_GE(s->points(0), 8);  // every full turn from turn 3 to 12 once there
  EXPECT_EQ(s->points(1), 0);
  EXPECT_EQ(s->winner(), 0);
}

TEST(Ohw_Scenarios, Pitched_FourRemovalsByListedChargesBreakTheEnemy) {
  auto s = scenario("pitched");
  roll(*s, 5);  // blue: 4 knights, 1 men-at-arms, 1 levies
  roll(*s, 1);
  play(*s, act::kRollOffBase + 0);
  // Four worn red units 6" in front of the blue knights.
  const char* red[] = {"r1", "r2", "r3", "r4"};
  const char* blue[] = {"b1", "b2", "b3", "b4"};
  for (int i = 0; i < 4; ++i)
    s->debug_place(index_of(*s, red[i]),
                   s->unit(index_of(*s, blue[i])).base.centre() - geo::Vec{0, 8 * kInch}, 90, 14);
  for (int i = 0; i < 4; ++i) {
    const int b = index_of(*s, blue[i]), r = index_of(*s, red[i]);
    play(*s, act::kSelectBase + b);
    const game::Action c = charge(r, geo::Side::kFront);
    ASSERT_TRUE(is_legal(*s, c)) << blue[i];
    play(*s, c);
  }
  finish_turn(*s, 1);  // every knight strikes d6 1 + 2: 3 hits, 17 in all
  ASSERT_TRUE(s->is_terminal());
  EXPECT_EQ(s->winner(), 0);
  EXPECT_EQ(s->end_reason(), EndReason::kBreak);
}

}  // namespace
}  // namespace carroccio::ohw
