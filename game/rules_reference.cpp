#include "game/rules_reference.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <string>

#include "fmt/format.h"
#include "game/registry.hpp"

namespace carroccio::game {

namespace {

std::string trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return std::string(s);
}

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// An id safe in an HTML id and a URL: letters, digits, '.', '-'; anything else '_'.
std::string anchor_of(std::string_view prefix, std::string_view id) {
  std::string out(prefix);
  for (char c : id)
    out += std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '-' ? c : '_';
  return out;
}

bool is_separator_row(const std::vector<std::string>& cells) {
  return !cells.empty() && std::all_of(cells.begin(), cells.end(), [](const std::string& c) {
    return !c.empty() && c.find_first_not_of("-: ") == std::string::npos;
  });
}

// The clause ids a rulings row's clause cell names: "4.0, 4.1", "3.1.1–3.1.2", "Tr-3, Mov-1".
std::vector<std::string> clause_list(std::string_view cell) {
  std::vector<std::string> out;
  std::string text = plain_markdown(cell);
  // The en dash of a range separates two clauses as a comma does.
  for (std::size_t p; (p = text.find("\xE2\x80\x93")) != std::string::npos;)
    text.replace(p, 3, ",");
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find_first_of(",;", start);
    if (end == std::string::npos) end = text.size();
    std::string item = trim(std::string_view(text).substr(start, end - start));
    if (!item.empty() && item != "\xE2\x80\x94" && item != "-") out.push_back(item);
    start = end + 1;
  }
  return out;
}

// Whether `text` names `id` as a whole word ("L-1" is not in "L-10").
bool names(std::string_view text, std::string_view id) {
  if (id.empty()) return false;
  for (std::size_t p = text.find(id); p != std::string_view::npos; p = text.find(id, p + 1)) {
    const bool left = p == 0 || !std::isalnum(static_cast<unsigned char>(text[p - 1]));
    const std::size_t e = p + id.size();
    const bool right = e >= text.size() || !std::isalnum(static_cast<unsigned char>(text[e]));
    if (left && right) return true;
  }
  return false;
}

struct Table {
  std::string section;
  std::vector<std::string> header;  // lower case
  std::vector<std::vector<std::string>> rows;
};

// Every Markdown table of a document, with the heading (## or ###) it stands under.
std::vector<Table> tables_of(std::string_view text) {
  std::vector<Table> out;
  std::string section;
  Table* open = nullptr;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view line = text.substr(start, end - start);
    start = end + 1;
    auto cells = markdown_row(line);
    if (cells.empty()) {
      open = nullptr;
      if (line.rfind("## ", 0) == 0 || line.rfind("### ", 0) == 0)
        section = plain_markdown(line.substr(line.find(' ') + 1));
      continue;
    }
    if (open == nullptr) {
      out.push_back({section, {}, {}});
      open = &out.back();
      for (auto& c : cells) open->header.push_back(lower(plain_markdown(c)));
      continue;
    }
    if (is_separator_row(cells)) continue;
    open->rows.push_back(std::move(cells));
  }
  return out;
}

int column(const Table& t, std::initializer_list<std::string_view> names) {
  for (std::string_view n : names)
    for (std::size_t i = 0; i < t.header.size(); ++i)
      if (t.header[i] == n) return static_cast<int>(i);
  return -1;
}

std::string cell(const std::vector<std::string>& row, int i) {
  return i < 0 || static_cast<std::size_t>(i) >= row.size() ? std::string()
                                                            : plain_markdown(row[i]);
}

}  // namespace

std::vector<std::string> markdown_row(std::string_view line) {
  std::string_view s = line;
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  if (s.size() < 2 || s.front() != '|') return {};
  std::vector<std::string> cells;
  std::string current;
  bool code = false;
  for (std::size_t i = 1; i < s.size(); ++i) {
    const char c = s[i];
    if (c == '\\' && i + 1 < s.size() && s[i + 1] == '|') {
      current += '|';
      ++i;
    } else if (c == '`') {
      code = !code;
      current += c;
    } else if (c == '|' && !code) {
      cells.push_back(trim(current));
      current.clear();
    } else {
      current += c;
    }
  }
  if (!trim(current).empty()) cells.push_back(trim(current));
  return cells;
}

