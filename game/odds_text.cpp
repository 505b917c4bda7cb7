// The text of exact odds for people (game/odds_text.hpp).
#include "game/odds_text.hpp"

#include <algorithm>

#include "fmt/format.h"

namespace carroccio::game {

namespace {

std::string str(const nlohmann::json& j, const char* key) {
  if (!j.is_object() || !j.contains(key)) return {};
  const auto& v = j[key];
  return v.is_string() ? v.get<std::string>() : v.dump();
}

std::string percent(const nlohmann::json& j, const char* key) {
  if (!j.is_object() || !j.contains(key) || !j[key].is_number()) return {};
  return fmt::format("{:.1f}%", 100.0 * j[key].get<double>());
}

}  // namespace

std::string format_odds_line(const nlohmann::json& odds) {
  if (!odds.is_object() || !odds.contains("results")) return {};
  std::string out;
  for (const auto& r : odds["results"]) {
    if (!out.empty()) out += ", ";
    out += fmt::format("{} {}", str(r, "result"), percent(r, "p"));
  }
  return out;
}

std::string format_odds(const nlohmann::json& odds, std::string_view indent) {
  if (!odds.is_object()) return {};
  std::string out;
  const std::string in(indent);
  if (odds.contains("roll"))
    out += fmt::format("{}Roll {}{}.\n", in, str(odds, "roll"),
                       odds.value("commits", false) ? ", at once (it cannot be taken back)" : "");
  if (odds.contains("note"))
    out += fmt::format(
        "{}Note: {}{}.\n", in, str(odds, "note"),
        odds.contains("rule") && !odds.contains("automatic") ? " [" + str(odds, "rule") + "]" : "");
  if (odds.contains("automatic"))
    out += fmt::format("{}No die is rolled: {} [{}].\n", in, str(odds, "automatic"),
                       str(odds, "rule"));
  if (odds.contains("column"))
    out += fmt::format("{}Column {}, die modifier {:+d} (before any undrawn chit is known).\n", in,
                       str(odds, "column"), odds.value("drm", 0));
  if (odds.contains("modifiers") && !odds["modifiers"].empty()) {
    out += in + "Modifiers:\n";
    for (const auto& m : odds["modifiers"])
      out += fmt::format("{}  {} [{}]\n", in, str(m, "what"), str(m, "rule"));
  }
  if (odds.contains("undrawn_chits") && !odds["undrawn_chits"].empty()) {
    std::string names;
    for (const auto& u : odds["undrawn_chits"])
      names += (names.empty() ? "" : ", ") + u.get<std::string>();
    out += fmt::format("{}Combat chits not yet drawn (every value enumerated): {}\n", in, names);
  }
  if (odds.contains("checks"))
    for (const auto& c : odds["checks"])
      out += fmt::format("{}Check: {} {}, passes with probability {} [{}]\n", in, str(c, "unit"),
                         str(c, "check"), str(c, "pass"), str(c, "rule"));
  if (odds.contains("results")) {
    out += in + "Results:\n";
    // The result column as wide as its longest result (gwkho's name both elements), so that
    // the fractions and percentages stand in columns.
    std::size_t width = 10;
    for (const auto& r : odds["results"]) width = std::max(width, str(r, "result").size());
    for (const auto& r : odds["results"]) {
      std::string line = fmt::format("{}  {:<{}} {:>9} {:>7}", in, str(r, "result"), width,
                                     str(r, "probability"), percent(r, "p"));
      if (r.contains("vp_lost") && r["vp_lost"].is_object()) {
        std::string vp;
        for (const auto& [side, v] : r["vp_lost"].items())
          vp += fmt::format("{}{} {} -> {} of {}", vp.empty() ? "" : ", ", side, str(v, "now"),
                            str(v, "after"), str(v, "rout_level"));
        line += "  VP lost: " + vp;
      }
      if (r.contains("ends_game"))
        line += fmt::format("; ends the game: {} win ({})", str(r["ends_game"], "winner"),
                            str(r["ends_game"], "reason"));
      out += line + "\n";
    }
  }
  if (odds.contains("leaders") && !odds["leaders"].empty()) {
    out += in + "Leaders in the combat:\n";
    for (const auto& l : odds["leaders"]) {
      std::string line =
          fmt::format("{}  {} dies with probability {} ({}) [{}]", in, str(l, "leader"),
                      str(l, "death"), percent(l, "p"), str(l, "rule"));
      if (l.contains("ends_game"))
        line += fmt::format(": that ends the game, {} win [{}]", str(l["ends_game"], "winner"),
                            str(l["ends_game"], "rule"));
      else if (l.contains("vp"))
        line += fmt::format(": {} VP to the enemy", str(l, "vp"));
      out += line + "\n";
    }
  }
  return out;
}

}  // namespace carroccio::game
