#include "rulesets/all.hpp"

#include <string_view>
#include <utility>
#include <vector>

#include "rulesets/alsh/ruleset.hpp"
#include "rulesets/bma/ruleset.hpp"
#include "rulesets/fastplay/ruleset.hpp"
#include "rulesets/gwkho/ruleset.hpp"
#include "rulesets/ohw/ruleset.hpp"

// Each ruleset's rules documents, embedded by cmake/Ruleset.cmake (docs/clauses/<id>.md and
// docs/rulings/<id>.md).
#define CARROCCIO_RULES_DOCUMENTS(ns)                                            \
  namespace carroccio::ns {                                                      \
  std::vector<std::pair<std::string_view, std::string_view>> embedded_clauses(); \
  std::vector<std::pair<std::string_view, std::string_view>> embedded_rulings(); \
  }
CARROCCIO_RULES_DOCUMENTS(alsh)
CARROCCIO_RULES_DOCUMENTS(bma)
CARROCCIO_RULES_DOCUMENTS(fastplay)
CARROCCIO_RULES_DOCUMENTS(gwkho)
CARROCCIO_RULES_DOCUMENTS(ohw)
#undef CARROCCIO_RULES_DOCUMENTS

namespace carroccio::rulesets {

namespace {

using Embedded = std::vector<std::pair<std::string_view, std::string_view>>;

game::ReferenceFiles documents(const Embedded& clauses, const Embedded& rulings) {
  game::ReferenceFiles out;
  for (const auto& [name, text] : clauses) out.emplace_back("clauses.md", text);
  for (const auto& [name, text] : rulings) out.emplace_back("rulings.md", text);
  return out;
}

}  // namespace

game::Registry make_registry() {
  game::Registry r;
  r.add(bma::make_ruleset(), documents(bma::embedded_clauses(), bma::embedded_rulings()));
  r.add(alsh::make_ruleset(), documents(alsh::embedded_clauses(), alsh::embedded_rulings()));
  r.add(ohw::make_ruleset(), documents(ohw::embedded_clauses(), ohw::embedded_rulings()));
  r.add(fastplay::make_ruleset(),
        documents(fastplay::embedded_clauses(), fastplay::embedded_rulings()));
  r.add(gwkho::make_ruleset(), documents(gwkho::embedded_clauses(), gwkho::embedded_rulings()));
  return r;
}

}  // namespace carroccio::rulesets
