// Reading scenario files: one JSON field reader whose errors are one sentence naming the file,
// the field (its JSON path) and what was expected, and a base for rulesets whose scenarios are
// JSON files under scenarios/<ruleset>/ (embedded at build time).
//
// Usage, in a ruleset's scenario loader:
//
//   core::Expected<Scenario> load_scenario(const nlohmann::json& j, std::string_view source) {
//     game::FieldReader rd(source);                      // source: "fastplay/s1" or a file path
//     if (!rd.top_level(j, "fastplay", {"ruleset", "id", "title", "turns", "units"}))
//       return *rd.err();                                // object, known fields, right ruleset
//     Scenario s;
//     if (!rd.string(j, "", "id", s.id) ||
//         !rd.integer(j, "", "turns", s.turns, 1, 99, game::Need::kOptional))
//       return *rd.err();
//     const nlohmann::json* units = rd.array(j, "", "units", 1, 60);
//     if (!units) return *rd.err();
//     for (std::size_t i = 0; i < units->size(); ++i) {
//       const std::string p = game::item_path("units", i);  // "units[3]."
//       const auto& u = (*units)[i];
//       UnitType type;
//       if (!rd.object(u, p) || !rd.only_fields(u, p, {"id", "type"}, "a unit") ||
//           !rd.choice(u, p, "type", type, {{"foot", UnitType::kFoot}, {"horse",
//           UnitType::kHorse}}))
//         return *rd.err();
//     }
//     if (bad) return rd.error("units[2].x", "puts the stand off the table");  // own checks
//     return s;
//   }
//
// Every getter returns false on a problem and keeps the FIRST problem in err(), so getters chain
// with || and `return *rd.err();` follows. Messages read "<source>: field '<path>' <what>.";
// when the registry loaded the scenario from text it adds the line of that field after the
// source ("my.json:12: field 'units[3].x' ...", see with_field_line()).
//
// And the ruleset, on FileRuleset:
//
//   class FastplayRuleset final : public game::FileRuleset {
//    public:
//     FastplayRuleset() : FileRuleset(make_info(), embedded_scenarios()) {}
//     core::Expected<std::shared_ptr<const game::Game>> new_game(
//         const nlohmann::json& j, std::string_view source, const game::Options& o) const override
//         {
//       return build_game<FastplayGame>(parse_rule_options, load_scenario, j, source, o);
//     }
//     std::vector<game::Options> conformance_option_sets() const override {
//       return every_option_combination();
//     }
//   };
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/status.hpp"
#include "game/registry.hpp"

namespace carroccio::game {

enum class Need { kRequired, kOptional };

// "units" and 3 -> "units[3]." (the prefix of the fields of that element).
std::string item_path(std::string_view array_field, std::size_t index);
// A message from elsewhere (core, geometry) as the tail of our own sentence: no closing full stop.
std::string sentence_body(std::string text);
// "a", "a or b", "a, b or c".
std::string or_list(const std::vector<std::string_view>& names);
// The first key of `obj` not in `allowed`, or "".
std::string unknown_field(const nlohmann::json& obj,
                          std::initializer_list<std::string_view> allowed);

class FieldReader {
 public:
  explicit FieldReader(std::string_view source) : source_(source) {}

  std::string_view source() const { return source_; }
  // The error "<source>: field '<field>' <what>."; `what` has no closing full stop.
  core::Error error(const std::string& field, const std::string& what) const;
  // Keeps the first failure; always returns false.
  bool fail(const std::string& field, const std::string& what);
  const std::optional<core::Error>& err() const { return err_; }

  // `prefix` is the path of `obj` followed by a dot ("" at the top level, "units[2]." inside an
  // element, "map." inside an object field); `key` is the field read from `obj`.

  // The top level: a JSON object with only `allowed` keys and "ruleset" equal to `ruleset`.
  bool top_level(const nlohmann::json& j, std::string_view ruleset,
                 std::initializer_list<std::string_view> allowed);
  // `obj` itself is an object (`prefix` names it: "units[2]." -> "units[2] must be an object").
  bool object(const nlohmann::json& obj, const std::string& prefix);
  // Every key of `obj` is in `allowed`; otherwise "<prefix><key> is not a field of <what>".
  bool only_fields(const nlohmann::json& obj, const std::string& prefix,
                   std::initializer_list<std::string_view> allowed, std::string_view what);

