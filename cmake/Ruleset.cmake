# carroccio_add_ruleset(<id>
#                       [EMBED <function>=<glob> ...]
#                       [TEST_DEFINITIONS <definition> ...]
#                       [OPTIMIZED_TESTS <file> ...]
#                       [E2E_FULL_GAMES])
#
# The whole build of one ruleset, called from rulesets/<id>/CMakeLists.txt (docs/new-ruleset.md):
#   - the library carroccio_<id> from the folder's *.cpp, on carroccio_game (a ruleset depends on
#     core and game only);
#   - its built-in scenarios, scenarios/<id>/*.json, embedded as
#       std::vector<std::pair<std::string_view, std::string_view>>
#       carroccio::<id>::embedded_scenarios()   (file name, text), sorted by file name
#     (empty when the folder has none yet);
#   - its rules documents, docs/clauses/<id>.md and docs/rulings/<id>.md, embedded the same way as
#     carroccio::<id>::embedded_clauses() and embedded_rulings() (empty when a file is missing):
#     the rules reference (game/rules_reference.hpp) that rulesets/all.cpp registers with it;
#   - each EMBED item: the files matching <glob> (relative to the ruleset's folder, or absolute),
#     sorted, embedded the same way as carroccio::<id>::<function>() (several items may name one
#     function): tables as data, army lists, ...;
#   - with testing on, the test binary <id>_tests from tests/*_test.cpp on GoogleTest, with the
#     TEST_DEFINITIONS (e.g. a folder of test data), its tests discovered by ctest; the
#     OPTIMIZED_TESTS (file names in tests/: property tests that play many random decisions) go
#     into a second program, <id>_optimized_tests, compiled at the libraries' optimisation rather
#     than CARROCCIO_TEST_OPTIMIZATION (top-level CMakeLists.txt: in one program the linker may
#     take the unoptimised copies of inline library code from the other test files);
#   - the ruleset joins the global property CARROCCIO_RULESETS (rulesets/CMakeLists.txt links
#     them all into carroccio_rulesets) and, with E2E_FULL_GAMES, CARROCCIO_E2E_FULL_RULESETS
#     (tests/e2e plays each of its scenarios to the end in the browser, with the long tests).
# Registration in the program itself is rulesets/all.cpp, the one place that names every ruleset.
function(carroccio_add_ruleset id)
  cmake_parse_arguments(PARSE_ARGV 1 arg "E2E_FULL_GAMES" "" "EMBED;TEST_DEFINITIONS;OPTIMIZED_TESTS")
  if(arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "carroccio_add_ruleset(${id}): unknown arguments ${arg_UNPARSED_ARGUMENTS}")
  endif()
  set(target carroccio_${id})
  file(GLOB sources CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/*.cpp)
  add_library(${target} STATIC ${sources})
  target_link_libraries(${target} PUBLIC carroccio_game)

  file(GLOB scenario_files CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/scenarios/${id}/*.json)
  list(SORT scenario_files)
  carroccio_embed(${target} carroccio::${id} embedded_scenarios ${scenario_files})
  foreach(doc IN ITEMS clauses rulings)
    set(doc_file ${CMAKE_SOURCE_DIR}/docs/${doc}/${id}.md)
    if(EXISTS ${doc_file})
      carroccio_embed(${target} carroccio::${id} embedded_${doc} ${doc_file})
    else()
      carroccio_embed(${target} carroccio::${id} embedded_${doc})
    endif()
  endforeach()

  set(functions)
  foreach(item IN LISTS arg_EMBED)
    if(NOT item MATCHES "^([A-Za-z_][A-Za-z0-9_]*)=(.+)$")
      message(FATAL_ERROR "carroccio_add_ruleset(${id}): EMBED takes <function>=<glob>, not '${item}'")
    endif()
    set(fn ${CMAKE_MATCH_1})
    set(glob ${CMAKE_MATCH_2})
    if(NOT IS_ABSOLUTE "${glob}")
      set(glob ${CMAKE_CURRENT_SOURCE_DIR}/${glob})
    endif()
    file(GLOB matched CONFIGURE_DEPENDS ${glob})
    list(SORT matched)
    if(NOT matched)
      message(FATAL_ERROR "carroccio_add_ruleset(${id}): EMBED ${item} matches no file")
    endif()
    list(APPEND functions ${fn})
    list(APPEND files_${fn} ${matched})
  endforeach()
  list(REMOVE_DUPLICATES functions)
  foreach(fn IN LISTS functions)
    carroccio_embed(${target} carroccio::${id} ${fn} ${files_${fn}})
  endforeach()

  if(CARROCCIO_BUILD_TESTS)
    file(GLOB tests CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/tests/*_test.cpp)
    set(optimized)
    foreach(name IN LISTS arg_OPTIMIZED_TESTS)
      set(file ${CMAKE_CURRENT_SOURCE_DIR}/tests/${name})
      if(NOT file IN_LIST tests)
        message(FATAL_ERROR "carroccio_add_ruleset(${id}): OPTIMIZED_TESTS names ${name}, which is not a tests/*_test.cpp")
      endif()
      list(REMOVE_ITEM tests ${file})
      list(APPEND optimized ${file})
    endforeach()
    set(programs ${id}_tests)
    add_executable(${id}_tests ${tests})
    if(optimized)
      add_executable(${id}_optimized_tests ${optimized})
      set_target_properties(${id}_optimized_tests PROPERTIES CARROCCIO_OPTIMIZED_TEST_FILES ON)
      list(APPEND programs ${id}_optimized_tests)
    endif()
    foreach(program IN LISTS programs)
      target_link_libraries(${program} PRIVATE ${target} GTest::gtest_main)
      if(arg_TEST_DEFINITIONS)
        target_compile_definitions(${program} PRIVATE ${arg_TEST_DEFINITIONS})
      endif()
      gtest_discover_tests(${program} DISCOVERY_MODE PRE_TEST)
    endforeach()
  endif()

  set_property(GLOBAL APPEND PROPERTY CARROCCIO_RULESETS ${id})
  if(arg_E2E_FULL_GAMES)
    set_property(GLOBAL APPEND PROPERTY CARROCCIO_E2E_FULL_RULESETS ${id})
  endif()
endfunction()
