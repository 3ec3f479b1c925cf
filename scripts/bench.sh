#!/usr/bin/env bash
# Benchmarks with baselines in the same process; prints ratios. Never part of `make test`.
# Then Lighthouse (desktop and mobile presets, offline) against the built app's inbox, tasks and
# files on a `portico dev` of its own (ports apart from `make e2e`'s), with the initial JavaScript size; then, on the same
# server, the workflow canvas (scripts/canvas-bench.mjs: opening and dragging in a 500- against
# a 50-node workflow) and the thread switch (scripts/thread-switch-bench.mjs: click to the thread
# painted, p50/p95 over 50 switches); then the realtime load generator (cmd/portico-load); then, unless BENCH_CLUSTER=0, the
# production topology (scripts/bench-cluster.sh: workflow throughput on a `make cluster` against the dev server,
# the realtime load through its proxy). BENCH_PORT, BENCH_TEMPORAL_PORT and BENCH_TEMPORAL_UI_PORT move the ports,
# BENCH_CLUSTER_PORT the cluster's.
# Last, cmd/portico-benchreport writes var/bench/index.html: the inbox's cost curves as PNG charts, every
# figure beside its goal, and the Lighthouse, canvas and load figures (it runs even when a step failed).
# The scale databases (portico_bench_<threads per company>, in the test cluster) are kept between runs
# unless PORTICO_BENCH_KEEP is set empty, so the 1M seeding is paid once; packages run one at a time.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p var/bench
rm -f var/bench/curves.json
trap 'go run ./cmd/portico-benchreport -var var' EXIT
PORTICO_BENCH_KEEP=${PORTICO_BENCH_KEEP-1} go test -p 1 -run '^$' -bench . -benchtime 1x -tags bench -timeout 120m ./... 2>&1 | tee var/bench.txt
scripts/stop-test-postgres.sh
port=${BENCH_PORT:-18090}
scripts/with-portico-dev.sh "$port" "$PWD/var/bench-lighthouse" "${BENCH_TEMPORAL_PORT:-17243}" "${BENCH_TEMPORAL_UI_PORT:-18243}" -- \
  bash -c 'set -o pipefail; status=0
    node scripts/lighthouse.mjs "$PORTICO_URL" 2>&1 | tee var/lighthouse.txt || status=1
    node scripts/canvas-bench.mjs "$PORTICO_URL" 2>&1 | tee var/canvas-bench.txt || status=1
    node scripts/thread-switch-bench.mjs "$PORTICO_URL" 2>&1 | tee var/thread-switch.txt || status=1
    exit $status'
# The realtime load (cmd/portico-load): 5,000 sockets held while 100 messages a second are posted for
# LOAD_DURATION (2m by default), on a `portico dev` of its own without the GraphQL rate limit.
GRAPHQL_RATE_PER_MINUTE=0 scripts/with-portico-dev.sh "$((port + 1))" "$PWD/var/bench-load" "$((${BENCH_TEMPORAL_PORT:-17243} + 1))" \
  "$((${BENCH_TEMPORAL_UI_PORT:-18243} + 1))" -- \
  bash -c 'set -o pipefail; go run ./cmd/portico-load -sockets "${LOAD_SOCKETS:-5000}" -rate "${LOAD_RATE:-100}" -duration "${LOAD_DURATION:-2m}" 2>&1 | tee var/realtime-load.txt'
# The production topology: a cluster of its own against the dev server (make bench-cluster runs it alone).
[ "${BENCH_CLUSTER:-1}" = 0 ] || scripts/bench-cluster.sh
