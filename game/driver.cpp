#include "game/driver.hpp"

#include <cassert>
#include <istream>
#include <ostream>
#include <string>

#include "fmt/format.h"
#include "fmt/ranges.h"

namespace carroccio::game {

Action sample_chance(const std::vector<ChanceOutcome>& outcomes, core::Rng& rng) {
  std::uint64_t total = 0;
  for (const auto& o : outcomes) total += o.weight;
  assert(total > 0);
  std::uint64_t x = rng.uniform(total);
  for (const auto& o : outcomes) {
    if (x < o.weight) return o.action;
    x -= o.weight;
  }
  return outcomes.back().action;
}

Action sample_chance(const State& state, core::Rng& rng) {
  return sample_chance(state.chance_outcomes(), rng);
}

core::Expected<Action> ask_chance(const State& state, std::istream& in, std::ostream& out) {
  const ChanceInfo info = state.chance_info();
  const auto outcomes = state.chance_outcomes();
  const std::string why =
      info.purpose.empty()
          ? std::string("a chance outcome")
          : (info.rule.empty() ? info.purpose : fmt::format("{} [{}]", info.purpose, info.rule));
  if (info.dice) {
    core::PhysicalDice dice(in, out);
    for (;;) {
      auto v = dice.roll(*info.dice, why);
      if (!v) return v.error();
      for (const auto& [value, action] : info.by_value)
        if (value == *v) return action;
      out << fmt::format("{} cannot happen here: the possible values are", *v);
      for (const auto& [value, action] : info.by_value) out << ' ' << value;
      out << ".\n";
    }
  }
  if (!info.each_die.empty()) {
    core::PhysicalDice dice(in, out);
    for (;;) {
      std::vector<int> values;
      for (const auto& [what, die] : info.each_die) {
        auto v = dice.roll(die, fmt::format("{}: {}", why, what));
        if (!v) return v.error();
        values.push_back(*v);
      }
      for (const auto& [combination, action] : info.by_values)
        if (combination == values) return action;
      out << fmt::format("{} cannot happen here: roll again.\n", fmt::join(values, " and "));
    }
  }
  for (;;) {
    out << fmt::format("Chance: {}. Which outcome happened?\n", why);
    for (std::size_t i = 0; i < outcomes.size(); ++i)
      out << fmt::format("  {:>2}. {}\n", i + 1, state.action_to_string(outcomes[i].action));
    out << "> " << std::flush;
    std::string line;
    if (!std::getline(in, line))
      return core::make_error(fmt::format("Input ended while waiting for the outcome of {}.", why));
    std::size_t pos = 0;
    int n = 0;
    try {
      n = std::stoi(line, &pos);
    } catch (...) {
      pos = 0;
    }
    if (pos > 0 && n >= 1 && static_cast<std::size_t>(n) <= outcomes.size())
      return outcomes[static_cast<std::size_t>(n) - 1].action;
    out << fmt::format("'{}' is not one of the outcomes: enter a number from 1 to {}.\n", line,
                       outcomes.size());
  }
}

}  // namespace carroccio::game
