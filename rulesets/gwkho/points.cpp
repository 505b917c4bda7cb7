// The result on points (State::points_standing, ruling G-70): how near each army came to breaking.
#include <algorithm>

#include "fmt/format.h"
#include "rulesets/gwkho/state.hpp"

namespace carroccio::gwkho {

namespace {

// Quarters of an e/e as the ledgers print them: "12", "12.25", "12.5", "12.75".
std::string quarters_text(int q) {
  const int whole = q / 4, rest = q % 4;
  if (rest == 0) return fmt::format("{}", whole);
  return fmt::format("{}.{}", whole, rest == 2 ? "5" : rest == 1 ? "25" : "75");
}

}  // namespace

// [Mor-20, G-70] A side that won by the rules (the enemy's army ledger broken) is ahead. In a
// draw (both armies broken in one bound, or the scenario's bounds played out) the side whose army
// ledger has lost the smaller share of its break threshold (e/e lost over the e/e at which it
// breaks, compared exactly) is ahead; equal shares are level. Mutinous troops' ledger does not
// count, as it does not count for victory (G-36a, G-38).
game::PointsStanding GwkhoState::points_standing() const {
  game::PointsStanding p;
  if (phase_ != Phase::kOver) return p;
  p.reported = true;
  p.label = "e/e lost";
  std::array<std::int64_t, kNumSides> lost{}, at{};
  for (int s = 0; s < kNumSides; ++s) {
    const LedgerState* l = army_morale_of(s).find("army");
    const auto i = static_cast<std::size_t>(s);
    lost[i] = l ? l->lost_quarters : 0;
    at[i] = l ? std::max(1, l->broken_at_quarters) : 1;
    p.shown.push_back(fmt::format("{} of {}", quarters_text(static_cast<int>(lost[i])),
                                  quarters_text(static_cast<int>(at[i]))));
    p.names.push_back(gw_->side(s).name);
  }
  if (winner_ == 0 || winner_ == 1) {
    p.ahead = winner_;
    return p;
  }
  const std::int64_t a = lost[0] * at[1], b = lost[1] * at[0];
  p.ahead = a == b ? -1 : a < b ? 0 : 1;
  return p;
}

// [G-71] A scenario's standard or commander lost: destroyed, surrendered or gone off the table.
bool GwkhoState::standard_lost(int side) const {
  for (int e : gw_->side(side).breaks_if_lost)
    if (!els_[static_cast<std::size_t>(e)].alive) return true;
  return false;
}

}  // namespace carroccio::gwkho
