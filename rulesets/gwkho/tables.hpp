// God Will Know His Own (gwkho): the rulebook's numbers, read from rulesets/gwkho/data/*.json
// (embedded at build time), and the lookups about troops that need nothing but those numbers:
// which type/grade pairs exist, element equivalents, bases, morale classes, impetuous troops,
// special statuses, dismounting. Movement, shooting and combat lookups are in movement.hpp,
// shooting.hpp and combat.hpp; armies in army.hpp.
//
// Every lookup reads default_tables(), the embedded data parsed once; tests may parse their own
// with load_tables_from(). Clause ids are ours (docs/clauses/gwkho.md); rulings G-n are in
// docs/rulings/gwkho.md.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/status.hpp"
#include "rulesets/gwkho/troops.hpp"

namespace carroccio::gwkho {

// The eras of the rules (Tr-7, ruling G-5): the medieval rules, and the horse-and-musket add-on
// that brings the later grades (the costs printed in parentheses).
enum class Era : std::uint8_t { kMedieval, kHorseAndMusket };

// The kinds of going of the movement table (Mov-1).
enum class Going : std::uint8_t { kOpen, kRough, kBad, kRoad };
inline constexpr int kNumGoings = 4;

// What happens to an element shot at or beaten in close combat.
enum class Result : std::uint8_t { kNoEffect, kPushBack, kFlee, kRout, kDestroyed, kCrewFlee };
std::string_view result_id(Result r);  // "no_effect", "push_back", "flee", "rout", ...

// Where a troop may count as another (CC-4): fighting in close combat (factors and grading),
// shooting, being shot at, moving.
enum class Context : std::uint8_t { kCloseCombat, kShooting, kShotAt, kMovement };

// The condition an army list must state for a dismount option (Dis-1).
enum class DismountWhen : std::uint8_t {
  kAlways,            // the usual choice
  kEnglishAfter1300,  // English heavy cavalry after 1300 dismount as HI(s)
  kBow,               // bow-armed cavalry
  kLongbow,           // longbow-armed Cv(o)
  kWestern,           // western European Cv(o)
  kCrossbow,          // crossbow-armed Lc(s)
  kArquebus,          // arquebus-armed light cavalry
};
std::string_view dismount_when_id(DismountWhen w);

struct PointsCell {
  bool exists = false;
  bool later_era = false;  // printed in parentheses: only in the horse-and-musket era
  Points cost;
};

struct Interval {
  int min = 0, max = 0;
  bool contains(int v) const { return v >= min && v <= max; }
};

struct Ratio {
  int num = 0, den = 1;
};

struct StatusRule {
  Status status = Status::kNone;
  std::optional<TroopSet> only;  // when set, only these troops may have the status
  TroopSet never;                // these may not ...
  TroopSet except;               // ... unless they are also in this set
  std::string rule;              // the restriction in our words, for messages
};

struct DismountOption {
  TroopSet from;
  Troop to;
  DismountWhen when = DismountWhen::kAlways;
  std::string note;
};

struct CostRow {
  TroopSet troops;
  Points plus;
};

// A note beside the points table (Pts-2): points added, or the element's whole cost.
struct PointsDetail {
  TroopSet troops;
  Points plus;
  std::optional<Points> cost;
};

struct MovementRow {
  TroopSet troops;
  std::array<std::optional<int>, kNumGoings> inches;
};

struct FactorRow {
  TroopSet troops;
  int vs_foot = 0, vs_mounted = 0;
};

enum class FactorWhen : std::uint8_t { kAlways, kArtilleryFire, kJustContacted };

struct FactorException {
  TroopSet troops;
  std::optional<TroopSet> opponent;
  FactorWhen when = FactorWhen::kAlways;
  int factor = 0;
  std::string note;
};

struct CountsAsRow {
  TroopSet troops;
  Context context = Context::kCloseCombat;
  std::optional<TroopSet> opponent;
  Troop as;
};

enum class Applies : std::uint8_t { kEither, kBeatenOnly, kDoubledOnly };

struct ResultRow {
  TroopSet loser;
  std::optional<TroopSet> by;
  int margin = 0;  // 0: any margin
  Applies applies = Applies::kEither;
  bool just_contacted = false;
  Result result = Result::kPushBack;
};

struct ShootingBand {
  int at_least = 0;
  Result result = Result::kNoEffect;
  Result artillery = Result::kNoEffect;
  std::optional<Result> elephants;
  TroopSet ignored_by;
};

struct ShootingRanges {
  int longbow = 0, crossbow = 0, early_handgun = 0, later_handgun = 0, early_handgun_until = 0,
      arquebus = 0, musket = 0, mounted_bow = 0, bow_s = 0, bow_o = 0, bow_i_f = 0, reiter = 0;
};

struct Tables {
  // troops.json
  int base_width_mm = 0;
  std::vector<std::pair<TroopSet, int>> base_depth_mm;  // first match
  std::vector<std::pair<TroopSet, int>> ee_halves;      // first match
  TroopSet heavy, elite_heavy, missile, missile_steady;
  TroopSet impetuous_always, impetuous_unless_hc;
  std::vector<StatusRule> status_rules;
  std::vector<DismountOption> dismount;

