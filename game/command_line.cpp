// The subcommands' arguments, parsed by CLI11 from a CommandSpec; its errors become one sentence
// of ours and its help is written from the same spec (command_line.hpp).
#include "game/command_line.hpp"

#include <algorithm>
#include <memory>
#include <ostream>

#include "CLI/CLI.hpp"
#include "fmt/format.h"

namespace carroccio::game {

namespace {

std::string flag_list(const CommandSpec& spec) {
  std::vector<std::string> names;
  for (const auto& f : spec.flags) names.push_back("--" + f.name);
  return fmt::format("{}", fmt::join(names, ", "));
}

// The flag a CLI11 message starts with ("--seed: 1 required N missing"), without its dashes.
std::string flag_named_in(const std::string& message) {
  std::size_t i = 0;
  while (i < message.size() && message[i] == '-') ++i;
  std::size_t j = i;
  while (j < message.size() && message[j] != ':' && message[j] != ' ') ++j;
  return message.substr(i, j - i);
}

// CLI11's help layout with our usage line first ("Usage: carroccio play REF [flags]") and the
// positionals shown by their name only.
class HelpFormatter final : public CLI::Formatter {
 public:
  explicit HelpFormatter(const CommandSpec& spec) {
    usage_ = "Usage: carroccio " + spec.name;
    if (spec.max_positional > 0) usage_ += " " + spec.positional;
    if (!spec.flags.empty()) usage_ += " [flags]";
    usage_ += "\n";
  }
  std::string make_usage(const CLI::App*, std::string) const override { return {}; }
  std::string make_description(const CLI::App* app) const override {
    return usage_ + CLI::Formatter::make_description(app);
  }
  std::string make_option_opts(const CLI::Option* opt) const override {
    return opt->get_positional() ? std::string() : CLI::Formatter::make_option_opts(opt);
  }

