package conversionwebhook

import (
	"strings"
	"testing"
	"testing/fstest"
)

const thingsCRD = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: things.things.example.io
spec:
  group: things.example.io
  names: {kind: Thing, plural: things}
  scope: Namespaced
  conversion:
    strategy: Webhook
    webhook:
      conversionReviewVersions: [v1]
      clientConfig:
        service: {name: armhub-webhook, namespace: armhub-system, path: /convert, port: 443}
  versions: []
`

func TestLoadCRDsAppliesOptions(t *testing.T) {
	files := fstest.MapFS{"b.yaml": {Data: []byte(thingsCRD)}, "a.yaml": {Data: []byte(strings.Replace(thingsCRD, "name: things.", "name: others.", 1))}}
	crds, err := LoadCRDs(files, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(crds) != 2 || crds[0].Name != "others.things.example.io" {
		t.Fatalf("got %d CRDs, first %q; want both, in file name order", len(crds), crds[0].Name)
	}
	if s := crds[1].Spec.Conversion.Webhook.ClientConfig.Service; s.Name != "armhub-webhook" || *s.Path != "/convert" || *s.Port != 443 {
		t.Errorf("zero options changed the service reference: %+v", s)
	}
	crds, _ = LoadCRDs(files, Options{Service: "w", Namespace: "n", Path: "/p", Port: 8443, CABundle: []byte("pem")})
	config := crds[0].Spec.Conversion.Webhook.ClientConfig
	if s := config.Service; s.Name != "w" || s.Namespace != "n" || *s.Path != "/p" || *s.Port != 8443 || string(config.CABundle) != "pem" {
		t.Errorf("service options not applied: %+v", config)
	}
	crds, _ = LoadCRDs(files, Options{URL: "https://127.0.0.1:9443/convert"})
	if config := crds[0].Spec.Conversion.Webhook.ClientConfig; config.Service != nil || *config.URL != "https://127.0.0.1:9443/convert" {
		t.Errorf("URL option not applied: %+v", config)
	}
}

func TestLoadCRDsRejects(t *testing.T) {
	cases := map[string]struct {
		yaml    string
		options Options
		want    string
	}{
		"plain http":      {thingsCRD, Options{URL: "http://127.0.0.1/convert"}, `must start with https://`},
		"no webhook":      {strings.Replace(thingsCRD, "strategy: Webhook", "strategy: None", 1), Options{}, "does not convert by webhook"},
		"unknown field":   {thingsCRD + "colour: blue\n", Options{}, `unknown field "colour"`},
		"not a CRD shape": {"spec: [1]\n", Options{}, "x.yaml"},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			_, err := LoadCRDs(fstest.MapFS{"x.yaml": {Data: []byte(c.yaml)}}, c.options)
			if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "x.yaml") {
				t.Errorf("error %v, want one naming x.yaml and containing %q", err, c.want)
			}
		})
	}
}
