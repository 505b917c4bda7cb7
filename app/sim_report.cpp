#include "app/sim_report.hpp"

#include <algorithm>
#include <set>

#include "fmt/format.h"

namespace carroccio::app {

namespace {

double num(const nlohmann::json& j, const char* key, double fallback = 0) {
  if (!j.is_object()) return fallback;
  const auto it = j.find(key);
  return it != j.end() && it->is_number() ? it->get<double>() : fallback;
}

std::string pct(double p) { return fmt::format("{:.1f}%", 100.0 * p); }

std::string interval_text(const nlohmann::json& i) {
  return fmt::format("{} [{}, {}]", pct(num(i, "estimate")), pct(num(i, "low")),
                     pct(num(i, "high")));
}

std::string signed_interval_text(const nlohmann::json& i) {
  return fmt::format("{:+.1f} points [{:+.1f}, {:+.1f}]", 100.0 * num(i, "estimate"),
                     100.0 * num(i, "low"), 100.0 * num(i, "high"));
}

std::string number_text(double v) { return fmt::format("{:g}", v); }

std::string histogram_text(const nlohmann::json& dist) {
  std::string out;
  for (const auto& pair : dist["histogram"]) {
    if (!out.empty()) out += ", ";
    out += fmt::format("{}:{}", number_text(pair[0].get<double>()), pair[1].get<std::uint64_t>());
  }
  return out;
}

// Every fate named in the per-piece statistics, sorted.
std::vector<std::string> fates_of(const nlohmann::json& pieces) {
  std::set<std::string> fates;
  for (const auto& p : pieces)
    for (const auto& [fate, count] : p["fates"].items()) fates.insert(fate);
  return {fates.begin(), fates.end()};
}

std::string aggregate_text(const nlohmann::json& agg, const std::string& score_label) {
  std::string out;
  const double games = num(agg, "games");
  out += "Results (95% Wilson intervals):\n";
  for (const auto& s : agg["sides"])
    out += fmt::format("  {:<12} wins {:>7}  {}\n", s["side"].get<std::string>(),
                       s["wins"].get<std::uint64_t>(), interval_text(s["win_rate"]));
  out += fmt::format("  {:<12}      {:>7}  {}\n", "draws", agg["draws"].get<std::uint64_t>(),
                     interval_text(agg["draw_rate"]));
  out += "How the games ended:\n";
  for (const auto& [reason, count] : agg["end_reasons"].items())
    out += fmt::format("  {:<28} {:>7}  {}\n", reason, count.get<std::uint64_t>(),
                       pct(games > 0 ? count.get<double>() / games : 0));
  out += fmt::format("{} at the end:\n", score_label);
  for (const auto& s : agg["sides"]) {
    const auto& d = s["score"];
    if (num(d, "count") == 0) continue;
    out += fmt::format("  {:<12} mean {:.2f}, min {}, max {}; {}\n", s["side"].get<std::string>(),
                       num(d, "mean"), number_text(num(d, "min")), number_text(num(d, "max")),
                       histogram_text(d));
  }
  const auto& t = agg["deciding_turn"];
  if (num(t, "count") > 0)
    out += fmt::format("Deciding turn: mean {:.2f}, min {}, max {}; {}\n", num(t, "mean"),
                       number_text(num(t, "min")), number_text(num(t, "max")), histogram_text(t));
  const auto& pieces = agg["pieces"];
  if (!pieces.empty()) {
    const auto fates = fates_of(pieces);
    out += "Pieces (share of games ending in each state):\n";
    out += fmt::format("  {:<28} {:<10}", "piece", "side");
    for (const auto& f : fates) out += fmt::format(" {:>11}", f);
    out += "\n";
    for (const auto& p : pieces) {
      out +=
          fmt::format("  {:<28} {:<10}", p["id"].get<std::string>(), p["side"].get<std::string>());
      for (const auto& f : fates) {
        const double c = p["fates"].contains(f) ? p["fates"][f].get<double>() : 0.0;
        out += fmt::format(" {:>11}", pct(games > 0 ? c / games : 0));
      }
      out += "\n";
    }
  }
  out += fmt::format("Mean decisions per game: {:.1f}; mean steps (decisions and chance): {:.1f}\n",
                     num(agg, "mean_decisions"), num(agg, "mean_steps"));
  return out;
}

std::string escape(std::string_view s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

constexpr const char* kColours[] = {"#b03a2e", "#1f618d", "#7d6608", "#196f3d", "#6c3483"};

// Horizontal bars of proportions with their intervals as whiskers; labels on the left.
std::string interval_chart(const std::vector<std::pair<std::string, nlohmann::json>>& rows) {
  const int w = 760, label_w = 240, bar_h = 26, top = 24;
  const int plot_w = w - label_w - 60;
  const int h = top + static_cast<int>(rows.size()) * (bar_h + 10) + 10;
  std::string svg = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" role=\"img\">\n", w, h);
  for (int k = 0; k <= 4; ++k) {
    const int x = label_w + plot_w * k / 4;
    svg += fmt::format(
        "<line x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\" stroke=\"#ccc\"/><text x=\"{0}\" "
        "y=\"{3}\" font-size=\"11\" text-anchor=\"middle\">{4}%</text>\n",
        x, top - 6, h - 6, top - 10, k * 25);
  }
  int y = top;
  std::size_t colour = 0;
  for (const auto& [label, i] : rows) {
    const double e = num(i, "estimate"), lo = num(i, "low"), hi = num(i, "high");
    const auto x = [&](double p) { return label_w + static_cast<int>(p * plot_w + 0.5); };
    svg += fmt::format(
        "<text x=\"{}\" y=\"{}\" font-size=\"13\" text-anchor=\"end\">{}</text>\n"
        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"><title>{}: "
        "{}</title></rect>\n"
        "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"#000\" stroke-width=\"2\"/>\n"
        "<text x=\"{}\" y=\"{}\" font-size=\"12\">{}</text>\n",
        label_w - 8, y + bar_h / 2 + 5, escape(label), label_w, y, x(e) - label_w, bar_h,
        kColours[colour % 5], escape(label), escape(interval_text(i)), x(lo), y + bar_h / 2, x(hi),
        y + bar_h / 2, x(hi) + 6, y + bar_h / 2 + 4, escape(pct(e)));
    y += bar_h + 10;
    ++colour;
  }
  return svg + "</svg>\n";
}

// Vertical bars of counts.
std::string bar_chart(const std::vector<std::pair<std::string, double>>& bars,
                      const std::string& colour) {
  const int h = 220, bottom = 40, top = 16, left = 50;
  const int bar_w = std::clamp(560 / std::max<int>(1, static_cast<int>(bars.size())), 8, 80);
  const int w = left + bar_w * static_cast<int>(bars.size()) + 20;
  double max = 0;
  for (const auto& b : bars) max = std::max(max, b.second);
  if (max <= 0) max = 1;
  std::string svg = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" role=\"img\">\n", w, h);
  const int plot_h = h - bottom - top;
  svg += fmt::format(
      "<line x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\" stroke=\"#000\"/>"
      "<text x=\"{3}\" y=\"{4}\" font-size=\"11\" text-anchor=\"end\">{5}</text>"
      "<text x=\"{3}\" y=\"{2}\" font-size=\"11\" text-anchor=\"end\">0</text>\n",
      left, top, h - bottom, left - 4, top + 10, number_text(max));
  int x = left + 2;
  const bool slanted = bars.size() > 6;
  for (const auto& [label, v] : bars) {
    const int bh = static_cast<int>(v / max * plot_h + 0.5);
    svg += fmt::format(
        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"><title>{}: "
        "{}</title></rect>\n",
        x, h - bottom - bh, bar_w - 3, bh, colour, escape(label), number_text(v));
    if (slanted)
      svg += fmt::format(
          "<text font-size=\"10\" transform=\"translate({},{}) rotate(45)\">{}</text>\n",
          x + bar_w / 2, h - bottom + 10, escape(label));
    else
      svg +=
          fmt::format("<text x=\"{}\" y=\"{}\" font-size=\"11\" text-anchor=\"middle\">{}</text>\n",
                      x + bar_w / 2, h - bottom + 14, escape(label));
    x += bar_w;
  }
  return svg + "</svg>\n";
}

std::vector<std::pair<std::string, double>> histogram_bars(const nlohmann::json& dist) {
  std::vector<std::pair<std::string, double>> bars;
  for (const auto& pair : dist["histogram"])
    bars.emplace_back(number_text(pair[0].get<double>()), pair[1].get<double>());
  return bars;
}

std::string aggregate_html(const nlohmann::json& agg, const std::string& score_label) {
  std::string out;
  const double games = num(agg, "games");
  std::vector<std::pair<std::string, nlohmann::json>> rates;
  for (const auto& s : agg["sides"])
    rates.emplace_back(s["side"].get<std::string>() + " wins", s["win_rate"]);
  rates.emplace_back("draws", agg["draw_rate"]);
  out += "<h3>Results, with 95% Wilson intervals</h3>\n" + interval_chart(rates);
  out += "<table><tr><th>result</th><th>games</th><th>rate [95% interval]</th></tr>\n";
  for (const auto& s : agg["sides"])
    out += fmt::format("<tr><td>{} wins</td><td>{}</td><td>{}</td></tr>\n",
                       escape(s["side"].get<std::string>()), s["wins"].get<std::uint64_t>(),
                       escape(interval_text(s["win_rate"])));
  out += fmt::format("<tr><td>draws</td><td>{}</td><td>{}</td></tr></table>\n",
                     agg["draws"].get<std::uint64_t>(), escape(interval_text(agg["draw_rate"])));
  std::vector<std::pair<std::string, nlohmann::json>> reasons;
  for (const auto& [reason, count] : agg["end_reasons"].items()) {
    const auto i =
        sim::wilson_interval(count.get<std::uint64_t>(), static_cast<std::uint64_t>(games));
    reasons.emplace_back(
        reason, nlohmann::json{{"estimate", i.estimate}, {"low", i.low}, {"high", i.high}});
  }
  out += "<h3>How the games ended, with 95% Wilson intervals</h3>\n" + interval_chart(reasons);
  std::size_t colour = 0;
  for (const auto& s : agg["sides"]) {
    if (num(s["score"], "count") > 0)
      out += fmt::format("<h3>{} at the end: {} (mean {:.2f})</h3>\n", escape(score_label),
                         escape(s["side"].get<std::string>()), num(s["score"], "mean")) +
             bar_chart(histogram_bars(s["score"]), kColours[colour % 5]);
    ++colour;
  }
  if (num(agg["deciding_turn"], "count") > 0)
    out +=
        fmt::format("<h3>Deciding turn (mean {:.2f})</h3>\n", num(agg["deciding_turn"], "mean")) +
        bar_chart(histogram_bars(agg["deciding_turn"]), "#7d3c98");
  const auto& pieces = agg["pieces"];
  if (!pieces.empty()) {
    const auto fates = fates_of(pieces);
    out +=
        "<h3>Pieces: share of games ending in each "
        "state</h3>\n<table><tr><th>piece</th><th>side</th>";
    for (const auto& f : fates) out += "<th>" + escape(f) + "</th>";
    out += "</tr>\n";
    for (const auto& p : pieces) {
      out += fmt::format("<tr><td>{}</td><td>{}</td>", escape(p["id"].get<std::string>()),
                         escape(p["side"].get<std::string>()));
      for (const auto& f : fates) {
        const double c = p["fates"].contains(f) ? p["fates"][f].get<double>() : 0.0;
        out += "<td>" + pct(games > 0 ? c / games : 0) + "</td>";
      }
      out += "</tr>\n";
    }
    out += "</table>\n";
  }
  return out;
}

std::string agents_text(const nlohmann::json& run) {
  std::string out;
  for (const auto& [side, kind] : run["agents"].items())
    out += fmt::format("{}{} {}", out.empty() ? "" : ", ", side, kind.get<std::string>());
  return out;
}

std::string options_text(const nlohmann::json& options) {
  const std::string s = options.get<std::string>();
  return s.empty() ? "none" : s;
}

std::string score_label(const nlohmann::json& run) {
  return run.value("score_label", std::string("Score"));
}

std::string comparison_text(const nlohmann::json& c) {
  std::string out = fmt::format(
      "Paired comparison over the same {} seeds (B - A); {} games changed their result:\n",
      c["games"].get<std::uint64_t>(), c["changed"].get<std::uint64_t>());
  for (const auto& r : c["rates"]) {
    const std::string what =
        r["result"] == "draw" ? std::string("draws") : r["side"].get<std::string>() + " wins";
    out += fmt::format("  {:<16} A {}  B {}  difference {}\n", what, interval_text(r["a"]),
                       interval_text(r["b"]), signed_interval_text(r["difference"]));
  }
  return out;
}

}  // namespace

