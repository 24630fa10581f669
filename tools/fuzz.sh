#!/usr/bin/env bash
# Runs each Go fuzz target of the generator for a short, bounded time (default
# 10s each; set ARMHUB_FUZZTIME, a go test -fuzztime value such as 30s or
# 5000x, to change it). The output is go test's; a failure leaves the failing
# input under the package's testdata/fuzz/<Target>/, to be checked in once fixed.
# Usage: tools/fuzz.sh
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top/generator"

fuzztime=${ARMHUB_FUZZTIME:-10s}
targets=(
  "./internal/armschema FuzzLoad"
  "./internal/metadata FuzzParse"
  "./cmd/armhub-gen FuzzGenerate"
  "./cmd/armhub-gen FuzzRenames"
)

for target in "${targets[@]}"; do
  read -r pkg name <<<"$target"
  echo "== $name ($pkg, $fuzztime)"
  go test -run='^$' -fuzz="^${name}\$" -fuzztime="$fuzztime" "$pkg"
done
