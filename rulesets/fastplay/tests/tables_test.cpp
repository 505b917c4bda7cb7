// The playsheet's numbers, every cell pinned against the book (fastplay 3, 4, 9, 10, 11).
#include "rulesets/fastplay/tables.hpp"

#include <gtest/gtest.h>

namespace carroccio::fastplay {
namespace {

constexpr TroopType kA = TroopType::kArchery, kLI = TroopType::kLightInfantry,
                    kHI = TroopType::kHeavyInfantry, kLC = TroopType::kLightCavalry,
                    kHC = TroopType::kHeavyCavalry;
constexpr std::array<TroopType, 5> kTable = {kA, kLI, kHI, kLC, kHC};

// The lowest score that succeeds, found by rolling every face (no modifier).
int lowest_melee(TroopType att, TroopType def) {
  for (int d = 1; d <= 6; ++d)
    if (melee_success(att, def, d, 0)) return d;
  return 7;
}

TEST(FastplayTables, Table_Melee_AllCells) {
  // Rows: attacker; columns: defender (archery, LI, HI, LC, HC), as printed on the playsheet.
  const int expected[5][5] = {
      {5, 6, 6, 6, 6}, {4, 5, 6, 5, 6}, {4, 5, 5, 5, 5}, {4, 6, 6, 5, 6}, {3, 4, 6, 5, 5}};
  for (int a = 0; a < 5; ++a)
    for (int d = 0; d < 5; ++d) {
      EXPECT_EQ(kMeleeNeed[static_cast<std::size_t>(a)][static_cast<std::size_t>(d)],
                expected[a][d])
          << a << "," << d;
      EXPECT_EQ(
          lowest_melee(kTable[static_cast<std::size_t>(a)], kTable[static_cast<std::size_t>(d)]),
          expected[a][d]);
      // Negative: one below the lowest score fails.
      EXPECT_FALSE(melee_success(kTable[static_cast<std::size_t>(a)],
                                 kTable[static_cast<std::size_t>(d)], expected[a][d] - 1, 0));
    }
}

TEST(FastplayTables, Table_Melee_ModifierAddsToTheDie) {
  EXPECT_TRUE(melee_success(kLI, kHI, 5, 1));   // 6 needed: 5 + 1
  EXPECT_FALSE(melee_success(kLI, kHI, 4, 1));  // 4 + 1 = 5 < 6
  // War machines fight in the archery row and are struck in the archery column (ruling F-16).
  EXPECT_TRUE(melee_success(kHC, TroopType::kBallista, 3, 0));
  EXPECT_FALSE(melee_success(TroopType::kCatapult, kA, 4, 0));
  EXPECT_TRUE(melee_success(TroopType::kCatapult, kA, 5, 0));
}

TEST(FastplayTables, Table_Missile_ArcheryAllCells) {
  const int expected[5] = {3, 5, 6, 6, 6};
  for (int d = 0; d < 5; ++d) {
    EXPECT_EQ(kArcheryNeed[static_cast<std::size_t>(d)], expected[d]);
    EXPECT_TRUE(archery_success(kTable[static_cast<std::size_t>(d)], expected[d], false));
    EXPECT_FALSE(archery_success(kTable[static_cast<std::size_t>(d)], expected[d] - 1, false));
  }
  EXPECT_EQ(kArcheryRange, 40 * kCm);
}

TEST(FastplayTables, Table_Missile_CoverAddsOneAndSixAlwaysHits) {
  EXPECT_FALSE(archery_success(kA, 3, true));
  EXPECT_TRUE(archery_success(kA, 4, true));
  EXPECT_FALSE(archery_success(kLI, 5, true));
  EXPECT_TRUE(archery_success(kHC, 6, true));
  // Machines are shot at as heavy infantry.
  EXPECT_FALSE(archery_success(TroopType::kBallista, 5, false));
  EXPECT_TRUE(archery_success(TroopType::kBallista, 6, false));
}

TEST(FastplayTables, Table_Missile_BallistaAllCells) {
  const int expected[7] = {0, 0, 0, 0, 1, 1, 2};  // index = die
  for (int d = 1; d <= 6; ++d)
    EXPECT_EQ(machine_knockouts(TroopType::kBallista, 70 * kCm, d, false), expected[d]) << d;
  EXPECT_FALSE(machine_knockouts(TroopType::kBallista, 70 * kCm + 1, 6, false).has_value());
  EXPECT_EQ(kBallista.max_range, 70 * kCm);
}

TEST(FastplayTables, Table_Missile_CatapultAllCells) {
  const int near[7] = {0, 0, 0, 1, 1, 1, 2};
  const int far[7] = {0, 0, 0, 0, 1, 1, 2};
  for (int d = 1; d <= 6; ++d) {
    EXPECT_EQ(machine_knockouts(TroopType::kCatapult, 0, d, false), near[d]) << d;
    EXPECT_EQ(machine_knockouts(TroopType::kCatapult, 40 * kCm, d, false), near[d]) << d;
    EXPECT_EQ(machine_knockouts(TroopType::kCatapult, 40 * kCm + 1, d, false), far[d]) << d;
    EXPECT_EQ(machine_knockouts(TroopType::kCatapult, 80 * kCm, d, false), far[d]) << d;
  }
  EXPECT_FALSE(machine_knockouts(TroopType::kCatapult, 80 * kCm + 1, 6, false).has_value());
}

TEST(FastplayTables, Table_Missile_MachinesInCover) {
  // Cover adds one to the score needed; a 6 still knocks out two.
  EXPECT_EQ(machine_knockouts(TroopType::kBallista, 10 * kCm, 4, true), 0);
  EXPECT_EQ(machine_knockouts(TroopType::kBallista, 10 * kCm, 5, true), 1);
  EXPECT_EQ(machine_knockouts(TroopType::kBallista, 10 * kCm, 6, true), 2);
  EXPECT_EQ(machine_knockouts(TroopType::kCatapult, 10 * kCm, 3, true), 0);
  EXPECT_EQ(machine_knockouts(TroopType::kCatapult, 10 * kCm, 4, true), 1);
}

TEST(FastplayTables, Table_RetreatLosses_ByTroopType) {
  EXPECT_EQ(retreat_loss_limit(kLC), 2);
  EXPECT_EQ(retreat_loss_limit(kHC), 2);
  EXPECT_EQ(retreat_loss_limit(kLI), 5);
  EXPECT_EQ(retreat_loss_limit(kHI), 5);
  EXPECT_EQ(retreat_loss_limit(kA), 5);
}

TEST(FastplayTables, Table_CommanderLoss) {
  EXPECT_EQ(kCommanderLossMelee, 3);
  EXPECT_EQ(kCommanderLossArchery, 1);
}

TEST(FastplayTables, Table_Movement_AllTypes) {
  EXPECT_EQ(move_allowance(kA), 15 * kCm);
  EXPECT_EQ(move_allowance(kLI), 15 * kCm);
  EXPECT_EQ(move_allowance(kHI), 15 * kCm);
  EXPECT_EQ(move_allowance(kLC), 25 * kCm);
  EXPECT_EQ(move_allowance(kHC), 20 * kCm);
  EXPECT_EQ(move_allowance(TroopType::kBallista), 0);
  EXPECT_EQ(kStandOff, 10 * kCm);
  EXPECT_EQ(kEvadeDistance, 15 * kCm);
  EXPECT_EQ(kRetreatDistance, 15 * kCm);
}

TEST(FastplayTables, Table_Stands_SizesAndOrganisation) {
  for (TroopType t : {kA, kLI, kHI}) {
    EXPECT_EQ(stand_size(t).width, 30 * kMm);
    EXPECT_EQ(stand_size(t).depth, 20 * kMm);
  }
  for (TroopType t : {kLC, kHC}) {
    EXPECT_EQ(stand_size(t).width, 40 * kMm);
    EXPECT_EQ(stand_size(t).depth, 30 * kMm);
  }
  EXPECT_EQ(kMinUnitStands, 4);
  EXPECT_EQ(kMaxUnitStands, 6);
  EXPECT_EQ(kMinFormationUnits, 3);
  EXPECT_EQ(kMaxFormationUnits, 4);
  EXPECT_EQ(kMinArmyFormations, 2);
  EXPECT_EQ(kTurnTrack, 25);
  EXPECT_EQ(kFlankBonus, 1);
  EXPECT_EQ(kLoneCommanderBonus, 1);
}

TEST(FastplayTables, TroopNamesRoundTrip) {
  for (int i = 0; i < kNumTroopTypes; ++i) {
    const auto t = static_cast<TroopType>(i);
    EXPECT_EQ(troop_from_name(troop_name(t)), t);
  }
  EXPECT_FALSE(troop_from_name("dragoons").has_value());
}

}  // namespace
}  // namespace carroccio::fastplay