std::string plain_markdown(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '`') continue;
    if (c == '*' && i + 1 < text.size() && text[i + 1] == '*') {
      ++i;
      continue;
    }
    if (c == '[') {
      // [text](link) -> text
      const std::size_t close = text.find("](", i);
      const std::size_t paren = close == std::string_view::npos ? close : text.find(')', close);
      if (close != std::string_view::npos && paren != std::string_view::npos &&
          text.substr(i, close - i).find('\n') == std::string_view::npos) {
        out += plain_markdown(text.substr(i + 1, close - i - 1));
        i = paren;
        continue;
      }
    }
    out += c;
  }
  return trim(out);
}

nlohmann::json rules_reference(const RulesetInfo& info, const ReferenceFiles& files) {
  std::string_view clauses_md, rulings_md;
  for (const auto& [name, text] : files) {
    if (name == "clauses.md") clauses_md = text;
    if (name == "rulings.md") rulings_md = text;
  }
  nlohmann::json j;
  j["ruleset"] = info.id;
  j["title"] = info.title;
  j["sources"] = nlohmann::json::array();
  if (!clauses_md.empty()) j["sources"].push_back(fmt::format("docs/clauses/{}.md", info.id));
  if (!rulings_md.empty()) j["sources"].push_back(fmt::format("docs/rulings/{}.md", info.id));

  // Rulings first: the clauses list the rulings taken on them.
  nlohmann::json rulings = nlohmann::json::array();
  std::map<std::string, std::vector<std::string>> by_clause;  // clause -> ruling anchors
  std::set<std::string> anchors;
  for (const Table& t : tables_of(rulings_md)) {
    const int id = column(t, {"id", "item"});
    const int ruling = column(t, {"ruling", "reading", "our reading"});
    if (id < 0 || ruling < 0) continue;
    const int clause = column(t, {"clause"});
    const int question = column(t, {"question", "option"});
    const int reason = column(t, {"reason", "why"});
    const int confidence = column(t, {"confidence"});
    for (const auto& row : t.rows) {
      nlohmann::json r;
      std::string rid = cell(row, id);
      // An item of a chart (alsh) is no id of its own: it is anchored by its row.
      const bool real_id =
          t.header[static_cast<std::size_t>(id)] == "id" && rid != "\xE2\x80\x94" && !rid.empty();
      std::string anchor = anchor_of("r-", real_id ? rid : fmt::format("{}", rulings.size() + 1));
      while (anchors.count(anchor) != 0) anchor += "_";
      anchors.insert(anchor);
      r["id"] = real_id ? rid : std::string();
      if (!real_id && !rid.empty() && rid != "\xE2\x80\x94") r["item"] = rid;
      r["anchor"] = anchor;
      r["section"] = t.section;
      r["clauses"] = nlohmann::json::array();
      if (clause >= 0 && static_cast<std::size_t>(clause) < row.size())
        r["clauses"] = clause_list(row[static_cast<std::size_t>(clause)]);
      if (question >= 0) r["question"] = cell(row, question);
      r["ruling"] = cell(row, ruling);
      if (reason >= 0) r["reason"] = cell(row, reason);
      if (confidence >= 0) r["confidence"] = cell(row, confidence);
      for (const auto& c : r["clauses"]) by_clause[c.get<std::string>()].push_back(anchor);
      rulings.push_back(std::move(r));
    }
  }

  nlohmann::json sections = nlohmann::json::array();
  nlohmann::json legend = nlohmann::json::array();
  std::set<std::string> clause_anchors;
  for (const Table& t : tables_of(clauses_md)) {
    if (t.header.size() >= 3 && t.header[0] == "term" && t.header[1] == "meaning") {
      for (const auto& row : t.rows) {
        nlohmann::json e = {{"term", cell(row, 0)}, {"meaning", cell(row, 1)}};
        const std::string c = cell(row, 2);
        if (!c.empty() && c != "\xE2\x80\x94") e["clause"] = c;
        legend.push_back(std::move(e));
      }
      continue;
    }
    if (t.header.size() < 2 || t.header[0] != "clause" || t.header[1] != "rule") continue;
    nlohmann::json clauses = nlohmann::json::array();
    for (const auto& row : t.rows) {
      const std::string id = cell(row, 0);
      const std::string rule = cell(row, 1);
      std::string anchor = anchor_of("c-", id);
      while (clause_anchors.count(anchor) != 0) anchor += "_";
      clause_anchors.insert(anchor);
      nlohmann::json on = nlohmann::json::array();
      std::set<std::string> seen;
      auto add = [&](const std::string& a) {
        if (seen.insert(a).second) on.push_back(a);
      };
      if (auto it = by_clause.find(id); it != by_clause.end())
        for (const auto& a : it->second) add(a);
      for (const auto& r : rulings)
        if (names(rule, r["id"].get<std::string>())) add(r["anchor"].get<std::string>());
      clauses.push_back({{"clause", id}, {"anchor", anchor}, {"rule", rule}, {"rulings", on}});
    }
    if (!clauses.empty()) sections.push_back({{"title", t.section}, {"clauses", clauses}});
  }
  j["sections"] = std::move(sections);
  j["rulings"] = std::move(rulings);
  j["legend"] = std::move(legend);
  return j;
}

