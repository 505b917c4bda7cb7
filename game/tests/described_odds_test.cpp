// game/described_odds: the fields of a described situation, read with one sentence that names
// the flag (or the file's field) and the values allowed.
#include "game/described_odds.hpp"

#include <gtest/gtest.h>

namespace carroccio::game {
namespace {

TEST(SituationFields, AWordIsMatchedWhateverItsCaseAndSeparators) {
  const SituationFields f({{"target", "Men at-Arms"}}, "");
  auto w = f.word("target", {"knights", "men-at-arms"});
  ASSERT_TRUE(w.ok());
  EXPECT_EQ(*w, "men-at-arms");
  // Not given: the fallback; not given and no fallback: it must be given.
  EXPECT_EQ(*f.word("terrain", {"clear", "town"}, "clear"), "clear");
  EXPECT_EQ(f.word("attack", {"shoot", "melee"}).message(),
            "--attack must be given: shoot or melee.");
  const SituationFields bad({{"target", "dragons"}}, "");
  EXPECT_EQ(bad.word("target", {"knights", "levies", "archers"}).message(),
            "--target is 'dragons', which is not one of: knights, levies or archers.");
}

TEST(SituationFields, ANumberIsAJsonNumberOrTheDigitsOfAFlag) {
  const SituationFields f({{"hits", "12"}, {"range", 30}, {"bad", "3x"}, {"big", 99}}, "");
  EXPECT_EQ(*f.number("hits", 0, 14, 0), 12);
  EXPECT_EQ(*f.number("range", 1, 40, 20), 30);
  EXPECT_EQ(*f.number("absent", 1, 40, 20), 20);
  EXPECT_EQ(f.number("bad", 0, 14, 0).message(),
            "--bad is '3x', but must be a whole number from 0 to 14.");
  EXPECT_FALSE(f.number("big", 0, 14, 0).ok());
}

TEST(SituationFields, ASwitchIsYesOrNo) {
  const SituationFields f({{"uphill", "true"}, {"oath", false}, {"flank", "maybe"}}, "");
  EXPECT_TRUE(*f.yes_no("uphill"));
  EXPECT_FALSE(*f.yes_no("oath"));
  EXPECT_FALSE(*f.yes_no("absent"));
  EXPECT_EQ(f.yes_no("flank").message(), "--flank is 'maybe', but must be yes or no.");
}

TEST(SituationFields, AFilesFieldIsNamedWithTheFile) {
  const SituationFields f({{"target_hits", "x"}}, "attack.json");
  EXPECT_EQ(f.name("target_hits"), "attack.json: target_hits");
  EXPECT_EQ(SituationFields({}, "").name("target_hits"), "--target-hits");
  EXPECT_EQ(f.number("target_hits", 0, 14, 0).message(),
            "attack.json: target_hits is 'x', but must be a whole number from 0 to 14.");
}

}  // namespace
}  // namespace carroccio::game
