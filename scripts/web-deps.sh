#!/usr/bin/env bash
# The web packages: `npm ci` when web/package.json or package-lock.json differ from what
# node_modules was installed from (their sha256, kept in node_modules/.portico-deps.sha256).
# By content, not by file times: a new checkout's files are newer than an installed
# node_modules without being different, and a reinstall empties it under anything using it.
set -euo pipefail
cd "$(dirname "$0")/../web"
want=$(cat package.json package-lock.json | sha256sum | cut -d' ' -f1)
stamp=node_modules/.portico-deps.sha256
if [[ -f $stamp && "$(cat "$stamp")" == "$want" ]]; then
  exit 0
fi
npm ci --no-audit --no-fund
echo "$want" > "$stamp"
