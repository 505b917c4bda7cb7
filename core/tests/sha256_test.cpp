#include "core/sha256.hpp"

#include <gtest/gtest.h>

#include <string>

namespace carroccio::core {
namespace {

// The test vectors of FIPS 180-4's examples (and the million 'a's of its companion document).
TEST(Sha256, KnownDigests) {
  EXPECT_EQ(sha256_hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  EXPECT_EQ(sha256_hex(std::string(1'000'000, 'a')),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST(Sha256, UpdatesInPiecesGiveTheSameDigest) {
  const std::string text(300, 'x');
  for (std::size_t cut : {0u, 1u, 55u, 56u, 63u, 64u, 65u, 128u, 299u}) {
    Sha256 h;
    h.update(std::string_view(text).substr(0, cut)).update(std::string_view(text).substr(cut));
    EXPECT_EQ(h.finish(), sha256(text)) << cut;
  }
}

TEST(Sha256, DigestU64IsTheFirstEightBytesBigEndian) {
  EXPECT_EQ(digest_u64(sha256("abc")), 0xba7816bf8f01cfeaULL);
}

}  // namespace
}  // namespace carroccio::core
