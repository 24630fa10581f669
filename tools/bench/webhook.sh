#!/usr/bin/env bash
# Benchmark: throughput of the conversion webhook, end to end over HTTPS on
# loopback, against a handler that only decodes and re-encodes the same reviews.
# Prints a table; not a test (nothing here fails on speed).
#
# The real Microsoft.Storage service is generated from ../shared/specs (read in
# place) into a temporary directory, and tools/bench/webhookbench (plain Go, its
# own module, outside go.work and Bazel) is built inside it, its service.go
# replaced by one naming that module. The program serves, in one run and one
# process, armhub's conversionwebhook.NewHandler for the module's scheme and
# the baseline handler (encoding/json of the ConversionReview and of each
# object into a map, apiVersion swapped), and sends ConversionReviews of 1, 10
# and 100 copies of a filled StorageAccount (harness.NewFiller(1).NilChance(0))
# at concurrency 1 and 8: reads (objects at the hub, the storage version,
# converted to v20210401, as the API server asks on a read) and writes
# (v20210401 to the hub). Per cell and handler: reviews/s, objects/s, p50 and
# p99 latency, and armhub's p50 over the baseline's against the goal (1.5x).
# It prints the machine (CPUs, model, Go) and the load average at start and end.
#
# Bounded: each handler is driven DURATION per cell (default 2s, 12 cells: about
# a minute), and the program is stopped after TIMEOUT seconds (default 300).
# Further arguments go to the program (-sizes, -concurrency, -rounds, -kind,
# -version, -goal; see tools/bench/webhookbench/main.go).
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib.sh
source "$(dirname "$0")/lib.sh"
mod=$work/Microsoft.Storage
"$gen" -provider Microsoft.Storage -schemas "$schemas" -out "$mod" 2>/dev/null
wire_module "$mod"
path=$(awk '$1 == "module" { print $2 }' "$mod/go.mod")
bench=$mod/cmd/webhookbench
mkdir -p "$bench"
for f in "$top"/tools/bench/webhookbench/*.go; do
  case $f in
    *_test.go | */service.go) ;;
    *) cp "$f" "$bench/" ;;
  esac
done
cat > "$bench/service.go" <<GO
package main

import (
	"$path/register"
	"github.com/armhub/armhub/runtime/conversionwebhook"
)

func services() []conversionwebhook.Service {
	return []conversionwebhook.Service{register.Webhook()}
}
GO
(cd "$mod" && GOWORK=off GOFLAGS=-mod=mod go build -o "$work/webhookbench" ./cmd/webhookbench)
status=0
timeout "${TIMEOUT:-300}" "$work/webhookbench" -duration "${DURATION:-2s}" "$@" || status=$?
if [ "$status" = 124 ]; then
  echo "webhook.sh: stopped after ${TIMEOUT:-300} s" >&2
fi
exit "$status"
