// The table kit, part 6: a place on the table in words, as a person finds it on the board: inside
// a terrain piece ("in the north wood"), near one ("1.5 in. south-east of the wood"), or by the
// table's edges ("11 in. from W edge, 13 in. from S edge"); north is the far edge
// (largest y), as the boards draw it. And a piece by its name rather than its file id ("the
// Count's host heavy infantry #2"). For the event log and the names of decisions, in place of
// ids and raw coordinates.
//
//   // built once with the Game, from the scenario's terrain:
//   const game::table::TableWords words(kLength, sc.width, sc.height, sc.terrain, terrain_name,
//                                       kLength(6));
//   text += ", ending " + words.place(b.centre());
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

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

// A direction (a heading) on 8 points of the compass, north the far edge (+y): "north-east".
std::string_view compass_words(geo::Angle direction);

// Where `p` is: in the first area holding it; else within `near` of the nearest area's outline,
// by the direction from the area's middle (8 points of the compass); else by the two nearest
// edges of a table `width` by `height`.
std::string place_words(geo::Point p, const LengthUnit& unit, std::int64_t width,
                        std::int64_t height, std::span<const NamedArea> areas, std::int64_t near);

// A table's places in words for one scenario, built once with its Game: every terrain piece named
// by area_name(id, type_name(type)), and place_words() with the pieces the board draws (`drawn`
// says which types: a zone it does not draw is never a landmark, though it keeps its name for
// the decisions that aim at it). The pieces' outlines are read where they are: the terrain must
// outlive this.
class TableWords {
 public:
  template <typename Type, typename TypeName, typename Drawn>
  TableWords(const LengthUnit& unit, std::int64_t width, std::int64_t height,
             const std::vector<TerrainPiece<Type>>& terrain, TypeName type_name, Drawn drawn,
             std::int64_t near)
      : unit_(unit), width_(width), height_(height), near_(near) {
    for (const auto& t : terrain) {
      names_.push_back(area_name(t.id, type_name(t.type)));
      if (drawn(t.type)) shown_.push_back({names_.back(), &t.outline});
    }
  }
  // Every piece drawn.
  template <typename Type, typename TypeName>
  TableWords(const LengthUnit& unit, std::int64_t width, std::int64_t height,
             const std::vector<TerrainPiece<Type>>& terrain, TypeName type_name, std::int64_t near)
      : TableWords(
            unit, width, height, terrain, type_name, [](Type) { return true; }, near) {}

  // Where `p` is: in or within `near` of a drawn piece, else by the table's edges.
  std::string place(geo::Point p) const {
    return place_words(p, unit_, width_, height_, shown_, near_);
  }
  // Terrain piece t as the words name it: "the north wood", "the legnano (town)".
  const std::string& piece(int t) const { return names_[static_cast<std::size_t>(t)]; }

 private:
  LengthUnit unit_;
  std::int64_t width_ = 0, height_ = 0, near_ = 0;
  std::vector<std::string> names_;
  std::vector<NamedArea> shown_;
};

// A piece (a unit, a stand's unit) as the log and the decisions name it, in place of its file id:
// its side's name and its words, with its number among its side's pieces of the same words when
// there are several (`of` > 1): "the Count's host heavy infantry #2", "the Blue knights" (a side
// name's leading "The" is not said twice: "The raiders" -> "the raiders light cavalry #1"). A
// side name holding a phrase ("of", "on", "in", "with", "from") comes last, so that the words
// stay the name's head: "Army of Milan" -> "the knights #2 of the Army of Milan".
std::string piece_name(std::string_view side_name, std::string_view words, int number, int of);

// The same piece without its side ("heavy infantry #2", "knights"): the short label the browser's
// log shows in the side's colour in place of the whole name, as the board shows the piece (its
// type, its number; the colour says the side). piece_name() is the side's words and this.
std::string piece_label(std::string_view words, int number, int of);

// Whether a piece's name is plural, so that the verbs and pronouns of a sentence agree with it.
// It is judged by the head noun: the last word before the first "of"/"on"/"in"/"with"/"from"
// phrase, bracket, comma, colon or trailing number. "the Blue knights #2", "Crossbowmen of
// Bruges", "Knights of the Temple", "Men-at-arms of the vanguard", "Rhineland knights 2 (Hc(o))
// of Philip's command" are plural; "the besiegers heavy infantry", "Militia of Ypres", "Army of
// Milan", "Militia of Piacenza and Verona", "the Red wagon" are not. Two pieces joined by "and"
// before any phrase are plural ("the Blue knights and the Red levies").
//
// Decided once (the same for every ruleset): a collective noun is singular, as a unit is one
// body: "militia", "host", "company", "levy", "army", "garrison", "retinue" take "moves"
// ("Como militia 2 moves"); only its plural ("levies", "companies") takes "move".
//
// What it cannot judge, a plain reading of English words and no grammar:
// - a head after a phrase in free text: "the Army of Milan's knights" is judged by "army" (a
//   name built by piece_name() never has one: the side's phrase comes last);
// - a possessive as the last word ("the Bishop's") ends in "s" and is judged plural;
// - plurals not ending in "s" other than those in "men" ("cattle", "folk") are judged singular,
//   and singular nouns ending in "s" other than "-ss"/"-us" ("Marquis") plural.
bool name_is_plural(std::string_view name);

// A verb as said of one ("moves", "is", "has", "tries", "pushes") as said of the piece `name`:
// itself for a singular name, its plural form for a plural one ("move", "are", "have", "try",
// "push"). The verb's words after the first are kept ("is held" -> "are held").
std::string verb_for(std::string_view name, std::string_view verb);

// The name and the verb agreeing: "the Blue knights move", "the Red wagon moves".
std::string says(std::string_view name, std::string_view verb);

// The pronouns of a piece: "it"/"they", "its"/"their", "it"/"them".
std::string_view it_for(std::string_view name);
std::string_view its_for(std::string_view name);
std::string_view them_for(std::string_view name);

}  // namespace carroccio::game::table
