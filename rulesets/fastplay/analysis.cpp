// The fastplay evaluation and the agents' candidate moves (docs/ai.md, "Fast Play Rules").
//
// Nothing here is a rule: the rules are in rules.cpp and state.cpp and are only queried, and the
// odds come from the tables' own functions (melee_success, archery_success, machine_knockouts,
// retreat and commander limits, move_allowance), never from copies of their numbers. The
// victory rule (ruling F-28) counts stands lost as a share of each army's starting stands, so
// the evaluation works in that currency: each side's share of stands left (struck-down stands
// counted as gone, 8.3), the losses about to be struck (melee in contact, charges in reach,
// archery and war machines in range) as shares too, the fighting power left (stands weighted by
// troop type, commanders, arrows), how near each army is to breaking, and a light pull toward
// the enemies a unit beats. The difference is squashed by tanh with a scale that narrows as the
// turns run out (at the turn limit the smaller share lost wins, F-28).
#include "rulesets/fastplay/analysis.hpp"

#include <algorithm>
#include <cmath>

#include "game/table/geometry.hpp"
#include "rulesets/fastplay/state.hpp"

namespace carroccio::fastplay {

namespace {

constexpr std::array<TroopType, kNumTableTypes> kTableTypes = {
    TroopType::kArchery, TroopType::kLightInfantry, TroopType::kHeavyInfantry,
    TroopType::kLightCavalry, TroopType::kHeavyCavalry};

// The probability that one melee die of a stand of type a eliminates a stand of type d
// (fastplay 10.1, with the modifiers of 10.3 and 11.3 in `modifier`).
double p_melee(TroopType a, TroopType d, int modifier) {
  int n = 0;
  for (int die = 1; die <= 6; ++die) n += melee_success(a, d, die, modifier) ? 1 : 0;
  return n / 6.0;
}

// The probability that one archery die eliminates a stand of type t (fastplay 10.2, 5.2).
double p_archery(TroopType t, bool cover) {
  int n = 0;
  for (int die = 1; die <= 6; ++die) n += archery_success(t, die, cover) ? 1 : 0;
  return n / 6.0;
}

// Stands a war machine's d6 knocks out on average at `range` (fastplay 10.2); 0 out of range.
double machine_expected(TroopType m, std::int64_t range, bool cover) {
  int n = 0;
  for (int die = 1; die <= 6; ++die) n += machine_knockouts(m, range, die, cover).value_or(0);
  return n / 6.0;
}

// What a stand of each type is worth, from the tables: sqrt(strike / exposure) (a Lanchester
// square-law reading), where strike is the mean chance of one melee die against the five table
// types (10.1) plus, for archers, one archery die (10.2) and, for machines, a shot at half their
// longest range; exposure is the mean chance of being eliminated by one melee die of each type.
// Speed counts a little: times (allowance / 15 cm)^(1/4) (fastplay 4.2).
struct Values {
  std::array<double, kNumTroopTypes> stand{};
  std::array<double, kNumTroopTypes> strike{};  // the melee part alone: a commander's extra die
  Values() {
    for (int i = 0; i < kNumTroopTypes; ++i) {
      const auto t = static_cast<TroopType>(i);
      double strike_melee = 0, exposure = 0, shoot = 0;
      for (TroopType d : kTableTypes) {
        strike_melee += p_melee(t, d, 0) / kNumTableTypes;
        exposure += p_melee(d, t, 0) / kNumTableTypes;
        if (t == TroopType::kArchery) shoot += p_archery(d, false) / kNumTableTypes;
      }
      if (t == TroopType::kBallista) shoot = machine_expected(t, kBallista.max_range / 2, false);
      if (t == TroopType::kCatapult) shoot = machine_expected(t, kCatapult[1].max_range / 2, false);
      const double speed =
          is_war_machine(t)
              ? 1.0
              : std::pow(static_cast<double>(move_allowance(t)) /
                             static_cast<double>(move_allowance(TroopType::kHeavyInfantry)),
                         0.25);
      stand[static_cast<std::size_t>(i)] = std::sqrt((strike_melee + shoot) / exposure) * speed;
      strike[static_cast<std::size_t>(i)] = strike_melee + shoot;
    }
  }
};

const Values& values() {
  static const Values v;
  return v;
}

}  // namespace

double stand_value(TroopType t) { return values().stand[static_cast<std::size_t>(t)]; }

namespace {

// fastplay 5.3: a turned archer stand is one step nearer to becoming light infantry; its
// shooting counts three quarters.
constexpr double kTurnedArcherFactor = 0.75;
// fastplay 11.1: an attached commander adds a die in melee and shooting: worth this many of the
// unit's stands.
constexpr double kCommanderFactor = 0.7;
// fastplay 11.4 (optional): a supreme commander's loss limits the army's moves to a d6 of units.
constexpr double kSupremeValue = 2.0;

// Weights of the terms (in shares of an army; one stand of a 24-stand army is about 0.04).
constexpr double kPowerWeight = 0.5;   // the fighting power left, over the turns left
constexpr double kBreakWeight = 0.25;  // nearness to the break (F-28), squared
constexpr double kApproachWeight = 0.004;
constexpr double kScaleEnd = 0.06;    // tanh scale as the last turn ends...
constexpr double kScaleSpan = 0.24;   // ... plus this much with kHorizonTurns or more to play
constexpr double kHorizonTurns = 10;  // turns left beyond which the future weighs no more

// Threat weights: how soon and how surely an expected strike comes.
constexpr double kMeleeNow = 0.9;     // in contact, its Melee phase still to come this turn
constexpr double kMeleeNext = 0.55;   // in contact, fighting next turn (it may retreat first)
constexpr double kChargeExact = 0.6;  // a charge open now (Charge phase), exactly computed
constexpr double kChargeSoon = 0.35;  // a charge in reach this turn, after its movement
constexpr double kChargeNext = 0.2;   // a charge in reach next turn
constexpr double kShootNow = 0.85;    // a shot open this turn
constexpr double kShootNext = 0.45;   // the same shot next turn
// fastplay 7.1: cavalry charged by foot may evade; the charge then seldom lands.
constexpr double kEvadeFactor = 0.3;

bool is_foot_type(TroopType t) {
  return t == TroopType::kArchery || t == TroopType::kLightInfantry ||
         t == TroopType::kHeavyInfantry;
}

// The side of block b that a point p is furthest beyond, in b's own frame (the side a unit
// coming from p would meet).
geo::Side side_facing(const geo::Base& b, geo::Point p) {
  const geo::Vec w = p - b.centre();
  const geo::Vec f = b.forward_half(), l = b.left_half();
  const double fl = std::sqrt(static_cast<double>(geo::squared_length(f)));
  const double ll = std::sqrt(static_cast<double>(geo::squared_length(l)));
  const double a = static_cast<double>(geo::dot(w, f)) / std::max(1.0, fl);
  const double c = static_cast<double>(geo::dot(w, l)) / std::max(1.0, ll);
  const double beyond[4] = {a - fl, c - ll, -a - fl, -c - ll};  // front, left, back, right
  int best = 0;
  for (int i = 1; i < 4; ++i)
    if (beyond[i] > beyond[best]) best = i;
  return static_cast<geo::Side>(best);
}

}  // namespace

// The evaluation's working data: one pass over the units, then the terms.
class FastplayEvaluator {
 public:
  explicit FastplayEvaluator(const FastplayState& s) : s_(s), sc_(s.fp().scenario_data()) {
    const int n = s.num_units();
    engaged_.assign(static_cast<std::size_t>(n), false);
    live_.assign(static_cast<std::size_t>(n), 0);
    exp_loss_.assign(static_cast<std::size_t>(n), 0.0);
    cmd_risk_.assign(static_cast<std::size_t>(n), 0.0);
    melee_loss_.assign(static_cast<std::size_t>(n), 0.0);
    charge_loss_.assign(static_cast<std::size_t>(n), 0.0);
    archery_loss_.assign(static_cast<std::size_t>(n), 0.0);
    blocks_.reserve(static_cast<std::size_t>(n));
    for (int u = 0; u < n; ++u) {
      int live = 0;
      for (const auto& st : s.unit(u).stands) live += st.alive && !st.doomed ? 1 : 0;
      live_[ix(u)] = live;
      blocks_.push_back(s.block(u));
    }
    // The gaps between the blocks of enemy units on the table (computed once: the geometry is
    // the expensive part), and each unit's nearest enemy.
    gap_.assign(static_cast<std::size_t>(n * n), geo::SquaredDistance{});
    has_enemy_.assign(static_cast<std::size_t>(n), false);
    nearest_.assign(static_cast<std::size_t>(n), geo::SquaredDistance{});
    attackable_.assign(static_cast<std::size_t>(n), -1);
    for (int u = 0; u < n; ++u)
      for (int t = u + 1; t < n; ++t) {
        if (s.side_of(u) == s.side_of(t) || !s.alive(u) || !s.alive(t)) continue;
        const auto d = geo::distance_sq(blocks_[ix(u)], blocks_[ix(t)]);
        gap_[ix(u * n + t)] = gap_[ix(t * n + u)] = d;
        for (int v : {u, t}) {
          if (!has_enemy_[ix(v)] || d < nearest_[ix(v)]) nearest_[ix(v)] = d;
          has_enemy_[ix(v)] = true;
        }
      }
    // Ruling F-15: engaged is edge contact with an enemy stand, so the blocks must touch.
    for (int u = 0; u < n; ++u)
      engaged_[ix(u)] = has_enemy_[ix(u)] && nearest_[ix(u)].within(2 * kMm) && s.engaged(u);
    const int turns = sc_.turns;
    // The share of the game still to play: whole turns after this one, and what is left of it.
    const double this_turn =
        1.0 - static_cast<double>(static_cast<int>(s.phase())) / static_cast<double>(Phase::kOver);
    turns_left_ = std::max(0.0, (turns - s.turn()) + this_turn);
    horizon_ = std::clamp(turns_left_ / kHorizonTurns, 0.0, 1.0);
    last_turn_ = s.turn() >= turns;
  }

