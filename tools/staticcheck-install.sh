# shellcheck shell=bash
# Sourced by tools/staticcheck.sh and tools/own-module.sh. staticcheck_binary
# prints the staticcheck binary, installed once from the Go module proxy at
# the pinned version into $ARMHUB_CACHE/staticcheck-<version>/ (default
# /tmp/armhub-cache).
staticcheck_binary() {
  # staticcheck 2026.2.2: the newest on the proxy (2026-11-25); analyses Go 1.26 code.
  local version=v0.8.2
  local bindir="${ARMHUB_CACHE:-/tmp/armhub-cache}/staticcheck-$version"
  if [[ ! -x "$bindir/staticcheck" ]]; then
    echo "staticcheck: installing honnef.co/go/tools/cmd/staticcheck@$version into $bindir (first run only)" >&2
    mkdir -p "$bindir"
    # Outside any module, so that go.work and the repository's go.mod files play no part.
    (cd "$bindir" && GOWORK=off GOBIN="$bindir" GOFLAGS=-buildvcs=false \
      go install "honnef.co/go/tools/cmd/staticcheck@$version") >&2
  fi
  echo "$bindir/staticcheck"
}
