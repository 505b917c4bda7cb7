// Tests of the heuristic and MCTS agents on tiny hand-made games (no ruleset involved).
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <map>

#include "ai/agent.hpp"
#include "ai/heuristic.hpp"
#include "ai/mcts.hpp"
#include "fmt/format.h"
#include "game/tests/race_game.hpp"

namespace carroccio::ai {
namespace {

// Gamble-Nim. [nim 1] Two sides take turns on one pile; a side takes 1 or 2 stones, and the
// one taking the last stone wins (so leaving a multiple of 3 wins by force). [nim 2] Instead a
// side may gamble: a chance node wins the game outright for it with weight `win` and loses it
// with weight `lose`. evaluate() knows the theory of [nim 1]: the side to move on a multiple of
// 3 is lost (-0.5 for it), otherwise won (+0.5). [nim 3] Optionally a secret coin is dealt by
// chance at the start, seen by side 1 only; side 0 then names it (action 10 + guess) and wins
// if right. resample_hidden redraws what the viewer cannot see as `forced_secret` and counts
// its calls, so a test can tell whether a search looked at the real secret.
constexpr game::Action kTake1 = 1, kTake2 = 2, kGamble = 3, kGuessBase = 10;
constexpr game::Action kWinOutcome = 20, kLoseOutcome = 21, kCoinBase = 30;

class NimGame final : public game::Game, public std::enable_shared_from_this<NimGame> {
 public:
  NimGame(int pile, std::uint32_t win, std::uint32_t lose, bool secret = false)
      : game::Game("nim", "test", {"first", "second"}, {}, nlohmann::json::object()),
        pile_(pile),
        win_(win),
        lose_(lose),
        secret_(secret) {}
  std::unique_ptr<game::State> new_initial_state() const override;
  int pile_;
  std::uint32_t win_, lose_;
  bool secret_;
  mutable int resamples = 0;
  int forced_secret = 0;
  double scale = 1.0;  // every value (returns and evaluation) is multiplied by it
};

class NimState final : public game::State {
 public:
  explicit NimState(std::shared_ptr<const NimGame> g)
      : game::State(g), nim_(std::move(g)), pile_(nim_->pile_), dealing_(nim_->secret_) {}
  game::Player current_player() const override {
    if (winner_ >= 0) return game::kTerminalPlayer;
    if (gambling_ || dealing_) return game::kChancePlayer;
    return to_play_;
  }
  void legal_actions(std::vector<game::Action>& out) const override {
    out.clear();
    if (current_player() < 0) return;
    if (nim_->secret_) {
      out = {kGuessBase, kGuessBase + 1};
      return;
    }
    out.push_back(kTake1);
    if (pile_ >= 2) out.push_back(kTake2);
    if (nim_->win_ + nim_->lose_ > 0) out.push_back(kGamble);
  }
  void chance_outcomes(std::vector<game::ChanceOutcome>& out) const override {
    out.clear();
    if (dealing_) {
      out = {{kCoinBase, 1}, {kCoinBase + 1, 1}};
    } else if (gambling_) {
      if (nim_->win_) out.push_back({kWinOutcome, nim_->win_});
      if (nim_->lose_) out.push_back({kLoseOutcome, nim_->lose_});
    }
  }
  std::vector<double> returns() const override {
    if (winner_ < 0) return {0, 0};
    const double k = nim_->scale;
    return winner_ == 0 ? std::vector<double>{k, -k} : std::vector<double>{-k, k};
  }
  std::vector<double> evaluate() const override {
    if (winner_ >= 0) return returns();
    const double mover = (pile_ % 3 == 0 ? -0.5 : 0.5) * nim_->scale;
    return to_play_ == 0 ? std::vector<double>{mover, -mover} : std::vector<double>{-mover, mover};
  }
  std::unique_ptr<game::State> clone() const override { return std::make_unique<NimState>(*this); }
  std::unique_ptr<game::State> resample_hidden(game::Player viewer, core::Rng& rng) const override {
    (void)rng;
    ++nim_->resamples;
    auto s = std::make_unique<NimState>(*this);
    if (viewer != 1 && !dealing_) s->secret_ = nim_->forced_secret;  // [nim 3]
    return s;
  }
  std::string to_string() const override {
    return fmt::format("pile={} to_play={} winner={} secret={}", pile_, to_play_, winner_, secret_);
  }
  nlohmann::json to_json(game::Player) const override { return {{"pile", pile_}}; }
  std::string action_to_string(game::Action a) const override { return std::to_string(a); }
  NimState(const NimState&) = default;

 protected:
  void do_apply(game::Action a) override {
    if (dealing_) {
      secret_ = a - kCoinBase;
      dealing_ = false;
    } else if (gambling_) {
      gambling_ = false;
      winner_ = a == kWinOutcome ? to_play_ : 1 - to_play_;
    } else if (a >= kGuessBase) {
      winner_ = (a - kGuessBase) == secret_ ? 0 : 1;
    } else if (a == kGamble) {
      gambling_ = true;
    } else {
      pile_ -= a;
      if (pile_ <= 0)
        winner_ = to_play_;
      else
        to_play_ = 1 - to_play_;
    }
  }

