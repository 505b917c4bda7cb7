#!/usr/bin/env bash
# The load figures of docs/performance.md ("Server under load", issue 21 point 7): starts
# `carroccio serve` on loopback with a fresh database, creates one game played by two people,
# and measures state reads (GET /api/games/ID, the public view every browser polls) with `wrk`
# (Debian's wrk) at 8, 32 and 128 concurrent connections; then holds 128 idle connections open
# and times health checks made meanwhile.
#   bash scripts/loadtest.sh [CARROCCIO_BINARY] [SECONDS_PER_RUN]
set -euo pipefail
cd "$(dirname "$0")/.."
bin="${1:-build/release/app/carroccio}"
seconds="${2:-10}"
port="${CARROCCIO_LOAD_PORT:-18990}"
command -v wrk >/dev/null || { echo "loadtest: wrk is not installed (apt-get install wrk)." >&2; exit 2; }
dir="$(mktemp -d)"
"$bin" serve --port "$port" --db "$dir/games.db" --web "$dir/no-web" >"$dir/serve.log" 2>&1 &
pid=$!
trap 'kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; rm -rf "$dir"' EXIT
for _ in $(seq 100); do
  curl -sf "http://127.0.0.1:$port/api/health" >/dev/null && break
  sleep 0.1
done
id="$(curl -sf -X POST "http://127.0.0.1:$port/api/games" \
  -d '{"ruleset": "bma", "players": {"imperial": "human", "lombard": "human"}}' |
  python3 -c 'import json, sys; print(json.load(sys.stdin)["id"])')"
echo "== $bin, game $id, $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
for c in 8 32 128; do
  echo "== $c connections, ${seconds} s"
  wrk -t2 -c"$c" -d"${seconds}s" --latency "http://127.0.0.1:$port/api/games/$id" |
    grep -E 'Requests/sec|Latency|50%|99%|Socket errors|requests in'
done
echo "== 128 idle connections open; 50 health checks, one after another"
python3 - "$port" <<'EOF'
import socket, sys, time
port = int(sys.argv[1])
idle = [socket.create_connection(("127.0.0.1", port)) for _ in range(128)]
times = []
for _ in range(50):
    t = time.monotonic()
    s = socket.create_connection(("127.0.0.1", port))
    s.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    data = b""
    while True:
        chunk = s.recv(4096)
        if not chunk:
            break
        data += chunk
    s.close()
    assert data.startswith(b"HTTP/1.1 200"), data[:100]
    times.append(time.monotonic() - t)
    time.sleep(0.02)
times.sort()
print(f"health checks: median {times[len(times)//2]*1000:.1f} ms, max {times[-1]*1000:.1f} ms")
for s in idle:
    s.close()
EOF
