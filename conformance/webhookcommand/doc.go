// Package webhookcommand tests a service module's generated conversion webhook
// command (cmd/armhub-webhook) as a platform team runs it: the binary started
// on loopback with a self-signed certificate, every kind of the service's CRDs
// converted over HTTPS from the storage version to every version the CRD lists
// and back, /healthz answered, and a clean exit on SIGTERM. Then, as the
// conversion webhook of a real kube-apiserver (envtest, with the binaries of
// KUBEBUILDER_ASSETS; the test fails without them): the CRDs installed pointing
// at it, an object of every kind created at its newest version with every spec
// property set (schemavalue.Sample), then written through every served
// version, each write leaving the spec as created.
//
// With plain Go the test builds the examplestorage module's command and reads
// its CRDs from apis/examplestorage/crd. Given a binary and CRD files, it tests
// those instead (Bazel: //conformance/webhookcommand for examplestorage,
// //apis/azure:storage_webhook_test for the real storage service):
//
//	KUBEBUILDER_ASSETS=$(tools/kube-binaries.sh) go test ./webhookcommand -args -armhub.webhook=BINARY CRD.yaml...
package webhookcommand
