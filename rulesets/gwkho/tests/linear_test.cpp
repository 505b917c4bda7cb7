// gwkho linear features in play (ruling G-12d): hedges, ditches, field works, permanent
// fortifications and wagons as lines with a kind; their scenario fields and refusals; the going
// of crossing them (Mov-1); who stands behind them (close to the front edge, between the two
// enemies, on the side works are held from); what that gives in close combat (CC-5, CC-9, CC-13,
// CC-14) and against shooting (Sht-8); and the views. Dice are forced; every position is set by
// hand.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "core/event.hpp"
#include "fmt/format.h"
#include "rulesets/gwkho/game.hpp"
#include "rulesets/gwkho/state.hpp"
#include "rulesets/gwkho/tests/test_util.hpp"

namespace carroccio::gwkho {
namespace {

using testing::kIn;

using testing::at;
using testing::battle;
using testing::find;
using testing::has_factor;
using testing::labelled;
using testing::start;

// The test battle (testing::small_scenario, no wood) with these linear features.
nlohmann::json with_lines(const char* lines) {
  auto j = testing::small_scenario("red", false);
  j["linear"] = nlohmann::json::parse(lines);
  return j;
}

// A line of `kind` along y = 26 inches from x = 0 to 30 (held from the north, its left walking
// east, when `defended` is "left").
std::string line_at_26(const char* kind, const char* defended = nullptr) {
  return fmt::format(R"([{{"id": "l", "kind": "{}", {}"line": [[0, 26], [30, 26]]}}])", kind,
                     defended ? fmt::format(R"("defended": "{}", )", defended) : "");
}

// Gascon sergeants (HI(o), blue.1.2.0) north of y = 26 facing south, their front edge `gap`
// sub-units north of the line; a knight (red.0.0.0, Hc) facing north, front to front with them.
void face_off_at(GwkhoState& st, const GwkhoGame& g, std::int64_t gap = 0) {
  testing::face_off(st, g, 26 * kIn + gap);
}

TEST(Gwkho_Linear, Clause_G_12d_LinearFeaturesAreReadAndBadOnesRefusedNamingTheField) {
  auto ok = load_scenario(with_lines(R"([
      {"id": "h", "kind": "hedge", "line": [[0, 26], [10, 26], [10, 30]]},
      {"id": "d", "kind": "ditch", "line": [[20, 26], [30, 26]]},
      {"id": "w", "kind": "field_works", "defended": "left", "line": [[40, 26], [50, 26]]},
      {"id": "f", "kind": "fortification", "defended": "right", "line": [[0, 20], [9, 20]]},
      {"id": "c", "kind": "wagons", "defended": "left", "line": [[60, 20], [64, 20], [64, 24]]}])"),
                          "x.json");
  ASSERT_TRUE(ok.ok()) << ok.message();
  ASSERT_EQ(ok->lines.size(), 5u);
  EXPECT_EQ(ok->lines[0].kind, LinearKind::kHedge);
  EXPECT_EQ(ok->lines[0].defended, Defended::kBoth);
  EXPECT_EQ(ok->lines[0].line[2], at(10, 30));
  EXPECT_EQ(ok->lines[1].kind, LinearKind::kDitch);
  EXPECT_EQ(ok->lines[2].kind, LinearKind::kFieldWorks);
  EXPECT_EQ(ok->lines[2].defended, Defended::kLeft);
  EXPECT_EQ(ok->lines[3].kind, LinearKind::kFortification);
  EXPECT_EQ(ok->lines[3].defended, Defended::kRight);
  EXPECT_EQ(ok->lines[4].kind, LinearKind::kWagons);
  // Negative: none without the field.
  EXPECT_TRUE(load_scenario(testing::small_scenario("red", false), "x.json")->lines.empty());
  const std::vector<std::pair<const char*, const char*>> bad = {
      {R"([{"id": "s", "kind": "stakes", "line": [[0, 26], [9, 26]]}])",
       "x.json: field 'linear[0].kind' is 'stakes', but must be hedge, ditch, field_works, "
       "fortification or wagons."},
      {R"([{"id": "w", "kind": "field_works", "line": [[0, 26], [9, 26]]}])",
       "x.json: field 'linear[0].defended' is missing."},
      {R"([{"id": "h", "kind": "hedge", "defended": "left", "line": [[0, 26], [9, 26]]}])",
       "x.json: field 'linear[0].defended' is given, but a hedge is held from either side: only "
       "works and wagons have a defended side."},
      {R"([{"id": "w", "kind": "wagons", "defended": "inside", "line": [[0, 26], [9, 26]]}])",
       "x.json: field 'linear[0].defended' is 'inside', but must be left or right."},
      {R"([{"id": "h", "kind": "hedge", "line": [[0, 26]]}])",
       "x.json: field 'linear[0].line' must be a list of at least 2 entries."},
      {R"([{"id": "h", "kind": "hedge", "line": [[0, 26], [0, 26]]}])",
       "x.json: field 'linear[0].line[1]' repeats the point before it."},
      {R"([{"id": "h", "kind": "hedge", "line": [[0, 26], [80, 26]]}])",
       "x.json: field 'linear[0].line[1]' is off the table."},
      {R"([{"id": "h", "kind": "hedge", "line": [[0, 26], [9, 26]]},
           {"id": "h", "kind": "ditch", "line": [[0, 16], [9, 16]]}])",
       "x.json: field 'linear[1].id' repeats the id 'h'."},
      {R"([{"id": "h", "kind": "hedge", "going": "bad", "line": [[0, 26], [9, 26]]}])",
       "x.json: field 'linear[0].going' is not a field of a linear feature."},
  };
  for (const auto& [lines, message] : bad) {
    auto s = load_scenario(with_lines(lines), "x.json");
    ASSERT_FALSE(s.ok()) << lines;
    EXPECT_EQ(s.message(), message);
  }
}

