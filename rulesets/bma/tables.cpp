// Loading the rulebook's tables (rulesets/bma/data/tables.json) into typed arrays.
#include <algorithm>

#include "fmt/format.h"
#include "game/registry.hpp"
#include "rulesets/bma/types.hpp"

namespace carroccio::bma {

std::vector<std::pair<std::string_view, std::string_view>> embedded_data();

std::string_view rating_name(Rating r) {
  static constexpr std::string_view kNames[] = {"A", "B", "C"};
  return kNames[static_cast<int>(r)];
}
std::string_view type_name(UnitType t) {
  static constexpr std::string_view kNames[] = {"infantry", "cavalry", "carroccio"};
  return kNames[static_cast<int>(t)];
}
std::string_view status_name(Status s) {
  static constexpr std::string_view kNames[] = {"ordered", "disordered", "routed", "eliminated"};
  return kNames[static_cast<int>(s)];
}
std::string_view result_name(CrtResult r) {
  static constexpr std::string_view kNames[] = {"AE", "AR", "AD", "NE", "DD", "DR", "DE"};
  return kNames[static_cast<int>(r)];
}
std::string_view edge_name(Edge e) {
  static constexpr std::string_view kNames[] = {"north", "south", "west", "east"};
  return kNames[static_cast<int>(e)];
}

int Tables::column_for(int a, int d) const {
  // 5.2 / ruling L-7: the highest printed column whose ratio the odds reach, compared exactly.
  int col = 0;
  for (int c = 0; c < kColumns; ++c) {
    const auto& r = column_min_ratio[static_cast<std::size_t>(c)];
    if (static_cast<long long>(a) * r[1] >= static_cast<long long>(d) * r[0]) col = c;
  }
  return col;
}

core::Expected<Tables> load_tables(const std::string& text, std::string_view source) {
  auto parsed = game::parse_json_text(text, source);
  if (!parsed) return parsed.error();
  const nlohmann::json& j = *parsed;
  auto bad = [&](std::string_view field, std::string_view what) {
    return core::make_error(fmt::format("{}: field '{}' {}.", source, field, what));
  };
  try {
    Tables t;
    const auto& crt = j.at("crt");
    const auto& cols = crt.at("columns");
    const auto& ratios = crt.at("column_min_ratio");
    const auto& rows = crt.at("rows");
    const auto& res = crt.at("results");
    if (cols.size() != Tables::kColumns || ratios.size() != Tables::kColumns)
      return bad("crt.columns", "must list 8 columns");
    if (rows.size() != Tables::kRows || res.size() != Tables::kRows)
      return bad("crt.rows", "must list 10 rows (-1 to 8)");
    for (int c = 0; c < Tables::kColumns; ++c) {
      t.column_names[static_cast<std::size_t>(c)] =
          cols[static_cast<std::size_t>(c)].get<std::string>();
      t.column_min_ratio[static_cast<std::size_t>(c)] = {
          ratios[static_cast<std::size_t>(c)][0].get<int>(),
          ratios[static_cast<std::size_t>(c)][1].get<int>()};
    }
    for (int r = 0; r < Tables::kRows; ++r) {
      if (rows[static_cast<std::size_t>(r)].get<int>() != r + Tables::kMinRow)
        return bad("crt.rows", "must run from -1 to 8 in order");
      const auto& line = res[static_cast<std::size_t>(r)];
      if (line.size() != Tables::kColumns)
        return bad(fmt::format("crt.results[{}]", r), "must hold 8 results");
      for (int c = 0; c < Tables::kColumns; ++c) {
        const auto name = line[static_cast<std::size_t>(c)].get<std::string>();
        bool found = false;
        for (int k = 0; k <= static_cast<int>(CrtResult::kDE); ++k) {
          if (result_name(static_cast<CrtResult>(k)) == name) {
            t.crt[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)] =
                static_cast<CrtResult>(k);
            found = true;
          }
        }
        if (!found) return bad(fmt::format("crt.results[{}][{}]", r, c), "is not a CRT result");
      }
    }
    for (int r = 0; r < 3; ++r) {
      const auto& x = j.at("ratings").at(std::string(rating_name(static_cast<Rating>(r))));
      t.ratings[static_cast<std::size_t>(r)] = {x.at("chit_min").get<int>(),
                                                x.at("chit_max").get<int>(),
                                                x.at("morale").get<int>(), x.at("vp").get<int>()};
    }
    const char* terrain_names[] = {"clear", "forest"};
    for (int k = 0; k < 2; ++k) {
      const auto& x = j.at("terrain").at(terrain_names[k]);
      TerrainInfo& ti = t.terrain[static_cast<std::size_t>(k)];
      ti.infantry_mp = x.at("infantry_mp").get<int>();
      ti.cavalry_mp = x.at("cavalry_mp").get<int>();
      ti.carroccio_may_enter = x.at("carroccio_may_enter").get<bool>();
      ti.infantry_attack_num = x.at("infantry_attack_into")[0].get<int>();
      ti.infantry_attack_den = x.at("infantry_attack_into")[1].get<int>();
      ti.cavalry_attack_num = x.at("cavalry_attack_into")[0].get<int>();
      ti.cavalry_attack_den = x.at("cavalry_attack_into")[1].get<int>();
      ti.cavalry_disordered_on_entry = x.at("cavalry_disordered_on_entry").get<bool>();
      ti.cavalry_attack_needs_morale = x.at("cavalry_attack_needs_morale").get<bool>();
      ti.charge_allowed = x.at("charge_allowed").get<bool>();
    }
    t.leader_killed_on = j.at("leader_loss").at("killed_on").get<std::vector<int>>();
    t.leader_vp_per_command = j.at("leader_vp_per_command").get<int>();
    return t;
  } catch (const nlohmann::json::exception& e) {
    return core::make_error(fmt::format("{}: the tables are malformed ({}).", source, e.what()));
  }
}

const Tables& default_tables() {
  static const Tables kTables = [] {
    for (const auto& [name, text] : embedded_data()) {
      if (name == "tables.json") {
        auto t = load_tables(std::string(text), "rulesets/bma/data/tables.json");
        if (!t) throw std::runtime_error(t.message());  // a build defect, never user input
        return *t;
      }
    }
    throw std::runtime_error("bma tables.json is not embedded");
  }();
  return kTables;
}

}  // namespace carroccio::bma
