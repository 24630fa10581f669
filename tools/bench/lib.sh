# shellcheck shell=bash
# Shared setup of the scripts in tools/bench (sourced, not run). Sets:
#   top      the repository root
#   schemas  the real ARM schemas (ARMHUB_REAL_SCHEMAS, default ../shared/specs/arm-schemas/schemas),
#            read in place: never copied into the project
#   work     a temporary directory, removed when the script exits
#   gen      armhub-gen, built into $work
#   providers the six real providers
# and the functions build_benchtool and wire_module.
top=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
schemas=${ARMHUB_REAL_SCHEMAS:-$top/../shared/specs/arm-schemas/schemas}
if [ ! -d "$schemas" ] || [ ! -f "$schemas/common/definitions.json" ]; then
  echo "$(basename "$0"): the real ARM schemas are not at $schemas" >&2
  echo "  (expected ../shared/specs/arm-schemas/schemas next to the repository, see ../shared/specs/README.md;" >&2
  echo "   or set ARMHUB_REAL_SCHEMAS to a schema root holding <api-version>/<Provider>.json and common/)" >&2
  exit 1
fi
# shellcheck disable=SC2034 # used by the scripts that source this file
providers=(Microsoft.ManagedIdentity Microsoft.EventHub Microsoft.KeyVault Microsoft.Cache
  Microsoft.ServiceFabric Microsoft.Storage)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
gen=$work/armhub-gen
(cd "$top/generator" && go build -o "$gen" ./cmd/armhub-gen)

# build_benchtool builds tools/bench/benchtool (plain Go, its own module outside
# go.work and Bazel) into $work/benchtool.
build_benchtool() {
  (cd "$top/tools/bench/benchtool" && GOWORK=off go build -o "$work/benchtool" .)
}

# wire_module DIR points a module generated into DIR at this repository's runtime,
# conformance and apis modules, so it builds outside go.work.
wire_module() {
  local mod
  (
    cd "$1" || exit 1
    go mod edit -replace "github.com/armhub/armhub/runtime=$top/runtime" \
      -replace "github.com/armhub/armhub/conformance=$top/conformance" \
      -require "github.com/armhub/armhub/conformance@v0.0.0-00010101000000-000000000000"
    for mod in "$top"/apis/*/; do
      [ -f "$mod/go.mod" ] && go mod edit -replace "github.com/armhub/armhub/apis/$(basename "$mod")=$mod"
    done
    true
  )
}