std::string sim_summary_text(const nlohmann::json& run) {
  const auto games =
      (run.contains("aggregate") ? run["aggregate"]["games"] : run["a"]["aggregate"]["games"])
          .get<std::uint64_t>();
  // Which games of the seed: all from 0 unless a shard (--first-game) or a merge with gaps.
  std::string which;
  if (run.contains("game_ranges") && run["game_ranges"].is_array()) {
    for (const auto& r : run["game_ranges"])
      which += fmt::format("{}{}-{}", which.empty() ? " (games " : ", ", r[0].get<std::uint64_t>(),
                           r[1].get<std::uint64_t>() - 1);
    which += ")";
  } else if (run.contains("first_game") && run["first_game"].is_number_unsigned() &&
             run["first_game"].get<std::uint64_t>() > 0) {
    const auto first = run["first_game"].get<std::uint64_t>();
    which = fmt::format(" (games {}-{})", first, first + games - 1);
  }
  std::string out =
      fmt::format("{}: {} games{}, seed {}; {}.\n", run["scenario"].get<std::string>(), games,
                  which, run["seed"].get<std::uint64_t>(), agents_text(run));
  if (run.contains("aggregate")) {
    out += fmt::format("Options: {}\n", options_text(run["options"]));
    out += aggregate_text(run["aggregate"], score_label(run));
    return out;
  }
  for (const char* arm : {"a", "b"}) {
    out += fmt::format("\n== Option set {}: {}\n", arm == std::string("a") ? "A" : "B",
                       options_text(run[arm]["options"]));
    out += aggregate_text(run[arm]["aggregate"], score_label(run));
  }
  out += "\n" + comparison_text(run["comparison"]);
  return out;
}

