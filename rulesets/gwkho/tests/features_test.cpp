// gwkho features of deployment and the pitched table: foot that a list prices as mounted infantry
// ride as Cv(i) and dismount as their own troop (ruling G-40b); the pitched generator's hedges and
// ditches (ruling G-73a); and how commands and groups are named (GwkhoGame::command_label, the
// army lists' names). Dice are forced.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>

#include "fmt/format.h"
#include "game/registry.hpp"
#include "rulesets/gwkho/game.hpp"
#include "rulesets/gwkho/ruleset.hpp"
#include "rulesets/gwkho/state.hpp"
#include "rulesets/gwkho/tests/test_util.hpp"

namespace carroccio::gwkho {
namespace {

using testing::kIn;

using testing::builtin_list;
using testing::find;
using testing::make_game;
using testing::set_pips;
using testing::small_scenario;
using testing::start;

using testing::listed;

// Red (legnano-imperial) with one more group in its first command: two Bw(o) priced as mounted
// infantry, their front-left corner at (10, 30) inches facing south; `dismounted` deploys them
// on foot. Returns the scenario and the new group's number.
std::pair<nlohmann::json, int> mounted_infantry_scenario(bool dismounted = false) {
  auto j = small_scenario("red", false);
  nlohmann::json list = builtin_list("legnano-imperial");
  list["commands"][0]["elements"].push_back({{"name", "Mounted archers"},
                                             {"type", "Bw"},
                                             {"grade", "o"},
                                             {"count", 2},
                                             {"mounted_infantry", true}});
  const int group = static_cast<int>(list["commands"][0]["elements"].size()) - 1;
  j["sides"][0]["army"] = list;
  nlohmann::json d = {
      {"command", 0}, {"group", group}, {"frontage", 2}, {"at", {10, 30}}, {"heading", 270}};
  if (dismounted) d["dismounted"] = true;
  j["sides"][0]["deploy"].push_back(d);
  return {j, group};
}

// Plays on to the active side's next move step with nothing done (both sides held).
void next_own_bound(GwkhoState& st, int side) {
  testing::hold_side(st, side);
  ASSERT_TRUE(st.apply(act::kEndMoves).ok());
  testing::play_while_active(st, side);
  testing::play_while_active(st, 1 - side);
  for (int guard = 0; guard < 20 && st.phase() != Phase::kMove; ++guard)
    ASSERT_TRUE(st.apply(st.chance_outcomes().front().action).ok());
  ASSERT_EQ(st.active(), side);
}

TEST(Gwkho_Dismount, Clause_Pts_5_MountedInfantryAreDeployedRidingAsCavalry) {
  const auto [j, group] = mounted_infantry_scenario();
  const auto g = make_game(j);
  auto st = start(g);
  const int e = find(*g, fmt::format("red.0.{}.0", group));
  const ElementDef& d = g->element(e);
  // They ride as Cv(i): a mounted base 30 mm deep, a Cv's move; the list's troop stays Bw(o).
  EXPECT_EQ(troop_text(d.troop), "Cv(i)");
  EXPECT_EQ(troop_text(d.list_troop), "Bw(o)");
  EXPECT_EQ(troop_text(d.mounted()), "Cv(i)");
  EXPECT_FALSE(d.dismounted());
  EXPECT_EQ(st->element(e).base.depth(), 1500);
  EXPECT_EQ(st->allowance(e, Going::kOpen), 6 * kIn);
  // Riding, they do not shoot (a Cv without bows): no targets for them even close in front.
  const geo::Point c = st->element(e).base.centre();
  st->debug_place(find(*g, "blue.1.2.0"), {c.x, c.y - 3 * kIn}, 90);
  EXPECT_TRUE(st->shot_targets(e).empty());
  // Every view says so: the label, the terminal's line and letter, the JSON view's type.
  EXPECT_EQ(g->troop_label(e), "Mounted archers #1 (Cv(i))");
  const std::string text = st->render_text(game::kSpectator);
  EXPECT_NE(text.find(fmt::format("{} Cv(i) riding at", d.id)), std::string::npos) << text;
  const auto v = st->to_json(game::kSpectator);
  EXPECT_EQ(v["units"][static_cast<std::size_t>(e)]["type"], "Cv(i)");
  // Negative: deployed dismounted they stand on foot as their own troop, and move as it.
  const auto [jf, gf] = mounted_infantry_scenario(true);
  const auto gd = make_game(jf);
  auto sd = start(gd);
  const int f = find(*gd, fmt::format("red.0.{}.0", gf));
  EXPECT_EQ(troop_text(gd->element(f).troop), "Bw(o)");
  EXPECT_TRUE(gd->element(f).dismounted());
  EXPECT_EQ(sd->element(f).base.depth(), 1000);
  EXPECT_EQ(sd->allowance(f, Going::kOpen), 3 * kIn);
  EXPECT_NE(sd->render_text(game::kSpectator)
                .find(fmt::format("{} Bw(o) dismounted at", gd->element(f).id)),
            std::string::npos);
}

TEST(Gwkho_Dismount, Clause_Pip_16_MountedInfantryDismountToFightAndRideAgain) {
  const auto [j, group] = mounted_infantry_scenario();
  const auto g = make_game(j);
  auto st = start(g);
  set_pips(*st, {2, 0});
  const int e = find(*g, fmt::format("red.0.{}.0", group));
  const geo::Base before = st->element(e).base;
  // They dismount for 1 PIP as their own troop, Bw(o), on a foot base with the same front edge.
  ASSERT_TRUE(listed(*st, act::move(e, act::kMount)));
  EXPECT_NE(st->action_to_string(act::move(e, act::kMount)).find("dismount"), std::string::npos);
  ASSERT_TRUE(st->apply(act::move(e, act::kMount)).ok());
  EXPECT_EQ(st->pips(0), 1);
  const ElementDef& d = st->gw().element(e);
  EXPECT_EQ(troop_text(d.troop), "Bw(o)");
  EXPECT_TRUE(d.dismounted());
  const geo::Base& after = st->element(e).base;
  EXPECT_EQ(after.depth(), 1000);
  EXPECT_EQ(after.centre().y - after.depth() / 2, before.centre().y - before.depth() / 2);
  EXPECT_EQ(st->allowance(e, Going::kOpen), 3 * kIn);
  EXPECT_EQ(st->gw().troop_label(e), "Mounted archers #1 (Bw(o))");
  EXPECT_NE(st->render_text(game::kSpectator).find(fmt::format("{} Bw(o) dismounted at", d.id)),
            std::string::npos);
  // Their next bound: on foot they shoot as archers, and they may mount again (more than once a
  // game, Cv(i)), far from the enemy.
  next_own_bound(*st, 0);
  set_pips(*st, {2, 0});
  const geo::Point c = st->element(e).base.centre();
  st->debug_place(find(*g, "blue.1.2.0"), {c.x, c.y - 3 * kIn}, 90);
  EXPECT_FALSE(st->shot_targets(e).empty());
  // Negative: not within 8 inches of an enemy.
  const auto near = st->mount_refusal(e);
  ASSERT_FALSE(near.ok());
  EXPECT_NE(near.message().find("8 inches"), std::string::npos) << near.message();
  EXPECT_EQ(st->action_to_string(act::move(e, act::kMount)).find("dismount"), std::string::npos);
  EXPECT_NE(st->action_to_string(act::move(e, act::kMount)).find("mount"), std::string::npos);
  st->debug_place(find(*g, "blue.1.2.0"), {11 * kIn, 10 * kIn}, 90);
  ASSERT_TRUE(st->mount_refusal(e).ok()) << st->mount_refusal(e).message();
  ASSERT_TRUE(st->apply(act::move(e, act::kMount)).ok());
  EXPECT_EQ(troop_text(st->gw().element(e).troop), "Cv(i)");
  EXPECT_EQ(st->element(e).base.depth(), 1500);
  EXPECT_EQ(st->allowance(e, Going::kOpen), 6 * kIn);
}

// ---------------------------------------------------------------------------------------------
// The pitched table's linear features

// [G-73a] The box (x0, y0, x1, y1) of a list of points, in sub-units.
std::array<std::int64_t, 4> box_of(const std::vector<geo::Point>& pts) {
  std::array<std::int64_t, 4> b{pts[0].x, pts[0].y, pts[0].x, pts[0].y};
  for (const auto& p : pts) {
    b[0] = std::min(b[0], p.x);
    b[1] = std::min(b[1], p.y);
    b[2] = std::max(b[2], p.x);
    b[3] = std::max(b[3], p.y);
  }
  return b;
}

TEST(Gwkho_Pitched, G73a_HedgesAndDitchesFollowTheSeedAndKeepOutOfTheZones) {
  int hedges = 0, ditches = 0, bare = 0;
  for (int seed = 1; seed <= 12; ++seed) {
    const game::Options options = {{"seed", std::to_string(seed)}};
    auto st = testing::start_ref("gwkho/pitched", options);
    ASSERT_NE(st, nullptr);
    EXPECT_EQ(st->check_invariants(), "");
    const Scenario& sc = st->gw().scenario_data();
    EXPECT_LE(sc.lines.size(), 2u);
    if (sc.lines.empty()) ++bare;
    for (const LinearFeature& f : sc.lines) {
      ASSERT_TRUE(f.kind == LinearKind::kHedge || f.kind == LinearKind::kDitch) << f.id;
      (f.kind == LinearKind::kHedge ? hedges : ditches)++;
      EXPECT_EQ(f.defended, Defended::kBoth);
      // Between the zones, an inch clear of each, and 4 inches from the side edges.
      const auto b = box_of(f.line);
      EXPECT_GE(b[1], 13 * kIn) << seed << " " << f.id;
      EXPECT_LE(b[3], 35 * kIn) << seed << " " << f.id;
      EXPECT_GE(b[0], 4 * kIn) << seed << " " << f.id;
      EXPECT_LE(b[2], 68 * kIn) << seed << " " << f.id;
      // Apart by `gap` from a box o.
      auto apart = [&b](const std::array<std::int64_t, 4>& o, std::int64_t gap) {
        return b[2] + gap <= o[0] || o[2] + gap <= b[0] || b[3] + gap <= o[1] || o[3] + gap <= b[1];
      };
      // No element stands within an inch of it, and it keeps an inch from every terrain piece.
      for (int e = 0; e < st->num_elements(); ++e) {
        const auto c = st->element(e).base.corners();
        EXPECT_TRUE(apart(box_of({c.begin(), c.end()}), kIn)) << seed << " " << f.id;
      }
      for (const TerrainPiece& t : sc.terrain)
        EXPECT_TRUE(apart(box_of(t.outline), kIn)) << seed << " " << f.id << " " << t.id;
    }
    // The same seed gives the same table, lines and all.
    auto again = testing::start_ref("gwkho/pitched", options);
    EXPECT_EQ(again->to_json(game::kSpectator)["lines"], st->to_json(game::kSpectator)["lines"]);
    EXPECT_EQ(again->to_json(game::kSpectator)["terrain"],
              st->to_json(game::kSpectator)["terrain"]);
  }
  // Over the twelve seeds the chances show: hedges, ditches, and tables with neither.
  EXPECT_GT(hedges, 0);
  EXPECT_GT(ditches, 0);
  EXPECT_GT(bare, 0);
}

TEST(Gwkho_Pitched, G73a_APitchedTableWithLinesPlaysToAnEnd) {
  // The first seed whose table has a line, played by a fixed chooser (a small congruential
  // sequence picks every decision and every die) until the game ends.
  std::unique_ptr<GwkhoState> st;
  for (int seed = 1; seed <= 12 && !st; ++seed) {
    auto s = testing::start_ref("gwkho/pitched", {{"seed", std::to_string(seed)}});
    if (!s->gw().scenario_data().lines.empty()) st = std::move(s);
  }
  ASSERT_NE(st, nullptr);
  std::uint64_t x = 12345;
  for (int guard = 0; guard < 200000 && !st->is_terminal(); ++guard) {
    x = x * 6364136223846793005ULL + 1442695040888963407ULL;
    const auto pick = static_cast<std::size_t>(x >> 33);
    if (st->is_chance_node()) {
      const auto outcomes = st->chance_outcomes();
      ASSERT_TRUE(st->apply(outcomes[pick % outcomes.size()].action).ok());
    } else {
      const auto legal = st->legal_actions();
      ASSERT_TRUE(st->apply(legal[pick % legal.size()]).ok());
    }
    ASSERT_EQ(st->check_invariants(), "");
  }
  EXPECT_TRUE(st->is_terminal());
}

// ---------------------------------------------------------------------------------------------
// Names

// What reads oddly in a name: a possessive after a final s, brackets in brackets, titles in the
// middle of a possessive ("X, Duke of Y's command").
void expect_natural(const std::string& text, const std::string& where) {
  EXPECT_EQ(text.find("s's "), std::string::npos) << where << ": " << text;
  EXPECT_EQ(text.find(") ("), std::string::npos) << where << ": " << text;
  EXPECT_EQ(text.find("(("), std::string::npos) << where << ": " << text;
  const auto cmd = text.find(" command");
  if (cmd != std::string::npos) {
    const auto of = text.rfind(" of ", cmd);
    const std::string owner = text.substr(of == std::string::npos ? 0 : of, cmd);
    EXPECT_EQ(owner.find(", "), std::string::npos) << where << ": " << text;
  }
}

TEST(Gwkho_Names, CommandsAndGroupsReadNaturallyInEveryBattle) {
  for (const char* battle : {"cerignola", "courtrai", "legnano", "poitiers", "pitched"}) {
    auto st = testing::start_ref(std::string("gwkho/") + battle);
    ASSERT_NE(st, nullptr);
    const GwkhoGame& g = st->gw();
    for (int s = 0; s < kNumSides; ++s)
      for (int c = 0; c < g.num_commands(s); ++c) expect_natural(g.command_label(s, c), battle);
    for (int e = 0; e < g.num_elements(); ++e) expect_natural(g.label(e), battle);
    // The JSON view's names are the groups' names, with no notes in brackets.
    const nlohmann::json view = st->to_json(game::kSpectator);
    for (const auto& u : view["units"]) {
      const std::string name = u["name"];
      EXPECT_EQ(name.find('('), std::string::npos) << battle << ": " << name;
      expect_natural(name, battle);
    }
    // The terminal's decisions name them the same way.
    for (int guard = 0; guard < 20 && st->is_chance_node(); ++guard)
      ASSERT_TRUE(st->apply(st->chance_outcomes().front().action).ok());
    for (game::Action a : st->legal_actions()) expect_natural(st->action_to_string(a), battle);
  }
  // The commands as they are called.
  auto courtrai = testing::start_ref("gwkho/courtrai");
  const GwkhoGame& g = courtrai->gw();
  EXPECT_EQ(g.command_label(1, 0), "Raoul de Nesle's command");
  EXPECT_EQ(g.command_label(1, 1), "Robert II of Artois' command");
  EXPECT_EQ(g.command_label(0, 0), "Guy of Namur's command");
  EXPECT_EQ(g.short_label(find(g, "french.1.0.0")), "Knights of Count Robert's battle #1");
  auto legnano = testing::start_ref("gwkho/legnano");
  EXPECT_EQ(legnano->gw().command_label(0, 1), "Philip of Heinsberg's command");
  // Negative: a general with no comma keeps his whole name; a title after a comma is dropped even
  // when nothing but the first name stands before it.
  auto j = small_scenario();
  nlohmann::json list = builtin_list("legnano-imperial");
  list["commands"][0]["general"] = "Charles the Bold of Burgundy";
  list["commands"][1]["general"] = "Yves, Lord of Alegre";
  j["sides"][0]["army"] = list;
  const auto named = make_game(j);
  EXPECT_EQ(named->command_label(0, 0), "Charles the Bold of Burgundy's command");
  EXPECT_EQ(named->command_label(0, 1), "Yves' command");
  EXPECT_EQ(named->command_label(0, 5), "command 6");  // no such command
}

}  // namespace
}  // namespace carroccio::gwkho
