#!/usr/bin/env bash
# Regenerates the strength tables of docs/ai.md from fixed seeds (issue 19, point 6).
#
#   scripts/strength.sh [--quick] [--games N] [--scenarios LIST] [--pairing 'X|Y']... [--write]
#                       [--threads T] [--seed S]
#
# For every playable scenario (or the comma-separated ruleset/scenario LIST) it plays, with
# `carroccio sim`, seed 1, both side assignments of each pairing on the same seeds:
#   - the lobby's default opponent (the ruleset's suggested_opponent, else heuristic) against
#     random: the share of games it wins or leads on points (State::points_standing);
#   - mcts at its default budget against the heuristic;
#   - mcts at four times its default budget against mcts at its default;
# and prints one Markdown table: per row the games, each side's wins and draws ahead on points,
# the share the first-named agent won or led (95% Wilson interval), and a two-sided sign test on
# the games one agent led and the other did not. --quick plays 20 games a row (a smoke test, not
# a measurement); the default is 400 (issue 19's count). --write replaces the table between the
# markers <!-- strength:begin --> and <!-- strength:end --> in docs/ai.md instead of printing.
# --pairing 'X|Y' (repeatable) plays agents X against Y instead of the three pairings, for a
# study; {m} in a spec is the ruleset's default MCTS budget (e.g. 'mcts:iters={4m}|mcts').
# The binary is $CARROCCIO, else build/release/app/carroccio (cmake --preset release && cmake
# --build --preset release --target carroccio).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${CARROCCIO:-build/release/app/carroccio}
games=400
threads=1
write=0
scenarios=""
pairings=""
seed=1
while [ $# -gt 0 ]; do
  case "$1" in
    --quick) games=20 ;;
    --games) games=$2; shift ;;
    --threads) threads=$2; shift ;;
    --scenarios) scenarios=$2; shift ;;
    --pairing) pairings="$pairings;$2"; shift ;;
    --seed) seed=$2; shift ;;
    --write) write=1 ;;
    -h|--help) sed -n "2,/^set -euo/p" "$0" | grep "^#"; exit 0 ;;
    *) echo "strength.sh: '$1' is not an option (see --help)." >&2; exit 2 ;;
  esac
  shift
done
[ -x "$bin" ] || { echo "strength.sh: no carroccio binary at $bin (set CARROCCIO)." >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$bin" rulesets --json > "$tmp/rulesets.json"
export BIN="$bin" GAMES="$games" THREADS="$threads" SCENARIOS="$scenarios" TMP="$tmp" WRITE="$write"
export PAIRINGS="$pairings" SEED="$seed"
python3 - <<'PY'
import csv, json, math, os, subprocess, sys

bin_, games, threads, tmp = os.environ["BIN"], int(os.environ["GAMES"]), os.environ["THREADS"], os.environ["TMP"]
info = json.load(open(f"{tmp}/rulesets.json"))
rulesets = info["rulesets"] if isinstance(info, dict) else info
chosen = [s for s in os.environ["SCENARIOS"].split(",") if s]
budget = {"bma": 50}  # Game::default_search_iterations; 200 otherwise (ai/mcts.hpp)

def wilson(k, n):
    if n == 0: return (0, 0, 0)
    z = 1.96; p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (p, max(0, c - h), min(1, c + h))

def sign_p(a, b):
    n = a + b
    if n == 0: return 1.0
    k = min(a, b)
    tail = sum(math.comb(n, i) for i in range(k + 1)) / 2 ** n
    return min(1.0, 2 * tail)

def play(ref, sides, agents):
    out = f"{tmp}/g.csv"
    cmd = [bin_, "sim", ref, "--games", str(games), "--seed", os.environ["SEED"], "--threads", threads, "--quiet",
           "--csv", out] + sum([["--agent", f"{s}={a}"] for s, a in zip(sides, agents)], [])
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    return list(csv.DictReader(open(out)))

rows = []
for rs in rulesets:
    if not rs.get("plays_games", True): continue
    for sc in rs.get("scenarios", []):
        ref = f'{rs["id"]}/{sc["id"]}'
        if chosen and ref not in chosen: continue
        probe = subprocess.run([bin_, "sim", ref, "--games", "1", "--quiet", "--json"], check=True,
                               capture_output=True, text=True).stdout
        agg = json.loads(probe)
        agg = agg.get("aggregate", agg)
        sides = [s["side"] for s in agg["sides"]]
        if len(sides) != 2: continue
        d = rs.get("suggested_opponent") or "heuristic"
        m = budget.get(rs["id"], 200)
        pairings = [(d, "random"), ("mcts", "heuristic"), (f"mcts:iters={4 * m}", f"mcts:iters={m}")]
        custom = [p.split("|") for p in os.environ["PAIRINGS"].split(";") if p]
        if custom:
            pairings = [tuple(a.replace("{4m}", str(4 * m)).replace("{m}", str(m)) for a in p) for p in custom]
        for x, y in pairings:
            for xi in (0, 1):
                agents = [x, y] if xi == 0 else [y, x]
                g = play(ref, sides, agents)
                n = len(g)
                wins = [sum(r["winner"] == s for r in g) for s in sides]
                ahead = [sum(r["winner"] == "draw" and r.get("ahead_on_points") == s for r in g) for s in sides]
                xs, ys = sides[xi], sides[1 - xi]
                x_led = sum(r["winner"] == xs or (r["winner"] == "draw" and r.get("ahead_on_points") == xs) for r in g)
                y_led = sum(r["winner"] == ys or (r["winner"] == "draw" and r.get("ahead_on_points") == ys) for r in g)
                p, lo, hi = wilson(x_led, n)
                rows.append(f"| {ref} | {agents[0]} | {agents[1]} | {n} | {wins[0]} + {ahead[0]} | {wins[1]} + {ahead[1]} "
                            f"| {n - x_led - y_led} | {x} as {xs}: {100*p:.0f}% ({100*lo:.0f}–{100*hi:.0f}) | {x_led}:{y_led}, p = {sign_p(x_led, y_led):.2g} |")
                print(rows[-1], file=sys.stderr, flush=True)

head = ("| scenario | first side | second side | games | first side: wins + draws ahead | second side: wins + draws ahead "
        "| level | first-named agent won or led (95% CI) | led:led, two-sided sign test |\n|---|---|---|---|---|---|---|---|---|\n")
table = head + "\n".join(rows) + "\n"
cmdline = f"scripts/strength.sh --games {games} --seed {os.environ['SEED']}" + (f" --scenarios {os.environ['SCENARIOS']}" if chosen else "")
block = f"<!-- strength:begin -->\nGenerated by `{cmdline}` (both side assignments on the same seeds).\n\n{table}<!-- strength:end -->"
if os.environ["WRITE"] == "1":
    doc = open("docs/ai.md").read()
    a, b = doc.find("<!-- strength:begin -->"), doc.find("<!-- strength:end -->")
    if a < 0 or b < 0: sys.exit("strength.sh: docs/ai.md has no <!-- strength:begin/end --> markers.")
    open("docs/ai.md", "w").write(doc[:a] + block + doc[b + len("<!-- strength:end -->"):])
else:
    print(block)
PY
