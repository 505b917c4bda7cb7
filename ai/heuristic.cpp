#include "ai/heuristic.hpp"

#include <algorithm>
#include <cmath>

#include "game/driver.hpp"

namespace carroccio::ai {

namespace {
constexpr double kTieEpsilon = 1e-9;
}  // namespace

HeuristicAgent::HeuristicAgent(game::Player side, HeuristicParams params, std::string name)
    : side_(side), params_(params), name_(std::move(name)) {}

double HeuristicAgent::leaf(const game::State& state) {
  if (state.is_terminal()) return state.returns()[static_cast<std::size_t>(side_)];
  return state.evaluate()[static_cast<std::size_t>(side_)];
}

// A buffer per recursion level, reused across decisions (no allocation once warmed up).
template <typename T>
static std::vector<T>& buffer(std::deque<std::vector<T>>& buffers, std::size_t level) {
  if (buffers.size() <= level) buffers.resize(level + 1);
  return buffers[level];
}

// Expected score for side_ of a state reached after the decisions searched so far: chance
// outcomes are averaged by weight (exactly while they fit the sample budget, else sampled with
// the agent's generator) and the first decision node after them, or any other side's decision,
// is a leaf scored by State::evaluate().
double HeuristicAgent::expected(const game::State& state, int samples, core::Rng& rng) {
  ++nodes_;
  if (!state.is_chance_node() || nodes_ >= params_.max_nodes || limit_reached()) return leaf(state);
  auto& outcomes = buffer(outcomes_, level_);
  state.chance_outcomes(outcomes);
  ++level_;
  double total = 0;
  const auto n = static_cast<int>(outcomes.size());
  if (n > 1 && n <= samples) {
    std::uint64_t weight_sum = 0;
    for (const auto& o : outcomes) weight_sum += o.weight;
    const int share = std::max(1, samples / n);
    for (const auto& o : outcomes) {
      auto child = state.clone_for_search();
      child->apply_unchecked(o.action);
      total += static_cast<double>(o.weight) * expected(*child, share, rng);
    }
    --level_;
    return total / static_cast<double>(weight_sum);
  }
  const int draws = n == 1 ? 1 : samples;
  for (int k = 0; k < draws; ++k) {
    auto child = state.clone_for_search();
    child->apply_unchecked(game::sample_chance(outcomes, rng));
    total += expected(*child, 1, rng);
  }
  --level_;
  return total / draws;
}

// The best of side_'s decisions from `state` (whose evaluation is `here`). A decision after
// which the evaluation is unchanged (picking a unit before its hex, a target before the
// attackers, activating a leader) is bookkeeping inside a compound move: it is searched
// through without spending depth, within the node cap. One that changes the evaluation spends
// a level; at depth 0 its evaluation is the answer.
double HeuristicAgent::best(const game::State& state, double here, int depth, core::Rng& rng,
                            std::vector<game::Action>* best_actions) {
  auto& legal = buffer(legal_, decision_level_);
  state.agent_actions(legal);
  if (legal.empty()) return here;
  ++decision_level_;
  // The cap is shared evenly among this node's actions, so none is starved by its siblings.
  const int start = nodes_;
  const int share = std::max(1, (params_.max_nodes - nodes_) / static_cast<int>(legal.size()));
  const int saved_cap = params_.max_nodes;
  double best_value = -1e300;
  for (std::size_t i = 0; i < legal.size(); ++i) {
    const game::Action a = legal[i];
    params_.max_nodes = start + share * static_cast<int>(i + 1);
    const int before = nodes_;
    auto child = state.clone_for_search();
    child->apply_unchecked(a);
    ++nodes_;
    double v;
    if (child->current_player() == side_) {
      const double e = leaf(*child);
      const int next = std::abs(e - here) <= kTieEpsilon ? depth : depth - 1;
      v = (next > 0 && nodes_ < params_.max_nodes && !limit_reached())
              ? best(*child, e, next, rng, nullptr)
              : e;
    } else {
      v = expected(*child, params_.samples, rng);
    }
    if (best_actions != nullptr) {
      root_values_.push_back({a, v, static_cast<std::int64_t>(nodes_ - before)});
      if (v > best_value + kTieEpsilon)
        best_actions->assign(1, a);
      else if (v >= best_value - kTieEpsilon)
        best_actions->push_back(a);
    }
    best_value = std::max(best_value, v);
  }
  params_.max_nodes = saved_cap;
  --decision_level_;
  return best_value;
}

game::Action HeuristicAgent::choose(const game::State& state, core::Rng& rng) {
  begin_decision();
  state.agent_actions(root_legal_);
  if (root_legal_.empty()) return game::kInvalidAction;
  root_values_.clear();
  last_choice_ = game::kInvalidAction;
  if (root_legal_.size() == 1) {
    // The only decision open: its account is its evaluation, with no search.
    auto child = state.clone_for_search();
    child->apply_unchecked(root_legal_.front());
    root_values_.push_back({root_legal_.front(), leaf(*child), 0});
    last_choice_ = root_legal_.front();
    return last_choice_;
  }
  nodes_ = 0;
  level_ = 0;
  decision_level_ = 0;
  best_.clear();
  best(state, leaf(state), params_.depth, rng, &best_);
  last_choice_ = best_[static_cast<std::size_t>(rng.uniform(best_.size()))];
  return last_choice_;
}

Explanation HeuristicAgent::explain(std::size_t limit) const {
  Explanation e;
  e.effort_unit = "positions";
  e.chosen = last_choice_;
  e.candidates = root_values_;
  std::stable_sort(e.candidates.begin(), e.candidates.end(),
                   [](const Candidate& a, const Candidate& b) { return a.value > b.value; });
  if (e.candidates.size() > limit) e.candidates.resize(limit);
  return e;
}

}  // namespace carroccio::ai
