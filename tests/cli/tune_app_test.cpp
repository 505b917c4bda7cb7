// `carroccio tune`, in-process, against a synthetic game whose answer is known: a coin whose
// scenario says the chance, in percent, that the first side wins ("bias", times "scale" when
// given). Tuning "bias" to a target rate must find the value that gives it.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "app/cli.hpp"
#include "core/text.hpp"
#include "game/tests/race_game.hpp"
#include "tests/cli/app_test_util.hpp"

namespace carroccio::app {
namespace {

using cli_testing::CliResult;
using cli_testing::run_cli;

class CoinGame final : public game::Game, public std::enable_shared_from_this<CoinGame> {
 public:
  CoinGame(nlohmann::json source, int bias)
      : game::Game("coin", "flip", {"heads", "tails"}, {}, std::move(source)), bias_(bias) {}
  // The chance in percent that heads wins.
  int bias() const { return bias_; }
  std::unique_ptr<game::State> new_initial_state() const override;

 private:
  int bias_;
};

// One chance node: outcome 0 (weight bias) makes heads win, outcome 1 (100 - bias) tails.
class CoinState final : public game::State {
 public:
  explicit CoinState(std::shared_ptr<const CoinGame> g) : game::State(g), coin_(std::move(g)) {}
  game::Player current_player() const override {
    return result_ < 0 ? game::kChancePlayer : game::kTerminalPlayer;
  }
  void legal_actions(std::vector<game::Action>& out) const override { out.clear(); }
  void chance_outcomes(std::vector<game::ChanceOutcome>& out) const override {
    out.clear();
    if (result_ >= 0) return;
    if (coin_->bias() > 0) out.push_back({0, static_cast<std::uint32_t>(coin_->bias())});
    if (coin_->bias() < 100) out.push_back({1, static_cast<std::uint32_t>(100 - coin_->bias())});
  }
  std::vector<double> returns() const override {
    if (result_ < 0) return {0, 0};
    return result_ == 0 ? std::vector<double>{1, -1} : std::vector<double>{-1, 1};
  }
  std::unique_ptr<game::State> clone() const override { return std::make_unique<CoinState>(*this); }
  std::string to_string() const override { return "coin " + std::to_string(result_); }
  nlohmann::json to_json(game::Player) const override { return {{"result", result_}}; }
  std::string action_to_string(game::Action a) const override { return a == 0 ? "heads" : "tails"; }
  CoinState(const CoinState&) = default;

 protected:
  void do_apply(game::Action a) override { result_ = a; }

 private:
  std::shared_ptr<const CoinGame> coin_;
  int result_ = -1;
};

std::unique_ptr<game::State> CoinGame::new_initial_state() const {
  return std::make_unique<CoinState>(shared_from_this());
}

class CoinRuleset final : public game::Ruleset {
 public:
  CoinRuleset() {
    info_.id = "coin";
    info_.title = "A biased coin";
    info_.scenarios = {{"flip", "One flip", "heads wins bias% of flips"},
                       {"coarse", "One flip", "heads wins 5 x bias% of flips"}};
  }
  const game::RulesetInfo& info() const override { return info_; }
  core::Expected<std::shared_ptr<const game::Game>> new_game(const nlohmann::json& j,
                                                             std::string_view source,
                                                             const game::Options&) const override {
    const auto& b = j.value("bias", nlohmann::json());
    const int scale = j.value("scale", 1);
    if (!b.is_number_integer() || b.get<int>() < 0 || b.get<int>() * scale > 100)
      return core::make_error(std::string(source) +
                              ": field 'bias' must be a whole number from 0 to 100 / scale.");
    return std::shared_ptr<const game::Game>(std::make_shared<CoinGame>(j, b.get<int>() * scale));
  }

 protected:
  std::vector<std::pair<std::string, std::string>> builtin_scenarios() const override {
    return {{"flip", R"({"ruleset": "coin", "bias": 50})"},
            {"coarse", R"({"ruleset": "coin", "bias": 10, "scale": 5})"}};
  }

