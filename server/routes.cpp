#include "server/routes.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <exception>
#include <filesystem>
#include <fstream>
#include <limits>
#include <optional>
#include <sstream>
#include <string_view>

#include "ai/agent.hpp"
#include "fmt/format.h"
#include "game/json_text.hpp"
#include "server/referee.hpp"
#include "server/secrets.hpp"

namespace carroccio::server {

namespace {

namespace fs = std::filesystem;

constexpr std::size_t kMaxIdLength = 64;
constexpr std::uint64_t kMaxWaitSeconds = 30;
constexpr std::uintmax_t kMaxStaticFileBytes = 64ull * 1024 * 1024;

enum class Route {
  kHealth,
  kRulesets,
  kRuleset,
  kScenario,
  kAssess,
  kAgents,
  kGames,
  kGame,
  kActions,
  kLegal,
  kOdds,
  kPlacement,
  kEvents,
  kUndo,
  kRecord,
  kAt,
  kTimeline,
  kRules,
  kRefereeTables,
  kRefereeResolve,
  kStatic,
  kUnknownApi,
};

struct Match {
  Route route = Route::kUnknownApi;
  std::vector<std::string> args;
  std::vector<std::string> methods;  // allowed (HEAD goes with GET)
};

std::vector<std::string> split_path(std::string_view path) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start <= path.size()) {
    const std::size_t slash = path.find('/', start);
    const std::size_t end = slash == std::string_view::npos ? path.size() : slash;
    out.emplace_back(path.substr(start, end - start));
    if (slash == std::string_view::npos) break;
    start = slash + 1;
  }
  return out;
}

Match match(const std::string& path) {
  const std::vector<std::string> get = {"GET"};
  const std::vector<std::string> post = {"POST"};
  const bool api = path == "/api" || path.rfind("/api/", 0) == 0;
  if (!api) return {Route::kStatic, {}, get};
  std::string_view rest = std::string_view(path).substr(std::min<std::size_t>(path.size(), 5));
  if (!rest.empty() && rest.back() == '/') rest.remove_suffix(1);  // one trailing slash is fine
  const auto s = split_path(rest);
  if (std::any_of(s.begin(), s.end(), [](const std::string& x) { return x.empty(); }))
    return {Route::kUnknownApi, {}, {}};
  const std::size_t n = s.size();
  if (n == 1 && s[0] == "health") return {Route::kHealth, {}, get};
  if (n == 1 && s[0] == "agents") return {Route::kAgents, {}, get};
  if (s[0] == "rulesets") {
    if (n == 1) return {Route::kRulesets, {}, get};
    if (n == 2) return {Route::kRuleset, {s[1]}, get};
    if (n == 3 && s[2] == "rules") return {Route::kRules, {s[1]}, get};
    if (n == 3 && s[2] == "tables") return {Route::kRefereeTables, {s[1]}, get};
    if (n == 3 && s[2] == "resolve") return {Route::kRefereeResolve, {s[1]}, post};
    if (n == 4 && s[2] == "scenarios") return {Route::kScenario, {s[1], s[3]}, get};
    if (n == 4 && s[2] == "assess") return {Route::kAssess, {s[1], s[3]}, post};
  }
  if (s[0] == "games") {
    if (n == 1) return {Route::kGames, {}, {"GET", "POST"}};
    if (n == 2) return {Route::kGame, {s[1]}, {"GET", "DELETE"}};
    if (n == 3) {
      if (s[2] == "actions") return {Route::kActions, {s[1]}, post};
      if (s[2] == "undo") return {Route::kUndo, {s[1]}, post};
      if (s[2] == "legal") return {Route::kLegal, {s[1]}, get};
      if (s[2] == "odds") return {Route::kOdds, {s[1]}, get};
      if (s[2] == "placement") return {Route::kPlacement, {s[1]}, get};
      if (s[2] == "events") return {Route::kEvents, {s[1]}, get};
      if (s[2] == "record") return {Route::kRecord, {s[1]}, get};
      if (s[2] == "timeline") return {Route::kTimeline, {s[1]}, get};
    }
    if (n == 4 && s[2] == "at") return {Route::kAt, {s[1], s[3]}, get};
  }
  return {Route::kUnknownApi, {}, {}};
}

