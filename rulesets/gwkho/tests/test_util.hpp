// Helpers of the gwkho tests.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <initializer_list>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "game/registry.hpp"
#include "nlohmann/json.hpp"
#include "rulesets/gwkho/army.hpp"
#include "rulesets/gwkho/game.hpp"
#include "rulesets/gwkho/pips.hpp"
#include "rulesets/gwkho/resolve_combat.hpp"
#include "rulesets/gwkho/ruleset.hpp"
#include "rulesets/gwkho/state.hpp"
#include "rulesets/gwkho/troops.hpp"

namespace carroccio::gwkho::testing {

// One inch (and as an int) in table units.
inline constexpr std::int64_t kIn = kUnitsPerInch;
inline constexpr int kInch = kUnitsPerInch;

// Whether `a` is among the state's legal actions.
inline bool listed(const GwkhoState& st, game::Action a) {
  const auto legal = st.legal_actions();
  return std::find(legal.begin(), legal.end(), a) != legal.end();
}

// Whether a move's cost lists an item under `clause`.
inline bool has_item(const PipCost& c, std::string_view clause) {
  return std::any_of(c.items.begin(), c.items.end(),
                     [&](const Factor& f) { return f.clause == clause; });
}

// A command's exit code and what it wrote.
struct CliRun {
  int code;
  std::string out, err;
};

template <class Command>
CliRun run_cli(Command command, std::vector<std::string> args) {
  std::ostringstream out, err;
  const int code = command(args, out, err);
  return {code, out.str(), err.str()};
}

// "Hc(s)" -> the troop (the test's own literal; a typo fails the test).
inline Troop T(const char* text) { return *parse_troop(text); }

// Every troop type and grade the points table prices.
inline std::vector<Troop> every_troop() {
  std::vector<Troop> out;
  for (TroopType t : kAllTypes)
    for (Grade g : kAllGrades)
      if (points_cell({t, g}).exists) out.push_back({t, g});
  return out;
}

// A group of `count` elements of one troop type (morale and army tests).
inline ElementGroup group(const char* troop, int count, Status s = Status::kNone) {
  ElementGroup g;
  g.troop = T(troop);
  g.count = count;
  g.status = s;
  return g;
}

inline std::string read_file(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// A small battle on an open table: red (Legnano's imperial army) in two commands at the north
// edge facing south, blue (Poitiers' English) in three at the south edge facing north, the
// middle of the table empty for a test to place elements. `wood` adds one wood (bad going)
// east of the middle, at (60..70, 20..30) inches.
inline nlohmann::json small_scenario(const char* first = "red", bool wood = true) {
  nlohmann::json j = nlohmann::json::parse(R"({
    "ruleset": "gwkho", "id": "test", "title": "Test", "bounds": 6, "first": "red",
    "sides": [
      {"id": "red", "name": "Red", "army": "legnano-imperial", "edge": "north",
       "deploy": [
         {"command": 0, "group": 0, "frontage": 4, "at": [20, 40], "heading": 270},
         {"command": 0, "group": 1, "frontage": 6, "at": [32, 40], "heading": 270},
         {"command": 0, "group": 2, "frontage": 4, "at": [40, 40], "heading": 270},
         {"command": 0, "group": 3, "frontage": 4, "at": [48, 40], "heading": 270},
         {"command": 0, "group": 4, "frontage": 4, "at": [56, 40], "heading": 270},
         {"command": 1, "group": 0, "frontage": 5, "at": [20, 46], "heading": 270},
         {"command": 1, "group": 1, "frontage": 6, "at": [32, 46], "heading": 270},
         {"command": 1, "group": 2, "frontage": 6, "at": [45, 46], "heading": 270},
         {"command": 1, "group": 3, "frontage": 3, "at": [55, 46], "heading": 270}]},
      {"id": "blue", "name": "Blue", "army": "poitiers-english", "edge": "south",
       "deploy": [
         {"command": 0, "group": 0, "frontage": 10, "at": [2, 2], "heading": 90},
         {"command": 0, "group": 1, "frontage": 11, "at": [20, 2], "heading": 90},
         {"command": 1, "group": 0, "frontage": 9, "at": [40, 2], "heading": 90},
         {"command": 1, "group": 1, "frontage": 5, "at": [2, 6], "heading": 90},
         {"command": 1, "group": 2, "frontage": 5, "at": [12, 6], "heading": 90},
         {"command": 2, "group": 0, "frontage": 9, "at": [22, 6], "heading": 90},
         {"command": 2, "group": 1, "frontage": 4, "at": [38, 6], "heading": 90},
         {"command": 2, "group": 2, "frontage": 2, "at": [46, 6], "heading": 90},
         {"command": 2, "group": 3, "frontage": 5, "at": [52, 6], "heading": 90}]}
    ]})");
  j["first"] = first;
  if (wood)
    j["terrain"] = nlohmann::json::parse(
        R"([{"id": "wood", "going": "bad", "polygon": [[60, 20], [70, 20], [70, 30], [60, 30]]}])");
  return j;
}

// The game of a scenario (a failed load fails the test), with the game's options (sequence,
// surrender) when given.
inline std::shared_ptr<const GwkhoGame> make_game(const nlohmann::json& j,
                                                  const RuleOptions& rules = RuleOptions{}) {
  auto s = load_scenario(j, "test.json");
  EXPECT_TRUE(s.ok()) << (s.ok() ? "" : s.message());
  return std::make_shared<GwkhoGame>(std::move(*s), rules, game::Options{});
}

inline std::unique_ptr<GwkhoState> start(const std::shared_ptr<const GwkhoGame>& g) {
  auto st = g->new_initial_state();
  return std::unique_ptr<GwkhoState>(static_cast<GwkhoState*>(st.release()));
}

// The first State of `g` skipped to its move step with commands 0 and 1 of the side to move
// holding no PIPs: the start of a test that places the elements it needs.
inline std::unique_ptr<GwkhoState> start_moves(const std::shared_ptr<const GwkhoGame>& g) {
  auto st = start(g);
  st->debug_set_pips(0, 0);
  st->debug_set_pips(1, 0);
  return st;
}

// The index of the element with this id (a missing id fails the test).
inline int find(const GwkhoGame& g, std::string_view id) {
  for (int e = 0; e < g.num_elements(); ++e)
    if (g.element(e).id == id) return e;
  ADD_FAILURE() << "no element " << id;
  return 0;
}

// A refusal as the game writes it: each element id in `text` ("red.0.3.0 would leave the
// table.") replaced by the element's label as the board and the log write it, so a test reads
// which element it means and still checks the exact sentence.
inline std::string labelled(const GwkhoGame& g, std::string text) {
  std::vector<int> order(static_cast<std::size_t>(g.num_elements()));
  for (int e = 0; e < g.num_elements(); ++e) order[static_cast<std::size_t>(e)] = e;
  // Longest ids first, so "red.0.0.1" never matches inside "red.0.0.10".
  std::sort(order.begin(), order.end(),
            [&](int a, int b) { return g.element(a).id.size() > g.element(b).id.size(); });
  for (int e : order) {
    const std::string& id = g.element(e).id;
    for (std::size_t at = text.find(id); at != std::string::npos; at = text.find(id, at))
      text.replace(at, id.size(), g.troop_label(e)), at += g.troop_label(e).size();
  }
  return text;
}

// A built-in battle as its file gives it (scenarios/gwkho/<id>.json).
inline std::shared_ptr<const GwkhoGame> battle(const char* id) {
  return make_game(nlohmann::json::parse(
      read_file(std::string(CARROCCIO_SOURCE_DIR) + "/scenarios/gwkho/" + id + ".json")));
}

// A registry with gwkho alone, to load the built-in battles by reference ("gwkho/pitched").
inline const game::Registry& registry() {
  static const game::Registry r = [] {
    game::Registry reg;
    reg.add(make_ruleset());
    return reg;
  }();
  return r;
}

// The first State of a built-in battle with these options (a failed load fails the test).
inline std::unique_ptr<GwkhoState> start_ref(const std::string& ref,
                                             const game::Options& options = {}) {
  auto g = registry().load(ref, options);
  EXPECT_TRUE(g.ok()) << (g.ok() ? "" : g.message());
  if (!g.ok()) return nullptr;
  auto st = (*g)->new_initial_state();
  return std::unique_ptr<GwkhoState>(static_cast<GwkhoState*>(st.release()));
}

// A point given in inches.
inline geo::Point at(double x, double y) {
  return {static_cast<std::int64_t>(x * kUnitsPerInch),
          static_cast<std::int64_t>(y * kUnitsPerInch)};
}

// Whether the factors list one of this clause with this text.
inline bool has_factor(const std::vector<Factor>& fs, std::string_view clause,
                       std::string_view text) {
  return std::any_of(fs.begin(), fs.end(),
                     [&](const Factor& f) { return f.clause == clause && f.text == text; });
}

// A face-off of the test battle (small_scenario): Gascon sergeants (HI(o), blue.1.2.0) facing
// south, their front edge at y = `front` sub-units, their centre at x = `x`; a knight (red.0.0.0,
// Hc) facing north below them, front to front.
inline void face_off(GwkhoState& st, const GwkhoGame& g, std::int64_t front,
                     std::int64_t x = 10 * kUnitsPerInch) {
  st.debug_place(find(g, "blue.1.2.0"), geo::Point{x, front + 500}, 270);
  st.debug_place(find(g, "red.0.0.0"), geo::Point{x, front - 750}, 90);
}

// The terminal's text of a table with none of what a test draws shows no line with `marker`
// (a view test's negative case).
inline void expect_not_drawn(const std::shared_ptr<const GwkhoGame>& bare,
                             std::string_view marker) {
  EXPECT_EQ(start(bare)->render_text(game::kSpectator).find(marker), std::string::npos);
}

// A built-in army list as JSON, for a test to change before a scenario uses it (a missing id
// fails the test).
inline nlohmann::json builtin_list(std::string_view list_id) {
  for (const auto& [id, text] : builtin_army_lists())
    if (id == list_id) return nlohmann::json::parse(text);
  ADD_FAILURE() << "no built-in army list " << list_id;
  return {};
}

// The PIPs of the active side's commands 0, 1, ... in order.
inline void set_pips(GwkhoState& st, std::initializer_list<int> pips) {
  int c = 0;
  for (int p : pips) st.debug_set_pips(c++, p);
}

// Every element of `side` is held this bound (none makes an impetuous move).
inline void hold_side(GwkhoState& st, int side) {
  for (int e = 0; e < st.gw().num_elements(); ++e)
    if (st.gw().element(e).side == side) st.debug_hold(e);
}

// Plays the first chance outcome or the first legal action while `side` is the active side (at
// most `guard` steps), e.g. the rest of a bound with nothing chosen.
inline void play_while_active(GwkhoState& st, int side, int guard = 200) {
  for (int i = 0; i < guard && st.active() == side && !st.is_terminal(); ++i) {
    if (st.is_chance_node())
      ASSERT_TRUE(st.apply(st.chance_outcomes().front().action).ok());
    else
      ASSERT_TRUE(st.apply(st.legal_actions().front()).ok());
  }
}

// [CC-13, CC-14] The first dice by which element A beats B by exactly one point in `open`,
// where B must be destroyed; returns the outcome of the same dice in `behind` (B behind a stream,
// a hedge or a ditch), or nothing when no dice win by one point.
inline std::optional<CombatOutcome> one_point_win_then_behind(const CombatSituation& open,
                                                              const CombatSituation& behind) {
  for (int da = 1; da <= 6; ++da)
    for (int db = 1; db <= 6; ++db) {
      const CombatOutcome o = resolve_combat(open, da, db);
      if (o.winner != Winner::kA || o.margin != 1) continue;
      EXPECT_EQ(o.b, Result::kDestroyed) << "dice " << da << " and " << db << " in the open";
      return resolve_combat(behind, da, db);
    }
  return std::nullopt;
}

}  // namespace carroccio::gwkho::testing
