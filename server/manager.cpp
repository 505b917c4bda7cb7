#include "server/manager.hpp"

#include <algorithm>
#include <ctime>
#include <exception>
#include <random>
#include <utility>

#include "ai/agent.hpp"
#include "core/event.hpp"
#include "core/hash.hpp"
#include "fmt/format.h"
#include "game/dice_draw.hpp"
#include "game/driver.hpp"
#include "game/json_text.hpp"
#include "game/record.hpp"
#include "server/secrets.hpp"

namespace carroccio::server {

namespace {

// A game whose chance nodes follow one another without end is a bug in the rules; stop there.
constexpr std::size_t kMaxChanceRun = 100'000;

constexpr const char* kHuman = "human";

// Events with the history index of the action that emitted them.
struct StepEvent {
  core::Event event;
  std::size_t step;
};

class StepLog final : public core::EventSink {
 public:
  void attach(game::State& state) {
    state_ = &state;
    state.set_event_sink(this);
  }
  void on_event(const core::Event& e) override {
    const std::size_t n = state_ == nullptr ? 0 : state_->history().size();
    events_.push_back({e, n == 0 ? 0 : n - 1});
  }
  const std::vector<StepEvent>& events() const { return events_; }
  void clear() { events_.clear(); }

 private:
  const game::State* state_ = nullptr;
  std::vector<StepEvent> events_;
};

std::string iso_now() {
  const auto now = std::chrono::system_clock::now();
  const auto ms =
      std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()).count();
  const std::time_t secs = static_cast<std::time_t>(ms / 1000);
  std::tm tm{};
  gmtime_r(&secs, &tm);
  return fmt::format("{:04}-{:02}-{:02}T{:02}:{:02}:{:02}.{:03}Z", tm.tm_year + 1900, tm.tm_mon + 1,
                     tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, ms % 1000);
}

std::string player_text(const game::Game& game, game::Player p) {
  if (p >= 0 && p < game.num_players()) return game.player_name(p);
  if (p == game::kChancePlayer) return "chance";
  return "none";
}

// "imperial, lombard or spectator".
std::string viewer_choices(const game::Game& game) {
  std::string out;
  for (const auto& side : game.player_names()) out += side + ", ";
  return out + "or spectator";
}

Failure storage_failure(const WriteResult& r) {
  if (r.kind == WriteResult::Kind::kStale)
    return fail(Fault::kConflict, r.message + " Reload the game and try again.");
  return fail(Fault::kUnavailable, r.message);
}

}  // namespace

struct LiveGame {
  std::mutex mu;
  std::condition_variable cv;  // notified on every change (long polling)
  GameHeader header;
  std::string updated;
  std::shared_ptr<const game::Game> game;
  std::unique_ptr<game::State> state;
  std::vector<std::string> players;                // per side: "human" or an agent spec
  std::vector<std::unique_ptr<ai::Agent>> agents;  // per side: null for a person
  StepLog log;
  std::string agent_error;  // why an agent stopped playing, if it did
  bool broken = false;      // dropped from the cache (a write failed, deleted): reload before use
  std::atomic<std::uint64_t> last_used{0};
  std::vector<std::size_t> time_limited;  // agents' decisions a time limit cut short
  // Long polls waiting for a change (Manager::watch), by handle.
  std::map<std::uint64_t, std::function<void()>> watchers;
  // Views as text, by viewer and seats held, for the position as it is (cleared on a change).
  std::map<std::string, std::string> view_cache;

  bool human(game::Player p) const {
    return p >= 0 && static_cast<std::size_t>(p) < players.size() &&
           players[static_cast<std::size_t>(p)] == kHuman;
  }
  bool secret_dice() const { return !header.dice_secret.empty(); }
};

namespace {

std::atomic<std::uint64_t> next_watch{1};

// The seats a request's tokens hold in a game.
struct Seats {
  std::set<game::Player> sides;
  bool owner = false;
};

Seats seats_of(const LiveGame& g, const Credentials& who) {
  Seats seats;
  if (g.header.open_seats) {
    for (std::size_t p = 0; p < g.players.size(); ++p)
      if (g.human(static_cast<game::Player>(p))) seats.sides.insert(static_cast<game::Player>(p));
    return seats;
  }
  for (const auto& token : who.tokens) {
    if (!looks_like_token(token)) continue;
    const std::string hash = token_hash(token);
    for (const auto& [side, seat] : g.header.seat_hashes)
      if (seat == hash)
        if (auto p = g.game->find_player(side)) seats.sides.insert(*p);
    if (!g.header.owner_hash.empty() && hash == g.header.owner_hash) seats.owner = true;
  }
  return seats;
}

Failure needs_seat(const std::string& doing, const std::string& side) {
  return fail(
      Fault::kForbidden,
      fmt::format("{} needs {}'s seat token (sent in the Seat-Token header).", doing, side));
}

}  // namespace

