#!/usr/bin/env bash
# Portico's production topology on this machine, from the built binaries, without Docker:
# a PostgreSQL cluster (Portico's database, Temporal's temporal and temporal_visibility),
# the Temporal server on it (SQL visibility, 4 history shards) and its UI, versitygw (S3),
# Mailpit, the demo's OpenID provider, haproxy in front of two `portico serve`, two
# `portico worker`, two `portico scheduler`; `portico migrate` and the demo data first.
# Each part is its own process with its own log in $CLUSTER_DIR (var/cluster), restarted
# by this script if it exits; Ctrl-C (or `stop` for a detached one) stops them all.
#
#   scripts/cluster.sh start [-d]       start; -d leaves it running in the background
#   scripts/cluster.sh stop             stop the one running from $CLUSTER_DIR
#   scripts/cluster.sh status           its processes
#   scripts/cluster.sh kill NAME [SIG]  send NAME SIG (KILL) and keep it down (fault tests)
#   scripts/cluster.sh up NAME          start NAME again
#   scripts/cluster.sh env              the Portico processes' variables
#   scripts/cluster.sh ports | pid NAME the ports by name; a process's pid
#
# CLUSTER_PORT (8400) is the portal's port; the other ports follow it (see below).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
dir="$(realpath -m "${CLUSTER_DIR:-$root/var/cluster}")"
run="$dir/run"
bin="$root/bin"
base=${CLUSTER_PORT:-8400}

# ports: name=offset from CLUSTER_PORT
port_names=(portal api1 api2 haproxy_stats postgres temporal temporal_http temporal_frontend_membership
  temporal_history temporal_history_membership temporal_matching temporal_matching_membership
  temporal_worker temporal_worker_membership temporal_ui s3 mailpit_smtp mailpit_ui idp smtp
  api1_smtp api2_smtp api1_ops api2_ops worker1_ops worker2_ops)
declare -A port
for i in "${!port_names[@]}"; do port[${port_names[$i]}]=$((base + i)); done

# the supervised processes, in start order; they stop in the reverse order of these groups
portico_procs=(api1 api2 worker1 worker2 scheduler1 scheduler2)
stop_groups=("haproxy ${portico_procs[*]} demoidp" "temporalui temporal" "versitygw mailpit" "postgres")

die() { echo "cluster: $*" >&2; exit 1; }
# a closed terminal or pipe must not stop the script halfway through stopping the processes
say() { echo "cluster: $*" >&2 || true; }

pg_bin() {
  if command -v pg_ctl >/dev/null; then dirname "$(realpath "$(command -v pg_ctl)")"; return; fi
  local d
  d=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
  [ -n "$d" ] || die "PostgreSQL's server binaries are missing (make system-deps installs them)"
  echo "$d"
}

# as_pg runs PostgreSQL's binaries as the postgres user when we are root (initdb refuses root)
as_pg=()
[ "$(id -u)" -eq 0 ] && as_pg=(setpriv --reuid=postgres --regid=postgres --init-groups --)

pid_of() { cat "$run/$1.pid" 2>/dev/null || true; }
alive() { [ -n "$1" ] && kill -0 "$1" 2>/dev/null; }

# supervise NAME: runs the command in the array cmd_NAME in a session of its own (so that
# a Ctrl-C reaches only this script, which stops everything in order), logging to
# NAME.log, and starts it again when it exits, unless it is marked down or we are stopping.
supervise() {
  local name=$1
  (
    local -n cmd="cmd_$name"
    while :; do
      [ -e "$run/stopping" ] && exit 0
      if [ -e "$run/$name.down" ]; then sleep 0.2; continue; fi
      setsid "${cmd[@]}" >>"$dir/$name.log" 2>&1 </dev/null 9>&- &
      local pid=$!
      echo "$pid" >"$run/$name.pid"
      local status=0
      wait "$pid" || status=$?
      rm -f "$run/$name.pid"
      [ -e "$run/stopping" ] && exit 0
      if [ -e "$run/$name.down" ]; then
        say "$name stopped (status $status); scripts/cluster.sh up $name starts it again"
      else
        say "$name exited with status $status (see $dir/$name.log); starting it again in 2 s"
        sleep 2
      fi
    done
  ) &
  echo $! >"$run/$name.supervisor"
}

