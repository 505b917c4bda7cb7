// Property tests (issue 18 point 10): the rules see only where things stand relative to each
// other, so moving the whole position rigidly changes no result. Each test builds the same battle
// twice, once as written and once moved (a half turn of the table with the base edges swapped, a
// quarter turn of a square table, a shift far from the edges), and checks that the two games offer
// the same decisions, ask for the same dice, give the same combat factors and odds, and, played
// with the same forced choices and dice, emit the same events and end the same way.
//
// What a motion may not keep is said with each test: the base edges (where routers run) are part
// of the position, so a quarter turn, which would turn them to the sides, is compared only before
// anything can rout; a shift keeps the edges where they are, so it is made on a table large enough
// that nothing comes near them.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>

#include "core/event.hpp"
#include "rulesets/gwkho/game.hpp"
#include "rulesets/gwkho/resolve_combat.hpp"
#include "rulesets/gwkho/state.hpp"
#include "rulesets/gwkho/tests/test_util.hpp"

namespace carroccio::gwkho {
namespace {

using testing::kIn;

using testing::find;
using testing::start;

// A rigid motion of the table, in inches: where a point goes and how much headings turn.
struct Motion {
  std::function<std::array<double, 2>(double, double)> point;
  int turn = 0;                         // degrees, counter-clockwise
  std::array<double, 2> table{72, 48};  // the moved table's width and height
  bool swap_edges = false;              // the base edges change places (a half turn)
  // The same motion in sub-units (exact: every motion here is a whole number of sub-units).
  geo::Point operator()(geo::Point p) const {
    const auto q = point(static_cast<double>(p.x) / kIn, static_cast<double>(p.y) / kIn);
    return {std::llround(q[0] * kIn), std::llround(q[1] * kIn)};
  }
};

double tenth(double v) { return std::round(v * 10) / 10; }

nlohmann::json moved_point(const Motion& m, const nlohmann::json& p) {
  const auto q = m.point(p[0].get<double>(), p[1].get<double>());
  return {tenth(q[0]), tenth(q[1])};
}

// The test battle with a brook and its ford, a stream, a hill, a wood and a road across the
// middle of the table, on a table of `table` inches with everything shifted by `at`.
nlohmann::json battle(std::array<double, 2> table = {72, 48}, std::array<double, 2> at = {0, 0}) {
  auto j = testing::small_scenario("red", false);
  j["terrain"] = nlohmann::json::parse(R"([
    {"id": "brook-w", "kind": "river", "going": "impassable",
     "polygon": [[0, 24], [14, 24], [14, 25.5], [0, 25.5]]},
    {"id": "ford", "kind": "ford", "polygon": [[14, 24], [17, 24], [17, 25.5], [14, 25.5]]},
    {"id": "brook-e", "kind": "river", "going": "impassable",
     "polygon": [[17, 24], [30, 24], [30, 25.5], [17, 25.5]]},
    {"id": "stream", "kind": "river", "going": "bad",
     "polygon": [[40, 22], [55, 22], [55, 23.5], [40, 23.5]]},
    {"id": "knoll", "kind": "hill", "going": "rough", "polygon": [[56, 12], [70, 12], [63, 22]]},
    {"id": "wood", "going": "bad", "polygon": [[32, 28], [38, 28], [38, 33], [32, 33]]}])");
  j["roads"] = nlohmann::json::parse(R"([{"id": "via", "line": [[25, 10], [25, 36]]}])");
  j["table"] = {table[0], table[1]};
  j["bounds"] = 40;
  const Motion shift{[&](double x, double y) {
    return std::array<double, 2>{x + at[0], y + at[1]};
  }};
  for (auto& t : j["terrain"])
    for (auto& p : t["polygon"]) p = moved_point(shift, p);
  for (auto& r : j["roads"])
    for (auto& p : r["line"]) p = moved_point(shift, p);
  for (auto& s : j["sides"])
    for (auto& d : s["deploy"]) d["at"] = moved_point(shift, d["at"]);
  return j;
}

// The scenario moved by m.
nlohmann::json moved(nlohmann::json j, const Motion& m) {
  for (auto& t : j["terrain"])
    for (auto& p : t["polygon"]) p = moved_point(m, p);
  for (auto& r : j["roads"])
    for (auto& p : r["line"]) p = moved_point(m, p);
  for (auto& s : j["sides"]) {
    if (m.swap_edges) s["edge"] = s["edge"] == "north" ? "south" : "north";
    for (auto& d : s["deploy"]) {
      d["at"] = moved_point(m, d["at"]);
      d["heading"] = (d["heading"].get<int>() + m.turn) % 360;
    }
  }
  j["table"] = {m.table[0], m.table[1]};
  return j;
}

Motion half_turn() {
  return {[](double x, double y) {
            return std::array<double, 2>{72 - x, 48 - y};
          },
          180,
          {72, 48},
          true};
}

Motion quarter_turn() {
  return {[](double x, double y) { return std::array<double, 2>{72 - y, x}; }, 90, {72, 72}};
}

std::string events_text(const core::EventLog& log) {
  std::string out;
  for (const auto& e : log.events()) out += e.kind + " [" + e.rule + "]\n";
  return out;
}

// Both games played with the same choices: at a chance node the outcome at the same place in the
// list, at a decision the action at the same place in the sorted list. Every step they must offer
// the same. Stops after `steps`, when the game ends or when `stop` says so. Returns the steps
// played.
int play_alike(GwkhoState& a, GwkhoState& b, const Motion& m, int steps,
               const std::function<bool(const GwkhoState&)>& stop = nullptr) {
  core::EventLog la, lb;
  a.set_event_sink(&la);
  b.set_event_sink(&lb);
  int k = 0;
  std::string last;
  for (; k < steps && !a.is_terminal(); ++k) {
    if (stop && stop(a)) break;
    EXPECT_EQ(a.current_player(), b.current_player()) << "step " << k;
    if (a.is_chance_node()) {
      const auto oa = a.chance_outcomes(), ob = b.chance_outcomes();
      EXPECT_EQ(oa.size(), ob.size()) << "step " << k;
      if (oa.size() != ob.size()) return k;
      for (std::size_t i = 0; i < oa.size(); ++i) {
        EXPECT_EQ(oa[i].action, ob[i].action) << "step " << k;
        EXPECT_EQ(oa[i].weight, ob[i].weight) << "step " << k;
      }
      const auto pick = oa[(static_cast<std::size_t>(k) * 5 + 3) % oa.size()].action;
      last = a.action_to_string(pick);
      EXPECT_TRUE(a.apply(pick).ok());
      EXPECT_TRUE(b.apply(pick).ok());
    } else {
      const auto da = a.legal_actions(), db = b.legal_actions();
      EXPECT_EQ(da, db) << "step " << k;
      if (da != db || da.empty()) return k;
      const auto pick = da[(static_cast<std::size_t>(k) * 7 + 1) % da.size()];
      // The odds the shell shows: of every decision early on, then of the one taken.
      for (const auto act : da) {
        if (k >= 60 && act != pick) continue;
        EXPECT_EQ(a.action_odds(act).dump(), b.action_odds(act).dump()) << "step " << k;
      }
      last = a.action_to_string(pick);
      EXPECT_TRUE(a.apply(pick).ok());
      EXPECT_TRUE(b.apply(pick).ok());
    }
    // Every step, every element stands exactly where the motion takes it (no rounding drift).
    for (int e = 0; e < a.num_elements(); ++e) {
      const ElementState& x = a.element(e);
      const ElementState& y = b.element(e);
      if (!x.alive || !y.alive) continue;
      EXPECT_EQ(m(x.base.centre()), y.base.centre())
          << "step " << k << " " << a.gw().element(e).id << " after " << last;
      EXPECT_EQ(x.base.heading() + geo::Angle::degrees(m.turn), y.base.heading())
          << "step " << k << " " << a.gw().element(e).id;
    }
    if (::testing::Test::HasFailure()) return k;
  }
  EXPECT_EQ(events_text(la), events_text(lb));
  // Every element ends where the motion takes it, facing as it turns it, in the same state.
  for (int e = 0; e < a.num_elements(); ++e) {
    const ElementState& x = a.element(e);
    const ElementState& y = b.element(e);
    EXPECT_EQ(x.alive, y.alive) << e;
    EXPECT_EQ(x.routing, y.routing) << e;
    EXPECT_EQ(x.loss, y.loss) << e;
    if (!x.alive) continue;
    // Exactly: every rounding of a turned base turns with the table (core/geometry.hpp rounds
    // halves away from zero; the moves measure differences of points, never a point alone).
    EXPECT_EQ(m(x.base.centre()), y.base.centre()) << a.gw().element(e).id;
    EXPECT_EQ(x.base.heading() + geo::Angle::degrees(m.turn), y.base.heading())
        << a.gw().element(e).id;
  }
  EXPECT_EQ(a.is_terminal(), b.is_terminal());
  EXPECT_EQ(a.winner(), b.winner());
  a.set_event_sink(nullptr);
  b.set_event_sink(nullptr);
  return k;
}

// A knight and the Gascon sergeants front to front on the knoll's edge, a longbowman shooting at
// them from the flank: the combat's factors and odds and the shot's, as the two games see them.
void compare_fights(const Motion& m, const std::shared_ptr<const GwkhoGame>& ga,
                    const std::shared_ptr<const GwkhoGame>& gb) {
  auto a = start(ga), b = start(gb);
  const int knight = find(*ga, "red.0.0.0"), foot = find(*ga, "blue.1.2.0");
  auto place = [&](int e, geo::Point c, int h) {
    a->debug_place(e, c, h);
    b->debug_place(e, m(c), (h + m.turn) % 360);
  };
  place(foot, geo::Point{60 * kIn, 12 * kIn + kIn / 2}, 270);
  place(knight, geo::Point{60 * kIn, 12 * kIn + kIn / 2 - 500 - 750}, 90);
  const CombatSituation ca = a->combat_situation(knight, foot);
  const CombatSituation cb = b->combat_situation(knight, foot);
  EXPECT_TRUE(ca.b.uphill);
  const CombatFactors fa = combat_factors(ca), fb = combat_factors(cb);
  ASSERT_EQ(fa.a.factors.size(), fb.a.factors.size());
  ASSERT_EQ(fa.b.factors.size(), fb.b.factors.size());
  for (std::size_t i = 0; i < fa.a.factors.size(); ++i) {
    EXPECT_EQ(fa.a.factors[i].clause, fb.a.factors[i].clause);
    EXPECT_EQ(fa.a.factors[i].value, fb.a.factors[i].value);
  }
  for (std::size_t i = 0; i < fa.b.factors.size(); ++i) {
    EXPECT_EQ(fa.b.factors[i].clause, fb.b.factors[i].clause);
    EXPECT_EQ(fa.b.factors[i].value, fb.b.factors[i].value);
  }
  EXPECT_EQ(combat_odds(ca).weights, combat_odds(cb).weights);
  // A stream between the sergeants and a second knight: behind it in both.
  const int knight2 = find(*ga, "red.0.0.1"), foot2 = find(*ga, "blue.1.2.1");
  place(foot2, geo::Point{47 * kIn, 22 * kIn - 500}, 90);
  place(knight2, geo::Point{47 * kIn, 22 * kIn + 750}, 270);
  const CombatSituation sa = a->combat_situation(knight2, foot2);
  const CombatSituation sb = b->combat_situation(knight2, foot2);
  EXPECT_TRUE(sa.b.behind_linear);
  EXPECT_EQ(sa.b.behind_linear, sb.b.behind_linear);
  EXPECT_EQ(combat_odds(sa).weights, combat_odds(sb).weights);
  // A longbowman 4" off the sergeants' flank: the shot's modifiers and result.
  const int bow = find(*ga, "blue.0.1.0"), target = find(*ga, "red.1.2.0");
  place(target, geo::Point{36 * kIn, 18 * kIn}, 270);
  place(bow, geo::Point{36 * kIn, 13 * kIn}, 90);
  EXPECT_EQ(a->shot_targets(bow), b->shot_targets(bow));
  const ShotSituation ta = a->shot_situation(bow, target), tb = b->shot_situation(bow, target);
  EXPECT_EQ(ta.range, tb.range);
  EXPECT_EQ(ta.enfilade, tb.enfilade);
  EXPECT_EQ(ta.cover, tb.cover);
}

TEST(Gwkho_Symmetry, AHalfTurnOfTheTableWithItsEdgesChangesNoResult) {
  const Motion m = half_turn();
  const auto ga = testing::make_game(battle());
  const auto gb = testing::make_game(moved(battle(), m));
  compare_fights(m, ga, gb);
  // The whole forced game, to its end: the same decisions, dice, events, and after every step
  // every element exactly where the half turn takes it. (Until the group turn and the contact
  // alignment measured differences of points rather than points, truncating toward zero, the two
  // games drifted a sub-unit apart at each such move and, by step 399, one listed a back move the
  // other did not.)
  auto a = start(ga), b = start(gb);
  const int played = play_alike(*a, *b, m, 100000);
  EXPECT_GT(played, 300);
  EXPECT_TRUE(a->is_terminal());
  // Negative: a half turn that leaves the base edges where they were is another battle: its
  // routers run the other way (the red knights' rout north is a rout away from the enemy only in
  // the first).
  Motion keep = m;
  keep.swap_edges = false;
  const auto gc = testing::make_game(moved(battle(), keep));
  auto c = start(gc);
  auto x = start(ga);
  const int e = find(*ga, "red.0.0.2");
  x->debug_set_pips(0, 0);
  x->debug_set_pips(1, 0);
  c->debug_set_pips(0, 0);
  c->debug_set_pips(1, 0);
  x->debug_place(e, geo::Point{10 * kIn, 30 * kIn}, 270);
  c->debug_place(e, keep(geo::Point{10 * kIn, 30 * kIn}), 90);
  x->debug_rout(e);
  c->debug_rout(e);
  ASSERT_TRUE(x->apply(act::kEndMoves).ok());
  ASSERT_TRUE(c->apply(act::kEndMoves).ok());
  EXPECT_NE(keep(x->element(e).base.centre()), c->element(e).base.centre());
}

TEST(Gwkho_Symmetry, AQuarterTurnOfASquareTableChangesNoDecisionFactorOrOdds) {
  const Motion m = quarter_turn();
  const auto ga = testing::make_game(battle({72, 72}));
  const auto gb = testing::make_game(moved(battle({72, 72}), m));
  compare_fights(m, ga, gb);
  // The quarter turn takes the base edges to the sides, so the games are compared until anything
  // could rout: through the first two bounds (the armies start 30 inches apart).
  auto a = start(ga), b = start(gb);
  const int played = play_alike(*a, *b, m, 3000, [](const GwkhoState& s) { return s.bound() > 2; });
  EXPECT_GT(played, 15);
  EXPECT_EQ(a->bound(), 3);
}

TEST(Gwkho_Symmetry, AShiftFarFromTheEdgesChangesNoResult) {
  // The battle in the middle of a 200-inch table, and again 17.3 inches east and 21.1 north.
  const Motion m{[](double x, double y) {
                   return std::array<double, 2>{x + 17.3, y + 21.1};
                 },
                 0,
                 {200, 200}};
  const auto ga = testing::make_game(battle({200, 200}, {40, 60}));
  const auto gb = testing::make_game(battle({200, 200}, {57.3, 81.1}));
  auto a = start(ga), b = start(gb);
  const int played = play_alike(*a, *b, m, 100000);
  EXPECT_GT(played, 300);
  EXPECT_TRUE(a->is_terminal());
  // Negative: the factors of a fight the shift moved onto level ground are not the same: the
  // motion must move the terrain with the troops.
  const auto gc = testing::make_game(battle({200, 200}, {40, 60}));
  auto c = start(gc), d = start(gb);
  const int knight = find(*gc, "red.0.0.0"), foot = find(*gc, "blue.1.2.0");
  const geo::Point f{100 * kIn, 72 * kIn + kIn / 2};  // on the knoll: (60, 12.5) + (40, 60)
  c->debug_place(foot, f, 270);
  c->debug_place(knight, geo::Point{f.x, f.y - 500 - 750}, 90);
  d->debug_place(foot, f, 270);  // not moved: off the knoll in the shifted battle
  d->debug_place(knight, geo::Point{f.x, f.y - 500 - 750}, 90);
  EXPECT_TRUE(c->combat_situation(knight, foot).b.uphill);
  EXPECT_FALSE(d->combat_situation(knight, foot).b.uphill);
}

}  // namespace
}  // namespace carroccio::gwkho
