// The table kit, part 6: a place on the table in words, as a person finds it on the board: inside
// a terrain piece ("in the north wood"), near one ("1.5 in. south-east of the wood"), or by the
// table's edges ("11 in. from the west edge, 13 in. from the south edge"); north is the far edge
// (largest y), as the boards draw it. For the event log and the names of decisions, in place of
// raw coordinates.
//
//   std::vector<game::table::NamedArea> areas = {{"the wood", &wood.outline}, ...};
//   text += ", ending " + game::table::place_words(b.centre(), kLength, sc.width, sc.height, areas,
//                                                  kLength(6));
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "core/geometry.hpp"
#include "game/table/scenario.hpp"

namespace carroccio::game::table {

namespace geo = core::geo;

// A terrain piece as the words name it ("the north wood").
struct NamedArea {
  std::string name;
  const geo::Polygon* outline = nullptr;
};

// "the north wood" for the id "north_wood"; the type is added when the id does not say it:
// "the legnano (town)".
std::string area_name(std::string_view id, std::string_view type);

// A length in words, rounded to the half inch or the whole centimetre: "1.5 in.", "12 cm".
std::string length_words(std::int64_t sub_units, const LengthUnit& unit);

// Where `p` is: in the first area holding it; else within `near` of the nearest area's outline,
// by the direction from the area's middle (8 points of the compass); else by the two nearest
// edges of a table `width` by `height`.
std::string place_words(geo::Point p, const LengthUnit& unit, std::int64_t width,
                        std::int64_t height, std::span<const NamedArea> areas, std::int64_t near);

}  // namespace carroccio::game::table
