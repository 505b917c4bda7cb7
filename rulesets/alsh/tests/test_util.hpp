// Helpers shared by the alsh tests.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "nlohmann/json.hpp"
#include "rulesets/alsh/referee.hpp"
#include "rulesets/alsh/resolvers.hpp"

namespace carroccio::alsh::testing {

inline const Tables& tables() {
  static const Tables t = [] {
    auto x = load_tables();
    if (!x) ADD_FAILURE() << x.message();
    return std::move(x).value();
  }();
  return t;
}

inline std::string test_data(const std::string& name) {
  return std::string(CARROCCIO_SOURCE_DIR) + "/rulesets/alsh/tests/data/" + name;
}

// Resolves table `name` for `situation` and `dice`; the error message when it fails.
inline core::Expected<Resolution> try_resolve(const std::string& name,
                                              const nlohmann::json& situation,
                                              std::vector<int> dice = {},
                                              const AssaultGrid* grid = nullptr) {
  const auto all = procedures();
  const Procedure* p = find_procedure(all, name);
  if (p == nullptr) return core::make_error("no table " + name);
  auto s = make_situation(name, p->fields, situation);
  if (!s) return s.error();
  DiceTape tape(std::move(dice));
  const Context ctx{tables(), grid};
  auto r = p->resolve(ctx, *s, tape);
  if (r && !tape.error().empty()) return core::make_error(tape.error());
  return r;
}

inline Resolution resolve(const std::string& name, const nlohmann::json& situation,
                          std::vector<int> dice = {}, const AssaultGrid* grid = nullptr) {
  auto r = try_resolve(name, situation, std::move(dice), grid);
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.message());
  if (!r) return Resolution{};
  return std::move(r).value();
}

inline Odds odds(const std::string& name, const nlohmann::json& situation,
                 const AssaultGrid* grid = nullptr) {
  const auto all = procedures();
  const Procedure* p = find_procedure(all, name);
  EXPECT_NE(p, nullptr);
  auto s = make_situation(name, p->fields, situation);
  EXPECT_TRUE(s.ok()) << (s.ok() ? "" : s.message());
  const Context ctx{tables(), grid};
  auto o = compute_odds(*p, ctx, *s);
  EXPECT_TRUE(o.ok()) << (o.ok() ? "" : o.message());
  return o.ok() ? *o : Odds{};
}

inline core::Fraction total(const Odds& o) {
  core::Fraction t(0);
  for (const auto& l : o.lines) t = t + l.probability;
  return t;
}

inline core::Fraction probability_of(const Odds& o, const std::string& outcome) {
  for (const auto& l : o.lines)
    if (l.outcome == outcome) return l.probability;
  return core::Fraction(0);
}

// The applied value of modifier `id`, or nothing when it is absent or not applied.
inline std::optional<int> applied(const Resolution& r, const std::string& id) {
  for (const auto& m : r.modifiers)
    if (m.id == id && m.applied) return m.value;
  return std::nullopt;
}

inline bool rests_on(const Resolution& r, Confidence c) {
  for (const auto& b : r.basis)
    if (b.confidence == c) return true;
  return false;
}

inline bool has_effect(const Resolution& r, const std::string& needle) {
  for (const auto& e : r.effects)
    if (e.find(needle) != std::string::npos) return true;
  return false;
}

// Every effect line of `r`, one a line (for failure messages).
inline std::string effects_text(const Resolution& r) {
  std::string out;
  for (const auto& e : r.effects) out += e + "\n";
  return out;
}

// Pins a grid against the chart: every cell's reading and its confidence letter
// (L legible, R reconstructed, G guessed, M missing).
inline void expect_grid(const std::string& id, const std::vector<std::vector<std::string>>& cells,
                        const std::vector<std::string>& confidence) {
  const Grid& g = tables().grid(id);
  ASSERT_EQ(g.cells.size(), cells.size()) << id;
  for (std::size_t r = 0; r < cells.size(); ++r) {
    ASSERT_EQ(g.cells[r].size(), cells[r].size()) << id << " row " << r;
    for (std::size_t c = 0; c < cells[r].size(); ++c) {
      EXPECT_EQ(g.cells[r][c].value, cells[r][c])
          << id << " row " << g.rows[r].label << " col " << g.columns[c].label;
      const char want = confidence[r][c];
      const char got = "LRGM"[static_cast<int>(g.cells[r][c].confidence)];
      EXPECT_EQ(got, want) << id << " confidence of row " << g.rows[r].label << " col "
                           << g.columns[c].label;
      if (g.cells[r][c].confidence != Confidence::kLegible) {
        EXPECT_FALSE(g.cells[r][c].note.empty() && g.cells[r][c].ocr.empty())
            << id << ": an uncertain cell must say why (row " << r << ", col " << c << ")";
      }
    }
  }
}

// True when some basis of `r` names `needle`.
inline bool basis_names(const Resolution& r, const std::string& needle) {
  for (const auto& b : r.basis)
    if (b.what.find(needle) != std::string::npos) return true;
  return false;
}

}  // namespace carroccio::alsh::testing
