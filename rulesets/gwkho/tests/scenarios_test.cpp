// gwkho: the result on points (ruling G-70) and the built-in battles.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <map>

#include "game/registry.hpp"
#include "rulesets/gwkho/game.hpp"
#include "rulesets/gwkho/ruleset.hpp"
#include "rulesets/gwkho/shooting.hpp"
#include "rulesets/gwkho/state.hpp"
#include "rulesets/gwkho/tests/test_util.hpp"

namespace carroccio::gwkho {
namespace {

using testing::registry;

std::unique_ptr<GwkhoState> start(const std::string& ref, const game::Options& options = {}) {
  return testing::start_ref(ref, options);
}

// The decision that plays on: "end moves" when it is legal, else the first legal decision (an
// order of combats, a target, holding back...).
game::Action play_on(const GwkhoState& st) {
  const std::vector<game::Action> legal = st.legal_actions();
  for (game::Action a : legal)
    if (a == act::kEndMoves) return a;
  return legal.front();
}

// Plays on with no moves and the first outcome of every chance node until the game ends. The
// moving side's impetuous troops are held (debug_hold) so that nothing fights: the armies stay
// where they stand and only the losses a test makes count.
void play_out(GwkhoState& st) {
  int guard = 0;
  while (!st.is_terminal() && guard++ < 100000) {
    if (st.is_chance_node()) {
      ASSERT_TRUE(st.apply(st.chance_outcomes().front().action).ok());
      continue;
    }
    if (st.phase() == Phase::kMove)
      for (int e = 0; e < st.num_elements(); ++e)
        if (st.side_of(e) == st.active()) st.debug_hold(e);
    ASSERT_TRUE(st.apply(play_on(st)).ok());
  }
  ASSERT_TRUE(st.is_terminal());
}

// The first `n` elements of side `side`, in element order.
std::vector<int> first_of(const GwkhoState& st, int side, int n) {
  std::vector<int> out;
  for (int e = 0; e < st.num_elements() && static_cast<int>(out.size()) < n; ++e)
    if (st.side_of(e) == side) out.push_back(e);
  return out;
}

TEST(Gwkho_Points, G70_InADrawTheSmallerShareOfTheBreakPointIsAhead) {
  auto st = start("gwkho/legnano");
  // The Imperial army (side 0) loses two elements, the Lombards one: both far from breaking.
  for (int e : first_of(*st, 0, 2)) st->debug_kill(e);
  for (int e : first_of(*st, 1, 1)) st->debug_kill(e);
  play_out(*st);
  ASSERT_EQ(st->winner(), 2);
  const game::PointsStanding p = st->points_standing();
  ASSERT_TRUE(p.reported);
  EXPECT_EQ(p.ahead, 1);
  ASSERT_EQ(p.shown.size(), 2u);
  EXPECT_EQ(p.shown[0].rfind("2 of ", 0), 0u) << p.shown[0];
  EXPECT_EQ(p.shown[1].rfind("1 of ", 0), 0u) << p.shown[1];
  EXPECT_EQ(p.label, "e/e lost");
  const auto summary = st->result_summary();
  ASSERT_TRUE(summary["points"].is_object());
  EXPECT_EQ(summary["points"]["ahead"], "lombard");
  game::ResultFacts facts;
  st->result_facts(facts);
  EXPECT_TRUE(facts.has_points);
  EXPECT_EQ(facts.points_ahead, "lombard");
}

TEST(Gwkho_Points, G70_SharesNotCountsDecideAndEqualSharesAreLevel) {
  // Negative of the above: the same count of e/e lost is not the same share. The Imperial
  // break point is lower, so two e/e each leaves the Lombards ahead; nothing lost is level.
  auto st = start("gwkho/legnano");
  const int at0 = st->army_morale_of(0).find("army")->broken_at_quarters;
  const int at1 = st->army_morale_of(1).find("army")->broken_at_quarters;
  ASSERT_LT(at0, at1);
  for (int e : first_of(*st, 0, 2)) st->debug_kill(e);
  std::vector<int> lombard_ones;
  for (int e = 0; e < st->num_elements() && lombard_ones.size() < 2; ++e)
    if (st->side_of(e) == 1 && element_equivalents(st->gw().element(e).list_troop).halves == 2)
      lombard_ones.push_back(e);
  for (int e : lombard_ones) st->debug_kill(e);
  play_out(*st);
  EXPECT_EQ(st->points_standing().ahead, 1);
  auto level = start("gwkho/legnano");
  play_out(*level);
  EXPECT_EQ(level->points_standing().ahead, -1);
  EXPECT_NE(level->result_summary()["points"]["text"].get<std::string>().find("level on points"),
            std::string::npos);
}

TEST(Gwkho_Points, G70_TheWinnerIsAheadAndAGameInPlayReportsNone) {
  auto live = start("gwkho/legnano");
  EXPECT_FALSE(live->points_standing().reported);
  EXPECT_TRUE(live->result_summary()["points"].is_null());
  // Break the Lombards: the Imperial army wins and is ahead.
  auto st = start("gwkho/legnano");
  for (int e : first_of(*st, 1, 40)) st->debug_kill(e);
  play_out(*st);
  ASSERT_EQ(st->winner(), 0);
  EXPECT_EQ(st->points_standing().ahead, 0);
}

int find(const GwkhoState& st, std::string_view id) {
  for (int e = 0; e < st.num_elements(); ++e)
    if (st.gw().element(e).id == id) return e;
  ADD_FAILURE() << "no element " << id;
  return 0;
}

TEST(Gwkho_Scenarios, G71_TheLombardArmyBreaksWhenTheCarroccioIsLost) {
  auto st = start("gwkho/legnano");
  const int carroccio = find(*st, "lombard.0.r0.6.0");
  EXPECT_EQ(troop_text(st->gw().element(carroccio).troop), "L.Art(s)");
  EXPECT_FALSE(st->standard_lost(1));
  st->debug_kill(carroccio);
  EXPECT_TRUE(st->standard_lost(1));
  EXPECT_FALSE(st->standard_lost(0));
  play_out(*st);
  EXPECT_EQ(st->winner(), 0);
  EXPECT_EQ(st->end_reason(), EndReason::kArmyBroken);
  EXPECT_EQ(st->bound(), 1);
  // Negative: losing the element beside it (its guard) breaks nothing.
  auto other = start("gwkho/legnano");
  other->debug_kill(find(*other, "lombard.0.1.0"));
  for (int guard = 0; other->bound() == 1 && guard < 10000; ++guard) {
    if (other->is_chance_node())
      ASSERT_TRUE(other->apply(other->chance_outcomes().front().action).ok());
    else
      ASSERT_TRUE(other->apply(play_on(*other)).ok());
  }
  EXPECT_FALSE(other->is_terminal());
}

TEST(Gwkho_Scenarios, G71_TheCarroccioNeverShoots) {
  auto st = start("gwkho/legnano");
  // Play on to the Lombards' own bound (artillery fires only then), in their move step.
  for (int guard = 0; !(st->active() == 1 && st->phase() == Phase::kMove) && guard < 10000;
       ++guard) {
    if (st->is_chance_node())
      ASSERT_TRUE(st->apply(st->chance_outcomes().front().action).ok());
    else
      ASSERT_TRUE(st->apply(play_on(*st)).ok());
  }
  ASSERT_EQ(st->active(), 1);
  const int carroccio = find(*st, "lombard.0.r0.6.0");
  const int knight = find(*st, "imperial.0.0.0");
  EXPECT_TRUE(st->gw().element(carroccio).unarmed);
  // An Imperial knight 2 inches straight ahead of it, facing it, in the middle of the table.
  st->debug_place(carroccio, geo::Point{36 * 1270, 24 * 1270}, 90);
  const geo::Base& cb = st->element(carroccio).base;
  st->debug_place(knight, geo::Point{36 * 1270, 24 * 1270 + cb.depth() / 2 + 2 * 1270 + 1000}, 270);
  EXPECT_TRUE(st->shot_targets(carroccio).empty());
  // Negative: it is only the list's `unarmed` that stops it: as L.Art(s) it has a gun's range
  // that reaches the knight, and an armed gun fires in its own bound (G-19e's test).
  const std::optional<int> range = artillery_range(st->gw().element(carroccio).troop);
  ASSERT_TRUE(range.has_value());
  EXPECT_GT(*range, 3);
}

TEST(Gwkho_Scenarios, G71_FrederickFallingBreaksTheImperialArmy) {
  auto st = start("gwkho/legnano");
  const int frederick = find(*st, "imperial.0.0.0");
  EXPECT_TRUE(st->gw().element(frederick).cinc);
  st->debug_kill(frederick);
  play_out(*st);
  EXPECT_EQ(st->winner(), 1);
  EXPECT_EQ(st->points_standing().ahead, 1);
  // Negative: the other element of his group may fall.
  auto other = start("gwkho/legnano");
  other->debug_kill(find(*other, "imperial.0.0.1"));
  EXPECT_FALSE(other->standard_lost(0));
}

TEST(Gwkho_Scenarios, G71_BreaksIfLostMustNameAnElementOfTheSide) {
  auto text = registry().find("gwkho")->builtin_scenario("legnano");
  ASSERT_TRUE(text.ok()) << text.message();
  nlohmann::json bad = nlohmann::json::parse(*text);
  bad["sides"][1]["breaks_if_lost"] = {"imperial.0.0.0"};
  auto s = load_scenario(bad, "my.json");
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.message(),
            "my.json: field 'sides[1].breaks_if_lost[0]' is 'imperial.0.0.0', which is no element "
            "of side 'lombard'.");
  bad["sides"][1]["breaks_if_lost"] = {7};
  EXPECT_FALSE(load_scenario(bad, "my.json").ok());
}

// [G-72] Legnano's order of battle is bma/legnano's: every bma unit is two elements of the same
// command, and the Carroccio one element.
TEST(Gwkho_Scenarios, G72_LegnanoHasTwoElementsForEveryUnitOfBmaLegnano) {
  std::ifstream in(std::string(CARROCCIO_SOURCE_DIR) + "/scenarios/bma/legnano.json");
  const auto bma = nlohmann::json::parse(in);
  std::map<std::string, int> units;
  for (const auto& u : bma["units"])
    units[u["side"].get<std::string>()] += u["id"] == "carroccio" ? 1 : 2;
  auto st = start("gwkho/legnano");
  std::map<std::string, int> elements;
  for (int e = 0; e < st->num_elements(); ++e) ++elements[st->gw().side(st->side_of(e)).id];
  EXPECT_EQ(elements, units);
  EXPECT_EQ(elements["imperial"], 56);
  // Negative: the first cut's lists (legnano-imperial) were not.
  auto first_cut = builtin_army_list("legnano-imperial");
  ASSERT_TRUE(first_cut.ok());
  EXPECT_NE(assess(*first_cut).elements, 56);
}

TEST(Gwkho_Scenarios, G43_EveryBuiltInBattleLoadsOnTheTableWithoutOverlaps) {
  for (const char* id : {"legnano", "poitiers", "courtrai", "cerignola"}) {
    auto st = start(std::string("gwkho/") + id);
    ASSERT_TRUE(st);
    EXPECT_EQ(st->check_invariants(), "") << id;
    EXPECT_GE(st->gw().scenario_data().year, 1096) << id;
    EXPECT_LE(st->gw().scenario_data().year, 1590) << id;
    EXPECT_EQ(st->gw().report(0).ee.text(), st->gw().side(0).id == "imperial" ? "56" : "60") << id;
  }
}

// [G-12a, G-12c] Courtrai's brook is a stream the Flemish fight behind; Cerignola's slope a hill
// the Spanish stand on. Both battles still play to a result with any legal choices and dice (the
// choice and the die at a fixed place in each list, as the symmetry tests pick them).
TEST(Gwkho_Scenarios, G12_CourtraiAndCerignolaHaveTheirWaterAndSlopeAndPlayToAResult) {
  for (const char* id : {"courtrai", "cerignola"}) {
    auto st = start(std::string("gwkho/") + id);
    ASSERT_TRUE(st);
    const auto& terrain = st->gw().scenario_data().terrain;
    const TerrainKind kind =
        std::string(id) == "courtrai" ? TerrainKind::kRiver : TerrainKind::kHill;
    EXPECT_TRUE(std::any_of(terrain.begin(), terrain.end(), [&](const TerrainPiece& t) {
      return t.kind == kind;
    })) << id;
    int k = 0;
    while (!st->is_terminal() && k < 20000) {
      if (st->is_chance_node()) {
        const auto o = st->chance_outcomes();
        ASSERT_TRUE(st->apply(o[(static_cast<std::size_t>(k) * 5 + 3) % o.size()].action).ok());
      } else {
        const auto legal = st->legal_actions();
        ASSERT_FALSE(legal.empty());
        ASSERT_TRUE(st->apply(legal[(static_cast<std::size_t>(k) * 7 + 1) % legal.size()]).ok());
      }
      ++k;
    }
    EXPECT_TRUE(st->is_terminal()) << id;
    EXPECT_NE(st->winner(), -1) << id;
    EXPECT_EQ(st->check_invariants(), "") << id;
  }
  // Negative: the Flemish on the bank fight behind the brook only against an enemy in it or
  // across it. A Flemish element of the front line and a French knight put in the brook before it.
  auto st = start("gwkho/courtrai");
  int flem = -1, knight = -1;
  for (int e = 0; e < st->num_elements(); ++e) {
    if (flem < 0 && st->gw().side(st->side_of(e)).id == "flemish") flem = e;
    if (knight < 0 && st->gw().element(e).troop.type == TroopType::kHc) knight = e;
  }
  const geo::Base& fb = st->element(flem).base;
  st->debug_place(knight, fb.centre() + geo::polar(fb.heading(), fb.depth() / 2 + 750), 90);
  EXPECT_TRUE(st->combat_situation(knight, flem).b.behind_linear);
  // Beside it and behind the line: no water between them.
  st->debug_place(knight,
                  fb.centre() +
                      geo::polar(fb.heading() + geo::Angle::degrees(90), 3 * kUnitsPerInch) +
                      geo::polar(fb.heading() + geo::Angle::degrees(180), 2 * kUnitsPerInch),
                  90);
  EXPECT_FALSE(st->behind_river(fb, st->element(knight).base));
}

using testing::kIn;

// The browser's decision buttons read every action's "id" and "name" (State::action_to_json).
TEST(Gwkho_View, EveryDecisionCarriesTheIdAndNameTheBoardReads) {
  auto st = start("gwkho/legnano");
  while (st->is_chance_node()) ASSERT_TRUE(st->apply(st->chance_outcomes().front().action).ok());
  const auto legal = st->person_actions();
  ASSERT_FALSE(legal.empty());
  for (game::Action a : legal) {
    const auto j = st->action_to_json(a);
    EXPECT_EQ(j["id"], a);
    EXPECT_EQ(j["name"], st->action_to_string(a));
  }
  // Negative: a chance outcome names its dice the same way, with no base to draw.
  auto fresh = start("gwkho/legnano");
  ASSERT_TRUE(fresh->is_chance_node());
  const auto dice = fresh->action_to_json(fresh->chance_outcomes().front().action);
  EXPECT_EQ(dice["kind"], "chance");
  EXPECT_FALSE(dice.contains("corners"));
  EXPECT_TRUE(dice["name"].is_string());
}

// A decision that names the element it moves says the move without it (`what`) and names the
// element (`mover_name`): the browser writes each element once above its decisions.
TEST(Gwkho_View, AMoveSaysWhatItDoesApartFromTheElementItMoves) {
  auto st = start("gwkho/legnano");
  while (st->is_chance_node()) ASSERT_TRUE(st->apply(st->chance_outcomes().front().action).ok());
  int with = 0;
  for (game::Action a : st->person_actions()) {
    const auto j = st->action_to_json(a);
    if (!j.contains("what")) {
      // A decision about an element that moves it not (breaking it, G-36e) names it, no move.
      if (j.contains("mover_name")) {
        EXPECT_EQ(j["kind"], "break-own") << j.dump();
      }
      continue;
    }
    ++with;
    EXPECT_TRUE(j.contains("mover")) << j.dump();
    EXPECT_EQ(j["name"], j["what"].get<std::string>() + ": " + j["mover_name"].get<std::string>());
  }
  EXPECT_GT(with, 0);
  // Negative: ending the moves names no element.
  EXPECT_FALSE(st->action_to_json(act::kEndMoves).contains("what"));
}

// [G-73] Every element of `side` lies within y in [lo, hi] inches.
void expect_within(const GwkhoState& st, int side, std::int64_t lo, std::int64_t hi) {
  for (int e = 0; e < st.num_elements(); ++e) {
    if (st.side_of(e) != side) continue;
    for (const auto& c : st.element(e).base.corners()) {
      EXPECT_GE(c.y, lo * kIn) << st.gw().element(e).id;
      EXPECT_LE(c.y, hi * kIn) << st.gw().element(e).id;
    }
  }
}

TEST(Gwkho_Pitched, G73_BothArmiesDeployInTheirZonesAndTheTerrainFollowsTheSeed) {
  auto st = start("gwkho/pitched");
  EXPECT_EQ(st->check_invariants(), "");
  EXPECT_EQ(st->gw().side(0).army.id, "cerignola-spanish");
  EXPECT_EQ(st->gw().side(1).army.id, "cerignola-french");
  expect_within(*st, 0, 0, 12);
  expect_within(*st, 1, 36, 48);
  const auto& terrain = st->gw().scenario_data().terrain;
  ASSERT_GE(terrain.size(), 2u);
  ASSERT_LE(terrain.size(), 4u);
  for (const auto& t : terrain)
    for (const auto& p : t.outline) {
      EXPECT_GT(p.y, 13 * kIn - 1) << t.id;
      EXPECT_LT(p.y, 35 * kIn + 1) << t.id;
    }
  // The same seed gives the same table; another seed another.
  auto again = start("gwkho/pitched");
  EXPECT_EQ(again->to_json(game::kSpectator), st->to_json(game::kSpectator));
  auto other = start("gwkho/pitched", {{"seed", "2"}});
  EXPECT_NE(other->to_json(game::kSpectator)["terrain"], st->to_json(game::kSpectator)["terrain"]);
}

TEST(Gwkho_Pitched, G73_TheOptionsChooseTheArmiesAndThePointsTotal) {
  auto st = start("gwkho/pitched", {{"blue", "legnano-bma-imperial"},
                                    {"red", "legnano-bma-lombard"},
                                    {"points", "500"},
                                    {"seed", "4"}});
  EXPECT_EQ(st->gw().side(0).army.id, "legnano-bma-imperial");
  EXPECT_EQ(st->gw().side(1).army.id, "legnano-bma-lombard");
  EXPECT_EQ(st->check_invariants(), "");
  expect_within(*st, 0, 0, 12);
  expect_within(*st, 1, 36, 48);
  play_out(*st);
  // Negative: an army costing more than the total is refused, naming the rule.
  auto low = registry().load("gwkho/pitched", {{"points", "400"}});
  ASSERT_FALSE(low.ok());
  EXPECT_EQ(low.message(),
            "gwkho/pitched:11: field 'sides[0].army' is 'cerignola-spanish', which costs 436 "
            "points, more than the battle's 400 (rule Pts-7, ruling G-73).");
}

TEST(Gwkho_Pitched, G73_PitchedOptionsAreRefusedForAHistoricalBattle) {
  auto g = registry().load("gwkho/legnano", {{"seed", "2"}});
  ASSERT_FALSE(g.ok());
  EXPECT_EQ(g.message(),
            "gwkho/legnano: the options blue, red, points and seed are for a pitched battle (a "
            "scenario with a 'pitched' section, like gwkho/pitched), and this scenario has none.");
  EXPECT_FALSE(registry().load("gwkho/pitched", {{"colour", "1"}}).ok());
  EXPECT_FALSE(parse_rule_options({{"points", "450"}}).ok());
  // A pitched file may not also give terrain, linear features (ruling G-73a) or a deployment.
  auto text = registry().find("gwkho")->builtin_scenario("pitched");
  ASSERT_TRUE(text.ok());
  for (const std::string field : {"terrain", "linear"}) {
    auto j = nlohmann::json::parse(*text);
    j[field] = nlohmann::json::array();
    auto bad = expand_pitched(j, "my.json", RuleOptions{});
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(bad.message(), "my.json: field '" + field +
                                 "' is drawn from the seed in a pitched battle: leave it out.");
  }
}

}  // namespace
}  // namespace carroccio::gwkho
