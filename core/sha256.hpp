// SHA-256 (FIPS 180-4): the commitment to a server game's dice secret, the dice drawn from it,
// seat tokens kept in the database only as their hashes, and the fingerprint of a record's
// scenario. Plain portable code: the same digest on every machine.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace carroccio::core {

class Sha256 {
 public:
  using Digest = std::array<std::uint8_t, 32>;

  Sha256();
  Sha256& update(std::string_view data);
  // The digest of everything given; the object must not be updated afterwards.
  Digest finish();

 private:
  void block(const std::uint8_t* p);

  std::uint32_t h_[8];
  std::uint8_t buf_[64];
  std::size_t used_ = 0;
  std::uint64_t bytes_ = 0;
};

Sha256::Digest sha256(std::string_view data);
// Sixty-four lowercase hex digits.
std::string sha256_hex(std::string_view data);
std::string to_hex(const std::uint8_t* data, std::size_t n);
// The first eight bytes of a digest as a big-endian number.
std::uint64_t digest_u64(const Sha256::Digest& d);

}  // namespace carroccio::core
