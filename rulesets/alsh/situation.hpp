// The situation a table is resolved in: typed fields declared per table (which also build the
// command-line options and the browser forms), filled from JSON or from command-line text.
#pragma once

#include <climits>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "core/status.hpp"
#include "nlohmann/json.hpp"

namespace carroccio::alsh {

enum class FieldType { kInt, kNumber, kBool, kEnum, kList };

std::string_view field_type_name(FieldType t);

struct Field {
  std::string name;  // "weather": the JSON key and the option --weather
  FieldType type = FieldType::kInt;
  std::string help;
  std::vector<std::string> values;  // allowed values of an enum, or of each list item
  nlohmann::json default_value;     // null when the field is optional without a default
  int min = INT_MIN;                // bounds of an int or number
  int max = INT_MAX;
  bool required = false;
  int list_min = 0;  // allowed number of list items
  int list_max = INT_MAX;

  nlohmann::json to_json() const;
};

// Field builders.
Field int_field(std::string name, std::string help, int min, int max,
                nlohmann::json default_value = nullptr, bool required = false);
Field number_field(std::string name, std::string help, int min, int max,
                   nlohmann::json default_value = nullptr);
Field bool_field(std::string name, std::string help);
Field enum_field(std::string name, std::string help, std::vector<std::string> values,
                 nlohmann::json default_value = nullptr, bool required = false);
Field list_field(std::string name, std::string help, std::vector<std::string> values, int list_min,
                 int list_max);

// Checked values of every field of one table; absent optional fields have no value.
class Situation {
 public:
  bool has(const std::string& name) const { return values_.count(name) != 0; }
  int get_int(const std::string& name) const;
  double get_number(const std::string& name) const;
  bool flag(const std::string& name) const;  // false when absent
  std::string get_enum(const std::string& name) const;
  std::vector<std::string> get_list(const std::string& name) const;
  // Every value, defaults included (for the report).
  nlohmann::json to_json() const;

  void set(const std::string& name, nlohmann::json value) { values_[name] = std::move(value); }

 private:
  std::map<std::string, nlohmann::json> values_;
};

// Checks `given` (an object of field name -> value) against the fields of table `table` and
// fills defaults. One sentence on the first problem: an unknown field, a wrong type, a value
// out of range, a missing required field.
core::Expected<Situation> make_situation(const std::string& table, const std::vector<Field>& fields,
                                         const nlohmann::json& given);

// Reads the text of a command-line option into the field's JSON value.
core::Expected<nlohmann::json> parse_field_text(const Field& field, std::string_view text);

}  // namespace carroccio::alsh
