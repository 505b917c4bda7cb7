// Helpers for ohw rule tests: small scenarios written inline, forced chance outcomes.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/event.hpp"
#include "core/rng.hpp"
#include "game/registry.hpp"
#include "game/tests/ruleset_testing.hpp"
#include "rulesets/ohw/game.hpp"
#include "rulesets/ohw/ruleset.hpp"
#include "rulesets/ohw/state.hpp"

namespace carroccio::ohw::testing {

// A unit for a test scenario: side ("blue"/"red"), type, centre in inches, heading in degrees.
struct U {
  std::string side, type;
  double x, y;
  int heading;
  int enter_turn = 0;
};
struct T {
  std::string type;
  std::vector<double> rect;  // x0, y0, x1, y1 in inches
};

// A 36" x 36" table; units get ids u0, u1, ... in order. Blue moves first.
inline nlohmann::json scenario_json(const std::vector<U>& units, const std::vector<T>& terrain = {},
                                    int turns = 12) {
  nlohmann::json j = {
      {"ruleset", "ohw"}, {"id", "test"}, {"title", "test"}, {"turns", turns}, {"first", "blue"}};
  j["sides"] = {{{"id", "blue"}, {"name", "Blue"}}, {{"id", "red"}, {"name", "Red"}}};
  j["terrain"] = nlohmann::json::array();
  for (std::size_t i = 0; i < terrain.size(); ++i)
    j["terrain"].push_back(
        {{"id", "t" + std::to_string(i)}, {"type", terrain[i].type}, {"rect", terrain[i].rect}});
  j["units"] = nlohmann::json::array();
  for (std::size_t i = 0; i < units.size(); ++i) {
    const U& u = units[i];
    nlohmann::json x = {
        {"id", "u" + std::to_string(i)}, {"side", u.side}, {"type", u.type}, {"x", u.x}, {"y", u.y},
        {"heading", u.heading}};
    if (u.enter_turn) x["enter_turn"] = u.enter_turn;
    j["units"].push_back(x);
  }
  return j;
}

inline std::shared_ptr<const OhwGame> make_game(const nlohmann::json& j,
                                                const std::string& options = "") {
  return game::testing::make_game<OhwGame>(*make_ruleset(), j, options);
}

inline std::unique_ptr<OhwState> new_state(const std::shared_ptr<const OhwGame>& g) {
  return game::testing::new_state<OhwState>(g);
}

// A new game of the built-in scenario ohw/<id> at its start (a failed load fails the test and
// gives nullptr).
inline std::unique_ptr<game::State> builtin_start(const std::string& id) {
  auto r = make_ruleset();
  auto text = r->builtin_scenario(id);
  EXPECT_TRUE(text.ok()) << id;
  if (!text.ok()) return nullptr;
  auto g = r->new_game(nlohmann::json::parse(*text), "ohw/" + id, {});
  EXPECT_TRUE(g.ok()) << id;
  return g.ok() ? (*g)->new_initial_state() : nullptr;
}

// A random chance outcome or decision, uniform among those open.
inline game::Action random_step(const game::State& s, core::Rng& rng) {
  std::vector<game::Action> open;
  if (s.is_chance_node())
    for (const auto& o : s.chance_outcomes()) open.push_back(o.action);
  else
    open = s.legal_actions();
  return open.empty() ? game::Action{0} : open[static_cast<std::size_t>(rng.uniform(open.size()))];
}

// What a random walk chooses among at a decision: every legal action, or the agents' candidates
// (agent_actions()).
enum class Choose { kLegal, kAgent };

// Random decisions of a built-in scenario: plays ohw/<id> from its start, a random chance outcome
// at each chance node and a random action at each decision among those `choose` lists (the
// generator `rng`, which visit may draw from too), for at most `steps` steps (each outcome or
// decision is one) or until the game ends. visit(state, step, listed) is called before each step
// is taken: at a decision with the actions listed, at a chance node with null. The walk stops at
// a fatal failure inside visit, at a decision with nothing listed, and when visit returns false
// (if it returns a bool).
template <class Visit>
void random_decisions(const char* id, core::Rng& rng, int steps, Visit&& visit,
                      Choose choose = Choose::kLegal) {
  auto st = builtin_start(id);
  ASSERT_NE(st, nullptr) << id;
  std::vector<game::Action> listed;
  for (int step = 0; step < steps && !st->is_terminal(); ++step) {
    const game::State& now = *st;
    const auto visit_step = [&](const std::vector<game::Action>* l) {
      if constexpr (std::is_same_v<decltype(visit(now, step, l)), bool>) {
        return visit(now, step, l) && !::testing::Test::HasFatalFailure();
      } else {
        visit(now, step, l);
        return !::testing::Test::HasFatalFailure();
      }
    };
    if (st->is_chance_node()) {
      if (!visit_step(nullptr)) return;
      const auto o = st->chance_outcomes();
      st->apply_unchecked(o[static_cast<std::size_t>(rng.uniform(o.size()))].action);
      continue;
    }
    if (choose == Choose::kAgent)
      st->agent_actions(listed);
    else
      st->legal_actions(listed);
    if (!visit_step(&listed) || listed.empty()) return;
    st->apply_unchecked(listed[static_cast<std::size_t>(rng.uniform(listed.size()))]);
  }
}

// The same with a generator of its own, seeded `seed`.
template <class Visit>
void random_decisions(const char* id, std::uint64_t seed, int steps, Visit&& visit,
                      Choose choose = Choose::kLegal) {
  core::Rng rng(seed);
  random_decisions(id, rng, steps, std::forward<Visit>(visit), choose);
}

inline std::string load_error(const nlohmann::json& j) {
  return game::testing::load_error(*make_ruleset(), j);
}

using game::testing::is_legal;
using game::testing::play;

// Forces the d6 now pending.
inline void roll(OhwState& s, int value) { game::testing::roll(s, act::kDieBase, value); }

// A point written in inches.
inline geo::Point at(double x, double y) { return game::testing::at(x, y, kInch); }

inline game::Action charge(int target, geo::Side side) {
  return act::kMoveBase + act::kChargeCode + 4 * target + static_cast<int>(side);
}
inline game::Action shoot(int u, int t) { return act::kShootBase + 64 * u + t; }
inline game::Action fight(int u, int t) { return act::kMeleeBase + 64 * u + t; }
inline game::Action move(int pre, int dist, int post) {
  return act::kMoveBase + move_code(pre, dist, post);
}

}  // namespace carroccio::ohw::testing
