#include "game/registry.hpp"

#include <algorithm>
#include <stdexcept>

#include "fmt/format.h"
#include "game/json_text.hpp"
#include "game/scenario_reader.hpp"
#include "game/switches.hpp"

namespace carroccio::game {

core::Expected<std::string> Ruleset::builtin_scenario(std::string_view id) const {
  std::vector<std::string> names;
  for (const auto& [name, text] : builtin_scenarios()) {
    if (name == id) return text;
    names.push_back(name);
  }
  if (names.empty())
    return core::make_error(fmt::format("Ruleset '{}' has no built-in scenarios.", info().id));
  return core::make_error(fmt::format("Ruleset '{}' has no scenario '{}': it has {}.", info().id,
                                      id, fmt::join(names, ", ")));
}

core::Status Ruleset::validate_options(const Options& options) const {
  const auto& known = info().options;
  for (const auto& [name, value] : options) {
    auto it = std::find_if(known.begin(), known.end(),
                           [&n = name](const OptionInfo& o) { return o.name == n; });
    if (it == known.end()) {
      std::vector<std::string> names;
      for (const auto& o : known) names.push_back(o.name);
      return unknown_option_error(info().id, name, names);
    }
    if (it->values.empty()) {
      if (value != "true")
        return core::make_error(
            fmt::format("Option '{}' is a switch and takes no value (got '{}').", name, value));
    } else if (std::find(it->values.begin(), it->values.end(), value) == it->values.end()) {
      return core::make_error(fmt::format("Option '{}' cannot be '{}': it can be {}.", name, value,
                                          fmt::join(it->values, ", ")));
    }
  }
  return core::Status::Ok();
}

core::Status Ruleset::read_file(std::string_view kind, const nlohmann::json& file,
                                std::string_view source_name) const {
  if (kind != "scenario")
    return core::make_error(
        fmt::format("Ruleset '{}' reads no file of kind '{}'.", info().id, printable(kind)));
  auto game = new_game(file, source_name, {});
  if (!game) return core::make_error(game.message());
  auto state = (*game)->new_initial_state();
  (void)state->to_string();
  return core::Status::Ok();
}

core::Expected<nlohmann::json> Ruleset::assess_file(std::string_view kind,
                                                    const nlohmann::json& file,
                                                    std::string_view source_name) const {
  (void)file;
  (void)source_name;
  return core::make_error(fmt::format("Ruleset '{}' computes no report on a file of kind '{}'.",
                                      info().id, printable(kind)));
}

core::Expected<nlohmann::json> Ruleset::referee_resolve(const nlohmann::json& /*request*/) const {
  return core::make_error(fmt::format("Ruleset {} has no referee tables.", info().id));
}

void Registry::add(std::unique_ptr<Ruleset> ruleset, ReferenceFiles reference) {
  for (auto& command : ruleset->commands()) {
    if (command.name.empty() || !command.run)
      throw std::logic_error(fmt::format(
          "ruleset '{}' contributes a command without a name or a body", ruleset->info().id));
    if (find_command(command.name) != nullptr)
      throw std::logic_error(fmt::format("two rulesets contribute the command '{}'", command.name));
    commands_.push_back(std::move(command));
  }
  rulesets_.push_back(std::move(ruleset));
  references_.push_back(std::move(reference));
}

std::optional<nlohmann::json> Registry::rules_reference(std::string_view id) const {
  for (std::size_t i = 0; i < rulesets_.size(); ++i)
    if (rulesets_[i]->info().id == id)
      return game::rules_reference(rulesets_[i]->info(), references_[i]);
  return std::nullopt;
}

const RulesetCommand* Registry::find_command(std::string_view name) const {
  for (const auto& c : commands_)
    if (c.name == name) return &c;
  return nullptr;
}

const Ruleset* Registry::find(std::string_view id) const {
  for (const auto& r : rulesets_)
    if (r->info().id == id) return r.get();
  return nullptr;
}

namespace {
// The game's set-up warnings, each with the line of its field in `text`.
void add_setup_warnings(const Game& game, std::string_view source, std::string_view text,
                        std::vector<std::string>* warnings) {
  if (warnings == nullptr) return;
  for (const auto& w : game.setup_warnings()) warnings->push_back(with_field_line(w, source, text));
}
}  // namespace

core::Expected<std::shared_ptr<const Game>> Registry::load_source(
    const std::string& text, std::string_view source_name, const Options& options,
    std::vector<std::string>* warnings) const {
  auto json = parse_json_text(text, source_name);
  if (!json) return json.error();
  if (!json->is_object())
    return core::make_error(
        fmt::format("{}: a scenario file must hold a JSON object.", source_name));
  auto it = json->find("ruleset");
  if (it == json->end() || !it->is_string())
    return core::make_error(fmt::format(
        "{}: field 'ruleset' is missing or not a string: it must name the ruleset, e.g. \"bma\".",
        source_name));
  const auto id = it->get<std::string>();
  const Ruleset* r = find(id);
  if (r == nullptr)
    return core::make_error(fmt::format(
        "{}: field 'ruleset' names '{}', which is not a known ruleset.", source_name, id));
  if (auto s = r->validate_options(options); !s) return core::make_error(s.message());
  auto game = r->new_game(*json, source_name, options);
  if (!game) return core::make_error(with_field_line(game.message(), source_name, text));
  add_setup_warnings(**game, source_name, text, warnings);
  return game;
}

core::Expected<std::shared_ptr<const Game>> Registry::load(
    std::string_view ref, const Options& options, std::vector<std::string>* warnings) const {
  const bool looks_like_file = ref.find(".json") != std::string_view::npos || ref.find("./") == 0 ||
                               ref.find('/') == 0 || std::count(ref.begin(), ref.end(), '/') > 1;
  if (looks_like_file) {
    auto text = read_text_file(std::string(ref), "scenario file");
    if (!text) return text.error();
    return load_source(*text, ref, options, warnings);
  }
  const auto slash = ref.find('/');
  const std::string_view id = ref.substr(0, slash);
  const Ruleset* r = find(id);
  if (r == nullptr) {
    std::vector<std::string> ids;
    for (const auto& x : rulesets_) ids.push_back(x->info().id);
    return core::make_error(
        fmt::format("'{}' is not a known ruleset: the rulesets are {}.", id, fmt::join(ids, ", ")));
  }
  std::string scenario;
  if (slash == std::string_view::npos) {
    if (r->info().scenarios.empty())
      return core::make_error(fmt::format("Ruleset '{}' has no scenarios to play.", id));
    scenario = r->info().scenarios.front().id;
  } else {
    scenario = std::string(ref.substr(slash + 1));
  }
  auto text = r->builtin_scenario(scenario);
  if (!text) return text.error();
  if (auto s = r->validate_options(options); !s) return core::make_error(s.message());
  const std::string source = fmt::format("{}/{}", id, scenario);
  auto json = parse_json_text(*text, source);
  if (!json) return json.error();
  auto game = r->new_game(*json, source, options);
  if (!game) return core::make_error(with_field_line(game.message(), source, *text));
  add_setup_warnings(**game, source, *text, warnings);
  return game;
}

nlohmann::json ruleset_info_json(const RulesetInfo& info) {
  nlohmann::json scenarios = nlohmann::json::array();
  for (const auto& s : info.scenarios)
    scenarios.push_back({{"id", s.id}, {"title", s.title}, {"description", s.description}});
  nlohmann::json options = nlohmann::json::array();
  for (const auto& o : info.options)
    options.push_back({{"name", o.name}, {"description", o.description}, {"values", o.values}});
  return {{"id", info.id},
          {"title", info.title},
          {"description", info.description},
          {"plays_games", info.plays_games},
          {"table_referee", info.table_referee},
          {"suggested_opponent", info.suggested_opponent.empty()
                                     ? nlohmann::json(nullptr)
                                     : nlohmann::json(info.suggested_opponent)},
          {"scenarios", scenarios},
          {"options", options}};
}

}  // namespace carroccio::game
