#!/usr/bin/env bash
# Browser tests: Playwright (Debian's Chromium) against `portico dev` servers of their own
# (scripts/with-portico-dev.sh starts and stops each).
#
# With no arguments (make test) the specs run in E2E_LANES lanes side by side (default 4):
# lane i is a Playwright process against a server of its own on E2E_PORT + 100*(i-1) (Temporal
# on E2E_TEMPORAL_PORT and E2E_TEMPORAL_UI_PORT + the same), data in var/e2e-lane<i>, its specs
# chosen by web/scripts/e2e-lanes.mjs from the durations the last run recorded
# (web/e2e/durations.json; this run's are written to var/e2e-durations.json). Each spec file runs
# on one server, one test at a time, as in a single lane.
# With arguments (a spec, -g "name", ...) one server runs what they choose, in var/e2e.
# Defaults: ports 18080, 17233, 18233; two checkouts on one machine pick other ports. Each server's
# AUTH_URL is http://localhost:<its port>, the browser's portal http://127.0.0.1:<its port>.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
port=${E2E_PORT:-18080}
temporal_port=${E2E_TEMPORAL_PORT:-17233}
temporal_ui_port=${E2E_TEMPORAL_UI_PORT:-18233}
lanes=${E2E_LANES:-4}

run_one() { # data_dir port temporal_port temporal_ui_port [playwright args...]
  local data=$1 p=$2 t=$3 u=$4
  shift 4
  # The authentication host (decision 0145) is this machine's other name: a company's SSO sign-in
  # begun on 127.0.0.1 comes back on localhost and is handed off to 127.0.0.1 (signin.spec.ts).
  AUTH_URL="http://localhost:$p" "$root/scripts/with-portico-dev.sh" "$p" "$data" "$t" "$u" -- \
    bash -c 'cd web && PORTICO_E2E_URL="$PORTICO_URL" npm run --silent e2e -- "$@"' e2e "$@"
}

if [ $# -gt 0 ] || [ "$lanes" -le 1 ]; then
  run_one "$root/var/e2e" "$port" "$temporal_port" "$temporal_ui_port" "$@"
  exit
fi

pids=()
for i in $(seq 1 "$lanes"); do
  off=$(( (i - 1) * 100 ))
  (
    export PORTICO_E2E_LANE="$i/$lanes" PORTICO_E2E_DURATIONS="$root/var/e2e-lane$i/durations.json"
    run_one "$root/var/e2e-lane$i" $((port + off)) $((temporal_port + off)) $((temporal_ui_port + off)) 2>&1 | sed -u "s/^/[lane $i] /"
    exit "${PIPESTATUS[0]}"
  ) &
  pids+=($!)
done
status=0
for i in "${!pids[@]}"; do
  if ! wait "${pids[$i]}"; then
    echo "e2e lane $((i + 1)) of $lanes failed (its server's log: var/e2e-lane$((i + 1))/portico.log)"
    status=1
  fi
done
# the durations of this run, to copy to web/e2e/durations.json when the suite's shape has changed
node -e '
const fs = require("node:fs");
const out = {};
for (const f of process.argv.slice(2)) { try { Object.assign(out, JSON.parse(fs.readFileSync(f, "utf8"))); } catch {} }
const sorted = Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)));
fs.writeFileSync(process.argv[1], JSON.stringify(sorted, null, 2) + "\n");
' "$root/var/e2e-durations.json" "$root"/var/e2e-lane*/durations.json || true
exit $status
