#!/usr/bin/env bash
# Onboards a provider namespace of the ARM schema catalog as a real service:
#   1. armhub-gen -provider PROVIDER -schemas <catalog> -now <the real services'
#      now> -onboard metadata/azure/<service>.yaml writes its curated metadata:
#      every API version with the lifecycle of the policy for real Azure
#      services, every removal the generator reports recorded as "not
#      reviewed", the CRD policy (the hubs as crds.stored; etcd's limit as
#      crds.maxBytes when a CRD is over client-side kubectl's);
#   2. the service joins AZURE_SERVICES (tools/build_defs/azure.bzl), so Bazel
#      generates it into @azure_<service> and tests it (//apis/azure);
#   3. it is generated with -strict as CI does, and vetted.
# Then review the metadata (docs/real-services.md, "Onboarding a service") and
# commit it with azure.bzl. The service name is the provider's, lower case
# without dots (Microsoft.Network.NRP: networknrp).
# Usage: tools/onboard.sh PROVIDER
set -euo pipefail
provider=${1:?usage: tools/onboard.sh PROVIDER (a namespace of the ARM schema catalog, e.g. Microsoft.Compute)}
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tools/build-generator.sh "$work/armhub-gen"
service=$("$work/armhub-gen" -provider "$provider" -schemas "$(tools/arm-catalog.sh)" -print service)
metadata=metadata/azure/$service.yaml
[ ! -e "$metadata" ] || { echo "onboard: $metadata exists: $provider is onboarded already" >&2; exit 1; }
now=$(sed -n 's/^now: //p' metadata/azure/storage.yaml)

echo "== $provider: writing $metadata (now $now)"
"$work/armhub-gen" -provider "$provider" -schemas "$(tools/arm-catalog.sh)" -now "$now" -onboard "$metadata" 2> "$work/notes" ||
  { cat "$work/notes" >&2; exit 1; }

echo "== $service joins AZURE_SERVICES (tools/build_defs/azure.bzl)"
services=$(for m in metadata/azure/*.yaml; do basename "$m" .yaml; done)
awk -v list="$services" '
  /^AZURE_SERVICES = \[$/ { print; n = split(list, s, "\n"); for (i = 1; i <= n; i++) printf "    \"%s\",\n", s[i]; skip = 1; next }
  skip && /^\]$/ { skip = 0 }
  !skip
' tools/build_defs/azure.bzl > "$work/azure.bzl"
mv "$work/azure.bzl" tools/build_defs/azure.bzl

echo "== generating $service with -strict, as CI does"
tools/check-real-schemas.sh "$service"
echo "onboard: $service is ready to review: $metadata (see docs/real-services.md, \"Onboarding a service\")"
