// The HTTP/1.1 side of `carroccio serve`, on Boost.Beast (Debian's libboost-dev): what a request
// must look like before the API sees it, and how an answer is written. Shared by the server's
// connections (server.cpp) and the HTTP fuzz target (fuzz/), so both take exactly the same path.
//
// Strictness, beyond what Beast's parser already refuses (conflicting Content-Length headers,
// Transfer-Encoding together with Content-Length, malformed lines and fields, heads over
// kMaxHeadBytes, bodies over kMaxBodyBytes): only HTTP/1.0 and 1.1; a Transfer-Encoding other
// than "chunked" alone; more than one Host; an Expect other than 100-continue; a target that is
// not a path (or an absolute URL, or "*" for OPTIONS); a malformed %-escape or an escaped NUL in
// the path. Every refusal is a 4xx with {"error": "<one sentence>"}, and the connection is closed
// after it. Range requests are not served: a Range header is ignored, the whole answer is sent.
#pragma once

#include <boost/beast/http.hpp>
#include <chrono>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "server/routes.hpp"

namespace carroccio::server::http_layer {

namespace http = boost::beast::http;
using Request = http::request<http::string_body>;
using Response = http::response<http::string_body>;

inline constexpr std::size_t kMaxHeadBytes = 16 * 1024;

// A refusal found before the API is asked.
struct Refusal {
  int status = 400;
  std::string sentence;
};

// One sentence for an error Beast's parser reports (the status: 400, 413 or 431).
Refusal parse_refusal(const boost::system::error_code& ec);

// Checks a request head (as soon as it is read, before any body).
std::optional<Refusal> check_head(const http::request_parser<http::string_body>& parser);

// The API's view of a request: method, decoded path and query parameters, seat tokens, body;
// or a refusal (a malformed %-escape, a NUL in the path).
struct Converted {
  std::optional<ApiRequest> request;
  Refusal refusal;
};
Converted to_api_request(const Request& req);

// The HTTP answer to `reply` for `req` (HEAD: the head only); `keep_alive` false adds
// "Connection: close".
Response make_response(const ApiReply& reply, unsigned version, bool head, bool keep_alive);
// The answer to a refusal (always closing the connection).
Response refusal_response(const Refusal& refusal, unsigned version);

// Parses one request from `bytes` exactly as a connection does (same limits and checks),
// answers it through `api` (a long poll is answered at once) and returns the bytes of the answer;
// empty if the bytes do not hold a whole request. For the fuzz target and tests.
std::string answer_bytes(const Api& api, std::string_view bytes);

}  // namespace carroccio::server::http_layer
