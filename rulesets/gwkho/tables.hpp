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
// The same result in words, as the log, the odds and the board write it ("holds", "pushed back").
std::string_view result_words(Result r);

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
  std::optional<int> range_inches;  // [Dis-1] a shooting range of its own (Cv(s) as Bw(s): 7)
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

// ---- The rules of play (resolve_combat.hpp, resolve_shooting.hpp, pips.hpp, morale.hpp) ----

// A factor for some troops (against some opponents), with its value.
struct TroopFactor {
  TroopSet troops;
  std::optional<TroopSet> vs;
  int value = 0;
  bool applies(Troop self, Troop opponent) const {
    return troops.contains(self) && (!vs || vs->contains(opponent));
  }
};

// [CC-5, CC-6] Supporting ranks (ruling G-21).
struct RankRules {
  TroopSet phalanx;  // Ph, Pk: ranks of the same type and grade
  int second = 0;
  TroopSet bow_support, bow_supported;  // Bw(o)(f) behind Ph(i)
  int bow_support_value = 0, bow_support_just_contacted = 0;
  int third = 0;
  TroopFactor third_off_enemy;    // troops: the phalanx; vs: enemies it is taken off instead
  TroopFactor fourth;             // Pk against HI, Ph
  TroopFactor fourth_off_enemy;   // Pk against Pk: taken off the enemy
  TroopSet at_most_three;         // Pk(f)(x), Ph(f)(x)
  TroopSet not_after_failing_vs;  // LI, HI
  TroopFactor heavy_infantry;     // HI with a 2nd rank of `heavy_infantry_rank`, vs mounted
  TroopSet heavy_infantry_rank;
  TroopFactor light_infantry;  // LI with a 2nd rank of the same troop, vs mounted
};

// [CC-7] A front element with `ranks` ranks of `behind` directly behind it fights as its own
// type at grade `as` (ruling G-21a).
struct CompositeRank {
  TroopSet front, behind;
  int ranks = 1;
  Grade as = Grade::kO;
};

// [CC-8, CC-9] Tactical factors (ruling G-22).
struct TacticalFactors {
  TroopFactor received_charge;  // Hc contacted by (vs) ... unless it moved over a fraction
  Ratio received_charge_moved_over;
  TroopFactor reiter_charge;  // the enemy of Re contacted by Re that moved no more than ...
  int reiter_moved_over_inches = 0;
  TroopFactor mounted_vs_moving_foot;
  TroopFactor light_infantry_in_rough;
  int general = 0, behind_fortification = 0, flank_or_rear = 0;
  TroopFactor pike_s_vs_pike;
  int artillery_engaged = 0;
};

// [CC-10] Breakthrough factors (ruling G-22).
struct BreakthroughFactors {
  int base = 0, rough = 0, bad = 0;
  TroopFactor light_infantry_vs_foot;
  int mounted_vs_foot = 0, mounted = 0;
  TroopFactor heavy_cavalry;
  TroopSet vs_shooters;
  int vs_shooters_value = 0;
};

// [CC-11] A winner of `troops` with a total of at least `total` destroys the loser (G-25).
struct KillRow {
  TroopSet troops;
  int total = 0;
};

// [CC-12] Grading (ruling G-23), and the berserkers' grading (Mor-18).
struct Grading {
  int beating_s = 0;
  TroopSet artillery_beating_s_only;
  int artillery_s_winning = 0, losing_i = 0, beating_f = 0, foot_uphill_of_mounted = 0;
  int berserker_losing = 0, berserker_drawing_or_winning = 0;
};

// [CC-13] What a beaten foot element adds against being destroyed (ruling G-24).
struct PreventKills {
  int behind_linear = 0, rough = 0, bad = 0;
};

// [CC-15] Who follows up (ruling G-28).
struct FollowUpRow {
  TroopSet troops;
  bool only_if_destroyed = false;
  std::optional<TroopSet> only_vs, not_vs;
};

// [CC-16] Knock-on (ruling G-29).
struct KnockOn {
  int mounted_inches = 0;
  Result mounted_foot = Result::kRout, mounted_mounted = Result::kPushBack;
  int elephants_inches = 0;
  Result elephants = Result::kRout;
};

// [CC-19] A beaten element of `troops` may fall back through friends of `through` (G-15).
struct ThroughRow {
  TroopSet troops, through;
};

// [CC-17] Supporting ranks that turn to face (ruling G-30).
struct TurnToFace {
  TroopSet troops;
  Peoples foot_peoples;
  TroopSet catalan;
  TroopSet phalanx, phalanx_vs;
};

// [CC-18] Square or hedgehog (ruling G-30a).
struct SquareRule {
  TroopSet troops, phalanx;
  Peoples phalanx_peoples;
  TroopSet shot, halberd_or_bill;
};

// [Sht-4 .. Sht-10] The kinds of missile the shooting modifiers name (ruling G-18).
enum class ShotKind : std::uint8_t {
  kNone,
  kBow,         // foot Bw; an elephant crew's bows
  kLongbow,     // Lb
  kCrossbow,    // Xb; light cavalry's crossbows
  kMountedBow,  // cavalry's and light cavalry's bows (and a Cv(o)'s longbow)
  kFirearm,     // Sh; arquebus light cavalry; an elephant crew's firearms or swivel guns
  kPistol,      // Re
};
std::string_view shot_kind_id(ShotKind k);  // "bow", "mounted_bow", ...

