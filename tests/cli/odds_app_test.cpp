// Exact combat odds (State::action_odds, shown by `carroccio odds` and `play`) against a large
// fixed-seed simulation of the same decision, and proof that computing odds draws nothing.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <map>
#include <sstream>

#include "ai/agent.hpp"
#include "app/cli.hpp"
#include "core/rng.hpp"
#include "game/driver.hpp"
#include "game/record.hpp"
#include "rulesets/all.hpp"
#include "rulesets/bma/state.hpp"
#include "sim/playout.hpp"
#include "tests/cli/app_test_util.hpp"

namespace carroccio::app {
namespace {

using cli_testing::CliResult;
using cli_testing::run_cli;

// Collects what the simulation needs from the rules' events.
class OutcomeSink final : public core::EventSink {
 public:
  void on_event(const core::Event& e) override {
    if (e.kind == "combat" && e.data.is_object() && e.data.contains("result"))
      result = e.data["result"].get<std::string>();
    else if (e.kind == "combat" && e.rule == "bma 9.6")
      result = "called off (every attacker failed its check)";
    else if (e.kind == "combat" && e.rule == "bma 5.3 R" && result.empty())
      automatic = true;
    else if (e.kind == "carroccio" && e.rule == "bma 9.3.2" && e.data.is_object() && result.empty())
      result = "Carroccio destroyed";
    if (e.kind == "leader" && e.data.is_object() && e.data.value("killed", false))
      killed.push_back(e.data["leader"].get<std::string>());
  }
  std::string result;
  bool automatic = false;
  std::vector<std::string> killed;
};

// A Legnano position (random agents, fixed seed) where a combat with undrawn chits is built and
// may be resolved: the `skip`-th such position met.
std::unique_ptr<game::State> combat_position(const game::Game& g, int skip) {
  ai::RandomAgent a, b;
  ai::Agent* agents[] = {&a, &b};
  for (std::uint64_t seed = 0; seed < 200; ++seed) {
    auto state = g.new_initial_state();
    sim::PlayoutRngs rngs = sim::make_playout_rngs(seed, 0, 2);
    while (!state->is_terminal()) {
      const game::Player p = state->current_player();
      if (p >= 0) {
        const auto& s = dynamic_cast<const bma::BmaState&>(*state);
        if (s.phase() == bma::Phase::kCombatBuild) {
          const auto odds = s.action_odds(bma::act::kResolveCombat);
          if (odds.is_object() && odds.contains("undrawn_chits") &&
              !odds["undrawn_chits"].empty() && odds["results"].size() >= 3 && skip-- == 0)
            return state;
        }
      }
      const game::Action action =
          p == game::kChancePlayer
              ? game::sample_chance(*state, rngs.chance)
              : agents[p]->choose(*state, rngs.agents[static_cast<std::size_t>(p)]);
      state->apply_unchecked(action);
    }
  }
  return nullptr;
}

// The tolerance: each simulated frequency is a binomial proportion with standard error
// sqrt(p(1-p)/n); we allow 5 standard errors (two-sided chance of a false alarm about 6e-7 per
// figure, so with a few dozen figures the test is sound) plus 1/n for p at the extremes.
double tolerance(double p, double n) { return 5.0 * std::sqrt(p * (1 - p) / n) + 1.0 / n; }

void check_against_simulation(const game::State& position, int samples, std::uint64_t seed) {
  const nlohmann::json odds = position.action_odds(bma::act::kResolveCombat);
  ASSERT_TRUE(odds.is_object());
  std::map<std::string, int> seen;
  std::map<std::string, int> deaths;
  core::Rng rng(seed);
  for (int i = 0; i < samples; ++i) {
    auto copy = position.clone_for_search();
    OutcomeSink sink;
    copy->set_event_sink(&sink);
    copy->apply_unchecked(bma::act::kResolveCombat);
    while (copy->is_chance_node()) copy->apply_unchecked(game::sample_chance(*copy, rng));
    std::string r = sink.result;
    if (r.empty() && sink.automatic) r = "routed defenders eliminated without a roll";
    ++seen[r];
    for (const auto& l : sink.killed) ++deaths[l];
  }
  const double n = samples;
  double total_p = 0;
  for (const auto& r : odds["results"]) {
    const std::string name = r["result"];
    const double p = r["p"];
    total_p += p;
    const double f = seen[name] / n;
    EXPECT_NEAR(f, p, tolerance(p, n)) << name << " exact " << r["probability"];
    seen.erase(name);
  }
  EXPECT_NEAR(total_p, 1.0, 1e-12);
  for (const auto& [name, count] : seen)  // a result the odds said was impossible
    EXPECT_EQ(count, 0) << "simulated result '" << name << "' is missing from the odds";
  for (const auto& l : odds["leaders"]) {
    const std::string id = l["leader"];
    const double p = l["p"];
    EXPECT_NEAR(deaths[id] / n, p, tolerance(p, n)) << id << " exact death " << l["death"];
    deaths.erase(id);
  }
  for (const auto& [id, count] : deaths)
    EXPECT_EQ(count, 0) << "leader " << id << " died in the simulation but has no odds";
}

TEST(Odds, ExactFiguresAgreeWithAFixedSeedSimulation) {
  const game::Registry registry = rulesets::make_registry();
  auto game = registry.load("bma/legnano", {});
  ASSERT_TRUE(game.ok());
  auto first = combat_position(**game, 0);
  ASSERT_NE(first, nullptr);
  check_against_simulation(*first, 50'000, 20260522);
  auto third = combat_position(**game, 2);
  ASSERT_NE(third, nullptr);
  check_against_simulation(*third, 50'000, 7);
}

TEST(Odds, ExactFiguresAgreeUnderTheOptionalRules) {
  const game::Registry registry = rulesets::make_registry();
  auto game =
      registry.load("bma/legnano", {{"charge", "true"}, {"facing", "true"}, {"vcf", "every"}});
  ASSERT_TRUE(game.ok()) << game.message();
  auto position = combat_position(**game, 1);
  ASSERT_NE(position, nullptr);
  check_against_simulation(*position, 50'000, 11);
}

TEST(Odds, ComputingOddsDrawsNoRandomNumberAndChangesNothing) {
  const game::Registry registry = rulesets::make_registry();
  auto game = registry.load("bma/legnano", {});
  ASSERT_TRUE(game.ok());
  auto position = combat_position(**game, 0);
  ASSERT_NE(position, nullptr);
  // action_odds takes no generator at all: the interface leaves it nothing to draw from. The
  // position is untouched, and a generator alive meanwhile is not drawn from.
  core::Rng rng(5);
  const std::uint64_t draws = rng.draws();
  const std::string before = position->to_string();
  const auto history = position->history();
  std::vector<game::Action> legal;
  position->legal_actions(legal);
  int with_odds = 0;
  for (game::Action a : legal) with_odds += !position->action_odds(a).is_null();
  EXPECT_GT(with_odds, 0);
  EXPECT_EQ(rng.draws(), draws);
  EXPECT_EQ(position->to_string(), before);
  EXPECT_EQ(position->history(), history);
  // The same figures every time (no hidden state).
  EXPECT_EQ(position->action_odds(bma::act::kResolveCombat).dump(),
            position->action_odds(bma::act::kResolveCombat).dump());
  // Negative case: a decision that is not an attack has no odds.
  EXPECT_TRUE(position->action_odds(bma::act::kEndCombat).is_null());
}

TEST(ResultSummary, NamesHowEachGameEndedForTheSimulator) {
  const game::Registry registry = rulesets::make_registry();
  auto game = registry.load("bma/legnano", {});
  ASSERT_TRUE(game.ok());
  ai::RandomAgent a, b;
  std::vector<ai::Agent*> agents{&a, &b};
  std::map<std::string, int> reasons;
  sim::PlayoutOptions options;
  options.record_history = false;
  // Random games mostly reach the turn limit; play until another ending has been seen too.
  for (std::uint64_t seed = 0; seed < 400 && reasons.size() < 2; ++seed) {
    auto result = sim::play_game(**game, agents, seed, 0, options);
    ASSERT_TRUE(result.ok());
    const auto& s = dynamic_cast<const bma::BmaState&>(*result->state);
    const nlohmann::json j = s.result_summary();
    const std::string reason = j["end_reason"];
    ++reasons[reason];
    EXPECT_TRUE(reason == "rout level" || reason == "both armies routed" ||
                reason == "turn limit" || reason == "Frederick I Barbarossa killed" ||
                reason == "The Carroccio lost")
        << reason;
    EXPECT_EQ(j["turn"], s.turn());
    EXPECT_EQ(j["score"]["imperial"], s.vp_lost(0));
    EXPECT_EQ(j["score"]["lombard"], s.vp_lost(1));
    EXPECT_EQ(j["pieces"].size(),
              static_cast<std::size_t>(s.bma().num_units() + s.bma().num_leaders()));
  }
  EXPECT_GE(reasons.size(), 2u);  // random games end in more than one way
  // Negative case: a game still running has no end reason.
  auto fresh = (*game)->new_initial_state();
  EXPECT_EQ(fresh->result_summary()["end_reason"], "none");
}

TEST(OddsCommand, ListsTheOddsOfASavedPosition) {
  const game::Registry registry = rulesets::make_registry();
  auto game = registry.load("bma/legnano", {});
  ASSERT_TRUE(game.ok());
  auto position = combat_position(**game, 0);
  ASSERT_NE(position, nullptr);
  const auto record = game::make_record(*position, 0, {});
  const std::string path =
      (std::filesystem::path(::testing::TempDir()) / "odds_position.json").string();
  ASSERT_TRUE(game::write_record_file(record, path).ok());
  auto r = run_cli(registry, {"odds", path});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("resolve the combat"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Results:"), std::string::npos);
  EXPECT_NE(r.out.find("[bma 5."), std::string::npos);  // modifiers cite their clause
  auto j = run_cli(registry, {"odds", path, "--action", "resolve", "--json"});
  ASSERT_EQ(j.code, 0) << j.err;
  const auto parsed = nlohmann::json::parse(j.out);
  ASSERT_EQ(parsed["actions"].size(), 1u);
  EXPECT_EQ(parsed["actions"][0]["odds"]["results"],
            position->action_odds(bma::act::kResolveCombat)["results"]);
  // Before the combat was built (move 0: the first chit is to be drawn) there is nothing to decide.
  auto early = run_cli(registry, {"odds", path, "--move", "0"});
  EXPECT_EQ(early.code, kExitError);
  EXPECT_NE(early.err.find("dice are to be rolled"), std::string::npos) << early.err;
  // Bad input: one sentence, exit 2.
  auto missing = run_cli(registry, {"odds", "/nonexistent/record.json"});
  EXPECT_EQ(missing.code, kExitUsage);
  EXPECT_NE(missing.err.find("Cannot open game record"), std::string::npos);
  auto bad_move = run_cli(registry, {"odds", path, "--move", "999999"});
  EXPECT_EQ(bad_move.code, kExitUsage);
  auto bad_action = run_cli(registry, {"odds", path, "--action", "fly away"});
  EXPECT_EQ(bad_action.code, kExitUsage);
  EXPECT_NE(bad_action.err.find("is not a legal decision"), std::string::npos);
  auto none = run_cli(registry, {"odds"});
  EXPECT_EQ(none.code, kExitUsage);
}

TEST(OddsCommand, AnyRulesetsSavedPositionThroughItsOwnOdds) {
  // fastplay/mill: the first decision offered (the lowest die at a chance node) until a shot
  // is on offer; `carroccio odds` then weighs it through State::action_odds, no ruleset named.
  const game::Registry registry = rulesets::make_registry();
  auto game = registry.load("fastplay/mill", {});
  ASSERT_TRUE(game.ok());
  auto state = (*game)->new_initial_state();
  std::string shot;
  for (int i = 0; i < 400 && shot.empty() && !state->is_terminal(); ++i) {
    if (state->is_chance_node()) {
      state->apply_unchecked(state->chance_outcomes().front().action);
      continue;
    }
    const auto legal = state->legal_actions();
    for (game::Action a : legal)
      if (state->action_to_json(a).value("kind", "") == "shoot") shot = state->action_to_string(a);
    if (shot.empty()) state->apply_unchecked(legal.front());
  }
  ASSERT_FALSE(shot.empty());
  const auto record = game::make_record(*state, 0, {});
  const std::string path =
      (std::filesystem::path(::testing::TempDir()) / "odds_fastplay.json").string();
  ASSERT_TRUE(game::write_record_file(record, path).ok());
  auto r = run_cli(registry, {"odds", path});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("Roll "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("[fastplay 5.2, 10.2]"), std::string::npos) << r.out;
  auto j = run_cli(registry, {"odds", path, "--action", shot, "--json"});
  ASSERT_EQ(j.code, 0) << j.err;
  const auto parsed = nlohmann::json::parse(j.out);
  ASSERT_EQ(parsed["actions"].size(), 1u);
  EXPECT_TRUE(parsed["actions"][0]["odds"]["commits"].get<bool>());
  // fastplay's described situation: a bad value is one sentence naming the flag.
  auto bad = run_cli(registry, {"odds", "fastplay", "--attack", "shoot", "--attacker", "x"});
  EXPECT_EQ(bad.code, kExitUsage);
  EXPECT_NE(bad.err.find("--attacker is 'x', which is not one of"), std::string::npos) << bad.err;
  // A ruleset that offers no described situation (if any is left) says so in one sentence.
  for (const auto& ruleset : registry.rulesets())
    if (!ruleset->described_odds()) {
      auto none = run_cli(registry, {"odds", ruleset->info().id, "--attacker", "x"});
      EXPECT_EQ(none.code, kExitUsage);
      EXPECT_NE(none.err.find("offers no described situation"), std::string::npos) << none.err;
    }
}

// `carroccio odds ohw ...` and `carroccio odds fastplay ...`: the ruleset's described situation,
// handed the rest of the line through game::Ruleset::described_odds (the app names neither).
TEST(OddsCommand, OhwAndFastplayDescribedSituationsGoThroughTheRuleset) {
  const game::Registry registry = rulesets::make_registry();
  auto ohw = run_cli(registry, {"odds", "ohw", "--attack", "melee", "--attacker", "knights",
                                "--target", "levies", "--uphill"});
  ASSERT_EQ(ohw.code, 0) << ohw.err;
  EXPECT_NE(ohw.out.find("[ohw 3.2 i]"), std::string::npos) << ohw.out;
  auto fp = run_cli(registry, {"odds", "fastplay", "--attack", "shoot", "--attacker", "archery",
                               "--target", "heavy-infantry", "--json"});
  ASSERT_EQ(fp.code, 0) << fp.err;
  EXPECT_EQ(nlohmann::json::parse(fp.out)["odds"]["roll"], "4 d6");
  auto help = run_cli(registry, {"odds", "--help"});
  EXPECT_NE(help.out.find("carroccio odds ohw --attack"), std::string::npos) << help.out;
  EXPECT_NE(help.out.find("carroccio odds fastplay --attack"), std::string::npos) << help.out;
}

TEST(AnalyseCommand, ExplainsTheCandidatesOfARecordedPositionWithTheirOdds) {
  const game::Registry registry = rulesets::make_registry();
  auto game = registry.load("bma/legnano", {});
  ASSERT_TRUE(game.ok());
  auto position = combat_position(**game, 0);
  ASSERT_NE(position, nullptr);
  const auto record = game::make_record(*position, 0, {});
  const std::string path =
      (std::filesystem::path(::testing::TempDir()) / "analyse_position.json").string();
  ASSERT_TRUE(game::write_record_file(record, path).ok());
  const std::string at = std::to_string(record.actions.size());
  auto r = run_cli(registry, {"analyse", path, "--move", at, "--top", "3"});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("heuristic chooses:"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("<- chosen"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("odds (exact):"), std::string::npos) << r.out;  // an attack's odds
  auto m = run_cli(registry, {"analyse", path, "--move", at, "--agent", "mcts:iters=30"});
  ASSERT_EQ(m.code, 0) << m.err;
  EXPECT_NE(m.out.find("visits"), std::string::npos) << m.out;
  // Bad input: one sentence each, nothing else.
  auto no_move = run_cli(registry, {"analyse", path});
  EXPECT_EQ(no_move.code, kExitUsage);
  EXPECT_NE(no_move.err.find("needs --move N"), std::string::npos) << no_move.err;
  auto dice = run_cli(registry, {"analyse", path, "--move", "0"});
  EXPECT_EQ(dice.code, kExitError);
  EXPECT_NE(dice.err.find("dice are to be rolled"), std::string::npos) << dice.err;
  auto bad_agent = run_cli(registry, {"analyse", path, "--move", at, "--agent", "wizard"});
  EXPECT_EQ(bad_agent.code, kExitUsage);
  EXPECT_NE(bad_agent.err.find("is not an agent kind"), std::string::npos) << bad_agent.err;
}

}  // namespace
}  // namespace carroccio::app