std::string sim_report_html(const nlohmann::json& run) {
  const std::string title =
      fmt::format("Carroccio simulation: {}", run["scenario"].get<std::string>());
  std::string out = fmt::format(
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{}</title>\n"
      "<style>body{{font-family:sans-serif;max-width:60em;margin:1em auto;padding:0 1em}}"
      "table{{border-collapse:collapse;margin:.5em 0}}td,th{{border:1px solid #ccc;padding:2px 8px;"
      "text-align:right}}td:first-child,th:first-child{{text-align:left}}svg{{display:block;"
      "margin:.5em "
      "0}}pre{{background:#f4f4f4;padding:.5em}}</style>\n</head>\n<body>\n<h1>{}</h1>\n",
      escape(title), escape(title));
  out += fmt::format("<p>Seed {}; agents: {}.</p>\n", run["seed"].get<std::uint64_t>(),
                     escape(agents_text(run)));
  if (run.contains("aggregate")) {
    out += fmt::format("<p>{} games; options: {}.</p>\n",
                       run["aggregate"]["games"].get<std::uint64_t>(),
                       escape(options_text(run["options"])));
    out += aggregate_html(run["aggregate"], score_label(run));
  } else {
    out += "<h2>Paired comparison</h2>\n<pre>" + escape(comparison_text(run["comparison"])) +
           "</pre>\n";
    std::vector<std::pair<std::string, nlohmann::json>> diffs;
    for (const auto& r : run["comparison"]["rates"]) {
      const std::string what =
          r["result"] == "draw" ? std::string("draws") : r["side"].get<std::string>() + " wins";
      diffs.emplace_back(what + " (A)", r["a"]);
      diffs.emplace_back(what + " (B)", r["b"]);
    }
    out += interval_chart(diffs);
    for (const char* arm : {"a", "b"}) {
      out += fmt::format("<h2>Option set {}: {}</h2>\n", arm == std::string("a") ? "A" : "B",
                         escape(options_text(run[arm]["options"])));
      out += aggregate_html(run[arm]["aggregate"], score_label(run));
    }
  }
  out += "</body>\n</html>\n";
  return out;
}

