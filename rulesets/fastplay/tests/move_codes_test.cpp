// The Movement phase's list of a picked unit is exactly what the rules accept: legal_actions()
// takes the codes from move_codes(), which checks each turn's starting place once for the codes
// that share it and keeps stand bases made earlier, so it is checked against move_result() asked
// code by code, at every Movement decision of random games of every built-in scenario, and the
// units offered for a move are exactly those that may move and have at least one accepted code.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <memory>

#include "core/rng.hpp"
#include "game/table/geometry.hpp"
#include "rulesets/fastplay/tests/test_util.hpp"

namespace carroccio::fastplay {
namespace {

using namespace testing;  // NOLINT(build/namespaces)

using Legal = std::vector<game::Action>;

// Random decisions of the built-in scenarios: plays built-in scenario `id` from its start, a
// random chance outcome at each chance node and a random legal decision at each decision (the
// generator seeded `seed`), for at most `steps` steps (each outcome or decision is one) or until
// the game ends. visit(state, step, legal) is called before each step is taken: at a decision
// with the legal actions listed, at a chance node with null. A fatal failure inside it stops.
template <class Visit>
void random_decisions(const char* id, std::uint64_t seed, int steps, Visit&& visit) {
  auto st = builtin_start(id);
  ASSERT_NE(st, nullptr) << id;
  core::Rng rng(seed);
  Legal legal;
  for (int step = 0; step < steps && !st->is_terminal(); ++step) {
    if (st->is_chance_node()) {
      visit(*st, step, static_cast<const Legal*>(nullptr));
      if (::testing::Test::HasFatalFailure()) return;
      const auto o = st->chance_outcomes();
      st->apply_unchecked(o[static_cast<std::size_t>(rng.uniform(o.size()))].action);
      continue;
    }
    st->legal_actions(legal);
    visit(*st, step, static_cast<const Legal*>(&legal));
    if (::testing::Test::HasFatalFailure()) return;
    st->apply_unchecked(legal[static_cast<std::size_t>(rng.uniform(legal.size()))]);
  }
}

TEST(FastplayClauses, Clause_Movement_TheListedMovesAreExactlyTheMovesTheRulesAccept) {
  int checked = 0, moves = 0, picks = 0;
  for (const char* id : {"meadow", "mill", "ford"})
    random_decisions(id, 3, 250, [&](const game::State& st, int step, const Legal* listed) {
      if (!listed) return;
      const Legal& legal = *listed;
      const auto& s = static_cast<const FastplayState&>(st);
      if (s.phase() == Phase::kMovement && s.pending() == PendingKind::kNone) {
        if (s.selected() >= 0) {
          std::vector<game::Action> want{act::kMoveBase};
          for (int code = 1; code <= static_cast<int>(kTurns.size()) * kNumDistances; ++code)
            if (const auto pose = s.move_result(s.selected(), code)) {
              want.push_back(act::kMoveBase + code);
              // The move made (do_move(): move_pose(), without the tests) is the one accepted.
              ASSERT_TRUE(s.move_pose(s.selected(), code) == *pose) << id << " code " << code;
            }
          ASSERT_EQ(legal, want) << id << " step " << step << "\n" << st.to_string();
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
    });
  EXPECT_GT(checked, 10);
  EXPECT_GT(moves, 100);  // the sample exercises the property
  EXPECT_GT(picks, 10);
}

// The Archery and Charge phases' lists start where has_options() found the first shot or charge
// (advance() asks it just before): they are exactly the shots and charges the rules accept,
// asked pair by pair (may_shoot() and may_shoot_at(); may_charge() and charge_result()), at
// every such decision of whole random games of every built-in scenario (six seeds each: charges
// in reach are rare in random play).
TEST(FastplayClauses, Clause_Archery_TheListedShotsAndChargesAreExactlyThoseTheRulesAccept) {
  int shots = 0, charges = 0;
  for (const char* id : {"meadow", "mill", "ford"})
    for (std::uint64_t seed : {3u, 8u, 21u, 34u, 55u, 89u})
      random_decisions(id, seed, 3000, [&](const game::State& st, int step, const Legal* listed) {
        if (!listed) return;
        const auto& s = static_cast<const FastplayState&>(st);
        const bool archery = s.phase() == Phase::kArchery1 || s.phase() == Phase::kArchery2 ||
                             s.phase() == Phase::kArchery3;
        if (s.pending() != PendingKind::kNone || !(archery || s.phase() == Phase::kCharge)) return;
        std::vector<game::Action> want{act::kPass};
        for (int u = 0; u < s.num_units(); ++u) {
          if (s.side_of(u) != s.to_act()) continue;
          for (int t = 0; t < s.num_units(); ++t) {
            if (archery) {
              if (s.may_shoot(u) && s.may_shoot_at(u, t))
                want.push_back(act::kShootBase + 64 * u + t);
              continue;
            }
            if (s.side_of(t) == s.side_of(u) || !s.may_charge(u)) continue;
            for (geo::Side side : geo::kAllSides)
              if (s.charge_result(u, t, side)) want.push_back(charge_action(u, t, side));
          }
        }
        std::sort(want.begin(), want.end());
        ASSERT_EQ(*listed, want) << id << " seed " << seed << " step " << step << "\n"
                                 << st.to_string();
        (archery ? shots : charges) += static_cast<int>(want.size()) - 1;
      });
  EXPECT_GT(shots, 50);  // the sample exercises the property
  EXPECT_GT(charges, 20);
}

// may_shoot_at() (fastplay 5.2, 5.5, 10.2) refuses units by their boxes, then stands by their
// boxes and centres, and accepts the first clear shot in range: the same answer as the plain
// rule, the nearest clear shot (shooting_range()) within the shooter's range, for every pair of
// units at decisions of random games of every built-in scenario.
TEST(FastplayClauses, Clause_Archery_MayShootAtIsTheNearestShotWithinRange) {
  int pairs = 0, shots = 0;
  for (const char* id : {"meadow", "mill", "ford"})
    random_decisions(id, 11, 1500, [&](const game::State& st, int step, const Legal* listed) {
      if (!listed || step % 3 != 0) return;
      const auto& s = static_cast<const FastplayState&>(st);
      for (int u = 0; u < s.num_units(); ++u) {
        std::int64_t range = kArcheryRange;
        if (s.fp().unit(u).type == TroopType::kBallista) range = kBallista.max_range;
        if (s.fp().unit(u).type == TroopType::kCatapult) range = kCatapult[1].max_range;
        for (int t = 0; t < s.num_units(); ++t) {
          const auto d = s.shooting_range(u, t);
          const bool want = s.side_of(u) != s.side_of(t) && s.alive(t) && !s.engaged(t) &&
                            d.has_value() && d->within(range);
          ASSERT_EQ(s.may_shoot_at(u, t), want) << id << " step " << step << " " << u << "->" << t;
          ++pairs;
          shots += want ? 1 : 0;
        }
      }
    });
  EXPECT_GT(pairs, 10000);
  EXPECT_GT(shots, 50);  // the sample exercises the property
}

// may_place() asks whether all the stands are on the table by the box around them all (made
// with the stands, or moved with them to a move's end place): the same answer as
// game::table::on_table() of each stand, at every place a listed move tries, in random games.
TEST(FastplayClauses, Clause_Movement_OnTheTableByTheUnitsBoxIsOnTheTableStandByStand) {
  int checked = 0, off = 0;
  for (const char* id : {"meadow", "mill", "ford"})
    random_decisions(id, 7, 200, [&](const game::State& st, int step, const Legal* listed) {
      if (!listed || step % 5 != 0) return;
      const auto& s = static_cast<const FastplayState&>(st);
      const Scenario& sc = s.fp().scenario_data();
      for (int u = 0; u < s.num_units(); ++u)
        for (int code = 0; code <= static_cast<int>(kTurns.size()) * kNumDistances; ++code) {
          // Far moves too (four times the allowance), to reach the table's edges.
          Pose pose = s.move_pose(u, code);
          pose.first = s.unit(u).centre + (pose.first - s.unit(u).centre) * 4;
          const auto& g = s.unit_geo_at(u, pose.first, pose.second);
          bool each = true;
          for (const auto& p : g.stands)
            each = each && game::table::on_table(p.base, sc.width, sc.height);
          const bool by_box = g.box.min_x >= 0 && g.box.min_y >= 0 && g.box.max_x <= sc.width &&
                              g.box.max_y <= sc.height;
          ASSERT_EQ(by_box, each) << id << " step " << step << " unit " << u;
          ++checked;
          off += each ? 0 : 1;
        }
    });
  EXPECT_GT(checked, 1000);
  EXPECT_GT(off, 10);  // the sample has places off the table
}

// A line of sight (ruling F-12) passes a stand by beside_line() before the exact test: a stand
// it finds wholly on one side of the line is never one the line crosses, on random segments
// and stands, many of them near, touching or crossed.
TEST(FastplayClauses, Clause_Archery_ALineBesideAStandDoesNotCrossIt) {
  core::Rng rng(13);
  int beside = 0, crossed = 0;
  const auto coord = [&] { return static_cast<std::int64_t>(rng.uniform(2000)) - 1000; };
  for (int i = 0; i < 20000; ++i) {
    const std::int64_t w = 2 * (150 + static_cast<std::int64_t>(rng.uniform(200)));
    const std::int64_t d = 2 * (60 + static_cast<std::int64_t>(rng.uniform(100)));
    const geo::Base b(geo::Point{coord() / 4, coord() / 4}, w, d,
                      geo::Angle::degrees(static_cast<int>(rng.uniform(360))));
    // Some segments end on a corner or run along a side.
    geo::Segment line{geo::Point{coord(), coord()}, geo::Point{coord(), coord()}};
    if (i % 4 == 0) line.a = b.corners()[static_cast<std::size_t>(i / 4 % 4)];
    if (i % 8 == 1) line = b.side(geo::Side::kLeft);
    if (line.a == line.b) continue;
    const bool is_beside = FastplayState::beside_line(line, b);
    const bool crosses = geo::segment_crosses_base_interior(line, b);
    ASSERT_FALSE(is_beside && crosses) << i;
    beside += is_beside ? 1 : 0;
    crossed += crosses ? 1 : 0;
  }
  EXPECT_GT(beside, 1000);  // both answers are common in the sample
  EXPECT_GT(crossed, 1000);
}

// The stand-off's exact test (fastplay 4.1, ruling F-8) asks nearer_than() of an enemy stand's
// side and a stand's swept area: the same answer as geo::distance_sq() of the two compared with
// the bound, on random sides and sweeps (many of them touching, crossing or inside), against
// bounds of 0, the distance itself, whole numbers and distances of two bases.
TEST(FastplayClauses, Clause_Movement_NearerThanIsTheDistanceCompared) {
  core::Rng rng(31);
  int nearer = 0, not_nearer = 0;
  const auto coord = [&] { return static_cast<std::int64_t>(rng.uniform(3000)) - 1500; };
  const auto base = [&] {
    const std::int64_t w = 2 * (100 + static_cast<std::int64_t>(rng.uniform(300)));
    const std::int64_t d = 2 * (50 + static_cast<std::int64_t>(rng.uniform(200)));
    return geo::Base(geo::Point{coord(), coord()}, w, d,
                     geo::Angle::degrees(static_cast<int>(rng.uniform(360))));
  };
  for (int i = 0; i < 20000; ++i) {
    const geo::Base b = base();
    const geo::Vec move{coord(), coord()};
    const geo::Polygon area = geo::swept_area(b, i % 5 == 0 ? geo::Vec{0, 0} : move);
    const geo::Base other = base();
    geo::Segment side = other.side(static_cast<geo::Side>(i % 4));
    if (i % 7 == 1) side = geo::Segment{b.centre(), b.centre() + geo::Vec{coord() / 8, 3}};
    if (i % 7 == 2) side = geo::Segment{area[0], area[1]};
    const geo::SquaredDistance d = geo::distance_sq(side, std::span<const geo::Point>(area));
    for (const geo::SquaredDistance& r :
         {geo::SquaredDistance(), d,
          geo::SquaredDistance::of_integer(static_cast<std::uint64_t>(rng.uniform(4000000))),
          geo::distance_sq(b, other)}) {
      const bool want = d < r;
      ASSERT_EQ(FastplayState::nearer_than(side, area, r), want) << i;
      (want ? nearer : not_nearer) += 1;
    }
  }
  EXPECT_GT(nearer, 5000);  // both answers are common in the sample
  EXPECT_GT(not_nearer, 5000);
}

// What is kept with a state's stamp (unit_geo(), the stand-off's start distances, engaged(),
// a volley's best_shot() and shot_in_cover()) gives the same answers as the plain path: a copy
// whose stamp is forgotten (a test set-up change that changes nothing) lists the same
// decisions, at every decision of random games, and answers the same during volleys.
TEST(FastplayClauses, Clause_Movement_AStateWithoutItsStampListsTheSameDecisions) {
  int compared = 0, moves = 0, volleys = 0;
  for (const char* id : {"meadow", "mill", "ford"})
    random_decisions(id, 17, 400, [&](const game::State& st, int step, const Legal* listed) {
      const auto& s = static_cast<const FastplayState&>(st);
      {
        // A volley's range and cover (kept with the stamp; asked at each die), asked twice of
        // the state and once of a copy without its stamp.
        auto copy = st.clone();
        auto& c = static_cast<FastplayState&>(*copy);
        c.debug_set_flags(0, c.unit(0).flags);
        if (s.shooter() >= 0 && s.phase() != Phase::kRetreat)
          for (int k = 0; k < 2; ++k)
            for (int t = 0; t < s.num_units(); ++t) {
              const auto shot = s.best_shot(s.shooter(), t);
              const auto want = c.best_shot(c.shooter(), t);
              ASSERT_EQ(shot.has_value(), want.has_value()) << id << " step " << step;
              if (shot) {
                ASSERT_TRUE(shot->distance == want->distance && shot->line == want->line)
                    << id << " step " << step;
              }
              ASSERT_EQ(s.shot_in_cover(s.shooter(), t), c.shot_in_cover(c.shooter(), t))
                  << id << " step " << step << " target " << t;
              ++volleys;
            }
      }
      if (!listed) return;
      auto copy = st.clone();
      auto& c = static_cast<FastplayState&>(*copy);
      c.debug_set_flags(0, c.unit(0).flags);  // forgets the stamp, changes nothing
      ASSERT_EQ(c.geo_stamp(), 0u);
      ASSERT_NE(s.geo_stamp(), 0u);
      Legal plain;
      copy->legal_actions(plain);
      ASSERT_EQ(plain, *listed) << id << " step " << step;
      for (int u = 0; u < c.num_units(); ++u)  // kept with the stamp too
        ASSERT_EQ(s.engaged(u), c.engaged(u)) << step;
      ++compared;
      if (s.phase() == Phase::kMovement && s.selected() >= 0)
        moves += static_cast<int>(listed->size());
    });
  EXPECT_GT(compared, 100);
  EXPECT_GT(moves, 100);  // picked units' move lists among them
  EXPECT_GT(volleys, 10);
}

// The stand geometry the listings keep (per thread, whatever the state: unit_geo()) is made
// again whenever a unit's place or stands differ: a state left behind in a random game lists
// the same decisions and has the same stand bases when asked again after the game went on.
TEST(FastplayClauses, Clause_Movement_AnEarlierStateAskedAgainListsTheSameDecisions) {
  int compared = 0;
  for (const char* id : {"meadow", "mill", "ford"}) {
    std::unique_ptr<game::State> earlier;
    Legal earlier_legal, again;
    random_decisions(id, 5, 300, [&](const game::State& st, int step, const Legal* listed) {
      if (!listed || step % 7 != 0) return;
      if (earlier) {
        earlier->legal_actions(again);
        ASSERT_EQ(again, earlier_legal) << id << " step " << step;
        const auto& e = static_cast<const FastplayState&>(*earlier);
        for (int u = 0; u < e.num_units(); ++u)
          for (std::size_t i = 0; i < e.unit(u).stands.size(); ++i)
            ASSERT_EQ(e.stand_base(u, static_cast<int>(i)),
                      e.stand_base_at(u, static_cast<int>(i), e.unit(u).centre, e.unit(u).heading))
                << id << " step " << step;
        ++compared;
      }
      earlier = st.clone();
      earlier_legal = *listed;
    });
  }
  EXPECT_GT(compared, 20);
}

// What the listings keep per thread (the stands under each heading a unit turns to, the table's
// stands for a stamp) is for whichever state asks: two random games of different scenarios
// played step by step in turn on one thread list, at every picked unit's decision, exactly the
// moves move_result() accepts code by code on a copy whose stamp is forgotten (so that nothing
// kept is used), and the units offered are the same as that copy offers.
TEST(FastplayClauses, Clause_Movement_TwoGamesAskedInTurnListTheMovesTheRulesAccept) {
  std::array<std::unique_ptr<game::State>, 2> games{builtin_start("meadow"), builtin_start("ford")};
  ASSERT_NE(games[0], nullptr);
  ASSERT_NE(games[1], nullptr);
  core::Rng rng(29);
  Legal legal, plain;
  int moves = 0, picks = 0;
  for (int step = 0; step < 1200; ++step) {
    auto& st = *games[static_cast<std::size_t>(step % 2)];
    if (st.is_terminal()) continue;
    if (st.is_chance_node()) {
      const auto o = st.chance_outcomes();
      st.apply_unchecked(o[static_cast<std::size_t>(rng.uniform(o.size()))].action);
      continue;
    }
    st.legal_actions(legal);
    const auto& s = static_cast<const FastplayState&>(st);
    if (s.phase() == Phase::kMovement && s.pending() == PendingKind::kNone) {
      auto copy = st.clone();
      auto& c = static_cast<FastplayState&>(*copy);
      c.debug_set_flags(0, c.unit(0).flags);  // forgets the stamp, changes nothing
      if (s.selected() >= 0) {
        Legal want{act::kMoveBase};
        for (int code = 1; code <= static_cast<int>(kTurns.size()) * kNumDistances; ++code)
          if (c.move_result(c.selected(), code)) want.push_back(act::kMoveBase + code);
        ASSERT_EQ(legal, want) << "step " << step << "\n" << st.to_string();
        moves += static_cast<int>(want.size());
      } else {
        copy->legal_actions(plain);
        ASSERT_EQ(legal, plain) << "step " << step;
        ++picks;
      }
    }
    st.apply_unchecked(legal[static_cast<std::size_t>(rng.uniform(legal.size()))]);
  }
  EXPECT_GT(moves, 200);  // the sample exercises the property
  EXPECT_GT(picks, 20);
}

// A unit's first move (move_codes() with first_only, what has_options() and the units offered
// ask) is kept per thread with the serials of the units and the box its tests looked at, and
// reused in another state where the unit has the same serial and every unit that changed is
// apart from that box: random games of the three scenarios played step by step in turn on one
// thread (another begun when one ends), and an earlier state of each asked again, give at every
// Movement decision (and at every fifth step of the others), for every unit, the first code
// move_result() accepts, asked code by code; and engaged(), kept the same way, is
// touches_enemy_at() where the unit stands.
TEST(FastplayClauses, Clause_Movement_TheFirstMoveKeptAcrossStatesIsTheFirstTheRulesAccept) {
  const std::array<const char*, 3> ids{"meadow", "ford", "mill"};
  std::array<std::unique_ptr<game::State>, 3> games{builtin_start(ids[0]), builtin_start(ids[1]),
                                                    builtin_start(ids[2])};
  std::array<std::unique_ptr<game::State>, 3> earlier;
  for (const auto& g : games) ASSERT_NE(g, nullptr);
  core::Rng rng(41);
  Legal legal;
  std::vector<int> codes;
  int with_move = 0, without = 0, engaged = 0;
  auto check = [&](const FastplayState& s, int step) {
    for (int u = 0; u < s.num_units(); ++u) {
      s.move_codes(u, codes, true);
      int want = 0;
      for (int code = 1; code <= static_cast<int>(kTurns.size()) * kNumDistances && want == 0;
           ++code)
        if (s.move_result(u, code)) want = code;
      ASSERT_EQ(codes.empty() ? 0 : codes.front(), want) << "step " << step << " unit " << u << "\n"
                                                         << s.to_string();
      ASSERT_LE(codes.size(), 1u);
      (want ? with_move : without) += 1;
      // engaged(), kept across states the same way, against its plain test.
      ASSERT_EQ(s.engaged(u), s.touches_enemy_at(u, s.unit(u).centre, s.unit(u).heading))
          << "step " << step << " unit " << u;
      engaged += s.engaged(u) ? 1 : 0;
    }
  };
  for (int step = 0; step < 4000; ++step) {
    const auto g = static_cast<std::size_t>(step % 3);
    if (games[g]->is_terminal()) {  // another game of the scenario
      games[g] = builtin_start(ids[g]);
      earlier[g].reset();
    }
    auto& st = *games[g];
    if (st.is_chance_node()) {
      const auto o = st.chance_outcomes();
      st.apply_unchecked(o[static_cast<std::size_t>(rng.uniform(o.size()))].action);
      continue;
    }
    const auto& s = static_cast<const FastplayState&>(st);
    if (s.pending() == PendingKind::kNone && (s.phase() == Phase::kMovement || step % 5 == 0)) {
      check(s, step);
      if (::testing::Test::HasFatalFailure()) return;
      if (earlier[g]) check(static_cast<const FastplayState&>(*earlier[g]), step);
      if (::testing::Test::HasFatalFailure()) return;
      if (step % 4 == 0) earlier[g] = st.clone();
    }
    st.legal_actions(legal);
    st.apply_unchecked(legal[static_cast<std::size_t>(rng.uniform(legal.size()))]);
  }
  // The sample exercises the property (in these scenarios a unit nearly always has some move,
  // a turn on the spot at least).
  EXPECT_GT(with_move, 10000);
  EXPECT_GT(engaged, 20);
}

}  // namespace
}  // namespace carroccio::fastplay
