// game::rules_reference: a ruleset's clauses, rulings and legend read from the tables of its two
// documents (the format of docs/clauses/README.md and the rulings files).
#include "game/rules_reference.hpp"

#include <gtest/gtest.h>

#include "game/registry.hpp"

namespace carroccio::game {
namespace {

constexpr std::string_view kClauses = R"(# Clause coverage

Prose before the tables is not a clause.

## 1: moving

| clause | rule | code | tests |
|---|---|---|---|
| 1.1 | A unit moves its allowance (R-2). | `a.cpp` | `A.B` |
| 1.2 | Bars in code stay: `a|b`, and \| too. | — | n/a: why |

## Legend

| term | meaning | clause |
|---|---|---|
| XR | Someone runs. | 1.2 |
| MP | Movement points. | — |
)";

constexpr std::string_view kRulings = R"(# Rulings

## Moving

| id | clause | question | ruling | reason | test |
|---|---|---|---|---|---|
| R-1 | 1.1, 1.2 | How far? | **As printed**. | The plain reading. | `A.B` |
| R-2 | 3.0 | Elsewhere? | No. | None. | `A.C` |
| R-20 | — | Nothing? | Nothing. | — | — |

## A chart

| item | chart text | reading | confidence | why |
|---|---|---|---|---|
| row 1 | `L` | 1 | legible | position |
)";

nlohmann::json json_of(std::initializer_list<const char*> items) {
  nlohmann::json a = nlohmann::json::array();
  for (const char* s : items) a.push_back(s);
  return a;
}

RulesetInfo info() {
  RulesetInfo i;
  i.id = "toy";
  i.title = "Toy";
  return i;
}

TEST(RulesReference, ClauseRowsAreReadFromTheClauseTablesOnly) {
  const auto j = rules_reference(info(), {{"clauses.md", kClauses}, {"rulings.md", kRulings}});
  ASSERT_EQ(j["sections"].size(), 1u) << j.dump(1);
  EXPECT_EQ(j["sections"][0]["title"], "1: moving");
  const auto& clauses = j["sections"][0]["clauses"];
  ASSERT_EQ(clauses.size(), 2u);
  EXPECT_EQ(clauses[0]["clause"], "1.1");
  EXPECT_EQ(clauses[0]["anchor"], "c-1.1");
  EXPECT_EQ(clauses[0]["rule"], "A unit moves its allowance (R-2).");
  EXPECT_EQ(clauses[1]["rule"], "Bars in code stay: a|b, and | too.");
  EXPECT_FALSE(clauses[0].contains("code") || clauses[0].contains("tests"));
  EXPECT_EQ(j["sources"], json_of({"docs/clauses/toy.md", "docs/rulings/toy.md"}));
}

TEST(RulesReference, ARulingIsListedUnderTheClausesItNamesAndThatNameIt) {
  const auto j = rules_reference(info(), {{"clauses.md", kClauses}, {"rulings.md", kRulings}});
  const auto& clauses = j["sections"][0]["clauses"];
  // R-1 names 1.1 and 1.2; 1.1's text names R-2 (and not R-20, which only starts alike).
  EXPECT_EQ(clauses[0]["rulings"], json_of({"r-R-1", "r-R-2"}));
  EXPECT_EQ(clauses[1]["rulings"], json_of({"r-R-1"}));
  ASSERT_GE(j["rulings"].size(), 4u);
  EXPECT_EQ(j["rulings"][0]["id"], "R-1");
  EXPECT_EQ(j["rulings"][0]["ruling"], "As printed.");
  EXPECT_EQ(j["rulings"][0]["clauses"], json_of({"1.1", "1.2"}));
  EXPECT_EQ(j["rulings"][2]["clauses"], nlohmann::json::array());
  EXPECT_FALSE(j["rulings"][0].contains("test"));
}

TEST(RulesReference, AChartItemKeepsItsReadingButNotThePrintedText) {
  const auto j = rules_reference(info(), {{"clauses.md", kClauses}, {"rulings.md", kRulings}});
  const auto& item = j["rulings"][3];
  EXPECT_EQ(item["id"], "");
  EXPECT_EQ(item["item"], "row 1");
  EXPECT_EQ(item["ruling"], "1");
  EXPECT_EQ(item["confidence"], "legible");
  EXPECT_EQ(item["section"], "A chart");
  EXPECT_FALSE(item.dump().find("\"L\"") != std::string::npos) << "the chart text is left out";
}

TEST(RulesReference, TheLegendIsTheClausesFilesTermTable) {
  const auto j = rules_reference(info(), {{"clauses.md", kClauses}, {"rulings.md", kRulings}});
  ASSERT_EQ(j["legend"].size(), 2u);
  EXPECT_EQ(j["legend"][0]["term"], "XR");
  EXPECT_EQ(j["legend"][0]["meaning"], "Someone runs.");
  EXPECT_EQ(j["legend"][0]["clause"], "1.2");
  EXPECT_FALSE(j["legend"][1].contains("clause"));  // "—": no clause
}

TEST(RulesReference, ARulesetWithoutDocumentsHasAnEmptyReference) {
  const auto j = rules_reference(info(), {});
  EXPECT_EQ(j["ruleset"], "toy");
  EXPECT_TRUE(j["sections"].empty());
  EXPECT_TRUE(j["rulings"].empty());
  EXPECT_TRUE(j["legend"].empty());
  EXPECT_TRUE(j["sources"].empty());
}

}  // namespace
}  // namespace carroccio::game
