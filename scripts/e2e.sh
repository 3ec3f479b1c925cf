#!/usr/bin/env bash
# Browser tests: runs Playwright (Debian's Chromium) against a `portico dev` of its own
# (scripts/with-portico-dev.sh starts and stops it): port E2E_PORT (18080), Temporal on
# 17233 and 18233, data in var/e2e.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
port=${E2E_PORT:-18080}
exec "$root/scripts/with-portico-dev.sh" "$port" "$root/var/e2e" 17233 18233 -- \
  bash -c 'cd web && PORTICO_E2E_URL="$PORTICO_URL" npm run e2e'
