// `carroccio odds gwkho ...`: a close combat, shot or artillery fire described without a game
// (odds_cli.hpp). Its odds equal those a game in play shows for the same fight
// (GwkhoState::action_odds), every flag changes them as its clause says, and bad input is one
// sentence naming the flag and what it allows, exit code 2.
#include <algorithm>
#include <cctype>
#include <sstream>

#include "game/tests/ruleset_testing.hpp"
#include "rulesets/gwkho/odds_cli.hpp"
#include "rulesets/gwkho/resolve_shooting.hpp"
#include "rulesets/gwkho/tests/test_util.hpp"

namespace carroccio::gwkho {
namespace {

using nlohmann::json;
using testing::find;
using testing::make_game;
using testing::small_scenario;
using testing::start;
using testing::start_moves;

using testing::kIn;

// ---- A situation the game filled, written back as a description (every field it has).

json side_json(const CombatSide& c) {
  json j = {{"troop", troop_text(c.troop)}};
  if (c.status != Status::kNone) j["status"] = std::string(status_id(c.status));
  json peoples = json::array();
  for (int p = 0; p < kNumPeoples; ++p)
    if (c.peoples.has(static_cast<People>(p)))
      peoples.push_back(std::string(people_id(static_cast<People>(p))));
  if (!peoples.empty()) j["peoples"] = peoples;
  j["morale"] = std::string(morale_id(c.morale));
  j["general"] = c.general;
  j["upgraded"] = c.die != 0;
  json ranks = json::array();
  for (Troop t : c.ranks) ranks.push_back(troop_text(t));
  j["ranks"] = ranks;
  j["flank"] = c.flank_enemies;
  j["rear"] = c.rear_enemies;
  j["going"] = std::string(going_name(c.going));
  j["behind_obstacle"] = c.behind_linear;
  j["fortified"] = c.behind_fortification;
  j["uphill"] = c.uphill;
  j["charged"] = c.made_contact;
  j["turned"] = c.contacted_on_flank_or_rear;
  j["moved"] = static_cast<double>(c.moved) / kUnitsPerInch;
  j["fought_last_bound"] = c.fought_last_bound;
  j["breakthrough"] = c.breakthrough;
  j["failed_to_push_back"] = c.failed_to_push_back;
  j["no_room"] = c.cannot_recoil;
  return j;
}

json combat_json(const CombatSituation& s) {
  return {{"attacker", side_json(s.a)},
          {"defender", side_json(s.b)},
          {"year", s.year},
          {"round", s.follow_up_contact ? "follow-up"
                    : s.just_contacted  ? "first"
                                        : "later"}};
}

// The odds without the names of the elements (a game names its elements, a description its
// roles): everything else, every number and clause, compared exactly.
json numbers(json odds) {
  for (const char* side : {"first", "second"})
    if (odds.contains(side)) {
      odds[side].erase("id");
      odds[side].erase("name");
    }
  for (const char* k : {"result_heads", "shooter", "target", "shooter_name", "target_name"})
    odds.erase(k);
  for (auto& m : odds["modifiers"]) {
    // "Hc(o) #2 +1: general with the element" -> "+1: general with the element"
    const std::string what = m["what"].get<std::string>();
    const auto space = what.rfind(' ', what.find(": "));
    m["what"] = space == std::string::npos ? what : what.substr(space + 1);
  }
  for (auto& r : odds["results"]) r.erase("result");
  return odds;
}

DescribedFight described(const json& situation) {
  auto f = describe_fight(situation);
  EXPECT_TRUE(f.ok()) << (f.ok() ? "" : f.message()) << "\n" << situation.dump();
  if (!f) return {};
  return *f;
}

// ---- The same fight in a game and described

TEST(Gwkho_DescribedOdds, Clause_CC_14_ADescribedCombatHasTheOddsOfTheSameCombatInAGame) {
  const auto g = make_game(small_scenario());
  auto st = start(g);
  st->debug_set_pips(0, 6);
  const int e = find(*g, "red.0.0.0"), t = find(*g, "blue.0.0.0");
  const geo::Point tc = st->element(t).base.centre();
  st->debug_place(e, geo::Point{tc.x + 300, tc.y + 1500 + 3 * kIn / 2}, 270);
  const game::Action contact = st->contact_action(e, t);
  const json game_odds = st->action_odds(contact);
  ASSERT_TRUE(game_odds.is_object());
  ASSERT_TRUE(st->apply(contact).ok());
  const CombatSituation cs = st->combat_situation(e, t);
  ASSERT_TRUE(cs.a.made_contact);  // the knight charged; the game's general stands with it
  const DescribedFight f = described(combat_json(cs));
  EXPECT_EQ(f.odds["kind"], "close_combat");
  EXPECT_EQ(numbers(f.odds), numbers(game_odds)) << f.odds.dump(1) << "\n" << game_odds.dump(1);
  // Negative: the same description with the general left out is another combat.
  json other = combat_json(cs);
  other["attacker"]["general"] = !cs.a.general;
  EXPECT_NE(numbers(described(other).odds), numbers(game_odds));
}

TEST(Gwkho_DescribedOdds, Clause_Sht_1_ADescribedShotHasTheOddsOfTheSameShotInAGame) {
  const auto g = make_game(small_scenario());
  auto st = start(g);
  st->debug_set_pips(0, 0);
  const int s = find(*g, "blue.0.1.5"), t = find(*g, "red.0.0.1");
  st->debug_place(s, geo::Point{36 * kIn, 20 * kIn}, 90);
  const geo::Point sc = st->element(s).base.centre();
  st->debug_place(t, geo::Point{sc.x, sc.y + 500 + 3 * kIn + 750}, 270);
  testing::hold_side(*st, 0);
  ASSERT_TRUE(st->apply(act::kEndMoves).ok());
  ASSERT_EQ(st->phase(), Phase::kShoot);
  const int shooter = st->pending_a();
  ASSERT_EQ(st->pending_b(), t);
  const ShotSituation ss = st->shot_situation(shooter, t);
  const json game_odds = st->action_odds(act::kShotDice);
  json ranks = json::array();
  for (Troop r : ss.ranks) ranks.push_back(troop_text(r));
  const json situation = {{"shooter",
                           {{"troop", troop_text(ss.shooter)},
                            {"weapon", std::string(weapon_id(ss.weapon))},
                            {"morale", std::string(morale_id(ss.morale))},
                            {"ranks", ranks},
                            {"front_rank_only", ss.front_rank_only}}},
                          {"target",
                           {{"troop", troop_text(ss.target)},
                            {"cover", ss.cover == Cover::kNone    ? "none"
                                      : ss.cover == Cover::kCover ? "cover"
                                                                  : "fortification"},
                            {"enfilade", ss.enfilade}}},
                          {"range", static_cast<double>(ss.range) / kUnitsPerInch},
                          {"year", g->scenario_data().year}};
  const DescribedFight f = described(situation);
  EXPECT_EQ(f.odds["kind"], "shot");
  EXPECT_EQ(numbers(f.odds), numbers(game_odds)) << f.odds.dump(1) << "\n" << game_odds.dump(1);
  // Negative: the same shot taking the target in flank is another shot (Sht-4).
  json other = situation;
  other["target"]["enfilade"] = !ss.enfilade;
  EXPECT_NE(numbers(described(other).odds), numbers(game_odds));
}

TEST(Gwkho_DescribedOdds, Clause_Sht_11_DescribedArtilleryFireHasTheOddsOfTheSameFireInAGame) {
  // The test scenario with a heavy gun added to red's second command (as fight_test's).
  json army = json::parse(testing::read_file(std::string(CARROCCIO_SOURCE_DIR) +
                                             "/scenarios/gwkho/armies/legnano-imperial.json"));
  army["commands"][1]["elements"].push_back({{"type", "H.Art"}, {"grade", "o"}, {"count", 1}});
  json j = small_scenario("red", false);
  j["sides"][0]["army"] = army;
  j["sides"][0]["deploy"].push_back(
      {{"command", 1}, {"group", 4}, {"frontage", 1}, {"at", {62, 46}}, {"heading", 270}});
  const auto g = make_game(j);
  auto st = start_moves(g);
  const int gun = find(*g, "red.1.4.0");
  const int hi = find(*g, "blue.1.2.0"), li = find(*g, "blue.2.3.0");
  st->debug_place(gun, geo::Point{36 * kIn, 30 * kIn}, 270);
  const std::int64_t front = 30 * kIn - 1000;
  st->debug_place(hi, geo::Point{36 * kIn, front - 3 * kIn - 500}, 90);
  st->debug_place(li, geo::Point{36 * kIn, front - 3 * kIn - 1500}, 90);
  ASSERT_TRUE(st->apply(act::kEndMoves).ok());
  ASSERT_EQ(st->pending_a(), gun);
  ASSERT_TRUE(st->apply(act::kChooseTarget + hi).ok());
  ASSERT_EQ(st->fight_step(), FightStep::kArtilleryDice);
  const json game_odds = st->action_odds(act::kArtilleryDice);
  // The two elements as the game reads them for artillery fire (its artillery_situation: the
  // close-combat sides, neither counted as having charged).
  CombatSituation cs = st->combat_situation(gun, hi);
  cs.a.made_contact = cs.b.made_contact = false;
  json situation = {{"shooter", side_json(cs.a)}, {"target", side_json(cs.b)}};
  const DescribedFight f = described(situation);
  EXPECT_EQ(f.odds["kind"], "artillery_fire");
  EXPECT_EQ(numbers(f.odds), numbers(game_odds)) << f.odds.dump(1) << "\n" << game_odds.dump(1);
  // Negative: the target shaken is another fire (CC-9).
  situation["target"]["morale"] = "shaken";
  EXPECT_NE(numbers(described(situation).odds), numbers(game_odds));
}

// ---- Each detail as its clause says (positive and negative)

// The factors of one side of a described combat, by their text.
bool has_factor(const json& odds, const char* side, std::string_view text) {
  for (const auto& f : odds[side]["factors"])
    if (f["text"] == text) return true;
  return false;
}

json fight(json attacker, json defender, json extra = json::object()) {
  json j = {{"attacker", std::move(attacker)}, {"defender", std::move(defender)}};
  j.update(extra);
  return described(j).odds;
}

TEST(Gwkho_DescribedOdds, Clause_CC_9_AGeneralAndAnEnemyOnTheFlankChangeTheFactors) {
  const json plain = fight({{"troop", "Hc(o)"}}, {{"troop", "Hc(o)"}});
  const json general = fight({{"troop", "Hc(o)"}, {"general", true}}, {{"troop", "Hc(o)"}});
  EXPECT_TRUE(has_factor(general, "first", "general with the element"));
  EXPECT_FALSE(has_factor(plain, "first", "general with the element"));
  EXPECT_EQ(general["first"]["total"].get<int>(), plain["first"]["total"].get<int>() + 1);
  const json flank = fight({{"troop", "Hc(o)"}, {"flank", 1}}, {{"troop", "Hc(o)"}});
  EXPECT_TRUE(has_factor(flank, "first", "an enemy front on its flank"));
  EXPECT_FALSE(has_factor(plain, "first", "an enemy front on its flank"));
  const json shaken = fight({{"troop", "Hc(o)"}, {"morale", "shaken"}}, {{"troop", "Hc(o)"}});
  EXPECT_TRUE(has_factor(shaken, "first", "shaken"));
  EXPECT_FALSE(has_factor(plain, "first", "shaken"));
}

TEST(Gwkho_DescribedOdds, Clause_CC_5_RanksOfPikeCountOnlyInGoodGoing) {
  const json pike = {{"troop", "Pk(o)"}, {"ranks", {"Pk(o)", "Pk(o)"}}};
  const json open = fight(pike, {{"troop", "HI(o)"}});
  EXPECT_TRUE(has_factor(open, "first", "second rank of the same pike or phalanx"));
  json rough = pike;
  rough["going"] = "rough";
  // Negative: in rough going the ranks do not count.
  EXPECT_FALSE(has_factor(fight(rough, {{"troop", "HI(o)"}}), "first",
                          "second rank of the same pike or "
                          "phalanx"));
  EXPECT_FALSE(has_factor(fight({{"troop", "Pk(o)"}}, {{"troop", "HI(o)"}}), "first",
                          "second rank of the same pike or phalanx"));
}

TEST(Gwkho_DescribedOdds, Clause_CC_1_AnUpgradedDieIsTheOneTheGameWouldSell) {
  const json plain = fight({{"troop", "HI(o)"}}, {{"troop", "HI(o)"}});
  const json upgraded = fight({{"troop", "HI(o)"}, {"upgraded", true}}, {{"troop", "HI(o)"}});
  CombatSituation s;
  s.a.troop = *parse_troop("HI(o)");
  s.b.troop = s.a.troop;
  s.just_contacted = true;
  ASSERT_TRUE(bought_combat_die(s, false).has_value());
  EXPECT_EQ(upgraded["first"]["die"], *bought_combat_die(s, false));
  EXPECT_EQ(plain["first"]["die"], own_combat_die(s, false));
  EXPECT_EQ(upgraded["total"].get<int>(),
            *bought_combat_die(s, false) * plain["second"]["die"].get<int>());
  // Negative: a troop the rules give no better die (Hc(o)) may not buy one.
  auto refused = describe_fight(
      {{"attacker", {{"troop", "Hc(o)"}, {"upgraded", true}}}, {"defender", {{"troop", "Hc(o)"}}}});
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.message(), "The attacker: Hc(o) may not buy a better combat die (CC-1).");
}

TEST(Gwkho_DescribedOdds, Clause_CC_14_NoRoomToRecoilTurnsARecoilIntoDestruction) {
  const auto destroyed = [](const json& odds) {
    std::uint64_t w = 0;
    for (const auto& o : odds["outcomes"])
      if (o["second"] == "destroyed") w += o["weight"].get<std::uint64_t>();
    return w;
  };
  const json room = fight({{"troop", "Hc(o)"}}, {{"troop", "Hc(o)"}});
  const json no_room = fight({{"troop", "Hc(o)"}}, {{"troop", "Hc(o)"}, {"no_room", true}});
  EXPECT_GT(destroyed(no_room), destroyed(room));
  // Negative: the attacker's want of room does not touch the defender's fate.
  const json a_no_room = fight({{"troop", "Hc(o)"}, {"no_room", true}}, {{"troop", "Hc(o)"}});
  EXPECT_EQ(destroyed(a_no_room), destroyed(room));
}

TEST(Gwkho_DescribedOdds, Clause_Sht_8_CoverCountsForFootTargetsOnly) {
  const auto shot = [](const char* target, const char* cover) {
    return described({{"shooter", {{"troop", "Lb(o)"}}},
                      {"target", {{"troop", target}, {"cover", cover}}},
                      {"range", 3}})
        .odds;
  };
  const auto has = [](const json& odds, std::string_view what) {
    for (const auto& m : odds["modifiers"])
      if (m["what"].get<std::string>().find(what) != std::string::npos) return true;
    return false;
  };
  EXPECT_TRUE(has(shot("HI(o)", "cover"), "foot target in cover"));
  EXPECT_FALSE(has(shot("HI(o)", "none"), "foot target in cover"));
  // Negative: mounted in cover get nothing for it.
  EXPECT_FALSE(has(shot("Hc(o)", "cover"), "foot target in cover"));
}

// ---- The command line

using testing::CliRun;

CliRun cli(std::vector<std::string> args) {
  return testing::run_cli(run_described_odds_cli, std::move(args));
}

TEST(Gwkho_DescribedOdds, CommandLineDetailsAreTheFileKeys) {
  auto spec = element_from_spec(
      "Pk(o), ranks=Pk(o)+Pk(o), general, rough, shaken, moved=2.5, "
      "no-room=no, flank=1",
      "--attacker");
  ASSERT_TRUE(spec.ok()) << spec.message();
  EXPECT_EQ(*spec, (json{{"troop", "Pk(o)"},
                         {"ranks", {"Pk(o)", "Pk(o)"}},
                         {"general", true},
                         {"going", "rough"},
                         {"morale", "shaken"},
                         {"moved", 2.5},
                         {"no_room", false},
                         {"flank", 1}}));
  const CliRun r = cli({"--attacker", "Hc(o),general,charged", "--defender", "Pk(o),ranks=Pk(o)"});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("attacker: Hc(o), charged, general"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("[gwkho CC-9]"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Results:"), std::string::npos) << r.out;
  const CliRun j = cli({"--shooter", "Lb(o)", "--target", "Hc(o)", "--range", "4", "--json"});
  ASSERT_EQ(j.code, 0) << j.err;
  const json parsed = json::parse(j.out);
  EXPECT_EQ(parsed["odds"]["kind"], "shot");
  EXPECT_EQ(parsed["situation"]["range"], 4);
  const CliRun help = cli({"--help"});
  EXPECT_EQ(help.code, 0);
  for (const char* flag : {"--attacker", "--defender", "--shooter", "--target", "--round", "--year",
                           "--range", "--situation", "--json"})
    EXPECT_NE(help.out.find(flag), std::string::npos) << flag;
}

TEST(Gwkho_DescribedOdds, BadInputIsOneSentenceNamingTheFlagAndExitCode2) {
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"--attacker", "Zz(o)", "--defender", "Hc(o)"},
       "--attacker: 'Zz(o)' is not a troop of the rulebook"},
      {{"--attacker", "Hc(o),going=swamp", "--defender", "Hc(o)"},
       "--attacker: going must be open, rough, bad or road."},
      {{"--attacker", "Hc(o),dancing", "--defender", "Hc(o)"},
       "'--attacker Hc(o),dancing': 'dancing' is neither key=value"},
      {{"--attacker", "Hc(o)"}, "A close combat needs --defender too"},
      {{"--attacker", "Hc(o)", "--defender", "Hc(o)", "--round", "third"}, "--round must be first"},
      {{"--shooter", "Lb(o)", "--target", "Hc(o)"}, "A shot needs --range INCHES"},
      {{"--shooter", "Lb(o)", "--target", "Hc(o)", "--range", "40"}, "--range 40 is beyond"},
      {{"--shooter", "Hc(o)", "--target", "Hc(o)", "--range", "2"},
       "--shooter: a Hc(o) does not "
       "shoot"},
      {{"--attacker", "Hc(o)", "--defender", "Hc(o)", "--shooter", "Lb(o)"},
       "Describe either a close combat"},
      {{"--shooter", "Lb(o),general", "--target", "Hc(o)", "--range", "2"},
       "--shooter has no detail 'general' here"},
      {{"--shooter", "H.Art(o),moved=1", "--target", "Hc(o)"}, "--shooter: a H.Art(o) that moved"},
      {{"--move", "3"}, "--move and --action belong to a saved position"}};
  for (const auto& [args, sentence] : cases) {
    const CliRun r = cli(args);
    EXPECT_EQ(r.code, 2) << sentence;
    EXPECT_TRUE(r.out.empty()) << r.out;
    EXPECT_EQ(r.err.rfind("carroccio: " + sentence, 0), 0u) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 2) << r.err;
  }
  // Negative: the same flags with good values are answered.
  EXPECT_EQ(cli({"--attacker", "Hc(o),going=rough", "--defender", "Hc(o)"}).code, 0);
}

