#!/usr/bin/env bash
# Benchmark: the whole Azure catalog (../shared/specs/arm-catalog, unpacked once
# by tools/arm-catalog.sh, read in place). Each provider namespace is generated
# as a new user would (armhub-gen -provider P -schemas <catalog> -now T, with its
# conformance suite: the versions get the lifecycles of the policy for real
# Azure services at T, by default the real services' now, so that expired
# versions leave and the CRDs list what a cluster serves; -all-versions keeps
# every version, supported), optionally compiled (-build: go build, go vet) and tested
# (-suite: its generated conformance suite), and gets one row:
#
#   namespace status versions resources gen_s gen_MiB go_MB largest_crd_B build_s suite note
#
# status is ok, empty (no version describes a resource: the generator notes it
# and writes nothing) or refused (note: the error's first line); build_s is the
# wall time of go build ./... alone (FAIL when it or the go vet ./... after it
# fails, the note saying which), suite ok or FAIL; "-" when not
# asked. A summary line follows the table. Not a test: nothing fails on speed.
#
# Resumable: rows are kept in $ARMHUB_CACHE/catalog-bench/<generator hash>/rows,
# one file per namespace, and a namespace that has a row is not run again by
# the same generator (another generator build starts a new folder). Parallel:
# -j N namespaces at once (default 2; each go build uses every core as well).
#
# -markdown prints, instead of the tab-separated rows, the table of docs/catalog.md
# (the namespaces that generate), the summary line after it.
#
# Usage: tools/bench/catalog.sh [-j N] [-build] [-suite] [-only "P1 P2 ..."] [-fresh] [-now T | -all-versions] [-markdown]
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
jobs=2 build=0 suite=0 only="" fresh=0 markdown=0
now=$(sed -n 's/^now: //p' "$top/metadata/azure/storage.yaml")
while [ $# -gt 0 ]; do
  case $1 in
    -j) jobs=$2; shift 2 ;;
    -build) build=1; shift ;;
    -suite) build=1; suite=1; shift ;;
    -only) only=$2; shift 2 ;;
    -fresh) fresh=1; shift ;;
    -now) now=$2; shift 2 ;;
    -all-versions) now=""; shift ;;
    -markdown) markdown=1; shift ;;
    --one) one=$2; shift 2 ;;
    *) echo "usage: $0 [-j N] [-build] [-suite] [-only \"P1 P2 ...\"] [-fresh] [-now T | -all-versions] [-markdown]" >&2; exit 2 ;;
  esac
done

