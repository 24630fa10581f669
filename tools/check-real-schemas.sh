#!/usr/bin/env bash
# Generate each real Azure service from its curated metadata
# (metadata/azure/<service>.yaml) and the ARM schema catalog (tools/arm-catalog.sh:
# unpacked once into the cache, never into the checkout) into a temporary
# directory, with -strict (every removal the report lists must be assessed in the
# metadata), print the generator's removal report, then check that each
# generated module is gofmt-clean and vet it with plain Go (outside Bazel; vet
# type-checks every package) and print
# its largest CRD; then check that no real CRD validates its status beyond
# types (conformance/statusschema over every generated crd/ folder). Compiling the modules and running their conformance suites is
# //apis/azure's part in `bazel test //...` (and tools/release-check.sh builds
# storage alone against released modules).
# A service that passed before with the same inputs is not run again (a stamp
# in $ARMHUB_CACHE/real-go-passed, below).
# Usage: tools/check-real-schemas.sh [service-or-provider...]
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
source "$top/tools/real-providers.sh"
source "$top/tools/schema-roots.sh"
# A fixed folder (rewritten each run), so that Go's build cache, which keys on
# package paths, makes a second run fast.
out=${ARMHUB_REAL_OUT:-${ARMHUB_CACHE:-/tmp/armhub-cache}/real-go}
rm -rf "$out"
mkdir -p "$out"

"$top/tools/build-generator.sh" "$out/armhub-gen"
swagger=$(swagger_root)

# Bazel builds the services AZURE_SERVICES lists (tools/build_defs/azure.bzl):
# exactly those of metadata/azure/ (tools/onboard.sh keeps the list).
listed=$(sed -n '/^AZURE_SERVICES = \[$/,/^\]$/s/^    "\(.*\)",$/\1/p' "$top/tools/build_defs/azure.bzl")
files=$(for f in "$top"/metadata/azure/*.yaml; do basename "$f" .yaml; done)
if [ "$listed" != "$files" ]; then
  echo "FAIL AZURE_SERVICES in tools/build_defs/azure.bzl is not the list of metadata/azure/*.yaml:"
  diff <(echo "$listed") <(echo "$files") || true
  exit 1
fi

# A service that passed every check here before with the same inputs (the
# generator binary, its metadata, the schema root, the pinned Swagger files,
# the runtime and the conformance harness it is vetted against) is not run
# again: its stamp in $ARMHUB_CACHE/real-go-passed says so, as Bazel's test
# cache does.
stamps=${ARMHUB_CACHE:-/tmp/armhub-cache}/real-go-passed
mkdir -p "$stamps"
inputs=$( (sha256sum "$out/armhub-gen" "$top/tools/build_defs/swagger_pins.bzl"
           find "$top/runtime" "$top/conformance/harness" "$top/conformance/go.mod" "$top/conformance/go.sum" -type f \
             \( -name '*.go' -o -name go.mod -o -name go.sum \) | LC_ALL=C sort | xargs sha256sum) | sha256sum | cut -c1-16)
passed=()

failed=0
cached=0
for m in "${services[@]}"; do
  p=$(provider_of "$m")
  s=$("$out/armhub-gen" -metadata "$m" -print service)
  start=$(date +%s)
  root=$(schema_root "$out/armhub-gen" "$m") || { echo "FAIL schemas of $p"; failed=$((failed + 1)); continue; }
  key=$(printf '%s\n%s\n%s\n' "$inputs" "$root" "$(sha256sum < "$m")" | sha256sum | cut -c1-16)
  if [ -e "$stamps/$s-$key" ]; then
    echo "ok   $p: (cached) passed before with the same inputs ($s-$key)"; cached=$((cached + 1)); continue
  fi
  if ! "$out/armhub-gen" -metadata "$m" -schemas "$root" -swagger "$swagger" -strict -out "$out/$s" -conformance-out "$out/$s/conformance" \
      -report > "$out/$s.report" 2> "$out/$s.notes"; then
    cat "$out/$s.notes"
    echo "FAIL generate $p (${m#"$top"/})"; failed=$((failed + 1)); continue
  fi
  echo "== removal report for $p (service $s, ${m#"$top"/}): $(grep -c . "$out/$s.report" || true) properties, all assessed ($(grep -c 'not reviewed$' "$out/$s.report" || true) recorded by the onboarding, not reviewed yet)"
  grep -v 'not reviewed$' "$out/$s.report" | sed 's/^/  /' || true
  # The generated go.mod requires runtime at its release; build against this tree,
  # and put the generated conformance suite (and the harness it uses) beside it.
  # Where those modules are, the generator says (-print).
  read -r rt_mod rt_dir h_mod h_dir < <("$out/armhub-gen" -metadata "$m" \
      -print runtime-module,runtime-dir,harness-module,harness-dir)
  (cd "$out/$s" && go mod edit -replace "$rt_mod=$top/$rt_dir" -replace "$h_mod=$top/$h_dir" \
      -require "$h_mod@v0.0.0-00010101000000-000000000000")
  for f in "$top"/metadata/*.yaml; do
    read -r mod_path mod_dir < <("$out/armhub-gen" -metadata "$f" -print module-path,module-dir)
    (cd "$out/$s" && go mod edit -replace "$mod_path=$top/$mod_dir")
  done
  # The generator writes most files indented rather than through gofmt:
  # they must still be exactly what gofmt makes of them.
  unformatted=$(gofmt -l "$out/$s")
  if [ -n "$unformatted" ]; then
    echo "FAIL gofmt $p: $unformatted"; failed=$((failed + 1))
  elif (cd "$out/$s" && GOWORK=off GOFLAGS=-mod=mod go vet ./...); then
    echo "ok   $p: $(find "$out/$s" -name '*.go' | wc -l) Go files generated, gofmt-clean and vetted in $(( $(date +%s) - start ))s"
    passed+=("$stamps/$s-$key")
    # The largest CRD, by its size as JSON (the measure of etcd and of
    # client-side kubectl apply), as the generator measured it.
    echo "     $(grep -o 'largest CRD: .*' "$out/$s.notes" || echo 'largest CRD: not reported')"
  else
    echo "FAIL vet $p"; failed=$((failed + 1))
  fi
done
# No CRD validates its status beyond types (what Azure reports is not second-
# guessed): the check of the bundled CRDs, over the real services' too.
crd_dirs=$(find "$out" -mindepth 2 -maxdepth 2 -type d -name crd | sort | paste -sd: -)
if [ -z "$crd_dirs" ]; then
  echo "ok   no CRD generated in this run (every service cached)"
elif (cd "$top/conformance" && ARMHUB_CRD_DIRS="$crd_dirs" go test -count=1 ./statusschema/); then
  echo "ok   no validation under status in any real CRD generated in this run"
  [ "$failed" -gt 0 ] || [ "${#passed[@]}" -eq 0 ] || touch "${passed[@]}"
else
  echo "FAIL validation under status in a real CRD"; failed=$((failed + 1))
fi
echo "real schemas: $(( ${#services[@]} - failed )) passed ($cached of them cached), $failed failed"
[ "$failed" -eq 0 ]
