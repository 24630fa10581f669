#!/usr/bin/env bash
# The real Azure services through Bazel: generate each from its curated metadata
# (metadata/azure/<service>.yaml, -strict) and the real schemas of the six
# providers in ../shared/specs (read in place, never copied) into a temporary copy
# of this workspace, in place of the bundled services, then `bazel build` every
# generated package with rules_go and `bazel test` every generated conformance
# suite. tools/check-real-schemas.sh does the same with plain go build/vet/test.
# Usage: tools/check-real-schemas-bazel.sh [service-or-provider...]
# The copy has its own Bazel output base (under ARMHUB_CACHE, shared disk cache).
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
source "$top/tools/real-providers.sh"
cache=${ARMHUB_CACHE:-/tmp/armhub-cache}
# A fixed place, so that Bazel's output base for it stays warm between runs.
ws="$cache/real-workspace"
rm -rf "$ws"
mkdir -p "$ws"
# Everything but apis/ and the conformance packages that use its modules: of
# conformance/ only its own files and the harness.
(cd "$top" && { git ls-files -z -- ':(exclude)apis/' ':(exclude,glob)conformance/*/**'; git ls-files -z conformance/harness; } |
  xargs -0 cp --parents -t "$ws")

"$top/tools/build-generator.sh" "$ws/armhub-gen"
targets=()
for m in "${services[@]}"; do
  if ! "$ws/armhub-gen" -metadata "$m" -schemas "$schemas" -strict -root "$ws" 2> "$ws/armhub-gen.err"; then
    cat "$ws/armhub-gen.err" >&2
    echo "FAIL generate ${m#"$top"/}"
    exit 1
  fi
  read -r module suite < <("$ws/armhub-gen" -metadata "$m" -print module-dir,suite-dir)
  targets+=("//$module/..." "//$suite/...")
done
rm -f "$ws/armhub-gen" "$ws/armhub-gen.err"

log=$(mktemp)
trap 'rm -f "$log"' EXIT
start=$(date +%s)
status=0
ARMHUB_OUTPUT_BASE="$cache/output_base_real" "$ws/tools/bazel" test --test_arg=-armhub.count="${ARMHUB_REAL_COUNT:-3}" \
  "${targets[@]}" > "$log" 2>&1 || status=$?
grep -E '^//|^Executed|^ERROR|FAIL' "$log" || tail -30 "$log"
built=$(find "$ws/apis" -name BUILD.bazel | wc -l)
echo "real schemas through Bazel: ${#services[@]} services, $built packages, $(( $(date +%s) - start ))s, exit $status"
[ "$status" -eq 0 ]