// A person-readable rendering of client text in a sentence (bounded, control characters and
// bytes that are not UTF-8 shown as \xNN).
std::string quote(std::string_view text) { return game::printable(text, 80); }

std::string method_of(const ApiRequest& r) { return r.method == "HEAD" ? "GET" : r.method; }

ApiReply refuse_match(const ApiRequest& r, const Match& m) {
  if (m.route == Route::kUnknownApi)
    return error_reply(
        404, fmt::format("There is no API resource at '{}': see docs/api.md.", quote(r.path)));
  ApiReply reply =
      error_reply(405, fmt::format("Method {} is not allowed on '{}': use {}.", quote(r.method),
                                   quote(r.path), fmt::join(m.methods, " or ")));
  std::vector<std::string> allow = m.methods;
  if (std::find(allow.begin(), allow.end(), "GET") != allow.end()) allow.push_back("HEAD");
  reply.headers.emplace_back("Allow", fmt::format("{}", fmt::join(allow, ", ")));
  return reply;
}

ApiReply from_failure(const Failure& f) {
  return error_reply(static_cast<int>(f.fault), f.message);
}

ApiReply from_outcome(Outcome<nlohmann::json> o, int status = 200) {
  if (!o) return from_failure(o.failure());
  return json_reply(status, *o);
}

// ---- Parameters ----

std::optional<std::string> param(const ApiRequest& r, const std::string& name) {
  const auto it = r.params.find(name);
  if (it == r.params.end()) return std::nullopt;
  return it->second;
}

Outcome<std::uint64_t> parse_uint(std::string_view text, std::string_view what, std::uint64_t max,
                                  std::uint64_t min = 0) {
  std::uint64_t v = 0;
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (text.empty() || ec != std::errc() || ptr != text.data() + text.size() || v > max || v < min)
    return fail(Fault::kBadRequest,
                fmt::format("{} must be a whole number from {} to {}, not '{}'.", what, min, max,
                            quote(text)));
  return v;
}

Outcome<std::uint64_t> uint_param(const ApiRequest& r, const std::string& name,
                                  std::uint64_t fallback, std::uint64_t max,
                                  std::uint64_t min = 0) {
  const auto text = param(r, name);
  if (!text) return fallback;
  return parse_uint(*text, fmt::format("Parameter '{}'", name), max, min);
}

bool valid_id(const std::string& id) {
  return !id.empty() && id.size() <= kMaxIdLength && std::all_of(id.begin(), id.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
           c == '_';
  });
}

// ---- Bodies ----

