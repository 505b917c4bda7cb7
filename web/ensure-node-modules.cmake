# Runs `npm ci` in WEB_DIR if its node_modules is missing (cmake -DWEB_DIR=... -DNPM=... -P).
if(NOT EXISTS "${WEB_DIR}/node_modules/.package-lock.json")
  message(STATUS "web/node_modules is missing: running npm ci")
  execute_process(COMMAND "${NPM}" ci --no-audit --no-fund WORKING_DIRECTORY "${WEB_DIR}" RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "npm ci in ${WEB_DIR} failed (${rc}).")
  endif()
endif()