  // A non-empty string. An optional field that is absent leaves `out` as it was.
  bool string(const nlohmann::json& obj, const std::string& prefix, const char* key,
              std::string& out, Need need = Need::kRequired);
  // A whole number within [lo, hi].
  bool integer(const nlohmann::json& obj, const std::string& prefix, const char* key, int& out,
               int lo, int hi, Need need = Need::kRequired);
  // true or false.
  bool boolean(const nlohmann::json& obj, const std::string& prefix, const char* key, bool& out,
               Need need = Need::kRequired);
  // A string that is one of `names` (each paired with its value).
  template <typename E>
  bool choice(const nlohmann::json& obj, const std::string& prefix, const char* key, E& out,
              const std::vector<std::pair<std::string_view, E>>& names,
              Need need = Need::kRequired) {
    std::vector<std::string_view> keys;
    for (const auto& n : names) keys.push_back(n.first);
    int at = -1;
    if (!choice_index(obj, prefix, key, keys, at, need)) return false;
    if (at >= 0) out = names[static_cast<std::size_t>(at)].second;
    return true;
  }
  // A list of `min_size` to `max_size` elements: a pointer to it, or nullptr when it is absent
  // and optional (err() empty) or wrong (err() set).
  const nlohmann::json* array(const nlohmann::json& obj, const std::string& prefix, const char* key,
                              std::size_t min_size, std::size_t max_size,
                              Need need = Need::kRequired);

  // Lengths, points, terrain and the other fields of a table scenario: game::table::Reader
  // (game/table/scenario.hpp), which extends this reader.

 private:
  bool choice_index(const nlohmann::json& obj, const std::string& prefix, const char* key,
                    const std::vector<std::string_view>& names, int& at, Need need);

  std::string source_;
  std::optional<core::Error> err_;
};

// Where the value at `path` ("units[3].x", "map.terrain.forest[2]", "" for the whole text)
// begins in the JSON `text`: a byte offset, or nothing when the text has no such value.
std::optional<std::size_t> locate_json_path(std::string_view text, std::string_view path);
// The value at `path` ("sides[1].rout_level", as above) inside `j`, or nullptr when there is
// none: for tools that change one number of a scenario (carroccio tune).
nlohmann::json* json_at_path(nlohmann::json& j, std::string_view path);
// 1-based line of a byte offset.
std::size_t line_of(std::string_view text, std::size_t offset);
// A FieldReader message "<source>: field '<path>' ..." with the line of that field in `text`
// added ("<source>:<line>: field ..."); any other message is returned unchanged.
std::string with_field_line(const std::string& message, std::string_view source,
                            std::string_view text);

// A ruleset whose built-in scenarios are JSON files embedded at build time (name "s1.json" ->
// scenario id "s1"); the scenario list in info() comes from each file's "title" and
// "description".
class FileRuleset : public Ruleset {
 public:
  using EmbeddedFiles = std::vector<std::pair<std::string_view, std::string_view>>;
  FileRuleset(RulesetInfo info, EmbeddedFiles files);

  const RulesetInfo& info() const override { return info_; }

  // Every combination of the options in info(): a switch off or on, an option with values left
  // out or set to each value except "off" (which means the same as leaving it out). The first
  // option changes fastest.
  std::vector<Options> every_option_combination() const;
  // Fewer sets that still hold every pair of values of two options together (a pairwise
  // covering set, chosen greedily and deterministically): the empty set first, then each set the
  // one that holds most pairs not yet held. With one or two options it is every combination.
  std::vector<Options> every_option_pair() const;
  // The empty set, then sets (chosen as above) holding every pair of values of two options
  // together where neither is left out: each option's every value, with every other option's,
  // but not the pairs where one is off (the empty set and every_option_combination() have
  // those). With switches only, one set of them all on.
  std::vector<Options> every_option_pair_on() const;

 protected:
  std::vector<std::pair<std::string, std::string>> builtin_scenarios() const override;

  // Builds G(scenario, rules, options) from the ruleset's option parser and scenario loader;
  // the first error of either is the answer.
  template <typename G, typename ParseOptions, typename LoadScenario>
  static core::Expected<std::shared_ptr<const Game>> build_game(ParseOptions parse,
                                                                LoadScenario load,
                                                                const nlohmann::json& scenario,
                                                                std::string_view source,
                                                                const Options& options) {
    auto rules = parse(options);
    if (!rules) return rules.error();
    auto s = load(scenario, source);
    if (!s) return s.error();
    return std::shared_ptr<const Game>(std::make_shared<G>(std::move(*s), *rules, options));
  }

 private:
  // every_option_pair() (`with_off`) or every_option_pair_on().
  std::vector<Options> option_pair_cover(bool with_off) const;

  RulesetInfo info_;
  EmbeddedFiles files_;
};

}  // namespace carroccio::game
