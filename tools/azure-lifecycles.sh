#!/usr/bin/env bash
# Prints the `versions:` section of metadata/azure/<service>.yaml for an ARM
# provider: every API version with a schema file under the schema root, each with
# the lifecycle the policy for real Azure services gives it (docs/real-services.md).
# The policy lives in the generator (generator/internal/metadata/policy.go,
# PolicyVersions; TestRealServicesFollowThePolicy checks every real service's
# metadata against it); this prints the versions section of the file the
# onboarding writes (armhub-gen -onboard, tools/onboard.sh). The lifecycles
# depend only on the list of versions, never on the clock.
#
# Usage: tools/azure-lifecycles.sh PROVIDER [SCHEMA-ROOT]
#   e.g. tools/azure-lifecycles.sh Microsoft.Storage
# SCHEMA-ROOT defaults to $ARMHUB_REAL_SCHEMAS, else the ARM schema catalog
# (tools/arm-catalog.sh).
set -euo pipefail
provider=${1:?usage: $0 PROVIDER [SCHEMA-ROOT]}
top=$(cd "$(dirname "$0")/.." && pwd)
root=${2:-${ARMHUB_REAL_SCHEMAS:-$("$top/tools/arm-catalog.sh")}}
now=$(sed -n 's/^now: //p' "$top/metadata/azure/storage.yaml")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$top/tools/build-generator.sh" "$work/armhub-gen"
if ! "$work/armhub-gen" -provider "$provider" -schemas "$root" -now "$now" -onboard "$work/metadata.yaml" > "$work/out" 2>&1; then
  cat "$work/out" >&2
  exit 1
fi
awk '/^versions:/ { on = 1 } on && /^[a-z#]/ && !/^versions:/ { exit } on && NF' "$work/metadata.yaml"
