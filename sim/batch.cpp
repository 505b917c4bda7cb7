#include "sim/batch.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <map>
#include <mutex>
#include <thread>

#include "fmt/format.h"
#include "sim/playout.hpp"

namespace carroccio::sim {

namespace {

constexpr double kZ95 = 1.959963984540054;

nlohmann::json interval_json(const Interval& i) {
  return {{"estimate", i.estimate}, {"low", i.low}, {"high", i.high}};
}

// A distribution of numbers: count, mean, min, max and [value, count] pairs in value order.
nlohmann::json distribution_json(const std::map<double, std::uint64_t>& counts) {
  std::uint64_t n = 0;
  double sum = 0;
  nlohmann::json values = nlohmann::json::array();
  for (const auto& [v, c] : counts) {
    n += c;
    sum += v * static_cast<double>(c);
    values.push_back({v, c});
  }
  nlohmann::json j = {{"count", n}, {"histogram", values}};
  if (n > 0) {
    j["mean"] = sum / static_cast<double>(n);
    j["min"] = counts.begin()->first;
    j["max"] = counts.rbegin()->first;
  }
  return j;
}

// Reading an aggregate back: the first problem is kept as one sentence.
class AggregateReader {
 public:
  explicit AggregateReader(std::string_view source) : source_(source) {}
  bool fail(const std::string& field, const std::string& what) {
    if (error_.empty())
      error_ = fmt::format("{}: '{}' {}; it is not the output of 'carroccio sim --json'.", source_,
                           field, what);
    return false;
  }
  const std::string& error() const { return error_; }
  const nlohmann::json* get(const nlohmann::json& obj, const std::string& field, const char* key) {
    if (!obj.is_object() || !obj.contains(key)) {
      fail(field.empty() ? std::string(key) : field + "." + key, "is missing");
      return nullptr;
    }
    return &obj[key];
  }
  bool count(const nlohmann::json& obj, const std::string& field, const char* key,
             std::uint64_t& out) {
    const nlohmann::json* v = get(obj, field, key);
    if (!v) return false;
    if (!v->is_number_unsigned() && !(v->is_number_integer() && v->get<std::int64_t>() >= 0))
      return fail(field.empty() ? std::string(key) : field + "." + key,
                  "is not a whole number of at least 0");
    out = v->get<std::uint64_t>();
    return true;
  }
  bool histogram(const nlohmann::json& dist, const std::string& field,
                 std::map<double, std::uint64_t>& out) {
    const nlohmann::json* h = get(dist, field, "histogram");
    if (!h) return false;
    if (!h->is_array()) return fail(field + ".histogram", "is not a list");
    for (const auto& pair : *h) {
      if (!pair.is_array() || pair.size() != 2 || !pair[0].is_number() ||
          !pair[1].is_number_unsigned())
        return fail(field + ".histogram", "holds something other than [value, count] pairs");
      out[pair[0].get<double>()] += pair[1].get<std::uint64_t>();
    }
    return true;
  }

