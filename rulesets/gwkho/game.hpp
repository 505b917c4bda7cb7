// God Will Know His Own (gwkho): the game on the table. A scenario (scenarios/gwkho/*.json,
// docs/scenario-format.md, section gwkho) names two army lists (built-in ids or inline), deploys
// every element group of each as a block (front-left corner, heading, frontage), lays terrain
// polygons with their going, and says which side has the first bound and how many bounds are
// played. The Game holds the scenario as loaded, every element with its troop, command and place,
// and each army's assessment (points, e/e, ledgers); States (state.hpp) play it.
//
// Lengths are whole sub-units of 1/1270 inch (resolve.hpp: kUnitsPerInch); the file gives inches
// with at most one decimal (ruling G-1a).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/geometry.hpp"
#include "game/state.hpp"
#include "game/table/scenario.hpp"
#include "rulesets/gwkho/army.hpp"
#include "rulesets/gwkho/morale.hpp"
#include "rulesets/gwkho/resolve_shooting.hpp"

namespace carroccio::gwkho {

namespace geo = core::geo;

inline constexpr int kNumSides = 2;
inline constexpr int kMaxElements = 250;  // both armies together (the action encoding's bound)

// [G-12, G-12a] What a terrain piece is. An area is rough or bad going. A river (or stream) is
// a watercourse: crossed as bad going, or not at all but at its fords and by roads; foot with it
// between them and their enemy fight behind it (CC-13). A ford is a crossing of a river: a move
// across it goes at most 3 inches (Mov-5). A hill gives the ground above its foot (CC-12,
// Pip-13); its slopes are open, rough or bad going.
enum class TerrainKind : std::uint8_t { kArea, kRiver, kFord, kHill };
inline constexpr int kNumTerrainKinds = 4;

// [G-12] A terrain piece: its kind, and its going for movement and combat.
struct TerrainPiece {
  std::string id;
  TerrainKind kind = TerrainKind::kArea;
  Going going = Going::kRough;
  bool impassable = false;  // [G-12a] a river crossed only at its fords or by a road
  geo::Polygon outline;
};

// A terrain piece's or a linear feature's name as the board, the refusals and the log write it:
// its id in words, "copse-before-the-brescians" -> "Copse before the Brescians" (words
// capitalised but the small ones).
std::string terrain_name(std::string_view id);

// [G-12d] A linear feature: a line on the table that troops cross and fight over. A hedge (a
// field wall too) and a ditch are the "hedge etc" of CC-13; field works (a dug ditch with its
// parapet or rampart, a trench, a palisade) are fortifications that are not permanent; a
// permanent fortification (a town or castle wall) and a wagon laager are the text's "permanent
// fortification or wagon" (Sht-8).
enum class LinearKind : std::uint8_t { kHedge, kDitch, kFieldWorks, kFortification, kWagons };
inline constexpr int kNumLinearKinds = 5;

// [G-12d] A linear feature: its kind, its line (two points or more), and for the works and
// wagons the side of the line they are held from, walking the line from its first point.
enum class Defended : std::uint8_t { kBoth, kLeft, kRight };
struct LinearFeature {
  std::string id;
  LinearKind kind = LinearKind::kHedge;
  std::vector<geo::Point> line;
  Defended defended = Defended::kBoth;  // kBoth for hedges and ditches
};
// [G-12d] What a kind does. A move whose path crosses the line goes in `crossing` going (Mov-1);
// foot behind it against an enemy are helped against being destroyed (`linear`, CC-13), or are
// behind a fortification (`fortification`: CC-5, CC-9, CC-14); a foot target behind it is in
// `cover` (Sht-8).
struct LinearEffect {
  Going crossing = Going::kRough;
  bool linear = false, fortification = false;
  Cover cover = Cover::kNone;
};
LinearEffect linear_effect(LinearKind k);
// [G-12d] How near a feature must run to the edge of an element facing the enemy for the
// element to stand behind it: half an inch.
inline constexpr std::int64_t kBehindReach = 635;

// [G-12b] A road: its centre line (the shared table kit's road). An element moves along it when
// its centre keeps within kRoadHalfWidth of one straight stretch of the line.
using Road = game::table::Road;
inline constexpr std::int64_t kRoadHalfWidth = 635;  // half an inch, in sub-units

// One element as deployed.
struct ElementDef {
  std::string id;    // "imperial.0.1.3": side, command, group, element
  std::string name;  // the group's name, or its troop
  int side = 0;
  int command = 0;                // index into the army list's commands
  int regiment = -1;              // index into that command's regiments, or -1
  Troop troop;                    // as it fights and moves (dismounted: its dismount option)
  Troop list_troop;               // as its army list gives it (what its morale ledgers count)
  std::optional<Troop> dismount;  // [Dis-1] what its list says it dismounts as
  // [Pts-5, G-40b] Foot its list prices as mounted infantry: the troop they ride as (Cv(i));
  // their dismount is their own foot troop.
  std::optional<Troop> rides;
  // [Dis-1, G-40b] The troop it is mounted as: its list's troop, or what mounted infantry ride.
  Troop mounted() const { return rides ? *rides : list_troop; }
  // [Dis-1, G-40b] It fights on foot as its dismount option (not riding as it may).
  bool dismounted() const { return dismount && troop == *dismount && troop != mounted(); }
  Status status = Status::kNone;
  Weapon weapon = Weapon::kNone;
  bool unarmed = false;   // [G-71] artillery with no guns: it never shoots or fires
  Peoples peoples;        // [CC-1, CC-17, CC-18, Mov-4, Pip-10, Pip-12] its list's peoples
  bool halberds = false;  // [CC-18] heavy infantry with halberds or bills
  bool general = false;   // [Gen-1] its command's general stands with it
  bool cinc = false;      // ... and he is the commander-in-chief
  geo::Base base{geo::Point{1000, 1000}, 2, 2, geo::Angle{}};
};

struct SideDef {
  std::string id, name;
  ArmyList army;
  bool north = false;  // its base edge is the far one (y = height); else y = 0
  // [G-71] Elements (indices into Scenario::elements) whose loss breaks this army: a scenario's
  // standard (the Carroccio at Legnano) or its commander (Frederick).
  std::vector<int> breaks_if_lost;
};

// [Seq, G-75] Scenario::first when the dice decide who has the first bound.
inline constexpr int kFirstByDice = -1;

struct Scenario {
  std::string id, title, description;
  int year = 0;
  int bounds = 24;  // bounds played in all (both sides' together) before a draw
  int first = 0;    // the side with the first bound; kFirstByDice: the dice decide (G-75)
  std::int64_t width = 72 * 1270, height = 48 * 1270;
  std::array<SideDef, kNumSides> sides;
  std::vector<TerrainPiece> terrain;
  std::vector<Road> roads;
  std::vector<LinearFeature> lines;  // [G-12d]
  std::vector<ElementDef> elements;
  nlohmann::json source;
};

std::string_view going_name(Going g);               // "open", "rough", "bad", "road"
std::string_view terrain_kind_name(TerrainKind k);  // "area", "river", "ford", "hill"
// "hedge", "ditch", "field_works", "fortification", "wagons"
std::string_view linear_kind_name(LinearKind k);

// [Dis-1, G-52, Pts-5, G-40b] The troop a group of the list is deployed as: its list's troop, or
// (`dismounted`) its dismount option; mounted infantry ride as Cv(i) and dismounted are their own
// foot troop.
Troop deployed_troop(const ElementGroup& g, bool dismounted = false);

// Reads and checks a scenario; every error names the source, the field and the problem.
core::Expected<Scenario> load_scenario(const nlohmann::json& j, std::string_view source);

// The options of the game: those of a pitched battle (ruling G-73; pitched.cpp), the sequence of
// play (ruling G-6: alternate bounds, or random activation of commands, `sequence=random`) and
// surrender (ruling G-37, `surrender=on`).
struct RuleOptions {
  std::optional<std::string> blue, red;  // built-in army list ids
  std::optional<int> points, seed;
  bool random_activation = false;  // [Seq-6, G-6] commands activated at random, round by round
  bool surrender = false;          // [Mor-19, G-37] the surrender rules are in play
  bool pitched() const;            // any of the pitched battle's options given
};
core::Expected<RuleOptions> parse_rule_options(const game::Options& options);
// The options' catalogue entries (RulesetInfo::options).
std::vector<game::OptionInfo> rule_options_info();
// [G-73] A scenario with a "pitched" section as an ordinary scenario: both armies checked against
// the points total, each deployed in its 12-inch zone, terrain drawn from the seed; the options
// replace the file's armies, points and seed. Any other scenario comes back unchanged (and then
// the options are refused).
core::Expected<nlohmann::json> expand_pitched(const nlohmann::json& file, std::string_view source,
                                              const RuleOptions& options);

class GwkhoGame final : public game::Game, public std::enable_shared_from_this<GwkhoGame> {
 public:
  GwkhoGame(Scenario scenario, RuleOptions rules, game::Options options);

