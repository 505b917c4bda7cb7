// Uncrewed guns in play (Pip-16; rulings G-44, G-51): a gun whose crew flees stays on the table
// uncrewed; its side replaces the crew, the enemy destroys it from contact or works it.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "core/event.hpp"
#include "rulesets/gwkho/tests/test_util.hpp"

namespace carroccio::gwkho {
namespace {

using testing::find;
using testing::start;
using testing::start_moves;

using testing::kIn;

// The test battle with a heavy gun (H.Art(o), red.1.4.0) in red's second command; `first`: the
// side with the first bound.
std::shared_ptr<const GwkhoGame> game_with_gun(const char* first = "red",
                                               const RuleOptions& rules = RuleOptions{}) {
  nlohmann::json army = testing::builtin_list("legnano-imperial");
  army["commands"][1]["elements"].push_back({{"type", "H.Art"}, {"grade", "o"}, {"count", 1}});
  nlohmann::json j = testing::small_scenario(first, false);
  j["sides"][0]["army"] = army;
  j["sides"][0]["deploy"].push_back(
      {{"command", 1}, {"group", 4}, {"frontage", 1}, {"at", {62, 46}}, {"heading", 270}});
  return testing::make_game(j, rules);
}

using testing::listed;

// Element e placed with its front against side `side` of element t's base, centred on it.
void touch(GwkhoState& st, int e, int t, geo::Side side) {
  const geo::Base b =
      geo::place_in_contact(st.element(t).base, side, st.element(e).base, geo::Side::kFront, 0);
  st.debug_place(e, b.centre(), static_cast<int>(b.heading().units() / 3600));
}

std::string last_event(const core::EventLog& log, std::string_view kind) {
  std::string text;
  for (const auto& ev : log.events())
    if (ev.kind == kind) text = ev.text;
  return text;
}

int army_lost(const GwkhoState& st, int side) {
  return st.army_morale_of(side).find("army")->lost_quarters;
}

TEST(Gwkho_Crews, Clause_Sht_1_ACrewThatFleesLeavesItsGunUncrewedOnTheTable) {
  const auto g = game_with_gun("red");
  auto st = start_moves(g);
  const int gun = find(*g, "red.1.4.0"), lb = find(*g, "blue.0.1.0"), hi = find(*g, "blue.1.2.0");
  // The gun faces north, away from blue's longbowmen 4" behind it, who face it.
  st->debug_place(gun, geo::Point{36 * kIn, 30 * kIn}, 90);
  st->debug_place(lb, geo::Point{36 * kIn, 25 * kIn}, 90);
  testing::hold_side(*st, 0);  // no impetuous moves
  core::EventLog log;
  st->set_event_sink(&log);
  const int lost_before = army_lost(*st, 0);
  ASSERT_TRUE(st->apply(act::kEndMoves).ok());
  ASSERT_EQ(st->pending_a(), lb);
  ASSERT_EQ(st->pending_b(), gun);
  ASSERT_EQ(st->fight_step(), FightStep::kShotDice);
  // Forced dice 6 and 6: 12 or more, the crew flee (Sht-1).
  ASSERT_TRUE(st->apply(act::kShotDice + 35).ok());
  const ElementState& s = st->element(gun);
  EXPECT_FALSE(s.alive);
  EXPECT_TRUE(s.uncrewed);
  EXPECT_EQ(s.base.centre(), (geo::Point{36 * kIn, 30 * kIn}));  // where it stood
  EXPECT_EQ(last_event(log, "destroyed"),
            g->troop_label(gun) + " is abandoned by its crew: the gun stands uncrewed");
  // [G-51] The ledgers count it lost as a destroyed element.
  EXPECT_EQ(s.loss, Loss::kDestroyed);
  EXPECT_GT(army_lost(*st, 0), lost_before);
  // The view shows it on the table, uncrewed; the text shows it as such.
  const auto view = st->to_json(game::kSpectator);
  for (const auto& u : view["units"])
    if (u["id"] == "red.1.4.0") {
      EXPECT_EQ(u["on_table"], true);
      EXPECT_EQ(u["removed"], false);
      EXPECT_EQ(u["uncrewed"], true);
    }
  EXPECT_NE(st->render_text(game::kSpectator).find("red.1.4.0 H.Art(o) uncrewed at (36.0\""),
            std::string::npos);
  EXPECT_NE(st->table_drawing().find('U'), std::string::npos);
  // Negative: it neither moves, shoots nor fights. Blue's foot may move into contact with it,
  // and that is no combat.
  while (st->phase() != Phase::kMove || st->active() != 1)
    ASSERT_TRUE(st->apply(st->is_chance_node() ? st->chance_outcomes().front().action
                                               : st->legal_actions().front())
                    .ok());
  st->debug_set_pips(1, 2);
  touch(*st, hi, gun, geo::Side::kFront);
  st->debug_place(hi, st->element(hi).base.moved_forward(-2 * kIn).centre(), 270);
  const game::Action contact = st->contact_action(hi, gun);
  ASSERT_NE(contact, game::kInvalidAction);
  EXPECT_FALSE(st->action_to_json(contact).contains("odds"));  // no combat to weigh
  EXPECT_TRUE(st->action_odds(contact).is_null());
  ASSERT_TRUE(st->apply(contact).ok());
  EXPECT_EQ(st->front_enemy(hi), -1);
  EXPECT_FALSE(st->in_contact(hi));
  EXPECT_TRUE(st->combat_candidates(1).empty());
  auto red = start_moves(g);
  red->debug_uncrew(gun);
  red->debug_set_pips(1, 6);
  const auto moved = red->apply(act::person(act::move(gun, act::kAdvance)));
  ASSERT_FALSE(moved.ok());
  EXPECT_EQ(moved.message(), g->troop_label(gun) +
                                 " is uncrewed: it does not move until its crew is replaced "
                                 "(G-51).");
  EXPECT_TRUE(red->shot_targets(gun).empty());
  // Negative: a gun not beaten keeps its crew (dice 1 and 1 do nothing).
  auto st2 = start_moves(g);
  st2->debug_place(gun, geo::Point{36 * kIn, 30 * kIn}, 90);
  st2->debug_place(lb, geo::Point{36 * kIn, 25 * kIn}, 90);
  testing::hold_side(*st2, 0);
  ASSERT_TRUE(st2->apply(act::kEndMoves).ok());
  ASSERT_EQ(st2->pending_b(), gun);
  ASSERT_TRUE(st2->apply(act::kShotDice + 0).ok());
  EXPECT_TRUE(st2->element(gun).alive);
  EXPECT_FALSE(st2->element(gun).uncrewed);
}

// The fate the end-of-game summary gives a piece, by id.
std::string fate_of(const GwkhoState& st, std::string_view id) {
  const nlohmann::json summary = st.result_summary();
  for (const auto& p : summary["pieces"])
    if (p["id"] == id) return p["fate"].get<std::string>();
  return "absent";
}

TEST(Gwkho_Crews, Clause_G_51_TheSummaryCallsAGunWhoseCrewFledUncrewedNotDestroyed) {
  const auto g = game_with_gun("red");
  auto st = start_moves(g);
  const int gun = find(*g, "red.1.4.0"), hi = find(*g, "blue.1.2.0");
  EXPECT_EQ(fate_of(*st, "red.1.4.0"), "on_table");
  st->debug_uncrew(gun);
  // [G-51] Lost to its side (the ledgers count it), yet standing on the table: uncrewed.
  EXPECT_EQ(fate_of(*st, "red.1.4.0"), "uncrewed");
  // Negative: an element destroyed still reads destroyed, and the others on the table.
  st->debug_kill(hi);
  EXPECT_EQ(fate_of(*st, "blue.1.2.0"), "destroyed");
  EXPECT_EQ(fate_of(*st, "blue.1.0.0"), "on_table");
  // Negative: once the enemy destroys the uncrewed gun from contact, it reads destroyed.
  auto blue = start_moves(game_with_gun("blue"));
  blue->debug_place(gun, geo::Point{36 * kIn, 30 * kIn}, 270);
  blue->debug_uncrew(gun);
  touch(*blue, hi, gun, geo::Side::kFront);
  blue->debug_set_pips(1, 1);
  EXPECT_EQ(fate_of(*blue, "red.1.4.0"), "uncrewed");
  ASSERT_TRUE(blue->apply(act::move(hi, act::kDestroyGun)).ok());
  EXPECT_EQ(fate_of(*blue, "red.1.4.0"), "destroyed");
}
// Red's uncrewed gun at (36", 30") facing south, red's phalanx (red.1.2.0) 3" east of its centre
// (within 3 inches of it), red's command 1 with `pips` PIPs; red moves.
std::unique_ptr<GwkhoState> gun_to_crew(const std::shared_ptr<const GwkhoGame>& g, int pips) {
  auto st = start_moves(g);
  const int gun = find(*g, "red.1.4.0"), ph = find(*g, "red.1.2.0");
  st->debug_place(gun, geo::Point{36 * kIn, 30 * kIn}, 270);
  st->debug_place(ph, geo::Point{39 * kIn, 30 * kIn}, 270);
  st->debug_uncrew(gun);
  st->debug_set_pips(1, pips);
  testing::hold_side(*st, 0);
  return st;
}

TEST(Gwkho_Crews, Clause_Pip_16_ASideReplacesItsGunsCrewForAPipWithFootNear) {
  const auto g = game_with_gun("red");
  const int gun = find(*g, "red.1.4.0"), hi = find(*g, "blue.1.2.0");
  auto st = gun_to_crew(g, 1);
  core::EventLog log;
  st->set_event_sink(&log);
  const int lost = army_lost(*st, 0);
  // An agent's candidate, priced 1 PIP.
  const game::Action crew = act::move(gun, act::kReplaceCrew);
  ASSERT_TRUE(listed(*st, crew));
  EXPECT_EQ(st->action_to_json(crew)["kind"], "uncrewed-gun");
  EXPECT_EQ(st->action_to_json(crew)["pips"], 1);
  EXPECT_EQ(st->action_to_string(crew), "replace the gun's crew: " + g->label(gun));
  // Blue's HI 4" in front of the gun: enemy within 8", the route from the phalanx is clear.
  st->debug_place(hi, geo::Point{36 * kIn, 25 * kIn}, 90);
  ASSERT_TRUE(st->apply(crew).ok());
  EXPECT_TRUE(st->element(gun).alive);
  EXPECT_FALSE(st->element(gun).uncrewed);
  EXPECT_EQ(st->pips(1), 0);
  EXPECT_EQ(last_event(log, "crew"), g->troop_label(gun) + " has its crew replaced (1 PIP)");
  // [G-51] Its loss stays counted; it does not fire this bound (the HI is in its arc and range).
  EXPECT_EQ(army_lost(*st, 0), lost);
  EXPECT_TRUE(st->element(gun).recrewed);
  ASSERT_TRUE(st->apply(act::kEndMoves).ok());
  EXPECT_NE(st->pending_a(), gun);
  // Negative: no PIP.
  auto poor = gun_to_crew(g, 0);
  EXPECT_FALSE(listed(*poor, crew));
  const auto no_pip = poor->apply(act::person(crew));
  ASSERT_FALSE(no_pip.ok());
  EXPECT_EQ(no_pip.message(),
            "Replacing the crew of " + g->troop_label(gun) + " costs 1 PIP (Pip-16).");
  EXPECT_TRUE(poor->element(gun).uncrewed);
  // Negative: no friendly foot within 3 inches (the phalanx 6" away).
  auto far = gun_to_crew(g, 1);
  far->debug_place(find(*g, "red.1.2.0"), geo::Point{43 * kIn, 30 * kIn}, 270);
  EXPECT_FALSE(listed(*far, crew));
  EXPECT_EQ(far->replace_crew_refusal(gun).message(),
            g->troop_label(gun) + " has no friendly foot within 3 inches to crew it (Pip-16).");
  // Negative: an enemy touches the gun.
  auto touched = gun_to_crew(g, 1);
  touch(*touched, hi, gun, geo::Side::kFront);
  EXPECT_FALSE(listed(*touched, crew));
  EXPECT_EQ(
      touched->replace_crew_refusal(gun).message(),
      g->troop_label(gun) + ": a crew cannot be replaced while enemy touch the gun (Pip-16).");
  // Negative: enemy within 8" and the way from the phalanx to the gun blocked by blue's LI,
  // standing between them.
  auto blocked = gun_to_crew(g, 1);
  blocked->debug_place(find(*g, "blue.2.3.0"), geo::Point{37 * kIn + 700, 30 * kIn}, 0);
  EXPECT_FALSE(listed(*blocked, crew));
  EXPECT_EQ(blocked->replace_crew_refusal(gun).message(),
            g->troop_label(gun) +
                ": enemy are within 8 inches and no friendly foot has a clear route to it "
                "(Pip-16).");
  // Negative: an element that is no uncrewed gun has no crew to replace.
  EXPECT_FALSE(gun_to_crew(g, 1)->replace_crew_refusal(find(*g, "red.1.3.0")).ok());
}

TEST(Gwkho_Crews, Clause_Pip_16_AnElementInContactDestroysTheEnemysUncrewedGun) {
  const auto g = game_with_gun("blue");
  const int gun = find(*g, "red.1.4.0"), hi = find(*g, "blue.1.2.0"), hc = find(*g, "blue.1.0.0");
  auto setup = [&](int destroyer, int pips) {
    auto st = start_moves(g);
    st->debug_place(gun, geo::Point{36 * kIn, 30 * kIn}, 270);
    st->debug_uncrew(gun);
    touch(*st, destroyer, gun, geo::Side::kFront);
    st->debug_set_pips(1, pips);
    return st;
  };
  // Foot: 1 PIP.
  auto st = setup(hi, 1);
  core::EventLog log;
  st->set_event_sink(&log);
  const game::Action destroy = act::move(hi, act::kDestroyGun);
  ASSERT_TRUE(listed(*st, destroy));
  EXPECT_EQ(st->action_to_json(destroy)["pips"], 1);
  EXPECT_EQ(st->action_to_string(destroy),
            "destroy the uncrewed gun " + g->troop_label(gun) + ": " + g->label(hi));
  ASSERT_TRUE(st->apply(destroy).ok());
  EXPECT_FALSE(st->element(gun).uncrewed);
  EXPECT_FALSE(st->element(gun).alive);
  EXPECT_EQ(st->pips(1), 0);
  EXPECT_EQ(last_event(log, "destroyed"),
            g->troop_label(hi) + " destroy the uncrewed gun " + g->troop_label(gun) + " (1 PIP)");
  const auto view = st->to_json(game::kSpectator);
  for (const auto& u : view["units"])
    if (u["id"] == "red.1.4.0") {
      EXPECT_EQ(u["removed"], true);
      EXPECT_FALSE(u.contains("uncrewed"));
    }
  // Mounted: 2 PIPs.
  auto rich = setup(hc, 2);
  ASSERT_TRUE(listed(*rich, act::move(hc, act::kDestroyGun)));
  ASSERT_TRUE(rich->apply(act::move(hc, act::kDestroyGun)).ok());
  EXPECT_EQ(rich->pips(1), 0);
  // Negative: mounted with 1 PIP.
  auto poor = setup(hc, 1);
  EXPECT_FALSE(listed(*poor, act::move(hc, act::kDestroyGun)));
  const auto refused = poor->apply(act::person(act::move(hc, act::kDestroyGun)));
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.message(),
            g->troop_label(hc) + " destroying " + g->troop_label(gun) + " costs 2 PIPs (Pip-16).");
  EXPECT_TRUE(poor->element(gun).uncrewed);
  // Negative: an element that moved into contact this bound did not start in contact. (The
  // sentences agree with the elements' plural names: "Gascon foot sergeants #1 ... have".)
  auto moved = start_moves(g);
  moved->debug_place(gun, geo::Point{36 * kIn, 30 * kIn}, 270);
  moved->debug_uncrew(gun);
  moved->debug_set_pips(1, 3);
  touch(*moved, hi, gun, geo::Side::kFront);
  moved->debug_place(hi, moved->element(hi).base.moved_forward(-2 * kIn).centre(), 90);
  ASSERT_TRUE(moved->apply(moved->contact_action(hi, gun)).ok());
  EXPECT_FALSE(listed(*moved, destroy));
  EXPECT_EQ(moved->destroy_gun_refusal(hi).message(),
            g->troop_label(hi) +
                " have moved this bound: they must start the bound in contact with " +
                g->troop_label(gun) + " (Pip-16).");
  // Negative: an element touching no gun.
  EXPECT_EQ(moved->destroy_gun_refusal(hc).message(),
            g->troop_label(hc) + " touch no uncrewed gun of the enemy (Pip-16).");
}

TEST(Gwkho_Crews, Clause_Pip_16_FootWorkTheEnemysUncrewedGunForTwoPipsAndItFiresForThem) {
  const auto g = game_with_gun("blue");
  const int gun = find(*g, "red.1.4.0"), hi = find(*g, "blue.1.2.0"), ph = find(*g, "red.1.2.0");
  auto setup = [&](int pips) {
    auto st = start_moves(g);
    // The gun faces south; blue's HI touch its rear; red's phalanx 4" in front of it.
    st->debug_place(gun, geo::Point{36 * kIn, 30 * kIn}, 270);
    st->debug_uncrew(gun);
    touch(*st, hi, gun, geo::Side::kBack);
    st->debug_place(ph, geo::Point{36 * kIn, 25 * kIn}, 90);
    st->debug_set_pips(1, pips);
    testing::hold_side(*st, 1);
    return st;
  };
  auto st = setup(2);
  core::EventLog log;
  st->set_event_sink(&log);
  const game::Action work = act::move(gun, act::kWorkGun);
  ASSERT_TRUE(listed(*st, work));
  EXPECT_EQ(st->action_to_json(work)["pips"], 2);
  ASSERT_TRUE(st->apply(work).ok());
  EXPECT_EQ(st->element(gun).worked_by, hi);
  EXPECT_EQ(st->pips(1), 0);
  EXPECT_EQ(last_event(log, "crew"), g->troop_label(hi) + " work the enemy's uncrewed gun " +
                                         g->troop_label(gun) + " this bound (2 PIPs)");
  EXPECT_FALSE(listed(*st, work));  // once a bound
  // In the shooting it fires for blue at red's phalanx, with blue's morale and no general.
  EXPECT_EQ(st->shot_targets(gun), (std::vector<int>{ph}));
  EXPECT_EQ(st->shooting_side(gun), 1);
  ASSERT_TRUE(st->apply(act::kEndMoves).ok());
  ASSERT_EQ(st->pending_a(), gun);
  ASSERT_EQ(st->pending_b(), ph);
  ASSERT_EQ(st->fight_step(), FightStep::kArtilleryDice);
  ASSERT_TRUE(st->apply(act::kArtilleryDice + 0).ok());
  const std::string fired = last_event(log, "artillery");
  EXPECT_EQ(fired.rfind(g->troop_label(gun) + " (worked by " + g->troop_label(hi) + ") fires at " +
                            g->troop_label(ph),
                        0),
            0U)
      << fired;
  EXPECT_TRUE(st->element(gun).uncrewed);
  // Negative: in red's next bound it is no longer worked and does not fire for anyone.
  while (st->active() == 1 && !st->is_terminal())
    ASSERT_TRUE(st->apply(st->is_chance_node() ? st->chance_outcomes().front().action
                                               : st->legal_actions().front())
                    .ok());
  EXPECT_EQ(st->element(gun).worked_by, -1);
  EXPECT_TRUE(st->shot_targets(gun).empty());
  // Negative: 1 PIP is not enough.
  auto poor = setup(1);
  EXPECT_FALSE(listed(*poor, work));
  const auto refused = poor->apply(act::person(work));
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.message(),
            "Working the enemy's gun " + g->troop_label(gun) + " costs 2 PIPs a bound (Pip-16).");
  // Negative: red's crossbowmen touch the gun's flank.
  auto held = setup(2);
  const int xb = find(*g, "red.1.3.0");
  touch(*held, xb, gun, geo::Side::kLeft);
  EXPECT_FALSE(listed(*held, work));
  EXPECT_EQ(
      held->work_gun_refusal(gun).message(),
      g->troop_label(gun) + ": its own side's " + g->troop_label(xb) + " touch the gun (Pip-16).");
  // Negative: no blue foot touch it (the HI stepped away).
  auto alone = setup(2);
  alone->debug_place(hi, geo::Point{20 * kIn, 20 * kIn}, 90);
  EXPECT_EQ(alone->work_gun_refusal(gun).message(),
            g->troop_label(gun) + ": no foot of the side moving now touch the gun (Pip-16).");
}

