// `carroccio odds ohw ...` (situation.hpp): a described shot or strike laid out as a position.
#include "rulesets/ohw/situation.hpp"

#include <ostream>

#include "fmt/format.h"
#include "rulesets/ohw/ruleset.hpp"

namespace carroccio::ohw {

namespace {

const std::vector<std::string> kTypes = {"knights", "men-at-arms",     "archers",
                                         "levies",  "peasant-archers", "irregulars"};
const std::vector<std::string> kTerrains = {"clear", "town", "woods", "redoubt", "ford", "bridge"};
const std::vector<std::string> kSides = {"front", "flank", "rear"};

// The scenario file's name of a type ("men-at-arms" -> "men_at_arms").
std::string file_type(std::string t) {
  for (auto& c : t)
    if (c == '-') c = '_';
  return t;
}

// The layout (inches, a 36" table; the attacker is Blue, moving first, the target Red).
// A shot: the shooter at (18, 6) facing north, the target 6" ahead facing it. A strike: the
// attacker at (18, 21) facing south, its front on the line y = 20, where the target's front,
// left flank or rear lies. The target's ground is a piece reaching to that line (whole base
// within it, 0.8, O-6); a hill holds the target's centre and not the attacker's (O-7); the
// objective of the oath lies 1" behind the target.
struct Place {
  double x, y;
  int heading;
};
constexpr Place kShooter{18, 6, 90};
constexpr Place kShotTarget{18, 14, 270};
constexpr Place kStriker{18, 21, 270};
constexpr Place kCharger{18, 24, 270};  // 3" short of the contact line
Place melee_target(const std::string& from) {
  if (from == "flank") return {18, 18, 0};   // facing east: its left side on y = 20
  if (from == "rear") return {18, 19, 270};  // facing south, away from the attacker
  return {18, 19, 90};
}

}  // namespace

const std::string_view kDescribedOddsUsage =
    R"(       carroccio odds ohw --attack shoot|melee|charge --attacker TYPE
                  --target TYPE [--terrain T] [--from front|flank|rear]
                  [--uphill] [--oath] [--hits N] [--json]
       carroccio odds ohw --attack demolish [--attacker TYPE] [--json]
       carroccio odds ohw --situation FILE [--json]
A described ohw shot, melee strike, charge or the bridge's demolition
(scenario S2), no game needed (carroccio odds ohw --help).
)";

game::CommandSpec described_odds_spec() {
  return game::described_odds_spec(
      "ohw",
      "The exact odds of an ohw shot, melee strike, charge or demolition described without a "
      "game: laid "
      "out as a position and resolved by the same rules as a game in play, every "
      "modifier with its clause.",
      {{.name = "attack",
        .takes_value = true,
        .help = "shoot (2.3), melee (a strike, 3.2) or charge (1.8: the charger "
                "starts 3\" away and the odds are those of the strike that follows "
                "in the Melee phase) or demolish (scenario S2: a unit of the side that may break "
                "the bridge tries it, touching its end; no other flag but --attacker)",
        .value_name = "KIND"},
       {.name = "attacker",
        .takes_value = true,
        .help = "the unit shooting or striking: knights, men-at-arms, archers, levies, "
                "irregulars (5.2) or peasant-archers (5.3); only archers, irregulars "
                "and peasant archers shoot (2.0); demolish: any type (default levies)",
        .value_name = "TYPE"},
       {.name = "target",
        .takes_value = true,
        .help = "the unit shot at or struck, the same types (men-at-arms halve the "
                "hits: 2.3 ii, 3.2 ii)",
        .value_name = "TYPE"},
       {.name = "terrain",
        .takes_value = true,
        .help = "the target's ground: clear (default), town or woods (cover and "
                "terrain halve: 2.3 i, 3.2 i; woods hold only irregulars and peasant "
                "archers, 1.2 iii), redoubt (option 5.4: cover for foot against "
                "shooting), ford or bridge (a river crossing halves in melee, 3.2 i)",
        .value_name = "T"},
       {.name = "from",
        .takes_value = true,
        .help = "melee: the target's side the attacker's front touches: front "
                "(default), flank or rear (hits doubled, 3.2 iii)",
        .value_name = "SIDE"},
       {.name = "uphill",
        .help = "melee: the target stands on a hill, the attacker off it (hits halved, "
                "3.2 i, O-7)",
        .switch_word = true},
       {.name = "oath",
        .help = "melee: the target stands within 4\" of the objective its side swore to "
                "hold (hits halved, scenario S1)",
        .switch_word = true},
       {.name = "hits",
        .takes_value = true,
        .help = "the hits the target has taken already, 0 (the default) to 14 (15 remove it, "
                "4)",
        .value_name = "N"}},
      R"(Types and words may be written with '-', '_' or spaces ("men at arms").
The terrain halves once, however many reasons apply (3.2 i); the halvings and
the doubling multiply and are rounded up once (O-22). A situation file holds
the same fields as one JSON object, e.g.
  {"attack": "melee", "attacker": "knights", "target": "men-at-arms",
   "from": "flank", "hits": 10}
What is not given is the plainest case (ruling O-42): the target in the open,
unhurt, met front to front, on level ground, under no oath; no optional rule
but the redoubt its terrain needs (a town is no fort, 5.1: a fort rolls no die).)");
}

