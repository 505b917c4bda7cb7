// The players' own choices (docs/rulings/fastplay.md, F-10, F-14, F-17, F-20): which stand is
// lost to missiles and retreats (the owner), which enemy stand a stand strikes (the attacker),
// which archer stand a 1 turns about or replaces (the shooter); each a
// decision of the right side, taken automatically only where there is nothing to choose. Every
// die is forced. Also: a record with these decisions replays to the same final hash.
#include <sstream>

#include "core/rng.hpp"
#include "game/record.hpp"
#include "rulesets/fastplay/tests/test_util.hpp"

namespace carroccio::fastplay {
namespace {

using testing::at;

std::vector<int> lose_choices(const FastplayState& s) {
  std::vector<int> out;
  for (game::Action a : s.legal_actions()) out.push_back(a - act::kLoseBase);
  return out;
}

TEST(FastplayClauses, Clause_Archery_OwnerPicksTheStandLost) {
  auto s = testing::start({{"a", "archery", 50, 40, 90}, {"b", "heavy_infantry", 50, 70, 270}});
  testing::play(*s, testing::shoot(0, 1));
  testing::roll(*s, 6);  // heavy infantry falls to a 6
  ASSERT_EQ(s->pending(), PendingKind::kLoss);
  EXPECT_EQ(s->current_player(), 1);  // the target's side picks
  EXPECT_EQ(s->loss_unit(), 1);
  EXPECT_EQ(lose_choices(*s), (std::vector<int>{0, 1, 2, 3}));
  EXPECT_NE(s->action_to_string(act::kLoseBase + 1).find("stand 2 of the Army B heavy infantry"),
            std::string::npos);
  EXPECT_EQ(s->action_to_json(act::kLoseBase + 1)["kind"], "lose-stand");
  testing::lose(*s, 1);
  EXPECT_FALSE(s->unit(1).stands[1].alive);
  EXPECT_TRUE(s->unit(1).stands[3].alive);
  EXPECT_TRUE(s->is_chance_node());  // the volley goes on: three dice left
  for (int d : {2, 2, 2}) testing::roll(*s, d);
  EXPECT_EQ(s->alive_stands(1), 3);
  // Negative: a unit down to one stand has no choice; the hit removes it at once.
  auto one = testing::start({{"a", "archery", 50, 40, 90}, {"b", "heavy_infantry", 50, 70, 270}});
  for (int i = 0; i < 3; ++i) one->debug_kill_stand(1, i);
  testing::play(*one, testing::shoot(0, 1));
  testing::roll(*one, 6);
  EXPECT_NE(one->pending(), PendingKind::kLoss);
  EXPECT_FALSE(one->alive(1));
}

TEST(FastplayClauses, Clause_WarMachine_OwnerPicksTheStandsKnockedOut) {
  auto s = testing::start({{"a", "ballista", 50, 10, 90}, {"b", "heavy_infantry", 50, 80, 270}});
  testing::play(*s, testing::shoot(0, 1));
  testing::roll(*s, 6);  // two stands knocked out: two picks
  ASSERT_EQ(s->pending(), PendingKind::kLoss);
  EXPECT_EQ(s->losses_left(), 2);
  testing::lose(*s, 0);
  ASSERT_EQ(s->pending(), PendingKind::kLoss);
  EXPECT_EQ(lose_choices(*s), (std::vector<int>{1, 2, 3}));
  testing::lose(*s, 2);
  EXPECT_EQ(s->alive_stands(1), 2);
  EXPECT_TRUE(s->unit(1).stands[1].alive);
  EXPECT_TRUE(s->unit(1).stands[3].alive);
  // Negative: two knocked out of a unit of two: both go, nothing to pick.
  auto two = testing::start({{"a", "ballista", 50, 10, 90}, {"b", "heavy_infantry", 50, 80, 270}});
  two->debug_kill_stand(1, 0);
  two->debug_kill_stand(1, 1);
  testing::play(*two, testing::shoot(0, 1));
  testing::roll(*two, 6);
  EXPECT_NE(two->pending(), PendingKind::kLoss);
  EXPECT_FALSE(two->alive(1));
}

std::vector<game::Action> arrow_choices(const FastplayState& s) { return s.legal_actions(); }

TEST(FastplayClauses, Clause_Archery_ShooterPicksTheStandTurnedAbout) {
  auto s = testing::start({{"a", "archery", 50, 40, 90}, {"b", "heavy_cavalry", 50, 70, 270}});
  testing::play(*s, testing::shoot(0, 1));
  testing::roll(*s, 1);  // fastplay 5.3: a 1 turns an archer stand about
  ASSERT_EQ(s->pending(), PendingKind::kArrows);
  EXPECT_EQ(s->current_player(), 0);  // the shooting side picks
  EXPECT_EQ(arrow_choices(*s),
            (std::vector<game::Action>{act::kTurnAboutBase + 0, act::kTurnAboutBase + 1,
                                       act::kTurnAboutBase + 2, act::kTurnAboutBase + 3}));
  EXPECT_NE(s->action_to_string(act::kTurnAboutBase + 2)
                .find("stand 3 of the Army A archery turns about"),
            std::string::npos)
      << s->action_to_string(act::kTurnAboutBase + 2);
  const nlohmann::json j = s->action_to_json(act::kTurnAboutBase + 2);
  EXPECT_EQ(j["kind"], "turn-stand");
  EXPECT_EQ(j["unit"], "u0");
  EXPECT_EQ(j["stand"], 2);
  EXPECT_EQ(j["corners"].size(), 4u);
  testing::turn_about(*s, 2);
  for (std::size_t i = 0; i < 4; ++i) EXPECT_EQ(s->unit(0).stands[i].turned, i == 2) << i;
  ASSERT_TRUE(s->is_chance_node());  // the volley goes on: three dice left
  testing::roll(*s, 1);              // the next 1: the three stands not yet turned
  ASSERT_EQ(s->pending(), PendingKind::kArrows);
  EXPECT_EQ(arrow_choices(*s),
            (std::vector<game::Action>{act::kTurnAboutBase + 0, act::kTurnAboutBase + 1,
                                       act::kTurnAboutBase + 3}));
  EXPECT_FALSE(testing::is_legal(*s, act::kTurnAboutBase + 2));
  // Negative: with a single archer stand not yet turned, a 1 turns it; nothing to pick.
  auto one = testing::start({{"a", "archery", 50, 40, 90}, {"b", "heavy_cavalry", 50, 70, 270}});
  one->debug_kill_stand(0, 0);
  one->debug_kill_stand(0, 1);
  one->debug_kill_stand(0, 3);
  testing::play(*one, testing::shoot(0, 1));
  testing::roll(*one, 1);
  EXPECT_NE(one->pending(), PendingKind::kArrows);
  EXPECT_TRUE(one->unit(0).stands[2].turned);
}

TEST(FastplayClauses, Clause_Archery_ShooterPicksTheStandReplaced) {
  // Four archer stands and a commander: five dice; four 1s turn them all (picked), the fifth
  // replaces the stand the shooting side picks.
  auto s = testing::start(
      {{"a", "archery", 50, 40, 90, {{"commander", true}}}, {"b", "heavy_cavalry", 50, 70, 270}});
  testing::play(*s, testing::shoot(0, 1));
  for (int j : {0, 1, 2}) {
    testing::roll(*s, 1);
    testing::turn_about(*s, j);
  }
  testing::roll(*s, 1);  // the last stand not turned: turned without a pick
  EXPECT_NE(s->pending(), PendingKind::kArrows);
  EXPECT_TRUE(s->unit(0).stands[3].turned);
  testing::roll(*s, 1);
  ASSERT_EQ(s->pending(), PendingKind::kArrows);
  EXPECT_EQ(s->current_player(), 0);
  EXPECT_EQ(arrow_choices(*s),
            (std::vector<game::Action>{act::kReplaceBase + 0, act::kReplaceBase + 1,
                                       act::kReplaceBase + 2, act::kReplaceBase + 3}));
  EXPECT_NE(s->action_to_string(act::kReplaceBase + 1)
                .find("stand 2 of the Army A archery becomes light infantry"),
            std::string::npos)
      << s->action_to_string(act::kReplaceBase + 1);
  EXPECT_EQ(s->action_to_json(act::kReplaceBase + 1)["kind"], "replace-stand");
  EXPECT_EQ(s->action_to_json(act::kReplaceBase + 1)["stand"], 1);
  testing::replace_stand(*s, 1);
  for (std::size_t i = 0; i < 4; ++i)
    EXPECT_EQ(s->unit(0).stands[i].type, i == 1 ? TroopType::kLightInfantry : TroopType::kArchery)
        << i;
  // Negative: one archer stand left, already turned: a 1 replaces it; nothing to pick.
  auto last = testing::start(
      {{"a", "archery", 50, 40, 90, {{"commander", true}}}, {"b", "heavy_cavalry", 50, 70, 270}});
  for (int i : {1, 2, 3}) last->debug_kill_stand(0, i);
  testing::play(*last, testing::shoot(0, 1));  // two dice: the stand and the commander
  testing::roll(*last, 1);                     // turns it
  EXPECT_NE(last->pending(), PendingKind::kArrows);
  EXPECT_TRUE(last->unit(0).stands[0].turned);
  testing::roll(*last, 1);  // replaces it
  EXPECT_NE(last->pending(), PendingKind::kArrows);
  EXPECT_EQ(last->unit(0).stands[0].type, TroopType::kLightInfantry);
  EXPECT_FALSE(last->may_shoot(0));  // no archer stand left
}

// Heavy infantry of a at (50, 40) facing up; b's line in contact front to front.
std::unique_ptr<FastplayState> in_contact(double b_x, nlohmann::json a_extra = {}) {
  auto s = testing::start(
      {{"a", "heavy_infantry", 50, 40, 90, a_extra.is_null() ? nlohmann::json::object() : a_extra},
       {"b", "heavy_infantry", b_x, 80, 270}});
  s->debug_place(1, at(b_x, 42), 270);  // b's front on a's front at y = 41
  return s;
}

TEST(FastplayClauses, Clause_Retreat_OwnerPicksTheStandLost) {
  auto s = in_contact(50);
  testing::pass_to(*s, Phase::kRetreat);
  testing::play(*s, testing::retreat(0));
  testing::roll(*s, 2);  // foot lose a stand on 1-5
  ASSERT_EQ(s->pending(), PendingKind::kLoss);
  EXPECT_EQ(s->current_player(), 0);  // the retreating side picks
  testing::lose(*s, 0);
  EXPECT_FALSE(s->unit(0).stands[0].alive);
  EXPECT_EQ(s->unit(0).centre, at(50, 25));  // then 15 cm back (fastplay 9.2)
  // Negative: no loss on a 6, no pick, straight back.
  auto keep = in_contact(50);
  testing::pass_to(*keep, Phase::kRetreat);
  testing::play(*keep, testing::retreat(0));
  testing::roll(*keep, 6);
  EXPECT_NE(keep->pending(), PendingKind::kLoss);
  EXPECT_EQ(keep->alive_stands(0), 4);
  EXPECT_EQ(keep->unit(0).centre, at(50, 25));
}

TEST(FastplayClauses, Clause_Melee_AttackerPicksTheStandStruck) {
  // b's line is offset by half a stand: a's first stand (x 44-47) touches one b stand, its
  // second (x 47-50) touches two.
  auto s = in_contact(51.5);
  testing::pass_to(*s, Phase::kMelee);
  testing::play(*s, testing::fight(0));
  // Negative: one enemy stand in reach, no choice: the die is rolled at once.
  ASSERT_TRUE(s->is_chance_node());
  EXPECT_EQ(s->attacks().front().stand, 0);
  testing::roll(*s, 1);
  // Positive: the second stand's front touches two b stands; a picks.
  ASSERT_EQ(s->pending(), PendingKind::kStrike);
  EXPECT_EQ(s->current_player(), 0);
  const auto legal = s->legal_actions();
  ASSERT_EQ(legal.size(), 2u);
  const int default_target = s->attacks().front().target_stand;
  game::Action other = legal[0];
  for (game::Action a : legal)
    if ((a - act::kStrikeBase) % 8 != default_target) other = a;
  const int picked = (other - act::kStrikeBase) % 8;
  ASSERT_NE(picked, default_target);
  EXPECT_EQ((other - act::kStrikeBase) / 8, 1);
  EXPECT_EQ(s->action_to_json(other)["kind"], "strike");
  EXPECT_NE(s->action_to_string(other).find("strikes stand"), std::string::npos);
  testing::play(*s, other);
  EXPECT_EQ(s->attacks().front().target_stand, picked);
  testing::roll(*s, 6);
  EXPECT_TRUE(s->unit(1).stands[static_cast<std::size_t>(picked)].doomed);
  EXPECT_FALSE(s->unit(1).stands[static_cast<std::size_t>(default_target)].doomed);
}

TEST(FastplayClauses, Clause_Commander_ExtraDieStrikesAStandAlreadyStruck) {
  // Lines square front to front: each stand strikes the one stand facing it (no picks); the
  // commander's extra die may go at any of the four stands struck.
  auto s = in_contact(50, {{"commander", true}});
  testing::pass_to(*s, Phase::kMelee);
  testing::play(*s, testing::fight(0));
  for (int d : {1, 1, 1, 1}) {
    ASSERT_TRUE(s->is_chance_node()) << s->to_string();
    testing::roll(*s, d);
  }
  ASSERT_EQ(s->pending(), PendingKind::kStrike);
  EXPECT_TRUE(s->attacks().front().extra);
  EXPECT_EQ(s->legal_actions().size(), 4u);
  testing::play(*s, act::kStrikeBase + 8 * 1 + 2);
  testing::roll(*s, 6);
  EXPECT_TRUE(s->unit(1).stands[2].doomed);
  // Negative: a unit whose only strike is at one stand sends its extra die there unasked.
  auto one = in_contact(50, {{"commander", true}});
  for (int i = 1; i < 4; ++i) one->debug_kill_stand(0, i);  // its first stand faces one b stand
  testing::pass_to(*one, Phase::kMelee);
  testing::play(*one, testing::fight(0));
  testing::roll(*one, 1);
  EXPECT_TRUE(one->is_chance_node());
  EXPECT_TRUE(one->attacks().front().extra);
}

// ---- Geometry of charges, pivots, retreats and shots (rulings F-9, F-13, F-24, F-31, F-32) ----

TEST(FastplayClauses, Clause_Charge_ReachMeasuredAgainAfterThePivot) {
  // b stands across a's path, its right flank 12 cm from a's front; pivoting about its middle
  // puts its new front 17 cm away, beyond heavy infantry's 15 cm.
  auto s =
      testing::start({{"a", "heavy_infantry", 50, 36, 90}, {"b", "heavy_infantry", 50, 55, 0}});
  testing::pass_to(*s, Phase::kCharge);
  ASSERT_TRUE(testing::is_legal(*s, charge_action(0, 1, geo::Side::kRight)));
  auto stand_fast = s->clone();
  testing::play(*s, charge_action(0, 1, geo::Side::kRight));
  testing::play(*s, testing::answer(act::kFace));
  EXPECT_EQ(s->unit(1).heading, geo::Angle::degrees(270));
  EXPECT_EQ(s->unit(0).centre, at(50, 36));  // fell short: it stays where it was
  EXPECT_FALSE(s->engaged(0));
  // Negative: if b stands, the same charge reaches its flank.
  auto& t = static_cast<FastplayState&>(*stand_fast);
  testing::play(t, charge_action(0, 1, geo::Side::kRight));
  testing::play(t, testing::answer(act::kStand));
  EXPECT_TRUE(t.engaged(0));
}

// b's unit (u1) charged on its right flank by a (u0); u2 a single stand of b's side at `friend_at`.
std::unique_ptr<FastplayState> pivot_setup(geo::Point friend_at) {
  auto s = testing::start({{"a", "heavy_infantry", 50, 40, 90},
                           {"b", "heavy_infantry", 50, 55, 0},
                           {"b", "heavy_infantry", 85, 85, 90}});
  for (int i = 1; i < 4; ++i) s->debug_kill_stand(2, i);
  const geo::Vec off = geo::rotate(s->unit(2).stands[0].offset, geo::Angle::degrees(90));
  s->debug_place(2, friend_at - off, 90);
  return s;
}

TEST(FastplayClauses, Clause_Charge_PivotNeedsRoomOnlyWhereItEnds) {
  // A friendly stand at (54.5, 59.5) lies in the circle b's corners sweep as it turns from
  // facing +x to facing -y, but clear of where b starts (x 49-51) and ends (y 54-56).
  auto s = pivot_setup(at(54.5, 59.5));
  ASSERT_EQ(s->check_invariants(), "");
  testing::pass_to(*s, Phase::kCharge);
  testing::play(*s, charge_action(0, 1, geo::Side::kRight));
  ASSERT_EQ(s->pending(), PendingKind::kChargeAnswer);
  EXPECT_TRUE(testing::is_legal(*s, testing::answer(act::kFace)));
  testing::play(*s, testing::answer(act::kFace));
  EXPECT_EQ(s->unit(1).heading, geo::Angle::degrees(270));
  EXPECT_EQ(s->check_invariants(), "");
  // Negative: a friend where b's line would end leaves no room to pivot.
  auto blocked = pivot_setup(at(54.5, 55));
  testing::pass_to(*blocked, Phase::kCharge);
  EXPECT_FALSE(blocked->face_result(1, geo::Angle::degrees(90)).has_value());
}

// a (u0) in contact with b (u1) front to front at y = 41; a friend of a (u2) behind it at y.
std::unique_ptr<FastplayState> retreat_setup(double friend_y) {
  auto s = testing::start({{"a", "heavy_infantry", 50, 40, 90},
                           {"b", "heavy_infantry", 50, 80, 270},
                           {"a", "heavy_infantry", 50, friend_y, 90}});
  s->debug_place(1, at(50, 42), 270);
  return s;
}

TEST(FastplayClauses, Clause_Retreat_ShorterWhenTheWayIsBlocked) {
  // A friend 8 cm behind (its block y 29-31): 15 and 11.25 cm are blocked, 7.5 cm is clear.
  auto s = retreat_setup(30);
  testing::pass_to(*s, Phase::kRetreat);
  ASSERT_TRUE(testing::is_legal(*s, testing::retreat(0)));
  testing::play(*s, testing::retreat(0));
  testing::roll(*s, 6);
  EXPECT_EQ(s->unit(0).centre, at(50, 32.5));
  EXPECT_FALSE(s->engaged(0));
  // Negative: 0.5 cm behind, not even 3.75 cm is clear: no retreat.
  auto stuck = retreat_setup(37.5);
  testing::pass_to(*stuck, Phase::kRetreat);
  EXPECT_FALSE(stuck->retreat_result(0).has_value());
  EXPECT_FALSE(testing::is_legal(*stuck, testing::retreat(0)));
}

TEST(FastplayClauses, Clause_Cavalry_EvadesShorterWhenTheWayIsBlocked) {
  // b's horse (y 50.5-53.5) has a friend behind it at y 62-64: 15 and 11.25 cm are blocked,
  // 7.5 cm is clear.
  auto s = testing::start({{"a", "heavy_infantry", 50, 40, 90},
                           {"b", "light_cavalry", 50, 52, 270},
                           {"b", "heavy_infantry", 50, 63, 270}});
  testing::pass_to(*s, Phase::kCharge);
  testing::play(*s, charge_action(0, 1, geo::Side::kFront));
  ASSERT_TRUE(testing::is_legal(*s, testing::answer(act::kEvade)));
  testing::play(*s, testing::answer(act::kEvade));
  EXPECT_EQ(s->unit(1).centre, at(50, 59.5));
  EXPECT_FALSE(s->engaged(1));
  // Negative: the friend 0.5 cm behind leaves no room to evade at all.
  auto stuck = testing::start({{"a", "heavy_infantry", 50, 40, 90},
                               {"b", "light_cavalry", 50, 52, 270},
                               {"b", "heavy_infantry", 50, 55, 270}});
  EXPECT_FALSE(stuck->evade_result(1, geo::Angle::degrees(90)).has_value());
}

TEST(FastplayClauses, Clause_Archery_CoverThroughWoods) {
  // Light infantry in the open 30 cm from the archers, a wood between: in range and seen
  // (terrain never blocks, ruling F-32), but in cover: a 5 no longer hits (ruling F-13).
  auto s = testing::start({{"a", "archery", 50, 40, 90}, {"b", "light_infantry", 50, 70, 270}},
                          {{"woods", {30, 50, 70, 55}}});
  ASSERT_TRUE(s->may_shoot_at(0, 1));
  EXPECT_FALSE(s->in_cover(1));
  EXPECT_TRUE(s->shot_in_cover(0, 1));
  testing::play(*s, testing::shoot(0, 1));
  for (int d : {5, 5, 5, 5}) testing::roll(*s, d);
  EXPECT_EQ(s->alive_stands(1), 4);
  // Negative: the wood beside the line gives no cover; a 5 hits.
  auto open = testing::start({{"a", "archery", 50, 40, 90}, {"b", "light_infantry", 50, 70, 270}},
                             {{"woods", {75, 50, 95, 55}}});
  EXPECT_FALSE(open->shot_in_cover(0, 1));
  testing::play(*open, testing::shoot(0, 1));
  testing::roll_taking_last(*open, 5);
  EXPECT_EQ(open->alive_stands(1), 3);
}

// A game of random choices through every kind of decision, saved as a record, read back and
// replayed: the same final hash.
TEST(FastplayScenarios, SavedRecordReplaysToTheSameHash) {
  auto r = make_ruleset();
  const auto text = r->builtin_scenario("meadow");
  ASSERT_TRUE(text.ok());
  game::Registry reg;
  reg.add(make_ruleset());
  auto g = reg.load_source(*text, "meadow.json", {});
  ASSERT_TRUE(g.ok()) << g.message();
  auto s = (*g)->new_initial_state();
  core::Rng rng(11);
  std::array<int, 3> picks{0, 0, 0};  // strikes, losses and arrow stands picked by a side
  for (int i = 0; i < 6000 && !s->is_terminal(); ++i) {
    const game::Action a = testing::random_step(*s, rng, true);
    const auto& fs = static_cast<const FastplayState&>(*s);
    if (fs.pending() == PendingKind::kStrike) ++picks[0];
    if (fs.pending() == PendingKind::kLoss) ++picks[1];
    if (fs.pending() == PendingKind::kArrows) ++picks[2];
    testing::play(static_cast<FastplayState&>(*s), a);
  }
  // The record holds each kind of the sides' picks.
  EXPECT_GT(picks[0], 0);
  EXPECT_GT(picks[1], 0);
  EXPECT_GT(picks[2], 0);
  const auto rec = game::make_record(*s, 11, {});
  std::ostringstream text_out;
  text_out << game::record_to_json(rec).dump();
  auto back = game::record_from_json(nlohmann::json::parse(text_out.str()), "saved.json");
  ASSERT_TRUE(back.ok()) << back.message();
  auto again = game::replay(reg, *back);
  ASSERT_TRUE(again.ok()) << again.message();
  EXPECT_EQ((*again)->hash(), s->hash());
  EXPECT_EQ((*again)->to_string(), s->to_string());
  EXPECT_EQ(back->final_hash, rec.final_hash);
}

}  // namespace
}  // namespace carroccio::fastplay
