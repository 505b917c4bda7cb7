// [Initiative Modifier Table] The modifier from the printed Initiative of the adjacent enemy
// Capitano, with the Orders Table's effects on Initiative.
#include <algorithm>

#include "fmt/format.h"
#include "rulesets/alsh/resolvers.hpp"

namespace carroccio::alsh {

std::vector<Field> initiative_fields() {
  return {
      int_field("enemy-initiative", "printed Initiative of the adjacent enemy Capitano", 1, 5,
                nullptr, true),
      int_field("own-initiative", "printed Initiative of the Capitano being modified", 0, 5),
      enum_field("order", "the Force's current order (Orders Table)",
                 {"none", "garrison", "stand", "manoeuvre", "attack", "retreat"}, "none"),
      bool_field("second-activation", "this is the Force's second activation this turn"),
  };
}

core::Expected<Resolution> resolve_initiative(const Context& ctx, const Situation& s, DiceTape&) {
  const Grid& g = ctx.tables.grid("initiative");
  Resolution r;
  r.table = "initiative";
  r.title = g.title;
  const int enemy = s.get_int("enemy-initiative");
  const std::string order = s.get_enum("order");
  // [Initiative Modifier Table] Row of the adjacent enemy Capitano's printed Initiative.
  const int row = read_row(g, enemy, r);
  const Cell& cell = read_cell(g, row, 0, r);
  const int table_mod = std::stoi(cell.value);
  r.steps.push_back(fmt::format("Adjacent enemy Capitano with Initiative {}: modifier {}", enemy,
                                signed_int(table_mod)));
  ModifierDef table_def{"adjacent_enemy", table_mod,
                        fmt::format("Adjacent enemy Capitano of Initiative {}", enemy),
                        Confidence::kLegible, ""};
  Modifier& tm = r.add(table_def, "Initiative Modifier Table", true);
  tm.confidence = cell.confidence;
  r.detail["table_modifier"] = table_mod;

  // [Orders Table] Retreat: Initiative +1; (**) -1 in a second activation; Garrison and Stand:
  // Initiative is 0 and only one activation.
  const auto& orders = ctx.tables.file("orders")["orders"];
  const nlohmann::json* o = nullptr;
  for (const auto& x : orders)
    if (x["id"] == order) o = &x;
  if (o != nullptr) {
    if (s.flag("second-activation") && (*o)["max_activations"].get<int>() < 2)
      return core::make_error(
          fmt::format("A Force under a {} order activates only once a turn (Orders Table).",
                      (*o)["label"].get<std::string>()));
    if (o->contains("initiative_modifier"))
      r.add(ModifierDef{"retreat", (*o)["initiative_modifier"].get<int>(), "Retreat order",
                        Confidence::kLegible, ""},
            "Orders Table", true);
  }
  if (s.flag("second-activation"))
    r.add(ModifierDef{"second_activation", -1, "Second activation", Confidence::kLegible, ""},
          "Orders Table, note (**)", true);
  const int total = r.total_modifier();
  const bool zero = o != nullptr && o->contains("initiative_zero");
  r.detail["total_modifier"] = total;
  if (!s.has("own-initiative")) {
    r.outcome = zero ? fmt::format("Initiative counts as 0 under a {} order",
                                   (*o)["label"].get<std::string>())
                     : fmt::format("Initiative modifier {}", signed_int(total));
    r.effects.push_back(r.outcome);
    return r;
  }
  const int own = s.get_int("own-initiative");
  if (zero) {
    r.outcome = fmt::format("Initiative 0 ({} order)", (*o)["label"].get<std::string>());
    r.effects.push_back(
        fmt::format("Under a {} order the Initiative counts as 0 whatever the "
                    "modifiers",
                    (*o)["label"].get<std::string>()));
    r.detail["initiative"] = 0;
    return r;
  }
  const int raw = own + total;
  const int value = std::max(0, raw);
  if (raw < 0)
    r.rest_on(Basis{"Ruling: a modified Initiative below 0 counts as 0", Confidence::kGuessed,
                    "The chart does not say how low a modified Initiative can go; we stop at 0, "
                    "the value Garrison and Stand orders give."});
  r.outcome = fmt::format("Initiative {}", value);
  r.effects.push_back(fmt::format("Initiative {} {} = {}{}", own, signed_int(total), raw,
                                  raw < 0 ? ", counted as 0" : ""));
  r.detail["initiative"] = value;
  return r;
}

}  // namespace carroccio::alsh