TEST(Gwkho_Linear, Clause_Mov_1_CrossingAHedgeIsRoughGoingAndWorksBad) {
  const auto g = testing::make_game(with_lines(R"([
      {"id": "hedge", "kind": "hedge", "line": [[0, 25], [30, 25]]},
      {"id": "works", "kind": "field_works", "defended": "left", "line": [[40, 25], [55, 25]]}])"));
  auto st = start(g);
  st->debug_set_pips(0, 6);
  // A knight (5" in the open, 4" rough, 2" bad) 1.75" north of the hedge, facing it.
  const int e = find(*g, "red.0.0.0");
  st->debug_place(e, at(10, 27.5), 270);
  EXPECT_TRUE(st->plan(act::move(e, act::kAdvance)).ok());  // 1.25": short of it
  auto p = st->plan(act::move(e, act::kAdvance + 1));       // 2.5": over it, rough going
  ASSERT_TRUE(p.ok()) << p.message();
  p = st->plan(act::move(e, act::kAdvance + 3));  // 5": beyond the rough going's 4"
  ASSERT_FALSE(p.ok());
  EXPECT_EQ(p.message(),
            labelled(*g, "red.0.0.0 would go 5.0\", beyond their move of 4.0\" in rough going."));
  // Over the works: bad going, 2".
  st->debug_place(e, at(47, 27.5), 270);
  EXPECT_TRUE(st->plan(act::move(e, act::kAdvance)).ok());
  p = st->plan(act::move(e, act::kAdvance + 1));
  ASSERT_FALSE(p.ok());
  EXPECT_EQ(p.message(),
            labelled(*g, "red.0.0.0 would go 2.5\", beyond their move of 2.0\" in bad going."));
  // Negative: touching a line is not crossing it; moving away from it is open going; and the
  // line is no going to stand in.
  st->debug_place(e, geo::Point{10 * kIn, 25 * kIn + 750}, 270);
  const geo::Base b = st->element(e).base;
  EXPECT_EQ(st->line_crossing(b, b.moved_forward(-2 * kIn)), Going::kOpen);
  EXPECT_EQ(st->line_crossing(b, b.moved_forward(kIn)), Going::kRough);
  EXPECT_EQ(st->going_at(b), Going::kOpen);
  // Turning in place with its front on the line crosses nothing, though its corners swing over.
  EXPECT_EQ(st->line_crossing(b, b.rotated_about_centre(geo::Angle::degrees(90))), Going::kOpen);
  // Wheeling over it does.
  EXPECT_EQ(st->line_crossing(
                b, b.rotated_about(b.corner(geo::Corner::kFrontLeft), geo::Angle::degrees(90))),
            Going::kRough);
  p = st->plan(act::move(e, act::kAdvance + 3));  // beside the lines: the full 5"
  st->debug_place(e, at(34, 27.5), 270);
  p = st->plan(act::move(e, act::kAdvance + 3));
  ASSERT_TRUE(p.ok()) << p.message();
  EXPECT_EQ(p->distance, 5 * kIn);
}

