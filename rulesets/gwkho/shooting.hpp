// God Will Know His Own (gwkho): shooting ranges (Sht-2, Sht-3, ruling G-19) and the 2d6 result
// bands (Sht-1, ruling G-17) as lookups, and the missile weapons an army list may give a troop.
// Ranges are whole inches. The shooting modifiers (ruling G-18) and the whole shot are in
// resolve_shooting.hpp.
#pragma once

#include <optional>
#include <string_view>

#include "rulesets/gwkho/tables.hpp"

namespace carroccio::gwkho {

// The missile weapons that change a troop's range or cost (Pts-2, Sht-2). kNone: the troop's
// usual arms.
enum class Weapon : std::uint8_t {
  kNone,
  kBow,         // bow-armed cavalry and light cavalry (mounted bow); an elephant crew's bows
  kLongbow,     // longbow-armed Cv(o) (dismount as Lb(i))
  kCrossbow,    // crossbow-armed light cavalry
  kHandgun,     // shot: handgun (Hg)
  kArquebus,    // shot, light cavalry: arquebus (Aq)
  kMusket,      // shot: heavy musket (Mu)
  kSwivelGuns,  // an elephant crew's swivel guns (shoot as Mu(i))
  kFirearms,    // an elephant crew's firearms (shoot as Aq)
};
std::string_view weapon_id(Weapon w);  // "none", "bow", "longbow", ...
std::optional<Weapon> weapon_from_id(std::string_view id);
// Whether an army list may give troop `t` the weapon (kNone always).
bool weapon_allowed(Troop t, Weapon w);

// [Sht-2, Sht-3] The range of a troop with a weapon in `year` (the early handgun's range ends
// with 1470); nothing when the troop does not shoot.
std::optional<int> shooting_range(Troop t, Weapon w = Weapon::kNone, int year = 1400);
// [Sht-3] The range of an artillery troop; nothing for other troops.
std::optional<int> artillery_range(Troop t);

// [Sht-1] What a shot's total (2d6 and modifiers) does to a target.
Result shooting_result(int total, Troop target);

// [Sht-8, G-76] Whether foot keeping their heads down behind works need a roof over them to be
// no target of this shooter: against Bw(s), Bw(o) and every Lb (their arrows drop from above).
bool needs_roof_against(Troop shooter);

}  // namespace carroccio::gwkho
