// A ruleset's reader of a person's file (RULESET, KIND: a scenario, or gwkho's army list): the
// bytes as a file's text, parsed as `carroccio play FILE` parses it, then read by the ruleset
// (Ruleset::read_file). Any answer is fine; a crash, a leak, undefined behaviour or a hang is not.
#include <cstddef>
#include <cstdint>
#include <string>

#include "game/json_text.hpp"
#include "game/scenario_reader.hpp"
#include "rulesets/all.hpp"

namespace {

const carroccio::game::Registry& registry() {
  static const carroccio::game::Registry r = carroccio::rulesets::make_registry();
  return r;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace carroccio;
  const game::Ruleset* ruleset = registry().find(RULESET);
  if (ruleset == nullptr) __builtin_trap();  // the target names a ruleset that is not there
  const std::string text(reinterpret_cast<const char*>(data), size);
  auto json = game::parse_json_text(text, "fuzz.json");
  if (!json) return 0;
  const auto status = ruleset->read_file(KIND, *json, "fuzz.json");
  if (!status) (void)game::with_field_line(status.message(), "fuzz.json", text);
  return 0;
}
