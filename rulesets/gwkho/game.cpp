#include "rulesets/gwkho/game.hpp"

#include <algorithm>
#include <iterator>
#include <string>
#include <vector>

#include "fmt/format.h"
#include "game/table/place.hpp"
#include "rulesets/gwkho/state.hpp"

namespace carroccio::gwkho {

GwkhoGame::GwkhoGame(Scenario scenario, RuleOptions rules, game::Options options)
    : game::Game("gwkho", scenario.id, {scenario.sides[0].id, scenario.sides[1].id},
                 std::move(options), scenario.source),
      scenario_(std::move(scenario)),
      rules_(rules) {
  for (int s = 0; s < kNumSides; ++s)
    reports_[static_cast<std::size_t>(s)] =
        std::make_unique<ArmyReport>(assess(scenario_.sides[static_cast<std::size_t>(s)].army));
  for (int e = 0; e < num_elements(); ++e) {
    const ElementDef& d = element(e);
    const std::string troop = troop_text(d.troop);
    std::string label = short_label(e);
    // A group named only by its troop is not named twice.
    if (d.name != troop && d.name != troop_text(d.list_troop))
      label += fmt::format(" ({})", troop);
    else if (d.dismounted())
      label += fmt::format(" (dismounted as {})", troop);
    else if (d.troop != d.list_troop)  // [G-40b] mounted infantry riding
      label += fmt::format(" (riding as {})", troop);
    troop_labels_.push_back(std::move(label));
  }
  std::vector<std::string> troops;
  for (int e = 0; e < num_elements(); ++e) troops.push_back(troop_text(element(e).troop));
  for (int e = 0; e < num_elements(); ++e) {
    const std::string& troop = troops[static_cast<std::size_t>(e)];
    int number = 0, of = 0;
    for (int o = 0; o < num_elements(); ++o)
      if (element(o).side == element(e).side && troops[static_cast<std::size_t>(o)] == troop) {
        ++of;
        if (o <= e) ++number;
      }
    board_labels_.push_back(game::table::piece_label(troop, number, of));
  }
}

std::shared_ptr<const GwkhoGame> GwkhoGame::with_troop(int e, Troop t) const {
  Scenario s = scenario_;
  s.elements[static_cast<std::size_t>(e)].troop = t;
  return std::make_shared<GwkhoGame>(std::move(s), rules_, options());
}

namespace {

// The id up to its last dot: the group an element belongs to ("red.0.1.3" -> "red.0.1").
std::string_view group_prefix(std::string_view id) {
  const auto dot = id.rfind('.');
  return dot == std::string_view::npos ? id : id.substr(0, dot);
}

}  // namespace

std::string GwkhoGame::short_label(int e) const {
  const ElementDef& d = element(e);
  const std::string_view group = group_prefix(d.id);
  int number = 0, count = 0;
  for (int o = 0; o < num_elements(); ++o)
    if (group_prefix(element(o).id) == group && element(o).side == d.side) {
      ++count;
      if (o <= e) ++number;
    }
  const std::string name = d.name.empty() ? troop_text(d.list_troop) : d.name;
  return count > 1 ? fmt::format("{} #{}", name, number) : name;
}

std::string terrain_name(std::string_view id) {
  static constexpr std::string_view kSmall[] = {"a",  "an", "and", "at",  "before", "behind", "by",
                                                "in", "of", "on",  "the", "to",     "near"};
  std::string out;
  std::size_t i = 0;
  while (i < id.size()) {
    std::size_t j = i;
    while (j < id.size() && id[j] != '-' && id[j] != '_' && id[j] != ' ') ++j;
    std::string w(id.substr(i, j - i));
    const bool small =
        !out.empty() && std::find(std::begin(kSmall), std::end(kSmall), w) != std::end(kSmall);
    if (!w.empty() && !small && w[0] >= 'a' && w[0] <= 'z') w[0] = static_cast<char>(w[0] - 32);
    if (!w.empty()) out += (out.empty() ? "" : " ") + w;
    i = j + 1;
  }
  return out;
}

std::string GwkhoGame::command_label(int s, int command) const {
  const auto& cmds = side(s).army.commands;
  if (command < 0 || command >= static_cast<int>(cmds.size()))
    return fmt::format("command {}", command + 1);
  // The general as he is called: his name without the titles after it ("Philip of
  // Heinsberg, Archbishop of Cologne" -> "Philip of Heinsberg"), with an apostrophe alone after a
  // final s ("Guy of Namur's", "Nemours'").
  std::string g = cmds[static_cast<std::size_t>(command)].general;
  g = g.substr(0, g.find(','));
  while (!g.empty() && g.back() == ' ') g.pop_back();
  if (g.empty()) return fmt::format("command {}", command + 1);
  return fmt::format("{}{} command", g, g.back() == 's' ? "'" : "'s");
}

std::string GwkhoGame::label(int e) const {
  const ElementDef& d = element(e);
  return fmt::format("{} of {}", troop_label(e), command_label(d.side, d.command));
}

std::unique_ptr<game::State> GwkhoGame::new_initial_state() const {
  return std::make_unique<GwkhoState>(shared_from_this());
}

}  // namespace carroccio::gwkho
