// What resolving a table produces, how dice values reach a resolver, and exact odds.
//
// Resolvers never roll: they read die values from a DiceTape. When the tape runs out they stop
// and say which roll they need next (`Resolution::pending`), so the same pure function serves
// the digital dice, a person's physical dice, and the enumeration of every outcome.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/dice.hpp"
#include "core/fraction.hpp"
#include "core/status.hpp"
#include "nlohmann/json.hpp"
#include "rulesets/alsh/tables.hpp"

namespace carroccio::alsh {

// One modifier considered: applied or not, with the clause it comes from.
struct Modifier {
  std::string id;
  std::string label;
  std::string source;  // "Artillery Fire Table, die-roll modifiers"
  int value = 0;
  // "drm" (summed into the die-roll modifier), "column shift", "quality" (a Force Quality
  // change) or "table" (a value read from another table and added in).
  std::string kind = "drm";
  bool applied = true;
  std::string why;  // why it does not apply, or how the value was found
  Confidence confidence = Confidence::kLegible;
};

struct RollRecord {
  std::string dice;     // "d6"
  std::string purpose;  // "fire roll"
  int value = 0;
};

struct PendingRoll {
  core::Dice dice;
  std::string purpose;
};

struct Resolution {
  std::string table;
  std::string title;
  std::vector<RollRecord> rolls;
  std::vector<Modifier> modifiers;
  std::vector<std::string> steps;  // how the table was read
  std::string outcome;             // one line; equal outcomes are grouped in the odds
  std::vector<std::string> effects;
  nlohmann::json detail = nlohmann::json::object();
  std::vector<Basis> basis;
  bool resolved = true;
  std::string unresolved_reason;
  std::optional<PendingRoll> pending;

  // Adds a modifier from the table's data; `applied` false records it as considered only.
  Modifier& add(const ModifierDef& def, const std::string& source, bool applied,
                std::string why = {});
  // Adds a modifier whose value is computed (e.g. a quality, a Table 3 result).
  Modifier& add_value(const ModifierDef& def, const std::string& source, int value,
                      std::string why = {});
  int total_modifier() const;
  void rest_on(Basis b) { basis.push_back(std::move(b)); }
  // The least certain thing the result rests on.
  Confidence confidence() const;
};

// Die values in the order they are rolled.
class DiceTape {
 public:
  DiceTape() = default;
  explicit DiceTape(std::vector<int> values) : values_(std::move(values)) {}

  // The next value, recorded in `r`. When the tape is used up, sets r.pending and returns
  // nothing; a value impossible for `dice` also returns nothing and sets error().
  std::optional<int> take(const core::Dice& dice, const std::string& purpose, Resolution& r);

  std::size_t used() const { return next_; }
  std::size_t size() const { return values_.size(); }
  const std::string& error() const { return error_; }

 private:
  std::vector<int> values_;
  std::size_t next_ = 0;
  std::string error_;
};

struct OddsLine {
  std::string outcome;
  core::Fraction probability;
  Confidence confidence = Confidence::kLegible;  // least certain basis among its paths
  core::Fraction uncertain{0};          // the part of `probability` resting on a non-legible basis
  std::vector<std::vector<int>> rolls;  // the die sequences giving it (the first 64)
  int paths = 0;
};

struct Odds {
  std::vector<OddsLine> lines;  // in order of first appearance, dice ascending
  core::Fraction uncertain{0};  // probability the result rests on a non-legible basis
  core::Fraction guessed{0};    // ... on a guessed (or missing) basis
};

// Reads a grid: the row or column heading holding `v` (recording what it rests on), -1 when
// none does; and a cell (recording its reading).
int read_row(const Grid& g, int v, Resolution& r);
int read_column(const Grid& g, int v, Resolution& r);
const Cell& read_cell(const Grid& g, int row, int col, Resolution& r);
// The column a person reads on their own chart (1 = leftmost): it rests on no guessed heading.
int given_column(const Grid& g, int column, Resolution& r);
// How a report names column `col`: a column the person gave (`given`) by its place on their own
// chart ("column 2 of your chart"), which rests on no heading of ours; one read from a heading by
// that heading ("column '11-20'").
std::string column_name(const Grid& g, int col, bool given);
// A column shift (Artillery Fire Table: Siege Status; Administrative Points Table: weather):
// `col` moved `by` columns right, the rightmost column at most. A column the person gave lands
// on another column of their chart, counted as they count it, and the result rests on that one
// (legibly: it is no heading of ours); a column read from a heading keeps resting on the heading
// read, since the shift counts columns from there and needs no heading of its own.
int shift_column(const Grid& g, int col, int by, bool given, Resolution& r);

// Splits a cell's text into its space-separated symbols.
std::vector<std::string> symbols(const std::string& text);

// Adds a path's probability to the line of its outcome.
void add_to_odds(Odds& odds, const std::string& outcome, core::Fraction p, Confidence c,
                 const std::vector<int>& rolls);

}  // namespace carroccio::alsh
