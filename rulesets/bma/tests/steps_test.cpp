// bma 4.0-4.2, 5.3 D, 5.4.6, 7.2 and 9.6 as a move is taken step by step: legal_actions() lists
// the moving piece's next step (one hex, one change of facing, or stop), while persons and the
// search agents are offered whole moves (destinations, accepted by check_unlisted()). The
// property test checks, over positions from random games under several option sets, that the
// final positions reachable by sequences of steps are exactly the destinations offered.
//
// Maps as in movement_test.cpp: flat-topped, even-shifted; a one-column strip (1 x N) makes
// movement-point counts exact. Direction 0 is north on a flat-topped map, 3 south.
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "core/hash.hpp"
#include "core/rng.hpp"
#include "game/driver.hpp"
#include "game/record.hpp"
#include "rulesets/bma/tests/test_util.hpp"

namespace carroccio::bma::testing {
namespace {

constexpr int kNorth = 0;
constexpr int kSouth = 3;

bool listed(const BmaState& s, game::Action a) {
  const auto legal = s.legal_actions();
  return std::find(legal.begin(), legal.end(), a) != legal.end();
}

// ---- The short list ----

TEST(Bma_4_Movement, Clause_4_0_MoveIsTakenStepByStep) {
  auto f = setup_map({{"imperial", "infantry", "B", "0101"}, {"lombard", "infantry", "B", "0112"}},
                     {{"L0", "imperial", "0101"}, {"L1", "lombard", "0112"}}, {}, 1, 12);
  activate(*f->s, 1);
  select_unit(*f->s, 1);
  ASSERT_EQ(f->s->phase(), Phase::kMoveDestination);
  EXPECT_EQ(f->s->movement_left(), 4);
  // Positive: stop (no minimum move) or one hex north; nothing else in a one-column strip.
  EXPECT_EQ(f->s->legal_actions(),
            (std::vector<game::Action>{act::kStop, act::kStepBase + kNorth}));
  play(*f->s, act::kStepBase + kNorth);
  EXPECT_EQ(where(*f->s, 1), "0111");
  EXPECT_EQ(f->s->movement_left(), 3);
  // It may step back south into the hex it left (its own start hex, now empty).
  EXPECT_TRUE(listed(*f->s, act::kStepBase + kSouth));
  play(*f->s, act::kStop);
  EXPECT_EQ(f->s->phase(), Phase::kMoveSelect);
  EXPECT_TRUE(f->s->unit(1).flags & kMoved);
  auto moves = events_of(f->log, "move");
  ASSERT_EQ(moves.size(), 1u) << "one event for the whole move";
  EXPECT_EQ(moves[0].data["from"], "0112");
  EXPECT_EQ(moves[0].data["to"], "0111");
  EXPECT_EQ(moves[0].data["mp"], 1);
  // Negative: a unit that has moved is not offered again.
  EXPECT_FALSE(is_legal(*f->s, act::kSelectUnitBase + 1));
}

TEST(Bma_4_Movement, Clause_4_0_StepsStopWhenMovementPointsRunOut) {
  auto f = setup_map({{"imperial", "infantry", "B", "0101"}, {"lombard", "infantry", "B", "0112"}},
                     {{"L0", "imperial", "0101"}, {"L1", "lombard", "0112"}}, {}, 1, 12);
  activate(*f->s, 1);
  select_unit(*f->s, 1);
  for (int i = 0; i < 3; ++i) play(*f->s, act::kStepBase + kNorth);
  // Positive: with 1 MP left it may still step.
  ASSERT_EQ(f->s->phase(), Phase::kMoveDestination);
  EXPECT_EQ(f->s->movement_left(), 1);
  EXPECT_TRUE(listed(*f->s, act::kStepBase + kNorth));
  // Negative: after the fourth hex nothing is left but stopping, so the move ends by itself.
  play(*f->s, act::kStepBase + kNorth);
  EXPECT_EQ(where(*f->s, 1), "0108");
  EXPECT_EQ(f->s->phase(), Phase::kMoveSelect);
}

TEST(Bma_4_Movement, Clause_9_6_StepIntoForestNeedsItsCost) {
  // Forest at 0110: infantry pays 2 to enter it.
  auto f = setup_map({{"imperial", "infantry", "B", "0101"}, {"lombard", "infantry", "B", "0112"}},
                     {{"L0", "imperial", "0101"}, {"L1", "lombard", "0112"}}, {"0110"}, 1, 12);
  activate(*f->s, 1);
  select_unit(*f->s, 1);
  play(*f->s, act::kStepBase + kNorth);  // 0111, 3 MP left
  ASSERT_TRUE(listed(*f->s, act::kStepBase + kNorth)) << "2 MP for the forest, 3 left";
  play(*f->s, act::kStepBase + kNorth);
  EXPECT_EQ(f->s->movement_left(), 1);
  // Negative: cavalry with 3 MP left cannot pay the forest's 4.
  auto c = setup_map({{"imperial", "infantry", "B", "0101"}, {"lombard", "cavalry", "B", "0116"}},
                     {{"L0", "imperial", "0101"}, {"L1", "lombard", "0116"}}, {"0110"}, 1, 16);
  activate(*c->s, 1);
  select_unit(*c->s, 1);
  for (int i = 0; i < 5; ++i) play(*c->s, act::kStepBase + kNorth);  // 0111, 3 MP left
  ASSERT_EQ(c->s->movement_left(), 3);
  EXPECT_FALSE(listed(*c->s, act::kStepBase + kNorth));
}

TEST(Bma_4_Movement, Clause_4_0_StepNextToTheEnemyEndsTheMove) {
  auto f = setup_map({{"imperial", "infantry", "B", "0105"}, {"lombard", "cavalry", "B", "0110"}},
                     {{"L0", "imperial", "0101"}, {"L1", "lombard", "0110"}}, {}, 1, 12);
  activate(*f->s, 1);
  select_unit(*f->s, 1);
  // Negative: 0108 is not next to the enemy at 0105: the move goes on.
  play(*f->s, act::kStepBase + kNorth);
  play(*f->s, act::kStepBase + kNorth);
  EXPECT_EQ(f->s->phase(), Phase::kMoveDestination);
  // Positive: 0107 is not yet adjacent, 0106 is: entering it ends the move with MP to spare.
  play(*f->s, act::kStepBase + kNorth);
  ASSERT_EQ(f->s->phase(), Phase::kMoveDestination);
  play(*f->s, act::kStepBase + kNorth);
  EXPECT_EQ(where(*f->s, 1), "0106");
  EXPECT_EQ(f->s->movement_left(), 0) << "no piece is moving any more";
  EXPECT_NE(f->s->phase(), Phase::kMoveDestination);
  EXPECT_TRUE(f->s->unit(1).flags & kMoved);
}

TEST(Bma_4_Movement, Clause_4_0_NoStepThroughAUnit) {
  auto f = setup_map({{"imperial", "infantry", "B", "0101"},
                      {"lombard", "infantry", "B", "0112"},
                      {"lombard", "infantry", "B", "0111"}},
                     {{"L0", "imperial", "0101"}, {"L1", "lombard", "0112"}}, {}, 1, 12);
  activate(*f->s, 1);
  select_unit(*f->s, 1);
  // Negative: the friend at 0111 blocks the only way.
  ASSERT_EQ(f->s->phase(), Phase::kMoveDestination);
  EXPECT_EQ(f->s->legal_actions(), std::vector<game::Action>{act::kStop});
  play(*f->s, act::kStop);
  // Positive: the friend itself may step on.
  select_unit(*f->s, 2);
  EXPECT_TRUE(listed(*f->s, act::kStepBase + kNorth));
}

// ---- Facing (7.2) ----

TEST(Bma_7_Optional, Clause_7_2_3_TurnStepCostsOneMovementPoint) {
  // Facing N (0) in a 3-wide map; infantry faces a vertex, so use cavalry (hexside facings).
  auto f = setup_map(
      {{"imperial", "infantry", "B", "0101", "S/SW"}, {"lombard", "cavalry", "B", "0208", "N"}},
      {{"L0", "imperial", "0101"}, {"L1", "lombard", "0208"}}, {}, 3, 10, "facing");
  activate(*f->s, 1);
  select_unit(*f->s, 1);
  ASSERT_EQ(f->s->phase(), Phase::kMoveDestination);
  // Negative: the rear hexside (south) is not in its front (7.2.2).
  EXPECT_FALSE(listed(*f->s, act::kStepBase + kSouth));
  EXPECT_TRUE(listed(*f->s, act::kStepBase + kNorth));
  // Positive: a turn to face S costs one MP, then south is open.
  const int face_south = 6;
  ASSERT_TRUE(listed(*f->s, act::kTurnBase + face_south));
  EXPECT_FALSE(listed(*f->s, act::kTurnBase + 0)) << "not a turn to the facing it has";
  EXPECT_FALSE(listed(*f->s, act::kTurnBase + 1)) << "cavalry faces hexsides, not vertices";
  play(*f->s, act::kTurnBase + face_south);
  EXPECT_EQ(f->s->unit(1).facing, face_south);
  EXPECT_EQ(f->s->movement_left(), 7);
  EXPECT_TRUE(listed(*f->s, act::kStepBase + kSouth));
  EXPECT_FALSE(listed(*f->s, act::kStepBase + kNorth));
}

// ---- Leaders (4.2) ----

TEST(Bma_4_Movement, Clause_4_2_LeaderStepsNeverIntoADeadEnd) {
  // Lombard leader L1 at 0110 (8 MP); another Lombard leader X at 0108 with a unit. In a
  // one-column strip L1 may pass X's hex only if he can go on to a hex where he may end.
  auto f = setup_map(
      {{"imperial", "infantry", "B", "0101"}, {"lombard", "infantry", "B", "0108"}},
      {{"L0", "imperial", "0101"}, {"L1", "lombard", "0110"}, {"X", "lombard", "0108"}}, {}, 1, 12);
  activate(*f->s, 1);
  play(*f->s, act::kSelectLeaderBase + 1);
  play(*f->s, act::kStepBase + kNorth);  // 0109, 7 MP left
  // Positive: through X's hex to 0107 (the enemy at 0101 stops him only at 0102).
  ASSERT_TRUE(listed(*f->s, act::kStepBase + kNorth));
  play(*f->s, act::kStepBase + kNorth);
  EXPECT_EQ(f->s->leader(1).hex, hex(*f->g, "0108"));
  EXPECT_FALSE(listed(*f->s, act::kStop)) << "4.2: he may not end with X";
  play(*f->s, act::kStepBase + kNorth);
  EXPECT_TRUE(listed(*f->s, act::kStop));

  // Negative: X's hex is forest (4 MP for a leader) and he has exactly 4 MP left next to it:
  // he could not leave it, nor end there, so the step is not offered.
  auto n =
      setup_map({{"imperial", "infantry", "B", "0101"}, {"lombard", "infantry", "B", "0103"}},
                {{"L0", "imperial", "0101"}, {"L1", "lombard", "0108"}, {"X", "lombard", "0103"}},
                {"0103"}, 1, 12);
  activate(*n->s, 1);
  play(*n->s, act::kSelectLeaderBase + 1);
  for (int i = 0; i < 4; ++i) play(*n->s, act::kStepBase + kNorth);  // 0104, 4 MP left
  ASSERT_EQ(n->s->leader(1).hex, hex(*n->g, "0104"));
  ASSERT_EQ(n->s->movement_left(), 4);
  EXPECT_FALSE(listed(*n->s, act::kStepBase + kNorth));
  EXPECT_TRUE(listed(*n->s, act::kStop));
}

// ---- 5.4.6 and 9.6: what happens on the way is settled when the move ends ----

TEST(Bma_4_Movement, Clause_5_4_6_OverrunCheckWhenTheMoveEnds) {
  // The Imperial leader stands alone at 0105; the Lombard cavalry rides through his hex.
  auto f = setup_map({{"imperial", "infantry", "B", "0101"}, {"lombard", "cavalry", "B", "0108"}},
                     {{"L0", "imperial", "0105"}, {"L1", "lombard", "0108"}}, {}, 1, 10);
  activate(*f->s, 1);
  select_unit(*f->s, 1);
  for (int i = 0; i < 3; ++i) play(*f->s, act::kStepBase + kNorth);  // into 0105
  // Negative: no die while the unit is still moving.
  EXPECT_FALSE(f->s->is_chance_node());
  EXPECT_EQ(f->s->phase(), Phase::kMoveDestination);
  play(*f->s, act::kStepBase + kNorth);  // 0104
  // Positive: when it stops, the leader tests for his life (2d6).
  play(*f->s, act::kStop);
  ASSERT_TRUE(f->s->is_chance_node());
  EXPECT_EQ(f->s->chance_info().rule, "bma 5.4.6");
  roll(*f->s, 7);
  EXPECT_EQ(f->s->leader(0).hex, hex(*f->g, "0101")) << "he survives and joins his unit";
  EXPECT_FALSE(f->s->is_chance_node()) << "one check, not one per hex";
}

TEST(Bma_4_Movement, Clause_9_6_ForestDisorderAtTheEndOfAStepMove) {
  // Cavalry enters the forest at 0111 and rides out to 0109 (4 + 1 + 1 = 6 MP).
  auto f = setup_map({{"imperial", "infantry", "B", "0101"}, {"lombard", "cavalry", "B", "0112"}},
                     {{"L0", "imperial", "0101"}, {"L1", "lombard", "0112"}}, {"0111"}, 1, 12);
  activate(*f->s, 1);
  select_unit(*f->s, 1);
  play(*f->s, act::kStepBase + kNorth);
  // Negative: still ordered while it moves (a disordered unit could only go homeward, 5.3 D).
  EXPECT_EQ(f->s->unit(1).status, Status::kOrdered);
  play(*f->s, act::kStepBase + kNorth);
  play(*f->s, act::kStepBase + kNorth);
  EXPECT_EQ(f->s->unit(1).status, Status::kOrdered);
  // Positive: disordered as the move ends.
  play(*f->s, act::kStop);
  EXPECT_EQ(f->s->unit(1).status, Status::kDisordered);
  EXPECT_EQ(events_of(f->log, "disorder", "9.6").size(), 1u);
}

TEST(Bma_4_Movement, Clause_5_3_DisorderedStepsOnlyHomeward) {
  // Lombard home edge is south: a disordered Lombard unit steps only south.
  auto f = setup_map({{"imperial", "infantry", "B", "0101"}, {"lombard", "infantry", "B", "0305"}},
                     {{"L0", "imperial", "0101"}, {"L1", "lombard", "0310"}}, {}, 5, 10);
  f->s->debug_set_unit(1, hex(*f->g, "0305"), Status::kDisordered);
  activate(*f->s, 1);
  select_unit(*f->s, 1);
  ASSERT_EQ(f->s->phase(), Phase::kMoveDestination);
  EXPECT_TRUE(listed(*f->s, act::kStepBase + kSouth));   // positive
  EXPECT_FALSE(listed(*f->s, act::kStepBase + kNorth));  // negative
  for (int d : {1, 2, 4, 5}) EXPECT_FALSE(listed(*f->s, act::kStepBase + d)) << d;
}

// ---- Whole moves for persons and agents ----

TEST(Bma_4_Movement, Clause_4_0_WholeMoveAcceptedOnlyWhereStepsLead) {
  auto f = setup_map({{"imperial", "infantry", "B", "0101"}, {"lombard", "infantry", "B", "0112"}},
                     {{"L0", "imperial", "0101"}, {"L1", "lombard", "0112"}}, {}, 1, 12);
  activate(*f->s, 1);
  select_unit(*f->s, 1);
  // Negative: 0107 is five hexes away: refused with one sentence, nothing changes.
  const std::string before = f->s->to_string();
  const auto refused = f->s->apply(destination(*f->g, "0107", f->s->unit(1).facing));
  EXPECT_FALSE(refused.ok());
  EXPECT_EQ(f->s->to_string(), before);
  // Positive: 0108 is accepted though legal_actions() lists only steps.
  const game::Action to_0108 = destination(*f->g, "0108", f->s->unit(1).facing);
  EXPECT_FALSE(listed(*f->s, to_0108));
  EXPECT_TRUE(f->s->check_unlisted(to_0108).ok());
  play(*f->s, to_0108);
  EXPECT_EQ(where(*f->s, 1), "0108");
  EXPECT_EQ(f->s->phase(), Phase::kMoveSelect);
}

TEST(Bma_4_Movement, Clause_4_0_WholeMoveFromHalfwayUsesWhatIsLeft) {
  auto f = setup_map({{"imperial", "infantry", "B", "0101"}, {"lombard", "infantry", "B", "0112"}},
                     {{"L0", "imperial", "0101"}, {"L1", "lombard", "0112"}}, {}, 1, 12);
  activate(*f->s, 1);
  select_unit(*f->s, 1);
  play(*f->s, act::kStepBase + kNorth);
  play(*f->s, act::kStepBase + kNorth);  // 0110, 2 MP left
  const auto dests = destinations_now(*f->s);
  EXPECT_TRUE(contains_hex(dests, "0108"));   // positive
  EXPECT_FALSE(contains_hex(dests, "0107"));  // negative: 3 more hexes
  EXPECT_TRUE(contains_hex(dests, "0112")) << "back where it began";
  play(*f->s, destination(*f->g, "0108", f->s->unit(1).facing));
  auto moves = events_of(f->log, "move");
  ASSERT_EQ(moves.size(), 1u);
  EXPECT_EQ(moves[0].data["from"], "0112");
  EXPECT_EQ(moves[0].data["mp"], 4);
}

// ---- The property: steps reach exactly the destinations ----

// Every final position (as a destination action) that sequences of legal steps reach from `s`
// (a piece selected, in the move-destination phase), searched depth first with the positions
// seen (hex, facing, MP left) remembered.
void walk(const BmaState& s, std::set<game::Action>& finals,
          std::set<std::tuple<int, int, int>>& seen, std::size_t& most_listed) {
  const int sel = s.selected();
  const bool is_leader = sel >= 1000;
  const int piece = sel % 1000;
  std::vector<game::Action> legal;
  s.legal_actions(legal);
  most_listed = std::max(most_listed, legal.size());
  for (const game::Action a : legal) {
    auto next = s.clone_for_search();
    next->apply_unchecked(a);
    const auto& n = static_cast<const BmaState&>(*next);
    const int h = is_leader ? n.leader(piece).hex : n.unit(piece).hex;
    const int f = is_leader ? 0 : n.unit(piece).facing;
    if (n.phase() != Phase::kMoveDestination || n.selected() != sel) {
      finals.insert(act::kDestinationBase + h * 12 + f);
      continue;
    }
    if (seen.insert({h, f, n.movement_left()}).second) walk(n, finals, seen, most_listed);
  }
}

TEST(Bma_4_Movement, Clause_4_0_StepsReachExactlyTheDestinations) {
  game::Registry registry;
  registry.add(make_ruleset());
  int positions = 0, leaders = 0, disordered = 0, facing_moves = 0;
  std::size_t most_listed = 0;
  for (const std::string options : {"", "facing", "command_radius,facing,charge"}) {
    auto opts = game::parse_options(options);
    ASSERT_TRUE(opts.ok());
    auto loaded = registry.load("bma/legnano", *opts);
    ASSERT_TRUE(loaded.ok()) << loaded.message();
    for (std::uint64_t seed = 1; seed <= 2; ++seed) {
      auto state = (*loaded)->new_initial_state();
      state->set_record_history(false);
      core::Rng rng(seed);
      std::vector<game::Action> legal;
      int selections = 0;
      for (int step = 0; step < 4000 && !state->is_terminal(); ++step) {
        auto& s = static_cast<BmaState&>(*state);
        if (s.phase() == Phase::kMoveDestination && s.movement_left() > 0 &&
            ++selections % 7 == 0) {
          const auto offered = s.person_actions();
          ASSERT_FALSE(offered.empty());
          std::set<game::Action> finals, expected(offered.begin(), offered.end());
          std::set<std::tuple<int, int, int>> seen;
          walk(s, finals, seen, most_listed);
          ASSERT_EQ(finals, expected) << "options '" << options << "' seed " << seed << "\n"
                                      << s.to_string();
          for (const game::Action a : offered) ASSERT_TRUE(s.check_unlisted(a).ok());
          ++positions;
          if (s.selected() >= 1000)
            ++leaders;
          else if (s.unit(s.selected()).status == Status::kDisordered)
            ++disordered;
          else if (options.find("facing") != std::string::npos)
            ++facing_moves;
        }
        // A random player over legal_actions() (the steps), as the random agent plays.
        game::Action a;
        if (state->is_chance_node()) {
          a = game::sample_chance(*state, rng);
        } else {
          state->legal_actions(legal);
          a = legal[static_cast<std::size_t>(rng.uniform(legal.size()))];
        }
        ASSERT_TRUE(state->apply(a).ok());
      }
    }
  }
  // The positions covered every kind of mover, and a decision never listed more than 9 steps.
  EXPECT_GE(positions, 100);
  EXPECT_GE(leaders, 3);
  EXPECT_GE(disordered, 1);
  EXPECT_GE(facing_moves, 20);
  EXPECT_LE(most_listed, 9u);
}

// ---- Records made before moves were taken step by step ----

TEST(Bma_4_Movement, Clause_4_0_RecordOfWholeMovesReplays) {
  // A Legnano game (facing on, random agents, seed 5) recorded when every move was one
  // destination action. Its first 232 actions (74 whole moves) replay to the position they
  // reached when the game was recorded (5c1a77c34951fff3, by the code of then and of now), since
  // check_unlisted() accepts those actions and applies them as before. The next action, a
  // combat die, routs Swabian knights 2 onto 1610, where Guido da Landriano stands alone: the
  // game was recorded before a rout made a lone enemy leader test (5.4.6, ruling L-25), so the
  // rest of the record belongs to the old rules and the replay stops at Guido's check.
  game::Registry registry;
  registry.add(make_ruleset());
  auto record = game::read_record_file(std::string(BMA_TEST_DATA) + "/record_whole_moves_v1.json");
  ASSERT_TRUE(record.ok()) << record.message();
  auto prefix = *record;
  prefix.actions.resize(232);
  const auto whole =
      std::count_if(prefix.actions.begin(), prefix.actions.end(),
                    [](const game::HistoryItem& h) { return h.action >= act::kDestinationBase; });
  EXPECT_GT(whole, 50);
  auto replayed = game::replay(registry, prefix);
  ASSERT_TRUE(replayed.ok()) << replayed.message();
  EXPECT_EQ(core::hex64((*replayed)->hash()), "5c1a77c34951fff3");
  ASSERT_TRUE((*replayed)->apply(record->actions[232].action).ok());
  EXPECT_EQ((*replayed)->chance_info().rule, "bma 5.4.6");
  // Negative: the same record with one destination moved a hex too far is refused at that
  // action, with one sentence.
  auto broken = *record;
  for (auto& h : broken.actions)
    if (h.action >= act::kDestinationBase) {
      h.action += 12 * 40;  // forty hexes further on in the dense numbering
      break;
    }
  auto refused = game::replay(registry, broken);
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.message().find("cannot be replayed"), std::string::npos) << refused.message();
}

}  // namespace
}  // namespace carroccio::bma::testing
