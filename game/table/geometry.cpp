#include "game/table/geometry.hpp"

#include <climits>
#include <cstdlib>

namespace carroccio::game::table {

bool on_table(const geo::Base& b, std::int64_t width, std::int64_t height, std::int64_t slack) {
  // Every corner is on the table exactly when the corners' box is (box_of()).
  const Box c = box_of(b);
  return c.min_x >= -slack && c.min_y >= -slack && c.max_x <= width + slack &&
         c.max_y <= height + slack;
}

bool near_polygon(const geo::Base& b, std::span<const geo::Point> polygon, std::int64_t d) {
  if (geo::point_in_polygon(b.centre(), polygon)) return true;
  for (geo::Side s : geo::kAllSides)
    if (geo::within_distance(b.side(s), polygon, d)) return true;
  return false;
}

bool along_one_stretch(std::span<const Road> roads, geo::Point from, geo::Point to) {
  for (const auto& r : roads)
    for (std::size_t i = 0; i + 1 < r.line.size(); ++i) {
      const geo::Segment s{r.line[i], r.line[i + 1]};
      if (geo::on_segment(from, s) && geo::on_segment(to, s)) return true;
    }
  return false;
}

Box box_of(std::span<const geo::Point> points) {
  Box r{points[0].x, points[0].y, points[0].x, points[0].y};
  for (const auto& p : points) r = r | Box{p.x, p.y, p.x, p.y};
  return r;
}

int nearest_turn(geo::Angle want, geo::Angle heading, std::span<const int> turns) {
  int best = 0;
  std::int32_t best_err = INT32_MAX;
  for (std::size_t i = 0; i < turns.size(); ++i) {
    const std::int32_t err = (want - (heading + geo::Angle::degrees(turns[i]))).abs_units();
    if (err < best_err) {
      best_err = err;
      best = static_cast<int>(i);
    }
  }
  return best;
}

}  // namespace carroccio::game::table
