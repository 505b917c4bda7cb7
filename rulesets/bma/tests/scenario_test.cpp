// The Legnano scenario (9.0) as shipped, and the scenario loader refusing malformed files with
// one sentence that names the field.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

#include "fmt/format.h"
#include "rulesets/bma/tests/test_util.hpp"

namespace carroccio::bma::testing {
namespace {

std::string legnano_text() {
  auto r = make_ruleset();
  game::Registry reg;
  reg.add(std::move(r));
  auto text = reg.find("bma")->builtin_scenario("legnano");
  EXPECT_TRUE(text.ok());
  return text.ok() ? *text : std::string();
}

nlohmann::json legnano_json() { return nlohmann::json::parse(legnano_text()); }

std::shared_ptr<const BmaGame> legnano() {
  game::Registry reg;
  reg.add(make_ruleset());
  auto g = reg.load("bma/legnano", {});
  EXPECT_TRUE(g.ok()) << (g.ok() ? "" : g.message());
  return std::static_pointer_cast<const BmaGame>(*g);
}

// Loads `j` through the ruleset and returns the error message ("" if it loaded).
std::string load_error(const nlohmann::json& j) {
  auto g = make_ruleset()->new_game(j, "legnano.json", {});
  return g.ok() ? std::string() : g.message();
}

int first_unit(const nlohmann::json& j, const std::string& type) {
  for (std::size_t i = 0; i < j["units"].size(); ++i)
    if (j["units"][i]["type"] == type) return static_cast<int>(i);
  return -1;
}

// ---- The scenario as shipped ----

TEST(Bma_9_Scenario, Legnano_OrderOfBattle) {
  auto g = legnano();
  const Scenario& sc = g->scenario_data();
  int units[2] = {0, 0}, carroccios[2] = {0, 0}, vp[2] = {0, 0}, chits[2] = {0, 0};
  for (int u = 0; u < g->num_units(); ++u) {
    const UnitDef& d = g->unit(u);
    ++units[d.side];
    if (d.type == UnitType::kCarroccio)
      ++carroccios[d.side];
    else
      vp[d.side] += g->tables().rating(d.rating).vp;
  }
  for (int l = 0; l < g->num_leaders(); ++l) {
    vp[g->leader(l).side] += g->tables().leader_vp_per_command * g->leader(l).command;
    chits[g->leader(l).side] += g->leader(l).command;
  }
  EXPECT_EQ(units[0], 28);
  EXPECT_EQ(units[1], 39) << "38 combat units and the Carroccio";
  EXPECT_EQ(carroccios[0], 0);
  EXPECT_EQ(carroccios[1], 1);
  EXPECT_EQ(vp[0], 100) << "8.1: units at 5/3/1 plus leaders at 2 x command";
  EXPECT_EQ(vp[1], 112);
  EXPECT_EQ(chits[0], 7);
  EXPECT_EQ(chits[1], 8);
  EXPECT_EQ(sc.sides[0].rout_level, 52) << "9.4";
  EXPECT_EQ(sc.sides[1].rout_level, 58) << "9.4";
  EXPECT_EQ(sc.turns, 8) << "9.2";
  EXPECT_EQ(sc.sides[0].home_edge, Edge::kNorth);
  EXPECT_EQ(sc.sides[1].home_edge, Edge::kSouth);
}

TEST(Bma_9_Scenario, Legnano_MapHas41ForestHexesOnA20x28Grid) {
  auto g = legnano();
  EXPECT_EQ(g->board().cols(), 20);
  EXPECT_EQ(g->board().rows(), 28);
  int forest = 0;
  for (int h = 0; h < g->board().size(); ++h) forest += g->terrain(h) == Terrain::kForest ? 1 : 0;
  EXPECT_EQ(forest, 41) << "9.6: clear and forest only";
  EXPECT_EQ(g->terrain(hex(*g, "0203")), Terrain::kForest);
  EXPECT_EQ(g->terrain(hex(*g, "1120")), Terrain::kClear);
}

TEST(Bma_9_Scenario, Clause_9_2_LegnanoLastsEightTurns) {
  auto g = legnano();
  EXPECT_EQ(g->scenario_data().turns, 8);
  // Every chit declined: nothing fights, so only the turn limit can end the game.
  auto s = new_state(g);
  for (int t = 1; t <= 7; ++t) {
    decline_rest_of_turn(*s);
    ASSERT_EQ(s->phase(), Phase::kDraw) << "no rally roll expected";
    // Negative: up to the seventh turn's end the game goes on.
    EXPECT_FALSE(s->is_terminal()) << "after turn " << t;
    EXPECT_EQ(s->turn(), t + 1);
  }
  decline_rest_of_turn(*s);
  // Positive: the eighth turn's victory check ends it, without rout: a draw (8.3).
  EXPECT_TRUE(s->is_terminal());
  EXPECT_EQ(s->turn(), 8);
  EXPECT_EQ(s->end_reason(), EndReason::kTurnLimit);
  EXPECT_EQ(s->winner(), 2);
}

TEST(Bma_9_Scenario, Clause_9_5_SupremeCommanders) {
  auto g = legnano();
  const int frederick = leader_id(*g, "frederick"), alberto = leader_id(*g, "alberto");
  ASSERT_GE(frederick, 0);
  ASSERT_GE(alberto, 0);
  EXPECT_EQ(g->supreme(0), frederick);
  EXPECT_EQ(g->supreme(1), alberto);
  EXPECT_EQ(g->leader(frederick).command, 2);
  EXPECT_EQ(g->leader(alberto).command, 3);
  // 9.4: Frederick's death and the Carroccio's loss end the game.
  const Scenario& sc = g->scenario_data();
  EXPECT_EQ(sc.sides[0].routs_if_leader_killed, std::vector<int>{frederick});
  EXPECT_EQ(sc.sides[1].routs_if_unit_eliminated, std::vector<int>{unit_id(*g, "carroccio")});
  EXPECT_TRUE(sc.sides[1].routs_if_leader_killed.empty()) << "Alberto's death does not";
}

TEST(Bma_9_Scenario, Clause_9_3_2_CarroccioOnClearWithAlbertosCommand) {
  auto g = legnano();
  const int c = unit_id(*g, "carroccio");
  ASSERT_GE(c, 0);
  EXPECT_EQ(g->carroccio_unit(1), c);
  EXPECT_EQ(g->unit(c).type, UnitType::kCarroccio);
  EXPECT_EQ(g->unit(c).movement, 2);
  EXPECT_EQ(g->board().label(g->unit(c).hex), "1120");
  EXPECT_EQ(g->terrain(g->unit(c).hex), Terrain::kClear);
  EXPECT_EQ(g->unit(c).leader, leader_id(*g, "alberto")) << "ruling L-4";
  // Negative: a scenario that puts the Carroccio in forest is refused.
  auto forest = make_ruleset()->new_game(
      scenario_json({{"imperial", "infantry", "A", "0101"}, {"lombard", "carroccio", "A", "0505"}},
                    {}, {"0505"}),
      "test", {});
  ASSERT_FALSE(forest.ok());
  EXPECT_NE(forest.message().find("Carroccio"), std::string::npos) << forest.message();
}

TEST(Bma_Rulings, L49_LeadersStartStackedWithinReachOfTheirUnits) {
  auto g = legnano();
  auto s = new_state(g);
  EXPECT_EQ(s->check_invariants(), "");
  for (int l = 0; l < g->num_leaders(); ++l) {
    const int u = s->unit_at(g->leader(l).hex);
    ASSERT_GE(u, 0) << g->leader(l).id << " starts on a unit";
    EXPECT_EQ(g->unit(u).leader, l) << g->leader(l).id << " starts on a unit of his command";
  }
  for (int u = 0; u < g->num_units(); ++u) {
    const UnitDef& d = g->unit(u);
    EXPECT_LE(g->board().distance(d.hex, g->leader(d.leader).hex), 4) << d.id << ": 7.1 radius";
    EXPECT_NE(g->terrain(d.hex), Terrain::kForest) << d.id;
  }
  EXPECT_EQ(s->turn(), 1);
  EXPECT_EQ(s->cup_total(), 15);
}

// The 1-based line of the "hex" field of the JSON object holding `"id": "<id>"` in `file`.
std::size_t hex_line_of(const std::string& file, const std::string& id) {
  const auto id_at = file.find("\"id\": \"" + id + "\"");
  const auto open = id_at == std::string::npos ? std::string::npos : file.rfind('{', id_at);
  const auto at = open == std::string::npos ? std::string::npos : file.find("\"hex\"", open);
  EXPECT_NE(at, std::string::npos) << id;
  if (at == std::string::npos) return 0;
  return 1 + static_cast<std::size_t>(
                 std::count(file.begin(), file.begin() + static_cast<std::ptrdiff_t>(at), '\n'));
}

TEST(Bma_Rulings, L49_SetUpDeparturesLoadWithAWarningNamingFileLineFieldUnitAndRule) {
  // u0 starts on its leader (clear); u1 starts in forest (0707) 7 hexes from its leader L0;
  // the Lombard leader L1 starts on no unit (1010).
  const auto j = scenario_json({{"imperial", "infantry", "B", "0202"},
                                {"imperial", "cavalry", "B", "0707"},
                                {"lombard", "infantry", "B", "0909"}},
                               {{"L0", "imperial", "0202"}, {"L1", "lombard", "1010"}}, {"0707"});
  const std::string text = j.dump(2);
  const std::string path =
      (std::filesystem::path(::testing::TempDir()) / "l49_departures.json").string();
  std::ofstream(path) << text;
  game::Registry reg;
  reg.add(make_ruleset());
  std::vector<std::string> warnings;
  auto g = reg.load(path, {}, &warnings);
  // The rules allow each departure (9.6, 7.1, 2.2): the file loads and is played as it is.
  ASSERT_TRUE(g.ok()) << g.message();
  const Board& b = std::static_pointer_cast<const BmaGame>(*g)->board();
  ASSERT_EQ(b.distance(*b.parse_label("0202"), *b.parse_label("0707")), 7);
  const std::size_t u1_hex = hex_line_of(text, "u1"), l1_hex = hex_line_of(text, "L1");
  EXPECT_EQ(warnings,
            (std::vector<std::string>{
                fmt::format("{}:{}: field 'units[1].hex' starts u1 in forest at 0707; the rules "
                            "allow it (9.6 governs entering a forest), but it departs from the "
                            "set-up of ruling L-49.",
                            path, u1_hex),
                fmt::format("{}:{}: field 'units[1].hex' starts u1 7 hexes from its leader L0; "
                            "the rules allow it, but under the command-radius option (7.1.1: "
                            "within 4 hexes) it begins out of command, with half its movement "
                            "and no attack (7.1.2; ruling L-49).",
                            path, u1_hex),
                fmt::format("{}:{}: field 'leaders[1].hex' starts L1 on no unit of his command; "
                            "the rules allow it (2.2 places a leader on one only normally), but "
                            "it departs from the set-up of ruling L-49.",
                            path, l1_hex)}));
  // u0 (on L0) and u2 (0909, one hex from L1, on clear) draw none.
  // Negative: the shipped set-up keeps to all three and loads without a warning.
  std::vector<std::string> none;
  ASSERT_TRUE(reg.load("bma/legnano", {}, &none).ok());
  EXPECT_TRUE(none.empty()) << none.front();
}

TEST(Bma_9_Scenario, Legnano_RendersTheMap) {
  auto g = legnano();
  auto s = new_state(g);
  const std::string text = s->render_text(0);
  EXPECT_NE(text.find("lK"), std::string::npos) << "the Lombard Carroccio";
  EXPECT_NE(text.find("iA"), std::string::npos) << "Imperial A cavalry";
  EXPECT_NE(text.find("Columns with an even number sit half a hex lower"), std::string::npos);
  // Negative: an odd-shifted map says so.
  auto j =
      scenario_json({{"imperial", "infantry", "B", "0101"}, {"lombard", "infantry", "B", "0505"}});
  j["map"]["shifted"] = "odd";
  auto s2 = new_state(make_game(j));
  EXPECT_NE(s2->render_text(0).find("Columns with an odd number"), std::string::npos)
      << s2->render_text(0);
}

// ---- Malformed files are refused, naming the field ----

TEST(Bma_9_Scenario, Malformed_ShippedFileLoads) {
  EXPECT_EQ(load_error(legnano_json()), "") << "the negative case for every test below";
}

TEST(Bma_9_Scenario, Malformed_MissingRuleset) {
  auto j = legnano_json();
  j.erase("ruleset");
  EXPECT_EQ(load_error(j), "legnano.json: field 'ruleset' is missing.");
  game::Registry reg;
  reg.add(make_ruleset());
  auto g = reg.load_source(j.dump(), "my.json", {});
  ASSERT_FALSE(g.ok());
  EXPECT_NE(g.message().find("my.json: field 'ruleset'"), std::string::npos) << g.message();
}

TEST(Bma_9_Scenario, Malformed_WrongRuleset) {
  auto j = legnano_json();
  j["ruleset"] = "ohw";
  EXPECT_NE(load_error(j).find("field 'ruleset' is 'ohw'"), std::string::npos) << load_error(j);
}

TEST(Bma_9_Scenario, Malformed_HexOffTheMap) {
  auto j = legnano_json();
  j["units"][0]["hex"] = "2129";
  const std::string e = load_error(j);
  EXPECT_NE(e.find("field 'units[0].hex'"), std::string::npos) << e;
  EXPECT_NE(e.find("2129 is off the map"), std::string::npos) << e;
  EXPECT_NE(e.find("20x28"), std::string::npos) << e;
  EXPECT_EQ(e.find(".."), std::string::npos) << "one sentence, one full stop: " << e;
  // Not four digits.
  j["units"][0]["hex"] = "11-20";
  EXPECT_NE(load_error(j).find("field 'units[0].hex'"), std::string::npos) << load_error(j);
  // In the terrain list too.
  auto j2 = legnano_json();
  j2["map"]["terrain"]["forest"][3] = "0029";
  EXPECT_NE(load_error(j2).find("field 'map.terrain.forest[3]'"), std::string::npos)
      << load_error(j2);
}

TEST(Bma_9_Scenario, Malformed_TwoUnitsOnOneHex) {
  auto j = legnano_json();
  j["units"][5]["hex"] = j["units"][4]["hex"];
  const std::string e = load_error(j);
  EXPECT_NE(e.find("field 'units[5].hex'"), std::string::npos) << e;
  EXPECT_NE(e.find("units[4]"), std::string::npos) << e;
}

TEST(Bma_9_Scenario, Malformed_UnknownLeader) {
  auto j = legnano_json();
  j["units"][2]["leader"] = "barbarossa";
  const std::string e = load_error(j);
  EXPECT_NE(e.find("field 'units[2].leader'"), std::string::npos) << e;
  EXPECT_NE(e.find("'barbarossa' is not a leader"), std::string::npos) << e;
  // A leader of the other side.
  auto j2 = legnano_json();
  j2["units"][2]["leader"] = "alberto";
  EXPECT_NE(load_error(j2).find("leads the other side"), std::string::npos) << load_error(j2);
}

TEST(Bma_9_Scenario, Malformed_FacingOfTheWrongKind) {
  auto j = legnano_json();
  const int inf = first_unit(j, "infantry");
  j["units"][inf]["facing"] = "N";
  const std::string e = load_error(j);
  EXPECT_NE(e.find(fmt::format("field 'units[{}].facing'", inf)), std::string::npos) << e;
  EXPECT_NE(e.find("corner"), std::string::npos) << e;
  auto j2 = legnano_json();
  const int cav = first_unit(j2, "cavalry");
  j2["units"][cav]["facing"] = "S/SW";
  EXPECT_NE(load_error(j2).find(fmt::format("field 'units[{}].facing'", cav)), std::string::npos);
  auto j3 = legnano_json();
  j3["units"][cav]["facing"] = "up";
  const std::string e3 = load_error(j3);
  EXPECT_NE(e3.find(fmt::format("field 'units[{}].facing'", cav)), std::string::npos) << e3;
  EXPECT_EQ(e3.find(".."), std::string::npos) << e3;
}

TEST(Bma_9_Scenario, Malformed_CarroccioInForest) {
  auto j = legnano_json();
  const int c = first_unit(j, "carroccio");
  j["units"][c]["hex"] = "0203";
  const std::string e = load_error(j);
  EXPECT_NE(e.find(fmt::format("field 'units[{}].hex'", c)), std::string::npos) << e;
  EXPECT_NE(e.find("9.3.2"), std::string::npos) << e;
}

TEST(Bma_9_Scenario, Malformed_UnknownFields) {
  auto j = legnano_json();
  j["victory"] = "whoever";
  EXPECT_NE(load_error(j).find("field 'victory' is not a field"), std::string::npos)
      << load_error(j);
  auto j2 = legnano_json();
  j2["sides"][0]["morale"] = 3;
  EXPECT_NE(load_error(j2).find("field 'sides[0].morale'"), std::string::npos) << load_error(j2);
  // In the map, a leader and a unit too: a misspelt optional field is not silently ignored.
  auto j3 = legnano_json();
  j3["map"]["terain"] = nlohmann::json::object();
  EXPECT_NE(load_error(j3).find("field 'map.terain'"), std::string::npos) << load_error(j3);
  auto j4 = legnano_json();
  j4["leaders"][2]["supremo"] = true;
  EXPECT_NE(load_error(j4).find("field 'leaders[2].supremo'"), std::string::npos) << load_error(j4);
  auto j5 = legnano_json();
  j5["units"][7]["facnig"] = "S";
  EXPECT_NE(load_error(j5).find("field 'units[7].facnig'"), std::string::npos) << load_error(j5);
}

TEST(Bma_9_Scenario, Malformed_BadJsonNamesLineAndColumn) {
  game::Registry reg;
  reg.add(make_ruleset());
  const std::string text = "{\n  \"ruleset\": \"bma\",\n  \"turns\": 8,,\n}\n";
  auto g = reg.load_source(text, "broken.json", {});
  ASSERT_FALSE(g.ok());
  EXPECT_EQ(g.message().rfind("broken.json:3:", 0), 0u) << g.message();
  // Negative: the shipped text loads through the same door.
  EXPECT_TRUE(reg.load_source(legnano_text(), "legnano.json", {}).ok());
}

TEST(Bma_9_Scenario, Malformed_OtherFields) {
  struct Case {
    std::string field;
    std::function<void(nlohmann::json&)> spoil;
  };
  const std::vector<Case> cases = {
      {"turns", [](nlohmann::json& j) { j["turns"] = 0; }},
      {"turns", [](nlohmann::json& j) { j["turns"] = "eight"; }},
      {"sides", [](nlohmann::json& j) { j["sides"].erase(1); }},
      {"sides[1].rout_level", [](nlohmann::json& j) { j["sides"][1].erase("rout_level"); }},
      {"sides[0].home_edge", [](nlohmann::json& j) { j["sides"][0]["home_edge"] = "up"; }},
      {"leaders[0].command", [](nlohmann::json& j) { j["leaders"][0]["command"] = 5; }},
      {"leaders[1].hex",
       [](nlohmann::json& j) { j["leaders"][1]["hex"] = j["leaders"][0]["hex"]; }},
      {"leaders[0].side", [](nlohmann::json& j) { j["leaders"][0]["side"] = "german"; }},
      {"units[0].rating", [](nlohmann::json& j) { j["units"][0]["rating"] = "D"; }},
      {"units[0].type", [](nlohmann::json& j) { j["units"][0]["type"] = "archers"; }},
      {"units[3].id", [](nlohmann::json& j) { j["units"][3]["id"] = j["units"][2]["id"]; }},
      {"sides[1].routs_if_unit_eliminated[0]",
       [](nlohmann::json& j) { j["sides"][1]["routs_if_unit_eliminated"][0] = "wagon"; }},
      {"sides[0].routs_if_leader_killed[0]",
       [](nlohmann::json& j) { j["sides"][0]["routs_if_leader_killed"][0] = "alberto"; }},
      {"map.columns", [](nlohmann::json& j) { j["map"]["columns"] = 100; }},
      {"map.terrain.swamp", [](nlohmann::json& j) { j["map"]["terrain"]["swamp"] = {"0101"}; }},
  };
  for (const Case& c : cases) {
    auto j = legnano_json();
    c.spoil(j);
    const std::string e = load_error(j);
    EXPECT_NE(e.find("field '" + c.field + "'"), std::string::npos) << c.field << ": " << e;
    EXPECT_EQ(e.rfind("legnano.json: ", 0), 0u) << e;
  }
}

TEST(Bma_9_Scenario, Malformed_LeaderOnAnEnemyUnit) {
  auto j = legnano_json();
  // Frederick (leaders[0]) set down on a Lombard unit's hex.
  std::string lombard_hex;
  for (const auto& u : j["units"])
    if (u["side"] == "lombard" && u["type"] == "infantry") lombard_hex = u["hex"];
  j["leaders"][0]["hex"] = lombard_hex;
  const std::string e = load_error(j);
  EXPECT_NE(e.find("field 'leaders[0].hex'"), std::string::npos) << e;
  // Negative: a leader alone in an empty hex is allowed (5.4.6 has leaders alone).
  auto j2 = legnano_json();
  j2["leaders"][0]["hex"] = "1010";
  EXPECT_EQ(load_error(j2), "");
}

}  // namespace
}  // namespace carroccio::bma::testing
