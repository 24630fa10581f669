#!/usr/bin/env bash
# Benchmark: spoke -> hub -> spoke of a real storage account (Microsoft.Storage
# 2021-04-01, generated from ../shared/specs into a temporary directory) against a
# JSON marshal/unmarshal round trip of the same object. Prints go test -bench
# output (ns/op, allocs/op). Not a test.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
schemas=${ARMHUB_REAL_SCHEMAS:-$top/../shared/specs/arm-schemas/schemas}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
(cd "$top/generator" && go build -o "$out/armhub-gen" ./cmd/armhub-gen)
"$out/armhub-gen" -provider Microsoft.Storage -schemas "$schemas" -out "$out/storage" 2>/dev/null
cd "$out/storage"
go mod edit -replace "github.com/armhub/armhub/runtime=$top/runtime" \
  -replace "github.com/armhub/armhub/conformance=$top/conformance" \
  -require "github.com/armhub/armhub/conformance@v0.0.0-00010101000000-000000000000"
for mod in "$top"/apis/*/; do go mod edit -replace "github.com/armhub/armhub/apis/$(basename "$mod")=$mod"; done
hub=$(grep -l 'func (\*StorageAccount) Hub()' */storage/conversions_gen.go | head -1 | cut -d/ -f1)
mkdir bench
cat > bench/bench_test.go <<GO
package bench

import (
	"encoding/json"
	"testing"

	"github.com/armhub/armhub/conformance/harness"
	spoke "github.com/armhub/armhub/apis/storage/v20210401"
	hub "github.com/armhub/armhub/apis/storage/$hub/storage"
)

func account() *spoke.StorageAccount {
	a := &spoke.StorageAccount{}
	harness.NewFiller(1).NilChance(0).Fill(a)
	return a
}

func BenchmarkSpokeHubSpoke(b *testing.B) {
	a := account()
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		var h hub.StorageAccount
		if err := a.ConvertTo(&h); err != nil {
			b.Fatal(err)
		}
		var back spoke.StorageAccount
		if err := back.ConvertFrom(&h); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkJSONRoundTrip(b *testing.B) {
	a := account()
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		data, err := json.Marshal(a)
		if err != nil {
			b.Fatal(err)
		}
		var back spoke.StorageAccount
		if err := json.Unmarshal(data, &back); err != nil {
			b.Fatal(err)
		}
	}
}
GO
echo "hub: $hub/storage"
GOWORK=off GOFLAGS=-mod=mod go test -run '^$' -bench . -benchtime "${BENCHTIME:-2s}" ./bench/
