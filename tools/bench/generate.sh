#!/usr/bin/env bash
# Benchmark: wall time and peak memory of generating every API version of every
# resource of the six real providers (../shared/specs/arm-schemas, read in place).
# Prints one line per provider and a total. Not a test: nothing here can fail on
# speed.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
schemas=${ARMHUB_REAL_SCHEMAS:-$top/../shared/specs/arm-schemas/schemas}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
(cd "$top/generator" && go build -o "$out/armhub-gen" ./cmd/armhub-gen)
total_start=$(date +%s.%N)
for p in Microsoft.ManagedIdentity Microsoft.EventHub Microsoft.KeyVault Microsoft.KeyVault.Secrets \
         Microsoft.Cache Microsoft.ServiceFabric Microsoft.Storage; do
  /usr/bin/time -f "%e %M" -o "$out/time" "$out/armhub-gen" -provider "$p" -schemas "$schemas" \
    -out "$out/$p" -conformance-out "$out/$p/conformance" 2>/dev/null
  read -r seconds kb < "$out/time"
  printf '%-28s %6.2f s  %7d KiB peak  %5d files\n' "$p" "$seconds" "$kb" "$(find "$out/$p" -type f | wc -l)"
done
printf '%-28s %6.2f s\n' total "$(echo "$(date +%s.%N) - $total_start" | bc)"