# wait_for WHAT SECONDS COMMAND...: until the command succeeds
wait_for() {
  local what=$1 secs=$2
  shift 2
  local deadline=$((SECONDS + secs))
  until "$@" >/dev/null 2>&1; do
    [ $SECONDS -lt $deadline ] || die "$what did not come up in ${secs} s (see its log in $dir)"
    sleep 0.3
  done
}
port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
http_ok() { curl -fsS -o /dev/null --max-time 2 "$1"; }

# once runs a one-shot step (migrate, setup, seed) with its output in NAME.log
once() {
  local name=$1
  shift
  echo "--- $(date '+%F %T')" >>"$dir/$name.log"
  if ! "$@" >>"$dir/$name.log" 2>&1; then
    tail -n 20 "$dir/$name.log" >&2
    die "$name failed (see $dir/$name.log)"
  fi
}

secret() { head -c 24 /dev/urandom | base64 | tr -d '/+='; }

write_config() {
  local pg_port=${port[postgres]}
  # secrets made once and kept with the data: passwords, signing keys
  if [ ! -f "$dir/secrets.env" ]; then
    umask 077
    cat >"$dir/secrets.env" <<EOF
PORTICO_DB_PASSWORD=$(secret)
TEMPORAL_DB_PASSWORD=$(secret)
S3_SECRET_KEY=$(secret)
MAIL_REPLY_SECRET=$(secret)
APPLICATION_TOKEN_SECRET=$(secret)
EOF
    umask 022
  fi
  # shellcheck disable=SC1091
  . "$dir/secrets.env"
  idp_issuer="http://127.0.0.1:${port[idp]}/oidc"

  # every variable here is one an operator sets in production (docs/configuration.md);
  # the same list is in docker-compose.yml. Per process only PORT, SMTP_LISTEN_ADDR, OPS_ADDR,
  # and DATABASE_URL's application_name, which names the process in pg_stat_activity.
  local db_url="postgres://portico:$PORTICO_DB_PASSWORD@127.0.0.1:$pg_port/portico?sslmode=disable"
  portico_env=(
    "DATABASE_URL=$db_url"
    "TEMPORAL_ADDRESS=127.0.0.1:${port[temporal]}"
    "TEMPORAL_NAMESPACE=default"
    "TEMPORAL_SEARCH_ATTRIBUTES=true"
    "TEMPORAL_UI_URL=http://127.0.0.1:${port[temporal_ui]}"
    "HOST=127.0.0.1"
    "BASE_DOMAIN=localhost"
    "PUBLIC_URL=http://127.0.0.1:${port[portal]}"
    "SECURE_COOKIES=false"
    # haproxy's address: only its X-Forwarded-For is believed
    "TRUSTED_PROXIES=127.0.0.1/32"
    "S3_ENDPOINT=127.0.0.1:${port[s3]}"
    "S3_BUCKET=portico"
    "S3_ACCESS_KEY=portico"
    "S3_SECRET_KEY=$S3_SECRET_KEY"
    "S3_REGION=us-east-1"
    "S3_USE_SSL=false"
    "SMTP_URL=smtp+plain://127.0.0.1:${port[mailpit_smtp]}"
    "MAIL_REPLY_SECRET=$MAIL_REPLY_SECRET"
    "APPLICATION_TOKEN_SECRET=$APPLICATION_TOKEN_SECRET"
    # the demo's OpenID provider stands in for Google, so that the demo accounts
    # without a company SSO (the admins, the agents) sign in without dev login
    "GOOGLE_CLIENT_ID=portico-dev"
    "GOOGLE_CLIENT_SECRET=portico-dev-secret"
    "GOOGLE_ISSUER=$idp_issuer"
    "LOG_FORMAT=json"
  )
  # the GraphQL limit per session (README, Limits) when the environment sets it: the cluster
  # benchmark (scripts/bench-cluster.sh) drives the portal as one person and turns it off (0)
  [ -z "${GRAPHQL_RATE_PER_MINUTE:-}" ] || portico_env+=("GRAPHQL_RATE_PER_MINUTE=$GRAPHQL_RATE_PER_MINUTE")
  printf '%s\n' "${portico_env[@]}" >"$dir/portico.env"
  temporal_db_url="postgres://temporal:$TEMPORAL_DB_PASSWORD@127.0.0.1:$pg_port/temporal?sslmode=disable"

  mkdir -p "$dir/temporal/config" "$dir/temporal-ui/config" "$dir/s3" "$dir/haproxy"
  cat >"$dir/temporal/config/cluster.yaml" <<EOF
# written by scripts/cluster.sh on every start
log:
  stdout: true
  level: warn
persistence:
  defaultStore: default
  visibilityStore: visibility
  numHistoryShards: 4
  datastores:
    default:
      sql:
        pluginName: postgres12
        databaseName: temporal
        connectAddr: 127.0.0.1:$pg_port
        connectProtocol: tcp
        user: temporal
        password: $TEMPORAL_DB_PASSWORD
        maxConns: 20
        maxIdleConns: 20
        maxConnLifetime: 1h
    visibility:
      sql:
        pluginName: postgres12
        databaseName: temporal_visibility
        connectAddr: 127.0.0.1:$pg_port
        connectProtocol: tcp
        user: temporal
        password: $TEMPORAL_DB_PASSWORD
        maxConns: 10
        maxIdleConns: 10
        maxConnLifetime: 1h
global:
  membership:
    maxJoinDuration: 30s
    broadcastAddress: 127.0.0.1
services:
  frontend:
    rpc: {grpcPort: ${port[temporal]}, membershipPort: ${port[temporal_frontend_membership]}, bindOnLocalHost: true, httpPort: ${port[temporal_http]}}
  history:
    rpc: {grpcPort: ${port[temporal_history]}, membershipPort: ${port[temporal_history_membership]}, bindOnLocalHost: true}
  matching:
    rpc: {grpcPort: ${port[temporal_matching]}, membershipPort: ${port[temporal_matching_membership]}, bindOnLocalHost: true}
  worker:
    rpc: {grpcPort: ${port[temporal_worker]}, membershipPort: ${port[temporal_worker_membership]}, bindOnLocalHost: true}
clusterMetadata:
  enableGlobalNamespace: false
  failoverVersionIncrement: 10
  masterClusterName: active
  currentClusterName: active
  clusterInformation:
    active:
      enabled: true
      initialFailoverVersion: 1
      rpcName: frontend
      rpcAddress: 127.0.0.1:${port[temporal]}
      httpAddress: 127.0.0.1:${port[temporal_http]}
dcRedirectionPolicy:
  policy: noop
archival:
  history: {state: disabled}
  visibility: {state: disabled}
namespaceDefaults:
  archival:
    history: {state: disabled}
    visibility: {state: disabled}
dynamicConfigClient:
  filepath: $dir/temporal/dynamicconfig.yaml
  pollInterval: 10s
EOF
  [ -f "$dir/temporal/dynamicconfig.yaml" ] || echo "# Temporal's dynamic configuration (polled every 10 s)" >"$dir/temporal/dynamicconfig.yaml"

  cat >"$dir/temporal-ui/config/cluster.yaml" <<EOF
temporalGrpcAddress: 127.0.0.1:${port[temporal]}
host: 127.0.0.1
port: ${port[temporal_ui]}
enableUi: true
defaultNamespace: default
cors:
  allowOrigins: []
EOF

  # each proxied connection takes two descriptors
  ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
  local maxconn=$((($(ulimit -n) - 200) / 2))
  [ $maxconn -le 20000 ] || maxconn=20000
  cat >"$dir/haproxy/haproxy.cfg" <<EOF
# written by scripts/cluster.sh on every start
global
  log stdout format raw local0 info
  maxconn $maxconn
defaults
  log global
  mode http
  option httplog
  option redispatch
  retries 3
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  # realtime WebSockets stay open; their own pings keep them alive
  timeout tunnel 1h
  timeout http-request 30s
# the portal: HTTP and WebSockets to both API processes; a process that does not
# answer /healthz leaves the rotation within 2 s, its sockets reconnect to the other
frontend portal
  bind 127.0.0.1:${port[portal]}
  option forwardfor
  default_backend api
backend api
  balance roundrobin
  option httpchk GET /healthz
  default-server check inter 1s fall 2 rise 2 on-marked-down shutdown-sessions
  server api1 127.0.0.1:${port[api1]}
  server api2 127.0.0.1:${port[api2]}
# inbound mail to the categories' aliases, to either API process
frontend smtp
  mode tcp
  option tcplog
  bind 127.0.0.1:${port[smtp]}
  default_backend smtp
backend smtp
  mode tcp
  default-server check inter 2s
  server api1 127.0.0.1:${port[api1_smtp]}
  server api2 127.0.0.1:${port[api2_smtp]}
frontend stats
  bind 127.0.0.1:${port[haproxy_stats]}
  stats enable
  stats uri /
  stats refresh 5s
EOF

  local pgb
  pgb=$(pg_bin)
  cmd_postgres=("${as_pg[@]}" "$pgb/postgres" -D "$dir/postgres/data" -k "$dir/postgres/sock" -p "$pg_port"
    -c listen_addresses=127.0.0.1 -c max_connections=300)
  cmd_temporal=("$bin/temporal-server" --root "$dir/temporal" --config config --env cluster --allow-no-auth start)
  cmd_temporalui=("$bin/temporal-ui-server" --root "$dir/temporal-ui" --config config --env cluster start)
  cmd_versitygw=(env ROOT_ACCESS_KEY=portico "ROOT_SECRET_KEY=$S3_SECRET_KEY"
    "$bin/versitygw" --port "127.0.0.1:${port[s3]}" posix "$dir/s3")
  cmd_mailpit=("$bin/mailpit" --smtp "127.0.0.1:${port[mailpit_smtp]}" --listen "127.0.0.1:${port[mailpit_ui]}"
    --smtp-auth-accept-any --smtp-auth-allow-insecure --database "$dir/mailpit.db")
  cmd_demoidp=(env "${portico_env[@]}" "$bin/portico" demo-idp --addr "127.0.0.1:${port[idp]}")
  cmd_haproxy=(haproxy -db -f "$dir/haproxy/haproxy.cfg")
  local i
  for i in 1 2; do
    # shellcheck disable=SC2034 # read through supervise's nameref
    declare -ga "cmd_api$i=(env \"\${portico_env[@]}\" \"DATABASE_URL=\$db_url&application_name=api$i\" PORT=\${port[api$i]} SMTP_LISTEN_ADDR=127.0.0.1:\${port[api${i}_smtp]} OPS_ADDR=127.0.0.1:\${port[api${i}_ops]} \"\$bin/portico\" serve)"
    declare -ga "cmd_worker$i=(env \"\${portico_env[@]}\" \"DATABASE_URL=\$db_url&application_name=worker$i\" OPS_ADDR=127.0.0.1:\${port[worker${i}_ops]} \"\$bin/portico\" worker)"
    declare -ga "cmd_scheduler$i=(env \"\${portico_env[@]}\" \"DATABASE_URL=\$db_url&application_name=scheduler$i\" \"\$bin/portico\" scheduler)"
  done
}

