// Switch options (game/switches.hpp): one declaration gives the catalogue and the parser, and
// every ruleset refuses a bad option with the same sentences as the registry.
#include "game/switches.hpp"

#include <gtest/gtest.h>

namespace carroccio::game {
namespace {

struct Rules {
  bool fort = false;
  bool redoubt = false;
};

const Switches<Rules>& two() {
  static const Switches<Rules> kSwitches("race", {{"fort", "towns are forts", &Rules::fort},
                                                  {"redoubt", "field works", &Rules::redoubt}});
  return kSwitches;
}

TEST(Switches, CatalogueInTheOrderDeclared) {
  const auto info = two().info();
  ASSERT_EQ(info.size(), 2u);
  EXPECT_EQ(info[0].name, "fort");
  EXPECT_EQ(info[0].description, "towns are forts");
  EXPECT_TRUE(info[1].values.empty()) << "a switch has no values";
}

TEST(Switches, SetsTheNamedMembersOnly) {
  auto none = two().parse({});
  ASSERT_TRUE(none.ok());
  EXPECT_FALSE(none->fort);
  auto on = two().parse({{"redoubt", "true"}});
  ASSERT_TRUE(on.ok());
  EXPECT_TRUE(on->redoubt);
  EXPECT_FALSE(on->fort);
  for (const char* yes : {"true", "on"}) EXPECT_TRUE(two().parse({{"fort", yes}})->fort) << yes;
  for (const char* no : {"false", "off"}) EXPECT_FALSE(two().parse({{"fort", no}})->fort) << no;
}

TEST(Switches, RefusesUnknownNamesAndValues) {
  auto unknown = two().parse({{"forts", "true"}});
  ASSERT_FALSE(unknown.ok());
  EXPECT_EQ(unknown.message(), "'forts' is not an option of race: the options are fort, redoubt.");
  auto value = two().parse({{"fort", "maybe"}});
  ASSERT_FALSE(value.ok());
  EXPECT_EQ(value.message(), "Option 'fort' cannot be 'maybe': it is a plain switch.");
  static const Switches<Rules> kOne("solo", {{"fort", "towns are forts", &Rules::fort}});
  EXPECT_EQ(kOne.parse({{"x", "true"}}).message(),
            "'x' is not an option of solo: the only option is fort.");
  static const Switches<Rules> kNone("bare", {});
  EXPECT_EQ(kNone.parse({{"x", "true"}}).message(),
            "Ruleset 'bare' has no options, but 'x' was given.");
}

}  // namespace
}  // namespace carroccio::game