 private:
  std::shared_ptr<const NimGame> nim_;
  int pile_;
  int to_play_ = 0;
  int winner_ = -1;
  bool gambling_ = false;
  bool dealing_ = false;
  int secret_ = 0;
};

std::unique_ptr<game::State> NimGame::new_initial_state() const {
  return std::make_unique<NimState>(shared_from_this());
}

std::unique_ptr<Agent> agent(const std::string& text, const game::Game& g, game::Player side = 0) {
  auto a = make_agent(*AgentSpec::parse(text), g, side);
  EXPECT_TRUE(a.ok()) << a.message();
  return std::move(*a);
}

MctsParams params(std::int64_t iterations) {
  MctsParams p;
  p.iterations = iterations;
  return p;
}

// ---- heuristic ----

TEST(HeuristicAgent, PrefersTheActionTheEvaluationLikes) {
  // From 4 stones, taking 1 leaves the opponent on a multiple of 3 ([nim 1]).
  auto g = std::make_shared<NimGame>(4, 0, 0);
  auto s = g->new_initial_state();
  core::Rng rng(1);
  EXPECT_EQ(agent("heuristic:depth=1", *g)->choose(*s, rng), kTake1);
  // From 5, taking 2 does it.
  auto g5 = std::make_shared<NimGame>(5, 0, 0);
  EXPECT_EQ(agent("heuristic:depth=1", *g5)->choose(*g5->new_initial_state(), rng), kTake2);
}

TEST(HeuristicAgent, AveragesTheChanceOutcomesThatFollow) {
  // On 3 stones both takes lose ([nim 1]); a gamble won 9 times in 10 is worth 0.8.
  auto good = std::make_shared<NimGame>(3, 9, 1);
  core::Rng rng(2);
  EXPECT_EQ(agent("heuristic", *good)->choose(*good->new_initial_state(), rng), kGamble);
  // A gamble won 1 time in 4 is worth -0.5, no better than a losing take: never strictly best.
  auto bad = std::make_shared<NimGame>(4, 1, 3);
  for (int i = 0; i < 20; ++i)
    EXPECT_EQ(agent("heuristic", *bad)->choose(*bad->new_initial_state(), rng), kTake1);
}

TEST(HeuristicAgent, BreaksTiesWithItsGeneratorReproducibly) {
  // On 3 stones without a gamble both takes are equally bad: the generator picks.
  auto g = std::make_shared<NimGame>(3, 0, 0);
  auto s = g->new_initial_state();
  std::map<game::Action, int> seen;
  for (std::uint64_t seed = 0; seed < 40; ++seed) {
    core::Rng a(seed), b(seed);
    const auto x = agent("heuristic", *g)->choose(*s, a);
    EXPECT_EQ(x, agent("heuristic", *g)->choose(*s, b));
    ++seen[x];
  }
  EXPECT_EQ(seen.size(), 2u);
}

TEST(HeuristicAgent, ExplainsEveryCandidateBestFirstWithItsValue) {
  // From 4 stones taking 1 is worth +0.5 to the taker ([nim 1]), taking 2 -0.5.
  auto g = std::make_shared<NimGame>(4, 0, 0);
  auto a = agent("heuristic", *g);
  EXPECT_TRUE(a->explain(5).candidates.empty());  // nothing weighed yet
  core::Rng rng(1);
  const auto chosen = a->choose(*g->new_initial_state(), rng);
  const Explanation e = a->explain(5);
  EXPECT_EQ(e.chosen, chosen);
  EXPECT_EQ(e.effort_unit, "positions");
  ASSERT_EQ(e.candidates.size(), 2u);
  EXPECT_EQ(e.candidates[0].action, kTake1);
  EXPECT_DOUBLE_EQ(e.candidates[0].value, 0.5);
  EXPECT_DOUBLE_EQ(e.candidates[1].value, -0.5);
  EXPECT_GE(e.candidates[0].effort, 1);
  EXPECT_EQ(a->explain(1).candidates.size(), 1u);  // the limit
}

// ---- MCTS ----

TEST(MctsAgent, FindsTheForcedWin) {
  // 7 stones: take 1 (leaving 6) wins by force; the gamble (1 in 4) and taking 2 do not.
  auto g = std::make_shared<NimGame>(7, 1, 3);
  auto s = g->new_initial_state();
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    core::Rng rng(seed);
    EXPECT_EQ(agent("mcts:iters=3000", *g)->choose(*s, rng), kTake1) << seed;
    EXPECT_EQ(agent("mcts:iters=300,prior=5", *g)->choose(*s, rng), kTake1) << seed;
  }
}

TEST(MctsAgent, TakesAGoodGambleAndAvoidsABadOne) {
  // On 3 stones every take loses against perfect play: a 9-in-10 gamble is the move.
  auto good = std::make_shared<NimGame>(3, 9, 1);
  core::Rng rng(3);
  EXPECT_EQ(agent("mcts:iters=2000", *good)->choose(*good->new_initial_state(), rng), kGamble);
  // On 4 stones the gamble (1 in 4) is a blunder next to the winning take of 1.
  auto bad = std::make_shared<NimGame>(4, 1, 3);
  EXPECT_EQ(agent("mcts:iters=2000", *bad)->choose(*bad->new_initial_state(), rng), kTake1);
}

TEST(MctsAgent, ExplainsTheRootsChildrenMostVisitedFirst) {
  auto g = std::make_shared<NimGame>(7, 1, 3);
  auto a = agent("mcts:iters=400", *g);
  core::Rng rng(4);
  const auto chosen = a->choose(*g->new_initial_state(), rng);
  const Explanation e = a->explain(10);
  EXPECT_EQ(e.effort_unit, "visits");
  EXPECT_EQ(e.chosen, chosen);
  ASSERT_EQ(e.candidates.size(), 3u);
  EXPECT_EQ(e.candidates[0].action, chosen);
  std::int64_t total = 0;
  for (std::size_t i = 0; i < e.candidates.size(); ++i) {
    total += e.candidates[i].effort;
    if (i > 0) {
      EXPECT_GE(e.candidates[i - 1].effort, e.candidates[i].effort);
    }
    EXPECT_GE(e.candidates[i].value, -1.0);
    EXPECT_LE(e.candidates[i].value, 1.0);
  }
  EXPECT_GE(total, 400);  // every iteration visits one root child (priors add virtual visits)
}

TEST(MctsAgent, ChanceAveragingWeighsEveryOutcomeOfAGamble) {
  // chance=K: a gamble's value is the expectation over its outcomes, not one sampled outcome.
  // On 3 stones a 9-in-10 gamble is the move, and on 4 stones a 1-in-4 gamble is not.
  auto good = std::make_shared<NimGame>(3, 9, 1);
  auto bad = std::make_shared<NimGame>(4, 1, 3);
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    core::Rng rng(seed);
    EXPECT_EQ(agent("mcts:iters=200,chance=8", *good)->choose(*good->new_initial_state(), rng),
              kGamble);
    EXPECT_EQ(agent("mcts:iters=200,chance=8", *bad)->choose(*bad->new_initial_state(), rng),
              kTake1);
  }
  // With one outcome sampled per expansion (chance=1) the search still plays legally.
  core::Rng rng(9);
  EXPECT_NE(agent("mcts:iters=50,chance=1", *good)->choose(*good->new_initial_state(), rng),
            game::kInvalidAction);
}

const Candidate* candidate(const Explanation& e, game::Action a) {
  for (const auto& c : e.candidates)
    if (c.action == a) return &c;
  return nullptr;
}

