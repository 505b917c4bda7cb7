// How a game's chance outcomes (dice, chits) and its agents' generators are drawn, by name, so
// a record can say it and `carroccio replay` can draw them again and check every one.
//
//   stream     `carroccio play` and `carroccio sim`: game g of seed s takes Rng::for_stream(s, g);
//              each side's agent generator is a split() of it (in side order, before any dice),
//              then chance outcomes are drawn from it one after another.
//   indexed    a server game whose seed is public (given when it was created, or a game stored by
//              an older server): the outcome at history index i is drawn from
//              Rng::for_stream(seed, i); an agent deciding at i draws from its split().
//   committed  a server game with secret dice: the server keeps a random secret (64 hex digits)
//              and publishes its commitment, the SHA-256 of the secret's text, when the game is
//              created; the outcome at index i is drawn from Rng(the first eight bytes, big-endian,
//              of SHA-256("<secret>:chance:<i>")), an agent deciding at i from
//              SHA-256("<secret>:agent:<i>"). The secret is revealed when the game ends.
//   physical   a person typed every outcome (`carroccio play --dice physical`).
//
// Every draw is game::sample_chance over the outcomes' integer weights.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/rng.hpp"
#include "game/state.hpp"

namespace carroccio::game {

enum class DiceDraw { kUnknown, kStream, kIndexed, kCommitted, kPhysical };

std::string_view dice_draw_name(DiceDraw d);  // "stream", ...; "unknown" for kUnknown
std::optional<DiceDraw> dice_draw_from_name(std::string_view name);

// How agents got their generators: one agent per side for the whole game with its split of the
// stream generator (play), or a fresh agent for every decision with a generator of that decision's
// history index (the server), or not said (an older record).
enum class AgentDraw { kUnknown, kStream, kPerDecision };
std::string_view agent_draw_name(AgentDraw d);
std::optional<AgentDraw> agent_draw_from_name(std::string_view name);

struct StreamRngs {
  core::Rng chance;
  std::vector<core::Rng> agents;
};
// The "stream" generators of game `game_index` of master seed `seed` (sim::make_playout_rngs).
StreamRngs stream_rngs(std::uint64_t seed, std::uint64_t game_index, int num_players);

core::Rng indexed_chance_rng(std::uint64_t seed, std::uint64_t index);
core::Rng indexed_agent_rng(std::uint64_t seed, std::uint64_t index);

// The SHA-256 (hex) of the secret's text: what a committed game publishes at its start.
std::string dice_commitment(std::string_view secret);
// A secret is 64 lowercase hex digits.
bool valid_dice_secret(std::string_view secret);
core::Rng committed_chance_rng(std::string_view secret, std::uint64_t index);
core::Rng committed_agent_rng(std::string_view secret, std::uint64_t index);

// The dice of a game, as a record gives them.
struct DiceSource {
  DiceDraw draw = DiceDraw::kUnknown;
  std::uint64_t seed = 0;        // stream, indexed
  std::uint64_t game_index = 0;  // stream (a sim's game number; play: 0)
  std::string commitment;        // committed
  std::string secret;            // committed, once revealed
  int num_players = 0;           // stream
};

// Draws a game's chance outcomes again, in order, from its dice: for checking a record.
class DiceReplay {
 public:
  // Nothing when the outcomes cannot be drawn again (physical or unknown dice, a secret not yet
  // revealed or not matching its commitment).
  static std::optional<DiceReplay> make(const DiceSource& source);
  // The outcome the dice give at history index `index`, the next chance node of the game.
  Action draw(std::uint64_t index, const std::vector<ChanceOutcome>& outcomes);

 private:
  explicit DiceReplay(DiceSource source);
  DiceSource source_;
  core::Rng stream_;
};

}  // namespace carroccio::game
