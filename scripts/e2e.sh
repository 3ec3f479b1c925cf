#!/usr/bin/env bash
# Browser tests: starts `portico dev` on its own ports and data directory,
# runs Playwright (Debian's Chromium) against it, then stops it.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
port=${E2E_PORT:-18080}
data="$root/var/e2e"
mkdir -p "$data"
log="$data/portico.log"
PORT=$port PORTICO_DATA_DIR="$data" PORTICO_TEMPORAL_PORT=17233 PORTICO_TEMPORAL_UI_PORT=18233 \
  DATABASE_URL="" TEMPORAL_ADDRESS="" ./bin/portico dev >"$log" 2>&1 &
pid=$!
stop() {
  kill -INT "$pid" 2>/dev/null || true
  for _ in $(seq 1 60); do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
  kill -KILL "$pid" 2>/dev/null || true
}
trap stop EXIT
for _ in $(seq 1 120); do
  if curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null 2>&1; then break; fi
  if ! kill -0 "$pid" 2>/dev/null; then echo "portico dev exited:"; cat "$log"; exit 1; fi
  sleep 0.5
done
curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null || { echo "portico dev did not start:"; cat "$log"; exit 1; }
cd web
PORTICO_E2E_URL="http://127.0.0.1:$port" npm run e2e
