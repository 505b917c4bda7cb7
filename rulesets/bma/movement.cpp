// Movement (4.0), zones of control (4.1), stacking (4.2), facing (7.2) and command radius
// (7.1) as they limit movement.
#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <type_traits>

#include "fmt/format.h"
#include "rulesets/bma/state.hpp"

namespace carroccio::bma {
namespace {

constexpr std::int16_t kUnreached = 0x7fff;

// Reusable search buffers: a playout never allocates after the first search. A search touches
// only the (hex, facing) keys it reaches: an entry of cost/prev counts only if its stamp is the
// current search's epoch, so nothing is cleared between searches, and `reached` lists the keys
// found (the destinations), so no scan of the whole board is needed.
struct Reach {
  std::vector<std::int16_t> cost;
  std::vector<std::int32_t> prev;
  std::vector<std::uint32_t> stamp;       // key reached in the search of this epoch
  std::vector<std::uint32_t> stop_stamp;  // hex ends a move in the search of this epoch (4.0)
  std::vector<std::int32_t> reached;      // keys reached, in the order first reached
  std::uint32_t epoch = 0;
  std::vector<std::vector<std::int32_t>> buckets;
  // The inputs of the last search (the game, the piece, every unit and leader): legal_moves and
  // then move_piece ask the same question of the same position, and the answer is reused.
  const void* game = nullptr;
  int piece = -1;
  bool is_leader = false;
  std::vector<UnitState> units;
  std::vector<LeaderState> leaders;
  int start_key = -1;
  int mp = 0;
  bool use_facing = false;
  bool vertex = false;
};

Reach& reach_buffers() {
  thread_local Reach r;
  return r;
}

}  // namespace

bool BmaState::is_front_of(int u, int hex) const {
  const int dir = bma_->board().direction(unit(u).hex, hex);
  // 7.2.1: with facing, only the front hexes count; the Carroccio faces every way.
  return dir >= 0 && front_dir(u, dir);
}

int BmaState::arc_from(int defender, int hex) const {
  if (!bma_->rules().facing || is_carroccio(defender)) return 0;
  const int dir = bma_->board().direction(unit(defender).hex, hex);
  return dir < 0 ? 0 : bma_->board().arc(unit(defender).facing, dir);
}

bool BmaState::in_zoc_of(int hex, int side) const {
  const auto& nbs = bma_->board().neighbors(hex);
  // Only the neighbours holding a unit of `side` can exert a zone of control.
  for (unsigned mask = side_neighbours(hex, side); mask != 0; mask &= mask - 1) {
    const int d = std::countr_zero(mask);
    const int e = unit_at(nbs[static_cast<std::size_t>(d)]);
    // is_front_of(e, hex): hex lies in direction d + 3 from e.
    if (exerts_zoc(e) && front_dir(e, (d + 3) % 6)) return true;
  }
  return false;
}

bool BmaState::in_enemy_zoc(int u) const { return in_zoc_of(unit(u).hex, 1 - side_of(u)); }

bool BmaState::stops_movement(int hex, int side) const {
  // 4.0 / ruling L-30: entering a hex next to any enemy combat unit ends the move (with
  // facing, only an enemy's front hex does: is_front_of(e, hex), knowing the direction).
  const BmaGame& g = *bma_;
  const unsigned enemies = side_neighbours(hex, 1 - side);
  if (enemies == 0 || !g.rules().facing) return enemies != 0;
  const Board& b = g.board();
  const auto& nbs = b.neighbors(hex);
  for (unsigned mask = enemies; mask != 0; mask &= mask - 1) {
    const int d = std::countr_zero(mask);
    const int e = unit_at(nbs[static_cast<std::size_t>(d)]);
    if (is_carroccio(e) || b.arc(unit(e).facing, (d + 3) % 6) == 0) return true;
  }
  return false;
}

namespace {
template <class T>
bool same_bytes(const std::vector<T>& a, const std::vector<T>& b) {
  static_assert(std::has_unique_object_representations_v<T>);
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(T)) == 0;
}
}  // namespace