namespace {

// A viewer parameter: a side (whose view shows what that side may see: it needs the side's seat
// while the game runs), "spectator", or "referee" (only once the game is over, since the referee
// sees hidden information). Empty: a side the seats hold (the side to move first), else a
// spectator.
Outcome<game::Player> parse_viewer(const game::Game& game, const game::State& state,
                                   const std::string& viewer, const Seats& seats, bool game_over) {
  if (viewer.empty()) {
    if (seats.sides.empty()) return game::kSpectator;
    const game::Player p = state.current_player();
    return seats.sides.count(p) > 0 ? p : *seats.sides.begin();
  }
  if (viewer == "spectator") return game::kSpectator;
  if (viewer == "referee") {
    if (game_over) return game::kReferee;
    return fail(Fault::kUnprocessable,
                "The referee's view shows hidden information, so it is only given once the game "
                "is over.");
  }
  auto p = game.find_player(viewer);
  if (!p)
    return fail(Fault::kBadRequest,
                fmt::format("Viewer '{}' is not a side of {}/{}: use {}.", game::printable(viewer),
                            game.ruleset(), game.scenario(), viewer_choices(game)));
  if (!game_over && seats.sides.count(*p) == 0)
    return needs_seat(fmt::format("Seeing the game as {} while it runs", viewer), viewer);
  return *p;
}

nlohmann::json players_json(const LiveGame& g) {
  nlohmann::json j = nlohmann::json::object();
  for (std::size_t p = 0; p < g.players.size(); ++p)
    j[g.game->player_name(static_cast<game::Player>(p))] = g.players[p];
  return j;
}

std::string waiting_for(const LiveGame& g, const game::State& s) {
  const game::Player p = s.current_player();
  if (p == game::kTerminalPlayer) return "none";
  if (p == game::kChancePlayer) return "chance";
  return g.human(p) ? "human" : "agent";
}

// How the game's dice are drawn, as its views show it: the commitment to a secret (revealed once
// the game is over), or the public seed.
nlohmann::json dice_json(const GameHeader& h, bool over) {
  if (!h.dice_secret.empty())
    return {{"draw", "committed"},
            {"commitment", h.dice_commitment},
            {"secret", over ? nlohmann::json(h.dice_secret) : nlohmann::json(nullptr)}};
  return {{"draw", "indexed"}, {"seed", h.seed}};
}

// The view of state `s` of game `g` for `viewer`; `live` is false for a past position.
nlohmann::json view_json(const LiveGame& g, const game::State& s, game::Player viewer, bool live,
                         const Seats& seats) {
  const game::Game& game = *g.game;
  const game::Player p = s.current_player();
  nlohmann::json j;
  j["id"] = g.header.id;
  j["ruleset"] = g.header.ruleset;
  j["scenario"] = g.header.scenario;
  j["options"] = g.header.options;
  const bool over = g.state->is_terminal();
  j["dice"] = dice_json(g.header, over);
  if (!g.secret_dice()) j["seed"] = g.header.seed;  // public: the dice follow it
  j["created"] = g.header.created;
  j["updated"] = g.updated;
  j["sides"] = game.player_names();
  j["players"] = players_json(g);
  nlohmann::json mine = nlohmann::json::array();
  for (game::Player q : seats.sides) mine.push_back(game.player_name(q));
  j["your_seats"] = mine;
  j["open_seats"] = g.header.open_seats;
  j["viewer"] = viewer >= 0 ? game.player_name(viewer)
                            : std::string(viewer == game::kReferee ? "referee" : "spectator");
  j["history_length"] = s.history().size();
  j["hash"] = core::hex64(s.hash());
  j["current_player"] = player_text(game, p);
  j["waiting_for"] = waiting_for(g, s);
  j["terminal"] = s.is_terminal();
  if (s.is_terminal()) {
    nlohmann::json returns = nlohmann::json::object();
    const auto r = s.returns();
    for (std::size_t i = 0; i < r.size(); ++i)
      returns[game.player_name(static_cast<game::Player>(i))] = r[i];
    j["returns"] = returns;
    j["result"] = s.result_summary();
  } else {
    j["returns"] = nullptr;
    j["result"] = nullptr;
  }
  j["status_line"] = s.status_line();
  j["state"] = s.to_json(viewer);
  nlohmann::json legal = nlohmann::json::array();
  if (live && viewer >= 0 && viewer == p && g.human(p))
    for (game::Action a : s.person_actions()) legal.push_back(s.action_to_json(a));
  j["legal"] = legal;
  if (live) {
    j["agent_error"] =
        g.agent_error.empty() ? nlohmann::json(nullptr) : nlohmann::json(g.agent_error);
  } else {
    j["live_history_length"] = g.state->history().size();
  }
  return j;
}

// Rebuilds the position after the first `n` actions of `history`.
std::unique_ptr<game::State> replay_prefix(const game::Game& game,
                                           const std::vector<game::HistoryItem>& history,
                                           std::size_t n, core::EventSink* sink) {
  auto s = game.new_initial_state();
  s->set_event_sink(sink);
  for (std::size_t i = 0; i < n; ++i) s->apply_unchecked(history[i].action);
  return s;
}

}  // namespace

Manager::Manager(const game::Registry& registry, Store& store, ManagerOptions options)
    : registry_(registry),
      store_(store),
      options_(std::move(options)),
      rng_(options_.seed ? *options_.seed
                         : (std::uint64_t{std::random_device{}()} << 32) ^ std::random_device{}()) {
}

Manager::~Manager() { shutdown(); }

void Manager::start() {
  if (started_) return;
  started_ = true;
  const int n = std::max(1, options_.agent_threads);
  for (int i = 0; i < n; ++i) workers_.emplace_back([this] { worker(); });
  // Games an agent was playing when the server stopped: the workers load and continue them.
  if (auto ids = store_.waiting_for_agents(); ids.ok()) {
    std::lock_guard lock(queue_mu_);
    for (const auto& id : *ids)
      if (queued_.insert(id).second) queue_.push_back(id);
    queue_cv_.notify_all();
  }
}

void Manager::shutdown() {
  if (stopping_.exchange(true)) return;
  {
    std::lock_guard lock(queue_mu_);
    queue_cv_.notify_all();
  }
  std::vector<GamePtr> games;
  {
    std::lock_guard lock(map_mu_);
    for (const auto& [id, g] : games_) games.push_back(g);
  }
  for (const auto& g : games) {
    std::lock_guard lock(g->mu);
    changed(*g);
  }
  // Agents thinking see stopping_ (their DecisionLimit) and answer at once; their answers are
  // dropped, and their games resume on the next start.
  for (auto& t : workers_) t.join();
  workers_.clear();
}

std::string Manager::new_id() {
  std::lock_guard lock(rng_mu_);
  return "g-" + core::hex64(rng_.next_u64());
}

std::uint64_t Manager::new_seed() {
  std::lock_guard lock(rng_mu_);
  return rng_.next_u64() >> 11;  // 53 bits: exact in a JavaScript number
}

void Manager::changed(LiveGame& g) {
  g.view_cache.clear();
  g.cv.notify_all();
  auto watchers = std::move(g.watchers);
  g.watchers.clear();
  for (auto& [handle, wake] : watchers) wake();
}

// ---- Loading and caching ----

