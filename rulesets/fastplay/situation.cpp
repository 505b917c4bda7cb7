// `carroccio odds fastplay ...` (situation.hpp): a described volley, machine shot or fight laid
// out as a position.
#include "rulesets/fastplay/situation.hpp"

#include <algorithm>
#include <ostream>

#include "fmt/format.h"
#include "rulesets/fastplay/ruleset.hpp"

namespace carroccio::fastplay {

namespace {

const std::vector<std::string> kTypes = {"archery",       "light-infantry", "heavy-infantry",
                                         "light-cavalry", "heavy-cavalry",  "ballista",
                                         "catapult"};
const std::vector<std::string> kTerrains = {"clear", "woods", "village", "works"};
const std::vector<std::string> kSides = {"front", "flank", "rear"};

TroopType troop(const std::string& word) {
  std::string t = word;
  std::replace(t.begin(), t.end(), '-', '_');
  return *troop_from_name(t);
}

// Centimetres for the scenario file (two decimals at most).
double cm(std::int64_t sub) { return static_cast<double>(sub) / static_cast<double>(kCm); }

// The words of a unit: "4 stands of heavy infantry", "a ballista".
std::string unit_text(const std::string& type, int stands) {
  if (is_war_machine(troop(type))) return "a " + type;
  std::string t = type;
  std::replace(t.begin(), t.end(), '-', ' ');
  return fmt::format("{} stand{} of {}", stands, stands == 1 ? "" : "s", t);
}

}  // namespace

const std::string_view kDescribedOddsUsage =
    R"(       carroccio odds fastplay --attack shoot|melee --attacker TYPE
                  --target TYPE [--stands N] [--target-stands N] [--range CM]
                  [--terrain T] [--from front|flank|rear] [--charged]
                  [--commander] [--lone-commander] [--target-commander] [--json]
       carroccio odds fastplay --attack retreat --attacker TYPE [--stands N]
                  [--commander] [--lone-commander] [--target TYPE] [--json]
       carroccio odds fastplay --situation FILE [--json]
A described fastplay volley, war machine shot, melee fight or retreat from
melee, no game needed (carroccio odds fastplay --help).
)";

game::CommandSpec described_odds_spec() {
  return game::described_odds_spec(
      "fastplay",
      "The exact odds of a fastplay archery volley, war machine shot or melee fight "
      "described without a game: laid out as a position and resolved by the same "
      "rules as a game in play, every modifier with its clause.",
      {{.name = "attack",
        .takes_value = true,
        .help = "shoot (archery 5.2, war machines 10.2) or melee (the unit's fight, 8.1: "
                "also the fight a charge leads to, 6.1)",
        .value_name = "KIND"},
       {.name = "attacker",
        .takes_value = true,
        .help = "the unit shooting or fighting: archery, light-infantry, heavy-infantry, "
                "light-cavalry, heavy-cavalry, ballista or catapult; only archery and the "
                "two machines shoot (5.1, 10.2)",
        .value_name = "TYPE"},
       {.name = "stands",
        .takes_value = true,
        .help = "the attacker's live stands in line, 1 to 6 (default 4; a machine is one "
                "stand): a die for each archer stand (5.2), in melee for each stand "
                "touching the enemy (8.1)",
        .value_name = "N"},
       {.name = "target",
        .takes_value = true,
        .help = "the unit shot at or fought, the same types (retreat: the enemy it leaves, "
                "default heavy-infantry; it changes nothing)",
        .value_name = "TYPE"},
       {.name = "target-stands",
        .takes_value = true,
        .help = "the target's live stands in line, 1 to 6 (default 4): losing them all "
                "destroys it",
        .value_name = "N"},
       {.name = "range",
        .takes_value = true,
        .help = "shoot: centimetres from the nearest shooting stand to the target, from 1 "
                "(default 20) to 40 for archery (5.2), 70 for a ballista, 80 for a catapult "
                "(10.2)",
        .value_name = "CM"},
       {.name = "terrain",
        .takes_value = true,
        .help = "shoot: the target's ground: clear (default), woods, village or works (cover: "
                "one more needed, 10.2, ruling F-13; terrain does nothing in melee, F-7)",
        .value_name = "T"},
       {.name = "from",
        .takes_value = true,
        .help = "melee: the target's side the attacker's front touches: front (default), "
                "flank or rear (+1 to the die, 10.3)",
        .value_name = "SIDE"},
       {.name = "charged",
        .help = "melee: the attacker charged this turn (cavalry of two stands or more add a "
                "die, 7.2)",
        .switch_word = true},
       {.name = "commander",
        .help = "the attacker's commander is with it (a die more, 11.1)",
        .switch_word = true},
       {.name = "lone-commander",
        .help = "the attacker is a commander figure alone, fighting as its TYPE at +1 (11.3; "
                "one 2 cm stand)",
        .switch_word = true},
       {.name = "target-commander",
        .help = "the target's commander is with it (the chance it falls, 11.2)",
        .switch_word = true}},
      R"(Types and words may be written with '-', '_' or spaces ("heavy cavalry"). The
units stand in one rank, face to face (or the attacker's front on the target's
left flank or rear), so the dice are those of the stands that touch. A situation
file holds the same fields as one JSON object ("target_stands" for
--target-stands), e.g.
  {"attack": "melee", "attacker": "heavy-cavalry", "target": "light-infantry",
   "from": "flank", "charged": true}
What is not given is the plainest case (ruling F-35): four stands a side, 20 cm
of open ground for a shot, front to front in melee, no charge, no commander.)");
}

