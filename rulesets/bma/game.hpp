// The bma Game: an immutable scenario, board, tables and options shared by every State.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "game/state.hpp"
#include "rulesets/bma/board.hpp"
#include "rulesets/bma/types.hpp"

namespace carroccio::bma {

// The optional rules of section 7 (each switched on by name) and variants.
struct RuleOptions {
  bool command_radius = false;                                // 7.1
  bool facing = false;                                        // 7.2
  bool charge = false;                                        // 7.3
  enum class Vcf { kOff, kAdverse, kEvery } vcf = Vcf::kOff;  // 7.4
};

core::Expected<RuleOptions> parse_rule_options(const game::Options& options);

// The facts about a unit that the rules read at almost every step, packed in a few bytes (a
// UnitDef also holds its id and name strings, so reading its side from there touches a large
// struct): docs/performance.md.
struct UnitFacts {
  std::uint8_t side = 0;
  UnitType type = UnitType::kInfantry;
  std::uint8_t leader = 0;    // leader index (its command)
  std::uint8_t movement = 0;  // movement allowance (4.0)
};

class BmaGame final : public game::Game, public std::enable_shared_from_this<BmaGame> {
 public:
  BmaGame(Scenario scenario, RuleOptions rules, game::Options options);

  std::unique_ptr<game::State> new_initial_state() const override;
  // 50 iterations: on Legnano MCTS beats the heuristic more clearly at 50 than at 200, and beats
  // the 200-iteration search head to head (docs/ai.md, strength table of session 6).
  std::int64_t default_search_iterations() const override { return 50; }
  // Ruling L-49: set-up departures the rules allow (Scenario::warnings).
  std::vector<std::string> setup_warnings() const override { return scenario_.warnings; }

  const Scenario& scenario_data() const { return scenario_; }
  const Board& board() const { return board_; }
  const Tables& tables() const { return tables_; }
  const RuleOptions& rules() const { return rules_; }

  int num_units() const { return static_cast<int>(scenario_.units.size()); }
  int num_leaders() const { return static_cast<int>(scenario_.leaders.size()); }
  const UnitDef& unit(int u) const { return scenario_.units[static_cast<std::size_t>(u)]; }
  const LeaderDef& leader(int l) const { return scenario_.leaders[static_cast<std::size_t>(l)]; }
  Terrain terrain(int hex) const { return scenario_.terrain[static_cast<std::size_t>(hex)]; }
  // Packed copies of the unit and leader definitions' hot fields (the same values).
  const UnitFacts& facts(int u) const { return facts_[static_cast<std::size_t>(u)]; }
  int leader_side(int l) const { return leader_side_[static_cast<std::size_t>(l)]; }
  // The side of the unit whose index a state's occupancy byte holds, kNoSide for the byte of
  // an empty hex (255) and for indices past the last unit: one load, no test for "empty".
  static constexpr std::uint8_t kNoSide = 2;
  int occupant_side(std::uint8_t occupant) const { return occupant_side_[occupant]; }
  // Movement points a piece of `type` pays to enter `hex` (4.2 Terrain Effects Chart, 9.6;
  // the Carroccio pays 1 and enters clear hexes only, 9.3.2), or -1 if it may not enter: a
  // table made once from the terrain and the tables, so a step reads one byte.
  int terrain_mp(int hex, UnitType type) const {
    return terrain_mp_[static_cast<std::size_t>(hex)][static_cast<std::size_t>(type)];
  }
  // The side's supreme commander, or -1.
  int supreme(int side) const { return supreme_[static_cast<std::size_t>(side)]; }
  // The side that has a Carroccio unit (9.3), and its unit index; -1 if none.
  int carroccio_unit(int side) const { return carroccio_[static_cast<std::size_t>(side)]; }
  // The units of a leader's command, ascending (the only ones his activation moves and fights
  // with, 3.1.3): listing a command's choices looks at these, not at every unit.
  const std::vector<std::int16_t>& command(int l) const {
    return commands_[static_cast<std::size_t>(l)];
  }

 private:
  Scenario scenario_;
  Board board_;
  Tables tables_;
  RuleOptions rules_;
  std::array<int, kNumSides> supreme_{-1, -1};
  std::array<int, kNumSides> carroccio_{-1, -1};
  std::vector<std::vector<std::int16_t>> commands_;
  std::array<UnitFacts, kMaxUnits> facts_{};
  std::array<std::uint8_t, kMaxLeaders> leader_side_{};
  std::array<std::uint8_t, 256> occupant_side_{};
  std::vector<std::array<std::int8_t, 3>> terrain_mp_;  // per hex, by UnitType
};

}  // namespace carroccio::bma