// The deepest nesting of arrays and objects in JSON text (strings skipped), stopping early once
// past `limit`, so a hostile body cannot exhaust the parser's stack.
int json_depth(std::string_view text, int limit) {
  int depth = 0, deepest = 0;
  bool in_string = false, escaped = false;
  for (char c : text) {
    if (in_string) {
      if (escaped)
        escaped = false;
      else if (c == '\\')
        escaped = true;
      else if (c == '"')
        in_string = false;
      continue;
    }
    if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      deepest = std::max(deepest, ++depth);
      if (deepest > limit) return deepest;
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
  return deepest;
}

Outcome<nlohmann::json> check_fields(const nlohmann::json& body, std::string_view what,
                                     const std::vector<std::string>& known) {
  for (const auto& [key, value] : body.items()) {
    (void)value;
    if (std::find(known.begin(), known.end(), key) == known.end())
      return fail(Fault::kBadRequest,
                  fmt::format("Field '{}' is not part of {}: the fields are {}.", quote(key), what,
                              fmt::join(known, ", ")));
  }
  return body;
}

Failure field_error(std::string_view field, std::string_view what, std::string_view must) {
  return fail(Fault::kBadRequest, fmt::format("Field '{}' of {} must be {}.", field, what, must));
}

Outcome<std::optional<std::uint64_t>> uint_field(const nlohmann::json& body, const char* field,
                                                 std::string_view what, std::uint64_t max) {
  if (!body.contains(field)) return std::optional<std::uint64_t>();
  const auto& v = body[field];
  if (v.is_number_unsigned() && v.get<std::uint64_t>() <= max)
    return std::optional<std::uint64_t>(v.get<std::uint64_t>());
  if (v.is_number_integer() && v.get<std::int64_t>() >= 0 &&
      static_cast<std::uint64_t>(v.get<std::int64_t>()) <= max)
    return std::optional<std::uint64_t>(static_cast<std::uint64_t>(v.get<std::int64_t>()));
  return field_error(field, what, fmt::format("a whole number from 0 to {}", max));
}

Outcome<std::optional<std::string>> string_field(const nlohmann::json& body, const char* field,
                                                 std::string_view what) {
  if (!body.contains(field)) return std::optional<std::string>();
  if (!body[field].is_string()) return field_error(field, what, "a string");
  return std::optional<std::string>(body[field].get<std::string>());
}

Outcome<NewGameRequest> parse_new_game(const nlohmann::json& body) {
  constexpr std::string_view kWhat = "a new game";
  if (auto c = check_fields(body, kWhat, {"ruleset", "scenario", "options", "players", "seed"}); !c)
    return c.failure();
  NewGameRequest r;
  auto ruleset = string_field(body, "ruleset", kWhat);
  if (!ruleset) return ruleset.failure();
  if (!*ruleset)
    return field_error("ruleset", kWhat,
                       "given: a ruleset id, one of those GET /api/rulesets lists");
  r.ruleset = **ruleset;
  auto scenario = string_field(body, "scenario", kWhat);
  if (!scenario) return scenario.failure();
  r.scenario = scenario->value_or("");
  if (body.contains("options")) {
    const auto& o = body["options"];
    if (o.is_string()) {
      r.options = o.get<std::string>();
    } else if (o.is_array() && std::all_of(o.begin(), o.end(),
                                           [](const nlohmann::json& x) { return x.is_string(); })) {
      for (const auto& x : o) r.options += (r.options.empty() ? "" : ",") + x.get<std::string>();
    } else {
      return field_error("options", kWhat,
                         "a string such as \"facing,charge\" or an array of such names");
    }
  }
  if (!body.contains("players") || !body["players"].is_object())
    return field_error("players", kWhat,
                       "an object giving each side's player, e.g. {\"imperial\": \"human\", "
                       "\"lombard\": \"random\"}");
  for (const auto& [side, player] : body["players"].items()) {
    if (!player.is_string())
      return field_error(fmt::format("players.{}", quote(side)), kWhat,
                         "\"human\" or an agent such as \"random\"");
    r.players[side] = player.get<std::string>();
  }
  if (body.contains("seed") && body["seed"].is_string()) {
    auto seed = parse_uint(body["seed"].get<std::string>(), "Field 'seed' of a new game",
                           std::numeric_limits<std::uint64_t>::max());
    if (!seed) return seed.failure();
    r.seed = *seed;
  } else {
    auto seed = uint_field(body, "seed", kWhat, std::numeric_limits<std::uint64_t>::max());
    if (!seed) return seed.failure();
    r.seed = *seed;
  }
  return r;
}

Outcome<ApplyRequest> parse_apply(const nlohmann::json& body) {
  constexpr std::string_view kWhat = "a decision";
  if (auto c = check_fields(body, kWhat, {"action", "expect_history", "side"}); !c)
    return c.failure();
  ApplyRequest r;
  if (!body.contains("action") || !body["action"].is_number_integer() ||
      body["action"].get<std::int64_t>() < std::numeric_limits<game::Action>::min() ||
      body["action"].get<std::int64_t>() > std::numeric_limits<game::Action>::max() ||
      (body["action"].is_number_unsigned() &&
       body["action"].get<std::uint64_t>() >
           static_cast<std::uint64_t>(std::numeric_limits<game::Action>::max())))
    return field_error("action", kWhat, "given as the id of a legal action (a whole number)");
  r.action = static_cast<game::Action>(body["action"].get<std::int64_t>());
  auto expect =
      uint_field(body, "expect_history", kWhat, std::numeric_limits<std::uint32_t>::max());
  if (!expect) return expect.failure();
  if (!*expect)
    return field_error("expect_history", kWhat,
                       "given: the game's history_length when the decision was chosen");
  r.expect_history = static_cast<std::size_t>(**expect);
  auto side = string_field(body, "side", kWhat);
  if (!side) return side.failure();
  r.side = *side;
  return r;
}

Outcome<UndoRequest> parse_undo(const std::string& text) {
  constexpr std::string_view kWhat = "an undo";
  UndoRequest r;
  if (text.find_first_not_of(" \t\r\n") == std::string::npos) return r;  // no body: undo all
  auto body = parse_body(text);
  if (!body) return body.failure();
  if (auto c = check_fields(*body, kWhat, {"expect_history", "side", "count"}); !c)
    return c.failure();
  auto expect =
      uint_field(*body, "expect_history", kWhat, std::numeric_limits<std::uint32_t>::max());
  if (!expect) return expect.failure();
  if (*expect) r.expect_history = static_cast<std::size_t>(**expect);
  auto side = string_field(*body, "side", kWhat);
  if (!side) return side.failure();
  r.side = *side;
  auto count = uint_field(*body, "count", kWhat, std::numeric_limits<std::uint32_t>::max());
  if (!count) return count.failure();
  if (*count) {
    if (**count == 0) return field_error("count", kWhat, "at least 1");
    r.count = static_cast<std::size_t>(**count);
  }
  return r;
}

// ---- Catalogue ----

nlohmann::json ruleset_json(const game::Ruleset& r) { return game::ruleset_info_json(r.info()); }

Outcome<const game::Ruleset*> find_ruleset(const game::Registry& registry, const std::string& id) {
  if (const auto* r = registry.find(id)) return r;
  std::vector<std::string> ids;
  for (const auto& r : registry.rulesets()) ids.push_back(r->info().id);
  return fail(Fault::kNotFound, fmt::format("There is no ruleset '{}': the rulesets are {}.",
                                            quote(id), fmt::join(ids, ", ")));
}

// ---- Static files ----

std::string content_type_for(const fs::path& file) {
  static const std::map<std::string, std::string> kTypes = {
      {".html", "text/html; charset=utf-8"},
      {".htm", "text/html; charset=utf-8"},
      {".js", "text/javascript; charset=utf-8"},
      {".mjs", "text/javascript; charset=utf-8"},
      {".css", "text/css; charset=utf-8"},
      {".json", "application/json; charset=utf-8"},
      {".map", "application/json; charset=utf-8"},
      {".svg", "image/svg+xml"},
      {".png", "image/png"},
      {".jpg", "image/jpeg"},
      {".jpeg", "image/jpeg"},
      {".gif", "image/gif"},
      {".webp", "image/webp"},
      {".ico", "image/x-icon"},
      {".woff", "font/woff"},
      {".woff2", "font/woff2"},
      {".ttf", "font/ttf"},
      {".txt", "text/plain; charset=utf-8"},
      {".wasm", "application/wasm"},
  };
  std::string ext = file.extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  const auto it = kTypes.find(ext);
  return it == kTypes.end() ? "application/octet-stream" : it->second;
}

constexpr std::string_view kNotBuiltPage = R"(<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Carroccio</title></head>
<body style="font-family: sans-serif; max-width: 40em; margin: 3em auto">
<h1>Carroccio</h1>
<p>The server is running, but the browser front end has not been built, so there is nothing to
show here yet. Build it (see the README), or start the server with <code>--web DIR</code>
pointing at a built front end.</p>
<p>The HTTP/JSON API is available: try <a href="/api/rulesets">/api/rulesets</a> or
<a href="/api/games">/api/games</a> (documented in <code>docs/api.md</code>).</p>
</body></html>
)";

