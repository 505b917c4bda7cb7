// The alsh table referee over HTTP (GET /api/rulesets/alsh/tables, POST /api/rulesets/alsh/resolve)
// against a real server on loopback: the answer is the library's own report, the server's roll can
// be repeated, the lost Assault grid is said plainly, a user grid is accepted, and every bad
// request is a 4xx with one sentence.
#include "rulesets/alsh/referee.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <set>

#include "server/tests/test_util.hpp"

namespace carroccio::server {
namespace {

using nlohmann::json;
using testing::Answer;
using testing::call;
using testing::get;
using testing::post;

class RefereeApiTest : public testing::LiveServerTest {
 protected:
  Answer resolve(const json& body) { return post(c(), "/api/rulesets/alsh/resolve", body); }
};

using testing::expect_refusal;

json assault_grid() {
  std::ifstream in(std::string(CARROCCIO_SOURCE_DIR) +
                   "/rulesets/alsh/tests/data/assault_synthetic.json");
  return json::parse(in);
}

TEST_F(RefereeApiTest, TablesDescribeEveryTableAndItsForm) {
  const Answer a = get(c(), "/api/rulesets/alsh/tables");
  ASSERT_EQ(a.status, 200) << a.body;
  EXPECT_EQ(a.json["ruleset"], "alsh");
  std::set<std::string> names;
  for (const auto& t : a.json["tables"]) {
    names.insert(t["name"].get<std::string>());
    EXPECT_TRUE(t["title"].is_string());
    ASSERT_TRUE(t["fields"].is_array()) << t.dump();
    for (const auto& f : t["fields"]) {
      EXPECT_TRUE(f["name"].is_string());
      EXPECT_TRUE(f["type"].is_string());
    }
  }
  // Every table on the chart sheet, the Assault Table included.
  for (const char* n :
       {"terrain", "artillery", "charge", "discipline", "recovery", "pursuit", "initiative",
        "assault", "major-battle", "mb-initiative", "mb-ratio", "mb-cavalry", "mb-crt",
        "admin-points", "orders", "attrition", "tactical-options", "unit-types"})
    EXPECT_TRUE(names.count(n)) << n;
  EXPECT_TRUE(a.json["request"].contains("roll"));
  EXPECT_EQ(a.json["assault_table_format"], "carroccio-alsh-assault-grid/1");
}

TEST_F(RefereeApiTest, PhysicalDieGivesTheLibrarysReport) {
  const json q = {{"table", "artillery"},
                  {"situation", {{"column", 5}, {"combat", "siege"}, {"siege-artillery", true}}},
                  {"dice", {2}}};
  const Answer a = resolve(q);
  ASSERT_EQ(a.status, 200) << a.body;
  EXPECT_EQ(a.json["mode"], "physical");
  EXPECT_EQ(a.json["rolls"][0]["value"], 2);
  EXPECT_EQ(a.json["result"]["detail"]["breach"], true);
  EXPECT_EQ(a.json["odds_total"], "1");
  // The same report `carroccio alsh --json` prints: one resolution, not two.
  auto direct = alsh::resolve_request(q);
  ASSERT_TRUE(direct.ok()) << direct.message();
  EXPECT_EQ(a.json, *direct);
  // Modifiers carry their source.
  ASSERT_FALSE(a.json["modifiers"].empty());
  for (const auto& m : a.json["modifiers"]) EXPECT_FALSE(m["source"].get<std::string>().empty());
}

TEST_F(RefereeApiTest, TheServersRollCanBeRepeatedWithItsSeed) {
  const json situation = {{"attacker-column", 2}, {"defender-column", 3},  {"attacker-sp", 12},
                          {"defender-sp", 9},     {"attacker-quality", 2}, {"defender-quality", 1}};
  const Answer a = resolve({{"table", "major-battle"}, {"situation", situation}, {"roll", true}});
  ASSERT_EQ(a.status, 200) << a.body;
  EXPECT_EQ(a.json["mode"], "rolled");
  ASSERT_TRUE(a.json["seed"].is_number_unsigned()) << a.body;
  EXPECT_LT(a.json["seed"].get<std::uint64_t>(), std::uint64_t{1} << 53);
  EXPECT_GE(a.json["rolls"].size(), 3u);
  const Answer again =
      resolve({{"table", "major-battle"}, {"situation", situation}, {"seed", a.json["seed"]}});
  ASSERT_EQ(again.status, 200) << again.body;
  EXPECT_EQ(again.json, a.json);
  // Without dice, seed or roll: the odds only, no result.
  const Answer odds = resolve({{"table", "major-battle"}, {"situation", situation}});
  ASSERT_EQ(odds.status, 200) << odds.body;
  EXPECT_EQ(odds.json["mode"], "odds");
  EXPECT_FALSE(odds.json.contains("result"));
  EXPECT_EQ(odds.json["odds_total"], "1");
  EXPECT_GE(odds.json["odds"].size(), 2u);
}

TEST_F(RefereeApiTest, AResultOnAnUncertainCellCarriesAWarning) {
  // The Capitano mark of the charge table's row 1 is a guessed reading.
  const Answer guessed = resolve({{"table", "charge"}, {"situation", {{"sp", 3}}}, {"dice", {1}}});
  ASSERT_EQ(guessed.status, 200) << guessed.body;
  EXPECT_EQ(guessed.json["result"]["confidence"], "guessed");
  ASSERT_FALSE(guessed.json["warnings"].empty()) << guessed.body;
  bool names_it = false;
  for (const auto& w : guessed.json["warnings"])
    names_it = names_it || w.get<std::string>().rfind("guessed: Cavalry Charge Table", 0) == 0;
  EXPECT_TRUE(names_it) << guessed.json["warnings"].dump();
  // A legible reading carries none.
  const Answer legible =
      resolve({{"table", "artillery"},
               {"situation", {{"column", 5}, {"combat", "siege"}, {"siege-artillery", true}}},
               {"dice", {2}}});
  ASSERT_EQ(legible.status, 200) << legible.body;
  EXPECT_TRUE(legible.json["warnings"].empty()) << legible.body;
  EXPECT_EQ(legible.json["result"]["confidence"], "legible");
}

TEST_F(RefereeApiTest, TheLostAssaultGridIsSaidPlainlyAndAUserGridIsUsed) {
  const json situation = {
      {"attacker-quality", 2}, {"defender-quality", 2}, {"attacker-sp", 5}, {"defender-sp", 5}};
  const Answer missing = resolve({{"table", "assault"}, {"situation", situation}, {"dice", {4}}});
  ASSERT_EQ(missing.status, 200) << missing.body;
  EXPECT_EQ(missing.json["resolved"], false);
  EXPECT_FALSE(missing.json["unresolved_reason"].get<std::string>().empty());
  EXPECT_TRUE(missing.json["odds"].empty());
  EXPECT_EQ(missing.json["result"]["confidence"], "missing");

  const Answer supplied = resolve({{"table", "assault"},
                                   {"situation", situation},
                                   {"dice", {4}},
                                   {"assault_table", assault_grid()}});
  ASSERT_EQ(supplied.status, 200) << supplied.body;
  EXPECT_EQ(supplied.json["resolved"], true);
  EXPECT_EQ(supplied.json["odds_total"], "1");
  EXPECT_FALSE(supplied.json["warnings"].empty());  // the synthetic grid is marked guessed
}

TEST_F(RefereeApiTest, BadRequestsAreRefusedWithOneSentence) {
  const json art = {{"column", 5}, {"combat", "siege"}};
  expect_refusal(call(c(), "POST", "/api/rulesets/alsh/resolve", "{not json"), 400);
  expect_refusal(call(c(), "POST", "/api/rulesets/alsh/resolve", ""), 400);
  expect_refusal(call(c(), "POST", "/api/rulesets/alsh/resolve", "[1,2]"), 400);
  expect_refusal(resolve({{"situation", art}}), 400, "table");
  expect_refusal(resolve({{"table", 7}}), 400, "table");
  expect_refusal(resolve({{"table", "no-such-table"}}), 404, "no-such-table");
  expect_refusal(resolve({{"table", "artillery"}, {"bogus", 1}}), 400, "bogus");
  expect_refusal(resolve({{"table", "artillery"}, {"situation", {{"column", 99}}}}), 400, "column");
  expect_refusal(resolve({{"table", "artillery"}, {"situation", {{"nonsense", 1}}}}), 400,
                 "nonsense");
  expect_refusal(resolve({{"table", "artillery"}, {"situation", "siege"}}), 400);
  expect_refusal(resolve({{"table", "artillery"}, {"situation", art}, {"dice", {7}}}), 400, "7");
  expect_refusal(resolve({{"table", "artillery"}, {"situation", art}, {"dice", {2, 3}}}), 400);
  expect_refusal(resolve({{"table", "artillery"}, {"situation", art}, {"dice", "4"}}), 400);
  expect_refusal(resolve({{"table", "artillery"}, {"situation", art}, {"dice", {true}}}), 400);
  expect_refusal(resolve({{"table", "terrain"}, {"dice", {3}}}), 400);
  expect_refusal(
      resolve({{"table", "artillery"}, {"situation", art}, {"dice", {2}}, {"roll", true}}), 400,
      "not both");
  expect_refusal(resolve({{"table", "artillery"}, {"situation", art}, {"dice", {2}}, {"seed", 4}}),
                 400, "not both");
  expect_refusal(resolve({{"table", "artillery"}, {"situation", art}, {"roll", "yes"}}), 400,
                 "roll");
  expect_refusal(resolve({{"table", "artillery"}, {"situation", art}, {"seed", -3}}), 400, "seed");
  expect_refusal(
      resolve({{"table", "artillery"}, {"situation", art}, {"odds_only", true}, {"roll", true}}),
      400, "odds_only");
  expect_refusal(resolve({{"table", "artillery"}, {"situation", art}, {"odds_only", "x"}}), 400);
  // Assault grids: malformed, or given to another table.
  json grid = assault_grid();
  grid["format"] = "something-else";
  expect_refusal(resolve({{"table", "assault"}, {"dice", {4}}, {"assault_table", grid}}), 400,
                 "format");
  json short_grid = assault_grid();
  short_grid["cells"].erase(0);
  expect_refusal(resolve({{"table", "assault"}, {"dice", {4}}, {"assault_table", short_grid}}), 400,
                 "cells");
  expect_refusal(resolve({{"table", "artillery"},
                          {"situation", art},
                          {"dice", {2}},
                          {"assault_table", assault_grid()}}),
                 400, "Assault");
  // Wrong methods.
  expect_refusal(get(c(), "/api/rulesets/alsh/resolve"), 405);
  expect_refusal(post(c(), "/api/rulesets/alsh/tables", json::object()), 405);
  expect_refusal(get(c(), "/api/rulesets/alsh/nothing"), 404);
  // Still serving.
  EXPECT_EQ(get(c(), "/api/rulesets/alsh/tables").status, 200);
}

}  // namespace
}  // namespace carroccio::server
