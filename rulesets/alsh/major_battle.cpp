// [Optional Rules, Major Battle tables, par. 18.9] Step O3: the final combat die-roll modifier
// from Capitani Generali Initiative (Table 1), Bonus Stars, Combat ratio (Table 2), Cavalry
// superiority (Table 3), Artillery and Firearms superiority, Elite units, Low Quality and
// Terrain. Step O4: the combat roll on the Combat Results Table, with its reroll cells.
#include <algorithm>
#include <map>

#include "fmt/format.h"
#include "rulesets/alsh/resolvers.hpp"

namespace carroccio::alsh {

namespace {

const char* kSrc = "Major Battle, step O3";

core::Fraction inverse(core::Fraction f) { return core::Fraction(f.den, f.num); }

// [Table 2] Larger Force's SP over the smaller's, artillery excluded, rounded down to a listed
// ratio; positive when the attacker is larger.
int table2(const Context& ctx, int att, int def, Resolution& r) {
  const auto& t2 = ctx.tables.file("major_battle")["table2"];
  const int larger = std::max(att, def);
  const int smaller = std::min(att, def);
  int drm = 0;
  std::string label = "below 1.5-1";
  Confidence c = Confidence::kLegible;
  std::string note;
  for (const auto& row : t2["rows"]) {
    if (static_cast<long long>(larger) * row["den"].get<int>() >=
        static_cast<long long>(smaller) * row["num"].get<int>()) {
      drm = row["drm"].get<int>();
      label = row["label"].get<std::string>();
      c = row.contains("c") ? *parse_confidence(row["c"].get<std::string>()) : Confidence::kLegible;
      note = row.contains("note") ? row["note"].get<std::string>() : "";
    }
  }
  const int sign = att > def ? 1 : att < def ? -1 : 0;
  r.rest_on(Basis{fmt::format("{}, ratio '{}'", t2["title"].get<std::string>(), label), c, note});
  return sign * drm;
}

// [Table 3] The side with more cavalry SP reads its SP differential on its terrain line;
// positive when that is the attacker.
int table3(const Context& ctx, int att_cav, int def_cav, bool att_gendarmes, bool def_gendarmes,
           const std::string& hex, Resolution& r, std::string& why) {
  const auto& t3 = ctx.tables.file("major_battle")["table3"];
  if (att_cav == def_cav) {
    why = "equal cavalry SP";
    return 0;
  }
  const bool attacker = att_cav > def_cav;
  const int diff = std::abs(att_cav - def_cav);
  // [Table 3, how to use] Any battle hex other than Clear uses the Not Clear line; in Clear, the
  // French Gendarmes line when most cavalry units of the superior side are Gendarmes.
  const std::string line = hex != "clear"                               ? "not-clear"
                           : (attacker ? att_gendarmes : def_gendarmes) ? "clear-gendarmes"
                                                                        : "clear-other";
  for (const auto& row : t3["rows"]) {
    if (row["id"] != line) continue;
    for (const auto& band : row["bands"]) {
      if (diff < band["min"].get<int>()) continue;
      if (band.contains("max") && diff > band["max"].get<int>()) continue;
      const int drm = band["drm"].get<int>();
      r.rest_on(Basis{
          fmt::format("{}, line '{}', band '{}'", t3["title"].get<std::string>(),
                      row["label"].get<std::string>(), band["label"].get<std::string>()),
          *parse_confidence(t3["drm_c"].get<std::string>()), t3["drm_note"].get<std::string>()});
      why = fmt::format("{} has {} more cavalry SP; line '{}', band '{}'",
                        attacker ? "the attacker" : "the defender", diff,
                        row["label"].get<std::string>(), band["label"].get<std::string>());
      return attacker ? drm : -drm;
    }
  }
  throw std::logic_error("alsh table 3: no band");
}

// The side (1 attacker, -1 defender, 0 none) with at least 1.5 to 1 in `a` against `d`.
int superiority(const Context& ctx, int a, int d) {
  const auto& lim = ctx.tables.file("major_battle")["limits"];
  const int num = lim["superiority_num"].get<int>();
  const int den = lim["superiority_den"].get<int>();
  if (a > 0 && a * den >= d * num) return 1;
  if (d > 0 && d * den >= a * num) return -1;
  return 0;
}

// [Table 1] One Capitano Generale's result: his Initiative column against a die.
std::optional<int> table1(const Context& ctx, const Situation& s, const std::string& side,
                          DiceTape& tape, Resolution& r) {
  const Grid& g = ctx.tables.grid("mb_table1");
  const bool given = s.has(side + "-column");
  const int col = given ? given_column(g, s.get_int(side + "-column"), r)
                        : read_column(g, s.get_int(side + "-initiative"), r);
  auto die =
      tape.take(core::Dice::d6(), fmt::format("Table 1 roll of the {} Capitano Generale", side), r);
  if (!die) return std::nullopt;
  const int row = read_row(g, *die, r);
  const int v = std::stoi(read_cell(g, row, col, r).value);
  r.steps.push_back(
      fmt::format("Table 1, {}: {}, die {}: {}", side, column_name(g, col, given), *die, v));
  return v;
}

core::Status check_table1_side(const Situation& s, const std::string& side) {
  if (s.has(side + "-initiative") == s.has(side + "-column"))
    return core::make_error(fmt::format(
        "Give the {} Capitano Generale's Initiative with --{}-initiative, or his Table 1 column "
        "as printed on your chart with --{}-column (one of the two).",
        side, side, side));
  return core::Status::Ok();
}

// [Combat Results Table] Reads the combat roll, following reroll cells: roll again with the
// cell's number as the only modifier. Returns the final row, or nothing when a die is needed.
std::optional<int> crt_read(const Context& ctx, Resolution& r, DiceTape& tape, int drm) {
  const Grid& g = ctx.tables.grid("mb_crt");
  int modifier = drm;
  bool reroll = false;
  for (;;) {
    auto die =
        tape.take(core::Dice::d6(),
                  reroll ? fmt::format("reroll with {} as the only modifier", signed_int(modifier))
                         : std::string("combat roll"),
                  r);
    if (!die) {
      if (reroll) r.detail["reroll_modifier"] = modifier;
      return std::nullopt;
    }
    const int m = *die + modifier;
    const int row = read_row(g, m, r);
    const Cell& cell = read_cell(g, row, 0, r);
    r.steps.push_back(
        fmt::format("{} {} {} = {}: row '{}', {}", reroll ? "Reroll" : "Combat roll", *die,
                    modifier < 0 ? fmt::format("- {}", -modifier) : fmt::format("+ {}", modifier),
                    m, g.rows[static_cast<std::size_t>(row)].label, cell.value));
    if (cell.value[0] != 'R') return row;
    // A shaded (boxed) cell: reroll with its number as the only modifier.
    modifier = std::stoi(cell.value.substr(1));
    reroll = true;
  }
}

// [Combat Results Table, results] Att%/Def% of each side's initial SP; the loser suffers
// Pursuit, then Retreats; the winner never loses more SP than the loser.
void crt_finish(const Context& ctx, Resolution& r, int row) {
  const Grid& g = ctx.tables.grid("mb_crt");
  const Cell& cell = g.cell(row, 0);
  const auto slash = cell.value.find('/');
  const int pa = std::stoi(cell.value.substr(0, slash));
  const int pd = std::stoi(cell.value.substr(slash + 1));
  const std::string loser = cell.extra["loser"].get<std::string>();
  const std::string winner = loser == "attacker" ? "defender" : "attacker";
  r.rest_on(Basis{fmt::format("{}, row '{}': the {} is the loser", g.title,
                              g.rows[static_cast<std::size_t>(row)].label, loser),
                  *parse_confidence(cell.extra["loser_c"].get<std::string>()),
                  ctx.tables.file("major_battle")["crt"]["loser_note"].get<std::string>()});
  r.detail["attacker_percent"] = pa;
  r.detail["defender_percent"] = pd;
  r.detail["loser"] = loser;
  r.detail["cell"] = cell.value;
  std::string losses = fmt::format("attacker {}%, defender {}%", pa, pd);
  if (r.detail.contains("attacker_initial_sp") && r.detail.contains("defender_initial_sp")) {
    const int ia = r.detail["attacker_initial_sp"].get<int>();
    const int id = r.detail["defender_initial_sp"].get<int>();
    int la = percent_of_rounded(pa, ia);
    int ld = percent_of_rounded(pd, id);
    if ((pa * ia) % 100 != 0 || (pd * id) % 100 != 0)
      r.rest_on(Basis{"Ruling: percentage losses round to the nearest SP, halves up",
                      Confidence::kGuessed,
                      "The chart gives percentages of the initial SP but no rounding; we round "
                      "to the nearest SP, halves up."});
    int& lw = winner == "attacker" ? la : ld;
    const int ll = winner == "attacker" ? ld : la;
    std::string capped;
    if (lw > ll) {
      r.effects.push_back(
          fmt::format("The {} (the winner) would lose {} SP, more than the loser's {}: it loses {}",
                      winner, lw, ll, ll));
      capped =
          fmt::format(", {}% = {} capped at the loser's loss", winner == "attacker" ? pa : pd, lw);
      lw = ll;
    }
    auto part = [&](const char* who, int pct, int sp, bool cap) {
      return cap ? fmt::format("{} loses {} SP ({})", who, sp, capped.substr(2))
                 : fmt::format("{} loses {} SP ({}%)", who, sp, pct);
    };
    losses =
        fmt::format("{}, {}", part("attacker", pa, la, !capped.empty() && winner == "attacker"),
                    part("defender", pd, ld, !capped.empty() && winner == "defender"));
    r.detail["attacker_sp_loss"] = la;
    r.detail["defender_sp_loss"] = ld;
  }
  r.effects.insert(r.effects.begin(), fmt::format("Losses: {}", losses));
  r.effects.push_back(
      fmt::format("The {} lost: it suffers Pursuit (Pursuit Table), then Retreats", loser));
  std::string o = fmt::format("{}; {} loses the battle", losses, loser);
  o[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(o[0])));
  r.outcome = o;
}

// Exact distribution of the final row reached from each reroll cell: solves X = B + Q X over
// the reroll cells, since a reroll may land on another reroll cell.
struct RerollChain {
  std::map<int, std::map<int, core::Fraction>> from;  // reroll modifier -> final row -> p
  Confidence confidence = Confidence::kLegible;       // least certain reroll cell or heading
};

RerollChain solve_rerolls(const Grid& g) {
  RerollChain chain;
  std::vector<int> states;
  for (std::size_t row = 0; row < g.rows.size(); ++row) {
    const Cell& c = g.cells[row][0];
    if (c.value[0] != 'R') continue;
    states.push_back(std::stoi(c.value.substr(1)));
    chain.confidence = worst(chain.confidence, worst(c.confidence, g.rows[row].confidence));
  }
  const std::size_t k = states.size();
  auto index = [&](int n) {
    return static_cast<std::size_t>(std::find(states.begin(), states.end(), n) - states.begin());
  };
  std::vector<std::vector<core::Fraction>> a(k, std::vector<core::Fraction>(k, 0));
  std::vector<std::map<int, core::Fraction>> b(k);
  const core::Fraction sixth(1, 6);
  for (std::size_t i = 0; i < k; ++i) {
    a[i][i] = 1;
    for (int d = 1; d <= 6; ++d) {
      const int row = g.find_row(d + states[i]);
      const Cell& c = g.cell(row, 0);
      if (c.value[0] == 'R') {
        const std::size_t j = index(std::stoi(c.value.substr(1)));
        a[i][j] = a[i][j] - sixth;
      } else {
        b[i][row] = b[i][row] + sixth;
      }
    }
  }
  // Gauss-Jordan elimination with exact fractions (the matrix is diagonally dominant).
  for (std::size_t p = 0; p < k; ++p) {
    const core::Fraction piv = inverse(a[p][p]);
    for (std::size_t j = 0; j < k; ++j) a[p][j] = a[p][j] * piv;
    for (auto& [row, v] : b[p]) v = v * piv;
    for (std::size_t i = 0; i < k; ++i) {
      if (i == p || a[i][p] == core::Fraction(0)) continue;
      const core::Fraction f = a[i][p];
      for (std::size_t j = 0; j < k; ++j) a[i][j] = a[i][j] - f * a[p][j];
      for (const auto& [row, v] : b[p]) b[i][row] = b[i][row] - f * v;
    }
  }
  for (std::size_t i = 0; i < k; ++i) chain.from[states[i]] = b[i];
  return chain;
}

// Adds the odds of every combat roll after the dice in `prefix` (probability `w`).
core::Status crt_paths(const Context& ctx, const Situation& s, ResolveFn fn,
                       const std::vector<int>& prefix, core::Fraction w, const RerollChain& chain,
                       Odds& odds) {
  const Grid& g = ctx.tables.grid("mb_crt");
  for (int c = 1; c <= 6; ++c) {
    std::vector<int> dice = prefix;
    dice.push_back(c);
    DiceTape tape(dice);
    auto r = fn(ctx, s, tape);
    if (!r) return r.error();
    const core::Fraction p = w * core::Fraction(1, 6);
    if (!r->pending) {
      add_to_odds(odds, r->outcome, p, r->confidence(), dice);
      continue;
    }
    const int n = r->detail["reroll_modifier"].get<int>();
    for (const auto& [row, q] : chain.from.at(n)) {
      if (q == core::Fraction(0)) continue;
      Resolution f = *r;
      f.pending.reset();
      f.rest_on(Basis{"Combat Results Table, reroll cells", chain.confidence,
                      "The roll went through one or more reroll cells."});
      f.rest_on(g.row_basis(row, *g.rows[static_cast<std::size_t>(row)].min));
      f.rest_on(g.cell_basis(row, 0));
      crt_finish(ctx, f, row);
      add_to_odds(odds, f.outcome, p * q, f.confidence(), dice);
    }
  }
  return core::Status::Ok();
}

}  // namespace

