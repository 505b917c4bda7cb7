#include "ai/agent.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>

#include "ai/heuristic.hpp"
#include "ai/mcts.hpp"
#include "fmt/format.h"

namespace carroccio::ai {

Agent::~Agent() = default;

std::string Agent::name() const { return "agent"; }

Explanation Agent::explain(std::size_t limit) const {
  (void)limit;
  return {};
}

game::Action RandomAgent::choose(const game::State& state, core::Rng& rng) {
  state.legal_actions(legal_);
  if (legal_.empty()) return game::kInvalidAction;
  return legal_[static_cast<std::size_t>(rng.uniform(legal_.size()))];
}

namespace {

bool is_name(std::string_view s) {
  if (s.empty()) return false;
  return std::all_of(s.begin(), s.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
  });
}

constexpr std::string_view kForm = "write KIND or KIND:key=value,... (e.g. mcts:iters=20000)";

}  // namespace

core::Expected<AgentSpec> AgentSpec::parse(std::string_view text) {
  AgentSpec spec;
  const auto colon = text.find(':');
  const std::string_view kind = text.substr(0, colon);
  if (kind.empty())
    return core::make_error(fmt::format("Agent '{}' has no kind: {}.", text, kForm));
  if (!is_name(kind))
    return core::make_error(fmt::format(
        "Agent kind '{}' may only hold lower-case letters, digits, '_' and '-': {}.", kind, kForm));
  spec.kind = std::string(kind);
  if (colon == std::string_view::npos) return spec;
  std::string_view rest = text.substr(colon + 1);
  if (rest.empty())
    return core::make_error(
        fmt::format("Agent '{}' has a ':' but no parameters after it: {}.", text, kForm));
  while (true) {
    const auto comma = rest.find(',');
    const std::string_view item = rest.substr(0, comma);
    const auto eq = item.find('=');
    if (eq == std::string_view::npos || eq == 0 || eq + 1 == item.size())
      return core::make_error(fmt::format(
          "Agent parameter '{}' of '{}' is not of the form key=value: {}.", item, text, kForm));
    const std::string_view key = item.substr(0, eq);
    if (!is_name(key))
      return core::make_error(fmt::format(
          "Agent parameter name '{}' may only hold lower-case letters, digits, '_' and '-'.", key));
    if (!spec.params.emplace(std::string(key), std::string(item.substr(eq + 1))).second)
      return core::make_error(
          fmt::format("Agent parameter '{}' is given twice in '{}'.", key, text));
    if (comma == std::string_view::npos) break;
    rest = rest.substr(comma + 1);
  }
  return spec;
}

std::string AgentSpec::to_string() const {
  std::string out = kind;
  char sep = ':';
  for (const auto& [key, value] : params) {
    out += sep;
    out += key + "=" + value;
    sep = ',';
  }
  return out;
}

core::Expected<long long> AgentSpec::int_param(const std::string& key, long long fallback,
                                               long long lo, long long hi) const {
  const auto it = params.find(key);
  if (it == params.end()) return fallback;
  long long v = 0;
  const std::string& s = it->second;
  const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || ptr != s.data() + s.size() || v < lo || v > hi)
    return core::make_error(
        fmt::format("Agent parameter {}={} of '{}' must be a whole number from {} to {}.", key, s,
                    kind, lo, hi));
  return v;
}

core::Status AgentSpec::check_params(const std::vector<std::string>& known) const {
  for (const auto& [key, value] : params) {
    if (std::find(known.begin(), known.end(), key) != known.end()) continue;
    if (known.empty())
      return core::make_error(
          fmt::format("Agent '{}' takes no parameters, but '{}' was given.", kind, key));
    return core::make_error(fmt::format("'{}' is not a parameter of agent '{}': it takes {}.", key,
                                        kind, fmt::join(known, ", ")));
  }
  return core::Status::Ok();
}

std::vector<std::string> agent_kinds() { return {"heuristic", "mcts", "random"}; }

