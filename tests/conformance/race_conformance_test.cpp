// The conformance checks themselves: the Race test game passes them, and games broken on purpose
// are caught, each by the check meant for its defect.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <limits>

#include "game/tests/race_game.hpp"
#include "tests/conformance/conformance.hpp"

namespace carroccio::tests {
namespace {

enum class Defect {
  kNone,
  kUnsortedLegalActions,
  kEmptyActionName,
  kNanInJson,
  kBrokenInvariant,
  kSharedClone,
  kNeverEnds,
  kNondeterministicApply,
  kZeroWeight,
  kExtraText,
};

// Wraps a game and breaks one thing about it.
class FaultyGame final : public game::Game, public std::enable_shared_from_this<FaultyGame> {
 public:
  FaultyGame(std::shared_ptr<const game::Game> inner, Defect defect)
      : game::Game(inner->ruleset(), inner->scenario(), inner->player_names(), inner->options(),
                   inner->scenario_source()),
        inner_(std::move(inner)),
        defect_(defect) {}
  std::unique_ptr<game::State> new_initial_state() const override;
  const game::Game& inner() const { return *inner_; }
  Defect defect() const { return defect_; }

 private:
  std::shared_ptr<const game::Game> inner_;
  Defect defect_;
};

class FaultyState final : public game::State {
 public:
  FaultyState(std::shared_ptr<const FaultyGame> game, std::shared_ptr<game::State> inner)
      : game::State(game), faulty_(std::move(game)), inner_(std::move(inner)) {}

  game::Player current_player() const override {
    if (stuck()) return 0;
    return inner_->current_player();
  }
  void legal_actions(std::vector<game::Action>& out) const override {
    if (stuck()) {
      out.assign({0});
      return;
    }
    inner_->legal_actions(out);
    if (defect() == Defect::kUnsortedLegalActions) std::reverse(out.begin(), out.end());
  }
  void chance_outcomes(std::vector<game::ChanceOutcome>& out) const override {
    inner_->chance_outcomes(out);
    if (defect() == Defect::kZeroWeight && !out.empty()) out.back().weight = 0;
  }
  std::vector<double> returns() const override { return inner_->returns(); }
  std::unique_ptr<game::State> clone() const override {
    return std::unique_ptr<game::State>(new FaultyState(
        *this,
        defect() == Defect::kSharedClone ? inner_ : std::shared_ptr<game::State>(inner_->clone())));
  }
  std::string to_string() const override {
    std::string text = inner_->to_string();
    if (defect() == Defect::kNondeterministicApply) text += " salt=" + std::to_string(salt_);
    if (defect() == Defect::kExtraText) text += " wrapped";
    return text;
  }
  nlohmann::json to_json(game::Player viewer) const override {
    nlohmann::json j = inner_->to_json(viewer);
    if (defect() == Defect::kNanInJson) j["odds"] = std::numeric_limits<double>::quiet_NaN();
    return j;
  }
  std::string action_to_string(game::Action action) const override {
    if (defect() == Defect::kEmptyActionName && action == kRaceStep) return "";
    return inner_->action_to_string(action);
  }
  std::string check_invariants() const override {
    if (defect() == Defect::kBrokenInvariant && history().size() > 3) return "broken on purpose";
    return inner_->check_invariants();
  }

 protected:
  void do_apply(game::Action action) override {
    static int next_salt = 0;  // test-only: makes apply depend on more than the state
    salt_ = ++next_salt;
    if (stuck()) return;
    inner_->apply_unchecked(action);
  }

 private:
  FaultyState(const FaultyState& other, std::shared_ptr<game::State> inner)
      : game::State(other), faulty_(other.faulty_), inner_(std::move(inner)), salt_(other.salt_) {}

  Defect defect() const { return faulty_->defect(); }
  bool stuck() const { return defect() == Defect::kNeverEnds && inner_->is_terminal(); }

