// A server without sockets for the fuzz targets: the store (SQLite in a temporary directory), the
// game manager and the API, made once per fuzzing process and kept to its end.
#pragma once

#include <stdlib.h>

#include <filesystem>
#include <memory>
#include <string>

#include "rulesets/all.hpp"
#include "server/manager.hpp"
#include "server/routes.hpp"
#include "server/store.hpp"

namespace carroccio::fuzz {

struct Fixture {
  game::Registry registry = rulesets::make_registry();
  std::string dir;
  std::unique_ptr<server::Store> store;
  std::unique_ptr<server::Manager> manager;
  std::unique_ptr<server::Api> api;

  Fixture() {
    const std::filesystem::path base =
        std::filesystem::exists("/dev/shm") ? "/dev/shm" : std::filesystem::temp_directory_path();
    std::string tmpl = (base / "carroccio-fuzz-XXXXXX").string();
    if (mkdtemp(tmpl.data()) == nullptr) __builtin_trap();
    dir = tmpl;
    auto opened = server::Store::open(dir + "/games.db");
    if (!opened) __builtin_trap();
    store = std::move(*opened);
    server::ManagerOptions options;
    options.seed = 1;  // game ids the corpora can name
    options.agent_threads = 1;
    options.max_agent_time = std::chrono::milliseconds(20);
    options.max_unfinished_games = 64;
    manager = std::make_unique<server::Manager>(registry, *store, options);
    manager->start();
    api = std::make_unique<server::Api>(registry, *manager, "");
  }
};

// The fixture of this process (never destroyed: its agents' threads run to the end).
inline Fixture& fixture() {
  static Fixture* f = [] {
    auto* made = new Fixture();
    std::atexit([] {
      std::error_code ec;
      std::filesystem::remove_all(fixture().dir, ec);
    });
    return made;
  }();
  return *f;
}

}  // namespace carroccio::fuzz