TEST(MctsAgent, WithForcedAStepWithOneActionIsNoLeafAndTheSearchSeesPastIt) {
  // 2 stones: taking 1 leaves the other side one stone and one action, which wins for it. The
  // evaluation of that position (-0.5 for side 0) is only an estimate; with forced=1 the search
  // goes through the forced step to the lost end (-1) on its first visit.
  auto g = std::make_shared<NimGame>(2, 0, 0);
  const auto s = g->new_initial_state();
  for (const auto& [spec, expected] : std::vector<std::pair<std::string, double>>{
           {"mcts:iters=2,prior=0,c=0,forced=1", -1.0}, {"mcts:iters=2,prior=0,c=0", -0.5}}) {
    auto a = agent(spec, *g);
    core::Rng rng(1);
    EXPECT_EQ(a->choose(*s, rng), kTake2) << spec;
    const Explanation e = a->explain(10);
    const Candidate* take1 = candidate(e, kTake1);
    ASSERT_NE(take1, nullptr) << spec;
    EXPECT_EQ(take1->effort, 1) << spec;
    EXPECT_DOUBLE_EQ(take1->value, expected) << spec;
  }
}

TEST(MctsAgent, StratifiedChanceFollowsEachOutcomeInProportionToItsWeight) {
  // 1 stone: the gamble wins 1 time in 4 (expected value -0.5). With strat=1 the outcomes are
  // followed in proportion to their weights (each count within one visit of its share), so the
  // gamble's mean is within 2/n of -0.5 after n visits, whatever the seed; the search is the
  // same for the same seed.
  auto g = std::make_shared<NimGame>(1, 1, 3);
  const auto s = g->new_initial_state();
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    auto a = agent("mcts:iters=301,prior=0,c=100,strat=1", *g);
    core::Rng rng(seed);
    a->choose(*s, rng);
    const Explanation e = a->explain(10);
    const Candidate* gamble = candidate(e, kGamble);
    ASSERT_NE(gamble, nullptr);
    ASSERT_GT(gamble->effort, 40);
    EXPECT_NEAR(gamble->value, -0.5, 2.0 / static_cast<double>(gamble->effort) + 1e-12) << seed;
    auto again = agent("mcts:iters=301,prior=0,c=100,strat=1", *g);
    core::Rng rng2(seed);
    again->choose(*s, rng2);
    const Explanation e2 = again->explain(10);
    ASSERT_NE(candidate(e2, kGamble), nullptr);
    EXPECT_EQ(candidate(e2, kGamble)->effort, gamble->effort);
    EXPECT_DOUBLE_EQ(candidate(e2, kGamble)->value, gamble->value);
  }
}

// Roll-then-call. [roll 1] Side 0 either stops (a sure +0.6) or rolls a `faces`-sided die and,
// seeing it, calls its parity: right wins (+1), wrong loses (-1). So rolling is worth +1 with
// perfect play after the roll, and stopping is the wrong answer. [roll 2] evaluate() knows
// nothing before the end (0 for both), so the search must reach the call below the die to
// learn what rolling is worth.
constexpr game::Action kStop = 1, kRoll = 2, kCallEven = 3, kCallOdd = 4, kFaceBase = 100;

class RollGame final : public game::Game, public std::enable_shared_from_this<RollGame> {
 public:
  explicit RollGame(int faces)
      : game::Game("roll", "test", {"first", "second"}, {}, nlohmann::json::object()),
        faces_(faces) {}
  std::unique_ptr<game::State> new_initial_state() const override;
  int faces_;
};

class RollState final : public game::State {
 public:
  explicit RollState(std::shared_ptr<const RollGame> g) : game::State(g), faces_(g->faces_) {}
  game::Player current_player() const override {
    if (over_) return game::kTerminalPlayer;
    return rolling_ ? game::kChancePlayer : 0;
  }
  void legal_actions(std::vector<game::Action>& out) const override {
    out.clear();
    if (current_player() != 0) return;
    if (face_ < 0)
      out = {kStop, kRoll};
    else
      out = {kCallEven, kCallOdd};
  }
  void chance_outcomes(std::vector<game::ChanceOutcome>& out) const override {
    out.clear();
    if (rolling_)
      for (int f = 0; f < faces_; ++f) out.push_back({kFaceBase + f, 1});
  }
  std::vector<double> returns() const override { return {value_, -value_}; }
  std::vector<double> evaluate() const override { return returns(); }
  std::unique_ptr<game::State> clone() const override { return std::make_unique<RollState>(*this); }
  std::string to_string() const override {
    return fmt::format("face={} rolling={} over={} value={}", face_, rolling_, over_, value_);
  }
  nlohmann::json to_json(game::Player) const override { return {{"face", face_}}; }
  std::string action_to_string(game::Action a) const override { return std::to_string(a); }
  RollState(const RollState&) = default;

 protected:
  void do_apply(game::Action a) override {
    if (rolling_) {
      face_ = a - kFaceBase;
      rolling_ = false;
    } else if (a == kStop) {
      value_ = 0.6;
      over_ = true;
    } else if (a == kRoll) {
      rolling_ = true;
    } else {
      value_ = (face_ % 2 == 0) == (a == kCallEven) ? 1.0 : -1.0;
      over_ = true;
    }
  }

 private:
  int faces_;
  int face_ = -1;
  bool rolling_ = false;
  bool over_ = false;
  double value_ = 0;
};

std::unique_ptr<game::State> RollGame::new_initial_state() const {
  return std::make_unique<RollState>(shared_from_this());
}

TEST(MctsAgent, SparseChanceSeesPastADieWithManyFacesAndRollsForTheSureWin) {
  // A 60-faced die and 200 iterations: drawing every visit afresh, nearly every visit below the
  // die meets a face for the first time (a leaf worth 0), so rolling looks worse than the sure
  // 0.6 and the search stops. With widen=3 the visits below the die share three faces, come
  // back to each, expand the call under it (the priors score both calls) and learn that
  // rolling is worth +1, the known answer. (Passes on seeds 1-30; four are kept.)
  auto g = std::make_shared<RollGame>(60);
  const auto s = g->new_initial_state();
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    auto sparse = agent("mcts:iters=200,c=1,widen=3", *g);
    core::Rng rng(seed);
    EXPECT_EQ(sparse->choose(*s, rng), kRoll) << seed;
    const Explanation e = sparse->explain(10);
    const Candidate* roll = candidate(e, kRoll);
    ASSERT_NE(roll, nullptr);
    EXPECT_GT(roll->value, 0.6) << seed;
    auto fresh = agent("mcts:iters=200,c=1", *g);
    core::Rng rng2(seed);
    EXPECT_EQ(fresh->choose(*s, rng2), kStop) << seed;  // negative case: widen=0
  }
}