namespace {

// Scenario S2's demolition (O-42): the scenario's own crossing, line and die, a unit of the side
// that may break it touching the line, in that side's Move phase.
core::Expected<DescribedAttack> describe_demolition(const game::SituationFields& f) {
  for (const char* key : {"target", "terrain", "from", "uphill", "oath", "hits"})
    if (f.has(key))
      return f.error(key,
                     "is not part of a demolition: the unit touching the crossing's end rolls "
                     "one die (ohw scenario S2).");
  auto attacker = f.word("attacker", kTypes, "levies");
  if (!attacker) return attacker.error();
  auto ruleset = make_ruleset();
  auto text = ruleset->builtin_scenario("s2");
  if (!text) return core::make_error("The scenario S2 could not be read: " + text.message());
  nlohmann::json sc = nlohmann::json::parse(*text);
  const nlohmann::json& demolition = sc["demolition"];
  const std::string side = demolition["side"].get<std::string>();
  const std::string other = side == "red" ? "blue" : "red";
  // The line's midpoint; the unit's front on it, from the side it is held from (south: lower y).
  const auto& line = demolition["line"];
  const double mx = (line[0][0].get<double>() + line[1][0].get<double>()) / 2;
  const double my = (line[0][1].get<double>() + line[1][1].get<double>()) / 2;
  sc["id"] = "described";
  sc["title"] = "A described situation";
  sc["first"] = side;
  sc["units"] = nlohmann::json::array({{{"id", "attacker"},
                                        {"side", side},
                                        {"type", file_type(*attacker)},
                                        {"x", mx},
                                        {"y", my - 1},
                                        {"heading", 90}},
                                       {{"id", "target"},
                                        {"side", other},
                                        {"type", "knights"},
                                        {"x", mx},
                                        {"y", 32},
                                        {"heading", 270}}});
  auto g = ruleset->new_game(sc, "the described situation", {});
  if (!g) return core::make_error("The described situation could not be laid out: " + g.message());
  DescribedAttack d;
  d.state = std::make_unique<OhwState>(std::static_pointer_cast<const OhwGame>(*g));
  OhwState& s = *d.state;
  s.set_record_history(false);
  if (!s.apply(act::kSelectBase + 0).ok())
    return core::make_error("The described unit could not be picked to move.");
  d.action = act::kMoveBase + act::kDemolishCode;
  bool legal = false;
  for (game::Action x : s.legal_actions()) legal |= x == d.action;
  if (!legal) return core::make_error("In the described situation the crossing may not be broken.");
  d.description = {{"attack", "demolish"},
                   {"attacker", *attacker},
                   {"crossing", demolition["crossing"]},
                   {"needs", demolition["needs"]}};
  return d;
}

}  // namespace

