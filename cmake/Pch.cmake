# Precompiled headers (CARROCCIO_PCH; the asan preset sets it, for the test build's time).
#
# Most of a file's front-end time is the same third-party headers (nlohmann::json, fmt, the
# standard library and, in tests, GoogleTest): about 3 s of each file's 5 to 10 s at -O0
# (docs/performance.md, "The test build and CI time"). carroccio_use_precompiled_headers() walks
# every directory of the build once the targets exist and gives each of our libraries one
# precompiled header of those, and each test program (every executable linking GoogleTest) the
# same plus GoogleTest. Each target makes its own, with its own flags (the test files' -O0, the
# libraries' -O1), so they always match the files using them. The libFuzzer targets, whose own
# file has other sanitizer flags, and the Python module are left alone.
#
# ccache: a precompiled header is cached when the compiler is told not to stamp it with a time
# (-fno-pch-timestamp) and ccache's sloppiness allows it (pch_defines, time_macros); the launcher
# sets the latter for our compiles only.
set(CARROCCIO_PCH_LIBRARY_HEADERS
    <algorithm> <array> <cstdint> <functional> <map> <memory> <optional> <set> <sstream>
    <string> <string_view> <unordered_map> <utility> <variant> <vector>
    <fmt/format.h> <nlohmann/json.hpp>)
set(CARROCCIO_PCH_TEST_HEADERS ${CARROCCIO_PCH_LIBRARY_HEADERS} <gtest/gtest.h>)

function(carroccio_use_precompiled_headers)
  carroccio_all_targets(targets)
  foreach(t IN LISTS targets)
    get_target_property(type ${t} TYPE)
    carroccio_links_gtest(${t} is_test)
    set(headers "")
    if(type STREQUAL "STATIC_LIBRARY" AND t MATCHES "^carroccio_")
      set(headers ${CARROCCIO_PCH_LIBRARY_HEADERS})
    elseif(is_test)
      set(headers ${CARROCCIO_PCH_TEST_HEADERS})
    endif()
    if(headers)
      target_precompile_headers(${t} PRIVATE ${headers})
      if(CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
        # For the compile that makes the header (the others ignore it): no time stamp in it, so
        # ccache can take it by its content.
        target_compile_options(${t} PRIVATE
          "$<$<COMPILE_LANGUAGE:CXX>:SHELL:-Xclang -fno-pch-timestamp>")
      endif()
    endif()
  endforeach()
endfunction()