TEST(MctsAgent, SparseChanceFollowsAtMostWidenOutcomesOfAChanceNode) {
  // 1 stone, a 1-in-4 gamble, every root child tried alike (c=100, no priors): the tree holds
  // the root, its two children, and below the gamble one outcome with widen=1, both without.
  auto g = std::make_shared<NimGame>(1, 1, 3);
  const auto s = g->new_initial_state();
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    MctsParams p = params(300);
    p.prior = 0;
    p.exploration = 100;
    p.widen = 1;
    MctsAgent one(0, p, "mcts");
    core::Rng rng(seed);
    one.choose(*s, rng);
    EXPECT_EQ(one.last_stats().nodes, 4) << seed;
    // With one outcome followed, the gamble's mean is that outcome's return, +1 or -1.
    const Explanation e = one.explain(10);
    const Candidate* gamble = candidate(e, kGamble);
    ASSERT_NE(gamble, nullptr);
    EXPECT_DOUBLE_EQ(std::abs(gamble->value), 1.0) << seed;
    p.widen = 0;
    MctsAgent all(0, p, "mcts");
    core::Rng rng2(seed);
    all.choose(*s, rng2);
    EXPECT_EQ(all.last_stats().nodes, 5) << seed;
  }
}

TEST(MctsAgent, NormalisedValuesMakeTheSearchBlindToTheEvaluationsScale) {
  // The same game with every value divided by 64 (exact in binary): with norm=1 the search
  // spends its visits exactly as on the original; without it the exploration term, fixed on
  // the raw scale, swamps the smaller differences and the visits change.
  auto g = std::make_shared<NimGame>(7, 1, 3);
  auto small = std::make_shared<NimGame>(7, 1, 3);
  small->scale = 1.0 / 64;
  auto visits = [](const std::string& spec, const NimGame& game) {
    auto a = agent(spec, game);
    core::Rng rng(5);
    a->choose(*game.new_initial_state(), rng);
    std::map<game::Action, std::int64_t> v;
    for (const auto& c : a->explain(10).candidates) v[c.action] = c.effort;
    return v;
  };
  EXPECT_EQ(visits("mcts:iters=300,norm=1", *g), visits("mcts:iters=300,norm=1", *small));
  EXPECT_NE(visits("mcts:iters=300", *g), visits("mcts:iters=300", *small));
}

// Lure. [lure 1] Side 0 either settles (a sure +0.5, the end) or enters; after entering its
// only move ends the game at 0. [lure 2] evaluate() overrates the entered position (+0.9), so
// a search that meets it as a leaf first likes it, and learns its worth only one step deeper.
constexpr game::Action kSettle = 1, kEnter = 2, kGoOn = 3;

class LureGame final : public game::Game, public std::enable_shared_from_this<LureGame> {
 public:
  LureGame() : game::Game("lure", "test", {"first", "second"}, {}, nlohmann::json::object()) {}
  std::unique_ptr<game::State> new_initial_state() const override;
};

class LureState final : public game::State {
 public:
  explicit LureState(std::shared_ptr<const LureGame> g) : game::State(std::move(g)) {}
  game::Player current_player() const override { return over_ ? game::kTerminalPlayer : 0; }
  void legal_actions(std::vector<game::Action>& out) const override {
    out.clear();
    if (over_) return;
    if (entered_)
      out = {kGoOn};
    else
      out = {kSettle, kEnter};
  }
  void chance_outcomes(std::vector<game::ChanceOutcome>& out) const override { out.clear(); }
  std::vector<double> returns() const override { return {value_, -value_}; }
  std::vector<double> evaluate() const override {
    if (entered_ && !over_) return {0.9, -0.9};  // [lure 2]
    return returns();
  }
  std::unique_ptr<game::State> clone() const override { return std::make_unique<LureState>(*this); }
  std::string to_string() const override {
    return fmt::format("entered={} over={} value={}", entered_, over_, value_);
  }
  nlohmann::json to_json(game::Player) const override { return {{"over", over_}}; }
  std::string action_to_string(game::Action a) const override { return std::to_string(a); }
  LureState(const LureState&) = default;

 protected:
  void do_apply(game::Action a) override {
    if (a == kSettle) {
      value_ = 0.5;
      over_ = true;
    } else if (a == kEnter) {
      entered_ = true;
    } else {
      value_ = 0;
      over_ = true;
    }
  }

 private:
  bool entered_ = false;
  bool over_ = false;
  double value_ = 0;
};

std::unique_ptr<game::State> LureGame::new_initial_state() const {
  return std::make_unique<LureState>(shared_from_this());
}

TEST(MctsAgent, FinalChoiceByMeanPlaysTheBestMeanNotTheMostVisited) {
  // Three iterations, no priors, no exploration (c=0), whatever the shuffled order: each child
  // once (enter scores its leaf 0.9, settle 0.5), then the greedy descent enters again and
  // reaches the end at 0, so enter has 2 visits and a mean of 0.45, settle 1 visit and 0.5.
  // The most visited child (the default) is enter; by mean (final=1) it is settle.
  auto g = std::make_shared<LureGame>();
  const auto s = g->new_initial_state();
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    auto by_visits = agent("mcts:iters=3,prior=0,c=0", *g);
    core::Rng rng(seed);
    EXPECT_EQ(by_visits->choose(*s, rng), kEnter) << seed;  // negative case: the default
    const Explanation e = by_visits->explain(10);
    ASSERT_NE(candidate(e, kEnter), nullptr);
    ASSERT_NE(candidate(e, kSettle), nullptr);
    EXPECT_EQ(candidate(e, kEnter)->effort, 2) << seed;
    EXPECT_DOUBLE_EQ(candidate(e, kEnter)->value, 0.45) << seed;
    EXPECT_EQ(candidate(e, kSettle)->effort, 1) << seed;
    auto by_mean = agent("mcts:iters=3,prior=0,c=0,final=1", *g);
    core::Rng rng2(seed);
    EXPECT_EQ(by_mean->choose(*s, rng2), kSettle) << seed;
    EXPECT_EQ(by_mean->explain(10).chosen, kSettle) << seed;
  }
}

