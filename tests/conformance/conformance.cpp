#include "tests/conformance/conformance.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdlib>
#include <set>

#include "ai/agent.hpp"
#include "core/hash.hpp"
#include "fmt/format.h"
#include "game/driver.hpp"
#include "game/record.hpp"
#include "sim/playout.hpp"

namespace carroccio::tests {

std::string ConformanceCase::name() const {
  std::string text = ruleset + "_" + scenario;
  if (!options.empty()) text += "_" + game::options_to_string(options);
  for (auto& c : text)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return text;
}

std::vector<ConformanceCase> conformance_cases(const game::Registry& registry, bool long_suite) {
  std::vector<ConformanceCase> cases;
  for (const auto& r : registry.rulesets()) {
    const auto& info = r->info();
    if (!info.plays_games) continue;
    for (const auto& s : info.scenarios)
      for (const auto& options : r->scenario_conformance_option_sets(s.id, long_suite))
        cases.push_back({info.id, s.id, options});
  }
  return cases;
}

int conformance_games(int default_games) {
  const char* env = std::getenv("CARROCCIO_CONFORMANCE_GAMES");
  if (env == nullptr) return default_games;
  const std::string_view text(env);
  int n = 0;
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (ec != std::errc() || ptr != text.data() + text.size() || n < 1) return default_games;
  return n;
}

namespace {

// Collects failures of one game, each prefixed with the step.
class Failures {
 public:
  explicit Failures(std::size_t limit) : limit_(limit) {}
  void add(std::uint64_t step, std::string what) {
    if (list_.size() < limit_) list_.push_back(fmt::format("step {}: {}", step, what));
  }
  bool full() const { return list_.size() >= limit_; }
  std::vector<std::string>& list() { return list_; }

