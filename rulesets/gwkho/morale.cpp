// Morale in play (Mor-9 .. Mor-20; rulings G-32 .. G-38).
#include "rulesets/gwkho/morale.hpp"

#include <array>
#include <stdexcept>

#include "fmt/format.h"

namespace carroccio::gwkho {

namespace {

const MoraleRules& rules() { return default_tables().morale; }

constexpr std::array<std::string_view, 5> kLossIds = {"none", "broken", "routing", "destroyed",
                                                      "destroyed_at_half"};

// The quarters of an e/e an element counts in a ledger.
int loss_quarters(const MoraleElement& e, bool own_morale) {
  const int whole = element_equivalents(e.troop).halves * 2;
  const Ratio half = rules().half;
  const int part = whole * half.num / half.den;
  switch (e.loss) {
    case Loss::kNone:
      return 0;
    case Loss::kBroken:
    case Loss::kDestroyedAtHalf:
      return part;
    case Loss::kRouting:
      return own_morale ? part : 0;
    case Loss::kDestroyed:
      return whole;
  }
  return 0;
}

// The least number of quarters that reaches `fraction` of `ee`.
int quarters_reaching(Ee ee, Ratio fraction) {
  return (ee.halves * 2 * fraction.num + fraction.den - 1) / fraction.den;
}

LedgerState ledger_state(Ledger l, const ArmyReport& r) {
  LedgerState s;
  s.shaken_at_quarters = quarters_reaching(l.ee, r.shaken);
  s.broken_at_quarters = quarters_reaching(l.ee, r.broken);
  s.ledger = std::move(l);
  return s;
}

Morale state_of(const LedgerState& l) {
  if (l.lost_quarters >= l.broken_at_quarters) return Morale::kBroken;
  if (l.lost_quarters >= l.shaken_at_quarters) return Morale::kShaken;
  return Morale::kSteady;
}

bool has_own(const std::vector<bool>& own, int command) {
  return command >= 0 && static_cast<std::size_t>(command) < own.size() &&
         own[static_cast<std::size_t>(command)];
}

// Whether an element counts in a ledger of assess(); `allied`: its command is an allied
// contingent.
bool counts_in(const Ledger& l, const MoraleElement& e, bool allied) {
  const bool mutinous = e.status == Status::kMutinous;
  if (l.kind == "mutinous") return mutinous;
  if (mutinous) return false;
  // [Mor-1a] An allied contingent's troops count in its ledger, and in none of the army's but
  // their own command's elite heavies (ruling G-32a).
  if (l.kind == "allied") return allied && l.command == e.command;
  if (allied) return l.kind == "elite_heavy" && l.command == e.command && is_elite_heavy(e.troop);
  if (l.kind == "army") return true;
  if (l.kind == "heavy") return is_heavy(e.troop, e.status);
  if (l.kind == "missile") return is_missile(e.troop);
  if (l.kind == "elite_heavy") return l.command == e.command && is_elite_heavy(e.troop);
  return false;
}

// "Before": a bound strictly earlier than the other's, or the other not yet.
bool before(std::optional<int> a, std::optional<int> b) { return a && (!b || *a < *b); }

}  // namespace

std::string_view morale_id(Morale m) {
  switch (m) {
    case Morale::kSteady:
      return "steady";
    case Morale::kShaken:
      return "shaken";
    default:
      return "broken";
  }
}

std::string_view loss_id(Loss l) { return kLossIds[static_cast<std::size_t>(l)]; }

Loss loss_when_destroyed(Loss before_loss, bool command_own_morale) {
  if (before_loss == Loss::kBroken || before_loss == Loss::kDestroyedAtHalf ||
      (before_loss == Loss::kRouting && command_own_morale))
    return Loss::kDestroyedAtHalf;
  return Loss::kDestroyed;
}

std::string LedgerState::lost_text() const {
  const int whole = lost_quarters / 4, rest = lost_quarters % 4;
  if (rest == 0) return fmt::format("{}", whole);
  return fmt::format("{}.{}", whole, rest == 2 ? "5" : rest == 1 ? "25" : "75");
}

const LedgerState* ArmyMorale::find(std::string_view kind, int command) const {
  if (kind == "command") {
    if (command < 0 || static_cast<std::size_t>(command) >= commands.size()) return nullptr;
    return &commands[static_cast<std::size_t>(command)];
  }
  for (const auto& l : ledgers)
    if (l.ledger.kind == kind &&
        ((kind != "elite_heavy" && kind != "allied") || l.ledger.command == command))
      return &l;
  return nullptr;
}

Morale ArmyMorale::army() const {
  const LedgerState* a = find("army");
  return a != nullptr ? a->state : Morale::kSteady;
}

ArmyMorale army_morale(const ArmyReport& report, const std::vector<MoraleElement>& elements,
                       const std::vector<bool>& own_morale) {
  ArmyMorale m;
  for (const auto& l : report.ledgers) m.ledgers.push_back(ledger_state(l, report));
  // [Mor-11] Each command's own ledger: its e/e but the mutinous, the army's fractions.
  for (std::size_t c = 0; c < report.commands.size(); ++c) {
    const CommandReport& cr = report.commands[c];
    Ee ee;
    auto add = [&](const GroupReport& g) {
      if (g.group->status != Status::kMutinous) ee += g.ee_total;
    };
    for (const auto& g : cr.groups) add(g);
    for (const auto& r : cr.regiments)
      for (const auto& g : r.groups) add(g);
    Ledger l{"command",
             fmt::format("the command of {}", cr.command->general),
             "a command's own morale, bought with PIPs",
             ee,
             threshold(ee, report.shaken),
             threshold(ee, report.broken),
             static_cast<int>(c)};
    m.commands.push_back(ledger_state(std::move(l), report));
    std::vector<int> lost, after;
    for (const auto& r : cr.regiments) {
      lost.push_back(0);
      after.push_back(r.shaken_after_lost);
    }
    m.regiment_lost.push_back(std::move(lost));
    m.regiment_shaken_after.push_back(std::move(after));
  }
  // [Mor-9] Losses.
  for (const auto& e : elements) {
    if (e.command < 0 || static_cast<std::size_t>(e.command) >= m.commands.size())
      throw std::invalid_argument("gwkho: an element of no command of the army");
    const bool own = has_own(own_morale, e.command);
    const int q = loss_quarters(e, own);
    const bool allied = report.commands[static_cast<std::size_t>(e.command)].command->allied;
    for (auto& l : m.ledgers)
      if (counts_in(l.ledger, e, allied)) l.lost_quarters += q;
    if (e.status != Status::kMutinous)
      m.commands[static_cast<std::size_t>(e.command)].lost_quarters += loss_quarters(e, true);
    if (e.regiment >= 0) {
      auto& lost = m.regiment_lost[static_cast<std::size_t>(e.command)];
      if (static_cast<std::size_t>(e.regiment) >= lost.size())
        throw std::invalid_argument("gwkho: an element of no regiment of its command");
      if (e.loss == Loss::kDestroyed || e.loss == Loss::kDestroyedAtHalf)
        ++lost[static_cast<std::size_t>(e.regiment)];
    }
  }
  for (auto& l : m.ledgers) l.state = state_of(l);
  for (auto& l : m.commands) l.state = state_of(l);
  return m;
}

Morale element_morale(const ArmyMorale& m, const MoraleElement& e,
                      const std::vector<bool>& own_morale, const MoraleHistory& h) {
  Morale out = Morale::kSteady;
  if (e.status == Status::kMutinous) {
    // [Mor-15] A separate army, and shaken until the enemy's army shakes before their own.
    if (const LedgerState* l = m.find("mutinous")) out = l->state;
    if (!before(h.enemy_army_shaken, h.army_shaken)) out = worse(out, Morale::kShaken);
  } else if (const LedgerState* allied = m.find("allied", e.command)) {
    // [Mor-1a] An allied contingent's troops take its ledger, a separate army's (ruling G-32a);
    // its elite heavies the better of it and their command's elite ledger.
    out = allied->state;
    const LedgerState* elite = m.find("elite_heavy", e.command);
    if (elite != nullptr && is_elite_heavy(e.troop)) out = better(out, elite->state);
  } else {
    // [Mor-10] The army's, or the command's own when bought.
    const LedgerState* base =
        has_own(own_morale, e.command) ? m.find("command", e.command) : m.find("army");
    if (base != nullptr) out = base->state;
    // Heavy troops take the better of it and theirs; elite heavies of a large command too.
    const LedgerState* heavy = m.find("heavy");
    if (heavy != nullptr && is_heavy(e.troop, e.status)) out = better(out, heavy->state);
    const LedgerState* elite = m.find("elite_heavy", e.command);
    if (elite != nullptr && is_elite_heavy(e.troop)) out = better(out, elite->state);
    // Missile troops take the worse, but the steady ones.
    const LedgerState* missile = m.find("missile");
    if (missile != nullptr && is_missile(e.troop) && !is_steady_missile(e.troop))
      out = worse(out, missile->state);
  }
  // [Mor-6] A regiment below two thirds of its elements: at least shaken.
  if (e.regiment >= 0 && static_cast<std::size_t>(e.command) < m.regiment_lost.size()) {
    const auto c = static_cast<std::size_t>(e.command);
    const auto r = static_cast<std::size_t>(e.regiment);
    if (r < m.regiment_lost[c].size() && m.regiment_lost[c][r] >= m.regiment_shaken_after[c][r])
      out = worse(out, Morale::kShaken);
  }
  // [Mor-16] Brittle: broken once their ledger shook before the enemy's army.
  if (e.status == Status::kBrittle) {
    // [Mor-1a] An allied contingent is its brittle troops' own army (ruling G-32a).
    const bool allied = m.find("allied", e.command) != nullptr;
    const bool heavy = !allied && is_heavy(e.troop, e.status) && m.find("heavy") != nullptr;
    const std::optional<int> own = allied  ? h.allied_shaken_at(e.command)
                                   : heavy ? h.heavy_shaken
                                           : h.army_shaken;
    if (before(own, h.enemy_army_shaken)) out = Morale::kBroken;
  }
  // [Mor-9, Mor-17] An element broken by PIPs (its own side's, or the enemy's if unreliable).
  if (e.loss == Loss::kBroken) out = Morale::kBroken;
  // [Mor-14] Stubborn: never worse than shaken, unless its own side broke it.
  if (e.status == Status::kStubborn && out == Morale::kBroken &&
      !(e.loss == Loss::kBroken && !e.broken_by_enemy))
    out = Morale::kShaken;
  return out;
}

bool may_take_own_morale(const ArmyMorale& m, int command) {
  // [Mor-1a] An allied contingent has its own morale already (ruling G-32a).
  if (m.find("allied", command) != nullptr) return false;
  const LedgerState* own = m.find("command", command);
  return own != nullptr && own->state < m.army();
}

std::optional<int> MoraleHistory::allied_shaken_at(int command) const {
  if (command < 0 || static_cast<std::size_t>(command) >= allied_shaken.size()) return std::nullopt;
  return allied_shaken[static_cast<std::size_t>(command)];
}

bool enemy_may_break(Status s, bool enemy_side_has_shaken_troops) {
  return s == Status::kUnreliable && !enemy_side_has_shaken_troops;
}

MoraleEffects morale_effects(Morale m, Troop t) {
  const MoraleRules& r = rules();
  MoraleEffects e;
  switch (m) {
    case Morale::kSteady:
      break;
    case Morale::kShaken:
      e.melee = r.shaken_melee;
      e.shooting = r.shaken_shooting;
      e.may_be_impetuous = false;
      e.pays_toward_enemy = true;
      e.rout_bonus = !is_mounted(t.type);
      break;
    case Morale::kBroken:
      e.melee = r.broken_melee;
      e.shooting = r.broken_shooting;
      e.may_be_impetuous = false;
      e.pays_toward_enemy = true;
      e.routs = true;
      break;
  }
  return e;
}

bool takes_prisoners(Troop enemy, Morale enemy_morale) {
  return enemy_morale != Morale::kBroken && !rules().captors_not.contains(enemy);
}

int surrender_within_inches() { return rules().within_inches; }

bool surrenders(const SurrenderCase& c) {
  const MoraleRules& r = rules();
  const bool landsknecht = c.peoples.has(People::kLandsknecht);
  const bool swiss = c.peoples.has(People::kSwiss);
  // [Mor-19] Broken and surrounded, not held: anyone.
  if (c.broken && c.surrounded && !c.held) return true;
  const bool christian_war =
      c.culture == Culture::kChristianEuropean &&
      (c.enemy_culture == Culture::kChristianEuropean ||
       c.enemy_culture == Culture::kAmericanState) &&
      c.year > (c.british_isles ? r.christian_british_isles_from_year : r.christian_from_year);
  // Landsknechts and Swiss: their own rules, never against each other.
  if (landsknecht && christian_war && !c.nearest_enemy_swiss) {
    if (c.pike_shaken && c.nearest_enemy_morale == Morale::kSteady) return true;
    if ((c.broken || c.would_be_broken) && c.nearest_enemy_morale != Morale::kBroken) return true;
  }
  if (swiss && christian_war && c.year > r.swiss_from_year && !c.nearest_enemy_landsknecht &&
      (c.broken || c.would_be_broken) && c.nearest_enemy_morale != Morale::kBroken)
    return true;
  // Heavy cavalry (dismounted too) against Christians, or Muslims after 1100.
  const bool hc = c.troop.type == TroopType::kHc || c.dismounted_hc;
  const bool hc_enemy = c.enemy_culture == Culture::kChristianEuropean ||
                        (c.enemy_culture == Culture::kMuslim && c.year > r.muslim_hc_from_year);
  if (hc && hc_enemy && c.broken && c.in_contact_after_round &&
      !r.hc_not_vs.contains(c.contact_enemy))
    return true;
  // The general rule: Christians against Christians after 1500 (1550 in the British Isles; not
  // against the Swiss before 1550), Muslims against Muslims; not Landsknechts facing Swiss.
  const bool muslim_war = c.culture == Culture::kMuslim && c.enemy_culture == Culture::kMuslim;
  const bool swiss_exception = c.nearest_enemy_swiss && c.year < r.swiss_exception_until_year;
  const bool may = (christian_war && !swiss_exception) || muslim_war;
  if (may && !(landsknecht && c.nearest_enemy_swiss) && c.became_broken && !c.held &&
      c.near_captors)
    return true;
  return false;
}

Victory victory(Morale first_army, Morale second_army) {
  const bool a = first_army == Morale::kBroken, b = second_army == Morale::kBroken;
  if (a && b) return Victory::kDraw;
  if (a) return Victory::kSecond;
  if (b) return Victory::kFirst;
  return Victory::kNone;
}

}  // namespace carroccio::gwkho
