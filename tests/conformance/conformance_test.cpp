// The conformance suite over every registered ruleset, scenario and option set.
#include "tests/conformance/conformance.hpp"

#include <gtest/gtest.h>

#include "rulesets/all.hpp"

namespace carroccio::tests {
namespace {

// The registry the suite runs over, built once for the test program (test-only).
const game::Registry& registry() {
  static const game::Registry r = rulesets::make_registry();
  return r;
}

class Conformance : public ::testing::TestWithParam<ConformanceCase> {};

TEST_P(Conformance, RandomGamesKeepEveryInvariant) {
  const int games = conformance_games(CARROCCIO_CONFORMANCE_GAMES);
  const auto failures = check_case(registry(), GetParam(), games);
  for (const auto& f : failures) ADD_FAILURE() << f;
  EXPECT_TRUE(failures.empty()) << failures.size() << " failures in " << games << " games";
}

INSTANTIATE_TEST_SUITE_P(
    Registered, Conformance,
    ::testing::ValuesIn(conformance_cases(registry(), CARROCCIO_LONG_TESTS_ON)),
    [](const ::testing::TestParamInfo<ConformanceCase>& param) { return param.param.name(); });
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(Conformance);

TEST(ConformanceRegistry, AtLeastOneRulesetPlaysGames) {
  EXPECT_FALSE(conformance_cases(registry()).empty());
}

TEST(ConformanceRegistry, CaseNamesAreUniqueTestNames) {
  std::set<std::string> names;
  for (const auto& c : conformance_cases(registry())) {
    EXPECT_TRUE(names.insert(c.name()).second) << c.name();
    for (char ch : c.name()) EXPECT_TRUE(std::isalnum(static_cast<unsigned char>(ch)) || ch == '_');
  }
}

}  // namespace
}  // namespace carroccio::tests
