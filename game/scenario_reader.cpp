#include "game/scenario_reader.hpp"

#include <algorithm>
#include <array>
#include <set>

#include "fmt/format.h"

namespace carroccio::game {

std::string item_path(std::string_view array_field, std::size_t index) {
  return fmt::format("{}[{}].", array_field, index);
}

std::string sentence_body(std::string text) {
  while (!text.empty() && (text.back() == '.' || text.back() == ' ')) text.pop_back();
  return text;
}

std::string or_list(const std::vector<std::string_view>& names) {
  std::string out;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i > 0) out += i + 1 == names.size() ? " or " : ", ";
    out += names[i];
  }
  return out;
}

std::string unknown_field(const nlohmann::json& obj,
                          std::initializer_list<std::string_view> allowed) {
  for (const auto& [key, value] : obj.items())
    if (std::find(allowed.begin(), allowed.end(), key) == allowed.end()) return key;
  return {};
}

// ---- FieldReader ----

core::Error FieldReader::error(const std::string& field, const std::string& what) const {
  return core::make_error(fmt::format("{}: field '{}' {}.", source_, field, what));
}

bool FieldReader::fail(const std::string& field, const std::string& what) {
  if (!err_) err_ = error(field, what);
  return false;
}

namespace {
// "units[2]." -> "units[2]"; "" -> "(top level)".
std::string path_name(const std::string& prefix) {
  if (prefix.empty()) return "(top level)";
  return prefix.back() == '.' ? prefix.substr(0, prefix.size() - 1) : prefix;
}
}  // namespace

bool FieldReader::top_level(const nlohmann::json& j, std::string_view ruleset,
                            std::initializer_list<std::string_view> allowed) {
  if (!object(j, "")) return false;
  if (auto k = unknown_field(j, allowed); !k.empty())
    return fail(
        k, fmt::format("is not a field of {} scenarios (see docs/scenario-format.md)", ruleset));
  std::string id;
  if (!string(j, "", "ruleset", id)) return false;
  if (id != ruleset) return fail("ruleset", fmt::format("is '{}', expected \"{}\"", id, ruleset));
  return true;
}

bool FieldReader::object(const nlohmann::json& obj, const std::string& prefix) {
  if (obj.is_object()) return true;
  return fail(path_name(prefix), prefix.empty() ? "must be a JSON object" : "must be an object");
}

bool FieldReader::only_fields(const nlohmann::json& obj, const std::string& prefix,
                              std::initializer_list<std::string_view> allowed,
                              std::string_view what) {
  if (auto k = unknown_field(obj, allowed); !k.empty())
    return fail(prefix + k, fmt::format("is not a field of {}", what));
  return true;
}

bool FieldReader::string(const nlohmann::json& obj, const std::string& prefix, const char* key,
                         std::string& out, Need need) {
  auto it = obj.find(key);
  if (it == obj.end()) return need == Need::kOptional || fail(prefix + key, "is missing");
  if (!it->is_string() || it->get_ref<const std::string&>().empty())
    return fail(prefix + key, "must be a non-empty string");
  out = it->get<std::string>();
  return true;
}

bool FieldReader::integer(const nlohmann::json& obj, const std::string& prefix, const char* key,
                          int& out, int lo, int hi, Need need) {
  auto it = obj.find(key);
  if (it == obj.end()) return need == Need::kOptional || fail(prefix + key, "is missing");
  if (!it->is_number_integer())
    return fail(prefix + key, fmt::format("must be a whole number from {} to {}", lo, hi));
  const auto v = it->get<long long>();
  if (v < lo || v > hi)
    return fail(prefix + key, fmt::format("is {}, but must be from {} to {}", v, lo, hi));
  out = static_cast<int>(v);
  return true;
}

bool FieldReader::boolean(const nlohmann::json& obj, const std::string& prefix, const char* key,
                          bool& out, Need need) {
  auto it = obj.find(key);
  if (it == obj.end()) return need == Need::kOptional || fail(prefix + key, "is missing");
  if (!it->is_boolean()) return fail(prefix + key, "must be true or false");
  out = it->get<bool>();
  return true;
}

