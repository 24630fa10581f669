#!/usr/bin/env bash
# Benchmark: conversion cost of generated resources. Prints figures; not a test
# (nothing here fails on speed).
#
# 1. spoke -> hub -> spoke of a real storage account (Microsoft.Storage 2021-04-01)
#    against a JSON marshal/unmarshal round trip of the same object.
# 2. A table, one row per real provider: for the resource kind with the longest
#    conversion chain (the most storage versions between its oldest spoke and its
#    hub, found by tools/bench/benchtool), the oldest spoke -> hub -> spoke via
#    ConvertTo/ConvertFrom against the JSON round trip of the same filled object
#    (harness.NewFiller(1).NilChance(0)), with ns/op, allocs/op and the ratio.
#
# Each provider is generated from ../shared/specs (read in place) into a
# temporary directory, with a generated bench package (tools/bench/benchtool
# benchgen) timed by go test -bench.
#
# Environment: BENCHTIME (go test -benchtime, default 1s); PROVIDERS (space-separated
# subset of the six providers).
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib.sh
source "$(dirname "$0")/lib.sh"
build_benchtool
benchtime=${BENCHTIME:-1s}
read -r -a selected <<< "${PROVIDERS:-${providers[*]}}"

rows=()
for p in "${selected[@]}"; do
  mod=$work/$p
  "$gen" -provider "$p" -schemas "$schemas" -out "$mod" 2>/dev/null
  wire_module "$mod"
  read -r kind spoke hub chain < <("$work/benchtool" chain -module "$mod")
  cases=("$kind:$spoke:$hub")
  if [ "$p" = Microsoft.Storage ]; then
    cases+=("StorageAccount:v20210401:$hub")
  fi
  mkdir "$mod/bench"
  "$work/benchtool" benchgen -module "$mod" -out "$mod/bench/bench_test.go" "${cases[@]}"
  (cd "$mod" && GOWORK=off GOFLAGS=-mod=mod go test -run '^$' -bench . -benchtime "$benchtime" ./bench/) > "$work/$p.bench" 2>&1 || {
    cat "$work/$p.bench" >&2
    echo "conversion.sh: the benchmark of $p failed" >&2
    exit 1
  }
  # figures NAME: ns/op and allocs/op of benchmark NAME
  figures() { awk -v n="Benchmark$1" '$1 ~ "^"n"(-[0-9]+)?$" { for (i = 2; i < NF; i++) { if ($(i+1) == "ns/op") ns = $i; if ($(i+1) == "allocs/op") al = $i } } END { print ns, al }' "$work/$p.bench"; }
  if [ "$p" = Microsoft.Storage ]; then
    read -r cns cal < <(figures "Convert_StorageAccount_v20210401")
    read -r jns jal < <(figures "JSON_StorageAccount_v20210401")
    account=$(printf 'Storage account v20210401 -> hub %s/storage -> v20210401: %s ns/op %s allocs/op; JSON round trip: %s ns/op %s allocs/op; JSON/conversion %.2fx' \
      "$hub" "$cns" "$cal" "$jns" "$jal" "$(echo "$jns / $cns" | bc -l)")
  fi
  read -r cns cal < <(figures "Convert_${kind}_$spoke")
  read -r jns jal < <(figures "JSON_${kind}_$spoke")
  rows+=("$(printf '%-26s %-34s %-17s %-10s %5d %12.0f %9d %12.0f %9d %7.2fx' "$p" "$kind" "$spoke" "$hub" "$chain" \
    "$cns" "$cal" "$jns" "$jal" "$(echo "$jns / $cns" | bc -l)")")
done

if [ -n "${account:-}" ]; then
  echo "$account"
  echo
fi
echo "Longest conversion chain per provider: oldest spoke -> hub -> spoke (ConvertTo/ConvertFrom) vs JSON marshal+unmarshal"
echo "(chain: storage versions from the spoke's to the hub's, hub included; ratio: JSON ns / conversion ns, <1 means conversion is slower; BENCHTIME=$benchtime)"
printf '%-26s %-34s %-17s %-10s %5s %12s %9s %12s %9s %8s\n' provider kind "oldest spoke" hub chain "conv ns/op" "conv allc" "JSON ns/op" "JSON allc" "x faster"
printf '%s\n' "${rows[@]}"
