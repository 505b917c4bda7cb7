#include "server/http.hpp"

#include <boost/asio/buffer.hpp>
#include <boost/beast/core/string.hpp>
#include <sstream>

#include "fmt/format.h"
#include "game/json_text.hpp"

namespace carroccio::server::http_layer {

namespace {

namespace beast = boost::beast;

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// Percent-decodes `text` ('+' is a space in a query); false on a malformed escape, or on an
// escaped NUL when `allow_nul` is false.
bool percent_decode(std::string_view text, bool query, bool allow_nul, std::string& out) {
  out.clear();
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '%') {
      if (i + 2 >= text.size()) return false;
      const int hi = hex_value(text[i + 1]), lo = hex_value(text[i + 2]);
      if (hi < 0 || lo < 0) return false;
      const char decoded = static_cast<char>(hi * 16 + lo);
      if (decoded == '\0' && !allow_nul) return false;
      out += decoded;
      i += 2;
    } else if (c == '+' && query) {
      out += ' ';
    } else {
      out += c;
    }
  }
  return true;
}

std::string printable(std::string_view text) { return game::printable(text, 80); }

}  // namespace

Refusal parse_refusal(const boost::system::error_code& ec) {
  using E = http::error;
  if (ec == E::header_limit)
    return {431, fmt::format("The request's head is larger than {} bytes.", kMaxHeadBytes)};
  if (ec == E::body_limit)
    return {413,
            fmt::format("The request body is too large: the limit is {} bytes.", kMaxBodyBytes)};
  if (ec == E::bad_content_length)
    return {400,
            "The request's Content-Length is malformed, given twice with different values, or "
            "given together with a Transfer-Encoding."};
  if (ec == E::bad_transfer_encoding)
    return {400,
            "The request's Transfer-Encoding is given twice, or together with a "
            "Content-Length."};
  if (ec == E::bad_method) return {400, "The request's method is not a valid token."};
  if (ec == E::bad_target) return {400, "The request's target is malformed."};
  if (ec == E::bad_version)
    return {400,
            "The request's HTTP version is malformed or not one this server speaks (HTTP/1.0 "
            "or HTTP/1.1)."};
  if (ec == E::bad_field || ec == E::bad_value || ec == E::bad_obs_fold)
    return {400, "A header line of the request is malformed."};
  if (ec == E::bad_line_ending) return {400, "The request's lines must end with CR LF."};
  if (ec == E::bad_chunk || ec == E::bad_chunk_extension)
    return {400, "The request's chunked body is malformed."};
  if (ec == E::partial_message || ec == E::end_of_stream)
    return {400, "The request ended before it was complete."};
  return {400, "The request is malformed."};
}

std::optional<Refusal> check_head(const http::request_parser<http::string_body>& parser) {
  const auto& req = parser.get();
  if (req.version() != 10 && req.version() != 11)
    return Refusal{400, fmt::format("HTTP/{}.{} is not spoken here: use HTTP/1.1 (or 1.0).",
                                    req.version() / 10, req.version() % 10)};
  const auto te = req.equal_range(http::field::transfer_encoding);
  if (te.first != te.second) {
    const auto raw = te.first->value();
    std::string value(raw.data(), raw.size());
    while (!value.empty() && (value.back() == ' ' || value.back() == '\t')) value.pop_back();
    while (!value.empty() && (value.front() == ' ' || value.front() == '\t')) value.erase(0, 1);
    if (!parser.chunked() || std::next(te.first) != te.second || !beast::iequals(value, "chunked"))
      return Refusal{400,
                     "The request's Transfer-Encoding must be \"chunked\" alone (or absent, with a "
                     "Content-Length)."};
  }
  const auto host = req.equal_range(http::field::host);
  if (host.first != host.second && std::next(host.first) != host.second)
    return Refusal{400, "The request names its Host more than once."};
  const auto expect = req.equal_range(http::field::expect);
  if (expect.first != expect.second && (std::next(expect.first) != expect.second ||
                                        !beast::iequals(expect.first->value(), "100-continue")))
    return Refusal{417, "The only expectation served here is \"Expect: 100-continue\"."};
  const std::string_view target(req.target().data(), req.target().size());
  const bool path = !target.empty() && target.front() == '/';
  const bool absolute = target.rfind("http://", 0) == 0 || target.rfind("https://", 0) == 0;
  const bool star = target == "*" && req.method() == http::verb::options;
  if (!path && !absolute && !star)
    return Refusal{400, fmt::format("The request's target '{}' is not a path such as /api/health.",
                                    printable(target))};
  return std::nullopt;
}

