#!/usr/bin/env bash
# The web build (`npm run build`: GraphQL codegen, the type check, vite build into web/dist),
# skipped when nothing it reads has changed since web/dist was built: the sha256 of every
# file under its inputs is kept in web/dist/.portico-build.sha256 (vite empties dist on each
# build, so the mark never outlives the bundle it describes). By content, not by file times,
# as scripts/web-deps.sh does: a new checkout's files are all new without being different.
# WEB_BUILD_FORCE=1 builds anyway.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
inputs() {
  # what codegen, tsc and vite read: the schema, the app and its tests' sources, the configs
  find api/graph/schema web/src web/e2e web/scripts web/public web/index.html web/package.json web/package-lock.json \
    web/*.config.ts web/codegen.ts web/tsconfig*.json \
    -type f ! -path 'web/src/gql/*' 2>/dev/null | LC_ALL=C sort
}
want=$(inputs | xargs sha256sum | sha256sum | cut -d' ' -f1)
mark=web/dist/.portico-build.sha256
if [[ -z ${WEB_BUILD_FORCE:-} && -f $mark && -f web/dist/index.html && -d web/src/gql && "$(cat "$mark")" == "$want" ]]; then
  echo "web: web/dist is built from these sources already (WEB_BUILD_FORCE=1 builds anyway)"
  exit 0
fi
(cd web && npm run build)
echo "$want" > "$mark"
