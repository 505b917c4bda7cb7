// The vocabulary of the game interface.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/dice.hpp"
#include "core/status.hpp"

namespace carroccio::game {

// A decision or a chance outcome, as a small integer whose meaning the ruleset defines. Legal
// actions are listed sorted and unique, so an index into the list is stable.
using Action = std::int32_t;
inline constexpr Action kInvalidAction = -1;

// A side (0, 1, ...) or one of the special values below.
using Player = int;
inline constexpr Player kChancePlayer = -1;    // the dice (or a draw from a cup) decide next
inline constexpr Player kTerminalPlayer = -2;  // the game is over
inline constexpr Player kSpectator = -3;       // a viewer who sees only what is public
inline constexpr Player kReferee = -4;         // a viewer who sees everything

// One chance outcome with an integer weight: its probability is weight / (sum of weights), so
// probabilities are exact and sampling from them is exact.
struct ChanceOutcome {
  Action action;
  std::uint32_t weight;
  friend bool operator==(const ChanceOutcome&, const ChanceOutcome&) = default;
};

// What a chance node is, for a person rolling physical dice or drawing a real chit.
struct ChanceInfo {
  std::string purpose;  // e.g. "morale check of Milanese B infantry at 1119"
  std::string rule;     // e.g. "bma 6.4"
  // Set when the outcome is the value of a dice roll; `by_value` then maps each possible
  // value to its action. Otherwise the person picks an outcome by name.
  std::optional<core::Dice> dice;
  std::vector<std::pair<int, Action>> by_value;
  // Set instead when the outcome is several dice read one by one, each counting on its own
  // rather than in a sum (e.g. a close combat's die for each element): `each_die` names every
  // die (what it is for, and its kind) in the order they are read, and `by_values` maps each
  // possible combination of their values, in that order, to its action.
  std::vector<std::pair<std::string, core::Dice>> each_die;
  std::vector<std::pair<std::vector<int>, Action>> by_values;
};

// Chosen optional rules and parameters: name -> value ("true" for a plain switch).
using Options = std::map<std::string, std::string>;

// Parses "facing,charge,vcf=every" into options. Empty text gives no options.
core::Expected<Options> parse_options(std::string_view text);
std::string options_to_string(const Options& options);

// One entry of a game's history: who acted (a side or kChancePlayer) and the action.
struct HistoryItem {
  Player player;
  Action action;
  friend bool operator==(const HistoryItem&, const HistoryItem&) = default;
};

}  // namespace carroccio::game
