#include "core/event.hpp"

namespace carroccio::core {

nlohmann::json to_json(const Event& e) {
  nlohmann::json j = {{"kind", e.kind}, {"text", e.text}};
  if (!e.rule.empty()) j["rule"] = e.rule;
  if (!e.data.empty()) j["data"] = e.data;
  return j;
}

}  // namespace carroccio::core
