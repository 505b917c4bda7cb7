#!/usr/bin/env bash
# Builds Carroccio with AddressSanitizer and UndefinedBehaviorSanitizer and runs every test.
# With CARROCCIO_FUZZ_TESTS=1 it then builds the libFuzzer targets (clang) and runs each for a
# few seconds on its seed corpus (fuzz/README.md; scripts/fuzz.sh runs them for longer).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
cmake --workflow --preset test
if [ "${CARROCCIO_FUZZ_TESTS:-0}" = 1 ]; then
  cmake --workflow --preset fuzz
fi
