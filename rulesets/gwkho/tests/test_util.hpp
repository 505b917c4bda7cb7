// Helpers of the gwkho tests.
#pragma once

#include <fstream>
#include <sstream>
#include <string>

#include "rulesets/gwkho/troops.hpp"

namespace carroccio::gwkho::testing {

// "Hc(s)" -> the troop (the test's own literal; a typo fails the test).
inline Troop T(const char* text) { return *parse_troop(text); }

inline std::string read_file(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace carroccio::gwkho::testing
