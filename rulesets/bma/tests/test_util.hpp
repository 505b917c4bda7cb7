// Helpers for bma rule tests: small scenarios written inline, and forced chance outcomes.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "core/event.hpp"
#include "game/registry.hpp"
#include "rulesets/bma/game.hpp"
#include "rulesets/bma/ruleset.hpp"
#include "rulesets/bma/state.hpp"

namespace carroccio::bma::testing {

// A piece for a test scenario: "side type rating hex [facing]" e.g. {"imperial", "cavalry",
// "A", "0404"}. Units get ids u0, u1, ... in order; all belong to leader "L0" (imperial) or
// "L1" (lombard) unless `leader` is set.
struct P {
  std::string side, type, rating, hex, facing = "", leader = "";
};
struct LeaderP {
  std::string id, side, hex;
  int command = 1;
  bool supreme = false;
};

// A scenario on a `cols` x `rows` flat-topped, even-shifted map (like Legnano): imperial home
// edge north, lombard south; `forest` lists forest hexes.
inline nlohmann::json scenario_json(const std::vector<P>& units, std::vector<LeaderP> leaders = {},
                                    std::vector<std::string> forest = {}, int cols = 10,
                                    int rows = 10, int turns = 8, int rout_imperial = 52,
                                    int rout_lombard = 58) {
  if (leaders.empty())
    leaders = {{"L0", "imperial", "0101"},
               {"L1", "lombard",
                std::to_string(cols).size() == 1 ? "0" + std::to_string(cols) + std::to_string(rows)
                                                 : std::to_string(cols) + std::to_string(rows)}};
  nlohmann::json j = {{"ruleset", "bma"}, {"id", "test"}, {"title", "test"}, {"turns", turns}};
  j["map"] = {{"columns", cols},
              {"rows", rows},
              {"orientation", "flat"},
              {"shifted", "even"},
              {"terrain", {{"forest", forest}}}};
  j["sides"] = {{{"id", "imperial"},
                 {"name", "Imperial"},
                 {"home_edge", "north"},
                 {"rout_level", rout_imperial}},
                {{"id", "lombard"},
                 {"name", "Lombard"},
                 {"home_edge", "south"},
                 {"rout_level", rout_lombard}}};
  j["leaders"] = nlohmann::json::array();
  for (const auto& l : leaders)
    j["leaders"].push_back({{"id", l.id},
                            {"name", l.id},
                            {"side", l.side},
                            {"command", l.command},
                            {"hex", l.hex},
                            {"supreme", l.supreme}});
  j["units"] = nlohmann::json::array();
  for (std::size_t i = 0; i < units.size(); ++i) {
    const P& p = units[i];
    nlohmann::json u = {
        {"id", "u" + std::to_string(i)},
        {"side", p.side},
        {"type", p.type},
        {"rating", p.rating},
        {"hex", p.hex},
        {"leader", p.leader.empty() ? (p.side == "imperial" ? "L0" : "L1") : p.leader}};
    if (!p.facing.empty()) u["facing"] = p.facing;
    j["units"].push_back(u);
  }
  return j;
}

inline std::shared_ptr<const BmaGame> make_game(const nlohmann::json& j,
                                                const std::string& options = "") {
  auto ruleset = make_ruleset();
  auto opts = game::parse_options(options);
  EXPECT_TRUE(opts.ok());
  auto g = ruleset->new_game(j, "test", *opts);
  EXPECT_TRUE(g.ok()) << (g.ok() ? "" : g.message());
  return std::static_pointer_cast<const BmaGame>(*g);
}

inline std::unique_ptr<BmaState> new_state(const std::shared_ptr<const BmaGame>& g) {
  auto s = g->new_initial_state();
  return std::unique_ptr<BmaState>(static_cast<BmaState*>(s.release()));
}

inline int hex(const BmaGame& g, const std::string& label) { return *g.board().parse_label(label); }

// Applies an action and fails the test if it is illegal.
inline void play(BmaState& s, game::Action a) {
  auto st = s.apply(a);
  ASSERT_TRUE(st.ok()) << st.message() << "\n" << s.to_string();
}

// Forces the value of the chance node now pending (a die or chit value).
inline void roll(BmaState& s, int value) {
  ASSERT_TRUE(s.is_chance_node()) << s.to_string();
  play(s, act::kValueBase + value);
}

// Draws the chit of leader `l` and activates him.
inline void activate(BmaState& s, int l) {
  ASSERT_EQ(s.phase(), Phase::kDraw) << s.to_string();
  play(s, act::kDrawBase + l);
  play(s, act::kActivate);
}

inline game::Action destination(const BmaGame& g, const std::string& label, int facing) {
  return act::kDestinationBase + hex(g, label) * 12 + facing;
}

// Legal here: listed by legal_actions() (a move's steps) or offered as a whole move (a
// destination, person_actions(), accepted by check_unlisted()).
inline bool is_legal(const BmaState& s, game::Action a) {
  const auto legal = s.legal_actions();
  const auto whole = s.person_actions();
  return std::find(legal.begin(), legal.end(), a) != legal.end() ||
         std::find(whole.begin(), whole.end(), a) != whole.end();
}

// ---- More helpers (sequence, movement, morale, victory and scenario tests) ----

// Index of the unit or leader with this id (-1 if none).
inline int unit_id(const BmaGame& g, const std::string& id) {
  for (int u = 0; u < g.num_units(); ++u)
    if (g.unit(u).id == id) return u;
  return -1;
}
inline int leader_id(const BmaGame& g, const std::string& id) {
  for (int l = 0; l < g.num_leaders(); ++l)
    if (g.leader(l).id == id) return l;
  return -1;
}

// The printed label of a unit's hex ("-" when off the map).
inline std::string where(const BmaState& s, int u) {
  const int h = s.unit(u).hex;
  return h == kNoHex ? "-" : s.bma().board().label(h);
}

// Selects unit `u` to move (in the move-select phase).
inline void select_unit(BmaState& s, int u) { play(s, act::kSelectUnitBase + u); }

// Moves the selected piece to `label`, keeping the unit's facing.
inline void move_selected_to(BmaState& s, int u, const std::string& label) {
  play(s, destination(s.bma(), label, s.unit(u).facing));
}

// Selects unit `u` (not in an enemy zone) and moves it to `label`, keeping its facing.
inline void move_unit(BmaState& s, int u, const std::string& label) {
  select_unit(s, u);
  ASSERT_EQ(s.phase(), Phase::kMoveDestination) << s.to_string();
  move_selected_to(s, u, label);
}

// The hexes the selected piece may end its move in (labels, sorted).
inline std::vector<std::string> destinations_now(const BmaState& s) {
  std::vector<std::string> out;
  for (game::Action a : s.person_actions()) {
    if (a < act::kDestinationBase) continue;
    const std::string label = s.bma().board().label((a - act::kDestinationBase) / 12);
    if (out.empty() || out.back() != label) out.push_back(label);
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

// The hexes unit `u` could end its move in if selected now (on a copy of the state; the unit
// must not stand in an enemy zone, which would ask for a morale check first).
inline std::vector<std::string> reach_of(const BmaState& s, int u) {
  auto copy = s.clone();
  auto& c = static_cast<BmaState&>(*copy);
  if (c.apply(act::kSelectUnitBase + u).ok() && c.phase() == Phase::kMoveDestination)
    return destinations_now(c);
  return {};
}

inline bool contains_hex(const std::vector<std::string>& hexes, const std::string& label) {
  return std::find(hexes.begin(), hexes.end(), label) != hexes.end();
}

// Events of one kind (all kinds if empty) with the given rule text in their clause.
inline std::vector<core::Event> events_of(const core::EventLog& log, const std::string& kind,
                                          const std::string& rule = "") {
  std::vector<core::Event> out;
  for (const auto& e : log.events())
    if ((kind.empty() || e.kind == kind) && e.rule.find(rule) != std::string::npos)
      out.push_back(e);
  return out;
}

// Ends the current activation: no more moves, no combat.
inline void end_activation_now(BmaState& s) {
  if (s.phase() == Phase::kMoveSelect) play(s, act::kEndMovement);
  if (s.phase() == Phase::kCombatTarget) play(s, act::kEndCombat);
}

// Declines every chit drawn (lowest leader first) until the activation phase ends; returns with
// the rally phase's first roll pending, or at the next turn's first draw if nothing was rolled.
inline void decline_rest_of_turn(BmaState& s) {
  const int turn = s.turn();
  while (s.turn() == turn && !s.is_terminal() &&
         (s.phase() == Phase::kDraw || s.phase() == Phase::kActivateChoice)) {
    if (s.phase() == Phase::kActivateChoice) {
      play(s, act::kDecline);
    } else {
      const auto outcomes = s.chance_outcomes();
      ASSERT_FALSE(outcomes.empty()) << s.to_string();
      play(s, outcomes.front().action);
    }
    if (::testing::Test::HasFatalFailure()) return;
  }
}

// A game with an event log attached, and short ways to set pieces up.
struct Bench {
  std::shared_ptr<const BmaGame> g;
  std::unique_ptr<BmaState> s;
  core::EventLog log;

  explicit Bench(const nlohmann::json& j, const std::string& options = "")
      : g(make_game(j, options)), s(new_state(g)) {
    s->set_event_sink(&log);
  }
  Bench(const Bench&) = delete;
  Bench& operator=(const Bench&) = delete;

  int h(const std::string& label) const { return hex(*g, label); }
  // Status, chit value and (optionally) facing of unit u, which stays where it is.
  void set(int u, Status st, int value, int facing = -1) {
    s->debug_set_unit(u, s->unit(u).hex, st, value, facing);
  }
  void move(int u, const std::string& label) {
    s->debug_set_unit(u, h(label), s->unit(u).status, s->unit(u).value);
  }
  // Turns unit u to face the adjacent hex `label` (a hexside for cavalry, a corner otherwise).
  void face(int u, const std::string& label) {
    const int dir = g->board().direction(s->unit(u).hex, h(label));
    ASSERT_GE(dir, 0) << "not adjacent";
    const bool vertex = g->unit(u).type == UnitType::kInfantry;
    set(u, s->unit(u).status, s->unit(u).value, vertex ? 2 * dir + 1 : 2 * dir);
  }
  std::string at(int u) const { return where(*s, u); }
  int row(int u) const { return g->board().row(s->unit(u).hex); }
};

// Activates leader l and ends movement at once, leaving the side to declare combats.
inline void open_combat(BmaState& s, int l) {
  activate(s, l);
  if (s.phase() == Phase::kMoveSelect) play(s, act::kEndMovement);
  ASSERT_EQ(s.phase(), Phase::kCombatTarget) << s.to_string();
}

// Declares a combat: the first defender, the attackers (each pulls in the enemies it must
// fight), then any optional defenders.
inline void declare(BmaState& s, int target, std::initializer_list<int> attackers,
                    std::initializer_list<int> optional = {}) {
  play(s, act::kTargetBase + target);
  for (int a : attackers) play(s, act::kAddAttackerBase + a);
  for (int d : optional) play(s, act::kAddDefenderBase + d);
}

inline void resolve(BmaState& s) { play(s, act::kResolveCombat); }

inline std::vector<int> defenders(const BmaState& s) {
  const Combat& c = s.combat();
  std::vector<int> out(c.defenders.begin(), c.defenders.begin() + c.num_defenders);
  std::sort(out.begin(), out.end());
  return out;
}

// The chance step now pending (the front of the task queue).
inline TaskKind pending(const BmaState& s) {
  EXPECT_EQ(s.phase(), Phase::kTasks) << s.to_string();
  return s.tasks().empty() ? TaskKind::kVictoryCheck : s.tasks().front().kind;
}

inline bool has_term(const CombatOdds& o, const std::string& text) {
  for (const auto& t : o.terms)
    if (t.what.find(text) != std::string::npos) return true;
  return false;
}

// Adds an Imperial and a Lombard unit facing each other far away (0902, 0903), so that the
// active side always has another attack to declare and the activation (and with it the rally
// phase) does not run on by itself after the combat under test.
inline nlohmann::json spare(nlohmann::json j) {
  const std::size_t n = j["units"].size();
  j["units"].push_back({{"id", "u" + std::to_string(n)},
                        {"side", "imperial"},
                        {"type", "infantry"},
                        {"rating", "C"},
                        {"hex", "0902"},
                        {"leader", "L0"}});
  j["units"].push_back({{"id", "u" + std::to_string(n + 1)},
                        {"side", "lombard"},
                        {"type", "infantry"},
                        {"rating", "C"},
                        {"hex", "0903"},
                        {"leader", "L1"}});
  return j;
}

struct Fixture {
  std::shared_ptr<const BmaGame> g;
  std::unique_ptr<BmaState> s;
  core::EventLog log;
};

// The last morale event: its d10, modifier and whether it passed.
inline core::Event last_morale(const core::EventLog& log) {
  auto ev = events_of(log, "morale");
  EXPECT_FALSE(ev.empty());
  return ev.empty() ? core::Event{} : ev.back();
}

inline void set_status(BmaState& s, int u, Status st) { s.debug_set_unit(u, s.unit(u).hex, st); }

inline std::unique_ptr<Fixture> setup_map(const std::vector<P>& units, std::vector<LeaderP> leaders,
                                          std::vector<std::string> forest, int cols, int rows,
                                          const std::string& options = "") {
  auto f = std::make_unique<Fixture>();
  f->g =
      make_game(scenario_json(units, std::move(leaders), std::move(forest), cols, rows), options);
  f->s = new_state(f->g);
  f->s->set_event_sink(&f->log);
  return f;
}

}  // namespace carroccio::bma::testing