Outcome<Manager::GamePtr> Manager::build(StoredGame stored) {
  const GameHeader& h = stored.header;
  auto damaged = [&](const std::string& why) {
    return fail(Fault::kUnprocessable,
                fmt::format("Stored game {} cannot be rebuilt: {}", h.id, why));
  };
  const game::Ruleset* ruleset = registry_.find(h.ruleset);
  if (ruleset == nullptr)
    return damaged(fmt::format("its ruleset '{}' is not known to this server.", h.ruleset));
  auto options = game::parse_options(h.options);
  if (!options) return damaged(options.message());
  const auto source = nlohmann::json::parse(h.scenario_source, nullptr, false);
  if (source.is_discarded()) return damaged("its scenario is not valid JSON.");
  auto game = ruleset->new_game(source, fmt::format("game {}", h.id), *options);
  if (!game) return damaged(game.message());

  auto g = std::make_shared<LiveGame>();
  g->header = stored.header;
  g->updated = stored.summary.updated;
  g->time_limited = stored.time_limited;
  g->game = *game;
  for (const auto& side : g->game->player_names()) {
    const auto it = h.players.find(side);
    const std::string player = it == h.players.end() ? kHuman : it->second;
    g->players.push_back(player);
    g->agents.emplace_back();
    if (player == kHuman) continue;
    auto spec = ai::AgentSpec::parse(player);
    if (!spec) {
      g->agent_error = spec.message();
      continue;
    }
    auto agent = ai::make_agent(*spec, *g->game, *g->game->find_player(side));
    if (!agent) {
      g->agent_error = agent.message();
      continue;
    }
    g->agents.back() = std::move(*agent);
  }
  g->state = g->game->new_initial_state();
  g->log.attach(*g->state);
  for (std::size_t i = 0; i < stored.actions.size(); ++i) {
    const auto& item = stored.actions[i];
    if (g->state->current_player() != item.player)
      return damaged(fmt::format("action {} was made by {}, but it was {}'s turn.", i,
                                 player_text(*g->game, item.player),
                                 player_text(*g->game, g->state->current_player())));
    if (auto s = g->state->apply(item.action); !s)
      return damaged(fmt::format("action {} cannot be replayed: {}", i, s.message()));
  }
  // A game stored at a chance node (e.g. by an older server) is settled now.
  if (g->state->is_chance_node()) {
    const std::size_t from = g->state->history().size();
    settle_chance(*g);
    if (auto w = persist(*g, from, Durability::kProcessCrash); !w.ok()) return storage_failure(w);
  }
  return g;
}

Outcome<Manager::GamePtr> Manager::get(const std::string& id) {
  {
    std::lock_guard lock(map_mu_);
    if (auto it = games_.find(id); it != games_.end()) {
      it->second->last_used = ++clock_;
      return it->second;
    }
  }
  std::lock_guard load_lock(load_mu_);
  {
    std::lock_guard lock(map_mu_);
    if (auto it = games_.find(id); it != games_.end()) return it->second;
  }
  auto stored = store_.load(id);
  if (!stored) return fail(Fault::kUnavailable, stored.message());
  if (!stored->has_value())
    return fail(Fault::kNotFound, fmt::format("There is no game '{}'.", id));
  auto built = build(std::move(**stored));
  if (!built) return built.failure();
  GamePtr g = *built;
  g->last_used = ++clock_;
  {
    std::lock_guard lock(map_mu_);
    games_[id] = g;
    // Drop the least recently used games nobody is using (they reload on demand).
    while (games_.size() > std::max<std::size_t>(1, options_.cached_games)) {
      auto oldest = games_.end();
      for (auto it = games_.begin(); it != games_.end(); ++it)
        if (it->second.use_count() == 1 && it->second->watchers.empty() &&
            (oldest == games_.end() || it->second->last_used < oldest->second->last_used))
          oldest = it;
      if (oldest == games_.end()) break;
      games_.erase(oldest);
    }
  }
  std::lock_guard game_lock(g->mu);
  schedule(*g);
  return g;
}

void Manager::evict(LiveGame& g) {
  g.broken = true;
  changed(g);
  std::lock_guard lock(map_mu_);
  if (auto it = games_.find(g.header.id); it != games_.end() && it->second.get() == &g)
    games_.erase(it);
}

Outcome<nlohmann::json> Manager::with_game(const std::string& id, const GameFn& fn) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    auto g = get(id);
    if (!g) return g.failure();
    std::unique_lock lock((*g)->mu);
    if ((*g)->broken) continue;  // dropped after a failed write: load it again
    return fn(**g, lock);
  }
  return fail(Fault::kUnavailable,
              fmt::format("Game {} could not be loaded consistently from the database.", id));
}

// ---- Playing ----

void Manager::settle_chance(LiveGame& g) {
  std::vector<game::ChanceOutcome> outcomes;
  for (std::size_t n = 0; n < kMaxChanceRun && g.state->is_chance_node(); ++n) {
    g.state->chance_outcomes(outcomes);
    if (outcomes.empty()) return;
    const std::size_t at = g.state->history().size();
    // Secret dice: from the secret, which no view shows before the game is over; else from the
    // game's public seed (game/dice_draw.hpp).
    core::Rng rng = g.secret_dice() ? game::committed_chance_rng(g.header.dice_secret, at)
                                    : game::indexed_chance_rng(g.header.seed, at);
    g.state->apply_unchecked(game::sample_chance(outcomes, rng));
  }
}

GameSummary Manager::summarize(const LiveGame& g) const {
  GameSummary s;
  s.actions = g.state->history().size();
  s.terminal = g.state->is_terminal();
  s.waiting_for = waiting_for(g, *g.state);
  s.status_line = g.state->status_line();
  s.updated = g.updated;
  return s;
}

WriteResult Manager::persist(LiveGame& g, std::size_t from, Durability durability,
                             std::span<const std::size_t> time_limited) {
  g.updated = iso_now();
  const auto& history = g.state->history();
  return store_.append(
      g.header.id, from,
      std::span<const game::HistoryItem>(history.data() + from, history.size() - from),
      summarize(g), durability, time_limited);
}

