// [Assault Table] The missing grid, a user-supplied grid, Force Quality reductions, terrain and
// every die-roll modifier.
#include <gtest/gtest.h>

#include "rulesets/alsh/tests/test_util.hpp"

namespace carroccio::alsh {
namespace {

using nlohmann::json;
using testing::applied;
using testing::has_effect;
using testing::resolve;
using testing::rests_on;
using testing::try_resolve;

json base(json extra = json::object()) {
  json s = {
      {"attacker-quality", 2}, {"defender-quality", 2}, {"attacker-sp", 5}, {"defender-sp", 5}};
  for (auto it = extra.begin(); it != extra.end(); ++it) s[it.key()] = it.value();
  return s;
}

const AssaultGrid& synthetic() {
  static const AssaultGrid g = [] {
    auto x = load_assault_grid_file(testing::test_data("assault_synthetic.json"));
    if (!x) ADD_FAILURE() << x.message();
    return std::move(x).value();
  }();
  return g;
}

// The applied value of a Force Quality change for one side.
std::optional<int> quality(const Resolution& r, const std::string& id, const std::string& side) {
  for (const auto& m : r.modifiers)
    if (m.id == id && m.kind == "quality" && m.applied && m.label.find(side) != std::string::npos)
      return m.value;
  return std::nullopt;
}

TEST(Alsh_AssaultTable, MissingGrid_SaysPlainlyItCannotResolve) {
  auto r = resolve("assault", base(), {});
  EXPECT_FALSE(r.resolved);
  EXPECT_FALSE(r.pending.has_value());  // no die is asked for
  EXPECT_EQ(r.outcome, "Cannot resolve: the Assault Table grid is missing");
  EXPECT_TRUE(rests_on(r, Confidence::kMissing));
  EXPECT_TRUE(has_effect(r, "--assault-table"));
  // The modifiers that do survive are still worked out.
  EXPECT_EQ(r.detail["quality_differential"], 0);
  // And there are no odds to give.
  EXPECT_TRUE(testing::odds("assault", base()).lines.empty());
}

TEST(Alsh_AssaultTable, UserGrid_Resolves) {
  auto r = resolve("assault", base(), {4}, &synthetic());
  EXPECT_TRUE(r.resolved);
  EXPECT_EQ(r.outcome, "Attacker nothing, defender 1 SP; defender lost (Discipline Check)");
  EXPECT_EQ(r.detail["defender"]["sp_loss"], 1);
  EXPECT_EQ(r.detail["loser"], "defender");
  // The synthetic grid declares itself guessed: the result says so.
  EXPECT_EQ(r.confidence(), Confidence::kGuessed);
}

TEST(Alsh_AssaultTable, UserGrid_AffectingLine) {
  // Wood is Affecting: the same differential reads one column further left.
  auto r = resolve("assault", base({{"hex", "wood"}}), {4}, &synthetic());
  EXPECT_EQ(r.detail["affecting"], true);
  EXPECT_EQ(r.outcome, "Attacker nothing, defender 1 SP; defender lost (Discipline Check)");
  auto low = resolve("assault", base({{"hex", "wood"}}), {1}, &synthetic());
  EXPECT_EQ(low.outcome, "Attacker 1 SP, defender nothing; attacker lost (Discipline Check)");
}

TEST(Alsh_AssaultTable, UserGrid_DemoralisedAndOddsExact) {
  auto r =
      resolve("assault", base({{"attacker-quality", 5}, {"attacker-sp", 20}}), {6}, &synthetic());
  EXPECT_EQ(r.detail["defender"]["demoralised"], true);
  auto o = testing::odds("assault", base(), &synthetic());
  EXPECT_EQ(testing::total(o), core::Fraction(1));
  EXPECT_EQ(o.guessed, core::Fraction(1));
}

TEST(Alsh_AssaultTable, UserGrid_LegibleCellsGiveNoWarning) {
  json j = {{"format", "carroccio-alsh-assault-grid/1"},
            {"columns", json::array({{{"not_affecting", "<=0"}, {"affecting", "<=-1"}},
                                     {{"not_affecting", ">=1"}, {"affecting", ">=0"}}})},
            {"rows", {"<=3", "4+"}},
            {"cells",
             {{{{"attacker", "1"}, {"defender", "0"}, {"loser", "attacker"}},
               {{"attacker", "1"}, {"defender", "1"}, {"loser", "none"}}},
              {{{"attacker", "0"}, {"defender", "1D"}, {"loser", "defender"}},
               {{"attacker", "-"}, {"defender", "2 D"}, {"loser", "defender"}}}}}};
  auto g = parse_assault_grid(j, "inline");
  ASSERT_TRUE(g.ok()) << g.message();
  auto r = resolve("assault", base(), {5}, &*g);
  EXPECT_EQ(r.confidence(), Confidence::kLegible);
  EXPECT_EQ(r.detail["defender"]["sp_loss"], 1);
  EXPECT_EQ(r.detail["defender"]["demoralised"], true);
}

TEST(Alsh_AssaultTable, Quality_FirearmsMajorBattleChit) {
  auto r = resolve("assault", base({{"combat", "major-battle"}, {"firearms-chit", true}}), {});
  EXPECT_EQ(quality(r, "firearms", "attacker"), -1);
  EXPECT_EQ(r.detail["quality_differential"], -1);
  auto n = resolve("assault", base({{"combat", "major-battle"}}), {});
  EXPECT_FALSE(quality(n, "firearms", "attacker"));
}

TEST(Alsh_AssaultTable, Quality_FirearmsAtLeastHalfTheDefendingSp) {
  EXPECT_EQ(
      quality(resolve("assault", base({{"defender-firearms-sp", 3}}), {}), "firearms", "attacker"),
      -1);
  EXPECT_FALSE(
      quality(resolve("assault", base({{"defender-firearms-sp", 2}}), {}), "firearms", "attacker"));
  // Exactly one half is where 'most' and 'at least 50%' differ: flagged.
  auto half = resolve("assault", base({{"defender-sp", 4}, {"defender-firearms-sp", 2}}), {});
  EXPECT_EQ(quality(half, "firearms", "attacker"), -1);
  EXPECT_TRUE(rests_on(half, Confidence::kReconstructed));
}

TEST(Alsh_AssaultTable, Quality_NoFirearmsInRain) {
  auto r = resolve("assault", base({{"defender-firearms-sp", 5}, {"weather", "rain"}}), {});
  EXPECT_FALSE(quality(r, "firearms", "attacker"));
}

TEST(Alsh_AssaultTable, Quality_Disruption) {
  auto a = resolve("assault", base({{"attacker-disrupted", true}}), {});
  EXPECT_EQ(quality(a, "disruption", "attacker"), -1);
  EXPECT_EQ(a.detail["quality_differential"], -1);
  auto d = resolve("assault", base({{"defender-disrupted", true}}), {});
  EXPECT_EQ(d.detail["quality_differential"], 1);
  EXPECT_EQ(resolve("assault", base(), {}).detail["quality_differential"], 0);
}

TEST(Alsh_AssaultTable, Quality_AdministrativeMarch) {
  auto r = resolve("assault", base({{"admin-march", true}}), {});
  EXPECT_EQ(quality(r, "admin_march", "defender"), -1);
  EXPECT_EQ(r.detail["quality_differential"], 1);
}

TEST(Alsh_AssaultTable, Modifier_SpRatio) {
  EXPECT_EQ(applied(resolve("assault", base({{"attacker-sp", 10}}), {}), "sp_ratio"), 1);
  EXPECT_EQ(applied(resolve("assault", base({{"attacker-sp", 20}}), {}), "sp_ratio"), 2);
  EXPECT_EQ(applied(resolve("assault", base({{"defender-sp", 10}}), {}), "sp_ratio"), -1);
  EXPECT_FALSE(applied(resolve("assault", base({{"attacker-sp", 9}}), {}), "sp_ratio"));
}

TEST(Alsh_AssaultTable, Modifier_SpRatioUsesTerrainMultipliers) {
  // 10 SP of Heavy Cavalry attacking into a Marsh count 5: no longer 2:1 against 5.
  auto marsh =
      resolve("assault",
              base({{"attacker-sp", 10}, {"attacker-heavy-cavalry-sp", 10}, {"hex", "marsh"}}), {});
  EXPECT_FALSE(applied(marsh, "sp_ratio"));
  EXPECT_EQ(marsh.detail["attacker_sp_modified"], 5.0);
  // In Clear they count whole.
  EXPECT_EQ(applied(resolve("assault",
                            base({{"attacker-sp", 10}, {"attacker-heavy-cavalry-sp", 10}}), {}),
                    "sp_ratio"),
            1);
  // A Fortified Town doubles the defender's first 4 SP: 5 -> 9.
  auto town = resolve("assault", base({{"attacker-sp", 10}, {"settlement", "fortified-town"}}), {});
  EXPECT_EQ(town.detail["defender_sp_modified"], 9.0);
  EXPECT_FALSE(applied(town, "sp_ratio"));
  // Not when the defender is outside it.
  auto outside = resolve(
      "assault",
      base({{"attacker-sp", 10}, {"settlement", "fortified-town"}, {"defender-outside", true}}),
      {});
  EXPECT_EQ(outside.detail["defender_sp_modified"], 5.0);
  // The Earthworks cap is a guess, and says so.
  auto ew = resolve("assault", base({{"earthworks", true}}), {});
  EXPECT_EQ(ew.detail["defender_sp_modified"], 9.0);
  EXPECT_TRUE(rests_on(ew, Confidence::kGuessed));
}

TEST(Alsh_AssaultTable, Modifier_SwissAttackingNotAffecting) {
  EXPECT_EQ(applied(resolve("assault", base({{"attacker-swiss", true}}), {}),
                    "swiss_attack_not_affecting"),
            1);
  EXPECT_FALSE(applied(resolve("assault", base({{"attacker-swiss", true}, {"hex", "hill"}}), {}),
                       "swiss_attack_not_affecting"));
}

TEST(Alsh_AssaultTable, Modifier_SwissDefendingNotAffecting) {
  EXPECT_EQ(applied(resolve("assault", base({{"defender-swiss", true}}), {}),
                    "swiss_defend_not_affecting"),
            -1);
  EXPECT_FALSE(applied(resolve("assault", base({{"defender-swiss", true}, {"hex", "wood"}}), {}),
                       "swiss_defend_not_affecting"));
}

TEST(Alsh_AssaultTable, Modifier_SwissStormReplacesNotAffecting) {
  auto a =
      resolve("assault", base({{"attacker-swiss", true}, {"settlement", "fortified-town"}}), {});
  EXPECT_EQ(applied(a, "swiss_attack_storm"), -1);
  EXPECT_FALSE(applied(a, "swiss_attack_not_affecting"));
  auto d = resolve("assault", base({{"defender-swiss", true}, {"earthworks", true}}), {});
  EXPECT_EQ(applied(d, "swiss_defend_storm"), 1);
  EXPECT_FALSE(applied(d, "swiss_defend_not_affecting"));
  EXPECT_FALSE(
      applied(resolve("assault", base({{"attacker-swiss", true}}), {}), "swiss_attack_storm"));
}

TEST(Alsh_AssaultTable, Modifier_SwissInBreach) {
  auto r = resolve("assault",
                   base({{"combat", "siege"},
                         {"in-breach", true},
                         {"attacker-swiss", true},
                         {"defender-swiss", true}}),
                   {});
  EXPECT_EQ(applied(r, "swiss_attack_in_breach"), -1);
  EXPECT_EQ(applied(r, "swiss_defend_in_breach"), 1);
  EXPECT_FALSE(
      applied(resolve("assault", base({{"combat", "siege"}, {"attacker-swiss", true}}), {}),
              "swiss_attack_in_breach"));
}

TEST(Alsh_AssaultTable, Modifier_LeaderBonus) {
  EXPECT_EQ(applied(resolve("assault", base({{"attacker-bonus", true}}), {}), "leader_attacker"),
            1);
  EXPECT_EQ(applied(resolve("assault", base({{"defender-bonus", true}}), {}), "leader_defender"),
            -1);
  EXPECT_FALSE(applied(resolve("assault", base(), {}), "leader_attacker"));
}

TEST(Alsh_AssaultTable, Modifier_Weather) {
  for (const char* w : {"mud", "rain", "snow"})
    EXPECT_EQ(applied(resolve("assault", base({{"weather", w}}), {}), "weather"), -1) << w;
  EXPECT_FALSE(applied(resolve("assault", base({{"weather", "frost"}}), {}), "weather"));
}

TEST(Alsh_AssaultTable, Errors_BadSituations) {
  EXPECT_FALSE(try_resolve("assault", base({{"in-breach", true}}), {}).ok());
  EXPECT_FALSE(try_resolve("assault",
                           base({{"combat", "siege"}, {"in-breach", true}, {"hexside", "ferry"}}),
                           {})
                   .ok());
  EXPECT_FALSE(try_resolve("assault", base({{"attacker-heavy-cavalry-sp", 6}}), {}).ok());
  EXPECT_FALSE(try_resolve("assault", base({{"hex", "lake"}}), {}).ok());
  EXPECT_FALSE(try_resolve("assault", {{"attacker-quality", 2}}, {}).ok());
}

// ---- The grid file format ----------------------------------------------------------------

std::string grid_error(const json& j) {
  auto g = parse_assault_grid(j, "my.json");
  return g.ok() ? "" : g.message();
}

json small_grid() {
  return {{"format", "carroccio-alsh-assault-grid/1"},
          {"columns", json::array({{{"not_affecting", "<=0"}, {"affecting", "<=-1"}},
                                   {{"not_affecting", ">=1"}, {"affecting", ">=0"}}})},
          {"rows", {"<=3", ">=4"}},
          {"cells",
           {{{{"attacker", "1"}, {"defender", "0"}, {"loser", "attacker"}},
             {{"attacker", "1"}, {"defender", "1"}, {"loser", "none"}}},
            {{{"attacker", "0"}, {"defender", "1"}, {"loser", "defender"}},
             {{"attacker", "0"}, {"defender", "2"}, {"loser", "defender"}}}}}};
}

TEST(Alsh_AssaultGridFile, SmallGridIsValid) { EXPECT_EQ(grid_error(small_grid()), ""); }

TEST(Alsh_AssaultGridFile, RangesParse) {
  EXPECT_EQ(*parse_range_text("<=-3")->max, -3);
  EXPECT_EQ(*parse_range_text(">=4")->min, 4);
  EXPECT_EQ(*parse_range_text("8+")->min, 8);
  EXPECT_EQ(*parse_range_text("0 or less")->max, 0);
  EXPECT_EQ(*parse_range_text("+2")->min, 2);
  EXPECT_EQ(*parse_range_text("2..3")->max, 3);
  EXPECT_FALSE(parse_range_text("two").ok());
}

TEST(Alsh_AssaultGridFile, ErrorsNameFileFieldAndProblem) {
  json j = small_grid();
  j["format"] = "v2";
  EXPECT_NE(grid_error(j).find("my.json: format"), std::string::npos);
  j = small_grid();
  j["columns"][1]["affecting"] = ">=3";
  EXPECT_NE(grid_error(j).find("not consecutive"), std::string::npos) << grid_error(j);
  j = small_grid();
  j["columns"][0]["not_affecting"] = "-1";
  EXPECT_NE(grid_error(j).find("open below"), std::string::npos) << grid_error(j);
  j = small_grid();
  j["rows"][1] = "4";
  EXPECT_NE(grid_error(j).find("open above"), std::string::npos) << grid_error(j);
  j = small_grid();
  j["cells"][1].erase(1);
  EXPECT_NE(grid_error(j).find("cells[1]"), std::string::npos) << grid_error(j);
  j = small_grid();
  j["cells"][0][1]["defender"] = "lots";
  EXPECT_NE(grid_error(j).find("cells[0][1].defender"), std::string::npos) << grid_error(j);
  j = small_grid();
  j["cells"][0][0]["loser"] = "both";
  EXPECT_NE(grid_error(j).find("cells[0][0].loser"), std::string::npos) << grid_error(j);
  j = small_grid();
  j["extra"] = 1;
  EXPECT_NE(grid_error(j).find("unknown field 'extra'"), std::string::npos) << grid_error(j);
  j = small_grid();
  j["cells"][0][0]["confidence"] = "sure";
  EXPECT_NE(grid_error(j).find("cells[0][0].confidence"), std::string::npos) << grid_error(j);
}

TEST(Alsh_AssaultGridFile, FileErrors) {
  auto missing = load_assault_grid_file(testing::test_data("no_such_grid.json"));
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.message().find("no_such_grid.json"), std::string::npos);
  auto syntax = load_assault_grid_file(testing::test_data("assault_bad_json.json"));
  ASSERT_FALSE(syntax.ok());
  EXPECT_NE(syntax.message().find("assault_bad_json.json:4:"), std::string::npos)
      << syntax.message();
  auto cell = load_assault_grid_file(testing::test_data("assault_bad_cell.json"));
  ASSERT_FALSE(cell.ok());
  EXPECT_NE(cell.message().find("cells[2][3].defender"), std::string::npos) << cell.message();
  // A directory is refused before anything is read, in one sentence naming it.
  auto dir = load_assault_grid_file(testing::test_data(""));
  ASSERT_FALSE(dir.ok());
  EXPECT_NE(dir.message().find("is a directory"), std::string::npos) << dir.message();
}

}  // namespace
}  // namespace carroccio::alsh