 private:
  std::string source_;
  std::string error_;
};

template <typename K>
void add_counts(std::map<K, std::uint64_t>& into, const std::map<K, std::uint64_t>& from) {
  for (const auto& [k, c] : from) into[k] += c;
}

// Shared by the workers of one batch.
struct Shared {
  const game::Game& game;
  const BatchConfig& config;
  std::vector<Tally> tallies;  // one per worker
  std::vector<std::int8_t>& winners;
  std::atomic<std::uint64_t> next{0};
  std::atomic<std::uint64_t> done{0};
  std::atomic<bool> failed{false};
  std::mutex mutex;
  std::condition_variable finished;
  std::uint64_t error_index = UINT64_MAX;
  std::string error;
  int running = 0;
  // Outcomes finished ahead of the next one to hand to on_game, by game number in the batch.
  std::mutex order_mutex;
  std::map<std::uint64_t, GameOutcome> waiting;
  std::uint64_t next_to_hand = 0;
};

void record_error(Shared& shared, std::uint64_t index, std::string message) {
  std::lock_guard lock(shared.mutex);
  if (index < shared.error_index) {
    shared.error_index = index;
    shared.error = std::move(message);
  }
  shared.failed = true;
}

// Hands `o` (game number k of the batch) and every outcome it unblocks to on_game, in order.
void hand_in_order(Shared& shared, std::uint64_t k, const GameOutcome& o) {
  std::lock_guard lock(shared.order_mutex);
  if (k != shared.next_to_hand) {
    shared.waiting.emplace(k, o);  // a copy only when it finished ahead of its turn
    return;
  }
  shared.config.on_game(o);
  ++shared.next_to_hand;
  for (auto it = shared.waiting.begin();
       it != shared.waiting.end() && it->first == shared.next_to_hand;
       it = shared.waiting.erase(it)) {
    shared.config.on_game(it->second);
    ++shared.next_to_hand;
  }
}

void worker(Shared& shared, std::size_t slot) {
  const game::Game& game = shared.game;
  const auto n_sides = static_cast<std::size_t>(game.num_players());
  PlayoutOptions options;
  options.max_steps = shared.config.max_steps;
  options.record_history = false;  // the statistics need only the final state
  Tally& tally = shared.tallies[slot];
  GameOutcome o;  // reused game after game: its lists keep their storage
  for (;;) {
    if (shared.failed) break;
    const std::uint64_t k = shared.next.fetch_add(1);
    if (k >= shared.config.games) break;
    const std::uint64_t i = shared.config.first_game + k;
    // Fresh agents for every game: an agent's memory never links two games.
    std::vector<std::unique_ptr<ai::Agent>> owned;
    std::vector<ai::Agent*> agents;
    bool ok = true;
    for (std::size_t p = 0; p < n_sides; ++p) {
      auto agent = ai::make_agent(shared.config.agents[p], game, static_cast<game::Player>(p));
      if (!agent) {
        record_error(shared, i, agent.message());
        ok = false;
        break;
      }
      agents.push_back(agent->get());
      owned.push_back(std::move(*agent));
    }
    if (!ok) break;
    auto result = play_game(game, agents, shared.config.seed, i, options);
    if (!result) {
      record_error(shared, i, fmt::format("Game {}: {}", i, result.message()));
      break;
    }
    o.index = i;
    o.returns = result->state->returns();
    o.winner = winner_of(o.returns);
    result->state->result_facts(o.facts);
    o.decisions = result->decisions;
    o.chance_steps = result->chance_steps;
    result->state.reset();
    tally.add(o);
    if (shared.config.keep_winners)
      shared.winners[static_cast<std::size_t>(k)] = static_cast<std::int8_t>(o.winner);
    if (shared.config.on_game) hand_in_order(shared, k, o);
    shared.done.fetch_add(1);
  }
  std::lock_guard lock(shared.mutex);
  --shared.running;
  shared.finished.notify_all();
}

}  // namespace

Tally::Tally(std::vector<std::string> sides)
    : sides_(std::move(sides)),
      wins_(sides_.size(), 0),
      ahead_(sides_.size(), 0),
      scores_(sides_.size()) {}

void Tally::add(const GameOutcome& o) {
  ++games_;
  if (o.winner >= 0 && static_cast<std::size_t>(o.winner) < wins_.size())
    ++wins_[static_cast<std::size_t>(o.winner)];
  else
    ++draws_;
  decisions_ += o.decisions;
  steps_ += o.decisions + o.chance_steps;
  const game::ResultFacts& f = o.facts;
  if (f.has_points) {
    ++with_points_;
    if (o.winner < 0)
      for (std::size_t p = 0; p < sides_.size(); ++p)
        if (f.points_ahead == sides_[p]) ++ahead_[p];
  }
  if (o.index < label_game_) {
    label_game_ = o.index;
    label_ = f.score_label;
  }
  ++reasons_[f.end_reason.empty() ? std::string("unspecified") : f.end_reason];
  if (f.has_turn) ++turns_[f.turn];
  for (std::size_t k = 0; k < f.score_sides.size(); ++k)
    for (std::size_t p = 0; p < sides_.size(); ++p)
      if (f.score_sides[k] == sides_[p]) ++scores_[p][f.scores[k]];
  if (by_place_.size() < f.piece_count) by_place_.resize(f.piece_count, nullptr);
  for (std::size_t place = 0; place < f.piece_count; ++place) {
    const game::ResultFacts::Piece& piece = f.pieces[place];
    if (piece.id.empty()) continue;
    Piece* p = by_place_[place];
    if (p == nullptr || p->id != piece.id) {
      auto it = pieces_.find(std::string_view(piece.id));
      if (it == pieces_.end()) {
        it = pieces_.emplace(piece.id, Piece{}).first;
        it->second.id = piece.id;
        it->second.first_game = UINT64_MAX;
      }
      p = by_place_[place] = &it->second;
    }
    if (o.index < p->first_game || (o.index == p->first_game && place < p->first_place)) {
      p->first_game = o.index;
      p->first_place = place;
      p->side = piece.side;
    }
    auto fate = std::find_if(p->fates.begin(), p->fates.end(),
                             [&](const auto& entry) { return entry.first == piece.fate; });
    if (fate == p->fates.end())
      p->fates.emplace_back(piece.fate, 1);
    else
      ++fate->second;
  }
}

void Tally::merge(const Tally& other) {
  if (sides_.empty()) {
    *this = other;
    return;
  }
  if (other.label_game_ < label_game_) {
    label_game_ = other.label_game_;
    label_ = other.label_;
  }
  games_ += other.games_;
  draws_ += other.draws_;
  with_points_ += other.with_points_;
  decisions_ += other.decisions_;
  steps_ += other.steps_;
  for (std::size_t p = 0; p < wins_.size() && p < other.wins_.size(); ++p) {
    wins_[p] += other.wins_[p];
    if (p < ahead_.size() && p < other.ahead_.size()) ahead_[p] += other.ahead_[p];
    add_counts(scores_[p], other.scores_[p]);
  }
  add_counts(reasons_, other.reasons_);
  add_counts(turns_, other.turns_);
  by_place_.clear();  // the map may rebalance; entries never move, but keep it simple
  for (const auto& [id, theirs] : other.pieces_) {
    auto [it, inserted] = pieces_.try_emplace(id, theirs);
    if (inserted) continue;
    Piece& mine = it->second;
    if (theirs.first_game < mine.first_game ||
        (theirs.first_game == mine.first_game && theirs.first_place < mine.first_place)) {
      mine.first_game = theirs.first_game;
      mine.first_place = theirs.first_place;
      mine.side = theirs.side;
    }
    for (const auto& [fate, count] : theirs.fates) {
      auto f = std::find_if(mine.fates.begin(), mine.fates.end(),
                            [&wanted = fate](const auto& entry) { return entry.first == wanted; });
      if (f == mine.fates.end())
        mine.fates.emplace_back(fate, count);
      else
        f->second += count;
    }
  }
}

nlohmann::json Tally::to_json() const {
  const std::uint64_t n = games_;
  nlohmann::json sides = nlohmann::json::array();
  for (std::size_t p = 0; p < sides_.size(); ++p) {
    nlohmann::json side = {{"side", sides_[p]},
                           {"wins", wins_[p]},
                           {"win_rate", interval_json(wilson_interval(wins_[p], n))},
                           {"score", distribution_json(scores_[p])}};
    if (with_points_ > 0) {
      // Draws the side ended ahead on points, and wins plus those: "won or led on points".
      side["draws_ahead"] = ahead_[p];
      side["draw_ahead_rate"] = interval_json(wilson_interval(ahead_[p], n));
      side["wins_or_ahead"] = wins_[p] + ahead_[p];
      side["win_or_ahead_rate"] = interval_json(wilson_interval(wins_[p] + ahead_[p], n));
    }
    sides.push_back(side);
  }
  // Pieces in the order of their first appearance.
  std::vector<const std::pair<const std::string, Piece>*> order;
  for (const auto& entry : pieces_) order.push_back(&entry);
  std::sort(order.begin(), order.end(), [](const auto* a, const auto* b) {
    if (a->second.first_game != b->second.first_game)
      return a->second.first_game < b->second.first_game;
    if (a->second.first_place != b->second.first_place)
      return a->second.first_place < b->second.first_place;
    return a->first < b->first;
  });
  nlohmann::json piece_list = nlohmann::json::array();
  for (const auto* entry : order) {
    nlohmann::json f = nlohmann::json::object();  // an object: sorted by fate
    for (const auto& [fate, count] : entry->second.fates) f[fate] = count;
    piece_list.push_back({{"id", entry->first},
                          {"side", entry->second.side},
                          {"fates", f},
                          {"first_seen", {entry->second.first_game, entry->second.first_place}}});
  }
  nlohmann::json reason_json = nlohmann::json::object();
  for (const auto& [r, c] : reasons_) reason_json[r] = c;
  const double dn = static_cast<double>(n);
  return {{"games", n},
          {"sides", sides},
          {"draws", draws_},
          {"draw_rate", interval_json(wilson_interval(draws_, n))},
          {"games_with_points", with_points_},
          {"end_reasons", reason_json},
          {"deciding_turn", distribution_json(turns_)},
          {"pieces", piece_list},
          {"decisions", decisions_},
          {"steps", steps_},
          {"mean_decisions", n ? static_cast<double>(decisions_) / dn : 0.0},
          {"mean_steps", n ? static_cast<double>(steps_) / dn : 0.0}};
}

core::Expected<Tally> Tally::from_json(const nlohmann::json& agg, std::string_view source) {
  AggregateReader rd(source);
  Tally t;
  auto failed = [&]() { return core::make_error(rd.error()); };
  if (!agg.is_object()) {
    rd.fail("aggregate", "is not an object");
    return failed();
  }
  if (!rd.count(agg, "aggregate", "games", t.games_) ||
      !rd.count(agg, "aggregate", "draws", t.draws_) ||
      (agg.contains("games_with_points") &&
       !rd.count(agg, "aggregate", "games_with_points", t.with_points_)) ||
      !rd.count(agg, "aggregate", "decisions", t.decisions_) ||
      !rd.count(agg, "aggregate", "steps", t.steps_))
    return failed();
  const nlohmann::json* sides = rd.get(agg, "aggregate", "sides");
  if (!sides) return failed();
  if (!sides->is_array() || sides->empty()) {
    rd.fail("aggregate.sides", "is not a list of sides");
    return failed();
  }
  for (std::size_t p = 0; p < sides->size(); ++p) {
    const std::string field = fmt::format("aggregate.sides[{}]", p);
    const nlohmann::json& side = (*sides)[p];
    const nlohmann::json* name = rd.get(side, field, "side");
    if (!name) return failed();
    if (!name->is_string()) {
      rd.fail(field + ".side", "is not a name");
      return failed();
    }
    std::uint64_t wins = 0;
    if (!rd.count(side, field, "wins", wins)) return failed();
    const nlohmann::json* score = rd.get(side, field, "score");
    if (!score) return failed();
    std::map<double, std::uint64_t> hist;
    if (!rd.histogram(*score, field + ".score", hist)) return failed();
    std::uint64_t ahead = 0;
    if (side.contains("draws_ahead") && !rd.count(side, field, "draws_ahead", ahead))
      return failed();
    t.sides_.push_back(name->get<std::string>());
    t.wins_.push_back(wins);
    t.ahead_.push_back(ahead);
    t.scores_.push_back(std::move(hist));
  }
  const nlohmann::json* reasons = rd.get(agg, "aggregate", "end_reasons");
  if (!reasons) return failed();
  if (!reasons->is_object()) {
    rd.fail("aggregate.end_reasons", "is not an object");
    return failed();
  }
  for (const auto& [r, c] : reasons->items()) {
    if (!c.is_number_unsigned()) {
      rd.fail("aggregate.end_reasons." + r, "is not a count");
      return failed();
    }
    t.reasons_[r] = c.get<std::uint64_t>();
  }
  const nlohmann::json* turns = rd.get(agg, "aggregate", "deciding_turn");
  if (!turns || !rd.histogram(*turns, "aggregate.deciding_turn", t.turns_)) return failed();
  const nlohmann::json* pieces = rd.get(agg, "aggregate", "pieces");
  if (!pieces) return failed();
  if (!pieces->is_array()) {
    rd.fail("aggregate.pieces", "is not a list");
    return failed();
  }
  for (std::size_t k = 0; k < pieces->size(); ++k) {
    const std::string field = fmt::format("aggregate.pieces[{}]", k);
    const nlohmann::json& piece = (*pieces)[k];
    const nlohmann::json* id = rd.get(piece, field, "id");
    const nlohmann::json* side = id ? rd.get(piece, field, "side") : nullptr;
    const nlohmann::json* fates = side ? rd.get(piece, field, "fates") : nullptr;
    const nlohmann::json* seen = fates ? rd.get(piece, field, "first_seen") : nullptr;
    if (!seen) return failed();
    if (!id->is_string() || !side->is_string() || !fates->is_object() || !seen->is_array() ||
        seen->size() != 2 || !(*seen)[0].is_number_unsigned() || !(*seen)[1].is_number_unsigned()) {
      rd.fail(field, "is not a piece with id, side, fates and first_seen");
      return failed();
    }
    Piece p;
    p.side = side->get<std::string>();
    p.first_game = (*seen)[0].get<std::uint64_t>();
    p.first_place = (*seen)[1].get<std::uint64_t>();
    p.id = id->get<std::string>();
    for (const auto& [fate, c] : fates->items()) {
      if (!c.is_number_unsigned()) {
        rd.fail(field + ".fates." + fate, "is not a count");
        return failed();
      }
      p.fates.emplace_back(fate, c.get<std::uint64_t>());
    }
    t.pieces_[p.id] = std::move(p);
  }
  return t;
}

void PairTally::add(int winner_a, int winner_b) {
  ++games;
  changed += winner_a != winner_b;
  const std::size_t draw = counts.size() - 1;
  for (std::size_t r = 0; r < counts.size(); ++r) {
    const int who = r == draw ? -1 : static_cast<int>(r);
    ++counts[r][winner_a == who][winner_b == who];
  }
}

void PairTally::merge(const PairTally& other) {
  games += other.games;
  changed += other.changed;
  for (std::size_t r = 0; r < counts.size() && r < other.counts.size(); ++r)
    for (int x = 0; x < 2; ++x)
      for (int y = 0; y < 2; ++y) counts[r][x][y] += other.counts[r][x][y];
}

nlohmann::json PairTally::to_json(const std::vector<std::string>& sides) const {
  nlohmann::json rates = nlohmann::json::array();
  for (std::size_t r = 0; r < counts.size(); ++r) {
    const auto& c = counts[r];
    const std::uint64_t in_a = c[1][0] + c[1][1], in_b = c[0][1] + c[1][1];
    nlohmann::json row = {
        {"a", interval_json(wilson_interval(in_a, games))},
        {"b", interval_json(wilson_interval(in_b, games))},
        {"difference", interval_json(mean_interval_of_signs(c[1][0], c[0][0] + c[1][1], c[0][1]))},
        {"pairs", {{c[0][0], c[0][1]}, {c[1][0], c[1][1]}}}};
    if (r + 1 == counts.size()) {
      row["result"] = "draw";
    } else {
      row["result"] = "win";
      row["side"] = r < sides.size() ? sides[r] : std::string();
    }
    rates.push_back(row);
  }
  return {{"games", games}, {"changed", changed}, {"rates", rates}};
}

core::Expected<PairTally> PairTally::from_json(const nlohmann::json& comparison, std::size_t sides,
                                               std::string_view source) {
  AggregateReader rd(source);
  PairTally t(sides);
  if (!rd.count(comparison, "comparison", "games", t.games) ||
      !rd.count(comparison, "comparison", "changed", t.changed))
    return core::make_error(rd.error());
  const nlohmann::json* rates = rd.get(comparison, "comparison", "rates");
  if (!rates) return core::make_error(rd.error());
  if (!rates->is_array() || rates->size() != sides + 1) {
    rd.fail("comparison.rates", fmt::format("is not a list of {} results", sides + 1));
    return core::make_error(rd.error());
  }
  for (std::size_t r = 0; r <= sides; ++r) {
    const nlohmann::json* pairs =
        rd.get((*rates)[r], fmt::format("comparison.rates[{}]", r), "pairs");
    if (!pairs) return core::make_error(rd.error());
    bool ok = pairs->is_array() && pairs->size() == 2;
    for (int x = 0; ok && x < 2; ++x) {
      ok = (*pairs)[x].is_array() && (*pairs)[x].size() == 2;
      for (int y = 0; ok && y < 2; ++y) {
        ok = (*pairs)[x][y].is_number_unsigned();
        if (ok) t.counts[r][x][y] = (*pairs)[x][y].get<std::uint64_t>();
      }
    }
    if (!ok) {
      rd.fail(fmt::format("comparison.rates[{}].pairs", r), "is not a 2 x 2 table of counts");
      return core::make_error(rd.error());
    }
  }
  return t;
}

int winner_of(const std::vector<double>& returns) {
  int best = -1;
  for (std::size_t p = 0; p < returns.size(); ++p) {
    bool strictly = true;
    for (std::size_t q = 0; q < returns.size(); ++q)
      if (q != p && returns[q] >= returns[p]) strictly = false;
    if (strictly) best = static_cast<int>(p);
  }
  return best;
}

Interval wilson_interval(std::uint64_t successes, std::uint64_t trials) {
  if (trials == 0) return {0, 0, 1};
  const double n = static_cast<double>(trials);
  const double p = static_cast<double>(successes) / n;
  const double z2 = kZ95 * kZ95;
  const double denom = 1 + z2 / n;
  const double centre = (p + z2 / (2 * n)) / denom;
  const double half = kZ95 * std::sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom;
  return {p, std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

Interval mean_interval(const std::vector<double>& values) {
  if (values.empty()) return {0, 0, 0};
  const double n = static_cast<double>(values.size());
  double sum = 0;
  for (double v : values) sum += v;
  const double mean = sum / n;
  if (values.size() < 2) return {mean, mean, mean};
  double ss = 0;
  for (double v : values) ss += (v - mean) * (v - mean);
  const double se = std::sqrt(ss / (n - 1)) / std::sqrt(n);
  return {mean, mean - kZ95 * se, mean + kZ95 * se};
}

Interval mean_interval_of_signs(std::uint64_t minus, std::uint64_t zero, std::uint64_t plus) {
  const std::uint64_t count = minus + zero + plus;
  if (count == 0) return {0, 0, 0};
  const double n = static_cast<double>(count);
  const double mean = (static_cast<double>(plus) - static_cast<double>(minus)) / n;
  if (count < 2) return {mean, mean, mean};
  const double ss = static_cast<double>(minus) * (1 + mean) * (1 + mean) +
                    static_cast<double>(zero) * mean * mean +
                    static_cast<double>(plus) * (1 - mean) * (1 - mean);
  const double se = std::sqrt(ss / (n - 1)) / std::sqrt(n);
  return {mean, mean - kZ95 * se, mean + kZ95 * se};
}

core::Expected<BatchResult> run_batch(const game::Game& game, const BatchConfig& config) {
  if (config.games == 0) return core::make_error("A batch needs at least one game.");
  if (config.threads < 1) return core::make_error("A batch needs at least one thread.");
  if (config.first_game > UINT64_MAX - config.games)
    return core::make_error("The games of the batch would run past the last game number.");
  if (config.agents.size() != static_cast<std::size_t>(game.num_players()))
    return core::make_error(fmt::format("{}/{} has {} sides, but {} agents were given.",
                                        game.ruleset(), game.scenario(), game.num_players(),
                                        config.agents.size()));
  for (std::size_t p = 0; p < config.agents.size(); ++p)
    if (auto agent = ai::make_agent(config.agents[p], game, static_cast<game::Player>(p)); !agent)
      return core::make_error(agent.message());

  BatchResult out;
  if (config.keep_winners) out.winners.assign(static_cast<std::size_t>(config.games), -1);
  Shared shared{game, config, {}, out.winners};
  const int threads = static_cast<int>(
      std::min<std::uint64_t>(static_cast<std::uint64_t>(config.threads), config.games));
  shared.tallies.assign(static_cast<std::size_t>(threads), Tally(game.player_names()));
  shared.running = threads;
  std::vector<std::thread> pool;
  pool.reserve(static_cast<std::size_t>(threads));
  for (int t = 0; t < threads; ++t)
    pool.emplace_back(worker, std::ref(shared), static_cast<std::size_t>(t));
  {
    std::unique_lock lock(shared.mutex);
    const auto interval = std::chrono::milliseconds(std::max(1, config.progress_interval_ms));
    while (shared.running > 0) {
      shared.finished.wait_for(lock, interval, [&] { return shared.running == 0; });
      if (config.progress && shared.running > 0) {
        lock.unlock();
        config.progress(shared.done.load(), config.games);
        lock.lock();
      }
    }
  }
  for (auto& t : pool) t.join();
  if (shared.failed) return core::make_error(shared.error);
  if (config.progress) config.progress(config.games, config.games);
  out.tally = Tally(game.player_names());
  for (const auto& t : shared.tallies) out.tally.merge(t);
  return out;
}

core::Expected<std::vector<GameOutcome>> collect_batch(const game::Game& game, BatchConfig config) {
  std::vector<GameOutcome> outcomes;
  config.on_game = [&](const GameOutcome& o) { outcomes.push_back(o); };
  auto result = run_batch(game, config);
  if (!result) return result.error();
  return outcomes;
}

nlohmann::json aggregate(const game::Game& game, const std::vector<GameOutcome>& outcomes) {
  Tally t(game.player_names());
  for (const auto& o : outcomes) t.add(o);
  return t.to_json();
}

nlohmann::json compare(const game::Game& game, const std::vector<GameOutcome>& a,
                       const std::vector<GameOutcome>& b) {
  PairTally t(static_cast<std::size_t>(game.num_players()));
  for (std::size_t i = 0; i < a.size() && i < b.size(); ++i) t.add(a[i].winner, b[i].winner);
  return t.to_json(game.player_names());
}

}  // namespace carroccio::sim
