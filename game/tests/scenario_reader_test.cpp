// The shared scenario-file reader (game/scenario_reader.hpp): each getter accepts what it should
// and refuses the rest with one sentence naming the source, the field and what was expected;
// the registry adds the line of the field; FileRuleset lists embedded files and option sets.
#include "game/scenario_reader.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "game/tests/race_game.hpp"

namespace carroccio::game {
namespace {

using nlohmann::json;

// The one error a reader kept, or "" when it kept none.
std::string kept(const FieldReader& rd) { return rd.err() ? rd.err()->message : ""; }

TEST(FieldReader, ErrorIsOneSentenceNamingSourceAndField) {
  FieldReader rd("my.json");
  EXPECT_EQ(rd.error("units[2].x", "is wrong").message, "my.json: field 'units[2].x' is wrong.");
  EXPECT_EQ(kept(rd), "") << "error() only builds a message; fail() keeps one";
  EXPECT_FALSE(rd.fail("a", "is first"));
  EXPECT_FALSE(rd.fail("b", "is second"));
  EXPECT_EQ(kept(rd), "my.json: field 'a' is first.") << "the first problem is the one kept";
}

TEST(FieldReader, TopLevelAcceptsItsOwnRuleset) {
  FieldReader rd("s.json");
  EXPECT_TRUE(rd.top_level(json{{"ruleset", "race"}, {"id", "x"}}, "race", {"ruleset", "id"}));
  EXPECT_EQ(kept(rd), "");
}

TEST(FieldReader, TopLevelRefusesNonObjectsUnknownFieldsAndOtherRulesets) {
  FieldReader a("s.json");
  EXPECT_FALSE(a.top_level(json::array(), "race", {"ruleset"}));
  EXPECT_EQ(kept(a), "s.json: field '(top level)' must be a JSON object.");
  FieldReader b("s.json");
  EXPECT_FALSE(b.top_level(json{{"ruleset", "race"}, {"colour", 1}}, "race", {"ruleset"}));
  EXPECT_EQ(kept(b),
            "s.json: field 'colour' is not a field of race scenarios (see "
            "docs/scenario-format.md).");
  FieldReader c("s.json");
  EXPECT_FALSE(c.top_level(json{{"ruleset", "bma"}}, "race", {"ruleset"}));
  EXPECT_EQ(kept(c), "s.json: field 'ruleset' is 'bma', expected \"race\".");
  FieldReader d("s.json");
  EXPECT_FALSE(d.top_level(json::object(), "race", {"ruleset"}));
  EXPECT_EQ(kept(d), "s.json: field 'ruleset' is missing.");
}

TEST(FieldReader, ObjectAndOnlyFields) {
  FieldReader rd("s");
  EXPECT_TRUE(rd.object(json{{"id", 1}}, "units[0]."));
  EXPECT_TRUE(rd.only_fields(json{{"id", 1}}, "units[0].", {"id", "x"}, "a unit"));
  EXPECT_EQ(kept(rd), "");
  EXPECT_FALSE(rd.object(json(3), "units[0]."));
  EXPECT_EQ(kept(rd), "s: field 'units[0]' must be an object.");
  FieldReader rd2("s");
  EXPECT_FALSE(rd2.only_fields(json{{"id", 1}, {"hx", 2}}, "units[0].", {"id", "x"}, "a unit"));
  EXPECT_EQ(kept(rd2), "s: field 'units[0].hx' is not a field of a unit.");
}

TEST(FieldReader, StringRequiredOptionalAndWrongType) {
  const json j{{"name", "Milan"}, {"empty", ""}, {"number", 3}};
  FieldReader rd("s");
  std::string out = "unchanged";
  EXPECT_TRUE(rd.string(j, "", "absent", out, Need::kOptional));
  EXPECT_EQ(out, "unchanged");
  EXPECT_TRUE(rd.string(j, "", "name", out));
  EXPECT_EQ(out, "Milan");
  EXPECT_EQ(kept(rd), "");
  for (const char* key : {"empty", "number"}) {
    FieldReader bad("s");
    EXPECT_FALSE(bad.string(j, "sides[1].", key, out));
    EXPECT_EQ(kept(bad), fmt::format("s: field 'sides[1].{}' must be a non-empty string.", key));
  }
  FieldReader missing("s");
  EXPECT_FALSE(missing.string(j, "", "absent", out));
  EXPECT_EQ(kept(missing), "s: field 'absent' is missing.");
}

TEST(FieldReader, IntegerWithinRangeOnly) {
  const json j{{"lo", 1}, {"hi", 99}, {"under", 0}, {"over", 100}, {"half", 2.5}, {"text", "7"}};
  FieldReader rd("s");
  int out = -1;
  EXPECT_TRUE(rd.integer(j, "", "lo", out, 1, 99));
  EXPECT_EQ(out, 1);
  EXPECT_TRUE(rd.integer(j, "", "hi", out, 1, 99));
  EXPECT_EQ(out, 99);
  EXPECT_TRUE(rd.integer(j, "", "absent", out, 1, 99, Need::kOptional));
  EXPECT_EQ(out, 99);
  EXPECT_EQ(kept(rd), "");
  const std::pair<const char*, const char*> refused[] = {
      {"under", "s: field 'turns.under' is 0, but must be from 1 to 99."},
      {"over", "s: field 'turns.over' is 100, but must be from 1 to 99."},
      {"half", "s: field 'turns.half' must be a whole number from 1 to 99."},
      {"text", "s: field 'turns.text' must be a whole number from 1 to 99."},
      {"absent", "s: field 'turns.absent' is missing."},
  };
  for (const auto& [key, message] : refused) {
    FieldReader bad("s");
    EXPECT_FALSE(bad.integer(j, "turns.", key, out, 1, 99));
    EXPECT_EQ(kept(bad), message);
  }
}

TEST(FieldReader, BooleanOnlyTrueOrFalse) {
  FieldReader rd("s");
  bool out = false;
  EXPECT_TRUE(rd.boolean(json{{"b", true}}, "", "b", out));
  EXPECT_TRUE(out);
  EXPECT_FALSE(rd.boolean(json{{"b", "yes"}}, "", "b", out));
  EXPECT_EQ(kept(rd), "s: field 'b' must be true or false.");
}

enum class Colour { kRed, kBlue, kGreen };

TEST(FieldReader, ChoiceNamesEveryAllowedValue) {
  const std::vector<std::pair<std::string_view, Colour>> names = {
      {"red", Colour::kRed}, {"blue", Colour::kBlue}, {"green", Colour::kGreen}};
  FieldReader rd("s");
  Colour c = Colour::kRed;
  EXPECT_TRUE(rd.choice(json{{"c", "green"}}, "", "c", c, names));
  EXPECT_EQ(c, Colour::kGreen);
  EXPECT_TRUE(rd.choice(json::object(), "", "c", c, names, Need::kOptional));
  EXPECT_EQ(c, Colour::kGreen) << "an absent optional choice keeps the default";
  bool flat = false;
  EXPECT_TRUE(rd.choice(json{{"o", "flat"}}, "", "o", flat, {{"flat", true}, {"pointy", false}}));
  EXPECT_TRUE(flat);
  EXPECT_EQ(kept(rd), "");
  FieldReader bad("s");
  EXPECT_FALSE(bad.choice(json{{"c", "pink"}}, "units[1].", "c", c, names));
  EXPECT_EQ(kept(bad), "s: field 'units[1].c' is 'pink', but must be red, blue or green.");
  FieldReader bad2("s");
  EXPECT_FALSE(bad2.choice(json{{"c", 2}}, "", "c", c, names));
  EXPECT_EQ(kept(bad2), "s: field 'c' must be red, blue or green.");
}

TEST(FieldReader, ArraySizeLimits) {
  const json j{{"two", {1, 2}}, {"none", json::array()}, {"obj", json::object()}};
  FieldReader rd("s");
  const json* two = rd.array(j, "", "two", 2, 2);
  ASSERT_NE(two, nullptr);
  EXPECT_EQ(two->size(), 2u);
  EXPECT_EQ(rd.array(j, "", "absent", 1, 9, Need::kOptional), nullptr);
  EXPECT_EQ(kept(rd), "") << "an absent optional list is not an error";
  const struct {
    const char* key;
    std::size_t lo, hi;
    const char* message;
  } refused[] = {
      {"none", 1, 9, "s: field 'none' must be a non-empty list."},
      {"obj", 0, 9, "s: field 'obj' must be a list."},
      {"two", 3, 3, "s: field 'two' must be a list of exactly 3 entries."},
      {"two", 3, 9, "s: field 'two' must be a list of at least 3 entries."},
      {"two", 1, 1, "s: field 'two' must be a list of exactly 1 entry."},
      {"two", 0, 1, "s: field 'two' lists 2 entries, more than the 1 allowed."},
      {"absent", 0, 1, "s: field 'absent' is missing."},
  };
  for (const auto& r : refused) {
    FieldReader bad("s");
    EXPECT_EQ(bad.array(j, "", r.key, r.lo, r.hi), nullptr) << r.message;
    EXPECT_EQ(kept(bad), r.message);
  }
}

TEST(ScenarioReaderHelpers, ItemPathOrListSentenceBody) {
  EXPECT_EQ(item_path("units", 3), "units[3].");
  EXPECT_EQ(or_list({"a"}), "a");
  EXPECT_EQ(or_list({"a", "b"}), "a or b");
  EXPECT_EQ(or_list({"a", "b", "c"}), "a, b or c");
  EXPECT_EQ(sentence_body("Hex 2129 is off the map. "), "Hex 2129 is off the map");
  EXPECT_EQ(sentence_body("no stop"), "no stop");
  EXPECT_EQ(unknown_field(json{{"a", 1}, {"b", 2}}, {"a", "b"}), "");
  EXPECT_EQ(unknown_field(json{{"a", 1}, {"zz", 2}}, {"a", "b"}), "zz");
}

// ---- where a field stands in the text ----

constexpr std::string_view kText = R"({
  "id": "x",
  "map": {"terrain": {"forest": ["0101", "0102",
                                 "0103", "0104"]}},
  "units": [
    {"id": "a", "hex": "0101"},
    {"id": "b, \"quoted\" [not a list]",
     "hex": "0202"}
  ]
})";

