#include "game/dice_draw.hpp"

#include <algorithm>

#include "core/sha256.hpp"
#include "fmt/format.h"
#include "game/driver.hpp"

namespace carroccio::game {

std::string_view dice_draw_name(DiceDraw d) {
  switch (d) {
    case DiceDraw::kStream:
      return "stream";
    case DiceDraw::kIndexed:
      return "indexed";
    case DiceDraw::kCommitted:
      return "committed";
    case DiceDraw::kPhysical:
      return "physical";
    case DiceDraw::kUnknown:
      break;
  }
  return "unknown";
}

std::optional<DiceDraw> dice_draw_from_name(std::string_view name) {
  for (DiceDraw d : {DiceDraw::kUnknown, DiceDraw::kStream, DiceDraw::kIndexed,
                     DiceDraw::kCommitted, DiceDraw::kPhysical})
    if (dice_draw_name(d) == name) return d;
  return std::nullopt;
}

std::string_view agent_draw_name(AgentDraw d) {
  switch (d) {
    case AgentDraw::kStream:
      return "stream";
    case AgentDraw::kPerDecision:
      return "per-decision";
    case AgentDraw::kUnknown:
      break;
  }
  return "unknown";
}

std::optional<AgentDraw> agent_draw_from_name(std::string_view name) {
  for (AgentDraw d : {AgentDraw::kUnknown, AgentDraw::kStream, AgentDraw::kPerDecision})
    if (agent_draw_name(d) == name) return d;
  return std::nullopt;
}

StreamRngs stream_rngs(std::uint64_t seed, std::uint64_t game_index, int num_players) {
  StreamRngs rngs{core::Rng::for_stream(seed, game_index), {}};
  rngs.agents.reserve(static_cast<std::size_t>(std::max(0, num_players)));
  for (int p = 0; p < num_players; ++p) rngs.agents.push_back(rngs.chance.split());
  return rngs;
}

core::Rng indexed_chance_rng(std::uint64_t seed, std::uint64_t index) {
  return core::Rng::for_stream(seed, index);
}

core::Rng indexed_agent_rng(std::uint64_t seed, std::uint64_t index) {
  return core::Rng::for_stream(seed, index).split();
}

std::string dice_commitment(std::string_view secret) { return core::sha256_hex(secret); }

bool valid_dice_secret(std::string_view secret) {
  return secret.size() == 64 && std::all_of(secret.begin(), secret.end(), [](char c) {
           return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
         });
}

core::Rng committed_chance_rng(std::string_view secret, std::uint64_t index) {
  return core::Rng(core::digest_u64(core::sha256(fmt::format("{}:chance:{}", secret, index))));
}

core::Rng committed_agent_rng(std::string_view secret, std::uint64_t index) {
  return core::Rng(core::digest_u64(core::sha256(fmt::format("{}:agent:{}", secret, index))));
}

DiceReplay::DiceReplay(DiceSource source)
    : source_(std::move(source)),
      stream_(stream_rngs(source_.seed, source_.game_index, source_.num_players).chance) {}

std::optional<DiceReplay> DiceReplay::make(const DiceSource& source) {
  switch (source.draw) {
    case DiceDraw::kStream:
    case DiceDraw::kIndexed:
      return DiceReplay(source);
    case DiceDraw::kCommitted:
      if (!valid_dice_secret(source.secret) || dice_commitment(source.secret) != source.commitment)
        return std::nullopt;
      return DiceReplay(source);
    case DiceDraw::kPhysical:
    case DiceDraw::kUnknown:
      break;
  }
  return std::nullopt;
}

Action DiceReplay::draw(std::uint64_t index, const std::vector<ChanceOutcome>& outcomes) {
  switch (source_.draw) {
    case DiceDraw::kIndexed: {
      core::Rng rng = indexed_chance_rng(source_.seed, index);
      return sample_chance(outcomes, rng);
    }
    case DiceDraw::kCommitted: {
      core::Rng rng = committed_chance_rng(source_.secret, index);
      return sample_chance(outcomes, rng);
    }
    default:
      return sample_chance(outcomes, stream_);
  }
}

}  // namespace carroccio::game