bool Manager::agent_to_move(const LiveGame& g) const {
  const game::Player p = g.state->current_player();
  return p >= 0 && !g.human(p) && static_cast<std::size_t>(p) < g.agents.size() &&
         g.agents[static_cast<std::size_t>(p)] != nullptr && g.agent_error.empty();
}

void Manager::schedule(LiveGame& g) {
  if (stopping_ || !agent_to_move(g)) return;
  std::lock_guard lock(queue_mu_);
  if (queued_.insert(g.header.id).second) {
    queue_.push_back(g.header.id);
    queue_cv_.notify_one();
  }
}

void Manager::requeue(const std::string& id) {
  std::lock_guard lock(queue_mu_);
  queue_.push_back(id);
  queue_cv_.notify_one();
}

void Manager::unqueue(const std::string& id) {
  std::lock_guard lock(queue_mu_);
  queued_.erase(id);
}

void Manager::worker() {
  for (;;) {
    std::string id;
    {
      std::unique_lock lock(queue_mu_);
      queue_cv_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
      if (stopping_) return;
      id = std::move(queue_.front());
      queue_.pop_front();
    }
    agent_step(id);
  }
}

// One agent decision of game `id` (and the chance outcomes after it); the game goes back in the
// queue if an agent is still to move, so games share the workers turn by turn. The decision is
// held to max_agent_time whatever the agent's own budget, and stops at once when the server
// stops (its answer is then dropped: the game resumes on the next start).
void Manager::agent_step(const std::string& id) {
  auto got = get(id);
  if (!got) {
    unqueue(id);
    return;
  }
  GamePtr g = *got;
  std::unique_lock lock(g->mu);
  if (g->broken) {
    requeue(id);
    return;
  }
  if (!agent_to_move(*g)) {
    unqueue(id);
    return;
  }
  const game::Player p = g->state->current_player();
  const std::size_t at = g->state->history().size();
  auto snapshot = g->state->clone();
  // A game made by this server decides with a fresh agent each time (so its record can repeat
  // the decision); an older game keeps its agents, whose search carries over between decisions.
  std::unique_ptr<ai::Agent> fresh;
  ai::Agent* agent = g->agents[static_cast<std::size_t>(p)].get();
  if (g->header.fresh_agents) {
    auto spec = ai::AgentSpec::parse(g->players[static_cast<std::size_t>(p)]);
    if (spec) {
      auto made = ai::make_agent(*spec, *g->game, p);
      if (made) fresh = std::move(*made);
    }
    if (!fresh) {
      unqueue(id);
      return;
    }
    agent = fresh.get();
  }
  core::Rng rng = g->secret_dice() ? game::committed_agent_rng(g->header.dice_secret, at)
                                   : game::indexed_agent_rng(g->header.seed, at);
  lock.unlock();
  // The agent thinks without the lock: the game can be read meanwhile.
  agent->set_limit({std::chrono::steady_clock::now() + options_.max_agent_time, &stopping_});
  game::Action action = game::kInvalidAction;
  std::string error;
  try {
    action = agent->choose(*snapshot, rng);
  } catch (const std::exception& e) {
    error = game::printable(e.what(), 200);
  }
  const bool cut_short = agent->cut_short();
  agent->set_limit({});
  lock.lock();
  if (stopping_) {  // stopped mid-thought: the decision is made again after a restart
    unqueue(id);
    return;
  }
  if (g->broken || g->state->history().size() != at) {  // undone or deleted: think again
    requeue(id);
    return;
  }
  const std::string& side = g->game->player_name(p);
  if (error.empty()) {
    if (auto s = g->state->apply(action); !s) error = s.message();
  }
  if (!error.empty()) {
    g->agent_error = fmt::format("The agent {} playing {} failed: {}",
                                 g->players[static_cast<std::size_t>(p)], side, error);
    changed(*g);
    unqueue(id);
    return;
  }
  settle_chance(*g);
  std::vector<std::size_t> limited;
  if (cut_short) limited.push_back(at);
  if (auto w = persist(*g, at, Durability::kProcessCrash, limited); !w.ok()) {
    evict(*g);  // the database decides: the game reloads (and resumes) when next asked for
    unqueue(id);
    return;
  }
  if (cut_short) g->time_limited.push_back(at);
  changed(*g);
  if (agent_to_move(*g) && !stopping_)
    requeue(id);
  else
    unqueue(id);
}

// ---- Requests ----

