#include "game/record.hpp"

#include <fstream>
#include <sstream>

#include "core/hash.hpp"
#include "fmt/format.h"

namespace carroccio::game {

GameRecord make_record(const State& state, std::uint64_t seed,
                       const std::map<std::string, std::string>& agents) {
  const Game& g = state.game();
  GameRecord r;
  r.ruleset = g.ruleset();
  r.scenario = g.scenario();
  r.scenario_source = g.scenario_source();
  r.options = g.options();
  r.seed = seed;
  r.agents = agents;
  r.actions = state.history();
  // Regenerate readable names by walking the history from the start.
  auto s = g.new_initial_state();
  for (const auto& h : r.actions) {
    r.action_names.push_back(s->action_to_string(h.action));
    s->apply_unchecked(h.action);
  }
  if (state.is_terminal()) r.returns = state.returns();
  r.final_hash = core::hex64(state.hash());
  return r;
}

nlohmann::json record_to_json(const GameRecord& r) {
  nlohmann::json actions = nlohmann::json::array();
  for (std::size_t i = 0; i < r.actions.size(); ++i) {
    nlohmann::json a = {r.actions[i].player, r.actions[i].action};
    if (i < r.action_names.size()) a.push_back(r.action_names[i]);
    actions.push_back(a);
  }
  nlohmann::json j = {{"format", "carroccio-record"},
                      {"version", 1},
                      {"ruleset", r.ruleset},
                      {"scenario", r.scenario},
                      {"options", options_to_string(r.options)},
                      {"seed", r.seed},
                      {"agents", r.agents},
                      {"actions", actions},
                      {"final_hash", r.final_hash},
                      {"scenario_source", r.scenario_source}};
  if (!r.returns.empty()) j["returns"] = r.returns;
  return j;
}

namespace {
core::Error field_error(std::string_view source, std::string_view field, std::string_view what) {
  return core::make_error(fmt::format("{}: field '{}' {}.", source, field, what));
}
}  // namespace

core::Expected<GameRecord> record_from_json(const nlohmann::json& j, std::string_view source) {
  if (!j.is_object()) return core::make_error(fmt::format("{}: a game record must be a JSON object.", source));
  if (j.value("format", "") != "carroccio-record")
    return field_error(source, "format", "must be \"carroccio-record\"");
  if (!j.contains("version") || !j["version"].is_number_integer() || j["version"] != 1)
    return field_error(source, "version", "must be 1");
  GameRecord r;
  for (const char* f : {"ruleset", "scenario", "options", "final_hash"}) {
    if (!j.contains(f) || !j[f].is_string()) return field_error(source, f, "is missing or not a string");
  }
  r.ruleset = j["ruleset"].get<std::string>();
  r.scenario = j["scenario"].get<std::string>();
  auto opts = parse_options(j["options"].get<std::string>());
  if (!opts) return field_error(source, "options", opts.message());
  r.options = *opts;
  if (!j.contains("seed") || !j["seed"].is_number_unsigned())
    return field_error(source, "seed", "is missing or not a non-negative integer");
  r.seed = j["seed"].get<std::uint64_t>();
  if (j.contains("agents")) {
    if (!j["agents"].is_object()) return field_error(source, "agents", "must be an object");
    for (const auto& [k, v] : j["agents"].items()) {
      if (!v.is_string()) return field_error(source, "agents." + k, "must be a string");
      r.agents[k] = v.get<std::string>();
    }
  }
  if (!j.contains("scenario_source") || !j["scenario_source"].is_object())
    return field_error(source, "scenario_source", "is missing or not an object");
  r.scenario_source = j["scenario_source"];
  if (!j.contains("actions") || !j["actions"].is_array())
    return field_error(source, "actions", "is missing or not an array");
  std::size_t i = 0;
  for (const auto& a : j["actions"]) {
    if (!a.is_array() || a.size() < 2 || !a[0].is_number_integer() || !a[1].is_number_integer())
      return field_error(source, fmt::format("actions[{}]", i),
                         "must be [player, action, name] with integer player and action");
    r.actions.push_back({a[0].get<Player>(), a[1].get<Action>()});
    r.action_names.push_back(a.size() > 2 && a[2].is_string() ? a[2].get<std::string>() : "");
    ++i;
  }
  if (j.contains("returns")) {
    if (!j["returns"].is_array()) return field_error(source, "returns", "must be an array");
    for (const auto& v : j["returns"]) {
      if (!v.is_number()) return field_error(source, "returns", "must hold numbers");
      r.returns.push_back(v.get<double>());
    }
  }
  r.final_hash = j["final_hash"].get<std::string>();
  return r;
}

core::Expected<GameRecord> read_record_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) return core::make_error(fmt::format("Cannot open game record '{}'.", path));
  std::stringstream ss;
  ss << in.rdbuf();
  auto j = parse_json_text(ss.str(), path);
  if (!j) return j.error();
  return record_from_json(*j, path);
}

core::Status write_record_file(const GameRecord& record, const std::string& path) {
  std::ofstream out(path);
  if (!out) return core::make_error(fmt::format("Cannot write game record '{}'.", path));
  out << record_to_json(record).dump(1) << "\n";
  if (!out) return core::make_error(fmt::format("Writing game record '{}' failed.", path));
  return core::Status::Ok();
}

core::Expected<std::unique_ptr<State>> replay(const Registry& registry, const GameRecord& record,
                                              core::EventSink* sink) {
  const Ruleset* r = registry.find(record.ruleset);
  if (r == nullptr)
    return core::make_error(
        fmt::format("The record is for ruleset '{}', which is not known.", record.ruleset));
  if (auto s = r->validate_options(record.options); !s) return core::make_error(s.message());
  auto game = r->new_game(record.scenario_source, fmt::format("record scenario '{}'", record.scenario),
                          record.options);
  if (!game) return game.error();
  auto state = (*game)->new_initial_state();
  state->set_event_sink(sink);
  for (std::size_t i = 0; i < record.actions.size(); ++i) {
    const auto& h = record.actions[i];
    if (state->current_player() != h.player)
      return core::make_error(fmt::format(
          "Record action {} was made by {}, but at that point it is {}'s turn.", i,
          (*game)->player_name(h.player), (*game)->player_name(state->current_player())));
    if (auto s = state->apply(h.action); !s)
      return core::make_error(fmt::format("Record action {} cannot be replayed: {}", i, s.message()));
  }
  state->set_event_sink(nullptr);
  return state;
}

}  // namespace carroccio::game