# one P: generate (and build, test) namespace P into $CATALOG_WORK and write its row.
run_one() {
  local p=$1 d="$CATALOG_WORK/$1" row="$CATALOG_ROWS/$1.tsv"
  if [ -f "$row" ] && done_row "$row"; then
    return 0
  fi
  local versions=- resources=- secs=- mib=- gomb=- largest=- build_s=- suite_r=- note=- status=ok
  rm -rf "$d"
  local code=0
  /usr/bin/time -f "%e %M" -o "$d.time" "$CATALOG_GEN" -provider "$p" -schemas "$CATALOG_ROOT" ${CATALOG_NOW:+-now "$CATALOG_NOW"} \
    -out "$d" -conformance-out "$d/conformance" > /dev/null 2> "$d.err" || code=$?
  if [ "$code" = 0 ] && [ ! -d "$d" ]; then
    status=empty # no version describes a resource: noted, nothing written
    note=$(grep -m1 'nothing to generate' "$d.err" | sed "s|$CATALOG_ROOT/||g; s|^armhub-gen: note: ||" | cut -c1-300)
  elif [ "$code" = 0 ]; then
    versions=$(find "$d" -mindepth 1 -maxdepth 1 -type d -regextype egrep -regex '.*/v[0-9]{8}(preview)?' | wc -l)
    resources=$(find "$d/crd" -name '*_*.yaml' | wc -l)
    gomb=$(find "$d" -name '*.go' -printf '%s\n' | awk '{s += $1} END {printf "%.1f", s / 1e6}')
    largest=$(sed -n 's/.*largest CRD: .* is \([0-9]*\) bytes as JSON.*/\1/p' "$d.err" | head -1)
    [ -n "$largest" ] || largest=-
    if [ "$CATALOG_BUILD" = 1 ]; then
      wire_module "$d" > /dev/null
      local start
      start=$(date +%s.%N)
      if (cd "$d" && GOWORK=off GOFLAGS=-mod=mod go build ./...) > "$d.build" 2>&1; then
        build_s=$(echo "$(date +%s.%N) - $start" | bc | xargs printf '%.0f')
        (cd "$d" && GOWORK=off GOFLAGS=-mod=mod go vet ./...) > "$d.build" 2>&1 ||
          build_s=FAIL note="vet: $(grep -m1 . "$d.build" | cut -c1-200)"
      else
        build_s=FAIL note=$(grep -m1 . "$d.build" | cut -c1-200)
      fi
      if [ "$CATALOG_SUITE" = 1 ] && [ "$build_s" != FAIL ]; then
        suite_r=ok
        (cd "$d" && GOWORK=off GOFLAGS=-mod=mod go test -count=1 ./conformance) > "$d.suite" 2>&1 || suite_r=FAIL
      fi
    fi
  else
    status=refused
    note=$(grep -v '^armhub-gen: note' "$d.err" | grep -m1 . | sed "s|$CATALOG_ROOT/||g" | cut -c1-300)
    # The generator knows the files of the repository that are no provider's.
    [[ $note == *"is not a resource provider's schema"* ]] && status=not-a-provider
  fi
  read -r secs kb < <(tail -1 "$d.time") || true # after "Command exited ..." when it failed
  [ -n "${kb:-}" ] && mib=$((kb / 1024))
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$p" "$status" "$versions" "$resources" "$secs" "$mib" \
    "$gomb" "$largest" "$build_s" "$suite_r" "$note" > "$row.tmp"
  mv "$row.tmp" "$row"
  rm -rf "$d" "$d.time" "$d.err" "$d.build" "$d.suite" # exact names: one namespace is a prefix of another
}

# done_row ROW: whether ROW already holds what this run asks (a row of a run
# without -build or -suite is run again by one with them).
done_row() {
  local status build_s suite_r
  IFS=$'\t' read -r _ status _ _ _ _ _ _ build_s suite_r _ < "$1"
  [ "$status" != ok ] && return 0
  [ "$CATALOG_BUILD" = 0 ] || [ "$build_s" != - ] || return 1
  [ "$CATALOG_SUITE" = 0 ] || [ "$suite_r" != - ] || [ "$build_s" = FAIL ]
}

if [ -n "${one:-}" ]; then
  # shellcheck source-path=SCRIPTDIR source=wire.sh
  source "$top/tools/bench/wire.sh"
  run_one "$one"
  exit 0
fi