TEST(Gwkho_Linear, Clause_CC_13_FootBehindAHedgeAreNotKilledByAOnePointLoss) {
  const auto g = testing::make_game(with_lines(line_at_26("hedge").c_str()));
  const auto flat = testing::make_game(with_lines("[]"));
  auto st = start(g), st2 = start(flat);
  const int foot = find(*g, "blue.1.2.0"), knight = find(*g, "red.0.0.0");
  face_off_at(*st, *g);
  face_off_at(*st2, *flat);
  const CombatSituation cs = st->combat_situation(knight, foot);
  EXPECT_TRUE(cs.b.behind_linear);
  EXPECT_FALSE(cs.b.behind_fortification);  // a hedge is no fortification
  EXPECT_TRUE(cs.a.behind_linear);          // held from either side, but it helps foot only
  const CombatSituation open = st2->combat_situation(knight, foot);
  EXPECT_FALSE(open.b.behind_linear);
  // Heavy infantry beaten by one point by heavy cavalry are destroyed in the open (CC-14) and
  // pushed back behind the hedge (CC-13).
  const auto behind = testing::one_point_win_then_behind(open, cs);
  ASSERT_TRUE(behind.has_value());
  EXPECT_EQ(behind->b, Result::kPushBack);
  EXPECT_TRUE(behind->kill_prevented);
  // A ditch does the same.
  const auto gd = testing::make_game(with_lines(line_at_26("ditch").c_str()));
  auto sd = start(gd);
  face_off_at(*sd, *gd);
  EXPECT_TRUE(sd->combat_situation(knight, foot).b.behind_linear);
}

TEST(Gwkho_Linear, Clause_G_12d_BehindMeansCloseToTheFrontEdgeAndBetweenTheEnemies) {
  const auto g = testing::make_game(with_lines(line_at_26("hedge").c_str()));
  auto st = start(g);
  const int foot = find(*g, "blue.1.2.0"), knight = find(*g, "red.0.0.0");
  // Half an inch between the front edge and the line counts (the two still front to front).
  face_off_at(*st, *g, kBehindReach);
  EXPECT_TRUE(st->combat_situation(knight, foot).b.behind_linear);
  // Negative: a little more does not.
  face_off_at(*st, *g, kBehindReach + 127);
  EXPECT_FALSE(st->combat_situation(knight, foot).b.behind_linear);
  // Negative: a line through the foot's own base, behind its centre, is not between them.
  face_off_at(*st, *g, -800);
  EXPECT_FALSE(st->combat_situation(knight, foot).b.behind_linear);
  // Negative: beside the line's end, nothing between them.
  testing::face_off(*st, *g, 26 * kIn, 40 * kIn);
  EXPECT_FALSE(st->combat_situation(knight, foot).b.behind_linear);
}

TEST(Gwkho_Linear, Clause_CC_9_FootHoldingWorksAreBehindAFortification) {
  // Works held from the north (their left, walking east).
  const auto g = testing::make_game(with_lines(line_at_26("field_works", "left").c_str()));
  auto st = start(g);
  const int foot = find(*g, "blue.1.2.0"), knight = find(*g, "red.0.0.0");
  face_off_at(*st, *g);
  const CombatSituation cs = st->combat_situation(knight, foot);
  EXPECT_TRUE(cs.b.behind_fortification);
  EXPECT_FALSE(cs.b.behind_linear);         // works are not the "hedge etc" of CC-13
  EXPECT_FALSE(cs.a.behind_fortification);  // the knight attacks them from the open side
  const CombatFactors f = combat_factors(cs);
  EXPECT_TRUE(has_factor(f.b.factors, "CC-9", "foot behind a fortification"));
  EXPECT_FALSE(has_factor(f.a.factors, "CC-9", "foot behind a fortification"));
  // Negative: works held from the south are the knight's, and mounted get nothing from them.
  const auto gr = testing::make_game(with_lines(line_at_26("field_works", "right").c_str()));
  auto sr = start(gr);
  face_off_at(*sr, *gr);
  const CombatSituation rs = sr->combat_situation(knight, foot);
  EXPECT_FALSE(rs.b.behind_fortification);
  EXPECT_TRUE(rs.a.behind_fortification);
  EXPECT_FALSE(has_factor(combat_factors(rs).a.factors, "CC-9", "foot behind a fortification"));
}

