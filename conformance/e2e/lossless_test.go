package e2e

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	storagev20210101 "github.com/armhub/armhub/apis/examplestorage/v20210101"
	storagev20210101s "github.com/armhub/armhub/apis/examplestorage/v20210101/storage"
	storagev20230501 "github.com/armhub/armhub/apis/examplestorage/v20230501"
	storagev20230501s "github.com/armhub/armhub/apis/examplestorage/v20230501/storage"
	personv20200201 "github.com/armhub/armhub/apis/person/v20200201"
	personv20200501 "github.com/armhub/armhub/apis/person/v20200501"
)

// The issue: create at v20210101 with minimumTlsVersion, Get + Update at
// v20230501 (which has no minimumTlsVersion) to add a label, read at
// v20210101: the value must still be there.
func TestOldVersionKeepsWhatANewerWriteCannotShow(t *testing.T) {
	ns := newNamespace(t, "old-kept")
	created := minimalAccount(ns, "tls")
	created.Spec.Properties = &storagev20210101.StorageAccountPropertiesCreateParameters{
		MinimumTlsVersion: ptr(storagev20210101.StorageAccountPropertiesCreateParameters_MinimumTlsVersion_TLS1_2),
		CustomDomain:      ptr("files.example.com"),
	}
	create(t, created)

	relabel(t, &storagev20230501.StorageAccount{}, created, nil)

	read := &storagev20210101.StorageAccount{}
	get(t, created, read)
	checkSpec(t, created.Spec, read.Spec)
	checkLabel(t, read)
}

// The reverse: create at v20230501 with properties v20210101 lacks, Get +
// Update at v20210101 changing a field both have, read at v20230501: the
// change is there and nothing else changed.
func TestNewVersionKeepsWhatAnOlderWriteCannotShow(t *testing.T) {
	ns := newNamespace(t, "new-kept")
	created := &storagev20230501.StorageAccount{
		ObjectMeta: metav1.ObjectMeta{Name: "domain", Namespace: ns},
		Spec: storagev20230501.StorageAccount_Spec{
			Kind:     storagev20230501.StorageAccounts_Spec_Kind_StorageV2,
			Location: "westeurope",
			Sku:      storagev20230501.Sku{Name: storagev20230501.Sku_Name_Standard_LRS},
			Properties: &storagev20230501.StorageAccountPropertiesCreateParameters{
				AccessTier:            ptr(storagev20230501.StorageAccountPropertiesCreateParameters_AccessTier_Hot),
				AllowBlobPublicAccess: ptr(false),
				CustomDomain:          &storagev20230501.CustomDomain{Name: "files.example.com", UseSubDomainName: ptr(true)},
				LargeFileSharesState:  ptr(storagev20230501.StorageAccountPropertiesCreateParameters_LargeFileSharesState_Enabled),
			},
		},
	}
	create(t, created)

	relabel(t, &storagev20210101.StorageAccount{}, created, func(o client.Object) {
		cool := storagev20210101.StorageAccountPropertiesCreateParameters_AccessTier_Cool
		o.(*storagev20210101.StorageAccount).Spec.Properties.AccessTier = &cool
	})

	read := &storagev20230501.StorageAccount{}
	get(t, created, read)
	want := created.Spec.DeepCopy()
	want.Properties.AccessTier = ptr(storagev20230501.StorageAccountPropertiesCreateParameters_AccessTier_Cool)
	checkSpec(t, *want, read.Spec)
	checkLabel(t, read)
}

// Enum values added after v20210101 (sku Standard_ZRS, access tier Cold) are
// served at v20210101 as they are; writing them back unchanged there must
// neither be refused nor lose them.
func TestNewEnumValuesSurviveAnOldWrite(t *testing.T) {
	ns := newNamespace(t, "new-enum")
	created := &storagev20230501.StorageAccount{
		ObjectMeta: metav1.ObjectMeta{Name: "zrs", Namespace: ns},
		Spec: storagev20230501.StorageAccount_Spec{
			Kind:     storagev20230501.StorageAccounts_Spec_Kind_StorageV2,
			Location: "westeurope",
			Sku:      storagev20230501.Sku{Name: storagev20230501.Sku_Name_Standard_ZRS},
			Properties: &storagev20230501.StorageAccountPropertiesCreateParameters{
				AccessTier: ptr(storagev20230501.StorageAccountPropertiesCreateParameters_AccessTier_Cold),
			},
		},
	}
	create(t, created)

	relabel(t, &storagev20210101.StorageAccount{}, created, nil)

	read := &storagev20230501.StorageAccount{}
	get(t, created, read)
	checkSpec(t, created.Spec, read.Spec)
	checkLabel(t, read)
}