 private:
  std::size_t limit_;
  std::vector<std::string> list_;
};

std::string player_text(const game::Game& g, game::Player p) {
  return fmt::format("{} ({})", g.player_name(p), p);
}

// The checks of one state, before choosing its action. `deep` adds the checks that copy the
// whole state: every legal action's name and the JSON of every viewer.
void check_state(const game::State& state, std::uint64_t step, bool deep, Failures& failures,
                 std::vector<game::Action>& legal, std::vector<game::ChanceOutcome>& outcomes) {
  const game::Game& g = state.game();
  const game::Player p = state.current_player();
  if (!(p == game::kChancePlayer || p == game::kTerminalPlayer || (p >= 0 && p < g.num_players())))
    failures.add(step, fmt::format("current_player() is {}, which is neither a side nor chance "
                                   "nor terminal",
                                   p));
  if (auto problem = state.check_invariants(); !problem.empty())
    failures.add(step, "check_invariants() failed: " + problem);

  state.legal_actions(legal);
  state.chance_outcomes(outcomes);
  if (p >= 0) {
    if (legal.empty()) failures.add(step, "a decision node has no legal actions");
    for (std::size_t i = 1; i < legal.size(); ++i)
      if (!(legal[i - 1] < legal[i])) {
        failures.add(step, fmt::format("legal actions are not sorted and unique: {} then {}",
                                       legal[i - 1], legal[i]));
        break;
      }
    if (!outcomes.empty()) failures.add(step, "a decision node lists chance outcomes");
    if (deep)
      for (auto a : legal)
        if (state.action_to_string(a).empty()) {
          failures.add(step, fmt::format("legal action {} has an empty name", a));
          break;
        }
  } else if (p == game::kChancePlayer) {
    if (!legal.empty()) failures.add(step, "a chance node lists legal actions");
    if (outcomes.empty()) failures.add(step, "a chance node has no outcomes");
    for (std::size_t i = 0; i < outcomes.size(); ++i) {
      if (outcomes[i].weight == 0)
        failures.add(step, fmt::format("chance outcome {} has weight 0", outcomes[i].action));
      if (i > 0 && !(outcomes[i - 1].action < outcomes[i].action))
        failures.add(step, fmt::format("chance outcomes are not sorted by action: {} then {}",
                                       outcomes[i - 1].action, outcomes[i].action));
      if (deep && state.action_to_string(outcomes[i].action).empty())
        failures.add(step, fmt::format("chance outcome {} has an empty name", outcomes[i].action));
    }
  } else if (p == game::kTerminalPlayer) {
    if (!legal.empty()) failures.add(step, "a terminal state lists legal actions");
    if (!outcomes.empty()) failures.add(step, "a terminal state lists chance outcomes");
    if (state.returns().size() != static_cast<std::size_t>(g.num_players()))
      failures.add(step, fmt::format("returns() has {} values for {} sides", state.returns().size(),
                                     g.num_players()));
  }
  if (!deep) return;

  std::vector<game::Player> viewers = {game::kReferee, game::kSpectator};
  for (game::Player v = 0; v < g.num_players(); ++v) viewers.push_back(v);
  std::vector<std::string> checked;  // texts already parsed back (viewers often see the same)
  for (game::Player v : viewers) {
    const nlohmann::json j = state.to_json(v);
    std::string text;
    try {
      text = j.dump();
    } catch (const std::exception& e) {
      failures.add(step, fmt::format("to_json({}) cannot be written as JSON: {}", v, e.what()));
      continue;
    }
    if (std::find(checked.begin(), checked.end(), text) != checked.end()) continue;
    nlohmann::json back;
    try {
      back = nlohmann::json::parse(text);
    } catch (const std::exception& e) {
      failures.add(step, fmt::format("to_json({}) does not parse back: {}", v, e.what()));
      continue;
    }
    if (back != j)
      failures.add(step, fmt::format("to_json({}) does not survive a JSON round trip", v));
    else
      checked.push_back(std::move(text));
  }
}

// An action that is not legal here (one past the largest legal action or chance outcome).
game::Action illegal_action(const std::vector<game::Action>& legal,
                            const std::vector<game::ChanceOutcome>& outcomes) {
  game::Action top = 0;
  for (auto a : legal) top = std::max(top, a);
  for (const auto& o : outcomes) top = std::max(top, o.action);
  return top + 1;
}

}  // namespace

GameCheck check_random_game(const game::Game& game, std::uint64_t seed, const CheckLimits& limits,
                            std::uint64_t deep_stride) {
  GameCheck result;
  Failures failures(limits.max_failures);
  const int n = game.num_players();
  auto state = game.new_initial_state();
  sim::PlayoutRngs rngs = sim::make_playout_rngs(seed, 0, n);
  std::vector<ai::RandomAgent> agents(static_cast<std::size_t>(n));
  std::vector<game::Action> legal;
  std::vector<game::ChanceOutcome> outcomes;
  if (deep_stride == 0) deep_stride = 1;

  std::uint64_t step = 0;
  check_state(*state, step, true, failures, legal, outcomes);
  while (!state->is_terminal() && !failures.full()) {
    if (step >= limits.max_steps) {
      failures.add(step, fmt::format("the game did not end within {} steps", limits.max_steps));
      break;
    }
    const bool deep = step % deep_stride == 0;
    const game::Player p = state->current_player();
    game::Action action;
    if (p == game::kChancePlayer) {
      if (outcomes.empty()) break;
      action = game::sample_chance(outcomes, rngs.chance);
    } else if (p >= 0 && p < n) {
      if (legal.empty()) break;
      const auto side = static_cast<std::size_t>(p);
      action = agents[side].choose(*state, rngs.agents[side]);
      if (std::find(legal.begin(), legal.end(), action) == legal.end()) {
        failures.add(step, "the random agent chose an action that is not legal");
        break;
      }
    } else {
      break;
    }
    if (state->action_to_string(action).empty())
      failures.add(step, fmt::format("the chosen action {} has an empty name", action));
    const std::size_t history_before = state->history().size();

    std::string before;
    std::unique_ptr<game::State> copy;
    if (deep) {
      // A clone equals the original (text, hash, history), refuses an illegal action without
      // changing, and evolves independently: applying the action to it leaves the original as
      // it was.
      before = state->to_string();
      copy = state->clone();
      if (copy->to_string() != before) failures.add(step, "clone() differs from the original");
      if (copy->hash() != core::fnv1a64(before)) failures.add(step, "clone() hashes differently");
      if (copy->history() != state->history())
        failures.add(step, "clone() has a different history");
      const game::Action bad = illegal_action(legal, outcomes);
      if (copy->apply(bad))
        failures.add(step, fmt::format("illegal action {} was accepted", bad));
      else if (copy->history().size() != history_before || copy->to_string() != before)
        failures.add(step, fmt::format("refusing illegal action {} changed the state", bad));
      if (auto s = copy->apply(action); !s)
        failures.add(step,
                     fmt::format("a clone refused the chosen action {}: {}", action, s.message()));
      if (state->to_string() != before)
        failures.add(step, "applying an action to a clone changed the original");
    }

    // Apply to the original: accepted (legality checked), recorded in history.
    if (auto s = state->apply(action); !s) {
      failures.add(step, fmt::format("the chosen action {} was refused by {}: {}", action,
                                     player_text(game, p), s.message()));
      break;
    }
    ++step;
    if (state->history().size() != history_before + 1 ||
        state->history().back() != game::HistoryItem{p, action})
      failures.add(step, "history() did not grow by the applied action");
    if (deep && copy->to_string() != state->to_string())
      failures.add(step, "the same action applied to a state and its clone gave different states");
    check_state(*state, step, step % deep_stride == 0 || state->is_terminal(), failures, legal,
                outcomes);
  }
  result.steps = step;

  // The facts sim counts (result_facts, which a ruleset may write without JSON) say exactly
  // what result_summary() says, filled into storage that held another game's facts before.
  if (state->is_terminal()) {
    game::ResultFacts expected, fast;
    expected.assign_from(state->result_summary());
    fast.add_piece("stale", "stale", "stale");
    fast.end_reason = "stale";
    state->result_facts(fast);
    auto same = expected.end_reason == fast.end_reason && expected.has_turn == fast.has_turn &&
                expected.turn == fast.turn && expected.score_label == fast.score_label &&
                expected.score_sides == fast.score_sides && expected.scores == fast.scores &&
                expected.piece_count == fast.piece_count;
    for (std::size_t k = 0; same && k < expected.piece_count; ++k)
      same = expected.pieces[k].id == fast.pieces[k].id &&
             expected.pieces[k].side == fast.pieces[k].side &&
             expected.pieces[k].fate == fast.pieces[k].fate;
    if (!same) failures.add(step, "result_facts() does not say what result_summary() says");
  }

  // The fast path (apply_unchecked, reused buffers) with the same seed gives the same game.
  if (failures.list().empty()) {
    std::vector<ai::RandomAgent> fast(static_cast<std::size_t>(n));
    std::vector<ai::Agent*> pointers;
    for (auto& a : fast) pointers.push_back(&a);
    sim::PlayoutOptions options;
    options.max_steps = limits.max_steps;
    auto played = sim::play_game(game, pointers, seed, 0, options);
    if (!played)
      failures.add(step, "sim::play_game failed: " + played.message());
    else if (played->state->to_string() != state->to_string())
      failures.add(step, "sim::play_game with the same seed reached a different final state");
  }
  result.failures = std::move(failures.list());
  result.final_state = std::move(state);
  return result;
}

std::vector<std::string> check_record_round_trip(const game::Registry& registry,
                                                 const game::State& state, std::uint64_t seed) {
  std::vector<std::string> failures;
  const game::Game& g = state.game();
  std::map<std::string, std::string> agents;
  for (const auto& name : g.player_names()) agents[name] = "random";
  const game::GameRecord record = game::make_record(state, seed, agents);
  if (record.final_hash != core::hex64(state.hash()))
    failures.push_back("make_record() stored a final hash that is not the state's hash");
  const std::string text = game::record_to_json(record).dump(1);
  auto json = game::parse_json_text(text, "record");
  if (!json) return {"the record's JSON does not parse back: " + json.message()};
  auto back = game::record_from_json(*json, "record");
  if (!back) return {"record_from_json() refused the record just written: " + back.message()};
  if (back->actions != record.actions) failures.push_back("the record's actions changed in JSON");
  if (back->final_hash != record.final_hash)
    failures.push_back("the record's final hash changed in JSON");
  auto replayed = game::replay(registry, *back);
  if (!replayed) return {"replaying the record failed: " + replayed.message()};
  if ((*replayed)->to_string() != state.to_string())
    failures.push_back("replaying the record reached a different final state");
  if (core::hex64((*replayed)->hash()) != back->final_hash)
    failures.push_back("replaying the record reached a different final hash");
  if ((*replayed)->history() != state.history())
    failures.push_back("replaying the record gave a different history");
  return failures;
}

std::vector<std::string> check_case(const game::Registry& registry, const ConformanceCase& c,
                                    int games, const CheckLimits& limits) {
  std::vector<std::string> failures;
  const std::string label =
      c.options.empty() ? c.ref()
                        : fmt::format("{} with {}", c.ref(), game::options_to_string(c.options));
  auto game = registry.load(c.ref(), c.options);
  if (!game) return {fmt::format("{}: cannot load: {}", label, game.message())};
  std::set<std::uint64_t> distinct;  // hashes of the games' histories
  for (int i = 0; i < games; ++i) {
    const auto seed = static_cast<std::uint64_t>(i);
    const std::uint64_t stride = i < limits.deep_games ? 1 : limits.deep_stride;
    GameCheck check = check_random_game(**game, seed, limits, stride);
    for (auto& f : check.failures)
      failures.push_back(fmt::format("{}, seed {}, {}", label, seed, f));
    if (!check.failures.empty()) continue;
    for (auto& f : check_record_round_trip(registry, *check.final_state, seed))
      failures.push_back(fmt::format("{}, seed {}: {}", label, seed, f));
    std::uint64_t h = core::fnv1a64("");
    for (const auto& item : check.final_state->history())
      h = core::fnv1a64(fmt::format("{},{};", item.player, item.action), h);
    distinct.insert(h);
  }
  if (games >= 2 && failures.empty() && distinct.size() < 2)
    failures.push_back(fmt::format("{}: all {} seeds played the identical game", label, games));
  return failures;
}

}  // namespace carroccio::tests