  EvalTerms run() {
    volley();
    melee();
    charges();
    archery();
    EvalTerms out;
    out.horizon = horizon_;
    out.scale = kScaleEnd + kScaleSpan * horizon_;
    auto& score = out.score;
    std::array<double, kNumSides> lost{0.0, 0.0}, power{0.0, 0.0}, power_start{0.0, 0.0},
        exp_power{0.0, 0.0};
    for (int u = 0; u < s_.num_units(); ++u) {
      const auto side = static_cast<std::size_t>(s_.side_of(u));
      const UnitDef& d = s_.fp().unit(u);
      const UnitState& us = s_.unit(u);
      const double cmd = commander_value(u);
      power_start[side] += cmd;
      for (const auto& st : d.stands) power_start[side] += stand_value(st.type);
      if (!d.lone_commander) {
        const double struck = static_cast<double>(alive_count(u) - live_[ix(u)]);  // 8.3
        lost[side] += struck;
        out.struck[side] += struck;
      }
      if (live_[ix(u)] == 0) continue;
      double unit_power = us.commander ? cmd : 0.0;
      double per_stand = 0;
      for (const auto& st : us.stands) {
        if (!st.alive || st.doomed) continue;
        double v = stand_value(st.type);
        if (st.turned) v *= kTurnedArcherFactor;  // fastplay 5.3
        unit_power += v;
        per_stand += v;
      }
      power[side] += unit_power;
      // Losses about to be struck, capped at what the unit has left.
      const double e = std::min(exp_loss_[ix(u)], static_cast<double>(live_[ix(u)]));
      if (!d.lone_commander) lost[side] += e;
      exp_power[side] += e * per_stand / live_[ix(u)] + cmd_risk_[ix(u)] * cmd;
    }
    for (int s = 0; s < kNumSides; ++s) {
      const auto i = static_cast<std::size_t>(s);
      const int start = s_.fp().starting_stands(s);
      // Ruling F-28 (stands lost counted by the rule): the share of stands left, with the
      // losses about to be struck.
      const double share_lost = start > 0 ? (s_.stands_lost(s) + lost[i]) / start : 0.0;
      out.share_lost[i] = share_lost;
      score[i] -= share_lost;
      // Ruling F-28: an army that has lost break_percent of its stands loses; the last stands
      // before the break weigh most.
      const double brk = std::min(1.0, share_lost * 100.0 / std::max(1, sc_.break_percent));
      out.break_near[i] = brk;
      score[i] -= kBreakWeight * brk * brk;
      // The fighting power left, worth more with more turns to use it.
      if (power_start[i] > 0) out.power[i] = (power[i] - exp_power[i]) / power_start[i];
      score[i] += kPowerWeight * horizon_ * out.power[i];
    }
    for (int u = 0; u < s_.num_units(); ++u) {
      const auto side = static_cast<std::size_t>(s_.side_of(u));
      out.melee[side] += melee_loss_[ix(u)];
      out.charge[side] += charge_loss_[ix(u)];
      out.archery[side] += archery_loss_[ix(u)];
    }
    approach(out.approach);
    for (int s = 0; s < kNumSides; ++s)
      score[static_cast<std::size_t>(s)] += out.approach[static_cast<std::size_t>(s)];
    return out;
  }

