// verify_record: every tampering a record can suffer is named by the first action index (or the
// field) that disagrees; a consistent record passes, an older one is accepted as such.
#include <gtest/gtest.h>

#include "core/sha256.hpp"
#include "core/text.hpp"
#include "game/dice_draw.hpp"
#include "game/driver.hpp"
#include "game/record.hpp"
#include "game/tests/race_game.hpp"

namespace carroccio::game {
namespace {

using carroccio::core::contains;

// Both sides always take their last legal decision, a roll (a stand-in for an agent that needs
// no generator), chance drawn as `dice` says.
struct Played {
  std::unique_ptr<State> state;
  GameRecord record;
};

Played play(const Registry& registry, DiceDraw dice, std::uint64_t seed,
            const std::string& secret = "") {
  auto game = *registry.load("race/sprint", {});
  auto state = game->new_initial_state();
  StreamRngs stream = stream_rngs(seed, 0, game->num_players());
  std::vector<ChanceOutcome> outcomes;
  while (!state->is_terminal()) {
    const std::size_t i = state->history().size();
    Action a;
    if (state->is_chance_node()) {
      state->chance_outcomes(outcomes);
      if (dice == DiceDraw::kStream) {
        a = sample_chance(outcomes, stream.chance);
      } else if (dice == DiceDraw::kIndexed) {
        core::Rng rng = indexed_chance_rng(seed, i);
        a = sample_chance(outcomes, rng);
      } else if (dice == DiceDraw::kCommitted) {
        core::Rng rng = committed_chance_rng(secret, i);
        a = sample_chance(outcomes, rng);
      } else {
        a = outcomes.back().action;  // a person who always rolls high
      }
    } else {
      a = state->legal_actions().back();
    }
    EXPECT_TRUE(state->apply(a).ok());
  }
  RecordDraws draws;
  draws.dice = dice;
  draws.agent_draw = AgentDraw::kPerDecision;
  if (dice == DiceDraw::kCommitted) {
    draws.dice_commitment = dice_commitment(secret);
    draws.dice_secret = secret;
  }
  GameRecord record = make_record(*state, seed, {{"red", "roller"}, {"blue", "human"}}, draws);
  return {std::move(state), std::move(record)};
}

// The test's agent: the last legal decision.
std::optional<Action> last_legal(const State& s, Player, std::size_t) {
  return s.legal_actions().back();
}

Verification verify(const Registry& registry, const GameRecord& r) {
  // Through JSON, as a file would be read.
  auto back = record_from_json(record_to_json(r), "r.json");
  EXPECT_TRUE(back.ok()) << back.message();
  auto v = verify_record(registry, *back, last_legal);
  EXPECT_TRUE(v.ok()) << v.message();
  return std::move(*v);
}

std::size_t first_chance_index(const GameRecord& r, std::size_t from = 0) {
  for (std::size_t i = from; i < r.actions.size(); ++i)
    if (r.actions[i].player == kChancePlayer) return i;
  return r.actions.size();
}

const std::string kSecret(64, 'a');

TEST(VerifyRecord, AConsistentRecordPassesAndSaysWhatWasChecked) {
  const auto registry = tests::make_race_registry();
  for (DiceDraw dice : {DiceDraw::kStream, DiceDraw::kIndexed, DiceDraw::kCommitted}) {
    const Played p = play(registry, dice, 11, kSecret);
    const Verification v = verify(registry, p.record);
    EXPECT_TRUE(v.problem.empty()) << v.problem;
    EXPECT_GT(v.chance_total, 0u);
    EXPECT_EQ(v.chance_checked, v.chance_total);
    EXPECT_GT(v.agent_total, 0u);
    EXPECT_EQ(v.agent_checked, v.agent_total);
    EXPECT_EQ(v.state->hash(), p.state->hash());
  }
}

TEST(VerifyRecord, AChangedChanceOutcomeWithARecomputedHashIsNamedByItsIndex) {
  const auto registry = tests::make_race_registry();
  Played p = play(registry, DiceDraw::kStream, 5);
  const std::size_t i = first_chance_index(p.record, 3);
  ASSERT_LT(i, p.record.actions.size());
  // Another outcome there, and the rest of the game replayed so the hash is right again.
  auto game = *registry.load("race/sprint", {});
  auto s = game->new_initial_state();
  for (std::size_t k = 0; k < i; ++k) ASSERT_TRUE(s->apply(p.record.actions[k].action).ok());
  const auto outcomes = s->chance_outcomes();
  const Action other = outcomes.front().action == p.record.actions[i].action
                           ? outcomes.back().action
                           : outcomes.front().action;
  ASSERT_TRUE(s->apply(other).ok());
  while (!s->is_terminal())
    ASSERT_TRUE(s->apply(s->is_chance_node() ? s->chance_outcomes().front().action
                                             : s->legal_actions().back())
                    .ok());
  GameRecord forged = make_record(*s, p.record.seed, p.record.agents,
                                  {DiceDraw::kStream, 0, "", "", AgentDraw::kPerDecision, {}});
  const Verification v = verify(registry, forged);
  EXPECT_TRUE(contains(v.problem, "Record action " + std::to_string(i) + " is the chance outcome"))
      << v.problem;
  EXPECT_TRUE(contains(v.problem, "do not follow the dice")) << v.problem;
}

TEST(VerifyRecord, AChangedSeedIsNamedAtTheFirstChanceOutcome) {
  const auto registry = tests::make_race_registry();
  Played p = play(registry, DiceDraw::kIndexed, 5);
  // Another seed: its draws part from the record's at some chance outcome.
  p.record.seed = 6;
  const Verification v = verify(registry, p.record);
  EXPECT_TRUE(contains(v.problem, "is the chance outcome")) << v.problem;
  EXPECT_TRUE(contains(v.problem, "indexed from seed 6")) << v.problem;
}

TEST(VerifyRecord, ChangedReturnsAreNamed) {
  const auto registry = tests::make_race_registry();
  Played p = play(registry, DiceDraw::kStream, 3);
  p.record.returns = {-p.record.returns[0], -p.record.returns[1]};
  const Verification v = verify(registry, p.record);
  EXPECT_TRUE(contains(v.problem, "Field 'returns' says")) << v.problem;
  Played q = play(registry, DiceDraw::kStream, 3);
  q.record.returns.clear();
  EXPECT_TRUE(contains(verify(registry, q.record).problem, "Field 'returns' says none"));
}

TEST(VerifyRecord, AChangedAgentIsNamedAtItsFirstDecision) {
  const auto registry = tests::make_race_registry();
  const Played p = play(registry, DiceDraw::kIndexed, 3);
  auto back = record_from_json(record_to_json(p.record), "r.json");
  ASSERT_TRUE(back.ok());
  // The record says red is "roller" (always the last legal decision); an agent that decides
  // otherwise, as a changed "agents" field would make the checker do, is caught at red's first
  // decision.
  auto contrary = [](const State& s, Player, std::size_t) -> std::optional<Action> {
    return s.legal_actions().back() + 1;
  };
  auto w = verify_record(registry, *back, contrary);
  ASSERT_TRUE(w.ok());
  std::size_t first = 0;
  while (back->actions[first].player != 0) ++first;
  EXPECT_TRUE(contains(w->problem, "Record action " + std::to_string(first) + " is red's decision"))
      << w->problem;
  EXPECT_TRUE(contains(w->problem, "but its agent roller decides")) << w->problem;
}

TEST(VerifyRecord, AChangedScenarioNameOrSourceIsNamed) {
  const auto registry = tests::make_race_registry();
  Played p = play(registry, DiceDraw::kStream, 3);
  GameRecord renamed = p.record;
  renamed.scenario = "marathon";
  EXPECT_TRUE(contains(verify(registry, renamed).problem, "Field 'scenario' says 'marathon'"));
  GameRecord edited = p.record;
  edited.scenario_source["max_turns"] = 99;  // the fingerprint left as it was
  EXPECT_TRUE(contains(verify(registry, edited).problem, "does not match its 'scenario_sha256'"));
}

TEST(VerifyRecord, CommittedDiceAreCheckedOnlyWithTheSecretThatMatchesTheCommitment) {
  const auto registry = tests::make_race_registry();
  Played p = play(registry, DiceDraw::kCommitted, 0, kSecret);
  GameRecord running = p.record;
  running.dice_secret.clear();
  const Verification hidden = verify(registry, running);
  EXPECT_TRUE(hidden.problem.empty()) << hidden.problem;
  EXPECT_EQ(hidden.chance_checked, 0u);
  bool said = false;
  for (const auto& n : hidden.notes) said = said || contains(n, "revealed only when the game");
  EXPECT_TRUE(said);
  GameRecord wrong = p.record;
  wrong.dice_secret = std::string(64, 'b');
  EXPECT_TRUE(contains(verify(registry, wrong).problem, "does not match 'dice_commitment'"));
}

TEST(VerifyRecord, PhysicalDiceAreAcceptedAndSaidToBe) {
  const auto registry = tests::make_race_registry();
  const Played p = play(registry, DiceDraw::kPhysical, 0);
  const Verification v = verify(registry, p.record);
  EXPECT_TRUE(v.problem.empty()) << v.problem;
  EXPECT_EQ(v.chance_checked, 0u);
  EXPECT_TRUE(contains(v.notes[1], "typed by a person")) << v.notes[1];
}

TEST(VerifyRecord, AnOlderRecordIsAcceptedAsSuch) {
  const auto registry = tests::make_race_registry();
  const Played p = play(registry, DiceDraw::kStream, 2);
  nlohmann::json j = record_to_json(p.record);
  j["version"] = 1;
  for (const char* f : {"dice", "agent_draw", "scenario_sha256"}) j.erase(f);
  auto back = record_from_json(j, "old.json");
  ASSERT_TRUE(back.ok()) << back.message();
  auto v = verify_record(registry, *back, last_legal);
  ASSERT_TRUE(v.ok());
  EXPECT_TRUE(v->problem.empty()) << v->problem;
  EXPECT_TRUE(contains(v->notes[1], "older record (version 1)")) << v->notes[1];
  EXPECT_EQ(v->chance_checked, 0u);
  EXPECT_EQ(v->agent_total, 0u);
}

TEST(DiceDraw, TheCommitmentIsTheSha256OfTheSecretText) {
  EXPECT_EQ(dice_commitment(kSecret), core::sha256_hex(kSecret));
  EXPECT_TRUE(valid_dice_secret(kSecret));
  EXPECT_FALSE(valid_dice_secret(std::string(64, 'A')));
  EXPECT_FALSE(valid_dice_secret(std::string(63, 'a')));
  // Different indices give different generators.
  EXPECT_NE(committed_chance_rng(kSecret, 0).next_u64(),
            committed_chance_rng(kSecret, 1).next_u64());
  EXPECT_NE(committed_chance_rng(kSecret, 0).next_u64(),
            committed_agent_rng(kSecret, 0).next_u64());
}

}  // namespace
}  // namespace carroccio::game