core::Expected<DescribedAttack> describe_attack(const game::SituationFields& f) {
  auto attack = f.word("attack", {"shoot", "melee", "retreat"});
  if (!attack) return attack.error();
  auto attacker = f.word("attacker", kTypes);
  if (!attacker) return attacker.error();
  const bool retreat = *attack == "retreat";
  // F-35: the enemy a retreating unit leaves plays no part in its d10 (9.1).
  auto target = f.word("target", kTypes, retreat ? "heavy-infantry" : "");
  if (!target) return target.error();
  if (retreat)
    for (const char* key :
         {"target_stands", "target_commander", "range", "terrain", "from", "charged"})
      if (f.has(key))
        return f.error(key,
                       "is not part of a retreat: its d10 depends on the retreating unit alone "
                       "(fastplay 9.1).");
  const bool melee = *attack != "shoot";  // a retreat leaves a melee: laid out as one
  const TroopType at = troop(*attacker), tt = troop(*target);
  for (const auto& [key, type] : {std::pair{"stands", at}, std::pair{"target_stands", tt}})
    if (is_war_machine(type) && f.has(key))
      return f.error(
          key, fmt::format("is not for a {}, which is one stand (ruling F-16).", troop_name(type)));
  auto lone = f.yes_no("lone_commander");
  if (!lone) return lone.error();
  if (*lone) {
    if (is_war_machine(at))
      return f.error("lone_commander", fmt::format("needs a troop type: a {} has no commander "
                                                   "figure (fastplay 11.3).",
                                                   *attacker));
    if (f.has("stands"))
      return f.error("stands", "is not for a lone commander, which is one figure (fastplay 11.3).");
    if (f.has("commander"))
      return f.error("commander",
                     "is for a unit's commander; a lone commander is the figure "
                     "itself (fastplay 11.3).");
  }
  auto stands = f.number("stands", 1, kMaxUnitStands, kMinUnitStands);
  if (!stands) return stands.error();
  auto target_stands = f.number("target_stands", 1, kMaxUnitStands, kMinUnitStands);
  if (!target_stands) return target_stands.error();
  auto commander = f.yes_no("commander");
  if (!commander) return commander.error();
  auto target_commander = f.yes_no("target_commander");
  if (!target_commander) return target_commander.error();
  auto from = f.word("from", kSides, "front");
  if (!from) return from.error();
  auto charged = f.yes_no("charged");
  if (!charged) return charged.error();
  auto terrain = f.word("terrain", kTerrains, "clear");
  if (!terrain) return terrain.error();
  const std::int64_t reach = at == TroopType::kBallista   ? kBallista.max_range
                             : at == TroopType::kCatapult ? kCatapult[1].max_range
                                                          : kArcheryRange;
  auto range = f.number("range", 1, static_cast<int>(kCatapult[1].max_range / kCm), 20);
  if (!range) return range.error();
  if (*range * kCm > reach)
    return f.error("range",
                   fmt::format("is {} cm, beyond the {} cm {} reaches (fastplay {}).", *range,
                               reach / kCm, is_war_machine(at) ? "a " + *attacker : *attacker,
                               at == TroopType::kArchery ? "5.2" : "10.2"));
  if (melee) {
    if (f.has("range")) return f.error("range", "is for a shot, not for melee.");
    if (f.has("terrain"))
      return f.error("terrain", "counts only against missiles (fastplay 10.2, ruling F-7).");
  } else {
    if (at != TroopType::kArchery && !is_war_machine(at))
      return f.error("attacker", fmt::format("is {}, which does not shoot: only archery, "
                                             "ballista and catapult shoot (fastplay 5.1, 10.2).",
                                             *attacker));
    if (f.has("from")) return f.error("from", "counts only in melee (fastplay 10.3).");
    if (*charged) return f.error("charged", "counts only in melee (fastplay 7.2).");
  }

  // The position (centimetres, a 100 cm table; the attacker is army A, acting first in turn 1).
  // A shot: the shooter at (50, 10) facing north, the target `range` ahead facing it. A fight:
  // the attacker at (50, 40) facing north, the target's front, left flank or rear on its front.
  const StandSize as = *lone ? kCommanderStand : stand_size(at), ts = stand_size(tt);
  const bool one_a = is_war_machine(at) || *lone;  // a single stand
  const int built_a = one_a ? 1 : std::max(*stands, kMinUnitStands);
  const int built_t = is_war_machine(tt) ? 1 : std::max(*target_stands, kMinUnitStands);
  const geo::Point a{50 * kCm, (melee ? 40 : 10) * kCm};
  geo::Point t = a;
  int heading = 270;
  if (!melee) {
    t.y += as.depth / 2 + *range * kCm + ts.depth / 2;
  } else if (*from == "flank") {
    // Facing west: the target's line runs south to north, its first stand (its left) on the
    // attacker's front.
    t.y += as.depth / 2 + built_t * ts.width / 2;
    heading = 180;
  } else {
    t.y += as.depth / 2 + ts.depth / 2;
    heading = *from == "rear" ? 90 : 270;
  }
  nlohmann::json sc = {{"ruleset", "fastplay"},
                       {"id", "described"},
                       {"title", "A described situation"},
                       {"turns", 1},
                       {"first", "a"},
                       {"table", {{"width", 100}, {"height", 100}}},
                       {"organisation", "free"}};
  sc["sides"] = {{{"id", "a"}, {"name", "Army A"}}, {{"id", "b"}, {"name", "Army B"}}};
  auto unit = [&](const char* id, const char* side, TroopType type, geo::Point c, int h, int built,
                  bool with_commander, bool alone) {
    nlohmann::json u = {{"id", id},     {"side", side}, {"type", troop_name(type)},
                        {"x", cm(c.x)}, {"y", cm(c.y)}, {"heading", h}};
    if (alone)
      u["lone_commander"] = true;
    else if (!is_war_machine(type))
      u["stands"] = built;
    if (with_commander) u["commander"] = true;
    return u;
  };
  sc["units"] = nlohmann::json::array(
      {unit("attacker", "a", at, a, 90, built_a, *commander, *lone),
       unit("target", "b", tt, t, heading, built_t, *target_commander, false)});
  sc["terrain"] = nlohmann::json::array();
  if (*terrain != "clear") {
    // Around the target's stands, from its front edge back.
    const std::int64_t half = built_t * ts.width / 2 + 2 * kCm;
    sc["terrain"].push_back({{"id", "ground"},
                             {"type", *terrain},
                             {"rect",
                              {cm(t.x - half), cm(t.y - ts.depth / 2), cm(t.x + half),
                               cm(t.y + ts.depth / 2 + 2 * kCm)}}});
  }
  auto g = make_ruleset()->new_game(sc, "the described situation", {});
  if (!g) return core::make_error("The described situation could not be laid out: " + g.message());
  DescribedAttack d;
  d.state = std::make_unique<FastplayState>(std::static_pointer_cast<const FastplayGame>(*g));
  FastplayState& s = *d.state;
  s.set_record_history(false);
  // Stands already lost: the last of each line.
  for (int i = one_a ? 1 : *stands; i < built_a; ++i) s.debug_kill_stand(0, i);
  for (int i = is_war_machine(tt) ? 1 : *target_stands; i < built_t; ++i) s.debug_kill_stand(1, i);
  d.melee = melee;
  if (melee) {
    // Both armies pass (or end their movement) up to the Melee phase.
    for (int guard = 0; guard < 50 && s.phase() != Phase::kMelee; ++guard)
      if (s.is_chance_node() || s.is_terminal() ||
          !s.apply(s.selected() >= 0 ? act::kMoveBase : act::kPass).ok())
        break;
    if (s.phase() != Phase::kMelee)
      return core::make_error("The described situation could not be played to the Melee phase.");
    if (*charged) s.debug_set_flags(0, static_cast<std::uint16_t>(s.unit(0).flags | kCharged));
    d.action = act::kFightBase + 0;
    if (retreat) {
      // Neither fights: on to the Retreat phase, to army A's turn in it.
      for (int guard = 0; guard < 50 && s.phase() != Phase::kRetreat; ++guard)
        if (s.is_chance_node() || s.is_terminal() || !s.apply(act::kPass).ok()) break;
      if (s.phase() == Phase::kRetreat && s.current_player() != 0 && !s.apply(act::kPass).ok())
        return core::make_error("The described situation could not be played to the retreat.");
      if (s.phase() != Phase::kRetreat || s.current_player() != 0)
        return core::make_error(
            "The described situation could not be played to the Retreat phase.");
      d.action = act::kRetreatBase + 0;
    }
  } else {
    d.action = act::kShootBase + 64 * 0 + 1;
  }
  bool legal = false;
  for (game::Action x : s.legal_actions()) legal |= x == d.action;
  if (!legal)
    return core::make_error(
        fmt::format("In the described situation the {} may not {} (a layout "
                    "the rules do not allow).",
                    *attacker,
                    retreat ? "retreat"
                    : melee ? "fight"
                            : "shoot"));
  nlohmann::json& j = d.description;
  j = {{"attack", *attack},
       {"attacker", *attacker},
       {"stands", one_a ? 1 : *stands},
       {"lone_commander", *lone},
       {"target", *target},
       {"target_stands", is_war_machine(tt) ? 1 : *target_stands},
       {"commander", *commander},
       {"target_commander", *target_commander}};
  if (retreat) {
    j.erase("target_stands");
    j.erase("target_commander");
  } else if (melee) {
    j["from"] = *from;
    j["charged"] = *charged;
  } else {
    j["range"] = *range;
    j["terrain"] = *terrain;
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
  const std::string attacker =
      j["lone_commander"].get<bool>()
          ? fmt::format("a lone commander ({})", j["attacker"].get<std::string>())
          : unit_text(j["attacker"].get<std::string>(), j["stands"].get<int>());
  const std::string target = j.contains("target_stands") ? unit_text(j["target"].get<std::string>(),
                                                                     j["target_stands"].get<int>())
                                                         : j["target"].get<std::string>();
  // "a ballista shoots", "4 stands of archery shoot".
  const bool one =
      is_war_machine(troop(j["attacker"].get<std::string>())) || j["lone_commander"].get<bool>();
  auto verb = [&](const char* v) { return std::string(v) + (one ? "s" : ""); };
  std::string line;
  if (j["attack"] == "retreat") {
    std::string enemy = j["target"].get<std::string>();
    std::replace(enemy.begin(), enemy.end(), '-', ' ');
    line = fmt::format("Described fastplay retreat: {} {} from melee with {}.", attacker,
                       verb("retreat"), enemy);
  } else if (d->melee) {
    line = fmt::format("Described fastplay melee: {}{} {} {}, front to {}.", attacker,
                       j["charged"].get<bool>() ? " (charged this turn)" : "", verb("fight"),
                       target, j["from"].get<std::string>());
  } else {
    const std::string terrain = j["terrain"].get<std::string>();
    line = fmt::format("Described fastplay shot: {} {} at {} {} cm away{}.", attacker,
                       verb("shoot"), target, j["range"].get<int>(),
                       terrain == "clear"   ? ""
                       : terrain == "works" ? ", behind field works"
                                            : ", in " + terrain);
  }
  a.lines.push_back(line);
  const bool target_commander = j.value("target_commander", false);
  if (j["commander"].get<bool>() || target_commander)
    a.lines.push_back(fmt::format("  commanders: {}",
                                  j["commander"].get<bool>() && target_commander ? "with both units"
                                  : j["commander"].get<bool>() ? "with the attacker"
                                                               : "with the target"));
  a.decision = j["attack"] == "retreat" ? "The retreat" : d->melee ? "The fight" : "The shot";
  return a;
}

}  // namespace

int run_described_odds_cli(const std::vector<std::string>& args, std::ostream& out,
                           std::ostream& err) {
  return game::run_described_odds(args, described_odds_spec(), answer, out, err);
}

}  // namespace carroccio::fastplay
