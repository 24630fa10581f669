// Package augmentation tests the hand-written conversion augmentations of the
// bundled services.
package augmentation

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	v2021 "github.com/armhub/armhub/apis/examplestorage/v20210101"
	s2021 "github.com/armhub/armhub/apis/examplestorage/v20210101/storage"
	v2022 "github.com/armhub/armhub/apis/examplestorage/v20220901"
	s2022 "github.com/armhub/armhub/apis/examplestorage/v20220901/storage"
	hub "github.com/armhub/armhub/apis/examplestorage/v20230501/storage"
)

func ptr[T any](v T) *T { return &v }

func account2021() *v2021.StorageAccount {
	a := &v2021.StorageAccount{}
	a.Name = "media"
	a.Spec.Location = "westeurope"
	a.Spec.Kind = v2021.StorageAccounts_Spec_Kind_StorageV2
	a.Spec.Sku = v2021.Sku{Name: v2021.Sku_Name_Standard_LRS}
	a.Spec.Properties = &v2021.StorageAccountPropertiesCreateParameters{CustomDomain: ptr("media.example.com")}
	return a
}

// A 2021-01-01 custom domain name reads as the 2022-09-01 object, through the hub.
func TestCustomDomainNameBecomesObject(t *testing.T) {
	var stored hub.StorageAccount
	if err := account2021().ConvertTo(&stored); err != nil {
		t.Fatal(err)
	}
	var read v2022.StorageAccount
	if err := read.ConvertFrom(&stored); err != nil {
		t.Fatal(err)
	}
	got := read.Spec.Properties.CustomDomain
	if got == nil || got.Name != "media.example.com" {
		t.Fatalf("2022-09-01 custom domain = %+v, want the 2021-01-01 name", got)
	}
}

// A 2022-09-01 custom domain object reads as the 2021-01-01 name.
func TestCustomDomainObjectBecomesName(t *testing.T) {
	a := &v2022.StorageAccount{}
	a.Name = "media"
	a.Spec.Location = "westeurope"
	a.Spec.Properties = &v2022.StorageAccountPropertiesCreateParameters{
		CustomDomain: &v2022.CustomDomain{Name: "media.example.com", UseSubDomainName: ptr(true)},
	}
	var stored hub.StorageAccount
	if err := a.ConvertTo(&stored); err != nil {
		t.Fatal(err)
	}
	var read v2021.StorageAccount
	if err := read.ConvertFrom(&stored); err != nil {
		t.Fatal(err)
	}
	if got := read.Spec.Properties.CustomDomain; got == nil || *got != "media.example.com" {
		t.Fatalf("2021-01-01 custom domain = %v, want the 2022-09-01 object's name", got)
	}
}

// The augmentation never costs the round trip its exactness.
func TestAugmentedRoundTripsAreLossless(t *testing.T) {
	original := account2021()
	var stored hub.StorageAccount
	if err := original.ConvertTo(&stored); err != nil {
		t.Fatal(err)
	}
	var back v2021.StorageAccount
	if err := back.ConvertFrom(&stored); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(original, &back); diff != "" {
		t.Errorf("2021-01-01 -> hub -> 2021-01-01 lost data (-before +after):\n%s", diff)
	}
}

// A 2022-09-01 custom domain survives a trip through 2021-01-01 storage exactly,
// whatever it holds beside the name, and reads there as its name.
func TestCustomDomainObjectRoundTripsThrough2021(t *testing.T) {
	for name, domain := range map[string]*s2022.CustomDomain{
		"name":                  {Name: ptr("x")},
		"name and subdomain":    {Name: ptr("x"), UseSubDomainName: ptr(true)},
		"name and no subdomain": {Name: ptr("x"), UseSubDomainName: ptr(false)},
		"subdomain only":        {UseSubDomainName: ptr(true)},
	} {
		t.Run(name, func(t *testing.T) {
			original := &s2022.StorageAccountPropertiesCreateParameters{CustomDomain: domain}
			var older s2021.StorageAccountPropertiesCreateParameters
			if err := older.AssignProperties_From_StorageAccountPropertiesCreateParameters(original); err != nil {
				t.Fatal(err)
			}
			if domain.Name != nil && (older.CustomDomain == nil || *older.CustomDomain != *domain.Name) {
				t.Errorf("2021-01-01 custom domain = %v, want the name %q", older.CustomDomain, *domain.Name)
			}
			var back s2022.StorageAccountPropertiesCreateParameters
			if err := older.AssignProperties_To_StorageAccountPropertiesCreateParameters(&back); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(original, &back); diff != "" {
				t.Errorf("2022-09-01 -> 2021-01-01 -> 2022-09-01 lost data (-before +after):\n%s", diff)
			}
		})
	}
}
