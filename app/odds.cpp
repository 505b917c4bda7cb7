// `carroccio odds` and the odds text `carroccio play` shows before an attack is committed.
#include "app/odds.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <ostream>

#include "app/cli.hpp"
#include "app/commands.hpp"
#include "fmt/format.h"
#include "game/record.hpp"

namespace carroccio::app {

namespace {

constexpr std::string_view kOddsUsage =
    R"(Usage: carroccio odds RECORD [--move N] [--action NAME|ID] [--json]
  RECORD            a game record written by carroccio play --record (or the server)
  --move N          replay only the first N actions of the record (default: all of them)
  --action NAME|ID  the odds of this one decision (its number in the list, its id, or its
                    name or the start of it); default: every decision that has odds
  --json            print the odds as JSON
The position reached must be a decision of a side; the odds are exact (every die and every
undrawn combat chit enumerated) and computing them draws no random number.
)";

std::string lower(std::string_view s) {
  std::string out(s);
  for (auto& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string str(const nlohmann::json& j, const char* key) {
  if (!j.is_object() || !j.contains(key)) return {};
  const auto& v = j[key];
  return v.is_string() ? v.get<std::string>() : v.dump();
}

std::string percent(const nlohmann::json& j, const char* key) {
  if (!j.is_object() || !j.contains(key) || !j[key].is_number()) return {};
  return fmt::format("{:.1f}%", 100.0 * j[key].get<double>());
}

}  // namespace

std::string format_odds_line(const nlohmann::json& odds) {
  if (!odds.is_object() || !odds.contains("results")) return {};
  std::string out;
  for (const auto& r : odds["results"]) {
    if (!out.empty()) out += ", ";
    out += fmt::format("{} {}", str(r, "result"), percent(r, "p"));
  }
  return out;
}

std::string format_odds(const nlohmann::json& odds, std::string_view indent) {
  if (!odds.is_object()) return {};
  std::string out;
  const std::string in(indent);
  if (odds.contains("automatic"))
    out += fmt::format("{}No die is rolled: {} [{}].\n", in, str(odds, "automatic"),
                       str(odds, "rule"));
  if (odds.contains("column"))
    out += fmt::format("{}Column {}, die modifier {:+d} (before any undrawn chit is known).\n", in,
                       str(odds, "column"), odds.value("drm", 0));
  if (odds.contains("modifiers") && !odds["modifiers"].empty()) {
    out += in + "Modifiers:\n";
    for (const auto& m : odds["modifiers"])
      out += fmt::format("{}  {} [{}]\n", in, str(m, "what"), str(m, "rule"));
  }
  if (odds.contains("undrawn_chits") && !odds["undrawn_chits"].empty()) {
    std::string names;
    for (const auto& u : odds["undrawn_chits"])
      names += (names.empty() ? "" : ", ") + u.get<std::string>();
    out += fmt::format("{}Combat chits not yet drawn (every value enumerated): {}\n", in, names);
  }
  if (odds.contains("checks"))
    for (const auto& c : odds["checks"])
      out += fmt::format("{}Check: {} {}, passes with probability {} [{}]\n", in, str(c, "unit"),
                         str(c, "check"), str(c, "pass"), str(c, "rule"));
  if (odds.contains("results")) {
    out += in + "Results:\n";
    for (const auto& r : odds["results"]) {
      std::string line = fmt::format("{}  {:<10} {:>9} {:>7}", in, str(r, "result"),
                                     str(r, "probability"), percent(r, "p"));
      if (r.contains("vp_lost") && r["vp_lost"].is_object()) {
        std::string vp;
        for (const auto& [side, v] : r["vp_lost"].items())
          vp += fmt::format("{}{} {} -> {} of {}", vp.empty() ? "" : ", ", side, str(v, "now"),
                            str(v, "after"), str(v, "rout_level"));
        line += "  VP lost: " + vp;
      }
      if (r.contains("ends_game"))
        line += fmt::format("; ends the game: {} win ({})", str(r["ends_game"], "winner"),
                            str(r["ends_game"], "reason"));
      out += line + "\n";
    }
  }
  if (odds.contains("leaders") && !odds["leaders"].empty()) {
    out += in + "Leaders in the combat:\n";
    for (const auto& l : odds["leaders"]) {
      std::string line =
          fmt::format("{}  {} dies with probability {} ({}) [{}]", in, str(l, "leader"),
                      str(l, "death"), percent(l, "p"), str(l, "rule"));
      if (l.contains("ends_game"))
        line += fmt::format(": that ends the game, {} win [{}]", str(l["ends_game"], "winner"),
                            str(l["ends_game"], "rule"));
      else if (l.contains("vp"))
        line += fmt::format(": {} VP to the enemy", str(l, "vp"));
      out += line + "\n";
    }
  }
  return out;
}

int run_odds(std::span<const std::string> args, const game::Registry& registry, Io io) {
  if (wants_help(args)) {
    io.out << kOddsUsage;
    return kExitOk;
  }
  auto parsed = parse_args(args, "odds", {{"move", true}, {"action", true}, {"json"}}, 1);
  if (!parsed) return usage_error(io.err, parsed.message());
  if (parsed->positional.empty())
    return usage_error(io.err,
                       "'carroccio odds' needs a game record, e.g. carroccio odds game.json.");
  auto record = game::read_record_file(parsed->positional[0]);
  if (!record) return usage_error(io.err, record.message());
  if (auto text = parsed->value("move")) {
    auto n = parse_count(*text, "move", 0, static_cast<std::int64_t>(record->actions.size()));
    if (!n) return usage_error(io.err, n.message());
    record->actions.resize(static_cast<std::size_t>(*n));
  }
  auto state = game::replay(registry, *record);
  if (!state) return fail(io.err, state.message());
  const game::State& s = **state;
  const std::size_t at = record->actions.size();
  if (s.is_terminal())
    return fail(io.err,
                fmt::format("After {} actions the game is over: there is nothing to decide.", at));
  if (s.is_chance_node())
    return fail(io.err,
                fmt::format("After {} actions the dice are to be rolled, not a side to decide: "
                            "choose another --move.",
                            at));
  const std::vector<game::Action> legal = s.legal_actions();
  std::vector<game::Action> chosen;
  if (auto text = parsed->value("action")) {
    const std::string want = lower(*text);
    int number = 0;
    const auto [ptr, ec] = std::from_chars(text->data(), text->data() + text->size(), number);
    const bool numeric = ec == std::errc() && ptr == text->data() + text->size();
    std::vector<game::Action> prefix;
    for (std::size_t i = 0; i < legal.size(); ++i) {
      const std::string name = lower(s.action_to_string(legal[i]));
      if (numeric && (static_cast<std::size_t>(number) == i + 1 || number == legal[i])) {
        chosen = {legal[i]};
        break;
      }
      if (name == want) {
        chosen = {legal[i]};
        break;
      }
      if (name.compare(0, want.size(), want) == 0) prefix.push_back(legal[i]);
    }
    if (chosen.empty() && prefix.size() == 1) chosen = prefix;
    if (chosen.empty())
      return usage_error(
          io.err,
          prefix.empty()
              ? fmt::format("'--action {}' is not a legal decision after {} actions.", *text, at)
              : fmt::format("'--action {}' is the start of {} decisions' names: say more.", *text,
                            prefix.size()));
  } else {
    chosen = legal;
  }
  nlohmann::json list = nlohmann::json::array();
  for (game::Action a : chosen) {
    nlohmann::json odds = s.action_odds(a);
    if (odds.is_null() && !parsed->has("action")) continue;
    list.push_back({{"action", a}, {"name", s.action_to_string(a)}, {"odds", odds}});
  }
  if (parsed->has("json")) {
    io.out << nlohmann::json{{"move", at},
                             {"player", s.game().player_name(s.current_player())},
                             {"actions", list}}
                  .dump(2)
           << "\n";
    return kExitOk;
  }
  io.out << fmt::format("{}/{} after {} actions: {} to decide.\n", s.game().ruleset(),
                        s.game().scenario(), at, s.game().player_name(s.current_player()));
  if (const auto status = s.status_line(); !status.empty()) io.out << status << "\n";
  if (list.empty()) {
    io.out << "None of the decisions here has odds to show (no attack is being built).\n";
    return kExitOk;
  }
  for (const auto& item : list) {
    io.out << fmt::format("\n{} (action {}):\n", item["name"].get<std::string>(),
                          item["action"].get<int>());
    if (item["odds"].is_null())
      io.out << "  This decision has no odds to show.\n";
    else
      io.out << format_odds(item["odds"], "  ");
  }
  return kExitOk;
}

}  // namespace carroccio::app
