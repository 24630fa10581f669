package seeds

import (
	"encoding/json"
	"sort"
	"testing"

	"github.com/google/go-cmp/cmp"
	"sigs.k8s.io/controller-runtime/pkg/conversion"

	v2 "github.com/armhub/armhub/apis/person/v20200201"
	v3 "github.com/armhub/armhub/apis/person/v20200301"
	v4storage "github.com/armhub/armhub/apis/person/v20200401/storage"
	v4compat "github.com/armhub/armhub/apis/person/v20200401/storage/compat"
	v5 "github.com/armhub/armhub/apis/person/v20200501"
	hub "github.com/armhub/armhub/apis/person/v20200501/storage"
)

func ptr[T any](v T) *T { return &v }

const mickeysLabel = "1313 S. Harbor Blvd\nAnaheim\nCA 92803\nUSA"

func mickeyV3() *v3.Person {
	p := &v3.Person{}
	p.Name, p.Namespace = "mickey", "default"
	p.Spec.Properties = v3.PersonProperties{
		FullName: "Michael Theodore Mouse", FamilyName: ptr("Mouse"), KnownAs: ptr("Mickey"),
		ResidentialAddress: &v3.Address{Label: ptr(mickeysLabel)},
	}
	return p
}

func mickeyV5() *v5.Person {
	p := &v5.Person{}
	p.Name, p.Namespace = "mickey", "default"
	p.Spec.Properties = v5.PersonProperties{
		FullName: "Michael Theodore Mouse", FamilyName: ptr("Mouse"), KnownAs: ptr("Mickey"),
		ResidentialAddress: &v5.Address{Street: "1313 S. Harbor Blvd", City: "Anaheim, CA 92803", Country: ptr("USA")},
	}
	return p
}

// Mickey's v3 residential address survives v3 -> hub (v5 storage) -> v3.
func TestMickeysV3AddressSurvivesTheHub(t *testing.T) {
	original := mickeyV3()
	var stored hub.Person
	if err := original.ConvertTo(&stored); err != nil {
		t.Fatal(err)
	}
	if stored.Spec.OriginalVersion != "v20200301" {
		t.Errorf("OriginalVersion = %q, want v20200301", stored.Spec.OriginalVersion)
	}
	// The v3 label has no field in the v5 Address, so it is kept in that Address's bag.
	address := stored.Spec.Properties.ResidentialAddress
	if address == nil || !address.PropertyBag.Contains("Label") {
		t.Fatalf("hub residential address = %+v, want one keeping the v3 label in its bag", address)
	}
	var back v3.Person
	if err := back.ConvertFrom(&stored); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(original, &back); diff != "" {
		t.Errorf("v3 -> hub -> v3 lost data (-before +after):\n%s", diff)
	}
}

// Mickey's v5 address survives v5 -> hub -> v5.
func TestMickeysV5AddressSurvivesTheHub(t *testing.T) {
	original := mickeyV5()
	var stored hub.Person
	if err := original.ConvertTo(&stored); err != nil {
		t.Fatal(err)
	}
	var back v5.Person
	if err := back.ConvertFrom(&stored); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(original, &back); diff != "" {
		t.Errorf("v5 -> hub -> v5 lost data (-before +after):\n%s", diff)
	}
}

// Whichever side Mickey's residential address comes from, the v4 property bag
// holds it in the v3 shape (label), never the v5 shape (street, city...).
func TestTheV4BagHoldsOnlyTheV3Shape(t *testing.T) {
	fromV3 := v4FromHub(t, mickeyV3())
	fromV5 := v4FromHub(t, mickeyV5())
	for name, person := range map[string]*v4storage.Person{"from v3": fromV3, "from v5": fromV5} {
		entry, ok := person.Spec.Properties.PropertyBag["ResidentialAddress"]
		if !ok {
			t.Fatalf("%s: the v4 bag has no ResidentialAddress: %v", name, person.Spec.Properties.PropertyBag)
		}
		keys := jsonKeys(t, entry)
		for _, key := range keys {
			if key != "label" && key != "$propertyBag" {
				t.Errorf("%s: the v4 bag's address has key %q, outside the v3 shape (%s)", name, key, entry)
			}
		}
		var staged v4compat.Address
		if _, err := person.Spec.Properties.PropertyBag.Peek("ResidentialAddress", &staged); err != nil {
			t.Errorf("%s: the entry does not decode strictly as the v3 shape: %v", name, err)
		}
	}
	var fromV3Address v4compat.Address
	if _, err := fromV3.Spec.Properties.PropertyBag.Peek("ResidentialAddress", &fromV3Address); err != nil || fromV3Address.Label == nil || *fromV3Address.Label != mickeysLabel {
		t.Errorf("from v3: bag address = %+v (%v), want the label", fromV3Address, err)
	}
}

// v4FromHub converts a person to the hub and then down to the v4 storage version,
// the step where the v3 and v5 shapes could meet.
func v4FromHub(t *testing.T, person conversion.Convertible) *v4storage.Person {
	t.Helper()
	var stored hub.Person
	if err := person.ConvertTo(&stored); err != nil {
		t.Fatal(err)
	}
	var v4 v4storage.Person
	if err := v4.AssignProperties_From_Person(&stored); err != nil {
		t.Fatal(err)
	}
	return &v4
}

func jsonKeys(t *testing.T, entry string) []string {
	t.Helper()
	var fields map[string]json.RawMessage
	if err := json.Unmarshal([]byte(entry), &fields); err != nil {
		t.Fatalf("bag entry %s: %v", entry, err)
	}
	keys := make([]string, 0, len(fields))
	for k := range fields {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// v2's postalAddress is renamed mailingAddress in v3: the rename metadata makes it
// a plain assignment, so the hub has it as MailingAddress and nothing in a bag.
func TestPostalAddressRenameReachesTheHub(t *testing.T) {
	original := &v2.Person{}
	original.Name = "minnie"
	original.Spec.Properties = v2.PersonProperties{FullName: "Minerva Mouse", PostalAddress: &v2.Address{Label: ptr("PO Box 1")}}
	var stored hub.Person
	if err := original.ConvertTo(&stored); err != nil {
		t.Fatal(err)
	}
	mailing := stored.Spec.Properties.MailingAddress
	if mailing == nil || !mailing.PropertyBag.Contains("Label") {
		t.Fatalf("hub mailing address = %+v, want the v2 postal address", mailing)
	}
	if stored.Spec.Properties.PropertyBag.Contains("PostalAddress") {
		t.Errorf("the postal address went to a bag instead of the renamed property: %v", stored.Spec.Properties.PropertyBag)
	}
	var back v2.Person
	if err := back.ConvertFrom(&stored); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(original, &back); diff != "" {
		t.Errorf("v2 -> hub -> v2 lost data (-before +after):\n%s", diff)
	}
}
