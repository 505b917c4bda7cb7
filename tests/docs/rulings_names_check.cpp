// Keeps the rulings documents honest: every test a ruling names must exist.
//
//   rulings_names_check DOC_OR_DIR... -- TEST_BINARY...
//
// Reads every Markdown file given (a directory means every *.md in it), finds each backticked
// code span shaped like a GoogleTest name (`Suite.Name`, optionally `Prefix/Suite.Name/Param`),
// and checks it against the `--gtest_list_tests` output of the binaries given. A span shaped
// like a test pattern (`Suite.*`, `*Word*`) is refused too: a ruling names its exact tests.
// Each problem is printed on its own line as FILE:LINE: `NAME` ...; the exit status is 0 when
// there is none, 1 when there is one or more, 2 for bad arguments or a binary that cannot run.
// Ruleset-agnostic: it knows nothing of bma, alsh or any other ruleset.
//
//   rulings_names_check --clauses ROOT [--require ID,...] DOC_OR_DIR... -- TEST_BINARY...
//
// The clause coverage check (docs/clauses/README.md): besides the test names above, every row of
// a table headed | clause | rule | code | tests | must name a unique clause, files that exist
// under ROOT in its code cell, and at least one test (or `n/a:` and a reason) in its tests cell.
// --require names the rulesets that must each have a document <ID>.md among those given.
#include <algorithm>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace {

namespace fs = std::filesystem;

// Hand-written matchers (std::regex trips GCC 12's -Wmaybe-uninitialized under the sanitizers).
bool word_char(char c, bool star) {
  return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_' || (star && c == '*');
}

// Whether `s` is a run of word characters (at least `min` of them); `first` checks the first.
bool word(std::string_view s, bool star, std::size_t min, bool (*first)(char, bool)) {
  if (s.size() < min || s.empty()) return false;
  if (!first(s[0], star)) return false;
  for (char c : s)
    if (!word_char(c, star)) return false;
  return true;
}
bool capital(char c, bool star) {
  return std::isupper(static_cast<unsigned char>(c)) != 0 || (star && c == '*');
}
bool letter(char c, bool star) {
  return std::isalpha(static_cast<unsigned char>(c)) != 0 || c == '_' || (star && c == '*');
}
bool any_word(char c, bool star) { return word_char(c, star); }

// A GoogleTest name as this project writes them, `[Prefix/]Suite.Name[/Param]`: the suite starts
// with a capital letter, which keeps file names such as `legnano.md` out. With `star`, the same
// shape with wildcards (`Suite.*`, `Suite.Clause_5_*`).
bool test_shaped(std::string_view s, bool star) {
  const std::size_t dot = s.find('.');
  if (dot == std::string_view::npos || s.find('.', dot + 1) != std::string_view::npos) return false;
  std::string_view left = s.substr(0, dot), right = s.substr(dot + 1);
  if (const std::size_t slash = left.find('/'); slash != std::string_view::npos) {
    if (!word(left.substr(0, slash), star, 1, any_word)) return false;
    left = left.substr(slash + 1);
  }
  if (const std::size_t slash = right.find('/'); slash != std::string_view::npos) {
    if (!word(right.substr(slash + 1), star, 1, any_word)) return false;
    right = right.substr(0, slash);
  }
  return word(left, star, 1, capital) && word(right, star, 1, letter);
}

// A loose pattern: `*Word*` or `*Word`.
bool loose_pattern(std::string_view s) {
  if (s.size() < 3 || s[0] != '*') return false;
  std::string_view body = s.substr(1);
  if (body.back() == '*') body.remove_suffix(1);
  return word(body, false, 2, letter);
}

// Runs `binary --gtest_list_tests` and adds every Suite.Name it prints to `names`. Returns false
// (with a sentence on stderr) when the binary cannot be run or lists nothing.
bool list_tests(const std::string& binary, std::set<std::string>& names) {
  if (!fs::exists(binary)) {
    std::cerr << "cannot list the tests of " << binary
              << ": the file does not exist (build it first)\n";
    return false;
  }
  const std::string command = "\"" + binary + "\" --gtest_list_tests";
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) {
    std::cerr << "cannot run " << binary << "\n";
    return false;
  }
  std::string output;
  char buffer[4096];
  std::size_t n = 0;
  while ((n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0) output.append(buffer, n);
  const int status = pclose(pipe);
  if (status != 0) {
    std::cerr << "cannot list the tests of " << binary << ": it exited with status " << status
              << "\n";
    return false;
  }
  // Suites start in column 0 and end with '.'; tests are indented by two spaces; either may
  // carry a "  # TypeParam = ..." or "  # GetParam() = ..." comment.
  std::string suite;
  std::size_t found = 0;
  std::size_t start = 0;
  while (start < output.size()) {
    std::size_t end = output.find('\n', start);
    if (end == std::string::npos) end = output.size();
    std::string line = output.substr(start, end - start);
    start = end + 1;
    if (const auto hash = line.find('#'); hash != std::string::npos) line.erase(hash);
    while (!line.empty() && (line.back() == ' ' || line.back() == '\r')) line.pop_back();
    if (line.empty()) continue;
    if (line[0] != ' ') {
      suite = line;  // keeps its trailing '.'
    } else if (!suite.empty()) {
      names.insert(suite + line.substr(line.find_first_not_of(' ')));
      ++found;
    }
  }
  if (found == 0) {
    std::cerr << "cannot list the tests of " << binary << ": it printed no test names\n";
    return false;
  }
  return true;
}

