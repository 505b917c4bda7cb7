#include "core/dice.hpp"

#include <gtest/gtest.h>

#include <map>
#include <sstream>

namespace carroccio::core {
namespace {

using Dist = std::vector<std::pair<int, std::uint64_t>>;

TEST(Dice, SingleDieDistributions) {
  EXPECT_EQ(Dice::d6().distribution(), (Dist{{1, 1}, {2, 1}, {3, 1}, {4, 1}, {5, 1}, {6, 1}}));
  EXPECT_EQ(Dice::d6().total_weight(), 6u);
  EXPECT_EQ(Dice::d8().distribution().size(), 8u);
  EXPECT_EQ(Dice::d8().total_weight(), 8u);
  const Dice d10 = Dice::d10();
  const auto& dist = d10.distribution();
  ASSERT_EQ(dist.size(), 10u);
  EXPECT_EQ(dist.front(), (std::pair<int, std::uint64_t>{1, 1}));
  EXPECT_EQ(dist.back(), (std::pair<int, std::uint64_t>{10, 1}));
  EXPECT_EQ(Dice::d10().min(), 1);
  EXPECT_EQ(Dice::d10().max(), 10);
}

TEST(Dice, TwoD6Distribution) {
  const Dice d = Dice::two_d6();
  EXPECT_EQ(d.total_weight(), 36u);
  EXPECT_EQ(d.distribution(), (Dist{{2, 1},
                                    {3, 2},
                                    {4, 3},
                                    {5, 4},
                                    {6, 5},
                                    {7, 6},
                                    {8, 5},
                                    {9, 4},
                                    {10, 3},
                                    {11, 2},
                                    {12, 1}}));
  EXPECT_EQ(d.probability(7), Fraction(1, 6));
  EXPECT_EQ(d.probability(2), Fraction(1, 36));
  EXPECT_EQ(d.probability(1), Fraction(0));
  EXPECT_EQ(d.weight(13), 0u);
}

TEST(Dice, ThreeD6Distribution) {
  const Dice d(3, 6);
  EXPECT_EQ(d.total_weight(), 216u);
  const std::map<int, std::uint64_t> expected = {
      {3, 1},   {4, 3},   {5, 6},   {6, 10},  {7, 15},  {8, 21}, {9, 25}, {10, 27},
      {11, 27}, {12, 25}, {13, 21}, {14, 15}, {15, 10}, {16, 6}, {17, 3}, {18, 1}};
  ASSERT_EQ(d.distribution().size(), expected.size());
  std::uint64_t sum = 0;
  for (const auto& [v, w] : d.distribution()) {
    EXPECT_EQ(w, expected.at(v)) << v;
    sum += w;
  }
  EXPECT_EQ(sum, 216u);
}

TEST(Dice, CumulativeProbabilitiesAreExactFractions) {
  const Dice d6 = Dice::d6();
  EXPECT_EQ(d6.probability_at_most(4), Fraction(2, 3));
  EXPECT_EQ(d6.probability_at_least(5), Fraction(1, 3));
  EXPECT_EQ(d6.probability_at_most(0), Fraction(0));
  EXPECT_EQ(d6.probability_at_least(1), Fraction(1));
  const Dice two = Dice::two_d6();
  EXPECT_EQ(two.probability_at_most(7), Fraction(7, 12));   // 21/36
  EXPECT_EQ(two.probability_at_least(10), Fraction(1, 6));  // 6/36
  EXPECT_EQ(two.probability_at_least(13), Fraction(0));
  const Dice d10 = Dice::d10();
  EXPECT_EQ(d10.probability_at_most(5), Fraction(1, 2));
  EXPECT_EQ(Dice(3, 6).probability_at_least(16), Fraction(10, 216));
}

TEST(Dice, ParsesDiceExpressions) {
  auto two = Dice::parse("2d6");
  ASSERT_TRUE(two.ok());
  EXPECT_EQ(*two, Dice::two_d6());
  EXPECT_EQ(*Dice::parse("d10"), Dice::d10());
  EXPECT_EQ(*Dice::parse("1D8"), Dice::d8());
  EXPECT_EQ(*Dice::parse(" 3d6 "), Dice(3, 6));
  EXPECT_EQ(Dice::parse("2d6")->name(), "2d6");
  EXPECT_EQ(Dice::parse("1d6")->name(), "d6");
}

TEST(Dice, RefusesBadExpressionsWithOneSentence) {
  for (const char* text :
       {"", "6", "2x6", "d", "2d", "ad6", "2d6+1", "-1d6", "0d6", "21d6", "d1", "d101"}) {
    auto d = Dice::parse(text);
    ASSERT_FALSE(d.ok()) << text;
    EXPECT_EQ(d.message().back(), '.') << d.message();
  }
  EXPECT_NE(Dice::parse("2x6").message().find("not a dice expression"), std::string::npos);
  EXPECT_NE(Dice::parse("21d6").message().find("from 1 to 20 dice"), std::string::npos);
  EXPECT_NE(Dice::parse("d1").message().find("from 2 to 100 sides"), std::string::npos);
}

TEST(Dice, ParsePhysicalAcceptsPossibleRolls) {
  EXPECT_EQ(*Dice::d6().parse_physical("5"), 5);
  EXPECT_EQ(*Dice::d6().parse_physical("  6 "), 6);
  EXPECT_EQ(*Dice::d10().parse_physical("0"), 10);  // a d10 face marked 0 reads as 10
  EXPECT_EQ(*Dice::d10().parse_physical("10"), 10);
  EXPECT_EQ(*Dice::two_d6().parse_physical("3 4"), 7);
  EXPECT_EQ(*Dice::two_d6().parse_physical("3+4"), 7);
  EXPECT_EQ(*Dice::two_d6().parse_physical("3,4"), 7);
  EXPECT_EQ(*Dice::two_d6().parse_physical("12"), 12);
  EXPECT_EQ(*Dice::two_d6().parse_physical("2"), 2);
}

TEST(Dice, ParsePhysicalRefusesImpossibleRolls) {
  auto seven = Dice::d6().parse_physical("7");
  ASSERT_FALSE(seven.ok());
  EXPECT_NE(seven.message().find("not a possible roll"), std::string::npos) << seven.message();
  EXPECT_NE(seven.message().find("from 1 to 6"), std::string::npos) << seven.message();

  auto letter = Dice::d6().parse_physical("x");
  ASSERT_FALSE(letter.ok());
  EXPECT_NE(letter.message().find("not a number"), std::string::npos) << letter.message();

  auto thirteen = Dice::two_d6().parse_physical("13");
  ASSERT_FALSE(thirteen.ok());
  EXPECT_NE(thirteen.message().find("not a possible total"), std::string::npos);

  auto empty = Dice::d6().parse_physical("");
  ASSERT_FALSE(empty.ok());
  EXPECT_NE(empty.message().find("Nothing was entered"), std::string::npos);
  EXPECT_FALSE(Dice::d6().parse_physical("   ").ok());

  EXPECT_FALSE(Dice::d6().parse_physical("0").ok());  // only a d10 reads 0 as 10
  EXPECT_FALSE(Dice::two_d6().parse_physical("1").ok());
  EXPECT_FALSE(Dice::two_d6().parse_physical("3 7").ok());
  EXPECT_FALSE(Dice::two_d6().parse_physical("3 4 5").ok());
  EXPECT_FALSE(Dice::d6().parse_physical("3 4").ok());
  EXPECT_FALSE(Dice::d6().parse_physical("2.5").ok());
  // Every refusal is one sentence.
  for (const auto* m : {&seven, &letter, &thirteen, &empty}) {
    EXPECT_EQ(m->message().back(), '.');
    EXPECT_EQ(m->message().find('\n'), std::string::npos);
  }
}

TEST(Dice, PhysicalDiceAskAgainAfterARefusal) {
  std::istringstream in("7\n5\n");
  std::ostringstream out;
  PhysicalDice dice(in, out);
  auto v = dice.roll(Dice::d6(), "a morale check");
  ASSERT_TRUE(v.ok());
  EXPECT_EQ(*v, 5);
  const std::string text = out.str();
  EXPECT_NE(text.find("Roll d6 for a morale check"), std::string::npos);
  // Exactly one refusal, and the question was asked twice.
  std::size_t refusals = 0, pos = 0;
  while ((pos = text.find("not a possible roll", pos)) != std::string::npos) ++refusals, ++pos;
  EXPECT_EQ(refusals, 1u);
  std::size_t asks = 0;
  pos = 0;
  while ((pos = text.find("Roll d6", pos)) != std::string::npos) ++asks, ++pos;
  EXPECT_EQ(asks, 2u);
}

TEST(Dice, PhysicalDiceReportTheEndOfInput) {
  std::istringstream in("9\n");
  std::ostringstream out;
  PhysicalDice dice(in, out);
  auto v = dice.roll(Dice::d6(), "a charge");
  ASSERT_FALSE(v.ok());
  EXPECT_NE(v.message().find("Input ended"), std::string::npos);
}

TEST(Dice, ScriptedDiceGiveTheirValuesInOrder) {
  ScriptedDice dice({3, 12, 1});
  EXPECT_EQ(dice.remaining(), 3u);
  EXPECT_EQ(*dice.roll(Dice::d6(), "first"), 3);
  EXPECT_EQ(*dice.roll(Dice::two_d6(), "second"), 12);
  // An impossible scripted value is an error and is not consumed.
  auto bad = dice.roll(Dice(3, 6), "third");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.message().find("impossible"), std::string::npos);
  EXPECT_EQ(dice.remaining(), 1u);
  EXPECT_EQ(*dice.roll(Dice::d6(), "third"), 1);
  auto none = dice.roll(Dice::d6(), "fourth");
  ASSERT_FALSE(none.ok());
  EXPECT_NE(none.message().find("No scripted roll"), std::string::npos);
}

TEST(Dice, RandomDiceStayInRangeAndCoverIt) {
  Rng rng(10);
  RandomDice dice(rng);
  std::map<int, int> seen;
  for (int i = 0; i < 3000; ++i) {
    const int v = *dice.roll(Dice::two_d6(), "test");
    ASSERT_GE(v, 2);
    ASSERT_LE(v, 12);
    ++seen[v];
  }
  EXPECT_EQ(seen.size(), 11u);
  EXPECT_GT(seen[7], seen[2]);  // the middle is likelier than the edge
  for (int i = 0; i < 1000; ++i) {
    const int v = *dice.roll(Dice::d10(), "test");
    ASSERT_GE(v, 1);
    ASSERT_LE(v, 10);
  }
}

TEST(Dice, RollMatchesTheDistributionWithAFixedSeed) {
  Rng rng(77);
  const Dice d = Dice::two_d6();
  const int n = 36000;
  std::map<int, int> counts;
  for (int i = 0; i < n; ++i) ++counts[d.roll(rng)];
  double chi2 = 0;
  for (const auto& [v, w] : d.distribution()) {
    const double expected = n * static_cast<double>(w) / 36.0;
    chi2 += (counts[v] - expected) * (counts[v] - expected) / expected;
  }
  EXPECT_LT(chi2, 40.0);  // 10 degrees of freedom: P(chi2 > 40) is below 2e-5
}

TEST(Dice, ConstructorRefusesNonsense) {
  EXPECT_THROW(Dice(0, 6), std::invalid_argument);
  EXPECT_THROW(Dice(1, 1), std::invalid_argument);
}

}  // namespace
}  // namespace carroccio::core
