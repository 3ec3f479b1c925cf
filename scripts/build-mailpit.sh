#!/usr/bin/env bash
# Builds Mailpit (the mail catcher `portico dev` runs) into ./bin/mailpit, with
# its web UI. The Go module of axllent/mailpit carries the UI's sources,
# package.json, lock file and esbuild config but not the built assets, so the
# module is copied out of the module cache, the UI is built there with npm,
# and then the binary, which embeds it. make skips this while bin/mailpit exists.
set -euo pipefail
version="${1:?usage: build-mailpit.sh VERSION}"
root="$(cd "$(dirname "$0")/.." && pwd)"
go="${GO:-go}"
src="$(cd /tmp && GOFLAGS=-mod=mod "$go" mod download -json "github.com/axllent/mailpit@$version" \
  | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')"
[ -d "$src" ] || { echo "build-mailpit: module github.com/axllent/mailpit@$version not found" >&2; exit 1; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp -r "$src" "$work/mailpit"
chmod -R u+w "$work/mailpit"
cd "$work/mailpit"
# Two pins for the registry here: the lock's sass-embedded release lacks some
# platforms' builds (1.105.0 has them all), and rapidoc 12 (the API docs page
# only) is not served (9.3.8 is). npm then installs the rest of the lock as it stands.
npm install --no-audit --no-fund --loglevel=error --save-exact --save-dev sass-embedded@1.105.0 rapidoc@9.3.8
npm run build
mkdir -p "$root/bin"
CGO_ENABLED=0 "$go" build -trimpath -ldflags "-s -w -X github.com/axllent/mailpit/config.Version=$version" \
  -o "$root/bin/mailpit.tmp" .
mv "$root/bin/mailpit.tmp" "$root/bin/mailpit"
echo "build-mailpit: bin/mailpit $version with its web UI"
