// Movement (4.0), zones of control (4.1), stacking (4.2), facing (7.2) and command radius
// (7.1) as they limit movement.
#include <algorithm>
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

bool BmaState::exerts_zoc(int u) const {
  // 4.1 / ruling L-30: only ordered combat units have a zone of control.
  return alive(u) && unit(u).status == Status::kOrdered && !is_carroccio(u);
}

bool BmaState::is_front_of(int u, int hex) const {
  const int dir = bma_->board().direction(unit(u).hex, hex);
  if (dir < 0) return false;
  // 7.2.1: with facing, only the front hexes count; the Carroccio faces every way.
  if (!bma_->rules().facing || is_carroccio(u)) return true;
  return bma_->board().arc(unit(u).facing, dir) == 0;
}

int BmaState::arc_from(int defender, int hex) const {
  if (!bma_->rules().facing || is_carroccio(defender)) return 0;
  const int dir = bma_->board().direction(unit(defender).hex, hex);
  return dir < 0 ? 0 : bma_->board().arc(unit(defender).facing, dir);
}

bool BmaState::in_zoc_of(int hex, int side) const {
  for (int nb : bma_->board().neighbors(hex)) {
    if (nb == kNoHex) continue;
    const int e = unit_at(nb);
    if (e >= 0 && side_of(e) == side && exerts_zoc(e) && is_front_of(e, hex)) return true;
  }
  return false;
}

bool BmaState::in_enemy_zoc(int u) const { return in_zoc_of(unit(u).hex, 1 - side_of(u)); }

bool BmaState::stops_movement(int hex, int side) const {
  // 4.0 / ruling L-30: entering a hex next to any enemy combat unit ends the move (with
  // facing, only an enemy's front hex does).
  for (int nb : bma_->board().neighbors(hex)) {
    if (nb == kNoHex) continue;
    const int e = unit_at(nb);
    if (e >= 0 && side_of(e) != side && is_front_of(e, hex)) return true;
  }
  return false;
}

bool BmaState::in_command(int u) const { return (unit(u).flags & kOutOfCommand) == 0; }

int BmaState::movement_allowance(int u) const {
  const int ma = bma_->unit(u).movement;
  return in_command(u) ? ma : ma / 2;  // 7.1.2: halved, rounded down
}

bool BmaState::can_move(int u) const {
  const UnitState& us = unit(u);
  return (us.flags & kActive) && !(us.flags & kMoved) && alive(u) && us.status != Status::kRouted &&
         movement_allowance(u) > 0;
}

namespace {
template <class T>
bool same_bytes(const std::vector<T>& a, const std::vector<T>& b) {
  static_assert(std::has_unique_object_representations_v<T>);
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(T)) == 0;
}
}  // namespace

void BmaState::compute_reach(int piece, bool is_leader) const {
  const BmaGame& g = *bma_;
  const Board& b = g.board();
  Reach& r = reach_buffers();
  const int n = b.size();
  // The search depends only on the game, the piece, and the units' and leaders' states.
  if (r.game == bma_.get() && r.piece == piece && r.is_leader == is_leader && r.epoch > 0 &&
      same_bytes(r.units, units_) && same_bytes(r.leaders, leaders_))
    return;
  r.game = bma_.get();
  r.piece = piece;
  r.is_leader = is_leader;
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

  int start_hex, side, mp;
  UnitType type = UnitType::kCavalry;  // ruling L-48: leaders pay cavalry costs
  bool disordered = false;
  Edge home = Edge::kNorth;
  if (is_leader) {
    start_hex = leader(piece).hex;
    side = g.leader(piece).side;
    mp = g.leader(piece).movement;
    r.use_facing = false;
    r.vertex = false;
  } else {
    start_hex = unit(piece).hex;
    side = side_of(piece);
    mp = movement_allowance(piece);
    type = g.unit(piece).type;
    disordered = unit(piece).status == Status::kDisordered;
    // 7.2: facing limits movement; a disordered unit's rearward move ignores it (ruling L-36).
    r.use_facing = g.rules().facing && type != UnitType::kCarroccio && !disordered;
    r.vertex = type == UnitType::kInfantry;
  }
  home = g.scenario_data().sides[static_cast<std::size_t>(side)].home_edge;
  r.mp = mp;
  for (int e = 0; e < g.num_units(); ++e) {
    if (!alive(e) || side_of(e) == side) continue;
    // is_front_of(e, nb) for each neighbour nb, knowing its direction d.
    const bool all_round = !g.rules().facing || is_carroccio(e);
    for (int d = 0; d < 6; ++d) {
      const int nb = b.neighbor(unit(e).hex, d);
      if (nb != kNoHex && (all_round || b.arc(unit(e).facing, d) == 0))
        r.stop_stamp[static_cast<std::size_t>(nb)] = epoch;
    }
  }
  const int start_fi = (!is_leader && r.use_facing) ? unit(piece).facing / 2 : 0;
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
      if (r.use_facing) {
        // 7.2.3: a change of facing costs one movement point, however far it turns.
        for (int f2 = 0; f2 < 6; ++f2)
          if (f2 != fi) relax(h * 6 + f2, c + 1, key);
      }
      const int facing = 2 * fi + (r.vertex ? 1 : 0);
      for (int d = 0; d < 6; ++d) {
        if (r.use_facing && b.arc(facing, d) != 0) continue;  // 7.2.2: only through the front
        const int nb = b.neighbor(h, d);
        if (nb == kNoHex) continue;
        const int occupant = unit_at(nb);
        if (is_leader) {
          if (occupant >= 0 && side_of(occupant) != side) continue;
          const int l2 = leader_at(nb);
          if (l2 >= 0 && g.leader(l2).side != side) continue;
        } else {
          if (occupant >= 0) continue;  // 4.0: no moving through units
          if (type == UnitType::kCarroccio && g.terrain(nb) != Terrain::kClear) continue;  // 9.3.2
          if (disordered && b.edge_distance(nb, home) >= b.edge_distance(h, home))
            continue;  // 5.3 D
        }
        const TerrainInfo& t = g.tables().terrain_info(g.terrain(nb));
        const int cost = type == UnitType::kInfantry  ? t.infantry_mp
                         : type == UnitType::kCavalry ? t.cavalry_mp
                                                      : 1;
        relax(nb * 6 + fi, c + cost, key);
      }
    }
  }
}

