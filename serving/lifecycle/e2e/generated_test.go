package e2e

import (
	"context"
	"fmt"
	"testing"

	apix "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/armhub/armhub/apis/identity/register"
	"github.com/armhub/armhub/runtime/conversionwebhook"
	"github.com/armhub/armhub/runtime/lifecycle"
)

// TestGeneratedCRDsFollowTheirLifecycles installs the identity example's
// generated CRDs (their lifecycle annotation as armhub-gen writes it) and
// checks that, at the metadata's instant and past the next transitions, every
// listed API version is served exactly when the module's generated lifecycle
// table says its classification is served (the storage version always).
func TestGeneratedCRDsFollowTheirLifecycles(t *testing.T) {
	crds, err := register.CRDs(conversionwebhook.Options{URL: "https://127.0.0.1:9443/convert"})
	if err != nil {
		t.Fatal(err)
	}
	for _, crd := range crds {
		if _, ok := crd.Annotations[lifecycle.Annotation]; !ok {
			t.Fatalf("%s has no %s annotation", crd.Name, lifecycle.Annotation)
		}
		if err := k8s.Create(context.Background(), crd); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = k8s.Delete(context.Background(), crd) })
	}
	for _, instant := range []string{"2026-11-01T00:00:00Z", "2026-05-01T00:00:00Z", "2027-07-01T00:00:00Z"} {
		now.set(instant)
		statuses := register.Statuses(*at(instant))
		for _, crd := range crds {
			poke(t, crd.Name)
			await(t, crd.Name, "versions as the lifecycle table says at "+instant, func(got *apix.CustomResourceDefinition) string {
				return servedAsTheTableSays(got, statuses)
			})
		}
	}
}

// servedAsTheTableSays compares each listed spoke version's served and
// deprecated flags with its classification.
func servedAsTheTableSays(crd *apix.CustomResourceDefinition, statuses map[string]lifecycle.Status) string {
	checked := 0
	for _, v := range crd.Spec.Versions {
		s, ok := statuses[v.Name]
		if !ok || v.Storage {
			continue
		}
		checked++
		if v.Served != s.Classification.Served() || v.Deprecated != s.Classification.MarksDeprecated() {
			return fmt.Sprintf("%s is %s: served=%t deprecated=%t", v.Name, s.Classification, v.Served, v.Deprecated)
		}
	}
	if checked == 0 {
		return "no spoke version of the lifecycle table is listed"
	}
	return ""
}
