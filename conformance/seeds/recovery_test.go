package seeds

import (
	"testing"

	kruntime "k8s.io/apimachinery/pkg/runtime"

	v1 "github.com/armhub/armhub/apis/person/v20200101"
	v1storage "github.com/armhub/armhub/apis/person/v20200101/storage"
	v2storage "github.com/armhub/armhub/apis/person/v20200201/storage"
	v3 "github.com/armhub/armhub/apis/person/v20200301"
	v3storage "github.com/armhub/armhub/apis/person/v20200301/storage"
	v4 "github.com/armhub/armhub/apis/person/v20200401"
	v4storage "github.com/armhub/armhub/apis/person/v20200401/storage"
	v5 "github.com/armhub/armhub/apis/person/v20200501"
	hub "github.com/armhub/armhub/apis/person/v20200501/storage"
	armruntime "github.com/armhub/armhub/runtime"
)

func personScheme(t *testing.T) *kruntime.Scheme {
	t.Helper()
	scheme := kruntime.NewScheme()
	adders := []func(*kruntime.Scheme) error{
		v1.AddToScheme, v1storage.AddToScheme, v2storage.AddToScheme, v3storage.AddToScheme,
		v3.AddToScheme, v4.AddToScheme, v4storage.AddToScheme, v5.AddToScheme, hub.AddToScheme,
	}
	for _, add := range adders {
		if err := add(scheme); err != nil {
			t.Fatal(err)
		}
	}
	return scheme
}

// A person created as v3 and stored in the hub pivots back to a v3 spec, so the
// ARM request can use the API version the user asked for (api-version-recovery).
func TestHubPivotsToTheOriginalVersion(t *testing.T) {
	var stored hub.Person
	if err := mickeyV3().ConvertTo(&stored); err != nil {
		t.Fatal(err)
	}
	if gvk := stored.OriginalGVK(); gvk.Version != "v20200301" || gvk.Kind != "Person" || gvk.Group != "people.example.armhub.io" {
		t.Errorf("OriginalGVK = %v", gvk)
	}
	spec, err := armruntime.GetVersionedSpec(&stored, personScheme(t))
	if err != nil {
		t.Fatal(err)
	}
	v3spec, ok := spec.(*v3.Person_Spec)
	if !ok {
		t.Fatalf("versioned spec is %T, want *v20200301.Person_Spec", spec)
	}
	if v3spec.Properties.ResidentialAddress == nil || *v3spec.Properties.ResidentialAddress.Label != mickeysLabel {
		t.Errorf("pivoted spec lost the address: %+v", v3spec.Properties)
	}
	status, err := armruntime.NewEmptyVersionedStatus(&stored, personScheme(t))
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := status.(*v3.Person_Status); !ok {
		t.Errorf("empty versioned status is %T, want *v20200301.Person_Status", status)
	}
}

// Spec conversions reach any version from any other, through the hub.
func TestSpecConversionsBetweenSpokes(t *testing.T) {
	source := mickeyV3()
	var target v4.Person_Spec
	if err := source.Spec.ConvertSpecTo(&target); err != nil {
		t.Fatal(err)
	}
	if target.Properties.FullName != "Michael Theodore Mouse" {
		t.Errorf("v3 -> v4 spec: %+v", target.Properties)
	}
	var back v3.Person_Spec
	if err := back.ConvertSpecFrom(&target); err != nil {
		t.Fatal(err)
	}
	if back.Properties.FullName != "Michael Theodore Mouse" {
		t.Errorf("v4 -> v3 spec: %+v", back.Properties)
	}
}
