package webhookcommand

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	apix "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	kruntime "k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/rest"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/envtest"

	"github.com/armhub/armhub/conformance/harness"
	"github.com/armhub/armhub/conformance/schemavalue"
)

// writtenAtLabel records, on each object, the version it was last written at.
const writtenAtLabel = "armhub.io/written-at"

// TestOnTheAPIServer runs the command as the conversion webhook of a real
// kube-apiserver (envtest, from KUBEBUILDER_ASSETS): the service's CRDs are
// installed pointing at it, one object of every kind is created at its newest
// served version with every spec property set, then read and written through
// every served version; each write must leave the spec as it was created.
func TestOnTheAPIServer(t *testing.T) {
	binary, crds := underTest(t)
	w := start(t, binary)
	c := newClient(t, startAPIServer(t))
	install(t, c, crds, w)
	for _, crd := range crds {
		t.Run(crd.Spec.Names.Kind, func(t *testing.T) { writeThroughEveryVersion(t, c, crd) })
	}
}

// startAPIServer starts kube-apiserver and etcd from KUBEBUILDER_ASSETS, or
// fails saying where they come from: the test never skips.
func startAPIServer(t *testing.T) *rest.Config {
	t.Helper()
	assets := os.Getenv("KUBEBUILDER_ASSETS")
	if assets == "" {
		t.Fatal("no Kubernetes API server: run with KUBEBUILDER_ASSETS=$(tools/kube-binaries.sh), " +
			"which builds kube-apiserver and etcd once and prints their folder")
	}
	env := &envtest.Environment{BinaryAssetsDirectory: runfile(assets)}
	config, err := env.Start()
	t.Cleanup(func() {
		if err := env.Stop(); err != nil {
			t.Errorf("stopping the API server: %v", err)
		}
	})
	if err != nil {
		t.Fatalf("starting the API server from %s: %v", filepath.Clean(assets), err)
	}
	return config
}

func newClient(t *testing.T, config *rest.Config) client.Client {
	t.Helper()
	scheme := kruntime.NewScheme()
	if err := apix.AddToScheme(scheme); err != nil {
		t.Fatal(err)
	}
	c, err := client.New(config, client.Options{Scheme: scheme})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// install creates the CRDs converting through w and waits until they are
// established.
func install(t *testing.T, c client.Client, crds []*apix.CustomResourceDefinition, w *webhook) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	url := "https://" + w.addr + "/convert"
	for _, crd := range crds {
		crd = crd.DeepCopy()
		crd.Spec.Conversion.Webhook.ClientConfig = &apix.WebhookClientConfig{URL: &url, CABundle: w.ca}
		if err := c.Create(ctx, crd); err != nil {
			t.Fatalf("installing CRD %s: %v", crd.Name, err)
		}
	}
	for _, crd := range crds {
		if err := harness.WaitEstablished(ctx, c, crd.Name); err != nil {
			t.Fatalf("CRD %s: %v", crd.Name, err)
		}
	}
}

// writeThroughEveryVersion creates a filled object of crd's kind at its
// newest served spoke and writes it through every served version.
func writeThroughEveryVersion(t *testing.T, c client.Client, crd *apix.CustomResourceDefinition) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	newest := newestSpoke(t, crd)
	created := sampleObject(t, crd, newest)
	want := created.DeepCopy().Object["spec"]
	if err := c.Create(ctx, created); err != nil {
		t.Fatalf("creating at %s: %v", newest.Name, err)
	}
	if diff := cmp.Diff(want, created.Object["spec"]); diff != "" {
		t.Fatalf("created at %s, the API server answered another spec (-sent +answered):\n%s", newest.Name, diff)
	}
	for _, version := range crd.Spec.Versions {
		if !version.Served {
			continue
		}
		object := read(ctx, t, c, crd, version.Name, created)
		labels := object.GetLabels()
		labels[writtenAtLabel] = version.Name
		object.SetLabels(labels)
		if err := c.Update(ctx, object); err != nil {
			t.Fatalf("writing at %s: %v", version.Name, err)
		}
		back := read(ctx, t, c, crd, newest.Name, created)
		if diff := cmp.Diff(want, back.Object["spec"]); diff != "" {
			t.Errorf("written at %s, read at %s (-created +read):\n%s", version.Name, newest.Name, diff)
		}
		if back.GetLabels()[writtenAtLabel] != version.Name {
			t.Errorf("written at %s, the label reads %q", version.Name, back.GetLabels()[writtenAtLabel])
		}
	}
}

// newestSpoke is the last served version that is not the storage version
// (the CRD lists versions oldest first).
func newestSpoke(t *testing.T, crd *apix.CustomResourceDefinition) apix.CustomResourceDefinitionVersion {
	t.Helper()
	for i := len(crd.Spec.Versions) - 1; i >= 0; i-- {
		if v := crd.Spec.Versions[i]; v.Served && !v.Storage {
			return v
		}
	}
	t.Fatalf("CRD %s serves no version but its storage version", crd.Name)
	return apix.CustomResourceDefinitionVersion{}
}

// sampleObject is an object of crd's kind at version with every property of
// its spec set (schemavalue.Sample).
func sampleObject(t *testing.T, crd *apix.CustomResourceDefinition, version apix.CustomResourceDefinitionVersion) *unstructured.Unstructured {
	t.Helper()
	specSchema := version.Schema.OpenAPIV3Schema.Properties["spec"]
	spec, err := schemavalue.Sample(&specSchema, 1, crd.Spec.Names.Kind+"@"+version.Name+".spec")
	if err != nil {
		t.Fatal(err)
	}
	metadata := map[string]any{"name": "sample", "labels": map[string]any{"team": "platform"}}
	if crd.Spec.Scope == apix.NamespaceScoped {
		metadata["namespace"] = "default"
	}
	data, err := json.Marshal(map[string]any{"apiVersion": crd.Spec.Group + "/" + version.Name,
		"kind": crd.Spec.Names.Kind, "metadata": metadata, "spec": spec})
	if err != nil {
		t.Fatal(err)
	}
	object := &unstructured.Unstructured{}
	if err := object.UnmarshalJSON(data); err != nil { // integers as int64, as the client decodes them
		t.Fatal(err)
	}
	return object
}

// read gets like at version.
func read(ctx context.Context, t *testing.T, c client.Client, crd *apix.CustomResourceDefinition, version string, like *unstructured.Unstructured) *unstructured.Unstructured {
	t.Helper()
	object := &unstructured.Unstructured{}
	object.SetAPIVersion(crd.Spec.Group + "/" + version)
	object.SetKind(crd.Spec.Names.Kind)
	if err := c.Get(ctx, client.ObjectKeyFromObject(like), object); err != nil {
		t.Fatalf("reading at %s: %v", version, err)
	}
	if object.GetAPIVersion() != crd.Spec.Group+"/"+version {
		t.Fatalf("read at %s, got %s", version, object.GetAPIVersion())
	}
	return object
}
