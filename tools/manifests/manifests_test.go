package manifests

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	apix "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/envtest"
	"sigs.k8s.io/yaml"

	"armhub.local/tools/manifests/standin"
)

// repo is the repository root, from this package's folder.
var repo = filepath.Join("..", "..")

// render runs kustomize build on dir and returns the objects, in its order.
func render(t *testing.T, dir string) []*unstructured.Unstructured {
	t.Helper()
	objects, err := standin.Render(dir)
	if err != nil {
		t.Fatal(err)
	}
	return objects
}

// bases are the install bases: each bundled service's deploy/ and the
// lifecycle controller's.
func bases(t *testing.T) []string {
	t.Helper()
	dirs, err := filepath.Glob(filepath.Join(repo, "apis", "*", "deploy"))
	if err != nil || len(dirs) == 0 {
		t.Fatalf("no apis/*/deploy (%v)", err)
	}
	sort.Strings(dirs)
	return append(dirs, filepath.Join(repo, "serving", "deploy"))
}

// A service's base holds what its CRDs name: every CRD's conversion goes to
// the base's Service (namespace, name, port) and takes its CA from the base's
// Certificate, whose Secret the Deployment mounts and whose DNS names are the
// Service's; the Service selects the Deployment's pods.
func TestServiceBasesHoldWhatTheirCRDsName(t *testing.T) {
	all := bases(t)
	for _, dir := range all[:len(all)-1] { // the last is the lifecycle controller's
		objects := render(t, dir)
		crds, services, certs, deployments := standin.ByKind(objects, "CustomResourceDefinition"), standin.ByKind(objects, "Service"), standin.ByKind(objects, "Certificate"), standin.ByKind(objects, "Deployment")
		if len(crds) == 0 || len(services) != 1 || len(certs) != 1 || len(deployments) != 1 {
			t.Fatalf("%s: %d CRDs, %d Services, %d Certificates, %d Deployments, want CRDs and one of each", dir, len(crds), len(services), len(certs), len(deployments))
		}
		svc, cert, deploy := services[0], certs[0], deployments[0]
		for _, u := range crds {
			var crd apix.CustomResourceDefinition
			if err := fromUnstructured(u, &crd); err != nil {
				t.Fatal(err)
			}
			ref := crd.Spec.Conversion.Webhook.ClientConfig.Service
			if ref.Name != svc.GetName() || ref.Namespace != svc.GetNamespace() || *ref.Port != port(t, svc) {
				t.Errorf("%s: CRD %s converts at %s/%s:%d, the base's Service is %s/%s:%d", dir, crd.Name, ref.Namespace, ref.Name, *ref.Port, svc.GetNamespace(), svc.GetName(), port(t, svc))
			}
			if want := cert.GetNamespace() + "/" + cert.GetName(); crd.Annotations["cert-manager.io/inject-ca-from"] != want {
				t.Errorf("%s: CRD %s takes its CA from %q, the base's Certificate is %s", dir, crd.Name, crd.Annotations["cert-manager.io/inject-ca-from"], want)
			}
		}
		secret, _, _ := unstructured.NestedString(cert.Object, "spec", "secretName")
		if !strings.Contains(fmt.Sprint(deploy.Object["spec"]), "secretName:"+secret) {
			t.Errorf("%s: the Deployment does not mount the Certificate's Secret %s", dir, secret)
		}
		dns, _, _ := unstructured.NestedStringSlice(cert.Object, "spec", "dnsNames")
		if want := svc.GetName() + "." + svc.GetNamespace() + ".svc"; len(dns) == 0 || dns[0] != want {
			t.Errorf("%s: the Certificate's DNS names %v, want %s first", dir, dns, want)
		}
		selector, _, _ := unstructured.NestedStringMap(svc.Object, "spec", "selector")
		labels, _, _ := unstructured.NestedStringMap(deploy.Object, "spec", "template", "metadata", "labels")
		for k, v := range selector {
			if labels[k] != v {
				t.Errorf("%s: the Service selects %s=%s, the Deployment's pods have %v", dir, k, v, labels)
			}
		}
	}
}

func port(t *testing.T, svc *unstructured.Unstructured) int32 {
	t.Helper()
	ports, _, _ := unstructured.NestedSlice(svc.Object, "spec", "ports")
	if len(ports) != 1 {
		t.Fatalf("Service %s has %d ports, want 1", svc.GetName(), len(ports))
	}
	p, _, _ := unstructured.NestedInt64(ports[0].(map[string]any), "port")
	return int32(p)
}

func fromUnstructured(u *unstructured.Unstructured, into any) error {
	data, err := yaml.Marshal(u.Object)
	if err != nil {
		return err
	}
	return yaml.UnmarshalStrict(data, into)
}

// A kube-apiserver accepts every object of every base (it validates each
// against its schema: built-in kinds, the CRDs, and cert-manager's Issuer and
// Certificate through cert-manager's own CRDs).
func TestAnAPIServerAcceptsEveryBase(t *testing.T) {
	certManager := os.Getenv("ARMHUB_CERT_MANAGER_CRDS")
	if os.Getenv("KUBEBUILDER_ASSETS") == "" || certManager == "" {
		t.Fatal("needs KUBEBUILDER_ASSETS (tools/kube-binaries.sh) and ARMHUB_CERT_MANAGER_CRDS (cert-manager's deploy/crds): run tools/manifests-test.sh")
	}
	env := &envtest.Environment{CRDDirectoryPaths: []string{certManager}, ErrorIfCRDPathMissing: true}
	cfg, err := env.Start()
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = env.Stop() }()
	c, err := client.New(cfg, client.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	created, all := 0, bases(t)
	for _, dir := range all {
		for _, o := range render(t, dir) {
			// Namespaces and CRDs are made (the objects after them need
			// them; two bases share armhub-system); the rest is created as a
			// dry run, validated in full but not stored: the bundled services
			// all name the default webhook, armhub-webhook in armhub-system,
			// so their bases are alternatives, one service's install each.
			var options []client.CreateOption
			if o.GetKind() != "Namespace" && o.GetKind() != "CustomResourceDefinition" {
				options = append(options, client.DryRunAll)
			}
			err := c.Create(ctx, o, options...)
			switch {
			case err == nil:
				created++
			case len(options) == 0 && strings.Contains(err.Error(), "already exists"):
			default:
				t.Errorf("%s: the API server refused %s %s/%s: %v", dir, o.GetKind(), o.GetNamespace(), o.GetName(), err)
			}
		}
	}
	t.Logf("%d bases, %d objects accepted", len(all), created)
	if created == 0 {
		t.Fatal("no object was accepted")
	}
}
