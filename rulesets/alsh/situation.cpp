#include "rulesets/alsh/situation.hpp"

#include <algorithm>
#include <cassert>
#include <charconv>
#include <cmath>

#include "fmt/format.h"

namespace carroccio::alsh {

std::string_view field_type_name(FieldType t) {
  switch (t) {
    case FieldType::kInt:
      return "int";
    case FieldType::kNumber:
      return "number";
    case FieldType::kBool:
      return "bool";
    case FieldType::kEnum:
      return "enum";
    case FieldType::kList:
      return "list";
  }
  return "int";
}

nlohmann::json Field::to_json() const {
  nlohmann::json j = {
      {"name", name}, {"type", field_type_name(type)}, {"help", help}, {"required", required}};
  if (!default_value.is_null()) j["default"] = default_value;
  if (type == FieldType::kEnum || type == FieldType::kList) j["values"] = values;
  if (type == FieldType::kInt || type == FieldType::kNumber) {
    if (min != INT_MIN) j["min"] = min;
    if (max != INT_MAX) j["max"] = max;
  }
  if (type == FieldType::kList) {
    j["min_items"] = list_min;
    if (list_max != INT_MAX) j["max_items"] = list_max;
  }
  return j;
}

Field int_field(std::string name, std::string help, int min, int max, nlohmann::json default_value,
                bool required) {
  Field f;
  f.name = std::move(name);
  f.type = FieldType::kInt;
  f.help = std::move(help);
  f.min = min;
  f.max = max;
  f.default_value = std::move(default_value);
  f.required = required;
  return f;
}

Field number_field(std::string name, std::string help, int min, int max,
                   nlohmann::json default_value) {
  Field f = int_field(std::move(name), std::move(help), min, max, std::move(default_value));
  f.type = FieldType::kNumber;
  return f;
}

Field bool_field(std::string name, std::string help) {
  Field f;
  f.name = std::move(name);
  f.type = FieldType::kBool;
  f.help = std::move(help);
  f.default_value = false;
  return f;
}

Field enum_field(std::string name, std::string help, std::vector<std::string> values,
                 nlohmann::json default_value, bool required) {
  Field f;
  f.name = std::move(name);
  f.type = FieldType::kEnum;
  f.help = std::move(help);
  f.values = std::move(values);
  f.default_value = std::move(default_value);
  f.required = required;
  return f;
}

Field list_field(std::string name, std::string help, std::vector<std::string> values, int list_min,
                 int list_max) {
  Field f;
  f.name = std::move(name);
  f.type = FieldType::kList;
  f.help = std::move(help);
  f.values = std::move(values);
  f.list_min = list_min;
  f.list_max = list_max;
  return f;
}

int Situation::get_int(const std::string& name) const {
  auto it = values_.find(name);
  assert(it != values_.end());
  return it->second.get<int>();
}

double Situation::get_number(const std::string& name) const {
  auto it = values_.find(name);
  assert(it != values_.end());
  return it->second.get<double>();
}

bool Situation::flag(const std::string& name) const {
  auto it = values_.find(name);
  return it != values_.end() && it->second.is_boolean() && it->second.get<bool>();
}

std::string Situation::get_enum(const std::string& name) const {
  auto it = values_.find(name);
  assert(it != values_.end());
  return it->second.get<std::string>();
}

std::vector<std::string> Situation::get_list(const std::string& name) const {
  auto it = values_.find(name);
  if (it == values_.end()) return {};
  return it->second.get<std::vector<std::string>>();
}

nlohmann::json Situation::to_json() const {
  nlohmann::json j = nlohmann::json::object();
  for (const auto& [k, v] : values_) j[k] = v;
  return j;
}

namespace {

std::string allowed_list(const std::vector<std::string>& values) {
  return fmt::format("{}", fmt::join(values, ", "));
}

core::Expected<nlohmann::json> check_value(const std::string& table, const Field& f,
                                           const nlohmann::json& v) {
  const std::string where = fmt::format("'{}' of table {}", f.name, table);
  switch (f.type) {
    case FieldType::kInt: {
      if (!v.is_number_integer())
        return core::make_error(fmt::format("{} must be a whole number.", where));
      const auto n = v.get<long long>();
      if (n < f.min || n > f.max)
        return core::make_error(
            f.max == INT_MAX
                ? fmt::format("{} must be at least {} (got {}).", where, f.min, n)
                : fmt::format("{} must be from {} to {} (got {}).", where, f.min, f.max, n));
      return nlohmann::json(static_cast<int>(n));
    }
    case FieldType::kNumber: {
      if (!v.is_number()) return core::make_error(fmt::format("{} must be a number.", where));
      const double n = v.get<double>();
      if (!std::isfinite(n) || n < f.min || n > f.max)
        return core::make_error(
            f.max == INT_MAX
                ? fmt::format("{} must be at least {} (got {}).", where, f.min, n)
                : fmt::format("{} must be from {} to {} (got {}).", where, f.min, f.max, n));
      return nlohmann::json(n);
    }
    case FieldType::kBool:
      if (!v.is_boolean()) return core::make_error(fmt::format("{} must be true or false.", where));
      return v;
    case FieldType::kEnum: {
      if (!v.is_string() ||
          std::find(f.values.begin(), f.values.end(), v.get<std::string>()) == f.values.end())
        return core::make_error(fmt::format("{} must be one of: {} (got {}).", where,
                                            allowed_list(f.values), v.dump()));
      return v;
    }
    case FieldType::kList: {
      if (!v.is_array())
        return core::make_error(
            fmt::format("{} must be a list of: {}.", where, allowed_list(f.values)));
      const int n = static_cast<int>(v.size());
      if (n < f.list_min || n > f.list_max)
        return core::make_error(
            f.list_min == f.list_max
                ? fmt::format("{} must list exactly {} items (got {}).", where, f.list_min, n)
                : fmt::format("{} must list from {} to {} items (got {}).", where, f.list_min,
                              f.list_max, n));
      for (const auto& item : v) {
        if (!item.is_string())
          return core::make_error(fmt::format("{}: every item must be a word.", where));
        // An item may join several words with '+', e.g. "wood+pillaged".
        std::string s = item.get<std::string>();
        std::size_t start = 0;
        while (start <= s.size()) {
          std::size_t end = s.find('+', start);
          if (end == std::string::npos) end = s.size();
          const std::string word = s.substr(start, end - start);
          if (std::find(f.values.begin(), f.values.end(), word) == f.values.end())
            return core::make_error(
                fmt::format("{}: '{}' is not one of: {}.", where, word, allowed_list(f.values)));
          start = end + 1;
        }
      }
      return v;
    }
  }
  return v;
}

}  // namespace

core::Expected<Situation> make_situation(const std::string& table, const std::vector<Field>& fields,
                                         const nlohmann::json& given) {
  if (!given.is_null() && !given.is_object())
    return core::make_error(
        fmt::format("The situation of table {} must be an object of field values.", table));
  Situation s;
  if (given.is_object()) {
    for (auto it = given.begin(); it != given.end(); ++it) {
      auto f = std::find_if(fields.begin(), fields.end(),
                            [&](const Field& x) { return x.name == it.key(); });
      if (f == fields.end()) {
        std::vector<std::string> names;
        for (const auto& x : fields) names.push_back(x.name);
        return core::make_error(
            names.empty()
                ? fmt::format("Table {} takes no situation, but '{}' was given.", table, it.key())
                : fmt::format("Table {} has no situation field '{}': its fields are {}.", table,
                              it.key(), fmt::join(names, ", ")));
      }
      auto v = check_value(table, *f, it.value());
      if (!v) return v.error();
      s.set(f->name, std::move(*v));
    }
  }
  for (const auto& f : fields) {
    if (s.has(f.name)) continue;
    if (f.required)
      return core::make_error(fmt::format("Table {} needs --{}: {}.", table, f.name, f.help));
    if (!f.default_value.is_null()) s.set(f.name, f.default_value);
  }
  return s;
}

core::Expected<nlohmann::json> parse_field_text(const Field& f, std::string_view text) {
  const std::string t(text);
  switch (f.type) {
    case FieldType::kInt: {
      int v = 0;
      const char* b = t.data();
      const char* e = t.data() + t.size();
      if (!t.empty() && *b == '+') ++b;
      auto [p, ec] = std::from_chars(b, e, v);
      if (t.empty() || ec != std::errc() || p != e)
        return core::make_error(fmt::format("--{} takes a whole number, not '{}'.", f.name, text));
      // The bounds named with the flag, as typed (the same check as make_situation's).
      if (v < f.min || v > f.max)
        return core::make_error(
            f.max == INT_MAX ? fmt::format("--{} takes a whole number of at least {}, not '{}'.",
                                           f.name, f.min, text)
                             : fmt::format("--{} takes a whole number from {} to {}, not '{}'.",
                                           f.name, f.min, f.max, text));
      return nlohmann::json(v);
    }
    case FieldType::kNumber: {
      double v = 0;
      const char* b = t.data();
      const char* e = t.data() + t.size();
      if (!t.empty() && *b == '+') ++b;
      auto [p, ec] = std::from_chars(b, e, v);
      if (t.empty() || ec != std::errc() || p != e)
        return core::make_error(fmt::format("--{} takes a number, not '{}'.", f.name, text));
      return nlohmann::json(v);
    }
    case FieldType::kBool: {
      if (t == "true" || t == "yes" || t == "1" || t == "on") return nlohmann::json(true);
      if (t == "false" || t == "no" || t == "0" || t == "off") return nlohmann::json(false);
      return core::make_error(
          fmt::format("--{} is a switch: give it alone, or as --{}=yes or --{}=no, not '{}'.",
                      f.name, f.name, f.name, text));
    }
    case FieldType::kEnum:
      if (std::find(f.values.begin(), f.values.end(), t) == f.values.end())
        return core::make_error(
            fmt::format("--{} takes one of: {}; not '{}'.", f.name, allowed_list(f.values), text));
      return nlohmann::json(t);
    case FieldType::kList: {
      nlohmann::json list = nlohmann::json::array();
      std::size_t start = 0;
      while (start <= t.size()) {
        std::size_t end = t.find(',', start);
        if (end == std::string::npos) end = t.size();
        std::string item = t.substr(start, end - start);
        item.erase(0, item.find_first_not_of(' '));
        item.erase(item.find_last_not_of(' ') + 1);
        if (!item.empty()) list.push_back(item);
        start = end + 1;
      }
      return list;
    }
  }
  return nlohmann::json(t);
}

}  // namespace carroccio::alsh
