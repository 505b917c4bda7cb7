// The rules reference (GET /api/rulesets/{id}/rules) and the generic referee routes
// (GET /api/rulesets/{id}/tables, POST .../resolve) against a real server on loopback: every
// ruleset's reference is read from its two documents, an unknown ruleset is a 404 with one
// sentence, and a ruleset with no referee says so.
#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>

#include "game/rules_reference.hpp"
#include "server/tests/test_util.hpp"

namespace carroccio::server {
namespace {

using nlohmann::json;
using testing::Answer;
using testing::call;
using testing::get;
using testing::post;

using RulesApiTest = testing::LiveServerTest;

using testing::expect_full_sentence;

// The clause ids of the source file docs/clauses/<id>.md: the first cell of every row of its
// tables headed `| clause | rule | ...`.
std::vector<std::string> clause_ids_in_source(const std::string& id) {
  std::ifstream in(std::string(CARROCCIO_SOURCE_DIR) + "/docs/clauses/" + id + ".md");
  std::vector<std::string> out;
  std::string line;
  bool in_clause_table = false;
  while (std::getline(in, line)) {
    const auto cells = game::markdown_row(line);
    if (cells.empty()) {
      in_clause_table = false;
      continue;
    }
    if (cells.size() >= 2 && cells[0] == "clause" && cells[1] == "rule") {
      in_clause_table = true;
      continue;
    }
    if (in_clause_table && cells[0].find_first_not_of("-: ") != std::string::npos)
      out.push_back(game::plain_markdown(cells[0]));
  }
  return out;
}

TEST_F(RulesApiTest, EveryRulesetServesEveryClauseOfItsDocument) {
  const Answer rulesets = get(c(), "/api/rulesets");
  ASSERT_EQ(rulesets.status, 200);
  int with_documents = 0;
  for (const auto& r : rulesets.json) {
    const std::string id = r["id"].get<std::string>();
    const Answer a = get(c(), "/api/rulesets/" + id + "/rules");
    ASSERT_EQ(a.status, 200) << id << ": " << a.body;
    EXPECT_EQ(a.json["ruleset"], id);
    std::vector<std::string> served;
    for (const auto& s : a.json["sections"])
      for (const auto& cl : s["clauses"]) {
        served.push_back(cl["clause"].get<std::string>());
        EXPECT_FALSE(cl["rule"].get<std::string>().empty()) << id << " " << cl.dump();
      }
    const auto source = clause_ids_in_source(id);
    EXPECT_EQ(served, source) << id;  // one source: the page shows exactly the document's rows
    if (!source.empty()) {
      ++with_documents;
      EXPECT_FALSE(a.json["legend"].empty()) << id << ": the ruleset declares its legend";
    }
  }
  EXPECT_GE(with_documents, 5);
}

TEST_F(RulesApiTest, ClausesCarryTheirRulingsAndTheLegendItsCodes) {
  const Answer a = get(c(), "/api/rulesets/bma/rules");
  ASSERT_EQ(a.status, 200) << a.body;
  json clause;
  for (const auto& s : a.json["sections"])
    for (const auto& cl : s["clauses"])
      if (cl["clause"] == "5.1.4") clause = cl;
  ASSERT_TRUE(clause.is_object());
  EXPECT_EQ(clause["anchor"], "c-5.1.4");
  // L-7 names 5.1.4 in its clause column; the clause's own text names L-8.
  std::set<std::string> on(clause["rulings"].begin(), clause["rulings"].end());
  EXPECT_TRUE(on.count("r-L-7") && on.count("r-L-8")) << clause.dump();
  bool ruling = false;
  for (const auto& r : a.json["rulings"])
    if (r["id"] == "L-7") {
      ruling = true;
      EXPECT_FALSE(r["ruling"].get<std::string>().empty());
      EXPECT_FALSE(r.contains("test") || r.contains("tests")) << "tests are not for players";
    }
  EXPECT_TRUE(ruling);
  std::set<std::string> terms;
  for (const auto& l : a.json["legend"]) terms.insert(l["term"].get<std::string>());
  for (const char* code : {"AE", "AR", "AD", "NE", "DD", "DR", "DE"})
    EXPECT_TRUE(terms.count(code)) << code;
}

TEST_F(RulesApiTest, UnknownRulesetIs404WithOneSentence) {
  expect_full_sentence(get(c(), "/api/rulesets/nope/rules"), 404, "There is no ruleset 'nope'");
  expect_full_sentence(post(c(), "/api/rulesets/bma/rules", json::object()), 405, "GET");
}

TEST_F(RulesApiTest, RefereeRoutesAreEveryRulesetsAndSayWhenThereIsNone) {
  // The referee of a ruleset that has one (table_referee) through the generic route.
  const Answer rulesets = get(c(), "/api/rulesets");
  for (const auto& r : rulesets.json) {
    const std::string id = r["id"].get<std::string>();
    const Answer t = get(c(), "/api/rulesets/" + id + "/tables");
    if (r["table_referee"].get<bool>()) {
      EXPECT_EQ(t.status, 200) << id;
      EXPECT_TRUE(t.json["tables"].is_array()) << id;
    } else {
      expect_full_sentence(t, 404, "has no referee tables");
      expect_full_sentence(post(c(), "/api/rulesets/" + id + "/resolve", {{"table", "x"}}), 404,
                           "has no referee tables");
    }
  }
  expect_full_sentence(get(c(), "/api/rulesets/nope/tables"), 404, "There is no ruleset 'nope'");
  expect_full_sentence(post(c(), "/api/rulesets/nope/resolve", json::object()), 404,
                       "There is no ruleset 'nope'");
}

}  // namespace
}  // namespace carroccio::server