struct ShotPair {
  std::string group;
  std::vector<ShotKind> kinds;
  std::optional<TroopSet> shooters;
  TroopSet vs;
  int value = 0;
};

struct ShotModifierRules {
  int enfilade = 0;
  int per_rank = 0;
  TroopSet three_ranks, third_rank_only, one_rank;
  std::vector<ShotKind> third_rank_only_kinds;
  int longbow = 0, longbow_s = 0;
  int shot = 0;
  TroopSet shot_not;
  std::vector<ShotPair> pairs;  // first match within each group
  int target_i = 0;
  TroopFactor target_s;
  int musket_ignores_within_inches = 0;
  int cover = 0, fortification = 0;
  TroopFactor cavalry_shooting, light_cavalry_shooting, elephants_shooting;
};

struct ArtilleryRules {
  TroopSet gunpowder;
  int second_target_inches = 0;
  TroopSet move_and_fire_as_shot;
};

struct ShootingEligibility {
  TroopSet move_and_shoot;
  int move_at_most_inches = 0;
};

// [Pip-1 .. Pip-19] Command points (rulings G-7 to G-10, G-34, G-41).
enum class PipRoll : std::uint8_t { kOne, kBestOfTwo, kWorseOfTwo };

struct PipRules {
  PipRoll good = PipRoll::kBestOfTwo, normal = PipRoll::kOne, regiment = PipRoll::kWorseOfTwo;
  int regiment_activation = 0, regiment_small_below = 0, regiment_small = 0, cinc_free = 0;
  int command_inches = 0, regiment_inches = 0, march_beyond_inches = 0;
  // One move.
  int group = 0, single = 0, into_contact_cannot_recoil = 0, out_of_command = 0, march = 0,
      landsknecht_second_march = 0, mounted_third_march = 0, shaken_toward_enemy = 0,
      mixed_mounted_and_foot = 0, elephants_with_mounted = 0;
  int camels_with_horses = 0;
  TroopSet camels;
  Peoples camels_unless;
  int wheel = 0;
  TroopSet wheel_exempt;
  Peoples wheel_exempt_foot_peoples;
  int quarter_turn = 0, half_turn = 0;
  TroopSet quarter_turn_not, half_turn_not;
  int formation_change = 0;
  TroopSet formation_exempt, formation_exempt_if_all;
  Peoples formation_exempt_peoples, formation_exempt_foot_peoples;
  int uphill_into_contact = 0, not_straight_ahead = 0;
  TroopSet not_straight_ahead_troops;
  int with_cinc = 0, minimum = 0;
  TroopSet toward_enemy_ignores, toward_enemy_shaken_ignores;
  // The other costs.
  int hold_impetuous = 0, replace_crew = 0, replace_crew_friends_within_inches = 0,
      replace_crew_enemy_within_inches = 0, dismount = 0, mount_not_within_inches = 0,
      destroy_uncrewed_foot = 0, destroy_uncrewed_mounted = 0, use_enemy_artillery = 0,
      command_morale = 0, rally_command = 0, rally_command_with_elephants = 0, break_element = 0;
  TroopSet break_never, break_except;
  TroopSet mount_again;  // [Pip-16] mounted infantry: dismount and mount more than once a game
  int rally_broken = 0, rally_broken_elephants = 0, general_adds_to_die = 0;
};

// [Mor-9 .. Mor-19] Morale in play (rulings G-34, G-35, G-37).
struct MoraleRules {
  Ratio half;
  int shaken_melee = 0, shaken_shooting = 0, broken_melee = 0, broken_shooting = 0;
  int christian_from_year = 0, christian_british_isles_from_year = 0,
      swiss_exception_until_year = 0, swiss_from_year = 0, muslim_hc_from_year = 0,
      within_inches = 0;
  TroopSet captors_not, hc_not_vs;
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
  Troop mounted_infantry_as;  // [Pts-5, G-40b] the troop mounted infantry ride as: Cv(i)
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
  int max_die_sides = 0, d8_upgrade_pips = 0, first_upgrade_pips = 0, later_upgrade_pips = 0;
  Result beaten_result = Result::kPushBack, doubled_result = Result::kDestroyed;
  std::vector<ResultRow> results;
  RankRules ranks;
  std::vector<CompositeRank> composite_ranks;
  TacticalFactors tactical;
  BreakthroughFactors breakthrough;
  std::vector<KillRow> kills;
  Grading grading;
  PreventKills prevent_kills;
  std::vector<FollowUpRow> must_follow_up, may_follow_up;  // first match
  std::vector<std::pair<TroopSet, int>> extra_rounds;      // first match
  KnockOn knock_on;
  std::vector<ThroughRow> recoil_through;
  TurnToFace turn_to_face;
  SquareRule square;

  // shooting.json (the rules of play)
  ShotModifierRules shot;
  ArtilleryRules artillery;
  ShootingEligibility eligibility;

  // pips.json
  PipRules pips;

  // morale.json
  MoraleRules morale;
};

// Generated by carroccio_embed: (file name, contents) of every data/*.json file.
std::vector<std::pair<std::string_view, std::string_view>> embedded_tables();
// Parses and checks (file name, JSON text) pairs: troops.json, points.json, army.json,
// movement.json, shooting.json, combat.json, pips.json and morale.json. An error names the file and
// the field.
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
