// A terminal drawing of the bma map: terrain, hex labels, units with rating and status,
// leaders and the Carroccio.
#include "fmt/format.h"
#include "rulesets/bma/state.hpp"

namespace carroccio::bma {

std::string BmaState::render_text(game::Player viewer) const {
  (void)viewer;
  const BmaGame& g = *bma_;
  const Board& b = g.board();
  const auto& sides = g.scenario_data().sides;
  auto cell = [&](int h) -> std::string {
    const int u = unit_at(h);
    const int l = leader_at(h);
    if (u < 0) {
      if (l >= 0)
        return fmt::format(" @{} ", sides[static_cast<std::size_t>(g.leader(l).side)].id[0]);
      return g.terrain(h) == Terrain::kForest ? " ^^ " : " .  ";
    }
    const UnitDef& d = g.unit(u);
    char side = sides[static_cast<std::size_t>(d.side)].id[0];
    char r = rating_name(d.rating)[0];
    if (d.type == UnitType::kInfantry) r = static_cast<char>(r - 'A' + 'a');
    if (d.type == UnitType::kCarroccio) r = 'K';
    const Status st = unit(u).status;
    const char s = st == Status::kDisordered ? 'd'
                   : st == Status::kRouted   ? 'R'
                                             : (g.terrain(h) == Terrain::kForest ? '^' : ' ');
    return fmt::format("{}{}{}{}", side, r, s, l >= 0 ? '@' : ' ');
  };
  std::string out;
  // Flat-topped maps: each printed row takes two lines, the shoved columns on the second.
  std::string header = "     ";
  for (int c = 1; c <= b.cols(); ++c) header += fmt::format("{:02d}  ", c);
  out += header + "\n";
  const bool flat = b.flat_top();
  for (int r = 1; r <= b.rows(); ++r) {
    for (int half = 0; half < (flat ? 2 : 1); ++half) {
      std::string line = half == 0 ? fmt::format(" {:02d}  ", r) : "     ";
      for (int c = 1; c <= b.cols(); ++c) {
        int h = -1;
        for (int i = 0; i < b.size(); ++i)
          if (b.col(i) == c && b.row(i) == r) {
            h = i;
            break;
          }
        const bool shoved = g.scenario_data().even_shifted ? (c % 2 == 0) : (c % 2 == 1);
        if (flat && (shoved ? half == 0 : half == 1)) {
          line += "    ";
          continue;
        }
        line += h >= 0 ? cell(h) : "    ";
      }
      while (!line.empty() && line.back() == ' ') line.pop_back();
      out += line + "\n";
    }
  }
  // The shoved columns (flat) or rows (pointy) depend on the map's parity.
  const char* parity = g.scenario_data().even_shifted ? "an even" : "an odd";
  const std::string offset =
      flat ? fmt::format("Columns with {} number sit half a hex lower.", parity)
           : fmt::format("Rows with {} number sit half a hex to the right.", parity);
  out += fmt::format(
      "Key: first letter = side ({}: {}, {}: {}); capital = cavalry, small = infantry, K = "
      "Carroccio;\n"
      "     d = disordered, R = routed, @ = leader, ^^ = forest. {}\n",
      sides[0].id[0], sides[0].name, sides[1].id[0], sides[1].name, offset);
  out += status_line() + "\n";
  if (phase_ == Phase::kOver) {
    out += winner_ == 2 ? fmt::format("Result: draw ({}).\n", end_reason_name(end_reason_))
                        : fmt::format("Result: {} win ({}).\n",
                                      sides[static_cast<std::size_t>(winner_)].name,
                                      end_reason_name(end_reason_));
  }
  return out;
}

}  // namespace carroccio::bma
