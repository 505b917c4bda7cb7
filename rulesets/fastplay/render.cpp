// A top-down character drawing of the table: one character per 2 cm, the far edge at the top.
// Stands show their troop letter (tables.hpp), upper case for the first army, lower case for
// the second; '*' a lone commander; terrain '#' woods, '+' village, 'X' works, '-' hill, '~'
// river.
#include <cctype>
#include <sstream>

#include "fmt/format.h"
#include "game/table/char_map.hpp"
#include "game/table/place.hpp"
#include "rulesets/fastplay/state.hpp"

namespace carroccio::fastplay {

namespace {
constexpr std::int64_t kCell = 2 * kCm;
char terrain_char(TerrainType t) {
  static constexpr char kChars[] = {'#', '+', 'X', '-', '~'};
  return kChars[static_cast<std::size_t>(t)];
}
}  // namespace

std::string FastplayState::render_text(game::Player viewer) const {
  (void)viewer;
  const Scenario& sc = fp_->scenario_data();
  game::table::CharMap map(sc.width, sc.height, kCell);
  for (const auto& t : sc.terrain) map.fill_polygon(t.outline, terrain_char(t.type));
  for (int u = 0; u < num_units(); ++u)
    for (std::size_t i = 0; i < unit(u).stands.size(); ++i) {
      if (!unit(u).stands[i].alive) continue;
      char ch = fp_->unit(u).lone_commander ? '*' : troop_letter(unit(u).stands[i].type);
      if (side_of(u) == 1) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
      const geo::Base b = stand_base(u, static_cast<int>(i));
      for (const auto& c : b.corners())
        map.put(geo::Point{(c.x + b.centre().x) / 2, (c.y + b.centre().y) / 2}, ch);
      map.put(b.centre(), ch);
    }
  std::ostringstream os;
  for (const auto& line : map.lines()) os << line << '\n';
  os << status_line() << '\n';
  for (int u = 0; u < num_units(); ++u) {
    if (!alive(u)) continue;
    // fastplay 5.3: archer stands turned about (low on arrows) and those replaced by infantry.
    int turned = 0, replaced = 0;
    for (const auto& st : unit(u).stands) {
      if (!st.alive) continue;
      turned += st.turned ? 1 : 0;
      replaced += fp_->unit(u).type == TroopType::kArchery && st.type != TroopType::kArchery;
    }
    std::string arrows;
    if (turned > 0) arrows += fmt::format(", {} turned about (low on arrows)", turned);
    if (replaced > 0) arrows += fmt::format(", {} out of arrows (light infantry)", replaced);
    // Each unit by the name the log and the decisions give it, its place in words (the drawing
    // has no scale to read coordinates on).
    const bool lone = fp_->unit(u).lone_commander;
    os << fmt::format("  {}: {}{}{}, {}, facing {}{}\n", unit_words(u),
                      lone ? "alone" : fmt::format("{} stands", alive_stands(u)),
                      unit(u).commander && !lone ? " + commander" : "", arrows,
                      fp_->place_words(unit(u).centre), game::table::compass_words(unit(u).heading),
                      engaged(u) ? ", in melee" : "");
  }
  // The stands a pending pick is about, numbered as the decisions name them (ruling F-10, F-14,
  // F-17).
  auto stand_line = [&](int u, int i) {
    os << fmt::format("    {}, {}\n", stand_words(u, i),
                      fp_->place_words(stand_base(u, i).centre()));
  };
  if (pending_ == PendingKind::kLoss) {
    os << fmt::format("  {} must pick {} stand(s) to lose:\n", unit_words(loss_unit_),
                      int{losses_left_});
    for (std::size_t i = 0; i < unit(loss_unit_).stands.size(); ++i)
      if (unit(loss_unit_).stands[i].alive) stand_line(loss_unit_, static_cast<int>(i));
  } else if (pending_ == PendingKind::kStrike) {
    const Attack& a = attacks_.front();
    os << fmt::format("  {}{} may strike:\n", stand_words(a.unit, a.stand),
                      a.extra ? " (extra die)" : "");
    for (const Attack& c : strike_candidates(a, struck_)) stand_line(c.target_unit, c.target_stand);
  } else if (pending_ == PendingKind::kArrows) {
    // fastplay 5.3 (ruling F-14).
    bool replace = false;
    const auto stands = arrow_stands(shooter_, replace);
    os << fmt::format("  {} rolled a 1 and {}: pick the archer stand that {}:\n",
                      unit_words(shooter_), replace ? "is out of arrows" : "runs low on arrows",
                      replace ? "becomes light infantry" : "turns about");
    for (int i : stands) stand_line(shooter_, i);
  }
  return os.str();
}

}  // namespace carroccio::fastplay