  std::shared_ptr<const FaultyGame> faulty_;
  std::shared_ptr<game::State> inner_;
  int salt_ = 0;
};

std::unique_ptr<game::State> FaultyGame::new_initial_state() const {
  return std::make_unique<FaultyState>(shared_from_this(),
                                       std::shared_ptr<game::State>(inner_->new_initial_state()));
}

std::shared_ptr<const game::Game> race_game(const game::Registry& registry) {
  auto game = registry.load("race/sprint", {});
  EXPECT_TRUE(game.ok());
  return *game;
}

// Failures of a few games of Race broken by `defect`, joined into one text.
std::string failures_with(Defect defect) {
  const auto registry = make_race_registry();
  auto game = std::make_shared<FaultyGame>(race_game(registry), defect);
  CheckLimits limits;
  limits.max_steps = 2000;
  std::string all;
  for (std::uint64_t seed = 0; seed < 4; ++seed)
    for (const auto& f : check_random_game(*game, seed, limits).failures) all += f + "\n";
  return all;
}

TEST(ConformanceChecks, RaceConformsInEveryCase) {
  const auto registry = make_race_registry();
  const auto cases = conformance_cases(registry);
  ASSERT_EQ(cases.size(), 6u);  // 2 scenarios x 3 option sets
  for (const auto& c : cases) {
    const auto failures = check_case(registry, c, 8);
    EXPECT_TRUE(failures.empty()) << c.name() << ": " << (failures.empty() ? "" : failures[0]);
  }
}

TEST(ConformanceChecks, CaseNamesAreReadable) {
  const auto cases = conformance_cases(make_race_registry());
  EXPECT_EQ(cases[0].name(), "race_sprint");
  EXPECT_EQ(cases[1].name(), "race_sprint_cautious");
  EXPECT_EQ(cases[2].name(), "race_sprint_pace_short");
  EXPECT_EQ(cases[3].ref(), "race/marathon");
}

TEST(ConformanceChecks, TheWrapperItselfConforms) { EXPECT_EQ(failures_with(Defect::kNone), ""); }

TEST(ConformanceChecks, CatchesUnsortedLegalActions) {
  EXPECT_NE(failures_with(Defect::kUnsortedLegalActions).find("not sorted"), std::string::npos);
}

TEST(ConformanceChecks, CatchesAnEmptyActionName) {
  EXPECT_NE(failures_with(Defect::kEmptyActionName).find("empty name"), std::string::npos);
}

TEST(ConformanceChecks, CatchesJsonThatDoesNotRoundTrip) {
  EXPECT_NE(failures_with(Defect::kNanInJson).find("JSON round trip"), std::string::npos);
}

TEST(ConformanceChecks, CatchesABrokenInvariant) {
  EXPECT_NE(failures_with(Defect::kBrokenInvariant).find("broken on purpose"), std::string::npos);
}

TEST(ConformanceChecks, CatchesACloneSharingItsOriginal) {
  EXPECT_NE(failures_with(Defect::kSharedClone).find("changed the original"), std::string::npos);
}

TEST(ConformanceChecks, CatchesAGameThatNeverEnds) {
  EXPECT_NE(failures_with(Defect::kNeverEnds).find("did not end within 2000 steps"),
            std::string::npos);
}

TEST(ConformanceChecks, CatchesANondeterministicApply) {
  EXPECT_NE(failures_with(Defect::kNondeterministicApply).find("gave different states"),
            std::string::npos);
}

TEST(ConformanceChecks, CatchesAZeroWeightChanceOutcome) {
  EXPECT_NE(failures_with(Defect::kZeroWeight).find("weight 0"), std::string::npos);
}

TEST(ConformanceChecks, ShallowStepsStillCatchBrokenInvariants) {
  // With deep checks only every 1000th step, the per-step checks still run at every step.
  const auto registry = make_race_registry();
  auto game = std::make_shared<FaultyGame>(race_game(registry), Defect::kBrokenInvariant);
  const auto check = check_random_game(*game, 1, {}, 1000);
  ASSERT_FALSE(check.failures.empty());
  EXPECT_EQ(check.failures[0], "step 4: check_invariants() failed: broken on purpose");
}

TEST(ConformanceChecks, DeepChecksRunOnlyOnTheirStride) {
  // A JSON defect is seen at the start and the end whatever the stride, and at every step when
  // the stride is 1.
  const auto registry = make_race_registry();
  auto game = std::make_shared<FaultyGame>(race_game(registry), Defect::kNanInJson);
  CheckLimits limits;
  limits.max_failures = 1000;
  const auto every = check_random_game(*game, 2, limits, 1);
  const auto sparse = check_random_game(*game, 2, limits, 1000);
  ASSERT_FALSE(sparse.failures.empty());
  const std::string last = "step " + std::to_string(sparse.steps) + ":";
  for (const auto& f : sparse.failures)
    EXPECT_TRUE(f.rfind("step 0:", 0) == 0 || f.rfind(last, 0) == 0) << f;
  EXPECT_GT(every.failures.size(), sparse.failures.size());
}

TEST(ConformanceChecks, RecordRoundTripReproducesTheGame) {
  const auto registry = make_race_registry();
  auto game = race_game(registry);
  auto check = check_random_game(*game, 5);
  ASSERT_TRUE(check.failures.empty());
  EXPECT_TRUE(check_record_round_trip(registry, *check.final_state, 5).empty());
}

TEST(ConformanceChecks, RecordRoundTripCatchesAStateReplayCannotReproduce) {
  const auto registry = make_race_registry();
  auto game = std::make_shared<FaultyGame>(race_game(registry), Defect::kExtraText);
  auto check = check_random_game(*game, 5);
  ASSERT_TRUE(check.failures.empty());
  const auto failures = check_record_round_trip(registry, *check.final_state, 5);
  ASSERT_FALSE(failures.empty());
  EXPECT_NE(failures[0].find("different final state"), std::string::npos) << failures[0];
}

TEST(ConformanceChecks, GamesPerCaseComeFromTheEnvironment) {
  const char* given = std::getenv("CARROCCIO_CONFORMANCE_GAMES");
  const std::string saved = given == nullptr ? "" : given;
  ASSERT_EQ(unsetenv("CARROCCIO_CONFORMANCE_GAMES"), 0);
  EXPECT_EQ(conformance_games(20), 20);
  ASSERT_EQ(setenv("CARROCCIO_CONFORMANCE_GAMES", "500", 1), 0);
  EXPECT_EQ(conformance_games(20), 500);
  ASSERT_EQ(setenv("CARROCCIO_CONFORMANCE_GAMES", "lots", 1), 0);
  EXPECT_EQ(conformance_games(20), 20);
  if (given != nullptr) {
    ASSERT_EQ(setenv("CARROCCIO_CONFORMANCE_GAMES", saved.c_str(), 1), 0);
  } else {
    ASSERT_EQ(unsetenv("CARROCCIO_CONFORMANCE_GAMES"), 0);
  }
}

}  // namespace
}  // namespace carroccio::tests
