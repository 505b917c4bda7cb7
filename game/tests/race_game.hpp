// Race: a tiny two-sided dice game used by the tests of game/, ai/, sim/, app/ and the
// conformance suite, so that they exercise the game interface without depending on a ruleset.
//
// Rules. [race 1] On its turn a side either steps (+1) or rolls a d6 or, unless the option
// "cautious" is on, 2d6; the roll is a chance node and its value is added to the side's score.
// [race 2] A roll of exactly 1 on the d6 is a stumble: the side then goes back two (not below
// zero). [race 3] The first side to reach the scenario's target wins. [race 4] After max_turns
// full turns the game is a draw.
#pragma once

#include <array>
#include <memory>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "fmt/format.h"
#include "game/registry.hpp"
#include "game/state.hpp"

namespace carroccio::tests {

inline constexpr game::Action kRaceStep = 0;
inline constexpr game::Action kRaceRollD6 = 1;
inline constexpr game::Action kRaceRoll2d6 = 2;
inline constexpr game::Action kRaceValueBase = 100;  // chance outcome: 100 + value rolled

class RaceGame final : public game::Game, public std::enable_shared_from_this<RaceGame> {
 public:
  RaceGame(std::string ruleset, std::string scenario, std::vector<std::string> sides,
           game::Options options, nlohmann::json source, int target, int max_turns)
      : game::Game(std::move(ruleset), std::move(scenario), std::move(sides), std::move(options),
                   std::move(source)),
        target_(target),
        max_turns_(max_turns) {}

  int target() const { return target_; }
  int max_turns() const { return max_turns_; }
  bool cautious() const { return options().count("cautious") > 0; }

  std::unique_ptr<game::State> new_initial_state() const override;

 private:
  int target_;
  int max_turns_;
};

class RaceState final : public game::State {
 public:
  explicit RaceState(std::shared_ptr<const RaceGame> game)
      : game::State(game), race_(std::move(game)) {}

  game::Player current_player() const override {
    if (winner_ != kNoWinner) return game::kTerminalPlayer;
    if (pending_ != 0) return game::kChancePlayer;
    return to_play_;
  }

  void legal_actions(std::vector<game::Action>& out) const override {
    out.clear();
    if (winner_ != kNoWinner || pending_ != 0) return;
    out.push_back(kRaceStep);
    out.push_back(kRaceRollD6);
    if (!race_->cautious()) out.push_back(kRaceRoll2d6);
  }

  void chance_outcomes(std::vector<game::ChanceOutcome>& out) const override {
    out.clear();
    if (winner_ != kNoWinner || pending_ == 0) return;
    const core::Dice d = dice();
    for (const auto& [value, weight] : d.distribution())
      out.push_back({kRaceValueBase + value, static_cast<std::uint32_t>(weight)});
  }

  game::ChanceInfo chance_info() const override {
    game::ChanceInfo info;
    if (pending_ == 0) return info;
    info.purpose = fmt::format("the roll of {}", game().player_name(to_play_));
    info.rule = "race 1";
    info.dice = dice();
    for (const auto& [value, weight] : info.dice->distribution())
      info.by_value.emplace_back(value, kRaceValueBase + value);
    return info;
  }

  std::vector<double> returns() const override {
    if (winner_ == 0) return {1.0, -1.0};
    if (winner_ == 1) return {-1.0, 1.0};
    return {0.0, 0.0};
  }

  std::unique_ptr<game::State> clone() const override {
    return std::unique_ptr<game::State>(new RaceState(*this));
  }

  std::string to_string() const override {
    return fmt::format("race target={} turn={} to_play={} pending={} scores={},{} winner={}",
                       race_->target(), turn_, to_play_, pending_, scores_[0], scores_[1], winner_);
  }

  nlohmann::json to_json(game::Player viewer) const override {
    nlohmann::json j = {{"turn", turn_},
                        {"to_play", game().player_name(to_play_)},
                        {"pending", pending_},
                        {"scores", {scores_[0], scores_[1]}},
                        {"target", race_->target()}};
    if (viewer == game::kReferee) j["viewer"] = "referee";
    if (winner_ != kNoWinner) j["winner"] = winner_;
    return j;
  }

