#include "ai/mcts.hpp"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cmath>

#include "fmt/format.h"
#include "game/driver.hpp"

namespace carroccio::ai {

MctsAgent::MctsAgent(game::Player side, MctsParams params, std::string name)
    : side_(side), params_(params), name_(std::move(name)) {
  legal_.reserve(256);
  outcomes_.reserve(64);
  path_.reserve(256);
}

std::int32_t MctsAgent::add_child(std::int32_t parent, game::Action action, game::Player mover) {
  const auto index = static_cast<std::int32_t>(pool_.size());
  Node n;
  n.action = action;
  n.mover = mover;
  Node& p = pool_[static_cast<std::size_t>(parent)];
  n.next_sibling = p.first_child;
  pool_.push_back(n);  // may reallocate: `p` is not used after this
  pool_[static_cast<std::size_t>(parent)].first_child = index;
  return index;
}

// UCT among the children of `node` whose actions are in legal_ (sorted); an unvisited child is
// taken first. Children were added in an order shuffled by the generator, so ties between
// unvisited children are broken by it.
std::int32_t MctsAgent::select(std::int32_t node, bool filter, std::size_t* matched) {
  const Node& parent = pool_[static_cast<std::size_t>(node)];
  const double log_n = std::log(static_cast<double>(std::max<std::uint32_t>(parent.visits, 1)));
  std::int32_t best = -1;
  double best_score = -1e300;
  // With `normalise`, the means are rescaled by the smallest and largest among the children
  // that compete (visited, and legal here when filtering).
  double lo = 0, span = 0;
  if (params_.normalise) {
    double hi = -1e300;
    lo = 1e300;
    for (std::int32_t c = parent.first_child; c >= 0;
         c = pool_[static_cast<std::size_t>(c)].next_sibling) {
      const Node& child = pool_[static_cast<std::size_t>(c)];
      if (child.visits == 0) continue;
      if (filter && !std::binary_search(legal_.begin(), legal_.end(), child.action)) continue;
      const double v = q(child);
      lo = std::min(lo, v);
      hi = std::max(hi, v);
    }
    span = hi > lo ? hi - lo : 0;
  }
  // With `pw`: only the best ceil(pw * sqrt(visits + 1)) visited children compete (ranked by
  // value, then visits, then the list's order, which is the shuffled order of the expansion).
  bool widening = false;
  if (params_.pw > 0) {
    const auto allowed = static_cast<std::size_t>(
        std::ceil(params_.pw * std::sqrt(static_cast<double>(parent.visits) + 1.0)));
    pw_rank_.clear();
    std::int32_t order = 0;
    for (std::int32_t c = parent.first_child; c >= 0;
         c = pool_[static_cast<std::size_t>(c)].next_sibling, ++order) {
      const Node& child = pool_[static_cast<std::size_t>(c)];
      if (child.visits == 0) continue;
      if (filter && !std::binary_search(legal_.begin(), legal_.end(), child.action)) continue;
      pw_rank_.emplace_back(c, order);
    }
    if (pw_rank_.size() > allowed) {
      widening = true;
      std::partial_sort(pw_rank_.begin(), pw_rank_.begin() + static_cast<std::ptrdiff_t>(allowed),
                        pw_rank_.end(), [this](const auto& a, const auto& b) {
                          const Node& x = pool_[static_cast<std::size_t>(a.first)];
                          const Node& y = pool_[static_cast<std::size_t>(b.first)];
                          const double qx = q(x), qy = q(y);
                          if (qx != qy) return qx > qy;
                          if (x.visits != y.visits) return x.visits > y.visits;
                          return a.second < b.second;
                        });
      pw_keep_.clear();
      for (std::size_t i = 0; i < allowed; ++i) pw_keep_.push_back(pw_rank_[i].first);
      std::sort(pw_keep_.begin(), pw_keep_.end());
    }
  }
  for (std::int32_t c = parent.first_child; c >= 0;
       c = pool_[static_cast<std::size_t>(c)].next_sibling) {
    const Node& child = pool_[static_cast<std::size_t>(c)];
    if (filter) {
      if (!std::binary_search(legal_.begin(), legal_.end(), child.action)) continue;
      ++*matched;
    }
    if (child.visits == 0 && !filter) return c;
    if (widening && child.visits > 0 && !std::binary_search(pw_keep_.begin(), pw_keep_.end(), c))
      continue;
    if (child.visits == 0) {
      if (best_score < 1e300) best = c;
      best_score = 1e300;
      continue;
    }
    const double n = static_cast<double>(child.visits);
    double v = q(child);
    if (params_.normalise) v = span > 1e-12 ? (v - lo) / span : 0.5;
    const double score = v + params_.exploration * std::sqrt(log_n / n);
    if (score > best_score) {
      best_score = score;
      best = c;
    }
  }
  return best;
}

game::Action MctsAgent::stratified_outcome(std::int32_t node) const {
  double total = 0, visits = 0;
  for (const auto& o : outcomes_) total += static_cast<double>(o.weight);
  for (std::int32_t c = pool_[static_cast<std::size_t>(node)].first_child; c >= 0;
       c = pool_[static_cast<std::size_t>(c)].next_sibling)
    visits += pool_[static_cast<std::size_t>(c)].visits;
  game::Action best = outcomes_.front().action;
  double best_lag = -1e300;
  for (const auto& o : outcomes_) {
    double seen = 0;
    for (std::int32_t c = pool_[static_cast<std::size_t>(node)].first_child; c >= 0;
         c = pool_[static_cast<std::size_t>(c)].next_sibling)
      if (pool_[static_cast<std::size_t>(c)].action == o.action) {
        seen = pool_[static_cast<std::size_t>(c)].visits;
        break;
      }
    const double lag = static_cast<double>(o.weight) * (visits + 1) / total - seen;
    if (lag > best_lag + 1e-12) {
      best_lag = lag;
      best = o.action;
    }
  }
  return best;
}

std::int32_t MctsAgent::sparse_outcome(std::int32_t node, core::Rng& rng) {
  // Only outcomes open in this determinisation count (with hidden information another
  // determinisation may have drawn one that is not possible here).
  auto possible = [&](game::Action a) {
    return std::any_of(outcomes_.begin(), outcomes_.end(),
                       [a](const game::ChanceOutcome& o) { return o.action == a; });
  };
  std::uint64_t drawn = 0;
  for (std::int32_t c = pool_[static_cast<std::size_t>(node)].first_child; c >= 0;
       c = pool_[static_cast<std::size_t>(c)].next_sibling)
    if (possible(pool_[static_cast<std::size_t>(c)].action))
      drawn += pool_[static_cast<std::size_t>(c)].draws;
  if (drawn < static_cast<std::uint64_t>(params_.widen)) {
    // Still widening: a fresh draw by the true weights, counted on its child.
    const game::Action a = game::sample_chance(outcomes_, rng);
    std::int32_t child = pool_[static_cast<std::size_t>(node)].first_child;
    while (child >= 0 && pool_[static_cast<std::size_t>(child)].action != a)
      child = pool_[static_cast<std::size_t>(child)].next_sibling;
    if (child < 0) child = add_child(node, a, game::kChancePlayer);
    ++pool_[static_cast<std::size_t>(child)].draws;
    return child;
  }
  // Full: one of the outcomes drawn so far, in proportion to how often it was drawn.
  auto pick = rng.uniform(drawn);
  std::int32_t last = -1;
  for (std::int32_t c = pool_[static_cast<std::size_t>(node)].first_child; c >= 0;
       c = pool_[static_cast<std::size_t>(c)].next_sibling) {
    const Node& n = pool_[static_cast<std::size_t>(c)];
    if (n.draws == 0 || !possible(n.action)) continue;
    last = c;
    if (pick < n.draws) return c;
    pick -= n.draws;
  }
  return last;  // not reached: the picks add up to `drawn`
}

void MctsAgent::evaluate_leaf(game::State& state, core::Rng& rng) {
  for (int step = 0; step < params_.rollout && !state.is_terminal(); ++step) {
    if (state.is_chance_node()) {
      state.chance_outcomes(outcomes_);
      state.apply_unchecked(game::sample_chance(outcomes_, rng));
    } else {
      state.agent_actions(legal_);
      state.apply_unchecked(legal_[static_cast<std::size_t>(rng.uniform(legal_.size()))]);
    }
  }
  result_ = state.is_terminal() ? state.returns() : state.evaluate();
}

void MctsAgent::expected_leaf(const game::State& state, core::Rng& rng) {
  state.chance_outcomes(first_outcomes_);
  const int k = params_.chance;
  const auto n = first_outcomes_.size();
  sum_.assign(static_cast<std::size_t>(state.game().num_players()), 0.0);
  double total = 0;
  auto play_out = [&](game::Action first, double weight) {
    auto s = state.clone_for_search();
    s->apply_unchecked(first);
    while (s->is_chance_node()) {
      s->chance_outcomes(outcomes_);
      s->apply_unchecked(game::sample_chance(outcomes_, rng));
    }
    const std::vector<double> v = s->is_terminal() ? s->returns() : s->evaluate();
    for (std::size_t p = 0; p < sum_.size() && p < v.size(); ++p) sum_[p] += weight * v[p];
    total += weight;
  };
  if (n <= static_cast<std::size_t>(k)) {
    for (const auto& o : first_outcomes_) play_out(o.action, static_cast<double>(o.weight));
  } else {
    for (int i = 0; i < k; ++i) play_out(game::sample_chance(first_outcomes_, rng), 1.0);
  }
  for (double& v : sum_) v /= total > 0 ? total : 1.0;
  result_ = sum_;
}

// One child per legal action (legal_ holds them), in an order shuffled by the generator; with
// priors each child starts with `prior` virtual visits at its evaluation for the mover.
void MctsAgent::expand(std::int32_t node, const game::State& state, game::Player mover,
                       core::Rng& rng) {
  for (std::size_t i = legal_.size(); i > 1; --i)
    std::swap(legal_[i - 1], legal_[static_cast<std::size_t>(rng.uniform(i))]);
  for (const game::Action a : legal_) {
    const std::int32_t c = add_child(node, a, mover);
    if (params_.prior > 0) {
      auto next = state.clone_for_search();
      next->apply_unchecked(a);
      double v;
      if (params_.chance > 0 && next->is_chance_node()) {
        expected_leaf(*next, rng);  // the prior of a decision that rolls dice: their expectation
        v = result_[static_cast<std::size_t>(mover)];
      } else {
        v = (next->is_terminal() ? next->returns()
                                 : next->evaluate())[static_cast<std::size_t>(mover)];
      }
      Node& child = pool_[static_cast<std::size_t>(c)];
      child.visits = static_cast<std::uint32_t>(params_.prior);
      child.value = v * params_.prior;
      child.q = v;
    }
  }
  Node& n = pool_[static_cast<std::size_t>(node)];
  n.expanded = true;
  n.own_chain = n.mover == mover;
  std::sort(legal_.begin(), legal_.end());
}

void MctsAgent::iterate(const game::State& root, core::Rng& rng) {
  // Determinise: a state consistent with what side_ may see (5.1.3-style hidden draws in bma
  // are chance nodes still to come, so the default clone is exact there).
  auto state = root.resample_hidden(side_, rng);
  ++stats_.determinisations;
  std::int32_t node = 0;
  path_.clear();
  path_.push_back(0);
  // The first chance node met since the last decision, kept when `chance` averages leaves.
  std::unique_ptr<game::State> chance_root;
  for (;;) {
    const game::Player p = state->current_player();
    if (p == game::kTerminalPlayer) {
      result_ = state->returns();
      break;
    }
    if (p == game::kChancePlayer) {
      if (params_.chance > 0 && !chance_root) chance_root = state->clone_for_search();
      state->chance_outcomes(outcomes_);
      std::int32_t child = -1;
      if (params_.widen > 0 && !outcomes_.empty()) {
        child = sparse_outcome(node, rng);
      } else {
        const game::Action a = params_.stratify && !outcomes_.empty()
                                   ? stratified_outcome(node)
                                   : game::sample_chance(outcomes_, rng);
        child = pool_[static_cast<std::size_t>(node)].first_child;
        while (child >= 0 && pool_[static_cast<std::size_t>(child)].action != a)
          child = pool_[static_cast<std::size_t>(child)].next_sibling;
        if (child < 0) child = add_child(node, a, game::kChancePlayer);
      }
      state->apply_unchecked(pool_[static_cast<std::size_t>(child)].action);
      node = child;
      path_.push_back(node);
      continue;
    }
    Node& n = pool_[static_cast<std::size_t>(node)];
    bool forced = false;
    if (params_.forced && !n.expanded && node != 0 && !n.reached) {
      state->agent_actions(legal_);
      forced = legal_.size() == 1;  // nothing to choose: not a leaf, the descent goes on
    }
    if (!n.expanded && node != 0 && !n.reached && !forced) {
      // A decision node reached for the first time is a leaf; it is expanded (with priors, its
      // children scored) when the search comes back to it. (A child scored by a prior starts
      // with virtual visits, so `reached`, not the visit count, says whether it was met.)
      pool_[static_cast<std::size_t>(node)].reached = true;
      if (chance_root && params_.rollout == 0)
        expected_leaf(*chance_root, rng);
      else
        evaluate_leaf(*state, rng);
      break;
    }
    chance_root.reset();
    const bool filter = p != side_;
    const bool expanded = pool_[static_cast<std::size_t>(node)].expanded;
    if (!expanded || filter) state->agent_actions(legal_);
    std::int32_t child = -1;
    if (!expanded) {
      expand(node, *state, p, rng);
      child = select(node, false, nullptr);
    } else if (!filter) {
      child = select(node, false, nullptr);
    } else {
      // Another side's decisions may depend on what side_ cannot see: under another
      // determinisation its legal actions may differ, so only the legal children compete and
      // any legal action not yet in the tree is added (never happens with perfect information;
      // the side's own decisions depend only on what it sees, so they need no such check).
      std::size_t matched = 0;
      child = select(node, true, &matched);
      if (matched < legal_.size()) {
        for (const game::Action a : legal_) {
          std::int32_t c = pool_[static_cast<std::size_t>(node)].first_child;
          while (c >= 0 && pool_[static_cast<std::size_t>(c)].action != a)
            c = pool_[static_cast<std::size_t>(c)].next_sibling;
          if (c < 0) add_child(node, a, p);
        }
        matched = 0;
        child = select(node, true, &matched);
      }
    }
    if (child < 0) {  // no legal action: a ruleset defect; score the position as it is
      evaluate_leaf(*state, rng);
      break;
    }
    state->apply_unchecked(pool_[static_cast<std::size_t>(child)].action);
    node = child;
    path_.push_back(node);
  }
  // Leaf first, so that with `chain` each node's children are up to date when it is valued.
  for (std::size_t k = path_.size(); k-- > 0;) {
    Node& n = pool_[static_cast<std::size_t>(path_[k])];
    ++n.visits;
    if (n.mover >= 0 && static_cast<std::size_t>(n.mover) < result_.size())
      n.value += result_[static_cast<std::size_t>(n.mover)];
    if (params_.chain) update_q(n);
  }
}

// The mean; for an own-chain node the best q among its visited children (a child scored by a
// prior counts as visited), so a side's own consecutive decisions are valued by its best
// continuation and not by the average of the options the search tried.
void MctsAgent::update_q(Node& n) {
  double best = -1e300;
  if (n.own_chain)
    for (std::int32_t c = n.first_child; c >= 0;
         c = pool_[static_cast<std::size_t>(c)].next_sibling) {
      const Node& child = pool_[static_cast<std::size_t>(c)];
      if (child.visits > 0 && child.q > best) best = child.q;
    }
  n.q = best > -1e300 ? best : n.value / std::max<std::uint32_t>(n.visits, 1);
}

// Keeps the subtree of the action chosen last time as the new root if `state` is exactly the
// state that action led to (the side's own decisions follow each other within one move): its
// visits and values were gathered on the same position, so they stay valid and the new budget
// is added to them. Copies it to the front of a second pool (the root at index 0) and swaps.
bool MctsAgent::reuse_subtree(const game::State& state) {
  if (next_root_ < 0 || static_cast<std::size_t>(next_root_) >= pool_.size()) return false;
  const std::int32_t old_root = next_root_;
  next_root_ = -1;
  if (state.to_string() != next_root_text_) return false;
  spare_.clear();
  spare_.push_back(pool_[static_cast<std::size_t>(old_root)]);
  spare_[0].first_child = -1;
  spare_[0].next_sibling = -1;
  copy_stack_.clear();
  copy_stack_.emplace_back(old_root, 0);
  while (!copy_stack_.empty()) {
    const auto [from, to] = copy_stack_.back();
    copy_stack_.pop_back();
    std::int32_t previous = -1;
    for (std::int32_t c = pool_[static_cast<std::size_t>(from)].first_child; c >= 0;
         c = pool_[static_cast<std::size_t>(c)].next_sibling) {
      const auto index = static_cast<std::int32_t>(spare_.size());
      Node copy = pool_[static_cast<std::size_t>(c)];
      copy.first_child = -1;
      copy.next_sibling = -1;
      spare_.push_back(copy);
      if (previous < 0)
        spare_[static_cast<std::size_t>(to)].first_child = index;
      else
        spare_[static_cast<std::size_t>(previous)].next_sibling = index;
      previous = index;
      copy_stack_.emplace_back(c, index);
    }
  }
  pool_.swap(spare_);
  return true;
}

// Notes where the chosen action leads, if the side decides again right after it.
void MctsAgent::remember_choice(const game::State& state, std::int32_t chosen) {
  next_root_ = -1;
  auto next = state.clone_for_search();
  next->apply_unchecked(pool_[static_cast<std::size_t>(chosen)].action);
  if (next->current_player() != side_) return;
  next_root_text_ = next->to_string();
  next_root_ = chosen;
}

double MctsAgent::judge(const game::State& state) const {
  return (state.is_terminal() ? state.returns()
                              : state.evaluate())[static_cast<std::size_t>(side_)];
}

// Progressive bias at the root: every action starts with `seed` virtual visits at what the
// evaluation says of it. An action that changes nothing the evaluation sees (bookkeeping inside
// a compound move) is judged by the best of the side's next decisions instead, so picking a
// unit is worth the best hex it can reach.
void MctsAgent::seed_root(const game::State& state, core::Rng& rng) {
  if (!pool_[0].expanded) {
    state.agent_actions(legal_);
    expand(0, state, side_, rng);
  }
  const double here = judge(state);
  const double k = params_.seed;
  std::uint32_t added = 0;
  for (std::int32_t c = pool_[0].first_child; c >= 0;
       c = pool_[static_cast<std::size_t>(c)].next_sibling) {
    auto next = state.clone_for_search();
    next->apply_unchecked(pool_[static_cast<std::size_t>(c)].action);
    double v = judge(*next);
    if (next->current_player() == side_ && std::abs(v - here) <= 1e-9) {
      next->agent_actions(look_);
      double best = -1e300;
      for (const game::Action a : look_) {
        auto after = next->clone_for_search();
        after->apply_unchecked(a);
        best = std::max(best, judge(*after));
      }
      if (!look_.empty()) v = best;
    }
    Node& child = pool_[static_cast<std::size_t>(c)];
    child.visits += static_cast<std::uint32_t>(k);
    child.value += v * k;
    if (params_.chain) update_q(child);
    added += static_cast<std::uint32_t>(k);
  }
  pool_[0].visits += added;
}

// The most visited action (ties: the better mean, then the shuffled order); with `final=1` the
// action with the best mean - lcb / sqrt(visits), virtual visits of the priors and seeds
// included (ties: more visits, then the shuffled order). A child never visited is never chosen
// while another was.
std::int32_t MctsAgent::final_choice() const {
  std::int32_t best = -1;
  double best_score = 0;
  for (std::int32_t c = pool_[0].first_child; c >= 0;
       c = pool_[static_cast<std::size_t>(c)].next_sibling) {
    const Node& n = pool_[static_cast<std::size_t>(c)];
    const double mean = n.visits ? q(n) : -1e300;
    double score = mean;
    if (params_.final == 1 && n.visits)
      score = mean - params_.lcb / std::sqrt(static_cast<double>(n.visits));
    if (best < 0) {
      best = c;
      best_score = score;
      continue;
    }
    const Node& b = pool_[static_cast<std::size_t>(best)];
    const bool better = params_.final == 1
                            ? (n.visits > 0 && (b.visits == 0 || score > best_score ||
                                                (score == best_score && n.visits > b.visits)))
                            : (n.visits > b.visits || (n.visits == b.visits && score > best_score));
    if (better) {
      best = c;
      best_score = score;
    }
  }
  return best;
}

game::Action MctsAgent::choose(const game::State& state, core::Rng& rng) {
  stats_ = {};
  last_choice_ = game::kInvalidAction;
  begin_decision();
  state.agent_actions(legal_);
  if (legal_.empty()) return game::kInvalidAction;
  if (legal_.size() == 1) {
    // The only decision open: nothing is searched, and explain() gives its evaluation.
    next_root_ = -1;
    pool_.clear();
    auto next = state.clone_for_search();
    next->apply_unchecked(legal_.front());
    single_ = {legal_.front(), judge(*next), 0};
    last_choice_ = legal_.front();
    return last_choice_;
  }
  if (params_.reuse && reuse_subtree(state)) {
    stats_.reused_visits = pool_[0].visits;
  } else {
    next_root_ = -1;
    pool_.clear();
    pool_.emplace_back();
  }
  if (params_.seed > 0) seed_root(state, rng);
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  const auto limit = std::chrono::milliseconds(params_.milliseconds);
  for (std::int64_t i = 0;; ++i) {
    if (limit_reached()) break;  // the driver's limit, whatever the budget (ai/agent.hpp)
    if (params_.milliseconds > 0) {
      if ((i & 15) == 0 && i > 0 && Clock::now() - start >= limit) break;
    } else if (i >= params_.iterations) {
      break;
    }
    iterate(state, rng);
    ++stats_.iterations;
  }
  stats_.nodes = static_cast<std::int64_t>(pool_.size());
  const std::int32_t best = final_choice();
  if (best < 0) {  // stopped before the first iteration: the first candidate
    next_root_ = -1;
    last_choice_ = legal_.front();
    return last_choice_;
  }
  if (params_.reuse) remember_choice(state, best);
  last_choice_ = pool_[static_cast<std::size_t>(best)].action;
  return last_choice_;
}

Explanation MctsAgent::explain(std::size_t limit) const {
  Explanation e;
  e.effort_unit = "visits";
  e.chosen = last_choice_;
  if (last_choice_ == game::kInvalidAction) return e;
  if (pool_.empty()) {
    if (limit > 0) e.candidates.push_back(single_);
    return e;
  }
  for (std::int32_t c = pool_[0].first_child; c >= 0;
       c = pool_[static_cast<std::size_t>(c)].next_sibling) {
    const Node& n = pool_[static_cast<std::size_t>(c)];
    e.candidates.push_back({n.action, n.visits ? q(n) : 0.0, static_cast<std::int64_t>(n.visits)});
  }
  std::stable_sort(e.candidates.begin(), e.candidates.end(),
                   [](const Candidate& a, const Candidate& b) {
                     return a.effort != b.effort ? a.effort > b.effort : a.value > b.value;
                   });
  if (e.candidates.size() > limit) e.candidates.resize(limit);
  return e;
}

core::Expected<double> double_param(const AgentSpec& spec, const std::string& key, double fallback,
                                    double lo, double hi) {
  const auto it = spec.params.find(key);
  if (it == spec.params.end()) return fallback;
  const std::string& s = it->second;
  double v = 0;
  const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || ptr != s.data() + s.size() || !(v >= lo && v <= hi))
    return core::make_error(
        fmt::format("Agent parameter {}={} of '{}' must be a number from {} to {}.", key, s,
                    spec.kind, lo, hi));
  return v;
}

}  // namespace carroccio::ai
