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

using Legal = std::vector<game::Action>;

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
  for (const char* id : {"s1", "s2", "s3", "s4", "pitched"})
    random_decisions(id, 5, 300, [&](const game::State& st, int step, const Legal* legal) {
      const auto& s = static_cast<const OhwState&>(st);
      if (!legal || s.phase() != Phase::kMove || s.selected() < 0 || s.in_melee(s.selected()))
        return;
      // Everything below the demolition and march codes, which are listed as before.
      std::vector<game::Action> head;
      for (game::Action a : *legal)
        if (a < act::kMoveBase + act::kDemolishCode) head.push_back(a);
      ASSERT_EQ(head, listed_by_code(s)) << id << " step " << step << "\n" << st.to_string();
      ++checked;
      moves += static_cast<int>(head.size());
    });
  EXPECT_GT(checked, 20);
  EXPECT_GT(moves, 200);  // the sample exercises the property
}

// O-8a as march_end() worked it out before its bisection looked only at path_candidates(): every
// path_clear() asked of all terrain and units.
std::optional<geo::Base> plain_march_end(const OhwState& s, int u, int g) {
  const auto& goals = s.ohw().goals();
  if (g < 0 || g >= static_cast<int>(goals.size()) || s.unit(u).type == UnitType::kWagon)
    return std::nullopt;
  const geo::Base& start = s.unit(u).base;
  const geo::Point goal = s.ohw().terrain_box(goals[static_cast<std::size_t>(g)]).twice_centre();
  const geo::Vec twice{goal.x - 2 * start.centre().x, goal.y - 2 * start.centre().y};
  if (twice.x == 0 && twice.y == 0) return std::nullopt;
  const geo::Angle dir = geo::direction_of(twice);
  auto b1 = s.turned(u, start, dir - start.heading());
  if (!b1 || b1->centre() != start.centre()) return std::nullopt;
  const auto to_centre =
      static_cast<std::int64_t>(geo::isqrt(static_cast<geo::UInt128>(geo::squared_length(twice)))) /
      2;
  std::int64_t lo = 0, hi = std::min(s.allowance(u), to_centre);
  while (lo < hi) {
    const std::int64_t mid = (lo + hi + 1) / 2;
    if (s.path_clear(u, *b1, geo::polar(dir, mid)))
      lo = mid;
    else
      hi = mid - 1;
  }
  if (lo == 0) return std::nullopt;
  const geo::Base end = b1->translated(geo::polar(dir, lo));
  for (int w = 0; w < s.ohw().num_units(); ++w)
    if (s.side_of(w) != s.side_of(u) && s.unit(w).on_table &&
        geo::distance_sq(end, s.unit(w).base).within(geo::kPlacementSlack))
      return std::nullopt;
  return end;
}

// A march's bisection asks path_clear() only of what path_candidates() found for its longest
// move: the same answers as asking it of everything, for the marches of every unit on every goal
// and for moves in random directions of random lengths up to a longer one's, at every decision of
// random games of every built-in scenario.
TEST(Ohw_1_Movement, Clause_O8a_AMarchLooksOnlyAtWhatItsLongestMoveMayMeet) {
  int marches = 0, paths = 0, blocked = 0;
  for (const char* id : {"s1", "s2", "s3", "s4", "pitched"}) {
    core::Rng rng(11);  // the walk's and the cases' both
    random_decisions(id, rng, 400, [&](const game::State& st, int step, const Legal* legal) {
      const auto& s = static_cast<const OhwState&>(st);
      if (!legal || step % 3 != 0) return;
      for (int u = 0; u < s.ohw().num_units(); ++u) {
        if (!s.unit(u).on_table) continue;
        for (int goal = 0; goal < static_cast<int>(s.ohw().goals().size()); ++goal) {
          ASSERT_EQ(s.march_end(u, goal), plain_march_end(s, u, goal)) << id << " step " << step;
          ++marches;
        }
        const geo::Base& b = s.unit(u).base;
        const geo::Angle dir = geo::Angle::from_units(
            static_cast<std::int32_t>(rng.uniform_int(0, geo::kFullTurn - 1)));
        const std::int64_t longest = rng.uniform_int(0, 20 * kInch);
        const int ignore = static_cast<int>(rng.uniform_int(-1, s.ohw().num_units() - 1));
        OhwState::PathCandidates near;
        s.path_candidates(u, b, geo::polar(dir, longest), ignore, near);
        for (int k = 0; k < 8; ++k) {
          const geo::Vec v = geo::polar(dir, rng.uniform_int(0, longest));
          const bool plain = s.path_clear(u, b, v, ignore);
          ASSERT_EQ(s.path_clear(u, b, v, ignore, &near), plain) << id << " step " << step;
          ++paths;
          blocked += plain ? 0 : 1;
        }
      }
    });
  }
  EXPECT_GT(marches, 500);
  EXPECT_GT(paths, 5000);
  EXPECT_GT(blocked, 500);  // the sample exercises both answers
}

