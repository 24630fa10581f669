#!/usr/bin/env bash
# Benchmark: how generation cost grows with input size, and the scale goal (a
# real large provider: 72 API versions, 34 MB of schema; goal: generating it in
# <= 10 s and <= 1 GiB). Prints figures; not a test (nothing here fails on speed
# or memory).
#
# A synthetic provider is built in a temporary directory (removed at exit, never
# in the repository) from one real provider of ../shared/specs (SCALE_PROVIDER,
# default Microsoft.ServiceFabric: 38 versions, 4.3 MiB): copy 0 is its schema
# files as they are (symlinked: read in place), copy k every version again under
# a date k centuries later (2016-03-01 -> 2116-03-01 for copy 1), with the
# version in the file's id and apiVersion enum rewritten to match. An entry NxW
# of SCALE_COPIES also widens every version file W times (benchtool widen: each
# resource and definition again as w1<name>, w2<name>, ..., with its own ARM
# type), for a provider with fewer, larger versions. For each entry of
# SCALE_COPIES (default "1 2 4 8 2x4": 8 copies of ServiceFabric are ~34 MiB in
# 304 versions; 2x4 is ~34 MiB in 76 versions, the shape of the large provider)
# it generates the module and its conformance suite under /usr/bin/time and
# prints input MB, versions, wall s, peak MiB, s per input MB and output MB
# (MB = MiB = 2^20 bytes).
#
# SCALE_COMPILE=1 (default off: slow, minutes and GiBs) then compiles the module
# generated for the last entry of SCALE_COPIES (go build ./...) and its
# conformance suite (go test -c, go vet) and prints their wall time and peak memory: the largest of the
# go command and the processes it runs, each compiler, linker and vet analyser measured by -toolexec
# (go's own figure once came out at half the linker's).
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib.sh
source "$(dirname "$0")/lib.sh"
build_benchtool
provider=${SCALE_PROVIDER:-Microsoft.ServiceFabric}
read -r -a multiples <<< "${SCALE_COPIES:-1 2 4 8 2x4}"
if ! ls "$schemas"/*/"$provider.json" > /dev/null 2>&1; then
  echo "scale.sh: no $provider.json under $schemas" >&2
  exit 1
fi
mapfile -t versions < <(cd "$schemas" && for f in */"$provider.json"; do dirname "$f"; done)

# add_copy ROOT K: add copy K of every version of $provider to the schema root ROOT.
add_copy() {
  local root=$1 k=$2 v shifted
  for v in "${versions[@]}"; do
    if [ "$k" -eq 0 ]; then
      mkdir -p "$root/$v"
      ln -s "$schemas/$v/$provider.json" "$root/$v/$provider.json"
      continue
    fi
    shifted=$(( ${v:0:4} + 100 * k ))${v:4}
    mkdir -p "$root/$shifted"
    sed "s/\"$v\"/\"$shifted\"/g; s|/schemas/$v/|/schemas/$shifted/|g" \
      "$schemas/$v/$provider.json" > "$root/$shifted/$provider.json"
  done
}

echo "Synthetic provider: copies of $provider (${#versions[@]} versions each), generated with its conformance suite"
printf '%6s %5s %9s %9s %8s %10s %9s %10s\n' copies wide "input MB" versions "wall s" "peak MiB" "s per MB" "output MB"
last=""
for entry in "${multiples[@]}"; do
  n=${entry%%x*}
  width=1
  [ "$entry" != "$n" ] && width=${entry#*x}
  root=$work/schemas-$entry
  mkdir -p "$root"
  ln -s "$schemas/common" "$root/common"
  for ((k = 0; k < n; k++)); do add_copy "$root" "$k"; done
  if [ "$width" -gt 1 ]; then
    for f in "$root"/*/"$provider.json"; do
      "$work/benchtool" widen -in "$f" -out "$f.wide" -provider "$provider" -width "$width"
      mv -f "$f.wide" "$f" # replaces the file, or the symlink to ../shared/specs (never its target)
    done
  fi
  input=$(cat "$root"/*/"$provider.json" | wc -c)
  nversions=$(find "$root" -name "$provider.json" | wc -l)
  out=$work/out-$entry
  if ! /usr/bin/time -f '%e %M' -o "$work/time" "$gen" -provider "$provider" -schemas "$root" \
      -out "$out" -conformance-out "$out/conformance" 2> "$work/gen.log"; then
    tail -20 "$work/gen.log" >&2
    echo "scale.sh: generating $entry copies failed" >&2
    exit 1
  fi
  read -r seconds kb < "$work/time"
  output=$(du -sb "$out" | cut -f1)
  mb=$(echo "$input / 1048576" | bc -l)
  printf '%6d %5d %9.1f %9d %8.2f %10.0f %9.3f %10.1f\n' "$n" "$width" "$mb" "$nversions" "$seconds" "$(echo "$kb / 1024" | bc -l)" \
    "$(echo "$seconds / $mb" | bc -l)" "$(echo "$output / 1048576" | bc -l)"
  # Keep only the last output (for SCALE_COMPILE) and no copied schemas.
  rm -rf "$root"
  if [ -n "$last" ]; then rm -rf "$last"; fi
  last=$out
done
echo "(goal for the real large provider, 72 versions / 34 MB of schema: <= 10 s and <= 1024 MiB)"

if [ "${SCALE_COMPILE:-0}" = 1 ]; then
  wire_module "$last"
  echo
  echo "Compiling the module generated last (${multiples[-1]}, $(find "$last" -name '*.go' | wc -l) Go files) outside Bazel with GOFLAGS='-mod=mod -trimpath':"
  echo "its dependencies come from the Go build cache; its own packages, in a new directory, are compiled afresh"
  echo "by the first step (the later steps reuse them: go test -c compiles the suite and links, go vet analyses)"
  printf '%-52s %8s %10s\n' step "wall s" "peak MiB"
  # -trimpath: cache keys then do not depend on the temporary directory, so a
  # second run reuses the packages the first compiled. -ldflags=-s -w links
  # without symbol table and DWARF, as Bazel links (its default --strip=sometimes).
  for step in "go build ./..." "go test -c -o /dev/null ./conformance" "go test -c -o /dev/null -ldflags=-s_-w ./conformance" "go vet ./..."; do
    read -r -a cmd <<< "$step"
    cmd=("${cmd[@]//_/ }")
    : > "$work/tools"
    cmd=("${cmd[@]:0:2}" -toolexec "/usr/bin/time -a -o $work/tools -f %M" "${cmd[@]:2}")
    if ! (cd "$last" && GOWORK=off GOFLAGS="-mod=mod -trimpath" /usr/bin/time -f '%e %M' -o "$work/time" "${cmd[@]}") > "$work/step.log" 2>&1; then
      tail -20 "$work/step.log" >&2
      echo "scale.sh: $step failed" >&2
      exit 1
    fi
    read -r seconds kb < "$work/time"
    kb=$( (echo "$kb"; grep -E '^[0-9]+$' "$work/tools") | sort -n | tail -1)
    printf '%-52s %8.1f %10.0f\n' "${step//_/ }" "$seconds" "$(echo "$kb / 1024" | bc -l)"
  done
fi
