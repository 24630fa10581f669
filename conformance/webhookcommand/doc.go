// Package webhookcommand tests a service module's generated conversion webhook
// command (cmd/armhub-webhook) as a platform team runs it: the binary started
// on loopback with a self-signed certificate, every kind of the service's CRDs
// converted over HTTPS from the storage version to every version the CRD lists
// and back, /healthz answered, and a clean exit on SIGTERM.
//
// With plain Go the test builds the examplestorage module's command and reads
// its CRDs from apis/examplestorage/crd. Given a binary and CRD files, it tests
// those instead (Bazel: //conformance/webhookcommand for examplestorage,
// //apis/azure:storage_webhook_test for the real storage service):
//
//	go test ./webhookcommand -args -armhub.webhook=BINARY CRD.yaml...
package webhookcommand
