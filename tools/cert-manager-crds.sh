#!/usr/bin/env bash
# Prints the folder of cert-manager's CRDs (Issuer, Certificate, ...): its Go
# module's deploy/crds, fetched through the module proxy (once; the module
# cache keeps it). Used by tools/manifests-test.sh and tools/release-check.sh.
set -euo pipefail
cert_manager=github.com/cert-manager/cert-manager@v1.21.2
dir=$(cd "${TMPDIR:-/tmp}" && GOWORK=off GOFLAGS=-mod=mod go mod download -json "$cert_manager" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
[ -d "$dir/deploy/crds" ] || { echo "cert-manager-crds: no deploy/crds in $cert_manager ($dir)" >&2; exit 1; }
echo "$dir/deploy/crds"
