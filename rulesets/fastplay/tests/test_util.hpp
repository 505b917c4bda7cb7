// Helpers for fastplay rule tests: small scenarios written inline, forced dice.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "core/rng.hpp"
#include "game/registry.hpp"
#include "game/tests/ruleset_testing.hpp"
#include "rulesets/fastplay/game.hpp"
#include "rulesets/fastplay/ruleset.hpp"
#include "rulesets/fastplay/state.hpp"

namespace carroccio::fastplay::testing {

// A unit: side "a" or "b", troop type, centre in cm, heading in degrees, extra fields.
struct U {
  std::string side, type;
  double x, y;
  int heading;
  nlohmann::json extra = nlohmann::json::object();
};
struct T {
  std::string type;
  std::vector<double> rect;
};

// A 100 x 100 cm table; units get ids u0, u1, ... in order. Army a moves first in turn 1.
// The organisation is free (ruling F-29): a drill of a few units.
inline nlohmann::json scenario_json(const std::vector<U>& units, const std::vector<T>& terrain = {},
                                    int turns = 12) {
  nlohmann::json j = {{"ruleset", "fastplay"}, {"id", "test"},
                      {"title", "test"},       {"turns", turns},
                      {"first", "a"},          {"table", {{"width", 100}, {"height", 100}}},
                      {"organisation", "free"}};
  j["sides"] = {{{"id", "a"}, {"name", "Army A"}}, {{"id", "b"}, {"name", "Army B"}}};
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
    for (auto it = u.extra.begin(); it != u.extra.end(); ++it) x[it.key()] = it.value();
    j["units"].push_back(x);
  }
  return j;
}

inline std::shared_ptr<const FastplayGame> make_game(const nlohmann::json& j,
                                                     const std::string& options = "") {
  return game::testing::make_game<FastplayGame>(*make_ruleset(), j, options);
}

inline std::unique_ptr<FastplayState> new_state(const std::shared_ptr<const FastplayGame>& g) {
  return game::testing::new_state<FastplayState>(g);
}

inline std::unique_ptr<FastplayState> start(const std::vector<U>& units,
                                            const std::vector<T>& terrain = {},
                                            const std::string& options = "") {
  return new_state(make_game(scenario_json(units, terrain), options));
}

// A new game of the built-in scenario fastplay/<id> at its start (a failed load is reported and
// gives nullptr: the caller asserts it is not).
inline std::unique_ptr<game::State> builtin_start(const std::string& id) {
  auto r = make_ruleset();
  auto text = r->builtin_scenario(id);
  EXPECT_TRUE(text.ok()) << id;
  if (!text.ok()) return nullptr;
  auto g = r->new_game(nlohmann::json::parse(*text), "fastplay/" + id, {});
  EXPECT_TRUE(g.ok()) << id;
  if (!g.ok()) return nullptr;
  return (*g)->new_initial_state();
}

inline std::string load_error(const nlohmann::json& j) {
  return game::testing::load_error(*make_ruleset(), j);
}

using game::testing::is_legal;
using game::testing::play;

// Forces the die now pending.
inline void roll(FastplayState& s, int value) { game::testing::roll(s, act::kDieBase, value); }

// The owner's pick of a lost stand (ruling F-10): stand j of the unit losing stands.
inline void lose(FastplayState& s, int j) {
  ASSERT_EQ(s.pending(), PendingKind::kLoss) << s.to_string();
  play(s, act::kLoseBase + j);
}

// The shooting side's pick of the archer stand a 1 turns about, or, once all are turned,
// replaces with light infantry (fastplay 5.3, ruling F-14): stand j of the shooter.
inline void turn_about(FastplayState& s, int j) {
  ASSERT_EQ(s.pending(), PendingKind::kArrows) << s.to_string();
  play(s, act::kTurnAboutBase + j);
}
inline void replace_stand(FastplayState& s, int j) {
  ASSERT_EQ(s.pending(), PendingKind::kArrows) << s.to_string();
  play(s, act::kReplaceBase + j);
}

// Forces the die now pending; if it costs a stand the owner must pick, picks the unit's last
// live stand, and if it is a 1 costing arrows, the last archer stand it may turn or replace
// (for tests about something else than those picks).
inline void roll_taking_last(FastplayState& s, int value) {
  roll(s, value);
  while (s.pending() == PendingKind::kLoss || s.pending() == PendingKind::kArrows) {
    if (s.pending() == PendingKind::kArrows) {
      play(s, s.legal_actions().back());
      continue;
    }
    const auto& stands = s.unit(s.loss_unit()).stands;
    int last = -1;
    for (std::size_t i = 0; i < stands.size(); ++i)
      if (stands[i].alive) last = static_cast<int>(i);
    lose(s, last);
  }
}

// A random decision or die for a random game: uniform among the legal ones; with
// `prefer_action`, a pass is replaced three times in four by something else, so the armies meet.
inline game::Action random_step(const game::State& s, core::Rng& rng, bool prefer_action) {
  std::vector<game::Action> legal;
  if (s.is_chance_node())
    for (const auto& o : s.chance_outcomes()) legal.push_back(o.action);
  else
    legal = s.legal_actions();
  EXPECT_FALSE(legal.empty()) << s.to_string();
  if (legal.empty()) return act::kPass;
  game::Action a = legal[rng.uniform(legal.size())];
  if (prefer_action && a == act::kPass && legal.size() > 1 && rng.uniform(4) != 0)
    a = legal[1 + rng.uniform(legal.size() - 1)];
  return a;
}

// Passes (or ends movement) until the phase is `p`; stops at chance nodes.
inline void pass_to(FastplayState& s, Phase p) {
  for (int guard = 0; guard < 50 && s.phase() != p && !s.is_chance_node() && !s.is_terminal();
       ++guard) {
    if (s.selected() >= 0)
      play(s, act::kMoveBase);
    else
      play(s, act::kPass);
  }
  ASSERT_EQ(s.phase(), p) << s.to_string();
}

// A point written in centimetres.
inline geo::Point at(double x, double y) { return game::testing::at(x, y, kCm); }

inline game::Action shoot(int u, int t) { return act::kShootBase + 64 * u + t; }
inline game::Action fight(int u) { return act::kFightBase + u; }
inline game::Action retreat(int u) { return act::kRetreatBase + u; }
inline game::Action answer(int r) { return act::kResponseBase + r; }

// Brings a (heavy infantry at (50, 40)) into front contact with b by a charge.
inline void charge_front(FastplayState& s) {
  testing::pass_to(s, Phase::kCharge);
  testing::play(s, charge_action(0, 1, geo::Side::kFront));
}

}  // namespace carroccio::fastplay::testing
