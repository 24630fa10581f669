#!/usr/bin/env bash
# The test of the install bases (one check of tools/test.sh): every bundled
# service's generated deploy/ and the lifecycle controller's serving/deploy/,
# rendered with kustomize's library and created in a real kube-apiserver
# (tools/manifests, its own module: gofmt, vet, go test); cert-manager's CRDs
# come from its Go module (deploy/crds), fetched through the module proxy.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source-path=SCRIPTDIR source=own-module.sh
source "$top/tools/own-module.sh"
cert_manager=github.com/cert-manager/cert-manager@v1.21.2
dir=$(cd "$top/tools/manifests" && GOWORK=off go mod download -json "$cert_manager" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
[ -d "$dir/deploy/crds" ] || { echo "manifests: no deploy/crds in $cert_manager ($dir)" >&2; exit 1; }
KUBEBUILDER_ASSETS=$("$top/tools/kube-binaries.sh")
export KUBEBUILDER_ASSETS ARMHUB_CERT_MANAGER_CRDS="$dir/deploy/crds"
own_module "$top/tools/manifests"
