#!/usr/bin/env bash
# Runs staticcheck (its default checks; no staticcheck.conf) on the generator,
# the runtime, serving, the conformance module (its generated suites included)
# and every generated module of the bundled examples (apis/<service>), through
# go.work, and fails on any finding. Generated code is made clean in the
# emitters (generator/internal/emit/*), never by editing apis/.
# staticcheck is installed once from the Go module proxy, at the pinned version,
# into $ARMHUB_CACHE/staticcheck-<version>/ (default /tmp/armhub-cache).
# Usage: tools/staticcheck.sh [PATTERN...]   (default: the modules above)
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"

# staticcheck 2026.2.2: the newest on the proxy (2026-11-25); analyses Go 1.26 code.
version=v0.8.2
cache=${ARMHUB_CACHE:-/tmp/armhub-cache}
bindir="$cache/staticcheck-$version"
staticcheck="$bindir/staticcheck"
if [[ ! -x "$staticcheck" ]]; then
  echo "staticcheck: installing honnef.co/go/tools/cmd/staticcheck@$version into $bindir (first run only)" >&2
  mkdir -p "$bindir"
  # Outside any module, so that go.work and the repository's go.mod files play no part.
  (cd "$bindir" && GOWORK=off GOBIN="$bindir" GOFLAGS=-buildvcs=false \
    go install "honnef.co/go/tools/cmd/staticcheck@$version")
fi

patterns=("$@")
if [[ ${#patterns[@]} -eq 0 ]]; then
  patterns=(./generator/... ./runtime/... ./serving/... ./conformance/...)
  for mod in apis/*/go.mod; do
    patterns+=("./$(dirname "$mod")/...")
  done
fi
# One run over every module of the workspace: packages shared by the modules
# are loaded and analysed once.
echo "staticcheck $("$staticcheck" -version | sed 's/^staticcheck //'): ${patterns[*]}"
if "$staticcheck" "${patterns[@]}"; then
  echo "staticcheck: no findings"
else
  echo "staticcheck: findings above (fix generated code in the emitters, then tools/regenerate.sh)" >&2
  exit 1
fi
