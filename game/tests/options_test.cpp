#include <gtest/gtest.h>

#include "game/tests/race_game.hpp"
#include "game/types.hpp"

namespace carroccio::game {
namespace {

TEST(ParseOptions, EmptyTextGivesNoOptions) {
  EXPECT_TRUE(parse_options("")->empty());
  EXPECT_TRUE(parse_options(" , ,")->empty());
}

TEST(ParseOptions, SwitchesAndValues) {
  auto o = parse_options("facing,charge,vcf=every");
  ASSERT_TRUE(o.ok());
  EXPECT_EQ(*o, (Options{{"facing", "true"}, {"charge", "true"}, {"vcf", "every"}}));
  auto spaced = parse_options(" facing , vcf=every ");
  ASSERT_TRUE(spaced.ok());
  EXPECT_EQ(*spaced, (Options{{"facing", "true"}, {"vcf", "every"}}));
}

TEST(ParseOptions, TextRoundTripsInCanonicalOrder) {
  auto o = parse_options("vcf=every,facing,charge");
  ASSERT_TRUE(o.ok());
  EXPECT_EQ(options_to_string(*o), "charge,facing,vcf=every");
  EXPECT_EQ(*parse_options(options_to_string(*o)), *o);
  EXPECT_EQ(options_to_string({}), "");
}

TEST(ParseOptions, ErrorsAreOneSentence) {
  auto no_name = parse_options("=every");
  ASSERT_FALSE(no_name.ok());
  EXPECT_EQ(no_name.message(), "Option '=every' has no name before '='.");
  auto no_value = parse_options("vcf=");
  ASSERT_FALSE(no_value.ok());
  EXPECT_EQ(no_value.message(), "Option 'vcf' has no value after '='.");
  auto twice = parse_options("facing,facing");
  ASSERT_FALSE(twice.ok());
  EXPECT_EQ(twice.message(), "Option 'facing' is given twice.");
}

TEST(ValidateOptions, ChecksNamesAndValuesAgainstTheRuleset) {
  const tests::RaceRuleset race;
  EXPECT_TRUE(race.validate_options({}).ok());
  EXPECT_TRUE(race.validate_options({{"cautious", "true"}, {"pace", "long"}}).ok());
  auto unknown = race.validate_options({{"fog", "true"}});
  ASSERT_FALSE(unknown.ok());
  EXPECT_EQ(unknown.message(), "'fog' is not an option of race: the options are cautious, pace.");
  auto valued_switch = race.validate_options({{"cautious", "yes"}});
  ASSERT_FALSE(valued_switch.ok());
  EXPECT_EQ(valued_switch.message(),
            "Option 'cautious' is a switch and takes no value (got 'yes').");
  auto bad_value = race.validate_options({{"pace", "medium"}});
  ASSERT_FALSE(bad_value.ok());
  EXPECT_EQ(bad_value.message(), "Option 'pace' cannot be 'medium': it can be short, long.");
}

}  // namespace
}  // namespace carroccio::game
