#!/usr/bin/env bash
# The six real providers of ../shared/specs through Bazel: generate them (read in
# place, never copied) into a temporary copy of this workspace, in place of the
# bundled services, then `bazel build` every generated package with rules_go and
# `bazel test` every generated conformance suite. tools/check-real-schemas.sh does
# the same with plain go build/vet/test.
# Usage: tools/check-real-schemas-bazel.sh [provider...]
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
for p in "${providers[@]}"; do
  "$ws/armhub-gen" -provider "$p" -schemas "$schemas" -root "$ws" 2>/dev/null
  read -r module suite < <("$ws/armhub-gen" -provider "$p" -schemas "$schemas" -print module-dir,suite-dir)
  targets+=("//$module/..." "//$suite/...")
done
rm -f "$ws/armhub-gen"

log=$(mktemp)
trap 'rm -f "$log"' EXIT
start=$(date +%s)
status=0
ARMHUB_OUTPUT_BASE="$cache/output_base_real" "$ws/tools/bazel" test --test_arg=-armhub.count="${ARMHUB_REAL_COUNT:-3}" \
  "${targets[@]}" > "$log" 2>&1 || status=$?
grep -E '^//|^Executed|^ERROR|FAIL' "$log" || tail -30 "$log"
built=$(find "$ws/apis" -name BUILD.bazel | wc -l)
echo "real schemas through Bazel: ${#providers[@]} providers, $built packages, $(( $(date +%s) - start ))s, exit $status"
[ "$status" -eq 0 ]