  std::string action_to_string(game::Action action) const override {
    switch (action) {
      case kRaceStep:
        return "step";
      case kRaceRollD6:
        return "roll d6";
      case kRaceRoll2d6:
        return "roll 2d6";
      default:
        return fmt::format("rolled {}", action - kRaceValueBase);
    }
  }

  std::string render_text(game::Player /*viewer*/) const override {
    std::ostringstream out;
    for (int p = 0; p < 2; ++p) {
      const int filled = std::min(scores_[p], race_->target());
      out << fmt::format("{:<10} [{}{}] {}/{}\n", game().player_name(p), std::string(filled, '#'),
                         std::string(race_->target() - filled, '.'), scores_[p], race_->target());
    }
    return out.str();
  }

  std::string status_line() const override {
    if (winner_ == kDraw) return fmt::format("Turn {}: the game is drawn.", turn_);
    if (winner_ != kNoWinner)
      return fmt::format("Turn {}: {} wins.", turn_, game().player_name(winner_));
    return fmt::format("Turn {}: {} to play, {} {} - {} {}.", turn_, game().player_name(to_play_),
                       game().player_name(0), scores_[0], game().player_name(1), scores_[1]);
  }

  std::string check_invariants() const override {
    if (scores_[0] < 0 || scores_[1] < 0) return "a score is negative";
    if (pending_ < 0 || pending_ > 2) return "the pending roll is not 0, 1 or 2";
    if (to_play_ != 0 && to_play_ != 1) return "the side to play is not 0 or 1";
    return {};
  }

  int score(int side) const { return scores_[static_cast<std::size_t>(side)]; }

 protected:
  void do_apply(game::Action action) override {
    if (pending_ == 0) {
      if (action == kRaceStep) {
        ++scores_[static_cast<std::size_t>(to_play_)];
        if (logging())
          emit({"move",
                fmt::format("{} steps to {}.", game().player_name(to_play_), scores_[to_play_]),
                "race 1"});
        end_turn();
      } else {
        pending_ = action == kRaceRollD6 ? 1 : 2;
      }
      return;
    }
    const int value = action - kRaceValueBase;
    const int rolled_dice = pending_;
    pending_ = 0;
    auto& score = scores_[static_cast<std::size_t>(to_play_)];
    score += value;
    if (logging())
      emit({"roll",
            fmt::format("{} rolls {} on {} and reaches {}.", game().player_name(to_play_), value,
                        rolled_dice == 1 ? "d6" : "2d6", score),
            "race 1",
            {{"value", value}}});
    if (rolled_dice == 1 && value == 1) {
      score = std::max(0, score - 2);
      if (logging())
        emit({"penalty",
              fmt::format("{} stumbles back to {}.", game().player_name(to_play_), score),
              "race 2"});
    }
    end_turn();
  }

 private:
  static constexpr int kNoWinner = -1;
  static constexpr int kDraw = 2;

  RaceState(const RaceState&) = default;

  core::Dice dice() const { return pending_ == 2 ? core::Dice::two_d6() : core::Dice::d6(); }

  void end_turn() {
    if (scores_[static_cast<std::size_t>(to_play_)] >= race_->target()) {
      winner_ = to_play_;
      if (logging())
        emit({"victory", fmt::format("{} wins the race.", game().player_name(winner_)), "race 3"});
      return;
    }
    to_play_ = 1 - to_play_;
    if (to_play_ == 0 && ++turn_ > race_->max_turns()) {
      winner_ = kDraw;
      if (logging()) emit({"victory", "Time runs out: the race is drawn.", "race 4"});
    }
  }

