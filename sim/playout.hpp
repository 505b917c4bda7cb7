// Plays one whole game with agents, deterministically from a seed.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <vector>

#include "ai/agent.hpp"
#include "core/event.hpp"
#include "core/rng.hpp"
#include "core/status.hpp"
#include "game/state.hpp"

namespace carroccio::sim {

// The generators of one game: `chance` picks chance outcomes, `agents[p]` is side p's.
struct PlayoutRngs {
  core::Rng chance;
  std::vector<core::Rng> agents;
};

// Game `game_index` of master seed `seed`: chance = Rng::for_stream(seed, game_index), and each
// side's generator is a split() of it, taken in side order before any dice are drawn.
PlayoutRngs make_playout_rngs(std::uint64_t seed, std::uint64_t game_index, int num_players);

struct PlayoutOptions {
  // A game still running after this many actions (decisions and chance outcomes) is an error.
  std::uint64_t max_steps = 1'000'000;
  // Apply through State::apply (legality checked; an illegal choice is an error) instead of
  // apply_unchecked. Off for speed: random agents only choose legal actions.
  bool check_actions = false;
  // Record every action in State::history() (play_game only). Off for batches and benchmarks
  // that need no record: the playout then stores nothing per step.
  bool record_history = true;
  // Receives the rules' events from the initial state on (none are built without a sink).
  core::EventSink* sink = nullptr;
  // Called after every applied action with the new state (play_game also calls it once with the
  // initial state).
  std::function<void(const game::State&)> on_step;
};

struct PlayoutResult {
  std::unique_ptr<game::State> state;  // the final state (terminal)
  std::uint64_t decisions = 0;         // actions chosen by agents
  std::uint64_t chance_steps = 0;      // chance outcomes sampled
};

// Plays `game` from its initial state to the end: agents[p] decides for side p, chance nodes are
// sampled with game::sample_chance. The same (game, agents, seed, game_index) gives the same game.
// Errors (one sentence): agents.size() != num_players, a null agent, the step bound exceeded,
// an illegal choice when check_actions is on.
core::Expected<PlayoutResult> play_game(const game::Game& game, std::span<ai::Agent* const> agents,
                                        std::uint64_t seed, std::uint64_t game_index,
                                        const PlayoutOptions& options = {});

// The same from a given state (which is advanced in place) with given generators; the building
// block for the simulator and for tests that start mid-game.
core::Status play_out(game::State& state, std::span<ai::Agent* const> agents, PlayoutRngs& rngs,
                      const PlayoutOptions& options, std::uint64_t* decisions = nullptr,
                      std::uint64_t* chance_steps = nullptr);

}  // namespace carroccio::sim