// 1.4 (O-14) as turned() worked out a quarter turn before it kept the slides' offsets per heading
// and asked may_stand_moved(): each place made as a base and asked of may_stand() against
// everything.
std::optional<geo::Base> plain_quarter_turn(const OhwState& s, int u, const geo::Base& b,
                                            geo::Angle turn) {
  const geo::Base nb = b.rotated_about_centre(turn);
  if (s.may_stand(u, nb)) return nb;
  for (std::int64_t k = 10; k <= 2 * kInch; k += 10)
    for (int dir = 0; dir < 4; ++dir) {
      const geo::Base cand = nb.moved(nb.heading() + geo::Angle::degrees(90 * dir), k);
      if (s.may_stand(u, cand)) return cand;
    }
  return std::nullopt;
}

// A quarter turn slides its base to the first free place among the same 80 as before, found from
// offsets kept per heading without making each place's base: the same answers as the plain
// search, for quarter turns both ways of every unit's base and of bases near it (a random
// shift up to 3" and a random heading, often crowded against its neighbours), at every fifth
// decision of random games of every built-in scenario.
TEST(Ohw_1_Movement, Clause_1_4_AQuarterTurnSlidesToTheSamePlaceAsThePlainSearch) {
  int turns = 0, slid = 0, refused = 0;
  for (const char* id : {"s1", "s2", "s3", "s4", "pitched"}) {
    core::Rng rng(17);  // the walk's and the cases' both
    random_decisions(id, rng, 400, [&](const game::State& st, int step, const Legal* legal) {
      const auto& s = static_cast<const OhwState&>(st);
      if (!legal || step % 5 != 0) return;
      for (int u = 0; u < s.ohw().num_units(); ++u) {
        if (!s.unit(u).on_table) continue;
        const geo::Base& own = s.unit(u).base;
        for (int k = 0; k < 3; ++k) {
          geo::Base b = own;
          if (k > 0) {
            const geo::Vec shift{rng.uniform_int(-3 * kInch, 3 * kInch),
                                 rng.uniform_int(-3 * kInch, 3 * kInch)};
            const geo::Point c = own.centre() + shift;
            if (c.x < 0 || c.y < 0 || c.x > s.ohw().scenario_data().width ||
                c.y > s.ohw().scenario_data().height)
              continue;
            b = geo::Base(c, own.width(), own.depth(),
                          geo::Angle::from_units(
                              static_cast<std::int32_t>(rng.uniform_int(0, geo::kFullTurn - 1))));
          }
          for (int deg : {90, -90}) {
            const geo::Angle turn = geo::Angle::degrees(deg);
            const auto fast = s.turned(u, b, turn);
            const auto plain = plain_quarter_turn(s, u, b, turn);
            ASSERT_EQ(fast, plain) << id << " step " << step << " unit " << u;
            ++turns;
            if (!plain)
              ++refused;
            else if (plain->centre() != b.centre())
              ++slid;
          }
        }
      }
    });
  }
  EXPECT_GT(turns, 5000);
  EXPECT_GT(slid, 200);  // the sample exercises the slides, found and not
  EXPECT_GT(refused, 50);
}

// A StandProbe answers may_stand() of its base moved by an offset, working its separating-edge
// tests out once per candidate: the same answers as making each moved base and asking may_stand()
// of everything, for bases near every unit (a random shift up to 3" and a random heading, often
// crowded against neighbours or terrain) and offsets up to 2" (the slides' own and random ones),
// at every fifth decision of random games of every built-in scenario.
TEST(Ohw_1_Movement, Clause_1_4_AProbedPlaceStandsAsMayStandSays) {
  int asked = 0, stand = 0, refused = 0;
  for (const char* id : {"s1", "s2", "s3", "s4", "pitched"}) {
    core::Rng rng(23);  // the walk's and the cases' both
    random_decisions(id, rng, 400, [&](const game::State& st, int step, const Legal* legal) {
      const auto& s = static_cast<const OhwState&>(st);
      if (!legal || step % 5 != 0) return;
      const auto& sc = s.ohw().scenario_data();
      for (int u = 0; u < s.ohw().num_units(); ++u) {
        if (!s.unit(u).on_table) continue;
        const geo::Base& own = s.unit(u).base;
        const geo::Vec shift{rng.uniform_int(-3 * kInch, 3 * kInch),
                             rng.uniform_int(-3 * kInch, 3 * kInch)};
        const geo::Point c = own.centre() + shift;
        if (c.x < 0 || c.y < 0 || c.x > sc.width || c.y > sc.height) continue;
        const geo::Base b(c, own.width(), own.depth(),
                          geo::Angle::from_units(
                              static_cast<std::int32_t>(rng.uniform_int(0, geo::kFullTurn - 1))));
        OhwState::StandCandidates near;
        s.stand_candidates(u, b, OhwState::kTurnSlide, near);
        OhwState::StandProbe probe;
        probe.reset(s, u, b, near);
        const auto& slides = OhwState::slide_offsets(b.heading());
        for (int k = 0; k < 24; ++k) {
          geo::Vec o = slides[static_cast<std::size_t>(rng.uniform_int(0, 79))];
          if (k % 3 == 0) o = {rng.uniform_int(-141, 141), rng.uniform_int(-141, 141)};
          if (k == 0) o = {};
          const bool plain = s.may_stand(u, b.translated(o));
          ASSERT_EQ(probe.stands(o), plain) << id << " step " << step << " unit " << u;
          ++asked;
          (plain ? stand : refused) += 1;
        }
      }
    });
  }
  EXPECT_GT(asked, 20000);
  EXPECT_GT(stand, 2000);  // the sample exercises both answers
  EXPECT_GT(refused, 2000);
}