TEST(MctsAgent, FinalChoiceByLowerBoundDistrustsAChildSeenLittle) {
  // The same tree: enter 0.45 over 2 visits, settle 0.5 over 1. With lcb=0.5 the bounds are
  // 0.45 - 0.5/sqrt(2) = 0.096 and 0.5 - 0.5 = 0: the child seen once is distrusted and enter
  // is played; with lcb=0.1 (0.379 against 0.4) settle still is.
  auto g = std::make_shared<LureGame>();
  const auto s = g->new_initial_state();
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    core::Rng rng(seed);
    EXPECT_EQ(agent("mcts:iters=3,prior=0,c=0,final=1,lcb=0.5", *g)->choose(*s, rng), kEnter);
    EXPECT_EQ(agent("mcts:iters=3,prior=0,c=0,final=1,lcb=0.1", *g)->choose(*s, rng), kSettle);
  }
  // With a budget the lure is found out either way: by visits and by mean, settle is played.
  for (const std::string spec :
       {"mcts:iters=200", "mcts:iters=200,final=1", "mcts:iters=200,final=1,lcb=0.3"}) {
    core::Rng rng(7);
    EXPECT_EQ(agent(spec, *g)->choose(*s, rng), kSettle) << spec;
  }
}

TEST(DecisionLimit, AnEnormousBudgetIsHeldToTheDriversDeadline) {
  // 100 million iterations would take hours; a deadline already past stops the search before
  // its first iteration, and the answer is still a legal decision.
  auto g = std::make_shared<NimGame>(7, 1, 3);
  auto s = g->new_initial_state();
  for (const char* spec : {"mcts:iters=100000000", "heuristic:depth=4,nodes=1000000"}) {
    auto a = agent(spec, *g);
    a->set_limit({std::chrono::steady_clock::now(), nullptr});
    core::Rng rng(1);
    const game::Action chosen = a->choose(*s, rng);
    const auto legal = s->legal_actions();
    EXPECT_NE(std::find(legal.begin(), legal.end(), chosen), legal.end()) << spec;
    EXPECT_TRUE(a->cut_short()) << spec;
  }
  MctsAgent m(0, params(100'000'000), "mcts");
  m.set_limit({std::chrono::steady_clock::now(), nullptr});
  core::Rng rng(2);
  m.choose(*s, rng);
  EXPECT_EQ(m.last_stats().iterations, 0);
}

TEST(DecisionLimit, AStopFlagStopsTheSearchAndNoLimitChangesNothing) {
  auto g = std::make_shared<NimGame>(7, 1, 3);
  auto s = g->new_initial_state();
  std::atomic<bool> stop{true};
  MctsAgent stopped(0, params(100'000'000), "mcts");
  stopped.set_limit({std::nullopt, &stop});
  core::Rng r1(3);
  stopped.choose(*s, r1);
  EXPECT_TRUE(stopped.cut_short());
  // A limit that is not reached leaves the search exactly as without one.
  stop = false;
  MctsAgent limited(0, params(300), "mcts"), free(0, params(300), "mcts");
  limited.set_limit({std::chrono::steady_clock::now() + std::chrono::hours(1), &stop});
  core::Rng ra(4), rb(4);
  EXPECT_EQ(limited.choose(*s, ra), free.choose(*s, rb));
  EXPECT_EQ(limited.last_stats().iterations, 300);
  EXPECT_FALSE(limited.cut_short());
  EXPECT_EQ(ra.next_u64(), rb.next_u64());
}

TEST(MctsAgent, SameSeedSameChoiceAndSameSearch) {
  const auto registry = tests::make_race_registry();
  auto g = *registry.load("race/sprint", {});
  auto s = g->new_initial_state();
  for (std::uint64_t seed = 0; seed < 5; ++seed) {
    MctsAgent a(0, params(300), "mcts"), b(0, params(300), "mcts");
    core::Rng ra(seed), rb(seed);
    EXPECT_EQ(a.choose(*s, ra), b.choose(*s, rb));
    EXPECT_EQ(a.last_stats().nodes, b.last_stats().nodes);
    EXPECT_EQ(ra.next_u64(), rb.next_u64());
    EXPECT_EQ(a.last_stats().iterations, 300);
  }
}

TEST(MctsAgent, WithPriorsANodeMetForTheFirstTimeIsALeafAndIsExpandedWhenMetAgain) {
  // Nim with 30 stones: every decision node has two children (take 1 or 2), no chance.
  auto g = std::make_shared<NimGame>(30, 0, 0);
  auto s = g->new_initial_state();
  MctsParams p = params(1);
  p.prior = 4;
  p.reuse = false;
  core::Rng rng(3);
  MctsAgent one(0, p, "mcts:iters=1,prior=4");
  one.choose(*s, rng);
  // One iteration: the root is expanded (two children scored by the prior) and the child it
  // descends to is met for the first time, so it is only scored: 1 + 2 nodes, not 1 + 2 + 2.
  EXPECT_EQ(one.last_stats().nodes, 3);
  // A second iteration may come back to a child already met, which it then expands.
  p.iterations = 2;
  MctsAgent two(0, p, "mcts:iters=2,prior=4");
  two.choose(*s, rng);
  EXPECT_LE(two.last_stats().nodes, 5);
  // Without priors nothing changes: a child met once is a leaf as before.
  MctsParams q = params(1);
  q.reuse = false;
  MctsAgent plain(0, q, "mcts:iters=1");
  plain.choose(*s, rng);
  EXPECT_EQ(plain.last_stats().nodes, 3);
}

TEST(MctsAgent, RolloutsReachTheEnd) {
  const auto registry = tests::make_race_registry();
  auto g = *registry.load("race/sprint", {});
  auto s = g->new_initial_state();
  core::Rng rng(4);
  const auto a = agent("mcts:iters=200,rollout=1000", *g)->choose(*s, rng);
  EXPECT_TRUE(a == tests::kRaceStep || a == tests::kRaceRollD6 || a == tests::kRaceRoll2d6);
}

TEST(MctsAgent, SearchesADeterminisationNeverTheRealHiddenState) {
  // [nim 3]: the real secret is 1; side 0 cannot see it. Its determinisations say 0, so a
  // search that respects them guesses 0, and one that peeked at the real state would guess 1.
  auto g = std::make_shared<NimGame>(3, 0, 0, true);
  g->forced_secret = 0;
  auto s = g->new_initial_state();
  ASSERT_TRUE(s->apply(kCoinBase + 1).ok());
  MctsAgent a(0, params(200), "mcts");
  core::Rng rng(5);
  EXPECT_EQ(a.choose(*s, rng), kGuessBase + 0);
  EXPECT_EQ(a.last_stats().determinisations, 200);
  EXPECT_EQ(g->resamples, 200);
  // Negative case: when the determinisation agrees with the real secret, it guesses right.
  g->forced_secret = 1;
  EXPECT_EQ(a.choose(*s, rng), kGuessBase + 1);
}