TEST(Gwkho_DescribedOdds, G78_WhatIsNotGivenIsThePlainestCaseAndTheHelpSaysSo) {
  // Not given: the year 1400 and the first round; an element steady, in open going, with no
  // status, people, general, rank, enemy beside it, charge or move.
  const json swiss = {{"troop", "Pk(o)"}, {"peoples", {"swiss"}}};
  const DescribedFight bare = described({{"attacker", swiss}, {"defender", {{"troop", "Pk(o)"}}}});
  json plain = {{"troop", "Pk(o)"}, {"status", "none"}, {"morale", "steady"}, {"going", "open"},
                {"general", false}, {"flank", 0},       {"rear", 0},          {"charged", false},
                {"turned", false},  {"moved", 0},       {"uphill", false},    {"no_room", false}};
  json swiss_plain = plain;
  swiss_plain["peoples"] = {"swiss"};
  const DescribedFight said = described(
      {{"attacker", swiss_plain}, {"defender", plain}, {"year", 1400}, {"round", "first"}});
  EXPECT_EQ(bare.description["year"], 1400);
  EXPECT_EQ(bare.description["round"], "first");
  EXPECT_EQ(bare.odds, said.odds);
  // Negative: a year after 1525 takes the Swiss pike's d8 away (CC-1), and a later round is not
  // the first.
  const DescribedFight late =
      described({{"attacker", swiss}, {"defender", {{"troop", "Pk(o)"}}}, {"year", 1550}});
  EXPECT_NE(late.odds["first"], bare.odds["first"]);
  const DescribedFight later =
      described({{"attacker", swiss}, {"defender", {{"troop", "Pk(o)"}}}, {"round", "later"}});
  EXPECT_EQ(later.description["round"], "later");
  // The help names the defaults and the ruling.
  const CliRun help = cli({"--help"});
  const std::string flat_help = game::testing::one_line(help.out);  // the help unwrapped
  for (const char* words :
       {"default 1400", "the default", "ruling G-78", "steady (the default)", "open (the default)"})
    EXPECT_NE(flat_help.find(words), std::string::npos) << words;
}

TEST(Gwkho_DescribedOdds, TheRulesetOffersIt) {
  const auto r = make_ruleset();
  const auto d = r->described_odds();
  ASSERT_TRUE(d.has_value());
  EXPECT_NE(d->usage.find("carroccio odds gwkho"), std::string::npos);
}

}  // namespace
}  // namespace carroccio::gwkho
