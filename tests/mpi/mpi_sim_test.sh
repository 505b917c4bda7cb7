#!/usr/bin/env bash
# `carroccio sim` under mpirun gives exactly the totals and the per-game CSV of one process
# (issue 22: studies across machines). Usage: mpi_sim_test.sh CARROCCIO MPIRUN WORKDIR
set -euo pipefail
bin=$1 mpirun=$2 dir=$3
mkdir -p "$dir"
cd "$dir"
# mpirun refuses root unless told; Open MPI's own allocations are not ours to hunt.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_plm=isolated \
       OMPI_MCA_btl=self,vader OMPI_MCA_rmaps_base_oversubscribe=1
export ASAN_OPTIONS="${ASAN_OPTIONS:-}:detect_leaks=0"
study=(sim bma/legnano --games 200 --seed 5 --threads 1 --json --quiet)
untimed() { python3 -c 'import json,sys; j=json.load(open(sys.argv[1])); j.pop("timing",None); print(json.dumps(j,sort_keys=True,indent=1))' "$1"; }

"$bin" "${study[@]}" --csv single.csv > single.json
"$mpirun" --oversubscribe -np 3 "$bin" "${study[@]}" --csv ranks.csv > ranks.json
untimed single.json > single.txt
untimed ranks.json > ranks.txt
if ! cmp -s single.txt ranks.txt; then
  echo "mpirun -np 3 gave other totals than one process:"; diff single.txt ranks.txt | head -40
  exit 1
fi
if ! cmp -s single.csv ranks.csv; then
  echo "mpirun -np 3 wrote another CSV than one process:"; diff single.csv ranks.csv | head -20
  exit 1
fi
python3 -c 'import json,sys; t=json.load(open(sys.argv[1]))["timing"]; assert t["processes"]==3, t' ranks.json
ls ranks.csv.rank* >/dev/null 2>&1 && { echo "rank part files were left behind"; exit 1; }
# A comparison of two option sets merges its paired counts too.
cmp=(sim bma/legnano --games 60 --seed 2 --compare-options none charge,facing --json --quiet)
"$bin" "${cmp[@]}" > cmp1.json
"$mpirun" --oversubscribe -np 3 "$bin" "${cmp[@]}" > cmp3.json
untimed cmp1.json > cmp1.txt
untimed cmp3.json > cmp3.txt
cmp -s cmp1.txt cmp3.txt || { echo "the paired comparison differs under mpirun"; diff cmp1.txt cmp3.txt | head; exit 1; }
echo "mpirun -np 3: the same totals, CSV and comparison as one process"