// Checks one Markdown file; returns the number of problems printed.
std::optional<std::vector<std::string>> table_cells(const std::string& line);

// A ruling's id, as a rulings table's first cell gives it: capitals, a hyphen, digits and an
// optional small letter ("L-52", "G-21a").
bool ruling_id(std::string_view s) {
  std::size_t i = 0;
  while (i < s.size() && s[i] >= 'A' && s[i] <= 'Z') ++i;
  if (i == 0 || i >= s.size() || s[i] != '-') return false;
  const std::size_t digits = ++i;
  while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i;
  if (i == digits) return false;
  if (i < s.size() && s[i] >= 'a' && s[i] <= 'z') ++i;
  return i == s.size();
}

int check_file(const fs::path& file, const std::set<std::string>& names) {
  std::ifstream in(file);
  if (!in) {
    std::cout << file.string() << ": cannot be read\n";
    return 1;
  }
  int problems = 0;
  std::string line;
  int number = 0;
  std::map<std::string, int> ids;  // ruling id -> the line that gives it
  while (std::getline(in, line)) {
    ++number;
    // Each ruling id once: a citation must name one ruling.
    if (const auto cells = table_cells(line);
        cells && !cells->empty() && ruling_id(cells->front())) {
      const auto [it, fresh] = ids.emplace(cells->front(), number);
      if (!fresh) {
        std::cout << file.string() << ":" << number << ": ruling " << cells->front()
                  << " is given twice (first at line " << it->second << ")\n";
        ++problems;
      }
    }
    // Code spans: text between a backtick and the next one on the same line.
    std::size_t open = line.find('`');
    while (open != std::string::npos) {
      const std::size_t close = line.find('`', open + 1);
      if (close == std::string::npos) break;
      const std::string span = line.substr(open + 1, close - open - 1);
      open = line.find('`', close + 1);
      const bool pattern =
          span.find('*') != std::string::npos && (test_shaped(span, true) || loose_pattern(span));
      if (pattern) {
        std::cout << file.string() << ":" << number << ": `" << span
                  << "` is a pattern; name the exact tests (Suite.Name) that pin the ruling\n";
        ++problems;
      } else if (test_shaped(span, false) && names.count(span) == 0) {
        std::cout << file.string() << ":" << number << ": `" << span
                  << "` is not a test of any test binary\n";
        ++problems;
      }
    }
  }
  return problems;
}

// The cells of a Markdown table row "| a | b |" (trimmed), or nothing when `line` is no row.
std::optional<std::vector<std::string>> table_cells(const std::string& line) {
  std::string_view s = line;
  while (!s.empty() && (s.back() == ' ' || s.back() == '\r')) s.remove_suffix(1);
  if (s.size() < 2 || s.front() != '|' || s.back() != '|') return std::nullopt;
  s = s.substr(1, s.size() - 2);
  std::vector<std::string> cells;
  std::size_t start = 0;
  bool code = false;
  for (std::size_t i = 0; i <= s.size(); ++i) {
    if (i < s.size() && s[i] == '`') code = !code;
    if (i == s.size() || (s[i] == '|' && !code && (i == 0 || s[i - 1] != '\\'))) {
      std::string cell(s.substr(start, i - start));
      const auto first = cell.find_first_not_of(' ');
      const auto last = cell.find_last_not_of(' ');
      cells.push_back(first == std::string::npos ? "" : cell.substr(first, last - first + 1));
      start = i + 1;
    }
  }
  return cells;
}

// The code spans of a cell.
std::vector<std::string> code_spans(const std::string& cell) {
  std::vector<std::string> spans;
  std::size_t open = cell.find('`');
  while (open != std::string::npos) {
    const std::size_t close = cell.find('`', open + 1);
    if (close == std::string::npos) break;
    spans.push_back(cell.substr(open + 1, close - open - 1));
    open = cell.find('`', close + 1);
  }
  return spans;
}