std::vector<Field> major_battle_fields() {
  std::vector<Field> f;
  for (const std::string side : {"attacker", "defender"}) {
    f.push_back(int_field(side + "-initiative",
                          fmt::format("Initiative of the {} Capitano Generale (read against "
                                      "guessed Table 1 headings; prefer --{}-column)",
                                      side == "attacker" ? "attacking" : "defending", side),
                          0, 5));
    f.push_back(int_field(side + "-column",
                          "his Table 1 column as printed on your chart, 1 (leftmost) to 4", 1, 4));
  }
  for (const std::string side : {"attacker", "defender"}) {
    const std::string who = side == "attacker" ? "attacking" : "defending";
    f.push_back(int_field(side + "-sp", fmt::format("non-artillery SP of the {} Force", who), 1,
                          999, nullptr, true));
    f.push_back(int_field(side + "-quality",
                          fmt::format("Quality of the {} Force (std. par. 12.1)", who), 0, 9,
                          nullptr, true));
    f.push_back(int_field(side + "-stars",
                          fmt::format("Bonus Stars of the {} Capitani not Unemployed", who), 0, 20,
                          0));
    f.push_back(int_field(side + "-artillery-sp", fmt::format("artillery SP of the {} Force", who),
                          0, 999, 0));
    f.push_back(int_field(side + "-cavalry-sp",
                          fmt::format("Heavy and Light Cavalry SP of the {} Force", who), 0, 999,
                          0));
    f.push_back(
        bool_field(side + "-gendarmes",
                   fmt::format("most cavalry units of the {} Force are French Gendarmes", who)));
    f.push_back(int_field(side + "-firearms-sp",
                          fmt::format("SP of units with Firearms in the {} Force", who), 0, 999,
                          0));
    f.push_back(int_field(
        side + "-elite",
        fmt::format("unit types of Quality 3 with at least 8 SP in the {} Force", who), 0, 20, 0));
  }
  f.push_back(enum_field("hex", "terrain of the defender's (battle) hex", hex_terrains(), "clear"));
  f.push_back(
      enum_field("settlement", "town or fortress in the battle hex", settlements(), "none"));
  f.push_back(bool_field("defender-outside", "the defender is not inside the town or fortress"));
  f.push_back(bool_field("earthworks", "the defender is in Earthworks"));
  f.push_back(enum_field("hexside", "hexside between the two Forces", hexsides(), "none"));
  f.push_back(enum_field("weather", "weather of the turn", weathers(), "fair"));
  return f;
}

