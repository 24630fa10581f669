package e2e

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/client"

	vaultv20230101 "github.com/armhub/armhub/apis/examplevault/v20230101"
	vaultv20240101 "github.com/armhub/armhub/apis/examplevault/v20240101"
	vaulthub "github.com/armhub/armhub/apis/examplevault/v20240101/storage"
)

// The status of examplevault's Vault is what Azure returns (its Swagger GET
// response). A controller writes it at the hub through the /status
// subresource; every served version reads it back complete, a status written
// at an old version keeps what that version cannot show, and spec writes
// leave status alone.

// observed is the status a controller would write at the hub: every field the
// hub has, including vaultUrl (vaultUri in 2023-01-01) and what 2023-01-01
// lacks (sizeBytes, tenantId, accessPolicy).
func observed() vaulthub.Vault_Status {
	return vaulthub.Vault_Status{
		Conditions: []metav1.Condition{{Type: "Ready", Status: metav1.ConditionTrue, Reason: "Succeeded",
			LastTransitionTime: metav1.Unix(1700000000, 0).Rfc3339Copy()}},
		Id:       ptr("/subscriptions/s/resourceGroups/g/providers/Example.Vault/vaults/v"),
		Location: ptr("westeurope"),
		Name:     ptr("v"),
		Type:     ptr("Example.Vault/vaults"),
		Properties: &vaulthub.VaultProperties_Status{
			CreatedAt:         ptr("2024-02-01T10:00:00Z"),
			EnableSoftDelete:  ptr(true),
			ProvisioningState: ptr("Succeeded"),
			RetentionDays:     ptr(30),
			SizeBytes:         ptr(4096),
			TenantId:          ptr("00000000-0000-0000-0000-000000000001"),
			VaultUrl:          ptr("https://v.vault.example"),
		},
		NetworkStatus: &vaulthub.NetworkStatus_Status{PrivateEndpointCount: ptr(2), PublicAccess: ptr(false)},
	}
}

// newVault creates a Vault at v20240101 and writes observed() as its status at
// the hub, returning the hub object as the API server holds it.
func newVault(t *testing.T, prefix string) *vaulthub.Vault {
	t.Helper()
	ns := newNamespace(t, prefix)
	created := &vaultv20240101.Vault{
		ObjectMeta: metav1.ObjectMeta{Name: "v", Namespace: ns},
		Spec: vaultv20240101.Vault_Spec{Location: "westeurope", Properties: &vaultv20240101.VaultProperties{
			Sku: vaultv20240101.Sku{Name: vaultv20240101.SkuName_Standard}, RetentionDays: ptr(30),
		}},
	}
	create(t, created)
	hub := &vaulthub.Vault{}
	get(t, created, hub)
	hub.Status = observed()
	if err := suite.client.Status().Update(context.Background(), hub); err != nil {
		t.Fatalf("writing the status at the hub: %v", err)
	}
	return hub
}

func TestStatusWrittenAtTheHubReadsBackAtEveryVersion(t *testing.T) {
	hub := newVault(t, "status-every")
	want := observed()

	read := &vaulthub.Vault{}
	get(t, hub, read)
	checkStatus(t, want, read.Status)

	newest := &vaultv20240101.Vault{}
	get(t, hub, newest)
	if p := newest.Status.Properties; p == nil || value(p.VaultUrl) != *want.Properties.VaultUrl ||
		value(p.SizeBytes) != 4096 || value(p.TenantId) != *want.Properties.TenantId || len(newest.Status.Conditions) != 1 {
		t.Errorf("status at v20240101 is not complete: %+v", newest.Status)
	}

	old := &vaultv20230101.Vault{}
	get(t, hub, old)
	if p := old.Status.Properties; p == nil || value(p.VaultUri) != *want.Properties.VaultUrl ||
		value(p.RetentionDays) != 30 || value(p.ProvisioningState) != "Succeeded" {
		t.Errorf("status at v20230101 lacks what it can show (vaultUrl as vaultUri): %+v", old.Status.Properties)
	}
	if s := old.Status.NetworkStatus; s == nil || value(s.PrivateEndpointCount) != 2 {
		t.Errorf("networkStatus at v20230101: %+v", s)
	}
}

// A status update through the old version (a condition added) loses nothing
// that only the newer versions hold.
func TestStatusWrittenAtAnOldVersionKeepsWhatItCannotShow(t *testing.T) {
	hub := newVault(t, "status-old")
	old := &vaultv20230101.Vault{}
	get(t, hub, old)
	old.Status.Conditions = append(old.Status.Conditions, metav1.Condition{Type: "Synced", Status: metav1.ConditionTrue,
		Reason: "Polled", LastTransitionTime: metav1.Unix(1700000100, 0).Rfc3339Copy()})
	old.Status.Properties.RetentionDays = ptr(60)
	if err := suite.client.Status().Update(context.Background(), old); err != nil {
		t.Fatalf("writing the status at v20230101: %v", err)
	}

	want := observed()
	want.Conditions = old.Status.Conditions
	want.Properties.RetentionDays = ptr(60)
	read := &vaulthub.Vault{}
	get(t, hub, read)
	checkStatus(t, want, read.Status)
	newest := &vaultv20240101.Vault{}
	get(t, hub, newest)
	if p := newest.Status.Properties; p == nil || value(p.SizeBytes) != 4096 || value(p.VaultUrl) != *want.Properties.VaultUrl {
		t.Errorf("after a status write at v20230101, v20240101 lost sizeBytes or vaultUrl: %+v", p)
	}
}

