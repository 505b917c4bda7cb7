// `carroccio serve`.
#include "app/serve_command.hpp"

#include <signal.h>
#include <sys/resource.h>

#include <atomic>
#include <charconv>
#include <cstdint>
#include <ctime>
#include <map>
#include <optional>
#include <ostream>
#include <string_view>
#include <thread>

#include "app/cli.hpp"
#include "fmt/format.h"
#include "rulesets/all.hpp"
#include "server/server.hpp"

namespace carroccio::app {

namespace {

#ifdef CARROCCIO_WEB_DIR
constexpr const char* kDefaultWebDir = CARROCCIO_WEB_DIR;
#else
constexpr const char* kDefaultWebDir = CARROCCIO_SOURCE_DIR "/web/dist";
#endif

constexpr std::string_view kUsage =
    R"(Usage: carroccio serve [--port N] [--host ADDRESS] [--db FILE] [--web DIR] [--seed N]
                       [--agent-threads N] [--http-threads N] [--max-agent-ms MS]
                       [--max-games N] [--max-connections N] [--list-all-games] [--log]

Serves the browser front end and the HTTP/JSON API (docs/api.md) until Ctrl-C or SIGTERM.
  --port N             port to listen on (default 8080; 0 picks a free port)
  --host ADDRESS       address to listen on (default 127.0.0.1: this machine only)
  --db FILE            SQLite file holding the games (default carroccio.db; created if missing)
  --web DIR            the built front end (default: web/dist of the source tree)
  --seed N             seed of game ids and referee rolls (never of a game's dice)
  --agent-threads N    threads playing the agents' turns, 1 to 64 (default 2)
  --http-threads N     threads serving the connections, 1 to 64 (default 4)
  --max-agent-ms MS    the longest an agent may think over one decision, whatever the game
                       asks, 1 to 600000 (default 2000)
  --max-games N        unfinished games the server keeps at once, 1 to 1000000 (default 1000)
  --max-connections N  open connections at once, 16 to 100000 (default 4096)
  --list-all-games     GET /api/games lists every game, not only those a client holds a seat of
  --log                print one line per request
)";

int serve_usage_error(std::ostream& err, std::string_view sentence) {
  err << "carroccio: " << sentence << "\nsee carroccio serve --help\n";
  return 2;
}

std::optional<std::uint64_t> parse_number(std::string_view text, std::uint64_t max) {
  std::uint64_t v = 0;
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (text.empty() || ec != std::errc() || ptr != text.data() + text.size() || v > max)
    return std::nullopt;
  return v;
}

}  // namespace

int run_serve_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  server::ServerOptions options;
  options.web_dir = kDefaultWebDir;
  static const CommandSpec spec{.name = "serve",
                                .flags = {{.name = "port", .takes_value = true},
                                          {.name = "host", .takes_value = true},
                                          {.name = "db", .takes_value = true},
                                          {.name = "web", .takes_value = true},
                                          {.name = "seed", .takes_value = true},
                                          {.name = "log"},
                                          {.name = "agent-threads", .takes_value = true},
                                          {.name = "http-threads", .takes_value = true},
                                          {.name = "max-agent-ms", .takes_value = true},
                                          {.name = "max-games", .takes_value = true},
                                          {.name = "max-connections", .takes_value = true},
                                          {.name = "list-all-games"}},
                                .usage = std::string(kUsage)};
  auto parsed = parse_command(args, spec);
  if (!parsed) return serve_usage_error(err, parsed.message());
  if (parsed->help) {
    out << command_help(spec);  // spec.usage, wrapped to 80 columns as every help
    return 0;
  }
  std::map<std::string, std::string> given;
  for (const auto& [name, values] : parsed->args.flags) given[name] = values.back();
  if (auto it = given.find("port"); it != given.end()) {
    const auto port = parse_number(it->second, 65535);
    if (!port)
      return serve_usage_error(
          err, fmt::format("'--port {}' must be a port number from 0 to 65535.", it->second));
    options.port = static_cast<int>(*port);
  }
  if (auto it = given.find("host"); it != given.end()) {
    if (it->second.empty())
      return serve_usage_error(err, "'--host' needs an address, e.g. 127.0.0.1.");
    options.host = it->second;
  }
  if (auto it = given.find("db"); it != given.end()) {
    if (it->second.empty()) return serve_usage_error(err, "'--db' needs a file name.");
    options.db_path = it->second;
  }
  if (auto it = given.find("web"); it != given.end()) options.web_dir = it->second;
  if (auto it = given.find("seed"); it != given.end()) {
    const auto seed = parse_number(it->second, UINT64_MAX);
    if (!seed)
      return serve_usage_error(
          err, fmt::format("'--seed {}' must be a whole number from 0 to 2^64-1.", it->second));
    options.seed = *seed;
  }
  if (auto it = given.find("agent-threads"); it != given.end()) {
    const auto n = parse_number(it->second, 64);
    if (!n || *n == 0)
      return serve_usage_error(
          err,
          fmt::format("'--agent-threads {}' must be a whole number from 1 to 64.", it->second));
    options.agent_threads = static_cast<int>(*n);
  }
  // A whole-number option within [lo, hi].
  const auto bounded = [&](const char* name, std::uint64_t lo, std::uint64_t hi,
                           auto&& set) -> std::optional<int> {
    const auto it = given.find(name);
    if (it == given.end()) return std::nullopt;
    const auto n = parse_number(it->second, hi);
    if (!n || *n < lo)
      return serve_usage_error(err, fmt::format("'--{} {}' must be a whole number from {} to {}.",
                                                name, it->second, lo, hi));
    set(*n);
    return std::nullopt;
  };
  if (auto e = bounded("http-threads", 1, 64,
                       [&](std::uint64_t n) { options.http_threads = static_cast<int>(n); }))
    return *e;
  if (auto e = bounded("max-agent-ms", 1, 600'000,
                       [&](std::uint64_t n) { options.max_agent_ms = static_cast<int>(n); }))
    return *e;
  if (auto e = bounded("max-games", 1, 1'000'000,
                       [&](std::uint64_t n) { options.max_games = static_cast<std::size_t>(n); }))
    return *e;
  if (auto e = bounded("max-connections", 16, 100'000, [&](std::uint64_t n) {
        options.max_connections = static_cast<std::size_t>(n);
      }))
    return *e;
  if (given.count("list-all-games") > 0) options.list_all_games = true;
  if (given.count("log") > 0) options.log = &out;
  // Room for the connections: the soft limit on open files raised as far as allowed.
  rlimit files{};
  if (::getrlimit(RLIMIT_NOFILE, &files) == 0 && files.rlim_cur < files.rlim_max) {
    files.rlim_cur = files.rlim_max;
    (void)::setrlimit(RLIMIT_NOFILE, &files);
  }

  // SIGINT and SIGTERM are blocked in every thread and awaited here, so a signal stops the
  // server cleanly instead of killing it mid-write.
  sigset_t signals, previous;
  sigemptyset(&signals);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &signals, &previous);
  int code = 0;
  {
    auto started = server::Server::start(rulesets::make_registry(), options);
    if (!started) {
      pthread_sigmask(SIG_SETMASK, &previous, nullptr);
      err << "carroccio: " << started.message() << "\n";
      return 1;
    }
    server::Server& server = **started;
    out << "Carroccio is serving at " << server.url() << "\n"
        << fmt::format("Games are kept in {}; press Ctrl-C to stop.\n", options.db_path)
        << std::flush;
    std::atomic<bool> ended{false};
    bool served = true;
    std::thread serving([&] {
      served = server.run();
      ended = true;
    });
    int signal = 0;
    while (!ended) {
      timespec wait{0, 200'000'000};
      const int got = sigtimedwait(&signals, nullptr, &wait);
      if (got == SIGINT || got == SIGTERM) {
        signal = got;
        break;
      }
    }
    server.stop();
    serving.join();
    if (!served) {
      err << "carroccio: the server stopped because it could not accept connections.\n";
      code = 1;
    } else {
      out << fmt::format("Carroccio stopped{}.\n", signal == SIGINT    ? " (interrupted)"
                                                   : signal == SIGTERM ? " (terminated)"
                                                                       : "")
          << std::flush;
    }
  }
  pthread_sigmask(SIG_SETMASK, &previous, nullptr);
  return code;
}

}  // namespace carroccio::app
