// The alsh table referee's request (POST /api/rulesets/alsh/resolve, `carroccio alsh --json`), with
// a person's Assault Table grid in it: the bytes as the request's JSON.
#include <cstddef>
#include <cstdint>
#include <string>

#include "game/json_text.hpp"
#include "rulesets/alsh/referee.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace carroccio;
  const std::string text(reinterpret_cast<const char*>(data), size);
  auto json = game::parse_json_text(text, "fuzz-request.json");
  if (!json) return 0;
  (void)alsh::resolve_request(*json);
  return 0;
}
