// The record decoder: the bytes as a record file, decoded (record_from_json) and, when it decodes,
// verified as `carroccio replay` verifies it (game::verify_record), against every ruleset.
#include <cstddef>
#include <cstdint>
#include <string>

#include "game/json_text.hpp"
#include "game/record.hpp"
#include "rulesets/all.hpp"

namespace {

const carroccio::game::Registry& registry() {
  static const carroccio::game::Registry r = carroccio::rulesets::make_registry();
  return r;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace carroccio;
  const std::string text(reinterpret_cast<const char*>(data), size);
  auto json = game::parse_json_text(text, "fuzz-record.json");
  if (!json) return 0;
  auto record = game::record_from_json(*json, "fuzz-record.json");
  if (!record) return 0;
  // A record of thousands of actions is legitimate but slow to replay under the sanitizers.
  if (record->actions.size() > 5000) return 0;
  auto verified = game::verify_record(registry(), *record);
  if (verified) (void)game::record_to_json(*record);
  return 0;
}
