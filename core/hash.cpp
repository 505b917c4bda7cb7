#include "core/hash.hpp"

#include "fmt/format.h"

namespace carroccio::core {

std::string hex64(std::uint64_t v) { return fmt::format("{:016x}", v); }

}  // namespace carroccio::core
