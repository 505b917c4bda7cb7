// Secrets the server makes: seat tokens and dice secrets, from the operating system's generator
// (getrandom), never from a seeded one; and how a token is kept (only its SHA-256).
#pragma once

#include <string>
#include <string_view>

namespace carroccio::server {

// `bytes` random bytes as lowercase hex (2 * bytes digits).
std::string random_hex(std::size_t bytes);

// A seat token: 32 hex digits (128 bits).
std::string new_token();
bool looks_like_token(std::string_view text);
// What the database keeps of a token.
std::string token_hash(std::string_view token);

// A dice secret: 64 hex digits (256 bits), game/dice_draw.hpp.
std::string new_dice_secret();

}  // namespace carroccio::server
