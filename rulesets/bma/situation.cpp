// A described combat laid out as a real position (see situation.hpp). The layout is a small
// board with the defender in the middle and each attacker on a neighbouring hex of the arc it
// attacks through; every property the description names is then checked on the built position
// with the rules' own queries, so a layout that would not mean what was described is refused.
#include "rulesets/bma/situation.hpp"

#include <algorithm>
#include <cctype>
#include <functional>

#include "core/text.hpp"
#include "fmt/format.h"
#include "game/types.hpp"
#include "rulesets/bma/ruleset.hpp"

namespace carroccio::bma {
namespace {

constexpr int kCols = 13, kRows = 13;
constexpr const char* kCentre = "0707";
constexpr int kMaxAttackers = 6;  // a hex has six neighbours (4.2: no stacking)

using core::lower;

std::string trim(std::string_view s) { return std::string(core::trim(s)); }

core::Error error(std::string text) { return core::make_error(std::move(text)); }

// "The defender", "Attacker 2", "The described combat": a role at the start of a sentence.
std::string Cap(const std::string& role) {
  if (role.rfind("attacker", 0) == 0) return "A" + role.substr(1);
  return "The " + role;
}

struct Piece;
bool beside_carroccio(const BmaState& s, const Piece& p);

// One described unit.
struct Piece {
  std::string role;  // "defender", "attacker 2": named in every error
  std::string id, name;
  int side = -1;
  UnitType type = UnitType::kInfantry;
  Rating rating = Rating::kB;
  bool named = false;  // a unit of the scenario
  int chit = 0;        // 0: not yet drawn
  Status status = Status::kOrdered;
  std::string terrain = "clear";
  int arc = 0;  // attackers: 0 front, 1 flank, 2 rear (7.2.5)
  bool charge = false;
  bool by_carroccio = false;  // 9.3.1: next to its side's Carroccio
  bool guarded = true;        // a Carroccio defender with a friendly unit beside it (9.3.2)
  std::string leader_text;    // as given
  int leader = -1;            // index into the described leaders
  // Layout.
  int hex = kNoHex, start = kNoHex, facing = 0;
  int unit = -1;  // unit index in the built scenario
};

// 9.3.1: next to its own Carroccio (infantry -3, cavalry -1 on morale checks); infantry two
// hexes away (-1) is not "beside" it and changes nothing in a combat.
bool beside_carroccio(const BmaState& s, const Piece& p) {
  const int m = s.morale_modifier_carroccio(p.unit);
  return p.type == UnitType::kInfantry ? m == -3 : m == -1;
}

struct LeaderPiece {
  std::string id, name;
  int side = 0, command = 1;
  bool supreme = false;
  int hex = kNoHex;
};

// Fields a piece may carry: the defender and the attackers share most.
const std::vector<std::string> kDefenderFields = {"unit",   "chit",      "status",  "terrain",
                                                  "leader", "carroccio", "guarded", "_comment"};
const std::vector<std::string> kAttackerFields = {"unit",   "chit",      "from",    "charge",
                                                  "leader", "carroccio", "_comment"};

core::Status check_fields(const nlohmann::json& j, const std::string& where,
                          const std::vector<std::string>& known) {
  if (!j.is_object())
    return error(fmt::format("{} must be an object of fields such as \"unit\".", Cap(where)));
  for (const auto& [key, value] : j.items()) {
    (void)value;
    if (std::find(known.begin(), known.end(), key) == known.end())
      return error(fmt::format("{} has an unknown field \"{}\" (known: {}).", Cap(where), key,
                               fmt::join(known.begin(), known.end() - 1, ", ")));
  }
  return {};
}

core::Expected<bool> flag(const nlohmann::json& j, const std::string& where, const char* key,
                          bool fallback) {
  if (!j.contains(key)) return fallback;
  if (!j[key].is_boolean())
    return error(fmt::format("{}'s \"{}\" must be true or false.", Cap(where), key));
  return j[key].get<bool>();
}

core::Expected<std::string> text(const nlohmann::json& j, const std::string& where, const char* key,
                                 std::string fallback) {
  if (!j.contains(key)) return fallback;
  if (!j[key].is_string())
    return error(fmt::format("{}'s \"{}\" must be a string.", Cap(where), key));
  return trim(j[key].get<std::string>());
}

class Builder {
 public:
  explicit Builder(const nlohmann::json& situation) : in_(situation) {}

  core::Expected<DescribedCombat> run();

 private:
  core::Status read_top();
  core::Status read_piece(const nlohmann::json& j, Piece& p, bool defender);
  core::Status resolve_unit(Piece& p, const std::string& want, int side);
  core::Status resolve_leader(Piece& p);
  core::Status check_piece(const Piece& p, bool defender);
  bool lay_out();
  nlohmann::json scenario_json() const;
  core::Expected<DescribedCombat> build();

