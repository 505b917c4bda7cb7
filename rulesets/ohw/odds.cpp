// The exact odds of a decision that rolls a die (State::action_odds): a shot (2.3), a melee
// strike (3.2), a charge (1.8: the strike it leads to in the Melee phase) and the S2 demolition.
// The hits of each face come from shooting_hits() / melee_hits(), the very code a roll applies;
// the modifier list says, clause by clause, why.
#include <algorithm>
#include <map>

#include "core/fraction.hpp"
#include "fmt/format.h"
#include "game/table/geometry.hpp"
#include "rulesets/ohw/state.hpp"

namespace carroccio::ohw {

namespace {

// "men_at_arms" -> "men-at-arms", "peasant_archers" -> "peasant archers".
std::string type_words(UnitType t) {
  std::string s(type_name(t));
  for (auto& c : s)
    if (c == '_') c = t == UnitType::kMenAtArms ? '-' : ' ';
  return s;
}

// `brief`: the same in a few words for the log's entry of the roll (roll_reasons; issue 20: an
// entry on two lines at 1366 px); the odds panel shows `what`.
nlohmann::json modifier(std::string what, const char* rule, std::string brief = {}) {
  nlohmann::json m = {{"what", std::move(what)}, {"rule", rule}};
  if (!brief.empty()) m["brief"] = std::move(brief);
  return m;
}

}  // namespace

nlohmann::json OhwState::hit_modifiers(int u, int t, bool melee) const {
  nlohmann::json mods = nlohmann::json::array();
  const UnitType ut = unit(u).type;
  int die_mod = 0;
  if (!melee) {
    // 2.3: archers d6 + 2; 5.2: irregulars d6 - 2; 5.3 (O-33): peasant archers d6.
    if (ut == UnitType::kArchers) {
      mods.push_back(modifier("archers shoot: +2 to the die", "ohw 2.3", "archers +2"));
      die_mod = 2;
    } else if (ut == UnitType::kIrregulars) {
      mods.push_back(modifier("irregulars shoot: -2 to the die", "ohw 5.2", "irregulars -2"));
      die_mod = -2;
    } else if (ut == UnitType::kPeasantArchers) {
      mods.push_back(
          modifier("peasant archers shoot: the die as rolled", "ohw 5.3", "peasant archers +0"));
    }
  } else {
    // 3.2: knights +2, archers -2; 5.2: irregulars -2; 5.3: peasant archers fight as levies.
    if (ut == UnitType::kKnights) {
      mods.push_back(modifier("knights strike: +2 to the die", "ohw 3.2", "knights +2"));
      die_mod = 2;
    } else if (ut == UnitType::kArchers) {
      mods.push_back(modifier("archers strike: -2 to the die", "ohw 3.2", "archers -2"));
      die_mod = -2;
    } else if (ut == UnitType::kIrregulars) {
      mods.push_back(modifier("irregulars strike: -2 to the die", "ohw 5.2", "irregulars -2"));
      die_mod = -2;
    } else if (ut == UnitType::kPeasantArchers) {
      mods.push_back(modifier("peasant archers strike as levies: the die as rolled", "ohw 5.3",
                              "as levies +0"));
    }
  }
  if (die_mod < 0) mods.push_back(modifier("hits never fall below 0", "ohw O-23", "not below 0"));
  int halvings = 0;
  bool terrain = false;
  auto halve = [&](std::string what, const char* rule, std::string brief) {
    // 3.2 i: the terrain halves once, however many reasons there are (O-22).
    if (melee && terrain) {
      what += " (the terrain halves once only)";
      brief += " (once only)";
    } else {
      ++halvings;
    }
    terrain = true;
    mods.push_back(modifier(std::move(what), rule, std::move(brief)));
  };
  const char* cover_rule = melee ? "ohw 3.2 i" : "ohw 2.3 i";
  if (within_terrain(t, TerrainType::kTown))
    halve("the target is in a town: hits halved", cover_rule, "town /2");
  if (within_terrain(t, TerrainType::kWoods))
    halve("the target is in woods: hits halved", cover_rule, "woods /2");
  if (!melee && in_redoubt(t))
    halve("the target is in a redoubt: hits halved", "ohw 5.4", "redoubt /2");
  if (melee) {
    if (at_river_crossing(t))
      halve("the target is at a river crossing: hits halved", "ohw 3.2 i", "crossing /2");
    if (uphill_of(t, u))
      halve("the target is uphill of the attacker: hits halved", "ohw 3.2 i", "uphill /2");
    const Scenario& sc = ohw_->scenario_data();
    bool oath = false;
    if (sc.oath_radius > 0 && side_of(t) == sc.oath_side)
      for (const auto& ter : sc.terrain)
        if (ter.type == TerrainType::kObjective &&
            game::table::near_polygon(unit(t).base, ter.outline, sc.oath_radius))
          oath = true;
    if (oath)
      halve("the target stands by the objective it swore to hold: hits halved", "ohw scenario S1",
            "oath /2");
  }
  if (unit(t).type == UnitType::kMenAtArms) {
    ++halvings;
    mods.push_back(modifier("the target is men-at-arms (armour): hits halved",
                            melee ? "ohw 3.2 ii" : "ohw 2.3 ii", "armour /2"));
  }
  bool doubled = false;
  if (melee) {
    const auto side = front_contact(u, t);
    if (side && *side != geo::Side::kFront) {
      doubled = true;
      const bool rear = *side == geo::Side::kBack;
      mods.push_back(
          modifier(rear ? "struck in the rear: hits doubled" : "struck in the flank: hits doubled",
                   "ohw 3.2 iii", rear ? "rear x2" : "flank x2"));
    }
  }
  if (halvings > 0 || doubled)
    mods.push_back(modifier("the halvings and doubling multiply; the result is rounded up once",
                            "ohw O-22", "rounded up"));
  return mods;
}

std::pair<int, int> OhwState::unit_number(int u) const {
  // Its number among its side's units of its type (as the game stands: a rolled or chosen type
  // counts from then on), so that two are told apart without their file ids.
  int number = 0, of = 0;
  for (int v = 0; v < ohw_->num_units(); ++v)
    if (side_of(v) == side_of(u) && unit(v).type == unit(u).type) {
      ++of;
      if (v <= u) ++number;
    }
  return {number, of};
}

std::string OhwState::unit_words(int u) const {
  const auto [number, of] = unit_number(u);
  return game::table::piece_name(
      ohw_->scenario_data().side_names[static_cast<std::size_t>(side_of(u))],
      type_words(unit(u).type), number, of);
}

std::string OhwState::unit_label(int u) const {
  const auto [number, of] = unit_number(u);
  return game::table::piece_label(type_words(unit(u).type), number, of);
}

std::string OhwState::roll_reasons(int u, int t, bool melee, const HitFactors& h) const {
  std::string out = fmt::format("d6 {}", h.die);
  // Each clause without the book's name, which the entry's own citation gives, and none where it
  // is that citation itself (2.3 for a shot, 3.2 for a strike): a compact entry, two lines at
  // 1366 px (issue 20).
  const std::string_view own = melee ? "ohw 3.2" : "ohw 2.3";
  for (const auto& m : hit_modifiers(u, t, melee)) {
    std::string_view rule = m["rule"].get_ref<const std::string&>();
    const std::string brief = m.value("brief", m["what"].get<std::string>());
    if (rule == own) {
      out += "; " + brief;
      continue;
    }
    if (rule.starts_with("ohw ")) rule.remove_prefix(4);
    out += fmt::format("; {} [{}]", brief, rule);
  }
  out += fmt::format(" -> {} hit{}", h.hits, h.hits == 1 ? "" : "s");
  return out;
}

nlohmann::json OhwState::hits_odds(int u, int t, bool melee) const {
  // Each face of the d6 with the hits it gives, grouped by result.
  nlohmann::json j;
  const int now = unit(t).hits;
  std::map<int, int> by_hits;
  nlohmann::json faces = nlohmann::json::array();
  int mod = 0;
  int sum = 0;
  for (int die = 1; die <= 6; ++die) {
    const HitFactors h = melee ? melee_hits(u, t, die) : shooting_hits(u, t, die);
    mod = h.modifier;
    ++by_hits[h.hits];
    sum += h.hits;
    faces.push_back({{"die", die}, {"hits", h.hits}});
  }
  j["roll"] = mod == 0 ? std::string("d6") : fmt::format("d6{:+d}", mod);
  j["modifiers"] = hit_modifiers(u, t, melee);
  nlohmann::json results = nlohmann::json::array();
  for (const auto& [hits, n] : by_hits) {
    const core::Fraction f(n, 6);
    // ohw 4: 15 hits or more and the unit leaves the table at the end of the player turn.
    const int total = now + hits;
    std::string what = fmt::format("{} hit{}", hits, hits == 1 ? "" : "s");
    what +=
        total >= 15 ? fmt::format(", {} of 15: removed", total) : fmt::format(", {} of 15", total);
    results.push_back({{"result", what},
                       {"hits", hits},
                       {"removes", total >= 15},
                       {"tone", hits > 0 ? "good" : "even"},
                       {"probability", f.to_string()},
                       {"p", f.to_double()}});
  }
  j["results"] = results;
  j["faces"] = faces;
  j["mean_hits"] = core::Fraction(sum, 6).to_string();
  j["target"] = ohw_->unit(t).id;
  j["unit"] = ohw_->unit(u).id;
  j["exact"] = true;
  return j;
}

nlohmann::json OhwState::action_odds(game::Action a) const {
  if (pending_.kind != PendingKind::kNone || phase_ == Phase::kOver) return nullptr;
  if (phase_ == Phase::kShoot && a >= act::kShootBase && a < act::kMeleeBase) {
    const int u = (a - act::kShootBase) / 64, t = (a - act::kShootBase) % 64;
    nlohmann::json j = hits_odds(u, t, false);
    j["commits"] = true;  // the d6 is rolled at once
    return j;
  }
  if (phase_ == Phase::kMelee && a >= act::kMeleeBase && a < act::kIrregularsBase) {
    const int u = (a - act::kMeleeBase) / 64, t = (a - act::kMeleeBase) % 64;
    nlohmann::json j = hits_odds(u, t, true);
    j["commits"] = true;
    return j;
  }
  if (phase_ != Phase::kMove || selected_ < 0 || a < act::kMoveBase || a >= act::kPlaceBase)
    return nullptr;
  const int code = a - act::kMoveBase;
  if (code == act::kDemolishCode) {
    // S2: a d6 of `needs` or more destroys the crossing.
    const int needs = ohw_->scenario_data().demolition.needs;
    const int hit = std::clamp(7 - needs, 0, 6);
    nlohmann::json j;
    j["roll"] = "d6";
    j["commits"] = true;
    j["modifiers"] = nlohmann::json::array({modifier(
        fmt::format("the crossing falls on a d6 of {} or more", needs), "ohw scenario S2")});
    nlohmann::json results = nlohmann::json::array();
    if (hit > 0)
      results.push_back({{"result", "the crossing is destroyed"},
                         {"tone", "good"},
                         {"probability", core::Fraction(hit, 6).to_string()},
                         {"p", core::Fraction(hit, 6).to_double()}});
    if (hit < 6)
      results.push_back({{"result", "the crossing stands"},
                         {"tone", "bad"},
                         {"probability", core::Fraction(6 - hit, 6).to_string()},
                         {"p", core::Fraction(6 - hit, 6).to_double()}});
    j["results"] = results;
    j["exact"] = true;
    return j;
  }
  if (code < act::kChargeCode || code >= act::kFaceCode) return nullptr;
  // 1.8: a charge rolls nothing itself; it brings the charger into contact, and the strike
  // follows in this player turn's Melee phase (3.0, 3.1). The odds of that strike, from the
  // position the charge ends in.
  const int u = selected_;
  const int t = (code - act::kChargeCode) / 4;
  OhwState next(*this);
  next.set_record_history(false);
  next.apply_unchecked(a);
  if (!next.front_contact(u, t)) return nullptr;
  nlohmann::json j = next.hits_odds(u, t, true);
  j["commits"] = false;
  j["note"] = fmt::format(
      "the charge rolls no die; these are the odds of {}'s strike in the Melee phase that follows",
      unit_words(u));
  j["rule"] = "ohw 1.8, 3.2";
  return j;
}

}  // namespace carroccio::ohw
