#include "rulesets/alsh/resolution.hpp"

#include <algorithm>

#include "fmt/format.h"

namespace carroccio::alsh {

Modifier& Resolution::add(const ModifierDef& def, const std::string& source, bool applied,
                          std::string why) {
  Modifier m;
  m.id = def.id;
  m.label = def.label;
  m.source = source;
  m.value = def.value;
  m.applied = applied;
  m.why = std::move(why);
  m.confidence = def.confidence;
  modifiers.push_back(std::move(m));
  if (applied && def.confidence != Confidence::kLegible)
    rest_on(Basis{fmt::format("{}: {}", source, def.label), def.confidence, def.note});
  return modifiers.back();
}

Modifier& Resolution::add_value(const ModifierDef& def, const std::string& source, int value,
                                std::string why) {
  Modifier& m = add(def, source, true, std::move(why));
  m.value = value;
  return m;
}

int Resolution::total_modifier() const {
  int t = 0;
  for (const auto& m : modifiers)
    if (m.applied && m.kind == "drm") t += m.value;
  return t;
}

Confidence Resolution::confidence() const {
  Confidence c = Confidence::kLegible;
  for (const auto& b : basis) c = worst(c, b.confidence);
  return c;
}

std::optional<int> DiceTape::take(const core::Dice& dice, const std::string& purpose,
                                  Resolution& r) {
  if (next_ >= values_.size()) {
    r.pending = PendingRoll{dice, purpose};
    return std::nullopt;
  }
  const int v = values_[next_];
  if (v < dice.min() || v > dice.max()) {
    error_ = fmt::format("{} is not a possible roll of {} (for the {}): it runs from {} to {}.", v,
                         dice.name(), purpose, dice.min(), dice.max());
    r.pending = PendingRoll{dice, purpose};
    return std::nullopt;
  }
  ++next_;
  r.rolls.push_back(RollRecord{dice.name(), purpose, v});
  return v;
}

int read_row(const Grid& g, int v, Resolution& r) {
  const int i = g.find_row(v);
  if (i >= 0) r.rest_on(g.row_basis(i, v));
  return i;
}

int read_column(const Grid& g, int v, Resolution& r) {
  const int i = g.find_column(v);
  if (i >= 0) r.rest_on(g.column_basis(i, v));
  return i;
}

const Cell& read_cell(const Grid& g, int row, int col, Resolution& r) {
  r.rest_on(g.cell_basis(row, col));
  return g.cell(row, col);
}

int given_column(const Grid& g, int column, Resolution& r) {
  r.rest_on(Basis{fmt::format("{}, column {} counted from the left on your chart", g.title, column),
                  Confidence::kLegible, ""});
  return column - 1;
}

std::string column_name(const Grid& g, int col, bool given) {
  return given ? fmt::format("column {} of your chart", col + 1)
               : fmt::format("column '{}'", g.columns[static_cast<std::size_t>(col)].label);
}

int shift_column(const Grid& g, int col, int by, bool given, Resolution& r) {
  const int to = std::min(col + by, static_cast<int>(g.columns.size()) - 1);
  if (given && to != col)
    r.rest_on(Basis{fmt::format("{}, column {} counted from the left on your chart ({} right of "
                                "column {})",
                                g.title, to + 1, to - col, col + 1),
                    Confidence::kLegible, ""});
  return to;
}

std::vector<std::string> symbols(const std::string& text) {
  std::vector<std::string> out;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && text[i] == ' ') ++i;
    std::size_t j = i;
    while (j < text.size() && text[j] != ' ') ++j;
    if (j > i) out.push_back(text.substr(i, j - i));
    i = j;
  }
  return out;
}

void add_to_odds(Odds& odds, const std::string& outcome, core::Fraction p, Confidence c,
                 const std::vector<int>& rolls) {
  auto it = std::find_if(odds.lines.begin(), odds.lines.end(),
                         [&](const OddsLine& l) { return l.outcome == outcome; });
  if (it == odds.lines.end()) {
    OddsLine line;
    line.outcome = outcome;
    odds.lines.push_back(std::move(line));
    it = odds.lines.end() - 1;
  }
  it->probability = it->probability + p;
  it->confidence = worst(it->confidence, c);
  ++it->paths;
  if (it->rolls.size() < 64) it->rolls.push_back(rolls);
  if (c != Confidence::kLegible) {
    it->uncertain = it->uncertain + p;
    odds.uncertain = odds.uncertain + p;
  }
  if (c >= Confidence::kGuessed) odds.guessed = odds.guessed + p;
}

}  // namespace carroccio::alsh
