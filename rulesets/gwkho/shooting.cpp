#include "rulesets/gwkho/shooting.hpp"

#include <array>

#include "rulesets/gwkho/combat.hpp"

namespace carroccio::gwkho {

namespace {
constexpr std::array<std::string_view, 9> kWeaponIds = {"none",     "bow",         "longbow",
                                                        "crossbow", "handgun",     "arquebus",
                                                        "musket",   "swivel_guns", "firearms"};
}  // namespace

std::string_view weapon_id(Weapon w) { return kWeaponIds[static_cast<std::size_t>(w)]; }

std::optional<Weapon> weapon_from_id(std::string_view id) {
  for (std::size_t i = 0; i < kWeaponIds.size(); ++i)
    if (kWeaponIds[i] == id) return static_cast<Weapon>(i);
  return std::nullopt;
}

bool weapon_allowed(Troop t, Weapon w) {
  if (w == Weapon::kNone) return true;
  switch (t.type) {
    case TroopType::kCv:
      return w == Weapon::kBow || w == Weapon::kLongbow;
    case TroopType::kLc:
      // Lc(x) carry javelins and do not shoot (Tr-1).
      return t.grade != Grade::kX &&
             (w == Weapon::kBow || w == Weapon::kCrossbow || w == Weapon::kArquebus);
    case TroopType::kEl:
      return w == Weapon::kBow || w == Weapon::kFirearms || w == Weapon::kSwivelGuns;
    case TroopType::kSh:
      return w == Weapon::kHandgun || w == Weapon::kArquebus || w == Weapon::kMusket;
    default:
      return false;
  }
}

std::optional<int> artillery_range(Troop t) {
  const Tables& tb = default_tables();
  const auto g = static_cast<std::size_t>(index_of(t.grade));
  if (t.type == TroopType::kHArt) return tb.heavy_artillery_range[g];
  if (t.type == TroopType::kLArt) return tb.light_artillery_range[g];
  return std::nullopt;
}

std::optional<int> shooting_range(Troop t, Weapon w, int year) {
  const ShootingRanges& r = default_tables().ranges;
  if (is_artillery(t.type)) return artillery_range(t);
  // (x) grades that shoot as another grade (CC-4: Bw(x) as Bw(o), Lb(x) as Lb(i)).
  const Troop as = counts_as(t, Context::kShooting);
  const int handgun = year <= r.early_handgun_until ? r.early_handgun : r.later_handgun;
  switch (as.type) {
    case TroopType::kLb:
      return r.longbow;
    case TroopType::kXb:
      return r.crossbow;
    case TroopType::kBw:
      if (as.grade == Grade::kS) return r.bow_s;
      if (as.grade == Grade::kO) return r.bow_o;
      return r.bow_i_f;
    case TroopType::kSh:
      if (w == Weapon::kArquebus) return r.arquebus;
      // Poorly trained heavy muskets, Sh(i), count as arquebus.
      if (w == Weapon::kMusket) return as.grade == Grade::kI ? r.arquebus : r.musket;
      return handgun;
    case TroopType::kRe:
      return r.reiter;
    case TroopType::kLc:
      if (t.grade == Grade::kX) return std::nullopt;  // javelins only (ruling G-19a)
      if (w == Weapon::kCrossbow) return r.crossbow;
      if (w == Weapon::kArquebus) return r.arquebus;
      return r.mounted_bow;
    case TroopType::kCv:
      if (w == Weapon::kBow || w == Weapon::kLongbow) return r.mounted_bow;
      return std::nullopt;
    case TroopType::kEl:
      // An elephant crew shoots as Bw(o) with bows, as arquebus with firearms, as Mu(i) with
      // swivel guns.
      if (w == Weapon::kBow) return r.bow_o;
      if (w == Weapon::kFirearms) return r.arquebus;
      if (w == Weapon::kSwivelGuns) return r.musket;
      return std::nullopt;
    default:
      return std::nullopt;
  }
}

Result shooting_result(int total, Troop target) {
  for (const auto& band : default_tables().shooting_bands) {
    if (total < band.at_least) continue;
    if (is_artillery(target.type)) return band.artillery;
    if (target.type == TroopType::kEl && band.elephants) return *band.elephants;
    if (band.ignored_by.contains(target)) return Result::kNoEffect;
    return band.result;
  }
  return Result::kNoEffect;
}

bool needs_roof_against(Troop shooter) {
  return shooter.type == TroopType::kLb ||
         (shooter.type == TroopType::kBw &&
          (shooter.grade == Grade::kS || shooter.grade == Grade::kO));
}

}  // namespace carroccio::gwkho
