#include "server/server.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <chrono>
#include <condition_variable>
#include <map>
#include <mutex>
#include <ostream>
#include <thread>
#include <vector>

#include "fmt/format.h"
#include "game/json_text.hpp"
#include "server/http.hpp"
#include "server/manager.hpp"
#include "server/routes.hpp"
#include "server/store.hpp"

namespace carroccio::server {

namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = asio::ip::tcp;
using boost::system::error_code;
using http_layer::Refusal;
using http_layer::Response;

class Session;

}  // namespace

struct Server::Impl {
  Impl(game::Registry r, ServerOptions o) : registry(std::move(r)), options(std::move(o)) {}

  // Declared before the io_context, so they outlive the connections it still holds when it is
  // destroyed.
  game::Registry registry;
  ServerOptions options;
  std::unique_ptr<Store> store;
  std::unique_ptr<Manager> manager;
  std::unique_ptr<Api> api;
  std::atomic<bool> stopping{false};
  std::atomic<std::size_t> connections{0};
  std::mutex sessions_mu;
  std::map<const Session*, std::weak_ptr<Session>> sessions;
  std::mutex log_mu;
  std::mutex run_mu;
  std::condition_variable run_cv;
  bool running = false;
  bool stop_requested = false;

  asio::io_context ioc;
  tcp::acceptor acceptor{ioc};
  asio::steady_timer accept_pause{ioc};
  int port = 0;

  void accept();
  void forget(const Session* s) {
    std::lock_guard lock(sessions_mu);
    sessions.erase(s);
  }
  void log(std::string_view method, std::string_view path, int status) {
    if (options.log == nullptr) return;
    std::lock_guard lock(log_mu);
    *options.log << fmt::format("{} {} {}\n", game::printable(method, 20),
                                game::printable(path, 200), status)
                 << std::flush;
  }
};

namespace {

bool is_http_error(const error_code& ec) {
  return ec.category() == http::make_error_code(http::error::bad_target).category();
}

// One connection: requests read and answered one after another (pipelined ones in order), on
// its own strand, so a slow handler of another connection never holds it up and an idle one
// holds no thread.
class Session : public std::enable_shared_from_this<Session> {
 public:
  Session(Server::Impl& server, tcp::socket socket) : srv_(server), stream_(std::move(socket)) {}
  ~Session() {
    srv_.forget(this);
    --srv_.connections;
  }

  void start() {
    asio::dispatch(stream_.get_executor(), [self = shared_from_this()] { self->read_head(); });
  }
  // From any thread: close the connection (the server is stopping).
  void close_soon() {
    asio::post(stream_.get_executor(), [self = shared_from_this()] { self->close(); });
  }

 private:
  void read_head() {
    if (closed_) return;
    parser_.emplace();
    parser_->header_limit(http_layer::kMaxHeadBytes);
    parser_->body_limit(kMaxBodyBytes);
    stream_.expires_after(first_ ? srv_.options.read_timeout : srv_.options.idle_timeout);
    http::async_read_header(
        stream_, buffer_, *parser_,
        [self = shared_from_this()](error_code ec, std::size_t) { self->on_head(ec); });
  }

  void on_head(error_code ec) {
    if (ec) {
      // A parse error gets its sentence; a timeout, a client gone or a stop closes quietly.
      if (is_http_error(ec) && ec != http::error::end_of_stream && parser_->got_some())
        refuse(http_layer::parse_refusal(ec));
      else
        close();
      return;
    }
    if (auto refusal = http_layer::check_head(*parser_)) {
      refuse(*refusal);
      return;
    }
    if (srv_.stopping) {
      close();
      return;
    }
    if (parser_->is_done()) {
      serve();
      return;
    }
    // A body follows. "Expect: 100-continue" (check_head let no other through) is answered first.
    const auto& req = parser_->get();
    if (req.version() == 11 && req.find(http::field::expect) != req.end()) {
      auto cont = std::make_shared<http::response<http::empty_body>>(http::status::continue_, 11);
      stream_.expires_after(srv_.options.write_timeout);
      http::async_write(stream_, *cont,
                        [self = shared_from_this(), cont](error_code wec, std::size_t) {
                          if (wec) return self->close();
                          self->read_body();
                        });
      return;
    }
    read_body();
  }

  void read_body() {
    stream_.expires_after(srv_.options.read_timeout);
    http::async_read(stream_, buffer_, *parser_,
                     [self = shared_from_this()](error_code ec, std::size_t) {
                       if (ec) {
                         if (is_http_error(ec)) return self->refuse(http_layer::parse_refusal(ec));
                         return self->close();
                       }
                       self->serve();
                     });
  }

  void serve() {
    const http_layer::Request& req = parser_->get();
    version_ = req.version();
    head_ = req.method() == http::verb::head;
    keep_alive_ = req.keep_alive() && !srv_.stopping;
    http_layer::Converted converted = http_layer::to_api_request(req);
    if (!converted.request) {
      refuse(converted.refusal);
      return;
    }
    converted.request->may_defer = true;
    ApiReply reply = srv_.api->handle(*converted.request);
    if (reply.poll) {
      wait_for(*reply.poll, std::move(*converted.request));
      return;
    }
    srv_.log(converted.request->method, converted.request->path, reply.status);
    write(http_layer::make_response(reply, version_, head_, keep_alive_));
  }

