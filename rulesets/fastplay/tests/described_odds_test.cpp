// `carroccio odds fastplay ...` (situation.hpp): a described volley, machine shot or fight is
// laid out as a position whose odds are exactly those of the same situation reached in a game;
// each flag changes them as its clause says; bad descriptions are one sentence naming the flag
// and exit code 2.
#include <cctype>
#include <fstream>
#include <sstream>

#include "rulesets/fastplay/situation.hpp"
#include "rulesets/fastplay/tests/test_util.hpp"

namespace carroccio::fastplay {
namespace {

using testing::at;

nlohmann::json described(const nlohmann::json& fields) {
  auto d = describe_attack(game::SituationFields(fields, ""));
  EXPECT_TRUE(d.ok()) << (d.ok() ? "" : d.message());
  if (!d) return nullptr;
  return d->state->action_odds(d->action);
}

using game::testing::cites;

// A game of army A's "attacker" and army B's "target" (and terrain).
std::unique_ptr<FastplayState> game_position(const std::vector<testing::U>& units,
                                             const std::vector<testing::T>& terrain = {}) {
  nlohmann::json j = testing::scenario_json(units, terrain);
  j["units"][0]["id"] = "attacker";
  j["units"][1]["id"] = "target";
  return testing::new_state(testing::make_game(j));
}

TEST(FastplayDescribedOdds, AVolleyEqualsTheOddsOfTheSameVolleyInAGame) {
  // Four archer stands 20 cm from heavy infantry (fronts at 11 and 31 cm).
  auto s = game_position({{"a", "archery", 50, 10, 90}, {"b", "heavy_infantry", 50, 32, 270}});
  const auto game_odds = s->action_odds(testing::shoot(0, 1));
  ASSERT_TRUE(game_odds.is_object());
  EXPECT_EQ(described({{"attack", "shoot"}, {"attacker", "archery"}, {"target", "heavy-infantry"}}),
            game_odds);
  // Three archer stands with a commander at light cavalry with its commander, in a village.
  auto v =
      game_position({{"a", "archery", 50, 10, 90, {{"commander", true}}},
                     {"b", "light_cavalry", 50, 37.5, 270, {{"commander", true}, {"stands", 5}}}},
                    {{"village", {36, 36, 64, 41}}});
  v->debug_kill_stand(0, 3);
  EXPECT_EQ(described({{"attack", "shoot"},
                       {"attacker", "archery"},
                       {"stands", "3"},
                       {"commander", "true"},
                       {"target", "light cavalry"},
                       {"target_stands", "5"},
                       {"target_commander", "yes"},
                       {"range", "25"},
                       {"terrain", "village"}}),
            v->action_odds(testing::shoot(0, 1)));
}

TEST(FastplayDescribedOdds, AMachineShotEqualsTheOddsOfTheSameShotInAGame) {
  // A catapult 55 cm from heavy infantry: the far band (fastplay 10.2).
  auto s = game_position({{"a", "catapult", 50, 10, 90}, {"b", "heavy_infantry", 50, 67.5, 270}});
  EXPECT_EQ(described({{"attack", "shoot"},
                       {"attacker", "catapult"},
                       {"target", "heavy_infantry"},
                       {"range", 55}}),
            s->action_odds(testing::shoot(0, 1)));
}

TEST(FastplayDescribedOdds, AFightEqualsTheOddsOfTheSameFightInAGame) {
  // Front to front in contact, played to the Melee phase.
  auto front =
      game_position({{"a", "heavy_infantry", 50, 40, 90}, {"b", "heavy_infantry", 50, 42, 270}});
  testing::pass_to(*front, Phase::kMelee);
  EXPECT_EQ(
      described(
          {{"attack", "melee"}, {"attacker", "heavy-infantry"}, {"target", "heavy-infantry"}}),
      front->action_odds(testing::fight(0)));
  // On the left flank (the case of FastplayOdds, Clause_Melee_FlankBonusInTheOdds).
  auto flank =
      game_position({{"a", "heavy_infantry", 50, 40, 90}, {"b", "heavy_infantry", 50, 47, 180}});
  testing::pass_to(*flank, Phase::kMelee);
  EXPECT_EQ(described({{"attack", "melee"},
                       {"attacker", "heavy-infantry"},
                       {"target", "heavy-infantry"},
                       {"from", "flank"}}),
            flank->action_odds(testing::fight(0)));
}

TEST(FastplayDescribedOdds, AChargedFightEqualsTheFightAfterARealCharge) {
  // Heavy cavalry with its commander charge the front of light infantry and fight it.
  auto s = game_position({{"a", "heavy_cavalry", 50, 40, 90, {{"commander", true}}},
                          {"b", "light_infantry", 50, 55, 270}});
  testing::pass_to(*s, Phase::kCharge);
  testing::play(*s, charge_action(0, 1, geo::Side::kFront));
  if (s->pending() == PendingKind::kChargeAnswer) testing::play(*s, testing::answer(act::kStand));
  testing::pass_to(*s, Phase::kMelee);
  const auto game_odds = s->action_odds(testing::fight(0));
  ASSERT_TRUE(game_odds.is_object());
  EXPECT_TRUE(cites(game_odds, "fastplay 7.2"));
  EXPECT_EQ(described({{"attack", "melee"},
                       {"attacker", "heavy-cavalry"},
                       {"target", "light-infantry"},
                       {"commander", true},
                       {"charged", true}}),
            game_odds);
}

TEST(FastplayDescribedOdds, ALoneCommandersFightEqualsTheSameFightInAGame) {
  // A heavy cavalry commander figure (2 cm deep) against the front of heavy infantry.
  auto s = game_position({{"a", "heavy_cavalry", 50, 40, 90, {{"lone_commander", true}}},
                          {"b", "heavy_infantry", 50, 42, 270}});
  testing::pass_to(*s, Phase::kMelee);
  EXPECT_EQ(described({{"attack", "melee"},
                       {"attacker", "heavy-cavalry"},
                       {"lone_commander", true},
                       {"target", "heavy-infantry"}}),
            s->action_odds(testing::fight(0)));
}

// The game's odds of army A's unit 0 retreating, in the Retreat phase on A's turn.
nlohmann::json retreat_in_game(FastplayState& s) {
  testing::pass_to(s, Phase::kRetreat);
  if (s.current_player() != 0) testing::play(s, act::kPass);
  EXPECT_TRUE(testing::is_legal(s, testing::retreat(0))) << s.to_string();
  return s.action_odds(testing::retreat(0));
}

TEST(FastplayDescribedOdds, Clause_9_1_ARetreatEqualsTheSameRetreatInAGame) {
  // Light cavalry in contact with heavy infantry, front to front: a stand lost on 1-2.
  auto cav =
      game_position({{"a", "light_cavalry", 50, 40, 90}, {"b", "heavy_infantry", 50, 42.5, 270}});
  const nlohmann::json cav_odds = retreat_in_game(*cav);
  ASSERT_TRUE(cav_odds.is_object());
  EXPECT_EQ(described({{"attack", "retreat"}, {"attacker", "light-cavalry"}}), cav_odds);
  EXPECT_EQ(cav_odds["results"][0]["probability"], "1/5");
  // Foot of three stands with their commander: a stand lost on 1-5, and then the commander's d10
  // (11.2).
  auto foot = game_position({{"a", "heavy_infantry", 50, 40, 90, {{"commander", true}}},
                             {"b", "light_cavalry", 50, 42.5, 270}});
  foot->debug_kill_stand(0, 3);
  const nlohmann::json foot_odds = retreat_in_game(*foot);
  EXPECT_EQ(described({{"attack", "retreat"},
                       {"attacker", "heavy-infantry"},
                       {"stands", "3"},
                       {"commander", true},
                       {"target", "light-cavalry"}}),
            foot_odds);
  EXPECT_EQ(foot_odds["results"][0]["probability"], "1/2");
  EXPECT_TRUE(foot_odds.contains("checks"));
  // Negative: cavalry and foot differ, and a shot's fields are no part of a retreat.
  EXPECT_NE(cav_odds["results"], foot_odds["results"]);
  auto refused = describe_attack(game::SituationFields(
      {{"attack", "retreat"}, {"attacker", "light-cavalry"}, {"range", "10"}}, ""));
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.message(),
            "--range is not part of a retreat: its d10 depends on the retreating unit alone "
            "(fastplay 9.1).");
}

nlohmann::json volley(nlohmann::json more) {
  nlohmann::json f = {{"attack", "shoot"}, {"attacker", "archery"}, {"target", "light-infantry"}};
  for (const auto& [k, v] : more.items()) f[k] = v;
  return described(f);
}

nlohmann::json fight(nlohmann::json more) {
  nlohmann::json f = {
      {"attack", "melee"}, {"attacker", "heavy-infantry"}, {"target", "heavy-infantry"}};
  for (const auto& [k, v] : more.items()) f[k] = v;
  return described(f);
}

TEST(FastplayDescribedOdds, Clause_5_2_ADiePerArcherStand) {
  EXPECT_EQ(volley({})["roll"], "4 d6");
  EXPECT_EQ(volley({{"stands", 2}})["roll"], "2 d6");
  EXPECT_EQ(volley({{"stands", 6}})["roll"], "6 d6");
}

TEST(FastplayDescribedOdds, Clause_10_2_CoverNeedsOneMore) {
  // Light infantry fall to 5-6, in cover to a 6 (ruling F-13).
  for (const char* t : {"woods", "village", "works"}) {
    const auto odds = volley({{"terrain", t}});
    EXPECT_TRUE(cites(odds, "fastplay 10.2, ruling F-13")) << t;
    EXPECT_EQ(odds["results"][0]["probability"], "625/1296") << t;
  }
  const auto open = volley({{"terrain", "clear"}});
  EXPECT_FALSE(cites(open, "fastplay 10.2, ruling F-13"));
  EXPECT_EQ(open["results"][0]["probability"], "16/81");
}

TEST(FastplayDescribedOdds, Clause_10_2_AMachinesBandByRange) {
  auto machine = [](const char* m, int range) {
    return described({{"attack", "shoot"},
                      {"attacker", m},
                      {"target", "heavy-infantry"},
                      {"range", range}})["results"][0]["probability"];
  };
  EXPECT_EQ(machine("catapult", 30), "1/3");  // the near band: 1-2 nothing
  EXPECT_EQ(machine("catapult", 50), "1/2");  // the far band: 1-3 nothing
  EXPECT_EQ(machine("ballista", 70), "1/2");
}

TEST(FastplayDescribedOdds, Clause_11_1_TheCommanderAddsADie) {
  EXPECT_EQ(volley({{"commander", true}})["roll"], "5 d6");
  EXPECT_TRUE(cites(volley({{"commander", true}}), "fastplay 11.1"));
  EXPECT_FALSE(cites(volley({{"commander", false}}), "fastplay 11.1"));
  EXPECT_EQ(fight({{"commander", true}})["roll"], "5 d6");
  EXPECT_EQ(fight({})["roll"], "4 d6");
}

TEST(FastplayDescribedOdds, Clause_11_2_TheTargetsCommanderMayFall) {
  auto has_check = [](const nlohmann::json& odds) {
    if (!odds.contains("checks")) return false;
    for (const auto& c : odds["checks"])
      if (c["rule"] == "fastplay 11.2") return true;
    return false;
  };
  EXPECT_TRUE(has_check(volley({{"target_commander", true}})));
  EXPECT_FALSE(has_check(volley({})));
  EXPECT_TRUE(has_check(fight({{"target_commander", true}})));
  EXPECT_FALSE(has_check(fight({})));
}

TEST(FastplayDescribedOdds, Clause_10_3_TheFlankAndTheRearAddOne) {
  EXPECT_TRUE(cites(fight({{"from", "flank"}}), "fastplay 10.1, 10.3"));
  EXPECT_TRUE(cites(fight({{"from", "rear"}}), "fastplay 10.1, 10.3"));
  EXPECT_FALSE(cites(fight({{"from", "front"}}), "fastplay 10.1, 10.3"));
  // From the rear the same four stands touch as from the front, each at +1.
  EXPECT_EQ(fight({{"from", "rear"}})["roll"], "4 d6");
  EXPECT_NE(fight({{"from", "rear"}})["results"], fight({})["results"]);
}

TEST(FastplayDescribedOdds, Clause_7_2_ChargingCavalryAddADie) {
  const auto horse = fight({{"attacker", "heavy-cavalry"}, {"charged", true}});
  EXPECT_TRUE(cites(horse, "fastplay 7.2"));
  EXPECT_EQ(horse["roll"], "5 d6");
  EXPECT_FALSE(cites(fight({{"attacker", "heavy-cavalry"}}), "fastplay 7.2"));
  // Negative: foot that charged add nothing.
  const auto foot = fight({{"charged", true}});
  EXPECT_FALSE(cites(foot, "fastplay 7.2"));
  EXPECT_EQ(foot, fight({}));
}

TEST(FastplayDescribedOdds, Clause_11_3_ALoneCommanderFightsAtPlusOne) {
  const auto lone = fight({{"attacker", "heavy-cavalry"}, {"lone_commander", true}});
  EXPECT_TRUE(cites(lone, "fastplay 11.3"));
  EXPECT_EQ(lone["roll"], "1 d6");
  // Heavy cavalry need a 6 against heavy infantry; the figure alone needs a 5.
  EXPECT_EQ(lone["results"][1]["probability"], "1/3");
  EXPECT_FALSE(cites(fight({{"attacker", "heavy-cavalry"}}), "fastplay 11.3"));
}

TEST(FastplayDescribedOdds, Clause_Units_LosingItsLastStandsDestroysTheTarget) {
  const auto one = volley({{"target_stands", 1}});
  ASSERT_EQ(one["results"].size(), 2u);
  EXPECT_EQ(one["results"][1]["result"], "1 stand lost: the unit is destroyed");
  EXPECT_EQ(volley({})["results"].size(), 5u);
}

struct CliRun {
  int code;
  std::string out, err;
};
CliRun run(const std::vector<std::string>& args) {
  std::ostringstream out, err;
  const int code = run_described_odds_cli(args, out, err);
  return {code, out.str(), err.str()};
}

TEST(FastplayDescribedOdds, TheCommandPrintsTheOddsTextAndJson) {
  const CliRun text = run({"--attack", "melee", "--attacker", "heavy-infantry", "--target",
                           "heavy-infantry", "--from", "flank"});
  EXPECT_EQ(text.code, 0) << text.err;
  EXPECT_NE(text.out.find("Described fastplay melee"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("[fastplay 10.1, 10.3]"), std::string::npos) << text.out;
  const CliRun json =
      run({"--attack", "shoot", "--attacker", "archery", "--target", "light-infantry", "--json"});
  ASSERT_EQ(json.code, 0) << json.err;
  const auto j = nlohmann::json::parse(json.out);
  EXPECT_EQ(j["situation"]["range"], 20);
  EXPECT_EQ(j["odds"], volley({}));
  EXPECT_EQ(run({"--help"}).code, 0);
  EXPECT_NE(run({"--help"}).out.find("--target-commander"), std::string::npos);
}

TEST(FastplayDescribedOdds, ASituationFileGivesTheSameOddsAsTheFlags) {
  const std::string path = ::testing::TempDir() + "fastplay_described_situation.json";
  std::ofstream(path) << R"({"attack": "melee", "attacker": "heavy-cavalry",
                            "target": "light-infantry", "charged": true, "target_stands": 5})";
  const CliRun file = run({"--situation", path, "--json"});
  ASSERT_EQ(file.code, 0) << file.err;
  const CliRun flags = run({"--attack", "melee", "--attacker", "heavy-cavalry", "--target",
                            "light-infantry", "--charged", "--target-stands", "5", "--json"});
  EXPECT_EQ(file.out, flags.out);
  std::ofstream(path) << R"({"attack": "melee", "target-stands": 5})";
  const CliRun bad = run({"--situation", path});
  EXPECT_EQ(bad.code, 2);
  EXPECT_NE(bad.err.find("'target-stands' is not a field"), std::string::npos) << bad.err;
}

