// The ohw Game: an immutable scenario and the chosen optional rules, shared by every State.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "game/state.hpp"
#include "game/switches.hpp"
#include "game/table/geometry.hpp"
#include "game/table/place.hpp"
#include "rulesets/ohw/analysis.hpp"
#include "rulesets/ohw/types.hpp"

namespace carroccio::ohw {

// The optional rules of section 5, each switched on by name.
struct RuleOptions {
  bool fort = false;        // 5.1: towns are forts (no charge into, no melee with, units inside)
  bool irregulars = false;  // 5.2: two units of each rolled force, the side's choice, irregulars
  bool peasant_archers = false;  // 5.3: one unit of each rolled force, the side's choice
  bool redoubt =
      false;  // 5.4: redoubt terrain gives foot a 180-degree field of fire, cover, a delay
};

// The four switches, their descriptions for the catalogue, and the parser (game/switches.hpp).
const game::Switches<RuleOptions>& rule_switches();
core::Expected<RuleOptions> parse_rule_options(const game::Options& options);

class OhwGame final : public game::Game, public std::enable_shared_from_this<OhwGame> {
 public:
  OhwGame(Scenario scenario, RuleOptions rules, game::Options options);

  std::unique_ptr<game::State> new_initial_state() const override;

  const Scenario& scenario_data() const { return scenario_; }
  const RuleOptions& rules() const { return rules_; }
  int num_units() const { return static_cast<int>(scenario_.units.size()); }
  const UnitDef& unit(int u) const { return scenario_.units[static_cast<std::size_t>(u)]; }
  int num_terrain() const { return static_cast<int>(scenario_.terrain.size()); }
  const TerrainDef& terrain(int t) const { return scenario_.terrain[static_cast<std::size_t>(t)]; }
  // The bounding box of terrain piece t (to skip far pieces quickly).
  const game::table::Box& terrain_box(int t) const { return boxes_[static_cast<std::size_t>(t)]; }
  // Whether u's base `b` overlaps terrain piece t (geo::base_overlaps_polygon), and whether its
  // straight move by `v` passes into it (geo::move_overlaps_polygon): the same answers, found by
  // separating edges when the piece is convex (every built-in piece is), its outline made
  // counter-clockwise once with the game.
  bool base_overlaps_terrain(const geo::Base& b, int t) const {
    const geo::Polygon& c = convex_[static_cast<std::size_t>(t)];
    return c.empty() ? geo::base_overlaps_polygon(b, terrain(t).outline)
                     : geo::base_overlaps_convex(b, c);
  }
  // Terrain piece t's outline counter-clockwise when it is convex, else empty.
  const geo::Polygon& convex_outline(int t) const { return convex_[static_cast<std::size_t>(t)]; }
  bool move_overlaps_terrain(const geo::Base& b, geo::Vec v, int t) const {
    const geo::Polygon& c = convex_[static_cast<std::size_t>(t)];
    return c.empty() ? geo::move_overlaps_polygon(b, v, terrain(t).outline)
                     : geo::move_overlaps_convex(b, v, c);
  }
  // Distances to the scenario's goals for the agents (analysis.hpp), built with the game.
  const AiMaps& ai_maps() const { return ai_maps_; }
  // The terrain pieces the victory conditions name (objectives to touch, zones to hold), in the
  // order they are first named, at most kMaxGoals: each has a march candidate (state.hpp).
  static constexpr int kMaxGoals = 6;
  const std::vector<int>& goals() const { return goals_; }
  // Where a point is, in words for the log and the decisions' names (game/table/place.hpp):
  // in or near a terrain piece (zones, which the board does not draw, are not named), else by
  // the table's edges.
  std::string place_words(geo::Point p) const { return words_.place(p); }
  // A terrain piece as the words name it: "the north wood", "the legnano (town)".
  const std::string& terrain_words(int t) const { return words_.piece(t); }

 private:
  Scenario scenario_;
  RuleOptions rules_;
  std::vector<game::table::Box> boxes_;
  std::vector<geo::Polygon> convex_;  // per piece: its outline counter-clockwise, empty if concave
  AiMaps ai_maps_;
  std::vector<int> goals_;
  game::table::TableWords words_;  // the places in words; reads scenario_'s terrain
};

}  // namespace carroccio::ohw
