#include "game/record.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "core/hash.hpp"
#include "game/driver.hpp"
#include "game/tests/race_game.hpp"

namespace carroccio::game {
namespace {

// A finished game of race/sprint played with a fixed seed.
std::unique_ptr<State> finished_game(const Registry& registry, std::uint64_t seed,
                                     const Options& options = {}) {
  auto game = *registry.load("race/sprint", options);
  auto state = game->new_initial_state();
  core::Rng rng(seed);
  while (!state->is_terminal()) {
    const Action a = state->is_chance_node()
                         ? sample_chance(*state, rng)
                         : state->legal_actions()[rng.uniform(state->legal_actions().size())];
    EXPECT_TRUE(state->apply(a).ok());
  }
  return state;
}

TEST(Record, MakeRecordDescribesTheGame) {
  const auto registry = tests::make_race_registry();
  auto state = finished_game(registry, 3, {{"cautious", "true"}});
  const GameRecord r = make_record(*state, 3, {{"red", "random"}, {"blue", "human"}});
  EXPECT_EQ(r.ruleset, "race");
  EXPECT_EQ(r.scenario, "sprint");
  EXPECT_EQ(r.options, (Options{{"cautious", "true"}}));
  EXPECT_EQ(r.seed, 3u);
  EXPECT_EQ(r.actions, state->history());
  ASSERT_EQ(r.action_names.size(), r.actions.size());
  EXPECT_TRUE(r.action_names[0] == "step" || r.action_names[0] == "roll d6");
  EXPECT_EQ(r.returns, state->returns());
  EXPECT_EQ(r.final_hash, core::hex64(state->hash()));
  EXPECT_EQ(r.scenario_source["target"], 10);
}

TEST(Record, JsonRoundTripAndReplayReproduceTheGame) {
  const auto registry = tests::make_race_registry();
  for (std::uint64_t seed = 0; seed < 10; ++seed) {
    auto state = finished_game(registry, seed);
    const GameRecord r = make_record(*state, seed, {{"red", "random"}, {"blue", "random"}});
    const std::string text = record_to_json(r).dump(1);
    auto parsed = parse_json_text(text, "record");
    ASSERT_TRUE(parsed.ok());
    auto back = record_from_json(*parsed, "record");
    ASSERT_TRUE(back.ok()) << back.message();
    EXPECT_EQ(back->actions, r.actions);
    EXPECT_EQ(back->action_names, r.action_names);
    EXPECT_EQ(back->agents, r.agents);
    EXPECT_EQ(back->returns, r.returns);
    EXPECT_EQ(back->final_hash, r.final_hash);
    core::EventLog log;
    auto replayed = replay(registry, *back, &log);
    ASSERT_TRUE(replayed.ok()) << replayed.message();
    EXPECT_EQ((*replayed)->to_string(), state->to_string());
    EXPECT_EQ(core::hex64((*replayed)->hash()), r.final_hash);
    EXPECT_EQ((*replayed)->event_sink(), nullptr);
    ASSERT_FALSE(log.events().empty());
    EXPECT_EQ(log.events().back().rule, "race 3");
  }
}

TEST(Record, FilesRoundTrip) {
  const auto registry = tests::make_race_registry();
  auto state = finished_game(registry, 4);
  const GameRecord r = make_record(*state, 4, {});
  const auto path =
      (std::filesystem::path(::testing::TempDir()) / "record_test_game.json").string();
  ASSERT_TRUE(write_record_file(r, path).ok());
  auto back = read_record_file(path);
  ASSERT_TRUE(back.ok()) << back.message();
  EXPECT_EQ(back->actions, r.actions);
  std::filesystem::remove(path);
  auto missing = read_record_file(path);
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.message(), "Cannot open game record '" + path + "'.");
}

TEST(Record, ReplayErrorsNameTheActionIndex) {
  const auto registry = tests::make_race_registry();
  auto state = finished_game(registry, 5);
  GameRecord r = make_record(*state, 5, {});
  ASSERT_GE(r.actions.size(), 3u);

  GameRecord wrong_action = r;
  wrong_action.actions[2].action = 55;
  auto a = replay(registry, wrong_action);
  ASSERT_FALSE(a.ok());
  EXPECT_EQ(a.message().rfind("Record action 2 cannot be replayed: ", 0), 0u) << a.message();

  GameRecord wrong_player = r;
  wrong_player.actions[1].player = wrong_player.actions[1].player == 0 ? 1 : 0;
  auto b = replay(registry, wrong_player);
  ASSERT_FALSE(b.ok());
  EXPECT_EQ(b.message().rfind("Record action 1 was made by", 0), 0u) << b.message();

  GameRecord too_long = r;
  too_long.actions.push_back({0, 0});
  auto c = replay(registry, too_long);
  ASSERT_FALSE(c.ok());
  EXPECT_NE(c.message().find(fmt::format("Record action {}", r.actions.size())), std::string::npos)
      << c.message();

  GameRecord unknown = r;
  unknown.ruleset = "chess";
  auto d = replay(registry, unknown);
  ASSERT_FALSE(d.ok());
  EXPECT_EQ(d.message(), "The record is for ruleset 'chess', which is not known.");
}

TEST(Record, FromJsonNamesTheBadField) {
  const auto registry = tests::make_race_registry();
  auto state = finished_game(registry, 6);
  const nlohmann::json good = record_to_json(make_record(*state, 6, {}));
  ASSERT_TRUE(record_from_json(good, "r.json").ok());

  auto expect_error = [&](nlohmann::json j, const std::string& expected) {
    auto r = record_from_json(j, "r.json");
    ASSERT_FALSE(r.ok()) << expected;
    EXPECT_NE(r.message().find(expected), std::string::npos) << r.message();
  };
  expect_error(nlohmann::json::array(), "must be a JSON object");
  nlohmann::json j = good;
  j["format"] = "pgn";
  expect_error(j, "field 'format'");
  j = good;
  j["version"] = 3;
  expect_error(j, "field 'version' must be 1 or 2");
  j = good;
  j.erase("ruleset");
  expect_error(j, "field 'ruleset' is missing");
  j = good;
  j["seed"] = -1;
  expect_error(j, "field 'seed'");
  j = good;
  j["actions"][0] = "step";
  expect_error(j, "field 'actions[0]'");
  j = good;
  j["options"] = "pace=";
  expect_error(j, "field 'options'");
  j = good;
  j.erase("scenario_source");
  expect_error(j, "field 'scenario_source'");
}

}  // namespace
}  // namespace carroccio::game
