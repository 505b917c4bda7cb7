#include "server/referee.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include "fmt/format.h"

namespace carroccio::server {

namespace {

// Client text in a sentence: bounded.
std::string bounded(const std::string& text) {
  constexpr std::size_t kMax = 60;
  return text.size() <= kMax ? text : text.substr(0, kMax) + "...";
}

Failure no_referee(const game::Ruleset& ruleset) {
  return {Fault::kNotFound,
          fmt::format("Ruleset {} has no referee tables: the referee page serves the rulesets "
                      "that offer them (table_referee in GET /api/rulesets).",
                      ruleset.info().id)};
}

}  // namespace

Outcome<nlohmann::json> referee_tables(const game::Ruleset& ruleset) {
  nlohmann::json j = ruleset.referee_tables();
  if (!j.is_object() || !j.contains("tables")) return no_referee(ruleset);
  j["request"]["roll"] =
      "optional: true rolls the dice with a seed the server draws (given back as 'seed')";
  return j;
}

Outcome<nlohmann::json> referee_resolve(const game::Ruleset& ruleset, const nlohmann::json& body,
                                        const std::function<std::uint64_t()>& fresh_seed) {
  const nlohmann::json described = ruleset.referee_tables();
  if (!described.is_object() || !described.contains("tables")) return no_referee(ruleset);
  if (!body.is_object())
    return fail(Fault::kBadRequest, "A referee request must be a JSON object with a 'table'.");
  nlohmann::json request = body;
  bool roll = false;
  if (request.contains("roll")) {
    if (!request["roll"].is_boolean())
      return fail(Fault::kBadRequest, "Field 'roll' of a referee request must be true or false.");
    roll = request["roll"].get<bool>();
    request.erase("roll");
  }
  const bool dice =
      request.contains("dice") && request["dice"].is_array() && !request["dice"].empty();
  const bool seed = request.contains("seed");
  const bool odds_only = request.contains("odds_only") && request["odds_only"].is_boolean() &&
                         request["odds_only"].get<bool>();
  if (dice && (roll || seed))
    return fail(Fault::kBadRequest,
                "Give either the dice a person rolled or a roll by the server (roll or seed), "
                "not both.");
  if (odds_only && (dice || roll))
    return fail(Fault::kBadRequest,
                "'odds_only' asks for the odds without a roll: drop 'dice' and 'roll'.");
  if (request.contains("table") && request["table"].is_string()) {
    const std::string name = request["table"].get<std::string>();
    std::vector<std::string> names;
    for (const auto& t : described["tables"])
      if (t.is_object() && t.contains("name") && t["name"].is_string())
        names.push_back(t["name"].get<std::string>());
    if (std::find(names.begin(), names.end(), name) == names.end())
      return fail(Fault::kNotFound,
                  fmt::format("There is no {} table '{}': the tables are {}.", ruleset.info().id,
                              bounded(name), fmt::join(names, ", ")));
  }
  if (roll && !seed) request["seed"] = fresh_seed();
  auto report = ruleset.referee_resolve(request);
  if (!report) return fail(Fault::kBadRequest, report.message());
  return std::move(*report);
}

}  // namespace carroccio::server