// Checks the clause tables of one document; returns the number of problems printed.
int check_clauses(const fs::path& file, const fs::path& root, const std::set<std::string>& names,
                  std::size_t& rows) {
  std::ifstream in(file);
  if (!in) {
    std::cout << file.string() << ": cannot be read\n";
    return 1;
  }
  int problems = 0;
  std::set<std::string> seen;
  std::string line;
  int number = 0;
  bool in_table = false;
  auto problem = [&](const std::string& what) {
    std::cout << file.string() << ":" << number << ": " << what << "\n";
    ++problems;
  };
  while (std::getline(in, line)) {
    ++number;
    const auto cells = table_cells(line);
    if (!cells) {
      in_table = false;
      continue;
    }
    if (cells->size() == 4 && (*cells)[0] == "clause" && (*cells)[1] == "rule" &&
        (*cells)[2] == "code" && (*cells)[3] == "tests") {
      in_table = true;
      continue;
    }
    if (!in_table) continue;
    if (!cells->empty() && (*cells)[0].find_first_not_of("-: ") == std::string::npos) continue;
    if (cells->size() != 4) {
      problem("a clause row has " + std::to_string(cells->size()) + " cells, not 4");
      continue;
    }
    ++rows;
    const std::string& clause = (*cells)[0];
    const std::string& code = (*cells)[2];
    const std::string& tests = (*cells)[3];
    if (clause.empty())
      problem("a clause row names no clause");
    else if (!seen.insert(clause).second)
      problem("clause '" + clause + "' is listed twice");
    if ((*cells)[1].empty()) problem("clause '" + clause + "' says nothing of its rule");
    const bool not_a_rule = tests.rfind("n/a:", 0) == 0;
    if (not_a_rule) {
      if (tests.find_first_not_of(' ', 4) == std::string::npos)
        problem("clause '" + clause + "' is n/a without a reason");
      continue;
    }
    const auto files = code_spans(code);
    if (files.empty()) problem("clause '" + clause + "' names no code file");
    for (const auto& span : files) {
      const std::string path = span.substr(0, span.find(':'));
      if (!fs::is_regular_file(root / path))
        problem("clause '" + clause + "': `" + path + "` is not a file of the repository");
    }
    std::size_t found = 0;
    for (const auto& span : code_spans(tests))
      if (test_shaped(span, false)) {
        ++found;
        if (names.count(span) == 0)
          problem("clause '" + clause + "': `" + span + "` is not a test of any test binary");
      }
    if (found == 0)
      problem("clause '" + clause + "' has no test (name one, or write n/a: and why)");
  }
  return problems;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<fs::path> docs;
  std::vector<std::string> binaries;
  std::optional<fs::path> clause_root;
  std::vector<std::string> required;
  bool after_separator = false;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (!after_separator && (arg == "--clauses" || arg == "--require")) {
      if (i + 1 >= argc) {
        std::cerr << arg << " needs a value\n";
        return 2;
      }
      const std::string value = argv[++i];
      if (arg == "--clauses") {
        clause_root = value;
      } else {
        std::stringstream ids(value);
        for (std::string id; std::getline(ids, id, ',');)
          if (!id.empty()) required.push_back(id);
      }
    } else if (arg == "--") {
      after_separator = true;
    } else if (after_separator) {
      binaries.push_back(arg);
    } else if (fs::is_directory(arg)) {
      std::vector<fs::path> found;
      for (const auto& entry : fs::directory_iterator(arg))
        if (entry.is_regular_file() && entry.path().extension() == ".md")
          found.push_back(entry.path());
      std::sort(found.begin(), found.end());
      docs.insert(docs.end(), found.begin(), found.end());
    } else if (fs::is_regular_file(arg)) {
      docs.emplace_back(arg);
    } else {
      std::cerr << "no such document or directory: " << arg << "\n";
      return 2;
    }
  }
  if (docs.empty() || binaries.empty()) {
    std::cerr << "usage: rulings_names_check [--clauses ROOT [--require ID,...]] DOC_OR_DIR... -- "
                 "TEST_BINARY...\n";
    return 2;
  }
  std::set<std::string> names;
  for (const auto& binary : binaries)
    if (!list_tests(binary, names)) return 2;
  int problems = 0;
  if (clause_root) {
    for (const auto& id : required) {
      const bool present = std::any_of(
          docs.begin(), docs.end(), [&](const fs::path& d) { return d.filename() == id + ".md"; });
      if (!present) {
        std::cout << "ruleset '" << id << "' has no clause list (docs/clauses/" << id << ".md)\n";
        ++problems;
      }
    }
    std::size_t rows = 0;
    for (const auto& doc : docs)
      if (doc.filename() != "README.md") problems += check_clauses(doc, *clause_root, names, rows);
    if (problems > 0) {
      std::cout << problems << " problem(s) in the clause lists\n";
      return 1;
    }
    std::cout << "checked " << rows << " clause(s) in " << docs.size() << " document(s)\n";
    return 0;
  }
  for (const auto& doc : docs) problems += check_file(doc, names);
  if (problems > 0) {
    std::cout << problems
              << " problem(s) in the rulings documents (test names that match no test, ruling ids "
                 "given twice)\n";
    return 1;
  }
  std::cout << "checked " << docs.size() << " document(s) against " << names.size() << " tests in "
            << binaries.size() << " binaries\n";
  return 0;
}
