#!/usr/bin/env bash
# The cluster section of `make bench` (scripts/bench.sh runs it unless BENCH_CLUSTER=0; `make bench-cluster`
# runs it alone): the production topology against the dev server, on this machine.
#  1. Workflow throughput: cmd/portico-runload starts RUNLOAD_RUNS (2,000) runs of a two-task workflow through
#     the portal and closes their tasks, first on a `portico dev` of its own (the Temporal dev server on SQLite,
#     one process), then on a cluster of its own (scripts/cluster.sh as `make cluster`: the Temporal server on
#     PostgreSQL, two of each Portico process behind haproxy). Starts and completions per second, and their
#     ratio cluster / dev, the figure.
#  2. Realtime load through haproxy across both API processes (cmd/portico-load: LOAD_SOCKETS 5,000 sockets,
#     LOAD_RATE 100 messages a second for LOAD_DURATION 2m): events lost (must be 0), p50/p99 delivery, the
#     sockets each API process held, CPU per delivered event of each process.
# Everything goes to var/cluster-bench.txt (the report's cluster section), with the load average before and after.
# Ports: the cluster on BENCH_CLUSTER_PORT (8500 and the 25 after it, as CLUSTER_PORT), the dev server on
# BENCH_PORT + 2 (18092; Temporal BENCH_TEMPORAL_PORT + 2, its UI BENCH_TEMPORAL_UI_PORT + 2, as bench.sh's).
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p var
out=var/cluster-bench.txt
: >"$out"
say() { echo "$*" | tee -a "$out"; }
load() { cut -d' ' -f1-3 /proc/loadavg; }
runs=${RUNLOAD_RUNS:-2000}
go build -o bin/portico-runload ./cmd/portico-runload
go build -o bin/portico-load ./cmd/portico-load
status=0
say "cluster benchmark, $(date -u '+%F %T') UTC, $(nproc) cores; load average at the start: $(load)"

# 1a. the dev server
say ""
say "== workflow throughput on the dev server (portico dev) =="
dev=$PWD/var/bench-cluster-dev
rm -rf "$dev"
GRAPHQL_RATE_PER_MINUTE=0 scripts/with-portico-dev.sh "$((${BENCH_PORT:-18090} + 2))" "$dev" \
  "$((${BENCH_TEMPORAL_PORT:-17243} + 2))" "$((${BENCH_TEMPORAL_UI_PORT:-18243} + 2))" -- \
  bin/portico-runload -runs "$runs" -label dev 2>&1 | tee -a "$out" || status=1

# 1b. the cluster, a fresh one
say ""
say "== workflow throughput on the cluster (scripts/cluster.sh) =="
export CLUSTER_PORT=${BENCH_CLUSTER_PORT:-8500} CLUSTER_DIR=$PWD/var/bench-cluster GRAPHQL_RATE_PER_MINUTE=0
rm -rf "$CLUSTER_DIR"
scripts/cluster.sh start -d >/dev/null
trap 'scripts/cluster.sh stop >/dev/null 2>&1 || true' EXIT
declare -A port
while IFS='=' read -r name p; do port[$name]=$p; done < <(scripts/cluster.sh ports)
portal=http://127.0.0.1:${port[portal]}
# haproxy takes a server into the rotation after two good checks: until both are in, all goes to one
for _ in $(seq 1 300); do
  up=$(curl -fsS "http://127.0.0.1:${port[haproxy_stats]}/;csv" 2>/dev/null |
    awk -F, '$1 == "api" && ($2 == "api1" || $2 == "api2") && $18 == "UP"' | wc -l) || up=0
  [ "$up" -eq 2 ] && break
  sleep 0.2
done
[ "$up" -eq 2 ] || { say "haproxy never had both API processes up"; exit 1; }
db=$(scripts/cluster.sh env | sed -n 's/^DATABASE_URL=//p')
PORTICO_URL=$portal DATABASE_URL=$db bin/portico-runload -runs "$runs" -label cluster 2>&1 | tee -a "$out" || status=1

# the figure: cluster / dev
ratio() {
  awk -v what="$1" 'index($0, "workflow " what " per second (dev):") == 1 { split($0, f, ": "); split(f[2], v, " "); dev = v[1] }
    index($0, "workflow " what " per second (cluster):") == 1 { split($0, f, ": "); split(f[2], v, " "); cl = v[1] }
    END { if (dev > 0 && cl != "") printf "%.2f (cluster %s/s, dev %s/s)", cl / dev, cl, dev; else printf "not measured" }' "$out"
}
say ""
say "workflow starts per second, cluster / dev: $(ratio starts)"
say "workflow completions per second, cluster / dev: $(ratio completions)"

# 2. the realtime load through the proxy, on the same cluster
say ""
say "== realtime load through haproxy on the cluster =="
pids=""
for p in api1 api2 worker1 worker2 scheduler1 scheduler2 haproxy temporal; do
  pids+="${pids:+,}$p=$(scripts/cluster.sh pid "$p")"
done
PORTICO_URL=$portal PORTICO_PIDS=$pids \
  PORTICO_METRICS="api1=http://127.0.0.1:${port[api1_ops]}/metrics,api2=http://127.0.0.1:${port[api2_ops]}/metrics" \
  bin/portico-load -sockets "${LOAD_SOCKETS:-5000}" -rate "${LOAD_RATE:-100}" -duration "${LOAD_DURATION:-2m}" 2>&1 |
  tee -a "$out" || status=1
say ""
say "load average at the end: $(load)"
exit $status
