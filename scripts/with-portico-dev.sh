#!/usr/bin/env bash
# Runs a command against a `portico dev` of its own: starts ./bin/portico dev on the given
# port, data directory and Temporal ports, waits for /healthz, runs the command with
# PORTICO_URL set, then stops the server (whatever the command's outcome). PORTICO_BIN
# picks another binary than ./bin/portico; PORTICO_PID is the server's process id, DATABASE_URL
# its private PostgreSQL's portico database (for a command that watches what the load did).
#   scripts/with-portico-dev.sh PORT DATA_DIR TEMPORAL_PORT TEMPORAL_UI_PORT -- COMMAND...
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
[ $# -ge 6 ] && [ "$5" = "--" ] || { echo "usage: $0 PORT DATA_DIR TEMPORAL_PORT TEMPORAL_UI_PORT -- COMMAND..." >&2; exit 2; }
port=$1 data=$(realpath -m "$2") temporal_port=$3 temporal_ui_port=$4
shift 5
mkdir -p "$data"
log="$data/portico.log"
# the local OpenID provider follows PORTICO_OIDC_PORT (default: the portal's port + 10, so checkouts do not clash);
# Mailpit's SMTP and web UI the portal's port + 11 and + 12, the inbound mail listener + 13
PORTICO_OIDC_PORT=${PORTICO_OIDC_PORT:-$((port + 10))} PORTICO_MAILPIT_SMTP_PORT=${PORTICO_MAILPIT_SMTP_PORT:-$((port + 11))} \
  PORTICO_MAILPIT_UI_PORT=${PORTICO_MAILPIT_UI_PORT:-$((port + 12))} PORTICO_SMTP_PORT=${PORTICO_SMTP_PORT:-$((port + 13))} PORT=$port PORTICO_DATA_DIR="$data" PORTICO_TEMPORAL_PORT=$temporal_port PORTICO_TEMPORAL_UI_PORT=$temporal_ui_port \
  DATABASE_URL="" TEMPORAL_ADDRESS="" "${PORTICO_BIN:-./bin/portico}" dev >"$log" 2>&1 &
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
PORTICO_PID=$pid PORTICO_URL="http://127.0.0.1:$port" \
  DATABASE_URL="postgres://postgres@/portico?host=$data/postgres/sock&port=5432&sslmode=disable" "$@"
