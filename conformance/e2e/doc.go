// Package e2e is armhub's end-to-end suite: it runs a real kube-apiserver and
// etcd (controller-runtime's envtest, binaries from tools/kube-binaries.sh),
// serves the conversion webhook of the examplestorage and person services on
// 127.0.0.1, installs their CRDs, and checks through the API server what the
// conformance suites check in memory: objects written at any served version
// read back unchanged at every version, read-modify-write through an old version
// loses nothing, etcd holds the hub, and a storage migration survives a webhook
// outage. The release tests upgrade a CRD and its webhook binary between
// releases n, n+1 and n+2 of the person service and roll back, with releases
// built by tools/e2e-releases.sh (run by the tests, cached; or
// ARMHUB_E2E_RELEASES=<its output>).
//
//	cd conformance && KUBEBUILDER_ASSETS=$(../tools/kube-binaries.sh) go test ./e2e/ -count=1 -v
//
// Without KUBEBUILDER_ASSETS the suite fails, unless ARMHUB_E2E_KUBECONFIG
// names the kubeconfig of a disposable cluster (the suite installs CRDs,
// switches storage versions and creates about 3,400 objects). The webhooks
// listen on 127.0.0.1, or on ARMHUB_E2E_WEBHOOK_HOST where the API server runs
// elsewhere (tools/e2e-kind.sh, for machines with Docker and kind); the tests
// that read etcd fail unless ARMHUB_E2E_ETCD lists its client URLs.
//
// The suite has only tests; this file exists so the package builds.
package e2e