core::Expected<Resolution> resolve_major_battle(const Context& ctx, const Situation& s,
                                                DiceTape& tape) {
  const auto& data = ctx.tables.file("major_battle");
  const auto& lim = data["limits"];
  Resolution r;
  r.table = "major-battle";
  r.title = "Optional Major Battle (steps O3-O4)";
  for (const char* side : {"attacker", "defender"}) {
    if (auto st = check_table1_side(s, side); !st) return core::make_error(st.message());
    const std::string sd(side);
    for (const char* part : {"cavalry", "firearms"})
      if (s.get_int(sd + "-" + part + "-sp") > s.get_int(sd + "-sp"))
        return core::make_error(
            fmt::format("The {} {} SP cannot exceed its non-artillery SP.", side, part));
  }
  const TerrainReading tr =
      read_terrain(ctx.tables, s.get_enum("hex"), s.get_enum("settlement"),
                   !s.flag("defender-outside"), s.flag("earthworks"), s.get_enum("hexside"));
  if (tr.no_combat) return core::make_error(fmt::format("No battle: {}.", tr.no_combat_reason));
  if (tr.major_battle_forbidden)
    return core::make_error(fmt::format(
        "No Major Battle can be fought in a {} hex (Terrain Effects Chart): fight a Skirmish.",
        tr.hex_label));
  if (tr.mb_no_combat)
    return core::make_error(
        fmt::format("No Major Battle combat is allowed across a {} (Terrain Effects Chart).",
                    tr.hexside_label));
  const bool rain = s.get_enum("weather") == "rain";
  auto mod = [&](const char* id) -> const ModifierDef& {
    return ctx.tables.modifier("major_battle", id);
  };
  const int att_sp = s.get_int("attacker-sp");
  const int def_sp = s.get_int("defender-sp");
  r.detail["attacker_initial_sp"] = att_sp + s.get_int("attacker-artillery-sp");
  r.detail["defender_initial_sp"] = def_sp + s.get_int("defender-artillery-sp");
  if (s.get_int("attacker-artillery-sp") + s.get_int("defender-artillery-sp") > 0)
    r.rest_on(Basis{"Ruling: percentage losses count artillery SP in the initial SP",
                    Confidence::kGuessed,
                    "The chart takes losses from each side's initial SP without saying whether "
                    "artillery counts; we count it (par. 18.9.1 may say otherwise)."});

  // (b) [O3 b] Bonus Stars, at most 2 per side: attacker's minus defender's.
  const int cap = lim["bonus_stars_max"].get<int>();
  const int sa = std::min(s.get_int("attacker-stars"), cap);
  const int sd = std::min(s.get_int("defender-stars"), cap);
  if (sa != sd) {
    r.add_value(mod("bonus_stars"), kSrc, sa - sd, fmt::format("{} - {}", sa, sd));
  } else {
    r.add(mod("bonus_stars"), kSrc, false);
  }
  // (c) [O3 c, Table 2] Combat ratio.
  {
    const int v = table2(ctx, att_sp, def_sp, r);
    if (v != 0) {
      r.add_value(mod("combat_ratio"), kSrc, v, fmt::format("{} SP against {} SP", att_sp, def_sp));
    } else {
      r.add(mod("combat_ratio"), kSrc, false);
    }
  }
  // (d) [O3 d, Table 3] Cavalry superiority.
  {
    std::string why;
    const int v = table3(ctx, s.get_int("attacker-cavalry-sp"), s.get_int("defender-cavalry-sp"),
                         s.flag("attacker-gendarmes"), s.flag("defender-gendarmes"),
                         s.get_enum("hex"), r, why);
    if (v != 0) {
      r.add_value(mod("cavalry"), kSrc, v, why);
    } else {
      r.add(mod("cavalry"), kSrc, false, why != "equal cavalry SP" ? why : "");
    }
  }
  // (e), (f) [O3 e, f] Artillery and Firearms superiority of 1.5 to 1: +1 attacker, -1
  // defender; not in Rain.
  for (auto [id, part] : {std::pair{"artillery", "artillery"}, std::pair{"firearms", "firearms"}}) {
    const int side = superiority(ctx, s.get_int(std::string("attacker-") + part + "-sp"),
                                 s.get_int(std::string("defender-") + part + "-sp"));
    if (side == 0) {
      r.add(mod(id), kSrc, false);
    } else if (rain) {
      r.add(mod(id), kSrc, false, "not in Rain");
    } else {
      r.add_value(mod(id), kSrc, side,
                  fmt::format("the {} has 1.5 to 1 or more", side > 0 ? "attacker" : "defender"));
    }
  }
  // (g) [O3 g] Elite unit types: attacker's count minus defender's.
  {
    const int v = s.get_int("attacker-elite") - s.get_int("defender-elite");
    if (v != 0) {
      r.add_value(mod("elite"), kSrc, v,
                  fmt::format("{} - {}", s.get_int("attacker-elite"), s.get_int("defender-elite")));
    } else {
      r.add(mod("elite"), kSrc, false);
    }
  }
  // (h) [O3 h] Low Quality: a Force of Quality 1 or less: -2 attacking, +2 defending.
  const int low = lim["low_quality_max"].get<int>();
  {
    const bool la = s.get_int("attacker-quality") <= low;
    const bool ld = s.get_int("defender-quality") <= low;
    const int v = (la ? -mod("low_quality").value : 0) + (ld ? mod("low_quality").value : 0);
    if (la || ld) {
      r.add_value(mod("low_quality"), kSrc, v,
                  la && ld ? "both Forces"
                  : la     ? "the attacking Force"
                           : "the defending Force");
    } else {
      r.add(mod("low_quality"), kSrc, false);
    }
  }
  // (i) [O3 i] Terrain: -1 for the attacker when the attack is Affecting.
  r.add(mod("terrain"), kSrc, tr.affecting,
        tr.affecting ? fmt::format("{}", fmt::join(tr.affecting_reasons, "; ")) : "");

  // (a) [O3 a, Table 1] Capitani Generali Initiative: attacker's result minus defender's.
  auto ta = table1(ctx, s, "attacker", tape, r);
  if (!ta) return r;
  auto td = table1(ctx, s, "defender", tape, r);
  if (!td) return r;
  {
    Modifier& m =
        r.add_value(mod("initiative"), kSrc, *ta - *td, fmt::format("Table 1: {} - {}", *ta, *td));
    if (*ta == *td) {
      m.applied = false;
      m.why.clear();
    }
    // Keep the Initiative first, in the order of step O3.
    std::rotate(r.modifiers.begin(), r.modifiers.end() - 1, r.modifiers.end());
  }
  const int drm = r.total_modifier();
  r.detail["drm"] = drm;
  r.steps.push_back(fmt::format("Final combat die-roll modifier {}", signed_int(drm)));

  // Step O4. The combat roll.
  auto row = crt_read(ctx, r, tape, drm);
  if (!row) return r;
  crt_finish(ctx, r, *row);
  return r;
}

