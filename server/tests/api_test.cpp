// The HTTP/JSON API against a real server on loopback (in this process).
#include <gtest/gtest.h>

#include <atomic>
#include <fstream>
#include <set>

#include "core/hash.hpp"
#include "core/rng.hpp"
#include "game/record.hpp"
#include "server/tests/test_util.hpp"

namespace carroccio::server {
namespace {

using nlohmann::json;
using testing::Answer;
using testing::call;
using testing::get;
using testing::post;

class ApiTest : public testing::LiveServerTest {
 protected:
  // Restarts the server on the same database.
  void restart() {
    const std::vector<std::string> tokens = client_->tokens;  // the browser keeps its seats
    client_.reset();
    server_.reset();
    server_ = std::make_unique<testing::LiveServer>(dir_.file("games.db"));
    ASSERT_TRUE(server_->ok());
    client_ = testing::make_client(server_->port());
    client_->tokens = tokens;
  }

  json race(const std::string& red, const std::string& blue, std::uint64_t seed = 5,
            const std::string& scenario = "sprint") {
    return testing::create_game(c(), {{"ruleset", "race"},
                                      {"scenario", scenario},
                                      {"players", {{"red", red}, {"blue", blue}}},
                                      {"seed", seed}});
  }

  // Applies `action` as the side whose turn it is; returns the answer.
  Answer act(const std::string& id, int action, std::size_t expect) {
    return post(c(), "/api/games/" + id + "/actions",
                {{"action", action}, {"expect_history", expect}});
  }
};

void expect_error(const Answer& a, int status) { testing::expect_refusal(a, status); }

TEST_F(ApiTest, HealthRulesetsScenariosAndAgents) {
  const Answer health = get(c(), "/api/health");
  EXPECT_EQ(health.status, 200);
  EXPECT_EQ(health.json["ok"], true);
  EXPECT_NE(health.content_type.find("application/json"), std::string::npos);

  const Answer rulesets = get(c(), "/api/rulesets");
  ASSERT_EQ(rulesets.status, 200);
  std::set<std::string> ids;
  for (const auto& r : rulesets.json) ids.insert(r["id"].get<std::string>());
  EXPECT_TRUE(ids.count("bma") && ids.count("alsh") && ids.count("race"));
  const Answer bma = get(c(), "/api/rulesets/bma");
  ASSERT_EQ(bma.status, 200);
  EXPECT_EQ(bma.json["scenarios"][0]["id"], "legnano");
  EXPECT_TRUE(bma.json["plays_games"].get<bool>());
  // The opponent the lobby offers first (RulesetInfo::suggested_opponent); null when a
  // ruleset suggests none.
  EXPECT_EQ(bma.json["suggested_opponent"], "mcts");
  const Answer alsh = get(c(), "/api/rulesets/alsh");
  ASSERT_EQ(alsh.status, 200);
  EXPECT_TRUE(alsh.json["suggested_opponent"].is_null());

  const Answer legnano = get(c(), "/api/rulesets/bma/scenarios/legnano");
  ASSERT_EQ(legnano.status, 200);
  EXPECT_EQ(legnano.json["ruleset"], "bma");
  expect_error(get(c(), "/api/rulesets/nope"), 404);
  expect_error(get(c(), "/api/rulesets/bma/scenarios/nope"), 404);

  const Answer agents = get(c(), "/api/agents");
  ASSERT_EQ(agents.status, 200);
  EXPECT_EQ(agents.json["players"][0], "human");
  EXPECT_NE(std::find(agents.json["players"].begin(), agents.json["players"].end(), "random"),
            agents.json["players"].end());
}

TEST_F(ApiTest, CreateReadAndListAGame) {
  const json created = race("human", "human", 11);
  ASSERT_TRUE(created.is_object());
  const std::string id = created["id"];
  EXPECT_EQ(id.rfind("g-", 0), 0u);
  EXPECT_EQ(created["ruleset"], "race");
  EXPECT_EQ(created["scenario"], "sprint");
  EXPECT_EQ(created["seed"], 11);
  EXPECT_EQ(created["players"]["red"], "human");
  EXPECT_EQ(created["history_length"], 0);
  EXPECT_EQ(created["current_player"], "red");
  EXPECT_EQ(created["waiting_for"], "human");
  EXPECT_EQ(created["terminal"], false);
  EXPECT_TRUE(created["returns"].is_null());
  EXPECT_TRUE(created["state"].is_object() || created["state"].is_null());
  EXPECT_EQ(created["viewer"], "spectator");  // two people: no one side's view
  EXPECT_TRUE(created["legal"].empty());

  const Answer red = get(c(), "/api/games/" + id + "?viewer=red");
  ASSERT_EQ(red.status, 200);
  EXPECT_EQ(red.json["viewer"], "red");
  EXPECT_EQ(red.json["legal"].size(), 3u);  // step, d6, 2d6
  EXPECT_EQ(red.json["legal"][0]["id"], tests::kRaceStep);
  const Answer blue = get(c(), "/api/games/" + id + "?viewer=blue");
  EXPECT_TRUE(blue.json["legal"].empty());  // not blue's turn
  expect_error(get(c(), "/api/games/" + id + "?viewer=green"), 400);
  expect_error(get(c(), "/api/games/" + id + "?viewer=referee"), 422);  // not over yet

  const Answer legal = get(c(), "/api/games/" + id + "/legal?viewer=red");
  ASSERT_EQ(legal.status, 200);
  EXPECT_EQ(legal.json["legal"].size(), 3u);
  EXPECT_EQ(legal.json["current_player"], "red");

  // A new game may be shown as any side asks (the front end asks as the side it plays).
  const Answer as_blue =
      post(c(), "/api/games?viewer=blue",
           {{"ruleset", "race"}, {"players", {{"red", "human"}, {"blue", "human"}}}});
  ASSERT_EQ(as_blue.status, 201) << as_blue.body;
  for (const auto& [side, token] : as_blue.json["seats"].items()) c().tokens.push_back(token);
  EXPECT_EQ(as_blue.json["viewer"], "blue");
  expect_error(post(c(), "/api/games?viewer=green",
                    {{"ruleset", "race"}, {"players", {{"red", "human"}, {"blue", "human"}}}}),
               400);

  const json other = race("human", "random", 12);
  const Answer list = get(c(), "/api/games");
  ASSERT_EQ(list.status, 200);
  ASSERT_EQ(list.json.size(), 3u);             // the refused one was not stored
  EXPECT_EQ(list.json[0]["id"], other["id"]);  // most recently updated first
  EXPECT_EQ(list.json[2]["id"], id);
  EXPECT_EQ(list.json[2]["players"]["blue"], "human");
  EXPECT_EQ(get(c(), "/api/games?limit=1").json.size(), 1u);
  EXPECT_EQ(get(c(), "/api/games?limit=1&offset=2").json[0]["id"], id);
  expect_error(get(c(), "/api/games?limit=abc"), 400);
  expect_error(get(c(), "/api/games?limit=0"), 400);
}

TEST_F(ApiTest, BadNewGamesAreRefusedWithOneSentence) {
  const json good = {{"ruleset", "race"}, {"players", {{"red", "human"}, {"blue", "random"}}}};
  EXPECT_EQ(post(c(), "/api/games", good).status, 201);
  expect_error(call(c(), "POST", "/api/games", "{\"ruleset\": "), 400);
  expect_error(call(c(), "POST", "/api/games", ""), 400);
  expect_error(call(c(), "POST", "/api/games", "[1, 2]"), 400);
  expect_error(call(c(), "POST", "/api/games", std::string(100, '[')), 400);
  json bad = good;
  bad["colour"] = "red";
  expect_error(post(c(), "/api/games", bad), 400);
  bad = good;
  bad.erase("players");
  expect_error(post(c(), "/api/games", bad), 400);
  bad = good;
  bad["players"].erase("blue");
  expect_error(post(c(), "/api/games", bad), 400);
  bad = good;
  bad["players"]["green"] = "human";
  expect_error(post(c(), "/api/games", bad), 400);
  bad = good;
  bad["players"]["blue"] = "grandmaster";
  expect_error(post(c(), "/api/games", bad), 400);
  bad = good;
  bad["players"]["blue"] = "random:depth=3";
  expect_error(post(c(), "/api/games", bad), 400);
  bad = good;
  bad["players"]["blue"] = 7;
  expect_error(post(c(), "/api/games", bad), 400);
  bad = good;
  bad["ruleset"] = "chess";
  expect_error(post(c(), "/api/games", bad), 404);
  bad = good;
  bad["scenario"] = "nowhere";
  expect_error(post(c(), "/api/games", bad), 404);
  bad = good;
  bad["options"] = "teleport";
  expect_error(post(c(), "/api/games", bad), 400);
  bad = good;
  bad["options"] = 3;
  expect_error(post(c(), "/api/games", bad), 400);
  bad = good;
  bad["seed"] = -1;
  expect_error(post(c(), "/api/games", bad), 400);
  bad = good;
  bad["seed"] = 1.5;
  expect_error(post(c(), "/api/games", bad), 400);
  bad = {{"ruleset", "alsh"}, {"players", json::object()}};
  expect_error(post(c(), "/api/games", bad), 422);  // referee tables only

  json with_options = good;
  with_options["options"] = json::array({"cautious", "pace=short"});
  with_options["seed"] = "18446744073709551615";
  const Answer a = post(c(), "/api/games", with_options);
  ASSERT_EQ(a.status, 201) << a.body;
  EXPECT_EQ(a.json["options"], "cautious,pace=short");
  EXPECT_EQ(a.json["seed"], 18446744073709551615ull);
  EXPECT_EQ(a.json["viewer"], "red");     // the only person's side
  EXPECT_EQ(a.json["legal"].size(), 2u);  // cautious: no 2d6
}

TEST_F(ApiTest, DecisionsAreCheckedAndPersistedBeforeTheAnswer) {
  const json g = race("human", "random", 3);
  const std::string id = g["id"];
  expect_error(act(id, tests::kRaceStep, 1), 409);  // stale
  expect_error(act(id, 12345, 0), 422);             // illegal
  expect_error(act("g-doesnotexist", tests::kRaceStep, 0), 404);
  expect_error(act("bad%20id!", tests::kRaceStep, 0), 404);
  expect_error(
      post(c(), "/api/games/" + id + "/actions", {{"action", "step"}, {"expect_history", 0}}), 400);
  expect_error(post(c(), "/api/games/" + id + "/actions", {{"action", 0}}), 400);
  expect_error(post(c(), "/api/games/" + id + "/actions", {{"action", 0}, {"expect_history", -2}}),
               400);
  expect_error(
      post(c(), "/api/games/" + id + "/actions", {{"action", 4294967296ll}, {"expect_history", 0}}),
      400);
  expect_error(post(c(), "/api/games/" + id + "/actions",
                    {{"action", 0}, {"expect_history", 0}, {"side", "blue"}}),
               422);  // not blue's turn
  expect_error(post(c(), "/api/games/" + id + "/actions",
                    {{"action", 0}, {"expect_history", 0}, {"side", "green"}}),
               400);
  EXPECT_EQ(get(c(), "/api/games/" + id).json["history_length"], 0);  // nothing changed

  const Answer a = post(c(), "/api/games/" + id + "/actions",
                        {{"action", tests::kRaceStep}, {"expect_history", 0}, {"side", "red"}});
  ASSERT_EQ(a.status, 200) << a.body;
  EXPECT_EQ(a.json["viewer"], "red");
  EXPECT_GE(a.json["history_length"].get<int>(), 1);
  // Now blue, played by an agent, moves in the background; red cannot act for blue.
  const json view = testing::wait_for_people(c(), id);
  ASSERT_EQ(view["waiting_for"], "human") << view.dump();
  EXPECT_EQ(view["current_player"], "red");
  const auto n = view["history_length"].get<std::size_t>();
  EXPECT_GE(n, 2u);
  // The agent's decision is stored: a restarted server shows the same position.
  const std::string hash = view["hash"];
  restart();
  const Answer again = get(c(), "/api/games/" + id);
  ASSERT_EQ(again.status, 200);
  EXPECT_EQ(again.json["history_length"], n);
  EXPECT_EQ(again.json["hash"], hash);
}

TEST_F(ApiTest, ADecisionForAnAgentsSideIsRefused) {
  const json g = race("random", "human", 4);
  const std::string id = g["id"];
  // Red is an agent: by the time we ask, it may already have moved; either way red's turn is
  // never ours.
  const json view = testing::wait_for_people(c(), id);
  ASSERT_EQ(view["current_player"], "blue");
  const auto n = view["history_length"].get<std::size_t>();
  expect_error(post(c(), "/api/games/" + id + "/actions",
                    {{"action", 0}, {"expect_history", n}, {"side", "red"}}),
               422);
}

TEST_F(ApiTest, TwoBrowsersPlayOneGameOneSideEach) {
  const json g = race("human", "human", 9);
  const std::string id = g["id"];
  auto red = testing::make_client(server_->port());
  auto blue = testing::make_client(server_->port());
  red->tokens = {g["seats"]["red"].get<std::string>()};  // each browser holds its own seat
  blue->tokens = {g["seats"]["blue"].get<std::string>()};
  std::size_t n = 0;
  for (int turn = 0; turn < 6; ++turn) {
    testing::Client& mover = turn % 2 == 0 ? *red : *blue;
    testing::Client& waiter = turn % 2 == 0 ? *blue : *red;
    const std::string me = turn % 2 == 0 ? "red" : "blue";
    const std::string other = turn % 2 == 0 ? "blue" : "red";
    const Answer mine = get(mover, "/api/games/" + id + "?viewer=" + me);
    ASSERT_EQ(mine.json["current_player"], me);
    ASSERT_FALSE(mine.json["legal"].empty());
    n = mine.json["history_length"].get<std::size_t>();
    // The other browser, with the same (now current) history length, may not move for us: it
    // holds only its own seat.
    expect_error(post(waiter, "/api/games/" + id + "/actions",
                      {{"action", tests::kRaceStep}, {"expect_history", n}, {"side", me}}),
                 403);
    expect_error(post(waiter, "/api/games/" + id + "/actions",
                      {{"action", tests::kRaceStep}, {"expect_history", n}, {"side", other}}),
                 422);
    const Answer moved = post(mover, "/api/games/" + id + "/actions",
                              {{"action", tests::kRaceStep}, {"expect_history", n}, {"side", me}});
    ASSERT_EQ(moved.status, 200) << moved.body;
    // A second click with the old history length is stale.
    expect_error(post(mover, "/api/games/" + id + "/actions",
                      {{"action", tests::kRaceStep}, {"expect_history", n}, {"side", me}}),
                 409);
  }
  EXPECT_EQ(get(*red, "/api/games/" + id).json["history_length"], n + 1);
}

TEST_F(ApiTest, ConcurrentDecisionsWithTheSameHistoryApplyOnce) {
  const json g = race("human", "human", 10);
  const std::string id = g["id"];
  std::atomic<int> ok{0}, stale{0}, other{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&] {
      auto client = testing::make_client(server_->port());
      client->tokens = c().tokens;
      const Answer a = post(*client, "/api/games/" + id + "/actions",
                            {{"action", tests::kRaceStep}, {"expect_history", 0}});
      (a.status == 200 ? ok : a.status == 409 ? stale : other)++;
    });
  for (auto& t : threads) t.join();
  EXPECT_EQ(ok, 1);
  EXPECT_EQ(stale, 3);
  EXPECT_EQ(other, 0);
  EXPECT_EQ(get(c(), "/api/games/" + id).json["history_length"], 1);
}

TEST_F(ApiTest, TimelineMarksWhereEachTurnBeginsForTheReplaysJumps) {
  const json g = race("human", "human", 21);
  const std::string id = g["id"];
  ASSERT_EQ(act(id, tests::kRaceStep, 0).status, 200);  // red steps (turn 1)
  ASSERT_EQ(act(id, tests::kRaceStep, 1).status, 200);  // blue steps: turn 2 begins
  ASSERT_EQ(act(id, tests::kRaceStep, 2).status, 200);  // red steps (turn 2)
  const Answer t = get(c(), "/api/games/" + id + "/timeline");
  ASSERT_EQ(t.status, 200) << t.body;
  EXPECT_EQ(t.json["history_length"], 3);
  ASSERT_EQ(t.json["marks"].size(), 2u) << t.body;
  EXPECT_EQ(t.json["marks"][0]["at"], 0);
  EXPECT_EQ(t.json["marks"][0]["turn"], 1);
  EXPECT_TRUE(t.json["marks"][0]["phase"].is_null());  // the race has no phases
  EXPECT_EQ(t.json["marks"][1]["at"], 2);
  EXPECT_EQ(t.json["marks"][1]["turn"], 2);
  expect_error(get(c(), "/api/games/nope/timeline"), 404);
  expect_error(post(c(), "/api/games/" + id + "/timeline", json::object()), 405);
}

TEST_F(ApiTest, UndoTakesBackPeoplesDecisionsButNeverADie) {
  const json g = race("human", "human", 21);
  const std::string id = g["id"];
  // With no dice rolled yet, undo may go back to the start.
  ASSERT_EQ(act(id, tests::kRaceStep, 0).status, 200);  // red steps
  ASSERT_EQ(act(id, tests::kRaceStep, 1).status, 200);  // blue steps
  ASSERT_EQ(act(id, tests::kRaceStep, 2).status, 200);  // red steps
  // Only blue's own trailing decisions: red's last step is in the way.
  expect_error(post(c(), "/api/games/" + id + "/undo", {{"side", "blue"}}), 409);
  // One decision at a time.
  Answer one = post(c(), "/api/games/" + id + "/undo", {{"count", 1}, {"expect_history", 3}});
  ASSERT_EQ(one.status, 200) << one.body;
  EXPECT_EQ(one.json["undone"], 1);
  EXPECT_EQ(one.json["history_length"], 2);
  EXPECT_EQ(one.json["viewer"], "red");  // whose decision it now is
  expect_error(post(c(), "/api/games/" + id + "/undo", {{"expect_history", 3}}), 409);  // stale
  // All of them.
  Answer all = call(c(), "POST", "/api/games/" + id + "/undo");
  ASSERT_EQ(all.status, 200) << all.body;
  EXPECT_EQ(all.json["history_length"], 0);
  EXPECT_EQ(all.json["hash"], g["hash"]);
  expect_error(call(c(), "POST", "/api/games/" + id + "/undo"), 409);  // nothing left

  // A roll: red's decision to roll is followed by the die, which is never taken back.
  Answer rolled = act(id, tests::kRaceRollD6, 0);
  ASSERT_EQ(rolled.status, 200);
  ASSERT_EQ(rolled.json["history_length"], 2);          // the decision and the die
  ASSERT_EQ(act(id, tests::kRaceStep, 2).status, 200);  // blue steps
  const Answer undone = call(c(), "POST", "/api/games/" + id + "/undo");
  ASSERT_EQ(undone.status, 200) << undone.body;
  EXPECT_EQ(undone.json["history_length"], 2);  // back to just after the die
  EXPECT_EQ(undone.json["current_player"], "blue");
  // The refusal says in words what cannot be taken back and why, without the game's id.
  const Answer refused = call(c(), "POST", "/api/games/" + id + "/undo");
  expect_error(refused, 409);
  const std::string why = refused.json["error"].get<std::string>();
  EXPECT_NE(why.find("roll of the dice"), std::string::npos) << why;
  EXPECT_NE(why.find("never taken back"), std::string::npos) << why;
  EXPECT_EQ(why.find(id), std::string::npos) << why;
  // The events were regenerated: the die's event is still there, blue's step is gone.
  const Answer events = get(c(), "/api/games/" + id + "/events");
  ASSERT_EQ(events.status, 200);
  for (const auto& e : events.json["events"]) EXPECT_LT(e["step"].get<int>(), 2);
  // The undo is stored.
  restart();
  EXPECT_EQ(get(c(), "/api/games/" + id).json["history_length"], 2);
  expect_error(post(c(), "/api/games/" + id + "/undo", {{"count", 0}}), 400);
  expect_error(post(c(), "/api/games/" + id + "/undo", {{"side", "green"}}), 400);
  expect_error(call(c(), "POST", "/api/games/" + id + "/undo", "{"), 400);
}

TEST_F(ApiTest, EventsNameTheStepThatEmittedThem) {
  const json g = race("human", "human", 8);
  const std::string id = g["id"];
  ASSERT_EQ(act(id, tests::kRaceStep, 0).status, 200);
  ASSERT_EQ(act(id, tests::kRaceRollD6, 1).status, 200);
  const Answer all = get(c(), "/api/games/" + id + "/events");
  ASSERT_EQ(all.status, 200);
  const json& events = all.json["events"];
  ASSERT_GE(events.size(), 2u);
  EXPECT_EQ(events[0]["index"], 0);
  EXPECT_EQ(events[0]["step"], 0);
  EXPECT_EQ(events[0]["kind"], "move");
  EXPECT_EQ(events[0]["rule"], "race 1");
  EXPECT_EQ(events[1]["step"], 2);  // the die, after blue's decision to roll
  EXPECT_EQ(all.json["next"], events.size());
  const Answer later = get(c(), "/api/games/" + id + "/events?since=1");
  EXPECT_EQ(later.json["events"].size(), events.size() - 1);
  EXPECT_EQ(later.json["events"][0]["index"], 1);
  EXPECT_TRUE(get(c(), "/api/games/" + id + "/events?since=999").json["events"].empty());
  expect_error(get(c(), "/api/games/" + id + "/events?since=-1"), 400);
  // The same events after a restart (regenerated by replaying).
  restart();
  EXPECT_EQ(get(c(), "/api/games/" + id + "/events").json["events"], events);
}

TEST_F(ApiTest, ThePastCanBeViewedAtAnyStep) {
  const json g = race("human", "human", 8);
  const std::string id = g["id"];
  ASSERT_EQ(act(id, tests::kRaceStep, 0).status, 200);
  ASSERT_EQ(act(id, tests::kRaceStep, 1).status, 200);
  const Answer start = get(c(), "/api/games/" + id + "/at/0");
  ASSERT_EQ(start.status, 200) << start.body;
  EXPECT_EQ(start.json["history_length"], 0);
  EXPECT_EQ(start.json["at"], 0);
  EXPECT_EQ(start.json["live_history_length"], 2);
  EXPECT_EQ(start.json["hash"], g["hash"]);
  EXPECT_TRUE(get(c(), "/api/games/" + id + "/at/0?viewer=red").json["legal"].empty());
  EXPECT_EQ(get(c(), "/api/games/" + id + "/at/2").json["hash"],
            get(c(), "/api/games/" + id).json["hash"]);
  expect_error(get(c(), "/api/games/" + id + "/at/3"), 404);
  expect_error(get(c(), "/api/games/" + id + "/at/x"), 400);
  expect_error(get(c(), "/api/games/" + id + "/at/-1"), 400);
}

TEST_F(ApiTest, OddsOfACandidateDecision) {
  const json g = race("human", "human", 8);
  const std::string id = g["id"];
  const Answer none = get(c(), "/api/games/" + id + "/odds?action=0");
  EXPECT_EQ(none.status, 200);
  EXPECT_TRUE(none.json.is_null());  // Race offers no odds
  expect_error(get(c(), "/api/games/" + id + "/odds?action=77"), 422);
  expect_error(get(c(), "/api/games/" + id + "/odds"), 400);
  expect_error(get(c(), "/api/games/" + id + "/odds?action=1e3"), 400);
}

// Plays bma as two people choosing at random until an attack is being built, and asks for its
// odds: exact fractions with the clauses behind them.
TEST_F(ApiTest, OddsOfABmaAttack) {
  const json g =
      testing::create_game(c(), {{"ruleset", "bma"},
                                 {"players", {{"imperial", "human"}, {"lombard", "human"}}},
                                 {"seed", 2}});
  const std::string id = g["id"];
  core::Rng rng(17);
  json odds;
  for (int step = 0; step < 3000 && odds.is_null(); ++step) {
    const json view = get(c(), "/api/games/" + id).json;
    ASSERT_FALSE(view["terminal"].get<bool>()) << "the game ended before any attack";
    const std::string side = view["current_player"];
    const json legal = get(c(), "/api/games/" + id + "/legal?viewer=" + side).json["legal"];
    ASSERT_FALSE(legal.empty());
    for (const auto& a : legal) {
      if (a["kind"] != "resolve") continue;
      const Answer o = get(c(), "/api/games/" + id + "/odds?action=" + a["id"].dump());
      ASSERT_EQ(o.status, 200);
      odds = o.json;
    }
    if (!odds.is_null()) break;
    // Prefer building and resolving attacks, so one comes soon.
    json choice = legal[rng.uniform(legal.size())];
    for (const auto& a : legal)
      if (a["kind"] == "target" || a["kind"] == "add-attacker") choice = a;
    const Answer moved =
        post(c(), "/api/games/" + id + "/actions",
             {{"action", choice["id"]}, {"expect_history", view["history_length"]}});
    ASSERT_EQ(moved.status, 200) << moved.body;
  }
  ASSERT_TRUE(odds.is_object()) << "no attack was built";
  EXPECT_TRUE(odds.contains("results")) << odds.dump();
}

TEST_F(ApiTest, AgentsPlayAWholeGameAndItsRecordReplays) {
  const json g =
      testing::create_game(c(), {{"ruleset", "bma"},
                                 {"players", {{"imperial", "random"}, {"lombard", "random"}}},
                                 {"seed", 99}});
  const std::string id = g["id"];
  const json end = testing::wait_for_people(c(), id);
  ASSERT_EQ(end["terminal"], true) << end.dump().substr(0, 500);
  EXPECT_EQ(end["waiting_for"], "none");
  EXPECT_TRUE(end["returns"].is_object());
  EXPECT_TRUE(end["result"].is_object());
  EXPECT_EQ(get(c(), "/api/games/" + id + "?viewer=referee").status, 200);

  const Answer rec = get(c(), "/api/games/" + id + "/record?download=1");
  ASSERT_EQ(rec.status, 200);
  EXPECT_NE(rec.header("Content-Disposition").find(id), std::string::npos);
  auto record = game::record_from_json(rec.json, "record");
  ASSERT_TRUE(record.ok()) << record.message();
  EXPECT_EQ(record->actions.size(), end["history_length"].get<std::size_t>());
  EXPECT_EQ(record->seed, 99u);
  EXPECT_EQ(record->final_hash, end["hash"]);
  const game::Registry registry = testing::test_registry();
  auto replayed = game::replay(registry, *record);
  ASSERT_TRUE(replayed.ok()) << replayed.message();
  EXPECT_EQ(core::hex64((*replayed)->hash()), record->final_hash);

  // The same seed and agents play the same game (chance and agents draw from the seed).
  const json twin =
      testing::create_game(c(), {{"ruleset", "bma"},
                                 {"players", {{"imperial", "random"}, {"lombard", "random"}}},
                                 {"seed", 99}});
  const json twin_end = testing::wait_for_people(c(), twin["id"].get<std::string>());
  EXPECT_EQ(twin_end["hash"], end["hash"]);
  // No decision of a finished game is accepted.
  expect_error(act(id, 3, end["history_length"].get<std::size_t>()), 422);
}

TEST_F(ApiTest, RoutesMethodsAndSizes) {
  const json g = race("human", "human");
  const std::string id = g["id"];
  expect_error(get(c(), "/api/nothing"), 404);
  expect_error(get(c(), "/api/games/" + id + "/nothing"), 404);
  expect_error(get(c(), "/api//games"), 404);
  expect_error(get(c(), "/api/games/g-0000000000000000"), 404);
  expect_error(get(c(), "/api/games/" + std::string(300, 'x')), 404);
  const Answer wrong = call(c(), "PUT", "/api/games/" + id, "{}");
  expect_error(wrong, 405);
  EXPECT_NE(wrong.header("Allow").find("GET"), std::string::npos);
  EXPECT_NE(wrong.header("Allow").find("DELETE"), std::string::npos);
  expect_error(call(c(), "PUT", "/api/games", "{}"), 405);
  expect_error(call(c(), "PATCH", "/api/games/" + id, "{}"), 405);
  expect_error(call(c(), "GET", "/api/games/" + id + "/actions"), 405);
  expect_error(call(c(), "POST", "/api/games/" + id, "{}"), 405);
  expect_error(call(c(), "POST", "/api/rulesets", "{}"), 405);
  expect_error(call(c(), "POST", "/api/elsewhere", "{}"), 404);
  expect_error(call(c(), "POST", "/", "{}"), 405);
  expect_error(call(c(), "OPTIONS", "/api/games"), 405);
  const Answer head = call(c(), "HEAD", "/api/games/" + id);
  EXPECT_EQ(head.status, 200);
  EXPECT_TRUE(head.body.empty());

  const std::string big = "{\"ruleset\": \"" + std::string(70 * 1024, 'a') + "\"}";
  expect_error(call(c(), "POST", "/api/games", big), 413);
  expect_error(call(c(), "POST", "/api/games/" + id + "/actions", big), 413);
  // Invalid UTF-8 is refused, and echoing it back cannot break the answer.
  expect_error(call(c(), "POST", "/api/games", "{\"ruleset\": \"\xff\xfe\"}"), 400);
  expect_error(call(c(), "POST", "/api/games",
                    json{{"ruleset", "race"}, {"players", {{"red", "human"}}}, {"x", 1}}.dump()),
               400);
  expect_error(get(c(), "/api/rulesets/%FF%FE"), 404);
  EXPECT_EQ(get(c(), "/api/health").status, 200);
}

TEST_F(ApiTest, StaticFrontEnd) {
  // No front end built: a page saying so.
  const Answer page = get(c(), "/");
  EXPECT_EQ(page.status, 200);
  EXPECT_NE(page.content_type.find("text/html"), std::string::npos);
  EXPECT_NE(page.body.find("not been built"), std::string::npos);
  expect_error(get(c(), "/app.js"), 404);

  // A built one.
  testing::TempDir dir;
  const std::string root = dir.file("dist");
  std::filesystem::create_directories(root + "/assets");
  std::ofstream(root + "/index.html") << "<html>carroccio</html>";
  std::ofstream(root + "/assets/app.js") << "console.log(1);";
  std::ofstream(root + "/assets/style.css") << "body{}";
  std::ofstream(dir.file("secret.txt")) << "secret";
  client_.reset();
  server_.reset();
  server_ = std::make_unique<testing::LiveServer>(dir_.file("games.db"), root);
  client_ = testing::make_client(server_->port());
  const Answer index = get(c(), "/");
  EXPECT_EQ(index.status, 200);
  EXPECT_EQ(index.body, "<html>carroccio</html>");
  EXPECT_NE(index.content_type.find("text/html"), std::string::npos);
  const Answer js = get(c(), "/assets/app.js");
  EXPECT_EQ(js.status, 200);
  EXPECT_NE(js.content_type.find("javascript"), std::string::npos);
  EXPECT_NE(get(c(), "/assets/style.css").content_type.find("text/css"), std::string::npos);
  EXPECT_EQ(get(c(), "/games/g-123").body, "<html>carroccio</html>");  // the front end routes
  expect_error(get(c(), "/assets/missing.js"), 404);
  for (const char* sneaky : {"/../secret.txt", "/%2e%2e/secret.txt", "/assets/../../secret.txt",
                             "/assets/%2e%2e/%2e%2e/secret.txt", "/.hidden"}) {
    const Answer a = get(c(), sneaky);
    EXPECT_NE(a.body, "secret") << sneaky;
    EXPECT_GE(a.status, 400) << sneaky;
    EXPECT_LT(a.status, 500) << sneaky;
  }
}

}  // namespace
}  // namespace carroccio::server