TEST(Agents, OnlyChooseLegalActionsThroughWholeGames) {
  const auto registry = tests::make_race_registry();
  auto g = *registry.load("race/sprint", {{"cautious", "true"}});
  for (const char* spec : {"heuristic", "heuristic:depth=3,samples=2,nodes=50", "mcts:iters=50",
                           "mcts:iters=20,c=0.5,rollout=3", "mcts:iters=30,prior=2"}) {
    auto a0 = agent(spec, *g, 0), a1 = agent(spec, *g, 1);
    core::Rng rng(11), chance(12);
    auto s = g->new_initial_state();
    int steps = 0;
    while (!s->is_terminal() && steps++ < 1000) {
      if (s->is_chance_node()) {
        ASSERT_TRUE(s->apply(s->chance_outcomes().front().action).ok());  // forced: lowest roll
        continue;
      }
      auto& who = s->current_player() == 0 ? a0 : a1;
      ASSERT_TRUE(s->apply(who->choose(*s, rng)).ok()) << spec;  // checked apply: legal
    }
    EXPECT_TRUE(s->is_terminal()) << spec;
  }
}
// Muster. [muster 1] Side 0 either passes (the game ends at +0.1 for it) or acts: then one of
// 30 options ends the game, option 0 at +0.13 for side 0 and the others at +0.08 (side 1 gets
// the negation). [muster 2] Who picks the option: side 0 itself (an own chain of decisions, as
// a bma unit and then its hex), side 1, or a fair 30-faced die. [muster 3] evaluate() before
// the option is picked is +0.1, as after passing: acting changes nothing the evaluation sees
// until the option is picked (picking a unit before its hex). The options differ by 0.05, less
// than the exploration term at c = 0.2, as the moves of a Legnano position do.
constexpr game::Action kPass = 1, kAct = 2, kOptionBase = 10;
constexpr int kOptions = 30;

class MusterGame final : public game::Game, public std::enable_shared_from_this<MusterGame> {
 public:
  explicit MusterGame(game::Player picker)
      : game::Game("muster", "test", {"first", "second"}, {}, nlohmann::json::object()),
        picker_(picker) {}
  std::unique_ptr<game::State> new_initial_state() const override;
  game::Player picker() const { return picker_; }

 private:
  game::Player picker_;  // 0, 1 or game::kChancePlayer
};

class MusterState final : public game::State {
 public:
  explicit MusterState(std::shared_ptr<const MusterGame> g)
      : game::State(g), muster_(std::move(g)) {}
  game::Player current_player() const override {
    return stage_ == 0 ? 0 : stage_ == 1 ? muster_->picker() : game::kTerminalPlayer;
  }
  void legal_actions(std::vector<game::Action>& out) const override {
    out.clear();
    if (stage_ == 0) out = {kPass, kAct};
    if (stage_ == 1 && muster_->picker() != game::kChancePlayer)
      for (int i = 0; i < kOptions; ++i) out.push_back(kOptionBase + i);
  }
  void chance_outcomes(std::vector<game::ChanceOutcome>& out) const override {
    out.clear();
    if (stage_ == 1 && muster_->picker() == game::kChancePlayer)
      for (int i = 0; i < kOptions; ++i) out.push_back({kOptionBase + i, 1});
  }
  std::vector<double> returns() const override { return {value_, -value_}; }
  std::vector<double> evaluate() const override {
    return stage_ == 2 ? returns() : std::vector<double>{0.1, -0.1};  // [muster 3]
  }
  std::unique_ptr<game::State> clone() const override {
    return std::make_unique<MusterState>(*this);
  }
  std::string to_string() const override { return fmt::format("{} {}", stage_, value_); }
  nlohmann::json to_json(game::Player) const override { return stage_; }
  std::string action_to_string(game::Action a) const override { return std::to_string(a); }
  MusterState(const MusterState&) = default;

 protected:
  void do_apply(game::Action a) override {
    if (a == kPass) {
      value_ = 0.1;
      stage_ = 2;
    } else if (a == kAct) {
      stage_ = 1;
    } else {
      value_ = a == kOptionBase ? 0.13 : 0.08;
      stage_ = 2;
    }
  }

 private:
  std::shared_ptr<const MusterGame> muster_;
  int stage_ = 0;
  double value_ = 0;
};

std::unique_ptr<game::State> MusterGame::new_initial_state() const {
  return std::make_unique<MusterState>(shared_from_this());
}

TEST(MctsAgent, MeanBackupMakesPassingLookBetterThanAnOwnChainWithTheBetterMove) {
  // The defect chain=1 removes (session 11): valued by the mean of what was backed up through
  // it, acting is the average of the 30 options the search tried (about 0.08, since c = 0.2
  // cannot tell 0.13 from 0.08 and spreads the visits), below passing (0.1), although the side
  // itself picks the option and acting is worth 0.13. The more iterations, the surer the pass.
  auto g = std::make_shared<MusterGame>(0);
  const auto s = g->new_initial_state();
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    core::Rng rng(seed);
    auto a = agent("mcts:iters=400", *g);
    EXPECT_EQ(a->choose(*s, rng), kPass) << seed;
    const Explanation e = a->explain(10);
    const Candidate* act = candidate(e, kAct);
    ASSERT_NE(act, nullptr);
    EXPECT_LT(act->value, 0.1) << seed;
  }
}

TEST(MctsAgent, ChainBackupValuesTheSidesOwnNextDecisionByItsBestOption) {
  // With chain=1 acting is worth the best of the side's own options, 0.13 (each option
  // ends the game), at any budget.
  auto g = std::make_shared<MusterGame>(0);
  const auto s = g->new_initial_state();
  for (const std::string spec : {"mcts:chain=1,iters=50", "mcts:chain=1,iters=400",
                                 "mcts:chain=1,iters=400,prior=0", "mcts:chain=1,iters=2000"}) {
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
      core::Rng rng(seed);
      auto a = agent(spec, *g);
      EXPECT_EQ(a->choose(*s, rng), kAct) << spec << " " << seed;
      const Explanation e = a->explain(10);
      ASSERT_NE(candidate(e, kAct), nullptr);
      ASSERT_NE(candidate(e, kPass), nullptr);
      EXPECT_NEAR(candidate(e, kAct)->value, 0.13, 1e-9) << spec;
      EXPECT_NEAR(candidate(e, kPass)->value, 0.1, 1e-9) << spec;  // a mean of 0.1s
    }
  }
}

