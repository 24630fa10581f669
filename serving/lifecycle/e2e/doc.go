// Package e2e tests the lifecycle controller (serving/lifecycle) against a real
// kube-apiserver and etcd (controller-runtime's envtest, binaries from
// tools/kube-binaries.sh), with an injected clock: versions move from supported
// to deprecated to expired and the CRDs read back from the API server follow,
// an override postpones a deprecation, an override the CRD's lifecycle cannot
// take is reported, and the storage version and the versions in
// status.storedVersions stay served, with an event and a condition saying why.
//
//	cd serving && KUBEBUILDER_ASSETS=$(../tools/kube-binaries.sh) go test ./lifecycle/e2e/ -count=1 -v
//
// Without KUBEBUILDER_ASSETS the tests fail and say how to get it.
package e2e
