#include "server/secrets.hpp"

#include <sys/random.h>

#include <algorithm>
#include <cerrno>
#include <stdexcept>
#include <vector>

#include "core/sha256.hpp"

namespace carroccio::server {

std::string random_hex(std::size_t bytes) {
  std::vector<std::uint8_t> buf(bytes);
  std::size_t got = 0;
  while (got < bytes) {
    const ssize_t n = ::getrandom(buf.data() + got, bytes - got, 0);
    if (n < 0) {
      if (errno == EINTR) continue;
      // No secure generator: nothing secret can be made, and nothing weaker is used instead.
      throw std::runtime_error("The operating system's random generator cannot be read.");
    }
    got += static_cast<std::size_t>(n);
  }
  return core::to_hex(buf.data(), buf.size());
}

std::string new_token() { return random_hex(16); }

bool looks_like_token(std::string_view text) {
  return text.size() == 32 && std::all_of(text.begin(), text.end(), [](char c) {
           return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
         });
}

std::string token_hash(std::string_view token) { return core::sha256_hex(token); }

std::string new_dice_secret() { return random_hex(32); }

}  // namespace carroccio::server
