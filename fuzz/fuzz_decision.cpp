// The JSON a player's browser sends about a game: decisions, undos and new games, applied to real
// games of every ruleset through the API. An input is up to 16 lines, each one request:
//   <body>     a decision (POST /api/games/ID/actions)
//   u<body>    an undo (POST /api/games/ID/undo)
//   n<body>    a new game (POST /api/games)
//   !...       the same, sent without the game's seat tokens
// In a body, "expect_history":"now" becomes the game's history length and "action":"legal:N" its
// N-th legal decision, so the corpus can hold decisions that get through.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "fuzz/fixture.hpp"
#include "nlohmann/json.hpp"

namespace {

using carroccio::server::ApiRequest;

struct Game {
  std::string id;
  std::string tokens;
  int uses = 0;
};

// The game of ruleset `which`, made again when it is over, gone, or has served a while.
Game& game(int which) {
  static Game games[3];
  static const char* const kNew[3] = {
      R"({"ruleset":"bma","players":{"imperial":"human","lombard":"human"},"seed":1})",
      R"({"ruleset":"ohw","players":{"blue":"human","red":"human"},"seed":2})",
      R"({"ruleset":"fastplay","players":{"raid":"human","guard":"human"},"seed":3})"};
  auto& f = carroccio::fuzz::fixture();
  Game& g = games[which];
  bool fresh = g.id.empty() || ++g.uses > 64;
  if (!fresh) {
    auto view = f.manager->view(g.id, "", {});
    fresh = !view || (*view)["terminal"].get<bool>();
  }
  if (fresh) {
    ApiRequest create{"POST", "/api/games", {}, kNew[which], "", false};
    const auto reply = f.api->handle(create);
    const auto j = nlohmann::json::parse(reply.body, nullptr, false);
    if (reply.status != 201 || !j.is_object()) {  // a good request must work
      std::fprintf(stderr, "new game refused: %d %s\n", reply.status, reply.body.c_str());
      __builtin_trap();
    }
    if (!g.id.empty()) {
      ApiRequest remove{"DELETE", "/api/games/" + g.id, {}, "", g.tokens, false};
      (void)f.api->handle(remove);
    }
    g.id = j["id"];
    g.tokens.clear();
    for (const auto& [side, token] : j["seats"].items())
      g.tokens += (g.tokens.empty() ? "" : ",") + token.get<std::string>();
    g.uses = 0;
  }
  return g;
}

void substitute(std::string& body, const Game& g) {
  auto& f = carroccio::fuzz::fixture();
  carroccio::server::Credentials seats;
  for (std::size_t i = 0; i < g.tokens.size(); i += 33)
    seats.tokens.push_back(g.tokens.substr(i, 32));
  // The game as the side to move sees it (this harness holds every seat): its legal decisions.
  auto view = f.manager->view(g.id, "", seats);
  if (!view) return;
  const auto now = body.find("\"expect_history\":\"now\"");
  if (now != std::string::npos)
    body.replace(now, 22,
                 "\"expect_history\":" + std::to_string((*view)["history_length"].get<int>()));
  const auto legal = body.find("\"action\":\"legal:");
  if (legal == std::string::npos) return;
  const auto end = body.find('"', legal + 16);
  if (end == std::string::npos) return;
  const int n = std::atoi(body.substr(legal + 16, end - legal - 16).c_str());
  const auto& list = (*view)["legal"];
  const int pick =
      list.empty() ? 0 : list[static_cast<std::size_t>(std::abs(n)) % list.size()]["id"].get<int>();
  body.replace(legal, end + 1 - legal, "\"action\":" + std::to_string(pick));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  auto& f = carroccio::fuzz::fixture();
  const std::string text(reinterpret_cast<const char*>(data), size);
  if (text.empty()) return 0;
  Game& g = game(static_cast<unsigned char>(text[0]) % 3);
  std::size_t start = 1, lines = 0;
  while (start <= text.size() && lines++ < 16) {
    const std::size_t nl = text.find('\n', start);
    std::string line = text.substr(start, nl == std::string::npos ? std::string::npos : nl - start);
    start = nl == std::string::npos ? text.size() + 1 : nl + 1;
    bool anonymous = false;
    if (!line.empty() && line[0] == '!') {
      anonymous = true;
      line.erase(0, 1);
    }
    ApiRequest r;
    r.method = "POST";
    r.seat_tokens = anonymous ? "" : g.tokens;
    if (!line.empty() && line[0] == 'u') {
      r.path = "/api/games/" + g.id + "/undo";
      line.erase(0, 1);
    } else if (!line.empty() && line[0] == 'n') {
      r.path = "/api/games";
      line.erase(0, 1);
    } else {
      r.path = "/api/games/" + g.id + "/actions";
    }
    substitute(line, g);
    r.body = line;
    const auto reply = f.api->handle(r);
    // A new game made by the input is deleted again (its owner token is in the answer), so the
    // store does not fill up.
    if (reply.status == 201) {
      const auto j = nlohmann::json::parse(reply.body, nullptr, false);
      if (j.is_object() && j.contains("id")) {
        std::string tokens = j["owner_token"];
        for (const auto& [side, token] : j["seats"].items())
          tokens += "," + token.get<std::string>();
        ApiRequest remove{"DELETE", "/api/games/" + j["id"].get<std::string>(), {}, "", tokens,
                          false};
        (void)f.api->handle(remove);
      }
    }
  }
  return 0;
}