TEST(Gwkho_Linear, Clause_CC_14_FootBehindWorksAreNotKilledByMountedUnlessDoubled) {
  const auto g = testing::make_game(with_lines(line_at_26("wagons", "left").c_str()));
  const auto flat = testing::make_game(with_lines("[]"));
  auto st = start(g), st2 = start(flat);
  const int foot = find(*g, "blue.1.2.0"), knight = find(*g, "red.0.0.0");
  face_off_at(*st, *g);
  face_off_at(*st2, *flat);
  const CombatSituation cs = st->combat_situation(knight, foot);
  const CombatSituation open = st2->combat_situation(knight, foot);
  ASSERT_TRUE(cs.b.behind_fortification);
  // Beaten but not doubled: destroyed in the open, pushed back behind the wagons; doubled (the
  // foot broken, -2, so that a d6 can double it): destroyed all the same.
  CombatSituation weak = cs;
  weak.b.morale = Morale::kBroken;
  int beaten = 0, doubled = 0;
  for (int da = 1; da <= 6; ++da)
    for (int db = 1; db <= 6; ++db) {
      const CombatOutcome behind = resolve_combat(weak, da, db);
      if (behind.winner != Winner::kA) continue;
      if (behind.doubled) {
        ++doubled;
        EXPECT_EQ(behind.b, Result::kDestroyed) << da << " " << db;
      } else {
        ++beaten;
        EXPECT_EQ(behind.b, Result::kPushBack) << da << " " << db;
      }
    }
  EXPECT_GT(beaten, 0);
  EXPECT_GT(doubled, 0);
  // Negative: in the open the knight destroys it whenever it wins.
  for (int da = 1; da <= 6; ++da)
    for (int db = 1; db <= 6; ++db) {
      const CombatOutcome o = resolve_combat(open, da, db);
      if (o.winner == Winner::kA) {
        EXPECT_EQ(o.b, Result::kDestroyed) << da << " " << db;
      }
    }
}

TEST(Gwkho_Linear, Clause_CC_5_PhalanxFightingOverWorksUsesOnlyItsSecondRank) {
  const auto g = testing::make_game(with_lines(line_at_26("field_works", "left").c_str()));
  const auto flat = testing::make_game(with_lines("[]"));
  const int ph = find(*g, "red.1.2.0"), foot = find(*g, "blue.1.2.0");
  // The Como spearmen (Ph(i)) three deep facing north below the works; the sergeants holding
  // them, facing south.
  auto place = [&](GwkhoState& st) {
    st.debug_place(foot, geo::Point{10 * kIn, 26 * kIn + 500}, 270);
    for (int k = 0; k < 3; ++k)
      st.debug_place(find(*g, "red.1.2." + std::to_string(k)),
                     geo::Point{10 * kIn, 26 * kIn - 500 - k * 1000}, 90);
  };
  auto st = start(g), st2 = start(flat);
  place(*st);
  place(*st2);
  const CombatFactors over = combat_factors(st->combat_situation(ph, foot));
  EXPECT_TRUE(has_factor(over.a.factors, "CC-5", "second rank of the same pike or phalanx"));
  EXPECT_FALSE(has_factor(over.a.factors, "CC-5", "third rank of the same pike or phalanx"));
  // Negative: in the open the third rank counts too.
  const CombatFactors open = combat_factors(st2->combat_situation(ph, foot));
  EXPECT_TRUE(has_factor(open.a.factors, "CC-5", "second rank of the same pike or phalanx"));
  EXPECT_TRUE(has_factor(open.a.factors, "CC-5", "third rank of the same pike or phalanx"));
}

TEST(Gwkho_Linear, Clause_Sht_8_FootBehindAHedgeOrWorksAreInCoverAndWagonsMore) {
  // The shooter: an English longbowman (blue.0.1.0) 5" south of y = 26 facing north; the target:
  // the Como spearmen's first element (Ph(i), foot) just north of the line facing south.
  auto shot = [](const char* lines, double target_y) {
    const auto g = testing::make_game(with_lines(lines));
    auto st = start(g);
    const int bow = find(*g, "blue.0.1.0"), target = find(*g, "red.1.2.0");
    st->debug_place(bow, geo::Point{10 * kIn, 21 * kIn}, 90);
    st->debug_place(target, geo::Point{10 * kIn, static_cast<std::int64_t>(target_y * kIn)}, 270);
    return st->shot_situation(bow, target).cover;
  };
  const double behind = 26 + 500.0 / kIn;
  EXPECT_EQ(shot(line_at_26("hedge").c_str(), behind), Cover::kCover);
  EXPECT_EQ(shot(line_at_26("field_works", "left").c_str(), behind), Cover::kCover);
  EXPECT_EQ(shot(line_at_26("wagons", "left").c_str(), behind), Cover::kFortification);
  EXPECT_EQ(shot(line_at_26("fortification", "left").c_str(), behind), Cover::kFortification);
  // Negative: a ditch gives no cover; works held from the other side give none; a target 2"
  // back from the hedge is not behind it.
  EXPECT_EQ(shot(line_at_26("ditch").c_str(), behind), Cover::kNone);
  EXPECT_EQ(shot(line_at_26("wagons", "right").c_str(), behind), Cover::kNone);
  EXPECT_EQ(shot(line_at_26("hedge").c_str(), behind + 2), Cover::kNone);
}

