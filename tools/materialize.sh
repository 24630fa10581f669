#!/usr/bin/env bash
# Writes a real Azure service's generated module (and its conformance suite) to
# a local folder for plain-Go users and editors, from metadata/azure/<service>.yaml
# and the pinned schemas. The folder (default azure/<service>) is ignored by git;
# azure/go.work makes it build against this checkout's runtime. In Bazel the same
# module is @azure_<service> (tools/build_defs/azure.bzl).
# Usage: tools/materialize.sh SERVICE [DIR]
# The schemas: the ARM schema catalog (tools/arm-catalog.sh) or
# $ARMHUB_REAL_SCHEMAS, or for a service read from Swagger $ARMHUB_SWAGGER
# (tools/schema-roots.sh).
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
service=${1:?usage: tools/materialize.sh SERVICE [DIR]}
metadata="metadata/azure/$service.yaml"
[ -f "$metadata" ] || { echo "no $metadata; the real services are: $(ls metadata/azure | sed 's/\.yaml$//' | tr '\n' ' ')" >&2; exit 1; }
dir=${2:-azure/$service}

bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
tools/build-generator.sh "$bin/armhub-gen"
source tools/schema-roots.sh
schemas=$(schema_root "$bin/armhub-gen" "$metadata")
"$bin/armhub-gen" -metadata "$metadata" -schemas "$schemas" -swagger "$(swagger_root)" -out "$dir" -conformance-out "$dir/conformance" -strict

# A go.work beside the materialised modules: they build against this checkout's
# runtime and conformance harness, not released versions.
work=$(dirname "$dir")
read -r rt_mod rt_version rt_dir h_mod h_dir own own_version < <("$bin/armhub-gen" -metadata "$metadata" -print runtime-module,runtime-version,runtime-dir,harness-module,harness-dir,module-path,module-version)
rel=$(realpath --relative-to="$work" "$top")
(cd "$work" && {
  export GOWORK="$PWD/go.work"
  [ -f go.work ] || go work init
  go work use "./$(basename "$dir")" "$rel/$rt_dir" "$rel/$h_dir"
  go work edit -replace "$rt_mod@$rt_version=$rel/$rt_dir" -replace "$own@$own_version=./$(basename "$dir")"
  # The conformance harness requires this checkout's example services (an
  # example with the real service's module path gives way to it).
  for f in "$top"/metadata/*.yaml; do
    read -r path version mod_dir < <("$bin/armhub-gen" -metadata "$f" -print module-path,module-version,module-dir)
    [ "$path" = "$own" ] && continue
    go work use "$rel/$mod_dir"
    go work edit -replace "$path@$version=$rel/$mod_dir"
  done
})
echo "materialised $service in $dir (go.work: $work/go.work)"
