// God Will Know His Own (gwkho): army lists. An army list file (JSON, docs/scenario-format.md,
// section gwkho) names the army, its year and era, its options, and its commands, each under a
// general, with elements by type, grade, status and count, and the details that change their
// cost. This module reads one (errors name the file, the line and the field), checks it against
// the rules of troops, points and generals, costs it exactly (in half points), and computes its
// morale ledgers and their thresholds.
//
//   auto army = gwkho::read_army_list(text, "my-army.json");   // reads and checks
//   if (!army) return army.error();          // "my-army.json:12: field '...' ... (rule Pts-1)."
//   const gwkho::ArmyReport report = gwkho::assess(*army);
//
// Clause ids are ours (docs/clauses/gwkho.md); rulings G-n are in docs/rulings/gwkho.md.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/status.hpp"
#include "nlohmann/json.hpp"
#include "rulesets/gwkho/shooting.hpp"
#include "rulesets/gwkho/tables.hpp"

namespace carroccio::gwkho {

// ---- The list as written ----

// A group of identical elements.
struct ElementGroup {
  std::string name;  // optional
  Troop troop;
  int count = 1;
  Status status = Status::kNone;
  Weapon weapon = Weapon::kNone;
  std::optional<Troop> dismount;  // [Dis-1] what it dismounts as, when the list says
  bool mounted_infantry = false;  // [Pts-5] foot mounted as Cv(i)
  bool unarmed = false;  // [G-71] an artillery element with no guns (a standard's war cart)
  bool general = false;  // the command's general stands with one of these elements
  // [CC-1, CC-17, CC-18, Mov-4, Pip-10, Pip-12] The peoples the rules name that it belongs to
  // (Swiss, Landsknechts, the Low Countries...), and [CC-18] whether heavy infantry carry halberds
  // or bills.
  Peoples peoples;
  bool halberds = false;
  std::string path;  // its JSON path, "commands[0].elements[2]"
};

// [Gen-2] A regiment: a permanent formation of a command with its own command stand (no combat
// value, no e/e). 14 to 21 elements, or a small regiment of 8 to 13 (ruling G-39a).
struct Regiment {
  std::string name;
  std::vector<ElementGroup> elements;
  std::string path;
  int element_count() const;
};

enum class GeneralQuality : std::uint8_t { kGood, kNormal };

// [Gen-1] A command under its general.
struct Command {
  std::string general;  // the general's name
  GeneralQuality quality = GeneralQuality::kNormal;
  bool cinc = false;
  bool inert = false;     // an inert commander-in-chief (no free PIP)
  bool decisive = false;  // may choose to go first once a round
  // [Mor-1a] An allied contingent: a separate army for morale, with a ledger of its own that its
  // elements take instead of the army's (ruling G-32a).
  bool allied = false;
  std::vector<std::string> exceptional_subordinates;
  std::vector<ElementGroup> elements;  // outside regiments
  std::vector<Regiment> regiments;
  std::string path;  // "commands[1]"
};

// [Mor-19] The army's culture, for the surrender rules (ruling G-37): its list's
// `options.culture`.
enum class Culture : std::uint8_t {
  kOther,
  kChristianEuropean,
  kMuslim,  // Arab, Berber, Ottoman
  kAmericanState,
};

struct ArmyList {
  std::string id, name, description;
  int year = 0;
  Era era = Era::kMedieval;
  bool raised_morale = false;         // [Mor-2] shaken at a half, broken at two thirds
  Culture culture = Culture::kOther;  // [Mor-19] options.culture
  bool british_isles = false;         // [Mor-19] options.british_isles
  std::optional<int> budget;          // [Pts-7] points the list may spend
  std::vector<Command> commands;
};

// Reads and checks an army list from JSON text. `source` (a file path, or "gwkho/<id>" for a
// built-in list) is named in every error, with the line of the field when it is in the text.
core::Expected<ArmyList> read_army_list(const std::string& text, std::string_view source);
// The same from parsed JSON (errors name the field but no line).
core::Expected<ArmyList> load_army_list(const nlohmann::json& j, std::string_view source);

// The built-in army lists (scenarios/gwkho/armies/*.json) as (id, text), and one of them.
std::vector<std::pair<std::string, std::string>> builtin_army_lists();
core::Expected<ArmyList> builtin_army_list(std::string_view id);

// ---- Points ----

// [Pts-1..Pts-5] The cost of one element of a group, and each addition in our words
// ("dismounts as HI(s) +1", "stubborn +2").
struct ElementCost {
  Points each;
  std::vector<std::string> details;
};
ElementCost element_cost(const ElementGroup& g);

// [Pts-6] The cost of a command's general and of its exceptional subordinates, decisiveness
// and regiments, with each addition in our words.
ElementCost command_cost(const Command& c);

// [Gen-1] The group whose element the general stands with: the one marked `general`, else the
// command's first group (its first regiment's first group when it has no other) (ruling G-46).
const ElementGroup& general_group(const Command& c);

// [Gen-3] How many generals an army of `ee` may have (ruling G-39).
Interval generals_allowed(Ee ee);

// [Pts-4] Whether every element is of the light-army troops (LI(o)(f)(i), Bw(o)(i)(f), Pk(x)).
bool is_light_army(const ArmyList& a);
// [Pts-4, Pts-7] What the list may spend: its budget, or half as much again for a light army
// (ruling G-4a); nothing when the list names no budget.
std::optional<Points> spending_allowed(const ArmyList& a);

// ---- The assessment ----

struct GroupReport {
  const ElementGroup* group = nullptr;
  ElementCost cost;
  Points total;
  Ee ee_each, ee_total;
};

struct RegimentReport {
  const Regiment* regiment = nullptr;
  bool small = false;
  std::vector<GroupReport> groups;
  int elements = 0;
  // [Mor-6] The elements lost after which the rest count as shaken (below two thirds).
  int shaken_after_lost = 0;
};

struct CommandReport {
  const Command* command = nullptr;
  ElementCost general_cost;  // general, subordinates, decisive, regiments
  std::vector<GroupReport> groups;
  std::vector<RegimentReport> regiments;
  Points points;
  Ee ee;
  int elements = 0;
  int elite_heavy_elements = 0;
  Ee allied_ee;  // [Mor-1a] an allied contingent's e/e but the mutinous (ruling G-32a)
};

// A morale ledger: the e/e it counts and the losses (in e/e) at which it is shaken and broken.
struct Ledger {
  std::string kind;   // "army", "heavy", "missile", "elite_heavy", "allied", "mutinous"
  std::string label;  // "heavy troops", "elite heavies of the command of Frederick I"
  std::string rule;   // how it combines with the army's, in our words
  Ee ee, shaken_at, broken_at;
  int command = -1;  // an elite heavy or allied ledger: the index of its command
};

struct ArmyReport {
  const ArmyList* army = nullptr;
  std::vector<CommandReport> commands;
  Points points;
  Ee ee;
  int elements = 0;
  Interval generals_allowed;
  bool light_army = false;
  std::optional<Points> allowed;  // budget, 1.5 times for a light army
  Ratio shaken, broken;           // the army's fractions
  std::vector<Ledger> ledgers;
};

// [Pts, Gen, Mor] Costs and ledgers of a list that read_army_list() accepted. `army` must
// outlive the report.
ArmyReport assess(const ArmyList& army);

// The smallest loss, in e/e, that reaches `fraction` of `total` (ruling G-32: a third is
// reached at a third, exactly).
Ee threshold(Ee total, Ratio fraction);

// The report as lines of text, and as JSON (carroccio army [--json]).
std::string report_text(const ArmyReport& r, std::string_view source);
nlohmann::json report_json(const ArmyReport& r);

}  // namespace carroccio::gwkho
