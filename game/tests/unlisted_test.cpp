// State::check_unlisted(): apply() accepts a decision legal_actions() does not list when the
// ruleset says it is legal (a person's free placement), refuses it with the ruleset's reason
// otherwise, and the default accepts nothing.
#include <gtest/gtest.h>

#include "fmt/format.h"
#include "game/state.hpp"

namespace carroccio::game {
namespace {

class PlainGame final : public Game {
 public:
  explicit PlainGame(bool accepts) : Game("plain", "line", {"solo"}, {}, nullptr), fine_(accepts) {}
  std::unique_ptr<State> new_initial_state() const override;
  bool fine() const { return fine_; }

 private:
  bool fine_;
};

// One player walks along a line: the listed decisions are steps of 1 or 2; with `fine` set, any
// step from 1 to 99 (action 1000 + step) is accepted unlisted, as a free placement would be.
class LineState final : public State {
 public:
  explicit LineState(std::shared_ptr<const Game> g) : State(std::move(g)) {}
  Player current_player() const override { return at_ >= 100 ? kTerminalPlayer : 0; }
  void legal_actions(std::vector<Action>& out) const override {
    out.clear();
    if (at_ < 100) out = {1, 2};
  }
  void chance_outcomes(std::vector<ChanceOutcome>& out) const override { out.clear(); }
  std::vector<double> returns() const override { return {0.0}; }
  std::unique_ptr<State> clone() const override { return std::make_unique<LineState>(*this); }
  std::string to_string() const override { return fmt::format("at {}", at_); }
  nlohmann::json to_json(Player) const override { return {{"at", at_}}; }
  std::string action_to_string(Action a) const override { return std::to_string(a); }
  core::Status check_unlisted(Action a) const override {
    if (!static_cast<const PlainGame&>(game()).fine()) return State::check_unlisted(a);
    if (a > 1000 && a < 1100) return core::Status::Ok();
    return core::make_error(fmt::format("A fine step is 1001 to 1099, not {}.", a));
  }
  int at() const { return at_; }
  LineState(const LineState&) = default;

 protected:
  void do_apply(Action a) override { at_ += a > 1000 ? a - 1000 : a; }

 private:
  int at_ = 0;
};

std::unique_ptr<State> PlainGame::new_initial_state() const {
  return std::make_unique<LineState>(
      std::static_pointer_cast<const Game>(std::make_shared<PlainGame>(fine_)));
}

TEST(Game_State, AnUnlistedDecisionIsAppliedWhenTheRulesetAcceptsIt) {
  PlainGame g(true);
  auto s = g.new_initial_state();
  ASSERT_TRUE(s->apply(1007).ok());  // not listed, accepted
  EXPECT_EQ(static_cast<LineState&>(*s).at(), 7);
  EXPECT_EQ(s->history().back().action, 1007);  // recorded like any decision
  auto refused = s->apply(1200);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.message(), "A fine step is 1001 to 1099, not 1200.");  // the ruleset's reason
  EXPECT_EQ(static_cast<LineState&>(*s).at(), 7);
  EXPECT_EQ(s->history().size(), 1u);
}

TEST(Game_State, ByDefaultOnlyListedDecisionsAreApplied) {
  PlainGame g(false);
  auto s = g.new_initial_state();
  auto refused = s->apply(1007);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.message(), "Action 1007 is not a legal decision for solo here.");
  EXPECT_TRUE(s->apply(2).ok());
  EXPECT_TRUE(s->free_placement().is_null());
}

}  // namespace
}  // namespace carroccio::game