TEST(MctsAgent, ChainBackupStillAveragesTheDiceAndTheOtherSidesChoice) {
  // Negative cases: when the option is a die (expectation (0.13 + 29 x 0.08) / 30 = 0.0817) or
  // side 1's choice (it picks a 0.08 for side 0), acting is worth less than passing, and
  // chain=1 keeps their mean: it maxes only over the side's own consecutive decisions.
  for (const game::Player picker : {game::kChancePlayer, game::Player{1}}) {
    auto g = std::make_shared<MusterGame>(picker);
    const auto s = g->new_initial_state();
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
      core::Rng rng(seed);
      auto a = agent("mcts:chain=1,iters=400", *g);
      EXPECT_EQ(a->choose(*s, rng), kPass) << picker << " " << seed;
      const Explanation e = a->explain(10);
      const Candidate* act = candidate(e, kAct);
      ASSERT_NE(act, nullptr);
      EXPECT_LT(act->value, 0.1) << picker << " " << seed;
    }
  }
}

TEST(MctsAgent, ChainBackupIsReproducibleForASeed) {
  const auto registry = tests::make_race_registry();
  auto g = *registry.load("race/sprint", {});
  auto s = g->new_initial_state();
  MctsParams p = params(300);
  p.chain = true;
  for (std::uint64_t seed = 0; seed < 5; ++seed) {
    MctsAgent a(0, p, "mcts:chain=1"), b(0, p, "mcts:chain=1");
    core::Rng ra(seed), rb(seed);
    EXPECT_EQ(a.choose(*s, ra), b.choose(*s, rb));
    EXPECT_EQ(a.last_stats().nodes, b.last_stats().nodes);
    EXPECT_EQ(ra.next_u64(), rb.next_u64());
  }
}

// The side's own pick among [muster 1]'s 30 options: the position after `act`, with side 0 to
// choose. Each option ends the game, so its prior is exact: option 0 at +0.13, the rest +0.08.
std::unique_ptr<game::State> muster_options(const std::shared_ptr<MusterGame>& g) {
  auto s = g->new_initial_state();
  EXPECT_TRUE(s->apply(kAct).ok());
  return s;
}

// How many of the root's children the search visited beyond their prior's virtual visits.
std::size_t searched_children(const Explanation& e, std::int64_t prior) {
  return static_cast<std::size_t>(
      std::count_if(e.candidates.begin(), e.candidates.end(),
                    [prior](const Candidate& c) { return c.effort > prior; }));
}

// Agent `spec` choosing among [muster 1]'s options with seeds 1 to 4: each time it must pick
// option 0 (the best prior); the root's account of each choice, in seed order.
std::vector<Explanation> muster_choices(const char* spec) {
  auto g = std::make_shared<MusterGame>(0);
  const auto s = muster_options(g);
  std::vector<Explanation> out;
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    core::Rng rng(seed);
    auto a = agent(spec, *g);
    EXPECT_EQ(a->choose(*s, rng), kOptionBase) << spec << ", seed " << seed;
    out.push_back(a->explain(100));
  }
  return out;
}

TEST(MctsAgent, ProgressiveWideningSearchesOnlyTheChildrenItsValuesRankBest) {
  // pw=1: after n iterations at most ceil(sqrt(n)) children compete, the best valued first, so
  // 20 iterations search at most 5 of the 30 options and option 0 (the best prior) among them.
  for (const Explanation& e : muster_choices("mcts:iters=20,pw=1")) {
    ASSERT_EQ(e.candidates.size(), static_cast<std::size_t>(kOptions));
    EXPECT_LE(searched_children(e, 4), 5u);
    ASSERT_NE(candidate(e, kOptionBase), nullptr);
    EXPECT_GT(candidate(e, kOptionBase)->effort, 4);
  }
}

TEST(MctsAgent, WithoutProgressiveWideningTheVisitsSpreadOverTheOptions) {
  // Negative case: pw=0 (the default), the options 0.05 apart are within the exploration term,
  // so the same 20 iterations visit more than 5 of them (the breadth that keeps a Legnano
  // search from going deeper than the first steps of a move).
  for (const Explanation& e : muster_choices("mcts:iters=20"))
    EXPECT_GT(searched_children(e, 4), 5u);
}

TEST(MctsAgent, ProgressiveWideningIsReproducibleForASeed) {
  const auto registry = tests::make_race_registry();
  auto g = *registry.load("race/sprint", {});
  auto s = g->new_initial_state();
  MctsParams p = params(300);
  p.pw = 1;
  p.chain = true;
  for (std::uint64_t seed = 0; seed < 5; ++seed) {
    MctsAgent a(0, p, "mcts:pw=1"), b(0, p, "mcts:pw=1");
    core::Rng ra(seed), rb(seed);
    EXPECT_EQ(a.choose(*s, ra), b.choose(*s, rb));
    EXPECT_EQ(a.last_stats().nodes, b.last_stats().nodes);
    EXPECT_EQ(ra.next_u64(), rb.next_u64());
  }
}

// Two-step: side 0 decides twice in a row (1 or 2 each time), then the game ends: a win for
// side 0 if it picked 1 and then 2, a loss otherwise. The evaluation knows nothing (zeros).
class TwoStepGame final : public game::Game, public std::enable_shared_from_this<TwoStepGame> {
 public:
  explicit TwoStepGame(std::int64_t budget = 0)
      : game::Game("two-step", "test", {"first", "second"}, {}, nlohmann::json::object()),
        budget_(budget) {}
  std::unique_ptr<game::State> new_initial_state() const override;
  std::int64_t default_search_iterations() const override { return budget_; }

 private:
  std::int64_t budget_;
};

class TwoStepState final : public game::State {
 public:
  explicit TwoStepState(std::shared_ptr<const game::Game> g) : game::State(std::move(g)) {}
  game::Player current_player() const override {
    return picks_.size() < 2 ? 0 : game::kTerminalPlayer;
  }
  void legal_actions(std::vector<game::Action>& out) const override {
    out.clear();
    if (picks_.size() < 2) out = {1, 2};
  }
  void chance_outcomes(std::vector<game::ChanceOutcome>& out) const override { out.clear(); }
  std::vector<double> returns() const override {
    if (picks_.size() < 2) return {0, 0};
    return picks_ == std::vector<game::Action>{1, 2} ? std::vector<double>{1, -1}
                                                     : std::vector<double>{-1, 1};
  }
  std::unique_ptr<game::State> clone() const override {
    return std::make_unique<TwoStepState>(*this);
  }
  std::string to_string() const override { return fmt::format("{}", fmt::join(picks_, ",")); }
  nlohmann::json to_json(game::Player) const override { return picks_; }
  std::string action_to_string(game::Action a) const override { return std::to_string(a); }
  TwoStepState(const TwoStepState&) = default;

