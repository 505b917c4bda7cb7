// The conformance suite: random games of every registered ruleset, scenario and option set, with
// the interface's invariants checked at every step (after OpenSpiel's basic_tests). The checks
// return failures as sentences, so the suite can also be pointed at deliberately broken games to
// prove that it catches them.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "game/registry.hpp"
#include "game/state.hpp"

namespace carroccio::tests {

struct ConformanceCase {
  std::string ruleset;
  std::string scenario;
  game::Options options;

  std::string ref() const { return ruleset + "/" + scenario; }
  // A test name: letters, digits and '_' only, e.g. "bma_legnano_facing_vcf_every".
  std::string name() const;
};

// Every (ruleset, scenario, option set) of the registered rulesets that play games, in
// registry order. The option sets are the ruleset's scenario_conformance_option_sets(scenario,
// long_suite): by default conformance_option_sets(), in the long suite
// long_conformance_option_sets() when it has any.
std::vector<ConformanceCase> conformance_cases(const game::Registry& registry,
                                               bool long_suite = false);

// Games per case: the environment variable CARROCCIO_CONFORMANCE_GAMES if it holds a positive
// number, else `default_games`.
int conformance_games(int default_games);

struct CheckLimits {
  std::uint64_t max_steps = 200'000;  // a game longer than this fails "ends within bound"
  std::size_t max_failures = 8;       // stop checking a game after this many failures
  // The deep checks (those that copy the whole state: clone, illegal action, determinism, JSON
  // of every viewer, every legal action's name) run at every step of the first `deep_games`
  // games of a case, and at every `deep_stride`-th step (and the end) of the others. The other
  // checks run at every step of every game. This keeps the suite fast under ASan on big games
  // (bma moves step by step, so a Legnano game has over a thousand decisions; with one deep game
  // per case its 24 option sets still give 24 games checked deeply at every step).
  int deep_games = 1;
  std::uint64_t deep_stride = 8;
};

struct GameCheck {
  std::vector<std::string> failures;  // empty when the game conforms
  std::unique_ptr<game::State> final_state;
  std::uint64_t steps = 0;
};

// Plays one random game (random agents and sampled chance, with the generators of
// sim::make_playout_rngs(seed, 0)) and checks at every step: the player is a side, chance or
// terminal; legal actions are non-empty, sorted and unique until the end and empty at chance and
// terminal nodes; chance outcomes are non-empty, weights > 0, sorted by action; the chosen
// action has a non-empty name and apply() accepts it; history grows by it; check_invariants() is
// empty; the game ends within the step bound with one return per side. At every
// `deep_stride`-th step (1: every step), and at the start and the end, also: every legal action
// has a non-empty name; a clone equals the original (text, hash, history) and evolves
// independently; an illegal action is refused and changes nothing; apply is deterministic (the
// clone reaches the same state); the JSON of the referee, the spectator and each side survives
// a dump and parse unchanged. Finally the fast playout (sim::play_game, apply_unchecked) with
// the same seed must reach the same final state.
GameCheck check_random_game(const game::Game& game, std::uint64_t seed,
                            const CheckLimits& limits = {}, std::uint64_t deep_stride = 1);

// Checks that the record of `state` (make_record -> record_to_json -> text -> record_from_json
// -> replay) reproduces the identical final state and hash.
std::vector<std::string> check_record_round_trip(const game::Registry& registry,
                                                 const game::State& state, std::uint64_t seed);

// All of the above for `games` seeds (0 .. games-1) of one case (deep checks at every step of
// the first limits.deep_games, every limits.deep_stride-th step of the others), plus: different
// seeds give different games (when games >= 2). Each failure names the case and the seed.
std::vector<std::string> check_case(const game::Registry& registry, const ConformanceCase& c,
                                    int games, const CheckLimits& limits = {});

}  // namespace carroccio::tests
