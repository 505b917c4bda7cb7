// Rulesets, their scenarios and options, and where a game is created from a name or a file.
#pragma once

#include <functional>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/status.hpp"
#include "game/json_text.hpp"  // parse_json_text, read_text_file
#include "game/rules_reference.hpp"
#include "game/state.hpp"

namespace carroccio::game {

struct RulesetInfo {
  std::string id;     // "bma": used in the CLI, scenario files, records
  std::string title;  // "Battles of the Middle Ages: Legnano 1176"
  std::string description;
  std::vector<ScenarioInfo> scenarios;
  std::vector<OptionInfo> options;
  // Whether the ruleset plays whole games through State (a referee-only ruleset does not).
  bool plays_games = true;
  // Whether the browser's table referee page serves the ruleset (alsh); a ruleset that plays
  // no games and has no referee page (gwkho, for now) offers only its commands().
  bool table_referee = false;
  // The agent kind a front end offers first as the computer opponent, when the ruleset has
  // measured which of its agents plays best (docs/ai.md); "" = the front end's own choice.
  std::string suggested_opponent;
};

// The catalogue entry of a ruleset as the CLI (`rulesets --json`) and the HTTP API
// (GET /api/rulesets) show it: id, title, description, plays_games, table_referee,
// suggested_opponent (null when none), scenarios (id, title, description) and options (name,
// description, values).
nlohmann::json ruleset_info_json(const RulesetInfo& info);

// A subcommand of `carroccio` that a ruleset contributes (`carroccio alsh ...`, `carroccio army
// FILE`): the command line lists it in `carroccio --help` and hands it the words after its name.
// It reads its own arguments, declared as a game::CommandSpec (command_line.hpp) like every
// built-in subcommand's, so that it answers its own --help; it writes its own output, and returns
// the exit code: 0 done, 1 the job could not be done (a bad file), 2 the command line is wrong.
struct RulesetCommand {
  using Run = std::function<int(const std::vector<std::string>& args, std::ostream& out,
                                std::ostream& err)>;
  std::string name;       // "army": the word after `carroccio`
  std::string arguments;  // "FILE [--json]": shown after the name in `carroccio --help`
  std::string summary;    // one line for `carroccio --help`
  Run run;
};

class Ruleset {
 public:
  virtual ~Ruleset() = default;
  virtual const RulesetInfo& info() const = 0;

  // The text of a built-in scenario (JSON), or an error naming the known scenarios.
  virtual core::Expected<std::string> builtin_scenario(std::string_view id) const;

  // Builds a game from scenario JSON; `source_name` (a file path or "bma/legnano") is named in
  // every error, with the field and the problem.
  virtual core::Expected<std::shared_ptr<const Game>> new_game(const nlohmann::json& scenario,
                                                               std::string_view source_name,
                                                               const Options& options) const = 0;

  // Checks option names and values against info().options.
  core::Status validate_options(const Options& options) const;

  // The kinds of file a person may give this ruleset ("scenario"; a ruleset with army lists adds
  // "army"), and the reading of one such file already parsed as JSON: what `carroccio play FILE`
  // and the loader fuzz targets (fuzz/) go through. Ok when the file is good; otherwise the
  // sentence that names the field. The default knows scenarios, read by new_game() and checked
  // down to the initial state.
  virtual std::vector<std::string> file_kinds() const { return {"scenario"}; }
  virtual core::Status read_file(std::string_view kind, const nlohmann::json& file,
                                 std::string_view source_name) const;
  // What the ruleset computes about a file of one of its kinds, for a page that builds such
  // files (the army builder: a gwkho army list's points, element equivalents and morale
  // thresholds): the report as JSON, or the sentence that names the field and the rule broken.
  // The default computes nothing for any kind.
  virtual core::Expected<nlohmann::json> assess_file(std::string_view kind,
                                                     const nlohmann::json& file,
                                                     std::string_view source_name) const;

  // The table referee of a ruleset that offers one (info().table_referee): what the browser's
  // referee page and GET /api/rulesets/{id}/tables show, as JSON with a "tables" array (each
  // table with at least its "name", and the fields a form needs) and a "request" object
  // describing the request's fields; null when the ruleset has no referee (the default).
  virtual nlohmann::json referee_tables() const { return nullptr; }
  // Resolves one referee request (POST /api/rulesets/{id}/resolve): its "table" is a name from
  // referee_tables(), its other fields the ruleset's (situation, dice, seed, ...). The answer is
  // the ruleset's report; a bad request is one sentence naming the field. The default refuses.
  virtual core::Expected<nlohmann::json> referee_resolve(const nlohmann::json& request) const;