TEST(LocateJsonPath, FindsNestedKeysAndElements) {
  EXPECT_EQ(line_of(kText, *locate_json_path(kText, "id")), 2u);
  EXPECT_EQ(line_of(kText, *locate_json_path(kText, "map.terrain.forest[3]")), 4u);
  EXPECT_EQ(line_of(kText, *locate_json_path(kText, "units[1].hex")), 8u)
      << "strings with quotes and brackets are skipped whole";
  EXPECT_EQ(line_of(kText, *locate_json_path(kText, "units[0]")), 6u);
  EXPECT_EQ(*locate_json_path(kText, ""), 0u);
}

TEST(LocateJsonPath, NothingForPathsNotInTheText) {
  EXPECT_FALSE(locate_json_path(kText, "units[2].hex"));
  EXPECT_FALSE(locate_json_path(kText, "units[0].facing"));
  EXPECT_FALSE(locate_json_path(kText, "id.more"));
  EXPECT_FALSE(locate_json_path(kText, "(top level)"));
  EXPECT_FALSE(locate_json_path(kText, "units[x]"));
}

TEST(WithFieldLine, AddsTheLineOfTheFieldOnly) {
  EXPECT_EQ(with_field_line("my.json: field 'units[1].hex' is off the map.", "my.json", kText),
            "my.json:8: field 'units[1].hex' is off the map.");
  EXPECT_EQ(with_field_line("my.json: field 'units[9].hex' is bad.", "my.json", kText),
            "my.json: field 'units[9].hex' is bad.")
      << "a field that is not in the text (a missing one) gets no line";
  EXPECT_EQ(with_field_line("Option 'x' is unknown.", "my.json", kText), "Option 'x' is unknown.");
}

