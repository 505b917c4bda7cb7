// God Will Know His Own (gwkho): answers kept while one state's decisions are listed (pure
// performance; no rule lives here). Listing the move step's candidates asks the same questions of
// each element again and again (its group, whether an enemy touches it, its contact targets, its
// nearest enemy): for every element, for each of its up to 60 candidate codes, and for each
// member of its group. While a memo::Listing is alive for a state on a thread (legal_actions(),
// which changes nothing), those questions are answered once per element and kept; outside one,
// and for any other state, they are worked out each time as before. impetuous_moves() also opens
// one between its moves, dropping what it kept before each move is applied (the state changes).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

namespace carroccio::gwkho {

class GwkhoState;

namespace memo {

// What is kept for the state being listed, per element (empty vectors: nothing known yet).
struct Memo {
  const GwkhoState* state = nullptr;
  std::vector<std::int8_t> contact;   // in_contact(e): -1 not known, else 0 or 1
  std::vector<int> nearest;           // nearest_enemy(e): -2 not known
  std::vector<std::uint8_t> grouped;  // group_of(e) known
  std::vector<std::vector<int>> group;
  std::vector<std::uint8_t> linked;  // links[e] known: the elements e groups with directly
  std::vector<std::vector<int>> links;
  std::vector<std::uint8_t> targeted;  // contact_targets(e) known
  std::vector<std::vector<int>> targets;
  // What plan_code() finds of a mover where it stands: its allowance there (-1: not known), and
  // whether it is within `range_inches` of its command post `range_post` (-1: not known).
  std::vector<std::int64_t> standing;
  std::vector<std::int8_t> in_range;
  std::vector<int> range_post, range_inches;
  // check_path(): for each mover, a box on the table (x0, y0, x1, y1) and, in index order, the
  // elements on the table whose boxes, grown by the front zone, meet it (`near_known`: built).
  std::vector<std::uint8_t> near_known;
  std::vector<std::array<std::int64_t, 4>> near_box;
  std::vector<std::vector<int>> near;
  // ... and each of those elements' box grown by the front zone and its rounding (as near).
  std::vector<std::vector<std::array<std::int64_t, 4>>> near_grown;
  // check_path(): the going where each mover stands (-1: not known).
  std::vector<std::int8_t> going_here;
  // check_path(): the box of each terrain piece's outline (empty: not made yet).
  std::vector<std::array<std::int64_t, 4>> terrain_box;
};

// Alive while a state's decisions are listed: the outermost one on a thread keeps the memo (an
// inner one, or one made while memo::Off is alive, does nothing).
class Listing {
 public:
  explicit Listing(const GwkhoState& s);
  ~Listing();
  Listing(const Listing&) = delete;
  Listing& operator=(const Listing&) = delete;

 private:
  bool outer_ = false;
};

// For tests: while one is alive on this thread, nothing is kept (every answer worked out again),
// so that the kept answers can be compared with the plain ones.
class Off {
 public:
  Off();
  ~Off();
  Off(const Off&) = delete;
  Off& operator=(const Off&) = delete;

 private:
  bool was_ = false;
};

// The memo of state s on this thread, or null when no listing of s is alive.
Memo* of(const GwkhoState& s);

}  // namespace memo
}  // namespace carroccio::gwkho
