#include "rulesets/all.hpp"

#include "rulesets/alsh/ruleset.hpp"
#include "rulesets/bma/ruleset.hpp"
#include "rulesets/fastplay/ruleset.hpp"
#include "rulesets/gwkho/ruleset.hpp"
#include "rulesets/ohw/ruleset.hpp"

namespace carroccio::rulesets {

game::Registry make_registry() {
  game::Registry r;
  r.add(bma::make_ruleset());
  r.add(alsh::make_ruleset());
  r.add(ohw::make_ruleset());
  r.add(fastplay::make_ruleset());
  r.add(gwkho::make_ruleset());
  return r;
}

}  // namespace carroccio::rulesets