core::Expected<Odds> major_battle_odds(const Context& ctx, const Situation& s) {
  const RerollChain chain = solve_rerolls(ctx.tables.grid("mb_crt"));
  Odds odds;
  for (int a = 1; a <= 6; ++a)
    for (int d = 1; d <= 6; ++d)
      if (auto st =
              crt_paths(ctx, s, resolve_major_battle, {a, d}, core::Fraction(1, 36), chain, odds);
          !st)
        return core::make_error(st.message());
  return odds;
}

std::vector<Field> mb_crt_fields() {
  return {
      int_field("drm", "the final combat die-roll modifier of step O3", -40, 40, nullptr, true),
      int_field("attacker-sp", "initial SP of the attacking Force (to turn % into SP)", 1, 999),
      int_field("defender-sp", "initial SP of the defending Force (to turn % into SP)", 1, 999),
  };
}

core::Expected<Resolution> resolve_mb_crt(const Context& ctx, const Situation& s, DiceTape& tape) {
  Resolution r;
  r.table = "mb-crt";
  r.title = ctx.tables.grid("mb_crt").title;
  if (s.has("attacker-sp") != s.has("defender-sp"))
    return core::make_error("Give both --attacker-sp and --defender-sp, or neither.");
  if (s.has("attacker-sp")) {
    r.detail["attacker_initial_sp"] = s.get_int("attacker-sp");
    r.detail["defender_initial_sp"] = s.get_int("defender-sp");
  }
  const int drm = s.get_int("drm");
  Modifier& m = r.add_value(
      ModifierDef{"drm", drm, "Final combat die-roll modifier (step O3)", Confidence::kLegible, ""},
      "Major Battle, step O3", drm);
  m.applied = drm != 0;
  auto row = crt_read(ctx, r, tape, drm);
  if (!row) return r;
  crt_finish(ctx, r, *row);
  return r;
}