// Ruling F-35: what a description leaves out is the plainest case, and the help says so.
TEST(FastplayDescribedOdds, F35_WhatIsNotGivenIsThePlainestCaseAndTheHelpSaysSo) {
  const nlohmann::json bare = {
      {"attack", "shoot"}, {"attacker", "archery"}, {"target", "heavy-infantry"}};
  nlohmann::json said = bare;
  said.update({{"stands", 4},
               {"target_stands", 4},
               {"range", 20},
               {"terrain", "clear"},
               {"commander", false},
               {"target_commander", false}});
  EXPECT_EQ(described(bare), described(said));
  // A retreat's enemy is heavy infantry unless said, and changes nothing.
  EXPECT_EQ(described({{"attack", "retreat"}, {"attacker", "archery"}}),
            described({{"attack", "retreat"}, {"attacker", "archery"}, {"target", "catapult"}}));
  // Negative: a value other than the default changes the odds.
  nlohmann::json three = bare;
  three["stands"] = 3;
  EXPECT_NE(described(three), described(bare));
  const CliRun help = run({"--help"});
  const std::string flat_help = game::testing::one_line(help.out);  // the help unwrapped
  for (const char* words : {"default 4", "default 20", "clear (default)", "front (default)",
                            "default heavy-infantry", "ruling F-35"})
    EXPECT_NE(flat_help.find(words), std::string::npos) << words;
}

