#!/usr/bin/env bash
# Builds Carroccio with AddressSanitizer and UndefinedBehaviorSanitizer and runs every test, then
# builds the libFuzzer targets (clang) and runs each for a few seconds on its seed corpus
# (CARROCCIO_FUZZ_SECONDS in the fuzz preset, 10 by default; fuzz/README.md; scripts/fuzz.sh runs
# them for longer). CARROCCIO_FUZZ_TESTS=0 leaves the fuzz targets out.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
cmake --workflow --preset test
if [ "${CARROCCIO_FUZZ_TESTS:-1}" != 0 ]; then
  cmake --workflow --preset fuzz
fi
