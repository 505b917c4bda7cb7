// The alsh table referee over HTTP (docs/api.md, "Table referee"): the browser's referee page
// describes the tables and resolves one. The resolution itself is the alsh library's
// (alsh::describe_tables and alsh::resolve_request, the same report `carroccio alsh --json`
// prints); this layer only adds the server's roll and turns refusals into 4xx sentences.
#pragma once

#include <cstdint>
#include <functional>

#include "nlohmann/json.hpp"
#include "server/outcome.hpp"

namespace carroccio::server {

// GET /api/alsh/tables: every table with its title, summary, dice and situation fields.
const nlohmann::json& referee_tables();

// POST /api/alsh/resolve: `body` is an alsh referee request (table, situation, dice, seed,
// odds_only, assault_table) plus an optional "roll": true, which rolls the dice with a seed from
// `fresh_seed` (reported in the answer, so the roll can be repeated with "seed"). Without dice,
// seed or roll the answer holds only the odds. An unknown table is a 404; any other refusal
// (a bad field, an impossible die, a malformed Assault grid, dice together with a seed) a 400.
Outcome<nlohmann::json> referee_resolve(const nlohmann::json& body,
                                        const std::function<std::uint64_t()>& fresh_seed);

}  // namespace carroccio::server
