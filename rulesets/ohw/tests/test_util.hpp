// Helpers for ohw rule tests: small scenarios written inline, forced chance outcomes.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>
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