inline int BmaState::enter_cost(const Mover& m, int from, int to, int l2) const {
  const BmaGame& g = *bma_;
  const std::uint8_t occupant = occ_[static_cast<std::size_t>(to)];
  if (m.is_leader) {
    // Ruling L-4: a leader passes through friendly units, never into an enemy's hex.
    const int os = g.occupant_side(occupant);
    if (os != BmaGame::kNoSide && os != m.side) return -1;
    if (l2 >= 0 && g.leader_side(l2) != m.side) return -1;
  } else if (m.disordered &&
             g.board().edge_distance(to, m.home) >= g.board().edge_distance(from, m.home)) {
    return -1;  // 5.3 D
  }
  // 4.2 Terrain Effects Chart / 9.6 (ruling L-48); the Carroccio pays 1 and enters clear
  // hexes only (9.3.2): the game's table by hex and type, -1 where it may not enter.
  const int mp = g.terrain_mp(to, m.type);
  // 4.0: a unit never moves through another unit. (mp | -1 is -1: no branch on the occupant,
  // which a random game makes unpredictable.)
  const bool blocked = !m.is_leader && occupant != kNoOccupant;
  return mp | -static_cast<int>(blocked);
}

inline int BmaState::enter_cost(const Mover& m, int from, int to) const {
  return enter_cost(m, from, to, m.is_leader ? leader_at(to) : -1);
}

bool BmaState::leader_may_end(int l, int hex) const {
  // 4.2: at most one leader a hex when a move ends.
  if (!leader_in(hex)) return true;
  for (int l2 = 0; l2 < bma_->num_leaders(); ++l2)
    if (l2 != l && leaders_[static_cast<std::size_t>(l2)].hex == hex) return false;
  return true;
}

void BmaState::compute_reach(const Mover& m, int start_hex, int start_fi, int mp) const {
  const BmaGame& g = *bma_;
  const Board& b = g.board();
  Reach& r = reach_buffers();
  const int n = b.size();
  // The search depends only on the game, the piece, where it starts, its movement points, and
  // the units' and leaders' states.
  if (r.game == bma_.get() && r.piece == m.piece && r.is_leader == m.is_leader &&
      r.start_key == start_hex * 6 + start_fi && r.mp == mp && r.epoch > 0 &&
      same_bytes(r.units, units_) && same_bytes(r.leaders, leaders_))
    return;
  r.game = bma_.get();
  r.piece = m.piece;
  r.is_leader = m.is_leader;
  r.units.assign(units_.begin(), units_.end());
  r.leaders.assign(leaders_.begin(), leaders_.end());
  if (r.stamp.size() != static_cast<std::size_t>(n) * 6 || r.epoch == UINT32_MAX) {
    r.cost.assign(static_cast<std::size_t>(n) * 6, kUnreached);
    r.prev.assign(static_cast<std::size_t>(n) * 6, -1);
    r.stamp.assign(static_cast<std::size_t>(n) * 6, 0);
    r.stop_stamp.assign(static_cast<std::size_t>(n), 0);
    r.reached.reserve(static_cast<std::size_t>(n) * 6);
    r.epoch = 0;
  }
  const std::uint32_t epoch = ++r.epoch;
  r.reached.clear();
  r.mp = mp;
  r.use_facing = m.use_facing;
  r.vertex = m.vertex;
  for (int e = 0; e < g.num_units(); ++e) {
    if (!alive(e) || side_of(e) == m.side) continue;
    // is_front_of(e, nb) for each neighbour nb, knowing its direction d.
    const bool all_round = !g.rules().facing || is_carroccio(e);
    for (int d = 0; d < 6; ++d) {
      const int nb = b.neighbor(unit(e).hex, d);
      if (nb != kNoHex && (all_round || b.arc(unit(e).facing, d) == 0))
        r.stop_stamp[static_cast<std::size_t>(nb)] = epoch;
    }
  }
  r.start_key = start_hex * 6 + start_fi;
  if (static_cast<int>(r.buckets.size()) < mp + 1)
    r.buckets.resize(static_cast<std::size_t>(mp) + 1);
  for (auto& bucket : r.buckets) bucket.clear();
  r.cost[static_cast<std::size_t>(r.start_key)] = 0;
  r.prev[static_cast<std::size_t>(r.start_key)] = -1;
  r.stamp[static_cast<std::size_t>(r.start_key)] = epoch;
  r.reached.push_back(r.start_key);
  r.buckets[0].push_back(r.start_key);
  auto relax = [&](int key, int c, int from) {
    if (c > mp) return;
    const auto k = static_cast<std::size_t>(key);
    if (r.stamp[k] == epoch) {
      if (r.cost[k] <= c) return;
    } else {
      r.stamp[k] = epoch;
      r.reached.push_back(key);
    }
    r.cost[static_cast<std::size_t>(key)] = static_cast<std::int16_t>(c);
    r.prev[static_cast<std::size_t>(key)] = from;
    r.buckets[static_cast<std::size_t>(c)].push_back(key);
  };
  for (int c = 0; c <= mp; ++c) {
    auto& bucket = r.buckets[static_cast<std::size_t>(c)];
    for (std::size_t i = 0; i < bucket.size(); ++i) {
      const int key = bucket[i];
      if (r.cost[static_cast<std::size_t>(key)] != c) continue;
      const int h = key / 6, fi = key % 6;
      // 4.0: a move ends on entering a hex next to the enemy. Turning in the starting hex
      // (7.2.3) enters nothing, so it does not end the move (ruling L-30).
      if (h != start_hex && r.stop_stamp[static_cast<std::size_t>(h)] == epoch) continue;
      if (m.use_facing) {
        // 7.2.3: a change of facing costs one movement point, however far it turns.
        for (int f2 = 0; f2 < 6; ++f2)
          if (f2 != fi) relax(h * 6 + f2, c + 1, key);
      }
      const int facing = 2 * fi + (m.vertex ? 1 : 0);
      for (int d = 0; d < 6; ++d) {
        if (m.use_facing && b.arc(facing, d) != 0) continue;  // 7.2.2: only through the front
        const int nb = b.neighbor(h, d);
        if (nb == kNoHex) continue;
        const int cost = enter_cost(m, h, nb);
        if (cost >= 0) relax(nb * 6 + fi, c + cost, key);
      }
    }
  }
}

