#!/usr/bin/env bash
# Proves that each hand-written Go module builds and vets alone, outside go.work
# (GOWORK=off): generator, runtime, serving, conformance and release. Modules
# of this repository they require come through replace directives in their own
# go.mod (../runtime, ../apis/<service>); go.work's replaces take precedence
# inside the workspace, and a release drops replaces (release/, stage.go).
# Reuses the Go build cache, so after the workspace has built it takes seconds.
# Usage: tools/check-modules-alone.sh [module...]
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
modules=("$@")
[ ${#modules[@]} -gt 0 ] || modules=(generator runtime serving conformance release)

failed=()
for m in "${modules[@]}"; do
  if out=$(cd "$top/$m" && GOWORK=off go build ./... 2>&1 && GOWORK=off go vet ./... 2>&1); then
    echo "$m: builds and vets alone"
  else
    echo "$m: does NOT build or vet alone (GOWORK=off):"
    echo "$out" | sed 's/^/    /' | head -20
    failed+=("$m")
  fi
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "check-modules-alone: failed: ${failed[*]}" >&2
  exit 1
fi
