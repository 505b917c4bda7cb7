#include "sim/tune.hpp"

#include <algorithm>
#include <cmath>
#include <map>

#include "fmt/format.h"

namespace carroccio::sim {

namespace {

// The values played so far, each with its tally of the games 0 .. games-1 of the seed.
class Lab {
 public:
  Lab(const MakeGame& make_game, const TuneConfig& config) : make_(make_game), cfg_(config) {}

  // Plays `value` until it has `games` games (the first ones of the seed: adding games to a
  // value plays only the new ones). Returns its point.
  core::Expected<TunePoint> play(double value, std::uint64_t games) {
    Entry& e = entries_[value];
    if (e.games >= games) return point(value, e);
    if (!e.game) {
      auto g = make_(value);
      if (!g) return g.error();
      e.game = *g;
      e.tally = Tally(e.game->player_names());
    }
    BatchConfig batch;
    batch.games = games - e.games;
    batch.first_game = e.games;
    batch.seed = cfg_.seed;
    batch.threads = cfg_.threads;
    batch.agents = cfg_.agents;
    const std::uint64_t before = played_;
    if (cfg_.progress)
      batch.progress = [&](std::uint64_t done, std::uint64_t) {
        cfg_.progress(before + done, cfg_.max_games);
      };
    auto r = run_batch(*e.game, batch);
    if (!r) return core::make_error(fmt::format("With the value {}: {}", value, r.message()));
    e.tally.merge(r->tally);
    played_ += batch.games;
    e.games = games;
    return point(value, e);
  }

  std::uint64_t played() const { return played_; }
  std::vector<TunePoint> points() const {
    std::vector<TunePoint> out;
    for (const auto& [v, e] : entries_)
      if (e.games > 0) out.push_back(point(v, e));
    return out;
  }
  std::uint64_t games_of(double value) const {
    const auto it = entries_.find(value);
    return it == entries_.end() ? 0 : it->second.games;
  }

 private:
  struct Entry {
    std::shared_ptr<const game::Game> game;
    Tally tally;
    std::uint64_t games = 0;
  };
  TunePoint point(double value, const Entry& e) const {
    const std::uint64_t wins = e.tally.wins(static_cast<std::size_t>(cfg_.side));
    return {value, e.games, wins, wilson_interval(wins, e.games)};
  }