bool FieldReader::choice_index(const nlohmann::json& obj, const std::string& prefix,
                               const char* key, const std::vector<std::string_view>& names, int& at,
                               Need need) {
  at = -1;
  auto it = obj.find(key);
  if (it == obj.end()) return need == Need::kOptional || fail(prefix + key, "is missing");
  if (it->is_string()) {
    const auto& v = it->get_ref<const std::string&>();
    for (std::size_t i = 0; i < names.size(); ++i)
      if (names[i] == v) {
        at = static_cast<int>(i);
        return true;
      }
    return fail(prefix + key, fmt::format("is '{}', but must be {}", v, or_list(names)));
  }
  return fail(prefix + key, fmt::format("must be {}", or_list(names)));
}

const nlohmann::json* FieldReader::array(const nlohmann::json& obj, const std::string& prefix,
                                         const char* key, std::size_t min_size,
                                         std::size_t max_size, Need need) {
  auto it = obj.find(key);
  if (it == obj.end()) {
    if (need == Need::kRequired) fail(prefix + key, "is missing");
    return nullptr;
  }
  auto entries = [](std::size_t n) {
    return fmt::format("{} {}", n, n == 1 ? "entry" : "entries");
  };
  std::string want;
  if (min_size == max_size)
    want = "a list of exactly " + entries(min_size);
  else if (min_size == 0)
    want = "a list";
  else if (min_size == 1)
    want = "a non-empty list";
  else
    want = "a list of at least " + entries(min_size);
  if (!it->is_array() || it->size() < min_size ||
      (min_size == max_size && it->size() != min_size)) {
    fail(prefix + key, "must be " + want);
    return nullptr;
  }
  if (it->size() > max_size) {
    fail(prefix + key,
         fmt::format("lists {}, more than the {} allowed", entries(it->size()), max_size));
    return nullptr;
  }
  return &*it;
}

// ---- where a field stands in the text ----

namespace {

// A small scanner over JSON text that nlohmann has already accepted: it only skips values and
// compares keys, so it trusts the text to be well formed and stops (nothing) where it is not.
class Scanner {
 public:
  explicit Scanner(std::string_view t) : t_(t) {}
  std::size_t pos() const { return i_; }
  void ws() {
    while (i_ < t_.size() && (t_[i_] == ' ' || t_[i_] == '\t' || t_[i_] == '\r' || t_[i_] == '\n'))
      ++i_;
  }
  bool at(char c) {
    ws();
    return i_ < t_.size() && t_[i_] == c;
  }
  bool eat(char c) {
    if (!at(c)) return false;
    ++i_;
    return true;
  }
  // A string at the cursor, raw (escapes kept as written); the cursor moves past it.
  std::optional<std::string_view> string() {
    if (!eat('"')) return std::nullopt;
    const std::size_t start = i_;
    while (i_ < t_.size() && t_[i_] != '"') i_ += t_[i_] == '\\' ? 2 : 1;
    if (i_ >= t_.size()) return std::nullopt;
    return t_.substr(start, i_++ - start);
  }
  bool skip_value() {
    ws();
    if (i_ >= t_.size()) return false;
    const char c = t_[i_];
    if (c == '"') return string().has_value();
    if (c == '{' || c == '[') {
      const char close = c == '{' ? '}' : ']';
      ++i_;
      if (eat(close)) return true;
      do {
        if (c == '{' && (!string() || !eat(':'))) return false;
        if (!skip_value()) return false;
      } while (eat(','));
      return eat(close);
    }
    while (i_ < t_.size() && std::string_view(",]} \t\r\n").find(t_[i_]) == std::string_view::npos)
      ++i_;
    return true;
  }
  // Moves to the value of `key` in the object at the cursor.
  bool member(std::string_view key) {
    if (!eat('{')) return false;
    if (at('}')) return false;
    do {
      auto k = string();
      if (!k || !eat(':')) return false;
      if (*k == key) {
        ws();
        return true;
      }
      if (!skip_value()) return false;
    } while (eat(','));
    return false;
  }
  // Moves to element `n` of the array at the cursor.
  bool element(std::size_t n) {
    if (!eat('[')) return false;
    if (at(']')) return false;
    for (std::size_t k = 0; k < n; ++k)
      if (!skip_value() || !eat(',')) return false;
    ws();
    return true;
  }