# postgres_setup makes the cluster on the first start, and the two roles and Portico's database
postgres_setup() {
  local pgb data="$dir/postgres/data"
  pgb=$(pg_bin)
  mkdir -p "$dir/postgres/sock" "$data"
  if [ "$(id -u)" -eq 0 ]; then chown postgres: "$dir/postgres" "$dir/postgres/sock" "$data"; fi
  chmod 700 "$data"
  if [ ! -f "$data/PG_VERSION" ]; then
    once initdb "${as_pg[@]}" "$pgb/initdb" -D "$data" -U postgres --auth-local=trust --auth-host=scram-sha-256 -E UTF8
  fi
}

postgres_roles() {
  local pgb
  pgb=$(pg_bin)
  once postgres-roles "${as_pg[@]}" "$pgb/psql" -h "$dir/postgres/sock" -p "${port[postgres]}" -U postgres -d postgres \
    -v ON_ERROR_STOP=1 -q <<EOF
SELECT 'CREATE ROLE portico LOGIN' WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'portico') \gexec
SELECT 'CREATE ROLE temporal LOGIN CREATEDB' WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'temporal') \gexec
ALTER ROLE portico PASSWORD '$PORTICO_DB_PASSWORD';
ALTER ROLE temporal PASSWORD '$TEMPORAL_DB_PASSWORD';
SELECT 'CREATE DATABASE portico OWNER portico' WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = 'portico') \gexec
EOF
}