 private:
  static std::size_t ix(int u) { return static_cast<std::size_t>(u); }

  int alive_count(int u) const { return s_.alive_stands(u); }

  // The gap between the blocks of enemy units u and t (both on the table).
  const geo::SquaredDistance& gap(int u, int t) const { return gap_[ix(u * s_.num_units() + t)]; }
  // Some enemy block within r of u's.
  bool near(int u, std::int64_t r) const { return has_enemy_[ix(u)] && nearest_[ix(u)].within(r); }
  bool attackable(int t) {
    if (attackable_[ix(t)] < 0) attackable_[ix(t)] = s_.attackable(t) ? 1 : 0;
    return attackable_[ix(t)] == 1;
  }

  double commander_value(int u) const {
    const UnitDef& d = s_.fp().unit(u);
    if (d.lone_commander) {
      // fastplay 11.3: a lone commander fights as its type; 11.4: the supreme one's loss limits
      // the army's moves (with the optional rule).
      return (d.supreme && s_.fp().rules().supreme_commander) ? kSupremeValue : 0.0;
    }
    if (!d.commander) return 0.0;
    return kCommanderFactor * stand_value(d.type);  // fastplay 11.1
  }

  // Adds an expected loss of `stands` to unit t; `limit` is the commander's d10 loss limit
  // (fastplay 11.2) for the kind of attack.
  void add_loss(std::vector<double>& kind, int t, double stands, int limit, double weight) {
    if (stands <= 0) return;
    exp_loss_[ix(t)] += weight * stands;
    kind[ix(t)] += weight * stands;
    if (s_.unit(t).commander && !s_.fp().unit(t).lone_commander) {
      const double p_any = std::min(1.0, stands);
      cmd_risk_[ix(t)] = std::min(1.0, cmd_risk_[ix(t)] + weight * p_any * limit / 10.0);
    }
  }