 private:
  std::string_view t_;
  std::size_t i_ = 0;
};

}  // namespace

std::optional<std::size_t> locate_json_path(std::string_view text, std::string_view path) {
  Scanner sc(text);
  std::size_t i = 0;
  while (i < path.size()) {
    if (path[i] == '[') {
      const auto close = path.find(']', i);
      if (close == std::string_view::npos || close == i + 1) return std::nullopt;
      std::size_t n = 0;
      for (std::size_t k = i + 1; k < close; ++k) {
        if (path[k] < '0' || path[k] > '9') return std::nullopt;
        n = n * 10 + static_cast<std::size_t>(path[k] - '0');
      }
      if (!sc.element(n)) return std::nullopt;
      i = close + 1;
      if (i < path.size() && path[i] == '.') ++i;
    } else {
      std::size_t end = i;
      while (end < path.size() && path[end] != '.' && path[end] != '[') ++end;
      if (!sc.member(path.substr(i, end - i))) return std::nullopt;
      i = end < path.size() && path[end] == '.' ? end + 1 : end;
    }
  }
  sc.ws();
  return sc.pos() < text.size() ? std::optional<std::size_t>(sc.pos()) : std::nullopt;
}

nlohmann::json* json_at_path(nlohmann::json& j, std::string_view path) {
  nlohmann::json* at = &j;
  std::size_t i = 0;
  if (path.empty()) return nullptr;
  while (i < path.size()) {
    if (path[i] == '[') {
      const auto close = path.find(']', i);
      if (close == std::string_view::npos || close == i + 1 || !at->is_array()) return nullptr;
      std::size_t n = 0;
      for (std::size_t k = i + 1; k < close; ++k) {
        if (path[k] < '0' || path[k] > '9' || n > 1'000'000) return nullptr;
        n = n * 10 + static_cast<std::size_t>(path[k] - '0');
      }
      if (n >= at->size()) return nullptr;
      at = &(*at)[n];
      i = close + 1;
      if (i < path.size() && path[i] == '.') ++i;
    } else {
      std::size_t end = i;
      while (end < path.size() && path[end] != '.' && path[end] != '[') ++end;
      if (end == i || !at->is_object()) return nullptr;
      const auto it = at->find(std::string(path.substr(i, end - i)));
      if (it == at->end()) return nullptr;
      at = &*it;
      i = end < path.size() && path[end] == '.' ? end + 1 : end;
    }
  }
  return at;
}

std::size_t line_of(std::string_view text, std::size_t offset) {
  offset = std::min(offset, text.size());
  return 1 + static_cast<std::size_t>(std::count(
                 text.begin(), text.begin() + static_cast<std::ptrdiff_t>(offset), '\n'));
}

std::string with_field_line(const std::string& message, std::string_view source,
                            std::string_view text) {
  const std::string head = fmt::format("{}: field '", source);
  if (message.rfind(head, 0) != 0) return message;
  const auto close = message.find('\'', head.size());
  if (close == std::string::npos) return message;
  const auto at =
      locate_json_path(text, std::string_view(message).substr(head.size(), close - head.size()));
  if (!at) return message;
  return fmt::format("{}:{}: {}", source, line_of(text, *at), message.substr(source.size() + 2));
}

// ---- FileRuleset ----

FileRuleset::FileRuleset(RulesetInfo info, EmbeddedFiles files)
    : info_(std::move(info)), files_(std::move(files)) {
  for (const auto& [name, text] : files_) {
    auto j = nlohmann::json::parse(text, nullptr, false);
    if (j.is_discarded() || !j.is_object()) continue;
    std::string id(name.substr(0, name.rfind('.')));
    info_.scenarios.push_back({id, j.value("title", id), j.value("description", "")});
  }
}

std::vector<std::pair<std::string, std::string>> FileRuleset::builtin_scenarios() const {
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& [name, text] : files_)
    out.emplace_back(std::string(name.substr(0, name.rfind('.'))), std::string(text));
  return out;
}

