#!/usr/bin/env bash
# Runs the end-to-end suite (conformance/e2e) against a kind cluster, for
# machines with Docker and kind. NOT runnable on armhub's CI machines (no Docker
# engine, no container registry); there the suite runs on envtest (tools/test.sh).
#
#   tools/e2e-kind.sh            # create the cluster (tools/e2e-kind.yaml), run, delete it
#   KEEP_CLUSTER=1 tools/e2e-kind.sh
#
# The webhook runs in the test process on this host; the API server in kind's
# node reaches it at the gateway of Docker's "kind" network. The tests that read
# etcd directly need ARMHUB_E2E_ETCD (plain-HTTP client URLs), which kind does not
# offer, so they are left out here.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cache=${ARMHUB_CACHE:-/tmp/armhub-cache}
for tool in docker kind go; do
  command -v "$tool" >/dev/null || { echo "e2e-kind: $tool is required" >&2; exit 1; }
done
mkdir -p "$cache"
kubeconfig="$cache/kind-armhub-e2e.kubeconfig"
kind create cluster --config "$top/tools/e2e-kind.yaml" --kubeconfig "$kubeconfig"
if [[ -z "${KEEP_CLUSTER:-}" ]]; then
  trap 'kind delete cluster --name armhub-e2e' EXIT
fi
gateway=$(docker network inspect kind -f '{{range .IPAM.Config}}{{if .Gateway}}{{.Gateway}} {{end}}{{end}}' | awk '{print $1}')
[[ -n "$gateway" ]] || { echo "e2e-kind: no gateway on Docker's kind network" >&2; exit 1; }
releases=$("$top/tools/e2e-releases.sh")
cd "$top/conformance"
ARMHUB_E2E_KUBECONFIG="$kubeconfig" ARMHUB_E2E_WEBHOOK_HOST="$gateway" ARMHUB_E2E_RELEASES="$releases" \
  go test ./e2e/ -count=1 -v -skip 'TestEtcdHoldsTheHub|TestStorageMigration'