  // The type of the stand of t that losses outside melee take next (ruling F-10: the last).
  TroopType next_victim(int t) const {
    const auto& st = s_.unit(t).stands;
    for (auto it = st.rbegin(); it != st.rend(); ++it)
      if (it->alive && !it->doomed) return it->type;
    return s_.fp().unit(t).type;
  }

  // What is already decided or still rolling (fastplay 5.2, 9.1, 10.2; ruling F-10): the stands
  // a side must still pick to lose are certain losses, and the dice of a volley or a machine's
  // shot under way count at their odds. Without this, a position in the middle of a volley (the
  // target's side picks each stand as it is hit) would show the shot spent and nothing gained.
  void volley() {
    if (s_.pending() == PendingKind::kLoss && s_.loss_unit() >= 0) {
      const int u = s_.loss_unit();
      auto& kind = s_.shooter() >= 0 ? archery_loss_ : melee_loss_;
      add_loss(kind, u, s_.losses_left(),
               s_.shooter() >= 0 ? kCommanderLossArchery : kCommanderLossMelee, 1.0);
    }
    const int u = s_.shooter(), t = s_.volley_target();
    const int dice_left = s_.volley_dice_left();
    if (u < 0 || t < 0 || dice_left <= 0 || live_[ix(t)] == 0) return;
    const TroopType type = s_.fp().unit(u).type;
    const bool cover = s_.shot_in_cover(u, t);
    double hits;
    if (is_war_machine(type)) {
      const auto d = s_.shooting_range(u, t);
      hits = dice_left * machine_expected(type, d ? d->ceil() : 0, cover);
    } else {
      hits = dice_left * p_archery(next_victim(t), cover);
    }
    add_loss(archery_loss_, t, std::min(hits, static_cast<double>(live_[ix(t)])),
             kCommanderLossArchery, 1.0);
  }

