#!/usr/bin/env bash
# Stops the private PostgreSQL cluster the Go tests started in var/testpg (its data stays).
set -u
dir="$(cd "$(dirname "$0")/.." && pwd)/var/testpg/data"
[ -f "$dir/postmaster.pid" ] || exit 0
pg_ctl=$(ls /usr/lib/postgresql/*/bin/pg_ctl 2>/dev/null | sort | tail -1)
[ -n "$pg_ctl" ] || pg_ctl=$(command -v pg_ctl)
if [ "$(id -u)" -eq 0 ]; then
  runuser -u postgres -- "$pg_ctl" -D "$dir" -m fast -w stop >/dev/null
else
  "$pg_ctl" -D "$dir" -m fast -w stop >/dev/null
fi