namespace {

bool same_words(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) ==
                  std::tolower(static_cast<unsigned char>(y));
         });
}

std::string text_of(const nlohmann::json& j, const char* key) {
  return j.contains(key) && j[key].is_string() ? j[key].get<std::string>() : std::string();
}

// "ruling F-9: ..." for each ruling a clause names by anchor.
std::string rulings_of(const nlohmann::json& reference, const nlohmann::json& clause) {
  std::string out;
  if (!clause.contains("rulings")) return out;
  for (const auto& anchor : clause["rulings"])
    for (const auto& r : reference["rulings"])
      if (r["anchor"] == anchor) {
        const std::string id = text_of(r, "id");
        out += fmt::format("  ruling{}: {}\n", id.empty() ? "" : " " + id, text_of(r, "ruling"));
      }
  return out;
}

}  // namespace

std::string reference_topic(const nlohmann::json& reference, std::string_view topic) {
  const std::string id = text_of(reference, "ruleset");
  std::string out;
  const auto add = [&](const std::string& entry) { out += (out.empty() ? "" : "\n") + entry; };
  // Clauses: the number itself, or every clause under it.
  for (const auto& section : reference["sections"])
    for (const auto& c : section["clauses"]) {
      const std::string number = text_of(c, "clause");
      const bool under = number.size() > topic.size() && number[topic.size()] == '.' &&
                         same_words(std::string_view(number).substr(0, topic.size()), topic);
      if (!same_words(number, topic) && !under) continue;
      const std::string title = text_of(section, "title");
      add(fmt::format("{} {}{}\n  {}\n{}", id, number,
                      title.empty() ? std::string() : " (" + title + ")", text_of(c, "rule"),
                      rulings_of(reference, c)));
    }
  // A ruling by its id.
  for (const auto& r : reference["rulings"]) {
    const std::string rid = text_of(r, "id");
    if (rid.empty() || !same_words(rid, topic)) continue;
    std::vector<std::string> clauses;
    for (const auto& c : r["clauses"]) clauses.push_back(c.get<std::string>());
    add(fmt::format("{} ruling {}{}\n  question: {}\n  ruling: {}\n  reason: {}\n", id, rid,
                    clauses.empty() ? "" : fmt::format(" (on {})", fmt::join(clauses, ", ")),
                    text_of(r, "question"), text_of(r, "ruling"), text_of(r, "reason")));
  }
  // Legend terms: "d6, d10" is named by either.
  for (const auto& t : reference["legend"]) {
    const std::string term = text_of(t, "term");
    bool named = same_words(term, topic);
    for (std::size_t start = 0; !named && start < term.size();) {
      std::size_t end = term.find(", ", start);
      if (end == std::string::npos) end = term.size();
      named = same_words(std::string_view(term).substr(start, end - start), topic);
      start = end + 2;
    }
    if (!named) continue;
    const std::string clause = text_of(t, "clause");
    const bool cited = !clause.empty() && clause != "\u2014" && clause != "-";
    add(fmt::format("{} term: {}{}\n  {}\n", id, term,
                    cited ? fmt::format(" ({} {})", id, clause) : std::string(),
                    text_of(t, "meaning")));
  }
  return out;
}

std::string reference_examples(const nlohmann::json& reference) {
  std::vector<std::string> examples;
  for (const auto& section : reference["sections"])
    if (!section["clauses"].empty()) {
      examples.push_back(text_of(section["clauses"][0], "clause"));
      break;
    }
  for (const auto& r : reference["rulings"])
    if (!text_of(r, "id").empty()) {
      examples.push_back(text_of(r, "id"));
      break;
    }
  for (const auto& t : reference["legend"]) {
    const std::string term = text_of(t, "term");
    examples.push_back(term.substr(0, term.find(", ")));
    break;
  }
  return fmt::format("{}", fmt::join(examples, ", "));
}

}  // namespace carroccio::game
