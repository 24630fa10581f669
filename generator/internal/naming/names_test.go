package naming

import (
	"sort"
	"strings"
	"testing"
)

func TestPackageNamesSortByDateStableFirst(t *testing.T) {
	versions := []string{"2021-04-01-preview", "2019-06-01", "2021-04-01", "2020-08-01-preview"}
	var names []string
	for _, v := range versions {
		names = append(names, PackageName(v))
	}
	sort.Strings(names)
	want := []string{"v20190601", "v20200801preview", "v20210401", "v20210401preview"}
	for i := range want {
		if names[i] != want[i] {
			t.Fatalf("sorted names = %v, want %v", names, want)
		}
	}
	if StorageVersion("2021-04-01-preview") != "v20210401previewstorage" {
		t.Errorf("storage version = %s", StorageVersion("2021-04-01-preview"))
	}
}

func TestGoName(t *testing.T) {
	cases := map[string]string{
		"storageAccounts_Spec": "StorageAccounts_Spec",
		"sku":                  "Sku",
		"Microsoft.Web.Site":   "MicrosoftWebSite",
		"key-vault_ref":        "KeyVault_Ref",
		"1stThing":             "X1stThing",
		"@odata.type":          "OdataType",
		"__":                   "X",
	}
	for in, want := range cases {
		if got := GoName(in); got != want {
			t.Errorf("GoName(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestKindName(t *testing.T) {
	cases := map[string]string{
		"storageAccounts":        "StorageAccount",
		"Redis":                  "Redis",
		"redis":                  "Redis",
		"vaults_secrets":         "VaultsSecret",
		"userAssignedIdentities": "UserAssignedIdentity",
		"namespaces_eventhubs_authorizationRules": "NamespacesEventhubsAuthorizationRule",
		"clusters":       "Cluster",
		"accessPolicies": "AccessPolicy",
		"addresses":      "Address",
	}
	for in, want := range cases {
		if got := KindName(in); got != want {
			t.Errorf("KindName(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestSingular(t *testing.T) {
	cases := map[string]string{
		"publicIPPrefixes": "publicIPPrefix", "prefixes": "prefix", "boxes": "box", "indexes": "index",
		"addresses": "address", "statuses": "status", "policies": "policy", "redis": "redis", "Redis": "Redis",
		"caches": "cache", "batches": "batch", "meshes": "mesh", "aliases": "alias", "databases": "database",
		"people": "person", "People": "Person", "access": "access", "status": "status", "vaults": "vault",
		"s": "s", "ies": "ie", "xes": "x", "": "", "PREFIXES": "PREFIX", "namespaces": "namespace",
	}
	for in, want := range cases {
		if got := Singular(in); got != want {
			t.Errorf("Singular(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestEnumValueName(t *testing.T) {
	if got := EnumValueName("Sku_Name", "Standard_LRS"); got != "Sku_Name_Standard_LRS" {
		t.Errorf("got %q", got)
	}
	if got := EnumValueName("Kind", ""); got != "Kind_Empty" {
		t.Errorf("got %q", got)
	}
}

func TestPlural(t *testing.T) {
	cases := map[string]string{
		"Widget": "Widgets", "Policy": "Policies", "Gateway": "Gateways", "Key": "Keys", "Toy": "Toys",
		"Box": "Boxes", "Address": "Addresses", "Batch": "Batches", "Mesh": "Meshes",
	}
	for kind, want := range cases {
		if got := Plural(kind); got != want {
			t.Errorf("Plural(%q) = %q, want %q", kind, got, want)
		}
	}
}

// A kind too long for Kubernetes shortens its parents' segments to initials
// from the left, then drops initials; a short one keeps them all, and one
// segment too long stays as it is.
func TestKindNameFitsKubernetes(t *testing.T) {
	for resource, want := range map[string]string{
		"vaults_secrets": "VaultsSecret",
		"managedInstances_restorableDroppedDatabases_backupShortTermRetentionPolicies":                             "MIRestorableDroppedDatabasesBackupShortTermRetentionPolicy",
		"aVeryLongParentNameOfTwentyEight_anotherRatherLongChildNameHere_grandchildItems":                          "AVLPNOTEAnotherRatherLongChildNameHereGrandchildItem",
		"privateLinkServicesForM365SecurityCenter_privateEndpointConnections":                                      "PLSFM365SCPrivateEndpointConnection",
		"privateLinkServicesForM365ComplianceCenter_privateEndpointConnections":                                    "PLSFM365CCPrivateEndpointConnection",
		"providerRegistrations_resourcetypeRegistrations_resourcetypeRegistrations_skus":                           "PRResourcetypeRegistrationsResourcetypeRegistrationsSkus",
		"providerRegistrations_resourcetypeRegistrations_resourcetypeRegistrations_resourcetypeRegistrations_skus": "PRRRResourcetypeRegistrationsResourcetypeRegistrationsSkus",
	} {
		if got := KindName(resource); got != want || len(got) > MaxKind {
			t.Errorf("KindName(%q) = %q (%d characters), want %q", resource, got, len(got), want)
		}
		if got, want := KindShortened(resource), resource != "vaults_secrets"; got != want {
			t.Errorf("KindShortened(%q) = %v, want %v", resource, got, want)
		}
	}
	long := strings.Repeat("x", 70)
	if got := KindName(long); got != "X"+strings.Repeat("x", 69) {
		t.Errorf("one segment of 70 letters gives %q", got)
	}
}
