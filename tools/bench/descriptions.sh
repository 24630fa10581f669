#!/usr/bin/env bash
# Benchmark: what the CRD descriptions policy (crds.descriptions, README "CRD
# size") saves. Generates each real service from its curated metadata
# (metadata/azure/*.yaml, schemas read in place from ../shared/specs) with every
# version's descriptions and with the newest served spoke's only, and prints
# the bytes of all its CRDs as JSON either way, and the saving. Not a test.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib.sh
source "$(dirname "$0")/lib.sh"
# shellcheck source=../schema-roots.sh
source "$top/tools/schema-roots.sh"
bytes() { grep -o 'all [0-9]* CRDs: [0-9]* bytes' "$1" | awk '{print $4}'; }
printf '%-16s %12s %12s %8s\n' service all newest saving
for m in "$top"/metadata/azure/*.yaml; do
  s=$(basename "$m" .yaml)
  root=$(schema_root "$gen" "$m")
  for policy in all newest; do
    "$gen" -metadata "$m" -schemas "$root" -swagger "$(swagger_root)" -out "$work/$s-$policy" -crd-descriptions "$policy" 2> "$work/$s-$policy.notes"
  done
  all=$(bytes "$work/$s-all.notes")
  newest=$(bytes "$work/$s-newest.notes")
  printf '%-16s %12d %12d %7.1f%%\n' "$s" "$all" "$newest" "$(echo "100 * ($all - $newest) / $all" | bc -l)"
done