  const MakeGame& make_;
  const TuneConfig& cfg_;
  std::map<double, Entry> entries_;
  std::uint64_t played_ = 0;
};

}  // namespace

core::Expected<TuneResult> tune(const MakeGame& make_game, const TuneConfig& cfg) {
  if (!(cfg.lo < cfg.hi))
    return core::make_error(
        fmt::format("The range to search must have its low end below its high end (got {} to {}).",
                    cfg.lo, cfg.hi));
  if (!(cfg.target > 0 && cfg.target < 1))
    return core::make_error("The target rate must lie strictly between 0 and 1.");
  if (cfg.games == 0) return core::make_error("Each value needs at least one game.");
  if (cfg.max_games < 2 * cfg.games)
    return core::make_error(
        fmt::format("A budget of {} games cannot play both ends of the range with {} games each.",
                    cfg.max_games, cfg.games));
  Lab lab(make_game, cfg);
  TuneResult r;
  const double step =
      cfg.integer ? 1.0 : (cfg.tolerance > 0 ? cfg.tolerance : (cfg.hi - cfg.lo) / 1000.0);
  auto low_end = lab.play(cfg.lo, cfg.games);
  if (!low_end) return low_end.error();
  auto high_end = lab.play(cfg.hi, cfg.games);
  if (!high_end) return high_end.error();
  r.increasing = high_end->rate.estimate >= low_end->rate.estimate;
  // Which side of the target a rate is on: "low" is the side of the range's low end.
  auto on_low_side = [&](double rate) {
    return r.increasing ? rate < cfg.target : rate > cfg.target;
  };
  auto finish = [&](double answer) {
    r.answer = answer;
    r.points = lab.points();
    r.games_played = lab.played();
    return r;
  };
  if (on_low_side(high_end->rate.estimate) || !on_low_side(low_end->rate.estimate)) {
    r.outside = true;
    r.below = r.above = std::abs(low_end->rate.estimate - cfg.target) <=
                                std::abs(high_end->rate.estimate - cfg.target)
                            ? cfg.lo
                            : cfg.hi;
    return finish(r.below);
  }
  // Bisection with the first number of games.
  double a = cfg.lo, b = cfg.hi;
  while (b - a > step && lab.played() + cfg.games <= cfg.max_games) {
    const double m = cfg.integer ? std::floor((a + b) / 2) : (a + b) / 2;
    if (m <= a || m >= b) break;
    auto pm = lab.play(m, cfg.games);
    if (!pm) return pm.error();
    (on_low_side(pm->rate.estimate) ? a : b) = m;
  }
  // The stopping rule: more games at the bracket's ends until each is significantly on its own
  // side of the target, or the budget is spent.
  for (;;) {
    auto pa = lab.play(a, lab.games_of(a));
    auto pb = lab.play(b, lab.games_of(b));
    if (!pa) return pa.error();
    if (!pb) return pb.error();
    const bool a_clear = r.increasing ? pa->rate.high < cfg.target : pa->rate.low > cfg.target;
    const bool b_clear = r.increasing ? pb->rate.low > cfg.target : pb->rate.high < cfg.target;
    if (a_clear && b_clear) {
      r.settled = true;
      break;
    }
    // Whole values: a value whose rate cannot be told from the target, between two neighbours
    // that are each clearly on their own side, is the answer (the crossing lies between the
    // neighbours, and no whole value is nearer to it); without this rule a value whose rate is
    // the target itself, as a symmetric scenario's middle value, would spend the whole budget.
    if (cfg.integer && a_clear != b_clear && b - a == 1) {
      const double v = a_clear ? b : a;               // the end that cannot be told from the target
      const double beyond = a_clear ? b + 1 : a - 1;  // its other neighbour
      if (beyond >= cfg.lo && beyond <= cfg.hi && lab.played() + lab.games_of(v) <= cfg.max_games) {
        auto pn = lab.play(beyond, lab.games_of(v));
        if (!pn) return pn.error();
        const bool clear =
            a_clear == r.increasing ? pn->rate.low > cfg.target : pn->rate.high < cfg.target;
        if (clear) {
          r.settled = r.exact = true;
          r.below = a_clear ? a : beyond;
          r.above = a_clear ? beyond : b;
          r.points = lab.points();
          r.answer = v;
          r.games_played = lab.played();
          return r;
        }
      }
    }
    const std::uint64_t more = 2 * std::max(pa->games, pb->games);
    const std::uint64_t cost = (a_clear ? 0 : more - pa->games) + (b_clear ? 0 : more - pb->games);
    if (lab.played() + cost > cfg.max_games) break;
    if (!a_clear) {
      auto again = lab.play(a, more);
      if (!again) return again.error();
      if (!on_low_side(again->rate.estimate)) {  // a crossed over: the answer lies below it
        b = a;
        double lower = cfg.lo;
        for (const auto& p : lab.points())
          if (p.value < a && on_low_side(p.rate.estimate)) lower = std::max(lower, p.value);
        a = lower;
        continue;
      }
    }
    if (!b_clear) {
      auto again = lab.play(b, more);
      if (!again) return again.error();
      if (on_low_side(again->rate.estimate)) {  // b crossed over: the answer lies above it
        a = b;
        double upper = cfg.hi;
        for (const auto& p : lab.points())
          if (p.value > b && !on_low_side(p.rate.estimate)) upper = std::min(upper, p.value);
        b = upper;
        continue;
      }
    }
  }
  r.below = a;
  r.above = b;
  const TunePoint pa = *lab.play(a, lab.games_of(a));
  const TunePoint pb = *lab.play(b, lab.games_of(b));
  double answer = 0;
  if (cfg.integer) {
    answer =
        std::abs(pa.rate.estimate - cfg.target) <= std::abs(pb.rate.estimate - cfg.target) ? a : b;
  } else {
    const double span = pb.rate.estimate - pa.rate.estimate;
    answer = span == 0 ? (a + b) / 2 : a + (cfg.target - pa.rate.estimate) / span * (b - a);
    answer = std::clamp(answer, a, b);
  }
  return finish(answer);
}

nlohmann::json tune_json(const TuneResult& r) {
  nlohmann::json points = nlohmann::json::array();
  for (const auto& p : r.points)
    points.push_back(
        {{"value", p.value},
         {"games", p.games},
         {"wins", p.wins},
         {"rate", {{"estimate", p.rate.estimate}, {"low", p.rate.low}, {"high", p.rate.high}}}});
  return {{"answer", r.answer},
          {"bracket", {r.below, r.above}},
          {"settled", r.settled},
          {"exact", r.exact},
          {"outside_range", r.outside},
          {"rate_grows_with_value", r.increasing},
          {"games_played", r.games_played},
          {"points", points}};
}

}  // namespace carroccio::sim
