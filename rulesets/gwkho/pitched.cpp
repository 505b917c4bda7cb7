// A pitched battle (ruling G-73): two army lists at a points total on a table generated from the
// scenario's seed. A scenario file with a "pitched" section names the two armies (built-in ids or
// inline lists) and gives no terrain or deployment; expand_pitched() checks both armies against
// the points total and writes the terrain and deployment an ordinary scenario has, so the rest of
// the game reads it as it reads every other battle. The options blue, red, points and seed replace
// the file's values. Nothing here is a rule of play: the same file and options give the same table.
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "fmt/format.h"
#include "game/scenario_reader.hpp"
#include "game/switches.hpp"
#include "rulesets/gwkho/game.hpp"
#include "rulesets/gwkho/resolve.hpp"

namespace carroccio::gwkho {

namespace {

constexpr int kTenth = kUnitsPerInch / 10;  // 0.1 inch in sub-units
constexpr int kZoneInches = 12;             // [G-43] deployment zones 12 inches deep
constexpr int kMinSeed = 1, kMaxSeed = 99;

// A small deterministic generator (splitmix64): the table is a pure function of the seed.
struct Mix {
  std::uint64_t s;
  std::uint64_t next() {
    std::uint64_t z = (s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  // A whole number in [lo, hi].
  int in(int lo, int hi) {
    return lo + static_cast<int>(next() % static_cast<std::uint64_t>(hi - lo + 1));
  }
};

// Tenths of an inch as the file writes them (12.3).
nlohmann::json inches(std::int64_t tenths) {
  if (tenths % 10 == 0) return tenths / 10;
  return static_cast<double>(tenths) / 10.0;
}

// Sub-units rounded up to a whole tenth of an inch, in tenths.
std::int64_t tenths_up(std::int64_t units) { return (units + kTenth - 1) / kTenth; }

struct Block {
  int command, regiment, group, count, frontage = 1;
  std::int64_t width = 0, depth = 0;  // sub-units, element base
};

// [G-73] The groups of an army in the list's order: each command's own groups, then its
// regiments' groups.
std::vector<Block> blocks_of(const ArmyList& a) {
  std::vector<Block> out;
  for (std::size_t c = 0; c < a.commands.size(); ++c) {
    const Command& cmd = a.commands[c];
    auto add = [&](const ElementGroup& g, int r, std::size_t gi) {
      const BaseSize b = base_size(deployed_troop(g).type);  // mounted infantry ride (G-40b)
      out.push_back({static_cast<int>(c), r, static_cast<int>(gi), g.count, 1,
                     std::int64_t{b.width_mm} * 50, std::int64_t{b.depth_mm} * 50});
    };
    for (std::size_t g = 0; g < cmd.elements.size(); ++g) add(cmd.elements[g], -1, g);
    for (std::size_t r = 0; r < cmd.regiments.size(); ++r)
      for (std::size_t g = 0; g < cmd.regiments[r].elements.size(); ++g)
        add(cmd.regiments[r].elements[g], static_cast<int>(r), g);
  }
  return out;
}

// [G-73] One army in its zone: every group in one line, commands left to right in the list's
// order, as few ranks as let the line fit the table with 2 inches spare at each end; the line
// centred; 0.3 inch between groups, 1 inch between commands.
core::Expected<nlohmann::json> deploy(const ArmyList& a, bool north, std::int64_t width,
                                      std::int64_t height, std::string_view field) {
  std::vector<Block> bs = blocks_of(a);
  const std::int64_t gap = 3, command_gap = 10;  // tenths
  const std::int64_t room = width / kTenth - 40;
  for (int ranks = 1; ranks <= 12; ++ranks) {
    std::int64_t total = 0, deepest = 0;
    for (std::size_t i = 0; i < bs.size(); ++i) {
      Block& b = bs[i];
      b.frontage = std::max(1, (b.count + ranks - 1) / ranks);
      if (i > 0) total += bs[i - 1].command == b.command ? gap : command_gap;
      total += tenths_up(b.frontage * b.width);
      deepest =
          std::max<std::int64_t>(deepest, ((b.count + b.frontage - 1) / b.frontage) * b.depth);
    }
    if (total > room) continue;
    if (deepest > kZoneInches * kUnitsPerInch)
      break;  // deeper than its zone: the army is too large for the table
    nlohmann::json out = nlohmann::json::array();
    std::int64_t x = (width / kTenth - total) / 2;
    const std::int64_t front = north ? height / kTenth - kZoneInches * 10 : kZoneInches * 10;
    for (std::size_t i = 0; i < bs.size(); ++i) {
      const Block& b = bs[i];
      if (i > 0) x += bs[i - 1].command == b.command ? gap : command_gap;
      const std::int64_t w = tenths_up(b.frontage * b.width);
      // Facing north (heading 90) the front-left corner is the block's west end; facing south
      // (270), its east end.
      nlohmann::json d = {{"command", b.command},
                          {"group", b.group},
                          {"frontage", b.frontage},
                          {"at", {inches(north ? x + w : x), inches(front)}},
                          {"heading", north ? 270 : 90}};
      if (b.regiment >= 0) d["regiment"] = b.regiment;
      out.push_back(std::move(d));
      x += w;
    }
    return out;
  }
  return core::make_error(fmt::format(
      "{}: the army '{}' does not fit its 12-inch deployment zone on this table (ruling G-73).",
      field, a.id));
}

// A piece's box: its centre and half its width and depth, in tenths of an inch.
struct TerrainBox {
  int cx, cy, hw, hd;
  // Boxes more than `clear` tenths apart along either axis.
  bool clear_of(const TerrainBox& o, int clear) const {
    return std::abs(o.cx - cx) > o.hw + hw + clear || std::abs(o.cy - cy) > o.hd + hd + clear;
  }
};

// [G-73] Terrain: two to four pieces, each rough or (one in three) bad going, a jittered hexagon
// 6 to 12 inches wide and 4 to 7 deep, centred between the deployment zones (at least an inch
// from each) and 4 inches from the side edges, no two overlapping. `placed` gets their boxes.
nlohmann::json terrain(std::uint64_t seed, std::int64_t width, std::int64_t height,
                       std::vector<TerrainBox>& placed) {
  Mix mix{seed * 0x2545F4914F6CDD1DULL + 1};
  const int n = mix.in(2, 4);
  nlohmann::json out = nlohmann::json::array();
  const int w = static_cast<int>(width / kTenth), h = static_cast<int>(height / kTenth);
  static constexpr int kCos[6] = {1000, 500, -500, -1000, -500, 500};
  static constexpr int kSin[6] = {0, 866, 866, 0, -866, -866};
  for (int k = 0, tries = 0; k < n && tries < 200; ++tries) {
    TerrainBox b{0, 0, mix.in(30, 60), mix.in(20, 35)};
    const int ylo = kZoneInches * 10 + 10 + b.hd, yhi = h - kZoneInches * 10 - 10 - b.hd;
    if (yhi < ylo) break;
    b.cx = mix.in(40 + b.hw, w - 40 - b.hw);
    b.cy = mix.in(ylo, yhi);
    const bool bad = mix.in(0, 2) == 0;
    bool clear = true;
    for (const TerrainBox& o : placed) clear = clear && b.clear_of(o, 10);
    std::array<int, 6> jitter{};
    for (int& j : jitter) j = mix.in(80, 100);
    if (!clear) continue;
    placed.push_back(b);
    nlohmann::json poly = nlohmann::json::array();
    for (int v = 0; v < 6; ++v)
      poly.push_back(
          {inches(b.cx + b.hw * kCos[v] * jitter[static_cast<std::size_t>(v)] / 100000),
           inches(b.cy + b.hd * kSin[v] * jitter[static_cast<std::size_t>(v)] / 100000)});
    out.push_back({{"id", fmt::format("{}-{}", bad ? "marsh" : "scrub", k + 1)},
                   {"going", bad ? "bad" : "rough"},
                   {"polygon", std::move(poly)}});
    ++k;
  }
  return out;
}

// [G-73a] Field boundaries: none, one or two (each a chance of one in three), each a hedge or (one
// in three) a ditch: a straight stretch 8 to 16 inches long running across the table, slanting
// by up to a quarter of its length, and (one in three) turning at its east end through a right
// angle for 3 to 6 inches toward either army, like the corner of a field. Each lies between the
// deployment zones (an inch clear of each, so that no element is deployed on it) and 4 inches
// from the side edges, its box an inch clear of every terrain piece's box and of the other
// line's. Drawn from the seed by a generator of their own, so that the terrain pieces are those
// the seed gave before the lines were drawn. No field works, fortifications or wagons: the text
// gives no army list a right to them, and a pitched battle has no defender.
nlohmann::json lines(std::uint64_t seed, std::int64_t width, std::int64_t height,
                     std::vector<TerrainBox> placed) {
  Mix mix{seed * 0xD1B54A32D192ED03ULL + 7};  // not the step of next(): seeds apart
  const int w = static_cast<int>(width / kTenth), h = static_cast<int>(height / kTenth);
  const int ylo = kZoneInches * 10 + 10, yhi = h - kZoneInches * 10 - 10;
  nlohmann::json out = nlohmann::json::array();
  // One draw a statement: the order of the draws is the generator's, whatever the compiler.
  int n = mix.in(0, 2) == 0 ? 1 : 0;
  n += mix.in(0, 2) == 0 ? 1 : 0;
  for (int k = 0, tries = 0; k < n && tries < 100 && yhi > ylo; ++tries) {
    const bool ditch = mix.in(0, 2) == 0;
    const int length = mix.in(80, 160);
    const int slant = mix.in(-length / 4, length / 4);
    const bool corner = mix.in(0, 2) == 0;
    const int turn_length = mix.in(30, 60);
    const int turn = !corner ? 0 : mix.in(0, 1) == 0 ? -turn_length : turn_length;
    if (w - 80 < length) continue;
    const int x0 = mix.in(40, w - 40 - length);
    const int y0 = mix.in(ylo, yhi);
    std::vector<std::array<int, 2>> pts = {{x0, y0}, {x0 + length, y0 + slant}};
    if (turn != 0) pts.push_back({x0 + length, y0 + slant + turn});
    int xmin = w, xmax = 0, ymin = h, ymax = 0;
    for (const auto& p : pts) {
      xmin = std::min(xmin, p[0]);
      xmax = std::max(xmax, p[0]);
      ymin = std::min(ymin, p[1]);
      ymax = std::max(ymax, p[1]);
    }
    if (ymin < ylo || ymax > yhi) continue;
    const TerrainBox b{(xmin + xmax) / 2, (ymin + ymax) / 2, (xmax - xmin + 1) / 2,
                       (ymax - ymin + 1) / 2};
    bool clear = true;
    for (const TerrainBox& o : placed) clear = clear && b.clear_of(o, 10);
    if (!clear) continue;
    placed.push_back(b);
    nlohmann::json line = nlohmann::json::array();
    for (const auto& p : pts) line.push_back({inches(p[0]), inches(p[1])});
    out.push_back({{"id", fmt::format("{}-{}", ditch ? "ditch" : "hedge", k + 1)},
                   {"kind", ditch ? "ditch" : "hedge"},
                   {"line", std::move(line)}});
    ++k;
  }
  return out;
}

}  // namespace

const std::vector<std::string>& pitched_points_values() {
  static const std::vector<std::string> kValues = {"300", "400", "500", "600", "700", "800"};
  return kValues;
}

std::vector<game::OptionInfo> rule_options_info() {
  std::vector<std::string> armies;
  for (const auto& [id, text] : builtin_army_lists()) armies.push_back(id);
  std::vector<std::string> seeds;
  for (int s = kMinSeed; s <= 12; ++s) seeds.push_back(std::to_string(s));
  return {
      {"blue", "pitched battle (ruling G-73): the blue army, a built-in army list", armies},
      {"red", "pitched battle (ruling G-73): the red army, a built-in army list", armies},
      {"points", "pitched battle (ruling G-73): the points total both armies must keep within",
       pitched_points_values()},
      {"seed", "pitched battle (ruling G-73): the seed the table's terrain is drawn from", seeds},
      {"sequence",
       "sequence of play (ruling G-6): alternate bounds, or each round initiative dice and the "
       "commands activated one at a time, drawn at random, decisive commanders first if they will",
       {"alternate", "random"}},
      {"surrender",
       "surrender (ruling G-37): broken elements that the rules say give themselves up are "
       "removed at the end of each bound",
       {"off", "on"}}};
}

core::Expected<RuleOptions> parse_rule_options(const game::Options& options) {
  RuleOptions r;
  std::vector<std::string> names;
  for (const auto& o : rule_options_info()) names.push_back(o.name);
  for (const auto& [name, value] : options) {
    const auto known = rule_options_info();
    const auto it = std::find_if(known.begin(), known.end(),
                                 [&n = name](const game::OptionInfo& o) { return o.name == n; });
    if (it == known.end()) return game::unknown_option_error("gwkho", name, names);
    if (std::find(it->values.begin(), it->values.end(), value) == it->values.end())
      return core::make_error(fmt::format("Option '{}' cannot be '{}': it can be {}.", name, value,
                                          fmt::join(it->values, ", ")));
    if (name == "blue") r.blue = value;
    if (name == "red") r.red = value;
    if (name == "points") r.points = std::stoi(value);
    if (name == "seed") r.seed = std::stoi(value);
    if (name == "sequence") r.random_activation = value == "random";
    if (name == "surrender") r.surrender = value == "on";
  }
  return r;
}

bool RuleOptions::pitched() const { return blue || red || points || seed; }

core::Expected<nlohmann::json> expand_pitched(const nlohmann::json& file, std::string_view source,
                                              const RuleOptions& options) {
  if (!file.is_object() || !file.contains("pitched")) {
    if (options.pitched())
      return core::make_error(fmt::format(
          "{}: the options blue, red, points and seed are for a pitched battle (a scenario with "
          "a 'pitched' section, like gwkho/pitched), and this scenario has none.",
          source));
    return file;
  }
  game::FieldReader rd(source);
  const nlohmann::json& p = file["pitched"];
  int points = 0, seed = 0;
  if (!rd.object(p, "pitched.") ||
      !rd.only_fields(p, "pitched.", {"points", "seed"}, "a pitched battle") ||
      !rd.integer(p, "pitched.", "points", points, 100, 5000) ||
      !rd.integer(p, "pitched.", "seed", seed, kMinSeed, kMaxSeed))
    return *rd.err();
  if (file.contains("terrain"))
    return rd.error("terrain", "is drawn from the seed in a pitched battle: leave it out");
  if (file.contains("linear"))
    return rd.error("linear", "is drawn from the seed in a pitched battle: leave it out");
  if (options.points) points = *options.points;
  if (options.seed) seed = *options.seed;
  nlohmann::json out = file;
  out.erase("pitched");
  // The table: the file's size or the default 72 x 48.
  std::int64_t width = 72 * kUnitsPerInch, height = 48 * kUnitsPerInch;
  if (file.contains("table") && file["table"].is_array() && file["table"].size() == 2 &&
      file["table"][0].is_number() && file["table"][1].is_number()) {
    width = static_cast<std::int64_t>(file["table"][0].get<double>() * kUnitsPerInch);
    height = static_cast<std::int64_t>(file["table"][1].get<double>() * kUnitsPerInch);
  }
  if (!file.contains("sides") || !file["sides"].is_array() || file["sides"].size() != 2)
    return rd.error("sides", "must be the two sides");
  for (std::size_t s = 0; s < 2; ++s) {
    const std::string sp = game::item_path("sides", s);
    nlohmann::json& side = out["sides"][s];
    if (!side.is_object()) return rd.error(sp, "must be an object");
    if (side.contains("deploy"))
      return rd.error(sp + "deploy", "is generated in a pitched battle: leave it out");
    const std::optional<std::string>& chosen = s == 0 ? options.blue : options.red;
    if (chosen) side["army"] = *chosen;
    if (!side.contains("army")) return rd.error(sp + "army", "is missing: name an army list");
    core::Expected<ArmyList> army = core::make_error("");
    if (side["army"].is_string())
      army = builtin_army_list(side["army"].get<std::string>());
    else
      army = load_army_list(side["army"], fmt::format("{}: field '{}army'", source, sp));
    if (!army) return rd.error(sp + "army", game::sentence_body(army.error().message));
    // [Pts-7, Pts-4] Both armies keep within the points total (a light army half as much again).
    ArmyList capped = *army;
    capped.budget = points;
    const Points cost = assess(capped).points;
    const Points allowed = *spending_allowed(capped);
    if (cost > allowed)
      return rd.error(sp + "army",
                      fmt::format("is '{}', which costs {} points, more than the battle's {} "
                                  "(rule Pts-7, ruling G-73)",
                                  army->id, cost.text(), allowed.text()));
    const bool north = side.value("edge", "") == "north";
    auto d = deploy(*army, north, width, height, fmt::format("{}: field '{}army'", source, sp));
    if (!d) return d.error();
    side["deploy"] = std::move(*d);
  }
  std::vector<TerrainBox> placed;
  out["terrain"] = terrain(static_cast<std::uint64_t>(seed), width, height, placed);
  out["linear"] = lines(static_cast<std::uint64_t>(seed), width, height, placed);
  return out;
}

}  // namespace carroccio::gwkho
