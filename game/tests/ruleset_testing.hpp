// Helpers every ruleset's tests share (include from rulesets/<id>/tests/test_util.hpp, which
// wraps them with the ruleset's own types): a game from scenario JSON written in the test, its
// initial state as the ruleset's State type, the one sentence a bad scenario gets, decisions
// applied with a failure that prints the position, forced dice, and points written in the
// scenario file's unit.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "core/geometry.hpp"
#include "game/registry.hpp"
#include "game/state.hpp"
#include "nlohmann/json.hpp"

namespace carroccio::game::testing {

// `text` with each run of white space as one space (a --help wrapped to 80 columns, searched for
// words a line break may split).
inline std::string one_line(std::string_view text) {
  std::string out;
  for (char c : text)
    if (!std::isspace(static_cast<unsigned char>(c)) || (!out.empty() && out.back() != ' '))
      out += std::isspace(static_cast<unsigned char>(c)) ? ' ' : c;
  return out;
}

// Whether the odds' JSON (State::action_odds) lists a modifier under `rule`.
inline bool cites(const nlohmann::json& odds, const std::string& rule) {
  for (const auto& m : odds["modifiers"])
    if (m["rule"] == rule) return true;
  return false;
}

// The game `ruleset` builds from `j` (source "test") with `options` ("fort,redoubt"); a failure
// of the test if it refuses it.
template <typename G>
std::shared_ptr<const G> make_game(const Ruleset& ruleset, const nlohmann::json& j,
                                   const std::string& options = "") {
  auto opts = parse_options(options);
  EXPECT_TRUE(opts.ok());
  auto g = ruleset.new_game(j, "test", opts.ok() ? *opts : Options{});
  EXPECT_TRUE(g.ok()) << (g.ok() ? "" : g.message());
  return g.ok() ? std::static_pointer_cast<const G>(*g) : nullptr;
}

// The initial state of `g` as the ruleset's State type S.
template <typename S, typename G>
std::unique_ptr<S> new_state(const std::shared_ptr<const G>& g) {
  auto s = g->new_initial_state();
  return std::unique_ptr<S>(static_cast<S*>(s.release()));
}

// The sentence `ruleset` refuses `j` with (source "test.json"), or "" if it accepts it.
inline std::string load_error(const Ruleset& ruleset, const nlohmann::json& j) {
  auto g = ruleset.new_game(j, "test.json", {});
  return g.ok() ? std::string() : g.message();
}

inline bool is_legal(const State& s, Action a) {
  const auto legal = s.legal_actions();
  return std::find(legal.begin(), legal.end(), a) != legal.end();
}

// Applies `a`; an illegal action fails the test, printing why and the position.
inline void play(State& s, Action a) {
  auto st = s.apply(a);
  ASSERT_TRUE(st.ok()) << st.message() << "\n" << s.to_string();
}

// Forces the die now pending to show `value` (the ruleset's die outcomes are die_base + value).
inline void roll(State& s, Action die_base, int value) {
  ASSERT_TRUE(s.is_chance_node()) << s.to_string();
  play(s, die_base + value);
}

// The point (x, y) written in a unit of `per_unit` sub-units (inches, centimetres), rounded to
// the nearest sub-unit.
inline core::geo::Point at(double x, double y, std::int64_t per_unit) {
  const double k = static_cast<double>(per_unit);
  return {static_cast<std::int64_t>(x * k + (x >= 0 ? 0.5 : -0.5)),
          static_cast<std::int64_t>(y * k + (y >= 0 ? 0.5 : -0.5))};
}

}  // namespace carroccio::game::testing
