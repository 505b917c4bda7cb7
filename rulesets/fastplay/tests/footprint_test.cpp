// A unit that has lost stands moves as what is left of it (fastplay 4.2, ruling F-6): its turn is
// about the middle of its surviving stands, not of the block it started as, so no survivor is
// carried further than its own turn on the spot and the straight move allow.
#include "rulesets/fastplay/tests/test_util.hpp"

namespace carroccio::fastplay {
namespace {

using testing::at;

// Four archer stands of a in one rank at (50, 30) facing up (+y), offsets across +4.5, +1.5,
// -1.5 and -4.5 cm; b far away at the top of the table.
std::unique_ptr<FastplayState> archers() {
  return testing::start({{"a", "archery", 50, 30, 90}, {"b", "heavy_infantry", 50, 95, 270}});
}

// The centre of stand i of unit u if the unit stood at `pose`.
geo::Point stand_at(const FastplayState& s, int u, int i, const Pose& pose) {
  return s.stand_base_at(u, i, pose.first, pose.second).centre();
}

// A distance in cm (rounded to 0.1 mm), for messages.
double cm(geo::SquaredDistance d) { return static_cast<double>(d.round()) / kCm; }

// Every turn-then-move code 1..30 of unit u, with where it ends (legal ones only).
std::vector<std::pair<int, Pose>> legal_moves(const FastplayState& s, int u) {
  std::vector<std::pair<int, Pose>> out;
  for (int code = 1; code <= static_cast<int>(kTurns.size()) * kNumDistances; ++code)
    if (auto p = s.move_result(u, code)) out.emplace_back(code, *p);
  return out;
}

TEST(FastplayClauses, Clause_4_2_AReducedUnitTurnsAboutItsSurvivors) {
  // The lone survivor at the right end of the line (as fastplay/mill's archers after losses):
  // whatever the turn, it goes no further than the straight move, and a turn alone leaves it on
  // its spot. Before, it swung about the middle of the old block, 4.5 cm away, and a 45 degree
  // turn then a full move carried it about 16.8 cm against an allowance of 15.
  auto s = archers();
  for (int i = 0; i < 3; ++i) s->debug_kill_stand(0, i);
  const geo::Point before = s->stand_base(0, 3).centre();
  const auto moves = legal_moves(*s, 0);
  ASSERT_EQ(moves.size(), 29u);  // an open table: every turn and distance is legal
  for (const auto& [code, pose] : moves) {
    const int quarters = (code - 1) % kNumDistances;
    const std::int64_t straight = move_allowance(TroopType::kArchery) * quarters / 4;
    const auto moved = geo::distance_sq(before, stand_at(*s, 0, 3, pose));
    // Within the 0.1 mm lattice's rounding of the move (ruling F-30).
    EXPECT_TRUE(moved.within(straight + 1)) << "code " << code << ": " << cm(moved) << " cm";
    if (quarters == 0) {
      EXPECT_EQ(stand_at(*s, 0, 3, pose), before) << "code " << code;
    }
  }

  // Two survivors, at the right end: a turn alone keeps the middle of the two where it was, so
  // each moves at most twice its 1.5 cm from that middle (a half turn), never 9 cm as the end
  // stand of the whole block would.
  auto two = archers();
  for (int i = 0; i < 2; ++i) two->debug_kill_stand(0, i);
  const geo::Point middle = two->block(0).centre();
  EXPECT_EQ(middle, at(50 + 3, 30));  // across -3 cm, to the unit's right (+x facing up)
  for (int p = 0; p < static_cast<int>(kTurns.size()); ++p) {
    const auto pose = two->move_result(0, move_action(p, 0) - act::kMoveBase);
    if (p == 0) {
      EXPECT_FALSE(pose.has_value());  // no turn and no move is holding, not a move
      continue;
    }
    ASSERT_TRUE(pose.has_value()) << p;
    EXPECT_TRUE(
        geo::distance_sq(two->block_at(0, pose->first, pose->second).centre(), middle).within(1))
        << "turn " << kTurns[static_cast<std::size_t>(p)];
    for (int i : {2, 3})
      EXPECT_TRUE(geo::distance_sq(two->stand_base(0, i).centre(), stand_at(*two, 0, i, *pose))
                      .within(3 * kCm + 1))
          << "turn " << kTurns[static_cast<std::size_t>(p)] << " stand " << i;
  }

  // Room is needed only where the survivors end: a friend standing where the dead stands were
  // does not stop the half turn on the spot (which, about the old middle, would have swung the
  // survivor into it).
  auto crowded = testing::start({{"a", "archery", 50, 30, 90},
                                 {"b", "heavy_infantry", 50, 95, 270},
                                 {"a", "light_infantry", 20, 80, 90}});
  for (int i = 0; i < 3; ++i) crowded->debug_kill_stand(0, i);
  for (int i = 1; i < 4; ++i) crowded->debug_kill_stand(2, i);
  // The friend's one stand at (44, 30), on the dead stands' old place at the left of the line.
  const geo::Vec off = geo::rotate(crowded->unit(2).stands[0].offset, geo::Angle::degrees(90));
  crowded->debug_place(2, at(44, 30) - off, 90);
  ASSERT_EQ(crowded->check_invariants(), "");
  const auto half_turn = crowded->move_result(0, move_action(5, 0) - act::kMoveBase);
  ASSERT_TRUE(half_turn.has_value());
  EXPECT_EQ(stand_at(*crowded, 0, 3, *half_turn), crowded->stand_base(0, 3).centre());
}

TEST(FastplayClauses, Clause_4_2_AWholeUnitStillTurnsAboutItsWholeBlock) {
  // Negative: a unit that has lost nothing turns about the middle of its whole block as before:
  // a half turn alone leaves its centre where it was and swaps its end stands, each 9 cm away.
  auto s = archers();
  const auto pose = s->move_result(0, move_action(5, 0) - act::kMoveBase);
  ASSERT_TRUE(pose.has_value());
  EXPECT_EQ(pose->first, s->unit(0).centre);
  EXPECT_EQ(stand_at(*s, 0, 0, *pose), s->stand_base(0, 3).centre());
  // And a survivor's move is refused where its own path is blocked: a friend 5 cm ahead of the
  // lone survivor stops a full move straight on, though the dead stands' old places are clear.
  auto blocked = testing::start({{"a", "archery", 50, 30, 90},
                                 {"b", "heavy_infantry", 50, 95, 270},
                                 {"a", "light_infantry", 20, 80, 90}});
  for (int i = 0; i < 3; ++i) blocked->debug_kill_stand(0, i);
  for (int i = 1; i < 4; ++i) blocked->debug_kill_stand(2, i);
  const geo::Vec off = geo::rotate(blocked->unit(2).stands[0].offset, geo::Angle::degrees(90));
  blocked->debug_place(2, at(54.5, 36) - off, 90);  // across the survivor's path at x = 54.5
  EXPECT_FALSE(blocked->move_result(0, move_action(0, 4) - act::kMoveBase).has_value());
  EXPECT_TRUE(blocked->move_result(0, move_action(0, 1) - act::kMoveBase).has_value());
}

}  // namespace
}  // namespace carroccio::fastplay
