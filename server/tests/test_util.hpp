// Helpers of the server tests: a temporary directory, a real server on loopback in this process,
// and JSON calls through httplib's client.
#pragma once

#include <gtest/gtest.h>
#include <httplib.h>
#include <stdlib.h>

#include <filesystem>
#include <memory>
#include <string>
#include <thread>

#include "game/tests/race_game.hpp"
#include "nlohmann/json.hpp"
#include "rulesets/all.hpp"
#include "server/server.hpp"

namespace carroccio::server::testing {

class TempDir {
 public:
  TempDir() {
    std::string tmpl =
        (std::filesystem::temp_directory_path() / "carroccio-server-XXXXXX").string();
    path_ = mkdtemp(tmpl.data()) == nullptr ? std::string() : tmpl;
  }
  ~TempDir() {
    std::error_code ec;
    if (!path_.empty()) std::filesystem::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::string& path() const { return path_; }
  std::string file(const std::string& name) const { return path_ + "/" + name; }

 private:
  std::string path_;
};

// Every real ruleset, and the Race test game (short games with and without dice).
inline game::Registry test_registry() {
  game::Registry r = rulesets::make_registry();
  r.add(std::make_unique<tests::RaceRuleset>());
  return r;
}

// A server on 127.0.0.1 (a free port) serving from its own thread.
class LiveServer {
 public:
  explicit LiveServer(const std::string& db, const std::string& web_dir = "",
                      std::uint64_t seed = 7) {
    ServerOptions options;
    options.port = 0;
    options.db_path = db;
    options.web_dir = web_dir.empty() ? db + ".no-web" : web_dir;
    options.seed = seed;
    options.http_threads = 8;
    auto started = Server::start(test_registry(), options);
    if (!started) {
      ADD_FAILURE() << started.message();
      return;
    }
    server_ = std::move(*started);
    thread_ = std::thread([this] { server_->run(); });
  }
  ~LiveServer() { stop(); }
  LiveServer(const LiveServer&) = delete;
  LiveServer& operator=(const LiveServer&) = delete;

  void stop() {
    if (server_) server_->stop();
    if (thread_.joinable()) thread_.join();
    server_.reset();
  }
  bool ok() const { return server_ != nullptr; }
  int port() const { return server_ ? server_->port() : 0; }

 private:
  std::unique_ptr<Server> server_;
  std::thread thread_;
};

inline std::unique_ptr<httplib::Client> make_client(int port) {
  auto c = std::make_unique<httplib::Client>("127.0.0.1", port);
  c->set_connection_timeout(30);
  c->set_read_timeout(60);
  c->set_write_timeout(30);
  return c;
}

struct Answer {
  int status = -1;      // -1: no answer at all
  nlohmann::json json;  // discarded if the body is not JSON
  std::string body;
  std::string content_type;
  std::string header(const std::string& name) const {
    auto it = headers.find(name);
    return it == headers.end() ? std::string() : it->second;
  }
  httplib::Headers headers;
};

inline Answer call(httplib::Client& c, const std::string& method, const std::string& path,
                   const std::string& body = "",
                   const std::string& content_type = "application/json") {
  auto r = [&]() -> httplib::Result {
    if (method == "POST") return c.Post(path, body, content_type);
    if (method == "PUT") return c.Put(path, body, content_type);
    if (method == "PATCH") return c.Patch(path, body, content_type);
    if (method == "DELETE") return c.Delete(path, body, content_type);
    if (method == "HEAD") return c.Head(path);
    if (method == "OPTIONS") return c.Options(path);
    return c.Get(path);
  }();
  Answer a;
  if (!r) return a;
  a.status = r->status;
  a.body = r->body;
  a.headers = r->headers;
  a.content_type = r->get_header_value("Content-Type");
  a.json = nlohmann::json::parse(a.body, nullptr, false);
  return a;
}

inline Answer get(httplib::Client& c, const std::string& path) { return call(c, "GET", path); }
inline Answer post(httplib::Client& c, const std::string& path, const nlohmann::json& body) {
  return call(c, "POST", path, body.dump());
}

// Creates a game; fails the test unless the server answers 201.
inline nlohmann::json create_game(httplib::Client& c, const nlohmann::json& body) {
  const Answer a = post(c, "/api/games", body);
  EXPECT_EQ(a.status, 201) << a.body;
  return a.json;
}

// Waits (polling, bounded) until the game's next decision is a person's or the game is over;
// returns the last view (as a spectator).
inline nlohmann::json wait_for_people(httplib::Client& c, const std::string& id,
                                      int max_polls = 3000) {
  nlohmann::json view = get(c, "/api/games/" + id).json;
  for (int i = 0; i < max_polls && view.is_object() && view["waiting_for"] == "agent"; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    view = get(c, "/api/games/" + id).json;
  }
  return view;
}

}  // namespace carroccio::server::testing
