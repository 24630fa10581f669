#!/usr/bin/env bash
# Benchmark: what a downstream team pays for a service module. Two
# controller-runtime managers are built from a cold Go build cache in the same
# run: a bare one, and one that registers a real service's module (its scheme,
# its conversion webhook and its CRDs, as README.md shows). For each it prints
# the wall time of go build, the peak memory (the largest of the processes go
# runs, a compiler or the linker, each measured by -toolexec: go build's own
# figure once came out at half the linker's), and the binary's size, unstripped and stripped
# (-ldflags=-s -w); then armhub's share, the difference. First it prints the
# module's bytes of Go (and those of its conversions, types and deep copies).
# The module is the service as this checkout generates it
# (tools/materialize.sh), built against this checkout's runtime. Not a test:
# nothing here fails on speed.
# Usage: [ROUNDS=N] tools/bench/downstream.sh [SERVICE]   (default storage; N
# cold builds of each, alternating, medians printed)
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
service=${1:-storage}
work=$(mktemp -d)
trap 'chmod -R u+w "$work" 2> /dev/null; rm -rf "$work"' EXIT

"$top/tools/materialize.sh" "$service" "$work/azure/$service" > /dev/null
# go_bytes DIR NAME: the bytes of the module's Go files named NAME (any for all),
# its conformance suite left out.
go_bytes() {
  find "$1" -path "$1/conformance" -prune -o -name "${2:-*.go}" -type f -printf '%s\n' | awk '{s += $1} END {print s + 0}'
}
mod_dir=$work/azure/$service
module=$(sed -n 's/^module //p' "$work/azure/$service/go.mod")
mkdir -p "$work/mgr/bare" "$work/mgr/service"
cat > "$work/mgr/bare/main.go" << 'EOF'
package main

import (
	"os"

	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/webhook"
)

func main() {
	scheme := runtime.NewScheme()
	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{
		Scheme:        scheme,
		WebhookServer: webhook.NewServer(webhook.Options{Port: 9443}),
	})
	if err != nil {
		os.Exit(1)
	}
	_ = mgr.Start(ctrl.SetupSignalHandler())
}
EOF
cat > "$work/mgr/service/main.go" << EOF
package main

import (
	"os"

	"$module/register"
	"github.com/armhub/armhub/runtime/conversionwebhook"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/webhook"
)

func main() {
	scheme := runtime.NewScheme()
	_ = register.AddToScheme(scheme)
	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{
		Scheme:        scheme,
		WebhookServer: webhook.NewServer(webhook.Options{Port: 9443}),
	})
	if err != nil {
		os.Exit(1)
	}
	_ = register.SetupWebhookWithManager(mgr)
	_, _ = register.CRDs(conversionwebhook.Options{})
	_ = mgr.Start(ctrl.SetupSignalHandler())
}
EOF
(
  cd "$work/mgr"
  go mod init example.com/mgr > /dev/null 2>&1
  go mod edit -replace "$module=../azure/$service" -replace "github.com/armhub/armhub/runtime=$top/runtime"
  GOWORK=off GOFLAGS=-mod=mod go mod tidy > /dev/null 2>&1
)

# measure NAME ROUND: build ./NAME from a cold build cache of its own; prints s,
# peak MiB, MB, stripped MB.
measure() {
  local cache=$work/gocache-$1-$2
  local tools=$work/$1-$2.tools
  (cd "$work/mgr" && GOWORK=off GOCACHE=$cache /usr/bin/time -f %e -o "$work/$1.time" \
    go build -toolexec "/usr/bin/time -a -o $tools -f %M" -o "$work/$1.bin" "./$1")
  (cd "$work/mgr" && GOWORK=off GOCACHE=$cache go build -ldflags='-s -w' -o "$work/$1.stripped" "./$1")
  chmod -R u+w "$cache" && rm -rf "$cache"
  local secs kb
  secs=$(tail -1 "$work/$1.time")
  kb=$(grep -E '^[0-9]+$' "$tools" | sort -n | tail -1)
  echo "$secs $((kb / 1024)) $(stat -c %s "$work/$1.bin") $(stat -c %s "$work/$1.stripped")"
}

# median N FILE: the median of column N of FILE's rows.
median() {
  sort -g -k"$1,$1" "$2" | awk -v c="$1" '{v[NR] = $c} END {print v[int((NR + 1) / 2)]}'
}

# ROUNDS (default 1) cold builds of each, alternating, so that a slow spell of
# the machine (its disk, mostly) falls on both; each figure is the median.
rounds=${ROUNDS:-1}
for round in $(seq "$rounds"); do
  measure bare "$round" >> "$work/bare.rows"
  measure service "$round" >> "$work/service.rows"
done
read -r bs bm bb bx < <(for n in 1 2 3 4; do median "$n" "$work/bare.rows"; done | xargs)
read -r ss sm sb sx < <(for n in 1 2 3 4; do median "$n" "$work/service.rows"; done | xargs)
mb() { echo "scale=1; $1 / 1000000" | bc; }
printf 'the %s module: %s MB of Go (conversions %s, types %s, deepcopy %s), its conformance suite apart\n' "$service" \
  "$(mb "$(go_bytes "$mod_dir")")" "$(mb "$(go_bytes "$mod_dir" conversions_gen.go)")" \
  "$(mb "$(go_bytes "$mod_dir" types_gen.go)")" "$(mb "$(go_bytes "$mod_dir" zz_generated.deepcopy.go)")"
echo "build seconds of each round (bare, with $service): $(paste -d, <(cut -d' ' -f1 "$work/bare.rows") <(cut -d' ' -f1 "$work/service.rows") | xargs); medians of $rounds:"
printf '%-26s %7s s  %6s MiB peak  %7s MB  %7s MB stripped\n' "bare manager" "$bs" "$bm" "$(mb "$bb")" "$(mb "$bx")"
printf '%-26s %7s s  %6s MiB peak  %7s MB  %7s MB stripped\n' "with $service" "$ss" "$sm" "$(mb "$sb")" "$(mb "$sx")"
printf '%-26s %7s s  %6s MiB peak  %7s MB  %7s MB stripped\n' "armhub's share" "$(echo "$ss - $bs" | bc)" "$((sm - bm))" \
  "$(mb $((sb - bb)))" "$(mb $((sx - bx)))"
