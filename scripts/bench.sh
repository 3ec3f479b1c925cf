#!/usr/bin/env bash
# Benchmarks with baselines in the same process; prints ratios. Never part of `make test`.
# Then Lighthouse (desktop preset, offline) against the built app's inbox on a `portico dev`
# of its own (ports apart from `make e2e`'s), with the initial JavaScript size.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p var
go test -run '^$' -bench . -benchtime 1x -tags bench -timeout 60m ./... 2>&1 | tee var/bench.txt
scripts/stop-test-postgres.sh
port=${BENCH_PORT:-18090}
scripts/with-portico-dev.sh "$port" "$PWD/var/bench-lighthouse" 17243 18243 -- \
  bash -c 'node scripts/lighthouse.mjs "$PORTICO_URL"' 2>&1 | tee var/lighthouse.txt