  std::unique_ptr<game::State> new_initial_state() const override;

  const Scenario& scenario_data() const { return scenario_; }
  int num_elements() const { return static_cast<int>(scenario_.elements.size()); }
  const ElementDef& element(int e) const { return scenario_.elements[static_cast<std::size_t>(e)]; }
  const SideDef& side(int s) const { return scenario_.sides[static_cast<std::size_t>(s)]; }
  // The assessment of side s's army (points, e/e, ledgers and thresholds).
  const ArmyReport& report(int s) const { return *reports_[static_cast<std::size_t>(s)]; }
  int num_commands(int s) const { return static_cast<int>(side(s).army.commands.size()); }
  const RuleOptions& rules() const { return rules_; }
  // [Pip-16, Dis-1] The same game with element e fighting and moving as troop t (a dismount or
  // mount in play): the State that makes it reads its elements from the copy from then on.
  std::shared_ptr<const GwkhoGame> with_troop(int e, Troop t) const;

  // What a person reads for element e (ids are for files and records): its group's name, with
  // its number in the group when there are several ("French gendarmes #2"); troop_label() adds
  // the troop as it fights ("French gendarmes #2 (Kn/Hc(s))"); label() adds its command too
  // ("French gendarmes #2 (Kn/Hc(s)) of Nemours' command").
  std::string short_label(int e) const;
  const std::string& troop_label(int e) const {  // made once with the game (refusals ask often)
    return troop_labels_[static_cast<std::size_t>(e)];
  }
  std::string label(int e) const;
  // The short label the board writes on element e and the browser's log writes in place of its
  // names (issue 20: an entry on two lines at 1366 px): its troop and, when its side has several
  // of that troop, its number among them ("Hc(s) #3"; the colour says the side).
  const std::string& board_label(int e) const { return board_labels_[static_cast<std::size_t>(e)]; }
  // "Philip of Heinsberg's command" (the general's name before any comma and title),
  // "Guy of Namur's command", "Yves d'Alegre's command"; "command 2" for a command with no
  // general's name.
  std::string command_label(int side, int command) const;

 private:
  Scenario scenario_;
  RuleOptions rules_;
  std::array<std::unique_ptr<ArmyReport>, kNumSides> reports_;
  std::vector<std::string> troop_labels_;  // troop_label() of each element
  std::vector<std::string> board_labels_;  // board_label() of each element
};

}  // namespace carroccio::gwkho
