#!/usr/bin/env bash
# Builds the optimised Carroccio binary and the browser front end, and starts the main job:
# the browser UI (open the address it prints).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
cmake --workflow --preset release
# The browser UI: Legnano, a person (Imperial) against the AI, at http://127.0.0.1:8080/
exec ./build/release/app/carroccio serve --port "${PORT:-8080}" --web web/dist "$@"
