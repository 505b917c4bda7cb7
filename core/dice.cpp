#include "core/dice.hpp"

#include <cctype>
#include <charconv>
#include <istream>
#include <ostream>
#include <stdexcept>

#include "core/text.hpp"
#include "fmt/format.h"

namespace carroccio::core {

Dice::Dice(int count, int sides) : count_(count), sides_(sides), total_(1) {
  if (count < 1 || sides < 2) throw std::invalid_argument("dice need count >= 1 and sides >= 2");
  // Convolve one die at a time; weights are counts of equally likely face combinations.
  std::vector<std::uint64_t> ways(1, 1);  // ways[s] for sum s of zero dice
  for (int i = 0; i < count; ++i) {
    std::vector<std::uint64_t> next(ways.size() + static_cast<std::size_t>(sides), 0);
    for (std::size_t s = 0; s < ways.size(); ++s) {
      if (ways[s] == 0) continue;
      for (int f = 1; f <= sides; ++f) next[s + static_cast<std::size_t>(f)] += ways[s];
    }
    ways.swap(next);
    total_ *= static_cast<std::uint64_t>(sides);
  }
  for (std::size_t s = 0; s < ways.size(); ++s)
    if (ways[s] != 0) dist_.emplace_back(static_cast<int>(s), ways[s]);
}

namespace {
bool parse_int(std::string_view s, int& out) {
  if (s.empty()) return false;
  auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc() && ptr == s.data() + s.size();
}
}  // namespace

Expected<Dice> Dice::parse(std::string_view text) {
  const std::string_view t = trim(text);
  const auto d = t.find_first_of("dD");
  if (d == std::string_view::npos)
    return make_error(fmt::format("'{}' is not a dice expression: write it as NdM, e.g. 2d6.", t));
  int count = 1;
  if (d > 0 && !parse_int(t.substr(0, d), count))
    return make_error(fmt::format("'{}' is not a dice expression: write it as NdM, e.g. 2d6.", t));
  int sides = 0;
  if (!parse_int(t.substr(d + 1), sides))
    return make_error(fmt::format("'{}' is not a dice expression: write it as NdM, e.g. 2d6.", t));
  if (count < 1 || count > 20)
    return make_error(fmt::format("'{}' has {} dice: use from 1 to 20 dice.", t, count));
  if (sides < 2 || sides > 100)
    return make_error(fmt::format("'{}' has dice of {} sides: use from 2 to 100 sides.", t, sides));
  return Dice(count, sides);
}

std::string Dice::name() const {
  return count_ == 1 ? fmt::format("d{}", sides_) : fmt::format("{}d{}", count_, sides_);
}

std::uint64_t Dice::weight(int value) const {
  if (value < min() || value > max()) return 0;
  return dist_[static_cast<std::size_t>(value - min())].second;
}

Fraction Dice::probability(int value) const {
  return Fraction(static_cast<std::int64_t>(weight(value)), static_cast<std::int64_t>(total_));
}

Fraction Dice::probability_at_most(int value) const {
  std::uint64_t w = 0;
  for (const auto& [v, weight] : dist_)
    if (v <= value) w += weight;
  return Fraction(static_cast<std::int64_t>(w), static_cast<std::int64_t>(total_));
}

Fraction Dice::probability_at_least(int value) const {
  std::uint64_t w = 0;
  for (const auto& [v, weight] : dist_)
    if (v >= value) w += weight;
  return Fraction(static_cast<std::int64_t>(w), static_cast<std::int64_t>(total_));
}

int Dice::roll(Rng& rng) const {
  int sum = 0;
  for (int i = 0; i < count_; ++i) sum += 1 + static_cast<int>(rng.uniform(sides_));
  return sum;
}

Expected<int> Dice::parse_physical(std::string_view text) const {
  const std::string_view t = trim(text);
  const std::string expect =
      count_ == 1
          ? fmt::format("enter a whole number from 1 to {}{}", sides_,
                        sides_ == 10 ? " (a 0 on the die reads as 10)" : "")
          : fmt::format("enter the total from {} to {}, or each of the {} dice from 1 to {}", min(),
                        max(), count_, sides_);
  if (t.empty())
    return make_error(fmt::format("Nothing was entered for the {}: {}.", name(), expect));
  // Split on spaces, commas or '+' into individual dice.
  std::vector<std::string_view> parts;
  std::size_t i = 0;
  while (i < t.size()) {
    while (i < t.size() && (t[i] == ' ' || t[i] == ',' || t[i] == '+' || t[i] == '\t')) ++i;
    std::size_t j = i;
    while (j < t.size() && !(t[j] == ' ' || t[j] == ',' || t[j] == '+' || t[j] == '\t')) ++j;
    if (j > i) parts.push_back(t.substr(i, j - i));
    i = j;
  }
  auto face = [&](std::string_view p, int& v) -> Expected<int> {
    if (!parse_int(p, v)) return make_error(fmt::format("'{}' is not a number: {}.", p, expect));
    if (sides_ == 10 && v == 0) v = 10;  // a d10 marked 0..9 reads 0 as 10
    if (v < 1 || v > sides_)
      return make_error(fmt::format("{} is not a possible roll of a d{}: {}.", p, sides_, expect));
    return v;
  };
  if (parts.size() == 1) {
    int v = 0;
    if (!parse_int(parts[0], v))
      return make_error(fmt::format("'{}' is not a number: {}.", parts[0], expect));
    if (count_ == 1) return face(parts[0], v);
    if (v < min() || v > max())
      return make_error(fmt::format("{} is not a possible total of {}: {}.", v, name(), expect));
    return v;
  }
  if (static_cast<int>(parts.size()) != count_)
    return make_error(fmt::format("'{}' gives {} dice but {} is {} dice: {}.", t, parts.size(),
                                  name(), count_, expect));
  int sum = 0;
  for (auto p : parts) {
    int v = 0;
    auto r = face(p, v);
    if (!r) return r.error();
    sum += v;
  }
  return sum;
}

Expected<int> RandomDice::roll(const Dice& dice, std::string_view /*purpose*/) {
  return dice.roll(rng_);
}

Expected<int> PhysicalDice::roll(const Dice& dice, std::string_view purpose) {
  for (;;) {
    out_ << "Roll " << dice.name() << " for " << purpose << ": " << std::flush;
    std::string line;
    if (!std::getline(in_, line))
      return make_error(
          fmt::format("Input ended while waiting for a {} roll for {}.", dice.name(), purpose));
    auto v = dice.parse_physical(line);
    if (v) return v;
    out_ << v.message() << "\n";
  }
}

Expected<int> ScriptedDice::roll(const Dice& dice, std::string_view purpose) {
  if (values_.empty())
    return make_error(
        fmt::format("No scripted roll is left for the {} for {}.", dice.name(), purpose));
  const int v = values_.front();
  if (v < dice.min() || v > dice.max())
    return make_error(fmt::format("Scripted roll {} is impossible for {}.", v, dice.name()));
  values_.pop_front();
  return v;
}

}  // namespace carroccio::core
