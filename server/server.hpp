// `carroccio serve`: the HTTP server (Boost.Beast over Asio, server/http.hpp) in front of the API,
// the game manager and the SQLite store. The HTTP library stays inside server.cpp and http.cpp;
// this header is all the app needs.
//
// Connections are served by a few threads that wait on sockets together (Asio): an idle
// connection or a long poll holds no thread. Each connection must deliver a request head within
// read_timeout, a body within read_timeout, take its answer within write_timeout, and is closed
// after idle_timeout without a request; beyond max_connections new connections are closed at once.
#pragma once

#include <chrono>
#include <cstdint>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>

#include "core/status.hpp"
#include "game/registry.hpp"

namespace carroccio::server {

struct ServerOptions {
  std::string host = "127.0.0.1";
  int port = 8080;  // 0: any free port (see Server::port())
  std::string db_path = "carroccio.db";
  std::string web_dir;  // the built front end; a page saying it is not built if missing
  std::optional<std::uint64_t> seed;  // game ids and referee rolls; random if absent
  int http_threads = 4;               // threads serving every connection
  int agent_threads = 2;
  int max_agent_ms = 2000;       // the longest an agent thinks over one decision
  std::size_t max_games = 1000;  // unfinished games stored at once
  bool list_all_games = false;   // GET /api/games lists every game, not only a client's own
  std::size_t max_connections = 4096;
  std::chrono::milliseconds read_timeout{10'000};
  std::chrono::milliseconds write_timeout{10'000};
  std::chrono::milliseconds idle_timeout{5'000};
  int listen_backlog = 1024;
  std::ostream* log = nullptr;  // one line per request if set
};

class Server {
 public:
  // Opens the database, binds the address and resumes the agents of stored games; does not
  // serve yet. One sentence if the database cannot be used or the address cannot be bound.
  static core::Expected<std::unique_ptr<Server>> start(game::Registry registry,
                                                       ServerOptions options);
  ~Server();  // stops and waits for the threads
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  int port() const;
  // "http://127.0.0.1:8080/".
  std::string url() const;

  // Serves until stop() is called (from another thread or a signal watcher). Returns false if
  // serving failed to start.
  bool run();
  // Thread-safe and idempotent; returns once run() has returned (or will not start).
  void stop();

  struct Impl;

 private:
  explicit Server(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace carroccio::server