TEST(WithFieldLine, TheRegistryAddsTheLineOfABadField) {
  const auto registry = tests::make_race_registry();
  auto game = registry.load_source(
      "{\"ruleset\": \"race\", \"scenario\": \"x\",\n"
      " \"sides\": [\"a\", \"b\"],\n \"target\": 0, \"max_turns\": 9}",
      "t.json", {});
  ASSERT_FALSE(game.ok());
  EXPECT_EQ(game.message(), "t.json:3: field 'target' must be a whole number from 2 to 1000.");
  auto good = registry.load_source(
      R"({"ruleset": "race", "scenario": "x", "sides": ["a", "b"], "target": 5, "max_turns": 9})",
      "t.json", {});
  EXPECT_TRUE(good.ok()) << good.message();
}

// ---- FileRuleset ----

class Files final : public FileRuleset {
 public:
  Files(std::vector<OptionInfo> options, EmbeddedFiles files)
      : FileRuleset(RulesetInfo{"files", "Files", "", {}, std::move(options), true},
                    std::move(files)) {}
  core::Expected<std::shared_ptr<const Game>> new_game(const nlohmann::json&, std::string_view,
                                                       const Options&) const override {
    return core::make_error("not used");
  }
};

TEST(FileRuleset, ListsEmbeddedScenariosByFileName) {
  const Files f({}, {{"s1.json", R"({"title": "First", "description": "One"})"},
                     {"s2.json", R"({"ruleset": "files"})"},
                     {"broken.json", "{"}});
  ASSERT_EQ(f.info().scenarios.size(), 2u) << "a file that is not JSON is not listed";
  EXPECT_EQ(f.info().scenarios[0].id, "s1");
  EXPECT_EQ(f.info().scenarios[0].title, "First");
  EXPECT_EQ(f.info().scenarios[0].description, "One");
  EXPECT_EQ(f.info().scenarios[1].title, "s2") << "no title: the id";
  auto text = f.builtin_scenario("s2");
  ASSERT_TRUE(text.ok());
  EXPECT_EQ(*text, R"({"ruleset": "files"})");
  auto none = f.builtin_scenario("s3");
  ASSERT_FALSE(none.ok());
  EXPECT_EQ(none.message(), "Ruleset 'files' has no scenario 's3': it has s1, s2, broken.");
}

