// The sequence of play, reinforcements, the force table, victory conditions of the scenarios.
#include <gtest/gtest.h>

#include "core/rng.hpp"
#include "rulesets/ohw/tests/test_util.hpp"

namespace carroccio::ohw {
namespace {

using namespace testing;  // NOLINT(build/namespaces)

std::unique_ptr<OhwState> builtin(const std::string& id, const std::string& options = "") {
  auto r = make_ruleset();
  auto text = r->builtin_scenario(id);
  EXPECT_TRUE(text.ok());
  auto g = make_game(nlohmann::json::parse(*text), options);
  return new_state(g);
}

int unit_index(const OhwState& s, const std::string& id) {
  for (int u = 0; u < s.ohw().num_units(); ++u)
    if (s.ohw().unit(u).id == id) return u;
  return -1;
}

// Ends the phases of the active side's player turn while nothing has to be fought.
void pass_turn(OhwState& s) {
  const int side = s.active();
  const int turn = s.turn();
  while (!s.is_terminal() && !s.is_chance_node() && s.active() == side && s.turn() == turn &&
         is_legal(s, act::kEndPhase))
    play(s, act::kEndPhase);
}

TEST(Ohw_Sequence, PlayerTurnsAlternateAndTheFirstSideStarts) {
  auto s = builtin("s1");
  EXPECT_EQ(s->phase(), Phase::kMove);
  EXPECT_EQ(s->active(), 0);  // blue moves first in S1
  pass_turn(*s);
  EXPECT_EQ(s->active(), 1);
  EXPECT_EQ(s->turn(), 1);
  pass_turn(*s);
  EXPECT_EQ(s->active(), 0);
  EXPECT_EQ(s->turn(), 2);
}

TEST(Ohw_Sequence, ReinforcementsArriveAtTheStartOfTheirTurnNotBefore) {
  auto s = builtin("s1");
  const int r6 = unit_index(*s, "r6");
  while (!(s->turn() == 5 && s->active() == 1)) {
    EXPECT_FALSE(s->unit(r6).on_table) << "turn " << s->turn();
    pass_turn(*s);
    ASSERT_FALSE(s->is_terminal());
  }
  EXPECT_TRUE(s->unit(r6).on_table);
}

TEST(Ohw_Sequence, ForceTableRolledThroughChanceNodes) {
  auto s = builtin("pitched");
  ASSERT_TRUE(s->is_chance_node());
  EXPECT_EQ(s->chance_outcomes().size(), 6u);
  roll(*s, 1);                       // blue: 2 knights, 2 men-at-arms, 1 archers, 1 levies
  roll(*s, 5);                       // red: 4 knights, 1 men-at-arms, 1 levies
  ASSERT_TRUE(s->is_chance_node());  // the roll-off
  EXPECT_EQ(s->chance_outcomes().size(), 2u);
  EXPECT_EQ(s->unit(unit_index(*s, "b1")).type, UnitType::kKnights);
  EXPECT_EQ(s->unit(unit_index(*s, "b3")).type, UnitType::kMenAtArms);
  EXPECT_EQ(s->unit(unit_index(*s, "b5")).type, UnitType::kArchers);
  EXPECT_EQ(s->unit(unit_index(*s, "r4")).type, UnitType::kKnights);
  EXPECT_EQ(s->unit(unit_index(*s, "r5")).type, UnitType::kMenAtArms);
  EXPECT_EQ(s->unit(unit_index(*s, "r6")).type, UnitType::kLevies);
  play(*s, act::kRollOffBase + 1);
  EXPECT_EQ(s->active(), 1);
  EXPECT_EQ(s->phase(), Phase::kMove);
}

TEST(Ohw_Sequence, ForceTableHasTheOriginalRows) {
  EXPECT_EQ(force_from_table(4, 6),
            (std::vector<UnitType>{UnitType::kKnights, UnitType::kKnights, UnitType::kKnights,
                                   UnitType::kArchers, UnitType::kArchers, UnitType::kLevies}));
  EXPECT_EQ(force_from_table(1, 3),
            (std::vector<UnitType>{UnitType::kKnights, UnitType::kKnights, UnitType::kMenAtArms}));
}

game::Action irregulars(int a, int b) { return act::kIrregularsBase + 64 * a + b; }
game::Action peasants(int u) { return act::kPeasantsBase + u; }

// 5.2, 5.3 (O-32, O-33): irregulars and peasant archers replace units of each side's choice, a
// decision of that side at set-up once both forces are rolled.
TEST(Ohw_5_Optional, Clause_5_2_And_5_3_EachSideChoosesTheUnitsReplaced) {
  auto s = builtin("pitched", "irregulars,peasant_archers");
  roll(*s, 2);  // blue: 3 knights, 1 men-at-arms, 1 archers, 1 levies
  roll(*s, 5);  // red: 4 knights, 1 men-at-arms, 1 levies
  const int b1 = unit_index(*s, "b1"), b2 = unit_index(*s, "b2"), b3 = unit_index(*s, "b3");
  const int b5 = unit_index(*s, "b5"), b6 = unit_index(*s, "b6");
  const int r1 = unit_index(*s, "r1"), r5 = unit_index(*s, "r5"), r6 = unit_index(*s, "r6");
  ASSERT_FALSE(s->is_chance_node());
  EXPECT_EQ(s->phase(), Phase::kSetup);
  EXPECT_EQ(s->current_player(), 0);
  EXPECT_EQ(s->to_json(0)["active"], "blue");
  EXPECT_EQ(s->legal_actions().size(), 15u);       // any two of blue's six units
  EXPECT_FALSE(is_legal(*s, irregulars(r5, r6)));  // not red's units
  EXPECT_FALSE(is_legal(*s, irregulars(b2, b1)));  // a pair is named once, in order
  EXPECT_EQ(s->action_to_string(irregulars(b1, b2)),
            "the Blue knights #1 and the Blue knights #2 become irregulars");
  const auto j = s->action_to_json(irregulars(b1, b2));
  EXPECT_EQ(j["kind"], "replace");
  EXPECT_EQ(j["as"], "irregulars");
  EXPECT_EQ(j["units"], (nlohmann::json{"b1", "b2"}));
  play(*s, irregulars(b1, b2));
  EXPECT_EQ(s->unit(b1).type, UnitType::kIrregulars);
  EXPECT_EQ(s->unit(b2).type, UnitType::kIrregulars);
  EXPECT_EQ(s->unit(b3).type, UnitType::kKnights);
  EXPECT_EQ(s->current_player(), 0);
  EXPECT_EQ(s->legal_actions().size(), 4u);  // one of the four not made irregulars
  EXPECT_FALSE(is_legal(*s, peasants(b1)));
  EXPECT_EQ(s->action_to_string(peasants(b6)), "the Blue levies become peasant archers");
  play(*s, peasants(b6));
  EXPECT_EQ(s->unit(b6).type, UnitType::kPeasantArchers);
  EXPECT_EQ(s->unit(b5).type, UnitType::kArchers);  // as rolled
  EXPECT_EQ(s->current_player(), 1);
  play(*s, irregulars(r5, r6));
  play(*s, peasants(r1));
  EXPECT_EQ(s->unit(r1).type, UnitType::kPeasantArchers);
  EXPECT_EQ(s->unit(r5).type, UnitType::kIrregulars);
  ASSERT_TRUE(s->is_chance_node());  // the roll-off for the first player
  EXPECT_EQ(s->chance_outcomes().size(), 2u);
  // Negative: without the options the forces stand as rolled and nobody is asked.
  auto plain = builtin("pitched");
  roll(*plain, 2);
  roll(*plain, 5);
  EXPECT_TRUE(plain->is_chance_node());
  EXPECT_EQ(plain->unit(b5).type, UnitType::kArchers);
  EXPECT_EQ(plain->unit(b1).type, UnitType::kKnights);
}

TEST(Ohw_5_Optional, Clause_5_3_PeasantArchersAloneReplaceAnyOneUnit) {
  auto s = builtin("pitched", "peasant_archers");
  roll(*s, 2);
  roll(*s, 5);
  const int b1 = unit_index(*s, "b1"), r1 = unit_index(*s, "r1");
  EXPECT_EQ(s->legal_actions().size(), 6u);
  EXPECT_FALSE(is_legal(*s, irregulars(b1, b1 + 1)));  // no irregulars without their option
  play(*s, peasants(b1));
  EXPECT_EQ(s->unit(b1).type, UnitType::kPeasantArchers);
  EXPECT_FALSE(is_legal(*s, peasants(b1)));  // red's turn to choose
  play(*s, peasants(r1));
  EXPECT_TRUE(s->is_chance_node());
}

// S1: Blue touches the wagon; a red levy 3.9" from it prevents the win, at 4.1" it does not.
// Three League units are removed and a fourth stands far off (four removed would break the
// League, O-43).
void s1_wagon(double levy_y, bool blue_wins) {
  auto s = builtin("s1");
  for (const char* id : {"r1", "r2", "r4"}) s->debug_remove(unit_index(*s, id));
  s->debug_place(unit_index(*s, "r5"), at(32, 14), 90);
  s->debug_place(unit_index(*s, "b3"), at(18, 11), 270);  // front on the wagon's north side
  s->debug_place(unit_index(*s, "r3"), at(18, levy_y), 90);
  pass_turn(*s);
  EXPECT_EQ(s->is_terminal(), blue_wins);
  if (blue_wins) {
    EXPECT_EQ(s->winner(), 0);
    EXPECT_EQ(s->end_reason(), EndReason::kObjective);
  }
}

TEST(Ohw_Scenarios, S1_ALeagueUnitWithinFourInchesDeniesTheWagon) { s1_wagon(3.1, false); }
TEST(Ohw_Scenarios, S1_ALeagueUnitBeyondFourInchesDoesNot) { s1_wagon(2.9, true); }

// [O-43] S1: four League units removed break the League at the end of the player turn.
void s1_removed(std::initializer_list<const char*> ids, bool blue_wins) {
  auto s = builtin("s1");
  for (const char* id : ids) s->debug_remove(unit_index(*s, id));
  pass_turn(*s);
  EXPECT_EQ(s->is_terminal(), blue_wins);
  if (blue_wins) {
    EXPECT_EQ(s->winner(), 0);
    EXPECT_EQ(s->end_reason(), EndReason::kBreak);
  }
}

TEST(Ohw_Scenarios, S1_BlueWinsOnRemovingFourLeagueUnits) {
  s1_removed({"r1", "r2", "r3", "r4"}, true);
}
TEST(Ohw_Scenarios, S1_ThreeLeagueUnitsRemovedAreNotEnough) {
  s1_removed({"r1", "r2", "r3"}, false);
}

TEST(Ohw_Scenarios, S1_RedWinsAtTheTurnLimit) {
  auto s = builtin("s1");
  while (!s->is_terminal()) pass_turn(*s);
  EXPECT_EQ(s->winner(), 1);
  EXPECT_EQ(s->end_reason(), EndReason::kTurnLimit);
  EXPECT_EQ(s->turn(), 12);
}

TEST(Ohw_Scenarios, S2_BlueNeedsTwoUnitsWhollySouthOfTheRiver) {
  for (int across : {1, 2}) {
    auto s = builtin("s2");
    for (const char* id : {"r1", "r2", "r3", "r4"}) s->debug_remove(unit_index(*s, id));
    s->debug_place(unit_index(*s, "b1"), at(6, 10), 270);
    if (across == 2)
      s->debug_place(unit_index(*s, "b2"), at(30, 10), 270);
    else
      s->debug_place(unit_index(*s, "b2"), at(31.5, 17), 270);  // in the ford, astride the bank
    while (!s->is_terminal()) pass_turn(*s);
    EXPECT_EQ(s->winner(), across == 2 ? 0 : 1) << across;
  }
}

// S2: a red unit touching the bridge's south end may try to break it, not while blue is on it.
std::unique_ptr<OhwState> s2_at_the_bridge(bool blue_on_bridge) {
  auto s = builtin("s2");
  s->debug_place(unit_index(*s, "r2"), at(14.5, 16), 90);  // touches the line y = 17, x 16-21
  if (blue_on_bridge) s->debug_place(unit_index(*s, "b1"), at(18.5, 19.5), 270);
  s->debug_place(unit_index(*s, "b3"), at(18.5, 22), 270);
  pass_turn(*s);  // blue's player turn
  play(*s, act::kSelectBase + unit_index(*s, "r2"));
  return s;
}

TEST(Ohw_Scenarios, S2_NoDemolitionWhileBlueIsOnTheBridge) {
  auto s = s2_at_the_bridge(true);
  EXPECT_FALSE(is_legal(*s, act::kMoveBase + act::kDemolishCode));
  auto t = s2_at_the_bridge(false);
  EXPECT_TRUE(is_legal(*t, act::kMoveBase + act::kDemolishCode));
}

TEST(Ohw_Scenarios, S2_DemolitionOnFiveOrSixClosesTheBridge) {
  auto s = s2_at_the_bridge(false);
  const int b3 = unit_index(*s, "b3");
  EXPECT_TRUE(s->move_result(b3, move_code(0, 2, 0)));  // knights: 6" south onto the bridge
  play(*s, act::kMoveBase + act::kDemolishCode);
  roll(*s, 5);
  EXPECT_TRUE(s->demolished());
  EXPECT_FALSE(s->move_result(b3, move_code(0, 2, 0)));
  auto t = s2_at_the_bridge(false);
  play(*t, act::kMoveBase + act::kDemolishCode);
  roll(*t, 4);
  EXPECT_FALSE(t->demolished());
  EXPECT_TRUE(t->move_result(b3, move_code(0, 2, 0)));
  EXPECT_FALSE(is_legal(*t, act::kSelectBase + unit_index(*t, "r2")));  // it has acted
}

TEST(Ohw_Scenarios, S2_DemolitionNeedsAUnitTouchingTheSouthEndAndIsTriedOnceAPlayerTurn) {
  auto s = s2_at_the_bridge(false);
  const int r2 = unit_index(*s, "r2");
  play(*s, act::kMoveBase + act::kDemolishCode);
  EXPECT_EQ(s->unit(r2).flags & (kMoved | kShot | kFought), kMoved | kShot | kFought);
  roll(*s, 4);  // it stands
  // A second unit touching the line may not try again in the same player turn.
  const int r3 = unit_index(*s, "r3");
  s->debug_place(r3, at(20.5, 16), 90);
  play(*s, act::kSelectBase + r3);
  EXPECT_FALSE(is_legal(*s, act::kMoveBase + act::kDemolishCode));
  play(*s, act::kMoveBase + act::kHold);
  pass_turn(*s);  // the rest of red's player turn
  pass_turn(*s);  // blue's
  // Red's next player turn: a unit that does not touch the line (its front 4" short of it) may
  // not try; one that touches it may try again.
  play(*s, act::kSelectBase + unit_index(*s, "r1"));
  EXPECT_FALSE(is_legal(*s, act::kMoveBase + act::kDemolishCode));
  play(*s, act::kMoveBase + act::kHold);
  play(*s, act::kSelectBase + r3);
  EXPECT_TRUE(is_legal(*s, act::kMoveBase + act::kDemolishCode));
}

TEST(Ohw_Scenarios, S3_WagonsMoveOnlyStraightAlongTheRoad) {
  auto s = builtin("s3");
  const int w1 = unit_index(*s, "w1");
  ASSERT_TRUE(s->move_result(w1, move_code(0, 4, 0)));
  EXPECT_EQ(s->move_result(w1, move_code(0, 4, 0))->centre(), at(6.75, 18));
  EXPECT_EQ(s->move_result(w1, move_code(0, kRoadDistance, 0))->centre(), at(9.75, 18));  // +3"
  EXPECT_FALSE(s->move_result(w1, move_code(3, 2, 0)));  // no turning
  s->debug_place(w1, at(5, 10), 0);                      // off the road
  EXPECT_FALSE(s->move_result(w1, move_code(0, 2, 0)));
}

// A wagon touched by an ambush levy (and, if `escorted`, by a blue knight too).
void s3_capture(bool escorted) {
  auto s = builtin("s3");
  const int w1 = unit_index(*s, "w1");
  s->debug_place(w1, at(20, 18), 0);
  s->debug_place(unit_index(*s, "r3"), at(20, 15.5), 90);
  if (escorted) s->debug_place(unit_index(*s, "b2"), at(20, 20.5), 270);
  pass_turn(*s);  // blue's player turn: no capture at its end
  EXPECT_TRUE(s->unit(w1).on_table);
  pass_turn(*s);  // red's player turn
  EXPECT_EQ(s->unit(w1).removed, !escorted);
  EXPECT_EQ(s->points(1), escorted ? 0 : 2);
}

TEST(Ohw_Scenarios, S3_AWagonHeldAloneAtTheEndOfAnAmbushTurnIsCaptured) { s3_capture(false); }
TEST(Ohw_Scenarios, S3_AnEscortedWagonIsNotCaptured) { s3_capture(true); }

TEST(Ohw_Scenarios, S3_AWagonReachingTheEastEdgeIsSafe) {
  for (bool move : {true, false}) {
    auto s = builtin("s3");
    const int w1 = unit_index(*s, "w1");
    s->debug_place(w1, at(33.75, 18), 0);
    if (move) {
      play(*s, act::kSelectBase + w1);
      play(*s, act::kMoveBase + move_code(0, 1, 0));  // 1.5": its front on the edge
    }
    pass_turn(*s);
    EXPECT_EQ(s->unit(w1).removed, move);
    EXPECT_EQ(s->points(0), move ? 3 : 0);
  }
}

TEST(Ohw_Scenarios, S3_WagonsAreNeitherShotNorFought) {
  auto s = builtin("s3");
  const int w1 = unit_index(*s, "w1"), r3 = unit_index(*s, "r3"), r4 = unit_index(*s, "r4");
  s->debug_place(unit_index(*s, "b2"), at(20, 30), 0);
  s->debug_place(r4, at(20, 10), 90);  // red archers 6" south of the road
  s->debug_place(w1, at(20, 18), 0);
  s->debug_place(r3, at(26, 15.5), 90);
  EXPECT_FALSE(s->may_shoot_at(r4, w1));
  s->debug_place(r3, at(20, 15.5), 90);  // its front touches the wagon
  EXPECT_FALSE(s->may_shoot_at(r4, w1));
  EXPECT_FALSE(s->must_fight(r3));
  // A unit of the escort in the wagon's place is both shot and fought.
  s->debug_remove(w1);
  s->debug_place(unit_index(*s, "b2"), at(20, 18.5), 0);
  EXPECT_TRUE(s->must_fight(r3));
  s->debug_place(r3, at(30, 30), 90);
  EXPECT_TRUE(s->may_shoot_at(r4, unit_index(*s, "b2")));
}

TEST(Ohw_Scenarios, S3_AtTheTurnLimitMorePointsWinAndEqualPointsDraw) {
  for (bool removal : {false, true}) {
    auto s = builtin("s3");
    if (removal) s->debug_remove(unit_index(*s, "r1"));  // 1 point to the escort
    while (!s->is_terminal()) pass_turn(*s);
    EXPECT_EQ(s->end_reason(), EndReason::kTurnLimit);
    EXPECT_EQ(s->winner(), removal ? 0 : 2) << removal;
  }
}

TEST(Ohw_Scenarios, S4_GrangesScoreFromTurnThreeAndAnEnemyPartDenies) {
  for (bool denied : {false, true}) {
    auto s = builtin("s4");
    roll(*s, 6);
    roll(*s, 6);
    play(*s, act::kRollOffBase + 0);
    s->debug_place(unit_index(*s, "b1"), at(9, 19), 270);               // wholly in the west grange
    if (denied) s->debug_place(unit_index(*s, "r1"), at(9, 14.5), 90);  // its front 0.5" inside
    while (s->turn() < 3) pass_turn(*s);
    EXPECT_EQ(s->points(0), 0);  // nothing scored before the end of turn 3
    pass_turn(*s);
    pass_turn(*s);
    EXPECT_EQ(s->turn(), 4);
    EXPECT_EQ(s->points(0), denied ? 0 : 1) << denied;
  }
}

TEST(Ohw_Scenarios, S4_AtTheTurnLimitPointsThenFewerLossesDecide) {
  struct Case {
    bool grange, blue_loss;
    int winner;
  };
  for (const Case c : {Case{false, false, 2}, Case{false, true, 1}, Case{true, true, 0}}) {
    auto s = builtin("s4");
    roll(*s, 6);
    roll(*s, 6);
    play(*s, act::kRollOffBase + 0);
    if (c.grange) s->debug_place(unit_index(*s, "b1"), at(9, 19), 270);
    if (c.blue_loss) s->debug_remove(unit_index(*s, "b6"));
    while (!s->is_terminal()) pass_turn(*s);
    EXPECT_EQ(s->end_reason(), EndReason::kTurnLimit);
    EXPECT_EQ(s->winner(), c.winner) << c.grange << c.blue_loss;
  }
}

// Random legal play (seeded, not a rules test): every scenario ends within its turn limit, keeps
// its invariants, and a replay of the same actions reaches the same state.
TEST(Ohw_Sequence, RandomGamesEndAndReplayIdentically) {
  for (const char* id : {"s1", "s2", "s3", "s4", "pitched"}) {
    auto s = builtin(id);
    core::Rng rng(7);
    std::vector<game::Action> actions;
    int steps = 0;
    while (!s->is_terminal() && steps < 20000) {
      game::Action a;
      if (s->is_chance_node()) {
        const auto outcomes = s->chance_outcomes();
        a = outcomes[rng.uniform(outcomes.size())].action;
      } else {
        const auto legal = s->legal_actions();
        ASSERT_FALSE(legal.empty()) << id;
        a = legal[rng.uniform(legal.size())];
      }
      actions.push_back(a);
      play(*s, a);
      ASSERT_EQ(s->check_invariants(), "") << id << " step " << steps;
      ++steps;
    }
    EXPECT_TRUE(s->is_terminal()) << id;
    auto replay = builtin(id);
    for (game::Action a : actions) play(*replay, a);
    EXPECT_EQ(replay->to_string(), s->to_string()) << id;
  }
}

// Ruling O-41: the result on points. One blue and one red unit far apart, one turn, no
// victory conditions: equal units left at the turn limit is a draw (O-29).
std::unique_ptr<OhwState> drawn_with_hits(int blue_hits, int red_hits) {
  auto g = make_game(scenario_json(
      {{"blue", "men_at_arms", 6, 6, 0}, {"red", "men_at_arms", 30, 30, 180}}, {}, 1));
  auto s = new_state(g);
  s->debug_place(0, at(6, 6), 0, blue_hits);
  s->debug_place(1, at(30, 30), 180, red_hits);
  while (!s->is_terminal()) pass_turn(*s);
  return s;
}

TEST(Ohw_Scenarios, O41_DrawAheadOnScoreThenFewerHits) {
  auto s = drawn_with_hits(5, 2);
  ASSERT_TRUE(s->is_terminal());
  EXPECT_EQ(s->winner(), 2);
  const game::PointsStanding p = s->points_standing();
  ASSERT_TRUE(p.reported);
  EXPECT_EQ(p.ahead, 1);  // equal scores (0 to 0): red carries fewer hits
  EXPECT_EQ(s->result_summary()["points"]["ahead"], "red");
  EXPECT_EQ(s->result_summary()["points"]["text"], "Red ahead on points, score 0 to 0");
  game::ResultFacts facts;
  s->result_facts(facts);
  EXPECT_TRUE(facts.has_points);
  EXPECT_EQ(facts.points_ahead, "red");
  // Negative: equal scores and equal hits are level.
  auto level = drawn_with_hits(3, 3);
  ASSERT_TRUE(level->is_terminal());
  EXPECT_EQ(level->points_standing().ahead, -1);
  EXPECT_TRUE(level->result_summary()["points"]["ahead"].is_null());
}

TEST(Ohw_Scenarios, O41_TheWinnerIsAheadAndAGameInPlayReportsNone) {
  auto s = builtin("s1");
  EXPECT_FALSE(s->points_standing().reported);
  while (!s->is_terminal()) pass_turn(*s);
  EXPECT_EQ(s->winner(), 1);
  EXPECT_EQ(s->points_standing().ahead, 1);
}

}  // namespace
}  // namespace carroccio::ohw
