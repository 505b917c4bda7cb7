#!/usr/bin/env bash
# The long fuzz run (fuzz/README.md): builds the libFuzzer targets and runs each for SECONDS
# (default 600, ten minutes) on its seed corpus, one after another, new inputs kept in
# build/fuzz/fuzz/work/NAME. Stops at the first crash, leak or hang (libFuzzer's -timeout), with
# the input that caused it saved as crash-*, leak-* or timeout-* in the current directory.
#   bash scripts/fuzz.sh [SECONDS] [TARGET...]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-600}"
shift || true
cmake --preset fuzz >/dev/null
cmake --build --preset fuzz
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  for t in build/fuzz/fuzz/fuzz_*; do targets+=("$(basename "$t" | sed 's/^fuzz_//')"); done
fi
for t in "${targets[@]}"; do
  echo "== fuzz_${t}: ${seconds} s"
  seeds=(fuzz/corpus/"$t")
  case "$t" in
    scenario_*) seeds+=(scenarios/"${t#scenario_}") ;;
    army_*) seeds+=(scenarios/"${t#army_}"/armies) ;;
  esac
  mkdir -p build/fuzz/fuzz/work/"$t"
  build/fuzz/fuzz/fuzz_"$t" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2560 \
    -print_final_stats=1 build/fuzz/fuzz/work/"$t" "${seeds[@]}"
done
echo "fuzz: every target ran ${seconds} s with no crash, leak or hang."
