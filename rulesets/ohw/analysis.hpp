// What the agents know of an ohw table beyond the rules: distances to the scenario's goals
// around impassable ground, built once per game (analysis.cpp). The evaluation and the agents'
// candidate moves (OhwState::evaluate, OhwState::agent_actions) use them; the rules never do.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "rulesets/ohw/types.hpp"

namespace carroccio::ohw {

// Travel distance (1/100 inch) from any point of the table to a goal, on a 1" grid with eight
// neighbours, around the ground impassable to a class of unit (widened by half a base width, so
// that a path through a gap is one a base fits through square-on). kUnreachable where no path
// exists.
class DistanceField {
 public:
  static constexpr std::int32_t kUnreachable = INT32_MAX;
  DistanceField() = default;
  DistanceField(int nx, int ny, std::vector<std::int32_t> d) : nx_(nx), ny_(ny), d_(std::move(d)) {}
  // The distance from point p (the nearest open cell within 2" if p's own cell is closed).
  std::int32_t at(geo::Point p) const;

 private:
  int nx_ = 0, ny_ = 0;
  std::vector<std::int32_t> d_;
};

// One field per scenario goal (an objective to touch, a zone to enter), for the two classes of
// movement (woods closed: most units; woods open: irregulars and peasant archers, 5.2, 5.3), and
// with the scenario's demolishable crossing standing and broken.
struct AiMaps {
  struct Goal {
    int terrain = -1;  // the objective or zone piece
    // fields[woods_open][demolished]
    DistanceField fields[2][2];
  };
  std::vector<Goal> goals;
  const Goal* goal_for(int terrain) const {
    for (const auto& g : goals)
      if (g.terrain == terrain) return &g;
    return nullptr;
  }
};

AiMaps build_ai_maps(const Scenario& sc);

}  // namespace carroccio::ohw