Outcome<nlohmann::json> Manager::create_game(const NewGameRequest& request,
                                             const std::string& viewer) {
  const game::Ruleset* ruleset = registry_.find(request.ruleset);
  if (ruleset == nullptr) {
    std::vector<std::string> ids;
    for (const auto& r : registry_.rulesets()) ids.push_back(r->info().id);
    return fail(Fault::kNotFound,
                fmt::format("There is no ruleset '{}': the rulesets are {}.",
                            game::printable(request.ruleset), fmt::join(ids, ", ")));
  }
  const auto& info = ruleset->info();
  if (!info.plays_games)
    return fail(
        Fault::kUnprocessable,
        info.table_referee
            ? fmt::format("Ruleset {} offers referee tables only and plays no games.", info.id)
            : fmt::format("Ruleset {} plays no games yet.", info.id));
  std::string scenario = request.scenario;
  if (scenario.empty()) {
    if (info.scenarios.empty())
      return fail(Fault::kUnprocessable, fmt::format("Ruleset {} has no scenarios.", info.id));
    scenario = info.scenarios.front().id;
  }
  auto text = ruleset->builtin_scenario(scenario);
  if (!text) return fail(Fault::kNotFound, game::printable(text.message(), 300));
  auto options = game::parse_options(request.options);
  if (!options) return fail(Fault::kBadRequest, game::printable(options.message(), 300));
  if (auto s = ruleset->validate_options(*options); !s)
    return fail(Fault::kBadRequest, game::printable(s.message(), 300));
  const auto source = nlohmann::json::parse(*text, nullptr, false);
  if (source.is_discarded())
    return fail(Fault::kUnprocessable,
                fmt::format("Scenario {}/{} is not valid JSON.", info.id, scenario));
  auto game = ruleset->new_game(source, fmt::format("{}/{}", info.id, scenario), *options);
  if (!game) return fail(Fault::kUnprocessable, game.message());

  auto g = std::make_shared<LiveGame>();
  g->game = *game;
  const auto& sides = g->game->player_names();
  for (const auto& [side, player] : request.players)
    if (std::find(sides.begin(), sides.end(), side) == sides.end())
      return fail(Fault::kBadRequest,
                  fmt::format("'{}' is not a side of {}/{}: the sides are {}.",
                              game::printable(side), info.id, scenario, fmt::join(sides, ", ")));
  for (std::size_t p = 0; p < sides.size(); ++p) {
    const auto it = request.players.find(sides[p]);
    if (it == request.players.end())
      return fail(Fault::kBadRequest,
                  fmt::format("No player is given for {}: give \"human\" or an agent ({}).",
                              sides[p], fmt::join(ai::agent_kinds(), ", ")));
    g->agents.emplace_back();
    if (it->second == kHuman) {
      g->players.push_back(kHuman);
      continue;
    }
    auto spec = ai::AgentSpec::parse(it->second);
    if (!spec) return fail(Fault::kBadRequest, game::printable(spec.message(), 300));
    auto agent = ai::make_agent(*spec, *g->game, static_cast<game::Player>(p));
    if (!agent) return fail(Fault::kBadRequest, game::printable(agent.message(), 300));
    g->players.push_back(spec->to_string());
    g->agents.back() = std::move(*agent);
  }

  g->header.ruleset = info.id;
  g->header.scenario = g->game->scenario();
  g->header.options = game::options_to_string(*options);
  for (std::size_t p = 0; p < sides.size(); ++p) g->header.players[sides[p]] = g->players[p];
  // Dice: from a secret the server keeps (committed to now, revealed at the end), unless the
  // request gives a seed, which makes them public (anyone can draw them ahead).
  if (request.seed) {
    g->header.seed = *request.seed;
  } else {
    g->header.dice_secret = new_dice_secret();
    g->header.dice_commitment = game::dice_commitment(g->header.dice_secret);
  }
  g->header.fresh_agents = true;
  nlohmann::json seat_tokens = nlohmann::json::object();
  for (std::size_t p = 0; p < sides.size(); ++p) {
    if (g->players[p] != kHuman) continue;
    const std::string token = new_token();
    seat_tokens[sides[p]] = token;
    g->header.seat_hashes[sides[p]] = token_hash(token);
  }
  const std::string owner_token = new_token();
  g->header.owner_hash = token_hash(owner_token);
  g->header.scenario_source = source.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  g->header.created = iso_now();
  g->updated = g->header.created;
  g->state = g->game->new_initial_state();
  g->log.attach(*g->state);
  settle_chance(*g);
  // The creator holds every seat.
  Seats creator;
  for (std::size_t p = 0; p < sides.size(); ++p)
    if (g->players[p] == kHuman) creator.sides.insert(static_cast<game::Player>(p));
  creator.owner = true;
  game::Player shown = game::kSpectator;
  if (!viewer.empty()) {
    auto v = parse_viewer(*g->game, *g->state, viewer, creator, g->state->is_terminal());
    if (!v) return v.failure();
    shown = *v;
  } else if (creator.sides.size() == 1) {
    shown = *creator.sides.begin();
  }

  WriteResult written;
  {
    // The cap on unfinished games, counted and kept in one step.
    std::lock_guard create_lock(create_mu_);
    auto unfinished = store_.count_unfinished();
    if (!unfinished) return fail(Fault::kUnavailable, unfinished.message());
    if (*unfinished >= options_.max_unfinished_games)
      return fail(Fault::kTooMany,
                  fmt::format("The server already holds {} unfinished games, as many as it may: "
                              "finish or delete one first.",
                              *unfinished));
    for (int attempt = 0; attempt < 4; ++attempt) {
      g->header.id = new_id();
      written = store_.create(g->header, summarize(*g), g->state->history());
      if (written.kind != WriteResult::Kind::kStale) break;  // kStale: the id was taken
    }
  }
  if (!written.ok()) return fail(Fault::kUnavailable, written.message);
  g->last_used = ++clock_;
  {
    std::lock_guard lock(map_mu_);
    games_[g->header.id] = g;
  }
  std::lock_guard lock(g->mu);
  schedule(*g);
  nlohmann::json j = view_json(*g, *g->state, shown, true, creator);
  j["seats"] = seat_tokens;
  j["owner_token"] = owner_token;
  return j;
}

Outcome<nlohmann::json> Manager::list_games(std::size_t limit, std::size_t offset,
                                            const Credentials& who) {
  std::vector<std::string> hashes;
  for (const auto& t : who.tokens)
    if (looks_like_token(t)) hashes.push_back(token_hash(t));
  auto games = store_.list(limit, offset, options_.list_all_games ? nullptr : &hashes);
  if (!games) return fail(Fault::kUnavailable, games.message());
  nlohmann::json out = nlohmann::json::array();
  for (const auto& g : *games) {
    nlohmann::json item = {{"id", g.header.id},
                           {"ruleset", g.header.ruleset},
                           {"scenario", g.header.scenario},
                           {"options", g.header.options},
                           {"players", g.header.players},
                           {"dice", dice_json(g.header, g.summary.terminal)},
                           {"created", g.header.created},
                           {"updated", g.summary.updated},
                           {"actions", g.summary.actions},
                           {"terminal", g.summary.terminal},
                           {"waiting_for", g.summary.waiting_for},
                           {"status_line", g.summary.status_line}};
    if (g.header.dice_secret.empty()) item["seed"] = g.header.seed;
    out.push_back(std::move(item));
  }
  return out;
}