  // Melee of units in contact (fastplay 8.1-8.3, 10.1, 10.3, 11.1, 7.2): the exact attacks the
  // rules would make (FastplayState::melee_attacks), each die's odds from the melee table.
  void melee() {
    const int n = s_.num_units();
    const bool melee_ahead = s_.phase() <= Phase::kMelee;
    std::vector<double> survive;
    auto strike = [&](const std::vector<Attack>& attacks, double w) {
      // P(stand survives) per target stand, then the expected number eliminated per unit.
      std::vector<std::pair<int, int>> keys;
      survive.clear();
      for (const auto& a : attacks) {
        if (a.target_unit < 0 || a.target_stand < 0) continue;
        const auto& tst = s_.unit(a.target_unit).stands[static_cast<std::size_t>(a.target_stand)];
        if (!tst.alive || tst.doomed) continue;
        const TroopType at = s_.unit(a.unit).stands[static_cast<std::size_t>(a.stand)].type;
        const double p = p_melee(at, tst.type, a.modifier);
        const std::pair<int, int> key{a.target_unit, a.target_stand};
        auto it = std::find(keys.begin(), keys.end(), key);
        if (it == keys.end()) {
          keys.push_back(key);
          survive.push_back(1.0 - p);
        } else {
          survive[static_cast<std::size_t>(it - keys.begin())] *= 1.0 - p;
        }
      }
      for (std::size_t k = 0; k < keys.size(); ++k)
        add_loss(melee_loss_, keys[k].first, 1.0 - survive[k], kCommanderLossMelee, w);
    };
    // The dice of a fight under way (still to roll) are certain.
    if (!s_.attacks().empty()) strike(s_.attacks(), 1.0);
    for (int u = 0; u < n; ++u) {
      if (!engaged_[ix(u)]) continue;
      const bool fought = (s_.unit(u).flags & kFought) != 0;
      double w = melee_ahead && !fought ? kMeleeNow : kMeleeNext;
      if ((fought || !melee_ahead) && last_turn_) w = 0;  // no Melee phase left
      if (w == 0) continue;
      strike(s_.melee_attacks(u), w);
    }
  }

  // Expected stands eliminated when n dice of a stand type a strike stands of type d with
  // `modifier` (one die each, the table of 10.1).
  static double dice(int count, TroopType a, TroopType d, int modifier) {
    return count * p_melee(a, d, modifier);
  }

  // The live stands of u in its front rank (largest offset ahead).
  int front_rank(int u) const {
    std::int64_t best = INT64_MIN;
    int count = 0;
    for (const auto& st : s_.unit(u).stands) {
      if (!st.alive || st.doomed) continue;
      if (st.offset.x > best) {
        best = st.offset.x;
        count = 1;
      } else if (st.offset.x == best) {
        ++count;
      }
    }
    return count;
  }

  // The expected exchange when u charges side `side` of t (fastplay 6, 7.2, 8.1, 10.1, 10.3,
  // 11.1): {stands of t eliminated, stands of u eliminated} in the first melee.
  std::pair<double, double> charge_exchange(int u, int t, geo::Side side) const {
    const UnitDef& du = s_.fp().unit(u);
    const UnitDef& dt = s_.fp().unit(t);
    const geo::Base& bt = blocks_[ix(t)];
    const bool flank_side = side != geo::Side::kFront;
    // fastplay 6.2: a target not engaged pivots to face; a flank or rear stays open only on an
    // engaged target or a war machine.
    const bool flank = flank_side && (engaged_[ix(t)] || is_war_machine(dt.type));
    const std::int64_t side_len =
        side == geo::Side::kFront || side == geo::Side::kBack || !flank ? bt.width() : bt.depth();
    const StandSize su = du.lone_commander ? kCommanderStand : stand_size(du.type);
    const StandSize st = dt.lone_commander ? kCommanderStand : stand_size(dt.type);
    // Stands of u whose fronts fit along that side, at most its front rank.
    const int touching_u = std::clamp(static_cast<int>((side_len + su.width - 1) / su.width), 1,
                                      std::max(1, front_rank(u)));
    int dice_u = touching_u;
    if (s_.unit(u).commander && !du.lone_commander) ++dice_u;  // fastplay 11.1
    if (is_cavalry(du.type) && live_[ix(u)] >= 2) ++dice_u;    // fastplay 7.2
    const int mod_u = (flank ? kFlankBonus : 0) + (du.lone_commander ? kLoneCommanderBonus : 0);
    double hits_t = dice(dice_u, du.type, dt.type, mod_u);
    // The target strikes back with the stands the charger's front touches (one on a flank).
    const std::int64_t front_u = static_cast<std::int64_t>(touching_u) * su.width;
    int dice_t = flank ? 1
                       : std::clamp(static_cast<int>((front_u + st.width - 1) / st.width), 1,
                                    std::max(1, front_rank(t)));
    if (s_.unit(t).commander && !dt.lone_commander) ++dice_t;
    const int mod_t = dt.lone_commander ? kLoneCommanderBonus : 0;
    double hits_u = dice(dice_t, dt.type, du.type, mod_t);
    // fastplay 7.1: cavalry not yet evaded may evade a charge of foot.
    if (!is_cavalry(du.type) && is_cavalry(dt.type) && !(s_.unit(t).flags & kEvaded) &&
        !engaged_[ix(t)]) {
      hits_t *= kEvadeFactor;
      hits_u *= kEvadeFactor;
    }
    return {std::min(hits_t, static_cast<double>(live_[ix(t)])),
            std::min(hits_u, static_cast<double>(live_[ix(u)]))};
  }

