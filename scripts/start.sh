#!/usr/bin/env bash
# Builds the optimised Carroccio binary and starts the main job.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
cmake --workflow --preset release
exec ./build/release/app/carroccio demo "$@"
