#include "game/record.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <limits>
#include <set>

#include "core/hash.hpp"
#include "core/sha256.hpp"
#include "fmt/format.h"
#include "game/json_text.hpp"

namespace carroccio::game {

GameRecord make_record(const State& state, std::uint64_t seed,
                       const std::map<std::string, std::string>& agents, const RecordDraws& draws) {
  const Game& g = state.game();
  GameRecord r;
  r.ruleset = g.ruleset();
  r.scenario = g.scenario();
  r.scenario_source = g.scenario_source();
  r.scenario_sha256 = scenario_fingerprint(r.scenario_source);
  r.options = g.options();
  r.seed = seed;
  r.dice = draws.dice;
  r.game_index = draws.game_index;
  r.dice_commitment = draws.dice_commitment;
  r.dice_secret = draws.dice_secret;
  r.agents = agents;
  r.agent_draw = draws.agent_draw;
  r.agent_time_limited = draws.agent_time_limited;
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

std::string scenario_fingerprint(const nlohmann::json& scenario_source) {
  return core::sha256_hex(
      scenario_source.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
}

nlohmann::json record_to_json(const GameRecord& r) {
  nlohmann::json actions = nlohmann::json::array();
  for (std::size_t i = 0; i < r.actions.size(); ++i) {
    nlohmann::json a = {r.actions[i].player, r.actions[i].action};
    if (i < r.action_names.size()) a.push_back(r.action_names[i]);
    actions.push_back(a);
  }
  nlohmann::json j = {
      {"format", "carroccio-record"},
      {"version", kRecordVersion},
      {"ruleset", r.ruleset},
      {"scenario", r.scenario},
      {"options", options_to_string(r.options)},
      {"dice", std::string(dice_draw_name(r.dice))},
      {"agents", r.agents},
      {"agent_draw", std::string(agent_draw_name(r.agent_draw))},
      {"actions", actions},
      {"final_hash", r.final_hash},
      {"scenario_sha256",
       r.scenario_sha256.empty() ? scenario_fingerprint(r.scenario_source) : r.scenario_sha256},
      {"scenario_source", r.scenario_source}};
  if (r.dice != DiceDraw::kCommitted) j["seed"] = r.seed;
  if (r.dice == DiceDraw::kStream && r.game_index != 0) j["game_index"] = r.game_index;
  if (r.dice == DiceDraw::kCommitted) {
    j["dice_commitment"] = r.dice_commitment;
    if (!r.dice_secret.empty()) j["dice_secret"] = r.dice_secret;
  }
  if (!r.agent_time_limited.empty()) j["agent_time_limited"] = r.agent_time_limited;
  if (!r.returns.empty()) j["returns"] = r.returns;
  return j;
}

namespace {

core::Error field_error(std::string_view source, std::string_view field, std::string_view what) {
  return core::make_error(fmt::format("{}: field '{}' {}.", source, field, what));
}

bool is_hex(const std::string& s, std::size_t n) {
  return s.size() == n && std::all_of(s.begin(), s.end(), [](char c) {
           return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
         });
}

}  // namespace

core::Expected<GameRecord> record_from_json(const nlohmann::json& j, std::string_view source) {
  if (!j.is_object())
    return core::make_error(fmt::format("{}: a game record must be a JSON object.", source));
  if (!j.contains("format") || !j["format"].is_string() || j["format"] != "carroccio-record")
    return field_error(source, "format", "must be \"carroccio-record\"");
  if (!j.contains("version") || !j["version"].is_number_integer() ||
      (j["version"] != 1 && j["version"] != 2))
    return field_error(source, "version", "must be 1 or 2 (the versions this build reads)");
  GameRecord r;
  r.version = j["version"].get<int>();
  const bool v2 = r.version >= 2;
  for (const char* f : {"ruleset", "scenario", "options", "final_hash"}) {
    if (!j.contains(f) || !j[f].is_string())
      return field_error(source, f, "is missing or not a string");
  }
  r.ruleset = j["ruleset"].get<std::string>();
  r.scenario = j["scenario"].get<std::string>();
  auto opts = parse_options(j["options"].get<std::string>());
  if (!opts) return field_error(source, "options", opts.message());
  r.options = *opts;
  if (v2) {
    if (!j.contains("dice") || !j["dice"].is_string() ||
        !dice_draw_from_name(j["dice"].get<std::string>()))
      return field_error(source, "dice",
                         "must be \"stream\", \"indexed\", \"committed\", \"physical\" or "
                         "\"unknown\"");
    r.dice = *dice_draw_from_name(j["dice"].get<std::string>());
    if (!j.contains("agent_draw") || !j["agent_draw"].is_string() ||
        !agent_draw_from_name(j["agent_draw"].get<std::string>()))
      return field_error(source, "agent_draw",
                         "must be \"stream\", \"per-decision\" or \"unknown\"");
    r.agent_draw = *agent_draw_from_name(j["agent_draw"].get<std::string>());
    if (!j.contains("scenario_sha256") || !j["scenario_sha256"].is_string() ||
        !is_hex(j["scenario_sha256"].get<std::string>(), 64))
      return field_error(source, "scenario_sha256", "must be 64 lowercase hex digits");
    r.scenario_sha256 = j["scenario_sha256"].get<std::string>();
  }
  const bool needs_seed = !v2 || r.dice != DiceDraw::kCommitted;
  if (j.contains("seed") || needs_seed) {
    if (!j.contains("seed") || !j["seed"].is_number_unsigned())
      return field_error(source, "seed", "is missing or not a non-negative integer");
    r.seed = j["seed"].get<std::uint64_t>();
  }
  if (v2 && j.contains("game_index")) {
    if (!j["game_index"].is_number_unsigned())
      return field_error(source, "game_index", "must be a non-negative integer");
    r.game_index = j["game_index"].get<std::uint64_t>();
  }
  if (v2 && r.dice == DiceDraw::kCommitted) {
    if (!j.contains("dice_commitment") || !j["dice_commitment"].is_string() ||
        !is_hex(j["dice_commitment"].get<std::string>(), 64))
      return field_error(source, "dice_commitment", "must be 64 lowercase hex digits");
    r.dice_commitment = j["dice_commitment"].get<std::string>();
    if (j.contains("dice_secret")) {
      if (!j["dice_secret"].is_string() || !valid_dice_secret(j["dice_secret"].get<std::string>()))
        return field_error(source, "dice_secret", "must be 64 lowercase hex digits");
      r.dice_secret = j["dice_secret"].get<std::string>();
    }
  }
  if (j.contains("agents")) {
    if (!j["agents"].is_object()) return field_error(source, "agents", "must be an object");
    for (const auto& [k, v] : j["agents"].items()) {
      if (!v.is_string()) return field_error(source, "agents." + printable(k), "must be a string");
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
    const auto bad = [&] {
      return field_error(source, fmt::format("actions[{}]", i),
                         "must be [player, action, name] with whole-number player and action");
    };
    if (!a.is_array() || a.size() < 2 || !a[0].is_number_integer() || !a[1].is_number_integer())
      return bad();
    // Within range of the types, so no value wraps around.
    const auto fits = [](const nlohmann::json& v, std::int64_t lo, std::int64_t hi) {
      if (v.is_number_unsigned()) return v.get<std::uint64_t>() <= static_cast<std::uint64_t>(hi);
      const auto x = v.get<std::int64_t>();
      return x >= lo && x <= hi;
    };
    if (!fits(a[0], std::numeric_limits<Player>::min(), std::numeric_limits<Player>::max()) ||
        !fits(a[1], std::numeric_limits<Action>::min(), std::numeric_limits<Action>::max()))
      return bad();
    r.actions.push_back({static_cast<Player>(a[0].get<std::int64_t>()),
                         static_cast<Action>(a[1].get<std::int64_t>())});
    r.action_names.push_back(a.size() > 2 && a[2].is_string() ? a[2].get<std::string>() : "");
    ++i;
  }
  if (v2 && j.contains("agent_time_limited")) {
    if (!j["agent_time_limited"].is_array())
      return field_error(source, "agent_time_limited", "must be an array of action indices");
    for (const auto& v : j["agent_time_limited"]) {
      if (!v.is_number_unsigned() || v.get<std::uint64_t>() >= r.actions.size())
        return field_error(source, "agent_time_limited", "must hold indices of the actions");
      r.agent_time_limited.push_back(static_cast<std::size_t>(v.get<std::uint64_t>()));
    }
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
  auto text = read_text_file(path, "game record");
  if (!text) return text.error();
  auto j = parse_json_text(*text, path);
  if (!j) return j.error();
  return record_from_json(*j, path);
}

core::Status write_record_file(const GameRecord& record, const std::string& path) {
  std::ofstream out(path);
  if (!out) return core::make_error(fmt::format("Cannot write game record '{}'.", path));
  out << record_to_json(record).dump(1, ' ', false, nlohmann::json::error_handler_t::replace)
      << "\n";
  if (!out) return core::make_error(fmt::format("Writing game record '{}' failed.", path));
  return core::Status::Ok();
}

namespace {

core::Expected<std::shared_ptr<const Game>> record_game(const Registry& registry,
                                                        const GameRecord& record) {
  const Ruleset* r = registry.find(record.ruleset);
  if (r == nullptr)
    return core::make_error(fmt::format("The record is for ruleset '{}', which is not known.",
                                        printable(record.ruleset)));
  if (auto s = r->validate_options(record.options); !s) return core::make_error(s.message());
  return r->new_game(record.scenario_source,
                     fmt::format("record scenario '{}'", printable(record.scenario)),
                     record.options);
}

std::string side_text(const Game& game, Player p) {
  if (p >= 0 && p < game.num_players()) return game.player_name(p);
  if (p == kChancePlayer) return "chance";
  if (p == kTerminalPlayer) return "nobody (the game is over)";
  return fmt::format("player {}", p);
}

std::string returns_text(const Game& game, const std::vector<double>& r) {
  std::vector<std::string> parts;
  for (std::size_t i = 0; i < r.size(); ++i)
    parts.push_back(fmt::format("{} {:+g}",
                                i < static_cast<std::size_t>(game.num_players())
                                    ? game.player_name(static_cast<Player>(i))
                                    : fmt::format("side {}", i),
                                r[i]));
  return parts.empty() ? std::string("none") : fmt::format("{}", fmt::join(parts, ", "));
}

}  // namespace

core::Expected<std::unique_ptr<State>> replay(const Registry& registry, const GameRecord& record,
                                              core::EventSink* sink) {
  auto game = record_game(registry, record);
  if (!game) return game.error();
  auto state = (*game)->new_initial_state();
  state->set_event_sink(sink);
  for (std::size_t i = 0; i < record.actions.size(); ++i) {
    const auto& h = record.actions[i];
    if (state->current_player() != h.player)
      return core::make_error(
          fmt::format("Record action {} was made by {}, but at that point it is {}'s turn.", i,
                      side_text(**game, h.player), side_text(**game, state->current_player())));
    if (auto s = state->apply(h.action); !s)
      return core::make_error(
          fmt::format("Record action {} cannot be replayed: {}", i, s.message()));
  }
  state->set_event_sink(nullptr);
  return state;
}

core::Expected<Verification> verify_record(const Registry& registry, const GameRecord& record,
                                           const AgentRedecide& redecide, core::EventSink* sink) {
  auto built = record_game(registry, record);
  if (!built) return built.error();
  const Game& game = **built;
  Verification v;
  auto& notes = v.notes;
  const bool v2 = record.version >= 2;

  // The scenario: its name, its fingerprint, and whether it is this build's own.
  if (record.scenario != game.scenario()) {
    v.problem = fmt::format(
        "Field 'scenario' says '{}', but the record's scenario_source is scenario '{}'.",
        printable(record.scenario), printable(game.scenario()));
    v.state = game.new_initial_state();
    return v;
  }
  if (v2 && record.scenario_sha256 != scenario_fingerprint(record.scenario_source)) {
    v.problem =
        "Field 'scenario_source' does not match its 'scenario_sha256': the scenario was changed "
        "after the record was written.";
    v.state = game.new_initial_state();
    return v;
  }
  if (const Ruleset* rs = registry.find(record.ruleset)) {
    if (auto text = rs->builtin_scenario(record.scenario); text.ok()) {
      const auto builtin = nlohmann::json::parse(*text, nullptr, false);
      notes.push_back(builtin == record.scenario_source
                          ? fmt::format("The scenario is this build's own {}/{}.", record.ruleset,
                                        record.scenario)
                          : fmt::format("The scenario differs from this build's own {}/{} (an "
                                        "edited file, or another version of it); the record's "
                                        "copy is the one replayed.",
                                        record.ruleset, record.scenario));
    } else {
      notes.push_back("The scenario is the record's own (not one built into this build).");
    }
  }

  // How the dice can be checked.
  DiceSource dice{record.dice,        record.seed,       record.game_index, record.dice_commitment,
                  record.dice_secret, game.num_players()};
  std::optional<DiceReplay> redraw;
  if (!v2) {
    notes.push_back(
        "This is an older record (version 1): it does not say how its dice or its agents drew, "
        "so those are not checked; the scenario, every action's legality, the returns and the "
        "final hash are.");
  } else if (record.dice == DiceDraw::kPhysical) {
    notes.push_back(
        "The dice were typed by a person (physical dice): their outcomes are taken as recorded.");
  } else if (record.dice == DiceDraw::kUnknown) {
    notes.push_back("The record does not say how its dice were drawn: they are not checked.");
  } else if (record.dice == DiceDraw::kCommitted && record.dice_secret.empty()) {
    notes.push_back(fmt::format(
        "The dice secret (committed as {}) is revealed only when the game is over: the chance "
        "outcomes cannot be checked yet.",
        record.dice_commitment));
  } else if (record.dice == DiceDraw::kCommitted &&
             dice_commitment(record.dice_secret) != record.dice_commitment) {
    v.problem = fmt::format(
        "Field 'dice_secret' does not match 'dice_commitment': SHA-256 of the secret is {}, the "
        "commitment published at the start says {}.",
        dice_commitment(record.dice_secret), record.dice_commitment);
    v.state = game.new_initial_state();
    return v;
  } else {
    redraw = DiceReplay::make(dice);
  }
  const bool check_agents = v2 && redecide && record.agent_draw != AgentDraw::kUnknown;
  const std::set<std::size_t> limited(record.agent_time_limited.begin(),
                                      record.agent_time_limited.end());
  std::size_t agent_unchecked = 0;

  auto state = game.new_initial_state();
  state->set_event_sink(sink);
  std::vector<ChanceOutcome> outcomes;
  const auto name_of = [&](const State& s, Action a) { return printable(s.action_to_string(a)); };
  for (std::size_t i = 0; i < record.actions.size() && v.problem.empty(); ++i) {
    const auto& h = record.actions[i];
    const Player p = state->current_player();
    if (p != h.player) {
      v.problem = fmt::format("Record action {} was made by {}, but at that point it is {}'s turn.",
                              i, side_text(game, h.player), side_text(game, p));
      break;
    }
    if (p == kChancePlayer) {
      ++v.chance_total;
      if (redraw) {
        state->chance_outcomes(outcomes);
        const bool listed =
            std::any_of(outcomes.begin(), outcomes.end(),
                        [&](const ChanceOutcome& o) { return o.action == h.action; });
        if (!outcomes.empty() && listed) {
          const Action expected = redraw->draw(i, outcomes);
          if (expected != h.action) {
            v.problem = fmt::format(
                "Record action {} is the chance outcome '{}', but the record's dice ({}) give '{}' "
                "there: "
                "the chance outcomes do not follow the dice.",
                i, name_of(*state, h.action),
                record.dice == DiceDraw::kCommitted
                    ? std::string("from its revealed secret")
                    : fmt::format("{} from seed {}", dice_draw_name(record.dice), record.seed),
                name_of(*state, expected));
            break;
          }
          ++v.chance_checked;
        }
      }
    } else if (p >= 0 && check_agents) {
      const auto it = record.agents.find(game.player_name(p));
      if (it != record.agents.end() && it->second != "human") {
        ++v.agent_total;
        if (limited.count(i) > 0) {
          ++agent_unchecked;
        } else if (auto again = redecide(*state, p, i)) {
          if (*again != h.action) {
            v.problem = fmt::format(
                "Record action {} is {}'s decision '{}', but its agent {} decides '{}' there: the "
                "record "
                "does not follow its agents.",
                i, game.player_name(p), name_of(*state, h.action), printable(it->second),
                name_of(*state, *again));
            break;
          }
          ++v.agent_checked;
        } else {
          ++agent_unchecked;
        }
      }
    }
    if (auto s = state->apply(h.action); !s) {
      v.problem = fmt::format("Record action {} cannot be replayed: {}", i, s.message());
      break;
    }
  }
  state->set_event_sink(nullptr);
  if (v.problem.empty()) {
    if (redraw)
      notes.push_back(fmt::format(
          "Chance outcomes: {} of {} follow the dice ({}).", v.chance_checked, v.chance_total,
          record.dice == DiceDraw::kCommitted
              ? std::string("the revealed secret matches its commitment")
              : fmt::format("{} from seed {}", dice_draw_name(record.dice), record.seed)));
    if (check_agents && v.agent_total > 0)
      notes.push_back(fmt::format(
          "Agents' decisions: {} of {} decided again the same{}.", v.agent_checked, v.agent_total,
          agent_unchecked == 0
              ? std::string()
              : fmt::format("; {} cannot be repeated (a time budget, or cut short by the "
                            "server's time limit)",
                            agent_unchecked)));
    else if (v2 && record.agent_draw == AgentDraw::kUnknown &&
             std::any_of(record.agents.begin(), record.agents.end(),
                         [](const auto& a) { return a.second != "human"; }))
      notes.push_back(
          "The record does not say how its agents drew: their decisions are not checked.");
    const std::string hash = core::hex64(state->hash());
    if (hash != record.final_hash) {
      v.problem = fmt::format(
          "The replayed game ends in position {}, but the record says {}, so the record does not "
          "match these rules.",
          hash, printable(record.final_hash));
    } else if (state->is_terminal()) {
      const auto returns = state->returns();
      bool same = returns.size() == record.returns.size();
      for (std::size_t k = 0; same && k < returns.size(); ++k)
        same = std::fabs(returns[k] - record.returns[k]) < 1e-9;
      if (!same && (v2 || !record.returns.empty()))
        v.problem = fmt::format("Field 'returns' says {}, but the game ends with {}.",
                                returns_text(game, record.returns), returns_text(game, returns));
    } else if (!record.returns.empty()) {
      v.problem =
          fmt::format("Field 'returns' says {}, but the game is not over after its {} actions.",
                      returns_text(game, record.returns), record.actions.size());
    }
  }
  v.state = std::move(state);
  return v;
}

}  // namespace carroccio::game
