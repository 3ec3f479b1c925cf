#!/usr/bin/env bash
# Browser tests: runs Playwright (Debian's Chromium) against a `portico dev` of its own
# (scripts/with-portico-dev.sh starts and stops it): port E2E_PORT (18080), Temporal on
# E2E_TEMPORAL_PORT and E2E_TEMPORAL_UI_PORT (17233, 18233), data in var/e2e. Two checkouts
# on one machine run their browser tests side by side with other ports.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
port=${E2E_PORT:-18080}
exec "$root/scripts/with-portico-dev.sh" "$port" "$root/var/e2e" "${E2E_TEMPORAL_PORT:-17233}" "${E2E_TEMPORAL_UI_PORT:-18233}" -- \
  bash -c 'cd web && PORTICO_E2E_URL="$PORTICO_URL" npm run e2e -- "$@"' e2e "$@"