core::Expected<Odds> mb_crt_odds(const Context& ctx, const Situation& s) {
  const RerollChain chain = solve_rerolls(ctx.tables.grid("mb_crt"));
  Odds odds;
  if (auto st = crt_paths(ctx, s, resolve_mb_crt, {}, core::Fraction(1), chain, odds); !st)
    return core::make_error(st.message());
  return odds;
}

std::vector<Field> mb_initiative_fields() {
  return {
      int_field("initiative",
                "Initiative of the Capitano Generale (read against guessed headings; prefer "
                "--column)",
                0, 5),
      int_field("column", "the Table 1 column as printed on your chart, 1 (leftmost) to 4", 1, 4),
  };
}

core::Expected<Resolution> resolve_mb_initiative(const Context& ctx, const Situation& s,
                                                 DiceTape& tape) {
  const Grid& g = ctx.tables.grid("mb_table1");
  Resolution r;
  r.table = "mb-initiative";
  r.title = g.title;
  if (s.has("initiative") == s.has("column"))
    return core::make_error(
        "Give the Capitano Generale's Initiative with --initiative, or the column as printed on "
        "your chart with --column (one of the two).");
  const bool given = s.has("column");
  const int col =
      given ? given_column(g, s.get_int("column"), r) : read_column(g, s.get_int("initiative"), r);
  auto die = tape.take(core::Dice::d6(), "Table 1 roll", r);
  if (!die) return r;
  const int row = read_row(g, *die, r);
  const int v = std::stoi(read_cell(g, row, col, r).value);
  r.steps.push_back(fmt::format("Read in {}, die {}: {}", column_name(g, col, given), *die, v));
  r.detail["result"] = v;
  r.outcome = fmt::format("Table 1 result {}", v);
  r.effects.push_back(fmt::format(
      "{}: step O3 (a) subtracts the defender's Table 1 result from the attacker's", r.outcome));
  return r;
}