TEST(FileRuleset, EveryOptionCombination) {
  const Files none({}, {});
  EXPECT_EQ(none.every_option_combination(), std::vector<Options>{Options{}});
  const Files f({{"a", "", {}}, {"b", "", {}}, {"v", "", {"x", "y", "off"}}}, {});
  const auto sets = f.every_option_combination();
  ASSERT_EQ(sets.size(), 12u) << "2 x 2 x 3: 'off' is the same as leaving v out";
  EXPECT_EQ(sets[0], Options{});
  EXPECT_EQ(sets[1], (Options{{"a", "true"}})) << "the first option changes fastest";
  EXPECT_EQ(sets[2], (Options{{"b", "true"}}));
  EXPECT_EQ(sets[3], (Options{{"a", "true"}, {"b", "true"}}));
  EXPECT_EQ(sets[4], (Options{{"v", "x"}}));
  EXPECT_EQ(sets[11], (Options{{"a", "true"}, {"b", "true"}, {"v", "y"}}));
  std::set<Options> unique(sets.begin(), sets.end());
  EXPECT_EQ(unique.size(), sets.size());
  for (const auto& o : sets) EXPECT_TRUE(f.validate_options(o).ok()) << options_to_string(o);
}

TEST(FileRuleset, EveryOptionPairCoversEveryPairOfValuesInFewerSets) {
  const Files f({{"a", "", {}}, {"b", "", {}}, {"c", "", {}}, {"v", "", {"x", "y", "off"}}}, {});
  const auto sets = f.every_option_pair();
  EXPECT_GE(sets.size(), 6u) << "the 2 x 3 pairs of a switch and v need six";
  EXPECT_LE(sets.size(), 7u) << "the greedy choice takes one more than the least; 24 combinations";
  EXPECT_EQ(sets[0], Options{}) << "the default first";
  EXPECT_EQ(sets[1], (Options{{"b", "true"}, {"c", "true"}, {"v", "x"}}))
      << "then the set holding most pairs not yet held, the first such";
  const std::vector<std::pair<std::string, std::vector<std::string>>> values = {
      {"a", {"", "true"}}, {"b", {"", "true"}}, {"c", {"", "true"}}, {"v", {"", "x", "y"}}};
  auto value = [](const Options& o, const std::string& name) {
    auto it = o.find(name);
    return it == o.end() ? std::string() : it->second;
  };
  for (std::size_t i = 0; i < values.size(); ++i)
    for (std::size_t j = i + 1; j < values.size(); ++j)
      for (const auto& a : values[i].second)
        for (const auto& b : values[j].second)
          EXPECT_TRUE(std::any_of(sets.begin(), sets.end(),
                                  [&](const Options& o) {
                                    return value(o, values[i].first) == a &&
                                           value(o, values[j].first) == b;
                                  }))
              << values[i].first << "=" << a << " with " << values[j].first << "=" << b;
  std::set<Options> unique(sets.begin(), sets.end());
  EXPECT_EQ(unique.size(), sets.size());
  for (const auto& o : sets) EXPECT_TRUE(f.validate_options(o).ok()) << options_to_string(o);
}