TEST(Gwkho_Crews, Clause_Pip_16_InRandomActivationOnlyTheActingCommandActsOnGuns) {
  RuleOptions rules;
  rules.random_activation = true;
  const auto g = game_with_gun("red", rules);
  const int gun = find(*g, "red.1.4.0"), ph = find(*g, "red.1.2.0");
  for (int command : {1, 0}) {
    auto st = start(g);
    // Red wins the initiative and draws `command`; then its PIP dice.
    for (int guard = 0; guard < 20 && st->phase() != Phase::kMove; ++guard) {
      if (st->fight_step() == FightStep::kNone && st->is_chance_node()) {
        game::Action a = st->chance_outcomes().front().action;
        for (const auto& o : st->chance_outcomes())
          if (o.action == act::kInitiativeDice + 6 * 5 || o.action == act::kDrawCommand + command)
            a = o.action;
        ASSERT_TRUE(st->apply(a).ok());
      } else {
        ASSERT_TRUE(st->apply(st->legal_actions().front()).ok());
      }
    }
    ASSERT_EQ(st->phase(), Phase::kMove);
    ASSERT_EQ(st->active(), 0);
    ASSERT_EQ(st->acting_command(), command);
    st->debug_place(gun, geo::Point{36 * kIn, 30 * kIn}, 270);
    st->debug_place(ph, geo::Point{39 * kIn, 30 * kIn}, 270);
    st->debug_uncrew(gun);
    st->debug_set_pips(command, 1);
    // The gun's own command crews it; another command of its side does not.
    EXPECT_EQ(st->replace_crew_refusal(gun).ok(), command == 1) << command;
    EXPECT_EQ(listed(*st, act::move(gun, act::kReplaceCrew)), command == 1) << command;
  }
}

}  // namespace
}  // namespace carroccio::gwkho