Outcome<nlohmann::json> Manager::view(const std::string& id, const std::string& viewer,
                                      const Credentials& who, std::optional<std::size_t> after,
                                      std::chrono::milliseconds wait) {
  return with_game(
      id, [&](LiveGame& g, std::unique_lock<std::mutex>& lock) -> Outcome<nlohmann::json> {
        const Seats seats = seats_of(g, who);
        auto v = parse_viewer(*g.game, *g.state, viewer, seats, g.state->is_terminal());
        if (!v) return v.failure();
        if (after && wait.count() > 0)
          g.cv.wait_for(lock, wait, [&] {
            return stopping_ || g.broken || g.state->history().size() != *after;
          });
        if (g.broken)
          return fail(Fault::kConflict, fmt::format("Game {} was reloaded: ask again.", id));
        // The wait may have ended the game: the viewer is resolved again.
        v = parse_viewer(*g.game, *g.state, viewer, seats, g.state->is_terminal());
        if (!v) return v.failure();
        return view_json(g, *g.state, *v, true, seats);
      });
}

Outcome<Manager::ViewText> Manager::view_text(const std::string& id, const std::string& viewer,
                                              const Credentials& who) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    auto got = get(id);
    if (!got) return got.failure();
    LiveGame& g = **got;
    std::lock_guard lock(g.mu);
    if (g.broken) continue;  // dropped after a failed write: load it again
    const Seats seats = seats_of(g, who);
    auto v = parse_viewer(*g.game, *g.state, viewer, seats, g.state->is_terminal());
    if (!v) return v.failure();
    std::string key = std::to_string(*v);
    for (game::Player p : seats.sides) key += fmt::format(",{}", p);
    const std::size_t length = g.state->history().size();
    if (const auto it = g.view_cache.find(key); it != g.view_cache.end())
      return ViewText{it->second, length};
    std::string body = view_json(g, *g.state, *v, true, seats)
                           .dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    if (g.view_cache.size() >= 16) g.view_cache.clear();
    g.view_cache.emplace(std::move(key), body);
    return ViewText{std::move(body), length};
  }
  return fail(Fault::kUnavailable,
              fmt::format("Game {} could not be loaded consistently from the database.", id));
}

Outcome<std::uint64_t> Manager::watch(const std::string& id, std::size_t after,
                                      std::function<void()> wake) {
  auto g = get(id);
  if (!g) return g.failure();
  std::lock_guard lock((*g)->mu);
  if (stopping_ || (*g)->broken || (*g)->state->history().size() != after) return std::uint64_t{0};
  const std::uint64_t handle = next_watch++;
  (*g)->watchers.emplace(handle, std::move(wake));
  return handle;
}

void Manager::unwatch(const std::string& id, std::uint64_t handle) {
  GamePtr g;
  {
    std::lock_guard lock(map_mu_);
    const auto it = games_.find(id);
    if (it == games_.end()) return;
    g = it->second;
  }
  std::lock_guard lock(g->mu);
  g->watchers.erase(handle);
}

Outcome<nlohmann::json> Manager::view_at(const std::string& id, std::size_t n,
                                         const std::string& viewer, const Credentials& who) {
  std::shared_ptr<const game::Game> game;
  std::vector<game::HistoryItem> history;
  std::unique_ptr<game::State> past;
  auto checked =
      with_game(id, [&](LiveGame& g, std::unique_lock<std::mutex>&) -> Outcome<nlohmann::json> {
        if (n > g.state->history().size())
          return fail(Fault::kNotFound, fmt::format("Game {} has only {} actions, not {}.", id,
                                                    g.state->history().size(), n));
        game = g.game;
        history.assign(g.state->history().begin(),
                       g.state->history().begin() + static_cast<std::ptrdiff_t>(n));
        return nlohmann::json();
      });
  if (!checked) return checked;
  past = replay_prefix(*game, history, n, nullptr);  // outside the lock
  return with_game(id, [&](LiveGame& g, std::unique_lock<std::mutex>&) -> Outcome<nlohmann::json> {
    const Seats seats = seats_of(g, who);
    auto v = parse_viewer(*game, *past, viewer, seats, g.state->is_terminal());
    if (!v) return v.failure();
    nlohmann::json j = view_json(g, *past, *v, false, seats);
    j["at"] = n;
    return j;
  });
}

Outcome<nlohmann::json> Manager::timeline(const std::string& id, const std::string& viewer,
                                          const Credentials& who) {
  std::shared_ptr<const game::Game> game;
  std::vector<game::HistoryItem> history;
  game::Player as = game::kChancePlayer;
  auto checked =
      with_game(id, [&](LiveGame& g, std::unique_lock<std::mutex>&) -> Outcome<nlohmann::json> {
        const Seats seats = seats_of(g, who);
        auto v = parse_viewer(*g.game, *g.state, viewer, seats, g.state->is_terminal());
        if (!v) return v.failure();
        as = *v;
        game = g.game;
        history = g.state->history();
        return nlohmann::json();
      });
  if (!checked) return checked;
  // Outside the lock: one replay, reading the turn and phase of each position.
  nlohmann::json marks = nlohmann::json::array();
  auto s = game->new_initial_state();
  nlohmann::json last_turn, last_phase;
  for (std::size_t i = 0; i <= history.size(); ++i) {
    if (i > 0) s->apply_unchecked(history[i - 1].action);
    const nlohmann::json view = s->to_json(as);
    const nlohmann::json turn = view.is_object() && view.contains("turn") ? view["turn"] : nullptr;
    const nlohmann::json phase =
        view.is_object() && view.contains("phase") ? view["phase"] : nullptr;
    if (turn.is_null() && phase.is_null()) continue;
    if (i > 0 && turn == last_turn && phase == last_phase) continue;
    marks.push_back({{"at", i}, {"turn", turn}, {"phase", phase}});
    last_turn = turn;
    last_phase = phase;
  }
  return nlohmann::json{{"history_length", history.size()}, {"marks", std::move(marks)}};
}

Outcome<nlohmann::json> Manager::legal(const std::string& id, const std::string& viewer,
                                       const Credentials& who) {
  return with_game(id, [&](LiveGame& g, std::unique_lock<std::mutex>&) -> Outcome<nlohmann::json> {
    const Seats seats = seats_of(g, who);
    auto v = parse_viewer(*g.game, *g.state, viewer, seats, g.state->is_terminal());
    if (!v) return v.failure();
    const game::Player p = g.state->current_player();
    nlohmann::json legal = nlohmann::json::array();
    if (*v >= 0 && *v == p && g.human(p))
      for (game::Action a : g.state->person_actions()) legal.push_back(g.state->action_to_json(a));
    return nlohmann::json{{"history_length", g.state->history().size()},
                          {"current_player", player_text(*g.game, p)},
                          {"waiting_for", waiting_for(g, *g.state)},
                          {"legal", legal}};
  });
}

