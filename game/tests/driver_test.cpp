#include "game/driver.hpp"

#include <gtest/gtest.h>

#include <map>
#include <sstream>

#include "game/tests/race_game.hpp"

namespace carroccio::game {
namespace {

using tests::kRaceRoll2d6;
using tests::kRaceRollD6;
using tests::kRaceValueBase;

TEST(SampleChance, FrequenciesMatchTheWeightsWithAFixedSeed) {
  const std::vector<ChanceOutcome> outcomes = {{10, 1}, {20, 2}, {30, 3}};
  core::Rng rng(31);
  std::map<Action, int> counts;
  const int n = 60000;
  for (int i = 0; i < n; ++i) ++counts[sample_chance(outcomes, rng)];
  ASSERT_EQ(counts.size(), 3u);
  double chi2 = 0;
  for (const auto& o : outcomes) {
    const double expected = n * o.weight / 6.0;
    chi2 += (counts[o.action] - expected) * (counts[o.action] - expected) / expected;
  }
  EXPECT_LT(chi2, 20.0);                                  // 2 degrees of freedom
  EXPECT_EQ(rng.draws(), static_cast<std::uint64_t>(n));  // one word per sample (total 6)
}

TEST(SampleChance, NeverPicksAnOutcomeOfWeightZeroAndHandlesOneOutcome) {
  core::Rng rng(1);
  const std::vector<ChanceOutcome> only = {{5, 7}};
  for (int i = 0; i < 100; ++i) EXPECT_EQ(sample_chance(only, rng), 5);
  const std::vector<ChanceOutcome> with_zero = {{1, 0}, {2, 1}};
  for (int i = 0; i < 100; ++i) EXPECT_EQ(sample_chance(with_zero, rng), 2);
}

TEST(SampleChance, IsReproducibleFromTheSeed) {
  const auto registry = tests::make_race_registry();
  auto game = *registry.load("race/sprint", {});
  auto state = game->new_initial_state();
  ASSERT_TRUE(state->apply(kRaceRoll2d6).ok());
  core::Rng a(8), b(8);
  for (int i = 0; i < 50; ++i) EXPECT_EQ(sample_chance(*state, a), sample_chance(*state, b));
}

TEST(AskChance, PhysicalDiceRefuseSevenOnAD6AndLeaveTheStateUnchanged) {
  const auto registry = tests::make_race_registry();
  auto game = *registry.load("race/sprint", {});
  auto state = game->new_initial_state();
  ASSERT_TRUE(state->apply(kRaceRollD6).ok());
  const std::string before = state->to_string();
  std::istringstream in("7\n4\n");
  std::ostringstream out;
  auto action = ask_chance(*state, in, out);
  ASSERT_TRUE(action.ok()) << action.message();
  EXPECT_EQ(*action, kRaceValueBase + 4);
  EXPECT_NE(out.str().find("7 is not a possible roll of a d6"), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("Roll d6 for the roll of red [race 1]"), std::string::npos);
  EXPECT_EQ(state->to_string(), before);  // asking changes nothing; the driver applies
  ASSERT_TRUE(state->apply(*action).ok());
}

TEST(AskChance, PhysicalDiceReadEachDieOf2d6) {
  const auto registry = tests::make_race_registry();
  auto game = *registry.load("race/sprint", {});
  auto state = game->new_initial_state();
  ASSERT_TRUE(state->apply(kRaceRoll2d6).ok());
  std::istringstream in("13\n6 6\n");
  std::ostringstream out;
  auto action = ask_chance(*state, in, out);
  ASSERT_TRUE(action.ok());
  EXPECT_EQ(*action, kRaceValueBase + 12);
  EXPECT_NE(out.str().find("13 is not a possible total of 2d6"), std::string::npos);
}

TEST(AskChance, EndOfInputIsAnError) {
  const auto registry = tests::make_race_registry();
  auto game = *registry.load("race/sprint", {});
  auto state = game->new_initial_state();
  ASSERT_TRUE(state->apply(kRaceRollD6).ok());
  std::istringstream in("x\n");
  std::ostringstream out;
  auto action = ask_chance(*state, in, out);
  ASSERT_FALSE(action.ok());
  EXPECT_NE(action.message().find("Input ended"), std::string::npos);
  EXPECT_NE(out.str().find("'x' is not a number"), std::string::npos);
}

// A cup of three chits: a chance node that is not a dice roll, so a person picks by number.
class CupGame final : public Game, public std::enable_shared_from_this<CupGame> {
 public:
  CupGame() : Game("cup", "cup", {"solo"}, {}, nlohmann::json::object()) {}
  std::unique_ptr<State> new_initial_state() const override;
};

class CupState final : public State {
 public:
  explicit CupState(std::shared_ptr<const Game> g) : State(std::move(g)) {}
  Player current_player() const override { return drawn_ < 0 ? kChancePlayer : kTerminalPlayer; }
  void legal_actions(std::vector<Action>& out) const override { out.clear(); }
  void chance_outcomes(std::vector<ChanceOutcome>& out) const override {
    out.clear();
    if (drawn_ < 0) out = {{0, 1}, {1, 1}, {2, 2}};
  }
  ChanceInfo chance_info() const override { return {"the next chit", "cup 1", {}, {}}; }
  std::vector<double> returns() const override { return {0.0}; }
  std::unique_ptr<State> clone() const override { return std::make_unique<CupState>(*this); }
  std::string to_string() const override { return "drawn=" + std::to_string(drawn_); }
  nlohmann::json to_json(Player) const override { return {{"drawn", drawn_}}; }
  std::string action_to_string(Action a) const override {
    static const char* const kNames[] = {"Milan", "Verona", "Barbarossa"};
    return kNames[a];
  }
  CupState(const CupState&) = default;

 protected:
  void do_apply(Action a) override { drawn_ = a; }

 private:
  int drawn_ = -1;
};

std::unique_ptr<State> CupGame::new_initial_state() const {
  return std::make_unique<CupState>(shared_from_this());
}

TEST(AskChance, NamedOutcomesArePickedByNumber) {
  auto game = std::make_shared<CupGame>();
  auto state = game->new_initial_state();
  std::istringstream in("4\nMilan\n3\n");
  std::ostringstream out;
  auto action = ask_chance(*state, in, out);
  ASSERT_TRUE(action.ok());
  EXPECT_EQ(*action, 2);
  const std::string text = out.str();
  EXPECT_NE(text.find("Chance: the next chit [cup 1]. Which outcome happened?"), std::string::npos);
  EXPECT_NE(text.find("3. Barbarossa"), std::string::npos);
  EXPECT_NE(text.find("'4' is not one of the outcomes: enter a number from 1 to 3."),
            std::string::npos);
  EXPECT_NE(text.find("'Milan' is not one of the outcomes"), std::string::npos);
}

}  // namespace
}  // namespace carroccio::game
