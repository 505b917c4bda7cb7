#include "ai/heuristic.hpp"

#include <algorithm>

#include "game/driver.hpp"

namespace carroccio::ai {

namespace {
constexpr double kTieEpsilon = 1e-9;
}  // namespace

HeuristicAgent::HeuristicAgent(game::Player side, HeuristicParams params, std::string name)
    : side_(side), params_(params), name_(std::move(name)) {
  legal_.resize(static_cast<std::size_t>(params_.depth) + 1);
  outcomes_.resize(8);
}

double HeuristicAgent::leaf(const game::State& state) {
  if (state.is_terminal()) return state.returns()[static_cast<std::size_t>(side_)];
  return state.evaluate()[static_cast<std::size_t>(side_)];
}

// Expected score of `state` for side_: the side's own decisions are maximised while `depth`
// lasts, chance outcomes are averaged by weight (exactly, or by sampling when wider than the
// sample budget), and the first decision node after chance (or of another side) is a leaf.
double HeuristicAgent::value(const game::State& state, int depth, int samples, core::Rng& rng) {
  ++nodes_;
  const game::Player p = state.current_player();
  if (p == game::kTerminalPlayer) return leaf(state);
  if (p == game::kChancePlayer) {
    if (nodes_ >= params_.max_nodes) return leaf(state);
    // Chance chains are followed one level per call; the buffers are reused by chain depth.
    std::size_t& level = level_;
    if (level >= outcomes_.size()) outcomes_.resize(level + 1);
    auto& outcomes = outcomes_[level];
    state.chance_outcomes(outcomes);
    ++level;
    double total = 0;
    const auto n = static_cast<int>(outcomes.size());
    if (n <= samples && n > 1) {
      std::uint64_t weight_sum = 0;
      for (const auto& o : outcomes) weight_sum += o.weight;
      const int share = std::max(1, samples / n);
      // Copy: the recursion reuses this level's buffer only at deeper levels, but the
      // children's own chance nodes may resize outcomes_.
      for (std::size_t i = 0; i < outcomes_[level - 1].size(); ++i) {
        const auto o = outcomes_[level - 1][i];
        auto child = state.clone();
        child->apply_unchecked(o.action);
        total += static_cast<double>(o.weight) * value(*child, 0, share, rng);
      }
      --level;
      return total / static_cast<double>(weight_sum);
    }
    const int draws = std::max(1, n == 1 ? 1 : samples);
    for (int k = 0; k < draws; ++k) {
      const game::Action a = game::sample_chance(outcomes_[level - 1], rng);
      auto child = state.clone();
      child->apply_unchecked(a);
      total += value(*child, 0, 1, rng);
    }
    --level;
    return total / draws;
  }
  if (p != side_ || depth <= 0 || nodes_ >= params_.max_nodes) return leaf(state);
  auto& legal = legal_[static_cast<std::size_t>(depth)];
  state.legal_actions(legal);
  double best = -1e300;
  for (std::size_t i = 0; i < legal.size(); ++i) {
    auto child = state.clone();
    child->apply_unchecked(legal[i]);
    best = std::max(best, value(*child, depth - 1, samples, rng));
  }
  return legal.empty() ? leaf(state) : best;
}

game::Action HeuristicAgent::choose(const game::State& state, core::Rng& rng) {
  std::vector<game::Action> legal;
  state.legal_actions(legal);
  if (legal.empty()) return game::kInvalidAction;
  if (legal.size() == 1) return legal.front();
  const int budget = std::max(1, params_.max_nodes / static_cast<int>(legal.size()));
  const int full = params_.max_nodes;
  best_.clear();
  double best = -1e300;
  for (const game::Action a : legal) {
    auto child = state.clone();
    child->apply_unchecked(a);
    params_.max_nodes = budget;
    nodes_ = 0;
    const double v = value(*child, params_.depth - 1, params_.samples, rng);
    params_.max_nodes = full;
    if (v > best + kTieEpsilon) {
      best = v;
      best_.assign(1, a);
    } else if (v >= best - kTieEpsilon) {
      best_.push_back(a);
    }
  }
  return best_[static_cast<std::size_t>(rng.uniform(best_.size()))];
}

}  // namespace carroccio::ai