std::vector<Options> FileRuleset::every_option_combination() const {
  std::vector<Options> sets{Options{}};
  // Each option multiplies the sets so far; built from the last option to the first, so that
  // the first option changes fastest.
  for (auto o = info_.options.rbegin(); o != info_.options.rend(); ++o) {
    std::vector<std::string> values;
    if (o->values.empty())
      values = {"true"};
    else
      for (const auto& v : o->values)
        if (v != "off") values.push_back(v);
    std::vector<Options> next;
    for (const auto& base : sets) {
      next.push_back(base);
      for (const auto& v : values) {
        Options with = base;
        with[o->name] = v;
        next.push_back(std::move(with));
      }
    }
    sets = std::move(next);
  }
  return sets;
}

std::vector<Options> FileRuleset::every_option_pair() const {
  if (info_.options.size() <= 2) return every_option_combination();  // every pair is every one
  return option_pair_cover(true);
}

std::vector<Options> FileRuleset::every_option_pair_on() const { return option_pair_cover(false); }

std::vector<Options> FileRuleset::option_pair_cover(bool with_off) const {
  // Each option's values: "" (left out), then "true" for a switch or each value but "off".
  const std::size_t n = info_.options.size();
  std::vector<std::vector<std::string>> values(n);
  for (std::size_t i = 0; i < n; ++i) {
    values[i].push_back("");
    if (info_.options[i].values.empty())
      values[i].push_back("true");
    else
      for (const auto& v : info_.options[i].values)
        if (v != "off") values[i].push_back(v);
  }
  // The pairs still to cover: (i, a, j, b) with i < j, value a of option i and b of option j.
  std::set<std::array<std::size_t, 4>> uncovered;
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = i + 1; j < n; ++j)
      for (std::size_t a = 0; a < values[i].size(); ++a)
        for (std::size_t b = 0; b < values[j].size(); ++b)
          if (with_off || (a > 0 && b > 0)) uncovered.insert({i, a, j, b});
  std::vector<std::vector<std::size_t>> rows;
  auto add_row = [&](const std::vector<std::size_t>& row) {
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = i + 1; j < n; ++j) uncovered.erase({i, row[i], j, row[j]});
    rows.push_back(row);
  };
  add_row(std::vector<std::size_t>(n, 0));
  // A row grown from one uncovered pair: every other option takes the value that covers most new
  // pairs with the options already given (the first such value on a tie).
  auto grow = [&](const std::array<std::size_t, 4>& seed) {
    std::vector<std::size_t> row(n, 0);
    std::vector<bool> fixed(n, false);
    row[seed[0]] = seed[1], row[seed[2]] = seed[3], fixed[seed[0]] = fixed[seed[2]] = true;
    std::size_t covered = 1;
    for (std::size_t k = 0; k < n; ++k) {
      if (fixed[k]) continue;
      std::size_t best = 0, best_gain = 0;
      for (std::size_t v = 0; v < values[k].size(); ++v) {
        std::size_t gain = 0;
        for (std::size_t m = 0; m < n; ++m)
          if (fixed[m])
            gain += uncovered.count(m < k ? std::array<std::size_t, 4>{m, row[m], k, v}
                                          : std::array<std::size_t, 4>{k, v, m, row[m]});
        if (gain > best_gain) best = v, best_gain = gain;
      }
      row[k] = best, fixed[k] = true, covered += best_gain;
    }
    return std::pair{row, covered};
  };
  // Each further row: the one, of those grown from each uncovered pair, that covers most (the
  // first such on a tie).
  while (!uncovered.empty()) {
    std::vector<std::size_t> best_row;
    std::size_t best_covered = 0;
    for (const auto& seed : uncovered) {
      auto [row, covered] = grow(seed);
      if (covered > best_covered) best_row = std::move(row), best_covered = covered;
    }
    add_row(best_row);
  }
  std::vector<Options> sets;
  for (const auto& row : rows) {
    Options o;
    for (std::size_t i = 0; i < n; ++i)
      if (row[i] != 0) o[info_.options[i].name] = values[i][row[i]];
    if (std::find(sets.begin(), sets.end(), o) == sets.end()) sets.push_back(std::move(o));
  }
  return sets;
}

}  // namespace carroccio::game
