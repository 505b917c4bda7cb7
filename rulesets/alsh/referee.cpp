#include "rulesets/alsh/referee.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <exception>
#include <sstream>

#include "core/rng.hpp"
#include "fmt/format.h"
#include "rulesets/alsh/resolvers.hpp"

namespace carroccio::alsh {

namespace {

nlohmann::json fraction_json(core::Fraction f) {
  return {{"fraction", f.to_string()}, {"percent", std::round(f.to_double() * 1e6) / 1e4}};
}

// Compact list of single die values: "1-3, 5".
std::string value_ranges(std::vector<int> v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
  std::vector<std::string> parts;
  for (std::size_t i = 0; i < v.size();) {
    std::size_t j = i;
    while (j + 1 < v.size() && v[j + 1] == v[j] + 1) ++j;
    parts.push_back(j == i ? fmt::format("{}", v[i]) : fmt::format("{}-{}", v[i], v[j]));
    i = j + 1;
  }
  return fmt::format("{}", fmt::join(parts, ", "));
}

std::vector<Basis> unique_basis(const std::vector<Basis>& in) {
  std::vector<Basis> out;
  for (const auto& b : in)
    if (std::find(out.begin(), out.end(), b) == out.end()) out.push_back(b);
  return out;
}

nlohmann::json report_json(const Procedure& p, const Situation& s, const Resolution& r,
                           const Odds& odds, const std::string& mode,
                           std::optional<std::uint64_t> seed) {
  nlohmann::json j;
  j["ruleset"] = "alsh";
  j["table"] = p.name;
  j["title"] = r.title.empty() ? p.title : r.title;
  j["situation"] = s.to_json();
  j["mode"] = mode;
  if (p.dice) j["dice"] = p.dice->name();
  if (seed) j["seed"] = *seed;
  j["rolls"] = nlohmann::json::array();
  for (const auto& roll : r.rolls)
    j["rolls"].push_back({{"dice", roll.dice}, {"purpose", roll.purpose}, {"value", roll.value}});
  j["modifiers"] = nlohmann::json::array();
  for (const auto& m : r.modifiers) {
    nlohmann::json x = {{"id", m.id},
                        {"label", m.label},
                        {"source", m.source},
                        {"value", m.value},
                        {"kind", m.kind},
                        {"applied", m.applied},
                        {"confidence", confidence_name(m.confidence)}};
    if (!m.why.empty()) x["note"] = m.why;
    j["modifiers"].push_back(std::move(x));
  }
  j["total_modifier"] = r.total_modifier();
  j["steps"] = r.steps;
  j["resolved"] = r.resolved;
  if (!r.resolved) j["unresolved_reason"] = r.unresolved_reason;
  if (mode != "odds" && r.resolved) {
    j["result"] = {{"outcome", r.outcome},
                   {"effects", r.effects},
                   {"detail", r.detail},
                   {"confidence", confidence_name(r.confidence())}};
  } else if (!r.resolved) {
    j["result"] = {{"outcome", r.outcome},
                   {"effects", r.effects},
                   {"detail", r.detail},
                   {"confidence", "missing"}};
  }
  j["basis"] = nlohmann::json::array();
  j["warnings"] = nlohmann::json::array();
  for (const auto& b : unique_basis(r.basis)) {
    j["basis"].push_back(
        {{"what", b.what}, {"confidence", confidence_name(b.confidence)}, {"note", b.note}});
    if (b.confidence != Confidence::kLegible)
      j["warnings"].push_back(fmt::format("{}: {}{}", confidence_name(b.confidence), b.what,
                                          b.note.empty() ? "" : fmt::format(" ({})", b.note)));
  }
  j["odds"] = nlohmann::json::array();
  core::Fraction total(0);
  for (const auto& line : odds.lines) {
    nlohmann::json x = {{"outcome", line.outcome},
                        {"probability", line.probability.to_string()},
                        {"percent", std::round(line.probability.to_double() * 1e6) / 1e4},
                        {"confidence", confidence_name(line.confidence)},
                        {"uncertain_probability", line.uncertain.to_string()}};
    // The die values giving it, for a single roll.
    bool single = true;
    std::vector<int> values;
    for (const auto& seq : line.rolls) {
      if (seq.size() != 1) single = false;
      if (!seq.empty()) values.push_back(seq[0]);
    }
    if (single && !values.empty() && static_cast<int>(line.rolls.size()) == line.paths)
      x["rolls"] = value_ranges(values);
    j["odds"].push_back(std::move(x));
    total = total + line.probability;
  }
  if (!odds.lines.empty()) {
    j["odds_total"] = total.to_string();
    j["uncertain_probability"] = fraction_json(odds.uncertain);
    j["guessed_probability"] = fraction_json(odds.guessed);
  }
  return j;
}

}  // namespace

nlohmann::json describe_tables() {
  nlohmann::json j;
  j["ruleset"] = "alsh";
  j["title"] = "All is Lost save Honour (charts)";
  j["confidence_levels"] = {"legible", "reconstructed", "guessed", "missing"};
  j["assault_table_format"] = std::string(kAssaultGridFormat);
  j["request"] = {{"table", "a table name below"},
                  {"situation", "object of field values"},
                  {"dice", "optional list of die values a person rolled, in order"},
                  {"seed", "optional seed: roll with Carroccio's generator"},
                  {"odds_only", "optional: only the exact odds"},
                  {"assault_table", "optional user Assault grid (docs/rulings/alsh.md)"}};
  j["tables"] = nlohmann::json::array();
  for (const auto& p : procedures()) {
    nlohmann::json t = {{"name", p.name}, {"title", p.title}, {"summary", p.summary}};
    t["dice"] = p.dice ? nlohmann::json(p.dice->name()) : nlohmann::json(nullptr);
    t["rolls"] = p.rolls;
    t["fields"] = nlohmann::json::array();
    for (const auto& f : p.fields) t["fields"].push_back(f.to_json());
    j["tables"].push_back(std::move(t));
  }
  return j;
}

core::Expected<nlohmann::json> referee(const Tables& tables, const RefereeRequest& req) {
  const auto all = procedures();
  const Procedure* p = find_procedure(all, req.table);
  if (p == nullptr)
    return core::make_error(fmt::format("'{}' is not an alsh table: the tables are {}.", req.table,
                                        procedure_names(all)));
  auto s = make_situation(p->name, p->fields, req.situation);
  if (!s) return s.error();
  if (req.assault_grid != nullptr && p->name != "assault")
    return core::make_error(
        fmt::format("An Assault grid serves only the assault table, not {}.", p->name));
  const Context ctx{tables, req.assault_grid};
  if (req.dice && !p->dice && !req.dice->empty())
    return core::make_error(
        fmt::format("The {} is read without dice, but dice were given.", p->title));

  std::string mode;
  Resolution r;
  if (req.dice && !req.dice->empty()) {
    mode = "physical";
    DiceTape tape(*req.dice);
    auto res = p->resolve(ctx, *s, tape);
    if (!res) return res.error();
    if (!tape.error().empty()) return core::make_error(tape.error());
    if (res->pending && res->resolved)
      return core::make_error(
          fmt::format("{} {} given, but the {} is still needed: give one more die ({}).",
                      req.dice->size(), req.dice->size() == 1 ? "die value was" : "die values were",
                      res->pending->purpose, res->pending->dice.name()));
    if (res->resolved && tape.used() < tape.size())
      return core::make_error(fmt::format("{} {} given, but only {} {} needed here.", tape.size(),
                                          tape.size() == 1 ? "die value was" : "die values were",
                                          tape.used(), tape.used() == 1 ? "roll is" : "rolls are"));
    r = std::move(*res);
  } else if (req.seed && !req.odds_only && p->dice) {
    mode = "rolled";
    core::Rng rng(*req.seed);
    std::vector<int> values;
    for (int guard = 0;; ++guard) {
      DiceTape tape(values);
      auto res = p->resolve(ctx, *s, tape);
      if (!res) return res.error();
      if (!res->pending || !res->resolved) {
        r = std::move(*res);
        break;
      }
      if (guard > 1000) return core::make_error("The rerolls did not end: this is a bug.");
      values.push_back(res->pending->dice.roll(rng));
    }
  } else {
    // Odds only (or a plain lookup): resolve what needs no dice.
    mode = p->dice ? "odds" : "lookup";
    DiceTape tape;
    auto res = p->resolve(ctx, *s, tape);
    if (!res) return res.error();
    r = std::move(*res);
    if (!p->dice) mode = "lookup";
  }
  auto odds = compute_odds(*p, ctx, *s);
  if (!odds) return odds.error();
  return report_json(*p, *s, r, *odds, mode, mode == "rolled" ? req.seed : std::nullopt);
}

namespace {
core::Expected<nlohmann::json> resolve_request_unchecked(const nlohmann::json& request) {
  if (!request.is_object())
    return core::make_error("A referee request must be a JSON object with a 'table'.");
  for (auto it = request.begin(); it != request.end(); ++it) {
    static const char* known[] = {"table", "situation", "dice",
                                  "seed",  "odds_only", "assault_table"};
    if (std::none_of(std::begin(known), std::end(known),
                     [&](const char* k) { return it.key() == k; }))
      return core::make_error(fmt::format(
          "A referee request has no field '{}': its fields are table, situation, dice, seed, "
          "odds_only and assault_table.",
          it.key()));
  }
  if (!request.contains("table") || !request["table"].is_string())
    return core::make_error("A referee request needs 'table', the name of a table.");
  RefereeRequest req;
  req.table = request["table"].get<std::string>();
  const auto all = procedures();
  const Procedure* p = find_procedure(all, req.table);
  if (p == nullptr)
    return core::make_error(fmt::format("'{}' is not an alsh table: the tables are {}.", req.table,
                                        procedure_names(all)));
  if (request.contains("situation")) req.situation = request["situation"];
  if (request.contains("dice")) {
    const auto& d = request["dice"];
    if (!d.is_array()) return core::make_error("'dice' must be a list of die values.");
    if (!p->dice && !d.empty())
      return core::make_error(
          fmt::format("The {} is read without dice, but dice were given.", p->title));
    std::vector<int> values;
    for (const auto& x : d) {
      if (x.is_number_integer()) {
        const auto v = x.get<long long>();
        if (v < p->dice->min() || v > p->dice->max())
          return core::make_error(
              fmt::format("{} is not a possible roll of {}: it runs from {} "
                          "to {}.",
                          v, p->dice->name(), p->dice->min(), p->dice->max()));
        values.push_back(static_cast<int>(v));
      } else if (x.is_string()) {
        auto v = p->dice->parse_physical(x.get<std::string>());
        if (!v) return v.error();
        values.push_back(*v);
      } else {
        return core::make_error("Each die value must be a number or a text such as \"3 4\".");
      }
    }
    req.dice = std::move(values);
  }
  if (request.contains("seed")) {
    const auto& sd = request["seed"];
    if (!sd.is_number_unsigned() && !(sd.is_number_integer() && sd.get<std::int64_t>() >= 0))
      return core::make_error("'seed' must be a whole number from 0 to 2^64-1.");
    req.seed = request["seed"].get<std::uint64_t>();
  }
  if (request.contains("odds_only")) {
    if (!request["odds_only"].is_boolean())
      return core::make_error("'odds_only' must be true or false.");
    req.odds_only = request["odds_only"].get<bool>();
  }
  std::optional<AssaultGrid> grid;
  if (request.contains("assault_table") && !request["assault_table"].is_null()) {
    auto g = parse_assault_grid(request["assault_table"], "request.assault_table");
    if (!g) return g.error();
    grid = std::move(*g);
    req.assault_grid = &*grid;
  }
  auto tables = load_tables();
  if (!tables) return tables.error();
  return referee(*tables, req);
}
}  // namespace

core::Expected<nlohmann::json> resolve_request(const nlohmann::json& request) {
  // Bad input comes back as an error value; an exception here can only be a broken invariant
  // of our own data, reported as such rather than thrown at the caller.
  try {
    return resolve_request_unchecked(request);
  } catch (const std::exception& e) {
    return core::make_error(
        fmt::format("Internal error in the alsh referee (please report it): {}.", e.what()));
  }
}

// ---- Text ---------------------------------------------------------------------------------

namespace {
std::string mark(const std::string& confidence) {
  if (confidence == "reconstructed") return "~";
  if (confidence == "guessed") return "?";
  if (confidence == "missing") return "!";
  return " ";
}
}  // namespace

std::string render_text(const nlohmann::json& j) {
  std::ostringstream o;
  o << j["title"].get<std::string>() << "  [alsh " << j["table"].get<std::string>() << "]\n";
  const std::string mode = j["mode"].get<std::string>();
  if (!j["rolls"].empty()) {
    if (mode == "rolled") {
      o << fmt::format("Dice rolled by Carroccio (seed {}; repeat with --seed {}):\n",
                       j["seed"].get<std::uint64_t>(), j["seed"].get<std::uint64_t>());
    } else {
      o << "Dice as you rolled them:\n";
    }
    for (const auto& r : j["rolls"])
      o << fmt::format("  {} {}: {}\n", r["dice"].get<std::string>(),
                       r["purpose"].get<std::string>(), r["value"].get<int>());
  }
  bool any_shown = false;
  std::vector<std::string> skipped;
  for (const auto& m : j["modifiers"]) {
    const std::string note = m.contains("note") ? m["note"].get<std::string>() : "";
    if (!m["applied"].get<bool>()) {
      if (!note.empty())
        skipped.push_back(fmt::format("{} ({})", m["label"].get<std::string>(), note));
      continue;
    }
    if (!any_shown) o << "Modifiers:\n";
    any_shown = true;
    const std::string kind = m["kind"].get<std::string>();
    o << fmt::format("  {:>3}{} {}{}{}  [{}]\n", signed_int(m["value"].get<int>()),
                     mark(m["confidence"].get<std::string>()), m["label"].get<std::string>(),
                     kind == "drm" ? "" : fmt::format(" ({})", kind),
                     note.empty() ? "" : fmt::format(": {}", note), m["source"].get<std::string>());
  }
  if (any_shown)
    o << fmt::format("  Total {}modifier {}\n", j.contains("dice") ? "die-roll " : "",
                     signed_int(j["total_modifier"].get<int>()));
  if (!skipped.empty()) {
    o << "Not applied:\n";
    for (const auto& x : skipped) o << "  " << x << "\n";
  }
  if (!j["steps"].empty()) {
    o << "Reading:\n";
    for (const auto& x : j["steps"]) o << "  " << x.get<std::string>() << "\n";
  }
  if (j.contains("result")) {
    const auto& r = j["result"];
    o << (j["resolved"].get<bool>() ? "Result: " : "") << r["outcome"].get<std::string>() << "\n";
    for (const auto& e : r["effects"]) {
      std::string line = e.get<std::string>();
      if (!line.empty())
        line[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(line[0])));
      o << "  - " << line << "\n";
    }
  }
  if (!j["warnings"].empty()) {
    o << "This rests on uncertain readings of the chart:\n";
    for (const auto& b : j["basis"]) {
      const std::string c = b["confidence"].get<std::string>();
      if (c == "legible") continue;
      o << fmt::format("  {} {}: {}{}\n", mark(c), c, b["what"].get<std::string>(),
                       b["note"].get<std::string>().empty()
                           ? ""
                           : fmt::format("\n      {}", b["note"].get<std::string>()));
    }
  }
  if (!j["odds"].empty()) {
    o << fmt::format("Exact odds{}:\n",
                     j.contains("dice")
                         ? fmt::format(" over every roll ({})", j["dice"].get<std::string>())
                         : "");
    for (const auto& l : j["odds"]) {
      o << fmt::format(
          "  {:>9} {:>8.2f}% {} {}{}\n", l["probability"].get<std::string>(),
          l["percent"].get<double>(), mark(l["confidence"].get<std::string>()),
          l["outcome"].get<std::string>(),
          l.contains("rolls") ? fmt::format("  (rolls {})", l["rolls"].get<std::string>()) : "");
    }
    const auto& u = j["uncertain_probability"];
    const auto& g = j["guessed_probability"];
    if (u["fraction"] != "0")
      o << fmt::format(
          "  Chance the result rests on a non-legible reading: {} ({:.2f}%); on a guessed one: "
          "{} ({:.2f}%).\n",
          u["fraction"].get<std::string>(), u["percent"].get<double>(),
          g["fraction"].get<std::string>(), g["percent"].get<double>());
    o << "  Marks: ~ reconstructed, ? guessed, ! missing.\n";
  } else if (!j["resolved"].get<bool>()) {
    o << "No odds: the table cannot be read.\n";
  }
  return o.str();
}

}  // namespace carroccio::alsh
