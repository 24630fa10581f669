#!/usr/bin/env bash
# Builds armhub-gen into the file given, against a workspace of its own (generator
# and runtime only), so that a missing or broken module under apis/ cannot stop it.
# Usage: tools/build-generator.sh OUTPUT
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
out=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf 'go 1.24.0\n\nuse (\n\t%s/generator\n\t%s/runtime\n)\n' "$top" "$top" > "$work/go.work"
cd "$top/generator"
GOWORK="$work/go.work" go build -o "$out" ./cmd/armhub-gen
