// `carroccio serve`: the HTTP server (cpp-httplib) in front of the API, the game manager and the
// SQLite store. The HTTP library stays inside server.cpp; this header is all the app needs.
#pragma once

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
  std::optional<std::uint64_t> seed;  // game ids and default game seeds; random if absent
  int http_threads = 16;
  int agent_threads = 2;
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
