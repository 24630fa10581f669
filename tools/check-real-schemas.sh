#!/usr/bin/env bash
# Generate every API version of every resource of the six real providers in
# ../shared/specs/arm-schemas (read in place, never copied) into a temporary
# directory, print the generator's removal report, then compile and vet each
# generated module. Usage: tools/check-real-schemas.sh [provider...]
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
source "$top/tools/real-providers.sh"
# A fixed folder (rewritten each run), so that Go's build cache, which keys on
# package paths, makes a second run fast.
out=${ARMHUB_REAL_OUT:-${ARMHUB_CACHE:-/tmp/armhub-cache}/real-go}
rm -rf "$out"
mkdir -p "$out"

"$top/tools/build-generator.sh" "$out/armhub-gen"

failed=0
for p in "${providers[@]}"; do
  start=$(date +%s)
  if ! "$out/armhub-gen" -provider "$p" -schemas "$schemas" -out "$out/$p" -conformance-out "$out/$p/conformance" -report > "$out/$p.report"; then
    echo "FAIL generate $p"; failed=$((failed + 1)); continue
  fi
  echo "== removal report for $p ($(grep -c . "$out/$p.report" || true) properties; not assessed: all, as no metadata covers real providers)"
  sed 's/^/  /' "$out/$p.report"
  # The generated go.mod requires runtime at its release; build against this tree,
  # and put the generated conformance suite (and the harness it uses) beside it.
  # Where those modules are, the generator says (-print).
  read -r rt_mod rt_dir h_mod h_dir < <("$out/armhub-gen" -provider "$p" -schemas "$schemas" \
      -print runtime-module,runtime-dir,harness-module,harness-dir)
  (cd "$out/$p" && go mod edit -replace "$rt_mod=$top/$rt_dir" -replace "$h_mod=$top/$h_dir" \
      -require "$h_mod@v0.0.0-00010101000000-000000000000")
  for f in "$top"/metadata/*.yaml; do
    read -r mod_path mod_dir < <("$out/armhub-gen" -metadata "$f" -print module-path,module-dir)
    (cd "$out/$p" && go mod edit -replace "$mod_path=$top/$mod_dir")
  done
  if (cd "$out/$p" && GOWORK=off GOFLAGS=-mod=mod go build ./... && GOWORK=off GOFLAGS=-mod=mod go vet ./... &&
      GOWORK=off GOFLAGS=-mod=mod go test -count=1 ./conformance/ -args -armhub.count="${ARMHUB_REAL_COUNT:-3}"); then
    echo "ok   $p: $(find "$out/$p" -name '*.go' | wc -l) Go files generated, built, vetted and conformance-tested in $(( $(date +%s) - start ))s"
  else
    echo "FAIL build/vet/test $p"; failed=$((failed + 1))
  fi
done
echo "real schemas: $(( ${#providers[@]} - failed )) passed, $failed failed"
[ "$failed" -eq 0 ]
