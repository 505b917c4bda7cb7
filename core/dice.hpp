// Dice as exact distributions, and the sources that roll them: our seeded generator, a person
// rolling physical dice (referee mode), or a script (tests).
#pragma once

#include <cstdint>
#include <deque>
#include <iosfwd>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/fraction.hpp"
#include "core/rng.hpp"
#include "core/status.hpp"

namespace carroccio::core {

// N dice of M sides, summed: d6, d8, d10, 2d6, NdM.
class Dice {
 public:
  Dice(int count, int sides);
  static Dice d(int sides) { return Dice(1, sides); }
  static Dice d6() { return Dice(1, 6); }
  static Dice d8() { return Dice(1, 8); }
  static Dice d10() { return Dice(1, 10); }
  static Dice two_d6() { return Dice(2, 6); }
  // Parses "d6", "1d10", "2d6"; counts 1..20, sides 2..100.
  static Expected<Dice> parse(std::string_view text);

  int count() const { return count_; }
  int sides() const { return sides_; }
  int min() const { return count_; }
  int max() const { return count_ * sides_; }
  std::string name() const;  // "d6", "2d6"

  // Exact distribution of the sum: (value, weight) in ascending value, weights summing to
  // total_weight() = sides^count.
  const std::vector<std::pair<int, std::uint64_t>>& distribution() const { return dist_; }
  std::uint64_t total_weight() const { return total_; }
  std::uint64_t weight(int value) const;
  Fraction probability(int value) const;
  Fraction probability_at_most(int value) const;
  Fraction probability_at_least(int value) const;

  // One roll with our generator (sum of `count` independent uniform dice).
  int roll(Rng& rng) const;

  // Reads what a person says they rolled: the sum ("7"), or each die ("3 4", "3+4") for
  // several dice. On a d10 a face showing 0 reads as 10. Anything impossible (a 7 on a d6, a
  // letter, an empty line) is refused with one sentence saying what is acceptable.
  Expected<int> parse_physical(std::string_view text) const;

  friend bool operator==(const Dice& a, const Dice& b) {
    return a.count_ == b.count_ && a.sides_ == b.sides_;
  }

 private:
  int count_;
  int sides_;
  std::uint64_t total_;
  std::vector<std::pair<int, std::uint64_t>> dist_;
};

// Where the value of a roll comes from.
class DiceSource {
 public:
  virtual ~DiceSource() = default;
  // `purpose` says what the roll is for (shown to a person rolling physical dice).
  virtual Expected<int> roll(const Dice& dice, std::string_view purpose) = 0;
};

// Digital dice from our seeded generator.
class RandomDice final : public DiceSource {
 public:
  explicit RandomDice(Rng& rng) : rng_(rng) {}
  Expected<int> roll(const Dice& dice, std::string_view purpose) override;

 private:
  Rng& rng_;
};

// A person rolls real dice and types the result; impossible values are refused with one
// sentence and asked for again. End of input is an error.
class PhysicalDice final : public DiceSource {
 public:
  PhysicalDice(std::istream& in, std::ostream& out) : in_(in), out_(out) {}
  Expected<int> roll(const Dice& dice, std::string_view purpose) override;

 private:
  std::istream& in_;
  std::ostream& out_;
};

// Values fixed in advance (tests). Running out, or a value impossible for the dice, is an
// error.
class ScriptedDice final : public DiceSource {
 public:
  explicit ScriptedDice(std::vector<int> values) : values_(values.begin(), values.end()) {}
  Expected<int> roll(const Dice& dice, std::string_view purpose) override;
  std::size_t remaining() const { return values_.size(); }

 private:
  std::deque<int> values_;
};

}  // namespace carroccio::core
