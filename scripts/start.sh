#!/usr/bin/env bash
# Builds the optimised Carroccio binary and the browser front end, and starts the main job:
# the browser UI (open the address it prints).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
cmake --workflow --preset release
# `import carroccio` for Debian's python3: a .pth file naming the release build's module folder.
if [ -x /usr/bin/python3 ] && ls build/release/python/carroccio*.so >/dev/null 2>&1; then
  site=$(/usr/bin/python3 -c 'import site; print(site.getsitepackages()[0])')
  if mkdir -p "$site" 2>/dev/null && echo "$PWD/build/release/python" > "$site/carroccio.pth"; then
    echo "start: python3 -c 'import carroccio' now finds build/release/python ($site/carroccio.pth)"
  else
    echo "start: to import carroccio, set PYTHONPATH=$PWD/build/release/python"
  fi
fi
# The browser UI: Legnano, a person (Imperial) against the AI, at http://127.0.0.1:8080/
exec ./build/release/app/carroccio serve --port "${PORT:-8080}" --web web/dist "$@"