core::Expected<DescribedAttack> describe_attack(const game::SituationFields& f) {
  auto attack = f.word("attack", {"shoot", "melee", "charge", "demolish"});
  if (!attack) return attack.error();
  if (*attack == "demolish") return describe_demolition(f);
  auto attacker = f.word("attacker", kTypes);
  if (!attacker) return attacker.error();
  auto target = f.word("target", kTypes);
  if (!target) return target.error();
  auto terrain = f.word("terrain", kTerrains, "clear");
  if (!terrain) return terrain.error();
  auto from = f.word("from", kSides, "front");
  if (!from) return from.error();
  auto uphill = f.yes_no("uphill");
  if (!uphill) return uphill.error();
  auto oath = f.yes_no("oath");
  if (!oath) return oath.error();
  auto hits = f.number("hits", 0, 14, 0);
  if (!hits) return hits.error();
  const bool melee = *attack != "shoot";
  const bool charge = *attack == "charge";
  // 5.4 (O-34): a unit charging foot in a redoubt fights it only in its next player turn.
  if (charge && *terrain == "redoubt" && *target != "knights")
    return f.error("terrain",
                   "is redoubt: a charge on foot there is fought only a turn later "
                   "(ohw 5.4, O-34); describe that strike as --attack melee.");
  if (!melee) {
    // 2.0, 5.2, 5.3: who shoots; a hill, a side and an oath count only in melee.
    if (*attacker != "archers" && *attacker != "irregulars" && *attacker != "peasant-archers")
      return f.error("attacker", fmt::format("is {}, who do not shoot: only archers, irregulars "
                                             "and peasant-archers shoot (ohw 2.0, 5.2, 5.3).",
                                             *attacker));
    if (f.has("from")) return f.error("from", "counts only in melee (ohw 3.2 iii).");
    if (*uphill) return f.error("uphill", "counts only in melee (ohw 3.2 i).");
    if (*oath) return f.error("oath", "counts only in melee (ohw scenario S1).");
  }
  if (*terrain == "woods" && *target != "irregulars" && *target != "peasant-archers")
    return f.error("terrain", fmt::format("is woods, where {} cannot stand: only irregulars and "
                                          "peasant-archers enter woods (ohw 1.2 iii, 5.2, 5.3).",
                                          *target));

  // The position.
  nlohmann::json sc = {{"ruleset", "ohw"},
                       {"id", "described"},
                       {"title", "A described situation"},
                       {"turns", 1},
                       {"first", "blue"}};
  sc["sides"] = {{{"id", "blue"}, {"name", "Blue"}}, {{"id", "red"}, {"name", "Red"}}};
  const Place a = charge ? kCharger : melee ? kStriker : kShooter;
  const Place t = melee ? melee_target(*from) : kShotTarget;
  sc["units"] = nlohmann::json::array({{{"id", "attacker"},
                                        {"side", "blue"},
                                        {"type", file_type(*attacker)},
                                        {"x", a.x},
                                        {"y", a.y},
                                        {"heading", a.heading}},
                                       {{"id", "target"},
                                        {"side", "red"},
                                        {"type", file_type(*target)},
                                        {"x", t.x},
                                        {"y", t.y},
                                        {"heading", t.heading}}});
  sc["terrain"] = nlohmann::json::array();
  // The ground reaches from 2" beyond the target's far side to the contact line (melee) or 2"
  // around the target (a shot).
  const std::vector<double> ground =
      melee ? std::vector<double>{14, 12, 22, 20} : std::vector<double>{14, 12, 22, 17};
  if (*terrain != "clear")
    sc["terrain"].push_back({{"id", "ground"}, {"type", *terrain}, {"rect", ground}});
  if (*uphill)
    sc["terrain"].push_back({{"id", "hill"}, {"type", "hill"}, {"rect", {10, 10, 26, 20}}});
  if (*oath) {
    sc["terrain"].push_back(
        {{"id", "objective"}, {"type", "objective"}, {"rect", {16, 13, 20, 15}}});
    sc["oath"] = {{"side", "red"}, {"radius", 4}};
  }
  game::Options options;
  if (*terrain == "redoubt") options["redoubt"] = "true";  // the piece exists under 5.4 only
  auto g = make_ruleset()->new_game(sc, "the described situation", options);
  if (!g) return core::make_error("The described situation could not be laid out: " + g.message());
  auto game = std::static_pointer_cast<const OhwGame>(*g);
  DescribedAttack d;
  d.state = std::make_unique<OhwState>(game);
  OhwState& s = *d.state;
  if (*hits > 0) {
    const geo::Point c{static_cast<std::int64_t>(t.x * kInch),
                       static_cast<std::int64_t>(t.y * kInch)};
    s.debug_place(1, c, t.heading, *hits);
  }
  // Blue's Move phase: a charger is picked; else it ends; the Shoot phase; for a strike, the
  // Melee phase.
  s.set_record_history(false);
  d.melee = melee;
  if (charge) {
    const geo::Side side = *from == "flank"  ? geo::Side::kLeft
                           : *from == "rear" ? geo::Side::kBack
                                             : geo::Side::kFront;
    if (!s.apply(act::kSelectBase + 0).ok())
      return core::make_error("The described charger could not be picked to move.");
    d.action = act::kMoveBase + act::kChargeCode + 4 * 1 + static_cast<int>(side);
  } else if (!s.apply(act::kEndPhase).ok())
    return core::make_error("The described situation could not be played to the Shoot phase.");
  if (!charge && melee && s.phase() == Phase::kShoot && !s.apply(act::kEndPhase).ok())
    return core::make_error("The described situation could not be played to the Melee phase.");
  if (!charge) d.action = melee ? act::kMeleeBase + 64 * 0 + 1 : act::kShootBase + 64 * 0 + 1;
  bool legal = false;
  for (game::Action x : s.legal_actions()) legal |= x == d.action;
  if (!legal)
    return core::make_error(
        fmt::format("In the described situation the {} may not {} (a layout "
                    "the rules do not allow).",
                    *attacker,
                    charge  ? "charge"
                    : melee ? "strike"
                            : "shoot"));
  d.description = {{"attack", *attack},
                   {"attacker", *attacker},
                   {"target", *target},
                   {"terrain", *terrain},
                   {"hits", *hits}};
  if (melee) {
    d.description["from"] = *from;
    d.description["uphill"] = *uphill;
    d.description["oath"] = *oath;
  }
  return d;
}

