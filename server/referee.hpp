// The table referee of a ruleset over HTTP (docs/api.md, "Table referee"): the browser's referee
// page describes a ruleset's tables and resolves one. The description and the resolution are the
// ruleset's own (game::Ruleset::referee_tables and referee_resolve); this layer only adds the
// server's roll and turns refusals into 4xx sentences.
#pragma once

#include <cstdint>
#include <functional>

#include "game/registry.hpp"
#include "nlohmann/json.hpp"
#include "server/outcome.hpp"

namespace carroccio::server {

// GET /api/rulesets/{id}/tables: every table of the ruleset's referee with its title, summary,
// dice and situation fields, and the request's fields (with the server's "roll"). A ruleset with
// no referee is a 404.
Outcome<nlohmann::json> referee_tables(const game::Ruleset& ruleset);

// POST /api/rulesets/{id}/resolve: `body` is a referee request of the ruleset (table, and the
// ruleset's fields: situation, dice, seed, odds_only, ...) plus an optional "roll": true, which
// rolls the dice with a seed from `fresh_seed` (reported in the answer, so the roll can be
// repeated with "seed"). Without dice, seed or roll the answer holds only the odds. A ruleset
// with no referee, or a table it does not have, is a 404; any other refusal (a bad field, an
// impossible die, dice together with a seed) a 400.
Outcome<nlohmann::json> referee_resolve(const game::Ruleset& ruleset, const nlohmann::json& body,
                                        const std::function<std::uint64_t()>& fresh_seed);

}  // namespace carroccio::server