bool BmaState::leader_may_go_on(const Mover& m, int hex, int mp) const {
  // A leader may pass through a hex holding another leader (4.2 limits where a move ends) only
  // if it can go on from there to a hex where it may end: a step never leads to a dead end.
  if (stops_movement(hex, m.side)) return false;  // 4.0: the move would end there
  // Usually the next hex already is one where he may end; otherwise search.
  const Board& b = bma_->board();
  for (int d = 0; d < 6; ++d) {
    const int nb = b.neighbor(hex, d);
    if (nb == kNoHex || !leader_may_end(m.piece, nb)) continue;
    const int cost = enter_cost(m, hex, nb);
    if (cost >= 0 && cost <= mp) return true;
  }
  compute_reach(m, hex, 0, mp);
  for (const std::int32_t key : reach_buffers().reached)
    if (leader_may_end(m.piece, key / 6)) return true;
  return false;
}

void BmaState::legal_moves(std::vector<game::Action>& out) const {
  out.clear();
  const BmaGame& g = *bma_;
  if (phase_ == Phase::kMoveDestination) {
    legal_steps(out);
    return;
  }
  // In ascending order as built: end movement (3), units (300 + u), the leader (600 + l).
  if (active_leader_ < 0) {
    out.push_back(act::kEndMovement);
    return;
  }
  // Each unit's action is written and then kept or overwritten by the next, without a branch
  // on the answer; the list is cut to length at the end.
  const auto& command = g.command(active_leader_);
  out.resize(command.size() + 2);
  game::Action* buf = out.data();
  std::size_t n = 0;
  buf[n++] = act::kEndMovement;
  for (const int u : command) {  // only they can be active (3.1.3)
    buf[n] = act::kSelectUnitBase + u;
    n += can_move(u);
  }
  if (single_unit_ < 0) {
    const LeaderState& ls = leader(active_leader_);
    buf[n] = act::kSelectLeaderBase + active_leader_;
    n += ls.hex != kNoHex && !(ls.flags & kLeaderMoved);
  }
  out.resize(n);
}