void BmaState::legal_moves(std::vector<game::Action>& out) const {
  out.clear();
  const BmaGame& g = *bma_;
  if (phase_ == Phase::kMoveSelect) {
    for (int u = 0; u < g.num_units(); ++u)
      if (can_move(u)) out.push_back(act::kSelectUnitBase + u);
    if (single_unit_ < 0 && active_leader_ >= 0) {
      const LeaderState& ls = leader(active_leader_);
      if (ls.hex != kNoHex && !(ls.flags & kLeaderMoved))
        out.push_back(act::kSelectLeaderBase + active_leader_);
    }
    out.push_back(act::kEndMovement);
    std::sort(out.begin(), out.end());
    return;
  }
  // Destinations of the selected piece.
  const bool is_leader = selected_ >= 1000;
  const int piece = is_leader ? selected_ - 1000 : selected_;
  compute_reach(piece, is_leader);
  const Reach& r = reach_buffers();
  const int vbit = r.vertex ? 1 : 0;
  const int keep_facing = is_leader ? 0 : unit(piece).facing;
  for (const std::int32_t key : r.reached) {
    const int h = key / 6;
    if (is_leader) {
      const int l2 = leader_at(h);
      if (l2 >= 0 && l2 != piece) continue;  // 4.2: one leader a hex
    }
    const int facing = r.use_facing ? 2 * static_cast<int>(key % 6) + vbit : keep_facing;
    out.push_back(act::kDestinationBase + h * 12 + facing);
  }
  std::sort(out.begin(), out.end());
}

void BmaState::move_piece(int piece, bool is_leader, int hex, int facing) {
  const BmaGame& g = *bma_;
  compute_reach(piece, is_leader);
  const Reach& r = reach_buffers();
  const int target = hex * 6 + (r.use_facing ? facing / 2 : 0);
  // Walk the path back from the destination.
  int path[64];
  int len = 0;
  for (int k = target; k != r.start_key && k >= 0 && len < 64;
       k = r.prev[static_cast<std::size_t>(k)])
    path[len++] = k / 6;
  const int side = is_leader ? g.leader(piece).side : side_of(piece);
  const int from = is_leader ? leader(piece).hex : unit(piece).hex;
  const int spent = r.cost[static_cast<std::size_t>(target)];
  if (is_leader) {
    leaders_[static_cast<std::size_t>(piece)].hex = static_cast<std::int16_t>(hex);
    leaders_[static_cast<std::size_t>(piece)].flags |= kLeaderMoved;
    if (hex != from)
      if (logging())
        log("move",
            fmt::format("{} moves from {} to {} ({} MP).", leader_name(piece), hex_name(from),
                        hex_name(hex), spent),
            "bma 4.0",
            {{"leader", g.leader(piece).id}, {"from", hex_name(from)}, {"to", hex_name(hex)}});
    return;
  }
  UnitState& us = units_[static_cast<std::size_t>(piece)];
  us.flags |= kMoved;
  const int old_facing = us.facing;
  set_unit_hex(piece, hex);
  if (r.use_facing) us.facing = static_cast<std::uint8_t>(facing);
  bool entered_forest = false;
  std::string passed;
  for (int i = len - 1; i >= 0; --i) {
    const int h = path[i];
    if (i < len - 1 && path[i] == path[i + 1]) continue;  // a turn in place
    if (h == from) continue;
    if (g.terrain(h) == Terrain::kForest) entered_forest = true;
    // 5.4.6: a lone enemy leader in a hex this unit enters must test for his life.
    for (int l = 0; l < g.num_leaders(); ++l)
      if (leader(l).hex == h && g.leader(l).side != side)
        tasks_.push_back({TaskKind::kLeaderCheck, static_cast<std::int16_t>(l), 1});
  }
  if (hex != from || old_facing != us.facing)
    if (logging())
      log("move",
          fmt::format("{} moves from {} to {}{} ({} MP).", g.unit(piece).name, hex_name(from),
                      hex_name(hex),
                      r.use_facing ? fmt::format(" facing {}", g.board().facing_name(us.facing))
                                   : std::string(),
                      spent),
          g.rules().facing ? "bma 4.0, 7.2" : "bma 4.0",
          {{"unit", g.unit(piece).id},
           {"from", hex_name(from)},
           {"to", hex_name(hex)},
           {"mp", spent}});
  // 9.6: cavalry that entered a forest is disordered at the end of its move.
  if (entered_forest && is_cav(piece) && us.status == Status::kOrdered) {
    us.status = Status::kDisordered;
    us.flags |= kEnteredForest;
    if (logging())
      log("disorder", fmt::format("{} is disordered by entering the forest.", unit_name(piece)),
          "bma 9.6", {{"unit", g.unit(piece).id}});
  }
}

}  // namespace carroccio::bma
