// Victory (O-29, O-39): every scenario states its own conditions (docs/scenario-format.md).
#include "fmt/format.h"
#include "game/table/place.hpp"
#include "rulesets/ohw/state.hpp"

namespace carroccio::ohw {

// Checked at the end of the active side's player turn, after removal (O-39).
int OhwState::objective_winner() const {
  for (const auto& v : ohw_->scenario_data().victory) {
    if (v.kind != VictoryKind::kObjectiveContact || v.side != track_.active) continue;
    const geo::Polygon& obj = ohw_->terrain(v.zones[0]).outline;
    const game::table::Box& box = ohw_->terrain_box(v.zones[0]);  // a quick refusal first
    bool touching = false, enemy_near = false;
    for (int u = 0; u < ohw_->num_units(); ++u) {
      if (!unit(u).on_table) continue;
      // Touching: within the slack with which bases are put into contact (core/geometry.hpp).
      if (side_of(u) == v.side)
        touching =
            touching || game::table::near_polygon(unit(u).base, obj, box, geo::kPlacementSlack);
      else
        enemy_near = enemy_near || game::table::near_polygon(unit(u).base, obj, box, v.radius);
    }
    if (touching && !enemy_near) return v.side;
  }
  return -1;
}

// Zone points at the end of each full turn from `from_turn`: a side scores a zone where it has a
// unit wholly inside and the enemy has no part inside.
void OhwState::score_zones() {
  for (const auto& v : ohw_->scenario_data().victory) {
    if (v.kind != VictoryKind::kZonePoints || track_.turn < v.from_turn) continue;
    for (int z : v.zones) {
      const geo::Polygon& poly = ohw_->terrain(z).outline;
      std::array<bool, kNumSides> within{false, false}, touches{false, false};
      for (int u = 0; u < ohw_->num_units(); ++u) {
        if (!unit(u).on_table) continue;
        const auto s = static_cast<std::size_t>(side_of(u));
        within[s] = within[s] || geo::base_within_polygon(unit(u).base, poly);
        touches[s] = touches[s] || geo::base_overlaps_polygon(unit(u).base, poly) ||
                     geo::base_within_polygon(unit(u).base, poly);
      }
      for (int s = 0; s < kNumSides; ++s)
        if (within[static_cast<std::size_t>(s)] && !touches[static_cast<std::size_t>(1 - s)])
          ++points_[static_cast<std::size_t>(s)];
    }
  }
}

// S3: at the end of a player turn, the wagons of the side whose turn it was that stand on the
// exit edge are safe; a wagon touched by a unit of the side whose turn it was, and by none of
// its own side, is captured. Both leave the table and score.
void OhwState::wagons_end_of_turn() {
  const Scenario& sc = ohw_->scenario_data();
  for (const auto& v : sc.victory) {
    if (v.kind != VictoryKind::kWagons) continue;
    for (int w = 0; w < ohw_->num_units(); ++w) {
      UnitState& ws = units_[static_cast<std::size_t>(w)];
      if (!ws.on_table || ws.type != UnitType::kWagon || side_of(w) != v.side) continue;
      bool safe = false;
      if (track_.active == v.side)
        for (const auto& c : ws.base.corners()) safe = safe || c.x >= sc.width;
      bool enemy = false, friend_near = false;
      if (track_.active != v.side)
        for (int u = 0; u < ohw_->num_units(); ++u) {
          if (u == w || !unit(u).on_table || !geo::intersects(ws.base, unit(u).base)) continue;
          (side_of(u) == v.side ? friend_near : enemy) = true;
        }
      if (!safe && !(enemy && !friend_near)) continue;
      ws.on_table = false;
      ws.removed = true;
      points_[static_cast<std::size_t>(safe ? v.side : 1 - v.side)] =
          static_cast<std::int16_t>(points_[static_cast<std::size_t>(safe ? v.side : 1 - v.side)] +
                                    (safe ? v.safe : v.captured));
      emit(safe ? "safe" : "captured",
           game::table::says(unit_words(w), safe ? "is safe" : "is captured"), "ohw S3");
    }
  }
}

// At the turn limit: zone conditions, then points, then the scenario's default (O-29).
int OhwState::decide_at_end() const {
  const Scenario& sc = ohw_->scenario_data();
  for (const auto& v : sc.victory) {
    if (v.kind != VictoryKind::kUnitsInZone) continue;
    const geo::Polygon& poly = ohw_->terrain(v.zones[0]).outline;
    int n = 0;
    for (int u = 0; u < ohw_->num_units(); ++u)
      if (side_of(u) == v.side && unit(u).on_table && geo::base_within_polygon(unit(u).base, poly))
        ++n;
    return n >= v.count ? v.side : 1 - v.side;
  }
  for (const auto& v : sc.victory) {
    if (v.kind != VictoryKind::kWagons) continue;
    std::array<int, kNumSides> vp{points_[0], points_[1]};
    for (int u = 0; u < ohw_->num_units(); ++u)  // each enemy unit removed (wagons score apart)
      if (unit(u).removed && unit(u).type != UnitType::kWagon)
        vp[static_cast<std::size_t>(1 - side_of(u))] += v.count;
    return vp[0] == vp[1] ? 2 : vp[0] > vp[1] ? 0 : 1;
  }
  bool scored = false;
  for (const auto& v : sc.victory) scored = scored || v.kind == VictoryKind::kZonePoints;
  if (scored) {
    if (points_[0] != points_[1]) return points_[0] > points_[1] ? 0 : 1;
    if (removed_count(0) != removed_count(1)) return removed_count(0) < removed_count(1) ? 0 : 1;
    return 2;
  }
  if (sc.at_end >= 0) return sc.at_end;
  std::array<int, kNumSides> left{0, 0};
  for (int u = 0; u < ohw_->num_units(); ++u)
    if (!unit(u).removed) ++left[static_cast<std::size_t>(side_of(u))];
  return left[0] == left[1] ? 2 : left[0] > left[1] ? 0 : 1;
}

// Ruling O-41: the result on points. A side that won by the rules is ahead; in a draw the side
// with the higher score (enemy units removed plus scenario points, result_summary's score) is
// ahead, and on equal scores the side whose units still on the table carry fewer hits (hits are
// what remove a unit); otherwise level.
game::PointsStanding OhwState::points_standing() const {
  game::PointsStanding p;
  if (phase_ != Phase::kOver) return p;
  const Scenario& sc = ohw_->scenario_data();
  p.reported = true;
  p.label = "score";
  std::array<int, kNumSides> score{}, hits{};
  for (int s = 0; s < kNumSides; ++s)
    score[static_cast<std::size_t>(s)] =
        removed_count(1 - s) + points_[static_cast<std::size_t>(s)];
  for (int u = 0; u < ohw_->num_units(); ++u)
    if (unit(u).on_table) hits[static_cast<std::size_t>(side_of(u))] += unit(u).hits;
  for (int s = 0; s < kNumSides; ++s) {
    p.shown.push_back(fmt::format("{}", score[static_cast<std::size_t>(s)]));
    p.names.push_back(sc.side_names[static_cast<std::size_t>(s)]);
  }
  if (winner() == 0 || winner() == 1)
    p.ahead = winner();
  else if (score[0] != score[1])
    p.ahead = score[0] > score[1] ? 0 : 1;
  else if (hits[0] != hits[1])
    p.ahead = hits[0] < hits[1] ? 0 : 1;
  return p;
}

}  // namespace carroccio::ohw