  // A long poll: no thread waits. The game's watch or the timer, whichever comes first, asks the
  // API again (poll_ready), which then answers at once.
  void wait_for(const Poll& poll, ApiRequest request) {
    request.may_defer = false;
    pending_ = std::move(request);
    timer_.emplace(stream_.get_executor());
    timer_->expires_after(poll.wait);
    std::weak_ptr<Session> weak = shared_from_this();
    auto exec = stream_.get_executor();
    auto watched = srv_.manager->watch(poll.game, poll.after, [weak, exec] {
      asio::post(exec, [weak] {
        if (auto self = weak.lock()) self->poll_ready();
      });
    });
    if (!watched || *watched == 0) {  // already moved on (or gone): answer now
      poll_ready();
      return;
    }
    watch_ = *watched;
    watch_game_ = poll.game;
    stream_.expires_never();  // the poll's own timer bounds the wait
    timer_->async_wait([self = shared_from_this()](error_code) { self->poll_ready(); });
  }

  void poll_ready() {
    if (!pending_) return;
    ApiRequest request = std::move(*pending_);
    pending_.reset();
    if (timer_) timer_->cancel();
    if (watch_ != 0) {
      srv_.manager->unwatch(watch_game_, watch_);
      watch_ = 0;
    }
    if (closed_) return;
    const ApiReply reply = srv_.api->handle(request);
    srv_.log(request.method, request.path, reply.status);
    write(http_layer::make_response(reply, version_, head_, keep_alive_ && !srv_.stopping));
  }

  void write(Response res) {
    if (closed_) return;
    response_ = std::make_shared<Response>(std::move(res));
    const bool close_after = !response_->keep_alive();
    stream_.expires_after(srv_.options.write_timeout);
    http::async_write(stream_, *response_,
                      [self = shared_from_this(), close_after](error_code ec, std::size_t) {
                        self->response_.reset();
                        if (ec) return self->close();
                        if (close_after) return self->linger_close();
                        self->first_ = false;
                        self->read_head();
                      });
  }

  void refuse(const Refusal& refusal) {
    const unsigned version = parser_ && parser_->is_header_done() ? parser_->get().version() : 11;
    std::string method = "-", target;
    if (parser_ && parser_->is_header_done()) {
      const auto m = parser_->get().method_string();
      const auto t = parser_->get().target();
      method.assign(m.data(), m.size());
      target.assign(t.data(), t.size());
    }
    srv_.log(method, target, refusal.status);
    write(http_layer::refusal_response(refusal, version));
  }

  // After the last answer: stop sending, read (and drop) what the client still sends for a
  // moment, then close; closing with unread bytes at once would reset the connection and could
  // lose the answer on the client's side.
  void linger_close() {
    if (closed_) return;
    error_code ec;
    stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
    stream_.expires_after(std::chrono::seconds(1));
    drain_ = std::make_shared<std::array<char, 4096>>();
    drain_more(0);
  }
  void drain_more(std::size_t drained) {
    stream_.async_read_some(asio::buffer(*drain_),
                            [self = shared_from_this(), drained](error_code ec, std::size_t n) {
                              if (ec || drained + n > 256 * 1024) return self->close();
                              self->drain_more(drained + n);
                            });
  }

  void close() {
    if (closed_) return;
    closed_ = true;
    if (timer_) timer_->cancel();
    if (watch_ != 0) {
      srv_.manager->unwatch(watch_game_, watch_);
      watch_ = 0;
    }
    pending_.reset();
    error_code ec;
    stream_.socket().shutdown(tcp::socket::shutdown_both, ec);
    stream_.close();
  }

  Server::Impl& srv_;
  beast::tcp_stream stream_;
  beast::flat_buffer buffer_;
  std::optional<http::request_parser<http::string_body>> parser_;
  std::shared_ptr<Response> response_;
  std::shared_ptr<std::array<char, 4096>> drain_;
  bool first_ = true;
  bool closed_ = false;
  unsigned version_ = 11;
  bool head_ = false;
  bool keep_alive_ = true;
  // A long poll under way.
  std::optional<ApiRequest> pending_;
  std::optional<asio::steady_timer> timer_;
  std::uint64_t watch_ = 0;
  std::string watch_game_;
};

}  // namespace

void Server::Impl::accept() {
  acceptor.async_accept(asio::make_strand(ioc), [this](error_code ec, tcp::socket socket) {
    if (stopping || !acceptor.is_open()) return;
    if (ec) {
      // Out of file descriptors, say: wait a little rather than spin.
      accept_pause.expires_after(std::chrono::milliseconds(50));
      accept_pause.async_wait([this](error_code) { accept(); });
      return;
    }
    if (connections.load() >= options.max_connections) {
      error_code ignored;
      socket.close(ignored);
      accept();
      return;
    }
    // Send each answer at once: without TCP_NODELAY a reply written in two parts on a kept-alive
    // connection waits for the client's delayed acknowledgement (about 40 ms).
    error_code ignored;
    socket.set_option(tcp::no_delay(true), ignored);
    ++connections;
    auto session = std::make_shared<Session>(*this, std::move(socket));
    {
      std::lock_guard lock(sessions_mu);
      sessions[session.get()] = session;
    }
    session->start();
    accept();
  });
}