void BmaState::legal_steps(std::vector<game::Action>& out) const {
  out.clear();
  const Mover m = selected_mover();
  const Board& b = bma_->board();
  // A moving leader: whether another leader shares his hex, and the first leader in each
  // neighbour (for 4.2 and ruling L-4 below); the leader bits tell which hexes hold one.
  bool other_here = false;
  std::array<int, 6> first_leader{-1, -1, -1, -1, -1, -1};
  if (m.is_leader) {
    for (int l = 0; l < bma_->num_leaders(); ++l)
      if (l != m.piece && leaders_[static_cast<std::size_t>(l)].hex == m.hex) other_here = true;
    const auto& nbs = b.neighbors(m.hex);
    for (std::size_t d = 0; d < 6; ++d)
      if (nbs[d] != kNoHex) first_leader[d] = leader_at(nbs[d]);  // he is in m.hex, not there
  }
  // Each step is written and then kept or overwritten by the next, without a branch on the
  // answer (which a random game makes unpredictable); the list is cut to length at the end.
  out.resize(13);  // stop, 6 steps, 6 turns
  game::Action* buf = out.data();
  std::size_t n = 0;
  // 4.0: there is no minimum move; a piece may stop anywhere it may end (a leader: 4.2).
  buf[n] = act::kStop;
  n += !m.is_leader || !other_here;
  const auto& nbs = b.neighbors(m.hex);
  for (int d = 0; d < 6; ++d) {
    if (m.use_facing && b.arc(m.facing, d) != 0) continue;  // 7.2.2: only through the front
    const int nb = nbs[static_cast<std::size_t>(d)];
    if (nb == kNoHex) continue;
    const int l2 = first_leader[static_cast<std::size_t>(d)];  // leader_at(nb) for a leader
    const int cost = enter_cost(m, m.hex, nb, l2);
    // 4.0: within its movement points (cost -1: may not enter; as unsigned, above any MP).
    bool ok = static_cast<unsigned>(cost) <= static_cast<unsigned>(mp_left_);
    // leader_may_end(m.piece, nb): no other leader there (he himself is in m.hex).
    if (ok && m.is_leader && l2 >= 0) ok = leader_may_go_on(m, nb, mp_left_ - cost);
    buf[n] = act::kStepBase + d;
    n += ok;
  }
  // 7.2.3: a change of facing (to any facing of its kind) costs one movement point.
  if (m.use_facing && mp_left_ >= 1)
    for (int f = m.vertex ? 1 : 0; f < 12; f += 2)
      if (f != m.facing) buf[n++] = act::kTurnBase + f;
  out.resize(n);
}

void BmaState::list_destinations(std::vector<game::Action>& out) const {
  out.clear();
  const Mover m = selected_mover();
  compute_reach(m, m.hex, m.use_facing ? m.facing / 2 : 0, mp_left_);
  const Reach& r = reach_buffers();
  const int vbit = m.vertex ? 1 : 0;
  const int keep_facing = m.is_leader ? 0 : m.facing;
  for (const std::int32_t key : r.reached) {
    const int h = key / 6;
    if (m.is_leader && !leader_may_end(m.piece, h)) continue;  // 4.2
    const int facing = m.use_facing ? 2 * static_cast<int>(key % 6) + vbit : keep_facing;
    out.push_back(act::kDestinationBase + h * 12 + facing);
  }
  std::sort(out.begin(), out.end());
}

void BmaState::person_actions(std::vector<game::Action>& out) const {
  if (phase_ == Phase::kMoveDestination)
    list_destinations(out);
  else
    legal_actions(out);
}

void BmaState::agent_actions(std::vector<game::Action>& out) const { person_actions(out); }

core::Status BmaState::check_unlisted(game::Action a) const {
  if (phase_ == Phase::kMoveDestination && a >= act::kDestinationBase) {
    std::vector<game::Action>& dest = scratch_actions();
    list_destinations(dest);
    if (std::binary_search(dest.begin(), dest.end(), a)) return core::Status::Ok();
  }
  return game::State::check_unlisted(a);
}

void BmaState::select_piece(int selected) {
  selected_ = static_cast<std::int16_t>(selected);
  const Mover m = selected_mover();
  move_from_ = static_cast<std::int16_t>(m.hex);
  move_from_facing_ = static_cast<std::uint8_t>(m.facing);
  mp_left_ = static_cast<std::int8_t>(m.is_leader ? bma_->leader(m.piece).movement
                                                  : movement_allowance(m.piece));
}

void BmaState::enter_hex(const Mover& m, int hex) {
  if (m.is_leader) return;
  const BmaGame& g = *bma_;
  if (g.terrain(hex) == Terrain::kForest)
    units_[static_cast<std::size_t>(m.piece)].flags |= kForestMove;
  // 5.4.6: a lone enemy leader in a hex this unit enters must test for his life; the tests
  // wait until the move ends (advance() holds the task queue while a piece is moving).
  if (!leader_in(hex)) return;
  for (int l = 0; l < g.num_leaders(); ++l)
    if (leader(l).hex == hex && g.leader_side(l) != m.side && !overrun_check_queued(l))
      tasks_.push_back({TaskKind::kLeaderCheck, static_cast<std::int16_t>(l), 1});
}

bool BmaState::overrun_check_queued(int l) const {
  for (const Task& t : tasks_)
    if (t.kind == TaskKind::kLeaderCheck && t.a == l && t.b == 1) return true;
  return false;
}