// 0.6, 0.9 as eligible_side() would find them looking along each sample line at every unit and
// terrain piece, nothing kept between lines (line_of_sight() without candidates).
std::optional<geo::SquaredDistance> plain_eligible_side(const OhwState& s, int u, int t,
                                                        geo::Side side, bool shooting) {
  const geo::Base& me = s.unit(u).base;
  const geo::Base& target = s.unit(t).base;
  const geo::Point origin = me.side_midpoint(geo::Side::kFront);
  const geo::Segment seg = target.side(side);
  const bool half_plane = shooting && s.in_redoubt(u);
  if (geo::orientation(seg.a, seg.b, origin) != 0 &&
      geo::orientation(seg.a, seg.b, origin) == geo::orientation(seg.a, seg.b, target.centre()))
    return std::nullopt;
  int seen = 0;
  std::optional<geo::SquaredDistance> best;
  for (int i = 0; i <= 20; ++i) {
    const geo::Point p =
        seg.a + geo::Vec{(seg.b.x - seg.a.x) * i / 20, (seg.b.y - seg.a.y) * i / 20};
    const bool in_arc =
        half_plane ? geo::dot(p - origin, me.forward_half()) >= 0 : geo::in_front_arc(me, p);
    if (!in_arc || !s.line_of_sight(origin, p, u, t)) continue;
    ++seen;
    const auto d = geo::distance_sq(origin, p);
    if (!best || d < *best) best = d;
  }
  const std::int64_t len =
      side == geo::Side::kFront || side == geo::Side::kBack ? target.width() : target.depth();
  const std::int64_t need = std::max((len + 1) / 2, std::min(len, 3 * kInch));
  if (seen < 2 || (seen - 1) * len < need * 20) return std::nullopt;
  return best;
}

// eligible_side() looks along its 21 lines only at the units and terrain near the side and the
// origin, and keeps for all of them whether a unit lines a piece (0.9 v) and whether two units
// are less than 3" apart (0.9 iii); given a range, it looks along no line when too few sample
// points are in the arc or none is in range, and stops once too few are left to be seen: the
// same answers as looking at everything along each line (then keeping the answer only when in
// range), for every pair of enemy units on the table, every side and both purposes, in random
// games of every built-in scenario.
TEST(Ohw_0_Conventions, Clause_0_9_ASideLookedAtByItsCandidatesIsSeenAsByEveryLine) {
  int asked = 0, eligible = 0, in_range = 0;
  for (const char* id : {"s1", "s2", "s3", "s4", "pitched"})
    random_decisions(id, 13, 400, [&](const game::State& st, int step, const Legal* legal) {
      const auto& s = static_cast<const OhwState&>(st);
      if (!legal || step % 10 != 0) return;
      for (int u = 0; u < s.ohw().num_units(); ++u)
        for (int t = 0; t < s.ohw().num_units(); ++t) {
          if (s.side_of(u) == s.side_of(t) || !s.unit(u).on_table || !s.unit(t).on_table) continue;
          for (geo::Side side : geo::kAllSides)
            for (bool shooting : {false, true}) {
              const auto fast = s.eligible_side(u, t, side, shooting);
              const auto plain = plain_eligible_side(s, u, t, side, shooting);
              ASSERT_EQ(fast.has_value(), plain.has_value()) << id << " step " << step;
              if (fast) {
                ASSERT_TRUE(*fast == *plain) << id << " step " << step;
              }
              // Within a charge's or a shot's reach: the same, or nothing when further.
              for (std::int64_t range : {6 * kInch, 9 * kInch, 12 * kInch}) {
                const auto near = s.eligible_side(u, t, side, shooting, range);
                ASSERT_EQ(near.has_value(), plain && plain->within(range))
                    << id << " step " << step << " range " << range;
                if (near) {
                  ASSERT_TRUE(*near == *plain) << id << " step " << step;
                }
                in_range += near ? 1 : 0;
              }
              ++asked;
              eligible += fast ? 1 : 0;
            }
        }
    });
  EXPECT_GT(asked, 2000);
  EXPECT_GT(eligible, 500);  // the sample exercises both answers
  EXPECT_GT(in_range, 500);
  EXPECT_LT(in_range, 3 * eligible);
}

}  // namespace
}  // namespace carroccio::ohw