Outcome<nlohmann::json> Manager::placement(const std::string& id, const std::string& viewer,
                                           const Credentials& who, const std::string& piece) {
  return with_game(id, [&](LiveGame& g, std::unique_lock<std::mutex>&) -> Outcome<nlohmann::json> {
    const Seats seats = seats_of(g, who);
    auto v = parse_viewer(*g.game, *g.state, viewer, seats, g.state->is_terminal());
    if (!v) return v.failure();
    const game::Player p = g.state->current_player();
    nlohmann::json placement = nullptr;
    if (*v >= 0 && *v == p && g.human(p)) placement = g.state->free_placement(piece);
    return nlohmann::json{{"history_length", g.state->history().size()}, {"placement", placement}};
  });
}

Outcome<nlohmann::json> Manager::apply(const std::string& id, const ApplyRequest& request,
                                       const std::string& viewer, const Credentials& who) {
  return with_game(id, [&](LiveGame& g, std::unique_lock<std::mutex>&) -> Outcome<nlohmann::json> {
    const game::Game& game = *g.game;
    const std::size_t at = g.state->history().size();
    if (request.expect_history != at)
      return fail(Fault::kConflict,
                  fmt::format("The decision is stale: game {} has {} actions, not {}; reload it.",
                              id, at, request.expect_history));
    if (g.state->is_terminal())
      return fail(Fault::kUnprocessable, fmt::format("Game {} is over.", id));
    const game::Player p = g.state->current_player();
    if (p < 0)
      return fail(Fault::kConflict, fmt::format("Game {} is resolving a chance outcome.", id));
    const std::string& side = game.player_name(p);
    if (request.side) {
      if (!game.find_player(*request.side))
        return fail(Fault::kBadRequest,
                    fmt::format("'{}' is not a side of {}/{}: the sides are {}.",
                                game::printable(*request.side), game.ruleset(), game.scenario(),
                                fmt::join(game.player_names(), ", ")));
      if (*request.side != side)
        return fail(Fault::kUnprocessable,
                    fmt::format("It is {}'s turn, not {}'s.", side, *request.side));
    }
    if (!g.human(p))
      return fail(Fault::kUnprocessable,
                  fmt::format("It is {}'s turn, and {} is played by the agent {}.", side, side,
                              g.players[static_cast<std::size_t>(p)]));
    const Seats seats = seats_of(g, who);
    if (seats.sides.count(p) == 0) return needs_seat(fmt::format("Deciding for {}", side), side);
    game::Player v = p;
    if (!viewer.empty()) {
      auto parsed = parse_viewer(game, *g.state, viewer, seats, g.state->is_terminal());
      if (!parsed) return parsed.failure();
      v = *parsed;
    }
    if (auto s = g.state->apply(request.action); !s)
      return fail(Fault::kUnprocessable, s.message());
    settle_chance(g);
    if (auto w = persist(g, at, Durability::kPowerLoss); !w.ok()) {
      evict(g);  // the database decides: the game reloads from it
      return storage_failure(w);
    }
    changed(g);
    schedule(g);
    if (v == game::kReferee && !g.state->is_terminal()) v = game::kSpectator;
    return view_json(g, *g.state, v, true, seats);
  });
}

Outcome<nlohmann::json> Manager::odds(const std::string& id, game::Action action,
                                      const Credentials& who) {
  return with_game(id, [&](LiveGame& g, std::unique_lock<std::mutex>&) -> Outcome<nlohmann::json> {
    const game::Player p = g.state->current_player();
    if (p < 0)
      return fail(Fault::kUnprocessable,
                  fmt::format("Game {} is {}: there is no decision to weigh.", id,
                              g.state->is_terminal() ? "over" : "resolving a chance outcome"));
    if (g.human(p) && seats_of(g, who).sides.count(p) == 0)
      return needs_seat(fmt::format("Weighing {}'s decisions", g.game->player_name(p)),
                        g.game->player_name(p));
    const auto legal = g.state->person_actions();
    if (!std::binary_search(legal.begin(), legal.end(), action))
      return fail(Fault::kUnprocessable,
                  fmt::format("Action {} is not a legal decision for {} here.", action,
                              g.game->player_name(p)));
    return g.state->action_odds(action);
  });
}

Outcome<nlohmann::json> Manager::events(const std::string& id, std::size_t since,
                                        std::size_t limit) {
  return with_game(id, [&](LiveGame& g, std::unique_lock<std::mutex>&) -> Outcome<nlohmann::json> {
    const auto& all = g.log.events();
    nlohmann::json list = nlohmann::json::array();
    std::size_t i = std::min(since, all.size());
    for (; i < all.size() && list.size() < limit; ++i) {
      nlohmann::json e = core::to_json(all[i].event);
      e["index"] = i;
      e["step"] = all[i].step;
      if (!e.contains("rule")) e["rule"] = "";
      if (!e.contains("data")) e["data"] = nlohmann::json::object();
      list.push_back(std::move(e));
    }
    return nlohmann::json{{"events", list},
                          {"next", i},
                          {"total", all.size()},
                          {"history_length", g.state->history().size()}};
  });
}

