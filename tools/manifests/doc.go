// Package manifests tests the install bases a platform team applies: every
// bundled service's deploy/ (generated) and the lifecycle controller's
// serving/deploy/ (hand-written). It renders each with kustomize's own
// library (krusty, what kubectl kustomize runs), checks that a service's
// Service, Certificate and Deployment are the ones its CRDs name, and has a
// real kube-apiserver (envtest) validate every rendered object by creating
// it, with cert-manager's own CRDs installed for the Issuer and Certificate.
// tools/manifests-test.sh runs it (plain Go: its own module, outside go.work
// and Bazel).
package manifests