void BmaState::step_piece(int dir) {
  const Mover m = selected_mover();
  const int to = bma_->board().neighbor(m.hex, dir);
  mp_left_ = static_cast<std::int8_t>(mp_left_ - enter_cost(m, m.hex, to));
  if (m.is_leader)
    set_leader_hex(m.piece, to);
  else
    set_unit_hex(m.piece, to);
  enter_hex(m, to);
  // 4.0 / ruling L-30: entering a hex next to the enemy (its front, with facing) ends the move.
  if (stops_movement(to, m.side)) {
    finish_move();
    return;
  }
  after_step();
}

void BmaState::turn_piece(int facing) {
  // 7.2.3: one movement point, however far it turns.
  --mp_left_;
  units_[static_cast<std::size_t>(selected_)].facing = static_cast<std::uint8_t>(facing);
  after_step();
}

void BmaState::after_step() {
  // A piece with no movement point left stops: no decision is asked for (every hex costs at
  // least one point, and so does a turn; a leader is never left where he may not end, since a
  // step into another leader's hex needs a way on).
  if (mp_left_ == 0) finish_move();
}

void BmaState::move_piece(int hex, int facing) {
  const Mover m = selected_mover();
  compute_reach(m, m.hex, m.use_facing ? m.facing / 2 : 0, mp_left_);
  const Reach& r = reach_buffers();
  const int target = hex * 6 + (m.use_facing ? facing / 2 : 0);
  // Walk the path back from the destination, then enter its hexes in order.
  int path[64];
  int len = 0;
  for (int k = target; k != r.start_key && k >= 0 && len < 64;
       k = r.prev[static_cast<std::size_t>(k)])
    path[len++] = k / 6;
  mp_left_ = static_cast<std::int8_t>(mp_left_ - r.cost[static_cast<std::size_t>(target)]);
  for (int i = len - 1; i >= 0; --i) {
    if (i < len - 1 && path[i] == path[i + 1]) continue;  // a turn in place
    if (path[i] == m.hex) continue;
    enter_hex(m, path[i]);
  }
  if (m.is_leader) {
    set_leader_hex(m.piece, hex);
  } else {
    set_unit_hex(m.piece, hex);
    if (m.use_facing)
      units_[static_cast<std::size_t>(m.piece)].facing = static_cast<std::uint8_t>(facing);
  }
  finish_move();
}

void BmaState::finish_move() {
  const BmaGame& g = *bma_;
  const Mover m = selected_mover();
  const int from = move_from_;
  const int spent =
      (m.is_leader ? g.leader(m.piece).movement : movement_allowance(m.piece)) - mp_left_;
  selected_ = -1;
  move_from_ = kNoHex;
  mp_left_ = 0;
  phase_ = Phase::kMoveSelect;
  resume_phase_ = Phase::kMoveSelect;
  if (m.is_leader) {
    leaders_[static_cast<std::size_t>(m.piece)].flags |= kLeaderMoved;
    if (m.hex != from)
      if (logging())
        log("move",
            fmt::format("{} moves from {} to {} ({} MP).", leader_name(m.piece), hex_name(from),
                        hex_name(m.hex), spent),
            "bma 4.0",
            {{"leader", g.leader(m.piece).id}, {"from", hex_name(from)}, {"to", hex_name(m.hex)}});
    move_from_facing_ = 0;
    return;
  }
  UnitState& us = units_[static_cast<std::size_t>(m.piece)];
  us.flags |= kMoved;
  const bool entered_forest = (us.flags & kForestMove) != 0;
  us.flags &= static_cast<std::uint8_t>(~kForestMove);
  if (m.hex != from || move_from_facing_ != us.facing)
    if (logging())
      log("move",
          fmt::format("{} from {} to {}{} ({} MP).",
                      game::table::says(g.unit(m.piece).name, "moves"), hex_name(from),
                      hex_name(m.hex),
                      m.use_facing ? fmt::format(" facing {}", g.board().facing_name(us.facing))
                                   : std::string(),
                      spent),
          g.rules().facing ? "bma 4.0, 7.2" : "bma 4.0",
          {{"unit", g.unit(m.piece).id},
           {"from", hex_name(from)},
           {"to", hex_name(m.hex)},
           {"mp", spent}});
  move_from_facing_ = 0;
  // 9.6: cavalry that entered a forest is disordered at the end of its move.
  if (entered_forest && is_cav(m.piece) && us.status == Status::kOrdered) {
    us.status = Status::kDisordered;
    us.flags |= kEnteredForest;
    if (logging())
      log("disorder",
          fmt::format("{} disordered by entering the forest.", unit_says(m.piece, "is")), "bma 9.6",
          {{"unit", g.unit(m.piece).id}});
  }
}

}  // namespace carroccio::bma
