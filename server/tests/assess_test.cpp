// POST /api/rulesets/<id>/assess/<kind>: what a ruleset computes about a file a person builds
// (the army builder's report), against a real server on loopback.
#include <gtest/gtest.h>

#include "server/tests/test_util.hpp"

namespace carroccio::server {
namespace {

using nlohmann::json;
using testing::Answer;
using testing::get;
using testing::post;

using AssessTest = testing::LiveServerTest;

// A gwkho army list of two commands (the first ruleset with army lists; the route is generic).
json army(const std::string& grade) {
  return {{"ruleset", "gwkho"},
          {"id", "built"},
          {"name", "Built in the browser"},
          {"year", 1300},
          {"commands",
           {{{"general", "A"},
             {"quality", "good"},
             {"cinc", true},
             {"elements", {{{"type", "Hc"}, {"grade", grade}, {"count", 12}}}}},
            {{"general", "B"},
             {"quality", "normal"},
             {"elements", {{{"type", "Ph"}, {"grade", "i"}, {"count", 30}}}}}}}};
}

TEST_F(AssessTest, AFileOfAKindIsAssessedOrRefusedInOneSentence) {
  const Answer ok = post(c(), "/api/rulesets/gwkho/assess/army", army("o"));
  ASSERT_EQ(ok.status, 200) << ok.body;
  EXPECT_EQ(ok.json["points"], 12 * 11 + 30 * 4 + 20 + 10);
  EXPECT_EQ(ok.json["ee"], 42);
  EXPECT_TRUE(ok.json["morale"]["ledgers"].is_array());
  // Negative: a broken rule is a 422 with the sentence naming the field and the rule.
  const Answer bad = post(c(), "/api/rulesets/gwkho/assess/army", army("x"));
  EXPECT_EQ(bad.status, 422) << bad.body;
  EXPECT_EQ(bad.json["error"],
            "the army file: field 'commands[0].elements[0].grade' is 'x', but Hc has no (x) grade "
            "in the points table (rule Pts-1).");
  // A kind the ruleset does not read, a ruleset that computes nothing, and GET.
  EXPECT_EQ(post(c(), "/api/rulesets/gwkho/assess/deck", army("o")).status, 404);
  EXPECT_EQ(post(c(), "/api/rulesets/bma/assess/scenario", json::object()).status, 422);
  EXPECT_EQ(get(c(), "/api/rulesets/gwkho/assess/army").status, 405);
}

}  // namespace
}  // namespace carroccio::server