 private:
  game::RulesetInfo info_;
};

class Tune : public ::testing::Test {
 protected:
  Tune() {
    registry_ = tests::make_race_registry();
    registry_.add(std::make_unique<CoinRuleset>());
  }
  CliResult cli(std::vector<std::string> args) { return run_cli(registry_, std::move(args)); }
  game::Registry registry_;
};

using carroccio::core::contains;

TEST_F(Tune, RecoversTheKnownAnswerOfACoin) {
  // Heads wins 5 x bias % of flips: 32.5% lies between bias 6 (30%) and 7 (35%).
  auto r = cli({"tune", "coin/coarse", "--param", "bias", "--target", "0.325", "--range", "0:20",
                "--games", "400", "--max-games", "40000", "--json"});
  ASSERT_EQ(r.code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  const auto& res = j["result"];
  EXPECT_TRUE(res["settled"].get<bool>()) << r.out;
  EXPECT_FALSE(res["outside_range"].get<bool>());
  EXPECT_TRUE(res["rate_grows_with_value"].get<bool>());
  // The crossing, 6.5, lies in the bracket, and the answer is a whole value nearest to it.
  EXPECT_LE(res["bracket"][0].get<double>(), 6.0) << r.out;
  EXPECT_GE(res["bracket"][1].get<double>(), 7.0) << r.out;
  EXPECT_LE(res["bracket"][1].get<double>() - res["bracket"][0].get<double>(), 2.0) << r.out;
  const double answer = res["answer"].get<double>();
  EXPECT_TRUE(answer == 6.0 || answer == 7.0) << r.out;
  EXPECT_LE(res["games_played"].get<std::uint64_t>(), 40000u);
  EXPECT_EQ(j["side"], "heads");
  EXPECT_EQ(j["file_value"], 10);
}

TEST_F(Tune, SettlesOnAValueWhoseRateIsTheTarget) {
  // 30% is bias 6 itself: its rate can never be told from the target, but both neighbours can,
  // so the search settles on 6 instead of spending the whole budget.
  auto r = cli({"tune", "coin/coarse", "--param", "bias", "--target", "0.3", "--range", "0:20",
                "--games", "400", "--max-games", "40000", "--json"});
  ASSERT_EQ(r.code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  const auto& res = j["result"];
  EXPECT_TRUE(res["settled"].get<bool>()) << r.out;
  EXPECT_TRUE(res["exact"].get<bool>()) << r.out;
  EXPECT_EQ(res["answer"].get<double>(), 6.0) << r.out;
  EXPECT_EQ(res["bracket"][0].get<double>(), 5.0) << r.out;
  EXPECT_EQ(res["bracket"][1].get<double>(), 7.0) << r.out;
  EXPECT_LT(res["games_played"].get<std::uint64_t>(), 40000u);
  auto text = cli({"tune", "coin/coarse", "--param", "bias", "--target", "0.3", "--range", "0:20",
                   "--games", "400", "--max-games", "40000", "--quiet"});
  EXPECT_TRUE(contains(text.out, "its own rate cannot be told from the target")) << text.out;
}

TEST_F(Tune, TheOtherSideAndATargetAsAPercentage) {
  // Tails wins (100 - bias)%: 75% for tails is bias 25; the rate falls as the value grows.
  auto r = cli({"tune", "coin/flip", "--param", "bias", "--target", "75%", "--side", "tails",
                "--range", "0:100", "--games", "400", "--json"});
  ASSERT_EQ(r.code, 0) << r.err;
  const auto res = nlohmann::json::parse(r.out).at("result");
  EXPECT_FALSE(res["rate_grows_with_value"].get<bool>());
  EXPECT_NEAR(res["answer"].get<double>(), 25.0, 2.0) << r.out;
}

TEST_F(Tune, SaysWhenTheTargetLiesOutsideTheRange) {
  auto r = cli({"tune", "coin/flip", "--param", "bias", "--target", "0.9", "--range", "10:40",
                "--games", "200"});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_TRUE(contains(r.out, "The target lies outside the range")) << r.out;
  EXPECT_TRUE(contains(r.out, "Nearest: 40")) << r.out;
}

TEST_F(Tune, TextNamesTheAnswerAndTheReportDrawsTheCurve) {
  const std::string html = (std::filesystem::path(::testing::TempDir()) / "tune.html").string();
  auto r = cli({"tune", "coin/flip", "--param", "bias", "--target", "0.6", "--range", "0:100",
                "--games", "300", "--report", html});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_TRUE(contains(r.out, "Answer: bias = ")) << r.out;
  EXPECT_TRUE(contains(r.out, "paired games")) << r.out;
  std::ifstream in(html);
  std::stringstream page;
  page << in.rdbuf();
  EXPECT_EQ(page.str().rfind("<!DOCTYPE html>", 0), 0u);
  EXPECT_TRUE(contains(page.str(), "<svg"));
  EXPECT_TRUE(contains(page.str(), "target 60.0%"));
  EXPECT_FALSE(contains(page.str(), "<script"));
}

TEST_F(Tune, RaceTargetIsAWholeNumberSearch) {
  // A real game, for the mechanics: whole values only, each value a scenario the ruleset loads,
  // and one sentence for a value its loader refuses.
  auto r = cli({"tune", "race/sprint", "--param", "target", "--target", "0.45", "--range", "2:40",
                "--games", "100", "--max-games", "2000", "--json"});
  ASSERT_EQ(r.code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  for (const auto& p : j["result"]["points"])
    EXPECT_EQ(p["value"].get<double>(), std::floor(p["value"].get<double>()));
  auto bad = cli({"tune", "race/sprint", "--param", "target", "--target", "0.45", "--range", "0:40",
                  "--games", "10"});
  EXPECT_EQ(bad.code, kExitError);
  EXPECT_TRUE(contains(bad.err,
                       "With target = 0, race/sprint refuses the scenario: field 'target' "
                       "must be a whole number from 2 to 1000."))
      << bad.err;
}

TEST_F(Tune, BadInputIsOneSentence) {
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"tune"}, "needs a game"},
      {{"tune", "coin/flip", "--target", "0.3"}, "needs --param PATH"},
      {{"tune", "coin/flip", "--param", "bias"}, "needs --target RATE"},
      {{"tune", "coin/flip", "--param", "bias", "--target", "x"}, "is not a rate"},
      {{"tune", "coin/flip", "--param", "bias", "--target", "150%"}, "strictly between 0 and 1"},
      {{"tune", "coin/flip", "--param", "bias", "--target", "0"}, "strictly between 0 and 1"},
      {{"tune", "coin/flip", "--param", "nosuch", "--target", "0.3"}, "has no field 'nosuch'"},
      {{"tune", "coin/flip", "--param", "ruleset", "--target", "0.3"}, "is string, not a number"},
      {{"tune", "coin/flip", "--param", "bias", "--target", "0.3", "--range", "5"},
       "must be two numbers LO:HI"},
      {{"tune", "coin/flip", "--param", "bias", "--target", "0.3", "--range", "9:2"},
       "must have LO below HI"},
      {{"tune", "coin/flip", "--param", "bias", "--target", "0.3", "--range", "0.5:9"},
       "give --range as whole numbers"},
      {{"tune", "coin/flip", "--param", "bias", "--target", "0.3", "--side", "edge"}, "edge"},
      {{"tune", "coin/flip", "--param", "bias", "--target", "0.3", "--agent", "heads=human"},
       "plays without people"},
  };
  for (const auto& [args, message] : cases) {
    auto r = cli(args);
    EXPECT_EQ(r.code, kExitUsage) << args.back() << ": " << r.err;
    EXPECT_TRUE(contains(r.err, message)) << r.err;
    EXPECT_TRUE(r.out.empty());
  }
}

}  // namespace
}  // namespace carroccio::app