  // points.json
  std::array<std::array<PointsCell, kNumGrades>, kNumTypes> points{};
  PointsDetail hc_dismounting_as_hi_s, lc_crossbow, lc_arquebus, el_swivel_guns, el_bows,
      el_firearms, sh_musket;
  TroopSet mounted_infantry;  // foot that may be mounted infantry
  Points mounted_infantry_at_least, mounted_infantry_plus;
  std::array<std::vector<CostRow>, kNumStatuses> status_costs;  // first match, by Status
  Points good_general, normal_general, inert_cinc, exceptional_subordinate, decisive, regiment,
      small_regiment;
  TroopSet light_army;
  int light_army_budget_percent = 100;

  // army.json
  Interval medieval_years, horse_and_musket_years;
  Interval ee_per_general, large_army_ee_per_general;
  int small_army_max_ee = 0, small_army_max_generals = 0;
  Interval regiment_elements, small_regiment_elements;
  Ratio standard_shaken, standard_broken, raised_shaken, raised_broken, heavy_min_share,
      regiment_shaken_below;
  int elite_heavy_more_than = 0;

  // movement.json
  std::vector<MovementRow> movement;
  std::array<int, kNumGoings> fast_foot{}, fast_mounted{};
  int routing_plus = 0;
  std::array<bool, kNumGoings> routing_not_in{};
  TroopSet routing_not_for;
  TroopSet swiss_landsknecht_fast;
  int swiss_landsknecht_beyond = 0;
  int ford_max = 0;
  std::vector<std::pair<TroopSet, int>> free_half_turns;

  // shooting.json
  ShootingRanges ranges;
  std::array<int, kNumGrades> heavy_artillery_range{}, light_artillery_range{};
  std::vector<ShootingBand> shooting_bands;  // highest first

  // combat.json
  std::vector<FactorRow> factors;
  std::vector<FactorException> factor_exceptions;
  std::vector<CountsAsRow> counts_as;
  TroopSet d8;
  TroopSet die_upgrade;
  int max_die_sides = 0, first_upgrade_pips = 0, later_upgrade_pips = 0;
  Result beaten_result = Result::kPushBack, doubled_result = Result::kDestroyed;
  std::vector<ResultRow> results;
};

// Generated by carroccio_embed: (file name, contents) of every data/*.json file.
std::vector<std::pair<std::string_view, std::string_view>> embedded_tables();
// Parses and checks (file name, JSON text) pairs: troops.json, points.json, army.json,
// movement.json, shooting.json and combat.json. An error names the file and the field.
core::Expected<Tables> load_tables_from(
    const std::vector<std::pair<std::string_view, std::string_view>>& files);
// The embedded tables, parsed once (a broken file is a build defect: std::runtime_error).
const Tables& default_tables();

// ---- Troops ----

// [Pts-1, Tr-7] The points table's cell of a troop: whether the pair exists, whether it is a
// later-era grade, and its cost.
const PointsCell& points_cell(Troop t);
// Whether the pair exists in an army of `era` (later-era grades only in the later era).
bool troop_exists(Troop t, Era era);

// [Tr-5] Element equivalents of one element.
Ee element_equivalents(Troop t);

// [Tr-4] The base of an element, in millimetres.
struct BaseSize {
  int width_mm = 0, depth_mm = 0;
};
BaseSize base_size(TroopType t);

// [Mor-3, Mor-4, Mor-5] The morale classes of ruling G-33. A berserker counts as heavy (Mor-8).
bool is_heavy(Troop t, Status s = Status::kNone);
bool is_elite_heavy(Troop t);
bool is_missile(Troop t);
// Missile troops that count in the missile ledger but ignore its bad results.
bool is_steady_missile(Troop t);

// [Mov-7] Impetuous troops (ruling G-14). Shaken and broken troops are not; any other troop
// (artillery aside) whose nearest enemy is broken is; berserkers always are (Mor-8).
enum class Morale : std::uint8_t { kSteady, kShaken, kBroken };
struct ImpetusCase {
  Morale morale = Morale::kSteady;
  bool nearest_enemy_is_hc = false;
  bool nearest_enemy_broken = false;
};
bool is_impetuous(Troop t, Status s, const ImpetusCase& c = {});

// [Tr-6] Whether a troop may have a status: nothing when it may, else the restriction broken,
// in our words ("only light infantry may be berserkers").
std::optional<std::string> status_forbidden(Status s, Troop t);

// [Dis-1] What a mounted troop may dismount as (empty for elephants and foot).
std::vector<DismountOption> dismount_options(Troop t);

}  // namespace carroccio::gwkho
