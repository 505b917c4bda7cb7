// [G-57] Free placement for the browser's table board: where a person may drop an element of the
// side to move (act::place), so the board can shade it and encode a drop as an action that
// check_unlisted() prices or refuses. gwkho has no pick step (every move decision names the
// element it moves), so the piece is the one the person picks up: free_placement(piece).
#include <string>

#include "game/table/view.hpp"
#include "rulesets/gwkho/state.hpp"

namespace carroccio::gwkho {

nlohmann::json GwkhoState::free_placement(std::string_view piece) const {
  if (phase_ != Phase::kMove || piece.empty()) return nullptr;
  int e = -1;
  for (int i = 0; i < num_elements(); ++i)
    if (gw_->element(i).id == piece) e = i;
  if (e < 0 || side_of(e) != active_) return nullptr;
  const ElementState& s = els_[static_cast<std::size_t>(e)];
  // The moves step's own gates (plan_code): destroyed, routing and engaged elements stay put.
  if (!s.alive || s.routing || in_contact(e)) return nullptr;
  const geo::Base& start = s.base;
  const std::int64_t allow = allowance(e, going_at(start));
  nlohmann::json j = game::table::placement_json(
      gw_->element(e).id,
      {act::place(e, 0, 0, 0), act::kPlaceDirections, act::kPlaceStep, act::kPlaceDistances,
       act::kPlaceHeadingStep, act::kPlaceHeadings},
      start);
  j["allowance"] = allow;
  j["road_allowance"] = allow;
  // [G-57] A group's leader dropped straight ahead with no turn takes its group along.
  const std::vector<int> group = group_of(e);
  nlohmann::json members = nlohmann::json::array();
  if (group.size() > 1 && group[0] == e)
    for (int m : group) members.push_back(gw_->element(m).id);
  j["group"] = members;
  // The reach: in every 5th degree (a heading the encoding can end on), the furthest the centre
  // gets by turning to face that way and going straight on, as the rules accept it now (path,
  // going, PIPs). A longer move's sweep holds the shorter one's, so a bisection finds it.
  constexpr int kReachStep = act::kPlaceHeadingStep;
  j["reach_step_deg"] = kReachStep;
  nlohmann::json reach = nlohmann::json::array();
  for (int d = 0; d < 360; d += kReachStep) {
    auto accepted = [&](int k) {
      return move_refusal(act::place(e, d, k, d / act::kPlaceHeadingStep)).ok();
    };
    int lo = 0, hi = act::kPlaceDistances - 1;
    if (!accepted(1)) hi = 0;
    while (lo < hi) {
      const int mid = (lo + hi + 1) / 2;
      if (accepted(mid))
        lo = mid;
      else
        hi = mid - 1;
    }
    const geo::Point end =
        start.centre() + geo::polar(geo::Angle::degrees(d), lo * act::kPlaceStep);
    reach.push_back({end.x, end.y});
  }
  j["reach"] = reach;
  return j;
}

}  // namespace carroccio::gwkho
