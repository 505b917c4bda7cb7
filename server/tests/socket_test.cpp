// The server's connections: every accepted socket has TCP_NODELAY set, so a small answer on a
// kept-alive connection is not held back waiting for the client's delayed acknowledgement
// (Nagle's algorithm). Checked on the socket itself, not by timing: the in-process server's
// accepted socket is found among this process's descriptors by its peer address, which is the
// test client's own address.

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <optional>
#include <string>

#include "server/tests/test_util.hpp"

namespace carroccio::server {
namespace {

bool same_address(const sockaddr_in& a, const sockaddr_in& b) {
  return a.sin_family == b.sin_family && a.sin_port == b.sin_port &&
         a.sin_addr.s_addr == b.sin_addr.s_addr;
}

// TCP_NODELAY of a socket: 1 or 0, or nullopt if it cannot be read.
std::optional<int> nodelay(int fd) {
  int on = 0;
  socklen_t len = sizeof on;
  if (::getsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &on, &len) != 0) return std::nullopt;
  return on != 0 ? 1 : 0;
}

// The descriptor of this process whose peer is `client` (the server's end of that
// connection), or -1.
int server_end_of(const sockaddr_in& client, int client_fd) {
  for (const auto& entry : std::filesystem::directory_iterator("/proc/self/fd")) {
    int fd = -1;
    try {
      fd = std::stoi(entry.path().filename().string());
    } catch (...) {
      continue;
    }
    if (fd == client_fd) continue;
    sockaddr_in peer{};
    socklen_t len = sizeof peer;
    if (::getpeername(fd, reinterpret_cast<sockaddr*>(&peer), &len) != 0) continue;
    if (len == sizeof peer && same_address(peer, client)) return fd;
  }
  return -1;
}

TEST(ServerSockets, AcceptedConnectionsSendAtOnceWithTcpNodelay) {
  testing::TempDir dir;
  testing::LiveServer server(dir.file("games.db"));
  ASSERT_TRUE(server.ok());
  const int client = testing::connect_loopback(server.port());
  ASSERT_GE(client, 0) << std::strerror(errno);
  // One request answered: the server has accepted the connection and set its options.
  const std::string request =
      "GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n";
  ASSERT_EQ(::send(client, request.data(), request.size(), 0),
            static_cast<ssize_t>(request.size()));
  char buf[512];
  ASSERT_GT(::recv(client, buf, sizeof buf, 0), 0);

  sockaddr_in local{};
  socklen_t len = sizeof local;
  ASSERT_EQ(::getsockname(client, reinterpret_cast<sockaddr*>(&local), &len), 0);
  const int server_end = server_end_of(local, client);
  ASSERT_GE(server_end, 0) << "the server's end of the connection was not found";
  // Positive: the server's end sends at once.
  EXPECT_EQ(nodelay(server_end), 1);
  // Negative: a socket left with the system's default (the test's own client end) does not,
  // so the check tells the two apart.
  EXPECT_EQ(nodelay(client), 0);
  ::close(client);
}

}  // namespace
}  // namespace carroccio::server