// Person: residentialAddress, dropped in v20200401 and back in v20200501 with
// another shape, and the address label v20200501 no longer has, survive a
// write at v20200501.
func TestPersonKeepsDroppedAddress(t *testing.T) {
	ns := newNamespace(t, "person")
	created := &personv20200201.Person{
		ObjectMeta: metav1.ObjectMeta{Name: "ada", Namespace: ns},
		Spec: personv20200201.Person_Spec{Properties: personv20200201.PersonProperties{
			FullName:           "Ada Lovelace",
			PostalAddress:      &personv20200201.Address{Label: ptr("PO Box 1")},
			ResidentialAddress: &personv20200201.Address{Label: ptr("12 St James's Square")},
		}},
	}
	create(t, created)

	relabel(t, &personv20200501.Person{}, created, nil)

	read := &personv20200201.Person{}
	get(t, created, read)
	checkSpec(t, created.Spec, read.Spec)
	checkLabel(t, read)
}

// relabel gets key's object at the version of into, applies change (if any),
// adds the label changed=yes and updates it at that version.
func relabel(t *testing.T, into, key client.Object, change func(client.Object)) {
	t.Helper()
	get(t, key, into)
	if change != nil {
		change(into)
	}
	labels := into.GetLabels()
	if labels == nil {
		labels = map[string]string{}
	}
	labels["changed"] = "yes"
	into.SetLabels(labels)
	if err := suite.client.Update(context.Background(), into); err != nil {
		t.Fatalf("updating %s at %T: %v", client.ObjectKeyFromObject(key), into, err)
	}
}

func checkSpec[T any](t *testing.T, want, got T) {
	t.Helper()
	if diff := cmp.Diff(want, got, cmpopts.EquateEmpty()); diff != "" {
		t.Errorf("spec read back differs from the one written (-written +read):\n%s", diff)
	}
}

func checkLabel(t *testing.T, read client.Object) {
	t.Helper()
	if read.GetLabels()["changed"] != "yes" {
		t.Errorf("the label written is gone: labels %v", read.GetLabels())
	}
}

func create(t *testing.T, object client.Object) {
	t.Helper()
	if err := suite.client.Create(context.Background(), object); err != nil {
		t.Fatalf("creating %T %s: %v", object, client.ObjectKeyFromObject(object), err)
	}
}

func get(t *testing.T, key, into client.Object) {
	t.Helper()
	if err := suite.client.Get(context.Background(), client.ObjectKeyFromObject(key), into); err != nil {
		t.Fatalf("getting %s as %T: %v", client.ObjectKeyFromObject(key), into, err)
	}
}

// minimalAccount is a valid v20210101 StorageAccount with only what the
// version requires.
func minimalAccount(ns, name string) *storagev20210101.StorageAccount {
	return &storagev20210101.StorageAccount{
		ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: ns},
		Spec: storagev20210101.StorageAccount_Spec{
			Kind:     storagev20210101.StorageAccounts_Spec_Kind_StorageV2,
			Location: "westeurope",
			Sku:      storagev20210101.Sku{Name: storagev20210101.Sku_Name_Standard_LRS},
		},
	}
}

func createNamespace(ctx context.Context, name string) error {
	return suite.client.Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: name}})
}

func ptr[T any](v T) *T { return &v }

// A write through the storage variant v20210101storage must leave nothing
// behind that a later change at a newer version does not update: after an
// unchanged write at v20210101storage and a rename of the custom domain at
// v20230501, v20210101 must show the new name.
func TestStorageVariantWriteLeavesNoStaleCustomDomain(t *testing.T) {
	ns := newNamespace(t, "stale-domain")
	created := &storagev20230501.StorageAccount{
		ObjectMeta: metav1.ObjectMeta{Name: "domain", Namespace: ns},
		Spec: storagev20230501.StorageAccount_Spec{
			Kind:     storagev20230501.StorageAccounts_Spec_Kind_StorageV2,
			Location: "westeurope",
			Sku:      storagev20230501.Sku{Name: storagev20230501.Sku_Name_Standard_LRS},
			Properties: &storagev20230501.StorageAccountPropertiesCreateParameters{
				CustomDomain: &storagev20230501.CustomDomain{Name: "a.example.com", UseSubDomainName: ptr(true)},
			},
		},
	}
	create(t, created)
	relabel(t, &storagev20210101s.StorageAccount{}, created, nil)

	hub := &storagev20230501s.StorageAccount{}
	get(t, created, hub)
	if bag := hub.Spec.Properties.PropertyBag; len(bag) > 0 {
		t.Errorf("an unchanged write at v20210101storage added to the hub's property bag: %v", bag)
	}
	relabel(t, &storagev20230501.StorageAccount{}, created, func(o client.Object) {
		o.(*storagev20230501.StorageAccount).Spec.Properties.CustomDomain.Name = "b.example.com"
	})
	read := &storagev20210101.StorageAccount{}
	get(t, created, read)
	if got := read.Spec.Properties.CustomDomain; got == nil || *got != "b.example.com" {
		t.Errorf("customDomain renamed to b.example.com at v20230501 reads %v at v20210101", deref(got))
	}
}

func deref(s *string) any {
	if s == nil {
		return nil
	}
	return *s
}
