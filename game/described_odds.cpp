#include "game/described_odds.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <ostream>

#include "fmt/format.h"
#include "game/json_text.hpp"
#include "game/odds_text.hpp"

namespace carroccio::game {

namespace {

// Lower case, with '-' and ' ' read as '_': "Men-at-arms" and "men_at_arms" alike.
std::string folded(std::string_view s) {
  std::string out;
  for (char c : s) {
    const char l = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    out += l == '-' || l == ' ' ? '_' : l;
  }
  return out;
}

std::string key_of(std::string_view flag) {
  std::string k(flag);
  std::replace(k.begin(), k.end(), '-', '_');
  return k;
}

std::string flag_of(std::string_view key) {
  std::string f(key);
  std::replace(f.begin(), f.end(), '_', '-');
  return f;
}

std::string joined(const std::vector<std::string>& words) {
  std::string out;
  for (std::size_t i = 0; i < words.size(); ++i)
    out += (i == 0 ? "" : i + 1 == words.size() ? " or " : ", ") + words[i];
  return out;
}

}  // namespace

SituationFields::SituationFields(nlohmann::json fields, std::string file)
    : fields_(std::move(fields)), file_(std::move(file)) {}

bool SituationFields::has(std::string_view key) const {
  return fields_.is_object() && fields_.contains(std::string(key));
}

std::string SituationFields::name(std::string_view key) const {
  return file_.empty() ? "--" + flag_of(key) : fmt::format("{}: {}", file_, key);
}

core::Error SituationFields::error(std::string_view key, std::string_view rest) const {
  return core::make_error(fmt::format("{} {}", name(key), rest));
}

core::Error SituationFields::whole_error(std::string_view sentence) const {
  return core::make_error(file_.empty() ? std::string(sentence)
                                        : fmt::format("{}: {}", file_, sentence));
}

core::Expected<std::string> SituationFields::word(std::string_view key,
                                                  const std::vector<std::string>& allowed,
                                                  std::string_view fallback) const {
  if (!has(key)) {
    if (fallback.empty()) return error(key, fmt::format("must be given: {}.", joined(allowed)));
    return std::string(fallback);
  }
  const auto& v = fields_[std::string(key)];
  if (v.is_string()) {
    const std::string want = folded(v.get<std::string>());
    for (const auto& a : allowed)
      if (folded(a) == want) return a;
  }
  return error(key, fmt::format("is '{}', which is not one of: {}.",
                                printable(v.is_string() ? v.get<std::string>() : v.dump(), 40),
                                joined(allowed)));
}

core::Expected<int> SituationFields::number(std::string_view key, int lo, int hi,
                                            int fallback) const {
  if (!has(key)) return fallback;
  const auto& v = fields_[std::string(key)];
  int n = 0;
  bool ok = false;
  if (v.is_number_integer()) {
    const auto big = v.get<std::int64_t>();
    ok = big >= lo && big <= hi;
    n = static_cast<int>(std::clamp<std::int64_t>(big, lo, hi));
  } else if (v.is_string()) {
    const std::string t = v.get<std::string>();
    const auto [ptr, ec] = std::from_chars(t.data(), t.data() + t.size(), n);
    ok = ec == std::errc() && ptr == t.data() + t.size() && n >= lo && n <= hi;
  }
  if (!ok)
    return error(
        key, fmt::format("is '{}', but must be a whole number from {} to {}.",
                         printable(v.is_string() ? v.get<std::string>() : v.dump(), 40), lo, hi));
  return n;
}

core::Expected<bool> SituationFields::yes_no(std::string_view key) const {
  if (!has(key)) return false;
  const auto& v = fields_[std::string(key)];
  if (v.is_boolean()) return v.get<bool>();
  if (v.is_string()) {
    const std::string w = folded(v.get<std::string>());
    if (w == "true" || w == "yes") return true;
    if (w == "false" || w == "no") return false;
  }
  return error(key, fmt::format("is '{}', but must be yes or no.",
                                printable(v.is_string() ? v.get<std::string>() : v.dump(), 40)));
}

CommandSpec described_odds_spec(std::string_view ruleset, std::string summary,
                                std::vector<FlagSpec> fields, std::string footer) {
  CommandSpec spec{.name = fmt::format("odds {}", ruleset),
                   .summary = std::move(summary),
                   .flags = std::move(fields),
                   .footer = std::move(footer)};
  spec.flags.push_back({.name = "situation",
                        .takes_value = true,
                        .help = "the situation as a JSON file instead of the flags above",
                        .value_name = "FILE"});
  spec.flags.push_back(
      {.name = "json", .help = "print the odds (and the situation as understood) as JSON"});
  spec.footer += (spec.footer.empty() ? "" : "\n");
  spec.footer += "A saved position's odds: carroccio odds RECORD.";
  return spec;
}

int run_described_odds(const std::vector<std::string>& args, const CommandSpec& spec,
                       const DescribeSituation& describe, std::ostream& out, std::ostream& err,
                       const std::vector<std::string>& file_fields) {
  auto usage_error = [&](std::string_view sentence) {
    return command_usage_error(err, spec.name, sentence);
  };
  auto is_field = [](const FlagSpec& f) { return f.name != "situation" && f.name != "json"; };
  // A saved position's flags given to a described situation: said so, rather than "not a flag".
  for (const auto& a : args)
    if (a == "--move" || a == "--action" || a.rfind("--move=", 0) == 0 ||
        a.rfind("--action=", 0) == 0)
      return usage_error(
          fmt::format("--move and --action belong to a saved position, not to a "
                      "described situation ('carroccio {} ...').",
                      spec.name));
  int code = kExitOk;
  const auto parsed = parse_or_answer(args, spec, out, err, code);
  if (!parsed) return code;
  nlohmann::json fields = nlohmann::json::object();
  std::string file;
  if (auto path = parsed->value("situation")) {
    for (const auto& f : spec.flags)
      if (is_field(f) && parsed->has(f.name))
        return usage_error(
            fmt::format("Give the situation either in --situation {} or with "
                        "--{} and the other flags, not both.",
                        *path, f.name));
    auto text = read_text_file(*path, "situation file");
    if (!text) return usage_error(text.message());
    auto j = parse_json_text(*text, *path);
    if (!j) return usage_error(j.message());
    if (!j->is_object())
      return usage_error(fmt::format(
          "{}: a situation file holds one JSON object of fields, "
          "e.g. {{\"{}\": ...}}.",
          *path, file_fields.empty() ? key_of(spec.flags.front().name) : file_fields.front()));
    for (const auto& [k, v] : j->items()) {
      bool known = std::find(file_fields.begin(), file_fields.end(), k) != file_fields.end();
      if (file_fields.empty())
        for (const auto& f : spec.flags) known |= is_field(f) && key_of(f.name) == k;
      if (!known)
        return usage_error(
            fmt::format("{}: '{}' is not a field of a described situation (see "
                        "carroccio {} --help).",
                        *path, printable(k, 40), spec.name));
      fields[k] = v;
    }
    file = *path;
  } else {
    for (const auto& f : spec.flags)
      if (is_field(f) && parsed->has(f.name)) {
        if (f.repeatable)
          fields[key_of(f.name)] = parsed->values(f.name);
        else
          fields[key_of(f.name)] = *parsed->value(f.name);
      }
  }
  auto answer = describe(SituationFields(std::move(fields), file));
  if (!answer) return usage_error(answer.message());
  if (parsed->has("json")) {
    out << nlohmann::json{{"situation", answer->situation}, {"odds", answer->odds}}.dump(2) << "\n";
    return kExitOk;
  }
  for (const auto& line : answer->lines) out << line << "\n";
  out << "\n" << answer->decision << ":\n" << format_odds(answer->odds, "  ");
  return kExitOk;
}

}  // namespace carroccio::game
