// The option sets the conformance suite runs ohw under: every combination of the optional rules
// 5.1-5.4, each accepted by the ruleset on every built-in scenario.
#include <gtest/gtest.h>

#include <set>

#include "rulesets/ohw/tests/test_util.hpp"

namespace carroccio::ohw {
namespace {

TEST(Ohw_OptionSets, ConformanceRunsEveryCombinationOfTheFourOptions) {
  const auto r = make_ruleset();
  const auto sets = r->conformance_option_sets();
  EXPECT_EQ(sets.size(), 16u);
  const std::set<game::Options> unique(sets.begin(), sets.end());
  EXPECT_EQ(unique.size(), sets.size()) << "no set repeats";
  EXPECT_TRUE(unique.count(game::Options{})) << "the rules without options";
  EXPECT_TRUE(unique.count(
      {{"fort", "true"}, {"irregulars", "true"}, {"peasant_archers", "true"}, {"redoubt", "true"}}))
      << "all four";
  EXPECT_TRUE(unique.count({{"irregulars", "true"}, {"redoubt", "true"}})) << "a mixed pair";
  for (const auto& o : sets) {
    EXPECT_TRUE(r->validate_options(o).ok()) << game::options_to_string(o);
    for (const auto& s : r->info().scenarios) {
      auto text = r->builtin_scenario(s.id);
      ASSERT_TRUE(text.ok());
      auto g = r->new_game(nlohmann::json::parse(*text), "ohw/" + s.id, o);
      EXPECT_TRUE(g.ok()) << s.id << " " << game::options_to_string(o) << ": "
                          << (g.ok() ? "" : g.message());
    }
  }
}

TEST(Ohw_OptionSets, AnUnknownOptionIsNotAConformanceSet) {
  const auto r = make_ruleset();
  for (const auto& o : r->conformance_option_sets()) EXPECT_FALSE(o.count("vcf"));
  EXPECT_FALSE(r->validate_options({{"vcf", "every"}}).ok()) << "the negative case";
}

}  // namespace
}  // namespace carroccio::ohw
