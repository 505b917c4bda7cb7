// Property tests of the rules' geometry (issue 6, item 5): turning a whole ohw position by a
// multiple of 90 degrees about the centre of a square table and shifting it by a whole number of
// 1/100 inch changes no answer of the rules. Positions are random but seeded (core::Rng, fixed
// seeds), so every run checks the same positions. Each test compares a position with its turned
// and shifted copy, loaded from scenario JSON like any other position: edge contact and melee,
// charges (which sides may be charged and where the charger ends), front-arc eligibility, line of
// sight past woods and hills, shooting, and every move code's legality and destination. Turns by
// right angles and integer shifts are exact in core/geometry, so the answers must agree exactly.
// Each test also counts both answers (allowed and refused), so a sample that only ever says "no"
// cannot pass.
#include <gtest/gtest.h>

#include <array>
#include <string>
#include <vector>

#include "core/rng.hpp"
#include "rulesets/ohw/tests/test_util.hpp"

namespace carroccio::ohw {
namespace {

using namespace testing;  // NOLINT(build/namespaces)

constexpr std::int64_t kTable = 20000;  // a 200" square table: a quarter turn maps it onto itself
constexpr geo::Point kCentre{kTable / 2, kTable / 2};

struct Piece {
  std::string side, type;
  geo::Point centre;
  int heading;  // degrees
};
struct Patch {
  std::string type;
  std::array<std::int64_t, 4> rect;  // x0, y0, x1, y1 in 1/100 inch
};
struct Position {
  std::vector<Piece> units;
  std::vector<Patch> terrain;
};

// A quarter turns about the table's centre, then a shift.
struct Transform {
  int quarters;
  geo::Vec shift;
  geo::Angle turn() const { return geo::Angle::degrees(90 * quarters); }
  geo::Point operator()(geo::Point p) const {
    return geo::rotate_about(p, kCentre, turn()) + shift;
  }
  geo::Base operator()(const geo::Base& b) const {
    return b.rotated_about(kCentre, turn()).translated(shift);
  }
};

nlohmann::json position_json(const Position& pos, const Transform& m) {
  auto inches = [](std::int64_t v) { return static_cast<double>(v) / 100.0; };
  std::vector<U> units;
  for (const auto& p : pos.units) {
    const geo::Point c = m(p.centre);
    units.push_back(
        {p.side, p.type, inches(c.x), inches(c.y), (p.heading + 90 * m.quarters) % 360});
  }
  std::vector<T> terrain;
  for (const auto& t : pos.terrain) {
    const geo::Point a = m({t.rect[0], t.rect[1]});
    const geo::Point b = m({t.rect[2], t.rect[3]});
    terrain.push_back({t.type,
                       {inches(std::min(a.x, b.x)), inches(std::min(a.y, b.y)),
                        inches(std::max(a.x, b.x)), inches(std::max(a.y, b.y))}});
  }
  auto j = scenario_json(units, terrain);
  j["table"] = {{"width", kTable / 100}, {"height", kTable / 100}};
  return j;
}

geo::Base base_of(const Piece& p) {
  return geo::Base(p.centre, 4 * kInch, 2 * kInch, geo::Angle::degrees(p.heading));
}

// u0 (knights or archers, blue, facing roughly towards u1) near a red levy u1; a red levy u2
// elsewhere or (with `contact`) a blue levy u2 touching u1; a wood and a hill nearby. Nothing
// overlaps.
std::optional<Position> random_position(core::Rng& rng, const std::string& type0, bool contact) {
  auto near = [&](std::int64_t r) {
    return geo::Point{kCentre.x + rng.uniform_int(-r, r), kCentre.y + rng.uniform_int(-r, r)};
  };
  auto heading = [&] { return static_cast<int>(rng.uniform(360)); };
  Position pos;
  // u0 faces u1's way, give or take 60 degrees, so that charges and shots are common.
  const geo::Point c0 = near(1400);
  const int towards = geo::direction_of(kCentre - c0).units() / 3600;
  pos.units.push_back(
      {"blue", type0, c0, (towards + 360 + static_cast<int>(rng.uniform_int(-60, 60))) % 360});
  pos.units.push_back({"red", "levies", near(200), heading()});
  if (contact) {
    const geo::Base u1 = base_of(pos.units[1]);
    const geo::Base mover(kCentre, 4 * kInch, 2 * kInch, geo::Angle::degrees(0));
    const geo::Base touching = geo::place_in_contact(u1, geo::kAllSides[rng.uniform(4)], mover,
                                                     geo::Side::kFront, rng.uniform_int(-100, 100));
    // A blue levy (an enemy of u1) touching it.
    pos.units.push_back(
        {"blue", "levies", touching.centre(), static_cast<int>(touching.heading().units() / 3600)});
    if (touching.heading().units() % 3600 != 0) return std::nullopt;  // whole degrees only
  } else {
    pos.units.push_back({"red", "levies", near(1400), heading()});
  }
  for (const char* type : {"woods", "hill"}) {
    const geo::Point c = near(1600);
    const std::int64_t w = rng.uniform_int(100, 600), h = rng.uniform_int(100, 600);
    pos.terrain.push_back({type, {c.x - w, c.y - h, c.x + w, c.y + h}});
  }
  for (std::size_t a = 0; a < pos.units.size(); ++a) {
    for (std::size_t b = a + 1; b < pos.units.size(); ++b)
      if (geo::overlaps(base_of(pos.units[a]), base_of(pos.units[b]))) return std::nullopt;
    // Units stay out of the wood (impassable to them, 1.2) so that the position is legal.
    const auto& r = pos.terrain[0].rect;
    const geo::Polygon wood{{r[0], r[1]}, {r[2], r[1]}, {r[2], r[3]}, {r[0], r[3]}};
    for (const auto& corner : base_of(pos.units[a]).corners())
      if (geo::point_in_polygon(corner, wood)) return std::nullopt;
  }
  return pos;
}

Transform random_transform(core::Rng& rng) {
  return {static_cast<int>(rng.uniform_int(1, 3)),
          {rng.uniform_int(-4000, 4000), rng.uniform_int(-4000, 4000)}};
}

// A position and its turned and shifted copy, both loaded through the ruleset.
struct Pair {
  Transform m;
  std::shared_ptr<const OhwGame> ga, gb;
  std::unique_ptr<OhwState> a, b;
  Pair(const Position& pos, const Transform& t)
      : m(t),
        ga(make_game(position_json(pos, {0, {0, 0}}))),
        gb(make_game(position_json(pos, t))),
        a(new_state(ga)),
        b(new_state(gb)) {}
};

TEST(Ohw_Properties, QuarterTurnsAndShiftsKeepEveryUnitWhereTheTransformPutsIt) {
  core::Rng rng(31);
  int checked = 0;
  for (int i = 0; i < 20; ++i) {
    const auto pos = random_position(rng, "knights", false);
    if (!pos) continue;
    const Pair p(*pos, random_transform(rng));
    for (int u = 0; u < 3; ++u) {
      EXPECT_EQ(p.b->unit(u).base, p.m(p.a->unit(u).base)) << "unit " << u;
      // The negative case: a quarter turn really moves the position (it is not the identity).
      EXPECT_NE(p.b->unit(u).base, p.a->unit(u).base) << "unit " << u;
    }
    ++checked;
  }
  EXPECT_GT(checked, 10);
}

TEST(Ohw_Properties, QuarterTurnsAndShiftsKeepEdgeContactAndMelee) {
  core::Rng rng(32);
  int touching = 0, apart = 0;
  for (int i = 0; i < 150; ++i) {
    const bool contact = i % 2 == 0;
    const auto pos = random_position(rng, "knights", contact);
    if (!pos) continue;
    const Pair p(*pos, random_transform(rng));
    for (int u = 0; u < 3; ++u) {
      for (int t = 0; t < 3; ++t) {
        if (t == u) continue;
        for (const std::int64_t slack : {std::int64_t{0}, geo::kPlacementSlack}) {
          const auto ca = geo::edge_contact(p.a->unit(u).base, p.a->unit(t).base, slack);
          const auto cb = geo::edge_contact(p.b->unit(u).base, p.b->unit(t).base, slack);
          ASSERT_EQ(ca.has_value(), cb.has_value()) << u << " against " << t;
          if (ca) {
            EXPECT_EQ(cb->side_a, ca->side_a);
            EXPECT_EQ(cb->side_b, ca->side_b);
            EXPECT_EQ(cb->shared_length_sq, ca->shared_length_sq);
          }
        }
        EXPECT_EQ(p.b->front_contact(u, t), p.a->front_contact(u, t)) << u << " against " << t;
      }
      EXPECT_EQ(p.b->in_melee(u), p.a->in_melee(u)) << "unit " << u;
    }
    (p.a->in_melee(1) ? touching : apart) += 1;
  }
  EXPECT_GT(touching, 10);  // both answers occur in the sample
  EXPECT_GT(apart, 10);
}

TEST(Ohw_Properties, QuarterTurnsAndShiftsKeepChargesAndTheirEndPositions) {
  core::Rng rng(33);
  int offered = 0, refused = 0;
  for (int i = 0; i < 200; ++i) {
    const auto pos = random_position(rng, "knights", false);
    if (!pos) continue;
    const Pair p(*pos, random_transform(rng));
    for (geo::Side side : geo::kAllSides) {
      for (const bool shooting : {false, true}) {
        const auto ea = p.a->eligible_side(0, 1, side, shooting);
        const auto eb = p.b->eligible_side(0, 1, side, shooting);
        ASSERT_EQ(ea.has_value(), eb.has_value());
        if (ea) {
          EXPECT_EQ(*eb, *ea);
        }
      }
      const auto fa = p.a->charge_result(0, 1, side);
      const auto fb = p.b->charge_result(0, 1, side);
      ASSERT_EQ(fa.has_value(), fb.has_value());
      if (fa) {
        ++offered;
        EXPECT_EQ(*fb, p.m(*fa));
      } else {
        ++refused;
      }
    }
    // The same charges are listed as legal moves (the codes are relative to the unit).
    auto sa = p.a->clone();
    auto sb = p.b->clone();
    ASSERT_TRUE(sa->apply(act::kSelectBase + 0).ok());
    ASSERT_TRUE(sb->apply(act::kSelectBase + 0).ok());
    EXPECT_EQ(sb->legal_actions(), sa->legal_actions());
  }
  EXPECT_GT(offered, 10);
  EXPECT_GT(refused, 10);
}

TEST(Ohw_Properties, QuarterTurnsAndShiftsKeepLineOfSightAndShooting) {
  core::Rng rng(34);
  int seen = 0, blocked = 0, shots = 0, no_shots = 0;
  for (int i = 0; i < 150; ++i) {
    const auto pos = random_position(rng, "archers", false);
    if (!pos) continue;
    const Pair p(*pos, random_transform(rng));
    EXPECT_EQ(p.b->may_shoot_at(0, 1), p.a->may_shoot_at(0, 1));
    EXPECT_EQ(p.b->may_shoot_at(0, 2), p.a->may_shoot_at(0, 2));
    (p.a->may_shoot_at(0, 1) ? shots : no_shots) += 1;
    for (int k = 0; k < 10; ++k) {
      const geo::Point from{kCentre.x + rng.uniform_int(-2500, 2500),
                            kCentre.y + rng.uniform_int(-2500, 2500)};
      const geo::Point to{kCentre.x + rng.uniform_int(-2500, 2500),
                          kCentre.y + rng.uniform_int(-2500, 2500)};
      const bool los = p.a->line_of_sight(from, to, 0, 1);
      EXPECT_EQ(p.b->line_of_sight(p.m(from), p.m(to), 0, 1), los);
      (los ? seen : blocked) += 1;
    }
  }
  EXPECT_GT(seen, 50);
  EXPECT_GT(blocked, 50);
  EXPECT_GT(shots, 5);
  EXPECT_GT(no_shots, 5);
}

TEST(Ohw_Properties, QuarterTurnsAndShiftsKeepEveryMoveCodesLegalityAndDestination) {
  core::Rng rng(35);
  int legal = 0, illegal = 0;
  for (int i = 0; i < 40; ++i) {
    const auto pos = random_position(rng, i % 2 == 0 ? "knights" : "archers", i % 3 == 0);
    if (!pos) continue;
    const Pair p(*pos, random_transform(rng));
    for (int code = 0; code < act::kMaxCode; ++code) {
      const auto ma = p.a->move_result(0, code);
      const auto mb = p.b->move_result(0, code);
      ASSERT_EQ(ma.has_value(), mb.has_value()) << "move code " << code;
      if (ma) {
        ++legal;
        EXPECT_EQ(*mb, p.m(*ma)) << "move code " << code;
      } else {
        ++illegal;
      }
    }
  }
  EXPECT_GT(legal, 100);
  EXPECT_GT(illegal, 100);
}

}  // namespace
}  // namespace carroccio::ohw
