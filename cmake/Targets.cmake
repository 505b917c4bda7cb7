# carroccio_all_targets(<out>): every target defined in any directory of the build, in directory
# order (for settings applied once the targets exist: tests/docs collects the test programs,
# cmake/Pch.cmake gives targets their precompiled headers).
function(carroccio_all_targets out)
  set(found)
  set(dirs ${CMAKE_SOURCE_DIR})
  while(dirs)
    list(POP_FRONT dirs dir)
    get_property(targets DIRECTORY ${dir} PROPERTY BUILDSYSTEM_TARGETS)
    list(APPEND found ${targets})
    get_property(subdirs DIRECTORY ${dir} PROPERTY SUBDIRECTORIES)
    list(PREPEND dirs ${subdirs})
  endwhile()
  set(${out} ${found} PARENT_SCOPE)
endfunction()

# carroccio_links_gtest(<target> <out>): whether the target is a program linking GoogleTest.
function(carroccio_links_gtest target out)
  set(result FALSE)
  get_target_property(type ${target} TYPE)
  if(type STREQUAL "EXECUTABLE")
    get_target_property(libraries ${target} LINK_LIBRARIES)
    if(libraries MATCHES "GTest::")
      set(result TRUE)
    endif()
  endif()
  set(${out} ${result} PARENT_SCOPE)
endfunction()
