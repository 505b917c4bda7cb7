// `carroccio serve` in a child process: killed with SIGKILL while decisions are being applied, and
// started again on the same database, it serves every game at its last applied decision.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <mutex>
#include <sstream>

#include "app/serve_command.hpp"
#include "core/hash.hpp"
#include "core/rng.hpp"
#include "game/record.hpp"
#include "server/tests/test_util.hpp"

extern char** environ;

namespace carroccio::server {
namespace {

using nlohmann::json;
using testing::Answer;
using testing::get;
using testing::post;

// The serve command running in a child process, its standard output read through a pipe.
class Child {
 public:
  explicit Child(const std::vector<std::string>& args) {
    int fds[2];
    if (pipe(fds) != 0) return;
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, fds[1], 1);
    posix_spawn_file_actions_addclose(&actions, fds[0]);
    posix_spawn_file_actions_addclose(&actions, fds[1]);
    std::vector<std::string> all = {SERVE_HELPER_BIN};
    all.insert(all.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (auto& a : all) argv.push_back(a.data());
    argv.push_back(nullptr);
    if (posix_spawn(&pid_, SERVE_HELPER_BIN, &actions, nullptr, argv.data(), environ) != 0)
      pid_ = -1;
    posix_spawn_file_actions_destroy(&actions);
    close(fds[1]);
    out_ = fds[0];
  }
  ~Child() {
    if (pid_ > 0) {
      kill(pid_, SIGKILL);
      int status;
      waitpid(pid_, &status, 0);
    }
    if (out_ >= 0) close(out_);
  }
  Child(const Child&) = delete;
  Child& operator=(const Child&) = delete;

  // The next line of output; empty at the end or after `polls` seconds of silence.
  std::string line(int polls = 120) {
    std::string s;
    while (true) {
      pollfd p{out_, POLLIN, 0};
      int waited = 0;
      while (poll(&p, 1, 1000) == 0)
        if (++waited >= polls) return s;
      char ch;
      if (read(out_, &ch, 1) != 1) return s;
      if (ch == '\n') return s;
      s += ch;
    }
  }
  // The port from "Carroccio is serving at http://127.0.0.1:PORT/", or 0.
  int port() {
    const std::string first = line();
    const auto colon = first.rfind(':');
    if (first.find("Carroccio is serving at http://127.0.0.1:") != 0 || colon == std::string::npos)
      return 0;
    return std::atoi(first.c_str() + colon + 1);
  }
  // Sends `sig` and waits for the child; returns its wait status.
  int stop(int sig) {
    kill(pid_, sig);
    int status = 0;
    waitpid(pid_, &status, 0);
    pid_ = -1;
    return status;
  }
  std::string rest() {
    std::string all, l;
    while (!(l = line(30)).empty()) all += l + "\n";
    return all;
  }

