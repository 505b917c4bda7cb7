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
#include <algorithm>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>
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
int check_file(const fs::path& file, const std::set<std::string>& names) {
  std::ifstream in(file);
  if (!in) {
    std::cout << file.string() << ": cannot be read\n";
    return 1;
  }
  int problems = 0;
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
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

}  // namespace

int main(int argc, char** argv) {
  std::vector<fs::path> docs;
  std::vector<std::string> binaries;
  bool after_separator = false;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--") {
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
    std::cerr << "usage: rulings_names_check DOC_OR_DIR... -- TEST_BINARY...\n";
    return 2;
  }
  std::set<std::string> names;
  for (const auto& binary : binaries)
    if (!list_tests(binary, names)) return 2;
  int problems = 0;
  for (const auto& doc : docs) problems += check_file(doc, names);
  if (problems > 0) {
    std::cout << problems << " test name(s) in the rulings documents do not match a test\n";
    return 1;
  }
  std::cout << "checked " << docs.size() << " document(s) against " << names.size() << " tests in "
            << binaries.size() << " binaries\n";
  return 0;
}