root=$("$top/tools/arm-catalog.sh")
cache=${ARMHUB_CACHE:-/tmp/armhub-cache}
mkdir -p "$cache/catalog-bench"
gen=$cache/catalog-bench/armhub-gen.$$
(cd "$top/generator" && go build -o "$gen" ./cmd/armhub-gen)
hash=$(sha256sum "$gen" | cut -c1-16)
out=$cache/catalog-bench/$hash-${now:-all-versions}
mkdir -p "$out/rows"
mv "$gen" "$out/armhub-gen"
[ "$fresh" = 1 ] && rm -f "$out"/rows/*.tsv
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The namespaces: every <Namespace>.json of an API-version folder (files named
# without a dot, such as deploymentTemplate.json, are not providers; the
# generator names the others that are not, such as CreateUIDefinition.*, and
# their rows say not-a-provider, counted apart).
if [ -n "$only" ]; then
  read -r -a namespaces <<< "$only"
else
  mapfile -t namespaces < <(find "$root" -mindepth 2 -maxdepth 2 -name '*.*.json' -printf '%f\n' |
    sed 's/\.json$//' | LC_ALL=C sort -u)
fi
echo "catalog: $root; ${#namespaces[@]} namespaces; generator $hash; now ${now:-none (every version supported)}; rows in $out/rows" >&2

# Compiling the whole catalog fills a Go build cache with gigabytes no later
# run reuses: -build without -only uses one of its own for the run, removed
# with the work folder. The dependencies (the runtime, apimachinery) are
# compiled before any row's time is taken.
if [ "$build" = 1 ]; then
  [ -n "$only" ] || export GOCACHE=$work/gocache
  (cd "$top/runtime" && GOWORK=off go build ./... && GOWORK=off go vet ./...)
fi
export CATALOG_GEN=$out/armhub-gen CATALOG_ROOT=$root CATALOG_ROWS=$out/rows CATALOG_WORK=$work \
  CATALOG_BUILD=$build CATALOG_SUITE=$suite CATALOG_NOW=$now
start=$(date +%s.%N)
# The largest first (by the bytes of their version files), so that no large
# namespace starts last and runs alone while the other workers idle.
find "$root" -mindepth 2 -maxdepth 2 -name '*.json' -printf '%f\t%s\n' | sed 's/\.json\t/\t/' |
  awk -F'\t' 'NR == FNR { size[$1] += $2; next } { print size[$1] + 0 "\t" $1 }' - <(printf '%s\n' "${namespaces[@]}") |
  LC_ALL=C sort -t$'\t' -k1,1nr -k2,2 | cut -f2 | xargs -P "$jobs" -I{} bash "$0" --one {}
elapsed=$(echo "$(date +%s.%N) - $start" | bc)

# markdown: the rows on stdin that generate as the table of docs/catalog.md.
markdown() {
  echo '| namespace | versions | resources | generate s | peak MiB | Go MB | largest CRD B | go build s | suite |'
  echo '|---|---:|---:|---:|---:|---:|---:|---:|---|'
  awk -F'\t' '
    function commas(v,  out) {
      if (v !~ /^[0-9]+$/) return v
      for (out = ""; length(v) > 3; v = substr(v, 1, length(v) - 3)) out = "," substr(v, length(v) - 2) out
      return v out
    }
    $2 == "ok" { printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", $1, $3, $4, $5, $6, $7, commas($8), $9, $10 }'
}

for p in "${namespaces[@]}"; do cat "$out/rows/$p.tsv"; done > "$work/rows"
if [ "$markdown" = 1 ]; then
  markdown < "$work/rows"
else
  printf 'namespace\tstatus\tversions\tresources\tgen_s\tgen_MiB\tgo_MB\tlargest_crd_B\tbuild_s\tsuite\tnote\n'
  cat "$work/rows"
fi
awk -F'\t' -v elapsed="$elapsed" '
  $2 == "not-a-provider" { other++; next }
  { n++ }
  $2 == "ok" { ok++; versions += $3; gen += $5; gomb += $7; if ($6 > peak) { peak = $6; peakns = $1 }
               if ($8 != "-" && $8 > 1572864) etcd++; if ($8 != "-" && $8 <= 262144) kubectl++
               if ($9 != "-") { built++; if ($9 == "FAIL") bfail++; else bsecs += $9 }
               if ($10 == "ok") sok++; if ($10 == "FAIL") sfail++ }
  $2 == "refused" { refused++ }
  $2 == "empty" { empty++ }
  END {
    printf "summary: %d namespaces (and %d files that are no provider), %d generate, %d describe no resource (noted, nothing to generate), %d refused; %d versions; %.0f MB of Go; generation %.0f s summed, %.0f s wall (this run), peak %d MiB (%s); CRDs: %d namespaces with one over 1.5 MiB, %d within 262144 B", \
      n, other, ok, empty, refused, versions, gomb, gen, elapsed, peak, peakns, etcd, kubectl
    if (built) printf "; built %d, %d failed, %.0f s of go build summed (vet apart)", built, bfail, bsecs
    if (sok + sfail) printf "; suites %d passed, %d failed", sok, sfail
    printf "\n"
  }' "$work/rows"