// Spec writes, at the newest version and at an old one, leave status as the
// controller wrote it.
func TestSpecWritesLeaveStatusAlone(t *testing.T) {
	hub := newVault(t, "status-spec")
	relabel(t, &vaultv20240101.Vault{}, hub, func(o client.Object) {
		o.(*vaultv20240101.Vault).Spec.Properties.EnableSoftDelete = ptr(true)
	})
	relabel(t, &vaultv20230101.Vault{}, hub, func(o client.Object) {
		o.(*vaultv20230101.Vault).Spec.Properties.RetentionDays = ptr(45)
	})
	read := &vaulthub.Vault{}
	get(t, hub, read)
	checkStatus(t, observed(), read.Status)
	if p := read.Spec.Properties; p == nil || value(p.RetentionDays) != 45 || !value(p.EnableSoftDelete) {
		t.Errorf("the spec writes are not there: %+v", p)
	}
}

func checkStatus(t *testing.T, want, got vaulthub.Vault_Status) {
	t.Helper()
	if diff := cmp.Diff(want, got, cmpopts.EquateEmpty()); diff != "" {
		t.Errorf("status read at the hub differs from the one written (-written +read):\n%s", diff)
	}
}

// value is what p points at, or T's zero value.
func value[T any](p *T) T {
	var zero T
	if p == nil {
		return zero
	}
	return *p
}

// offSpec is a status as Azure may report it, outside every range its spec
// documents: retention below the minimum or above the maximum, a count past
// int32, a SKU and a provisioning state the spec's enums do not list, times
// that are no date-time. The CRDs keep status to types (Azure is the authority
// on what it reports), so the API server stores it as written.
func offSpec(retention int64) map[string]any {
	return map[string]any{
		"properties": map[string]any{
			"retentionDays":     retention,
			"sku":               map[string]any{"name": "ultra"},
			"provisioningState": "Migrating",
			"createdAt":         "the day before yesterday",
		},
		"networkStatus": map[string]any{"checkedAt": "soon", "privateEndpointCount": int64(5000000000)},
		"systemData":    map[string]any{"createdAt": "26/11/2026", "createdByType": "Robot"},
	}
}

// Through /status at every served version, a status outside what the spec
// documents is accepted, and every served version reads it back unchanged.
func TestStatusAcceptsWhatAzureReports(t *testing.T) {
	versions := []string{"v20230101", "v20240101", "v20240101storage"}
	for i, at := range versions {
		t.Run("written at "+at, func(t *testing.T) {
			hub := newVault(t, "status-off-"+at)
			written := offSpec([]int64{0, 1000, -3}[i])
			object := readAs(t, hub, at)
			status := object.Object["status"].(map[string]any)
			for k, v := range written {
				status[k] = v
			}
			if err := suite.client.Status().Update(context.Background(), object); err != nil {
				t.Fatalf("the API server refused a status outside the spec's ranges at %s: %v", at, err)
			}
			for _, read := range versions {
				got := readAs(t, hub, read).Object["status"].(map[string]any)
				for _, path := range [][]string{
					{"properties", "retentionDays"}, {"properties", "sku", "name"}, {"properties", "provisioningState"},
					{"properties", "createdAt"}, {"networkStatus", "checkedAt"}, {"networkStatus", "privateEndpointCount"},
					{"systemData", "createdAt"}, {"systemData", "createdByType"},
				} {
					want, _, _ := unstructured.NestedFieldNoCopy(written, path...)
					have, _, _ := unstructured.NestedFieldNoCopy(got, path...)
					if fmt.Sprint(have) != fmt.Sprint(want) {
						t.Errorf("written at %s, read at %s: status.%s = %v, want %v", at, read, strings.Join(path, "."), have, want)
					}
				}
			}
		})
	}
}

// readAs reads object as version of its kind, unstructured.
func readAs(t *testing.T, object client.Object, version string) *unstructured.Unstructured {
	t.Helper()
	u := &unstructured.Unstructured{}
	u.SetGroupVersionKind(schema.GroupVersionKind{Group: vaulthub.GroupVersion.Group, Version: version, Kind: "Vault"})
	if err := suite.client.Get(context.Background(), client.ObjectKeyFromObject(object), u); err != nil {
		t.Fatalf("reading %s at %s: %v", object.GetName(), version, err)
	}
	return u
}