  // Option sets the conformance suite runs on each scenario (at least the empty set).
  virtual std::vector<Options> conformance_option_sets() const { return {Options{}}; }
  // The option sets of the long conformance suite (CARROCCIO_LONG_TESTS), when a ruleset checks
  // more there than in every run (bma: every combination, where each run takes a set covering
  // every pair); empty (the default): the same as conformance_option_sets().
  virtual std::vector<Options> long_conformance_option_sets() const { return {}; }
  // The option sets for one scenario, in every run (`long_suite` false) or in the long suite:
  // by default conformance_option_sets(), or long_conformance_option_sets() when the long suite
  // has its own. A ruleset overrides it when only some scenarios accept an option (gwkho's
  // pitched battle), or to share its options among its scenarios in every run.
  virtual std::vector<Options> scenario_conformance_option_sets(std::string_view scenario,
                                                                bool long_suite) const {
    (void)scenario;
    if (long_suite)
      if (auto sets = long_conformance_option_sets(); !sets.empty()) return sets;
    return conformance_option_sets();
  }

  // The subcommands of `carroccio` this ruleset contributes (none by default).
  virtual std::vector<RulesetCommand> commands() const { return {}; }

  // `carroccio odds <id> ...`: the exact odds of a situation a person describes on the command
  // line or in a file, with no game record (bma: a combat of chosen units and chits). `usage`
  // is its synopsis in `carroccio odds --help`; `run` gets the words after the id and answers as a
  // RulesetCommand does: its own --help and a bad description in one sentence (exit code 2),
  // both through a game::CommandSpec (command_line.hpp). None by default: the
  // odds of a saved position (`carroccio odds RECORD`) come from State::action_odds for every
  // ruleset.
  struct DescribedOdds {
    std::string usage;
    RulesetCommand::Run run;
  };
  virtual std::optional<DescribedOdds> described_odds() const { return std::nullopt; }

 protected:
  // Built-in scenarios as (id, JSON text); rulesets fill this from embedded files.
  virtual std::vector<std::pair<std::string, std::string>> builtin_scenarios() const { return {}; }
};

class Registry {
 public:
  // Adds a ruleset and its commands, with the documents its rules reference is read from
  // (docs/clauses/<id>.md and docs/rulings/<id>.md as the build embeds them, cmake/Ruleset.cmake).
  // Two rulesets contributing a command of the same name is a build defect (std::logic_error),
  // never user input.
  void add(std::unique_ptr<Ruleset> ruleset, ReferenceFiles reference = {});
  const Ruleset* find(std::string_view id) const;
  const std::vector<std::unique_ptr<Ruleset>>& rulesets() const { return rulesets_; }

  // Every command the rulesets contribute, in registration order, and the one named `name`.
  const std::vector<RulesetCommand>& commands() const { return commands_; }
  const RulesetCommand* find_command(std::string_view name) const;

  // The rules reference of ruleset `id` (game/rules_reference.hpp), read from its documents on
  // each call; nullopt when no ruleset has that id.
  std::optional<nlohmann::json> rules_reference(std::string_view id) const;

  // `ref` is "ruleset/scenario" for a built-in scenario, or the path of a scenario file (whose
  // "ruleset" field names its ruleset). When `warnings` is given, the game's setup_warnings()
  // are appended to it, each with the line of its field in the file ("my.json:12: field ...").
  core::Expected<std::shared_ptr<const Game>> load(
      std::string_view ref, const Options& options,
      std::vector<std::string>* warnings = nullptr) const;
  // Loads from JSON text already read (e.g. embedded in a game record).
  core::Expected<std::shared_ptr<const Game>> load_source(
      const std::string& text, std::string_view source_name, const Options& options,
      std::vector<std::string>* warnings = nullptr) const;

 private:
  std::vector<std::unique_ptr<Ruleset>> rulesets_;
  std::vector<ReferenceFiles> references_;  // one per ruleset, in the same order
  std::vector<RulesetCommand> commands_;
};

}  // namespace carroccio::game