  std::shared_ptr<const RaceGame> race_;
  std::array<int, 2> scores_{0, 0};
  int to_play_ = 0;
  int pending_ = 0;  // 0: a decision; 1: a d6 roll is due; 2: a 2d6 roll is due
  int turn_ = 1;
  int winner_ = kNoWinner;
};

inline std::unique_ptr<game::State> RaceGame::new_initial_state() const {
  return std::make_unique<RaceState>(shared_from_this());
}

// The Race ruleset, under any id (tests register it as "race", and the CLI's throwaway builds
// as a stand-in for a real ruleset). Scenario JSON: {"ruleset", "scenario", "sides": [two
// names], "target": 2..1000, "max_turns": 1..10000}.
class RaceRuleset final : public game::Ruleset {
 public:
  // `sprint` names the short scenario (a stand-in ruleset may call it e.g. "legnano").
  explicit RaceRuleset(std::string id = "race", std::vector<std::string> sides = {"red", "blue"},
                       std::string sprint = "sprint") {
    info_.id = id;
    info_.title = "Race to the target";
    info_.description = "A two-sided dice race used by the tests.";
    info_.scenarios = {{sprint, "Sprint to 10", "A short race."},
                       {"marathon", "Marathon to 40", "A long race."}};
    info_.options = {{"cautious", "No 2d6 rolls.", {}},
                     {"pace", "How long the race may last.", {"short", "long"}}};
    const nlohmann::json side_names = sides;
    scenarios_ = {{sprint, nlohmann::json{{"ruleset", id},
                                          {"scenario", sprint},
                                          {"sides", side_names},
                                          {"target", 10},
                                          {"max_turns", 30}}
                               .dump(1)},
                  {"marathon", nlohmann::json{{"ruleset", id},
                                              {"scenario", "marathon"},
                                              {"sides", side_names},
                                              {"target", 40},
                                              {"max_turns", 100}}
                                   .dump(1)}};
  }

  const game::RulesetInfo& info() const override { return info_; }

  core::Expected<std::shared_ptr<const game::Game>> new_game(
      const nlohmann::json& scenario, std::string_view source_name,
      const game::Options& options) const override {
    auto field_error = [&](std::string_view field, std::string_view what) {
      return core::make_error(fmt::format("{}: field '{}' {}.", source_name, field, what));
    };
    if (!scenario.is_object())
      return core::make_error(fmt::format("{}: not an object.", source_name));
    if (!scenario.contains("scenario") || !scenario["scenario"].is_string())
      return field_error("scenario", "is missing or not a string");
    const auto& sides = scenario.value("sides", nlohmann::json());
    if (!sides.is_array() || sides.size() != 2 || !sides[0].is_string() || !sides[1].is_string())
      return field_error("sides", "must be an array of two names");
    const auto& target = scenario.value("target", nlohmann::json());
    if (!target.is_number_integer() || target.get<int>() < 2 || target.get<int>() > 1000)
      return field_error("target", "must be a whole number from 2 to 1000");
    const auto& max_turns = scenario.value("max_turns", nlohmann::json());
    if (!max_turns.is_number_integer() || max_turns.get<int>() < 1 || max_turns.get<int>() > 10000)
      return field_error("max_turns", "must be a whole number from 1 to 10000");
    int turns = max_turns.get<int>();
    if (auto it = options.find("pace"); it != options.end())
      turns = it->second == "short" ? 5 : 500;
    return std::shared_ptr<const game::Game>(std::make_shared<RaceGame>(
        info_.id, scenario["scenario"].get<std::string>(),
        std::vector<std::string>{sides[0].get<std::string>(), sides[1].get<std::string>()}, options,
        scenario, target.get<int>(), turns));
  }

  std::vector<game::Options> conformance_option_sets() const override {
    return {game::Options{}, game::Options{{"cautious", "true"}}, game::Options{{"pace", "short"}}};
  }

 protected:
  std::vector<std::pair<std::string, std::string>> builtin_scenarios() const override {
    return scenarios_;
  }

 private:
  game::RulesetInfo info_;
  std::vector<std::pair<std::string, std::string>> scenarios_;
};

// A registry holding only the Race ruleset.
inline game::Registry make_race_registry() {
  game::Registry registry;
  registry.add(std::make_unique<RaceRuleset>());
  return registry;
}

}  // namespace carroccio::tests
