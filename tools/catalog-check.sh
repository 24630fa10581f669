#!/usr/bin/env bash
# The whole ARM catalog in CI (one check of tools/test.sh): every provider
# namespace of ../shared/specs/arm-catalog generated as a cluster would serve
# it (tools/bench/catalog.sh, at the real services' now), none refused; then a
# fixed sample compiled, vetted and its generated conformance suite run. The
# largest namespaces (Network.NRP, ContainerService.Aks, Compute) and the other
# onboarded ones are real services, built and tested in Bazel; the sample holds
# one namespace of each shape the catalog first refused, the kinds shortened
# for Kubernetes, the CRD too large for etcd with its descriptions, and small
# ones:
#
#   Microsoft.Kusto                      oneOf at the top of a resource's properties
#   Microsoft.Compute.Extensions         anyOf
#   Microsoft.LoadTestService            resources under unknown_resourceDefinitions
#   Microsoft.RecoveryServices           union variants declaring the discriminator with other enums
#   Microsoft.Cdn                        two compat shapes of one name in a version
#   Microsoft.M365SecurityAndCompliance  kinds too long for Kubernetes, shortened apart
#   Microsoft.DataFactory                a CRD over 1.5 MiB, written without descriptions
#   Dynatrace.Observability, Microsoft.SerialConsole (no resource: nothing to generate)
#
# Rows are cached by generator build (catalog.sh): a warm run with an unchanged
# generator only prints them. Fails when a namespace is refused or a sample
# namespace does not build, vet or pass its suite.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
sample="Microsoft.Kusto Microsoft.Compute.Extensions Microsoft.LoadTestService Microsoft.RecoveryServices"
sample+=" Microsoft.Cdn Microsoft.M365SecurityAndCompliance Microsoft.DataFactory Dynatrace.Observability"
sample+=" Microsoft.SerialConsole"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "-- every namespace generated (tools/bench/catalog.sh -j 2)"
"$top/tools/bench/catalog.sh" -j 2 > "$work/all" 2> "$work/all.err" || { cat "$work/all.err" >&2; exit 1; }
tail -1 "$work/all"
refused=$(awk -F'\t' '$2 == "refused"' "$work/all")
if [ -n "$refused" ]; then
  echo "FAIL catalog: refused namespaces:" >&2
  echo "$refused" >&2
  exit 1
fi

echo "-- the sample compiled, vetted and tested (tools/bench/catalog.sh -suite -only ...)"
"$top/tools/bench/catalog.sh" -j 1 -suite -only "$sample" > "$work/sample" 2> "$work/sample.err" ||
  { cat "$work/sample.err" >&2; exit 1; }
cut -f1,2,3,7,9,10,11 "$work/sample" | cut -c1-200
bad=$(awk -F'\t' 'NR > 1 && !/^summary/ && !($2 == "empty" || ($2 == "ok" && $9 != "FAIL" && $9 != "-" && $10 == "ok"))' "$work/sample")
if [ -n "$bad" ]; then
  echo "FAIL catalog sample: not built, vetted or tested:" >&2
  echo "$bad" >&2
  exit 1
fi
echo "catalog: no namespace refused; sample of $(wc -w <<< "$sample") built, vetted and tested"
