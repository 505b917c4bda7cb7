// Morale in play (Mor-6, Mor-9 .. Mor-22): ledgers tracked through losses, the morale each
// element takes, the special statuses, the effects, surrender and victory.
#include <gtest/gtest.h>

#include "rulesets/gwkho/morale.hpp"
#include "rulesets/gwkho/pips.hpp"
#include "rulesets/gwkho/tests/test_util.hpp"

namespace carroccio::gwkho {
namespace {

using testing::T;
const Morale kSteady = Morale::kSteady, kShaken = Morale::kShaken, kBroken = Morale::kBroken;

using testing::group;

Command command(std::string general, std::vector<ElementGroup> groups, bool cinc = false) {
  Command c;
  c.general = std::move(general);
  c.cinc = cinc;
  c.elements = std::move(groups);
  return c;
}

ArmyList army_of(std::vector<Command> commands) {
  ArmyList a;
  a.year = 1400;
  a.commands = std::move(commands);
  return a;
}

// One MoraleElement per element of the list, in order, none lost.
std::vector<MoraleElement> elements_of(const ArmyList& a) {
  std::vector<MoraleElement> out;
  for (std::size_t c = 0; c < a.commands.size(); ++c) {
    for (const auto& g : a.commands[c].elements)
      for (int i = 0; i < g.count; ++i)
        out.push_back({g.troop, g.status, static_cast<int>(c), -1, Loss::kNone, false});
    for (std::size_t r = 0; r < a.commands[c].regiments.size(); ++r)
      for (const auto& g : a.commands[c].regiments[r].elements)
        for (int i = 0; i < g.count; ++i)
          out.push_back(
              {g.troop, g.status, static_cast<int>(c), static_cast<int>(r), Loss::kNone, false});
  }
  return out;
}

// Sets the loss of the first `n` elements of troop `t` (and command `c`) not yet lost.
void lose(std::vector<MoraleElement>& els, const char* t, int n, Loss loss = Loss::kDestroyed,
          int c = -1) {
  for (auto& e : els) {
    if (n == 0) return;
    if (e.troop == T(t) && e.loss == Loss::kNone && (c < 0 || e.command == c)) {
      e.loss = loss;
      --n;
    }
  }
}

const MoraleElement& first(const std::vector<MoraleElement>& els, const char* t, int c = -1) {
  for (const auto& e : els)
    if (e.troop == T(t) && e.loss == Loss::kNone && (c < 0 || e.command == c)) return e;
  throw std::logic_error("no such element");
}

TEST(Gwkho_Morale, Clause_Mor_9_LossesDestroyedBrokenAndRouting) {
  const ArmyList a = army_of({command("G", {group("HI(o)", 30), group("LI(i)", 2)}, true)});
  const ArmyReport r = assess(a);  // 31 e/e: shaken at 10.33 (10.5 in quarters' terms: 10.5)
  std::vector<MoraleElement> els = elements_of(a);
  lose(els, "HI(o)", 10);
  ArmyMorale m = army_morale(r, els);
  EXPECT_EQ(m.find("army")->lost_text(), "10");
  EXPECT_EQ(m.army(), kSteady);
  EXPECT_EQ(m.find("army")->shaken_at_quarters, 42);  // 31 / 3 = 10.33: 10.5
  // A broken LI(i) (half an e/e) counts a quarter: 10.25, still short.
  lose(els, "LI(i)", 1, Loss::kBroken);
  m = army_morale(r, els);
  EXPECT_EQ(m.find("army")->lost_text(), "10.25");
  EXPECT_EQ(m.army(), kSteady);
  // A broken HI counts half: 10.75.
  lose(els, "HI(o)", 1, Loss::kBroken);
  m = army_morale(r, els);
  EXPECT_EQ(m.find("army")->lost_text(), "10.75");
  EXPECT_EQ(m.army(), kShaken);
  // Routing elements count nothing, unless their command has its own morale: then half.
  lose(els, "HI(o)", 2, Loss::kRouting);
  EXPECT_EQ(army_morale(r, els).find("army")->lost_text(), "10.75");
  EXPECT_EQ(army_morale(r, els, {true}).find("army")->lost_text(), "11.75");
  // Destroyed while counted at half: still half.
  EXPECT_EQ(loss_when_destroyed(Loss::kBroken, false), Loss::kDestroyedAtHalf);
  EXPECT_EQ(loss_when_destroyed(Loss::kRouting, true), Loss::kDestroyedAtHalf);
  EXPECT_EQ(loss_when_destroyed(Loss::kRouting, false), Loss::kDestroyed);
  EXPECT_EQ(loss_when_destroyed(Loss::kNone, true), Loss::kDestroyed);
  lose(els, "HI(o)", 1, Loss::kDestroyedAtHalf);
  EXPECT_EQ(army_morale(r, els).find("army")->lost_text(), "11.25");
  // Broken at a half: 15.5.
  lose(els, "HI(o)", 5);
  EXPECT_EQ(army_morale(r, els).army(), kBroken);  // 16.25
}

TEST(Gwkho_Morale, Clause_Mor_10_HeavyTakeTheBetterMissileTheWorse) {
  // 10 HI(o) heavies, 20 LI(o), 6 Bw(o), 2 Lb(s): 38 e/e.
  const ArmyList a = army_of({command(
      "G", {group("HI(o)", 10), group("LI(o)", 20), group("Bw(o)", 6), group("Lb(s)", 2)}, true)});
  const ArmyReport r = assess(a);
  std::vector<MoraleElement> els = elements_of(a);
  lose(els, "LI(o)", 13);  // 13 of 38: shaken (12.67)
  ArmyMorale m = army_morale(r, els);
  EXPECT_EQ(m.army(), kShaken);
  EXPECT_EQ(element_morale(m, first(els, "LI(o)"), {}, {}), kShaken);
  EXPECT_EQ(element_morale(m, first(els, "HI(o)"), {}, {}), kSteady);  // the heavy ledger
  // Missile troops take the worse: 3 Bw(o) lost of 8 missile e/e breaks the missile ledger (4).
  els = elements_of(a);
  lose(els, "Bw(o)", 4);
  m = army_morale(r, els);
  EXPECT_EQ(m.army(), kSteady);
  EXPECT_EQ(m.find("missile")->state, kBroken);
  EXPECT_EQ(element_morale(m, first(els, "Bw(o)"), {}, {}), kBroken);
  EXPECT_EQ(element_morale(m, first(els, "Lb(s)"), {}, {}), kSteady);  // steady missile
  EXPECT_EQ(element_morale(m, first(els, "LI(o)"), {}, {}), kSteady);
}

TEST(Gwkho_Morale, Clause_Mor_10_EliteHeaviesOfTheirCommand) {
  // Command 0: 11 Hc(s), an elite ledger of its own. Command 1: 20 Hc(o), 10 LI(o).
  const ArmyList a = army_of({command("A", {group("Hc(s)", 11)}, true),
                              command("B", {group("Hc(o)", 20), group("LI(o)", 10)})});
  const ArmyReport r = assess(a);  // 41 e/e; heavy 31
  std::vector<MoraleElement> els = elements_of(a);
  lose(els, "Hc(o)", 11);
  lose(els, "LI(o)", 4);
  const ArmyMorale m = army_morale(r, els);
  EXPECT_EQ(m.army(), kShaken);                // 15 of 41
  EXPECT_EQ(m.find("heavy")->state, kShaken);  // 11 of 31
  EXPECT_EQ(m.find("elite_heavy", 0)->state, kSteady);
  EXPECT_EQ(m.find("elite_heavy", 1), nullptr);
  EXPECT_EQ(element_morale(m, first(els, "Hc(s)"), {}, {}), kSteady);
  EXPECT_EQ(element_morale(m, first(els, "Hc(o)"), {}, {}), kShaken);
}

TEST(Gwkho_Morale, Clause_Mor_6_ARegimentBelowTwoThirdsIsShaken) {
  ArmyList a = army_of({command("G", {group("HI(o)", 30)}, true)});
  Regiment reg;
  reg.name = "R";
  reg.elements.push_back(group("Pk(o)", 14));
  a.commands[0].regiments.push_back(reg);
  const ArmyReport r = assess(a);
  std::vector<MoraleElement> els = elements_of(a);
  lose(els, "Pk(o)", 4);
  ArmyMorale m = army_morale(r, els);
  EXPECT_EQ(m.regiment_lost[0][0], 4);
  EXPECT_EQ(element_morale(m, first(els, "Pk(o)"), {}, {}), kSteady);
  lose(els, "Pk(o)", 1);  // 9 of 14 left: below two thirds
  m = army_morale(r, els);
  EXPECT_EQ(element_morale(m, first(els, "Pk(o)"), {}, {}), kShaken);
  EXPECT_EQ(element_morale(m, first(els, "HI(o)"), {}, {}), kSteady);
}

TEST(Gwkho_Morale, Clause_Mor_11_ACommandsOwnMorale) {
  const ArmyList a =
      army_of({command("A", {group("LI(o)", 20)}, true), command("B", {group("LI(o)", 10)})});
  const ArmyReport r = assess(a);
  std::vector<MoraleElement> els = elements_of(a);
  lose(els, "LI(o)", 10, Loss::kDestroyed, 0);  // 10 of 30: the army is shaken
  ArmyMorale m = army_morale(r, els);
  EXPECT_EQ(m.army(), kShaken);
  EXPECT_EQ(m.find("command", 0)->state, kBroken);  // 10 of 20
  EXPECT_EQ(m.find("command", 1)->state, kSteady);
  EXPECT_EQ(m.find("command", 1)->ledger.label, "the command of B");
  EXPECT_TRUE(may_take_own_morale(m, 1));
  EXPECT_FALSE(may_take_own_morale(m, 0));
  EXPECT_EQ(element_morale(m, first(els, "LI(o)", 1), {}, {}), kShaken);
  EXPECT_EQ(element_morale(m, first(els, "LI(o)", 1), {false, true}, {}), kSteady);
  // Its routers count half in its ledger: 4 routing of 10 -> 2 lost, 3.33 shakes it.
  lose(els, "LI(o)", 4, Loss::kRouting, 1);
  m = army_morale(r, els, {false, true});
  EXPECT_EQ(m.find("command", 1)->lost_text(), "2");
  EXPECT_EQ(element_morale(m, first(els, "LI(o)", 1), {false, true}, {}), kSteady);
  lose(els, "LI(o)", 2, Loss::kRouting, 1);  // 3: still short of 3.33
  m = army_morale(r, els, {false, true});
  EXPECT_EQ(element_morale(m, first(els, "LI(o)", 1), {false, true}, {}), kSteady);
  lose(els, "LI(o)", 1, Loss::kRouting, 1);  // 3.5
  m = army_morale(r, els, {false, true});
  EXPECT_EQ(element_morale(m, first(els, "LI(o)", 1), {false, true}, {}), kShaken);
  EXPECT_EQ(other_cost({.action = PipAction::kCommandMorale}).total, 2);
}

TEST(Gwkho_Morale, Clause_Mor_12_WhatShakenMeans) {
  const MoraleEffects foot = morale_effects(kShaken, T("HI(o)"));
  EXPECT_EQ(foot.melee, -1);
  EXPECT_EQ(foot.shooting, -1);
  EXPECT_FALSE(foot.may_be_impetuous);
  EXPECT_TRUE(foot.pays_toward_enemy);
  EXPECT_FALSE(foot.routs);
  EXPECT_TRUE(foot.rout_bonus);
  EXPECT_FALSE(morale_effects(kShaken, T("Cv(o)")).rout_bonus);  // mounted rout at normal speed
  const MoraleEffects steady = morale_effects(kSteady, T("Cv(o)"));
  EXPECT_EQ(steady.melee, 0);
  EXPECT_TRUE(steady.may_be_impetuous);
  EXPECT_FALSE(steady.pays_toward_enemy);
  EXPECT_TRUE(steady.rout_bonus);
}

TEST(Gwkho_Morale, Clause_Mor_13_WhatBrokenMeans) {
  const MoraleEffects e = morale_effects(kBroken, T("Cv(o)"));
  EXPECT_EQ(e.melee, -2);
  EXPECT_EQ(e.shooting, -2);
  EXPECT_FALSE(e.may_be_impetuous);
  EXPECT_TRUE(e.routs);
  EXPECT_TRUE(e.rout_bonus);
  EXPECT_FALSE(morale_effects(kShaken, T("Cv(o)")).routs);
}

TEST(Gwkho_Morale, Clause_Mor_14_StubbornTroops) {
  const ArmyList a =
      army_of({command("G", {group("HI(o)", 20), group("HI(f)", 2, Status::kStubborn)}, true)});
  const ArmyReport r = assess(a);
  std::vector<MoraleElement> els = elements_of(a);
  lose(els, "HI(o)", 11);  // 11 of 22: broken
  const ArmyMorale m = army_morale(r, els);
  EXPECT_EQ(m.army(), kBroken);
  EXPECT_EQ(element_morale(m, first(els, "HI(o)"), {}, {}), kBroken);
  MoraleElement stubborn = first(els, "HI(f)");
  EXPECT_EQ(element_morale(m, stubborn, {}, {}), kShaken);
  // Broken by their own side's PIPs they are broken; by the enemy's, shaken.
  stubborn.loss = Loss::kBroken;
  EXPECT_EQ(element_morale(m, stubborn, {}, {}), kBroken);
  stubborn.broken_by_enemy = true;
  EXPECT_EQ(element_morale(m, stubborn, {}, {}), kShaken);
}

TEST(Gwkho_Morale, Clause_Mor_15_MutinousTroops) {
  const ArmyList a =
      army_of({command("G", {group("HI(o)", 20), group("HI(i)", 6, Status::kMutinous)}, true)});
  const ArmyReport r = assess(a);
  std::vector<MoraleElement> els = elements_of(a);
  const MoraleElement mutinous = first(els, "HI(i)");
  ArmyMorale m = army_morale(r, els);
  EXPECT_EQ(element_morale(m, mutinous, {}, {}), kShaken);
  // Until the enemy's army shakes before their own.
  EXPECT_EQ(element_morale(m, mutinous, {}, {.enemy_army_shaken = 3}), kSteady);
  EXPECT_EQ(element_morale(m, mutinous, {}, {.army_shaken = 2, .enemy_army_shaken = 3}), kShaken);
  EXPECT_EQ(element_morale(m, mutinous, {}, {.army_shaken = 3, .enemy_army_shaken = 3}), kShaken);
  // Their own ledger can break them; their losses are not the army's.
  lose(els, "HI(i)", 3);
  m = army_morale(r, els);
  EXPECT_EQ(m.find("mutinous")->state, kBroken);
  EXPECT_EQ(m.find("army")->lost_quarters, 0);
  EXPECT_EQ(element_morale(m, first(els, "HI(i)"), {}, {.enemy_army_shaken = 1}), kBroken);
}

TEST(Gwkho_Morale, Clause_Mor_16_BrittleTroops) {
  const ArmyList a =
      army_of({command("G", {group("LI(o)", 20), group("LI(i)", 4, Status::kBrittle)}, true)});
  const ArmyReport r = assess(a);
  const std::vector<MoraleElement> els = elements_of(a);
  const ArmyMorale m = army_morale(r, els);
  const MoraleElement& brittle = first(els, "LI(i)");
  EXPECT_EQ(element_morale(m, brittle, {}, {}), kSteady);
  EXPECT_EQ(element_morale(m, brittle, {}, {.army_shaken = 4}), kBroken);
  EXPECT_EQ(element_morale(m, brittle, {}, {.army_shaken = 4, .enemy_army_shaken = 3}), kSteady);
  EXPECT_EQ(element_morale(m, brittle, {}, {.army_shaken = 3, .enemy_army_shaken = 3}), kSteady);
  EXPECT_EQ(element_morale(m, brittle, {}, {.army_shaken = 3, .enemy_army_shaken = 4}), kBroken);
  // Brittle heavies read the heavy ledger's date.
  const ArmyList b =
      army_of({command("G", {group("HI(o)", 10), group("HI(i)", 2, Status::kBrittle)}, true)});
  const ArmyMorale mb = army_morale(assess(b), elements_of(b));
  const MoraleElement heavy = elements_of(b).back();
  EXPECT_EQ(element_morale(mb, heavy, {}, {.army_shaken = 2}), kSteady);
  EXPECT_EQ(element_morale(mb, heavy, {}, {.heavy_shaken = 2}), kBroken);
}

// [Mor-1a] Twenty HI(o) of the commander-in-chief and twelve of another general, his command an
// allied contingent when `allied` (ruling G-32a).
ArmyList with_ally(bool allied, Status ally_status = Status::kNone) {
  ArmyList a = army_of({command("G", {group("HI(o)", 20)}, true),
                        command("A", {group("HI(o)", 12), group("LI(o)", 3, ally_status)})});
  a.commands[1].allied = allied;
  return a;
}

TEST(Gwkho_Morale, Clause_Mor_1a_AnAlliedContingentHasALedgerOfItsOwn) {
  const ArmyList a = with_ally(true);
  const ArmyReport r = assess(a);
  // The army's ledgers count the main contingent alone; the ally's 15 e/e are its own.
  ASSERT_EQ(r.ledgers.size(), 3u);
  EXPECT_EQ(r.ledgers[0].kind, "army");
  EXPECT_EQ(r.ledgers[0].ee.text(), "20");
  EXPECT_EQ(r.ledgers[1].kind, "heavy");
  EXPECT_EQ(r.ledgers[1].ee.text(), "20");
  EXPECT_EQ(r.ledgers[2].kind, "allied");
  EXPECT_EQ(r.ledgers[2].command, 1);
  EXPECT_EQ(r.ledgers[2].ee.text(), "15");
  EXPECT_EQ(r.ledgers[2].shaken_at.text(), "5");
  EXPECT_EQ(r.ledgers[2].broken_at.text(), "7.5");
  EXPECT_EQ(r.ee.text(), "35");  // the whole army still sets its generals (Gen-3)
  // Negative: without the mark, one army of 35 e/e.
  const ArmyReport one = assess(with_ally(false));
  EXPECT_EQ(one.ledgers[0].ee.text(), "35");
  for (const auto& l : one.ledgers) EXPECT_NE(l.kind, "allied");
}

TEST(Gwkho_Morale, Clause_Mor_1a_TheAllysLossesAreItsOwnAndBreakOnlyIt) {
  const ArmyList a = with_ally(true);
  const ArmyReport r = assess(a);
  std::vector<MoraleElement> els = elements_of(a);
  lose(els, "HI(o)", 8, Loss::kDestroyed, 1);  // 8 of the ally's 15 e/e: broken (7.5)
  ArmyMorale m = army_morale(r, els);
  EXPECT_EQ(m.find("allied", 1)->state, kBroken);
  EXPECT_EQ(m.find("allied", 1)->lost_text(), "8");
  EXPECT_EQ(m.find("army")->lost_quarters, 0);  // nothing of it in the army's
  EXPECT_EQ(m.army(), kSteady);
  EXPECT_EQ(element_morale(m, first(els, "HI(o)", 1), {}, {}), kBroken);
  EXPECT_EQ(element_morale(m, first(els, "LI(o)", 1), {}, {}), kBroken);
  EXPECT_EQ(element_morale(m, first(els, "HI(o)", 0), {}, {}), kSteady);
  // The main contingent's losses do not reach the ally: the army broken, the ally steady.
  els = elements_of(a);
  lose(els, "HI(o)", 10, Loss::kDestroyed, 0);
  m = army_morale(r, els);
  EXPECT_EQ(m.army(), kBroken);
  EXPECT_EQ(m.find("allied", 1)->state, kSteady);
  EXPECT_EQ(element_morale(m, first(els, "HI(o)", 1), {}, {}), kSteady);
  EXPECT_EQ(victory(m.army(), kSteady), Victory::kSecond);
  // An ally has its morale already: it does not buy a command's own (Mor-11).
  EXPECT_FALSE(may_take_own_morale(m, 1));
  // Negative: not allied, the same 8 lost are the army's, of 35: steady, every element too.
  const ArmyList b = with_ally(false);
  els = elements_of(b);
  lose(els, "HI(o)", 8, Loss::kDestroyed, 1);
  m = army_morale(assess(b), els);
  EXPECT_EQ(m.find("army")->lost_text(), "8");
  EXPECT_EQ(m.find("allied", 1), nullptr);
  EXPECT_EQ(element_morale(m, first(els, "HI(o)", 1), {}, {}), kSteady);
}

TEST(Gwkho_Morale, Clause_Mor_1a_BrittleAlliesReadTheirContingentsDate) {
  const ArmyList a = with_ally(true, Status::kBrittle);
  const std::vector<MoraleElement> els = elements_of(a);
  const ArmyMorale m = army_morale(assess(a), els);
  const MoraleElement& brittle = first(els, "LI(o)", 1);
  ASSERT_EQ(brittle.status, Status::kBrittle);
  // Their contingent shook before the enemy's army: broken.
  MoraleHistory h;
  h.allied_shaken = {std::nullopt, 2};
  EXPECT_EQ(element_morale(m, brittle, {}, h), kBroken);
  h.enemy_army_shaken = 1;
  EXPECT_EQ(element_morale(m, brittle, {}, h), kSteady);
  // Negative: the main contingent's shaking is not theirs.
  EXPECT_EQ(element_morale(m, brittle, {}, {.army_shaken = 2}), kSteady);
  EXPECT_EQ(element_morale(m, brittle, {}, {.heavy_shaken = 2}), kSteady);
}

TEST(Gwkho_Morale, Clause_Mor_17_UnreliableTroops) {
  EXPECT_TRUE(enemy_may_break(Status::kUnreliable, false));
  EXPECT_FALSE(enemy_may_break(Status::kUnreliable, true));
  EXPECT_FALSE(enemy_may_break(Status::kNone, false));
  const ArmyList a =
      army_of({command("G", {group("LI(o)", 20), group("LI(o)", 2, Status::kUnreliable)}, true)});
  std::vector<MoraleElement> els = elements_of(a);
  MoraleElement& u = els.back();
  u.loss = Loss::kBroken;
  u.broken_by_enemy = true;
  const ArmyMorale m = army_morale(assess(a), els);
  EXPECT_EQ(element_morale(m, u, {}, {}), kBroken);
  EXPECT_EQ(m.find("army")->lost_text(), "0.5");  // a broken element counts half
  EXPECT_EQ(other_cost({.action = PipAction::kRallyBroken, .troop = u.troop}).total, 2);
}

TEST(Gwkho_Morale, Clause_Mor_18_BerserkersCannotBeHeldFromFoot) {
  OtherCost hold{.action = PipAction::kHoldImpetuous, .status = Status::kBerserker};
  EXPECT_EQ(other_cost(hold).total, 1);
  hold.nearest_enemy_foot_in_reach = true;
  EXPECT_FALSE(other_cost(hold).refused.empty());
  hold.status = Status::kNone;
  EXPECT_TRUE(other_cost(hold).refused.empty());
}

TEST(Gwkho_Morale, Clause_Mor_19_Surrender) {
  SurrenderCase c;
  c.troop = T("HI(o)");
  c.culture = c.enemy_culture = Culture::kChristianEuropean;
  c.year = 1520;
  c.broken = c.became_broken = true;
  c.near_captors = true;
  EXPECT_TRUE(surrenders(c));
  c.held = true;
  EXPECT_FALSE(surrenders(c));
  c.held = false;
  c.near_captors = false;
  EXPECT_FALSE(surrenders(c));
  c.near_captors = true;
  c.year = 1490;  // before 1500
  EXPECT_FALSE(surrenders(c));
  c.year = 1520;
  c.british_isles = true;  // 1550 there
  EXPECT_FALSE(surrenders(c));
  c.british_isles = false;
  c.nearest_enemy_swiss = true;  // not against the Swiss before 1550
  EXPECT_FALSE(surrenders(c));
  c.nearest_enemy_swiss = false;
  c.became_broken = false;  // only the bound it breaks
  EXPECT_FALSE(surrenders(c));
  c.became_broken = true;
  c.enemy_culture = Culture::kMuslim;
  EXPECT_FALSE(surrenders(c));
  c.culture = Culture::kMuslim;  // Muslims against Muslims, any year
  c.year = 1200;
  EXPECT_TRUE(surrenders(c));
  // Captors: not broken, not Cv(f) or LI(i).
  EXPECT_TRUE(takes_prisoners(T("HI(o)"), kShaken));
  EXPECT_FALSE(takes_prisoners(T("HI(o)"), kBroken));
  EXPECT_FALSE(takes_prisoners(T("Cv(f)"), kSteady));
  EXPECT_FALSE(takes_prisoners(T("LI(i)"), kSteady));
  EXPECT_EQ(surrender_within_inches(), 8);
  // Landsknechts: when their pike are shaken and the nearest enemy steady, or they would be
  // broken but for being stubborn and the enemy is not; never to the Swiss.
  SurrenderCase lk;
  lk.troop = T("Pk(o)");
  lk.peoples = peoples({People::kLandsknecht});
  lk.culture = lk.enemy_culture = Culture::kChristianEuropean;
  lk.year = 1530;
  lk.pike_shaken = true;
  EXPECT_TRUE(surrenders(lk));
  lk.nearest_enemy_morale = kShaken;
  EXPECT_FALSE(surrenders(lk));
  lk.would_be_broken = true;
  EXPECT_TRUE(surrenders(lk));
  lk.nearest_enemy_swiss = true;
  EXPECT_FALSE(surrenders(lk));
  // The Swiss after 1550, only when they would be broken.
  SurrenderCase sw;
  sw.troop = T("Pk(o)");
  sw.peoples = peoples({People::kSwiss});
  sw.culture = sw.enemy_culture = Culture::kChristianEuropean;
  sw.year = 1560;
  sw.pike_shaken = true;
  EXPECT_FALSE(surrenders(sw));
  sw.would_be_broken = true;
  EXPECT_TRUE(surrenders(sw));
  sw.year = 1540;
  EXPECT_FALSE(surrenders(sw));
  // Heavy cavalry broken in contact after a round, against Christians or (after 1100) Muslims;
  // not against artillery or LI(i).
  SurrenderCase hc;
  hc.troop = T("Hc(o)");
  hc.enemy_culture = Culture::kChristianEuropean;
  hc.year = 1300;
  hc.broken = true;
  hc.in_contact_after_round = true;
  hc.contact_enemy = T("HI(o)");
  EXPECT_TRUE(surrenders(hc));
  hc.contact_enemy = T("LI(i)");
  EXPECT_FALSE(surrenders(hc));
  hc.contact_enemy = T("HI(o)");
  hc.in_contact_after_round = false;
  EXPECT_FALSE(surrenders(hc));
  hc.in_contact_after_round = true;
  hc.enemy_culture = Culture::kMuslim;
  hc.year = 1099;
  EXPECT_FALSE(surrenders(hc));
  hc.year = 1150;
  EXPECT_TRUE(surrenders(hc));
  hc.troop = T("HI(s)");
  EXPECT_FALSE(surrenders(hc));
  hc.dismounted_hc = true;
  EXPECT_TRUE(surrenders(hc));
  // Broken and surrounded: anyone, unless held.
  SurrenderCase s;
  s.troop = T("LI(o)");
  s.broken = s.surrounded = true;
  EXPECT_TRUE(surrenders(s));
  s.held = true;
  EXPECT_FALSE(surrenders(s));
}

TEST(Gwkho_Morale, Clause_Mor_20_VictoryAtTheEndOfABound) {
  EXPECT_EQ(victory(kShaken, kSteady), Victory::kNone);
  EXPECT_EQ(victory(kBroken, kShaken), Victory::kSecond);
  EXPECT_EQ(victory(kSteady, kBroken), Victory::kFirst);
  EXPECT_EQ(victory(kBroken, kBroken), Victory::kDraw);
}

}  // namespace
}  // namespace carroccio::gwkho
