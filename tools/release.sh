#!/usr/bin/env bash
# Releases the runtime module or one service's generated module into a release
# directory (a module proxy tree: GOPROXY=file://DIR), at the version apidiff
# gives against the previous release there (release/cmd/armhub-release).
#
#   tools/release.sh runtime
#   tools/release.sh storage            # a real service: generated from the pinned schemas
#   tools/release.sh examplestorage     # a bundled example: its checked-in module
#
# Environment:
#   ARMHUB_RELEASE_DIR   the release directory (default releases/ here, ignored by git)
#   ARMHUB_REAL_SCHEMAS  the ARM schema root for real services (default the
#                        catalog, tools/arm-catalog.sh; ARMHUB_SWAGGER for a
#                        service read from Swagger, see tools/schema-roots.sh)
# Extra arguments go to armhub-release (for example -version v1.0.0, -dry-run).
# A service's module requires the runtime's latest release: release runtime first.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
name=${1:?usage: tools/release.sh runtime|SERVICE [armhub-release flags]}
shift
proxy=${ARMHUB_RELEASE_DIR:-$top/releases}
when=$(git -C "$top" log -1 --format=%cI)

metadata=""
if [[ "$name" =~ ^[a-z0-9]+$ ]]; then
  for candidate in "metadata/$name.yaml" "metadata/azure/$name.yaml"; do
    [ -f "$candidate" ] && metadata=$candidate && break
  done
fi
if [ "$name" != runtime ] && [ -z "$metadata" ]; then
  services=$(cd metadata && ls *.yaml azure/*.yaml | sed 's#^azure/##; s#\.yaml$##' | sort | tr '\n' ' ')
  echo "tools/release.sh: unknown service \"$name\"; the services are: ${services}and runtime" >&2
  exit 1
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd release && GOWORK=off go build -o "$work/armhub-release" ./cmd/armhub-release)

if [ "$name" = runtime ]; then
  "$work/armhub-release" -module-dir runtime -proxy "$proxy" -time "$when" -license LICENSE "$@"
  exit
fi

tools/build-generator.sh "$work/armhub-gen"
# The generator's notes go to a log, shown should the generation fail.
generate() {
  "$work/armhub-gen" -metadata "$metadata" -report "$@" > "$work/report.txt" 2> "$work/generate.log" ||
    { cat "$work/generate.log" >&2; exit 1; }
}
case "$metadata" in
metadata/azure/*)
  source "$top/tools/schema-roots.sh"
  schemas=$(schema_root "$work/armhub-gen" "$metadata")
  module_dir="$work/$name"
  generate -schemas "$schemas" -swagger "$(swagger_root)" -out "$module_dir" -strict
  ;;
*)
  # A bundled example: its checked-in module (with any hand-written files).
  module_dir=$("$work/armhub-gen" -metadata "$metadata" -print module-dir)
  generate -out "$work/check"
  ;;
esac
"$work/armhub-release" -module-dir "$module_dir" -proxy "$proxy" -time "$when" -license LICENSE \
  -report "$work/report.txt" -crds "$module_dir/crd" "$@"
