// The quick paths of gwkho (issue 22 point 4; docs/performance.md, "gwkho, first round") agree
// with the plain computations they stand for: the answers kept while a state's decisions are
// listed (memo.hpp), checked at every decision of random games of every built-in battle. Pure
// performance: no rule is tested here, the random choices only pick which states are compared.
#include <gtest/gtest.h>

#include <algorithm>
#include <span>
#include <string>
#include <vector>

#include "core/rng.hpp"
#include "game/table/geometry.hpp"
#include "rulesets/gwkho/memo.hpp"
#include "rulesets/gwkho/nearest.hpp"
#include "rulesets/gwkho/tests/test_util.hpp"

namespace carroccio::gwkho {
namespace {

using testing::start_ref;

constexpr const char* kBattles[] = {"cerignola", "courtrai", "legnano", "pitched", "poitiers"};

// Plays random decisions and chance outcomes (seeded: the choices only pick the states compared)
// for at most `steps` steps of built-in battle `id`, calling `check` at every decision.
template <typename Check>
void random_game(const std::string& id, int steps, std::uint64_t seed, Check check) {
  auto st = start_ref("gwkho/" + id);
  ASSERT_NE(st, nullptr) << id;
  core::Rng rng(seed);
  std::vector<game::Action> legal;
  for (int step = 0; step < steps && !st->is_terminal(); ++step) {
    if (st->is_chance_node()) {
      const auto o = st->chance_outcomes();
      st->apply_unchecked(o[static_cast<std::size_t>(rng.uniform(o.size()))].action);
      continue;
    }
    st->legal_actions(legal);
    check(*st, legal, step);
    st->apply_unchecked(legal[static_cast<std::size_t>(rng.uniform(legal.size()))]);
  }
}

TEST(Gwkho_Speed, TheListedDecisionsAreTheSameWithoutTheMemo) {
  int compared = 0, elements = 0;
  for (const char* id : kBattles) {
    random_game(
        id, 120, 17, [&](const GwkhoState& st, const std::vector<game::Action>& legal, int step) {
          std::vector<game::Action> plain;
          {
            const memo::Off off;
            st.legal_actions(plain);
          }
          ASSERT_EQ(legal, plain) << id << " step " << step;
          ++compared;
          if (st.phase() != Phase::kMove) return;
          // Each kept answer, asked twice in a listing (the second from the memo), is the plain
          // one.
          for (int e = 0; e < st.num_elements(); ++e) {
            std::vector<int> group, targets;
            bool contact = false;
            int nearest = 0;
            {
              const memo::Off off;
              group = st.group_of(e);
              targets = st.contact_targets(e);
              contact = st.in_contact(e);
              nearest = st.nearest_enemy(e);
            }
            const memo::Listing listing(st);
            ASSERT_NE(memo::of(st), nullptr);
            for (int k = 0; k < 2; ++k) {
              ASSERT_EQ(st.group_of(e), group) << id << " step " << step << " element " << e;
              ASSERT_EQ(st.contact_targets(e), targets)
                  << id << " step " << step << " element " << e;
              ASSERT_EQ(st.in_contact(e), contact) << id << " step " << step << " element " << e;
              ASSERT_EQ(st.nearest_enemy(e), nearest) << id << " step " << step << " element " << e;
            }
            ++elements;
          }
        });
  }
  EXPECT_GT(compared, 300);
  EXPECT_GT(elements, 1000);
}

// Every move code of every element planned within a listing (the kept answers, check_path()'s
// near lists among them, filled by the listing and by the codes asked before) and without the
// memo: the same refusal sentence, or the same plan. At every fifth decision of random games of
// every built-in battle, the codes asked in a fixed order after the listing.
TEST(Gwkho_Speed, EveryMoveCodePlansTheSameWithTheMemoAsWithout) {
  int planned = 0, refused = 0;
  for (const char* id : kBattles) {
    random_game(id, 100, 41, [&](const GwkhoState& st, const std::vector<game::Action>&, int step) {
      if (st.phase() != Phase::kMove || step % 5 != 0) return;
      const memo::Listing listing(st);
      std::vector<game::Action> legal;
      st.legal_actions(legal);  // fills the memo as the listing does
      for (int e = 0; e < st.num_elements(); ++e) {
        if (st.side_of(e) != st.active()) continue;
        for (int code = 0; code < act::kCodes; ++code) {
          const game::Action a = act::move(e, code);
          const auto kept = st.plan(a);
          core::Expected<MovePlan> plain = core::make_error("");
          {
            const memo::Off off;
            plain = st.plan(a);
          }
          ASSERT_EQ(kept.ok(), plain.ok()) << id << " step " << step << " action " << a;
          if (!kept.ok()) {
            ASSERT_EQ(kept.message(), plain.message()) << id << " step " << step << " action " << a;
            ++refused;
            continue;
          }
          ASSERT_EQ(kept->movers, plain->movers) << id << " step " << step << " action " << a;
          ASSERT_EQ(kept->to, plain->to) << id << " step " << step << " action " << a;
          ASSERT_EQ(kept->distance, plain->distance) << id << " step " << step << " action " << a;
          ASSERT_EQ(kept->target, plain->target) << id << " step " << step << " action " << a;
          ASSERT_EQ(st.price(*kept).total, st.price(*plain).total)
              << id << " step " << step << " action " << a;
          ++planned;
        }
      }
    });
  }
  EXPECT_GT(planned, 200);
  EXPECT_GT(refused, 2000);
}

// impetuous_moves() keeps the answers of the questions it asks between two of its moves
// (memo.hpp): the end of the moves (the impetuous moves, then the rest of the bound) made from
// the same state with and without the memo leaves the same state, element by element, at every
// end of the moves of random games of every built-in battle (the random choices also end the
// moves early, so that impetuous troops still stand unmoved).
TEST(Gwkho_Speed, TheImpetuousMovesAreTheSameWithoutTheMemo) {
  int compared = 0, moved = 0;
  for (const char* id : kBattles) {
    random_game(
        id, 200, 53, [&](const GwkhoState& st, const std::vector<game::Action>& legal, int step) {
          if (st.phase() != Phase::kMove ||
              !std::binary_search(legal.begin(), legal.end(), act::kEndMoves))
            return;
          auto kept = st.clone();
          auto plain = st.clone();
          kept->apply_unchecked(act::kEndMoves);
          {
            const memo::Off off;
            plain->apply_unchecked(act::kEndMoves);
          }
          const auto& a = static_cast<const GwkhoState&>(*kept);
          const auto& b = static_cast<const GwkhoState&>(*plain);
          ASSERT_EQ(a.to_string(), b.to_string()) << id << " step " << step;
          for (int e = 0; e < a.num_elements(); ++e) {
            ASSERT_EQ(a.element(e).base, b.element(e).base) << id << " step " << step << " " << e;
            ASSERT_EQ(a.element(e).moves, b.element(e).moves) << id << " step " << step << " " << e;
            moved += a.element(e).moves > st.element(e).moves ? 1 : 0;
          }
          ++compared;
        });
  }
  EXPECT_GT(compared, 20);
  EXPECT_GT(moved, 5);  // impetuous moves made
}

// nearest_enemy() measures exactly only the enemies whose boxes come within the nearest centre's
// distance; impetuous() looks for the nearest enemy only when it could change the answer. Both
// against the plain computations: every enemy measured, the nearest passed to is_impetuous().
// contact_targets() measures exactly only the enemies that could be among the nearest 8.
TEST(Gwkho_Speed, TheNearestEnemyImpetusAndContactTargetsAreThoseOfEveryEnemyMeasured) {
  int compared = 0, impetuous = 0, many = 0;
  for (const char* id : kBattles) {
    random_game(id, 120, 29, [&](const GwkhoState& st, const std::vector<game::Action>&, int) {
      const memo::Off off;
      for (int e = 0; e < st.num_elements(); ++e) {
        const ElementState& s = st.element(e);
        int nearest = -1;
        geo::SquaredDistance best;
        for (int o = 0; o < st.num_elements(); ++o) {
          if (!st.element(o).alive || st.side_of(o) == st.side_of(e)) continue;
          const geo::SquaredDistance dd = geo::distance_sq(s.base, st.element(o).base);
          if (nearest < 0 || dd < best) {
            nearest = o;
            best = dd;
          }
        }
        ASSERT_EQ(st.nearest_enemy(e), nearest) << id << " element " << e;
        // contact_targets(): every enemy within reach measured, the nearest 8 by distance, then
        // index.
        std::int64_t reach = 0;
        for (int g = 0; g < kNumGoings; ++g)
          reach = std::max(reach, st.allowance(e, static_cast<Going>(g)));
        reach += 2 * geo::reach(s.base);
        std::vector<std::pair<geo::SquaredDistance, int>> near;
        for (int t = 0; t < st.num_elements(); ++t) {
          const ElementState& ts = st.element(t);
          if (!ts.alive || st.side_of(t) == st.side_of(e)) continue;
          if (geo::far_apart(s.base.centre(), ts.base.centre(), reach + geo::reach(ts.base)))
            continue;
          near.emplace_back(geo::distance_sq(s.base, ts.base), t);
        }
        std::sort(near.begin(), near.end(), [](const auto& a, const auto& b) {
          if (a.first < b.first) return true;
          if (b.first < a.first) return false;
          return a.second < b.second;
        });
        std::vector<int> targets;
        for (std::size_t i = 0; i < near.size() && i < act::kContactTargets; ++i)
          targets.push_back(near[i].second);
        ASSERT_EQ(st.contact_targets(e), targets) << id << " element " << e;
        many += near.size() > act::kContactTargets ? 1 : 0;
        bool plain = false;
        if (s.alive && !s.routing) {
          ImpetusCase c;
          c.morale = st.morale_of(e);
          if (nearest >= 0) {
            c.nearest_enemy_is_hc = st.gw().element(nearest).troop.type == TroopType::kHc;
            c.nearest_enemy_broken =
                st.element(nearest).routing || st.morale_of(nearest) == Morale::kBroken;
          }
          plain = is_impetuous(st.gw().element(e).troop, st.gw().element(e).status, c);
        }
        ASSERT_EQ(st.impetuous(e), plain) << id << " element " << e;
        impetuous += plain ? 1 : 0;
        ++compared;
      }
    });
  }
  EXPECT_GT(compared, 10000);
  EXPECT_GT(impetuous, 100);
  EXPECT_GT(many, 100);  // lists cut to the nearest 8
}

// The box refusals of the move checks (state_moves.cpp), on random bases at any heading:
// check_path() passes over an element whose box, grown by 4 cm and 12 sub-units, is apart from
// the path's box, which holds only when the 4 cm ground in front of it (made as front_zone()
// makes it) lies in that grown box; a group's advance into contact looks, for its shorter moves,
// only at the elements whose boxes meet the longest move's sweep, which holds only when a shorter
// sweep's box lies in the longest's. The boxes are made from the half vectors: the corners' own.
TEST(Gwkho_Speed, TheMovesBoxRefusalsRefuseOnlyWhatTheExactTestsWould) {
  constexpr std::int64_t kFrontZone = 2000, kGrow = kFrontZone + 12;
  core::Rng rng(5);
  auto inside = [](const game::table::Box& in, const game::table::Box& out) {
    return out.min_x <= in.min_x && in.max_x <= out.max_x && out.min_y <= in.min_y &&
           in.max_y <= out.max_y;
  };
  auto box_of = [](const geo::Base& b) {
    const auto c = b.corners();
    return game::table::box_of(std::span<const geo::Point>(c.data(), c.size()));
  };
  for (int i = 0; i < 20000; ++i) {
    const geo::Point centre{rng.uniform_int(0, 100000), rng.uniform_int(0, 60000)};
    const std::int64_t width = 2 * rng.uniform_int(100, 1600),
                       depth = 2 * rng.uniform_int(100, 1600);
    // Half the headings whole degrees (as every listed move's), half any.
    const geo::Angle heading = i % 2 == 0 ? geo::Angle::degrees(static_cast<int>(rng.uniform(360)))
                                          : geo::Angle::from_units(rng.uniform_int(0, 1295999));
    const geo::Base b(centre, width, depth, heading);
    // The inline box (from the half vectors) is the corners' box.
    const game::table::Box quick = game::table::box_of(b), corners = box_of(b);
    ASSERT_TRUE(quick.min_x == corners.min_x && quick.min_y == corners.min_y &&
                quick.max_x == corners.max_x && quick.max_y == corners.max_y)
        << i;
    const geo::Base zone(b.centre() + geo::polar(b.heading(), b.depth() / 2 + kFrontZone / 2),
                         b.width(), kFrontZone, b.heading());
    game::table::Box grown = box_of(b);
    grown = {grown.min_x - kGrow, grown.min_y - kGrow, grown.max_x + kGrow, grown.max_y + kGrow};
    ASSERT_TRUE(inside(box_of(zone), grown)) << i;
    const std::int64_t limit = rng.uniform_int(0, 30000), dd = rng.uniform_int(0, limit);
    const game::table::Box longest = box_of(b) | box_of(b.translated(geo::polar(heading, limit)));
    ASSERT_TRUE(inside(box_of(b.translated(geo::polar(heading, dd))), longest)) << i;
  }
}

// nearest_bases() (nearest.hpp) measures exactly only the candidates whose boxes' gap could put
// them among the k nearest: on random bases at any heading (some the same base, so that
// distances tie and the index decides), for k from 0 to 9, the same list as every candidate
// measured and sorted by exact distance, then index.
TEST(Gwkho_Speed, TheNearestBasesAreThoseOfEveryCandidateMeasured) {
  core::Rng rng(11);
  int lists = 0;
  for (int i = 0; i < 3000; ++i) {
    auto random_base = [&] {
      const geo::Point centre{rng.uniform_int(0, 20000), rng.uniform_int(0, 12000)};
      const geo::Angle heading = i % 2 == 0
                                     ? geo::Angle::degrees(static_cast<int>(rng.uniform(8)) * 45)
                                     : geo::Angle::from_units(rng.uniform_int(0, 1295999));
      return geo::Base(centre, 2 * rng.uniform_int(100, 1600), 2 * rng.uniform_int(100, 1600),
                       heading);
    };
    const geo::Base b = random_base();
    std::vector<geo::Base> bases;
    const int n = static_cast<int>(rng.uniform(20));
    for (int t = 0; t < n; ++t)
      bases.push_back(
          t > 0 && rng.uniform(4) == 0
              ? bases[static_cast<std::size_t>(rng.uniform(static_cast<std::uint64_t>(t)))]
              : random_base());
    std::vector<int> candidates;
    for (int t = 0; t < n; ++t)
      if (rng.uniform(5) != 0) candidates.push_back(t);
    std::vector<std::pair<geo::SquaredDistance, int>> all;
    for (int t : candidates)
      all.emplace_back(geo::distance_sq(b, bases[static_cast<std::size_t>(t)]), t);
    std::sort(all.begin(), all.end(), [](const auto& x, const auto& y) {
      if (x.first < y.first) return true;
      if (y.first < x.first) return false;
      return x.second < y.second;
    });
    for (std::size_t k = 0; k < 10; ++k) {
      const auto got = nearest_bases(b, candidates, k, [&](int t) -> const geo::Base& {
        return bases[static_cast<std::size_t>(t)];
      });
      ASSERT_EQ(got.size(), std::min(k, all.size())) << i << " k " << k;
      for (std::size_t j = 0; j < got.size(); ++j) {
        ASSERT_EQ(got[j].second, all[j].second) << i << " k " << k << " j " << j;
        ASSERT_TRUE(got[j].first == all[j].first) << i << " k " << k << " j " << j;
      }
      ++lists;
    }
  }
  EXPECT_EQ(lists, 30000);
}

TEST(Gwkho_Speed, NothingIsKeptOutsideAListingOrForAnotherState) {
  auto st = start_ref("gwkho/legnano");
  ASSERT_NE(st, nullptr);
  EXPECT_EQ(memo::of(*st), nullptr);
  auto other = st->clone();
  {
    const memo::Listing listing(*st);
    EXPECT_NE(memo::of(*st), nullptr);
    EXPECT_EQ(memo::of(static_cast<const GwkhoState&>(*other)), nullptr);
    {
      const memo::Listing inner(static_cast<const GwkhoState&>(*other));  // the outer stands
      EXPECT_NE(memo::of(*st), nullptr);
      EXPECT_EQ(memo::of(static_cast<const GwkhoState&>(*other)), nullptr);
    }
    const memo::Off off;
    EXPECT_EQ(memo::of(*st), nullptr);
  }
  EXPECT_EQ(memo::of(*st), nullptr);
}

}  // namespace
}  // namespace carroccio::gwkho
