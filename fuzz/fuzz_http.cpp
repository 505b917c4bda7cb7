// The HTTP request handler: the bytes as what a client sends on a connection, through the same
// parser, limits and checks as the server's connections (server/http.hpp, answer_bytes) to the
// API, which answers from real games.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fuzz/fixture.hpp"
#include "server/http.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace carroccio;
  auto& f = fuzz::fixture();
  (void)server::http_layer::answer_bytes(
      *f.api, std::string_view(reinterpret_cast<const char*>(data), size));
  return 0;
}
