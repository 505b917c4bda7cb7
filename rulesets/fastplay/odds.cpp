// The exact odds of a decision that rolls dice (State::action_odds): an archery volley (5.2,
// 5.3), a war machine's shot (10.2), a unit's fight (8.1-8.3, 10.1, 10.3, 11.1, 11.3, 7.2), the
// pick of what a strike hits (ruling F-17), a retreat (9.1) and a charge (6.1: the fight it
// leads to). Every die is judged by the very functions the roll applies (archery_success,
// machine_knockouts, melee_success) and every outcome enumerated.
#include <algorithm>
#include <cstdint>
#include <map>

#include "core/fraction.hpp"
#include "fmt/format.h"
#include "rulesets/fastplay/state.hpp"

namespace carroccio::fastplay {

namespace {

nlohmann::json modifier(std::string what, const char* rule) {
  return {{"what", std::move(what)}, {"rule", rule}};
}

// "heavy_infantry" -> "heavy infantry".
std::string words(TroopType t) {
  std::string s(troop_name(t));
  std::replace(s.begin(), s.end(), '_', ' ');
  return s;
}

// Faces of a d6 (1..6) that make `ok` true.
template <typename F>
int faces(F ok) {
  int n = 0;
  for (int die = 1; die <= 6; ++die) n += ok(die) ? 1 : 0;
  return n;
}

nlohmann::json result(std::string what, const char* tone, std::uint64_t w, std::uint64_t total) {
  const core::Fraction f(static_cast<std::int64_t>(w), static_cast<std::int64_t>(total));
  return {{"result", std::move(what)},
          {"tone", tone},
          {"probability", f.to_string()},
          {"p", f.to_double()}};
}

std::string stands_text(int k, const char* verb) {
  return k == 0 ? fmt::format("no stand {}", verb)
                : fmt::format("{} stand{} {}", k, k == 1 ? "" : "s", verb);
}

}  // namespace

std::string FastplayState::troop_words(TroopType t) { return words(t); }

std::string FastplayState::stand_words(int u, int i) const {
  const TroopType t = unit(u).stands[static_cast<std::size_t>(i)].type;
  if (t == fp_->unit(u).type || fp_->unit(u).lone_commander)
    return fmt::format("stand {} of {}", i + 1, unit_words(u));
  return fmt::format("stand {} ({}) of {}", i + 1, words(t), unit_words(u));
}

nlohmann::json FastplayState::fight_odds(int u) const {
  const std::vector<Attack> attacks = melee_attacks(u);
  if (attacks.empty()) return nullptr;
  nlohmann::json mods = nlohmann::json::array();
  struct Die {
    int key;   // target unit * 8 + stand
    int hits;  // faces out of 6 that strike the stand down
  };
  std::vector<Die> regular;
  int extras = 0;
  auto success_faces = [&](const Attack& a) {
    const TroopType at = unit(a.unit).stands[static_cast<std::size_t>(a.stand)].type;
    const TroopType dt = unit(a.target_unit).stands[static_cast<std::size_t>(a.target_stand)].type;
    return faces([&](int die) { return melee_success(at, dt, die, a.modifier); });
  };
  const bool lone = fp_->unit(u).lone_commander;
  for (const Attack& a : attacks) {
    if (a.extra) {
      ++extras;
      continue;
    }
    const TroopType at = unit(a.unit).stands[static_cast<std::size_t>(a.stand)].type;
    const TroopType dt = unit(a.target_unit).stands[static_cast<std::size_t>(a.target_stand)].type;
    const int need = 7 - faces([&](int die) { return melee_success(at, dt, die, 0); });
    const int flank = a.modifier - (lone ? kLoneCommanderBonus : 0);
    std::string what = fmt::format("stand {} ({}) strikes {}: {} or more on the d6", a.stand + 1,
                                   words(at), stand_words(a.target_unit, a.target_stand), need);
    if (flank > 0) what += ", +1 for striking a flank or the rear";
    if (lone) what += ", +1 for a lone commander";
    if (!a.chosen) what += " (the stand it touches most; the attacker may pick another)";
    mods.push_back(modifier(std::move(what), flank > 0 ? "fastplay 10.1, 10.3" : "fastplay 10.1"));
    regular.push_back({a.target_unit * 8 + a.target_stand, success_faces(a)});
  }
  if (lone) mods.push_back(modifier("a lone commander fights at +1", "fastplay 11.3"));
  if (unit(u).commander && !lone)
    mods.push_back(
        modifier("its commander adds a die, at a stand already struck", "fastplay 11.1"));
  if ((unit(u).flags & kCharged) && is_cavalry(fp_->unit(u).type) && alive_stands(u) >= 2)
    mods.push_back(
        modifier("charging cavalry add a die in the turn they charge, at a stand already struck",
                 "fastplay 7.2"));
  if (extras > 0)
    mods.push_back(
        modifier("the odds count an extra die at the struck stand still standing it is likeliest "
                 "to fell (the attacker picks among the struck stands)",
                 "ruling F-20"));
  // The extra dice's candidates (ruling F-20): each stand struck, under that strike's
  // modifier; the best for the attacker, once the stand-by-stand dice are known.
  std::map<int, int> extra_faces;
  for (const Attack& a : attacks)
    if (!a.extra) {
      const int key = a.target_unit * 8 + a.target_stand;
      extra_faces[key] = std::max(extra_faces[key], success_faces(a));
    }
  std::map<int, std::uint64_t> by_count;
  std::uint64_t total = 0;
  const std::size_t n = regular.size();
  for (std::uint32_t mask = 0; mask < (1u << n); ++mask) {
    std::uint64_t w = 1;
    std::vector<int> down;
    for (std::size_t i = 0; i < n; ++i) {
      const bool hit = (mask >> i) & 1;
      w *= static_cast<std::uint64_t>(hit ? regular[i].hits : 6 - regular[i].hits);
      if (hit && std::find(down.begin(), down.end(), regular[i].key) == down.end())
        down.push_back(regular[i].key);
    }
    if (w == 0) continue;
    // The extra dice, one after another: each at the best stand still standing.
    struct Branch {
      std::vector<int> down;
      std::uint64_t w;
    };
    std::vector<Branch> branches = {{down, w}};
    for (int e = 0; e < extras; ++e) {
      std::vector<Branch> next;
      for (auto& b : branches) {
        int best = -1, best_faces = 0;
        for (const auto& [key, f] : extra_faces)
          if (std::find(b.down.begin(), b.down.end(), key) == b.down.end() && f > best_faces)
            best = key, best_faces = f;
        if (best < 0) {
          next.push_back({b.down, b.w * 6});
          continue;
        }
        Branch hit = {b.down, b.w * static_cast<std::uint64_t>(best_faces)};
        hit.down.push_back(best);
        next.push_back(hit);
        if (best_faces < 6)
          next.push_back({b.down, b.w * static_cast<std::uint64_t>(6 - best_faces)});
      }
      branches = std::move(next);
    }
    for (const auto& b : branches) {
      int fresh = 0;
      for (int key : b.down)
        if (!unit(key / 8).stands[static_cast<std::size_t>(key % 8)].doomed) ++fresh;
      by_count[fresh] += b.w;
    }
  }
  for (const auto& [k, w] : by_count) total += w;
  nlohmann::json j;
  j["roll"] = fmt::format("{} d6", regular.size() + static_cast<std::size_t>(extras));
  j["modifiers"] = mods;
  nlohmann::json results = nlohmann::json::array();
  for (const auto& [k, w] : by_count)
    results.push_back(result(stands_text(k, "struck down"), k > 0 ? "good" : "even", w, total));
  j["results"] = results;
  nlohmann::json checks = nlohmann::json::array();
  for (int t = 0; t < num_units(); ++t) {
    bool struck = false;
    for (const Attack& a : attacks) struck |= a.target_unit == t;
    if (struck && unit(t).commander && !fp_->unit(t).lone_commander)
      checks.push_back({{"unit", fp_->unit(t).id},
                        {"check", "its commander falls on a d10 of 1 to 3 if it loses a stand"},
                        {"pass", "7/10"},
                        {"rule", "fastplay 11.2"}});
  }
  if (!checks.empty()) j["checks"] = checks;
  j["note"] = "stands struck down are removed together at the end of the Melee phase (8.3)";
  j["exact"] = true;
  return j;
}

nlohmann::json FastplayState::volley_odds(int u, int t) const {
  nlohmann::json j;
  nlohmann::json mods = nlohmann::json::array();
  const int extra = unit(u).commander && !fp_->unit(u).lone_commander ? 1 : 0;
  const bool cover = shot_in_cover(u, t);
  const int stands = alive_stands(t);
  std::map<int, std::uint64_t> by_count;
  std::uint64_t total = 0;
  if (is_war_machine(fp_->unit(u).type)) {
    const auto d = shooting_range(u, t);
    if (!d) return nullptr;
    const std::int64_t range = d->ceil();
    const int dice = 1 + extra;
    std::array<int, 6> ko{};
    for (int die = 1; die <= 6; ++die)
      ko[static_cast<std::size_t>(die - 1)] =
          machine_knockouts(fp_->unit(u).type, range, die, cover).value_or(0);
    mods.push_back(modifier(fmt::format(
                                "{} at {} cm: a d6 of {} knocks out one stand, {} two",
                                words(fp_->unit(u).type), (range + kCm - 1) / kCm,
                                [&] {
                                  std::string s;
                                  for (int die = 1; die <= 6; ++die)
                                    if (ko[static_cast<std::size_t>(die - 1)] == 1)
                                      s += (s.empty() ? "" : ",") + std::to_string(die);
                                  return s.empty() ? std::string("none") : s;
                                }(),
                                [&] {
                                  std::string s;
                                  for (int die = 1; die <= 6; ++die)
                                    if (ko[static_cast<std::size_t>(die - 1)] >= 2)
                                      s += (s.empty() ? "" : ",") + std::to_string(die);
                                  return s.empty() ? std::string("none") : s;
                                }()),
                            "fastplay 10.2"));
    if (cover)
      mods.push_back(modifier("the target is in cover: 1 more needed (a 6 always scores)",
                              "fastplay 10.2, ruling F-13"));
    if (extra) mods.push_back(modifier("its commander adds a die", "fastplay 11.1"));
    // Every combination of the dice (one or two).
    for (int a = 0; a < 6; ++a)
      for (int b = 0; b < (dice == 2 ? 6 : 1); ++b) {
        const int k =
            ko[static_cast<std::size_t>(a)] + (dice == 2 ? ko[static_cast<std::size_t>(b)] : 0);
        by_count[std::min(k, stands)] += 1;
        ++total;
      }
    j["roll"] = fmt::format("{} d6", dice);
  } else {
    int dice = extra;
    for (const auto& s : unit(u).stands) dice += s.alive && s.type == TroopType::kArchery ? 1 : 0;
    if (dice == 0) return nullptr;
    const TroopType tt = target_type(t);
    const int hit = faces([&](int die) { return archery_success(tt, die, cover); });
    mods.push_back(modifier(
        fmt::format("a die per archer stand: {} or more fells a stand of {}",
                    7 - faces([&](int die) { return archery_success(tt, die, false); }), words(tt)),
        "fastplay 5.2, 10.2"));
    if (cover)
      mods.push_back(
          modifier("the target is in cover: 1 more needed", "fastplay 10.2, ruling F-13"));
    if (extra) mods.push_back(modifier("its commander adds a die", "fastplay 11.1"));
    mods.push_back(
        modifier("each 1 turns an archer stand about, running low on arrows", "fastplay 5.3"));
    // Binomial: k stands fall with weight C(n, k) hit^k (6 - hit)^(n - k) out of 6^n.
    std::uint64_t c = 1;
    for (int k = 0; k <= dice; ++k) {
      std::uint64_t w = c;
      for (int i = 0; i < k; ++i) w *= static_cast<std::uint64_t>(hit);
      for (int i = k; i < dice; ++i) w *= static_cast<std::uint64_t>(6 - hit);
      by_count[std::min(k, stands)] += w;
      total += w;
      c = c * static_cast<std::uint64_t>(dice - k) / static_cast<std::uint64_t>(k + 1);
    }
    // fastplay 5.3: at least one 1 among the dice.
    std::uint64_t none = 1, all = 1;
    for (int i = 0; i < dice; ++i) none *= 5, all *= 6;
    const core::Fraction arrows(static_cast<std::int64_t>(all - none),
                                static_cast<std::int64_t>(all));
    j["checks"] =
        nlohmann::json::array({{{"unit", fp_->unit(u).id},
                                {"check", "at least one 1: an archer stand runs low on arrows"},
                                {"pass", arrows.to_string()},
                                {"rule", "fastplay 5.3"}}});
    j["roll"] = fmt::format("{} d6", dice);
  }
  nlohmann::json results = nlohmann::json::array();
  for (const auto& [k, w] : by_count)
    results.push_back(result(stands_text(k, k >= stands ? "lost: the unit is destroyed" : "lost"),
                             k > 0 ? "good" : "even", w, total));
  j["results"] = results;
  if (unit(t).commander && !fp_->unit(t).lone_commander) {
    std::uint64_t survive_loss = 0;
    for (const auto& [k, w] : by_count)
      if (k >= 1 && k < stands) survive_loss += w;
    const core::Fraction f =
        core::Fraction(static_cast<std::int64_t>(survive_loss), static_cast<std::int64_t>(total)) *
        core::Fraction(kCommanderLossArchery, 10);
    if (!j.contains("checks")) j["checks"] = nlohmann::json::array();
    j["checks"].push_back({{"unit", fp_->unit(t).id},
                           {"check", "its commander falls (a d10 of 1 after the volley's losses)"},
                           {"pass", (core::Fraction(1) - f).to_string()},
                           {"rule", "fastplay 11.2"}});
  }
  j["modifiers"] = mods;
  j["exact"] = true;
  return j;
}

nlohmann::json FastplayState::action_odds(game::Action a) const {
  if (phase_ == Phase::kOver) return nullptr;
  if (pending_ == PendingKind::kStrike && a >= act::kStrikeBase && a < act::kLoseBase) {
    // Ruling F-17: the die of the strike now aimed, at the stand picked.
    const int t = (a - act::kStrikeBase) / 8, s = (a - act::kStrikeBase) % 8;
    for (const Attack& c : strike_candidates(attacks_.front(), struck_)) {
      if (c.target_unit != t || c.target_stand != s) continue;
      const TroopType at = unit(c.unit).stands[static_cast<std::size_t>(c.stand)].type;
      const TroopType dt = unit(t).stands[static_cast<std::size_t>(s)].type;
      const int hit = faces([&](int die) { return melee_success(at, dt, die, c.modifier); });
      nlohmann::json j;
      j["roll"] = c.modifier ? fmt::format("d6{:+d}", int{c.modifier}) : std::string("d6");
      j["commits"] = true;
      j["modifiers"] = nlohmann::json::array(
          {modifier(fmt::format("stand {} ({}) strikes {}: {} or more on the die", c.stand + 1,
                                words(at), stand_words(t, s),
                                7 - faces([&](int die) { return melee_success(at, dt, die, 0); })),
                    "fastplay 10.1")});
      if (c.modifier)
        j["modifiers"].push_back(
            modifier(fmt::format("{:+d} to the die", int{c.modifier}), "fastplay 10.3, 11.3"));
      nlohmann::json results = nlohmann::json::array();
      if (hit > 0) results.push_back(result("the stand is struck down", "good", hit, 6));
      if (hit < 6) results.push_back(result("no effect", "even", 6 - hit, 6));
      j["results"] = results;
      j["exact"] = true;
      return j;
    }
    return nullptr;
  }
  if (pending_ != PendingKind::kNone) return nullptr;
  if (a >= act::kMoveBase || a == act::kPass) return nullptr;
  if (a >= act::kRetreatBase && a < act::kResponseBase) {
    // fastplay 9.1: a d10 before the retreat; cavalry lose a stand on 1-2, foot on 1-5.
    const int u = a - act::kRetreatBase;
    const int limit = retreat_loss_limit(fp_->unit(u).type);
    nlohmann::json j;
    j["roll"] = "d10";
    j["commits"] = true;
    j["modifiers"] = nlohmann::json::array(
        {modifier(fmt::format("{}: a stand is lost on a d10 of {} or less",
                              is_cavalry(fp_->unit(u).type) ? "cavalry" : "foot", limit),
                  "fastplay 9.1")});
    j["results"] = nlohmann::json::array(
        {result(alive_stands(u) <= 1 ? "its last stand is lost" : "a stand is lost", "bad",
                static_cast<std::uint64_t>(limit), 10),
         result("it retreats with no loss", "good", static_cast<std::uint64_t>(10 - limit), 10)});
    if (unit(u).commander && !fp_->unit(u).lone_commander && alive_stands(u) > 1)
      j["checks"] = nlohmann::json::array(
          {{{"unit", fp_->unit(u).id},
            {"check", "its commander falls on a d10 of 1 to 3 if a stand is lost"},
            {"pass",
             (core::Fraction(1) - core::Fraction(limit, 10) * core::Fraction(3, 10)).to_string()},
            {"rule", "fastplay 11.2"}}});
    j["exact"] = true;
    return j;
  }
  if (a >= act::kFightBase && a < act::kRetreatBase) {
    nlohmann::json j = fight_odds(a - act::kFightBase);
    if (j.is_object()) j["commits"] = true;
    return j;
  }
  if (a >= act::kChargeBase && a < act::kFightBase) {
    // fastplay 6.1: the charge rolls nothing; the fight it leads to comes in the Melee phase.
    const int c = a - act::kChargeBase;
    const int u = c / 256;
    FastplayState next(*this);
    next.set_record_history(false);
    next.apply_unchecked(a);
    if (next.pending_ == PendingKind::kChargeAnswer)
      next.apply_unchecked(act::kResponseBase + act::kStand);
    nlohmann::json j = next.fight_odds(u);
    if (!j.is_object()) return nullptr;
    j["commits"] = false;
    j["note"] = fmt::format(
        "the charge rolls no die; if {} stands to receive it, these are the odds of {}'s fight "
        "in the Melee phase",
        unit_words(c % 256 / 4), unit_words(u));
    j["rule"] = "fastplay 6.1, 8.1";
    return j;
  }
  if (a >= act::kShootBase && a < act::kChargeBase) {
    const int u = (a - act::kShootBase) / 64, t = (a - act::kShootBase) % 64;
    nlohmann::json j = volley_odds(u, t);
    if (j.is_object()) j["commits"] = true;
    return j;
  }
  return nullptr;
}

}  // namespace carroccio::fastplay