std::vector<Field> mb_ratio_fields() {
  return {
      int_field("attacker-sp", "non-artillery SP of the attacking Force", 0, 999, nullptr, true),
      int_field("defender-sp", "non-artillery SP of the defending Force", 0, 999, nullptr, true),
  };
}

core::Expected<Resolution> resolve_mb_ratio(const Context& ctx, const Situation& s, DiceTape&) {
  Resolution r;
  r.table = "mb-ratio";
  r.title = ctx.tables.file("major_battle")["table2"]["title"].get<std::string>();
  const int a = s.get_int("attacker-sp");
  const int d = s.get_int("defender-sp");
  if (a == 0 && d == 0) return core::make_error("At least one Force must have SP.");
  const int v = table2(ctx, a, d, r);
  r.detail["drm"] = v;
  r.outcome = fmt::format("Combat ratio modifier {}", signed_int(v));
  r.effects.push_back(fmt::format("{} ({} SP against {} SP; {})", r.outcome, a, d,
                                  v > 0   ? "the attacker is the larger Force"
                                  : v < 0 ? "the defender is the larger Force"
                                          : "below 1.5 to 1"));
  return r;
}

std::vector<Field> mb_cavalry_fields() {
  return {
      int_field("attacker-cavalry-sp", "Heavy and Light Cavalry SP of the attacking Force", 0, 999,
                0),
      int_field("defender-cavalry-sp", "Heavy and Light Cavalry SP of the defending Force", 0, 999,
                0),
      bool_field("attacker-gendarmes", "most attacking cavalry units are French Gendarmes"),
      bool_field("defender-gendarmes", "most defending cavalry units are French Gendarmes"),
      enum_field("hex", "terrain of the battle hex", hex_terrains(), "clear"),
  };
}

core::Expected<Resolution> resolve_mb_cavalry(const Context& ctx, const Situation& s, DiceTape&) {
  Resolution r;
  r.table = "mb-cavalry";
  r.title = ctx.tables.file("major_battle")["table3"]["title"].get<std::string>();
  std::string why;
  const int v =
      table3(ctx, s.get_int("attacker-cavalry-sp"), s.get_int("defender-cavalry-sp"),
             s.flag("attacker-gendarmes"), s.flag("defender-gendarmes"), s.get_enum("hex"), r, why);
  r.detail["drm"] = v;
  r.outcome = fmt::format("Cavalry superiority modifier {}", signed_int(v));
  r.effects.push_back(fmt::format("{} ({})", r.outcome, why));
  return r;
}

}  // namespace carroccio::alsh
