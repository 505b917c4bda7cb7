// Helpers of the server tests: a temporary directory, a real server on loopback in this process,
// and JSON calls through a small Boost.Beast client.
#pragma once

#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <unistd.h>

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <thread>

#include "game/tests/race_game.hpp"
#include "nlohmann/json.hpp"
#include "rulesets/all.hpp"
#include "server/server.hpp"

namespace carroccio::server::testing {

// A raw client socket connected to 127.0.0.1:port (nothing sent), or -1.
inline int connect_loopback(int port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return -1;
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<std::uint16_t>(port));
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
    ::close(fd);
    return -1;
  }
  return fd;
}

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
                      std::uint64_t seed = 7,
                      const std::function<void(ServerOptions&)>& adjust = {}) {
    ServerOptions options;
    options.port = 0;
    options.db_path = db;
    options.web_dir = web_dir.empty() ? db + ".no-web" : web_dir;
    options.seed = seed;
    options.http_threads = 4;
    if (adjust) adjust(options);
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

struct Answer {
  int status = -1;      // -1: no answer at all
  nlohmann::json json;  // discarded if the body is not JSON
  std::string body;
  std::string content_type;
  std::multimap<std::string, std::string> headers;
  std::string header(const std::string& name) const {
    for (const auto& [k, v] : headers)
      if (boost::beast::iequals(k, name)) return v;
    return std::string();
  }
};

// A keep-alive HTTP client of the test server (Boost.Beast, synchronous). `tokens` go with every
// request in the Seat-Token header: a client holding the seats it created, like a browser.
class Client {
 public:
  explicit Client(int port) : port_(port) {}
  std::vector<std::string> tokens;

  Answer request(const std::string& method, const std::string& path, const std::string& body = "",
                 const std::string& content_type = "application/json",
                 const std::vector<std::pair<std::string, std::string>>& extra = {}) {
    for (int attempt = 0; attempt < 2; ++attempt) {
      try {
        return once(method, path, body, content_type, extra);
      } catch (const std::exception&) {
        stream_.reset();  // a closed keep-alive connection: connect again
      }
    }
    return Answer{};
  }

 private:
  Answer once(const std::string& method, const std::string& path, const std::string& body,
              const std::string& content_type,
              const std::vector<std::pair<std::string, std::string>>& extra) {
    namespace beast = boost::beast;
    namespace http = beast::http;
    if (!stream_) {
      stream_ = std::make_unique<beast::tcp_stream>(ioc_);
      stream_->expires_after(std::chrono::seconds(60));
      stream_->connect(boost::asio::ip::tcp::endpoint(boost::asio::ip::address_v4::loopback(),
                                                      static_cast<unsigned short>(port_)));
    }
    stream_->expires_after(std::chrono::seconds(90));
    http::request<http::string_body> req;
    req.method_string(method);
    req.target(path);
    req.version(11);
    req.set(http::field::host, "127.0.0.1");
    if (!tokens.empty()) {
      std::string joined;
      for (const auto& t : tokens) joined += (joined.empty() ? "" : ",") + t;
      req.set("Seat-Token", joined);
    }
    for (const auto& [k, v] : extra) req.set(k, v);
    if (!body.empty() || method == "POST" || method == "PUT" || method == "PATCH") {
      req.set(http::field::content_type, content_type);
      req.body() = body;
      req.prepare_payload();
    }
    http::write(*stream_, req);
    beast::flat_buffer buffer;
    http::response_parser<http::string_body> parser;
    parser.body_limit(boost::none);
    if (method == "HEAD") parser.skip(true);
    http::read(*stream_, buffer, parser);
    const auto& res = parser.get();
    Answer a;
    a.status = static_cast<int>(res.result_int());
    a.body = res.body();
    for (const auto& f : res) {
      const auto n = f.name_string();
      const auto v = f.value();
      a.headers.emplace(std::string(n.data(), n.size()), std::string(v.data(), v.size()));
    }
    a.content_type = a.header("Content-Type");
    a.json = nlohmann::json::parse(a.body, nullptr, false);
    if (!res.keep_alive()) stream_.reset();
    return a;
  }

  int port_;
  boost::asio::io_context ioc_;
  std::unique_ptr<boost::beast::tcp_stream> stream_;
};

inline std::unique_ptr<Client> make_client(int port) { return std::make_unique<Client>(port); }

inline Answer call(Client& c, const std::string& method, const std::string& path,
                   const std::string& body = "",
                   const std::string& content_type = "application/json") {
  return c.request(method, path, body, content_type);
}

inline Answer get(Client& c, const std::string& path) { return call(c, "GET", path); }
inline Answer post(Client& c, const std::string& path, const nlohmann::json& body) {
  return call(c, "POST", path, body.dump());
}

// Creates a game; fails the test unless the server answers 201. The client keeps the new game's
// seat tokens (and its owner token), as the browser that created it does.
inline nlohmann::json create_game(Client& c, const nlohmann::json& body) {
  const Answer a = post(c, "/api/games", body);
  EXPECT_EQ(a.status, 201) << a.body;
  if (a.json.is_object() && a.json.contains("seats"))
    for (const auto& [side, token] : a.json["seats"].items())
      c.tokens.push_back(token.get<std::string>());
  if (a.json.is_object() && a.json.contains("owner_token"))
    c.tokens.push_back(a.json["owner_token"].get<std::string>());
  return a.json;
}

// Waits (polling, bounded) until the game's next decision is a person's or the game is over;
// returns the last view (as a spectator).
inline nlohmann::json wait_for_people(Client& c, const std::string& id, int max_polls = 3000) {
  nlohmann::json view = get(c, "/api/games/" + id).json;
  for (int i = 0; i < max_polls && view.is_object() && view["waiting_for"] == "agent"; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    view = get(c, "/api/games/" + id).json;
  }
  return view;
}

// A test with a server of its own on a fresh database in a temporary directory, and a client
// of it (the API, assess, referee and rules tests).
class LiveServerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    server_ = std::make_unique<LiveServer>(dir_.file("games.db"));
    ASSERT_TRUE(server_->ok());
    client_ = make_client(server_->port());
  }
  Client& c() { return *client_; }

  TempDir dir_;
  std::unique_ptr<LiveServer> server_;
  std::unique_ptr<Client> client_;
};

// A refusal: the status, and an error of one sentence on one line that contains `fragment`.
// Returns the sentence ("" when there is none).
inline std::string expect_refusal(const Answer& a, int status, const std::string& fragment = "") {
  EXPECT_EQ(a.status, status) << a.body;
  if (!a.json.is_object() || !a.json.contains("error") || !a.json["error"].is_string()) {
    ADD_FAILURE() << "no error sentence in " << a.body;
    return std::string();
  }
  const std::string sentence = a.json["error"].get<std::string>();
  EXPECT_FALSE(sentence.empty());
  EXPECT_EQ(sentence.find('\n'), std::string::npos) << sentence;
  if (!fragment.empty()) {
    EXPECT_NE(sentence.find(fragment), std::string::npos) << sentence;
  }
  return sentence;
}

// expect_refusal, and the sentence ends with a full stop.
inline void expect_full_sentence(const Answer& a, int status, const std::string& fragment = "") {
  const std::string sentence = expect_refusal(a, status, fragment);
  if (!sentence.empty()) {
    EXPECT_EQ(sentence.back(), '.') << sentence;
  }
}

}  // namespace carroccio::server::testing
