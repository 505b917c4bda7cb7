// A top-down character drawing of the table (the table kit's CharMap): one character an inch,
// the far edge at the top. Each element shows its troop letter, upper case for the first army,
// lower case for the second, and an arrow on open ground just in front of it for its facing.
#include <cctype>
#include <sstream>

#include "fmt/format.h"
#include "game/table/char_map.hpp"
#include "rulesets/gwkho/state.hpp"

namespace carroccio::gwkho {

namespace {

// One letter a type: Kn(ights) for Hc, Q for pike (P is the phalanx), I for light infantry, W for
// the longbow (warbow), G for heavy artillery (guns).
char troop_letter(TroopType t) {
  static constexpr char kLetters[kNumTypes] = {'K', 'C', 'R', 'L', 'E', 'P', 'Q', 'H',
                                               'I', 'B', 'W', 'X', 'S', 'A', 'G'};
  return kLetters[static_cast<std::size_t>(t)];
}

char terrain_char(const TerrainPiece& t) {
  switch (t.kind) {
    case TerrainKind::kRiver:
      return '~';
    case TerrainKind::kFord:
      return '=';
    case TerrainKind::kHill:
      return '-';
    case TerrainKind::kArea:
      break;
  }
  return t.impassable ? '#' : t.going == Going::kBad ? '%' : ',';
}

// [G-12d] Linear features: " hedge, _ ditch, + field works, @ permanent fortification, o wagons.
char line_char(LinearKind k) {
  static constexpr char kChars[kNumLinearKinds] = {'"', '_', '+', '@', 'o'};
  return kChars[static_cast<std::size_t>(k)];
}

bool ground(char c) { return !std::isalpha(static_cast<unsigned char>(c)); }

}  // namespace

std::string GwkhoState::table_drawing() const {
  const Scenario& sc = gw_->scenario_data();
  game::table::CharMap map(sc.width, sc.height, kUnitsPerInch);
  for (const auto& t : sc.terrain)
    if (t.kind != TerrainKind::kFord) map.fill_polygon(t.outline, terrain_char(t));
  for (const auto& t : sc.terrain)  // fords over their rivers
    if (t.kind == TerrainKind::kFord) map.fill_polygon(t.outline, terrain_char(t));
  for (const auto& r : sc.roads) map.stroke(r.line, kRoadHalfWidth, ':', '.');
  for (const auto& l : sc.lines) map.stroke(l.line, kUnitsPerInch / 2, line_char(l.kind));
  for (int e = 0; e < num_elements(); ++e) {
    const ElementState& st = els_[static_cast<std::size_t>(e)];
    if (!st.alive && !st.uncrewed) continue;
    // [G-51] An uncrewed gun: U (u for the second army), whatever its kind.
    const char l = st.uncrewed ? 'U' : troop_letter(gw_->element(e).troop.type);
    map.fill_base(st.base, side_of(e) == 0 ? l : static_cast<char>(std::tolower(l)), true);
  }
  // Facing: an arrow in the cell just in front of the middle of the front edge, when that cell
  // shows ground (not another element).
  for (int e = 0; e < num_elements(); ++e) {
    const ElementState& st = els_[static_cast<std::size_t>(e)];
    if (!st.alive) continue;
    const geo::Base& b = st.base;
    const geo::Point p = b.side_midpoint(geo::Side::kFront) +
                         geo::Vec{b.forward_half().x / 2, b.forward_half().y / 2};
    if (char* c = map.cell_at(p); c && ground(*c)) *c = game::table::CharMap::arrow(b.heading());
  }
  std::ostringstream os;
  os << map.text_with_axes(6);
  os << fmt::format("    {} capitals, {} lower case; an arrow in front of an element: its facing\n",
                    gw_->side(0).name, gw_->side(1).name);
  os << "    K Hc  C Cv  R Re  L Lc  E El  P Ph  Q Pk  H HI  I LI  B Bw  W Lb  X Xb  S Sh  A L.Art"
        "  G H.Art  U uncrewed gun\n";
  os << "    , rough  % bad going  # impassable  ~ river  = ford  - hill  : road; a character is "
        "an inch\n";
  os << "    \" hedge  _ ditch  + field works  @ fortification  o wagons\n";
  return os.str();
}

}  // namespace carroccio::gwkho