namespace {

core::Expected<game::DescribedOddsAnswer> answer(const game::SituationFields& f) {
  auto d = describe_attack(f);
  if (!d) return d.error();
  const nlohmann::json& j = d->description;
  game::DescribedOddsAnswer a;
  a.situation = j;
  a.odds = d->state->action_odds(d->action);
  if (j["attack"] == "demolish") {
    a.lines.push_back(fmt::format(
        "Described ohw demolition (scenario S2): {} touching the end of the {} try to break it.",
        j["attacker"].get<std::string>(), j["crossing"].get<std::string>()));
    a.decision = "The demolition";
    return a;
  }
  const std::string attacker = j["attacker"].get<std::string>();
  const std::string target = j["target"].get<std::string>();
  a.lines.push_back(
      d->melee ? fmt::format("Described ohw {}: {} {} {}.", j["attack"].get<std::string>(),
                             attacker, j["attack"] == "charge" ? "charge" : "strike", target)
               : fmt::format("Described ohw shot: {} shoot at {}.", attacker, target));
  std::string where = "in the open";
  const std::string terrain = j["terrain"].get<std::string>();
  if (terrain == "town" || terrain == "woods" || terrain == "redoubt")
    where = "in " + std::string(terrain == "town"    ? "a town"
                                : terrain == "woods" ? "woods"
                                                     : "a redoubt");
  else if (terrain != "clear")
    where = "at a " + terrain;
  std::string line = "  the target: " + where;
  if (d->melee) {
    const std::string from = j["from"].get<std::string>();
    line += from == "front" ? ", struck in the front" : ", struck in the " + from;
    if (j["uphill"].get<bool>()) line += ", uphill of the attacker";
    if (j["oath"].get<bool>()) line += ", by the objective it swore to hold";
  }
  line += fmt::format(", {} hit{} of 15 already", j["hits"].get<int>(),
                      j["hits"].get<int>() == 1 ? "" : "s");
  a.lines.push_back(line);
  a.decision = j["attack"] == "charge" ? "The charge (the strike it leads to)"
               : d->melee              ? "The strike"
                                       : "The shot";
  return a;
}

}  // namespace

int run_described_odds_cli(const std::vector<std::string>& args, std::ostream& out,
                           std::ostream& err) {
  return game::run_described_odds(args, described_odds_spec(), answer, out, err);
}

}  // namespace carroccio::ohw
