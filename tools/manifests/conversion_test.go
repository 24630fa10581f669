package manifests

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	apix "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	kruntime "k8s.io/apimachinery/pkg/runtime"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"armhub.local/tools/manifests/standin"
)

// The bundled storage example's base, applied as rendered to a real
// kube-apiserver, converts: its Certificate issued, its CA injected, its
// Deployment's command running and its Service's endpoints published by the
// stand-in, an account written at v20210101 (customDomain a string) reads at
// v20230501 (customDomain an object) and back, the API server calling the
// webhook through the base's Service. Once the process stops, the same
// conversion fails: no conversion happened anywhere else.
func TestConversionThroughTheService(t *testing.T) {
	certManager := os.Getenv("ARMHUB_CERT_MANAGER_CRDS")
	if certManager == "" {
		t.Fatal("needs ARMHUB_CERT_MANAGER_CRDS (cert-manager's deploy/crds): run tools/manifests-test.sh")
	}
	env, config, err := standin.StartAPIServer(certManager)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = env.Stop() }()
	scheme := kruntime.NewScheme()
	_ = clientgoscheme.AddToScheme(scheme)
	_ = apix.AddToScheme(scheme)
	c, err := client.New(config, client.Options{Scheme: scheme})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	log, err := os.Create(filepath.Join(dir, "webhook.log"))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	installed, err := standin.Install(ctx, c, render(t, filepath.Join(repo, "apis", "examplestorage", "deploy")),
		standin.Options{Webhook: buildWebhook(t, "examplestorage", dir), Dir: dir, Log: log})
	if err != nil {
		t.Fatal(err)
	}
	defer installed.Stop()
	waitForCRDs(t, c, installed.Objects)

	account := storageAccount("v20210101", "through-service")
	unstructured.SetNestedField(account.Object, "a.example.com", "spec", "properties", "customDomain")
	if err := c.Create(ctx, account); err != nil {
		t.Fatalf("creating a StorageAccount at v20210101: %v\nwebhook log:\n%s", err, readLog(log))
	}
	read := storageAccount("v20230501", "through-service")
	if err := c.Get(ctx, client.ObjectKeyFromObject(read), read); err != nil {
		t.Fatalf("reading it at v20230501: %v\nwebhook log:\n%s", err, readLog(log))
	}
	if got, _, _ := unstructured.NestedString(read.Object, "spec", "properties", "customDomain", "name"); got != "a.example.com" {
		t.Errorf("customDomain written at v20210101 as a.example.com reads %v at v20230501", read.Object["spec"])
	}
	back := storageAccount("v20210101", "through-service")
	if err := c.Get(ctx, client.ObjectKeyFromObject(back), back); err != nil {
		t.Fatal(err)
	}
	if got, _, _ := unstructured.NestedString(back.Object, "spec", "properties", "customDomain"); got != "a.example.com" {
		t.Errorf("customDomain reads %q at v20210101 after the round trip", got)
	}

	installed.Stop()
	if err := c.Get(ctx, client.ObjectKeyFromObject(read), storageAccount("v20230501", "")); err == nil {
		t.Error("the account still converts with the webhook's process stopped: the conversion did not go through it")
	}
}

func storageAccount(version, name string) *unstructured.Unstructured {
	u := &unstructured.Unstructured{Object: map[string]any{
		"apiVersion": "storage.example.armhub.io/" + version,
		"kind":       "StorageAccount",
		"metadata":   map[string]any{"name": name, "namespace": "default"},
		"spec": map[string]any{"location": "westeurope", "kind": "StorageV2", "sku": map[string]any{"name": "Standard_LRS"},
			"properties": map[string]any{}},
	}}
	return u
}

// buildWebhook builds the service's cmd/armhub-webhook (the binary its image
// holds) into dir, in the repository's workspace.
func buildWebhook(t *testing.T, service, dir string) string {
	t.Helper()
	out := filepath.Join(dir, "armhub-webhook")
	cmd := exec.Command("go", "build", "-o", out, "./cmd/armhub-webhook")
	cmd.Dir = filepath.Join(repo, "apis", service)
	work, err := filepath.Abs(filepath.Join(repo, "go.work"))
	if err != nil {
		t.Fatal(err)
	}
	cmd.Env = append(os.Environ(), "GOWORK="+work) // the module's requirements are the workspace's
	if text, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building %s's webhook: %v\n%s", service, err, text)
	}
	return out
}

// waitForCRDs waits until every CRD of objects is established.
func waitForCRDs(t *testing.T, c client.Client, objects []*unstructured.Unstructured) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for _, o := range standin.ByKind(objects, "CustomResourceDefinition") {
		for !established(c, o.GetName()) {
			if time.Now().After(deadline) {
				t.Fatalf("CRD %s not established within a minute", o.GetName())
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
}

func established(c client.Client, name string) bool {
	var crd apix.CustomResourceDefinition
	if err := c.Get(context.Background(), client.ObjectKey{Name: name}, &crd); err != nil {
		return false
	}
	for _, cond := range crd.Status.Conditions {
		if cond.Type == apix.Established && cond.Status == apix.ConditionTrue {
			return true
		}
	}
	return false
}

func readLog(f *os.File) string {
	data, _ := os.ReadFile(f.Name())
	return strings.TrimSpace(string(data))
}
