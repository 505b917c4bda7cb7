#include "game/state.hpp"

#include <algorithm>

#include "core/hash.hpp"
#include "fmt/format.h"

namespace carroccio::game {

Game::Game(std::string ruleset, std::string scenario, std::vector<std::string> players,
           Options options, nlohmann::json scenario_source)
    : ruleset_(std::move(ruleset)),
      scenario_(std::move(scenario)),
      players_(std::move(players)),
      options_(std::move(options)),
      scenario_source_(std::move(scenario_source)) {}

const std::string& Game::player_name(Player p) const {
  static const std::string kChance = "chance";
  static const std::string kTerminal = "terminal";
  static const std::string kUnknown = "unknown";
  if (p >= 0 && p < num_players()) return players_[static_cast<std::size_t>(p)];
  if (p == kChancePlayer) return kChance;
  if (p == kTerminalPlayer) return kTerminal;
  return kUnknown;
}

core::Expected<Player> Game::find_player(std::string_view name) const {
  for (std::size_t i = 0; i < players_.size(); ++i)
    if (players_[i] == name) return static_cast<Player>(i);
  return core::make_error(fmt::format("'{}' is not a side of {}/{}: the sides are {}.", name,
                                      ruleset_, scenario_, fmt::join(players_, ", ")));
}

std::vector<Action> State::legal_actions() const {
  std::vector<Action> out;
  legal_actions(out);
  return out;
}

std::vector<Action> State::person_actions() const {
  std::vector<Action> out;
  person_actions(out);
  return out;
}

std::vector<ChanceOutcome> State::chance_outcomes() const {
  std::vector<ChanceOutcome> out;
  chance_outcomes(out);
  return out;
}

core::Status State::apply(Action action) {
  const Player p = current_player();
  if (p == kTerminalPlayer)
    return core::make_error("The game is over: no further action can be applied.");
  if (p == kChancePlayer) {
    const auto outcomes = chance_outcomes();
    const bool found = std::any_of(outcomes.begin(), outcomes.end(),
                                   [&](const ChanceOutcome& o) { return o.action == action; });
    if (!found)
      return core::make_error(
          fmt::format("Action {} is not a possible chance outcome here.", action));
  } else {
    const auto legal = legal_actions();
    if (!std::binary_search(legal.begin(), legal.end(), action))
      if (auto s = check_unlisted(action); !s) return s;
  }
  apply_unchecked(action);
  return core::Status::Ok();
}

core::Status State::check_unlisted(Action action) const {
  return core::make_error(fmt::format("Action {} is not a legal decision for {} here.", action,
                                      game().player_name(current_player())));
}

namespace {
// Set while clone_for_search() copies a state, so the copy constructor skips the history.
thread_local bool t_cloning_for_search = false;
}  // namespace

State::State(const State& other)
    : game_(other.game_),
      history_(other.record_history_ && !t_cloning_for_search ? other.history_
                                                              : std::vector<HistoryItem>{}),
      sink_(nullptr),
      record_history_(other.record_history_ && !t_cloning_for_search) {}

void State::set_record_history(bool on) {
  record_history_ = on;
  if (!on) std::vector<HistoryItem>().swap(history_);
}

std::unique_ptr<State> State::clone_for_search() const {
  struct Guard {
    Guard() { t_cloning_for_search = true; }
    ~Guard() { t_cloning_for_search = false; }
  } guard;
  return clone();
}

void State::apply_unchecked(Action action) {
  if (record_history_) history_.push_back({current_player(), action});
  do_apply(action);
}

std::uint64_t State::hash() const { return core::fnv1a64(to_string()); }

nlohmann::json State::action_to_json(Action action) const {
  return {{"id", action}, {"name", action_to_string(action)}};
}

void ResultFacts::clear() {
  end_reason.clear();
  has_turn = false;
  turn = 0;
  score_label.clear();
  score_sides.clear();
  scores.clear();
  piece_count = 0;
}

void ResultFacts::add_piece(std::string_view id, std::string_view side, std::string_view fate) {
  if (piece_count == pieces.size()) pieces.emplace_back();
  Piece& p = pieces[piece_count++];
  p.id.assign(id);
  p.side.assign(side);
  p.fate.assign(fate);
}

void ResultFacts::assign_from(const nlohmann::json& s) {
  clear();
  if (!s.is_object()) return;
  if (const auto it = s.find("end_reason"); it != s.end() && it->is_string())
    end_reason = it->get_ref<const std::string&>();
  if (const auto it = s.find("turn"); it != s.end() && it->is_number()) {
    has_turn = true;
    turn = it->get<double>();
  }
  if (const auto it = s.find("score_label"); it != s.end() && it->is_string())
    score_label = it->get_ref<const std::string&>();
  if (const auto score = s.find("score"); score != s.end() && score->is_object())
    for (const auto& [side, value] : score->items())
      if (value.is_number()) {
        score_sides.push_back(side);
        scores.push_back(value.get<double>());
      }
  if (const auto list = s.find("pieces"); list != s.end() && list->is_array())
    for (const auto& piece : *list) {
      if (!piece.is_object()) {
        add_piece("", "", "");  // no id: not counted, but the others keep their places
        continue;
      }
      auto text = [&](const char* key, std::string_view fallback) -> std::string_view {
        const auto it = piece.find(key);
        return it != piece.end() && it->is_string()
                   ? std::string_view(it->get_ref<const std::string&>())
                   : fallback;
      };
      add_piece(text("id", ""), text("side", ""), text("fate", "unknown"));
    }
}

void State::result_facts(ResultFacts& out) const { out.assign_from(result_summary()); }

std::vector<double> State::evaluate() const {
  if (is_terminal()) return returns();
  return std::vector<double>(static_cast<std::size_t>(game().num_players()), 0.0);
}

double outcome_probability(const std::vector<ChanceOutcome>& outcomes, std::size_t i) {
  std::uint64_t total = 0;
  for (const auto& o : outcomes) total += o.weight;
  return total == 0 ? 0.0 : static_cast<double>(outcomes[i].weight) / static_cast<double>(total);
}

}  // namespace carroccio::game
