// A combat described without a game (`carroccio odds bma ...`): the odds of the described
// combat are those of the same combat reached in play, and each input means what it says.
#include "rulesets/bma/situation.hpp"

#include <gtest/gtest.h>

#include <cctype>
#include <iostream>
#include <set>
#include <sstream>
#include <string>

#include "core/rng.hpp"
#include "game/driver.hpp"
#include "game/registry.hpp"
#include "game/tests/ruleset_testing.hpp"
#include "rulesets/bma/odds_cli.hpp"
#include "rulesets/bma/ruleset.hpp"
#include "rulesets/bma/state.hpp"

namespace carroccio::bma {
namespace {

// The odds of resolving a described combat.
nlohmann::json odds_of(const nlohmann::json& situation) {
  auto d = describe_combat(situation);
  EXPECT_TRUE(d.ok()) << (d.ok() ? "" : d.message()) << "\n" << situation.dump();
  if (!d.ok()) return nullptr;
  return d->state->action_odds(act::kResolveCombat);
}

std::string error_of(const nlohmann::json& situation) {
  auto d = describe_combat(situation);
  EXPECT_FALSE(d.ok()) << situation.dump();
  return d.ok() ? std::string() : d.message();
}

bool has_term(const nlohmann::json& odds, const std::string& text) {
  for (const auto& m : odds["modifiers"])
    if (m["what"].get<std::string>().find(text) != std::string::npos) return true;
  return false;
}

// The description of the combat being built in a real position, as a player would give it.
// Returns null when the combat is not one a description covers (several defenders, or a
// replacement leader, whose command value of zero the scenario format cannot hold).
nlohmann::json describe(const BmaState& s) {
  const BmaGame& g = s.bma();
  const Combat& c = s.combat();
  if (c.num_defenders != 1) return nullptr;
  const int d = c.defenders[0];
  auto leader_of = [&](int u) -> nlohmann::json {
    const int l = s.leader_at(s.unit(u).hex);
    if (l < 0 || g.leader(l).side != g.unit(u).side) return nullptr;
    if (s.leader(l).flags & kReplacement) return "replacement";
    return g.leader(l).id;
  };
  auto beside = [&](int u) {
    const int m = s.morale_modifier_carroccio(u);
    return g.unit(u).type == UnitType::kInfantry ? m == -3 : m == -1;
  };
  nlohmann::json j = {
      {"options", game::options_to_string(g.options())},
      {"side", g.player_name(g.unit(c.attackers[0]).side)},
      {"vp_lost", {{g.player_name(0), s.vp_lost(0)}, {g.player_name(1), s.vp_lost(1)}}}};
  nlohmann::json def = {
      {"unit", g.unit(d).id},
      {"status", status_name(s.unit(d).status)},
      {"terrain", g.terrain(s.unit(d).hex) == Terrain::kForest ? "forest" : "clear"}};
  if (s.unit(d).value) def["chit"] = s.unit(d).value;
  if (!leader_of(d).is_null()) def["leader"] = leader_of(d);
  if (g.unit(d).type == UnitType::kCarroccio) {
    def["guarded"] = !s.carroccio_alone(d);
  } else if (beside(d)) {
    def["carroccio"] = true;
  }
  j["defender"] = def;
  j["attackers"] = nlohmann::json::array();
  for (int i = 0; i < c.num_attackers; ++i) {
    const int a = c.attackers[static_cast<std::size_t>(i)];
    const int arc = s.arc_from(d, s.unit(a).hex);
    nlohmann::json aj = {{"unit", g.unit(a).id},
                         {"from", arc == 0   ? "front"
                                  : arc == 1 ? "flank"
                                             : "rear"}};
    if (s.unit(a).value) aj["chit"] = s.unit(a).value;
    if ((c.charging >> i) & 1) aj["charge"] = true;
    if (!leader_of(a).is_null()) aj["leader"] = leader_of(a);
    if (beside(a)) aj["carroccio"] = true;
    j["attackers"].push_back(aj);
  }
  if (j["defender"].value("leader", "") == "replacement") return nullptr;
  for (const auto& a : j["attackers"])
    if (a.value("leader", "") == "replacement") return nullptr;
  return j;
}

// Plays random Legnano games under `options` and, at every combat about to be resolved that a
// description covers, compares the real position's odds with the described combat's.
int compare_with_play(const std::string& options, int wanted, std::uint64_t seed0,
                      std::set<std::string>& seen) {
  int equal_after = 0, all_after = 0;
  auto ruleset = make_ruleset();
  auto text = ruleset->builtin_scenario("legnano");
  EXPECT_TRUE(text.ok());
  auto opts = game::parse_options(options);
  EXPECT_TRUE(opts.ok());
  auto game = ruleset->new_game(nlohmann::json::parse(*text), "bma/legnano", *opts);
  EXPECT_TRUE(game.ok());
  int compared = 0;
  for (std::uint64_t seed = seed0; seed < seed0 + 400 && compared < wanted; ++seed) {
    core::Rng rng(seed);
    auto state = (*game)->new_initial_state();
    state->set_record_history(false);
    while (!state->is_terminal() && compared < wanted) {
      const auto& s = static_cast<const BmaState&>(*state);
      std::vector<game::Action> legal;
      if (!state->is_chance_node()) state->legal_actions(legal);
      if (s.phase() == Phase::kCombatBuild &&
          std::find(legal.begin(), legal.end(), act::kResolveCombat) != legal.end()) {
        const nlohmann::json description = describe(s);
        if (!description.is_null()) {
          auto described = describe_combat(description);
          EXPECT_TRUE(described.ok()) << (described.ok() ? "" : described.message()) << "\n"
                                      << description.dump();
          if (described.ok()) {
            nlohmann::json want = s.action_odds(act::kResolveCombat);
            nlohmann::json got = described->state->action_odds(act::kResolveCombat);
            // What a result costs after it is applied counts the combat's own units; on the
            // real map a routed unit passing through disordered friends routs them too (6.3.1),
            // which a description does not know: the real figure may only be higher.
            EXPECT_EQ(got["results"].size(), want["results"].size()) << description.dump();
            for (std::size_t r = 0;
                 r < got["results"].size() && got["results"].size() == want["results"].size();
                 ++r) {
              if (!got["results"][r].contains("vp_lost")) continue;
              for (const auto& side : {"imperial", "lombard"}) {
                auto& g = got["results"][r]["vp_lost"][side];
                auto& w = want["results"][r]["vp_lost"][side];
                EXPECT_LE(g["after"].get<int>(), w["after"].get<int>()) << description.dump();
                equal_after += g["after"] == w["after"];
                ++all_after;
                g.erase("after");
                w.erase("after");
              }
            }
            EXPECT_EQ(got, want) << "seed " << seed << "\n" << description.dump(1);
            ++compared;
            // Which inputs the compared combats exercised.
            const auto& d = description["defender"];
            if (d.contains("chit")) seen.insert("defender chit known");
            if (!d.contains("chit")) seen.insert("defender chit undrawn");
            if (d.contains("leader")) seen.insert("defending leader");
            if (d["status"] != "ordered") seen.insert("defender " + d["status"].get<std::string>());
            if (d["terrain"] == "forest") seen.insert("forest");
            if (d.value("carroccio", false)) seen.insert("defender beside the Carroccio");
            if (d.contains("guarded")) seen.insert("Carroccio attacked");
            if (description["attackers"].size() > 1) seen.insert("several attackers");
            for (const auto& a : description["attackers"]) {
              seen.insert("from " + a["from"].get<std::string>());
              if (a.contains("leader")) seen.insert("attacking leader");
              if (a.value("charge", false)) seen.insert("charge");
              if (a.value("carroccio", false)) seen.insert("attacker beside the Carroccio");
            }
            if (description["vp_lost"]["imperial"] != 0 || description["vp_lost"]["lombard"] != 0)
              seen.insert("victory points lost");
          }
        }
      }
      const game::Action a = state->is_chance_node()
                                 ? game::sample_chance(*state, rng)
                                 : legal[static_cast<std::size_t>(rng.uniform(legal.size()))];
      state->apply_unchecked(a);
    }
  }
  // Surroundings rarely matter: nearly every "after" figure is the same.
  EXPECT_GE(equal_after * 10, all_after * 9) << equal_after << " of " << all_after;
  return compared;
}

TEST(Bma_DescribedCombat, OddsEqualTheSameCombatReachedInPlay) {
  std::set<std::string> seen;
  EXPECT_EQ(compare_with_play("", 60, 1, seen), 60);
  for (const char* input : {"defender chit known", "defender chit undrawn", "several attackers",
                            "victory points lost", "from front"})
    EXPECT_TRUE(seen.count(input)) << input;
}

TEST(Bma_DescribedCombat, OddsEqualTheSameCombatReachedInPlayUnderTheOptionalRules) {
  std::set<std::string> seen;
  EXPECT_EQ(compare_with_play("command_radius,facing,charge,vcf=every", 60, 100, seen), 60);
  EXPECT_EQ(compare_with_play("facing,charge,vcf=adverse", 60, 300, seen), 60);
  for (const char* input : {"from flank", "from rear", "charge"})
    EXPECT_TRUE(seen.count(input)) << input;
  std::string all;
  for (const auto& s : seen) all += s + "; ";
  std::cout << "inputs exercised: " << all << "\n";
}

// A cavalry-against-cavalry combat with known chits: 8 against 4 reads the 2/1 column (5.2),
// and the A attacker's better morale gives +1 (5.1.4).
nlohmann::json cavalry_fight() {
  return {{"side", "imperial"},
          {"defender", {{"unit", "B cavalry"}, {"chit", 4}}},
          {"attackers", {{{"unit", "A cavalry"}, {"chit", 8}}}}};
}

TEST(Bma_DescribedCombat, KnownChitsGiveTheColumnAndUnknownOnesAreEnumerated) {
  const auto odds = odds_of(cavalry_fight());
  EXPECT_EQ(odds["column"], "2/1");
  EXPECT_EQ(odds["drm"], 1);
  EXPECT_TRUE(odds["undrawn_chits"].empty());
  // 2/1 column, die + 1: rows 2..7 give NE DD DD DR DR DE (5.2).
  ASSERT_EQ(odds["results"].size(), 4u);
  EXPECT_EQ(odds["results"][0]["result"], "NE");
  EXPECT_EQ(odds["results"][0]["probability"], "1/6");
  EXPECT_EQ(odds["results"][1]["result"], "DD");
  EXPECT_EQ(odds["results"][1]["probability"], "1/3");
  // Negative case: a chit not given is not drawn yet, and every value of it is counted.
  auto undrawn = cavalry_fight();
  undrawn["defender"].erase("chit");
  const auto u = odds_of(undrawn);
  ASSERT_EQ(u["undrawn_chits"].size(), 1u);
  EXPECT_EQ(u["undrawn_chits"][0], "defender");
  EXPECT_NE(u["results"], odds["results"]);
}

TEST(Bma_DescribedCombat, FlankAndRearShiftColumnsOnlyWithFacing) {
  auto flank = cavalry_fight();
  flank["options"] = "facing";
  flank["attackers"][0]["from"] = "flank";
  const auto f = odds_of(flank);
  EXPECT_EQ(f["column"], "3/1");  // 5.1.4, 7.2.5: one shift right
  EXPECT_TRUE(has_term(f, "flank"));
  flank["attackers"][0]["from"] = "rear";
  EXPECT_EQ(odds_of(flank)["column"], "4/1");  // two shifts
  // Negative case: through the front, no shift; and without facing there is no flank at all.
  flank["attackers"][0]["from"] = "front";
  EXPECT_EQ(odds_of(flank)["column"], "2/1");
  auto no_facing = cavalry_fight();
  no_facing["attackers"][0]["from"] = "flank";
  EXPECT_NE(error_of(no_facing).find("facing"), std::string::npos);
}

TEST(Bma_DescribedCombat, LeadersAndSupremeCommandersChangeTheDieAndMayDie) {
  auto led = cavalry_fight();
  led["attackers"][0]["unit"] = "frederick-cav-a1";
  led["attackers"][0]["leader"] = "frederick";
  const auto f = odds_of(led);
  EXPECT_EQ(f["drm"], 3);  // +2 supreme commander, +1 better morale (5.1.4)
  ASSERT_EQ(f["leaders"].size(), 1u);
  EXPECT_EQ(f["leaders"][0]["leader"], "frederick");
  EXPECT_TRUE(f["leaders"][0].contains("ends_game"));  // 9.4: Frederick's death ends it
  led["defender"]["leader"] = "leader";
  led["defender"]["unit"] = "B cavalry";
  const auto both = odds_of(led);
  EXPECT_EQ(both["drm"], 2);  // -1 for the defending leader
  EXPECT_EQ(both["leaders"].size(), 2u);
  // Negative case: no leader, no die modifier for one and nobody to die.
  const auto none = odds_of(cavalry_fight());
  EXPECT_EQ(none["drm"], 1);
  EXPECT_TRUE(none["leaders"].empty());
}

TEST(Bma_DescribedCombat, ForestAndDisorderChangeTheStrengths) {
  nlohmann::json inf = {{"side", "lombard"},
                        {"defender", {{"unit", "B infantry"}, {"chit", 6}}},
                        {"attackers", {{{"unit", "B infantry"}, {"chit", 6}}}}};
  EXPECT_EQ(odds_of(inf)["column"], "1/1");
  inf["defender"]["terrain"] = "forest";  // 9.6: infantry attacking into forest halved
  const auto forest = odds_of(inf);
  EXPECT_EQ(forest["column"], "1/2");
  EXPECT_TRUE(has_term(forest, "forest"));
  inf["defender"]["terrain"] = "clear";
  inf["defender"]["status"] = "disordered";  // 5.3 D: halved, +1 to the attacker's die
  const auto dis = odds_of(inf);
  EXPECT_EQ(dis["column"], "2/1");
  EXPECT_EQ(dis["drm"], 1);
  inf["defender"]["status"] = "routed";  // 5.3 R: eliminated without a roll
  const auto routed = odds_of(inf);
  ASSERT_EQ(routed["results"].size(), 1u);
  EXPECT_EQ(routed["results"][0]["probability"], "1");
  // Negative case: ordered in the open, neither halving applies.
  inf["defender"]["status"] = "ordered";
  EXPECT_FALSE(has_term(odds_of(inf), "x1/2"));
}

TEST(Bma_DescribedCombat, CarroccioGuardsAndRaisesInfantry) {
  // 9.3.1: Lombard infantry next to the Carroccio fight one level higher (B as A: +1 die).
  nlohmann::json j = {{"side", "imperial"},
                      {"defender", {{"unit", "B infantry"}, {"chit", 5}, {"carroccio", true}}},
                      {"attackers", {{{"unit", "B infantry"}, {"chit", 5}}}}};
  EXPECT_EQ(odds_of(j)["drm"], -1);
  j["defender"]["carroccio"] = false;
  EXPECT_EQ(odds_of(j)["drm"], 0);  // negative case
  // 9.3.2: the Carroccio alone is lost without a roll; guarded it defends as an A unit.
  nlohmann::json c = {{"side", "imperial"},
                      {"defender", {{"unit", "carroccio"}, {"guarded", false}}},
                      {"attackers", {{{"unit", "A cavalry"}}}}};
  const auto alone = odds_of(c);
  EXPECT_EQ(alone["rule"], "bma 9.3.2");
  c["defender"]["guarded"] = true;
  const auto guarded = odds_of(c);
  EXPECT_FALSE(guarded.contains("automatic"));
  EXPECT_TRUE(guarded["results"].size() > 1);
  // The imperial side has no Carroccio in Legnano: nothing to stand beside.
  nlohmann::json imp = {{"side", "lombard"},
                        {"defender", {{"unit", "B infantry"}, {"carroccio", true}}},
                        {"attackers", {{{"unit", "B infantry"}}}}};
  EXPECT_NE(error_of(imp).find("has none"), std::string::npos);
}

TEST(Bma_DescribedCombat, ChargeDoublesAfterACheckOnlyUnderTheChargeRule) {
  nlohmann::json j = {{"side", "imperial"},
                      {"options", "charge"},
                      {"defender", {{"unit", "B cavalry"}, {"chit", 5}}},
                      {"attackers", {{{"unit", "B cavalry"}, {"chit", 5}, {"charge", true}}}}};
  const auto charge = odds_of(j);
  ASSERT_EQ(charge["checks"].size(), 1u);  // 7.3.1: B cavalry tests morale before charging
  EXPECT_EQ(charge["checks"][0]["rule"], "bma 7.3.1");
  EXPECT_TRUE(has_term(charge, "charging"));
  // Negative cases: no charge, no check; and no charge at all without the rule.
  j["attackers"][0]["charge"] = false;
  EXPECT_TRUE(odds_of(j)["checks"].empty());
  j["attackers"][0]["charge"] = true;
  j.erase("options");
  EXPECT_NE(error_of(j).find("charge rule"), std::string::npos);
}

TEST(Bma_DescribedCombat, VictoryPointsLostSoFarShowInTheRace) {
  auto j = cavalry_fight();
  j["vp_lost"] = {{"lombard", 56}};
  const auto odds = odds_of(j);
  bool seen = false;
  for (const auto& r : odds["results"])
    if (r["result"] == "DR") {
      EXPECT_EQ(r["vp_lost"]["lombard"]["now"], 56);
      EXPECT_EQ(r["vp_lost"]["lombard"]["after"], 59);  // a routed B unit costs 3 (8.1)
      seen = true;
    }
  EXPECT_TRUE(seen);
  // Negative case: nothing lost so far by default.
  EXPECT_EQ(odds_of(cavalry_fight())["results"][0]["vp_lost"]["lombard"]["now"], 0);
}

TEST(Bma_DescribedCombat, BadInputIsOneSentenceNamingTheField) {
  auto with = [](const char* path, nlohmann::json value) {
    auto j = cavalry_fight();
    j[nlohmann::json::json_pointer(path)] = value;
    return j;
  };
  const std::pair<nlohmann::json, std::string> cases[] = {
      {with("/defender/chit", 11), "\"chit\""},
      {with("/attackers/0/chit", 3), "\"chit\" 3"},
      {with("/attackers/0/from", "above"), "\"from\""},
      {with("/defender/status", "sleepy"), "\"status\""},
      {with("/defender/terrain", "swamp"), "\"terrain\""},
      {with("/defender/unit", "dragon"), "\"unit\""},
      {with("/attackers/0/leader", "alberto"), "\"leader\""},
      {with("/side", "saracen"), "\"side\""},
      {with("/vp_lost", {{"imperial", 99}}), "\"vp_lost\""},
      {with("/options", "gunpowder"), "\"options\""},
      {with("/attackers/0/colour", "red"), "\"colour\""},
      {with("/attackers", nlohmann::json::array()), "\"attackers\""},
      {with("/attackers/0/unit", "The Carroccio"), "\"unit\""},  // a lombard unit
  };
  for (const auto& [situation, field] : cases) {
    const std::string e = error_of(situation);
    EXPECT_NE(e.find(field), std::string::npos) << e;
    EXPECT_EQ(e.find('\n'), std::string::npos) << e;
    EXPECT_EQ(e.back(), '.') << e;
  }
  // Negative case: the unchanged description is accepted.
  EXPECT_TRUE(describe_combat(cavalry_fight()).ok());
}

// Ruling L-52: what a description leaves out is the plainest case, and the help says so.
TEST(Bma_DescribedCombat, L52_WhatIsNotGivenIsThePlainestCaseAndTheHelpSaysSo) {
  const auto bare = describe_combat(cavalry_fight());
  ASSERT_TRUE(bare.ok()) << bare.message();
  const nlohmann::json& d = bare->description;
  EXPECT_EQ(d["scenario"], "bma/legnano");
  EXPECT_EQ(d["options"], "");
  nlohmann::json said = cavalry_fight();
  said["scenario"] = "legnano";
  said["options"] = "";
  said["vp_lost"] = {{"imperial", 0}, {"lombard", 0}};
  said["defender"].update({{"status", "ordered"}, {"terrain", "clear"}, {"guarded", true}});
  said["attackers"][0].update({{"from", "front"}, {"charge", false}});
  EXPECT_EQ(odds_of(said), odds_of(cavalry_fight()));
  // Negative: a value other than the default changes the odds (a disordered defender, 5.3).
  nlohmann::json disordered = cavalry_fight();
  disordered["defender"]["status"] = "disordered";
  EXPECT_NE(odds_of(disordered), odds_of(cavalry_fight()));
  // The help names the defaults and the ruling.
  std::ostringstream out, err;
  ASSERT_EQ(run_described_odds_cli({"--help"}, out, err), 0);
  const std::string flat_help = game::testing::one_line(out.str());  // the help unwrapped
  for (const char* words : {"clear (the default)", "default: legnano", "default front",
                            "default ordered", "ruling L-52", "(default: none"})
    EXPECT_NE(flat_help.find(words), std::string::npos) << words;
}

}  // namespace
}  // namespace carroccio::bma
