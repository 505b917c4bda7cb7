// Fast Play Rules for Students, Medieval (fastplay): the numbers of the playsheet as data.
//
// Only numbers are encoded here (docs/rulings/fastplay.md names every clause). Lengths are in
// sub-units of 0.1 mm (kMm = 10 per millimetre, kCm = 100 per centimetre), fine enough that the
// geometry's placement slack does not matter to the rules.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace carroccio::fastplay {

inline constexpr std::int64_t kMm = 10;
inline constexpr std::int64_t kCm = 100;

// The five troop types of the melee and missile tables, in the tables' row/column order, then
// the two war machines and the commander figure (fastplay 6, 8.2; rulings F-16, F-26).
enum class TroopType : std::uint8_t {
  kArchery,
  kLightInfantry,
  kHeavyInfantry,
  kLightCavalry,
  kHeavyCavalry,
  kBallista,
  kCatapult,
};
inline constexpr int kNumTroopTypes = 7;
inline constexpr int kNumTableTypes = 5;  // the melee and missile tables' rows and columns

std::string_view troop_name(TroopType t);  // "archery", "light_infantry", ...
std::optional<TroopType> troop_from_name(std::string_view name);
char troop_letter(TroopType t);  // A L H R K B T (upper case)
bool is_cavalry(TroopType t);
bool is_war_machine(TroopType t);

// fastplay 10.1 (playsheet "Melee"): the lowest d6 score with which an attacking stand of type
// row eliminates a defending stand of type column (before modifiers).
inline constexpr std::array<std::array<int, kNumTableTypes>, kNumTableTypes> kMeleeNeed = {{
    {5, 6, 6, 6, 6},  // archery
    {4, 5, 6, 5, 6},  // light infantry
    {4, 5, 5, 5, 5},  // heavy infantry
    {4, 6, 6, 5, 6},  // light cavalry
    {3, 4, 6, 5, 5},  // heavy cavalry
}};

// fastplay 10.2 (playsheet "Missiles", archery row): the lowest d6 score with which one die of
// an archery stand eliminates a target stand of each type; and the archery range.
inline constexpr std::array<int, kNumTableTypes> kArcheryNeed = {3, 5, 6, 6, 6};
inline constexpr std::int64_t kArcheryRange = 40 * kCm;

// fastplay 10.2 (playsheet "Missiles", war machines): one d6; scores up to `none` have no
// effect, up to `one` knock out one stand, above that two. Ranges are inclusive.
struct MachineBand {
  std::int64_t min_range = 0, max_range = 0;
  int none = 0, one = 0;
};
inline constexpr MachineBand kBallista = {0, 70 * kCm, 3, 5};
inline constexpr std::array<MachineBand, 2> kCatapult = {
    {{0, 40 * kCm, 2, 5}, {40 * kCm, 80 * kCm, 3, 5}}};
// fastplay 10.2: cover adds 1 to the score needed (ruling F-13: a 6 on the die always scores).
inline constexpr int kCoverPenalty = 1;

// The stands a machine's d6 knocks out at `range` against a target in cover or not; nothing
// when the range is beyond the machine's bands.
std::optional<int> machine_knockouts(TroopType machine, std::int64_t range, int die, bool cover);
// Whether a stand of `attacker` eliminates one of `defender` in melee with die + modifier
// (defender war machines are read in the archery column, attacker machines in the archery row).
bool melee_success(TroopType attacker, TroopType defender, int die, int modifier);
// Whether one archery die eliminates a target stand (machines are targeted as heavy infantry).
bool archery_success(TroopType target, int die, bool cover);

// fastplay 9 (playsheet "Retreat from melee"): d10 scores up to these lose one stand.
inline constexpr int kRetreatLossCavalry = 2;
inline constexpr int kRetreatLossInfantry = 5;
int retreat_loss_limit(TroopType t);

// fastplay 11.2 (playsheet "Loss of commanders"): d10 scores up to these lose the commander.
inline constexpr int kCommanderLossMelee = 3;
inline constexpr int kCommanderLossArchery = 1;

// fastplay 10.3 (playsheet "Combat modifiers"): +1 for a flank attack and for a lone commander.
inline constexpr int kFlankBonus = 1;
inline constexpr int kLoneCommanderBonus = 1;

// fastplay 4 (playsheet "Movement and charge into melee"), in sub-units.
std::int64_t move_allowance(TroopType t);
inline constexpr std::int64_t kStandOff = 10 * kCm;         // fastplay 4.1
inline constexpr std::int64_t kEvadeDistance = 15 * kCm;    // fastplay 7.1
inline constexpr std::int64_t kRetreatDistance = 15 * kCm;  // fastplay 9.2

// fastplay 3 (playsheet "Stands"): width (front) and depth in sub-units (ruling F-5: 3 x 2 cm
// foot, 4 x 3 cm horse); commanders 2 x 2 cm; machines 4 x 3 cm (ruling F-16).
struct StandSize {
  std::int64_t width = 0, depth = 0;
};
StandSize stand_size(TroopType t);
inline constexpr StandSize kCommanderStand = {20 * kMm, 20 * kMm};

// fastplay 3 (playsheet "Units", "Formations", "Armies").
inline constexpr int kMinUnitStands = 4, kMaxUnitStands = 6;
inline constexpr int kMinFormationUnits = 3, kMaxFormationUnits = 4;
inline constexpr int kMinArmyFormations = 2;
// fastplay 2.4: the playsheet's turn track.
inline constexpr int kTurnTrack = 25;

}  // namespace carroccio::fastplay
