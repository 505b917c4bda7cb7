// [Orders Table] The AP cost of a new or changed order for a Major or Minor Force, with what
// the order allows and its effect on Initiative and activations.
#include <algorithm>

#include "fmt/format.h"
#include "rulesets/alsh/resolvers.hpp"

namespace carroccio::alsh {

namespace {
const std::vector<std::string>& order_ids() {
  static const std::vector<std::string> k = {"garrison", "stand", "manoeuvre", "attack", "retreat"};
  return k;
}
}  // namespace

std::vector<Field> orders_fields() {
  return {
      enum_field("order", "the order to give", order_ids(), nullptr, true),
      enum_field("force",
                 "Major Force (commanded by a Capitano Generale) or Minor Force (any other)",
                 {"major", "minor"}, "major"),
      enum_field("when",
                 "new: on a turn when APs are received or for a new Force; change: any other time",
                 {"new", "change"}, "new"),
      enum_field("current", "the Force's current order (for a change)", order_ids()),
      bool_field("light-cavalry-only", "a Minor Force made only of Light Cavalry"),
      bool_field("single-sp", "a Minor Force of a single SP"),
      bool_field("forced", "the order is forced (par. 5.3.1)"),
  };
}

core::Expected<Resolution> resolve_orders(const Context& ctx, const Situation& s, DiceTape&) {
  const auto& data = ctx.tables.file("orders");
  Resolution r;
  r.table = "orders";
  r.title = data["title"].get<std::string>();
  const std::string id = s.get_enum("order");
  const bool major = s.get_enum("force") == "major";
  const bool change = s.get_enum("when") == "change";
  auto find = [&](const std::string& x) -> const nlohmann::json& {
    for (const auto& o : data["orders"])
      if (o["id"] == x) return o;
    throw std::logic_error("alsh orders: no order " + x);
  };
  const auto& o = find(id);
  const std::string label = o["label"].get<std::string>();
  if (change && !s.has("current"))
    return core::make_error("Changing an order needs the current one: give --current.");
  if (change && s.get_enum("current") == id)
    return core::make_error(fmt::format("The Force already has a {} order.", label));
  if ((s.flag("light-cavalry-only") || s.flag("single-sp")) && major)
    return core::make_error(
        "Only a Minor Force can be made only of Light Cavalry or of a single SP for the Orders "
        "Table; give --force minor.");

  int cost = 0;
  std::string how;
  if (!major && (s.flag("light-cavalry-only") || s.flag("single-sp"))) {
    // [Orders Table, note (*)] A Minor Force of only Light Cavalry, or of 1 SP, pays 0.
    cost = 0;
    how = data["free_minor"].get<std::string>();
  } else if (!change) {
    // [Orders Table, New column]
    cost = o[major ? "major_new" : "minor_new"].get<int>();
    how = fmt::format("New column, {} Force", major ? "Major" : "Minor");
  } else if (!major) {
    // [Orders Table, Minor Change-to column]
    cost = o["minor_change"].get<int>();
    how = "Change-to column, Minor Force";
  } else {
    // [Orders Table, Major Change-to column; note *] Minus the current order's New cost.
    const auto& mc = o["major_change"];
    cost = mc["base"].get<int>();
    how = "Change-to column, Major Force";
    if (mc.contains("c"))
      r.rest_on(Basis{fmt::format("Orders Table, {} Change-to cell", label),
                      *parse_confidence(mc["c"].get<std::string>()),
                      fmt::format("chart text reads '{}'. {}", mc["ocr"].get<std::string>(),
                                  mc["note"].get<std::string>())});
    if (mc.contains("minus_current") && mc["minus_current"].get<bool>()) {
      const auto& cur = find(s.get_enum("current"));
      const int sub = cur["major_new"].get<int>();
      how = fmt::format("Change-to column, Major Force: {} minus {} (the New cost of {})", cost,
                        sub, cur["label"].get<std::string>());
      cost -= sub;
      if (cost < 0) {
        const auto& fl = data["change_floor"];
        r.rest_on(Basis{"Ruling: an order change never costs less than 0 AP",
                        *parse_confidence(fl["c"].get<std::string>()),
                        fl["note"].get<std::string>()});
        cost = 0;
      }
    }
  }
  r.rest_on(Basis{fmt::format("Orders Table, row {}", label), Confidence::kLegible, ""});
  r.steps.push_back(how);
  r.detail["cost"] = cost;
  r.detail["max_activations"] = o["max_activations"];
  r.outcome = fmt::format("{} order: {} AP", label, cost);
  r.effects.push_back(fmt::format("Cost: {} AP", cost));
  r.effects.push_back(fmt::format("Allows: {}", o["actions"].get<std::string>()));
  r.effects.push_back(fmt::format(
      "At most {} activation(s) a turn{}", o["max_activations"].get<int>(),
      o.contains("second_activation_initiative") ? "; Initiative -1 in the second" : ""));
  if (s.flag("forced")) {
    // [Orders Table, notes] A forced order calls for a Discipline Check at +1.
    r.effects.push_back(fmt::format("Forced: a Discipline Check at {} (Discipline Table)",
                                    signed_int(data["forced_order_drm"].get<int>())));
  }
  if (id == "attack")
    r.effects.push_back(
        fmt::format("Continuous Attack: {}", data["continuous_attack"]["note"].get<std::string>()));
  return r;
}

}  // namespace carroccio::alsh