Server::Server(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

core::Expected<std::unique_ptr<Server>> Server::start(game::Registry registry,
                                                      ServerOptions options) {
  auto impl = std::make_unique<Impl>(std::move(registry), std::move(options));
  const ServerOptions& o = impl->options;
  if (o.port < 0 || o.port > 65535)
    return core::make_error(fmt::format("Port {} is not a port number (0 to 65535).", o.port));
  auto store = Store::open(o.db_path);
  if (!store) return store.error();
  impl->store = std::move(*store);
  ManagerOptions mo;
  mo.agent_threads = o.agent_threads;
  mo.seed = o.seed;
  mo.max_agent_time = std::chrono::milliseconds(std::max(1, o.max_agent_ms));
  mo.max_unfinished_games = o.max_games;
  mo.list_all_games = o.list_all_games;
  impl->manager = std::make_unique<Manager>(impl->registry, *impl->store, mo);
  impl->api = std::make_unique<Api>(impl->registry, *impl->manager, o.web_dir);

  // The address: a numeric one, or a name resolved to its first address.
  error_code ec;
  tcp::endpoint endpoint;
  const auto address = asio::ip::make_address(o.host, ec);
  if (!ec) {
    endpoint = tcp::endpoint(address, static_cast<unsigned short>(o.port));
  } else {
    tcp::resolver resolver(impl->ioc);
    const auto found = resolver.resolve(o.host, std::to_string(o.port), ec);
    if (ec || found.empty())
      return core::make_error(
          fmt::format("Cannot listen on {}: the address is not known.", game::printable(o.host)));
    endpoint = found.begin()->endpoint();
  }
  const std::string where =
      o.port == 0 ? game::printable(o.host) : fmt::format("{}:{}", game::printable(o.host), o.port);
  impl->acceptor.open(endpoint.protocol(), ec);
  if (!ec) impl->acceptor.set_option(asio::socket_base::reuse_address(true), ec);
  if (!ec) impl->acceptor.bind(endpoint, ec);
  if (!ec) impl->acceptor.listen(std::max(16, o.listen_backlog), ec);
  if (ec)
    return core::make_error(
        fmt::format("Cannot listen on {}: the address is in use or not available.", where));
  impl->port = impl->acceptor.local_endpoint(ec).port();
  impl->manager->start();
  return std::unique_ptr<Server>(new Server(std::move(impl)));
}

Server::~Server() { stop(); }

int Server::port() const { return impl_->port; }

std::string Server::url() const {
  const std::string& host = impl_->options.host;
  const bool v6 = host.find(':') != std::string::npos;
  return fmt::format("http://{}{}{}:{}/", v6 ? "[" : "", host, v6 ? "]" : "", impl_->port);
}

bool Server::run() {
  {
    std::lock_guard lock(impl_->run_mu);
    if (impl_->stop_requested) return true;
    impl_->running = true;
  }
  impl_->accept();
  std::vector<std::thread> threads;
  for (int i = 1; i < std::max(1, impl_->options.http_threads); ++i)
    threads.emplace_back([this] { impl_->ioc.run(); });
  impl_->ioc.run();
  for (auto& t : threads) t.join();
  {
    std::lock_guard lock(impl_->run_mu);
    impl_->running = false;
  }
  impl_->run_cv.notify_all();
  return true;
}

void Server::stop() {
  Impl& s = *impl_;
  {
    std::lock_guard lock(s.run_mu);
    if (s.stop_requested && !s.running) return;
    s.stop_requested = true;
  }
  if (!s.stopping.exchange(true)) {
    // No new connections; open ones are closed (an answer being written may still go out).
    asio::post(s.ioc, [&s] {
      error_code ec;
      s.acceptor.close(ec);
      s.accept_pause.cancel();
      std::vector<std::shared_ptr<Session>> open;
      {
        std::lock_guard lock(s.sessions_mu);
        for (auto& [ptr, weak] : s.sessions)
          if (auto session = weak.lock()) open.push_back(session);
      }
      for (auto& session : open) session->close_soon();
    });
    // Long polls wake up and agents stop thinking (their answers are dropped).
    s.manager->shutdown();
  }
  std::unique_lock lock(s.run_mu);
  if (s.running) {
    // Give the connections a moment to close, then stop serving.
    const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(500);
    while (s.connections.load() > 0 && std::chrono::steady_clock::now() < until) {
      lock.unlock();
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
      lock.lock();
    }
    s.ioc.stop();
    s.run_cv.wait(lock, [&] { return !s.running; });
  } else {
    error_code ec;
    s.acceptor.close(ec);
  }
}

}  // namespace carroccio::server