Converted to_api_request(const Request& req) {
  Converted out;
  std::string_view target(req.target().data(), req.target().size());
  if (target.rfind("http://", 0) == 0 || target.rfind("https://", 0) == 0) {
    const std::size_t authority = target.find("//") + 2;
    const std::size_t slash = target.find_first_of("/?", authority);
    target = slash == std::string_view::npos ? std::string_view("/") : target.substr(slash);
    if (!target.empty() && target.front() == '?') {
      out.refusal = {400, "The request's target has no path."};
      return out;
    }
  }
  const std::size_t q = target.find('?');
  const std::string_view raw_path = target.substr(0, q);
  ApiRequest r;
  const auto method = req.method_string();
  r.method.assign(method.data(), method.size());
  if (!percent_decode(raw_path, false, false, r.path)) {
    out.refusal = {
        400, fmt::format("The path '{}' holds a malformed or NUL %-escape.", printable(raw_path))};
    return out;
  }
  if (q != std::string_view::npos) {
    std::string_view query = target.substr(q + 1);
    const std::size_t hash = query.find('#');
    if (hash != std::string_view::npos) query = query.substr(0, hash);
    while (!query.empty()) {
      const std::size_t amp = query.find('&');
      const std::string_view pair = query.substr(0, amp);
      query = amp == std::string_view::npos ? std::string_view() : query.substr(amp + 1);
      if (pair.empty()) continue;
      const std::size_t eq = pair.find('=');
      std::string key, value;
      if (!percent_decode(pair.substr(0, eq), true, true, key) ||
          (eq != std::string_view::npos &&
           !percent_decode(pair.substr(eq + 1), true, true, value))) {
        out.refusal = {400, fmt::format("The query parameter '{}' holds a malformed %-escape.",
                                        printable(pair))};
        return out;
      }
      r.params.emplace(std::move(key), std::move(value));
    }
  }
  for (auto it = req.begin(); it != req.end(); ++it) {
    if (!beast::iequals(it->name_string(), kSeatTokenHeader)) continue;
    if (!r.seat_tokens.empty()) r.seat_tokens += ',';
    const auto value = it->value();
    r.seat_tokens.append(value.data(), value.size());
  }
  r.body = req.body();
  out.request = std::move(r);
  return out;
}

Response make_response(const ApiReply& reply, unsigned version, bool head, bool keep_alive) {
  Response res{static_cast<http::status>(reply.status), version};
  res.set(http::field::server, "Carroccio");
  res.set(http::field::content_type, reply.content_type);
  for (const auto& [name, value] : reply.headers) res.set(name, value);
  res.keep_alive(keep_alive);
  if (head) {
    res.content_length(reply.body.size());  // the length a GET would have, and no body
  } else {
    res.body() = reply.body;
    res.prepare_payload();
  }
  return res;
}

Response refusal_response(const Refusal& refusal, unsigned version) {
  ApiReply reply = error_reply(refusal.status, refusal.sentence);
  return make_response(reply, version == 10 ? 10 : 11, false, false);
}

std::string answer_bytes(const Api& api, std::string_view bytes) {
  http::request_parser<http::string_body> parser;
  parser.header_limit(kMaxHeadBytes);
  parser.body_limit(kMaxBodyBytes);
  parser.eager(true);
  boost::system::error_code ec;
  std::size_t used = 0;
  bool checked = false;
  std::ostringstream out;
  while (!parser.is_done()) {
    const std::string_view rest = bytes.substr(used);
    std::size_t n = 0;
    if (!rest.empty()) n = parser.put(boost::asio::buffer(rest.data(), rest.size()), ec);
    if (rest.empty() || (ec == http::error::need_more && n == 0)) {
      // Everything was given: a connection would now wait, then time out. No answer.
      return "";
    }
    used += n;
    if (ec == http::error::need_more) {
      // Beast's reader reads more bytes before it hands the parser the rest again (Boost 1.74's
      // chunk parser asserts when given a short final-chunk tail twice). Everything was given, so
      // a connection would now wait: only a head the server refuses gets an answer.
      if (parser.is_header_done() && !checked)
        if (auto refusal = check_head(parser)) {
          out << refusal_response(*refusal, parser.get().version());
          return out.str();
        }
      return "";
    }
    if (ec) {
      out << refusal_response(parse_refusal(ec), 11);
      return out.str();
    }
    if (parser.is_header_done() && !checked) {
      checked = true;
      if (auto refusal = check_head(parser)) {
        out << refusal_response(*refusal, parser.get().version());
        return out.str();
      }
    }
  }
  if (!parser.is_header_done()) return "";
  if (!checked)
    if (auto refusal = check_head(parser)) {
      out << refusal_response(*refusal, parser.get().version());
      return out.str();
    }
  const Request& req = parser.get();
  Converted converted = to_api_request(req);
  if (!converted.request) {
    out << refusal_response(converted.refusal, req.version());
    return out.str();
  }
  const ApiReply reply = api.handle(*converted.request);
  out << make_response(reply, req.version(), req.method() == http::verb::head, req.keep_alive());
  return out.str();
}

}  // namespace carroccio::server::http_layer