 private:
  pid_t pid_ = -1;
  int out_ = -1;
};

// One random legal decision in a game played by people; returns the answer.
Answer random_decision(testing::Client& c, const std::string& id, core::Rng& rng) {
  const json view = get(c, "/api/games/" + id).json;
  if (!view.is_object() || !view.contains("current_player") || !view["current_player"].is_string())
    return {};  // the server is gone
  const std::string side = view["current_player"];
  const json answer = get(c, "/api/games/" + id + "/legal?viewer=" + side).json;
  if (!answer.is_object() || !answer.contains("legal") || !answer["legal"].is_array() ||
      answer["legal"].empty())
    return {};
  const json& legal = answer["legal"];
  const json& choice = legal[rng.uniform(legal.size())];
  return post(c, "/api/games/" + id + "/actions",
              {{"action", choice["id"]}, {"expect_history", view["history_length"]}});
}

TEST(ServerRestart, KillDashNineLosesNoAppliedDecision) {
  testing::TempDir dir;
  const std::string db = dir.file("games.db");
  const std::vector<std::string> args = {"--port", "0", "--db",  db,
                                         "--seed", "5", "--web", dir.file("no-web")};
  std::string people, versus, agents;
  struct Acked {
    std::size_t length = 0;
    std::string hash;
  };
  Acked acked_people, acked_versus;
  std::size_t agents_at_kill = 0;
  {
    Child child(args);
    const int port = child.port();
    ASSERT_GT(port, 0);
    auto c = testing::make_client(port);
    people = testing::create_game(*c, {{"ruleset", "bma"},
                                       {"players", {{"imperial", "human"}, {"lombard", "human"}}},
                                       {"seed", 11}})["id"]
                 .get<std::string>();
    versus = testing::create_game(*c, {{"ruleset", "bma"},
                                       {"players", {{"imperial", "human"}, {"lombard", "random"}}},
                                       {"seed", 12}})["id"]
                 .get<std::string>();
    // A person against an agent: a few decisions, each waited for.
    core::Rng rng(1);
    for (int i = 0; i < 5; ++i) {
      const json view = testing::wait_for_people(*c, versus);
      if (view["terminal"].get<bool>()) break;
      const Answer a = random_decision(*c, versus, rng);
      ASSERT_EQ(a.status, 200) << a.body;
      acked_versus = {a.json["history_length"].get<std::size_t>(),
                      a.json["hash"].get<std::string>()};
    }
    // Two people, deciding as fast as they can from another thread, killed mid-stream.
    std::atomic<bool> stop{false};
    std::mutex mu;
    std::thread player([&] {
      auto pc = testing::make_client(port);
      pc->tokens = c->tokens;  // the seats of the games created above
      core::Rng prng(2);
      while (!stop) {
        const Answer a = random_decision(*pc, people, prng);
        if (a.status != 200) continue;  // refused, or the server is gone
        std::lock_guard lock(mu);
        acked_people = {a.json["history_length"].get<std::size_t>(),
                        a.json["hash"].get<std::string>()};
      }
    });
    for (int i = 0; i < 600; ++i) {
      {
        std::lock_guard lock(mu);
        if (acked_people.length >= 60) break;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    // Agents start a game of their own just before the kill: it resumes after the restart.
    agents = testing::create_game(*c, {{"ruleset", "bma"},
                                       {"players", {{"imperial", "random"}, {"lombard", "random"}}},
                                       {"seed", 13}})["id"]
                 .get<std::string>();
    agents_at_kill = get(*c, "/api/games/" + agents).json["history_length"].get<std::size_t>();
    const int status = child.stop(SIGKILL);
    EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
    stop = true;
    player.join();
  }
  ASSERT_GT(acked_people.length, 0u);

  Child again(args);
  const int port = again.port();
  ASSERT_GT(port, 0);
  auto c = testing::make_client(port);
  // Every acknowledged decision is there (the one in flight when the server died may be too).
  const json now = get(*c, "/api/games/" + people).json;
  ASSERT_GE(now["history_length"].get<std::size_t>(), acked_people.length) << now.dump();
  EXPECT_EQ(
      get(*c, "/api/games/" + people + "/at/" + std::to_string(acked_people.length)).json["hash"],
      acked_people.hash);
  if (acked_versus.length > 0) {
    EXPECT_EQ(
        get(*c, "/api/games/" + versus + "/at/" + std::to_string(acked_versus.length)).json["hash"],
        acked_versus.hash);
  }
  std::cout << "acknowledged " << acked_people.length << " actions, stored "
            << now["history_length"] << "; agents' game at the kill: " << agents_at_kill
            << " actions\n";
  // The game played by agents resumes after the restart and reaches its end; its record
  // replays to the same position.
  const json end = testing::wait_for_people(*c, agents);
  ASSERT_TRUE(end["terminal"].get<bool>()) << end.dump().substr(0, 300);
  const Answer rec = get(*c, "/api/games/" + agents + "/record");
  auto record = game::record_from_json(rec.json, "record");
  ASSERT_TRUE(record.ok()) << record.message();
  auto replayed = game::replay(testing::test_registry(), *record);
  ASSERT_TRUE(replayed.ok()) << replayed.message();
  EXPECT_EQ(core::hex64((*replayed)->hash()), end["hash"]);
  // A clean stop on SIGTERM.
  const int status = again.stop(SIGTERM);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << status;
  EXPECT_NE(again.rest().find("Carroccio stopped"), std::string::npos);
}

TEST(ServerRestart, SigtermStopsWithinTwoSecondsWhileAgentsThinkAndLosesNoDecision) {
  testing::TempDir dir;
  const std::string db = dir.file("games.db");
  // Agents may think ten minutes a decision here: only the stop can interrupt them.
  const std::vector<std::string> args = {
      "--port",          "0", "--db", db, "--web", dir.file("no-web"), "--max-agent-ms", "600000",
      "--agent-threads", "2"};
  std::string people;
  std::size_t acked_length = 0;
  std::string acked_hash;
  {
    Child child(args);
    const int port = child.port();
    ASSERT_GT(port, 0);
    auto c = testing::make_client(port);
    people = testing::create_game(*c, {{"ruleset", "bma"},
                                       {"players", {{"imperial", "human"}, {"lombard", "human"}}},
                                       {"seed", 21}})["id"]
                 .get<std::string>();
    core::Rng rng(3);
    for (int i = 0; i < 10; ++i) {
      const Answer a = random_decision(*c, people, rng);
      ASSERT_EQ(a.status, 200) << a.body;
      acked_length = a.json["history_length"].get<std::size_t>();
      acked_hash = a.json["hash"].get<std::string>();
    }
    // Two games whose agents ask for an enormous search: both agent threads are busy with them.
    for (int g = 0; g < 2; ++g)
      testing::create_game(
          *c, {{"ruleset", "bma"},
               {"players",
                {{"imperial", "mcts:iters=100000000"}, {"lombard", "mcts:iters=100000000"}}}});
    std::this_thread::sleep_for(std::chrono::milliseconds(500));  // let the agents start thinking
    const auto before = std::chrono::steady_clock::now();
    const int status = child.stop(SIGTERM);
    const auto took = std::chrono::steady_clock::now() - before;
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << status;
    // The bound for a stop while agents think: two seconds.
    EXPECT_LT(took, std::chrono::seconds(2))
        << std::chrono::duration_cast<std::chrono::milliseconds>(took).count() << " ms";
  }
  // Started again, the people's game holds every acknowledged decision.
  Child again(args);
  const int port = again.port();
  ASSERT_GT(port, 0);
  auto c = testing::make_client(port);
  const json now = get(*c, "/api/games/" + people).json;
  ASSERT_TRUE(now.is_object() && now.contains("history_length")) << now.dump();
  EXPECT_EQ(now["history_length"].get<std::size_t>(), acked_length);
  EXPECT_EQ(now["hash"], acked_hash);
}

TEST(ServeCommand, BadArgumentsAreOneSentenceAndExitTwo) {
  for (const std::vector<std::string>& args :
       std::vector<std::vector<std::string>>{{"--port", "x"},
                                             {"--port", "70000"},
                                             {"--port"},
                                             {"--bogus"},
                                             {"extra"},
                                             {"--log=yes"},
                                             {"--seed", "-1"},
                                             {"--db", ""},
                                             {"--agent-threads", "0"},
                                             {"--max-agent-ms", "0"},
                                             {"--max-agent-ms", "600001"},
                                             {"--max-games", "0"},
                                             {"--port", "1", "--port", "2"}}) {
    std::ostringstream out, err;
    EXPECT_EQ(app::run_serve_command(args, out, err), 2) << args[0];
    EXPECT_EQ(err.str().rfind("carroccio: ", 0), 0u) << err.str();
    EXPECT_TRUE(out.str().empty());
  }
  std::ostringstream out, err;
  EXPECT_EQ(app::run_serve_command({"--help"}, out, err), 0);
  EXPECT_NE(out.str().find("--port"), std::string::npos);
}

TEST(ServeCommand, AnUnusableDatabaseIsOneSentenceAndExitOne) {
  testing::TempDir dir;
  std::ofstream(dir.file("junk.db")) << "this is not a database, just some text that is long "
                                        "enough to look like a file header...................";
  for (const std::string& db : {dir.file("missing/dir/games.db"), dir.file("junk.db")}) {
    std::ostringstream out, err;
    EXPECT_EQ(app::run_serve_command({"--port", "0", "--db", db}, out, err), 1) << db;
    EXPECT_EQ(err.str().rfind("carroccio: ", 0), 0u) << err.str();
    EXPECT_NE(err.str().find(db), std::string::npos) << err.str();
  }
}

}  // namespace
}  // namespace carroccio::server