core::Expected<std::unique_ptr<Agent>> make_agent(const AgentSpec& spec, const game::Game& game,
                                                  game::Player side) {
  if (side < 0 || side >= game.num_players())
    return core::make_error(
        fmt::format("Player {} is not a side of {}/{}.", side, game.ruleset(), game.scenario()));
  if (spec.kind == "random") {
    if (auto s = spec.check_params({}); !s) return core::make_error(s.message());
    return std::unique_ptr<Agent>(std::make_unique<RandomAgent>());
  }
  if (spec.kind == "heuristic") {
    if (auto s = spec.check_params({"depth", "nodes", "samples"}); !s)
      return core::make_error(s.message());
    HeuristicParams p;
    auto depth = spec.int_param("depth", p.depth, 1, 4);
    if (!depth) return depth.error();
    auto samples = spec.int_param("samples", p.samples, 1, 64);
    if (!samples) return samples.error();
    auto nodes = spec.int_param("nodes", p.max_nodes, 1, 1'000'000);
    if (!nodes) return nodes.error();
    p.depth = static_cast<int>(*depth);
    p.samples = static_cast<int>(*samples);
    p.max_nodes = static_cast<int>(*nodes);
    return std::unique_ptr<Agent>(std::make_unique<HeuristicAgent>(side, p, spec.to_string()));
  }
  if (spec.kind == "mcts") {
    if (auto s = spec.check_params({"c", "chain", "chance", "final", "forced", "iters", "lcb", "ms",
                                    "norm", "prior", "pw", "reuse", "rollout", "seed", "strat",
                                    "widen"});
        !s)
      return core::make_error(s.message());
    if (spec.params.count("iters") && spec.params.count("ms"))
      return core::make_error("Agent 'mcts' takes a budget of either iters or ms, not both.");
    MctsParams p;
    if (game.default_search_iterations() > 0) p.iterations = game.default_search_iterations();
    auto iters = spec.int_param("iters", p.iterations, 1, 100'000'000);
    if (!iters) return iters.error();
    auto ms = spec.int_param("ms", 0, 1, 3'600'000);
    if (!ms) return ms.error();
    auto c = double_param(spec, "c", p.exploration, 0.0, 100.0);
    if (!c) return c.error();
    auto rollout = spec.int_param("rollout", p.rollout, 0, 100'000);
    if (!rollout) return rollout.error();
    p.iterations = *iters;
    p.milliseconds = *ms;
    p.exploration = *c;
    auto prior = spec.int_param("prior", p.prior, 0, 1'000'000);
    if (!prior) return prior.error();
    p.rollout = static_cast<int>(*rollout);
    p.prior = static_cast<int>(*prior);
    auto reuse = spec.int_param("reuse", p.reuse ? 1 : 0, 0, 1);
    if (!reuse) return reuse.error();
    p.reuse = *reuse != 0;
    auto seed = spec.int_param("seed", p.seed, 0, 1'000'000);
    if (!seed) return seed.error();
    p.seed = static_cast<int>(*seed);
    auto chance = spec.int_param("chance", p.chance, 0, 1024);
    if (!chance) return chance.error();
    p.chance = static_cast<int>(*chance);
    auto forced = spec.int_param("forced", p.forced ? 1 : 0, 0, 1);
    if (!forced) return forced.error();
    p.forced = *forced != 0;
    auto strat = spec.int_param("strat", p.stratify ? 1 : 0, 0, 1);
    if (!strat) return strat.error();
    p.stratify = *strat != 0;
    auto norm = spec.int_param("norm", p.normalise ? 1 : 0, 0, 1);
    if (!norm) return norm.error();
    p.normalise = *norm != 0;
    auto widen = spec.int_param("widen", p.widen, 0, 1'000'000);
    if (!widen) return widen.error();
    p.widen = static_cast<int>(*widen);
    auto final_choice = spec.int_param("final", p.final, 0, 1);
    if (!final_choice) return final_choice.error();
    p.final = static_cast<int>(*final_choice);
    auto lcb = double_param(spec, "lcb", p.lcb, 0.0, 100.0);
    if (!lcb) return lcb.error();
    p.lcb = *lcb;
    auto chain = spec.int_param("chain", p.chain ? 1 : 0, 0, 1);
    if (!chain) return chain.error();
    p.chain = *chain != 0;
    auto pw = spec.int_param("pw", p.pw, 0, 1024);
    if (!pw) return pw.error();
    p.pw = static_cast<int>(*pw);
    return std::unique_ptr<Agent>(std::make_unique<MctsAgent>(side, p, spec.to_string()));
  }
  return core::make_error(fmt::format("'{}' is not an agent kind: the kinds are {}.", spec.kind,
                                      fmt::join(agent_kinds(), ", ")));
}

}  // namespace carroccio::ai
