#!/usr/bin/env bash
# Runs each Go fuzz target of the generator for a short, bounded budget: a
# number of inputs per target sized to about 10 s on a loaded 2-core machine
# (set ARMHUB_FUZZTIME, a go test -fuzztime value such as 30s or 5000x, to use
# one budget for all). The default is a count, not a duration: with a duration,
# Go 1.26's fuzz coordinator can report "context deadline exceeded" at the end of
# the budget on a loaded machine without any failing input (golang/go#75804,
# fixed in Go 1.27). The output is go test's; a failure leaves the failing
# input under the package's testdata/fuzz/<Target>/, to be checked in once fixed.
# Usage: tools/fuzz.sh
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top/generator"

targets=(
  "./internal/armschema FuzzLoad 15000x"
  "./internal/swagger FuzzLoad 5000x"
  "./internal/metadata FuzzParse 100000x"
  "./cmd/armhub-gen FuzzGenerate 5000x"
  "./cmd/armhub-gen FuzzRenames 1500x"
)

for target in "${targets[@]}"; do
  read -r pkg name budget <<<"$target"
  fuzztime=${ARMHUB_FUZZTIME:-$budget}
  echo "== $name ($pkg, $fuzztime)"
  go test -run='^$' -fuzz="^${name}\$" -fuzztime="$fuzztime" "$pkg"
done