  // Charges in reach (fastplay 6.1, 4.2): exactly in the Charge phase, otherwise by distance
  // (this turn's move and charge, or next turn's). Each unit takes its best exchange, when it
  // is a gain: a charge that would cost more than it wins is not made.
  void charges() {
    const int n = s_.num_units();
    const Phase ph = s_.phase();
    for (int u = 0; u < n; ++u) {
      if (live_[ix(u)] == 0 || engaged_[ix(u)] || is_war_machine(s_.fp().unit(u).type)) continue;
      const UnitState& us = s_.unit(u);
      const std::int64_t allowance = move_allowance(s_.fp().unit(u).type);
      if (!near(u, 2 * allowance)) continue;  // nothing in reach of a move and a charge
      bool exact = false, front_only = false;
      double w = 0;
      std::int64_t reach = allowance;
      if (ph <= Phase::kCharge && s_.may_charge(u)) {
        // fastplay 2.1: the first army moves all it wishes, then the other; a side that has
        // ended its movement moves no more this turn.
        const int side = s_.side_of(u);
        const bool side_done = ph == Phase::kMovement && side == s_.first() && s_.to_act() != side;
        const bool can_move =
            ph <= Phase::kMovement && !side_done && !(us.flags & kMoved) && s_.may_move(u);
        if (ph == Phase::kCharge) {
          exact = true;
          w = kChargeExact;
        } else if (can_move) {
          reach = 2 * allowance;  // fastplay 4.2 then 6.1: a move, then the charge
          w = kChargeSoon;
        } else {
          front_only = true;  // no turn left before the charge (F-9: target in the front arc)
          w = kChargeSoon;
        }
      } else if (!last_turn_) {
        reach = 2 * allowance;
        w = kChargeNext;
      }
      if (w == 0) continue;
      const double vu = stand_value(s_.fp().unit(u).type);
      double best = 0, best_t = 0, best_u = 0;
      int target = -1;
      for (int t = 0; t < n; ++t) {
        if (s_.side_of(t) == s_.side_of(u) || live_[ix(t)] == 0) continue;
        if (!gap(u, t).within(reach) || !attackable(t)) continue;
        if (front_only && !geo::base_in_front_arc(blocks_[ix(u)], blocks_[ix(t)])) continue;
        const double vt = stand_value(s_.fp().unit(t).type);
        auto consider = [&](geo::Side side) {
          const auto [ht, hu] = charge_exchange(u, t, side);
          const double gain = ht * vt - hu * vu;
          if (gain > best) {
            best = gain;
            best_t = ht;
            best_u = hu;
            target = t;
          }
        };
        if (exact) {
          for (geo::Side side : geo::kAllSides)
            if (s_.charge_result(u, t, side)) consider(side);
        } else {
          consider(side_facing(blocks_[ix(t)], blocks_[ix(u)].centre()));
        }
      }
      if (target < 0) continue;
      add_loss(charge_loss_, target, best_t, kCommanderLossMelee, w);
      add_loss(charge_loss_, u, best_u, kCommanderLossMelee, w);
    }
  }