TEST(FastplayDescribedOdds, BadInputIsOneSentenceNamingTheFlagAndExitCode2) {
  struct Case {
    std::vector<std::string> args;
    std::string says;
  };
  const std::vector<std::string> shoot = {"--attack", "shoot",    "--attacker",
                                          "archery",  "--target", "light-infantry"};
  const std::vector<std::string> melee = {"--attack",       "melee",    "--attacker",
                                          "heavy-infantry", "--target", "light-infantry"};
  auto with = [](std::vector<std::string> base, std::vector<std::string> more) {
    base.insert(base.end(), more.begin(), more.end());
    return base;
  };
  const std::vector<Case> cases = {
      {{"--attack", "shoot", "--target", "light-infantry"},
       "--attacker must be given: archery, light-infantry"},
      {{"--attack", "shoot", "--attacker", "heavy-infantry", "--target", "archery"},
       "--attacker is heavy-infantry, which does not shoot"},
      {with(shoot, {"--range", "41"}), "--range is 41 cm, beyond the 40 cm archery reaches"},
      {with(shoot, {"--range", "0"}), "--range is '0', but must be a whole number from 1 to 80"},
      {{"--attack", "shoot", "--attacker", "ballista", "--stands", "3", "--target", "archery"},
       "--stands is not for a ballista"},
      {with(shoot, {"--stands", "7"}), "--stands is '7', but must be a whole number from 1 to 6"},
      {with(shoot, {"--from", "flank"}), "--from counts only in melee"},
      {with(shoot, {"--charged"}), "--charged counts only in melee"},
      {with(melee, {"--terrain", "woods"}), "--terrain counts only against missiles"},
      {with(melee, {"--range", "10"}), "--range is for a shot"},
      {with(shoot, {"--terrain", "hill"}),
       "--terrain is 'hill', which is not one of: clear, woods, village or works"},
      {{"--attack", "melee", "--attacker", "elephants", "--target", "archery"},
       "--attacker is 'elephants', which is not one of"},
      {{"--action", "2"}, "--move and --action belong to a saved position"},
      {with(melee, {"--lone-commander", "--stands", "2"}), "--stands is not for a lone commander"},
      {with(melee, {"--lone-commander", "--commander"}), "--commander is for a unit's commander"},
      {{"--attack", "shoot", "--attacker", "catapult", "--lone-commander", "--target", "archery"},
       "--lone-commander needs a troop type"},
  };
  for (const auto& c : cases) {
    const CliRun r = run(c.args);
    EXPECT_EQ(r.code, 2) << c.says;
    EXPECT_TRUE(r.out.empty()) << c.says;
    EXPECT_EQ(r.err.rfind("carroccio: ", 0), 0u) << r.err;
    EXPECT_NE(r.err.find(c.says), std::string::npos) << r.err;
  }
}

}  // namespace
}  // namespace carroccio::fastplay
