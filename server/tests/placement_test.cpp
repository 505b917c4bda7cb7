// GET /api/games/{id}/placement and free-placement decisions through POST .../actions: an ohw
// game where a person picks a unit, reads where it may go, and drops it off the candidate grid.
#include <gtest/gtest.h>

#include "server/tests/test_util.hpp"

namespace carroccio::server {
namespace {

using json = nlohmann::json;
using testing::Answer;
using testing::get;
using testing::post;

// The free-placement action of ohw (rulesets/ohw/state.hpp): base + (d*64 + k)*72 + h.
int place(const json& pl, int direction, int steps, int heading_index) {
  return pl["action_base"].get<int>() +
         (direction * pl["distances"].get<int>() + steps) * pl["headings"].get<int>() +
         heading_index;
}

TEST(Server_Placement, APersonDropsAUnitAnywhereLegalAndIsToldWhyNotElsewhere) {
  testing::TempDir dir;
  testing::LiveServer server(dir.file("p.db"));
  ASSERT_TRUE(server.ok());
  auto c = testing::make_client(server.port());
  const json g = testing::create_game(*c, {{"ruleset", "ohw"},
                                           {"scenario", "s1"},
                                           {"players", {{"blue", "human"}, {"red", "random"}}},
                                           {"seed", 4}});
  const std::string id = g["id"];
  const std::string base = "/api/games/" + id;
  // Nothing picked yet: no placement.
  Answer a = get(*c, base + "/placement?viewer=blue");
  ASSERT_EQ(a.status, 200) << a.body;
  EXPECT_TRUE(a.json["placement"].is_null());
  // Pick b2 by its select-unit decision.
  int select = -1;
  for (const auto& d : g["legal"])
    if (d.value("kind", "") == "select-unit" && d.value("unit", "") == "b2") select = d["id"];
  ASSERT_GE(select, 0) << g["legal"].dump();
  a = post(*c, base + "/actions", {{"action", select}, {"expect_history", 0}});
  ASSERT_EQ(a.status, 200) << a.body;
  // Candidates carry their resulting bases for the board's ghosts.
  bool ghost = false;
  for (const auto& d : a.json["legal"])
    ghost = ghost || (d.value("kind", "") == "move" && d["corners"].size() == 4);
  EXPECT_TRUE(ghost);
  a = get(*c, base + "/placement?viewer=blue");
  ASSERT_EQ(a.status, 200) << a.body;
  const json pl = a.json["placement"];
  ASSERT_TRUE(pl.is_object()) << a.body;
  EXPECT_EQ(pl["unit"], "b2");
  EXPECT_FALSE(pl["reach"].empty());
  EXPECT_TRUE(get(*c, base + "/placement?viewer=red").json["placement"].is_null());
  // ?unit= names the piece picked up: ohw has a pick step, so only the picked unit answers.
  EXPECT_EQ(get(*c, base + "/placement?viewer=blue&unit=b2").json["placement"]["unit"], "b2");
  EXPECT_TRUE(get(*c, base + "/placement?viewer=blue&unit=b3").json["placement"].is_null());
  EXPECT_EQ(get(*c, "/api/games/g-doesnotexist/placement").status, 404);
  // Beyond the knight's 12" (15" by road): refused with the rule, nothing changes.
  a = post(*c, base + "/actions", {{"action", place(pl, 270, 63, 54)}, {"expect_history", 1}});
  EXPECT_EQ(a.status, 422) << a.body;
  EXPECT_NE(a.json["error"].get<std::string>().find("(1.1, 1.2 iv)"), std::string::npos);
  // 4.5" south, keeping its facing (270 degrees): accepted, recorded, and b2 stands there.
  a = post(*c, base + "/actions", {{"action", place(pl, 270, 18, 54)}, {"expect_history", 1}});
  ASSERT_EQ(a.status, 200) << a.body;
  for (const auto& u : a.json["state"]["units"])
    if (u["id"] == "b2") {
      EXPECT_EQ(u["x"], 1300);
      EXPECT_EQ(u["y"], 3300 - 450);
    }
  const Answer record = get(*c, base + "/record");
  ASSERT_EQ(record.status, 200);
  EXPECT_EQ(record.json["actions"][1][1], place(pl, 270, 18, 54)) << record.body;
}

}  // namespace
}  // namespace carroccio::server
