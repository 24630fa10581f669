package install

import (
	"sort"
	"strings"
	"testing"

	"github.com/armhub/armhub/generator/internal/emit/crds"
)

func service() Service {
	return Service{
		Name: "things", Version: "v0.3.0",
		Webhook: crds.Webhook{Service: "things-webhook", Namespace: "things-system", Path: "/convert/things", Port: 443, Certificate: "things-system/things-cert"},
		CRDs:    []string{"crd/things.example.armhub.io_widgets.yaml", "crd/things.example.armhub.io_gadgets.yaml"},
	}
}

// The base names what the CRDs' conversion and CA annotation name: the
// Service, its namespace, port and path, and the Certificate; the CRDs come
// through crd/kustomization.yaml; every file says it is generated.
func TestFilesNameWhatTheCRDsExpect(t *testing.T) {
	files := Files(service())
	var names []string
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	want := "crd/kustomization.yaml deploy/certificate.yaml deploy/deployment.yaml deploy/issuer.yaml deploy/kustomization.yaml deploy/namespace.yaml deploy/service.yaml deploy/serviceaccount.yaml"
	if strings.Join(names, " ") != want {
		t.Fatalf("files %v, want %s", names, want)
	}
	for name, data := range files {
		if !strings.HasPrefix(string(data), Header) {
			t.Errorf("%s does not start with %q", name, Header)
		}
	}
	checks := map[string][]string{
		"crd/kustomization.yaml":     {"  - things.example.armhub.io_widgets.yaml\n", "  - things.example.armhub.io_gadgets.yaml\n"},
		"deploy/kustomization.yaml":  {"  - ../crd\n", "  - name: armhub-webhook\n    newTag: v0.3.0\n", "armhub.io/service: things"},
		"deploy/namespace.yaml":      {"  name: things-system\n"},
		"deploy/service.yaml":        {"  name: things-webhook\n  namespace: things-system\n", "      port: 443\n"},
		"deploy/certificate.yaml":    {"  name: things-cert\n  namespace: things-system\n", "secretName: things-cert-tls", "- things-webhook.things-system.svc\n", "name: things-cert-selfsigned"},
		"deploy/issuer.yaml":         {"  name: things-cert-selfsigned\n  namespace: things-system\n", "selfSigned: {}"},
		"deploy/deployment.yaml":     {`"-path", "/convert/things"`, "secretName: things-cert-tls", "serviceAccountName: things-webhook", "image: armhub-webhook\n"},
		"deploy/serviceaccount.yaml": {"automountServiceAccountToken: false"},
	}
	for name, wants := range checks {
		for _, w := range wants {
			if !strings.Contains(string(files[name]), w) {
				t.Errorf("%s lacks %q:\n%s", name, w, files[name])
			}
		}
	}
}
