#include "game/json_text.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <cstdio>
#include <iterator>
#include <memory>
#include <unordered_set>
#include <vector>

#include "fmt/format.h"

namespace carroccio::game {

namespace {

// Length of the valid UTF-8 sequence starting at text[i] (1 to 4), or 0 if it is not one.
std::size_t utf8_length(std::string_view text, std::size_t i) {
  const auto b = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char c = b(i);
  if (c < 0x80) return 1;
  std::size_t n = 0;
  std::uint32_t cp = 0;
  if ((c & 0xe0) == 0xc0) {
    n = 2;
    cp = c & 0x1f;
  } else if ((c & 0xf0) == 0xe0) {
    n = 3;
    cp = c & 0x0f;
  } else if ((c & 0xf8) == 0xf0) {
    n = 4;
    cp = c & 0x07;
  } else {
    return 0;
  }
  if (i + n > text.size()) return 0;
  for (std::size_t k = 1; k < n; ++k) {
    if ((b(i + k) & 0xc0) != 0x80) return 0;
    cp = (cp << 6) | (b(i + k) & 0x3f);
  }
  const std::uint32_t least[] = {0, 0, 0x80, 0x800, 0x10000};
  if (cp < least[n] || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return 0;
  return n;
}

// A forward iterator over the text that records how far the parser has read, so a refusal found
// in a SAX callback (a key given twice) can name its line.
class CountingIterator {
 public:
  using iterator_category = std::forward_iterator_tag;
  using value_type = char;
  using difference_type = std::ptrdiff_t;
  using pointer = const char*;
  using reference = const char&;

  CountingIterator() = default;
  CountingIterator(const char* p, const char* base, std::size_t* read)
      : p_(p), base_(base), read_(read) {}
  reference operator*() const { return *p_; }
  CountingIterator& operator++() {
    ++p_;
    if (read_ != nullptr) *read_ = std::max(*read_, static_cast<std::size_t>(p_ - base_));
    return *this;
  }
  CountingIterator operator++(int) {
    CountingIterator old = *this;
    ++*this;
    return old;
  }
  bool operator==(const CountingIterator& o) const { return p_ == o.p_; }
  bool operator!=(const CountingIterator& o) const { return p_ != o.p_; }

 private:
  const char* p_ = nullptr;
  const char* base_ = nullptr;
  std::size_t* read_ = nullptr;
};

std::size_t line_at(std::string_view text, std::size_t offset) {
  offset = std::min(offset, text.size());
  return 1 + static_cast<std::size_t>(std::count(text.begin(), text.begin() + offset, '\n'));
}

std::size_t column_at(std::string_view text, std::size_t offset) {
  offset = std::min(offset, text.size());
  const std::size_t nl = text.rfind('\n', offset == 0 ? 0 : offset - 1);
  if (offset == 0 || nl == std::string_view::npos) return offset + 1;
  return offset - nl;
}

// Our own sentence for the parser's complaint: `what` is the library's message, which is read
// for its kind only and never shown.
std::string reason(const std::string& what, int id, const std::string& token) {
  const bool at_end = token.empty();
  const std::string shown = printable(token, 40);
  const auto has = [&](const char* s) { return what.find(s) != std::string::npos; };
  if (id == 406) return fmt::format("the number '{}' is too large", shown);
  if (has("invalid BOM")) return "the text starts with a damaged byte-order mark";
  if (has("control character"))
    return "a string holds a control character (a line break or tab, say), which must be "
           "written as an escape such as \\n";
  if (has("ill-formed UTF-8")) return "a string holds bytes that are not UTF-8 text";
  if (has("surrogate") || has("\\u"))
    return "a string holds a \\u escape that is not four hex digits of a character";
  if (has("forbidden character after backslash"))
    return "a string holds a backslash that starts no JSON escape (write \\\\ for a backslash)";
  if (has("missing closing quote")) return "a string is not closed by a double quote";
  if (has("invalid number") || has("expected digit"))
    return fmt::format("'{}' is not a number as JSON writes them", shown);
  if (has("unexpected end of input") || (at_end && !has("expected end of input")))
    return "the text ends before the JSON value is complete";
  if (has("expected end of input"))
    return fmt::format("'{}' follows the end of the JSON value", shown);
  if (token.find('\'') != std::string::npos)
    return fmt::format("'{}' uses single quotes, but JSON writes text and keys in double quotes",
                       shown);
  if (has("invalid literal"))
    return fmt::format(
        "'{}' is not a JSON value (text needs double quotes; true, false and null are lower "
        "case)",
        shown);
  if (has("parsing object key"))
    return fmt::format("'{}' stands where a key in double quotes or '}}' should", shown);
  if (has("parsing object separator"))
    return fmt::format("'{}' stands where the ':' after a key should", shown);
  if (has("parsing object"))
    return fmt::format("'{}' stands where ',' or '}}' should, after a value in an object", shown);
  if (has("parsing array"))
    return fmt::format("'{}' stands where ',' or ']' should, after a value in an array", shown);
  return fmt::format("'{}' stands where a value should", shown);
}

using Json = nlohmann::json;

// The library's DOM builder, with our checks: keys given twice, nesting, and errors kept for
// rewording.
class StrictSax {
 public:
  StrictSax(Json& out, std::string_view text, const std::size_t* read)
      : dom_(out, false), text_(text), read_(read) {}

  bool null() { return dom_.null(); }
  bool boolean(bool v) { return dom_.boolean(v); }
  bool number_integer(Json::number_integer_t v) { return dom_.number_integer(v); }
  bool number_unsigned(Json::number_unsigned_t v) { return dom_.number_unsigned(v); }
  bool number_float(Json::number_float_t v, const Json::string_t& s) {
    return dom_.number_float(v, s);
  }
  bool string(Json::string_t& v) { return dom_.string(v); }
  bool binary(Json::binary_t& v) { return dom_.binary(v); }
  bool start_object(std::size_t n) {
    if (!deeper()) return false;
    keys_.emplace_back();
    return dom_.start_object(n);
  }
  bool end_object() {
    keys_.pop_back();
    --depth_;
    return dom_.end_object();
  }
  bool start_array(std::size_t n) {
    if (!deeper()) return false;
    return dom_.start_array(n);
  }
  bool end_array() {
    --depth_;
    return dom_.end_array();
  }
  bool key(Json::string_t& k) {
    const std::size_t line = line_at(text_, *read_);
    auto& seen = keys_.back();
    if (const auto it =
            std::find_if(seen.begin(), seen.end(), [&](const auto& e) { return e.first == k; });
        it != seen.end()) {
      error_ = fmt::format(
          "key '{}' appears twice in one object (first on line {}); give each "
          "key once",
          printable(k), it->second);
      error_line_ = line;
      error_column_ = 0;
      return false;
    }
    seen.emplace_back(k, line);
    return dom_.key(k);
  }
  bool parse_error(std::size_t position, const std::string& last_token,
                   const nlohmann::detail::exception& ex) {
    const std::size_t at = position == 0 ? 0 : position - 1;
    error_ = reason(ex.what(), ex.id, last_token);
    error_line_ = line_at(text_, at);
    error_column_ = column_at(text_, at);
    return false;
  }

  const std::string& error() const { return error_; }
  std::size_t error_line() const { return error_line_; }
  std::size_t error_column() const { return error_column_; }

 private:
  bool deeper() {
    if (++depth_ <= kMaxJsonNesting) return true;
    const std::size_t at = *read_ == 0 ? 0 : *read_ - 1;
    error_ = fmt::format("the JSON nests more than {} levels deep", kMaxJsonNesting);
    error_line_ = line_at(text_, at);
    error_column_ = column_at(text_, at);
    return false;
  }

  nlohmann::detail::json_sax_dom_parser<Json> dom_;
  std::string_view text_;
  const std::size_t* read_;
  int depth_ = 0;
  // Per open object, its keys with their lines (objects are small: a linear search is enough,
  // and keeps the order for nothing but the message).
  std::vector<std::vector<std::pair<std::string, std::size_t>>> keys_;
  std::string error_;
  std::size_t error_line_ = 0;
  std::size_t error_column_ = 0;
};

}  // namespace

std::string printable(std::string_view text, std::size_t max) {
  std::string out;
  std::size_t shown = 0;
  for (std::size_t i = 0; i < text.size();) {
    if (shown >= max) {
      out += "...";
      break;
    }
    const unsigned char c = static_cast<unsigned char>(text[i]);
    const std::size_t n = utf8_length(text, i);
    if (c < 0x20 || c == 0x7f || n == 0) {
      out += fmt::format("\\x{:02x}", c);
      ++i;
    } else {
      out.append(text.substr(i, n));
      i += n;
    }
    ++shown;
  }
  return out;
}

core::Expected<Json> parse_json_text(const std::string& text, std::string_view source_name) {
  Json out;
  std::size_t read = 0;
  StrictSax sax(out, text, &read);
  const char* begin = text.data();
  bool ok = false;
  try {
    ok = Json::sax_parse(CountingIterator(begin, begin, &read),
                         CountingIterator(begin + text.size(), begin, &read), &sax);
  } catch (const std::exception&) {
    ok = false;  // the SAX handler reports every error itself; nothing else is expected
  }
  if (ok) return out;
  if (sax.error().empty())
    return core::make_error(fmt::format("{}: this is not valid JSON.", source_name));
  if (sax.error_column() == 0)
    return core::make_error(fmt::format("{}:{}: {}.", source_name, sax.error_line(), sax.error()));
  return core::make_error(fmt::format("{}:{}:{}: this is not valid JSON: {}.", source_name,
                                      sax.error_line(), sax.error_column(), sax.error()));
}

core::Expected<std::string> read_text_file(const std::string& path, std::string_view what,
                                           std::uintmax_t max_bytes) {
  const auto mib = [](std::uintmax_t n) {
    if (n < 1024 * 1024) return fmt::format("{} bytes", n);
    return fmt::format("{:.1f} MiB", static_cast<double>(n) / (1024.0 * 1024.0));
  };
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0)
    return core::make_error(fmt::format("Cannot open {} '{}'.", what, printable(path, 200)));
  if (S_ISDIR(st.st_mode))
    return core::make_error(
        fmt::format("The {} '{}' is a directory, not a file.", what, printable(path, 200)));
  if (S_ISREG(st.st_mode) && static_cast<std::uintmax_t>(st.st_size) > max_bytes)
    return core::make_error(
        fmt::format("The {} '{}' is {}: files over {} are refused.", what, printable(path, 200),
                    mib(static_cast<std::uintmax_t>(st.st_size)), mib(max_bytes)));
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> f(std::fopen(path.c_str(), "rb"), &std::fclose);
  if (!f) return core::make_error(fmt::format("Cannot open {} '{}'.", what, printable(path, 200)));
  std::string text;
  char buf[65536];
  for (;;) {
    const std::size_t n = std::fread(buf, 1, sizeof buf, f.get());
    if (n == 0) break;
    if (text.size() + n > max_bytes)
      return core::make_error(
          fmt::format("The {} '{}' is larger than {}: files over that are "
                      "refused.",
                      what, printable(path, 200), mib(max_bytes)));
    text.append(buf, n);
  }
  if (std::ferror(f.get()))
    return core::make_error(fmt::format("Cannot read {} '{}'.", what, printable(path, 200)));
  return text;
}

}  // namespace carroccio::game