TEST(Gwkho_Linear, Clause_G_12d_CerignolasWorksAndPoitierssHedgeAreBeforeTheFrontLine) {
  // The Spanish first line at Cerignola holds the ditch and rampart against an enemy to the
  // south; the English at Poitiers stand behind their hedge.
  const auto c = battle("cerignola");
  auto sc = start(c);
  const geo::Base spanish = sc->element(find(*c, "spanish.0.0.0")).base;
  const geo::Point south{spanish.centre().x, spanish.centre().y - 3 * kIn};
  const auto works = sc->behind_lines(spanish, geo::Side::kFront, south);
  EXPECT_TRUE(works.fortification);
  EXPECT_EQ(works.cover, Cover::kCover);
  // Negative: the works are not the French's: an enemy north of the same line has none.
  const geo::Point north{spanish.centre().x, spanish.centre().y + 3 * kIn};
  EXPECT_FALSE(sc->behind_lines(spanish, geo::Side::kBack, north).fortification);
  const auto p = battle("poitiers");
  auto sp = start(p);
  const geo::Base english = sp->element(find(*p, "english.1.1.0")).base;
  const auto hedge = sp->behind_lines(english, geo::Side::kFront,
                                      geo::Point{english.centre().x, english.centre().y - 3 * kIn});
  EXPECT_TRUE(hedge.linear);
  EXPECT_FALSE(hedge.fortification);
  // Negative: the second English line, 4 inches back, is not behind it.
  const geo::Base second = sp->element(find(*p, "english.1.2.0")).base;
  EXPECT_FALSE(sp->behind_lines(second, geo::Side::kFront,
                                geo::Point{second.centre().x, second.centre().y - 3 * kIn})
                   .linear);
}

TEST(Gwkho_View, Clause_G_12d_TheViewsShowTheLinearFeatures) {
  const auto g = testing::make_game(with_lines(R"([
      {"id": "hedge", "kind": "hedge", "line": [[0, 25], [30, 25]]},
      {"id": "works", "kind": "field_works", "defended": "left", "line": [[40, 25], [55, 25]]}])"));
  auto st = start(g);
  const auto v = st->to_json(game::kSpectator);
  ASSERT_EQ(v["lines"].size(), 2u);
  EXPECT_EQ(v["lines"][0]["id"], "hedge");
  EXPECT_EQ(v["lines"][0]["type"], "hedge");
  EXPECT_EQ(v["lines"][0]["defended"], "");
  EXPECT_EQ(v["lines"][0]["going"], "rough");
  EXPECT_EQ(v["lines"][1]["type"], "field_works");
  EXPECT_EQ(v["lines"][1]["defended"], "left");
  EXPECT_EQ(v["lines"][1]["going"], "bad");
  EXPECT_EQ(v["lines"][1]["line"][1], nlohmann::json::array({55 * kIn, 25 * kIn}));
  const std::string text = st->render_text(game::kSpectator);
  // Named as the board names terrain, the kind in words; a name that only repeats the kind is
  // not said twice.
  EXPECT_NE(text.find("\nhedge: crossed as rough going: (0.0\", 25.0\") (30.0\", 25.0\")"),
            std::string::npos)
      << text;
  EXPECT_EQ(text.find("hedge hedge"), std::string::npos);
  EXPECT_NE(text.find("field works Works: crossed as bad going, held from its left: (40.0\", "
                      "25.0\") (55.0\", 25.0\")"),
            std::string::npos)
      << text;
  EXPECT_EQ(text.find("field_works"), std::string::npos);
  // Negative: a table without them shows none.
  const auto bare = testing::make_game(with_lines("[]"));
  EXPECT_TRUE(start(bare)->to_json(game::kSpectator)["lines"].empty());
  testing::expect_not_drawn(bare, "crossed as");
}

