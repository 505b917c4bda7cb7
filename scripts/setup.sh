#!/usr/bin/env bash
# Installs the Debian packages Carroccio needs to build, test and run.
# Run as root on Debian 12; non-interactive; does nothing when everything is present.
set -euo pipefail

packages=(
  build-essential cmake ninja-build ccache git
  googletest libgtest-dev libgmock-dev libbenchmark-dev
  nlohmann-json3-dev libcli11-dev libfmt-dev
  libsqlite3-dev libboost-dev pkg-config
  clang libclang-rt-14-dev lld
  libopenmpi-dev openmpi-bin
  python3 python3-dev pybind11-dev python3-pybind11 python3-numpy python3-pytest
  chromium
)

missing=()
# Node.js and npm build the browser front end; a machine may already have them from elsewhere.
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
  missing+=(nodejs npm)
fi
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all ${#packages[@]} Debian packages are present."
  exit 0
fi

echo "setup: installing ${missing[*]}"
if [ "$(id -u)" -ne 0 ]; then
  echo "setup: these packages are missing and installing them needs root: ${missing[*]}" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}"
echo "setup: done."
