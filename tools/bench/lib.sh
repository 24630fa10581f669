# shellcheck shell=bash
# Shared setup of the scripts in tools/bench (sourced, not run). Sets:
#   top      the repository root
#   schemas  the real ARM schemas (ARMHUB_REAL_SCHEMAS, default ../shared/specs/arm-schemas/schemas),
#            read in place: never copied into the project
#   work     a temporary directory, removed when the script exits
#   gen      armhub-gen, built into $work
#   providers the six real providers
# and the functions build_benchtool and wire_module (wire.sh).
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

# shellcheck source-path=SCRIPTDIR source=wire.sh
source "$top/tools/bench/wire.sh"
