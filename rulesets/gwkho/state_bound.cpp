// The gwkho State's sequence options and regiments:
//   - random activation of commands (the option sequence=random; Seq-6 .. Seq-8, ruling G-6):
//     each round both sides roll a die for the initiative, then the sides take turns, one
//     command at a time, the command drawn at random among those that have not acted this round
//     (a decisive commander's command may go first instead); each activation is a bound of that
//     command alone: its PIP die, its moves, shooting, the combats it is in, morale and victory;
//   - regiments in play (Pip-2, ruling G-7): activating one costs its command 1 PIP, then it
//     rolls its own PIPs, the worse of two dice, 1 less below 10 elements; its elements move on
//     those PIPs and measure command range from its stand;
//   - surrender (the option surrender=on; Mor-19, ruling G-37) at the end of each bound.
// Every die is a chance node; every choice a decision of the side it belongs to.
#include <algorithm>

#include "fmt/format.h"
#include "game/table/place.hpp"
#include "rulesets/gwkho/internal.hpp"
#include "rulesets/gwkho/state.hpp"

namespace carroccio::gwkho {

namespace {

using detail::inch;

}  // namespace

// ---------------------------------------------------------------------------------------------
// Who acts

bool GwkhoState::activated(int side, int command) const {
  return activated_[static_cast<std::size_t>(side)][static_cast<std::size_t>(command)];
}

bool GwkhoState::acts(int e) const {
  return side_of(e) == active_ && (command_ < 0 || gw_->element(e).command == command_);
}

// [Seq-6, Seq-8] In random activation, the acting side shoots with the acting command only; the
// other side's elements shoot at most once in all the enemy's activations of a round.
bool GwkhoState::shoots_now(int e) const {
  if (command_ < 0) return true;
  if (side_of(e) == active_) return gw_->element(e).command == command_;
  return !enemy_shot_[static_cast<std::size_t>(e)];
}

// [Seq-6] In random activation, the combats of an activation are those the acting command's
// elements are in.
bool GwkhoState::fights_now(int e, int t) const {
  if (command_ < 0) return true;
  auto acting = [&](int x) { return side_of(x) == active_ && gw_->element(x).command == command_; };
  return acting(e) || acting(t);
}

// ---------------------------------------------------------------------------------------------
// Random activation

std::vector<int> GwkhoState::decisive_commands(int side) const {
  std::vector<int> out;
  const auto& done = activated_[static_cast<std::size_t>(side)];
  // [Seq-7] Only before the side's first activation of the round ("go first").
  if (std::find(done.begin(), done.end(), true) != done.end()) return out;
  const auto& cmds = gw_->side(side).army.commands;
  for (std::size_t c = 0; c < cmds.size(); ++c)
    if (cmds[c].decisive && !done[c]) out.push_back(static_cast<int>(c));
  return out;
}

// [Seq-6] A round begins with the initiative dice.
void GwkhoState::start_round() {
  for (auto& a : activated_) std::fill(a.begin(), a.end(), false);
  std::fill(enemy_shot_.begin(), enemy_shot_.end(), false);
  command_ = -1;
  pa_ = pb_ = -1;
  step_ = FightStep::kNone;
  phase_ = Phase::kActivate;
  astep_ = ActivateStep::kInitiative;
}

// [Seq-6, Seq-7] The side active_ acts next: its decisive commander may send his command first,
// else a command is drawn among those that have not acted (none drawn when one is left).
void GwkhoState::next_activation() {
  phase_ = Phase::kActivate;
  if (!decisive_commands(active_).empty()) {
    astep_ = ActivateStep::kDecisive;
    return;
  }
  std::vector<int> left;
  for (int c = 0; c < gw_->num_commands(active_); ++c)
    if (!activated(active_, c)) left.push_back(c);
  if (left.size() == 1) {
    activate(left[0]);
    return;
  }
  astep_ = ActivateStep::kDraw;
}

void GwkhoState::activate(int command) {
  command_ = command;
  astep_ = ActivateStep::kNone;
  if (logging())
    emit("activate",
         fmt::format("round {}: {} of the {} acts", round_, gw_->command_label(active_, command),
                     gw_->side(active_).name),
         "gwkho Seq-6");
  start_bound();
}

// [Seq-6] After an activation (its morale and victory checked): the other side acts when it has
// a command left, else this side again; when every command has acted, the next round, or a
// draw after the scenario's bounds (a round counts as one bound of each side).
void GwkhoState::after_activation() {
  activated_[static_cast<std::size_t>(active_)][static_cast<std::size_t>(command_)] = true;
  // [Seq-8] The other side's elements that shot in this activation have had their shot.
  for (int e = 0; e < num_elements(); ++e)
    if (side_of(e) != active_ && els_[static_cast<std::size_t>(e)].shot)
      enemy_shot_[static_cast<std::size_t>(e)] = true;
  command_ = -1;
  ++bound_;
  std::fill(pips_.begin(), pips_.end(), 0);
  std::fill(reg_pips_.begin(), reg_pips_.end(), 0);
  auto any_left = [&](int s) {
    const auto& done = activated_[static_cast<std::size_t>(s)];
    return std::find(done.begin(), done.end(), false) != done.end();
  };
  int next = 1 - active_;
  if (!any_left(next)) next = active_;
  if (!any_left(next)) {
    if (2 * round_ >= gw_->scenario_data().bounds) {
      finish(2, EndReason::kBoundLimit);
      return;
    }
    ++round_;
    start_round();
    return;
  }
  active_ = next;
  next_activation();
}

// ---------------------------------------------------------------------------------------------
// Regiments

std::pair<int, int> GwkhoState::regiment_of_number(int r) const {
  const auto& cmds = gw_->side(active_).army.commands;
  for (std::size_t c = 0; c < cmds.size(); ++c) {
    const int n = static_cast<int>(cmds[c].regiments.size());
    if (r < n) return {static_cast<int>(c), r};
    r -= n;
  }
  return {-1, -1};
}

int GwkhoState::regiment_number(int e) const {
  const ElementDef& d = gw_->element(e);
  if (d.regiment < 0 || d.side != active_) return -1;
  int r = d.regiment;
  const auto& cmds = gw_->side(active_).army.commands;
  for (int c = 0; c < d.command; ++c)
    r += static_cast<int>(cmds[static_cast<std::size_t>(c)].regiments.size());
  return r;
}

// [Pip-2] The regiment's elements still in it (not destroyed, not routing).
int GwkhoState::regiment_elements_left(int r) const {
  const auto [c, reg] = regiment_of_number(r);
  int n = 0;
  for (int e = 0; e < num_elements(); ++e) {
    const ElementDef& d = gw_->element(e);
    const ElementState& s = els_[static_cast<std::size_t>(e)];
    if (d.side == active_ && d.command == c && d.regiment == reg && s.alive && !s.routing) ++n;
  }
  return n;
}

int GwkhoState::pips_for(int e) const {
  const int r = regiment_number(e);
  if (r >= 0) return reg_pips_[static_cast<std::size_t>(r)];
  return pips_[static_cast<std::size_t>(gw_->element(e).command)];
}

PipCost GwkhoState::element_cost(PipAction action, int e) const {
  OtherCost oc;
  oc.action = action;
  oc.troop = gw_->element(e).troop;
  return other_cost(oc);
}

int GwkhoState::pay_element_cost(PipAction action, int e, int payer) {
  const int cost = element_cost(action, e).total;
  pool_for(payer) -= cost;
  return cost;
}

int& GwkhoState::pool_for(int e) {
  const int r = regiment_number(e);
  if (r >= 0) return reg_pips_[static_cast<std::size_t>(r)];
  return pips_[static_cast<std::size_t>(gw_->element(e).command)];
}

// [Pip-2, Pip-6, G-41] A regiment's elements measure from its stand (carried by its first
// element, ruling G-7a), 6 inches; others from their general's element, 24 inches.
int GwkhoState::command_post(int e, int* range_inches) const {
  const ElementDef& d = gw_->element(e);
  int post = -1;
  for (int o = 0; o < num_elements() && post < 0; ++o) {
    const ElementDef& od = gw_->element(o);
    if (od.side != d.side || od.command != d.command) continue;
    if (d.regiment >= 0 ? od.regiment == d.regiment : od.general) post = o;
  }
  if (range_inches != nullptr)
    *range_inches = d.regiment >= 0 ? regiment_range_inches() : command_range_inches();
  if (post < 0 || !els_[static_cast<std::size_t>(post)].alive) return -1;
  return post;
}

// ---------------------------------------------------------------------------------------------
// The decisions and chance nodes

void GwkhoState::bound_actions(std::vector<game::Action>& out) const {
  if (current_player() == game::kChancePlayer || current_player() == game::kTerminalPlayer) return;
  if (phase_ == Phase::kActivate) {
    if (astep_ == ActivateStep::kDecisive) {
      for (int c : decisive_commands(active_)) out.push_back(act::kDecisiveFirst + c);
      out.push_back(act::kDrawInstead);
    }
    return;
  }
  if (phase_ != Phase::kMove) return;
  // [Pip-2] A regiment of the acting command not yet activated, with elements left, whose
  // command has the PIP.
  OtherCost oc;
  oc.action = PipAction::kActivateRegiment;
  const int cost = other_cost(oc).total;
  for (int r = 0; r < num_regiments(); ++r) {
    if (reg_active_[static_cast<std::size_t>(r)]) continue;
    const int c = regiment_of_number(r).first;
    if (command_ >= 0 && c != command_) continue;
    if (pips_[static_cast<std::size_t>(c)] < cost || regiment_elements_left(r) == 0) continue;
    out.push_back(act::kActivateRegiment + r);
  }
}

void GwkhoState::bound_chance(std::vector<game::ChanceOutcome>& out) const {
  if (phase_ == Phase::kMove && reg_roll_ >= 0) {
    for (int a = 0; a < 36; ++a) out.push_back({act::kRegimentDice + a, 1});
    return;
  }
  if (astep_ == ActivateStep::kInitiative) {
    for (int a = 0; a < 36; ++a) out.push_back({act::kInitiativeDice + a, 1});
  } else if (astep_ == ActivateStep::kDraw) {
    for (int c = 0; c < gw_->num_commands(active_); ++c)
      if (!activated(active_, c)) out.push_back({act::kDrawCommand + c, 1});
  }
}

game::ChanceInfo GwkhoState::bound_chance_info() const {
  game::ChanceInfo info;
  if (phase_ == Phase::kMove && reg_roll_ >= 0) {
    const auto [c, r] = regiment_of_number(reg_roll_);
    info.purpose = fmt::format("the PIP dice of the regiment {} (the worse of two dice)",
                               gw_->side(active_)
                                   .army.commands[static_cast<std::size_t>(c)]
                                   .regiments[static_cast<std::size_t>(r)]
                                   .name);
    info.rule = "gwkho Pip-2";
  } else if (astep_ == ActivateStep::kInitiative && !gw_->rules().random_activation) {
    info.purpose = fmt::format("the dice for the first bound ({}'s die, then {}'s)",
                               gw_->side(0).name, gw_->side(1).name);
    info.rule = "gwkho Seq-1";
  } else if (astep_ == ActivateStep::kInitiative) {
    info.purpose = fmt::format("round {}: the initiative dice ({}'s die, then {}'s)", round_,
                               gw_->side(0).name, gw_->side(1).name);
    info.rule = "gwkho Seq-6";
  } else if (astep_ == ActivateStep::kDraw) {
    info.purpose =
        fmt::format("the command of {} that acts next, drawn at random", gw_->side(active_).name);
    info.rule = "gwkho Seq-6";
  }
  return info;
}

void GwkhoState::apply_bound(game::Action a) {
  if (a >= act::kRegimentDice && a < act::kRegimentDice + 36) {
    // [Pip-2] The regiment's PIPs: the worse of its two dice, 1 less below 10 elements.
    const int d1 = (a - act::kRegimentDice) / 6 + 1, d2 = (a - act::kRegimentDice) % 6 + 1;
    const int r = reg_roll_;
    const int v = pips_from_dice(regiment_pip_roll(regiment_elements_left(r)), d1, d2);
    reg_pips_[static_cast<std::size_t>(r)] = v;
    reg_roll_ = -1;
    if (logging()) {
      const auto [c, reg] = regiment_of_number(r);
      emit("pips",
           fmt::format("the regiment {} has {} PIPs (dice {} and {})",
                       gw_->side(active_)
                           .army.commands[static_cast<std::size_t>(c)]
                           .regiments[static_cast<std::size_t>(reg)]
                           .name,
                       v, d1, d2),
           "gwkho Pip-2");
    }
    return;
  }
  if (a >= act::kActivateRegiment && a < act::kActivateRegiment + 100) {
    // [Pip-2] Activating a regiment costs its command 1 PIP; its dice follow.
    const int r = a - act::kActivateRegiment;
    OtherCost oc;
    oc.action = PipAction::kActivateRegiment;
    const int cost = other_cost(oc).total;
    const auto [c, reg] = regiment_of_number(r);
    pips_[static_cast<std::size_t>(c)] -= cost;
    reg_active_[static_cast<std::size_t>(r)] = true;
    reg_roll_ = r;
    if (logging())
      emit("regiment",
           // The kind says it is a regiment (two lines at 1366 px, issue 20).
           fmt::format("{} {} {} ({} PIP)", gw_->command_label(active_, c),
                       game::table::verb_for(gw_->command_label(active_, c), "activates"),
                       gw_->side(active_)
                           .army.commands[static_cast<std::size_t>(c)]
                           .regiments[static_cast<std::size_t>(reg)]
                           .name,
                       cost),
           "gwkho Pip-2");
    return;
  }
  if (a >= act::kInitiativeDice && a < act::kInitiativeDice + 36) {
    // [Seq-6] The higher die has the initiative; equal dice are thrown again.
    const int d0 = (a - act::kInitiativeDice) / 6 + 1, d1 = (a - act::kInitiativeDice) % 6 + 1;
    if (!gw_->rules().random_activation) {
      // [Seq, G-75] Alternate bounds: the dice for the first bound, thrown again when equal.
      if (d0 != d1) {
        first_ = active_ = d0 > d1 ? 0 : 1;
        astep_ = ActivateStep::kNone;
      }
      if (logging())
        emit("first bound",
             d0 == d1 ? fmt::format("dice for the first bound {} and {}, equal: again", d0, d1)
                      : fmt::format("dice for the first bound {} and {}: {} has it", d0, d1,
                                    gw_->side(active_).name),
             "gwkho Seq-1");
      if (d0 != d1) start_bound();
      return;
    }
    if (d0 == d1) {
      if (logging())
        emit("initiative",
             fmt::format("round {}: initiative dice {} and {}, equal: again", round_, d0, d1),
             "gwkho Seq-6");
      return;
    }
    active_ = d0 > d1 ? 0 : 1;
    if (logging())
      emit("initiative",
           fmt::format("round {}: initiative dice {} and {}: {} acts first", round_, d0, d1,
                       gw_->side(active_).name),
           "gwkho Seq-6");
    next_activation();
    return;
  }
  if (a >= act::kDecisiveFirst && a < act::kDecisiveFirst + 100) {
    // [Seq-7] A decisive commander sends his command first, before any draw.
    const int c = a - act::kDecisiveFirst;
    if (logging())
      emit("activate",
           fmt::format("{} is decisive: his command goes first",
                       gw_->side(active_).army.commands[static_cast<std::size_t>(c)].general),
           "gwkho Seq-7");
    activate(c);
    return;
  }
  if (a == act::kDrawInstead) {
    std::vector<int> left;
    for (int c = 0; c < gw_->num_commands(active_); ++c)
      if (!activated(active_, c)) left.push_back(c);
    if (left.size() == 1) {
      activate(left[0]);
      return;
    }
    astep_ = ActivateStep::kDraw;
    return;
  }
  if (a >= act::kDrawCommand && a < act::kDrawCommand + 100) activate(a - act::kDrawCommand);
}

std::string GwkhoState::bound_action_text(game::Action a) const {
  auto command = [&](int c) { return gw_->command_label(active_, c); };
  if (a >= act::kRegimentDice && a < act::kRegimentDice + 36)
    return fmt::format("regiment dice {} and {}", (a - act::kRegimentDice) / 6 + 1,
                       (a - act::kRegimentDice) % 6 + 1);
  if (a >= act::kActivateRegiment && a < act::kActivateRegiment + 100) {
    const auto [c, r] = regiment_of_number(a - act::kActivateRegiment);
    if (c < 0) return fmt::format("action {}", a);
    return fmt::format("activate the regiment {}", gw_->side(active_)
                                                       .army.commands[static_cast<std::size_t>(c)]
                                                       .regiments[static_cast<std::size_t>(r)]
                                                       .name);
  }
  if (a >= act::kInitiativeDice && a < act::kInitiativeDice + 36)
    return fmt::format("initiative dice {} and {}", (a - act::kInitiativeDice) / 6 + 1,
                       (a - act::kInitiativeDice) % 6 + 1);
  if (a >= act::kDecisiveFirst && a < act::kDecisiveFirst + 100)
    return fmt::format("{} goes first", command(a - act::kDecisiveFirst));
  if (a == act::kDrawInstead) return "draw the command at random";
  if (a >= act::kDrawCommand && a < act::kDrawCommand + 100)
    return fmt::format("{} is drawn", command(a - act::kDrawCommand));
  return fmt::format("action {}", a);
}

// ---------------------------------------------------------------------------------------------
// Dismounting and mounting

namespace {

// [Tr-4] Troop t's base where element `now` stands: the same front edge, t's depth.
geo::Base base_as(const geo::Base& now, Troop t) {
  const BaseSize size = base_size(t.type);
  const std::int64_t depth = std::int64_t{size.depth_mm} * 50;
  const geo::Point centre = now.centre() + geo::polar(now.heading(), (now.depth() - depth) / 2);
  return geo::Base(centre, std::int64_t{size.width_mm} * 50, depth, now.heading());
}

}  // namespace

// [Pip-16, Dis-1, G-40a] An element of the acting side whose list gives it a dismount option
// dismounts (mounted) or mounts (dismounted) as its action of the bound: not having moved, not
// in contact, once a game, not mounting within 8 inches of the enemy, with room for its base,
// for 1 PIP.
core::Status GwkhoState::mount_refusal(int e) const {
  const ElementDef& d = gw_->element(e);
  const ElementState& s = els_[static_cast<std::size_t>(e)];
  if (phase_ != Phase::kMove || !acts(e) || !s.alive || s.routing)
    return core::make_error(fmt::format("{} cannot dismount or mount now.", name(e)));
  if (!d.dismount)
    return core::make_error(
        fmt::format("{}'s army list gives it no dismount option (Dis-1).", name(e)));
  // [Pip-16] Once a game, but for mounted infantry (Cv(i), Lc(i); foot a list prices as mounted
  // infantry ride as Cv(i), G-40b).
  if (mount_done_[static_cast<std::size_t>(e)] && !mounts_again(d.mounted()))
    return core::make_error(
        fmt::format("{} {} dismounted or mounted once already: once a game (Pip-16).", name(e),
                    game::table::verb_for(name(e), "has")));
  if (s.moves > 0 || s.held)
    return core::make_error(fmt::format("{} {} moved or been held this bound.", name(e),
                                        game::table::verb_for(name(e), "has")));
  if (in_contact(e))
    return core::make_error(fmt::format("{} {} in contact with the enemy.", name(e),
                                        game::table::verb_for(name(e), "is")));
  const bool mounting = d.dismounted();
  if (mounting)
    for (int o = 0; o < num_elements(); ++o) {
      const ElementState& os = els_[static_cast<std::size_t>(o)];
      if (os.alive && side_of(o) != d.side &&
          geo::distance_sq(s.base, os.base).within(inch(mount_not_within_inches())))
        return core::make_error(
            fmt::format("{} may not mount within {} inches of the enemy (Pip-16).", name(e),
                        mount_not_within_inches()));
    }
  const geo::Base to = base_as(s.base, mounting ? d.mounted() : *d.dismount);
  if (!on_table(to) || !clear_at(to, {e}, -1))
    return core::make_error(fmt::format("{} {} no room for {} new base.", name(e),
                                        game::table::verb_for(name(e), "has"),
                                        game::table::its_for(name(e))));
  const PipCost c = element_cost(PipAction::kDismount, e);
  if (!c.refused.empty()) return core::make_error(std::string(c.refused));
  if (c.total > pips_for(e))
    return core::make_error(fmt::format("Dismounting or mounting costs {} PIP (Pip-16).", c.total));
  return core::Status::Ok();
}

void GwkhoState::change_mount(int e) {
  const ElementDef& d = gw_->element(e);
  const bool mounting = d.dismounted();
  const Troop to = mounting ? d.mounted() : *d.dismount;
  const int cost = pay_element_cost(PipAction::kDismount, e, e);
  ElementState& s = els_[static_cast<std::size_t>(e)];
  s.base = base_as(s.base, to);
  s.moves = 4;  // its action of the bound: no move after it
  s.moved_this_bound = true;
  mount_now_[static_cast<std::size_t>(e)] = true;
  mount_done_[static_cast<std::size_t>(e)] = true;
  const std::string before = name(e);
  gw_ = gw_->with_troop(e, to);
  if (logging())
    emit("dismount",
         fmt::format("{} {} as {} ({} PIP)", before, mounting ? "mounts" : "dismounts",
                     troop_text(to), cost),
         "gwkho Pip-16");
}

// ---------------------------------------------------------------------------------------------
// Surrender

// [Mor-19, G-37] What the surrender rules ask of element e as the table stands: its army and
// the enemy's, its morale (and, stubborn, what it would be but for that), its nearest enemy and
// the captors within reach, an enemy touching it after a round, whether it is surrounded; `held`
// as if its side held it.
SurrenderCase GwkhoState::surrender_case(int e, bool held) const {
  const ElementState& s = els_[static_cast<std::size_t>(e)];
  const ElementDef& d = gw_->element(e);
  SurrenderCase c;
  c.troop = d.troop;
  c.peoples = d.peoples;
  c.dismounted_hc = d.list_troop.type == TroopType::kHc && d.troop != d.list_troop;
  c.culture = gw_->side(d.side).army.culture;
  c.enemy_culture = gw_->side(1 - d.side).army.culture;
  c.year = gw_->scenario_data().year;
  c.british_isles = gw_->side(d.side).army.british_isles;
  c.held = held;
  c.broken = s.routing || s.loss == Loss::kBroken || morale_of(e) == Morale::kBroken;
  c.became_broken = c.broken && became_broken_[static_cast<std::size_t>(e)];
  // [Mor-19] Landsknechts and Swiss (ruling G-37a): their pike have become shaken (any pike
  // element of their people on their side takes shaken or broken morale, or routs), and a
  // stubborn element would be broken but for being stubborn.
  const bool landsknecht = d.peoples.has(People::kLandsknecht);
  if (landsknecht || d.peoples.has(People::kSwiss)) {
    const People p = landsknecht ? People::kLandsknecht : People::kSwiss;
    for (int o = 0; o < num_elements() && !c.pike_shaken; ++o) {
      const ElementDef& od = gw_->element(o);
      const ElementState& os = els_[static_cast<std::size_t>(o)];
      if (!os.alive || od.side != d.side || !od.peoples.has(p) ||
          od.list_troop.type != TroopType::kPk)
        continue;
      c.pike_shaken = os.routing || morale_of(o) != Morale::kSteady;
    }
    if (d.status == Status::kStubborn) {
      const MoraleElement me{d.list_troop, Status::kNone,
                             d.command,    d.regiment,
                             s.loss,       broken_by_enemy_[static_cast<std::size_t>(e)]};
      c.would_be_broken = element_morale(army_morale_of(d.side), me, own_morale_[d.side],
                                         history_[d.side]) == Morale::kBroken;
    }
  }
  // Its enemies: the nearest (a router counts as broken), captors within reach, one touching it
  // after a round.
  const int nearest = nearest_enemy(e);
  for (int o = 0; o < num_elements(); ++o) {
    const ElementState& os = els_[static_cast<std::size_t>(o)];
    if (!os.alive || side_of(o) == d.side) continue;
    if (!os.routing && takes_prisoners(gw_->element(o).troop, morale_of(o)) &&
        geo::distance_sq(s.base, os.base).within(inch(surrender_within_inches())))
      c.near_captors = true;
  }
  if (nearest >= 0) {
    const ElementDef& nd = gw_->element(nearest);
    c.nearest_enemy_morale =
        els_[static_cast<std::size_t>(nearest)].routing ? Morale::kBroken : morale_of(nearest);
    c.nearest_enemy_swiss = nd.peoples.has(People::kSwiss);
    c.nearest_enemy_landsknecht = nd.peoples.has(People::kLandsknecht);
  }
  const int touching = front_enemy(e);
  if (s.fought && in_contact(e)) {
    c.in_contact_after_round = true;
    int t = touching;
    for (int o = 0; o < num_elements() && t < 0; ++o) {
      const ElementState& os = els_[static_cast<std::size_t>(o)];
      if (os.alive && side_of(o) != d.side && geo::edge_contact(s.base, os.base, 3)) t = o;
    }
    if (t >= 0) c.contact_enemy = gw_->element(t).troop;
  }
  // Surrounded: enemy touch it, and on no side free of enemy is there room to go.
  if (c.broken && in_contact(e)) {
    bool way_out = false;
    for (geo::Side sd : geo::kAllSides) {
      bool blocked = false;
      for (int o = 0; o < num_elements() && !blocked; ++o) {
        const ElementState& os = els_[static_cast<std::size_t>(o)];
        if (!os.alive || side_of(o) == d.side) continue;
        const auto ct = geo::edge_contact(s.base, os.base, 3);
        blocked = ct && ct->side_a == sd;
      }
      if (blocked) continue;
      const int quarter = static_cast<int>(sd);  // front, left, back, right
      const std::int64_t step = (quarter % 2 == 0) ? s.base.depth() : s.base.width();
      const geo::Base out =
          s.base.moved(s.base.heading() + geo::Angle::degrees(90 * quarter), step);
      if (on_table(out) && clear_at(out, {e}, -1)) way_out = true;
    }
    c.surrounded = !way_out;
  }
  return c;
}

// [Mor-19, Pip-16, G-37] Before the surrenders, the moving side decides, element by element (in
// element order), whether to hold each of its elements that would surrender and that holding
// saves ("unless held": the surrounded, and those that became broken near captors), when the
// PIPs it moves with cover the price (1, as holding impetuous troops). The other side has no
// PIPs in this bound and holds none. True when a decision is now pending.
bool GwkhoState::offer_surrender_hold() {
  OtherCost oc;
  oc.action = PipAction::kHoldAgainstSurrender;
  const int price = other_cost(oc).total;
  for (int e = 0; e < num_elements(); ++e) {
    const ElementState& s = els_[static_cast<std::size_t>(e)];
    if (!s.alive || !acts(e) || surrender_asked_[static_cast<std::size_t>(e)]) continue;
    if (pips_for(e) < price) continue;
    if (!surrenders(surrender_case(e)) || surrenders(surrender_case(e, true))) continue;
    phase_ = Phase::kCombat;
    step_ = FightStep::kHoldSurrender;
    step_side_ = active_;
    pa_ = e;
    pb_ = -1;
    return true;
  }
  return false;
}

// [Mor-19, G-37] At the end of a bound, with the option on: every element the surrender rules
// give up (as its side held it or not) is removed as destroyed.
void GwkhoState::surrender_check() {
  std::vector<int> gone;
  for (int e = 0; e < num_elements(); ++e) {
    if (!els_[static_cast<std::size_t>(e)].alive) continue;
    if (surrenders(surrender_case(e, surrender_held_[static_cast<std::size_t>(e)])))
      gone.push_back(e);
  }
  for (int e : gone) {
    if (logging())
      emit(
          "surrender",
          fmt::format("{} {} and {} removed", name(e), game::table::verb_for(name(e), "surrenders"),
                      game::table::verb_for(name(e), "is")),
          "gwkho Mor-19");
    destroy(e, "surrenders");
  }
}

}  // namespace carroccio::gwkho