 private:
  std::string usage_;
};

// The CLI11 application of `spec`; the options are read back by name after parsing.
struct Built {
  std::unique_ptr<CLI::App> app;
  std::vector<std::pair<const FlagSpec*, CLI::Option*>> options;
  std::vector<std::string> positional;
};

std::unique_ptr<Built> build(const CommandSpec& spec) {
  auto built = std::make_unique<Built>();
  built->app = std::make_unique<CLI::App>(spec.summary, "carroccio " + spec.name);
  CLI::App& app = *built->app;
  app.set_help_flag("-h,--help", "print this help and exit")->group("Flags");
  app.formatter(std::make_shared<HelpFormatter>(spec));
  app.get_formatter()->column_width(28);
  app.get_formatter()->label("OPTIONS", "FLAGS");
  app.get_formatter()->label("Positionals", "Arguments");
  app.get_formatter()->label("REQUIRED", "");
  app.footer(spec.footer);
  app.allow_windows_style_options(false);
  for (const auto& f : spec.flags) {
    CLI::Option* o = nullptr;
    if (f.takes_value) {
      o = app.add_option("--" + f.name, f.help);
      o->type_name(f.value_name.empty() ? std::string("VALUE") : f.value_name);
      o->expected(f.values);
      o->allow_extra_args(false);
    } else {
      o = app.add_flag("--" + f.name, f.help);
      // Without an override, CLI11 keeps the word after '=' as the flag's value ("true" when
      // none is given).
      if (!f.switch_word) o->disable_flag_override();
    }
    // Every use is kept: a flag given twice is refused below in our words.
    o->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
    o->group("Flags");
    built->options.emplace_back(&f, o);
  }
  // Positionals are always read, so that one too many is named in our words.
  {
    CLI::Option* p = app.add_option(spec.positional.empty() ? std::string("ARGS") : spec.positional,
                                    built->positional, spec.positional_help);
    p->type_name("");
    // Any number is taken; more than max_positional is refused below in our words.
    p->expected(0, CLI::detail::expected_max_vector_size);
    if (spec.max_positional == 0) p->group("");  // not shown in --help
  }
  return built;
}

core::Error translate(const CommandSpec& spec, const Built& built, const CLI::ParseError& e) {
  const std::string command = spec.name;
  if (dynamic_cast<const CLI::ExtrasError*>(&e) != nullptr) {
    const std::vector<std::string> extras = built.app->remaining();
    const std::string arg = extras.empty() ? std::string("?") : extras.front();
    if (arg.size() > 1 && arg[0] == '-' && arg != "--") {
      const std::string shown = arg.substr(0, arg.find('='));
      return spec.flags.empty() ? core::make_error(fmt::format(
                                      "'{}' is not an option of 'carroccio {}', which takes "
                                      "none.",
                                      shown, command))
                                : core::make_error(fmt::format(
                                      "'{}' is not an option of 'carroccio {}': it takes {}.",
                                      shown, command, flag_list(spec)));
    }
    if (spec.max_positional == 0)
      return core::make_error(fmt::format("'carroccio {}' takes no argument '{}'.", command, arg));
    return core::make_error(fmt::format(
        "'carroccio {}' takes {} argument{} before its flags, but '{}' is one too many.", command,
        spec.max_positional, spec.max_positional == 1 ? "" : "s", arg));
  }
  const std::string name = flag_named_in(e.what());
  const auto f = std::find_if(spec.flags.begin(), spec.flags.end(),
                              [&](const FlagSpec& s) { return s.name == name; });
  if (f != spec.flags.end()) {
    if (!f->takes_value)
      return core::make_error(fmt::format("'--{}' is a switch and takes no value.", name));
    return core::make_error(f->missing.empty() ? fmt::format("'--{}' needs a value.", name)
                                               : f->missing);
  }
  // Nothing else is expected of CLI11 with the specs above; still one sentence of ours.
  return core::make_error(
      fmt::format("The arguments of 'carroccio {}' cannot be read: see carroccio "
                  "{} --help.",
                  command, command));
}

}  // namespace

core::Expected<ParseOutcome> parse_command(std::span<const std::string> args,
                                           const CommandSpec& spec) {
  const auto built = build(spec);
  // CLI11 takes the arguments last first.
  std::vector<std::string> reversed(args.rbegin(), args.rend());
  try {
    built->app->parse(reversed);
  } catch (const CLI::CallForHelp&) {
    return ParseOutcome{true, {}};
  } catch (const CLI::ParseError& e) {
    return translate(spec, *built, e);
  }
  ParseOutcome outcome;
  outcome.args.positional = built->positional;
  if (outcome.args.positional.size() > spec.max_positional) {
    const std::string& arg = outcome.args.positional[spec.max_positional];
    if (spec.max_positional == 0)
      return core::make_error(
          fmt::format("'carroccio {}' takes no argument '{}'.", spec.name, arg));
    return core::make_error(fmt::format(
        "'carroccio {}' takes {} argument{} before its flags, but '{}' is one too many.", spec.name,
        spec.max_positional, spec.max_positional == 1 ? "" : "s", arg));
  }
  for (const auto& [f, o] : built->options) {
    if (o->count() == 0) continue;
    // CLI11 counts values: a flag taking two values used once counts two.
    const std::size_t uses = o->count() / static_cast<std::size_t>(f->takes_value ? f->values : 1);
    if (!f->repeatable && uses > 1)
      return core::make_error(
          fmt::format("'--{}' is given twice to 'carroccio {}'.", f->name, spec.name));
    std::vector<std::string>& values = outcome.args.flags[f->name];
    if (!f->takes_value) {
      if (!f->switch_word) {
        values.push_back("true");
        continue;
      }
      for (const auto& v : o->results()) values.push_back(v.empty() ? std::string("true") : v);
      continue;
    }
    if (o->results().size() % static_cast<std::size_t>(f->values) != 0)
      return core::make_error(f->missing.empty() ? fmt::format("'--{}' needs a value.", f->name)
                                                 : f->missing);
    for (const auto& v : o->results()) {
      // CLI11 takes the next word as the value even when it is a flag ("--seed --quiet").
      if (v.empty() || v.rfind("--", 0) == 0)
        return core::make_error(f->missing.empty() ? fmt::format("'--{}' needs a value.", f->name)
                                                   : f->missing);
      values.push_back(v);
    }
  }
  return outcome;
}

core::Expected<ParsedArgs> parse_args(std::span<const std::string> args, std::string_view command,
                                      const std::vector<FlagSpec>& flags,
                                      std::size_t max_positional) {
  CommandSpec spec;
  spec.name = std::string(command);
  spec.flags = flags;
  spec.max_positional = max_positional;
  auto outcome = parse_command(args, spec);
  if (!outcome) return outcome.error();
  return std::move(outcome->args);
}

std::string command_help(const CommandSpec& spec) {
  if (!spec.usage.empty()) return wrap_help(spec.usage);
  // CLI11 writes the footer after a blank line of its own below the flags' blank line: one is
  // enough.
  std::string text = build(spec)->app->help();
  for (auto at = text.find("\n\n\n"); at != std::string::npos; at = text.find("\n\n\n"))
    text.erase(at, 1);
  return wrap_help(text);
}

namespace {

std::string wrap_line(std::string_view line, std::size_t width) {
  const std::size_t indent = line.find_first_not_of(' ');
  if (line.size() <= width || indent == std::string_view::npos) return std::string(line);
  // The second column: after the first word run, two spaces or more, then text.
  std::size_t hang = indent + (line[indent] == '-' ? 2 : 0), first_break = indent + 1;
  const std::size_t gap = line.find("  ", indent);
  if (gap != std::string_view::npos) {
    const std::size_t column = line.find_first_not_of(' ', gap);
    if (column != std::string_view::npos && column < width / 2) hang = first_break = column;
  }
  // A break before a word (at a space) or after a '|'.
  const auto breaks_at = [](std::string_view s, std::size_t i) {
    return s[i] == ' ' || (s[i - 1] == '|' && s[i] != ' ');
  };
  std::string out;
  std::string rest(line);
  std::size_t low = first_break;
  while (rest.size() > width) {
    std::size_t cut = std::string::npos;
    for (std::size_t i = width; i > low; --i)
      if (breaks_at(rest, i)) {
        cut = i;
        break;
      }
    for (std::size_t i = width + 1; cut == std::string::npos && i < rest.size(); ++i)
      if (breaks_at(rest, i)) cut = i;
    if (cut == std::string::npos) break;
    std::string head = rest.substr(0, cut);
    while (!head.empty() && head.back() == ' ') head.pop_back();
    const std::size_t next = rest.find_first_not_of(' ', cut);
    if (next == std::string::npos) {
      rest = head;
      break;
    }
    out += head + '\n';
    rest = std::string(hang, ' ') + rest.substr(next);
    low = hang + 1;
  }
  return out + rest;
}

}  // namespace

std::string wrap_help(std::string_view text, std::size_t width) {
  std::string out;
  for (std::size_t start = 0;;) {
    const std::size_t end = text.find('\n', start);
    out += wrap_line(text.substr(start, end == std::string_view::npos ? end : end - start), width);
    if (end == std::string_view::npos) break;
    out += '\n';
    start = end + 1;
  }
  return out;
}

std::optional<std::string> ParsedArgs::value(const std::string& name) const {
  const auto it = flags.find(name);
  if (it == flags.end() || it->second.empty()) return std::nullopt;
  return it->second.back();
}

std::vector<std::string> ParsedArgs::values(const std::string& name) const {
  const auto it = flags.find(name);
  return it == flags.end() ? std::vector<std::string>{} : it->second;
}

int command_usage_error(std::ostream& err, std::string_view command, std::string_view sentence) {
  err << "carroccio: " << sentence << "\nsee carroccio " << command << " --help\n";
  return kExitUsage;
}

std::optional<ParsedArgs> parse_or_answer(std::span<const std::string> args,
                                          const CommandSpec& spec, std::ostream& out,
                                          std::ostream& err, int& code) {
  auto outcome = parse_command(args, spec);
  if (!outcome) {
    code = command_usage_error(err, spec.name, outcome.message());
    return std::nullopt;
  }
  if (outcome->help) {
    out << command_help(spec);
    code = kExitOk;
    return std::nullopt;
  }
  code = kExitOk;
  return std::move(outcome->args);
}

}  // namespace carroccio::game
