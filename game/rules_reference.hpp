// The rules reference of a ruleset: every clause in our own words, the rulings taken on them and
// the legend of its result codes and terms, built from the ruleset's two documents,
// docs/clauses/<id>.md and docs/rulings/<id>.md (embedded in the program when it is built, so the
// binary needs no source tree). The documents stay the one source: this reads their tables, and
// what a page shows is what a reviewer reads.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "nlohmann/json.hpp"

namespace carroccio::game {

struct RulesetInfo;

// (file name, text) of a ruleset's documents: "clauses.md" / "rulings.md" as the build embeds them
// (cmake/Ruleset.cmake names them by their folder: clauses/<id>.md -> "clauses.md").
using ReferenceFiles = std::vector<std::pair<std::string_view, std::string_view>>;

// One row of a Markdown table, split into its cells (outer bars dropped, `\|` and bars inside
// backticks kept), trimmed. Empty when `line` is not a table row.
std::vector<std::string> markdown_row(std::string_view line);

// Inline Markdown made plain: backticks and ** dropped, [text](link) as text.
std::string plain_markdown(std::string_view text);

// The reference as JSON:
//   {"ruleset": id, "title": ..., "sources": ["docs/clauses/<id>.md", "docs/rulings/<id>.md"],
//    "sections": [{"title": heading, "clauses": [{"clause": "5.1.4", "anchor": "c-5.1.4",
//                  "rule": text, "rulings": ["r-L-7", ...] (anchors of "rulings" entries)}]}],
//    "rulings": [{"id": "L-7" (or "" when the row has none), "anchor": "r-L-7", "section": heading,
//                 "clauses": ["5.1.4"], "question": ..., "ruling": ..., "reason": ...}],
//    "legend": [{"term": "AR", "meaning": ..., "clause": "5.3 R"}]}
// Clause rows are the rows of every table whose header starts `| clause | rule |`; rulings the
// rows of every table with an id (or item) column and a ruling (or reading) column; the legend
// the rows of the clauses file's table headed `| term | meaning | clause |`. A ruling is listed
// under each clause its clause column names and each clause whose text names the ruling's id.
// Columns that quote the printed text ("chart text") and the code and test columns are left out.
nlohmann::json rules_reference(const RulesetInfo& info, const ReferenceFiles& files);

// What `carroccio help RULESET TOPIC` prints from a reference (rules_reference()'s JSON): the
// clauses whose number is TOPIC or starts with it and a dot ("6.1"; "CHG": every CHG.* row), each
// with the rulings taken on it; the ruling whose id is TOPIC ("F-9"); the legend terms TOPIC
// names ("charge"; "d6" in "d6, d10"), each with its clause. Case is ignored. Plain text, one
// entry a paragraph, not yet wrapped; empty when TOPIC is none of these.
std::string reference_topic(const nlohmann::json& reference, std::string_view topic);
// A few of the reference's topics to suggest ("6.1, F-9, charge"): its first clause, ruling and
// term.
std::string reference_examples(const nlohmann::json& reference);

}  // namespace carroccio::game