// [Sht-8, G-76] Foot behind works that do not shoot may keep their heads down and are then no
// target: their side decides, before the shots of the phase.
TEST(Gwkho_Linear, Clause_Sht_8_FootBehindWorksKeepTheirHeadsDownAndAreNoTarget) {
  // Field works along y = 26 held from the south; Gascon sergeants (HI(o), blue.1.2.0) behind
  // them facing north; the Como crossbowmen (Xb(i), red.1.3.0) 3" north facing south.
  const auto g = testing::make_game(with_lines(line_at_26("field_works", "right").c_str()));
  const int hi = find(*g, "blue.1.2.0"), xb = find(*g, "red.1.3.0");
  auto set_up = [&](GwkhoState& st) {
    st.debug_place(hi, geo::Point{10 * kIn, 26 * kIn - 500}, 90);
    st.debug_place(xb, geo::Point{10 * kIn, 29 * kIn + 500}, 270);
    st.debug_start_shooting();
  };
  auto st = start(g);
  core::EventLog log;
  st->set_event_sink(&log);
  set_up(*st);
  ASSERT_EQ(st->fight_step(), FightStep::kHeadsDown);
  EXPECT_EQ(st->pending_b(), hi);
  EXPECT_EQ(st->current_player(), 1);  // the sergeants' side decides
  EXPECT_EQ(st->legal_actions(), (std::vector<game::Action>{act::kStandTo, act::kKeepHeadsDown}));
  ASSERT_TRUE(st->apply(act::kKeepHeadsDown).ok());
  // No shot at them: the crossbowmen have no target left, the phase goes on to close combat.
  EXPECT_NE(st->phase(), Phase::kShoot);
  bool shot = false, down = false;
  for (const auto& ev : log.events()) {
    shot = shot || ev.kind == "shot";
    down = down || ev.kind == "heads down";
  }
  EXPECT_FALSE(shot);
  EXPECT_TRUE(down);
  // Heads up: they are shot at as before.
  auto st2 = start(g);
  set_up(*st2);
  ASSERT_TRUE(st2->apply(act::kStandTo).ok());
  EXPECT_EQ(st2->fight_step(), FightStep::kShotDice);
  EXPECT_EQ(st2->pending_a(), xb);
  EXPECT_EQ(st2->pending_b(), hi);
}

TEST(Gwkho_Linear, Clause_Sht_8_NoHeadsDownInTheOpenOrAgainstBowsWithoutARoof) {
  // Negative: in the open there is nothing to keep their heads down behind.
  {
    const auto g = testing::make_game(testing::small_scenario("red", false));
    auto st = start(g);
    const int hi = find(*g, "blue.1.2.0"), xb = find(*g, "red.1.3.0");
    st->debug_place(hi, geo::Point{10 * kIn, 26 * kIn - 500}, 90);
    st->debug_place(xb, geo::Point{10 * kIn, 29 * kIn + 500}, 270);
    st->debug_start_shooting();
    EXPECT_EQ(st->fight_step(), FightStep::kShotDice);
    EXPECT_EQ(st->pending_b(), hi);
  }
  // Negative: against longbows the works give no roof: the spearmen (Ph(i), red.1.2.0) behind
  // works held from the north are shot at with no choice.
  {
    const auto g = testing::make_game(with_lines(line_at_26("field_works", "left").c_str()));
    auto st = start(g);
    const int ph = find(*g, "red.1.2.0"), lb = find(*g, "blue.0.1.0");
    st->debug_place(ph, geo::Point{10 * kIn, 26 * kIn + 500}, 270);
    st->debug_place(lb, geo::Point{10 * kIn, 21 * kIn}, 90);
    st->debug_start_shooting();
    EXPECT_EQ(st->fight_step(), FightStep::kShotDice);
    EXPECT_EQ(st->pending_a(), lb);
    EXPECT_EQ(st->pending_b(), ph);
  }
  // The shooters a roof is needed against, troop by troop.
  for (const char* t : {"Bw(s)", "Bw(o)", "Lb(s)", "Lb(o)", "Lb(i)"})
    EXPECT_TRUE(needs_roof_against(testing::T(t))) << t;
  for (const char* t : {"Bw(i)", "Bw(f)", "Xb(o)", "Xb(i)", "Sh(o)", "Lc(s)", "Cv(o)", "L.Art(o)"})
    EXPECT_FALSE(needs_roof_against(testing::T(t))) << t;
}

}  // namespace
}  // namespace carroccio::gwkho
