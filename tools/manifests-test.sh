#!/usr/bin/env bash
# The test of the install bases (one check of tools/test.sh): every bundled
# service's generated deploy/ and the lifecycle controller's serving/deploy/,
# rendered with kustomize's library and created in a real kube-apiserver, and
# the bundled storage example's base carrying a conversion through its own
# Service (tools/manifests, its own module: gofmt, vet, go test; its standin
# package plays cert-manager, the kubelet and the EndpointSlice controller).
# cert-manager's CRDs come from its Go module (tools/cert-manager-crds.sh).
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source-path=SCRIPTDIR source=own-module.sh
source "$top/tools/own-module.sh"
ARMHUB_CERT_MANAGER_CRDS=$("$top/tools/cert-manager-crds.sh")
KUBEBUILDER_ASSETS=$("$top/tools/kube-binaries.sh")
export KUBEBUILDER_ASSETS ARMHUB_CERT_MANAGER_CRDS
own_module "$top/tools/manifests"
