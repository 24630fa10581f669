#!/usr/bin/env bash
# Benchmark: wall time and peak memory of generating every API version of every
# resource of the six real providers (../shared/specs/arm-schemas, read in place),
# each with its conformance suite, one after another, then ManagedIdentity from
# its Swagger files (../shared/specs/swagger, spec and status, with its metadata). Prints one line per provider
# and a total. Then every real service (metadata/azure) as tools/materialize.sh
# generates it (its served versions, status from Swagger where its metadata says
# so), one after another: one line each, the total and the largest peak. The
# catalog is unpacked (tools/arm-catalog.sh) before the clock starts. Not a test:
# nothing here can fail on speed.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib.sh
source "$(dirname "$0")/lib.sh"
# gen_timed LABEL DIR ARGS...: generates into DIR (its suite in DIR/conformance)
# with armhub-gen ARGS, prints LABEL's line and leaves seconds and kb set.
gen_timed() {
  local label=$1 dir=$2
  shift 2
  /usr/bin/time -f "%e %M" -o "$work/time" "$gen" "$@" -out "$dir" -conformance-out "$dir/conformance" 2>/dev/null
  read -r seconds kb < "$work/time"
  printf '%-28s %6.2f s  %7d KiB peak  %5d files\n' "$label" "$seconds" "$kb" "$(find "$dir" -type f | wc -l)"
}

total_start=$(date +%s.%N)
for p in "${providers[@]:0:3}" Microsoft.KeyVault.Secrets "${providers[@]:3}"; do
  gen_timed "$p" "$work/$p" -provider "$p" -schemas "$schemas"
done
swagger=${ARMHUB_SWAGGER:-$top/../shared/specs/swagger}
gen_timed "ManagedIdentity (Swagger)" "$work/mi-swagger" -metadata "$top/metadata/azure/managedidentity.yaml" -schemas "$swagger"
printf '%-28s %6.2f s\n' total "$(echo "$(date +%s.%N) - $total_start" | bc)"

# shellcheck source-path=SCRIPTDIR source=../schema-roots.sh
source "$top/tools/schema-roots.sh"
real_swagger=$(swagger_root)
real_total=0
real_peak=0
for metadata in "$top"/metadata/azure/*.yaml; do
  service=$(basename "$metadata" .yaml)
  gen_timed "real $service" "$work/real/$service" -metadata "$metadata" -schemas "$(schema_root "$gen" "$metadata")" -swagger "$real_swagger"
  real_total=$(echo "$real_total + $seconds" | bc)
  [ "$kb" -gt "$real_peak" ] && real_peak=$kb
done
printf '%-28s %6.2f s  %7d KiB peak (the largest)\n' "real services, in all" "$real_total" "$real_peak"
