// The fastplay Game: an immutable scenario and the chosen optional rule, shared by every State.
#pragma once

#include <memory>

#include "game/state.hpp"
#include "game/switches.hpp"
#include "game/table/place.hpp"
#include "rulesets/fastplay/types.hpp"

namespace carroccio::fastplay {

struct RuleOptions {
  // fastplay 11.4 (optional): once a side's supreme commander is lost, a d6 each turn says how
  // many of its units may move or charge.
  bool supreme_commander = false;
};

// The switch, its description for the catalogue, and the parser (game/switches.hpp).
const game::Switches<RuleOptions>& rule_switches();
core::Expected<RuleOptions> parse_rule_options(const game::Options& options);

class FastplayGame final : public game::Game, public std::enable_shared_from_this<FastplayGame> {
 public:
  FastplayGame(Scenario scenario, RuleOptions rules, game::Options options);

  std::unique_ptr<game::State> new_initial_state() const override;

  const Scenario& scenario_data() const { return scenario_; }
  const RuleOptions& rules() const { return rules_; }
  int num_units() const { return static_cast<int>(scenario_.units.size()); }
  const UnitDef& unit(int u) const { return scenario_.units[static_cast<std::size_t>(u)]; }
  // Stands each side starts with (ruling F-28 counts stands, not units).
  int starting_stands(int side) const { return start_stands_[static_cast<std::size_t>(side)]; }
  // The scenario's rivers (index in its terrain) with the box around each outline, made once
  // for the quick refusals of the movement tests (rules.cpp).
  struct RiverBox {
    std::size_t terrain = 0;
    std::int64_t min_x = 0, max_x = 0, min_y = 0, max_y = 0;
  };
  const std::vector<RiverBox>& river_boxes() const { return river_boxes_; }
  // What a person reads for unit u, in the log, the decisions and the board's list (its file id
  // is for files and records): its side and troop type in words, numbered among its side's units
  // of that type when there are several, "the Count's host heavy infantry #2"; a commander alone
  // is "the Count's host supreme commander" (game/table/place.hpp).
  const std::string& unit_name(int u) const { return names_[static_cast<std::size_t>(u)]; }
  // The same without the side, "heavy infantry #2" (game::table::piece_label).
  const std::string& unit_label(int u) const { return labels_[static_cast<std::size_t>(u)]; }
  // Where a point is, in words (game/table/place.hpp): in or near a terrain piece, else by the
  // table's edges.
  std::string place_words(geo::Point p) const { return words_.place(p); }

 private:
  Scenario scenario_;
  RuleOptions rules_;
  std::array<int, kNumSides> start_stands_{0, 0};
  std::vector<RiverBox> river_boxes_;
  std::vector<std::string> names_;   // unit_name(), one a unit
  std::vector<std::string> labels_;  // unit_label(), one a unit
  game::table::TableWords words_;    // the places in words; reads scenario_'s terrain
};

}  // namespace carroccio::fastplay
