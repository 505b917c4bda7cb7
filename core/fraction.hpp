// Exact probabilities as reduced fractions.
#pragma once

#include <cstdint>
#include <numeric>
#include <string>

namespace carroccio::core {

__extension__ typedef __int128 FractionWide;

struct Fraction {
  std::int64_t num = 0;
  std::int64_t den = 1;

  constexpr Fraction() = default;
  constexpr Fraction(std::int64_t n, std::int64_t d = 1) : num(n), den(d) { reduce(); }  // NOLINT

  constexpr void reduce() {
    if (den < 0) {
      num = -num;
      den = -den;
    }
    const std::int64_t g = std::gcd(num < 0 ? -num : num, den);
    if (g > 1) {
      num /= g;
      den /= g;
    }
  }
  double to_double() const { return static_cast<double>(num) / static_cast<double>(den); }
  std::string to_string() const {
    return den == 1 ? std::to_string(num) : std::to_string(num) + "/" + std::to_string(den);
  }

  friend constexpr Fraction operator+(Fraction a, Fraction b) {
    const std::int64_t l = std::lcm(a.den, b.den);
    return Fraction(a.num * (l / a.den) + b.num * (l / b.den), l);
  }
  friend constexpr Fraction operator-(Fraction a, Fraction b) {
    return a + Fraction(-b.num, b.den);
  }
  friend constexpr Fraction operator*(Fraction a, Fraction b) {
    const std::int64_t g1 = std::gcd(a.num < 0 ? -a.num : a.num, b.den);
    const std::int64_t g2 = std::gcd(b.num < 0 ? -b.num : b.num, a.den);
    return Fraction((a.num / (g1 ? g1 : 1)) * (b.num / (g2 ? g2 : 1)),
                    (a.den / (g2 ? g2 : 1)) * (b.den / (g1 ? g1 : 1)));
  }
  friend constexpr bool operator==(Fraction a, Fraction b) {
    return a.num == b.num && a.den == b.den;
  }
  friend constexpr bool operator<(Fraction a, Fraction b) {
    return static_cast<FractionWide>(a.num) * b.den < static_cast<FractionWide>(b.num) * a.den;
  }
};

}  // namespace carroccio::core