 protected:
  void do_apply(game::Action a) override { picks_.push_back(a); }

 private:
  std::vector<game::Action> picks_;
};

std::unique_ptr<game::State> TwoStepGame::new_initial_state() const {
  return std::make_unique<TwoStepState>(shared_from_this());
}

TEST(MctsAgent, TakesTheRulesetsBudgetWhenTheSpecNamesNone) {
  // The iterations the first decision spends: its tree starts empty, so all of them are new.
  auto spent = [](std::int64_t suggested, const std::string& spec) {
    auto g = std::make_shared<TwoStepGame>(suggested);
    auto a = agent(spec, *g);
    auto* mcts = dynamic_cast<MctsAgent*>(a.get());
    EXPECT_NE(mcts, nullptr) << spec;
    if (mcts == nullptr) return std::int64_t{-1};
    core::Rng rng(3);
    mcts->choose(*g->new_initial_state(), rng);
    return mcts->last_stats().iterations;
  };
  EXPECT_EQ(spent(37, "mcts"), 37);
  // Negative cases: a budget in the spec wins, and a game that suggests none gets the agent's.
  EXPECT_EQ(spent(37, "mcts:iters=60"), 60);
  EXPECT_EQ(spent(0, "mcts"), MctsParams{}.iterations);
}

TEST(MctsAgent, KeepsTheSubtreeOfItsChoiceWhenItDecidesAgainStraightAfter) {
  auto g = std::make_shared<TwoStepGame>();
  auto s = g->new_initial_state();
  MctsAgent a(0, params(200), "mcts");
  core::Rng rng(8);
  const game::Action first = a.choose(*s, rng);
  EXPECT_EQ(first, 1);
  EXPECT_EQ(a.last_stats().reused_visits, 0);  // nothing to keep on the first decision
  ASSERT_TRUE(s->apply(first).ok());
  EXPECT_EQ(a.choose(*s, rng), 2);
  // The chosen child was the most visited of 200 iterations: its visits are kept.
  EXPECT_GT(a.last_stats().reused_visits, 100);
  EXPECT_EQ(a.last_stats().iterations, 200);  // and the full budget is spent on top of them
  // Negative cases: asked about a state the chosen action did not lead to, or with reuse=0,
  // the search starts from an empty tree.
  auto other = g->new_initial_state();
  ASSERT_TRUE(other->apply(2).ok());
  a.choose(*g->new_initial_state(), rng);
  a.choose(*other, rng);
  EXPECT_EQ(a.last_stats().reused_visits, 0);
  MctsParams off = params(200);
  off.reuse = false;
  MctsAgent b(0, off, "mcts:reuse=0");
  auto t = g->new_initial_state();
  ASSERT_TRUE(t->apply(b.choose(*t, rng)).ok());
  b.choose(*t, rng);
  EXPECT_EQ(b.last_stats().reused_visits, 0);
}

// ---- parameters ----

TEST(MakeAgent, MakesHeuristicAndMctsWithTheirParameters) {
  auto g = std::make_shared<NimGame>(4, 0, 0);
  EXPECT_EQ(agent("heuristic", *g)->name(), "heuristic");
  EXPECT_EQ(agent("heuristic:samples=3,depth=1", *g)->name(), "heuristic:depth=1,samples=3");
  EXPECT_EQ(agent("mcts:ms=50", *g)->name(), "mcts:ms=50");
  EXPECT_EQ(agent("mcts:iters=10,c=0.7,rollout=5,prior=3", *g)->name(),
            "mcts:c=0.7,iters=10,prior=3,rollout=5");
}

TEST(MakeAgent, RefusesBadSearchParametersWithOneSentence) {
  auto g = std::make_shared<NimGame>(4, 0, 0);
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"heuristic:depth=0", "depth=0 of 'heuristic' must be a whole number from 1 to 4"},
      {"heuristic:depth=9", "from 1 to 4"},
      {"heuristic:samples=x", "samples=x"},
      {"heuristic:iters=5", "'iters' is not a parameter of agent 'heuristic'"},
      {"mcts:iters=0", "iters=0 of 'mcts' must be a whole number"},
      {"mcts:iters=10,ms=10", "either iters or ms, not both"},
      {"mcts:ms=-1", "ms=-1"},
      {"mcts:c=abc", "c=abc of 'mcts' must be a number from 0 to 100"},
      {"mcts:c=1.5x", "c=1.5x"},
      {"mcts:c=-1", "c=-1"},
      {"mcts:rollout=1.5", "rollout=1.5"},
      {"mcts:depth=2", "'depth' is not a parameter of agent 'mcts'"},
      {"mcts:prior=-2", "prior=-2"},
      {"mcts:reuse=2", "reuse=2 of 'mcts' must be a whole number from 0 to 1"},
      {"mcts:forced=2", "forced=2 of 'mcts' must be a whole number from 0 to 1"},
      {"mcts:strat=-1", "strat=-1"},
      {"mcts:norm=x", "norm=x"},
      {"mcts:widen=-1", "widen=-1 of 'mcts' must be a whole number from 0 to"},
      {"mcts:final=2", "final=2 of 'mcts' must be a whole number from 0 to 1"},
      {"mcts:lcb=-1", "lcb=-1 of 'mcts' must be a number from 0 to"},
      {"mcts:chain=2", "chain=2 of 'mcts' must be a whole number from 0 to 1"},
      {"mcts:pw=-1", "pw=-1 of 'mcts' must be a whole number from 0 to 1024"},
  };
  for (const auto& [text, expected] : cases) {
    auto a = make_agent(*AgentSpec::parse(text), *g, 0);
    ASSERT_FALSE(a.ok()) << text;
    EXPECT_NE(a.message().find(expected), std::string::npos) << text << ": " << a.message();
    EXPECT_EQ(a.message().back(), '.') << a.message();
    EXPECT_EQ(a.message().find('\n'), std::string::npos);
  }
}

}  // namespace
}  // namespace carroccio::ai
