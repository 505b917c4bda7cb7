# Unity builds (CARROCCIO_UNITY; the asan preset sets it, for the test build's time).
#
# A file's compile repeats, for each file, the instantiation and code generation of every inline
# function and template it uses from the headers (nlohmann::json, fmt, GoogleTest's assertions):
# the precompiled header saves the parsing, not that. carroccio_use_unity_builds() gives our
# libraries and test programs (the targets cmake/Pch.cmake gives a precompiled header) CMake's
# unity build: their files compiled in batches of CARROCCIO_UNITY_BATCH, each batch one
# translation unit. Measured on the sanitizer build (docs/performance.md, "Third round"): about
# 40% less compile time. Every library and test file must therefore compile beside the others
# of its target: helpers in an anonymous namespace need names of their own, and helpers two
# files share belong in a header (each ruleset's tests/test_util.hpp, core/text.hpp). The
# libFuzzer targets and the Python module are left alone.
set(CARROCCIO_UNITY_BATCH 8 CACHE STRING "Files compiled together in a unity build (CARROCCIO_UNITY)")

function(carroccio_use_unity_builds)
  carroccio_all_targets(targets)
  foreach(t IN LISTS targets)
    get_target_property(type ${t} TYPE)
    carroccio_links_gtest(${t} is_test)
    if((type STREQUAL "STATIC_LIBRARY" AND t MATCHES "^carroccio_") OR is_test)
      set_target_properties(${t} PROPERTIES UNITY_BUILD ON
                                            UNITY_BUILD_BATCH_SIZE ${CARROCCIO_UNITY_BATCH})
    endif()
  endforeach()
endfunction()
