#!/usr/bin/env bash
# make test, once the build is done: the Go checks (go vet, workflowcheck, every Go test) run
# beside the web checks (type check, Vitest, node tests, route budgets) and then the browser
# tests. The Go tests mostly wait on PostgreSQL, Temporal and real timers (about 50 s of CPU in
# 110 s of wall time), so beside the CPU-bound web side they cost little time of their own.
# Their output goes to var/test-go.log and is printed when both sides are done; the exit status
# is the first failure's.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p var
make --no-print-directory vet go-test > var/test-go.log 2>&1 &
go_pid=$!
make --no-print-directory web-test e2e
web=$?
wait "$go_pid"
go=$?
echo "--- the Go checks (var/test-go.log):"
cat var/test-go.log
[ "$go" -eq 0 ] || echo "make test: the Go checks failed (above)"
[ "$web" -eq 0 ] || echo "make test: the web checks or the browser tests failed (further up)"
[ "$go" -eq 0 ] && [ "$web" -eq 0 ]
