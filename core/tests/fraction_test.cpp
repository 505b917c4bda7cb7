#include "core/fraction.hpp"

#include <gtest/gtest.h>

namespace carroccio::core {
namespace {

TEST(Fraction, ReducesOnConstruction) {
  const Fraction f(6, 36);
  EXPECT_EQ(f.num, 1);
  EXPECT_EQ(f.den, 6);
  const Fraction neg(3, -9);
  EXPECT_EQ(neg.num, -1);
  EXPECT_EQ(neg.den, 3);
  const Fraction zero(0, 5);
  EXPECT_EQ(zero.num, 0);
  EXPECT_EQ(zero.den, 1);
  EXPECT_EQ(Fraction(4), Fraction(8, 2));
}

TEST(Fraction, Arithmetic) {
  EXPECT_EQ(Fraction(1, 6) + Fraction(1, 3), Fraction(1, 2));
  EXPECT_EQ(Fraction(1, 2) - Fraction(1, 3), Fraction(1, 6));
  EXPECT_EQ(Fraction(2, 3) * Fraction(9, 4), Fraction(3, 2));
  EXPECT_EQ(Fraction(-1, 2) * Fraction(-2, 3), Fraction(1, 3));
  EXPECT_EQ(Fraction(1, 2) - Fraction(1, 2), Fraction(0));
  Fraction sum;
  for (int i = 0; i < 36; ++i) sum = sum + Fraction(1, 36);
  EXPECT_EQ(sum, Fraction(1));
}

TEST(Fraction, Comparison) {
  EXPECT_TRUE(Fraction(1, 3) < Fraction(1, 2));
  EXPECT_FALSE(Fraction(1, 2) < Fraction(1, 3));
  EXPECT_TRUE(Fraction(-1, 2) < Fraction(0));
  EXPECT_FALSE(Fraction(2, 4) < Fraction(1, 2));
  // Large values compare without overflow (128-bit products).
  const std::int64_t big = 3'000'000'000LL;
  EXPECT_TRUE(Fraction(big - 1, big) < Fraction(big, big + 1));
}

TEST(Fraction, TextAndDouble) {
  EXPECT_EQ(Fraction(7, 12).to_string(), "7/12");
  EXPECT_EQ(Fraction(3, 1).to_string(), "3");
  EXPECT_EQ(Fraction(-2, 4).to_string(), "-1/2");
  EXPECT_DOUBLE_EQ(Fraction(1, 4).to_double(), 0.25);
}

TEST(Fraction, IsUsableAtCompileTime) {
  constexpr Fraction f = Fraction(1, 6) + Fraction(1, 6);
  static_assert(f == Fraction(1, 3));
  EXPECT_EQ(f.den, 3);
}

}  // namespace
}  // namespace carroccio::core
