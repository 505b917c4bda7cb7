// What the agents make of a fastplay position (analysis.cpp): the evaluation's terms, side by
// side, for FastplayState::evaluate(), the tests and anyone tuning it. Nothing here is a rule.
#pragma once

#include <array>

#include "rulesets/fastplay/types.hpp"

namespace carroccio::fastplay {

class FastplayState;

// Each array is indexed by side. Stand counts are expected numbers of stands; shares are of the
// side's starting stands (ruling F-28 counts stands, lone commanders excluded).
struct EvalTerms {
  std::array<double, kNumSides> struck{};   // stands struck down, removed at the phase's end (8.3)
  std::array<double, kNumSides> melee{};    // expected losses to melee in contact (8, 10.1)
  std::array<double, kNumSides> charge{};   // expected losses to charges in reach (6, 7, 10.1)
  std::array<double, kNumSides> archery{};  // expected losses to archery and machines (5, 10.2)
  std::array<double, kNumSides> share_lost{};  // lost + struck + expected, as a share (F-28)
  std::array<double, kNumSides> break_near{};  // share_lost against the break share, at most 1
  std::array<double, kNumSides> power{};  // fighting power left (after expected losses) / at start
  std::array<double, kNumSides> approach{};  // the pull toward enemies the side's units beat
  std::array<double, kNumSides> score{};     // the sum the evaluation compares
  double horizon = 0;                        // turns left (this one in part) / 10, at most 1
  double scale = 1;                          // evaluate() = tanh((score[0] - score[1]) / scale)
};

EvalTerms evaluation_terms(const FastplayState& s);

// What a stand of type t is worth to the evaluation (from the tables, analysis.cpp).
double stand_value(TroopType t);

}  // namespace carroccio::fastplay
