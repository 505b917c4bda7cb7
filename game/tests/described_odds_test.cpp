// game/described_odds: the fields of a described situation, read with one sentence that names
// the flag (or the file's field) and the values allowed, and the command every ruleset's
// described odds go through (flags or a file, the refusals, the answer printed).
#include "game/described_odds.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "game/odds_text.hpp"

namespace carroccio::game {
namespace {

TEST(SituationFields, AWordIsMatchedWhateverItsCaseAndSeparators) {
  const SituationFields f({{"target", "Men at-Arms"}}, "");
  auto w = f.word("target", {"knights", "men-at-arms"});
  ASSERT_TRUE(w.ok());
  EXPECT_EQ(*w, "men-at-arms");
  // Not given: the fallback; not given and no fallback: it must be given.
  EXPECT_EQ(*f.word("terrain", {"clear", "town"}, "clear"), "clear");
  EXPECT_EQ(f.word("attack", {"shoot", "melee"}).message(),
            "--attack must be given: shoot or melee.");
  const SituationFields bad({{"target", "dragons"}}, "");
  EXPECT_EQ(bad.word("target", {"knights", "levies", "archers"}).message(),
            "--target is 'dragons', which is not one of: knights, levies or archers.");
}

TEST(SituationFields, ANumberIsAJsonNumberOrTheDigitsOfAFlag) {
  const SituationFields f({{"hits", "12"}, {"range", 30}, {"bad", "3x"}, {"big", 99}}, "");
  EXPECT_EQ(*f.number("hits", 0, 14, 0), 12);
  EXPECT_EQ(*f.number("range", 1, 40, 20), 30);
  EXPECT_EQ(*f.number("absent", 1, 40, 20), 20);
  EXPECT_EQ(f.number("bad", 0, 14, 0).message(),
            "--bad is '3x', but must be a whole number from 0 to 14.");
  EXPECT_FALSE(f.number("big", 0, 14, 0).ok());
}

TEST(SituationFields, ASwitchIsYesOrNo) {
  const SituationFields f({{"uphill", "true"}, {"oath", false}, {"flank", "maybe"}}, "");
  EXPECT_TRUE(*f.yes_no("uphill"));
  EXPECT_FALSE(*f.yes_no("oath"));
  EXPECT_FALSE(*f.yes_no("absent"));
  EXPECT_EQ(f.yes_no("flank").message(), "--flank is 'maybe', but must be yes or no.");
}

TEST(SituationFields, AFilesFieldIsNamedWithTheFile) {
  const SituationFields f({{"target_hits", "x"}}, "attack.json");
  EXPECT_EQ(f.name("target_hits"), "attack.json: target_hits");
  EXPECT_EQ(SituationFields({}, "").name("target_hits"), "--target-hits");
  EXPECT_EQ(f.number("target_hits", 0, 14, 0).message(),
            "attack.json: target_hits is 'x', but must be a whole number from 0 to 14.");
}

// The command every ruleset's described odds go through (run_described_odds), with a ruleset of
// two fields: a repeatable --piece and a --terrain; its answer echoes the fields it was given.
class DescribedOddsCommand : public ::testing::Test {
 protected:
  static CommandSpec spec() {
    return described_odds_spec(
        "toy", "The odds of a toy situation.",
        {{.name = "piece", .takes_value = true, .repeatable = true, .value_name = "P"},
         {.name = "terrain", .takes_value = true, .help = "clear (the default) or woods"}},
        "A toy footer.");
  }
  struct Run {
    int code;
    std::string out, err;
    nlohmann::json fields;  // what `describe` was handed
    std::string file;
  };
  Run run(const std::vector<std::string>& args, const std::vector<std::string>& file_fields = {}) {
    Run r{};
    std::ostringstream out, err;
    r.code = run_described_odds(
        args, spec(),
        [&](const SituationFields& f) -> core::Expected<DescribedOddsAnswer> {
          r.fields = f.all();
          r.file = f.file();
          if (f.has("terrain") && f.all()["terrain"] == "lava")
            return f.whole_error("Lava is no ground.");
          return DescribedOddsAnswer{.situation = f.all(),
                                     .lines = {"A toy situation."},
                                     .decision = "The roll",
                                     .odds = {{"roll", "d6"}, {"exact", true}}};
        },
        out, err, file_fields);
    r.out = out.str();
    r.err = err.str();
    return r;
  }
  std::string write(const std::string& name, const std::string& text) {
    const std::string path = ::testing::TempDir() + name;
    std::ofstream(path) << text;
    return path;
  }
};

TEST_F(DescribedOddsCommand, TheSpecEndsWithTheSituationFileJsonAndTheSavedPositionsPointer) {
  const CommandSpec s = spec();
  EXPECT_EQ(s.name, "odds toy");
  ASSERT_EQ(s.flags.size(), 4u);
  EXPECT_EQ(s.flags[2].name, "situation");
  EXPECT_EQ(s.flags[3].name, "json");
  EXPECT_EQ(s.footer, "A toy footer.\nA saved position's odds: carroccio odds RECORD.");
  const Run help = run({"--help"});
  EXPECT_EQ(help.code, kExitOk);
  for (const char* w : {"--piece", "--terrain", "--situation FILE", "--json", "A toy footer.",
                        "carroccio odds RECORD"})
    EXPECT_NE(help.out.find(w), std::string::npos) << w;
  for (std::size_t at = 0, next; at < help.out.size(); at = next + 1) {
    next = help.out.find('\n', at);
    if (next == std::string::npos) next = help.out.size();
    EXPECT_LE(next - at, 80u) << help.out.substr(at, next - at);
  }
}

TEST_F(DescribedOddsCommand, FlagsAreTheFieldsARepeatedFlagAList) {
  const Run r = run({"--piece", "A", "--piece", "B", "--terrain", "woods"});
  ASSERT_EQ(r.code, kExitOk) << r.err;
  EXPECT_EQ(r.fields, (nlohmann::json{{"piece", {"A", "B"}}, {"terrain", "woods"}}));
  EXPECT_EQ(r.file, "");
  EXPECT_EQ(r.out, "A toy situation.\n\nThe roll:\n" +
                       format_odds(nlohmann::json{{"roll", "d6"}, {"exact", true}}, "  "));
  const Run j = run({"--terrain", "woods", "--json"});
  ASSERT_EQ(j.code, kExitOk) << j.err;
  EXPECT_EQ(nlohmann::json::parse(j.out)["situation"], (nlohmann::json{{"terrain", "woods"}}));
}

TEST_F(DescribedOddsCommand, AFileHoldsTheFieldsOrTheMembersTheRulesetNames) {
  const std::string flat = write("toy-flat.json", R"({"terrain": "woods", "piece": ["A"]})");
  const Run r = run({"--situation", flat});
  ASSERT_EQ(r.code, kExitOk) << r.err;
  EXPECT_EQ(r.file, flat);
  EXPECT_EQ(r.fields["piece"], nlohmann::json::array({"A"}));
  // A ruleset with members of its own ("pieces" for --piece) names them; the flags' are then no
  // members.
  const std::string own = write("toy-own.json", R"({"pieces": [{"p": 1}]})");
  EXPECT_EQ(run({"--situation", own}, {"pieces"}).code, kExitOk);
  const Run refused = run({"--situation", flat}, {"pieces"});
  EXPECT_EQ(refused.code, kExitUsage);
  EXPECT_NE(refused.err.find("'piece' is not a field of a described situation"), std::string::npos)
      << refused.err;
}

TEST_F(DescribedOddsCommand, BadInputIsOneSentence) {
  const std::string flat = write("toy-flat2.json", R"({"terrain": "lava"})");
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"--move", "3"}, "--move and --action belong to a saved position"},
      {{"--action=1"}, "--move and --action belong to a saved position"},
      {{"--situation", flat, "--terrain", "woods"}, "not both"},
      {{"--situation", "/nonexistent/toy.json"}, "Cannot open situation file"},
      {{"--situation", write("toy-list.json", "[1]")}, "one JSON object of fields"},
      {{"--situation", write("toy-odd.json", R"({"mood": 1})")}, "'mood' is not a field"},
      {{"--situation", flat}, flat + ": Lava is no ground."},
      {{"--terrain", "lava"}, "carroccio: Lava is no ground."}};
  for (const auto& [args, words] : cases) {
    const Run r = run(args);
    EXPECT_EQ(r.code, kExitUsage) << words;
    EXPECT_TRUE(r.out.empty()) << r.out;
    EXPECT_EQ(r.err.rfind("carroccio: ", 0), 0u) << r.err;
    EXPECT_NE(r.err.find(words), std::string::npos) << r.err;
  }
  // Negative: good ground is answered.
  EXPECT_EQ(run({"--terrain", "woods"}).code, kExitOk);
}
}  // namespace
}  // namespace carroccio::game
