// Property tests of the rules' geometry over seeded random positions (core::Rng, fixed seeds):
// every charge the rules offer ends in proper contact, and the answers of the rules do not change
// when the whole scene is shifted (integer shifts are exact).
#include <gtest/gtest.h>

#include "core/rng.hpp"
#include "rulesets/ohw/tests/test_util.hpp"

namespace carroccio::ohw {
namespace {

using namespace testing;  // NOLINT(build/namespaces)

// Three units on a large open table: a charger or archer (u0), a target (u1), a bystander (u2).
struct Scene {
  geo::Point c0, c1, c2;
  int h0, h1, h2;  // degrees
  std::string type0;
};

nlohmann::json scene_json(const Scene& sc, geo::Vec shift) {
  auto inches = [](std::int64_t v) { return static_cast<double>(v) / 100.0; };
  auto j = scenario_json(
      {{"blue", sc.type0, inches(sc.c0.x + shift.x), inches(sc.c0.y + shift.y), sc.h0},
       {"red", "levies", inches(sc.c1.x + shift.x), inches(sc.c1.y + shift.y), sc.h1},
       {"red", "levies", inches(sc.c2.x + shift.x), inches(sc.c2.y + shift.y), sc.h2}});
  j["table"] = {{"width", 200}, {"height", 200}};
  return j;
}

Scene random_scene(core::Rng& rng, const std::string& type0) {
  auto pt = [&](std::int64_t cx, std::int64_t cy, std::int64_t r) {
    return geo::Point{cx + rng.uniform_int(-r, r), cy + rng.uniform_int(-r, r)};
  };
  Scene sc;
  sc.c1 = pt(6000, 6000, 200);
  sc.c0 = pt(6000, 6000, 1400);
  sc.c2 = pt(6000, 6000, 1400);
  sc.h0 = static_cast<int>(rng.uniform(360));
  sc.h1 = static_cast<int>(rng.uniform(360));
  sc.h2 = static_cast<int>(rng.uniform(360));
  sc.type0 = type0;
  return sc;
}

bool overlapping(const Scene& sc) {
  const geo::Base b0(sc.c0, 400, 200, geo::Angle::degrees(sc.h0));
  const geo::Base b1(sc.c1, 400, 200, geo::Angle::degrees(sc.h1));
  const geo::Base b2(sc.c2, 400, 200, geo::Angle::degrees(sc.h2));
  return geo::intersects(b0, b1) || geo::intersects(b0, b2) || geo::intersects(b1, b2);
}

TEST(Ohw_Properties, EveryOfferedChargeEndsInFrontContactAfterATurnOfAtMost45Degrees) {
  core::Rng rng(11);
  int offered = 0;
  for (int i = 0; i < 300; ++i) {
    const Scene sc = random_scene(rng, "knights");
    if (overlapping(sc)) continue;
    auto s = new_state(make_game(scene_json(sc, {0, 0})));
    for (geo::Side side : geo::kAllSides) {
      auto fin = s->charge_result(0, 1, side);
      if (!fin) continue;
      ++offered;
      auto c = geo::edge_contact(*fin, s->unit(1).base, geo::kPlacementSlack);
      ASSERT_TRUE(c);
      EXPECT_EQ(c->side_a, geo::Side::kFront);
      EXPECT_EQ(c->side_b, side);
      EXPECT_FALSE(geo::overlaps(*fin, s->unit(1).base));
      EXPECT_FALSE(geo::intersects(*fin, s->unit(2).base));
      EXPECT_LE((fin->heading() - s->unit(0).base.heading()).abs_units(), geo::kEighthTurn);
    }
  }
  EXPECT_GT(offered, 10);  // the sample exercises the property
}

TEST(Ohw_Properties, ShiftingTheWholeSceneChangesNoAnswer) {
  core::Rng rng(12);
  int charges = 0, shots = 0;
  for (int i = 0; i < 200; ++i) {
    const bool archer = i % 2 == 1;
    const Scene sc = random_scene(rng, archer ? "archers" : "knights");
    if (overlapping(sc)) continue;
    const geo::Vec shift{rng.uniform_int(-3000, 3000), rng.uniform_int(-3000, 3000)};
    auto a = new_state(make_game(scene_json(sc, {0, 0})));
    auto b = new_state(make_game(scene_json(sc, shift)));
    for (geo::Side side : geo::kAllSides) {
      auto fa = a->charge_result(0, 1, side);
      auto fb = b->charge_result(0, 1, side);
      ASSERT_EQ(fa.has_value(), fb.has_value());
      if (fa) {
        ++charges;
        EXPECT_EQ(fb->centre(), fa->centre() + shift);
        EXPECT_EQ(fb->heading(), fa->heading());
      }
      EXPECT_EQ(a->eligible_side(0, 1, side, true).has_value(),
                b->eligible_side(0, 1, side, true).has_value());
    }
    EXPECT_EQ(a->may_shoot_at(0, 1), b->may_shoot_at(0, 1));
    shots += a->may_shoot_at(0, 1) ? 1 : 0;
    EXPECT_EQ(a->in_melee(0), b->in_melee(0));
  }
  EXPECT_GT(charges, 5);
  EXPECT_GT(shots, 5);
}

}  // namespace
}  // namespace carroccio::ohw