std::string sim_csv_header(const game::Game& game, bool with_arm) {
  std::string out = with_arm ? "arm,game,winner,end_reason,turn" : "game,winner,end_reason,turn";
  for (const auto& side : game.player_names()) out += ",score_" + side;
  for (const auto& side : game.player_names()) out += ",return_" + side;
  return out + ",decisions,chance_steps\n";
}

std::string sim_csv_row(const game::Game& game, const sim::GameOutcome& o, const std::string& arm) {
  auto csv_field = [](std::string s) {
    if (s.find_first_of(",\"\n") == std::string::npos) return s;
    std::string q = "\"";
    for (char c : s) q += c == '"' ? std::string("\"\"") : std::string(1, c);
    return q + "\"";
  };
  const game::ResultFacts& f = o.facts;
  const std::string reason = f.end_reason;
  const std::string turn = f.has_turn ? number_text(f.turn) : std::string();
  std::string out;
  if (!arm.empty()) out += arm + ",";
  out += fmt::format("{},{},{},{}", o.index,
                     o.winner < 0 ? std::string("draw") : game.player_name(o.winner),
                     csv_field(reason), turn);
  for (const auto& side : game.player_names()) {
    out += ",";
    for (std::size_t k = 0; k < f.score_sides.size(); ++k)
      if (f.score_sides[k] == side) out += number_text(f.scores[k]);
  }
  for (double r : o.returns) out += "," + number_text(r);
  out += fmt::format(",{},{}\n", o.decisions, o.chance_steps);
  return out;
}

}  // namespace carroccio::app
