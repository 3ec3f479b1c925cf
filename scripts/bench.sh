#!/usr/bin/env bash
# Benchmarks with baselines in the same process; prints ratios. Never part of `make test`.
set -euo pipefail
cd "$(dirname "$0")/.."
go test -run '^$' -bench . -benchtime 1x -tags bench -timeout 60m ./... 2>&1 | tee var/bench.txt
scripts/stop-test-postgres.sh
