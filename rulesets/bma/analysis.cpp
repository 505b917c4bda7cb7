// What agents, the simulator and players ask of a position: a heuristic evaluation, a summary
// of how the game ended, and the exact odds of a combat before it is committed.
#include <algorithm>
#include <array>
#include <cmath>

#include "core/fraction.hpp"
#include "fmt/format.h"
#include "rulesets/bma/state.hpp"

namespace carroccio::bma {

namespace {

constexpr const char* kScoreLabel = "Victory points lost";
// The pull of the enemy's sudden-death pieces: a unit within kTargetReach hexes of one adds
// kTargetPull per hex nearer to the enemy's chance of losing at once.
constexpr int kTargetReach = 24;
constexpr double kTargetPull = 0.0005;
// The share of the enemy's possible next-activation attacks on a supreme commander's stack, or
// entries into a lone leader's hex, counted as a threat (the enemy may move second, or not
// come).
constexpr double kApproachShare = 0.5;
// The share counted for enemy units a turn further away (within two moves): they may come
// at a later turn.
constexpr double kFarShare = 0.15;
// Losses short of the rout level weigh turns_left / kLossHorizon of their value, at most all
// of it (8.3): two thirds on the next-to-last turn, a third on the last.
constexpr double kLossHorizon = 3.0;
// The share of the expected loss counted for an attack by the enemy units beside a unit
// (5.1, 5.2): they may attack it at their next activation, or move away, or pick another
// target. kImminentShare: one of them belongs to the command acting now and can still attack
// in this activation (5.1.1), so the attack comes within the activation if it pays; measured
// in session 11 of docs/ai.md, the evaluation after the side's own combats stood on average
// 0.014 above the one before them where it attacked with 0.6, and 0.002 with 0.85.
constexpr double kPressureShare = 0.6;
constexpr double kImminentShare = 0.85;
}  // namespace

// The heuristic judgement of a position for the heuristic agent and MCTS leaves. It must be
// cheap (no allocation but the returned vector, no search): it looks at each unit and its six
// neighbours only. Every term is an expected loss of victory points (8.1) measured against the
// side's rout level (8.2), or a chance of a sudden end (9.3.2, 9.4); the imperial score is
// tanh of the lombard burden minus the imperial burden, and the lombard score its negation.
std::vector<double> BmaState::evaluate() const {
  if (phase_ == Phase::kOver) return returns();
  const BmaGame& g = *bma_;
  const Board& b = g.board();
  const Tables& t = g.tables();
  const auto& sides = g.scenario_data().sides;
  // Expected fighting value of a unit (5.1.3: its chit, or the mean of its rating's chits while
  // undrawn), halved when disordered (5.1.4); routed units cannot attack (5.3) and a routed
  // defender is simply eliminated (ruling L-19), so they count nothing.
  auto strength = [&](int u) -> double {
    const UnitState& us = unit(u);
    if (us.status == Status::kRouted || us.status == Status::kEliminated) return 0.0;
    const RatingInfo& r =
        t.rating(is_carroccio(u) ? Rating::kA : g.unit(u).rating);  // 9.3.2: A chit
    const double v = us.value ? us.value : 0.5 * (r.chit_min + r.chit_max);
    return us.status == Status::kDisordered ? 0.5 * v : v;
  };
  // 5.2: each odds column's chances, on an unmodified d6, of hurting the defender (DD; DR or
  // DE) and the attacker (AD; AR or AE).
  std::array<double, Tables::kColumns> def_d{}, def_r{}, att_d{}, att_r{};
  for (int c = 0; c < Tables::kColumns; ++c) {
    for (int die = 1; die <= 6; ++die) {
      const CrtResult r = t.result(c, die);
      if (r == CrtResult::kDD) def_d[static_cast<std::size_t>(c)] += 1.0 / 6;
      if (r == CrtResult::kDR || r == CrtResult::kDE) def_r[static_cast<std::size_t>(c)] += 1.0 / 6;
      if (r == CrtResult::kAD) att_d[static_cast<std::size_t>(c)] += 1.0 / 6;
      if (r == CrtResult::kAR || r == CrtResult::kAE) att_r[static_cast<std::size_t>(c)] += 1.0 / 6;
    }
  }
  // 5.1.4: the printed column at or below the ratio (ruling L-7).
  auto column = [&](double att, double def) {
    int c = 0;
    for (int k = 0; k < Tables::kColumns; ++k) {
      const auto& m = t.column_min_ratio[static_cast<std::size_t>(k)];
      if (att * m[1] >= def * m[0]) c = k;
    }
    return static_cast<std::size_t>(c);
  };
  // Expected VP an attack at column c costs the defender and the attacker: a D disorders an
  // ordered unit (counted as a third of its VP: one more D routs it, ruling L-18) and routs a
  // disordered one; R and E cost the unit's VP (8.1).
  auto defender_loss = [&](std::size_t c, int vp, bool disordered) {
    return vp * (def_r[c] + def_d[c] * (disordered ? 1.0 : 0.3));
  };
  auto attacker_loss = [&](std::size_t c, int vp) { return vp * (att_r[c] + att_d[c] * 0.3); };
  double burden[kNumSides] = {0, 0};  // expected VP lost, as a fraction of the rout level
  double feared[kNumSides] = {0, 0};  // burden[] with the threats the side itself fears
  double sudden[kNumSides] = {0, 0};  // rough chance of losing at once (9.3.2, 9.4)
  // The part of sudden[] that is only a threat: enemy units that could come at a supreme
  // commander at a coming activation. The threatened side fears it; the threatening side is
  // not credited with it (it has not attacked yet, and may never), so evaluate() is not
  // zero-sum.
  double threat[kNumSides] = {0, 0};
  double expected_vp[kNumSides] = {0, 0};
  int units_in[kNumSides] = {0, 0}, units_all[kNumSides] = {0, 0};
  // Each side's living units, for the terms that look beyond a unit's neighbours, and among them
  // its movers: the ordered combat units, which alone can come at an enemy and attack him at
  // their next activation (4.0, 5.1; 5.3 D: not disordered ones; 9.3.2: never the Carroccio).
  std::array<std::array<std::int16_t, kMaxUnits>, kNumSides> living{}, movers{};
  std::array<int, kNumSides> num_living{0, 0}, num_movers{0, 0};
  for (int u = 0; u < g.num_units(); ++u) {
    if (!alive(u)) continue;
    const auto s = static_cast<std::size_t>(side_of(u));
    living[s][static_cast<std::size_t>(num_living[s]++)] = static_cast<std::int16_t>(u);
    if (unit(u).status == Status::kOrdered && !is_carroccio(u))
      movers[s][static_cast<std::size_t>(num_movers[s]++)] = static_cast<std::int16_t>(u);
  }
  // How many of the movers of side `s` stand at a distance from `hex` that `within(unit,
  // distance)` accepts.
  auto count_movers = [&](int s, int hex, auto&& within) {
    int n = 0;
    const auto side = static_cast<std::size_t>(s);
    for (int k = 0; k < num_movers[side]; ++k) {
      const int e = movers[side][static_cast<std::size_t>(k)];
      n += within(e, b.distance(unit(e).hex, hex)) ? 1 : 0;
    }
    return n;
  };
  const bool radius = g.rules().command_radius;
  for (int u = 0; u < g.num_units(); ++u) {
    if (!alive(u)) continue;
    const int s = side_of(u);
    const UnitState& us = unit(u);
    const int vp = is_carroccio(u) ? 0 : t.rating(g.unit(u).rating).vp;
    // 7.1 (optional): units further than 4 hexes from their leader move at half rate and
    // cannot attack, so a side's share of units in command is worth a little.
    if (radius && !is_carroccio(u)) {
      ++units_all[s];
      const int lh = leader(g.unit(u).leader).hex;
      if (lh != kNoHex && b.distance(us.hex, lh) <= 4) ++units_in[s];
    }
    int enemy_attackers = 0;
    bool enemy_near = false;
    bool imminent = false;  // an attacker of the acting command can still attack (5.1.1)
    double pressure = 0, carroccio_risk = 0;
    // 5.1.2 / ruling L-6: the enemy units next to this one may attack it together: their
    // values add up (5.1.4), and the defence is every ordered unit of this side next to any of
    // them, since each attacker must take on all of those. One combined attack is reckoned per
    // unit, and it counts only when it would pay the attackers (an attacker picks its fights).
    double att_sum = 0, cost_vp = 0;
    for (int nb : b.neighbors(us.hex)) {
      const int e = nb == kNoHex ? -1 : unit_at(nb);
      if (e < 0 || side_of(e) == s) continue;
      enemy_near = true;
      // Only ordered combat units attack (5.3 D: disordered units may not; the Carroccio never).
      if (unit(e).status != Status::kOrdered || is_carroccio(e) || us.status == Status::kRouted)
        continue;
      ++enemy_attackers;
      imminent |= can_attack(e);
      att_sum += strength(e);
      cost_vp += t.rating(g.unit(e).rating).vp;
    }
    if (enemy_attackers > 0) {
      std::array<std::int16_t, 24> seen{};
      int num_seen = 0;
      double defence = 0;
      for (int nb : b.neighbors(us.hex)) {
        const int e = nb == kNoHex ? -1 : unit_at(nb);
        if (e < 0 || side_of(e) == s || unit(e).status != Status::kOrdered || is_carroccio(e))
          continue;
        for (int nb2 : b.neighbors(unit(e).hex)) {
          const int f = nb2 == kNoHex ? -1 : unit_at(nb2);
          if (f < 0 || side_of(f) != s || unit(f).status == Status::kRouted) continue;
          bool counted = false;
          for (int k = 0; k < num_seen; ++k) counted |= seen[static_cast<std::size_t>(k)] == f;
          if (counted || num_seen == static_cast<int>(seen.size())) continue;
          seen[static_cast<std::size_t>(num_seen++)] = static_cast<std::int16_t>(f);
          defence += strength(f);
        }
      }
      const std::size_t c = column(att_sum, std::max(defence, 0.5));
      const double lose = defender_loss(c, vp, us.status == Status::kDisordered);
      // An AR or AE hits every attacker (5.2); their VP are summed.
      const double cost = cost_vp * (att_r[c] + att_d[c] * 0.3);
      if (is_carroccio(u)) carroccio_risk = def_r[c];
      if (lose > cost || is_carroccio(u)) {
        pressure = lose;
        expected_vp[1 - s] += 0.3 * cost;
      }
    }
    if (us.status == Status::kRouted) {
      // 6.3: a routed unit at least 3 hexes from the enemy may rally and stop counting against
      // its side (ruling L-22); one in contact only waits to be eliminated (ruling L-19).
      if (!enemy_near) expected_vp[s] -= 0.3 * vp;
      continue;
    }
    // 5.3: a disordered unit is one D away from routing (ruling L-18).
    if (us.status == Status::kDisordered) expected_vp[s] += 0.25 * vp;
    // 5.2: the odds the adjacent attackers would get decide how likely a loss is.
    // An attack the acting command can still make this activation weighs more than one that
    // must wait for the enemy's next activation (the phase of the turn, not only the board).
    if (enemy_attackers > 0)
      expected_vp[s] += (imminent ? kImminentShare : kPressureShare) * pressure;
    if (is_carroccio(u)) {
      // 9.3.2 / ruling L-40: with no friendly unit beside it the Carroccio is lost the moment
      // it is attacked; guarded, it defends as an A unit and falls to R or E.
      const bool guarded = !carroccio_alone(u);
      const int threats =
          count_movers(1 - s, us.hex, [&](int e, int d) { return d <= (is_cav(e) ? 6 : 3); });
      if (!guarded)
        sudden[s] += enemy_attackers > 0 ? 0.8 : threats > 0 ? 0.35 : 0.05;
      else
        sudden[s] += 0.6 * carroccio_risk + 0.02 * threats;
    }
  }
  // 5.4.1: a leader stacked with a unit in combat dies on 2 or 12 (1 chance in 18 per combat);
  // 9.4: the supreme commander's death routs the army; any other costs 2 x command VP (8.1).
  // A combat already under way (being built, or its dice still to roll) will make every leader
  // in it roll: that roll is certain, not a threat, so it is counted in full. Without it an
  // attack by the supreme commander's own unit would look free until the dice were rolled.
  bool combat_pending = phase_ == Phase::kCombatBuild;
  std::array<bool, kMaxLeaders> rolls{};
  for (const Task& task : tasks_) {
    if (task.kind == TaskKind::kLeaderCheck && task.a >= 0)
      rolls[static_cast<std::size_t>(task.a)] = true;
    if (task.kind == TaskKind::kResolveCombat || task.kind == TaskKind::kCrtRoll)
      combat_pending = true;
  }
  double p_roll = 0;  // 5.4.1: the 2d6 results that kill
  for (int v : t.leader_killed_on) p_roll += (v <= 7 ? v - 1 : 13 - v) / 36.0;
  for (int l = 0; l < g.num_leaders(); ++l) {
    const int h = leader(l).hex;
    if (h == kNoHex) continue;
    const int s = g.leader(l).side;
    int adjacent = 0;
    for (int nb : b.neighbors(h)) {
      const int e = nb == kNoHex ? -1 : unit_at(nb);
      if (e >= 0 && side_of(e) != s && unit(e).status == Status::kOrdered && !is_carroccio(e))
        ++adjacent;
    }
    const int host = unit_at(h);
    // 5.4.6: a leader alone makes the check each time an enemy unit moves into his hex: every
    // ordered enemy unit within its movement allowance of him (4.0) may do so at its next
    // activation, and about half the time the enemy moves first; one within two moves may at
    // the activation after (kFarShare). A stacked leader has a unit to fight for him and only
    // the enemy within a move and a step threatens him (below).
    const bool alone = host < 0 || side_of(host) != s;
    double p_death = alone ? (adjacent ? 0.1 : 0.0) : adjacent / 18.0;
    double risk = 0;  // from enemy units not yet in contact that could come at him
    if (alone) {
      const int riders =
          count_movers(1 - s, h, [&](int e, int d) { return d <= g.unit(e).movement; });
      const int far_riders =
          count_movers(1 - s, h, [&](int e, int d) { return d <= 2 * g.unit(e).movement; });
      risk = std::max(0.0, kApproachShare * riders * p_roll - p_death) +
             kFarShare * (far_riders - riders) * p_roll;
    }
    bool in_combat = rolls[static_cast<std::size_t>(l)];
    if (combat_pending && host >= 0 && side_of(host) == s && !in_combat) {
      for (int i = 0; i < combat_.num_attackers; ++i)
        in_combat |= combat_.attackers[static_cast<std::size_t>(i)] == host &&
                     !((combat_.withdrawn >> i) & 1);
      for (int k = 0; k < combat_.num_defenders; ++k)
        in_combat |= combat_.defenders[static_cast<std::size_t>(k)] == host;
    }
    if (in_combat) p_death += p_roll;
    bool sudden_death = false;
    for (int x : sides[static_cast<std::size_t>(s)].routs_if_leader_killed) sudden_death |= x == l;
    // 5.4.1, 9.4: a supreme commander whose death ends the game is also at risk from enemy units
    // not yet in contact that could move next to his stack and attack it at their next
    // activation (4.0: within their movement allowance of an empty neighbouring hex; 5.1: each
    // such attack is a combat and a 2d6 roll). Each empty neighbour lets one more attacker in,
    // so friendly units around him are his guard; about half the time the enemy moves first.
    if (sudden_death && host >= 0 && side_of(host) == s && !(leader(l).flags & kReplacement)) {
      int open = 0;
      for (int nb : b.neighbors(h))
        if (nb != kNoHex && unit_at(nb) < 0) ++open;
      const int approaching = std::min(open, count_movers(1 - s, h, [&](int e, int d) {
                                         return d > 1 && d <= g.unit(e).movement + 1;
                                       }));
      risk += kApproachShare * approaching * p_roll;
    }
    if (sudden_death && !(leader(l).flags & kReplacement)) {
      sudden[s] += p_death;
      threat[s] += risk;
    } else if (!(leader(l).flags & kReplacement)) {
      expected_vp[s] += (p_death + risk) * t.leader_vp_per_command * g.leader(l).command;
    }
  }
  // What each ordered unit could do at its next activation (3.1.3, 4.0, 5.1): the best target
  // within a move and a step, worth that target's VP (8.1) times the odds share against it, and
  // discounted because the activation and the dice are still to come. Stronger units are drawn
  // toward weaker ones and away from stronger ones; a unit out of reach of every enemy is drawn
  // (very lightly) toward the nearest, so an army closes rather than idles.
  // Where each side's sudden-death pieces stand (9.3.2: the Carroccio; 9.4: the supreme
  // commander, unless a replacement now holds his place).
  std::array<std::array<int, 4>, kNumSides> targets{};
  std::array<int, kNumSides> num_targets{0, 0};
  for (int s = 0; s < kNumSides; ++s) {
    auto& n = num_targets[static_cast<std::size_t>(s)];
    for (int x : sides[static_cast<std::size_t>(s)].routs_if_unit_eliminated)
      if (n < 4 && alive(x))
        targets[static_cast<std::size_t>(s)][static_cast<std::size_t>(n++)] = unit(x).hex;
    for (int x : sides[static_cast<std::size_t>(s)].routs_if_leader_killed)
      if (n < 4 && leader(x).hex != kNoHex && !(leader(x).flags & kReplacement))
        targets[static_cast<std::size_t>(s)][static_cast<std::size_t>(n++)] = leader(x).hex;
  }
  for (int u = 0; u < g.num_units(); ++u) {
    if (!alive(u) || unit(u).status != Status::kOrdered || is_carroccio(u)) continue;
    const int s = side_of(u);
    const double att = strength(u);
    const int reach = g.unit(u).movement + 1;
    double best_gain = 0;
    int nearest = 99;
    const auto& enemies = living[static_cast<std::size_t>(1 - s)];
    for (int k = 0; k < num_living[static_cast<std::size_t>(1 - s)]; ++k) {
      const int e = enemies[static_cast<std::size_t>(k)];
      const int d = b.distance(unit(u).hex, unit(e).hex);
      nearest = std::min(nearest, d);
      if (d > reach || d <= 1) continue;  // adjacent pairs are counted above as pressure
      if (is_carroccio(e) || unit(e).status == Status::kRouted) continue;
      const std::size_t c = column(att, std::max(strength(e), 0.5));
      const double gain =
          defender_loss(c, t.rating(g.unit(e).rating).vp, unit(e).status == Status::kDisordered) -
          attacker_loss(c, t.rating(g.unit(u).rating).vp);
      best_gain = std::max(best_gain, gain);
    }
    expected_vp[1 - s] += 0.15 * best_gain;
    expected_vp[s] += 0.01 * std::min(nearest, 20);
    // 9.3.2, 9.4: the pieces whose loss ends the game for the enemy at once draw every unit
    // toward them (lightly), so that an army presses where a sudden win is to be had.
    int target = 99;
    for (int k = 0; k < num_targets[static_cast<std::size_t>(1 - s)]; ++k)
      target = std::min(
          target,
          b.distance(unit(u).hex,
                     targets[static_cast<std::size_t>(1 - s)][static_cast<std::size_t>(k)]));
    if (target < kTargetReach) sudden[1 - s] += kTargetPull * (kTargetReach - target);
  }
  // The turns left to play, this one included (9.2).
  const double turns_left = std::max(1, g.scenario_data().turns - turn_ + 1);
  for (int s = 0; s < kNumSides; ++s) {
    const double rout = std::max(1, sides[static_cast<std::size_t>(s)].rout_level);
    // 8.2: what counts is how close the losses are to the rout level; the closer, the worse
    // each further point (so a side near its rout level values safety more).
    const double lost = std::max(0.0, vp_lost(s) + expected_vp[s]) / rout;
    // 8.3: losses that stay short of the rout level by the last turn decide nothing, so in the
    // last two turns they weigh less, unless the side is past half its rout level (full weight
    // again at 80% of it).
    const double time_weight = std::clamp(turns_left / kLossHorizon, 1.0 / kLossHorizon, 1.0);
    const double weight = std::max(time_weight, std::clamp((lost - 0.5) / 0.3, 0.0, 1.0));
    burden[s] = weight * (lost + 0.5 * lost * lost) + std::min(sudden[s], 1.0);
    if (radius && units_all[s] > 0)
      burden[s] += 0.05 * (1.0 - static_cast<double>(units_in[s]) / units_all[s]);
    feared[s] = burden[s] - std::min(sudden[s], 1.0) + std::min(sudden[s] + threat[s], 1.0);
  }
  // Each side weighs its own burden with the threats it fears, the enemy's without them.
  auto score = [](double enemy, double own) {
    return std::clamp(std::tanh(1.5 * (enemy - own)), -0.99, 0.99);  // never a won game
  };
  return {score(burden[1], feared[0]), score(burden[0], feared[1])};
}

std::string BmaState::end_reason_text() const {
  const BmaGame& g = *bma_;
  // The end reasons the simulator counts (8.2, 8.3, 9.3.2, 9.4), with the piece that decided a
  // sudden-death end named: "rout level", "both armies routed", "turn limit", "<leader> killed",
  // "<unit> lost"; "none" while the game runs.
  std::string reason(end_reason_name(end_reason_));
  if (end_reason_ == EndReason::kLeaderKilled) {
    for (int l = 0; l < g.num_leaders(); ++l)
      if ((leader(l).flags & kFallen) && g.leader(l).side != winner_) {
        for (int x : g.scenario_data()
                         .sides[static_cast<std::size_t>(g.leader(l).side)]
                         .routs_if_leader_killed)
          if (x == l) reason = g.leader(l).name + " killed";
      }
  } else if (end_reason_ == EndReason::kUnitLost) {
    for (int u = 0; u < g.num_units(); ++u)
      if (!alive(u) && side_of(u) != winner_) {
        for (int x :
             g.scenario_data().sides[static_cast<std::size_t>(side_of(u))].routs_if_unit_eliminated)
          if (x == u) reason = g.unit(u).name + " lost";
      }
  }
  return reason;
}

nlohmann::json BmaState::result_summary() const {
  const BmaGame& g = *bma_;
  nlohmann::json j;
  j["end_reason"] = end_reason_text();
  j["turn"] = turn_;
  j["score_label"] = kScoreLabel;
  j["winner"] = winner_ < 0    ? nlohmann::json(nullptr)
                : winner_ == 2 ? nlohmann::json("draw")
                               : nlohmann::json(g.player_name(winner_));
  nlohmann::json score = nlohmann::json::object();
  for (int s = 0; s < kNumSides; ++s) score[g.player_name(s)] = vp_lost(s);
  j["score"] = score;  // VP lost by each side (8.2)
  nlohmann::json pieces = nlohmann::json::array();
  for (int u = 0; u < g.num_units(); ++u)
    pieces.push_back({{"id", g.unit(u).id},
                      {"side", g.player_name(g.unit(u).side)},
                      {"fate", status_name(unit(u).status)}});
  for (int l = 0; l < g.num_leaders(); ++l)
    pieces.push_back({{"id", g.leader(l).id},
                      {"side", g.player_name(g.leader(l).side)},
                      {"fate", (leader(l).flags & kFallen) ? "killed" : "alive"}});
  j["pieces"] = pieces;
  j["points"] = points_json();
  return j;
}

// Ruling L-51: a side that won by the rules is ahead; otherwise (8.3: a drawn game) the side
// that has lost the smaller share of its rout level (8.2) is ahead, and equal shares are level.
game::PointsStanding BmaState::points_standing() const {
  game::PointsStanding p;
  if (phase_ != Phase::kOver) return p;
  const auto& sides = bma_->scenario_data().sides;
  p.reported = true;
  p.label = "VP lost";
  for (int s = 0; s < kNumSides; ++s) {
    const auto& sd = sides[static_cast<std::size_t>(s)];
    p.shown.push_back(fmt::format("{} of {}", vp_lost(s), sd.rout_level));
    p.names.push_back(sd.name);
  }
  if (winner_ == 0 || winner_ == 1) {
    p.ahead = winner_;
    return p;
  }
  // vp0 / rout0 against vp1 / rout1, compared exactly (both rout levels are positive).
  const std::int64_t a = std::int64_t{vp_lost(0)} * std::max(1, sides[1].rout_level);
  const std::int64_t b = std::int64_t{vp_lost(1)} * std::max(1, sides[0].rout_level);
  p.ahead = a == b ? -1 : a < b ? 0 : 1;
  return p;
}

// The same facts as result_summary(), written into reused storage (sim counts millions).
void BmaState::result_facts(game::ResultFacts& out) const {
  const BmaGame& g = *bma_;
  out.clear();
  if (end_reason_ == EndReason::kLeaderKilled || end_reason_ == EndReason::kUnitLost)
    out.end_reason = end_reason_text();
  else
    out.end_reason = end_reason_name(end_reason_);
  out.has_turn = true;
  out.turn = turn_;
  out.score_label = kScoreLabel;
  // result_summary()'s score is a JSON object: its sides come in name order.
  const int first = g.player_name(0) <= g.player_name(1) ? 0 : 1;
  for (int s : {first, 1 - first}) {
    out.score_sides.push_back(g.player_name(s));
    out.scores.push_back(vp_lost(s));
  }
  for (int u = 0; u < g.num_units(); ++u)
    out.add_piece(g.unit(u).id, g.player_name(g.unit(u).side), status_name(unit(u).status));
  for (int l = 0; l < g.num_leaders(); ++l)
    out.add_piece(g.leader(l).id, g.player_name(g.leader(l).side),
                  (leader(l).flags & kFallen) ? "killed" : "alive");
  if (phase_ == Phase::kOver) {
    out.has_points = true;
    const game::Player ahead = points_standing().ahead;
    if (ahead >= 0) out.points_ahead = g.player_name(ahead);
  }
}

nlohmann::json BmaState::action_odds(game::Action a) const {
  if (phase_ == Phase::kMoveSelect && a >= act::kSelectUnitBase && a < act::kSelectLeaderBase) {
    // [4.1, 6.4] picking a unit in an ordered enemy's zone rolls its d10 morale check at once
    // (0 reads 10): it passes when the roll plus the modifiers is at most its morale; failing, it
    // stays where it is for this activation (ruling L-30).
    const int u = a - act::kSelectUnitBase;
    if (u < 0 || u >= bma_->num_units() || !in_enemy_zoc(u)) return nullptr;
    const int morale = morale_value(u);
    const int mod = zoc_modifier(u);
    const int pass = std::clamp(morale - mod, 0, 10);
    const core::Fraction ok(pass, 10), ko(10 - pass, 10);
    nlohmann::json j;
    j["roll"] = "d10";
    j["commits"] = true;
    j["rule"] = "bma 4.1, 6.4";
    j["note"] = fmt::format(
        "Picking {} rolls its morale check to leave the enemy zone of control at once; the roll "
        "cannot be taken back.",
        unit_name(u));
    nlohmann::json results = nlohmann::json::array();
    if (pass > 0)
      results.push_back({{"result", "passes: it may move"},
                         {"probability", ok.to_string()},
                         {"p", ok.to_double()},
                         {"tone", "good"}});
    if (pass < 10)
      results.push_back({{"result", "fails: it stays put this activation"},
                         {"probability", ko.to_string()},
                         {"p", ko.to_double()},
                         {"tone", "bad"}});
    j["results"] = results;
    j["modifiers"] = nlohmann::json::array(
        {{{"what", fmt::format("morale {}: the d10 must be at most {} after the modifiers", morale,
                               morale)},
          {"rule", "bma 6.1"}},
         {{"what", fmt::format("modifiers to leave the zone: {:+}", mod)}, {"rule", "bma 6.4"}}});
    return j;
  }
  if (phase_ != Phase::kCombatBuild) return nullptr;
  if (a == act::kResolveCombat) {
    nlohmann::json j = combat_odds_json();
    if (j.is_object()) j["commits"] = true;  // this decision rolls the dice
    return j;
  }
  if (a < act::kAddAttackerBase || a >= act::kReplacementBase) return nullptr;
  BmaState next(*this);
  next.apply_unchecked(a);
  if (next.phase_ != Phase::kCombatBuild) return nullptr;
  return next.combat_odds_json();
}

nlohmann::json BmaState::combat_odds_json() const {
  const BmaGame& g = *bma_;
  const Tables& t = g.tables();
  nlohmann::json j;
  if (phase_ != Phase::kCombatBuild || combat_.num_attackers == 0) return nullptr;
  // 9.3.2: a Carroccio attacked with no friendly unit beside it is lost for certain.
  for (int k = 0; k < combat_.num_defenders; ++k) {
    const int d = combat_.defenders[static_cast<std::size_t>(k)];
    if (!is_carroccio(d)) continue;
    if (carroccio_alone(d)) {
      j["automatic"] = "the Carroccio is attacked with no friendly unit beside it and is destroyed";
      j["rule"] = "bma 9.3.2";
      j["results"] = nlohmann::json::array(
          {{{"result", "Carroccio destroyed"}, {"probability", "1"}, {"p", 1.0}}});
      return j;
    }
  }
  // The unknowns: combat chits not yet drawn (5.1.3, 7.4), forest checks (9.6), charge checks
  // (7.3.1). Each is enumerated with its exact weight; the d6 last.
  BmaState work(*this);
  std::vector<int> chit_units;
  const bool every = g.rules().vcf == RuleOptions::Vcf::kEvery;
  auto unknown_chit = [&](int u) {
    return (unit(u).value == 0 || every) && unit(u).status != Status::kRouted;
  };
  for (int i = 0; i < combat_.num_attackers; ++i)
    if (unknown_chit(combat_.attackers[static_cast<std::size_t>(i)]))
      chit_units.push_back(combat_.attackers[static_cast<std::size_t>(i)]);
  for (int k = 0; k < combat_.num_defenders; ++k)
    if (unknown_chit(combat_.defenders[static_cast<std::size_t>(k)]))
      chit_units.push_back(combat_.defenders[static_cast<std::size_t>(k)]);
  struct Check {
    int slot;
    int pass;
    bool forest;
  };
  std::vector<Check> checks;
  nlohmann::json checks_json = nlohmann::json::array();
  for (int i = 0; i < combat_.num_attackers; ++i) {
    const int u = combat_.attackers[static_cast<std::size_t>(i)];
    const int pass = std::clamp(morale_value(u) - morale_modifier_carroccio(u), 0,
                                10);  // d10 <= morale - modifier
    bool into_forest = false;
    for (int k = 0; k < combat_.num_defenders; ++k) {
      const int d = combat_.defenders[static_cast<std::size_t>(k)];
      if (is_cav(u) && is_front_of(u, unit(d).hex) &&
          t.terrain_info(g.terrain(unit(d).hex)).cavalry_attack_needs_morale)
        into_forest = true;
    }
    if (into_forest) {
      checks.push_back({i, pass, true});
      checks_json.push_back({{"unit", g.unit(u).id},
                             {"check", "morale to attack into forest"},
                             {"rule", "bma 9.6"},
                             {"pass", core::Fraction(pass, 10).to_string()}});
    }
    if (((combat_.charging >> i) & 1) && g.unit(u).rating != Rating::kA) {
      checks.push_back({i, pass, false});
      checks_json.push_back({{"unit", g.unit(u).id},
                             {"check", "morale before charging"},
                             {"rule", "bma 7.3.1"},
                             {"pass", core::Fraction(pass, 10).to_string()}});
    }
  }
  std::array<std::uint64_t, 7> by_result{};
  std::uint64_t called_off = 0, automatic = 0, total = 0;
  // Odometer over chit values, then over check outcomes.
  std::vector<int> chit_value(chit_units.size());
  for (std::size_t i = 0; i < chit_units.size(); ++i)
    chit_value[i] = t.rating(g.unit(chit_units[i]).rating).chit_min;
  const std::uint32_t base_charging = combat_.charging;
  for (;;) {
    for (std::size_t i = 0; i < chit_units.size(); ++i)
      work.units_[static_cast<std::size_t>(chit_units[i])].value =
          static_cast<std::uint8_t>(chit_value[i]);
    for (std::uint32_t mask = 0; mask < (1u << checks.size()); ++mask) {
      std::uint64_t w = 1;
      work.combat_.withdrawn = 0;
      work.combat_.charging = base_charging;
      for (std::size_t c = 0; c < checks.size(); ++c) {
        const bool pass = ((mask >> c) & 1) == 0;
        w *= static_cast<std::uint64_t>(pass ? checks[c].pass : 10 - checks[c].pass);
        if (!pass) {
          if (checks[c].forest)
            work.combat_.withdrawn |= 1u << checks[c].slot;
          else
            work.combat_.charging &= ~(1u << checks[c].slot);
        }
      }
      total += 6 * w;
      if (w == 0) continue;
      bool any = false;
      for (int i = 0; i < combat_.num_attackers; ++i)
        if (!((work.combat_.withdrawn >> i) & 1)) any = true;
      if (!any) {
        called_off += 6 * w;
        continue;
      }
      const CombatOdds o = work.combat_odds();
      if (o.automatic) {
        automatic += 6 * w;
        continue;
      }
      for (int die = 1; die <= 6; ++die) {
        const int row = std::clamp(die + o.drm, Tables::kMinRow, Tables::kMaxRow);
        by_result[static_cast<std::size_t>(t.result(o.column, row))] += w;
      }
    }
    // Next combination of chit values.
    std::size_t i = 0;
    for (; i < chit_units.size(); ++i) {
      if (++chit_value[i] <= t.rating(g.unit(chit_units[i]).rating).chit_max) break;
      chit_value[i] = t.rating(g.unit(chit_units[i]).rating).chit_min;
    }
    if (i == chit_units.size()) break;
  }
  // Routed defenders are eliminated before any die (5.3 R, ruling L-19).
  std::string routed_names;
  int routed = 0;
  for (int k = 0; k < combat_.num_defenders; ++k) {
    const int d = combat_.defenders[static_cast<std::size_t>(k)];
    if (!alive(d) || unit(d).status != Status::kRouted) continue;
    routed_names += (routed++ ? ", " : "") + g.unit(d).name;
  }
  if (automatic == total) {
    // No die at all: every defender is routed. No column, modifier or chit matters (the
    // attackers' chits are still drawn, 5.1.3, but change nothing).
    j["automatic"] = fmt::format(
        "{} {} already routed and, attacked again, {} eliminated without a roll; the attackers "
        "suffer nothing",
        routed_names, routed > 1 ? "are" : "is", routed > 1 ? "are" : "is");
    j["rule"] = "bma 5.3 R";
  } else {
    // The modifiers as they stand now (chits still undrawn shown at their lowest value).
    BmaState shown(*this);
    for (int u : chit_units)
      shown.units_[static_cast<std::size_t>(u)].value =
          static_cast<std::uint8_t>(t.rating(g.unit(u).rating).chit_min);
    const CombatOdds now = shown.combat_odds();
    nlohmann::json mods = nlohmann::json::array();
    if (routed > 0)
      mods.push_back({{"what", fmt::format("{} {} routed: eliminated without a roll before the die",
                                           routed_names, routed > 1 ? "are" : "is")},
                      {"rule", "bma 5.3 R"}});
    for (const auto& term : now.terms) mods.push_back({{"what", term.what}, {"rule", term.rule}});
    j["modifiers"] = mods;
    j["column"] = t.column_names[static_cast<std::size_t>(now.column)];
    j["drm"] = now.drm;
    nlohmann::json undrawn = nlohmann::json::array();
    for (int u : chit_units) undrawn.push_back(g.unit(u).id);
    j["undrawn_chits"] = undrawn;
    j["checks"] = checks_json;
  }
  // What each result would do to the victory-point race (8.2), rout moves included.
  auto preview = [&](CrtResult r) {
    BmaState p(*this);
    for (int i = 0; i < p.combat_.num_attackers; ++i) {
      const int u = p.combat_.attackers[static_cast<std::size_t>(i)];
      if (p.unit(u).value == 0)
        p.units_[static_cast<std::size_t>(u)].value =
            static_cast<std::uint8_t>(t.rating(g.unit(u).rating).chit_min);
    }
    for (int k = 0; k < p.combat_.num_defenders; ++k) {
      const int d = p.combat_.defenders[static_cast<std::size_t>(k)];
      if (p.alive(d) && p.unit(d).status == Status::kRouted) p.eliminate(d);
    }
    const bool hits_attacker = r == CrtResult::kAE || r == CrtResult::kAR || r == CrtResult::kAD;
    const int severity = (r == CrtResult::kAE || r == CrtResult::kDE) ? 3
                         : (r == CrtResult::kAR || r == CrtResult::kDR)
                             ? 2
                             : (r == CrtResult::kNE ? 0 : 1);
    if (severity > 0) {
      if (hits_attacker) {
        for (int i = 0; i < p.combat_.num_attackers; ++i)
          p.apply_hit(p.combat_.attackers[static_cast<std::size_t>(i)], severity);
      } else {
        for (int k = 0; k < p.combat_.num_defenders; ++k)
          p.apply_hit(p.combat_.defenders[static_cast<std::size_t>(k)], severity);
      }
    }
    p.check_immediate_end();
    nlohmann::json v;
    for (int s = 0; s < kNumSides; ++s)
      v["vp_lost"][g.player_name(s)] = {
          {"now", vp_lost(s)},
          {"after", p.vp_lost(s)},
          {"rout_level", g.scenario_data().sides[static_cast<std::size_t>(s)].rout_level}};
    if (p.phase_ == Phase::kOver)
      v["ends_game"] = {{"winner", g.player_name(p.winner_)},
                        {"reason", end_reason_name(p.end_reason_)}};
    return v;
  };
  nlohmann::json results = nlohmann::json::array();
  std::uint64_t leader_check_w = automatic;  // outcomes after which the leaders roll (5.4.1)
  for (int r = 0; r <= static_cast<int>(CrtResult::kDE); ++r) {
    const std::uint64_t w = by_result[static_cast<std::size_t>(r)];
    if (w == 0) continue;
    const core::Fraction f(static_cast<std::int64_t>(w), static_cast<std::int64_t>(total));
    nlohmann::json rj = {{"result", result_name(static_cast<CrtResult>(r))},
                         {"probability", f.to_string()},
                         {"p", f.to_double()}};
    rj.update(preview(static_cast<CrtResult>(r)));
    // 5.4.1: the leaders' casualty checks follow the result unless it ended the game.
    if (!rj.contains("ends_game")) leader_check_w += w;
    results.push_back(rj);
  }
  if (called_off) {
    const core::Fraction f(static_cast<std::int64_t>(called_off), static_cast<std::int64_t>(total));
    results.push_back({{"result", "called off (every attacker failed its check)"},
                       {"probability", f.to_string()},
                       {"p", f.to_double()}});
  }
  if (automatic) {
    const core::Fraction f(static_cast<std::int64_t>(automatic), static_cast<std::int64_t>(total));
    nlohmann::json rj = {{"result", "routed defenders eliminated without a roll"},
                         {"probability", f.to_string()},
                         {"p", f.to_double()}};
    rj.update(preview(CrtResult::kNE));  // the routed go; nothing else happens
    results.push_back(rj);
  }
  j["results"] = results;
  // 5.4.1: every leader in the combat dies on a 2d6 roll of 2 or 12, rolled after the result
  // unless the attack was called off (9.6, 7.3.1) or the result ended the game.
  std::uint64_t killed_w = 0;
  const core::Dice two_d6 = core::Dice::two_d6();
  for (int v : t.leader_killed_on) killed_w += two_d6.weight(v);
  const core::Fraction death =
      core::Fraction(static_cast<std::int64_t>(killed_w),
                     static_cast<std::int64_t>(two_d6.total_weight())) *
      core::Fraction(static_cast<std::int64_t>(leader_check_w), static_cast<std::int64_t>(total));
  nlohmann::json leaders = nlohmann::json::array();
  for (int l = 0; l < g.num_leaders(); ++l) {
    const int h = leader(l).hex;
    if (h == kNoHex) continue;
    const int u = unit_at(h);
    if (u < 0 || side_of(u) != g.leader(l).side) continue;
    bool in = false;
    for (int i = 0; i < combat_.num_attackers; ++i)
      in |= combat_.attackers[static_cast<std::size_t>(i)] == u;
    for (int k = 0; k < combat_.num_defenders; ++k)
      in |= combat_.defenders[static_cast<std::size_t>(k)] == u;
    if (!in) continue;
    nlohmann::json lj = {{"leader", g.leader(l).id},
                         {"death", death.to_string()},
                         {"p", death.to_double()},
                         {"rule", "bma 5.4.1"}};
    bool sudden = false;
    for (int x :
         g.scenario_data().sides[static_cast<std::size_t>(g.leader(l).side)].routs_if_leader_killed)
      sudden |= x == l;
    if (sudden && !(leader(l).flags & kReplacement))
      lj["ends_game"] = {{"winner", g.player_name(1 - g.leader(l).side)}, {"rule", "bma 9.4"}};
    else if (!(leader(l).flags & kReplacement))
      lj["vp"] = t.leader_vp_per_command * g.leader(l).command;
    leaders.push_back(lj);
  }
  j["leaders"] = leaders;
  j["exact"] = true;
  return j;
}

// The observation tensor for learning agents (docs/python.md lists the planes): one plane per
// fact, rows x columns of the printed map, "own" meaning the viewer's side (side 0 for a
// spectator or the referee). Only public facts: chit values not yet shown stay out.
void BmaState::observation_tensor(game::Player viewer, std::vector<int>& shape,
                                  std::vector<float>& values) const {
  enum Plane : int {
    kOwnInfantry,
    kOwnCavalry,
    kOwnCarroccio,
    kEnemyInfantry,
    kEnemyCavalry,
    kEnemyCarroccio,
    kOwnRating,
    kEnemyRating,
    kOwnDisordered,
    kEnemyDisordered,
    kOwnRouted,
    kEnemyRouted,
    kOwnLeader,
    kEnemyLeader,
    kForest,
    kOnMap,
    kTurnLeft,
    kViewerToMove,
    kPlanes
  };
  const BmaGame& g = bma();
  const Board& b = g.board();
  const int rows = b.rows(), cols = b.cols();
  shape = {kPlanes, rows, cols};
  values.assign(static_cast<std::size_t>(kPlanes) * rows * cols, 0.0f);
  const int own = viewer >= 0 && viewer < kNumSides ? viewer : 0;
  auto at = [&](int plane, int hex) -> float& {
    const auto r = static_cast<std::size_t>(b.row(hex) - 1),
               c = static_cast<std::size_t>(b.col(hex) - 1);
    return values[(static_cast<std::size_t>(plane) * rows + r) * cols + c];
  };
  const int turns = g.scenario_data().turns;
  const float turn_left =
      turns > 0 ? static_cast<float>(std::max(0, turns - turn_ + 1)) / turns : 0.0f;
  const float to_move = current_player() == own ? 1.0f : 0.0f;
  for (int h = 0; h < b.size(); ++h) {
    at(kOnMap, h) = 1.0f;
    at(kForest, h) = g.terrain(h) == Terrain::kForest ? 1.0f : 0.0f;
    at(kTurnLeft, h) = turn_left;
    at(kViewerToMove, h) = to_move;
  }
  for (int u = 0; u < g.num_units(); ++u) {
    const UnitState& us = unit(u);
    if (us.hex == kNoHex || us.status == Status::kEliminated) continue;
    const bool mine = side_of(u) == own;
    const UnitDef& d = g.unit(u);
    const int type = d.type == UnitType::kInfantry ? 0 : d.type == UnitType::kCavalry ? 1 : 2;
    at((mine ? kOwnInfantry : kEnemyInfantry) + type, us.hex) = 1.0f;
    // A = 1, B = 2/3, C = 1/3 (2.3).
    at(mine ? kOwnRating : kEnemyRating, us.hex) =
        static_cast<float>(3 - static_cast<int>(d.rating)) / 3.0f;
    if (us.status == Status::kDisordered)
      at(mine ? kOwnDisordered : kEnemyDisordered, us.hex) = 1.0f;
    if (us.status == Status::kRouted) at(mine ? kOwnRouted : kEnemyRouted, us.hex) = 1.0f;
  }
  for (int l = 0; l < g.num_leaders(); ++l) {
    const int h = leader(l).hex;
    if (h == kNoHex) continue;
    at(g.leader_side(l) == own ? kOwnLeader : kEnemyLeader, h) = 1.0f;
  }
}

}  // namespace carroccio::bma