  // Archery and war machines (fastplay 5.1, 5.2, 5.5, 10.2, 11.1): each shooter's best target
  // it may shoot at from where it stands, this turn if it has not shot, else next turn.
  void archery() {
    const int n = s_.num_units();
    const Phase ph = s_.phase();
    for (int u = 0; u < n; ++u) {
      if (live_[ix(u)] == 0 || engaged_[ix(u)]) continue;
      const UnitDef& du = s_.fp().unit(u);
      const UnitState& us = s_.unit(u);
      const bool machine = is_war_machine(du.type);
      int archers = 0;
      for (const auto& st : us.stands)
        archers += st.alive && !st.doomed && st.type == TroopType::kArchery ? 1 : 0;
      if (!machine && archers == 0) continue;
      const bool now = !(us.flags & kShot) && ph <= Phase::kArchery3;  // fastplay 5.1
      const double w = now ? kShootNow : last_turn_ ? 0.0 : kShootNext;
      if (w == 0) continue;
      const int extra = us.commander && !du.lone_commander ? 1 : 0;  // fastplay 11.1
      const std::int64_t range =
          machine ? (du.type == TroopType::kBallista ? kBallista.max_range : kCatapult[1].max_range)
                  : kArcheryRange;
      double best = 0;
      int target = -1;
      for (int t = 0; t < n; ++t) {
        if (s_.side_of(t) == s_.side_of(u) || live_[ix(t)] == 0 || engaged_[ix(t)]) continue;
        if (!gap(u, t).within(range)) continue;
        if (!s_.may_shoot_at(u, t)) continue;  // arc, sight and range (5.2, 5.5, F-12)
        const bool cover = s_.in_cover(t);
        double hits;
        if (machine) {
          const auto d = s_.shooting_range(u, t);
          hits = (1 + extra) * machine_expected(du.type, d ? d->ceil() : 0, cover);
        } else {
          hits = (archers + extra) * p_archery(next_victim(t), cover);
        }
        hits = std::min(hits, static_cast<double>(live_[ix(t)]));
        const double v = hits * stand_value(next_victim(t));
        if (v > best) {
          best = v;
          target = t;
        }
      }
      if (target < 0) continue;
      double hits;
      if (machine) {
        const auto d = s_.shooting_range(u, target);
        hits = (1 + extra) * machine_expected(du.type, d ? d->ceil() : 0, s_.in_cover(target));
      } else {
        hits = (archers + extra) * p_archery(next_victim(target), s_.in_cover(target));
      }
      add_loss(archery_loss_, target, std::min(hits, static_cast<double>(live_[ix(target)])),
               kCommanderLossArchery, w);
    }
  }

  // A light pull toward the enemy units each unit beats stand for stand in melee (10.1) and
  // away from those that beat it, growing as the gap closes inside 100 cm; archers and machines
  // are drawn to within their range of the targets they hit best (10.2). It steers moves when
  // nothing is yet in reach; the threat terms take over within reach.
  void approach(std::array<double, kNumSides>& pull_out) const {
    const int n = s_.num_units();
    const std::int64_t far = 100 * kCm;
    for (int u = 0; u < n; ++u) {
      if (live_[ix(u)] == 0 || engaged_[ix(u)]) continue;
      const UnitDef& du = s_.fp().unit(u);
      if (is_war_machine(du.type) || du.lone_commander) continue;
      const bool archers = du.type == TroopType::kArchery;
      double pull = 0;
      for (int t = 0; t < n; ++t) {
        if (s_.side_of(t) == s_.side_of(u) || live_[ix(t)] == 0) continue;
        const TroopType tt = s_.fp().unit(t).type;
        const double g = std::sqrt(static_cast<double>(gap(u, t).round()));
        const double close = std::max(0.0, 1.0 - g / static_cast<double>(far));
        double edge = p_melee(du.type, tt, 0) - p_melee(tt, du.type, 0);
        if (archers) {
          // Archers want their targets inside the range, but not in charge reach.
          const double in_range = g <= static_cast<double>(kArcheryRange) ? 1.0 : close;
          const double danger =
              is_foot_type(tt) || is_cavalry(tt) ? p_melee(tt, du.type, 0) * close : 0.0;
          pull = std::max(pull, p_archery(tt, false) * in_range - 0.5 * danger);
          continue;
        }
        pull = std::max(pull, edge * close);
        if (edge < 0) pull += edge * close * 0.5;
      }
      pull_out[static_cast<std::size_t>(s_.side_of(u))] += kApproachWeight * pull * live_[ix(u)];
    }
  }

