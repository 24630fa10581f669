#!/usr/bin/env bash
# The test of what a platform team installs (one check of tools/test.sh):
#   1. the install bases: every bundled service's generated deploy/ and the
#      lifecycle controller's serving/deploy/, rendered with kustomize's
#      library and created in a real kube-apiserver (tools/manifests, its own
#      module: gofmt, vet, go test); cert-manager's CRDs come from its Go
#      module (deploy/crds), fetched through the module proxy;
#   2. the webhook's container image, built without Docker as an OCI image
#      layout (tools/image, its own module: gofmt, vet, go test on the
#      bundled storage example).
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cert_manager=github.com/cert-manager/cert-manager@v1.21.2
cd "$top/tools/manifests"
export GOWORK=off
unformatted=$(gofmt -l .)
[ -z "$unformatted" ] || { echo "manifests: not gofmt-clean: $unformatted" >&2; exit 1; }
go vet ./...
dir=$(go mod download -json "$cert_manager" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
[ -d "$dir/deploy/crds" ] || { echo "manifests: no deploy/crds in $cert_manager ($dir)" >&2; exit 1; }
KUBEBUILDER_ASSETS=$("$top/tools/kube-binaries.sh") ARMHUB_CERT_MANAGER_CRDS="$dir/deploy/crds" go test -count=1 -v ./...
cd "$top/tools/image"
unformatted=$(gofmt -l .)
[ -z "$unformatted" ] || { echo "image: not gofmt-clean: $unformatted" >&2; exit 1; }
go vet ./...
go test -count=1 ./...