  const nlohmann::json& in_;
  std::shared_ptr<const BmaGame> base_;  // the named scenario: sides, pieces, rout levels
  std::string scenario_id_ = "legnano";
  game::Options options_;
  RuleOptions rules_;
  int attacking_ = -1;
  std::array<int, kNumSides> vp_lost_{0, 0};
  Piece defender_;
  std::vector<Piece> attackers_;
  std::vector<LeaderPiece> leaders_;
  std::vector<int> used_units_;  // scenario unit indices named so far
  // Extra pieces of the layout.
  Board board_{kCols, kRows, true, true};
  int centre_ = kNoHex;
  int guard_hex_ = kNoHex;            // a friend (infantry) beside a defending Carroccio (9.3.2)
  int own_carroccio_hex_ = kNoHex;    // the attacking side's Carroccio (9.3.1)
  int enemy_carroccio_hex_ = kNoHex;  // the defending side's Carroccio (9.3.1)
  int attack_commander_hex_ = kNoHex, defence_commander_hex_ = kNoHex;
  int reserve_hex_ = kNoHex;  // a defending unit far away (beside an unguarded Carroccio: none)
  std::array<std::vector<int>, kNumSides> fillers_;  // hexes of earlier losses, per side
  std::array<std::vector<Rating>, kNumSides> filler_ratings_;
};

core::Status Builder::read_top() {
  if (!in_.is_object())
    return error("A described combat must be a JSON object with \"defender\" and \"attackers\".");
  static const std::vector<std::string> kTop = {"scenario", "options",   "side",    "vp_lost",
                                                "defender", "attackers", "_comment"};
  if (auto st = check_fields(in_, "described combat", kTop); !st.ok()) return st;
  auto scenario = text(in_, "described combat", "scenario", "legnano");
  if (!scenario) return scenario.error();
  scenario_id_ = *scenario;
  if (scenario_id_.rfind("bma/", 0) == 0) scenario_id_ = scenario_id_.substr(4);
  // Options: the same names and values as --options of play.
  if (in_.contains("options")) {
    const auto& o = in_["options"];
    if (o.is_string()) {
      auto parsed = game::parse_options(o.get<std::string>());
      if (!parsed) return error("\"options\": " + parsed.message());
      options_ = *parsed;
    } else if (o.is_object()) {
      for (const auto& [k, v] : o.items()) {
        if (!v.is_string() && !v.is_boolean())
          return error(fmt::format("\"options\": the value of \"{}\" must be a string.", k));
        options_[k] = v.is_boolean() ? (v.get<bool>() ? "true" : "false") : v.get<std::string>();
      }
    } else {
      return error("\"options\" must be a list such as \"facing,charge,vcf=every\".");
    }
  }
  auto ruleset = make_ruleset();
  if (auto st = ruleset->validate_options(options_); !st.ok())
    return error("\"options\": " + st.message());
  auto rules = parse_rule_options(options_);
  if (!rules) return error("\"options\": " + rules.message());
  rules_ = *rules;
  auto text_json = ruleset->builtin_scenario(scenario_id_);
  if (!text_json) return error("\"scenario\": " + text_json.message());
  auto parsed = nlohmann::json::parse(*text_json, nullptr, false);
  if (parsed.is_discarded())
    return error(fmt::format("The built-in scenario {} does not parse.", scenario_id_));
  auto game = ruleset->new_game(parsed, "bma/" + scenario_id_, options_);
  if (!game) return game.error();
  base_ = std::static_pointer_cast<const BmaGame>(*game);
  return {};
}

core::Status Builder::resolve_unit(Piece& p, const std::string& want, int side) {
  const BmaGame& g = *base_;
  const std::string key = lower(want);
  if (key.empty())
    return error(
        fmt::format("{} needs a \"unit\": a unit of {} (its id or name) or a rating "
                    "and a type such as \"B infantry\".",
                    Cap(p.role), scenario_id_));
  for (int u = 0; u < g.num_units(); ++u) {
    if (lower(g.unit(u).id) != key && lower(g.unit(u).name) != key) continue;
    if (std::find(used_units_.begin(), used_units_.end(), u) != used_units_.end())
      return error(
          fmt::format("{}'s \"unit\" {} is already in the combat.", Cap(p.role), g.unit(u).name));
    used_units_.push_back(u);
    p.named = true;
    p.id = g.unit(u).id;
    p.name = g.unit(u).name;
    p.side = g.unit(u).side;
    p.type = g.unit(u).type;
    p.rating = g.unit(u).rating;
    return {};
  }
  // "carroccio" names the Carroccio of the piece's side, whatever its id.
  if (key == "carroccio" && side >= 0) {
    const int c = g.carroccio_unit(side);
    if (c < 0)
      return error(fmt::format("{}'s \"unit\": the {} side has no Carroccio in {}.", Cap(p.role),
                               g.player_name(side), scenario_id_));
    return resolve_unit(p, g.unit(c).id, side);
  }
  // A rating and a type, in either order: "B infantry", "cavalry A".
  std::string a, b;
  const auto space = key.find(' ');
  if (space != std::string::npos) {
    a = trim(key.substr(0, space));
    b = trim(key.substr(space + 1));
  }
  if (a.size() != 1) std::swap(a, b);
  const bool rating_ok = a.size() == 1 && (a == "a" || a == "b" || a == "c");
  const bool type_ok = b == "infantry" || b == "cavalry";
  if (!rating_ok || !type_ok)
    return error(fmt::format(
        "{}'s \"unit\" '{}' is neither a unit of {} (its id or name) nor a rating and a type "
        "such as \"B infantry\" or \"A cavalry\".",
        Cap(p.role), want, scenario_id_));
  p.rating = static_cast<Rating>(a[0] - 'a');
  p.type = b == "infantry" ? UnitType::kInfantry : UnitType::kCavalry;
  p.side = side;
  const std::string slug = lower(p.role);
  p.id = slug;
  std::replace(p.id.begin(), p.id.end(), ' ', '-');
  p.name = fmt::format("{} {} ({})", rating_name(p.rating), type_name(p.type), p.role);
  return {};
}

core::Status Builder::read_piece(const nlohmann::json& j, Piece& p, bool defender) {
  if (auto st = check_fields(j, p.role, defender ? kDefenderFields : kAttackerFields); !st.ok())
    return st;
  auto unit = text(j, p.role, "unit", "");
  if (!unit) return unit.error();
  p.leader_text = "";
  if (auto l = text(j, p.role, "leader", ""); !l)
    return l.error();
  else
    p.leader_text = *l;
  // Named units are resolved now (they may tell the attacking side); the rest wait for it.
  p.id = *unit;
  if (j.contains("chit") && !j["chit"].is_null()) {
    if (!j["chit"].is_number_integer())
      return error(
          fmt::format("{}'s \"chit\" must be a whole number (leave it out while no chit is drawn).",
                      Cap(p.role)));
    p.chit = j["chit"].get<int>();
    if (p.chit < 1 || p.chit > 10)
      return error(
          fmt::format("{}'s \"chit\" {} is not a combat chit value (1 to 10, bma "
                      "5.1.3).",
                      Cap(p.role), p.chit));
  }
  auto by = flag(j, p.role, "carroccio", false);
  if (!by) return by.error();
  p.by_carroccio = *by;
  if (defender) {
    auto status = text(j, p.role, "status", "ordered");
    if (!status) return status.error();
    const std::string s = lower(*status);
    if (s == "ordered")
      p.status = Status::kOrdered;
    else if (s == "disordered")
      p.status = Status::kDisordered;
    else if (s == "routed")
      p.status = Status::kRouted;
    else
      return error(fmt::format(
          "The defender's \"status\" '{}' is not ordered, disordered or routed (bma 5.3).",
          *status));
    auto terrain = text(j, p.role, "terrain", "clear");
    if (!terrain) return terrain.error();
    p.terrain = lower(*terrain);
    if (p.terrain != "clear" && p.terrain != "forest")
      return error(fmt::format(
          "The defender's \"terrain\" '{}' is not clear or forest (the terrain of bma 9.6).",
          *terrain));
    auto guarded = flag(j, p.role, "guarded", true);
    if (!guarded) return guarded.error();
    p.guarded = *guarded;
  } else {
    auto from = text(j, p.role, "from", "front");
    if (!from) return from.error();
    const std::string f = lower(*from);
    if (f == "front")
      p.arc = 0;
    else if (f == "flank")
      p.arc = 1;
    else if (f == "rear")
      p.arc = 2;
    else
      return error(fmt::format("{}'s \"from\" '{}' is not front, flank or rear (bma 5.1.4, 7.2.5).",
                               Cap(p.role), *from));
    auto charge = flag(j, p.role, "charge", false);
    if (!charge) return charge.error();
    p.charge = *charge;
  }
  return {};
}

core::Status Builder::resolve_leader(Piece& p) {
  if (p.leader_text.empty()) return {};
  const BmaGame& g = *base_;
  const std::string key = lower(p.leader_text);
  LeaderPiece l;
  if (key == "leader") {
    l.id = p.id + "-leader";
    l.name = "leader with " + p.name;
    l.side = p.side;
    l.command = 1;
  } else {
    int found = -1;
    for (int k = 0; k < g.num_leaders(); ++k)
      if (lower(g.leader(k).id) == key || lower(g.leader(k).name) == key) found = k;
    if (found < 0)
      return error(fmt::format(
          "{}'s \"leader\" '{}' is neither a leader of {} (his id or name) nor \"leader\".",
          Cap(p.role), p.leader_text, scenario_id_));
    const LeaderDef& d = g.leader(found);
    if (d.side != p.side)
      return error(fmt::format("{}'s \"leader\" {} leads the {} side, not the {}.", Cap(p.role),
                               d.name, g.player_name(d.side), g.player_name(p.side)));
    for (const auto& other : leaders_)
      if (other.id == d.id)
        return error(
            fmt::format("{}'s \"leader\" {} is already with another unit.", Cap(p.role), d.name));
    l.id = d.id;
    l.name = d.name;
    l.side = d.side;
    l.command = d.command;
    l.supreme = d.supreme;
  }
  p.leader = static_cast<int>(leaders_.size());
  leaders_.push_back(l);
  return {};
}

core::Status Builder::check_piece(const Piece& p, bool defender) {
  const Tables& t = base_->tables();
  const bool carroccio = p.type == UnitType::kCarroccio;
  if (p.chit != 0) {
    // 5.1.3; 9.3.2: the Carroccio draws an A chit.
    const RatingInfo& r = t.rating(carroccio ? Rating::kA : p.rating);
    if (p.chit < r.chit_min || p.chit > r.chit_max)
      return error(fmt::format(
          "{}'s \"chit\" {} is not a combat value of {} unit ({} to {}, bma 5.1.3).", Cap(p.role),
          p.chit,
          carroccio
              ? "the Carroccio, an A"
              : fmt::format("{} {}", p.rating == Rating::kA ? "an" : "a", rating_name(p.rating)),
          r.chit_min, r.chit_max));
  }
  if (p.by_carroccio && (carroccio || base_->carroccio_unit(p.side) < 0))
    return error(fmt::format(
        "{}'s \"carroccio\" says it stands next to its Carroccio, but {} (bma 9.3.1).", Cap(p.role),
        carroccio
            ? "it is the Carroccio"
            : fmt::format("the {} side has none in {}", base_->player_name(p.side), scenario_id_)));
  if (defender) {
    if (carroccio && p.terrain != "clear")
      return error(
          "The defender is the Carroccio, which stands only on clear terrain (bma 9.3.2).");
    if (carroccio && p.status != Status::kOrdered)
      return error(
          "The defender is the Carroccio, which is never disordered or routed (bma 9.3.2).");
    if (!carroccio && !p.guarded)
      return error(
          "The defender's \"guarded\" applies only when the defender is the Carroccio "
          "(bma 9.3.2).");
    return {};
  }
  if (carroccio)
    return error(fmt::format("{} is the Carroccio, which never attacks (bma 9.3.2).", Cap(p.role)));
  if (p.arc > 0 && !rules_.facing)
    return error(fmt::format(
        "{}'s \"from\" {}: without the optional facing rule (7.2) every attack is through "
        "the front; add facing to the options.",
        Cap(p.role), p.arc == 1 ? "flank" : "rear"));
  if (p.arc > 0 && defender_.type == UnitType::kCarroccio)
    return error(
        fmt::format("{}'s \"from\" {}: the Carroccio faces every way, so it has no flank or rear.",
                    Cap(p.role), p.arc == 1 ? "flank" : "rear"));
  if (p.charge) {
    if (!rules_.charge)
      return error(fmt::format(
          "{}'s \"charge\" needs the optional charge rule (7.3); add charge to the options.",
          Cap(p.role)));
    if (p.type != UnitType::kCavalry || defender_.type != UnitType::kCavalry)
      return error(
          fmt::format("{}'s \"charge\": only cavalry charges, and only against "
                      "cavalry (bma 7.3.1).",
                      Cap(p.role)));
    if (defender_.terrain != "clear")
      return error(fmt::format("{}'s \"charge\": cavalry may not charge into forest (bma 7.3.2).",
                               Cap(p.role)));
  }
  return {};
}

// Places the pieces: the defender in the middle, each attacker on a neighbouring hex of the
// arc it attacks through and facing the defender; a charger starts two hexes out on the same
// line (7.3.1: 2 to 4 hexes from its target); the Carrocci and the guard where they touch the
// units they should and no others. Returns false when no arrangement fits.
bool Builder::lay_out() {
  const Board& b = board_;
  centre_ = *b.parse_label(kCentre);
  defender_.hex = centre_;
  const bool facing = rules_.facing;
  const int d_facing = defender_.facing;
  const int n = static_cast<int>(attackers_.size());
  std::array<bool, 6> used{};
  std::vector<int> dirs(static_cast<std::size_t>(n));
  const bool want_guard = defender_.type == UnitType::kCarroccio && defender_.guarded;
  const bool want_enemy_carroccio = defender_.by_carroccio;
  bool want_own_carroccio = false;
  for (const auto& a : attackers_) want_own_carroccio |= a.by_carroccio;

  auto front_of = [&](int unit_hex, int f, int other) {
    const int dir = b.direction(unit_hex, other);
    if (dir < 0) return false;
    return !facing || b.arc(f, dir) == 0;
  };
  // Facing of attacker i at its hex: the defender in front, no other enemy piece in front.
  auto choose_facings = [&]() {
    for (int i = 0; i < n; ++i) {
      Piece& a = attackers_[static_cast<std::size_t>(i)];
      const bool vertex = a.type == UnitType::kInfantry;
      bool found = false;
      for (int f = vertex ? 1 : 0; f < 12 && !found; f += 2) {
        if (!front_of(a.hex, f, centre_)) continue;
        bool clear = true;
        for (int e : {guard_hex_, enemy_carroccio_hex_})
          if (e != kNoHex && front_of(a.hex, f, e)) clear = false;
        if (clear) {
          a.facing = f;
          found = true;
        }
      }
      if (!found) return false;
    }
    return true;
  };
  auto taken = [&](int h) {
    if (h == centre_ || h == guard_hex_ || h == own_carroccio_hex_ || h == enemy_carroccio_hex_)
      return true;
    for (const auto& a : attackers_)
      if (a.hex == h || a.start == h) return true;
    return false;
  };
  auto extras = [&]() {
    for (int i = 0; i < n; ++i) {
      Piece& a = attackers_[static_cast<std::size_t>(i)];
      const int dir = dirs[static_cast<std::size_t>(i)];
      a.hex = b.neighbor(centre_, dir);
      a.start = a.charge ? b.neighbor(a.hex, dir) : kNoHex;
    }
    std::vector<int> free_ring;
    for (int d = 0; d < 6; ++d)
      if (!used[static_cast<std::size_t>(d)]) free_ring.push_back(b.neighbor(centre_, d));
    std::vector<int> guard_options = want_guard ? free_ring : std::vector<int>{kNoHex};
    std::vector<int> enemy_options = want_enemy_carroccio ? free_ring : std::vector<int>{kNoHex};
    for (int g : guard_options) {
      for (int c : enemy_options) {
        if (g != kNoHex && g == c) continue;
        guard_hex_ = g;
        enemy_carroccio_hex_ = c;
        own_carroccio_hex_ = kNoHex;
        // A charger must not start in the guard's zone (it would test morale to leave, 4.1).
        bool ok = true;
        for (const auto& a : attackers_)
          if (a.start != kNoHex && g != kNoHex && b.distance(a.start, g) <= 1) ok = false;
        if (!ok || !choose_facings()) continue;
        if (!want_own_carroccio) return true;
        // 9.3.1: next to every attacker said to be beside it, and to no other.
        for (int h = 0; h < b.size(); ++h) {
          if (taken(h) || b.distance(h, centre_) > 2) continue;
          bool fits = true;
          for (const auto& a : attackers_)
            if ((b.distance(h, a.hex) <= 1) != a.by_carroccio) fits = false;
          if (fits) {
            own_carroccio_hex_ = h;
            return true;
          }
        }
      }
    }
    guard_hex_ = enemy_carroccio_hex_ = own_carroccio_hex_ = kNoHex;
    return false;
  };
  std::function<bool(int)> place = [&](int i) -> bool {
    if (i == n) return extras();
    for (int d = 0; d < 6; ++d) {
      if (used[static_cast<std::size_t>(d)]) continue;
      const int arc = (facing && defender_.type != UnitType::kCarroccio) ? b.arc(d_facing, d) : 0;
      if (arc != attackers_[static_cast<std::size_t>(i)].arc) continue;
      used[static_cast<std::size_t>(d)] = true;
      dirs[static_cast<std::size_t>(i)] = d;
      if (place(i + 1)) return true;
      used[static_cast<std::size_t>(d)] = false;
    }
    return false;
  };
  if (!place(0)) return false;
  // The attacking command's leader, not stacked with anyone: as near every attacker as can be
  // (7.1: within 4 hexes as the activation begins).
  int best = kNoHex, best_reach = 1 << 20;
  for (int h = 0; h < b.size(); ++h) {
    if (taken(h) || b.distance(h, centre_) < 2) continue;
    int reach = 0;
    for (const auto& a : attackers_)
      reach =
          std::max({reach, b.distance(h, a.hex), a.start == kNoHex ? 0 : b.distance(h, a.start)});
    if (reach < best_reach) {
      best = h;
      best_reach = reach;
    }
  }
  attack_commander_hex_ = best;
  // The defending command's leader and the units lost earlier stand far away (the earlier losses
  // are then taken off the map).
  std::vector<int> far;
  for (int h = 0; h < b.size(); ++h)
    if (!taken(h) && h != attack_commander_hex_ && b.distance(h, centre_) >= 5) far.push_back(h);
  std::size_t next = 0;
  defence_commander_hex_ = far[next++];
  // A scenario side needs a combat unit: an unguarded Carroccio gets a friend far away.
  reserve_hex_ =
      defender_.type == UnitType::kCarroccio && !defender_.guarded ? far[next++] : kNoHex;
  for (int s = 0; s < kNumSides; ++s) {
    fillers_[static_cast<std::size_t>(s)].clear();
    filler_ratings_[static_cast<std::size_t>(s)].clear();
    int left = vp_lost_[static_cast<std::size_t>(s)];
    const Tables& t = base_->tables();
    // 8.1: a routed defender already counts among its side's losses.
    if (s == 1 - attacking_ && defender_.status == Status::kRouted &&
        defender_.type != UnitType::kCarroccio)
      left -= t.rating(defender_.rating).vp;
    if (left < 0) return false;
    for (Rating r : {Rating::kA, Rating::kB, Rating::kC}) {
      const int vp = t.rating(r).vp;
      while (vp > 0 && left >= vp && next < far.size()) {
        fillers_[static_cast<std::size_t>(s)].push_back(far[next++]);
        filler_ratings_[static_cast<std::size_t>(s)].push_back(r);
        left -= vp;
      }
    }
    if (left != 0) return false;
  }
  return true;
}

nlohmann::json Builder::scenario_json() const {
  const BmaGame& g = *base_;
  const Board& b = board_;
  const Scenario& base = g.scenario_data();
  const int defending = 1 - attacking_;
  nlohmann::json j = {{"ruleset", "bma"},
                      {"id", base.id + "-described-combat"},
                      {"title", "A described combat"},
                      {"turns", base.turns}};
  nlohmann::json forest = nlohmann::json::array();
  if (defender_.terrain == "forest") forest.push_back(b.label(centre_));
  j["map"] = {{"columns", kCols},
              {"rows", kRows},
              {"orientation", "flat"},
              {"shifted", "even"},
              {"terrain", {{"forest", forest}}}};
  nlohmann::json leaders = nlohmann::json::array();
  const std::string commander[kNumSides] = {"commander-" + g.player_name(0),
                                            "commander-" + g.player_name(1)};
  leaders.push_back({{"id", commander[attacking_]},
                     {"name", "Commander of the attack (not in the combat)"},
                     {"side", g.player_name(attacking_)},
                     {"command", 1},
                     {"hex", b.label(attack_commander_hex_)}});
  leaders.push_back({{"id", commander[defending]},
                     {"name", "Commander of the defence (not in the combat)"},
                     {"side", g.player_name(defending)},
                     {"command", 1},
                     {"hex", b.label(defence_commander_hex_)}});
  nlohmann::json units = nlohmann::json::array();
  std::vector<std::string> unit_ids, leader_ids;
  auto add_unit = [&](const std::string& id, const std::string& name, int side, UnitType type,
                      Rating rating, int hex, int facing) {
    nlohmann::json u = {{"id", id},
                        {"name", name},
                        {"side", g.player_name(side)},
                        {"leader", commander[side]},
                        {"type", type_name(type)},
                        {"rating", rating_name(rating)},
                        {"hex", b.label(hex)}};
    if (facing >= 0) u["facing"] = b.facing_name(facing);
    units.push_back(u);
    unit_ids.push_back(id);
  };
  auto add_piece = [&](const Piece& p) {
    add_unit(p.id, p.name, p.side, p.type, p.rating, p.start != kNoHex ? p.start : p.hex,
             p.type == UnitType::kCarroccio ? -1 : p.facing);
    if (p.leader >= 0) {
      const LeaderPiece& l = leaders_[static_cast<std::size_t>(p.leader)];
      leaders.push_back({{"id", l.id},
                         {"name", l.name},
                         {"side", g.player_name(l.side)},
                         {"command", l.command},
                         {"supreme", l.supreme},
                         {"hex", b.label(p.hex)}});  // a charger moves in to join him
      leader_ids.push_back(l.id);
    }
  };
  add_piece(defender_);
  for (const auto& a : attackers_) add_piece(a);
  auto carroccio_of = [&](int side, int hex) {
    const int c = g.carroccio_unit(side);
    add_unit(g.unit(c).id, g.unit(c).name, side, UnitType::kCarroccio, g.unit(c).rating, hex, -1);
  };
  if (own_carroccio_hex_ != kNoHex) carroccio_of(attacking_, own_carroccio_hex_);
  if (enemy_carroccio_hex_ != kNoHex) carroccio_of(defending, enemy_carroccio_hex_);
  if (guard_hex_ != kNoHex)
    add_unit("guard", "Infantry beside the Carroccio (not in the combat)", defending,
             UnitType::kInfantry, Rating::kC, guard_hex_,
             b.facing_toward(base.sides[static_cast<std::size_t>(attacking_)].home_edge, true));
  if (reserve_hex_ != kNoHex)
    add_unit("reserve", "Infantry far from the combat", defending, UnitType::kInfantry, Rating::kC,
             reserve_hex_, -1);
  for (int s = 0; s < kNumSides; ++s)
    for (std::size_t k = 0; k < fillers_[static_cast<std::size_t>(s)].size(); ++k)
      add_unit(fmt::format("earlier-loss-{}-{}", g.player_name(s), k + 1),
               fmt::format("Earlier loss {} of the {} side", k + 1, g.player_name(s)), s,
               UnitType::kCavalry, filler_ratings_[static_cast<std::size_t>(s)][k],
               fillers_[static_cast<std::size_t>(s)][k], -1);
  j["leaders"] = leaders;
  j["units"] = units;
  // The sides keep their names, home edges, rout levels and sudden ends (8.2, 9.4) for the
  // pieces that are here.
  nlohmann::json sides = nlohmann::json::array();
  for (int s = 0; s < kNumSides; ++s) {
    const SideDef& sd = base.sides[static_cast<std::size_t>(s)];
    nlohmann::json sj = {{"id", sd.id},
                         {"name", sd.name},
                         {"home_edge", edge_name(sd.home_edge)},
                         {"rout_level", sd.rout_level}};
    nlohmann::json by_leader = nlohmann::json::array(), by_unit = nlohmann::json::array();
    for (int l : sd.routs_if_leader_killed)
      if (std::find(leader_ids.begin(), leader_ids.end(), g.leader(l).id) != leader_ids.end())
        by_leader.push_back(g.leader(l).id);
    for (int u : sd.routs_if_unit_eliminated)
      if (std::find(unit_ids.begin(), unit_ids.end(), g.unit(u).id) != unit_ids.end())
        by_unit.push_back(g.unit(u).id);
    if (!by_leader.empty()) sj["routs_if_leader_killed"] = by_leader;
    if (!by_unit.empty()) sj["routs_if_unit_eliminated"] = by_unit;
    sides.push_back(sj);
  }
  j["sides"] = sides;
  return j;
}

core::Expected<DescribedCombat> Builder::build() {
  const nlohmann::json scenario = scenario_json();
  auto game = make_ruleset()->new_game(scenario, "described combat", options_);
  if (!game)
    return error("The described combat could not be laid out as a position: " + game.message());
  auto g = std::static_pointer_cast<const BmaGame>(*game);
  auto index_of = [&](const std::string& id) {
    for (int u = 0; u < g->num_units(); ++u)
      if (g->unit(u).id == id) return u;
    return -1;
  };
  defender_.unit = index_of(defender_.id);
  for (auto& a : attackers_) a.unit = index_of(a.id);
  auto owned = g->new_initial_state();
  std::unique_ptr<BmaState> s(static_cast<BmaState*>(owned.release()));
  // Chits and statuses as described; earlier losses off the map (8.1).
  s->debug_set_unit(defender_.unit, defender_.hex, defender_.status, defender_.chit);
  for (const auto& a : attackers_)
    s->debug_set_unit(a.unit, s->unit(a.unit).hex, Status::kOrdered, a.chit);
  for (int u = 0; u < g->num_units(); ++u)
    if (g->unit(u).id.rfind("earlier-loss-", 0) == 0)
      s->debug_set_unit(u, kNoHex, Status::kEliminated);
  // From here on only legal actions, as in play: the attacking command is activated (3.1), the
  // chargers move in (4.0, 7.3.1), the defender is picked and the attackers added (5.1.2).
  // apply() checks legality (a listed action, or a whole move check_unlisted() accepts).
  auto step = [&](game::Action a, const std::string& what) -> core::Status {
    if (!s->apply(a).ok()) return error(what);
    return {};
  };
  const int commander = 0;  // the first leader of the built scenario
  if (auto st = step(act::kDrawBase + commander, "The attacking command could not be activated.");
      !st.ok())
    return error(st.message());
  if (auto st = step(act::kActivate, "The attacking command could not be activated."); !st.ok())
    return error(st.message());
  for (const auto& a : attackers_) {
    if (a.start == kNoHex) continue;
    const std::string why = fmt::format("{} could not move in to charge.", Cap(a.role));
    if (auto st = step(act::kSelectUnitBase + a.unit, why); !st.ok()) return error(st.message());
    if (auto st = step(act::kDestinationBase + a.hex * 12 + a.facing, why); !st.ok())
      return error(st.message());
  }
  if (auto st = step(act::kEndMovement, "The movement could not be ended."); !st.ok())
    return error(st.message());
  if (auto st = step(act::kTargetBase + defender_.unit,
                     "No attacker may attack the defender as described.");
      !st.ok())
    return error(st.message());
  for (const auto& a : attackers_) {
    const game::Action add = (a.charge ? act::kAddChargerBase : act::kAddAttackerBase) + a.unit;
    const std::string why =
        a.charge
            ? fmt::format(
                  "{} may not charge here (bma 7.3: cavalry in command, against "
                  "cavalry only, 2 to 4 hexes from where it started).",
                  Cap(a.role))
            : fmt::format("{} may not attack the defender (bma 5.1.1, 5.3, 7.1.2).", Cap(a.role));
    if (auto st = step(add, why); !st.ok()) return error(st.message());
  }
  // The built combat must be exactly the described one, checked with the rules' own queries.
  const Combat& c = s->combat();
  std::string wrong;
  if (s->phase() != Phase::kCombatBuild || c.num_defenders != 1 ||
      c.defenders[0] != defender_.unit || c.num_attackers != static_cast<int>(attackers_.size()))
    wrong = "the combat holds other pieces than the described ones";
  for (std::size_t i = 0; wrong.empty() && i < attackers_.size(); ++i) {
    const Piece& a = attackers_[i];
    if (c.attackers[i] != a.unit || ((c.charging >> i) & 1) != (a.charge ? 1u : 0u))
      wrong = a.role + " is not in the combat as described";  // after a colon: lower case
    else if (s->arc_from(defender_.unit, a.hex) != a.arc)
      wrong = a.role + " does not attack through the described arc";
    else if (beside_carroccio(*s, a) != a.by_carroccio)
      wrong = a.role + " is not where the description puts it beside the Carroccio";
  }
  if (wrong.empty() && defender_.type != UnitType::kCarroccio &&
      beside_carroccio(*s, defender_) != defender_.by_carroccio)
    wrong = "the defender is not where the description puts it beside the Carroccio";
  for (int side = 0; wrong.empty() && side < kNumSides; ++side)
    if (s->vp_lost(side) != vp_lost_[static_cast<std::size_t>(side)])
      wrong = "the victory points lost so far are not as described";
  if (!wrong.empty())
    return error("The described combat cannot be laid out on the board as described: " + wrong +
                 ".");
  DescribedCombat out;
  out.state = std::move(s);
  return out;
}

core::Expected<DescribedCombat> Builder::run() {
  if (auto st = read_top(); !st.ok()) return error(st.message());
  const BmaGame& g = *base_;
  // Which side attacks.
  auto side_of_text = [&](const std::string& t) {
    for (int s = 0; s < kNumSides; ++s)
      if (lower(t) == lower(g.player_name(s)) ||
          lower(t) == lower(g.scenario_data().sides[static_cast<std::size_t>(s)].name))
        return s;
    return -1;
  };
  if (in_.contains("side")) {
    auto side = text(in_, "described combat", "side", "");
    if (!side) return side.error();
    attacking_ = side_of_text(*side);
    if (attacking_ < 0)
      return error(fmt::format("\"side\" '{}' is not a side of {}: the attacking side is {} or {}.",
                               *side, scenario_id_, g.player_name(0), g.player_name(1)));
  }
  if (!in_.contains("defender") || !in_["defender"].is_object())
    return error("The described combat needs a \"defender\" (--defender): the unit attacked.");
  if (!in_.contains("attackers") || !in_["attackers"].is_array() || in_["attackers"].empty())
    return error("The described combat needs \"attackers\" (--attacker): one to six units.");
  if (in_["attackers"].size() > kMaxAttackers)
    return error(
        fmt::format("The described combat has {} attackers, but at most six units can "
                    "stand next to one defender.",
                    in_["attackers"].size()));
  defender_.role = "defender";
  if (auto st = read_piece(in_["defender"], defender_, true); !st.ok()) return error(st.message());
  for (std::size_t i = 0; i < in_["attackers"].size(); ++i) {
    Piece p;
    p.role = fmt::format("attacker {}", i + 1);
    if (auto st = read_piece(in_["attackers"][i], p, false); !st.ok()) return error(st.message());
    attackers_.push_back(p);
  }
  // Named units tell the attacking side when "side" does not.
  std::vector<Piece*> all = {&defender_};
  for (auto& a : attackers_) all.push_back(&a);
  for (Piece* p : all) {
    const std::string want = p->id;
    const bool is_defender = p == &defender_;
    const int side = attacking_ < 0 ? -1 : (is_defender ? 1 - attacking_ : attacking_);
    Piece probe = *p;
    if (lower(want) == "carroccio" && side < 0) continue;  // needs the side: second pass
    if (auto st = resolve_unit(probe, want, side); !st.ok()) {
      if (side >= 0) return error(st.message());
      used_units_.clear();
      continue;
    }
    if (probe.named && attacking_ < 0) attacking_ = is_defender ? 1 - probe.side : probe.side;
    used_units_.clear();
  }
  if (attacking_ < 0)
    return error(fmt::format("Say which side attacks: \"side\" (--side) is {} or {}.",
                             g.player_name(0), g.player_name(1)));
  for (Piece* p : all) {
    const bool is_defender = p == &defender_;
    const int side = is_defender ? 1 - attacking_ : attacking_;
    const std::string want = p->id;
    if (auto st = resolve_unit(*p, want, side); !st.ok()) return error(st.message());
    if (p->side != side)
      return error(fmt::format("{}'s \"unit\" {} belongs to the {} side, but the {} side {}.",
                               Cap(p->role), p->name, g.player_name(p->side), g.player_name(side),
                               is_defender ? "defends" : "attacks"));
  }
  for (Piece* p : all)
    if (auto st = resolve_leader(*p); !st.ok()) return error(st.message());
  if (auto st = check_piece(defender_, true); !st.ok()) return error(st.message());
  for (const auto& a : attackers_)
    if (auto st = check_piece(a, false); !st.ok()) return error(st.message());
  // Victory points lost so far (8.1): up to the side's rout level (8.2).
  if (in_.contains("vp_lost")) {
    const auto& v = in_["vp_lost"];
    if (!v.is_object())
      return error(
          "\"vp_lost\" must give each side's victory points lost so far, e.g. "
          "imperial=12,lombard=20.");
    for (const auto& [k, n] : v.items()) {
      const int s = side_of_text(k);
      if (s < 0)
        return error(fmt::format("\"vp_lost\" names '{}', which is not a side of {} ({} or {}).", k,
                                 scenario_id_, g.player_name(0), g.player_name(1)));
      const int rout = g.scenario_data().sides[static_cast<std::size_t>(s)].rout_level;
      if (!n.is_number_integer() || n.get<int>() < 0 || n.get<int>() > rout)
        return error(
            fmt::format("\"vp_lost\" of {} must be a whole number from 0 to its rout "
                        "level {} (bma 8.2).",
                        g.player_name(s), rout));
      vp_lost_[static_cast<std::size_t>(s)] = n.get<int>();
    }
  }
  // 8.1: a routed defender already counts among its side's losses (and is the least of them).
  if (defender_.status == Status::kRouted) {
    const int side = 1 - attacking_;
    const int vp = g.tables().rating(defender_.rating).vp;
    int& lost = vp_lost_[static_cast<std::size_t>(side)];
    const bool given =
        in_.contains("vp_lost") && in_["vp_lost"].is_object() &&
        (in_["vp_lost"].contains(g.player_name(side)) ||
         in_["vp_lost"].contains(g.scenario_data().sides[static_cast<std::size_t>(side)].name));
    if (!given) lost = vp;
    if (lost < vp)
      return error(
          fmt::format("\"vp_lost\" of {} must be at least {}: the routed defender "
                      "already counts among its losses (bma 8.1).",
                      g.player_name(side), vp));
  }
  // The defender faces the attacking side's home edge, where the enemy comes from (7.2.1).
  defender_.facing =
      board_.facing_toward(g.scenario_data().sides[static_cast<std::size_t>(attacking_)].home_edge,
                           defender_.type == UnitType::kInfantry);
  if (!lay_out()) {
    int arcs[3] = {0, 0, 0};
    for (const auto& a : attackers_) ++arcs[a.arc];
    return error(fmt::format(
        "The attackers do not fit around the defender as described ({} front, {} flank, {} rear; "
        "an infantry unit has 2 front, 2 flank and 2 rear hexes, a cavalry unit 3, 2 and 1, and "
        "a guarded Carroccio leaves room for at most 3 attackers).",
        arcs[0], arcs[1], arcs[2]));
  }
  auto built = build();
  if (!built) return built.error();
  // What was understood, for the display and --json.
  nlohmann::json pieces = nlohmann::json::array();
  auto describe = [&](const Piece& p) {
    nlohmann::json j = {{"role", p.role},
                        {"named", p.named},
                        {"id", p.id},
                        {"name", p.name},
                        {"side", g.player_name(p.side)},
                        {"type", type_name(p.type)},
                        {"rating", rating_name(p.rating)},
                        {"chit", p.chit ? nlohmann::json(p.chit) : nlohmann::json(nullptr)},
                        {"hex", board_.label(p.hex)}};
    if (&p == &defender_) {
      j["status"] = status_name(p.status);
      j["terrain"] = p.terrain;
      if (p.type == UnitType::kCarroccio) j["guarded"] = p.guarded;
    } else {
      j["from"] = p.arc == 0 ? "front" : p.arc == 1 ? "flank" : "rear";
      j["charge"] = p.charge;
    }
    j["carroccio"] = p.by_carroccio;
    if (p.leader >= 0) {
      const LeaderPiece& l = leaders_[static_cast<std::size_t>(p.leader)];
      j["leader"] = {
          {"id", l.id}, {"name", l.name}, {"command", l.command}, {"supreme", l.supreme}};
    } else {
      j["leader"] = nullptr;
    }
    pieces.push_back(j);
  };
  describe(defender_);
  for (const auto& a : attackers_) describe(a);
  nlohmann::json vp = nlohmann::json::object();
  for (int s = 0; s < kNumSides; ++s) vp[g.player_name(s)] = vp_lost_[static_cast<std::size_t>(s)];
  built->description = {{"scenario", "bma/" + scenario_id_},
                        {"options", game::options_to_string(options_)},
                        {"side", g.player_name(attacking_)},
                        {"vp_lost", vp},
                        {"pieces", pieces}};
  return built;
}

}  // namespace

core::Expected<DescribedCombat> describe_combat(const nlohmann::json& situation) {
  Builder b(situation);
  return b.run();
}

}  // namespace carroccio::bma
