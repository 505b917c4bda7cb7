#include "server/server.hpp"

#include <httplib.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <ostream>

#include "fmt/format.h"
#include "server/manager.hpp"
#include "server/routes.hpp"
#include "server/store.hpp"

namespace carroccio::server {

namespace {

// Requests with a body go through httplib's routing (which reads the body and enforces the size
// limit); all others are answered before routing. The POST patterns are bounded so that
// matching a long path cannot recurse deeply.
constexpr const char* kPostPattern = R"(/api/(games(/[^/]{1,200}/(actions|undo))?|alsh/resolve)/?)";

bool has_body_method(const std::string& method) {
  return method == "POST" || method == "PUT" || method == "PATCH" || method == "DELETE" ||
         method == "PRI";
}

ApiRequest to_api(const httplib::Request& req) {
  ApiRequest r;
  r.method = req.method;
  r.path = req.path;
  for (const auto& [k, v] : req.params) r.params.emplace(k, v);
  r.body = req.body;
  return r;
}

void write_reply(httplib::Response& res, const ApiReply& reply) {
  res.status = reply.status;
  for (const auto& [k, v] : reply.headers) res.set_header(k, v);
  res.set_content(reply.body, reply.content_type);
}

}  // namespace

struct Server::Impl {
  Impl(game::Registry r, ServerOptions o) : registry(std::move(r)), options(std::move(o)) {}

  game::Registry registry;
  ServerOptions options;
  std::unique_ptr<Store> store;
  std::unique_ptr<Manager> manager;
  std::unique_ptr<Api> api;
  httplib::Server http;
  int port = 0;

  std::mutex run_mu;
  std::condition_variable run_cv;
  bool running = false;
  bool stop_requested = false;

  std::mutex log_mu;

  void answer(const httplib::Request& req, httplib::Response& res) {
    write_reply(res, api->handle(to_api(req)));
  }
  void install();
};

void Server::Impl::install() {
  // Send each answer at once. Without TCP_NODELAY a reply written in two parts (headers, then
  // the body) on a kept-alive connection waits for the client's delayed acknowledgement of the
  // first part: about 40 ms added to every small answer after the first, which the browser's
  // game screen pays on each decision (the events and placement it fetches next).
  http.set_tcp_nodelay(true);
  http.new_task_queue = [n = std::max(2, options.http_threads)] {
    return new httplib::ThreadPool(static_cast<std::size_t>(n));
  };
  http.set_payload_max_length(kMaxBodyBytes);
  http.set_keep_alive_max_count(100);
  http.set_keep_alive_timeout(5);
  http.set_pre_routing_handler([this](const httplib::Request& req, httplib::Response& res) {
    if (has_body_method(req.method)) return httplib::Server::HandlerResponse::Unhandled;
    answer(req, res);
    return httplib::Server::HandlerResponse::Handled;
  });
  http.Post(kPostPattern,
            [this](const httplib::Request& req, httplib::Response& res) { answer(req, res); });
  // Errors httplib finds itself (no route, body too large, malformed request line, ...) and any
  // status it would answer without a body get a JSON sentence; a 5xx of its own becomes a 400.
  http.set_error_handler(httplib::Server::HandlerWithResponse(
      [this](const httplib::Request& req, httplib::Response& res) {
        if (!res.body.empty()) return httplib::Server::HandlerResponse::Unhandled;  // our own reply
        ApiReply reply;
        if (res.status == 404 && !req.method.empty())
          reply = api->refuse(to_api(req));
        else
          reply = error_reply(res.status >= 500 || res.status < 400 ? 400 : res.status,
                              status_sentence(res.status));
        write_reply(res, reply);
        return httplib::Server::HandlerResponse::Handled;
      }));
  http.set_exception_handler(
      [](const httplib::Request&, httplib::Response& res, std::exception_ptr) {
        write_reply(res, error_reply(400, "The request could not be handled."));
      });
  if (options.log != nullptr)
    http.set_logger([this](const httplib::Request& req, const httplib::Response& res) {
      std::lock_guard lock(log_mu);
      *options.log << fmt::format("{} {} {}\n", req.method, req.path, res.status) << std::flush;
    });
}

Server::Server(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

core::Expected<std::unique_ptr<Server>> Server::start(game::Registry registry,
                                                      ServerOptions options) {
  auto impl = std::make_unique<Impl>(std::move(registry), std::move(options));
  auto store = Store::open(impl->options.db_path);
  if (!store) return store.error();
  impl->store = std::move(*store);
  impl->manager = std::make_unique<Manager>(
      impl->registry, *impl->store,
      ManagerOptions{impl->options.agent_threads, impl->options.seed, 256});
  impl->api = std::make_unique<Api>(impl->registry, *impl->manager, impl->options.web_dir);
  impl->install();
  const std::string& host = impl->options.host;
  if (impl->options.port < 0 || impl->options.port > 65535)
    return core::make_error(
        fmt::format("Port {} is not a port number (0 to 65535).", impl->options.port));
  if (impl->options.port == 0) {
    impl->port = impl->http.bind_to_any_port(host);
    if (impl->port <= 0)
      return core::make_error(
          fmt::format("Cannot listen on {}: the address is not available.", host));
  } else {
    if (!impl->http.bind_to_port(host, impl->options.port))
      return core::make_error(
          fmt::format("Cannot listen on {}:{}: the address is in use or not available.", host,
                      impl->options.port));
    impl->port = impl->options.port;
  }
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
  const bool ok = impl_->http.listen_after_bind();
  {
    std::lock_guard lock(impl_->run_mu);
    impl_->running = false;
  }
  impl_->run_cv.notify_all();
  return ok;
}

void Server::stop() {
  {
    std::lock_guard lock(impl_->run_mu);
    impl_->stop_requested = true;
  }
  // Long-polling requests wake up and agents stop, so the HTTP threads can finish.
  impl_->manager->shutdown();
  std::unique_lock lock(impl_->run_mu);
  // httplib ignores stop() until its accept loop has begun, so keep asking until run() returns.
  while (impl_->running) {
    impl_->http.stop();
    impl_->run_cv.wait_for(lock, std::chrono::milliseconds(20));
  }
  // If run() never started, the bound socket is closed here.
  impl_->http.stop();
}

}  // namespace carroccio::server
