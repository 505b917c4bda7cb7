// What the browser's table board needs from ohw: every decision as JSON with the base it leads
// to (ghosts of the candidate moves and charges), and free placement: a person may drop the
// picked unit anywhere the movement rules let it go, not only on a candidate. A placement is a
// decision legal_actions() does not list (check_unlisted() accepts it), decomposed as the rules
// measure a move: one turn about the centre, a straight move ahead, one turn (1.0, 1.4).
#include <algorithm>

#include "fmt/format.h"
#include "game/table/place.hpp"
#include "game/table/view.hpp"
#include "rulesets/ohw/state.hpp"

namespace carroccio::ohw {

namespace {

constexpr std::int64_t kRoadBonus = 3 * kInch;  // 1.2 iv

using game::table::corners_json;
using game::table::it_for;
using game::table::its_for;
using game::table::verb_for;

void put_base(nlohmann::json& j, const geo::Base& b) {
  j["corners"] = corners_json(b);
  j["x"] = b.centre().x;
  j["y"] = b.centre().y;
  j["heading_arcsec"] = b.heading().units();
}

struct Placement {
  int direction = 0, distance = 0, heading = 0;
};

Placement decode(game::Action a) {
  const int i = a - act::kPlaceBase;
  return {i / (act::kPlaceDistances * act::kPlaceHeadings),
          (i / act::kPlaceHeadings) % act::kPlaceDistances, i % act::kPlaceHeadings};
}

std::string inches(std::int64_t v) { return fmt::format("{:g}\"", static_cast<double>(v) / kInch); }

// A unit's name at the start of a sentence: "The Blue knights #2 ...".
std::string capitalised(std::string s) {
  if (!s.empty() && s[0] >= 'a' && s[0] <= 'z') s[0] = static_cast<char>(s[0] - 'a' + 'A');
  return s;
}

}  // namespace

game::Action place_code(int direction, int distance, int heading) {
  return act::kPlaceBase + (direction * act::kPlaceDistances + distance) * act::kPlaceHeadings +
         heading;
}

core::Expected<geo::Base> OhwState::placement_result(game::Action a) const {
  if (a < act::kPlaceBase || a >= act::kPlaceEnd)
    return core::make_error(fmt::format("Action {} is not a placement.", a));
  if (phase_ != Phase::kMove || selected_ < 0 || pending_.kind != PendingKind::kNone)
    return core::make_error(
        "A unit is placed only in the Move phase, after it has been picked to move.");
  const int u = selected_;
  // Named as the log and the decisions name it (never by file id): "the Blue knights #2".
  const std::string id = unit_words(u), Id = capitalised(id);
  // S3: wagons move only straight along a road; their listed moves are all they may do.
  if (unit(u).type == UnitType::kWagon)
    return core::make_error(
        fmt::format("{} is a wagon: it moves only along a road, by one of its "
                    "listed moves (scenario rule).",
                    Id));
  // 1.5: a unit in melee may only hold or turn to face.
  if (in_melee(u))
    return core::make_error(
        fmt::format("{} {} in melee: {} may only hold or turn to face {} enemy (1.5).", Id,
                    verb_for(id, "is"), it_for(id), its_for(id)));
  const Placement p = decode(a);
  const geo::Base& start = unit(u).base;
  const geo::Angle facing = geo::Angle::degrees(p.heading * act::kPlaceHeadingStep);
  if (p.distance == 0) {
    // 1.4: a turn in place, one turn only.
    if (p.direction != 0) return core::make_error("A turn in place is written with direction 0.");
    if (facing == start.heading())
      return core::make_error(fmt::format("That leaves {} where {} {}: choose hold.", id,
                                          it_for(id), verb_for(id, "is")));
    auto b = turned(u, start, facing - start.heading());
    if (!b)
      return core::make_error(fmt::format(
          "{} cannot turn to face {} degrees there: {} would cross impassable ground (1.4).", Id,
          p.heading * act::kPlaceHeadingStep, it_for(id)));
    return *b;
  }
  // 1.1, 1.2 iv: the allowance, 3" more along a road.
  const std::int64_t length = p.distance * act::kPlaceStep;
  const std::int64_t allow = allowance(u);
  if (length > allow + kRoadBonus)
    return core::make_error(fmt::format("{} {} at most {} ({} along a road) (1.1, 1.2 iv).", Id,
                                        verb_for(id, "moves"), inches(allow),
                                        inches(allow + kRoadBonus)));
  // 1.4: one turn about the centre before the straight move ...
  auto b1 = turned(u, start, geo::Angle::degrees(p.direction) - start.heading());
  if (!b1)
    return core::make_error(fmt::format(
        "{} cannot turn to face {} degrees there: {} would cross impassable ground (1.4).", Id,
        p.direction, it_for(id)));
  // 1.0: straight ahead.
  const geo::Vec v = geo::polar(b1->heading(), length);
  if (length > allow &&
      !game::table::along_one_stretch(ohw_->scenario_data().roads, b1->centre(), b1->centre() + v))
    return core::make_error(fmt::format(
        "Beyond {} {} must move along a road, its centre on one straight stretch (1.2 iv).",
        inches(allow), id));
  // 1.2, 1.3, 1.7: the table edge, impassable terrain and other units stop the whole sweep.
  if (!path_clear(u, *b1, v))
    return core::make_error(
        fmt::format("The way is blocked for {}: by the table edge, impassable terrain or another "
                    "unit, or a gap {} {} not fit (1.2, 1.3, 1.7).",
                    id, it_for(id), verb_for(id, "does")));
  // ... and one after it (1.4).
  const geo::Base b2 = b1->translated(v);
  auto b3 = turned(u, b2, facing - b2.heading());
  if (!b3)
    return core::make_error(
        fmt::format("{} cannot make {} last turn there: {} would cross impassable ground (1.4).",
                    Id, its_for(id), it_for(id)));
  return *b3;
}

core::Status OhwState::check_unlisted(game::Action a) const {
  if (a >= act::kPlaceBase && a < act::kPlaceEnd && current_player() >= 0) {
    auto r = placement_result(a);
    if (!r) return core::make_error(r.error().message);
    return core::Status::Ok();
  }
  return game::State::check_unlisted(a);
}

std::string OhwState::placement_to_string(game::Action a) const {
  const Placement p = decode(a);
  const std::string who = selected_ >= 0 ? unit_words(selected_) : std::string("?");
  const int face = p.heading * act::kPlaceHeadingStep;
  std::string text;
  if (p.distance == 0) {
    text = fmt::format("{} {} to face {} degrees", who, verb_for(who, "turns"), face);
  } else {
    // The turns that change nothing are left out of the name.
    const bool pre =
        selected_ < 0 || geo::Angle::degrees(p.direction) != unit(selected_).base.heading();
    text = who;
    if (pre) text += fmt::format(" {} to face {} degrees,", verb_for(who, "turns"), p.direction);
    text += fmt::format(" {} {}", verb_for(who, "moves"), inches(p.distance * act::kPlaceStep));
    if (face % 360 != p.direction)
      text += fmt::format(" and {} to face {} degrees", verb_for(who, "turns"), face);
  }
  if (selected_ >= 0)
    if (auto b = placement_result(a))
      text += fmt::format(", ending {}", ohw_->place_words(b->centre()));
  return text;
}

void OhwState::do_place(game::Action a) {
  const int u = selected_;
  const std::string text = logging() ? placement_to_string(a) : std::string();
  const geo::Base b = *placement_result(a);
  UnitState& us = units_[static_cast<std::size_t>(u)];
  us.base = b;
  us.flags |= kActed | kMoved;  // 1.6: it moved or turned
  selected_ = -1;
  emit("move", text, "ohw 1.0");
}

nlohmann::json OhwState::free_placement(std::string_view piece) const {
  if (phase_ != Phase::kMove || selected_ < 0 || pending_.kind != PendingKind::kNone)
    return nullptr;
  const int u = selected_;
  // The pick step (act::kSelectBase) chooses the unit placed: no other unit may be dropped now.
  if (!piece.empty() && piece != ohw_->unit(u).id) return nullptr;
  if (unit(u).type == UnitType::kWagon || in_melee(u)) return nullptr;
  const geo::Base& start = unit(u).base;
  const std::int64_t allow = allowance(u);
  nlohmann::json j = game::table::placement_json(
      ohw_->unit(u).id,
      {act::kPlaceBase, act::kPlaceDirections, act::kPlaceStep, act::kPlaceDistances,
       act::kPlaceHeadingStep, act::kPlaceHeadings},
      start);
  j["allowance"] = allow;
  j["road_allowance"] = allow + kRoadBonus;
  // The reach: in every 3rd degree, the furthest the centre gets by a turn to face that way and
  // a straight move (1.0-1.4, with the road bonus of 1.2 iv). Path clearance only shrinks as the
  // move grows (the sweep of a longer move holds the shorter one), so a bisection finds it.
  constexpr int kReachStep = 3;
  j["reach_step_deg"] = kReachStep;
  nlohmann::json reach = nlohmann::json::array();
  const Scenario& sc = ohw_->scenario_data();
  for (int d = 0; d < 360; d += kReachStep) {
    auto b1 = turned(u, start, geo::Angle::degrees(d) - start.heading());
    if (!b1) {
      reach.push_back({start.centre().x, start.centre().y});
      continue;
    }
    auto clear = [&](int k) {
      const geo::Vec v = geo::polar(b1->heading(), k * act::kPlaceStep);
      if (k * act::kPlaceStep > allow &&
          !game::table::along_one_stretch(sc.roads, b1->centre(), b1->centre() + v))
        return false;
      return path_clear(u, *b1, v);
    };
    auto furthest = [&](int lo, int hi) {  // lo is known clear
      while (lo < hi) {
        const int mid = (lo + hi + 1) / 2;
        if (clear(mid))
          lo = mid;
        else
          hi = mid - 1;
      }
      return lo;
    };
    const int plain = static_cast<int>(allow / act::kPlaceStep);
    int k = furthest(0, plain);
    if (k == plain) k = furthest(plain, static_cast<int>((allow + kRoadBonus) / act::kPlaceStep));
    const geo::Point end = b1->centre() + geo::polar(b1->heading(), k * act::kPlaceStep);
    reach.push_back({end.x, end.y});
  }
  j["reach"] = reach;
  return j;
}

nlohmann::json OhwState::action_to_json(game::Action a) const {
  nlohmann::json j = game::State::action_to_json(a);
  if (pending_.kind != PendingKind::kNone) {
    j["kind"] = "chance";
    return j;
  }
  const std::string mover = selected_ >= 0 ? ohw_->unit(selected_).id : std::string();
  if (a == act::kEndPhase) {
    j["kind"] = phase_ == Phase::kMove ? "end-movement" : "end-shooting";
  } else if (a >= act::kPlaceBase && a < act::kPlaceEnd) {
    j["kind"] = "place";
    j["mover"] = mover;
    if (auto b = placement_result(a)) put_base(j, *b);
  } else if (a >= act::kMoveBase && a < act::kMoveBase + act::kMaxCode && selected_ >= 0) {
    const int code = a - act::kMoveBase;
    j["mover"] = mover;
    if (code == act::kHold) {
      j["kind"] = "hold";
      put_base(j, unit(selected_).base);
    } else if (code == act::kDemolishCode) {
      j["kind"] = "demolish";
      j["odds"] = true;  // action_odds() weighs it; "rolls": it rolls a die at once
      j["rolls"] = true;
    } else if (code >= act::kMarchCode) {
      const auto g = static_cast<std::size_t>((code - act::kMarchCode) / 6);
      j["kind"] = "move";
      if (g < ohw_->goals().size()) j["march"] = ohw_->terrain(ohw_->goals()[g]).id;
      if (auto b = move_result(selected_, code)) put_base(j, *b);
    } else if (code >= act::kFaceCode) {
      const auto side = static_cast<geo::Side>(code - act::kFaceCode);
      j["kind"] = "face";
      j["side"] = std::string(geo::to_string(side));
      // The turned unit (the others in contact are moved with it, 1.5).
      if (auto moved = turn_to_face(selected_, side)) put_base(j, moved->front().second);
    } else if (code >= act::kChargeCode) {
      const int t = (code - act::kChargeCode) / 4;
      const auto side = static_cast<geo::Side>((code - act::kChargeCode) % 4);
      j["kind"] = "charge";
      j["odds"] = true;  // the strike it leads to (odds.cpp)
      j["target"] = ohw_->unit(t).id;
      j["side"] = std::string(geo::to_string(side));
      if (auto b = charge_result(selected_, t, side)) put_base(j, *b);
    } else {
      const int c = code - 1;
      const int dist = (c / 6) % kNumDistances;
      j["kind"] = dist == 0 ? "turn" : "move";
      if (dist == kRoadDistance) j["road"] = true;
      if (auto b = move_result(selected_, code)) put_base(j, *b);
    }
  } else if (a >= act::kIrregularsBase && a < act::kPeasantsBase + ohw_->num_units()) {
    // 5.2, 5.3: the units of the side's rolled force it chooses to replace at set-up.
    const bool peasants = a >= act::kPeasantsBase;
    const int first = peasants ? a - act::kPeasantsBase : (a - act::kIrregularsBase) / 64;
    const int second = peasants ? first : (a - act::kIrregularsBase) % 64;
    j["kind"] = "replace";
    j["as"] = peasants ? "peasant_archers" : "irregulars";
    j["units"] = nlohmann::json::array();
    if (first < ohw_->num_units() && second < ohw_->num_units()) {
      j["side"] = ohw_->scenario_data().side_ids[static_cast<std::size_t>(side_of(first))];
      j["units"].push_back(ohw_->unit(first).id);
      if (!peasants) j["units"].push_back(ohw_->unit(second).id);
    }
  } else if (a >= act::kMeleeBase && a < act::kMoveBase) {
    // The enemy is the board object a click names; the striker comes with it.
    j["kind"] = "melee";
    j["odds"] = true;
    j["rolls"] = true;
    j["by"] = ohw_->unit((a - act::kMeleeBase) / 64).id;
    j["unit"] = ohw_->unit((a - act::kMeleeBase) % 64).id;
  } else if (a >= act::kShootBase && a < act::kMeleeBase) {
    j["kind"] = "shoot";
    j["odds"] = true;
    j["rolls"] = true;
    j["by"] = ohw_->unit((a - act::kShootBase) / 64).id;
    j["unit"] = ohw_->unit((a - act::kShootBase) % 64).id;
  } else if (a >= act::kSelectBase && a < act::kSelectBase + ohw_->num_units()) {
    j["kind"] = "select-unit";
    j["unit"] = ohw_->unit(a - act::kSelectBase).id;
  }
  return j;
}

}  // namespace carroccio::ohw
