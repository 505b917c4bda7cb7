// Reading JSON a person or a client wrote: files (scenarios, army lists, records, situations)
// and request bodies. Every refusal is one sentence of ours naming the source, the line and the
// column: the JSON library's own messages never reach a user. Beyond plain JSON syntax, a key
// given twice in one object is refused (naming the key and both lines), as is a number too large
// to hold and nesting deeper than kMaxJsonNesting. Control characters quoted from the text are
// shown escaped (\x0a).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "core/status.hpp"
#include "nlohmann/json.hpp"

namespace carroccio::game {

inline constexpr int kMaxJsonNesting = 128;
// Files larger than this are refused before they are read (scenarios, records, army lists).
inline constexpr std::uintmax_t kMaxInputFileBytes = 16ull * 1024 * 1024;

// Parses JSON text; an error is "<source>:<line>:<column>: this is not valid JSON: <why>." or
// "<source>:<line>: key 'x' appears twice in one object (first on line N)."
core::Expected<nlohmann::json> parse_json_text(const std::string& text,
                                               std::string_view source_name);

// Reads a whole text file of at most `max_bytes`: one sentence if it cannot be opened, is a
// directory, or is larger (checked before reading a regular file; other files, such as a device
// or a pipe, are read no further than the limit). `what` names the file in the sentence
// ("scenario file", "game record").
core::Expected<std::string> read_text_file(const std::string& path, std::string_view what,
                                           std::uintmax_t max_bytes = kMaxInputFileBytes);

// Client or file text for a sentence: at most `max` characters, control characters and bytes
// that are not printable ASCII shown as \xNN, "..." when cut.
std::string printable(std::string_view text, std::size_t max = 80);

}  // namespace carroccio::game