check_binaries() {
  local b
  for b in portico temporal-server temporal-ui-server versitygw mailpit; do
    [ -x "$bin/$b" ] || die "bin/$b is missing: make cluster builds it (make bin/$b)"
  done
  command -v haproxy >/dev/null || die "haproxy is missing: make system-deps installs it"
  pg_bin >/dev/null
}

check_ports() {
  local name
  for name in "${port_names[@]}"; do
    if port_open "${port[$name]}"; then
      die "port ${port[$name]} ($name) is in use: stop what holds it, or move the cluster with CLUSTER_PORT (now $base)"
    fi
  done
}

print_urls() {
  cat <<EOF
Portico cluster is up ($dir):
  portal          http://127.0.0.1:${port[portal]}   (haproxy -> api1 :${port[api1]}, api2 :${port[api2]})
  Temporal UI     http://127.0.0.1:${port[temporal_ui]}   (frontend 127.0.0.1:${port[temporal]})
  Mailpit         http://127.0.0.1:${port[mailpit_ui]}   (SMTP 127.0.0.1:${port[mailpit_smtp]})
  S3 (versitygw)  http://127.0.0.1:${port[s3]}   bucket portico
  demo sign-in    http://127.0.0.1:${port[idp]}/oidc   ("Sign in with Google" or Acme's SSO lists the demo accounts)
  inbound mail    smtp://127.0.0.1:${port[smtp]}
  haproxy stats   http://127.0.0.1:${port[haproxy_stats]}
  PostgreSQL      127.0.0.1:${port[postgres]}
  logs            $dir/*.log
EOF
}

stop_all() {
  trap '' INT TERM
  touch "$run/stopping"
  say "stopping"
  local group name pid sig
  for group in "${stop_groups[@]}"; do
    for name in $group; do
      pid=$(pid_of "$name")
      sig=TERM
      [ "$name" = postgres ] && sig=INT # a fast shutdown: SIGTERM waits for every client to leave
      alive "$pid" && kill -s "$sig" "$pid" 2>/dev/null || true
    done
    for name in $group; do
      pid=$(pid_of "$name")
      local deadline=$((SECONDS + 30))
      while alive "$pid" && [ $SECONDS -lt $deadline ]; do sleep 0.2; done
      alive "$pid" && { say "$name did not stop in 30 s: killing it"; kill -KILL "$pid" 2>/dev/null || true; }
    done
  done
  wait 2>/dev/null || true
  rm -rf "$run"
  say "stopped"
}

start_foreground() {
  mkdir -p "$dir" "$run"
  exec 9>"$dir/cluster.lock"
  if ! flock -n 9; then
    die "a cluster already runs from $dir (pid $(cat "$dir/cluster.pid" 2>/dev/null || echo '?')): scripts/cluster.sh stop stops it"
  fi
  check_binaries
  check_ports
  rm -rf "$run"
  mkdir -p "$run"
  echo $$ >"$dir/cluster.pid"
  trap '' PIPE HUP
  trap 'stop_all; exit 130' INT TERM
  trap 'status=$?; if [ ! -e "$run/stopping" ] && [ -d "$run" ]; then stop_all; fi; exit $status' EXIT
  local t0=$SECONDS
  write_config

  postgres_setup
  supervise postgres
  wait_for PostgreSQL 60 "$(pg_bin)/pg_isready" -q -h 127.0.0.1 -p "${port[postgres]}"
  postgres_roles

  once temporal-setup env "TEMPORAL_DATABASE_URL=$temporal_db_url" "$bin/portico" temporal-setup schema
  supervise temporal
  once temporal-setup env "${portico_env[@]}" "$bin/portico" temporal-setup namespace --wait 120s
  supervise temporalui
  supervise versitygw
  supervise mailpit
  wait_for "the Temporal UI" 60 http_ok "http://127.0.0.1:${port[temporal_ui]}/"
  wait_for versitygw 30 port_open "${port[s3]}"
  wait_for Mailpit 30 port_open "${port[mailpit_smtp]}"

  once migrate env "${portico_env[@]}" "$bin/portico" migrate
  # the demo data as make run has it, the bucket with it, and the demo run
  once seed env "${portico_env[@]}" "$bin/portico" seed --demo-run
  supervise demoidp
  wait_for "the demo OpenID provider" 30 http_ok "http://127.0.0.1:${port[idp]}/oidc/.well-known/openid-configuration"

  local name
  for name in "${portico_procs[@]}"; do supervise "$name"; done
  supervise haproxy
  wait_for api1 60 http_ok "http://127.0.0.1:${port[api1]}/readyz"
  wait_for api2 60 http_ok "http://127.0.0.1:${port[api2]}/readyz"
  wait_for worker1 60 http_ok "http://127.0.0.1:${port[worker1_ops]}/readyz"
  wait_for worker2 60 http_ok "http://127.0.0.1:${port[worker2_ops]}/readyz"
  wait_for "the portal through haproxy" 30 http_ok "http://127.0.0.1:${port[portal]}/readyz"
  print_urls >"$run/urls"
  print_urls
  echo "  started in $((SECONDS - t0)) s; Ctrl-C stops everything" >&2
  touch "$run/ready"
  while :; do
    sleep 1 &
    wait $! || true
  done
}

start_detached() {
  mkdir -p "$dir"
  (
    exec 9>"$dir/cluster.lock"
    flock -n 9
  ) || die "a cluster already runs from $dir (pid $(cat "$dir/cluster.pid" 2>/dev/null || echo '?')): scripts/cluster.sh stop stops it"
  rm -rf "$run"
  local log="$dir/cluster.log"
  : >"$log"
  setsid "$0" start >>"$log" 2>&1 </dev/null &
  local pid=$!
  until [ -e "$run/ready" ]; do
    if ! alive "$pid"; then
      tail -n 20 "$log" >&2
      die "the cluster did not start (see $log)"
    fi
    sleep 0.5
  done
  cat "$run/urls"
  echo "  running in the background (pid $pid, log $log); scripts/cluster.sh stop (make cluster-stop) stops it" >&2
}

stop_detached() {
  local pid
  pid=$(cat "$dir/cluster.pid" 2>/dev/null || true)
  if ! alive "$pid"; then
    # a supervisor that was killed leaves its processes: stop those
    local f left=0
    [ -d "$run" ] && touch "$run/stopping"
    for f in "$run"/*.pid; do
      [ -e "$f" ] || continue
      alive "$(cat "$f")" && { kill -TERM "$(cat "$f")" 2>/dev/null || true; left=1; }
    done
    [ $left -eq 1 ] && say "stopped the processes of a cluster whose supervisor was gone" || say "no cluster runs from $dir"
    rm -rf "$run"
    return 0
  fi
  kill -TERM "$pid"
  local deadline=$((SECONDS + 120))
  while alive "$pid"; do
    [ $SECONDS -lt $deadline ] || die "the cluster (pid $pid) did not stop in 120 s"
    sleep 0.3
  done
  say "stopped"
}

case "${1:-}" in
start)
  if [ "${2:-}" = -d ]; then start_detached; else start_foreground; fi
  ;;
stop) stop_detached ;;
status)
  [ -d "$run" ] || { echo "no cluster runs from $dir"; exit 1; }
  for f in "$run"/*.supervisor; do
    n=$(basename "$f" .supervisor)
    p=$(pid_of "$n")
    if alive "$p"; then echo "$n running (pid $p)"; elif [ -e "$run/$n.down" ]; then echo "$n down"; else echo "$n starting"; fi
  done
  ;;
kill)
  [ -n "${2:-}" ] || die "usage: $0 kill NAME [SIGNAL]"
  [ -e "$run/$2.supervisor" ] || die "no process $2 (scripts/cluster.sh status lists them)"
  touch "$run/$2.down"
  p=$(pid_of "$2")
  alive "$p" && kill -s "${3:-KILL}" "$p"
  ;;
up)
  [ -n "${2:-}" ] || die "usage: $0 up NAME"
  rm -f "$run/$2.down"
  ;;
env)
  write_config
  cat "$dir/portico.env"
  ;;
pid)
  pid_of "${2:?usage: $0 pid NAME}"
  ;;
ports)
  for name in "${port_names[@]}"; do echo "$name=${port[$name]}"; done
  ;;
*)
  sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'
  exit 2
  ;;
esac