Outcome<nlohmann::json> Manager::undo(const std::string& id, const UndoRequest& request,
                                      const std::string& viewer, const Credentials& who) {
  return with_game(id, [&](LiveGame& g, std::unique_lock<std::mutex>&) -> Outcome<nlohmann::json> {
    const game::Game& game = *g.game;
    const auto& history = g.state->history();
    const std::size_t at = history.size();
    std::optional<game::Player> only;
    if (request.side) {
      auto p = game.find_player(*request.side);
      if (!p)
        return fail(Fault::kBadRequest,
                    fmt::format("'{}' is not a side of {}/{}: the sides are {}.",
                                game::printable(*request.side), game.ruleset(), game.scenario(),
                                fmt::join(game.player_names(), ", ")));
      only = *p;
    }
    const Seats seats = seats_of(g, who);
    if (only && g.human(*only) && seats.sides.count(*only) == 0)
      return needs_seat(fmt::format("Taking back {}'s decisions", *request.side), *request.side);
    if (request.expect_history && *request.expect_history != at)
      return fail(Fault::kConflict,
                  fmt::format("The undo is stale: game {} has {} actions, not {}; reload it.", id,
                              at, *request.expect_history));
    // Trailing decisions of people whose seats the request holds, back to (not past) the last
    // chance outcome: a revealed die or chit is never taken back, nor an agent's decision, nor
    // a decision of a side whose seat the request does not hold.
    const std::size_t most = request.count ? *request.count : at;
    std::size_t keep = at;
    while (keep > 0 && at - keep < most) {
      const game::HistoryItem& h = history[keep - 1];
      if (h.player < 0 || !g.human(h.player) || (only && h.player != *only) ||
          seats.sides.count(h.player) == 0)
        break;
      --keep;
    }
    if (keep == at) {
      if (at > 0 && history.back().player >= 0 && g.human(history.back().player) &&
          (!only || history.back().player == *only) &&
          seats.sides.count(history.back().player) == 0) {
        const std::string& side = game.player_name(history.back().player);
        return needs_seat(fmt::format("Taking back {}'s decision", side), side);
      }
      // What cannot be taken back and why, in words (no game id: the person knows the game).
      std::string why;
      if (at == 0) {
        why = "no decision has been taken yet";
      } else if (history.back().player < 0) {
        // The roll's own report, as the log shows it: the events of the last step.
        std::string roll;
        for (const auto& e : g.log.events())
          if (!e.event.text.empty()) roll = e.event.text;
        why = fmt::format(
            "the last thing that happened was a roll of the dice{}, and a roll once seen is never "
            "taken back (or a player could roll again until the dice suited them); your decisions "
            "since the roll, if any, are the ones undo takes back",
            roll.empty() ? std::string() : fmt::format(" ({})", game::printable(roll, 160)));
      } else if (!g.human(history.back().player)) {
        why = fmt::format(
            "the last decision was the computer's, playing {}, and undo takes back only your own "
            "decisions",
            game.player_name(history.back().player));
      } else {
        why = fmt::format(
            "the last decision was {}'s, and undo takes back only the decisions of the sides you "
            "play",
            game.player_name(history.back().player));
      }
      return fail(Fault::kConflict, fmt::format("Nothing can be taken back: {}.", why));
    }
    const std::size_t taken = at - keep;
    const game::Player first = history[keep].player;
    // Rebuild the position (and its events) from the start.
    const std::vector<game::HistoryItem> kept(history.begin(),
                                              history.begin() + static_cast<std::ptrdiff_t>(keep));
    std::unique_ptr<game::State> old = std::move(g.state);
    g.log.clear();
    g.state = g.game->new_initial_state();
    g.log.attach(*g.state);
    for (const auto& h : kept) g.state->apply_unchecked(h.action);
    std::erase_if(g.time_limited, [&](std::size_t i) { return i >= keep; });
    g.updated = iso_now();
    if (auto w = store_.truncate(id, at, keep, summarize(g)); !w.ok()) {
      evict(g);
      return storage_failure(w);
    }
    old.reset();
    changed(g);
    schedule(g);
    game::Player v = first;
    if (!viewer.empty()) {
      auto parsed = parse_viewer(game, *g.state, viewer, seats, g.state->is_terminal());
      if (!parsed) return parsed.failure();
      v = *parsed;
    }
    nlohmann::json j = view_json(g, *g.state, v, true, seats);
    j["undone"] = taken;
    return j;
  });
}

Outcome<nlohmann::json> Manager::remove(const std::string& id, const Credentials& who) {
  return with_game(id, [&](LiveGame& g, std::unique_lock<std::mutex>&) -> Outcome<nlohmann::json> {
    const Seats seats = seats_of(g, who);
    bool anyone = false;
    for (std::size_t p = 0; p < g.players.size(); ++p) {
      const auto side = static_cast<game::Player>(p);
      if (!g.human(side)) continue;
      anyone = true;
      if (seats.sides.count(side) == 0)
        return needs_seat("Deleting the game", g.game->player_name(side));
    }
    if (!anyone && !seats.owner && !g.header.open_seats)
      return fail(Fault::kForbidden,
                  "Deleting a game no person plays needs its owner token (sent in the Seat-Token "
                  "header).");
    if (auto w = store_.remove(id); !w.ok()) {
      evict(g);
      return storage_failure(w);
    }
    evict(g);  // wakes its long polls; an agent thinking over it drops its answer
    return nlohmann::json{{"deleted", id}};
  });
}

Outcome<nlohmann::json> Manager::record(const std::string& id) {
  std::unique_ptr<game::State> copy;
  std::map<std::string, std::string> players;
  std::uint64_t seed = 0;
  game::RecordDraws draws;
  auto got =
      with_game(id, [&](LiveGame& g, std::unique_lock<std::mutex>&) -> Outcome<nlohmann::json> {
        copy = g.state->clone();
        players = g.header.players;
        seed = g.header.seed;
        if (g.secret_dice()) {
          draws.dice = game::DiceDraw::kCommitted;
          draws.dice_commitment = g.header.dice_commitment;
          // The secret only once the game is over: before, it would tell every roll to come.
          if (g.state->is_terminal()) draws.dice_secret = g.header.dice_secret;
        } else {
          draws.dice = game::DiceDraw::kIndexed;
        }
        draws.agent_draw =
            g.header.fresh_agents ? game::AgentDraw::kPerDecision : game::AgentDraw::kUnknown;
        draws.agent_time_limited = g.time_limited;
        return nlohmann::json();
      });
  if (!got) return got;
  // make_record replays the history to name the actions: done outside the game's lock.
  return game::record_to_json(game::make_record(*copy, seed, players, draws));
}

}  // namespace carroccio::server
