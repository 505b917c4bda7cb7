// [Tactical Options Chart] and [Unit Type Effects Summary]: every row and cell pinned, through
// the resolutions a person asks for (the resolvers, resolve_request and the command line).
#include <gtest/gtest.h>

#include <sstream>

#include "rulesets/alsh/cli.hpp"
#include "rulesets/alsh/tests/test_util.hpp"

namespace carroccio::alsh {
namespace {

using nlohmann::json;
using testing::has_effect;
using testing::resolve;

const std::vector<std::string> kSteps = {"deployment", "vanguard-fight", "main-body-fight",
                                         "rearguard-commitment"};

struct OptionRow {
  std::string id, label;
  std::vector<std::string> when;  // the steps it is played in
  std::string duration;
  int max;
  bool lost_if_engaged;
};

// The chart's nine rows (when playable, duration, max per player; note *: lost if the Corps
// engages).
const std::vector<OptionRow> kOptions = {
    {"formation", "Formation", {"deployment"}, "all rounds", 1, false},
    {"muster", "Muster", {"vanguard-fight", "main-body-fight"}, "1 round", 1, false},
    {"reserve", "Reserve", {"rearguard-commitment"}, "1 round", 2, false},
    {"artillery", "Artillery", {"vanguard-fight", "main-body-fight"}, "2 rounds", 2, true},
    {"cavalry-charge",
     "Cavalry Charge",
     {"vanguard-fight", "main-body-fight"},
     "1 round",
     2,
     false},
    {"combined-arms", "Combined Arms", {"vanguard-fight", "main-body-fight"}, "1 round", 2, false},
    {"fight-coordination",
     "Fight Coordination",
     {"vanguard-fight", "main-body-fight"},
     "1 round",
     1,
     false},
    {"firearms", "Firearms", {"vanguard-fight", "main-body-fight"}, "2 rounds", 2, false},
    {"earthworks-river",
     "Earthworks/River",
     {"vanguard-fight", "main-body-fight"},
     "all rounds",
     6,
     true},
};

// A situation in which every other condition of the row is met (Muster: second round, by the
// Capitano Generale; Earthworks/River: Level 2 Earthworks behind a river).
json situation(const OptionRow& o, const std::string& step) {
  json s = {{"option", o.id}, {"step", step}};
  if (o.id == "muster") s.update({{"round", 2}, {"capitano-generale", true}});
  if (o.id == "earthworks-river") s.update({{"earthworks-level", 2}, {"behind-river", true}});
  return s;
}

TEST(Alsh_TacticalOptionsChart, EveryRowPinned_WhenDurationMaxAndNote) {
  for (const auto& o : kOptions) {
    for (const auto& step : kSteps) {
      const bool when = std::find(o.when.begin(), o.when.end(), step) != o.when.end();
      auto r = resolve("tactical-options", situation(o, step));
      // Positive and negative: playable in its own steps only.
      EXPECT_EQ(r.detail["playable"], when) << o.id << " at " << step;
      EXPECT_EQ(r.outcome.rfind(o.label + (when ? ": playable" : ": not playable"), 0), 0u)
          << r.outcome;
      EXPECT_EQ(r.detail["duration"], o.duration) << o.id;
      EXPECT_EQ(r.detail["max"], o.max) << o.id;
      EXPECT_EQ(has_effect(r, "Lost if the Corps engages"), o.lost_if_engaged) << o.id;
      EXPECT_EQ(r.confidence(), Confidence::kLegible) << o.id;
    }
  }
  // The whole chart: one line per row.
  auto all = resolve("tactical-options", json::object());
  EXPECT_EQ(all.outcome, "9 Tactical Options");
  ASSERT_EQ(all.effects.size(), kOptions.size());
  for (std::size_t i = 0; i < kOptions.size(); ++i) {
    EXPECT_EQ(all.effects[i].rfind(kOptions[i].label + ": ", 0), 0u) << all.effects[i];
    EXPECT_NE(all.effects[i].find("lasts " + kOptions[i].duration), std::string::npos);
    EXPECT_NE(all.effects[i].find("at most " + std::to_string(kOptions[i].max) + " per player"),
              std::string::npos);
  }
}

TEST(Alsh_TacticalOptionsChart, Notes_MusterEarthworksRiverMarshAndRain) {
  const auto& muster = kOptions[1];
  // Muster: from the second round, by the Capitano Generale only.
  auto first_round = situation(muster, "vanguard-fight");
  first_round["round"] = 1;
  EXPECT_EQ(resolve("tactical-options", first_round).detail["playable"], false);
  auto lieutenant = situation(muster, "vanguard-fight");
  lieutenant["capitano-generale"] = false;
  EXPECT_EQ(resolve("tactical-options", lieutenant).detail["playable"], false);
  // Earthworks/River (note **): 4 chits in Level 2 Earthworks, 2 in Level 1, 2 behind a river.
  for (const auto& [level, river, max] :
       {std::tuple{2, true, 6}, std::tuple{2, false, 4}, std::tuple{1, true, 4},
        std::tuple{1, false, 2}, std::tuple{0, true, 2}, std::tuple{0, false, 0}}) {
    auto r = resolve("tactical-options", {{"option", "earthworks-river"},
                                          {"step", "main-body-fight"},
                                          {"earthworks-level", level},
                                          {"behind-river", river}});
    EXPECT_EQ(r.detail["max"], max) << level << river;
    EXPECT_EQ(r.detail["playable"], max > 0) << level << river;
  }
  // The Terrain Effects Chart forbids the Cavalry Charge chit in Marsh; no Firearms in Rain.
  auto charge = situation(kOptions[4], "vanguard-fight");
  EXPECT_EQ(resolve("tactical-options", charge).detail["playable"], true);
  charge["hex"] = "marsh";
  EXPECT_EQ(resolve("tactical-options", charge).detail["playable"], false);
  auto firearms = situation(kOptions[7], "vanguard-fight");
  firearms["weather"] = "mud";
  EXPECT_EQ(resolve("tactical-options", firearms).detail["playable"], true);
  firearms["weather"] = "rain";
  EXPECT_EQ(resolve("tactical-options", firearms).detail["playable"], false);
}

// ---- Unit Type Effects Summary ------------------------------------------------------------

struct UnitRow {
  std::string id, label;
  std::vector<std::string> skirmish_siege, major;  // a key phrase of each effect, in order
};

const std::vector<UnitRow> kUnits = {
    {"infantry-firearms",
     "Infantry with Firearms",
     {"attacking Force loses 1 Quality when at least half", "No Firearms in Rain"},
     {"attacking Corps loses 1 Quality when the defender plays the Firearms chit",
      "No Firearms in Rain"}},
    {"landsknecht-swiss",
     "Landsknecht or Swiss Infantry",
     {"+1 attacking in a Not Affecting hex (-1 when defending there)",
      "-1 attacking Earthworks or a Fortress (+1", "-1 attacking in an In-breach fight (+1"},
     {"+1 attacking in a Not Affecting hex (-1 when defending there)",
      "-1 attacking Earthworks (+1"}},
    {"cavalry",
     "Cavalry (Light and Heavy)",
     {},
     {"-1 charging in a Heath or Hill hex", "-1 charging an enemy who played Earthworks/River",
      "-1 charging in Mud", "-1 charging Swiss or Landsknecht", "+1 for a flank charge"}},
    {"heavy-cavalry",
     "Heavy Cavalry and Gendarmes only",
     {"x0.5 attacking or defending in Marsh, Heath, Swamp, Wood, Hill or Mountain"},
     {"plus its Troop Quality", "-1 charging an enemy who played Firearms"}},
    {"artillery",
     "Artillery",
     {"-2 in Rain", "-1 in Mud or Snow", "-1 firing through Earthworks or across a River",
      "-1 firing at a Fortified City"},
     {"-2 in Rain", "-1 in Mud or Snow", "-1 when the defender plays an Earthworks/River chit",
      "-1 firing in a Heath or Hill hex"}},
};

// The parts of an effect line "<unit>, <column>: a; b; c".
std::vector<std::string> parts(const std::string& line) {
  std::vector<std::string> out;
  std::string rest = line.substr(line.find(": ") + 2);
  for (std::size_t at; (at = rest.find("; ")) != std::string::npos; rest = rest.substr(at + 2))
    out.push_back(rest.substr(0, at));
  out.push_back(rest);
  return out;
}

TEST(Alsh_UnitTypeEffectsSummary, EveryCellPinned) {
  const std::vector<std::pair<std::string, std::string>> columns = {
      {"skirmish-siege", "Skirmish or Siege"}, {"major", "Major Combat"}};
  for (const auto& u : kUnits)
    for (const auto& [col, col_label] : columns) {
      auto r = resolve("unit-types", {{"unit", u.id}, {"combat", col}});
      ASSERT_EQ(r.effects.size(), 2u) << u.id << " " << col;  // the cell and the general note
      const std::string& line = r.effects[0];
      EXPECT_EQ(line.rfind(u.label + ", " + col_label + ": ", 0), 0u) << line;
      const auto& want = col == "major" ? u.major : u.skirmish_siege;
      if (want.empty()) {
        EXPECT_EQ(parts(line), std::vector<std::string>{"no special effect"}) << line;
        continue;
      }
      const auto got = parts(line);
      ASSERT_EQ(got.size(), want.size()) << line;
      for (std::size_t i = 0; i < want.size(); ++i)
        EXPECT_NE(got[i].find(want[i]), std::string::npos) << got[i] << " / " << want[i];
      EXPECT_EQ(r.outcome, "1 effects of " + u.id);
    }
  // The note under the table comes with every answer.
  auto all = resolve("unit-types", json::object());
  EXPECT_EQ(all.outcome, "10 unit type entries");
  EXPECT_EQ(all.effects.size(), 11u);
  EXPECT_TRUE(has_effect(all, "In Rain, Mud or Snow every kind of combat unit takes -1"));
  // Negative: a column asked alone leaves the other out.
  auto major = resolve("unit-types", {{"combat", "major"}});
  EXPECT_EQ(major.outcome, "5 unit type entries");
  EXPECT_FALSE(has_effect(major, "Skirmish or Siege"));
}

TEST(Alsh_UnitTypeEffectsSummary, ResolvedByRequestAndCommandLine) {
  auto q = resolve_request({{"table", "unit-types"}, {"situation", {{"unit", "artillery"}}}});
  ASSERT_TRUE(q.ok()) << q.message();
  EXPECT_EQ((*q)["mode"], "lookup");
  EXPECT_EQ((*q)["result"]["outcome"], "2 effects of artillery");
  EXPECT_TRUE((*q)["warnings"].empty());
  std::ostringstream out, err;
  EXPECT_EQ(
      run_cli({"tactical-options", "--option", "reserve", "--step", "vanguard-fight"}, out, err), 0)
      << err.str();
  EXPECT_NE(out.str().find("Reserve: not playable (it is played at the Rearguard Commitment)"),
            std::string::npos)
      << out.str();
  // Negative: an option the chart does not have is a usage error naming the choices.
  std::ostringstream out2, err2;
  EXPECT_EQ(run_cli({"tactical-options", "--option", "ambush"}, out2, err2), 2);
  EXPECT_TRUE(out2.str().empty());
  EXPECT_NE(err2.str().find("earthworks-river"), std::string::npos) << err2.str();
}

}  // namespace
}  // namespace carroccio::alsh
