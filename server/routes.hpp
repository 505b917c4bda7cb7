// The HTTP/JSON API of docs/api.md, independent of the HTTP library: a request (method, decoded
// path, query parameters, body) goes in, a reply (status, body, headers) comes out. Every bad
// request is a 4xx with {"error": "<one sentence>"}; nothing a client sends makes it throw.
#pragma once

#include <chrono>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "game/registry.hpp"
#include "nlohmann/json.hpp"
#include "server/manager.hpp"

namespace carroccio::server {

inline constexpr std::size_t kMaxBodyBytes = 64 * 1024;
inline constexpr int kMaxJsonDepth = 32;

inline constexpr std::size_t kMaxSeatTokens = 256;
inline constexpr const char* kSeatTokenHeader = "Seat-Token";

struct ApiRequest {
  std::string method;                              // "GET", "POST", ...; HEAD is answered like GET
  std::string path;                                // percent-decoded, without the query
  std::multimap<std::string, std::string> params;  // query parameters
  std::string body;
  // The Seat-Token header(s), joined by commas: the seat tokens the request holds.
  std::string seat_tokens;
  // Whether a long poll (GET /api/games/ID?after=N&wait=S) may be answered with ApiReply::poll
  // instead of a view, for the HTTP layer to wait without a thread (server.cpp); when false a
  // long poll is answered at once, as with wait=0.
  bool may_defer = false;
};

// A long poll to finish later: the HTTP layer waits (Manager::watch) until game `game` has a
// history length other than `after`, or `wait` has passed, then asks again with may_defer false.
struct Poll {
  std::string game;
  std::size_t after = 0;
  std::chrono::milliseconds wait{0};
};

struct ApiReply {
  int status = 200;
  std::string body;
  std::string content_type = "application/json; charset=utf-8";
  std::vector<std::pair<std::string, std::string>> headers;
  std::optional<Poll> poll;  // set: no answer yet (see Poll)
};

// JSON text of `j`, with any invalid UTF-8 replaced (so echoing a client's bytes cannot throw).
std::string dump_json(const nlohmann::json& j);
ApiReply json_reply(int status, const nlohmann::json& body);
ApiReply error_reply(int status, const std::string& sentence);
// The generic sentence for an HTTP error status (400 Bad Request, 413, 414, ...).
std::string status_sentence(int status);

// Parses a request body that must be one JSON object: empty, too deep, invalid JSON or not an
// object is one sentence.
Outcome<nlohmann::json> parse_body(const std::string& body);
// The seat tokens of a Seat-Token header: tokens (32 hex digits) separated by commas or spaces,
// at most kMaxSeatTokens; anything else is one sentence.
Outcome<Credentials> parse_seat_tokens(const std::string& header);

class Api {
 public:
  // `web_dir`: the built front end (index.html and assets); may be missing.
  Api(const game::Registry& registry, Manager& manager, std::string web_dir);

  // Answers one request. Never throws.
  ApiReply handle(const ApiRequest& request) const;
  // For requests the HTTP layer could not dispatch: 404 (no such route) or 405 (the route exists
  // but not for this method), without running anything.
  ApiReply refuse(const ApiRequest& request) const;

 private:
  ApiReply route(const ApiRequest& request) const;
  ApiReply static_file(const std::string& path) const;

  const game::Registry& registry_;
  Manager& manager_;
  std::string web_dir_;
};

}  // namespace carroccio::server