TEST(FileRuleset, EveryOptionPairOnHoldsEveryPairOfValuesSetTogether) {
  const Files f({{"a", "", {}}, {"b", "", {}}, {"c", "", {}}, {"v", "", {"x", "y", "off"}}}, {});
  const auto sets = f.every_option_pair_on();
  ASSERT_EQ(sets.size(), 3u) << "the default, then a, b, c on with v=x, and with v=y";
  EXPECT_EQ(sets[0], Options{});
  EXPECT_EQ(sets[1], (Options{{"a", "true"}, {"b", "true"}, {"c", "true"}, {"v", "x"}}));
  EXPECT_EQ(sets[2], (Options{{"a", "true"}, {"b", "true"}, {"c", "true"}, {"v", "y"}}));
  // Negative: a pair with one option off is not sought (every_option_pair() holds those).
  EXPECT_FALSE(std::any_of(sets.begin() + 1, sets.end(), [](const Options& o) {
    return o.size() < 4;
  })) << "no set beyond the default leaves an option out";
  const Files switches({{"a", "", {}}, {"b", "", {}}}, {});
  EXPECT_EQ(switches.every_option_pair_on(),
            (std::vector<Options>{Options{}, Options{{"a", "true"}, {"b", "true"}}}));
  const Files none({}, {});
  EXPECT_EQ(none.every_option_pair_on(), std::vector<Options>{Options{}});
}

TEST(FileRuleset, EveryOptionPairOfTwoOptionsIsEveryCombination) {
  const Files f({{"a", "", {}}, {"v", "", {"x", "y"}}}, {});
  EXPECT_EQ(f.every_option_pair(), f.every_option_combination());
  const Files one({{"v", "", {"x", "y"}}}, {});
  EXPECT_EQ(one.every_option_pair().size(), 3u) << "each value of a lone option, and none";
}

}  // namespace
}  // namespace carroccio::game