std::optional<std::string> read_file(const fs::path& file) {
  std::error_code ec;
  const auto size = fs::file_size(file, ec);
  if (ec || size > kMaxStaticFileBytes) return std::nullopt;
  std::ifstream in(file, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream ss;
  ss << in.rdbuf();
  if (!in && !in.eof()) return std::nullopt;
  return ss.str();
}

}  // namespace

// ---- Replies ----

std::string dump_json(const nlohmann::json& j) {
  return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

ApiReply json_reply(int status, const nlohmann::json& body) {
  ApiReply r;
  r.status = status;
  r.body = dump_json(body);
  r.headers.emplace_back("Cache-Control", "no-store");
  return r;
}

ApiReply error_reply(int status, const std::string& sentence) {
  return json_reply(status, nlohmann::json{{"error", sentence}});
}

std::string status_sentence(int status) {
  switch (status) {
    case 400:
      return "The request is malformed.";
    case 404:
      return "There is nothing here.";
    case 405:
      return "This method is not allowed here.";
    case 408:
      return "The request took too long to arrive.";
    case 411:
      return "The request needs a Content-Length.";
    case 413:
      return fmt::format("The request body is too large: the limit is {} bytes.", kMaxBodyBytes);
    case 414:
      return "The request's address is too long.";
    case 416:
      return "The requested range cannot be satisfied.";
    case 417:
      return "The expectation in the request cannot be met.";
    case 431:
      return "The request's headers are too large.";
    default:
      return status >= 500 ? "The request could not be handled." : "The request was refused.";
  }
}

Outcome<nlohmann::json> parse_body(const std::string& body) {
  if (body.find_first_not_of(" \t\r\n") == std::string::npos)
    return fail(Fault::kBadRequest, "The request needs a JSON object as its body.");
  if (json_depth(body, kMaxJsonDepth) > kMaxJsonDepth)
    return fail(Fault::kBadRequest,
                fmt::format("The request body nests more than {} levels deep.", kMaxJsonDepth));
  auto j = game::parse_json_text(body, "request body");
  if (!j) return fail(Fault::kBadRequest, j.message());
  if (!j->is_object()) return fail(Fault::kBadRequest, "The request body must be a JSON object.");
  return std::move(*j);
}

Outcome<Credentials> parse_seat_tokens(const std::string& header) {
  Credentials who;
  std::size_t i = 0;
  while (i < header.size()) {
    if (header[i] == ',' || header[i] == ' ' || header[i] == '\t') {
      ++i;
      continue;
    }
    const std::size_t end = header.find_first_of(", \t", i);
    const std::string token = header.substr(i, end == std::string::npos ? end : end - i);
    if (!looks_like_token(token))
      return fail(Fault::kBadRequest,
                  fmt::format("The {} header must hold seat tokens (32 hex digits each) separated "
                              "by commas, not '{}'.",
                              kSeatTokenHeader, quote(token)));
    if (who.tokens.size() >= kMaxSeatTokens)
      return fail(Fault::kBadRequest, fmt::format("The {} header may hold at most {} tokens.",
                                                  kSeatTokenHeader, kMaxSeatTokens));
    who.tokens.push_back(token);
    if (end == std::string::npos) break;
    i = end;
  }
  return who;
}

// ---- The API ----

Api::Api(const game::Registry& registry, Manager& manager, std::string web_dir)
    : registry_(registry), manager_(manager), web_dir_(std::move(web_dir)) {}

ApiReply Api::handle(const ApiRequest& request) const {
  try {
    return route(request);
  } catch (...) {
    // Nothing a client sends should get here; if something does, the library's text (an
    // exception's what()) is not shown.
    return error_reply(400, "The request could not be handled.");
  }
}

ApiReply Api::refuse(const ApiRequest& request) const {
  try {
    const Match m = match(request.path);
    const std::string method = method_of(request);
    if (m.route == Route::kUnknownApi ||
        std::find(m.methods.begin(), m.methods.end(), method) == m.methods.end())
      return refuse_match(request, m);
    if (m.route == Route::kStatic)
      return error_reply(404, fmt::format("There is nothing at '{}'.", quote(request.path)));
    if (!m.args.empty())
      return error_reply(404, fmt::format("There is no game '{}'.", quote(m.args[0])));
    return error_reply(400, "The request could not be handled.");
  } catch (...) {
    return error_reply(400, "The request could not be handled.");
  }
}

ApiReply Api::route(const ApiRequest& r) const {
  const Match m = match(r.path);
  const std::string method = method_of(r);
  if (m.route == Route::kUnknownApi ||
      std::find(m.methods.begin(), m.methods.end(), method) == m.methods.end())
    return refuse_match(r, m);
  if (m.route == Route::kStatic) return static_file(r.path);

  // Every game route names a game first.
  const bool game_route = m.route != Route::kHealth && m.route != Route::kRulesets &&
                          m.route != Route::kRuleset && m.route != Route::kScenario &&
                          m.route != Route::kAssess && m.route != Route::kAgents &&
                          m.route != Route::kGames && m.route != Route::kRules &&
                          m.route != Route::kRefereeTables && m.route != Route::kRefereeResolve;
  if (game_route && !valid_id(m.args[0]))
    return error_reply(404, fmt::format("There is no game '{}'.", quote(m.args[0])));
  const std::string viewer = param(r, "viewer").value_or("");
  auto who = parse_seat_tokens(r.seat_tokens);
  if (!who) return from_failure(who.failure());

  switch (m.route) {
    case Route::kHealth:
      return json_reply(200, {{"ok", true}, {"version", CARROCCIO_VERSION}});
    case Route::kRulesets: {
      nlohmann::json list = nlohmann::json::array();
      for (const auto& rs : registry_.rulesets()) list.push_back(ruleset_json(*rs));
      return json_reply(200, list);
    }
    case Route::kRuleset: {
      auto rs = find_ruleset(registry_, m.args[0]);
      if (!rs) return from_failure(rs.failure());
      return json_reply(200, ruleset_json(**rs));
    }
    case Route::kScenario: {
      auto rs = find_ruleset(registry_, m.args[0]);
      if (!rs) return from_failure(rs.failure());
      auto text = (*rs)->builtin_scenario(m.args[1]);
      if (!text) return error_reply(404, text.message());
      const auto j = nlohmann::json::parse(*text, nullptr, false);
      if (j.is_discarded())
        return error_reply(
            422, fmt::format("Scenario {}/{} is not valid JSON.", m.args[0], quote(m.args[1])));
      return json_reply(200, j);
    }
    case Route::kAssess: {
      // A file of one of the ruleset's kinds (an army list) and what the ruleset computes about
      // it, for the pages that build such files: 200 with the report, 422 with the sentence
      // naming the field and the rule broken.
      auto rs = find_ruleset(registry_, m.args[0]);
      if (!rs) return from_failure(rs.failure());
      const auto kinds = (*rs)->file_kinds();
      if (std::find(kinds.begin(), kinds.end(), m.args[1]) == kinds.end())
        return error_reply(404, fmt::format("Ruleset '{}' reads no file of kind '{}'.", m.args[0],
                                            quote(m.args[1])));
      auto body = parse_body(r.body);
      if (!body) return from_failure(body.failure());
      auto report = (*rs)->assess_file(m.args[1], *body, "the " + m.args[1] + " file");
      if (!report) return error_reply(422, report.message());
      return json_reply(200, *report);
    }
    case Route::kAgents: {
      nlohmann::json players = nlohmann::json::array({"human"});
      for (const auto& k : ai::agent_kinds()) players.push_back(k);
      return json_reply(200, {{"players", players},
                              {"agents", ai::agent_kinds()},
                              {"form", "KIND or KIND:key=value,... (e.g. mcts:iters=20000)"}});
    }
    case Route::kGames: {
      if (method == "GET") {
        auto limit = uint_param(r, "limit", 100, 1000, 1);
        if (!limit) return from_failure(limit.failure());
        auto offset = uint_param(r, "offset", 0, std::numeric_limits<std::uint32_t>::max());
        if (!offset) return from_failure(offset.failure());
        return from_outcome(manager_.list_games(*limit, *offset, *who));
      }
      auto body = parse_body(r.body);
      if (!body) return from_failure(body.failure());
      auto request = parse_new_game(*body);
      if (!request) return from_failure(request.failure());
      return from_outcome(manager_.create_game(*request, viewer), 201);
    }
    case Route::kGame: {
      if (method == "DELETE") return from_outcome(manager_.remove(m.args[0], *who));
      std::optional<std::size_t> after;
      if (param(r, "after")) {
        auto a = uint_param(r, "after", 0, std::numeric_limits<std::uint32_t>::max());
        if (!a) return from_failure(a.failure());
        after = static_cast<std::size_t>(*a);
      }
      auto wait = uint_param(r, "wait", 0, kMaxWaitSeconds);
      if (!wait) return from_failure(wait.failure());
      // The view now; a long poll whose game has not moved is finished later by the HTTP layer,
      // which holds no thread meanwhile (ApiReply::poll).
      auto now = manager_.view_text(m.args[0], viewer, *who);
      if (!now) return from_failure(now.failure());
      if (after && *wait > 0 && r.may_defer && now->history_length == *after) {
        ApiReply deferred;
        deferred.poll = Poll{m.args[0], *after, std::chrono::seconds(*wait)};
        return deferred;
      }
      ApiReply reply;
      reply.body = std::move(now->body);
      reply.headers.emplace_back("Cache-Control", "no-store");
      return reply;
    }
    case Route::kActions: {
      auto body = parse_body(r.body);
      if (!body) return from_failure(body.failure());
      auto request = parse_apply(*body);
      if (!request) return from_failure(request.failure());
      return from_outcome(manager_.apply(m.args[0], *request, viewer, *who));
    }
    case Route::kLegal:
      return from_outcome(manager_.legal(m.args[0], viewer, *who));
    case Route::kPlacement:
      return from_outcome(
          manager_.placement(m.args[0], viewer, *who, param(r, "unit").value_or("")));
    case Route::kOdds: {
      const auto text = param(r, "action");
      if (!text) return error_reply(400, "Parameter 'action' is needed: the id of a legal action.");
      std::int64_t a = 0;
      const auto [ptr, ec] = std::from_chars(text->data(), text->data() + text->size(), a);
      if (text->empty() || ec != std::errc() || ptr != text->data() + text->size() ||
          a < std::numeric_limits<game::Action>::min() ||
          a > std::numeric_limits<game::Action>::max())
        return error_reply(400, fmt::format("Parameter 'action' must be an action id (a whole "
                                            "number), not '{}'.",
                                            quote(*text)));
      return from_outcome(manager_.odds(m.args[0], static_cast<game::Action>(a), *who));
    }
    case Route::kEvents: {
      auto since = uint_param(r, "since", 0, std::numeric_limits<std::uint32_t>::max());
      if (!since) return from_failure(since.failure());
      auto limit = uint_param(r, "limit", 1000, 10000, 1);
      if (!limit) return from_failure(limit.failure());
      return from_outcome(manager_.events(m.args[0], *since, *limit));
    }
    case Route::kUndo: {
      auto request = parse_undo(r.body);
      if (!request) return from_failure(request.failure());
      return from_outcome(manager_.undo(m.args[0], *request, viewer, *who));
    }
    case Route::kRecord: {
      auto record = manager_.record(m.args[0]);
      ApiReply reply = from_outcome(std::move(record));
      if (reply.status == 200 && param(r, "download"))
        reply.headers.emplace_back("Content-Disposition",
                                   fmt::format("attachment; filename=\"{}.json\"", m.args[0]));
      return reply;
    }
    case Route::kAt: {
      auto n =
          parse_uint(m.args[1], "The position in /at/N", std::numeric_limits<std::uint32_t>::max());
      if (!n) return from_failure(n.failure());
      return from_outcome(manager_.view_at(m.args[0], static_cast<std::size_t>(*n), viewer, *who));
    }
    case Route::kTimeline:
      return from_outcome(manager_.timeline(m.args[0], viewer, *who));
    case Route::kRules: {
      // The rules reference: every clause in our words, its rulings and the legend, read from
      // the ruleset's documents embedded at build time (game/rules_reference.hpp).
      auto rs = find_ruleset(registry_, m.args[0]);
      if (!rs) return from_failure(rs.failure());
      auto reference = registry_.rules_reference(m.args[0]);
      if (!reference) return error_reply(404, "There is no rules reference for this ruleset.");
      return json_reply(200, *reference);
    }
    case Route::kRefereeTables: {
      auto rs = find_ruleset(registry_, m.args[0]);
      if (!rs) return from_failure(rs.failure());
      return from_outcome(referee_tables(**rs));
    }
    case Route::kRefereeResolve: {
      auto rs = find_ruleset(registry_, m.args[0]);
      if (!rs) return from_failure(rs.failure());
      auto body = parse_body(r.body);
      if (!body) return from_failure(body.failure());
      return from_outcome(referee_resolve(**rs, *body, [this] { return manager_.new_seed(); }));
    }
    case Route::kStatic:
    case Route::kUnknownApi:
      break;
  }
  return refuse_match(r, m);
}

ApiReply Api::static_file(const std::string& path) const {
  std::error_code ec;
  const fs::path root = web_dir_.empty() ? fs::path() : fs::weakly_canonical(web_dir_, ec);
  const bool built = !web_dir_.empty() && !ec && fs::is_regular_file(root / "index.html", ec);
  if (!built) {
    if (path == "/" || path == "/index.html") {
      ApiReply r;
      r.body = std::string(kNotBuiltPage);
      r.content_type = "text/html; charset=utf-8";
      return r;
    }
    return error_reply(
        404, fmt::format("There is nothing at '{}': the front end is not built.", quote(path)));
  }
  if (path.empty() || path[0] != '/' || path.find('\\') != std::string::npos ||
      path.find('\0') != std::string::npos)
    return error_reply(404, fmt::format("There is nothing at '{}'.", quote(path)));
  std::string rel = path.substr(1);
  for (const auto& seg : split_path(rel))
    if (seg == ".." || (!seg.empty() && seg[0] == '.'))
      return error_reply(404, fmt::format("There is nothing at '{}'.", quote(path)));
  if (rel.empty() || rel.back() == '/') rel += "index.html";
  fs::path file = fs::weakly_canonical(root / rel, ec);
  const auto [stop, unused] = std::mismatch(root.begin(), root.end(), file.begin(), file.end());
  (void)unused;
  const bool inside = !ec && stop == root.end();
  if (!inside || !fs::is_regular_file(file, ec)) {
    // An asset that does not exist is a 404; any other path is a page of the front end (its
    // router decides), so it gets index.html.
    const std::string last = split_path(rel).back();
    if (last.find('.') != std::string::npos)
      return error_reply(404, fmt::format("There is no file '{}'.", quote(path)));
    file = root / "index.html";
  }
  auto content = read_file(file);
  if (!content) return error_reply(404, fmt::format("There is no file '{}'.", quote(path)));
  ApiReply r;
  r.body = std::move(*content);
  r.content_type = content_type_for(file);
  if (file.filename() == "index.html") r.headers.emplace_back("Cache-Control", "no-cache");
  return r;
}

}  // namespace carroccio::server
