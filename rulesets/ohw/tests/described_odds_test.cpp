// `carroccio odds ohw ...` (situation.hpp): a described shot or strike is laid out as a position
// whose odds are exactly those of the same situation reached in a game; each flag changes them as
// its clause says; bad descriptions are one sentence naming the flag and exit code 2.
#include <gtest/gtest.h>

#include <cctype>
#include <fstream>
#include <sstream>

#include "rulesets/ohw/situation.hpp"
#include "rulesets/ohw/tests/test_util.hpp"

namespace carroccio::ohw {
namespace {

using namespace testing;  // NOLINT(build/namespaces)

// The odds of a described situation (fields as the flags give them), or null with the sentence
// in `error`.
nlohmann::json described(const nlohmann::json& fields, std::string* error = nullptr) {
  auto d = describe_attack(game::SituationFields(fields, ""));
  if (!d) {
    if (error) *error = d.message();
    return nullptr;
  }
  return d->state->action_odds(d->action);
}

using game::testing::cites;

// A game of two units (Blue's "attacker", Red's "target") and terrain, played to Blue's Shoot
// or Melee phase, with the target's hits.
std::unique_ptr<OhwState> game_position(const std::vector<U>& units, const std::vector<T>& terrain,
                                        bool melee, int hits = 0, bool oath = false,
                                        const std::string& options = "") {
  nlohmann::json j = scenario_json(units, terrain, 1);
  j["units"][0]["id"] = "attacker";
  j["units"][1]["id"] = "target";
  if (oath) j["oath"] = {{"side", "red"}, {"radius", 4}};
  auto s = new_state(make_game(j, options));
  if (hits > 0) s->debug_place(1, at(units[1].x, units[1].y), units[1].heading, hits);
  play(*s, act::kEndPhase);
  if (melee && s->phase() == Phase::kShoot) play(*s, act::kEndPhase);
  return s;
}

TEST(Ohw_DescribedOdds, AShotEqualsTheOddsOfTheSameShotInAGame) {
  // Archers 6" from men-at-arms in a town, the target with 4 hits already.
  auto s = game_position({{"blue", "archers", 18, 6, 90}, {"red", "men_at_arms", 18, 14, 270}},
                         {{"town", {14, 12, 22, 17}}}, false, 4);
  ASSERT_EQ(s->phase(), Phase::kShoot);
  const auto game_odds = s->action_odds(shoot(0, 1));
  ASSERT_TRUE(game_odds.is_object());
  EXPECT_EQ(described({{"attack", "shoot"},
                       {"attacker", "archers"},
                       {"target", "men-at-arms"},
                       {"terrain", "town"},
                       {"hits", "4"}}),
            game_odds);
}

TEST(Ohw_DescribedOdds, AStrikeEqualsTheOddsOfTheSameStrikeInAGame) {
  // Knights on the left flank of men-at-arms with 10 hits (the case of Ohw_Odds, Clause_3_2_iii).
  auto flank = game_position({{"blue", "knights", 18, 21, 270}, {"red", "men_at_arms", 18, 18, 0}},
                             {}, true, 10);
  ASSERT_EQ(flank->phase(), Phase::kMelee);
  EXPECT_EQ(described({{"attack", "melee"},
                       {"attacker", "knights"},
                       {"target", "men_at_arms"},
                       {"from", "flank"},
                       {"hits", "10"}}),
            flank->action_odds(fight(0, 1)));
  // Levies strike levies from behind, the target uphill at a ford by its sworn objective.
  auto rear = game_position(
      {{"blue", "levies", 18, 21, 270}, {"red", "levies", 18, 19, 270}},
      {{"ford", {14, 12, 22, 20}}, {"hill", {10, 10, 26, 20}}, {"objective", {16, 13, 20, 15}}},
      true, 0, true);
  EXPECT_EQ(described({{"attack", "melee"},
                       {"attacker", "levies"},
                       {"target", "levies"},
                       {"from", "rear"},
                       {"terrain", "ford"},
                       {"uphill", "true"},
                       {"oath", "true"}}),
            rear->action_odds(fight(0, 1)));
  // Peasant archers in woods struck in the front by irregulars.
  auto woods =
      game_position({{"blue", "irregulars", 18, 21, 270}, {"red", "peasant_archers", 18, 19, 90}},
                    {{"woods", {14, 12, 22, 20}}}, true);
  EXPECT_EQ(described({{"attack", "melee"},
                       {"attacker", "irregulars"},
                       {"target", "peasant archers"},
                       {"terrain", "woods"}}),
            woods->action_odds(fight(0, 1)));
}

TEST(Ohw_DescribedOdds, Clause_1_8_AChargeEqualsTheSameChargeInAGame) {
  // Knights 3" from the left flank of men-at-arms, picked in Blue's Move phase.
  nlohmann::json j =
      scenario_json({{"blue", "knights", 18, 24, 270}, {"red", "men_at_arms", 18, 18, 0}}, {}, 1);
  j["units"][0]["id"] = "attacker";
  j["units"][1]["id"] = "target";
  auto s = new_state(make_game(j));
  play(*s, act::kSelectBase + 0);
  ASSERT_TRUE(is_legal(*s, charge(1, geo::Side::kLeft)));
  const auto game_odds = s->action_odds(charge(1, geo::Side::kLeft));
  ASSERT_TRUE(game_odds.is_object());
  const nlohmann::json fields = {
      {"attack", "charge"}, {"attacker", "knights"}, {"target", "men-at-arms"}, {"from", "flank"}};
  const auto odds = described(fields);
  EXPECT_EQ(odds, game_odds);
  EXPECT_FALSE(odds["commits"].get<bool>());
  // The strike it leads to is the described strike from the same side, not yet rolled.
  nlohmann::json as_melee = fields;
  as_melee["attack"] = "melee";
  EXPECT_EQ(odds["results"], described(as_melee)["results"]);
  EXPECT_EQ(odds["modifiers"], described(as_melee)["modifiers"]);
  EXPECT_TRUE(described(as_melee)["commits"].get<bool>());
}

TEST(Ohw_DescribedOdds, ARedoubtShotEqualsTheGameWithOption5_4) {
  auto s = game_position({{"blue", "archers", 18, 6, 90}, {"red", "levies", 18, 14, 270}},
                         {{"redoubt", {14, 12, 22, 17}}}, false, 0, false, "redoubt");
  EXPECT_EQ(described({{"attack", "shoot"},
                       {"attacker", "archers"},
                       {"target", "levies"},
                       {"terrain", "redoubt"}}),
            s->action_odds(shoot(0, 1)));
}

nlohmann::json shot(const std::string& target, const std::string& terrain = "clear",
                    const std::string& attacker = "archers") {
  return described(
      {{"attack", "shoot"}, {"attacker", attacker}, {"target", target}, {"terrain", terrain}});
}

nlohmann::json strike(nlohmann::json more) {
  nlohmann::json f = {{"attack", "melee"}, {"attacker", "levies"}, {"target", "levies"}};
  for (const auto& [k, v] : more.items()) f[k] = v;
  return described(f);
}

TEST(Ohw_DescribedOdds, Clause_2_3_ArchersShootAtPlusTwoIrregularsAtMinusTwo) {
  EXPECT_EQ(shot("levies")["roll"], "d6+2");
  EXPECT_EQ(shot("levies", "clear", "irregulars")["roll"], "d6-2");     // 5.2
  EXPECT_EQ(shot("levies", "clear", "peasant-archers")["roll"], "d6");  // 5.3
}

TEST(Ohw_DescribedOdds, Clause_2_3_ii_MenAtArmsHalveTheShot) {
  EXPECT_TRUE(cites(shot("men-at-arms"), "ohw 2.3 ii"));
  EXPECT_EQ(shot("men-at-arms")["mean_hits"], "3");
  EXPECT_FALSE(cites(shot("levies"), "ohw 2.3 ii"));
  EXPECT_EQ(shot("levies")["mean_hits"], "11/2");
}

TEST(Ohw_DescribedOdds, Clause_2_3_i_ATownOrWoodsGivesCover) {
  EXPECT_TRUE(cites(shot("levies", "town"), "ohw 2.3 i"));
  EXPECT_TRUE(cites(shot("irregulars", "woods"), "ohw 2.3 i"));
  EXPECT_FALSE(cites(shot("levies"), "ohw 2.3 i"));
  // A ford is no cover against a shot (3.2 i is melee's).
  EXPECT_FALSE(cites(shot("levies", "ford"), "ohw 2.3 i"));
  EXPECT_EQ(shot("levies", "ford")["results"], shot("levies")["results"]);
}

TEST(Ohw_DescribedOdds, Clause_5_4_ARedoubtCoversFootOnly) {
  EXPECT_TRUE(cites(shot("levies", "redoubt"), "ohw 5.4"));
  EXPECT_FALSE(cites(shot("knights", "redoubt"), "ohw 5.4"));
}

TEST(Ohw_DescribedOdds, Clause_3_2_KnightsStrikeAtPlusTwoArchersAtMinusTwo) {
  EXPECT_EQ(strike({{"attacker", "knights"}})["roll"], "d6+2");
  EXPECT_EQ(strike({{"attacker", "archers"}})["roll"], "d6-2");
  EXPECT_EQ(strike({})["roll"], "d6");
}

TEST(Ohw_DescribedOdds, Clause_3_2_i_UphillAFordAndTheTownHalveOnce) {
  EXPECT_TRUE(cites(strike({{"uphill", "yes"}}), "ohw 3.2 i"));
  EXPECT_TRUE(cites(strike({{"terrain", "ford"}}), "ohw 3.2 i"));
  EXPECT_TRUE(cites(strike({{"terrain", "bridge"}}), "ohw 3.2 i"));
  EXPECT_TRUE(cites(strike({{"terrain", "town"}}), "ohw 3.2 i"));
  EXPECT_FALSE(cites(strike({}), "ohw 3.2 i"));
  EXPECT_FALSE(cites(strike({{"uphill", "no"}}), "ohw 3.2 i"));
  // The terrain halves once however many reasons apply (O-22).
  EXPECT_EQ(strike({{"uphill", "yes"}, {"terrain", "ford"}})["results"],
            strike({{"uphill", "yes"}})["results"]);
  EXPECT_NE(strike({{"uphill", "yes"}})["results"], strike({})["results"]);
}

TEST(Ohw_DescribedOdds, Clause_3_2_iii_TheFlankAndTheRearDouble) {
  EXPECT_TRUE(cites(strike({{"from", "flank"}}), "ohw 3.2 iii"));
  EXPECT_TRUE(cites(strike({{"from", "rear"}}), "ohw 3.2 iii"));
  EXPECT_FALSE(cites(strike({{"from", "front"}}), "ohw 3.2 iii"));
  EXPECT_EQ(strike({{"from", "flank"}})["mean_hits"], "7");
  EXPECT_EQ(strike({})["mean_hits"], "7/2");
}

TEST(Ohw_DescribedOdds, ScenarioS1_TheOathHalves) {
  EXPECT_TRUE(cites(strike({{"oath", true}}), "ohw scenario S1"));
  EXPECT_FALSE(cites(strike({{"oath", false}}), "ohw scenario S1"));
}

TEST(Ohw_DescribedOdds, Clause_4_HitsTakenAlreadyCountTowardTheRemoval) {
  const auto fresh = strike({});
  const auto worn = strike({{"hits", 12}});
  int removes = 0;
  for (const auto& r : worn["results"]) removes += r["removes"].get<bool>() ? 1 : 0;
  EXPECT_EQ(removes, 4);  // a d6 of 3 or more brings 12 to 15
  for (const auto& r : fresh["results"]) EXPECT_FALSE(r["removes"].get<bool>());
}

// The command line: output and exit code.
struct CliRun {
  int code;
  std::string out, err;
};
CliRun run(const std::vector<std::string>& args) {
  std::ostringstream out, err;
  const int code = run_described_odds_cli(args, out, err);
  return {code, out.str(), err.str()};
}

TEST(Ohw_DescribedOdds, TheCommandPrintsTheOddsTextAndJson) {
  const CliRun text = run({"--attack", "melee", "--attacker", "knights", "--target", "men-at-arms",
                           "--from", "flank", "--hits", "10"});
  EXPECT_EQ(text.code, 0) << text.err;
  EXPECT_NE(text.out.find("Described ohw melee: knights strike men-at-arms."), std::string::npos)
      << text.out;
  EXPECT_NE(text.out.find("[ohw 3.2 iii]"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("15 of 15: removed"), std::string::npos) << text.out;
  const CliRun json = run({"--attack=shoot", "--attacker=archers", "--target=levies", "--json"});
  ASSERT_EQ(json.code, 0) << json.err;
  const auto j = nlohmann::json::parse(json.out);
  EXPECT_EQ(j["situation"]["terrain"], "clear");
  EXPECT_EQ(j["odds"], shot("levies"));
  EXPECT_EQ(run({"--help"}).code, 0);
  EXPECT_NE(run({"--help"}).out.find("--uphill"), std::string::npos);
}

TEST(Ohw_DescribedOdds, ASituationFileGivesTheSameOddsAsTheFlags) {
  const std::string path = ::testing::TempDir() + "ohw_described_situation.json";
  std::ofstream(path) << R"({"attack": "melee", "attacker": "knights", "target": "levies",
                            "uphill": true, "hits": 3})";
  const CliRun file = run({"--situation", path, "--json"});
  ASSERT_EQ(file.code, 0) << file.err;
  const CliRun flags = run({"--attack", "melee", "--attacker", "knights", "--target", "levies",
                            "--uphill", "--hits", "3", "--json"});
  EXPECT_EQ(file.out, flags.out);
  // Negative: a file's unknown field, and a file with flags, are refused.
  std::ofstream(path) << R"({"attack": "melee", "charge": true})";
  const CliRun bad = run({"--situation", path});
  EXPECT_EQ(bad.code, 2);
  EXPECT_NE(bad.err.find("'charge' is not a field"), std::string::npos) << bad.err;
  EXPECT_EQ(run({"--situation", path, "--attack", "melee"}).code, 2);
}

// Scenario S2 in play: its men-at-arms r2 touching the bridge's south end in Red's Move phase,
// picked, with no Blue unit on the bridge.
nlohmann::json demolition_in_s2() {
  auto r = make_ruleset();
  auto text = r->builtin_scenario("s2");
  EXPECT_TRUE(text.ok());
  auto s = new_state(make_game(nlohmann::json::parse(*text), ""));
  int r2 = -1;
  for (int u = 0; u < s->ohw().num_units(); ++u)
    if (s->ohw().unit(u).id == "r2") r2 = u;
  s->debug_place(r2, at(14.5, 16), 90);  // its front on the line y = 17, x 16 to 21
  while (s->active() == 0 && is_legal(*s, act::kEndPhase)) play(*s, act::kEndPhase);
  play(*s, act::kSelectBase + r2);
  EXPECT_TRUE(is_legal(*s, act::kMoveBase + act::kDemolishCode));
  return s->action_odds(act::kMoveBase + act::kDemolishCode);
}

TEST(Ohw_DescribedOdds, ScenarioS2_TheDemolitionEqualsTheSameRollInAGame) {
  const nlohmann::json game_odds = demolition_in_s2();
  ASSERT_TRUE(game_odds.is_object());
  EXPECT_EQ(described({{"attack", "demolish"}, {"attacker", "men-at-arms"}}), game_odds);
  EXPECT_EQ(described({{"attack", "demolish"}}), game_odds);  // any type: levies by default
  EXPECT_EQ(game_odds["results"][0]["probability"], "1/3");   // S2: 5 or 6
  const CliRun text = run({"--attack", "demolish"});
  ASSERT_EQ(text.code, 0) << text.err;
  EXPECT_NE(text.out.find("Described ohw demolition (scenario S2): levies touching the end of "
                          "the bridge try to break it."),
            std::string::npos)
      << text.out;
  EXPECT_NE(text.out.find("The demolition:"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("[ohw scenario S2]"), std::string::npos) << text.out;
  // Negative: a strike's fields are no part of it.
  std::string error;
  EXPECT_TRUE(described({{"attack", "demolish"}, {"target", "levies"}}, &error).is_null());
  EXPECT_EQ(error,
            "--target is not part of a demolition: the unit touching the crossing's end rolls one "
            "die (ohw scenario S2).");
}

// Ruling O-42: what a description leaves out is the plainest case, and the help says so.
TEST(Ohw_DescribedOdds, O42_WhatIsNotGivenIsThePlainestCaseAndTheHelpSaysSo) {
  const nlohmann::json bare = {{"attack", "melee"}, {"attacker", "knights"}, {"target", "levies"}};
  nlohmann::json said = bare;
  said.update(
      {{"terrain", "clear"}, {"from", "front"}, {"uphill", false}, {"oath", false}, {"hits", 0}});
  EXPECT_EQ(described(bare), described(said));
  // Negative: a value other than the default changes the odds.
  nlohmann::json flank = bare;
  flank["from"] = "flank";
  EXPECT_NE(described(flank), described(bare));
  const CliRun help = run({"--help"});
  const std::string flat_help = game::testing::one_line(help.out);  // the help unwrapped
  for (const char* words :
       {"clear (default)", "front (default)", "0 (the default)", "ruling O-42", "default levies"})
    EXPECT_NE(flat_help.find(words), std::string::npos) << words;
}

TEST(Ohw_DescribedOdds, BadInputIsOneSentenceNamingTheFlagAndExitCode2) {
  struct Case {
    std::vector<std::string> args;
    std::string says;
  };
  const std::vector<Case> cases = {
      {{"--attacker", "knights", "--target", "levies"},
       "--attack must be given: shoot, melee, charge or demolish"},
      {{"--attack", "melee", "--attacker", "dragons", "--target", "levies"},
       "--attacker is 'dragons', which is not one of: knights, men-at-arms"},
      {{"--attack", "shoot", "--attacker", "knights", "--target", "levies"},
       "--attacker is knights, who do not shoot"},
      {{"--attack", "melee", "--attacker", "knights", "--target", "levies", "--hits", "15"},
       "--hits is '15', but must be a whole number from 0 to 14"},
      {{"--attack", "shoot", "--attacker", "archers", "--target", "levies", "--uphill"},
       "--uphill counts only in melee"},
      {{"--attack", "shoot", "--attacker", "archers", "--target", "levies", "--from", "flank"},
       "--from counts only in melee"},
      {{"--attack", "melee", "--attacker", "knights", "--target", "levies", "--terrain", "woods"},
       "--terrain is woods, where levies cannot stand"},
      {{"--attack", "melee", "--attacker", "knights", "--target", "levies", "--terrain", "swamp"},
       "--terrain is 'swamp', which is not one of: clear, town, woods, redoubt, ford or bridge"},
      {{"--attack", "melee", "--attacker", "knights", "--target", "levies", "--uphill=maybe"},
       "--uphill is 'maybe', but must be yes or no"},
      {{"--move", "3"}, "--move and --action belong to a saved position"},
      {{"--attack", "charge", "--attacker", "levies", "--target", "levies", "--terrain", "redoubt"},
       "--terrain is redoubt: a charge on foot there is fought only a turn later"},
      {{"--charge"}, "--charge"},
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
}  // namespace carroccio::ohw
