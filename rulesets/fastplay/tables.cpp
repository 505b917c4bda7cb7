#include "rulesets/fastplay/tables.hpp"

#include <algorithm>

namespace carroccio::fastplay {

namespace {
constexpr std::array<std::string_view, kNumTroopTypes> kNames = {
    "archery",       "light_infantry", "heavy_infantry", "light_cavalry",
    "heavy_cavalry", "ballista",       "catapult"};
// The column or row of the tables a type is read in (war machines as archery, ruling F-16).
int table_index(TroopType t) { return is_war_machine(t) ? 0 : static_cast<int>(t); }
}  // namespace

std::string_view troop_name(TroopType t) { return kNames[static_cast<std::size_t>(t)]; }

std::optional<TroopType> troop_from_name(std::string_view name) {
  for (std::size_t i = 0; i < kNames.size(); ++i)
    if (kNames[i] == name) return static_cast<TroopType>(i);
  return std::nullopt;
}

char troop_letter(TroopType t) {
  static constexpr char kLetters[] = {'A', 'L', 'H', 'R', 'K', 'B', 'T'};
  return kLetters[static_cast<std::size_t>(t)];
}

bool is_cavalry(TroopType t) {
  return t == TroopType::kLightCavalry || t == TroopType::kHeavyCavalry;
}
bool is_war_machine(TroopType t) { return t == TroopType::kBallista || t == TroopType::kCatapult; }

std::optional<int> machine_knockouts(TroopType machine, std::int64_t range, int die, bool cover) {
  const int score = die == 6 ? 6 : die - (cover ? kCoverPenalty : 0);
  auto apply = [&](const MachineBand& b) -> std::optional<int> {
    if (range < b.min_range || range > b.max_range) return std::nullopt;
    return score <= b.none ? 0 : score <= b.one ? 1 : 2;
  };
  if (machine == TroopType::kBallista) return apply(kBallista);
  if (machine == TroopType::kCatapult) {
    // The near band wins at exactly 40 cm (ruling F-16).
    if (auto r = apply(kCatapult[0])) return r;
    return apply(kCatapult[1]);
  }
  return std::nullopt;
}

bool melee_success(TroopType attacker, TroopType defender, int die, int modifier) {
  const int need = kMeleeNeed[static_cast<std::size_t>(table_index(attacker))]
                             [static_cast<std::size_t>(table_index(defender))];
  return die + modifier >= need;
}

bool archery_success(TroopType target, int die, bool cover) {
  // Machines are shot at as heavy infantry (ruling F-16).
  const int col = is_war_machine(target) ? static_cast<int>(TroopType::kHeavyInfantry)
                                         : static_cast<int>(target);
  const int need = std::min(6, kArcheryNeed[static_cast<std::size_t>(col)] + (cover ? 1 : 0));
  return die >= need;
}

int retreat_loss_limit(TroopType t) {
  return is_cavalry(t) ? kRetreatLossCavalry : kRetreatLossInfantry;
}

std::int64_t move_allowance(TroopType t) {
  switch (t) {
    case TroopType::kLightCavalry:
      return 25 * kCm;
    case TroopType::kHeavyCavalry:
      return 20 * kCm;
    case TroopType::kBallista:
    case TroopType::kCatapult:
      return 0;  // ruling F-16: machines do not move after deployment
    default:
      return 15 * kCm;
  }
}

StandSize stand_size(TroopType t) {
  if (is_cavalry(t) || is_war_machine(t)) return {40 * kMm, 30 * kMm};
  return {30 * kMm, 20 * kMm};
}

}  // namespace carroccio::fastplay