  const FastplayState& s_;
  const Scenario& sc_;
  std::vector<bool> engaged_;
  std::vector<int> live_;         // stands alive and not struck down
  std::vector<double> exp_loss_;  // expected stands about to be lost, per unit
  std::vector<double> cmd_risk_;  // chance the unit's commander falls soon (11.2)
  std::vector<double> melee_loss_, charge_loss_, archery_loss_;  // the same by kind
  std::vector<geo::Base> blocks_;                                // each unit's block
  std::vector<geo::SquaredDistance> gap_;                        // n x n, enemy pairs only
  std::vector<bool> has_enemy_;
  std::vector<geo::SquaredDistance> nearest_;
  std::vector<std::int8_t> attackable_;  // -1 not asked yet
  double turns_left_ = 0, horizon_ = 0;
  bool last_turn_ = false;
};

EvalTerms evaluation_terms(const FastplayState& s) { return FastplayEvaluator(s).run(); }

std::vector<double> FastplayState::evaluate() const {
  if (phase_ == Phase::kOver) return returns();
  const EvalTerms t = evaluation_terms(*this);
  const double v = std::clamp(std::tanh((t.score[0] - t.score[1]) / t.scale), -0.99, 0.99);
  return {v, -v};
}

// ---------------------------------------------------------------------------------------------
// Candidate moves for the agents

// Fewer, better choices than legal_actions() for a picked unit in the Movement phase (fastplay
// 4): hold; turning in place to face the nearest enemy, or square to its front (lining up);
// a quarter to a full move toward the nearest enemy and toward the enemy this unit beats best
// in melee (10.1) within 100 cm; a half and a full move straight ahead; pulling back (an
// about-face and a half or full move, or a turn alone); and for archers the shortest move that
// brings the nearest enemy within range. Only codes legal here are kept (move_result). Every
// other decision (which unit, charges, shots, fights, retreats, answers) is the full legal list.
void FastplayState::agent_actions(std::vector<game::Action>& out) const {
  if (phase_ != Phase::kMovement || selected_ < 0 || pending_ != PendingKind::kNone) {
    legal_actions(out);
    return;
  }
  const int u = selected_;
  out.clear();
  out.push_back(act::kMoveBase);  // hold
  auto try_code = [&](int p, int d) {
    if (p == 0 && d == 0) return;
    const int code = 1 + p * kNumDistances + d;
    if (move_result(u, code)) out.push_back(act::kMoveBase + code);
  };
  const UnitState& us = unit(u);
  const geo::Base me = block(u);
  // The nearest enemy and the one u beats best (stand for stand, 10.1) within 100 cm.
  int nearest = -1, prey = -1;
  geo::SquaredDistance nearest_d;
  double prey_edge = 0;
  for (int t = 0; t < num_units(); ++t) {
    if (side_of(t) == side_of(u) || !alive(t)) continue;
    const geo::Base bt = block(t);
    const auto d = geo::distance_sq(me, bt);
    if (nearest < 0 || d < nearest_d) {
      nearest = t;
      nearest_d = d;
    }
    if (!d.within(100 * kCm)) continue;
    const TroopType mt = fp_->unit(u).type, tt = fp_->unit(t).type;
    const double edge = p_melee(mt, tt, 0) - p_melee(tt, mt, 0);
    if (edge > prey_edge) {
      prey_edge = edge;
      prey = t;
    }
  }
  auto toward = [&](int t) {
    const geo::Vec to = block(t).centre() - me.centre();
    return (to.x == 0 && to.y == 0) ? us.heading : geo::direction_of(to);
  };
  for (int d : {2, 4}) try_code(0, d);  // straight ahead
  try_code(5, 0);                       // about-face
  for (int d : {2, 4}) try_code(5, d);  // pull back
  if (nearest >= 0) {
    const int p = game::table::nearest_turn(toward(nearest), us.heading, kTurns);
    for (int d = 0; d <= 4; ++d) try_code(p, d);
    // Lining up: square to the nearest enemy's front (facing it head on).
    try_code(game::table::nearest_turn(unit(nearest).heading + geo::Angle::degrees(180), us.heading,
                                       kTurns),
             0);
    // Archers: the shortest move toward it that puts it in range (fastplay 5.2).
    if (fp_->unit(u).type == TroopType::kArchery && !nearest_d.within(kArcheryRange)) {
      const std::int64_t gap = static_cast<std::int64_t>(std::ceil(
          std::sqrt(static_cast<double>(nearest_d.round())) - static_cast<double>(kArcheryRange)));
      const std::int64_t allowance = move_allowance(fp_->unit(u).type);
      const int q =
          static_cast<int>(std::min<std::int64_t>(4, (4 * gap + allowance - 1) / allowance));
      try_code(p, std::max(1, q));
    }
  }
  if (prey >= 0) {
    const int p = game::table::nearest_turn(toward(prey), us.heading, kTurns);
    for (int d = 0; d <= 4; ++d) try_code(p, d);
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
}

}  // namespace carroccio::fastplay
