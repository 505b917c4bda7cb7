#include "rulesets/gwkho/game.hpp"

#include "rulesets/gwkho/state.hpp"

namespace carroccio::gwkho {

GwkhoGame::GwkhoGame(Scenario scenario, RuleOptions rules, game::Options options)
    : game::Game("gwkho", scenario.id, {scenario.sides[0].id, scenario.sides[1].id},
                 std::move(options), scenario.source),
      scenario_(std::move(scenario)),
      rules_(rules) {
  for (int s = 0; s < kNumSides; ++s)
    reports_[static_cast<std::size_t>(s)] =
        std::make_unique<ArmyReport>(assess(scenario_.sides[static_cast<std::size_t>(s)].army));
}

std::shared_ptr<const GwkhoGame> GwkhoGame::with_troop(int e, Troop t) const {
  Scenario s = scenario_;
  s.elements[static_cast<std::size_t>(e)].troop = t;
  return std::make_shared<GwkhoGame>(std::move(s), rules_, options());
}

std::unique_ptr<game::State> GwkhoGame::new_initial_state() const {
  return std::make_unique<GwkhoState>(shared_from_this());
}

}  // namespace carroccio::gwkho
