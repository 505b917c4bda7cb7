#!/usr/bin/env bash
# Builds Carroccio with clang, AddressSanitizer and UndefinedBehaviorSanitizer and runs every test,
# the libFuzzer targets among them: each runs for a few seconds on its seed corpus, built from the
# same objects as the tests (CARROCCIO_FUZZ_SECONDS, 10 by default; fuzz/README.md;
# scripts/fuzz.sh builds the fully instrumented fuzz preset and runs them for longer).
# CARROCCIO_FUZZ_TESTS=0 leaves the fuzz targets' runs out.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
if [ "${CARROCCIO_FUZZ_TESTS:-1}" != 0 ]; then
  cmake --workflow --preset test
else
  cmake --preset asan
  cmake --build --preset asan
  ctest --preset asan --label-exclude fuzz
fi
