#include "sim/playout.hpp"

#include "fmt/format.h"
#include "game/dice_draw.hpp"
#include "game/driver.hpp"

namespace carroccio::sim {

PlayoutRngs make_playout_rngs(std::uint64_t seed, std::uint64_t game_index, int num_players) {
  // The "stream" dice of game/dice_draw.hpp, which a record names and replay draws again.
  game::StreamRngs rngs = game::stream_rngs(seed, game_index, num_players);
  return {rngs.chance, std::move(rngs.agents)};
}

core::Status play_out(game::State& state, std::span<ai::Agent* const> agents, PlayoutRngs& rngs,
                      const PlayoutOptions& options, std::uint64_t* decisions,
                      std::uint64_t* chance_steps) {
  const game::Game& game = state.game();
  if (agents.size() != static_cast<std::size_t>(game.num_players()))
    return core::make_error(fmt::format("{}/{} has {} sides, but {} agents were given.",
                                        game.ruleset(), game.scenario(), game.num_players(),
                                        agents.size()));
  for (std::size_t p = 0; p < agents.size(); ++p)
    if (agents[p] == nullptr)
      return core::make_error(
          fmt::format("No agent was given for {}.", game.player_name(static_cast<int>(p))));
  if (rngs.agents.size() != agents.size())
    return core::make_error("The playout generators do not match the number of sides.");

  std::vector<game::ChanceOutcome> outcomes;
  outcomes.reserve(64);
  std::uint64_t steps = 0, n_decisions = 0, n_chance = 0;
  for (;;) {
    const game::Player p = state.current_player();
    if (p == game::kTerminalPlayer) break;
    if (steps >= options.max_steps)
      return core::make_error(fmt::format("The game of {}/{} did not end within {} steps.",
                                          game.ruleset(), game.scenario(), options.max_steps));
    game::Action action;
    if (p == game::kChancePlayer) {
      state.chance_outcomes(outcomes);
      if (outcomes.empty())
        return core::make_error(fmt::format("A chance node of {}/{} has no outcomes.",
                                            game.ruleset(), game.scenario()));
      action = game::sample_chance(outcomes, rngs.chance);
      ++n_chance;
    } else {
      if (p < 0 || p >= game.num_players())
        return core::make_error(fmt::format("The state names player {}, which is not a side.", p));
      const auto side = static_cast<std::size_t>(p);
      action = agents[side]->choose(state, rngs.agents[side]);
      ++n_decisions;
    }
    if (options.check_actions) {
      if (auto s = state.apply(action); !s)
        return core::make_error(fmt::format("Step {}: {}", steps, s.message()));
    } else {
      state.apply_unchecked(action);
    }
    ++steps;
    if (options.on_step) options.on_step(state);
  }
  if (decisions != nullptr) *decisions += n_decisions;
  if (chance_steps != nullptr) *chance_steps += n_chance;
  return core::Status::Ok();
}

core::Expected<PlayoutResult> play_game(const game::Game& game, std::span<ai::Agent* const> agents,
                                        std::uint64_t seed, std::uint64_t game_index,
                                        const PlayoutOptions& options) {
  PlayoutResult result;
  result.state = game.new_initial_state();
  result.state->set_event_sink(options.sink);
  result.state->set_record_history(options.record_history);
  PlayoutRngs rngs = make_playout_rngs(seed, game_index, game.num_players());
  if (options.on_step) options.on_step(*result.state);
  auto status =
      play_out(*result.state, agents, rngs, options, &result.decisions, &result.chance_steps);
  result.state->set_event_sink(nullptr);
  if (!status) return core::make_error(status.message());
  return result;
}

}  // namespace carroccio::sim
