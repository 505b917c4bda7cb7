// game::json_at_path: the value one path names inside a scenario's JSON, as `carroccio tune`
// changes it; every malformed or missing path is nullptr, never an exception.
#include <gtest/gtest.h>

#include "game/scenario_reader.hpp"

namespace carroccio::game {
namespace {

TEST(JsonAtPath, FindsFieldsAndArrayElementsAtAnyDepth) {
  auto j = nlohmann::json::parse(
      R"({"turns": 8, "sides": [{"rout_level": 52}, {"rout_level": 58}],
          "map": {"terrain": {"forest": ["0101", "0202"]}}})");
  ASSERT_NE(json_at_path(j, "turns"), nullptr);
  EXPECT_EQ(*json_at_path(j, "turns"), 8);
  EXPECT_EQ(*json_at_path(j, "sides[1].rout_level"), 58);
  EXPECT_EQ(*json_at_path(j, "map.terrain.forest[1]"), "0202");
  *json_at_path(j, "sides[0].rout_level") = 40;
  EXPECT_EQ(j["sides"][0]["rout_level"], 40) << "the pointer is into the document itself";
}

TEST(JsonAtPath, AnythingElseIsNull) {
  auto j = nlohmann::json::parse(R"({"turns": 8, "sides": [{"rout_level": 52}]})");
  for (const char* bad :
       {"", "nosuch", "sides[1].rout_level", "sides[x]", "sides[]", "sides[0", "turns.x",
        "turns[0]", "sides.rout_level", "sides[0]..rout_level", "sides[99999999999999999999]"})
    EXPECT_EQ(json_at_path(j, bad), nullptr) << bad;
}

}  // namespace
}  // namespace carroccio::game
